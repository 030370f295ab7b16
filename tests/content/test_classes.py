"""Class tables: progressions, multiclass sums, iteratives, features, and the importer.

Numbers come from the 3.5 SRD class tables vendored in ``srd35/basic-rules-and-legal/``.
"""

from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.classes import (
    ClassKind,
    Feature,
    Progression,
    base_attack,
    base_saves,
    character_level,
    class_def,
    classes,
    good_save,
    iteratives,
    parse_class_levels,
    poor_save,
)
from d20combat.content.creatures import ClassLevel
from d20combat.content.importers.classes import main, read_classes, render_yaml
from d20combat.content.library import data_dir
from d20combat.errors import ContentError

SRD = Path(__file__).resolve().parents[2] / "srd35"


def test_sixteen_classes() -> None:
    names = {c.name for c in classes()}
    assert names == {
        "barbarian", "bard", "cleric", "druid", "fighter", "monk", "paladin", "ranger",
        "rogue", "sorcerer", "wizard", "adept", "aristocrat", "commoner", "expert", "warrior",
    }  # fmt: skip
    assert {c.name for c in classes() if c.kind is ClassKind.NPC} == {
        "adept", "aristocrat", "commoner", "expert", "warrior",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("name", "hit_die", "bab", "good"),
    [
        ("barbarian", 12, Progression.FULL, ("fort",)),
        ("bard", 6, Progression.THREE_QUARTERS, ("ref", "will")),
        ("cleric", 8, Progression.THREE_QUARTERS, ("fort", "will")),
        ("druid", 8, Progression.THREE_QUARTERS, ("fort", "will")),
        ("fighter", 10, Progression.FULL, ("fort",)),
        ("monk", 8, Progression.THREE_QUARTERS, ("fort", "ref", "will")),
        ("paladin", 10, Progression.FULL, ("fort",)),
        ("ranger", 8, Progression.FULL, ("fort", "ref")),
        ("rogue", 6, Progression.THREE_QUARTERS, ("ref",)),
        ("sorcerer", 4, Progression.HALF, ("will",)),
        ("wizard", 4, Progression.HALF, ("will",)),
        ("adept", 6, Progression.HALF, ("will",)),
        ("aristocrat", 8, Progression.THREE_QUARTERS, ("will",)),
        ("commoner", 4, Progression.HALF, ()),
        ("expert", 6, Progression.THREE_QUARTERS, ("will",)),
        ("warrior", 8, Progression.FULL, ("fort",)),
    ],
)
def test_class_table_header(
    name: str, hit_die: int, bab: Progression, good: tuple[str, ...]
) -> None:
    c = class_def(name)
    assert (c.hit_die, c.bab, tuple(s.value for s in c.good_saves)) == (hit_die, bab, good)


def test_fighter_4() -> None:
    # Table: The Fighter, 4th: +4, +4, +1, +1
    assert base_attack("fighter 4") == 4
    s = base_saves("fighter 4")
    assert (s.fort, s.ref, s.will) == (4, 1, 1)


def test_fighter_6_rogue_3() -> None:
    # Fighter 6th: +6/+1, +5, +2, +2; rogue 3rd: +2, +1, +3, +1.
    assert base_attack("fighter 6/rogue 3") == 8
    assert iteratives(base_attack("fighter 6/rogue 3")) == [8, 3]
    s = base_saves([ClassLevel(name="fighter", level=6), ClassLevel(name="rogue", level=3)])
    assert (s.fort, s.ref, s.will) == (6, 5, 3)
    assert character_level({"fighter": 6, "rogue": 3}) == 9


def test_two_good_saves_stack_when_multiclassing() -> None:
    # Multiclass Characters: "Add the base save bonuses for each class together."
    s = base_saves("fighter 1/barbarian 1")
    assert (s.fort, s.ref, s.will) == (4, 0, 0)


@pytest.mark.parametrize(
    ("levels", "attacks", "saves"),
    [
        ("wizard 20", [10, 5], (6, 6, 12)),
        ("monk 8", [6, 1], (6, 6, 6)),
        ("rogue 20", [15, 10, 5], (6, 12, 6)),
        ("barbarian 20", [20, 15, 10, 5], (12, 6, 6)),
        ("bard 8", [6, 1], (2, 6, 6)),
        ("sorcerer 12", [6, 1], (4, 4, 8)),
        ("commoner 3", [1], (1, 1, 1)),
        ("warrior 1", [1], (2, 0, 0)),
    ],
)
def test_srd_rows(levels: str, attacks: list[int], saves: tuple[int, int, int]) -> None:
    assert iteratives(base_attack(levels)) == attacks
    s = base_saves(levels)
    assert (s.fort, s.ref, s.will) == saves


def test_iteratives() -> None:
    assert iteratives(0) == [0]
    assert iteratives(5) == [5]
    assert iteratives(6) == [6, 1]
    assert iteratives(11) == [11, 6, 1]
    assert iteratives(20) == [20, 15, 10, 5]
    assert iteratives(25) == [25, 20, 15, 10]  # at most four from BAB


@given(st.integers(min_value=0, max_value=40))
def test_iteratives_properties(bab: int) -> None:
    out = iteratives(bab)
    assert out[0] == bab
    assert 1 <= len(out) <= 4
    assert all(a - b == 5 for a, b in pairwise(out))
    assert all(x >= 1 for x in out[1:])


@given(st.integers(min_value=1, max_value=20), st.integers(min_value=1, max_value=20))
def test_multiclass_sum_property(a: int, b: int) -> None:
    both = base_attack(f"fighter {a}/wizard {b}")
    assert both == base_attack(f"fighter {a}") + base_attack(f"wizard {b}")


def test_features() -> None:
    barbarian = class_def("barbarian")
    assert not barbarian.current("uncanny dodge", 1)
    assert str(barbarian.current("uncanny dodge", 2)) == "uncanny dodge"
    assert not barbarian.current("improved uncanny dodge", 4)
    assert barbarian.current("improved uncanny dodge", 5)
    assert str(barbarian.current("rage", 4)) == "rage 2/day"
    assert str(barbarian.current("damage reduction", 10)) == "damage reduction 2/-"
    rogue = class_def("rogue")
    assert str(rogue.current("sneak attack", 5)) == "sneak attack +3d6"
    assert rogue.current("sneak attack", 5).number == 3  # type: ignore[union-attr]
    monk = class_def("monk")
    assert str(monk.current("flurry of blows", 8)) == "flurry of blows +5/+5/+0"
    assert str(monk.current("unarmed damage", 8)) == "unarmed damage 1d10"
    assert monk.current("ac bonus", 8).number == 1  # type: ignore[union-attr]
    assert str(monk.current("ki strike", 10)) == "ki strike (lawful)"
    assert class_def("fighter").count("bonus feat", 4) == 3
    assert class_def("ranger").count("favored enemy", 10) == 3
    assert class_def("wizard").count("bonus feat", 10) == 2
    assert str(class_def("paladin").current("smite evil", 5)) == "smite evil 2/day"


def test_feature_text() -> None:
    assert Feature.model_validate("Sneak attack +1d6") == Feature(name="sneak attack", value="+1d6")
    with pytest.raises(ValueError, match="unknown class feature"):
        Feature.model_validate("illiteracy")


def test_parse_class_levels_errors() -> None:
    assert parse_class_levels("fighter 4") == (ClassLevel(name="fighter", level=4),)
    with pytest.raises(ContentError, match="cannot read class levels"):
        parse_class_levels("fighter")
    with pytest.raises(ContentError, match="unknown class"):
        base_attack("fightr 4")
    with pytest.raises(ContentError, match="epic"):
        base_attack("fighter 21")


def test_importer_reproduces_shipped_yaml() -> None:
    result = read_classes(SRD)
    assert result.problems == []
    shipped = (data_dir() / "classes.yaml").read_text(encoding="utf-8")
    assert render_yaml(result.classes) == shipped


def test_importer_reports_a_mismatch(tmp_path: Path) -> None:
    pages = tmp_path / "basic-rules-and-legal"
    pages.mkdir()
    for name in ("character-classes-i.html", "character-classes-ii.html", "npc-classes.html"):
        shutil.copy(SRD / "basic-rules-and-legal" / name, pages / name)
    page = pages / "character-classes-i.html"
    html = page.read_text(encoding="utf-8")
    # Fighter 4th: "+4 +4 +1 +1" -> make the Reflex save +2.
    row = "<td>4th</td>\n          <td>+4</td>\n          <td>+4</td>\n          <td>+1</td>"
    assert row in html
    start = html.index('id="fighter"')
    at = html.index(row, start)
    bad = row[: -len("<td>+1</td>")] + "<td>+2</td>"
    page.write_text(html[:at] + bad + html[at + len(row) :], encoding="utf-8")
    problems = read_classes(tmp_path).problems
    assert len(problems) == 1
    assert "Table: The Fighter: level 4 ref +2 does not match the poor save (+1)" in problems[0]


@pytest.mark.parametrize(
    ("monster", "racial", "levels", "bab"),
    [
        # (SRD page, stat block): racial Hit Dice progression + class levels.
        ("monsters-o-r.html Ogre, 4th-Level Barbarian", Progression.THREE_QUARTERS.at(4),
         "barbarian 4", 7),
        ("monsters-t-z.html Troll Hunter, 6th-Level Ranger", Progression.THREE_QUARTERS.at(6),
         "ranger 6", 10),
        ("monsters-m-n.html Mummy Lord, 10th-Level Cleric", Progression.HALF.at(8),
         "cleric 10", 11),
        ("monsters-t-z.html Celestial Charger, 7th-Level Cleric", Progression.FULL.at(8),
         "cleric 7", 13),
        ("monsters-h-i.html Harpy Archer, 7th-Level Fighter", Progression.FULL.at(7),
         "fighter 7", 14),
    ],
)  # fmt: skip
def test_srd_monsters_with_class_levels(monster: str, racial: int, levels: str, bab: int) -> None:
    # The printed "Base Attack/Grapple" is the racial HD's base attack plus the class's.
    assert racial + base_attack(levels) == bab, monster


def test_srd_ogre_barbarian_and_troll_hunter_saves() -> None:
    # Ogre, 4th-Level Barbarian: giant 4 HD (good Fort) + barbarian 4, Con 18, Dex 11,
    # Wis 10: Fort +12, Ref +2, Will +2.
    s = base_saves("barbarian 4")
    assert (good_save(4) + s.fort + 4, poor_save(4) + s.ref, poor_save(4) + s.will) == (12, 2, 2)
    # Troll Hunter, 6th-Level Ranger: giant 6 HD + ranger 6, Con 22, Dex 12, Wis 15,
    # Iron Will: Fort +16, Ref +8, Will +8.
    s = base_saves("ranger 6")
    assert (good_save(6) + s.fort + 6, poor_save(6) + s.ref + 1, poor_save(6) + s.will + 2 + 2) == (
        16, 8, 8,
    )  # fmt: skip
    # Its "favored enemy elves (+4), favored enemy humans (+2)": two enemies at 6th level.
    assert class_def("ranger").count("favored enemy", 6) == 2


def test_importer_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "classes.yaml"
    assert main([str(SRD), "--out", str(out), "--check"]) == 1
    assert main([str(SRD), "--out", str(out)]) == 0
    assert main([str(SRD), "--out", str(out), "--check"]) == 0
    assert out.read_text(encoding="utf-8") == (data_dir() / "classes.yaml").read_text("utf-8")
    assert main([str(tmp_path / "nowhere"), "--out", str(out)]) == 2
    assert "character-classes-i.html: no such file" in capsys.readouterr().err
