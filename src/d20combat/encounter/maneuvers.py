"""Special attacks in the encounter: who may make them, what they provoke, and what
their results do to the fight. The procedures themselves are pure rules
(:mod:`d20combat.rules.maneuvers`); this module feeds them the situation (the attack's
bonus with every situational modifier, the conditions on each check) and applies
the outcome (prone, dropped weapons), recording each as an event.

A maneuver made "in place of a melee attack" (trip) is an
:class:`~d20combat.encounter.actions.Attack` with its ``maneuver`` set: it uses the
attack's budget, so it may be the standard action's attack or any attack of a full
attack, at that attack's bonus.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.fighting import build_attack, provoke, strike
from d20combat.rules.maneuvers.trip import (
    RULE as TRIP_RULE,
)
from d20combat.rules.maneuvers.trip import (
    TripSides,
    resist_check,
    strength_check,
    trip,
    trip_problem,
)
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack
    from d20combat.encounter.state import Encounter


# touch variants by the id of their option (kept alive in the entry, so ids stay unique)
_TOUCH: dict[int, tuple[AttackOption, AttackOption]] = {}


def touch_of(option: AttackOption) -> AttackOption:
    """The option made as a touch attack (a trip's, a grapple's grab): one object per
    option, so the attacks built from it are cached like any other."""
    hit = _TOUCH.get(id(option))
    if hit is None:
        hit = _TOUCH[id(option)] = (option, dataclasses.replace(option, touch=True))
    return hit[1]


def trip_option(c: Combatant, weapon: str | None) -> AttackOption | None:
    """What ``c`` trips with: the named tripping weapon (SRD equipment: the guisarme,
    whip, spiked chain, flails ...), else its unarmed strike (seed 000 "Trip"). None if
    it names a weapon it holds ready that cannot trip, or has no unarmed strike."""
    if weapon is None:
        return c.stats.unarmed
    key = weapon.lower()
    for o in c.ready_options():
        if o.name.lower() == key or (o.weapon is not None and o.weapon.name == key):
            if o.ranged or o.weapon is None or not o.weapon.has(WeaponFlag.TRIP):
                return None
            return o
    return None


def trip_problem_in(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot trip ``target`` now, or None."""
    option = trip_option(c, weapon)
    if option is None:
        return f"{c.id} has no ready tripping weapon {weapon!r}" if weapon else "no unarmed strike"
    why = trip_problem(c.stats, target.stats)
    if why is not None:
        return why
    if target.has("prone"):
        return f"{target.id} is already prone"
    return enc.space.attack_problem(c, option, target)


def _ability(c: Combatant, total: Total) -> Total:
    """A check's modifier with what the creature's conditions add to ability checks."""
    return c.roll_total(total, "ability-check")


def attempt_trip(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Trip" in the encounter: the attack of opportunity of an unarmed trip,
    the touch attack and the opposed checks (:func:`d20combat.rules.maneuvers.trip.trip`),
    then prone, a weapon let go, and Improved Trip's free attack (SRD feats "Improved
    Trip": a melee attack on the tripped foe "as if you hadn't used your attack for the
    trip attempt": the attack it replaced, ``replaced`` at ``replaced_bonus``). The
    touch attack is made at that attack's place in the routine (its iterative
    penalty)."""
    shift = replaced_bonus.value - replaced.bonus.value
    target = enc.get(a.target)
    rules = enc.rules
    option = trip_option(c, a.weapon)
    assert option is not None  # checked
    unarmed = option.weapon is not None and option.weapon.name == "unarmed strike"
    improved = c.stat.has_feat("improved trip")
    if (
        unarmed
        and not improved
        and "unarmed-attack" in rules.provoking_actions
        and enc.space.is_armed(target)
        and not provoke(enc, c, "trip (an unarmed attack)", only=target)
    ):
        return
    if not enc.active(target):
        return
    bonus = option.bonus
    if shift:
        bonus = bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    touch_bonus: Total | None = None
    touch_ac: Total | None = None
    concealment = 0
    if rules.trip_touch_attack:
        attack, _ = build_attack(enc, c, touch_of(option), bonus, target, defensively=a.defensively)
        touch_bonus, touch_ac, concealment = attack.bonus, attack.ac, attack.concealment
    attack_check = _ability(c, strength_check(c.stats, rules))
    resist = _ability(target, resist_check(target.stats, rules))
    countering = rules.trip_counter
    sides = TripSides(
        touch_bonus,
        touch_ac,
        attack_check,
        resist,
        _ability(target, strength_check(target.stats, rules)) if countering else None,
        _ability(c, resist_check(c.stats, rules)) if countering else None,
        concealment,
    )
    mark = enc.dice.mark()
    r = trip(enc.dice, sides, rules)
    let_go = r.countered and not unarmed and getattr(a, "drop_if_tripped", False)
    if r.touch is None or r.touch.hit:
        result = "tripped" if r.tripped else ("countered" if r.countered else "failed")
    else:
        result = "concealed" if r.touch.concealed else "missed"
    if let_go:
        result = "let go"
    totals: list[tuple[str, Total]] = []
    if touch_bonus is not None and touch_ac is not None:
        totals += [("touch attack bonus", touch_bonus), ("touch armor class", touch_ac)]
    if r.check is not None:
        totals += [("trip check", attack_check), ("trip resist", resist)]
    if r.counter is not None and sides.counter is not None and sides.counter_resist is not None:
        totals += [
            ("counter-trip check", sides.counter),
            ("counter-trip resist", sides.counter_resist),
        ]
    enc.event(
        c.id,
        "trip",
        TRIP_RULE,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        weapon=option.name,
        result=result,
        touch_natural=r.touch.natural if r.touch else None,
        touch_total=r.touch.total if r.touch else None,
        check=[r.check.actor, r.check.opponent] if r.check else None,
        counter=[r.counter.actor, r.counter.opponent] if r.counter else None,
    )
    if r.tripped:
        fall(enc, target)
        if improved and enc.active(target) and enc.active(c) and not replaced.ranged:
            strike(enc, c, replaced, replaced_bonus, target, kind="attack")
    elif r.countered:
        if let_go:
            from d20combat.encounter.handlers import drop_item

            drop_item(enc, c, option.item, rule="seed 000 Trip (Tripping with a Weapon)")
        else:
            fall(enc, c)


def fall(enc: Encounter, c: Combatant) -> None:
    """``c`` is knocked prone (SRD conditions "Prone")."""
    c.conditions["prone"] = Condition(c.id, 0)
    enc.space.invalidate(c)


# ---------------------------------------------------------------- the attack maneuvers
class AttackManeuver(NamedTuple):
    """A special attack made in place of a melee attack: why it is illegal against a
    target (None: legal), how it is resolved, and the weapons it may be made with
    (None: the creature's unarmed strike)."""

    problem: Callable[[Encounter, Combatant, Combatant, str | None], str | None]
    attempt: Callable[[Encounter, Combatant, Attack, AttackOption, Total], None]
    weapons: Callable[[Combatant], list[str | None]]


def _tripping_weapons(c: Combatant) -> list[str | None]:
    named = [
        o.name
        for o in c.ready_options()
        if not o.ranged and o.weapon is not None and o.weapon.has(WeaponFlag.TRIP)
    ]
    return [None, *named]


#: Every maneuver of :data:`d20combat.encounter.actions.ATTACK_MANEUVERS`, by verb.
ATTACK_MANEUVER_RULES: dict[str, AttackManeuver] = {
    "trip": AttackManeuver(trip_problem_in, attempt_trip, _tripping_weapons),
}


def maneuver_problem(enc: Encounter, c: Combatant, a: Attack, target: Combatant) -> str | None:
    """Why ``a`` (an attack with its ``maneuver`` set) is illegal now, or None."""
    assert a.maneuver is not None
    return ATTACK_MANEUVER_RULES[a.maneuver].problem(enc, c, target, a.weapon)


def attempt_maneuver(
    enc: Encounter, c: Combatant, a: Attack, option: AttackOption, bonus: Total
) -> None:
    """Resolve the maneuver ``a`` in place of the attack ``option`` at ``bonus``."""
    assert a.maneuver is not None
    ATTACK_MANEUVER_RULES[a.maneuver].attempt(enc, c, a, option, bonus)


def maneuver_attacks(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    options: list[AttackOption],
    *,
    defensively: bool,
) -> Iterator[Attack]:
    """The legal maneuvers in place of the next attack (``options``: what that attack
    may be made with) against ``target``."""
    from d20combat.encounter.actions import ATTACK_MANEUVER_ACTIONS

    if not any(not o.ranged for o in options):
        return
    for verb, rule in ATTACK_MANEUVER_RULES.items():
        for weapon in rule.weapons(c):
            if rule.problem(enc, c, target, weapon) is None:
                yield ATTACK_MANEUVER_ACTIONS[verb](target.id, weapon, defensively=defensively)
