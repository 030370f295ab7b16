"""Quick expected values for the tactics: floats, computed in closed form, for
decisions made many times a fight (the exact odds are :mod:`d20combat.odds`)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=65536)
def hit_damage(ac: int, bonus: int, mean: float, crit_from: int, mult: int, miss: int) -> float:
    """Expected damage of one attack: hits on the d20 (a natural 20 always, a 1
    never), threats from ``crit_from`` confirmed by a second roll, the concealment
    miss chance; not damage reduction."""
    hit = sum(1 for d in range(2, 21) if d == 20 or d + bonus >= ac) / 20
    threat = sum(1 for d in range(crit_from, 21) if d == 20 or d + bonus >= ac) / 20
    return mean * (hit + threat * hit * (mult - 1)) * (1 - miss / 100)


def p_hits(ac: int, bonus: int, miss: int = 0) -> float:
    """The chance an attack roll hits (a natural 1 misses, a 20 hits), then the
    concealment miss chance."""
    return sum(1 for d in range(2, 21) if d == 20 or d + bonus >= ac) / 20 * (1 - miss / 100)
