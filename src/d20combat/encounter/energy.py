"""Seed 001's damage types in the fight, where the map or the creatures' places matter
(the rest is pure: :mod:`d20combat.rules.damage`).

* "Cold damage ... is especially potent against creatures soaked in water" (trait
  ``cold-soaked``, reading A206): a creature with any square of its space in the water
  (wading or swimming, :func:`d20combat.encounter.water.depth`) is soaked, and cold
  damage is a vulnerability to it.

Every hook asks the ruleset's traits and the map's water first: a ruleset without the
trait, or a dry map, pays one set test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.damage import DamageType
from d20combat.encounter.water import Depth, depth
from d20combat.rules.attack import Attack
from d20combat.rules.damage import SOAKED
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.combatant import Combatant
    from d20combat.encounter.state import Encounter


def deals(option: AttackOption, attack: Attack, t: DamageType) -> bool:
    """Whether a hit of ``option`` deals damage of type ``t`` (its own or extra)."""
    if t in option.damage_types:
        return True
    return any(x.type is t for x in (*option.extra, *attack.extra))


def soaked(enc: Encounter, option: AttackOption, target: Combatant, attack: Attack) -> Attack:
    """``attack`` with ``target`` counted as soaked when it is in the water and the
    attack deals cold under a ruleset with ``cold-soaked`` (A206); else unchanged."""
    if (
        not enc.map.has_water
        or "cold-soaked" not in enc.rules.damage_type_traits
        or not deals(option, attack, DamageType.COLD)
        or depth(enc, target) is Depth.LAND
    ):
        return attack
    d = attack.defenses
    return attack._replace(defenses=d._replace(kinds=d.kinds | {SOAKED}))
