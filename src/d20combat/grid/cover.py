"""Cover on the grid: none, soft, cover, improved cover, total cover.

Sources:
* SRD combat-ii "Cover" (= seed 003 "Cover"): choose a corner of your square; if any
  line from it to any corner of the target's square passes through a square or border
  that blocks line of effect or provides cover, or through a square occupied by a
  creature, the target has cover (+4 AC, +2 Reflex). Against an adjacent target in
  melee: cover if any line from your square to the target's square goes through a wall
  (including a low wall). A non-adjacent melee target (reach) uses the ranged rules;
* "Low Obstacles and Cover": a low obstacle gives cover only to creatures within 30 ft
  of it, and the attacker ignores it if he is closer to it than the target;
* "Soft Cover": creatures give +4 AC against ranged attacks, no Reflex bonus;
* "Big Creatures and Cover": a big attacker may use any square it occupies, and an
  attacker may pick any square of a big target;
* "Total Cover": no line of effect; "Varying Degrees of Cover": improved cover +8 AC,
  +4 Reflex (improved evasion, +10 Hide);
* seed 002 "Corners": one-half cover fighting around a corner, three-quarters if just
  peeking.

Judgment calls (see docs/grid.md):
* improved cover from corners ("peeking"): from the attacker's best corner at most one
  of the four lines to the target's corners is unblocked (3 blocked: improved; 1 or 2:
  cover; 4 from every corner of every square pair: total);
* an arrow slit square (IMPROVED_COVER) on a line gives improved cover, ignored (like a
  low obstacle) by an attacker closer to it than the target -- the archer behind the slit
  shoots out freely;
* low walls are squares (not edges); distances to them are footprint distances;
* soft cover (creatures) applies to ranged and non-adjacent melee attacks only; it is
  not added to other cover (the best single kind applies);
* with big creatures in an adjacent melee, each pair of (attacker square, target
  square) uses the adjacent rule if those two squares touch, otherwise the ranged rule;
  the attacker takes the least cover over all pairs.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from enum import IntEnum
from typing import NamedTuple

from d20combat.content.rulesets import CoverSource
from d20combat.grid.battlemap import BattleMap
from d20combat.grid.lines import CORNERS, CornerTrace, PairTrace, pair_trace
from d20combat.grid.squares import Square, footprint, footprint_distance


class CoverKind(IntEnum):
    """Degrees of cover, ordered from least to most protection."""

    NONE = 0
    SOFT = 1
    COVER = 2
    IMPROVED = 3
    TOTAL = 4


_BONUS = {
    CoverKind.NONE: (0, 0),
    CoverKind.SOFT: (4, 0),
    CoverKind.COVER: (4, 2),
    CoverKind.IMPROVED: (8, 4),
    CoverKind.TOTAL: (0, 0),
}


class Cover(NamedTuple):
    """A cover result: its kind, AC and Reflex bonuses, and why (empty for none).

    ``TOTAL`` means no attack is possible (bonuses are 0 and meaningless).
    """

    kind: CoverKind
    ac_bonus: int
    reflex_bonus: int
    reason: str

    @property
    def total(self) -> bool:
        return self.kind is CoverKind.TOTAL

    @property
    def any(self) -> bool:
        """Any cover at all (an attack of opportunity is impossible: SRD "Cover and
        Attacks of Opportunity"; whether soft cover counts is the caller's call)."""
        return self.kind is not CoverKind.NONE

    @property
    def allows_hide(self) -> bool:
        """Cover (not soft cover) lets the defender Hide (SRD "Cover and Hide Checks")."""
        return self.kind in (CoverKind.COVER, CoverKind.IMPROVED, CoverKind.TOTAL)

    @property
    def source(self) -> str:
        return "SRD combat-ii Cover"


_RESULTS: dict[tuple[CoverKind, str], Cover] = {}


def make_cover(kind: CoverKind, reason: str = "") -> Cover:
    """The shared :class:`Cover` value for a kind and reason."""
    key = (kind, reason)
    c = _RESULTS.get(key)
    if c is None:
        ac, ref = _BONUS[kind]
        c = _RESULTS[key] = Cover(kind, ac, ref, reason)
    return c


NO_COVER = make_cover(CoverKind.NONE)
R_WALL = "wall"
R_PEEK = "wall (only a corner of the target shows)"
R_LOW = "low obstacle"
R_SLIT = "arrow slit"
R_SOFT = "creature in the way"
R_NO_LOE = "no line of effect"
R_ADJ = "wall between adjacent squares"


def cover(
    m: BattleMap,
    attacker_pos: Square,
    attacker_squares: int,
    target_pos: Square,
    target_squares: int = 1,
    *,
    melee: bool = False,
    occupied: Container[Square] = (),
) -> Cover:
    """The target's cover against the attacker.

    ``melee``: a melee attack (an adjacent target then uses the wall test; a target at
    reach uses the ranged rules). ``occupied``: squares holding creatures (any
    container of squares, e.g. an :class:`~d20combat.grid.occupancy.Occupancy`); the
    attacker's and target's own squares are ignored, so they may be included. Helpless
    creatures and allies the caller does not want counted should be left out.

    >>> m = BattleMap.from_ascii(["....", ".#..", "...."])
    >>> cover(m, (0, 1), 1, (2, 1)).kind, cover(m, (0, 0), 1, (3, 0)).kind
    (<CoverKind.COVER: 2>, <CoverKind.NONE: 0>)
    >>> cover(m, (0, 0), 1, (2, 2)).kind  # only one corner of the target shows
    <CoverKind.IMPROVED: 3>
    >>> cover(m, (0, 2), 1, (3, 2), occupied={(2, 2)}).kind
    <CoverKind.SOFT: 1>

    Does not check range, reach or whether anyone can see.
    """
    ax, ay = attacker_pos
    tx, ty = target_pos
    if (
        ax < tx + target_squares
        and tx < ax + attacker_squares
        and (ay < ty + target_squares and ty < ay + attacker_squares)
    ):
        return NO_COVER
    if attacker_squares == 1 and target_squares == 1:
        tr = pair_trace(m, attacker_pos, target_pos)
        if melee and -1 <= tx - ax <= 1 and -1 <= ty - ay <= 1:
            return _adjacent(tr)
        return _ranged(m, tr, attacker_pos, 1, target_pos, 1, occupied, (attacker_pos, target_pos))
    adjacent_melee = (
        melee
        and footprint_distance(attacker_pos, attacker_squares, target_pos, target_squares) <= 5
    )
    own = set(footprint(attacker_pos, attacker_squares))
    own.update(footprint(target_pos, target_squares))
    best = make_cover(CoverKind.TOTAL, R_NO_LOE)
    for a in footprint(attacker_pos, attacker_squares):
        for t in footprint(target_pos, target_squares):
            tr = pair_trace(m, a, t)
            if adjacent_melee and -1 <= t[0] - a[0] <= 1 and -1 <= t[1] - a[1] <= 1:
                c = _adjacent(tr)
            else:
                c = _ranged(
                    m, tr, attacker_pos, attacker_squares, target_pos, target_squares, occupied, own
                )
            if c.kind < best.kind:
                best = c
                if c.kind is CoverKind.NONE:
                    return c
    return best


def _adjacent(tr: PairTrace) -> Cover:
    """Seed 003: adjacent melee -- cover if any line goes through a wall or low wall."""
    if not tr.loe:
        return make_cover(CoverKind.TOTAL, R_NO_LOE)
    if tr.walled:
        return make_cover(CoverKind.COVER, R_ADJ)
    return NO_COVER


def _ranged(
    m: BattleMap,
    tr: PairTrace,
    attacker_pos: Square,
    attacker_squares: int,
    target_pos: Square,
    target_squares: int,
    occupied: Container[Square],
    own: Container[Square],
) -> Cover:
    """Ranged rule for one pair of squares: the attacker's best corner."""
    if not tr.loe:
        return make_cover(CoverKind.TOTAL, R_NO_LOE)
    best_kind = CoverKind.TOTAL
    best_reason = R_NO_LOE
    for corner in tr.corners:
        kind, reason = _from_corner(
            corner, attacker_pos, attacker_squares, target_pos, target_squares, occupied, own
        )
        if kind < best_kind:
            best_kind, best_reason = kind, reason
            if kind is CoverKind.NONE:
                return NO_COVER
    return make_cover(best_kind, best_reason)


def _from_corner(
    corner: CornerTrace,
    attacker_pos: Square,
    attacker_squares: int,
    target_pos: Square,
    target_squares: int,
    occupied: Container[Square],
    own: Container[Square],
) -> tuple[CoverKind, str]:
    """The cover the four lines from one corner give (total when all are blocked)."""
    hard, crossed, gaps, low, slit, _fog = corner
    if hard >= 4:
        return CoverKind.TOTAL, R_NO_LOE
    if hard == 3:
        kind, reason = CoverKind.IMPROVED, R_PEEK
    elif hard:
        kind, reason = CoverKind.COVER, R_WALL
    else:
        kind, reason = CoverKind.NONE, ""
    if (
        slit
        and kind < CoverKind.IMPROVED
        and _counts(slit, attacker_pos, attacker_squares, target_pos, target_squares, False)
    ):
        kind, reason = CoverKind.IMPROVED, R_SLIT
    if (
        low
        and kind < CoverKind.COVER
        and _counts(low, attacker_pos, attacker_squares, target_pos, target_squares, True)
    ):
        kind, reason = CoverKind.COVER, R_LOW
    if kind is CoverKind.NONE and occupied and _soft(crossed, gaps, occupied, own):
        kind, reason = CoverKind.SOFT, R_SOFT
    return kind, reason


def burst_cover(m: BattleMap, point: Square, target_pos: Square, target_squares: int = 1) -> Cover:
    """The cover a creature has against an area bursting at grid intersection
    ``point`` (seed 003 "Cover": "+2 on Reflex saves against attacks originating or
    bursting out from a point on the other side of the cover"; seed 004 "Cover Reflex
    Save Bonus"): the ranged test with the lines drawn from the point itself to the
    corners of each of the creature's squares, the least cover over its squares (as an
    attacker picks a big target's square). Creatures give none (soft cover gives no
    Reflex bonus). Reading A200.

    >>> m = BattleMap.from_ascii(["....", ".=..", "...."])
    >>> burst_cover(m, (3, 1), (2, 1)).kind, burst_cover(m, (0, 0), (2, 1)).kind
    (<CoverKind.NONE: 0>, <CoverKind.COVER: 2>)
    """
    px, py = point
    best = make_cover(CoverKind.TOTAL, R_NO_LOE)
    for t in footprint(target_pos, target_squares):
        # the square the point is a corner of, on the side away from ``t``: the lines
        # leave it at once (an own square never covers)
        sx = px - 1 if t[0] >= px else px
        sy = py - 1 if t[1] >= py else py
        if not 0 <= sx < m.width:
            sx = px if sx == px - 1 else px - 1
        if not 0 <= sy < m.height:
            sy = py if sy == py - 1 else py - 1
        tr = pair_trace(m, (sx, sy), t)
        corner = tr.corners[CORNERS.index((px - sx, py - sy))]
        kind, reason = _from_corner(corner, (sx, sy), 1, target_pos, target_squares, (), ())
        if kind < best.kind:
            best = make_cover(kind, reason)
            if kind is CoverKind.NONE:
                break
    return best


COVER_SOURCES: dict[str, CoverSource] = {
    R_SOFT: "soft",
    R_WALL: "wall",
    R_ADJ: "adjacent-wall",
    R_LOW: "low-obstacle",
    R_PEEK: "peeking",
    R_SLIT: "arrow-slit",
}
"""The name, in a ruleset's ``cover_bonuses``, of the cover each grid reason gives."""


def rated(c: Cover, table: Mapping[CoverSource, tuple[int, int]]) -> tuple[int, int]:
    """``(AC or Defense bonus, Reflex bonus)`` of ``c`` under a ruleset's
    ``cover_bonuses`` (0s for none and for total cover, which allows no attack)."""
    if c.kind is CoverKind.NONE or c.kind is CoverKind.TOTAL:
        return (0, 0)
    return table[COVER_SOURCES[c.reason]]


def _counts(
    squares: tuple[Square, ...],
    attacker_pos: Square,
    attacker_squares: int,
    target_pos: Square,
    target_squares: int,
    within_30: bool,
) -> bool:
    """Whether some obstacle square counts: the attacker is not closer to it than the
    target (SRD "Low Obstacles and Cover") and, for low obstacles, the target is within
    30 ft of it."""
    for s in squares:
        dt = footprint_distance(target_pos, target_squares, s, 1)
        if within_30 and dt > 30:
            continue
        if footprint_distance(attacker_pos, attacker_squares, s, 1) < dt:
            continue
        return True
    return False


def _soft(
    crossed: tuple[Square, ...],
    gaps: tuple[tuple[Square, Square], ...],
    occupied: Container[Square],
    own: Container[Square],
) -> bool:
    for s in crossed:
        if s in occupied and s not in own:
            return True
    for s1, s2 in gaps:
        if s1 in occupied and s2 in occupied and s1 not in own and s2 not in own:
            return True
    return False
