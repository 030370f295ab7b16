"""The baseline uses a monster's special attacks by expected hit points
(tactics/monsters.py), never by habit: a lion charges to pounce when the full attack
with its rakes beats the charge's single attack; a giant stag beetle tramples when the
damage it expects on the foes it runs over beats the attacks it gives up and the
attacks of opportunity it risks.

The fighters: Str 16, Dex 12, chainmail (AC 16, flat-footed 15), longsword +9 (1d8+3),
Ref +3. The first combatant listed acts first; the others are still flat-footed (no
attacks of opportunity in round 1)."""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.tactics.monsters import pounce_instead, pounce_worth, trample_instead
from d20combat.tactics.policies import policy

OPEN = "\n".join(["............"] * 5)


def test_a_lion_charges_to_pounce(kit: Any) -> None:
    sides = {"beasts": kit.creature("lion", "a1"), "party": kit.fighter("Blue", "j2")}
    enc = kit.encounter(OPEN, sides)
    blue = enc.combatants["blue"]
    full, single = pounce_worth(enc, enc.combatants["lion"], blue)
    # the charge's claw +9 against AC 15 (flat-footed): 15/20 of 7.5, threats on 20
    # confirmed 15/20: 7.5 x (0.75 + 0.05 x 0.75) = 5.9; the pounce adds a claw, the bite
    # +4 (1d8+2) and two rakes +9 (1d4+2)
    assert round(single, 2) == 5.91
    assert full > 3 * single
    chosen = policy("default")(enc, "lion")
    assert isinstance(chosen, A.Charge) and chosen.maneuver == "pounce"
    assert chosen.target == "blue"


def test_no_pounce_without_the_full_round(kit: Any) -> None:
    # a round of one standard action (as a surprise round) charges, but cannot pounce
    sides = {"beasts": kit.creature("lion", "a1"), "party": kit.fighter("Blue", "j2")}
    enc = kit.encounter(OPEN, sides)
    enc.budget.single = True
    assert pounce_instead(enc, enc.combatants["lion"], A.Charge("blue", (5, 0))) is None
    chosen = policy("default")(enc, "lion")
    assert not (isinstance(chosen, A.Charge) and chosen.maneuver == "pounce")


def test_a_beetle_tramples_foes_in_the_open(kit: Any) -> None:
    # Two flat-footed fighters in a row: no attacks of opportunity, each saves on 16-20
    # (Ref +3 against DC 19): 13.5 x (1 - 1/4 x 1/2) = 11.8 expected from each, against
    # nothing to attack from where it stands.
    sides = {
        "beasts": kit.creature("giant stag beetle", "a1"),
        "party": kit.fighter("Blue", "e1") + kit.fighter("Green", "f1"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[20, 1, 2, 5, 13, 5, 10])
    chosen = policy("default")(enc, "giant-stag-beetle")
    assert isinstance(chosen, A.Trample)
    enc.apply(chosen)
    assert [e.outcome.get("trampled") for e in enc.log if e.type == "trample"] == [
        ["blue", "green"]
    ]


def test_a_beetle_next_to_a_foe_bites_instead(kit: Any) -> None:
    # Its bite +10 (4d6+9, 23 on average) against AC 15 hits on 5-20: 15.0 expected plus
    # threats, more than one trample's 11.8: it keeps its full attack.
    sides = {"beasts": kit.creature("giant stag beetle", "a1"), "party": kit.fighter("Blue", "c1")}
    enc = kit.encounter(OPEN, sides)
    chosen = policy("default")(enc, "giant-stag-beetle")
    assert isinstance(chosen, A.Attack) and chosen.target == "blue"


def test_no_trample_when_the_attacks_of_opportunity_could_drop_it(kit: Any) -> None:
    # Blue has acted (round 2): moving off provokes its longsword (+9 against AC 19:
    # 11/20 of 7.5); a beetle with 3 hit points left does not risk it.
    sides = {
        "beasts": kit.creature("giant stag beetle", "a1"),
        "party": kit.fighter("Blue", "c1") + kit.fighter("Green", "h1"),
    }
    enc = kit.encounter(OPEN, sides)
    beetle = enc.combatants["giant-stag-beetle"]
    enc.combatants["blue"].acted = True
    beetle.vitals = beetle.vitals._replace(hp=3)
    assert trample_instead(enc, beetle, 0.0) is None
