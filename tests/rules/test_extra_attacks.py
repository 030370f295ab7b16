"""Extra attacks: natural attacks primary or secondary, the monk's flurry of blows (SRD
character-classes-i "Flurry of Blows"; seed 001 "Flurry of blows") and the routines
they give under each ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.builds import Build, build_creature
from d20combat.content.classes import class_def
from d20combat.content.rulesets import ruleset
from d20combat.rules.statistics import Statistics, derive

SRD35 = ruleset("srd35")
ADVANCED = ruleset("advanced")
ELITE = {"str": 15, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 8}


def monk(level: int, rules: Any = SRD35, **fields: Any) -> Statistics:
    build = Build.model_validate(
        {"name": "monk", "classes": f"monk {level}", "abilities": ELITE, **fields}
    )
    return derive(build_creature(build), rules)


def test_advanced_natural_attacks_are_primary_or_secondary_without_iteratives() -> None:
    """Seed 001 "Natural attacks": the stat block says which natural attacks are
    primary (the owlbear's claws) and which secondary (its bite, -5); "A creature
    attacking with multiple natural attacks can not also use extra attacks from a high
    BAB": the dire bear (BAB +9, which gives a weapon user +9/+4 in advanced) makes
    claw, claw, bite and nothing more."""
    owl = derive(find_creature("owlbear"), ADVANCED)
    assert owl.routine("natural").bonuses == (9, 9, 4)  # the bite: +9 - 5
    assert not owl.option("bite").primary and owl.option("claw").primary
    # SRD "Dire Bear" (BAB +9): 2 claws +19 and bite +13: no secondary attack from BAB
    bear = derive(find_creature("dire-bear"), ADVANCED)
    assert bear.stat.bab == 9 and len(bear.routines) == 1
    assert bear.routine("natural").bonuses == (19, 19, 13)


@pytest.mark.parametrize("level", range(1, 21))
def test_srd_flurry_matches_the_monk_table(level: int) -> None:
    """SRD Table: The Monk, "Flurry of Blows Attack Bonus" column (the base attack
    bonuses a flurry gives: -2/-2 at 1st, +5/+5/+0 at 8th, +8/+8/+8/+3 at 11th,
    +15/+15/+15/+10/+5 at 20th): one extra attack at the highest bonus, -2 on every
    attack (-1 from 5th, 0 from 9th), a second extra attack from 11th."""
    s = monk(level)
    unarmed = s.option("unarmed strike")
    above_bab = unarmed.bonus.value - s.bab  # Str +2 (ELITE Str 15), Weapon Focus etc.
    table = class_def("monk").current("flurry of blows", level)
    assert table is not None
    expected = tuple(int(b) for b in str(table).split()[-1].split("/"))
    flurry = s.routine("flurry of blows")
    assert tuple(b - above_bab for b in flurry.bonuses) == expected
    assert all(o is unarmed for o, _ in flurry.attacks)  # unarmed strikes only


def test_srd_flurry_penalty_is_named() -> None:
    """A 1st-level monk (BAB +0, Str 15: +2): a flurry is +0/+0, each attack carrying
    the -2 "flurry of blows" modifier; the plain unarmed strike stays +2."""
    s = monk(1)
    assert s.option("unarmed strike").bonus.value == 2
    flurry = s.routine("flurry of blows")
    assert flurry.bonuses == (0, 0)
    for _, total in flurry.attacks:
        assert [(m.value, m.source) for m in total.counted() if m.source == "flurry of blows"] == [
            (-2, "flurry of blows")
        ]


def test_advanced_flurry_is_one_more_primary_attack() -> None:
    """Seed 001 "Flurry of blows": "an additional primary attack each round, which can
    only be used to make an unarmed strike": no penalty, and a BAB +6 monk (8th level,
    Str 15: unarmed +8) attacks +8/+8/+3 (its secondary attack at -5, seed 001 "Base
    Attack Bonus"), one attack more than its unarmed routine +8/+3."""
    s = monk(8, ADVANCED)
    assert s.routine("unarmed strike").bonuses == (8, 3)
    assert s.routine("flurry of blows").bonuses == (8, 8, 3)
    assert monk(1, ADVANCED).routine("flurry of blows").bonuses == (2, 2)


@pytest.mark.parametrize("gear", [{"armor": "leather"}, {"shield": "light wooden shield"}])
def test_no_flurry_in_armor(gear: dict[str, str]) -> None:
    """SRD "Flurry of Blows": "When unarmored" (reading A185: a shield too, as the
    monk's AC bonus)."""
    s = monk(3, **gear)
    assert all(r.name != "flurry of blows" for r in s.routines)
