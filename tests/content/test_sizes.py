"""The nine size categories (seeds 000, 001, 003)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.content.sizes import Size, can_move_through, shared_square_capacity
from d20combat.errors import ContentError

ROWS = [  # size, attack/AC (003), grapple (000), space ft, tall reach, long reach (000)
    (Size.FINE, 8, -16, Fraction(1, 2), 0, 0),
    (Size.DIMINUTIVE, 4, -12, Fraction(1), 0, 0),
    (Size.TINY, 2, -8, Fraction(5, 2), 0, 0),
    (Size.SMALL, 1, -4, Fraction(5), 5, 5),
    (Size.MEDIUM, 0, 0, Fraction(5), 5, 5),
    (Size.LARGE, -1, 4, Fraction(10), 10, 5),
    (Size.HUGE, -2, 8, Fraction(15), 15, 10),
    (Size.GARGANTUAN, -4, 12, Fraction(20), 20, 15),
    (Size.COLOSSAL, -8, 16, Fraction(30), 30, 20),
]


@pytest.mark.parametrize(("size", "attack", "grapple", "space", "tall", "long"), ROWS)
def test_size_table(
    size: Size, attack: int, grapple: int, space: Fraction, tall: int, long: int
) -> None:
    assert size.attack_modifier == attack
    assert size.grapple_modifier == grapple
    assert size.opposed_modifier == grapple  # +/-4 per category from Medium
    assert size.space_ft == space
    assert size.natural_reach() == tall
    assert size.natural_reach(long=True) == long


def test_advanced_grapple_modifier_reverses_the_attack_modifier() -> None:
    # seed 001: a Small character's grapple bonus is 2 less than its melee attack bonus.
    assert Size.SMALL.reversed_attack_modifier - Size.SMALL.attack_modifier == -2
    assert Size.MEDIUM.reversed_attack_modifier == 0


def test_squares() -> None:
    assert [s.squares for s in Size] == [1, 1, 1, 1, 1, 2, 3, 4, 6]
    assert [s.per_square for s in (Size.FINE, Size.DIMINUTIVE, Size.TINY, Size.SMALL)] == [
        100,
        25,
        4,
        1,
    ]


def test_mixing_it_up_examples() -> None:
    # seed 000: a human can't occupy a cloud giant's square (half a human);
    # two stirges fit with a human; a halfling fits in each bulette square.
    assert shared_square_capacity(Size.MEDIUM, Size.HUGE) == 0
    assert shared_square_capacity(Size.TINY, Size.MEDIUM) == 2
    assert shared_square_capacity(Size.SMALL, Size.HUGE) == 1
    assert shared_square_capacity(Size.MEDIUM, Size.LARGE) == 0


def test_move_through_three_categories_apart() -> None:
    assert can_move_through(Size.SMALL, Size.HUGE)
    assert can_move_through(Size.COLOSSAL, Size.MEDIUM)
    assert not can_move_through(Size.MEDIUM, Size.HUGE)


def test_parse() -> None:
    assert Size.parse("Medium-size") is Size.MEDIUM
    assert Size.parse(" large ") is Size.LARGE
    with pytest.raises(ContentError, match=r"unknown size 'Humongous'.*expected one of Fine"):
        Size.parse("Humongous")
