"""A combatant that starts a fight asleep (a scenario's ``conditions``) and wakes when a
blow wounds it (reading A70: SRD spells "Sleep", "Slapping or wounding awakens an
affected creature"), or when its sleep runs out.

The kit's soldiers: BAB +6, longsword 1d8+3, chainmail AC 16, 39 hit points. Scripted
dice: initiative first (scenario order), then each roll: an attack roll's natural d20,
a damage roll's total.
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter.actions import parse_action
from d20combat.encounter.combatant import Condition
from d20combat.render.narrate import narrate

OPEN = """
.......
.......
"""


def sleeping_blue(kit: Any, rolls: list[int], rounds: int = 10, extra: str = "") -> Any:
    sides = {
        "red": kit.soldier("Red", "b1"),
        "blue": kit.soldier("Blue", "c1", extra=f"conditions: {{sleeping: {rounds}}}{extra}")
        + kit.soldier("Grey", "g2"),
    }
    return kit.scripted_encounter(OPEN, sides, rolls)


def test_it_starts_asleep_for_its_own_rounds(kit: Any) -> None:
    enc = sleeping_blue(kit, [20, 10, 1])
    blue = enc.combatants["blue"]
    assert blue.conditions["sleeping"] == Condition("blue", 10)
    assert blue.restrictions().helpless


def test_a_wound_wakes_it(kit: Any) -> None:
    # Red's longsword against sleeping Blue (helpless: Dex 0, so AC 10; -4 against melee: 6):
    # a natural 5 + 9 hits; 8 damage wakes it.
    enc = sleeping_blue(kit, [20, 10, 1, 5, 8])
    enc.apply(parse_action("attack blue"))
    blue = enc.combatants["blue"]
    assert "sleeping" not in blue.conditions and not blue.restrictions().helpless
    woke = [e for e in enc.log if e.type == "condition-ends"]
    assert [(e.actor, e.outcome["condition"], e.outcome["by"]) for e in woke] == [
        ("blue", "sleeping", "damage")
    ]
    assert "A70" in woke[0].rule
    assert narrate(woke[0]) == ["blue wakes up: the wound ends its sleep"]


def test_a_miss_does_not_wake_it(kit: Any) -> None:
    # a natural 1 always misses (seed 003 "Attack Roll")
    enc = sleeping_blue(kit, [20, 10, 1, 1])
    enc.apply(parse_action("attack blue"))
    assert "sleeping" in enc.combatants["blue"].conditions


def test_its_sleep_runs_out(kit: Any) -> None:
    # {sleeping: 1}: it ends at the start of Blue's next turn
    enc = sleeping_blue(kit, [20, 10, 1], rounds=1)
    enc.apply(parse_action("end"))
    assert enc.current is not None and enc.current.id == "blue"
    assert "sleeping" not in enc.combatants["blue"].conditions


def test_woken_under_a_foe_it_makes_room(kit: Any) -> None:
    # Red ends its move in sleeping Blue's square (SRD combat-ii: a helpless creature's
    # square may be ended in); Pal's blow (natural 5 + 9, 8 damage) wakes Blue, which
    # moves to the nearest square where it may stand alone: b1, the topmost, leftmost
    # of those 5 ft away (reading A71).
    sides = {
        "red": kit.soldier("Red", "b1") + kit.soldier("Pal", "d1"),
        "blue": kit.soldier("Blue", "c1", extra="conditions: {sleeping: 10}")
        + kit.soldier("Grey", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 10, 1, 5, 8])
    enc.apply(parse_action("move c1"))
    enc.apply(parse_action("end"))
    assert enc.combatants["red"].pos == enc.combatants["blue"].pos == (2, 0)
    enc.apply(parse_action("attack blue"))
    room = [e for e in enc.log if e.type == "make-room"]
    assert [(e.actor, e.target, e.outcome["start"], e.outcome["end"]) for e in room] == [
        ("blue", "red", "c1", "b1")
    ]
    assert enc.combatants["blue"].pos == (1, 0)
    assert narrate(room[0]) == ["blue, no longer helpless, gets out from under red: c1 -> b1"]
