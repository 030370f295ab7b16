"""Hiding and seeking during the fight: ``hide`` and ``seek``.

Sources:
* SRD combat-ii "Cover and Hide Checks" ("You can use cover to make a Hide check ...
  soft cover [does not] allow you to make a Hide check"), "Concealment and Hide
  Checks", "Varying Degrees of Cover" ("improved cover provides a +10 bonus on Hide
  checks"); seed 003 "Cover", "Concealment", "Ignoring Concealment" ("sighted
  opponents may still make Spot checks to notice the location of an invisible
  character. An invisible character gains a +20 bonus on Hide checks if moving, or a
  +40 bonus on Hide checks when not moving");
* SRD special-abilities-and-conditions "Invisibility" (an unseen attacker: its
  target loses its Dexterity bonus; seed 002 Table: Attack Roll Modifiers: +2).

Readings (the SRD skills chapter is not in srd35/):
* A215: ``hide`` is a move action where the creature stands (the skill's "part of
  movement": the engine checks nothing within a move; the move action stands for the
  movement it is part of). It may hide from each active foe it has cover (not soft
  cover: creatures do not count) or concealment from, or from every foe while
  invisible (not from a foe it has total cover from: that foe has nothing to see and
  no check to make): one Hide check (+10 against a foe it has improved cover from; invisible:
  +20 if it moved this turn, else +40) against each such foe's Spot check (-1 per
  10 ft of distance, the skills chapter's rule), ties as awareness's (A198). The foes
  that lose are listed in ``unseen_by``. Only a creature whose stat block lists Hide,
  or invisible from the start, is offered ``hide`` (the cheap flag
  ``Encounter.stealthy``).
* A216: ``seek`` is a move action: one Spot check (-1 per 10 ft) against the Hide
  check of each foe hidden from it, as a DC (meeting it finds the foe).
* A217: a foe it is unseen by cannot attack it (it does not know the square) nor make
  attacks of opportunity against it, while the hider keeps cover or concealment from
  that foe (losing them shows it again, without a check). Its attacks on a foe that
  does not see it are an invisible attacker's (+2, the foe loses its Dexterity bonus);
  attacking shows it to every foe (the attack gives away its place).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from d20combat.encounter import actions as A
from d20combat.encounter.actions import Pos
from d20combat.encounter.awareness import _beats
from d20combat.encounter.combatant import Combatant
from d20combat.errors import IllegalActionError
from d20combat.grid.cover import CoverKind
from d20combat.grid.cover import cover as grid_cover
from d20combat.grid.squares import footprint_distance, square_name
from d20combat.rules.checks import Ties, check, p_opposed
from d20combat.rules.conditions import miss_chance
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

HIDE_RULE = "SRD combat-ii Cover and Hide Checks, Concealment and Hide Checks (A215)"
SEEK_RULE = "seed 003 Ignoring Concealment: Spot checks to locate (A216)"
REVEAL_RULE = "SRD Invisibility: an attack gives away its place (A217)"
_NONE: frozenset[str] = frozenset()
IMPROVED_HIDE = 10  # SRD "Varying Degrees of Cover": +10 on Hide checks
INVISIBLE_MOVING, INVISIBLE_STILL = 20, 40  # seed 003 "Ignoring Concealment"


def hide_edge(enc: Encounter, o: Combatant, c: Combatant) -> int | None:
    """What ``c``'s Hide check gains against the observer ``o`` if ``c`` may hide from
    it (0, or +10 with improved cover), or None: ``o`` sees it plainly (no cover but
    soft cover, no concealment, not invisible), or cannot see it at all (total cover:
    no check to make)."""
    cv = grid_cover(enc.map, o.pos, o.squares, c.pos, c.squares)  # no creatures: soft cover
    if cv.total:
        return None  # no line of effect: nothing to hide from (A215)
    if cv.kind is CoverKind.IMPROVED:
        return IMPROVED_HIDE
    if cv.allows_hide or (c.conditions and miss_chance(_NONE, c.condition_set())):
        return 0  # cover, or invisible, blurred, displaced: concealment everywhere
    return 0 if enc.space.concealment(o, c, melee=False) > 0 else None


def unseen(enc: Encounter, o: Combatant, t: Combatant) -> bool:
    """``t`` is hidden from ``o``: ``o`` failed to spot it and ``t`` still has cover or
    concealment from it (A217). Free when ``t`` hides from nobody."""
    return bool(t.unseen_by) and o.id in t.unseen_by and hide_edge(enc, o, t) is not None


def hide_modifier(enc: Encounter, c: Combatant) -> Total:
    """``c``'s Hide check modifier now: its skill, its conditions, and invisibility's
    +20 moving or +40 still (moved or stepped this turn: moving)."""
    total = c.roll_total(c.stats.skill("hide"), "skill", skill="hide")
    if "invisible" in c.conditions:
        moving = enc.budget.moved or enc.budget.stepped
        bonus = INVISIBLE_MOVING if moving else INVISIBLE_STILL
        label = "invisible, moving" if moving else "invisible, still"
        total = total.plus(Modifier(bonus, BonusType.UNTYPED, label))
    return total


def spot_modifier(enc: Encounter, o: Combatant, t: Combatant) -> Total:
    """``o``'s Spot check modifier against ``t``: -1 per 10 ft (A215)."""
    total = o.roll_total(o.stats.skill("spot"), "skill", skill="spot")
    far = enc.space.distance_ft(o, t) // 10
    return total.plus(Modifier(-far, BonusType.UNTYPED, "distance")) if far else total


def p_unseen(hide: int, spot: int) -> Fraction:
    """The exact chance that a Hide check (modifier ``hide``, improved cover's +10
    included) beats one observer's Spot check (``spot``): ties to the higher modifier,
    equal ones to the observer (A198).

    >>> p_unseen(0, 0), p_unseen(10, 0)
    (Fraction(19, 40), Fraction(71, 80))
    """
    return 1 - p_opposed(spot, hide, Ties.ACTOR if spot >= hide else Ties.OPPONENT)


def p_found(spot: int, dc: int) -> Fraction:
    """The exact chance that a Spot check (``spot``) meets a hider's Hide result."""
    return Fraction(max(0, min(20, 21 + spot - dc)), 20)


def hide_problem(enc: Encounter, c: Combatant) -> str | None:
    """Why ``c`` cannot hide now, or None."""
    if c.id not in enc.stealthy:
        return f"{c.id} has no Hide skill to hide with (A215)"
    if not any(hide_edge(enc, o, c) is not None for o in enc.space.active_enemies(c)):
        return f"{c.id} has no cover or concealment from any foe"
    return None


def check_hide(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_move_action

    need_move_action(enc, c)
    why = hide_problem(enc, c)
    if why:
        raise IllegalActionError(why)


def run_hide(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """One Hide check against each foe's Spot check (A215): event ``hide``."""
    enc.budget.use("move")
    mark = enc.dice.mark()
    hide = hide_modifier(enc, c)
    rolled = check(enc.dice, hide, f"Hide ({c.name})")
    spots: list[dict[str, Any]] = []
    missed: list[str] = []
    for o in enc.space.active_enemies(c):
        edge = hide_edge(enc, o, c)
        if edge is None:
            continue
        spot = spot_modifier(enc, o, c)
        seen = check(enc.dice, spot, f"Spot ({o.name})")
        found = _beats(seen, spot.value, rolled + edge, hide.value + edge)
        spots.append({"by": o.id, "spot": seen, "modifier": spot.value, "hide": rolled + edge})
        if not found:
            missed.append(o.id)
    c.hide_check = rolled
    c.hid_at = c.pos
    c.unseen_by = tuple(sorted(missed))
    enc.event(
        c.id,
        "hide",
        HIDE_RULE,
        totals=(("hide", hide),),
        rolls_from=mark,
        check=rolled,
        spots=spots,
        unseen_by=list(c.unseen_by),
    )


def gen_hide(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    if c.id in enc.stealthy:  # the cheap flag first
        yield A.Hide()


def hidden_from(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The active foes hidden from ``c`` (a look at the creatures that may hide only)."""
    if not enc.stealthy:
        return []
    out = []
    for hid in sorted(enc.stealthy):
        h = enc.combatants[hid]
        if h.unseen_by and c.id in h.unseen_by and enc.active(h) and unseen(enc, c, h):
            out.append(h)
    return out


def check_seek(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_move_action

    need_move_action(enc, c)
    if not hidden_from(enc, c):
        raise IllegalActionError(f"no foe is hidden from {c.id}")


def run_seek(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """One Spot check against each hidden foe's Hide result, as a DC (A216): event
    ``seek``; the foes found leave ``unseen_by``."""
    enc.budget.use("move")
    mark = enc.dice.mark()
    base = c.roll_total(c.stats.skill("spot"), "skill", skill="spot")
    rolled = check(enc.dice, base, f"Spot ({c.name})")
    found: list[dict[str, Any]] = []
    for h in hidden_from(enc, c):
        far = enc.space.distance_ft(c, h) // 10
        dc = h.hide_check if h.hide_check is not None else 0
        ok = rolled - far >= dc
        found.append({"hider": h.id, "dc": dc, "distance_penalty": -far, "found": ok})
        if ok:
            h.unseen_by = tuple(x for x in h.unseen_by if x != c.id)
    enc.event(
        c.id, "seek", SEEK_RULE, totals=(("spot", base),), rolls_from=mark, spot=rolled, found=found
    )


def gen_seek(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    if enc.stealthy and hidden_from(enc, c):
        yield A.Seek()


def reveal(enc: Encounter, c: Combatant) -> None:
    """``c`` attacked: every foe knows where it is (A217); event ``revealed``."""
    if c.hide_check is None:
        return
    was = list(c.unseen_by)
    c.hide_check = None
    c.hid_at = None
    c.unseen_by = ()
    if was:
        enc.event(c.id, "revealed", REVEAL_RULE, to=was)


def gen_none(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """``attack-square`` is not listed among the legal actions: any square in reach is
    one (the baseline chooses its guess itself: tactics/stealth.py)."""
    return iter(())


def square_option(enc: Encounter, c: Combatant, a: A.AttackSquare) -> AttackOption:
    """The option an attack into ``a.at`` uses: the named weapon, else the first ready
    one that reaches the square (melee first).

    Raises:
        IllegalActionError: no such weapon, or none reaches the square.
    """
    ready = c.ready_options()
    if a.weapon is not None:
        key = a.weapon.lower()
        named = [o for o in ready if o.name.lower() == key or (o.weapon and o.weapon.name == key)]
        if not named:
            raise IllegalActionError(f"{c.id} has no ready weapon {a.weapon!r}")
        ready = named
    for o in sorted(ready, key=lambda o: o.ranged):
        if _reaches_square(enc, c, o, a.at):
            return o
    raise IllegalActionError(f"{square_name(a.at)} is out of reach of {c.id}'s ready weapons")


def _reaches_square(enc: Encounter, c: Combatant, o: AttackOption, at: Pos) -> bool:
    if o.ranged:
        return footprint_distance(c.pos, c.squares, at, 1) <= o.max_range
    offsets = enc.space.attack_offsets(c, o, 1)
    return (c.pos[0] - at[0], c.pos[1] - at[1]) in offsets


def check_attack_square(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """An attack action into a square on the map, in reach, with line of effect, where
    no creature it sees stands (that one it attacks directly)."""
    from d20combat.encounter.handlers import need_attack_action

    assert isinstance(a, A.AttackSquare)
    need_attack_action(enc, c, "an attack into a square")
    if not c.restrictions().can_attack:
        raise IllegalActionError("its conditions forbid attacking")
    if not enc.map.in_bounds(*a.at):
        raise IllegalActionError(f"{square_name(a.at)} is off the map")
    for oid in enc.space.occ.at(a.at):
        o = enc.combatants[oid]
        if o is c or not unseen(enc, c, o):
            raise IllegalActionError(f"{oid} is in {square_name(a.at)}: attack it directly")
    if grid_cover(enc.map, c.pos, c.squares, a.at, 1).total:
        raise IllegalActionError(f"no line of effect to {square_name(a.at)}")
    square_option(enc, c, a)


def run_attack_square(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 003 "Total Concealment": "you can attack into a square that you think he
    occupies. A successful attack into a square occupied by an enemy with total
    concealment has a 50% miss chance" (A219): a foe hidden from it there is attacked
    at total concealment (``attack-square`` event with the attack's fields); an empty
    square is a miss (``found`` false)."""
    from d20combat.encounter.fighting import strike

    assert isinstance(a, A.AttackSquare)
    option = square_option(enc, c, a)
    enc.budget.use("standard")
    enc.budget.attacks_made += 1
    there = [enc.combatants[i] for i in enc.space.occ.at(a.at)]
    rule = "seed 003 Total Concealment: an attack into a square (A219)"
    if there:
        fields = {"at": square_name(a.at), "found": True}
        strike(
            enc, c, option, option.bonus, there[0], kind="attack-square", rule=rule, fields=fields
        )
    else:
        enc.event(
            c.id, "attack-square", rule, at=square_name(a.at), weapon=option.name, found=False
        )
