"""Finding a creature: a bundled monster or build by name, or a YAML file.

A creature file holds either a stat block (it has ``hit_dice``) or a character
build (race, class levels and gear; see :mod:`d20combat.content.builds`).
Bundled monsters live in ``content/data/creatures/``, bundled builds in
``content/data/builds/``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, Literal

from d20combat.content.creatures import StatBlock
from d20combat.content.library import data_dir, locate, normalize_name, slug
from d20combat.content.loading import Located, is_file, read_yaml, validate
from d20combat.errors import ContentError, InputError, Problem, quote
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


DocumentKind = Literal["scenario", "stat block", "build"]


def document_kind(data: Any) -> DocumentKind | None:
    """What a YAML document is, from its fields: a scenario has ``map`` or ``sides``, a
    stat block ``hit_dice``, a build ``race`` or ``classes``; None if it has none."""
    if not isinstance(data, dict):
        return None
    if "map" in data or "sides" in data:
        return "scenario"
    if "hit_dice" in data:
        return "stat block"
    if "classes" in data or "race" in data:
        return "build"
    return None


def check_creature(doc: Located) -> tuple[StatBlock | None, list[Problem]]:
    """The stat block of a parsed creature or build document, and every problem of it.

    A build's problems are all found at once: its fields (unknown weapons, armor, feats,
    race or classes, bad scores) when it is validated, and, on the fields that are good,
    what :func:`~d20combat.content.builds.build_problems` refuses. Never raises for bad
    input: the stat block is None when there is a problem.
    """
    data: Any = doc.data
    kind = document_kind(data)
    if not isinstance(data, dict) or kind == "scenario":
        what = "a scenario (it has map or sides)" if kind == "scenario" else "not a mapping"
        where = Problem(
            f"a creature file must be a stat block or a build, this is {what}",
            file=doc.file,
            line=1,
            expected="a stat block (hit_dice ...) or a build (race, classes ...)",
        )
        return None, [where]
    if kind != "build":
        try:
            return validate(StatBlock, doc, error=ContentError), []
        except InputError as exc:
            return None, list(exc.problems)
    from d20combat.content.builds import Build, build_creature, partial_build_problems

    try:
        build = validate(Build, doc, error=ContentError)
    except InputError as exc:
        problems = [*exc.problems, *locate(partial_build_problems(data), doc)]
        return None, sorted(problems, key=lambda p: p.line or 0)
    try:
        return build_creature(build), []
    except InputError as exc:
        return None, sorted(locate(exc.problems, doc), key=lambda p: p.line or 0)


def build_notes(doc: Located) -> list[Problem]:
    """The character creation rules a valid build document breaks
    (:func:`~d20combat.content.builds.check_build`), placed in the file; [] for anything
    else. Notes, not errors: a game master may break them on purpose."""
    from d20combat.content.builds import Build, check_build

    if document_kind(doc.data) != "build":
        return []
    try:
        build = Build.model_validate(doc.data)
        notes = check_build(build)
    except ValueError:
        return []
    # check_build names a skill by itself: place it under skills
    notes = [replace(n, field=f"skills.{n.field}") if n.field in build.skills else n for n in notes]
    return locate(notes, doc)


def stat_block_from(doc: Located) -> StatBlock:
    """A stat block from a parsed creature or build document.

    Raises:
        ContentError: naming the file, line and field of every problem.
    """
    block, problems = check_creature(doc)
    if block is None:
        raise ContentError(problems=problems)
    return block


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
