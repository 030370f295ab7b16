"""docs/limits.md and src/d20combat/limits.py stay in step: every limit the module
defines is in the page with its value, and the page names no limit the module lacks."""

from __future__ import annotations

import re
from pathlib import Path

from d20combat import limits

DOC = Path(__file__).resolve().parents[2] / "docs" / "limits.md"
ROW = re.compile(r"^\| `(MAX_[A-Z_]+)` \| ([^|]+) \|")


def value_of(text: str) -> int:
    """``1 MiB`` -> 1048576, ``1,000`` -> 1000, ``2^63 - 1`` -> 2**63 - 1."""
    text = text.strip().replace(",", "")
    if m := re.fullmatch(r"(\d+) (MiB|KiB)", text):
        return int(m.group(1)) << (20 if m.group(2) == "MiB" else 10)
    if m := re.fullmatch(r"(\d+)\^(\d+)( - 1)?", text):
        return int(m.group(1)) ** int(m.group(2)) - (1 if m.group(3) else 0)
    return int(text)


def documented() -> dict[str, int]:
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if m := ROW.match(line):
            out[m.group(1)] = value_of(m.group(2))
    return out


def test_every_limit_is_documented_with_its_value() -> None:
    defined = {k: v for k, v in vars(limits).items() if k.startswith("MAX_")}
    assert documented() == defined


def test_the_readme_points_to_the_limits() -> None:
    readme = (DOC.parents[1] / "README.md").read_text(encoding="utf-8")
    assert "docs/limits.md" in readme
