"""Carried light sources: the squares a torch, a lantern or a sunrod lights, which the
map's light (``dim``, ``dark`` squares: :mod:`d20combat.grid.terrain`) then yields to.

Source: SRD equipment.html, the light sources' descriptions: a candle "dimly
illuminates a 5-foot radius"; a common lamp "clearly illuminates a 15-foot radius,
provides shadowy illumination out to a 30-foot radius"; a torch and an everburning
torch 20 ft and 40 ft; a hooded lantern and a sunrod 30 ft and 60 ft. A bullseye
lantern's cone needs a facing the engine does not have (not offered).

Readings (A124): the light reaches a square within its radius (measured as the grid
measures, 5-10-5, from the carrier's space) to which the carrier's square has line of
effect (walls stop it); "clear" light makes a square bright, "shadowy" light makes a
dark square dim (a dim square stays dim); the brightest light on a square counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.lines import pair_trace
from d20combat.grid.squares import Square, footprint_distance
from d20combat.grid.terrain import DARK, DIM

__all__ = ["LIGHT_SOURCES", "Light", "lit"]


class Light(NamedTuple):
    """A light source's radii in feet: clear (bright) light, then shadowy light."""

    bright_ft: int
    shadowy_ft: int


#: SRD equipment.html, each item's description.
LIGHT_SOURCES: dict[str, Light] = {
    "candle": Light(0, 5),
    "lamp": Light(15, 30),
    "torch": Light(20, 40),
    "everburning-torch": Light(20, 40),
    "hooded-lantern": Light(30, 60),
    "sunrod": Light(30, 60),
}


def lit(m: BattleMap, sources: Iterable[tuple[Square, int, Light]]) -> BattleMap:
    """``m`` with the light of ``sources`` (each: the carrier's top-left square, its
    space in squares, its light) added: a new map for sight, ``m`` unchanged.

    >>> m = BattleMap.from_ascii(["DDDDDDDDDDDD"])
    >>> out = lit(m, [((0, 0), 1, LIGHT_SOURCES["torch"])])
    >>> "".join("D" if out.flags(x, 0) & DARK else "d" if out.flags(x, 0) & DIM else "."
    ...         for x in range(12))
    '.....ddddDDD'
    """
    level: dict[Square, int] = {}  # 2 bright, 1 shadowy
    for pos, squares, light in sources:
        reach = light.shadowy_ft // 5 + squares
        x0, y0 = pos
        for y in range(max(0, y0 - reach), min(m.height, y0 + reach + 1)):
            for x in range(max(0, x0 - reach), min(m.width, x0 + reach + 1)):
                feet = footprint_distance(pos, squares, (x, y), 1)
                if feet > light.shadowy_ft:
                    continue
                here = 2 if light.bright_ft and feet <= light.bright_ft else 1
                if level.get((x, y), 0) >= here:
                    continue
                if feet > 0 and not pair_trace(m, pos, (x, y)).loe:
                    continue
                level[(x, y)] = here
    cells = list(m.cells)
    for (x, y), here in level.items():
        i = y * m.width + x
        if here == 2:
            cells[i] &= ~(DIM | DARK)
        elif cells[i] & DARK:
            cells[i] = (cells[i] & ~DARK) | DIM
    return BattleMap(m.width, m.height, cells, legend=m.legend, marks=m.marks)
