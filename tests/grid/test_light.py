"""Carried light sources (grid/light.py): the SRD's radii, walls stopping the light,
the brightest light counting.

Source: SRD equipment.html, the descriptions of the candle ("dimly illuminates a
5-foot radius"), common lamp (15 ft clear, shadowy to 30 ft), torch and everburning
torch (20 ft, 40 ft), hooded lantern and sunrod (30 ft, 60 ft); reading A124.
"""

from __future__ import annotations

import pytest

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.light import LIGHT_SOURCES, Light, lit
from d20combat.grid.terrain import DARK, DIM


def row(m: BattleMap, y: int = 0) -> str:
    """``.`` bright, ``d`` dim, ``D`` dark, ``#`` anything else (a wall)."""
    out = ""
    for x in range(m.width):
        f = m.flags(x, y)
        out += "D" if f & DARK else "d" if f & DIM else "." if m.walkable(x, y) else "#"
    return out


# the radii, written out here from the SRD text
RADII = {
    "candle": (0, 5),
    "lamp": (15, 30),
    "torch": (20, 40),
    "everburning-torch": (20, 40),
    "hooded-lantern": (30, 60),
    "sunrod": (30, 60),
}


@pytest.mark.parametrize("name", list(RADII))
def test_each_source_lights_its_radii(name: str) -> None:
    """A carrier at the west end of a dark corridor 20 squares (100 ft) long: the
    squares up to the clear radius are bright, those up to the shadowy radius dim,
    the rest dark (one square is 5 ft)."""
    bright, shadowy = RADII[name]
    assert LIGHT_SOURCES[name] == Light(bright, shadowy)
    m = BattleMap.from_ascii(["D" * 20])
    out = lit(m, [((0, 0), 1, LIGHT_SOURCES[name])])
    n_bright, n_dim = bright // 5 + 1 if bright else 0, shadowy // 5 + 1
    expected = "." * n_bright + "d" * (n_dim - n_bright) + "D" * (20 - n_dim)
    assert row(out) == expected
    assert row(m) == "D" * 20  # the map itself is unchanged


def test_light_stops_at_walls_and_the_brightest_counts() -> None:
    """A torch in a dark room: the wall at e1-e2 shades what lies behind it (f1 and
    f2, 25 ft away: no line of effect from a1); the dim square c2 (map ``d``) is bright;
    a second, larger creature's sunrod lights the far end; a candle adds nothing where
    a torch shines."""
    m = BattleMap.from_ascii(["DDDD#DDDDDDDDDDDDDDD", "DDdD#DDDDDDDDDDDDDDD"])
    torch = LIGHT_SOURCES["torch"]
    out = lit(m, [((0, 0), 1, torch)])
    assert row(out, 0)[:6] == "....#D"
    assert row(out, 1)[:6] == "....#D"
    both = lit(m, [((0, 0), 1, torch), ((1, 0), 1, LIGHT_SOURCES["candle"])])
    assert row(both, 1) == row(out, 1)
    sunrod = lit(m, [((18, 0), 2, LIGHT_SOURCES["sunrod"])])
    assert row(sunrod, 0)[-8:] == "........"
