"""When the baseline tactics set a firearm on autofire (seed 004 "Autofire") or throw
an explosive (seed 004 "Thrown Explosives").

A creature holding an automatic firearm with 10 bullets or more weighs, when its
standard action is still whole, autofire at the area around each corner of each foe's
space: the exact chance of the roll against Defense 10
(:func:`~d20combat.rules.maneuvers.firearms.p_autofire_hits`, with each creature's own
Reflex save) times the weapon's mean damage, over every creature with a square in the
area, foes counting for and friends (itself included) against, each no more than the
hit points it has left. The best area is taken when it is worth more than the attacks
of the turn it gives up (the planned attack, and the rest of the full attack it would
open). The bullets it spends (10 against 1) are not weighed (a reading, A91).

An explosive is weighed the same way at each of each foe's squares: the chance the
throw lands in the square (1 within one range increment, else the exact chance against
Defense 10) times the mean over the 1d4's four corners of the burst's worth, plus the
chance of a miss times the mean over the 1d8's eight directions and the four corners; a
burst is worth the explosive's mean damage to each creature caught, whole when its
Reflex save fails and half when it succeeds (the exact chance), foes for and friends
against, each no more than the hit points it has left.

A burst at one foe (seed 004 "Autofire", reading A187) is weighed as one attack: the
exact chance of the attack roll with every situational modifier and the burst's -4
(with the Burst Fire feat) times the mean damage with its 2 extra dice, no more than
the foe's hit points (a critical hit counted on the whole, extra dice too: a slight
overestimate); without the feat it is a plain shot, listed only from a weapon that fires
no single shot. Taken when worth more than the attacks it gives up.

A creature holding no firearm or explosive pays one look at its ammunition (empty:
nothing to fire or throw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.handlers import attacks_after
from d20combat.encounter.maneuvers.autofire import (
    autofire_options,
    autofire_total,
    gen_autofire,
)
from d20combat.encounter.maneuvers.burst import burst_attack, burst_options, gen_burst
from d20combat.encounter.maneuvers.explosives import (
    burst_reflex,
    caught,
    explosive_options,
    explosive_total,
    gen_explosive,
    square_distance,
)
from d20combat.encounter.maneuvers.splash import corner_block, creatures_in
from d20combat.rules.maneuvers import explosives as X
from d20combat.rules.maneuvers import firearms as F
from d20combat.rules.maneuvers import splash as S
from d20combat.rules.maneuvers.trample import p_attack, p_save
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.worth import built, built_worth

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _given_up(enc: Encounter, c: Combatant, attack: A.Action | None) -> float:
    """The worth of the planned ``attack`` and the rest of the full attack it opens."""
    if not isinstance(attack, A.Attack):
        return 0.0
    from d20combat.tactics.maneuvers import _first_worth, _rest_worth

    first, _, cost = _first_worth(enc, c, attack)
    if attacks_after(enc, c, first):
        cost += _rest_worth(enc, c, first, enc.get(attack.target))
    return cost


def autofire_worth(enc: Encounter, c: Combatant, a: A.Autofire, option: AttackOption) -> float:
    """The expected worth of ``a`` (module docstring), in hit points."""
    bonus = autofire_total(enc, c, option, a.point).value
    mean = max(1.0, float(option.dice.mean) + option.damage_bonus.value)
    worth = 0.0
    for v in creatures_in(enc, corner_block(a.point)):
        reflex = v.roll_total(v.stats.saves["ref"], "save", save="ref").value
        p = float(F.p_autofire_hits(bonus, reflex))
        amount = min(mean, max(0, v.vitals.hp + 1))
        worth += p * amount if v.side != c.side else -p * amount
    return worth


def autofire_instead(
    enc: Encounter, c: Combatant, attack: A.Action | None
) -> tuple[float, A.Action | None]:
    """The autofire worth the most and its worth, when it is worth more than ``attack``
    (the attack planned, or None) and the rest of the turn's attacks it gives up;
    (that worth, None) otherwise."""
    if not c.ammo or enc.budget.routine is not None or enc.budget.attacks_made:
        return 0.0, None
    best, chosen = _given_up(enc, c, attack), None
    options = autofire_options(c)
    if not options:
        return best, None
    by_name = {o.name: o for o in options}
    for a in gen_autofire(enc, c):  # the candidates the encounter lists
        assert isinstance(a, A.Autofire)
        worth = autofire_worth(enc, c, a, by_name[a.weapon])
        if worth > best and enc.is_legal(a):
            best, chosen = worth, a
    return best, chosen


def firearm_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """The autofire or the burst worth the most, when worth more than ``attack`` and
    the rest of the turn's attacks it gives up; None otherwise."""
    best, autofire = autofire_instead(enc, c, attack)
    return burst_instead(enc, c, attack, floor=best) or autofire


def burst_worth(enc: Encounter, c: Combatant, a: A.Burst, option: AttackOption) -> float:
    """The expected worth of the burst ``a`` (module docstring), in hit points."""
    target = enc.get(a.target)
    plan = F.burst_plan(option.dice, feat=c.traits.burst_fire)
    attack = burst_attack(built(enc, c, option, option.bonus, target)[0], plan)
    mean = max(1.0, float(option.dice.mean) + attack.damage_bonus.value)
    if plan.extra_dice is not None:
        mean += float(plan.extra_dice.mean)
    return built_worth(attack, option, mean, target)


def burst_instead(
    enc: Encounter, c: Combatant, attack: A.Action | None, *, floor: float = 0.0
) -> A.Action | None:
    """The burst worth the most, when it is worth more than ``floor``, ``attack`` and
    the rest of the turn's attacks it gives up; None otherwise."""
    if not c.ammo or enc.budget.routine is not None or enc.budget.attacks_made:
        return None
    options = burst_options(c)
    if not options:
        return None
    by_name = {o.name: o for o in options}
    best, chosen = max(floor, _given_up(enc, c, attack)), None
    for a in gen_burst(enc, c):  # the candidates the encounter lists
        assert isinstance(a, A.Burst)
        worth = burst_worth(enc, c, a, by_name[a.weapon])
        if worth > best and enc.is_legal(a):
            best, chosen = worth, a
    return chosen


def _burst_worth(
    enc: Encounter, c: Combatant, option: AttackOption, point: tuple[int, int]
) -> float:
    w = option.weapon
    assert w is not None
    m = enc.map
    if not (0 <= point[0] <= m.width and 0 <= point[1] <= m.height):
        return 0.0
    mean = float(option.dice.mean)
    worth = 0.0
    for v in caught(enc, point, w.burst_radius_ft):
        reflex = burst_reflex(enc, point, v).value
        saved = float(p_save(reflex, w.reflex_dc))
        amount = min(mean * (1 - saved / 2), max(0, v.vitals.hp + 1))
        worth += amount if v.side != c.side else -amount
    return worth


def explosive_worth(
    enc: Encounter, c: Combatant, a: A.ThrowExplosive, option: AttackOption
) -> float:
    """The expected worth of throwing ``a`` (module docstring), in hit points."""
    distance = square_distance(c, a.square)
    increment = option.range_increment or 10
    increments = S.increments_thrown(distance, increment)
    p = 1.0
    if increments > 1:
        p = float(p_attack(explosive_total(enc, c, option, a.square).value, X.SQUARE_DEFENSE))
    sx, sy = a.square
    corners = [(sx + dx, sy + dy) for dx, dy in X.CORNERS]
    worth = p * sum(_burst_worth(enc, c, option, q) for q in corners) / 4
    if p < 1:
        n = S.scatter_squares(increments, increment, enc.rules)
        miss = 0.0
        for ddx, ddy in S.DIRECTIONS:  # each direction one chance in eight
            for dx, dy in X.CORNERS:
                q = (sx + ddx * n + dx, sy + ddy * n + dy)
                miss += _burst_worth(enc, c, option, q)
        worth += (1 - p) * miss / 32
    return worth


def explosive_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """The explosive throw worth the most, when it is worth more than ``attack`` (the
    attack planned, or None) and the rest of the turn's attacks it gives up."""
    if not c.ammo or enc.budget.routine is not None or enc.budget.attacks_made:
        return None
    options = explosive_options(c)
    if not options:
        return None
    by_name = {o.name: o for o in options}
    best, chosen = _given_up(enc, c, attack), None
    for a in gen_explosive(enc, c):  # the candidates the encounter lists
        assert isinstance(a, A.ThrowExplosive)
        worth = explosive_worth(enc, c, a, by_name[a.weapon])
        if worth > best and enc.is_legal(a):
            best, chosen = worth, a
    return chosen
