"""Saved fights: the format :meth:`Encounter.to_json` writes, checked before use.

A save (``d20combat fight --save FILE``, read back by ``d20combat resume FILE`` and
:meth:`Encounter.from_json`) is one JSON object, documented field by field in
``docs/save-format.md``. :func:`load` reads one in four steps, each reporting all of its
problems at once as one :class:`~d20combat.errors.SaveFileError`, each problem's
``field`` the JSON path of the offending value (``combatants[2].vitals.hp``):

1. the format, before anything is built: the format ``version`` (a save of another
   version says so), the nesting depth (:data:`MAX_DEPTH`), then the pydantic models
   :class:`SaveDoc`, :class:`CombatantDoc`, :class:`VitalsDoc`, :class:`EffectDoc`,
   :class:`BudgetDoc` and :class:`OutcomeDoc` (every field present, no unknown one; an
   integer where one is meant, never a float or a string; ``true``/``false`` for
   flags; counts not negative; known ruleset and variant names) and the dice generators' states
   (:func:`~d20combat.encounter.invariants.generator_problems`);
2. the embedded scenario, rebuilt as a scenario file is
   (:func:`~d20combat.content.scenarios.scenario_from_document`); its problems come
   under ``scenario.``;
3. the combatants: the scenario's, in its order;
4. the encounter is rebuilt (:func:`~d20combat.encounter.state.restore`) and every
   invariant of :func:`~d20combat.encounter.invariants.problems` checked: hit points,
   places on the map, the initiative order, turn and round, conditions, weapons, items,
   doors, the history.

:meth:`Encounter.clone` skips all this: its data come from a live encounter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
)

from d20combat.content.loading import Located
from d20combat.content.rulesets import ruleset
from d20combat.content.scenarios import (
    RulesetName,
    VariantName,
    scenario_from_document,
    schema_problems,
)
from d20combat.encounter.invariants import generator_problems, json_path, problems
from d20combat.encounter.outcome import EndKind, SideStatus
from d20combat.errors import InputError, Problem, SaveFileError
from d20combat.limits import MAX_DEPTH, MAX_NUMBER

if TYPE_CHECKING:
    from d20combat.content.scenarios import Scenario
    from d20combat.encounter.state import Encounter

__all__ = [
    "MAX_DEPTH",
    "BudgetDoc",
    "CombatantDoc",
    "EffectDoc",
    "OutcomeDoc",
    "SaveDoc",
    "VitalsDoc",
    "format_problems",
    "load",
]

_WHAT = "a file written by d20combat fight --save"
_SCENARIO_FILE = "<saved scenario>"  # scenario_from_document's file name
_LONGEST = 200  # characters of a message quoting the input

Int = Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)]
#: ``[x, y]``: the column from 0 at ``a``, the row from 0 at the top (``a1`` is [0, 0]).
Square = tuple[Count, Count]
#: ``random.Random.getstate()`` as a list: the version, 625 integers, ``gauss_next``.
Generator = tuple[
    StrictInt,
    Annotated[list[StrictInt], Field(min_length=625, max_length=625)],
    StrictFloat | None,
]


class _Doc(BaseModel):
    """Every field required unless it has a default; unknown fields refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class VitalsDoc(_Doc):
    """``combatants[i].vitals``: hit points (:class:`d20combat.rules.hitpoints.Vitals`)."""

    hp: Int
    max_hp: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]
    nonlethal: Count
    temp_hp: Count
    stable: StrictBool
    dead: StrictBool
    subdued: StrictBool
    ability_damage: Annotated[list[Count], Field(min_length=6, max_length=6)]
    awake: StrictBool = False
    recovering: StrictBool = False
    vile: Count = 0
    ability_drain: Annotated[list[Count], Field(min_length=6, max_length=6)] = [0] * 6
    negative_levels: Count = 0


class EffectDoc(_Doc):
    """One of ``combatants[i].effects``: an edge it holds over an opponent
    (:class:`d20combat.encounter.combatant.Effect`: aid another, a feint, a victim
    found for a coup de grace)."""

    kind: Literal["aid-attack", "aid-defense", "feint", "found"]
    against: StrictStr
    by: StrictStr
    owner: StrictStr
    turns: Count
    through: StrictBool


class CombatantDoc(_Doc):
    """One of ``combatants``: what changes of a creature during the fight
    (:class:`d20combat.encounter.combatant.Combatant`). The fields with defaults may be
    missing from saves of older versions of d20combat."""

    id: StrictStr
    pos: Square | None  # None: swallowed (inside another, off the map)
    vitals: VitalsDoc
    tactics: StrictStr
    aware: StrictBool
    initiative: Int
    tiebreak: list[Annotated[StrictInt, Field(ge=1, le=20)]]  # d20 rolls
    acted: StrictBool
    conditions: dict[StrictStr, tuple[StrictStr, Count]]  # name: [owner, turns]
    aoo_used: Count
    cleaves_used: Count = 0
    power_attack: Count = 0
    expertise: Count = 0
    provoked_by_move: list[StrictStr]
    wielding: list[StrictStr]
    ammo: dict[StrictStr, Count]
    readied: tuple[StrictStr, StrictStr | None] | None  # [trigger, weapon]
    readied_move: list[Square] | None = None
    readied_free: StrictStr | None = None  # a readied free action's notation (A256)
    delay_after: StrictStr | None
    fled: StrictBool
    surrendered: StrictBool
    pending_full_round: Square | None
    fumbled: StrictBool
    dodge_target: StrictStr | None
    ticked_round: Annotated[StrictInt, Field(ge=-1, le=MAX_NUMBER)]
    lost: list[StrictStr]
    unloaded: list[StrictStr] = Field(default_factory=list)
    stowed: list[StrictStr] = Field(default_factory=list)  # encounter/stowed.py
    case_spent: dict[StrictStr, Count] = Field(default_factory=dict)  # repeating crossbows
    grappling: list[StrictStr] = Field(default_factory=list)  # ids, seed 000 "Grapple"
    clinging: StrictStr | None = None  # the creature it clings to (seed 001)
    inside: StrictStr | None = None  # the creature that swallowed it (SRD Swallow Whole)
    cut: Count = 0  # the damage it has dealt that creature's interior, cutting its way out
    mount: StrictStr | None = None  # the mount it rides (seed 000 "Mounted Combat")
    rode_ft: Count = 0  # how far its mount moved since its last turn
    gait: Literal["", "move", "double", "run", "charge"] = ""  # the mount's movement
    charged_at: StrictStr | None = None  # the foe its mount charged
    trail: list[tuple[Count, Count]] = Field(default_factory=list)  # where its mount stood
    item_damage: dict[StrictStr, Count] = Field(default_factory=dict)
    # seed 004 "Run": the last round it ran, rounds run in a row, Constitution checks
    ran_round: Annotated[StrictInt, Field(ge=-1, le=MAX_NUMBER)] = -1
    run_rounds: Count = 0
    run_checks: Count = 0
    # holding its breath under water: rounds left (-1: it breathes), checks, drowning
    breath: Annotated[StrictInt, Field(ge=-1, le=MAX_NUMBER)] = -1
    breath_checks: Count = 0
    drowning: Annotated[StrictInt, Field(ge=0, le=3)] = 0
    withdrew: Annotated[StrictInt, Field(ge=0, le=2)] = 0  # this turn 2, its last 1
    delayed: StrictStr | None = None  # whom it delayed after this round
    forfeited: Count = 0  # its place among those who lost their action by delaying
    # hiding (encounter.stealth): its Hide check result, the foes that failed to spot it
    hide_check: Int | None = None
    unseen_by: list[StrictStr] = Field(default_factory=list)
    hid_at: Square | None = None  # where it hid
    taken: list[tuple[StrictStr, StrictStr, StrictStr]] = Field(default_factory=list)
    effects: list[EffectDoc] = Field(default_factory=list)
    side: StrictStr | None = None  # a commanded creature's new side (None: the scenario's)
    turnings_used: dict[StrictStr, Count] = Field(default_factory=dict)
    channelled: dict[StrictStr, Int] = Field(default_factory=dict)
    altitude: Count = 0  # feet above the ground (flight, A145)
    flown: Count = 0  # feet flown this turn
    descent: Count = 0  # feet a round it sinks, helpless (a stall, a drift)
    hovering: bool = False  # SRD monster-feats Hover: halted, hovering


class BudgetDoc(_Doc):
    """``budget``: what the creature whose turn it is may still do
    (:class:`d20combat.encounter.combatant.Budget`). ``made`` may be missing from saves
    of older versions, and ``overran``, ``move_left`` and ``rushed_in_move``."""

    standard: StrictBool
    move: StrictBool
    single: StrictBool
    moved: StrictBool
    stepped: StrictBool
    full_round: StrictBool
    routine: StrictStr | None
    next_attack: Count
    made: Count = 0
    committed: StrictBool
    free_draw_used: StrictBool
    attacks_made: Count
    overran: StrictBool = False
    held: list[StrictStr] = Field(default_factory=list)  # grappled as the turn began
    rakes: Count = 0  # rakes made this turn (SRD Rake)
    move_left: Count = 0  # feet left of the move action just taken (seed 004 Bull Rush)
    rushed_in_move: StrictBool = False  # a bull rush came during it: the move goes on
    free_actions: Count = 0  # free actions taken this turn (encounter/speech.py)
    spoke: list[StrictStr] = Field(default_factory=list)  # who has spoken this turn


class OutcomeDoc(_Doc):
    """``outcome``: how the fight ended (:class:`d20combat.encounter.outcome.Outcome`)."""

    kind: EndKind
    winner: StrictStr | None
    rounds: Count
    sides: dict[StrictStr, SideStatus]


class SaveDoc(_Doc):
    """The whole save, as :meth:`Encounter.to_json` writes it."""

    version: StrictInt
    scenario: dict[StrictStr, Any]
    ruleset: RulesetName
    variants: list[VariantName]
    rng: Generator
    policy_rng: Generator
    round: Count
    turn: Count
    surprise: StrictBool
    order: list[StrictStr]
    budget: BudgetDoc
    combatants: list[CombatantDoc]
    items: list[tuple[Square, StrictStr]]  # [[x, y], weapon]
    # [setter, weapon, [x, y] intersection, round due] (encounter/maneuvers/explosives.py)
    planted: list[tuple[StrictStr, StrictStr, Square, Count]] = Field(default_factory=list)
    outcome: OutcomeDoc | None
    started: StrictBool
    opened_doors: list[Square]
    closed_doors: list[Square] = Field(default_factory=list)  # open in the scenario, closed
    broken_doors: list[Square] = Field(default_factory=list)  # broken open: stay open
    object_damage: list[tuple[Square, Count]] = Field(default_factory=list)  # [[x, y], hp lost]
    history: list[StrictStr]


def load(data: Any) -> Encounter:
    """The encounter saved as ``data`` (the value of a save's JSON), after every check
    of the module docstring.

    Raises:
        SaveFileError: listing every problem of the first step that finds any.
    """
    from d20combat.encounter.state import Encounter, restore

    found = format_problems(data)
    if found:
        raise SaveFileError(problems=found)
    enc = Encounter.from_scenario(_scenario(data), 0, start=False)
    ids = list(enc.combatants)
    saved = [c["id"] for c in data["combatants"]]
    expected = "the scenario's combatants in its order: " + ", ".join(ids)
    if len(saved) != len(ids):
        found.append(
            Problem(
                f"{len(saved)} combatants where the scenario has {len(ids)}",
                field="combatants",
                expected=expected,
            )
        )
    for k, (got, want) in enumerate(zip(saved, ids, strict=False)):
        if got != want:
            found.append(
                Problem(
                    f"{_short(repr(got))} where the scenario has {want!r}",
                    field=json_path("combatants", k, "id"),
                    expected=expected,
                )
            )
    for k, c in enumerate(data["combatants"]):
        if (c["pos"] is None) != (c.get("inside") is not None):
            found.append(
                Problem(
                    f"{c['id']} has "
                    + (
                        "no square but is inside nobody"
                        if c["pos"] is None
                        else f"a square but is inside {c['inside']}"
                    ),
                    field=json_path("combatants", k, "pos"),
                    expected="a square [x, y], or null exactly while swallowed (inside set)",
                )
            )
    if found:
        raise SaveFileError(problems=found)
    restore(enc, data)
    found = problems(enc)
    if found:
        raise SaveFileError(problems=found)
    return enc


def format_problems(data: Any) -> list[Problem]:
    """Step 1: what is wrong with the format of ``data``, before anything is built."""
    from d20combat.encounter.state import SAVE_VERSION

    if not isinstance(data, dict):
        kind = "null" if data is None else type(data).__name__
        return [
            Problem(
                f"not a d20combat save: a JSON {kind}",
                expected=f"an object with format version {SAVE_VERSION}, {_WHAT}",
            )
        ]
    version = data.get("version")
    if version != SAVE_VERSION or type(version) is not int:
        if type(version) is int:
            message = f"a save of format version {version}; this d20combat reads version "
            message += str(SAVE_VERSION)
        elif "version" not in data:
            message = "not a d20combat save: no format version"
        else:
            message = f"not a d20combat save: format version {_short(repr(version))}"
        return [Problem(message, field="version", expected=f"version {SAVE_VERSION}, {_WHAT}")]
    deep = _too_deep(data)
    if deep is not None:
        return [
            Problem(
                f"arrays and objects nested more than {MAX_DEPTH} deep in it",
                field=json_path(*deep[:2]),
                expected=f"at most {MAX_DEPTH} levels, {_WHAT}",
            )
        ]
    try:
        SaveDoc.model_validate(data)
    except ValidationError as exc:
        return _from_validation(exc, data)
    return generator_problems(data["rng"], "rng") + generator_problems(
        data["policy_rng"], "policy_rng"
    )


def _too_deep(data: Any) -> tuple[str | int, ...] | None:
    """The path of a value nested deeper than :data:`MAX_DEPTH`, if any (iteratively,
    so any depth is safe to measure)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict | list):
            if len(path) >= MAX_DEPTH:
                return path
            pairs = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((child, (*path, key)) for key, child in pairs)
    return None


def _short(text: str) -> str:
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


def _from_validation(exc: ValidationError, data: dict[str, Any]) -> list[Problem]:
    """Pydantic's errors in the words of the scenario loader, at JSON paths."""
    worded = schema_problems(exc, Located(data, "", {}), SaveDoc)
    out = []
    for err, p in zip(exc.errors(), worded, strict=True):
        loc = [
            part
            for part in err["loc"]
            if isinstance(part, int) or not (part.startswith("function-") or part == "[key]")
        ]
        message, expected = p.message, p.expected
        kind = err["type"]
        if kind == "model_type":  # pydantic names the model class
            message = f"not an object; got {_short(repr(err['input']))}"
        if expected is None:
            ctx = err.get("ctx") or {}
            expected = {
                "model_type": "an object",
                "bool_type": "true or false",
                "float_type": "a number",
                "too_short": f"at least {ctx.get('min_length')} items",
                "too_long": f"at most {ctx.get('max_length')} items",
            }.get(kind, _WHAT)
        out.append(Problem(_short(message), field=json_path(*loc) or None, expected=expected))
    return out


def _scenario(data: dict[str, Any]) -> Scenario:
    """Step 2: the embedded scenario, under the ruleset the fight was played with."""
    try:
        scenario = scenario_from_document(data["scenario"])
    except InputError as exc:
        raise SaveFileError(problems=[_in_scenario(p) for p in exc.problems]) from None
    rules = ruleset(data["ruleset"]).with_variants(*data["variants"])
    return scenario if rules == scenario.ruleset else scenario.with_ruleset(rules)


def _in_scenario(p: Problem) -> Problem:
    """A problem of the embedded scenario, its field under ``scenario``."""
    parts: list[str | int] = [int(s) if s.isdigit() else s for s in (p.field or "").split(".") if s]
    outside = p.file is not None and p.file != _SCENARIO_FILE  # a creature file it names
    return Problem(
        p.message,
        p.file if outside else None,
        p.line if outside else None,
        json_path("scenario", *parts),
        p.expected,
    )
