"""The aimed shot at a helpless defender (seed 004 "Helpless Defenders: Regular Attack";
``d20modern`` only: ``helpless_aimed_shot_bonus``).

"If a character is attacking with a ranged weapon and is not adjacent to the target,
the character can use a full-round action to make the attack, and gain a +5 bonus on
the attack roll": one ranged attack, a full-round action, +5, against a helpless
target (its effective Defense 5 + size). From an adjacent square the rule offers the
coup de grace instead.
"""

from __future__ import annotations

from d20combat.content.rulesets import Ruleset
from d20combat.rules.modifiers import BonusType, Modifier
from d20combat.rules.statistics import AttackOption

RULE = "seed 004 Helpless Defenders (Regular Attack)"


def aimed_shot_problem(option: AttackOption, rules: Ruleset, *, adjacent: bool) -> str | None:
    """Why ``option`` cannot make an aimed shot, or None (the target's helplessness is
    the encounter's to check)."""
    if not rules.helpless_aimed_shot_bonus:
        return f"no aimed shot at a helpless foe in {rules.name} (seed 004 only)"
    if not option.ranged:
        return f"an aimed shot takes a ranged weapon, not {option.name}"
    if adjacent:
        return "an aimed shot is taken from a square not adjacent to the target"
    return None


def aim_bonus(rules: Ruleset) -> Modifier:
    """The aimed shot's bonus on the attack roll (+5)."""
    return Modifier(rules.helpless_aimed_shot_bonus, BonusType.UNTYPED, "aimed shot (helpless)")
