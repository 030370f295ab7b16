"""The alignment of a turning (seed 000 "Neutral Clerics": "Even if a cleric is neutral,
channeling positive energy is a good act and channeling negative energy is evil"; A241)
and commanded undead's orders (seed 000 "Commanded").

A neutral human cleric 4 (Cha 12, +1) chooses to turn or to rebuke (the build's
``turning``); scripted dice give initiative first, then the turning check's total and
the turning damage's.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action

FIELD = """
..............
..............
..............
"""

NEUTRAL_CLERIC = """  - at: b2
    build:
      name: Neutral cleric
      race: human
      classes: cleric 4
      abilities: {{str: 13, dex: 10, con: 14, int: 10, wis: 15, cha: 12}}
      weapons: [heavy mace]
      alignment: true neutral
      turning: {turning}
"""


def zombie(at: str) -> str:
    return f"  - creature: human-commoner-zombie\n    at: {at}\n"


@pytest.mark.parametrize(("turning", "act"), [("turn", "good"), ("rebuke", "evil")])
def test_a_neutral_cleric_s_turning_is_a_good_or_an_evil_act(
    kit: Any, turning: str, act: str
) -> None:
    # positive energy (turn) a good act, negative (rebuke) an evil one, the cleric
    # neutral either way; the event records it (nothing in a fight reads an act's
    # alignment: no spell or item here asks it)
    sides = {"party": NEUTRAL_CLERIC.format(turning=turning), "undead": zombie("e2")}
    enc = kit.scripted_encounter(FIELD, sides, [20, 1, 11, 9])
    enc.apply(parse_action(turning))
    e = next(e for e in enc.log if e.type == "turning")
    assert e.outcome["mode"] == turning and e.outcome["act"] == act
    assert enc.combatants["neutral-cleric"].stat.alignment == "true neutral"
