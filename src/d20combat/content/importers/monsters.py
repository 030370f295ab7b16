"""The SRD bestiary importer: monster stat blocks to :class:`StatBlock` components.

Reads the 3.5 SRD monster pages (``srd35/monsters/*.html``; OGL 1.0a). Each stat
block is an HTML ``<table>`` with one column per creature and row labels such as
``Armor Class:`` and ``Base Attack/Grapple:`` (SRD monsters-intro-a.html, "Reading
the Entries"); the chromatic and metallic dragons are given as two tables by age
instead (monsters-dr-dw.html, "<Color> Dragons by Age" and "<Color> Dragon
Abilities by Age").

The importer keeps the *components* and never the published totals:

* Size and type from the size/type line; subtypes from its parentheses.
* Hit dice from "4d8+11 (29 hp)" or "4d8+19 plus 4d12+16 (79 hp)" (racial dice, then
  class dice); "1/2 d8" is half a hit die. The "+11" is not kept: it is Con x HD plus
  feats such as Toughness, which :mod:`d20combat.rules.statistics` recomputes.
* The base attack bonus from "Base Attack/Grapple: +3/+12" (the grapple is a total).
* From the parentheses of "Armor Class: 16 (-1 size, -1 Dex, +5 natural, +3 hide
  armor)": natural armor, worn armor and shield by name (``+4 +1 hide armor`` is +1
  hide armor), items such as ``ring of protection +1`` and ``bracers of armor +2``
  and other named bonuses. Size and Dex are *not* read there: they follow from the
  size and the Dexterity score.
* Weapons and natural attacks from "Attack" and "Full Attack" (damage dice at the
  creature's size without the Strength bonus; primary or secondary).
* Feats (with parameters), skills (published modifiers: the stat block stores skill
  totals), speeds by mode, space and reach, damage reduction, energy resistance,
  immunity and vulnerability, special qualities and special attacks (normalised
  keywords), alignment, CR and class levels.
* Base saves are computed, never back-solved from the published saves: the type's
  good saves (SRD types-subtypes-and-special-abilities.html, each type's "Features")
  for the racial hit dice, plus the class tables (SRD character-classes-i/ii.html and
  npc-classes.html) for class levels. Where the creature's own text states its racial
  base saves ("Racial Hit Dice: ... base saving throw bonuses of Fort +4, Ref +1, and
  Will +1"), that stated component is used instead.

Everything the importer cannot read is reported as a :class:`~d20combat.errors.Problem`
on the creature (``field`` names the row), so a caller knows which published numbers
can be checked against the recomputed ones.

Where the SRD leaves a component implicit, a documented heuristic fills it: the leg
count (:func:`guess_legs`), a long or tall body from the reach, primary or secondary
natural attacks from the bonuses, the asterisk and the text, and the dire animals'
good Will saves. Each creature's ``notes`` say which were used.

API: :func:`import_bestiary` (stat blocks, published totals and problems),
:func:`write_bestiary` (one YAML file per creature), :func:`verify` and
:func:`write_curated` (the bundled, checked set). Command line:
``python -m d20combat.content.importers.monsters SRD_DIR OUT_DIR [--curated]``.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from bs4 import BeautifulSoup, Tag
from pydantic import ValidationError

from d20combat.content.creatures import (
    Ability,
    ArmorRef,
    ClassLevel,
    Constrict,
    CreatureType,
    DamageReduction,
    ExtraDamage,
    FeatRef,
    HitDice,
    NaturalAttack,
    Saves,
    SpecialAttack,
    Speeds,
    StatBlock,
    StatModifier,
    SwallowWhole,
    WeaponRef,
    WieldStyle,
    names_keyword,
)
from d20combat.content.damage import DamageType
from d20combat.content.importers import page_text, read_page
from d20combat.content.library import normalize_name, slug
from d20combat.content.sizes import Size
from d20combat.errors import InputError, Problem
from d20combat.rules.dice import Dice
from d20combat.rules.modifiers import BonusType, ability_modifier

__all__ = [
    "CURATED",
    "OGL_NOTICE",
    "Check",
    "Failure",
    "ImportResult",
    "ImportedCreature",
    "Published",
    "WriteReport",
    "creature_yaml",
    "curated_comment",
    "import_bestiary",
    "main",
    "verify",
    "write_bestiary",
    "write_curated",
]

OGL_NOTICE = (
    "Open Game Content under the Open Game License v1.0a (see LICENSE-OGL.md).\n"
    "System Reference Document Copyright 2000-2003, Wizards of the Coast, Inc.; Authors\n"
    "Jonathan Tweet, Monte Cook, Skip Williams, Rich Baker, Andy Collins, David Noonan,\n"
    "Rich Redman, Bruce R. Cordell, John D. Rateliff, Thomas Reid, James Wyatt, based on\n"
    "original material by E. Gary Gygax and Dave Arneson."
)

# Row fields a problem can be filed under; the statistics each one feeds.
AC_FIELDS = frozenset({"size and type", "armor class", "abilities", "feats", "special qualities"})
GRAPPLE_FIELDS = frozenset({"size and type", "base attack/grapple", "abilities", "feats"})
INITIATIVE_FIELDS = frozenset({"initiative", "abilities", "feats"})
CHECK_FIELDS: Mapping[str, frozenset[str]] = {
    "ac": AC_FIELDS,
    "touch": AC_FIELDS,
    "flat_footed": AC_FIELDS,
    "grapple": GRAPPLE_FIELDS,
    "initiative": INITIATIVE_FIELDS,
}

# ---------------------------------------------------------------------------
# Rules tables
# ---------------------------------------------------------------------------


def _names(text: str) -> tuple[str, ...]:
    """A comma-separated list of names (kept short in the source)."""
    return tuple(n.strip() for n in text.split(",") if n.strip())


def _names_set(text: str) -> frozenset[str]:
    return frozenset(_names(text))


FULL, THREE_QUARTERS, HALF = "full", "3/4", "1/2"

# SRD types-subtypes-and-special-abilities.html, each type's "Features": hit die,
# base attack progression, good saves.
TYPE_FEATURES: Mapping[CreatureType, tuple[int, str, frozenset[str]]] = {
    CreatureType.ABERRATION: (8, THREE_QUARTERS, frozenset({"will"})),
    CreatureType.ANIMAL: (8, THREE_QUARTERS, frozenset({"fort", "ref"})),
    CreatureType.CONSTRUCT: (10, THREE_QUARTERS, frozenset()),
    CreatureType.DRAGON: (12, FULL, frozenset({"fort", "ref", "will"})),
    CreatureType.ELEMENTAL: (8, THREE_QUARTERS, frozenset()),  # by subtype, below
    CreatureType.FEY: (6, HALF, frozenset({"ref", "will"})),
    CreatureType.GIANT: (8, THREE_QUARTERS, frozenset({"fort"})),
    CreatureType.HUMANOID: (8, THREE_QUARTERS, frozenset({"ref"})),
    CreatureType.MAGICAL_BEAST: (10, FULL, frozenset({"fort", "ref"})),
    CreatureType.MONSTROUS_HUMANOID: (8, FULL, frozenset({"ref", "will"})),
    CreatureType.OOZE: (10, THREE_QUARTERS, frozenset()),
    CreatureType.OUTSIDER: (8, FULL, frozenset({"fort", "ref", "will"})),
    CreatureType.PLANT: (8, THREE_QUARTERS, frozenset({"fort"})),
    CreatureType.UNDEAD: (12, HALF, frozenset({"will"})),
    CreatureType.VERMIN: (8, THREE_QUARTERS, frozenset({"fort"})),
}
# "Elemental Type": good Fortitude (earth, water) or Reflex (air, fire).
ELEMENTAL_GOOD = {"earth": "fort", "water": "fort", "air": "ref", "fire": "ref"}

# Class hit die, base attack progression and good saves: SRD character-classes-i.html
# and character-classes-ii.html (PC classes), npc-classes.html (NPC classes); the
# blackguard (prestige class) as printed in its SRD entry.
CLASS_FEATURES: Mapping[str, tuple[int, str, frozenset[str]]] = {
    "barbarian": (12, FULL, frozenset({"fort"})),
    "bard": (6, THREE_QUARTERS, frozenset({"ref", "will"})),
    "cleric": (8, THREE_QUARTERS, frozenset({"fort", "will"})),
    "druid": (8, THREE_QUARTERS, frozenset({"fort", "will"})),
    "fighter": (10, FULL, frozenset({"fort"})),
    "monk": (8, THREE_QUARTERS, frozenset({"fort", "ref", "will"})),
    "paladin": (10, FULL, frozenset({"fort"})),
    "ranger": (8, FULL, frozenset({"fort", "ref"})),
    "rogue": (6, THREE_QUARTERS, frozenset({"ref"})),
    "sorcerer": (4, HALF, frozenset({"will"})),
    "wizard": (4, HALF, frozenset({"will"})),
    "adept": (6, HALF, frozenset({"will"})),
    "aristocrat": (8, THREE_QUARTERS, frozenset({"will"})),
    "commoner": (4, HALF, frozenset()),
    "expert": (6, THREE_QUARTERS, frozenset({"will"})),
    "warrior": (8, FULL, frozenset({"fort"})),
    "blackguard": (10, FULL, frozenset({"fort"})),
}

# SRD types-subtypes-and-special-abilities.html "Natural Weapons": damage types.
NATURAL_DAMAGE: Mapping[str, tuple[DamageType, ...]] = {
    "bite": (DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING),
    "claw": (DamageType.PIERCING, DamageType.SLASHING),
    "talon": (DamageType.PIERCING, DamageType.SLASHING),
    "foreclaw": (DamageType.PIERCING, DamageType.SLASHING),
    "rake": (DamageType.PIERCING, DamageType.SLASHING),
    "pincer": (DamageType.BLUDGEONING, DamageType.PIERCING),
    "gore": (DamageType.PIERCING,),
    "horn": (DamageType.PIERCING,),
    "sting": (DamageType.PIERCING,),
    "spike": (DamageType.PIERCING,),
    "quill": (DamageType.PIERCING,),
}
NATURAL_NAMES = _names_set(
    "antennae touch, arm, arms, bite, burning touch, butt, claw, claw touch, claws, crush, "
    "foreclaw, gore, head butt, hoof, hooves, horn, incorporeal touch, pincer, quill, rake, "
    "ram, shock, slam, slap, snakes, spike, stamp, sting, strand, swarm, tail, tail slap, "
    "tail sweep, tail touch, talon, talons, tendril, tentacle, tentacles, tongue, touch, "
    "vampiric touch, wing"
)
# Natural attacks that are ranged or rays: not representable as NaturalAttack (melee).
RANGED_NATURAL = ("ray", "spittle", "spit", "web", "spikes", "spike", "strand", "rock")

# Weapon names the bestiary uses that are not rows of the weapon table.
WEAPON_ALIASES: Mapping[str, str] = {
    "chain": "spiked chain",  # chain devil (kyton): "spiked chains" in its text
    "rapier": "rapier",
    "heavy mace of disruption": "heavy mace",
}
MATERIALS = ("adamantine", "cold iron", "alchemical silver", "silver", "mithral", "darkwood")
SPECIAL_ABILITIES = {
    # weapon special abilities (SRD magic items): alignment they confer, extra damage.
    "holy": ("good", None),
    "unholy": ("evil", None),
    "axiomatic": ("lawful", None),
    "anarchic": ("chaotic", None),
    "flaming": (None, DamageType.FIRE),
    "frost": (None, DamageType.COLD),
    "shock": (None, DamageType.ELECTRICITY),
    "thundering": (None, None),
    "vorpal": (None, None),
    "keen": (None, None),
    "dancing": (None, None),
    "speed": (None, None),
    "wounding": (None, None),
    "returning": (None, None),
    "ghost touch": (None, None),
}
SIZE_WORDS = {s.label.lower(): s for s in Size}
SIZE_LETTERS = {
    "F": Size.FINE,
    "D": Size.DIMINUTIVE,
    "T": Size.TINY,
    "S": Size.SMALL,
    "M": Size.MEDIUM,
    "L": Size.LARGE,
    "H": Size.HUGE,
    "G": Size.GARGANTUAN,
    "C": Size.COLOSSAL,
}
ENERGY_WORDS = {
    "acid": DamageType.ACID,
    "cold": DamageType.COLD,
    "electricity": DamageType.ELECTRICITY,
    "fire": DamageType.FIRE,
    "sonic": DamageType.SONIC,
    "force": DamageType.FORCE,
}
QUALITY_SYNONYMS = {
    "lowlight vision": "low-light vision",
    "superior lowlight vision": "superior low-light vision",
    "superior twoweapon": "superior two-weapon fighting",
    "oversize weapon": "oversized weapon",
    "blind-fight": "blind-fight",
    "paralyis": "paralysis",  # the SRD Ghast's misprint
}

# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Published:
    """The totals a stat block prints; kept only to check the recomputed ones."""

    ac: int | None = None
    touch: int | None = None
    flat_footed: int | None = None
    ac_parts_sum: int | None = None  # 10 + the parenthesis, to spot SRD arithmetic slips
    ac_text: str = ""
    ac_items: tuple[tuple[int, str], ...] = ()  # the parenthesis: (+5, "natural"), ...
    grapple: int | None = None
    initiative: int | None = None
    fort: int | None = None
    ref: int | None = None
    will: int | None = None
    hp: int | None = None
    attack: str = ""
    full_attack: str = ""

    def number(self, name: str) -> int | None:
        value = getattr(self, name)
        return value if isinstance(value, int) else None


@dataclass(frozen=True)
class ImportedCreature:
    """One stat-block column: the components, the published totals, and the problems."""

    stat: StatBlock
    published: Published
    problems: tuple[Problem, ...] = ()
    notes: tuple[str, ...] = ()
    file: str = ""
    srd_name: str = ""

    @property
    def slug(self) -> str:
        return slug(self.stat.name)

    @property
    def clean(self) -> bool:
        return not self.problems

    def checkable(self, number: str) -> bool:
        """True if ``number`` (ac, touch, flat_footed, grapple, initiative) was printed
        and every row it depends on parsed cleanly."""
        if self.published.number(number) is None:
            return False
        deps = CHECK_FIELDS.get(number, frozenset())
        return not any(p.field in deps for p in self.problems)


@dataclass(frozen=True)
class Failure:
    """A column that produced no stat block at all."""

    name: str
    file: str
    problems: tuple[Problem, ...]


@dataclass
class ImportResult:
    """Every creature imported, and every column that could not be."""

    creatures: list[ImportedCreature] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    pages: list[Problem] = field(default_factory=list)  # pages not read fully, and why

    @property
    def stat_blocks(self) -> list[StatBlock]:
        return [c.stat for c in self.creatures]

    def by_name(self) -> dict[str, ImportedCreature]:
        return {normalize_name(c.stat.name): c for c in self.creatures}

    def get(self, name: str) -> ImportedCreature:
        """The creature called ``name`` (normalised match).

        Raises:
            KeyError: if there is none.
        """
        return self.by_name()[normalize_name(name)]

    def problems(self) -> dict[str, tuple[Problem, ...]]:
        """Parse problems by creature name (failures included)."""
        out = {c.stat.name: c.problems for c in self.creatures if c.problems}
        out.update({f.name: f.problems for f in self.failures})
        return out


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------

_NONE = {"", "—", "none", "-"}


def clean(text: str) -> str:
    """One line of stat-block text: en dashes become minus signs, x for the times
    sign, single spaces, no space inside parentheses. The em dash (none) is kept."""
    text = text.replace("\u2013", "-").replace("\u2212", "-").replace("\u00d7", "x")
    text = text.replace("\u00a0", " ").replace("\u2019", "'").replace("\u00bd", "1/2")
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\(\s+", "(", text)
    return re.sub(r"\s+\)", ")", text)


def is_none(text: str) -> bool:
    return text.strip().lower() in _NONE


def signed(text: str) -> int:
    """``+3`` -> 3, ``-1`` -> -1, ``+ 10`` -> 10.

    Raises:
        ValueError: if ``text`` holds no integer.
    """
    m = re.search(r"([+-]?)\s*(\d+)", text)
    if not m:
        raise ValueError(f"no number in {text!r}")
    return -int(m.group(2)) if m.group(1) == "-" else int(m.group(2))


def split_top(text: str, sep: str) -> list[str]:
    """Split ``text`` at ``sep`` (a regex) outside parentheses and brackets."""
    parts: list[str] = []
    depth = 0
    start = 0
    i = 0
    pattern = re.compile(sep)
    while i < len(text):
        ch = text[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            m = pattern.match(text, i)
            if m and m.end() > i:
                parts.append(text[start:i])
                start = i = m.end()
                continue
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _singular(word: str) -> str:
    irregular = {"hooves": "hoof", "antennae": "antennae", "snakes": "snakes", "arms": "arm"}
    if word in irregular:
        return irregular[word]
    parts = word.split(" ")
    last = parts[-1]
    if last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith(("ches", "shes", "sses")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return " ".join([*parts[:-1], last])


def ordinal_level(text: str) -> int:
    return int(re.match(r"(\d+)", text).group(1))  # type: ignore[union-attr]


# ---------------------------------------------------------------------------
# HTML: stat-block columns
# ---------------------------------------------------------------------------

ROW_LABELS = {
    "hit dice": "hit dice",
    "initiative": "initiative",
    "speed": "speed",
    "armor class": "armor class",
    "ac": "armor class",
    "base attack/grapple": "base attack/grapple",
    "attack": "attack",
    "full attack": "full attack",
    "space/reach": "space/reach",
    "special attacks": "special attacks",
    "special qualities": "special qualities",
    "special qualitiy": "special qualities",
    "saves": "saves",
    "abilities": "abilities",
    "skills": "skills",
    "feats": "feats",
    "environment": "environment",
    "organization": "organization",
    "challenge rating": "challenge rating",
    "treasure": "treasure",
    "alignment": "alignment",
    "advancement": "advancement",
    "level adjustment": "level adjustment",
}


@dataclass
class RawColumn:
    """One creature's column of a stat-block table, as text by row label."""

    file: str
    heading: str
    name: str
    type_line: str
    rows: dict[str, str]
    text: str
    table_index: int
    column: int
    problems: list[Problem] = field(default_factory=list)
    intro: str = ""


def _cell_text(cell: Tag) -> str:
    return clean(cell.get_text(" ", strip=True))


def _label_of(text: str) -> tuple[str | None, str]:
    """(canonical row label or None, text after the label's colon)."""
    head, colon, rest = text.partition(":")
    key = re.sub(r"\s+", " ", head.strip().lower())
    if key in ROW_LABELS:
        return ROW_LABELS[key], rest.strip() if colon else ""
    return None, ""


def _tags(elements: Iterable[Any], names: frozenset[str]) -> Iterator[Tag]:
    """The tags named ``names`` among ``elements``, lazily (find_all_next scans to the end)."""
    for el in elements:
        if isinstance(el, Tag) and el.name in names:
            yield el


_PROSE = frozenset({"p", "h2", "h3", "h4", "table", "li"})


def _description(table: Tag) -> str:
    """The prose that follows a stat-block table, up to the next stat block or h2."""
    out: list[str] = []
    for sib in _tags(table.next_elements, _PROSE):
        if sib.name == "h2":
            break
        if sib.name == "table":
            if "Base Attack" in sib.get_text():
                break
            continue
        out.append(sib.get_text(" ", strip=True))
    return clean(" \n ".join(out))


def _intro(table: Tag) -> str:
    """The prose between a stat-block table and the heading above it."""
    out: list[str] = []
    for sib in _tags(table.previous_elements, _PROSE):
        if sib.name != "p":
            break
        out.append(sib.get_text(" ", strip=True))
    return clean(" ".join(reversed(out)))


def stat_block_columns(html: str, file: str) -> list[RawColumn]:
    """Every creature column of every stat-block table of one SRD page."""
    soup = BeautifulSoup(html, "html.parser")
    columns: list[RawColumn] = []
    for t_index, table in enumerate(soup.find_all("table")):
        text = table.get_text(" ", strip=True)
        if "Base Attack" not in text or "Hit Dice" not in text:
            continue
        if "by Age" in text[:60]:
            continue  # dragon tables: parsed by _dragon_columns
        heading_tag = table.find_previous(["h2", "h3", "h4"])
        heading = clean(heading_tag.get_text(" ", strip=True)) if heading_tag else ""
        grid = [[_cell_text(c) for c in tr.find_all(["td", "th"])] for tr in table.find_all("tr")]
        width = max(len(r) for r in grid) - 1
        header: list[list[str]] = []
        rows: list[dict[str, str]] = [{} for _ in range(width)]
        last_label: str | None = None
        problems: list[Problem] = []
        for r in grid:
            if not r:
                continue
            label, inline = _label_of(r[0])
            values = r[1:]
            if label is None and r[0] == "" and not rows[0]:
                header.append(values + [""] * (width - len(values)))
                continue
            if label is None:
                # A row broken across two <tr> (Azer's AC): continue the previous row.
                if last_label is not None and width == 1 and r[0]:
                    rows[0][last_label] += " " + r[0]
                    continue
                # An unlabelled row filling the previous row's empty cells (weretiger).
                if last_label is not None and r[0] == "":
                    for i, v in enumerate(values[:width]):
                        if v and not rows[i].get(last_label):
                            rows[i][last_label] = v
                    continue
                problems.append(Problem(f"unreadable row {r!r}", file=file, field="table"))
                continue
            if inline:
                # The first value sits in the label cell ("Abilities: Str 13, ...").
                values = [inline, *values[: width - 1]]
            values = values + [""] * (width - len(values))
            for i, v in enumerate(values[:width]):
                rows[i][label] = v
            last_label = label
            # "Base Attack/Grapple: +10/+26 Attack:Morningstar ..." (athach): split.
            if label == "base attack/grapple":
                for i in range(width):
                    v = rows[i][label]
                    if "Attack:" in v:
                        before, _, after = v.partition("Attack:")
                        rows[i][label] = before.strip()
                        rows[i].setdefault("attack", after.strip())
        names = header[0] if len(header) >= 2 else [heading] * width
        # the type line, sometimes broken over two rows (werewolf lord)
        type_rows = header[1:] if len(header) >= 2 else header
        types = [" ".join(h[i] for h in type_rows).strip() for i in range(width)]
        desc = _description(table)
        intro = _intro(table)
        for i in range(width):
            if not rows[i] or not any(rows[i].values()):
                continue
            columns.append(
                RawColumn(
                    file=file,
                    heading=heading,
                    name=names[i] or heading,
                    type_line=types[i],
                    rows=rows[i],
                    text=desc,
                    table_index=t_index,
                    column=i,
                    problems=list(problems),
                    intro=intro,
                )
            )
    _fix_split_counts(columns)
    _resolve_same_as(columns)
    return columns


def _fix_split_counts(columns: list[RawColumn]) -> None:
    """A count that slipped into the previous cell (greater/elder earth elemental:
    "2 slams +23 melee (2d10+10) 2" | "slams +27 ...")."""
    for a, b in zip(columns, columns[1:], strict=False):
        if a.table_index != b.table_index or a.file != b.file:
            continue
        for label in ("attack", "full attack"):
            va, vb = a.rows.get(label, ""), b.rows.get(label, "")
            m = re.search(r"\)\s+(\d+)$", va)
            if m and re.match(r"^[a-z]", vb):
                a.rows[label] = va[: m.start() + 1]
                b.rows[label] = f"{m.group(1)} {vb}"


def _resolve_same_as(columns: list[RawColumn]) -> None:
    """Lycanthrope columns say "(same as human form)": copy from that column."""
    for col in columns:
        for label, value in list(col.rows.items()):
            m = re.match(r"^\(same as (\w+) form\)", value, re.IGNORECASE)
            if not m:
                continue
            form = m.group(1).lower()
            for other in columns:
                if (
                    other.table_index == col.table_index
                    and other.file == col.file
                    and form in other.name.lower()
                ):
                    col.rows[label] = other.rows.get(label, "")
                    break


# ---------------------------------------------------------------------------
# Equipment names (from the SRD equipment page)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EquipmentNames:
    """Weapon names and armor bonuses read from SRD equipment.html (names normalised)."""

    weapons: frozenset[str]
    armor: Mapping[str, tuple[int, bool]]  # name -> (bonus, is shield)
    armor_display: Mapping[str, str] = field(default_factory=dict)  # key -> "half-plate"
    one_handed: frozenset[str] = frozenset()


@cache
def equipment_names(srd_dir: Path) -> EquipmentNames:
    """Read weapon names and armor bonuses from ``basic-rules-and-legal/equipment.html``.

    Falls back on a short built-in list if the page is missing.

    Raises:
        InputError: if the page is there but cannot be read fully.
    """
    page = srd_dir / "basic-rules-and-legal" / "equipment.html"
    weapons: set[str] = set()
    one_handed: set[str] = set()
    armor: dict[str, tuple[int, bool]] = {}
    display: dict[str, str] = {}
    if page.exists():
        soup = BeautifulSoup(read_page(page), "html.parser")
        for table in soup.find_all("table"):
            head = table.get_text(" ", strip=True)[:200]
            rows = [[_cell_text(c) for c in tr.find_all(["td", "th"])] for tr in table("tr")]
            if "Dmg (S)" in head:
                section = ""
                for r in rows:
                    if len(r) == 1:
                        section = r[0].lower()
                    if len(r) >= 4 and re.match(r"^\d*d?\d", r[3]) and r[1]:
                        name = normalize_name(re.sub(r"\s+\d+$", "", r[0]))
                        weapons.add(name)
                        if section.startswith("one-handed"):
                            one_handed.add(name)
            elif "Maximum Dex Bonus" in table.get_text(" ", strip=True)[:400]:
                shields = False
                for r in rows:
                    if r and r[0] == "Shields":
                        shields = True
                    if len(r) >= 3 and re.match(r"^\+\d", r[2]):
                        armor[normalize_name(r[0])] = (signed(r[2]), shields)
                        head, _, tail = r[0].lower().partition(",")
                        display[normalize_name(r[0])] = f"{tail.strip()} {head}".strip()
    if not weapons:
        weapons.update({"longsword", "greatclub", "javelin", "dagger", "club", "longbow"})
    if not armor:
        armor = {
            "leather": (2, False),
            "hide": (3, False),
            "chain shirt": (4, False),
            "light wooden shield": (1, True),
            "heavy wooden shield": (2, True),
        }
    weapons.update({"unarmed strike"})
    return EquipmentNames(frozenset(weapons), armor, display, frozenset(one_handed))


# ---------------------------------------------------------------------------
# Row parsers
# ---------------------------------------------------------------------------


class RowError(ValueError):
    """A row that could not be read; becomes a Problem on the creature."""


def parse_size_type(text: str) -> tuple[Size, CreatureType, tuple[str, ...]]:
    """``Large Outsider (Evil, Extraplanar, Lawful)`` -> size, type, subtypes.

    Raises:
        RowError: for an unknown size or type.
    """
    text = clean(text)
    m = re.match(r"^\s*(\w+)\s+([A-Za-z ]+?)\s*(?:\((.*)\))?\s*$", text)
    if not m:
        raise RowError(f"cannot read size and type {text!r}")
    size_word, type_word, subs = m.groups()
    if size_word.lower() not in SIZE_WORDS:
        raise RowError(f"unknown size {size_word!r}")
    try:
        ctype = CreatureType(type_word.strip().lower())
    except ValueError:
        raise RowError(f"unknown creature type {type_word!r}") from None
    subtypes = tuple(s.strip().lower() for s in (subs or "").split(",") if s.strip())
    return SIZE_WORDS[size_word.lower()], ctype, subtypes


@dataclass(frozen=True)
class HitDiceText:
    groups: tuple[tuple[Fraction, int], ...]
    bonus: int
    hp: int | None


def parse_hit_dice(text: str) -> HitDiceText:
    """``4d8+19 plus 4d12+16 (79 hp)``, ``1/2 d8 (2 hp)``, ``7d8 + 7d10 + 28 (103 hp)``.

    >>> hd = parse_hit_dice("4d8+19 plus 4d12+16 (79 hp)")
    >>> [(int(c), d) for c, d in hd.groups], hd.bonus, hd.hp
    ([(4, 8), (4, 12)], 35, 79)

    Raises:
        RowError: if no hit dice can be read.
    """
    text = clean(text)
    hp_m = re.search(r"\((\d+)\s*hp\)", text)
    body = text[: hp_m.start()] if hp_m else text
    groups: list[tuple[Fraction, int]] = []
    for m in re.finditer(r"(\d+(?:/\d+)?)\s*d\s*(\d+)", body):
        groups.append((Fraction(m.group(1)), int(m.group(2))))
    if not groups:
        raise RowError(f"cannot read hit dice {text!r}")
    rest = re.sub(r"\d+(?:/\d+)?\s*d\s*\d+", "", body)
    bonus = sum(signed(b) for b in re.findall(r"[+-]\s*\d+", rest))
    return HitDiceText(tuple(groups), bonus, int(hp_m.group(1)) if hp_m else None)


def _without_fast_movement(speed: Speeds, classes: list[Any], modifiers: list[Any]) -> Speeds:
    """SRD barbarian "Fast Movement": +10 ft. on top of the speed armor allows (the SRD
    "Ogre, 4th-Level Barbarian": base speed 50, 40 ft. in hide armor = 30 + 10). The
    printed base speed includes it; the stat block keeps the racial speed and the +10
    as a speed modifier, which the statistics add after the armor."""
    if not any(getattr(c, "name", "").lower() == "barbarian" for c in classes) or speed.land < 10:
        return speed
    modifiers.append(
        StatModifier(stat="speed", value=10, type=BonusType.UNTYPED, source="fast movement")
    )
    return speed.model_copy(update={"land": speed.land - 10})


def parse_speed(text: str) -> Speeds:
    """Base speeds by mode. An armored creature's "base speed" part wins.

    ``30 ft. in hide armor (6 squares); base speed 40 ft.`` -> land 40.

    Raises:
        RowError: if no speed can be read.
    """
    text = clean(text)
    parts = [p.strip() for p in text.split(";")]
    chosen = parts[0]
    for p in parts[1:]:
        if "base" in p.lower():
            chosen = re.sub(
                r"\bbase (land |fly )?speed\b", lambda m: m.group(1) or "", p, flags=re.IGNORECASE
            )
            chosen = re.sub(r"^\s*land\s+", "", chosen.strip())
            break
    chosen = re.sub(r"\(\d+ squares?\)\.?", "", chosen)
    chosen = re.sub(r"\bin [^,;(]*?(armor|mail|plate|breastplate|barding|chainmail)\b", "", chosen)
    out: dict[str, Any] = {"land": 0}
    land = re.match(r"^\s*(\d+)\s*ft", chosen)
    if land:
        out["land"] = int(land.group(1))
    found = bool(land)
    for m in re.finditer(
        r"\b(fly|swim|climb|burrow)\s+(\d+)\s*ft\.?\s*(?:\((\w+)\))?", chosen, re.IGNORECASE
    ):
        mode = m.group(1).lower()
        out[mode] = int(m.group(2))
        if mode == "fly" and m.group(3):
            out["fly_maneuverability"] = m.group(3).lower()
        found = True
    if not found:
        raise RowError(f"cannot read speed {text!r}")
    return Speeds(**out)


@dataclass(frozen=True)
class ArmorClassText:
    total: int | None
    touch: int | None
    flat_footed: int | None
    parts_sum: int | None
    natural: int = 0
    armor: ArmorRef | None = None
    shield: ArmorRef | None = None
    modifiers: tuple[StatModifier, ...] = ()
    size: int | None = None
    dex: int | None = None
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    items: tuple[tuple[int, str], ...] = ()


_ITEM_BONUS = {
    "ring of protection": ("ac", BonusType.DEFLECTION),
    "bracers of armor": ("ac", BonusType.ARMOR),
    "amulet of natural armor": ("ac", BonusType.NATURAL_ARMOR),
}
_NAMED_BONUS = {
    "deflection": BonusType.DEFLECTION,
    "dodge": BonusType.DODGE,
    "insight": BonusType.INSIGHT,
    "luck": BonusType.LUCK,
    "profane": BonusType.PROFANE,
    "sacred": BonusType.SACRED,
    "morale": BonusType.MORALE,
    "racial": BonusType.RACIAL,
}


def _armor_name(words: str, eq: EquipmentNames) -> tuple[str, str, bool] | None:
    """(table name, label, is shield) for an armor phrase like ``heavy steel shield``."""
    w = words.lower().strip()
    w = re.sub(r"\bbarding\b", "", w).strip()
    label = words.strip()
    w = w.replace("mithral ", "").replace("darkwood ", "")
    guesses = [w, w.removesuffix(" armor")]
    if w == "plate":
        guesses.append("full plate")
    if w in ("heavy shield", "large shield"):
        guesses.append("heavy steel shield")
    if w in ("light shield", "small shield"):
        guesses.append("light steel shield")
    if w == "leather armor":
        guesses.append("leather")
    for g in guesses:
        key = normalize_name(g)
        if key in eq.armor:
            return eq.armor_display.get(key, key), label, eq.armor[key][1]
    return None


def parse_armor_class(
    text: str, eq: EquipmentNames, *, incorporeal: bool = False
) -> ArmorClassText:
    """Read the published totals and the components of an Armor Class row.

    Size and Dex items are read only to check them; natural armor, armor, shield and
    named bonuses become components. An incorporeal creature's deflection bonus is
    its Charisma bonus (SRD types "Incorporeal Subtype"): not stored, since the rules
    derive it (or do not model it yet).

    Raises:
        RowError: if the total cannot be read.
    """
    text = clean(text)
    text = re.sub(r"^AC\s+", "", text)
    m = re.match(r"^(\d+)\s*(?:\((.*?)\))?", text)
    if not m:
        raise RowError(f"cannot read armor class {text!r}")
    total = int(m.group(1))
    inner = m.group(2) or ""
    # the first touch and flat-footed numbers belong to the first alternative
    # ("..., or 14 (+1 Dex, +3 deflection) ..." is another form; lizardfolk list both)
    tail = text[m.end() :]
    t_m = re.search(r"touch\s+(\d+)", tail)
    f_m = re.search(r"flat-?\s?footed\s+(\d+)", tail)
    problems: list[str] = []
    notes: list[str] = []
    natural = 0
    body: ArmorRef | None = None
    shield: ArmorRef | None = None
    mods: list[StatModifier] = []
    size: int | None = None
    dex: int | None = None
    parts_sum = 10
    items: list[tuple[int, str]] = []
    for raw in split_top(inner, r",\s*") if inner else []:
        item = raw.strip().rstrip(".").strip()
        if not item:
            continue
        im = re.match(r"^([+-]\s?\d+)\s+(.*)$", item)
        if im:
            value = signed(im.group(1))
            what = im.group(2).strip()
        else:
            # "ring of protection +1" with its bonus after the name only
            tm = re.match(r"^(.*?)\s*\+(\d+)$", item)
            if not tm:
                problems.append(f"unreadable AC item {item!r}")
                continue
            value, what = int(tm.group(2)), item
        parts_sum += value
        lw = what.lower().rstrip(".")
        items.append((value, lw))
        if lw in ("size",):
            size = value
        elif lw in ("dex", "dex."):
            dex = value
        elif lw in ("natural", "natural armor"):
            natural += value
        elif any(lw.startswith(k) for k in _ITEM_BONUS):
            key = next(k for k in _ITEM_BONUS if lw.startswith(k))
            stat, btype = _ITEM_BONUS[key]
            mods.append(StatModifier(stat=stat, value=value, type=btype, source=what))
        elif lw in _NAMED_BONUS:
            btype = _NAMED_BONUS[lw]
            if btype is BonusType.DEFLECTION and incorporeal:
                notes.append(f"+{value} deflection (incorporeal: Cha bonus) not stored")
                continue
            mods.append(
                StatModifier(
                    stat="ac", value=value, type=btype, source=f"{lw} bonus (SRD stat block)"
                )
            )
        else:
            em = re.match(r"^(?:\+(\d+)\s+)?(masterwork\s+)?(.*)$", what)
            assert em is not None
            enh = int(em.group(1)) if em.group(1) else 0
            found = _armor_name(em.group(3), eq)
            if found is None:
                problems.append(f"unknown AC item {item!r}")
                continue
            name, label, is_shield = found
            base = eq.armor[normalize_name(name)][0]
            if base + enh != value:
                notes.append(f"AC item {item!r}: table bonus {base} + {enh} != {value}")
            plain = normalize_name(label) == normalize_name(name)
            ref = ArmorRef(
                armor=name,
                enhancement=enh,
                masterwork=bool(em.group(2)),
                label=None if plain else ((f"+{enh} " if enh else "") + label.lower()),
            )
            if is_shield:
                shield = ref
            else:
                body = ref
    return ArmorClassText(
        total=total,
        touch=int(t_m.group(1)) if t_m else None,
        flat_footed=int(f_m.group(1)) if f_m else None,
        parts_sum=parts_sum if inner else None,
        natural=natural,
        armor=body,
        shield=shield,
        modifiers=tuple(mods),
        size=size,
        dex=dex,
        problems=tuple(problems),
        notes=tuple(notes),
        items=tuple(items),
    )


def parse_bab_grapple(text: str) -> tuple[int, int | None]:
    """``+3/+12`` -> (3, 12); ``+2/—`` -> (2, None).

    Raises:
        RowError: if the BAB cannot be read.
    """
    text = clean(text)
    m = re.match(r"^\s*([+-]?\s?\d+)\s*/\s*(.*)$", clean(text))
    if not m:
        raise RowError(f"cannot read base attack/grapple {text!r}")
    grapple_text = m.group(2).strip()
    g = re.match(r"^([+-]\s?\d+)", grapple_text)
    return signed(m.group(1)), signed(g.group(1)) if g else None


def parse_abilities(text: str) -> dict[str, int | None]:
    """``Str 21, Dex 8, Con —, ...`` (a nonability is None).

    Raises:
        RowError: if any of the six is missing.
    """
    text = clean(text)
    out: dict[str, int | None] = {}
    for m in re.finditer(r"\b(Str|Dex|Con|Int|Wis|Cha)[\W_]{0,3}(\d+|—|-)", text):
        key = m.group(1).lower()
        out[key] = int(m.group(2)) if m.group(2).isdigit() else None
    missing = [a for a in ("str", "dex", "con", "int", "wis", "cha") if a not in out]
    if missing:
        raise RowError(f"missing ability scores {missing} in {text!r}")
    return out


def parse_saves(text: str) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for key, word in (("fort", "Fort"), ("ref", "Ref"), ("will", "Will")):
        m = re.search(word + r"\s*([+-]\s?\d+|—)", text)
        out[key] = signed(m.group(1)) if m and m.group(1) != "—" else None
    return out


def parse_feats(text: str) -> tuple[list[FeatRef], list[str]]:
    """Feats with parameters; ``B`` (bonus feat) marks dropped; ``Toughness (2)`` twice."""
    text = clean(text)
    feats: list[FeatRef] = []
    problems: list[str] = []
    if is_none(text):
        return feats, problems
    for raw in split_top(text, r",\s*"):
        item = re.sub(r"^and\s+", "", raw.strip()).rstrip(".").strip()
        item = re.sub(r"\s+B$|\s*\*$", "", item).strip()
        item = re.sub(r"\s+B\s*(?=\()", " ", item)
        if not item:
            continue
        m = re.match(r"^([^()]+?)\s*(?:\((.*)\))?\s*(B)?$", item)
        if not m:
            problems.append(f"unreadable feat {raw!r}")
            continue
        name = m.group(1).strip()
        name = FEAT_MISPRINTS.get(name.lower(), name)
        param = (m.group(2) or "").strip() or None
        if name.lower() == "toughness" and param and param.isdigit():
            feats.extend(FeatRef(name="Toughness") for _ in range(int(param)))
            continue
        if param and "," in param and name.lower().startswith("improved natural"):
            params: list[str | None] = [p.strip() for p in param.split(",")]
        else:
            params = [param.lower() if param and _lower_param(name) else param]
        for one in params:
            try:
                feats.append(FeatRef(name=name, param=one))
            except ValidationError as exc:  # not an SRD feat: named, not kept
                problems.append(f"{exc.errors()[0]['msg']} in {raw.strip()!r}")
    return feats, problems


# Feat names SRD stat blocks misprint, and the feat meant (monsters/monster-feats.html).
FEAT_MISPRINTS: Mapping[str, str] = {
    "improved natural weapon": "Improved Natural Attack",
    "quickened spell-like ability": "Quicken Spell-Like Ability",
}


def _lower_param(feat: str) -> bool:
    return feat.lower() in {
        "weapon focus",
        "weapon specialization",
        "improved critical",
        "improved natural attack",
        "improved natural weapon",
        "greater weapon focus",
        "exotic weapon proficiency",
        "martial weapon proficiency",
        "ability focus",
    }


def parse_skills(text: str) -> tuple[dict[str, int], list[str]]:
    """``Climb +5, Listen +2`` -> {"climb": 5, "listen": 2}; conditional extras dropped."""
    text = clean(text)
    skills: dict[str, int] = {}
    problems: list[str] = []
    if is_none(text):
        return skills, problems
    for raw in split_top(text, r",\s*"):
        m = re.match(r"^(.*?)\s*([+-]?\s?\d+)\*?(?:\s*\(.*\))?\s*\*?$", raw.strip())
        if not m or not m.group(1):
            if raw.strip().startswith("("):
                continue  # a conditional note split off its skill
            problems.append(f"unreadable skill {raw!r}")
            continue
        skills[m.group(1).strip().lower()] = signed(m.group(2))
    return skills, problems


@dataclass(frozen=True)
class Defenses:
    dr: tuple[DamageReduction, ...] = ()
    resist: Mapping[DamageType, int] = field(default_factory=dict)
    immune: frozenset[DamageType] = frozenset()
    vulnerable: frozenset[DamageType] = frozenset()
    immunities: frozenset[str] = frozenset()
    qualities: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


def _energy(word: str) -> DamageType | None:
    return ENERGY_WORDS.get(word.strip().lower())


def parse_qualities(text: str) -> Defenses:
    """Special Qualities: DR, resistances, immunities, vulnerabilities, keywords.

    ``resistance to acid 10, cold 10, and fire 10`` and ``immunity to fire, cold, and
    poison`` span commas: items that are only an energy word (and a number) join the
    list before them.
    """
    text = clean(text)
    dr: list[DamageReduction] = []
    resist: dict[DamageType, int] = {}
    immune: set[DamageType] = set()
    vulnerable: set[DamageType] = set()
    immunities: set[str] = set()
    qualities: list[str] = []
    problems: list[str] = []
    if is_none(text):
        return Defenses()
    text = re.sub(r";\s*also see text", "", text, flags=re.IGNORECASE)
    # "spell resistance 15 vulnerability to sunlight": a missing comma
    text = re.sub(r"(\d)\s+(?=(?:vulnerability|immunity|resistance|spell)\b)", r"\1, ", text)
    mode: str | None = None
    for raw in split_top(text, r",\s*|;\s*"):
        item = clean(raw).rstrip(".").strip()
        low = re.sub(r"^and\s+", "", item.lower()).strip()
        if not low:
            continue
        m = re.match(r"^(?:damage reduction|dr)\s+(\d+\s*/\s*.+)$", low)
        if m:
            try:
                dr.append(DamageReduction.model_validate(m.group(1).replace("—", "-")))
            except ValidationError:
                problems.append(f"unreadable damage reduction {item!r}")
            mode = None
            continue
        m = re.match(r"^resistance to\s+(.*)$", low)
        if m:
            mode = "resist"
            low = m.group(1)
        else:
            m = re.match(r"^(immunity|immune) to\s+(.*)$", low)
            if m:
                mode = "immune"
                low = m.group(2)
            else:
                m = re.match(r"^vulnerability to\s+(.*)$", low)
                if m:
                    mode = "vulnerable"
                    low = m.group(1)
                elif mode is not None and not re.match(
                    r"^(acid|cold|electricity|fire|sonic|force|poison|petrification|sleep|"
                    r"paralysis|disease|magic|charm|compulsion|fear|critical hits|"
                    r"transformation|mind-affecting|ability damage|energy drain|polymorph)\b",
                    low,
                ):
                    mode = None
        if mode is None:
            if low.startswith("resistance to"):  # "resistance to charm"
                qualities.append(low)
                continue
            qualities.append(_quality(low))
            continue
        for piece in re.split(r"\s+and\s+|\s*,\s*", low):
            piece = piece.strip().removeprefix("and ").strip()
            if not piece:
                continue
            pm = re.match(r"^([a-z -]+?)\s*(\d+)?(?:\s+effects)?$", piece)
            if not pm:
                problems.append(f"unreadable {mode} item {piece!r}")
                continue
            word, amount = pm.group(1).strip(), pm.group(2)
            energy = _energy(word)
            if mode == "resist":
                if energy is None or amount is None:
                    if word in ("charm", "sleep", "poison"):
                        qualities.append(f"resistance to {word}")
                    else:
                        problems.append(f"unreadable resistance {piece!r}")
                    continue
                resist[energy] = max(resist.get(energy, 0), int(amount))
            elif mode == "immune":
                if energy is not None:
                    immune.add(energy)
                else:
                    immunities.add(word)
            elif energy is not None:
                vulnerable.add(energy)
            else:
                qualities.append(f"vulnerability to {word}")
    return Defenses(
        dr=tuple(dr),
        resist=resist,
        immune=frozenset(immune),
        vulnerable=frozenset(vulnerable),
        immunities=frozenset(immunities),
        qualities=tuple(dict.fromkeys(q for q in qualities if q)),
        problems=tuple(problems),
    )


def _quality(low: str) -> str:
    q = QUALITY_SYNONYMS.get(low, low)
    q = re.sub(r"(\d+)\s*ft\b\.?", r"\1 ft.", q)
    q = re.sub(
        r"^(darkvision|blindsight|blindsense|tremorsense|telepathy|lifesense)\s+(\d)", r"\1 \2", q
    )
    return q.strip()


def parse_special_attacks(text: str) -> tuple[str, ...]:
    if is_none(text):
        return ()
    return tuple(
        dict.fromkeys(
            _quality(clean(p).lower().rstrip(".")) for p in split_top(text, r",\s*") if p.strip()
        )
    )


_TRIP_RULE = re.compile(
    r"Trip \(Ex\):\s*(?:A|An) [^.]*?hits with (?:a|an|its) ([a-z ]+?) attacks?\b[^.]*?"
    r"\(([+-]\d+) check modifier\)",
    re.IGNORECASE,
)
_RAKE_RULE = re.compile(
    r"Rake \(Ex\):\s*(?:(\w+) claws, )?attack bonus ([+-]\d+) melee, damage (\d+d\d+(?:[+-]\d+)?)",
    re.IGNORECASE,
)
_TRAMPLE_RULE = re.compile(r"Trample \(Ex\):[^.]*?\bDC (\d+)", re.IGNORECASE)
# SRD monsters pages: "Petrifying Gaze (Su): Turn to stone permanently, range 30 feet;
# Fortitude DC 13 negates" (basilisk), "Death, range 30 feet, Fortitude DC 15" (bodak),
# "Paralysis for 1d6 rounds, 30 feet, Fortitude DC 13" (rast)
_GAZE_RULE = (
    r"Gaze \(Su\):\s*(Turn to stone permanently|Death|Paralysis for (\d+d\d+) rounds),"
    r"\s*(?:range )?(\d+) (?:feet|ft\.?)[,;]\s*(Fortitude|Will) DC (\d+) negates"
)
_GAZE_EFFECT = {"t": "petrified", "d": "dead", "p": "paralyzed"}
# SRD monsters-t-z.html: "Energy Drain (Su): Living creatures hit by a wight's slam attack
# gain one negative level. The DC is 14 for the Fortitude save to remove a negative level."
_ENERGY_DRAIN_RULE = (
    r"Energy Drain \(Su\):\s*Living creatures hit by an? {who}['\u2019]s ([a-z ]+?) attack"
    r"[^.]*? gain (one|two|three|four) negative levels?\.(?:\s*The DC is (\d+) for the "
    r"Fortitude save)?"
)
# "Constitution Drain (Su): Living creatures hit by a wraith's incorporeal touch attack
# must succeed on a DC 14 Fortitude save or take 1d6 points of Constitution drain."
# (group 1 the attack, 2 the DC, 3 the points); "Wisdom Drain (Su): An allip causes 1d4
# points of Wisdom drain each time it hits with its incorporeal touch attack" (4 the
# points, 5 the attack; the lamia's "drains 1d4 points of Wisdom each time ...").
_ABILITY_DRAIN_RULE = (
    r"Drain \(Su\):\s*(?:Living creatures hit by an? {who}['\u2019]s ([a-z ]+?) attack "
    r"(?:must succeed on a DC (\d+) Fortitude save or )?(?:take|lose) (\d+d\d+|\d+) points? of"
    r"|An? {who} (?:causes|drains) (\d+d\d+|\d+) points? of [a-z ]+? each time it hits "
    r"with its ([a-z ]+?) attack)"
)
_ABILITIES = {
    "strength": "str",
    "dexterity": "dex",
    "constitution": "con",
    "intelligence": "int",
    "wisdom": "wis",
    "charisma": "cha",
}
_COUNTS = {"two": 2, "three": 3, "four": 4, "six": 6, "eight": 8}


def _entry(pattern: re.Pattern[str], text: str, name: str) -> re.Match[str] | None:
    """The creature's own "(Ex)" entry in a text that may describe several creatures (the
    lammasu's page gives the golden protector's rake too): the first match from the
    first mention of ``name``, else the first."""
    at = text.lower().find(name.lower()) if name else -1
    if at > 0:
        m = pattern.search(text, at)
        if m is not None:
            return m
    return pattern.search(text)


def _own_entry(template: str, text: str, name: str) -> re.Match[str] | None:
    """The entry of ``template`` (a pattern with ``{who}``) naming the creature itself
    ("hit by a dread wraith's ..."), else the first of any creature (:func:`_entry`)."""
    if name:
        pattern = re.compile(template.format(who=re.escape(name)), re.IGNORECASE)
        m = pattern.search(text)
        if m is not None:
            return m
    return _entry(re.compile(template.format(who=r"[^.]*?"), re.IGNORECASE), text, name)


def parse_special_attack_rules(
    special_attacks: tuple[str, ...], text: str, name: str = ""
) -> tuple[tuple[SpecialAttack, ...], list[str]]:
    """The numbers of the special attacks d20combat models, from the creature's
    descriptive text (SRD monsters pages, "<Name> (Ex): ..."), and what could not be
    read. ``special_attacks`` is the normalised "Special Attacks" row; ``name`` picks the
    creature's own entry in a text that describes several (:func:`_entry`).

    * "Trip (Ex): A wolf that hits with a bite attack can attempt to trip the opponent
      (+1 check modifier)": ``trip``, attacks ``bite``, modifier +1 ("claw or bite": both).
    * "Pounce": ``pounce``.
    * "Rake (Ex): Attack bonus +7 melee, damage 1d4+2": ``rake``, two attacks (the pounce's
      "two rake attacks"; "Six claws, attack bonus ..." six).
    * "trample 2d8+3" in the row and "Trample (Ex): Reflex half DC 19": ``trample``.
    * "petrifying gaze" in the row and "Petrifying Gaze (Su): Turn to stone permanently,
      range 30 feet; Fortitude DC 13 negates": ``gaze`` (range 30, fort DC 13,
      petrified); a gaze of another effect (charm, fear ...) is not read (not modelled).
    * "energy drain" and "Energy Drain (Su): Living creatures hit by a wight's slam
      attack gain one negative level. The DC is 14 ...": ``energy drain``, attacks
      ``slam``, count 1, dc 14.
    * "constitution drain" and "Constitution Drain (Su): Living creatures hit by a
      wraith's incorporeal touch attack must succeed on a DC 14 Fortitude save or take
      1d6 points of Constitution drain": ``ability drain``, con, 1d6, dc 14. A drain of
      another form (a succubus's kiss, a nightcrawler's swallow) is not read (not
      modelled: listed so).
    """
    out: list[SpecialAttack] = []
    problems: list[str] = []
    for entry in special_attacks:
        if names_keyword(entry, "trip"):
            m = _entry(_TRIP_RULE, text, name)
            if m is None:
                problems.append("Trip (Ex): no check modifier in the text")
                continue
            names = tuple(n.strip().lower() for n in re.split(r"\s+or\s+", m.group(1)))
            out.append(SpecialAttack(kind="trip", attacks=names, modifier=int(m.group(2))))
        elif names_keyword(entry, "pounce"):
            out.append(SpecialAttack(kind="pounce"))
        elif names_keyword(entry, "rake"):
            m = _entry(_RAKE_RULE, text, name)
            if m is None:
                problems.append("Rake (Ex): no attack bonus and damage in the text")
                continue
            count = _COUNTS.get((m.group(1) or "two").lower(), 2)
            out.append(
                SpecialAttack(kind="rake", count=count, bonus=int(m.group(2)), damage=m.group(3))
            )
        elif names_keyword(entry, "trample"):
            dice = entry.split()[1] if len(entry.split()) > 1 else ""
            m = _entry(_TRAMPLE_RULE, text, name)
            if not re.fullmatch(r"\d+d\d+(?:[+-]\d+)?", dice) or m is None:
                problems.append("Trample (Ex): no damage in the row or no DC in the text")
                continue
            out.append(SpecialAttack(kind="trample", damage=dice, dc=int(m.group(1))))
        elif names_keyword(entry, "energy drain"):
            m = _own_entry(_ENERGY_DRAIN_RULE, text, name)
            if m is None:  # another form (a succubus's kiss): not read, not modelled
                continue
            out.append(
                SpecialAttack(
                    kind="energy drain",
                    attacks=(m.group(1).lower(),),
                    count=_COUNTS.get(m.group(2).lower(), 1),
                    dc=int(m.group(3)) if m.group(3) else None,
                )
            )
        elif (
            len(entry.split()) == 2
            and entry.split()[1].lower() == "drain"
            and entry.split()[0].lower() in _ABILITIES
        ):
            word = entry.split()[0].lower()
            m = _own_entry(word + r"\s+" + _ABILITY_DRAIN_RULE, text, name)
            if m is None:  # another form: not read, not modelled
                continue
            out.append(
                SpecialAttack(
                    kind="ability drain",
                    attacks=((m.group(1) or m.group(5)).lower(),),
                    ability=_ABILITIES[word],
                    damage=m.group(3) or m.group(4),
                    dc=int(m.group(2)) if m.group(2) else None,
                )
            )
        elif entry.lower().endswith("gaze"):
            title = re.escape(entry[: -len("gaze")].strip())
            m = _entry(re.compile(title + r"\s+" + _GAZE_RULE, re.I), text, name)
            # "The save DC for the abyssal greater basilisk's petrifying gaze (DC 21)"
            own = re.search(
                r"\bthe " + re.escape(name) + "[\u2019']s " + re.escape(entry) + r" \(DC (\d+)\)",
                text,
                re.I,
            )
            if m is not None:
                out.append(
                    SpecialAttack(
                        kind="gaze",
                        range=int(m.group(3)),
                        save="fort" if m.group(4).lower() == "fortitude" else "will",
                        dc=int((own or m).group(1 if own else 5)),
                        effect=_GAZE_EFFECT[m.group(1)[0].lower()],
                        duration=m.group(2),
                    )
                )
    return tuple(out), problems


def parse_space_reach(text: str) -> tuple[float, int, dict[str, int]]:
    """``10 ft./5 ft. (10 ft. with bite)`` -> (10, 5, {"bite": 10}).

    Raises:
        RowError: if space or reach cannot be read.
    """
    text = clean(text)
    t = clean(text).replace("1/2 ft", "0.5 ft")
    m = re.match(
        r"^\s*(?:(\d+)-)?(\d+(?:/\d+|\.\d+)?)\s*ft\.?(?:\s*\(\d+ squares?\)\.?)?\s*/\s*"
        r"(\d+)\s*ft\.?",
        t,
    )
    if not m:
        raise RowError(f"cannot read space/reach {text!r}")
    whole, frac, reach = m.groups()
    space = float(Fraction(frac)) + (int(whole) if whole else 0)
    extra: dict[str, int] = {}
    for em in re.finditer(r"(\d+)\s*ft\.? with ([^,)]+)", t[m.end() :]):
        for w in re.split(r"\s+or\s+", em.group(2)):
            extra[_singular(w.strip().lower())] = int(em.group(1))
    return space, int(reach), extra


# ---------------------------------------------------------------------------
# Attacks
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AttackGroup:
    """One ``2 claws +5 melee (1d4+2 plus poison)`` group of an attack line."""

    text: str
    count: int
    name: str
    bonuses: tuple[int, ...]
    ranged: bool
    touch: bool
    damage: str
    starred: bool = False  # "*": a secondary attack (horses, camel)


_GROUP = re.compile(
    r"^(?P<pre>.*?)\s*(?P<bon>[+-]\s?\d+(?:\s*/\s*[+-]\d+)*)\s*(?P<kind>melee|ranged)?"
    r"\s*(?P<touch>touch)?\s*\*?\s*,?\s*(?:\((?P<dmg>.*)\))?\s*\*?$",
    re.IGNORECASE,
)


def parse_attack_line(text: str) -> list[list[AttackGroup]]:
    """Alternatives (``or``/``;``) of groups (``and``) of one Attack or Full Attack line."""
    text = clean(text)
    if is_none(text):
        return []
    options: list[list[AttackGroup]] = []
    # "; or" and "or" separate alternatives; a bare ";" joins like "and" (grick)
    for alt in split_top(text, r";?\s+or\s+|,\s*or\s+"):
        groups: list[AttackGroup] = []
        for g in split_top(alt, r",?\s+and\s+|,\s+(?=\d*\s*[a-z])|;\s*"):
            grp = _attack_group(g)
            if grp is not None:
                groups.append(grp)
        if groups:
            options.append(groups)
    return options


def _attack_group(text: str) -> AttackGroup | None:
    t = text.strip().rstrip(",").strip()
    t = re.sub(r"\)\)$", ")", t)  # "(1d6+3))" (barghest)
    if t.count("(") > t.count(")"):
        t += ")"  # "(1d8+5" (greater barghest)
    t = re.sub(r"\)\s*(/\s*x\d)$", r"\1)", t)  # "(1d6-2)/x3" (pixie)
    # damage in the last parenthesis
    dmg = ""
    dm = re.search(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*\*?$", t)
    head = t
    # "(+4 Str bonus)" inside a bow's name is not its damage
    if (
        dm
        and re.search(r"\d|[a-z]", dm.group(1))
        and not re.match(r"^[+-]\d+ Str bonus$", dm.group(1))
    ):
        dmg = dm.group(1)
        head = t[: dm.start()].strip()
    m = re.match(
        r"^(?P<pre>.*?)\s*(?P<bon>[+-]\s?\d+(?:\s*/\s*[+-]\d+)*)\s*(?P<kind>melee|ranged)?"
        r"\s*(?P<touch>touch)?[\s,*]*$",
        head,
        re.IGNORECASE,
    )
    if m and m.group("pre").strip():
        pre = m.group("pre").strip()
        bonuses = tuple(signed(b) for b in re.findall(r"[+-]\s?\d+", m.group("bon")))
        ranged = (m.group("kind") or "").lower() == "ranged"
        touch = bool(m.group("touch"))
    else:
        pre, bonuses, ranged, touch = head, (), False, False
        if not pre:
            return None
    count = 1
    cm = re.match(r"^(\d+|1d4)\s+(.*)$", pre)
    if cm and not re.match(r"^\d+\s*(?:st|nd|rd|th)\b", pre):
        count = 4 if cm.group(1) == "1d4" else int(cm.group(1))
        pre = cm.group(2)
    starred = "*" in t
    return AttackGroup(t, count, pre.strip(), bonuses, ranged, touch, dmg.replace("*", ""), starred)


@dataclass(frozen=True)
class DamageText:
    dice: str
    bonus: int
    crit_range: int
    crit_mult: int
    extra: tuple[ExtraDamage, ...]
    effects: tuple[str, ...]


def parse_damage(text: str) -> DamageText:
    """``2d6+4/19-20 plus 1d6 fire plus poison`` -> dice 2d6, +4, 19, x2, extra, effects."""
    text = clean(text)
    parts = re.split(r"\s+plus\s+|\s+and\s+(?=\d+d\d+\s+[a-z])", clean(text))
    first = parts[0].strip()
    extra: list[ExtraDamage] = []
    effects: list[str] = []
    dice = "0"
    bonus = 0
    crit_range = 20
    crit_mult = 2
    m = re.match(
        r"^(\d+d\d+|\d+)\s*([+-]\s?\d+)?\*?\s*(?:/\s*(\d+)-20)?\s*(?:/\s*x?(\d))?\s*(.*)$", first
    )
    if m:
        dice = m.group(1)
        bonus = signed(m.group(2)) if m.group(2) else 0
        crit_range = int(m.group(3)) if m.group(3) else 20
        crit_mult = int(m.group(4)) if m.group(4) else 2
        tail = m.group(5).strip().strip(",").strip()
        if tail:
            energy = _energy(tail)
            if energy is not None and dice != "0":
                # "1d4 fire" as the whole damage (a fire elemental's slam is not split)
                extra.append(ExtraDamage(dice=dice, type=energy, source="SRD stat block"))
                dice = "0"
            else:
                effects.append(tail.lower())
    elif first:
        effects.append(first.lower())
    for p in parts[1:]:
        p = p.strip()
        em = re.match(r"^(\d+d\d+|\d+)\s+(\w+)$", p)
        if em and _energy(em.group(2)) is not None:
            extra.append(
                ExtraDamage(dice=em.group(1), type=_energy(em.group(2)), source="SRD stat block")
            )
        elif p:
            effects.append(p.lower())
    return DamageText(dice, bonus, crit_range, crit_mult, tuple(extra), tuple(effects))


@dataclass(frozen=True)
class WeaponText:
    ref: WeaponRef
    two_handed_hint: bool = False


def identify_weapon(name: str, eq: EquipmentNames, creature_size: Size) -> WeaponRef | None:
    """``+1 holy composite longbow (+4 Str bonus)`` -> WeaponRef, or None if not a weapon."""
    n = clean(name).lower()
    n = re.sub(r"^primary\s+", "", n)
    rating = None
    rm = re.search(r"\(\+(\d+) str bonus\)", n)
    if rm:
        rating = int(rm.group(1))
        n = (n[: rm.start()] + n[rm.end() :]).strip()
    size: Size | None = None
    enhancement = 0
    masterwork = False
    materials: list[str] = []
    aligned: list[str] = []
    extra: list[ExtraDamage] = []
    changed = True
    while changed:
        changed = False
        sm = re.match(r"^(fine|diminutive|tiny|small|medium|large|huge|gargantuan|colossal)\s+", n)
        if sm:
            size = SIZE_WORDS[sm.group(1)]
            n = n[sm.end() :]
            changed = True
        em = re.match(r"^\+(\d+)\s+", n)
        if em:
            enhancement = int(em.group(1))
            n = n[em.end() :]
            changed = True
        if n.startswith("masterwork "):
            masterwork = True
            n = n[len("masterwork ") :]
            changed = True
        for mat in MATERIALS:
            if n.startswith(mat + " "):
                materials.append("silver" if "silver" in mat else mat)
                n = n[len(mat) + 1 :]
                changed = True
        for ability, (align, energy) in SPECIAL_ABILITIES.items():
            if n.startswith(ability + " "):
                if align:
                    aligned.append(align)
                if energy is not None:
                    extra.append(ExtraDamage(dice="1d6", type=energy, source=ability))
                n = n[len(ability) + 1 :]
                changed = True
    n = n.strip()
    n = WEAPON_ALIASES.get(n, n)
    n = re.sub(r"\s+of\s+\w+$", "", n)
    key = None
    for guess in (n, _singular(n), WEAPON_ALIASES.get(_singular(n), "")):
        if guess and normalize_name(guess) in eq.weapons:
            key = normalize_name(guess)
            break
    if key is None:
        return None
    if size == creature_size:
        size = None
    return WeaponRef(
        weapon=key,
        enhancement=enhancement,
        masterwork=masterwork and not enhancement,
        size=size,
        materials=tuple(materials),
        aligned=tuple(aligned),
        extra=tuple(extra),
        str_rating=rating,
    )


def _natural_name(name: str, count: int) -> str | None:
    n = clean(name).lower().strip()
    n = re.sub(r"^primary\s+", "", n)
    base = _singular(n)
    if base in NATURAL_NAMES or n in NATURAL_NAMES:
        return base if count > 1 else n
    if any(n.endswith(w) for w in ("touch", "slam", "bite", "claw", "claws", "sting")):
        return base if count > 1 else n
    return None


@dataclass
class AttackParse:
    weapons: list[WeaponRef] = field(default_factory=list)
    natural: list[NaturalAttack] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def parse_attacks(
    attack: str,
    full_attack: str,
    *,
    eq: EquipmentNames,
    size: Size,
    multiattack: bool,
    reach_with: Mapping[str, int],
    grab_with: Iterable[str] = (),
    trip_with: Iterable[str] = (),
    secondary_with: Iterable[str] = (),
    str_mod: int = 0,
) -> AttackParse:
    """Weapons and natural attacks from the Attack and Full Attack lines.

    Primary or secondary (SRD types "Natural Weapons"; monsters intro "Full Attack"):
    in an option made only of natural attacks, a group whose bonus is 4 or more below
    the best (2 or more with Multiattack) is secondary; so is one the text calls
    secondary or the block marks with an asterisk (SRD animals: "These secondary
    attacks are noted with an asterisk"). A natural attack that appears only beside
    manufactured weapons takes its status from the Attack line.

    A one-handed weapon whose published damage adds 1 1/2 times the Strength bonus is
    wielded two-handed (centaur's longsword).
    """
    out = AttackParse()
    full = parse_attack_line(full_attack)
    single = parse_attack_line(attack)
    seen_weapons: dict[tuple[str, int, Size | None], WeaponRef] = {}
    natural: dict[str, dict[str, Any]] = {}
    grab = {_singular(g) for g in grab_with}
    trip = {_singular(g) for g in trip_with}
    secondary = {_singular(g) for g in secondary_with}

    def best_natural(option: list[AttackGroup]) -> int | None:
        vals = [
            g.bonuses[0]
            for g in option
            if g.bonuses and not g.ranged and _natural_name(g.name, g.count)
        ]
        return max(vals) if vals else None

    single_bonus = {}
    for opt in single:
        for g in opt:
            nat = _natural_name(g.name, g.count)
            if nat and g.bonuses:
                single_bonus[_singular(nat)] = g.bonuses[0]
    group = 0  # natural-only alternatives of the Full Attack line ("bite or tail slap")
    for index, option in enumerate([*full, *single]):
        has_weapon = any(
            identify_weapon(g.name, eq, size) is not None and not _natural_name(g.name, g.count)
            for g in option
        )
        top = best_natural(option)
        in_full = index < len(full)
        if (
            in_full
            and not has_weapon
            and top is not None
            and any(e["group"] == group and not e["weak"] for e in natural.values())
        ):
            group += 1
        for g in option:
            nat = _natural_name(g.name, g.count)
            if nat is None:
                _add_weapon(g, eq, size, str_mod, seen_weapons, out)
                continue
            if g.ranged:
                out.notes.append(f"ranged natural attack {g.text!r} not representable")
                continue
            base = _singular(nat)
            dmg = parse_damage(g.damage) if g.damage else None
            entry = natural.get(base)
            if has_weapon:
                primary = single_bonus.get(base) is None or (
                    top is not None and single_bonus.get(base, top) >= top - 1
                )
                if entry is None:
                    natural[base] = {
                        "g": g,
                        "dmg": dmg,
                        "primary": primary,
                        "weak": True,
                        "group": 0,
                    }
                continue
            if top is not None and g.bonuses:
                gap = top - g.bonuses[0]
                primary = gap < (2 if multiattack else 4)
            else:
                primary = True
            if entry is None or entry.get("weak"):
                natural[base] = {
                    "g": g,
                    "dmg": dmg,
                    "primary": primary,
                    "weak": False,
                    "group": group if in_full else 0,
                }
    out.weapons = list(seen_weapons.values())
    for base, e in natural.items():
        g = e["g"]
        nat_dmg: DamageText | None = e["dmg"]
        effects = list(nat_dmg.effects) if nat_dmg else []
        if base in grab or g.name.lower() in grab:
            effects.append("improved grab")
        if base in trip:
            effects.append("trip")
        primary = bool(e["primary"]) and not g.starred and base not in secondary
        dtypes = NATURAL_DAMAGE.get(base, (DamageType.BLUDGEONING,))
        try:
            out.natural.append(
                NaturalAttack(
                    name=_natural_name(g.name, g.count) or base,
                    count=g.count,
                    damage=nat_dmg.dice if nat_dmg else "0",
                    damage_types=dtypes,
                    primary=primary,
                    touch=g.touch or "touch" in base,
                    reach=reach_with.get(base),
                    effects=tuple(dict.fromkeys(effects)),
                    extra=nat_dmg.extra if nat_dmg else (),
                    group=int(e["group"]),
                )
            )
        except ValidationError as exc:
            out.problems.append(f"natural attack {g.text!r}: {exc.errors()[0]['msg']}")
    return out


def _add_weapon(
    g: AttackGroup,
    eq: EquipmentNames,
    size: Size,
    str_mod: int,
    seen: dict[tuple[str, int, Size | None], WeaponRef],
    out: AttackParse,
) -> None:
    ref = identify_weapon(g.name, eq, size)
    if ref is None:
        if any(w in g.name.lower() for w in RANGED_NATURAL) or g.ranged:
            out.notes.append(f"attack {g.text!r} not modelled (ranged/special)")
        else:
            out.problems.append(f"unknown attack {g.name!r} in {g.text!r}")
        return
    update: dict[str, Any] = {}
    if g.ranged and ref.weapon in _THROWN_MELEE:
        update["wield"] = WieldStyle.THROWN
    if g.damage:
        dmg = parse_damage(g.damage.split(",")[0])
        if dmg.extra and not ref.extra:
            update["extra"] = dmg.extra
        two_hand = (str_mod * 3) // 2
        if (
            not g.ranged
            and ref.weapon in eq.one_handed
            and str_mod >= 2
            and dmg.bonus - ref.enhancement == two_hand
        ):
            update["wield"] = WieldStyle.TWO_HANDS
    if g.count > 1:
        update["quantity"] = g.count
    if update:
        ref = ref.model_copy(update=update)
    key = (ref.weapon, ref.enhancement, ref.size)
    seen.setdefault(key, ref)


_THROWN_MELEE = _names_set(
    "club, dagger, handaxe, light hammer, shortspear, spear, throwing axe, trident"
)


# ---------------------------------------------------------------------------
# Base saves, legs, names
# ---------------------------------------------------------------------------


def _progression(hd: Fraction, good: bool) -> int:
    """Base save for ``hd`` levels: good 2 + HD/2, poor HD/3 (SRD types, "Features";
    under 1 HD counts as 1 for the good-save +2)."""
    levels = max(1, math.floor(hd))
    return 2 + levels // 2 if good else levels // 3


def base_saves_for(
    ctype: CreatureType,
    subtypes: Iterable[str],
    racial_hd: Fraction,
    classes: Iterable[ClassLevel],
    *,
    stated: Saves | None = None,
    animal_hd: Fraction = Fraction(0),
    extra_good: Iterable[str] = (),
) -> Saves:
    """Base saves from the type's racial HD plus each class (SRD types / class tables).

    ``stated`` (racial base saves the creature's own text gives) replaces the type's.
    ``animal_hd`` are a lycanthrope's animal-form hit dice (SRD monsters-k-l.html
    "Lycanthrope": it adds the Hit Dice of its animal form), with the animal's saves.
    """
    totals = {"fort": 0, "ref": 0, "will": 0}
    if stated is not None:
        totals = {"fort": stated.fort, "ref": stated.ref, "will": stated.will}
    elif racial_hd > 0:
        good = set(TYPE_FEATURES[ctype][2]) | set(extra_good)
        if ctype is CreatureType.ELEMENTAL:
            good |= {ELEMENTAL_GOOD[s] for s in subtypes if s in ELEMENTAL_GOOD}
        for key in totals:
            totals[key] += _progression(racial_hd, key in good)
    if animal_hd > 0:
        animal_good = TYPE_FEATURES[CreatureType.ANIMAL][2]
        for key in totals:
            totals[key] += _progression(animal_hd, key in animal_good)
    for c in classes:
        feat = CLASS_FEATURES.get(c.name.lower())
        if feat is None:
            continue
        for key in totals:
            totals[key] += _progression(Fraction(c.level), key in feat[2])
    return Saves(**totals)


_LEGLESS = _names(
    "snake, viper, constrictor, shark, whale, orca, porpoise, squid, octopus, manta, worm, "
    "naga, ooze, pudding, jelly, cube, gibbering, will-o, elemental, air, air elemental, fire "
    "elemental, water elemental, shrieker, violet fungus, assassin vine, swarm, elasmosaurus, "
    "kraken, grick, choker, cloaker, mouther, phantom fungus, lantern archon, tendriculos, "
    "allip, shadow, wraith, spectre, vargouille, darkmantle, belker, invisible stalker, "
    "dragon turtle, crocodile, aboleth, lamia"
)
_BIPEDS = _names(
    "ape, baboon, monkey, eagle, hawk, owl, raven, bat, deinonychus, megaraptor, "
    "tyrannosaurus, roc, harpy, hieracosphinx, girallon, gorilla, vrock, arrowhawk, stirge, "
    "pseudodragon, quasit, imp"
)
_MANY_LEGS = _names(
    "horse, pony, warhorse, mule, donkey, camel, bison, elephant, rhinoceros, centaur, lion, "
    "tiger, leopard, cheetah, dog, wolf, hound, hyena, worg, bear, boar, badger, wolverine, "
    "weasel, cat, rat, lizard, toad, triceratops, chimera, griffon, hippogriff, pegasus, "
    "unicorn, nightmare, manticore, lammasu, sphinx, gorgon, dragonne, owlbear, basilisk, "
    "bulette, ankheg, rust monster, remorhaz, tarrasque, yrthak, behir, spider, scorpion, "
    "centipede, beetle, ant, bee, wasp, mantis, formian, hellcat, xorn, tojanida, achaierai, "
    "digester, krenshar, blink dog, barghest, shocker lizard, phase spider, spider eater, "
    "chuul, otyugh, drider, retriever, bebilith, hydra, destrachan, gray render, sea cat, "
    "dragon, wyvern, cockatrice, ethereal marauder, frost worm, purple worm, couatl, dire, "
    "rast, ravid, leonal, ettercap, aranea, delver, thoqqua, salamander, yeth, howler, winter "
    "wolf, nessian, mastiff, vermin"
)


_LONG_WHEN_LEGLESS = frozenset(
    {
        CreatureType.ANIMAL,
        CreatureType.MAGICAL_BEAST,
        CreatureType.VERMIN,
        CreatureType.OOZE,
        CreatureType.ABERRATION,
        CreatureType.DRAGON,
    }
)


def guess_legs(name: str, ctype: CreatureType, text: str) -> tuple[int, str]:
    """A leg count for stability and trip, and the reason.

    Heuristic (documented in docs/creature-schema.md): a name keyword wins
    (legless bodies first, then known bipeds, then quadrupeds and many-legged
    creatures); otherwise the description ("quadruped", "six legs", "eight legs",
    "serpentine"); otherwise the type: animals, magical beasts, dragons and vermin
    have four or more legs, oozes none, everything else two. Only ``legs > 2`` matters
    to the rules (stability: SRD combat-ii "Bull Rush" and "Trip").
    """
    n = name.lower()
    words = set(re.findall(r"[a-z]+", n))
    low = text.lower()[:4000]
    if any(k in n for k in _LEGLESS if " " in k or "-" in k) or words & set(_LEGLESS):
        if "crocodile" in n or "lamia" in n or "dragon turtle" in n:
            return 4, "name: four-legged body"
        return 0, "name: legless body"
    if words & set(_BIPEDS):
        return 2, "name: two-legged"
    if "spider" in n or "scorpion" in n or "drider" in n or "bebilith" in n:
        return 8, "name: eight legs"
    if "centipede" in n:
        return 40, "name: many legs"
    if any(w in n for w in ("ant", "bee", "wasp", "beetle", "mantis", "formian")) and (
        ctype in (CreatureType.VERMIN, CreatureType.OUTSIDER)
    ):
        return 6, "name: six legs (insect)"
    if words & set(_MANY_LEGS) or any(k in n for k in _MANY_LEGS if " " in k):
        return 4, "name: four-legged"
    if re.search(r"\beight legs\b|\beight-legged\b", low):
        return 8, "text: eight legs"
    if re.search(r"\bsix legs\b|\bsix-legged\b", low):
        return 6, "text: six legs"
    if re.search(r"\bquadruped|\bfour legs\b|\bfour-legged\b|\bon all fours\b", low):
        return 4, "text: quadruped"
    if re.search(r"\bserpentine\b|\blegless\b|\bno legs\b", low):
        return 0, "text: legless"
    if ctype in (CreatureType.ANIMAL, CreatureType.MAGICAL_BEAST, CreatureType.DRAGON):
        return 4, f"type {ctype.value}: quadruped by default"
    if ctype is CreatureType.VERMIN:
        return 6, "type vermin: six legs by default"
    if ctype is CreatureType.OOZE:
        return 0, "type ooze: no legs"
    return 2, f"type {ctype.value}: biped by default"


def display_name(srd_name: str) -> tuple[str, ClassLevel | None, str | None]:
    """(name, class level, race) from an SRD column name.

    ``Bear, Black`` -> ``Black Bear``; ``Air Elemental, Medium`` -> ``Medium Air
    Elemental``; ``Werebear, Human Form`` -> ``Werebear (Human Form)``;
    ``Orc, 1st-Level Warrior`` -> ``Orc`` with warrior 1.

    >>> display_name("Bear, Black")[0], display_name("Werebear, Human Form")[0]
    ('Black Bear', 'Werebear (Human Form)')
    """
    name = clean(srd_name).strip()
    m = re.match(r"^(.*?),?\s+(\d+)(?:st|nd|rd|th)-level\s+(\w+)$", name, re.IGNORECASE)
    if m:
        return (
            m.group(1).strip(),
            ClassLevel(name=m.group(3).lower(), level=int(m.group(2))),
            (m.group(1).strip().lower()),
        )
    m = re.match(r"^(.*?),\s*(.*\bForm)$", name)
    if m:
        return f"{m.group(1).strip()} ({m.group(2).strip()})", None, None
    if "," in name:
        head, _, tail = name.partition(",")
        return f"{tail.strip()} {head.strip()}", None, None
    return name, None, None


# ---------------------------------------------------------------------------
# Column -> StatBlock
# ---------------------------------------------------------------------------

_RACIAL_TEXT = re.compile(
    r"Racial Hit Dice:[^.]*?(?:which provide|providing)\s+(\d+)d(\d+)\s+Hit Dice,?"
    r"[^.]*?base saving throw bonuses of\s+Fort\s*([+-]\d+),\s*Ref\s*([+-]\d+),\s*"
    r"(?:and\s+)?Will\s*([+-]\d+)",
    re.IGNORECASE,
)
_PRESENTED = re.compile(
    r"The ([\w ]+?) presented here is (?:based on )?an? (\d+)(?:st|nd|rd|th)-level (\w+) (\w+)",
    re.IGNORECASE,
)
_GRAPPLE_TEXT = re.compile(
    r"(?:has|have|receive|receives|gets?) an? \+(\d+) racial bonus on grapple checks",
    re.IGNORECASE,
)
_CONSTRICT_TEXT = re.compile(
    r"Constrict \((?:Ex|Su)\):[^.]*?(\d+d\d+(?:\s*[+-]\s*\d+)?) points? of"
    r"(?: \w+)? damage(?: (?:plus|and) (\d+d\d+|\d+) points? of (\w+) damage)?",
    re.IGNORECASE,
)
_SWALLOW_TEXT = re.compile(r"Swallow Whole \((?:Ex|Su)\):(.*?)(?:\n\s*\n|$)", re.I | re.S)
_SWALLOW_DAMAGE = re.compile(
    r"(\d+d\d+(?:\s*[+-]\s*\d+)?) points of (\w+) damage"
    r"(?:,? (?:plus|and) (\d+d\d+|\d+) points of (\w+) damage)?",
    re.I,
)
_SWALLOW_CUT = re.compile(r"deal (\d+) points of damage to the [\w' ]+?\(AC (\d+)\)", re.I)
_SIZE_WORDS = {s.name.lower(): s for s in Size}


def parse_constrict(special_attacks: Iterable[str], text: str) -> Constrict | None:
    """The constrict special attack as data (SRD special abilities "Constrict"): its
    damage from the Special Attacks line (``constrict 2d6+4 plus 2d6 acid``) or from
    the ability's text ("deals 1d3+4 points of damage with a successful grapple
    check"); None if the creature has none or its damage cannot be read."""
    for entry in special_attacks:
        m = re.match(r"^constrict\s+(\d.*)$", entry)
        if m:
            d = parse_damage(m.group(1))
            if d.dice != "0" and not d.effects:
                return Constrict(damage=_dice_plus(d.dice, d.bonus), extra=d.extra)
    if not any(e.startswith("constrict") for e in special_attacks):
        return None
    m = _CONSTRICT_TEXT.search(text)
    if m is None:
        return None
    extra: tuple[ExtraDamage, ...] = ()
    if m.group(2) and _energy(m.group(3)) is not None:
        extra = (ExtraDamage(dice=m.group(2), type=_energy(m.group(3)), source="SRD stat block"),)
    return Constrict(damage=m.group(1).replace(" ", ""), extra=extra)


def parse_swallow_whole(
    special_attacks: Iterable[str], text: str, size: Size
) -> SwallowWhole | None:
    """The swallow whole special attack as data (SRD special abilities "Swallow
    Whole"), read from the ability's text: the damage a round inside ("takes 2d8+12
    points of crushing damage plus 8 points of acid damage per round"), the damage that
    cuts a way out and the interior's AC ("deal 35 points of damage to the gizzard (AC
    17)"), and the largest size it swallows ("Huge or smaller"; "two sizes smaller";
    default one category smaller). None if it has none or the text cannot be read."""
    if not any(e.startswith("swallow whole") for e in special_attacks):
        return None
    m = _SWALLOW_TEXT.search(text)
    if m is None:
        return None
    body = " ".join(m.group(1).split())
    dm, cm = _SWALLOW_DAMAGE.search(body), _SWALLOW_CUT.search(body)
    if dm is None or cm is None:
        return None
    extra: tuple[ExtraDamage, ...] = ()
    if dm.group(3) and _energy(dm.group(4)) is not None:
        extra = (ExtraDamage(dice=dm.group(3), type=_energy(dm.group(4)), source="SRD stat block"),)
    largest = None
    first = body.split(". ")[0]  # the swallowing sentence, not the capacity's
    sm = re.search(r"(\w+) or smaller", first)
    if sm and sm.group(1).lower() in _SIZE_WORDS:
        largest = _SIZE_WORDS[sm.group(1).lower()]
    elif re.search(r"two sizes? (?:categories )?smaller", first):
        largest = Size(max(int(Size.FINE), int(size) - 2))
    attack = re.search(r"held in its (\w+)|grabbed (?:with|by) its (\w+)", body)
    return SwallowWhole(
        capacity=parse_gullet(body),
        attack=next((g for g in attack.groups() if g), "bite") if attack else "bite",
        damage=dm.group(1).replace(" ", ""),
        extra=extra,
        ac=int(cm.group(2)),
        cut_hp=int(cm.group(1)),
        largest=largest,
    )


_GULLET = re.compile(r"can hold ([^.]*?) (?:or smaller )?(?:opponents|creatures)", re.I)
_GULLET_PART = re.compile(r"(\d+) (\w+)(?: or (\w+))?")


def parse_gullet(body: str) -> tuple[tuple[Size, int], ...]:
    """What a swallower's gullet holds, by size, from its entry ("A Huge remorhaz's
    interior can hold 2 Large, 4 Medium, 8 Small, 32 Tiny, 128 Diminutive, or 512 Fine
    or smaller opponents"; the dire shark's "8 Medium or Small": both); empty if the
    entry gives none."""
    m = _GULLET.search(body)
    if m is None:
        return ()
    out: dict[Size, int] = {}
    for part in _GULLET_PART.finditer(m.group(1)):
        for word in part.group(2, 3):
            size = _SIZE_WORDS.get((word or "").lower())
            if size is not None and size not in out:
                out[size] = int(part.group(1))
    return tuple(sorted(out.items(), key=lambda x: -int(x[0])))


_GRAB_TEXT = re.compile(
    r"Improved Grab \((?:Ex|Su)\):\s*To use this ability, (?:a|an|the) [^.]*?must hit"
    r"(?: [^.]*?)? with (?:a |an |its |both |one or more |either )?([a-z ]+?) attacks?",
    re.IGNORECASE,
)
_SECONDARY_TEXT = re.compile(
    r"\b(?:its|an?|the) (?:[a-z]+'s )?([a-z ]+?) (?:attacks? )?(?:is|are) treated as "
    r"(?:a )?secondary",
    re.IGNORECASE,
)
_TRIP_TEXT = re.compile(
    r"Trip \(Ex\):\s*(?:A|An) [^.]*?hits with (?:a|an|its) ([a-z ]+?) attack", re.IGNORECASE
)


def _class_dice(
    groups: tuple[tuple[Fraction, int], ...],
    classes: list[ClassLevel],
    ctype: CreatureType,
    *,
    lycanthrope: bool = False,
) -> tuple[list[HitDice], Fraction, Fraction]:
    """Hit dice records (racial first, then classes), the racial HD count and (for a
    lycanthrope) the animal-form HD count, its last group."""
    out: list[HitDice] = []
    remaining = list(groups)
    class_dice: list[HitDice] = []
    for c in reversed(classes):
        die = CLASS_FEATURES.get(c.name, (0,))[0]
        for i in range(len(remaining) - 1, -1, -1):
            count, d = remaining[i]
            if count == c.level and (d == die or len(remaining) == 1):
                class_dice.insert(0, HitDice(count=float(count), die=d, source=c.name))
                remaining.pop(i)
                break
    racial = Fraction(0)
    animal = Fraction(0)
    if lycanthrope and remaining:
        count, d = remaining.pop()
        animal = count
        class_dice.append(HitDice(count=float(count), die=d, source="animal"))
    for count, d in remaining:
        out.append(HitDice(count=float(count), die=d, source=ctype.value))
        racial += count
    return out + class_dice, racial, animal


def build_stat_block(
    col: RawColumn, eq: EquipmentNames, *, names_taken: set[str]
) -> ImportedCreature | Failure:
    """Parse one column. Problems go on the creature; a column with no readable
    size, abilities, hit dice or BAB is a :class:`Failure`."""
    problems: list[Problem] = list(col.problems)
    notes: list[str] = []
    source = f"SRD {col.file}, {col.name}"

    def problem(fld: str, msg: str) -> None:
        problems.append(Problem(msg, file=col.file, field=fld))

    rows = col.rows
    fld = "size and type"  # the row being read, named if it cannot be
    try:
        size, ctype, subtypes = parse_size_type(col.type_line)
        fld = "abilities"
        abilities = parse_abilities(rows.get(fld, ""))
        fld = "base attack/grapple"
        bab, grapple = parse_bab_grapple(rows.get(fld, ""))
        fld = "hit dice"
        hd = parse_hit_dice(rows.get(fld, ""))
    except RowError as exc:
        return Failure(col.name, col.file, (Problem(str(exc), file=col.file, field=fld),))

    name, class_level, race = display_name(col.name)
    classes = [class_level] if class_level else []
    if class_level and normalize_name(name) in names_taken:
        name = f"{name} {class_level.name.capitalize()}"
    if not classes:
        # "The werebear presented here is a 1st-level human warrior and ..."
        pm = next(
            (
                m
                for m in _PRESENTED.finditer(col.intro + " " + col.text)
                if m.group(1).lower() in name.lower()
            ),
            None,
        )
        if pm and pm.group(4).lower() in CLASS_FEATURES:
            classes = [ClassLevel(name=pm.group(4).lower(), level=int(pm.group(2)))]
            race = pm.group(3).lower()
    lycanthrope = "shapechanger" in subtypes and "were" in name.lower()
    hit_dice, racial_hd, animal_hd = _class_dice(hd.groups, classes, ctype, lycanthrope=lycanthrope)
    if sum(1 for h in hit_dice if h.source == ctype.value) > 1:
        problem("hit dice", f"{len(hd.groups)} hit dice groups but no class levels named")
    type_die = TYPE_FEATURES[ctype][0]
    if racial_hd and any(h.die != type_die for h in hit_dice if h.source == ctype.value):
        notes.append(f"racial hit die differs from the {ctype.value} type's d{type_die}")

    stated: Saves | None = None
    rm = _RACIAL_TEXT.search(col.text)
    if rm and Fraction(int(rm.group(1))) == racial_hd and not (len(hd.groups) > 1 and not classes):
        stated = Saves(fort=signed(rm.group(3)), ref=signed(rm.group(4)), will=signed(rm.group(5)))
        notes.append("racial base saves as stated in the creature's text")
    # SRD monsters-di-do.html: the dire animals all have good Fort, Ref and Will
    # ("certain animals have different good saves", SRD types "Animal Type").
    dire = ctype is CreatureType.ANIMAL and name.lower().startswith("dire ")
    base_saves = base_saves_for(
        ctype,
        subtypes,
        racial_hd,
        classes,
        stated=stated,
        animal_hd=animal_hd,
        extra_good=("will",) if dire else (),
    )

    # Armor class
    incorporeal = "incorporeal" in subtypes
    published_ac = ArmorClassText(None, None, None, None)
    try:
        published_ac = parse_armor_class(rows.get("armor class", ""), eq, incorporeal=incorporeal)
        for p in published_ac.problems:
            problem("armor class", p)
        notes.extend(published_ac.notes)
        if published_ac.size is not None and published_ac.size != size.attack_modifier:
            notes.append(
                f"AC size item {published_ac.size:+d} != {size.label} {size.attack_modifier:+d}"
            )
        dex_mod = ability_modifier(abilities.get("dex"))
        if published_ac.dex is not None and published_ac.dex != dex_mod:
            notes.append(f"AC Dex item {published_ac.dex:+d} != Dex modifier {dex_mod:+d}")
    except RowError as exc:
        problem("armor class", str(exc))

    try:
        speed = parse_speed(rows.get("speed", ""))
    except (RowError, ValidationError) as exc:
        problem("speed", str(exc))
        speed = Speeds()

    feats, fprob = parse_feats(rows.get("feats", "—"))
    for p in fprob:
        # A name that is no SRD feat is dropped; no checked number can depend on it (a
        # misprinted Improved Initiative would show as a disagreement), so the row stays
        # checkable.
        problem("feat names" if p.startswith("unknown feat") else "feats", p)
    skills, sprob = parse_skills(rows.get("skills", "—"))
    for p in sprob:
        problem("skills", p)
    defenses = parse_qualities(rows.get("special qualities", "—"))
    for p in defenses.problems:
        problem("special qualities", p)
    special_attacks = parse_special_attacks(rows.get("special attacks", "—"))
    special_rules, rule_problems = parse_special_attack_rules(special_attacks, col.text, name)
    for p in rule_problems:
        problem("special attacks", p)

    legs, legs_reason = guess_legs(name, ctype, col.text)
    long_body = False
    space_ft: float | None = None
    reach_ft: int | None = None
    reach_with: dict[str, int] = {}
    try:
        space, reach, reach_with = parse_space_reach(rows.get("space/reach", ""))
        tall, long_ = size.natural_reach(), size.natural_reach(long=True)
        if reach == long_ and reach != tall:
            long_body = True
        elif reach == tall == long_:
            # Small and Medium: the body decides (quadrupeds and serpents are long)
            long_body = legs > 2 or (legs == 0 and ctype in _LONG_WHEN_LEGLESS)
        elif reach not in (tall, long_):
            reach_ft = reach
        if space != float(size.space_ft):
            space_ft = space
    except RowError as exc:
        problem("space/reach", str(exc))

    grab_with = [m.group(1).strip().lower() for m in _GRAB_TEXT.finditer(col.text)]
    secondary_with = [m.group(1).strip().lower() for m in _SECONDARY_TEXT.finditer(col.text)]
    trip_with = [m.group(1).strip().lower() for m in _TRIP_TEXT.finditer(col.text)]
    attacks = parse_attacks(
        rows.get("attack", ""),
        rows.get("full attack", ""),
        eq=eq,
        size=size,
        multiattack=any(f.key == "multiattack" for f in feats),
        reach_with=reach_with,
        grab_with=grab_with,
        trip_with=trip_with,
        secondary_with=secondary_with,
        str_mod=ability_modifier(abilities.get("str")),
    )
    for p in attacks.problems:
        problem("attacks", p)
    notes.extend(attacks.notes)

    saves_pub = parse_saves(rows.get("saves", ""))
    try:
        initiative: int | None = signed(rows.get("initiative", ""))
    except ValueError:
        problem("initiative", f"cannot read initiative {rows.get('initiative')!r}")
        initiative = None

    cr_text = clean(rows.get("challenge rating", ""))
    cr_m = re.match(r"^(\d+(?:/\d+)?)", cr_text)
    alignment = clean(rows.get("alignment", "")) or None

    modifiers = list(published_ac.modifiers)
    if "unearthly grace" in defenses.qualities:
        modifiers = [
            m.model_copy(update={"source": "unearthly grace (Cha bonus)"})
            if m.type is BonusType.DEFLECTION
            else m
            for m in modifiers
        ]
    gm = _GRAPPLE_TEXT.search(col.text)
    if gm:
        attached = "when attached" in rows.get("base attack/grapple", "")
        modifiers.append(
            StatModifier(
                stat="grapple",
                value=int(gm.group(1)),
                type=BonusType.RACIAL,
                source="racial bonus (SRD text)",
                condition="when attached" if attached else None,
            )
        )
    try:
        stat = StatBlock(
            name=name,
            size=size,
            type=ctype,
            subtypes=subtypes,
            abilities=abilities,
            hit_dice=tuple(hit_dice),
            bab=bab,
            base_saves=base_saves,
            speed=_without_fast_movement(speed, classes, modifiers),
            natural_armor=published_ac.natural,
            armor=published_ac.armor,
            shield=published_ac.shield,
            weapons=tuple(attacks.weapons),
            natural_attacks=tuple(attacks.natural),
            feats=tuple(feats),
            skills=skills,
            modifiers=tuple(modifiers),
            dr=defenses.dr,
            resist=dict(defenses.resist),
            immune=defenses.immune,
            vulnerable=defenses.vulnerable,
            immunities=defenses.immunities,
            qualities=defenses.qualities,
            special_attacks=special_attacks,
            constrict=parse_constrict(special_attacks, col.text),
            swallow_whole=parse_swallow_whole(special_attacks, col.text, size),
            special_attack_rules=special_rules,
            legs=legs,
            long=long_body,
            space_ft=space_ft,
            reach_ft=reach_ft,
            classes=tuple(classes),
            race=race,
            alignment=alignment,
            cr=cr_m.group(1) if cr_m else None,
            source=source,
        )
    except ValidationError as exc:
        return Failure(
            col.name,
            col.file,
            tuple(
                Problem(str(e["msg"]), file=col.file, field=".".join(map(str, e["loc"])))
                for e in exc.errors()
            ),
        )
    notes.append(f"legs {legs}: {legs_reason}")
    published = Published(
        ac=published_ac.total,
        touch=published_ac.touch,
        flat_footed=published_ac.flat_footed,
        ac_parts_sum=published_ac.parts_sum,
        ac_text=clean(rows.get("armor class", "")),
        ac_items=published_ac.items,
        grapple=grapple,
        initiative=initiative,
        fort=saves_pub["fort"],
        ref=saves_pub["ref"],
        will=saves_pub["will"],
        hp=hd.hp,
        attack=clean(rows.get("attack", "")),
        full_attack=clean(rows.get("full attack", "")),
    )
    return ImportedCreature(stat, published, tuple(problems), tuple(notes), col.file, col.name)


# ---------------------------------------------------------------------------
# Dragons by age (monsters-dr-dw.html)
# ---------------------------------------------------------------------------

# SRD monsters-dr-dw.html, "Dragon Space/Reach, Attacks, and Damage".
_DRAGON_ATTACKS: Mapping[Size, tuple[str, str, str | None, str | None]] = {
    Size.TINY: ("1d4", "1d3", None, None),
    Size.SMALL: ("1d6", "1d4", None, None),
    Size.MEDIUM: ("1d8", "1d6", "1d4", None),
    Size.LARGE: ("2d6", "1d8", "1d6", "1d8"),
    Size.HUGE: ("2d8", "2d6", "1d8", "2d6"),
    Size.GARGANTUAN: ("4d6", "2d8", "2d6", "2d8"),
    Size.COLOSSAL: ("4d8", "4d6", "2d8", "4d6"),
}


def _dragon_tables(html: str, file: str, eq: EquipmentNames) -> list[ImportedCreature | Failure]:
    """Every (color, age) of the true dragons, from the two by-age tables per color.

    Components: size, hit dice, abilities, BAB, natural armor (from the AC column),
    speeds, natural attacks by size (bite primary; claws, wings and tail slap
    secondary; the bite reaches as one size larger), dragon type traits (SRD
    "Dragon Type": darkvision 120 ft., low-light vision, immunity to sleep and
    paralysis; monsters-dr-dw.html "Combat": blindsense 60 ft.), cumulative special
    abilities (immunities, vulnerabilities, DR). The by-age tables list no feats or
    skills: initiative and attacks are computed without them.
    """
    soup = BeautifulSoup(html, "html.parser")
    out: list[ImportedCreature | Failure] = []
    by_color: dict[str, dict[str, list[list[str]]]] = {}
    for table in soup.find_all("table"):
        rows = [[_cell_text(c) for c in tr.find_all(["td", "th"])] for tr in table("tr")]
        if not rows or not rows[0]:
            continue
        title = rows[0][0]
        m = re.match(r"^(\w+) Dragons? (Abilities )?by Age$", title)
        if not m:
            continue
        color = m.group(1)
        kind = "abilities" if m.group(2) else "main"
        by_color.setdefault(color, {})[kind] = rows[2:]
        heading = table.find_previous("h3")
        by_color[color]["_meta"] = [[_dragon_meta(heading)]] if heading else [[""]]
    for color, tables in by_color.items():
        main_rows = tables.get("main", [])
        ab_rows = tables.get("abilities", [])
        meta = tables.get("_meta", [[""]])[0][0]
        type_m = re.search(r"Dragon \(([^)]*)\)", meta)
        subtypes = tuple(s.strip().lower() for s in type_m.group(1).split(",")) if type_m else ()
        align_m = re.search(r"Alignment:\s*([^|]+)", meta)
        cr_m = re.search(r"Challenge Ratings?:\s*([^|]+)", meta)
        crs = {
            a.strip().lower(): c
            for a, c in re.findall(r"([A-Za-z ]+?)\s+(\d+)(?:;|$)", cr_m.group(1) if cr_m else "")
        }
        specials_so_far: list[str] = []
        abilities_by_age = {r[0].lower(): r for r in ab_rows if r}
        for r in main_rows:
            if len(r) < 14:
                continue
            age = r[0]
            name = f"{age} {color} Dragon".title().replace("Young Adult", "Young Adult")
            problems: list[Problem] = []
            try:
                size = SIZE_LETTERS[r[1]]
                hd = parse_hit_dice(r[2].replace("(", "(").replace(")", " hp)"))
                abil = dict(
                    zip(
                        ("str", "dex", "con", "int", "wis", "cha"),
                        (int(x) for x in r[3:9]),
                        strict=True,
                    )
                )
                bab, grapple = parse_bab_grapple(r[9])
            except (KeyError, RowError, ValueError) as exc:
                out.append(Failure(name, file, (Problem(str(exc), file=file, field="dragon row"),)))
                continue
            ab = abilities_by_age.get(age.lower(), [])
            ab = ab + [""] * (7 - len(ab))
            speed_text, init_text, ac_text, special, _cl, sr = ab[1:7]
            # a missing cell shifts the caster level into Special Abilities (green juvenile),
            # or the two share a cell ("Sunburst 15th", gold ancient)
            level = re.match(r"^(.*?)\s*\b(\d+(?:st|nd|rd|th))$", special)
            if level:
                special, _cl, sr = level.group(1), level.group(2), sr or _cl
            try:
                speed = parse_speed(speed_text)
            except RowError as exc:
                problems.append(Problem(str(exc), file=file, field="speed"))
                speed = Speeds()
            try:
                ac = parse_armor_class(ac_text, eq)
            except RowError as exc:
                problems.append(Problem(str(exc), file=file, field="armor class"))
                ac = ArmorClassText(None, None, None, None)
            if special and not is_none(special):
                specials_so_far.extend(split_top(special, r",\s*"))
            defenses = parse_qualities(", ".join(specials_so_far))
            dr = defenses.dr[-1:] if defenses.dr else ()  # the highest DR of its age
            bite, claw, wing, tail = _DRAGON_ATTACKS[size]
            bite_reach = _bite_reach(size)
            nat = [
                NaturalAttack(
                    name="bite", damage=bite, damage_types=NATURAL_DAMAGE["bite"], reach=bite_reach
                )
            ]
            nat.append(
                NaturalAttack(
                    name="claw",
                    count=2,
                    damage=claw,
                    damage_types=NATURAL_DAMAGE["claw"],
                    primary=False,
                )
            )
            if wing:
                nat.append(NaturalAttack(name="wing", count=2, damage=wing, primary=False))
            if tail:
                nat.append(NaturalAttack(name="tail slap", damage=tail, primary=False))
            specials = ["breath weapon"]
            if size >= Size.HUGE:
                specials.append("crush")
            if size >= Size.GARGANTUAN:
                specials.append("tail sweep")
            if r[15] and not is_none(r[15]):
                specials.append("frightful presence")
            qualities = [
                "blindsense 60 ft.",
                "darkvision 120 ft.",
                "low-light vision",
                *defenses.qualities,
            ]
            if sr and not is_none(sr):
                qualities.append(f"spell resistance {sr}")
            stat = StatBlock(
                name=name,
                size=size,
                type=CreatureType.DRAGON,
                subtypes=subtypes,
                abilities=abil,
                hit_dice=(
                    HitDice(count=float(hd.groups[0][0]), die=hd.groups[0][1], source="dragon"),
                ),
                bab=bab,
                base_saves=base_saves_for(CreatureType.DRAGON, subtypes, hd.groups[0][0], []),
                speed=speed,
                natural_armor=ac.natural,
                natural_attacks=tuple(nat),
                dr=dr,
                resist=dict(defenses.resist),
                immune=defenses.immune,
                vulnerable=defenses.vulnerable,
                immunities=defenses.immunities | {"sleep", "paralysis"},
                qualities=tuple(dict.fromkeys(qualities)),
                special_attacks=tuple(specials),
                legs=4,
                long=True,
                space_ft=None,
                reach_ft=None,
                alignment=align_m.group(1).strip() if align_m else None,
                cr=crs.get(age.lower()),
                source=f"SRD {file}, {color} Dragons by Age, {age}",
            )
            published = Published(
                ac=ac.total,
                touch=ac.touch,
                flat_footed=ac.flat_footed,
                ac_parts_sum=ac.parts_sum,
                ac_text=ac_text,
                ac_items=ac.items,
                grapple=grapple,
                initiative=signed(init_text) if init_text else None,
                fort=signed(r[11]),
                ref=signed(r[12]),
                will=signed(r[13]),
                hp=hd.hp,
                attack=f"bite {r[10]}",
            )
            notes = ("dragon by-age table: no feats or skills listed", "legs 4: dragon")
            out.append(
                ImportedCreature(
                    stat, published, tuple(problems), notes, file, f"{color} Dragon, {age}"
                )
            )
    return out


def _bite_reach(size: Size) -> int | None:
    """A dragon's bite reaches as if it were one size larger (Space/Reach table note)."""
    if size < Size.TINY:
        return None
    if size == Size.TINY:
        return 5
    if size < Size.LARGE:
        return None
    bigger = Size(min(int(size) + 1, int(Size.COLOSSAL)))
    reach = bigger.natural_reach(long=True) if size < Size.COLOSSAL else 30
    return reach


def _dragon_meta(heading: Tag) -> str:
    parts: list[str] = []
    for sib in heading.find_all_next(["p", "table", "h3"]):
        if sib.name != "p":
            break
        parts.append(clean(sib.get_text(" ", strip=True)))
    return " | ".join(parts)


# ---------------------------------------------------------------------------
# The whole bestiary
# ---------------------------------------------------------------------------


def monster_pages(srd_dir: Path) -> list[Path]:
    """The SRD monster pages of ``srd_dir`` (``monsters/*.html``), sorted.

    Raises:
        InputError: if there are none.
    """
    pages = sorted((Path(srd_dir) / "monsters").glob("*.html"))
    if not pages:
        raise InputError("no SRD monster pages (monsters/*.html)", file=str(srd_dir))
    return pages


def import_bestiary(srd_dir: Path | str) -> ImportResult:
    """Parse every stat-block column of ``srd_dir/monsters/*.html`` into StatBlocks.

    Never raises for a bad page or column: a page that cannot be read fully is in
    ``pages`` (a cut-short page's columns before the cut are kept), a column becomes a
    :class:`Failure` or problems on the creature.

    Raises:
        InputError: if ``srd_dir`` holds no monster pages, or its equipment page cannot
            be read fully.
    """
    srd = Path(srd_dir)
    eq = equipment_names(srd.resolve())
    result = ImportResult()
    columns: list[RawColumn] = []
    dragon_html: list[tuple[str, str]] = []
    for page in monster_pages(srd):
        try:
            html, cut = page_text(page)
        except InputError as exc:
            result.pages.extend(exc.problems)
            continue
        if cut is not None:
            result.pages.append(cut)
        columns.extend(stat_block_columns(html, page.name))
        if "Dragons by Age" in html:
            dragon_html.append((html, page.name))
    base_names = {
        normalize_name(display_name(c.name)[0]) for c in columns if display_name(c.name)[1] is None
    }
    seen: set[str] = set()
    for col in columns:
        built = build_stat_block(col, eq, names_taken=base_names)
        _collect(result, built, seen)
    for html, file in dragon_html:
        for built in _dragon_tables(html, file, eq):
            _collect(result, built, seen)
    return result


def _collect(result: ImportResult, built: ImportedCreature | Failure, seen: set[str]) -> None:
    if isinstance(built, Failure):
        result.failures.append(built)
        return
    key = slug(built.stat.name)
    if key in seen:
        new_name = f"{built.stat.name} ({built.file.removesuffix('.html')})"
        built = ImportedCreature(
            built.stat.model_copy(update={"name": new_name}),
            built.published,
            built.problems,
            built.notes,
            built.file,
            built.srd_name,
        )
        key = slug(new_name)
    seen.add(key)
    result.creatures.append(built)


# ---------------------------------------------------------------------------
# Checking a translation against the published numbers (curation)
# ---------------------------------------------------------------------------

# The bundled creatures (content/data/creatures/<slug>.yaml), by imported name.
# Carrion crawler and displacer beast are not here: they are Product Identity
# (SRD legal-information.html) and absent from the SRD.
CURATED: tuple[str, ...] = _names(
    "Ogre, Ogre Barbarian, Orc, Goblin, Hobgoblin, Bugbear, Gnoll, Kobold, Lizardfolk, "
    "Troglodyte, Troll, Wolf, Dire Wolf, Dire Rat, Worg, Dire Bear, Brown Bear, Black Bear, "
    "Dire Boar, Lion, Tiger, Crocodile, Human Warrior Skeleton, Human Commoner Zombie, Ghoul, "
    "Ghast, Wight, Wraith, Shadow, Mummy, Vampire Spawn, Owlbear, Minotaur, Hill Giant, "
    "Ettin, Ogre Mage, Gelatinous Cube, Black Pudding, Gray Ooze, Ochre Jelly, Medium "
    "Monstrous Spider, Large Monstrous Spider, Medium Monstrous Centipede, Giant Fire Beetle, "
    "Gargoyle, Grick, Ankheg, Manticore, Griffon, Hippogriff, Rust Monster, Stirge, Basilisk, "
    "Harpy, Centaur, Dretch, Lemure, Hellhound, Medium Fire Elemental, Medium Earth "
    "Elemental, Medium Air Elemental, Medium Water Elemental, Young Red Dragon, Heavy Horse, "
    "Light Horse, Heavy Warhorse, Light Warhorse, Riding Dog, Giant Eagle, Giant Stag Beetle, "
    "Tyrannosaurus, Medium Animated Object"
)


# What a reader of a bundled file should know beyond the checks (known gaps).
_DODGE_NOTE = (
    "Dodge: the SRD leaves the feat's +1 dodge bonus (against one opponent) out of its AC and "
    "touch AC; d20combat.rules.statistics currently adds it to the static totals."
)
CURATED_NOTES: Mapping[str, str] = {
    "Kobold": "The SRD's sling damage (1d3) omits the Str 9 penalty; SRD equipment.html "
    "'Sling': the Strength modifier applies to sling damage.",
    "Lizardfolk": "The SRD gives two ACs, 15 without and 17 with a heavy shield (its club "
    "option); this file is the first (no shield). Add shield: heavy wooden shield for the other.",
    "Crocodile": "Bite or tail slap: two alternative natural attack groups (group 0 and 1), "
    "each a sole natural attack with 1 1/2 x Str.",
    "Wraith": "Incorporeal: the Cha bonus (+2) is a deflection bonus to AC and, with no "
    "Strength score, Dex goes on its incorporeal touch. It has no grapple (incorporeal).",
    "Shadow": "Incorporeal: the Cha bonus (+1) is a deflection bonus to AC and, with no "
    "Strength score, Dex goes on its incorporeal touch. It has no grapple (incorporeal).",
    "Ghast": "The SRD's touch AC 12 is an arithmetic slip: 10 + 3 Dex = 13.",
    "Minotaur": "Natural cunning: never flat-footed (the SRD prints no flat-footed AC). The "
    "SRD's gore adds 1 x Str (1d8+4) although it is the sole natural attack.",
    "Dire Wolf": "Base saves: the SRD's dire animals have good Fort, Ref and Will saves.",
    "Dire Rat": "Base saves: the SRD's dire animals have good Fort, Ref and Will saves.",
    "Dire Bear": "Base saves: the SRD's dire animals have good Fort, Ref and Will saves.",
    "Dire Boar": "Base saves: the SRD's dire animals have good Fort, Ref and Will saves.",
    "Heavy Horse": "Hooves are secondary attacks (SRD: marked with an asterisk).",
    "Light Horse": "Hooves are secondary attacks (SRD: marked with an asterisk).",
    "Young Red Dragon": "From the SRD's by-age tables: natural attacks by size from 'Dragon "
    "Space/Reach, Attacks, and Damage'; the tables list no feats or skills.",
    "Gelatinous Cube": "Paralysis, engulf and acid are special attacks described in the SRD text.",
    "Ettin": "Superior two-weapon fighting (two morningstars at full bonus, each head guiding an "
    "arm) is not modelled yet: the recomputed routines are one morningstar at a time.",
}


@dataclass(frozen=True)
class Check:
    """One published number against the number recomputed from the components."""

    label: str
    published: int | str | None
    computed: int | str | None

    @property
    def agrees(self) -> bool:
        return self.published == self.computed

    def __str__(self) -> str:
        mark = "ok" if self.agrees else "DIFFERS"
        return f"{self.label}: published {self.published}, computed {self.computed} ({mark})"


def verify(creature: ImportedCreature, eq: EquipmentNames | None = None) -> list[Check]:
    """Recompute ``creature`` with :func:`d20combat.rules.statistics.derive` and check
    AC, touch, flat-footed, grapple, initiative, saves, hit points and each attack
    (bonus and damage) against the published numbers.

    Used when curating; it imports the rules layer lazily.

    Raises:
        ContentError: if the stat block names a weapon or armor the tables lack.
    """
    from d20combat.rules.statistics import derive

    st = derive(creature.stat)
    pub = creature.published
    checks = [
        Check("AC", pub.ac, st.ac.value),
        Check("touch", pub.touch, st.touch.value),
        Check("flat-footed", pub.flat_footed, st.flat_footed.value),
        Check("grapple", pub.grapple, st.grapple.value),
        Check("initiative", pub.initiative, st.initiative.value),
        Check("Fort", pub.fort, st.saves["fort"].value),
        Check("Ref", pub.ref, st.saves["ref"].value),
        Check("Will", pub.will, st.saves["will"].value),
        Check("hp", pub.hp, st.hp.value),
    ]
    by_name: dict[str, Any] = {}
    for opt in st.options:
        by_name.setdefault(opt.name.lower(), opt)
    seen: set[str] = set()
    eq = eq or _bundled_weapon_names()
    for option in [*parse_attack_line(pub.full_attack), *parse_attack_line(pub.attack)]:
        for g in option:
            beside_weapon = len(option) > 1 and any(
                identify_weapon(x.name, eq, creature.stat.size) for x in option
            )
            if not g.bonuses or beside_weapon:
                continue
            nat = _natural_name(g.name, g.count)
            ref = None if nat else identify_weapon(g.name, eq, creature.stat.size)
            key = (_singular(nat) if nat else ref.display if ref else "").lower()
            found = by_name.get(key) or by_name.get(nat or "")
            if found is None or key in seen or found.ranged != g.ranged:
                continue
            seen.add(key)
            dmg = parse_damage(g.damage.split(",")[0]) if g.damage else None
            published_damage = (
                str(_dice_plus(dmg.dice, dmg.bonus)) if dmg and dmg.dice != "0" else None
            )
            computed_damage = found.damage_text if published_damage is not None else None
            checks.append(Check(f"{key} attack", g.bonuses[0], found.bonus.value))
            if published_damage is not None:
                checks.append(Check(f"{key} damage", published_damage, computed_damage))
    return checks


def _dice_plus(dice: str, bonus: int) -> str:
    return str(Dice.parse(dice).plus(bonus))


def _bundled_weapon_names() -> EquipmentNames:
    """Weapon names from the bundled weapon catalog (content/data/weapons.yaml)."""
    from d20combat.content.equipment import weapons

    return EquipmentNames(frozenset(weapons().names()), {})


def curated_comment(creature: ImportedCreature, checks: list[Check], notes: str = "") -> str:
    """The header comment of a bundled creature: why it is a faithful translation."""
    agree = [c for c in checks if c.agrees]
    unprinted = [c for c in checks if c.published is None]
    differ = [c for c in checks if not c.agrees and c.published is not None]
    lines = [
        "Translated from the SRD stat block by d20combat.content.importers.monsters (components",
        "only) and checked: every total below is recomputed by d20combat.rules.statistics.",
        "Agrees with the published " + ", ".join(f"{c.label} {c.published}" for c in agree) + ".",
    ]
    if unprinted:
        lines.append("Not printed by the SRD: " + ", ".join(c.label for c in unprinted) + ".")
    if differ:
        lines.append("Known differences (see content/data/bestiary-disagreements.yaml):")
        lines.extend(f"- {c.label}: published {c.published}, computed {c.computed}" for c in differ)
    if notes:
        lines.extend(notes.strip().splitlines())
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str, width: int = 96) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(line, width, subsequent_indent="  ")) or line


def write_curated(
    srd_dir: Path | str, out_dir: Path | str, names: Iterable[str] = CURATED
) -> list[Path]:
    """Write the bundled creature files: each checked with :func:`verify` and
    commented with what agrees, what differs and why.

    Raises:
        KeyError: for a name the bestiary lacks.
        InputError: if ``srd_dir`` holds no monster pages.
    """
    result = import_bestiary(srd_dir)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names:
        c = result.get(name)
        checks = verify(c)
        notes = [CURATED_NOTES.get(c.stat.name, "")]
        if c.stat.has_feat("dodge"):
            notes.append(_DODGE_NOTE)
        for n in c.notes:
            if n.startswith("legs "):
                count, _, why = n.removeprefix("legs ").partition(": ")
                notes.append(f"Legs: {count} ({why}; more than two counts for stability).")
            elif n.startswith("racial base saves"):
                notes.append("Base saves: the racial part as its SRD text states it.")
            elif "not representable" in n or "not modelled" in n:
                attack = n.partition("'")[2].rpartition("'")[0] or n
                notes.append(f"Not representable in a stat block yet: {attack} (SRD attack).")
        notes.extend(f"Parse problem: {p.field}: {p.message}" for p in c.problems)
        comment = curated_comment(c, checks, "\n".join(dict.fromkeys(n for n in notes if n)))
        path = out / f"{c.slug}.yaml"
        path.write_text(creature_yaml(c.stat, comment=comment), encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------------------
# YAML
# ---------------------------------------------------------------------------


def stat_block_data(stat: StatBlock) -> dict[str, Any]:
    """A StatBlock as plain data in the documented YAML form (defaults omitted;
    feats, weapons, armor and DR in their short text forms where that loses nothing)."""
    data: dict[str, Any] = stat.model_dump(mode="json", exclude_defaults=True)
    data = {"name": data.pop("name"), **data}
    if "size" in data:
        data["size"] = stat.size.label
    data["abilities"] = {a.value: stat.abilities.get(a) for a in Ability}
    data["base_saves"] = stat.base_saves.model_dump()
    data["hit_dice"] = [
        {"count": _count(h.count), "die": h.die, **({"source": h.source} if h.source else {})}
        for h in stat.hit_dice
    ]
    if stat.feats:
        data["feats"] = [str(f) for f in stat.feats]
    if stat.dr:
        data["dr"] = [str(d) for d in stat.dr]
    for key in ("armor", "shield"):
        ref = getattr(stat, key)
        if ref is not None and set(data[key]) == {"armor"}:
            data[key] = ref.armor
    if stat.weapons:
        data["weapons"] = [
            w.weapon if set(d) == {"weapon"} else d
            for w, d in zip(stat.weapons, data["weapons"], strict=True)
        ]
    for key in ("immune", "vulnerable", "immunities"):
        if key in data:
            data[key] = sorted(data[key])
    sw = stat.swallow_whole
    if sw is not None:
        if sw.largest is not None:
            data["swallow_whole"]["largest"] = sw.largest.label
        if sw.capacity:
            data["swallow_whole"]["capacity"] = {s.label: n for s, n in sw.capacity}
    order = list(StatBlock.model_fields)
    return {k: data[k] for k in order if k in data}


def _count(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def creature_yaml(stat: StatBlock, *, comment: str = "") -> str:
    """The YAML text of one creature file: a header comment (source, OGL notice,
    ``comment``) and the stat block in block style."""
    header = [f"{stat.name}: {stat.source}" if stat.source else stat.name]
    if comment:
        header.extend(["", *comment.rstrip().splitlines()])
    header.extend(["", *OGL_NOTICE.splitlines()])
    lines = [("# " + h).rstrip() for h in header]
    body = yaml.safe_dump(
        stat_block_data(stat),
        sort_keys=False,
        default_flow_style=False,
        allow_unicode=True,
        width=100,
    )
    return "\n".join(lines) + "\n" + body


@dataclass(frozen=True)
class WriteReport:
    """What :func:`write_bestiary` wrote."""

    out_dir: Path
    written: tuple[Path, ...]
    problems: Mapping[str, tuple[Problem, ...]]
    failures: tuple[Failure, ...]
    pages: tuple[Problem, ...] = ()  # pages not read fully

    def __str__(self) -> str:
        return self.summary()

    def summary(self) -> str:
        with_problems = sum(1 for v in self.problems.values() if v)
        n = len(self.pages)
        pages = f"{n} page{'s' if n > 1 else ''} not read fully; " if n else ""
        return (
            f"wrote {len(self.written)} creature files to {self.out_dir}; {pages}"
            f"{with_problems} with parse problems; {len(self.failures)} columns not imported"
        )

    def details(self) -> list[str]:
        """One line per page not read fully (and why), then per problem of a creature or
        column, each naming its page and creature: ``monsters-t-z.html: Wyvern Zombie:
        space/reach: cannot read space/reach ''``."""
        out = [str(p) for p in self.pages]
        for name, probs in sorted(self.problems.items()):
            out.extend(f"{p.file}: {name}: {p.field}: {p.message}" for p in probs)
        return out


def write_bestiary(srd_dir: Path | str, out_dir: Path | str) -> WriteReport:
    """Import the bestiary and write ``<slug>.yaml`` per creature into ``out_dir``.

    Raises:
        InputError: if ``srd_dir`` holds no monster pages or ``out_dir`` cannot be made.
    """
    result = import_bestiary(srd_dir)
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create output folder: {exc}", file=str(out)) from None
    written: list[Path] = []
    for c in result.creatures:
        comment = ""
        if c.problems:
            comment = "Parse problems:\n" + "\n".join(
                f"- {p.field}: {p.message}" for p in c.problems
            )
        path = out / f"{c.slug}.yaml"
        path.write_text(creature_yaml(c.stat, comment=comment), encoding="utf-8")
        written.append(path)
    return WriteReport(
        out, tuple(written), result.problems(), tuple(result.failures), tuple(result.pages)
    )


def iter_problems(result: ImportResult) -> Iterator[str]:
    for name, probs in sorted(result.problems().items()):
        for p in probs:
            yield f"{name}: {p.field}: {p.message}"


def main(argv: list[str] | None = None) -> int:
    """``python -m d20combat.content.importers.monsters SRD_DIR OUT_DIR [--curated]``.

    Writes every creature, or with ``--curated`` only the bundled set (checked and
    commented).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    curated = "--curated" in args
    args = [a for a in args if a != "--curated"]
    if len(args) != 2:
        usage = "usage: python -m d20combat.content.importers.monsters SRD_DIR OUT_DIR [--curated]"
        print(usage, file=sys.stderr)
        return 2
    try:
        if curated:
            paths = write_curated(Path(args[0]), Path(args[1]))
            print(f"wrote {len(paths)} bundled creature files to {args[1]}")
            return 0
        report = write_bestiary(Path(args[0]), Path(args[1]))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report.summary())
    for line in report.details():
        print(line)
    return 2 if report.pages else 0


if __name__ == "__main__":
    raise SystemExit(main())
