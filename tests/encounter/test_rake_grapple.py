"""Rake while grappling, in play with scripted dice (SRD types-subtypes-and-special-
abilities.html "Rake": "A creature with this special attack gains extra natural attacks
when it grapples its foe ... two additional claw attacks that it can use only against a
grappled foe. Rake attacks are not subject to the usual -4 penalty for attacking with a
natural weapon in a grapple. A monster with the rake ability must begin its turn
grappling to use its rake - it can't begin a grapple and rake in the same turn").

The SRD lion (monsters-animals.html): Large, Str 21, BAB +3; bite (improved grab) for
1d8+2; grapple +12 (3 + 5 + 4 Large); "Rake (Ex): Attack bonus +7 melee, damage 1d4+2".
The kit's soldier Blue: AC 16 (flat-footed 15), grapple +9. Scripted dice give totals.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.errors import IllegalActionError
from d20combat.render.narrate import narrate

ROWS = """
......
......
......
"""


def lion_holds_blue(kit: Any) -> Any:
    """Round 1: the lion's bite (18: a hit) for 5, the free hold (25 against 10) pulls
    Blue in."""
    sides = {
        "lions": "  - creature: lion\n    at: a1\n",
        "blue": kit.soldier("Blue", "c1", hp_bonus=20),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 18, 5, 25, 10])
    enc.apply(parse_action("attack blue with bite"))
    assert enc.combatants["lion"].grappling == ("blue",)
    return enc


def test_no_rake_in_the_turn_the_grapple_begins(kit: Any) -> None:
    enc = lion_holds_blue(kit)
    with pytest.raises(IllegalActionError, match="did not begin its turn grappling blue"):
        enc.apply(parse_action("rake blue"))
    assert not any(str(a).startswith("rake") for a in enc.legal_actions())


def test_two_rakes_at_plus_7_without_the_grapple_penalty(kit: Any) -> None:
    # round 2: "rake blue" twice, free: 10 + 7 = 17 against AC 16 (the grappler keeps
    # Blue's Dex against it: SRD "Grappling"), 4 damage; 1 misses; a third is refused
    enc = lion_holds_blue(kit)
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    assert "rake blue" in [str(a) for a in enc.legal_actions()]
    enc.dice.totals += [10, 4]
    enc.apply(parse_action("rake blue"))
    rake = [e for e in enc.log if e.type == "rake"][-1]
    bonus = rake.total("attack bonus")
    assert bonus.value == 7 and rake.rule == "SRD special abilities Rake (grappling)"
    assert all(p.modifier.source != "in a grapple" for p in bonus.parts)
    assert rake.outcome["result"] == "hit"
    assert [e for e in enc.log if e.type == "damage"][-1].outcome["damage"] == 4
    enc.dice.totals += [1]
    enc.apply(parse_action("rake blue"))
    assert enc.budget.rakes == 2 and enc.budget.standard  # free: the turn's actions remain
    with pytest.raises(IllegalActionError, match="has made its 2 rakes this turn"):
        enc.apply(parse_action("rake blue"))
    assert "rake" in narrate(rake)[0]


def test_the_baseline_lion_rakes_then_grapples(kit: Any) -> None:
    # the rakes are free and risk nothing: the baseline makes them first (A87)
    from d20combat.tactics.policies import policy

    enc = lion_holds_blue(kit)
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert str(policy("default")(enc, "lion")) == "rake blue"
