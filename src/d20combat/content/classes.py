"""Character classes: hit die, base attack and save progressions, combat features.

Sources (3.5 SRD, vendored in ``srd35/basic-rules-and-legal/``):

* ``character-classes-i.html`` and ``character-classes-ii.html``: Table: The Barbarian
  ... Table: The Wizard (the eleven PC classes), each class's "Hit Die" line and its
  "Class Features" text;
* ``npc-classes.html``: Table: The Adept ... Table: The Warrior (the five NPC classes);
* ``character-classes-ii.html`` "Multiclass Characters": a multiclass character's
  base attack bonus and base saves are the sums of each class's own values, and a
  character who would gain uncanny dodge from a second class gains improved uncanny
  dodge instead.

The data ship in ``content/data/classes.yaml``, written by
:mod:`d20combat.content.importers.classes`, which also checks every row of every table
against the progression formulas used here:

* base attack bonus: full = level, three-quarters = level * 3 // 4, half = level // 2;
* base save: good = 2 + level // 2, poor = level // 3.

Per level the data keep only the "Special" entries that matter in a fight (see
:data:`COMBAT_FEATURES`); the monk's extra columns (flurry of blows attack bonus,
unarmed damage, AC bonus, unarmored speed bonus) become features of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import cache
from typing import Any

from pydantic import Field, field_validator, model_validator

from d20combat.content.creatures import ClassLevel, Saves
from d20combat.content.library import Catalog, data_dir, load_list, normalize_name
from d20combat.content.loading import Frozen
from d20combat.errors import ContentError

MAX_LEVEL = 20


class ClassKind(StrEnum):
    PC = "pc"  # the eleven classes of character-classes-i/ii.html
    NPC = "npc"  # the five classes of npc-classes.html


class Progression(StrEnum):
    """A base attack bonus progression (SRD class tables)."""

    FULL = "full"
    THREE_QUARTERS = "three-quarters"
    HALF = "half"

    def at(self, level: int) -> int:
        """The base attack bonus of a class at ``level``.

        >>> [p.at(8) for p in Progression]
        [8, 6, 4]
        """
        if self is Progression.FULL:
            return level
        if self is Progression.THREE_QUARTERS:
            return level * 3 // 4
        return level // 2


class SaveName(StrEnum):
    FORT = "fort"
    REF = "ref"
    WILL = "will"


def good_save(level: int) -> int:
    """A good base save: 2 + level / 2, rounded down (SRD class tables)."""
    return 2 + level // 2 if level > 0 else 0


def poor_save(level: int) -> int:
    """A poor base save: level / 3, rounded down (SRD class tables)."""
    return level // 3


class FeatureKind(StrEnum):
    """Where a class feature shows in a stat block, or how the builder uses it."""

    ATTACK = "attack"  # "Special Attacks:" line
    QUALITY = "quality"  # "Special Qualities:" line
    COUNT = "count"  # counted, not printed (bonus feats, rogue special abilities)
    TABLE = "table"  # a number the builder turns into statistics (AC bonus, DR, ...)


# The "Special" entries kept, by normalised name, and how each is used. Everything
# else (illiteracy, trapfinding, spells, familiars, companions, tracking, ...) does not
# change a fight and is dropped by the importer.
COMBAT_FEATURES: dict[str, FeatureKind] = {
    # Barbarian (character-classes-i.html, Table: The Barbarian)
    "fast movement": FeatureKind.TABLE,
    "rage": FeatureKind.ATTACK,
    "uncanny dodge": FeatureKind.QUALITY,
    "trap sense": FeatureKind.QUALITY,
    "improved uncanny dodge": FeatureKind.QUALITY,
    "damage reduction": FeatureKind.TABLE,
    "greater rage": FeatureKind.QUALITY,
    "indomitable will": FeatureKind.QUALITY,
    "tireless rage": FeatureKind.QUALITY,
    "mighty rage": FeatureKind.QUALITY,
    # Bard (Table: The Bard): bardic music effects used in combat
    "inspire courage": FeatureKind.ATTACK,
    "inspire greatness": FeatureKind.ATTACK,
    "inspire heroics": FeatureKind.ATTACK,
    "countersong": FeatureKind.QUALITY,
    "fascinate": FeatureKind.ATTACK,
    # Cleric, paladin
    "turn or rebuke undead": FeatureKind.ATTACK,
    "turn undead": FeatureKind.ATTACK,
    "smite evil": FeatureKind.ATTACK,
    "divine grace": FeatureKind.TABLE,
    "lay on hands": FeatureKind.QUALITY,
    "aura of courage": FeatureKind.QUALITY,
    # Druid
    "wild shape": FeatureKind.QUALITY,
    "venom immunity": FeatureKind.QUALITY,
    # Fighter, monk, wizard
    "bonus feat": FeatureKind.COUNT,
    # Monk (Table: The Monk, its Special column and its four extra columns)
    "flurry of blows": FeatureKind.ATTACK,
    "unarmed damage": FeatureKind.TABLE,
    "ac bonus": FeatureKind.TABLE,
    "unarmored speed bonus": FeatureKind.TABLE,
    "unarmed strike": FeatureKind.QUALITY,
    "evasion": FeatureKind.QUALITY,
    "still mind": FeatureKind.QUALITY,
    "ki strike": FeatureKind.ATTACK,
    "purity of body": FeatureKind.QUALITY,
    "wholeness of body": FeatureKind.QUALITY,
    "improved evasion": FeatureKind.QUALITY,
    "diamond body": FeatureKind.QUALITY,
    "greater flurry": FeatureKind.QUALITY,
    "abundant step": FeatureKind.QUALITY,
    "diamond soul": FeatureKind.QUALITY,
    "quivering palm": FeatureKind.ATTACK,
    "empty body": FeatureKind.QUALITY,
    "perfect self": FeatureKind.QUALITY,
    # Ranger
    "favored enemy": FeatureKind.COUNT,
    "combat style": FeatureKind.QUALITY,
    "improved combat style": FeatureKind.QUALITY,
    "combat style mastery": FeatureKind.QUALITY,
    # Rogue
    "sneak attack": FeatureKind.ATTACK,
    "special ability": FeatureKind.COUNT,
}

_VALUE_START = re.compile(r"\s(?=[+\-\d(])")


class Feature(Frozen):
    """One class feature gained at a level: ``sneak attack +3d6``, ``rage 2/day``.

    ``value`` is the part of the SRD entry after the name (None when there is none).
    The text form ``"name value"`` is accepted and is how the YAML stores it.
    """

    name: str
    value: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            return dict(zip(("name", "value"), parse_feature(value), strict=True))
        return value

    @field_validator("name")
    @classmethod
    def _known(cls, name: str) -> str:
        key = name.strip().lower()
        if key not in COMBAT_FEATURES:
            raise ValueError(f"unknown class feature {name!r}")
        return key

    @property
    def kind(self) -> FeatureKind:
        return COMBAT_FEATURES[self.name]

    @property
    def number(self) -> int:
        """The leading integer of the value: ``+3d6`` -> 3, ``2/day`` -> 2, ``1/-`` -> 1.

        Raises:
            ContentError: if the value has no leading integer.
        """
        m = re.match(r"\(?\+?(-?\d+)", self.value or "")
        if not m:
            raise ContentError(f"class feature {self} has no number", field="classes")
        return int(m.group(1))

    def __str__(self) -> str:
        return f"{self.name} {self.value}" if self.value else self.name


def parse_feature(text: str) -> tuple[str, str | None]:
    """Split an SRD "Special" entry into name and value.

    En dashes used as minus signs become ``-``; the em dash of "DR 1/—" becomes ``-``.
    A parenthesised value keeps its parentheses, so the text form parses back.

    >>> parse_feature("Sneak attack +1d6"), parse_feature("Damage reduction 1/—")
    (('sneak attack', '+1d6'), ('damage reduction', '1/-'))
    >>> parse_feature("Ki strike (magic)"), parse_feature("Evasion")
    (('ki strike', '(magic)'), ('evasion', None))
    """
    clean = " ".join(text.replace("–", "-").replace("—", "-").split())
    parts = _VALUE_START.split(clean, maxsplit=1)
    name = parts[0].strip().lower()
    value = parts[1].strip() if len(parts) > 1 else None
    return name, value or None


class ClassDef(Frozen):
    """One class: its hit die, progressions and per-level combat features.

    ``levels`` maps a class level to the features gained at that level.
    ``class_skills`` lists normalised skill names (``knowledge`` stands for every
    Knowledge skill); ``any_class_skills`` is the expert's "any ten skills".
    """

    name: str
    kind: ClassKind
    hit_die: int = Field(ge=4, le=12)
    bab: Progression
    good_saves: tuple[SaveName, ...]
    skill_points: int = Field(ge=0)
    class_skills: tuple[str, ...] = ()
    any_class_skills: int = Field(default=0, ge=0)
    source: str
    levels: dict[int, tuple[Feature, ...]] = Field(default_factory=dict)

    @field_validator("levels")
    @classmethod
    def _level_range(cls, value: dict[int, tuple[Feature, ...]]) -> dict[int, tuple[Feature, ...]]:
        bad = [k for k in value if not 1 <= k <= MAX_LEVEL]
        if bad:
            raise ValueError(f"levels must be 1..{MAX_LEVEL}, got {bad}")
        return value

    def base_attack(self, level: int) -> int:
        """Base attack bonus at ``level`` (the class table's first number)."""
        return self.bab.at(level)

    def base_save(self, save: SaveName, level: int) -> int:
        """Base save bonus at ``level``: good or poor formula."""
        return good_save(level) if save in self.good_saves else poor_save(level)

    def features(self, level: int) -> list[Feature]:
        """Every feature gained at levels 1..``level``, in order of level."""
        return [f for lvl in sorted(self.levels) if lvl <= level for f in self.levels[lvl]]

    def current(self, name: str, level: int) -> Feature | None:
        """The latest entry of the feature ``name`` at ``level`` (``rage 2/day`` at 4)."""
        found = None
        for f in self.features(level):
            if f.name == name:
                found = f
        return found

    def count(self, name: str, level: int) -> int:
        """How many times ``name`` appears up to ``level`` (bonus feats, favored enemies)."""
        return sum(1 for f in self.features(level) if f.name == name)

    def is_class_skill(self, skill: str) -> bool:
        base = normalize_name(skill).split(" (")[0]
        full = normalize_name(skill)
        return full in self.class_skills or base in self.class_skills


@cache
def classes() -> Catalog[ClassDef]:
    """Every class in the bundled ``classes.yaml`` (cached)."""
    items = load_list(data_dir() / "classes.yaml", "classes", ClassDef)
    return Catalog("class", items, lambda c: c.name)


def class_def(name: str) -> ClassDef:
    """The class called ``name``.

    Raises:
        ContentError: for an unknown class, with the closest known names.
    """
    return classes().get(name, field="class")


ClassLevels = Iterable[ClassLevel] | Mapping[str, int] | str


_CLASS_LEVEL = re.compile(r"^\s*([a-zA-Z][a-zA-Z \-]*?)\s*(\d+)\s*$")


def parse_class_levels(text: str) -> tuple[ClassLevel, ...]:
    """Parse ``"fighter 6/rogue 3"`` (also ``,`` as separator, ``Ftr``-free names).

    >>> [(c.name, c.level) for c in parse_class_levels("Fighter 6 / rogue 3")]
    [('fighter', 6), ('rogue', 3)]

    Raises:
        ContentError: if a part is not "class level".
    """
    out = []
    for part in re.split(r"[/,]", text):
        if not part.strip():
            continue
        m = _CLASS_LEVEL.match(part)
        if not m:
            raise ContentError(
                f"cannot read class levels {part.strip()!r}",
                field="classes",
                expected='"class level", e.g. "fighter 4" or "fighter 6/rogue 3"',
            )
        out.append(ClassLevel(name=m.group(1).strip().lower(), level=int(m.group(2))))
    if not out:
        raise ContentError("no class levels", field="classes", expected='e.g. "fighter 4"')
    return tuple(out)


def _levels(class_levels: ClassLevels) -> list[tuple[ClassDef, int]]:
    if isinstance(class_levels, str):
        items: Iterable[ClassLevel] = parse_class_levels(class_levels)
    elif isinstance(class_levels, Mapping):
        items = [ClassLevel(name=k, level=v) for k, v in class_levels.items()]
    else:
        items = class_levels
    out = []
    for cl in items:
        if cl.level > MAX_LEVEL:
            raise ContentError(
                f"{cl.name} level {cl.level} is above {MAX_LEVEL} (epic levels are not supported)",
                field="classes",
            )
        out.append((class_def(cl.name), cl.level))
    return out


def base_attack(class_levels: ClassLevels) -> int:
    """Base attack bonus of a (multiclass) character: the sum over its classes.

    Source: character-classes-ii.html, "Multiclass Characters", Base Attack Bonus: "Add
    the base attack bonuses acquired for each class".

    >>> base_attack("fighter 6/rogue 3"), base_attack("wizard 20")
    (8, 10)

    Raises:
        ContentError: for an unknown class or a level above 20.
    """
    return sum(c.base_attack(level) for c, level in _levels(class_levels))


def base_saves(class_levels: ClassLevels) -> Saves:
    """Base Fortitude, Reflex and Will saves: each the sum over the classes.

    Source: character-classes-ii.html, "Multiclass Characters", Saving Throws: "Add the
    base save bonuses for each class together" (so two good saves each add their +2).

    >>> s = base_saves("fighter 4"); (s.fort, s.ref, s.will)
    (4, 1, 1)

    Raises:
        ContentError: for an unknown class or a level above 20.
    """
    levels = _levels(class_levels)
    return Saves(**{s.value: sum(c.base_save(s, level) for c, level in levels) for s in SaveName})


def iteratives(bab: int) -> list[int]:
    """The attack bonuses of a full attack from a base attack bonus.

    +6 or more gives a second attack at -5, and so on, to at most four attacks
    (character-classes-ii.html "Multiclass Characters": "A resulting value of +6 or
    higher provides the character with multiple attacks"; the class tables print
    +6/+1 ... +20/+15/+10/+5).

    >>> iteratives(0), iteratives(5), iteratives(6), iteratives(16), iteratives(23)
    ([0], [5], [6, 1], [16, 11, 6, 1], [23, 18, 13, 8])
    """
    out = [bab]
    while len(out) < 4 and out[-1] - 5 >= 1:
        out.append(out[-1] - 5)
    return out


def character_level(class_levels: ClassLevels) -> int:
    """Total class levels (character-classes-ii.html: "Character level")."""
    return sum(level for _, level in _levels(class_levels))
