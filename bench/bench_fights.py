"""Fights per second in one process (a benchmark script, not a test).

    .venv/bin/python bench/bench_fights.py [--seconds S] [--quick]

Measures, each in a single process with seeded fights:
  (a) the ogre duel: a 4th-level human fighter (greatsword, full plate) against the
      SRD ogre on an open map (scenario ``ogre-duel``);
  (b) the default scenario (four 3rd-level characters against a mixed group);
  (c) a 100-against-100 open-field battle (``field-battle-100``): seconds per fight
      and seconds per round, to show how the per-round cost grows;
  (d) how the cost grows with the crowd: two lines of orcs and hobgoblins, two ranks
      deep, from 10 to 200 a side on an open field whose length grows with them (the
      same density everywhere), in microseconds per creature-turn.
Prints Markdown tables for docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from d20combat.content.scenarios import DEFAULT_SCENARIO, load_scenario
from d20combat.sim.runner import fight
from d20combat.sim.simulate import fight_seed


def rate(name: str, seconds: float) -> tuple[float, float, int]:
    """(fights per second, mean rounds, fights) over about ``seconds`` of fighting."""
    scenario = load_scenario(name)
    fight(scenario, 0)  # warm the caches (statistics, line traces)
    start = time.perf_counter()
    n = rounds = 0
    while time.perf_counter() - start < seconds:
        rounds += fight(scenario, fight_seed(7, n)).outcome.rounds
        n += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, rounds / n, n


def battle(name: str, fights: int) -> tuple[float, float, list[tuple[int, float]]]:
    """(seconds per fight, seconds per round, [(living combatants, seconds) per round])."""
    scenario = load_scenario(name)
    total = 0.0
    rounds = 0
    profile: list[tuple[int, float]] = []
    for i in range(fights):
        t0 = time.perf_counter()
        result = fight(scenario, fight_seed(7, i))
        total += time.perf_counter() - t0
        rounds += result.outcome.rounds
        if i == 0:
            profile = _round_profile(scenario)
    return total / fights, total / max(1, rounds), profile


def _round_profile(scenario: object) -> list[tuple[int, float]]:
    """Seconds per round against the number of creatures still fighting."""
    from d20combat.encounter.state import Encounter
    from d20combat.tactics.policies import policy

    enc = Encounter.from_scenario(scenario, fight_seed(7, 0))  # type: ignore[arg-type]
    out = []
    current = enc.round
    t0 = time.perf_counter()
    alive = sum(enc.active(c) for c in enc.combatants.values())
    while enc.outcome is None:
        actor = enc.current
        assert actor is not None
        enc.apply(policy(actor.tactics)(enc, actor.id))
        if enc.round != current:
            out.append((alive, time.perf_counter() - t0))
            current = enc.round
            alive = sum(enc.active(c) for c in enc.combatants.values())
            t0 = time.perf_counter()
    return out


def line_battle(per_side: int) -> str:
    """Scenario text: ``per_side`` orcs against as many hobgoblins, two ranks deep,
    25 squares apart, on a field long enough for the lines."""
    from d20combat.grid.squares import square_name

    ranks = per_side // 2
    rows = "\n".join("    " + "." * 40 for _ in range(ranks + 10))
    west = f"{square_name((5, 5))}-{square_name((6, 4 + ranks))}"
    east = f"{square_name((30, 5))}-{square_name((31, 4 + ranks))}"
    return f"""name: line-battle-{per_side}
ruleset: srd35
round_limit: 60
map:
  rows: |
{rows}
sides:
  - name: orcs
    tactics: aggressive
    combatants:
      - {{creature: orc, area: {west}}}
  - name: hobgoblins
    combatants:
      - {{creature: hobgoblin, area: {east}}}
"""


def scaling(sizes: tuple[int, ...], budget: int) -> list[tuple[int, float, float]]:
    """(creatures, seconds per fight, microseconds per creature-turn) per line size."""
    import tempfile
    from pathlib import Path

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for per_side in sizes:
            path = Path(tmp) / f"line{per_side}.yaml"
            path.write_text(line_battle(per_side), encoding="utf-8")
            scenario = load_scenario(str(path))
            fight(scenario, 0)  # warm the caches
            fights = max(2, budget // per_side)
            total = 0.0
            turns = 0
            for i in range(fights):
                t0 = time.perf_counter()
                result = fight(scenario, fight_seed(7, i))
                total += time.perf_counter() - t0
                turns += sum(1 for e in result.encounter.log if e.type == "turn")
            out.append((2 * per_side, total / fights, 1e6 * total / turns))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    parser.add_argument("--quick", action="store_true", help="one big battle, short runs")
    args = parser.parse_args()
    seconds = 3.0 if args.quick else args.seconds
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()} ({platform.python_implementation()})"
    )
    a = rate("ogre-duel", seconds)
    b = rate(DEFAULT_SCENARIO, seconds)
    per_fight, per_round, profile = battle("field-battle-100", 1 if args.quick else 3)
    print()
    print("| benchmark | result | target |")
    print("|---|---|---|")
    print(
        f"| (a) ogre duel | {a[0]:,.0f} fights/s ({a[2]} fights, {a[1]:.2f} rounds each) "
        "| 7,000/s |"
    )
    print(
        f"| (b) {DEFAULT_SCENARIO} | {b[0]:,.0f} fights/s ({b[2]} fights, {b[1]:.2f} rounds) "
        "| 300/s |"
    )
    print(
        f"| (c) field-battle-100 | {per_fight:.2f} s per fight, {per_round:.3f} s per round "
        "| < 5 s |"
    )
    print()
    print("Per-round cost in the first 100-vs-100 fight (creatures still fighting: seconds):")
    for alive, secs in profile:
        print(f"  {alive:4d}: {secs:.3f} s ({secs / max(1, alive) * 1000:.2f} ms per creature)")
    print()
    print("(d) Line battles at constant density:")
    print("| creatures | s per fight | us per creature-turn |")
    print("|---|---|---|")
    sizes = (10, 50, 200) if args.quick else (10, 20, 50, 100, 200)
    for n, per_fight_s, per_turn in scaling(sizes, 200 if args.quick else 600):
        print(f"| {n} | {per_fight_s:.3f} | {per_turn:,.0f} |")


if __name__ == "__main__":
    main()
