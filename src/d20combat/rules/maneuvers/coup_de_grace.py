"""Coup de grace (SRD combat-ii "Helpless Defenders: Coup de Grace"; seed 002 "Coup de
Grace"; seed 004 "Coup de Grace").

The procedure, for every ruleset:

1. A full-round action against a helpless creature, with a melee weapon, or with a
   ranged weapon from an adjacent square: a bow or crossbow (SRD; srd35 and advanced),
   any ranged weapon (seed 004; d20modern): ``coup_de_grace_ranged`` (D33). It
   provokes attacks of opportunity (the encounter offers them first).
2. The attack hits and is a critical hit, with no roll (:func:`delivered`: the
   attack's ``auto_hit`` and ``auto_critical``). A rogue adds its sneak attack dice
   (SRD: "A rogue also gets her extra sneak attack damage against a helpless opponent
   when delivering a coup de grace"), never multiplied.
3. A victim that survives the damage makes a Fortitude save against DC 10 + the damage
   dealt, or dies (:func:`finishing_save`).

A creature immune to critical hits cannot be given a coup de grace (SRD, seed 004; not
seed 002's reading, D33): :func:`coup_de_grace_problem`. Against a creature with
total concealment it takes two consecutive full-round actions, one to find it and one
to deliver the blow, both provoking (the encounter keeps the first).
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.equipment import WeaponFlag
from d20combat.content.rulesets import Ruleset
from d20combat.rules.attack import Attack
from d20combat.rules.dice import DiceSource
from d20combat.rules.hitpoints import saving_throw
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption, Statistics

RULE = "SRD combat-ii Coup de Grace; seed 002 Coup de Grace; seed 004 Coup de Grace"
BASE_DC = 10


class Finish(NamedTuple):
    """The victim's Fortitude save after the blow: the DC, the natural d20, the total
    and whether it lived."""

    dc: int
    natural: int
    total: int
    survived: bool


def weapon_problem(option: AttackOption, rules: Ruleset, *, adjacent: bool) -> str | None:
    """Why ``option`` cannot deliver a coup de grace, or None: a melee weapon may; a
    ranged one only from an adjacent square, and under ``bow-crossbow`` only a bow or a
    crossbow."""
    if not option.ranged:
        return None
    if not adjacent:
        return f"a coup de grace with {option.name} needs the attacker adjacent to the target"
    weapon = option.weapon
    bow = weapon is not None and weapon.has(WeaponFlag.PROJECTILE) and weapon.name.endswith("bow")
    if rules.coup_de_grace_ranged == "bow-crossbow" and not bow:
        return f"a ranged coup de grace takes a bow or crossbow, not {option.name}"
    return None


def coup_de_grace_problem(defender: Statistics) -> str | None:
    """Why ``defender`` cannot be given a coup de grace whatever its state, or None: it
    is immune to critical hits."""
    if defender.crit_immune:
        return f"{defender.stat.name} is immune to critical hits: no coup de grace"
    return None


def delivered(attack: Attack) -> Attack:
    """``attack`` as a coup de grace: it hits and is a critical hit, with no roll."""
    return attack._replace(auto_hit=True, auto_critical=True, concealment=0)


def finishing_save(dice: DiceSource, fort: Total, damage: int) -> Finish:
    """The victim's Fortitude save against DC 10 + ``damage`` (a natural 20 always
    succeeds and a 1 always fails, SRD combat-i "Saving Throws")."""
    dc = BASE_DC + damage
    survived, face = saving_throw(dice, fort.value, dc, f"coup de grace: Fortitude save (DC {dc})")
    return Finish(dc, face, face + fort.value, survived)
