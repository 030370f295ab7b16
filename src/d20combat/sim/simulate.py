"""Monte Carlo simulation: many seeded fights of one scenario, across processes.

Fight ``i`` of a simulation with master seed ``S`` always uses the seed
:func:`fight_seed(S, i) <fight_seed>`, and results are gathered in fight order, so
the report is identical whatever the number of worker processes.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from d20combat.content.scenarios import Scenario, load_scenario
from d20combat.encounter.outcome import EndKind
from d20combat.rules.hitpoints import HpState
from d20combat.sim.runner import fight


def fight_seed(master: int, index: int) -> int:
    """The seed of fight ``index`` of a simulation seeded ``master`` (stable everywhere)."""
    digest = hashlib.blake2b(f"d20combat:{master}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


#: How a combatant ends a fight, for the report: ``standing`` (able to act, fled and
#: surrendered included), ``down`` (disabled, unconscious, dying or stable) or ``dead``.
END_STATES = ("standing", "down", "dead")


def end_state(state: HpState) -> str:
    """``standing``, ``down`` or ``dead`` for a hit-point state at a fight's end."""
    if state is HpState.DEAD:
        return "dead"
    if state in (HpState.HEALTHY, HpState.STAGGERED):
        return "standing"
    return "down"


@dataclass(frozen=True)
class FightRecord:
    """What a simulation keeps of one fight, until the report has counted it."""

    index: int
    kind: str
    winner: str | None
    rounds: int
    ends: tuple[str, ...]  # each combatant's END_STATES entry
    hp_left: tuple[int, ...]


@dataclass
class Report:
    """The counts of a simulation, folded in fight by fight: its memory does not grow
    with the number of fights (only the distinct round counts are kept)."""

    scenario: str
    runs: int
    seed: int
    sides: list[str]
    combatants: list[str]
    ruleset: str = "srd35"
    variants: tuple[str, ...] = ()
    fights: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    victories: Counter[str] = field(default_factory=Counter)
    round_counts: Counter[int] = field(default_factory=Counter)
    ends: list[Counter[str]] = field(default_factory=list)
    hp_left: list[int] = field(default_factory=list)

    def add(self, r: FightRecord) -> None:
        """Count one fight in."""
        if not self.ends:
            self.ends = [Counter() for _ in self.combatants]
            self.hp_left = [0] * len(self.combatants)
        self.fights += 1
        self.kinds[r.kind] += 1
        if r.kind == EndKind.VICTORY and r.winner is not None:
            self.victories[r.winner] += 1
        self.round_counts[r.rounds] += 1
        for i, end in enumerate(r.ends):
            self.ends[i][end] += 1
            self.hp_left[i] += r.hp_left[i]

    def wins(self, side: str) -> int:
        return self.victories[side]

    @property
    def truncated(self) -> int:
        return self.kinds[EndKind.TRUNCATED]

    def as_json(self) -> dict[str, Any]:
        n = self.fights
        sides = {}
        for side in self.sides:
            w = self.wins(side)
            lo, hi = wilson_interval(w, n)
            sides[side] = {"wins": w, "win_rate": w / n if n else 0.0, "ci95": [lo, hi]}
        combatants = {}
        for i, name in enumerate(self.combatants):
            ends = self.ends[i] if self.ends else Counter()
            rate = {e: ends[e] / n if n else 0.0 for e in END_STATES}
            combatants[name] = {
                "survival_rate": 1.0 - rate["dead"] if n else 0.0,
                "standing_rate": rate["standing"],
                "down_rate": rate["down"],
                "dead_rate": rate["dead"],
                "mean_hp_left": self.hp_left[i] / n if n else 0.0,
            }
        total_rounds = sum(k * v for k, v in self.round_counts.items())
        return {
            "scenario": self.scenario,
            "ruleset": self.ruleset,
            "variants": list(self.variants),
            "runs": n,
            "seed": self.seed,
            "sides": sides,
            "draws": self.kinds[EndKind.DRAW],
            "truncated": self.truncated,
            "rounds": {
                "mean": total_rounds / n if n else 0.0,
                "p50": counted_percentile(self.round_counts, 50),
                "p90": counted_percentile(self.round_counts, 90),
            },
            "combatants": combatants,
        }


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score 95% confidence interval of a proportion (``(0, 1)`` for none).

    The bounds are exactly 0 with no successes and exactly 1 with no failures.

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    >>> wilson_interval(0, 10)[0], wilson_interval(10, 10)[1]
    (0.0, 1.0)

    Raises:
        ValueError: unless ``0 <= successes <= n``.
    """
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def percentile(sorted_values: Sequence[int], q: int) -> int:
    """Nearest-rank percentile of values sorted in ascending order (0 for none).

    The values are not checked to be sorted; unsorted input gives a wrong answer.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90), percentile([1, 2, 3], 50)
    (9, 2)
    """
    if not sorted_values:
        return 0
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def counted_percentile(counts: Counter[int], q: int) -> int:
    """:func:`percentile` of values given as ``{value: how many times}``.

    >>> counted_percentile(Counter({1: 3, 5: 1}), 50), counted_percentile(Counter(), 90)
    (1, 0)
    """
    n = sum(counts.values())
    if not n:
        return 0
    rank = max(1, math.ceil(q / 100 * n))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return value
    raise AssertionError("unreachable: the counts add up to n")


_WORKER_SCENARIO: Scenario | None = None


def _init_worker(name: str, ruleset_name: str | None, variants: Sequence[str]) -> None:
    global _WORKER_SCENARIO
    _WORKER_SCENARIO = load_scenario(name).under(ruleset_name, variants)


def run_one(scenario: Scenario, master: int, index: int) -> FightRecord:
    result = fight(scenario, fight_seed(master, index))
    enc, outcome = result.encounter, result.outcome
    cs = list(enc.combatants.values())
    return FightRecord(
        index=index,
        kind=outcome.kind.value,
        winner=outcome.winner,
        rounds=outcome.rounds,
        ends=tuple(end_state(c.state(enc.rules)) for c in cs),
        hp_left=tuple(max(0, c.vitals.hp) for c in cs),
    )


def _run_chunk(args: tuple[int, list[int]]) -> list[FightRecord]:
    master, indices = args
    assert _WORKER_SCENARIO is not None
    return [run_one(_WORKER_SCENARIO, master, i) for i in indices]


def _chunks(runs: int, size: int) -> Iterator[list[int]]:
    for start in range(0, runs, size):
        yield list(range(start, min(runs, start + size)))


def simulate(
    name_or_path: str,
    *,
    runs: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ruleset_name: str | None = None,
    variants: Sequence[str] = (),
) -> Report:
    """Run ``runs`` seeded fights of a scenario on ``workers`` processes, under the
    scenario's ruleset or ``ruleset_name``, with ``variants`` switched on as well.

    Raises:
        ScenarioError: if the scenario cannot be loaded.
        ContentError: for an unknown ruleset or variant.
    """
    scenario = load_scenario(name_or_path).under(ruleset_name, variants)
    from d20combat.encounter.state import Encounter

    probe = Encounter.from_scenario(scenario, 0, start=False)
    report = Report(
        scenario.name,
        runs,
        seed,
        probe.sides,
        [c.name for c in probe.combatants.values()],
        scenario.ruleset.name,
        tuple(sorted(v.value for v in scenario.ruleset.variants)),
    )
    chunk = max(1, min(250, runs // (max(1, workers) * 8) or 1))
    if workers <= 1:
        for indices in _chunks(runs, chunk):
            for i in indices:
                report.add(run_one(scenario, seed, i))
            if progress:
                progress(len(indices))
        return report
    path = name_or_path
    if os.path.exists(path):
        path = os.path.abspath(path)
    with ProcessPoolExecutor(
        max_workers=min(workers, -(-runs // chunk)),  # no more processes than chunks
        initializer=_init_worker,
        initargs=(path, ruleset_name, tuple(variants)),
    ) as pool:
        for records in pool.map(_run_chunk, ((seed, c) for c in _chunks(runs, chunk))):
            for record in records:
                report.add(record)
            if progress:
                progress(len(records))
    return report
