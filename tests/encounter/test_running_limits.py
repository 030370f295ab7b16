"""How long a creature can run (seed 004 "Run"; SRD combat-i "Run": Constitution
rounds, then a Constitution check DC 10, +1 per check; failing it, it stops and rests 1
minute, 10 rounds, before running again; encounter/running.py, A171).

The kit's soldier Red: Con 12 (+1), speed 20 ft in chainmail. Blue stands far off.
The first two rolls are initiative (Red first); scripted dice give totals.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.combatant import Condition
from d20combat.errors import IllegalActionError

FIELD = "\n".join(["." * 20] * 3)


def duel(kit: Any, rolls: list[int]) -> Any:
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "t2")}
    return kit.scripted_encounter(FIELD, sides, rolls)


def test_constitution_rounds_then_a_check_each_round(kit: Any) -> None:
    # Red has run 11 rounds in a row (to round 0): its 12th run, in round 1, is within
    # Con 12 (no check); the 13th needs d20 + 1 >= 10 (a total of 10 keeps running);
    # the 14th DC 11 (a total of 11).
    enc = duel(kit, [20, 1, 10, 11])
    red = enc.combatants["red"]
    red.ran_round, red.run_rounds = enc.round - 1, 11
    enc.apply(parse_action("run c2 d2"))
    assert red.run_rounds == 12 and not [e for e in enc.log if e.type == "run-check"]
    for _ in range(2):
        enc.apply(parse_action("end"))  # Blue's turn
        enc.apply(parse_action("end"))
        enc.apply(parse_action("run " + ("e2 f2" if red.pos == (3, 1) else "g2 h2")))
    checks = [e for e in enc.log if e.type == "run-check"]
    assert [(e.outcome["dc"], e.outcome["total"], e.outcome["result"]) for e in checks] == [
        (10, 10, "keeps running"),
        (11, 11, "keeps running"),
    ]
    assert checks[0].total("constitution check").value == 1
    assert (red.run_rounds, red.run_checks) == (14, 2) and red.pos == (7, 1)


def test_a_failed_check_stops_the_run_and_it_rests_10_rounds(kit: Any) -> None:
    # The 13th round: a total of 9 fails DC 10: Red does not run (its full-round action
    # is left: it moves instead) and cannot run again until its 11th turn from now.
    enc = duel(kit, [20, 1, 9])
    red = enc.combatants["red"]
    red.ran_round, red.run_rounds = enc.round - 1, 12
    enc.apply(parse_action("run c2 d2"))
    assert red.pos == (1, 1) and "run-rest" in red.conditions
    assert enc.budget.can_full_round
    with pytest.raises(IllegalActionError, match="run-rest"):
        enc.check(parse_action("run c2 d2"))
    enc.apply(parse_action("move c2"))  # it moves normally while resting
    start = enc.round
    while enc.round < start + 10:
        enc.apply(parse_action("end"))
        if enc.order[enc.turn] == "red":
            assert "run-rest" in red.conditions  # rounds start+1 .. start+9
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert enc.round == start + 11 and "run-rest" not in red.conditions
    enc.check(parse_action("run d2 e2"))


def test_a_break_starts_the_count_again(kit: Any) -> None:
    # Red ran in round 0 but not since: a run in round 2 is the first of a new stretch.
    enc = duel(kit, [20, 1])
    red = enc.combatants["red"]
    red.ran_round, red.run_rounds, red.run_checks = enc.round - 1, 30, 3
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert enc.round == 2
    enc.apply(parse_action("run c2 d2"))
    assert (red.ran_round, red.run_rounds, red.run_checks) == (2, 1, 0)


@pytest.mark.parametrize(("ruleset", "second_move"), [("srd35", False), ("d20modern", True)])
def test_moving_while_resting(kit: Any, ruleset: str, second_move: bool) -> None:
    # D85: SRD combat-i "Run": "During a rest period, a character can move no faster
    # than a normal move action" (srd35: one move action's movement, no charge); seed
    # 004: "can move normally, but can't run" (a double move is fine).
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "t2")}
    enc = kit.scripted_encounter(FIELD, sides, [20, 1], ruleset=ruleset)
    red = enc.combatants["red"]
    red.conditions["run-rest"] = Condition("red", 5)
    enc.apply(parse_action("move c2"))
    if second_move:
        enc.apply(parse_action("move d2"))
        assert red.pos == (3, 1)
    else:
        with pytest.raises(IllegalActionError, match="no faster than one move action"):
            enc.check(parse_action("move d2"))
