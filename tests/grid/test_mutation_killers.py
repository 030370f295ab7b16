"""Grid rules pinned in every direction: cover (big creatures, reach), flanking's corner
lines, and the charge lane, each checked under the eight symmetries of the square.

Written against mutants that survived ``make mutate`` (docs/mutation.md): a rule tested
from one side only lets a mutant that breaks it on the other side pass. Every expected
value below is worked out by hand from the cited rule; the pictures use the marks of
tests/grid/test_cover.py (``A``/``a`` attacker, ``T``/``t`` target, ``c`` a creature,
``#`` wall, ``=`` low wall).
"""

from __future__ import annotations

import random
import re

import pytest

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.concealment import concealment, line_of_sight
from d20combat.grid.cover import CoverKind, cover
from d20combat.grid.flanking import flanks
from d20combat.grid.lines import point_line_of_effect
from d20combat.grid.movement import (
    centre_line,
    charge_lane,
    clear_charge_path,
    distance_field,
    movement_costs,
    path_between,
    path_cost,
)
from d20combat.grid.occupancy import Occupancy
from d20combat.grid.reach import threat_template, threatened_squares
from d20combat.grid.squares import Square, adjacent, footprint, square_name

NONE, SOFT, COVER, IMPROVED, TOTAL = (
    CoverKind.NONE,
    CoverKind.SOFT,
    CoverKind.COVER,
    CoverKind.IMPROVED,
    CoverKind.TOTAL,
)

# The eight symmetries of the square, as maps of an offset (dx, dy).
SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (-x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, x),
    lambda x, y: (y, -x),
    lambda x, y: (-y, -x),
]


def pictures(picture: str) -> list[str]:
    """The picture turned and mirrored eight ways (all different for a lopsided one)."""
    rows = picture.strip("\n").split("\n")
    out = []
    for transpose in (False, True):
        grid = ["".join(r[i] for r in rows) for i in range(len(rows[0]))] if transpose else rows
        for flip_x in (False, True):
            for flip_y in (False, True):
                g = [r[::-1] for r in grid] if flip_x else list(grid)
                out.append("\n".join(g[::-1] if flip_y else g))
    return out


def judge(picture: str, *, melee: bool) -> CoverKind:
    m = BattleMap.from_ascii(picture, marks="AaTtc")

    def space(big: str, small: str) -> tuple[Square, int]:
        squares = list(m.marks.get(big, ())) + list(m.marks.get(small, ()))
        x0 = min(x for x, _ in squares)
        y0 = min(y for _, y in squares)
        return (x0, y0), max(x for x, _ in squares) - x0 + 1

    a, sa = space("A", "a")
    t, st_ = space("T", "t")
    return cover(m, a, sa, t, st_, melee=melee, occupied=set(m.marks.get("c", ()))).kind


# ------------------------------------------------------------------ cover

COVER_CASES = [
    # SRD combat-ii "Soft Cover": a creature between gives +4 against ranged attacks.
    ("A.c.T", False, SOFT),
    # seed 003 "Cover": a melee attack on a target that is not adjacent (a 10-ft reach
    # weapon) uses the ranged rules, so the creature between gives soft cover ...
    ("AcT", True, SOFT),
    ("A.T", True, NONE),
    # ... and a low wall 5 ft from the target (attacker not closer to it) gives cover.
    ("A=T", True, COVER),
    # Reach along a knight's move (10 ft: one diagonal and one straight square) with
    # creatures in both squares beside the line: every corner of the attacker's square
    # has a line through a creature's square or between the two, so soft cover.
    ("Ac.\n.cT", True, SOFT),
    # The same with a creature in the square the centre line crosses: from any corner
    # the line to the target's far corner passes through that square.
    ("A..\n.cT", True, SOFT),
    # An archer hemmed in by creatures at its side and below, shooting diagonally: every
    # line from its far corner slips out between the two (both occupied: blocked, as for
    # walls meeting at a corner, docs/grid.md "Lines"), every other line passes through
    # one of them: soft cover. With only one of them there, that corner sees past.
    ("Ac.\nc..\n..T", False, SOFT),
    ("Ac.\n...\n..T", False, NONE),
    # The same hemmed-in archer shooting at a diagonal neighbour: soft cover; in melee
    # creatures never give cover against an adjacent target (docs/grid.md "Adjacent
    # melee"). A Large archer in that corner: every square it could shoot from is hemmed
    # in the same way.
    ("Ac\ncT", False, SOFT),
    ("Ac\ncT", True, NONE),
    ("aa.\naAc\n.cT", False, SOFT),
    ("aa.\naAc\n.cT", True, NONE),
    # SRD combat-ii "Low Obstacles and Cover": the attacker ignores a low obstacle he is
    # closer to than his target: 10 ft from it against the target's 15 ft, no cover; 15
    # ft against 10 ft, cover.
    ("T..=.A", False, NONE),
    ("T.=..A", False, COVER),
    # seed 003: adjacent melee -- cover if a line from square to square goes through a
    # wall; a ranged attacker picks the shared corner instead and sees the target.
    ("A#\n.T", True, COVER),
    ("A#\n.T", False, NONE),
    ("A=\n.T", True, COVER),
    # Two walls meeting at the corner between diagonal neighbours: no line of effect.
    ("A#\n#T", True, TOTAL),
    # seed 002 "Corners": peeking around a thick corner, only one corner of the target
    # shows: improved cover (+8).
    ("A.....\n......\n...###\n...###\n....T.", False, IMPROVED),
    # SRD combat-ii "Big Creatures and Cover": a Large attacker uses any of its squares;
    # at its natural 10-ft reach a creature between gives soft cover, nothing gives none.
    ("aa..\naAcT", True, SOFT),
    ("aa..\naA.T", True, NONE),
    # The Large attacker reaches around a low wall from its other squares ...
    ("aa.\naA=\n..T", True, NONE),
    # ... but walled on both sides of its only touching square it still gives cover.
    ("aa#\naA=\n.#T", True, COVER),
    # A Huge attacker (3x3) in the same corner: walls on both sides of the touching
    # square, every line from every corner of its space crosses the wall or low wall.
    ("aaa.\naaa#\naaA=\n..#T", True, COVER),
    # "... when making a melee attack against such a creature, you can pick any of the
    # squares it occupies": the Medium target behind the low wall's corner has cover
    # (above), the Large one none, for its lower squares are in plain view.
    ("A=.\n.tt\n.tT", True, NONE),
    # Ranged at a Large target half behind a pillar: the attacker picks the clear square.
    ("A.#.tt\n....tT", False, NONE),
    ("A.#.T.\n......", False, COVER),
]


@pytest.mark.parametrize(("picture", "melee", "expected"), COVER_CASES)
def test_cover_is_the_same_from_every_side(picture: str, melee: bool, expected: CoverKind) -> None:
    """Each case turned and mirrored eight ways, and moved 2 squares right and down (the
    rule is the same anywhere on the map)."""
    turned = pictures(picture)
    moved = [_pad(p) for p in turned]
    got = {p: judge(p, melee=melee) for p in turned + moved}
    assert got == dict.fromkeys(got, expected)


def _pad(picture: str) -> str:
    rows = [".." + r for r in picture.split("\n")]
    return "\n".join(["." * len(rows[0])] * 2 + rows)


def test_cover_defaults_to_a_medium_target_and_a_ranged_attack() -> None:
    """``cover(map, attacker, 1, target)``: a Medium (1-square) target and a ranged
    attack. Behind the wall at (1, 0) the Medium target at (2, 0) has cover (every line
    from the attacker's corners but those along the wall's bottom face crosses it); a
    2x2 target there would show its lower squares. Diagonally round the wall's corner a
    ranged attacker sees the target from the shared corner; in melee it has cover."""
    m = BattleMap.from_ascii([".#..", "....", "...."])
    assert cover(m, (0, 0), 1, (2, 0)).kind is COVER
    assert cover(m, (0, 0), 1, (2, 0), 2).kind is NONE
    assert cover(m, (0, 0), 1, (1, 1)).kind is NONE
    assert cover(m, (0, 0), 1, (1, 1), melee=True).kind is COVER


def test_a_big_attacker_behind_a_wall_has_no_line_of_effect() -> None:
    c = cover(BattleMap.from_ascii(["..#.", "..#."]), (0, 0), 2, (3, 1))
    assert (c.kind, c.reason, c.total) == (TOTAL, "no line of effect", True)


def test_listing_the_creatures_own_squares_changes_nothing() -> None:
    """``cover``'s ``occupied``: "the attacker's and target's own squares are ignored,
    so they may be included". On 6000 seeded random 5x5 maps (walls, low walls, other
    creatures) with Large and Huge attackers and Medium or Large targets, adding either
    creature's own squares to the occupied ones never changes the cover, ranged or
    melee."""
    rng = random.Random(11)
    for _ in range(6000):
        sa, st_ = rng.choice([2, 3]), rng.choice([1, 1, 2])
        a = (rng.randrange(6 - sa), rng.randrange(6 - sa))
        t = (rng.randrange(6 - st_), rng.randrange(6 - st_))
        own_a, own_t = set(footprint(a, sa)), set(footprint(t, st_))
        if own_a & own_t:
            continue
        cells = {(x, y): rng.choice("......#=c") for x in range(5) for y in range(5)}
        for sq in own_a | own_t:
            cells[sq] = "."
        others = {sq for sq, c in cells.items() if c == "c"}
        rows = ["".join(cells[x, y].replace("c", ".") for x in range(5)) for y in range(5)]
        m = BattleMap.from_ascii(rows)
        for melee in (False, True):
            plain = cover(m, a, sa, t, st_, melee=melee, occupied=others).kind
            for extra in (own_a, own_t):
                with_own = cover(m, a, sa, t, st_, melee=melee, occupied=others | extra)
                assert with_own.kind is plain, (rows, a, sa, t, st_, melee, sorted(others))


def test_creatures_own_squares_give_no_cover() -> None:
    """A big creature's own body is not "a square occupied by a creature" between it and
    its foe (SRD combat-ii "Cover"): listing the spaces of a Large target or a Large
    attacker as occupied changes nothing."""
    m = BattleMap.open(8, 8)
    large_target = set(footprint((3, 3), 2))
    large_attacker = set(footprint((0, 0), 2))
    for t in [(3, 3), (3, 0), (0, 3)]:
        own = set(footprint(t, 2))
        assert cover(m, (0, 6), 1, t, 2, occupied=own).kind is NONE
    assert cover(m, (0, 0), 1, (3, 3), 2, occupied=large_target).kind is NONE
    assert cover(m, (0, 0), 2, (5, 5), 1, occupied=large_attacker).kind is NONE
    # a third creature in the way still counts
    assert cover(m, (0, 0), 2, (5, 5), 1, occupied=large_attacker | {(3, 3)}).kind is SOFT


# ------------------------------------------------------------------ flanking


def test_a_line_through_a_corner_flanks() -> None:
    """SRD combat-ii "Flanking": the line between the two attackers' centres must pass
    through opposite borders of the defender's space, "including corners of those
    borders". A Medium attacker with a reach weapon at (-2, -1) from a Medium defender
    at (0, 0): its centre (-1.5, -0.5), an ally's centre (x + .5, y + .5).

    * ally at (1, 0): slope 1/3, the line meets x = 0 at y = 0 (the top-left corner,
      which belongs to the left border) and x = 1 at y = 1/3: left and right: flanks;
    * ally at (1, 1): meets x = 0 at y = 1/2 (left) and leaves by y = 1 at x = 3/4
      (bottom): no;
    * ally at (0, 1): touches only the bottom-left corner (left and bottom): no;
    * the other five squares around the defender: the line misses it or meets two
      adjacent borders.

    So exactly one of the eight squares around the defender flanks with it, and the
    same holds, turned and mirrored, from each of the eight knight's-move squares."""
    ring = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    for sym in SYMMETRIES:
        attacker = sym(-2, -1)
        partners = [b for b in ring if flanks(attacker, 1, b, 1, (0, 0), 1)]
        assert partners == [sym(1, 0)], attacker
        # the relation is symmetric: the partner flanks with the attacker too
        assert flanks(sym(1, 0), 1, attacker, 1, (0, 0), 1)


def test_corner_to_corner_flanks_a_large_defender_only_opposite() -> None:
    """A Large defender at (0, 0) fills [0, 2] x [0, 2]. From the square at its top-left
    corner, (-1, -1), centre (-1/2, -1/2): to the opposite corner square (2, 2) the line
    runs through the corners (0, 0) and (2, 2): flanks; to (2, 1), centre (5/2, 3/2),
    slope 2/3, it enters by the top border (at x = 1/4) and leaves by the right one (at
    y = 7/6): no; (1, 2) likewise; the other squares around it are on the same side.
    So only the opposite corner square, from each of the four corners (turned or
    mirrored about the defender's centre, square x becomes 1 - x)."""
    ring = [(x, y) for x in range(-1, 3) for y in range(-1, 3) if not (0 <= x < 2 and 0 <= y < 2)]
    for fx in (False, True):
        for fy in (False, True):

            def place(x: int, y: int, fx: bool = fx, fy: bool = fy) -> Square:
                return (1 - x if fx else x, 1 - y if fy else y)

            attacker = place(-1, -1)
            partners = [b for b in ring if flanks(attacker, 1, b, 1, (0, 0), 2)]
            assert partners == [place(2, 2)], attacker


def test_flanking_defender_is_medium_by_default() -> None:
    """A defender whose size is not given is Medium (one square): across a 1-square
    defender at (1, 1) from (0, 1) to (2, 1) flanks; for a 2x2 defender the same
    squares would be inside and beside it."""
    assert flanks((0, 1), 1, (2, 1), 1, (1, 1))
    assert not flanks((0, 0), 1, (2, 1), 1, (1, 1))  # the L of a corner and a side
    assert flanks((0, 0), 1, (2, 1), 1, (1, 1), 2)  # the ally is inside a 2x2 defender


def test_a_creature_just_outside_the_defender_is_not_inside() -> None:
    """seed 000 "Mixing It Up": only a creature *inside* the opponent's space flanks with
    any ally. Squares sharing a border with a Medium defender are outside it: a creature
    beside it (left, right, above, below) with an ally at a side square does not flank."""
    for sym in SYMMETRIES:
        beside = sym(-1, 0)
        other = sym(0, -1)
        assert not flanks(beside, 1, other, 1, (0, 0), 1), (beside, other)
        assert flanks(beside, 1, sym(1, 0), 1, (0, 0), 1)


# ------------------------------------------------------------------ charge lane


def test_centre_line_in_every_octant() -> None:
    """The charge lane is the line from the start square's centre to the end square's
    (docs/grid.md; SRD combat-ii "Charge": "if any line from your starting space to the
    ending space passes through a square that blocks movement ..."). For (3, 1) the
    line y = 1/2 + (x - 1/2)/3 crosses x = 1 at y = 2/3 (square (1, 0)), x = 2 exactly
    at y = 1 -- a grid corner, slipping between (2, 0) and (1, 1) -- and ends in
    (3, 1). Mirrored about the start centre a square (i, j) becomes (-i, j) etc., so
    each octant's lane is the mirror image, corner pair included."""
    for sym in SYMMETRIES:
        squares, grazed = centre_line(*sym(3, 1))
        assert list(squares) == [sym(0, 0), sym(1, 0), sym(2, 1), sym(3, 1)]
        assert [set(g) for g in grazed] == [{sym(2, 0), sym(1, 1)}]


@pytest.mark.parametrize(
    ("end", "lane"),
    [
        # straight: every square on the way, the end included, the start left out
        ((4, 0), [(1, 0), (2, 0), (3, 0), (4, 0)]),
        # diagonal: the centre line runs through the corners, so only the diagonal squares
        ((3, 3), [(1, 1), (2, 2), (3, 3)]),
        # a knight-like (2, 1): y = 1/2 + (x - 1/2)/2 is 3/4 at x = 1 and 5/4 at x = 2:
        # squares (1, 0), (1, 1), (2, 1)
        ((2, 1), [(1, 0), (1, 1), (2, 1)]),
        # (4, 1): y = 1/2 + (x - 1/2)/4: 5/8, 7/8, 9/8, 11/8 at x = 1..4
        ((4, 1), [(1, 0), (2, 0), (2, 1), (3, 1), (4, 1)]),
    ],
)
def test_charge_lane_in_every_direction(end: Square, lane: list[Square]) -> None:
    for sym in SYMMETRIES:
        assert charge_lane((5, 5), _add((5, 5), sym(*end))) == [_add((5, 5), sym(*s)) for s in lane]


def test_large_charge_lane_in_every_direction() -> None:
    """A Large charger (2x2) at (5, 5) charging 3 squares straight: each of its squares
    draws its own line, so the lane is the two-square-wide band ahead of it, its
    starting space left out (docs/grid.md, "the charge lane")."""
    start = set(footprint((5, 5), 2))
    for dx, dy in [(3, 0), (-3, 0), (0, 3), (0, -3)]:
        lane = set(charge_lane((5, 5), (5 + dx, 5 + dy), 2))
        swept = {(x + k * dx // 3, y + k * dy // 3) for x, y in start for k in range(1, 4)}
        assert lane == swept - start


def test_a_creature_in_the_lane_stops_the_charge_from_every_side() -> None:
    """SRD combat-ii "Charge": a creature (even an ally) on the line stops the charge;
    one beside the line, or at a corner the line slips past, does not."""
    m = BattleMap.open(11, 11)
    c = (5, 5)
    for sym in SYMMETRIES:
        end = _add(c, sym(3, 1))
        assert clear_charge_path(m, c, end)
        for on_lane in [(1, 0), (2, 1), (3, 1)]:
            assert not clear_charge_path(m, c, end, 1, {_add(c, sym(*on_lane))})
        # the corner the line passes exactly: one creature there does not block
        assert clear_charge_path(m, c, end, 1, {_add(c, sym(2, 0))})
        assert clear_charge_path(m, c, end, 1, {_add(c, sym(1, 1))})
        # beside the lane
        assert clear_charge_path(m, c, end, 1, {_add(c, sym(1, -1))})


def _add(a: Square, b: Square) -> Square:
    return (a[0] + b[0], a[1] + b[1])


# ------------------------------------------------------------------ edges and neighbours


def test_spaces_touching_on_any_side_or_corner_are_adjacent() -> None:
    """SRD combat-ii "Threatened Squares" / "Big Creatures": two spaces are adjacent when
    they touch at a side or a corner without overlapping: the 8 squares around a Medium
    creature, the 12 around a Large one; not its own space, nor a square 5 ft off."""
    ring = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    assert all(adjacent((5, 5), 1, (5 + x, 5 + y), 1) for x, y in ring)
    assert not adjacent((5, 5), 1, (5, 5), 1)  # the same space overlaps
    assert not adjacent((5, 5), 1, (5, 7), 1) and not adjacent((5, 5), 1, (7, 6), 1)
    large_ring = [(x, y) for x in range(-1, 3) for y in range(-1, 3)]
    around = [p for p in large_ring if not (0 <= p[0] < 2 and 0 <= p[1] < 2)]
    assert len(around) == 12
    assert all(adjacent((5, 5), 2, (5 + x, 5 + y), 1) for x, y in around)
    assert not adjacent((5, 5), 2, (5, 8), 1)


def test_threatened_squares_stop_at_the_map_edge() -> None:
    """A Medium creature in the bottom-right corner of a 3x3 map threatens the three
    squares around it that exist (SRD combat-i "Threatened Squares"): (1, 1), (2, 1),
    (1, 2); in the top-left corner (0, 0): (1, 0), (0, 1), (1, 1)."""
    medium = threat_template(1, 5)
    corner = sorted(threatened_squares((2, 2), medium, width=3, height=3))
    assert corner == [(1, 1), (1, 2), (2, 1)]
    origin = sorted(threatened_squares((0, 0), medium, width=3, height=3))
    assert origin == [(0, 1), (1, 0), (1, 1)]
    assert len(list(threatened_squares((2, 2), medium))) == 8  # no map given: no clipping


def test_near_at_radius_zero_finds_only_creatures_in_the_space() -> None:
    """Occupancy.near counts footprint distance (5-10-5): a creature sharing the space is
    0 ft away, one beside it on any side 5 ft; at radius 0 only the sharer is near, and
    within 5 ft the sharer comes first."""
    occ: Occupancy[str] = Occupancy()
    occ.add("sharer", (5, 5))
    for name, pos in [("up", (5, 4)), ("down", (5, 6)), ("left", (4, 5)), ("right", (6, 5))]:
        occ.add(name, pos)
    assert occ.near((5, 5), 1, 0) == ["sharer"]
    near = occ.near((5, 5), 1, 5)
    assert near[0] == "sharer" and sorted(near[1:]) == ["down", "left", "right", "up"]
    # a Large ogre at (5, 2) fills rows 2 and 3: its bottom row touches the top of the
    # space at (5, 4) (5 ft away, not 0) and is 10 ft from the space at (5, 5)
    occ.add("ogre", (5, 2), 2)
    assert "ogre" not in occ.near((5, 4), 1, 0) and "ogre" in occ.near((5, 4), 1, 5)
    assert "ogre" not in occ.near((5, 5), 1, 5) and "ogre" in occ.near((5, 5), 1, 10)


# ------------------------------------------------------------------ movement searches


def test_distance_field_reaches_exactly_the_budget() -> None:
    """SRD combat-ii "Measuring Distance": 5 ft a square along a row; with a 30-ft budget
    the field reaches 6 squares (30 ft) and no further."""
    m = BattleMap.open(9, 1)
    assert distance_field(m, [(0, 0)], budget_ft=30) == [0, 5, 10, 15, 20, 25, 30, -1, -1]
    assert distance_field(m, [(0, 0)])[8] == 40


def test_distance_field_keeps_a_large_creature_on_the_map() -> None:
    """A Large creature's position is the top-left square of its 2x2 space, which must
    lie on the map (SRD "Big and Little Creatures in Combat"): on an open 3x3 map it can
    stand at (0, 0), (1, 0), (0, 1), (1, 1) only."""
    m = BattleMap.open(3, 3)
    field = distance_field(m, [(0, 0)], 2)
    reachable = {(i % 3, i // 3): d for i, d in enumerate(field) if d >= 0}
    assert reachable == {(0, 0): 0, (1, 0): 5, (0, 1): 5, (1, 1): 5}


def test_a_swimmer_finds_a_path_through_deep_water() -> None:
    """Deep water blocks walkers, not swimmers (SRD "Aquatic terrain"; docs/grid.md)."""
    m = BattleMap.from_ascii(["SWW."], marks="S")
    assert path_between(m, (0, 0), (3, 0)) is None
    assert path_between(m, (0, 0), (3, 0), swim=True) == (15, [(0, 0), (1, 0), (2, 0), (3, 0)])


def test_reachable_holds_only_reachable_positions() -> None:
    m = BattleMap.from_ascii(["..#.", "..#."])
    r = movement_costs(m, (0, 0), budget_ft=30)
    assert (1, 1) in r and (0, 0) in r
    assert (3, 0) not in r  # behind the wall
    assert (9, 9) not in r and "a1" not in r


def test_squeezing_is_not_asked_off_the_map() -> None:
    """A Large creature squeezes where half its space is open (SRD combat-ii
    "Squeezing"): at (0, 1) on this map its left column is wall, so it squeezes. Off the
    map's right edge nothing is squeezed (the position one square past the end of row 0
    is not the start of row 1)."""
    m = BattleMap.from_ascii(["....", "#...", "#...", "...."])
    r = movement_costs(m, (1, 0), 2, budget_ft=60)
    assert r.squeezed((0, 1))
    assert not r.squeezed((4, 0)) and not r.squeezed((0, 4)) and not r.squeezed((-1, 1))


# ------------------------------------------------------------------ bursts


def test_a_burst_point_sees_past_a_wall_corner_but_not_through_it() -> None:
    """SRD spells "Line of Effect" from a burst's point of origin (a grid intersection;
    docs/grid.md "Lines"). A wall at (0, 1). From the map's corner point (0, 0) to the
    square (1, 2): the segment to its corner (2, 2) runs diagonally through (0, 0)'s
    square, the open grid point (1, 1) and square (1, 1): line of effect. From the
    point (0, 2) to the square (0, 0): straight up the map's edge, or through the wall
    to (1, 0) and (1, 1): no line of effect."""
    m = BattleMap.from_ascii(["....", "#...", "....", "...."])
    assert point_line_of_effect(m, (0, 0), (1, 2))
    assert not point_line_of_effect(m, (0, 2), (0, 0))
    # from (1, 4) on the bottom edge straight up the wall's right face to the corners
    # (1, 1) and (1, 0) of the square (0, 0): a face blocks nothing
    assert point_line_of_effect(m, (1, 4), (0, 0))


def test_a_burst_does_not_leak_into_a_pocket_sealed_by_diagonal_walls() -> None:
    """Walls at (0, 0) and (1, 1) meet at the grid point (1, 1), the bottom-left corner
    of the square (1, 0) (docs/grid.md "Lines": walls meeting diagonally leave no gap,
    checked at the segment's own ends too). From the points (0, 1) and (0, 2) on the
    left every segment to a corner of (1, 0) either crosses a wall or slips through that
    sealed point; from (4, 0), along the top edge, the corner (2, 0) is in plain view."""
    m = BattleMap.from_ascii(["#...", ".#..", "....", "...."])
    assert not point_line_of_effect(m, (0, 1), (1, 0))
    assert not point_line_of_effect(m, (0, 2), (1, 0))
    assert point_line_of_effect(m, (4, 0), (1, 0))
    assert point_line_of_effect(m, (2, 2), (1, 0))  # up past the wall's right face


# ------------------------------------------------------------------ concealment


def _random_scenes(
    seed: int, count: int
) -> list[tuple[BattleMap, list[str], Square, int, Square, int]]:
    """Seeded 6x6 maps of floor, fog, darkness and walls with an attacker (1-3 squares
    wide) and a target (1-2) on open or foggy squares, not overlapping."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        sa, st_ = rng.choice([1, 2, 3]), rng.choice([1, 2])
        a = (rng.randrange(7 - sa), rng.randrange(7 - sa))
        t = (rng.randrange(7 - st_), rng.randrange(7 - st_))
        spaces = set(footprint(a, sa)) | set(footprint(t, st_))
        if len(spaces) < sa * sa + st_ * st_:
            continue
        rows = [
            "".join(
                rng.choice("...f") if (x, y) in spaces else rng.choice("......ff#d")
                for x in range(6)
            )
            for y in range(6)
        ]
        out.append((BattleMap.from_ascii(rows), rows, a, sa, t, st_))
    return out


def _turn(rows: list[str], pos: Square, n: int, k: int) -> tuple[list[str], Square]:
    """The map and a space's top-left square under symmetry ``k`` (0..7) of the 6x6 map."""
    grid = [list(r) for r in rows]

    def f(x: int, y: int) -> Square:
        if k & 4:
            x, y = y, x
        if k & 1:
            x = 5 - x
        if k & 2:
            y = 5 - y
        return (x, y)

    turned = [["."] * 6 for _ in range(6)]
    for y in range(6):
        for x in range(6):
            nx, ny = f(x, y)
            turned[ny][nx] = grid[y][x]
    corners = [f(x, y) for x, y in footprint(pos, n)]
    return ["".join(r) for r in turned], (min(c[0] for c in corners), min(c[1] for c in corners))


def test_concealment_is_the_same_from_every_side() -> None:
    """SRD combat-ii "Concealment" has no preferred direction: turning or mirroring the
    whole scene (map, attacker, target) never changes the miss chance. 400 seeded
    scenes, eight ways each."""
    for m, rows, a, sa, t, st_ in _random_scenes(5, 400):
        want = concealment(m, a, sa, t, st_).miss_chance
        for k in range(1, 8):
            rows_k, a_k = _turn(rows, a, sa, k)
            _, t_k = _turn(rows, t, st_, k)
            got = concealment(BattleMap.from_ascii(rows_k), a_k, sa, t_k, st_).miss_chance
            assert got == want, (rows, a, sa, t, st_, k)


def test_a_big_viewer_uses_its_best_square_and_sees_any_square_of_a_big_target() -> None:
    """SRD combat-ii "Big Creatures and Cover" (and so concealment, traced the same way,
    seed 003 "Concealment"): a big attacker may use any square it occupies, and pick any
    square of a big target. So the miss chance against a big target from a big attacker
    is never more than from a Medium creature standing in any one of the attacker's
    squares at any one of the target's, and whatever one of those sees, the big one
    sees (line of sight: less than total concealment). 400 seeded scenes."""
    for m, rows, a, sa, t, st_ in _random_scenes(9, 400):
        whole = concealment(m, a, sa, t, st_).miss_chance
        sees = line_of_sight(m, a, sa, t, st_)
        for sq_a in footprint(a, sa):
            for sq_t in footprint(t, st_):
                part = concealment(m, sq_a, 1, sq_t, 1).miss_chance
                assert whole <= part, (rows, a, sa, t, st_, sq_a, sq_t)
                if line_of_sight(m, sq_a, 1, sq_t, 1):
                    assert sees, (rows, a, sa, t, st_, sq_a, sq_t)


def test_a_move_cannot_start_off_the_map() -> None:
    m = BattleMap.open(3, 3)
    for start in [(0, 3), (3, 0), (-1, 0), (0, -1)]:
        with pytest.raises(ValueError, match=re.escape(f"start {start} is off the map")):
            movement_costs(m, start, budget_ft=30)
    assert len(movement_costs(m, (0, 2), budget_ft=30).positions()) == 9


def test_a_path_stepping_off_the_map_has_no_cost() -> None:
    """``path_cost``: a step from a square off the right edge is illegal, even where its
    flat index would alias a legal step ((3, 0) on a 3-wide map is where (0, 1) is)."""
    m = BattleMap.open(3, 3)
    assert path_cost(m, [(0, 1), (0, 2)]) == 5
    assert path_cost(m, [(3, 0), (0, 2)]) is None


# ------------------------------------------------------------------ small contracts


def test_footprints() -> None:
    """A space's squares, top-left first, row by row; a Medium space (the default) is
    its one square (SRD combat-ii "Big and Little Creatures": Large 2x2, Huge 3x3)."""
    assert footprint((3, 4)) == ((3, 4),)
    assert footprint((3, 4), 2) == ((3, 4), (4, 4), (3, 5), (4, 5))
    assert footprint((0, 0), 2) == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert footprint((5, 1), 3)[-1] == (7, 3) and len(footprint((5, 1), 3)) == 9


def test_square_names_of_tuples_and_lists() -> None:
    """``b3`` is column 2, row 3; a position read back from JSON is a list."""
    assert square_name((1, 2)) == "b3" and square_name([1, 2]) == "b3"  # type: ignore[arg-type]
    assert square_name((27, 9)) == "ab10"


def test_a_custom_legend_is_kept_by_the_map() -> None:
    """A map's own legend (docs/scenario-schema.md ``legend``) stays with it: the symbol
    it defines is known to the map and printed back."""
    m = BattleMap.from_ascii([".X.", "..."], {"X": "wall"})
    assert "X" in m.legend and not m.walkable(1, 0)
    assert m.to_ascii().splitlines()[0] == ".X."
