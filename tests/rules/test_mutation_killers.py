"""Rules pinned against mutants that survived ``make mutate`` (docs/mutation.md): each
test states the rule's own numbers, worked out by hand from the cited source."""

from __future__ import annotations

import random
from typing import Any

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import StatBlock
from d20combat.content.rulesets import ruleset
from d20combat.errors import ContentError, DiceSyntaxError, InputError
from d20combat.grid.terrain import parse_legend
from d20combat.rules.attack import attack_on, resolve_attack
from d20combat.rules.dice import D20, Dice, SampledDice, ScriptedDice, enumerate_outcomes
from d20combat.rules.hitpoints import (
    Effect,
    HpState,
    Vitals,
    state_of,
    take_damage,
    take_nonlethal,
)
from d20combat.rules.modifiers import BonusType, Modifier, stack
from d20combat.rules.statistics import derive

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")


def test_a_hit_for_no_damage_leaves_a_stable_creature_stable() -> None:
    """SRD special-abilities-and-conditions "Damage Reduction": when damage reduction
    "completely negates the damage from an attack, it also negates most special
    effects that accompany the attack"; SRD conditions "Stable": a stable creature "has
    stopped losing hit points". A hit reduced to 0 changes nothing: the creature at -3
    stays stable (not dying again), under every ruleset, and no die is rolled. One
    point of damage does wake the bleeding: -4 and dying."""
    stable = Vitals(hp=-3, max_hp=20, stable=True)
    for rules in (SRD35, MODERN, ADVANCED):
        dice = ScriptedDice([])
        out = take_damage(stable, 0, rules, dice)
        assert out.vitals == stable
        assert state_of(out.vitals, rules) is HpState.STABLE
        assert out.notes == () and out.effects == ()
        hurt = take_damage(stable, 1, rules, ScriptedDice([])).vitals
        assert (hurt.hp, hurt.stable) == (-4, False)
        assert state_of(hurt, rules) is HpState.DYING


# ------------------------------------------------------------------ bonus types


def test_natural_armor_is_parsed_as_the_stat_blocks_write_it() -> None:
    """SRD stat blocks write natural armor as "+5 natural" (monsters intro, "Armor
    Class"); data files may write "natural_armor" or "Natural Armor": all one type."""
    for text in ("natural", "natural armor", "natural_armor", " Natural Armor ", "NATURAL"):
        assert BonusType.parse(text) is BonusType.NATURAL_ARMOR, text
    assert BonusType.parse("untyped") is BonusType.UNTYPED


def test_explain_lists_every_bonus_that_does_not_stack() -> None:
    """seed 000 "Combining Magical Effects" / SRD "Bonus Types": bonuses of one type do
    not stack, the largest counts. Morale +2, +1 and +1 with a dodge +1: 2 + 1 = 3, the
    two lesser morale bonuses listed as not stacking."""
    t = stack(
        [
            Modifier(2, BonusType.MORALE, "bless"),
            Modifier(1, BonusType.MORALE, "song"),
            Modifier(1, BonusType.MORALE, "prayer"),
            Modifier(1, BonusType.DODGE, "dodge"),
        ]
    )
    assert t.value == 3
    assert t.explain() == (
        "3 = +2 morale (bless) +1 dodge (dodge) "
        "[not stacking: +1 morale (song), +1 morale (prayer)]"
    )


# ------------------------------------------------------------------ error reports


def problem(err: InputError) -> tuple[str | None, str | None]:
    p = err.problems[0]
    return p.field, p.expected


def test_errors_say_the_field_and_what_was_expected() -> None:
    """README "Bad input": an error names the field and what was expected."""
    with pytest.raises(InputError) as none_left:
        ScriptedDice([]).roll(D20, "attack roll")
    assert problem(none_left.value) == ("dice", "one more roll")
    assert "no scripted roll left for attack roll" in str(none_left.value)

    def three_d20(d: Any) -> int:
        return d.roll(Dice.parse("3d20"), "three") + 0

    with pytest.raises(DiceSyntaxError) as too_many:
        enumerate_outcomes(three_d20, max_leaves=10)
    assert problem(too_many.value) == ("dice", "a smaller question")

    fighter = derive(find_creature("fighter-4"), SRD35)
    known = ", ".join(o.name for o in fighter.options)
    with pytest.raises(ContentError) as unknown:
        fighter.option("halberd")
    assert problem(unknown.value) == ("attack", f"one of {known}")


# ------------------------------------------------------------------ nonlethal threshold


def test_nonlethal_over_the_threshold_knocks_out_for_1d4_plus_1_rounds() -> None:
    """seed 004 "Nonlethal Damage": nonlethal damage of at least the massive damage
    threshold (the Constitution score, 12 here) calls for a Fort save (DC 15): failed,
    the character falls unconscious for 1d4+1 rounds. Fort +2, roll 10: 12 fails; the
    1d4+1 comes up 4 (a d4 of 3)."""
    v = Vitals(hp=20, max_hp=20)
    dice = ScriptedDice([10, 4])
    out = take_nonlethal(v, 12, MODERN, dice, fort=2, con=12)
    assert out.vitals == v
    assert out.effects == (Effect("unconscious", 4, "nonlethal damage over threshold"),)
    assert [(r.purpose, r.dice) for r in dice.rolls][1] == ("rounds unconscious (1d4+1)", "1d4+1")


# ------------------------------------------------------------------ small contracts


def test_a_roll_is_logged_with_the_documented_keys() -> None:
    """docs/log-format.md: each roll is ``{"die", "faces", "total", "purpose"}``; a
    scripted 2d8+7 of 16 keeps its total and dice."""
    dice = ScriptedDice([16])
    assert dice.roll(Dice.parse("2d8+7"), "damage (greatclub)") == 16
    logged = dice.rolls[0].as_dict()
    assert sorted(logged) == ["die", "faces", "purpose", "total"]
    assert (logged["die"], logged["total"], logged["purpose"]) == (
        "2d8+7",
        16,
        "damage (greatclub)",
    )


def test_too_many_dice_is_reported_with_the_count() -> None:
    """README "Bad input": ``1000000d1000000`` ends with an error naming what is wrong."""
    with pytest.raises(DiceSyntaxError) as err:
        Dice.parse("1000000d6")
    assert "'1000000d6' rolls 1000000 dice" in str(err.value)
    assert err.value.problems[0].field == "dice"
    # dice built without parsing (a critical multiplies them) are held to the same limit
    with pytest.raises(DiceSyntaxError) as built:
        Dice.of(1001, 6)
    assert problem(built.value) == ("dice", "at most 1000 dice")
    assert "'1001d6' rolls 1001 dice" in str(built.value)


def test_no_instant_kill_is_false_not_missing() -> None:
    """An ordinary hit reports ``instant_kill`` False (a bool, as the odds count it): the
    fighter-4's greatsword (+8, 2d6+6) against a goblin (SRD "Goblin": AC 15), roll 12:
    20 hits for 9."""
    fighter = derive(find_creature("fighter-4"), SRD35)
    goblin = derive(find_creature("goblin"), SRD35)
    option = fighter.option("greatsword")
    attack = attack_on(goblin, option, SRD35)
    assert (attack.bonus.value, attack.ac.value) == (8, 15)
    r = resolve_attack(ScriptedDice([12, 9]), attack, SRD35)
    assert (r.hit, r.total, r.damage) == (True, 20, 9)
    assert r.instant_kill is False and r.critical is False


def test_sampled_keep_lowest_and_keep_highest() -> None:
    """seed 001 "disadvantage" (roll twice, keep the lower) is ``2d20kl1``; ``4d6kh3``
    keeps the three highest. Rolled from 60 seeds, the total is the lower (the three
    higher) of the faces rolled, every face logged, kept or dropped."""
    for seed in range(60):
        dice = SampledDice(random.Random(seed))
        low = dice.roll(Dice.parse("2d20kl1"), "disadvantage")
        high = dice.roll(Dice.parse("4d6kh3"), "ability score")
        lows, highs = dice.rolls[0].faces, dice.rolls[1].faces
        assert len(lows) == 2 and low == min(lows)
        assert len(highs) == 4 and high == sum(sorted(highs)[1:])


def test_a_d128_rolls() -> None:
    dice = SampledDice(random.Random(3))
    assert all(1 <= dice.roll(Dice.parse("1d128"), "big die") <= 128 for _ in range(50))


def test_scoped_modifiers_of_one_type_stack() -> None:
    """seed 000 "Bonus Types" / SRD "Combining Magical Effects": enhancement bonuses to
    armor and to a shield are to different things and both count (the ``scope`` of a
    stat block modifier, docs/creature-schema.md). A plain Medium humanoid (AC 10) with
    +2 on its armor's enhancement and +1 on its shield's: AC 13; the same two without
    scopes do not stack: AC 12."""

    def ac(*scopes: str) -> int:
        mods = [
            {"stat": "ac", "value": v, "type": "enhancement", "source": s, "scope": sc}
            for v, s, sc in zip((2, 1), ("+2 chainmail", "+1 shield"), scopes, strict=True)
        ]
        block = StatBlock.model_validate(
            {
                "name": "subject",
                "abilities": dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10),
                "hit_dice": [{"count": 1, "die": 8}],
                "bab": 1,
                "base_saves": {},
                "modifiers": mods,
            }
        )
        return int(derive(block, SRD35).ac.value)

    assert ac("armor", "shield") == 13
    assert ac("", "") == 12


def test_a_bad_legend_value_is_reported_with_its_field() -> None:
    """README "Bad input": a legend entry with an impossible terrain value names the
    field and what was expected."""
    with pytest.raises(InputError) as err:
        parse_legend({"X": -1}, file="arena.yaml")
    p = err.value.problems[0]
    assert (p.message, p.file, p.field) == ("bad terrain value -1", "arena.yaml", "legend.X")
    assert p.expected is not None and p.expected.startswith("a terrain name (")


def _subject(**kw: Any) -> StatBlock:
    data: dict[str, Any] = {
        "name": "subject",
        "abilities": dict.fromkeys(("str", "dex", "con", "int", "wis", "cha"), 10),
        "hit_dice": [{"count": 1, "die": 8}],
        "bab": 1,
        "base_saves": {},
    }
    abilities = kw.pop("abilities", {})
    data["abilities"] = {**data["abilities"], **abilities}
    data.update(kw)
    return StatBlock.model_validate(data)


def test_a_ranged_bonus_stays_off_melee_attacks() -> None:
    """docs/creature-schema.md ``modifiers``: ``stat: ranged`` applies to ranged attacks
    only (SRD races "Halfling": +1 with thrown weapons and slings). BAB +1, Str and Dex
    10: the dagger thrown +2, in melee +1."""
    s = derive(
        _subject(
            weapons=["dagger"],
            modifiers=[{"stat": "ranged", "value": 1, "type": "racial", "source": "halfling"}],
        ),
        SRD35,
    )
    by_name = {o.name: o.bonus.value for o in s.options}
    assert by_name == {"dagger": 1, "dagger (thrown)": 2, "unarmed strike": 1}


def test_no_strength_score_attacks_with_dexterity() -> None:
    """SRD types-subtypes-and-special-abilities "Nonabilities": a creature with no
    Strength score applies its Dexterity modifier to attack instead. Dex 14 (+2), BAB +1:
    +3, the Dex modifier named for why."""
    s = derive(_subject(abilities={"str": None, "dex": 14}, weapons=["dagger"]), SRD35)
    melee = s.option("dagger").bonus
    assert melee.value == 3
    dex = [m for m in melee.counted() if m.type is BonusType.ABILITY]
    assert [(m.value, m.source) for m in dex] == [(2, "Dex 14 (no Strength score)")]
