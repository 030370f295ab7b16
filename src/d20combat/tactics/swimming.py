"""When the baseline swims (seed 000 "Underwater Combat" note 2): a creature without a
swim speed weighs crossing deep water by Swim checks against going around by land.

The odds are exact: one d20 a round (:func:`d20combat.rules.swim.p_swims`). Swimming
moves half its speed a round (a full-round action) with that chance, going around its
double move; it swims when the expected rounds to reach a square next to its foe are
fewer (A169). Afloat it strokes toward the foe, or the bank nearest it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.swimming import afloat, gen_swim, swims_by_check, water_dc
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import footprint, footprint_distance
from d20combat.grid.terrain import DEEP_WATER
from d20combat.rules import swim as S

if TYPE_CHECKING:
    from d20combat.encounter.combatant import Combatant
    from d20combat.encounter.state import Encounter

_HORIZON_ROUNDS = 4
"""How many rounds ahead it looks for a way round or across."""


def _legal(enc: Encounter, a: A.Action) -> bool:
    try:
        enc.check(a)
    except IllegalActionError:
        return False
    return True


def _stroke(enc: Encounter, c: Combatant, foe: Combatant) -> A.Action | None:
    """Afloat: the legal swim ending nearest ``foe`` (then the cheapest, then by name)."""
    best: tuple[int, int, str, A.Action] | None = None
    for a in gen_swim(enc, c):
        assert isinstance(a, A.Swim)
        if not _legal(enc, a):
            continue
        end = a.path[-1]
        key = (
            footprint_distance(end, c.squares, foe.pos, foe.squares),
            enc.space.path_cost(c, a.path, swim=True),
            str(a),
        )
        if best is None or key < best[:3]:
            best = (*key, a)
    return None if best is None else best[3]


def p_crossing(enc: Encounter, c: Combatant, dc: int) -> Fraction:
    """The chance ``c``'s Swim check of this round succeeds against ``dc`` (exact)."""
    mod = c.roll_total(S.modifier(c.stats), "skill", skill="swim").value
    return S.p_swims(mod, dc)


def swim_instead(enc: Encounter, c: Combatant) -> A.Action | None:
    """A ``swim`` (or the land move toward the water) when crossing beats going around;
    None when it does not, or ``c`` needs no Swim checks. Costs nothing on a map without
    deep water or for a creature with a swim speed."""
    if not swims_by_check(enc, c) or not enc.map.has(DEEP_WATER):
        return None
    sp = enc.space
    foe = sp.nearest_enemy(c)
    if foe is None:
        return None
    if afloat(enc, c):
        return _stroke(enc, c, foe)
    speed = sp.speed(c)
    half = 5 * (speed // 10)
    if speed < 20:
        return None  # a quarter of its speed rounds to nothing
    horizon = _HORIZON_ROUNDS * 2 * speed

    def beside(pos: tuple[int, int]) -> bool:
        return footprint_distance(pos, c.squares, foe.pos, foe.squares) <= 5

    land = sp.reachable(c, horizon).positions()
    around = min((cost for pos, cost in land.items() if beside(pos)), default=None)
    wet = sp.reachable(c, horizon, swim=True)
    best: tuple[Fraction, tuple[tuple[int, int], ...]] | None = None
    for pos, cost in wet.positions().items():
        if not beside(pos):
            continue
        path = tuple(wet.path_to(pos)[1:])
        squares = [sq for p in path for sq in footprint(p, c.squares)]
        dc = water_dc(enc, squares)
        if dc is None:
            continue  # a dry way: going around covers it
        p = p_crossing(enc, c, dc)
        if not p:
            continue
        water = 5 * sum(1 for p_ in path if enc.map.flags(*p_) & DEEP_WATER)
        rounds = Fraction(cost - water, 2 * speed) + Fraction(water, 1) / (p * half)
        if best is None or rounds < best[0]:
            best = (rounds, path)
    if best is None:
        return None
    if around is not None and Fraction(around, 2 * speed) <= best[0]:
        return None
    path = best[1]
    first_wet = next(i for i, p in enumerate(path) if enc.map.flags(*p) & DEEP_WATER)
    if first_wet:  # walk to the bank first
        prefix = path[:first_wet]
        for k in range(len(prefix), 0, -1):
            if _legal(enc, A.Move(prefix[:k])):
                return A.Move(prefix[:k])
        return None
    for k in range(len(path), 0, -1):
        a = A.Swim(path[:k])
        if _legal(enc, a):
            return a
    return None
