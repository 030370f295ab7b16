"""Squares and space: an illegal stopping place, creatures that fill their squares,
foes that let others pass, played on small maps with scripted dice (every roll given
in order, initiative first).

Sources are cited on each test: SRD combat-ii "Accidentally Ending Movement in an
Illegal Space", "Moving Through a Square" (Designated Exceptions), seed 004 "Moving
Through a Square".
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Condition
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.maneuvers.overrun import overrun_problem_in
from d20combat.errors import IllegalActionError

OPEN = """
.......
.......
.......
"""


def path(*names: str) -> tuple[tuple[int, int], ...]:
    return tuple(A.parse_square(n) for n in names)


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def test_a_mover_stopped_in_an_allys_square_goes_back_to_its_last_legal_position(
    kit: Any,
) -> None:
    """SRD combat-ii "Accidentally Ending Movement in an Illegal Space": Blue walks
    f2-e2-d2-c2 through Green's e2; entering e2 sets off Red's readied move into d2,
    which blocks the way. Blue stops in e2, which Green holds, and is put back in f2,
    the last legal position it occupied (5 ft away: no legal position is closer)."""
    sides = {
        "red": kit.soldier("Red", "d1"),
        "blue": kit.soldier("Blue", "g2") + kit.soldier("Green", "e2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 1, 1, 1])
    enc.apply(A.parse_action("ready move d2 when adjacent"))
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"
    enc.apply(A.parse_action("move f2 e2 d2 c2"))
    settle = events(enc, "settle")[-1]
    assert (settle.actor, settle.outcome["start"], settle.outcome["end"]) == ("blue", "e2", "f2")
    assert enc.combatants["red"].pos == (3, 1) and enc.combatants["blue"].pos == (5, 1)
    assert events(enc, "move")[-1].outcome["stopped"]


def test_a_closer_legal_position_wins_over_the_last_legal_one(kit: Any) -> None:
    """As above, but Blue passes two allies (Green in f2, Cyan in e2): stopped in e2,
    its last legal position g2 is 10 ft back, and d1, which Red has just left, is 5 ft
    away: "the closest legal position, if there's a legal position that's closer"."""
    sides = {
        "red": kit.soldier("Red", "d1"),
        "blue": kit.soldier("Blue", "g2") + kit.soldier("Green", "f2") + kit.soldier("Cyan", "e2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 2, 1, 1, 1, 1])
    enc.apply(A.parse_action("ready move d2 when adjacent"))
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"
    enc.apply(A.parse_action("move f2 e2 d2"))
    settle = events(enc, "settle")[-1]
    assert (settle.outcome["start"], settle.outcome["end"]) == ("e2", "d1")
    assert enc.combatants["blue"].pos == (3, 0)
    # SRD combat-ii "Closest Creature": d1, e1, f1, d3, e3 and f3 are all 1 square from
    # e2, so a d6 picks (A260): the scripted 1 picks the first in row order, d1
    assert [(r.dice, r.total) for r in settle.rolls] == [("1d6", 1)]


def test_a_creature_that_fills_its_squares_is_passed_by_no_one(kit: Any) -> None:
    """SRD combat-ii "Moving Through a Square: Designated Exceptions": "A creature that
    completely fills the squares it occupies cannot be moved past" (the quality ``fills
    its squares``): not by its ally (friends are otherwise passed), not by a foe over
    it once it is helpless (a paralyzed one is otherwise passed), not by an overrun."""
    sides = {
        "red": kit.soldier("Red", "a2") + kit.soldier("Cube", "b2", qualities="fills its squares"),
        "blue": kit.soldier("Blue", "d2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 1])
    red, cube, blue = (enc.combatants[k] for k in ("red", "cube", "blue"))
    assert cube.traits.fills_squares and not red.traits.fills_squares
    with pytest.raises(IllegalActionError, match="blocks b2"):
        enc.check(A.parse_action("move b2 c2"))
    assert "fills its squares" in (overrun_problem_in(enc, blue, cube) or "")
    enc.apply(A.parse_action("move b1 c1"))  # around it: fine
    enc.space.place(red, (0, 1))
    cube.conditions["paralyzed"] = Condition("cube")
    enc.space.invalidate(cube)
    assert cube.restrictions().helpless
    with pytest.raises(IllegalActionError, match="blocks b2"):
        enc.space.path_cost(blue, path("c2", "b2", "a3"))


@pytest.mark.parametrize(("rules", "passes"), [("srd35", False), ("d20modern", True)])
def test_a_foe_that_surrendered_is_passed_as_a_friend_in_d20_modern(
    kit: Any, rules: str, passes: bool
) -> None:
    """seed 004 "Moving Through a Square": "A character can move through a square
    occupied by an unfriendly character who doesn't resist as if the character was
    friendly" (A196: one that surrendered); not to end there. The SRD lets only a
    helpless opponent be passed (D93)."""
    sides = {
        "red": kit.soldier("Red", "a2"),
        "blue": kit.soldier("Blue", "b2") + kit.soldier("Cyan", "g3"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [5, 20, 1], ruleset=rules)
    assert enc.current.id == "blue"
    enc.apply(A.parse_action("surrender"))
    assert enc.combatants["blue"].surrendered
    red = enc.combatants["red"]
    if passes:
        assert enc.space.path_cost(red, path("b2", "c2")) == 10
        with pytest.raises(IllegalActionError, match="occupied"):
            enc.space.path_cost(
                red,
                path(
                    "b2",
                ),
            )
    else:
        with pytest.raises(IllegalActionError, match="opponent blocks b2"):
            enc.space.path_cost(red, path("b2", "c2"))


def test_a_creature_without_reach_threatens_only_its_square_unless_its_block_says(
    kit: Any,
) -> None:
    """seed 000 "Very Small Creatures": "Because Tiny, Diminutive, and Fine creatures
    have no natural reach, they do not normally get attacks of opportunity. Specific
    creatures may be exceptions": a Tiny creature threatens only its own square; one
    whose stat block gives it reach (``reach_ft: 5``, the specific exception) threatens
    the squares around it too."""
    tiny = """
  - at: {at}
    stat_block:
      name: {name}
      size: tiny
      type: animal
      abilities: {{str: 3, dex: 15, con: 10, int: 2, wis: 12, cha: 2}}
      hit_dice: [{{count: 1, die: 8}}]
      bab: 1
      base_saves: {{fort: 2, ref: 4, will: 1}}
      natural_attacks: [{{name: bite, damage: 1d3, damage_types: [piercing]}}]
{extra}"""
    sides = {
        "red": tiny.format(at="b2", name="Rat", extra="")
        + tiny.format(at="f2", name="Snake", extra="      reach_ft: 5\n"),
        "blue": kit.soldier("Blue", "d2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 1])
    rat, snake = enc.combatants["rat"], enc.combatants["snake"]
    assert enc.space.threatened(rat) == frozenset({(1, 1)})
    assert (4, 1) in enc.space.threatened(snake) and len(enc.space.threatened(snake)) == 9


def test_an_attacker_on_raised_ground_has_plus_one_in_melee(kit: Any) -> None:
    """seed 002 Table: Attack Roll Modifiers: "Attacker on higher ground: +1 melee, +0
    ranged" (A203): Red stands on a platform (the legend's ``raised`` terrain, here
    ``^``), Blue below it: Red's longsword +9 (BAB 6, Str 3) becomes +10; Blue's stays
    +9; once both stand on the platform, neither has higher ground."""
    rows = """
    .^^....
    .^^....
    .......
    """
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c3", weapons="longsword, longbow"),
    }
    text = kit.scenario_text(rows, sides).replace("map:\n", "map:\n  legend: {'^': raised}\n")
    enc = kit.scripted(kit.make(text), [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.higher_ground(red, blue) and not enc.space.higher_ground(blue, red)

    def bonus(a: Any, t: Any, weapon: str = "longsword") -> int:
        option = next(o for o in a.ready_options() if o.name == weapon)
        attack, _ = build_attack(enc, a, option, option.bonus, t)
        return int(attack.bonus.value)

    assert bonus(red, blue) == 10 and bonus(blue, red) == 9
    enc.space.place(blue, (2, 0))  # c1: on the platform too
    assert bonus(red, blue) == 9


HUGE = """
  - at: {at}
    stat_block:
      name: {name}
      size: {size}
      type: giant
      abilities: {{str: 29, dex: 8, con: 23, int: 6, wis: 10, cha: 7}}
      hit_dice: [{{count: 14, die: 8}}]
      bab: 10
      base_saves: {{fort: 9, ref: 4, will: 4}}
      natural_attacks: [{{name: slam, damage: 1d8, damage_types: [bludgeoning]}}]
"""


def test_a_very_large_helpless_body_costs_double_to_cross(kit: Any) -> None:
    """SRD combat-ii "Helpless Opponent": "Some creatures, particularly very large ones,
    may present an obstacle even when helpless. In such cases, each square you move
    through counts as 2 squares" (A196: Huge or larger). Red crosses the unconscious
    giant (Huge, c1-e3) from b2 to f2: 10 ft a square over the body (c2, d2, e2), 5 ft
    into f2: 35 ft; no 5-foot step onto it. A helpless Large ogre is crossed at the
    normal cost."""
    rows = "\n".join(["........."] * 3)
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Cyan", "i3"),
        "blue": HUGE.format(at="c1", name="Giant", size="huge") + kit.soldier("Blue", "i1"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1, 2, 3])
    red, giant = enc.combatants["red"], enc.combatants["giant"]
    route = path("c2", "d2", "e2", "f2")
    with pytest.raises(IllegalActionError, match="opponent blocks"):
        enc.space.path_cost(red, route)
    giant.vitals = giant.vitals._replace(hp=-1)
    enc.space.invalidate(giant)
    assert enc.space.heavy(red) == frozenset((x, y) for x in range(2, 5) for y in range(3))
    assert enc.space.path_cost(red, route) == 35
    assert enc.space.reachable(red, 60).cost((5, 1)) == 35
    assert (2, 1) not in enc.space.step_squares(red)
    assert enc.space.path_cost(enc.combatants["cyan"], path("h3")) == 5


def test_a_large_helpless_body_is_crossed_at_the_normal_cost(kit: Any) -> None:
    """As above with a Large ogre (c1-d2): not "very large" (A196): 5 ft a square."""
    rows = "\n".join(["........."] * 3)
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": HUGE.format(at="c1", name="Ogre", size="large") + kit.soldier("Blue", "i1"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1, 2])
    ogre = enc.combatants["ogre"]
    ogre.vitals = ogre.vitals._replace(hp=-1)
    enc.space.invalidate(ogre)
    assert enc.space.heavy(enc.combatants["red"]) == frozenset()
    assert enc.space.path_cost(enc.combatants["red"], path("c2", "d2", "e2")) == 15


def test_a_paralyzed_body_of_any_size_costs_double_to_cross(kit: Any) -> None:
    """SRD conditions "Paralyzed": "A creature can move through a space occupied by a
    paralyzed creature, ally or not. Each square occupied by a paralyzed creature,
    however, counts as 2 squares." The Large ogre (c1-d2) paralyzed: Red crosses c2 and
    d2 at 10 ft each, then e2 at 5: 25 ft; once it can move again, it blocks again."""
    rows = "\n".join(["........."] * 3)
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": HUGE.format(at="c1", name="Ogre", size="large") + kit.soldier("Blue", "i1"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1, 2])
    red, ogre = enc.combatants["red"], enc.combatants["ogre"]
    assert enc.space.heavy(red) == frozenset()  # nobody paralyzed: nothing to pay
    enc.impose(ogre, "paralyzed", "red", 3)
    enc.space.invalidate(ogre)
    assert enc.space.heavy(red) == frozenset((x, y) for x in (2, 3) for y in (0, 1))
    assert enc.space.path_cost(red, path("c2", "d2", "e2")) == 25
    del ogre.conditions["paralyzed"]
    enc.space.invalidate(ogre)
    assert enc.space.heavy(red) == frozenset()
    with pytest.raises(IllegalActionError, match="opponent blocks"):
        enc.space.path_cost(red, path("c2", "d2", "e2"))


CORRIDOR = """
##########
#........#
#........#
##########
"""


def test_a_big_creature_squeezes_past_an_opponent_but_cannot_stop_there(kit: Any) -> None:
    """SRD combat-ii "Squeezing": "A creature can squeeze past an opponent while moving
    but it can't end its movement in an occupied square" (A195). An ogre (Large, 2x2)
    at b2 in a corridor two squares wide passes Blue (e2) by the free row beside him:
    c2 5 ft, d2 and e2 squeezed (10 ft each: a space half as wide), f2 5 ft: 30 ft. It
    may not stop at d2 or e2; a Medium soldier cannot pass Blue at all."""
    sides = {
        "red": HUGE.format(at="b2", name="Ogre", size="large") + kit.soldier("Red", "b3"),
        "blue": kit.soldier("Blue", "e2"),
    }
    sides["red"] = HUGE.format(at="b2", name="Ogre", size="large")
    enc = kit.scripted_encounter(CORRIDOR, sides, [20, 1])
    ogre = enc.combatants["ogre"]
    route = path("c2", "d2", "e2", "f2")
    assert enc.space.path_cost(ogre, route) == 30
    with pytest.raises(IllegalActionError, match="occupied"):
        enc.space.path_cost(ogre, route[:2])
    reach = enc.space.reachable(ogre, 30)
    assert reach.cost((5, 1)) == 30 and reach.cost((3, 1)) is None and reach.passes((3, 1))
    assert enc.current is ogre
    enc.apply(A.Move(route))
    assert ogre.pos == (5, 1) and "squeezing" not in ogre.conditions


def test_no_squeezing_past_where_the_gap_is_too_narrow(kit: Any) -> None:
    """A corridor two squares wide with two soldiers abreast (e2, e3) leaves no free
    half for the ogre: it cannot pass them."""
    sides = {
        "red": HUGE.format(at="b2", name="Ogre", size="large"),
        "blue": kit.soldier("Blue", "e2") + kit.soldier("Cyan", "e3"),
    }
    enc = kit.scripted_encounter(CORRIDOR, sides, [20, 1, 2])
    with pytest.raises(IllegalActionError, match="opponent blocks"):
        enc.space.path_cost(enc.combatants["ogre"], path("c2", "d2", "e2", "f2"))
