"""Seed 000 "Combat Adjustments Underwater", row by row (rules/underwater.py)."""

from __future__ import annotations

import pytest

from d20combat.content.damage import DamageType
from d20combat.rules.dice import Dice
from d20combat.rules.modifiers import stack
from d20combat.rules.statistics import AttackOption
from d20combat.rules.underwater import (
    TABLE,
    Footing,
    grapple_penalty,
    hampered,
    water_range_penalty,
)

B, P, S = DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING


def option(name: str, *types: DamageType, natural: bool = False) -> AttackOption:
    zero = stack([])
    return AttackOption(
        name, False, zero, Dice.parse("1d6"), zero, damage_types=types, natural=natural
    )


SWORD = option("longsword", S)
CLUB = option("club", B)
SPEAR = option("shortspear", P)
MORNINGSTAR = option("morningstar", B, P)
TAIL = option("tail slap", B, natural=True)

# the table, column by column: (slashing or bludgeoning, tail); piercing is never hit
EXPECTED = {
    Footing.FREEDOM: (False, False),
    Footing.SWIM_SPEED: (True, False),
    Footing.SWIM_CHECK: (True, True),
    Footing.FIRM_FOOTING: (True, True),
    Footing.NONE: (True, True),
}


@pytest.mark.parametrize("row", list(Footing))
def test_the_adjustments_table_row_by_row(row: Footing) -> None:
    blunt, tail = EXPECTED[row]
    assert hampered(SWORD, row) is blunt and hampered(CLUB, row) is blunt
    assert hampered(TAIL, row) is tail
    assert not hampered(SPEAR, row) and not hampered(MORNINGSTAR, row)  # A112
    assert TABLE[row].off_balance is (row is Footing.NONE)


def test_movement_column() -> None:
    assert TABLE[Footing.FIRM_FOOTING].movement == (1, 2)
    assert TABLE[Footing.SWIM_CHECK].movement is None  # quarter (move) or half (full round)
    assert all(TABLE[r].movement == (1, 1) for r in (Footing.FREEDOM, Footing.SWIM_SPEED))


def test_grapple_and_range_penalties() -> None:
    # note 1: -2 on grapple checks without freedom of movement or a swim speed
    assert grapple_penalty(Footing.SWIM_SPEED) is None and grapple_penalty(Footing.FREEDOM) is None
    penalty = grapple_penalty(Footing.FIRM_FOOTING)
    assert penalty is not None and penalty.value == -2
    # "-2 penalty on attack rolls for every 5 feet of water they pass through"
    assert water_range_penalty(0) is None
    assert [water_range_penalty(ft).value for ft in (5, 10, 25)] == [-2, -4, -10]  # type: ignore[union-attr]
