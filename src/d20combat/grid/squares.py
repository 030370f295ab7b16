"""Squares, spaces (footprints), 5-10-5 distance and square names.

A position is an ``(x, y)`` tuple of ints: ``x`` the column from 0 at the left, ``y``
the row from 0 at the top. A creature's position is the top-left square of its space;
its space (footprint) is ``squares x squares`` (``Size.squares``; Tiny and smaller
occupy one square and may share it).

Sources:
* SRD combat-ii "Measuring Distance": the first diagonal counts as 1 square, the second
  as 2, the third as 1, and so on ("5-10-5");
* seed 000 "Big and Little Creatures in Combat", Table: Creature Sizes (space);
* SRD combat-ii "Closest Creature": ties are broken by a die roll (the caller's job:
  :func:`closest` returns every tied candidate).

Square names are chess-like: ``a1`` is the top-left square; columns run ``a..z``, then
``aa, ab, ...`` (like spreadsheet columns); rows count from 1 at the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from d20combat.errors import InputError

Square = tuple[int, int]
"""``(x, y)``: column from 0 at the left, row from 0 at the top."""

_TABLE_LIMIT = 1 << 16  # bounded tables of footprints and square names
_FOOTPRINTS: dict[tuple[Square, int], tuple[Square, ...]] = {}
_NAMES: dict[Square, str] = {}

SQUARE_FORM = "a square like 'a1' or 'ab12' (column letters from 'a', row number from 1 at the top)"


def distance(a: Square, b: Square) -> int:
    """Squares between two squares counting diagonals 1, 2, 1, 2... (5-10-5).

    >>> distance((0, 0), (2, 2))  # two diagonals: 1 + 2 squares = 15 ft
    3
    >>> distance((0, 0), (3, 3)), distance((0, 0), (4, 1))
    (4, 4)
    """
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    if dx < dy:
        return dy + (dx >> 1)
    return dx + (dy >> 1)


def steps_distance(dx: int, dy: int) -> int:
    """5-10-5 distance in squares for a (non-negative or signed) offset."""
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    if dx < dy:
        return dy + (dx >> 1)
    return dx + (dy >> 1)


def gap(a: int, size_a: int, b: int, size_b: int) -> int:
    """Squares strictly between two spans ``[a, a+size_a)`` and ``[b, b+size_b)`` plus one.

    0 when the spans overlap, 1 when they touch, ``d`` when the nearest squares are
    ``d`` apart on that axis.
    """
    if b >= a + size_a:
        return b - (a + size_a) + 1
    if a >= b + size_b:
        return a - (b + size_b) + 1
    return 0


def footprint_distance(pos_a: Square, size_a: int, pos_b: Square, size_b: int) -> int:
    """Feet between the nearest squares of two spaces (5-10-5); 0 if they overlap.

    >>> footprint_distance((0, 0), 2, (3, 0), 1)  # a Large creature and a Medium one
    10
    >>> footprint_distance((0, 0), 1, (1, 1), 1)
    5
    """
    gx = gap(pos_a[0], size_a, pos_b[0], size_b)
    gy = gap(pos_a[1], size_a, pos_b[1], size_b)
    if gx < gy:
        return 5 * (gy + (gx >> 1))
    return 5 * (gx + (gy >> 1))


def overlaps(pos_a: Square, size_a: int, pos_b: Square, size_b: int) -> bool:
    """Whether two spaces share a square."""
    return (
        pos_a[0] < pos_b[0] + size_b
        and pos_b[0] < pos_a[0] + size_a
        and pos_a[1] < pos_b[1] + size_b
        and pos_b[1] < pos_a[1] + size_a
    )


def adjacent(pos_a: Square, size_a: int, pos_b: Square, size_b: int) -> bool:
    """Whether two spaces touch (side or corner) without overlapping."""
    gx = gap(pos_a[0], size_a, pos_b[0], size_b)
    gy = gap(pos_a[1], size_a, pos_b[1], size_b)
    return gx <= 1 and gy <= 1 and (gx or gy) > 0


@lru_cache(maxsize=64)
def footprint_offsets(squares: int) -> tuple[Square, ...]:
    """Offsets of a ``squares x squares`` space from its top-left square (row by row)."""
    return tuple((dx, dy) for dy in range(squares) for dx in range(squares))


def footprint(pos: Square, squares: int = 1) -> tuple[Square, ...]:
    """The squares of a space whose top-left square is ``pos``.

    >>> footprint((3, 4), 2)
    ((3, 4), (4, 4), (3, 5), (4, 5))
    """
    if squares == 1:
        return (pos,)
    key = (pos, squares)
    hit = _FOOTPRINTS.get(key)
    if hit is None:
        x, y = pos
        hit = tuple([(x + dx, y + dy) for dx, dy in footprint_offsets(squares)])
        if len(_FOOTPRINTS) >= _TABLE_LIMIT:
            _FOOTPRINTS.clear()
        _FOOTPRINTS[(x, y), squares] = hit
    return hit


@lru_cache(maxsize=256)
def offsets_within(radius_ft: int, squares: int = 1) -> frozenset[Square]:
    """Offsets (from the top-left square) of every square within ``radius_ft`` feet of a
    ``squares``-wide space, 5-10-5, including the space itself (precomputed table).

    >>> len(offsets_within(5)), len(offsets_within(10)), len(offsets_within(15))
    (9, 21, 37)
    """
    r = max(0, radius_ft) // 5
    out = []
    for dy in range(-r, squares + r):
        gy = -dy if dy < 0 else (dy - squares + 1 if dy >= squares else 0)
        for dx in range(-r, squares + r):
            gx = -dx if dx < 0 else (dx - squares + 1 if dx >= squares else 0)
            if steps_distance(gx, gy) <= r:
                out.append((dx, dy))
    return frozenset(out)


def squares_within(
    pos: Square,
    radius_ft: int,
    squares: int = 1,
    *,
    width: int | None = None,
    height: int | None = None,
) -> list[Square]:
    """Squares within ``radius_ft`` of a space (itself included), row by row; clipped to
    ``width`` x ``height`` when given. Terrain is ignored (see ``lines.burst_squares``).
    """
    x0, y0 = pos
    out = [(x0 + dx, y0 + dy) for dx, dy in offsets_within(radius_ft, squares)]
    if width is not None:
        out = [s for s in out if 0 <= s[0] < width]
    if height is not None:
        out = [s for s in out if 0 <= s[1] < height]
    out.sort(key=lambda s: (s[1], s[0]))
    return out


def closest(
    origin: Square,
    origin_squares: int,
    candidates: Iterable[Square],
    candidate_squares: int = 1,
) -> list[Square]:
    """Every candidate position at the least footprint distance from ``origin``.

    SRD combat-ii "Closest Creature": equally close candidates are decided by a die roll,
    which is the caller's job; the list is in the candidates' order.
    """
    best: list[Square] = []
    best_d = -1
    for c in candidates:
        d = footprint_distance(origin, origin_squares, c, candidate_squares)
        if best_d < 0 or d < best_d:
            best, best_d = [c], d
        elif d == best_d:
            best.append(c)
    return best


def by_distance(
    origin: Square,
    origin_squares: int,
    candidates: Iterable[Square],
    candidate_squares: int = 1,
) -> list[tuple[int, Square]]:
    """``(feet, position)`` for each candidate, nearest first (stable for ties)."""
    out = [
        (footprint_distance(origin, origin_squares, c, candidate_squares), c) for c in candidates
    ]
    out.sort(key=lambda t: t[0])
    return out


def column_name(x: int) -> str:
    """Column letters: 0 -> 'a', 25 -> 'z', 26 -> 'aa', 27 -> 'ab'.

    >>> [column_name(i) for i in (0, 25, 26, 27, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'zz', 'aaa']
    """
    if x < 0:
        raise ValueError(f"negative column {x}")
    out = ""
    n = x + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def square_name(square: Square) -> str:
    """Chess-like name of a square: ``(0, 0)`` is ``'a1'`` (top-left).

    >>> square_name((0, 0)), square_name((1, 2)), square_name((27, 9))
    ('a1', 'b3', 'ab10')
    """
    name = _NAMES.get(square) if type(square) is tuple else None
    if name is None:
        name = f"{column_name(square[0])}{square[1] + 1}"
        if type(square) is tuple:
            if len(_NAMES) >= _TABLE_LIMIT:
                _NAMES.clear()
            _NAMES[square] = name
    return name


def parse_square(text: str, *, field: str | None = None) -> Square:
    """Parse a square name (case-insensitive, surrounding spaces ignored).

    >>> parse_square("b3"), parse_square(" AB10 ")
    ((1, 2), (27, 9))

    Raises:
        InputError: if ``text`` is not column letters followed by a row number >= 1,
            or is longer than any map could need (3 letters, 5 digits). It does not
            check the map's bounds (``BattleMap.parse_square`` does).
    """
    s = text.strip().lower() if isinstance(text, str) else ""
    i = 0
    while i < len(s) and "a" <= s[i] <= "z":
        i += 1
    letters, digits = s[:i], s[i:]
    if (
        not 1 <= len(letters) <= 3
        or not 1 <= len(digits) <= 5
        or not (digits.isdigit() and digits.isascii())
        or int(digits) < 1
    ):
        raise InputError(f"bad square {text!r}", field=field, expected=SQUARE_FORM)
    x = 0
    for ch in letters:
        x = x * 26 + (ord(ch) - ord("a") + 1)
    return (x - 1, int(digits) - 1)
