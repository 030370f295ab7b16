"""Micro-benchmark of the grid layer (a plain script, not a test).

Run: ``.venv/bin/python bench/bench_grid.py [--quick]``. Prints operations per second
for threat checks, flanking, cover, concealment, line of effect and movement searches,
on an open 30x30 map, a 30x30 walled dungeon and a 100x100 field (the size of a
100-vs-100 battle). Cached figures are the steady state a simulation sees (the same
map, repeated queries); "cold" figures clear the map's caches first.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from d20combat.grid import (
    BattleMap,
    concealment,
    cover,
    flanks,
    line_of_effect,
    movement_costs,
    threat_template,
    threatens,
)

QUICK = "--quick" in sys.argv
MIN_TIME = 0.15 if QUICK else 0.6


def rate(fn: Callable[[], object], n: int) -> float:
    """Calls per second of ``fn`` (called in batches of ``n``)."""
    calls = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(n):
            fn()
        calls += n
        dt = time.perf_counter() - t0
        if dt >= MIN_TIME:
            return calls / dt


def show(label: str, per_sec: float) -> None:
    print(f"  {label:<52} {per_sec:>12,.0f} /s   ({1e6 / per_sec:8.2f} us)")


def dungeon(w: int, h: int, seed: int) -> BattleMap:
    rng = random.Random(seed)
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            r = rng.random()
            if x in (0, w - 1) or y in (0, h - 1) or r < 0.12:
                row.append("#")
            elif r < 0.18:
                row.append(",")
            elif r < 0.20:
                row.append("=")
            elif r < 0.24:
                row.append("d")
            else:
                row.append(".")
        rows.append("".join(row))
    return BattleMap.from_ascii(rows)


def pairs(
    m: BattleMap, k: int, seed: int, max_d: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    rng = random.Random(seed)
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    while len(out) < k:
        a = (rng.randrange(m.width), rng.randrange(m.height))
        b = (
            min(m.width - 1, max(0, a[0] + rng.randint(-max_d, max_d))),
            min(m.height - 1, max(0, a[1] + rng.randint(-max_d, max_d))),
        )
        if a != b and m.walkable(*a) and m.walkable(*b):
            out.append((a, b))
    return out


def bench_map(name: str, m: BattleMap) -> None:
    print(f"{name} ({m.width}x{m.height})")
    t5 = threat_template(1, 5)
    t10 = threat_template(1, 5, True)
    show("threat_template (cached)", rate(lambda: threat_template(2, 10, True), 2000))
    show("threatens (Medium, 5 ft)", rate(lambda: threatens((10, 10), t5, (11, 11)), 5000))
    show("threatens (longspear, miss)", rate(lambda: threatens((10, 10), t10, (11, 11)), 5000))
    show("flanks (1x1, cached)", rate(lambda: flanks((9, 10), 1, (11, 10), 1, (10, 10)), 5000))
    show(
        "flanks (Large attacker, Huge defender)",
        rate(lambda: flanks((5, 10), 2, (12, 11), 1, (8, 10), 3), 5000),
    )
    melee = pairs(m, 64, 1, 1)
    ranged = pairs(m, 64, 2, 8)
    occ = {b for _, b in pairs(m, 40, 3, 12)}
    i = 0

    def cov_melee() -> None:
        nonlocal i
        a, b = melee[i & 63]
        i += 1
        cover(m, a, 1, b, 1, melee=True)

    def cov_ranged() -> None:
        nonlocal i
        a, b = ranged[i & 63]
        i += 1
        cover(m, a, 1, b, 1, occupied=occ)

    def conc_ranged() -> None:
        nonlocal i
        a, b = ranged[i & 63]
        i += 1
        concealment(m, a, 1, b, 1)

    def loe() -> None:
        nonlocal i
        a, b = ranged[i & 63]
        i += 1
        line_of_effect(m, a, 1, b, 1)

    for fn in (cov_melee, cov_ranged, conc_ranged, loe):  # warm the caches
        for _ in range(64):
            fn()
    show("cover, adjacent melee (cached traces)", rate(cov_melee, 1000))
    show("cover, ranged <= 40 ft, 40 creatures (cached)", rate(cov_ranged, 1000))
    show("concealment, ranged (cached)", rate(conc_ranged, 1000))
    show("line_of_effect, ranged (cached)", rate(loe, 1000))

    def cov_cold() -> None:
        nonlocal i
        a, b = ranged[i & 63]
        i += 1
        m.invalidate()
        cover(m, a, 1, b, 1, occupied=occ)

    show("cover, ranged, cold (trace computed)", rate(cov_cold, 200))
    big = pairs(m, 8, 4, 6)

    def cov_big() -> None:
        nonlocal i
        a, b = big[i & 7]
        i += 1
        ax = min(a[0], m.width - 2)
        ay = min(a[1], m.height - 2)
        cover(m, (ax, ay), 2, b, 1, melee=False, occupied=occ)

    for _ in range(16):
        cov_big()
    show("cover, Large attacker (cached)", rate(cov_big, 200))
    starts = [a for a, _ in pairs(m, 16, 5, 1)]
    j = 0
    searches = m.cache("searches")  # bounded searches are cached per map: measure both

    def move30() -> None:
        nonlocal j
        searches.clear()
        movement_costs(m, starts[j & 15], budget_ft=30, blocked=occ)
        j += 1

    def move30_cached() -> None:
        nonlocal j
        movement_costs(m, starts[j & 15], budget_ft=30, blocked=occ)
        j += 1

    def move60() -> None:
        nonlocal j
        searches.clear()
        movement_costs(m, starts[j & 15], budget_ft=60, blocked=occ)
        j += 1

    def move_large() -> None:
        nonlocal j
        searches.clear()
        s = starts[j & 15]
        movement_costs(m, (min(s[0], m.width - 2), min(s[1], m.height - 2)), 2, budget_ft=40)
        j += 1

    def move30_alone() -> None:
        nonlocal j
        searches.clear()
        movement_costs(m, starts[j & 15], budget_ft=30)
        j += 1

    move30()
    move_large()
    show("movement_costs, 30 ft budget, nobody near", rate(move30_alone, 20))
    show("movement_costs, 30 ft budget, 40 creatures", rate(move30, 20))
    show("movement_costs, the same again (cached search)", rate(move30_cached, 20))
    show("movement_costs, 60 ft budget (double move)", rate(move60, 10))
    show("movement_costs, Large, 40 ft budget", rate(move_large, 10))
    print()


def main() -> None:
    bench_map("open map", BattleMap.open(30, 30))
    bench_map("dungeon", dungeon(30, 30, 7))
    bench_map("large field", dungeon(100, 100, 11))


if __name__ == "__main__":
    main()
