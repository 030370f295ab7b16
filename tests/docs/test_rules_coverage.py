"""docs/rules-coverage.md stays honest: every row well formed, every cited test real,
every "done" row covered by a test, and the status line counting what the table says."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-coverage.md"
ROW = re.compile(
    r"^\| ((?:00[0-4]|srd)-[a-z0-9-]+-\d+) \| (.+) \| ([^|]+) \| ([^|]+) \| ([^|]*) \|$"
)
RULESETS = {
    "srd35",
    "d20modern",
    "advanced",
    "all",
    "none",
    "variant:instant-kill",
    "variant:softer-criticals",
    "variant:fumbles",
}
STATUSES = {"done", "partial", "not yet"}


def rows() -> list[tuple[str, str, str, str, str]]:
    found = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            found.append(tuple(g.strip() for g in m.groups()))
    return found  # type: ignore[return-value]


ROWS = rows()


def test_rows_are_well_formed() -> None:
    assert len(ROWS) > 1000
    ids = Counter(r[0] for r in ROWS)
    assert [i for i, n in ids.items() if n > 1] == []
    for ident, _rule, rulesets, status, _tests in ROWS:
        assert status in STATUSES, ident
        assert set(rulesets.split(", ")) <= RULESETS, (ident, rulesets)


def test_status_line_counts_the_table() -> None:
    counts = Counter(r[3] for r in ROWS)
    text = DOC.read_text(encoding="utf-8")
    expected = (
        f"**Status:** {counts['done']} done, {counts['partial']} partial, "
        f"{counts['not yet']} not yet, of {len(ROWS)} rows"
    )
    assert expected in text


def test_done_rows_name_a_test_and_open_rows_say_what_is_missing() -> None:
    for ident, rule, _rulesets, status, tests in ROWS:
        if status == "done":
            assert tests.startswith("tests/"), ident
        if status == "partial":
            assert "[" in rule or tests.startswith("tests/"), ident


CITED = sorted({t.strip() for r in ROWS for t in r[4].split(",") if t.strip().startswith("tests/")})


@pytest.mark.parametrize("cited", CITED)
def test_every_cited_test_exists(cited: str) -> None:
    path, _, name = cited.partition("::")
    file = ROOT / path
    assert file.is_file(), cited
    if name:
        func = name.split("[")[0]
        assert re.search(rf"^def {re.escape(func)}\(", file.read_text(encoding="utf-8"), re.M), (
            cited
        )
