"""Overrun (seed 000 "Overrun"; seed 002 "Overrun"; seed 004 "Overrun").

The procedure of seed 000 (``srd35``, ``advanced``: ruleset field ``overrun_check:
opposed``):

1. Moving into the defender's space provokes an attack of opportunity from the defender
   (none with Improved Overrun: seed 002, D01); the encounter offers it.
2. The defender may avoid the overrunner (not against Improved Overrun, nor a mounted
   overrunner with the Trample feat: :func:`may_avoid`); the encounter asks it.
3. If it blocks: the overrunner's Strength check (size, +2 charging, Improved Overrun's
   +4 but not on a trample) against the defender's Strength or Dexterity check, the
   higher (size, stability). If the overrunner *wins* (ties by the general rule:
   :class:`~d20combat.rules.checks.Ties` ``HIGHER_MODIFIER``) the defender is knocked
   prone; if it loses, the defender may knock it prone in turn: a Strength check against
   the overrunner's Strength or Dexterity, "including the size modifiers noted above,
   but no other modifiers".

Seed 004 (``d20modern``, ``overrun_check: trip``) resolves the block as a trip attack
(:mod:`d20combat.rules.maneuvers.trip`, reused as it is). A mounted overrun (trample)
uses the mount's Strength and size (:func:`strength_check` with ``mount``); the
mounted rider waits for mounted combat (issue 9).
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.creatures import Ability, StatBlock
from d20combat.content.rulesets import Ruleset
from d20combat.rules.checks import Opposed, Ties, opposed
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import (
    ability_check,
    improved,
    opposed_total,
    size_modifier,
    stability,
)
from d20combat.rules.maneuvers.bull_rush import CHARGING, STABLE_LEGS
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption, Statistics

RULE = "seed 000 Overrun; seed 002 Overrun; seed 004 Overrun"


class OverrunSides(NamedTuple):
    """The checks of one blocked overrun, totalled with their breakdowns: the
    overrunner's Strength against the defender's best of Strength and Dexterity, and the
    counter-attempt the other way round (size modifiers only)."""

    attack: Total
    resist: Total
    counter: Total
    counter_resist: Total


class OverrunResult(NamedTuple):
    """The opposed check and, after a loss, the defender's counter-attempt."""

    check: Opposed
    counter: Opposed | None

    @property
    def knocked_down(self) -> bool:
        """The defender is knocked prone."""
        return self.check.won

    @property
    def countered(self) -> bool:
        """The overrunner is knocked prone in turn."""
        return self.counter is not None and self.counter.won


def strength_check(
    stats: Statistics,
    rules: Ruleset,
    *,
    charging: bool = False,
    mount: Statistics | None = None,
) -> Total:
    """The overrunner's Strength check: Str, size, Improved Overrun's bonus (seed 002),
    +2 when charging (seed 000). Mounted (trample), the ``mount``'s Strength and size
    (seed 000 "Mounted Overrun (Trample)"), without Improved Overrun's bonus (seed 002:
    "Improved Overrun does not apply its modifiers to a trample")."""
    body = stats if mount is None else mount
    return opposed_total(
        ability_check(body, Ability.STR),
        size_modifier(body, rules, scale="special"),
        improved(stats, "improved overrun", rules) if mount is None else [],
        [CHARGING] if charging else [],
    )


def resist_check(stats: Statistics, rules: Ruleset) -> Total:
    """The defender's check: the better of Str and Dex, size, stability (more than two
    legs, or "more stable than a normal humanoid (such as a dwarf)")."""
    return opposed_total(
        ability_check(stats, Ability.STR, Ability.DEX),
        size_modifier(stats, rules, scale="special"),
        stability(stats, rules, "overrun", legs=STABLE_LEGS, also="trip"),
    )


def counter_check(stats: Statistics, rules: Ruleset) -> Total:
    """The defender's counter-attempt: Strength and size only."""
    return opposed_total(
        ability_check(stats, Ability.STR), size_modifier(stats, rules, scale="special")
    )


def counter_resist(stats: Statistics, rules: Ruleset) -> Total:
    """The overrunner against the counter-attempt: the better of Str and Dex, size only."""
    return opposed_total(
        ability_check(stats, Ability.STR, Ability.DEX),
        size_modifier(stats, rules, scale="special"),
    )


def overrun(
    dice: DiceSource, sides: OverrunSides, *, ties: Ties = Ties.HIGHER_MODIFIER
) -> OverrunResult:
    """Roll a blocked overrun: the opposed check, then the counter-attempt after a loss
    (the attack of opportunity and the defender's choice come first, in the encounter).
    Does not check who may overrun whom (:func:`overrun_problem`)."""
    check = opposed(
        dice,
        sides.attack,
        sides.resist,
        ("overrun: Strength check", "overrun: resisting (Str or Dex)"),
        ties,
    )
    if check.won:
        return OverrunResult(check, None)
    counter = opposed(
        dice,
        sides.counter,
        sides.counter_resist,
        ("overrun counter: Strength check", "overrun counter: resisting (Str or Dex)"),
        ties,
    )
    return OverrunResult(check, counter)


def may_avoid(overrunner: StatBlock, *, trample: bool = False) -> bool:
    """Whether the defender may choose to avoid: not against Improved Overrun (seed 000),
    nor against a mounted overrunner with the Trample feat (seed 000 "Mounted Overrun":
    ``trample``: the rider of the overrunning mount has the Trample feat)."""
    return not (trample or overrunner.has_feat("improved overrun"))


def trample_hoof(mount: Statistics) -> AttackOption | None:
    """The hoof attack a mount makes on a defender its Trample-feat rider knocked prone
    (seed 000 "Mounted Overrun (Trample)"), or None if it has no hoof."""
    return next((o for o in mount.options if o.natural and "hoof" in o.name.lower()), None)


def overrun_problem(attacker: Statistics, defender: Statistics) -> str | None:
    """Why ``attacker`` cannot overrun ``defender``, or None: only a foe at most one size
    category larger (seed 000 "Overrun")."""
    if defender.stat.size > attacker.stat.size + 1:
        return (
            f"{defender.stat.name} is {defender.stat.size.label}: an overrun passes foes at "
            "most one size larger"
        )
    return None


def overrun_sides(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    charging: bool = False,
    mount: Statistics | None = None,
) -> OverrunSides:
    """The checks of a blocked overrun between two creatures out of any situation (for
    ``d20combat odds overrun``)."""
    return OverrunSides(
        strength_check(attacker, rules, charging=charging, mount=mount),
        resist_check(defender, rules),
        counter_check(defender, rules),
        counter_resist(attacker if mount is None else mount, rules),
    )


def outcome(r: OverrunResult) -> str:
    """The result's name: knocked down, countered (the overrunner is knocked prone) or
    failed."""
    return "knocked down" if r.knocked_down else ("countered" if r.countered else "failed")
