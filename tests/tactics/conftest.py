"""Small positions for the tactics tests, built from inline scenario text.

The ``kit`` fixture of tests/encounter/conftest.py is not importable here (pytest runs
in importlib mode), so this conftest gives the few helpers these tests need.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from d20combat.content.scenarios import Scenario, load_scenario
from d20combat.encounter.state import Encounter
from d20combat.rules.dice import ScriptedDice


def fighter(
    name: str,
    at: str,
    *,
    weapons: str = "longsword",
    int_score: int = 10,
    kind: str = "humanoid",
    bab: int = 6,
    extra: str = "",
    feats: str = "",
) -> str:
    """A combatant entry: a Medium fighter (Str 16, BAB +6 unless told, 6d10 hit dice,
    chainmail, the weapons in ``weapons``, the ``feats``) at ``at``; ``extra`` adds
    entry fields such as ``tactics: hold``."""
    text = (
        f"  - at: {at}\n"
        f"    stat_block:\n"
        f"      name: {name}\n"
        f"      size: medium\n"
        f"      type: {kind}\n"
        f"      abilities: {{str: 16, dex: 12, con: 12, int: {int_score}, wis: 10, cha: 10}}\n"
        f"      hit_dice: [{{count: 6, die: 10, source: fighter}}]\n"
        f"      bab: {bab}\n"
        f"      base_saves: {{fort: 5, ref: 2, will: 2}}\n"
        f"      armor: chainmail\n"
        f"      weapons: [{weapons}]\n"
        f"      feats: [{feats}]\n"
    )
    if extra:
        text += textwrap.indent(textwrap.dedent(extra).strip(), "    ") + "\n"
    return text


def creature(kind: str, at: str, extra: str = "") -> str:
    """A bundled creature entry (``goblin``, ``wolf`` ...) at ``at``."""
    text = f"  - creature: {kind}\n    at: {at}\n"
    if extra:
        text += textwrap.indent(textwrap.dedent(extra).strip(), "    ") + "\n"
    return text


def scenario_text(
    rows: str,
    sides: dict[str, str],
    *,
    exits: str | None = None,
    ruleset: str = "srd35",
    doors: str | None = None,
) -> str:
    """``doors``: the ``map.doors`` mapping in flow style (``{c2: {kind: ..., locked:
    true}}``)."""
    out = ["name: tactics-test", f"ruleset: {ruleset}", "round_limit: 20", "map:", "  rows: |"]
    out.extend("    " + r for r in textwrap.dedent(rows).strip().splitlines())
    if exits is not None:
        out.append(f"  exits: {exits}")
    if doors is not None:
        out.append(f"  doors: {doors}")
    out.append("sides:")
    for side, combatants in sides.items():
        out.append(f"  - name: {side}")
        out.append("    combatants:")
        out.append(textwrap.indent(combatants, "  "))
    return "\n".join(out) + "\n"


class Kit:
    """Builds encounters whose first turn belongs to the first combatant listed."""

    fighter = staticmethod(fighter)
    creature = staticmethod(creature)
    scenario_text = staticmethod(scenario_text)

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.count = 0

    def scenario(self, rows: str, sides: dict[str, str], **kw: str) -> Scenario:
        self.count += 1
        path = self.tmp_path / f"scenario{self.count}.yaml"
        path.write_text(scenario_text(rows, sides, **kw), encoding="utf-8")
        return load_scenario(str(path))

    def encounter(
        self, rows: str, sides: dict[str, str], rolls: list[int] | None = None, **kw: str
    ) -> Encounter:
        """An encounter whose dice give ``rolls`` (initiative first: one d20 per
        combatant, in scenario order); by default the first combatant wins initiative."""
        sc = self.scenario(rows, sides, **kw)
        enc = Encounter.from_scenario(sc, 0, start=False)
        if rolls is None:
            rolls = [20 - i for i in range(len(sc.placements))]
        enc.dice = ScriptedDice(rolls)  # type: ignore[assignment]
        enc.start()
        return enc

    def seeded(self, rows: str, sides: dict[str, str], seed: int, **kw: str) -> Encounter:
        """An encounter with its own seeded dice (and seeded policy generator)."""
        return Encounter.from_scenario(self.scenario(rows, sides, **kw), seed)


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    return Kit(tmp_path)
