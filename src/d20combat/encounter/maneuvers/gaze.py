"""Gaze attacks in the encounter (SRD special-abilities-and-conditions.html "Gaze
Attacks", types-subtypes-and-special-abilities.html "Gaze (Su)"; seed 001 "gaze
attacks"; the chain of rolls and its exact odds: :mod:`d20combat.rules.gaze`).

* A gazer is a creature whose stat block has a ``gaze`` special attack (range, save,
  DC, effect: :class:`~d20combat.content.creatures.SpecialAttack`);
  :attr:`Encounter.gazers` lists them, so a fight without one pays one empty-tuple test
  per turn.
* At the start of each creature's turn, each enemy gazer able to act, visible (not
  invisible: "Invisible creatures cannot use gaze attacks"), within range and in its
  line of sight exposes it once (:func:`turn_start`): a gaze works on the gazer's
  opponents only (reading A157) and never on the gazer itself.
* ``gaze TARGET``: the active gaze, a standard action (SRD: "as an attack action"; a
  second save that round), where the ruleset's ``active_gaze`` allows (not seed 001:
  "Once per turn", D81). A supernatural ability: it provokes no attack of opportunity.
* ``eyes avert|shut|open``: a free action on its own turn (A156): ``averting-gaze``
  (50% chance of no save; every gazer has the ruleset's ``averted_gaze_miss_chance``
  against its attacks: :func:`averted_concealment`), ``eyes-shut`` (blinded: no save),
  ``open`` looks again. A blinded creature is spared like one with its eyes shut.
* Limited visibility: the miss chance the map gives the gazer against the viewer (fog,
  darkness) is a separate chance of no save.
* A failed save: ``petrified`` (lasting), ``dead``, or ``paralyzed`` for the entry's
  rounds (on the victim's own turns).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.creatures import SpecialAttack
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.errors import IllegalActionError
from d20combat.rules import gaze as R
from d20combat.rules.dice import Dice

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

GUARDS = ("averting-gaze", "eyes-shut", "mirror-watching")
G_AVERT = frozenset({"averting-gaze", "mirror-watching"})  # watching body, shadow, mirror


def gaze_of(c: Combatant) -> SpecialAttack | None:
    """``c``'s gaze attack with its numbers, or None (cheap for a creature without
    special attacks)."""
    return c.stat.special("gaze") if c.stat.special_attack_rules else None


def guard_of(c: Combatant) -> R.Guard:
    """How ``c`` meets gazes now: ``shut`` (eyes shut, or blinded), ``avert`` or
    ``look``."""
    if not c.conditions:
        return "look"
    if "eyes-shut" in c.conditions or "blinded" in c.conditions:
        return "shut"
    averting = "averting-gaze" in c.conditions or "mirror-watching" in c.conditions
    return "avert" if averting else "look"  # a mirror: a reflective surface (SRD)


def gazing(enc: Encounter, gazer: Combatant) -> SpecialAttack | None:
    """The gaze of ``gazer`` if it can use it now: in the fight and able to act, not
    invisible (SRD "Invisible creatures cannot use gaze attacks")."""
    rule = gaze_of(gazer)
    if rule is None or not gazer.present() or not enc.active(gazer) or gazer.has("invisible"):
        return None
    return rule


def exposed(enc: Encounter, gazer: Combatant, viewer: Combatant, rule: SpecialAttack) -> bool:
    """Whether ``viewer`` is within the gaze's range and could meet its eyes: an opponent
    on the map, in line of sight."""
    if viewer.side == gazer.side or not viewer.present() or viewer.vitals.dead:
        return False
    assert rule.range is not None
    sp = enc.space
    return sp.distance_ft(viewer, gazer) <= rule.range and sp.sees(viewer, gazer)


def averted_concealment(enc: Encounter, attacker: Combatant, target: Combatant) -> int:
    """The miss chance an attacker averting its eyes suffers against a gazer (SRD "The
    creature with the gaze attack gains concealment relative to the opponent"; seed
    001 "your attacks against it suffer a 20% miss chance"); 0 otherwise."""
    if G_AVERT & attacker.conditions.keys() and gaze_of(target) is not None:
        return enc.rules.averted_gaze_miss_chance
    return 0


def meet(
    enc: Encounter, gazer: Combatant, viewer: Combatant, rule: SpecialAttack, *, active: bool
) -> None:
    """One exposure of ``viewer`` to ``gazer``'s gaze: the chain of rolls
    (:func:`d20combat.rules.gaze.gaze_turn`), an event, and the effect of a failure."""
    assert rule.save is not None and rule.dc is not None and rule.effect is not None
    guard = guard_of(viewer)
    if guard != "shut" and enc.rules.mirror_absorbs_gaze and viewer.has("mirror-watching"):
        _shatter(enc, gazer, viewer, rule, active=active)
        return
    conceal = 0 if guard == "shut" else enc.space.concealment(viewer, gazer, melee=False)
    save = viewer.roll_total(viewer.stats.saves[rule.save], "save")
    mark = enc.dice.mark()
    r = R.gaze_turn(
        enc.dice,
        guard=guard,
        concealment=conceal,
        save=save.value,
        dc=rule.dc,
        die=enc.rules.concealment_die,
    )
    rounds = 0
    if r.affected and rule.effect == "paralyzed" and rule.duration:
        rounds = enc.dice.roll(Dice.parse(rule.duration), "gaze: paralysis rounds")
    source = R.RULE if enc.rules.active_gaze else R.RULE_001
    enc.event(
        gazer.id,
        "gaze",
        source,
        totals=() if r.spared else ((f"{rule.save} save", save),),
        rolls_from=mark,
        target=viewer.id,
        active=active,
        guard=guard,
        concealment=conceal,
        spared=r.spared,
        save=rule.save,
        dc=rule.dc,
        natural=r.face,
        total=r.total,
        result="spared" if r.spared else ("saved" if r.saved else rule.effect),
        rounds=rounds,
    )
    if r.affected:
        _befall(enc, viewer, rule.effect, rounds)


def _shatter(
    enc: Encounter, gazer: Combatant, viewer: Combatant, rule: SpecialAttack, *, active: bool
) -> None:
    """seed 001: "If a gaze attack is reflected in a mirror ..., the worst of the effect is
    absorbed by the intermediary medium (shattering the mirror ...)": no save, and the
    mirror is gone (the viewer looks again until it chooses otherwise)."""
    del viewer.conditions["mirror-watching"]
    enc.space.invalidate(viewer)
    enc.event(
        gazer.id,
        "gaze",
        R.RULE_001,
        target=viewer.id,
        active=active,
        guard="mirror",
        concealment=0,
        spared="mirror",
        save=rule.save,
        dc=rule.dc,
        natural=0,
        total=0,
        result="spared",
        rounds=0,
    )


def _befall(enc: Encounter, viewer: Combatant, effect: str, rounds: int) -> None:
    """The effect of a failed save: turned to stone, dead, or paralyzed for ``rounds``."""
    if effect == "dead":
        viewer.vitals = viewer.vitals._replace(dead=True)
    else:
        enc.impose(viewer, effect, viewer.id, rounds)
    enc.space.invalidate(viewer)
    from d20combat.encounter.turns import check_outcome

    check_outcome(enc)


def turn_start(enc: Encounter, c: Combatant) -> None:
    """SRD "Each opponent within range of a gaze attack must attempt a saving throw each
    round at the beginning of his or her turn" (seed 001: "Once per turn"): one exposure
    to each enemy gazer that can use its gaze on ``c``."""
    for gid in enc.gazers:
        if enc.outcome is not None or not enc.active(c):
            return
        gazer = enc.combatants[gid]
        rule = gazing(enc, gazer)
        if rule is not None and exposed(enc, gazer, c, rule):
            meet(enc, gazer, c, rule, active=False)


# ------------------------------------------------------------------ gaze TARGET
def gaze_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot actively gaze at ``target`` now, or None."""
    rule = gazing(enc, c)
    if rule is None:
        return f"{c.id} has no gaze attack it can use now"
    if not enc.rules.active_gaze:
        return f"{enc.rules.name}: a gaze is met once per turn, never actively (seed 001)"
    if target.id == c.id or not exposed(enc, c, target, rule):
        return f"{target.id} is no opponent within {rule.range} ft that can see {c.id}"
    if not enc.active(target):
        return f"{target.id} is out of the fight"
    return None


def check_gaze(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.Gaze)
    need_standard(enc, c)
    why = gaze_problem(enc, c, enc.get(a.target))
    if why:
        raise IllegalActionError(why)


def run_gaze(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Gaze)
    enc.budget.use("standard")
    rule = gaze_of(c)
    assert rule is not None
    meet(enc, c, enc.get(a.target), rule, active=True)


def gen_gaze(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    b = enc.budget
    if not b.standard or b.full_round or gaze_of(c) is None or not enc.rules.active_gaze:
        return
    for t in enc.space.active_enemies(c):
        yield A.Gaze(t.id)


# ------------------------------------------------------------------ eyes avert|shut|open
def gazers_against(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The enemy gazers of ``c`` still in the fight (``enc.gazers`` is usually empty)."""
    out = []
    for gid in enc.gazers:
        g = enc.combatants[gid]
        if g.side != c.side and g.present() and enc.active(g):
            out.append(g)
    return out


def check_eyes(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Eyes)
    if a.how not in A.EYES_CHOICES:
        raise IllegalActionError(f"eyes {a.how!r}: expected one of {', '.join(A.EYES_CHOICES)}")
    now = {"avert": "averting-gaze", "shut": "eyes-shut"}.get(a.how)
    if now is None and not any(g in c.conditions for g in GUARDS):
        raise IllegalActionError(f"{c.id} is already looking (neither averting nor shut)")
    if now is not None and now in c.conditions:
        raise IllegalActionError(f"{c.id} is already {now}")


def run_eyes(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Set how ``c`` meets gazes until it changes again (A156: a free action)."""
    from d20combat.encounter.combatant import Condition

    assert isinstance(a, A.Eyes)
    for g in GUARDS:
        c.conditions.pop(g, None)
    if a.how == "avert":
        c.conditions["averting-gaze"] = Condition(c.id, 0)
    elif a.how == "shut":
        c.conditions["eyes-shut"] = Condition(c.id, 0)
    enc.space.invalidate(c)
    enc.event(c.id, "eyes", R.RULE, how=a.how)


def gen_eyes(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    if not enc.gazers:
        return
    if not any(g in c.conditions for g in GUARDS) and not gazers_against(enc, c):
        return
    for how in A.EYES_CHOICES:
        now = {"avert": "averting-gaze", "shut": "eyes-shut"}.get(how)
        if (now is None and any(g in c.conditions for g in GUARDS)) or (
            now is not None and now not in c.conditions
        ):
            yield A.Eyes(how)
