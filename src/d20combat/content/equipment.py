"""Weapons, armor and shields: the content models, the bundled catalogs and damage by size.

The data come from the SRD equipment tables (``srd35/basic-rules-and-legal/equipment.html``)
through :mod:`d20combat.content.importers.equipment` and ship in ``content/data/weapons.yaml``
and ``armor.yaml`` (Open Game Content, OGL 1.0a).

>>> weapon("Sword, bastard").damage_at(Size.LARGE)
Dice('2d8')
>>> armor("hide armor").max_dex
4
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import TypeVar

from pydantic import Field

from d20combat.content.damage import DamageType
from d20combat.content.library import Catalog, bundled_yaml, data_dir, load_list
from d20combat.content.loading import Frozen, validate
from d20combat.content.sizes import Size
from d20combat.errors import ContentError
from d20combat.rules.dice import Dice


class WeaponCategory(StrEnum):
    SIMPLE = "simple"
    MARTIAL = "martial"
    EXOTIC = "exotic"
    NONE = "none"  # splash weapons: thrown weapons need no proficiency (SRD Throw Splash Weapon)
    # seed 004 "Firearms": used without penalty with Personal Firearms Proficiency
    FIREARM = "firearm"


class Handedness(StrEnum):
    """The SRD's weapon size groups: how much effort the weapon takes to wield."""

    UNARMED = "unarmed"
    LIGHT = "light"
    ONE_HANDED = "one-handed"
    TWO_HANDED = "two-handed"
    RANGED = "ranged"


#: SRD equipment "Crossbow, Repeating": "The repeating crossbow (whether heavy or light)
#: holds 5 crossbow bolts."
CASE_BOLTS = 5


class WeaponFlag(StrEnum):
    """Qualities named in the SRD weapon descriptions that change how rules apply."""

    RANGED = "ranged"  # listed in the Ranged Weapons part of the table
    THROWN = "thrown"  # a thrown weapon (melee weapons with a range increment, darts ...)
    PROJECTILE = "projectile"  # bows, crossbows, slings: fire ammunition
    DOUBLE = "double"
    REACH = "reach"
    REACH_ADJACENT = "reach-adjacent"  # a reach weapon that also hits adjacent foes
    NO_THREAT = "no-threat"  # the whip: you don't threaten the area you can attack
    TRIP = "trip"
    DISARM = "disarm"  # a bonus on disarm rolls (see ``Weapon.disarm_bonus``)
    DISARM_IMMUNE = "disarm-immune"  # the spiked gauntlet cannot be disarmed
    BRACE = "brace"  # double damage when set against a charge
    MONK = "monk"  # a special monk weapon
    NONLETHAL = "nonlethal"  # deals nonlethal damage (sap, whip, bolas, unarmed strike)
    FINESSE = "finesse"  # usable with Weapon Finesse (light weapons, rapier, whip, spiked chain)
    SPLASH = "splash"
    LANCE = "lance"  # double damage on a mounted charge
    PRONE_USABLE = "prone-usable"  # crossbows and shuriken can be used while prone
    LOAD_MOVE = "load-move"  # hand and light crossbows, slings: loading is a move action
    LOAD_FULL = "load-full"  # heavy crossbow: loading is a full-round action
    LOAD_FREE = "load-free"  # repeating crossbows: a free action (a new case: full round)
    GARROTE = "garrote"  # seed 000 "Garrote Attacks": used only for garrote attacks (A80)
    LOCKING = "locking"  # a locking garrote: no moving in to keep it in place (seed 000)
    FIREARM = "firearm"  # seed 004 "Firearms": fires bullets, counted (``WeaponRef.rounds``)
    LONGARM = "longarm"  # seed 004 "Firearms": -4 on attacks against adjacent opponents
    AUTOFIRE = "autofire"  # seed 004 "Autofire": an automatic rate of fire
    AUTOFIRE_ONLY = "autofire-only"  # seed 004 "Autofire": no single shots (machine guns)
    EXPLOSIVE = "explosive"  # seed 004 "Thrown Explosives": thrown at a square, bursts


# SRD equipment: a hand crossbow and a sling are shot with one hand (other projectile
# weapons take two).
ONE_HANDED_PROJECTILES = frozenset({"hand crossbow", "sling"})
# seed 000 / SRD combat-ii "Two-Weapon Fighting", "Thrown Weapons": "Treat a dart or
# shuriken as a light weapon when used in this manner, and treat a bolas, javelin, net,
# or sling as a one-handed weapon" (thrown from each hand).
LIGHT_WHEN_THROWN = frozenset({"dart", "shuriken"})


class Ammunition(Frozen):
    """A pack of ammunition listed under its weapon in the SRD weapon table."""

    name: str
    quantity: int = Field(ge=1)
    cost: str | None = None
    weight_lb: float | None = None


class Weapon(Frozen):
    """One row of the SRD weapon table, plus its qualities.

    ``damage`` maps a size name (``small``, ``medium``) to the dice a weapon of that
    size deals (empty for the net); other sizes come from :meth:`damage_at`. A double
    weapon has ``damage_secondary`` for its other head, and
    ``damage_types_secondary`` when the heads differ in type. ``damage_types_all``
    is True when the SRD joins the types with "and" (the weapon is all of them at
    once) and False for "or" (the wielder picks the best against the target).
    ``quantity`` is how many items the cost and weight buy (5 shuriken).
    """

    name: str
    category: WeaponCategory
    handedness: Handedness
    damage: dict[str, str]
    damage_secondary: dict[str, str] | None = None
    critical_range: int = Field(default=20, ge=2, le=20)
    critical_multiplier: int = Field(default=2, ge=2, le=6)
    critical_multiplier_secondary: int | None = None
    range_increment: int = Field(default=0, ge=0)
    damage_types: tuple[DamageType, ...]
    damage_types_all: bool = False
    damage_types_secondary: tuple[DamageType, ...] | None = None
    flags: frozenset[WeaponFlag] = frozenset()
    disarm_bonus: int = Field(default=0, ge=0)
    reach_ft: int | None = None
    splash_damage: int = Field(default=0, ge=0)
    damages_only: str | None = None
    # seed 004 "Grenades and Explosives": the burst radius and the Reflex DC for half
    burst_radius_ft: int = Field(default=0, ge=0)
    reflex_dc: int = Field(default=0, ge=0)
    quantity: int = Field(default=1, ge=1)
    ammunition: Ammunition | None = None
    cost: str | None = None
    weight_lb: float | None = None
    source: str = "SRD equipment.html, Table: Weapons"

    def has(self, flag: WeaponFlag) -> bool:
        return flag in self.flags

    @property
    def is_ranged(self) -> bool:
        return WeaponFlag.RANGED in self.flags

    @property
    def is_light(self) -> bool:
        return self.handedness in (Handedness.LIGHT, Handedness.UNARMED)

    @property
    def hands(self) -> int:
        """How many hands it takes in use: two for a two-handed weapon, a bow or a
        crossbow (but a hand crossbow and a sling), one for the rest (SRD equipment
        "Weapon Categories", the weapon descriptions)."""
        if self.handedness is Handedness.TWO_HANDED:
            return 2
        if WeaponFlag.FIREARM in self.flags:  # a longarm takes both hands (A90)
            return 2 if WeaponFlag.LONGARM in self.flags else 1
        if WeaponFlag.PROJECTILE in self.flags and self.name not in ONE_HANDED_PROJECTILES:
            return 2
        return 1

    @property
    def max_range_increments(self) -> int:
        """Thrown weapons reach five range increments, projectile weapons ten.

        Source: SRD equipment.html, Weapon Qualities, "Range Increment".
        """
        return 10 if WeaponFlag.PROJECTILE in self.flags else 5

    def damage_at(self, size: Size, *, secondary: bool = False) -> Dice | None:
        """The damage of this weapon made for a wielder of ``size`` (None: no damage).

        Small and Medium come from the weapon's row of Table: Weapons; other sizes
        from :func:`weapon_damage_for_size`. Splash weapons deal the same damage
        whoever throws them (SRD equipment.html, Special Substances and Items).
        ``secondary`` picks the other head of a double weapon.
        """
        table = self.damage_secondary if secondary else self.damage
        if not table:
            return None
        if WeaponFlag.SPLASH in self.flags or WeaponFlag.EXPLOSIVE in self.flags:
            return Dice.parse(table["medium"])
        key = size.name.lower()
        if key in table:
            return Dice.parse(table[key])
        return weapon_damage_for_size(table["medium"], size)


class ArmorCategory(StrEnum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    SHIELD = "shield"
    EXTRA = "extra"  # armor spikes, gauntlets, shield spikes: no bonus of their own


class Armor(Frozen):
    """One row of the SRD Table: Armor and Shields.

    ``max_dex`` is None when the armor does not limit Dexterity. ``speed_30`` and
    ``speed_20`` are the speeds of a creature with base speed 30 ft. and 20 ft.
    wearing it. ``run_multiplier`` is 3 for heavy armor (table footnote 2).
    ``attack_penalty`` is the tower shield's -2 on attack rolls; ``grants_cover``
    marks that it can be used as total cover instead. ``shield_arm_attack_penalty``
    is the buckler's -1 when its arm wields a weapon. ``disarm_bonus`` is the locked
    gauntlet's +10 against being disarmed.
    """

    name: str
    category: ArmorCategory
    bonus: int = Field(ge=0)
    max_dex: int | None = None
    check_penalty: int = Field(default=0, le=0)
    spell_failure: int = Field(default=0, ge=0, le=100)
    speed_30: int | None = None
    speed_20: int | None = None
    run_multiplier: int = Field(default=4, ge=1)
    attack_penalty: int = Field(default=0, le=0)
    shield_arm_attack_penalty: int = Field(default=0, le=0)
    grants_cover: bool = False
    disarm_bonus: int = Field(default=0, ge=0)
    cost: str | None = None
    weight_lb: float | None = None
    source: str = "SRD equipment.html, Table: Armor and Shields"

    @property
    def is_shield(self) -> bool:
        return self.category is ArmorCategory.SHIELD


class DamageSizeRow(Frozen):
    """One row of SRD equipment.html, Table: Tiny and Large Weapon Damage."""

    medium: str
    tiny: str | None
    large: str


class DamageStep(Frozen):
    """One row of SRD improving-monsters.html, Table: Increased Damage By Size."""

    old: str
    new: str


class SizeDamageTables(Frozen):
    """The SRD's two damage-by-size tables, as the importer read them."""

    source: str
    tiny_large: tuple[DamageSizeRow, ...]
    increased: tuple[DamageStep, ...]
    small: tuple[DamageStep, ...]  # Medium -> Small, from the Dmg (S)/(M) columns


# Names the SRD monster stat blocks (srd35/monsters/*.html) and older texts use.
_WEAPON_ALIASES = {
    "short bow": "shortbow",
    "long bow": "longbow",
    "composite short bow": "composite shortbow",
    "composite long bow": "composite longbow",
    "morning star": "morningstar",
    "long spear": "longspear",
    "short spear": "shortspear",
    "great club": "greatclub",
    "great sword": "greatsword",
    "great axe": "greataxe",
    "war hammer": "warhammer",
    "battle axe": "battleaxe",
    "hand axe": "handaxe",
    "acid flask": "acid",  # SRD "Acid": "a flask of acid"
    "flask of acid": "acid",
    "heavy repeating crossbow": "repeating heavy crossbow",
    "light repeating crossbow": "repeating light crossbow",
    "waraxe": "dwarven waraxe",
    "urgrosh": "dwarven urgrosh",
    "unarmed": "unarmed strike",
}
# The stat blocks write "light shield"/"heavy shield" without the material (e.g. the
# SRD hobgoblin, lizardfolk); wooden and steel shields give the same AC (SRD
# equipment.html, "Wooden or Steel"), so the cheaper wooden one stands in. The 3.0
# names ("small"/"large" shield) are those of seed 000's older hardness table.
_ARMOR_ALIASES = {
    "light shield": "light wooden shield",
    "heavy shield": "heavy wooden shield",
    "small wooden shield": "light wooden shield",
    "large wooden shield": "heavy wooden shield",
    "small steel shield": "light steel shield",
    "large steel shield": "heavy steel shield",
    "chain mail": "chainmail",
    "scale": "scale mail",
    "banded": "banded mail",
    "splint": "splint mail",
    "plate": "full plate",
}


@cache
def weapons() -> Catalog[Weapon]:
    """Every bundled weapon (SRD Table: Weapons and the splash weapons), by name.

    Raises:
        InputError: if the bundled ``weapons.yaml`` is invalid.
    """
    return _catalog("weapon", Weapon, "weapons", _WEAPON_ALIASES)


@cache
def armors() -> Catalog[Armor]:
    """Every bundled armor, shield and extra (SRD Table: Armor and Shields), by name.

    Raises:
        InputError: if the bundled ``armor.yaml`` is invalid.
    """
    return _catalog("armor", Armor, "armor", _ARMOR_ALIASES)


_Item = TypeVar("_Item", "Weapon", "Armor")


def _catalog(kind: str, model: type[_Item], key: str, aliases: dict[str, str]) -> Catalog[_Item]:
    """The catalog of ``data/{key}.yaml`` (list ``key``), with its aliases."""
    cat = Catalog(kind, load_list(data_dir() / f"{key}.yaml", key, model), _name)
    for alias, name in aliases.items():
        cat.add_alias(alias, name)
    return cat


def _name(item: Weapon | Armor) -> str:
    return item.name


def weapon(name: str) -> Weapon:
    """The bundled weapon called ``name`` (SRD spelling, canonical name or alias).

    Raises:
        ContentError: for an unknown name, suggesting the closest known ones.
    """
    return weapons().get(name)


def armor(name: str) -> Armor:
    """The bundled armor or shield called ``name``.

    Raises:
        ContentError: for an unknown name, suggesting the closest known ones.
    """
    return armors().get(name)


@cache
def size_damage_tables() -> SizeDamageTables:
    """The SRD damage-by-size tables shipped in ``weapons.yaml`` (key ``size_damage``).

    Raises:
        InputError: if the bundled file is invalid.
    """
    doc = bundled_yaml("weapons.yaml")
    return validate(SizeDamageTables, doc.at("size_damage"))


@cache
def _steps() -> tuple[dict[Dice, Dice | None], dict[Dice, Dice | None]]:
    tables = size_damage_tables()
    up: dict[Dice, Dice | None] = {}
    down: dict[Dice, Dice | None] = {}
    for row in tables.increased:
        up[Dice.parse(row.old)] = Dice.parse(row.new)
    for size_row in tables.tiny_large:
        up.setdefault(Dice.parse(size_row.medium), Dice.parse(size_row.large))
    for row in tables.small:
        down[Dice.parse(row.old)] = Dice.parse(row.new)
    for row in tables.small:  # only adds 1 -> 1d2 (the shuriken's Small and Medium)
        up.setdefault(Dice.parse(row.new), Dice.parse(row.old))
    # Extrapolated (see step_damage): the SRD gives no one-step reduction of these.
    down.setdefault(Dice.parse("2d8"), Dice.parse("2d6"))
    down.setdefault(Dice.parse("2d10"), Dice.parse("2d8"))
    down.setdefault(Dice.parse("1"), None)
    return up, down


_LADDER_START = 3  # NdX with N >= 3 (X = 6 or 8) follow the 3, 4, 6, 8, 12, ... ladder


def _ladder_next(n: int) -> int:
    # 3 -> 4, then alternately x1.5 and x4/3: 4, 6, 8, 12, 16, 24, 32 ...
    if n == 3:
        return 4
    return n * 3 // 2 if n & (n - 1) == 0 else n * 4 // 3


def _ladder_prev(n: int) -> int:
    return next(m for m in range(1, n) if _ladder_next(m) == n) if n > 3 else 2


def _on_ladder(n: int) -> bool:
    m = 3
    while m < n:
        m = _ladder_next(m)
    return m == n


def _ladder_dice() -> list[Dice]:
    out = []
    n = _LADDER_START
    while n <= 64:
        out += [Dice.of(n, 6), Dice.of(n, 8)]
        n = _ladder_next(n)
    return out


def _step_once(dice: Dice, up: bool) -> Dice | None:
    ups, downs = _steps()
    table = ups if up else downs
    if dice in table:
        return table[dice]
    term = dice.terms[0] if dice.terms else None
    if term and term.sides in (6, 8) and term.number >= _LADDER_START and _on_ladder(term.number):
        n = _ladder_next(term.number) if up else _ladder_prev(term.number)
        return Dice.of(n, term.sides)
    known = [*table, *_ladder_dice()]
    nearest = min(known, key=lambda k: (abs(k.mean - dice.mean), -k.mean))
    return _step_once(nearest, up)


def step_damage(dice: Dice | str, steps: int) -> Dice | None:
    """``dice`` moved ``steps`` size categories up (positive) or down (negative).

    One step up follows SRD improving-monsters.html, Table: Increased Damage By
    Size (1d2, 1d3, 1d4, 1d6, 1d8, 2d6, 3d6; 1d10, 2d8, 3d8), and for the entries
    it lacks, SRD equipment.html, Table: Tiny and Large Weapon Damage (1d12 -> 3d6,
    2d4 -> 2d6, 2d10 -> 4d8); the footnote says to repeat the step for each
    category. One step down follows the Dmg (S) and Dmg (M) columns of Table:
    Weapons (2d6 -> 1d10, 1d12 -> 1d10, 2d4 -> 1d6, 1d2 -> 1 ...).

    Where the tables end, this engine extrapolates (not SRD text):

    * 3d6 and 3d8 and beyond climb the ladder 3, 4, 6, 8, 12, 16, 24 ... dice of
      the same kind (3d6 -> 4d6 -> 6d6 -> 8d6; 3d8 -> 4d8 -> 6d8 -> 8d8), and fall
      back down it (4d8 -> 3d8 -> 2d8);
    * 2d8 -> 2d6 and 2d10 -> 2d8 one step down: the only choices that reproduce
      the SRD Tiny column (2d8 -> 1d10 and 2d10 -> 2d6 two steps down);
    * ``1`` one step down is no damage (None), as the Tiny column's "—" for 1d2;
    * any other dice (2d12, 3d4, 1d20 ...) step as the table or ladder entry with
      the nearest average (ties: the larger), so 2d12 (as 3d8) -> 4d8.

    A constant added to the dice (``1d6+2``) is kept.

    >>> str(step_damage("1d8", 3)), str(step_damage("3d8", 3)), str(step_damage("2d6", -1))
    ('4d6', '8d8', '1d10')

    Raises:
        DiceSyntaxError: for text that is not a dice expression.
        ContentError: for dice with more than one kind of die (``1d6+1d4``).
    """
    d = Dice.parse(dice) if isinstance(dice, str) else dice
    if len(d.terms) > 1 or any(t.keep is not None or t.sign < 0 for t in d.terms):
        raise ContentError(
            f"cannot scale {d.text!r} by size", field="damage", expected="dice such as 2d6+3"
        )
    # A bare number (the shuriken's "1") is the damage itself; otherwise keep the constant.
    constant = d.constant if d.terms else 0
    current: Dice | None = Dice(d.terms, 0) if d.terms else d
    for _ in range(abs(steps)):
        if current is None:
            break
        current = _step_once(current, steps > 0)
    if current is None:
        return None
    return current.plus(constant)


def weapon_damage_for_size(medium: Dice | str, size: Size) -> Dice | None:
    """The damage of a weapon that deals ``medium`` when made for a Medium wielder.

    Tiny and Large come from SRD equipment.html, Table: Tiny and Large Weapon Damage;
    every further category repeats :func:`step_damage` from there (SRD
    improving-monsters.html, Table: Increased Damage By Size, footnote: "Repeat the
    adjustment"); Small is one step down. None means the SRD's "—" (no damage).

    >>> str(weapon_damage_for_size("1d8", Size.GARGANTUAN))  # cloud giant's morningstar
    '4d6'

    Raises:
        DiceSyntaxError: for text that is not a dice expression.
    """
    m = Dice.parse(medium) if isinstance(medium, str) else medium
    rows = {Dice.parse(r.medium): r for r in size_damage_tables().tiny_large}
    row = rows.get(m)
    if row is not None and size >= Size.LARGE:
        return step_damage(row.large, size - Size.LARGE)
    if row is not None and size <= Size.TINY:
        return step_damage(row.tiny, size - Size.TINY) if row.tiny else None
    return step_damage(m, size - Size.MEDIUM)
