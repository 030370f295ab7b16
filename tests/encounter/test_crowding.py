"""Big and little creatures sharing squares in play (seed 000 "Mixing It Up"; SRD
combat-ii "Tiny, Diminutive, and Fine Creatures"): how many fit, and who may withdraw."""

from __future__ import annotations

from typing import Any

import pytest
from tests.encounter.test_timing_rules import OPEN, events, tiny

from d20combat.content.sizes import Size, fits_in_square
from d20combat.encounter import actions as A
from d20combat.errors import IllegalActionError


def _crowd(kit: Any, rats_in_c2: int, rolls: list[int]) -> Any:
    """Blue (a Medium soldier) at c2 with ``rats_in_c2`` Tiny rats in its square, and
    one more rat, Rat, at e2; the rats act first."""
    red = tiny("Rat", "e2") + "".join(tiny(f"Rat{i}", "c2") for i in range(rats_in_c2))
    return kit.scripted_encounter(OPEN, {"red": red, "blue": kit.soldier("Blue", "c2")}, rolls)


def test_two_tiny_creatures_fit_beside_a_medium_foe_and_a_third_does_not(kit: Any) -> None:
    """Seed 000 "Mixing It Up": "up to two Tiny stirges can occupy the same space as
    the human" (four fit a square, half as many two categories apart). With Rat0 and
    Rat1 already in Blue's square c2, Rat can pass through c2 (a Tiny creature may move
    through an occupied square, SRD combat-ii) but cannot stop there: no 5-foot step or
    move ends in c2. With one rat in c2, Rat may step in (it is at d2 after a move)."""
    enc = _crowd(kit, 2, [20, 19, 18, 1])
    assert enc.current.id == "rat"
    rat = enc.combatants["rat"]
    enc.space.place(rat, (3, 1))  # d2, beside Blue
    legal = list(enc.legal_actions())
    assert not any(isinstance(a, A.Step) and a.to == (2, 1) for a in legal)
    assert not any(isinstance(a, A.Move) and a.path[-1] == (2, 1) for a in legal)
    with pytest.raises(IllegalActionError, match="cannot end its movement in c2"):
        enc.check(A.Step((2, 1)))
    enc.check(A.Move(((2, 1), (1, 1))))  # through c2 to b2: allowed
    enc = _crowd(kit, 1, [20, 19, 1])
    enc.space.place(enc.combatants["rat"], (3, 1))
    enc.check(A.Step((2, 1)))


def test_a_square_holds_what_its_sizes_allow() -> None:
    """The seed's numbers: four Tiny to a square (SRD "Big and Little Creatures"), two
    beside a Medium creature (two categories apart), four beside a Large one (three
    apart), one Small in a Huge creature's square, no Medium; a single Tiny creature
    beside a Small one (reading A130)."""
    t, s, m = Size.TINY, Size.SMALL, Size.MEDIUM
    assert fits_in_square([t] * 4) and not fits_in_square([t] * 5)
    assert fits_in_square([m, t, t]) and not fits_in_square([m, t, t, t])
    assert fits_in_square([Size.LARGE, t, t, t, t])
    assert not fits_in_square([Size.LARGE, t, t, t, t, t])
    assert fits_in_square([Size.HUGE, s]) and not fits_in_square([Size.HUGE, m])
    assert fits_in_square([s, t]) and not fits_in_square([s, t, t])
    assert not fits_in_square([m, s])


def test_a_creature_inside_a_larger_foes_space_cannot_withdraw(kit: Any) -> None:
    """Seed 000 "Mixing It Up": "Since a creature can attack into its own space ..., a
    smaller creature in one of the spaces occupied by another creature cannot take a
    withdrawal action." Rat0, in Blue's square c2, has no withdraw; Rat, at e2 alone,
    has."""
    enc = _crowd(kit, 1, [19, 20, 1])
    assert enc.current.id == "rat0"
    assert not any(isinstance(a, A.Withdraw) for a in enc.legal_actions())
    with pytest.raises(IllegalActionError, match="stands in blue's space"):
        enc.check(A.Withdraw(((3, 1), (4, 1))))
    enc.apply(A.EndTurn())
    assert enc.current.id == "rat"
    assert any(isinstance(a, A.Withdraw) for a in enc.legal_actions())
    assert not events(enc, "aoo")


def test_no_smaller_creature_ends_in_a_squeezing_creatures_space(kit: Any) -> None:
    """Seed 000 "Squeezing Through": "While a creature is squeezing through a narrow
    space, it's not possible for other smaller creatures to also occupy that space."
    The ogre (Large) squeezes in the corridor at d5 (its 10-ft space half in the wall
    below). Rat, three sizes smaller, may stop in a Large creature's space in the open
    (seed 000 "Mixing It Up": four Tiny to a square), but not in the squeezing ogre's:
    it may still pass through it (SRD combat-ii, Tiny creatures)."""
    rows = """
    #########
    .........
    .........
    #########
    .........
    #########
    """
    sides = {"red": "  - creature: ogre\n    at: a2\n", "blue": tiny("Rat", "i5")}
    enc = kit.scripted_encounter(rows, sides, [1, 20])
    ogre, rat = enc.combatants["ogre"], enc.combatants["rat"]
    assert enc.current is rat
    enc.space.place(ogre, (3, 4))
    assert "squeezing" in ogre.conditions
    enc.space.place(rat, (5, 4))  # f5, beside the ogre's e5
    with pytest.raises(IllegalActionError, match="cannot end its movement in e5"):
        enc.check(A.Step((4, 4)))
    assert not any(isinstance(a, A.Step) and a.to == (4, 4) for a in enc.legal_actions())
    enc.check(A.Move(((4, 4), (3, 4), (2, 4))))  # through e5 and d5 to c5
    enc.space.place(ogre, (3, 1))  # d2: the open rows, not squeezing
    enc.space.place(rat, (5, 1))
    assert "squeezing" not in ogre.conditions
    enc.check(A.Step((4, 1)))
