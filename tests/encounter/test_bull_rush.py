"""Bull rush in play, step by step with scripted dice (seed 000 "Bull Rush", "Charge";
seed 002 "Bull Rush"; seed 004 "Bull Rush"; SRD feats "Improved Bull Rush").

The kit's soldiers: Medium, Str 16 (+3), Dex 12, BAB +6, longsword +9 (1d8+3),
chainmail (AC 16, flat-footed 15), speed 20 ft. The first two rolls are initiative (Red,
then Blue, then any others in placement order). Scripted dice give totals: a d20 attack
roll's face, a check's d20 + modifier, a d% roll's total. In round 1 a creature that has
not acted is flat-footed: no attack of opportunity without Combat Reflexes (seed 003).
Both Strength checks of a bull rush are d20 + 3 here: Str +3, Medium (no size modifier).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action, square_name
from d20combat.encounter.combatant import Condition
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


def test_entering_provokes_then_the_checks_push_5_ft(kit: Any) -> None:
    # seed 000: moving into Blue's space provokes from Blue (Combat Reflexes: it may
    # while flat-footed): a natural 1 misses. Red 18 against Blue 13 wins by 5, but
    # without moving with it Red pushes Blue 5 ft only: c2 -> d2; Red stays on b2.
    enc = kit.duel([20, 1, 1, 18, 13], blue="Combat Reflexes")
    enc.apply(parse_action("bull-rush blue"))
    assert [e.type for e in enc.log[-4:]] == ["provoked", "aoo", "bull-rush", "pushed"]
    assert events(enc, "provoked")[0].outcome["reason"] == "bull rush: entering blue's space"
    rush = events(enc, "bull-rush")[0]
    assert rush.outcome["check"] == [18, 13] and rush.outcome["push_ft"] == 5
    assert rush.total("bull rush check").value == 3 and rush.total("bull rush resist").value == 3
    assert [r.purpose for r in rush.rolls] == [
        "bull rush: Strength check",
        "bull rush: resisting (Strength)",
    ]
    assert "seed 000 Bull Rush" in rush.rule
    assert (where(enc, "blue"), where(enc, "red")) == ("d2", "b2")
    assert events(enc, "pushed")[0].outcome["path"] == ["d2"]
    assert not enc.budget.standard and not enc.budget.moved  # it did not move: a step is left
    assert problems(enc) == []


def test_moving_with_the_defender_pushes_5_ft_more_per_5_points(kit: Any) -> None:
    # Red 22 against Blue 9 wins by 13: 5 ft + 5 ft for each full 5 points (2) = 15 ft,
    # within Red's 20 ft of speed: Blue c2 -> f2, Red stepping into each square it
    # leaves: b2 -> e2.
    enc = kit.duel([20, 1, 22, 9], rows=WIDE)
    enc.apply(parse_action("bull-rush blue follow"))
    assert (where(enc, "blue"), where(enc, "red")) == ("f2", "e2")
    pushed = events(enc, "pushed")[0].outcome
    assert pushed["pushed_ft"] == 15 and pushed["follower_path"] == ["c2", "d2", "e2"]
    assert enc.budget.moved  # Red moved: no 5-foot step this round
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(parse_action("step e1"))


def test_the_push_stays_within_the_attackers_movement(kit: Any) -> None:
    # Red (speed 20) 23 against Blue 4: 19 points, 5 + 15 = 20 ft; the field is wide
    # enough for more, but 20 ft is Red's movement: Blue c2 -> g2.
    enc = kit.duel([20, 1, 23, 4], rows="............\n............\n............")
    enc.apply(parse_action("bull-rush blue follow"))
    assert where(enc, "blue") == "g2" and where(enc, "red") == "f2"


def test_a_tie_fails_and_the_attacker_is_back_where_it_was(kit: Any) -> None:
    # seed 000: "if you beat the defender's Strength check result": 13 against 13 fails;
    # Red never left b2 (nobody took it): it stands there, not prone.
    enc = kit.duel([20, 1, 13, 13])
    enc.apply(parse_action("bull-rush blue follow"))
    rush = events(enc, "bull-rush")[0]
    assert rush.outcome["result"] == "failed" and rush.outcome["push_ft"] == 0
    assert not events(enc, "pushed")
    assert (where(enc, "blue"), where(enc, "red")) == ("c2", "b2")
    assert not enc.combatants["red"].has("prone")


def test_improved_bull_rush_no_attack_from_the_defender_and_4_more(kit: Any) -> None:
    # SRD feats / seed 000: no attack of opportunity from the defender (Blue has Combat
    # Reflexes, but gets none); seed 002 (D01): +4 on the check: 10 + 7 = 17 vs 13.
    enc = kit.duel([20, 1, 17, 13], red="Improved Bull Rush", blue="Combat Reflexes")
    enc.apply(parse_action("bull-rush blue"))
    assert not events(enc, "provoked")
    assert events(enc, "bull-rush")[0].total("bull rush check").value == 7
    assert where(enc, "blue") == "d2"


def test_third_party_attacks_go_astray_and_the_partners_never_strike_each_other(
    kit: Any,
) -> None:
    # seed 000: "Any attack of opportunity made by anyone other than the defender against
    # you during a bull rush has a 25% chance of accidentally targeting the defender
    # instead", and the other way round; "The two of you do not provoke attacks of
    # opportunity from each other". Gold (Blue's friend) at b1 threatens Red; Jade (Red's
    # friend) at d1 threatens Blue's way; both have Combat Reflexes (two attacks each).
    # 1. Entering Blue's space: Blue (flat-footed) makes no attack; Gold's on Red goes
    #    astray (d% 20 <= 25) onto Blue: a natural 15 + 9 = 24 against Blue's
    #    flat-footed AC 15 hits, 1d8+3 for 7.
    # 2. Red 20 against 9 wins by 11: 15 ft, moving with Blue. Blue leaves c2: Jade's
    #    attack stays on Blue (d% 90 > 25), a natural 1 misses. Red leaves b2: Gold's
    #    second attack stays on Red (d% 50), a natural 1. Then each has made its one
    #    attack on that mover's movement this round (seed 003): no more.
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Jade", "d1", feats="Combat Reflexes"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Gold", "b1", feats="Combat Reflexes"),
    }
    rolls = [20, 10, 1, 5]  # initiative: Red, Jade, Blue, Gold
    rolls += [20, 15, 7]  # Gold's attack of opportunity, astray onto Blue
    rolls += [20, 9]  # the checks
    rolls += [90, 1]  # Jade on the pushed Blue: stays on it, misses
    rolls += [50, 1]  # Gold on Red moving with Blue: stays on Red, misses
    enc = kit.scripted_encounter(WIDE, sides, rolls)
    enc.apply(parse_action("bull-rush blue follow"))
    astray = events(enc, "astray")
    assert [(e.actor, e.outcome["meant"], e.target, e.outcome["strays"]) for e in astray] == [
        ("gold", "red", "blue", True),
        ("jade", "blue", "blue", False),
        ("gold", "red", "red", False),
    ]
    assert astray[0].rolls[0].purpose == "attack of opportunity astray (25%)"
    aoos = events(enc, "aoo")
    assert [(e.actor, e.target) for e in aoos] == [
        ("gold", "blue"),
        ("jade", "blue"),
        ("gold", "red"),
    ]
    assert enc.combatants["blue"].vitals.hp == enc.combatants["blue"].vitals.max_hp - 7
    assert not any(e.actor in ("red", "blue") for e in aoos)  # never each other
    assert (where(enc, "blue"), where(enc, "red")) == ("f2", "e2")
    assert problems(enc) == []


def test_the_push_stops_before_a_wall_or_a_creature(kit: Any) -> None:
    # Blue's friend at d2: the push of 15 ft stops at once, Blue cannot end a step in
    # its friend's square (a push moves it square by square), and Red does not move
    # either. Then a wall behind Blue does the same.
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Gold", "d2"),
    }
    enc = kit.scripted_encounter(WIDE, sides, [20, 2, 1, 20, 9])
    enc.apply(parse_action("bull-rush blue follow"))
    pushed = events(enc, "pushed")[0].outcome
    assert pushed["pushed_ft"] == 0 and pushed["stopped"]
    assert (where(enc, "blue"), where(enc, "red")) == ("c2", "b2")
    enc = kit.duel([20, 1, 20, 9], rows="...#...\n...#...\n...#...")
    enc.apply(parse_action("bull-rush blue follow"))
    assert where(enc, "blue") == "c2" and events(enc, "pushed")[0].outcome["stopped"]


def test_who_may_bull_rush_whom(kit: Any) -> None:
    enc = kit.duel([20, 1], red_at="a2", blue_at="c2")
    assert not [a for a in enc.legal_actions() if isinstance(a, A.BullRush)]
    with pytest.raises(IllegalActionError, match="not next to"):
        enc.apply(parse_action("bull-rush blue"))
    enc = kit.duel([20, 1])
    listed = {str(a) for a in enc.legal_actions() if isinstance(a, A.BullRush)}
    assert listed == {"bull-rush blue", "bull-rush blue follow"}
    enc.combatants["red"].conditions["prone"] = Condition("red", 0)
    with pytest.raises(IllegalActionError, match="prone"):
        enc.apply(parse_action("bull-rush blue"))
    # seed 000: at most one size category larger: a goblin (Small) cannot push an ogre
    sides = {"small": "  - {creature: goblin, at: b2}\n", "big": "  - {creature: ogre, at: c2}\n"}
    enc = kit.scripted_encounter(WIDE, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="at most one size larger"):
        enc.apply(parse_action("bull-rush ogre"))
    # a standard action: not after the turn's attack
    enc = kit.duel([20, 1, 1])
    enc.apply(parse_action("attack blue"))
    with pytest.raises(IllegalActionError, match="standard action"):
        enc.apply(parse_action("bull-rush blue"))


def test_d20modern_no_five_foot_step_before_or_after(kit: Any) -> None:
    # seed 004 "Bull Rush": "doesn't get a 5-foot step before, during, or after the bull
    # rush attempt" (ruleset field bull_rush_no_step).
    enc = kit.duel([20, 1], red_at="a2", blue_at="c2", ruleset="d20modern")
    enc.apply(parse_action("step b2"))
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(parse_action("bull-rush blue"))
    enc = kit.duel([20, 1, 5, 15], ruleset="d20modern")
    enc.apply(parse_action("bull-rush blue"))
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(parse_action("step a2"))
    enc = kit.duel([20, 1, 5, 15])  # srd35: a failed bull rush moved Red nowhere
    enc.apply(parse_action("bull-rush blue"))
    enc.apply(parse_action("step a2"))


def test_a_charge_ends_in_a_bull_rush_with_2_more(kit: Any) -> None:
    # seed 000 "Charge": +2 on the bull rush's Strength check: Red +5 against Blue's +3.
    # The charge a2 -> d2 (15 ft of its 40) leaves 25 ft to move with Blue: Red 23
    # against 4 wins by 19: 5 + 15 = 20 ft: Blue e2 -> i2, Red d2 -> h2.
    enc = kit.duel([20, 1, 23, 4], red_at="a2", blue_at="e2", rows="............\n............")
    listed = {str(a) for a in enc.legal_actions() if isinstance(a, A.Charge)}
    assert {"charge blue to d2 bull-rush", "charge blue to d2 bull-rush follow"} <= listed
    enc.apply(parse_action("charge blue to d2 bull-rush follow"))
    rush = events(enc, "bull-rush")[0]
    assert rush.total("bull rush check").value == 5 and rush.outcome["charging"]
    assert any(m.source == "charging" for m in rush.total("bull rush check").counted())
    assert (where(enc, "blue"), where(enc, "red")) == ("i2", "h2")
    red = enc.combatants["red"]
    assert red.has("charged") and not red.has("charging")  # -2 AC until its next turn


def test_a_charge_bull_rush_is_checked(kit: Any) -> None:
    enc = kit.duel([20, 1], red_at="a2", blue_at="e2")
    with pytest.raises(IllegalActionError, match="Power Attack"):
        enc.apply(parse_action("charge blue to d2 power 2 bull-rush"))
    with pytest.raises(IllegalActionError, match="only a bull rush follows"):
        enc.apply(A.Charge("blue", (3, 1), follow=True))
    with pytest.raises(IllegalActionError, match="move into its space"):
        enc.apply(parse_action("charge blue to c2 bull-rush"))  # not next to Blue


def test_a_spear_set_against_a_charge_ending_in_a_bull_rush_deals_double(kit: Any) -> None:
    # seed 000 "Weapons Readied against a Charge": Blue (first: initiative 20) readies its
    # spear (a brace weapon, two-handed: 1d8+4) for a foe entering its reach; Red charges
    # to end next to it for a bull rush: the readied attack comes as Red enters d2, a
    # natural 15 hits, and its damage is doubled (rolled twice: 2d8+8 = 14). Then
    # entering Blue's space provokes (Blue has acted: not flat-footed): a natural 1.
    sides = {
        "blue": kit.soldier("Blue", "e2", weapons="spear"),
        "red": kit.soldier("Red", "a2"),
    }
    enc = kit.scripted_encounter(WIDE, sides, [20, 1, 15, 14, 1, 10, 10])
    enc.apply(parse_action("ready attack when enters-reach"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("charge blue to d2 bull-rush"))
    damage = events(enc, "damage")[0]
    assert damage.actor == "blue" and damage.outcome["multiplier"] == 2
    assert damage.outcome["damage"] == 14


def test_seeded_bull_rushes_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded bull rushes of Red on a flat-footed Blue (round 1: no attack of
    opportunity) push as often as ``odds bull-rush`` says (the same procedure,
    enumerated), within three standard deviations."""
    from d20combat.content.rulesets import ruleset
    from d20combat.encounter.state import Encounter
    from d20combat.odds import bull_rush_odds

    scenario = kit.make(
        kit.scenario_text(
            WIDE, {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
        )
    )
    n, pushed, seed = 400, 0, 0
    for _ in range(n):
        while True:  # the fights where Red acts first: Blue is still flat-footed
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "red":
                break
        enc.apply(A.BullRush("blue"))
        pushed += enc.combatants["blue"].pos != (2, 1)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    p = float(bull_rush_odds(red.stats, blue.stats, ruleset()).p_success)
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(pushed - n * p) <= 3 * sd, (pushed, n * p, sd)


@pytest.mark.parametrize("ruleset", ["srd35", "d20modern", "advanced"])
def test_improved_bull_rush_spares_only_the_defenders_attack(kit: Any, ruleset: str) -> None:
    # Seed 002 "Bull Rush" reads Improved Bull Rush as no attack of opportunity at all
    # for moving into the defender's space; seed 000 and the SRD feat remove only the
    # defender's (D02). No ruleset takes 002's reading: Blue (Combat Reflexes) makes no
    # attack, but Gold, Blue's friend threatening Red, still does (its d% 90 keeps it on
    # Red, a natural 1 misses); then the checks, 25 against 4: Blue is pushed to d2.
    sides = {
        "red": kit.soldier("Red", "b2", feats="Improved Bull Rush"),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes")
        + kit.soldier("Gold", "b1", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(WIDE, sides, [20, 1, 5, 90, 1, 25, 4], ruleset=ruleset)
    enc.apply(parse_action("bull-rush blue"))
    assert [(e.actor, e.target) for e in events(enc, "provoked")] == [("gold", "red")]
    assert [e.actor for e in events(enc, "aoo")] == ["gold"]
    assert where(enc, "blue") == "d2"
    assert enc.dice.totals == []
