"""Slapping a sleeping friend awake (SRD spells "Sleep": "Slapping or wounding awakens
an affected creature"; readings A70, A160; encounter/maneuvers/wake.py,
tactics/wake.py). Blue sleeps on c1 (a scenario's ``conditions``), its friend Grey
stands on d1, Red (their foe) on a1. Initiative: Blue 1, Grey 20, Red 5."""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import Wake, parse_action
from d20combat.errors import IllegalActionError
from d20combat.render.narrate import narrate
from d20combat.tactics.wake import wake_instead

OPEN = """
.......
.......
"""


def camp(kit: Any, grey: str = "d1") -> Any:
    sides = {
        "blue": kit.soldier("Blue", "c1", extra="conditions: {sleeping: 10}")
        + kit.soldier("Grey", grey),
        "red": kit.soldier("Red", "a1"),
    }
    return kit.scripted_encounter(OPEN, sides, [1, 20, 5])


def test_a_friend_slaps_the_sleeper_awake(kit: Any) -> None:
    enc = camp(kit)
    assert enc.current.id == "grey"
    assert Wake("blue") in enc.legal_actions()
    enc.apply(parse_action("wake blue"))
    blue = enc.get("blue")
    assert "sleeping" not in blue.conditions and not blue.restrictions().helpless
    assert not enc.budget.standard and enc.budget.move  # a standard action
    woke = [e for e in enc.log if e.type == "condition-ends"][-1]
    assert (woke.actor, woke.outcome["by"]) == ("blue", "grey")
    assert narrate(woke) == ["blue wakes up: grey slaps it awake"]


def test_only_a_sleeper_next_to_it(kit: Any) -> None:
    enc = camp(kit, grey="f2")
    assert not [a for a in enc.legal_actions() if isinstance(a, Wake)]
    with pytest.raises(IllegalActionError, match="not next to grey"):
        enc.apply(parse_action("wake blue"))
    with pytest.raises(IllegalActionError, match="red is not asleep"):
        enc.check(Wake("red"))


def test_the_baseline_wakes_a_friend_worth_more_than_its_blow(kit: Any) -> None:
    # Grey cannot reach Red (10 ft away, no attack): Blue's ten rounds of blows are worth
    # more than none
    enc = camp(kit)
    assert wake_instead(enc, enc.get("grey"), None) == Wake("blue")
