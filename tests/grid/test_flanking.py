"""Flanking (SRD combat-ii "Flanking", seed 003 "Flanking", seed 000 "Mixing It Up").

Pictures mark the attacker ``A`` (``a`` for the rest of a big one), the ally ``B``
(``b``) and the defender ``D`` (``d``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.flanking import flanks
from d20combat.grid.squares import Square, footprint


def space(m: BattleMap, big: str, small: str) -> tuple[Square, int]:
    squares = list(m.marks.get(big, ())) + list(m.marks.get(small, ()))
    x0 = min(x for x, _ in squares)
    y0 = min(y for _, y in squares)
    return (x0, y0), max(x for x, _ in squares) - x0 + 1


def flanked(picture: str) -> bool:
    m = BattleMap.from_ascii(picture, marks="AaBbDd")
    a, sa = space(m, "A", "a")
    b, sb = space(m, "B", "b")
    d, sd = space(m, "D", "d")
    return flanks(a, sa, b, sb, d, sd)


@pytest.mark.parametrize(
    "picture",
    [
        "ADB",  # opposite sides
        "A..\n.D.\n..B",  # opposite corners
        ".A.\n.D.\n.B.",
        "..A\n.D.\nB..",
    ],
)
def test_medium_flanks(picture: str) -> None:
    assert flanked(picture)


@pytest.mark.parametrize(
    "picture",
    [
        "A..\n.D.\n.B.",  # a corner and a side: the line meets the left and bottom borders
        "A..\n.DB",  # an L: top and right borders
        "AD.\n.B.",  # side by side around a corner
        ".A.\nBD.",  # two adjacent sides
        "A.B\n.D.",  # both above
        "A..\n.D.\n...\n..B",  # corner to a far square: passes the corner only
    ],
)
def test_medium_not_flanking(picture: str) -> None:
    assert not flanked(picture)


def test_large_flanker_may_use_any_of_its_squares() -> None:
    # the Large attacker's lower squares line up with the ally across the defender
    picture = """
aa...
aA...
..DB.
"""
    assert flanked(picture)
    # a Medium in the attacker's top-left square alone would not flank
    assert not flanked("A....\n.....\n..DB.")


def test_huge_defender() -> None:
    assert not flanked("....\nAddd\n.ddd\n.dDd\n...B")  # left border to bottom border
    assert flanked("A....\n.ddd.\n.ddd.\n.dDd.\n....B")  # corner to opposite corner
    assert flanked(".....\nAddd.\n.ddd.\n.dDdB\n.....")  # left side to right side
    assert not flanked(".....\nAddd.\n.ddd.\n.dDd.\n....B")  # left to bottom border
    assert flanked(".....\nAddd.\n.ddd.\n.dDdB")
    assert flanked("..A..\n.ddd.\n.ddd.\n.dDd.\n...B.")
    assert not flanked("A....\n.ddd.\n.ddd.\n.dDd.\n.B...")  # corner to bottom border


def test_creature_inside_the_defenders_space_flanks() -> None:
    # seed 000: allies sharing an opponent's space flank each other; one inside gives
    # flanking to allies outside
    assert flanks((1, 1), 1, (0, 0), 1, (0, 0), 3)
    assert flanks((5, 1), 1, (1, 1), 1, (0, 0), 3)
    assert flanks((1, 1), 1, (5, 1), 1, (0, 0), 3)


def reference(a: Square, sa: int, b: Square, sb: int, d: Square, sd: int) -> bool:
    """Independent check: clip each centre-to-centre segment to the defender's box with
    exact fractions, and compare the sides of the entry and exit points."""
    x0, y0 = d
    x1, y1 = x0 + sd, y0 + sd
    if any(x0 <= x < x1 and y0 <= y < y1 for x, y in footprint(a, sa) + footprint(b, sb)):
        return True
    for p in footprint(a, sa):
        for q in footprint(b, sb):
            px, py = Fraction(2 * p[0] + 1, 2), Fraction(2 * p[1] + 1, 2)
            qx, qy = Fraction(2 * q[0] + 1, 2), Fraction(2 * q[1] + 1, 2)
            lo, hi = Fraction(0), Fraction(1)
            for s, e, a_, b_ in ((px, qx, x0, x1), (py, qy, y0, y1)):
                d_ = e - s
                if d_ == 0:
                    if not a_ <= s <= b_:
                        lo, hi = Fraction(1), Fraction(0)
                    continue
                t1, t2 = (a_ - s) / d_, (b_ - s) / d_
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if lo > hi:
                continue

            def sides(
                t: Fraction,
                px: Fraction = px,
                py: Fraction = py,
                qx: Fraction = qx,
                qy: Fraction = qy,
            ) -> set[str]:
                x = px + (qx - px) * t
                y = py + (qy - py) * t
                out = set()
                if x == x0:
                    out.add("L")
                if x == x1:
                    out.add("R")
                if y == y0:
                    out.add("T")
                if y == y1:
                    out.add("B")
                return out

            touched = sides(lo) | sides(hi)
            if {"L", "R"} <= touched or {"T", "B"} <= touched:
                return True
    return False


pos = st.tuples(st.integers(-4, 6), st.integers(-4, 6))
size = st.integers(1, 3)


@given(pos, size, pos, size, size)
def test_flanking_matches_clipping_and_is_symmetric(
    a: Square, sa: int, b: Square, sb: int, sd: int
) -> None:
    d = (0, 0)
    got = flanks(a, sa, b, sb, d, sd)
    assert got == flanks(b, sb, a, sa, d, sd)
    assert got == reference(a, sa, b, sb, d, sd)


@given(pos, pos)
def test_flanking_is_translation_invariant(a: Square, b: Square) -> None:
    assert flanks(a, 1, b, 1, (0, 0), 1) == flanks(
        (a[0] + 7, a[1] - 3), 1, (b[0] + 7, b[1] - 3), 1, (7, -3), 1
    )


@pytest.mark.parametrize("sd", [1, 2, 3])
def test_flanking_matches_clipping_at_every_square_within_reach(sd: int) -> None:
    """Not left to Hypothesis's luck: every pair of Medium creatures within 10 ft of a
    Medium, Large or Huge defender (reach weapons included), corners and all, against the
    exact clipping of :func:`reference` (SRD combat-ii "Flanking": opposite borders,
    "including corners of those borders")."""
    d = (0, 0)
    around = [
        (x, y)
        for x in range(-2, sd + 2)
        for y in range(-2, sd + 2)
        if not (0 <= x < sd and 0 <= y < sd)
    ]
    for a in around:
        for b in around:
            assert flanks(a, 1, b, 1, d, sd) == reference(a, 1, b, 1, d, sd), (a, b)
