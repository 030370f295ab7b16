"""Cover on the grid (SRD combat-ii "Cover", seed 003 "Cover", seed 002 "Corners").

Maps mark the attacker ``A`` (``a`` for the rest of a big attacker's space), the target
``T`` (``t``) and other creatures ``c``; marks stand on floor.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.cover import Cover, CoverKind, cover
from d20combat.grid.lines import line_of_effect
from d20combat.grid.occupancy import Occupancy
from d20combat.grid.squares import Square

NONE, SOFT, COVER, IMPROVED, TOTAL = (
    CoverKind.NONE,
    CoverKind.SOFT,
    CoverKind.COVER,
    CoverKind.IMPROVED,
    CoverKind.TOTAL,
)


def place(picture: str) -> tuple[BattleMap, Square, int, Square, int, set[Square]]:
    """The map, attacker position and size, target position and size, other creatures."""
    m = BattleMap.from_ascii(picture, marks="AaTtc")

    def space(big: str, small: str) -> tuple[Square, int]:
        squares = list(m.marks.get(big, ())) + list(m.marks.get(small, ()))
        x0 = min(x for x, _ in squares)
        y0 = min(y for _, y in squares)
        return (x0, y0), max(x for x, _ in squares) - x0 + 1

    a, sa = space("A", "a")
    t, st_ = space("T", "t")
    return m, a, sa, t, st_, set(m.marks.get("c", ()))


def judge(picture: str, *, melee: bool = False) -> Cover:
    m, a, sa, t, st_, others = place(picture)
    return cover(m, a, sa, t, st_, melee=melee, occupied=others)


def test_bonuses_as_data() -> None:
    m = BattleMap.open(5, 5)
    c = cover(m, (0, 0), 1, (4, 4))
    assert (c.kind, c.ac_bonus, c.reflex_bonus, c.reason) == (NONE, 0, 0, "")
    assert not c.any
    table = {k: (cv.ac_bonus, cv.reflex_bonus) for k, cv in _samples().items()}
    assert table == {SOFT: (4, 0), COVER: (4, 2), IMPROVED: (8, 4)}


def _samples() -> dict[CoverKind, Cover]:
    soft = judge("A.c.T")
    wall = judge("A.#.T\n.....")
    slit = judge("..#..\n..!.T\nA.#..")
    return {soft.kind: soft, wall.kind: wall, slit.kind: slit}


def test_open_ground_has_no_cover() -> None:
    assert judge("A.........\n..........\n.........T").kind is NONE


def test_wall_corner_between_attacker_and_target_gives_cover() -> None:
    # SRD diagram: the target stands just past the corner of a wall
    c = judge(
        """
A.......
........
....####
....T...
"""
    )
    assert (c.kind, c.ac_bonus, c.reason) == (COVER, 4, "wall")


def test_pillar_between_gives_cover() -> None:
    assert judge("A.#.T\n.....").kind is COVER
    # lines may run along the pillar's faces: only one or two are blocked
    assert judge(".....\nA.#.T\n.....").kind is COVER


def test_peeking_around_a_corner_gives_improved_cover() -> None:
    # seed 002: three-quarters (improved) cover when just peeking; only one corner of the
    # target's square can be seen from any corner of the attacker's
    c = judge(
        """
A.....
......
...###
...###
....T.
"""
    )
    assert (c.kind, c.ac_bonus, c.reflex_bonus) == (IMPROVED, 8, 4)


def test_behind_a_wall_is_total_cover() -> None:
    c = judge(
        """
A.....
......
######
......
....T.
"""
    )
    assert c.kind is TOTAL and c.total
    assert not line_of_effect(*place("A.....\n......\n######\n......\n....T.")[:5])


def test_thick_corner_total() -> None:
    assert judge("A.....\n......\n...###\n...###\n.....T").kind is TOTAL


def test_walls_meeting_diagonally_seal() -> None:
    # a diagonal wall has no gap: no line slips through the point where two walls meet
    c = judge(
        """
A#..
#...
...T
"""
    )
    assert c.kind is TOTAL
    # but an opening in it lets lines through
    assert judge("A...\n#...\n...T").kind is NONE


def test_door_blocks_until_opened() -> None:
    m, a, sa, t, st_, _ = place("###\nA+T\n###")
    assert cover(m, a, sa, t, st_).kind is TOTAL
    m.open_door(1, 1)
    assert cover(m, a, sa, t, st_).kind is NONE


# ------------------------------------------------------------------ melee, adjacent


def test_adjacent_melee_diagonal_around_a_wall_corner() -> None:
    # seed 003: against an adjacent target, cover if any line from your square to the
    # target's square goes through a wall
    assert judge("A#\n.T", melee=True).kind is COVER
    assert judge("A.\n.T", melee=True).kind is NONE
    # ranged: the attacker shoots from the shared corner instead
    assert judge("A#\n.T").kind is NONE


def test_adjacent_melee_through_a_low_wall() -> None:
    c = judge("A=\n.T", melee=True)
    assert (c.kind, c.reflex_bonus) == (COVER, 2)


def test_adjacent_melee_side_by_side_along_walls_has_no_cover() -> None:
    assert judge("AT\n##", melee=True).kind is NONE
    assert judge("#.\nAT\n##", melee=True).kind is NONE


def test_adjacent_melee_diagonal_between_two_walls_is_total() -> None:
    assert judge("A#\n#T", melee=True).kind is TOTAL


def test_adjacent_melee_ignores_creatures() -> None:
    assert judge("Ac\n.T", melee=True).kind is NONE
    assert judge("Ac\n.T").kind is NONE  # ranged: the shared corner sees past


def test_reach_over_a_low_wall_uses_ranged_rules() -> None:
    # seed 003: a non-adjacent melee target (reach weapon) uses the ranged rules
    assert judge("A=T", melee=True).kind is COVER
    assert judge("AcT", melee=True).kind is SOFT


# ------------------------------------------------------------------ low obstacles


def test_low_wall_within_30_ft_of_target() -> None:
    c = judge("A.=T")
    assert (c.kind, c.reason) == (COVER, "low obstacle")
    # the target 30 ft from the low wall (6 squares): still cover
    assert judge("A..........=......T").kind is NONE  # attacker 55 ft, target 35 ft away
    assert judge("T.....=...........A").kind is COVER  # target 30 ft away, attacker 60 ft


def test_low_wall_more_than_30_ft_from_target() -> None:
    assert judge("T.......=..........A").kind is NONE  # target 40 ft from the wall


def test_attacker_closer_to_low_wall_than_target_ignores_it() -> None:
    assert judge("A=...T").kind is NONE  # attacker 5 ft, target 20 ft from the wall
    assert judge("T=...A").kind is COVER  # reversed: the target hugs the wall
    assert judge("A.=.T").kind is COVER  # equally close: the attacker does not ignore it


def test_low_wall_does_not_block_line_of_effect() -> None:
    m, a, sa, t, st_, _ = place("A=====T")
    assert line_of_effect(m, a, sa, t, st_)


# ------------------------------------------------------------------ soft cover


def test_creature_between_gives_soft_cover_to_ranged_attacks() -> None:
    c = judge("A..c..T")
    assert (c.kind, c.ac_bonus, c.reflex_bonus, c.allows_hide) == (SOFT, 4, 0, False)


def test_creature_off_the_line_gives_nothing() -> None:
    assert judge(".......\nA..c..T\n.......").kind is SOFT  # on some line of every corner
    # the lines from the attacker's top-right corner stay in the top row
    assert judge("A.....T\n...c...\n.......").kind is NONE


def test_occupancy_can_be_passed_as_occupied() -> None:
    m = BattleMap.open(7, 1)
    occ: Occupancy[str] = Occupancy()
    occ.add("archer", (0, 0))
    occ.add("ally", (3, 0))
    occ.add("orc", (6, 0))
    # the attacker's and target's own squares are ignored
    assert cover(m, (0, 0), 1, (6, 0), 1, occupied=occ).kind is SOFT
    occ.remove("ally")
    assert cover(m, (0, 0), 1, (6, 0), 1, occupied=occ).kind is NONE


def test_hard_cover_beats_soft_cover() -> None:
    assert judge("A.c#.T\n......").kind is COVER


# ------------------------------------------------------------------ arrow slits


def test_arrow_slit_gives_improved_cover_to_the_archer_behind_it() -> None:
    archer_behind = """
....#....
...T!...A
....#....
"""
    c = judge(archer_behind)
    assert (c.kind, c.reason) == (IMPROVED, "arrow slit")
    # the archer shoots out: he is closer to the slit than his target and ignores it
    shooting_out = """
....#....
...A!...T
....#....
"""
    assert judge(shooting_out).kind is NONE


# ------------------------------------------------------------------ big creatures


def test_big_attacker_uses_its_best_square() -> None:
    # seed 003 "Big Creatures and Cover": any square it occupies
    medium = judge(
        """
......#....
.....A#....
......#....
.........T.
"""
    )
    large = judge(
        """
......#....
....aA#....
....aa#....
.........T.
"""
    )
    # the Medium attacker's corners are all above the wall's bottom edge (y = 3): every
    # line to the target crosses the wall (at x = 7 the lowest, from (6, 2) to (9, 4), is
    # at y = 8/3): no line of effect; the Large one's lower corner (6, 3) sees along the
    # wall's bottom face, which blocks nothing (docs/grid.md "Lines")
    assert (medium.kind, large.kind) == (TOTAL, NONE)


def test_attacker_picks_any_square_of_a_big_target() -> None:
    assert judge("A.#.tt\n....tT").kind is NONE
    assert judge("A.#.T.\n......").kind is COVER


def test_big_adjacent_melee_may_use_any_square() -> None:
    # a Medium attacker diagonal to its target around a low wall has cover against it...
    assert judge("A=\n.T", melee=True).kind is COVER
    # ...a Large one also reaches from its other squares, around the wall (seed 003)
    assert judge("aa.\naA=\n..T", melee=True).kind is NONE
    # walled on both sides of its only touching square: still cover
    assert judge("aa#\naA=\n.#T", melee=True).kind is COVER


def test_overlapping_spaces_have_no_cover() -> None:
    m = BattleMap.open(3, 3)
    assert cover(m, (0, 0), 3, (1, 1), 1, melee=True).kind is NONE


# ------------------------------------------------------------------ properties

cells = st.sampled_from(".....#=,")


@st.composite
def maps(draw: st.DrawFn) -> BattleMap:
    w = draw(st.integers(2, 7))
    h = draw(st.integers(2, 7))
    rows = ["".join(draw(st.lists(cells, min_size=w, max_size=w))) for _ in range(h)]
    return BattleMap.from_ascii(rows)


@settings(max_examples=150, deadline=None)
@given(maps(), st.data())
def test_line_of_effect_is_symmetric_and_matches_total_cover(
    m: BattleMap, data: st.DataObject
) -> None:
    a = (data.draw(st.integers(0, m.width - 1)), data.draw(st.integers(0, m.height - 1)))
    t = (data.draw(st.integers(0, m.width - 1)), data.draw(st.integers(0, m.height - 1)))
    loe = line_of_effect(m, a, 1, t, 1)
    assert loe == line_of_effect(m, t, 1, a, 1)
    assert (cover(m, a, 1, t, 1).kind is TOTAL) == (not loe)


@settings(max_examples=100, deadline=None)
@given(maps(), st.data())
def test_cover_never_drops_when_a_creature_is_added(m: BattleMap, data: st.DataObject) -> None:
    a = (data.draw(st.integers(0, m.width - 1)), data.draw(st.integers(0, m.height - 1)))
    t = (data.draw(st.integers(0, m.width - 1)), data.draw(st.integers(0, m.height - 1)))
    c = (data.draw(st.integers(0, m.width - 1)), data.draw(st.integers(0, m.height - 1)))
    assert cover(m, a, 1, t, 1, occupied={c}).kind >= cover(m, a, 1, t, 1).kind


@pytest.mark.parametrize("melee", [False, True])
def test_cover_in_open_field_is_none_at_every_offset(melee: bool) -> None:
    m = BattleMap.open(11, 11)
    for x in range(11):
        for y in range(11):
            assert cover(m, (5, 5), 1, (x, y), 1, melee=melee).kind is NONE
