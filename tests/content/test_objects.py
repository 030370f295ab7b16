"""Objects: AC by size, hardness and hit points, break DCs.

Expected numbers are those of seed 000 ("Sunder", "Attack An Object", "Breaking
Items"); the 3.5 weapon and shield table is also checked against the SRD page
srd35/basic-rules-and-legal/combat-ii-movement-modifiers-and-special-actions.html.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from d20combat.content.objects import (
    HardnessHP,
    break_dc,
    item_hardness_and_hp,
    object_ac,
    object_size_ac_modifier,
    object_stats,
    objects_data,
    substance,
    substance_hardness_and_hp,
)
from d20combat.content.sizes import Size
from d20combat.errors import ContentError

SRD = Path(__file__).resolve().parents[2] / "srd35"
COMBAT_II = SRD / "basic-rules-and-legal/combat-ii-movement-modifiers-and-special-actions.html"


def test_heavy_mace_editions_disagree() -> None:
    assert item_hardness_and_hp("heavy mace") == HardnessHP(10, 20)
    assert item_hardness_and_hp("one-handed metal-hafted weapon") == HardnessHP(10, 20)
    assert item_hardness_and_hp("heavy mace", edition="3.0") == HardnessHP(10, 25)
    assert item_hardness_and_hp("medium-size metal-hafted weapon", edition="3.0").hp == 25


def test_shields_by_edition() -> None:
    assert item_hardness_and_hp("light wooden shield") == HardnessHP(5, 7)
    assert item_hardness_and_hp("light wooden shield", edition="3.0") == HardnessHP(5, 10)
    assert item_hardness_and_hp("small wooden shield", edition="3.0") == HardnessHP(5, 10)
    assert item_hardness_and_hp("heavy steel shield") == HardnessHP(10, 20)
    assert item_hardness_and_hp("tower shield") == HardnessHP(5, 20)
    assert item_hardness_and_hp("buckler") == HardnessHP(10, 5)
    assert item_hardness_and_hp("ogre's club", edition="3.0") == HardnessHP(5, 60)
    assert item_hardness_and_hp("dagger", edition="3.0") == HardnessHP(10, 1)


def test_size_scaling_footnote() -> None:
    # x2 per size larger, /2 per size smaller (3.5 table, footnote 1).
    assert item_hardness_and_hp("greatsword", Size.LARGE) == HardnessHP(10, 20)
    assert item_hardness_and_hp("greatsword", Size.HUGE) == HardnessHP(10, 40)
    assert item_hardness_and_hp("longsword", Size.SMALL) == HardnessHP(10, 2)
    assert item_hardness_and_hp("heavy mace", Size.SMALL).hp == 10
    assert item_hardness_and_hp("short sword", Size.TINY).hp == 1  # 2 / 4, at least 1


def test_enhancement_adds_hardness_and_hp() -> None:
    # Seed 000 "Magic Weapons and Shields": a +2 shield adds 2 to hardness and hp.
    assert item_hardness_and_hp("heavy steel shield", enhancement=2) == HardnessHP(12, 22)
    assert item_hardness_and_hp("longsword", Size.LARGE, enhancement=1) == HardnessHP(11, 11)


def test_armor_hardness_from_material() -> None:
    assert item_hardness_and_hp("armor", armor_bonus=8, material="iron") == HardnessHP(10, 40)
    assert item_hardness_and_hp("armor", armor_bonus=4, material="mithral") == HardnessHP(15, 20)
    with pytest.raises(ContentError, match="armor bonus and material"):
        item_hardness_and_hp("armor")


def test_errors() -> None:
    with pytest.raises(ContentError) as err:
        item_hardness_and_hp("longswrd")
    assert "longsword" in (err.value.problems[0].expected or "")
    with pytest.raises(ContentError, match="no size scaling"):
        item_hardness_and_hp("longsword", Size.LARGE, edition="3.0")
    with pytest.raises(ContentError):
        substance("unobtainium")
    with pytest.raises(ContentError):
        break_dc("break the fourth wall")


def test_substances() -> None:
    # "How Striking an Object Works": a 1-inch wooden chest, hardness 5, 10 hp.
    assert substance_hardness_and_hp("wood") == HardnessHP(5, 10)
    assert substance_hardness_and_hp("iron", 2) == HardnessHP(10, 60)
    assert substance_hardness_and_hp("stone", 12) == HardnessHP(8, 180)
    assert substance("adamantine") is substance("adamantite")
    assert (substance("adamantine").hardness, substance("adamantine").hp_per_inch) == (20, 40)
    assert (substance("glass").hardness, substance("glass").hp_per_inch) == (1, 1)
    assert len(objects_data().substances) == 9


def test_object_table() -> None:
    door = object_stats("iron door (2 in. thick)")
    assert (door.hardness, door.hp, door.break_dc) == (10, 60, 28)
    assert object_stats("iron door") is door
    assert object_stats("hewn stone").hp == 540
    assert object_stats("strong wooden door").break_dc == 23
    assert object_stats("masterwork manacles").break_dc == 28
    assert len(objects_data().objects) == 13


def test_break_dcs() -> None:
    assert break_dc("break down simple door") == 13
    assert break_dc("Bend iron bars") == 24
    assert break_dc("burst chain bonds") == 26
    assert break_dc("break down iron door") == 28
    assert break_dc("iron door") == 28
    assert break_dc("treasure chest", half_hp_lost=True) == 21
    assert len(objects_data().break_dcs) == 8


def test_object_ac() -> None:
    assert [object_size_ac_modifier(s) for s in reversed(Size)] == [-8, -4, -2, -1, 0, 1, 2, 4, 8]
    assert object_ac(Size.MEDIUM) == 5  # a barrel: 10 - 5 + 0
    assert object_ac(Size.FINE) == 13  # a potion in a vial
    # Seed 000 garrote example: a Small weapon has AC 11 (10 + 1, held by Dex 0).
    assert object_ac(Size.SMALL, dex_mod=0) == 11
    assert object_ac(Size.TINY, dex_mod=2, deflection=1, in_hand=True) == 20


def test_35_table_matches_srd_page() -> None:
    soup = BeautifulSoup(COMBAT_II.read_text(encoding="utf-8"), "html.parser")
    caption = soup.find("caption", string=re.compile("Common Armor, Weapon, and Shield"))
    assert caption is not None
    table = caption.find_parent("table")
    assert table is not None
    srd = {}
    for tr in table.find_all("tr"):
        cells = [td.get_text(" ", strip=True) for td in tr.find_all("td")]
        if len(cells) == 3 and cells[1].isdigit():
            srd[cells[0].lower()] = (int(cells[1]), int(cells[2]))
    rows = next(t for t in objects_data().item_tables if t.edition == "3.5").rows
    ours = {r.kind: (r.hardness, r.hp) for r in rows if r.hardness is not None}
    assert len(srd) == 15
    assert ours == srd
