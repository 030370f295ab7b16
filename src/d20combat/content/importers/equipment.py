"""Import the SRD weapon and armor tables into ``weapons.yaml`` and ``armor.yaml``.

Reads, under an SRD folder laid out like ``srd35/``:

* ``basic-rules-and-legal/equipment.html``: Table: Weapons (every row, its section
  and footnotes), the weapon categories and descriptions (reach, double, thrown,
  projectile, trip, disarm, brace, monk, lance, reload), Table: Armor and Shields
  and the armor descriptions, Table: Tiny and Large Weapon Damage, and the splash
  weapons of Special Substances and Items;
* ``basic-rules-and-legal/feats.html``: Weapon Finesse (which weapons it works with);
* ``basic-rules-and-legal/combat-ii-movement-modifiers-and-special-actions.html``:
  the weapons usable while prone (Table: Attack Roll Modifiers, footnote 3);
* ``monsters/improving-monsters.html``: Table: Increased Damage By Size.

It adds the weapons of the seeds (:func:`seed_weapons`: seed 000's garrotes).

Run ``python -m d20combat.content.importers.equipment SRD_DIR OUT_DIR``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from bs4 import BeautifulSoup, Tag

from d20combat.content.damage import DamageType
from d20combat.content.equipment import (
    Ammunition,
    Armor,
    ArmorCategory,
    DamageSizeRow,
    DamageStep,
    Handedness,
    SizeDamageTables,
    Weapon,
    WeaponCategory,
    WeaponFlag,
)
from d20combat.content.importers import read_page
from d20combat.content.library import normalize_name
from d20combat.errors import ContentError, InputError

EQUIPMENT = Path("basic-rules-and-legal/equipment.html")
FEATS = Path("basic-rules-and-legal/feats.html")
COMBAT_II = Path("basic-rules-and-legal/combat-ii-movement-modifiers-and-special-actions.html")
IMPROVING = Path("monsters/improving-monsters.html")

NONE = "—"  # the SRD's em dash: no value
HEADER = """\
# {what}, imported from the System Reference Document 3.5 by
# d20combat.content.importers.equipment. Do not edit: re-run the importer.
# Source: srd35/basic-rules-and-legal/equipment.html{extra}.
#
# Open Game Content, used under the Open Game License v1.0a (see LICENSE-OGL.md).
# 15. COPYRIGHT NOTICE: Open Game License v 1.0a Copyright 2000, Wizards of the Coast,
# Inc. System Reference Document Copyright 2000-2003, Wizards of the Coast, Inc.;
# Authors Jonathan Tweet, Monte Cook, Skip Williams, Rich Baker, Andy Collins, David
# Noonan, Rich Redman, Bruce R. Cordell, John D. Rateliff, Thomas Reid, James Wyatt,
# based on original material by E. Gary Gygax and Dave Arneson.
"""


@dataclass
class EquipmentImport:
    """Everything read from the SRD, and notes on the SRD errors that were repaired."""

    weapons: list[Weapon]
    armor: list[Armor]
    size_damage: SizeDamageTables
    table_rows: int = 0  # rows of Table: Weapons, ammunition included
    notes: list[str] = field(default_factory=list)


# --- HTML helpers ---------------------------------------------------------------------


def _clean(text: str) -> str:
    text = text.replace("\xa0", " ").replace("’", "'").replace("×", "x")
    return re.sub(r"\s+", " ", text).strip()


def _cell(tag: Tag) -> tuple[str, tuple[str, ...]]:
    """A cell's text without its footnote marks, and the marks."""
    marks = tuple(_clean(s.get_text()) for s in tag.find_all("sup"))
    parts = [str(s) for s in tag.find_all(string=True) if s.find_parent("sup") is None]
    return _clean("".join(parts)), marks


def _soup(srd_dir: Path, rel: Path) -> BeautifulSoup:
    return BeautifulSoup(read_page(srd_dir / rel), "html.parser")


def _table(soup: BeautifulSoup, caption: str, file: Path) -> Tag:
    for table in soup.find_all("table"):
        cap = table.find("caption")
        if cap is not None and _clean(cap.get_text()) == caption:
            return table
    raise ContentError(f"no table {caption!r}", file=str(file), expected="the SRD page")


def _fail(message: str, where: str) -> ContentError:
    return ContentError(message, file=str(EQUIPMENT), field=where)


def canonical_name(srd_name: str) -> str:
    """The lowercase, modifier-first name of an SRD item, hyphens kept.

    >>> canonical_name("Crossbow, repeating heavy"), canonical_name("Half-plate")
    ('repeating heavy crossbow', 'half-plate')
    """
    name = re.sub(r"\s*\(\d+\)$", "", _clean(srd_name)).lower()
    if "," in name:
        head, _, tail = name.partition(",")
        name = f"{tail.strip()} {head.strip()}"
    return name


# --- parsing cells ----------------------------------------------------------------------


_DICE = re.compile(r"^(\d+d\d+|\d+)$")


def _damage(text: str, where: str) -> list[str] | None:
    if text in (NONE, ""):
        return None
    heads = text.split("/")
    if not all(_DICE.match(h) for h in heads):
        raise _fail(f"cannot read damage {text!r}", where)
    return heads


def _critical(text: str, where: str) -> tuple[int, int, int | None]:
    if text in (NONE, ""):
        return 20, 2, None
    m = re.fullmatch(r"(?:(\d+)[–-]20/)?x(\d)(?:/x(\d))?", text)
    if not m:
        raise _fail(f"cannot read critical {text!r}", where)
    low = int(m.group(1)) if m.group(1) else 20
    return low, int(m.group(2)), int(m.group(3)) if m.group(3) else None


def _feet(text: str, where: str) -> int:
    if text in (NONE, ""):
        return 0
    m = re.fullmatch(r"(\d+) ft\.", text)
    if not m:
        raise _fail(f"cannot read range {text!r}", where)
    return int(m.group(1))


def _pounds(text: str, where: str) -> float | None:
    text = text.lstrip("+")
    if text.lower() in (NONE, "", "special"):
        return None
    m = re.fullmatch(r"(\d+)(?:/(\d+))? lb\.", text)
    if not m:
        raise _fail(f"cannot read weight {text!r}", where)
    return int(m.group(1)) / int(m.group(2) or 1)


def _cost(text: str) -> str | None:
    return None if text in (NONE, "") else text


def _types(text: str, where: str) -> tuple[tuple[DamageType, ...], bool]:
    if text in (NONE, ""):
        return (), False
    joined = "and" if " and " in text else "or"
    try:
        found = tuple(DamageType.parse(t) for t in re.split(r" and | or ", text.lower()))
    except ContentError:
        raise _fail(f"cannot read type {text!r}", where) from None
    return found, joined == "and" and len(found) > 1


def _signed(text: str) -> int:
    return int(text.replace("–", "-").replace("+", ""))


# --- Table: Weapons ---------------------------------------------------------------------

_CATEGORY = {
    "simple weapons": WeaponCategory.SIMPLE,
    "martial weapons": WeaponCategory.MARTIAL,
    "exotic weapons": WeaponCategory.EXOTIC,
}
_SECTION = {
    "unarmed attacks": Handedness.UNARMED,
    "light melee weapons": Handedness.LIGHT,
    "one-handed melee weapons": Handedness.ONE_HANDED,
    "two-handed melee weapons": Handedness.TWO_HANDED,
    "ranged weapons": Handedness.RANGED,
}
# What each footnote of Table: Weapons means, by the words of the footnote.
_FOOTNOTE_FLAGS = {
    "nonlethal damage": WeaponFlag.NONLETHAL,
    "reach weapon": WeaponFlag.REACH,
    "double weapon": WeaponFlag.DOUBLE,
}
_KINDS = ("name", "cost", "damage", "damage", "critical", "range", "weight", "type")


def _kind_ok(kind: str, text: str) -> bool:
    if text in (NONE, ""):
        return True
    pattern = {
        "critical": r"(\d+[–-]20/)?x\d(/x\d)?",
        "range": r"\d+ ft\.",
        "weight": r"[\d/]+ lb\.|special",
        "type": r"[A-Za-z ]+",
    }.get(kind)
    return pattern is None or re.fullmatch(pattern, text) is not None


def _realign(cells: list[str], notes: list[str]) -> list[str]:
    """Repair a row whose cell was dropped and an empty cell added at the end.

    The vendored HTML has two such rows (the net, and the 5-bolt cases of the
    repeating crossbows): a value sits one column to the left of its heading.
    """
    if cells[-1] != "":
        return cells
    for i in range(4, 7):
        if not _kind_ok(_KINDS[i], cells[i]) and _kind_ok(_KINDS[i + 1], cells[i]):
            fixed = [*cells[:i], NONE, *cells[i:-1]]
            notes.append(
                f"Table: Weapons row {cells[0]!r}: {_KINDS[i]} cell missing in the HTML "
                f"({cells[i]!r} is a {_KINDS[i + 1]}); read as '—'"
            )
            return fixed
    return cells


@dataclass
class _Row:
    srd_name: str
    category: WeaponCategory
    handedness: Handedness
    cells: list[str]
    marks: set[str]


def _weapon_rows(soup: BeautifulSoup, notes: list[str]) -> tuple[list[_Row], dict[str, str]]:
    table = _table(soup, "Table: Weapons", EQUIPMENT)
    rows: list[_Row] = []
    footnotes: dict[str, str] = {}
    category: WeaponCategory | None = None
    section: Handedness | None = None
    for tr in table.find_all("tr"):
        tags = tr.find_all(["td", "th"])
        first = _clean(tags[0].get_text())
        if tags[0].name == "th":
            category = _CATEGORY[first.lower()]
            continue
        if len(tags) == 1:
            m = re.match(r"(\d+) (.*)", first)
            if m:
                footnotes[m.group(1)] = m.group(2)
            else:
                section = _SECTION[first.lower()]
            continue
        if category is None or section is None:
            raise _fail(f"row {first!r} before any section heading", "Table: Weapons")
        cells: list[str] = []
        marks: set[str] = set()
        for tag in tags:
            text, sups = _cell(tag)
            cells.append(text)
            marks.update(sups)
        if len(cells) != len(_KINDS):
            raise _fail(f"row {first!r} has {len(cells)} cells", "Table: Weapons")
        rows.append(_Row(first, category, section, _realign(cells, notes), marks))
    return rows, footnotes


def _build_weapon(row: _Row, footnotes: dict[str, str]) -> Weapon:
    name, cost, dmg_s, dmg_m, crit, rng, weight, kind = row.cells
    where = f"Table: Weapons, {row.srd_name}"
    small, medium = _damage(dmg_s, where), _damage(dmg_m, where)
    low, mult, mult2 = _critical(crit, where)
    types, all_types = _types(kind, where)
    flags: set[WeaponFlag] = set()
    for mark in row.marks:
        text = footnotes.get(mark, "").lower()
        flags.update(f for words, f in _FOOTNOTE_FLAGS.items() if words in text)
    if row.handedness is Handedness.RANGED:
        flags.add(WeaponFlag.RANGED)
    damage: dict[str, str] = {}
    secondary: dict[str, str] | None = None
    if small and medium:
        damage = {"small": small[0], "medium": medium[0]}
        if len(medium) == 2:
            secondary = {"small": small[-1], "medium": medium[1]}
    quantity = re.search(r"\((\d+)\)$", name)
    return Weapon(
        name=canonical_name(name),
        category=row.category,
        handedness=row.handedness,
        damage=damage,
        damage_secondary=secondary,
        critical_range=low,
        critical_multiplier=mult,
        critical_multiplier_secondary=mult2,
        range_increment=_feet(rng, where),
        damage_types=types,
        damage_types_all=all_types,
        flags=frozenset(flags),
        quantity=int(quantity.group(1)) if quantity else 1,
        cost=_cost(cost),
        weight_lb=_pounds(weight, where),
    )


def _is_ammunition(row: _Row) -> bool:
    return bool(re.search(r"\(\d+\)$", row.srd_name)) and row.cells[3] in (NONE, "")


def _ammunition(row: _Row) -> Ammunition:
    m = re.search(r"\((\d+)\)$", row.srd_name)
    assert m is not None
    where = f"Table: Weapons, {row.srd_name}"
    return Ammunition(
        name=canonical_name(row.srd_name),
        quantity=int(m.group(1)),
        cost=_cost(row.cells[1]),
        weight_lb=_pounds(row.cells[6], where),
    )


# --- prose ------------------------------------------------------------------------------


def _category_lists(soup: BeautifulSoup) -> dict[str, list[str]]:
    """The weapon lists of "Weapon Categories": {"reach": ["glaive", ...], ...}."""
    out: dict[str, list[str]] = {}
    for em in soup.find_all("em"):
        label = _clean(em.get_text()).rstrip(":").lower()
        if label not in ("reach weapons", "double weapons", "thrown weapons", "projectile weapons"):
            continue
        parent = em.find_parent("p")
        assert parent is not None
        text = _clean(parent.get_text()).split(":", 1)[1]
        m = re.match(r"\s*(.*?) are (?:reach|double|thrown|projectile) weapons", text)
        if m:
            items = re.split(r", and |, | and ", m.group(1))
            out[label.split()[0]] = [i.strip().lower() for i in items]
    return out


def _entries(soup: BeautifulSoup, heading_id: str) -> Iterator[tuple[str, str]]:
    """(name, text) of each ``<strong>Name:</strong>`` entry under a heading."""
    heading = soup.find(id=heading_id)
    if heading is None:
        raise ContentError(f"no section #{heading_id}", file=str(EQUIPMENT))
    name: str | None = None
    text = ""
    for sib in heading.find_next_siblings():
        if sib.name in ("h2", "h3"):
            break
        if sib.name != "p":
            continue
        strong = sib.find("strong")
        if strong is not None and _clean(sib.get_text()).startswith(_clean(strong.get_text())):
            if name is not None:
                yield name, text
            name = _clean(strong.get_text()).rstrip(":")
            text = _clean(sib.get_text())[len(_clean(strong.get_text())) :].strip()
        elif name is not None:
            text += " " + _clean(sib.get_text())
    if name is not None:
        yield name, text


def _entry_names(header: str) -> list[str]:
    """Item names an entry heading covers: "Flail or Heavy Flail", "Shield, Heavy or Light"."""
    head, comma, tail = header.partition(",")
    if not comma:
        return [canonical_name(h) for h in header.split(" or ")]
    return [canonical_name(f"{head}, {t}") for t in tail.split(" or ")]


class _Matcher:
    """Finds catalog names for the SRD's names and plurals ("repeating crossbows")."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def match(self, name: str) -> list[str]:
        key = normalize_name(name)
        for cand in (key, key[:-1], key[:-2], re.sub(r"es$", "", key)):
            hits = [n for n in self.names if normalize_name(n) == cand]
            if hits:
                return hits
        for cand in (key, key[:-1]):
            words = set(cand.split())
            hits = [n for n in self.names if words <= set(normalize_name(n).split())]
            if hits:
                return hits
        return []


def _finesse_list(srd_dir: Path) -> list[str]:
    """The non-light weapons SRD feats.html, Weapon Finesse, names."""
    text = _clean(_soup(srd_dir, FEATS).get_text(" "))
    m = re.search(r"With a light weapon, (.*?) made for a creature of your size", text)
    if not m:
        raise ContentError("no Weapon Finesse benefit", file=str(FEATS))
    return [i.strip() for i in re.split(r", or |, | or ", m.group(1))]


def _prone_list(srd_dir: Path) -> list[str]:
    """Weapons usable while prone (combat-ii, Table: Attack Roll Modifiers, note 3)."""
    text = _clean(_soup(srd_dir, COMBAT_II).get_text(" "))
    m = re.search(r"you can use an? (.*?) while prone", text)
    if not m:
        raise ContentError("no note on attacking while prone", file=str(COMBAT_II))
    return [i.strip() for i in m.group(1).split(" or ")]


@dataclass
class _Extra:
    flags: set[WeaponFlag] = field(default_factory=set)
    disarm_bonus: int = 0
    reach_ft: int | None = None
    head_types: dict[str, DamageType] = field(default_factory=dict)


def _description_flags(text: str) -> _Extra:
    """Qualities a weapon description states (SRD equipment.html, Weapon Descriptions)."""
    t = text.replace("–", "-")
    ex = _Extra()
    checks = {
        WeaponFlag.TRIP: r"trip attack",
        WeaponFlag.BRACE: r"set an? [\w ]+ against a charge",
        WeaponFlag.MONK: r"special monk weapon",
        WeaponFlag.LANCE: r"double damage when used from the back of a charging mount",
        WeaponFlag.REACH_ADJACENT: r"unlike most other weapons with reach",
        WeaponFlag.NO_THREAT: r"you don't threaten the area",
        WeaponFlag.DISARM_IMMUNE: r"cannot use a disarm action to disarm you",
        WeaponFlag.NONLETHAL: r"deals (?:[\dd]+ points of )?nonlethal damage",
        WeaponFlag.THROWN: r"(?:can|may also) be thrown",
    }
    ex.flags = {flag for flag, pattern in checks.items() if re.search(pattern, t)}
    m = re.search(r"\+(\d+) bonus on opposed attack rolls made to disarm", t)
    if m:
        ex.flags.add(WeaponFlag.DISARM)
        ex.disarm_bonus = int(m.group(1))
    if re.search(r"reload it by [^.]*\(a free action\)", t):
        ex.flags.add(WeaponFlag.LOAD_FREE)
    else:
        m = re.search(r"Loading an? [\w ]+? is a (move|full-round) action", t)
        if m:
            ex.flags.add(WeaponFlag.LOAD_MOVE if m.group(1) == "move" else WeaponFlag.LOAD_FULL)
    m = re.search(r"melee weapon with (\d+)-foot reach", t)
    if m:
        ex.reach_ft = int(m.group(1))
    for kind, dice in re.findall(r"is an? (\w+) weapon that deals (\d+d\d+) points", t):
        ex.head_types[dice] = DamageType.parse(kind)
    return ex


def _head_types(w: Weapon, heads: dict[str, DamageType]) -> dict[str, Any]:
    """Per-head types of a double weapon whose description names them."""
    if not heads or w.damage_secondary is None:
        return {}
    for size in ("small", "medium"):
        first, second = w.damage[size], w.damage_secondary[size]
        if first in heads and second in heads and first != second:
            return {
                "damage_types": (heads[first],),
                "damage_types_all": False,
                "damage_types_secondary": (heads[second],),
            }
    return {}


# --- splash weapons ---------------------------------------------------------------------


def _goods(soup: BeautifulSoup) -> dict[str, tuple[str, str]]:
    table = _table(soup, "Table: Goods and Services", EQUIPMENT)
    out: dict[str, tuple[str, str]] = {}
    for tr in table.find_all("tr"):
        cells = [_cell(t)[0] for t in tr.find_all(["td", "th"])]
        for i in range(0, len(cells) - 2, 3):
            name = re.sub(r"\s*\(.*\)$", "", cells[i]).lower()
            if name:
                out.setdefault(name, (cells[i + 1], cells[i + 2]))
    return out


def _splash_weapons(soup: BeautifulSoup, notes: list[str]) -> list[Weapon]:
    """Splash weapons of SRD equipment.html, Special Substances and Items."""
    goods = _goods(soup)
    out = []
    for name, text in _entries(soup, "special-substances-and-items"):
        if "splash weapon" not in text:
            continue
        key = name.lower()
        hit = re.search(r"direct hit [\w ]*?deals (\d+d\d+) points of (?:(\w+) )?damage", text)
        rng = re.search(r"range increment of (\d+) feet", text)
        if not hit or not rng:
            notes.append(
                f"Special Substances: {name!r} is a splash weapon with no damage of its own"
            )
            continue
        splash = re.search(r"takes (\d+) points? of (?:\w+ )?damage from the splash", text)
        only = re.search(
            r"deals \d+d\d+ points of damage to (an? [\w ]+?(?: or an? [\w ]+?)?)\.", text
        )
        cost, weight = goods.get(key, ("", ""))
        dice = hit.group(1)
        out.append(
            Weapon(
                name=key,
                category=WeaponCategory.NONE,
                handedness=Handedness.RANGED,
                damage={"small": dice, "medium": dice},
                range_increment=int(rng.group(1)),
                damage_types=(DamageType.parse(hit.group(2)),) if hit.group(2) else (),
                flags=frozenset({WeaponFlag.RANGED, WeaponFlag.THROWN, WeaponFlag.SPLASH}),
                splash_damage=int(splash.group(1)) if splash else 0,
                damages_only=only.group(1) if only else None,
                cost=_cost(cost),
                weight_lb=_pounds(weight, f"Goods and Services, {name}"),
                source="SRD equipment.html, Special Substances and Items",
            )
        )
    return out


# --- weapons ----------------------------------------------------------------------------


def _read_weapons(srd_dir: Path, soup: BeautifulSoup, result: EquipmentImport) -> None:
    notes = result.notes
    rows, footnotes = _weapon_rows(soup, notes)
    result.table_rows = len(rows)
    built: list[Weapon] = []
    ammo: dict[str, Ammunition] = {}
    for row in rows:
        if _is_ammunition(row):
            if not built:
                raise _fail(f"ammunition {row.srd_name!r} before any weapon", "Table: Weapons")
            ammo[built[-1].name] = _ammunition(row)
        else:
            built.append(_build_weapon(row, footnotes))
    names = [w.name for w in built]
    match = _Matcher(names)
    extra: dict[str, set[WeaponFlag]] = {n: set() for n in names}

    lists = _category_lists(soup)
    for key, flag in (("reach", WeaponFlag.REACH), ("double", WeaponFlag.DOUBLE)):
        listed = {n for item in lists.get(key, []) for n in match.match(item)}
        marked = {w.name for w in built if flag in w.flags}
        if listed != marked:
            notes.append(
                f"{key} weapons: table footnotes {sorted(marked)} vs prose {sorted(listed)}"
            )
        for n in listed:
            extra[n].add(flag)
    for key, flag in (("thrown", WeaponFlag.THROWN), ("projectile", WeaponFlag.PROJECTILE)):
        for item in lists.get(key, []):
            hits = match.match(item)
            if not hits:
                notes.append(f"{key} weapons: {item!r} matches no weapon")
            for n in hits:
                extra[n].add(flag)

    details: dict[str, _Extra] = {}
    for header, text in _entries(soup, "weapon-descriptions"):
        for item in _entry_names(header):
            for n in match.match(item):
                details[n] = _description_flags(text)

    finesse = {n for item in _finesse_list(srd_dir) for n in match.match(item)}
    prone = {n for item in _prone_list(srd_dir) for n in match.match(item)}

    for w in built:
        flags = set(w.flags) | extra[w.name]
        det = details.get(w.name, _Extra())
        flags |= det.flags
        if WeaponFlag.PROJECTILE not in flags and w.range_increment > 0:
            flags.add(WeaponFlag.THROWN)  # a numeric Range Increment: made to be thrown
        if w.is_light or w.name in finesse:
            flags.add(WeaponFlag.FINESSE)
        if w.name in prone:
            flags.add(WeaponFlag.PRONE_USABLE)
        update: dict[str, Any] = {"flags": frozenset(flags), **_head_types(w, det.head_types)}
        if det.disarm_bonus:
            update["disarm_bonus"] = det.disarm_bonus
        if det.reach_ft:
            update["reach_ft"] = det.reach_ft
        if w.name in ammo:
            update["ammunition"] = ammo[w.name]
        result.weapons.append(w.model_copy(update=update))
    result.weapons.extend(_splash_weapons(soup, notes))
    result.weapons.extend(seed_weapons())


# --- weapons of the seeds --------------------------------------------------------------
_GARROTE_SOURCE = "seed 000 Garrote Attacks (the rest a reading: A80)"


def seed_weapons() -> list[Weapon]:
    """Weapons the seeds add to the SRD's: seed 000 "Garrote Attacks" gives only "1d6 or
    1d8, depending on the type of garrote"; reading A80: exotic two-handed melee weapons
    used for garrote attacks alone, the cord 1d6 bludgeoning, the wire 1d8 slashing, the
    locking garrote a wire one that needs no moving in; Small ones a step lower."""
    rows: tuple[tuple[str, str, str, DamageType, frozenset[WeaponFlag]], ...] = (
        ("cord garrote", "1d4", "1d6", DamageType.BLUDGEONING, frozenset()),
        ("wire garrote", "1d6", "1d8", DamageType.SLASHING, frozenset()),
        ("locking garrote", "1d6", "1d8", DamageType.SLASHING, frozenset({WeaponFlag.LOCKING})),
    )
    return [
        Weapon(
            name=name,
            category=WeaponCategory.EXOTIC,
            handedness=Handedness.TWO_HANDED,
            damage={"small": small, "medium": medium},
            damage_types=(kind,),
            flags=frozenset({WeaponFlag.GARROTE}) | extra,
            source=_GARROTE_SOURCE,
        )
        for name, small, medium, kind, extra in rows
    ] + firearms()


_FIREARM_SOURCE = "seed 004 Firearms, Autofire (the numbers a reading: A90)"


def firearms() -> list[Weapon]:
    """Seed 004's firearms and a grenade. The seed gives their rules (single shots, proficiency, the
    longarm's -4, autofire's 10 bullets) but no table of them; reading A90: a pistol and a
    submachine gun (automatic) take the light crossbow's numbers (1d8, 19-20/x2, 80 ft),
    a rifle (a longarm) the heavy crossbow's (1d10, 19-20/x2, 120 ft), and so does a
    machine gun (a longarm with only an autofire setting: reading A187), all piercing
    projectile weapons (ten range increments, seed 004 "Ranged Weapons"); Small ones a
    step lower. Reading A92: the fragmentation grenade, a thrown explosive, 4d6 slashing
    in a 20-ft burst, Reflex DC 15 for half, range increment 10 ft (the seed's "two to
    three range increments (11 to 30 feet)")."""
    base = frozenset({WeaponFlag.RANGED, WeaponFlag.PROJECTILE, WeaponFlag.FIREARM})
    rows: tuple[tuple[str, str, str, int, frozenset[WeaponFlag]], ...] = (
        ("pistol", "1d6", "1d8", 80, frozenset()),
        ("rifle", "1d8", "1d10", 120, frozenset({WeaponFlag.LONGARM})),
        ("submachine gun", "1d6", "1d8", 80, frozenset({WeaponFlag.AUTOFIRE})),
        (
            "machine gun",
            "1d8",
            "1d10",
            120,
            frozenset({WeaponFlag.AUTOFIRE, WeaponFlag.AUTOFIRE_ONLY, WeaponFlag.LONGARM}),
        ),
    )
    grenade = Weapon(
        name="fragmentation grenade",
        category=WeaponCategory.NONE,  # seed 004: "Thrown weapons require no weapon proficiency"
        handedness=Handedness.RANGED,
        damage={"small": "4d6", "medium": "4d6"},
        range_increment=10,
        damage_types=(DamageType.SLASHING,),
        flags=frozenset({WeaponFlag.RANGED, WeaponFlag.THROWN, WeaponFlag.EXPLOSIVE}),
        burst_radius_ft=20,
        reflex_dc=15,
        source="seed 004 Thrown Explosives (the numbers a reading: A92)",
    )
    return [grenade] + [
        Weapon(
            name=name,
            category=WeaponCategory.FIREARM,
            handedness=Handedness.RANGED,
            damage={"small": small, "medium": medium},
            critical_range=19,
            range_increment=increment,
            damage_types=(DamageType.PIERCING,),
            flags=base | extra,
            source=_FIREARM_SOURCE,
        )
        for name, small, medium, increment, extra in rows
    ]


# --- Table: Armor and Shields -----------------------------------------------------------

_ARMOR_SECTION = {
    "light armor": ArmorCategory.LIGHT,
    "medium armor": ArmorCategory.MEDIUM,
    "heavy armor": ArmorCategory.HEAVY,
    "shields": ArmorCategory.SHIELD,
    "extras": ArmorCategory.EXTRA,
}


def _read_armor(soup: BeautifulSoup, result: EquipmentImport) -> None:
    table = _table(soup, "Table: Armor and Shields", EQUIPMENT)
    footnotes: dict[str, str] = {}
    raw: list[tuple[ArmorCategory, list[str], list[tuple[str, ...]]]] = []
    section: ArmorCategory | None = None
    loose: list[tuple[str, int, str]] = []
    for tr in table.find_all("tr"):
        tags = tr.find_all(["td", "th"])
        cells = [_cell(t) for t in tags]
        texts = [c[0] for c in cells]
        if len(tags) == 1:
            m = re.match(r"(\d+) (.*)", texts[0])
            if m:
                footnotes[m.group(1)] = m.group(2)
            continue
        if any(t.name == "th" for t in tags[:2]) or not texts[0]:
            continue
        if texts[0].lower() in _ARMOR_SECTION and not any(texts[1:]):
            section = _ARMOR_SECTION[texts[0].lower()]
            continue
        if section is None:
            raise _fail(f"armor row {texts[0]!r} before a section", "Table: Armor and Shields")
        marks = [c[1] for c in cells]
        # A bare footnote number in a cell of its own (locked gauntlet: "4").
        for i, t in enumerate(texts):
            if re.fullmatch(r"\d", t) and i >= 5:
                loose.append((texts[0], i, t))
                texts[i] = NONE
                marks[i] = (t,)
        raw.append((section, texts, marks))
    for row_name, i, t in loose:
        result.notes.append(
            f"Table: Armor and Shields row {row_name!r}: column {i + 1} holds only "
            f"footnote {t} ({footnotes.get(t, '?')!r}); read as '—'"
        )

    descriptions = {}
    for header, text in _entries(soup, "armor-descriptions"):
        for item in _entry_names(header.replace(", Wooden or Steel", "")):
            descriptions[item] = text.replace("–", "-")

    for section, texts, marks in raw:
        name, cost, bonus, max_dex, acp, asf, s30, s20, weight = texts
        where = f"Table: Armor and Shields, {name}"
        canon = canonical_name(name)
        all_marks = {m for ms in marks for m in ms}
        notes_text = " ".join(footnotes.get(m, "") for m in all_marks).lower()
        desc = descriptions.get(canon, "")
        if not desc and canon.endswith(" shield"):
            kind = canon.split()[0]  # "light wooden shield" -> the "light shield" entry
            desc = descriptions.get(f"{kind} shield", "")
        speeds = [None if v in (NONE, "") else _feet(v, where) for v in (s30, s20)]
        attack = re.search(r"you take a (-\d+) penalty on attack rolls because of the shield", desc)
        arm = re.search(r"you take a (-\d+) penalty on attack rolls while doing so", desc)
        disarm = re.search(r"\+(\d+) bonus on any roll made to keep from being disarmed", desc)
        if acp.lower() == "special":
            result.notes.append(f"{where}: armor check penalty 'Special' read as 0")
        result.armor.append(
            Armor(
                name=canon,
                category=section,
                bonus=0 if bonus in (NONE, "") else _signed(bonus),
                max_dex=None if max_dex in (NONE, "") else _signed(max_dex),
                check_penalty=0 if acp in (NONE, "") or acp.lower() == "special" else _signed(acp),
                spell_failure=0 if asf in (NONE, "") else int(asf.rstrip("%")),
                speed_30=speeds[0],
                speed_20=speeds[1],
                run_multiplier=3 if "triple your speed" in notes_text else 4,
                attack_penalty=int(attack.group(1)) if attack else 0,
                shield_arm_attack_penalty=int(arm.group(1)) if arm else 0,
                grants_cover="grant you cover" in notes_text,
                disarm_bonus=int(disarm.group(1)) if disarm else 0,
                cost=_cost(cost),
                weight_lb=_pounds(weight, where),
            )
        )


# --- damage by size ---------------------------------------------------------------------


def _read_size_damage(srd_dir: Path, soup: BeautifulSoup, result: EquipmentImport) -> None:
    tiny_large = []
    for tr in _table(soup, "Table: Tiny and Large Weapon Damage", EQUIPMENT).find_all("tr"):
        cells = [_cell(t)[0] for t in tr.find_all("td")]
        if len(cells) == 3:
            medium, tiny, large = cells
            tiny_large.append(
                DamageSizeRow(medium=medium, tiny=None if tiny == NONE else tiny, large=large)
            )
    increased = []
    improving = _soup(srd_dir, IMPROVING)
    for tr in _table(improving, "Table: Increased Damage By Size", IMPROVING).find_all("tr"):
        cells = [_cell(t)[0] for t in tr.find_all("td")]
        if len(cells) == 2:
            increased.append(DamageStep(old=cells[0], new=cells[1]))
    small: dict[str, str] = {}
    for w in result.weapons:
        if WeaponFlag.SPLASH in w.flags or WeaponFlag.EXPLOSIVE in w.flags:
            continue  # the same damage whoever throws it
        for table in (w.damage, w.damage_secondary or {}):
            if "medium" in table:
                seen = small.setdefault(table["medium"], table["small"])
                if seen != table["small"]:
                    result.notes.append(
                        f"{w.name}: Medium {table['medium']} is Small {table['small']}, "
                        f"elsewhere {seen}"
                    )

    def order(dice: str) -> tuple[int, int]:
        n, _, s = dice.partition("d")
        return (int(s or 0), int(n)) if s else (0, int(n))

    result.size_damage = SizeDamageTables(
        source=(
            "SRD equipment.html, Table: Tiny and Large Weapon Damage and Table: Weapons "
            "(Dmg (S), Dmg (M)); SRD improving-monsters.html, Table: Increased Damage By Size"
        ),
        tiny_large=tuple(tiny_large),
        increased=tuple(increased),
        small=tuple(
            DamageStep(old=m, new=s) for m, s in sorted(small.items(), key=lambda i: order(i[0]))
        ),
    )


# --- entry points -----------------------------------------------------------------------


def read_equipment(srd_dir: Path) -> EquipmentImport:
    """Everything this importer reads from an SRD folder, with its repair notes.

    Raises:
        InputError: if a page is missing; ContentError if a table does not parse.
    """
    srd_dir = Path(srd_dir)
    soup = _soup(srd_dir, EQUIPMENT)
    empty = SizeDamageTables(source="", tiny_large=(), increased=(), small=())
    result = EquipmentImport(weapons=[], armor=[], size_damage=empty)
    _read_weapons(srd_dir, soup, result)
    _read_armor(soup, result)
    _read_size_damage(srd_dir, soup, result)
    return result


def import_equipment(srd_dir: Path) -> tuple[list[Weapon], list[Armor]]:
    """The SRD weapons (the table's 72 weapons and the splash weapons), the seeds' garrotes
    and 21 armors.

    Raises:
        InputError: if a page is missing; ContentError if a table does not parse.
    """
    result = read_equipment(srd_dir)
    return result.weapons, result.armor


def _plain(model: Any) -> Any:
    """A model as plain YAML data: defaults left out, flags sorted, name first."""
    data = model.model_dump(mode="json", exclude_defaults=True)
    if "flags" in data:
        data["flags"] = sorted(data["flags"])
    return data


def _dump(header: str, key: str, items: list[Any], extra: dict[str, Any] | None = None) -> str:
    body = {key: [_plain(i) for i in items], **(extra or {})}
    text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=100)
    return header + text


def render_equipment(result: EquipmentImport) -> dict[str, str]:
    """The text of ``weapons.yaml`` and ``armor.yaml`` for an import."""
    weapons = _dump(
        HEADER.format(
            what="Weapons",
            extra=", feats.html,\n#   combat-ii-movement-modifiers-and-special-actions.html,"
            " monsters/improving-monsters.html",
        ),
        "weapons",
        result.weapons,
        {"size_damage": _plain(result.size_damage)},
    )
    armor = _dump(HEADER.format(what="Armor and shields", extra=""), "armor", result.armor)
    return {"weapons.yaml": weapons, "armor.yaml": armor}


def write_equipment(srd_dir: Path, out_dir: Path) -> EquipmentImport:
    """Import the SRD equipment and write ``weapons.yaml`` and ``armor.yaml`` to ``out_dir``.

    Raises:
        InputError: if a page is missing or the folder cannot be written.
    """
    result = read_equipment(srd_dir)
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, text in render_equipment(result).items():
            (out / name).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write: {exc}", file=str(out)) from None
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m d20combat.content.importers.equipment SRD_DIR OUT_DIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print(
            "usage: python -m d20combat.content.importers.equipment SRD_DIR OUT_DIR",
            file=sys.stderr,
        )
        return 2
    try:
        result = write_equipment(Path(args[0]), Path(args[1]))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(
        f"{len(result.weapons)} weapons ({result.table_rows} weapon-table rows), "
        f"{len(result.armor)} armor rows written to {args[1]}"
    )
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
