"""Firearms and autofire (seed 004 "Firearms", "Autofire").

"The most basic form of attack with a firearm is a single shot. One attack is one pull of
the trigger and fires one bullet at one target. ... If a character isn't proficient in
personal firearms, he or she takes a -4 penalty on attacks with that type of weapon. ...
attacking with a firearm while within a threatened square provokes an attack of
opportunity. ... an attacker using a longarm takes a -4 penalty on attacks against
adjacent opponents."

"The character targets a 10-foot-by-10-foot area and makes an attack roll; the targeted
area has an effective Defense of 10. (If the character does not have the Advanced
Firearms Proficiency feat, he or she takes a -4 penalty on the attack roll.) If the
attack succeeds, every creature within the affected area must make a Reflex save (DC 15)
or take the weapon's damage. Autofire shoots 10 bullets, and can only be used if the
weapon has 10 bullets in it."

Pure: a single shot's penalties (:func:`firearm_modifiers`), the autofire attack
(:func:`autofire_attack`) and each creature's save (:func:`autofire_save`), and the exact
odds of a creature in the area being hit (:func:`p_autofire_hits`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.hitpoints import saving_throw
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack

RULE = "seed 004 Firearms"
AUTOFIRE_RULE = "seed 004 Autofire"
#: seed 004 "Autofire": "the targeted area has an effective Defense of 10".
AUTOFIRE_DEFENSE = 10
#: seed 004 "Autofire": "must make a Reflex save (DC 15)".
AUTOFIRE_DC = 15
#: seed 004 "Autofire": "Autofire shoots 10 bullets, and can only be used if the weapon
#: has 10 bullets in it."
AUTOFIRE_BULLETS = 10
NONPROFICIENT = Modifier(-4, BonusType.UNTYPED, "not proficient with personal firearms")
LONGARM_ADJACENT = Modifier(-4, BonusType.UNTYPED, "longarm against an adjacent opponent")
NO_ADVANCED = Modifier(-4, BonusType.UNTYPED, "autofire without Advanced Firearms Proficiency")
D20 = Dice.of(1, 20)


def firearm_modifiers(*, proficient: bool, longarm: bool, adjacent: bool) -> list[Modifier]:
    """A firearm attack's own penalties (seed 004 "Firearms"): -4 without Personal
    Firearms Proficiency, -4 for a longarm against an adjacent opponent."""
    out = [] if proficient else [NONPROFICIENT]
    if longarm and adjacent:
        out.append(LONGARM_ADJACENT)
    return out


def autofire_bonus(bonus: Total, *, proficient: bool, advanced: bool) -> Total:
    """The autofire attack bonus: the weapon's, -4 without Personal Firearms Proficiency
    (a firearm attack) and -4 without Advanced Firearms Proficiency (seed 004)."""
    mods = firearm_modifiers(proficient=proficient, longarm=False, adjacent=False)
    if not advanced:
        mods.append(NO_ADVANCED)
    return bonus.plus(*mods) if mods else bonus


def autofire_defense() -> Total:
    """The area's effective Defense 10 (seed 004 "Autofire")."""
    return stack([Modifier(AUTOFIRE_DEFENSE, BonusType.UNTYPED, "the area's effective Defense")])


class AutofireRoll(NamedTuple):
    natural: int
    total: int
    hit: bool


def autofire_attack(dice: DiceSource, bonus: int) -> AutofireRoll:
    """The one attack roll against the area's Defense 10: a natural 20 always hits and a
    natural 1 always misses (seed 004 "Attack Roll"; an area has no critical hits, A91)."""
    hit, face = dice.classify(
        D20,
        f"autofire: attack roll against Defense {AUTOFIRE_DEFENSE}",
        lambda r: r == 20 or (r != 1 and r + bonus >= AUTOFIRE_DEFENSE),
    )
    return AutofireRoll(face, face + bonus, bool(hit))


class AutofireSave(NamedTuple):
    natural: int
    total: int
    saved: bool


def autofire_save(dice: DiceSource, reflex: int, dc: int = AUTOFIRE_DC) -> AutofireSave:
    """A creature's Reflex save against the autofire (DC 15; a natural 20 always saves
    and a 1 always fails: SRD combat-i "Saving Throws")."""
    saved, face = saving_throw(dice, reflex, dc, f"autofire: Reflex save (DC {dc})")
    return AutofireSave(face, face + reflex, saved)


def _p_d20(bonus: int, target: int) -> Fraction:
    """A d20 roll at ``bonus`` reaching ``target``, the 20 always and the 1 never."""
    return Fraction(sum(1 for f in range(2, 20) if f + bonus >= target) + 1, 20)


def p_autofire_hits(bonus: int, reflex: int, dc: int = AUTOFIRE_DC) -> Fraction:
    """The exact chance that one creature in the area takes the damage: the attack
    hits Defense 10 and its Reflex save fails (the two rolls are independent)."""
    return _p_d20(bonus, AUTOFIRE_DEFENSE) * (1 - _p_d20(reflex, dc))


# --- Burst fire ------------------------------------------------------------------------
#: Seed 004 "Autofire": "Firing a burst requires the Burst Fire feat" (its effect is not in
#: the seed: reading A187 takes the d20 Modern SRD feat's).
BURST_RULE = "seed 004 Autofire; d20 Modern SRD Burst Fire (A187)"
#: d20 Modern SRD "Burst Fire": "Firing a burst expends five bullets and can only be done
#: if the weapon has five bullets in it."
BURST_BULLETS = 5
#: d20 Modern SRD "Burst Fire": "a -4 penalty on the attack roll, but deals +2 dice of
#: damage".
BURST_FIRE = Modifier(-4, BonusType.UNTYPED, "burst fire")
BURST_EXTRA_DICE = 2


class BurstPlan(NamedTuple):
    """What firing at one target on automatic does: the bullets it needs and spends,
    the attack's modifiers and the extra dice of damage (never multiplied)."""

    bullets: int
    modifiers: tuple[Modifier, ...]
    extra_dice: Dice | None


def burst_plan(weapon_dice: Dice, *, feat: bool) -> BurstPlan:
    """A burst at one target (seed 004 "Autofire"): with the Burst Fire feat 5 bullets,
    -4 on the attack and 2 more of the weapon's dice of damage (A187); without it the
    weapon's automatic fire (10 bullets) is a standard attack with normal damage, the
    extra bullets wasted.

    >>> p = burst_plan(Dice.parse("1d10"), feat=True)
    >>> p.bullets, [m.value for m in p.modifiers], str(p.extra_dice)
    (5, [-4], '2d10')
    >>> burst_plan(Dice.parse("2d6"), feat=False)
    BurstPlan(bullets=10, modifiers=(), extra_dice=None)
    """
    if not feat:
        return BurstPlan(AUTOFIRE_BULLETS, (), None)
    sides = weapon_dice.terms[0].sides if weapon_dice.terms else 6
    return BurstPlan(BURST_BULLETS, (BURST_FIRE,), Dice.of(BURST_EXTRA_DICE, sides))
