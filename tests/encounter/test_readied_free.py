"""Readying a free action (SRD combat-ii "Ready": "You can ready a standard action, a
move action, or a free action"; A256): ``ready drop-prone when adjacent|enters-reach``
or ``ready drop WEAPON when ...``, a standard action, set off as a readied move is.
Red (the kit's soldier: longsword) stands at c2; Blue starts at g2."""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, InputError

OPEN = """
.........
.........
.........
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def fight(kit: Any, rolls: list[int]) -> Any:
    sides = {"red": kit.soldier("Red", "c2"), "blue": kit.soldier("Blue", "g2")}
    return kit.scripted_encounter(OPEN, sides, rolls)


def saved(enc: Any) -> dict[str, Any]:
    from random import Random

    from d20combat.rules.dice import SampledDice

    scripted, enc.dice = enc.dice, SampledDice(Random(1))
    try:
        return enc.to_json()  # type: ignore[no-any-return]
    finally:
        enc.dice = scripted


def test_a_readied_drop_prone_comes_before_the_foe_goes_on(kit: Any) -> None:
    # Red readies dropping prone for a foe coming next to it (its standard action);
    # Blue walks f2-e2-d2: at d2 (next to c2) Red drops prone, its initiative moves to
    # just before Blue's, and Blue goes on with its turn. No dice beyond initiative.
    enc = fight(kit, [20, 1])
    action = A.parse_action("ready drop-prone when adjacent")
    assert action == A.Ready("adjacent", free="drop-prone") and str(action) == (
        "ready drop-prone when adjacent"
    )
    enc.apply(action)
    assert events(enc, "ready")[0].outcome == {"trigger": "adjacent", "free": "drop-prone"}
    assert not enc.budget.standard and enc.budget.move
    back = Encounter.from_json(saved(enc))  # saved with its readied free action
    assert back.combatants["red"].readied_free == "drop-prone"
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((5, 1), (4, 1), (3, 1))))
    readied = events(enc, "readied")[-1]
    assert (readied.actor, readied.target, readied.outcome["action"]) == (
        "red",
        "blue",
        "drop-prone",
    )
    red = enc.combatants["red"]
    assert red.has("prone") and red.readied is None and red.readied_free is None
    assert enc.order == ["red", "blue"] and enc.current.id == "blue" and enc.budget.standard


def test_a_readied_drop_lets_the_weapon_fall_when_the_foe_enters_reach(kit: Any) -> None:
    # "drop longsword when enters-reach": Blue steps into d2, a square Red threatens.
    enc = fight(kit, [20, 1])
    enc.apply(A.parse_action("ready drop longsword when enters-reach"))
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((5, 1), (4, 1), (3, 1))))
    assert enc.combatants["red"].wielding == () and enc.items == [((2, 1), "longsword")]
    assert events(enc, "readied")[-1].outcome["action"] == "drop longsword"


def test_a_readied_free_action_is_checked_when_readied_and_when_set_off(kit: Any) -> None:
    enc = fight(kit, [20, 1])
    with pytest.raises(InputError, match="cannot read action"):
        enc.apply(A.parse_action("ready drop-prone when in-range"))
    with pytest.raises(IllegalActionError, match="not a free action that can be readied"):
        enc.apply(A.Ready("adjacent", free="stand"))
    with pytest.raises(IllegalActionError, match="waits for enters-reach or adjacent"):
        enc.apply(A.Ready("in-range", free="drop-prone"))
    with pytest.raises(IllegalActionError, match="'dagger' is not in hand"):
        enc.apply(A.parse_action("ready drop dagger when adjacent"))
    enc.apply(A.DropProne())
    with pytest.raises(IllegalActionError, match="already prone"):
        enc.apply(A.parse_action("ready drop-prone when adjacent"))
    # readied, then no longer possible when set off: lost, with the reason
    enc = fight(kit, [20, 1])
    enc.apply(A.parse_action("ready drop longsword when adjacent"))
    enc.apply(A.Drop("longsword"))  # a free action after the ready
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((5, 1), (4, 1), (3, 1))))
    lost = events(enc, "ready-lost")[-1]
    assert "'longsword' is not in hand" in lost.outcome["why"]


def test_a_hostile_readied_free_action_is_refused(kit: Any) -> None:
    enc = fight(kit, [20, 1])
    enc.apply(A.parse_action("ready drop-prone when adjacent"))
    data = saved(enc)
    data["combatants"][0]["readied_free"] = "stand"
    with pytest.raises(Exception, match=r"readied_free.*'stand'"):
        Encounter.from_json(data)
    data = saved(enc)
    data["combatants"][0]["readied"] = None
    with pytest.raises(Exception, match="a readied free action without a readied action"):
        Encounter.from_json(data)
