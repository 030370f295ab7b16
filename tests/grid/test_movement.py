"""Movement costs and paths, squeezing and charge lanes (SRD combat-ii "Tactical
Movement", "Terrain and Obstacles", "Squeezing", "Charge")."""

from __future__ import annotations

import heapq
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.movement import (
    charge_lane,
    clear_charge_path,
    distance_field,
    fit,
    movement_costs,
    path_between,
    path_cost,
)
from d20combat.grid.squares import Square, distance, offsets_within
from d20combat.grid.terrain import (
    BLOCKS_MOVE,
    CORNER,
    DARK,
    DEEP_WATER,
    FOG,
    HAMPERS,
    LOW_OBSTACLE,
)


def grid(text: str | list[str], legend: dict[str, str | list[str]] | None = None) -> BattleMap:
    """A map whose ``S`` (start) and ``T`` (target) are floor marks."""
    return BattleMap.from_ascii(text, legend, marks="ST")


def test_open_ground_costs_are_five_ten_five() -> None:
    m = BattleMap.open(15, 15)
    r = movement_costs(m, (7, 7), budget_ft=30)
    for pos, cost in r.positions().items():
        assert cost == 5 * distance((7, 7), pos)
    assert len(r.positions()) == len(offsets_within(30)) == 121  # within 6 squares, 5-10-5
    assert r.cost((9, 9)) == 15  # two diagonals
    assert r.cost((11, 11)) == 30  # four diagonals: 1 + 2 + 1 + 2
    assert r.cost((12, 12)) is None  # 35 ft: over budget


def test_alternating_diagonals() -> None:
    m = BattleMap.open(10, 10)
    r = movement_costs(m, (0, 0), budget_ft=100)
    assert [r.cost((k, k)) for k in range(1, 6)] == [5, 15, 20, 30, 35]
    path = r.path_to((3, 3))
    assert path == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert path_cost(m, path) == 20


def test_start_parity_continues_a_diagonal_count() -> None:
    m = BattleMap.open(5, 5)
    assert movement_costs(m, (0, 0), budget_ft=30, start_parity=1).cost((1, 1)) == 10


def test_no_diagonal_past_a_wall_corner() -> None:
    m = grid(
        """
S.#
...
"""
    )
    r = movement_costs(m, (0, 0), budget_ft=30)
    assert r.cost((1, 1)) == 5  # diagonal past nothing
    assert r.cost((2, 1)) == 10  # straight: (1, 0) to (2, 1) would cut the corner
    r2 = movement_costs(grid(["S#", ".T"]), (0, 0), budget_ft=30)
    assert r2.cost((1, 1)) == 10  # around the corner: can't cut it
    assert r2.path_to((1, 1)) == [(0, 0), (0, 1), (1, 1)]
    # closed doors are corners too, deep water (like a pit) is not
    assert movement_costs(grid(["S+", ".."]), (0, 0), budget_ft=30).cost((1, 1)) == 10
    assert movement_costs(grid(["SW", ".."]), (0, 0), budget_ft=30).cost((1, 1)) == 5


def test_diagonal_past_creatures_is_allowed() -> None:
    m = BattleMap.open(3, 3)
    r = movement_costs(m, (0, 0), budget_ft=30, blocked={(1, 0), (0, 1)})
    assert r.cost((1, 1)) == 5


def test_difficult_terrain() -> None:
    m = grid(
        """
S,,.
.,,.
....
"""
    )
    r = movement_costs(m, (0, 0), budget_ft=60)
    assert r.cost((1, 0)) == 10  # a square of difficult terrain counts 2
    assert r.cost((1, 1)) == 15  # a diagonal into it counts 3
    assert r.cost((2, 0)) == 20
    # through the clear squares is cheaper than through the rubble
    assert r.cost((3, 0)) == 25  # (0,1),(1,2),(2,2)... or across: 2+2+1 = 5 squares
    assert path_cost(m, [(0, 0), (1, 0), (2, 0), (3, 0)]) == 25


def test_difficult_diagonal_does_not_advance_the_diagonal_count() -> None:
    m = grid(["S...", ".,..", "....", "...."])
    r = movement_costs(m, (0, 0), budget_ft=60)
    # diagonal into rubble (3 squares), then a normal diagonal still counts 1
    assert path_cost(m, [(0, 0), (1, 1), (2, 2)]) == 20
    assert r.cost((2, 2)) == 15  # but going around is cheaper: (1,0) (2,1)... 1 + 1 + 1


def test_doubled_twice() -> None:
    # SRD "Double Movement Cost": rubble on a low wall: x4 (6 diagonally)
    m = grid(["SX", ".."], {"X": ["difficult", "low-wall"]})
    r = movement_costs(m, (0, 0), budget_ft=60)
    assert r.cost((1, 0)) == 20
    assert path_cost(m, [(0, 1), (1, 0)]) == 30
    # shallow water is difficult terrain: one doubling, not two
    w = grid(["SX"], {"X": ["difficult", "shallow-water"]})
    assert movement_costs(w, (0, 0), budget_ft=60).cost((1, 0)) == 10


def test_low_obstacle_counts_double() -> None:
    m = grid(["S=.", "#=#"])
    r = movement_costs(m, (0, 0), budget_ft=30)
    assert r.cost((1, 0)) == 10 and r.cost((2, 0)) == 15


def test_fliers_ignore_difficult_terrain() -> None:
    m = grid(["S,,,", "=,~,"])
    r = movement_costs(m, (0, 0), budget_ft=30, ignore_difficult=True)
    assert r.cost((3, 0)) == 15 and r.cost((3, 1)) == 15


def test_poor_visibility_hampers_those_who_cannot_see() -> None:
    # SRD combat-ii "Hampered Movement": poor visibility hampers like difficult terrain
    # (x2; with rubble x4), for a mover that cannot see there (``unseen``)
    m = grid(["SDD.", "..X."], {"X": ["difficult", "dark"]})
    blind = movement_costs(m, (0, 0), budget_ft=60, unseen=DARK | FOG)
    sighted = movement_costs(m, (0, 0), budget_ft=60, unseen=FOG)  # darkvision
    assert blind.cost((1, 0)) == 10 and sighted.cost((1, 0)) == 5
    assert path_cost(m, [(0, 0), (1, 0), (2, 0)], unseen=DARK) == 20
    assert path_cost(m, [(0, 1), (1, 1), (2, 1)], unseen=DARK) == 25  # 5 + 4 squares
    assert path_cost(m, [(0, 1), (1, 1), (2, 1)]) == 15
    # and nobody charges through it
    assert clear_charge_path(m, (0, 0), (3, 0))
    assert not clear_charge_path(m, (0, 0), (3, 0), unseen=DARK)


def test_deep_water_needs_swimming() -> None:
    m = grid(["SWW."])
    assert movement_costs(m, (0, 0), budget_ft=30).cost((3, 0)) is None
    assert movement_costs(m, (0, 0), budget_ft=30, swim=True).cost((3, 0)) == 15


def test_cannot_end_in_an_allys_square_but_can_pass() -> None:
    m = grid(["S..", "###"])
    r = movement_costs(m, (0, 0), budget_ft=30, no_end={(1, 0)})
    assert r.cost((1, 0)) is None and r.passes((1, 0))
    assert r.cost((2, 0)) == 10
    assert r.path_to((2, 0)) == [(0, 0), (1, 0), (2, 0)]
    assert (1, 0) not in r.positions() and (2, 0) in r


def test_enemies_block() -> None:
    m = grid(["S..", "###"])
    r = movement_costs(m, (0, 0), budget_ft=30, blocked={(1, 0)})
    assert r.cost((2, 0)) is None and not r.passes((1, 0))
    assert r.path_to((2, 0)) == []


def test_budget_stops_the_search() -> None:
    m = BattleMap.open(40, 1)
    r = movement_costs(m, (0, 0), budget_ft=20)
    assert max(r.positions().values()) == 20 and len(r.positions()) == 5
    assert movement_costs(m, (0, 0)).cost((39, 0)) == 195  # no budget


def test_path_between() -> None:
    m = grid(["S.#.", "..#.", "...."])
    cost, path = path_between(m, (0, 0), (3, 0)) or (0, [])
    # around the wall through the bottom row, never cutting its corners
    assert cost == 30 and path[0] == (0, 0) and path[-1] == (3, 0)
    assert path_cost(m, path) == cost
    assert path_between(m, (0, 0), (2, 0)) is None
    assert path_cost(m, [(0, 0), (2, 0)]) is None  # not a single step


def test_large_creature_needs_its_whole_space() -> None:
    m = grid(["....", "....", "..#.", "...."])
    assert fit(m, (0, 0), 2) == 1
    assert fit(m, (1, 1), 2) == 2  # squeezed past the pillar
    assert fit(m, (3, 3), 2) == 0  # off the map
    r = movement_costs(m, (0, 0), 2, budget_ft=30, squeeze=False)
    assert r.cost((2, 0)) == 10 and r.cost((1, 1)) is None


def test_large_creature_squeezes_through_a_one_square_corridor() -> None:
    # SRD "Squeezing": a space at least half as wide; each move counts 2 squares
    m = grid(
        """
..........
..........
####.#####
####.#####
####.#####
..........
..........
"""
    )
    r = movement_costs(m, (3, 0), 2, budget_ft=200)
    # into the corridor (row 1 footprint touches row 2) and through it: squeezed steps
    assert r.squeezed((3, 2)) and r.squeezed((4, 3)) and not r.squeezed((3, 5))
    assert r.cost((3, 5)) == 45  # four squeezed steps at 10 ft each, then 5 ft out
    path = r.path_to((3, 5))
    assert path_cost(m, path, 2) == 45
    assert [p for p in path if r.squeezed(p)] == [(3, 1), (3, 2), (3, 3), (3, 4)]
    # a Medium creature walks it at normal cost
    assert movement_costs(m, (3, 0), budget_ft=200).cost((4, 5)) == 25
    # a corridor too narrow even to squeeze: a Large creature needs half its width (1)
    solid = grid(["....", "####", "...."])
    assert movement_costs(solid, (0, 0), 2, budget_ft=100).cost((0, 1)) is None


def test_huge_creature_squeezes_into_two_squares() -> None:
    m = grid(["......", "......", "......", "##..##", "##..##", "##..##"])
    assert fit(m, (1, 3), 3) == 2  # 2 of 3 columns: at least half (rounded up) of 3
    assert fit(m, (2, 3), 3) == 2  # the same two columns, the nominal space shifted
    assert fit(m, (0, 3), 3) == 0
    assert fit(m, (3, 3), 3) == 0


# ------------------------------------------------------------------ charge


def test_charge_lane() -> None:
    assert charge_lane((0, 0), (4, 0)) == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert charge_lane((0, 0), (3, 3)) == [(1, 1), (2, 2), (3, 3)]
    assert charge_lane((0, 0), (3, 1)) == [(1, 0), (2, 1), (3, 1)]
    assert set(charge_lane((0, 0), (2, 0), 2)) == {(2, 0), (3, 0), (2, 1), (3, 1)}


def test_charge_blocked_by_difficult_terrain_or_a_creature() -> None:
    m = grid(["......", "..,...", "..=...", "......"])
    assert clear_charge_path(m, (0, 0), (5, 0))
    assert not clear_charge_path(m, (0, 1), (5, 1))  # rubble slows movement
    assert not clear_charge_path(m, (0, 2), (5, 2))  # an obstacle hinders movement
    assert not clear_charge_path(m, (0, 0), (5, 0), 1, {(3, 0)})  # even an ally
    assert clear_charge_path(m, (0, 0), (5, 0), 1, {(3, 1)})  # beside the lane
    assert not clear_charge_path(m, (0, 0), (5, 0), 1, {(5, 0)})  # the end is occupied


def test_charge_cannot_cut_a_wall_corner() -> None:
    m = grid(["....", ".#..", "....", "...."])
    assert not clear_charge_path(m, (0, 2), (2, 0))  # diagonal past the pillar's corner
    assert clear_charge_path(m, (0, 3), (3, 0)) is False  # straight through it
    assert clear_charge_path(m, (0, 0), (3, 3)) is False
    assert clear_charge_path(m, (2, 0), (3, 3))  # not touching it


def test_charge_diagonal_between_creatures() -> None:
    m = BattleMap.open(4, 4)
    # moving diagonally past creatures is allowed; the lane only touches their corners
    assert clear_charge_path(m, (0, 0), (2, 2), 1, {(1, 0), (0, 1)})


def test_large_charge() -> None:
    m = grid(["........", "....,...", "........", "........"])
    assert clear_charge_path(m, (0, 0), (5, 0), 2) is False  # the rubble is under its lane
    assert clear_charge_path(m, (0, 2), (5, 2), 2)
    assert clear_charge_path(BattleMap.open(8, 4), (0, 0), (5, 0), 2)


# ------------------------------------------------------------------ oracle


def oracle(m: BattleMap, start: Square, budget: int, unseen: int = 0) -> dict[Square, int]:
    """A direct Dijkstra over (position, diagonal parity) for a 1-square mover."""
    w, h = m.width, m.height

    def corner(x: int, y: int) -> bool:
        return not m.in_bounds(x, y) or bool(m.flags(x, y) & CORNER)

    best: dict[tuple[Square, int], int] = {(start, 0): 0}
    heap = [(0, start, 0)]
    while heap:
        c, (x, y), par = heapq.heappop(heap)
        if best.get(((x, y), par), 1 << 30) < c:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if not dx and not dy:
                    continue
                nx, ny = x + dx, y + dy
                if not (0 <= nx < w and 0 <= ny < h):
                    continue
                f = m.flags(nx, ny)
                if f & (BLOCKS_MOVE | DEEP_WATER):
                    continue
                k = (1 if f & HAMPERS else 0) + (1 if f & LOW_OBSTACLE else 0)
                k += 1 if f & unseen else 0
                npar = par
                if dx and dy:
                    if corner(nx, y) or corner(x, ny):
                        continue
                    if k:
                        step = 3 * 2 ** (k - 1)
                    else:
                        step = 1 + par
                        npar = 1 - par
                else:
                    step = 2**k
                nc = c + step
                if nc > budget:
                    continue
                key = ((nx, ny), npar)
                if nc < best.get(key, 1 << 30):
                    best[key] = nc
                    heapq.heappush(heap, (nc, (nx, ny), npar))
    out: dict[Square, int] = {}
    for (p, _), c in best.items():
        out[p] = min(out.get(p, 1 << 30), 5 * c)
    return out


terrain = st.sampled_from("......,,=#~W+Df")


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_search_matches_a_direct_dijkstra(data: st.DataObject) -> None:
    w = data.draw(st.integers(1, 9))
    h = data.draw(st.integers(1, 9))
    rows = ["".join(data.draw(st.lists(terrain, min_size=w, max_size=w))) for _ in range(h)]
    m = grid(rows)
    start = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    if not m.walkable(*start):
        return
    budget = data.draw(st.sampled_from([5, 10, 15, 30, 60]))
    unseen = data.draw(st.sampled_from([0, FOG, DARK | FOG]))
    r = movement_costs(m, start, budget_ft=budget, unseen=unseen)
    assert r.positions() == oracle(m, start, budget // 5, unseen)
    for pos, cost in r.positions().items():
        path = r.path_to(pos)
        assert path[0] == start and path[-1] == pos
        assert path_cost(m, path, unseen=unseen) == cost


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12), st.integers(3, 12), st.data())
def test_open_area_fast_path_matches_the_search(w: int, h: int, data: st.DataObject) -> None:
    m = BattleMap.open(w, h)
    start = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    budget = data.draw(st.sampled_from([5, 10, 20, 30]))
    r = movement_costs(m, start, budget_ft=budget)
    assert r.positions() == oracle(m, start, budget // 5)
    for pos, cost in r.positions().items():
        assert path_cost(m, r.path_to(pos)) == cost


def test_distance_field() -> None:
    m = grid(["....", ".##.", "...."])
    field = distance_field(m, [(0, 0)])
    assert field[0] == 0 and field[3] == 15 and field[5] == -1
    assert field[2 * 4 + 3] == movement_costs(m, (0, 0)).cost((3, 2))
    two = distance_field(m, [(0, 0), (3, 2)])
    assert two[3] == 10 and two[2 * 4] == 10


@pytest.mark.parametrize("bad", [(-1, 0), (5, 5)])
def test_start_off_the_map(bad: Square) -> None:
    with pytest.raises(ValueError):
        movement_costs(BattleMap.open(3, 3), bad)


def test_search_matches_a_direct_dijkstra_on_fixed_maps() -> None:
    """The property above on 200 seeded maps, so that every run checks the same ones
    (SRD combat-ii "Measuring Distance" 5-10-5, "Hampered Movement", "Squeezing"
    through the oracle's own plain Dijkstra over (square, diagonal parity))."""
    rng = random.Random(2)
    symbols = "......,,=#~W+Df"
    for _ in range(200):
        w, h = rng.randint(2, 8), rng.randint(2, 8)
        m = grid(["".join(rng.choice(symbols) for _ in range(w)) for _ in range(h)])
        start = (rng.randrange(w), rng.randrange(h))
        if not m.walkable(*start):
            continue
        budget = rng.choice([10, 15, 30, 60])
        unseen = rng.choice([0, FOG, DARK | FOG])
        r = movement_costs(m, start, budget_ft=budget, unseen=unseen)
        assert r.positions() == oracle(m, start, budget // 5, unseen), (m.to_ascii(), start)


def test_no_squeezing_half_into_a_closed_door_and_no_charge_from_a_squeeze() -> None:
    # A52: a Large creature may squeeze against a wall, never half into a closed door
    # (its space would reach through it); squeezed against a wall its movement is
    # hindered: no charge (seed 000 "Charge": "nothing can hinder your movement").
    m = grid(
        """
....#......
....+......
....#......
....#......
"""
    )
    assert fit(m, (3, 0), 2) == 0  # over the wall (4, 0) and the door (4, 1)
    assert fit(m, (3, 2), 2) != 0  # squeezed against the wall alone
    assert movement_costs(m, (0, 0), 2, budget_ft=200).cost((3, 1)) is None
    # squeezed at (3, 2), the lane east would pass through the wall unchecked
    assert not clear_charge_path(m, (3, 2), (8, 2), 2)
    assert clear_charge_path(m, (0, 2), (2, 2), 2)
