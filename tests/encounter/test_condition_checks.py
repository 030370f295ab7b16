"""The fear and sickness penalties on the skill and ability checks the engine makes (SRD
conditions "Shaken": "-2 penalty on attack rolls, saving throws, skill checks, and
ability checks"; "Frightened", "Panicked", "Sickened": the same -2): bull rush, trip and
overrun Strength checks (encounter/maneuvers: ``ability``), the feint's Bluff and the
first aid check (``skill``). The kit's soldiers: Str 16 (+3), Wis 10."""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


@pytest.mark.parametrize("fear", ["shaken", "frightened", "sickened"])
def test_the_bull_rush_checks_take_two_off(kit: Any, fear: str) -> None:
    # Red (shaken ...) bull-rushes Blue (sickened): each Strength check +3 - 2 = +1
    enc = kit.duel([20, 1, 18, 13])
    enc.impose(enc.get("red"), fear, "red", 0)
    enc.impose(enc.get("blue"), "sickened", "blue", 0)
    enc.apply(parse_action("bull-rush blue"))
    rush = events(enc, "bull-rush")[0]
    mine, theirs = rush.total("bull rush check"), rush.total("bull rush resist")
    assert (mine.value, theirs.value) == (1, 1)
    assert any(p.modifier.source == fear and p.modifier.value == -2 for p in mine.parts)


def test_a_shaken_healer_takes_two_off_its_first_aid(kit: Any) -> None:
    # SRD combat-i "a DC 15 Heal check": Red, untrained (Wis 10: +0) and shaken, rolls
    # 1d20-2 (Blue's attack of opportunity before it: 2 + 9, a miss)
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Green", "b1"),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(".......\n.......\n.......", sides, [20, 1, 5, 2, 15])
    green = enc.combatants["green"]
    green.vitals = green.vitals._replace(hp=-3)
    enc.space.invalidate(green)
    enc.impose(enc.get("red"), "shaken", "red", 0)
    enc.apply(A.Stabilize("green"))
    aid = events(enc, "stabilize")[0]
    assert [r.dice for r in aid.rolls] == ["1d20-2"]


def test_an_attack_breaks_a_fascination(kit: Any) -> None:
    """SRD conditions "Fascinated": "takes no actions other than to pay attention to the
    fascinating effect ... -4 penalty on skill checks made as reactions, such as Listen and
    Spot checks ... Any obvious threat, such as someone drawing a weapon, casting a spell,
    or aiming a ranged weapon at the fascinated creature, automatically breaks the
    effect" (A252: an attack on it). Blue starts fascinated: Spot -4; Red's attack (a
    natural 2: a miss) breaks it all the same."""
    from d20combat.render.narrate import narrate

    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2", extra="  conditions: {fascinated: 0}\n"),
    }
    enc = kit.scripted_encounter("\n.......\n.......\n.......\n", sides, [20, 1, 2])
    blue = enc.combatants["blue"]
    assert blue.roll_total(blue.stats.skill("spot"), "skill", skill="spot").value == -4
    assert blue.restrictions().actions == "none"
    enc.apply(parse_action("attack blue with longsword"))
    [ended] = [e for e in enc.log if e.type == "condition-ends"]
    assert "fascinated" not in blue.conditions
    assert narrate(ended) == ["blue is no longer fascinated (an attack on it: an obvious threat)"]
