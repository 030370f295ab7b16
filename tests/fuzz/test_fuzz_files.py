"""Fuzz the data files: mutated bundled scenarios, creatures and builds, fed to
``validate``, ``fight``, ``simulate``, ``creature``, ``duel`` and ``odds``."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from fuzzkit import PROFILE, Run, fuzz_settings, json_strict, run_cli, verify
from hypothesis import given
from hypothesis import strategies as st
from mutate import mutated, text_mutated

from d20combat.content.library import data_dir

DATA = data_dir()
SCENARIOS = sorted((DATA / "scenarios").glob("*.yaml"))
CREATURES = sorted((DATA / "creatures").glob("*.yaml")) + sorted((DATA / "builds").glob("*.yaml"))
#: Scenarios whose fights cost more than a second: fought only under ``make fuzz``.
HEAVY = {"field-battle-100"}
FIGHT_ROUNDS = 3  # the round limit of a fuzzed fight, where the file allows one


@cache
def parsed(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def dump(doc: Any) -> str:
    """YAML text of a mutated document; values shared by two fields become an
    anchor and an alias."""
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=1000)


def short_fight(doc: Any) -> Any:
    """The document with a small round limit, unless a mutation made it odd."""
    if isinstance(doc, dict):
        limit = doc.get("round_limit", 30)
        if isinstance(limit, int) and not isinstance(limit, bool) and limit > FIGHT_ROUNDS:
            doc = {**doc, "round_limit": FIGHT_ROUNDS}
    return doc


def fightable(path: Path) -> bool:
    return PROFILE == "fuzz" or path.stem not in HEAVY


# ---------------------------------------------------------------- output checks
def sane(run: Run) -> None:
    """Exit-0 output of the file commands."""
    cmd, out = run.command, run.stdout
    if cmd == "validate":
        assert out == f"{run.argv[1]}: ok\n", out
    elif cmd in ("fight", "duel"):
        assert "\nOutcome: " in out, out[-300:]
    elif cmd == "simulate":
        runs = int(run.argv[run.argv.index("--runs") + 1])
        data = json_strict(out)
        assert isinstance(data, dict) and data["runs"] == runs
    elif cmd in ("creature", "odds") and "--json" in run.argv:
        assert isinstance(json_strict(out), dict)


# ---------------------------------------------------------------- scenarios
def scenario_cases(path: Path, doc: Any, folder: Path) -> list[list[str]]:
    """The commands one mutated scenario is fed to."""
    file = folder / path.name
    file.write_text(dump(doc), encoding="utf-8")
    cases = [["validate", str(file)]]
    if fightable(path):
        fight_file = folder / f"fight-{path.name}"
        fight_file.write_text(dump(short_fight(doc)), encoding="utf-8")
        cases.append(["fight", str(fight_file), "--seed", "3"])
    return cases


@fuzz_settings("scenario-tree")
@given(path=st.sampled_from(SCENARIOS), data=st.data())
def test_mutated_scenario_documents(path: Path, data: st.DataObject, sandbox: Path) -> None:
    doc = data.draw(mutated(parsed(path)), label="scenario")
    for argv in scenario_cases(path, doc, sandbox):
        text = Path(argv[1]).read_text(encoding="utf-8")
        verify("scenario-tree", run_cli(argv, cwd=sandbox, inputs={argv[1]: text}), sane)


def with_round_limit(text: str, rounds: int) -> str:
    return re.sub(r"(?m)^round_limit: \d+$", f"round_limit: {rounds}", text)


@cache
def scenario_bytes(path: Path, rounds: int) -> bytes:
    return with_round_limit(path.read_text(encoding="utf-8"), rounds).encode()


@fuzz_settings("scenario-text")
@given(path=st.sampled_from(SCENARIOS), data=st.data())
def test_mutated_scenario_text(path: Path, data: st.DataObject, sandbox: Path) -> None:
    rounds = FIGHT_ROUNDS if fightable(path) else 30
    raw = data.draw(text_mutated(scenario_bytes(path, rounds)), label="scenario bytes")
    file = sandbox / path.name
    file.write_bytes(raw)
    command = data.draw(st.sampled_from(("validate", "fight", "simulate")), label="command")
    if command != "validate" and not fightable(path):
        command = "validate"
    argv = {
        "validate": ["validate", str(file)],
        "fight": ["fight", str(file), "--seed", "2"],
        "simulate": ["simulate", str(file), "--runs", "2", "--json"],
    }[command]
    shown = raw.decode("utf-8", "backslashreplace")
    verify("scenario-text", run_cli(argv, cwd=sandbox, inputs={str(file): shown}), sane)


# ---------------------------------------------------------------- creatures and builds
DUEL_SCENARIO = """\
round_limit: 3
map:
  rows: |
    ........
    ........
    ........
    ........
sides:
  - name: a
    combatants:
      - {creature: mutant.yaml, at: b2}
  - name: b
    combatants:
      - {creature: goblin, at: f3}
"""


def creature_commands(file: Path, folder: Path) -> dict[str, list[str]]:
    scenario = folder / "mutant-fight.yaml"
    scenario.write_text(DUEL_SCENARIO, encoding="utf-8")
    return {
        "creature": ["creature", str(file)],
        "validate": ["validate", str(file)],
        "creature-json": ["creature", str(file), "--json", "--ruleset", "advanced"],
        "duel": ["duel", str(file), "goblin", "--seed", "4"],
        "odds": ["odds", "--attacker", str(file), "--defender", "ogre", "--full", "--json"],
        "odds-defender": ["odds", "--attacker", "ogre", "--defender", str(file)],
        "fight": ["fight", str(scenario), "--seed", "5"],
    }


@fuzz_settings("creature")
@given(path=st.sampled_from(CREATURES), data=st.data())
def test_mutated_creatures_and_builds(path: Path, data: st.DataObject, sandbox: Path) -> None:
    file = sandbox / "mutant.yaml"
    if data.draw(st.booleans(), label="textual"):
        raw = data.draw(text_mutated(path.read_bytes()), label="creature bytes")
        file.write_bytes(raw)
    else:
        file.write_text(dump(data.draw(mutated(parsed(path)), label="creature")), "utf-8")
    commands = creature_commands(file, sandbox)
    argv = commands[data.draw(st.sampled_from(sorted(commands)), label="command")]
    shown = file.read_bytes().decode("utf-8", "backslashreplace")
    verify("creature", run_cli(argv, cwd=sandbox, inputs={str(file): shown}), sane)
