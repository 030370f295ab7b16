"""A damaged ability score changes the statistics derived from it (seed 003 "Ability
Damage"; SRD special abilities "Ability Score Loss"; encounter.maneuvers
``damage_abilities`` and ``refit``). The kit's soldier: Str 16, Dex 12, Con 12, 6d10 hit
dice (40 hp), BAB 6, longsword +9 (1d8+3), chainmail (AC 16), Fort +6, Ref +3."""

from __future__ import annotations

from typing import Any

from d20combat.content.creatures import Ability
from d20combat.encounter.maneuvers import damage_abilities
from d20combat.encounter.state import Encounter

OPEN = """
.......
.......
.......
"""


def soldier(kit: Any) -> Any:
    enc = kit.encounter(OPEN, {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "d2")})
    return enc, enc.get("red")


def test_strength_damage_lowers_attack_and_damage(kit: Any) -> None:
    # Str 16 - 4 = 12: the modifier +3 becomes +1: longsword +7, damage +1
    enc, red = soldier(kit)
    sword = red.stats.options[0]
    assert (sword.bonus.value, sword.damage_bonus.value) == (9, 3)
    damage_abilities(enc, red, Ability.STR, 4)
    sword = red.stats.options[0]
    assert (sword.bonus.value, sword.damage_bonus.value) == (7, 1)
    assert red.stat.abilities[Ability.STR] == 16  # the stat block itself never changes


def test_dexterity_damage_lowers_ac_and_reflex(kit: Any) -> None:
    # Dex 12 - 4 = 8: +1 becomes -1: AC 16 - 2 = 14 (chainmail's +2 cap is not reached),
    # Reflex 3 - 2 = 1
    enc, red = soldier(kit)
    ac, ref = red.stats.ac.value, red.stats.saves["ref"].value
    damage_abilities(enc, red, Ability.DEX, 4)
    assert (red.stats.ac.value, red.stats.saves["ref"].value) == (ac - 2, ref - 2)


def test_constitution_damage_lowers_hit_points_and_fortitude(kit: Any) -> None:
    # Con 12 - 2 = 10: +1 becomes +0: Fort 6 -> 5, and 1 x 6 hit dice off the maximum and
    # the current hit points (A144): 40 -> 34
    enc, red = soldier(kit)
    hp, fort = red.vitals.hp, red.stats.saves["fort"].value
    damage_abilities(enc, red, Ability.CON, 2)
    assert red.stats.saves["fort"].value == fort - 1
    assert (red.vitals.hp, red.vitals.max_hp) == (hp - 6, hp - 6)
    assert red.vitals.ability_damage == (0, 0, 2, 0, 0, 0)


def test_a_save_keeps_the_damaged_statistics(kit: Any) -> None:
    enc, red = soldier(kit)
    damage_abilities(enc, red, Ability.STR, 4)
    again = Encounter.from_json(enc.to_json())
    assert again.get("red").stats.options[0].bonus.value == 7
    assert again.situation() == enc.situation()
