"""What seed 001's damage types do beyond hit points: the numbers (readings, where the
seed gives none) and the rolls, pure. The encounter applies them
(:mod:`d20combat.encounter.energy`) under a ruleset whose ``damage_type_traits`` name
them (``advanced``).

Source: seed 001 "Advanced Combat Rules", the damage categories:

* "Sonic damage ... may cause temporary or permanent deafness to creatures up close"
  (``sonic-deafens``, reading A208): a creature dealt sonic damage by an attack from
  within :data:`DEAFEN_RANGE_FT` makes a Fortitude save, DC 10 + half the sonic damage
  rolled (the SRD's DC for an effect that scales with the damage, as Concentration's
  "10 + damage dealt" halved), or is deafened for 2d6 rounds (the SRD spell "Shout":
  "deafened for 2d6 rounds"); permanent deafness is not modelled;
* "Electric damage ... can be conducted through metal or water ... when lightning
  strikes water, the current is discharged across the water's surface, dealing damage
  to anything floating or swimming on the water" (``electricity-conducts``, reading
  A207): the electricity of a hit on a creature in the water reaches every other
  creature in the same body of water within :data:`CONDUCT_RANGE_FT` of it;
* "Acid attacks ... often also ruin or damage metal equipment. Normally a successful
  Reflex save prevents damage to equipment" (``acid-corrodes``, reading A209): a
  Reflex save, DC 10 + half the acid damage rolled, or each metal item in the
  creature's hands (hardness :data:`METAL_HARDNESS` or more) takes the acid damage as
  an object (:func:`d20combat.rules.objects.damage_to_object`: the ruleset's share of
  energy damage, half in srd35 and advanced), its hardness not subtracted: acid eats
  metal (without that, no acid roll would ever pass a steel blade's hardness 10).

* "Fire damage ... Flammable substances like oil automatically ignite when exposed to
  fire, causing additional fire damage ... An item in hand can normally be shielded
  from fire on a successful Reflex save" (``fire-ignites``, reading A214): a flask of a
  fire splash weapon (alchemist's fire) in the hand of a creature dealt fire damage is
  shielded by a Reflex save, DC 10 + half the fire rolled (:func:`acid_save_dc`'s
  number), else it ignites and its fire burns its holder; stowed flasks are "safely
  bundled away".

And in every ruleset, what reaches an incorporeal creature (:func:`incorporeal_parts`):
SRD types-subtypes-and-special-abilities.html "Incorporeal Subtype": "It is immune to
all nonmagical attack forms. Even when hit by spells or magic weapons, it has a 50%
chance to ignore any damage from a corporeal source (except for positive energy,
negative energy, force effects such as magic missile, or attacks made with ghost touch
weapons)"; seed 001 "Force damage ... extends into the ethereal plane, making it
effective against ghosts and other ethereal creatures" (reading A213: force, positive
and negative energy are magical, and no chance spares the creature from them).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from d20combat.content.damage import DamageType
from d20combat.rules.damage import DamagePart, Reduction
from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.hitpoints import p_save, saving_throw

__all__ = [
    "CONDUCT_RANGE_FT",
    "DEAFEN_DICE",
    "DEAFEN_RANGE_FT",
    "METAL_HARDNESS",
    "Deafening",
    "acid_save_dc",
    "deafening",
    "deafening_dc",
    "incorporeal_parts",
    "p_deafened",
]

#: "Creatures up close" (A208): within this many feet of the sonic attack's source.
DEAFEN_RANGE_FT = 10
#: How long the deafness lasts, in rounds (A208; SRD spell "Shout").
DEAFEN_DICE = Dice.parse("2d6")
#: How far the current runs across the water from the creature struck (A207).
CONDUCT_RANGE_FT = 30
#: An item is metal when its hardness is at least iron's or steel's (seed 000 Table:
#: Substance Hardness and Hit Points: iron 10; wood 5, stone 8; A209).
METAL_HARDNESS = 10


def deafening_dc(sonic: int) -> int:
    """The Fortitude DC against deafness from ``sonic`` points of sonic damage (A208)."""
    return 10 + sonic // 2


def acid_save_dc(acid: int) -> int:
    """The Reflex DC that keeps equipment safe from ``acid`` points of acid (A209)."""
    return 10 + acid // 2


class Deafening(NamedTuple):
    """The save against deafness: its DC, whether it succeeded, and the rounds deafened
    (0 on a success)."""

    dc: int
    saved: bool
    rounds: int


def p_deafened(sonic: int, fort: int) -> Fraction:
    """The chance that ``sonic`` damage up close deafens a creature of Fortitude ``fort``
    (:func:`deafening`, exact)."""
    return 1 - p_save(fort, deafening_dc(sonic))


def deafening(dice: DiceSource, sonic: int, fort: int) -> Deafening:
    """The Fortitude save of a creature dealt ``sonic`` damage up close (A208), and on a
    failure the 2d6 rounds of deafness."""
    dc = deafening_dc(sonic)
    saved, _ = saving_throw(dice, fort, dc, f"Fortitude against deafness (DC {dc})")
    if saved:
        return Deafening(dc, True, 0)
    return Deafening(dc, False, dice.roll(DEAFEN_DICE, "rounds deafened"))


#: What reaches an incorporeal creature whatever the chance (A213; SRD "Incorporeal
#: Subtype": "except for positive energy, negative energy, force effects").
SURE_TYPES = frozenset({DamageType.FORCE, DamageType.POSITIVE, DamageType.NEGATIVE})
GHOST_TOUCH = "ghost touch"
#: The chance an incorporeal creature ignores a magic blow's damage, in percent.
INCORPOREAL_IGNORE_PERCENT = 50


def _magical(part: DamagePart) -> bool:
    """A magic weapon's (an enhancement bonus, or a ``magic`` or ghost touch quality)
    or a magical energy's (force, positive, negative energy: A213)."""
    return (
        part.enhancement > 0
        or "magic" in part.qualities
        or GHOST_TOUCH in part.qualities
        or part.types[0] in SURE_TYPES
    )


def incorporeal_parts(
    dice: DiceSource, parts: list[DamagePart]
) -> tuple[list[DamagePart], tuple[Reduction, ...]]:
    """The parts of a corporeal source's hit that reach an incorporeal creature, and
    notes of the rest (module docstring): nonmagical parts never; magical ones but
    force, positive and negative energy and a ghost touch weapon's only if a d% roll
    (one for the hit) comes above 50."""
    kept: list[DamagePart] = []
    notes: list[Reduction] = []
    chancy: list[DamagePart] = []
    for p in parts:
        if not _magical(p):
            notes.append(Reduction("immunity", p.amount, "incorporeal: nonmagical"))
        elif p.types[0] in SURE_TYPES or GHOST_TOUCH in p.qualities:
            kept.append(p)
        else:
            chancy.append(p)
    if chancy:
        ignored, _ = dice.classify(
            Dice.of(1, 100),
            f"incorporeal: {INCORPOREAL_IGNORE_PERCENT}% to ignore the damage",
            lambda r: r <= INCORPOREAL_IGNORE_PERCENT,
        )
        if ignored:
            amount = sum(p.amount for p in chancy)
            notes.append(Reduction("immunity", amount, "incorporeal: 50% chance, ignored"))
        else:
            kept.extend(chancy)
    return kept, tuple(notes)
