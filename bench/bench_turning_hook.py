"""The cost of the baseline's turning hook in fights where nobody turns (a benchmark
script, not a test).

    .venv/bin/python bench/bench_turning_hook.py [SCENARIO ...] [--rounds R] [--fights N]

Plays the same seeded fights with the hook (``tactics.maneuvers.turning_instead``) and
without it, alternating, in one process: where no turning is chosen the fights are the
same, so the microseconds per action (processor time, which other work on a shared
machine disturbs less than the wall clock) compare directly (docs/performance.md). Each batch
starts with the remembered decisions forgotten, so both pay the same warm-up.
"""

from __future__ import annotations

import argparse
import time

from d20combat.content.scenarios import load_scenario
from d20combat.sim.runner import fight
from d20combat.sim.simulate import fight_seed
from d20combat.tactics import policies


def _never(*_: object) -> None:
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=["ogre-duel", "ruined-gatehouse"])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--fights", type=int, default=20)
    args = parser.parse_args()
    hook = policies.turning_instead
    for name in args.scenarios:
        scenario = load_scenario(name)
        spent = {"with": 0.0, "without": 0.0}
        actions = {"with": 0, "without": 0}
        for r in range(args.rounds):  # alternate which goes first
            order = [("with", hook), ("without", _never)]
            for label, fn in order if r % 2 == 0 else order[::-1]:
                policies.turning_instead = fn  # type: ignore[assignment]
                policies._CASTS.clear()  # each batch remembers its own decisions
                for i in range(args.fights):
                    t = time.process_time()
                    result = fight(scenario, fight_seed(7, i))
                    spent[label] += time.process_time() - t
                    actions[label] += len(result.encounter.history)
        policies.turning_instead = hook
        with_us, without_us = (1e6 * spent[k] / actions[k] for k in ("with", "without"))
        print(
            f"{name}: {actions['with']} actions; with the hook {with_us:.1f} us/action, "
            f"without {without_us:.1f} ({100 * (with_us / without_us - 1):+.1f}%)"
            + ("" if actions["with"] == actions["without"] else " (the fights differ)")
        )


if __name__ == "__main__":
    main()
