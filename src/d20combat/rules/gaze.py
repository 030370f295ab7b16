"""Gaze attacks: the chain of rolls of one creature meeting a gaze, and its exact odds.

SRD special-abilities-and-conditions.html "Gaze Attacks" and
types-subtypes-and-special-abilities.html "Gaze (Su)" (srd35, d20modern); seed 001
"gaze attacks" (advanced). One exposure to a gaze (at the start of the viewer's turn,
or the gazer's active gaze) is:

1. eyes shut (or a blindfold, or blinded): no save (SRD: "the opponent does not need to
   make a saving throw"; seed 001: "completely safe");
2. averting the eyes: a 50% chance of not having to save (SRD "Each round, the
   opponent has a 50% chance of not having to make a saving throw"; seed 001 "there is
   still a 50% chance each turn that you will accidentally glimpse the creature's
   face"), rolled on the ruleset's concealment die;
3. concealment from limited visibility (fog, darkness): its miss chance is a separate
   chance of not having to save, "not cumulative with the chance for averting your
   eyes, but ... rolled separately" (SRD; seed 001: "the same percentage miss chance as
   a normal attack"), reading A155: both rolls are made, either one spares the viewer;
4. the saving throw against the DC: a natural 20 succeeds, a 1 fails (SRD combat-i
   "Saving Throws"); "A successful saving throw negates the effect."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, NamedTuple

from d20combat.rules.dice import D10, D100, DiceSource
from d20combat.rules.hitpoints import saving_throw

RULE = "SRD special abilities Gaze Attacks"
RULE_001 = "seed 001 Gaze attacks"
AVERT_CHANCE = 50  # SRD "Averting Eyes": 50% each round of not having to save

Guard = Literal["look", "avert", "shut"]


class GazeTurn(NamedTuple):
    """What one exposure came to: ``spared`` why no save was needed (``eyes shut``,
    ``averted``, ``concealment``) or ""; otherwise the save's natural ``face``, its
    ``total`` and whether it ``saved``; ``affected``: the effect takes hold."""

    spared: str
    face: int
    total: int
    saved: bool
    affected: bool


def chance_roll(dice: DiceSource, percent: int, die: int, purpose: str) -> bool:
    """True with ``percent``% chance: d% <= percent, or d10 <= percent/10 (a ruleset
    whose ``concealment_die`` is 10: seed 001 rolls a d10 for concealment)."""
    if percent <= 0:
        return False
    if percent >= 100:
        return True
    if die == 10:
        threshold = percent // 10
        return dice.classify(D10, purpose + " (d10)", lambda r: r <= threshold)[0]
    return dice.classify(D100, purpose + " (d%)", lambda r: r <= percent)[0]


def gaze_turn(
    dice: DiceSource,
    *,
    guard: Guard,
    concealment: int,
    save: int,
    dc: int,
    die: int = 100,
) -> GazeTurn:
    """One exposure to a gaze (the module's chain): ``guard`` the viewer's defence,
    ``concealment`` the miss chance limited visibility gives the gazer against it,
    ``save`` its save bonus against ``dc``, ``die`` the ruleset's concealment die."""
    if guard == "shut":
        return GazeTurn("eyes shut", 0, 0, True, False)
    if guard == "avert" and chance_roll(dice, AVERT_CHANCE, die, "gaze: averted eyes"):
        return GazeTurn("averted", 0, 0, True, False)
    if concealment and chance_roll(dice, concealment, die, "gaze: concealment"):
        return GazeTurn("concealment", 0, 0, True, False)
    saved, face = saving_throw(dice, save, dc, f"gaze: save (DC {dc})")
    return GazeTurn("", face, face + save, saved, not saved)


def p_save(save: int, dc: int) -> Fraction:
    """The chance of a saving throw at ``save`` reaching ``dc`` (the faces 2-19 that
    reach it, and the 20)."""
    return Fraction(sum(1 for face in range(2, 20) if face + save >= dc) + 1, 20)


def p_percent(percent: int, die: int) -> Fraction:
    """The chance of :func:`chance_roll` succeeding."""
    if percent <= 0:
        return Fraction(0)
    if percent >= 100:
        return Fraction(1)
    return Fraction(percent // 10, 10) if die == 10 else Fraction(percent, 100)


def p_affected(*, guard: Guard, concealment: int, save: int, dc: int, die: int = 100) -> Fraction:
    """The exact chance that one exposure (:func:`gaze_turn`) affects the viewer: not
    spared by shut or averted eyes, nor by concealment, and the save failed."""
    if guard == "shut":
        return Fraction(0)
    looks = 1 - p_percent(AVERT_CHANCE, die) if guard == "avert" else Fraction(1)
    return looks * (1 - p_percent(concealment, die)) * (1 - p_save(save, dc))
