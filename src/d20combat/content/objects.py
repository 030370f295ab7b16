"""Objects: armor class by size, hardness and hit points, and break DCs.

The numbers are in ``content/data/objects.yaml``, transcribed from seed
000_087b7d6de69a214e.txt, sections "Sunder" (Table: Common Armor, Weapon, and Shield
Hardness and Hit Points, the 3.5 table), "Attack An Object" (Table: Size and AC of
Objects) and "Breaking Items" (Substance Hardness And Hit Points; the older Common
Weapon And Shield Hardness And Hit Points; DCs To Break Or Burst Items; Object
Hardness And Hit Points). What energy and ranged attacks do to objects is a rule of
the rules layer, not data here.

>>> item_hardness_and_hp("heavy mace"), item_hardness_and_hp("heavy mace", edition="3.0")
(HardnessHP(hardness=10, hp=20), HardnessHP(hardness=10, hp=25))
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import BeforeValidator, Field

from d20combat.content.damage import DamageType
from d20combat.content.library import Catalog, bundled_yaml
from d20combat.content.loading import Frozen, validate
from d20combat.content.sizes import Size
from d20combat.errors import ContentError

SEED = "seed 000_087b7d6de69a214e.txt"
Edition = Literal["3.5", "3.0"]
T = TypeVar("T", bound=Frozen)


def _size(value: Any) -> Any:
    return Size.parse(value) if isinstance(value, str) else value


SizeField = Annotated[Size, BeforeValidator(_size)]


class ObjectSize(Frozen):
    """A row of Table: Size and AC of Objects (seed 000, "Attack An Object")."""

    size: SizeField
    label: str
    example: str
    ac_modifier: int


class Substance(Frozen):
    """A row of Table: Substance Hardness And Hit Points (seed 000, "Breaking Items")."""

    name: str
    aliases: tuple[str, ...] = ()
    hardness: int = Field(ge=0)
    hp_per_inch: int = Field(ge=0)


class ItemRow(Frozen):
    """A row of a weapon, armor and shield hardness table.

    ``hardness`` is None for armor, whose hardness is that of its material;
    armor has ``hp_per_armor_bonus`` instead of ``hp``.
    """

    kind: str
    example: str | None = None
    aliases: tuple[str, ...] = ()
    hardness: int | None = Field(default=None, ge=0)
    hp: int | None = Field(default=None, ge=0)
    hp_per_armor_bonus: int | None = None


class ItemTable(Frozen):
    """One edition's table of weapon and shield hardness and hit points."""

    edition: Edition
    title: str
    section: str
    size_scaling: bool
    rows: tuple[ItemRow, ...]


class BreakTask(Frozen):
    """A row of Table: DCs To Break Or Burst Items (seed 000, "Breaking Items")."""

    task: str
    dc: int


class ObjectEntry(Frozen):
    """A row of Table: Object Hardness And Hit Points (seed 000, "Breaking Items")."""

    name: str
    aliases: tuple[str, ...] = ()
    hardness: int = Field(ge=0)
    hp: int = Field(ge=0)
    break_dc: int


class ObjectsData(Frozen):
    """Everything in ``objects.yaml``. ``weapon_kinds`` maps a row of the 3.5 item
    table to the weapons (of ``weapons.yaml``) that take it."""

    size_ac: tuple[ObjectSize, ...]
    substances: tuple[Substance, ...]
    item_tables: tuple[ItemTable, ...]
    break_dcs: tuple[BreakTask, ...]
    objects: tuple[ObjectEntry, ...]
    weapon_kinds: dict[str, tuple[str, ...]] = Field(default_factory=dict)


class HardnessHP(NamedTuple):
    hardness: int
    hp: int


@cache
def objects_data() -> ObjectsData:
    """The bundled ``objects.yaml``, validated (cached).

    Raises:
        InputError: if the bundled file is invalid.
    """
    return validate(ObjectsData, bundled_yaml("objects.yaml"), error=ContentError)


def _catalog(kind: str, items: tuple[T, ...], name_of: Callable[[T], str]) -> Catalog[T]:
    cat = Catalog(kind, items, name_of)
    for item in items:
        for alias in (*getattr(item, "aliases", ()), getattr(item, "example", None) or ""):
            if alias:
                cat.add_alias(alias, name_of(item))
    return cat


@cache
def _substances() -> Catalog[Substance]:
    return _catalog("substance", objects_data().substances, lambda s: s.name)


@cache
def _items(edition: Edition) -> tuple[ItemTable, Catalog[ItemRow]]:
    for table in objects_data().item_tables:
        if table.edition == edition:
            return table, _catalog("weapon or shield kind", table.rows, lambda r: r.kind)
    raise ContentError(f"no hardness table for edition {edition!r}", expected="3.5 or 3.0")


@cache
def _objects() -> Catalog[ObjectEntry]:
    return _catalog("object", objects_data().objects, lambda o: o.name)


def object_size_ac_modifier(size: Size) -> int:
    """The AC modifier of an object of ``size``.

    Source: seed 000_087b7d6de69a214e.txt, "Attack An Object", Table: Size and AC of
    Objects (Colossal -8 ... Fine +8).
    """
    return next(row.ac_modifier for row in objects_data().size_ac if row.size == size)


def object_ac(size: Size, *, dex_mod: int = -5, deflection: int = 0, in_hand: bool = False) -> int:
    """The Armor Class of an object.

    Source: seed 000_087b7d6de69a214e.txt, "Attack An Object": an inanimate, immobile
    object has AC 10 + its Dexterity modifier (-5 for no Dexterity) + its size
    modifier. A held, carried or worn object uses the creature's Dexterity modifier
    and magic deflection bonus instead, and +5 if it is in the creature's hand
    ("Sunder": a carried or worn object's AC is 10 + size modifier + the wearer's
    Dexterity modifier). Does not check that ``deflection`` is magic.

    >>> object_ac(Size.MEDIUM), object_ac(Size.TINY, dex_mod=3, in_hand=True)
    (5, 20)
    """
    return 10 + dex_mod + object_size_ac_modifier(size) + deflection + (5 if in_hand else 0)


def substance(name: str) -> Substance:
    """A substance of Table: Substance Hardness And Hit Points.

    Raises:
        ContentError: for an unknown substance, suggesting known ones.
    """
    return _substances().get(name, field="substance")


def substance_hardness_and_hp(name: str, thickness_in: float = 1.0) -> HardnessHP:
    """Hardness and hit points of ``thickness_in`` inches of a substance (hp rounded down).

    Source: seed 000_087b7d6de69a214e.txt, "Breaking Items", Table: Substance
    Hardness And Hit Points (hit points per inch of thickness).

    >>> substance_hardness_and_hp("wood")  # the treasure chest of "How Striking ..."
    HardnessHP(hardness=5, hp=10)

    Raises:
        ContentError: for an unknown substance.
    """
    s = substance(name)
    return HardnessHP(s.hardness, int(s.hp_per_inch * thickness_in))


def _scale_hp(hp: int, size: Size) -> int:
    steps = int(size) - int(Size.MEDIUM)
    if steps >= 0:
        return hp << steps
    return max(1, hp >> -steps)


def item_hardness_and_hp(
    kind: str,
    size: Size = Size.MEDIUM,
    *,
    enhancement: int = 0,
    edition: Edition = "3.5",
    armor_bonus: int | None = None,
    material: str | None = None,
) -> HardnessHP:
    """Hardness and hit points of a weapon, shield or armor.

    ``kind`` is a row of the table ("one-handed blade"), its example ("longsword")
    or a shield name. Sources, seed 000_087b7d6de69a214e.txt:

    * edition "3.5" (default): "Sunder", Table: Common Armor, Weapon, and Shield
      Hardness and Hit Points. Footnote 1: the hp are for Medium items; divide by 2
      for each size category smaller (rounded down here, at least 1), multiply by 2
      for each larger. Armor has the hardness of its ``material`` (footnote 2, Table:
      Substance Hardness And Hit Points) and 5 hp per point of ``armor_bonus``.
    * edition "3.0": "Breaking Items", Table: Common Weapon And Shield Hardness And
      Hit Points. Its rows are named by object size (a dagger is a "Tiny blade") and
      it has no size footnote, so ``size`` must be Medium.
    * "Strike a Weapon", Magic Weapons and Shields: each +1 of enhancement bonus
      adds 1 to hardness and to hit points (applied after the size scaling).

    >>> item_hardness_and_hp("longsword", Size.LARGE, enhancement=2)
    HardnessHP(hardness=12, hp=12)

    Raises:
        ContentError: for an unknown kind or substance, a non-Medium size in the
            3.0 table, or armor without ``armor_bonus`` and ``material``.
    """
    table, rows = _items(edition)
    row = rows.get(kind, field="kind")
    if not table.size_scaling and size != Size.MEDIUM:
        raise ContentError(
            f"the {edition} table has no size scaling (its rows are named by object size)",
            field="size",
            expected="Medium, or edition 3.5",
        )
    if row.hp_per_armor_bonus is not None:
        if armor_bonus is None or material is None:
            raise ContentError(
                "armor hardness and hit points need its armor bonus and material",
                field="armor",
                expected="armor_bonus and material (a substance such as iron)",
            )
        hardness = substance(material).hardness
        hp = armor_bonus * row.hp_per_armor_bonus
    else:
        assert row.hardness is not None and row.hp is not None
        hardness, hp = row.hardness, row.hp
    if table.size_scaling:
        hp = _scale_hp(hp, size)
    return HardnessHP(hardness + enhancement, hp + enhancement)


@cache
def _weapon_kinds() -> dict[str, str]:
    return {w: kind for kind, names in objects_data().weapon_kinds.items() for w in names}


def weapon_kind(weapon_name: str) -> str | None:
    """The row of the 3.5 item table a weapon takes (``objects.yaml`` ``weapon_kinds``,
    a reading of the SRD weapon descriptions), or None for what is no object to sunder
    (the unarmed strike, splash weapons' flasks).

    >>> weapon_kind("longsword"), weapon_kind("greatclub"), weapon_kind("unarmed strike")
    ('one-handed blade', 'two-handed hafted weapon', None)
    """
    return _weapon_kinds().get(weapon_name)


def object_stats(name: str) -> ObjectEntry:
    """A row of Table: Object Hardness And Hit Points (seed 000, "Breaking Items").

    Raises:
        ContentError: for an unknown object, suggesting known ones.
    """
    return _objects().get(name, field="object")


#: A door of the map whose kind the scenario does not give: the plainest door of Table:
#: Object Hardness And Hit Points (a reading: A35).
DEFAULT_DOOR = "simple wooden door"
#: A door of one 5-ft square is a Medium-size object (Table: Size and AC of Objects: a
#: barrel; its Large example is a "big door"; a reading: A35).
DOOR_SIZE = Size.MEDIUM


#: The attack forms a game master's ruling on an object may name (``immune_to``,
#: ``vulnerable_to``): how a blow is made, or its damage types.
ATTACK_FORMS = ("melee", "ranged", *(t.value for t in DamageType))


class Door(NamedTuple):
    """A closed door of the map as an object: its row of Table: Object Hardness And Hit
    Points, and whether it is locked (then only broken, never opened); the game
    master's rulings on it: the attack forms it is ``immune_to`` and ``vulnerable_to``
    (:data:`ATTACK_FORMS`; seed 000 "Ineffective Weapons",
    "Vulnerability to Certain Attacks"; reading A211)."""

    kind: str = DEFAULT_DOOR
    locked: bool = False
    immune_to: frozenset[str] = frozenset()
    vulnerable_to: frozenset[str] = frozenset()

    @property
    def entry(self) -> ObjectEntry:
        return object_stats(self.kind)


def break_dc(name: str, *, half_hp_lost: bool = False) -> int:
    """The Strength check DC to break an object or do a task of the DC table.

    Source: seed 000_087b7d6de69a214e.txt, "Breaking Items": Table: DCs To Break Or
    Burst Items and Table: Object Hardness And Hit Points; "If an item has lost half
    or more of its hit points, the DC to break it drops by 2."

    >>> break_dc("break down iron door"), break_dc("iron door", half_hp_lost=True)
    (28, 26)

    Raises:
        ContentError: for a name in neither table.
    """
    tasks = {t.task: t.dc for t in objects_data().break_dcs}
    found = tasks.get(name.strip().lower())
    dc = found if found is not None else object_stats(name).break_dc
    return dc - 2 if half_hp_lost else dc
