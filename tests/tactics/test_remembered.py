"""Remembered decisions (tactics.policies.remembered): the same fights, fewer decisions.

A deterministic policy's decision follows from the situation (Encounter.situation), so
the policies registered as deterministic remember their answers by situation across
the fights of a cast. These tests hold that remembering changes nothing, that it does
remember, that it gives up where situations do not recur, and that the situation sees
every part of the saved state a decision could read.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.content.scenarios import load_scenario
from d20combat.encounter.combatant import Budget, Condition, Effect
from d20combat.encounter.state import Encounter
from d20combat.rules.hitpoints import Vitals
from d20combat.sim.runner import play
from d20combat.sim.simulate import fight_seed
from d20combat.tactics import policies
from d20combat.tactics.policies import POLICIES


def _fight(scenario: Any, seed: int, *, remember: bool) -> Encounter:
    enc = Encounter.from_scenario(scenario, seed)
    chosen = None
    if not remember:
        chosen = {
            c.id: getattr(POLICIES[c.tactics], "__wrapped__", POLICIES[c.tactics])
            for c in enc.combatants.values()
        }
    play(enc, chosen, strict=True)
    return enc


@pytest.mark.parametrize("name", ["ogre-duel", "goblin-ambush", "restless-crypt"])
def test_remembering_changes_no_fight(name: str) -> None:
    policies._CASTS.clear()
    scenario = load_scenario(name)
    for i in range(40):
        seed = fight_seed(3, i)
        with_memo = _fight(scenario, seed, remember=True)
        without = _fight(scenario, seed, remember=False)
        assert with_memo.history == without.history
        assert [e.as_json() for e in with_memo.log] == [e.as_json() for e in without.log]


@pytest.mark.parametrize("name", ["ogre-duel", "ruined-gatehouse", "restless-crypt"])
def test_the_built_in_policies_do_not_read_the_round(name: str) -> None:
    # round_blind: every decision of a played fight is asked again of a copy whose
    # round is three later, and the answer is the same
    scenario = load_scenario(name)
    asked = i = 0
    while asked < 100:
        enc = Encounter.from_scenario(scenario, fight_seed(9, i))
        i += 1
        while enc.outcome is None and len(enc.history) < 400:
            cur = enc.current
            assert cur is not None
            fn = POLICIES[cur.tactics].__wrapped__  # type: ignore[attr-defined]
            later = enc.clone()
            later.round += 3
            action = fn(enc, cur.id)
            assert str(fn(later, cur.id)) == str(action), (enc.round, str(action))
            asked += 1
            enc.apply(action)


def test_the_duel_remembers_most_decisions() -> None:
    policies._CASTS.clear()
    scenario = load_scenario("ogre-duel")
    for i in range(500):
        _fight(scenario, fight_seed(5, i), remember=True)
    (memo,) = policies._CASTS.values()
    assert memo.on
    assert memo.asked > memo.trial
    # the opening is the same in every fight, and the end game often is, in whatever
    # round it comes (the share grows with the fights: about three in five after 500)
    assert memo.hits > memo.asked // 2
    assert len(memo.decisions) == memo.asked - memo.hits


@pytest.mark.parametrize("name", ["ruined-gatehouse", "field-battle-100"])
def test_a_crowd_stops_remembering_soon(name: str) -> None:
    policies._CASTS.clear()
    scenario = load_scenario(name)
    for i in range(20):
        _fight(scenario, fight_seed(5, i), remember=True)
        (memo,) = policies._CASTS.values()
        if not memo.on:
            break
    creatures = len(scenario.placements)
    # the trial looks at about as many creatures whatever the size of the fight
    assert memo.trial == max(20, policies._Memo.TRIAL // creatures)
    assert not memo.on and not memo.decisions
    assert memo.asked == memo.trial and memo.hits < 0.25 * memo.asked


# ------------------------------------------------------------------ the situation
# Saved fields a decision cannot read: the dice, the history, the initiative rolls
# (the order and the current creature show them), the turn-start bookkeeping, what is
# fixed for the cast (scenario, ruleset, variants), and what is settled before a
# decision is asked for (started, not over).
_NOT_SEEN = {
    "version",
    "scenario",
    "ruleset",
    "variants",
    "rng",
    "policy_rng",
    "turn",
    "surprise",
    "outcome",
    "started",
    "history",
}
_SEEN = {
    "round",
    "order",
    "budget",
    "combatants",
    "items",
    "opened_doors",
    "closed_doors",
    "broken_doors",
    "object_damage",
    "planted",
}
_COMBATANT_NOT_SEEN = {"initiative", "tiebreak", "ticked_round"}


def _other(value: Any) -> Any:
    """A different value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return "x"
    if isinstance(value, tuple):
        return (*value, "x")
    if isinstance(value, set):
        return {*value, "x"}
    if isinstance(value, dict):
        return {**value, "x": 1}
    raise AssertionError(f"no other value for {value!r}")


def test_the_situation_covers_the_saved_state() -> None:
    enc = Encounter.from_scenario(load_scenario("ogre-duel"), 1)
    assert set(enc.to_json()) == _NOT_SEEN | _SEEN
    before = enc.situation()
    enc.items.append(((1, 1), "dagger"))
    assert enc.situation() != before
    before = enc.situation()
    enc.opened_doors.append((2, 2))
    assert enc.situation() != before
    before = enc.situation()
    enc.object_damage[(3, 3)] = 4
    assert enc.situation() != before
    before = enc.situation()
    enc.closed_doors.append((2, 3))
    assert enc.situation() != before
    before = enc.situation()
    enc.broken_doors.append((2, 2))
    assert enc.situation() != before
    before = enc.situation()
    enc.planted.append(("ogre", "greatclub", (1, 1), 3))
    assert enc.situation() != before
    before = enc.situation()
    enc.order.reverse()
    assert enc.situation() != before
    before = enc.situation()
    enc.round += 1
    assert enc.situation() != before


@pytest.mark.parametrize("field", sorted(Budget().to_json()))
def test_the_situation_sees_each_budget_field(field: str) -> None:
    enc = Encounter.from_scenario(load_scenario("ogre-duel"), 1)
    before = enc.situation()
    setattr(enc.budget, field, _other(getattr(enc.budget, field)))
    assert enc.situation() != before


def _combatant_fields() -> list[str]:
    enc = Encounter.from_scenario(load_scenario("ogre-duel"), 1)
    c = next(iter(enc.combatants.values()))
    return sorted(set(c.to_json()) - _COMBATANT_NOT_SEEN)


@pytest.mark.parametrize("field", _combatant_fields())
def test_the_situation_sees_each_combatant_field(field: str) -> None:
    enc = Encounter.from_scenario(load_scenario("ogre-duel"), 1)
    c = next(iter(enc.combatants.values()))
    before = enc.situation()
    if field == "vitals":
        c.vitals = Vitals.full(c.vitals.max_hp)._replace(hp=1)
    elif field == "conditions":
        c.conditions["prone"] = Condition(c.id, 0)
    elif field == "pos":
        c.pos = (c.pos[0] + 1, c.pos[1])
    elif field == "ammo":
        c.ammo["sling bullet"] = c.ammo.get("sling bullet", 0) + 1
    elif field == "readied":
        c.readied = ("enters-reach", None)
    elif field == "pending_full_round":
        c.pending_full_round = (0, 0)
    elif field == "effects":  # a feint over the other duellist
        other = next(o for o in enc.combatants.values() if o is not c)
        c.effects.append(Effect("feint", other.id, c.id, c.id, 1, through=True))
    else:
        setattr(c, field, _other(getattr(c, field)))
    assert enc.situation() != before
