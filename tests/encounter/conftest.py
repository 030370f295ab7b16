"""Helpers to build small encounters from inline scenario text."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from d20combat.content.scenarios import Scenario, load_scenario
from d20combat.encounter.state import Encounter
from d20combat.rules.dice import ScriptedDice

# A plain Medium fighter: BAB +6 (two attacks), Str 16, Dex 12, longsword 1d8+3,
# chainmail (AC 16, flat-footed 15, speed 20 ft), 6d10 hit dice (40 hp). Every part can
# be changed per combatant (see soldier).
SOLDIER = """
stat_block:
  name: {name}
  size: medium
  type: humanoid
  abilities: {{str: 16, dex: {dex}, con: 12, int: 10, wis: 10, cha: 10}}
  hit_dice: [{{count: 6, die: 10, source: fighter}}]
  bab: {bab}
  base_saves: {{fort: 5, ref: 2, will: 2}}
{lines}  weapons: [{weapons}]
  feats: [{feats}]
  hp_bonus: {hp_bonus}
"""


def soldier(
    name: str,
    at: str,
    *,
    feats: str = "",
    hp_bonus: int = 0,
    extra: str = "",
    weapons: str = "longsword",
    armor: str | None = "chainmail",
    bab: int = 6,
    dex: int = 12,
    land: int | None = None,
    natural: str = "",
    special: str = "",
    immunities: str = "",
    qualities: str = "",
    activities: str = "",
) -> str:
    """A soldier combatant entry (YAML list item) at a square: ``armor=None`` for none,
    ``land`` a base land speed, ``natural`` / ``special`` / ``immunities`` /
    ``qualities`` / ``activities`` YAML list items; ``extra`` adds fields to the entry
    (``tactics``)."""
    lines = ""
    if armor:
        lines += f"  armor: {armor}\n"
    if land is not None:
        lines += f"  speed: {{land: {land}}}\n"
    for key, value in (
        ("natural_attacks", natural),
        ("special_attacks", special),
        ("immunities", immunities),
        ("qualities", qualities),
        ("activities", activities),
    ):
        if value:
            lines += f"  {key}: [{value}]\n"
    block = SOLDIER.format(
        name=name,
        dex=dex,
        bab=bab,
        lines=lines,
        weapons=weapons,
        feats=feats,
        hp_bonus=hp_bonus,
    )
    text = f"  - at: {at}\n" + textwrap.indent(block.strip(), "    ") + "\n"
    if extra:
        text += textwrap.indent(textwrap.dedent(extra).strip(), "    ") + "\n"
    return text


OPEN = """
.......
.......
.......
"""


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

    def duel(
        self,
        rolls: list[int],
        *,
        red: str = "",
        blue: str = "",
        red_at: str = "b2",
        blue_at: str = "c2",
        rows: str = OPEN,
        **kw: object,
    ) -> Encounter:
        """Red against Blue, two soldiers (``red`` / ``blue``: their feats), on ``rows``
        (an open 7x3 field) with scripted dice."""
        sides = {
            "red": soldier("Red", red_at, feats=red),
            "blue": soldier("Blue", blue_at, feats=blue),
        }
        return self.scripted_encounter(rows, sides, rolls, **kw)


@pytest.fixture
def kit(make_scenario: Callable[..., Scenario]) -> Kit:
    return Kit(make_scenario)
