"""Knockout blow (seed 004 "Helpless Defenders: Knockout Blow"; ``d20modern`` only:
``knockout_blow``).

The procedure:

1. A full-round action against a helpless foe, with an unarmed attack or a melee weapon
   that deals nonlethal damage, or a melee weapon that deals lethal damage at -4 (the
   usual penalty for dealing nonlethal damage with it:
   :func:`~d20combat.rules.attack.nonlethal_switch`). It provokes attacks of
   opportunity (the encounter offers them first).
2. An attack roll against the helpless target's effective Defense of 5 + its size
   modifier (the ``five-plus-size`` reading every helpless defender gets in
   ``d20modern``). A hit is a critical hit (:func:`knocking_out`: ``auto_critical``),
   its nonlethal damage then compared with the massive damage threshold (seed 004
   "Nonlethal Damage").

A creature immune to critical hits cannot be given a knockout blow.
"""

from __future__ import annotations

from d20combat.content.rulesets import Ruleset
from d20combat.rules.attack import Attack
from d20combat.rules.statistics import AttackOption, Statistics

RULE = "seed 004 Knockout Blow"


def knockout_problem(option: AttackOption, defender: Statistics, rules: Ruleset) -> str | None:
    """Why ``option`` cannot deliver a knockout blow to ``defender``, or None."""
    if not rules.knockout_blow:
        return f"no knockout blow in {rules.name} (seed 004 only)"
    if option.ranged:
        return f"a knockout blow is a melee attack, not one with {option.name}"
    if defender.crit_immune:
        return f"{defender.stat.name} is immune to critical hits: no knockout blow"
    return None


def knocking_out(attack: Attack) -> Attack:
    """``attack`` (made nonlethal) as a knockout blow: a hit is a critical hit."""
    return attack._replace(auto_critical=True)
