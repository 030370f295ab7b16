"""``d20combat simulate``: the JSON contract, determinism whatever the number of
workers, consistent counts, and the statistics behind them (Wilson intervals and
nearest-rank percentiles)."""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from d20combat.cli import cli, main
from d20combat.content.scenarios import load_scenario
from d20combat.rules.hitpoints import HpState
from d20combat.sim.runner import fight
from d20combat.sim.simulate import (
    counted_percentile,
    fight_seed,
    percentile,
    simulate,
    wilson_interval,
)

RUNS = 40
ENDS = ("standing_rate", "down_rate", "dead_rate")
SCENARIO = "ogre-duel"
REPO = Path(__file__).resolve().parents[2]
DUEL_FILE = REPO / "src" / "d20combat" / "content" / "data" / "scenarios" / "ogre-duel.yaml"


def run(*args: str | int | Path) -> str:
    result = CliRunner().invoke(cli, ["simulate", *map(str, args)])
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def report(seed: int = 7, workers: int = 1, scenario: str | Path = SCENARIO) -> str:
    return run(scenario, "--runs", RUNS, "--seed", seed, "--workers", workers, "--json")


@pytest.fixture(scope="module")
def one_worker() -> str:
    return report()


def check_contract(data: dict[str, Any], runs: int, seed: int) -> None:
    """The ``simulate --json`` shape of DESIGN.md (plus the README's scenario, ruleset,
    variants and draws)."""
    assert {"runs", "seed", "sides", "truncated", "rounds", "combatants"} <= set(data)
    assert set(data) <= {"runs", "seed", "sides", "truncated", "rounds", "combatants"} | {
        "scenario",
        "ruleset",
        "variants",
        "draws",
    }
    assert (data["runs"], data["seed"]) == (runs, seed)
    wins = 0
    for side in data["sides"].values():
        assert set(side) == {"wins", "win_rate", "ci95"}
        assert isinstance(side["wins"], int) and 0 <= side["wins"] <= runs
        assert side["win_rate"] == side["wins"] / runs
        lo, hi = side["ci95"]
        assert [lo, hi] == list(wilson_interval(side["wins"], runs))
        assert 0 <= lo <= side["win_rate"] <= hi <= 1
        wins += side["wins"]
    # every fight is won by one side, drawn or truncated (never counted as a win)
    assert wins + data["draws"] + data["truncated"] == runs
    rounds = data["rounds"]
    assert set(rounds) == {"mean", "p50", "p90"}
    assert isinstance(rounds["p50"], int) and isinstance(rounds["p90"], int)
    assert 1 <= rounds["p50"] <= rounds["p90"]
    assert rounds["mean"] >= 1
    for c in data["combatants"].values():
        assert set(c) == {
            *("survival_rate", "standing_rate", "down_rate", "dead_rate", "mean_hp_left")
        }
        assert 0 <= c["survival_rate"] <= 1
        assert c["mean_hp_left"] >= 0
        # DESIGN.md: standing, down and dead add up to 1; survival is all but the dead
        parts = [Fraction(c[k]).limit_denominator(runs) for k in ENDS]
        assert sum(parts) == 1 and all(0 <= p <= 1 for p in parts)
        assert c["survival_rate"] == pytest.approx(1 - c["dead_rate"])


def test_json_contract(one_worker: str) -> None:
    data = json.loads(one_worker)
    check_contract(data, RUNS, 7)
    assert data["scenario"] == SCENARIO
    assert (data["ruleset"], data["variants"]) == ("srd35", [])
    assert list(data["sides"]) == ["fighter", "ogre"]
    assert list(data["combatants"]) == ["Human fighter 4", "Ogre"]
    # a duel to the death: the loser is down (survival counts the living, dying included)
    fighter, ogre = data["combatants"]["Human fighter 4"], data["combatants"]["Ogre"]
    assert fighter["survival_rate"] >= data["sides"]["fighter"]["win_rate"]
    assert ogre["survival_rate"] >= data["sides"]["ogre"]["win_rate"]


@pytest.mark.parametrize("workers", [2, 3])
def test_same_output_whatever_the_number_of_workers(one_worker: str, workers: int) -> None:
    assert report(workers=workers) == one_worker


def test_same_seed_same_output_and_the_seed_matters(one_worker: str) -> None:
    assert report() == one_worker
    others = {report(seed=s) for s in (8, 9)}
    assert one_worker not in others


def test_a_scenario_path_with_workers(one_worker: str) -> None:
    # a path (loaded again in each worker process) gives the bundled scenario's numbers
    by_path = json.loads(report(scenario=DUEL_FILE, workers=2))
    by_name = json.loads(one_worker)
    assert by_path["sides"] == by_name["sides"]
    assert by_path["combatants"] == by_name["combatants"]


def test_the_report_counts_the_fights_it_says(one_worker: str) -> None:
    """Replay each fight by its seed with the runner and count by hand."""
    data = json.loads(one_worker)
    scenario = load_scenario(SCENARIO)
    wins: dict[str, int] = {}
    rounds = []
    hp = {"Human fighter 4": 0, "Ogre": 0}
    ends: dict[str, dict[str, int]] = {name: dict.fromkeys(ENDS, 0) for name in hp}
    for i in range(RUNS):
        result = fight(scenario, fight_seed(7, i))
        if result.outcome.winner and result.outcome.terminated:
            wins[result.outcome.winner] = wins.get(result.outcome.winner, 0) + 1
        rounds.append(result.outcome.rounds)
        for c in result.encounter.combatants.values():
            hp[c.name] += max(0, c.vitals.hp)
            state = c.state(result.encounter.rules)
            if state is HpState.DEAD:
                ends[c.name]["dead_rate"] += 1
            elif state in (HpState.HEALTHY, HpState.STAGGERED):  # fled ones too
                ends[c.name]["standing_rate"] += 1
            else:  # DESIGN.md: dying, unconscious (stable) and disabled are down
                ends[c.name]["down_rate"] += 1
    assert {s: v["wins"] for s, v in data["sides"].items() if v["wins"]} == wins
    assert data["rounds"]["mean"] == sum(rounds) / RUNS
    assert data["rounds"]["p50"] == percentile(sorted(rounds), 50)
    assert data["rounds"]["p90"] == percentile(sorted(rounds), 90)
    for name, total in hp.items():
        assert data["combatants"][name]["mean_hp_left"] == total / RUNS
        for key, count in ends[name].items():
            assert data["combatants"][name][key] == count / RUNS


def test_text_report(one_worker: str) -> None:
    data = json.loads(one_worker)
    text = run(SCENARIO, "--runs", RUNS, "--seed", 7)
    lines = text.splitlines()
    assert lines[0] == f"{SCENARIO}: {RUNS} fights, seed 7"
    fighter = data["sides"]["fighter"]
    assert f"wins {fighter['wins']:>7} ({fighter['win_rate'] * 100:6.2f}%" in text
    assert "truncated at the round limit 0 (never counted as wins)" in text
    assert any(line.split()[:3] == ["Human", "fighter", "4"] for line in lines)


def test_progress_bar_on_a_terminal_goes_to_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, one_worker: str
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with pytest.raises(SystemExit) as stop:
        main(["simulate", SCENARIO, "--runs", str(RUNS), "--seed", "7"])
    out, _ = capsys.readouterr()
    assert stop.value.code == 0
    assert out == run(SCENARIO, "--runs", RUNS, "--seed", 7)  # stdout holds only the report


def test_truncated_fights_are_never_wins(tmp_path: Path) -> None:
    # the ogre duel ending after one round, both sides holding their ground
    text = DUEL_FILE.read_text(encoding="utf-8").replace("round_limit: 30", "round_limit: 1")
    for side in ("fighter", "ogre"):
        text = text.replace(f"  - name: {side}\n", f"  - name: {side}\n    tactics: hold\n")
    assert text.count("tactics: hold") == 2
    path = tmp_path / "short.yaml"
    path.write_text(text, encoding="utf-8")
    data = json.loads(run(path, "--runs", 10, "--seed", 1, "--json", "--workers", 2))
    check_contract(data, 10, 1)
    assert data["truncated"] == 10
    assert all(s["wins"] == 0 and s["ci95"][0] == 0.0 for s in data["sides"].values())
    assert all(c["survival_rate"] == 1.0 for c in data["combatants"].values())
    assert data["rounds"] == {"mean": 1.0, "p50": 1, "p90": 1}


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_reports_every_fight(workers: int) -> None:
    seen: list[int] = []
    rep = simulate(SCENARIO, runs=17, seed=3, workers=workers, progress=seen.append)
    assert sum(seen) == 17 and rep.fights == 17


def test_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for args in (
        ["simulate", "no-such-scenario", "--runs", "3"],
        ["simulate", SCENARIO, "--runs", "0"],
        ["simulate", SCENARIO, "--runs", "3", "--workers", "0"],
        ["simulate", str(REPO / "tests" / "data" / "scenarios" / "bad-yaml.yaml")],
    ):
        with pytest.raises(SystemExit) as stop:
            main(args)
        out, err = capsys.readouterr()
        assert stop.value.code == 2 and out == ""
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err


# ---------------------------------------------------------------- statistics
def test_fight_seeds_are_stable() -> None:
    assert fight_seed(0, 0) == fight_seed(0, 0)
    assert len({fight_seed(s, i) for s in range(5) for i in range(50)}) == 250


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        # published Wilson score intervals (95%)
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (1, 10, 0.0179, 0.4042),
        (8, 10, 0.4902, 0.9433),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson_interval(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 7)[0] == 0.0
    assert wilson_interval(7, 7)[1] == 1.0
    with pytest.raises(ValueError):
        wilson_interval(8, 7)
    with pytest.raises(ValueError):
        wilson_interval(-1, 7)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_properties(kn: tuple[int, int]) -> None:
    k, n = kn
    lo, hi = wilson_interval(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    # symmetric in successes and failures
    mlo, mhi = wilson_interval(n - k, n)
    assert math.isclose(lo, 1 - mhi, abs_tol=1e-12)
    assert math.isclose(hi, 1 - mlo, abs_tol=1e-12)
    # more trials, same proportion: a narrower interval
    lo4, hi4 = wilson_interval(4 * k, 4 * n)
    assert hi4 - lo4 < hi - lo


def test_percentile_nearest_rank() -> None:
    # the worked example of the nearest-rank method
    values = [15, 20, 35, 40, 50]
    assert [percentile(values, q) for q in (5, 30, 40, 50, 100)] == [15, 20, 20, 35, 50]
    assert percentile([], 50) == 0
    assert percentile([7], 90) == 7
    assert percentile(list(range(1, 11)), 90) == 9
    assert percentile(list(range(1, 11)), 91) == 10


@given(st.lists(st.integers(0, 100), min_size=1, max_size=60), st.integers(1, 100))
def test_percentile_properties(values: list[int], q: int) -> None:
    ordered = sorted(values)
    p = percentile(ordered, q)
    assert p in ordered
    n = len(ordered)
    # at least q% of the values are <= p, and fewer than q% are below it
    assert sum(v <= p for v in ordered) >= q / 100 * n
    assert sum(v < p for v in ordered) < q / 100 * n


@given(st.lists(st.integers(0, 100), min_size=0, max_size=60), st.integers(1, 100))
def test_counted_percentile_is_the_percentile(values: list[int], q: int) -> None:
    assert counted_percentile(Counter(values), q) == percentile(sorted(values), q)


def test_another_ruleset_and_variants_on_every_worker(one_worker: str) -> None:
    # --ruleset replaces the scenario's ruleset and --variant adds optional rules, in the
    # parent process and in each worker alike
    args = ("--runs", RUNS, "--seed", 7, "--ruleset", "advanced", "--variant", "fumbles")
    one = run(SCENARIO, *args, "--json")
    assert run(SCENARIO, *args, "--workers", 2, "--json") == one
    data = json.loads(one)
    check_contract(data, RUNS, 7)
    assert (data["ruleset"], data["variants"]) == ("advanced", ["fumbles"])
    assert data != json.loads(one_worker)
    direct = simulate(SCENARIO, runs=RUNS, seed=7, ruleset_name="advanced", variants=["fumbles"])
    assert direct.as_json() == data
