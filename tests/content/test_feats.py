"""The feat catalog (content/data/feats.yaml): it is exactly what the SRD feat pages list,
and every feat name of a stat block or build is checked against it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from d20combat.content.creatures import FeatRef
from d20combat.content.feats import feats, known_feat
from d20combat.content.importers.feats import feats_yaml, import_feats, main
from d20combat.content.importers.monsters import parse_feats
from d20combat.content.library import data_dir
from d20combat.errors import ContentError, InputError

SRD = Path(__file__).resolve().parents[2] / "srd35"


def test_the_catalog_is_what_the_srd_pages_list() -> None:
    imported = import_feats(SRD)
    assert imported == list(feats())
    bundled = (data_dir() / "feats.yaml").read_text(encoding="utf-8")
    assert feats_yaml(imported) == bundled, "re-run python -m d20combat.content.importers.feats"


def test_the_catalog_reads_both_pages_and_their_parameters() -> None:
    by_name = {f.name: f for f in feats()}
    assert len(by_name) == 123
    assert "Feat Name" not in by_name  # the format example of feats.html
    assert by_name["Power Attack"].source == "feats.html"
    assert by_name["Multiattack"].source == "monster-feats.html"
    assert by_name["Awesome Blow"].types == ("General", "Fighter")
    assert by_name["Scribe Scroll"].types == ("Item Creation",)
    takes = {f.name for f in feats() if f.parameter}
    assert takes == {
        "Weapon Focus",
        "Greater Weapon Focus",
        "Weapon Specialization",
        "Greater Weapon Specialization",
        "Improved Critical",
        "Exotic Weapon Proficiency",
        "Martial Weapon Proficiency",
        "Rapid Reload",
        "Skill Focus",
        "Spell Focus",
        "Greater Spell Focus",
        "Ability Focus",
        "Empower Spell-Like Ability",
        "Quicken Spell-Like Ability",
        "Improved Natural Attack",
    }


def test_names_take_the_srd_spelling() -> None:
    assert known_feat("power attack", None) == ("Power Attack", None)
    assert known_feat("blind fight", None) == ("Blind-Fight", None)
    assert known_feat("Weapon focus", "longsword") == ("Weapon Focus", "longsword")
    # A feat whose SRD name has parentheses is found with them.
    assert known_feat("Armor Proficiency", "heavy") == ("Armor Proficiency", "Heavy")
    ref = FeatRef.model_validate("improved initiative")
    assert (ref.name, ref.key, str(ref)) == (
        "Improved Initiative",
        "improved initiative",
        "Improved Initiative",
    )


def test_unknown_and_misused_feats_are_refused() -> None:
    with pytest.raises(ContentError) as info:
        known_feat("Power Atack", None)
    p = info.value.problems[0]
    assert p.message == "unknown feat 'Power Atack'"
    assert p.expected is not None and p.expected.startswith("did you mean Power Attack")
    with pytest.raises(ContentError, match="needs its choice in parentheses"):
        known_feat("Weapon Focus", None)
    with pytest.raises(ContentError, match=r"takes no choice in parentheses, got \(2\)"):
        known_feat("Power Attack", "2")


def test_the_bestiary_importer_reads_misprints_and_names_unknown_feats() -> None:
    found, problems = parse_feats("Alertness, Improved Natural Weapon (bite), item creation feat")
    assert [str(f) for f in found] == ["Alertness", "Improved Natural Attack (bite)"]
    assert problems == ["unknown feat 'item creation feat' in 'item creation feat'"]
    found, _ = parse_feats("Quickened Spell-Like Ability (suggestion)")
    assert [str(f) for f in found] == ["Quicken Spell-Like Ability (suggestion)"]


def test_the_feat_importer_names_a_page_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    srd = tmp_path / "srd"
    for rel in ("basic-rules-and-legal/feats.html", "monsters/monster-feats.html"):
        (srd / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(SRD / rel, srd / rel)
    page = srd / "basic-rules-and-legal" / "feats.html"
    page.write_text(page.read_text(encoding="utf-8")[:40_000], encoding="utf-8")
    with pytest.raises(InputError, match="cut short") as info:
        import_feats(srd)
    assert info.value.problems[0].file == str(page)
    assert main([str(srd), str(tmp_path / "out")]) == 2
    assert "feats.html: the page ends before </html>" in capsys.readouterr().err
