"""Reach and threatened squares (seed 000 "Natural Reach" / "Big Creatures", seed 002
and seed 003 "Attacks of Opportunity" / "Reach Weapons"), as golden pictures.

In a picture, ``A`` marks the creature's space and ``t`` every square it threatens;
``B`` marks a square of its own space that it also threatens.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.reach import (
    attack_positions,
    reach_range,
    threat_template,
    threatened_squares,
    threatens,
)
from d20combat.grid.squares import Square


def golden(picture: str) -> tuple[int, frozenset[Square]]:
    """(size of the space, threatened offsets from its top-left square) of a picture."""
    m = BattleMap.from_ascii(picture, marks="AtB")
    own = list(m.marks.get("A", ())) + list(m.marks.get("B", ()))
    x0 = min(x for x, _ in own)
    y0 = min(y for _, y in own)
    side = max(x for x, _ in own) - x0 + 1
    threatened = list(m.marks.get("t", ())) + list(m.marks.get("B", ()))
    return side, frozenset((x - x0, y - y0) for x, y in threatened)


MEDIUM = """
.....
.ttt.
.tAt.
.ttt.
.....
"""

MEDIUM_LONGSPEAR = """
.......
.ttttt.
.t...t.
.t.A.t.
.t...t.
.ttttt.
.......
"""

TINY = """
...
.B.
...
"""

TINY_REACH_WEAPON = """
.....
.ttt.
.tAt.
.ttt.
.....
"""

LARGE_LONG = """
......
.tttt.
.tAAt.
.tAAt.
.tttt.
......
"""

LARGE_TALL = """
........
.tttttt.
.tttttt.
.ttAAtt.
.ttAAtt.
.tttttt.
.tttttt.
........
"""

LARGE_REACH_WEAPON = """
..............
..............
.....tttt.....
...tttttttt...
...t......t...
..tt......tt..
..tt..AA..tt..
..tt..AA..tt..
..tt......tt..
...t......t...
...tttttttt...
.....tttt.....
..............
..............
"""

HUGE_TALL = """
...............
.....ttttt.....
....ttttttt....
...ttttttttt...
...tttAAAttt...
...tttAAAttt...
...tttAAAttt...
...ttttttttt...
....ttttttt....
.....ttttt.....
...............
"""


@pytest.mark.parametrize(
    ("picture", "squares", "reach", "weapon", "count"),
    [
        (MEDIUM, 1, 5, False, 8),
        (MEDIUM_LONGSPEAR, 1, 5, True, 16),  # the ring at 2, diagonals included (seed 002)
        (TINY, 1, 0, False, 1),  # own square only
        (TINY_REACH_WEAPON, 1, 0, True, 8),  # "reach weapons that do threaten adjacent squares"
        (LARGE_LONG, 2, 5, False, 12),
        (LARGE_TALL, 2, 10, False, 32),  # 10-ft exception: 2 squares diagonally
        (LARGE_REACH_WEAPON, 2, 10, True, 44),  # 15-20 ft, not at 10 ft or less
        (HUGE_TALL, 3, 15, False, 60),  # 5-10-5 up to 3 squares
    ],
)
def test_golden_templates(picture: str, squares: int, reach: int, weapon: bool, count: int) -> None:
    side, expected = golden(picture)
    assert side == squares
    template = threat_template(squares, reach, weapon)
    assert template == expected
    assert len(template) == count


def test_ten_foot_exception_only_for_ten_feet() -> None:
    # Large, 10 ft: 2 squares diagonally (15 ft by 5-10-5) is threatened (seed 000)
    assert (3, 3) in threat_template(2, 10)  # gaps (2, 2)
    # Huge, 15 ft: gaps (2, 2) = 15 ft threatened; gaps (3, 2) = 20 ft not
    huge = threat_template(3, 15)
    assert (4, 4) in huge and (5, 4) not in huge and (5, 3) in huge
    # Gargantuan, 20 ft: gaps (3, 3) = 20 ft threatened, (4, 3) = 25 ft not
    garg = threat_template(4, 20)
    assert (6, 6) in garg and (7, 6) not in garg


def test_reach_range() -> None:
    assert reach_range(5, False) == (-1, 5)
    assert reach_range(5, True) == (5, 10)
    assert reach_range(15, True) == (15, 30)
    assert reach_range(0, True) == (0, 5)


def test_own_space() -> None:
    # seed 000: a creature can attack into its own space unless armed with a reach weapon
    assert (0, 0) in threat_template(1, 5, own_space=True)
    assert (1, 1) in threat_template(2, 10, own_space=True)
    assert (0, 0) not in threat_template(1, 5, True, own_space=True)
    assert (0, 0) not in threat_template(1, 0, own_space=False)


def test_threatens_big_target() -> None:
    longspear = threat_template(1, 5, True)
    # a Large target whose nearest square is 2 squares away
    assert threatens((0, 0), longspear, (2, 1), 2)
    # Large target adjacent: its far squares are 10 ft away, so the longspear reaches them
    assert threatens((0, 0), longspear, (1, 0), 2)
    # a Medium target adjacent: not with a longspear
    assert not threatens((0, 0), longspear, (1, 0), 1)


def test_threatened_squares_clip_to_map() -> None:
    out = set(threatened_squares((0, 0), threat_template(1, 5), width=10, height=10))
    assert out == {(1, 0), (0, 1), (1, 1)}


def test_attack_positions_round_trip() -> None:
    tpl = threat_template(2, 10, True)
    for pos in attack_positions((10, 10), 1, tpl):
        assert threatens(pos, tpl, (10, 10), 1)
    assert len(attack_positions((10, 10), 1, threat_template(1, 5))) == 8


sizes = st.sampled_from([(1, 0), (1, 5), (2, 5), (2, 10), (3, 10), (3, 15), (4, 20), (6, 30)])


@given(sizes, st.booleans())
def test_templates_are_symmetric(size: tuple[int, int], weapon: bool) -> None:
    n, reach = size
    t = threat_template(n, reach, weapon)
    for dx, dy in t:
        assert (n - 1 - dx, dy) in t  # mirror left-right
        assert (dx, n - 1 - dy) in t  # mirror top-bottom
        assert (dy, dx) in t  # transpose


@given(sizes)
def test_reach_weapon_never_overlaps_natural_reach(size: tuple[int, int]) -> None:
    n, reach = size
    if reach == 0:
        return
    natural = threat_template(n, reach)
    weapon = threat_template(n, reach, True)
    assert not natural & weapon
    assert all(max(abs(dx), abs(dy)) >= 1 for dx, dy in weapon)
