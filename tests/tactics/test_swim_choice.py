"""The baseline weighs swimming by Swim checks against going around (A169;
tactics/swimming.py). A wolf (SRD: speed 50 ft, no swim speed, Swim +1 untrained) and a
fighter across a river three squares wide (d-f); the bridge is the dry top row.

Swimming: half its speed, 25 ft a round, with the chance of its Swim check (calm DC 10:
faces 9-20, 3/5); so 15 ft of water takes 15 / (3/5 x 25) = 1 round on average, plus the
land at 100 ft a round. Going around: its double move, 100 ft a round.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from d20combat.content.scenarios import load_scenario
from d20combat.encounter import actions as A
from d20combat.encounter.state import Encounter
from d20combat.rules.dice import ScriptedDice
from d20combat.tactics.policies import policy
from d20combat.tactics.swimming import swim_instead


def river(rows: int) -> str:
    return "\n".join(["." * 11] + ["...WWW....."] * (rows - 1))


def encounter(kit: Any, tmp_path: Path, rows: str, y: int, legend: str = "") -> Encounter:
    sides = {
        "pack": kit.creature("wolf", f"b{y}"),
        "man": kit.fighter("Man", f"i{y}", extra="tactics: hold"),
    }
    text = kit.scenario_text(rows, sides)
    if legend:
        text = text.replace("map:\n", f"map:\n  legend: {legend}\n", 1)
    path = tmp_path / "swim.yaml"
    path.write_text(text, encoding="utf-8")
    enc = Encounter.from_scenario(load_scenario(str(path)), 0, start=False)
    enc.dice = ScriptedDice([20, 1])  # type: ignore[assignment]
    enc.start()
    return enc


def test_near_the_bridge_it_goes_around(kit: Any, tmp_path: Path) -> None:
    # b3 on a 3-row map: round by the top row is about 50 ft (half a round); across, 1
    # round and more: it does not swim, and runs for the bridge.
    enc = encounter(kit, tmp_path, river(3), 3)
    wolf = enc.combatants["wolf"]
    assert swim_instead(enc, wolf) is None
    action = policy("default")(enc, "wolf")
    assert not isinstance(action, A.Swim)


def test_far_from_the_bridge_it_swims(kit: Any, tmp_path: Path) -> None:
    # b16 on a 16-row map: round by the bridge is some 170 ft (1.7 rounds); across, about
    # 1.1: it walks to the bank, then swims.
    enc = encounter(kit, tmp_path, river(16), 16)
    action = policy("default")(enc, "wolf")
    assert isinstance(action, A.Move) and not isinstance(action, A.Swim)
    assert action.path[-1] == (2, 15)  # c16, the bank
    enc.apply(action)
    action = policy("default")(enc, "wolf")
    assert isinstance(action, A.Swim)  # its second move action: 10 ft, a quarter of 50


def test_in_stormy_water_it_goes_around(kit: Any, tmp_path: Path) -> None:
    # The same river stormy (DC 20): faces 19-20, 1/10: 15 ft of water takes 6 rounds on
    # average: the bridge's 1.7 win.
    rows = river(16).replace("W", "S")
    enc = encounter(kit, tmp_path, rows, 16, legend="{S: [deep-water, stormy-water]}")
    assert swim_instead(enc, enc.combatants["wolf"]) is None


def test_with_no_way_round_it_swims_whatever_the_odds(kit: Any, tmp_path: Path) -> None:
    rows = "\n".join(["...SSS....."] * 3)
    enc = encounter(kit, tmp_path, rows, 2, legend="{S: [deep-water, stormy-water]}")
    action = swim_instead(enc, enc.combatants["wolf"])
    assert isinstance(action, A.Move)  # to the bank first
