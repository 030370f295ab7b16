"""Grapple leftovers of issue 9, step by step with scripted dice: what a pinner may do
to a second opponent (seed 000 "If You're Pinning an Opponent"; seed 004 "Pin", D102),
and the pinned creature's actions (seed 000 against seed 002's reading).

The kit's soldiers (tests/encounter/conftest.py): grapple +9, unarmed strike 1d3+3,
longsword, chainmail. Scripted dice give totals; initiative first, in placement order.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from d20combat.content.rulesets import ruleset
from d20combat.encounter.actions import parse_action
from d20combat.encounter.invariants import problems
from d20combat.errors import IllegalActionError
from d20combat.rules.maneuvers import grapple as GR

ROWS = """
.......
.......
.......
.......
"""


def pin_and_join(kit: Any, name: str) -> Any:
    """Red (21) holds and pins Blue (2); Green (11) joins, grappling Red; Blue's turn
    passes; Red's turn comes with Blue still pinned and Green holding Red."""
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Green", "c3"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 10, 15, 10, 5, 20, 10], ruleset=name)
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("pin blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [20, 10, 5]
    enc.apply(parse_action("grapple red"))  # Green joins: no touch attack, the hold
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue, pinned
    assert enc.current.id == "red" and enc.combatants["blue"].has("pinned")
    assert enc.combatants["green"].grappling == ("red",)
    return enc


def test_a_pinner_damages_a_second_opponent_in_srd35_but_not_in_d20modern(kit: Any) -> None:
    # seed 000 lists what a pinner cannot do (weapons, escaping, pinning another,
    # breaking a pin): damaging another opponent is not among them (srd35, advanced).
    # Seed 004: "A character can't ... attempt to damage or pin a second opponent while
    # holding a pin on the first" (d20modern, D102).
    enc = pin_and_join(kit, "srd35")
    enc.check(parse_action("grapple-damage green"))
    with pytest.raises(IllegalActionError, match="cannot pin another"):
        enc.check(parse_action("pin green"))
    enc = pin_and_join(kit, "d20modern")
    with pytest.raises(IllegalActionError, match="red pins blue: it cannot damage another"):
        enc.check(parse_action("grapple-damage green"))
    with pytest.raises(IllegalActionError, match="cannot pin another"):
        enc.check(parse_action("pin green"))
    enc.check(parse_action("grapple-damage blue"))  # the pinned one it may hurt
    listed = {str(a) for a in enc.legal_actions()}
    assert "grapple-damage blue" in listed and "grapple-damage green" not in listed
    assert ruleset("advanced").pinner_damages_others


def test_srd35_does_not_take_seed_002s_reading_of_the_pinned(kit: Any) -> None:
    # seed 002: a pinned character's only possible grapple action is to escape; seed 000
    # (srd35, D13): it may also cast a spell with no somatic component, a Concentration
    # check (DC 20 + spell level), which srd35 keeps and d20modern (seed 004: no
    # spells in a grapple) does not. Both agree the escape frees it only from the pin:
    # 22 against 14, still grappling (spells themselves are issue 10).
    assert GR.casting_check(ruleset("srd35"), 1) == ("concentration", 21)
    assert GR.casting_check(ruleset("d20modern"), 1) is None
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5, 20, 10])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("pin blue"))
    enc.apply(parse_action("end"))
    listed = {str(a) for a in enc.legal_actions()}
    assert {"escape-pin red", "escape-artist red"} <= listed
    enc.dice.totals += [22, 14]
    enc.apply(parse_action("escape-pin red"))
    blue = enc.combatants["blue"]
    assert not blue.has("pinned") and blue.grappling == ("red",)


def test_d20modern_a_character_may_only_grab(kit: Any) -> None:
    # seed 004 "Grabbing": "If the character grabs an opponent, but fails to go on to
    # hold him or her, the character doesn't actually start a grapple. However,
    # sometimes all a character wants to do is grab the target" (D103). Red's melee
    # touch attack: a natural 10 + 9 = 19 against Blue's flat-footed touch Defense 10
    # (Blue has not acted: no attack of opportunity either): grabbed, and no grapple.
    enc = kit.duel([20, 1, 10], ruleset="d20modern", rows=ROWS)
    assert "grab blue" in {str(a) for a in enc.legal_actions()}
    enc.apply(parse_action("grab blue"))
    g = next(e for e in enc.log if e.type == "grab")
    assert g.outcome["result"] == "grabbed" and g.outcome["touch_total"] == 19
    assert g.total("touch armor class").value == 10
    assert "seed 004" in g.rule
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert red.grappling == () and blue.grappling == ()
    assert not enc.budget.standard  # the attack it replaced
    # srd35 (seed 000): the grab is a step of starting a grapple, never alone
    enc = kit.duel([20, 1], rows=ROWS)
    assert not any(str(a).startswith("grab ") for a in enc.legal_actions())
    with pytest.raises(IllegalActionError, match="a grab is not made alone"):
        enc.apply(parse_action("grab blue"))


def wearing(text: str, worn: str = "amulet, cloak") -> str:
    return text.replace("    stat_block:\n", f"    stat_block:\n      worn: [{worn}]\n", 1)


def pinned_wearer(kit: Any, name: str = "srd35", rolls: list[int] | None = None) -> Any:
    """Red (21) holds and pins Blue (2), who wears an amulet and a cloak; Blue's turn
    passes; Red's turn comes with Blue still pinned."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": wearing(kit.soldier("Blue", "c2"))}
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5, 20, 10], ruleset=name)
    enc.apply(parse_action("grapple blue"))
    if rolls is not None:  # before the pin: Blue not yet pinned
        return enc
    enc.apply(parse_action("pin blue"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue, pinned
    assert enc.current.id == "red" and enc.combatants["blue"].has("pinned")
    return enc


def test_a_pinner_takes_a_worn_object_with_a_disarm(kit: Any) -> None:
    # seed 000 "Grabbing Items" / "If You're Pinning an Opponent": a well-secured worn
    # object (an amulet) is snatched with a disarm only from a pinned wearer, who gets
    # +4 (seed 002 the same). Red's unarmed disarm: its unarmed strike +9 (the first
    # attack of its full attack), no attack of opportunity from a pinned Blue (it
    # cannot act); Blue resists with its longsword's +9, +4 well secured = +13. Red 20
    # against 18 wins: the amulet is off Blue (lost), in Red's hand.
    enc = pinned_wearer(kit)
    blue = enc.combatants["blue"]
    listed = {str(a) for a in enc.legal_actions()}
    assert "disarm blue amulet" in listed and "disarm blue cloak" in listed
    enc.dice.totals += [20, 18]
    enc.apply(parse_action("disarm blue amulet"))
    d = next(e for e in enc.log if e.type == "disarm")
    assert d.outcome["item"] == "amulet" and d.outcome["grab"] and d.outcome["result"] == "disarmed"
    resist = d.total("disarm resist")
    assert any(p.modifier.source == "well secured" and p.modifier.value == 4 for p in resist.parts)
    assert blue.lost == ("amulet",)
    assert "disarm blue amulet" not in {str(a) for a in enc.legal_actions()}
    assert problems(enc) == []
    # the saved combatant keeps it; an object it never wore is refused
    saved = json.loads(json.dumps(blue.to_json()))
    assert saved["lost"] == ["amulet"]
    blue.lost = ("necklace",)
    assert any("carries no 'necklace'" in str(p) for p in problems(enc))


def test_a_worn_object_only_from_a_pinned_wearer_in_srd35(kit: Any) -> None:
    # srd35 (seed 000): not from a wearer only held; d20modern (seed 004 "Grabbing
    # Objects", D14): held or not, the wearer's +4
    enc = pinned_wearer(kit, rolls=[])
    assert enc.combatants["blue"].grappling == ("red",)
    enc.dice.totals += [20, 10]
    with pytest.raises(IllegalActionError, match="only from a pinned wearer"):
        enc.check(parse_action("disarm blue amulet"))
    enc = pinned_wearer(kit, "d20modern", rolls=[])
    enc.check(parse_action("disarm blue cloak"))


def test_worn_objects_are_named_once(kit: Any) -> None:
    from d20combat.errors import ScenarioError

    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": wearing(kit.soldier("Blue", "c2"), "amulet, Amulet"),
    }
    with pytest.raises(ScenarioError, match=r"stat_block\.worn: worn twice: amulet"):
        kit.scripted_encounter(ROWS, sides, [20, 1])
