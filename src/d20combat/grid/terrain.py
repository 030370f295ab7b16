"""Terrain of one 5-ft square, as bit flags, and the map legend.

Sources:
* SRD combat-ii "Terrain and Obstacles": difficult terrain (each square counts as 2,
  a diagonal into it as 3), obstacles that hamper (x2) or block movement;
* SRD combat-ii "Cover", "Low Obstacles and Cover": a low wall gives cover within
  30 ft; "Varying Degrees of Cover" (improved cover, e.g. an arrow slit);
* SRD combat-ii "Concealment", "Ignoring Concealment": shadowy (dim) light and
  darkness give concealment unless the viewer has low-light vision / darkvision;
* seed 003 "Concealment" (the grid procedure) and seed 002 "Corners".

A square's terrain is an :class:`Terrain` (an ``IntFlag``); hot paths use the plain
``int`` masks ``BLOCKS_MOVE``, ``BLOCKS_EFFECT``, ``CORNER``, ``HAMPERS`` below.

Default legend (a scenario legend may extend or override it by name):

====  ==========================================  ===========================
char  terrain                                     name
====  ==========================================  ===========================
``.``  floor                                      ``floor``
``#``  wall                                       ``wall``
``+``  closed door (a wall until opened)          ``door``
``/``  open door                                  ``open-door``
``,``  difficult terrain (rubble, undergrowth)    ``difficult``
``%``  difficult terrain                          ``difficult``
``=``  low wall (obstacle x2, low-obstacle cover) ``low-wall``
``~``  shallow water (difficult)                  ``shallow-water``
``W``  deep water (swimmers, Swim checks)          ``deep-water``
``d``  dim (shadowy) light                        ``dim``
``D``  darkness                                   ``dark``
``f``  fog                                        ``fog``
``"``  dense brush: difficult + dim               ``[difficult, dim]``
``!``  arrow slit (blocks movement, improved      ``arrow-slit``
       cover, not line of effect)
``_``  low ceiling (8 ft high: big creatures      ``low-ceiling``
       stoop, seed 000 "Squeezing Through")
``^``  climbable wall or cliff face (climbed      ``climbable``
       over by a Climb check, DC 15)
====  ==========================================  ===========================

``rough-water`` and ``stormy-water`` (no default character: a scenario's legend
combines them with ``deep-water``, e.g. ``R: [deep-water, rough-water]``) set the Swim
DC of deep water (calm 10, rough 15, stormy 20: ``rules.swim``).

``concealment-10``, ``concealment-20``, ``concealment-30`` and ``concealment-40`` (no
default character) are a GM's concealment of a square (SRD combat-ii "Varying Degrees
of Concealment"; reading A220): a target standing there has that miss chance, whatever
the viewer's senses.

``!``, ``_`` and ``^`` are our additions (the brief lists no character for an arrow slit or
a low ceiling).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntFlag

from d20combat.errors import InputError, Problem


class Terrain(IntFlag):
    """What is in one square. Flags combine (``DIFFICULT | DIM`` is dense brush)."""

    FLOOR = 0
    WALL = 1 << 0
    """Blocks movement, sight and effect."""
    DOOR = 1 << 1
    """A closed door: a wall until :meth:`BattleMap.open_door`."""
    OPEN_DOOR = 1 << 2
    """An open door: plain floor (kept so the map prints back with ``/``)."""
    DIFFICULT = 1 << 3
    """Each move into it costs double (SRD "Difficult Terrain")."""
    LOW_OBSTACLE = 1 << 4
    """A low wall: an obstructed square (x2) and cover within 30 ft (SRD "Low Obstacles")."""
    SHALLOW_WATER = 1 << 5
    """Difficult terrain (same doubling as DIFFICULT, not a second one)."""
    DEEP_WATER = 1 << 6
    """Walkable by swimmers and creatures weighed down to walk the bottom; others swim
    it by Swim checks (``encounter.swimming``); does not stop diagonal moves (like a
    pit)."""
    DIM = 1 << 7
    """Shadowy light: 20% concealment unless low-light vision or darkvision."""
    DARK = 1 << 8
    """Darkness: total concealment (50%) unless darkvision."""
    FOG = 1 << 9
    """Fog: 20% within 5 ft, total concealment farther (obscuring mist)."""
    IMPROVED_COVER = 1 << 10
    """An arrow slit: blocks movement, not line of effect; improved cover through it."""
    LOW_CEILING = 1 << 11
    """A ceiling 8 ft high (:data:`LOW_CEILING_FT`): a creature taller than it stoops
    (seed 000 "Squeezing Through"; ``grid.movement.stooping``)."""
    RAISED = 1 << 19
    """Raised ground (a platform, a hillock, a dais): a creature standing on it has
    higher ground over one that does not (seed 002 Table: Attack Roll Modifiers: +1
    melee); plain ground otherwise (A203). No default symbol: a legend names it."""
    ROUGH_WATER = 1 << 12
    """Rough water: Swim DC 15 instead of calm water's 10 (``rules.swim``, A165); marks
    deep water, alone it changes nothing."""
    STORMY_WATER = 1 << 13
    """Stormy water: Swim DC 20 (``rules.swim``, A165)."""
    CLIMBABLE = 1 << 14
    """A wall or cliff face a creature climbs over (Climb DC 15, A174): ordinary
    movement cannot enter it (it is in :data:`BLOCKS_MOVE`); the ``climb`` action
    crosses it (``encounter.climbing``); nobody stops on it."""
    CONCEAL_10 = 1 << 26
    """A GM's concealment (SRD combat-ii "Varying Degrees of Concealment"): a target
    standing in the square has a 10% miss chance, whatever the viewer's senses (A220).
    No default symbol: a legend names it (``concealment-10``); likewise 20, 30 and 40."""
    CONCEAL_20 = 1 << 27
    CONCEAL_30 = 1 << 28
    CONCEAL_40 = 1 << 29


WALL = int(Terrain.WALL)
DOOR = int(Terrain.DOOR)
OPEN_DOOR = int(Terrain.OPEN_DOOR)
DIFFICULT = int(Terrain.DIFFICULT)
LOW_OBSTACLE = int(Terrain.LOW_OBSTACLE)
SHALLOW_WATER = int(Terrain.SHALLOW_WATER)
DEEP_WATER = int(Terrain.DEEP_WATER)
DIM = int(Terrain.DIM)
DARK = int(Terrain.DARK)
FOG = int(Terrain.FOG)
IMPROVED_COVER = int(Terrain.IMPROVED_COVER)
LOW_CEILING = int(Terrain.LOW_CEILING)
RAISED = int(Terrain.RAISED)
ROUGH_WATER = int(Terrain.ROUGH_WATER)
STORMY_WATER = int(Terrain.STORMY_WATER)
CLIMBABLE = int(Terrain.CLIMBABLE)
#: A GM's concealment by degree: the flag and its miss chance, the highest first (A220)
GM_CONCEALMENT: tuple[tuple[int, int], ...] = (
    (int(Terrain.CONCEAL_40), 40),
    (int(Terrain.CONCEAL_30), 30),
    (int(Terrain.CONCEAL_20), 20),
    (int(Terrain.CONCEAL_10), 10),
)
GM_CONCEALED = int(
    Terrain.CONCEAL_10 | Terrain.CONCEAL_20 | Terrain.CONCEAL_30 | Terrain.CONCEAL_40
)
LOW_CEILING_FT = 8
"""The height of a ``low-ceiling`` square's ceiling: the tallest Medium creature's
height (seed 000 Table: Creature Sizes), a reading (A131)."""

BLOCKS_EFFECT = WALL | DOOR
"""Squares that block line of effect (and so line of sight)."""
BLOCKS_MOVE = WALL | DOOR | IMPROVED_COVER | CLIMBABLE
"""Squares no creature may enter by ordinary movement (deep water is separate: swimmers
may; a climbable face only the ``climb`` action crosses)."""
CORNER = WALL | DOOR | IMPROVED_COVER
"""Squares you can't move diagonally past (SRD "Measuring Distance"); pits and deep
water are not corners ("You can also move diagonally past other impassable obstacles,
such as pits")."""
HAMPERS = DIFFICULT | SHALLOW_WATER
"""Difficult terrain: one doubling of the movement cost."""
OUT_OF_BOUNDS = WALL
"""Squares off the map count as solid wall everywhere."""

NAMES: dict[str, Terrain] = {
    "floor": Terrain.FLOOR,
    "wall": Terrain.WALL,
    "door": Terrain.DOOR,
    "closed-door": Terrain.DOOR,
    "open-door": Terrain.OPEN_DOOR,
    "difficult": Terrain.DIFFICULT,
    "low-wall": Terrain.LOW_OBSTACLE,
    "low-obstacle": Terrain.LOW_OBSTACLE,
    "shallow-water": Terrain.SHALLOW_WATER,
    "deep-water": Terrain.DEEP_WATER,
    "dim": Terrain.DIM,
    "dark": Terrain.DARK,
    "darkness": Terrain.DARK,
    "fog": Terrain.FOG,
    "arrow-slit": Terrain.IMPROVED_COVER,
    "improved-cover": Terrain.IMPROVED_COVER,
    "low-ceiling": Terrain.LOW_CEILING,
    "raised": Terrain.RAISED,
    "higher-ground": Terrain.RAISED,
    "rough-water": Terrain.ROUGH_WATER,
    "stormy-water": Terrain.STORMY_WATER,
    "climbable": Terrain.CLIMBABLE,
    "concealment-10": Terrain.CONCEAL_10,
    "concealment-20": Terrain.CONCEAL_20,
    "concealment-30": Terrain.CONCEAL_30,
    "concealment-40": Terrain.CONCEAL_40,
}
"""Terrain names a scenario legend may use (alone or in a list)."""

DEFAULT_LEGEND: dict[str, Terrain] = {
    ".": Terrain.FLOOR,
    "#": Terrain.WALL,
    "+": Terrain.DOOR,
    "/": Terrain.OPEN_DOOR,
    ",": Terrain.DIFFICULT,
    "%": Terrain.DIFFICULT,
    "=": Terrain.LOW_OBSTACLE,
    "~": Terrain.SHALLOW_WATER,
    "W": Terrain.DEEP_WATER,
    "d": Terrain.DIM,
    "D": Terrain.DARK,
    "f": Terrain.FOG,
    '"': Terrain.DIFFICULT | Terrain.DIM,
    "!": Terrain.IMPROVED_COVER,
    "_": Terrain.LOW_CEILING,
    "^": Terrain.CLIMBABLE,
}

LegendValue = str | Sequence[str] | int
"""A legend entry: a terrain name, a list of names, or a :class:`Terrain` value."""


def terrain_name(value: int) -> str:
    """A readable name for a flag combination, e.g. ``'difficult+dim'``.

    >>> terrain_name(Terrain.DIFFICULT | Terrain.DIM)
    'difficult+dim'
    >>> terrain_name(0)
    'floor'
    """
    if not value:
        return "floor"
    parts: list[str] = []
    seen: set[Terrain] = set()
    for name, flag in NAMES.items():
        if flag and value & flag and flag not in seen:
            seen.add(flag)
            parts.append(name)
    return "+".join(parts)


def parse_legend(
    legend: Mapping[str, LegendValue] | None, *, file: str | None = None
) -> dict[str, int]:
    """The default legend updated with ``legend``; every bad entry is reported at once.

    Keys must be single characters; values a terrain name from :data:`NAMES`, a list of
    names, or a :class:`Terrain` value.

    >>> parse_legend({"T": "difficult", "B": ["difficult", "dim"]})["B"] == int(
    ...     Terrain.DIFFICULT | Terrain.DIM)
    True

    Raises:
        InputError: listing every malformed key or unknown terrain name.
    """
    merged: dict[str, int] = {k: int(v) for k, v in DEFAULT_LEGEND.items()}
    if not legend:
        return merged
    problems: list[Problem] = []
    expected = "a terrain name (" + ", ".join(sorted(NAMES)) + ") or a list of them"
    for key, value in legend.items():
        field = f"legend.{key}"
        if not isinstance(key, str) or len(key) != 1:
            problems.append(
                Problem(
                    f"legend key {key!r} is not one character",
                    file,
                    field=field,
                    expected="a single map character",
                )
            )
            continue
        flags = 0
        names: Sequence[object]
        if isinstance(value, bool):
            names = [value]
        elif isinstance(value, int):
            if value & ~_ALL_FLAGS or value < 0:
                problems.append(
                    Problem(f"bad terrain value {value!r}", file, field=field, expected=expected)
                )
                continue
            merged[key] = int(value)
            continue
        elif isinstance(value, str):
            names = [value]
        else:
            names = list(value)
        ok = True
        for name in names:
            flag = NAMES.get(name.strip().lower()) if isinstance(name, str) else None
            if flag is None:
                problems.append(
                    Problem(f"unknown terrain {name!r}", file, field=field, expected=expected)
                )
                ok = False
            else:
                flags |= int(flag)
        if ok:
            merged[key] = flags
    if problems:
        raise InputError(problems=problems)
    return merged


_ALL_FLAGS = 0
for _flag in Terrain:
    _ALL_FLAGS |= int(_flag)
