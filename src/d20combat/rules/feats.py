"""Feats as tables of effects, not ``if feat == ...`` chains.

Two tables:

* :data:`STATIC` - feats that add a fixed modifier to a statistic (initiative,
  AC, hit points, saves, grapple). :func:`static_modifiers` reads it.
* :data:`WEAPON` - feats that take a weapon parameter and modify attacks or damage
  with that weapon, or its threat range.

Feats whose effect is an action, a choice or a situation (Dodge against one
designated opponent, Power Attack, Combat Reflexes, Improved Trip, Cleave ...) are
looked up by name where that situation is resolved (the encounter).
Source: SRD feats.html, each entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from d20combat.content.creatures import FeatRef
from d20combat.rules.modifiers import BonusType, Modifier


class FeatEffect(NamedTuple):
    stat: str
    value: int
    type: BonusType = BonusType.UNTYPED


STATIC: dict[str, tuple[FeatEffect, ...]] = {
    # SRD feats.html "Improved Initiative": +4 on initiative checks.
    "improved initiative": (FeatEffect("initiative", 4),),
    # "Toughness": +3 hit points.
    "toughness": (FeatEffect("hp", 3),),
    # "Great Fortitude", "Lightning Reflexes", "Iron Will": +2 on the save.
    "great fortitude": (FeatEffect("fort", 2),),
    "lightning reflexes": (FeatEffect("ref", 2),),
    "iron will": (FeatEffect("will", 2),),
    # "Improved Grapple": +4 on all grapple checks (seed 002 "Grapple" agrees).
    "improved grapple": (FeatEffect("grapple", 4),),
}

# Feats with a weapon parameter: (attack bonus, damage bonus).
WEAPON: dict[str, tuple[int, int]] = {
    "weapon focus": (1, 0),  # SRD feats.html "Weapon Focus": +1 attack
    "greater weapon focus": (1, 0),  # +1 attack, stacks with Weapon Focus
    "weapon specialization": (0, 2),  # +2 damage
    "greater weapon specialization": (0, 2),  # +2 damage, stacks
}


def static_modifiers(feats: Iterable[FeatRef], stat: str) -> list[Modifier]:
    """The fixed modifiers the feats give to ``stat`` (repeatable feats repeat)."""
    out = []
    for feat in feats:
        for effect in STATIC.get(feat.key, ()):
            if effect.stat == stat:
                out.append(Modifier(effect.value, effect.type, str(feat)))
    return out


def weapon_modifiers(
    feats: Iterable[FeatRef], weapon: str
) -> tuple[list[Modifier], list[Modifier]]:
    """(attack, damage) modifiers from weapon-parameter feats naming ``weapon``."""
    attack: list[Modifier] = []
    damage: list[Modifier] = []
    key = weapon.lower()
    for feat in feats:
        bonus = WEAPON.get(feat.key)
        if bonus is None or (feat.param or "").lower() != key:
            continue
        if bonus[0]:
            attack.append(Modifier(bonus[0], BonusType.UNTYPED, str(feat)))
        if bonus[1]:
            damage.append(Modifier(bonus[1], BonusType.UNTYPED, str(feat)))
    return attack, damage


def has_weapon_feat(feats: Iterable[FeatRef], name: str, weapon: str) -> bool:
    key = name.lower()
    return any(f.key == key and (f.param or "").lower() == weapon.lower() for f in feats)
