"""Swim checks (rules/swim.py): the DC by the water, the result, the exact odds against
a brute-force count, the modifier, and the gear that walks a creature along the bottom
(seed 000 "Underwater Combat" notes 2-4; SRD equipment "Armor Check Penalty")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.sizes import Size
from d20combat.grid.terrain import DEEP_WATER, ROUGH_WATER, STORMY_WATER
from d20combat.rules import swim as S
from d20combat.rules.statistics import derive


def test_the_dc_by_the_water() -> None:
    # A165: calm 10, rough 15, stormy 20 (stormy wins if both are marked)
    assert S.swim_dc(DEEP_WATER) == 10
    assert S.swim_dc(DEEP_WATER | ROUGH_WATER) == 15
    assert S.swim_dc(DEEP_WATER | STORMY_WATER | ROUGH_WATER) == 20


def test_failing_by_5_goes_under() -> None:
    # DC 15: 15 swims, 11 fails by 4 (flails), 10 fails by 5 (goes under, A167)
    assert S.result(15, 15) is S.SwimResult.SWIMS
    assert S.result(11, 15) is S.SwimResult.FLAILS
    assert S.result(10, 15) is S.SwimResult.GOES_UNDER


@pytest.mark.parametrize("modifier", [-12, -5, -2, 0, 1, 3, 8, 20])
@pytest.mark.parametrize("dc", [10, 15, 20])
def test_exact_odds_match_a_count_of_the_faces(modifier: int, dc: int) -> None:
    swims = flails = under = 0
    for face in range(1, 21):  # a skill check: 1 and 20 are not special
        total = face + modifier
        if total >= dc:
            swims += 1
        elif total > dc - 5:
            flails += 1
        else:
            under += 1
    odds = S.odds(modifier, dc)
    assert odds[S.SwimResult.SWIMS] == Fraction(swims, 20) == S.p_swims(modifier, dc)
    assert odds[S.SwimResult.FLAILS] == Fraction(flails, 20)
    assert odds[S.SwimResult.GOES_UNDER] == Fraction(under, 20)


def test_a_wolf_swims_at_plus_1_twelve_times_in_twenty() -> None:
    # SRD wolf: Str 13 (+1), no Swim ranks, no armor: d20 + 1 >= 10 on faces 9..20,
    # 12 faces of 20 (3/5).
    wolf = derive(find_creature("wolf"))
    assert S.modifier(wolf).value == 1
    assert S.p_swims(1, 10) == Fraction(12, 20)


def test_double_armor_check_penalty_untrained() -> None:
    # fighter-4: full plate (armor check penalty -6), Str 17 (+3), no Swim total in its
    # stat block: +3 + 2 x -6 = -9 (SRD equipment "Double the normal armor check
    # penalty is applied to Swim checks").
    fighter = derive(find_creature("fighter-4"))
    assert fighter.armor_check_penalty == -6
    assert S.modifier(fighter).value == -9


def test_gear_to_walk_the_bottom() -> None:
    # note 3: 16 lb for Medium, doubled per size above, halved per size below
    assert [S.bottom_lb(s) for s in (Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE)] == [
        8,
        16,
        32,
        64,
    ]
    wolf = derive(find_creature("wolf"))
    assert S.gear_lb(wolf) == 0 and not S.walks_bottom(wolf)
    # an orc: studded leather 20 lb + falchion 8 lb + a javelin 2 lb = 30 lb >= 16
    orc = derive(find_creature("orc"))
    assert S.gear_lb(orc) == 30 and S.walks_bottom(orc)
