"""Reading an event log back: the JSON lines of ``docs/log-format.md``, validated.

A log is untrusted like any other file: it is read through the safe path of
:mod:`d20combat.content.loading` (size, line length, nesting and value limits), and
each line is checked against the event shape before anything uses it: the fields every
event has, each roll's die and faces, each modifier's type, and rounds that never go
back. Outcome fields vary by event type and are kept as they are.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
)

from d20combat.content.loading import Located, problems_from_validation, read_json_lines
from d20combat.errors import InputError, Problem
from d20combat.limits import MAX_ROUND_LIMIT
from d20combat.rules.dice import Dice
from d20combat.rules.modifiers import BonusType

#: Problems listed one by one before the rest are only counted.
MAX_LISTED = 50

_TYPE = re.compile(r"^[a-z][a-z0-9 -]*$")


def _dice_text(value: str) -> str:
    Dice.parse(value)  # a DiceSyntaxError is a ValueError: pydantic reports it
    return value


class RollDoc(BaseModel):
    """One die roll: ``{"die", "faces", "total", "purpose"}``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    die: Annotated[str, AfterValidator(_dice_text)]
    faces: tuple[Annotated[StrictInt, Field(ge=1)], ...]
    total: StrictInt
    purpose: str


class ModifierDoc(BaseModel):
    """One modifier of a total: ``{"applies_to", "value", "type", "source", "counted"}``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    applies_to: str
    value: StrictInt
    type: BonusType
    source: str
    counted: StrictBool


class EventDoc(BaseModel):
    """The fields every event has; its outcome fields (by type) are kept as extras."""

    model_config = ConfigDict(extra="allow", frozen=True)

    round: Annotated[StrictInt, Field(ge=0, le=MAX_ROUND_LIMIT)]
    actor: str
    type: Annotated[str, Field(pattern=_TYPE.pattern, max_length=40)]
    rule: Annotated[str, Field(min_length=1)]
    rolls: tuple[RollDoc, ...]
    modifiers: tuple[ModifierDoc, ...]
    target: str | None = None

    @property
    def outcome(self) -> dict[str, Any]:
        """The type-specific fields."""
        return dict(self.model_extra or {})


def _faces_fit(event: EventDoc) -> list[tuple[tuple[str | int, ...], str, str]]:
    """Faces no die of the roll could show: (path, message, expected)."""
    out: list[tuple[tuple[str | int, ...], str, str]] = []
    for i, roll in enumerate(event.rolls):
        sides = max((t.sides for t in Dice.parse(roll.die).terms), default=0)
        for k, face in enumerate(roll.faces):
            if face > sides:
                out.append(
                    (
                        ("rolls", i, "faces", k),
                        f"face {face} on {roll.die}",
                        f"faces from 1 to {sides}",
                    )
                )
    return out


def log_problems(path: str | Path) -> tuple[list[EventDoc], list[Problem]]:
    """The events of a log file and every problem found in it (one per line at most
    for its shape, then the rolls and rounds), listing at most :data:`MAX_LISTED`.

    Never raises for bad input: an unreadable file is itself a problem.
    """
    file = str(path)
    try:
        lines, problems = read_json_lines(path)
    except InputError as exc:
        return [], list(exc.problems)
    events: list[EventDoc] = []
    last_round = 0
    for line, data in lines:  # problems of a line come in its order: sort at the end
        doc = Located(data, file, {(): line})
        if not isinstance(data, dict):
            problems.append(
                Problem("a log line must be a JSON object", file, line, None, "an event")
            )
            continue
        try:
            event = EventDoc.model_validate(data)
        except ValidationError as exc:
            problems.extend(problems_from_validation(exc, doc))
            continue
        for where, message, expected in _faces_fit(event):
            field = ".".join(map(str, where))
            problems.append(Problem(message, file, line, field, expected))
        if event.round < last_round:
            problems.append(
                Problem(
                    f"round {event.round} after round {last_round}",
                    file,
                    line,
                    "round",
                    "rounds in the order they were played",
                )
            )
        last_round = max(last_round, event.round)
        events.append(event)
    problems.sort(key=lambda p: p.line or 0)
    if len(problems) > MAX_LISTED:
        more = len(problems) - MAX_LISTED
        problems = [*problems[:MAX_LISTED], Problem(f"{more} more problems", file)]
    return events, problems


def read_log(path: str | Path) -> list[EventDoc]:
    """The events of a log file, validated.

    Raises:
        InputError: listing every problem (file, line, field, what was expected).
    """
    events, problems = log_problems(path)
    if problems:
        raise InputError(problems=problems)
    return events
