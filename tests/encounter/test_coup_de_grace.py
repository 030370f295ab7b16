"""The coup de grace, the knockout blow and the aimed shot at helpless foes, step by step
with scripted dice (SRD combat-ii "Helpless Defenders"; seed 002 "Coup de Grace"; seed
004 "Helpless Defenders", "Coup de Grace", "Knockout Blow"; D33).

The kit's soldiers: Str 16, Con 12, BAB +6, longsword 1d8+3 (19-20/x2), chainmail AC
16, Fortitude +5 + 1 = +6, 6d10 hit dice with 39 hit points. Blue is paralyzed (helpless)
for a few rounds; Grey, far off, keeps Blue's side in the fight (a side whose creatures
are all helpless has lost). Scripted dice: initiative first (scenario order), then each
roll in turn: an attack roll's or a save's natural d20, a damage roll's total.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import CoupDeGrace, parse_action
from d20combat.errors import IllegalActionError

OPEN = """
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def apply(enc: Any, *texts: str) -> None:
    for text in texts:
        enc.apply(parse_action(text))


def helpless_blue(kit: Any, rolls: list[int], *, rules: str = "srd35", **kw: Any) -> Any:
    sides = {
        "red": kw.get("red") or kit.soldier("Red", "b2"),
        "blue": (kw.get("blue") or kit.soldier("Blue", "c2")) + kit.soldier("Grey", "g3"),
    }
    enc = kit.scripted_encounter(kw.get("rows", OPEN), sides, rolls, ruleset=rules)
    enc.impose(enc.combatants["blue"], "paralyzed", "blue", 3)
    return enc


def test_a_coup_de_grace_is_a_sure_critical_then_a_fortitude_save_or_death(kit: Any) -> None:
    # The longsword hits and is a critical hit with no roll: 2d8+6 (x2), here 16; Blue
    # (39 hp) lives on 23 hp, then saves against DC 10 + 16 = 26 with Fort +6: a
    # natural 19 makes 25: it dies.
    enc = helpless_blue(kit, [20, 1, 2, 16, 19])
    blue = enc.combatants["blue"]
    assert blue.vitals.hp == 39
    apply(enc, "coup-de-grace blue")
    blow, save = events(enc, "coup-de-grace")
    assert blow.outcome["result"] == "critical" and blow.outcome["natural"] == 0
    assert [r.purpose for r in blow.rolls] == []  # no attack roll, no confirmation
    damage = events(enc, "damage")[0]
    assert damage.outcome["multiplier"] == 2 and damage.outcome["damage"] == 16
    assert [r.dice for r in damage.rolls] == ["2d8+6"]
    assert (save.outcome["dc"], save.outcome["natural"], save.outcome["total"]) == (26, 19, 25)
    assert save.total("fortitude save").value == 6 and save.outcome["result"] == "killed"
    assert blue.vitals.dead and blue.vitals.hp == 23
    assert not enc.budget.standard and not enc.budget.move  # a full-round action


def test_a_natural_twenty_saves_the_victim(kit: Any) -> None:
    enc = helpless_blue(kit, [20, 1, 2, 22, 20])  # 22 damage: DC 32, and a natural 20
    apply(enc, "coup-de-grace blue")
    assert events(enc, "coup-de-grace")[-1].outcome["result"] == "survived"
    blue = enc.combatants["blue"]
    assert not blue.vitals.dead and blue.vitals.hp == 17


def test_a_coup_de_grace_provokes_and_a_rogue_adds_its_sneak_attack(kit: Any) -> None:
    # Guard (Combat Reflexes) threatens the rogue: its attack of opportunity (roll 1)
    # misses; the blow's sneak attack +1d6 (here 4) is not multiplied (SRD "A rogue also
    # gets her extra sneak attack damage ... when delivering a coup de grace").
    enc = helpless_blue(
        kit,
        [20, 1, 3, 2, 1, 12, 4, 15],
        red=kit.soldier("Rogue", "b2", special='"sneak attack +1d6"'),
        blue=kit.soldier("Blue", "c2") + kit.soldier("Guard", "a1", feats="Combat Reflexes"),
    )
    apply(enc, "coup-de-grace blue")
    provoked = events(enc, "provoked")[0]
    assert (provoked.actor, provoked.outcome["reason"]) == ("guard", "coup de grace")
    blow = events(enc, "coup-de-grace")[0]
    assert blow.outcome["sneak_attack"] == "1d6"
    damage = events(enc, "damage")[-1]
    assert [r.dice for r in damage.rolls] == ["2d8+6", "1d6"] and damage.outcome["damage"] == 16
    assert events(enc, "coup-de-grace")[-1].outcome["dc"] == 26


def test_a_foe_down_by_its_hit_points_can_be_finished(kit: Any) -> None:
    # A dying creature (-3 hp) is helpless (SRD conditions "Dying"): 10 damage takes it
    # to -13: dead by damage, no save.
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "g3"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 10])
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(hp=-3)
    enc.space.invalidate(blue)
    assert "coup-de-grace blue" in [str(a) for a in enc.legal_actions()]
    apply(enc, "coup-de-grace blue")
    assert blue.state(enc.rules).value == "dead" and len(events(enc, "coup-de-grace")) == 1


def test_total_concealment_takes_two_full_round_actions(kit: Any) -> None:
    # Blue lies in a dark square (no darkvision): total concealment. The first
    # coup-de-grace finds it (and provokes: nothing threatens here); the next turn's
    # delivers it.
    rows = """
    .......
    ..D....
    .......
    """
    enc = helpless_blue(kit, [20, 1, 2, 10, 20], rows=rows)
    apply(enc, "coup-de-grace blue")
    assert events(enc, "coup-de-grace")[0].outcome["result"] == "found"
    assert [e.kind for e in enc.combatants["red"].effects] == ["found"]
    assert not events(enc, "damage")
    apply(enc, "end", "end")  # Red's turn ends, Blue (paralyzed) passes, Grey ends
    apply(enc, "coup-de-grace blue")
    assert events(enc, "damage")[0].outcome["damage"] == 10
    assert events(enc, "coup-de-grace")[-1].outcome["result"] == "survived"
    assert enc.combatants["red"].effects == []


def test_who_may_be_given_a_coup_de_grace(kit: Any) -> None:
    sides = {
        "red": kit.soldier("Red", "b2", weapons="longsword, sling, longbow"),
        "blue": kit.soldier("Blue", "c2")
        + "  - creature: human-warrior-skeleton\n    at: b3\n"
        + kit.soldier("Far", "g3"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 3])
    skeleton = next(c for c in enc.combatants.values() if "skeleton" in c.id)
    enc.combatants["far"].conditions.clear()
    for cid in ("blue", skeleton.id):
        enc.impose(enc.combatants[cid], "paralyzed", cid, 3)
    enc.impose(enc.combatants["far"], "sleeping", "far", 0)  # helpless, not paralyzed
    with pytest.raises(IllegalActionError, match="immune to critical hits"):
        apply(enc, f"coup-de-grace {skeleton.id}")
    with pytest.raises(IllegalActionError, match="out of reach"):
        apply(enc, "coup-de-grace far")
    enc.combatants["blue"].conditions.clear()
    enc.space.invalidate(enc.combatants["blue"])
    with pytest.raises(IllegalActionError, match="not helpless"):
        apply(enc, "coup-de-grace blue")
    assert parse_action("coup-de-grace blue with longbow") == CoupDeGrace("blue", "longbow")


@pytest.mark.parametrize(("rules", "sling"), [("srd35", False), ("d20modern", True)])
def test_which_ranged_weapons_may_deliver_it(kit: Any, rules: str, sling: bool) -> None:
    # SRD: a bow or crossbow from an adjacent square; seed 004: any ranged weapon from
    # an adjacent square (D33). A ranged weapon must be in hand: Red holds its bow,
    # then its sling.
    enc = helpless_blue(
        kit, [20, 1, 2], rules=rules, red=kit.soldier("Red", "b2", weapons="longbow, sling")
    )
    red = enc.combatants["red"]
    red.wielding = ("longbow",)
    enc.space.invalidate(red)
    enc.check(parse_action("coup-de-grace blue with longbow"))
    red.wielding = ("sling",)
    enc.space.invalidate(red)
    if sling:
        enc.check(parse_action("coup-de-grace blue with sling"))
    else:
        with pytest.raises(IllegalActionError, match="bow or crossbow"):
            enc.check(parse_action("coup-de-grace blue with sling"))


def test_a_ranged_coup_de_grace_needs_the_attacker_adjacent(kit: Any) -> None:
    enc = helpless_blue(
        kit,
        [20, 1, 2],
        red=kit.soldier("Red", "a2", weapons="longbow"),
        blue=kit.soldier("Blue", "c2"),
    )
    with pytest.raises(IllegalActionError, match="adjacent"):
        enc.check(parse_action("coup-de-grace blue with longbow"))


def test_d20modern_knockout_blow(kit: Any) -> None:
    # seed 004 "Knockout Blow": Defense 5 + size (Medium: 5); the longsword deals lethal
    # damage, so -4 to deal nonlethal: +9 - 4 = +5; roll 2 makes 7 and hits, a critical
    # hit with no confirmation: 2d8+6 nonlethal, here 12; the massive damage threshold
    # (Con 12) is reached: Fort DC 15, a natural 3 fails: unconscious 1d4+1 rounds.
    enc = helpless_blue(kit, [20, 1, 2, 2, 12, 3, 4], rules="d20modern")
    apply(enc, "knockout-blow blue")
    blow = events(enc, "knockout-blow")[0]
    assert blow.total("armor class").value == 5 and blow.total("attack bonus").value == 5
    assert blow.outcome["result"] == "critical" and blow.outcome["confirm_total"] is None
    damage = events(enc, "damage")[0]
    assert damage.outcome["nonlethal"] and damage.outcome["multiplier"] == 2
    assert enc.combatants["blue"].has("unconscious")


def test_the_knockout_blow_is_seed_004s_alone(kit: Any) -> None:
    enc = helpless_blue(kit, [20, 1, 2])
    with pytest.raises(IllegalActionError, match="no knockout blow in srd35"):
        enc.check(parse_action("knockout-blow blue"))
    assert "knockout-blow blue" not in [str(a) for a in enc.legal_actions()]


def test_d20modern_aimed_shot_at_a_helpless_foe(kit: Any) -> None:
    # seed 004: a ranged attacker not adjacent takes a full-round action for +5: the
    # longbow's +7 (BAB 6, Dex +1) becomes +12 against Defense 5.
    enc = helpless_blue(
        kit,
        [20, 1, 2, 2, 6],
        rules="d20modern",
        red=kit.soldier("Red", "a2", weapons="longbow"),
        blue=kit.soldier("Blue", "d2"),
    )
    apply(enc, "aim blue")
    shot = events(enc, "aimed shot")[0]
    assert shot.total("attack bonus").value == 12 and shot.total("armor class").value == 5
    assert shot.rule == "seed 004 Helpless Defenders (Regular Attack)"
    assert not enc.budget.standard and not enc.budget.move
    srd = helpless_blue(
        kit,
        [20, 1, 2],
        red=kit.soldier("Red", "a2", weapons="longbow"),
        blue=kit.soldier("Blue", "d2"),
    )
    with pytest.raises(IllegalActionError, match="seed 004 only"):
        srd.check(parse_action("aim blue"))


def test_a_knockout_blow_provokes(kit: Any) -> None:
    # seed 004 "Knockout Blow": "provokes attacks of opportunity from threatening foes"
    # (d20modern lists knockout-blow among its provoking actions). Guard (Combat
    # Reflexes) threatens Red: its attack of opportunity (roll 1) misses; the blow then
    # misses too (roll 1).
    enc = helpless_blue(
        kit,
        [20, 1, 3, 2, 1, 1],
        rules="d20modern",
        blue=kit.soldier("Blue", "c2") + kit.soldier("Guard", "a1", feats="Combat Reflexes"),
    )
    apply(enc, "knockout-blow blue")
    provoked = events(enc, "provoked")[0]
    assert (provoked.actor, provoked.outcome["reason"]) == ("guard", "knockout blow")
    assert events(enc, "knockout-blow")[0].outcome["result"] == "miss"
