"""Disarm in play, step by step with scripted dice (seed 000 "Disarm", "Grabbing Items";
seed 002 "Disarm"; seed 004 "Disarm", "Ranged Weapons", "Grabbing Objects"; seed 001
"Disarm"; SRD feats "Improved Disarm"; SRD equipment: flail, spiked and locked gauntlets).

The kit's soldiers: Str 16 (+3), Dex 12 (+1), BAB +6, longsword +9 (one-handed: no
effort modifier, Medium: no size modifier), chainmail (AC 16). Unarmed +9, a light
weapon: -4. The first two rolls are initiative (Red, then Blue). Scripted dice give
totals: a d20 attack roll's natural face, an opposed roll's d20 + modifier. In round 1
Blue has not acted: flat-footed, it makes no attack of opportunity unless it has Combat
Reflexes (seed 003).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, SaveFileError

OPEN = ".......\n.......\n......."


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def saved(enc: Any) -> dict[str, Any]:
    """The save of a scripted encounter (its dice replaced by a seeded generator)."""
    from random import Random

    from d20combat.rules.dice import SampledDice

    scripted, enc.dice = enc.dice, SampledDice(Random(1))
    try:
        return enc.to_json()  # type: ignore[no-any-return]
    finally:
        enc.dice = scripted


def duel(kit: Any, rolls: list[int], *, red: str = "", blue: str = "", **kw: Any) -> Any:
    """Red (``red_weapons``) at b2 against Blue (``blue_weapons``) at c2."""
    sides = {
        "red": kit.soldier("Red", "b2", feats=red, weapons=kw.pop("red_weapons", "longsword")),
        "blue": kit.soldier("Blue", "c2", feats=blue, weapons=kw.pop("blue_weapons", "longsword")),
    }
    return kit.scripted_encounter(OPEN, sides, rolls, **kw)


def test_a_disarm_provokes_then_the_opposed_rolls_then_the_weapon_falls(kit: Any) -> None:
    # Blue (Combat Reflexes) takes its attack of opportunity: a natural 1 misses. Red's
    # roll 15 + 9 = 24 beats Blue's 10 + 9 = 19: Blue's longsword falls in its square.
    enc = duel(kit, [20, 1, 1, 24, 19], blue="Combat Reflexes")
    enc.apply(parse_action("disarm blue"))
    assert [e.type for e in enc.log[-4:]] == ["provoked", "aoo", "disarm", "drop"]
    d = events(enc, "disarm")[0]
    assert d.outcome["result"] == "disarmed" and d.outcome["check"] == [24, 19]
    assert d.total("disarm roll").value == 9 and d.total("disarm resist").value == 9
    assert [r.purpose for r in d.rolls] == ["disarm: attack roll", "disarm: resisting attack roll"]
    blue = enc.combatants["blue"]
    assert "longsword" not in blue.wielding and "longsword" in blue.lost
    assert (blue.pos, "longsword") in enc.items
    assert d.rule == "seed 000 Disarm; seed 002 Disarm"


def test_any_damage_from_the_attack_of_opportunity_spoils_the_disarm(kit: Any) -> None:
    # The attack of opportunity hits (15 + 9 = 24 against AC 16) for 6: no roll follows.
    enc = duel(kit, [20, 1, 15, 6], blue="Combat Reflexes")
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.outcome["result"] == "spoiled" and not d.rolls
    assert enc.combatants["blue"].wielding == ("longsword",)
    assert enc.combatants["red"].vitals.hp == enc.combatants["red"].vitals.max_hp - 6


def test_a_failed_disarm_lets_the_defender_disarm_back_once(kit: Any) -> None:
    # Red loses 14 against 19; Blue disarms back, 24 against Red's 21: Red's longsword
    # falls in Red's square. No counter to the counter, and no attack of opportunity
    # for Blue's (flat-footed Blue makes none anyway).
    enc = duel(kit, [20, 1, 14, 19, 24, 21])
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.outcome["result"] == "countered" and d.outcome["counter"] == [24, 21]
    assert [r.purpose for r in d.rolls][2:] == [
        "counter-disarm: attack roll",
        "counter-disarm: resisting attack roll",
    ]
    red = enc.combatants["red"]
    assert red.wielding == () and (red.pos, "longsword") in enc.items
    assert events(enc, "drop")[0].rule == "seed 000 Disarm; seed 002 Disarm (counter-disarm)"


def test_ties_fail_both_ways(kit: Any) -> None:
    # "If you beat the defender": 19 against 19 fails; the counter 19 against 19 fails.
    enc = duel(kit, [20, 1, 19, 19, 19, 19])
    enc.apply(parse_action("disarm blue"))
    assert events(enc, "disarm")[0].outcome["result"] == "failed"
    assert all(c.wielding == ("longsword",) for c in enc.combatants.values())


def test_an_unarmed_disarmer_takes_the_weapon_and_can_fight_with_it(kit: Any) -> None:
    # Red holds nothing: unarmed +9, light -4: +5. 20 + 5 = 25 beats 19: the longsword
    # is in Red's hand (seed 000: "If you attempted the disarm action unarmed, you now
    # have the weapon"). Red can attack with it (+9); the save keeps it all.
    enc = duel(kit, [20, 1, 25, 19], red_weapons="")
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.total("disarm roll").value == 5 and d.outcome["taken"] is True
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert red.wielding == ("longsword",) and red.taken == (("blue", "longsword", "longsword"),)
    assert [o.name for o in red.melee_options()] == ["longsword"]
    assert red.melee_options()[0].bonus.value == 9
    assert blue.wielding == () and "longsword" in blue.lost and not enc.items
    again = Encounter.from_json(saved(enc))
    assert again.combatants["red"].melee_options()[0].name == "longsword"
    assert again.situation() == enc.situation()


def test_the_owner_gets_its_weapon_back_when_the_taker_drops_it(kit: Any) -> None:
    enc = duel(kit, [20, 1, 25, 19], red_weapons="")
    enc.apply(parse_action("disarm blue"))
    enc.apply(parse_action("drop longsword at c1"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("pick-up longsword"))  # Blue: SRD "Pick up an item"
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert blue.wielding == ("longsword",) and "longsword" not in blue.lost
    assert red.taken == () and "longsword" not in red.lost and red.wielding == ()
    Encounter.from_json(saved(enc))  # every invariant holds


def test_a_taker_with_a_weapon_of_that_name_holds_it_by_another(kit: Any) -> None:
    # Red drops its own longsword (a free action) and disarms unarmed: the taken one is
    # "longsword of blue".
    enc = duel(kit, [20, 1, 25, 19])
    enc.apply(parse_action("drop longsword"))
    enc.apply(parse_action("disarm blue"))
    red = enc.combatants["red"]
    assert red.wielding == ("longsword of blue",)
    assert [o.name for o in red.melee_options()] == ["longsword of blue"]
    assert "drop longsword of blue" in {str(a) for a in enc.legal_actions()}


def test_grabbing_an_item_carried_not_held(kit: Any) -> None:
    # seed 000 "Grabbing Items" (seed 002: "treat as disarming a non-weapon"): Blue's
    # dagger at its belt; Blue opposes with its longsword +9, -4 for an item that is not
    # a melee weapon in hand: +5; no counter on a failure. Red is armed: the dagger is
    # cut away and falls.
    carried = "longsword, {weapon: dagger, wield: carried}"
    enc = duel(kit, [20, 1, 20, 15], blue_weapons=carried)
    enc.apply(parse_action("disarm blue dagger"))
    d = events(enc, "disarm")[0]
    assert d.outcome["grab"] is True and d.outcome["result"] == "disarmed"
    assert d.total("disarm resist").value == 5 and d.rule.startswith("seed 000 Grabbing Items")
    blue = enc.combatants["blue"]
    assert (blue.pos, "dagger") in enc.items and blue.wielding == ("longsword",)
    failed = duel(kit, [20, 1, 10, 15], blue_weapons=carried)
    failed.apply(parse_action("disarm blue dagger"))
    d = events(failed, "disarm")[0]
    assert d.outcome["result"] == "failed" and d.outcome["counter"] is None


def test_an_unarmed_grab_takes_the_item(kit: Any) -> None:
    # seed 000 "Grabbing Items": "If you want to have the item in your hand, the disarm
    # must be made as an unarmed attack": unarmed +9, light -4: +5; 20 against 15.
    carried = "longsword, {weapon: dagger, wield: carried}"
    enc = duel(kit, [20, 1, 20, 15], red_weapons="", blue_weapons=carried)
    enc.apply(parse_action("disarm blue dagger"))
    red = enc.combatants["red"]
    assert red.wielding == ("dagger",) and red.taken == (("blue", "dagger", "dagger"),)
    assert not enc.items


def test_how_well_a_carried_item_is_secured(kit: Any) -> None:
    from d20combat.encounter.combatant import Condition

    # poorly secured: +4 to the attacker (seed 000); well secured: only from a pinned
    # wearer, who gets +4 (seed 000, D14); seed 004: the +4 without a pin.
    loose = duel(
        kit,
        [20, 1, 20, 15],
        blue_weapons="longsword, {weapon: dagger, wield: carried, secured: poorly}",
    )
    loose.apply(parse_action("disarm blue dagger"))
    assert events(loose, "disarm")[0].total("disarm roll").value == 9 + 4
    tight = "longsword, {weapon: dagger, wield: carried, secured: well}"
    enc = duel(kit, [20, 1, 20, 15], blue_weapons=tight)
    with pytest.raises(IllegalActionError, match="only from a pinned wearer"):
        enc.apply(parse_action("disarm blue dagger"))
    # seed 002's "while in a grapple" is not srd35's reading (D14): grappling is not enough
    enc.combatants["blue"].conditions["grappling"] = Condition("red", 0)
    with pytest.raises(IllegalActionError, match="only from a pinned wearer"):
        enc.apply(parse_action("disarm blue dagger"))
    enc.combatants["blue"].conditions["pinned"] = Condition("red", 0)
    enc.apply(parse_action("disarm blue dagger"))
    assert events(enc, "disarm")[0].total("disarm resist").value == 9 - 4 + 4
    modern = duel(kit, [20, 1, 20, 15], blue_weapons=tight, ruleset="d20modern")
    modern.apply(parse_action("disarm blue dagger"))
    assert events(modern, "disarm")[0].total("disarm resist").value == 9 + 4  # no -4 in 004


def test_spiked_gauntlets_and_gloves_stay_on(kit: Any) -> None:
    # SRD equipment "Gauntlet, Spiked": "Your opponent cannot use a disarm action to
    # disarm you of spiked gauntlets"; a gauntlet is worn, not held (a reading: A34).
    enc = duel(kit, [20, 1], blue_weapons="spiked gauntlet")
    with pytest.raises(IllegalActionError, match="holds no weapon that can be disarmed"):
        enc.apply(parse_action("disarm blue"))
    with pytest.raises(IllegalActionError, match="cannot be disarmed"):
        enc.apply(parse_action("disarm blue spiked gauntlet"))
    assert not [a for a in enc.legal_actions() if a.verb == "disarm"]


def test_a_locked_gauntlet_holds_the_weapon(kit: Any) -> None:
    enc = duel(kit, [20, 1, 25, 24], blue_weapons="{weapon: longsword, locked: true}")
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.total("disarm resist").value == 9 + 10  # SRD equipment "Gauntlet, Locked"
    assert d.outcome["result"] == "disarmed"


def test_improved_disarm_no_attack_of_opportunity_4_more_and_no_counter(kit: Any) -> None:
    enc = duel(kit, [20, 1, 14, 19], red="Improved Disarm", blue="Combat Reflexes")
    enc.apply(parse_action("disarm blue"))
    assert not events(enc, "provoked")
    d = events(enc, "disarm")[0]
    assert d.total("disarm roll").value == 9 + 4  # seed 002
    assert d.outcome["result"] == "failed" and d.outcome["counter"] is None  # SRD feats


def test_a_disarm_replaces_the_second_attack_of_a_full_attack(kit: Any) -> None:
    # Red attacks (2: a miss), then disarms at its second attack's +4.
    enc = duel(kit, [20, 1, 2, 20, 15])
    enc.apply(parse_action("attack blue"))
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.total("disarm roll").value == 4 and d.outcome["result"] == "disarmed"


def test_advanced_disarms_only_with_a_disarming_weapon(kit: Any) -> None:
    # seed 001 "Disarm": "when you attack with certain weapons (such as a whip or a
    # flail)"; the larger weapon +4 per category, two hands +4; no combatant size. A
    # flail (a Medium weapon) +9 and its +2 (SRD equipment) against Blue's longsword +9.
    enc = duel(kit, [20, 1], ruleset="advanced")
    with pytest.raises(IllegalActionError, match="only a weapon that disarms"):
        enc.apply(parse_action("disarm blue"))
    enc = duel(kit, [20, 1, 15, 12], red_weapons="flail", ruleset="advanced")
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.total("disarm roll").value == 9 + 2 and d.total("disarm resist").value == 9


def test_d20modern_disarms_a_ranged_weapon_by_striking_it(kit: Any) -> None:
    # seed 004 "Ranged Weapons": an attack on the bow in Blue's hand: 10, a Large object
    # -1, Blue's Dex +1 (lost while flat-footed: round 1, A34), +5 in hand, +2 in two
    # hands: 16 now. 7 + 9 = 16 hits: the bow falls; no counter either way.
    enc = duel(kit, [20, 1, 7], blue_weapons="longbow", ruleset="d20modern")
    enc.apply(parse_action("disarm blue longbow"))
    d = events(enc, "disarm")[0]
    assert d.total("armor class").value == 16 and d.outcome["result"] == "disarmed"
    assert d.rule == "seed 004 Disarm (Ranged Weapons)" and d.outcome["counter"] is None
    missed = duel(kit, [20, 1, 6], blue_weapons="longbow", ruleset="d20modern")
    missed.apply(parse_action("disarm blue longbow"))
    assert events(missed, "disarm")[0].outcome["result"] == "missed"
    # srd35: the defender opposes with the bow at -4 (not a melee weapon), no counter
    srd = duel(kit, [20, 1, 10, 20], blue_weapons="longbow")
    srd.apply(parse_action("disarm blue longbow"))
    d = events(srd, "disarm")[0]
    assert d.total("disarm resist").value == 7 - 4 and d.outcome["counter"] is None


def test_d20modern_disarm_rolls_in_play(kit: Any) -> None:
    # seed 004: Red's greatsword (a Large weapon: +4) against Blue's longsword (Medium:
    # +0) held in one hand; the soldiers are both Medium. Red +9 +4 = 13, Blue +9: 22
    # against 18. No light-weapon penalty anywhere in seed 004.
    enc = duel(kit, [20, 1, 22, 18], red_weapons="greatsword", ruleset="d20modern")
    enc.apply(parse_action("disarm blue"))
    d = events(enc, "disarm")[0]
    assert d.total("disarm roll").value == 13 and d.total("disarm resist").value == 9
    assert (
        d.outcome["result"] == "disarmed" and (enc.combatants["blue"].pos, "longsword") in enc.items
    )


def test_what_cannot_be_disarmed(kit: Any) -> None:
    sides = {
        "red": kit.soldier("Red", "b2", weapons="longsword, shortbow"),
        "blue": kit.soldier("Blue", "d2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="out of reach"):
        enc.apply(parse_action("disarm blue"))
    with pytest.raises(IllegalActionError, match="no 'axe' to disarm"):
        enc.apply(parse_action("disarm blue axe"))
    near = duel(kit, [20, 1], red_weapons="shortbow")
    with pytest.raises(IllegalActionError, match="a disarm is a melee attack"):
        near.apply(parse_action("disarm blue with shortbow"))
    wolf = {"red": kit.soldier("Red", "b2"), "blue": "  - creature: wolf\n    at: c2\n"}
    enc = kit.scripted_encounter(OPEN, wolf, [20, 1])
    with pytest.raises(IllegalActionError, match="holds no weapon"):
        enc.apply(parse_action("disarm wolf"))


def test_listed_disarms(kit: Any) -> None:
    enc = duel(kit, [20, 1], blue_weapons="longsword, {weapon: dagger, wield: carried}")
    listed = {str(a) for a in enc.legal_actions() if a.verb == "disarm"}
    assert listed == {
        "disarm blue",
        "disarm blue defensively",
        "disarm blue dagger",
        "disarm blue dagger defensively",
    }


def test_a_save_with_a_forged_taken_weapon_is_refused(kit: Any) -> None:
    enc = duel(kit, [20, 1, 25, 19], red_weapons="")
    enc.apply(parse_action("disarm blue"))
    data = saved(enc)
    data["combatants"][0]["taken"] = [["blue", "greataxe", "greataxe"]]
    with pytest.raises(SaveFileError, match="lost no weapon 'greataxe'"):
        Encounter.from_json(data)
    data["combatants"][0]["taken"] = [["nobody", "longsword", "longsword"]]
    with pytest.raises(SaveFileError, match="no other combatant 'nobody'"):
        Encounter.from_json(data)


def test_seeded_disarms_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded disarms of Red on a flat-footed Blue (round 1: no attack of
    opportunity) land within three standard deviations of ``odds disarm``."""
    from d20combat.content.rulesets import ruleset
    from d20combat.odds import disarm_odds

    scenario = kit.make(
        kit.scenario_text(
            OPEN, {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
        )
    )
    n, disarmed, seed = 400, 0, 0
    for _ in range(n):
        while True:  # the fights where Red acts first: Blue is still flat-footed
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "red":
                break
        enc.apply(parse_action("disarm blue"))
        disarmed += not enc.combatants["blue"].wielding
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    p = float(disarm_odds(red.stats, blue.stats, ruleset()).p_success)
    assert abs(p - 190 / 400) < 1e-9  # +9 against +9, ties failing: 190 of 400
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(disarmed - n * p) <= 3 * sd, (disarmed, n * p, sd)


def test_a_disarm_as_an_attack_of_opportunity(kit: Any) -> None:
    # SRD Table: Actions in Combat (note): a disarm replaces a melee attack, "even as an
    # attack of opportunity" (A189). Blue acts first and walks away from Red; Red
    # (Improved Disarm: no attack back, +4; Combat Reflexes) makes its AoO as a disarm,
    # the encounter's aoo_maneuvers hook choosing: 25 (+13) against Blue's 10 (+9):
    # Blue's longsword falls in c2, and Blue walks on to d2 unarmed.
    enc = duel(kit, [1, 20, 25, 10], red="Improved Disarm, Combat Reflexes")
    enc.aoo_maneuvers["red"] = lambda enc, reactor, provoker: "disarm"
    enc.apply(parse_action("move d2"))
    d = events(enc, "disarm")[0]
    assert (d.actor, d.target, d.outcome["result"]) == ("red", "blue", "disarmed")
    assert d.total("disarm roll").value == 13
    assert not events(enc, "aoo") and "longsword" not in enc.combatants["blue"].wielding
    assert enc.combatants["blue"].pos == (3, 1)
    assert enc.dice.totals == []
