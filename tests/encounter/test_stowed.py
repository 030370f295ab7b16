"""Stowed weapons and slung shields (encounter/stowed.py): SRD combat-i "Manipulate an
Item", "Ready or Loose a Shield", Table: Actions in Combat; seed 004 "Move Actions"."""

from __future__ import annotations

from typing import Any

import pytest
from tests.encounter.conftest import OPEN

from d20combat.encounter import actions as A
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, InputError, SaveFileError, ScenarioError

SHIELDED = "chainmail\n  shield: heavy steel shield"


def sq(name: str) -> tuple[int, int]:
    return A.parse_square(name)


def test_a_stowed_weapon_is_retrieved_as_a_move_action_that_provokes(kit: Any) -> None:
    """SRD Table: Actions in Combat "Retrieve a stored item": Move, AoO Yes. Red has its
    longsword in a pack: it cannot draw it; retrieving it takes the move action and
    provokes Blue, next to it, whose turn came first (its AoO: d20 1, a miss); the
    sword is then in hand."""
    sides = {
        "red": kit.soldier(
            "Red",
            "a2",
            weapons="longsword, dagger",
            extra="stowed: [longsword]\nwielding: [dagger]",
        ),
        "blue": kit.soldier("Blue", "b2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 1])
    enc.apply(A.EndTurn())  # Blue's turn
    red = enc.combatants["red"]
    assert red.stowed == ("longsword",) and red.wielding == ("dagger",)
    assert A.Draw("longsword") not in enc.legal_actions()
    assert A.Retrieve("longsword") in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="stowed out of easy reach: retrieve it"):
        enc.apply(A.Draw("longsword"))
    with pytest.raises(IllegalActionError, match="no 'dagger' stowed"):
        enc.apply(A.Retrieve("dagger"))
    events = enc.apply(A.Retrieve("longsword"))
    kinds = [e.type for e in events]
    assert kinds[0] == "provoked" and kinds[-1] == "retrieve" and "aoo" in kinds
    assert events[0].outcome["reason"] == "retrieving longsword"
    assert red.stowed == () and red.wielding == ("dagger", "longsword")
    assert not enc.budget.move and enc.budget.standard
    assert str(A.Retrieve("longsword")) == "retrieve longsword"
    assert A.parse_action("retrieve longsword") == A.Retrieve("longsword")


def test_a_slung_shield_counts_only_once_readied(kit: Any) -> None:
    """SRD combat-i "Ready or Loose a Shield": a move action, no AoO. Red's heavy steel
    shield (+2) is slung: AC 10 + 5 chainmail + 1 Dex = 16; readied, 18; loosed, 16."""
    sides = {
        "red": kit.soldier("Red", "a2", armor=SHIELDED, extra="stowed: [heavy steel shield]"),
        "blue": kit.soldier("Blue", "b2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    red = enc.combatants["red"]
    assert red.stats.ac.value == 16
    assert A.ReadyShield() in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="already slung"):
        enc.apply(A.LooseShield())
    events = enc.apply(A.ReadyShield())
    assert [e.type for e in events] == ["shield"]  # no AoO from Blue next to it
    assert red.stats.ac.value == 18 and red.stowed == ()
    assert not enc.budget.move and enc.budget.standard
    assert A.ReadyShield() not in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="already readied"):
        enc.apply(A.ReadyShield())
    enc.apply(A.LooseShield())  # the standard action as a move action
    assert red.stats.ac.value == 16 and red.stowed == ("heavy steel shield",)
    # a save keeps each shield slung or readied (real dice: whoever goes first readies)
    both = {
        k: kit.soldier(k.title(), at, armor=SHIELDED, extra="stowed: [heavy steel shield]")
        for k, at in (("red", "a2"), ("blue", "g2"))
    }
    enc = kit.encounter(OPEN, both, seed=3)
    first = enc.current
    assert first is not None
    enc.apply(A.ReadyShield())
    again = Encounter.from_json(enc.to_json())
    assert {c.id: c.stats.ac.value for c in again.combatants.values()} == {
        c.id: 18 if c is first else 16 for c in enc.combatants.values()
    }


def test_readying_a_shield_is_free_with_a_regular_move_at_bab_1(kit: Any) -> None:
    """ "If you have a base attack bonus of +1 or higher, you can ready or loose a shield
    as a free action combined with a regular move"; it shares the free draw's one
    allowance per move (A225): after a free ready, a draw takes an action."""
    for bab, free in ((1, True), (0, False)):
        sides = {
            "red": kit.soldier(
                "Red",
                "a2",
                bab=bab,
                armor=SHIELDED,
                weapons="longsword, dagger",
                extra="stowed: [heavy steel shield]\nwielding: [longsword]",
            ),
            "blue": kit.soldier("Blue", "g2"),
        }
        enc = kit.scripted_encounter(OPEN, sides, [20, 1])
        enc.apply(A.Move((sq("b2"),)))
        events = enc.apply(A.ReadyShield())
        assert events[-1].outcome["action"] == ("free" if free else "move")
        assert enc.budget.standard is free
        if free:
            enc.apply(A.Draw("dagger"))  # the allowance is spent: this takes the standard
            assert not enc.budget.standard


def test_stowed_entries_are_checked(kit: Any) -> None:
    """A scenario's ``stowed`` names the creature's weapons or shield, each once, not in
    hand; a save naming anything else is refused at its path."""
    for extra, why in (
        ("stowed: [greataxe]", "carries no 'greataxe' to stow"),
        ("stowed: [longsword]\nwielding: [longsword]", "stowed twice or also in hand"),
    ):
        sides = {"red": kit.soldier("Red", "a2", extra=extra), "blue": kit.soldier("Blue", "g2")}
        with pytest.raises(ScenarioError, match=why):
            kit.scripted_encounter(OPEN, sides, [20, 1])
    sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "g2")}
    enc = kit.encounter(OPEN, sides)
    data = enc.to_json()
    data["combatants"][0]["stowed"] = ["longsword"]  # in hand as well
    with pytest.raises(SaveFileError, match="stowed and in hand"):
        Encounter.from_json(data)


def test_the_baseline_readies_its_shield_free_on_a_move_and_retrieves_its_weapon(kit: Any) -> None:
    """tactics/stowed.py: Red (BAB +6), its shield slung and its longsword stowed, far
    from Blue: it retrieves the sword (no foe threatens it: the AoO costs nothing), moves,
    and readies the shield free with that move."""
    from d20combat.tactics.policies import policy

    sides = {
        "red": kit.soldier(
            "Red", "a2", armor=SHIELDED, extra="stowed: [longsword, heavy steel shield]"
        ),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    red = enc.combatants["red"]
    assert red.wielding == ()
    choose = policy("default")
    taken = []
    while enc.current is red and len(taken) < 6:
        action = choose(enc, "red")
        taken.append(action)
        enc.apply(action)
    assert taken[0] == A.Retrieve("longsword")
    assert isinstance(taken[1], A.Move) and taken[2] == A.ReadyShield()
    assert red.stats.ac.value == 18 and red.wielding == ("longsword",)


def test_speaking_is_a_free_action_even_off_turn_once_a_turn(kit: Any) -> None:
    """SRD combat-i "Speak": a free action "even when it isn't your turn"; a sentence or
    two, once a turn (A229). Red speaks on its turn; Blue speaks on Red's turn
    (``speak by blue``), not counted against Red's free actions; neither twice."""
    sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "g2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    events = enc.apply(A.Speak())
    assert [(e.type, e.actor, e.outcome["off_turn"]) for e in events] == [("speak", "red", False)]
    assert enc.budget.free_actions == 1
    with pytest.raises(IllegalActionError, match="spoken during this turn already"):
        enc.apply(A.Speak())
    events = enc.apply(A.parse_action("speak by blue"))
    assert [(e.type, e.actor, e.outcome["off_turn"]) for e in events] == [("speak", "blue", True)]
    assert enc.budget.free_actions == 1 and enc.current is enc.combatants["red"]
    with pytest.raises(IllegalActionError, match="no combatant 'nobody'"):
        enc.apply(A.Speak("nobody"))
    assert A.Speak() not in enc.legal_actions()  # speech changes nothing: never a candidate
    assert str(A.Speak("blue")) == "speak by blue"
    with pytest.raises(InputError, match="'speak' or 'speak by ID'"):
        A.parse_action("speak to blue")


def test_free_actions_are_bounded_each_turn(kit: Any) -> None:
    """SRD combat-i "Free Actions": "reasonable limits"; here 5 counted free actions a
    turn (A228): Red drops its longsword and its dagger, drops prone, speaks and uses an
    extraordinary ability; a sixth (ceasing concentration) is refused; surrender is
    never counted; Blue's turn starts a new count."""
    sides = {
        "red": kit.soldier(
            "Red",
            "a2",
            weapons="longsword, dagger",
            activities="cease-concentration, extraordinary",
            extra="wielding: [longsword, dagger]",
        ),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    for text in ("drop longsword", "drop dagger", "drop-prone", "speak", "use extraordinary"):
        enc.apply(A.parse_action(text))
    assert enc.budget.free_actions == 5
    with pytest.raises(IllegalActionError, match="5 free actions this turn already"):
        enc.apply(A.parse_action("use cease-concentration"))
    assert A.Surrender() in enc.legal_actions()
    enc.apply(A.EndTurn())
    assert enc.current is enc.combatants["blue"] and enc.budget.free_actions == 0


def test_stowing_a_weapon_is_a_move_action_and_it_must_be_retrieved_again(kit: Any) -> None:
    """Seed 004 "Move Actions": "retrieving or stowing a stored object"; stowing
    provokes as sheathing does (A227: every ruleset's ``provoking_actions`` name
    ``sheathe``)."""
    for ruleset, provokes in (("d20modern", True), ("srd35", True)):
        sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "b2")}
        enc = kit.scripted_encounter(OPEN, sides, [20, 1], ruleset=ruleset)
        events = enc.apply(A.parse_action("stow longsword"))
        assert events[-1].type == "stow" and events[-1].outcome["provokes"] is provokes
        red = enc.combatants["red"]
        assert red.stowed == ("longsword",) and red.wielding == ()
        assert A.Draw("longsword") not in enc.legal_actions()
        assert A.Retrieve("longsword") in enc.legal_actions()
        with pytest.raises(IllegalActionError, match="'longsword' is not in hand"):
            enc.apply(A.Stow("longsword"))


def test_the_improved_damage_threshold_feat_is_read_from_the_stat_block(kit: Any) -> None:
    """d20 Modern's Improved Damage Threshold (``firearm_feats``, A231): +3 to the
    massive damage threshold; a creature without it has none."""
    sides = {
        "red": kit.soldier(
            "Red", "a2", armor="chainmail\n  firearm_feats: [improved damage threshold]"
        ),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.encounter(OPEN, sides, ruleset="d20modern")
    assert enc.combatants["red"].traits.threshold_bonus == 3
    assert enc.combatants["blue"].traits.threshold_bonus == 0


def test_a_blinded_blind_fighter_moves_at_three_quarters_speed(kit: Any) -> None:
    """SRD feats "Blind-Fight": "Darkness and poor visibility in general reduces your
    speed to three-quarters normal, instead of one-half" (A233): blinded, Red (speed 20
    in chainmail) moves 15 ft with Blind-Fight, 10 ft without."""
    for feats, speed in (("blind-fight", 15), ("", 10)):
        sides = {
            "red": kit.soldier("Red", "a2", feats=feats, extra="conditions: {blinded: 0}"),
            "blue": kit.soldier("Blue", "g2"),
        }
        enc = kit.scripted_encounter(OPEN, sides, [20, 1])
        assert enc.space.speed(enc.combatants["red"]) == speed
