"""Big and little creatures sharing squares in play (seed 000 "Mixing It Up"; SRD
combat-ii "Tiny, Diminutive, and Fine Creatures"): how many fit, and who may withdraw."""

from __future__ import annotations

from typing import Any

import pytest
from tests.encounter.test_timing_rules import OPEN, events, tiny

from d20combat.content.sizes import Size, fits_in_square
from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.encounter.combatant import Condition
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.invariants import problems
from d20combat.errors import IllegalActionError
from d20combat.grid.movement import stooping


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


CONFINED = ("stooping", "squeezing")
LOW = """
#########
_________
_________
#########
_________
#########
.........
.........
"""


def test_a_large_creature_stoops_under_a_low_ceiling_and_doubly_so_when_also_narrow(
    kit: Any,
) -> None:
    """Seed 000 "Squeezing Through": "A creature can move through a space with a ceiling
    as low as half its height with the same penalties (in spaces both narrow and low,
    double the penalties)". ``_`` is a ceiling 8 ft high (reading A131); the ogre,
    Large, is read as 16 ft tall: half. In the two-square tunnel (rows 2-3) it stoops:
    -4 on attacks and to AC, each square 10 ft; in the one-square tunnel (row 5) it is
    narrow and low: -8 and -8, and each square still 10 ft (A20: the speed stays halved).
    Blue, Medium (8 ft), is not hindered."""
    sides = {"red": "  - creature: ogre\n    at: a7\n", "blue": kit.soldier("Blue", "i7")}
    enc = kit.scripted_encounter(LOW, sides, [20, 1])
    ogre, blue = enc.combatants["ogre"], enc.combatants["blue"]
    club = ogre.melee_options()[0]
    sword = blue.melee_options()[0]

    def penalties() -> tuple[int, int]:
        """The ogre's own penalties on its attack and to its AC (cover aside)."""
        mine = build_attack(enc, ogre, club, club.bonus, blue)[0].bonus.parts
        theirs = build_attack(enc, blue, sword, sword.bonus, ogre)[0].ac.parts
        return tuple(  # type: ignore[return-value]
            sum(p.modifier.value for p in parts if p.modifier.source.startswith(CONFINED))
            for parts in (mine, theirs)
        )

    assert penalties() == (0, 0)
    enc.space.place(ogre, (3, 1))  # d2: the wide low tunnel
    assert "stooping" in ogre.conditions and "squeezing" not in ogre.conditions
    assert penalties() == (-4, -4)
    assert enc.space.path_cost(ogre, ((4, 1),)) == 10
    enc.space.place(ogre, (3, 4))  # d5: narrow (its lower row is wall) and low
    assert {"stooping", "squeezing"} <= set(ogre.conditions)
    assert penalties() == (-8, -8)
    assert enc.space.path_cost(ogre, ((4, 4),)) == 10
    enc.space.place(ogre, (0, 6))
    assert not {"stooping", "squeezing"} & set(ogre.conditions)
    enc.space.place(blue, (0, 1))
    assert "stooping" not in blue.conditions
    assert enc.space.path_cost(blue, ((1, 1),)) == 5


def test_total_cover_gives_no_ac_modifier_to_an_attack_built_anyway(kit: Any) -> None:
    """Total cover forbids the attack (SRD combat-ii "Total Cover"; the engine refuses it:
    Space.attack_problem); an attack built all the same (the tactics' estimates build
    attacks without asking) must not carry the total-cover marker (-1) as a -1 "cover"
    modifier to AC. Blue at i7 has no line of effect to the ogre in the low tunnel."""
    sides = {"red": "  - creature: ogre\n    at: a7\n", "blue": kit.soldier("Blue", "i7")}
    enc = kit.scripted_encounter(LOW, sides, [20, 1])
    ogre, blue = enc.combatants["ogre"], enc.combatants["blue"]
    sword = blue.melee_options()[0]
    enc.space.place(ogre, (3, 1))
    assert enc.space.cover_bonus(blue, ogre, melee=True) == -1  # total cover
    attack, notes = build_attack(enc, blue, sword, sword.bonus, ogre)
    assert [p.modifier.value for p in attack.ac.parts if p.modifier.source == "cover"] == []
    assert "cover" not in notes


def test_a_creature_over_four_times_a_low_ceilings_height_cannot_pass(kit: Any) -> None:
    """Seed 000 "Squeezing Through": under a ceiling as low as a quarter of its height a
    creature must crawl prone; a Huge creature (32 ft) under the 8-ft ceiling has to:
    standing, it cannot enter (A249), nor start there (the scenario places it standing)."""
    huge = """  - at: a7
    stat_block:
      name: Giant
      size: huge
      type: giant
      abilities: {str: 20, dex: 10, con: 14, int: 6, wis: 10, cha: 6}
      hit_dice: [{count: 8, die: 8}]
      bab: 6
      base_saves: {fort: 6, ref: 2, will: 2}
      natural_attacks: [{name: slam, damage: 1d8, damage_types: [bludgeoning]}]
"""
    rows = LOW + ".........\n"
    enc = kit.scripted_encounter(rows, {"red": huge, "blue": kit.soldier("Blue", "i7")}, [20, 1])
    giant = enc.combatants["giant"]
    assert enc.space.stoop(giant) == 2
    reach = enc.space.reachable(giant, 60)
    low_rows = {1, 2, 4}  # rows 2, 3 and 5
    assert reach.positions()
    assert not any(y + dy in low_rows for _, y in reach.positions() for dy in range(3))
    with pytest.raises(Exception, match="ceiling too low for a Huge creature"):
        kit.scripted_encounter(
            rows, {"red": huge.replace("a7", "a2"), "blue": kit.soldier("Blue", "i7")}, [20, 1]
        )


HALL = """
.........
___......
___......
___......
.........
"""


def test_a_creature_crawls_prone_under_a_ceiling_a_quarter_of_its_height(kit: Any) -> None:
    """Seed 000 "Squeezing Through": "If the ceiling is as low as one-quarter its height,
    the creature can pass only while prone and crawling, with the normal penalties for
    being prone." A Huge giant (32 ft) beside the 8-ft ceiling (a2-c4): standing, it
    cannot go under; prone, it crawls in (5 ft a move action) and cannot stand up there;
    out of it again, it may. A Gargantuan creature (64 ft) cannot pass even prone (A131)."""
    giant = """  - at: d2
    stat_block:
      name: Giant
      size: huge
      type: giant
      abilities: {str: 20, dex: 10, con: 14, int: 6, wis: 10, cha: 6}
      hit_dice: [{count: 8, die: 8}]
      bab: 6
      base_saves: {fort: 6, ref: 2, will: 2}
      natural_attacks: [{name: slam, damage: 1d8, damage_types: [bludgeoning]}]
"""
    enc = kit.scripted_encounter(HALL, {"red": giant, "blue": kit.soldier("Blue", "i5")}, [20, 1])
    g = enc.combatants["giant"]
    assert enc.space.stoop(g) == 2
    # standing, c2 is a squeeze beside the low ceiling (its open part 2 squares wide);
    # b2 leaves it 1 square of 3: no room
    with pytest.raises(IllegalActionError):
        enc.space.path_cost(g, ((2, 1), (1, 1)))
    g.conditions["prone"] = Condition(g.id, 0)
    enc.space.invalidate(g)
    assert enc.space.stoop(g) == 0  # prone: it crawls under, the prone penalties only
    enc.apply(parse_action("crawl c2"))
    enc.apply(parse_action("crawl b2"))
    assert g.pos == (1, 1) and enc.space.crawls_under(g)
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue's turn; the giant's again
    with pytest.raises(IllegalActionError, match="only crawl"):
        enc.check(parse_action("stand"))
    assert problems(enc) == []  # lying there is a valid state (saves)
    enc.space.place(g, (3, 1))
    enc.check(parse_action("stand"))  # out from under it: it may stand
    assert stooping(enc.map, Size.GARGANTUAN.height_ft) == 3


def _small(name: str, at: str) -> str:
    """A Small creature (a halfling-sized fighter, reach 5 ft)."""
    return tiny(name, at).replace("size: tiny", "size: small")


def test_a_small_creature_passes_and_stops_in_a_huge_foes_space(kit: Any) -> None:
    """Seed 000 "Mixing It Up": "a squad of halflings (Small) attacks a bulette (Huge)
    ... they can enter the space the bulette occupies. Each halfling can only occupy one
    space"; seed 000 "Big Creatures" / SRD combat-ii: a creature three sizes smaller may
    move through its squares (D44). The tyrannosaurus (Huge) holds c2-e4. Hal (Small) at
    b3 may stop in c3, or cross to f3; with Pip already in c3, Hal may not stop there
    (one Small creature a square) but may stop in d3. A Medium creature, two sizes
    smaller, may do neither (seed 000: half a human does not fit)."""
    rows = ".........\n" * 5
    sides = {
        "red": "  - creature: tyrannosaurus\n    at: c2\n",
        "blue": _small("Hal", "b3") + _small("Pip", "h5") + kit.soldier("Blue", "a5"),
    }
    enc = kit.scripted_encounter(rows, sides, [1, 20, 2, 3])
    hal = enc.combatants["hal"]
    assert enc.current is hal
    enc.check(A.Move(((2, 2),)))
    enc.check(A.Move(((2, 2), (3, 2), (4, 2), (5, 2))))
    enc.space.place(enc.combatants["pip"], (2, 2))
    with pytest.raises(IllegalActionError, match="cannot end its movement in c3"):
        enc.check(A.Move(((2, 2),)))
    enc.check(A.Move(((2, 2), (3, 2))))
    blue = enc.combatants["blue"]
    enc.space.place(hal, (7, 0))
    enc.space.place(blue, (1, 2))
    enc.apply(A.EndTurn())  # Hal
    enc.apply(A.EndTurn())  # Pip
    assert enc.current is blue
    with pytest.raises(IllegalActionError, match="blocks c3"):
        enc.check(A.Move(((2, 2),)))


def test_a_stooping_creatures_moves_are_searched_at_half_speed(kit: Any) -> None:
    """The ogre on open ground beside a low tunnel: its search counts each step into a
    position under the ceiling double (one doubling, A131), not as plain floor (the
    open-ground shortcut). With 20 ft from a1: e1 along the open rows (4 x 5 ft); a3,
    two steps down, each into a position under the ceiling (2 x 10 ft); not c3, two
    diagonals under it (2 x 15 ft)."""
    rows = """
..........
..........
__________
__________
"""
    sides = {"red": "  - creature: ogre\n    at: a1\n", "blue": kit.soldier("Blue", "j1")}
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    ogre = enc.combatants["ogre"]
    reach = enc.space.reachable(ogre, 20)
    assert reach.cost((4, 0)) == 20  # e1: four squares along the open rows
    assert reach.cost((0, 2)) == 20  # a3: two squares down, both under the ceiling
    assert reach.cost((2, 2)) is None  # c3: 2 diagonal steps into the low rows: 30 ft


def test_a_big_creature_does_not_squeeze_in_over_smaller_ones(kit: Any) -> None:
    """Seed 000 "Squeezing Through": "While a creature is squeezing through a narrow
    space, it's not possible for other smaller creatures to also occupy that space": the
    ogre, squeezed in the corridor (row 5) at d5, cannot stop at e5 with Rat (Tiny, at
    f5) in its space, but may pass it (three sizes apart, A132) and stop beyond; in the open (rows
    2-3), not squeezing, it may stop over Rat (seed 000 "Mixing It Up")."""
    rows = """
    #########
    .........
    .........
    #########
    .........
    #########
    """
    sides = {"red": "  - creature: ogre\n    at: a2\n", "blue": tiny("Rat", "f5")}
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    ogre, rat = enc.combatants["ogre"], enc.combatants["rat"]
    assert enc.current is ogre
    enc.space.place(ogre, (3, 4))  # d5, squeezed: 10 ft a square, 30 ft in all
    enc.check(A.Move(((2, 4),)))
    with pytest.raises(IllegalActionError, match="squeezed in e5: smaller creatures"):
        enc.check(A.Move(((4, 4),)))
    legal = list(enc.legal_actions())
    assert not any(isinstance(a, A.Move) and a.path[-1] == (4, 4) for a in legal)
    assert any(isinstance(a, A.Move) and a.path[-1] == (6, 4) for a in legal)
    enc.check(A.Move(((4, 4), (5, 4), (6, 4))))
    enc.space.place(ogre, (0, 1))
    enc.space.place(rat, (3, 1))  # d2, in the open
    enc.check(A.Move(((1, 1), (2, 1))))
