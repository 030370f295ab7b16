"""Fuzz the action notation and the engine behind it: mutated legal actions and
random text parsed with ``parse_action`` and applied to fights part-way, then the
fight played to its end by the tactics.

The library contract: ``parse_action`` returns an action whose notation reads back
as itself, or raises an InputError; ``Encounter.apply`` returns events, or raises
a D20Error (an illegal action) and changes nothing; a fight in any state it reaches
plays to its end."""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from fuzzkit import Run, fuzz_settings, run_call, verify
from hypothesis import given
from hypothesis import strategies as st
from mutate import NUMBERS, SPACE

from d20combat.content.scenarios import load_scenario
from d20combat.encounter.actions import parse_action
from d20combat.encounter.state import Encounter
from d20combat.sim.runner import play
from d20combat.tactics.policies import policy

FIGHTS = ("ogre-duel", "goblin-ambush", "orc-warband", "restless-crypt", "ruined-gatehouse")
VERBS = (
    *("end", "move", "step", "withdraw", "run", "crawl", "charge", "attack", "total-defense"),
    *("delay", "ready", "stand", "drop-prone", "draw", "drop", "sheathe", "load", "pick-up"),
    *("open", "escape", "surrender", "flee", "cower", "start-full-round"),
)
WORDS_IN_ACTIONS = (
    *("with", "to", "at", "after", "when", "and", "power", "expertise", "stance"),
    *("defensively", "nonlethal", "lethal", "two-weapon", "reckless", "attack", "move"),
    *("enters-reach", "in-range", "adjacent", "a1", "zz9999", "a0", "a" + "9" * 5000),
    *("ogre", "goblin-1", "longsword", "light crossbow", "nobody", "0", "-1", "2"),
    *("power ²", "power 0", "power 99", "expertise ٣", "stance x", "power " + "9" * 5000),
)


@cache
def start(name: str, seed: int, steps: int) -> dict[str, Any]:
    """The save of ``name`` after ``steps`` actions of the default tactics."""
    enc = Encounter.from_scenario(load_scenario(name), seed=seed)
    tactics = policy("default")
    for _ in range(steps):
        if enc.outcome is not None or enc.current is None:
            break
        enc.apply(tactics(enc, enc.current.id))
    return enc.to_json()


@st.composite
def action_text(draw: st.DrawFn, legal: list[str]) -> str:
    """A legal action's notation with a few words changed, or words of the notation
    in a random order, or random text."""
    how = draw(st.integers(0, 5))
    if how == 0 or not legal:
        return draw(st.text(max_size=30))
    if how == 1:
        words = st.sampled_from(VERBS + WORDS_IN_ACTIONS + NUMBERS)
        return " ".join(draw(st.lists(words, min_size=1, max_size=7)))
    words = draw(st.sampled_from(legal)).split()
    for _ in range(draw(st.integers(0 if how > 3 else 1, 3))):
        i = draw(st.integers(0, len(words)))
        new = draw(st.sampled_from(WORDS_IN_ACTIONS + NUMBERS + SPACE[:2] + ("",)))
        if draw(st.booleans()) and i < len(words):
            words[i] = new
        else:
            words.insert(i, new)
    return " ".join(words)


def apply_text(enc: Encounter, text: str) -> str:
    """Parse and apply one action; on an illegal action, check nothing changed."""
    action = parse_action(text)
    assert parse_action(str(action)) == action, f"{text!r} -> {action!r} -> {str(action)!r}"
    before = enc.to_json()
    try:
        enc.apply(action)
    except BaseException:
        assert enc.to_json() == before, f"{text!r} failed but changed the fight"
        raise
    return str(action)


def sane(run: Run) -> None:
    assert run.stdout.strip()


@fuzz_settings("actions")
@given(
    name=st.sampled_from(FIGHTS),
    seed=st.integers(0, 2),
    steps=st.sampled_from((0, 2, 5, 12, 30)),
    data=st.data(),
)
def test_action_notation_and_play(name: str, seed: int, steps: int, data: st.DataObject) -> None:
    enc = Encounter.from_json(start(name, seed, steps))
    for _ in range(data.draw(st.integers(1, 4), label="actions")):
        if enc.outcome is not None:
            break
        legal = [str(a) for a in enc.legal_actions()]
        text = data.draw(action_text(legal), label="action")
        verify("actions", run_call("apply", partial(apply_text, enc, text), what=text), sane)
    verify("actions", run_call("play", lambda: play(enc).describe(), what=name), sane)
