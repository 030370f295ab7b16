"""The bull rush's and the overrun's procedures (rules/maneuvers/bull_rush.py,
overrun.py) and the charge's multipliers (rules/maneuvers/charge.py), per ruleset.

Sources: seed 000 "Bull Rush" (+/-4 per size category from Medium for each side, +2
charging, +4 for more than two legs or a dwarf's stability, beat the result: a tie
fails; 5 ft, and 5 ft more per 5 points moving with the defender, within the
attacker's movement), "Overrun" (Strength against the better of Strength and
Dexterity, the counter-attempt with size modifiers only, Improved Overrun: no avoiding,
Mounted Overrun (Trample): the mount's Strength and size), "Charge" (the lance, weapons
set against a charge); seed 002 (Improved Bull Rush and Improved Overrun: +4, not on a
trample); seed 004 (the same contest: +4 per category of difference to the larger).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import StatBlock
from d20combat.content.rulesets import ruleset
from d20combat.rules.checks import Ties, opposed, p_beats_by, p_opposed
from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.maneuvers import bull_rush as B
from d20combat.rules.maneuvers import overrun as O
from d20combat.rules.maneuvers.charge import charge_multiplier, set_multiplier
from d20combat.rules.modifiers import BonusType, Modifier, total_of
from d20combat.rules.statistics import Statistics, derive


def stats(name: str, rules: str = "srd35", **changes: object) -> Statistics:
    block = find_creature(name)
    if changes:
        block = StatBlock.model_validate({**block.model_dump(), **changes})
    return derive(block, ruleset(rules))


@pytest.mark.parametrize("rules", ["srd35", "d20modern", "advanced"])
def test_the_bull_rush_check_uses_seed_000s_numbers_everywhere(rules: str) -> None:
    # The ogre: Str 21 (+5), Large (+4); the goblin: Str 11 (+0), Small (-4). Seed 001
    # is silent on the bull rush: advanced takes seed 000's size modifier, not its own
    # grapple size modifier (which its trip uses). Charging: +2 more.
    r = ruleset(rules)
    assert B.strength_check(stats("ogre", rules), r).value == 9
    assert B.strength_check(stats("goblin", rules), r).value == -4
    assert B.strength_check(stats("ogre", rules), r, charging=True).value == 11
    assert B.resist_check(stats("goblin", rules), r).value == -4


@pytest.mark.parametrize("rules", ["srd35", "d20modern", "advanced"])
def test_stability_more_than_two_legs_or_a_dwarf(rules: str) -> None:
    # seed 000 / 004: "more than two legs": three legs are enough in every ruleset here
    # (advanced's four-leg reading is seed 001's trip's); the wolf: Str 13 (+1), four
    # legs (+4); a dwarf's stability against being bull rushed (SRD races).
    r = ruleset(rules)
    plain = B.resist_check(stats("ogre", rules), r).value
    assert B.resist_check(stats("ogre", rules, legs=3), r).value == plain + 4
    assert B.resist_check(stats("wolf", rules), r).value == 1 + 4
    dwarf = B.resist_check(stats("cleric-3", rules), r)
    assert "dwarf stability" in [p.modifier.source for p in dwarf.parts]
    # against an overrun: "more stable than a normal humanoid (such as a dwarf)": the
    # dwarf's stability, worded against being tripped, counts
    overrun = O.resist_check(stats("cleric-3", rules), r)
    assert "dwarf stability" in [p.modifier.source for p in overrun.parts]


def test_improved_feats_add_4_but_not_on_a_trample() -> None:
    r = ruleset()
    fighter = stats("fighter-4")
    assert (
        B.strength_check(stats("fighter-4", feats=["Improved Bull Rush"]), r).value
        == B.strength_check(fighter, r).value + 4
    )
    improved = stats("fighter-4", feats=["Improved Overrun"])
    assert O.strength_check(improved, r).value == O.strength_check(fighter, r).value + 4
    # seed 000 "Mounted Overrun (Trample)": the mount's Str and size: the heavy warhorse,
    # Str 18 (+4), Large (+4): +8; seed 002: Improved Overrun's +4 does not apply
    horse = stats("heavy-warhorse")
    assert O.strength_check(improved, r, mount=horse).value == 8
    assert O.strength_check(improved, r, mount=horse, charging=True).value == 10
    assert O.counter_resist(horse, r).value == 4 + 4  # Str 18 beats Dex 13


def test_the_counter_attempt_has_size_modifiers_only() -> None:
    # "including the size modifiers noted above, but no other modifiers": the wolf's
    # four legs help it resist (+4) but not knock down; Improved Overrun does not help
    # the overrunner resist.
    r = ruleset()
    wolf = stats("wolf")
    assert O.resist_check(wolf, r).value == 2 + 4  # Dex 15 (+2), four legs
    assert O.counter_check(wolf, r).value == 1  # Str 13
    assert O.counter_resist(stats("ogre"), r).value == 5 + 4


def test_who_may_be_bull_rushed_or_overrun() -> None:
    orc, goblin, ogre = stats("orc"), stats("goblin"), stats("ogre")
    assert B.bull_rush_problem(orc, ogre) is None and O.overrun_problem(orc, ogre) is None
    assert B.bull_rush_problem(ogre, goblin) is None
    assert B.bull_rush_problem(goblin, ogre) == (
        "Ogre is Large: a bull rush pushes foes at most one size larger"
    )
    assert O.overrun_problem(goblin, ogre) == (
        "Ogre is Large: an overrun passes foes at most one size larger"
    )


def test_who_may_avoid_an_overrun() -> None:
    assert O.may_avoid(find_creature("fighter-4"))
    improved = StatBlock.model_validate(
        {**find_creature("fighter-4").model_dump(), "feats": ["Improved Overrun"]}
    )
    assert not O.may_avoid(improved)
    assert not O.may_avoid(find_creature("fighter-4"), trample=True)
    hoof = O.trample_hoof(stats("heavy-warhorse"))
    assert hoof is not None and hoof.name == "hoof"
    assert O.trample_hoof(stats("ogre")) is None


def test_the_push() -> None:
    # "5 feet ... an additional 5 feet for each 5 points by which your check result is
    # greater ... You can't, however, exceed your normal movement limit."
    assert [B.push_ft(m, follow=True, limit_ft=30) for m in (1, 4, 5, 9, 10, 19, 40)] == [
        5,
        5,
        10,
        10,
        15,
        20,
        30,
    ]
    assert B.push_ft(12, follow=False, limit_ft=30) == 5
    assert B.push_ft(12, follow=True, limit_ft=0) == 5  # no movement left: 5 ft
    assert B.push_ft(12, follow=True, limit_ft=12) == 10  # whole squares


def test_a_bull_rush_margin_by_enumeration_brute_force_and_closed_form() -> None:
    # d20 + 4 against d20 + 1: every pair of faces counted by hand for each push
    a = total_of(Modifier(4, BonusType.UNTYPED, "a"))
    d = total_of(Modifier(1, BonusType.UNTYPED, "d"))
    sides = B.BullRushSides(a, d)
    exact = enumerate_outcomes(lambda dice: B.outcome(B.bull_rush(dice, sides), limit_ft=20))
    brute: dict[str, Fraction] = {}
    for x in range(1, 21):
        for y in range(1, 21):
            margin = x + 4 - (y + 1)
            key = "failed" if margin <= 0 else f"pushed {min(20, 5 + 5 * (margin // 5))} ft"
            brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 400)
    assert exact == brute
    won = 1 - brute["failed"]
    assert p_beats_by(4, 1, 1) == won == p_opposed(4, 1, Ties.OPPONENT)
    assert p_beats_by(4, 1, 5) == won - brute["pushed 5 ft"]


def test_a_tie_fails_a_bull_rush_and_the_margin_reads_the_totals() -> None:
    even = total_of()
    r = B.bull_rush(ScriptedDice([12, 12]), B.BullRushSides(even, even))
    assert not r.won and r.margin == 0
    r = B.bull_rush(ScriptedDice([19, 7]), B.BullRushSides(even, even))
    assert r.won and r.margin == 12 and B.outcome(r) == "pushed 15 ft"


def test_an_overrun_and_its_counter_by_brute_force() -> None:
    # +3 against +3 (ties: a fair coin, seed 000's "if you win"), then the counter +1
    # against +3: the counter only after a loss
    s = O.OverrunSides(
        *(total_of(Modifier(v, BonusType.UNTYPED, "x")) for v in (3, 3, 1, 3))  # type: ignore[arg-type]
    )
    exact = enumerate_outcomes(lambda dice: O.outcome(O.overrun(dice, s)))
    won = p_opposed(3, 3)
    back = p_opposed(1, 3)
    assert won == Fraction(1, 2)
    assert exact == {
        "knocked down": won,
        "countered": (1 - won) * back,
        "failed": (1 - won) * (1 - back),
    }
    assert opposed(ScriptedDice([10, 10, 4, 9]), s.attack, s.resist, ("a", "b")).won is False


def test_the_charges_multipliers() -> None:
    # seed 000 "Charge": a lance deals double damage in a mounted charge (none on foot);
    # a spear set against a charge deals double damage to the charger.
    knight = stats("fighter-4", weapons=[{"weapon": "lance"}])
    lance = next(o for o in knight.options if o.name == "lance")
    assert charge_multiplier(lance, mounted=True) == 2
    assert charge_multiplier(lance, mounted=False) == 1
    # SRD feats "Spirited Charge": x3 with a lance, x2 with another melee weapon
    assert charge_multiplier(lance, mounted=True, spirited=True) == 3
    assert charge_multiplier(lance, mounted=False, spirited=True) == 1
    sword_option = next(o for o in stats("fighter-4").options if not o.ranged)
    assert charge_multiplier(sword_option, mounted=True) == 1
    assert charge_multiplier(sword_option, mounted=True, spirited=True) == 2
    spearman = stats("fighter-4", weapons=[{"weapon": "spear"}])
    spear = next(o for o in spearman.options if o.name == "spear" and not o.ranged)
    assert set_multiplier(spear, target_charging=True) == 2
    assert set_multiplier(spear, target_charging=False) == 1
    sword = next(o for o in stats("fighter-4").options if not o.ranged)
    assert set_multiplier(sword, target_charging=True) == 1
