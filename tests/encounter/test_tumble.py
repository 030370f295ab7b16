"""Tumbling through a foe's space, step by step with scripted dice (SRD combat-ii
"Moving Through a Square": "Overrun and Tumble are the ways to move through an
opponent's square"; seed 004 "Moving Through a Square"; the 3.5 Tumble skill: DC 25, at
half speed, "Failure means you stop before entering the enemy-occupied area and provoke
an attack of opportunity from that enemy").

Red is the kit's soldier without armor, base speed 30 ft (so 15 ft tumbling), with a
Tumble total of +10; Blue the kit's soldier (chainmail). Initiative first (Red, then
Blue); scripted dice give totals (a check's d20 + modifier, an attack roll's face).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action, square_name
from d20combat.encounter.invariants import problems
from d20combat.errors import IllegalActionError
from d20combat.rules.maneuvers.tumble import THROUGH_DC, p_tumble


def tumbler(kit: Any, at: str, *, armor: str | None = None, tumble: int | None = 10) -> str:
    text: str = kit.soldier("Red", at, armor=armor, land=30)
    if tumble is not None:
        skills = f"    stat_block:\n      skills: {{tumble: {tumble}}}\n"
        text = text.replace("    stat_block:\n", skills, 1)
    return text


def duel(kit: Any, rolls: list[int], *, red_at: str = "a2", blue_feats: str = "", **kw: Any) -> Any:
    sides = {
        "red": tumbler(kit, red_at, armor=kw.pop("armor", None), tumble=kw.pop("tumble", 10)),
        "blue": kit.soldier("Blue", "c2", feats=blue_feats),
    }
    return kit.scripted_encounter(".......\n.......\n.......\n", sides, rolls, **kw)


def where(enc: Any, cid: str) -> str:
    return square_name(enc.combatants[cid].pos)


def test_a_tumble_through_a_foe_at_half_speed(kit: Any) -> None:
    # Red a2 -> b2 (Blue threatens b2, not a2: nothing provoked), then the Tumble check
    # from b2: 25 meets DC 25, so it goes on through c2 to d2. Leaving b2 provokes as
    # normal ("provoking attacks of opportunity as normal"), but Blue is flat-footed
    # (it has not acted yet) and has no Combat Reflexes: no attack. The path b2 c2 d2
    # is 15 ft, 30 ft at half speed: Red's whole speed.
    enc = duel(kit, [20, 1, 25])
    enc.apply(parse_action("tumble blue b2 c2 d2"))
    types = [e.type for e in enc.log if e.type not in ("turn", "round", "initiative")]
    assert types == ["move", "tumble", "move"]
    t = next(e for e in enc.log if e.type == "tumble")
    assert t.outcome["result"] == "through" and t.outcome["check"] == 25
    assert t.outcome["dc"] == THROUGH_DC == 25
    assert t.total("tumble").value == 10
    assert "Moving Through a Square" in t.rule
    assert where(enc, "red") == "d2" and where(enc, "blue") == "c2"
    assert not enc.budget.move and enc.budget.standard  # a move action; it may attack
    assert problems(enc) == []


def test_a_failed_tumble_stops_before_the_foe_and_provokes_it(kit: Any) -> None:
    # 24 misses DC 25: Red stops in b2 ("before entering the enemy-occupied area") and
    # Blue (Combat Reflexes: it may while flat-footed) gets its attack of opportunity,
    # a natural 1: a miss. The move action is spent.
    enc = duel(kit, [20, 1, 24, 1], blue_feats="Combat Reflexes")
    enc.apply(parse_action("tumble blue b2 c2 d2"))
    types = [e.type for e in enc.log if e.type not in ("turn", "round", "initiative")]
    assert types == ["move", "tumble", "provoked", "aoo"]
    t = next(e for e in enc.log if e.type == "tumble")
    assert t.outcome["result"] == "stopped" and t.outcome["check"] == 24
    assert where(enc, "red") == "b2" and not enc.budget.move
    assert problems(enc) == []


def test_who_may_tumble_and_where(kit: Any) -> None:
    # Tumble is trained only: no ranks, no tumble; medium armor (chainmail) slows Red,
    # so it cannot tumble; 20 ft of path is 40 ft at half speed, more than 30 ft.
    enc = duel(kit, [20, 1], tumble=None)
    with pytest.raises(IllegalActionError, match="no ranks in Tumble"):
        enc.apply(parse_action("tumble blue b2 c2 d2"))
    assert not any(isinstance(a, A.Tumble) for a in enc.legal_actions())
    enc = duel(kit, [20, 1], armor="chainmail")
    with pytest.raises(IllegalActionError, match="reduced by its armor or load"):
        enc.apply(parse_action("tumble blue b2 c2 d2"))
    enc = duel(kit, [20, 1])
    with pytest.raises(IllegalActionError, match="half speed: the path costs 20 ft, 40 ft"):
        enc.apply(parse_action("tumble blue b2 c2 d2 e2"))
    with pytest.raises(IllegalActionError, match="ends beyond it"):
        enc.apply(parse_action("tumble blue b2 c2"))
    listed = [a for a in enc.legal_actions() if isinstance(a, A.Tumble)]
    assert A.Tumble("blue", ((1, 1), (2, 1), (3, 1))) in listed
    assert all(str(parse_action(str(a))) == str(a) for a in listed)


def test_d20modern_tumbles_as_srd35_without_a_straight_run(kit: Any) -> None:
    # seed 004: "tumble through (with ranks in Tumble)"; the same DC 25 (A235). The
    # overrun's 10 ft of straight movement is not asked: from b1 diagonally into c2,
    # then on to d2.
    enc = duel(kit, [20, 1, 26], red_at="b1", ruleset="d20modern")
    enc.apply(parse_action("tumble blue c2 d2"))
    assert where(enc, "red") == "d2"
    with pytest.raises(IllegalActionError, match="10 ft of straight movement"):
        duel(kit, [20, 1], red_at="b1", ruleset="d20modern").apply(
            parse_action("overrun blue c2 d2")
        )


def test_exact_odds_of_a_tumble_check() -> None:
    # one d20 + modifier against the DC, counted face by face (no natural 1 or 20 rule)
    for mod in range(-5, 31):
        brute = Fraction(sum(1 for face in range(1, 21) if face + mod >= 25), 20)
        assert p_tumble(mod) == brute
    assert p_tumble(10) == Fraction(6, 20)  # 15..20


PLUG = """
....##..
........
........
....##..
"""


def test_the_baseline_tumbles_through_a_plug_to_flank(kit: Any) -> None:
    # A Large Blue fills e2-f3, a plug between walls; Green fights it from d2. Red (speed
    # 60, Tumble +10, sneak attack +2d6) at b3, out of a 5-foot step's reach, can move to
    # d3 (no flank), or tumble c3 d3 e3 f3 g3 (25 ft, 50 ft at half speed) to g3,
    # flanking Blue with Green (the line d2-g3 crosses its west and east sides). The
    # Tumble check succeeds on 15-20: 6/20. Blue has not acted (flat-footed, no Combat
    # Reflexes): tumbling past it costs no attack of opportunity, so 6/20 of the
    # flank's +2 and 2d6 is worth it.
    from d20combat.tactics.policies import policy

    red = tumbler(kit, "b3", tumble=10).replace("land: 30", "land: 60")
    red = red.replace(
        "    stat_block:\n", "    stat_block:\n      special_attacks: [sneak attack +2d6]\n", 1
    )
    blue = kit.soldier("Blue", "e2").replace("size: medium", "size: large")
    green = kit.soldier("Green", "d2")
    enc = kit.scripted_encounter(PLUG, {"red": red + green, "blue": blue}, [20, 10, 1])
    assert p_tumble(10) == Fraction(6, 20)
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Tumble) and choice.target == "blue"
    assert square_name(choice.path[-1]) == "g3"
    # without Tumble ranks the same Red moves next to Blue and attacks unflanked
    plain = red.replace("      skills: {tumble: 10}\n", "")
    enc = kit.scripted_encounter(PLUG, {"red": plain + green, "blue": blue}, [20, 10, 1])
    assert not isinstance(policy("default")(enc, "red"), A.Tumble)


GAP = """
.....
.....
.....
"""


def test_instead_of_a_step_the_baseline_tumbles_round_a_foe_to_flank(kit: Any) -> None:
    # Blue stands at c2; Green fights it from b2. Red (speed 30, BAB +2: one
    # attack, Tumble +10, sneak attack +2d6) at a1 could step to b1 and attack
    # unflanked; tumbling b1 c2 d2 (15 ft, 30 ft at half speed) puts it in d2, across
    # from Green. A flat-footed Blue strikes at nobody, and the step keeps no second
    # attack: the tumble is worth 6/20 of the flank's gain, more than nothing.
    from d20combat.tactics.policies import policy

    red = kit.soldier("Red", "a1", armor=None, land=30, bab=2)
    red = red.replace(
        "    stat_block:\n",
        "    stat_block:\n      skills: {tumble: 10}\n      special_attacks: [sneak attack +2d6]\n",
        1,
    )
    sides = {"red": red + kit.soldier("Green", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(GAP, sides, [20, 10, 1])
    choice = policy("default")(enc, "red")
    assert choice == A.Tumble("blue", ((1, 0), (2, 1), (3, 1)))
    assert str(choice) == "tumble blue b1 c2 d2"
