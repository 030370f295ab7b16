"""Repairing objects (seed 004 "Repairing Objects") and objects' saving throws (seed 000
"Saving Throws" for items; seed 004 "Saving Throws" for objects).

Repair: "Repairing damage to an object takes a full hour of work and appropriate tools.
(Without the tools, a character takes a -4 penalty on his or her Repair check.) At the
end of the hour, make a Repair check (DC 20). Success restores 2d6 hit points. If damage
remains, the character may continue to make repairs for as many hours as it takes to
restore all the object's hit points."
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.objects import p_repair_hour, repair


def skill(value: int) -> Total:
    return stack([Modifier(value, BonusType.BASE, f"Repair {value:+d}")])


def test_repairs_go_hour_by_hour_until_nothing_is_missing() -> None:
    """A longsword (5 hp, seed 000's table) is not the point: a door at 2 of 20 hp,
    Repair +5 with tools, 5 hours offered. Hour 1: the check comes to 19 (< 20): nothing.
    Hour 2: 23: 2d6 = 8, 10 hp. Hour 3: 20: 2d6 = 12, but only 10 are missing: 20 hp.
    The work stops there: 3 hours, no more rolls."""
    dice = ScriptedDice([19, 23, 8, 20, 12])
    out = repair(2, 20, 5, skill(5), dice)
    assert (out.hp, out.hours) == (20, 3)
    assert out.notes == (
        "hour 1: Repair 19 vs DC 20: no progress",
        "hour 2: Repair 23 vs DC 20: +8 hit points (2d6: 8)",
        "hour 3: Repair 20 vs DC 20: +10 hit points (2d6: 12)",
    )
    assert dice.totals == []


def test_without_tools_the_check_takes_minus_four() -> None:
    """Repair +5 without tools: +1; a face of 19 makes 20 (success), 18 makes 19."""
    from d20combat.rules.objects import repair_skill

    assert repair_skill(skill(5), tools=False).value == 1
    assert p_repair_hour(5, tools=False) == Fraction(2, 20)  # faces 19, 20
    assert p_repair_hour(5) == Fraction(6, 20)  # faces 15..20


@pytest.mark.parametrize(("modifier", "tools"), [(5, True), (5, False), (0, True), (25, False)])
def test_the_odds_of_an_hours_repair_are_exact(modifier: int, tools: bool) -> None:
    """p_repair_hour against an enumeration of one hour of :func:`repair` (a check: no
    automatic 1 or 20)."""
    dist = enumerate_outcomes(lambda d: repair(1, 100, 1, skill(modifier), d, tools=tools).hp > 1)
    faces = sum(1 for f in range(1, 21) if f + modifier - (0 if tools else 4) >= 20)
    assert p_repair_hour(modifier, tools=tools) == dist.get(True, Fraction(0))
    assert p_repair_hour(modifier, tools=tools) == Fraction(faces, 20)


def test_a_ruined_object_cannot_be_repaired() -> None:
    """At 0 hit points an object is ruined (seed 000 "Hit Points"; reading A210)."""
    with pytest.raises(ValueError, match="ruined"):
        repair(0, 20, 1, skill(5), ScriptedDice([]))
    with pytest.raises(ValueError, match="21 of 20"):
        repair(21, 20, 1, skill(5), ScriptedDice([]))
    with pytest.raises(ValueError, match="-1 hours"):
        repair(5, 20, -1, skill(5), ScriptedDice([]))
    assert repair(20, 20, 8, skill(5), ScriptedDice([])).hours == 0  # nothing to do


def test_repair_is_a_skill_a_creature_may_have() -> None:
    """d20 Modern's Repair (Int): a stat block's total, else the Int modifier untrained
    (A210)."""
    from d20combat.content.bestiary import find_creature
    from d20combat.rules.statistics import derive

    ogre = derive(find_creature("ogre"))  # Int 6: -2
    assert ogre.skill("repair").value == -2


# ---------------------------------------------------------------- objects' saves
def test_which_objects_save_and_with_what() -> None:
    """seed 000 "Saving Throws": a nonmagical, unattended item never saves; attended
    (grasped, touched or worn) it saves as the character (Reflex +3: +3); a magic item
    of caster level 9 has 2 + 9/2 = +6 on each save, and attended by a character of
    Reflex +3 uses its own +6, by one of Reflex +8 the owner's +8. Seed 004 "Saving
    Throws" says the same of objects without magic items."""
    from d20combat.rules.objects import magic_item_save, object_save_bonus

    assert object_save_bonus() is None
    assert object_save_bonus(attended=3) == 3
    assert magic_item_save(9) == 6 and magic_item_save(1) == 2
    assert object_save_bonus(caster_level=9) == 6
    assert object_save_bonus(attended=3, caster_level=9) == 6
    assert object_save_bonus(attended=8, caster_level=9) == 8
    with pytest.raises(ValueError, match="caster level 0"):
        magic_item_save(0)


def test_an_unattended_item_fails_without_a_roll() -> None:
    from d20combat.rules.objects import object_save, p_object_save

    dice = ScriptedDice([])
    assert object_save(dice, None, 1, "Reflex") is False  # no roll asked for
    assert p_object_save(None, 1) == 0


@pytest.mark.parametrize(("bonus", "dc"), [(3, 15), (6, 12), (-2, 25), (30, 10)])
def test_the_odds_of_an_objects_save_are_exact(bonus: int, dc: int) -> None:
    """p_object_save against an enumeration of object_save and a count made here: the
    faces f with f = 20, or f > 1 and f + bonus >= DC (SRD combat-i "Saving Throws")."""
    from d20combat.rules.objects import object_save, p_object_save

    dist = enumerate_outcomes(lambda d: object_save(d, bonus, dc, "save"))
    count = sum(1 for f in range(1, 21) if f == 20 or (f > 1 and f + bonus >= dc))
    assert p_object_save(bonus, dc) == dist.get(True, Fraction(0)) == Fraction(count, 20)


# ---------------------------------------------------------------- animated objects
def test_an_animated_object_has_a_creatures_armor_class() -> None:
    """seed 000 "Attack An Object": "Animated objects count as creatures for AC
    purposes". The bestiary imports the SRD's Animated Objects as constructs (SRD
    monsters-intro-a.html "Animated Object, Medium": AC 14, touch 10, flat-footed 14):
    10 + Dex 10 (+0) + natural armor 4 = 14, not an object's 10 + size - 5 (no Dex) = 5
    (Table: Size and AC of Objects, Medium)."""
    from d20combat.content.bestiary import find_creature
    from d20combat.content.objects import object_ac
    from d20combat.content.sizes import Size
    from d20combat.rules.statistics import derive

    animated = derive(find_creature("medium-animated-object"))
    assert animated.stat.type.value == "construct"
    assert animated.ac.value == 14
    assert animated.armor_class(touch=True).value == 10
    assert object_ac(Size.MEDIUM) == 5
