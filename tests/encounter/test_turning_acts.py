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
from d20combat.errors import IllegalActionError

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


EVIL_CLERIC = """  - at: b2
    build:
      name: Evil cleric
      race: human
      classes: cleric 4
      abilities: {str: 13, dex: 10, con: 14, int: 10, wis: 15, cha: 12}
      weapons: [heavy mace]
      alignment: neutral evil
"""


def test_commanded_undead_await_orders_a_standard_action(kit: Any) -> None:
    # seed 000 "Commanded": "The cleric must take a standard action to give mental
    # orders to a commanded undead" (A242). Check 11, damage 9: zombies 1 and 2 (2 HD
    # each, 4 HD the level's limit) commanded, zombie 3 rebuked. A commanded zombie
    # stands doing nothing until ordered; the cleric's next turn, the baseline orders
    # the first (its attacks every round beat the cleric's one now).
    from d20combat.tactics.policies import policy

    undead = zombie("d2") + zombie("e2") + zombie("f2")
    enc = kit.scripted_encounter(
        FIELD, {"evil": EVIL_CLERIC, "undead": undead}, [20, 3, 2, 1, 11, 9]
    )
    enc.apply(parse_action("rebuke"))
    z1 = enc.combatants["human-commoner-zombie-1"]
    assert z1.side == "evil" and z1.conditions["awaiting-orders"].owner == "evil-cleric"
    with pytest.raises(IllegalActionError, match="no standard action left"):
        enc.check(parse_action("order human-commoner-zombie-1"))
    enc.apply(parse_action("end"))  # the zombies' turns pass: none of them can act
    assert enc.round == 2 and not any(e.type == "turn" and e.actor == z1.id for e in enc.log)
    assert enc.current.id == "evil-cleric"
    choice = policy("default")(enc, "evil-cleric")
    assert str(choice) == "order human-commoner-zombie-1"
    enc.apply(choice)
    assert "awaiting-orders" not in z1.conditions and not enc.budget.standard
    e = next(e for e in enc.log if e.type == "ordered")
    assert e.target == "human-commoner-zombie-1"
    with pytest.raises(IllegalActionError, match="has its orders already"):
        enc.check(parse_action("order human-commoner-zombie-1"))
    with pytest.raises(IllegalActionError, match="does not command human-commoner-zombie-3"):
        enc.check(parse_action("order human-commoner-zombie-3"))
    # relinquished, a creature awaiting orders awaits none
    enc.apply(parse_action("relinquish human-commoner-zombie-2"))
    z2 = enc.combatants["human-commoner-zombie-2"]
    assert "awaiting-orders" not in z2.conditions and z2.side == "undead"
