"""Quick expected values for the tactics: floats, computed in closed form, for
decisions made many times a fight (the exact odds are :mod:`d20combat.odds`)."""

from __future__ import annotations

from functools import lru_cache


def _faces(need: int, low: int) -> int:
    """How many d20 faces from ``low`` (at least 2) hit when a roll needs ``need``: the
    faces 2 to 19 that reach it, and the natural 20 that always hits (a natural 1
    never does: seed 003 "Attack Roll")."""
    if low > 20:
        return 0
    return max(0, 20 - max(low, need, 2)) + 1


@lru_cache(maxsize=65536)
def hit_damage(
    ac: int,
    bonus: int,
    mean: float,
    crit_from: int,
    mult: int,
    miss: int,
    disadvantage: bool = False,
) -> float:
    """Expected damage of one attack: hits on the d20 (a natural 20 always, a 1
    never), threats from ``crit_from`` confirmed by a second roll, the concealment
    miss chance; not damage reduction.

    >>> round(hit_damage(15, 5, 10.0, 19, 2, 0), 6)  # hits on 10-20, threats on 19-20
    6.05
    """
    need = ac - bonus
    hit = _faces(need, 2) / 20
    threat = _faces(need, crit_from) / 20
    if disadvantage:  # seed 001: the lower of two d20s hits (threatens) when both would
        return mean * (hit * hit + threat * threat * hit * (mult - 1)) * (1 - miss / 100)
    return mean * (hit + threat * hit * (mult - 1)) * (1 - miss / 100)


def p_hits(ac: int, bonus: int, miss: int = 0) -> float:
    """The chance an attack roll hits (a natural 1 misses, a 20 hits), then the
    concealment miss chance."""
    return _faces(ac - bonus, 2) / 20 * (1 - miss / 100)
