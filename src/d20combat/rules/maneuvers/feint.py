"""Feint (seed 000 "Feint"; seed 002 "Feint"; SRD combat-ii "Feint"), the same in every
ruleset (seed 001 and seed 004 say nothing of it: srd35's reading, D43).

The procedure:

1. A Bluff check opposed by the target's Sense Motive check, to which the target adds
   its base attack bonus. A creature without a Bluff or Sense Motive entry in its stat
   block uses its ability modifier (the skill used untrained:
   :meth:`~d20combat.rules.statistics.Statistics.skill`).
2. Against a non-humanoid target the feinter takes -4; against a creature of animal
   Intelligence (1 or 2), -8 (seed 000: the -4 "whenever the target is a non-humanoid",
   not seed 002's "humanoid against non-humanoid, and presumably vice versa", D43; the
   -8 replaces the -4, it does not add to it: a reading, A36). A creature without an
   Intelligence score cannot be feinted (:func:`feint_problem`).
3. The Bluff result must *exceed* the Sense Motive result: a tie fails
   (:attr:`~d20combat.rules.checks.Ties.OPPONENT`). On success the target does not use
   its Dexterity bonus to AC against the feinter's next melee attack, made on or before
   the feinter's next turn (the encounter keeps that: :mod:`d20combat.encounter.maneuvers.feint`).

Feinting provokes no attack of opportunity; it is a standard action, a move action
with Improved Feint (SRD feats "Improved Feint").
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.creatures import Ability, CreatureType
from d20combat.rules.checks import Opposed, Ties, opposed
from d20combat.rules.dice import DiceSource
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Feint; seed 002 Feint"
NON_HUMANOID = Modifier(-4, BonusType.UNTYPED, "feinting a non-humanoid")
ANIMAL_INTELLIGENCE = Modifier(-8, BonusType.UNTYPED, "feinting a creature of animal Int (1-2)")


class FeintSides(NamedTuple):
    """The feinter's Bluff check and the target's Sense Motive check (base attack bonus
    included), totalled with their breakdowns."""

    bluff: Total
    sense_motive: Total


def feint_problem(attacker: Statistics, defender: Statistics) -> str | None:
    """Why ``attacker`` cannot feint ``defender``, or None: a creature without an
    Intelligence score cannot be feinted (seed 000 "Feint": "Against a non-intelligent
    creature, it's impossible")."""
    if defender.abilities.get(Ability.INT) is None:
        return f"{defender.stat.name} has no Intelligence: it cannot be feinted"
    return None


def penalty(defender: Statistics) -> Modifier | None:
    """The feinter's penalty against ``defender``: -8 against animal Intelligence (1 or
    2), else -4 against a non-humanoid, else none."""
    score = defender.abilities.get(Ability.INT)
    if score is not None and score <= 2:
        return ANIMAL_INTELLIGENCE
    if defender.stat.type is not CreatureType.HUMANOID:
        return NON_HUMANOID
    return None


def bluff_check(attacker: Statistics, defender: Statistics) -> Total:
    """The feinter's Bluff modifier against ``defender``, with the penalty for feinting
    a non-humanoid or a creature of animal Intelligence."""
    bluff = attacker.skill("bluff")
    hard = penalty(defender)
    return bluff.plus(hard) if hard is not None else bluff


def sense_motive_check(defender: Statistics) -> Total:
    """The target's Sense Motive modifier plus its base attack bonus."""
    bab = Modifier(defender.bab, BonusType.BASE_ATTACK, "base attack bonus")
    return stack([*defender.skill("sense motive").counted(), bab])


def feint_sides(attacker: Statistics, defender: Statistics) -> FeintSides:
    """The numbers of a feint between two creatures out of any situation (for
    ``d20combat odds feint``; the encounter adds what conditions do to skill checks)."""
    return FeintSides(bluff_check(attacker, defender), sense_motive_check(defender))


def feint(dice: DiceSource, sides: FeintSides) -> Opposed:
    """Roll one feint: Bluff against Sense Motive, a tie failing. Does not check who
    may feint whom (:func:`feint_problem`)."""
    return opposed(
        dice,
        sides.bluff,
        sides.sense_motive,
        ("feint: Bluff check", "feint: Sense Motive check"),
        Ties.OPPONENT,
    )


def outcome(r: Opposed) -> str:
    """The result's name: feinted or failed."""
    return "feinted" if r.won else "failed"
