"""Flight: altitude, distance in three dimensions, what climbing and diving cost, who
may hover, falling, and the Reflex save of a flier hurt in the air (pure: no encounter).

Sources:
* SRD types-subtypes-and-special-abilities "Movement Modes: Fly": a fly speed with its
  maneuverability (perfect, good, average, poor, clumsy); dive attacks (a charge of at
  least 30 ft descending at least 10 ft, claws or talons only, double damage);
* SRD monster-feats "Hover" ("Normal: Without this feat, a creature must keep moving
  while flying unless it has perfect maneuverability") and "Flyby Attack";
* SRD conditions "Paralyzed": "A winged creature flying in the air at the time that it
  becomes paralyzed cannot flap its wings and falls";
* seed 001 "Flying": Hover (at least half its speed forward if it cannot hover), Swoop,
  Flyby attacks, Stalling (100 ft a round; a crash deals at most 3d10), Damage while
  flying (Reflex DC 10 or half the damage, whichever is higher; failure stalls it for a
  round), Unconscious while hovering (wings: plummets; magic: drifts down 60 ft a round).

The readings (docs/rules-coverage.md): A145 altitude and 3D distance, A146 climbing and
diving costs, A147 who hovers, A148 falling damage, A149 stalls and descents at once.
"""

from __future__ import annotations

from fractions import Fraction

from d20combat.rules.dice import Dice

FLY_RULE = "SRD types-subtypes-and-special-abilities Movement Modes (Fly)"
HOVER_RULE = "SRD monster-feats Hover; seed 001 Flying (Hover)"
SEED_RULE = "seed 001 Flying"
PARALYZED_RULE = "SRD special-abilities-and-conditions Paralyzed"

MANEUVERABILITY = ("clumsy", "poor", "average", "good", "perfect")
#: The highest altitude a scenario or a climb may reach (a bound, not a rule).
MAX_ALTITUDE_FT = 1000
#: seed 001 "Stalling": a stalling creature descends 100 feet per round.
STALL_FT = 100
#: seed 001 "Unconscious while hovering": a magic flier drifts down 60 feet per round.
DRIFT_FT = 60
#: seed 001 "Stalling": a crash after a stall deals at most 3d10.
CRASH_CAP = Dice.of(3, 10)
#: Falling damage, 1d6 per 10 feet, at most 20d6 (A148: the 3.5 rule the texts assume).
FALL_DIE = 6
FALL_MAX_DICE = 20


def distance_3d(horizontal_ft: int, vertical_gap: int) -> int:
    """Feet between two spaces ``horizontal_ft`` apart on the map (5-10-5) and
    ``vertical_gap`` squares apart in height (0: their heights overlap), counted as
    the map counts diagonals: the longer leg in full, every second square of the
    shorter one 10 ft (A145).

    >>> distance_3d(5, 1), distance_3d(5, 2), distance_3d(0, 4), distance_3d(10, 2)
    (5, 10, 20, 15)
    """
    h = horizontal_ft // 5
    long, short = (h, vertical_gap) if h >= vertical_gap else (vertical_gap, h)
    return 5 * (long + (short >> 1))


def vertical_gap(alt_a: int, height_a: int, alt_b: int, height_b: int) -> int:
    """Squares between two creatures' heights, as the map counts the gap between their
    spaces: 0 if they overlap, 1 if one is just above the other. A creature fills
    ``height`` feet up from its altitude (its space's side: A145)."""
    a0, a1 = alt_a // 5, (alt_a + height_a) // 5
    b0, b1 = alt_b // 5, (alt_b + height_b) // 5
    if b0 >= a1:
        return b0 - a1 + 1
    if a0 >= b1:
        return a0 - b1 + 1
    return 0


def can_hover(maneuverability: str | None, feats: frozenset[str]) -> bool:
    """A flier that may stay in place: perfect maneuverability or the Hover feat (SRD
    monster-feats "Hover", Normal; A147)."""
    return maneuverability == "perfect" or "Hover" in feats


def climb_cost(feet: int, maneuverability: str | None) -> int:
    """Movement spent to rise ``feet``: half speed upward (twice the feet), but perfect
    fliers rise at full speed (A146; SRD monster-feats "Hover": up or down at half
    speed regardless of maneuverability)."""
    return feet if maneuverability == "perfect" else 2 * feet


def dive_cost(feet: int) -> int:
    """Movement spent to descend ``feet``: double speed downward (seed 001 "Swoop": "at
    double speed"; A146), whole squares rounded up."""
    squares = (feet // 5 + 1) // 2
    return 5 * squares


def min_forward_ft(fly_speed: int) -> int:
    """The flight a creature unable to hover must make each turn to stay aloft (seed
    001 "Hover": at least half its speed; SRD "Hover": it must keep moving)."""
    half = fly_speed // 2
    return half - half % 5


def fall_dice(feet: int) -> Dice | None:
    """Falling damage for a fall of ``feet``: 1d6 per full 10 ft, at most 20d6 (A148);
    None for a fall under 10 ft."""
    n = min(feet // 10, FALL_MAX_DICE)
    return Dice.of(n, FALL_DIE) if n else None


def crash_dice(feet: int) -> Dice | None:
    """A stalled flier's crash: the fall's damage, limited to 3d10 (seed 001
    "Stalling"): 3d10 when the fall's dice could deal more (A148)."""
    d = fall_dice(feet)
    if d is None:
        return None
    return CRASH_CAP if d.max > CRASH_CAP.max else d


def stay_aloft_dc(damage: int) -> int:
    """seed 001 "Damage while flying": DC 10 or half the damage dealt, the higher."""
    return max(10, damage // 2)


def p_stay_aloft(reflex: int, damage: int) -> Fraction:
    """The chance the Reflex save to stay aloft succeeds (a natural 20 always succeeds,
    a 1 always fails: SRD combat-i "Saving Throws")."""
    dc = stay_aloft_dc(damage)
    return Fraction(sum(1 for face in range(2, 20) if face + reflex >= dc) + 1, 20)


__all__ = [
    "CRASH_CAP",
    "DRIFT_FT",
    "FLY_RULE",
    "HOVER_RULE",
    "MANEUVERABILITY",
    "MAX_ALTITUDE_FT",
    "PARALYZED_RULE",
    "SEED_RULE",
    "STALL_FT",
    "can_hover",
    "climb_cost",
    "crash_dice",
    "distance_3d",
    "dive_cost",
    "fall_dice",
    "min_forward_ft",
    "p_stay_aloft",
    "stay_aloft_dc",
    "vertical_gap",
]
