"""Climbing over a climbable face (``^``) in play (encounter/climbing.py, A174; SRD
combat-i Table: Actions in Combat "Climb (one-quarter speed)", accelerated climbing half
speed at -5; SRD special abilities "Climb").

The kit's soldier unarmored: Str 16 (+3), speed 30 ft: a quarter 5 ft (7.5 on the
grid), an accelerated climb 15 ft; Climb +3 untrained. One check, DC 15, a climb. The
first two rolls are initiative (Red first); scripted dice give totals.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.errors import IllegalActionError

WALL = """
..^....
..^....
..^....
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def duel(kit: Any, rolls: list[int], red: str = "") -> Any:
    red = red or kit.soldier("Red", "b2", armor=None)
    return kit.scripted_encounter(WALL, {"red": red, "blue": kit.soldier("Blue", "g2")}, rolls)


def test_an_accelerated_climb_over_the_wall(kit: Any) -> None:
    # Over c2 to d2: 10 ft. A move action climbs 5 ft (a quarter of 30); an accelerated
    # climb 15 ft, its check at +3 - 5 = -2: a total of 15 makes DC 15.
    enc = duel(kit, [20, 1, 15])
    red = enc.combatants["red"]
    for text, why in (
        ("move c2 d2", "impassable"),
        ("climb c2", "cannot end on the face"),
        ("step c2", "impassable"),
        ("climb d2", "not next to"),
    ):
        with pytest.raises(IllegalActionError, match=why):
            enc.check(parse_action(text))
    enc.apply(parse_action("climb c2 d2 fast"))
    check = events(enc, "climb-check")[0]
    assert (check.outcome["total"], check.outcome["dc"], check.outcome["result"]) == (
        15,
        15,
        "climbs",
    )
    assert check.total("climb check").value == -2
    assert red.pos == (3, 1) and "climbing" not in red.conditions
    assert enc.budget.standard and not enc.budget.full_round  # a move action


def test_a_plain_climb_of_10_ft_is_a_full_round_action(kit: Any) -> None:
    # Twice 5 ft as a full-round action; +3 against DC 15: 11 fails by 4: no progress.
    enc = duel(kit, [20, 1, 11])
    enc.apply(parse_action("climb c2 d2"))
    assert enc.combatants["red"].pos == (1, 1) and enc.budget.full_round
    assert events(enc, "climb-check")[0].outcome["result"] == "stuck"


def test_failing_by_5_it_falls(kit: Any) -> None:
    # 10 fails DC 15 by 5: it falls back, 1d6 (4) damage, prone (A174).
    enc = duel(kit, [20, 1, 10, 4])
    red = enc.combatants["red"]
    hp = red.vitals.hp
    enc.apply(parse_action("climb c2 d2 fast"))
    check = events(enc, "climb-check")[0]
    assert (check.outcome["result"], check.outcome["fall_damage"]) == ("falls", 4)
    assert red.vitals.hp == hp - 4 and red.pos == (1, 1) and "prone" in red.conditions


def test_a_climb_speed_takes_10(kit: Any) -> None:
    # A climb speed of 20 ft: +3 + 8 = +11, taking 10: 21, no roll; 20 ft a move action.
    text = kit.soldier("Red", "b2", armor=None, land=30).replace(
        "{land: 30}", "{land: 30, climb: 20}"
    )
    enc = duel(kit, [20, 1], red=text)
    enc.apply(parse_action("climb c2 d2"))
    check = events(enc, "climb-check")[0]
    assert check.outcome["took_10"] and check.outcome["total"] == 21
    assert enc.combatants["red"].pos == (3, 1) and not enc.budget.full_round
