"""Swim checks for a creature without a swim speed in deep water (seed 000 "Underwater
Combat" table and notes 2-4; the SRD Swim skill as far as the combat rules need it).

Pure rules: where the water is and who is in it is the encounter's business
(:mod:`d20combat.encounter.swimming`).

* The DC by the water (the SRD Swim skill, not in the repository's excerpt, A165): calm
  water 10, rough 15, stormy 20; the map says which (``rough-water``, ``stormy-water``).
* One check a round (A166): success lets the creature move a quarter of its speed as a
  move action or half its speed as a full-round action (seed 000 note 2); failure
  leaves it where it is, flailing: off balance (note 4: it loses its Dexterity bonus to
  AC, opponents +2 on attacks); failing by 5 or more it goes under as well (A167).
* The modifier: the creature's Swim total; untrained (its Strength alone) it also takes
  double its armor check penalty (SRD equipment "Armor Check Penalty": "Double the
  normal armor check penalty is applied to Swim checks"; a published or built total
  already holds it).
* Firm footing on the bottom (note 3): "at least 16 pounds for Medium creatures, twice
  that for each size category larger than Medium, and half that for each size category
  smaller"; the gear counted is its armor, shield and weapons (A168).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from d20combat.content.equipment import armor, weapon
from d20combat.content.sizes import Size
from d20combat.errors import ContentError
from d20combat.grid.terrain import ROUGH_WATER, STORMY_WATER
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import Statistics

SOURCE = "seed 000 'Underwater Combat' note 2 (Swim check)"

CALM_DC = 10
ROUGH_DC = 15
STORMY_DC = 20
UNDER_BY = 5
"""Failing by this much or more, the creature goes under (A167)."""
BOTTOM_LB = 16
"""Gear a Medium creature needs to walk along the bottom (seed 000 note 3)."""


class SwimResult(StrEnum):
    """How a Swim check went."""

    SWIMS = "swims"
    """Succeeded: it may swim this round, not off balance."""
    FLAILS = "flails"
    """Failed by less than 5: no progress, off balance."""
    GOES_UNDER = "goes-under"
    """Failed by 5 or more: off balance and under the surface (A167)."""


def swim_dc(flags: int) -> int:
    """The Swim DC of a square of water with terrain ``flags`` (A165).

    >>> from d20combat.grid.terrain import DEEP_WATER
    >>> swim_dc(DEEP_WATER), swim_dc(DEEP_WATER | ROUGH_WATER), swim_dc(STORMY_WATER)
    (10, 15, 20)
    """
    if flags & STORMY_WATER:
        return STORMY_DC
    return ROUGH_DC if flags & ROUGH_WATER else CALM_DC


def result(total: int, dc: int) -> SwimResult:
    """The outcome of a Swim check of ``total`` against ``dc``.

    >>> [result(t, 15).value for t in (15, 14, 10)]
    ['swims', 'flails', 'goes-under']
    """
    if total >= dc:
        return SwimResult.SWIMS
    return SwimResult.GOES_UNDER if dc - total >= UNDER_BY else SwimResult.FLAILS


def odds(modifier: int, dc: int) -> dict[SwimResult, Fraction]:
    """The exact chance of each result for d20 + ``modifier`` against ``dc`` (a skill
    check: a natural 1 or 20 is not special)."""
    out = dict.fromkeys(SwimResult, Fraction(0))
    for face in range(1, 21):
        out[result(face + modifier, dc)] += Fraction(1, 20)
    return out


def p_swims(modifier: int, dc: int) -> Fraction:
    """The chance the check succeeds: ``(21 - (dc - modifier)) / 20``, clamped.

    >>> p_swims(0, 10), p_swims(-10, 15), p_swims(20, 15)
    (Fraction(11, 20), Fraction(0, 1), Fraction(1, 1))
    """
    need = dc - modifier
    return Fraction(min(20, max(0, 21 - need)), 20)


def modifier(stats: Statistics) -> Total:
    """The creature's Swim check modifier: its Swim total, or untrained its Strength
    modifier plus double its armor check penalty (SRD equipment "Armor Check Penalty")."""
    total = stats.skill("swim")
    if "swim" in stats.stat.skills or not stats.armor_check_penalty:
        return total
    acp = 2 * stats.armor_check_penalty
    return total.plus(Modifier(acp, BonusType.UNTYPED, f"armor check penalty x2 ({acp:+d})"))


def bottom_lb(size: Size) -> Fraction:
    """Gear needed to walk along the bottom (seed 000 note 3).

    >>> bottom_lb(Size.MEDIUM), bottom_lb(Size.LARGE), bottom_lb(Size.SMALL)
    (Fraction(16, 1), Fraction(32, 1), Fraction(8, 1))
    """
    return BOTTOM_LB * Fraction(2) ** (int(size) - int(Size.MEDIUM))


def gear_lb(stats: Statistics) -> Fraction:
    """What its armor, shield and weapons weigh (A168: the stat block lists no other
    gear); items without a listed weight count 0."""
    sb = stats.stat
    total = Fraction(0)
    for ref in (sb.armor, sb.shield):
        if ref is not None:
            total += Fraction(str(armor(ref.armor).weight_lb or 0))
    for w in sb.weapons:
        try:
            lb = weapon(w.weapon).weight_lb or 0
        except ContentError:
            continue
        total += Fraction(str(lb)) * w.quantity
    return total


def walks_bottom(stats: Statistics) -> bool:
    """Whether its gear weighs it down enough to walk along the bottom (firm footing)."""
    return gear_lb(stats) >= bottom_lb(stats.stat.size)
