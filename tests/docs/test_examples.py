"""The example scripts of docs/examples run and say what they should (issue 9: a script
for ``rules.hitpoints.rest`` and ``rules.objects.repair``).

The checks are on the shape of the report, not on one fight's numbers (the fights change
whenever the tactics improve)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


@pytest.fixture(scope="module")
def after_the_fight() -> Any:
    return runpy.run_path(str(EXAMPLES / "after_the_fight.py"))["main"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_the_fight_rests_the_party_and_repairs_its_gear(
    after_the_fight: Any, seed: int, capsys: Any
) -> None:
    lines = after_the_fight(seed)
    assert capsys.readouterr().out.splitlines() == lines
    assert lines[0].startswith(f"ooze-grotto, seed {seed}: victory")
    heroes = list(
        dict.fromkeys(line.split(":")[0] for line in lines if not line.startswith((" ", "ooze")))
    )
    assert heroes == ["dwarf-cleric-3", "halfling-rogue-3", "human-fighter-3"]
    for line in lines:
        rested = re.match(r"\S+: (-?\d+)/(\d+) hp, a day's rest: (-?\d+)/(\d+)$", line)
        if rested:  # tended, nobody loses hit points; never above the maximum
            before, top, after, top2 = map(int, rested.groups())
            assert before <= after <= top == top2
        repaired = re.match(r"  (.+): (\d+)/(\d+) hp, (\d) hours of repairs: (\d+)/(\d+)$", line)
        if repaired:
            hp, top, hours, fixed = (int(repaired.group(i)) for i in (2, 3, 4, 5))
            assert 0 < hp <= fixed <= top and 0 <= hours <= 8


def test_after_the_fight_repairs_what_the_acid_ate(after_the_fight: Any) -> None:
    # in some fight the oozes' acid eats a weapon or shield in hand (A209) and its owner
    # works at it (seed 004: a Repair check against DC 20 each hour)
    lines = [x for seed in (1, 2, 3) for x in after_the_fight(seed)]
    assert any(re.match(r"  .+: \d+/\d+ hp, \d hours of repairs", x) for x in lines)
    assert any(re.match(r"    hour 1: Repair -?\d+ vs DC 20: ", x) for x in lines)
