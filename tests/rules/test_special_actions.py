"""The pure procedures of feint, aid another, the coup de grace, the knockout blow and
the aimed shot (rules/maneuvers), the sure critical of rules/attack.py, skills, and the
sneak attack dice, per ruleset.

Sources: seed 000 "Feint", "Aid Another", "Sneak Attacks"; seed 002 "Feint", "Coup de
Grace", "Conditions that Allow Sneak Attacks"; seed 004 "Aid Another", "Helpless
Defenders", "Coup de Grace", "Knockout Blow"; SRD combat-ii "Helpless Defenders"; SRD
skills chapter (untrained checks); D33, D40, D43, A36.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import Ability, ExtraDamage, StatBlock
from d20combat.content.rulesets import ruleset
from d20combat.rules.attack import attack_on, resolve_attack
from d20combat.rules.checks import Ties, p_opposed
from d20combat.rules.conditions import sneak_attack_extra
from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.maneuvers.aid import Aid, aid_modifier, aid_roll
from d20combat.rules.maneuvers.aimed_shot import aim_bonus, aimed_shot_problem
from d20combat.rules.maneuvers.coup_de_grace import (
    coup_de_grace_problem,
    delivered,
    finishing_save,
    weapon_problem,
)
from d20combat.rules.maneuvers.feint import (
    FeintSides,
    bluff_check,
    feint,
    feint_problem,
    sense_motive_check,
)
from d20combat.rules.maneuvers.knockout import knocking_out, knockout_problem
from d20combat.rules.modifiers import BonusType, Modifier, stack, total_of
from d20combat.rules.statistics import Statistics, derive

D20 = range(1, 21)


def stats(name: str, rules: str = "srd35", **changes: object) -> Statistics:
    block = find_creature(name)
    if changes:
        block = StatBlock.model_validate({**block.model_dump(), **changes})
    return derive(block, ruleset(rules))


# ---------------------------------------------------------------- skills and feint
def test_skills_are_the_stat_blocks_totals_or_the_ability_untrained() -> None:
    # The harpy's published Bluff +11; its Sense Motive is not listed: Wis 12, +1.
    harpy = stats("harpy")
    assert harpy.skill("bluff").value == 11 and harpy.skill("Bluff").value == 11
    assert harpy.skill("sense motive").value == 1
    assert [m.source for m in harpy.skill("sense motive").counted()] == [
        "Wis 12 (Sense Motive untrained)"
    ]
    # a build: the halfling rogue's Bluff is untrained (no ranks): Cha 8, -1
    assert stats("rogue-3").skill("bluff").value == -1


def test_feint_checks_and_who_may_be_feinted() -> None:
    # seed 000 "Feint": Sense Motive + base attack bonus (the ogre: Wis 10, BAB +3);
    # -4 against a non-humanoid (the ogre is a giant), -8 against animal Int (the wolf,
    # Int 2: the -8 alone, A36); none against a humanoid; the mindless cannot be feinted.
    rogue = stats("rogue-3")
    assert sense_motive_check(stats("ogre")).value == 0 + 3
    assert bluff_check(rogue, stats("ogre")).value == -1 - 4
    assert bluff_check(rogue, stats("wolf")).value == -1 - 8
    assert bluff_check(rogue, stats("hobgoblin")).value == -1
    assert bluff_check(rogue, stats("lizardfolk")).value == -1  # a humanoid (reptilian)
    assert bluff_check(rogue, stats("gnoll")).value == -1
    assert feint_problem(rogue, stats("human-commoner-zombie")) is not None
    assert feint_problem(rogue, stats("ogre")) is None


def test_a_tie_fails_the_feint() -> None:
    sides = FeintSides(total_of(), total_of())
    assert not feint(ScriptedDice([12, 12]), sides).won  # the Bluff must exceed
    assert feint(ScriptedDice([13, 12]), sides).won


@pytest.mark.parametrize(("bluff", "sense"), [(0, 0), (5, 0), (-5, 3), (11, 1)])
def test_the_feint_odds_are_every_pair_of_faces(bluff: int, sense: int) -> None:
    sides = FeintSides(
        stack([Modifier(bluff, BonusType.BASE, "b")]), stack([Modifier(sense, BonusType.BASE, "s")])
    )
    won = enumerate_outcomes(lambda d: feint(d, sides).won).get(True, Fraction(0))
    brute = Fraction(sum(1 for a in D20 for b in D20 if a + bluff > b + sense), 400)
    assert won == brute == p_opposed(bluff, sense, Ties.OPPONENT)


# ---------------------------------------------------------------- aid another
def test_the_aid_roll_is_an_attack_roll_against_ac_10() -> None:
    # a natural 1 misses, a natural 20 hits, else d20 + bonus >= 10
    rules = ruleset()
    hit = enumerate_outcomes(lambda d: aid_roll(d, total_of(), rules).hit)
    assert hit[True] == Fraction(11, 20)  # 10-20
    low = stack([Modifier(-15, BonusType.BASE, "weak")])
    assert enumerate_outcomes(lambda d: aid_roll(d, low, rules).hit)[True] == Fraction(1, 20)
    high = stack([Modifier(30, BonusType.BASE, "strong")])
    assert enumerate_outcomes(lambda d: aid_roll(d, high, rules).hit)[True] == Fraction(19, 20)
    assert {a.value for a in Aid} == {"attack", "defense"}


@pytest.mark.parametrize(
    ("rules", "kind"), [("srd35", BonusType.UNTYPED), ("d20modern", BonusType.CIRCUMSTANCE)]
)
def test_aid_bonuses_by_ruleset_stack_across_aiders(rules: str, kind: BonusType) -> None:
    r = ruleset(rules)
    two = stack([aid_modifier(r, "red"), aid_modifier(r, "cyan")])
    assert two.value == 4 and {m.type for m in two.counted()} == {kind}
    assert r.aid_another_until == (
        "friend-next-turn" if rules == "d20modern" else "aider-next-turn"
    )


# ---------------------------------------------------------------- coup de grace
def test_the_coup_de_grace_is_a_sure_critical_whatever_the_dice() -> None:
    # The fighter's greatsword (2d6+6, 19-20/x2) on the ogre, in concealment: no d20
    # is rolled, no miss chance, the damage is 4d6+12 every time: 16 to 36; extra dice
    # (sneak attack 1d6) are not multiplied.
    fighter, ogre, rules = stats("fighter-4"), stats("ogre"), ruleset()
    option = next(o for o in fighter.options if not o.ranged)
    attack = delivered(attack_on(ogre, option, rules, concealment=20))
    dist = enumerate_outcomes(lambda d: resolve_attack(d, attack, rules).rolled)
    assert option.name == "greatsword" and option.damage_bonus.value == 6
    assert sum(dist.values()) == 1 and (min(dist), max(dist)) == (16, 36)
    r = resolve_attack(ScriptedDice([30]), attack, rules)
    assert (r.hit, r.critical, r.multiplier, r.natural) == (True, True, 2, 0)
    sneaky = attack._replace(extra=(ExtraDamage(dice="1d6", source="sneak attack"),))
    r = resolve_attack(ScriptedDice([30, 6]), sneaky, rules)
    assert r.rolled == 36 and [p.amount for p in r.parts] == [30, 6]


def test_the_knockout_blow_rolls_but_a_hit_is_a_critical() -> None:
    # no confirmation roll: a hit on any face is a critical, a miss a miss
    fighter, ogre, rules = (
        stats("fighter-4", "d20modern"),
        stats("ogre", "d20modern"),
        ruleset("d20modern"),
    )
    option = next(o for o in fighter.options if not o.ranged)
    attack = knocking_out(attack_on(ogre, option, rules, nonlethal=True))
    outcomes = enumerate_outcomes(lambda d: resolve_attack(d, attack, rules).outcome)
    assert set(outcomes) == {"critical", "miss"}
    assert attack.bonus.value == option.bonus.value - 4  # a lethal weapon, nonlethal


def test_the_victims_save() -> None:
    fort = stack([Modifier(6, BonusType.BASE, "Fort")])
    assert finishing_save(ScriptedDice([19]), fort, 16) == (26, 19, 25, False)
    assert finishing_save(ScriptedDice([20]), fort, 30).survived  # a natural 20
    assert not finishing_save(
        ScriptedDice([1]), stack([Modifier(40, BonusType.BASE, "F")]), 0
    ).survived
    # exactly: DC 26 with +6 needs 20 on the die (1 in 20)
    survived = enumerate_outcomes(lambda d: finishing_save(d, fort, 16).survived)
    assert survived[True] == Fraction(1, 20)


@pytest.mark.parametrize(
    ("weapon", "rules", "adjacent", "ok"),
    [
        ("longsword", "srd35", False, True),  # melee: reach is the encounter's to check
        ("longbow", "srd35", True, True),
        ("light crossbow", "advanced", True, True),
        ("sling", "srd35", True, False),  # SRD: a bow or crossbow only (D33)
        ("sling", "d20modern", True, True),  # seed 004: any ranged weapon
        ("longbow", "d20modern", False, False),  # ranged: adjacent only
    ],
)
def test_coup_de_grace_weapons(weapon: str, rules: str, adjacent: bool, ok: bool) -> None:
    s = stats("fighter-4", rules, weapons=[{"weapon": weapon}])
    option = next(o for o in s.options if o.name == weapon)
    assert (weapon_problem(option, ruleset(rules), adjacent=adjacent) is None) == ok


def test_no_coup_de_grace_against_a_creature_immune_to_critical_hits() -> None:
    # SRD and seed 004 (not seed 002's reading: D33, A25), in every ruleset
    assert coup_de_grace_problem(stats("human-warrior-skeleton")) is not None
    assert coup_de_grace_problem(stats("ogre")) is None
    for name in ("srd35", "d20modern", "advanced"):
        assert coup_de_grace_problem(stats("gray-ooze", name)) is not None


def test_knockout_and_aimed_shot_are_seed_004s() -> None:
    for rules, allowed in (("srd35", False), ("advanced", False), ("d20modern", True)):
        r = ruleset(rules)
        s = stats("fighter-4", rules, weapons=[{"weapon": "longsword"}, {"weapon": "longbow"}])
        sword = next(o for o in s.options if o.name == "longsword")
        bow = next(o for o in s.options if o.name == "longbow")
        assert (knockout_problem(sword, stats("ogre", rules), r) is None) == allowed
        assert (aimed_shot_problem(bow, r, adjacent=False) is None) == allowed
    r = ruleset("d20modern")
    assert aim_bonus(r).value == 5
    assert aimed_shot_problem(bow, r, adjacent=True) is not None  # then a coup de grace
    assert knockout_problem(bow, stats("ogre", "d20modern"), r) is not None  # melee only
    assert knockout_problem(sword, stats("human-warrior-skeleton", "d20modern"), r) is not None


# ---------------------------------------------------------------- sneak attacks
@pytest.mark.parametrize(
    ("defender", "kw", "dice"),
    [
        (frozenset({"flat-footed"}), {}, "2d6"),
        (frozenset({"flat-footed"}), {"uncanny_dodge": True}, None),
        (frozenset({"feinted"}), {"uncanny_dodge": True}, "2d6"),
        (frozenset(), {"flanked": True}, "2d6"),
        (frozenset(), {"flanked": True, "improved_uncanny_dodge": True}, None),
        (frozenset({"stunned"}), {"crit_immune": True}, None),
        (frozenset({"blinded"}), {"concealed": True}, None),
        (frozenset({"helpless"}), {"ranged": True, "distance": 30}, "2d6"),
        (frozenset({"helpless"}), {"ranged": True, "distance": 35}, None),
        (frozenset({"prone"}), {}, None),
    ],
)
def test_the_sneak_attack_dice(defender: frozenset[str], kw: dict[str, Any], dice: Any) -> None:
    extra = sneak_attack_extra("2d6", defender, **kw)
    assert (extra[0].dice if extra else None) == dice
    assert sneak_attack_extra(None, defender, **kw) == ()


def test_a_lost_dex_bonus_is_lost_even_with_uncanny_dodge() -> None:
    # The stat block's flat-footed AC keeps Dex with uncanny dodge (the barbarian's);
    # a Dexterity bonus lost to something else (blinded, feinted) is lost all the same.
    block = find_creature("fighter-4").model_dump()
    plain = derive(StatBlock.model_validate(block), ruleset())
    dodgy = derive(StatBlock.model_validate({**block, "qualities": ["uncanny dodge"]}), ruleset())
    dex = plain.mod(Ability.DEX)
    assert dodgy.armor_class(flat_footed=True).value == plain.ac.value
    assert dodgy.armor_class(dex_lost=True).value == plain.ac.value - max(0, dex)
    assert plain.armor_class(dex_lost=True).value == plain.armor_class(flat_footed=True).value
