"""The damage a charge multiplies (seed 000 "Charge"; seed 002 "Charge"; SRD equipment,
weapon qualities "brace" and the lance).

* "Lances and Charge Attacks: A lance deals double damage if employed by a mounted
  character in a charge." (:func:`charge_multiplier`; the mounted rider waits for
  rider's attack at the end of its mount's charge: encounter.mounted; SRD feats "Spirited
  Charge": x3 with a lance, x2 with another melee weapon.)
* "Weapons Readied against a Charge: Spears, tridents, and certain other piercing
  weapons deal double damage when readied (set) and used against a charging
  character." (:func:`set_multiplier`, for the readied attack a charge sets off.)
"""

from __future__ import annotations

from d20combat.content.equipment import WeaponFlag
from d20combat.rules.statistics import AttackOption

RULE = "seed 000 Charge; seed 002 Charge"


def charge_multiplier(option: AttackOption, *, mounted: bool, spirited: bool = False) -> int:
    """The damage multiplier of the charger's own attack: x2 with a lance from a mount;
    with Spirited Charge (SRD feats: "When mounted and using the charge action, you deal
    double damage with a melee weapon (or triple damage with a lance)") x2, a lance x3."""
    if not mounted or option.ranged:
        return 1
    lance = option.weapon is not None and option.weapon.has(WeaponFlag.LANCE)
    if spirited:
        return 3 if lance else 2
    return 2 if lance else 1


def set_multiplier(option: AttackOption, *, target_charging: bool) -> int:
    """The damage multiplier of a readied attack: x2 with a brace weapon (set against a
    charge) on a charging creature."""
    braced = option.weapon is not None and option.weapon.has(WeaponFlag.BRACE)
    return 2 if braced and target_charging and not option.ranged else 1
