"""Weapons, armor and shields: the content models.

The data come from the SRD equipment tables (``../shared/srd35/basic-rules-and-legal/
equipment.html``) through :mod:`d20combat.content.importers.equipment` and ship in
``content/data/weapons.yaml`` and ``armor.yaml`` (Open Game Content, OGL 1.0a).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from d20combat.content.damage import DamageType
from d20combat.content.loading import Frozen


class WeaponCategory(StrEnum):
    SIMPLE = "simple"
    MARTIAL = "martial"
    EXOTIC = "exotic"


class Handedness(StrEnum):
    """The SRD's weapon size groups: how much effort the weapon takes to wield."""

    UNARMED = "unarmed"
    LIGHT = "light"
    ONE_HANDED = "one-handed"
    TWO_HANDED = "two-handed"
    RANGED = "ranged"


class WeaponFlag(StrEnum):
    """Qualities named in the SRD weapon descriptions that change how rules apply."""

    RANGED = "ranged"  # listed in the Ranged Weapons part of the table
    THROWN = "thrown"  # a thrown weapon (melee weapons with a range increment, darts ...)
    PROJECTILE = "projectile"  # bows, crossbows, slings: fire ammunition
    DOUBLE = "double"
    REACH = "reach"
    TRIP = "trip"
    DISARM = "disarm"
    BRACE = "brace"  # double damage when set against a charge
    MONK = "monk"
    NONLETHAL = "nonlethal"  # deals nonlethal damage (sap, whip, unarmed strike)
    FINESSE = "finesse"  # usable with Weapon Finesse (light weapons, rapier, whip, spiked chain)
    SPLASH = "splash"
    LANCE = "lance"  # double damage on a mounted charge
    PRONE_USABLE = "prone-usable"  # crossbows and shuriken can be used while prone
    LOAD_MOVE = "load-move"  # light and hand crossbows: reload is a move action
    LOAD_FULL = "load-full"  # heavy and repeating crossbows: reload is a full-round action


class Weapon(Frozen):
    """One row of the SRD weapon table, plus its qualities.

    ``damage`` maps a size name (``small``, ``medium``) to the dice a weapon of that
    size deals; other sizes are derived by :func:`weapon_damage_for_size`. A double
    weapon has ``damage_secondary`` for its other head. ``damage_types_all`` is True
    when the SRD joins the types with "and" (the weapon is all of them at once) and
    False for "or" (the wielder picks the best against the target).
    """

    name: str
    category: WeaponCategory
    handedness: Handedness
    damage: dict[str, str]
    damage_secondary: dict[str, str] | None = None
    critical_range: int = Field(default=20, ge=2, le=20)
    critical_multiplier: int = Field(default=2, ge=2, le=6)
    critical_multiplier_secondary: int | None = None
    range_increment: int = Field(default=0, ge=0)
    damage_types: tuple[DamageType, ...]
    damage_types_all: bool = False
    flags: frozenset[WeaponFlag] = frozenset()
    cost: str | None = None
    weight_lb: float | None = None
    source: str = "SRD equipment.html, Table: Weapons"

    def has(self, flag: WeaponFlag) -> bool:
        return flag in self.flags

    @property
    def is_ranged(self) -> bool:
        return WeaponFlag.RANGED in self.flags

    @property
    def is_light(self) -> bool:
        return self.handedness in (Handedness.LIGHT, Handedness.UNARMED)

    @property
    def max_range_increments(self) -> int:
        """Thrown weapons reach five range increments, projectile weapons ten (SRD)."""
        return 10 if WeaponFlag.PROJECTILE in self.flags else 5


class ArmorCategory(StrEnum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    SHIELD = "shield"
    EXTRA = "extra"  # armor spikes, gauntlets, shield spikes: no bonus of their own


class Armor(Frozen):
    """One row of the SRD Table: Armor and Shields.

    ``max_dex`` is None when the armor does not limit Dexterity. ``speed_30`` and
    ``speed_20`` are the speeds of a creature with base speed 30 ft. and 20 ft.
    wearing it. ``attack_penalty`` is the tower shield's -2 on attack rolls.
    """

    name: str
    category: ArmorCategory
    bonus: int = Field(ge=0)
    max_dex: int | None = None
    check_penalty: int = Field(default=0, le=0)
    spell_failure: int = Field(default=0, ge=0, le=100)
    speed_30: int | None = None
    speed_20: int | None = None
    attack_penalty: int = Field(default=0, le=0)
    cost: str | None = None
    weight_lb: float | None = None
    source: str = "SRD equipment.html, Table: Armor and Shields"

    @property
    def is_shield(self) -> bool:
        return self.category is ArmorCategory.SHIELD
