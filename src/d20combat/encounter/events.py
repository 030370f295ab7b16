"""Events: the cheap, immutable records of what happened in a fight.

An event keeps references to the rolls and the totals (with their breakdowns) that
the rules produced; nothing is formatted until someone reads it. :meth:`Event.as_json`
gives the JSONL log line of ``docs/log-format.md``: ``round``, ``actor``, ``type``,
``rule`` (source file and section), ``rolls`` (die, faces, purpose), ``modifiers``
(value, type, source, counted, and which total they belong to) and the outcome.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from d20combat.rules.dice import Roll
from d20combat.rules.modifiers import Total


class Event(NamedTuple):
    """One thing that happened: who, what, under which rule, with which dice."""

    round: int
    actor: str
    type: str
    rule: str
    rolls: tuple[Roll, ...] = ()
    totals: tuple[tuple[str, Total], ...] = ()
    outcome: dict[str, Any] = {}  # noqa: RUF012 - never mutated; NamedTuple default
    target: str | None = None

    def total(self, label: str) -> Total | None:
        for name, t in self.totals:
            if name == label:
                return t
        return None

    def as_json(self) -> dict[str, Any]:
        mods = []
        for label, total in self.totals:
            for part in total.parts:
                m = part.modifier
                mods.append(
                    {
                        "applies_to": label,
                        "value": m.value,
                        "type": m.type.value,
                        "source": m.source,
                        "counted": part.counted,
                    }
                )
        out: dict[str, Any] = {
            "round": self.round,
            "actor": self.actor,
            "type": self.type,
            "rule": self.rule,
            "rolls": [r.as_dict() for r in self.rolls],
            "modifiers": mods,
        }
        if self.target is not None:
            out["target"] = self.target
        out.update({k: _plain(v) for k, v in self.outcome.items()})
        for label, total in self.totals:
            out.setdefault(label.replace(" ", "_"), total.value)
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "value") and not isinstance(value, int | str | float | bool):
        return value.value
    return value
