"""The baseline's mounted charge (seed 000 "Mounted Combat": "When charging on
horseback, you deal double damage with a lance"; SRD feats "Spirited Charge").

A mount carrying a rider charges when the rider's attack at the end of the charge (its
+2, the lance's x2 or Spirited Charge's x3) is worth more than the rider's single attack
after a plain move: either way the mount moves more than 5 ft, so the rider makes one
melee attack (:mod:`d20combat.encounter.mounted`). The charge's -2 AC is not weighed
(A105).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.mounted import rider_of, unguided
from d20combat.rules.maneuvers.charge import charge_multiplier
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import hit_damage
from d20combat.tactics.worth import mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _worth(
    enc: Encounter, rider: Combatant, option: AttackOption, target: Combatant, *, charge: bool
) -> float:
    """Expected damage of the rider's attack on ``target``, at the end of a charge or
    not (the charge's +2 and damage multiplier)."""
    attack, _ = build_attack(enc, rider, option, option.bonus, target, charge=charge)
    mult = (
        charge_multiplier(option, mounted=True, spirited=rider.stat.has_feat("spirited charge"))
        if charge
        else 1
    )
    mean = max(1.0, mean_damage(option) - option.damage_bonus.value + attack.damage_bonus.value)
    return hit_damage(
        attack.ac.value,
        attack.bonus.value,
        min(mean * mult, max(1.0, float(target.vitals.hp))),
        21 if attack.crit_immune else option.crit_range,
        option.crit_multiplier,
        attack.concealment,
    )


def charge_gain(enc: Encounter, mount: Combatant, charge: A.Charge) -> float:
    """What ``charge`` adds to the rider's attack over a plain approach (0 without a
    rider or a melee weapon)."""
    rider = rider_of(enc, mount)
    if rider is None or not enc.active(rider):
        return 0.0
    options = rider.melee_options()
    if not options:
        return 0.0
    target = enc.get(charge.target)
    option = options[0]
    return _worth(enc, rider, option, target, charge=True) - _worth(
        enc, rider, option, target, charge=False
    )


__all__ = ["charge_gain", "unguided"]
