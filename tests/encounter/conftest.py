"""Helpers to build small encounters from inline scenario text."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from d20combat.content.scenarios import Scenario, load_scenario
from d20combat.encounter.state import Encounter
from d20combat.rules.dice import ScriptedDice

# A plain Medium fighter: BAB +6 (two attacks), longsword 1d8+3, AC 16, 40 hp.
SOLDIER = """
stat_block:
  name: {name}
  size: medium
  type: humanoid
  abilities: {{str: 16, dex: 12, con: 12, int: 10, wis: 10, cha: 10}}
  hit_dice: [{{count: 6, die: 10, source: fighter}}]
  bab: 6
  base_saves: {{fort: 5, ref: 2, will: 2}}
  armor: chainmail
  weapons: [longsword]
  feats: [{feats}]
  hp_bonus: {hp_bonus}
"""


def soldier(name: str, at: str, *, feats: str = "", hp_bonus: int = 0, extra: str = "") -> str:
    """A soldier combatant entry (YAML list item) at a square."""
    body = textwrap.indent(
        SOLDIER.format(name=name, feats=feats, hp_bonus=hp_bonus).strip(), "    "
    )
    text = f"  - at: {at}\n{body}\n"
    if extra:
        text += textwrap.indent(textwrap.dedent(extra).strip(), "    ") + "\n"
    return text


def scenario_text(
    rows: str,
    sides: dict[str, str],
    *,
    ruleset: str = "srd35",
    round_limit: int = 20,
    awareness: dict[str, str] | None = None,
) -> str:
    aw = awareness or {}
    out = [f"name: test\nruleset: {ruleset}\nround_limit: {round_limit}\nmap:\n  rows: |"]
    out.extend("    " + r for r in textwrap.dedent(rows).strip().splitlines())
    out.append("sides:")
    for side, combatants in sides.items():
        out.append(f"  - name: {side}")
        out.append(f"    awareness: {aw.get(side, 'aware')}")
        out.append("    combatants:")
        out.append(textwrap.indent(combatants, "  "))
    return "\n".join(out) + "\n"


@pytest.fixture
def make_scenario(tmp_path: Path) -> Callable[..., Scenario]:
    counter = iter(range(1000))

    def make(text: str) -> Scenario:
        path = tmp_path / f"scenario{next(counter)}.yaml"
        path.write_text(text, encoding="utf-8")
        return load_scenario(str(path))

    return make


def scripted(scenario: Scenario, rolls: list[int]) -> Encounter:
    """An encounter whose dice give ``rolls`` in order (initiative first)."""
    enc = Encounter.from_scenario(scenario, 0, start=False)
    enc.dice = ScriptedDice(rolls)  # type: ignore[assignment]
    enc.start()
    return enc


class Kit:
    """The helpers, handed to tests by the ``kit`` fixture (importlib mode has no
    importable conftest)."""

    def __init__(self, make: Callable[..., Scenario]) -> None:
        self.make = make
        self.soldier = soldier
        self.scenario_text = scenario_text
        self.scripted = scripted

    def encounter(self, rows: str, sides: dict[str, str], seed: int = 1, **kw: object) -> Encounter:
        return Encounter.from_scenario(self.make(scenario_text(rows, sides, **kw)), seed)  # type: ignore[arg-type]

    def scripted_encounter(
        self, rows: str, sides: dict[str, str], rolls: list[int], **kw: object
    ) -> Encounter:
        return scripted(self.make(scenario_text(rows, sides, **kw)), rolls)  # type: ignore[arg-type]


@pytest.fixture
def kit(make_scenario: Callable[..., Scenario]) -> Kit:
    return Kit(make_scenario)
