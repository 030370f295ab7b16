"""Where a fight's time goes, by kind of action (a benchmark script, not a test).

    .venv/bin/python bench/bench_actions.py [SCENARIO] [--fights N]

Plays seeded fights twice (the first pass warms the caches a long simulation keeps
warm) and prints, for each kind of action the tactics chose, how many a fight has and
the mean microseconds spent choosing it (the policy) and resolving it
(``Encounter.apply``), plus the cost of setting a fight up.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from d20combat.content.scenarios import DEFAULT_SCENARIO, load_scenario
from d20combat.encounter.state import Encounter
from d20combat.sim.simulate import fight_seed
from d20combat.tactics.policies import policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO)
    parser.add_argument("--fights", type=int, default=200)
    args = parser.parse_args()
    scenario = load_scenario(args.scenario)
    seeds = [fight_seed(7, i) for i in range(args.fights)]
    per_kind: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    setup = 0.0
    for timed in (False, True):
        for seed in seeds:
            t0 = time.perf_counter()
            enc = Encounter.from_scenario(scenario, seed)
            setup += (time.perf_counter() - t0) * timed
            while enc.outcome is None:
                actor = enc.current
                assert actor is not None
                t0 = time.perf_counter()
                action = policy(actor.tactics)(enc, actor.id)
                t1 = time.perf_counter()
                enc.apply(action)
                t2 = time.perf_counter()
                if timed:
                    row = per_kind[type(action).__name__]
                    row[0] += 1
                    row[1] += t1 - t0
                    row[2] += t2 - t1
    n = len(seeds)
    print(f"{args.scenario}: {n} fights; setting one up {setup / n * 1e6:.0f} us")
    print("| action | per fight | choosing (us) | resolving (us) |")
    print("|---|---|---|---|")
    for kind, (count, choose, resolve) in sorted(per_kind.items(), key=lambda kv: -kv[1][0]):
        print(
            f"| {kind} | {count / n:.2f} | {choose / count * 1e6:.1f} "
            f"| {resolve / count * 1e6:.1f} |"
        )


if __name__ == "__main__":
    main()
