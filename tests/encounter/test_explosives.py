"""Thrown explosives in play, step by step with scripted dice (seed 004 "Grenades and
Explosives", "Thrown Explosives").

Red throws: the conftest soldier (BAB +6, Dex 12: ranged +7; Reflex +2 base, +1 Dex =
+3) holding three fragmentation grenades (reading A92: 4d6 slashing, a 20-ft burst,
Reflex DC 15 for half, range increment 10 ft). The first two rolls are initiative (Red,
then Blue). Scripted dice give totals: a d20's, a d8's or a d4's face, a damage roll's
total. Saves are made in the encounter's order (Red, then Blue).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.errors import IllegalActionError, InputError

GRENADES = "{weapon: fragmentation grenade, quantity: 3}, longsword"
FIELD = """
.........
.........
.........
.........
.........
.........
"""


def duel(kit: Any, rolls: list[int], red_at: str, blue_at: str) -> Any:
    red = kit.soldier("Red", red_at, weapons=GRENADES)
    return kit.scripted_encounter(
        FIELD, {"red": red, "blue": kit.soldier("Blue", blue_at)}, rolls, ruleset="d20modern"
    )


def explosion(enc: Any) -> Any:
    (e,) = [e for e in enc.log if e.type == "explosive"]
    return e


def hp(enc: Any) -> dict[str, int]:
    return {k: int(c.vitals.hp) for k, c in enc.combatants.items()}


def test_within_one_increment_no_roll_the_d4_corner_and_reflex_for_half(kit: Any) -> None:
    # seed 004: "If the square is within one range increment, you do not need to make an
    # attack roll. Roll 1d4 ... which corner of the square the explosive bounces to."
    # Red at a1 throws at c2 (10 ft: the first increment): no roll; the d4's 3 is the
    # south-east corner (A92), the intersection c2+d3. The 20-ft burst reaches Blue (c2)
    # and Red itself (a1: 20 ft to its far corner). 4d6 rolls 14: Red's save 12 + 3 = 15
    # makes DC 15 (half: 7), Blue's 5 + 3 = 8 fails (14: at least its Con 12, the
    # massive damage threshold, so a Fort save, a 20).
    enc = duel(kit, [20, 1, 3, 14, 12, 5, 20], "a1", "c2")
    before = hp(enc)
    enc.apply(parse_action("throw-explosive fragmentation grenade at c2"))
    e = explosion(enc)
    assert (e.outcome["rolled"], e.outcome["corner"], e.outcome["bursts_at"]) == (
        False,
        "south-east",
        "c2+d3",
    )
    assert e.outcome["saves"] == [
        {"id": "red", "natural": 12, "total": 15, "saved": True},
        {"id": "blue", "natural": 5, "total": 8, "saved": False},
    ]
    assert [r.total for r in e.rolls] == [3, 14, 12, 5]  # the d4, the damage, each save
    after = hp(enc)
    assert (before["red"] - after["red"], before["blue"] - after["blue"]) == (7, 14)
    assert enc.combatants["red"].ammo == {"fragmentation grenade": 2}


def test_farther_a_roll_against_defense_10_and_a_miss_scatters(kit: Any) -> None:
    # Red at a1 throws at g1 (30 ft: the third increment): an attack roll against Defense
    # 10 at +7 - 4 (range) = +3, no nonproficiency penalty (a thrown weapon); a 5 gives 8:
    # a miss. The d8's 1 is straight back (west), 3 squares (three increments: D31's
    # reading, A92) to d1; the d4's 3 puts it at d1's south-east corner, d1+e2. Blue (g1:
    # 15 ft) and Red (a1: 20 ft) are caught; 4d6 rolls 10: Red fails (2 + 3), Blue saves
    # (a natural 20): 10 and 5.
    enc = duel(kit, [20, 1, 5, 1, 3, 10, 2, 20], "a1", "g1")
    before = hp(enc)
    enc.apply(parse_action("throw-explosive fragmentation grenade at g1"))
    e = explosion(enc)
    o = e.outcome
    assert (o["rolled"], o["result"], o["natural"], o["total"]) == (True, "miss", 5, 8)
    assert (o["direction"], o["scatter_squares"], o["bursts_at"]) == ("west", 3, "d1+e2")
    assert e.total("defense") is not None and e.total("defense").value == 10
    after = hp(enc)
    assert (before["red"] - after["red"], before["blue"] - after["blue"]) == (10, 5)


def test_a_hit_lands_in_the_square_and_the_burst_spares_the_far(kit: Any) -> None:
    # Red at a3 throws at g3 (30 ft): a 15 + 3 = 18 hits; the d4's 4 is g3's south-west
    # corner, f3+g4. Red at a3 is 30 ft from it: outside the 20-ft burst; Blue saves
    # with a 19 (22): 4d6 rolls 9, half is 4.
    enc = duel(kit, [20, 1, 15, 4, 9, 19], "a3", "g3")
    before = hp(enc)
    enc.apply(parse_action("throw-explosive fragmentation grenade at g3"))
    o = explosion(enc).outcome
    assert (o["result"], o["bursts_at"], [s["id"] for s in o["saves"]]) == (
        "hit",
        "f3+g4",
        ["blue"],
    )
    after = hp(enc)
    assert (before["red"] - after["red"], before["blue"] - after["blue"]) == (0, 4)


def test_an_explosive_is_no_plain_attack_and_its_notation(kit: Any) -> None:
    enc = duel(kit, [20, 1], "a1", "c2")
    with pytest.raises(IllegalActionError, match="thrown at a square"):
        enc.apply(parse_action("attack blue with fragmentation grenade"))
    with pytest.raises(IllegalActionError, match="no explosive 'longsword'"):
        enc.apply(parse_action("throw-explosive longsword at c2"))
    legal = [str(a) for a in enc.legal_actions()]
    assert "throw-explosive fragmentation grenade at c2" in legal
    assert not any(a.startswith("attack") and "grenade" in a for a in legal)
    assert str(parse_action("throw-explosive fragmentation grenade at c2")) == (
        "throw-explosive fragmentation grenade at c2"
    )
    with pytest.raises(InputError, match="throw-explosive WEAPON at SQUARE"):
        parse_action("throw-explosive fragmentation grenade c2")


def test_a_planted_explosive_goes_off_at_the_start_of_its_planters_turn(kit: Any) -> None:
    # seed 004: planted explosives "go off after a preset amount of time elapses"; A232:
    # planting is a full-round action (no Demolitions check), the timer counts rounds and
    # it bursts at the start of the planter's turn that many rounds on, as a thrown one
    # does once landed. Red at a1 plants a grenade at a1+b2 in round 1, timer 2 (due in
    # round 3), then runs off (two moves to i1: 35 ft from the point, out of the 20-ft
    # burst). Round 3, Red's turn begins: Blue (c3, 5 ft from the point) is caught; 4d6
    # rolls 14; Blue's save 5 + 3 = 8 fails DC 15: 14 damage (at least its Con 12: a
    # massive damage Fort save, a 20).
    enc = duel(kit, [20, 1, 14, 5, 20], "a1", "c3")
    with pytest.raises(IllegalActionError, match="not a corner of its squares"):
        enc.apply(parse_action("plant fragmentation grenade at d4+e5 timer 2"))
    with pytest.raises(IllegalActionError, match="carries no explosive 'flask'"):
        enc.apply(parse_action("plant flask at a1+b2 timer 2"))
    with pytest.raises(InputError, match="timer ROUNDS"):
        parse_action("plant fragmentation grenade at a1+b2")
    action = parse_action("plant fragmentation grenade at a1+b2 timer 2")
    assert str(action) == "plant fragmentation grenade at a1+b2 timer 2"
    assert action not in enc.legal_actions()  # legal, never listed
    enc.apply(action)
    (e,) = [e for e in enc.log if e.type == "plant"]
    assert (e.outcome["due_round"], enc.budget.full_round) == (3, True)
    assert enc.combatants["red"].ammo == {"fragmentation grenade": 2}
    assert enc.planted == [("red", "fragmentation grenade", (1, 1), 3)]
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    enc.apply(parse_action("move b1 c1 d1 e1"))
    enc.apply(parse_action("move f1 g1 h1 i1"))
    enc.apply(parse_action("end"))
    before = hp(enc)
    enc.apply(parse_action("end"))  # Blue's turn ends: round 3, Red's turn begins
    (b,) = [e for e in enc.log if e.type == "planted-burst"]
    assert (b.actor, b.outcome["bursts_at"], b.outcome["damage"]) == ("red", "a1+b2", 14)
    assert b.outcome["saves"] == [{"id": "blue", "natural": 5, "total": 8, "saved": False}]
    assert before["blue"] - hp(enc)["blue"] == 14 and enc.planted == []


def test_a_save_keeps_a_planted_explosive(kit: Any) -> None:
    from d20combat.encounter.state import Encounter
    from d20combat.errors import SaveFileError

    sides = {
        k: kit.soldier(k.title(), at, weapons=GRENADES) for k, at in (("red", "a1"), ("blue", "i6"))
    }
    enc = kit.encounter(FIELD, sides, ruleset="d20modern")
    c = enc.current
    assert c is not None
    corner = A.intersection_name(c.pos)
    enc.apply(parse_action(f"plant fragmentation grenade at {corner} timer 3"))
    data = enc.to_json()
    assert (
        Encounter.from_json(data).planted
        == enc.planted
        == [(c.id, "fragmentation grenade", c.pos, 4)]
    )
    data["planted"] = [["nobody", "fragmentation grenade", [0, 0], 4]]
    with pytest.raises(SaveFileError, match="no combatant 'nobody'"):
        Encounter.from_json(data)
