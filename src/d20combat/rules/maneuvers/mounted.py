"""Falling from a mount (seed 000 "Mounted Combat": "If Your Mount Falls in Battle", "If
You Are Dropped"; seed 002 "Mounted Combat"; seed 003 "Mounted Combat").

* "If your mount falls, you have to succeed on a DC 15 Ride check to make a soft fall
  and take no damage. If the check fails, you take 1d6 points of damage."
  (:func:`mount_falls`)
* "If you are knocked unconscious, you have a 50% chance to stay in the saddle (or 75%
  if you're in a military saddle). Otherwise you fall and take 1d6 points of damage."
  (:func:`dropped`)

Each takes a :class:`~d20combat.rules.dice.DiceSource`, so the same code rolls a fight
and gives the exact odds (:func:`~d20combat.rules.dice.enumerate_outcomes`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.checks import check
from d20combat.rules.dice import D100, Dice, DiceSource, enumerate_outcomes
from d20combat.rules.modifiers import Total

if TYPE_CHECKING:
    from d20combat.content.creatures import StatBlock

RULE = "seed 000 Mounted Combat"
#: seed 000 "Horses in Combat": "Light horses, ponies, and heavy horses, however, are
#: frightened by combat" (by stat-block name; every other mount fights: A107).
FRIGHTENED = frozenset({"light horse", "heavy horse", "pony"})
CONTROL_DC = 20
SOFT_FALL_DC = 15
FALL_DAMAGE = Dice.of(1, 6)
#: seed 001 "Mounted movement": "Warhorses and war-ponies are trained to respond to
#: guidance given with the knees or by leaning the body" (by stat-block name).
WAR_TRAINED = frozenset({"light warhorse", "heavy warhorse", "warpony", "war-pony"})
#: The animals saddled for riding in a fight (A176): seed 000's horses and ponies, seed
#: 001's warhorses and war-ponies, the SRD's riding dog; any creature whose stat block
#: lists the quality "mount" too.
RIDING_ANIMALS = FRIGHTENED | WAR_TRAINED | {"riding dog", "warpony"}
#: seed 001 "Mounts": the ponies a dwarf may ride (A179).
PONIES = frozenset({"pony", "warpony", "war-pony"})
#: The d% a rider knocked unconscious stays in the saddle on, or below (seed 000).
STAYS = {False: 50, True: 75}


def frightened(mount_name: str) -> bool:
    """A mount frightened by combat (seed 000 "Horses in Combat")."""
    return mount_name.strip().lower() in FRIGHTENED


def carries(mount: StatBlock, rider: StatBlock) -> bool:
    """Whether ``mount`` may carry ``rider``: "To serve as a mount, a creature must be at
    least one size category larger than its rider. Dwarves are an exception—due to their
    stature, they are better suited to ride ponies than horses" (seed 001 "Mounts"; every
    ruleset, A100, A179): a dwarf (subtype or name) may ride a pony or war-pony."""
    if mount.size > rider.size:
        return True
    dwarf = "dwarf" in (*rider.subtypes, *rider.name.lower().split())
    return dwarf and mount.name.strip().lower() in PONIES


def riding_animal(mount: StatBlock) -> bool:
    """A creature saddled for riding (:data:`RIDING_ANIMALS`, or the quality "mount")."""
    return mount.name.strip().lower() in RIDING_ANIMALS or mount.has_quality("mount")


def war_trained(mount_name: str) -> bool:
    """A warhorse or war-pony (seed 001 "Mounted movement")."""
    return mount_name.strip().lower() in WAR_TRAINED


def control_dc(rules: Ruleset, mount_hd: int) -> int:
    """The DC to control a frightened mount: Ride DC 20 (seed 000: "you must make a DC
    20 Ride check each round as a move action to control such a horse"); ``advanced``:
    Handle Animal DC 15 + the animal's Hit Dice (seed 001 "Controlling a desperate
    mount")."""
    return rules.mount_control_dc + rules.mount_control_per_hd * mount_hd


def control(dice: DiceSource, skill: Total, dc: int) -> bool:
    """The rider controls a frightened mount this round (the check against ``dc``)."""
    return check(dice, skill, "control a frightened mount") >= dc


def ride_check(dice: DiceSource, skill: Total, dc: int, purpose: str) -> bool:
    """A Ride check against ``dc``: guiding with the knees (seed 000 "Combat while
    Mounted": DC 5), a fast mount or dismount (SRD combat-i: DC 20)."""
    return check(dice, skill, f"Ride check ({purpose})") >= dc


def p_control(skill: int, dc: int = CONTROL_DC) -> Fraction:
    """The exact chance of :func:`control` with a modifier ``skill`` against ``dc``;
    also that of any :func:`ride_check` (a d20 against a DC)."""
    return Fraction(max(0, min(20, 21 - (dc - skill))), 20)


def fall_dice(mount: Size, per_size: int) -> Dice:
    """A fall from a mount: 1d6 (seed 000); ``advanced`` adds ``per_size`` for each
    size category above Large (seed 001 "Being thrown": 5)."""
    return FALL_DAMAGE.plus(per_size * max(0, mount - Size.LARGE))


def soft_fall(dice: DiceSource, ride: Total) -> int:
    """The Ride check for a soft fall (d20 + ``ride``; DC :data:`SOFT_FALL_DC`)."""
    return check(dice, ride, "Ride check (soft fall)")


def mount_falls(dice: DiceSource, ride: Total, damage: Dice = FALL_DAMAGE) -> int:
    """The damage a rider takes as its mount falls: 0 on a soft fall, else ``damage``."""
    if soft_fall(dice, ride) >= SOFT_FALL_DC:
        return 0
    return dice.roll(damage, f"falling damage ({damage})")


def stay_percent(rules: Ruleset, *, military: bool) -> int:
    """The d% a rider knocked unconscious stays in the saddle on: 50, 75 in a military
    saddle (seed 000); ``advanced``: 50 either way (seed 001 "Falling unconscious")."""
    return rules.military_saddle_percent if military else STAYS[False]


def stays_in_saddle(dice: DiceSource, percent: int) -> bool:
    """A rider knocked unconscious stays in the saddle: d% 1 to ``percent``."""
    return dice.roll(D100, "d% (stays in the saddle)") <= percent


def dropped(dice: DiceSource, percent: int, damage: Dice = FALL_DAMAGE) -> int | None:
    """A rider knocked unconscious: None if it stays in the saddle, else the damage it
    takes falling."""
    if stays_in_saddle(dice, percent):
        return None
    return dice.roll(damage, f"falling damage ({damage})")


def mount_falls_odds(ride: Total, damage: Dice = FALL_DAMAGE) -> dict[int, Fraction]:
    """The exact distribution of :func:`mount_falls`' damage."""
    return enumerate_outcomes(lambda d: mount_falls(d, ride, damage))


def dropped_odds(percent: int, damage: Dice = FALL_DAMAGE) -> dict[int | None, Fraction]:
    """The exact distribution of :func:`dropped`: None (it stays) or the damage."""
    return enumerate_outcomes(lambda d: dropped(d, percent, damage))


__all__ = [
    "CONTROL_DC",
    "FALL_DAMAGE",
    "FRIGHTENED",
    "PONIES",
    "RIDING_ANIMALS",
    "RULE",
    "SOFT_FALL_DC",
    "STAYS",
    "WAR_TRAINED",
    "carries",
    "control",
    "control_dc",
    "dropped",
    "dropped_odds",
    "fall_dice",
    "frightened",
    "mount_falls",
    "mount_falls_odds",
    "p_control",
    "ride_check",
    "riding_animal",
    "soft_fall",
    "stay_percent",
    "stays_in_saddle",
    "war_trained",
]
