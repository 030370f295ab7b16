"""Quick expected values for the tactics: floats, computed in closed form, for
decisions made many times a fight (the exact odds are :mod:`d20combat.odds`)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=65536)
def hit_damage(ac: int, bonus: int, mean: float, crit_from: int, mult: int, miss: int) -> float:
    """Expected damage of one attack: hits on the d20 (a natural 20 always, a 1
    never), threats from ``crit_from`` confirmed by a second roll, the concealment
    miss chance; not damage reduction."""
    need = ac - bonus  # the lowest face that hits, but for the natural 1 and 20
    hit = max(1, 21 - max(2, need)) / 20
    threat = (max(1, 21 - max(crit_from, need)) if crit_from <= 20 else 0) / 20
    return mean * (hit + threat * hit * (mult - 1)) * (1 - miss / 100)


def p_hits(ac: int, bonus: int, miss: int = 0) -> float:
    """The chance an attack roll hits (a natural 1 misses, a 20 hits), then the
    concealment miss chance."""
    return max(1, 21 - max(2, ac - bonus)) / 20 * (1 - miss / 100)
