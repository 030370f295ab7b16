"""Awareness at the start of a fight: Spot and Listen checks, flat-footed until the
first regular turn, and d20 Modern's unaware target caught helpless; played on small
maps with scripted dice (every roll given in order).

Sources are cited on each test: seed 003 "Determining Awareness", "Flat-Footed",
"Unaware Combatants"; SRD combat-i "Flat-Footed"; seed 004 "Helpless Defenders".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.awareness import _beats, p_notices
from d20combat.encounter.fighting import flat_footed
from d20combat.errors import IllegalActionError

OPEN = """
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def test_spot_and_listen_checks_decide_who_is_aware(kit: Any) -> None:
    """seed 003 "Determining Awareness": Blue and Cyan (awareness ``check``) make Spot
    and Listen checks against Red's one Hide and one Move Silently (A198). Red's Hide
    comes to 14, its Move Silently to 10. Blue: Spot 12 (no), Listen 14 (beats 10):
    aware. Cyan: Spot 5, Listen 6: unaware. Some but not all are aware: a surprise
    round, in which Cyan does not act."""
    sides = {
        "red": kit.soldier("Red", "a2"),
        "blue": kit.soldier("Blue", "f2", extra="awareness: check")
        + kit.soldier("Cyan", "g3", extra="awareness: check"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [14, 10, 12, 14, 5, 6, 5, 10, 20])
    stealth = events(enc, "stealth")
    assert [(e.actor, e.outcome["hide"], e.outcome["move_silently"]) for e in stealth] == [
        ("red", 14, 10)
    ]
    notice = {e.actor: e.outcome for e in events(enc, "notice")}
    assert notice["blue"]["noticed"] == ["red"] and notice["blue"]["aware"]
    assert notice["cyan"]["noticed"] == [] and not notice["cyan"]["aware"]
    blue, cyan = enc.combatants["blue"], enc.combatants["cyan"]
    assert blue.aware and not cyan.aware and enc.surprise and enc.round == 0
    # Cyan rolled 20 for initiative but is unaware: Blue (10) acts first
    assert enc.current.id == "blue"


def test_a_tie_goes_to_the_higher_modifier_then_to_the_observer() -> None:
    """SRD combat-i "Opposed Checks": the higher total wins, a tie the higher
    modifier; equal modifiers: the observer (A198, no reroll)."""
    assert _beats(15, 2, 14, 9) and not _beats(14, 9, 15, 2)
    assert _beats(12, 3, 12, 1) and not _beats(12, 1, 12, 3)
    assert _beats(12, 2, 12, 2)


def test_a_turn_in_the_surprise_round_leaves_a_creature_flat_footed(kit: Any) -> None:
    """seed 003 / SRD combat-i "Flat-Footed": "before your first regular turn in the
    initiative order" you are flat-footed (A197). Red (aware, initiative 5) acts in the
    surprise round; in round 1 Blue (20) goes first, and Red is still flat-footed
    until its own regular turn."""
    sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "f2")}
    enc = kit.scripted_encounter(OPEN, sides, [5, 20], awareness={"blue": "unaware"})
    red = enc.combatants["red"]
    assert enc.round == 0 and enc.current is red
    enc.apply(A.EndTurn())
    assert enc.round == 1 and enc.current.id == "blue"
    assert flat_footed(enc, red)
    enc.apply(A.EndTurn())
    assert enc.current is red and not flat_footed(enc, red)


@pytest.mark.parametrize(
    ("rules", "how", "caught"),
    [("d20modern", "unaware", True), ("d20modern", "guarded", False), ("srd35", "unaware", False)],
)
def test_an_unaware_target_is_caught_helpless_in_d20_modern(
    kit: Any, rules: str, how: str, caught: bool
) -> None:
    """seed 004 "Helpless Defenders": an unaware target, approached and adjacent, is
    treated as helpless (the ``caught-unaware`` condition: D94, A199) until its first
    regular turn, unless it took precautions (``guarded``); seed 003 leaves it only
    flat-footed. Red (aware, 20) ends the surprise round next to Blue (5); in round 1
    Red may deliver a coup de grace (a full-round action) before Blue's first turn."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 5], ruleset=rules, awareness={"blue": how})
    blue = enc.combatants["blue"]
    assert ("caught-unaware" in blue.conditions) is caught
    assert blue.restrictions().helpless is caught
    assert [e.actor for e in events(enc, "caught-unaware")] == (["blue"] if caught else [])
    enc.apply(A.EndTurn())  # the surprise round: one action, no coup de grace
    assert enc.round == 1 and enc.current.id == "red"
    if caught:
        enc.check(A.parse_action("coup-de-grace blue"))
    else:
        with pytest.raises(IllegalActionError, match="not helpless"):
            enc.check(A.parse_action("coup-de-grace blue"))
    enc.apply(A.EndTurn())
    assert enc.current is blue and "caught-unaware" not in blue.conditions


@pytest.mark.parametrize(
    ("spot", "listen", "hide", "silent"),
    [(0, 0, 0, 0), (5, 2, 3, 7), (-1, 4, 4, -1), (10, 0, 0, 12)],
)
def test_the_chance_to_notice_is_exact(spot: int, listen: int, hide: int, silent: int) -> None:
    """p_notices against every face of the four d20s (20^4 cases), with the tie rule
    written out again here: the higher total, then the higher modifier, then the
    observer."""

    def wins(a: int, ma: int, b: int, mb: int) -> bool:
        return a + ma > b + mb or (a + ma == b + mb and ma >= mb)

    faces = range(1, 21)
    for seen in (True, False):
        count = 0
        for s in faces:
            for h in faces:
                spotted = seen and wins(s, spot, h, hide)
                for li in faces:
                    for m in faces:
                        count += spotted or wins(li, listen, m, silent)
        assert p_notices(spot, listen, hide, silent, seen=seen) == Fraction(count, 20**4)
