"""The shared pieces of the special attacks (rules/maneuvers), per ruleset: size,
stability and Improved feat modifiers, the touch attack, opposed checks.

Sources: seed 000 "Bull Rush", "Trip" (+/-4 per size category from Medium; +4 for more
than two legs or a dwarf's stability); seed 004 "Trip" (the larger +4 per category of
difference: the same contest); seed 001 "Trip" (the advanced grapple size modifier,
+4 for four or more legs); seed 002 (Improved Trip: +4); D18, D01.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import StatBlock
from d20combat.content.rulesets import ruleset
from d20combat.rules.checks import Ties, opposed, p_opposed
from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.maneuvers import touch_attack
from d20combat.rules.maneuvers.trip import resist_check, strength_check, trip_problem
from d20combat.rules.modifiers import BonusType, Modifier, total_of
from d20combat.rules.statistics import derive


def stats(name: str, rules: str = "srd35", **changes: object) -> object:
    block = find_creature(name)
    if changes:
        block = StatBlock.model_validate({**block.model_dump(), **changes})
    return derive(block, ruleset(rules))


@pytest.mark.parametrize(
    ("rules", "large", "small"),
    [("srd35", 4, -4), ("d20modern", 4, -4), ("advanced", 1, -1)],
)
def test_size_modifiers_of_the_trip_check(rules: str, large: int, small: int) -> None:
    # The ogre (Large, Str 21: +5) and the goblin (Small, Str 11: +0): srd35 and
    # d20modern +/-4 per category; advanced the reversed attack modifier (+1 / -1).
    ogre = strength_check(stats("ogre", rules), ruleset(rules))  # type: ignore[arg-type]
    goblin = strength_check(stats("goblin", rules), ruleset(rules))  # type: ignore[arg-type]
    assert ogre.value == 5 + large and goblin.value == 0 + small


@pytest.mark.parametrize(("rules", "bonus"), [("srd35", 4), ("d20modern", 4), ("advanced", 0)])
def test_three_legs_are_stable_in_srd35_not_in_advanced(rules: str, bonus: int) -> None:
    # a three-legged ogre: more than two legs (seed 000) but not four (seed 001)
    r = ruleset(rules)
    plain = resist_check(stats("ogre", rules), r)  # type: ignore[arg-type]
    tripod = resist_check(stats("ogre", rules, legs=3), r)  # type: ignore[arg-type]
    assert tripod.value - plain.value == bonus


def test_four_legs_and_a_dwarf_are_stable_everywhere() -> None:
    for rules in ("srd35", "d20modern", "advanced"):
        wolf = resist_check(stats("wolf", rules), ruleset(rules))  # type: ignore[arg-type]
        # the wolf: Dex 15 (+2) beats Str 13 (+1); Medium; four legs +4
        assert wolf.value == 2 + 4, rules
    dwarf = resist_check(stats("cleric-3"), ruleset())  # type: ignore[arg-type]
    sources = [p.modifier.source for p in dwarf.parts]
    assert "dwarf stability" in sources and not any("legs" in s for s in sources)


def test_improved_trip_adds_4_where_the_ruleset_says() -> None:
    for rules in ("srd35", "d20modern", "advanced"):
        r = ruleset(rules)
        plain = strength_check(stats("fighter-4", rules), r)  # type: ignore[arg-type]
        feat = strength_check(
            stats("fighter-4", rules, feats=["Improved Trip"]),  # type: ignore[arg-type]
            r,
        )
        assert feat.value - plain.value == r.improved_maneuver_bonus == 4


def test_who_may_be_tripped() -> None:
    # seed 000 "Trip": a foe at most one size category larger; seed 001: not the legless
    orc, goblin, ogre = stats("orc"), stats("goblin"), stats("ogre")
    assert trip_problem(orc, ogre) is None  # Medium against Large: one larger
    assert trip_problem(ogre, goblin) is None  # any amount smaller
    why = trip_problem(goblin, ogre)  # type: ignore[arg-type]
    assert why == "Ogre is Large: a trip reaches foes at most one size larger"
    assert trip_problem(ogre, stats("hill-giant")) is None  # both Large
    assert trip_problem(ogre, stats("black-pudding")) == "Black Pudding has no legs to trip"  # type: ignore[arg-type]


def test_a_touch_attack_natural_1_misses_and_20_hits() -> None:
    r = ruleset()
    bonus, ac = (
        total_of(Modifier(30, BonusType.UNTYPED, "huge")),
        total_of(Modifier(10, BonusType.BASE, "ac")),
    )
    assert not touch_attack(ScriptedDice([1]), bonus, ac, "t", r).hit
    low = total_of(Modifier(-30, BonusType.UNTYPED, "tiny"))
    assert touch_attack(ScriptedDice([20]), low, ac, "t", r).hit
    # hits on 2..20 with +30: 19 of 20
    assert enumerate_outcomes(lambda d: touch_attack(d, bonus, ac, "t", r).hit)[True] == Fraction(
        19, 20
    )


@pytest.mark.parametrize("ties", list(Ties))
@pytest.mark.parametrize(("mine", "theirs"), [(0, 0), (3, 1), (1, 3), (12, -5), (-9, 9)])
def test_opposed_checks_exact_by_enumeration_and_closed_form(
    ties: Ties, mine: int, theirs: int
) -> None:
    """Brute force over the 400 pairs of faces, the tie rule applied by hand."""
    a = total_of(Modifier(mine, BonusType.UNTYPED, "a"))
    b = total_of(Modifier(theirs, BonusType.UNTYPED, "b"))
    won = Fraction(0)
    for x in range(1, 21):
        for y in range(1, 21):
            if x + mine != y + theirs:
                won += x + mine > y + theirs
            elif ties is Ties.ACTOR or (ties is Ties.HIGHER_MODIFIER and mine > theirs):
                won += 1
            elif ties is Ties.HIGHER_MODIFIER and mine == theirs:
                won += Fraction(1, 2)
    won /= 400
    assert enumerate_outcomes(lambda d: opposed(d, a, b, ("a", "b"), ties).won).get(True, 0) == won
    assert p_opposed(mine, theirs, ties) == won


def test_a_sampled_tie_of_equal_modifiers_is_rolled_again() -> None:
    # 15 + 0 against 15 + 0: a tie with equal modifiers; the reroll 12 against 3 decides
    even = total_of()
    dice = ScriptedDice([15, 15, 12, 3])
    result = opposed(dice, even, even, ("a", "b"))
    assert result.won and result.actor == 12 and len(dice.rolls) == 4
