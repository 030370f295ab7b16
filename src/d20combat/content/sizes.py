"""The nine size categories and everything that hangs off them.

Sources:
* seed 003 "Attack Bonus", Table: Size Modifiers (attack and AC modifier);
* seed 000 "Grapple Checks", special size modifier (+/-4 per category from Medium);
* seed 000 "Big and Little Creatures in Combat", Table: Creature Sizes (maximum height
  and weight, space, tall and long natural reach), "Natural Reach" (as tall as its
  space: it reaches up its space plus its reach) and "Mixing It Up" (sharing squares);
* seed 000 "Bull Rush" / "Overrun" / "Trip" and seed 003: +/-4 per category on
  opposed checks (larger or smaller than Medium);
* seed 001 "Calculating your grapple bonus": the ``advanced`` ruleset's grapple size
  modifier is the attack size modifier with its sign reversed (Small: -1).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from fractions import Fraction

from d20combat.errors import ContentError


class Size(IntEnum):
    """A size category. The integer order runs from Fine (0) to Colossal (8)."""

    FINE = 0
    DIMINUTIVE = 1
    TINY = 2
    SMALL = 3
    MEDIUM = 4
    LARGE = 5
    HUGE = 6
    GARGANTUAN = 7
    COLOSSAL = 8

    @classmethod
    def parse(cls, text: str) -> Size:
        """Parse a size name (case-insensitive, 'Medium-size' accepted).

        Raises:
            ContentError: for an unknown size, listing the nine valid ones.
        """
        key = text.strip().lower().removesuffix("-size").removesuffix(" size")
        for size in cls:
            if size.label.lower() == key:
                return size
        raise ContentError(
            f"unknown size {text!r}",
            field="size",
            expected="one of " + ", ".join(s.label for s in cls),
        )

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def attack_modifier(self) -> int:
        """Size modifier to attack rolls and AC (seed 003, Table: Size Modifiers)."""
        return _ATTACK[self]

    @property
    def grapple_modifier(self) -> int:
        """Special size modifier on grapple checks (seed 000 "Grapple Checks")."""
        return 4 * (self - Size.MEDIUM)

    @property
    def opposed_modifier(self) -> int:
        """+4 per category larger than Medium, -4 per category smaller (seed 000 Bull Rush)."""
        return 4 * (self - Size.MEDIUM)

    @property
    def reversed_attack_modifier(self) -> int:
        """The ``advanced`` grapple size modifier: minus the attack modifier (seed 001)."""
        return -_ATTACK[self]

    @property
    def space_ft(self) -> Fraction:
        """Space (seed 000 Table: Creature Sizes), in feet: 1/2, 1, 2 1/2, 5, 5, 10, 15, 20, 30."""
        return _SPACE[self]

    @property
    def height_ft(self) -> Fraction:
        """Maximum height (or a long creature's length), seed 000 Table: Creature Sizes:
        6 in, 1, 2, 4, 8, 16, 32, 64 ft, and "64 ft or more" for Colossal (read as 64).
        A creature is read as this tall where a ceiling matters (reading A131)."""
        return _HEIGHT[self]

    @property
    def max_weight_lb(self) -> Fraction:
        """Maximum weight, seed 000 Table: Creature Sizes: 1/8, 1, 8, 60, 500, 4,000,
        32,000, 250,000 lb, and "250,000 lb. or more" for Colossal (read as 250,000).
        Guidelines, "not firm limits", for a creature "roughly as dense as a regular
        animal" (stone heavier, gas lighter); no rule reads them yet (A202)."""
        return _WEIGHT[self]

    @property
    def combat_height_ft(self) -> Fraction:
        """How tall a creature counts in a fight: "consider creatures to be as tall as
        their space" (seed 000 "Natural Reach"; A202): its space, 1/2 ft for Fine to
        30 ft for Colossal. Not :attr:`height_ft`, the table's maximum height, which the
        low ceilings read (A131)."""
        return _SPACE[self]

    def reach_up_ft(self, reach_ft: int) -> Fraction:
        """How far up from the ground a creature of this size reaches with ``reach_ft``
        of reach (its natural reach, or a weapon's): "a creature can reach up a distance
        equal to its space plus its reach" (seed 000 "Natural Reach"; A202), for
        fliers and ceilings above a creature.

        >>> Size.MEDIUM.reach_up_ft(5), Size.LARGE.reach_up_ft(10), Size.TINY.reach_up_ft(0)
        (Fraction(10, 1), Fraction(20, 1), Fraction(5, 2))
        """
        return _SPACE[self] + reach_ft

    @property
    def squares(self) -> int:
        """Side of the space in 5-ft squares on the grid (at least 1)."""
        return _SQUARES[self]

    @property
    def per_square(self) -> int:
        """How many such creatures fit in one 5-ft square (Tiny 4, Diminutive 25, Fine 100)."""
        if _SPACE[self] >= 5:
            return 1
        return int((Fraction(5) / _SPACE[self]) ** 2)

    def natural_reach(self, *, long: bool = False) -> int:
        """Natural reach in feet for a tall (biped) or long (quadruped) body."""
        tall, long_ = _REACH[self]
        return long_ if long else tall


_ATTACK = {
    Size.FINE: 8,
    Size.DIMINUTIVE: 4,
    Size.TINY: 2,
    Size.SMALL: 1,
    Size.MEDIUM: 0,
    Size.LARGE: -1,
    Size.HUGE: -2,
    Size.GARGANTUAN: -4,
    Size.COLOSSAL: -8,
}
_SPACE = {
    Size.FINE: Fraction(1, 2),
    Size.DIMINUTIVE: Fraction(1),
    Size.TINY: Fraction(5, 2),
    Size.SMALL: Fraction(5),
    Size.MEDIUM: Fraction(5),
    Size.LARGE: Fraction(10),
    Size.HUGE: Fraction(15),
    Size.GARGANTUAN: Fraction(20),
    Size.COLOSSAL: Fraction(30),
}
_SQUARES = {size: max(1, int(space // 5)) for size, space in _SPACE.items()}
_HEIGHT: dict[Size, Fraction] = {
    size: Fraction(2 ** min(i, 7), 2) for i, size in enumerate(sorted(Size))
}  # 1/2, 1, 2, 4, 8, 16, 32, 64, 64 ft
_WEIGHT: dict[Size, Fraction] = {
    Size.FINE: Fraction(1, 8),
    Size.DIMINUTIVE: Fraction(1),
    Size.TINY: Fraction(8),
    Size.SMALL: Fraction(60),
    Size.MEDIUM: Fraction(500),
    Size.LARGE: Fraction(4000),
    Size.HUGE: Fraction(32000),
    Size.GARGANTUAN: Fraction(250000),
    Size.COLOSSAL: Fraction(250000),
}
_REACH = {
    Size.FINE: (0, 0),
    Size.DIMINUTIVE: (0, 0),
    Size.TINY: (0, 0),
    Size.SMALL: (5, 5),
    Size.MEDIUM: (5, 5),
    Size.LARGE: (10, 5),
    Size.HUGE: (15, 10),
    Size.GARGANTUAN: (20, 15),
    Size.COLOSSAL: (30, 20),
}


def shared_square_capacity(occupant: Size, host: Size) -> int:
    """How many ``occupant`` creatures may stand in one square of a ``host``'s space.

    Seed 000 "Mixing It Up": creatures less than two categories apart cannot share
    (0) without special circumstances (grapple, mount, unconscious or dead); two
    categories apart, half the usual number fit (fractions are not allowed); three or
    more apart, the usual number fit.

    >>> shared_square_capacity(Size.MEDIUM, Size.HUGE)  # half a human: none
    0
    >>> shared_square_capacity(Size.TINY, Size.MEDIUM)  # two stirges beside a human
    2
    >>> shared_square_capacity(Size.SMALL, Size.HUGE)
    1
    """
    gap = abs(occupant - host)
    if gap < 2:
        return 0
    if gap == 2:
        return occupant.per_square // 2
    return occupant.per_square


def fits_in_square(sizes: Sequence[Size]) -> bool:
    """Whether creatures of these sizes may all stand in one 5-ft square together.

    Seed 000 "Mixing It Up": the largest is the host; every other creature takes
    ``1 / shared_square_capacity(it, host)`` of the square (two Tiny stirges beside a
    Medium human, a third does not fit). Creatures smaller than Small, when the host
    is too, share by area (four Tiny, 25 Diminutive, 100 Fine: SRD "Big and Little
    Creatures"). A Tiny creature may stand in a Small creature's square, alone with
    it, though they are one category apart: the SRD lets Tiny and smaller creatures
    move into occupied squares, as they must to attack (reading A130).

    >>> fits_in_square([Size.MEDIUM, Size.TINY, Size.TINY])
    True
    >>> fits_in_square([Size.MEDIUM, Size.TINY, Size.TINY, Size.TINY])
    False
    >>> fits_in_square([Size.SMALL, Size.TINY]), fits_in_square([Size.SMALL, Size.SMALL])
    (True, False)
    """
    host = max(sizes)
    if host.per_square > 1:
        return sum(Fraction(1, s.per_square) for s in sizes) <= 1
    load = Fraction(0)
    hosts = 0
    for s in sizes:
        if s == host and hosts == 0:
            hosts = 1
            continue
        cap = shared_square_capacity(s, host)
        if cap == 0 and s.per_square > 1:
            cap = 1  # A130: a very small creature in a Small one's square
        if cap == 0:
            return False
        load += Fraction(1, cap)
    return load <= 1


def can_move_through(mover: Size, occupant: Size) -> bool:
    """Any creature may pass a square held by one three categories larger or smaller.

    Seed 004 "Square Occupied by Creature Three Sizes Larger or Smaller"; seed 000
    "Big Creatures".
    """
    return abs(mover - occupant) >= 3
