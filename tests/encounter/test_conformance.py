"""Random-playout conformance on every bundled scenario (the OpenSpiel-style check).

For each scenario, fights are played with a policy, and we check that:
* a clone taken mid-fight continues exactly like the original;
* a save (JSON text) loaded mid-fight continues exactly like the original;
* replaying the recorded actions from the same seed rebuilds the same state;
* the same seed gives the same fight;
* invariants hold after every action: every check a save is put through
  (:func:`d20combat.encounter.invariants.problems`: hit points, places on the map and
  shared squares, the initiative order, turn and round, conditions, weapons, items,
  doors, the history, the dice generators).
"""

from __future__ import annotations

import json
from random import Random

import pytest

from d20combat.content.scenarios import load_scenario, scenario_names
from d20combat.encounter.invariants import problems
from d20combat.encounter.maneuvers.grapple import take_hold
from d20combat.encounter.state import Encounter
from d20combat.sim.runner import play as run_fight
from d20combat.sim.runner import replay
from d20combat.tactics.policies import policy

MAX_ACTIONS = {"field-battle-100": 250}


def step(enc: Encounter, pol: str) -> None:
    actor = enc.current
    assert actor is not None
    enc.apply(policy(pol)(enc, actor.id))


def play(enc: Encounter, pol: str, limit: int, *, check: bool = True) -> None:
    for _ in range(limit):
        if enc.outcome is not None:
            return
        step(enc, pol)
        if check:
            assert_invariants(enc)


def assert_invariants(enc: Encounter) -> None:
    """The invariants a save is checked against (d20combat.encounter.invariants), so
    every state the engine reaches is one a save may hold."""
    assert problems(enc) == []


@pytest.mark.parametrize("name", scenario_names())
@pytest.mark.parametrize("pol", ["random", "default"])
def test_playout_conformance(name: str, pol: str) -> None:
    scenario = load_scenario(name)
    limit = MAX_ACTIONS.get(name, 600)
    seed = 11
    original = Encounter.from_scenario(scenario, seed)
    play(original, pol, limit // 3)
    # a clone and a save taken mid-fight continue exactly like the original
    twin = original.clone()
    saved = Encounter.from_json(json.loads(json.dumps(original.to_json())))
    assert twin.to_json() == original.to_json()
    assert saved.to_json() == original.to_json()
    play(original, pol, limit)
    play(twin, pol, limit, check=False)
    play(saved, pol, limit, check=False)
    assert twin.to_json() == original.to_json()
    assert saved.to_json() == original.to_json()
    assert [e.as_json() for e in twin.log] == [e.as_json() for e in original.log]
    # replaying the recorded actions rebuilds the same state (the policies' own lots
    # are not part of the game state)
    rebuilt = replay(scenario, seed, original.history).to_json()
    expected = original.to_json()
    rebuilt.pop("policy_rng")
    expected.pop("policy_rng")
    assert rebuilt == expected
    # the same seed gives the same fight
    again = Encounter.from_scenario(scenario, seed)
    play(again, pol, limit + limit // 3, check=False)
    assert again.history == original.history


@pytest.mark.parametrize("name", [n for n in scenario_names() if n != "field-battle-100"])
def test_default_policy_fights_end(name: str) -> None:
    """With the baseline tactics every small bundled fight ends within its round limit
    with a typed outcome, and no policy ever asks for an illegal action."""
    from d20combat.sim.runner import play as run

    enc = Encounter.from_scenario(load_scenario(name), 3)
    outcome = run(enc, strict=True)
    assert outcome.kind.value in ("victory", "draw", "truncated")
    assert outcome.rounds <= enc.round_limit


CONDITIONS = (
    "frightened",
    "panicked",
    "shaken",
    "stunned",
    "fatigued",
    "turned",
    "entangled",
    "blinded",
    "prone",
    "staggered",
    "nauseated",
    "grappling",
    "paralyzed",
    "cowering",
    "dazed",
)


@pytest.mark.parametrize(
    "pol", ["default", "aggressive", "cautious", "ranged", "hold", "capture", "random"]
)
def test_every_policy_stays_legal_under_conditions(pol: str) -> None:
    """Fights in which some creatures start afraid, stunned, prone, grappling ... are
    played to their end by every built-in policy (and fear's compelled actions) without
    an illegal action, and saved and loaded at the end."""
    for name in ("goblin-ambush", "orc-warband", "ogre-in-fog"):
        scenario = load_scenario(name)
        for seed in range(4):
            enc = Encounter.from_scenario(scenario, seed)
            rnd = Random(seed)
            ids = list(enc.combatants)
            for _ in range(3):
                who = enc.combatants[rnd.choice(ids)]
                name = rnd.choice(CONDITIONS)
                owner = rnd.choice(ids)
                turns = rnd.choice([0, 1, 3])
                if name == "grappling":  # a real grapple: held by a foe, in its space
                    foe = enc.combatants[owner]
                    if foe.side != who.side and not foe.grappling and not who.grappling:
                        take_hold(enc, foe, who, damage=False)
                    continue
                enc.impose(who, name, owner, turns)
            run_fight(enc, {cid: policy(pol) for cid in ids}, strict=True)
            assert enc.outcome is not None
            Encounter.from_json(json.loads(json.dumps(enc.to_json())))
