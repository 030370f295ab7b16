"""``d20combat validate``: every problem of any file the program reads, at once.

The kind of file is told from its name and content: a ``.json`` file is a saved fight,
a ``.jsonl`` file an event log, and a YAML file a scenario (``map``, ``sides``), a stat
block (``hit_dice``) or a build (``race``, ``classes``); a name that is no file is a
bundled scenario. Each kind goes through the same loading path as the command that
uses it (``fight``, ``creature``, ``resume``), so what validates here loads there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from d20combat.content.loading import is_file, read_json, read_yaml
from d20combat.errors import InputError, Problem
from d20combat.limits import MAX_SAVE_BYTES


@dataclass
class Report:
    """What :func:`check_file` found: the kind of file, its problems, and for a good
    file what it names that the engine does not model and the rules it bends."""

    kind: str
    problems: list[Problem] = field(default_factory=list)
    not_modelled: list[str] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)


def check_file(path: Path) -> Report:
    """Every problem of the file at ``path`` (or of a bundled scenario by name).

    Never raises for bad input: an unreadable file is itself a problem.
    """
    if not is_file(path) and path.suffix not in (".json", ".jsonl"):
        return _scenario(path)
    if path.suffix == ".jsonl":
        return _log(path)
    if path.suffix == ".json":
        return _save(path)
    try:
        doc = read_yaml(path)
    except InputError as exc:
        return Report("file", list(exc.problems))
    from d20combat.content.bestiary import build_notes, check_creature, document_kind
    from d20combat.rules.modelled import not_modelled

    kind = document_kind(doc.data)
    if kind is None:
        problem = Problem(
            "cannot tell what this file is",
            file=str(path),
            line=1,
            expected="a scenario (map, sides), a stat block (hit_dice), a build (race, "
            "classes), a saved fight (.json) or an event log (.jsonl)",
        )
        return Report("file", [problem])
    if kind == "scenario":
        return _scenario(path)
    block, problems = check_creature(doc)
    if block is None:
        return Report(kind, problems)
    return Report(kind, [], [str(n) for n in not_modelled(block)], build_notes(doc))


def _scenario(path: Path) -> Report:
    from d20combat.content.scenarios import load_scenario, validate_scenario
    from d20combat.rules.modelled import not_modelled

    problems = validate_scenario(path)
    if problems:
        return Report("scenario", problems)
    blocks = {p.stat_block.name: p.stat_block for p in load_scenario(path).placements}
    ignored = [f"{name}: {n}" for name, b in blocks.items() for n in not_modelled(b)]
    return Report("scenario", [], ignored)


def _save(path: Path) -> Report:
    from d20combat.encounter.state import Encounter

    try:
        Encounter.from_json(read_json(path, max_bytes=MAX_SAVE_BYTES))
    except InputError as exc:
        return Report("saved fight", list(exc.located(file=str(path)).problems))
    return Report("saved fight")


def _log(path: Path) -> Report:
    from d20combat.encounter.log import log_problems

    return Report("event log", log_problems(path)[1])
