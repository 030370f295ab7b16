"""Issue 7, "Nothing silently ignored": every name a user file gives is checked (the
closest names offered), what the engine does not model is listed, ``validate`` lists
every problem of a scenario, stat block or build file at once, and ``import-srd`` names
each page it could not read fully.

The CLI runs through its console entry point (:func:`d20combat.cli.main`): exit code 0
when fine, 2 for bad input, and never a traceback.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from pathlib import Path

import pytest

from d20combat.cli import main
from d20combat.content.bestiary import check_creature, find_creature
from d20combat.content.library import Catalog
from d20combat.content.loading import parse_yaml, read_yaml
from d20combat.content.scenarios import validate_scenario
from d20combat.errors import ContentError, Problem

REPO = Path(__file__).resolve().parents[2]
SRD = REPO / "srd35"

ABILITIES = "abilities: {str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8}"
STAT_BLOCK = f"""\
name: Test Orc
{ABILITIES}
hit_dice: [{{count: 1, die: 8, source: warrior}}]
bab: 1
base_saves: {{fort: 2, ref: 0, will: 0}}
weapons: [falchion]
"""


def write(tmp_path: Path, text: str, name: str = "creature.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in args])
    out, err = capsys.readouterr()
    code = stop.value.code
    assert "Traceback" not in err
    return (code if isinstance(code, int) else 1), out, err


def problems_of(path: Path) -> list[Problem]:
    block, problems = check_creature(read_yaml(path))
    assert (block is None) == bool(problems)
    return problems


def lines_of(err: str, path: Path) -> list[str]:
    """The problem lines ``validate`` printed for ``path``."""
    return [line for line in err.splitlines() if line.startswith(f"{path}:")]


# ---------------------------------------------------------------------------------
# The reproducers


def test_misspelt_feats_are_errors_naming_both_with_the_closest_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, STAT_BLOCK + "feats: [Power Atack, Improved Initative]\n")
    with pytest.raises(ContentError) as info:
        find_creature(str(path))
    found = {p.field: p for p in info.value.problems}
    assert set(found) == {"feats.0", "feats.1"}
    assert found["feats.0"].message == "unknown feat 'Power Atack'"
    assert found["feats.0"].line == 7 and found["feats.0"].file == str(path)
    assert "Power Attack" in str(found["feats.0"].expected)
    assert found["feats.1"].message == "unknown feat 'Improved Initative'"
    assert "Improved Initiative" in str(found["feats.1"].expected)

    code, out, err = run(capsys, "creature", path)
    assert (code, out) == (2, "")
    assert "feats.0: unknown feat 'Power Atack' (did you mean Power Attack" in err
    assert "feats.1: unknown feat 'Improved Initative' (did you mean Improved Init" in err

    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (2, "")
    assert len(lines_of(err, path)) == 2
    assert err.splitlines()[-1] == f"error: {path}: 2 problems (listed above)"


def test_an_unmodelled_special_ability_is_accepted_and_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        f"""\
        name: Hedge Wizard
        classes: wizard 1
        {ABILITIES}
        special_abilities: [magic missile 3/day]
        """,
    )
    code, out, err = run(capsys, "creature", path)
    assert code == 0
    listed = out.split("Not modelled (accepted, but d20combat does not use them):\n")[1]
    assert "    quality: magic missile 3/day" in listed.splitlines()
    code, out, _ = run(capsys, "creature", path, "--json")
    assert code == 0
    data = json.loads(out)
    assert {"kind": "quality", "name": "magic missile 3/day"} in data["not_modelled"]

    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (0, f"{path}: ok\n")
    assert "not modelled (accepted, but d20combat does not use them):" in err
    assert "  quality: magic missile 3/day" in err.splitlines()


def test_validate_lists_every_problem_of_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        """\
        name: Bad Fighter
        race: humane
        classes: fighter 2/figter 1
        abilities: {str: eighteen, dex: 13, con: 14, int: 10, wis: 12, cha: 8}
        feats: [Power Atack, Cleave]
        weapons: [longsord, javelin]
        armor: banded mial
        shield: chainmail
        """,
        "build.yaml",
    )
    expected = {
        (2, "race", "unknown race 'humane'"),
        (3, "classes.1", "unknown class 'figter'"),
        (4, "abilities.str", "'eighteen' is not an integer"),
        (5, "feats.0", "unknown feat 'Power Atack'"),
        (6, "weapons.0", "unknown weapon 'longsord'"),
        (7, "armor", "unknown armor 'banded mial'"),
        (8, "shield", "'chainmail' is not a shield (medium)"),
    }
    found = problems_of(path)
    assert {(p.line, p.field, p.message.split(",")[0]) for p in found} == expected
    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (2, "")
    shown = lines_of(err, path)
    assert len(shown) == len(expected)
    assert any("longsord" in s and "did you mean longsword" in s for s in shown)
    assert any("banded mial" in s and "did you mean banded mail" in s for s in shown)


def test_a_field_that_is_not_a_list_says_so_in_the_files_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # pydantic's own words ("Input should be a valid tuple") name a Python type
    path = write(tmp_path, STAT_BLOCK + "feats: Power Attack\n")
    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (2, "")
    assert lines_of(err, path) == [
        f"{path}:7: feats: 'Power Attack' is not a list (expected a list)"
    ]


def test_a_scenario_field_of_the_wrong_shape_names_the_input_once_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # not "'5' is not a list; got 5", nor pydantic's "valid dictionary or instance of
    # MapDoc" (a class name the user never wrote) or "Tuple should have at most 2 items
    # after validation, not 3"
    text = (
        'name: x\nmap:\n  - "...."\nsides:\n  - name: a\n    combatants:\n'
        "      - {creature: orc, at: a1, wielding: [falchion, javelin, javelin]}\n"
    )
    path = write(tmp_path, text, "scenario.yaml")
    code, out, err = run(capsys, "fight", path)
    assert (code, out) == (2, "")
    assert [line.strip() for line in err.splitlines() if str(path) in line] == [
        f"{path}:2: map: a list is not a mapping (expected a mapping)",
        f"{path}:4: sides: 1 side: a fight needs at least two (expected at least two "
        "sides, each with a name and combatants)",
        f"{path}:7: sides.0.combatants.0.wielding: 3 items (expected at most 2)",
    ]
    path = write(tmp_path, "name: x\nsides: 5\nmap: {rows: '..'}\n", "scenario.yaml")
    code, out, err = run(capsys, "fight", path)
    assert err.strip() == f"error: {path}:2: sides: 5 is not a list (expected a list)"


def test_an_unknown_weapon_does_not_hide_an_unknown_armor_in_a_stat_block(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        STAT_BLOCK.replace("[falchion]", "[falchoin]")
        + "armor: studed leather\nshield: hevy steel shield\n",
    )
    found = {(p.field, p.message) for p in problems_of(path)}
    assert found == {
        ("weapons.0", "unknown weapon 'falchoin'"),
        ("armor", "unknown armor 'studed leather'"),
        ("shield", "unknown armor 'hevy steel shield'"),
    }


def test_an_unknown_field_names_the_fields_that_exist(tmp_path: Path) -> None:
    path = write(tmp_path, STAT_BLOCK + "feets: [Cleave]\n")
    (p,) = problems_of(path)
    assert (p.line, p.field, p.message) == (7, "feets", "unknown field")
    assert p.expected is not None and p.expected.startswith("one of name, size, type, ")
    assert ", feats, " in p.expected
    assert str(p).startswith(f"{path}:7: feets: unknown field (expected one of name, size")
    # nested: the fields of a weapon entry
    path = write(tmp_path, STAT_BLOCK.replace("[falchion]", "[{weapon: falchion, enhancment: 1}]"))
    (p,) = problems_of(path)
    assert p.field == "weapons.0.enhancment"
    assert p.expected is not None and "weapon, label, enhancement, masterwork" in p.expected
    # a build's fields
    path = write(tmp_path, f"name: X\nclasses: fighter 1\n{ABILITIES}\nweapon: [club]\n")
    (p,) = problems_of(path)
    assert p.field == "weapon" and p.expected is not None
    assert "weapons, armor, shield, neck_guard, skills, hp" in p.expected


def test_import_srd_names_a_truncated_and_a_corrupted_monster_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    srd = tmp_path / "srd"
    shutil.copytree(SRD, srd)
    cut = srd / "monsters" / "monsters-o-r.html"
    text = cut.read_text(encoding="utf-8")
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    bad = srd / "monsters" / "monsters-s.html"
    bad.write_bytes(b"\xff\xfe not text" + bad.read_bytes())
    code, out, err = run(capsys, "import-srd", srd, "--out", tmp_path / "out")
    assert code == 2
    assert f"  {cut}: the page ends before </html>: it was cut short" in out
    assert f"  {bad}:1: not UTF-8 text (byte 1) (expected UTF-8 text)" in out
    assert "2 pages not read fully" in out.splitlines()[0]
    assert err.strip() == f"error: {srd}: 2 SRD pages not read fully (listed above)"
    # what could be read is written: the creatures of the other pages
    assert (tmp_path / "out" / "creatures" / "troll.yaml").is_file()


def test_import_srd_names_each_creature_it_could_not_read_fully(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "import-srd", SRD, "--out", tmp_path)
    assert code == 0
    assert re.search(r"; 3 with parse problems; 0 columns not imported$", out.splitlines()[0])
    assert out.splitlines()[1:] == [
        "  monsters-e-f.html: Formian Queen: feat names: unknown feat 'item creation feat' in "
        "'item creation feat (any one)'",
        "  monsters-t-z.html: Gray Render Zombie: space/reach: cannot read space/reach ''",
        "  monsters-t-z.html: Wyvern Zombie: space/reach: cannot read space/reach ''",
    ]
    assert (tmp_path / "feats.yaml").is_file()


def test_import_srd_names_a_cut_equipment_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    srd = tmp_path / "srd"
    shutil.copytree(SRD, srd)
    page = srd / "basic-rules-and-legal" / "equipment.html"
    page.write_text(page.read_text(encoding="utf-8")[:5000], encoding="utf-8")
    code, out, err = run(capsys, "import-srd", srd, "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"error: {page}: the page ends before </html>: it was cut short "
        "(expected a complete SRD page)"
    )


# ---------------------------------------------------------------------------------
# Names everywhere a user file can give them


def test_a_builds_skills_are_checked(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        f"name: X\nclasses: fighter 1\n{ABILITIES}\n"
        "skills: {clim: 2, lockpicking: 1, knowledge (arcana): 1}\n",
    )
    found = {p.field: (p.message, p.expected) for p in problems_of(path)}
    assert found == {
        "skills.clim": ("unknown skill 'clim'", "did you mean climb?"),
        "skills.lockpicking": ("unknown skill 'lockpicking'", "a skill of Table: Skills"),
    }


def test_feat_parameters_are_checked(tmp_path: Path) -> None:
    path = write(tmp_path, STAT_BLOCK + "feats: [Weapon Focus, Power Attack (2), Dodge]\n")
    found = {p.field: p.message for p in problems_of(path)}
    assert found == {
        "feats.0": "feat 'Weapon Focus' needs its choice in parentheses",
        "feats.1": "feat 'Power Attack' takes no choice in parentheses, got (2)",
    }


def test_armor_and_shield_in_each_others_place(tmp_path: Path) -> None:
    path = write(tmp_path, STAT_BLOCK + "armor: heavy steel shield\nshield: chainmail\n")
    found = {p.field: p.message for p in problems_of(path)}
    assert found == {
        "armor": "'heavy steel shield' is not body armor (shield)",
        "shield": "'chainmail' is not a shield (medium)",
    }


def test_a_short_list_offers_every_name() -> None:
    with pytest.raises(ContentError) as info:
        Catalog("colour", ["red", "green"], str).get("purple")
    assert info.value.problems[0].expected == "one of green, red"


SCENARIO = """\
title: Names
map:
  legend: {T: dificult}
  rows: |
    ......
    ..T...
sides:
  - name: heroes
    combatants:
      - build:
          name: Bad
          classes: fighter 1
          abilities: {str: 15, dex: 14, con: 13, int: 12, wis: 10, cha: 8}
          feats: [Power Atack]
          weapons: [longsord]
          armor: chainmale
        at: a1
      - stat_block:
          name: Thing
          abilities: {str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10}
          hit_dice: [{count: 1, die: 8}]
          bab: 1
          base_saves: {fort: 0, ref: 0, will: 0}
          feats: [Improved Initative]
          weapons: [lightsaber]
        at: b1
  - name: foes
    combatants:
      - creature: monster.yaml
        at: f2
"""


def test_a_scenario_reports_every_problem_of_its_inline_creatures_and_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, STAT_BLOCK + "feats: [Clevae]\narmor: hide armour\n", "monster.yaml")
    path = write(tmp_path, SCENARIO, "scenario.yaml")
    found = {(p.file, p.line, p.field, p.message.split(" (")[0]) for p in validate_scenario(path)}
    file, monster = str(path), str(tmp_path / "monster.yaml")
    assert found == {
        (file, 3, "map.legend.T", "unknown terrain 'dificult'"),
        (file, 6, "map.rows", "unknown map symbol 'T' at column 3"),
        (file, 14, "sides.0.combatants.0.build.feats.0", "unknown feat 'Power Atack'"),
        (file, 15, "sides.0.combatants.0.build.weapons.0", "unknown weapon 'longsord'"),
        (file, 16, "sides.0.combatants.0.build.armor", "unknown armor 'chainmale'"),
        (file, 24, "sides.0.combatants.1.stat_block.feats.0", "unknown feat 'Improved Initative'"),
        (file, 25, "sides.0.combatants.1.stat_block.weapons.0", "unknown weapon 'lightsaber'"),
        (monster, 7, "feats.0", "unknown feat 'Clevae'"),
        (monster, 8, "armor", "unknown armor 'hide armour'"),
    }
    code, _, err = run(capsys, "validate", path)
    assert code == 2
    assert "did you mean difficult?" in err and "did you mean Cleave" in err


def test_a_scenario_build_with_good_fields_reports_its_gear(tmp_path: Path) -> None:
    text = SCENARIO.replace("feats: [Power Atack]", "feats: [Power Attack]")
    path = write(tmp_path, text.replace("monster.yaml", "goblin"), "scenario.yaml")
    found = {p.field: p.message for p in validate_scenario(path) if "build" in str(p.field)}
    assert found == {
        "sides.0.combatants.0.build.weapons.0": "unknown weapon 'longsord'",
        "sides.0.combatants.0.build.armor": "unknown armor 'chainmale'",
    }


def test_a_scenarios_starting_conditions_are_read(tmp_path: Path) -> None:
    """A combatant may start in a condition (``conditions: {prone: 0}``): the names are
    checked (the imposing: tests/content/test_scenarios.py); a list of names is refused
    (the rounds are needed)."""
    text = SCENARIO.replace("      - creature: monster.yaml\n", "      - creature: goblin\n")
    listed = text.replace("        at: f2\n", "        at: f2\n        conditions: [prone]\n")
    (p,) = [p for p in validate_scenario(write(tmp_path, listed)) if "conditions" in str(p.field)]
    assert p.message == "not a mapping of conditions to rounds: ['prone']"
    assert p.expected == "a mapping of conditions to rounds, such as {sleeping: 10}"
    mapped = text.replace("        at: f2\n", "        at: f2\n        conditions: {prone: 0}\n")
    found = validate_scenario(write(tmp_path, mapped))
    assert found and not [p for p in found if "conditions" in str(p.field)]


# ---------------------------------------------------------------------------------
# validate decides the kind of file from its fields


def test_validate_a_good_stat_block_and_what_it_does_not_tell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, STAT_BLOCK + "feats: [Power Attack, Track]\n")
    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (0, f"{path}: ok\n")
    assert err.splitlines() == [
        "not modelled (accepted, but d20combat does not use them):",
        "  feat: Track",
    ]
    path = write(tmp_path, "title: what am I\n", "unknown.yaml")
    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == (
        f"{path}:1: cannot tell what this file is (expected a scenario (map, sides), "
        "a stat block (hit_dice), a build (race, classes), a saved fight (.json) or an "
        "event log (.jsonl))"
    )


def test_validate_notes_broken_creation_rules_without_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, f"name: X\nclasses: fighter 1\n{ABILITIES}\nskills: {{climb: 5}}\n")
    code, out, err = run(capsys, "validate", path)
    assert (code, out) == (0, f"{path}: ok\n")
    assert "character creation rules broken (notes, not errors):" in err
    assert f"  {path}:4: skills.climb: 5 ranks, at most 4 for a class skill" in err.splitlines()


def test_every_bundled_creature_build_and_scenario_validates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = REPO / "src" / "d20combat" / "content" / "data"
    for folder in ("creatures", "builds", "scenarios"):
        for path in sorted((data / folder).glob("*.yaml")):
            code, out, _ = run(capsys, "validate", path)
            assert (code, out) == (0, f"{path}: ok\n"), path


def test_a_bad_document_is_one_problem_not_a_traceback() -> None:
    block, problems = check_creature(parse_yaml("- a list\n", "list.yaml"))
    assert block is None
    assert [str(p) for p in problems] == [
        "list.yaml:1: a creature file must be a stat block or a build, this is not a mapping "
        "(expected a stat block (hit_dice ...) or a build (race, classes ...))"
    ]
    _, problems = check_creature(parse_yaml("map: {rows: '...'}\nsides: []\n", "s.yaml"))
    assert [p.message for p in problems] == [
        "a creature file must be a stat block or a build, this is a scenario (it has map or sides)"
    ]
