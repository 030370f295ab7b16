"""Reach and threatened squares, as precomputed templates of offsets.

A template is a ``frozenset`` of ``(dx, dy)`` offsets from the creature's top-left
square: the squares it threatens (and can attack in melee). Terrain is not considered:
an attack also needs line of effect (no total cover), and an attack of opportunity
needs no cover at all (SRD combat-ii "Cover and Attacks of Opportunity") -- the caller
combines :func:`threatens` with :func:`d20combat.grid.cover.cover`.

Sources:
* seed 003 "Attacks of Opportunity": you threaten all squares into which you can make a
  melee attack; "Reach Weapons";
* seed 000 "Natural Reach": a creature threatens the area within its reach, diagonals
  5-10-5, except that a creature with 10-ft reach threatens up to 2 squares away
  including 2 squares diagonally; seed 002 "Attacks of Opportunity" (reach weapons
  threaten "two squares away, even on a diagonal");
* seed 000 "Big Creatures" / SRD combat-ii: Large or larger creatures with reach
  weapons strike up to double their natural reach but not at their natural reach or
  less; SRD combat-i "Reach Weapons" (Small/Medium: 10 ft, not adjacent);
* seed 000 "Very Small Creatures": reach 0 -- no threatened squares around them; they
  attack into their own square; "some may carry reach weapons that do threaten
  adjacent squares"; "Since a creature can attack into its own space (unless armed
  with a reach weapon)...".

Judgment calls:
* reach 0 (no reach weapon): the template is ``{(0, 0)}`` -- the creature's own square,
  the only one it can attack into (and it threatens it: seed 000 "Mixing It Up" gives
  it attacks of opportunity against a larger creature leaving that square);
* every other template excludes the creature's own space by default (the 8 squares
  around a Medium creature). Creatures without a reach weapon can attack into their
  own space (a Tiny creature sharing it: SRD combat-ii "You can attack into your own
  square if you need to"), so they threaten it too: ``own_space=True`` includes it,
  as the encounter asks;
* a reach weapon in the hands of a creature with natural reach 0 gives 5 ft (adjacent
  squares, not its own square), per seed 000 "Very Small Creatures"; otherwise a reach
  weapon reaches double the natural reach and not at the natural reach or less;
* the 10-ft exception applies whenever the reach being measured is exactly 10 ft (the
  outer edge of a Medium's longspear, the natural reach of a Large creature, and the
  inner "donut" edge of a Large creature's reach weapon).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from d20combat.grid.squares import Square


def reach_range(reach_ft: int, reach_weapon: bool) -> tuple[int, int]:
    """``(min_exclusive_ft, max_ft)`` of melee reach: a square at distance ``d`` ft from
    the space is reachable when ``min_exclusive < d <= max`` (own space is ``d == 0``).

    >>> reach_range(5, False), reach_range(5, True), reach_range(10, True), reach_range(0, True)
    ((-1, 5), (5, 10), (10, 20), (0, 5))
    """
    if not reach_weapon:
        return (-1, max(0, reach_ft))
    if reach_ft <= 0:
        return (0, 5)
    return (reach_ft, 2 * reach_ft)


def _within(gx: int, gy: int, reach_ft: int) -> bool:
    """Whether a square with gaps ``(gx, gy)`` squares is within ``reach_ft`` (with the
    10-ft exception)."""
    if reach_ft < 0:
        return False
    if reach_ft == 10:
        return gx <= 2 and gy <= 2
    r = reach_ft // 5
    if gx < gy:
        return gy + (gx >> 1) <= r
    return gx + (gy >> 1) <= r


@lru_cache(maxsize=512)
def threat_template(
    squares: int,
    reach_ft: int,
    reach_weapon: bool = False,
    *,
    own_space: bool | None = None,
) -> frozenset[Square]:
    """Offsets (from the top-left square) of every square a creature threatens.

    ``squares`` is the side of its space, ``reach_ft`` its natural reach. ``own_space``:
    ``None`` (default) includes the own space only for reach 0 without a reach weapon;
    ``True`` includes it whenever the creature can attack into it (no reach weapon);
    ``False`` never.

    >>> len(threat_template(1, 5)), len(threat_template(1, 5, True))  # Medium; longspear
    (8, 16)
    >>> len(threat_template(2, 10)), len(threat_template(2, 10, True))  # Large tall
    (32, 44)
    >>> sorted(threat_template(1, 0)), len(threat_template(1, 5, own_space=True))
    ([(0, 0)], 9)
    """
    lo, hi = reach_range(reach_ft, reach_weapon)
    n = squares
    if own_space is None:
        own = reach_ft <= 0 and not reach_weapon
    else:
        own = own_space and not reach_weapon
    r = hi // 5 + 1
    out = []
    for dy in range(-r, n + r):
        gy = -dy if dy < 0 else (dy - n + 1 if dy >= n else 0)
        for dx in range(-r, n + r):
            gx = -dx if dx < 0 else (dx - n + 1 if dx >= n else 0)
            if gx == 0 and gy == 0:
                if own:
                    out.append((dx, dy))
                continue
            if _within(gx, gy, hi) and not _within(gx, gy, lo):
                out.append((dx, dy))
    return frozenset(out)


def threatens(
    attacker_pos: Square,
    attacker_template: frozenset[Square],
    target_pos: Square,
    target_squares: int = 1,
) -> bool:
    """Whether any square of the target's space is in the attacker's template.

    >>> t = threat_template(1, 5, True)  # longspear
    >>> threatens((0, 0), t, (2, 2)), threatens((0, 0), t, (1, 1))
    (True, False)
    """
    ox = target_pos[0] - attacker_pos[0]
    oy = target_pos[1] - attacker_pos[1]
    if target_squares == 1:
        return (ox, oy) in attacker_template
    for dy in range(target_squares):
        for dx in range(target_squares):
            if (ox + dx, oy + dy) in attacker_template:
                return True
    return False


def threatened_squares(
    pos: Square,
    template: frozenset[Square],
    *,
    width: int | None = None,
    height: int | None = None,
) -> Iterator[Square]:
    """Absolute squares of a template placed at ``pos`` (clipped to the map if sized)."""
    x0, y0 = pos
    for dx, dy in template:
        x = x0 + dx
        y = y0 + dy
        if width is not None and not 0 <= x < width:
            continue
        if height is not None and not 0 <= y < height:
            continue
        yield (x, y)


@lru_cache(maxsize=512)
def attack_offsets(template: frozenset[Square], target_squares: int = 1) -> frozenset[Square]:
    """Offsets ``attacker_pos - target_pos`` from which an attacker with ``template``
    threatens some square of a ``target_squares``-wide target.

    Useful to list where a creature could stand to attack (charge, AI).
    """
    out = set()
    for tx in range(target_squares):
        for ty in range(target_squares):
            for dx, dy in template:
                out.add((tx - dx, ty - dy))
    return frozenset(out)


def attack_positions(
    target_pos: Square, target_squares: int, template: frozenset[Square]
) -> list[Square]:
    """Attacker positions (top-left squares) from which ``template`` reaches the target,
    row by row. Terrain and occupancy are not checked."""
    x0, y0 = target_pos
    out = [(x0 + dx, y0 + dy) for dx, dy in attack_offsets(template, target_squares)]
    out.sort(key=lambda s: (s[1], s[0]))
    return out
