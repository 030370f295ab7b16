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
    # docs/grid.md "Lines": a line is blocked where it meets the pillar's open interior
    # (1..2, 1..2); along its top or bottom face it is clear. From the attacker's upper
    # corners (0, 1) and (1, 1) the lines to the target's upper corners (2, 1), (3, 1)
    # run along the top face (clear) and those to its lower corners cross the pillar
    # (from (0, 1) to (2, 2): y = 1 + x/2, 3/2..2 over the pillar); the lower corners
    # likewise the other way round: 8 of the 16 lines are blocked.
    blocked = {(a, b) for a, b, b_ in lines if b_}
    upper, lower = [(0, 1), (1, 1)], [(0, 2), (1, 2)]
    assert blocked == {(a, b) for a in upper for b in [(2, 2), (3, 2)]} | {
        (a, b) for a in lower for b in [(2, 1), (3, 1)]
    }
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
    # 20 ft from the intersection (3, 1) (5-10-5, the four squares around it 5 ft):
    # every square of the two rows above the wall is in, the farthest, (0, 0) and
    # (5, 0), 3 squares across and 1 up: 15 ft; the wall row and all behind it are out
    assert squares == [(x, y) for y in (0, 1) for x in range(6)]
    assert point_line_of_effect(walled, (3, 1), (0, 0))
    assert not point_line_of_effect(walled, (3, 1), (3, 3))
