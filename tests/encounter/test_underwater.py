"""Underwater combat in play (seed 000 "Underwater Combat"; seed 001 "Underwater").

The kit's soldiers: Str 16 (+3), Dex 12 (+1), BAB +6, longsword +9 (1d8+3, slashing),
chainmail (AC 16, flat-footed 15). The first two rolls are initiative (Red, then Blue);
in round 1 Blue has not acted: flat-footed. Scripted dice give totals (a damage roll's
dice and bonus together). The map's depths (A110): ``~`` chest-deep water (firm footing
on the bottom), ``W`` deep water (completely submerged), ``.`` land.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.water import Depth, depth, water_ft
from d20combat.errors import IllegalActionError
from d20combat.rules.modifiers import BonusType

WADE = """
.~~~~..
.~~~~..
.~~~~..
"""

SHORE = """
..~WWW.
..~WWW.
..~WWW.
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def swimmer(kit: Any, name: str, at: str, **kw: Any) -> str:
    """A soldier with a swim speed of 30 ft (seed 000 table: "Has a swim speed")."""
    text: str = kit.soldier(name, at, land=30, **kw)
    return text.replace("{land: 30}", "{land: 30, swim: 30}")


def test_a_sword_in_chest_deep_water_takes_2_and_half_damage(kit: Any) -> None:
    # Both wade (firm footing): the longsword (slashing) at +9 - 2 = +7; 10 + 7 = 17
    # hits flat-footed AC 15; damage 8 (1d8+3) halved to 4 (seed 000 table: "-2/half").
    sides = {"red": kit.soldier("Red", "c2"), "blue": kit.soldier("Blue", "d2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1, 10, 8])
    blue = enc.combatants["blue"]
    hp = blue.vitals.hp
    enc.apply(parse_action("attack blue"))
    attack = events(enc, "attack")[0]
    bonus = attack.total("attack bonus")
    assert bonus.value == 7
    assert (-2, "underwater (firm footing)") in [(m.value, m.source) for m in bonus.counted()]
    assert attack.outcome["underwater"] == "firm footing"
    assert blue.vitals.hp == hp - 4


def test_a_piercing_weapon_is_normal_underwater(kit: Any) -> None:
    # A shortspear (piercing) in the same water: +9, no halving (the table's column is
    # "Slashing or Bludgeoning" only). Thrown at an adjacent foe in chest-deep water it
    # is still a melee attack here.
    sides = {
        "red": kit.soldier("Red", "c2", weapons="shortspear"),
        "blue": kit.soldier("Blue", "d2"),
    }
    enc = kit.scripted_encounter(WADE, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.melee_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert attack.bonus.value == 9 and not attack.half_damage and "underwater" not in notes


def test_a_swim_speed_keeps_the_penalty_on_a_sword(kit: Any) -> None:
    # Seed 000 table, "Has a swim speed": slashing or bludgeoning -2/half all the same.
    sides = {"red": swimmer(kit, "Red", "c2"), "blue": kit.soldier("Blue", "d2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.melee_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert attack.bonus.value == 7 and attack.half_damage
    assert notes["underwater"] == "swim speed"


def test_from_land_a_wading_target_has_improved_cover(kit: Any) -> None:
    # Seed 000 "Attacks from Land": Red on land (a2), Blue chest-deep (b2): improved
    # cover, +8: flat-footed AC 15 + 8 = 23; Red on land takes no underwater penalty.
    # Blue in the water, striking back at land, gives Red no cover (the rule is for
    # targets in the water) but takes its own -2.
    sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "b2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert (depth(enc, red), depth(enc, blue)) == (Depth.LAND, Depth.WADING)
    option = red.melee_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert attack.bonus.value == 9 and attack.ac.value == 23 and notes["cover"] == 8
    assert [(m.value, m.type) for m in attack.ac.counted() if m.type is BonusType.COVER] == [
        (8, BonusType.COVER)
    ]
    back, back_notes = build_attack(enc, blue, option, option.bonus, red)
    assert "cover" not in back_notes and back.bonus.value == 7


def test_a_submerged_creature_has_total_cover_from_land(kit: Any) -> None:
    # Blue (a swimmer) completely submerged in d2 (deep water); Red on land in b2 with a
    # longspear (reach 10 ft): total cover, refused; and Blue can't strike back from
    # under the surface (A114). Red wading in c2 reaches it.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="longspear"),
        "blue": swimmer(kit, "Blue", "d2"),
    }
    enc = kit.scripted_encounter(SHORE, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert depth(enc, blue) is Depth.SUBMERGED
    with pytest.raises(IllegalActionError, match="total cover"):
        enc.apply(parse_action("attack blue"))
    assert enc.space.attack_problem(blue, blue.melee_options()[0], red) is not None
    enc.apply(parse_action("move c2"))
    option = red.melee_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert "cover" not in notes and attack.bonus.value == 9  # a longspear pierces


def test_ranged_attacks_take_2_per_5_ft_of_water(kit: Any) -> None:
    # Red in chest-deep water (c2) shoots a light crossbow at Blue submerged in f2: the
    # line crosses d2, e2, f2, all deep water: 15 ft, -6 (seed 000 "Ranged Attacks
    # Underwater"), on top of the range penalty (15 ft: none within 80 ft). Light
    # crossbow +7 (BAB 6, Dex 1) - 6 = +1.
    sides = {
        "red": kit.soldier("Red", "c2", weapons="light crossbow"),
        "blue": swimmer(kit, "Blue", "f2"),
    }
    enc = kit.scripted_encounter(SHORE, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert water_ft(enc, red, blue) == 15
    option = red.ready_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert notes["water_ft"] == 15
    assert (-6, "through 15 ft of water") in [(m.value, m.source) for m in attack.bonus.counted()]
    assert attack.bonus.value == 1


def test_thrown_weapons_are_ineffective_underwater(kit: Any) -> None:
    # A javelin from chest-deep water at a submerged foe: refused, naming the rule.
    sides = {
        "red": kit.soldier("Red", "c2", weapons="{weapon: javelin, quantity: 2}"),
        "blue": swimmer(kit, "Blue", "e2"),
    }
    enc = kit.scripted_encounter(SHORE, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="thrown weapons are ineffective underwater"):
        enc.apply(parse_action("attack blue"))


def test_a_dry_map_pays_nothing(kit: Any) -> None:
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(".......\n.......\n.......", sides, [20, 1])
    assert not enc.map.has_water
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.melee_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert attack.bonus.value == 9 and not attack.half_damage and "underwater" not in notes


def test_grapple_checks_in_the_water_take_2_but_damage_is_normal(kit: Any) -> None:
    # Seed 000 note 1: without a swim speed, -2 on grapple checks underwater, damage
    # normal. Red (wading, no swim speed) grabs Blue (a swimmer, also wading): touch
    # 10 + 9 = 19 (unarmed, bludgeoning: -2 -> 17, still over flat-footed touch AC 10);
    # Red's check +9 - 2 = +7, Blue's +9: 15 beats 10; unarmed damage 5, not halved.
    sides = {"red": kit.soldier("Red", "c2"), "blue": swimmer(kit, "Blue", "d2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1, 10, 15, 10, 5])
    blue = enc.combatants["blue"]
    enc.apply(parse_action("grapple blue"))
    g = events(enc, "grapple")[0]
    assert g.outcome["result"] == "held"
    assert g.total("grapple check").value == 7 and g.total("grapple resist").value == 9
    check = g.total("grapple check")
    assert (-2, "grappling underwater") in [(m.value, m.source) for m in check.counted()]
    assert blue.vitals.nonlethal == 5


LAKE = """
..~WWWWWWWWW
..~WWWWWWWWW
..~WWWWWWWWW
"""


def test_advanced_halves_a_crossbows_range_instead(kit: Any) -> None:
    # Red wading in c2 shoots a light crossbow (+7, increment 80 ft) at Blue submerged
    # in l2, 45 ft away through 45 ft of water (d2..l2). srd35 (seed 000): no range
    # penalty within 80 ft, -2 per 5 ft of water: -18, +7 - 18 = -11. advanced (seed
    # 001): half range, an increment of 40 ft: 45 ft is one full increment, -2: +5.
    sides = {
        "red": kit.soldier("Red", "c2", weapons="light crossbow"),
        "blue": swimmer(kit, "Blue", "l2"),
    }
    for ruleset, bonus in (("srd35", -11), ("advanced", 5)):
        enc = kit.scripted_encounter(LAKE, sides, [20, 1], ruleset=ruleset)
        red, blue = enc.combatants["red"], enc.combatants["blue"]
        option = red.ready_options()[0]
        attack, _ = build_attack(enc, red, option, option.bonus, blue)
        assert attack.bonus.value == bonus, ruleset


def test_advanced_refuses_slings_underwater(kit: Any) -> None:
    # Seed 001: "Slings and thrown weapons are impossible to use underwater"; seed 000
    # refuses only thrown weapons, so the srd35 sling shoots (at -2 per 5 ft of water).
    sides = {
        "red": kit.soldier("Red", "c2", weapons="sling"),
        "blue": swimmer(kit, "Blue", "e2"),
    }
    enc = kit.scripted_encounter(SHORE, sides, [20, 1], ruleset="advanced")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.ready_options()[0]
    assert "slings can't be used underwater" in (enc.space.attack_problem(red, option, blue) or "")
    enc = kit.scripted_encounter(SHORE, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.attack_problem(red, red.ready_options()[0], blue) is None


def test_alchemists_fire_does_not_burn_under_water(kit: Any) -> None:
    # Seed 000 "Fire": "Nonmagical fire (including alchemist's fire) does not burn
    # underwater"; a flask is a thrown weapon ("ineffective underwater"): refused at a
    # submerged crocodile-like swimmer and at an intersection over deep water, allowed at
    # one over land.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="{weapon: alchemist's fire, quantity: 3}"),
        "blue": swimmer(kit, "Blue", "e2"),
    }
    enc = kit.scripted_encounter(SHORE, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="total cover"):
        enc.apply(parse_action("throw alchemist's fire at blue"))
    enc.apply(parse_action("move c2"))
    with pytest.raises(IllegalActionError, match="thrown weapons are ineffective"):
        enc.apply(parse_action("throw alchemist's fire at blue"))
    with pytest.raises(IllegalActionError, match="under water"):
        enc.apply(parse_action("throw alchemist's fire at e1+f2"))


def test_advanced_rolls_a_sword_underwater_at_disadvantage(kit: Any) -> None:
    # Seed 001 "Underwater": slashing and bludgeoning attacks have disadvantage (no -2,
    # no halving). Red (no swim speed) wades in c2: longsword +9, rolled twice keeping
    # the lower (the scripted total 8 is that lower die): 8 + 9 = 17 hits flat-footed
    # AC 15; damage 8 in full. A crocodile-like swimmer's natural tail is exempt.
    sides = {"red": kit.soldier("Red", "c2"), "blue": kit.soldier("Blue", "d2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1, 8, 8], ruleset="advanced")
    blue = enc.combatants["blue"]
    hp = blue.vitals.hp
    enc.apply(parse_action("attack blue"))
    attack = events(enc, "attack")[0]
    assert attack.outcome["disadvantage"] == "underwater" and "underwater" not in attack.outcome
    assert attack.total("attack bonus").value == 9
    assert attack.rolls[0].purpose == "attack roll (longsword, disadvantage)"
    assert blue.vitals.hp == hp - 8
    tail = "{name: tail slap, damage: 1d6}"
    sides = {"red": swimmer(kit, "Red", "c2", natural=tail), "blue": kit.soldier("Blue", "d2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1], ruleset="advanced")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    by_name = {o.name: o for o in red.melee_options()}
    tail_attack, _ = build_attack(enc, red, by_name["tail slap"], by_name["tail slap"].bonus, blue)
    sword, _ = build_attack(enc, red, by_name["longsword"], by_name["longsword"].bonus, blue)
    assert not tail_attack.disadvantage and sword.disadvantage


def test_disadvantage_odds_are_the_brute_force_odds(kit: Any) -> None:
    # The exact odds (odds.attack_odds: resolve_attack under enumerate_outcomes) of the
    # sword at disadvantage against a brute force over the 400 pairs of d20s: a pair
    # hits when its lower die is a 20 or (not a 1 and) reaches AC 15 with +9.
    from fractions import Fraction

    from d20combat.content.rulesets import ruleset
    from d20combat.odds import attack_odds
    from d20combat.tactics.estimates import hit_damage

    sides = {"red": kit.soldier("Red", "c2"), "blue": kit.soldier("Blue", "d2")}
    enc = kit.scripted_encounter(WADE, sides, [20, 1], ruleset="advanced")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.melee_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, blue)
    assert attack.disadvantage and attack.ac.value == 15
    odds = attack_odds(attack, ruleset("advanced"))
    hits = sum(
        1
        for a in range(1, 21)
        for b in range(1, 21)
        if (low := min(a, b)) == 20 or (low > 1 and low + 9 >= 15)
    )
    assert odds.p_hit == Fraction(hits, 400) == Fraction(15 * 15, 400)
    # the tactics' closed form agrees on the hit chance (damage 1, no critical)
    assert hit_damage(15, 9, 1.0, 21, 2, 0, True) == pytest.approx(float(odds.p_hit))


def test_a_splash_does_not_reach_under_water(kit: Any) -> None:
    # Alchemist's fire thrown from land (a2) at Green wading in c2 (the line crosses no
    # deep water): 15 + 7 = 22 hits touch AC 10, 4 fire; the splash reaches the squares
    # within 5 ft of Green's, where Blue is submerged (d2): no damage (A115: seed 000
    # "Fire", thrown weapons ineffective under water).
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: alchemist's fire, quantity: 3}"),
        "blue": swimmer(kit, "Blue", "d2") + kit.soldier("Green", "c2"),
    }
    enc = kit.scripted_encounter(SHORE, sides, [20, 2, 1, 15, 4, 1, 1, 1])
    blue, green = enc.combatants["blue"], enc.combatants["green"]
    hp_blue, hp_green = blue.vitals.hp, green.vitals.hp
    enc.apply(parse_action("throw alchemist's fire at green"))
    hurt = {e.target: e.outcome for e in events(enc, "damage")}
    assert hurt["green"]["damage"] == 4 and green.vitals.hp == hp_green - 4
    assert hurt["blue"]["damage"] == 0 and blue.vitals.hp == hp_blue
    assert "under water" in str(hurt["blue"]["reductions"])
