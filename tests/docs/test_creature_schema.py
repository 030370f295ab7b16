"""docs/creature-schema.md cannot go stale: every YAML example loads through the real loader,
the field tables list exactly the fields of the models, and the example party follows the
character creation rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from d20combat.content.bestiary import check_creature, document_kind
from d20combat.content.builds import Build, check_build
from d20combat.content.creatures import StatBlock
from d20combat.content.loading import Located, parse_yaml
from d20combat.rules.modelled import not_modelled

DOC = Path(__file__).resolve().parents[2] / "docs" / "creature-schema.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```yaml\n(.*?)^```$", TEXT, flags=re.S | re.M)


def _doc(i: int, text: str) -> Located:
    return parse_yaml(text, f"{DOC.name} example {i + 1}")


def _complete() -> list[tuple[int, Located]]:
    docs = [(i, _doc(i, text)) for i, text in enumerate(BLOCKS)]
    return [(i, d) for i, d in docs if isinstance(d.data, dict) and "name" in d.data]


def test_there_are_examples_of_both_kinds() -> None:
    kinds = [document_kind(d.data) for _, d in _complete()]
    assert kinds.count("stat block") >= 2 and kinds.count("build") == 4


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_every_example_loads(i: int) -> None:
    """A whole file loads as it is; a part of one (no name) loads over the ogre example."""
    doc = _doc(i, BLOCKS[i])
    assert isinstance(doc.data, dict)
    if "name" not in doc.data:
        base = _complete()[0][1]
        assert document_kind(base.data) == "stat block"
        doc = Located({**base.data, **doc.data}, doc.file, {})
    block, problems = check_creature(doc)
    assert problems == [] and block is not None


def test_the_party_follows_the_creation_rules() -> None:
    builds = [Build.model_validate(d.data) for _, d in _complete() if "classes" in d.data]
    assert [b.classes[0].name for b in builds] == ["fighter", "cleric", "rogue", "wizard"]
    for build in builds:
        assert check_build(build) == [], build.name


def test_the_not_modelled_example_is_what_the_code_says() -> None:
    mage = next(d for _, d in _complete() if d.data["name"] == "Hedge Mage")
    block, _ = check_creature(mage)
    assert block is not None
    assert {str(n) for n in not_modelled(block)} == {
        "feat: Scribe Scroll",
        "special attack: magic missile 3/day",
    }
    wizard = next(d for _, d in _complete() if d.data["name"] == "Ilyra")
    shown = TEXT.split("it ends with what d20combat does not model:")[1].split("```")[1]
    block, _ = check_creature(wizard)
    assert block is not None
    assert [line.strip() for line in shown.strip().splitlines()[1:]] == [
        str(n) for n in not_modelled(block)
    ]


def _table(heading: str) -> list[str]:
    """The field names of the first table after ``heading``, in order."""
    section = TEXT.split(heading, 1)[1]
    table = section[section.index("| field |") :].split("\n\n", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M)


def test_the_field_tables_list_every_field() -> None:
    assert _table("## Fields") == list(StatBlock.model_fields)
    assert _table("## Builds: characters from race, classes and choices") == list(
        Build.model_fields
    )
