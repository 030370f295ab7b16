"""Run a fight to its end: each creature's policy picks its actions, but for a
creature that fear makes flee (:func:`d20combat.encounter.fear.compelled`).

Every loop is bounded: a turn that does not end after ``MAX_ACTIONS_PER_TURN``
actions is ended for the policy (a policy bug must not hang a simulation), and the
encounter's round limit truncates the fight.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from d20combat.content.scenarios import Scenario
from d20combat.encounter.actions import EndTurn
from d20combat.encounter.fear import compelled
from d20combat.encounter.outcome import Outcome
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError
from d20combat.tactics.policies import Policy, policy

MAX_ACTIONS_PER_TURN = 40


@dataclass
class FightResult:
    encounter: Encounter
    outcome: Outcome

    @property
    def events(self):  # type: ignore[no-untyped-def]
        return self.encounter.log


def play(
    enc: Encounter,
    policies: Mapping[str, Policy] | None = None,
    *,
    strict: bool = False,
    each_round: Callable[[Encounter], None] | None = None,
) -> Outcome:
    """Play ``enc`` until it ends, with each combatant's policy (by its tactics name,
    unless ``policies`` gives one for its id).

    A policy's illegal action ends its turn, recorded as an event; with ``strict`` it
    raises instead (tests use this). ``each_round`` is called whenever a new round
    begins and once at the end (the CLI narrates a fight as it goes).
    """
    chosen = dict(policies or {})
    seen_round = enc.round
    steps_in_turn = 0
    last_turn: tuple[int, int] | None = None
    guard = 0
    limit = (enc.round_limit + 2) * max(1, len(enc.combatants)) * MAX_ACTIONS_PER_TURN
    while enc.outcome is None:
        guard += 1
        if guard > limit:
            raise RuntimeError("fight did not end")  # a bug: the round limit bounds fights
        actor = enc.current
        assert actor is not None
        key = (enc.round, enc.turn)
        steps_in_turn = steps_in_turn + 1 if key == last_turn else 1
        last_turn = key
        if steps_in_turn > MAX_ACTIONS_PER_TURN:
            enc.apply(EndTurn())
            continue
        action = compelled(enc, actor.id)  # fear decides for a fleeing creature
        if action is None:
            pol = chosen.get(actor.id) or policy(actor.tactics)
            action = pol(enc, actor.id)
        try:
            enc.apply(action)
        except IllegalActionError as exc:
            if strict:
                raise
            enc.event(actor.id, "policy-error", "tactics", action=str(action), why=str(exc))
            enc.apply(EndTurn())
        if each_round is not None and enc.round != seen_round:
            seen_round = enc.round
            each_round(enc)
    if each_round is not None:
        each_round(enc)
    return enc.outcome


def fight(
    scenario: Scenario,
    seed: int,
    policies: Mapping[str, Policy] | None = None,
    *,
    each_round: Callable[[Encounter], None] | None = None,
) -> FightResult:
    """Run one seeded fight of ``scenario`` (``each_round``: as for :func:`play`)."""
    enc = Encounter.from_scenario(scenario, seed)
    outcome = play(enc, policies, each_round=each_round)
    return FightResult(enc, outcome)


def replay(scenario: Scenario, seed: int, history: list[str]) -> Encounter:
    """Rebuild a fight by applying its recorded actions to a fresh, same-seeded start.

    Raises:
        IllegalActionError: if the history does not fit the scenario and seed.
    """
    from d20combat.encounter.actions import parse_action

    enc = Encounter.from_scenario(scenario, seed)
    for text in history:
        enc.apply(parse_action(text))
    return enc
