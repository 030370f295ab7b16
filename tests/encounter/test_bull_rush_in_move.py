"""d20modern's bull rush during a move action, the move going on after it (seed 004
"Bull Rush": "an attack action made during a move action"; D104), against srd35's
standard action (seed 000 "Bull Rush").

The kit's soldiers: Str 16 (+3), speed 20 ft in chainmail; initiative first (Red,
then Blue); scripted dice give totals. Blue has not acted: flat-footed, no attack of
opportunity.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action, square_name
from d20combat.encounter.invariants import problems
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, SaveFileError

WIDE = """
..........
..........
..........
"""


def where(enc: Any, cid: str) -> str:
    return square_name(enc.combatants[cid].pos)


def test_d20modern_a_bull_rush_during_a_move_and_the_move_goes_on(kit: Any) -> None:
    # Red moves a2 -> c2 (10 ft of its 20: 10 ft left), bull rushes Blue (d2): 15
    # against 10 wins: Blue is pushed 5 ft, d2 -> e2 (the 5 ft more a 5-point margin
    # gives only with Red moving along). Red stays in c2 and goes on
    # with its move action's 10 ft left: d3 e3 (10 ft: one diagonal), no action spent;
    # not 15 ft.
    enc = kit.duel([20, 1, 15, 10], red_at="a2", blue_at="d2", rows=WIDE, ruleset="d20modern")
    enc.apply(parse_action("move b2 c2"))
    b = enc.budget
    assert b.move_left == 10 and not b.rushed_in_move
    enc.apply(parse_action("bull-rush blue"))
    assert where(enc, "blue") == "e2" and where(enc, "red") == "c2"
    assert b.move_left == 10 and b.rushed_in_move and not b.standard and not b.move
    assert problems(enc) == []
    listed = {str(a) for a in enc.legal_actions() if isinstance(a, A.Move)}
    assert "move d2 e3" in listed and not any(m.endswith(" f3") for m in listed)
    with pytest.raises(IllegalActionError, match="10 ft left, the path costs 15 ft"):
        enc.check(parse_action("move d3 e3 f3"))
    saved = json.loads(json.dumps(b.to_json()))
    assert saved["move_left"] == 10 and saved["rushed_in_move"]
    assert b.situation()[-4:-2] == (10, True)  # then free_actions, spoke
    enc.apply(parse_action("move d3 e3"))
    assert where(enc, "red") == "e3" and b.move_left == 0 and not b.rushed_in_move
    with pytest.raises(IllegalActionError):
        enc.check(parse_action("move f3"))


def test_moving_with_the_defender_spends_the_move_s_feet(kit: Any) -> None:
    # the same, following: 5 ft and 5 more for the margin of 5, Blue d2 -> f2; Red
    # moves with Blue 10 ft (c2 -> e2), all 10 ft left of its
    # move action ("his or her normal movement for that action"): nothing more
    enc = kit.duel([20, 1, 15, 10], red_at="a2", blue_at="d2", rows=WIDE, ruleset="d20modern")
    enc.apply(parse_action("move b2 c2"))
    enc.apply(parse_action("bull-rush blue follow"))
    assert where(enc, "blue") == "f2" and where(enc, "red") == "e2"
    assert enc.budget.move_left == 0 and not enc.budget.rushed_in_move
    assert not any(isinstance(a, A.Move) for a in enc.legal_actions())


def test_any_other_action_ends_the_move_and_srd35_has_none(kit: Any) -> None:
    # d20modern: after the move, an attack (not a bull rush) ends the move action's
    # feet; srd35 (seed 000): the bull rush is a standard action after the move, which
    # is over: no move goes on.
    enc = kit.duel([20, 1, 1], red_at="a2", blue_at="d2", rows=WIDE, ruleset="d20modern")
    enc.apply(parse_action("move b2 c2"))
    enc.apply(parse_action("attack blue"))
    assert enc.budget.move_left == 0 and not enc.budget.rushed_in_move
    enc = kit.duel([20, 1, 15, 10], red_at="a2", blue_at="d2", rows=WIDE)
    enc.apply(parse_action("move b2 c2"))
    assert enc.budget.move_left == 0
    enc.apply(parse_action("bull-rush blue"))
    with pytest.raises(IllegalActionError, match="no move action left"):
        enc.check(parse_action("move c3"))


def test_a_save_with_feet_left_where_the_ruleset_has_none_is_refused(kit: Any) -> None:
    sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "d2")}
    enc = kit.encounter(WIDE, sides)
    data = json.loads(json.dumps(enc.to_json()))
    data["budget"]["move_left"] = 10
    with pytest.raises(SaveFileError) as caught:
        Encounter.from_json(data)
    (p,) = caught.value.problems
    assert p.field == "budget.move_left" and "only d20modern" in p.expected
