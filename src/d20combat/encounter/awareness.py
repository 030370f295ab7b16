"""Who is aware as the fight starts, and who is caught unaware.

Sources:
* seed 003 "Determining Awareness": "Sometimes a few combatants on each side are aware
  and the other combatants on each side are unaware. Determining awareness may call
  for Listen checks, Spot checks, or other checks"; the SRD's opposed checks: Spot
  against Hide, Listen against Move Silently (SRD combat-i "Opposed Checks" for ties);
* seed 004 "Helpless Defenders": "A character can sometimes approach a target who is
  unaware of his or her presence, get adjacent to the target, and treat him or her as
  helpless", unless the target is in a tense situation, can use its Dexterity bonus
  to Defense, or takes "any reasonable precaution ... including stationing
  bodyguards, placing his or her back to a wall, or being able to make Spot checks".

A scenario's ``awareness`` (docs/scenario-schema.md) says, per side or combatant:
``aware``, ``unaware``, ``guarded`` (unaware, its precautions taken) or ``check``
(decided here: reading A198). The ruleset's ``unaware_helpless`` (D94) catches the
unaware helpless (the ``caught-unaware`` condition, reading A199).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from d20combat.encounter.combatant import Combatant
from d20combat.rules.checks import Ties, check, p_opposed
from d20combat.rules.modifiers import Total

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

NOTICE_RULE = "seed 003 Determining Awareness"
CAUGHT_RULE = "seed 004 Helpless Defenders"
CAUGHT = "caught-unaware"


def _beats(mine: int, my_mod: int, theirs: int, their_mod: int) -> bool:
    """An observer's check against a hider's: the higher total wins, a tie goes to the
    higher modifier, and equal modifiers to the observer (A198: no reroll, which would
    roll the hider's one check again for each observer)."""
    if mine != theirs:
        return mine > theirs
    return my_mod >= their_mod


def p_notices(spot: int, listen: int, hide: int, silent: int, *, seen: bool = True) -> Fraction:
    """The exact chance that an observer (Spot ``spot``, Listen ``listen``) notices one
    opponent (Hide ``hide``, Move Silently ``silent``) by :func:`determine`'s rule: its
    Spot beating the Hide (only if it can see it: ``seen``) or its Listen beating the
    Move Silently, ties as :func:`_beats` (the four d20s independent).

    >>> p_notices(0, 0, 0, 0), p_notices(0, 0, 0, 0, seen=False)
    (Fraction(1239, 1600), Fraction(21, 40))
    """
    miss_listen = 1 - p_opposed(listen, silent, Ties.ACTOR if listen >= silent else Ties.OPPONENT)
    if not seen:
        return 1 - miss_listen
    miss_spot = 1 - p_opposed(spot, hide, Ties.ACTOR if spot >= hide else Ties.OPPONENT)
    return 1 - miss_spot * miss_listen


def determine(enc: Encounter, checking: list[str]) -> None:
    """The creatures of ``checking`` (scenario awareness ``check``) make a Spot and a
    Listen check; each of their opponents a Hide and a Move Silently check, once (its
    one result opposes every observer's). An observer is aware if its Spot beats the
    Hide of an opponent it can see, or its Listen beats an opponent's Move Silently;
    else it starts unaware (A198). Events ``stealth`` (each hider's two checks) and
    ``notice`` (each observer's, with whom it noticed)."""
    combatants = enc.combatants
    stealth: dict[str, tuple[int, Total, int, Total]] = {}

    def hider(o: Combatant) -> tuple[int, Total, int, Total]:
        got = stealth.get(o.id)
        if got is None:
            mark = enc.dice.mark()
            hide = o.roll_total(o.stats.skill("hide"), "skill", skill="hide")
            silent = o.roll_total(o.stats.skill("move silently"), "skill", skill="move silently")
            got = stealth[o.id] = (
                check(enc.dice, hide, f"Hide ({o.name})"),
                hide,
                check(enc.dice, silent, f"Move Silently ({o.name})"),
                silent,
            )
            enc.event(
                o.id,
                "stealth",
                NOTICE_RULE,
                totals=(("hide", hide), ("move silently", silent)),
                rolls_from=mark,
                hide=got[0],
                move_silently=got[2],
            )
        return got

    for cid in checking:
        c = combatants[cid]
        foes = [o for o in combatants.values() if o.side != c.side and o.present()]
        for o in foes:
            hider(o)
        mark = enc.dice.mark()
        spot = c.roll_total(c.stats.skill("spot"), "skill", skill="spot")
        listen = c.roll_total(c.stats.skill("listen"), "skill", skill="listen")
        seen = check(enc.dice, spot, f"Spot ({c.name})")
        heard = check(enc.dice, listen, f"Listen ({c.name})")
        noticed = []
        for o in foes:
            h, hide, s, silent = stealth[o.id]
            if (enc.space.sees(c, o) and _beats(seen, spot.value, h, hide.value)) or _beats(
                heard, listen.value, s, silent.value
            ):
                noticed.append(o.id)
        c.aware = bool(noticed)
        enc.event(
            c.id,
            "notice",
            NOTICE_RULE,
            totals=(("spot", spot), ("listen", listen)),
            rolls_from=mark,
            spot=seen,
            listen=heard,
            noticed=noticed,
            aware=c.aware,
        )


def catch_unaware(enc: Encounter, guarded: frozenset[str]) -> None:
    """Under a ruleset whose ``unaware_helpless`` is set (d20modern), each creature
    unaware in a surprise round, not ``guarded`` (precautions taken, Spot checks made
    among them: scenario awareness ``guarded`` or ``check``) and without uncanny dodge (it keeps
    its Dexterity bonus to Defense) is ``caught-unaware``: helpless until its first
    regular turn begins, or until damage wakes it to the fight (A199)."""
    if not enc.rules.unaware_helpless or not enc.surprise:
        return
    for c in enc.combatants.values():
        if c.aware or c.id in guarded or not c.present():
            continue
        if c.traits.uncanny_dodge or c.traits.improved_uncanny_dodge:
            continue
        enc.impose(c, CAUGHT, c.id, 1)
        enc.space.invalidate(c)
        enc.event(c.id, CAUGHT, CAUGHT_RULE)
