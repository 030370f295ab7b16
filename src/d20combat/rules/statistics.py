"""Derived statistics: every number of a stat block, computed from its components.

:func:`derive` turns a :class:`~d20combat.content.creatures.StatBlock` into a
:class:`Statistics`: hit points, AC (normal, touch, flat-footed), initiative, saves,
grapple, speed in armor, armor check penalty, and every attack option with its
full-attack routine. Each number is a :class:`~d20combat.rules.modifiers.Total`
that carries its breakdown.

Sources, per number:
* AC: seed 003 "Armor Class" (10 + armor + shield + Dex + size + others), "Dodge
  Bonuses" (lost with Dex), "Touch Attacks" (no armor, shield or natural armor),
  "Flat-Footed" (no Dex bonus; uncanny dodge keeps it);
* attack bonus: seed 003 "Attack Bonus" (BAB + Str + size melee; BAB + Dex + size
  ranged); SRD combat-i "Attack Bonus" and "Full Attack" (iteratives at -5);
* damage: seed 003 "Damage" (Strength x1, x1/2 off hand, x1 1/2 two-handed but not
  light weapons; Str penalty but not bonus with non-composite bows);
* grapple: seed 000 "Grapple Checks" (BAB + Str + special size modifier);
  ``advanced``: seed 001 "Calculating your grapple bonus";
* initiative: seed 003 "Initiative Checks" (a Dexterity check);
* saves: seed 003 "Saving Throws" (base save + ability modifier);
* hit points: SRD monsters intro (average of the hit dice, rounded down, plus Con
  modifier per HD); constructs' size bonus (SRD types "Construct Type");
* speed in armor: SRD equipment "Armor Qualities", Table: Armor and Shields; run
  x4, x3 in heavy armor (SRD combat-i "Run").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from d20combat.content.creatures import (
    Ability,
    CreatureType,
    ExtraDamage,
    NaturalAttack,
    StatBlock,
    WeaponRef,
    WieldStyle,
    names_keyword,
)
from d20combat.content.damage import DamageType
from d20combat.content.equipment import (
    LIGHT_WHEN_THROWN,
    Armor,
    ArmorCategory,
    Handedness,
    Weapon,
    WeaponFlag,
    armor,
    weapon,
)
from d20combat.content.rulesets import Ruleset, ruleset
from d20combat.content.sizes import Size
from d20combat.errors import ContentError
from d20combat.rules.damage import (
    CONSTRUCT,
    FIRE_CREATURE,
    INCORPOREAL,
    MINDLESS,
    UNDEAD,
    UNHOLY,
    Defenses,
)
from d20combat.rules.dice import Dice
from d20combat.rules.feats import has_weapon_feat, static_modifiers, weapon_modifiers
from d20combat.rules.modifiers import BonusType, Modifier, Total, ability_modifier, stack

_MONK_UNARMED = re.compile(r"unarmed strike (\d+d\d+)")
# SRD types-subtypes-and-special-abilities.html: types immune to critical hits.
CRIT_IMMUNE_TYPES = frozenset(
    {
        CreatureType.CONSTRUCT,
        CreatureType.UNDEAD,
        CreatureType.OOZE,
        CreatureType.PLANT,
        CreatureType.ELEMENTAL,
    }
)
# SRD "Construct Type": bonus hit points by size.
CONSTRUCT_HP = {
    Size.SMALL: 10,
    Size.MEDIUM: 20,
    Size.LARGE: 30,
    Size.HUGE: 40,
    Size.GARGANTUAN: 60,
    Size.COLOSSAL: 80,
}
_ARMOR_TYPES = (BonusType.ARMOR, BonusType.SHIELD, BonusType.NATURAL_ARMOR)
SAVE_ABILITY = {"fort": Ability.CON, "ref": Ability.DEX, "will": Ability.WIS}


@dataclass(frozen=True)
class AttackOption:
    """One way to make a single attack: a weapon (one end) or a natural weapon.

    ``bonus`` is the attack bonus of the first attack; ``dice`` + ``damage_bonus``
    is the damage of one roll (both are rolled again on a critical hit); ``extra``
    is never multiplied.
    """

    name: str
    ranged: bool
    bonus: Total
    dice: Dice
    damage_bonus: Total
    crit_range: int = 20
    crit_multiplier: int = 2
    damage_types: tuple[DamageType, ...] = (DamageType.BLUDGEONING,)
    types_all: bool = False
    extra: tuple[ExtraDamage, ...] = ()
    touch: bool = False
    reach_ft: int = 5
    range_increment: int = 0
    max_range: int = 0
    nonlethal: bool = False
    enhancement: int = 0
    materials: tuple[str, ...] = ()
    aligned: tuple[str, ...] = ()
    light: bool = False
    two_handed: bool = False
    natural: bool = False
    primary: bool = True
    thrown: bool = False
    effects: tuple[str, ...] = ()
    weapon: Weapon | None = None
    item: str = ""  # the carried item this option uses ("" for natural weapons)
    either: bool = False  # lethal or nonlethal at will, no penalty (trained unarmed)
    back: int | None = 0  # a natural attack's modifier on a clinger to its back (None: none)

    @property
    def firearm(self) -> bool:
        """Whether it fires a firearm (seed 004 "Firearms")."""
        return self.weapon is not None and WeaponFlag.FIREARM in self.weapon.flags

    @property
    def longarm(self) -> bool:
        """Whether it fires a longarm (seed 004 "Firearms": -4 against adjacent foes)."""
        return self.weapon is not None and WeaponFlag.LONGARM in self.weapon.flags

    @property
    def autofire_only(self) -> bool:
        """Whether it has only an autofire setting (seed 004 "Autofire": machine guns
        "can't fire single shots")."""
        return self.weapon is not None and WeaponFlag.AUTOFIRE_ONLY in self.weapon.flags

    @property
    def critical_text(self) -> str:
        threat = "20" if self.crit_range == 20 else f"{self.crit_range}-20"
        return f"{threat}/x{self.crit_multiplier}"

    @property
    def damage_text(self) -> str:
        return str(self.dice.plus(self.damage_bonus.value))


@dataclass(frozen=True)
class Routine:
    """A full-attack routine: the attacks in order, each with its own bonus."""

    name: str
    attacks: tuple[tuple[AttackOption, Total], ...]
    two_weapon: bool = False  # an off-hand weapon too (its penalties chosen up front)

    @property
    def bonuses(self) -> tuple[int, ...]:
        return tuple(t.value for _, t in self.attacks)

    def with_extra_attack(self) -> Routine:
        """The routine with one more attack at its highest bonus, right after the first
        (SRD haste spell, reading A186; seed 001 "Haste spell": one additional primary
        attack)."""
        option, bonus = self.attacks[0]
        extra = bonus.plus(Modifier(0, BonusType.UNTYPED, "haste (extra attack)"))
        return Routine(
            self.name, (self.attacks[0], (option, extra), *self.attacks[1:]), self.two_weapon
        )


@dataclass(frozen=True)
class Statistics:
    """Everything derived from one stat block under one ruleset."""

    stat: StatBlock
    rules: Ruleset
    abilities: dict[Ability, int | None]
    hp: Total
    ac: Total
    touch: Total
    flat_footed: Total
    initiative: Total
    saves: dict[str, Total]
    grapple: Total
    bab: int
    speed: Total
    armor_check_penalty: int
    max_dex: int | None
    options: tuple[AttackOption, ...]
    routines: tuple[Routine, ...]
    space_ft: float
    reach_ft: int
    conditional: tuple[str, ...] = field(default=())

    def mod(self, ability: Ability) -> int:
        return ability_modifier(self.abilities.get(ability))

    def skill(self, name: str) -> Total:
        """A skill check's modifier: the stat block's total (published for a monster,
        computed for a build: :func:`d20combat.content.builds.skill_totals`), else the
        key ability's modifier, the skill used untrained (SRD skills chapter "Untrained
        Skill Checks"; Bluff and Sense Motive may be used untrained).

        Does not check that the skill may be used untrained.
        """
        from d20combat.content.builds import SKILLS

        key = name.strip().lower()
        label = key.title()
        total = self.stat.skills.get(key)
        if total is not None:
            return stack([Modifier(total, BonusType.BASE, f"{label} {total:+d}")])
        ability = SKILLS[key.split(" (")[0]].ability
        score = self.abilities.get(ability)
        shown = "-" if score is None else str(score)
        source = f"{ability.value.capitalize()} {shown} ({label} untrained)"
        return stack([Modifier(self.mod(ability), BonusType.ABILITY, source)])

    @cached_property
    def wielded_first(self) -> tuple[str, ...]:
        """What it holds at the start (:func:`initial_wielding`)."""
        return _wielded_first(self)

    @cached_property
    def unarmed(self) -> AttackOption | None:
        """The unarmed strike option, if the creature can deal damage with one."""
        return next((o for o in self.options if o.name == "unarmed strike"), None)

    @cached_property
    def grab(self) -> AttackOption | None:
        """The natural attack whose hit starts a free grapple (SRD special abilities
        "Improved Grab"), the first of them; its damage is what the creature's
        grapple deals (:attr:`hold_damage`)."""
        return next((o for o in self.options if o.natural and "improved grab" in o.effects), None)

    @cached_property
    def hold_damage(self) -> AttackOption | None:
        """What this creature's grapple damage is rolled with: the Improved Grab
        attack's ("each successful grapple check it makes during successive rounds
        automatically deals the damage indicated for the attack that established the
        hold", a reading for any hold), else the unarmed strike's (seed 000 "Damage Your
        Opponent")."""
        return self.grab or self.unarmed

    @cached_property
    def constrict(self) -> AttackOption | None:
        """The constrict damage (SRD special abilities "Constrict") as a damage-only
        option: the published dice (Strength included), its type and extra damage."""
        c = self.stat.constrict
        if c is None:
            return None
        return AttackOption(
            name="constrict",
            ranged=False,
            bonus=stack(()),
            dice=Dice.parse(c.damage),
            damage_bonus=stack(()),
            damage_types=c.damage_types,
            extra=c.extra,
            natural=True,
        )

    @cached_property
    def gullet(self) -> AttackOption | None:
        """What a creature this one swallowed takes each round (SRD special abilities
        "Swallow Whole"; its entry: "2d8+8 points of bludgeoning damage and 8 points of
        acid damage per round") as a damage-only option, or None."""
        sw = self.stat.swallow_whole
        if sw is None:
            return None
        return AttackOption(
            name="swallowed",
            ranged=False,
            bonus=stack(()),
            dice=Dice.parse(sw.damage),
            damage_bonus=stack(()),
            damage_types=sw.damage_types,
            extra=sw.extra,
            natural=True,
        )

    @cached_property
    def crit_immune(self) -> bool:
        return immune_to_criticals(self.stat)

    def armor_class(
        self, *, touch: bool = False, flat_footed: bool = False, dex_lost: bool = False
    ) -> Total:
        """AC against an attack: normal, touch, flat-footed, or touch and flat-footed
        (the stat block's flat-footed AC: uncanny dodge keeps the Dexterity bonus).
        ``dex_lost``: the creature loses its Dexterity bonus and dodge bonuses whatever
        its features (the caller has weighed uncanny dodge: seed 002 "Conditions that
        Allow Sneak Attacks"; a blinded or feinted creature with uncanny dodge loses
        them too)."""
        if dex_lost:
            base = self.touch if touch else self.ac
            return stack(
                m
                for m in base.counted()
                if not (m.type is BonusType.ABILITY and m.value > 0)
                and m.type is not BonusType.DODGE
            )
        if not touch:
            return self.flat_footed if flat_footed else self.ac
        if not flat_footed:
            return self.touch
        return stack(m for m in self.flat_footed.counted() if m.type not in _ARMOR_TYPES)

    @cached_property
    def defenses(self) -> Defenses:
        """DR and energy traits; constructs and undead are immune to nonlethal damage
        (SRD types "Construct Type", "Undead Type"). Its kinds for seed 001's damage
        types: undead, construct, mindless (no Intelligence score: SRD "Abilities",
        "Nonabilities"), unholy (evil alignment or subtype), fire (subtype); incorporeal
        (subtype: SRD types "Incorporeal Subtype")."""
        s = self.stat
        nonlethal_immune = s.type in (CreatureType.CONSTRUCT, CreatureType.UNDEAD) or any(
            "nonlethal" in i.lower() for i in s.immunities
        )
        subtypes = {t.lower() for t in s.subtypes}
        kinds = {
            UNDEAD: s.type is CreatureType.UNDEAD,
            CONSTRUCT: s.type is CreatureType.CONSTRUCT,
            MINDLESS: Ability.INT in s.abilities and s.abilities[Ability.INT] is None,
            UNHOLY: "evil" in subtypes or "evil" in (s.alignment or "").lower(),
            FIRE_CREATURE: "fire" in subtypes,
            INCORPOREAL: "incorporeal" in subtypes,
        }
        return Defenses(
            s.dr,
            s.resist,
            s.immune,
            s.vulnerable,
            nonlethal_immune,
            frozenset(k for k, on in kinds.items() if on),
        )

    def option(self, name: str) -> AttackOption:
        """The attack option called ``name`` (case-insensitive)."""
        key = name.lower()
        for o in self.options:
            if o.name.lower() == key or (o.weapon is not None and o.weapon.name == key):
                return o
        known = ", ".join(o.name for o in self.options)
        raise ContentError(
            f"{self.stat.name} has no attack {name!r}", field="attack", expected=f"one of {known}"
        )

    def routine(self, name: str | None = None) -> Routine:
        """A full-attack routine by name; the first one (the stat block's main) by default."""
        if not self.routines:
            unarmed = self.unarmed
            if unarmed is None:
                raise ContentError(
                    f"{self.stat.name} has no attack",
                    field="attacks",
                    expected="a weapon or a natural attack",
                )
            return Routine("unarmed strike", ((unarmed, unarmed.bonus),))
        if name is None:
            return self.routines[0]
        key = name.lower()
        for r in self.routines:
            if r.name.lower() == key or r.name.lower().startswith(key):
                return r
        known = ", ".join(r.name for r in self.routines)
        raise ContentError(
            f"{self.stat.name} has no attack routine {name!r}",
            field="routine",
            expected=f"one of {known}",
        )


def initial_wielding(stats: Statistics) -> tuple[str, ...]:
    """What a creature holds at the start: the weapons of its first weapon routine, or
    of its two-weapon routine if it has one (both weapons in hand).

    A creature whose routines are all natural attacks holds nothing.
    """
    return stats.wielded_first


def _wielded_first(stats: Statistics) -> tuple[str, ...]:
    best: tuple[str, ...] = ()
    for routine in stats.routines:
        names = tuple(dict.fromkeys(o.item for o, _ in routine.attacks if not o.natural))
        if len(names) > len(best):
            best = names
    return best


def immune_to_criticals(stat: StatBlock) -> bool:
    """Constructs, undead, oozes, plants and elementals, or a listed immunity (SRD types)."""
    return stat.type in CRIT_IMMUNE_TYPES or any("critical" in i.lower() for i in stat.immunities)


def _gear_mods(stat: StatBlock, *stats: str) -> list[Modifier]:
    return [
        Modifier(m.value, m.type, m.source, m.scope)
        for m in stat.modifiers
        if m.stat in stats and m.condition is None
    ]


def effective_abilities(stat: StatBlock) -> dict[Ability, int | None]:
    """Ability scores after unconditional ability modifiers (enhancement, enlargement ...)."""
    out: dict[Ability, int | None] = {}
    for a in Ability:
        base = stat.abilities.get(a)
        mods = _gear_mods(stat, a.value)
        out[a] = None if base is None else base + stack(mods).value
    return out


def _ability_mod(abilities: dict[Ability, int | None], a: Ability, source: str = "") -> Modifier:
    score = abilities.get(a)
    label = a.value.capitalize()
    shown = "-" if score is None else str(score)
    return Modifier(ability_modifier(score), BonusType.ABILITY, source or f"{label} {shown}")


def _hit_points(stat: StatBlock, abilities: dict[Ability, int | None]) -> Total:
    parts: list[Modifier] = []
    average = Fraction(0)
    for hd in stat.hit_dice:
        average += Fraction(hd.count) * Fraction(hd.die + 1, 2)
    dice_text = " + ".join(
        f"{_fmt_count(hd.count)}d{hd.die}" + (f" ({hd.source})" if hd.source else "")
        for hd in stat.hit_dice
    )
    parts.append(Modifier(math.floor(average), BonusType.BASE, f"average of {dice_text}"))
    hd_count = max(1, math.floor(stat.hd_total))
    con = abilities.get(Ability.CON)
    if con is not None and ability_modifier(con):
        parts.append(
            Modifier(
                ability_modifier(con) * hd_count, BonusType.ABILITY, f"Con {con} x {hd_count} HD"
            )
        )
    if stat.type is CreatureType.CONSTRUCT and stat.size in CONSTRUCT_HP:
        parts.append(Modifier(CONSTRUCT_HP[stat.size], BonusType.UNTYPED, "construct size bonus"))
    parts.extend(static_modifiers(stat.feats, "hp"))
    parts.extend(_gear_mods(stat, "hp"))
    if stat.hp_bonus:
        parts.append(Modifier(stat.hp_bonus, BonusType.UNTYPED, "hit point policy"))
    total = stack(parts)
    floor = hd_count  # at least 1 hit point per Hit Die
    if total.value < floor:
        return total.plus(Modifier(floor - total.value, BonusType.UNTYPED, "minimum 1 per HD"))
    return total


def _fmt_count(count: float) -> str:
    f = Fraction(count).limit_denominator(8)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _worn(stat: StatBlock) -> tuple[Armor | None, Armor | None]:
    return (
        armor(stat.armor.armor) if stat.armor else None,
        armor(stat.shield.armor) if stat.shield else None,
    )


def _armor_class(
    stat: StatBlock, abilities: dict[Ability, int | None], body: Armor | None, shield: Armor | None
) -> tuple[Total, Total, Total, int | None]:
    mods: list[Modifier] = [Modifier(10, BonusType.BASE, "base")]
    if body is not None and stat.armor is not None:
        mods.append(
            Modifier(body.bonus + stat.armor.enhancement, BonusType.ARMOR, stat.armor.display)
        )
    if shield is not None and stat.shield is not None:
        mods.append(
            Modifier(shield.bonus + stat.shield.enhancement, BonusType.SHIELD, stat.shield.display)
        )
    caps = [a.max_dex for a in (body, shield) if a is not None and a.max_dex is not None]
    max_dex = min(caps) if caps else None
    dex = ability_modifier(abilities.get(Ability.DEX))
    dex_score = abilities.get(Ability.DEX)
    if max_dex is not None and dex > max_dex:
        dex_mod = Modifier(max_dex, BonusType.ABILITY, f"Dex {dex_score}, capped at +{max_dex}")
    else:
        dex_mod = Modifier(dex, BonusType.ABILITY, f"Dex {dex_score if dex_score else '-'}")
    mods.append(dex_mod)
    mods.append(Modifier(stat.size.attack_modifier, BonusType.SIZE, stat.size.label))
    if stat.natural_armor:
        mods.append(Modifier(stat.natural_armor, BonusType.NATURAL_ARMOR, "natural armor"))
    mods.extend(static_modifiers(stat.feats, "ac"))
    mods.extend(_gear_mods(stat, "ac"))
    if "incorporeal" in (t.lower() for t in stat.subtypes):
        # SRD types "Incorporeal Subtype": deflection equal to the Cha bonus, at least +1.
        cha = ability_modifier(abilities.get(Ability.CHA))
        mods.append(Modifier(max(1, cha), BonusType.DEFLECTION, "incorporeal (Cha)"))
    full = stack(mods)
    touch = stack(m for m in mods if m.type not in _ARMOR_TYPES)
    keeps_dex = stat.has_quality("uncanny dodge") or stat.has_quality("improved uncanny dodge")
    if keeps_dex:
        flat = full
    else:
        flat = stack(
            m for m in mods if not (m is dex_mod and m.value > 0) and m.type is not BonusType.DODGE
        )
    return full, touch, flat, max_dex


def _speed(stat: StatBlock, body: Armor | None) -> Total:
    """The land speed: speed modifiers first, then the reduction of medium or heavy armor
    or a medium or heavy load (SRD barbarian "Fast Movement": "Apply this bonus before
    modifying the barbarian's speed because of any load carried or armor worn";
    srd-movement-04, D84; seed 004 "Tactical Movement": encumbrance, A170)."""
    base = stat.speed.land
    mods = [Modifier(base, BonusType.BASE, "base land speed"), *_gear_mods(stat, "speed")]
    heavy_or_medium = body is not None and body.category in (
        ArmorCategory.MEDIUM,
        ArmorCategory.HEAVY,
    )
    if slowed_by_gear(stat):
        # a medium or heavy load slows as medium armor does, never twice (A170)
        why = f"{body.name} armor" if heavy_or_medium and body else f"{stat.load} load"
        before = stack(mods).value
        reduced = armored_speed(before)
        if reduced != before:
            mods.append(Modifier(reduced - before, BonusType.UNTYPED, why))
    return stack(mods)


def slowed_by_gear(stat: StatBlock) -> bool:
    """Whether medium or heavy armor or a medium or heavy load reduces the creature's
    speed (:func:`_speed`; SRD skills "Tumble": "You can't use this skill if your speed
    has been reduced by carrying a medium or heavy load or wearing medium or heavy
    armor")."""
    body = armor(stat.armor.armor) if stat.armor else None
    heavy_or_medium = body is not None and body.category in (
        ArmorCategory.MEDIUM,
        ArmorCategory.HEAVY,
    )
    slowed = heavy_or_medium or stat.load != "light"
    return slowed and not stat.has_quality("armor does not reduce speed")


def armored_speed(base: int) -> int:
    """Speed in medium or heavy armor: two thirds, rounded up to 5 ft.

    Reproduces the SRD armor table (30 -> 20, 20 -> 15) and the SRD monster blocks
    (ogre: base 40, 30 in hide armor).

    >>> [armored_speed(s) for s in (20, 30, 40, 50, 60)]
    [15, 20, 30, 35, 40]
    """
    return 5 * math.ceil(Fraction(base * 2, 3) / 5)


def _grapple(stat: StatBlock, abilities: dict[Ability, int | None], rules: Ruleset) -> Total:
    mods = [
        Modifier(stat.bab, BonusType.BASE_ATTACK, "base attack bonus"),
        _ability_mod(abilities, Ability.STR),
    ]
    if rules.grapple_size == "special":
        mods.append(
            Modifier(stat.size.grapple_modifier, BonusType.SIZE, f"{stat.size.label} (grapple)")
        )
    else:
        mods.append(
            Modifier(
                stat.size.reversed_attack_modifier,
                BonusType.SIZE,
                f"{stat.size.label} (grapple, reversed)",
            )
        )
    if rules.grapple_base == "melee-attack":
        mods.extend(_gear_mods(stat, "attack", "melee"))
    mods.extend(static_modifiers(stat.feats, "grapple"))
    mods.extend(_gear_mods(stat, "grapple"))
    return stack(mods)


def _saves(stat: StatBlock, abilities: dict[Ability, int | None]) -> dict[str, Total]:
    out = {}
    for name, ability in SAVE_ABILITY.items():
        mods = [
            Modifier(getattr(stat.base_saves, name), BonusType.BASE, f"base {name}"),
            _ability_mod(abilities, ability),
        ]
        mods.extend(static_modifiers(stat.feats, name))
        mods.extend(_gear_mods(stat, name, "saves"))
        out[name] = stack(mods)
    return out


def iterative_bonuses(bab: int, rules: Ruleset) -> list[int]:
    """Base attack bonuses of a full attack.

    ``every-5`` (SRD combat-i "Attack Bonus"): one more attack at -5 for each 5
    points of BAB above 0, at most four. ``one-secondary`` (seed 001 "Base Attack
    Bonus"): a single secondary attack at -5 from BAB +6.

    >>> from d20combat.content.rulesets import ruleset
    >>> iterative_bonuses(16, ruleset("srd35")), iterative_bonuses(16, ruleset("advanced"))
    ([16, 11, 6, 1], [16, 11])
    """
    if rules.iteratives == "one-secondary":
        return [bab, bab - 5] if bab >= 6 else [bab]
    count = 1 if bab <= 0 else min(4, 1 + (bab - 1) // 5)
    return [bab - 5 * i for i in range(count)]


def two_weapon_penalties(off_light: bool, has_feat: bool) -> tuple[int, int]:
    """(primary hand, off hand) penalties: seed 000 Table: Two-Weapon Fighting Penalties.

    >>> [two_weapon_penalties(l, f) for l in (False, True) for f in (False, True)]
    [(-6, -10), (-4, -4), (-4, -8), (-2, -2)]
    """
    primary, off = -6, -10
    if off_light:
        primary, off = primary + 2, off + 2
    if has_feat:
        primary, off = primary + 2, off + 6
    return primary, off


class _Builder:
    """Builds attack options and routines for one stat block."""

    def __init__(
        self,
        stat: StatBlock,
        abilities: dict[Ability, int | None],
        rules: Ruleset,
        body: Armor | None,
        shield: Armor | None,
    ) -> None:
        self.stat = stat
        self.abilities = abilities
        self.rules = rules
        self.shield = shield
        self.body = body

    def str_mod(self) -> int:
        return ability_modifier(self.abilities.get(Ability.STR))

    def base_attack(self, ranged: bool, finesse: bool) -> list[Modifier]:
        stat = self.stat
        mods = [Modifier(stat.bab, BonusType.BASE_ATTACK, "base attack bonus")]
        str_m = _ability_mod(self.abilities, Ability.STR)
        dex_m = _ability_mod(self.abilities, Ability.DEX)
        if self.abilities.get(Ability.STR) is None:
            # SRD types "Nonabilities": no Strength score, Dex to attack instead.
            str_m = dex_m._replace(source=dex_m.source + " (no Strength score)")
        if ranged:
            mods.append(dex_m)
        elif finesse and stat.has_feat("weapon finesse") and dex_m.value > str_m.value:
            mods.append(dex_m._replace(source=dex_m.source + " (Weapon Finesse)"))
            if self.shield is not None and self.shield.check_penalty:
                # SRD feats "Weapon Finesse": a shield's armor check penalty applies.
                mods.append(
                    Modifier(
                        self.shield.check_penalty,
                        BonusType.UNTYPED,
                        f"{self.shield.name} (Weapon Finesse)",
                    )
                )
        else:
            mods.append(str_m)
        mods.append(Modifier(stat.size.attack_modifier, BonusType.SIZE, stat.size.label))
        mods.extend(_gear_mods(stat, "attack", "ranged" if ranged else "melee"))
        if self.shield is not None and self.shield.attack_penalty:
            mods.append(Modifier(self.shield.attack_penalty, BonusType.UNTYPED, self.shield.name))
        return mods

    def strength_damage(
        self, factor: Fraction, *, bow: bool, rating: int | None
    ) -> Modifier | None:
        s = self.str_mod()
        if bow:
            if s < 0:
                return Modifier(s, BonusType.ABILITY, "Str penalty (bow)")
            if rating is None:
                return None
            return Modifier(min(s, rating), BonusType.ABILITY, f"Str (composite +{rating})")
        value = math.floor(s * factor) if s > 0 else s
        label = {Fraction(3, 2): "Str x1 1/2", Fraction(1, 2): "Str x1/2"}.get(factor, "Str")
        return Modifier(value, BonusType.ABILITY, label) if value else None

    def weapon_option(
        self, ref: WeaponRef, style: WieldStyle, end: int = 0, *, off_hand: bool = False
    ) -> AttackOption | None:
        """One way to attack with ``ref``. ``end``: 0 the whole weapon; 1 or 2 one end of
        a double weapon fought with as two weapons (SRD combat-i "Double Weapons": the
        first end as a one-handed weapon, the other as a light off-hand one, its own
        damage, critical multiplier and damage types). ``off_hand``: thrown from the off
        hand (half the Strength bonus, as any off-hand weapon; a dart or shuriken counts
        as light: SRD combat-ii "Two-Weapon Fighting", "Thrown Weapons")."""
        stat = self.stat
        w = weapon(ref.weapon)
        size = ref.size or stat.size
        dice = w.damage_at(size, secondary=end == 2)
        trained = w.name == "unarmed strike" and stat.has_feat("improved unarmed strike")
        if w.name == "unarmed strike":
            monk = _MONK_UNARMED.search(" ".join(stat.special_attacks).lower())
            if monk:  # SRD monk "Unarmed Strike": the class's damage, lethal
                dice = Dice.parse(monk.group(1))
        if dice is None:
            return None
        ranged = w.is_ranged or style is WieldStyle.THROWN
        finesse = w.has(WeaponFlag.FINESSE) or w.is_light
        attack = self.base_attack(ranged, finesse)
        damage: list[Modifier] = []
        if ref.enhancement:
            attack.append(Modifier(ref.enhancement, BonusType.ENHANCEMENT, ref.display))
            damage.append(Modifier(ref.enhancement, BonusType.ENHANCEMENT, ref.display))
        elif ref.masterwork:
            attack.append(Modifier(1, BonusType.ENHANCEMENT, "masterwork"))
        if size != stat.size:
            steps = abs(size - stat.size)
            attack.append(Modifier(-2 * steps, BonusType.UNTYPED, "inappropriately sized weapon"))
        fa, fd = weapon_modifiers(stat.feats, w.name)
        attack += fa
        damage += fd
        damage.extend(_gear_mods(stat, "damage"))
        two_handed = (
            (style is WieldStyle.TWO_HANDS or w.handedness is Handedness.TWO_HANDED)
            and not w.is_light
            and not end
        )
        bow = w.has(WeaponFlag.PROJECTILE) and "bow" in w.name and "crossbow" not in w.name
        # a splash weapon's damage is the flask's, whoever throws it (SRD equipment
        # "Special Substances and Items": "A direct hit deals 1d6 points of acid damage")
        adds_str = (not w.has(WeaponFlag.PROJECTILE) or "sling" in w.name or bow) and not w.has(
            WeaponFlag.SPLASH
        )
        if adds_str:
            factor = Fraction(3, 2) if two_handed and not ranged else Fraction(1)
            if style is WieldStyle.OFF or off_hand:
                factor = Fraction(1, 2)
            sm = self.strength_damage(factor, bow=bow, rating=ref.str_rating)
            if sm is not None:
                damage.insert(0, sm)
        crit_range = w.critical_range
        if has_weapon_feat(stat.feats, "improved critical", w.name):
            crit_range = 21 - 2 * (21 - crit_range)
        increment = w.range_increment if ranged else 0
        thrown_melee = style is WieldStyle.THROWN and not w.is_ranged
        suffix = " (thrown)" if thrown_melee else ("", " (first end)", " (second end)")[end]
        if off_hand:
            suffix = " (thrown, off hand)"
        second = end == 2
        return AttackOption(
            name=ref.display + suffix,
            item=ref.display,
            ranged=ranged,
            bonus=stack(attack),
            dice=dice,
            damage_bonus=stack(damage),
            crit_range=crit_range,
            crit_multiplier=(second and w.critical_multiplier_secondary) or w.critical_multiplier,
            damage_types=(second and w.damage_types_secondary) or w.damage_types,
            types_all=w.damage_types_all,
            extra=ref.extra,
            reach_ft=self.reach(w),
            range_increment=increment,
            max_range=increment * w.max_range_increments,
            # SRD feats "Improved Unarmed Strike": lethal or nonlethal at its option
            nonlethal=w.has(WeaponFlag.NONLETHAL) and not trained,
            either=trained,
            enhancement=ref.enhancement,
            materials=ref.materials,
            aligned=ref.aligned,
            light=w.is_light
            or second
            or (ranged and w.name in LIGHT_WHEN_THROWN and (off_hand or style is WieldStyle.OFF)),
            two_handed=two_handed,
            thrown=style is WieldStyle.THROWN or (ranged and w.has(WeaponFlag.THROWN)),
            weapon=w,
        )

    def reach(self, w: Weapon | None) -> int:
        natural = natural_reach(self.stat)
        if w is not None and w.has(WeaponFlag.REACH):
            return 2 * max(natural, 5)
        return natural

    def natural_option(self, nat: NaturalAttack, sole: bool, with_weapons: bool) -> AttackOption:
        stat = self.stat
        attack = self.base_attack(False, nat.finesse or True)
        primary = nat.primary and not with_weapons
        if not primary:
            penalty = -2 if stat.has_feat("multiattack") else self.rules.secondary_attack_penalty
            source = "secondary natural attack" + (" (Multiattack)" if penalty == -2 else "")
            attack.append(Modifier(penalty, BonusType.UNTYPED, source))
        fa, fd = weapon_modifiers(stat.feats, nat.name)
        attack += fa
        # SRD monsters intro: a secondary attack adds 1/2 Str even when it is the only one.
        factor = Fraction(1, 2) if not primary else (Fraction(3, 2) if sole else Fraction(1))
        damage: list[Modifier] = []
        sm = self.strength_damage(factor, bow=False, rating=None)
        if sm is not None:
            damage.append(sm)
        damage += fd
        damage.extend(_gear_mods(stat, "damage"))
        return AttackOption(
            name=nat.name,
            ranged=False,
            bonus=stack(attack),
            dice=Dice.parse(nat.damage),
            damage_bonus=stack(damage),
            damage_types=nat.damage_types,
            extra=nat.extra,
            touch=nat.touch,
            reach_ft=nat.reach if nat.reach is not None else natural_reach(stat),
            natural=True,
            primary=primary,
            effects=nat.effects,
            back=nat.back,
        )

    def unarmed_option(self) -> AttackOption | None:
        """An unarmed strike, or None for creatures too small to deal damage with one
        (SRD Table: Tiny and Large Weapon Damage: a Tiny unarmed strike deals none)."""
        return self.weapon_option(WeaponRef(weapon="unarmed strike"), WieldStyle.MAIN)

    def build(self) -> tuple[tuple[AttackOption, ...], tuple[Routine, ...]]:
        stat = self.stat
        options: list[AttackOption] = []
        routines: list[Routine] = []
        iters = iterative_bonuses(stat.bab, self.rules)
        off_refs = [r for r in stat.weapons if r.wield is WieldStyle.OFF]
        main_refs = [r for r in stat.weapons if r.wield is not WieldStyle.OFF]
        twf = stat.has_feat("two-weapon fighting")
        for ref in main_refs:
            styles = [ref.wield]
            w = weapon(ref.weapon)
            if w.has(WeaponFlag.THROWN) and not w.is_ranged and ref.wield is not WieldStyle.THROWN:
                styles.append(WieldStyle.THROWN)
            for style in styles:
                opt = self.weapon_option(ref, style)
                if opt is None:
                    continue
                options.append(opt)
                attacks = [(opt, _iterative(opt.bonus, i)) for i in range(len(iters))]
                routines.append(
                    Routine(
                        opt.name,
                        tuple(attacks),
                    )
                )
        # SRD combat-i "Double Weapons": one can be fought with as two weapons, the
        # off-hand end counting as light (seed 004 "Double Weapons" too)
        for ref in main_refs:
            if ref.wield is WieldStyle.THROWN or not weapon(ref.weapon).has(WeaponFlag.DOUBLE):
                continue
            if off_refs or not (twf or self.rules.two_weapon == "table"):
                continue
            first = self.weapon_option(ref, WieldStyle.MAIN, end=1)
            other = self.weapon_option(ref, WieldStyle.OFF, end=2)
            if first is not None and other is not None:
                options.extend((first, other))
                routines.append(self._two_weapon(first, other, iters, twf))
        # seed 001: in ``advanced`` the off-hand attack needs the Two-Weapon Fighting feat.
        if off_refs and main_refs and (twf or self.rules.two_weapon == "table"):
            main = self.weapon_option(main_refs[0], WieldStyle.MAIN)
            # the same object as the main-hand option above: an encounter finds a ready
            # routine by the identity of its options (Combatant.routines_ready)
            main = next((o for o in options if o == main), main)
            off = self.weapon_option(off_refs[0], WieldStyle.OFF)
            if main is not None and off is not None:
                options.append(off)
                routines.append(self._two_weapon(main, off, iters, twf))
            # SRD combat-ii "Thrown Weapons": "The same rules apply when you throw a
            # weapon from each hand"
            thrown = next((o for o in options if o.item == main_refs[0].display and o.thrown), None)
            off_w = weapon(off_refs[0].weapon)  # a ranged one (darts) is thrown already
            if thrown is not None and off_w.has(WeaponFlag.THROWN) and not off_w.is_ranged:
                off_thrown = self.weapon_option(off_refs[0], WieldStyle.THROWN, off_hand=True)
                if off_thrown is not None:
                    options.append(off_thrown)
                    routines.append(self._two_weapon(thrown, off_thrown, iters, twf))
        groups: dict[int, list[NaturalAttack]] = {}
        for n in stat.natural_attacks:
            groups.setdefault(n.group, []).append(n)
        for _, naturals in sorted(groups.items()):
            # SRD monsters intro: a creature's only natural attack adds 1 1/2 x Str.
            sole = len(naturals) == 1 and naturals[0].count == 1
            nat_opts = [self.natural_option(n, sole, False) for n in naturals]
            options.extend(nat_opts)
            nat_attacks: list[tuple[AttackOption, Total]] = []
            for n, opt in zip(naturals, nat_opts, strict=True):
                nat_attacks.extend((opt, opt.bonus) for _ in range(n.count))
            name = "natural attacks" if len(groups) == 1 else " and ".join(n.name for n in naturals)
            routines.append(Routine(name, tuple(nat_attacks)))
        unarmed = self.unarmed_option()
        if unarmed is not None:
            options.append(unarmed)
            if unarmed.either:  # trained unarmed fighters (monks) full-attack unarmed
                attacks = [(unarmed, _iterative(unarmed.bonus, i)) for i in range(len(iters))]
                routines.append(Routine(unarmed.name, tuple(attacks)))
            flurry = self._flurry(unarmed, len(iters))
            if flurry is not None:
                routines.append(flurry)
        return tuple(options), tuple(routines)

    def _flurry(self, unarmed: AttackOption, iters: int) -> Routine | None:
        """A monk's flurry of blows, or None: unarmed strikes only, unarmored (reading
        A185). ``monk`` (SRD character-classes-i "Flurry of Blows"): one extra
        attack at the highest bonus, every attack at -2 (-1 from monk level 5, none from
        9), a second extra from 11; ``primary`` (seed 001 "Flurry of blows"): one
        additional primary attack."""
        stat = self.stat
        if stat.armor is not None or stat.shield is not None:
            return None
        if not any(names_keyword(s, "flurry of blows") for s in stat.special_attacks):
            return None
        level = sum(c.level for c in stat.classes if c.name.lower() == "monk")
        extra, penalty = 1, 0
        if self.rules.flurry == "monk":
            extra = 2 if level >= 11 else 1
            penalty = 0 if level >= 9 else -1 if level >= 5 else -2
        attacks = []
        for n, i in enumerate([0] * extra + list(range(iters))):
            t = _iterative(unarmed.bonus, i)
            if penalty:
                t = t.plus(Modifier(penalty, BonusType.UNTYPED, "flurry of blows"))
            if 0 < n <= extra:  # named in the log, even at no penalty
                t = t.plus(Modifier(0, BonusType.UNTYPED, "flurry of blows (extra attack)"))
            attacks.append((unarmed, t))
        return Routine("flurry of blows", tuple(attacks))

    def _two_weapon(
        self, main: AttackOption, off: AttackOption, iters: list[int], feat: bool
    ) -> Routine:
        stat = self.stat
        if self.rules.two_weapon == "primary-secondary":
            # seed 001: the extra attack is primary with a light weapon, else secondary.
            extra = 0 if off.light else self.rules.secondary_attack_penalty
            main_pen, off_pen = 0, extra
        else:
            main_pen, off_pen = two_weapon_penalties(off.light, feat)
        attacks = []
        for i in range(len(iters)):
            t = _iterative(main.bonus, i)
            if main_pen:
                t = t.plus(Modifier(main_pen, BonusType.UNTYPED, "two-weapon fighting"))
            attacks.append((main, t))
        off_count = 1
        if stat.has_feat("improved two-weapon fighting"):
            off_count = 2
        if stat.has_feat("greater two-weapon fighting"):
            off_count = 3
        for i in range(off_count):
            t = _iterative(off.bonus, i)
            if off_pen:
                t = t.plus(Modifier(off_pen, BonusType.UNTYPED, "two-weapon fighting (off hand)"))
            attacks.append((off, t))
        return Routine(f"{main.name} and {off.name}", tuple(attacks), two_weapon=True)


def _iterative(bonus: Total, index: int) -> Total:
    if index == 0:
        return bonus
    return bonus.plus(Modifier(-5 * index, BonusType.UNTYPED, f"iterative attack {index + 1}"))


def natural_reach(stat: StatBlock) -> int:
    """Natural reach: the stat block's own, else by size and body shape (seed 000)."""
    if stat.reach_ft is not None:
        return stat.reach_ft
    return stat.size.natural_reach(long=stat.long)


def space(stat: StatBlock) -> float:
    """Space in feet: the stat block's own, else by size (seed 000 Table: Creature Sizes)."""
    return stat.space_ft if stat.space_ft is not None else float(stat.size.space_ft)


def derive(stat: StatBlock, rules: Ruleset | None = None) -> Statistics:
    """Compute every derived number of ``stat`` under ``rules`` (default ``srd35``).

    Raises:
        ContentError: if the stat block names a weapon or armor the tables lack.
    """
    rules = rules or ruleset("srd35")
    abilities = effective_abilities(stat)
    body, shield = _worn(stat)
    ac, touch, flat, max_dex = _armor_class(stat, abilities, body, shield)
    # SRD types "Nonabilities": a creature with no Dexterity uses Int for initiative.
    init_ability = Ability.INT if abilities.get(Ability.DEX) is None else Ability.DEX
    init = stack(
        [
            _ability_mod(abilities, init_ability),
            *static_modifiers(stat.feats, "initiative"),
            *_gear_mods(stat, "initiative"),
        ]
    )
    acp = 0
    for piece, ref in ((body, stat.armor), (shield, stat.shield)):
        if piece is None or ref is None:
            continue
        # SRD equipment "Masterwork Armor": each masterwork piece's penalty lessens by 1.
        better = 1 if (ref.masterwork or ref.enhancement) and piece.check_penalty < 0 else 0
        acp += piece.check_penalty + better
    options, routines = _Builder(stat, abilities, rules, body, shield).build()
    conditional = tuple(
        f"{m.value:+d} {m.type.value} {m.stat} ({m.source}) {m.condition}"
        for m in stat.modifiers
        if m.condition is not None
    )
    if stat.has_feat("dodge"):
        # SRD feats "Dodge": +1 dodge bonus to AC against one designated opponent.
        conditional += ("+1 dodge ac (Dodge) against one designated opponent",)
    return Statistics(
        stat=stat,
        rules=rules,
        abilities=abilities,
        hp=_hit_points(stat, abilities),
        ac=ac,
        touch=touch,
        flat_footed=flat,
        initiative=init,
        saves=_saves(stat, abilities),
        grapple=_grapple(stat, abilities, rules),
        bab=stat.bab,
        speed=_speed(stat, body),
        armor_check_penalty=min(0, acp),
        max_dex=max_dex,
        options=options,
        routines=routines,
        space_ft=space(stat),
        reach_ft=natural_reach(stat),
        conditional=conditional,
    )


_BORROWED: dict[tuple[int, int, str], tuple[Statistics, Statistics, AttackOption | None]] = {}


def borrowed_option(user: Statistics, holder: Statistics, item: str) -> AttackOption | None:
    """``user``'s attack with ``holder``'s weapon ``item`` (seed 000 "Use Opponent's
    Weapon": a grappler attacks with its opponent's light weapon): the user's own
    attack bonus and Strength, the weapon's size, enhancement and make. None if the
    holder carries no such weapon (cached per pair of statistics)."""
    key = (id(user), id(holder), item)
    hit = _BORROWED.get(key)
    if hit is not None and hit[0] is user and hit[1] is holder:
        return hit[2]
    ref = next((r for r in holder.stat.weapons if r.display == item), None)
    option = None
    if ref is not None:
        ref = ref.model_copy(
            update={"size": ref.size or holder.stat.size, "wield": WieldStyle.MAIN}
        )
        body, shield = _worn(user.stat)
        builder = _Builder(user.stat, user.abilities, user.rules, body, shield)
        option = builder.weapon_option(ref, WieldStyle.MAIN)
    if len(_BORROWED) > 1024:
        _BORROWED.clear()
    _BORROWED[key] = (user, holder, option)
    return option
