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


LEAD = "lead, main: dice (rules/dice.py)"
NAMES = "names branch: cli import-srd"

# Fixed on main and met no more in 116,000 and 112,000 cases (docs/fuzzing.md): hostile
# YAML crashing or hanging the loader, non-ASCII dice, over-long creature names, corrupt
# saves crashing resume, whole long values quoted in errors.
KNOWN_ISSUES: tuple[KnownIssue, ...] = (
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
        "import-srd-out",
        NAMES,
        "import-srd --out that cannot be made (under a file, a too-long name): OSError",
        kinds=("crash",),
        reason=r"^(OSError|NotADirectoryError|FileExistsError|PermissionError)",
        where="cli.py:import_srd",
    ),
)


def known_issue(f: Failure) -> str | None:
    """The key of the first known issue that explains ``f``, if any."""
    return next((i.key for i in KNOWN_ISSUES if i.matches(f)), None)
