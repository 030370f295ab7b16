"""Climbing (SRD combat-i Table: Actions in Combat, "Climb (one-quarter speed)"; SRD
special abilities "Climb"; seed 004 "Move Actions": "climb one-quarter of his or her
speed"). Pure rules: the distance a climb covers and what a Climb check's result does.

* A climb moves a quarter of the creature's speed as a move action; an accelerated climb
  half its speed, the check at -5 (the SRD Climb skill, not in the repository's excerpt:
  A172).
* A creature with a climb speed climbs at that speed, +8 on its Climb checks, and may
  always take 10; an accelerated climb moves double its climb speed (or its land speed,
  whichever is lower), one check at -5 (SRD special abilities "Climb").
* Failing by 4 or less makes no progress; by 5 or more the creature falls (A172).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

ACCELERATED_PENALTY = -5
CLIMB_SPEED_BONUS = 8
FALL_BY = 5


class ClimbResult(StrEnum):
    CLIMBS = "climbs"
    STUCK = "stuck"
    """Failed by 4 or less: no progress."""
    FALLS = "falls"
    """Failed by 5 or more."""


def climb_distance(speed: int, climb_speed: int = 0, *, accelerated: bool = False) -> int:
    """Feet a move action's climb covers (rounded down to 5 ft).

    >>> climb_distance(30), climb_distance(30, accelerated=True)
    (5, 15)
    >>> climb_distance(30, 20), climb_distance(30, 20, accelerated=True)
    (20, 30)
    """
    if climb_speed:
        feet = min(2 * climb_speed, speed) if accelerated else climb_speed
    else:
        feet = speed // (2 if accelerated else 4)
    return feet - feet % 5


def result(total: int, dc: int) -> ClimbResult:
    """What a Climb check of ``total`` against ``dc`` does.

    >>> [result(t, 15).value for t in (15, 11, 10)]
    ['climbs', 'stuck', 'falls']
    """
    if total >= dc:
        return ClimbResult.CLIMBS
    return ClimbResult.FALLS if dc - total >= FALL_BY else ClimbResult.STUCK


def odds(modifier: int, dc: int, *, take_10: bool = False) -> dict[ClimbResult, Fraction]:
    """The exact chance of each result (one d20; taking 10, certain)."""
    out = dict.fromkeys(ClimbResult, Fraction(0))
    if take_10:
        out[result(10 + modifier, dc)] = Fraction(1)
        return out
    for face in range(1, 21):
        out[result(face + modifier, dc)] += Fraction(1, 20)
    return out
