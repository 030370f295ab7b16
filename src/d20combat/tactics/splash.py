"""When the baseline tactics throw a splash weapon (seed 000 "Throw Splash Weapon").

A creature holding a splash weapon weighs, at the start of its attacks, each throw it
may make (at each foe in range, and at each corner of a foe's space) by its expected
damage over every creature it may reach, foes counting for and friends (itself
included) against:

* a hit (the chance of the touch attack, or of AC 5 for an intersection, with the
  attack's situational modifiers) deals the direct hit's mean to the target and the
  splash to every other creature within 5 ft (around an intersection: its four squares);
* a miss scatters: each of the eight directions has one chance in eight, and the splash
  lands as many squares away as the throw's range increments (the ruleset's reading).

Each creature's damage meets its resistance and immunity to the flask's damage type
(holy water harms only undead and evil outsiders), and counts no more than the hit
points it has left. The best throw is taken when it is worth more than the attacks of
the turn it gives up (the planned attack, and the rest of a full attack it would open).

A creature with no splash weapon in hand pays one look at its ready options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.handlers import _continuing, attacks_after
from d20combat.encounter.maneuvers import touch_of
from d20combat.encounter.maneuvers.splash import (
    Area,
    _harms,
    _point_distance,
    _range_penalty,
    corner_block,
    creatures_in,
    splash_options,
    throw_problem,
    within_5ft,
)
from d20combat.rules.conditions import attack_modifiers
from d20combat.rules.maneuvers import splash as S
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import p_hits

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _worth(c: Combatant, victim: Combatant, option: AttackOption, amount: float) -> float:
    """What ``amount`` of the flask's damage to ``victim`` is worth to ``c``: its hit
    points lost (after its resistance, no more than it has left above -1), for a foe,
    against for a friend."""
    if not _harms(option, victim):
        return 0.0
    defenses = victim.stats.defenses
    types = option.damage_types
    if types and types[0] in defenses.immune:
        return 0.0
    if types:
        amount = max(0.0, amount - defenses.resist.get(types[0], 0))
    amount = min(amount, max(0, victim.vitals.hp + 1))
    return amount if victim.side != c.side else -amount


def _splash_worth(
    enc: Encounter,
    c: Combatant,
    option: AttackOption,
    zone: Area,
    origin: Area,
    skip: Combatant | None,
) -> float:
    splash = option.weapon.splash_damage if option.weapon is not None else 1
    return sum(
        _worth(c, v, option, splash) for v in creatures_in(enc, zone, origin) if v is not skip
    )


def throw_worth(enc: Encounter, c: Combatant, a: A.Throw, option: AttackOption) -> float:
    """The expected worth of throw ``a`` (module docstring), in hit points."""
    rules = enc.rules
    nxt = _continuing(enc, c, option.name)
    bonus = nxt[1] if nxt is not None else option.bonus
    if a.target is not None:
        target = enc.get(a.target)
        attack, _ = build_attack(enc, c, touch_of(option), bonus, target)
        p = p_hits(attack.ac.value, attack.bonus.value, attack.concealment)
        aim: Area = (target.pos, target.squares)
        distance = enc.space.distance_ft(c, target)
        hit = _worth(c, target, option, float(option.dice.mean)) + _splash_worth(
            enc, c, option, within_5ft(aim), aim, target
        )
    else:
        assert a.point is not None
        aim = corner_block(a.point)
        distance = _point_distance(c, a.point)
        mods = list(attack_modifiers(c.condition_set(), ranged=True))
        penalty = _range_penalty(distance, option.range_increment or 10)
        if penalty is not None:
            mods.append(penalty)
        p = p_hits(S.INTERSECTION_AC, bonus.plus(*mods).value)
        hit = _splash_worth(enc, c, option, aim, aim, None)
    increment = option.range_increment or 10
    squares = S.scatter_squares(S.increments_thrown(distance, increment), increment, rules)
    (ax, ay), n = aim
    miss = 0.0
    for dx, dy in S.DIRECTIONS:  # each direction one chance in eight, however counted
        landed: Area = ((ax + dx * squares, ay + dy * squares), n)
        zone = landed if a.point is not None else within_5ft(landed)
        miss += _splash_worth(enc, c, option, zone, landed, None)
    return p * hit + (1 - p) * miss / 8


def _candidates(enc: Encounter, c: Combatant, options: list[AttackOption]) -> list[A.Throw]:
    out = []
    for o in options:
        for foe in enc.enemies(c):
            if foe.vitals.dead or not foe.present():
                continue
            out.append(A.Throw(o.name, foe.id))
            (x, y), n = foe.pos, foe.squares
            out.extend(
                A.Throw(o.name, point=p) for p in ((x, y), (x + n, y), (x, y + n), (x + n, y + n))
            )
    return out


def throw_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """The splash weapon throw worth the most, when it is worth more than ``attack``
    (the attack planned, or None) and the rest of the turn's attacks it gives up;
    None otherwise, or when ``c`` holds no splash weapon."""
    options = splash_options(c)
    if not options:
        return None
    if enc.budget.routine is not None:  # a full attack under way: its next attack's
        options = [o for o in options if _continuing(enc, c, o.name) is not None]
    cost = 0.0
    if isinstance(attack, A.Attack):
        from d20combat.tactics.maneuvers import _first_worth, _rest_worth

        option, _, cost = _first_worth(enc, c, attack)
        if enc.budget.routine is None and attacks_after(enc, c, option):
            cost += _rest_worth(enc, c, option, enc.get(attack.target))
    best, chosen = cost, None
    for a in _candidates(enc, c, options):
        option = next(o for o in options if o.name == a.weapon)
        if throw_problem(enc, c, a) is not None:
            continue
        worth = throw_worth(enc, c, a, option)
        if worth > best and enc.is_legal(a):
            best, chosen = worth, a
    return chosen
