"""Scenario files: a ruleset, an ASCII battle map, sides of placed combatants.

A scenario is a YAML file (read with the safe loader through
:func:`~d20combat.content.loading.read_yaml`), documented field by field in
``docs/scenario-schema.md``. Loading it has two steps:

1. the raw document is checked against the pydantic models :class:`ScenarioDoc`,
   :class:`MapDoc`, :class:`SideDoc` and :class:`CombatantDoc` (unknown fields, wrong
   types, missing fields, unknown ruleset, variant, awareness and tactics names);
2. it is resolved into an immutable :class:`Scenario`: creatures are looked up (or
   built), the map is drawn by :meth:`d20combat.grid.BattleMap.from_ascii`, every
   combatant gets a name, an id and a square, and the placements are checked
   against the map (inside it, not in a wall, closed door or deep water the creature
   cannot enter, not overlapping another combatant beyond what the sizes allow,
   seed 000 "Big and Little Creatures in Combat", "Mixing It Up").

Both steps collect problems instead of stopping at the first, so
:func:`validate_scenario` reports *every* problem of a file at once, each with its
file, line and field, and :func:`load_scenario` raises one
:class:`~d20combat.errors.ScenarioError` carrying them all.

Bundled scenarios live in ``content/data/scenarios/``; :data:`DEFAULT_SCENARIO` is
the one ``d20combat fight`` runs without an argument.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from d20combat.content.bestiary import find_creature
from d20combat.content.builds import Build, build_creature, partial_build_problems
from d20combat.content.creatures import StatBlock
from d20combat.content.equipment import weapon
from d20combat.content.library import data_dir, locate, slug, validate_partly
from d20combat.content.loading import (
    QUOTING_TYPES,
    Frozen,
    Located,
    is_file,
    parse_yaml,
    problems_from_validation,
    read_text,
)
from d20combat.content.objects import ATTACK_FORMS, DEFAULT_DOOR, Door, object_stats
from d20combat.content.rulesets import RULESET_NAMES, Ruleset, Variant, ruleset
from d20combat.content.sizes import fits_in_square
from d20combat.errors import InputError, Problem, ScenarioError, quote
from d20combat.grid import BattleMap, Terrain, parse_legend, parse_square, square_name
from d20combat.grid.light import LIGHT_SOURCES
from d20combat.grid.movement import stooping
from d20combat.grid.squares import SQUARE_FORM
from d20combat.grid.terrain import NAMES as TERRAIN_NAMES
from d20combat.limits import (
    MAX_COMBATANTS,
    MAX_CREATURE_ROUNDS,
    MAX_NAME_LENGTH,
    MAX_ROUND_LIMIT,
    MAX_SEED,
)

__all__ = [
    "AWARENESS",
    "DEFAULT_ROUND_LIMIT",
    "DEFAULT_SCENARIO",
    "KNOWN_TACTICS",
    "CombatantDoc",
    "MapDoc",
    "Placement",
    "Scenario",
    "ScenarioDoc",
    "SideDoc",
    "load_scenario",
    "scenario_from_document",
    "scenario_names",
    "scenario_path",
    "validate_scenario",
]

#: Names a side or combatant may give as ``tactics``. The tactics registry will own
#: this list; the validators read it when they run, so rebinding it takes effect.
KNOWN_TACTICS: tuple[str, ...] = (
    "default",
    "aggressive",
    "ranged",
    "cautious",
    "hold",
    "capture",
    "random",
)
AWARENESS = ("aware", "unaware", "guarded", "check")
"""How a combatant starts (docs/scenario-schema.md "Awareness"): ``aware``; ``unaware``
(no action in the surprise round; under d20modern caught helpless: seed 004 "Helpless
Defenders"); ``guarded``, unaware but on its guard (bodyguards, its back to a wall:
never caught helpless); ``check``, decided at the start by its Spot and Listen checks
against its opponents' Hide and Move Silently (seed 003 "Determining Awareness")."""
EXIT_KEYWORDS = ("none", "edges")
DEFAULT_ROUND_LIMIT = 30
#: The bundled scenario ``d20combat fight`` runs when none is named.
DEFAULT_SCENARIO = "ruined-gatehouse"

Square = tuple[int, int]
Path_ = tuple[str | int, ...]


# ---------------------------------------------------------------------------------
# The raw document


def _fail(message: str, expected: str) -> PydanticCustomError:
    return PydanticCustomError("scenario", message, {"expected": expected})


def _one_of(options: Sequence[str]) -> str:
    return "one of " + ", ".join(options)


def _name_check(kind: str, options: Callable[[], Sequence[str]]) -> Callable[[Any], str]:
    """A before-validator accepting one of ``options()`` (case-insensitive)."""

    def check(value: Any) -> str:
        known = tuple(options())
        if not isinstance(value, str):
            raise _fail(f"{kind} must be a name, got {value!r}", _one_of(known))
        key = value.strip().lower().replace("_", "-").replace(" ", "-")
        if key in known:
            return key
        close = difflib.get_close_matches(key, known, n=1)
        hint = _one_of(known) + (f" (did you mean {close[0]}?)" if close else "")
        raise _fail(f"unknown {kind} {value!r}", hint)

    return check


def _squares_text(value: Any) -> Any:
    """``at``: one square name or a list of them, kept as a tuple of texts."""
    expected = "a square such as c4, or a list of squares such as [e2, f2]"
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple):
        return _square_names(value, expected)
    raise _fail(f"not a square or a list of squares: {value!r}", expected)


def _square_names(value: list[Any] | tuple[Any, ...], expected: str) -> tuple[str, ...]:
    bad = [v for v in value if not isinstance(v, str)]
    if bad:
        raise _fail(f"not a square name: {bad[0]!r}", expected)
    return tuple(value)


def _exits_text(value: Any) -> Any:
    expected = "none, edges, or a list of squares such as [a1, a2]"
    if isinstance(value, str):
        key = value.strip().lower()
        if key in EXIT_KEYWORDS:
            return key
        raise _fail(f"unknown exits {value!r}", expected)
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return _square_names(value, expected)
    raise _fail(f"unknown exits {value!r}", expected)


def _legend_text(value: Any) -> Any:
    """``legend``: symbols to terrain names; the names are checked by the grid."""
    expected = "a mapping of one-character symbols to terrain, such as {T: [difficult, dim]}"
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(f"not a legend: {value!r}", expected)
    out: dict[str, str | tuple[str, ...]] = {}
    for symbol, terrain in value.items():
        if not isinstance(terrain, str | list | tuple) or not all(
            isinstance(t, str) for t in (terrain if isinstance(terrain, list | tuple) else ())
        ):
            raise _fail(f"legend entry {symbol!r}: {terrain!r} is not terrain names", expected)
        out[str(symbol)] = terrain if isinstance(terrain, str) else tuple(terrain)
    return out


def _ruleset_names() -> Sequence[str]:
    return RULESET_NAMES


def _variant_names() -> Sequence[str]:
    return tuple(v.value for v in Variant)


def _tactics_names() -> Sequence[str]:
    return KNOWN_TACTICS


def _awareness_names() -> Sequence[str]:
    return AWARENESS


def _light_names() -> Sequence[str]:
    return tuple(LIGHT_SOURCES)


RulesetName = Annotated[str, BeforeValidator(_name_check("ruleset", _ruleset_names))]
LightName = Annotated[str, BeforeValidator(_name_check("light source", _light_names))]
VariantName = Annotated[str, BeforeValidator(_name_check("variant", _variant_names))]
TacticsName = Annotated[str, BeforeValidator(_name_check("tactics", _tactics_names))]
AwarenessName = Annotated[str, BeforeValidator(_name_check("awareness", _awareness_names))]
SquareList = Annotated[tuple[str, ...], BeforeValidator(_squares_text)]
Exits = Annotated[str | tuple[str, ...], BeforeValidator(_exits_text)]
Legend = Annotated[dict[str, str | tuple[str, ...]], BeforeValidator(_legend_text)]

#: The conditions a combatant may start a fight with (``conditions``): those that stand
#: on their own. Left out: the hit-point states (dying, disabled, stable, unconscious,
#: staggered, dead), what an action or a turn gives (charging, running, stances,
#: flat-footed ...), and what needs another creature (grappling, pinned, feinted,
#: turned, rebuked, frightened, panicked, cowering).
STARTING_CONDITIONS: tuple[str, ...] = (
    "blinded",
    "dazed",
    "dazzled",
    "deafened",
    "entangled",
    "exhausted",
    "fatigued",
    "hasted",
    "helpless",
    "invisible",
    "blurred",  # seed 003 "Concealment": magical concealment (A218)
    "displaced",
    "kneeling",
    "nauseated",
    "paralyzed",
    "prone",
    "shaken",
    "sickened",
    "sleeping",
    "stunned",
    "averting-gaze",  # SRD special abilities "Gaze Attacks": found averting its eyes,
    "eyes-shut",  # or blindfolded
    "mirror-watching",  # watching gazers in a mirror it carries
    "freedom-of-movement",  # seed 000 "Underwater Combat": a spell or item in effect
    "fascinated",  # SRD conditions: entranced by an effect in play (A252)
)


def _starting_names() -> Sequence[str]:
    return STARTING_CONDITIONS


_condition_name = _name_check("condition", _starting_names)


def _conditions_text(value: Any) -> Any:
    """``conditions``: a mapping of condition names to rounds (0: until something ends
    it, such as standing up or a blow waking a sleeper)."""
    expected = "a mapping of conditions to rounds, such as {sleeping: 10}"
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(f"not a mapping of conditions to rounds: {value!r}", expected)
    out: dict[str, int] = {}
    for name, rounds in value.items():
        key = _condition_name(name)
        if type(rounds) is not int or not 0 <= rounds <= MAX_ROUND_LIMIT:
            raise _fail(
                f"{key}: rounds must be a whole number from 0 to {MAX_ROUND_LIMIT}, got {rounds!r}",
                expected,
            )
        out[key] = rounds
    return out


Conditions = Annotated[dict[str, int], BeforeValidator(_conditions_text)]


class DoorDoc(Frozen):
    """One entry of ``map.doors``: a door's row of the object table, and whether it is
    locked."""

    kind: str = DEFAULT_DOOR
    locked: bool = False
    immune_to: tuple[str, ...] = ()
    vulnerable_to: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        return {"kind": value} if isinstance(value, str) else value


class MapDoc(Frozen):
    """``map``: the ASCII rows, legend additions, exits and what the doors are."""

    rows: str
    legend: Legend = Field(default_factory=dict)
    exits: Exits = "none"
    doors: dict[str, DoorDoc] = Field(default_factory=dict)


class CombatantDoc(Frozen):
    """One entry of a side's ``combatants``: a creature (or ``count`` of them) and where.

    Exactly one of ``creature`` (a bundled name or a YAML file path relative to the
    scenario), ``stat_block`` (inline) or ``build`` (inline); exactly one of ``at``
    (a square, or one square per combatant) or ``area`` (``e2-h3``, filled row by row).
    """

    creature: str | None = None
    stat_block: StatBlock | None = None
    build: Build | None = None
    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_LENGTH)
    count: int | None = Field(default=None, ge=1, le=MAX_COMBATANTS)
    at: SquareList | None = None
    area: str | None = None
    awareness: AwarenessName | None = None
    tactics: TacticsName | None = None
    conditions: Conditions = Field(default_factory=dict)
    mount: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_LENGTH)
    # caught without its armor and shield (the stat block's are left off)
    unarmored: bool = False
    # the weapons in hand as the fight starts (None: its first routine's; []: none)
    wielding: tuple[str, ...] | None = Field(default=None, max_length=2)
    # weapons stowed out of easy reach and its shield slung, not readied (a move action
    # each to retrieve or ready: encounter/stowed.py)
    stowed: tuple[str, ...] = Field(default=(), max_length=16)
    # a light source it carries, lit (grid/light.py: torch, sunrod ...)
    light: LightName | None = None
    # feet above the ground as the fight starts: a flier aloft (encounter.flight, A145)
    altitude: int = Field(default=0, ge=0, le=1000, multiple_of=5)

    @model_validator(mode="after")
    def _one_source_one_place(self) -> CombatantDoc:
        sources = [k for k in ("creature", "stat_block", "build") if getattr(self, k) is not None]
        if len(sources) != 1:
            found = " and ".join(sources) if sources else "none of them"
            raise _fail(
                f"a combatant needs exactly one of creature, stat_block or build; found {found}",
                "creature: NAME, stat_block: {...} or build: {...}",
            )
        if self.mount is not None:  # seed 000 "Mounted Combat": it shares its mount's space
            if self.at is not None or self.area is not None or (self.count or 1) != 1:
                raise _fail(
                    "a rider (mount) has no at, area or count: it takes its mount's space",
                    "mount: ID alone, for one combatant",
                )
            return self
        if (self.at is None) == (self.area is None):
            found = "both" if self.at is not None else "neither"
            raise _fail(
                f"a combatant needs exactly one of at or area; found {found}",
                "at: c4, at: [e2, f2] or area: e2-h3",
            )
        return self


class SideDoc(Frozen):
    """One side: its name, defaults for its combatants, and the combatants."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    awareness: AwarenessName = "aware"
    tactics: TacticsName = "default"
    combatants: tuple[CombatantDoc, ...]


class ScenarioDoc(Frozen):
    """The whole scenario file as written."""

    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME_LENGTH)
    title: str | None = Field(default=None, max_length=4 * MAX_NAME_LENGTH)
    description: str = ""
    ruleset: RulesetName = "srd35"
    variants: tuple[VariantName, ...] = ()
    round_limit: int = Field(default=DEFAULT_ROUND_LIMIT, ge=1, le=MAX_ROUND_LIMIT)
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    map: MapDoc
    sides: tuple[SideDoc, ...]


# ---------------------------------------------------------------------------------
# The resolved scenario


@dataclass(frozen=True)
class Placement:
    """One combatant as the encounter starts: who, which side, where, how aware.

    ``position`` is the ``(x, y)`` of the top-left square of its space (``x`` the
    column from 0 at ``a``, ``y`` the row from 0 at the top); ``line`` is the line of
    its entry in the scenario file, for messages.
    """

    id: str
    name: str
    side: str
    stat_block: StatBlock
    position: Square
    aware: bool = True
    tactics: str = "default"
    line: int | None = field(default=None, compare=False)
    conditions: tuple[tuple[str, int], ...] = ()
    """The conditions it starts the fight with, and for how many rounds (0: until
    something ends it)."""
    mount: str | None = None
    """The id of the combatant it rides (seed 000 "Mounted Combat"): it shares that
    mount's space, ``position`` being the mount's."""
    wielding: tuple[str, ...] | None = None
    """The weapons in hand as the fight starts (None: its first routine's)."""
    stowed: tuple[str, ...] = ()
    """Its weapons stowed out of easy reach and its shield if slung (encounter/stowed.py)."""
    light: str | None = None
    """The light source it carries (a name of :data:`d20combat.grid.light.LIGHT_SOURCES`)."""
    altitude: int = 0
    """Feet above the ground as the fight starts (a flier: A145)."""
    awareness: str = "aware"
    """How it starts (:data:`AWARENESS`); ``aware`` is False for ``unaware`` and
    ``guarded``, True for ``check`` until its checks at the start say otherwise."""

    @property
    def space(self) -> int:
        """Side of its space in squares."""
        return space_squares(self.stat_block)

    @property
    def squares(self) -> tuple[Square, ...]:
        """Every square of its space, row by row."""
        x, y = self.position
        n = self.space
        return tuple((x + dx, y + dy) for dy in range(n) for dx in range(n))

    @property
    def square(self) -> str:
        """Its top-left square in the scenario notation (``c4``)."""
        return square_name(self.position)


@dataclass(frozen=True)
class Scenario:
    """A resolved, immutable scenario: what the encounter is built from."""

    name: str
    title: str
    description: str
    ruleset: Ruleset
    round_limit: int
    seed: int | None
    map: BattleMap
    exits: frozenset[Square]
    placements: tuple[Placement, ...]
    sides: tuple[str, ...] = ()
    file: str | None = None
    doors: dict[Square, Door] = field(default_factory=dict, compare=False)
    """The doors the scenario describes (``map.doors``); any other door of the map is
    an unlocked :data:`~d20combat.content.objects.DEFAULT_DOOR`."""
    document: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """The scenario as a self-contained, JSON-ready document (saved encounters keep
    it): the file's data with ``name`` filled in and creature files inlined as
    ``stat_block``. :func:`scenario_from_document` rebuilds the scenario from it."""

    def with_ruleset(self, rules: Ruleset) -> Scenario:
        """The same scenario under another ruleset (or other variants)."""
        return dataclasses.replace(self, ruleset=rules)

    def under(self, ruleset_name: str | None = None, variants: Sequence[str] = ()) -> Scenario:
        """The scenario as a command line overrides it: another ruleset (the file's
        variants kept) and more variants switched on.

        Raises:
            ContentError: for an unknown ruleset or variant name.
        """
        if ruleset_name is None and not variants:
            return self
        base = ruleset(ruleset_name) if ruleset_name else self.ruleset
        return self.with_ruleset(base.with_variants(*self.ruleset.variants, *variants))

    def new_map(self) -> BattleMap:
        """A private copy of the map for one encounter.

        A :class:`BattleMap` is mutable (doors open and close), so an encounter that
        may open doors should work on a copy and leave the scenario's map as drawn.
        """
        return self.map.copy()

    def placement(self, ident: str) -> Placement:
        """The placement with id (or name) ``ident``.

        Raises:
            KeyError: if there is none.
        """
        for p in self.placements:
            if ident in (p.id, p.name):
                return p
        raise KeyError(ident)

    def members(self, side: str) -> tuple[Placement, ...]:
        """The placements of ``side`` in file order."""
        return tuple(p for p in self.placements if p.side == side)

    @property
    def surprise(self) -> bool:
        """True when some combatant starts unaware (there is a surprise round)."""
        return any(not p.aware for p in self.placements)


def space_squares(block: StatBlock) -> int:
    """Side of a creature's space in 5-ft squares (at least 1)."""
    if block.space_ft is not None:
        return max(1, int(block.space_ft // 5))
    return block.size.squares


# ---------------------------------------------------------------------------------
# Finding scenarios


def _scenario_dir() -> Path:
    return data_dir() / "scenarios"


def scenario_names() -> list[str]:
    """Names of the bundled scenarios (their file stems), sorted."""
    folder = _scenario_dir()
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def scenario_path(name_or_path: str | Path) -> Path:
    """The file of a bundled scenario by name, or ``name_or_path`` itself if it is a path.

    Raises:
        ScenarioError: for an unknown name (with the closest names) or a missing file.
    """
    path = Path(name_or_path)
    text = str(name_or_path)
    if is_file(path):
        return path
    if path.suffix in (".yaml", ".yml") or "/" in text or "\\" in text:
        raise ScenarioError("no such file", file=text, expected="a scenario YAML file")
    bundled = _scenario_dir() / f"{slug(text)}.yaml"
    if is_file(bundled):
        return bundled
    names = scenario_names()
    close = difflib.get_close_matches(slug(text), names, n=3, cutoff=0.5)
    hint = "did you mean " + ", ".join(close) + "?" if close else _one_of(names)
    raise ScenarioError(f"unknown scenario {quote(text)}", field="scenario", expected=hint)


def load_scenario(name_or_path: str | Path) -> Scenario:
    """A bundled scenario by name (``goblin-ambush``) or a scenario file by path.

    Raises:
        ScenarioError: listing every problem of the file (file, line, field, expected).
    """
    path = scenario_path(name_or_path)
    scenario, problems = _load(path)
    if problems or scenario is None:
        raise ScenarioError(problems=problems or [Problem("invalid scenario", file=str(path))])
    return scenario


def validate_scenario(path: str | Path) -> list[Problem]:
    """Every problem of a scenario file (or bundled scenario), in file order; [] if none.

    Never raises for bad input: a missing file or bad YAML is itself a problem.
    """
    try:
        found = scenario_path(path)
    except InputError as exc:
        return list(exc.problems)
    return _load(found)[1]


# ---------------------------------------------------------------------------------
# Loading


def _load(path: Path) -> tuple[Scenario | None, list[Problem]]:
    file = str(path)
    try:
        text = read_text(path)
        doc = parse_yaml(text, file)
    except InputError as exc:
        return None, [
            Problem(p.message, p.file or file, p.line, p.field, p.expected or "valid YAML")
            for p in exc.problems
        ]
    return _Resolver(doc, text, path).run()


def scenario_from_document(data: dict[str, Any], *, file: str = "<saved scenario>") -> Scenario:
    """A scenario rebuilt from :attr:`Scenario.document` (as a saved encounter keeps it).

    Relative creature file paths, if any are left, are read from the working folder.

    Raises:
        ScenarioError: listing every problem of the document (fields, no lines).
    """
    doc = Located(copy.deepcopy(data), file, {})
    scenario, problems = _Resolver(doc, "", Path(file)).run()
    if problems or scenario is None:
        raise ScenarioError(problems=problems or [Problem("invalid scenario", file=file)])
    return scenario


def _dotted(path: Path_) -> str:
    return ".".join(str(p) for p in path)


def schema_problems(
    exc: ValidationError, doc: Located, root: type[BaseModel], prefix: Path_ = ()
) -> list[Problem]:
    """Pydantic errors as problems that quote the input and say what was expected."""
    out = []
    located = problems_from_validation(exc, doc, prefix, model=root)
    for err, problem in zip(exc.errors(), located, strict=True):
        kind = err.get("type", "")
        loc = tuple(
            p
            for p in err["loc"]
            if isinstance(p, int) or not (str(p).startswith("function-") or str(p) == "[key]")
        )
        message, expected = problem.message, problem.expected
        if kind == "extra_forbidden" and loc:
            message = f"unknown field {loc[-1]!r}"
        elif kind == "missing" and loc:
            message = f"missing field {loc[-1]!r}"
            expected = "this field to be present"
        elif kind not in ("scenario", "content") and kind not in QUOTING_TYPES:
            value = err.get("input")
            if isinstance(value, str | int | float | bool) and not isinstance(value, dict):
                message = f"{message}; got {value!r}"
        out.append(Problem(message, problem.file, problem.line, problem.field, expected))
    return out


_BLOCK_SCALAR = re.compile(r"^[^#]*?:\s*[|>][-+0-9]*\s*(#.*)?$")


@dataclass
class _Entry:
    """One combatant entry, resolved far enough to name and place."""

    path: Path_
    side: str
    block: StatBlock
    count: int
    explicit_name: str | None
    positions: list[tuple[Square, Path_]] | None  # top-left square, where it is written
    aware: bool
    tactics: str
    conditions: tuple[tuple[str, int], ...] = ()
    mount: str | None = None
    wielding: tuple[str, ...] | None = None
    light: str | None = None
    altitude: int = 0
    awareness: str = "aware"
    stowed: tuple[str, ...] = ()


@dataclass
class _Resolver:
    doc: Located
    text: str
    path: Path
    problems: list[Problem] = field(default_factory=list)
    provisional: BattleMap | None = None
    inlined: dict[tuple[int, int], StatBlock] = field(default_factory=dict)

    # -- helpers ---------------------------------------------------------------

    def line(self, path: Path_) -> int | None:
        return self.doc.line_of(path)

    def problem(self, path: Path_, message: str, expected: str | None = None) -> None:
        self.problems.append(
            Problem(message, self.doc.file, self.line(path), _dotted(path) or None, expected)
        )

    def relocate(self, exc: InputError, path: Path_, note: str = "") -> None:
        """Problems of a content error raised without our file's location."""
        for p in locate(exc.problems, self.doc, path):
            if p.file != self.doc.file:  # inside another file (a creature file)
                p = Problem(p.message + note, p.file, p.line, p.field, p.expected)
            self.problems.append(p)

    # -- the whole file ----------------------------------------------------------

    def run(self) -> tuple[Scenario | None, list[Problem]]:
        data = self.doc.data
        if not isinstance(data, dict):
            self.problems.append(
                Problem(
                    "a scenario file must be a mapping, not "
                    + ("an empty file" if data is None else f"a {type(data).__name__}"),
                    self.doc.file,
                    self.line(()) or 1,
                    None,
                    "fields such as title, map and sides",
                )
            )
            return None, self.problems
        head: ScenarioDoc | None = None
        try:
            head = ScenarioDoc.model_validate(data)
        except ValidationError as exc:
            self.problems.extend(schema_problems(exc, self.doc, ScenarioDoc))
        sides_raw = data.get("sides")
        if isinstance(sides_raw, list) and len(sides_raw) < 2:
            self.problem(
                ("sides",),
                f"{len(sides_raw)} side{'s' if len(sides_raw) != 1 else ''}: a fight needs "
                "at least two",
                "at least two sides, each with a name and combatants",
            )
        bmap, exits, doors = self.battle_map(data.get("map"))
        entries = self.sides(
            sides_raw if isinstance(sides_raw, list) else [], bmap or self.provisional
        )
        if not self.within_limits(entries, head):
            return None, self.problems
        placements = self.name_and_place(entries, bmap or self.provisional)
        self.problems.sort(key=lambda p: (p.file != self.doc.file, p.line or 0))
        if self.problems or head is None or bmap is None:
            return None, self.problems
        name = head.name or self.path.stem
        rules = ruleset(head.ruleset).with_variants(*head.variants)
        return (
            Scenario(
                name=name,
                title=head.title or name,
                description=head.description,
                ruleset=rules,
                round_limit=head.round_limit,
                seed=head.seed,
                map=bmap,
                exits=exits,
                doors=doors,
                placements=tuple(placements),
                sides=tuple(s.name for s in head.sides),
                file=self.doc.file,
                document=self.document(name),
            ),
            [],
        )

    def within_limits(self, entries: list[_Entry], head: ScenarioDoc | None) -> bool:
        """Whether the fight's size keeps the limits of docs/limits.md (combatants, and
        combatants times the round limit); records the problem if not."""
        total = sum(e.count for e in entries)
        if total > MAX_COMBATANTS:
            self.problem(
                ("sides",),
                f"{total} combatants: more than the limit of {MAX_COMBATANTS}",
                f"at most {MAX_COMBATANTS} combatants (docs/limits.md)",
            )
            return False
        if head is not None and total * head.round_limit > MAX_CREATURE_ROUNDS:
            self.problem(
                ("round_limit",),
                f"{total} combatants for up to {head.round_limit} rounds is "
                f"{total * head.round_limit:,} creature-rounds: more than the limit of "
                f"{MAX_CREATURE_ROUNDS:,}",
                f"a round limit of at most {MAX_CREATURE_ROUNDS // total} for {total} "
                "combatants (docs/limits.md)",
            )
            return False
        return True

    def document(self, name: str) -> dict[str, Any]:
        data: dict[str, Any] = copy.deepcopy(self.doc.data)
        data["name"] = name
        for (i, j), block in self.inlined.items():
            entry = data["sides"][i]["combatants"][j]
            del entry["creature"]
            entry["stat_block"] = block.model_dump(mode="json", exclude_defaults=True)
        return data

    # -- the map -------------------------------------------------------------------

    def rows_first_line(self) -> int:
        """The file line of the map's first row (the line after ``rows: |``)."""
        key_line = self.line(("map", "rows")) or 1
        lines = self.text.splitlines()
        if 0 < key_line <= len(lines) and _BLOCK_SCALAR.match(lines[key_line - 1]):
            return key_line + 1
        return key_line

    def battle_map(
        self, raw: Any
    ) -> tuple[BattleMap | None, frozenset[Square], dict[Square, Door]]:
        mdoc: MapDoc | None = validate_partly(MapDoc, raw)
        if mdoc is None:
            return None, frozenset(), {}
        try:
            bmap = BattleMap.from_ascii(
                raw["rows"],
                legend=mdoc.legend or None,
                file=self.doc.file,
                first_line=self.rows_first_line(),
            )
        except InputError as exc:
            for p in exc.problems:
                expected = p.expected
                if p.field and p.field.startswith("legend."):
                    symbol = p.field.removeprefix("legend.")
                    where: Path_ = ("map", "legend", symbol)
                    close = _close_terrain(mdoc.legend.get(symbol))
                    if close:
                        expected = f"{expected}; did you mean {', '.join(close)}?"
                else:
                    where = ("map", "rows")
                self.problems.append(
                    Problem(
                        p.message,
                        self.doc.file,
                        p.line or self.line(where),
                        _dotted(where),
                        expected,
                    )
                )
            # Keep checking the placements on a stand-in map (the scenario is rejected).
            self.provisional = _provisional_map(raw["rows"], mdoc.legend)
            if self.provisional is not None:
                self.exits(mdoc.exits, self.provisional)
                self.doors(mdoc.doors, self.provisional)
            return None, frozenset(), {}
        return bmap, self.exits(mdoc.exits, bmap), self.doors(mdoc.doors, bmap)

    def doors(self, doors: dict[str, DoorDoc], bmap: BattleMap) -> dict[Square, Door]:
        """``map.doors``: each a door square of the map (closed or open), of a kind of
        Table: Object Hardness And Hit Points whose name says door."""
        found: dict[Square, Door] = {}
        for text, door in doors.items():
            where = ("map", "doors", text)
            sq = self.square(where, text, bmap)
            if sq is None:
                continue
            if not bmap.flags(*sq) & (Terrain.DOOR | Terrain.OPEN_DOOR):
                self.problem(where, f"{text} is not a door of the map", "a square marked + or /")
                continue
            try:
                entry = object_stats(door.kind)
            except InputError as exc:
                self.problem((*where, "kind"), exc.problems[0].message, exc.problems[0].expected)
                continue
            if "door" not in entry.name:
                self.problem(
                    (*where, "kind"),
                    f"{door.kind!r} is not a door",
                    "a door of the object table (simple, good or strong wooden door, iron door)",
                )
                continue
            rulings = []
            for name in ("immune_to", "vulnerable_to"):
                forms = []
                for form in getattr(door, name):
                    key = form.strip().lower()
                    if key not in ATTACK_FORMS:
                        close = difflib.get_close_matches(key, ATTACK_FORMS, n=3)
                        self.problem(
                            (*where, name),
                            f"unknown attack form {form!r}"
                            + (f" (did you mean {', '.join(close)}?)" if close else ""),
                            "melee, ranged or a damage type (" + ", ".join(ATTACK_FORMS[2:]) + ")",
                        )
                    forms.append(key)
                rulings.append(frozenset(forms))
            if rulings[0] & rulings[1]:
                self.problem(
                    where,
                    f"{', '.join(sorted(rulings[0] & rulings[1]))} both ineffective and especially "
                    "successful",
                    "each attack form in immune_to or vulnerable_to, not both",
                )
            found[sq] = Door(entry.name, door.locked, rulings[0], rulings[1])
        return found

    def exits(self, exits: str | tuple[str, ...], bmap: BattleMap) -> frozenset[Square]:
        if exits == "none":
            return frozenset()
        if exits == "edges":
            w, h = bmap.width, bmap.height
            edge = {(x, y) for x in range(w) for y in (0, h - 1)}
            edge |= {(x, y) for y in range(h) for x in (0, w - 1)}
            return frozenset(sq for sq in edge if bmap.walkable(*sq, swim=True))
        found: set[Square] = set()
        for i, text in enumerate(exits):
            where = ("map", "exits", i)
            sq = self.square(where, text, bmap)
            if sq is None:
                continue
            if not bmap.walkable(*sq, swim=True):
                self.problem(
                    where,
                    f"exit {text!r} is a square no one can stand in",
                    "an exit on a square a creature can enter",
                )
                continue
            found.add(sq)
        return frozenset(found)

    def square(self, where: Path_, text: str, bmap: BattleMap | None) -> Square | None:
        """A square name parsed (and checked against the map if there is one)."""
        try:
            sq = parse_square(text)
        except InputError as exc:
            self.problem(where, exc.problems[0].message, SQUARE_FORM)
            return None
        if bmap is not None and not _inside(bmap, sq):
            self.problem(
                where,
                f"square {text!r} is outside the {bmap.width}x{bmap.height} map",
                f"{SQUARE_FORM}, from a1 to {_last(bmap)}",
            )
            return None
        return sq

    # -- sides and combatants ----------------------------------------------------

    def sides(self, raw: list[Any], bmap: BattleMap | None) -> list[_Entry]:
        entries: list[_Entry] = []
        seen: dict[str, int] = {}
        for i, side_raw in enumerate(raw):
            side: SideDoc | None = validate_partly(SideDoc, side_raw)
            raw_map = side_raw if isinstance(side_raw, dict) else {}
            if side is not None:
                name, aware, tactics = side.name, side.awareness, side.tactics
                docs: list[CombatantDoc | None] = list(side.combatants)
            else:
                name = str(raw_map.get("name") or f"side {i + 1}")
                aware_raw = _quiet_choice(raw_map.get("awareness"), AWARENESS, "aware")
                aware, tactics = (
                    aware_raw,
                    _quiet_choice(raw_map.get("tactics"), KNOWN_TACTICS, "default"),
                )
                listed = raw_map.get("combatants")
                docs = []
                for j, entry in enumerate(listed if isinstance(listed, list) else []):
                    docs.append(validate_partly(CombatantDoc, entry))
                    if docs[-1] is None and isinstance(entry, dict):
                        # an inline build with a bad field: check the rest of it too
                        where = ("sides", i, "combatants", j, "build")
                        found = partial_build_problems(entry.get("build"))
                        self.problems.extend(locate(found, self.doc, where))
            if isinstance(raw_map.get("combatants"), list) and not raw_map["combatants"]:
                self.problem(
                    ("sides", i, "combatants"),
                    f"side {name!r} has no combatants",
                    "at least one combatant on each side",
                )
            key = name.strip().lower()
            if key in seen:
                self.problem(
                    ("sides", i, "name"),
                    f"duplicate side name {name!r} (also at line {seen[key]})",
                    "a different name for each side",
                )
            else:
                seen[key] = self.line(("sides", i, "name")) or 0
            for j, cdoc in enumerate(docs):
                if cdoc is None:
                    continue
                entry = self.combatant(
                    ("sides", i, "combatants", j), cdoc, name, aware, tactics, bmap
                )
                if entry is not None:
                    entries.append(entry)
        return entries

    def combatant(
        self,
        path: Path_,
        c: CombatantDoc,
        side: str,
        side_aware: str,
        side_tactics: str,
        bmap: BattleMap | None,
    ) -> _Entry | None:
        block = self.stat_block(path, c)
        if block is None:
            return None
        if c.unarmored:  # found without its armor (asleep in camp, say)
            block = block.model_copy(update={"armor": None, "shield": None})
        wielding = self.wielding(path, c, block)
        positions = self.positions(path, c, block, bmap)
        if c.altitude and block.speed.fly <= 0:
            self.problem(
                (*path, "altitude"),
                f"altitude {c.altitude} ft for {block.name}, which has no fly speed",
                "altitude 0 (or a creature with a fly speed)",
            )
        if c.count is not None:
            count = c.count
        elif c.at is not None:
            count = len(c.at)
        else:
            count = len(positions) if positions else 1
        return _Entry(
            path=path,
            side=side,
            block=block,
            count=count,
            explicit_name=c.name,
            positions=positions,
            aware=(c.awareness or side_aware) in ("aware", "check"),
            awareness=c.awareness or side_aware,
            tactics=c.tactics or side_tactics,
            conditions=tuple(c.conditions.items()),
            mount=c.mount,
            wielding=wielding,
            light=c.light,
            altitude=c.altitude,
            stowed=self.stowed(path, c, block),
        )

    def wielding(self, path: Path_, c: CombatantDoc, block: StatBlock) -> tuple[str, ...] | None:
        """``wielding``: weapons the stat block carries, in at most two hands (SRD
        equipment "Weapon Categories": a two-handed weapon, a bow or a crossbow takes
        both)."""
        if c.wielding is None:
            return None
        carried = {ref.display.lower(): ref for ref in block.weapons}
        names: list[str] = []
        hands = 0
        for k, raw in enumerate(c.wielding):
            key = " ".join(raw.strip().lower().split())
            ref = carried.get(key)
            if ref is None:
                close = difflib.get_close_matches(key, carried, n=3)
                self.problem(
                    (*path, "wielding", k),
                    f"{block.name} carries no weapon {raw!r}",
                    "did you mean " + ", ".join(close) + "?"
                    if close
                    else ", ".join(carried) or "nothing: it carries no weapon",
                )
                return None
            names.append(ref.display)
            hands += weapon(ref.weapon).hands
        if hands > 2 or len(set(names)) < len(names):
            self.problem(
                (*path, "wielding"),
                f"{', '.join(names)} take more than two hands",
                "weapons for two hands at most (a two-handed weapon, a bow or a crossbow "
                "takes both)",
            )
            return None
        return tuple(names)

    def stowed(self, path: Path_, c: CombatantDoc, block: StatBlock) -> tuple[str, ...]:
        """``stowed``: weapons the stat block carries, or its shield, each once and not
        in hand (SRD combat-i "Manipulate an Item", "Ready or Loose a Shield")."""
        carried = {ref.display.lower(): ref.display for ref in block.weapons}
        if block.shield is not None:
            carried[block.shield.display.lower()] = block.shield.display
        names: list[str] = []
        for k, raw in enumerate(c.stowed):
            key = " ".join(raw.strip().lower().split())
            name = carried.get(key)
            if name is None or name in names or name in (c.wielding or ()):
                close = difflib.get_close_matches(key, carried, n=3)
                self.problem(
                    (*path, "stowed", k),
                    f"{block.name} carries no {raw!r} to stow"
                    if name is None
                    else f"{name} is stowed twice or also in hand",
                    "did you mean " + ", ".join(close) + "?"
                    if close and name is None
                    else "its weapons or shield, each once, not in hand: "
                    + (", ".join(carried.values()) or "none"),
                )
                return ()
            names.append(name)
        return tuple(names)

    def stat_block(self, path: Path_, c: CombatantDoc) -> StatBlock | None:
        if c.creature is not None:
            where = (*path, "creature")
            name = c.creature
            candidate = (self.path.parent / name) if name.endswith((".yaml", ".yml")) else None
            try:
                if candidate is not None:
                    if not is_file(candidate):
                        self.problem(
                            where,
                            f"no creature file {name!r} (looked for {candidate})",
                            "a bundled creature name or a YAML file next to the scenario",
                        )
                        return None
                    block = find_creature(str(candidate))
                    side, entry = path[1], path[3]
                    assert isinstance(side, int) and isinstance(entry, int)
                    self.inlined[side, entry] = block
                    return block
                return find_creature(name)
            except InputError as exc:
                self.relocate(exc, where, note=f" (creature file of {_dotted(where)})")
                return None
        if c.build is not None:
            where = (*path, "build")
            try:
                return build_creature(c.build)
            except InputError as exc:
                self.relocate(exc, where)
                return None
        return c.stat_block  # its names were checked with the document

    def positions(
        self, path: Path_, c: CombatantDoc, block: StatBlock, bmap: BattleMap | None
    ) -> list[tuple[Square, Path_]] | None:
        """The top-left squares of the entry's combatants and where each is written.

        None if they are unknown (a problem has been recorded). A rider's is its
        mount's, set once all are placed (:meth:`mount_riders`).
        """
        if c.mount is not None:
            return [((0, 0), (*path, "mount"))]
        if c.at is not None:
            single = isinstance(self.doc.at(*path).data.get("at"), str)
            out: list[tuple[Square, Path_]] = []
            for k, text in enumerate(c.at):
                where: Path_ = (*path, "at") if single else (*path, "at", k)
                sq = self.square(where, text, None)
                if sq is not None:
                    out.append((sq, where))
            if c.count is not None and c.count != len(c.at):
                self.problem(
                    (*path, "at"),
                    f"count is {c.count} but at gives {len(c.at)} "
                    f"square{'s' if len(c.at) != 1 else ''}",
                    f"one square per combatant ({c.count}), or an area such as e2-h3",
                )
                return None
            return out if len(out) == len(c.at) else None
        assert c.area is not None
        where = (*path, "area")
        parts = c.area.split("-")
        if len(parts) != 2:
            self.problem(where, f"not an area: {c.area!r}", "two corner squares such as e2-h3")
            return None
        corners = [self.square(where, part.strip(), bmap) for part in parts]
        a, b = corners
        if a is None or b is None or bmap is None:
            return None
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        n = space_squares(block)
        slots = [
            (x, y)
            for y in range(y0, y1 - n + 2, n)
            for x in range(x0, x1 - n + 2, n)
            if standing_problem(bmap, block, (x, y)) is None
        ]
        want = c.count if c.count is not None else len(slots)
        if want == 0 or len(slots) < want:
            size = block.size.label
            self.problem(
                where,
                f"area {c.area!r} has room for {len(slots)} {size} "
                f"combatant{'s' if len(slots) != 1 else ''}, count is {want or c.count or 1}",
                "a larger area (or a smaller count); walls and deep water are skipped",
            )
            return None
        return [(sq, where) for sq in slots[:want]]

    # -- names, ids and the map ----------------------------------------------------

    def name_and_place(self, entries: list[_Entry], bmap: BattleMap | None) -> list[Placement]:
        auto: dict[str, int] = {}
        for e in entries:
            if e.explicit_name is None:
                key = e.block.name.strip().lower()
                auto[key] = auto.get(key, 0) + e.count
        numbered: dict[str, int] = {}
        placed: list[tuple[Placement, Path_]] = []
        ids: dict[str, tuple[str, int | None]] = {}
        for e in entries:
            base = e.explicit_name or e.block.name
            names: list[str] = []
            for _ in range(e.count):
                if e.explicit_name is not None:
                    names.append(base if e.count == 1 else _numbered(base, len(names) + 1))
                    continue
                key = base.strip().lower()
                if auto[key] == 1:
                    names.append(base)
                else:
                    numbered[key] = numbered.get(key, 0) + 1
                    names.append(_numbered(base, numbered[key]))
            name_path = (*e.path, "name") if e.explicit_name is not None else e.path
            line = self.line(e.path)
            for k, name in enumerate(names):
                ident = _ident(name)
                if not ident:
                    self.problem(
                        name_path, f"name {name!r} has no letters or digits", "a readable name"
                    )
                    continue
                if ident in ids:
                    other, other_line = ids[ident]
                    self.problem(
                        name_path,
                        f"duplicate name {name!r} (id {ident!r}, "
                        f"as {other!r} at line {other_line})",
                        "a different name for each combatant",
                    )
                    continue
                ids[ident] = (name, self.line(name_path))
                if e.positions is None:
                    continue
                position, where = e.positions[k]
                placement = Placement(
                    id=ident,
                    name=name,
                    side=e.side,
                    stat_block=e.block,
                    position=position,
                    aware=e.aware,
                    awareness=e.awareness,
                    tactics=e.tactics,
                    line=line,
                    conditions=e.conditions,
                    mount=e.mount,
                    wielding=e.wielding,
                    stowed=e.stowed,
                    light=e.light,
                    altitude=e.altitude,
                )
                placed.append((placement, where))
        placed = self.mount_riders(placed)
        if bmap is not None:
            self.check_placements(placed, bmap)
        return [p for p, _ in placed]

    def mount_riders(self, placed: list[tuple[Placement, Path_]]) -> list[tuple[Placement, Path_]]:
        """Each rider takes its mount's position (seed 000 "Mounted Combat": "you share
        your mount's space"). The mount is another combatant of the scenario, on the
        rider's side, at least one size larger (seed 001 "Mounts"; A104), riding nothing,
        with no other rider."""
        from d20combat.rules.maneuvers.mounted import carries

        by_id = {p.id: p for p, _ in placed}
        ridden: dict[str, str] = {}
        out: list[tuple[Placement, Path_]] = []
        for p, where in placed:
            mid = p.mount
            if mid is None:
                out.append((p, where))
                continue
            m = by_id.get(mid)
            why = None
            if m is None or m is p:
                close = difflib.get_close_matches(mid, [i for i in by_id if i != p.id], 3)
                why = (
                    f"{p.name}'s mount {mid!r} is no other combatant",
                    f"did you mean {', '.join(close)}?" if close else "another combatant's id",
                )
            elif m.side != p.side:
                why = (
                    f"{p.name}'s mount {m.name} fights for {m.side!r}, not {p.side!r}",
                    "a mount of the rider's own side",
                )
            elif m.mount is not None:
                why = (f"{p.name}'s mount {m.name} rides {m.mount} itself", "a mount on foot")
            elif not carries(m.stat_block, p.stat_block):
                why = (
                    f"{p.name} ({p.stat_block.size.name.title()}) cannot ride {m.name} "
                    f"({m.stat_block.size.name.title()})",
                    "a mount at least one size category larger, or a pony under a dwarf "
                    "(seed 001 Mounts)",
                )
            elif mid in ridden:
                why = (f"{m.name} is ridden by {ridden[mid]} already", "one rider a mount")
            if why is not None:
                self.problem(where, *why)
                continue
            assert m is not None
            ridden[mid] = p.name
            out.append((dataclasses.replace(p, position=m.position), where))
        return out

    def check_placements(self, placed: list[tuple[Placement, Path_]], bmap: BattleMap) -> None:
        occupants: dict[Square, list[Placement]] = {}
        for p, where in placed:
            if p.mount is not None:
                continue  # it shares its mount's space (mount_riders)
            at = f"{p.name} at {p.square}"
            reason = standing_problem(bmap, p.stat_block, p.position)
            if reason is not None:
                message, expected = reason
                self.problem(where, f"{at}: {message}", expected)
                continue
            clash = placement_clash(p, occupants)
            if clash is not None:
                self.problem(
                    where,
                    f"{at} overlaps {clash.name} at {clash.square} ({cannot_share(p, clash)})",
                    "a free square for each combatant",
                )
                continue
            for sq in p.squares:
                occupants.setdefault(sq, []).append(p)


def _provisional_map(rows: str, legend: dict[str, str | tuple[str, ...]]) -> BattleMap | None:
    """A stand-in for a map with errors: unknown symbols as floor, short rows walled."""
    try:
        table = parse_legend(legend)
    except InputError:
        table = parse_legend(None)
    body = rows.splitlines()
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        return None
    width = max(len(r) for r in body)
    fixed = ["".join(c if c in table else "." for c in r).ljust(width, "#") for r in body]
    try:
        return BattleMap.from_ascii(fixed, dict(table))
    except InputError:
        return None


def _close_terrain(entry: str | tuple[str, ...] | None) -> list[str]:
    """The terrain names closest to the unknown names of a legend entry (difflib)."""
    names = [entry] if isinstance(entry, str) else list(entry or ())
    close: list[str] = []
    for name in names:
        key = name.strip().lower()
        if key not in TERRAIN_NAMES:
            close += difflib.get_close_matches(key, list(TERRAIN_NAMES), n=2)
    return close


def _quiet_choice(value: Any, options: Sequence[str], default: str) -> str:
    if isinstance(value, str) and value.strip().lower() in options:
        return value.strip().lower()
    return default


def _numbered(base: str, n: int) -> str:
    """``Goblin 3``; ``Human fighter 4 #3`` when the name already ends in a number."""
    return f"{base} #{n}" if base[-1:].isdigit() else f"{base} {n}"


def _ident(name: str) -> str:
    """The id of a combatant name: ``Goblin 1`` -> ``goblin-1``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _inside(bmap: BattleMap, sq: Square) -> bool:
    return bmap.in_bounds(*sq)


def _last(bmap: BattleMap) -> str:
    return square_name((bmap.width - 1, bmap.height - 1))


def standing_problem(bmap: BattleMap, block: StatBlock, pos: Square) -> tuple[str, str] | None:
    """Why ``block`` cannot start with its top-left square at ``pos``; None if it can."""
    n = space_squares(block)
    x, y = pos
    last = (x + n - 1, y + n - 1)
    if not _inside(bmap, last):
        size = f"its {n}x{n} space reaches {square_name(last)}, " if n > 1 else ""
        return (
            f"{size}outside the {bmap.width}x{bmap.height} map",
            f"a top-left square from a1 to {_last(bmap)}"
            + (f" with room for a {n}x{n} space" if n > 1 else ""),
        )
    swim = block.speed.swim > 0
    too_tall = stooping(bmap, block.size.height_ft) > 1
    for dy in range(n):
        for dx in range(n):
            sq = (x + dx, y + dy)
            terrain = bmap.terrain(*sq)
            low = too_tall and terrain & Terrain.LOW_CEILING
            if bmap.walkable(*sq, swim=swim) and not low:
                continue
            if low:
                what = f"under a ceiling too low for a {block.size.label} creature"
            elif terrain & Terrain.WALL:
                what = "a wall"
            elif terrain & Terrain.DOOR:
                what = "a closed door"
            elif terrain & Terrain.IMPROVED_COVER:
                what = "an arrow slit"
            elif terrain & Terrain.DEEP_WATER:
                what = "deep water and it has no swim speed"
            else:
                what = "a square no creature can enter"
            symbol = _symbol_at(bmap, sq)
            return (
                f"{square_name(sq)} is {what} ({symbol!r} on the map)",
                "a square the creature can stand in",
            )
    return None


def _symbol_at(bmap: BattleMap, sq: Square) -> str:
    row = bmap.to_ascii().splitlines()[sq[1]]
    return row[sq[0]]


def cannot_share(p: Placement, other: Placement) -> str:
    """Why two placements overlap: "Small and Medium creatures cannot share a square"."""
    sizes = f"{p.stat_block.size.label} and {other.stat_block.size.label}"
    return f"{sizes} creatures cannot share a square"


def placement_clash(p: Placement, occupants: dict[Square, list[Placement]]) -> Placement | None:
    """The first combatant ``p`` may not share a square with, if any.

    :func:`~d20combat.content.sizes.fits_in_square` (seed 000 "Mixing It Up").
    """
    for sq in p.squares:
        here = occupants.get(sq)
        if not here:
            continue
        everyone = [*here, p]
        if not fits_in_square([q.stat_block.size for q in everyone]):
            return here[0]
    return None
