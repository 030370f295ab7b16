"""Sneak attack conditions that need the encounter (seed 000 "Sneak Attacks"; SRD
conditions "Ability Damaged").

The kit's soldiers: Str 16, Dex 12, Con 12, Int, Wis and Cha 10. Blue has acted (not
flat-footed) and nobody flanks it: only the condition under test lets the rogue's
+1d6 in.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.fighting import build_attack

OPEN = """
.......
.......
.......
"""


@pytest.mark.parametrize(
    ("ability", "condition"),
    [(0, "helpless"), (1, "paralyzed"), (3, "unconscious"), (5, "unconscious")],
)
def test_an_ability_score_of_zero_allows_a_sneak_attack(
    kit: Any, ability: int, condition: str
) -> None:
    # seed 000: "One of your foe's ability scores has been reduced to 0"; SRD conditions
    # "Ability Damaged": Str 0 helpless, Dex 0 paralyzed, Int/Wis/Cha 0 unconscious.
    sides = {
        "red": kit.soldier("Rogue", "b2", special='"sneak attack +1d6"'),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "g3"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2])
    rogue, blue = enc.combatants["rogue"], enc.combatants["blue"]
    blue.acted = True
    option = rogue.melee_options()[0]
    assert "sneak_attack" not in build_attack(enc, rogue, option, option.bonus, blue)[1]
    scores = [16, 12, 12, 10, 10, 10]
    damage = [0] * 6
    damage[ability] = scores[ability]
    blue.vitals = blue.vitals._replace(ability_damage=tuple(damage))
    enc.space.invalidate(blue)
    assert condition in blue.condition_set() and not enc.active(blue)
    assert build_attack(enc, rogue, option, option.bonus, blue)[1]["sneak_attack"] == "1d6"


def test_constitution_zero_is_death(kit: Any) -> None:
    # "(If it's Constitution, of course, you can forget sneak attacking; he's already
    # dead.)"
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(ability_damage=(0, 0, 12, 0, 0, 0))
    enc.space.invalidate(blue)
    assert "dead" in blue.condition_set() and not blue.can_act(enc.rules)
