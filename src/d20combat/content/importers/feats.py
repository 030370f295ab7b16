"""Import the SRD feat names into ``feats.yaml``: the catalog every feat name is checked
against (:mod:`d20combat.content.feats`).

Reads, under an SRD folder laid out like ``srd35/``:

* ``basic-rules-and-legal/feats.html``: every ``<h3>`` under "Feat Descriptions" but
  the format example ("Feat Name");
* ``monsters/monster-feats.html``: every ``<h2>`` feat heading.

For each feat: its name as the heading gives it, its type(s) from the bracket after it
(``[General]``, ``[Item Creation]``, ``[General, Fighter]``), the page, and whether it
takes a parameter: its entry says "Choose ..." (a weapon, a skill, a school of magic, a
type of crossbow, a special attack, a natural attack, a spell-like ability).

Run ``python -m d20combat.content.importers.feats SRD_DIR OUT_DIR``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import yaml
from bs4 import BeautifulSoup, Tag

from d20combat.content.feats import Feat
from d20combat.content.importers import read_page
from d20combat.errors import ContentError, InputError

FEATS = Path("basic-rules-and-legal/feats.html")
MONSTER_FEATS = Path("monsters/monster-feats.html")

HEADER = """\
# Feats, imported from the System Reference Document 3.5 by
# d20combat.content.importers.feats. Do not edit: re-run the importer.
# Source: srd35/basic-rules-and-legal/feats.html and srd35/monsters/monster-feats.html.
# parameter: true when the feat names a choice in parentheses (Weapon Focus (longsword)).
#
# Open Game Content, used under the Open Game License v1.0a (see LICENSE-OGL.md).
# 15. COPYRIGHT NOTICE: Open Game License v 1.0a Copyright 2000, Wizards of the Coast,
# Inc. System Reference Document Copyright 2000-2003, Wizards of the Coast, Inc.;
# Authors Jonathan Tweet, Monte Cook, Skip Williams, Rich Baker, Andy Collins, David
# Noonan, Rich Redman, Bruce R. Cordell, John D. Rateliff, Thomas Reid, James Wyatt,
# based on original material by E. Gary Gygax and Dave Arneson.
"""

_CHOOSE = re.compile(r"^(?:Benefits?:\s*)?Choose\b")


def _page(srd_dir: Path, rel: Path) -> BeautifulSoup:
    return BeautifulSoup(read_page(Path(srd_dir) / rel), "html.parser")


def _text(tag: Tag) -> str:
    return " ".join(tag.get_text(" ", strip=True).split())


def _entry(heading: Tag, rel: Path) -> Feat:
    """One feat from its heading and the paragraphs up to the next heading."""
    small = heading.find("small")
    kinds = _text(small).strip("[] ") if small is not None else ""
    name = "".join(s for s in heading.find_all(string=True, recursive=False)).strip()
    if not name or not kinds:
        raise ContentError(f"unreadable feat heading {_text(heading)!r}", file=str(rel))
    choose = False
    for sib in heading.find_next_siblings():
        if sib.name in ("h1", "h2", "h3"):
            break
        if sib.name == "p" and _CHOOSE.match(_text(sib)):
            choose = True
    return Feat(
        name=" ".join(name.split()),
        types=tuple(k.strip() for k in kinds.split(",")),
        source=rel.name,
        parameter=choose,
    )


def _headings(soup: BeautifulSoup, rel: Path) -> Iterator[Tag]:
    if rel == FEATS:
        start = soup.find(id="feat-descriptions")
        if start is None:
            raise ContentError("no 'Feat Descriptions' heading", file=str(rel))
        yield from (h for h in start.find_all_next("h3") if h.get("id") != "feat-name")
    else:
        yield from (h for h in soup.find_all("h2") if h.find("small") is not None)


def import_feats(srd_dir: Path | str) -> list[Feat]:
    """Every feat of the SRD feat pages, in page order (feats.html first).

    Raises:
        InputError: if a page is missing or unreadable; ContentError if a heading is
            not a feat heading.
    """
    out: list[Feat] = []
    for rel in (FEATS, MONSTER_FEATS):
        soup = _page(Path(srd_dir), rel)
        out.extend(_entry(h, rel) for h in _headings(soup, rel))
    return out


def feats_yaml(feats: Sequence[Feat]) -> str:
    """The text of ``feats.yaml``."""
    body = {"feats": [f.model_dump(mode="json", exclude_defaults=True) for f in feats]}
    return HEADER + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=100)


def write_feats(srd_dir: Path | str, out_dir: Path | str) -> list[Feat]:
    """Import the feats and write ``feats.yaml`` to ``out_dir``.

    Raises:
        InputError: if a page cannot be read or the file cannot be written.
    """
    feats = import_feats(srd_dir)
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "feats.yaml").write_text(feats_yaml(feats), encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write: {exc}", file=str(out)) from None
    return feats


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m d20combat.content.importers.feats SRD_DIR OUT_DIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m d20combat.content.importers.feats SRD_DIR OUT_DIR", file=sys.stderr)
        return 2
    try:
        feats = write_feats(Path(args[0]), Path(args[1]))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(feats)} feats written to {args[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
