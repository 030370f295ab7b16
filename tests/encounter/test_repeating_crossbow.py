"""The repeating crossbow's case (SRD equipment "Crossbow, Repeating"): "holds 5
crossbow bolts. As long as it holds bolts, you can reload it by pulling the reloading
lever (a free action). Loading a new case of 5 bolts is a full-round action that
provokes attacks of opportunity." (seed 002 "Full-Round Actions": "Load a heavy or
repeating crossbow")."""

from __future__ import annotations

from typing import Any

import pytest
from tests.encounter.conftest import OPEN

from d20combat.encounter import actions as A
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, SaveFileError

BOW = "repeating light crossbow"


def test_five_bolts_then_a_new_case_as_a_full_round_action_that_provokes(kit: Any) -> None:
    """Red shoots Blue five times (each d20 1: a miss), one shot a turn: the lever's
    reload is free, so each shot needs no action; the fifth empties the case, and the
    crossbow cannot shoot until a new case is loaded: a full-round action, not possible
    after an attack this turn, taken next turn (it provokes: Blue is 30 ft away, so no
    AoO comes)."""
    sides = {"red": kit.soldier("Red", "a2", weapons=BOW), "blue": kit.soldier("Blue", "g2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 1, 1, 1, 1, 1])
    red = enc.combatants["red"]
    shot = A.parse_action(f"attack blue with {BOW}")
    for n in range(1, 6):
        enc.apply(shot)
        assert red.case_spent == ({BOW: n} if n < 5 else {})
        assert (BOW in red.unloaded) is (n == 5)
        enc.apply(A.EndTurn())
        if n < 5:
            enc.apply(A.EndTurn())  # Blue
    assert enc.current is enc.combatants["blue"]
    enc.apply(A.EndTurn())
    assert shot not in enc.legal_actions() and A.Load(BOW) in enc.legal_actions()
    enc.apply(A.Move((A.parse_square("b2"),)))
    with pytest.raises(IllegalActionError):
        enc.apply(A.Load(BOW))  # a full-round action: not after moving
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Blue
    events = enc.apply(A.Load(BOW))
    assert events[-1].type == "load" and events[-1].outcome["action"] == "full-round"
    assert red.unloaded == () and red.case_spent == {} and enc.budget.full_round


def test_a_save_names_only_a_loaded_repeating_crossbow_with_1_to_4_bolts_shot(kit: Any) -> None:
    sides = {"red": kit.soldier("Red", "a2", weapons=BOW), "blue": kit.soldier("Blue", "g2")}
    enc = kit.encounter(OPEN, sides)
    for bad, why in (
        ({BOW: 5}, "5 bolts shot from the case"),
        ({"longsword": 1}, "no loaded repeating crossbow 'longsword'"),
    ):
        data = enc.to_json()
        data["combatants"][0]["case_spent"] = bad
        with pytest.raises(SaveFileError, match=why):
            Encounter.from_json(data)
    data = enc.to_json()
    data["combatants"][0]["case_spent"] = {BOW: 3}
    assert Encounter.from_json(data).combatants["red"].case_spent == {BOW: 3}
