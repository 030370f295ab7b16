"""Extra attacks in play: the haste spell's (a ``hasted`` condition a scenario sets:
spells are not modelled, reading A186) and the monk's flurry of blows, with scripted
dice (initiative first, then each roll in order; ``enc.dice.totals == []`` at the end
shows no roll beyond those the rule allows).

Sources: SRD haste spell (not in the excerpt: "+1 bonus on attack rolls and a +1 dodge
bonus to AC and Reflex saves", "+30 feet" to its speeds, at most double, and "one extra
attack" at its full base attack bonus in a full attack); seed 001 "Haste spell" ("one
additional primary attack each round"); SRD character-classes-i "Flurry of Blows"; seed
001 "Flurry of blows".
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.errors import IllegalActionError

OPEN = """
.......
.......
.......
"""
RULESETS = ("srd35", "advanced", "d20modern")


def attacks(enc: Any) -> list[Any]:
    return [e for e in enc.log if e.type == "attack"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hasted_full_attack_has_one_more_attack_at_the_highest_bonus(
    kit: Any, ruleset: str
) -> None:
    """Red (BAB +6, Str 16: longsword +9/+4; +9 only in advanced below BAB... +9/+4 in
    all three rulesets) is hasted: +1 on attacks, so +10, and one extra attack at the
    highest bonus: +10/+10/+5. Blue's AC 16 (chainmail 5, Dex 1). Rolls 15 hit (25, 25,
    20), each longsword hit rolls its 1d8 (5). A fourth attack is refused."""
    sides = {
        "red": kit.soldier("Red", "b2", extra="conditions: {hasted: 10}"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 15, 5, 15, 5, 15, 5], ruleset=ruleset)
    for _ in range(3):
        enc.apply(A.Attack("blue"))
    assert [e.outcome["total"] for e in attacks(enc)] == [25, 25, 20]
    with pytest.raises(IllegalActionError):
        enc.apply(A.Attack("blue"))
    assert enc.dice.totals == []


def test_hasted_defense_reflex_and_speed(kit: Any) -> None:
    """SRD haste: a +1 dodge bonus to AC and Reflex saves and +30 ft. of speed, at most
    twice the normal speed. Blue (chainmail: speed 20, AC 16, Ref +2 base +1 Dex) is
    hasted: speed 40 (20 + 30 capped at double), Reflex +4, AC 17. Green (no armor,
    speed 30) moves 60. Red's +9 longsword: roll 7 (16) misses, its second attack (+4)
    roll 13 (17) hits (1d8: 5)."""
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2", extra="conditions: {hasted: 10}")
        + kit.soldier("Green", "g3", armor=None, land=30, extra="conditions: {hasted: 10}"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 19, 7, 13, 5])
    blue, green = enc.combatants["blue"], enc.combatants["green"]
    assert enc.current is blue
    assert (enc.space.speed(blue), enc.space.speed(green)) == (40, 60)
    assert blue.roll_total(blue.stats.saves["ref"], "save", save="ref").value == 4
    assert blue.roll_total(blue.stats.saves["fort"], "save", save="fort").value == 6
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Green
    enc.apply(A.Attack("blue"))
    enc.apply(A.Attack("blue"))
    assert [(e.outcome["total"], e.outcome["result"]) for e in attacks(enc)] == [
        (16, "miss"),
        (17, "hit"),
    ]
    assert enc.dice.totals == []
