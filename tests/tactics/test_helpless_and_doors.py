"""The baseline and a sleeping foe, seed 004's attacks on helpless foes, and doors
(tactics/maneuvers.py turn_special, door_way).

The fighters of tests/tactics/conftest.py: Str 16, Dex 12, Con 12, chainmail, 6d10 hit
dice (39 hit points), Fort +6, longsword 1d8+3 (19-20/x2); Red acts first.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.tactics.maneuvers import (
    _aimed_worth,
    _door_rounds,
    _finish_worth,
    _first_worth,
    _knockout_worth,
)
from d20combat.tactics.policies import policy

ROWS = """
.........
.........
"""
ASLEEP = "conditions: {sleeping: 10}"


def _sleeper(kit: Any, *, ruleset: str = "srd35", bab: int = 6) -> Any:
    sides = {
        "red": kit.fighter("Red", "b1", bab=bab),
        "blue": kit.fighter("Blue", "c1", extra=ASLEEP) + kit.fighter("Grey", "i2"),
    }
    return kit.encounter(ROWS, sides, ruleset=ruleset)


def test_a_coup_de_grace_on_a_sleeper(kit: Any) -> None:
    # A full round next to sleeping Blue (39 hp): the coup de grace's sure critical,
    # 2 x (1d8+3) = 15 on average, leaves it alive, then Fort +6 against DC 25 fails
    # 18 times in 20: 0.9 x 39 = 35.1, far more than the full attack on it.
    enc = _sleeper(kit)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert blue.vitals.hp == 39
    assert _finish_worth(enc, red, blue) == pytest.approx(0.9 * 39)
    assert policy("default")(enc, "red") == A.CoupDeGrace("blue")


def test_the_move_spent_it_spares_the_sleeper_for_next_turn(kit: Any) -> None:
    # Its move spent, Red can only strike once: the blow (7.8 expected) would wake Blue
    # (reading A70) and lose the coup de grace (35.1) it can give next turn: it waits.
    enc = _sleeper(kit)
    red = enc.combatants["red"]
    enc.budget.use("move")
    _, _, first = _first_worth(enc, red, A.Attack("blue"))
    assert first < _finish_worth(enc, red, enc.combatants["blue"])
    assert policy("default")(enc, "red") == A.EndTurn()


def test_no_waiting_by_a_paralyzed_foe(kit: Any) -> None:
    # Paralysis does not end with a wound: nothing is lost by acting now (a paralyzed
    # foe is out of the fight for now: Red goes on towards Grey), so Red does not wait.
    sides = {
        "red": kit.fighter("Red", "b1"),
        "blue": kit.fighter("Blue", "c1") + kit.fighter("Grey", "i2"),
    }
    enc = kit.encounter(ROWS, sides)
    enc.impose(enc.combatants["blue"], "paralyzed", "blue", 3)
    enc.budget.use("move")
    assert policy("default")(enc, "red") != A.EndTurn()


def test_capture_tactics_knock_a_sleeper_out(kit: Any) -> None:
    # d20modern, Red BAB +1: the knockout blow with the longsword at -4 (nonlethal), +0
    # against Defense 5: 16 in 20; its critical 2 x (1d8+3) reaches Blue's threshold
    # (Con 12) on 3 to 8 of the d8: 6 in 8; Fort +6 fails DC 15 on 1 to 8: 8 in 20.
    # 0.8 x 0.75 x 0.4 x 39 hp = 9.36 against the longsword blow's 7.84: a knockout
    # blow for capture tactics, a coup de grace (35.1) for the default ones.
    enc = _sleeper(kit, ruleset="d20modern", bab=1)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert _knockout_worth(enc, red, blue) == pytest.approx(0.8 * 0.75 * 0.4 * 39)
    assert _first_worth(enc, red, A.Attack("blue"))[2] == pytest.approx(7.8375)
    assert policy("capture")(enc, "red") == A.KnockoutBlow("blue")
    assert policy("default")(enc, "red") == A.CoupDeGrace("blue")


def test_capture_tactics_keep_a_full_attack_worth_more(kit: Any) -> None:
    # BAB +6: two longsword blows (7.84 each) outweigh the knockout (11.1): it attacks.
    enc = _sleeper(kit, ruleset="d20modern", bab=6)
    assert policy("capture")(enc, "red") == A.Attack("blue")


def test_no_knockout_blow_in_srd35(kit: Any) -> None:
    enc = _sleeper(kit, ruleset="srd35", bab=1)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert _knockout_worth(enc, red, blue) == float("-inf")
    assert policy("capture")(enc, "red") != A.KnockoutBlow("blue")


LINE = "." * 23


def _archer(kit: Any, blue_at: str) -> Any:
    sides = {
        "red": kit.fighter("Red", "a1", bab=3, weapons="longbow", extra="tactics: ranged"),
        "blue": kit.fighter("Blue", blue_at, extra=ASLEEP),
    }
    return kit.encounter(LINE, sides, ruleset="d20modern")


def test_an_aimed_shot_beyond_the_first_range_increment(kit: Any) -> None:
    # Red's longbow: +3 BAB +1 Dex, -2 at 110 ft (second increment): +2 against a
    # helpless Defense of 5 hits on 3 or more (18 in 20); aimed, +7 hits on all but a 1
    # (19 in 20): the aimed shot is worth more than the plain shot it replaces.
    enc = _archer(kit, "w1")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    plain = _first_worth(enc, red, A.Attack("blue"))[2]
    assert _aimed_worth(enc, red, blue) > plain
    assert _aimed_worth(enc, red, blue) / plain == pytest.approx(19 / 18)
    assert policy("ranged")(enc, "red") == A.AimedShot("blue")


def test_no_aimed_shot_where_the_plain_shot_cannot_miss_more(kit: Any) -> None:
    # At 50 ft, +4 against Defense 5 already hits on all but a 1: +5 adds nothing.
    enc = _archer(kit, "k1")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert _aimed_worth(enc, red, blue) == pytest.approx(
        _first_worth(enc, red, A.Attack("blue"))[2]
    )
    assert isinstance(policy("ranged")(enc, "red"), A.Attack)


CELL = """
###......
#.+......
###......
"""


def _shut_in(kit: Any, door: str, weapon: str = "longsword", rows: str = CELL) -> Any:
    sides = {"red": kit.fighter("Red", "b2", weapons=weapon), "blue": kit.fighter("Blue", "i2")}
    return kit.encounter(rows, sides, doors=f"{{c2: {door}}}")


def test_shut_in_behind_a_locked_simple_door_it_breaks_it(kit: Any) -> None:
    # Str check +3 against DC 13 (seed 000 Table: Object Hardness And Hit Points): 11 in
    # 20, 1.8 rounds; the longsword lined up (no roll) gets through hardness 5 with
    # 1d8+3: (0+0+1+2+3+4+5+6)/8 = 2.625 a blow, 10 hp in 3.8 rounds.
    enc = _shut_in(kit, "{kind: simple wooden door, locked: true}")
    rounds, action = _door_rounds(enc, enc.combatants["red"], (2, 1))
    assert rounds == pytest.approx(20 / 11)
    assert policy("default")(enc, "red") == A.BreakDoor((2, 1)) == action


def test_shut_in_behind_a_good_door_a_greatsword_hacks_it_open(kit: Any) -> None:
    # DC 18: 6 in 20, 3.3 rounds; the greatsword's 2d6+4 gets 2d6-1 = 6 a blow through
    # hardness 5, 15 hp in 2.5 rounds: it attacks the door, lined up (a full round).
    enc = _shut_in(kit, "{kind: good wooden door, locked: true}", weapon="greatsword")
    rounds, _ = _door_rounds(enc, enc.combatants["red"], (2, 1))
    assert rounds == pytest.approx(2.5)
    assert policy("default")(enc, "red") == A.AttackObject((2, 1), None, line_up=True)


def test_an_unlocked_door_is_opened(kit: Any) -> None:
    enc = _shut_in(kit, "simple wooden door")
    assert policy("default")(enc, "red") == A.OpenDoor((2, 1))


def test_with_a_way_round_it_walks(kit: Any) -> None:
    rows = """
    #........
    #.+......
    ###......
    """
    enc = _shut_in(kit, "{kind: simple wooden door, locked: true}", rows=rows)
    assert isinstance(policy("default")(enc, "red"), A.Move)
