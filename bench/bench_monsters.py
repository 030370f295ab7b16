"""Microseconds per action of whole seeded fights (a benchmark script, not a test):
the cost the monster special attacks' hooks add to fights where none is possible
(``ogre-duel``; ``ruined-gatehouse``, whose wolf now trips after a bite hit) and the
cost of a fight full of them (``beast-hunt``).

    .venv/bin/python bench/bench_monsters.py [--seconds S]
    PYTHONPATH=/path/to/other/src .venv/bin/python bench/bench_monsters.py  # compare

The number: CPU time of the fights (time.process_time: less disturbed by a shared machine) / the actions taken (sum of len(result.encounter.history)).
"""

from __future__ import annotations

import argparse
import time

from d20combat.content.scenarios import load_scenario
from d20combat.sim.runner import fight
from d20combat.sim.simulate import fight_seed


def per_action(name: str, seconds: float) -> tuple[float, int]:
    """(microseconds per action, fights) over about ``seconds`` of fighting."""
    scenario = load_scenario(name)
    fight(scenario, 0)  # warm the caches
    start = time.process_time()
    n = actions = 0
    while time.process_time() - start < seconds:
        actions += len(fight(scenario, fight_seed(7, n)).encounter.history)
        n += 1
    return (time.process_time() - start) * 1e6 / max(1, actions), n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--scenarios", default="ogre-duel,ruined-gatehouse,beast-hunt")
    args = parser.parse_args()
    print("| scenario | us per action | fights |")
    print("|---|---|---|")
    for name in args.scenarios.split(","):
        try:
            us, n = per_action(name, args.seconds)
        except Exception as exc:  # a scenario the other source lacks
            print(f"| {name} | {exc} | |")
            continue
        print(f"| {name} | {us:.0f} | {n} |")


if __name__ == "__main__":
    main()
