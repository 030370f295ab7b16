"""Golden positions, checked like chess "perft": ``tests/golden/*.yaml``.

Each golden file is one position: an inline scenario (the schema of
docs/scenario-schema.md), scripted dice and actions in notation that lead to the
position, and what the rules say about it. The expectations were worked out by hand
from the rules (each file's comments say why); the engine is compared with them.

File format (every key of ``expect`` is optional)::

    title: one line
    scenario: {...}          # a scenario document: map, sides, combatants
    dice: [20, 1]            # scripted rolls: initiative in placement order, then
                             # the rolls of ``actions``; all must be used up
    actions: [move b2 c3]    # applied in order (text notation)
    expect:
      turn: scout            # whose turn the position is
      legal: {move: 31, step: 7, end: 1}   # depth 1 by verb; an unlisted verb is 0
      illegal: [step e3, move f4]          # actions the engine must refuse (check())
      perft2: {end: 17, move b1: 9}        # depth 2 "divide": for every legal action,
                                           # the legal-action count after it (on a clone)
      brute_force: {move: 30}  # recount legal.move (or withdraw...) with this budget in
                               # feet by the independent 5-10-5 search below
      threatened: {ogre: "overlay"}        # '*' marks every threatened square
      flanked: [{attacker: a, defender: d, expect: true}]
      cover: [{attacker: a, target: t, attack: ranged, expect: 4}]   # -1: total cover
      concealment: [{attacker: a, target: t, attack: melee, expect: 20}]

An overlay is the map with ``*`` on the expected squares; any other character is for
the reader (the map's terrain, a letter for a creature) and is not compared.

Where the engine disagrees with the rules, the expectation stays as the rules have it
and the entry carries ``bug: "what is wrong"`` (a legal count, a threatened overlay or a
perft2 divide as ``{expect: ..., bug: ...}``; ``legal: {_bug: ...}`` for every legal
count at once): the check is then a strict xfail.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest
import yaml

from d20combat.content.scenarios import scenario_from_document
from d20combat.encounter.actions import Crawl, Move, Step, parse_action
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import parse_square, square_name
from d20combat.rules.dice import SampledDice, ScriptedDice

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
Pos = tuple[int, int]

EXPECT_KEYS = {
    "turn",
    "legal",
    "illegal",
    "perft2",
    "brute_force",
    "threatened",
    "flanked",
    "cover",
    "concealment",
}
TOP_KEYS = {"title", "scenario", "dice", "actions", "expect"}


# --------------------------------------------------------------------------- loading
@dataclass(frozen=True)
class Check:
    file: str
    kind: str
    name: str
    expected: Any
    args: tuple[Any, ...] = ()


def _split(value: Any) -> tuple[Any, str | None]:
    """``(expected, bug)`` from a plain value or ``{expect: ..., bug: ...}``."""
    if isinstance(value, dict) and "expect" in value and set(value) <= {"expect", "bug"}:
        return value["expect"], value.get("bug")
    return value, None


def _read(path: Path) -> dict[str, Any]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{path.name}: a golden file is a mapping")
    unknown = set(doc) - TOP_KEYS
    if unknown or "scenario" not in doc or "expect" not in doc:
        raise ValueError(f"{path.name}: keys {sorted(doc)} (expected {sorted(TOP_KEYS)})")
    unknown = set(doc["expect"]) - EXPECT_KEYS
    if unknown:
        raise ValueError(f"{path.name}: unknown expectations {sorted(unknown)}")
    return doc


def _checks(path: Path) -> Iterator[Any]:
    doc = _read(path)
    exp = doc["expect"]
    f = path.name

    def param(kind: str, name: str, expected: Any, bug: str | None, *args: Any) -> Any:
        marks = [pytest.mark.xfail(strict=True, reason=bug)] if bug else []
        check = Check(f, kind, name, expected, args)
        return pytest.param(check, id=f"{path.stem}::{name}", marks=marks)

    if "turn" in exp:
        yield param("turn", "turn", exp["turn"], None)
    legal = dict(exp.get("legal") or {})
    if legal:
        all_bug = legal.pop("_bug", None)
        for verb, value in legal.items():
            expected, bug = _split(value)
            yield param("legal", f"legal.{verb}", expected, bug or all_bug, verb)
        yield param("legal-others", "legal.unlisted", 0, all_bug, tuple(legal))
    for item in exp.get("illegal") or []:
        text, bug = (item, None) if isinstance(item, str) else (item["action"], item.get("bug"))
        yield param("illegal", f"illegal[{text}]", True, bug, text)
    if "perft2" in exp:
        expected, bug = _split(exp["perft2"])
        yield param("perft2", "perft2", expected, bug)
    for verb, budget in (exp.get("brute_force") or {}).items():
        expected, _ = _split(legal[verb])
        yield param("brute-force", f"brute-force.{verb}", expected, None, verb, budget)
    for cid, value in (exp.get("threatened") or {}).items():
        expected, bug = _split(value)
        yield param("threatened", f"threatened.{cid}", expected, bug, cid)
    for item in exp.get("flanked") or []:
        a, d = item["attacker"], item["defender"]
        yield param("flanked", f"flanked.{a}>{d}", item["expect"], item.get("bug"), a, d)
    for kind in ("cover", "concealment"):
        for item in exp.get(kind) or []:
            a, t, how = item["attacker"], item["target"], item["attack"]
            if how not in ("melee", "ranged"):
                raise ValueError(f"{f}: {kind} attack must be melee or ranged, not {how!r}")
            name = f"{kind}.{a}>{t}.{how}"
            yield param(kind, name, item["expect"], item.get("bug"), a, t, how == "melee")


def _all_checks() -> list[Any]:
    out: list[Any] = []
    for path in sorted(GOLDEN.glob("*.yaml")):
        out.extend(_checks(path))
    return out


# --------------------------------------------------------------------------- the position
@cache
def _doc(file: str) -> dict[str, Any]:
    return _read(GOLDEN / file)


@cache
def position(file: str) -> Encounter:
    """The encounter at the golden position (shared by the checks: they only read it)."""
    doc = _doc(file)
    scenario = scenario_from_document(doc["scenario"], file=str(GOLDEN / file))
    enc = Encounter.from_scenario(scenario, 0, start=False)
    dice = ScriptedDice([int(r) for r in doc.get("dice") or []])
    if "dice" in doc:  # otherwise initiative is sampled: the position does not care
        enc.dice = dice  # type: ignore[assignment]
    enc.start()
    for text in doc.get("actions") or []:
        enc.apply(parse_action(text))
    if dice.totals:
        raise ValueError(f"{file}: scripted rolls left unused: {dice.totals}")
    # From here on (perft2 clones) the dice are sampled: clone() needs a generator.
    enc.dice = SampledDice(Random(0))
    return enc


def map_rows(file: str) -> list[str]:
    rows = _doc(file)["scenario"]["map"]["rows"]
    return list(rows.strip("\n").splitlines())


def overlay(rows: list[str], marked: set[Pos], mark: str = "*") -> str:
    return "\n".join(
        "".join(mark if (x, y) in marked else ch for x, ch in enumerate(row))
        for y, row in enumerate(rows)
    )


def parse_overlay(file: str, text: str) -> set[Pos]:
    rows = map_rows(file)
    lines = text.strip("\n").splitlines()
    if len(lines) != len(rows) or any(len(a) != len(b) for a, b in zip(lines, rows, strict=True)):
        raise ValueError(f"{file}: an overlay must have the map's shape\n{text}")
    return {(x, y) for y, line in enumerate(lines) for x, ch in enumerate(line) if ch == "*"}


def names(squares: set[Pos]) -> str:
    return " ".join(square_name(p) for p in sorted(squares, key=lambda p: (p[1], p[0]))) or "-"


# --------------------------------------------------------------------------- independent 5-10-5
_WALLS = set("#+!W")
_DOUBLED = set(',%~"=')


def brute_force_destinations(file: str, budget_ft: int) -> set[Pos]:
    """Where the current (one-square) creature can end a move of ``budget_ft``, found by
    a search written from the rules, not the engine (SRD combat-ii "Measuring
    Distance", "Moving Through a Square", "Difficult Terrain", "Double Movement Cost").

    * diagonals cost 5 and 10 ft alternately; you cannot move diagonally past a corner
      (wall, closed door, arrow slit squares at the elbows); creatures do not stop it;
    * entering difficult terrain, shallow water, dense brush or a low wall doubles the
      square (a diagonal then costs 15 ft and, being "just as two diagonal moves",
      leaves the 1-2-1-2 count where it was); walls and deep water cannot be entered;
    * opponents' squares cannot be entered; allies' squares can, but not ended in.
    """
    rows = map_rows(file)
    me = position(file).current
    assert me is not None and me.squares == 1, "the brute force handles one-square movers"
    # Who stands where, read from the golden file (``at:`` squares), not the engine: the
    # ``actions`` before such a position must not move anyone.
    enemies: set[Pos] = set()
    allies: set[Pos] = set()
    for side_doc in _doc(file)["scenario"]["sides"]:
        for entry in side_doc["combatants"]:
            at = entry["at"] if isinstance(entry["at"], list) else [entry["at"]]
            for sq in at:
                pos = parse_square(sq)
                if pos != me.pos:
                    (allies if side_doc["name"] == me.side else enemies).add(pos)
    h, w = len(rows), len(rows[0])

    def wall(x: int, y: int) -> bool:
        return not (0 <= x < w and 0 <= y < h) or rows[y][x] in _WALLS

    start = (me.pos[0], me.pos[1], 0)
    best: dict[tuple[int, int, int], int] = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, (x, y, parity) = heapq.heappop(queue)
        if cost > best.get((x, y, parity), 1 << 30):
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx, dy) == (0, 0) or wall(nx, ny) or (nx, ny) in enemies:
                    continue
                diagonal = dx != 0 and dy != 0
                if diagonal and (wall(x + dx, y) or wall(x, y + dy)):
                    continue
                doubled = rows[ny][nx] in _DOUBLED
                if not diagonal:
                    step, new_parity = (10 if doubled else 5), parity
                elif doubled:
                    step, new_parity = 15, parity
                else:
                    step, new_parity = (10 if parity else 5), 1 - parity
                total = cost + step
                key = (nx, ny, new_parity)
                if total <= budget_ft and total < best.get(key, 1 << 30):
                    best[key] = total
                    heapq.heappush(queue, (total, key))
    return {(x, y) for x, y, _ in best} - allies - {me.pos}


# --------------------------------------------------------------------------- the checks
def _legal_counts(enc: Encounter) -> Counter[str]:
    return Counter(a.verb for a in enc.legal_actions())


def _legal_detail(file: str, verb: str) -> str:
    enc = position(file)
    acts = [a for a in enc.legal_actions() if a.verb == verb]
    ends = {a.path[-1] for a in acts if isinstance(a, Move)}
    ends |= {a.to for a in acts if isinstance(a, Step | Crawl)}
    if ends:
        return "engine's destinations (o):\n" + overlay(map_rows(file), ends, "o")
    return "engine's actions: " + ", ".join(str(a) for a in acts[:60])


@pytest.mark.parametrize("check", _all_checks())
def test_golden(check: Check) -> None:
    enc = position(check.file)
    where = f"{check.file} {check.name}"
    if check.kind == "turn":
        cur = enc.current
        assert cur is not None and cur.id == check.expected, (
            f"{where}: expected {check.expected}'s turn, it is {cur.id if cur else 'nobody'}'s"
        )
    elif check.kind == "legal":
        (verb,) = check.args
        got = _legal_counts(enc)[verb]
        assert got == check.expected, (
            f"{where}: expected {check.expected} legal {verb!r} actions, the engine has {got}\n"
            + _legal_detail(check.file, verb)
        )
    elif check.kind == "illegal":
        (text,) = check.args
        action = parse_action(text)
        try:
            enc.check(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{where}: the engine accepts {text!r}, which the rules forbid")
    elif check.kind == "legal-others":
        (listed,) = check.args
        extra = {v: n for v, n in _legal_counts(enc).items() if v not in listed}
        assert not extra, f"{where}: legal actions of verbs the golden file gives as 0: {extra}"
    elif check.kind == "perft2":
        _check_perft2(check, enc)
    elif check.kind == "brute-force":
        verb, budget = check.args
        found = brute_force_destinations(check.file, int(budget))
        assert len(found) == check.expected, (
            f"{where}: the golden file says {check.expected} {verb} destinations, the "
            f"independent 5-10-5 search finds {len(found)}:\n"
            + overlay(map_rows(check.file), found, "o")
        )
    elif check.kind == "threatened":
        _check_threatened(check, enc)
    elif check.kind == "flanked":
        a, d = (enc.get(c) for c in check.args)
        got = enc.space.flanked_by(a, d)
        assert got is check.expected, (
            f"{where}: flanked_by({a.id}, {d.id}) expected {check.expected}, engine {got}"
        )
    elif check.kind in ("cover", "concealment"):
        a_id, t_id, melee = check.args
        a, t = enc.get(a_id), enc.get(t_id)
        if check.kind == "cover":
            got = enc.space.cover_bonus(a, t, melee=melee)
        else:
            got = enc.space.concealment(a, t, melee=melee)
        how = "melee" if melee else "ranged"
        assert got == check.expected, (
            f"{where}: {check.kind} of {t.id} ({square_name(t.pos)}) against {a.id} "
            f"({square_name(a.pos)}), {how}: expected {check.expected}, engine {got}"
        )
    else:  # pragma: no cover
        raise AssertionError(check.kind)


def _check_threatened(check: Check, enc: Encounter) -> None:
    (cid,) = check.args
    rows = map_rows(check.file)
    expected = parse_overlay(check.file, check.expected)
    h, w = len(rows), len(rows[0])
    got = {(x, y) for x, y in enc.space.threatened(enc.get(cid)) if 0 <= x < w and 0 <= y < h}
    assert got == expected, (
        f"{check.file} {check.name}: threatened squares differ\n"
        f"expected ({len(expected)}):\n{overlay(rows, expected)}\n"
        f"engine ({len(got)}):\n{overlay(rows, got)}\n"
        f"missing: {names(expected - got)}\nextra: {names(got - expected)}"
    )


def _check_perft2(check: Check, enc: Encounter) -> None:
    expected: dict[str, int] = {str(k): int(v) for k, v in check.expected.items()}
    got: dict[str, int] = {}
    for action in enc.legal_actions():
        child = enc.clone()
        child.apply(action)
        got[str(action)] = len(child.legal_actions())
    lines = []
    for key in sorted(set(expected) | set(got)):
        e, g = expected.get(key), got.get(key)
        if e != g:
            lines.append(f"  {key}: expected {e}, engine {g}")
    total_e, total_g = sum(expected.values()), sum(got.values())
    assert not lines and total_e == total_g, (
        f"{check.file} perft2: expected {total_e} in all, engine {total_g}; "
        "differences (None: not a legal action there):\n" + "\n".join(lines)
    )


def test_every_golden_file_has_checks() -> None:
    files = sorted(GOLDEN.glob("*.yaml"))
    assert len(files) >= 10
    for path in files:
        assert list(_checks(path)), path.name
