"""Named bonus types, stacking, and totals that explain themselves.

Source: seed 000 "Bonuses From Magic". Bonuses of different types always stack.
Bonuses of the same named type do not (only the largest counts), except:

* dodge and synergy bonuses, which always stack;
* circumstance bonuses, which stack unless they arise from the same circumstance
  (here: the same ``source``);
* enhancement bonuses to armor, to shields, to ranged weapons and to their
  ammunition, which stack with each other because each improves a different item.
  This is modelled by a ``scope``: same type and same scope do not stack. (The 3.5
  SRD says a launcher's and its ammunition's enhancement do not stack; the seed,
  which wins, lists them as an exception.)

Penalties always stack. Untyped bonuses stack (3.5 SRD convention; the seed is
silent). The components that are not bonuses at all (the base 10 of AC, the base
attack bonus, ability modifiers, range penalties) are typed as such and always count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple

from d20combat.errors import ContentError


class BonusType(StrEnum):
    """Every modifier type the engine knows (seed 000, plus structural kinds)."""

    # Named bonus types of seed 000 "Bonuses From Magic".
    ARMOR = "armor"
    SHIELD = "shield"
    NATURAL_ARMOR = "natural armor"
    DEFLECTION = "deflection"
    DODGE = "dodge"
    ENHANCEMENT = "enhancement"
    SIZE = "size"
    CIRCUMSTANCE = "circumstance"
    COMPETENCE = "competence"
    INSIGHT = "insight"
    LUCK = "luck"
    MORALE = "morale"
    PROFANE = "profane"
    SACRED = "sacred"
    RESISTANCE = "resistance"
    SYNERGY = "synergy"
    HASTE = "haste"
    ENLARGEMENT = "enlargement"
    INHERENT = "inherent"
    RACIAL = "racial"
    COVER = "cover"
    UNTYPED = "untyped"
    # Structural components: not bonuses, always counted.
    BASE = "base"
    BASE_ATTACK = "base attack"
    ABILITY = "ability"
    RANGE = "range"

    @classmethod
    def parse(cls, text: str) -> BonusType:
        """Parse a bonus type name.

        Raises:
            ContentError: for an unknown type, listing the known ones.
        """
        key = text.strip().lower().replace("_", " ")
        if key == "natural":
            key = "natural armor"
        try:
            return cls(key)
        except ValueError:
            raise ContentError(
                f"unknown bonus type {text!r}",
                field="type",
                expected="one of " + ", ".join(t.value for t in cls),
            ) from None


_ALWAYS_STACK = frozenset(
    {
        BonusType.DODGE,
        BonusType.SYNERGY,
        BonusType.UNTYPED,
        BonusType.BASE,
        BonusType.BASE_ATTACK,
        BonusType.ABILITY,
        BonusType.RANGE,
    }
)


class Modifier(NamedTuple):
    """One signed contribution to a total: value, type, source, and stacking scope."""

    value: int
    type: BonusType
    source: str
    scope: str = ""

    def __str__(self) -> str:
        sign = "+" if self.value >= 0 else "-"
        kind = "" if self.type in (BonusType.UNTYPED, BonusType.BASE) else f" {self.type.value}"
        return f"{sign}{abs(self.value)}{kind} ({self.source})"


class Part(NamedTuple):
    """A modifier inside a total, and whether it counted after stacking."""

    modifier: Modifier
    counted: bool

    def as_dict(self) -> dict[str, object]:
        m = self.modifier
        return {"type": m.type.value, "value": m.value, "source": m.source, "counted": self.counted}


class Total(NamedTuple):
    """A number with its breakdown. ``int(total)`` is the value."""

    value: int
    parts: tuple[Part, ...]

    def __int__(self) -> int:
        return self.value

    def counted(self) -> tuple[Modifier, ...]:
        return tuple(p.modifier for p in self.parts if p.counted)

    def suppressed(self) -> tuple[Modifier, ...]:
        return tuple(p.modifier for p in self.parts if not p.counted)

    def breakdown(self) -> list[dict[str, object]]:
        """The JSON breakdown: ``[{"type", "value", "source", "counted"}, ...]``."""
        return [p.as_dict() for p in self.parts]

    def explain(self) -> str:
        """One line: ``16 = 10 base -1 size (Large) ... [not counted: ...]``."""
        shown = " ".join(str(p.modifier) for p in self.parts if p.counted and p.modifier.value)
        text = f"{self.value} = {shown or '0'}"
        dropped = [str(p.modifier) for p in self.parts if not p.counted]
        if dropped:
            text += " [not stacking: " + ", ".join(dropped) + "]"
        return text

    def plus(self, *extra: Modifier) -> Total:
        """This total with more modifiers, stacking re-applied to the whole set."""
        return stack((*(p.modifier for p in self.parts), *extra))


def _key(m: Modifier) -> tuple[BonusType, str]:
    if m.type is BonusType.CIRCUMSTANCE:
        return (m.type, m.source)
    return (m.type, m.scope)


def stack(modifiers: Iterable[Modifier]) -> Total:
    """Apply the stacking rules of seed 000 and return the total with its breakdown.

    Within a non-stacking group the largest bonus counts (the first listed on a tie).

    >>> t = stack([Modifier(10, BonusType.BASE, "base"),
    ...            Modifier(2, BonusType.DEFLECTION, "ring"),
    ...            Modifier(3, BonusType.DEFLECTION, "shield of faith"),
    ...            Modifier(1, BonusType.DODGE, "Dodge"), Modifier(1, BonusType.DODGE, "haste")])
    >>> t.value, [str(m) for m in t.suppressed()]
    (15, ['+2 deflection (ring)'])
    """
    mods: Sequence[Modifier] = tuple(modifiers)
    best: dict[tuple[BonusType, str], int] = {}
    for i, m in enumerate(mods):
        if m.value <= 0 or m.type in _ALWAYS_STACK:
            continue
        k = _key(m)
        j = best.get(k)
        if j is None or m.value > mods[j].value:
            best[k] = i
    keep = set(best.values())
    parts = []
    value = 0
    for i, m in enumerate(mods):
        counted = m.value <= 0 or m.type in _ALWAYS_STACK or i in keep
        if counted:
            value += m.value
        parts.append(Part(m, counted))
    return Total(value, tuple(parts))


def total_of(*modifiers: Modifier) -> Total:
    """Shorthand for :func:`stack` over positional modifiers."""
    return stack(modifiers)


def ability_modifier(score: int | None) -> int:
    """(score - 10) // 2; a nonability (None) counts as 0 (3.5 SRD "Ability Scores").

    >>> [ability_modifier(s) for s in (1, 8, 9, 10, 11, 21)]
    [-5, -1, -1, 0, 0, 5]
    """
    return 0 if score is None else (score - 10) // 2
