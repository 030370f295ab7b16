"""Firearms in play, step by step with scripted dice (seed 004 "Firearms", "Autofire").

A gunner is the conftest soldier (BAB +6, Dex 12: ranged +7) with a firearm of the
bundled catalog (reading A90: pistol 1d8 80 ft, rifle 1d10 120 ft (a longarm),
submachine gun 1d8 80 ft with autofire; 19-20/x2). The first two rolls are initiative
(Red, then Blue). Scripted dice give totals: a d20's face, a damage roll's total. In
round 1 the others have not acted: flat-footed (chainmail AC 16, flat-footed 15).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.errors import ContentError, IllegalActionError, InputError
from d20combat.render.narrate import narrate
from d20combat.rules.dice import enumerate_outcomes
from d20combat.rules.maneuvers import firearms as F

FIELD = """
.........
.........
.........
.........
.........
.........
"""
PROFICIENT = "personal firearms proficiency"


def gunner(
    kit: Any, name: str, at: str, gun: str, rounds: int = 12, feats: str = PROFICIENT
) -> str:
    """A soldier holding ``gun`` with ``rounds`` bullets and the firearm feats ``feats``."""
    armor = f"chainmail\n  firearm_feats: [{feats}]" if feats else "chainmail"
    text: str = kit.soldier(name, at, weapons=f"{{weapon: {gun}, rounds: {rounds}}}", armor=armor)
    return text


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def fight(kit: Any, rolls: list[int], red: str, blue: str, **kw: Any) -> Any:
    return kit.scripted_encounter(
        FIELD, {"red": red, "blue": blue}, rolls, ruleset="d20modern", **kw
    )


def test_a_single_shot_fires_one_bullet(kit: Any) -> None:
    # seed 004 "Firearms": one attack is one trigger pull, one bullet. Red at a1 fires the
    # pistol at Blue at e1 (20 ft: the first increment, no penalty): +7 against Blue's
    # flat-footed 15; an 8 hits (15), the 1d8 rolls 5 off Blue's hit points; 12 rounds -> 11.
    enc = fight(
        kit,
        [20, 1, 8, 5],
        gunner(kit, "Red", "a1", "pistol"),
        kit.soldier("Blue", "e1"),
    )
    before = enc.combatants["blue"].vitals.hp
    enc.apply(parse_action("attack blue with pistol"))
    (hit,) = events(enc, "attack")
    assert (hit.outcome["natural"], hit.outcome["total"], hit.outcome["result"]) == (8, 15, "hit")
    assert enc.combatants["blue"].vitals.hp == before - 5
    assert enc.combatants["red"].ammo == {"pistol": 11}


def test_without_proficiency_a_firearm_takes_minus_4(kit: Any) -> None:
    # seed 004: "If a character isn't proficient in personal firearms, he or she takes a
    # -4 penalty": +7 - 4 = +3; an 11 gives 14 < 15: a miss (a 12 would hit).
    enc = fight(
        kit,
        [20, 1, 11],
        gunner(kit, "Red", "a1", "pistol", feats=""),
        kit.soldier("Blue", "e1"),
    )
    enc.apply(parse_action("attack blue with pistol"))
    (miss,) = events(enc, "attack")
    assert (miss.outcome["total"], miss.outcome["result"]) == (14, "miss")
    assert enc.combatants["red"].ammo == {"pistol": 11}  # the bullet is spent


def test_a_longarm_takes_minus_4_against_an_adjacent_opponent(kit: Any) -> None:
    # seed 004: "an attacker using a longarm takes a -4 penalty on attacks against
    # adjacent opponents". Red's rifle at Blue next to it: +7 - 4 = +3 (the shot also
    # provokes: Blue is flat-footed in round 1 and makes no attack of opportunity);
    # a 12 gives 15 against flat-footed 15: a hit, 1d10 rolls 6.
    enc = fight(kit, [20, 1, 12, 6], gunner(kit, "Red", "a1", "rifle"), kit.soldier("Blue", "b1"))
    before = enc.combatants["blue"].vitals.hp
    enc.apply(parse_action("attack blue with rifle"))
    (hit,) = events(enc, "attack")
    assert (hit.outcome["total"], hit.outcome["result"]) == (15, "hit")
    assert enc.combatants["blue"].vitals.hp == before - 6
    # a pistol is no longarm: +7 against the adjacent Blue
    enc2 = fight(kit, [20, 1, 8, 5], gunner(kit, "Red", "a1", "pistol"), kit.soldier("Blue", "b1"))
    enc2.apply(parse_action("attack blue with pistol"))
    assert events(enc2, "attack")[0].outcome["total"] == 15  # +7, no longarm penalty


def test_firing_in_a_threatened_square_provokes(kit: Any) -> None:
    # seed 004: "attacking with a firearm while within a threatened square provokes an
    # attack of opportunity". Blue acts first (initiative 20 vs 1), so it is not
    # flat-footed when Red fires next to it; Blue's longsword AoO: +9 (BAB 6 + Str 3)
    # with a 10 hits Red's AC 16 (19), 1d8+3 rolls 7; then Red's shot: a 9 gives 16
    # against Blue's AC 16 (Dex +1 counts now): a hit.
    enc = fight(
        kit,
        [1, 20, 10, 7, 9, 5],
        gunner(kit, "Red", "a1", "pistol"),
        kit.soldier("Blue", "b1"),
    )
    enc.apply(parse_action("end"))  # Blue's turn: it waits
    before = enc.combatants["red"].vitals.hp
    enc.apply(parse_action("attack blue with pistol"))
    kinds = [e.type for e in enc.log if e.type in ("provoked", "aoo", "attack")]
    assert kinds == ["provoked", "aoo", "attack"]
    assert events(enc, "attack")[0].outcome["result"] == "hit"
    assert enc.combatants["red"].vitals.hp == before - 7


def test_the_last_bullet_then_no_more_shots(kit: Any) -> None:
    enc = fight(
        kit, [20, 1, 1], gunner(kit, "Red", "a1", "pistol", rounds=1), kit.soldier("Blue", "e1")
    )
    enc.apply(parse_action("attack blue with pistol"))
    assert enc.combatants["red"].ammo == {"pistol": 0}
    assert not any(str(a).startswith("attack") for a in enc.legal_actions())
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    with pytest.raises(IllegalActionError):
        enc.apply(parse_action("attack blue with pistol"))


def test_a_firearm_needs_its_rounds_and_only_firearms_have_them(kit: Any) -> None:
    with pytest.raises((ContentError, InputError), match="needs its rounds"):
        fight(kit, [20, 1], kit.soldier("Red", "a1", weapons="pistol"), kit.soldier("Blue", "e1"))
    with pytest.raises((ContentError, InputError), match="no firearm"):
        fight(
            kit,
            [20, 1],
            kit.soldier("Red", "a1", weapons="{weapon: longsword, rounds: 3}"),
            kit.soldier("Blue", "e1"),
        )
    with pytest.raises((ContentError, InputError), match="firearm_feats"):
        fight(kit, [20, 1], gunner(kit, "Red", "a1", "pistol", feats="gun fu"), "")


# --- autofire ------------------------------------------------------------------------
ADVANCED = f"{PROFICIENT}, advanced firearms proficiency"


def test_autofire_hits_the_area_and_each_creature_saves(kit: Any) -> None:
    # seed 004 "Autofire": Red at a1 fires the submachine gun at the area c3+d4 (c3, d3,
    # c4, d4; its nearest square c3 is 10 ft away: no range penalty), one attack roll
    # against Defense 10 at +7 (both proficiencies): a 3 gives 10, a hit. Blue (c3) and
    # Green (d4) are in the area, Grey (e4) is not. Reflex: base +2, Dex +1 = +3 against
    # DC 15: Blue's 12 (15) saves, Green's 11 (14) fails and takes 1d8: 6.
    enc = fight(
        kit,
        [20, 3, 2, 1, 3, 12, 11, 6],
        gunner(kit, "Red", "a1", "submachine gun", rounds=25, feats=ADVANCED),
        kit.soldier("Blue", "c3") + kit.soldier("Green", "d4") + kit.soldier("Grey", "e4"),
    )
    before = {k: c.vitals.hp for k, c in enc.combatants.items()}
    enc.apply(parse_action("autofire submachine gun at c3+d4"))
    (e,) = events(enc, "autofire")
    assert (e.outcome["natural"], e.outcome["total"], e.outcome["result"]) == (3, 10, "hit")
    assert e.outcome["area"] == "c3+d4"
    assert e.outcome["saves"] == [
        {"id": "blue", "natural": 12, "total": 15, "saved": True},
        {"id": "green", "natural": 11, "total": 14, "saved": False},
    ]
    assert [r.total for r in e.rolls] == [3, 12, 11]  # the attack and every save
    after = {k: c.vitals.hp for k, c in enc.combatants.items()}
    assert before["blue"] - after["blue"] == 0
    assert before["green"] - after["green"] == 6
    assert before["grey"] == after["grey"]
    assert enc.combatants["red"].ammo == {"submachine gun": 15}  # 10 bullets (seed 004)
    (line,) = narrate(e)
    assert "Defense 10" in line and "blue 12 = 15 saved" in line and "green 11 = 14 failed" in line


def test_autofire_without_advanced_proficiency_takes_minus_4_and_a_miss_wastes_10(
    kit: Any,
) -> None:
    # +7 - 4 (no Advanced Firearms Proficiency) = +3: a 6 gives 9 < 10, a miss; no saves.
    enc = fight(
        kit,
        [20, 3, 2, 1, 6],
        gunner(kit, "Red", "a1", "submachine gun", rounds=10),
        kit.soldier("Blue", "c3") + kit.soldier("Green", "d4") + kit.soldier("Grey", "e4"),
    )
    enc.apply(parse_action("autofire submachine gun at c3+d4"))
    (e,) = events(enc, "autofire")
    assert (e.outcome["total"], e.outcome["result"], e.outcome["saves"]) == (9, "miss", [])
    assert e.total("attack bonus") is not None and e.total("attack bonus").value == 3
    assert enc.combatants["red"].ammo == {"submachine gun": 0}


def test_autofire_needs_10_bullets_and_an_automatic_weapon(kit: Any) -> None:
    enc = fight(
        kit,
        [20, 10, 1],
        gunner(kit, "Red", "a1", "submachine gun", rounds=9)
        + gunner(kit, "Pal", "a2", "pistol", rounds=30),
        kit.soldier("Blue", "c3"),
    )
    with pytest.raises(IllegalActionError, match="needs 10 bullets"):
        enc.apply(parse_action("autofire submachine gun at c3+d4"))
    assert not any(str(a).startswith("autofire") for a in enc.legal_actions())
    with pytest.raises(InputError, match="autofire WEAPON at SQUARE"):
        parse_action("autofire submachine gun at c3")


def test_autofire_notation_and_legal_actions(kit: Any) -> None:
    a = parse_action("autofire submachine gun at d4+c3")
    assert str(a) == "autofire submachine gun at c3+d4"
    enc = fight(
        kit,
        [20, 1, 1],
        gunner(kit, "Red", "a1", "submachine gun", rounds=10),
        kit.soldier("Blue", "c3"),
    )
    # the four areas around Blue's corners: b2+c3, c2+d3, b3+c4, c3+d4
    listed = sorted(str(x) for x in enc.legal_actions() if str(x).startswith("autofire"))
    assert listed == [
        "autofire submachine gun at b2+c3",
        "autofire submachine gun at b3+c4",
        "autofire submachine gun at c2+d3",
        "autofire submachine gun at c3+d4",
    ]
    enc.apply(parse_action("attack blue with submachine gun"))
    with pytest.raises(IllegalActionError):  # the standard action is spent
        enc.apply(parse_action("autofire submachine gun at c3+d4"))


@pytest.mark.parametrize(("bonus", "reflex"), [(7, 3), (3, 3), (-12, 20), (20, -10), (0, 14)])
def test_autofire_odds_are_the_brute_force_odds(bonus: int, reflex: int) -> None:
    # Independently: every pair of d20 faces (the attack, the save), counted by hand
    # rules: the attack hits on a 20 or (not a 1 and face + bonus >= 10); the save
    # succeeds on a 20 or (not a 1 and face + reflex >= 15).
    hits = 0
    for attack in range(1, 21):
        for save in range(1, 21):
            hit = attack == 20 or (attack != 1 and attack + bonus >= 10)
            saved = save == 20 or (save != 1 and save + reflex >= 15)
            hits += hit and not saved
    assert F.p_autofire_hits(bonus, reflex) == Fraction(hits, 400)

    def procedure(dice: Any) -> bool:  # the engine's own rolls, enumerated exactly
        roll = F.autofire_attack(dice, bonus)
        return roll.hit and not F.autofire_save(dice, reflex).saved

    assert enumerate_outcomes(procedure).get(True, Fraction(0)) == F.p_autofire_hits(bonus, reflex)


def test_only_an_automatic_weapon_autofires(kit: Any) -> None:
    # seed 004: "If a ranged weapon has an automatic rate of fire, a character may set it
    # on autofire": a pistol has none, whatever its bullets.
    enc = fight(
        kit,
        [20, 1],
        gunner(kit, "Red", "a1", "pistol", rounds=30, feats=ADVANCED),
        kit.soldier("Blue", "c3"),
    )
    with pytest.raises(IllegalActionError, match="no automatic firearm 'pistol'"):
        enc.apply(parse_action("autofire pistol at c3+d4"))
    assert not any(str(a).startswith("autofire") for a in enc.legal_actions())
