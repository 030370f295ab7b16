"""How a fight ends: a typed value, never a bare string.

*Terminated* fights end because at most one side can still fight (the others are
defeated, fled or surrendered). *Truncated* fights hit the round limit: no side is
credited with a win (seed-independent rule of this project; see the README).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class SideStatus(StrEnum):
    FIGHTING = "fighting"
    WON = "won"
    DEFEATED = "defeated"
    FLED = "fled"
    SURRENDERED = "surrendered"


class EndKind(StrEnum):
    VICTORY = "victory"  # one side still fights
    DRAW = "draw"  # every side is out at once
    TRUNCATED = "truncated"  # the round limit was reached


@dataclass(frozen=True)
class Outcome:
    kind: EndKind
    winner: str | None
    rounds: int
    sides: dict[str, SideStatus]

    @property
    def terminated(self) -> bool:
        return self.kind is not EndKind.TRUNCATED

    @property
    def truncated(self) -> bool:
        return self.kind is EndKind.TRUNCATED

    def describe(self) -> str:
        if self.kind is EndKind.TRUNCATED:
            return f"truncated at the round limit after {self.rounds} rounds (no winner)"
        losers = ", ".join(f"{s} {st.value}" for s, st in self.sides.items() if s != self.winner)
        if self.kind is EndKind.DRAW:
            return f"draw after {self.rounds} rounds ({losers})"
        return f"victory for {self.winner} after {self.rounds} rounds ({losers})"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "winner": self.winner,
            "rounds": self.rounds,
            "sides": {k: v.value for k, v in self.sides.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            EndKind(data["kind"]),
            data["winner"],
            int(data["rounds"]),
            {k: SideStatus(v) for k, v in data["sides"].items()},
        )
