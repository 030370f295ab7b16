"""Energy drain and ability drain in play, with scripted dice (SRD
special-abilities-and-conditions.html "Energy Drain and Negative Levels", conditions
"Energy Drained", "Ability Drained"; types-subtypes-and-special-abilities.html "Ability
Score Loss"; monsters-t-z.html "Wight", "Wraith"; encounter/maneuvers/drain.py).

The SRD wight: slam +3 (1d4+1), "Energy Drain (Su): Living creatures hit by a wight's
slam attack gain one negative level. The DC is 14 for the Fortitude save to remove a
negative level ... the wight gains 5 temporary hit points"; initiative +1. The wraith:
incorporeal touch +5 (1d4), "must succeed on a DC 14 Fortitude save or take 1d6 points
of Constitution drain ... gains 5 temporary hit points". The kit's soldier Blue: 6d10
(40 hp), Str 16, Con 12, longsword +9/+4, Fort +6, Ref +3, Will +2, AC 16 (chainmail,
Dex +1). Initiative rolls 20 and 1: the undead (21 or more) acts before Blue (2).
Scripted dice give totals.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset, ruleset
from d20combat.encounter.actions import parse_action
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.maneuvers import damage_abilities
from d20combat.encounter.state import Encounter
from d20combat.errors import SaveFileError
from d20combat.render.narrate import narrate
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.hitpoints import (
    Vitals,
    drain_energy,
    p_keep_level,
    recover_negative_levels,
    rest,
)

OPEN = """
.......
.......
.......
"""


def kit_rules() -> Ruleset:
    return ruleset("srd35")


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def undead_vs_blue(kit: Any, creature: str, rolls: list[int]) -> Encounter:
    sides = {
        "undead": f"  - creature: {creature}\n    at: b2\n",
        "blue": kit.soldier("Blue", "c2"),
    }
    return kit.scripted_encounter(OPEN, sides, [20, 1, *rolls])  # type: ignore[no-any-return]


def test_a_wight_slam_bestows_a_negative_level(kit: Any) -> None:
    # slam: d20 15 + 3 = 18 hits Blue's flat-footed AC 15; damage 1d4+1 (the scripted
    # total) 3: 39 -> 36 hp; then one negative level: 5 hp off both the maximum and the
    # current (A245): 31 of 34
    enc = undead_vs_blue(kit, "wight", [15, 3])
    wight, blue = enc.get("wight"), enc.get("blue")
    enc.apply(parse_action("attack blue with slam"))
    [drain] = events(enc, "energy-drain")
    assert (drain.outcome["levels"], drain.outcome["negative_levels"]) == (1, 1)
    assert (blue.vitals.max_hp, blue.vitals.hp) == (34, 31)
    assert wight.vitals.temp_hp == 5
    assert "1 negative level, 1 in all" in narrate(drain)[0]


def test_the_negative_level_costs_one_on_attacks_saves_and_checks(kit: Any) -> None:
    # Blue's longsword +9 becomes +8; Fort +6 becomes +5; Spot (untrained, Wis 10) +0 -1
    enc = undead_vs_blue(kit, "wight", [15, 3])
    wight, blue = enc.get("wight"), enc.get("blue")
    sword = blue.stats.options[0]
    assert blue.roll_total(blue.stats.saves["fort"], "save").value == 6
    enc.apply(parse_action("attack blue with slam"))
    attack, _ = build_attack(enc, blue, sword, sword.bonus, wight)
    assert attack.bonus.value == 8
    assert "1 negative level" in [m.source for m in attack.bonus.counted()]
    assert blue.roll_total(blue.stats.saves["fort"], "save").value == 5
    assert blue.roll_total(blue.stats.skill("spot"), "skill", skill="spot").value == -1


def test_a_critical_hit_drains_twice_and_as_many_levels_as_hit_dice_kill(kit: Any) -> None:
    # d20 20 threatens, confirmation 15 + 3 = 18 hits AC 15: x2 damage 2d4+2 (6: 39 -> 33),
    # two negative levels: 33 - 10 = 23 of 29; the wight gains 5 a level: 10
    enc = undead_vs_blue(kit, "wight", [20, 15, 6])
    wight, blue = enc.get("wight"), enc.get("blue")
    enc.apply(parse_action("attack blue with slam"))
    [drain] = events(enc, "energy-drain")
    assert drain.outcome["critical"] and drain.outcome["levels"] == 2
    assert (blue.vitals.negative_levels, blue.vitals.max_hp, blue.vitals.hp) == (2, 29, 23)
    assert wight.vitals.temp_hp == 10
    # four more make six, as many as Blue's 6 Hit Dice: dead
    blue.vitals = drain_energy(blue.vitals, 4, 6)
    assert blue.vitals.dead and blue.state(enc.rules).value == "dead"


def test_the_undead_and_constructs_are_not_living(kit: Any) -> None:
    # a wight's slam on another wight (no Constitution score) drains nothing
    sides = {
        "undead": "  - creature: wight\n    at: b2\n",
        "other": "  - creature: wight\n    name: Barrow\n    at: c2\n",
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 19, 3])
    enc.apply(parse_action(f"attack {enc.order[1]} with slam"))
    assert events(enc, "damage") and not events(enc, "energy-drain")


def test_a_wraith_drains_constitution_unless_saved(kit: Any) -> None:
    # touch: d20 12 + 5 = 17 vs touch AC 11 (flat-footed: 10 + 1 Dex lost = 10) hits; 1d4: 2
    # (39 -> 37). Fort +6 d20 5 = 11 < DC 14: 1d6 = 4 points of Constitution drain: Con 12
    # -> 8, modifier +1 -> -1: 2 x 6 HD = 12 hit points off the maximum and the current
    # (A144): 27 of 27... 25 of 27; Fort +6 -> +4. The wraith gains 5 temporary hp.
    enc = undead_vs_blue(kit, "wraith", [12, 2, 5, 4])
    wraith, blue = enc.get("wraith"), enc.get("blue")
    enc.apply(parse_action("attack blue with incorporeal touch"))
    [drain] = events(enc, "ability-drain")
    assert (drain.outcome["saved"], drain.outcome["points"], drain.outcome["score"]) == (
        False,
        4,
        8,
    )
    assert blue.vitals.ability_drain == (0, 0, 4, 0, 0, 0) and not any(blue.vitals.ability_damage)
    assert blue.stats.abilities[Ability.CON] == 8
    assert (blue.vitals.max_hp, blue.vitals.hp) == (27, 25)
    assert blue.stats.saves["fort"].value == 4
    assert wraith.vitals.temp_hp == 5
    assert "Fort save d20 5 +6 = 11 vs DC 14: failed; 4 points" in narrate(drain)[0]


def test_a_saved_wraith_touch_drains_nothing(kit: Any) -> None:
    # Fort d20 8 + 6 = 14 meets DC 14: saved; no drain and no temporary hit points
    enc = undead_vs_blue(kit, "wraith", [12, 2, 8])
    wraith, blue = enc.get("wraith"), enc.get("blue")
    enc.apply(parse_action("attack blue with incorporeal touch"))
    [drain] = events(enc, "ability-drain")
    assert drain.outcome["saved"] and drain.outcome["points"] == 0
    assert not any(blue.vitals.ability_drain) and wraith.vitals.temp_hp == 0
    assert "saved, nothing drained" in narrate(drain)[0]


def test_drain_to_zero_constitution_kills_and_rest_does_not_heal_drain(kit: Any) -> None:
    enc = undead_vs_blue(kit, "wraith", [])
    blue = enc.get("blue")
    damage_abilities(enc, blue, Ability.CON, 12, drain=True)
    assert blue.vitals.ability_drain[2] == 12 and "dead" in blue.condition_set()
    v = Vitals(10, 20, ability_damage=(0, 2, 0, 0, 0, 0), ability_drain=(0, 0, 3, 0, 0, 0))
    rested = rest(v, 8, enc.rules, ScriptedDice([]), level=1).vitals
    assert rested.ability_damage == (0, 1, 0, 0, 0, 0) and rested.ability_drain == v.ability_drain


def test_the_24_hour_saves(kit: Any) -> None:
    # two negative levels (max 29 of 39), Fort +6: the first save at -2 (d20 10 + 4 = 14
    # vs DC 14: removed, 5 hp back), the second at -1 (d20 8 + 5 = 13: removed, the level
    # lost for good: its 5 hp stay off)
    v = drain_energy(Vitals(39, 39), 2, 6)
    out = recover_negative_levels(v, ScriptedDice([10, 8]), fort=6, dc=14)
    assert (out.negative_levels, out.max_hp, out.hp) == (0, 34, 34)
    # rest() makes them at the 24th hour
    rested = rest(v, 24, kit_rules(), ScriptedDice([20] * 40), level=6, fort=6, drain_dc=14)
    assert rested.vitals.negative_levels == 0
    assert any("negative level" in n for n in rested.notes)


def test_the_24_hour_odds_match_enumeration() -> None:
    # brute force: every pair of d20 faces; the k-th save at Fort 6 - held, natural 1
    # fails and 20 succeeds
    for fort, dc, levels in ((6, 14, 2), (2, 15, 3), (10, 12, 1)):
        good = 0
        faces = list(product(range(1, 21), repeat=levels))
        for roll in faces:
            ok = True
            for k, face in enumerate(roll):
                bonus = fort - (levels - k)
                ok = ok and (face == 20 or (face != 1 and face + bonus >= dc))
            good += ok
        assert p_keep_level(fort, dc, levels) == Fraction(good, len(faces))


def test_a_drained_save_round_trips_and_a_hostile_one_is_refused(kit: Any) -> None:
    sides = {"undead": "  - creature: wight\n    at: b2\n", "blue": kit.soldier("Blue", "c2")}
    enc = kit.encounter(OPEN, sides)
    enc.get("blue").vitals = drain_energy(enc.get("blue").vitals, 1, 6)
    data = json.loads(json.dumps(enc.to_json()))
    again = Encounter.from_json(data)
    assert again.to_json() == data
    assert again.get("blue").vitals.negative_levels == 1
    i = [c["id"] for c in data["combatants"]].index("blue")
    data["combatants"][i]["vitals"]["negative_levels"] = 6
    with pytest.raises(SaveFileError) as caught:
        Encounter.from_json(data)
    [p] = caught.value.problems
    assert p.field == f"combatants[{i}].vitals.negative_levels"


def test_immunity_to_energy_drain(kit: Any) -> None:
    # a stat block's "immunity to energy drain" (SRD monsters: e.g. the planetar): the
    # slam's damage lands, no negative level
    sides = {
        "undead": "  - creature: wight\n    at: b2\n",
        "blue": kit.soldier("Blue", "c2", immunities="energy drain"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 15, 3])
    enc.apply(parse_action("attack blue with slam"))
    assert events(enc, "damage") and not events(enc, "energy-drain")
    assert enc.get("blue").vitals.negative_levels == 0
