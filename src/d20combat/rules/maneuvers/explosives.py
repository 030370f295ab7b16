"""Thrown explosives (seed 004 "Grenades and Explosives", "Thrown Explosives").

"An attack with a thrown explosive is a ranged attack made against a specific 5-foot
square. ... If the square is within one range increment, you do not need to make an
attack roll. Roll 1d4 and consult the table to see which corner of the square the
explosive bounces to. If the target square is more than one range increment away, make
an attack roll. The square has an effective Defense of 10. Thrown weapons require no
weapon proficiency ... If the character misses the target, the explosive lands at a
corner of a square nearby in a random direction. ... If the weapon was thrown two to
three range increments (11 to 30 feet), roll 1d8." An explosive "affects all creatures
and objects within its burst radius".

The seed's tables are missing (A92): the 1d4 corner counts clockwise from the square's
north-west corner (1 north-west, 2 north-east, 3 south-east, 4 south-west); a miss
scatters as a splash weapon's (:func:`~d20combat.rules.maneuvers.splash.scatter`: the
1d8, 1 straight back, the ruleset's turn and distance), then bounces to a corner of the
square it reaches by the 1d4. The burst is centred on that corner (its squares:
:func:`d20combat.grid.lines.burst_squares`, SRD "Aiming a Spell").
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.rulesets import Ruleset
from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.maneuvers.splash import D8, scatter
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack

RULE = "seed 004 Thrown Explosives"
#: seed 004: "The square has an effective Defense of 10."
SQUARE_DEFENSE = 10
D4 = Dice.of(1, 4)
D20 = Dice.of(1, 20)
Pos = tuple[int, int]
#: The 1d4's corners of a square (A92), as offsets from its top-left corner: 1 north-west,
#: 2 north-east, 3 south-east, 4 south-west.
CORNERS: tuple[Pos, ...] = ((0, 0), (1, 0), (1, 1), (0, 1))
CORNER_NAMES = ("north-west", "north-east", "south-east", "south-west")


def square_defense() -> Total:
    """The target square's effective Defense 10 (seed 004)."""
    return stack([Modifier(SQUARE_DEFENSE, BonusType.UNTYPED, "the square's effective Defense")])


class Landing(NamedTuple):
    """Where a thrown explosive lands: ``rolled`` whether an attack roll was made (not
    within one range increment), its ``natural`` and ``total`` (0 without one), ``hit``,
    the 1d8's ``face`` on a miss (None on a hit) and the squares it went astray
    (``offset``), and the 1d4's ``corner`` (1-4) of the square it reached."""

    rolled: bool
    hit: bool
    natural: int
    total: int
    face: int | None
    offset: Pos
    corner: int


def throw_explosive(
    dice: DiceSource,
    bonus: int,
    rules: Ruleset,
    *,
    within_one: bool,
    back: int,
    squares: int,
) -> Landing:
    """Throw it (the module docstring): no roll ``within_one`` range increment, else an
    attack roll at ``bonus`` against Defense 10 (a natural 20 always hits, a 1 always
    misses); a miss scatters ``squares`` by the 1d8 (``back``: the direction toward the
    thrower); then the 1d4 corner."""
    hit, natural, total, face, offset = True, 0, 0, None, (0, 0)
    if not within_one:
        ok, natural = dice.classify(
            D20,
            f"thrown explosive: attack roll against Defense {SQUARE_DEFENSE}",
            lambda r: r == 20 or (r != 1 and r + bonus >= SQUARE_DEFENSE),
        )
        hit, total = bool(ok), natural + bonus
        if not hit:
            face = dice.roll(D8, "explosive scatter direction (1d8)")
            offset = scatter(face, back, squares, rules)
    corner = dice.roll(D4, "the corner it bounces to (1d4)")
    return Landing(not within_one, hit, natural, total, face, offset, corner)


def landing_point(square: Pos, landing: Landing) -> Pos:
    """The grid intersection it bursts at: the ``corner`` of the square it reached
    (``square`` aimed at, moved by the ``offset``); an intersection ``(x, y)`` is the
    top-left corner of square ``(x, y)``."""
    dx, dy = CORNERS[landing.corner - 1]
    return square[0] + landing.offset[0] + dx, square[1] + landing.offset[1] + dy


def half(amount: int) -> int:
    """Half damage for a successful save, rounded down (SRD combat-i "Saving Throws")."""
    return amount // 2
