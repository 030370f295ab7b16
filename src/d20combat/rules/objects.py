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
  its hit points or more ("Breaking Items");
* repairs (:func:`repair`, seed 004 "Repairing Objects"): an hour's work, then a Repair
  check DC 20 (-4 without tools) restores 2d6 hit points, hour after hour until none
  are missing;
* saving throws (:func:`object_save_bonus`, :func:`object_save`; seed 000 "Saving
  Throws", seed 004 "Saving Throws"): a nonmagical, unattended item never saves (it
  always fails); an attended one saves as the character would; a magic item's save
  bonuses are 2 + half its caster level, and attended it uses the better of its own
  and its owner's.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.objects import object_size_ac_modifier
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.checks import check
from d20combat.rules.damage import DamagePart
from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.hitpoints import p_save, saving_throw
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Attack An Object"
REPAIR_RULE = "seed 004 Repairing Objects"
SAVE_RULE = "seed 000 Saving Throws (items); seed 004 Saving Throws (objects)"
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
    immune_to: frozenset[str] = frozenset(),
    vulnerable_to: frozenset[str] = frozenset(),
) -> ObjectDamage:
    """The hit points an object loses to one blow of ``parts``: each part divided as
    the module docstring says (rounded down), added up, less ``hardness``. A ``fragile``
    item (a potion, a scroll) breaks on any hit where the ruleset says so (seed 001:
    ``shattered``). The game master's rulings on the object (its attack forms:
    :data:`d20combat.content.objects.ATTACK_FORMS`; reading A211): a blow whose form it
    is ``immune_to`` deals nothing (seed 000 "Ineffective Weapons", seed 004 likewise);
    one whose form it is ``vulnerable_to`` deals double, its hardness ignored (seed 000
    "Vulnerability to Certain Attacks": "especially successful"; the numbers are the
    full 3.5 SRD's).

    >>> from d20combat.content.rulesets import ruleset
    >>> from d20combat.content.damage import DamageType
    >>> axe = DamagePart(10, (DamageType.SLASHING,), "greataxe")
    >>> damage_to_object([axe], 5, ruleset()).damage  # seed 000's chest: 10 - 5
    5
    >>> fire = DamagePart(6, (DamageType.FIRE,), "flaming")
    >>> damage_to_object([axe, fire], 5, ruleset()).damage  # 10 + 6/2 - 5
    8
    """
    if immune_to and _matches(parts, ranged, immune_to, every=True):
        dealt = sum(p.amount for p in parts)
        return ObjectDamage(dealt, 0, ("ineffective against this object (the GM's ruling)",))
    if vulnerable_to and _matches(parts, ranged, vulnerable_to, every=False):
        dealt = 2 * sum(p.amount for p in parts)
        why = "especially successful against this object (the GM's ruling): double, no hardness"
        return ObjectDamage(dealt, dealt, (why,))
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


def _matches(
    parts: Sequence[DamagePart], ranged: bool, forms: frozenset[str], *, every: bool
) -> bool:
    """Whether a blow (``parts``, ``ranged`` or melee) has one of ``forms``: its way of
    being made, else its damage types (``every``: all of its parts' types must be
    named, so a flaming sword still burns a door immune to slashing)."""
    if ("ranged" if ranged else "melee") in forms:
        return True
    types = [t.value for p in parts for t in p.types]
    if not types:
        return False
    return all(t in forms for t in types) if every else any(t in forms for t in types)


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


#: Seed 004 "Repairing Objects": the Repair check's DC at the end of each hour, the
#: penalty without the appropriate tools, and the hit points a success restores.
REPAIR_DC = 20
NO_TOOLS_PENALTY = -4
REPAIR_DICE = Dice.parse("2d6")


class RepairOutcome(NamedTuple):
    """What the hours of work left: the object's hit points, the hours worked (the work
    stops once nothing is missing), and one note per hour."""

    hp: int
    hours: int
    notes: tuple[str, ...] = ()


def repair_skill(skill: Total, *, tools: bool = True) -> Total:
    """The Repair check's modifier: ``skill``, -4 without tools (seed 004)."""
    if tools:
        return skill
    return skill.plus(Modifier(NO_TOOLS_PENALTY, BonusType.UNTYPED, "no tools"))


def repair(
    hp: int, max_hp: int, hours: int, skill: Total, dice: DiceSource, *, tools: bool = True
) -> RepairOutcome:
    """``hours`` of repairs on an object at ``hp`` of ``max_hp`` hit points (seed 004
    "Repairing Objects": "Repairing damage to an object takes a full hour of work and
    appropriate tools. (Without the tools, a character takes a -4 penalty on his or her
    Repair check.) At the end of the hour, make a Repair check (DC 20). Success restores
    2d6 hit points. If damage remains, the character may continue to make repairs for as
    many hours as it takes"). A check: no automatic success or failure. The work stops
    when nothing is missing; never above ``max_hp``.

    >>> from d20combat.rules.dice import ScriptedDice
    >>> from d20combat.rules.modifiers import BonusType, Modifier, stack
    >>> repair(1, 5, 3, stack([Modifier(6, BonusType.BASE, "Repair")]), ScriptedDice([20, 7]))
    RepairOutcome(hp=5, hours=1, notes=('hour 1: Repair 20 vs DC 20: +4 hit points (2d6: 7)',))

    Raises:
        ValueError: for a ruined object (0 hit points: seed 000 "Hit Points": "When an
            object's hit points reach 0, it's ruined": nothing left to repair, reading
            A210), hit points outside 0..``max_hp``, or negative or more than
            ``MAX_REST_HOURS`` hours.
    """
    from d20combat.limits import MAX_REST_HOURS

    if not 0 < hp <= max_hp or not 0 <= hours <= MAX_REST_HOURS:
        what = "a ruined object" if hp == 0 else f"{hp} of {max_hp} hit points, {hours} hours"
        raise ValueError(f"cannot repair {what}")
    modifier = repair_skill(skill, tools=tools)
    notes = []
    worked = 0
    for hour in range(1, hours + 1):
        if hp >= max_hp:
            break
        worked = hour
        total = check(dice, modifier, f"Repair check (DC {REPAIR_DC}), hour {hour}")
        if total >= REPAIR_DC:
            rolled = dice.roll(REPAIR_DICE, "hit points repaired")
            gained = min(rolled, max_hp - hp)
            hp += gained
            notes.append(
                f"hour {hour}: Repair {total} vs DC {REPAIR_DC}: +{gained} hit points "
                f"(2d6: {rolled})"
            )
        else:
            notes.append(f"hour {hour}: Repair {total} vs DC {REPAIR_DC}: no progress")
    return RepairOutcome(hp, worked, tuple(notes))


def p_repair_hour(modifier: int, *, tools: bool = True) -> Fraction:
    """The chance one hour's Repair check succeeds (the d20 faces reaching DC 20 with
    ``modifier``, -4 without tools), closed form."""
    mod = modifier + (0 if tools else NO_TOOLS_PENALTY)
    return Fraction(sum(1 for face in range(1, 21) if face + mod >= REPAIR_DC), 20)


def magic_item_save(caster_level: int) -> int:
    """A magic item's Fortitude, Reflex and Will bonus: "2 + one-half its caster level"
    (seed 000 "Saving Throws"; rounded down, as every half in the SRD).

    Raises:
        ValueError: for a caster level below 1.
    """
    if caster_level < 1:
        raise ValueError(f"caster level {caster_level}")
    return 2 + caster_level // 2


def object_save_bonus(
    *, attended: int | None = None, caster_level: int | None = None
) -> int | None:
    """An object's bonus on one saving throw, or None when it never saves:

    * nonmagical and unattended: None ("Nonmagical, unattended items never make saving
      throws. They are considered to have failed": seed 000; seed 004 "Unattended
      objects never make saving throws");
    * ``attended`` (the bonus of the character grasping, touching or wearing it): that
      bonus ("receives a saving throw just as if the character herself were making the
      saving throw": both seeds);
    * magic (its ``caster_level``): :func:`magic_item_save`, and attended the better of
      that and the owner's ("Attended magic items either make saving throws as their
      owner or use their own saving throws, whichever are better": seed 000).
    """
    own = magic_item_save(caster_level) if caster_level is not None else None
    if attended is None:
        return own
    return attended if own is None else max(own, attended)


def object_save(dice: DiceSource, bonus: int | None, dc: int, purpose: str) -> bool:
    """An object's saving throw with :func:`object_save_bonus`'s ``bonus``: None fails
    without a roll; else a saving throw (a natural 20 succeeds, a 1 fails)."""
    if bonus is None:
        return False
    return saving_throw(dice, bonus, dc, purpose)[0]


def p_object_save(bonus: int | None, dc: int) -> Fraction:
    """The chance of :func:`object_save` succeeding (exact)."""
    return Fraction(0) if bonus is None else p_save(bonus, dc)
