"""Corner-to-corner lines, line of effect and bursts."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.lines import (
    burst_squares,
    iter_lines,
    line_of_effect,
    line_squares,
    point_line_of_effect,
    segment_geometry,
)


def test_line_squares() -> None:
    assert line_squares((0, 0), (3, 1)) == ((0, 0), (1, 0), (2, 0))
    assert line_squares((0, 0), (2, 2)) == ((0, 0), (1, 1))  # grazes the corner at (1, 1)
    assert line_squares((0, 0), (3, 0)) == ()  # along a border: no interior
    assert set(line_squares((5, 5), (3, 4))) == {(4, 4), (3, 4)}


@given(st.integers(-9, 9), st.integers(-9, 9))
def test_segment_geometry_matches_sampling(dx: int, dy: int) -> None:
    """A square is passed through iff some point of the segment is strictly inside it:
    check against points sampled at every crossing of the segment with a grid line."""
    interior, _ = segment_geometry(dx, dy)
    expected = set()
    if dx and dy:
        ts = {Fraction(0), Fraction(1)}
        ts |= {Fraction(k, dx) for k in range(min(0, dx), max(0, dx) + 1)}
        ts |= {Fraction(k, dy) for k in range(min(0, dy), max(0, dy) + 1)}
        ordered = sorted(t for t in ts if 0 <= t <= 1)
        for t0, t1 in zip(ordered, ordered[1:], strict=False):
            mid = (t0 + t1) / 2
            x, y = dx * mid, dy * mid
            if x % 1 and y % 1:
                expected.add((int(x // 1), int(y // 1)))
    assert set(interior) == expected
    assert len(interior) == len(set(interior))


@given(st.integers(-9, 9), st.integers(-9, 9))
def test_reversed_segment_meets_the_same_squares(dx: int, dy: int) -> None:
    inner, pairs = segment_geometry(dx, dy)
    back_inner, back_pairs = segment_geometry(-dx, -dy)
    assert {(x + dx, y + dy) for x, y in back_inner} == set(inner)
    shift = {frozenset({(a + dx, b + dy), (c + dx, d + dy)}) for (a, b), (c, d) in back_pairs}
    assert shift == {frozenset(p) for p in pairs}


def test_iter_lines_shows_blocked_lines() -> None:
    m = BattleMap.from_ascii(["....", ".#..", "...."])
    lines = list(iter_lines(m, (0, 1), (2, 1)))
    assert len(lines) == 16
    blocked = sum(1 for *_, b in lines if b)
    assert 0 < blocked < 16
    assert line_of_effect(m, (0, 1), 1, (2, 1))


def test_line_of_effect_between_big_spaces() -> None:
    m = BattleMap.from_ascii(["..#..", "..#..", "..#..", "....."])
    assert not line_of_effect(m, (0, 0), 1, (4, 0), 1)
    assert line_of_effect(m, (0, 0), 2, (3, 2), 2)  # their lower squares see each other
    assert line_of_effect(m, (0, 0), 3, (1, 1), 1)  # overlapping


def test_burst() -> None:
    m = BattleMap.open(20, 20)
    assert len(burst_squares(m, (10, 10), 5)) == 4
    assert len(burst_squares(m, (10, 10), 10)) == 12
    assert len(burst_squares(m, (10, 10), 20)) == 4 * len(
        [(x, y) for x in range(1, 5) for y in range(1, 5) if max(x, y) + min(x, y) // 2 <= 4]
    )
    walled = BattleMap.from_ascii(["......", "......", "######", "......"])
    squares = burst_squares(walled, (3, 1), 20)
    assert squares and all(y < 2 for _, y in squares)
    assert point_line_of_effect(walled, (3, 1), (0, 0))
    assert not point_line_of_effect(walled, (3, 1), (3, 3))
