"""Who is in the water, how deep, and what it does to an attack (seed 000 "Underwater
Combat"; the table itself is :mod:`d20combat.rules.underwater`).

Depth is read from the map (A110): a ``shallow-water`` square (``~``) is chest-deep
water, where a creature walks along the bottom (firm footing) with its head above the
surface; a ``deep-water`` square (``W``) is over its head: a creature in it is
completely submerged (swimming). A creature is submerged when every square of its
space is deep water, in the water when any square is water, else on land.

Every hook asks :attr:`BattleMap.has_water` first: a dry map pays one cached lookup.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from d20combat.grid.squares import footprint
from d20combat.grid.terrain import DEEP_WATER, SHALLOW_WATER
from d20combat.rules import swim as swim_rules
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.underwater import LAND_COVER, LAND_REFLEX, Footing

if TYPE_CHECKING:
    from d20combat.encounter.combatant import Combatant
    from d20combat.encounter.state import Encounter
    from d20combat.grid.battlemap import BattleMap

_WATER = SHALLOW_WATER | DEEP_WATER


class Depth(IntEnum):
    """How deep a creature stands (A110)."""

    LAND = 0
    WADING = 1
    """In chest-deep water (or partly in the water)."""
    SUBMERGED = 2
    """Every square of its space is deep water."""


def depth_at(bmap: BattleMap, pos: tuple[int, int], squares: int) -> Depth:
    """The depth of a space of ``squares`` x ``squares`` with its corner at ``pos``."""
    if squares == 1:
        f = bmap.flags(*pos)
        if f & DEEP_WATER:
            return Depth.SUBMERGED
        return Depth.WADING if f & SHALLOW_WATER else Depth.LAND
    flags = [bmap.flags(*sq) for sq in footprint(pos, squares)]
    if all(f & DEEP_WATER for f in flags):
        return Depth.SUBMERGED
    return Depth.WADING if any(f & _WATER for f in flags) else Depth.LAND


def depth(enc: Encounter, c: Combatant) -> Depth:
    """How deep ``c`` is (LAND at once on a dry map)."""
    bmap = enc.map
    if not bmap.has_water:
        return Depth.LAND
    return depth_at(bmap, c.pos, c.squares)


#: The scenario condition of a freedom of movement effect (seed 000 "Underwater Combat":
#: the table's first row; the spell itself is issue 10's).
FREEDOM = "freedom-of-movement"


def free(c: Combatant) -> bool:
    """Whether ``c`` has freedom of movement (a cheap test: its conditions)."""
    return bool(c.conditions) and FREEDOM in c.conditions


def moves_freely(c: Combatant) -> bool:
    """Whether ``c`` moves in deep water as on land, with no Swim check (seed 000
    "Underwater Combat": "a swim speed or freedom of movement": movement normal)."""
    return c.stat.speed.swim > 0 or free(c)


def walks_bottom(c: Combatant) -> bool:
    """Whether ``c`` has no swim speed but gear heavy enough to walk along the bottom of
    deep water (seed 000 note 3: firm footing, :func:`d20combat.rules.swim.walks_bottom`)."""
    return c.stat.speed.swim == 0 and swim_rules.walks_bottom(c.stats)


def footing(c: Combatant, where: Depth) -> Footing:
    """The row of seed 000's table for ``c`` in the water (A111): a swim speed first,
    then firm footing (chest-deep water, or the bottom of deep water for a creature
    weighed down by its gear, note 3); a creature swimming by Swim checks is off balance
    after a failed check (the ``off-balance`` condition, note 4), else it swims by its
    successful check (A166: a creature not yet checked counts as swimming). Freedom of
    movement is the table's first row."""
    if free(c):
        return Footing.FREEDOM
    if c.stat.speed.swim > 0:
        return Footing.SWIM_SPEED
    if where is Depth.WADING or walks_bottom(c):
        return Footing.FIRM_FOOTING
    if where is Depth.LAND:
        return Footing.NONE
    return Footing.NONE if c.has("off-balance") else Footing.SWIM_CHECK


def water_ft(enc: Encounter, a: Combatant, t: Combatant) -> int:
    """Feet of water a ranged attack from ``a`` to ``t`` passes through (A113): the
    squares of the straight grid line from ``a``'s nearest square to ``t``'s, the target's
    included, that are deep water (the first step counts as water too when ``a`` is
    submerged), 5 ft each. Chest-deep water is shot over, not through."""
    bmap = enc.map
    fa = footprint(a.pos, a.squares)
    ft = footprint(t.pos, t.squares)
    (ax, ay), (tx, ty) = min(
        ((p, q) for p in fa for q in ft),
        key=lambda pq: max(abs(pq[0][0] - pq[1][0]), abs(pq[0][1] - pq[1][1])),
    )
    n = max(abs(tx - ax), abs(ty - ay))
    start_wet = depth_at(bmap, a.pos, a.squares) is Depth.SUBMERGED
    wet = 0
    for i in range(1, n + 1):
        x = ax + round((tx - ax) * i / n)
        y = ay + round((ty - ay) * i / n)
        if bmap.flags(x, y) & DEEP_WATER or (i == 1 and start_wet):
            wet += 1
    return 5 * wet


def land_cover(bmap: BattleMap, a: Combatant, t: Combatant, *, melee: bool = False) -> int:
    """Seed 000 "Attacks from Land": the cover ``t`` has from ``a`` by the water alone:
    improved cover (+8) when ``a`` is on land and ``t`` in the water, total cover (-1)
    when either is on land and the other completely submerged (A114: the surface hides
    both ways); 0 otherwise. An attacker on land with freedom of movement ignores the
    water's cover in melee, and has no total cover against it: improved cover for its
    ranged attacks on a submerged target (A250)."""
    da = depth_at(bmap, a.pos, a.squares)
    dt = depth_at(bmap, t.pos, t.squares)
    if da is Depth.LAND and dt is not Depth.LAND and free(a):
        return 0 if melee else LAND_COVER
    if da is Depth.LAND:
        if dt is Depth.SUBMERGED:
            return -1
        return LAND_COVER if dt is Depth.WADING else 0
    if dt is Depth.LAND and da is Depth.SUBMERGED:
        return -1
    return 0


def reflex_from_land(enc: Encounter, attacker: Combatant, victim: Combatant, total: Total) -> Total:
    """``victim``'s Reflex save ``total`` against an effect from ``attacker``: +4 when
    ``attacker`` is on land and ``victim`` wades in chest-deep water (seed 000 "Attacks
    from Land": improved cover, "+4 bonus on Reflex saves"; a creature completely
    submerged has total cover instead, A114). Unchanged on a dry map."""
    if not enc.map.has_water:
        return total
    m = enc.map
    if depth_at(m, attacker.pos, attacker.squares) is not Depth.LAND:
        return total
    if depth_at(m, victim.pos, victim.squares) is not Depth.WADING:
        return total
    return total.plus(
        Modifier(LAND_REFLEX, BonusType.COVER, "improved cover: in the water, from land")
    )
