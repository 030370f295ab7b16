"""Sunder in play, step by step with scripted dice (seed 000 "Sunder", "Strike a Weapon",
"Attack An Object"; seed 002 "Sunder"; SRD feats "Improved Sunder").

Red swings a greataxe: +9 (BAB 6, Str 16), two-handed (+4 on the sunder roll), 1d12+4
(Str x1 1/2). Blue: longsword +9 (one-handed), chainmail (AC 16). A longsword is a
one-handed blade: hardness 10, 5 hit points (seed 000 Table: Common Armor, Weapon, and
Shield Hardness and Hit Points). The first two rolls are initiative; scripted dice give
an opposed roll's total, an attack roll's natural face, a damage roll's total. Blue is
flat-footed in round 1: no attack of opportunity without Combat Reflexes.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError

OPEN = ".......\n.......\n......."


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def saved(enc: Any) -> dict[str, Any]:
    from random import Random

    from d20combat.rules.dice import SampledDice

    scripted, enc.dice = enc.dice, SampledDice(Random(1))
    try:
        return enc.to_json()  # type: ignore[no-any-return]
    finally:
        enc.dice = scripted


def duel(kit: Any, rolls: list[int], *, red: str = "", blue: str = "", **kw: Any) -> Any:
    sides = {
        "red": kit.soldier("Red", "b2", feats=red, weapons=kw.pop("red_weapons", "greataxe")),
        "blue": kit.soldier(
            "Blue",
            "c2",
            feats=blue,
            weapons=kw.pop("blue_weapons", "longsword"),
            armor=kw.pop("blue_armor", "chainmail"),
        ),
    }
    return kit.scripted_encounter(OPEN, sides, rolls, **kw)


def test_a_won_sunder_destroys_a_longsword(kit: Any) -> None:
    # Red's roll 20 (+13) beats Blue's 10 (+9); 15 damage, hardness 10 takes 10, the
    # longsword's 5 hit points go: destroyed, gone from Blue's hand (not on the floor).
    enc = duel(kit, [20, 1, 20, 10, 15])
    enc.apply(parse_action("sunder blue"))
    s = events(enc, "sunder")[0]
    assert s.outcome["result"] == "destroyed" and s.outcome["check"] == [20, 10]
    assert s.total("sunder roll").value == 13 and s.total("sunder resist").value == 9
    assert (s.outcome["hardness"], s.outcome["hp_before"], s.outcome["hp"]) == (10, 5, 0)
    blue = enc.combatants["blue"]
    assert blue.wielding == () and "longsword" in blue.lost and not enc.items
    assert blue.item_damage == {"longsword": 5}
    assert [o.name for o in blue.melee_options()] == ["unarmed strike"]


def test_damage_short_of_ruin_stays_with_the_item_and_the_save(kit: Any) -> None:
    # 12 damage: 2 through the hardness, 3 of 5 hit points left; the longsword works as
    # before (the 3.5 rules give no penalty short of ruin: A34). A second blow of 14
    # puts 4 through: destroyed.
    enc = duel(kit, [20, 1, 20, 10, 12, 20, 10, 14])
    enc.apply(parse_action("sunder blue"))
    blue = enc.combatants["blue"]
    assert blue.item_damage == {"longsword": 2} and blue.wielding == ("longsword",)
    assert blue.melee_options()[0].bonus.value == 9
    enc.apply(parse_action("sunder blue"))  # the second attack at +4: 20 beats 10
    s = events(enc, "sunder")[1]
    assert s.outcome["hp_before"] == 3 and s.outcome["result"] == "destroyed"
    assert s.total("sunder roll").value == 8


def test_a_damaged_item_survives_a_save(kit: Any) -> None:
    enc = duel(kit, [20, 1, 20, 10, 12])
    enc.apply(parse_action("sunder blue"))
    again = Encounter.from_json(saved(enc))
    assert again.combatants["blue"].item_damage == {"longsword": 2}
    assert again.situation() == enc.situation()
    data = saved(enc)
    data["combatants"][1]["item_damage"] = {"greatclub": 3}
    with pytest.raises(Exception, match="carries no 'greatclub'"):
        Encounter.from_json(data)


def test_a_lost_roll_or_a_glancing_blow_does_nothing(kit: Any) -> None:
    enc = duel(kit, [20, 1, 15, 20])  # 15 against 20: no blow lands
    enc.apply(parse_action("sunder blue"))
    assert events(enc, "sunder")[0].outcome["result"] == "failed"
    enc = duel(kit, [20, 1, 20, 10, 10])  # 10 damage: all of it on the hardness
    enc.apply(parse_action("sunder blue"))
    s = events(enc, "sunder")[0]
    assert s.outcome["result"] == "glancing" and enc.combatants["blue"].item_damage == {}


def test_a_shield_destroyed_takes_its_bonus_with_it(kit: Any) -> None:
    # A light wooden shield: hardness 5, 7 hit points; +1 AC (16 -> 17). 12 damage puts
    # 7 through: destroyed; Blue's AC is 16 again.
    enc = duel(kit, [20, 1, 20, 10, 12], blue_armor="chainmail\n  shield: light wooden shield")
    blue = enc.combatants["blue"]
    assert blue.stats.ac.value == 17
    enc.apply(parse_action("sunder blue light wooden shield"))
    assert events(enc, "sunder")[0].outcome["result"] == "destroyed"
    assert blue.stats.ac.value == 16 and "light wooden shield" in blue.lost
    again = Encounter.from_json(saved(enc))
    assert again.combatants["blue"].stats.ac.value == 16


def test_a_carried_object_is_struck_against_its_ac(kit: Any) -> None:
    # seed 000 "Sundering a Carried or Worn Object": Blue's dagger at its belt, a Small
    # object (+1) of a carrier with Dex 12 (+1): AC 12; 3 + 9 = 12 hits; the dagger
    # (light blade: hardness 10, 2 hp) takes 12 - 10 = 2: destroyed.
    carried = "longsword, {weapon: dagger, wield: carried}"
    enc = duel(kit, [20, 1, 3, 12], blue_weapons=carried)
    enc.apply(parse_action("sunder blue dagger"))
    s = events(enc, "sunder")[0]
    assert s.total("armor class").value == 12 and s.outcome["result"] == "destroyed"
    assert "dagger" in enc.combatants["blue"].lost


def test_striking_a_carried_object_provokes_too(kit: Any) -> None:
    # seed 000: "Attacking a carried or worn object provokes an attack of opportunity
    # just as attacking a held object does" (the natural 1 misses).
    carried = "longsword, {weapon: dagger, wield: carried}"
    enc = duel(kit, [20, 1, 1, 3, 12], blue="Combat Reflexes", blue_weapons=carried)
    enc.apply(parse_action("sunder blue dagger"))
    assert [e.type for e in enc.log[-3:]] == ["provoked", "aoo", "sunder"]


def test_any_slashing_or_bludgeoning_weapon_of_any_size(kit: Any) -> None:
    # seed 000 "Sunder" (3.5): "a slashing or bludgeoning weapon"; the older "Strike a
    # Weapon" wanted a slashing one at most one size smaller than the weapon struck,
    # with a shield's size by its kind (D29): not applied. A heavy mace (bludgeoning)
    # and a kukri (slashing, a Small weapon) against a Huge ogre's greatclub (three
    # sizes up) and a tower shield (the older rules' Huge): all legal.
    for weapon in ("heavy mace", "kukri"):
        sides = {
            "red": kit.soldier("Red", "b2", weapons=weapon),
            "blue": "  - creature: ogre\n    at: c2\n",
        }
        enc = kit.scripted_encounter(OPEN, sides, [20, 1])
        assert "sunder ogre" in {str(a) for a in enc.legal_actions()}, weapon
    shield = duel(kit, [20, 1], red_weapons="kukri", blue_armor="chainmail\n  shield: tower shield")
    assert "sunder blue tower shield" in {str(a) for a in shield.legal_actions()}


def test_improved_sunder_no_attack_of_opportunity_and_4_more(kit: Any) -> None:
    enc = duel(kit, [20, 1, 20, 10, 15], red="Improved Sunder", blue="Combat Reflexes")
    enc.apply(parse_action("sunder blue"))
    assert not events(enc, "provoked")
    assert events(enc, "sunder")[0].total("sunder roll").value == 13 + 4
    plain = duel(kit, [20, 1, 1, 20, 10, 15], blue="Combat Reflexes")
    plain.apply(parse_action("sunder blue"))
    assert [e.type for e in plain.log[-3:]] == ["provoked", "aoo", "sunder"]


def test_who_may_sunder_what(kit: Any) -> None:
    enc = duel(kit, [20, 1])
    with pytest.raises(IllegalActionError, match="armor worn by another"):
        enc.apply(parse_action("sunder blue chainmail"))
    pierce = duel(kit, [20, 1], red_weapons="rapier")
    with pytest.raises(IllegalActionError, match="slashing or bludgeoning weapon"):
        pierce.apply(parse_action("sunder blue"))
    fists = duel(kit, [20, 1], red_weapons="")
    with pytest.raises(IllegalActionError, match="immune to it"):
        fists.apply(parse_action("sunder blue"))
    magic = duel(kit, [20, 1], blue_weapons="{weapon: longsword, enhancement: 1}")
    with pytest.raises(IllegalActionError, match=r"\+1 or more \(seed 000 Strike a Weapon\)"):
        magic.apply(parse_action("sunder blue"))
    even = duel(
        kit,
        [20, 1, 20, 11, 16],
        red_weapons="{weapon: greataxe, enhancement: 1}",
        blue_weapons="{weapon: longsword, enhancement: 1}",
    )
    even.apply(parse_action("sunder blue"))
    s = events(even, "sunder")[0]
    assert (s.outcome["hardness"], s.outcome["hp_before"]) == (11, 6)  # +1 each per +1
    assert {str(a) for a in enc.legal_actions() if a.verb == "sunder"} == {
        "sunder blue",
        "sunder blue defensively",
    }
