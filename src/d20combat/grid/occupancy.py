"""A spatial index: which creatures occupy each square.

Creatures may share squares (seed 000 "Mixing It Up"; Tiny creatures, a rider and his
mount, grapplers); big creatures occupy ``squares x squares`` squares. The index does
not enforce who may share -- :func:`d20combat.content.sizes.shared_square_capacity` and
the encounter do. Add, move and remove cost O(footprint). Creatures are also kept in
8x8-square buckets, so :meth:`Occupancy.within` costs what the area holds, not the
whole crowd.

An :class:`Occupancy` is a ``Container`` of squares (``square in occ``: someone is
there), so it can be passed straight to :func:`d20combat.grid.cover.cover` as
``occupied`` (the attacker's and target's own squares are ignored there).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Generic, TypeVar

from d20combat.grid.squares import Square, footprint

K = TypeVar("K", bound=Hashable)


def _distance_then_key(entry: tuple[int, Hashable]) -> tuple[int, str]:
    return entry[0], str(entry[1])


_BUCKET = 3  # buckets of 2**3 = 8 squares a side


class Occupancy(Generic[K]):
    """Creature ids by square, and each creature's position and size.

    >>> occ: Occupancy[str] = Occupancy()
    >>> occ.add("ogre", (1, 1), 2); occ.add("rat", (2, 2))
    >>> occ.at((2, 2)), (0, 0) in occ, occ.position("ogre")
    (('ogre', 'rat'), False, (1, 1))
    >>> occ.move("ogre", (3, 1)); occ.at((2, 2))
    ('rat',)
    """

    __slots__ = ("_at", "_biggest", "_buckets", "_where")

    def __init__(self) -> None:
        self._at: dict[Square, list[K]] = {}
        self._where: dict[K, tuple[Square, int]] = {}
        self._buckets: dict[Square, dict[K, None]] = {}  # by the anchor square >> 3
        self._biggest = 1

    def add(self, cid: K, pos: Square, squares: int = 1) -> None:
        """Place a creature. Raises ValueError if it is already placed."""
        if cid in self._where:
            raise ValueError(f"{cid!r} is already on the map")
        self._where[cid] = (pos, squares)
        key = (pos[0] >> _BUCKET, pos[1] >> _BUCKET)
        bucket = self._buckets.get(key)
        if bucket is None:
            self._buckets[key] = {cid: None}
        else:
            bucket[cid] = None
        self._biggest = max(self._biggest, squares)
        at = self._at
        for s in footprint(pos, squares):
            lst = at.get(s)
            if lst is None:
                at[s] = [cid]
            else:
                lst.append(cid)

    def remove(self, cid: K) -> None:
        """Take a creature off the map. Raises KeyError if it is not placed."""
        pos, squares = self._where.pop(cid)
        key = (pos[0] >> _BUCKET, pos[1] >> _BUCKET)
        bucket = self._buckets[key]
        del bucket[cid]
        if not bucket:
            del self._buckets[key]
        at = self._at
        for s in footprint(pos, squares):
            lst = at[s]
            lst.remove(cid)
            if not lst:
                del at[s]

    def move(self, cid: K, pos: Square, squares: int | None = None) -> None:
        """Move a creature (optionally changing its size, e.g. enlarged)."""
        _old, size = self._where[cid]
        self.remove(cid)
        self.add(cid, pos, size if squares is None else squares)

    def __contains__(self, square: object) -> bool:
        return square in self._at

    def __len__(self) -> int:
        """Number of occupied squares."""
        return len(self._at)

    def __bool__(self) -> bool:
        return bool(self._at)

    def at(self, square: Square) -> tuple[K, ...]:
        """Ids in a square, in the order they arrived."""
        lst = self._at.get(square)
        return tuple(lst) if lst else ()

    def count(self, square: Square) -> int:
        lst = self._at.get(square)
        return len(lst) if lst else 0

    def position(self, cid: K) -> Square:
        return self._where[cid][0]

    def size(self, cid: K) -> int:
        """Side of the creature's space in squares."""
        return self._where[cid][1]

    def footprint(self, cid: K) -> tuple[Square, ...]:
        pos, squares = self._where[cid]
        return footprint(pos, squares)

    def ids(self) -> Iterator[K]:
        return iter(self._where)

    def placed(self, cid: K) -> bool:
        return cid in self._where

    def occupants(self, squares: Iterable[Square]) -> list[K]:
        """Distinct ids in any of ``squares``, in first-seen order."""
        seen: dict[K, None] = {}
        at = self._at
        for s in squares:
            lst = at.get(s)
            if lst:
                for c in lst:
                    seen[c] = None
        return list(seen)

    def squares_of(self, cids: Iterable[K]) -> set[Square]:
        """Every square occupied by the given creatures."""
        out: set[Square] = set()
        for c in cids:
            out.update(self.footprint(c))
        return out

    def occupied_except(self, exclude: Iterable[K]) -> set[Square]:
        """Squares holding some creature other than ``exclude`` (for cover)."""
        ex = set(exclude)
        return {s for s, lst in self._at.items() if any(c not in ex for c in lst)}

    def within(self, pos: Square, squares: int, radius_ft: int) -> list[K]:
        """The creatures of :meth:`near`, in no particular order, found through the
        buckets: the cost follows the area searched, not the number of creatures.

        >>> occ: Occupancy[str] = Occupancy()
        >>> occ.add("ogre", (10, 0), 2); occ.add("rat", (40, 40))
        >>> occ.within((7, 0), 1, 15), occ.within((7, 0), 1, 10)
        (['ogre'], [])
        """
        r = radius_ft // 5
        x0, y0 = pos
        xe = x0 + squares
        ye = y0 + squares
        reach = r + self._biggest - 1  # an anchor this far off may still be in range
        b = _BUCKET
        where = self._where
        buckets = self._buckets
        out = []
        for by in range(max(0, y0 - reach) >> b, ((ye - 1 + r) >> b) + 1):
            for bx in range(max(0, x0 - reach) >> b, ((xe - 1 + r) >> b) + 1):
                bucket = buckets.get((bx, by))
                if not bucket:
                    continue
                for c in bucket:
                    (px, py), n = where[c]
                    gx = px - xe + 1 if px >= xe else (x0 - px - n + 1 if x0 >= px + n else 0)
                    gy = py - ye + 1 if py >= ye else (y0 - py - n + 1 if y0 >= py + n else 0)
                    if (gy + (gx >> 1) if gx < gy else gx + (gy >> 1)) <= r:
                        out.append(c)
        return out

    def near(self, pos: Square, squares: int, radius_ft: int) -> list[K]:
        """Creatures whose space is within ``radius_ft`` (footprint distance, 5-10-5) of
        the space at ``pos``, nearest first, ties by key (the same answer whatever the
        order of placement, so a resumed fight sees what the saved one saw); a creature
        sharing the space counts (distance 0)."""
        r = radius_ft // 5
        x0, y0 = pos
        where = self._where
        side = 2 * r + squares
        cands: Iterable[K]
        if side * side < len(where) * 4:
            at = self._at
            seen: dict[K, None] = {}
            for y in range(y0 - r, y0 + squares + r):
                for x in range(x0 - r, x0 + squares + r):
                    lst = at.get((x, y))
                    if lst:
                        for c in lst:
                            seen[c] = None
            cands = seen
        else:
            cands = where
        out = []
        xe = x0 + squares
        ye = y0 + squares
        for c in cands:
            (px, py), n = where[c]
            gx = px - xe + 1 if px >= xe else (x0 - px - n + 1 if x0 >= px + n else 0)
            gy = py - ye + 1 if py >= ye else (y0 - py - n + 1 if y0 >= py + n else 0)
            d = gy + (gx >> 1) if gx < gy else gx + (gy >> 1)
            if d <= r:
                out.append((d, c))
        out.sort(key=_distance_then_key)
        return [c for _, c in out]
