"""Squares and space: an illegal stopping place, creatures that fill their squares,
foes that let others pass, played on small maps with scripted dice (every roll given
in order, initiative first).

Sources are cited on each test: SRD combat-ii "Accidentally Ending Movement in an
Illegal Space", "Moving Through a Square" (Designated Exceptions), seed 004 "Moving
Through a Square".
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A

OPEN = """
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def test_a_mover_stopped_in_an_allys_square_goes_back_to_its_last_legal_position(
    kit: Any,
) -> None:
    """SRD combat-ii "Accidentally Ending Movement in an Illegal Space": Blue walks
    f2-e2-d2-c2 through Green's e2; entering e2 sets off Red's readied move into d2,
    which blocks the way. Blue stops in e2, which Green holds, and is put back in f2,
    the last legal position it occupied (5 ft away: no legal position is closer)."""
    sides = {
        "red": kit.soldier("Red", "d1"),
        "blue": kit.soldier("Blue", "g2") + kit.soldier("Green", "e2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 1, 1, 1])
    enc.apply(A.parse_action("ready move d2 when adjacent"))
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"
    enc.apply(A.parse_action("move f2 e2 d2 c2"))
    settle = events(enc, "settle")[-1]
    assert (settle.actor, settle.outcome["start"], settle.outcome["end"]) == ("blue", "e2", "f2")
    assert enc.combatants["red"].pos == (3, 1) and enc.combatants["blue"].pos == (5, 1)
    assert events(enc, "move")[-1].outcome["stopped"]


def test_a_closer_legal_position_wins_over_the_last_legal_one(kit: Any) -> None:
    """As above, but Blue passes two allies (Green in f2, Cyan in e2): stopped in e2,
    its last legal position g2 is 10 ft back, and d1, which Red has just left, is 5 ft
    away: "the closest legal position, if there's a legal position that's closer"."""
    sides = {
        "red": kit.soldier("Red", "d1"),
        "blue": kit.soldier("Blue", "g2") + kit.soldier("Green", "f2") + kit.soldier("Cyan", "e2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 2, 1, 1, 1, 1])
    enc.apply(A.parse_action("ready move d2 when adjacent"))
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"
    enc.apply(A.parse_action("move f2 e2 d2"))
    settle = events(enc, "settle")[-1]
    assert (settle.outcome["start"], settle.outcome["end"]) == ("e2", "d1")
    assert enc.combatants["blue"].pos == (3, 0)
