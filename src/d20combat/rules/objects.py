"""Damage to objects, and breaking them (seed 000 "Attack An Object", "Breaking Items";
seed 004 "Energy Attacks", "Breaking Objects"; seed 001 "Attacking held items and
objects").

The tables (object AC by size, hardness and hit points, break DCs) are content
(:mod:`d20combat.content.objects`); what a blow does to an object is here:

* weapon damage is rolled normally (:func:`d20combat.rules.attack.roll_damage`), but
  objects are immune to critical hits and to nonlethal damage (seed 000 "Immunities";
  seed 004 "Immunities");
* a ranged weapon deals half (seed 000 "Ranged Weapon Damage"), energy the ruleset's
  fractions (``object_half_damage_energy``, ``object_quarter_damage_energy``: seed 000
  halves acid, fire and lightning; seed 004 only electricity and fire; both quarter
  cold), each divided before hardness;
* hardness comes off each blow; only the rest is lost from the object's hit points
  ("Hardness"); at 0 hit points it is ruined ("Hit Points");
* a held object's AC (:func:`held_item_ac`): seed 000, 10 + its size modifier + the
  holder's Dexterity modifier and deflection bonus, +5 in hand; seed 001
  (``held_object_ac: touch-plus-4``), the holder's touch AC + 4;
* seed 001 (``fragile_objects_break``): a small fragile item breaks on any hit;
* a break is a Strength check against the item's break DC, 2 less once it has lost half
  its hit points or more ("Breaking Items").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.objects import object_size_ac_modifier
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.checks import check
from d20combat.rules.damage import DamagePart
from d20combat.rules.dice import DiceSource
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Attack An Object"
BREAK_RULE = "seed 000 Breaking Items; seed 004 Breaking Objects"


class ObjectDamage(NamedTuple):
    """A blow against an object: what the parts came to before hardness (``dealt``),
    what got through (``damage``), why the rest did not (``notes``), and whether it
    shattered (a fragile item, seed 001)."""

    dealt: int
    damage: int
    notes: tuple[str, ...]
    shattered: bool = False


def held_item_ac(
    holder: Statistics, size: Size, rules: Ruleset, *, flat_footed: bool = False
) -> Total:
    """The AC of an object in a creature's hand: seed 000 "Attack An Object" (held
    objects use the creature's Dexterity modifier and magic deflection bonus, +5 in the
    hand: 10 + size + those), or seed 001 "Attacking a handheld item" (the holder's
    touch AC + 4). A flat-footed holder lends it no Dexterity bonus (a reading: A34)."""
    if rules.held_object_ac == "touch-plus-4":
        touch = holder.armor_class(touch=True, flat_footed=flat_footed)
        return touch.plus(Modifier(4, BonusType.UNTYPED, "small item in hand (seed 001)"))
    dex = holder.mod(Ability.DEX)
    if flat_footed:
        dex = min(0, dex)
    deflection = max(
        (m.value for m in holder.ac.counted() if m.type is BonusType.DEFLECTION), default=0
    )
    mods = [
        Modifier(10, BonusType.BASE, "object"),
        Modifier(object_size_ac_modifier(size), BonusType.SIZE, f"{size.label} object"),
        Modifier(dex, BonusType.ABILITY, "holder's Dex"),
        Modifier(5, BonusType.UNTYPED, "in hand"),
    ]
    if deflection:
        mods.append(Modifier(deflection, BonusType.DEFLECTION, "holder's deflection"))
    return stack(mods)


def _fraction(part: DamagePart, ranged: bool, rules: Ruleset) -> tuple[int, str | None]:
    """A part's amount against an object, and the note saying why it is less."""
    names = {t.value for t in part.types}
    if names and names <= set(rules.object_quarter_damage_energy):
        return part.amount // 4, f"{part.source}: one quarter ({'/'.join(sorted(names))})"
    if names and names <= set(rules.object_half_damage_energy):
        return part.amount // 2, f"{part.source}: half ({'/'.join(sorted(names))})"
    if ranged and part.physical:
        return part.amount // 2, f"{part.source}: half (ranged weapon)"
    return part.amount, None


def damage_to_object(
    parts: Sequence[DamagePart],
    hardness: int,
    rules: Ruleset,
    *,
    ranged: bool = False,
    nonlethal: bool = False,
    fragile: bool = False,
) -> ObjectDamage:
    """The hit points an object loses to one blow of ``parts``: each part divided as
    the module docstring says (rounded down), added up, less ``hardness``. A ``fragile``
    item (a potion, a scroll) breaks on any hit where the ruleset says so (seed 001:
    ``shattered``).

    >>> from d20combat.content.rulesets import ruleset
    >>> from d20combat.content.damage import DamageType
    >>> axe = DamagePart(10, (DamageType.SLASHING,), "greataxe")
    >>> damage_to_object([axe], 5, ruleset()).damage  # seed 000's chest: 10 - 5
    5
    >>> fire = DamagePart(6, (DamageType.FIRE,), "flaming")
    >>> damage_to_object([axe, fire], 5, ruleset()).damage  # 10 + 6/2 - 5
    8
    """
    if fragile and rules.fragile_objects_break:
        dealt = sum(p.amount for p in parts)
        return ObjectDamage(dealt, dealt, ("a small fragile item breaks on a hit",), True)
    if nonlethal:
        dealt = sum(p.amount for p in parts)
        return ObjectDamage(dealt, 0, ("objects are immune to nonlethal damage",))
    total = 0
    notes = []
    for part in parts:
        amount, note = _fraction(part, ranged, rules)
        total += amount
        if note:
            notes.append(note)
    damage = max(0, total - hardness)
    if hardness:
        notes.append(f"hardness {hardness}: -{min(total, hardness)}")
    return ObjectDamage(total, damage, tuple(notes))


def break_dc(base: int, hp: int, max_hp: int) -> int:
    """An object's break DC: 2 less once it has lost half its hit points or more
    (seed 000 "Breaking Items"; seed 004 "Breaking Objects").

    >>> break_dc(13, 10, 10), break_dc(13, 5, 10)
    (13, 11)
    """
    return base - 2 if max_hp - hp >= (max_hp + 1) // 2 else base


def break_check(dice: DiceSource, strength: Total, dc: int, purpose: str) -> tuple[bool, int]:
    """A Strength check against a break DC: (broken, the check's total)."""
    total = check(dice, strength, purpose)
    return total >= dc, total
