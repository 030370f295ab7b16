"""Firearms in play, step by step with scripted dice (seed 004 "Firearms", "Autofire").

A gunner is the conftest soldier (BAB +6, Dex 12: ranged +7) with a firearm of the
bundled catalog (reading A90: pistol 1d8 80 ft, rifle 1d10 120 ft (a longarm),
submachine gun 1d8 80 ft with autofire; 19-20/x2). The first two rolls are initiative
(Red, then Blue). Scripted dice give totals: a d20's face, a damage roll's total. In
round 1 the others have not acted: flat-footed (chainmail AC 16, flat-footed 15).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.errors import ContentError, IllegalActionError, InputError

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
