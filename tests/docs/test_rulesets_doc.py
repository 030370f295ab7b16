"""docs/rulesets.md is generated from the reading fields of the Ruleset model
(``d20combat rules --markdown``) and must be up to date; every reading field cites the
passage behind each ruleset's reading."""

from __future__ import annotations

from pathlib import Path

from d20combat.content.rulesets import META_FIELDS, RULESET_NAMES, Ruleset, points
from d20combat.render.rulesets import as_markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def test_the_rulesets_doc_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == as_markdown(), (
        "docs/rulesets.md is stale: run `d20combat rules --markdown > docs/rulesets.md`"
    )


def test_every_reading_field_has_a_docstring_citing_each_ruleset() -> None:
    for name, info in Ruleset.model_fields.items():
        if name in META_FIELDS:
            continue
        assert info.description, f"{name} has no docstring"
    for p in points(differing=False):
        assert p.summary, p.field
        for n in RULESET_NAMES:
            # a seed, the SRD, or the srd35 reading it falls back on
            assert any(w in p.sources[n] for w in ("seed", "SRD", "srd35", "none")), (p, n)
    for p in points():
        # where the rulesets differ, each reading names its own source
        assert len(set(p.sources.values())) == len(RULESET_NAMES), p.field


def test_the_differences_are_exactly_the_differing_fields() -> None:
    differing = {p.field for p in points()}
    assert "concealment_die" in differing and "vulnerability_multiplier" in differing
    assert "dead_at" not in differing  # -10 in all three
    assert not differing & META_FIELDS
