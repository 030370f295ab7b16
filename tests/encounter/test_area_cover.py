"""Cover against area attacks: the cover Reflex bonus against autofire from the far side
of the cover, and improved cover's improved evasion against autofire and explosives
(reading A221), played on small maps with scripted dice.

Sources are cited on each test: seed 003 "Cover" ("Cover grants you a +2 bonus on
Reflex saves against attacks that originate or burst out from a point on the other side
of the cover from you"; "A creature with this improved cover effectively gains improved
evasion against any attack to which the Reflex save bonus applies"); seed 004 "Cover
Reflex Save Bonus", "Autofire", "Thrown Explosives".
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.fighting import build_attack

PROFICIENT = "personal firearms proficiency, advanced firearms proficiency"
LOW_WALL = """
...=.....
.........
"""
SLIT = """
..!......
##!######
"""


def gunner(kit: Any) -> str:
    """Red at a1 with a submachine gun (25 bullets) and both firearm feats (+7)."""
    armor = f"chainmail\n  firearm_feats: [{PROFICIENT}]"
    text: str = kit.soldier(
        "Red", "a1", weapons="{weapon: submachine gun, rounds: 25}", armor=armor
    )
    return text


def autofire(kit: Any, rows: str, rolls: list[int], ruleset: str = "d20modern") -> Any:
    """Red fires at e1+f2; Blue (Reflex +3) stands at e1."""
    sides = {"red": gunner(kit), "blue": kit.soldier("Blue", "e1")}
    enc = kit.scripted_encounter(rows, sides, [20, 1, *rolls], ruleset=ruleset)
    enc.apply(parse_action("autofire submachine gun at e1+f2"))
    (e,) = [e for e in enc.log if e.type == "autofire"]
    return enc, e


@pytest.mark.parametrize(("ruleset", "reflex"), [("d20modern", 1), ("srd35", 2), ("advanced", 2)])
def test_cover_from_the_shooter_gives_its_reflex_bonus_against_autofire(
    kit: Any, ruleset: str, reflex: int
) -> None:
    """seed 004 "Cover Reflex Save Bonus" (one-quarter cover behind a low wall: +1 Reflex
    under A09's table, A200); seed 003 "Cover" (+2 Reflex; seed 001: srd35's values):
    autofire originates at the shooter, so Blue's cover from Red counts, in every
    ruleset. The attack (d20 10 + 7 = 17 against Defense 10) hits; Blue's save d20
    (12 - the bonus) + 3 + the bonus = 15 makes DC 15 (it would fail without the wall):
    no damage."""
    natural = 12 - reflex
    enc, e = autofire(kit, LOW_WALL, [10, natural], ruleset=ruleset)
    assert e.outcome["saves"] == [{"id": "blue", "natural": natural, "total": 15, "saved": True}]
    assert enc.combatants["blue"].vitals.hp == enc.combatants["blue"].vitals.max_hp


def test_improved_cover_gives_improved_evasion_against_autofire(kit: Any) -> None:
    """seed 003 "Cover": improved cover "effectively gains improved evasion" (A221): Blue
    behind the arrow slit (nine-tenths cover, +4 Reflex under d20modern) fails its save
    (d20 5 + 3 + 4 = 12 against DC 15) and takes half the 1d8's 7: 3."""
    enc, e = autofire(kit, SLIT, [10, 5, 7])
    assert e.outcome["saves"] == [
        {"id": "blue", "natural": 5, "total": 12, "saved": False, "improved_evasion": True}
    ]
    blue = enc.combatants["blue"]
    assert blue.vitals.max_hp - blue.vitals.hp == 3


@pytest.mark.parametrize(("saved", "taken"), [(True, 0), (False, 7)])
def test_improved_cover_gives_improved_evasion_against_a_burst(
    kit: Any, saved: bool, taken: int
) -> None:
    """seed 003 "Cover" (A221) against a fragmentation grenade (seed 004 "Thrown
    Explosives": Reflex DC 15 for half): Blue behind the arrow slit from the burst takes
    nothing on a success and half on a failure (4d6: 14 -> 7)."""
    sides = {
        "red": kit.soldier("Red", "a1", weapons="{weapon: fragmentation grenade, quantity: 3}"),
        "blue": kit.soldier("Blue", "e1"),
    }
    natural = 15 if saved else 2
    rolls = [20, 1, 1, 14, 12, natural]  # the d4 corner, 4d6, then Red's save and Blue's
    enc = kit.scripted_encounter(SLIT, sides, rolls, ruleset="d20modern")
    enc.apply(parse_action("throw-explosive fragmentation grenade at b1"))
    (e,) = [e for e in enc.log if e.type == "explosive"]
    blue = enc.combatants["blue"]
    (save,) = [s for s in e.outcome["saves"] if s["id"] == "blue"]
    assert save["improved_evasion"] and save["saved"] is saved
    assert blue.vitals.max_hp - blue.vitals.hp == taken


@pytest.mark.parametrize(
    ("ruleset", "kind"), [("srd35", "cover"), ("d20modern", "cover"), ("advanced", "circumstance")]
)
def test_the_cover_bonus_is_of_the_rulesets_type(kit: Any, ruleset: str, kind: str) -> None:
    """seed 001 "Cover": "Cover ... gives a circumstance bonus to AC against attacks
    originating on the other side of it"; seed 003 and seed 004: a cover bonus (D96).
    Blue behind the low wall from Red's bow: +4 (one-quarter +2 in d20modern) of the
    ruleset's type, to AC and to the Reflex save against autofire alike."""
    sides = {
        "red": kit.soldier("Red", "a1", weapons="longbow"),
        "blue": kit.soldier("Blue", "e1"),
    }
    enc = kit.scripted_encounter(LOW_WALL, sides, [20, 1], ruleset=ruleset)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.ready_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, blue)
    (part,) = [p.modifier for p in attack.ac.parts if p.modifier.source == "cover"]
    assert (part.value, part.type.value) == (2 if ruleset == "d20modern" else 4, kind)
