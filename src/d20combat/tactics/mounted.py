"""The baseline's mounted charge (seed 000 "Mounted Combat": "When charging on
horseback, you deal double damage with a lance"; SRD feats "Spirited Charge").

A mount carrying a rider charges when the rider's attack at the end of the charge (its
+2, the lance's x2 or Spirited Charge's x3) is worth more than the rider's single attack
after a plain move: either way the mount moves more than 5 ft, so the rider makes one
melee attack (:mod:`d20combat.encounter.mounted`). The charge's -2 AC is not weighed
(A105).

A rider with a hand on the reins guides with its knees (seed 000: a free DC 5 Ride
check) when some weapon it carries is worth more in both hands than its best in one
(:func:`knees_choice`: the chance of the check times that gain; a failure costs
nothing), and a creature with Ride ranks standing next to a steed of its side gets on
(:func:`mount_choice`: the fast mount when the ruleset has one, as a failure only costs
the move action the plain mount would).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.mounted import (
    KNEES,
    REINS,
    gen_mount,
    hand_problem,
    held,
    rider_of,
    unguided,
)
from d20combat.rules.maneuvers.charge import charge_multiplier
from d20combat.rules.maneuvers.mounted import p_control
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import hit_damage
from d20combat.tactics.worth import mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _worth(
    enc: Encounter, rider: Combatant, option: AttackOption, target: Combatant, *, charge: bool
) -> float:
    """Expected damage of the rider's attack on ``target``, at the end of a charge or
    not (the charge's +2 and damage multiplier), the weapon as the rider holds it."""
    option = held(enc, rider, option)
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


def knees_gain(enc: Encounter, rider: Combatant) -> float:
    """The expected mean damage per attack the knees add: the chance of the Ride check
    times the best option's worth in both hands over the best with one on the reins."""
    dc = enc.rules.knees_dc
    if dc is None or rider.mount is None:
        return 0.0
    if KNEES in rider.conditions or REINS in rider.conditions:
        return 0.0
    options = rider.ready_options()
    both = max((mean_damage(o) for o in options), default=0.0)
    one = max(
        (mean_damage(held(enc, rider, o)) for o in options if not hand_problem(enc, rider, o)),
        default=0.0,
    )
    return float(p_control(rider.stats.skill("ride").value, dc)) * (both - one)


def knees_choice(enc: Encounter, rider: Combatant) -> A.Action | None:
    """Guide with the knees when it is worth anything (:func:`knees_gain`)."""
    return A.Knees() if knees_gain(enc, rider) > 0 else None


def mount_choice(enc: Encounter, c: Combatant) -> A.Action | None:
    """Get onto a steed next to it (the fast mount first); None: none there."""
    best: A.Action | None = None
    for a in gen_mount(enc, c):
        best = a  # the fast attempt comes after the plain one
    return best


__all__ = ["charge_gain", "knees_choice", "knees_gain", "mount_choice", "unguided"]
