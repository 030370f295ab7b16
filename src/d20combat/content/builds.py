"""Character builds: race + class levels + choices -> a :class:`StatBlock`.

A :class:`Build` is what a scenario (or a file in ``content/data/builds/``) gives for a
character: race, class levels, base ability scores, feats, gear, skill ranks, a hit
point policy and extra modifiers (magic items). :func:`build_creature` turns it into
the engine's :class:`~d20combat.content.creatures.StatBlock`; :func:`check_build`
lists the choices that break the character creation rules (feat count, skill points,
maximum ranks, ...) without refusing the build.

Sources (3.5 SRD, ``srd35/basic-rules-and-legal/``):

* ``races.html``: racial traits (see :mod:`d20combat.content.races`);
* ``character-classes-i.html``, ``character-classes-ii.html``, ``npc-classes.html``:
  class tables and features (see :mod:`d20combat.content.classes`), and "Multiclass
  Characters" (sums; a second uncanny dodge becomes improved uncanny dodge; feats and
  ability increases by character level);
* ``equipment.html`` "Armor Check Penalty" (Balance, Climb, Escape Artist, Hide, Jump,
  Move Silently, Sleight of Hand and Tumble; double on Swim), "Masterwork Armor"
  (check penalty lessened by 1), "Armor Qualities" (speed);
* ``feats.html``: skill feats (Alertness ... Stealthy +2 on two skills, Skill Focus +3),
  Toughness (+3 hp), Extra Turning (+4 turning attempts);
* seed 000 "Turn Undead" (3 + Charisma modifier attempts a day);
* the skills chapter of the SRD (not vendored): key abilities, trained-only skills,
  the Jump speed modifier (-6 per 10 ft. below 30, +4 per 10 ft. above) and the
  unconditional synergies of Table: Skill Synergies. The key abilities agree with the
  class skill lists of the class pages (a test checks it).

Hit points (``hp``). The stat block derives hit points from the average of its hit
dice, rounded down, plus Constitution and Toughness (``rules/statistics.py``; the SRD
monster entries do the same: "Orc, 1st-Level Warrior" 1d8+1 = 5 hp). ``hp`` chooses:

* ``average``: that derived number, as SRD NPC stat blocks print it;
* ``max-first``: the maximum of the first Hit Die, then the average (rounded down, as
  a whole) of the others. The Player's Handbook gives a 1st-level character maximum
  hit points; that sentence is not in the SRD (which has no character creation
  chapter), but it is the 3.5 convention for player characters;
* an integer: exactly that many hit points;
* ``auto`` (the default): ``max-first`` if the first class is a PC class, ``average``
  if it is an NPC class. This reproduces both conventions: a PC-classed hero gets
  the PHB's first-level maximum, and an NPC-classed warrior matches the SRD's
  "Dwarf, 1st-Level Warrior" (6 hp) and its kin.

The difference from the derived number goes into ``StatBlock.hp_bonus``. The first
entry of ``classes`` is the class taken at 1st level.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from d20combat.content.classes import (
    MAX_LEVEL,
    ClassDef,
    ClassKind,
    base_attack,
    base_saves,
    class_def,
    parse_class_levels,
)
from d20combat.content.creatures import (
    Ability,
    ArmorRef,
    ClassLevel,
    DamageReduction,
    FeatRef,
    HitDice,
    Speeds,
    StatBlock,
    StatModifier,
    Turning,
    TurningPower,
    WeaponRef,
    ability_scores,
    armor_problem,
    weapon_problem,
)
from d20combat.content.equipment import Armor, ArmorCategory, armor
from d20combat.content.library import Catalog, data_dir, normalize_name, validate_partly
from d20combat.content.loading import Frozen, read_yaml, validate
from d20combat.content.races import ARMOR_SPEED_EXEMPT, Race, race
from d20combat.content.sizes import Size
from d20combat.errors import ContentError, Problem
from d20combat.limits import MAX_NAME_LENGTH
from d20combat.rules.modifiers import BonusType, Modifier, ability_modifier, stack


class Skill(NamedTuple):
    """A skill's key ability, whether it needs ranks, and its armor check penalty factor."""

    ability: Ability
    trained_only: bool = False
    armor_check: int = 0  # 0: none, 1: normal, 2: double (Swim)


_S, _D, _C, _I, _W, _H = (
    Ability.STR,
    Ability.DEX,
    Ability.CON,
    Ability.INT,
    Ability.WIS,
    Ability.CHA,
)
# SRD skills chapter, Table: Skills (key ability, trained only, armor check penalty);
# equipment.html "Armor Check Penalty" lists the eight skills it applies to, Swim double.
SKILLS: dict[str, Skill] = {
    "appraise": Skill(_I),
    "balance": Skill(_D, armor_check=1),
    "bluff": Skill(_H),
    "climb": Skill(_S, armor_check=1),
    "concentration": Skill(_C),
    "craft": Skill(_I),
    "decipher script": Skill(_I, trained_only=True),
    "diplomacy": Skill(_H),
    "disable device": Skill(_I, trained_only=True),
    "disguise": Skill(_H),
    "escape artist": Skill(_D, armor_check=1),
    "forgery": Skill(_I),
    "gather information": Skill(_H),
    "handle animal": Skill(_H, trained_only=True),
    "heal": Skill(_W),
    # seed 004 "Recovering with Help": d20 Modern's first aid skill (Wis; usable untrained)
    "treat injury": Skill(_W),
    # seed 004 "Repairing Objects": d20 Modern's Repair (Int); the seed gives its use
    # with and without tools only, so it is usable untrained (reading A210)
    "repair": Skill(_I),
    "hide": Skill(_D, armor_check=1),
    "intimidate": Skill(_H),
    "jump": Skill(_S, armor_check=1),
    "knowledge": Skill(_I, trained_only=True),
    "listen": Skill(_W),
    "move silently": Skill(_D, armor_check=1),
    "open lock": Skill(_D, trained_only=True),
    "perform": Skill(_H),
    "profession": Skill(_W, trained_only=True),
    "ride": Skill(_D),
    "search": Skill(_I),
    "sense motive": Skill(_W),
    "sleight of hand": Skill(_D, trained_only=True, armor_check=1),
    "speak language": Skill(_I, trained_only=True),
    "spellcraft": Skill(_I, trained_only=True),
    "spot": Skill(_W),
    "survival": Skill(_W),
    "swim": Skill(_S, armor_check=2),
    "tumble": Skill(_D, trained_only=True, armor_check=1),
    "use magic device": Skill(_H, trained_only=True),
    "use rope": Skill(_D),
}

# SRD skills chapter, Table: Skill Synergies: 5 or more ranks in the first skill give
# a +2 synergy bonus on the second. Only the unconditional rows are listed.
SYNERGIES: tuple[tuple[str, str], ...] = (
    ("bluff", "diplomacy"),
    ("bluff", "intimidate"),
    ("bluff", "sleight of hand"),
    ("handle animal", "ride"),
    ("jump", "tumble"),
    ("knowledge (arcana)", "spellcraft"),
    ("knowledge (local)", "gather information"),
    ("knowledge (nobility and royalty)", "diplomacy"),
    ("sense motive", "diplomacy"),
    ("survival", "knowledge (nature)"),
    ("tumble", "balance"),
    ("tumble", "jump"),
)

# SRD feats.html: "+2 bonus on all X checks and Y checks".
SKILL_FEATS: dict[str, tuple[str, ...]] = {
    "acrobatic": ("jump", "tumble"),
    "agile": ("balance", "escape artist"),
    "alertness": ("listen", "spot"),
    "animal affinity": ("handle animal", "ride"),
    "athletic": ("climb", "swim"),
    "deceitful": ("disguise", "forgery"),
    "deft hands": ("sleight of hand", "use rope"),
    "diligent": ("appraise", "decipher script"),
    "investigator": ("gather information", "search"),
    "magical aptitude": ("spellcraft", "use magic device"),
    "negotiator": ("diplomacy", "sense motive"),
    "nimble fingers": ("disable device", "open lock"),
    "persuasive": ("bluff", "intimidate"),
    "self-sufficient": ("heal", "survival"),
    "stealthy": ("hide", "move silently"),
}

# Feats a class grants by name (they do not count against the feats a character picks):
# monk "Unarmed Strike", ranger Track / Endurance / combat style, wizard Scribe Scroll.
GRANTED_FEATS: dict[str, tuple[tuple[int, str], ...]] = {
    "monk": ((1, "improved unarmed strike"),),
    "ranger": (
        (1, "track"),
        (3, "endurance"),
        (2, "rapid shot"),
        (2, "two-weapon fighting"),
        (6, "manyshot"),
        (6, "improved two-weapon fighting"),
        (11, "improved precise shot"),
        (11, "greater two-weapon fighting"),
    ),
    "wizard": ((1, "scribe scroll"),),
}

# SRD Hide skill: size modifier on Hide checks (races.html: Small +4).
HIDE_SIZE = {
    Size.FINE: 16,
    Size.DIMINUTIVE: 12,
    Size.TINY: 8,
    Size.SMALL: 4,
    Size.MEDIUM: 0,
    Size.LARGE: -4,
    Size.HUGE: -8,
    Size.GARGANTUAN: -12,
    Size.COLOSSAL: -16,
}

# character-classes-i.html, Table: Small or Large Monk Unarmed Damage (by Medium value).
MONK_UNARMED_BY_SIZE: dict[str, tuple[str, str]] = {
    "1d6": ("1d4", "1d8"),
    "1d8": ("1d6", "2d6"),
    "1d10": ("1d8", "2d8"),
    "2d6": ("1d10", "3d6"),
    "2d8": ("2d6", "3d8"),
    "2d10": ("2d8", "4d8"),
}

_ENEMY = re.compile(r"^\s*(.+?)\s*\(?\+(\d+)\)?\s*$")


class FavoredEnemy(Frozen):
    """A ranger's favored enemy and its bonus: text ``"giant +4"``, ``"humanoid (orc) +2"``.

    character-classes-ii.html, Ranger "Favored Enemy": +2 per enemy on Bluff, Listen,
    Sense Motive, Spot and Survival checks and on weapon damage rolls against it; at
    5th, 10th, 15th and 20th level one bonus (possibly the new one) rises by 2.
    """

    enemy: str
    bonus: int = Field(ge=2)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            m = _ENEMY.match(value)
            if not m:
                raise ValueError(f"cannot read favored enemy {value!r} (expected like 'giant +2')")
            return {"enemy": m.group(1), "bonus": int(m.group(2))}
        return value


HpPolicy = Literal["auto", "average", "max-first"] | int


def _skill_name(value: Any) -> Any:
    """A skill of Table: Skills, lower-case, with its specialty (``knowledge (arcana)``).

    Raises:
        PydanticCustomError: for an unknown skill, offering the closest names.
    """
    if not isinstance(value, str):
        return value
    key = " ".join(value.strip().lower().split())
    base = key.split(" (")[0]
    if base not in SKILLS:
        close = difflib.get_close_matches(base, list(SKILLS), n=3)
        hint = "did you mean " + ", ".join(close) + "?" if close else "a skill of Table: Skills"
        raise PydanticCustomError("content", f"unknown skill {value!r}", {"expected": hint})
    return key


SkillName = Annotated[str, BeforeValidator(_skill_name)]


#: The 22 cleric domains of the SRD (its spells chapter, not vendored); those whose
#: granted power turns creatures are in :data:`DOMAIN_TURNING` (and ``sun``).
Domain = Literal[
    "air",
    "animal",
    "chaos",
    "death",
    "destruction",
    "earth",
    "evil",
    "fire",
    "good",
    "healing",
    "knowledge",
    "law",
    "luck",
    "magic",
    "plant",
    "protection",
    "strength",
    "sun",
    "travel",
    "trickery",
    "war",
    "water",
]


class Build(Frozen):
    """A character as a player writes it down. See the module docstring for ``hp``.

    ``classes`` accepts ``"fighter 6/rogue 3"`` or a list of ``{name, level}`` (or of
    ``"fighter 6"``); the first class is the one taken at 1st level. ``abilities`` are
    the scores before racial adjustments; ``ability_increases`` names the ability
    raised at 4th, 8th, ... character level.
    """

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    race: str = "human"
    classes: tuple[ClassLevel, ...] = Field(min_length=1)
    abilities: dict[Ability, int]
    ability_increases: tuple[Ability, ...] = ()
    feats: tuple[FeatRef, ...] = ()
    weapons: tuple[WeaponRef, ...] = ()
    armor: ArmorRef | None = None
    shield: ArmorRef | None = None
    neck_guard: Literal["leather collar", "gorget"] | None = None  # seed 000 garrote
    skills: dict[SkillName, float] = Field(default_factory=dict)
    hp: HpPolicy = "auto"
    load: Literal["light", "medium", "heavy"] = "light"  # seed 004 encumbrance (A170)
    modifiers: tuple[StatModifier, ...] = ()
    favored_enemies: tuple[FavoredEnemy, ...] = ()
    special_abilities: tuple[str, ...] = ()
    alignment: str | None = None
    turning: Literal["turn", "rebuke"] | None = None
    domains: tuple[Domain, ...] = ()
    source: str = ""

    @field_validator("classes", mode="before")
    @classmethod
    def _classes(cls, value: Any) -> Any:
        if isinstance(value, str):
            return parse_class_levels(value)
        if isinstance(value, list | tuple):
            out: list[Any] = []
            for item in value:
                out.extend(parse_class_levels(item) if isinstance(item, str) else [item])
            return out
        return value

    @field_validator("classes")
    @classmethod
    def _merge(cls, value: tuple[ClassLevel, ...]) -> tuple[ClassLevel, ...]:
        # "fighter 2/rogue 1/fighter 2" is fighter 4/rogue 1: each class's table is
        # read at its total level (Multiclass Characters, "Class level").
        merged: dict[str, int] = {}
        for c in value:
            key = normalize_name(c.name)
            merged[key] = merged.get(key, 0) + c.level
        if len(merged) == len(value):
            return value
        return tuple(ClassLevel(name=k, level=v) for k, v in merged.items())

    @field_validator("abilities", mode="before")
    @classmethod
    def _abilities(cls, value: Any) -> Any:
        return ability_scores(value, nonabilities=False)

    @field_validator("ability_increases", mode="before")
    @classmethod
    def _increases(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return [str(v).strip().lower()[:3] if isinstance(v, str) else v for v in value]
        return value

    @field_validator("skills")
    @classmethod
    def _ranks(cls, value: dict[str, float]) -> dict[str, float]:
        for k, v in value.items():
            if v < 0 or v * 2 != int(v * 2):
                raise ValueError(f"skill {k!r}: ranks must be a non-negative multiple of 1/2")
        return value

    @field_validator("hp")
    @classmethod
    def _hp(cls, value: HpPolicy) -> HpPolicy:
        if isinstance(value, int) and value < 1:
            raise ValueError("hit points must be at least 1")
        return value

    @property
    def level(self) -> int:
        """Character level: the sum of the class levels."""
        return sum(c.level for c in self.classes)


# ---------------------------------------------------------------------------------
# Abilities, gear, speed


def _increase_problems(build: Build) -> list[Problem]:
    """More ability increases than the character level gives (one at every 4th level;
    SRD character-classes-i.html, Table: Experience and Level-Dependent Benefits)."""
    allowed = build.level // 4
    if len(build.ability_increases) <= allowed:
        return []
    return [
        Problem(
            f"{len(build.ability_increases)} ability increases at character level {build.level}",
            field="ability_increases",
            expected=f"at most {allowed} (one at every 4th character level)",
        )
    ]


def _level_problems(build: Build) -> list[Problem]:
    """Class levels above 20: the SRD class tables stop there (epic levels not supported)."""
    return [
        Problem(
            f"{c.name} level {c.level} is above {MAX_LEVEL} (epic levels are not supported)",
            field=f"classes.{i}",
            expected=f"a level from 1 to {MAX_LEVEL}",
        )
        for i, c in enumerate(build.classes)
        if c.level > MAX_LEVEL
    ]


def _name_problems(build: Build) -> list[Problem]:
    """The race, classes, weapons, armor and shield a build names that the tables lack
    (the closest names offered), and armor and shield swapped."""

    def unknown(find: Callable[[str], object], name: str) -> Problem | None:
        try:
            find(name)
        except ContentError as exc:
            return exc.problems[0]
        return None

    found = [("race", unknown(race, build.race))]
    found += [(f"classes.{i}", unknown(class_def, c.name)) for i, c in enumerate(build.classes)]
    found += [(f"weapons.{i}", weapon_problem(w)) for i, w in enumerate(build.weapons)]
    found += [
        (key, armor_problem(ref, shield=key == "shield"))
        for key, ref in (("armor", build.armor), ("shield", build.shield))
        if ref is not None
    ]
    return [replace(p, field=where) for where, p in found if p is not None]


def build_problems(build: Build) -> list[Problem]:
    """Every reason :func:`build_creature` refuses a validated build, fields relative to
    the build: unknown race, classes, weapons, armor or shield (the closest names
    offered), a shield worn as armor or the reverse, class levels above 20, too many
    ability increases. (Unknown feats are refused when the build is validated.)"""
    return [*_name_problems(build), *_level_problems(build), *_increase_problems(build)]


# Stand-ins for a build's required fields when they are bad (see partial_build_problems).
_STAND_INS: dict[str, Any] = {
    "name": "?",
    "classes": "commoner 1",
    "abilities": {a.value: 10 for a in Ability},
}


def partial_build_problems(data: Any) -> list[Problem]:
    """:func:`build_problems` of a build mapping that does not validate, checked on the
    fields that do (the others are reported by its validation), so that a bad feat or
    ability score does not hide an unknown weapon. When a required field is bad, only the
    names of the rest are checked (levels need the real classes)."""
    build = validate_partly(Build, data)
    if build is not None:
        return build_problems(build)
    build = validate_partly(Build, data, fill=_STAND_INS)
    return _name_problems(build) if build is not None else []


def final_abilities(build: Build, rce: Race | None = None) -> dict[Ability, int]:
    """Base scores + one point per ability increase + racial adjustments (and minimums).

    Raises:
        ContentError: for more increases than the character level allows (one per 4).
    """
    rce = rce or race(build.race)
    problems = _increase_problems(build)
    if problems:
        raise ContentError(problems=problems)
    scores = dict(build.abilities)
    for a in build.ability_increases:
        scores[a] += 1
    return rce.adjusted(scores)


def _worn(build: Build) -> tuple[Armor | None, Armor | None]:
    """The build's body armor and shield.

    Raises:
        ContentError: for an unknown name, a shield worn as armor or the reverse.
    """
    for key, ref in (("armor", build.armor), ("shield", build.shield)):
        problem = armor_problem(ref, shield=key == "shield") if ref is not None else None
        if problem is not None:
            raise ContentError(problems=[replace(problem, field=key)])
    body = armor(build.armor.armor) if build.armor else None
    shield = armor(build.shield.armor) if build.shield else None
    return body, shield


def armor_check_penalty(build: Build) -> int:
    """Armor plus shield check penalty; masterwork (or magic) pieces lessen their own by 1.

    Source: equipment.html "Armor Check Penalty" (both penalties apply), "Masterwork
    Armor" ("its armor check penalty is lessened by 1").
    """
    total = 0
    for ref in (build.armor, build.shield):
        if ref is None:
            continue
        penalty = armor(ref.armor).check_penalty
        if penalty < 0 and (ref.masterwork or ref.enhancement):
            penalty += 1
        total += penalty
    return total


def _armored(base: int) -> int:
    # equipment.html Table: Armor and Shields (30 -> 20, 20 -> 15): two thirds, rounded
    # up to 5 ft., as rules.statistics.armored_speed computes it.
    return 5 * math.ceil(Fraction(base * 2, 3) / 5)


def land_speed(build: Build) -> int:
    """Land speed in the build's armor, with unconditional speed modifiers.

    Medium or heavy armor reduces speed unless the race is exempt (dwarves,
    races.html); speed modifiers (fast movement) are applied first, as the derived
    statistics do (SRD barbarian "Fast Movement"; D84: the SRD "Ogre, 4th-Level
    Barbarian" block adds them after).
    """
    rce = race(build.race)
    body, _ = _worn(build)
    features = class_features(build)
    mods = [
        Modifier(m.value, m.type, m.source, m.scope)
        for m in (*features.modifiers, *build.modifiers)
        if m.stat == "speed" and m.condition is None
    ]
    speed = rce.speed + stack(mods).value
    armored = body is not None and body.category in (ArmorCategory.MEDIUM, ArmorCategory.HEAVY)
    if armored or build.load != "light":  # A170: a load slows as medium armor does
        speed = _armored(speed) if rce.armor_reduces_speed else speed
    return speed


# ---------------------------------------------------------------------------------
# Class features


class Features(NamedTuple):
    """What the class levels add to a stat block."""

    qualities: tuple[str, ...]
    special_attacks: tuple[str, ...]
    modifiers: tuple[StatModifier, ...]
    dr: tuple[DamageReduction, ...]
    immunities: frozenset[str]
    feats: tuple[FeatRef, ...]


def _evil(alignment: str | None) -> bool | None:
    text = (alignment or "").lower()
    if "evil" in text or text in ("le", "ne", "ce"):
        return True
    if "good" in text or text in ("lg", "ng", "cg"):
        return False
    return None


#: The cleric domains whose granted powers turn or rebuke creatures other than undead
#: (SRD domains, cited by seed 000 "Turning Other Creatures": the Fire domain's
#: example): domain -> (the subtypes or types it turns or destroys, those it rebukes,
#: commands or bolsters). Each is its own turning ability, 3 + Cha a day (SRD feats
#: "Extra Turning": +4 each). The Sun domain gives one greater turning a day instead.
DOMAIN_TURNING: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "air": (("earth",), ("air",)),
    "earth": (("air",), ("earth",)),
    "fire": (("water",), ("fire",)),
    "water": (("fire",), ("water",)),
    "plant": ((), ("plant",)),
}
KNOWLEDGE_RELIGION_RANKS = 5  # +2 on turning checks against undead at this many ranks


def turning_of(build: Build, cha: int) -> Turning | None:
    """What ``build`` channels, or None (seed 000 "Turn Or Rebuke Undead").

    The turning level is the cleric level plus the paladin level - 3 from 4th (seed 000
    "Paladins and Undead"; SRD "Multiclass Characters": "both clerics and experienced
    paladins have the same ability", the levels add). A good cleric turns, an evil one
    rebukes (seed 000 "Evil Clerics and Undead"); a neutral one as its ``turning``
    choice says (seed 000 "Neutral Clerics and Undead"; its default: turn); a paladin
    always turns. Uses a day: 3 + Cha modifier + 4 per Extra Turning, for each ability
    (SRD feats "Extra Turning"). +2 on turning checks against undead with 5 ranks of
    Knowledge (religion) (SRD character-classes-i, the cleric's "Turn or Rebuke Undead").
    """
    levels: dict[str, int] = {}
    for c in build.classes:
        key = class_def(c.name).name
        levels[key] = levels.get(key, 0) + c.level
    cleric, paladin = levels.get("cleric", 0), levels.get("paladin", 0)
    level = cleric + (paladin - 3 if paladin >= 4 else 0)
    if level <= 0:
        return None
    evil = _evil(build.alignment) if cleric else False
    rebuke = evil is True or (evil is None and build.turning == "rebuke")
    uses = max(0, 3 + cha + 4 * sum(1 for f in build.feats if f.key == "extra turning"))
    ranks = build.skills.get("knowledge (religion)", 0)
    undead = TurningPower(
        name="undead",
        turns=() if rebuke else ("undead",),
        rebukes=("undead",) if rebuke else (),
        uses=uses,
        check_bonus=2 if ranks >= KNOWLEDGE_RELIGION_RANKS else 0,
    )
    powers = [undead]
    if cleric:
        for d in build.domains:
            if d in DOMAIN_TURNING:
                turns, rebukes = DOMAIN_TURNING[d]
                powers.append(
                    TurningPower(name=f"{d} domain", turns=turns, rebukes=rebukes, uses=uses)
                )
    greater = 1 if cleric and "sun" in build.domains and not rebuke else 0
    return Turning(level=level, powers=tuple(powers), greater=greater)


def monk_unarmed_damage(medium: str, size: Size) -> str:
    """A monk's unarmed damage at ``size`` from the Medium value of Table: The Monk.

    Source: character-classes-i.html, Table: Small or Large Monk Unarmed Damage.

    >>> monk_unarmed_damage("1d8", Size.SMALL), monk_unarmed_damage("1d8", Size.LARGE)
    ('1d6', '2d6')
    """
    if size == Size.SMALL:
        return MONK_UNARMED_BY_SIZE[medium][0]
    if size == Size.LARGE:
        return MONK_UNARMED_BY_SIZE[medium][1]
    return medium


def class_features(build: Build) -> Features:
    """The qualities, special attacks, modifiers, DR and immunities from class levels.

    Armor-dependent features are checked against the build's own gear: the monk's AC
    bonus and fast movement need no armor and no shield (character-classes-i.html,
    Monk: "When wearing armor, using a shield, or carrying a medium or heavy load, a
    monk loses her AC bonus, as well as her fast movement"); the barbarian's fast
    movement needs no heavy armor (Barbarian "Fast Movement"). Loads are not modelled.

    Raises:
        ContentError: for an unknown class or a level above 20.
    """
    rce = race(build.race)
    abilities = final_abilities(build, rce)
    body, shield = _worn(build)
    size = rce.size
    cha = ability_modifier(abilities[Ability.CHA])
    wis = ability_modifier(abilities[Ability.WIS])
    levels: list[tuple[ClassDef, int]] = [(class_def(c.name), c.level) for c in build.classes]
    problems = _level_problems(build)
    if problems:
        raise ContentError(problems=problems)
    by_name: dict[str, int] = {}
    for cdef, lvl in levels:
        by_name[cdef.name] = by_name.get(cdef.name, 0) + lvl

    attacks: list[str] = []
    qualities: list[str] = []
    mods: list[StatModifier] = []
    dr: list[DamageReduction] = []
    immune: set[str] = set()
    feats: list[FeatRef] = []

    def has(name: str) -> list[tuple[ClassDef, int]]:
        return [(c, lvl) for c, lvl in levels if c.current(name, lvl) is not None]

    def latest(name: str) -> tuple[ClassDef, int, Any] | None:
        for c, lvl in levels:
            f = c.current(name, lvl)
            if f is not None:
                return c, lvl, f
        return None

    def total(name: str) -> int:
        found = (c.current(name, lvl) for c, lvl in levels)
        return sum(f.number for f in found if f is not None)

    # Sneak attack: dice from every class add up.
    sneak = total("sneak attack")
    if sneak:
        attacks.append(f"sneak attack +{sneak}d6")
    rage = latest("rage")
    if rage:
        attacks.append(str(rage[2]))
    # Bardic music used in combat.
    for name in ("inspire courage", "inspire greatness", "inspire heroics", "fascinate"):
        found = latest(name)
        if found:
            attacks.append(str(found[2]))
    smite = latest("smite evil")
    if smite:
        attacks.append(str(smite[2]))
    # Turning: cleric level, plus paladin level - 3 from 4th (Multiclass Characters).
    turning = by_name.get("cleric", 0)
    if by_name.get("paladin", 0) >= 4:
        turning += by_name["paladin"] - 3
    if turning:
        uses = 3 + cha + 4 * sum(1 for f in build.feats if f.key == "extra turning")
        evil = _evil(build.alignment) if by_name.get("cleric") else False
        verb = {True: "rebuke undead", False: "turn undead", None: "turn or rebuke undead"}[evil]
        attacks.append(f"{verb} {max(0, uses)}/day (level {turning})")
    # Monk.
    monk = by_name.get("monk", 0)
    monk_def = class_def("monk") if monk else None
    unarmored = body is None and shield is None
    if monk_def is not None:
        attacks.append("flurry of blows")
        medium = monk_def.current("unarmed damage", monk)
        if medium is not None and medium.value:
            attacks.append(f"unarmed strike {monk_unarmed_damage(medium.value, size)}")
        ki = monk_def.current("ki strike", monk)
        if ki is not None:
            attacks.append(str(ki))
        if monk_def.current("quivering palm", monk):
            attacks.append("quivering palm")
        feats.append(FeatRef(name="Improved Unarmed Strike"))
        if unarmored:
            if wis > 0:
                mods.append(StatModifier(stat="ac", value=wis, source="monk AC bonus (Wis)"))
            ac = monk_def.current("ac bonus", monk)
            if ac is not None and ac.number:
                mods.append(StatModifier(stat="ac", value=ac.number, source="monk AC bonus"))
        speed = monk_def.current("unarmored speed bonus", monk)
        if speed is not None and speed.number:
            qualities.append(f"fast movement (+{speed.number} ft.)")
            if unarmored:
                mods.append(
                    StatModifier(
                        stat="speed",
                        value=speed.number,
                        type=BonusType.ENHANCEMENT,
                        source="monk fast movement",
                    )
                )
        if monk_def.current("still mind", monk):
            mods.append(
                StatModifier(
                    stat="saves",
                    value=2,
                    source="still mind",
                    condition="vs spells and effects of the enchantment school",
                )
            )
        if monk_def.current("purity of body", monk):
            immune.add("disease")
        if monk_def.current("diamond body", monk):
            immune.add("poison")
        if monk_def.current("diamond soul", monk):
            qualities.append(f"spell resistance {10 + monk}")
        if monk_def.current("perfect self", monk):
            dr.append(DamageReduction(amount=10, bypass=("magic",)))
    # Barbarian fast movement.
    if has("fast movement"):
        qualities.append("fast movement")
        if body is None or body.category is not ArmorCategory.HEAVY:
            mods.append(StatModifier(stat="speed", value=10, source="barbarian fast movement"))
    # Uncanny dodge from two classes becomes improved uncanny dodge.
    dodgers = has("uncanny dodge")
    if has("improved uncanny dodge") or len(dodgers) >= 2:
        qualities.append("improved uncanny dodge")
    elif dodgers:
        qualities.append("uncanny dodge")
    # Trap sense from several classes stacks.
    trap = total("trap sense")
    if trap:
        qualities.append(f"trap sense +{trap}")
        mods.append(StatModifier(stat="ref", value=trap, source="trap sense", condition="vs traps"))
        mods.append(
            StatModifier(
                stat="ac",
                value=trap,
                type=BonusType.DODGE,
                source="trap sense",
                condition="vs attacks by traps",
            )
        )
    found = latest("damage reduction")
    if found:
        dr.append(DamageReduction.model_validate(found[2].value))
    for name in ("greater rage", "indomitable will", "tireless rage", "mighty rage"):
        if latest(name):
            qualities.append(name)
    if latest("indomitable will"):
        mods.append(
            StatModifier(
                stat="will",
                value=4,
                source="indomitable will",
                condition="vs enchantment spells while raging",
            )
        )
    # Evasion.
    if latest("improved evasion") or "improved evasion" in {
        s.lower() for s in build.special_abilities
    }:
        qualities.append("improved evasion")
    elif latest("evasion"):
        qualities.append("evasion")
    # Paladin.
    if latest("divine grace"):
        qualities.append("divine grace")
        if cha > 0:
            mods.append(StatModifier(stat="saves", value=cha, source="divine grace"))
    if latest("lay on hands"):
        qualities.append(f"lay on hands ({max(0, by_name['paladin'] * cha)} hp/day)")
    if latest("aura of courage"):
        qualities.append("aura of courage")
        immune.add("fear")
    # Druid.
    shape = latest("wild shape")
    if shape:
        qualities.append(str(shape[2]))
    if latest("venom immunity"):
        immune.add("poison")
    if latest("countersong"):
        qualities.append("countersong")
    # Ranger.
    for fe in build.favored_enemies:
        qualities.append(f"favored enemy {fe.enemy} (+{fe.bonus})")
        mods.append(
            StatModifier(
                stat="damage", value=fe.bonus, source="favored enemy", condition=f"vs {fe.enemy}"
            )
        )
        for skill in ("bluff", "listen", "sense motive", "spot", "survival"):
            mods.append(
                StatModifier(
                    stat=skill, value=fe.bonus, source="favored enemy", condition=f"vs {fe.enemy}"
                )
            )
    if latest("combat style"):
        keys = {f.key for f in build.feats}
        style = (
            "archery"
            if "rapid shot" in keys
            else "two-weapon combat"
            if "two-weapon fighting" in keys
            else None
        )
        for name in ("combat style", "improved combat style", "combat style mastery"):
            if latest(name):
                qualities.append(f"{name} ({style})" if style else name)
    # Rogue special abilities (chosen) and monk/other named qualities.
    qualities.extend(
        s.lower() for s in build.special_abilities if s.lower() not in ("improved evasion",)
    )
    for name in (
        "still mind",
        "wholeness of body",
        "abundant step",
        "empty body",
        "perfect self",
        "greater flurry",
    ):
        if latest(name):
            qualities.append(name)
    return Features(
        qualities=tuple(qualities),
        special_attacks=tuple(attacks),
        modifiers=tuple(mods),
        dr=tuple(dr),
        immunities=frozenset(immune),
        feats=tuple(feats),
    )


# ---------------------------------------------------------------------------------
# Skills


def _base_skill(name: str) -> str:
    return name.split(" (", maxsplit=1)[0]


def _skill_mods(
    build: Build, rce: Race, extra: Iterable[StatModifier]
) -> dict[str, list[Modifier]]:
    """Unconditional modifiers to skills, by skill name (full or base name)."""
    out: dict[str, list[Modifier]] = {}
    for m in (*rce.modifiers, *extra, *build.modifiers):
        key = " ".join(m.stat.lower().split())
        if m.condition is None and _base_skill(key) in SKILLS:
            out.setdefault(key, []).append(Modifier(m.value, m.type, m.source, m.scope))
    for feat in build.feats:
        for skill in SKILL_FEATS.get(feat.key, ()):
            out.setdefault(skill, []).append(Modifier(2, BonusType.UNTYPED, str(feat)))
        if feat.key == "skill focus" and feat.param:
            key = " ".join(feat.param.lower().split())
            out.setdefault(key, []).append(Modifier(3, BonusType.UNTYPED, str(feat)))
    hide = HIDE_SIZE[rce.size]
    if hide:
        out.setdefault("hide", []).append(Modifier(hide, BonusType.SIZE, rce.size.label))
    for source, target in SYNERGIES:
        if build.skills.get(source, 0) >= 5:
            out.setdefault(target, []).append(Modifier(2, BonusType.SYNERGY, source))
    return out


def skill_totals(build: Build) -> dict[str, int]:
    """Skill modifiers as a stat block prints them.

    Each total is ranks (rounded down) + key ability modifier + unconditional bonuses
    (racial, size on Hide, feats, synergy, items; stacked by type) + the armor check
    penalty where it applies (double on Swim) + the Jump speed modifier. Listed are the
    skills with ranks, and the skills usable untrained that have such a bonus.

    Raises:
        ContentError: for an unknown race, class, armor or shield.
    """
    rce = race(build.race)
    abilities = final_abilities(build, rce)
    features = class_features(build)
    mods = _skill_mods(build, rce, features.modifiers)
    acp = armor_check_penalty(build)
    names = set(build.skills)
    for key in mods:
        if (key in SKILLS and not SKILLS[key].trained_only) or key in build.skills:
            names.add(key)
    out: dict[str, int] = {}
    for name in sorted(names):
        base = _base_skill(name)
        skill = SKILLS[base]
        ranks = build.skills.get(name, 0)
        if skill.trained_only and ranks <= 0:
            continue
        if base == "speak language":
            continue
        parts = [Modifier(ability_modifier(abilities[skill.ability]), BonusType.ABILITY, "ability")]
        parts += mods.get(name, [])
        if name != base:
            parts += mods.get(base, [])
        if skill.armor_check and acp:
            parts.append(Modifier(acp * skill.armor_check, BonusType.UNTYPED, "armor check"))
        if base == "jump":
            speed = land_speed(build)
            if speed < 30:
                parts.append(Modifier(-6 * ((30 - speed) // 10), BonusType.UNTYPED, "speed"))
            elif speed > 30:
                parts.append(Modifier(4 * ((speed - 30) // 10), BonusType.UNTYPED, "speed"))
        out[name] = math.floor(ranks) + stack(parts).value
    return out


# ---------------------------------------------------------------------------------
# Hit points


def _average(hit_dice: Iterable[HitDice]) -> Fraction:
    return sum((Fraction(h.count) * Fraction(h.die + 1, 2) for h in hit_dice), Fraction(0))


def derived_hit_points(block: StatBlock) -> int:
    """Hit points as ``rules.statistics`` derives them, before ``hp_bonus``.

    Average of the hit dice rounded down, + Con modifier per HD, + 3 per Toughness,
    + unconditional ``hp`` modifiers; at least 1 per HD (SRD monsters intro; feats.html
    "Toughness"). A test checks it against ``rules.statistics.derive``.
    """
    hd = max(1, math.floor(block.hd_total))
    con = block.abilities.get(Ability.CON)
    total = math.floor(_average(block.hit_dice)) + (ability_modifier(con) * hd if con else 0)
    total += 3 * sum(1 for f in block.feats if f.key == "toughness")
    total += stack(
        Modifier(m.value, m.type, m.source, m.scope)
        for m in block.modifiers
        if m.stat == "hp" and m.condition is None
    ).value
    return max(total, hd)


def _hp_bonus(build: Build, block: StatBlock, first: ClassDef) -> int:
    policy = build.hp
    if policy == "auto":
        policy = "max-first" if first.kind is ClassKind.PC else "average"
    if policy == "average":
        return 0
    if policy == "max-first":
        avg = _average(block.hit_dice)
        return math.floor(avg + Fraction(first.hit_die - 1, 2)) - math.floor(avg)
    assert isinstance(policy, int)
    return policy - derived_hit_points(block)


# ---------------------------------------------------------------------------------
# The build


def build_creature(build: Build) -> StatBlock:
    """The stat block of ``build``.

    Raises:
        ContentError: listing every :func:`build_problems` at once (unknown race, class,
            weapon, armor or shield, armor and shield swapped, a level above 20, too
            many ability increases). Choices that merely break the creation rules are
            reported by :func:`check_build` instead.
    """
    problems = build_problems(build)
    if problems:
        raise ContentError(problems=problems)
    rce = race(build.race)
    first = class_def(build.classes[0].name)
    abilities = final_abilities(build, rce)
    features = class_features(build)
    hit_dice = tuple(
        HitDice(count=c.level, die=class_def(c.name).hit_die, source=class_def(c.name).name)
        for c in build.classes
    )
    # Unconditional skill modifiers are already in the skill totals.
    keep = [
        m
        for m in (*rce.modifiers, *features.modifiers, *build.modifiers)
        if not (m.condition is None and _base_skill(m.stat.lower()) in SKILLS)
    ]
    qualities = list(rce.qualities)
    if not rce.armor_reduces_speed:
        qualities.append(ARMOR_SPEED_EXEMPT)
    qualities.extend(features.qualities)
    listed = {f.key for f in build.feats}
    feats = (*build.feats, *(f for f in features.feats if f.key not in listed))
    block = StatBlock(
        name=build.name,
        size=rce.size,
        type=rce.type,
        subtypes=rce.subtypes,
        abilities=dict(abilities),
        hit_dice=hit_dice,
        bab=base_attack(build.classes),
        base_saves=base_saves(build.classes),
        speed=Speeds(land=rce.speed),
        armor=build.armor,
        shield=build.shield,
        neck_guard=build.neck_guard,
        load=build.load,
        weapons=build.weapons,
        feats=feats,
        skills=skill_totals(build),
        modifiers=tuple(keep),
        dr=features.dr,
        immunities=rce.immunities | features.immunities,
        qualities=tuple(dict.fromkeys(qualities)),
        special_attacks=features.special_attacks,
        classes=build.classes,
        turning=turning_of(build, ability_modifier(abilities[Ability.CHA])),
        race=rce.name,
        alignment=build.alignment,
        source=build.source or f"build: {build.name}",
    )
    return block.model_copy(update={"hp_bonus": _hp_bonus(build, block, first)})


def _turning_problems(build: Build, classes: list[str]) -> list[Problem]:
    """``turning`` and ``domains`` against the SRD (character-classes-i, the cleric): the
    choice to turn or rebuke is a neutral cleric's only; two domains, a cleric's."""
    out = []
    if build.turning is not None:
        evil = _evil(build.alignment)
        if "cleric" not in classes:
            out.append(Problem("only a cleric chooses to turn or rebuke", field="turning"))
        elif evil is not None and (build.turning == "rebuke") != evil:
            side = "an evil cleric rebukes" if evil else "a good cleric turns"
            out.append(Problem(f"{side}: only a neutral cleric chooses", field="turning"))
    if build.domains and ("cleric" not in classes or len(build.domains) != 2):
        out.append(Problem("a cleric chooses two domains", field="domains"))
    return out


def check_build(build: Build) -> list[Problem]:
    """Every way ``build`` breaks the character creation rules; empty if none.

    Checked: the number of feats (1 at 1st level and 1 per 3 character levels, the
    human's extra feat, fighter/monk/wizard bonus feats; class-granted feats such as
    Track are not counted), ability increases (one per 4 levels), skill points (class
    skill points per level, x4 at 1st, + Int; cross-class ranks cost 2), maximum ranks
    (character level + 3, half for cross-class skills), favored enemies (one per
    ranger entry; bonuses +2 each, +2 more per later entry), rogue special abilities,
    and the turning choice and domains (a neutral cleric's choice; two domains).

    Does not check feat prerequisites, proficiencies or spells.

    Raises:
        ContentError: if the build names unknown content (as :func:`build_creature`).
    """
    problems: list[Problem] = []
    rce = race(build.race)
    defs = [(class_def(c.name), c.level) for c in build.classes]
    level = build.level
    abilities = final_abilities(build, rce)

    bonus = sum(c.count("bonus feat", lvl) for c, lvl in defs)
    expected = 1 + level // 3 + rce.bonus_feats + bonus
    granted = {feat for c, lvl in defs for at, feat in GRANTED_FEATS.get(c.name, ()) if lvl >= at}
    chosen = [f for f in build.feats if f.key not in granted]
    if len(chosen) != expected:
        problems.append(
            Problem(
                f"{len(chosen)} feats chosen, the rules give {expected} (1 + 1 per 3 levels"
                + (f", {rce.bonus_feats} racial" if rce.bonus_feats else "")
                + (f", {bonus} class bonus feats" if bonus else "")
                + ")",
                field="feats",
            )
        )
    if len(build.ability_increases) < level // 4:
        problems.append(
            Problem(
                f"{len(build.ability_increases)} ability increases, character level {level} "
                f"gives {level // 4}",
                field="ability_increases",
            )
        )

    problems.extend(_turning_problems(build, [c.name for c, _ in defs]))
    expert = any(c.any_class_skills for c, _ in defs)
    int_mod = ability_modifier(abilities[Ability.INT])
    points = 0
    for i, (c, lvl) in enumerate(defs):
        per = max(1, c.skill_points + int_mod) + rce.bonus_skill_points
        points += per * (lvl + 3 if i == 0 else lvl)
    cost = 0.0
    for name, ranks in build.skills.items():
        cls_skill = expert or any(c.is_class_skill(name) for c, _ in defs)
        cost += ranks if cls_skill else 2 * ranks
        limit = level + 3 if cls_skill else (level + 3) / 2
        if ranks > limit:
            kind = "class" if cls_skill else "cross-class"
            problems.append(
                Problem(f"{ranks:g} ranks, at most {limit:g} for a {kind} skill", field=name)
            )
    if cost > points:
        problems.append(
            Problem(f"skill ranks cost {cost:g} points, the classes give {points}", field="skills")
        )

    ranger = sum(lvl for c, lvl in defs if c.name == "ranger")
    if ranger or build.favored_enemies:
        n = class_def("ranger").count("favored enemy", ranger) if ranger else 0
        total = sum(fe.bonus for fe in build.favored_enemies)
        if len(build.favored_enemies) != n or (n and total != 2 * n + 2 * (n - 1)):
            problems.append(
                Problem(
                    f"{len(build.favored_enemies)} favored enemies totalling +{total}, "
                    f"ranger {ranger} gives {n} totalling +{2 * n + 2 * max(0, n - 1)}",
                    field="favored_enemies",
                )
            )
    talents = sum(c.count("special ability", lvl) for c, lvl in defs)
    if len(build.special_abilities) != talents:
        problems.append(
            Problem(
                f"{len(build.special_abilities)} rogue special abilities, the class gives "
                f"{talents}",
                field="special_abilities",
            )
        )
    problems.extend(item_bonus_problems(build))
    return problems


# what an item's +5 limit covers: saves, attack rolls, damage rolls and AC
_FIVE_CAPPED = frozenset(
    {"ac", "attack", "melee", "ranged", "damage", "fort", "ref", "will", "saves", "grapple"}
)
ITEM_BONUS_LIMIT = 5
ITEM_ABILITY_LIMIT = 6
INHERENT_LIMIT = 5


def item_bonus_problems(build: Build) -> list[Problem]:
    """The magic item bonuses of ``build`` past seed 000's limits ("Bonuses From
    Magic"): "Most items that add to saving throws, attack rolls, damage rolls, or AC
    are restricted to a maximum bonus of +5. (Bracers of armor are an exception.)";
    "Most items that add to ability scores are restricted to a maximum bonus of +6, and
    the bonus usually comes in multiples of 2"; "Skill check bonuses do not have a
    maximum"; "A character is limited to a total inherent bonus of +5 to any ability
    score". A build's weapons' and armor's enhancement and its ``modifiers`` are its
    items (inherent bonuses, from wishes, are counted per ability). Notes for a build,
    not refusals ("most": a game master may allow more); stat blocks, the SRD
    monsters' above all (a +9 deflection, say), are not checked (reading A201)."""
    out: list[Problem] = []
    rule = "(seed 000 Bonuses From Magic)"
    gear = [("weapons", w.display, w.enhancement) for w in build.weapons]
    gear += [
        (k, a.armor, a.enhancement)
        for k, a in (("armor", build.armor), ("shield", build.shield))
        if a
    ]
    for field, name, plus in gear:
        if plus > ITEM_BONUS_LIMIT:
            out.append(
                Problem(f"{name}: +{plus} enhancement, items give at most +5 {rule}", field=field)
            )
    inherent: dict[str, int] = {}
    for m in build.modifiers:
        stat = m.stat.strip().lower()
        if m.type is BonusType.INHERENT:
            inherent[stat] = inherent.get(stat, 0) + m.value
            continue
        if stat in _FIVE_CAPPED and m.value > ITEM_BONUS_LIMIT:
            if m.type is BonusType.ARMOR and "bracers of armor" in m.source.lower():
                continue  # the exception the seed names
            out.append(
                Problem(
                    f"{m.source}: +{m.value} to {stat}, items give at most +5 to saves, "
                    f"attack, damage and AC (bracers of armor excepted) {rule}",
                    field="modifiers",
                )
            )
        elif (
            stat in _ABILITY_NAMES and m.value > 0 and (m.value > ITEM_ABILITY_LIMIT or m.value % 2)
        ):
            out.append(
                Problem(
                    f"{m.source}: +{m.value} to {stat}, items give +2, +4 or +6 to an "
                    f"ability score {rule}",
                    field="modifiers",
                )
            )
    for stat, total in sorted(inherent.items()):
        if total > INHERENT_LIMIT:
            out.append(
                Problem(
                    f"inherent bonuses to {stat} total +{total}, at most +5 {rule}",
                    field="modifiers",
                )
            )
    return out


_ABILITY_NAMES = frozenset(a.value for a in Ability)


# ---------------------------------------------------------------------------------
# Files


def load_build(path: str | Path) -> Build:
    """Read and validate a build file (the YAML mapping of a :class:`Build`).

    Raises:
        InputError: for a missing file, bad YAML or invalid fields (with lines).
    """
    doc = read_yaml(path)
    return validate(Build, doc, error=ContentError)


@cache
def builds() -> Catalog[Build]:
    """The bundled builds in ``content/data/builds/``, by name and by file stem."""
    folder = data_dir() / "builds"
    items = [(p.stem, load_build(p)) for p in sorted(folder.glob("*.yaml"))]
    catalog = Catalog("build", (b for _, b in items), lambda b: b.name)
    for stem, b in items:
        catalog.add_alias(stem, b.name)
    return catalog


def bundled_build(name: str) -> Build:
    """A bundled build by name or file stem (``fighter-4``).

    Raises:
        ContentError: for an unknown build, with the closest names.
    """
    return builds().get(normalize_name(name), field="build")
