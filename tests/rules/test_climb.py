"""Climbing distances and Climb check results (rules/climb.py; SRD combat-i Table:
Actions in Combat "Climb (one-quarter speed)", accelerated half speed at -5; SRD
special abilities "Climb": a climb speed, +8, take 10; seed 004 "Move Actions")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.rules import climb as C


def test_a_quarter_or_half_of_speed() -> None:
    # 30 ft: a quarter 7.5 -> 5 ft on the grid; accelerated, half: 15 ft (check at -5)
    assert C.climb_distance(30) == 5 and C.climb_distance(30, accelerated=True) == 15
    assert C.climb_distance(40) == 10 and C.climb_distance(20) == 5
    assert C.ACCELERATED_PENALTY == -5


def test_a_climb_speed() -> None:
    # a climb speed of 20 ft: 20 ft; accelerated double (40) but no more than the land
    # speed (30)
    assert C.climb_distance(30, 20) == 20
    assert C.climb_distance(30, 20, accelerated=True) == 30
    assert C.climb_distance(50, 20, accelerated=True) == 40


@pytest.mark.parametrize("modifier", [-6, -1, 0, 4, 8, 25])
@pytest.mark.parametrize("dc", [10, 15, 20, 25])
def test_exact_odds_match_a_count_of_the_faces(modifier: int, dc: int) -> None:
    climbs = stuck = falls = 0
    for face in range(1, 21):
        total = face + modifier
        if total >= dc:
            climbs += 1
        elif dc - total <= 4:
            stuck += 1
        else:
            falls += 1
    odds = C.odds(modifier, dc)
    assert odds[C.ClimbResult.CLIMBS] == Fraction(climbs, 20)
    assert odds[C.ClimbResult.STUCK] == Fraction(stuck, 20)
    assert odds[C.ClimbResult.FALLS] == Fraction(falls, 20)


def test_taking_10_is_certain() -> None:
    # a climb speed's +8 and take 10 against DC 15: 18, always
    assert C.odds(8, 15, take_10=True)[C.ClimbResult.CLIMBS] == 1
    assert C.odds(2, 15, take_10=True)[C.ClimbResult.STUCK] == 1
