"""Seed 000 Table: Creature Sizes, its height and weight columns, and "as tall as their
space" (seed 000 "Natural Reach")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.content.sizes import Size

# seed 000 Table: Creature Sizes: Max Height (biped's height, quadruped's body length),
# Max. Weight (roughly as dense as a regular animal), Space; "6 in. or less", "1/8 lb.
# or less"; Colossal "64 ft. or more", "250,000 lb. or more", "30 ft. or more"
TABLE = [
    (Size.FINE, Fraction(1, 2), Fraction(1, 8), Fraction(1, 2)),
    (Size.DIMINUTIVE, 1, 1, 1),
    (Size.TINY, 2, 8, Fraction(5, 2)),
    (Size.SMALL, 4, 60, 5),
    (Size.MEDIUM, 8, 500, 5),
    (Size.LARGE, 16, 4000, 10),
    (Size.HUGE, 32, 32000, 15),
    (Size.GARGANTUAN, 64, 250000, 20),
    (Size.COLOSSAL, 64, 250000, 30),
]


@pytest.mark.parametrize(("size", "height", "weight", "space"), TABLE)
def test_height_and_weight_by_size(
    size: Size, height: Fraction, weight: Fraction, space: Fraction
) -> None:
    """Each row's maximum height (ft) and weight (lb), the guidelines of the table."""
    assert size.height_ft == height
    assert size.max_weight_lb == weight
    assert size.space_ft == space


def test_a_creature_is_as_tall_as_its_space_and_reaches_up_space_plus_reach() -> None:
    """seed 000 "Natural Reach": "consider creatures to be as tall as their space,
    meaning that a creature can reach up a distance equal to its space plus its reach"
    (A202): a human (5 ft, reach 5) reaches 10 ft up, with a longspear (10 ft) 15 ft;
    an ogre (Large, tall: 10 + 10) 20 ft; a Huge long creature (15 + 10) 25 ft; a Tiny
    one (2 1/2 ft, reach 0) 2 1/2 ft."""
    assert [s.combat_height_ft for s in Size] == [TABLE[i][3] for i in range(9)]
    assert Size.MEDIUM.reach_up_ft(5) == 10
    assert Size.MEDIUM.reach_up_ft(10) == 15
    assert Size.LARGE.reach_up_ft(Size.LARGE.natural_reach()) == 20
    assert Size.HUGE.reach_up_ft(Size.HUGE.natural_reach(long=True)) == 25
    assert Size.TINY.reach_up_ft(Size.TINY.natural_reach()) == Fraction(5, 2)
