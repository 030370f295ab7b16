"""The one error taxonomy of d20combat.

Every error the engine raises on purpose derives from :class:`D20Error`. The CLI
turns each into one line on stderr and exit code 2; anything else is a bug
(exit code 1).

* :class:`InputError` - a file, flag or value is malformed. It names the file,
  line and field, and says what was expected.
* :class:`IllegalActionError` - a well-formed action that the rules forbid now.
* :class:`AmbiguousActionError` - an action notation that matches several actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def quote(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters.

    >>> quote("ogre"), quote("x" * 100, 8)
    ("'ogre'", "'xxxxxxxx...' (100 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit] + '...'!r} ({len(text)} characters)"


class D20Error(Exception):
    """Base class of every deliberate d20combat error."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where it is and what was expected."""

    message: str
    file: str | None = None
    line: int | None = None
    field: str | None = None
    expected: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.file:
            file = self.file if len(self.file) <= 120 else "..." + self.file[-117:]
            where = printable(file) + (f":{self.line}" if self.line else "") + ": "
        elif self.line:
            where = f"line {self.line}: "
        field = f"{printable(self.field)}: " if self.field else ""
        expected = ""
        if self.expected:  # a hint of close names reads as a question, not as expected
            hint = printable(self.expected)
            expected = f" ({hint})" if hint.startswith("did you mean") else f" (expected {hint})"
        return f"{where}{field}{printable(self.message)}{expected}"


def printable(text: str, limit: int = 500) -> str:
    """``text`` on one line: control characters escaped (a line break from the input
    must not start a new line of the message), cut to ``limit`` characters."""
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class InputError(D20Error, ValueError):
    """Malformed input. Carries one or more :class:`Problem` records."""

    def __init__(
        self,
        message: str = "",
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
        expected: str | None = None,
        problems: Iterable[Problem] | None = None,
    ) -> None:
        found = list(problems or [])
        if message:
            found.insert(0, Problem(message, file, line, field, expected))
        if not found:
            found = [Problem("invalid input")]
        self.problems: tuple[Problem, ...] = tuple(found)
        super().__init__(str(self))

    def __str__(self) -> str:
        if len(self.problems) == 1:
            return str(self.problems[0])
        return f"{len(self.problems)} problems:\n" + "\n".join(f"  {p}" for p in self.problems)

    def located(self, *, file: str | None = None, line: int | None = None) -> InputError:
        """The same error with a file (and line) filled in where it was missing."""
        fixed = [
            Problem(p.message, p.file or file, p.line or line, p.field, p.expected)
            for p in self.problems
        ]
        return type(self)(problems=fixed)


class DiceSyntaxError(InputError):
    """A dice expression that does not parse or breaks the limits."""


class ContentError(InputError):
    """Unknown or malformed content: creature, weapon, armor, class, ruleset."""


class ScenarioError(InputError):
    """A scenario file with one or more problems (all are reported at once)."""


class SaveFileError(InputError):
    """A corrupt or incompatible saved encounter."""


class IllegalActionError(D20Error, ValueError):
    """An action the rules do not allow in the current state; the message says why."""


class AmbiguousActionError(D20Error, ValueError):
    """An action notation that matches more than one legal action."""
