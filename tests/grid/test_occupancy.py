"""The spatial index of creatures by square."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.grid.occupancy import Occupancy
from d20combat.grid.squares import footprint, footprint_distance


def test_add_move_remove() -> None:
    occ: Occupancy[str] = Occupancy()
    occ.add("giant", (0, 0), 3)
    occ.add("halfling", (1, 1))  # three sizes smaller: may share (the index allows it)
    assert occ.at((1, 1)) == ("giant", "halfling")
    assert occ.count((2, 2)) == 1 and occ.count((3, 3)) == 0
    assert (2, 2) in occ and (3, 0) not in occ
    assert len(occ) == 9 and bool(occ)
    assert occ.footprint("giant") == footprint((0, 0), 3)
    assert occ.size("giant") == 3 and occ.position("halfling") == (1, 1)
    occ.move("giant", (1, 0))
    assert (0, 0) not in occ and occ.at((3, 2)) == ("giant",)
    occ.move("halfling", (5, 5), 2)  # enlarged
    assert occ.size("halfling") == 2 and (6, 6) in occ
    occ.remove("giant")
    assert not occ.placed("giant") and occ.at((1, 1)) == ()
    assert list(occ.ids()) == ["halfling"]
    with pytest.raises(ValueError):
        occ.add("halfling", (0, 0))
    with pytest.raises(KeyError):
        occ.remove("giant")


def test_queries() -> None:
    occ: Occupancy[int] = Occupancy()
    occ.add(1, (0, 0))
    occ.add(2, (3, 0), 2)
    occ.add(3, (10, 10))
    assert occ.occupants([(0, 0), (3, 1), (4, 1), (9, 9)]) == [1, 2]
    assert occ.squares_of([1, 2]) == {(0, 0), (3, 0), (4, 0), (3, 1), (4, 1)}
    assert occ.occupied_except([2]) == {(0, 0), (10, 10)}
    assert occ.near((0, 0), 1, 15) == [1, 2]  # the Large one is 15 ft away
    assert occ.near((0, 0), 1, 10) == [1]
    assert occ.near((9, 9), 1, 5) == [3]


@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 3)),
        min_size=1,
        max_size=30,
    ),
    st.tuples(st.integers(0, 12), st.integers(0, 12)),
    st.integers(1, 3),
    st.sampled_from([0, 5, 10, 15, 30, 60]),
)
def test_near_matches_brute_force(
    placed: list[tuple[int, int, int]], pos: tuple[int, int], size: int, radius: int
) -> None:
    occ: Occupancy[int] = Occupancy()
    for i, (x, y, n) in enumerate(placed):
        occ.add(i, (x, y), n)
    expected = sorted(
        (
            i
            for i, (x, y, n) in enumerate(placed)
            if footprint_distance(pos, size, (x, y), n) <= radius
        ),
    )
    assert sorted(occ.near(pos, size, radius)) == expected
    assert sorted(occ.within(pos, size, radius)) == expected  # the bucket search agrees
    got = occ.near(pos, size, radius)
    dists = [footprint_distance(pos, size, occ.position(i), occ.size(i)) for i in got]
    assert dists == sorted(dists)
    # removing everything empties the index
    for i in range(len(placed)):
        occ.remove(i)
    assert len(occ) == 0


def test_near_orders_ties_by_key_whatever_the_placement_order() -> None:
    """Creatures at the same distance come in key order, both when the area is scanned
    square by square and when every creature is checked: a fight resumed from a save
    (placed in another order) sees the same list."""
    spots = {"c": (3, 2), "a": (2, 3), "b": (1, 2), "d": (2, 1)}  # all 5 ft from (2, 2)
    for order in (["a", "b", "c", "d"], ["d", "c", "b", "a"]):
        occ: Occupancy[str] = Occupancy()
        for k in order:
            occ.add(k, spots[k])
        assert occ.near((2, 2), 1, 5) == ["a", "b", "c", "d"]  # few creatures: all checked
        for i in range(40):  # many creatures far off: the area is scanned
            occ.add(f"far{i:02d}", (30 + i, 30))
        assert occ.near((2, 2), 1, 5) == ["a", "b", "c", "d"]
