"""Failures the fuzzer finds that other branches are fixing: the one known-issue list.

A case that breaks the contract in one of these ways passes (and is counted in the
fuzz summary), so that ``make test`` stays green while the fixes are under way. When
a fix merges, delete its entry; when the list is empty, delete the list. Each entry
names its owner and a reproducer is in docs/fuzzing.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fuzzkit import Failure


@dataclass(frozen=True)
class KnownIssue:
    """A class of failures: every given condition must hold."""

    key: str
    owner: str
    what: str
    kinds: tuple[str, ...] = ()  # crash, timeout, exit, stderr, output
    where: str = ""  # a prefix of the innermost d20combat frame ("content/loading.py")
    reason: str = ""  # a regex searched in the failure's reason
    stderr: str = ""  # a regex searched in stderr
    commands: tuple[str, ...] = ()  # the subcommand (or library entry point)

    def matches(self, f: Failure) -> bool:
        return (
            (not self.kinds or f.kind in self.kinds)
            and f.where.startswith(self.where)
            and (not self.reason or re.search(self.reason, f.reason) is not None)
            and (not self.stderr or re.search(self.stderr, f.run.stderr) is not None)
            and (not self.commands or f.run.command in self.commands)
        )


LEAD = "lead, main: content/loading.py and limits"
SAVES = "save branch: encounter/state.py from_json, cli resume"
NAMES = "names branch: bestiary, builds, cli validate/creature/import-srd"

KNOWN_ISSUES: tuple[KnownIssue, ...] = (
    KnownIssue(
        "yaml-loading",
        LEAD,
        "hostile YAML (deep nesting, alias bombs, recursive aliases, control characters, "
        "5000-digit numbers) crashes or hangs the loader",
        kinds=("crash", "timeout"),
        where="content/loading.py",
    ),
    KnownIssue(
        "dice-ascii",
        LEAD,
        "Dice.parse accepts non-ASCII digits and whitespace ('２d6', '0\\x85')",
        kinds=("output",),
        reason="accepted",
        commands=("Dice.parse",),
    ),
    KnownIssue(
        "dice-round-trip",
        LEAD,
        "a constant before subtracted dice ('0-d1', '3-1d4') parses, but prints as '-1d1' or "
        "'-1d4+3', which the parser refuses (a negative first roll)",
        kinds=("output",),
        reason="starts with a negative number of dice",
        commands=("Dice.parse",),
    ),
    KnownIssue(
        "long-values",
        LEAD,
        "an error message quotes a long value whole (a 100,000-character ruleset name)",
        kinds=("stderr",),
        reason=r"^a stderr line of \d+ characters",
    ),
    KnownIssue(
        "long-names",
        LEAD,
        "a creature or scenario name longer than a file name can be: OSError",
        kinds=("crash",),
        reason=r"File name too long",
        where="content/",
    ),
    KnownIssue(
        "import-srd-out",
        NAMES,
        "import-srd --out that cannot be made (under a file, a too-long name): OSError",
        kinds=("crash",),
        reason=r"^(OSError|NotADirectoryError|FileExistsError|PermissionError)",
        where="cli.py:import_srd",
    ),
    KnownIssue(
        "save-validation",
        SAVES,
        "a corrupt save is accepted and crashes the fight, or the message shows Python "
        "internals ('NoneType' object ...)",
        kinds=("crash", "timeout", "output"),
        commands=("resume",),
    ),
)


def known_issue(f: Failure) -> str | None:
    """The key of the first known issue that explains ``f``, if any."""
    return next((i.key for i in KNOWN_ISSUES if i.matches(f)), None)
