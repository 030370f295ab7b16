"""Trip in play, step by step with scripted dice (seed 000 "Trip"; seed 002 "Trip";
seed 004 "Trip"; seed 001 "Trip"; SRD feats "Improved Trip").

The kit's soldiers: Str 16 (+3), Dex 12 (+1), BAB +6, longsword, chainmail (touch AC
11). Unarmed: +9 (BAB 6, Str 3). The first two rolls are initiative (Red, then Blue).
Scripted dice give totals: a d20 attack roll's natural face, a check's d20 + modifier.
In round 1 Blue has not acted: flat-footed, it makes no attack of opportunity unless
it has Combat Reflexes (seed 003).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.encounter.combatant import Condition
from d20combat.errors import IllegalActionError


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def test_an_unarmed_trip_provokes_then_touches_then_opposes(kit: Any) -> None:
    # Blue (Combat Reflexes: it may make attacks of opportunity while flat-footed)
    # takes its attack of opportunity (a natural 1 misses); touch 10 + 9 = 19 vs 10
    # (flat-footed: no Dex) hits; Red's Strength check 15 + 3 = 18 beats Blue's best
    # of Str and Dex, 10 + 3 = 13.
    enc = kit.duel([20, 1, 1, 10, 18, 13], blue="Combat Reflexes")
    enc.apply(parse_action("trip blue"))
    blue = enc.combatants["blue"]
    assert blue.has("prone")
    assert [e.type for e in enc.log[-3:]] == ["provoked", "aoo", "trip"]
    provoked = events(enc, "provoked")[0]
    assert (provoked.actor, provoked.target, provoked.outcome["reason"]) == (
        "blue",
        "red",
        "trip (an unarmed attack)",
    )
    trip = events(enc, "trip")[0]
    assert trip.outcome["result"] == "tripped"
    assert trip.outcome["touch_total"] == 19 and trip.outcome["check"] == [18, 13]
    assert trip.total("touch armor class").value == 10
    assert trip.total("trip check").value == 3 and trip.total("trip resist").value == 3
    assert [r.purpose for r in trip.rolls] == [
        "trip: melee touch attack",
        "trip: Strength check",
        "trip: resisting (Str or Dex)",
    ]


def test_a_lost_trip_lets_the_defender_trip_back(kit: Any) -> None:
    # Red loses 5 + 3 = 8 against 10 + 3 = 13; Blue's counter-trip 15 + 3 = 18 beats
    # Red's 2 + 3 = 5: Red is prone. No counter to the counter.
    enc = kit.duel([20, 1, 10, 8, 13, 18, 5])
    enc.apply(parse_action("trip blue"))
    trip = events(enc, "trip")[0]
    assert trip.outcome["result"] == "countered"
    assert trip.outcome["counter"] == [18, 5]
    assert enc.combatants["red"].has("prone") and not enc.combatants["blue"].has("prone")


def test_a_missed_touch_ends_the_trip(kit: Any) -> None:
    enc = kit.duel([20, 1, 1])  # the touch attack's natural 1 misses
    enc.apply(parse_action("trip blue"))
    assert events(enc, "trip")[0].outcome["result"] == "missed"
    assert not any(c.has("prone") for c in enc.combatants.values())


def test_improved_trip_no_aoo_plus_4_and_a_free_attack(kit: Any) -> None:
    # No attack of opportunity; the check gets +4 (seed 002): 6 + 7 = 13 vs 10 + 3 = 13
    # ties, and Red's higher modifier (+7 against +3) wins; the free attack is the
    # longsword's at +9: 12 + 9 = 21 against Blue's AC 11 (16, flat-footed 15, prone
    # -4 against melee), 1d8+3 for 8.
    enc = kit.duel([20, 1, 10, 13, 13, 12, 8], red="Improved Trip")
    enc.apply(parse_action("trip blue"))
    assert not events(enc, "provoked")
    trip = events(enc, "trip")[0]
    assert trip.total("trip check").value == 7 and trip.outcome["check"] == [13, 13]
    assert trip.outcome["result"] == "tripped"
    attack = events(enc, "attack")[0]
    assert attack.outcome["weapon"] == "longsword" and attack.outcome["total"] == 21
    assert attack.total("armor class").value == 11
    assert events(enc, "damage")[0].outcome["damage"] == 8


def test_a_trip_replaces_the_second_attack_of_a_full_attack(kit: Any) -> None:
    # Red swings (+9: 2 misses AC 16), then trips as its second attack at +4: the
    # touch attack 7 + 4 = 11 hits flat-footed Blue's touch AC 10; 18 against 13 trips.
    enc = kit.duel([20, 1, 2, 7, 18, 13])
    enc.apply(parse_action("attack blue"))
    enc.apply(parse_action("trip blue"))
    trip = events(enc, "trip")[0]
    assert trip.total("touch attack bonus").value == 4
    assert trip.outcome["touch_total"] == 11 and trip.outcome["result"] == "tripped"
    with pytest.raises(IllegalActionError):
        enc.apply(parse_action("trip blue"))  # no attack left, and Blue is prone


def test_who_may_be_tripped(kit: Any) -> None:
    enc = kit.duel([20, 1])
    listed = [str(a) for a in enc.legal_actions()]
    assert "trip blue" in listed and "trip blue defensively" in listed
    enc.combatants["blue"].conditions["prone"] = Condition("blue", 0)
    with pytest.raises(IllegalActionError, match="already prone"):
        enc.apply(A.Trip("blue"))
    with pytest.raises(IllegalActionError, match="no ready tripping weapon"):
        enc.apply(parse_action("trip blue with longsword"))


def test_no_touch_attack_in_advanced_but_the_counter_trip(kit: Any) -> None:
    # seed 001 "Trip": the opposed roll is the whole trip (no touch attack); the
    # counter-trip falls back on srd35 (D18). Red loses 8 against 13; Blue's counter
    # 9 against Red's 12 fails.
    enc = kit.duel([20, 1, 8, 13, 9, 12], ruleset="advanced")
    enc.apply(parse_action("trip blue"))
    trip = events(enc, "trip")[0]
    assert trip.outcome["result"] == "failed" and trip.outcome["touch_total"] is None
    assert trip.outcome["counter"] == [9, 12]
    assert [r.purpose for r in trip.rolls] == [
        "trip: Strength check",
        "trip: resisting (Str or Dex)",
        "counter-trip: Strength check",
        "counter-trip: resisting (Str or Dex)",
    ]


def test_a_tripping_weapon_provokes_nothing_and_may_be_let_go(kit: Any) -> None:
    # seed 000 "Tripping with a Weapon": a heavy flail (a trip weapon, two-handed: +9
    # with Str 16 at BAB 6) makes the touch attack, provokes no attack of opportunity
    # even from Blue with Combat Reflexes; tripped back, Red lets go of the flail and
    # stays up: it lies in Red's square.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="heavy flail"),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(".......\n.......\n.......", sides, [20, 1, 10, 8, 13, 18, 5])
    enc.apply(parse_action("trip blue with heavy flail drop-if-tripped"))
    assert not events(enc, "provoked")
    trip = events(enc, "trip")[0]
    assert trip.outcome["weapon"] == "heavy flail" and trip.outcome["result"] == "let go"
    red = enc.combatants["red"]
    assert not red.has("prone") and "heavy flail" not in red.wielding
    assert (red.pos, "heavy flail") in enc.items
    assert events(enc, "drop")[0].rule == "seed 000 Trip (Tripping with a Weapon)"


def test_seeded_trips_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded trips of Red on a flat-footed Blue (round 1: no attack of opportunity)
    land within three standard deviations of ``odds`` (the same procedure, enumerated)."""
    from d20combat.content.rulesets import ruleset
    from d20combat.odds import trip_odds

    scenario = kit.make(
        kit.scenario_text(
            ".......\n.......\n.......",
            {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")},
        )
    )
    from d20combat.encounter.state import Encounter

    n, tripped, seed = 400, 0, 0
    for _ in range(n):
        while True:  # the fights where Red acts first: Blue is still flat-footed
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "red":
                break
        enc.apply(A.Trip("blue"))
        tripped += enc.combatants["blue"].has("prone")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    p = float(trip_odds(red.stats, blue.stats, ruleset(), flat_footed=True).p_success)
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(tripped - n * p) <= 3 * sd, (tripped, n * p, sd)


def test_a_trip_as_an_attack_of_opportunity(kit: Any) -> None:
    # SRD Table: Actions in Combat (note): a trip replaces a melee attack, "even as an
    # attack of opportunity". Blue acts first and leaves c2; Red (Combat Reflexes, so it
    # reacts while flat-footed; Improved Trip) makes its AoO as a trip, the encounter's
    # aoo_maneuvers hook choosing: no AoO back (Improved Trip), the unarmed touch attack
    # 10 + 9 = 19 against Blue's touch AC 11, the checks 13 + 7 (Str 3, +4) against
    # 13 + 3: tripped; Improved Trip's free attack with the longsword, 12 + 9 = 21 against
    # AC 12 (prone: -4 against melee), 1d8+3 for 8.
    enc = kit.duel([1, 20, 10, 13, 13, 12, 8], red="Improved Trip, Combat Reflexes")
    enc.aoo_maneuvers["red"] = lambda enc, reactor, provoker: "trip"
    enc.apply(A.Move(((3, 1),)))
    trip = events(enc, "trip")[0]
    assert (trip.actor, trip.target, trip.outcome["result"]) == ("red", "blue", "tripped")
    assert trip.outcome["touch_total"] == 19 and trip.outcome["check"] == [13, 13]
    assert (trip.total("trip check").value, trip.total("trip resist").value) == (7, 3)
    assert not [e for e in events(enc, "provoked") if e.actor == "blue"]
    free = events(enc, "attack")[0]
    assert (free.outcome["total"], free.total("armor class").value) == (21, 12)
    assert enc.combatants["blue"].has("prone")
    assert enc.dice.totals == []


def test_an_aoo_trip_that_cannot_be_made_is_a_blow(kit: Any) -> None:
    # A prone creature cannot be tripped: Blue, prone, stands up (provoking); the hook's
    # trip falls back to the AoO's blow (longsword +9: 12 + 9 = 21, 1d8+3 for 8).
    enc = kit.duel([1, 20, 12, 8], red="Combat Reflexes")
    enc.aoo_maneuvers["red"] = lambda enc, reactor, provoker: "trip"
    enc.combatants["blue"].conditions["prone"] = Condition("blue", 0)
    enc.apply(parse_action("stand"))
    assert not events(enc, "trip")
    (aoo,) = events(enc, "aoo")
    assert aoo.outcome["total"] == 21
