"""Throwing a splash weapon (seed 000 "Throw Splash Weapon"; seed 002 "Throw Splash
Weapon"; SRD combat-ii "Throw Splash Weapon"; the splash weapons of SRD equipment.html
"Special Substances and Items": acid, alchemist's fire, holy water).

"To attack with a splash weapon, make a ranged touch attack against the target. ... A
hit deals direct hit damage to the target, and splash damage to all creatures within 5
feet of the target." Or "target a specific grid intersection. Treat this as a ranged
attack against AC 5": the creatures of the four squares around it take the splash, and
nobody the direct hit. "If you miss the target ..., roll 1d8. This determines the
misdirection of the throw, with 1 being straight back at you and 2 through 8 counting
clockwise around the grid intersection or target creature. Then, count a number of
squares in the indicated direction equal to the range increment of the throw" (seed
002: counterclockwise, and "(range increment) feet": ruleset fields
``splash_scatter_turn`` and ``splash_scatter_distance``, D31).

The scatter (:func:`scatter`) is a pure function of the d8's face, so other thrown
things that go astray the same way (seed 004's grenades, issue 9) can reuse it.

Geometry: squares are ``(x, y)``, ``x`` the column, ``y`` the row growing southward
(``a1`` the top-left square). A grid intersection ``(x, y)`` is the top-left corner of
square ``(x, y)``: the point the squares ``(x-1, y-1)``, ``(x, y-1)``, ``(x-1, y)`` and
``(x, y)`` share.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.maneuvers import touch_attack
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack

RULE = "seed 000 Throw Splash Weapon; seed 002 Throw Splash Weapon"
D8 = Dice.of(1, 8)
#: seed 000: "Treat this as a ranged attack against AC 5" (a grid intersection).
INTERSECTION_AC = 5

Pos = tuple[int, int]

#: The eight directions, clockwise on the map from north (y grows southward).
DIRECTIONS: tuple[Pos, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIRECTION_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                   "north-west")  # fmt: skip


def toward(frm: tuple[int, int], to: tuple[int, int]) -> int:
    """The index in :data:`DIRECTIONS` of the one of eight directions nearest the line
    from ``frm`` to ``to`` (any common unit: the engine passes half-squares). A point
    onto itself faces north.

    >>> DIRECTION_NAMES[toward((0, 0), (3, 1))], DIRECTION_NAMES[toward((0, 0), (-2, 2))]
    ('east', 'south-west')
    """
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return 0
    sector = round(math.atan2(dy, dx) / (math.pi / 4)) % 8  # 0 east, 2 south (y down)
    return (sector + 2) % 8


def increments_thrown(distance_ft: int, increment_ft: int) -> int:
    """The range increment a throw goes out to: the first for up to one increment, the
    second for up to two ... (seed 000: "a throw out to two range increments").

    >>> increments_thrown(5, 10), increments_thrown(10, 10), increments_thrown(15, 10)
    (1, 1, 2)
    """
    return max(1, -(-distance_ft // max(1, increment_ft)))


def scatter_squares(increments: int, increment_ft: int, rules: Ruleset) -> int:
    """How many squares a missed throw lands from its aim: seed 000, the number of range
    increments it went (``increments``); seed 002, "(range increment) feet"
    (``increment-feet``: a 10-ft increment is 2 squares, however far the throw).

    >>> from d20combat.content.rulesets import ruleset
    >>> scatter_squares(3, 10, ruleset())
    3
    """
    if rules.splash_scatter_distance == "increment-feet":
        return max(1, increment_ft // 5)
    return increments


def scatter(face: int, back: int, squares: int, rules: Ruleset) -> Pos:
    """Where a miss lands, from its aim, in squares: the d8's ``face`` (1 "straight back
    at you", ``back`` the direction toward the thrower; 2 to 8 the next directions
    clockwise, or counterclockwise in seed 002's reading), ``squares`` away.

    >>> from d20combat.content.rulesets import ruleset
    >>> north = 0
    >>> scatter(1, north, 2, ruleset()), scatter(2, north, 2, ruleset())
    ((0, -2), (2, -2))
    >>> counter = ruleset().model_copy(update={"splash_scatter_turn": "counterclockwise"})
    >>> scatter(2, north, 2, counter)
    (-2, -2)
    """
    turn = 1 if rules.splash_scatter_turn == "clockwise" else -1
    dx, dy = DIRECTIONS[(back + turn * (face - 1)) % 8]
    return dx * squares, dy * squares


def direction_of(face: int, back: int, rules: Ruleset) -> str:
    """The name of the direction the d8's ``face`` sends a miss."""
    turn = 1 if rules.splash_scatter_turn == "clockwise" else -1
    return DIRECTION_NAMES[(back + turn * (face - 1)) % 8]


#: A flask of a splash weapon as an object (a reading, A53): Tiny; glass (seed 000
#: "Substance Hardness and Hit Points": hardness 1, 1 hp per inch of thickness: a
#: flask's wall is thinner, 1 hit point); a small fragile item (seed 001 "Attacking held
#: items and objects": it breaks on any hit where ``fragile_objects_break``).
FLASK_SIZE = Size.TINY
FLASK_HARDNESS = 1
FLASK_HP = 1


def intersection_ac() -> Total:
    """A grid intersection's AC (seed 000: "a ranged attack against AC 5")."""
    return stack([Modifier(INTERSECTION_AC, BonusType.BASE, "grid intersection")])


class Throw(NamedTuple):
    """A splash weapon thrown: the attack roll (``natural``, ``total``), whether it hit
    (``concealed``: it would have, but for the target's concealment), the direct hit's
    rolled damage (None: none dealt), and for a miss the d8's face and where it lands
    from the aim (``offset``, in squares)."""

    hit: bool
    natural: int
    total: int
    concealed: bool = False
    direct: int | None = None
    face: int | None = None
    offset: Pos = (0, 0)


def throw(
    dice: DiceSource,
    bonus: Total,
    ac: Total,
    rules: Ruleset,
    *,
    back: int,
    squares: int,
    direct: Dice | None = None,
    concealment: int = 0,
    name: str = "splash weapon",
) -> Throw:
    """Throw a splash weapon (the module docstring): the ranged touch attack (or the
    attack against an intersection's AC 5) with ``bonus`` against ``ac``; on a hit the
    ``direct`` hit's damage is rolled (None: an intersection, no direct hit); on a miss
    the d8 sends it ``squares`` away (:func:`scatter`, ``back`` the direction toward
    the thrower). The splash itself is fixed damage (1 point), dealt by the caller to
    the creatures around where it lands, each with its own defenses."""
    t = touch_attack(dice, bonus, ac, f"splash attack ({name})", rules, concealment=concealment)
    if t.hit:
        rolled = dice.roll(direct, f"direct hit ({name})") if direct is not None else None
        return Throw(True, t.natural, t.total, direct=rolled)
    face = dice.roll(D8, "scatter direction (1d8)")
    return Throw(False, t.natural, t.total, t.concealed, face=face,
                 offset=scatter(face, back, squares, rules))  # fmt: skip


def outcome(t: Throw) -> str:
    """The throw's outcome by name: ``hit``, or ``miss`` with the d8's face."""
    return "hit" if t.hit else f"scatter {t.face}"
