"""Trip in the encounter (seed 000 "Trip"; the procedure: :mod:`d20combat.rules.maneuvers.trip`):
what the tripper may trip with, the attack of opportunity of an unarmed trip, the touch
attack in its situation, prone, a tripping weapon let go, Improved Trip's free attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import AOO_MANEUVERS, build_attack, provoke, strike
from d20combat.encounter.maneuvers import (
    ATTACK_MANEUVER_RULES,
    AttackManeuver,
    ability,
    fall,
    touch_of,
)
from d20combat.rules.maneuvers.trip import (
    RULE as TRIP_RULE,
)
from d20combat.rules.maneuvers.trip import (
    TripResult,
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


def attempt_trip(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Trip" in place of an attack (:func:`resolve_trip`), then Improved Trip's
    free attack (SRD feats "Improved Trip": a melee attack on the tripped foe "as if you
    hadn't used your attack for the trip attempt": the attack it replaced, ``replaced``
    at ``replaced_bonus``). The touch attack is made at that attack's place in the
    routine (its iterative penalty)."""
    target = enc.get(a.target)
    option = trip_option(c, a.weapon)
    assert option is not None  # checked
    bonus = option.bonus
    shift = replaced_bonus.value - replaced.bonus.value
    if shift:
        bonus = bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    r = resolve_trip(
        enc,
        c,
        target,
        option,
        bonus,
        defensively=a.defensively,
        drop_if_tripped=getattr(a, "drop_if_tripped", False),
    )
    free = r is not None and r.tripped and c.stat.has_feat("improved trip")
    if free and enc.active(target) and enc.active(c) and not replaced.ranged:
        strike(enc, c, replaced, replaced_bonus, target, kind="attack")


def resolve_trip(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    option: AttackOption,
    bonus: Total,
    *,
    defensively: bool = False,
    drop_if_tripped: bool = False,
    rule: str = TRIP_RULE,
) -> TripResult | None:
    """One trip attack of ``c`` on ``target`` with ``option`` (its unarmed strike or a
    tripping weapon) at ``bonus``: the attack of opportunity of an unarmed trip, the
    touch attack and the opposed checks (:func:`d20combat.rules.maneuvers.trip.trip`),
    recorded as a ``trip`` event under ``rule``, then prone or a weapon let go. Returns
    the result, or None if the attack of opportunity ended it (or the target is gone)."""
    rules = enc.rules
    unarmed = option.weapon is not None and option.weapon.name == "unarmed strike"
    if (
        unarmed
        and not c.stat.has_feat("improved trip")
        and "unarmed-attack" in rules.provoking_actions
        and enc.space.is_armed(target)
        and not provoke(enc, c, "trip (an unarmed attack)", only=target)
    ):
        return None
    if not enc.active(target):
        return None
    touch_bonus: Total | None = None
    touch_ac: Total | None = None
    concealment = 0
    if rules.trip_touch_attack:
        attack, _ = build_attack(enc, c, touch_of(option), bonus, target, defensively=defensively)
        touch_bonus, touch_ac, concealment = attack.bonus, attack.ac, attack.concealment
    attack_check = ability(c, strength_check(c.stats, rules))
    ride = target.stats.skill("ride") if target.mount is not None else None
    resist = ability(target, resist_check(target.stats, rules, ride=ride))
    countering = rules.trip_counter
    sides = TripSides(
        touch_bonus,
        touch_ac,
        attack_check,
        resist,
        ability(target, strength_check(target.stats, rules)) if countering else None,
        ability(c, resist_check(c.stats, rules)) if countering else None,
        concealment,
    )
    mark = enc.dice.mark()
    r = trip(enc.dice, sides, rules)
    let_go = r.countered and not unarmed and drop_if_tripped
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
        rule,
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
        if target.mount is not None:  # seed 000: "you pull the rider from his mount"
            from d20combat.encounter.mounted import pull_off

            pull_off(enc, target)
        fall(enc, target)
    elif r.countered:
        if let_go:
            from d20combat.encounter.handlers import drop_item

            drop_item(enc, c, option.item, rule="seed 000 Trip (Tripping with a Weapon)")
        else:
            fall(enc, c)
    return r


def aoo_trip(enc: Encounter, c: Combatant, option: AttackOption, target: Combatant) -> bool:
    """A trip as ``c``'s attack of opportunity on ``target`` (SRD Table: Actions in
    Combat: a trip "replaces a melee attack ... even as an attack of opportunity"): with
    ``option`` if it is a tripping weapon, else unarmed, at the AoO's bonus; Improved
    Trip's free attack follows. False (nothing made) if it cannot trip ``target``."""
    weapon = (
        option.name if option.weapon is not None and option.weapon.has(WeaponFlag.TRIP) else None
    )
    if trip_problem_in(enc, c, target, weapon) is not None:
        return False
    tripper = trip_option(c, weapon)
    assert tripper is not None  # checked
    r = resolve_trip(
        enc, c, target, tripper, tripper.bonus, rule=TRIP_RULE + "; SRD Table: Actions in Combat"
    )
    free = r is not None and r.tripped and c.stat.has_feat("improved trip")
    if free and enc.active(target) and enc.active(c):
        strike(enc, c, option, option.bonus, target, kind="attack")
    return True


AOO_MANEUVERS["trip"] = aoo_trip


def _tripping_weapons(c: Combatant) -> list[str | None]:
    named = [
        o.name
        for o in c.ready_options()
        if not o.ranged and o.weapon is not None and o.weapon.has(WeaponFlag.TRIP)
    ]
    return [None, *named]


ATTACK_MANEUVER_RULES["trip"] = AttackManeuver(trip_problem_in, attempt_trip, _tripping_weapons)
