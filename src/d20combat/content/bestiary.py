"""Finding a creature: a bundled monster or build by name, or a YAML file.

A creature file holds either a stat block (it has ``hit_dice``) or a character
build (race, class levels and gear; see :mod:`d20combat.content.builds`).
Bundled monsters live in ``content/data/creatures/``, bundled builds in
``content/data/builds/``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from d20combat.content.creatures import StatBlock
from d20combat.content.library import data_dir, normalize_name, slug
from d20combat.content.loading import Located, is_file, read_yaml, validate
from d20combat.errors import ContentError, quote
from d20combat.limits import MAX_NAME_LENGTH


@cache
def _index() -> dict[str, Path]:
    """Bundled creature and build files by normalised name and slug."""
    out: dict[str, Path] = {}
    for folder in ("builds", "creatures"):
        root = data_dir() / folder
        if not root.is_dir():
            continue
        for path in sorted(root.glob("*.yaml")):
            out[path.stem] = path
            out[normalize_name(path.stem)] = path
    return out


def creature_names() -> list[str]:
    """Names of the bundled creatures and builds, one per file."""
    return sorted({p.stem for p in _index().values()})


def stat_block_from(doc: Located) -> StatBlock:
    """A stat block from a parsed creature or build document.

    Raises:
        ContentError: naming the file, line and field of every problem.
    """
    data: Any = doc.data
    if not isinstance(data, dict):
        raise ContentError(
            "a creature file must be a mapping",
            file=doc.file,
            line=1,
            expected="a stat block or a build",
        )
    if "hit_dice" in data or not ("classes" in data or "race" in data):  # else a build
        return validate(StatBlock, doc, error=ContentError)
    from d20combat.content.builds import Build, build_creature

    try:
        return build_creature(validate(Build, doc, error=ContentError))
    except ContentError as exc:
        raise exc.located(file=doc.file) from None


@cache
def _bundled(path: Path) -> StatBlock:
    return stat_block_from(read_yaml(path))


def find_creature(name_or_file: str) -> StatBlock:
    """A bundled creature or build by name (``ogre``, ``fighter-4``), or a YAML file.

    Raises:
        ContentError: for an unknown name (with the closest names) or a bad file.
    """
    path = Path(name_or_file)
    if path.suffix in (".yaml", ".yml") or is_file(path):
        if not is_file(path):
            raise ContentError(
                "no such file",
                file=str(path),
                field="creature",
                expected="an existing creature or build YAML file",
            )
        return stat_block_from(read_yaml(path))
    index = _index()
    hit = index.get(slug(name_or_file)) or index.get(normalize_name(name_or_file))
    if hit is None:
        import difflib

        key = slug(name_or_file[:MAX_NAME_LENGTH])
        close = difflib.get_close_matches(key, creature_names(), n=3, cutoff=0.5)
        hint = "a bundled creature (d20combat list creatures) or a YAML file"
        if close:
            hint += "; the closest names: " + ", ".join(close)
        raise ContentError(
            f"unknown creature {quote(name_or_file)}", field="creature", expected=hint
        )
    return _bundled(hit)
