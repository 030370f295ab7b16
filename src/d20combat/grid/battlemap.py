"""The battle map: a rectangle of 5-ft squares with terrain, plus cached derived data.

Terrain is stored flat (``cells[y * width + x]``, plain ints of :class:`Terrain` flags).
The map is immutable except for doors (:meth:`BattleMap.open_door` /
:meth:`BattleMap.close_door`), which clear every cache the grid functions keep on it
(line traces, movement tables) and bump :attr:`BattleMap.version`.

Parsing (:meth:`BattleMap.from_ascii`) judgment calls:
* every row must have the same width; a ragged row is an error (not padded), because
  padding could silently open or wall off squares;
* blank lines before the first row and after the last are skipped (YAML block scalars
  end with a newline); a blank line between rows is a ragged row;
* spaces are symbols like any other (unknown unless the legend maps them);
* every unknown symbol is reported at once, with file, line and 1-based column.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from d20combat.errors import IllegalActionError, InputError, Problem
from d20combat.grid.squares import SQUARE_FORM, Square, parse_square, square_name
from d20combat.grid.terrain import (
    BLOCKS_MOVE,
    DEEP_WATER,
    DEFAULT_LEGEND,
    DOOR,
    OPEN_DOOR,
    SHALLOW_WATER,
    LegendValue,
    Terrain,
    parse_legend,
)
from d20combat.limits import MAX_MAP_SIDE

#: Unknown symbols reported one by one; the rest are counted in one problem.
_MAX_REPORTED = 20


class BattleMap:
    """Terrain of a ``width x height`` grid and the caches built from it.

    >>> m = BattleMap.from_ascii(["..#", ".+."])
    >>> m.width, m.height, m.terrain(2, 0), m.walkable(1, 1)
    (3, 2, <Terrain.WALL: 1>, False)
    >>> m.open_door(1, 1); m.walkable(1, 1)
    True
    >>> print(m.to_ascii())
    ..#
    ./.
    """

    __slots__ = ("_caches", "_symbols", "cells", "height", "legend", "marks", "version", "width")

    def __init__(
        self,
        width: int,
        height: int,
        cells: Sequence[int] | None = None,
        *,
        legend: Mapping[str, int] | None = None,
        marks: Mapping[str, tuple[Square, ...]] | None = None,
        symbols: Sequence[str] | None = None,
    ) -> None:
        """A map from flat terrain flags (``cells[y * width + x]``); all floor if omitted.

        Raises:
            ValueError: if the sizes do not agree.
        """
        if width < 1 or height < 1:
            raise ValueError(f"a map needs at least one square, got {width}x{height}")
        n = width * height
        if cells is None:
            cells = [0] * n
        if len(cells) != n:
            raise ValueError(f"{len(cells)} cells for a {width}x{height} map")
        self.width = width
        self.height = height
        self.cells: list[int] = [int(c) for c in cells]
        self.legend: dict[str, int] = (
            dict(legend) if legend is not None else {k: int(v) for k, v in DEFAULT_LEGEND.items()}
        )
        self.marks: dict[str, tuple[Square, ...]] = dict(marks or {})
        self._symbols: list[str] | None = list(symbols) if symbols is not None else None
        self.version = 0
        self._caches: dict[str, dict[Any, Any]] = {}

    # ------------------------------------------------------------------ building
    @classmethod
    def open(cls, width: int, height: int) -> BattleMap:
        """An open map (all floor)."""
        return cls(width, height)

    @classmethod
    def from_ascii(
        cls,
        text_or_rows: str | Sequence[str],
        legend: Mapping[str, LegendValue] | None = None,
        *,
        file: str | None = None,
        first_line: int = 1,
        marks: Iterable[str] = (),
    ) -> BattleMap:
        """Parse an ASCII map: one character per square, one row per line.

        ``legend`` extends or overrides the default legend (see
        :mod:`d20combat.grid.terrain`). ``first_line`` is the line of the file where the
        first row (or the text) starts, so errors point into the scenario file. Each
        character of ``marks`` stands for a floor square (unless the legend also gives
        it terrain) whose positions are recorded in :attr:`marks`, in reading order:
        scenarios place creatures with them and tests mark expected squares.

        Raises:
            InputError: listing every unknown symbol (file, line, column), every ragged
                row and every bad legend entry at once.
        """
        rows = text_or_rows.splitlines() if isinstance(text_or_rows, str) else list(text_or_rows)
        rows = [r.rstrip("\r\n") for r in rows]
        start = 0
        while start < len(rows) and not rows[start].strip():
            start += 1
        end = len(rows)
        while end > start and not rows[end - 1].strip():
            end -= 1
        problems: list[Problem] = []
        try:
            table = parse_legend(legend, file=file)
        except InputError as exc:
            problems.extend(exc.problems)
            table = parse_legend(None)
        mark_set = set(marks)
        body = rows[start:end]
        if not body:
            problems.append(
                Problem(
                    "empty map",
                    file,
                    first_line,
                    field="map",
                    expected="at least one row of map symbols",
                )
            )
            raise InputError(problems=problems)
        width = max(len(r) for r in body)
        if width > MAX_MAP_SIDE or len(body) > MAX_MAP_SIDE:
            problems.append(
                Problem(
                    f"a map of {width}x{len(body)} squares: more than the limit of "
                    f"{MAX_MAP_SIDE} a side",
                    file,
                    first_line + start,
                    field="map",
                    expected=f"at most {MAX_MAP_SIDE}x{MAX_MAP_SIDE} squares (docs/limits.md)",
                )
            )
            raise InputError(problems=problems)
        known = "".join(sorted(set(table) | mark_set))
        unknown = 0
        cells: list[int] = []
        symbols: list[str] = []
        found: dict[str, list[Square]] = {}
        for i, row in enumerate(body):
            line = first_line + start + i
            if len(row) != width:
                problems.append(
                    Problem(
                        f"row {i + 1} has {len(row)} squares, the widest has {width}",
                        file,
                        line,
                        field="map",
                        expected=f"every row {width} characters wide",
                    )
                )
            for x in range(width):
                ch = row[x] if x < len(row) else "#"
                flags = table.get(ch)
                if ch in mark_set:
                    found.setdefault(ch, []).append((x, i))
                    flags = flags or 0
                if flags is None:
                    unknown += x < len(row)
                    if x < len(row) and unknown <= _MAX_REPORTED:
                        problems.append(
                            Problem(
                                f"unknown map symbol {ch!r} at column {x + 1}",
                                file,
                                line,
                                field="map",
                                expected=f"one of {known!r}",
                            )
                        )
                    flags = 0
                cells.append(flags)
                symbols.append(ch if ch not in mark_set else _symbol_for(flags, table))
        if unknown > _MAX_REPORTED:
            problems.append(
                Problem(
                    f"{unknown - _MAX_REPORTED} more unknown map symbols",
                    file,
                    first_line + start,
                    field="map",
                    expected=f"one of {known!r}",
                )
            )
        if problems:
            raise InputError(problems=problems)
        return cls(
            width,
            len(body),
            cells,
            legend=table,
            marks={k: tuple(v) for k, v in found.items()},
            symbols=symbols,
        )

    def copy(self) -> BattleMap:
        """An independent copy (same terrain, legend, marks and symbols; empty caches),
        e.g. for an encounter that will open doors on a shared scenario map."""
        return BattleMap(
            self.width,
            self.height,
            self.cells,
            legend=self.legend,
            marks=self.marks,
            symbols=self._symbols,
        )

    # ------------------------------------------------------------------ queries
    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def index(self, x: int, y: int) -> int:
        """Flat index ``y * width + x`` (not checked)."""
        return y * self.width + x

    def flags(self, x: int, y: int) -> int:
        """Terrain flags as a plain int; off the map counts as WALL."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.cells[y * self.width + x]
        return int(Terrain.WALL)

    def terrain(self, x: int, y: int) -> Terrain:
        """The :class:`Terrain` of a square (WALL off the map)."""
        return Terrain(self.flags(x, y))

    def walkable(self, x: int, y: int, *, swim: bool = False) -> bool:
        """Whether a creature may stand in the square: on the map, not a wall, closed
        door or arrow slit, and not deep water unless it can ``swim``."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return False
        f = self.cells[y * self.width + x]
        if f & BLOCKS_MOVE:
            return False
        return swim or not f & DEEP_WATER

    def has(self, flag: int) -> bool:
        """Whether any square has ``flag`` (worked out once per terrain version: a cheap
        test before a rule that only some maps need)."""
        known = self.cache("has")
        hit: bool | None = known.get(flag)
        if hit is None:
            hit = known[flag] = any(c & flag for c in self.cells)
        return hit

    @property
    def has_water(self) -> bool:
        """Whether any square is shallow or deep water: the underwater rules cost
        nothing on a dry map."""
        return self.has(SHALLOW_WATER | DEEP_WATER)

    def squares(self) -> Iterable[Square]:
        """Every square, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def square_name(self, square: Square) -> str:
        """``'a1'`` for the top-left square (see :func:`d20combat.grid.squares.square_name`)."""
        return square_name(square)

    def parse_square(self, text: str, *, field: str | None = None) -> Square:
        """Parse a square name and check it is on this map.

        Raises:
            InputError: malformed, or off the map (the message gives the map's size).
        """
        sq = parse_square(text, field=field)
        if not self.in_bounds(*sq):
            last = square_name((self.width - 1, self.height - 1))
            raise InputError(
                f"square {text!r} is off the {self.width}x{self.height} map",
                field=field,
                expected=f"{SQUARE_FORM}, from a1 to {last}",
            )
        return sq

    # ------------------------------------------------------------------ doors
    def open_door(self, x: int, y: int) -> None:
        """Open the closed door at ``(x, y)`` and invalidate every cache.

        Raises:
            IllegalActionError: if there is no closed door there.
        """
        f = self.flags(x, y)
        if not self.in_bounds(x, y) or not f & DOOR:
            raise IllegalActionError(f"no closed door at {square_name((x, y))}")
        self._set(x, y, (f & ~DOOR) | OPEN_DOOR)

    def close_door(self, x: int, y: int) -> None:
        """Close the open door at ``(x, y)`` and invalidate every cache.

        Raises:
            IllegalActionError: if there is no open door there.
        """
        f = self.flags(x, y)
        if not self.in_bounds(x, y) or not f & OPEN_DOOR:
            raise IllegalActionError(f"no open door at {square_name((x, y))}")
        self._set(x, y, (f & ~OPEN_DOOR) | DOOR)

    def _set(self, x: int, y: int, flags: int) -> None:
        i = y * self.width + x
        self.cells[i] = flags
        if self._symbols is not None:
            self._symbols[i] = _symbol_for(flags, self.legend)
        self.invalidate()

    def invalidate(self) -> None:
        """Drop every cached trace and movement table (terrain changed)."""
        self._caches.clear()
        self.version += 1

    def cache(self, name: str) -> dict[Any, Any]:
        """A named cache dict living as long as the terrain does (grid internals)."""
        c = self._caches.get(name)
        if c is None:
            c = self._caches[name] = {}
        return c

    # ------------------------------------------------------------------ printing
    def to_ascii(self) -> str:
        """The map as text, one row per line, with the symbols it was parsed from
        (opened doors print as the legend's open-door symbol)."""
        if self._symbols is None:
            syms = [_symbol_for(f, self.legend) for f in self.cells]
        else:
            syms = self._symbols
        w = self.width
        return "\n".join("".join(syms[y * w : (y + 1) * w]) for y in range(self.height))

    def __repr__(self) -> str:
        return f"BattleMap({self.width}x{self.height}, version={self.version})"


def _symbol_for(flags: int, legend: Mapping[str, int]) -> str:
    """The first legend symbol for ``flags`` (default legend first), else ``'?'``."""
    for ch, default in DEFAULT_LEGEND.items():
        if int(default) == flags and legend.get(ch) == flags:
            return ch
    for ch, value in legend.items():
        if value == flags:
            return ch
    for ch, default in DEFAULT_LEGEND.items():
        if int(default) == flags:
            return ch
    return "?"
