"""Flanking: does the line between two allies' centres cross opposite borders?

Sources:
* SRD combat-ii "Flanking" (= seed 003 "Flanking"): trace an imaginary line between the
  two friendly characters' centres; if it passes through opposite borders of the
  opponent's space (including corners of those borders), the opponent is flanked. If a
  flanker takes up more than 1 square, any square it occupies may count. Only a
  creature that threatens the defender can help; reach 0 creatures can't flank;
* seed 000 "Mixing It Up": allies sharing an opponent's space flank each other, and one
  inside the space gives flanking to allies outside it.

The test is exact: in doubled coordinates the centres are odd lattice points and the
defender's borders even lines, and the segment is tested against each closed border
(a corner belongs to both borders it joins) with integer arithmetic.

Judgment call: when either creature is inside the defender's space the pair flanks
(seed 000 says the inside one gives flanking to those outside; we make it symmetric).
The caller checks that the ally threatens the defender and has reach > 0, and that the
attack is a melee attack.
"""

from __future__ import annotations

from d20combat.grid.squares import Square

_CACHE: dict[tuple[int, int, int, int, int, int, int], bool] = {}


def _crosses_x(px: int, py: int, qx: int, qy: int, x: int, y0: int, y1: int) -> bool:
    """Whether segment p-q meets the vertical border ``x`` between ``y0`` and ``y1``."""
    if (px - x) * (qx - x) > 0 or px == qx:
        return False
    # y at x: py + (qy - py) * (x - px) / (qx - px); compare with y0, y1 (denominator > 0)
    den = qx - px
    num = py * den + (qy - py) * (x - px)
    if den < 0:
        den, num = -den, -num
    return y0 * den <= num <= y1 * den


def _crosses_y(px: int, py: int, qx: int, qy: int, y: int, x0: int, x1: int) -> bool:
    """Whether segment p-q meets the horizontal border ``y`` between ``x0`` and ``x1``."""
    return _crosses_x(py, px, qy, qx, y, x0, x1)


def _line_flanks(px: int, py: int, qx: int, qy: int, n: int) -> bool:
    """Centres ``p`` and ``q`` (doubled coordinates, relative to the defender's top-left
    corner) flank a defender ``n`` squares wide: the segment meets both left and right
    borders, or both top and bottom borders."""
    e = 2 * n
    if _crosses_x(px, py, qx, qy, 0, 0, e) and _crosses_x(px, py, qx, qy, e, 0, e):
        return True
    return _crosses_y(px, py, qx, qy, 0, 0, e) and _crosses_y(px, py, qx, qy, e, 0, e)


def flanks(
    attacker_pos: Square,
    attacker_squares: int,
    ally_pos: Square,
    ally_squares: int,
    defender_pos: Square,
    defender_squares: int = 1,
) -> bool:
    """Whether attacker and ally are placed to flank the defender.

    >>> flanks((0, 1), 1, (2, 1), 1, (1, 1), 1)  # opposite sides
    True
    >>> flanks((0, 0), 1, (2, 2), 1, (1, 1), 1)  # opposite corners
    True
    >>> flanks((0, 1), 1, (1, 0), 1, (1, 1), 1)  # an L: not flanking
    False

    Does not check threat, reach or the kind of attack (the caller's job).
    """
    dx, dy = defender_pos
    key = (
        attacker_pos[0] - dx,
        attacker_pos[1] - dy,
        attacker_squares,
        ally_pos[0] - dx,
        ally_pos[1] - dy,
        ally_squares,
        defender_squares,
    )
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 1 << 16:
            _CACHE.clear()
        hit = _CACHE[key] = _flanks(*key)
    return hit


def _inside(x: int, y: int, s: int, n: int) -> bool:
    return x < n and x + s > 0 and y < n and y + s > 0


def _flanks(ax: int, ay: int, sa: int, bx: int, by: int, sb: int, n: int) -> bool:
    if _inside(ax, ay, sa, n) or _inside(bx, by, sb, n):
        return True
    for i in range(sa):
        for j in range(sa):
            px = 2 * (ax + i) + 1
            py = 2 * (ay + j) + 1
            for k in range(sb):
                for m in range(sb):
                    if _line_flanks(px, py, 2 * (bx + k) + 1, 2 * (by + m) + 1, n):
                        return True
    return False
