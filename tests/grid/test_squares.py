"""Distance (5-10-5), spaces and square names (SRD combat-ii "Measuring Distance")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.errors import InputError
from d20combat.grid.squares import (
    adjacent,
    by_distance,
    closest,
    column_name,
    distance,
    footprint,
    footprint_distance,
    offsets_within,
    overlaps,
    parse_square,
    square_name,
    squares_within,
)

coord = st.integers(-40, 40)
square = st.tuples(coord, coord)


@pytest.mark.parametrize(
    ("b", "feet"),
    [
        ((1, 0), 5),
        ((1, 1), 5),  # first diagonal: 1 square
        ((2, 2), 15),  # second diagonal counts 2
        ((3, 3), 20),  # 1 + 2 + 1
        ((4, 4), 30),  # 1 + 2 + 1 + 2
        ((5, 5), 35),
        ((6, 0), 30),
        ((6, 2), 35),  # 4 straight + 2 diagonals (1 + 2)
        ((2, 1), 10),
        ((3, 1), 15),
        ((-2, 2), 15),
    ],
)
def test_five_ten_five(b: tuple[int, int], feet: int) -> None:
    assert 5 * distance((0, 0), b) == feet


@given(square, square)
def test_distance_is_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a)


@given(square, square, square)
def test_distance_triangle_inequality(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]
) -> None:
    # 5-10-5 is a metric up to the parity of diagonals: it may exceed the sum by at most 1
    assert distance(a, c) <= distance(a, b) + distance(b, c) + 1


@given(square, square)
def test_distance_bounds(a: tuple[int, int], b: tuple[int, int]) -> None:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    assert max(dx, dy) <= distance(a, b) <= dx + dy


def test_footprint_distance() -> None:
    # Large (2x2) at a1 and a Medium at d1: one empty square between them -> 10 ft
    assert footprint_distance((0, 0), 2, (3, 0), 1) == 10
    assert footprint_distance((0, 0), 2, (2, 2), 1) == 5  # diagonal touch
    assert footprint_distance((0, 0), 3, (1, 1), 1) == 0  # inside the space
    assert footprint_distance((0, 0), 3, (5, 5), 2) == 20  # three diagonals: 1 + 2 + 1
    assert footprint_distance((10, 10), 1, (0, 0), 4) == 5 * distance((10, 10), (3, 3))


@given(square, st.integers(1, 4), square, st.integers(1, 4))
def test_footprint_distance_is_nearest_pair(
    a: tuple[int, int], sa: int, b: tuple[int, int], sb: int
) -> None:
    brute = min(distance(p, q) for p in footprint(a, sa) for q in footprint(b, sb))
    assert footprint_distance(a, sa, b, sb) == 5 * brute
    assert footprint_distance(a, sa, b, sb) == footprint_distance(b, sb, a, sa)
    assert overlaps(a, sa, b, sb) == (brute == 0)
    chebyshev = min(
        max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in footprint(a, sa) for q in footprint(b, sb)
    )
    assert adjacent(a, sa, b, sb) == (chebyshev == 1)


def test_offsets_within() -> None:
    assert len(offsets_within(0)) == 1
    assert len(offsets_within(5)) == 9
    assert len(offsets_within(10)) == 21  # 5x5 less the four 15-ft corners
    assert (2, 1) in offsets_within(10) and (2, 2) not in offsets_within(10)
    assert len(offsets_within(5, 2)) == 16
    assert squares_within((0, 0), 5, width=10, height=10) == [(0, 0), (1, 0), (0, 1), (1, 1)]


def test_closest_returns_all_ties() -> None:
    # SRD "Closest Creature": equally close ones are decided by a roll (the caller's)
    assert closest((0, 0), 1, [(3, 0), (0, 3), (5, 5)]) == [(3, 0), (0, 3)]
    assert closest((0, 0), 1, []) == []
    assert by_distance((0, 0), 1, [(5, 5), (1, 0)]) == [(5, (1, 0)), (35, (5, 5))]


@pytest.mark.parametrize(
    ("sq", "name"),
    [
        ((0, 0), "a1"),
        ((1, 2), "b3"),
        ((25, 0), "z1"),
        ((26, 0), "aa1"),
        ((27, 9), "ab10"),
        ((51, 99), "az100"),
        ((52, 0), "ba1"),
        ((702, 0), "aaa1"),
    ],
)
def test_square_names(sq: tuple[int, int], name: str) -> None:
    assert square_name(sq) == name
    assert parse_square(name) == sq
    assert parse_square(name.upper()) == sq


@given(st.integers(0, 5000), st.integers(0, 5000))
def test_square_name_round_trip(x: int, y: int) -> None:
    assert parse_square(square_name((x, y))) == (x, y)


# a 5000-digit row was a ValueError from int() (found by the fuzzer, tests/fuzz)
@pytest.mark.parametrize(
    "bad",
    ["", "a", "1", "a0", "1a", "a-1", "a1b", "é1", "a١", "a" + "9" * 5000, "aaaa1", "a123456"],
)
def test_parse_square_errors(bad: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_square(bad, field="position")
    problem = exc.value.problems[0]
    assert problem.field == "position"
    assert problem.expected is not None and "a1" in problem.expected


def test_column_name_rejects_negative() -> None:
    with pytest.raises(ValueError):
        column_name(-1)
