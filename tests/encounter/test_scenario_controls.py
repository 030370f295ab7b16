"""Scenario controls a game master expects: combatants found without their armor, or
with chosen weapons in hand (or none), besides the starting conditions (asleep, prone,
helpless ...: ``conditions``, tests/content/test_scenarios.py).

Sources: SRD combat-i "Armor Class" (armor and shield bonuses), equipment.html
"Armor" (chainmail: +5, max Dex +2, speed 20 ft for a 30-ft creature), "Weapon
Categories" (a two-handed weapon, a bow or a crossbow takes both hands); the issue's
"combatants that start asleep, prone, helpless, unarmored or with items in hand".
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.errors import ScenarioError

OPEN = ".......\n.......\n......."


def pair(kit: Any, red_extra: str = "", *, seeded: bool = False, **red: Any) -> Any:
    """Red (b2) and Blue (f2): Red acts first (scripted initiative 20 and 1), or a
    seeded fight (``seeded``: one that can be cloned)."""
    sides = {
        "red": kit.soldier("Red", "b2", extra=red_extra, **red),
        "blue": kit.soldier("Blue", "f2"),
    }
    if seeded:
        return kit.encounter(OPEN, sides)
    return kit.scripted_encounter(OPEN, sides, [20, 1])


def test_an_unarmored_combatant_has_no_armor_or_shield(kit: Any) -> None:
    """The soldier in chainmail: AC 10 + 5 (armor) + 1 (Dex 12, under chainmail's max
    +2) = 16, speed 20 ft (medium armor on a 30-ft creature). ``unarmored: true``: AC 10
    + 1 = 11, speed 30 ft; a clone (the save) keeps it."""
    enc = pair(kit)
    red = enc.combatants["red"]
    assert (red.stats.ac.value, enc.space.speed(red)) == (16, 20)
    enc = pair(kit, "unarmored: true")
    red = enc.combatants["red"]
    assert red.stat.armor is None and red.stat.shield is None
    assert (red.stats.ac.value, enc.space.speed(red)) == (11, 30)
    copy = pair(kit, "unarmored: true", seeded=True).clone().combatants["red"]
    assert (copy.stats.ac.value, copy.stat.armor) == (11, None)


def test_weapons_in_hand_at_the_start(kit: Any) -> None:
    """``wielding``: the longsword sheathed and the dagger in hand; or empty hands (the
    first routine's longsword is what it would hold otherwise). A weapon not in hand
    must be drawn (a move action) before it attacks with it."""
    enc = pair(kit, "wielding: [dagger]", weapons="longsword, dagger")
    assert enc.combatants["red"].wielding == ("dagger",)
    assert enc.is_legal(A.Draw("longsword"))
    enc = pair(kit, "wielding: []")
    assert enc.combatants["red"].wielding == ()
    assert enc.is_legal(A.Draw("longsword"))
    assert pair(kit, "wielding: []", seeded=True).clone().combatants["red"].wielding == ()
    enc = pair(kit)
    assert enc.combatants["red"].wielding == ("longsword",)


@pytest.mark.parametrize(
    ("extra", "weapons", "why"),
    [
        ("wielding: [greatsword]", "longsword", r"carries no weapon 'greatsword'"),
        ("wielding: [longswrd]", "longsword", r"did you mean longsword\?"),
        ("wielding: [longbow, dagger]", "longbow, dagger", r"more than two hands"),
        ("wielding: [dagger, dagger]", "dagger", r"more than two hands"),
        ("wielding: [dagger, dagger, dagger]", "dagger", r"wielding"),
    ],
)
def test_weapons_in_hand_are_checked(kit: Any, extra: str, weapons: str, why: str) -> None:
    with pytest.raises(ScenarioError, match=why):
        pair(kit, extra, weapons=weapons)


# ---------------------------------------------------------------- carried light
DARK_FIELD = "DDDDDDDDDD\nDDDDDDDDDD\nDDDDDDDDDD"


def test_a_carried_torch_lights_the_dark_and_moves_with_its_bearer(kit: Any) -> None:
    """SRD equipment.html "Torch": it clearly illuminates a 20-foot radius and gives
    shadowy illumination out to 40 ft; seed 003 "Concealment": darkness gives total
    concealment (50%), shadowy light 20% (grid/concealment.py reads the target's
    square). On a dark field Red (no armor: speed 30) carries a torch; Blue at g2, 30
    ft away, stands in its shadowy light: 20% from Red. Red in its own light: Blue sees
    it (0%). Red moves two squares to c2 (20 ft in the dark: each square counts double
    there) and Blue, now 20 ft away, is in clear light: 0%. Without the torch: 50%."""
    sides = {
        "red": kit.soldier("Red", "a2", armor=None, extra="light: torch"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(DARK_FIELD, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.concealment(red, blue, melee=False) == 20
    assert enc.space.concealment(blue, red, melee=False) == 0
    enc.apply(A.Move(((1, 1), (2, 1))))
    assert enc.space.concealment(red, blue, melee=False) == 0
    copy = kit.encounter(DARK_FIELD, sides).clone()
    assert copy.lights == {"red": (20, 40)}
    sides["red"] = kit.soldier("Red", "a2", armor=None)
    enc = kit.scripted_encounter(DARK_FIELD, sides, [20, 1])
    assert not enc.lights
    assert enc.space.concealment(enc.combatants["red"], enc.combatants["blue"], melee=False) == 50


def test_an_unknown_light_source_is_refused(kit: Any) -> None:
    with pytest.raises(ScenarioError, match=r"unknown light source 'torh'.*torch"):
        pair(kit, "light: torh")
