"""Damage types.

Source: seed 001 "Advanced Combat Rules", damage categories: physical (bludgeoning,
piercing, slashing), acid, cold, electric, fire, force, holy, negative energy,
positive energy, psychic, sonic, water. The 3.5 SRD calls electric damage
"electricity"; both names parse to the same type.
"""

from __future__ import annotations

from enum import StrEnum

from d20combat.errors import ContentError


class DamageType(StrEnum):
    """A damage type (seed 001)."""

    BLUDGEONING = "bludgeoning"
    PIERCING = "piercing"
    SLASHING = "slashing"
    ACID = "acid"
    COLD = "cold"
    ELECTRICITY = "electricity"
    FIRE = "fire"
    FORCE = "force"
    HOLY = "holy"
    NEGATIVE = "negative energy"
    POSITIVE = "positive energy"
    PSYCHIC = "psychic"
    SONIC = "sonic"
    WATER = "water"

    @property
    def physical(self) -> bool:
        """Bludgeoning, piercing and slashing: the types damage reduction applies to."""
        return self in PHYSICAL

    @classmethod
    def parse(cls, text: str) -> DamageType:
        """Parse a damage type name, accepting the usual synonyms.

        Raises:
            ContentError: for an unknown type.
        """
        key = text.strip().lower()
        key = _SYNONYMS.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise ContentError(
                f"unknown damage type {text!r}",
                field="damage type",
                expected="one of " + ", ".join(t.value for t in cls),
            ) from None


PHYSICAL = frozenset({DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING})
ENERGY = frozenset(set(DamageType) - PHYSICAL)

_SYNONYMS = {
    "electric": "electricity",
    "lightning": "electricity",
    "negative": "negative energy",
    "positive": "positive energy",
    "concussion": "sonic",
    "blunt": "bludgeoning",
}
