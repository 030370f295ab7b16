"""Creature stat blocks: the immutable components a creature is built from.

A :class:`StatBlock` stores *components* only: ability scores, size, type, hit dice,
base attack bonus, base saves, speeds, natural armor, worn armor and shield, carried
weapons, natural attacks, feats, skills, damage reduction, energy traits and special
qualities. Every total a user sees (AC, touch and flat-footed AC, attack bonuses,
grapple, saves, initiative, hit points, speed in armor) is computed from these by
:mod:`d20combat.rules.statistics`, never stored.

Creature files are YAML; ``docs/creature-schema.md`` documents the fields and the
bundled files in ``content/data/creatures/`` are examples.
"""

from __future__ import annotations

import difflib
import re
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from d20combat.content.damage import DamageType
from d20combat.content.equipment import ArmorCategory, WeaponFlag, armor, weapon
from d20combat.content.feats import known_feat, split_feat
from d20combat.content.loading import Frozen
from d20combat.content.sizes import Size
from d20combat.errors import ContentError, Problem
from d20combat.limits import (
    MAX_ATTACK_COUNT,
    MAX_BAB,
    MAX_NAME_LENGTH,
    MAX_QUANTITY,
    MAX_REACH_FT,
    MAX_SPACE_FT,
    MAX_SPEED_FT,
)
from d20combat.rules.activities import ACTIVITIES
from d20combat.rules.dice import Dice
from d20combat.rules.modifiers import BonusType


class Ability(StrEnum):
    STR = "str"
    DEX = "dex"
    CON = "con"
    INT = "int"
    WIS = "wis"
    CHA = "cha"


class CreatureType(StrEnum):
    """The fifteen 3.5 SRD creature types (types-subtypes-and-special-abilities.html)."""

    ABERRATION = "aberration"
    ANIMAL = "animal"
    CONSTRUCT = "construct"
    DRAGON = "dragon"
    ELEMENTAL = "elemental"
    FEY = "fey"
    GIANT = "giant"
    HUMANOID = "humanoid"
    MAGICAL_BEAST = "magical beast"
    MONSTROUS_HUMANOID = "monstrous humanoid"
    OOZE = "ooze"
    OUTSIDER = "outsider"
    PLANT = "plant"
    UNDEAD = "undead"
    VERMIN = "vermin"


def _content_failure(problem: Problem) -> PydanticCustomError:
    """A content problem raised inside a validator: pydantic adds the field path; the
    message and what was expected are kept (``content`` errors quote their input)."""
    return PydanticCustomError("content", problem.message, {"expected": problem.expected or ""})


def _parse_size(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return Size.parse(value)
        except ContentError as exc:
            raise _content_failure(exc.problems[0]) from None
    return value


def _check_dice(value: str) -> str:
    Dice.parse(value)
    return value


DiceText = Annotated[str, AfterValidator(_check_dice)]
SizeName = Annotated[Size, BeforeValidator(_parse_size)]


def ability_scores(value: Any, *, nonabilities: bool) -> Any:
    """Ability scores keyed ``str``..``cha`` (``Strength`` and ``STR`` accepted), all six
    required; with ``nonabilities``, ``-`` or null marks a missing score (SRD types
    "Nonabilities").

    Raises:
        ValueError: naming the missing scores.
    """
    if not isinstance(value, dict):
        return value
    norm = {str(k).strip().lower()[:3]: v for k, v in value.items()}
    missing = [a.value for a in Ability if a.value not in norm]
    if missing:
        raise ValueError("missing ability scores: " + ", ".join(missing))
    if nonabilities:
        return {k: (None if v in ("-", "—", None) else v) for k, v in norm.items()}
    return norm


class HitDice(Frozen):
    """``count`` hit dice of ``die`` sides from one source (the type, or a class).

    ``count`` may be a fraction (``0.5`` for 1/2 HD, ``0.25`` for 1/4 HD).
    """

    count: float = Field(gt=0)
    die: int = Field(ge=2, le=20)
    source: str = ""


class Speeds(Frozen):
    """Base speeds by movement mode, in feet (unarmored)."""

    land: int = Field(default=30, ge=0, le=MAX_SPEED_FT)
    fly: int = Field(default=0, ge=0, le=MAX_SPEED_FT)
    fly_maneuverability: str | None = None
    swim: int = Field(default=0, ge=0, le=MAX_SPEED_FT)
    climb: int = Field(default=0, ge=0, le=MAX_SPEED_FT)
    burrow: int = Field(default=0, ge=0, le=MAX_SPEED_FT)


class Saves(Frozen):
    fort: int = 0
    ref: int = 0
    will: int = 0


class FeatRef(Frozen):
    """A feat, with its parameter where it has one: ``Weapon Focus (greatclub)``.

    The name must be an SRD feat (:mod:`d20combat.content.feats`); it is stored in the
    SRD's spelling (``power attack`` -> ``Power Attack``). The text form is accepted in
    YAML.
    """

    name: str
    param: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            name, param = split_feat(value)
            value = {"name": name, "param": param}
        if isinstance(value, dict) and isinstance(value.get("name"), str):
            param = value.get("param")
            try:
                name, param = known_feat(value["name"], param if isinstance(param, str) else None)
            except ContentError as exc:
                raise _content_failure(exc.problems[0]) from None
            return {**value, "name": name, "param": param}
        return value

    @property
    def key(self) -> str:
        return self.name.strip().lower()

    def __str__(self) -> str:
        return f"{self.name} ({self.param})" if self.param else self.name


class ExtraDamage(Frozen):
    """Damage added to a hit that is never multiplied on a critical (seed 003).

    ``dice`` is an expression, ``type`` its damage type (None: same as the weapon).
    """

    dice: DiceText
    type: DamageType | None = None
    source: str = ""


class NaturalAttack(Frozen):
    """A natural weapon as the stat block gives it, damage at the creature's size.

    ``primary`` attacks use the full attack bonus and full Strength; secondary ones
    take -5 (-2 with Multiattack) and half Strength (3.5 SRD, Monsters intro;
    seed 001 "Natural attacks"). ``back``: its attack modifier against a creature
    clinging to the creature's back (seed 001 "Attacks by the larger creature": "a lion
    would be unable to bite a creature on its back, and would suffer a penalty if
    attacking with its claws"); None: it cannot reach it; 0 (default): as normal.
    """

    name: str
    count: int = Field(default=1, ge=1, le=MAX_ATTACK_COUNT)
    damage: DiceText
    damage_types: tuple[DamageType, ...] = (DamageType.BLUDGEONING,)
    primary: bool = True
    touch: bool = False
    reach: int | None = Field(default=None, ge=0, le=MAX_REACH_FT)
    effects: tuple[str, ...] = ()
    extra: tuple[ExtraDamage, ...] = ()
    finesse: bool = False
    group: int = 0  # natural attacks in different groups are alternatives ("bite or tail")
    back: int | None = Field(default=0, ge=-20, le=0)  # on a clinger to its back


class Constrict(Frozen):
    """The constrict special attack (SRD special abilities "Constrict"): ``damage`` as
    the stat block publishes it (Strength included) dealt on each successful grapple
    check, with ``extra`` damage (a black pudding's acid)."""

    damage: DiceText
    damage_types: tuple[DamageType, ...] = (DamageType.BLUDGEONING,)
    extra: tuple[ExtraDamage, ...] = ()


def _pairs(value: Any) -> Any:
    """A mapping (``{Medium: 2, Small: 8}``, the YAML form) as its pairs."""
    return tuple(value.items()) if isinstance(value, dict) else value


class SwallowWhole(Frozen):
    """The swallow whole special attack (SRD special abilities "Swallow Whole"): a
    creature held by ``attack`` may be swallowed; inside it takes ``damage`` (and
    ``extra``) each round and may cut its way out by dealing ``cut_hp`` damage to an
    interior of ``ac`` (default 10 + half the natural armor) with a light slashing or
    piercing weapon. ``largest``: the largest size swallowed (default one category
    smaller than the creature). ``capacity``: how many creatures of each size its
    gullet holds, as the entry lists them ("A Huge tyrannosaurus's gizzard can hold 2
    Medium, 8 Small, 32 Tiny, or 128 Diminutive or smaller opponents"; the last size
    listed stands for the smaller ones too); empty: none is given (rules.maneuvers.
    swallow reads a default)."""

    attack: str = "bite"
    damage: DiceText
    damage_types: tuple[DamageType, ...] = (DamageType.BLUDGEONING,)
    extra: tuple[ExtraDamage, ...] = ()
    ac: int | None = Field(default=None, ge=0, le=100)
    cut_hp: int = Field(ge=1, le=10_000)
    largest: SizeName | None = None
    capacity: Annotated[
        tuple[tuple[SizeName, Annotated[int, Field(ge=1, le=100_000)]], ...],
        BeforeValidator(_pairs),
    ] = ()


# The special attacks a stat block may give with their numbers (SRD
# types-subtypes-and-special-abilities.html, each ability's entry; the creature's own
# "<Name> (Ex):" text gives its numbers). A kind the rules do not read yet is accepted
# and listed as not modelled (rules/modelled.py).
SPECIAL_ATTACK_KINDS: tuple[str, ...] = (
    "trip",  # a free trip after a hit with ``attacks`` (+``modifier`` check)
    "pounce",  # a full attack at the end of a charge
    "rake",  # ``count`` extra attacks at ``bonus``, ``damage`` (pounce, grapple)
    "trample",  # run over smaller foes: ``damage``, Reflex ``dc`` half
    "improved grab",  # a free grapple after a hit with ``attacks``
    "constrict",  # ``damage`` on a successful grapple check
    "swallow whole",  # swallow a grabbed foe
    "gaze",  # a save each round within ``range``: ``save`` DC ``dc`` or ``effect``
    "energy drain",  # ``count`` negative levels a hit with ``attacks``; ``dc``: the 24-hour save
    "ability drain",  # ``damage`` points of ``ability`` drained a hit; Fort ``dc`` negates
)

#: SRD types-subtypes-and-special-abilities.html "Gaze (Su)": the effects of a failed
#: save the rules apply (the creatures' "Turn to stone permanently", "Death",
#: "Paralysis for 1d6 rounds"), as the condition each gives.
GAZE_EFFECTS: tuple[str, ...] = ("petrified", "dead", "paralyzed")


def _special_kind(value: Any) -> Any:
    """A kind of :data:`SPECIAL_ATTACK_KINDS` (lower-case), the closest offered if not.

    Raises:
        PydanticCustomError: for an unknown kind.
    """
    if not isinstance(value, str):
        return value
    key = " ".join(value.strip().lower().split())
    if key not in SPECIAL_ATTACK_KINDS:
        close = difflib.get_close_matches(key, SPECIAL_ATTACK_KINDS, n=3)
        hint = "did you mean " + ", ".join(close) + "?" if close else ""
        raise PydanticCustomError(
            "content",
            f"unknown special attack kind {value!r}",
            {"expected": hint or "one of " + ", ".join(SPECIAL_ATTACK_KINDS)},
        )
    return key


def _activity_names(value: Any) -> Any:
    """``activities``: names of :data:`d20combat.rules.activities.ACTIVITIES` (lower-case),
    the closest offered for an unknown one.

    Raises:
        PydanticCustomError: for an unknown name.
    """
    if not isinstance(value, list | tuple):
        return value
    out = []
    for item in value:
        if not isinstance(item, str):
            return value  # pydantic refuses it as not a string
        key = item.strip().lower()
        if key not in ACTIVITIES:
            close = difflib.get_close_matches(key, ACTIVITIES, n=3)
            raise PydanticCustomError(
                "content",
                f"unknown activity {item!r}",
                {
                    "expected": "did you mean " + ", ".join(close) + "?"
                    if close
                    else "one of " + ", ".join(ACTIVITIES)
                },
            )
        out.append(key)
    return tuple(dict.fromkeys(out))


Activities = Annotated[tuple[str, ...], BeforeValidator(_activity_names)]


class SpecialAttack(Frozen):
    """A special attack with its numbers, as the creature's text gives them (SRD
    monsters-intro-a.html "Special Attacks"; the rules: SRD
    types-subtypes-and-special-abilities.html).

    ``kind`` one of :data:`SPECIAL_ATTACK_KINDS`; ``attacks`` the natural attacks whose
    hit sets it off (a trip's bite, an improved grab's); ``modifier`` a trip's check
    modifier ("+1 check modifier"); ``count``, ``bonus`` and ``damage`` the rake's
    attacks ("Attack bonus +7 melee, damage 1d4+2"; two when pouncing) or the damage of
    a trample or constriction; ``dc`` the Reflex save DC of a trample ("Reflex half DC
    19"); ``source`` where the numbers come from. A gaze (SRD "Gaze (Su)"): ``range``
    in feet, the ``save`` (fort or will) and its ``dc``, the ``effect`` of a failure
    (one of :data:`GAZE_EFFECTS`) and its ``duration`` in rounds (dice; none: lasting).
    An energy drain (SRD "Energy Drain and Negative Levels"): ``count`` negative levels a
    hit with ``attacks`` and the Fortitude ``dc`` to remove each after 24 hours. An
    ability drain (SRD "Ability Score Loss"): ``damage`` points of the ``ability`` a hit
    with ``attacks``, the Fortitude ``dc`` negating (none: no save).
    """

    kind: Annotated[str, BeforeValidator(_special_kind)]
    attacks: tuple[str, ...] = ()
    modifier: int | None = Field(default=None, ge=-50, le=100)
    count: int = Field(default=1, ge=1, le=MAX_ATTACK_COUNT)
    bonus: int | None = Field(default=None, ge=-50, le=100)
    damage: DiceText | None = None
    dc: int | None = Field(default=None, ge=0, le=100)
    range: int | None = Field(default=None, ge=5, le=1000)
    save: Literal["fort", "will"] | None = None
    effect: Literal["petrified", "dead", "paralyzed"] | None = None
    duration: DiceText | None = None
    ability: Literal["str", "dex", "con", "int", "wis", "cha"] | None = None
    source: str = ""

    @model_validator(mode="after")
    def _numbers(self) -> SpecialAttack:
        need = {
            "rake": ("bonus", "damage"),
            "trample": ("damage",),
            "gaze": ("range", "save", "dc", "effect"),
            "ability drain": ("ability", "damage"),
        }.get(self.kind, ())
        missing = [n for n in need if getattr(self, n) is None]
        if missing:
            raise PydanticCustomError(
                "content",
                f"{'an' if self.kind[0] in 'aeiou' else 'a'} {self.kind} needs its "
                f"{' and '.join(missing)}",
                {"expected": "the numbers of the creature's text"},
            )
        return self


class WieldStyle(StrEnum):
    """How a weapon is held for an attack sequence."""

    MAIN = "main"  # primary hand
    OFF = "off"  # off hand (two-weapon fighting)
    TWO_HANDS = "two-handed"  # both hands
    DOUBLE = "double"  # both ends of a double weapon
    THROWN = "thrown"
    CARRIED = "carried"  # sheathed / slung, drawn when needed


#: seed 004 "Firearms", "Autofire": the d20 Modern feats its firearm rules name (and
#: "Unarmed Attacks": Combat Martial Arts, which makes unarmed attacks armed).
FirearmFeat = Literal[
    "personal firearms proficiency",
    "advanced firearms proficiency",
    "burst fire",
    "combat martial arts",
    "improved damage threshold",
]


class WeaponRef(Frozen):
    """A weapon a creature carries: a row of the weapon table plus its specifics.

    ``size`` defaults to the wielder's size. ``materials`` and ``aligned`` name
    what damage reduction it overcomes beyond magic (cold iron, silver, adamantine;
    good, evil, lawful, chaotic). ``locked``: attached to a locked gauntlet (SRD
    equipment "Gauntlet, Locked": +10 on any roll to keep from being disarmed).
    ``secured``: how hard it is to snatch while carried, not held (seed 000 "Grabbing
    Items": ``poorly`` gives the grabber +4; ``well`` only from a pinned wearer).
    """

    weapon: str
    label: str | None = None
    enhancement: int = Field(default=0, ge=0, le=10)
    masterwork: bool = False
    size: SizeName | None = None
    wield: WieldStyle = WieldStyle.MAIN
    materials: tuple[str, ...] = ()
    aligned: tuple[str, ...] = ()
    extra: tuple[ExtraDamage, ...] = ()
    quantity: int = Field(default=1, ge=1, le=MAX_QUANTITY)
    str_rating: int | None = None  # composite bows: the highest Str bonus they add
    locked: bool = False  # attached to a locked gauntlet
    caster_level: int | None = Field(default=None, ge=1, le=40)  # a magic item's (A251)
    # how firmly it is carried when not in hand (seed 000 "Grabbing Items")
    secured: Literal["poorly", "normal", "well"] = "normal"
    # seed 004 "Firearms", "Autofire": the bullets a firearm holds (counted; no reloading,
    # the seed gives none: A90)
    rounds: int | None = Field(default=None, ge=0, le=MAX_QUANTITY)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        return {"weapon": value} if isinstance(value, str) else value

    @property
    def display(self) -> str:
        if self.label:
            return self.label
        if self.enhancement:
            return f"+{self.enhancement} {self.weapon}"
        return f"masterwork {self.weapon}" if self.masterwork else self.weapon


class ArmorRef(Frozen):
    """Worn armor or a carried shield, by name in the armor table."""

    armor: str
    label: str | None = None
    enhancement: int = Field(default=0, ge=0, le=10)
    masterwork: bool = False
    caster_level: int | None = Field(default=None, ge=1, le=40)  # a magic item's (A251)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        return {"armor": value} if isinstance(value, str) else value

    @property
    def display(self) -> str:
        if self.label:
            return self.label
        if self.enhancement:
            return f"+{self.enhancement} {self.armor}"
        return f"masterwork {self.armor}" if self.masterwork else self.armor


def item_caster_level(ref: WeaponRef | ArmorRef) -> int | None:
    """A magic item's caster level: the one given, else three times its enhancement
    bonus (A251: the full SRD's rule for an item with only an enhancement bonus), else
    None (not magic)."""
    if ref.caster_level is not None:
        return ref.caster_level
    return 3 * ref.enhancement if ref.enhancement else None


def weapon_problem(ref: WeaponRef) -> Problem | None:
    """Why ``ref`` names no weapon of the weapon table (SRD equipment.html Table: Weapons;
    the closest names offered)."""
    try:
        w = weapon(ref.weapon)
    except ContentError as exc:
        return exc.problems[0]
    firearm = WeaponFlag.FIREARM in w.flags
    if firearm and ref.rounds is None:  # seed 004: "Ammunition is counted" (A90)
        return Problem(
            f"the firearm {ref.weapon!r} needs its rounds", expected="rounds: the bullets it holds"
        )
    if not firearm and ref.rounds is not None:
        return Problem(f"{ref.weapon!r} is no firearm: it has no rounds", expected="no rounds")
    return None


def armor_problem(ref: ArmorRef, *, shield: bool) -> Problem | None:
    """Why ``ref`` cannot be worn as armor (``shield``: carried as a shield): a name not in
    the armor table (the closest offered), or the other category (equipment.html Table:
    Armor and Shields; armor spikes and the like are neither)."""
    try:
        category = armor(ref.armor).category
    except ContentError as exc:
        return exc.problems[0]
    if shield and category is not ArmorCategory.SHIELD:
        return Problem(
            f"{ref.armor!r} is not a shield ({category.value})",
            expected="a shield such as heavy steel shield or buckler",
        )
    if not shield and category in (ArmorCategory.SHIELD, ArmorCategory.EXTRA):
        return Problem(
            f"{ref.armor!r} is not body armor ({category.value})",
            expected="light, medium or heavy armor (a shield goes under shield)",
        )
    return None


def _refused(problem: Problem | None) -> None:
    if problem is not None:
        raise _content_failure(problem)


def _known_weapon(ref: WeaponRef) -> WeaponRef:
    _refused(weapon_problem(ref))
    return ref


def _body_armor(ref: ArmorRef) -> ArmorRef:
    _refused(armor_problem(ref, shield=False))
    return ref


def _shield(ref: ArmorRef) -> ArmorRef:
    _refused(armor_problem(ref, shield=True))
    return ref


# The gear of a stat block, checked against the equipment tables when it is validated.
KnownWeapon = Annotated[WeaponRef, AfterValidator(_known_weapon)]
BodyArmor = Annotated[ArmorRef, AfterValidator(_body_armor)]
Shield = Annotated[ArmorRef, AfterValidator(_shield)]


# SRD special-abilities-and-conditions "Damage Reduction": what can overcome DR.
DR_QUALITIES = frozenset(
    {
        "magic",
        "cold iron",
        "silver",
        "adamantine",
        "good",
        "evil",
        "lawful",
        "chaotic",
        "epic",
        "bludgeoning",
        "piercing",
        "slashing",
    }
)
# Materials as weapons name them, by the DR quality they carry (SRD special materials).
MATERIAL_QUALITY = {
    "alchemical silver": "silver",
    "silver": "silver",
    "cold iron": "cold iron",
    "adamantine": "adamantine",
}

_DR = re.compile(r"^\s*(\d+)\s*/\s*(.+?)\s*$")


class DamageReduction(Frozen):
    """``DR amount/bypass``. An empty ``bypass`` is DR x/- (nothing overcomes it).

    ``all_required`` is True for "and" (e.g. 10/cold iron and good), False for "or".
    Accepts the text form ``"10/cold iron or good"``.
    """

    amount: int = Field(ge=1)
    bypass: tuple[str, ...] = ()
    all_required: bool = False

    @field_validator("bypass")
    @classmethod
    def _known_bypass(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [b for b in value if b not in DR_QUALITIES]
        if unknown:
            raise ValueError(
                f"unknown damage reduction quality {unknown[0]!r} (expected one of "
                + ", ".join(sorted(DR_QUALITIES))
                + ")"
            )
        return value

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        m = _DR.match(value)
        if not m:
            raise ValueError(f"cannot read damage reduction {value!r} (expected like 5/magic)")
        rest = m.group(2).strip().lower()
        if rest in ("-", "—", "–", "none"):
            return {"amount": int(m.group(1)), "bypass": ()}
        joined_and = " and " in rest
        parts = re.split(r"\s+(?:and|or)\s+|\s*,\s*", rest)
        return {
            "amount": int(m.group(1)),
            "bypass": tuple(p.strip() for p in parts if p.strip()),
            "all_required": joined_and,
        }

    def __str__(self) -> str:
        if not self.bypass:
            return f"{self.amount}/-"
        return f"{self.amount}/" + (" and " if self.all_required else " or ").join(self.bypass)


class StatModifier(Frozen):
    """A typed modifier a creature carries (gear, racial trait, special ability).

    ``stat`` names what it modifies: ``ac``, ``attack``, ``melee``, ``ranged``,
    ``damage``, ``fort``, ``ref``, ``will``, ``saves``, ``initiative``, ``grapple``,
    ``hp``, ``speed``, an ability (``str`` ...) or a skill. ``condition`` is a short
    note of when it applies (None: always).
    """

    stat: str
    value: int
    type: BonusType = BonusType.UNTYPED
    source: str
    scope: str = ""
    condition: str | None = None

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, v: Any) -> Any:
        return BonusType.parse(v) if isinstance(v, str) else v


class ClassLevel(Frozen):
    name: str
    level: int = Field(ge=1, le=40)


class TurningPower(Frozen):
    """One turning ability (seed 000 "Turn Or Rebuke Undead", "Turning Other Creatures";
    SRD feats "Extra Turning": each ability has its own uses a day).

    ``turns``: the creature types or subtypes it turns or destroys as a good cleric
    turns undead (positive energy); ``rebukes``: those it rebukes, commands or bolsters
    as an evil cleric (negative energy). ``check_bonus``: added to its turning checks
    (SRD character-classes-i "Turn or Rebuke Undead": +2 against undead with 5 or more
    ranks of Knowledge (religion))."""

    name: str = Field(default="undead", min_length=1, max_length=MAX_NAME_LENGTH)
    turns: tuple[str, ...] = ()
    rebukes: tuple[str, ...] = ()
    uses: int = Field(ge=0, le=1000)
    check_bonus: int = Field(default=0, ge=-100, le=100)


class Turning(Frozen):
    """What a creature can channel (seed 000 "Turn Or Rebuke Undead"): its turning
    ``level`` (cleric level; a paladin's level - 3, seed 000 "Paladins and Undead"), its
    abilities, and the greater turnings it has a day (the Sun domain)."""

    level: int = Field(ge=1, le=40)
    powers: tuple[TurningPower, ...] = Field(min_length=1, max_length=16)
    greater: int = Field(default=0, ge=0, le=100)

    def power(self, kind: str) -> TurningPower | None:
        """The ability that turns or rebukes creatures of ``kind`` (a type or subtype,
        ``undead`` by default), or None."""
        for p in self.powers:
            if kind in p.turns or kind in p.rebukes:
                return p
        return None


class StatBlock(Frozen):
    """A creature's components. See the module docstring and docs/creature-schema.md."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    size: SizeName = Size.MEDIUM
    type: CreatureType = CreatureType.HUMANOID
    subtypes: tuple[str, ...] = ()
    abilities: dict[Ability, int | None]
    hit_dice: tuple[HitDice, ...]
    bab: int = Field(ge=0, le=MAX_BAB)
    base_saves: Saves
    speed: Speeds = Speeds()
    natural_armor: int = Field(default=0, ge=0)
    armor: BodyArmor | None = None
    shield: Shield | None = None
    # seed 000 "Garrote Attacks": neck protection worn ("leather collar" +4, "gorget" +10)
    neck_guard: Literal["leather collar", "gorget"] | None = None
    # seed 000 "Grabbing Items": objects worn (an amulet, a cloak), well secured: taken
    # with a disarm only from a pinned wearer, who gets +4 (d20modern: the +4 only, D14)
    worn: tuple[str, ...] = ()
    # seed 004 "Tactical Movement": "A character encumbered by carrying a large amount
    # of gear or a fallen comrade may move slower than normal" (A170: as medium armor)
    load: Literal["light", "medium", "heavy"] = "light"
    weapons: tuple[KnownWeapon, ...] = ()
    natural_attacks: tuple[NaturalAttack, ...] = ()
    feats: tuple[FeatRef, ...] = ()
    # seed 004's firearm feats (not SRD feats: the feat catalog is the SRD's)
    firearm_feats: frozenset[FirearmFeat] = frozenset()
    skills: dict[str, int] = Field(default_factory=dict)
    modifiers: tuple[StatModifier, ...] = ()
    dr: tuple[DamageReduction, ...] = ()
    resist: dict[DamageType, int] = Field(default_factory=dict)
    immune: frozenset[DamageType] = frozenset()
    vulnerable: frozenset[DamageType] = frozenset()
    immunities: frozenset[str] = frozenset()
    qualities: tuple[str, ...] = ()
    special_attacks: tuple[str, ...] = ()
    constrict: Constrict | None = None
    swallow_whole: SwallowWhole | None = None
    special_attack_rules: tuple[SpecialAttack, ...] = ()
    # SRD Table: Actions in Combat rows it may take, timed only (rules/activities.py)
    activities: Activities = ()
    legs: int = Field(default=2, ge=0)
    long: bool = False
    space_ft: float | None = Field(default=None, gt=0, le=MAX_SPACE_FT)
    reach_ft: int | None = Field(default=None, ge=0, le=MAX_REACH_FT)
    classes: tuple[ClassLevel, ...] = ()
    turning: Turning | None = None
    race: str | None = None
    alignment: str | None = None
    cr: str | None = None
    hp_bonus: int = 0
    source: str = ""

    @field_validator("abilities", mode="before")
    @classmethod
    def _abilities(cls, value: Any) -> Any:
        return ability_scores(value, nonabilities=True)

    @field_validator("type", mode="before")
    @classmethod
    def _type(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("worn")
    @classmethod
    def _worn(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        names = tuple(v.strip().lower() for v in value)
        if any(not n for n in names):
            raise ValueError("a worn object needs a name")
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"worn twice: {', '.join(twice)} (name each object once)")
        return names

    @field_validator("skills", mode="before")
    @classmethod
    def _skills(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k).strip().lower(): v for k, v in value.items()}
        return value

    @property
    def hd_total(self) -> float:
        """Total hit dice (for effects that count HD)."""
        return sum(h.count for h in self.hit_dice)

    def score(self, ability: Ability) -> int | None:
        return self.abilities.get(ability)

    def has_feat(self, name: str, param: str | None = None) -> bool:
        key = name.lower()
        if key not in _feat_keys(self):
            return False
        if param is None:
            return True
        return any(f.key == key and (f.param or "").lower() == param.lower() for f in self.feats)

    def has_quality(self, name: str) -> bool:
        return any(names_keyword(q, name) for q in self.qualities)

    def special(self, kind: str) -> SpecialAttack | None:
        """The special attack of ``kind`` with its numbers, or None."""
        return next((s for s in self.special_attack_rules if s.kind == kind), None)


# the keys of a stat block's feats, by the block (kept alive in the entry; blocks are
# immutable: a copy with other feats is another object)
_FEATS: dict[int, tuple[StatBlock, frozenset[str]]] = {}


def _feat_keys(stat: StatBlock) -> frozenset[str]:
    """The keys of ``stat``'s feats (:attr:`FeatRef.key`), for :meth:`StatBlock.has_feat`."""
    hit = _FEATS.get(id(stat))
    if hit is None or hit[0] is not stat:
        if len(_FEATS) > 4096:
            _FEATS.clear()
        hit = _FEATS[id(stat)] = (stat, frozenset(f.key for f in stat.feats))
    return hit[1]


def names_keyword(text: str, keyword: str) -> bool:
    """Whether a quality or special attack ``text`` is ``keyword``, possibly with a value
    after it: ``darkvision 60 ft.`` is ``darkvision``; ``sneak attack +2d6`` is
    ``sneak attack``."""
    text, key = text.strip().lower(), keyword.strip().lower()
    return text == key or text.startswith(key + " ")
