"""The baseline tactics (src/d20combat/tactics/policies.py) on small positions.

The issue asks for a baseline AI "good enough that fights look sensible to a game
master": close to melee or shoot, take flanking positions, avoid provoking attacks of
opportunity without reason, focus the wounded, full attack when it can, withdraw when
nearly dead if intelligent; policies are chosen per combatant (``tactics:``) and a new
one is a function registered with ``@register(name)``.

Each test builds a position from inline scenario text (tests/tactics/conftest.py),
asks a policy for the current creature's action, compares its notation and checks that
the engine accepts it (:meth:`Encounter.check`). The fighters are Medium: BAB +6, Str 16,
Dex 12, chainmail (speed 20 ft, AC 16), a longsword unless told. Attacks of opportunity
come only from creatures that have acted (a flat-footed creature makes none: seed 003
"Flat-Footed"), so positions that test provoking let the foes act first.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from d20combat.content import scenarios
from d20combat.content.scenarios import load_scenario
from d20combat.encounter import actions as A
from d20combat.encounter.state import Encounter
from d20combat.errors import ContentError, ScenarioError
from d20combat.sim.runner import play
from d20combat.tactics import policies
from d20combat.tactics.policies import POLICIES, policy, register

OPEN = """
..........
..........
..........
..........
..........
"""


def choose(enc: Encounter, name: str = "default") -> A.Action:
    """The action policy ``name`` picks for the current creature; the engine must
    accept it as it stands."""
    cur = enc.current
    assert cur is not None
    action = policy(name)(enc, cur.id)
    enc.check(action)  # raises IllegalActionError if the policy chose an illegal action
    assert A.parse_action(str(action)) == action  # its notation is exact
    return action


def turn_of(enc: Encounter, cid: str) -> None:
    """End turns until it is ``cid``'s (the others have then acted: no longer
    flat-footed, so they can make attacks of opportunity)."""
    while enc.current is not None and enc.current.id != cid:
        enc.apply(A.EndTurn())


def wound(enc: Encounter, cid: str, hp: int) -> None:
    c = enc.get(cid)
    c.vitals = c.vitals._replace(hp=hp)
    enc.space.invalidate(c)


def events(enc: Encounter, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def provocations(enc: Encounter, action: A.Action) -> int:
    """The attacks of opportunity a move along ``action``'s path would draw."""
    assert isinstance(action, A.Move)
    return enc.space.provocations_along(enc.current, action.path)  # type: ignore[arg-type]


# ---------------------------------------------------------------- closing to melee


def test_a_fighter_moves_to_attack_a_foe_within_its_speed(kit: Any) -> None:
    # Goblin 20 ft away, speed 20 ft: a move action ends next to it (d1 touches e2
    # diagonally), keeping the standard action for one attack, then the turn ends.
    enc = kit.encounter(
        OPEN,
        {"red": kit.fighter("Red", "a2"), "blue": kit.fighter("Blue", "e2")},
        rolls=[20, 19, 10, 7],
    )
    move = choose(enc)
    assert str(move) == "move b2 c2 d1"
    enc.apply(move)
    assert str(choose(enc)) == "attack blue"
    enc.apply(A.Attack("blue"))  # natural 10 + 9 = 19 hits AC 16: 1d8+3 = 7
    assert enc.get("blue").vitals.hp == enc.get("blue").vitals.max_hp - 7
    assert choose(enc) == A.EndTurn()  # moved and attacked: no full attack, no wandering


def test_a_fighter_charges_a_goblin_beyond_its_speed(kit: Any) -> None:
    # Goblin 35 ft away (h2), speed 20 ft: no square next to it is within one move,
    # but a charge (up to double speed, seed 000 "Charge") reaches one 30 ft away.
    enc = kit.encounter(
        OPEN, {"red": kit.fighter("Red", "a2"), "blue": kit.creature("goblin", "h2")}
    )
    action = choose(enc)
    assert str(action) == "charge goblin to g1"
    assert enc.space.distance_ft(enc.get("red"), enc.get("goblin")) == 35


def test_a_foe_beyond_charge_range_is_approached_with_a_double_move(kit: Any) -> None:
    # 50 ft away with speed 20 ft: too far to charge (the square next to Blue is 45 ft
    # off, double speed is 40 ft), so two move actions bring it to e1 and then i1.
    rows = """
    ...........
    ...........
    """
    enc = kit.encounter(rows, {"red": kit.fighter("Red", "a1"), "blue": kit.fighter("Blue", "k1")})
    first = choose(enc)
    assert str(first) == "move b1 c1 d1 e1"
    enc.apply(first)
    second = choose(enc)
    assert str(second) == "move f1 g1 h1 i1"
    enc.apply(second)
    assert enc.get("red").pos == (8, 0)
    assert enc.space.distance_ft(enc.get("red"), enc.get("blue")) == 10


def test_adjacent_it_attacks_and_goes_on_with_the_full_attack(kit: Any) -> None:
    # Initiative 20, 19; first attack natural 2 (+9 = 11, a miss), second attack
    # natural 15 at the iterative +1 (BAB +6/+1, Str +3: 15 + 4 = 19, a hit), damage 5.
    enc = kit.encounter(
        OPEN,
        {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "c2")},
        rolls=[20, 19, 2, 15, 5],
    )
    first = choose(enc)
    assert first == A.Attack("blue")
    enc.apply(first)
    second = choose(enc)
    assert second == A.Attack("blue")  # the full attack goes on (seed 004 "Full Attack")
    enc.apply(second)
    totals = [e.outcome["total"] for e in events(enc, "attack")]
    assert totals == [11, 19]
    assert enc.budget.routine == "longsword" and enc.budget.full_round
    assert choose(enc) == A.EndTurn()


# ---------------------------------------------------------------- targets


@pytest.mark.parametrize("wounded", ["blue", "bleu"])
def test_it_attacks_the_wounded_foe_of_two_in_reach(kit: Any, wounded: str) -> None:
    enc = kit.encounter(
        OPEN,
        {
            "red": kit.fighter("Red", "c2"),
            "blue": kit.fighter("Blue", "d2") + kit.fighter("Bleu", "d3"),
        },
    )
    wound(enc, wounded, 10)
    assert choose(enc) == A.Attack(wounded)
    for name in ("aggressive", "cautious"):
        assert choose(enc, name) == A.Attack(wounded)


# ---------------------------------------------------------------- flanking


def test_a_five_foot_step_into_a_flank_before_attacking(kit: Any) -> None:
    # Ally at e2 threatens Blue at d2; Red at c1 threatens Blue but does not flank it.
    # c2 is the one square next to Red opposite the ally (seed 003 "Flanking").
    sides = {
        "red": kit.fighter("Red", "c1") + kit.fighter("Ally", "e2"),
        "blue": kit.fighter("Blue", "d2"),
    }
    enc = kit.encounter(OPEN, sides)
    red, blue = enc.get("red"), enc.get("blue")
    assert not enc.space.flanked_by(red, blue)
    step = choose(enc)
    assert step == A.Step((2, 1))  # step c2
    enc.apply(step)
    assert enc.space.flanked_by(red, blue)
    assert choose(enc) == A.Attack("blue")  # and the full attack is still there


def test_no_flanking_step_into_a_second_foes_reach(kit: Any) -> None:
    # As above, but a second foe at b3 threatens c2: the step would add a threat, so
    # Red attacks from where it stands.
    sides = {
        "red": kit.fighter("Red", "c1") + kit.fighter("Ally", "e2"),
        "blue": kit.fighter("Blue", "d2") + kit.fighter("Bleu", "b3"),
    }
    enc = kit.encounter(OPEN, sides)
    assert enc.space.threat_count_at(enc.get("red"), (2, 1)) == 2
    assert choose(enc) == A.Attack("blue")


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        ("a4", "move b3 c2"),
        ("b5", "move b4 b3 c2"),
        # c2's cheapest path (c4 c3 c2) leaves c3, threatened by Blue: the 20 ft way
        # round through b3 provokes nothing and still flanks.
        ("c5", "move c4 b3 c2"),
        ("d5", "move c4 b3 c2"),
    ],
)
def test_it_moves_to_the_flanking_square_without_provoking(
    kit: Any, start: str, expected: str
) -> None:
    sides = {
        "red": kit.fighter("Red", start) + kit.fighter("Ally", "e2"),
        "blue": kit.fighter("Blue", "d2"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[18, 17, 20])  # Blue acts first
    turn_of(enc, "red")
    for name in ("default", "cautious"):
        action = choose(enc, name)
        assert str(action) == expected
        assert provocations(enc, action) == 0
    enc.apply(A.parse_action(expected))
    assert enc.space.flanked_by(enc.get("red"), enc.get("blue"))
    assert not events(enc, "aoo")


def test_aggressive_takes_the_shortest_way_to_the_flank_and_provokes(kit: Any) -> None:
    sides = {
        "red": kit.fighter("Red", "c5") + kit.fighter("Ally", "e2"),
        "blue": kit.fighter("Blue", "d2"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[18, 17, 20])
    turn_of(enc, "red")
    action = choose(enc, "aggressive")
    assert str(action) == "move c4 c3 c2"
    assert provocations(enc, action) == 1  # leaving c3, threatened by Blue


# ---------------------------------------------------------------- not provoking


@pytest.mark.parametrize("name", ["default", "cautious", "aggressive"])
def test_it_fights_the_foe_in_its_face_rather_than_walk_off(kit: Any, name: str) -> None:
    # Blue (unhurt, has acted) is next to Red; Bleu at 3 hp is 20 ft away. Moving to
    # Bleu would provoke from Blue; attacking Blue does not.
    sides = {
        "red": kit.fighter("Red", "b2"),
        "blue": kit.fighter("Blue", "c2") + kit.fighter("Bleu", "f2"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[19, 20, 18])
    wound(enc, "bleu", 3)
    turn_of(enc, "red")
    assert enc.space.threatening(enc.get("red")) == [enc.get("blue")]
    assert choose(enc, name) == A.Attack("blue")


@pytest.mark.parametrize("name", ["default", "cautious", "aggressive"])
def test_threatened_by_reach_it_steps_in_rather_than_move(kit: Any, name: str) -> None:
    # Blue's longspear threatens a2 from c2 (10 ft reach, not adjacent). A 5-foot step
    # to b2 never provokes (SRD combat-i "Take 5-Foot Step") and keeps the full attack.
    sides = {
        "red": kit.fighter("Red", "a2"),
        "blue": kit.fighter("Blue", "c2", weapons="longspear"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[19, 20])
    turn_of(enc, "red")
    assert enc.space.threatening(enc.get("red")) == [enc.get("blue")]
    assert choose(enc, name) == A.Step((1, 1))


def test_a_step_into_reach_goes_for_the_wounded_foe(kit: Any) -> None:
    # Red at c2 with goblins two squares off at a2 and e2: a step to b2 reaches the
    # western one, to d2 the eastern. Either way the same squares threaten it; Red
    # steps toward the wounded one, whichever side it is on.
    sides = {
        "red": kit.fighter("Red", "c2"),
        "blue": kit.creature("goblin", "a2") + kit.creature("goblin", "e2"),
    }
    for wounded, square in (("goblin-1", (1, 1)), ("goblin-2", (3, 1))):
        enc = kit.encounter(OPEN, sides)
        wound(enc, wounded, 2)
        assert choose(enc) == A.Step(square)


def test_a_step_into_reach_takes_the_flank_when_it_can(kit: Any) -> None:
    # Blue at d2, two squares from Red at b2; Red's ally at e2 threatens Blue. Steps to
    # c1, c2 and c3 all bring Blue into reach; only c2 is opposite the ally (seed 003
    # "Flanking"), though c1 comes first in step order.
    sides = {
        "red": kit.fighter("Red", "b2") + kit.fighter("Ally", "e2"),
        "blue": kit.fighter("Blue", "d2"),
    }
    enc = kit.encounter(OPEN, sides)
    step = choose(enc)
    assert step == A.Step((2, 1))
    enc.apply(step)
    assert enc.space.flanked_by(enc.get("red"), enc.get("blue"))


# ---------------------------------------------------------------- shooting


def test_an_archer_not_threatened_shoots(kit: Any) -> None:
    sides = {
        "red": kit.fighter("Red", "a2", weapons="longbow, longsword", extra="tactics: ranged"),
        "blue": kit.fighter("Blue", "h2"),
    }
    enc = kit.encounter(OPEN, sides)
    assert enc.get("red").wielding == ("longbow",) and enc.get("red").tactics == "ranged"
    assert str(choose(enc, "ranged")) == "attack blue with longbow"
    assert str(choose(enc, "default")) == "attack blue with longbow"  # a ranged weapon in hand


def test_a_threatened_archer_steps_away_then_shoots(kit: Any) -> None:
    # Blue (has acted) is next to Red at b2. Shooting there would provoke (seed 002:
    # a ranged attack provokes); a 5-foot step to a2 (10 ft from Blue) leaves its
    # reach, and the shot from a2 provokes nothing. Natural 12 + 7 (BAB 6, Dex 1) = 19.
    sides = {
        "red": kit.fighter("Red", "b2", weapons="longbow, longsword", extra="tactics: ranged"),
        "blue": kit.fighter("Blue", "c2"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[19, 20, 12, 6])
    turn_of(enc, "red")
    step = choose(enc, "ranged")
    assert step == A.Step((0, 1))
    enc.apply(step)
    assert enc.space.threatening(enc.get("red")) == []
    shot = choose(enc, "ranged")
    assert str(shot) == "attack blue with longbow"
    enc.apply(shot)
    assert not events(enc, "aoo")
    assert [e.outcome["total"] for e in events(enc, "attack")] == [19]


def test_a_cornered_archer_draws_its_sword_rather_than_punch(kit: Any) -> None:
    # Default tactics, longbow in hand, Blue (armed, has acted) adjacent: an unarmed
    # strike would provoke from Blue (seed 002 "Attacks of Opportunity") and a shot
    # too; drawing the longsword (a move action) leaves the standard action to attack
    # with it. Natural 15 + 9 = 24 hits; 1d8+3 totals 5.
    sides = {
        "red": kit.fighter("Red", "b2", weapons="longbow, longsword"),
        "blue": kit.fighter("Blue", "c2"),
    }
    enc = kit.encounter(OPEN, sides, rolls=[19, 20, 15, 5])
    turn_of(enc, "red")
    draw = choose(enc)
    assert draw == A.Draw("longsword")
    enc.apply(draw)
    attack = choose(enc)
    assert attack == A.Attack("blue")
    enc.apply(attack)
    assert not events(enc, "aoo")
    hit = events(enc, "attack")[0].outcome
    assert (hit["weapon"], hit["total"]) == ("longsword", 24)
    assert enc.get("blue").vitals.hp == enc.get("blue").vitals.max_hp - 5


# ---------------------------------------------------------------- retreat


def test_an_intelligent_creature_nearly_dead_withdraws_without_provoking(kit: Any) -> None:
    # Red (Int 10) at 2 hp next to Blue (has acted). Withdrawing (srd35: its speed,
    # 20 ft) frees only the first square; the farthest unthreatened squares past
    # Blue (f1) would mean leaving c1, threatened by Blue. a1 is 10 ft from Blue and
    # is reached without leaving a threatened square but the first.
    sides = {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "c2")}
    enc = kit.encounter(OPEN, sides, rolls=[1, 20])
    turn_of(enc, "red")
    wound(enc, "red", 2)
    action = choose(enc)
    assert str(action) == "withdraw a1"
    enc.apply(action)
    assert not events(enc, "aoo") and not events(enc, "provoked")
    assert enc.space.distance_ft(enc.get("red"), enc.get("blue")) == 10


def test_followed_alone_with_no_way_out_it_fights_on(kit: Any) -> None:
    # Red withdraws once (above); Blue follows to b1, next to it. Alone on a map with no
    # exit and no ally to fall back on, withdrawing again would only put off the end (a
    # fight could run to its round limit): Red strikes back. With an ally still up, it
    # would withdraw again.
    sides = {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "c2")}
    enc = kit.encounter(OPEN, sides, rolls=[1, 20])
    turn_of(enc, "red")
    wound(enc, "red", 2)
    enc.apply(choose(enc))  # withdraw a1
    turn_of(enc, "blue")
    enc.apply(A.Move(((2, 0), (1, 0))))  # Blue: c2 to c1, then b1 (no square Red threatens left)
    turn_of(enc, "red")
    assert choose(enc) == A.Attack("blue")

    sides["red"] += kit.fighter("Pink", "a5")
    enc = kit.encounter(OPEN, sides, rolls=[1, 20, 2])
    turn_of(enc, "red")
    wound(enc, "red", 2)
    enc.apply(choose(enc))
    turn_of(enc, "blue")
    enc.apply(A.Move(((2, 0), (1, 0))))
    turn_of(enc, "red")
    assert isinstance(choose(enc), A.Withdraw)


@pytest.mark.parametrize(("name", "fraction"), [("default", 4), ("cautious", 2)])
def test_the_withdraw_threshold(kit: Any, name: str, fraction: int) -> None:
    # default withdraws at a quarter of its hit points, cautious at half; one more
    # hit point and it fights on.
    sides = {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "c2")}
    enc = kit.encounter(OPEN, sides, rolls=[1, 20])
    turn_of(enc, "red")
    limit = enc.get("red").vitals.max_hp // fraction
    wound(enc, "red", limit + 1)
    assert choose(enc, name) == A.Attack("blue")
    wound(enc, "red", limit)
    assert isinstance(choose(enc, name), A.Withdraw)
    assert choose(enc, "aggressive") == A.Attack("blue")  # aggressive never retreats


@pytest.mark.parametrize(
    "who",
    [
        "fighter",  # an Int 2 fighter
        "wolf",  # a bundled animal (Int 2)
    ],
)
def test_an_unintelligent_creature_fights_on(kit: Any, who: str) -> None:
    red = (
        kit.fighter("Red", "b2", int_score=2, kind="animal")
        if who == "fighter"
        else kit.creature("wolf", "b2")
    )
    enc = kit.encounter(OPEN, {"red": red, "blue": kit.fighter("Blue", "c2")}, rolls=[1, 20])
    me = next(c for c in enc.combatants if c != "blue")
    turn_of(enc, me)
    assert not enc.get(me).traits.intelligent
    wound(enc, me, 1)
    assert choose(enc) == A.Attack("blue")


def test_a_nearly_dead_creature_on_an_exit_escapes(kit: Any) -> None:
    sides = {"red": kit.fighter("Red", "a2"), "blue": kit.fighter("Blue", "b2")}
    enc = kit.encounter(OPEN, sides, rolls=[1, 20, 1], exits="[a1, a2, a3]")
    turn_of(enc, "red")
    assert choose(enc) == A.Attack("blue")  # unhurt: it fights
    wound(enc, "red", 3)
    assert choose(enc) == A.Escape()
    enc.apply(A.Escape())  # leaving the map provokes from Blue: natural 1 misses
    assert enc.get("red").fled
    assert [e.actor for e in events(enc, "aoo")] == ["blue"]


def test_nearly_dead_with_no_way_off_the_map_it_fights_on(kit: Any) -> None:
    # Red (2 hp) and Blue 25 ft apart in a closed room: running about would only put
    # off the end (and two wounded creatures would dodge each other to the round
    # limit), so it closes in as usual.
    sides = {"red": kit.fighter("Red", "e3"), "blue": kit.fighter("Blue", "j3")}
    enc = kit.encounter(OPEN, sides, rolls=[1, 20])
    turn_of(enc, "red")
    wound(enc, "red", 2)
    red, blue = enc.get("red"), enc.get("blue")
    before = enc.space.distance_ft(red, blue)
    enc.apply(choose(enc))
    assert enc.space.distance_ft(red, blue) < before


def test_nearly_dead_it_heads_for_an_exit(kit: Any) -> None:
    # With exits on the east edge, Red (2 hp) moves toward them, away from Blue in the
    # west, never into reach, and escapes once on one.
    sides = {"red": kit.fighter("Red", "f3"), "blue": kit.fighter("Blue", "a3")}
    enc = kit.encounter(OPEN, sides, rolls=[1, 20], exits="[j1, j2, j3, j4, j5]")
    turn_of(enc, "red")
    wound(enc, "red", 2)
    action = choose(enc)
    # j2 and j3 are both 20 ft away: the topmost wins the tie
    assert isinstance(action, A.Move) and action.path[-1] == (9, 1)
    enc.apply(action)
    assert choose(enc) == A.Escape()


# ---------------------------------------------------------------- hold


def test_hold_attacks_in_reach_else_readies_for_whoever_comes(kit: Any) -> None:
    enc = kit.encounter(OPEN, {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "h2")})
    ready = choose(enc, "hold")
    assert str(ready) == "ready attack when enters-reach"
    enc.apply(ready)
    assert enc.get("red").readied is not None
    assert choose(enc, "hold") == A.EndTurn()  # it stays where it is

    enc = kit.encounter(OPEN, {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "c2")})
    assert choose(enc, "hold") == A.Attack("blue")


def test_hold_with_only_a_bow_in_hand_readies_a_shot(kit: Any) -> None:
    # A wall hides Blue: no shot now, so it readies one for a foe coming in range.
    rows = """
    ..........
    ....#.....
    ....#.....
    ....#.....
    """
    sides = {"red": kit.fighter("Red", "b3", weapons="longbow"), "blue": kit.fighter("Blue", "g3")}
    enc = kit.encounter(rows, sides)
    assert str(choose(enc, "hold")) == "ready attack when in-range"
    # in the open it shoots at once (a foe 30 ft away is within the first increment)
    enc = kit.encounter(OPEN, sides)
    assert str(choose(enc, "hold")) == "attack blue with longbow"


# ---------------------------------------------------------------- random


def test_random_draws_a_legal_action_from_the_policy_generator(kit: Any) -> None:
    sides = {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "c2")}
    enc = kit.seeded(OPEN, sides, 5)
    legal = enc.legal_actions()
    twin = Random()
    twin.setstate(enc.policy_rng.getstate())
    dice_before = enc.dice.rng.getstate()
    action = choose(enc, "random")
    assert action == legal[twin.randrange(len(legal))]
    assert action in legal
    assert enc.policy_rng.getstate() == twin.getstate()  # it drew exactly one lot
    assert enc.dice.rng.getstate() == dice_before  # and no dice


def test_random_replays_from_its_seed(kit: Any) -> None:
    sides = {
        "red": kit.fighter("Red", "b2", extra="tactics: random"),
        "blue": kit.fighter("Blue", "f2", extra="tactics: random"),
    }
    one, two = kit.seeded(OPEN, sides, 11), kit.seeded(OPEN, sides, 11)
    assert [str(choose(one, "random")) for _ in range(3)] == [
        str(choose(two, "random")) for _ in range(3)
    ]
    play(one, strict=True)  # every random choice is legal
    play(two, strict=True)
    assert one.history == two.history and one.outcome == two.outcome
    assert len(one.history) >= 3


# ---------------------------------------------------------------- choosing policies


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registrations made by a test are undone after it."""
    monkeypatch.setattr(policies, "POLICIES", dict(POLICIES))
    monkeypatch.setattr(scenarios, "KNOWN_TACTICS", scenarios.KNOWN_TACTICS)


def test_the_baseline_policies_are_registered() -> None:
    for name in ("default", "aggressive", "cautious", "ranged", "hold", "capture", "random"):
        assert name in POLICIES and policy(name) is POLICIES[name]
        assert name in scenarios.KNOWN_TACTICS


def test_a_registered_policy_is_chosen_by_name_in_a_scenario(kit: Any, registry: None) -> None:
    calls: list[tuple[str, str]] = []

    @register("turtle")
    def turtle(enc: Encounter, cid: str) -> A.Action:
        action: A.Action = A.TotalDefense() if enc.budget.standard else A.EndTurn()
        calls.append((cid, str(action)))
        return action

    assert policy("turtle") is turtle
    sides = {
        "red": kit.fighter("Red", "b2", extra="tactics: turtle"),
        "blue": kit.fighter("Blue", "c2"),
    }
    enc = kit.seeded(OPEN, sides, 3)
    assert enc.get("red").tactics == "turtle" and enc.get("blue").tactics == "default"
    play(enc, strict=True)
    assert calls and {cid for cid, _ in calls} == {"red"}
    assert {text for _, text in calls} == {"total-defense", "end"}
    red_turns = sum(1 for _, text in calls if text == "total-defense")
    assert len([e for e in events(enc, "total-defense") if e.actor == "red"]) == red_turns
    assert not [e for e in events(enc, "attack") if e.actor == "red"]  # it never attacked
    assert enc.outcome is not None and enc.outcome.winner == "blue"


def test_an_unknown_tactics_name_is_a_clear_error(kit: Any) -> None:
    sides = {
        "red": kit.fighter("Red", "b2", extra="tactics: berserk"),
        "blue": kit.fighter("Blue", "c2"),
    }
    with pytest.raises(ScenarioError) as caught:
        kit.scenario(OPEN, sides)
    text = kit.scenario_text(OPEN, sides)
    line = 1 + next(i for i, s in enumerate(text.splitlines()) if "tactics: berserk" in s)
    problems = [p for p in caught.value.problems if "berserk" in str(p)]
    assert len(problems) == 1
    assert problems[0].line == line
    assert problems[0].expected is not None
    assert all(name in problems[0].expected for name in ("default", "aggressive", "hold"))
    # asked for directly, the registry says the same
    with pytest.raises(ContentError) as asked:
        policy("berserk")
    assert "berserk" in str(asked.value) and "cautious" in str(asked.value)


def test_a_scenario_naming_a_registered_policy_loads(
    kit: Any, registry: None, tmp_path: Any
) -> None:
    sides = {
        "red": kit.fighter("Red", "b2", extra="tactics: sneaky"),
        "blue": kit.fighter("Blue", "c2"),
    }
    path = tmp_path / "sneaky.yaml"
    path.write_text(kit.scenario_text(OPEN, sides), encoding="utf-8")
    with pytest.raises(ScenarioError):
        load_scenario(str(path))
    register("sneaky")(policies.default_policy)
    sc = load_scenario(str(path))
    assert [p.tactics for p in sc.placements] == ["sneaky", "default"]


def test_the_ranged_tactics_draw_a_bow_to_shoot(kit: Any) -> None:
    # A wizard holding a quarterstaff (two hands) with a longbow at its back, no foe
    # near: the ranged tactics draw the bow (the staff falls) and then shoot.
    sides = {
        "red": kit.fighter("Wiz", "a2", weapons="quarterstaff, longbow", extra="tactics: ranged"),
        "blue": kit.fighter("Blue", "j2"),
    }
    enc = kit.encounter(OPEN, sides)
    assert enc.get("wiz").wielding == ("quarterstaff",)
    draw = choose(enc, "ranged")
    assert draw == A.Draw("longbow")
    enc.apply(draw)
    shot = choose(enc, "ranged")
    assert shot == A.Attack("blue", "longbow")


@pytest.mark.parametrize(("feats", "two_weapon"), [("", False), ("Two-Weapon Fighting", True)])
def test_two_weapons_only_when_they_promise_more_damage(
    kit: Any, feats: str, two_weapon: bool
) -> None:
    # Longsword and an off-hand short sword, BAB +6, against chainmail (AC 16). Without
    # the feat the pair is at -4/-8 (+5/+0 and +1): about 7 expected damage against the
    # longsword's own +9/+4 (about 9); with Two-Weapon Fighting (-2/-2: +7/+2 and +7)
    # about 10: the baseline takes the pair only then.
    sides = {
        "red": kit.fighter(
            "Red",
            "b2",
            weapons="longsword, {weapon: short sword, wield: 'off'}",
            feats=feats,
        ),
        "blue": kit.fighter("Blue", "c2"),
    }
    enc = kit.encounter(OPEN, sides)
    attack = choose(enc)
    assert isinstance(attack, A.Attack) and attack.two_weapon is two_weapon


def test_an_unarmed_strike_that_cannot_reach_the_threshold_is_struck_to_kill(kit: Any) -> None:
    # seed 004 "Nonlethal Damage": nonlethal damage below the target's Constitution (12)
    # has no effect; the brawler's unarmed strike deals at most 1d3+3 = 6, so it strikes
    # to kill (-4, seed 004 "Unarmed Attacks") instead of punching forever; under srd35
    # nonlethal damage adds up (SRD combat-ii), so the strike keeps its own nonlethal
    sides = {"red": kit.fighter("Red", "b2", weapons=""), "blue": kit.fighter("Blue", "c2")}
    enc = kit.encounter(OPEN, sides, ruleset="d20modern")
    assert str(choose(enc)) == "attack blue lethal"
    enc = kit.encounter(OPEN, sides)
    assert str(choose(enc)) == "attack blue"
