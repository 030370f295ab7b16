"""Movement: costs and paths (Dijkstra with the 5-10-5 parity), squeezing, charge lanes.

Sources (SRD combat-ii "Tactical Movement" unless noted):
* "Measuring Distance": diagonals cost 1, 2, 1, 2...; "You can't move diagonally past a
  corner (even by taking a 5-foot step). You can move diagonally past a creature, even
  an opponent. You can also move diagonally past other impassable obstacles, such as
  pits";
* "Moving Through a Square": friends can be passed, not ended in; opponents block
  (unless helpless); "Ending Your Movement";
* "Difficult Terrain": a square counts as 2, a diagonal into it as 3; "If you occupy
  squares with different kinds of terrain, you can move only as fast as the most
  difficult terrain you occupy will allow"; flying creatures are not hampered;
* "Obstacles": each obstructed square counts as 2 squares; "Double Movement Cost":
  doubled twice, a square counts as 4 (6 diagonally), three times 8 (12);
* "Squeezing": through a space at least half as wide, each move counts as 2 squares,
  -4 on attacks and AC while squeezed;
* "Hampered Movement" and "Double Movement Cost": poor visibility hampers movement
  like difficult terrain (``unseen``: the terrain a mover cannot see in, darkness
  without darkvision, fog for everyone), and SRD combat-i "Take 5-Foot Step": no step
  where darkness hampers;
* "Charge": if any line from your starting space to the ending space passes through a
  square that blocks movement, slows movement, or contains a creature (even an ally),
  you can't charge; helpless creatures don't stop a charge.

Judgment calls (see docs/grid.md):
* hampering doublings of one step: one for difficult terrain or shallow water, one for a
  low obstacle, one for poor visibility, one for squeezing; a step's doublings are the
  most of any square of the *destination* space; with at least one doubling a diagonal
  costs ``3 * 2**(k-1)`` squares and does not advance the 1-2-1-2 diagonal count;
* low walls are obstructed squares (x2 when entering them), not edges;
* the diagonal-corner rule: a diagonal step is forbidden when either of the two squares
  it cuts past (the corners of the swept rectangle in neither space) is a wall, closed
  door or arrow slit; deep water and creatures do not stop it;
* squeezing (creatures of 2+ squares): a position whose space is not all walkable is
  *squeezed* if ``ceil(squares / 2)`` adjacent full columns or rows of it are walkable,
  and a step into or out of a squeezed position must keep some walkable square in both
  spaces (the body stays connected);
  the creature keeps its nominal ``n x n`` position (the encounter should treat only the
  walkable squares as occupied). Medium and smaller creatures never squeeze;
* squeezing past opponents (SRD "Squeezing", A195): a mover of 2+ squares may pass a
  position over opponents' squares if, those taken as walls, it could squeeze there;
  the squeezing doubling, its body connected, never an end (``movement_costs``);
* a very large helpless body (SRD "Helpless Opponent", A196): one more doubling over
  its squares (``heavy``);
* low ceilings (seed 000 "Squeezing Through"; ``low-ceiling`` squares, 8 ft high,
  reading A131): ``stoop`` 1 for a creature up to twice as tall (Large), who *stoops*
  there with the squeezing penalties; one doubling for a position squeezed, low or
  both (narrow and low doubles the -4s, not the cost: A20); ``stoop`` 2 for a taller
  one, kept out (a quarter of its height it could crawl under prone: not modelled);
* the charge lane: for each square of the space, the line from its centre at the start
  to its centre at the end (the usual "draw a line" reading; lines from every point
  would make any diagonal charge brush the squares beside it). Squares whose interior a
  line passes are checked, the starting space excluded and the ending space included; a
  line passing exactly through a grid corner slips between the two squares there, which
  may hold creatures but not a wall corner.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Container, Iterable, Mapping
from fractions import Fraction
from itertools import pairwise
from typing import TypeVar

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.squares import Square, footprint
from d20combat.grid.terrain import (
    BLOCKS_MOVE,
    CORNER,
    DEEP_WATER,
    DOOR,
    HAMPERS,
    LOW_CEILING,
    LOW_CEILING_FT,
    LOW_OBSTACLE,
)

INF = 1 << 30
_SEARCH_LIMIT = 2048  # bounded searches cached per map (by start and nearby blocked squares)

# direction order: orthogonals first (a deterministic tie order), then diagonals
_DIRS: tuple[tuple[int, int], ...] = (
    (0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1),
)  # fmt: skip

FIT_NONE = 0
FIT_CLEAR = 1
FIT_SQUEEZED = 2

_T = TypeVar("_T")


class _Lazy(dict[int, _T]):
    """A table filled in on first use: ``table[i]`` is ``make(i)``, worked out once."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int], _T]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> _T:
        value = self[key] = self.make(key)
        return value


class StepTable:
    """Per map, mover size and movement mode: which positions fit, and the legal steps
    from each with their doublings. Built once, cached on the map; the steps of a
    position are worked out the first time a search reaches it, so a big map costs
    memory only where creatures go."""

    __slots__ = (
        "_corner",
        "_n",
        "_walk",
        "_width",
        "doublings",
        "fit",
        "low",
        "moves",
        "steps",
    )

    def __init__(
        self,
        width: int,
        n: int,
        fit: bytearray,
        doublings: bytearray,
        walk: bytearray,
        corner: bytearray,
        low: bytearray | None = None,
    ) -> None:
        self._width = width
        self.low = low
        """``low[i]``: the mover stoops at position i under a low ceiling (None: nowhere)."""
        self._n = n
        self._walk = walk
        self._corner = corner
        self.fit = fit
        self.doublings = doublings
        self.steps: Mapping[int, tuple[tuple[int, bool, int], ...]] = _Lazy(self._steps_from)
        """``steps[i]``: ``(j, diagonal, doublings)`` for each legal step from position i."""
        self.moves: Mapping[int, tuple[tuple[int, int, int], ...]] = _Lazy(self._moves_of)
        """``moves[2 * i + parity]``: ``(next_state, cost_in_squares, j)`` per step."""

    def squeezes_past(self, i: int, taken: Container[Square]) -> bool:
        """Whether the mover (2+ squares) fits at position ``i`` squeezed beside the
        ``taken`` squares (opponents', as walls): ``ceil(n / 2)`` adjacent full columns
        or rows of its space walkable and free (SRD combat-ii "Squeezing": "A creature
        can squeeze past an opponent while moving"; A195)."""
        n = self._n
        w = self._width
        walk = self._walk
        y, x = divmod(i, w)
        free = [
            [bool(walk[(y + r) * w + x + c]) and (x + c, y + r) not in taken for c in range(n)]
            for r in range(n)
        ]
        cols = [all(free[r][c] for r in range(n)) for c in range(n)]
        rows = [all(free[r]) for r in range(n)]
        half = (n + 1) // 2
        return _run(cols) >= half or _run(rows) >= half

    def linked(self, i: int, j: int, taken: Container[Square]) -> bool:
        """Whether some square of both positions ``i`` and ``j`` is walkable and not
        ``taken``: a body squeezing past opponents stays connected (no hopping over
        them, as over a wall)."""
        n = self._n
        w = self._width
        y, x = divmod(i, w)
        ny, nx = divmod(j, w)
        return any(
            self._walk[yy * w + xx] and (xx, yy) not in taken
            for yy in range(max(y, ny), min(y, ny) + n)
            for xx in range(max(x, nx), min(x, nx) + n)
        )

    def _moves_of(self, state: int) -> tuple[tuple[int, int, int], ...]:
        return _moves(self.steps[state >> 1], state & 1)

    def _steps_from(self, i: int) -> tuple[tuple[int, bool, int], ...]:
        fit = self.fit
        if not fit[i]:
            return ()
        w = self._width
        h = len(fit) // w
        n = self._n
        walk = self._walk
        y, x = divmod(i, w)
        out = []
        for sx, sy in _DIRS:
            nx = x + sx
            ny = y + sy
            if not (0 <= nx <= w - n and 0 <= ny <= h - n):
                continue
            j = ny * w + nx
            if not fit[j]:
                continue
            diag = sx != 0 and sy != 0
            if diag:
                e1 = (x + n if sx > 0 else x - 1, y if sy > 0 else y + n - 1)
                e2 = (x if sx > 0 else x + n - 1, y + n if sy > 0 else y - 1)
                if self._is_corner(*e1) or self._is_corner(*e2):
                    continue
            # a squeezed body must stay connected: some walkable square is in both
            # spaces (no hopping from one side of a wall to the other)
            if (
                n > 1
                and (fit[i] == FIT_SQUEEZED or fit[j] == FIT_SQUEEZED)
                and not any(
                    walk[yy * w + xx]
                    for yy in range(max(y, ny), min(y, ny) + n)
                    for xx in range(max(x, nx), min(x, nx) + n)
                )
            ):
                continue
            out.append((j, diag, self.doublings[j]))
        return tuple(out)

    def _is_corner(self, x: int, y: int) -> bool:
        w = self._width
        if not (0 <= x < w and 0 <= y < len(self.fit) // w):
            return True
        return bool(self._corner[y * w + x])


def step_table(
    m: BattleMap,
    squares: int = 1,
    *,
    swim: bool = False,
    ignore_difficult: bool = False,
    squeeze: bool = True,
    unseen: int = 0,
    stoop: int = 0,
) -> StepTable:
    """The cached :class:`StepTable` for a mover of ``squares`` on ``m``; ``unseen``:
    the terrain flags where it cannot see (poor visibility hampers its movement);
    ``stoop``: :func:`stooping`."""
    key = (squares, swim, ignore_difficult, squeeze, unseen, stoop)
    cache = m.cache("step_table")
    tab: StepTable | None = cache.get(key)
    if tab is None:
        tab = cache[key] = _build_steps(m, squares, swim, ignore_difficult, squeeze, unseen, stoop)
    return tab


def stooping(m: BattleMap, height_ft: Fraction | int) -> int:
    """How a creature ``height_ft`` tall passes the map's low ceilings (seed 000
    "Squeezing Through": "a ceiling as low as half its height with the same penalties
    ... as low as one-quarter its height ... prone and crawling"): 0 freely (or the map
    has none), 1 stooping (half speed, -4 on attacks and to AC), 2 only prone and
    crawling (standing it cannot enter: ``Space.stoop`` lets a prone creature crawl
    under), 3 not at all (a ceiling lower than a quarter of its height, A131).

    >>> m = BattleMap.from_ascii(["._"])
    >>> stooping(m, 8), stooping(m, 16), stooping(m, 32), stooping(m, 64)
    (0, 1, 2, 3)
    >>> stooping(BattleMap.open(1, 1), 32)
    0
    """
    if height_ft <= LOW_CEILING_FT or not m.has(LOW_CEILING):
        return 0
    if height_ft <= 2 * LOW_CEILING_FT:
        return 1
    return 2 if height_ft <= 4 * LOW_CEILING_FT else 3


def _build_steps(
    m: BattleMap,
    n: int,
    swim: bool,
    ignore_difficult: bool,
    squeeze: bool,
    unseen: int,
    stoop: int = 0,
) -> StepTable:
    w = m.width
    h = m.height
    cells = m.cells
    size = w * h
    walk = bytearray(size)
    hamper = bytearray(size)
    low = bytearray(size) if stoop else None  # squares where it stoops
    for i, f in enumerate(cells):
        if not f & BLOCKS_MOVE and (swim or not f & DEEP_WATER):
            walk[i] = 1
            if low is not None and f & LOW_CEILING:
                if stoop > 1:
                    walk[i] = 0
                else:
                    low[i] = 1
        if not ignore_difficult:
            hamper[i] = (1 if f & HAMPERS else 0) + (1 if f & LOW_OBSTACLE else 0)
        if f & unseen:
            hamper[i] += 1
    fit = bytearray(size)
    doublings = bytearray(size)
    low_at = bytearray(size) if low is not None else None  # positions where it stoops
    half = (n + 1) // 2
    for y in range(h - n + 1):
        for x in range(w - n + 1):
            i = y * w + x
            if n == 1:
                if walk[i]:
                    fit[i] = FIT_CLEAR
                    doublings[i] = hamper[i] + (low[i] if low is not None else 0)
                continue
            cols = [all(walk[(y + j) * w + x + c] for j in range(n)) for c in range(n)]
            rows = [all(walk[(y + r) * w + x + c] for c in range(n)) for r in range(n)]
            if all(cols):
                state = FIT_CLEAR
            elif (
                squeeze
                and (_run(cols) >= half or _run(rows) >= half)
                # squeezed against a wall, never half into a closed door (its space
                # would reach through the door: a reading, A52)
                and not any(cells[(y + j) * w + x + c] & DOOR for j in range(n) for c in range(n))
            ):
                state = FIT_SQUEEZED
            else:
                continue
            fit[i] = state
            k = 0
            stooped = 0
            for j in range(n):
                for c in range(n):
                    s = (y + j) * w + x + c
                    if walk[s] and hamper[s] > k:
                        k = hamper[s]
                    if low is not None and low[s]:
                        stooped = 1
            doublings[i] = k + (1 if state == FIT_SQUEEZED or stooped else 0)
            if stooped and low_at is not None:
                low_at[i] = 1

    corner = bytearray(1 if f & CORNER else 0 for f in cells)
    if low is not None and n == 1:
        low_at = low
    return StepTable(w, n, fit, doublings, walk, corner, low_at)


def _moves(
    steps: Iterable[tuple[int, bool, int]], par: int, extra: bytearray | None = None
) -> tuple[tuple[int, int, int], ...]:
    """``(next_state, cost_in_squares, j)`` of each step from a state of parity ``par``;
    ``extra``: one more doubling into the positions it marks."""
    row = []
    for j, diag, k in steps:
        if extra is not None:
            k += extra[j]
        if diag and not k:  # 1-2-1-2: cost by parity, parity flips
            row.append((2 * j + (par ^ 1), 1 + par, j))
        elif diag:
            row.append((2 * j + par, 3 << (k - 1), j))
        else:
            row.append((2 * j + par, 1 << k, j))
    return tuple(row)


class _Heavier(dict[int, tuple[tuple[int, int, int], ...]]):
    """A step table's moves with more doublings into the positions ``extra`` marks (a
    very large helpless creature's squares, a squeeze past an opponent:
    :func:`movement_costs`); a step into or out of a position of ``past`` (squeezing
    past the ``taken`` squares) must keep the body connected (:meth:`StepTable.linked`)."""

    __slots__ = ("extra", "past", "tab", "taken")

    def __init__(
        self, tab: StepTable, extra: bytearray, past: bytearray, taken: Container[Square]
    ) -> None:
        super().__init__()
        self.tab = tab
        self.extra = extra
        self.past = past
        self.taken = taken

    def __missing__(self, state: int) -> tuple[tuple[int, int, int], ...]:
        i = state >> 1
        steps = self.tab.steps[i]
        past = self.past
        if past[i] or any(past[j] for j, _, _ in steps):
            steps = tuple(
                s
                for s in steps
                if not (past[i] or past[s[0]]) or self.tab.linked(i, s[0], self.taken)
            )
        value = self[state] = _moves(steps, state & 1, self.extra)
        return value


def _run(flags: list[bool]) -> int:
    best = cur = 0
    for f in flags:
        cur = cur + 1 if f else 0
        best = max(best, cur)
    return best


def fit(m: BattleMap, pos: Square, squares: int = 1, *, swim: bool = False, stoop: int = 0) -> int:
    """0 if a ``squares``-wide creature can't stand at ``pos``, 1 if it fits, 2 if only
    squeezed (SRD "Squeezing": -4 on attack rolls and to AC); ``stoop``:
    :func:`stooping`."""
    x, y = pos
    if not (0 <= x <= m.width - squares and 0 <= y <= m.height - squares):
        return FIT_NONE
    return step_table(m, squares, swim=swim, stoop=stoop).fit[y * m.width + x]


def stooped(m: BattleMap, pos: Square, squares: int = 1, *, stoop: int = 0) -> bool:
    """Whether a creature (``stoop``: :func:`stooping`) standing at ``pos`` is under a
    ceiling as low as half its height (seed 000 "Squeezing Through": the squeezing
    penalties; both narrow and low, doubled)."""
    if not stoop:
        return False
    x, y = pos
    if not (0 <= x <= m.width - squares and 0 <= y <= m.height - squares):
        return False
    low = step_table(m, squares, stoop=stoop).low
    return low is not None and bool(low[y * m.width + x])


def _mark(marks: bytearray, squares_in: Iterable[Square], n: int, w: int, h: int) -> list[int]:
    """Mark every position whose ``n``-wide space contains one of ``squares_in``;
    return their indices (repeats possible)."""
    marked = []
    for sx, sy in squares_in:
        for dy in range(n):
            y = sy - dy
            if not 0 <= y < h:
                continue
            for dx in range(n):
                x = sx - dx
                if 0 <= x < w:
                    marks[y * w + x] = 1
                    marked.append(y * w + x)
    return marked


class Reachable:
    """Result of :func:`movement_costs`: cost in feet to each position where the mover
    may end, paths, and which positions are squeezed."""

    __slots__ = (
        "_best",
        "_dist",
        "_everywhere",
        "_fit",
        "_noend",
        "_noend_at",
        "_pred",
        "map",
        "squares",
        "start",
    )

    def __init__(
        self,
        m: BattleMap,
        start: Square,
        squares: int,
        dist: dict[int, int],
        pred: dict[int, int],
        noend: bytearray | None,
        fit_: bytearray,
        everywhere: list[dict[Square, int] | None] | None = None,
        noend_at: list[int] | None = None,
    ) -> None:
        self.map = m
        self.start = start
        self.squares = squares
        self._dist = dist
        self._pred = pred
        self._noend = noend
        self._fit = fit_
        self._best: dict[Square, int] | None = None
        # the costs of every position reached, ends or not (shared by searches alike)
        self._everywhere: list[dict[Square, int] | None] = everywhere or [None]
        if noend is not None and noend_at is None:
            noend_at = [i for i, marked in enumerate(noend) if marked]
        self._noend_at = noend_at or []  # the positions (indices) marked in ``noend``

    def _state(self, pos: Square) -> int:
        x, y = pos
        w = self.map.width
        if not (0 <= x < w and 0 <= y < self.map.height):
            return -1
        i = y * w + x
        d0 = self._dist.get(2 * i, INF)
        d1 = self._dist.get(2 * i + 1, INF)
        if d0 >= INF and d1 >= INF:
            return -1
        return 2 * i if d0 <= d1 else 2 * i + 1

    def passes(self, pos: Square) -> bool:
        """Whether the mover can reach ``pos`` within the budget (maybe not stop there)."""
        return self._state(pos) >= 0

    def cost(self, pos: Square) -> int | None:
        """Feet to reach and end at ``pos``; ``None`` if out of reach or not an end."""
        s = self._state(pos)
        if s < 0:
            return None
        if self._noend is not None and self._noend[s >> 1]:
            return None
        return 5 * self._dist[s]

    def __contains__(self, pos: object) -> bool:
        return isinstance(pos, tuple) and self.cost(pos) is not None

    def positions(self) -> dict[Square, int]:
        """Every position the mover may end at, with its cost in feet (row by row; do
        not change the dict)."""
        if self._best is None:
            w = self.map.width
            everywhere = self._everywhere[0]
            if everywhere is None:
                best: dict[int, int] = {}
                for st, d in self._dist.items():
                    i = st >> 1
                    old = best.get(i)
                    if old is None or d < old:
                        best[i] = d
                everywhere = {(i % w, i // w): 5 * best[i] for i in sorted(best)}
                self._everywhere[0] = everywhere
            if not self._noend_at:
                self._best = everywhere
            else:
                self._best = dict(everywhere)
                for i in self._noend_at:
                    self._best.pop((i % w, i // w), None)
        return self._best

    def path_to(self, pos: Square) -> list[Square]:
        """Positions from the start to ``pos`` (both included), or ``[]`` if unreachable.

        The path may pass positions the mover can't end in; ``pos`` itself need not be an
        end (use :meth:`cost` to check)."""
        s = self._state(pos)
        if s < 0:
            return []
        w = self.map.width
        out = []
        while s >= 0:
            y, x = divmod(s >> 1, w)
            out.append((x, y))
            s = self._pred[s]
        out.reverse()
        return out

    def squeezed(self, pos: Square) -> bool:
        """Whether the mover is squeezed at ``pos`` (-4 attacks and AC)."""
        x, y = pos
        if not (0 <= x < self.map.width and 0 <= y < self.map.height):
            return False
        return self._fit[y * self.map.width + x] == FIT_SQUEEZED


def movement_costs(
    m: BattleMap,
    start: Square,
    squares: int = 1,
    *,
    budget_ft: int | None = None,
    blocked: Iterable[Square] = (),
    no_end: Iterable[Square] = (),
    swim: bool = False,
    ignore_difficult: bool = False,
    squeeze: bool = True,
    start_parity: int = 0,
    unseen: int = 0,
    stoop: int = 0,
    no_squeezed_end: Iterable[Square] = (),
    heavy: Iterable[Square] = (),
) -> Reachable:
    """Cheapest movement from ``start`` to every position within ``budget_ft``.

    ``blocked``: squares the mover may not enter (opponents); ``no_end``: squares it may
    pass but not end in (allies, helpless creatures it may cross); ``no_squeezed_end``:
    squares it may not end over while squeezed (smaller creatures' squares, seed 000
    "Squeezing Through"); ``heavy``: squares that cost one more doubling to a position
    over them (a very large helpless creature's: SRD combat-ii "Helpless Opponent").
    The mover's own space must not be listed. ``start_parity`` 1
    means the next normal diagonal costs 2 (continuing a count). ``ignore_difficult``
    is for fliers. The start position is always reachable at cost 0.

    >>> r = movement_costs(BattleMap.from_ascii(["...", ".,.", "..."]), (0, 0), budget_ft=30)
    >>> r.cost((1, 1)), r.cost((2, 2)), r.cost((2, 0))
    (15, 15, 10)

    Does not check attacks of opportunity, speed modes or the 5-foot step rules.
    """
    tab = step_table(
        m,
        squares,
        swim=swim,
        ignore_difficult=ignore_difficult,
        squeeze=squeeze,
        unseen=unseen,
        stoop=stoop,
    )
    w = m.width
    h = m.height
    size = w * h
    x0, y0 = start
    if not (0 <= x0 < w and 0 <= y0 < h):
        raise ValueError(f"start {start} is off the map")
    s0 = 2 * (y0 * w + x0) + (start_parity & 1)
    limit = INF if budget_ft is None else budget_ft // 5
    key: tuple[object, ...] | None = None
    if limit < INF:
        # A bounded search only sees the squares some position within its reach
        # covers: 5-10-5 within ``limit`` of the start (a move costs at least that)
        blocked = _within(blocked, x0, y0, squares, limit)
        no_end = _within(no_end, x0, y0, squares, limit)
        heavy = _within(heavy, x0, y0, squares, limit) if heavy else ()
        key = (
            s0,
            squares,
            limit,
            swim,
            ignore_difficult,
            squeeze,
            unseen,
            stoop,
            frozenset(blocked),
        )
        if heavy:
            key = (*key, frozenset(heavy))
    else:
        blocked = blocked if isinstance(blocked, (set, frozenset, list, tuple)) else list(blocked)
        heavy = list(heavy)
    noend_arr = bytearray(size)
    noend_at = _mark(noend_arr, no_end, squares, w, h)
    if no_squeezed_end:  # squeezed positions over these squares are no ends either
        over = bytearray(size)
        for i in _mark(over, no_squeezed_end, squares, w, h):
            if tab.fit[i] == FIT_SQUEEZED and not noend_arr[i]:
                noend_arr[i] = 1
                noend_at.append(i)
    # a big mover squeezes past opponents: over their squares, never ending there (A195)
    past: list[int] = []
    if squares > 1 and squeeze and blocked:
        taken = set(blocked)
        seen = bytearray(size)
        for i in _mark(seen, taken, squares, w, h):
            if seen[i] == 1 and tab.fit[i] and tab.squeezes_past(i, taken):
                past.append(i)
            seen[i] = 2
        for i in past:
            if not noend_arr[i]:
                noend_arr[i] = 1
                noend_at.append(i)
    noend = noend_arr if noend_at else None
    if key is not None:
        cache = m.cache("searches")
        hit = cache.get(key)
        if hit is not None:
            return Reachable(m, start, squares, hit[0], hit[1], noend, tab.fit, hit[2], noend_at)
    fast = None
    if limit < INF and not start_parity and tab.fit[s0 >> 1] == FIT_CLEAR and not heavy:
        # low ceilings are rough ground for a mover that stoops or cannot pass them
        rough = unseen | LOW_CEILING if stoop else unseen
        fast = _open_area(m, x0, y0, squares, limit, blocked, rough)
    if fast is not None:
        dist, pred = fast
    else:
        bad = bytearray(size)
        _mark(bad, blocked, squares, w, h)
        moves: Mapping[int, tuple[tuple[int, int, int], ...]] = tab.moves
        if heavy or past:
            extra = bytearray(size)
            _mark(extra, heavy, squares, w, h)
            marks = bytearray(size)
            for i in past:
                bad[i] = 0
                marks[i] = 1
                if tab.fit[i] == FIT_CLEAR:  # squeezing: one doubling (a squeezed one has it)
                    extra[i] += 1
            moves = _Heavier(tab, extra, marks, set(blocked))
        dist, pred = _search([s0], moves, bad, limit)
    everywhere: list[dict[Square, int] | None] = [None]
    if key is not None:
        if len(cache) >= _SEARCH_LIMIT:
            cache.clear()
        cache[key] = (dist, pred, everywhere)
    return Reachable(m, start, squares, dist, pred, noend, tab.fit, everywhere, noend_at)


def _within(squares_in: Iterable[Square], x0: int, y0: int, n: int, limit: int) -> list[Square]:
    """The squares that some position at most ``limit`` squares (5-10-5) from ``(x0,
    y0)`` covers with an ``n``-wide space."""
    xe, ye = x0 + n, y0 + n
    out = []
    for s in squares_in:
        x, y = s
        gx = x - xe + 1 if x >= xe else (x0 - x if x < x0 else 0)
        gy = y - ye + 1 if y >= ye else (y0 - y if y < y0 else 0)
        if (gy + (gx >> 1) if gx < gy else gx + (gy >> 1)) <= limit:
            out.append(s)
    return out


def _rough_prefix(m: BattleMap, unseen: int = 0) -> list[int]:
    """2-D prefix sums (``(w + 1) x (h + 1)``) of squares that are not plain floor for
    movement (anything blocking, hampering or watery, or ``unseen``)."""
    cache = m.cache("movement")
    pre: list[int] | None = cache.get(("rough", unseen))
    if pre is None:
        w = m.width
        h = m.height
        rough = BLOCKS_MOVE | DEEP_WATER | HAMPERS | LOW_OBSTACLE | unseen
        pre = [0] * ((w + 1) * (h + 1))
        for y in range(h):
            run = 0
            for x in range(w):
                run += 1 if m.cells[y * w + x] & rough else 0
                pre[(y + 1) * (w + 1) + x + 1] = pre[y * (w + 1) + x + 1] + run
        cache[("rough", unseen)] = pre
    return pre


def _open_area(
    m: BattleMap, x0: int, y0: int, n: int, limit: int, blocked: Iterable[Square], unseen: int
) -> tuple[dict[int, int], dict[int, int]] | None:
    """The search result without searching, when every square the mover could reach is
    plain floor and no blocked square is in range: costs are then 5-10-5 distances (the
    diagonal-first path is optimal inside a rectangle). ``None`` when not applicable."""
    w = m.width
    h = m.height
    xa = max(0, x0 - limit)
    ya = max(0, y0 - limit)
    xb = min(w, x0 + limit + n)  # exclusive
    yb = min(h, y0 + limit + n)
    pre = _rough_prefix(m, unseen)
    w1 = w + 1
    if pre[yb * w1 + xb] - pre[ya * w1 + xb] - pre[yb * w1 + xa] + pre[ya * w1 + xa]:
        return None
    for bx, by in blocked:
        if xa <= bx < xb and ya <= by < yb:
            return None
    dist: dict[int, int] = {}
    pred: dict[int, int] = {}
    for dy in range(max(-limit, -y0), min(limit, h - n - y0) + 1):
        ady = -dy if dy < 0 else dy
        sy = (dy > 0) - (dy < 0)
        for dx in range(max(-limit, -x0), min(limit, w - n - x0) + 1):
            adx = -dx if dx < 0 else dx
            if adx < ady:
                d, c = adx, ady + (adx >> 1)
            else:
                d, c = ady, adx + (ady >> 1)
            if c > limit:
                continue
            st = 2 * ((y0 + dy) * w + x0 + dx) + (d & 1)
            dist[st] = c
            if dx and dy:
                sx = (dx > 0) - (dx < 0)
                pred[st] = 2 * ((y0 + dy - sy) * w + x0 + dx - sx) + ((d - 1) & 1)
            elif dx:
                sx = (dx > 0) - (dx < 0)
                pred[st] = 2 * ((y0 + dy) * w + x0 + dx - sx)
            elif dy:
                pred[st] = 2 * ((y0 + dy - sy) * w + x0)
            else:
                pred[st] = -1
    return dist, pred


def _search(
    first: list[int],
    moves: Mapping[int, tuple[tuple[int, int, int], ...]],
    bad: bytearray,
    limit: int,
) -> tuple[dict[int, int], dict[int, int]]:
    """Dijkstra over states ``2 * position + parity`` with a bucket queue (costs are
    small integers); sparse dicts so a short search on a big map stays cheap.

    A state is dropped when the same position with the other parity is already as good:
    parity 0 (next diagonal costs 1) at cost ``c`` beats parity 1 at ``c`` or more, and
    parity 1 at ``c`` beats parity 0 at ``c + 1`` or more (the 1-2-1-2 count never
    differs by more than one square)."""
    dist: dict[int, int] = dict.fromkeys(first, 0)
    pred: dict[int, int] = dict.fromkeys(first, -1)
    bounded = limit < INF
    buckets: list[list[int]] = [[] for _ in range(limit + 1)] if bounded else [[]]
    buckets[0].extend(dist)
    get = dist.get
    c = 0
    while c < len(buckets):
        for s in buckets[c]:
            if dist[s] != c:
                continue
            for ns, cost, j in moves[s]:
                if bad[j]:
                    continue
                nc = c + cost
                if nc > limit or nc >= get(ns, INF):
                    continue
                if get(ns ^ 1, INF) + (ns & 1 ^ 1) <= nc:
                    continue  # the other parity at this position is as good
                dist[ns] = nc
                pred[ns] = s
                if not bounded:
                    while len(buckets) <= nc:
                        buckets.append([])
                buckets[nc].append(ns)
        c += 1
    return dist, pred


def path_between(
    m: BattleMap,
    start: Square,
    goal: Square,
    squares: int = 1,
    *,
    budget_ft: int | None = None,
    blocked: Iterable[Square] = (),
    no_end: Iterable[Square] = (),
    swim: bool = False,
    ignore_difficult: bool = False,
    unseen: int = 0,
) -> tuple[int, list[Square]] | None:
    """``(feet, path)`` of a cheapest legal move from ``start`` to end at ``goal``, or
    ``None``."""
    r = movement_costs(
        m,
        start,
        squares,
        budget_ft=budget_ft,
        blocked=blocked,
        no_end=no_end,
        swim=swim,
        ignore_difficult=ignore_difficult,
        unseen=unseen,
    )
    cost = r.cost(goal)
    if cost is None:
        return None
    return (cost, r.path_to(goal))


def path_cost(
    m: BattleMap,
    path: list[Square],
    squares: int = 1,
    *,
    swim: bool = False,
    ignore_difficult: bool = False,
    unseen: int = 0,
    stoop: int = 0,
    heavy: Container[Square] = (),
    taken: Container[Square] = (),
) -> int | None:
    """Feet a given path of single steps costs (5-10-5 parity, terrain, squeezing, low
    ceilings, poor visibility, ``heavy`` squares as in :func:`movement_costs`), or
    ``None`` if some step is not legal terrain-wise (creatures are not checked, but for
    ``taken``: opponents' squares a mover of 2+ squares may only squeeze past, A195)."""
    tab = step_table(
        m, squares, swim=swim, ignore_difficult=ignore_difficult, unseen=unseen, stoop=stoop
    )
    w = m.width
    total = 0
    par = 0
    for (x1, y1), (x2, y2) in pairwise(path):
        if not (0 <= x1 < w and 0 <= y1 < m.height and 0 <= x2 < w and 0 <= y2 < m.height):
            return None  # off the map (a flat index would alias a square on it)
        i = y1 * w + x1
        j = y2 * w + x2
        for nj, diag, k in tab.steps[i]:
            if nj == j:
                if heavy and any(s in heavy for s in footprint((x2, y2), squares)):
                    k += 1
                if taken and squares > 1:
                    into = any(s in taken for s in footprint((x2, y2), squares))
                    out_of = any(s in taken for s in footprint((x1, y1), squares))
                    if into and not tab.squeezes_past(j, taken):
                        return None
                    if (into or out_of) and not tab.linked(i, j, taken):
                        return None
                    if into and tab.fit[j] == FIT_CLEAR:
                        k += 1
                elif taken and any(s in taken for s in footprint((x2, y2), squares)):
                    return None
                if diag:
                    if k:
                        total += 3 << (k - 1)
                    else:
                        total += 1 + par
                        par ^= 1
                else:
                    total += 1 << k
                break
        else:
            return None
    return 5 * total


def distance_field(
    m: BattleMap,
    sources: Iterable[Square],
    squares: int = 1,
    *,
    blocked: Iterable[Square] = (),
    swim: bool = False,
    budget_ft: int | None = None,
) -> list[int]:
    """Movement cost in feet from the nearest of ``sources`` to every position (flat,
    ``y * width + x``; -1 where unreachable): a heuristic field for AI that is cheaper
    than one search per creature. It measures moves *from* the sources, so terrain is
    charged on the far end (the true cost toward a source may differ slightly)."""
    tab = step_table(m, squares, swim=swim)
    w = m.width
    size = w * m.height
    bad = bytearray(size)
    _mark(bad, blocked, squares, w, m.height)
    first: list[int] = []
    for x, y in sources:
        if 0 <= x < w and 0 <= y < m.height:
            first.append(2 * (y * w + x))
    limit = INF if budget_ft is None else budget_ft // 5
    dist, _pred = _search(list(dict.fromkeys(first)), tab.moves, bad, limit)
    out = [-1] * size
    for st, d in dist.items():
        i = st >> 1
        if out[i] < 0 or 5 * d < out[i]:
            out[i] = 5 * d
    return out


# ---------------------------------------------------------------------- charge
_LANES: dict[tuple[int, int], tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]] = {}


def centre_line(dx: int, dy: int) -> tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]:
    """What the segment from the centre of square ``(0, 0)`` to the centre of square
    ``(dx, dy)`` meets: the squares whose interior it passes through (both ends
    included, in order) and, at each grid corner it passes exactly, the two squares it
    slips between.

    >>> centre_line(3, 1)[0]
    ((0, 0), (1, 0), (2, 1), (3, 1))
    >>> centre_line(3, 1)[1]
    (((2, 0), (1, 1)),)
    """
    key = (dx, dy)
    hit = _LANES.get(key)
    if hit is not None:
        return hit
    half = Fraction(1, 2)
    squares: list[Square] = []
    grazed: list[tuple[Square, Square]] = []
    if dx == 0 or dy == 0:
        step_x = (dx > 0) - (dx < 0)
        step_y = (dy > 0) - (dy < 0)
        for k in range(max(abs(dx), abs(dy)) + 1):
            squares.append((k * step_x, k * step_y))
    else:
        sx = 1 if dx > 0 else -1
        sy = 1 if dy > 0 else -1
        x_lo = min(half, dx + half)
        x_hi = max(half, dx + half)

        def y_at(x: Fraction) -> Fraction:
            return half + dy * (x - half) / dx

        cols = range(0, dx + sx, sx)
        for c in cols:
            lo = max(Fraction(c), x_lo)
            hi = min(Fraction(c + 1), x_hi)
            y1 = y_at(lo)
            y2 = y_at(hi)
            ylo, yhi = (y1, y2) if y1 < y2 else (y2, y1)
            rows = range(math.floor(ylo), math.ceil(yhi))
            for j in rows if sy > 0 else reversed(rows):
                squares.append((c, j))
            if c != cols[-1]:
                xb = c + 1 if sx > 0 else c
                yb = y_at(Fraction(xb))
                if yb.denominator == 1:
                    yi = int(yb)
                    grazed.append(
                        (
                            (xb if sx > 0 else xb - 1, yi - 1 if sy > 0 else yi),
                            (xb - 1 if sx > 0 else xb, yi if sy > 0 else yi - 1),
                        )
                    )
    res = _LANES[key] = (tuple(dict.fromkeys(squares)), tuple(grazed))
    return res


def charge_lane(start_pos: Square, end_pos: Square, squares: int = 1) -> list[Square]:
    """Squares a charge from ``start_pos`` to ``end_pos`` passes through: for each square
    of the space, the line from its centre at the start to its centre at the end; the
    starting space left out, the ending space included; in order along the lane."""
    x0, y0 = start_pos
    start = set(footprint(start_pos, squares))
    inner, _ = centre_line(end_pos[0] - x0, end_pos[1] - y0)
    out: dict[Square, None] = {}
    for i, j in footprint((x0, y0), squares):
        for dx, dy in inner:
            s = (i + dx, j + dy)
            if s not in start:
                out[s] = None
    return list(out)


def clear_charge_path(
    m: BattleMap,
    start_pos: Square,
    end_pos: Square,
    squares: int = 1,
    blocked_squares: Container[Square] = (),
    *,
    swim: bool = False,
    unseen: int = 0,
) -> bool:
    """Whether nothing stops a straight charge: no square of the lane (:func:`charge_lane`)
    blocks movement (walls, closed doors, arrow slits, deep water unless ``swim``, off
    the map), slows it (difficult terrain, shallow water, low obstacles, ``unseen``
    terrain where the charger cannot see) or is in
    ``blocked_squares`` (every creature that matters, allies included, helpless ones
    left out; the charger itself excluded); and the lane does not cut a wall's corner
    (a diagonal move can't pass a corner).

    >>> m = BattleMap.from_ascii(["......", "..,..."])
    >>> clear_charge_path(m, (0, 0), (4, 0)), clear_charge_path(m, (0, 1), (4, 1))
    (True, False)
    >>> clear_charge_path(m, (0, 0), (4, 0), 1, {(2, 0)})
    False

    Does not check the charge's other conditions (distance, direction, line of sight,
    the closest attacking position).
    """
    lane = open_charge_lane(m, start_pos, end_pos, squares, swim=swim, unseen=unseen)
    return lane is not None and not any(s in blocked_squares for s in lane)


def open_charge_lane(
    m: BattleMap,
    start_pos: Square,
    end_pos: Square,
    squares: int = 1,
    *,
    swim: bool = False,
    unseen: int = 0,
) -> tuple[Square, ...] | None:
    """The squares of the charge lane (:func:`charge_lane`) if the terrain lets a charge
    through (the terrain part of :func:`clear_charge_path`: creatures are not checked),
    else ``None``. Cached on the map."""
    key = (start_pos, end_pos, squares, swim, unseen)
    cache = m.cache("charge-lanes")
    if key in cache:
        hit: tuple[Square, ...] | None = cache[key]
        return hit
    if len(cache) >= _SEARCH_LIMIT * 8:
        cache.clear()
    lane: tuple[Square, ...] | None = tuple(charge_lane(start_pos, end_pos, squares))
    w = m.width
    h = m.height
    cells = m.cells
    stop = BLOCKS_MOVE | HAMPERS | LOW_OBSTACLE | unseen | (0 if swim else DEEP_WATER)
    x0, y0 = start_pos
    # a squeezed start (part of the space over a wall or a closed door) hinders the
    # movement: no charge (seed 000 "Charge": "nothing can hinder your movement"; SRD
    # combat-ii "Squeezing"); its lane would pass through the wall unchecked
    start_blocked = any(cells[y * w + x] & BLOCKS_MOVE for x, y in footprint(start_pos, squares))
    for x, y in () if start_blocked else lane or ():
        if not (0 <= x < w and 0 <= y < h) or cells[y * w + x] & stop:
            lane = None
            break
    if start_blocked:
        lane = None
    _, grazed = centre_line(end_pos[0] - x0, end_pos[1] - y0)
    if grazed and lane is not None:
        for i, j in footprint(start_pos, squares):
            for (ax, ay), (bx, by) in grazed:
                if m.flags(i + ax, j + ay) & CORNER or m.flags(i + bx, j + by) & CORNER:
                    lane = None
    cache[key] = lane
    return lane
