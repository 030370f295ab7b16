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


# Empty: every class found so far is fixed (docs/fuzzing.md, Findings). A failure class
# that another branch is fixing goes here, with its owner, until the fix merges.
KNOWN_ISSUES: tuple[KnownIssue, ...] = ()


def known_issue(f: Failure) -> str | None:
    """The key of the first known issue that explains ``f``, if any."""
    return next((i.key for i in KNOWN_ISSUES if i.matches(f)), None)
