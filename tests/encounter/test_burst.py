"""Burst fire and automatic-only firearms in play (seed 004 "Autofire"; the Burst Fire
feat's numbers are reading A187's, the d20 Modern SRD feat's: 5 bullets, -4 on the
attack, +2 dice of damage). A gunner is the conftest soldier (BAB +6, Dex 12: ranged
+7); Blue's chainmail gives AC 16, flat-footed 15 in round 1. The first two rolls are
initiative (Red, then Blue); scripted dice give totals (a damage roll's total).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.errors import IllegalActionError
from d20combat.render.narrate import narrate

FIELD = """
.........
.........
.........
"""
FEATS = "personal firearms proficiency, advanced firearms proficiency"
BURST = FEATS + ", burst fire"


def gunner(kit: Any, at: str, gun: str, rounds: int = 12, feats: str = FEATS) -> str:
    armor = f"chainmail\n  firearm_feats: [{feats}]"
    text: str = kit.soldier("Red", at, weapons=f"{{weapon: {gun}, rounds: {rounds}}}", armor=armor)
    return text


def fight(kit: Any, rolls: list[int], red: str, blue_at: str = "e1") -> Any:
    sides = {"red": red, "blue": kit.soldier("Blue", blue_at)}
    return kit.scripted_encounter(FIELD, sides, rolls, ruleset="d20modern")


def shots(enc: Any) -> list[Any]:
    return [e for e in enc.log if e.type == "burst"]


def test_the_notation_round_trips() -> None:
    a = parse_action("burst submachine gun at blue")
    assert a == A.Burst("submachine gun", "blue") and str(a) == "burst submachine gun at blue"
    with pytest.raises(Exception, match="burst WEAPON at TARGET"):
        parse_action("burst submachine gun blue")


def test_a_burst_with_the_feat(kit: Any) -> None:
    """Burst Fire (A187): -4, so +3; a 12 gives 15 against flat-footed 15: a hit; the
    submachine gun's 1d8 (3) and 2 more d8 as extra dice (4): 7 damage (under Blue's
    massive damage threshold, Con 12). 5 bullets: 12 -> 7."""
    enc = fight(kit, [20, 1, 12, 3, 4], gunner(kit, "a1", "submachine gun", feats=BURST))
    before = enc.combatants["blue"].vitals.hp
    enc.apply(parse_action("burst submachine gun at blue"))
    (shot,) = shots(enc)
    o = shot.outcome
    assert (o["total"], o["result"], o["bullets"], o["burst_fire"], o["wasted"]) == (
        15,
        "hit",
        5,
        True,
        0,
    )
    assert any(
        m.source == "burst fire" and m.value == -4 for m in shot.total("attack bonus").counted()
    )
    assert enc.combatants["blue"].vitals.hp == before - 7
    assert enc.combatants["red"].ammo == {"submachine gun": 7}
    assert "5 bullets, Burst Fire: -4, +2 dice" in " ".join(narrate(shot))
    assert enc.dice.totals == []
    with pytest.raises(IllegalActionError, match="no standard action left"):
        enc.apply(parse_action("attack blue with submachine gun"))  # the standard is spent


def test_without_the_feat_automatic_fire_at_one_target_is_a_plain_attack(kit: Any) -> None:
    """Seed 004: "treated as a standard attack ... only deals normal damage - all the
    extra ammunition the character fired is wasted": +7, an 8 gives 15: a hit for the
    1d8 alone (5); the 10 bullets of automatic fire are spent, 9 wasted."""
    enc = fight(kit, [20, 1, 8, 5], gunner(kit, "a1", "submachine gun"))
    before = enc.combatants["blue"].vitals.hp
    enc.apply(parse_action("burst submachine gun at blue"))
    (shot,) = shots(enc)
    assert (shot.outcome["total"], shot.outcome["bullets"], shot.outcome["wasted"]) == (15, 10, 9)
    assert not shot.outcome["burst_fire"]
    assert enc.combatants["blue"].vitals.hp == before - 5
    assert enc.combatants["red"].ammo == {"submachine gun": 2}
    assert "no Burst Fire: a plain shot, 9 wasted" in " ".join(narrate(shot))


@pytest.mark.parametrize(
    ("gun", "rounds", "feats", "why"),
    [
        ("submachine gun", 4, BURST, "a burst needs 5 bullets in the weapon; submachine gun has 4"),
        (
            "submachine gun",
            9,
            FEATS,
            "automatic fire without Burst Fire needs 10 bullets in the weapon; "
            "submachine gun has 9",
        ),
        ("pistol", 12, BURST, "holds no automatic firearm 'pistol' ready"),
    ],
)
def test_a_burst_needs_bullets_and_an_automatic_weapon(
    kit: Any, gun: str, rounds: int, feats: str, why: str
) -> None:
    enc = fight(kit, [20, 1], gunner(kit, "a1", gun, rounds, feats))
    with pytest.raises(IllegalActionError, match=why):
        enc.apply(parse_action(f"burst {gun} at blue"))


def test_a_machine_gun_fires_no_single_shot(kit: Any) -> None:
    """Seed 004 "Autofire": "Some firearms ... have only an autofire setting and can't
    fire single shots" (the machine gun, ``autofire-only``, A187): a plain attack is
    refused and not listed; a burst (here without the feat: a plain attack, 10
    bullets) and autofire are. The machine gun is a longarm: against the adjacent Blue,
    +7 - 4 = +3; an 12 gives 15: a hit for its 1d10 (6)."""
    enc = fight(kit, [20, 1, 12, 6], gunner(kit, "a1", "machine gun", rounds=30), blue_at="b1")
    with pytest.raises(IllegalActionError, match="only an autofire setting"):
        enc.apply(parse_action("attack blue with machine gun"))
    legal = [str(a) for a in enc.legal_actions()]
    assert "burst machine gun at blue" in legal
    assert not any(s.startswith("attack blue") and "machine gun" in s for s in legal)
    assert any(s.startswith("autofire machine gun at") for s in legal)
    enc.apply(parse_action("burst machine gun at blue"))
    (shot,) = shots(enc)
    assert (shot.outcome["total"], shot.outcome["result"]) == (15, "hit")
    assert enc.combatants["red"].ammo == {"machine gun": 20}
