"""Swim checks in play: a creature without a swim speed in deep water (seed 000
"Underwater Combat" table and notes 2-4; rules.swim, encounter.swimming).

The kit's soldiers: Str 16 (+3), Dex 12 (+1), BAB +6, longsword +9 (1d8+3, slashing,
4 lb). Unarmored (``armor=None``) a soldier carries 4 lb, less than the 16 lb a Medium
creature needs to walk along the bottom (note 3): it swims, Swim +3 (Strength, untrained).
In chainmail (40 lb) it walks the bottom instead, at half speed. Its speed is 30 ft
unarmored: a quarter is 7.5, 5 ft on the grid; half 15 ft. The first two rolls are
initiative (Red, then Blue); scripted dice give totals.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.water import depth, footing
from d20combat.errors import IllegalActionError
from d20combat.rules.underwater import Footing, grapple_penalty

RIVER = """
..WWW..
..WWW..
..WWW..
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def swimmer_and_wader(kit: Any, rows: str, rolls: list[int]) -> Any:
    sides = {
        "red": kit.soldier("Red", "b2", armor=None),
        "blue": kit.soldier("Blue", "f2"),
    }
    return kit.scripted_encounter(rows, sides, rolls)


def test_a_swim_check_from_the_bank_then_a_quarter_of_speed(kit: Any) -> None:
    # Red swims in: the round's Swim check, d20 + 3 against calm water's DC 10; a total
    # of 13 succeeds and it moves 5 ft (a quarter of 30 ft, a move action). Its second
    # move action swims 5 ft more without a second check (one check a round, A166).
    enc = swimmer_and_wader(kit, RIVER, [20, 1, 13])
    red = enc.combatants["red"]
    with pytest.raises(IllegalActionError, match="impassable"):
        enc.check(parse_action("move c2"))  # no land movement into deep water
    with pytest.raises(IllegalActionError, match="swimming allows 5 ft"):
        enc.check(parse_action("swim c2 d2 e2 f1"))  # 20 ft: more than half of 30
    enc.apply(parse_action("swim c2"))
    check = events(enc, "swim-check")[0]
    assert check.outcome["dc"] == 10 and check.outcome["total"] == 13
    assert check.outcome["result"] == "swims" and check.total("swim check").value == 3
    assert red.pos == (2, 1) and "swimming" in red.conditions
    enc.apply(parse_action("swim d2"))
    assert len(events(enc, "swim-check")) == 1 and red.pos == (3, 1)
    # afloat: no ordinary move, 5-foot step, withdraw or run (SRD combat-i: no listed
    # speed for the mode; seed 004 Withdraw: no movement needing a skill check)
    for text in ("step c2", "withdraw c2", "move c2"):
        with pytest.raises(IllegalActionError):
            enc.check(parse_action(text))


def test_half_speed_as_a_full_round_action(kit: Any) -> None:
    # 15 ft (half of 30) as a full-round action, from the bank: b2 -> c2 -> d2 -> e2.
    enc = swimmer_and_wader(kit, RIVER, [20, 1, 10])
    enc.apply(parse_action("swim c2 d2 e2"))
    assert enc.combatants["red"].pos == (4, 1)
    assert enc.budget.full_round


def test_a_failed_check_leaves_it_off_balance(kit: Any) -> None:
    # Round 2: Red, afloat at c2, checks as its turn begins: a total of 7 fails DC 10 by
    # 3: it flails, off balance (note 4), and cannot swim this round. Blue (chainmail,
    # walking the bottom: firm footing) then attacks at +9 - 2 (firm footing, slashing)
    # + 2 (its foe off balance) = +9, against AC 10 (Red loses its Dex +1).
    enc = swimmer_and_wader(kit, RIVER, [20, 1, 13, 7, 10, 8])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    enc.apply(parse_action("swim c2"))
    enc.apply(parse_action("end"))
    # Blue walks the bottom: d2 costs 10 ft (half speed, note 3) of its 20 ft
    enc.apply(parse_action("move e2 d2"))
    assert blue.pos == (3, 1)
    enc.apply(parse_action("end"))
    check = events(enc, "swim-check")[-1]
    assert (check.outcome["result"], check.outcome["why"]) == ("flails", "stay afloat")
    assert check.outcome["off_balance"] and "off-balance" in red.conditions
    assert "swimming" not in red.conditions
    with pytest.raises(IllegalActionError, match="off balance"):
        enc.check(parse_action("swim b2"))
    enc.apply(parse_action("end"))
    hp = red.vitals.hp
    enc.apply(parse_action("attack red"))
    attack = events(enc, "attack")[-1]
    assert attack.total("attack bonus").value == 9
    assert red.vitals.hp == hp - 4  # 8 halved (-2/half, firm footing)


def test_failing_by_5_goes_under(kit: Any) -> None:
    # 5 against DC 10 fails by 5: it goes under as well (A167).
    enc = swimmer_and_wader(kit, RIVER, [20, 1, 10, 5])
    enc.apply(parse_action("swim c2"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert events(enc, "swim-check")[-1].outcome["result"] == "goes-under"


def test_rough_water_is_dc_15(kit: Any) -> None:
    # A legend entry marks rough deep water: DC 15; 14 fails by 1 (on the bank: no
    # move, and not off balance on land).
    text = kit.scenario_text(
        RIVER.replace("W", "R"),
        {"red": kit.soldier("Red", "b2", armor=None), "blue": kit.soldier("Blue", "f2")},
    )
    text = text.replace("map:\n", "map:\n  legend: {R: [deep-water, rough-water]}\n", 1)
    enc = kit.scripted(kit.make(text), [20, 1, 14])
    red = enc.combatants["red"]
    enc.apply(parse_action("swim c2"))
    check = events(enc, "swim-check")[0]
    assert (check.outcome["dc"], check.outcome["result"]) == (15, "flails")
    assert red.pos == (1, 1) and "off-balance" not in red.conditions
    assert not enc.budget.move or not enc.budget.standard  # the move action is spent


def test_a_swim_speed_or_heavy_gear_needs_no_check(kit: Any) -> None:
    # Blue in chainmail (44 lb of gear >= 16) walks the bottom: 'swim' is refused, it
    # moves, 10 ft a square (half speed, note 3); Red has a swim speed of 30 ft: its
    # movement in deep water is normal (the table's "Has a swim speed" row), 5 ft a
    # square, and it makes no Swim check as its turn begins.
    text = kit.soldier("Red", "b2", armor=None, land=30).replace(
        "{land: 30}", "{land: 30, swim: 30}"
    )
    sides = {"red": text, "blue": kit.soldier("Blue", "f2")}
    enc = kit.scripted_encounter(RIVER, sides, [1, 20])
    with pytest.raises(IllegalActionError, match="as on land"):
        enc.check(parse_action("swim e2"))
    with pytest.raises(IllegalActionError, match="costs 30 ft but speed is 20"):
        enc.check(parse_action("move e2 d2 c2"))
    enc.apply(parse_action("move e2"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("move c1 c2 c3"))  # 15 ft, three squares of deep water
    assert enc.combatants["red"].pos == (2, 2)
    assert not events(enc, "swim-check")


def test_the_table_row_of_a_creature_swimming_by_checks(kit: Any) -> None:
    # Seed 000 table: "Successful Swim check": a longsword (slashing) -2/half; after a
    # failed check the "none" row (off balance): -2/half too. Red swims in (13), Blue
    # walks the bottom to d2; round 2 Red's check (12) succeeds: its attack is at
    # +9 - 2 = +7 (a natural 2: 9 misses AC 16); round 3 its check (8) fails: off balance.
    enc = swimmer_and_wader(kit, RIVER, [20, 1, 13, 12, 2, 8])
    enc.apply(parse_action("swim c2"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("move e2 d2"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("attack blue"))
    attack = events(enc, "attack")[-1]
    assert attack.total("attack bonus").value == 7
    assert attack.outcome["underwater"] == "successful Swim check"
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue waits
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert "off-balance" in red.conditions
    option = red.melee_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert attack.bonus.value == 7 and attack.half_damage
    assert notes["underwater"] == "none (off balance)"


FORD = """
.........
.........
..~~.....
..~~.....
"""


def test_from_land_a_wader_saves_at_plus_4(kit: Any) -> None:
    # seed 000 "Attacks from Land": wading in water at least chest deep gives improved
    # cover from opponents on land, "+4 bonus on Reflex saves". d20modern autofire (seed
    # 004): Red on land at a1 fires at c3+d4 (Defense 10: a 3 + 7 hits); Blue (c3) and
    # Green (d4) wade: Reflex +3 + 4 = +7 against DC 15: Blue's 12 (19) and Green's 8
    # (15) both save (without the +4 Green's 11 would fail).
    feats = "personal firearms proficiency, advanced firearms proficiency"
    armor = f"chainmail\n  firearm_feats: [{feats}]"
    red = kit.soldier("Red", "a1", weapons="{weapon: submachine gun, rounds: 25}", armor=armor)
    sides = {"red": red, "blue": kit.soldier("Blue", "c3") + kit.soldier("Green", "d4")}
    enc = kit.scripted_encounter(FORD, sides, [20, 2, 1, 3, 12, 8], ruleset="d20modern")
    enc.apply(parse_action("autofire submachine gun at c3+d4"))
    (e,) = events(enc, "autofire")
    assert e.outcome["saves"] == [
        {"id": "blue", "natural": 12, "total": 19, "saved": True},
        {"id": "green", "natural": 8, "total": 15, "saved": True},
    ]


def test_under_water_it_holds_its_breath_then_drowns(kit: Any) -> None:
    # A173 (the SRD's drowning rule): going under (5 against DC 10) Red holds its breath
    # for 2 x Con 12 = 24 rounds. Out of breath (set here, 24 rounds on), a Con check
    # DC 10 (+1): 9 fails: it drowns: unconscious at 0 hp as its next turn begins, dying
    # at -1 the round after (its dying roll, 50 on d%, fails to stabilize), dead the
    # third. Pink, its friend on the far bank, keeps the fight going.
    sides = {
        "red": kit.soldier("Red", "b2", armor=None) + kit.soldier("Pink", "a3"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(RIVER, sides, [20, 2, 1, 13, 5, 9, 50])
    red = enc.combatants["red"]

    def to_red() -> None:
        enc.apply(parse_action("end"))
        while enc.outcome is None and enc.order[enc.turn] != "red":
            enc.apply(parse_action("end"))

    enc.apply(parse_action("swim c2"))
    to_red()
    check = events(enc, "swim-check")[-1]
    assert check.outcome["result"] == "goes-under" and check.outcome["breath"] == 24
    assert red.breath == 24
    red.breath = 0
    while enc.round < 3:  # round 3: Red's turn begins (and passes: it cannot act)
        enc.apply(parse_action("end"))
    (held,) = events(enc, "holding-breath")
    assert (held.outcome["dc"], held.outcome["total"], held.outcome["result"]) == (
        10,
        9,
        "drowns",
    )
    assert red.vitals.hp == 0 and red.state(enc.rules).value == "unconscious"
    while enc.round < 4:
        enc.apply(parse_action("end"))
    assert red.vitals.hp <= -1 and red.drowning == 2
    while enc.round < 5:
        enc.apply(parse_action("end"))
    assert red.vitals.dead and red.drowning == 3
    assert [e.outcome["round_drowning"] for e in events(enc, "drowning")] == [2, 3]


def test_a_successful_check_brings_it_back_up(kit: Any) -> None:
    enc = swimmer_and_wader(kit, RIVER, [20, 1, 13, 5, 13])
    red = enc.combatants["red"]
    enc.apply(parse_action("swim c2"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert red.breath == 24
    enc.apply(parse_action("end"))  # round 3: a breath goes, then 13 swims: it surfaces
    assert red.breath == -1 and "swimming" in red.conditions


def test_freedom_of_movement_moves_and_fights_normally_in_the_water(kit: Any) -> None:
    # Seed 000 "Underwater Combat": the table's "Freedom of movement" row: movement
    # normal, slashing and bludgeoning normal, no grapple penalty (A250: a scenario sets
    # the condition). Red (no swim speed, no armor, land 30) crosses three squares of
    # deep water for 15 ft with no Swim check. From land (b2) it ignores the water's
    # cover in melee: Blue walking the bottom at c2 (submerged) has no cover against
    # its sword (total cover against anyone else, A114), improved cover (+8) against
    # its ranged attacks.
    red = kit.soldier(
        "Red", "b2", armor=None, land=30, extra="  conditions: {freedom-of-movement: 0}\n"
    )
    sides = {"red": red, "blue": kit.soldier("Blue", "f2")}
    enc = kit.scripted_encounter(RIVER, sides, [20, 1])
    r, b = enc.combatants["red"], enc.combatants["blue"]
    enc.apply(parse_action("move c1 c2 c3"))
    assert r.pos == (2, 2) and not events(enc, "swim-check")
    assert footing(r, depth(enc, r)) is Footing.FREEDOM
    assert grapple_penalty(Footing.FREEDOM) is None
    enc.space.place(r, (1, 1))
    enc.space.place(b, (2, 1))
    assert enc.space.cover_bonus(r, b, melee=True) == 0
    assert enc.space.cover_bonus(r, b, melee=False) == 8
    del r.conditions["freedom-of-movement"]
    enc.space.invalidate(r)
    assert enc.space.cover_bonus(r, b, melee=True) == -1
