"""Microseconds per action of seeded fights, and of the fights in which no special
attack was made (a benchmark script, not a test).

    .venv/bin/python bench/bench_per_action.py [SCENARIO] [--seconds S] [--no-weighing]

The time is the process's CPU time, which another process on the machine disturbs far
less than the wall clock. Fights play their own choices, so two commits play different
fights; the cost per action is what compares them. To compare commits on a shared
machine, alternate short runs of each (``PYTHONPATH=OTHER/src``) and compare the
fastest of each (docs/performance.md). ``--no-weighing`` leaves out the baseline's
weighing of the special attacks (``instead``, ``turn_special``): the fights are then
those of the commits before the special attacks, and the difference is what the
weighing costs.
"""

from __future__ import annotations

import argparse
import time

from d20combat.content.scenarios import DEFAULT_SCENARIO, load_scenario
from d20combat.sim.runner import fight
from d20combat.sim.simulate import fight_seed

#: Event types of the special attacks (docs/log-format.md).
MANEUVER_EVENTS = frozenset(
    {"trip", "bull-rush", "overrun", "disarm", "sunder", "attack-object", "break", "feint"}
    | {"aid", "coup-de-grace", "knockout-blow", "aimed shot", "splash", "turning"}
    | {"grapple", "grapple-check", "climb", "shake-off", "garrote", "cut-garrote"}
    | {"pounce", "rake", "trample", "trampled", "trample-save"}
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--no-weighing", action="store_true")
    args = parser.parse_args()
    if args.no_weighing:
        from d20combat.tactics import policies

        setattr(policies, "instead", lambda enc, c, attack: attack)  # noqa: B010
        setattr(policies, "turn_special", lambda *_, **__: None)  # noqa: B010
    scenario = load_scenario(args.scenario)
    start = time.process_time()
    fights = actions = plain_fights = plain_actions = 0
    plain_time = 0.0
    while time.process_time() - start < args.seconds:
        t = time.process_time()
        result = fight(scenario, fight_seed(7, fights))
        spent = time.process_time() - t
        n = len(result.encounter.history)
        fights += 1
        actions += n
        if not any(e.type in MANEUVER_EVENTS for e in result.encounter.log):
            plain_fights += 1
            plain_actions += n
            plain_time += spent
    total = time.process_time() - start
    plain = f"{1e6 * plain_time / plain_actions:.1f}" if plain_actions else "-"
    print(
        f"{args.scenario}: {fights} fights, {1e6 * total / actions:.1f} us/action; "
        f"{plain_fights} without a special attack: {plain} us/action"
    )


if __name__ == "__main__":
    main()
