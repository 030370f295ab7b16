"""Lines between square corners: line of effect, and the traces cover and concealment read.

Sources:
* seed 003 "Cover" / "Concealment" and SRD combat-ii "Cover": "choose a corner of your
  square. If any line from this corner to any corner of the target's square passes
  through a square or border that blocks line of effect or provides cover, or through a
  square occupied by a creature, the target has cover";
* SRD combat-ii "Total Cover": no line of effect means total cover;
* SRD spells "Line of Effect": a straight, unblocked path.

Geometry (exact, integer arithmetic). A square ``(x, y)`` is the closed unit box
``[x, x+1] x [y, y+1]``; corners are lattice points. A segment between two corners:

* **passes through** a square when it meets the square's open interior;
* **runs along a border** when it lies on the edge between two squares; the border
  counts (blocks, gives cover or concealment) only when *both* squares do -- a line along
  the face of a single wall or pillar is not blocked (judgment call; the SRD's "border
  that blocks" read as the seam between two blocking squares);
* **grazes a corner** point: not blocked, except where the two squares the line slips
  between both block (a diagonal wall has no gap -- the same "both sides" rule as a
  border; also checked at the segment's own ends, against the squares beside the
  attacker's or target's square, so a sealed diagonal pocket does not leak).

Squares off the map are solid wall. The attacker's and target's own squares never
block or cover. Geometry is cached per offset (translation-invariant, shared by all
maps); terrain summaries are cached per map and per pair of squares (cleared when a
door opens).
"""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd
from typing import NamedTuple

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.squares import Square, footprint, steps_distance
from d20combat.grid.terrain import BLOCKS_EFFECT, FOG, IMPROVED_COVER, LOW_OBSTACLE, WALL

Pair = tuple[Square, Square]
Segment = tuple[tuple[Square, ...], tuple[Pair, ...]]
"""``(squares passed through, pairs of squares the line slips between)``."""

CORNERS: tuple[Square, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Corner offsets of a square, in the order the traces list them."""

_GEOMETRY_LIMIT = 40_000  # bounded caches: cleared when full (memory stays modest)
_SEGMENTS: dict[tuple[int, int], Segment] = {}
_PAIRS: dict[tuple[int, int], tuple[tuple[Segment, ...], ...]] = {}


def segment_geometry(dx: int, dy: int) -> Segment:
    """What the segment from corner ``(0, 0)`` to corner ``(dx, dy)`` crosses.

    Returns the squares whose interior it passes through and the pairs of squares it
    runs between (each border it runs along, and the two squares it slips between at
    each lattice point strictly inside it). The ends are not included (they depend on
    whose corner it is: see :func:`pair_geometry`).

    >>> segment_geometry(2, 1)[0]
    ((0, 0), (1, 0))
    >>> segment_geometry(2, 2)
    (((0, 0), (1, 1)), (((1, 0), (0, 1)),))
    """
    key = (dx, dy)
    seg = _SEGMENTS.get(key)
    if seg is None:
        if len(_SEGMENTS) >= _GEOMETRY_LIMIT:
            _SEGMENTS.clear()
        seg = _SEGMENTS[key] = _segment(dx, dy)
    return seg


def _quad(px: int, py: int, qx: int, qy: int) -> Square:
    """The square in quadrant ``(qx, qy)`` (each +-1) around lattice point ``(px, py)``."""
    return (px if qx > 0 else px - 1, py if qy > 0 else py - 1)


def _segment(dx: int, dy: int) -> Segment:
    interior: list[Square] = []
    pairs: list[Pair] = []
    if dx == 0 and dy == 0:
        return ((), ())
    if dy == 0:
        lo, hi = (0, dx) if dx > 0 else (dx, 0)
        for x in range(lo, hi):
            pairs.append(((x, -1), (x, 0)))
        for x in range(lo + 1, hi):
            pairs.append(((x - 1, -1), (x, 0)))
            pairs.append(((x - 1, 0), (x, -1)))
        return ((), tuple(pairs))
    if dx == 0:
        lo, hi = (0, dy) if dy > 0 else (dy, 0)
        for y in range(lo, hi):
            pairs.append(((-1, y), (0, y)))
        for y in range(lo + 1, hi):
            pairs.append(((-1, y - 1), (0, y)))
            pairs.append(((0, y - 1), (-1, y)))
        return ((), tuple(pairs))
    den = abs(dx)
    sgn = 1 if dx > 0 else -1
    x_lo, x_hi = (0, dx) if dx > 0 else (dx, 0)
    for x in range(x_lo, x_hi):
        n0 = dy * x * sgn
        n1 = dy * (x + 1) * sgn
        lo, hi = (n0, n1) if n0 < n1 else (n1, n0)
        for j in range(lo // den, -((-hi) // den)):
            interior.append((x, j))
    g = gcd(abs(dx), abs(dy))
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    for k in range(1, g):
        px = dx * k // g
        py = dy * k // g
        pairs.append((_quad(px, py, sx, -sy), _quad(px, py, -sx, sy)))
    return (tuple(interior), tuple(pairs))


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def pair_geometry(ox: int, oy: int) -> tuple[tuple[Segment, ...], ...]:
    """The 4 x 4 corner-to-corner lines from square ``(0, 0)`` to square ``(ox, oy)``.

    ``result[i][j]`` is the line from corner ``CORNERS[i]`` of the first square to corner
    ``CORNERS[j]`` of the second, in the coordinates of the first square. The two
    squares themselves are left out of the crossed squares; the gaps the line slips
    through at its own ends (beside the owning square) are added to its pairs.
    """
    key = (ox, oy)
    geo = _PAIRS.get(key)
    if geo is not None:
        return geo
    out = []
    own = {(0, 0), (ox, oy)}
    for cx, cy in CORNERS:
        qax = -1 if cx else 1  # quadrant of the first square around its corner
        qay = -1 if cy else 1
        lines = []
        for ex, ey in CORNERS:
            qx = ox + ex
            qy = oy + ey
            dx = qx - cx
            dy = qy - cy
            seg_in, seg_pairs = segment_geometry(dx, dy)
            interior = tuple((cx + a, cy + b) for a, b in seg_in if (cx + a, cy + b) not in own)
            pairs = [((cx + a[0], cy + a[1]), (cx + b[0], cy + b[1])) for a, b in seg_pairs]
            qtx = -1 if ex else 1  # quadrant of the second square around its corner
            qty = -1 if ey else 1
            sx = _sign(dx)
            sy = _sign(dy)
            if sx == 0 and sy == 0:
                if qax == -qtx and qay == -qty:  # diagonal neighbours meeting at a point
                    pairs.append((_quad(cx, cy, -qax, qay), _quad(cx, cy, qax, -qay)))
            else:
                if sx in (0, -qax) and sy in (0, -qay):
                    pairs.append((_quad(cx, cy, -qax, qay), _quad(cx, cy, qax, -qay)))
                if -sx in (0, -qtx) and -sy in (0, -qty):
                    pairs.append((_quad(qx, qy, -qtx, qty), _quad(qx, qy, qtx, -qty)))
            lines.append((interior, tuple(pairs)))
        out.append(tuple(lines))
    if len(_PAIRS) >= _GEOMETRY_LIMIT // 8:
        _PAIRS.clear()
    geo = _PAIRS[key] = tuple(out)
    return geo


def line_squares(p: Square, q: Square) -> tuple[Square, ...]:
    """Squares whose interior the segment between corner points ``p`` and ``q`` passes
    through (corner points, not squares: ``(0, 0)`` is the top-left corner of ``a1``)."""
    inner, _ = segment_geometry(q[0] - p[0], q[1] - p[1])
    return tuple((p[0] + a, p[1] + b) for a, b in inner)


class CornerTrace(NamedTuple):
    """What the four lines from one corner of the attacker's square meet.

    ``hard`` counts the lines blocked for line of effect (0-4). ``crossed`` and
    ``gaps`` are the squares passed through and pairs slipped between (for soft cover by
    creatures); ``low`` and ``slit`` the low-obstacle and arrow-slit squares on any line;
    ``fog`` whether any line meets fog (the two end squares included).
    """

    hard: int
    crossed: tuple[Square, ...]
    gaps: tuple[Pair, ...]
    low: tuple[Square, ...]
    slit: tuple[Square, ...]
    fog: bool


class PairTrace(NamedTuple):
    """Terrain along the 16 corner-to-corner lines between two squares."""

    corners: tuple[CornerTrace, CornerTrace, CornerTrace, CornerTrace]
    loe: bool
    """Some line is unblocked: line of effect between the two squares."""
    walled: bool
    """Some line meets a wall, low wall or arrow slit (the adjacent-melee cover test)."""


_CACHE_LIMIT = 100_000
_WALLISH = BLOCKS_EFFECT | LOW_OBSTACLE | IMPROVED_COVER
_SEAM_WALL = 1 << 24  # not a terrain flag: "a seam between two wall-like squares"


def seam(f1: int, f2: int) -> int:
    """Terrain flags of the zero-width gap between two squares (a border or a corner
    point): what both have -- any two blocking squares (wall, closed door) block
    together, and two wall-like squares (also low walls, arrow slits) make a wall seam.
    """
    f = f1 & f2
    if f1 & BLOCKS_EFFECT and f2 & BLOCKS_EFFECT:
        f |= WALL
    if f1 & _WALLISH and f2 & _WALLISH:
        f |= _SEAM_WALL
    return f


def pair_trace(m: BattleMap, a: Square, t: Square) -> PairTrace:
    """The (cached) :class:`PairTrace` from square ``a`` to square ``t`` on ``m``."""
    w = m.width
    key = ((a[1] * w + a[0]) << 32) | ((t[1] * w + t[0]) & 0xFFFFFFFF)
    cache = m.cache("pair_trace")
    tr: PairTrace | None = cache.get(key)
    if tr is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        tr = cache[key] = _compute_trace(m, a, t)
    return tr


class _Shape(NamedTuple):
    """Map-independent data for the 16 lines between two squares at some offset."""

    lines: tuple[tuple[Segment, ...], ...]
    envelope: tuple[Square, ...]
    """Every square any of the lines passes through or slips beside."""
    crossed: tuple[tuple[Square, ...], ...]
    """Per corner: the squares its four lines pass through (no repeats)."""
    gaps: tuple[tuple[Pair, ...], ...]
    """Per corner: the pairs its four lines slip between (no repeats)."""


_SHAPES: dict[tuple[int, int], _Shape] = {}


def _shape(ox: int, oy: int) -> _Shape:
    key = (ox, oy)
    sh = _SHAPES.get(key)
    if sh is None:
        geo = pair_geometry(ox, oy)
        envelope: dict[Square, None] = {}
        crossed = []
        gaps = []
        for lines in geo:
            c: dict[Square, None] = {}
            g: dict[Pair, None] = {}
            for interior, pairs in lines:
                for sq in interior:
                    c[sq] = None
                    envelope[sq] = None
                for pr in pairs:
                    g[pr] = None
                    envelope[pr[0]] = None
                    envelope[pr[1]] = None
            crossed.append(tuple(c))
            gaps.append(tuple(g))
        if len(_SHAPES) >= _GEOMETRY_LIMIT // 8:
            _SHAPES.clear()
        sh = _SHAPES[key] = _Shape(geo, tuple(envelope), tuple(crossed), tuple(gaps))
    return sh


def _compute_trace(m: BattleMap, a: Square, t: Square) -> PairTrace:
    ax, ay = a
    w = m.width
    h = m.height
    cells = m.cells
    sh = _shape(t[0] - ax, t[1] - ay)
    # terrain of every square the lines meet, relative to ``a``; plain floor left out
    fl: dict[Square, int] = {}
    for rel in sh.envelope:
        x = ax + rel[0]
        y = ay + rel[1]
        f = cells[y * w + x] if 0 <= x < w and 0 <= y < h else WALL
        if f:
            fl[rel] = f
    end_fog = bool((m.flags(ax, ay) | m.flags(t[0], t[1])) & FOG)
    crossed_abs = [tuple([(ax + x, ay + y) for x, y in c]) for c in sh.crossed]
    gaps_abs = [
        tuple([((ax + p[0], ay + p[1]), (ax + q[0], ay + q[1])) for p, q in g]) for g in sh.gaps
    ]
    if not fl:  # open ground: nothing blocks, covers or conceals along the lines
        c0, c1, c2, c3 = (
            CornerTrace(0, crossed_abs[i], gaps_abs[i], (), (), end_fog) for i in range(4)
        )
        return PairTrace((c0, c1, c2, c3), True, False)
    get = fl.get
    corners = []
    loe = False
    walled = False
    for i, lines in enumerate(sh.lines):
        hard = 0
        low: dict[Square, None] = {}
        slit: dict[Square, None] = {}
        fog = end_fog
        for interior, pairs in lines:
            union = 0
            for rel in interior:
                f = get(rel, 0)
                if f:
                    union |= f
                    if f & LOW_OBSTACLE:
                        low[(ax + rel[0], ay + rel[1])] = None
                    if f & IMPROVED_COVER:
                        slit[(ax + rel[0], ay + rel[1])] = None
            for p, q in pairs:
                f1 = get(p, 0)
                if not f1:
                    continue
                f2 = get(q, 0)
                if not f2:
                    continue
                f = seam(f1, f2)
                union |= f
                if f & (LOW_OBSTACLE | IMPROVED_COVER):
                    s1 = (ax + p[0], ay + p[1])
                    s2 = (ax + q[0], ay + q[1])
                    if f & LOW_OBSTACLE:
                        low[s1] = None
                        low[s2] = None
                    if f & IMPROVED_COVER:
                        slit[s1] = None
                        slit[s2] = None
            if union & BLOCKS_EFFECT:
                hard += 1
            else:
                loe = True
            if union & (_WALLISH | _SEAM_WALL):
                walled = True
            if union & FOG:
                fog = True
        corners.append(CornerTrace(hard, crossed_abs[i], gaps_abs[i], tuple(low), tuple(slit), fog))
    c0, c1, c2, c3 = corners
    return PairTrace((c0, c1, c2, c3), loe, walled)


def line_of_effect(
    m: BattleMap,
    a_pos: Square,
    a_squares: int,
    t_pos: Square,
    t_squares: int = 1,
) -> bool:
    """Whether some unblocked line joins a corner of some square of one space to a
    corner of some square of the other (WALL and closed DOOR block; darkness, fog and
    arrow slits do not). Overlapping spaces always have line of effect.

    >>> m = BattleMap.from_ascii([".#.", "...", ".#."])
    >>> line_of_effect(m, (0, 0), 1, (2, 0)), line_of_effect(m, (0, 0), 1, (2, 2))
    (True, True)
    >>> line_of_effect(BattleMap.from_ascii(["...", "###", "..."]), (0, 0), 1, (2, 2))
    False
    """
    ax, ay = a_pos
    tx, ty = t_pos
    if ax < tx + t_squares and tx < ax + a_squares and ay < ty + t_squares and ty < ay + a_squares:
        return True
    for a in footprint(a_pos, a_squares):
        for t in footprint(t_pos, t_squares):
            if pair_trace(m, a, t).loe:
                return True
    return False


def point_line_of_effect(m: BattleMap, point: Square, square: Square) -> bool:
    """Line of effect from a grid intersection (a burst's origin) to a square: some
    unblocked segment from the point to one of the square's corners (the point itself
    belongs to no square, so only the target end checks its corner gap)."""
    px, py = point
    sx_, sy_ = square
    w = m.width
    h = m.height
    cells = m.cells

    def flags(x: int, y: int) -> int:
        if 0 <= x < w and 0 <= y < h:
            return cells[y * w + x]
        return WALL

    for ex, ey in CORNERS:
        qx = sx_ + ex
        qy = sy_ + ey
        dx = qx - px
        dy = qy - py
        interior, pairs = segment_geometry(dx, dy)
        blocked = False
        for a, b in interior:
            x = px + a
            y = py + b
            if (x, y) != square and flags(x, y) & BLOCKS_EFFECT:
                blocked = True
                break
        if not blocked:
            for (a1, b1), (a2, b2) in pairs:
                if seam(flags(px + a1, py + b1), flags(px + a2, py + b2)) & BLOCKS_EFFECT:
                    blocked = True
                    break
        if not blocked and (dx or dy):
            qtx = -1 if ex else 1
            qty = -1 if ey else 1
            rx = -_sign(dx)
            ry = -_sign(dy)
            if rx in (0, -qtx) and ry in (0, -qty):
                g1 = _quad(qx, qy, -qtx, qty)
                g2 = _quad(qx, qy, qtx, -qty)
                if seam(flags(*g1), flags(*g2)) & BLOCKS_EFFECT:
                    blocked = True
        if not blocked:
            return True
    return False


def burst_squares(m: BattleMap, point: Square, radius_ft: int) -> list[Square]:
    """Squares a burst from grid intersection ``point`` reaches: within ``radius_ft``
    (5-10-5 counted from the intersection: the four squares around it are 5 ft away)
    and with line of effect from the point, wall squares left out; row by row.

    Source: SRD spells "Aiming a Spell" (burst; a grid intersection as point of origin),
    "Line of Effect". Walls stop a burst; spreads around corners are not modelled.

    >>> len(burst_squares(BattleMap.open(20, 20), (10, 10), 10))
    12
    """
    r = radius_ft // 5
    px, py = point
    out = []
    for y in range(max(0, py - r), min(m.height, py + r)):
        gy = y - py + 1 if y >= py else py - y
        for x in range(max(0, px - r), min(m.width, px + r)):
            gx = x - px + 1 if x >= px else px - x
            if m.cells[y * m.width + x] & BLOCKS_EFFECT:
                continue  # solid: nothing to fill
            if steps_distance(gx, gy) <= r and point_line_of_effect(m, point, (x, y)):
                out.append((x, y))
    return out


def iter_lines(m: BattleMap, a: Square, t: Square) -> Iterator[tuple[Square, Square, bool]]:
    """``(from_corner, to_corner, blocked)`` for the 16 lines between two squares
    (absolute corner points): a debugging and teaching aid."""
    tr = pair_geometry(t[0] - a[0], t[1] - a[1])
    for i, (cx, cy) in enumerate(CORNERS):
        for j, (ex, ey) in enumerate(CORNERS):
            interior, pairs = tr[i][j]
            ax, ay = a
            blocked = any(m.flags(ax + x, ay + y) & BLOCKS_EFFECT for x, y in interior) or any(
                seam(m.flags(ax + p[0], ay + p[1]), m.flags(ax + q[0], ay + q[1])) & BLOCKS_EFFECT
                for p, q in pairs
            )
            yield ((a[0] + cx, a[1] + cy), (t[0] + ex, t[1] + ey), blocked)
