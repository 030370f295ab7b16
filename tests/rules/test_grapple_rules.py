"""The grapple's pure procedures (rules/maneuvers/grapple.py), per ruleset, against the
rules' own numbers and against brute-force enumeration of every die.

Sources: seed 000 "Grapple Checks" (ties: the higher modifier, then a reroll),
"Starting a Grapple" (the hold lost against a target two sizes larger), "Escape from
Grapple" and "Multiple Grapples" (beat every opponent; at most four grapplers, weighted
by size), "Cast a Spell" (Concentration DC 20 + spell level); seed 001 "Grappling"
(ties to the one making the check; Spellcraft DC 20 + twice the spell level), "Falling
down"; seed 004 "Multiple Grapplers" (A17).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.rulesets import ruleset
from d20combat.content.sizes import Size
from d20combat.rules.checks import Ties, opposed_all
from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.maneuvers import grapple as G
from d20combat.rules.modifiers import BonusType, Modifier, stack, total_of
from d20combat.rules.statistics import derive

D20 = range(1, 21)


def total(n: int) -> object:
    return stack([Modifier(n, BonusType.BASE, "check")])


@pytest.mark.parametrize(
    ("name", "ties"),
    [
        ("srd35", Ties.HIGHER_MODIFIER),
        ("d20modern", Ties.HIGHER_MODIFIER),
        ("advanced", Ties.ACTOR),
    ],
)
def test_ties_by_ruleset(name: str, ties: Ties) -> None:
    assert G.ties(ruleset(name)) is ties


@pytest.mark.parametrize(
    ("attacker", "defender", "fails"),
    [
        (Size.MEDIUM, Size.LARGE, False),
        (Size.MEDIUM, Size.HUGE, True),  # two categories larger: lost outright
        (Size.SMALL, Size.LARGE, True),
        (Size.HUGE, Size.MEDIUM, False),
    ],
)
def test_the_hold_fails_against_a_target_two_sizes_larger(
    attacker: Size, defender: Size, fails: bool
) -> None:
    for name in ("srd35", "d20modern", "advanced"):  # D05: two or more, in all three
        assert G.hold_fails(attacker, defender, ruleset(name)) is fails


def test_the_size_weighted_limit_of_grapplers() -> None:
    # seed 000 "Multiple Grapples": up to four; one or more sizes smaller count half,
    # one larger double, two or more larger four.
    rules = ruleset("srd35")
    m, s, t, lg, h = Size.MEDIUM, Size.SMALL, Size.TINY, Size.LARGE, Size.HUGE
    assert [G.weight(x, m) for x in (t, s, m, lg, h)] == [
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(1),
        Fraction(2),
        Fraction(4),
    ]
    assert G.room_for(m, [m, m, m], m, rules) and not G.room_for(m, [m, m, m, m], m, rules)
    assert G.room_for(m, [s] * 7, s, rules)  # eight Small grapplers count four
    assert G.room_for(m, [lg], lg, rules)  # two Large: four
    assert not G.room_for(m, [lg, lg], m, rules)  # and one Medium more: five
    assert not G.room_for(m, [h], s, rules)  # a Huge one counts four already
    assert G.room_for(h, [m] * 7, m, rules)  # Medium on a Huge creature: half each


def test_the_casting_check_in_a_grapple_by_ruleset() -> None:
    # seed 000 "Cast a Spell": Concentration DC 20 + spell level; seed 001: Spellcraft DC
    # 20 + twice the level; seed 004: only the listed options, so no spell.
    assert G.casting_check(ruleset("srd35"), 2) == ("concentration", 22)
    assert G.casting_check(ruleset("advanced"), 2) == ("spellcraft", 24)
    assert G.casting_check(ruleset("d20modern"), 2) is None


def test_falling_off_a_creature() -> None:
    # seed 001 "Falling down": 1d6, +5 per size category above Large if Huge or larger
    assert [str(G.fall_damage(s)) for s in (Size.LARGE, Size.HUGE, Size.COLOSSAL)] == [
        "1d6",
        "1d6+5",
        "1d6+15",
    ]


def test_escape_artist_untrained_and_listed() -> None:
    # SRD skills: Escape Artist may be used untrained (Dex, armor check penalty); a stat
    # block's total otherwise. The goblin (Dex 13: +1; leather armor and a light wooden
    # shield: -1 together) lists Move Silently and others, not Escape Artist.
    goblin = derive(find_creature("goblin"), ruleset("srd35"))
    expected = 1 + goblin.armor_check_penalty
    assert G.escape_artist(goblin).value == expected
    rogue = derive(find_creature("rogue-3"), ruleset("srd35"))
    assert G.dex_skill(rogue, "balance").value == rogue.stat.skills["balance"]


def brute_all(mine: int, theirs: list[int], ties: Ties) -> Fraction:
    """P(the actor's one d20 beats every opponent's own d20), every face counted, ties
    by ``ties`` (an equal-modifier tie rerolled: a fair coin)."""
    won = Fraction(0)
    for faces in product(D20, repeat=1 + len(theirs)):
        p = Fraction(1)
        for face, m in zip(faces[1:], theirs, strict=True):
            a, b = faces[0] + mine, face + m
            if a > b:
                continue
            if a < b:
                p = Fraction(0)
            elif ties is Ties.ACTOR or (ties is Ties.HIGHER_MODIFIER and mine > m):
                continue
            elif ties is Ties.HIGHER_MODIFIER and mine == m:
                p *= Fraction(1, 2)
            else:
                p = Fraction(0)
        won += p
    return won / 20 ** (1 + len(theirs))


@pytest.mark.parametrize(
    ("mine", "theirs", "ties"),
    [
        (9, [9, 12], Ties.HIGHER_MODIFIER),
        (13, [9, 9], Ties.HIGHER_MODIFIER),
        (5, [3], Ties.ACTOR),
        (4, [8, 2], Ties.OPPONENT),
    ],
)
def test_beating_every_opponent_is_the_brute_force_odds(
    mine: int, theirs: list[int], ties: Ties
) -> None:
    # seed 000: "your grapple check result has to beat all their individual check
    # results": one d20 for the escaper, one for each opponent.
    got = enumerate_outcomes(
        lambda d: opposed_all(d, total(mine), [total(t) for t in theirs], ("a", "b"), ties)[0]  # type: ignore[arg-type]
    )
    assert got.get(True, Fraction(0)) == brute_all(mine, theirs, ties)


def test_one_roll_against_several_with_scripted_dice() -> None:
    # the escaper's 20 beats 10 and ties 20 against an equal modifier: rerolled, 15 to 12
    dice = ScriptedDice([20, 10, 20, 15, 12])
    won, mine, theirs = opposed_all(
        dice, total_of(), [total_of(), total_of()], ("escape", "hold"), Ties.HIGHER_MODIFIER
    )
    assert (won, mine, theirs) == (True, 20, [10, 20])


def test_the_start_of_a_grapple_is_the_brute_force_odds() -> None:
    # fighter-4 (unarmed +7) grabs the ogre (touch AC 8): hits on 2-20 (a natural 1
    # misses): 19/20; then +7 against +12 (BAB 3, Str 5, Large 4).
    rules = ruleset("srd35")
    f = derive(find_creature("fighter-4"), rules)
    o = derive(find_creature("ogre"), rules)
    sides = G.grapple_sides(f, o, rules)
    got = enumerate_outcomes(lambda d: G.outcome(G.start(d, sides, rules)))
    hold = brute_all(sides.check.value, [sides.resist.value], Ties.HIGHER_MODIFIER)
    assert sides.touch_ac is not None and sides.touch_ac.value == 8
    assert got["missed"] == Fraction(1, 20)
    assert got["held"] == Fraction(19, 20) * hold
    assert sides.check.value == 7 and sides.resist.value == 12
