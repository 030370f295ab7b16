"""Overrun in play, step by step with scripted dice (seed 000 "Overrun", "Charge"; seed
002 "Overrun"; seed 004 "Overrun"; SRD feats "Improved Overrun").

The kit's soldiers: Medium, Str 16 (+3), Dex 12 (+1), BAB +6, longsword +9 (1d8+3),
chainmail (AC 16, flat-footed 15; touch 11, flat-footed 10), speed 20 ft. Initiative
first (Red, then Blue); scripted dice give totals (an attack roll's face, a check's
d20 + modifier). The overrun's checks here: Red's Strength +3 against Blue's better of
Strength and Dexterity, +3; the counter-attempt the same, size only (both Medium).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action, square_name
from d20combat.encounter.invariants import problems
from d20combat.errors import IllegalActionError

WIDE = """
..........
..........
..........
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def where(enc: Any, cid: str) -> str:
    return square_name(enc.combatants[cid].pos)


def test_a_blocked_overrun_knocks_the_defender_down_and_goes_on(kit: Any) -> None:
    # Red a2 -> b2, then into Blue's c2: moving in provokes from Blue (seed 000 Step 1;
    # Combat Reflexes: it may while flat-footed): a natural 1 misses. Blue blocks (the
    # default choice: Red's +3 against its +3 wins half the time, not more). Red 15
    # against 5: Blue is knocked prone and Red goes on through c2 to d2; Blue's one
    # attack of opportunity on this movement is spent, so leaving c2 provokes no more.
    enc = kit.duel([20, 1, 1, 15, 5], red_at="a2", blue_at="c2", blue="Combat Reflexes")
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    types = [e.type for e in enc.log if e.type not in ("turn", "round", "initiative")]
    assert types == ["move", "provoked", "aoo", "overrun", "move"]
    over = events(enc, "overrun")[0]
    assert over.outcome["result"] == "knocked down" and over.outcome["check"] == [15, 5]
    assert over.total("overrun check").value == 3 and over.total("overrun resist").value == 3
    assert "seed 000 Overrun" in over.rule
    assert enc.combatants["blue"].has("prone") and where(enc, "red") == "d2"
    b = enc.budget
    assert not b.standard and not b.move and b.overran  # the standard action went on it
    assert problems(enc) == []


def test_an_avoided_overrun_costs_nothing(kit: Any) -> None:
    # seed 000 Step 2: the defender may let the overrunner by: no ill effect, and "the
    # overrun attempt doesn't count against your actions this round". Red passes through
    # to d2 and may still attack (its standard action is left).
    enc = kit.duel([20, 1, 12, 8], red_at="a2", blue_at="c2")
    enc.avoids["blue"] = lambda enc, me, them: True
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    assert events(enc, "overrun-avoided")[0].actor == "blue"
    assert not events(enc, "overrun") and where(enc, "red") == "d2"
    assert enc.budget.standard and not enc.budget.overran
    enc.apply(parse_action("attack blue"))  # a natural 12 + 9 = 21 against AC 15 hits: 8


def test_a_failed_overrun_ends_the_move_before_the_defender(kit: Any) -> None:
    # Red 5 against 15 fails; Blue's counter-attempt 13 against Red's 15 fails too: Red
    # "moves 5 feet back the way it came" (it never left b2 here) and its movement ends.
    enc = kit.duel([20, 1, 5, 15, 13, 15], red_at="a2", blue_at="c2")
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    over = events(enc, "overrun")[0]
    assert over.outcome["result"] == "failed" and over.outcome["counter"] == [13, 15]
    assert over.total("counter check").value == 3 and over.total("counter resist").value == 3
    assert where(enc, "red") == "b2" and not enc.combatants["red"].has("prone")
    assert where(enc, "blue") == "c2" and not enc.combatants["blue"].has("prone")


def test_the_defender_knocks_the_overrunner_down_in_turn(kit: Any) -> None:
    # seed 000 Step 3: "If you lose, the defender may immediately react and make a
    # Strength check opposed by your Dexterity or Strength check (including the size
    # modifiers noted above, but no other modifiers)": 18 against 5: Red falls prone
    # where it stands, b2.
    enc = kit.duel([20, 1, 5, 15, 18, 5], red_at="a2", blue_at="c2")
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    assert events(enc, "overrun")[0].outcome["result"] == "countered"
    assert enc.combatants["red"].has("prone") and where(enc, "red") == "b2"


def test_improved_overrun_no_attack_no_avoiding_and_4_more(kit: Any) -> None:
    # SRD feats / seed 002 (D01): no attack of opportunity (Blue has Combat Reflexes)
    # and +4 on the check (+7: 17 against 13); seed 000: "your target may not choose to
    # avoid you".
    enc = kit.duel(
        [20, 1, 17, 13], red_at="a2", blue_at="c2", red="Improved Overrun", blue="Combat Reflexes"
    )
    enc.avoids["blue"] = lambda enc, me, them: True
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    assert not events(enc, "provoked") and not events(enc, "overrun-avoided")
    over = events(enc, "overrun")[0]
    assert over.total("overrun check").value == 7 and over.outcome["result"] == "knocked down"


def test_the_default_choice_avoids_a_stronger_overrunner(kit: Any) -> None:
    # Red charging: +3 +2 = +5 against +3: it wins more often than not, so Blue avoids.
    # The charge's lane goes on through c2... to e2 (seed 000: "If you were attempting
    # the overrun as part of a charge, you may keep moving").
    enc = kit.duel([20, 1], red_at="a2", blue_at="c2")
    enc.apply(parse_action("charge blue to e2 overrun"))
    assert events(enc, "overrun-avoided") and where(enc, "red") == "e2"
    assert enc.combatants["red"].has("charged")


def test_a_charge_overrun_adds_2_and_goes_on(kit: Any) -> None:
    # seed 000 "Charge": +2 on the overrun's Strength check: 12 + 2 = 14 (+5) against 9.
    enc = kit.duel([20, 1, 14, 9], red_at="a2", blue_at="c2")
    enc.avoids["blue"] = lambda enc, me, them: False
    listed = {str(a) for a in enc.legal_actions() if isinstance(a, A.Charge)}
    assert "charge blue to d2 overrun" in listed
    enc.apply(parse_action("charge blue to e2 overrun"))
    over = events(enc, "overrun")[0]
    assert over.total("overrun check").value == 5 and over.outcome["charging"]
    assert enc.combatants["blue"].has("prone") and where(enc, "red") == "e2"


def test_overrun_paths_and_budget(kit: Any) -> None:
    enc = kit.duel([20, 1], red_at="a2", blue_at="c2")
    with pytest.raises(IllegalActionError, match="ends beyond it"):
        enc.apply(parse_action("overrun blue b2 c2"))  # cannot end in its space
    with pytest.raises(IllegalActionError, match="ends beyond it"):
        enc.apply(parse_action("overrun blue b2 b3"))  # does not pass it
    with pytest.raises(IllegalActionError, match="speed is 20 ft"):
        enc.apply(parse_action("overrun blue b2 c2 d2 e2 f2"))
    enc.apply(parse_action("move b1"))  # the move action spent: no overrun
    with pytest.raises(IllegalActionError, match="move action and the standard action"):
        enc.apply(parse_action("overrun blue c2 d3"))
    # seed 000: at most one size category larger: a goblin cannot overrun an ogre
    sides = {"small": "  - {creature: goblin, at: a2}\n", "big": "  - {creature: ogre, at: c2}\n"}
    enc = kit.scripted_encounter(WIDE, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="at most one size larger"):
        enc.apply(parse_action("overrun ogre b2 c2 d2 e2"))


def test_an_overrun_starts_where_the_overrunner_could_stop(kit: Any) -> None:
    # Gold, Red's friend, stands at b2: Red may pass it, but not fall back into it, so
    # the overrun of Blue at c2 cannot start from b2.
    sides = {
        "red": kit.soldier("Red", "a2") + kit.soldier("Gold", "b2"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(WIDE, sides, [20, 2, 1])
    with pytest.raises(IllegalActionError, match="a square it may stop in"):
        enc.apply(parse_action("overrun blue b2 c2 d2"))


def test_d20modern_needs_10_ft_straight_and_trips(kit: Any) -> None:
    # seed 004 "Overrun": "move at least 10 feet in a straight line into the target's
    # square"; from b2 next to Blue there is no room for it. From a2: b2 then c2, 10 ft.
    # The block is a trip attack (seed 004 "Trip"): the unarmed touch attack (Blue is
    # flat-footed: no attack of opportunity) a natural 10 + 9 = 19 against touch AC 10,
    # then Red 15 against 13: Blue is tripped and Red goes on to d2.
    enc = kit.duel([20, 1], ruleset="d20modern")
    with pytest.raises(IllegalActionError, match="10 ft of straight movement"):
        enc.apply(parse_action("overrun blue c2 d2"))
    # "doesn't get a 5-foot step before, during, or after the overrun attempt"
    enc.apply(parse_action("step a2"))
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(parse_action("overrun blue b2 c2 d2"))
    enc = kit.duel([20, 1, 10, 15, 13], red_at="a2", blue_at="c2", ruleset="d20modern")
    enc.avoids["blue"] = lambda enc, me, them: False
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    assert events(enc, "overrun")[0].outcome["result"] == "blocked"
    trip = events(enc, "trip")[0]
    assert trip.rule == "seed 004 Overrun; seed 004 Trip"
    assert trip.outcome["result"] == "tripped" and trip.outcome["touch_total"] == 19
    assert enc.combatants["blue"].has("prone") and where(enc, "red") == "d2"


def test_d20modern_a_tripped_overrunner_falls_where_it_stands(kit: Any) -> None:
    # seed 004: "If the character fails and are tripped in turn, the character falls
    # prone in the target's square": two creatures never share a square here, so it
    # falls in the square it came from (b2). Touch 10 hits; 5 against 15 loses; Blue's
    # counter-trip 18 against 5.
    enc = kit.duel([20, 1, 10, 5, 15, 18, 5], red_at="a2", blue_at="c2", ruleset="d20modern")
    enc.avoids["blue"] = lambda enc, me, them: False
    enc.apply(parse_action("overrun blue b2 c2 d2"))
    assert events(enc, "trip")[0].outcome["result"] == "countered"
    assert enc.combatants["red"].has("prone") and where(enc, "red") == "b2"


def test_seeded_overruns_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded blocked overruns of Red on a flat-footed Blue knock it down as often as
    ``odds overrun`` says (the same procedure, enumerated), within three standard
    deviations."""
    from d20combat.content.rulesets import ruleset
    from d20combat.encounter.state import Encounter
    from d20combat.odds import overrun_odds

    scenario = kit.make(
        kit.scenario_text(
            WIDE, {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "c2")}
        )
    )
    n, down, seed = 400, 0, 0
    for _ in range(n):
        while True:
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "red":
                break
        enc.avoids["blue"] = lambda enc, me, them: False
        enc.apply(parse_action("overrun blue b2 c2 d2"))
        down += enc.combatants["blue"].has("prone")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    p = float(overrun_odds(red.stats, blue.stats, ruleset()).p_success)
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(down - n * p) <= 3 * sd, (down, n * p, sd)
