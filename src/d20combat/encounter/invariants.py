"""What every state of a fight satisfies, and the one function that checks it.

:func:`problems` lists every broken invariant of an :class:`Encounter` at once, each a
:class:`~d20combat.errors.Problem` whose ``field`` is the JSON path of the offending
value in :meth:`Encounter.to_json` (``combatants[2].vitals.hp``, ``order[3]``). The save
loader (:func:`d20combat.encounter.save.load`) runs it on every save read from outside,
and the random-playout conformance test after every action of every bundled scenario,
so what a save must satisfy and what the engine keeps can never drift apart.

The rules, with the code and sources they come from:

* hit points (``rules/hitpoints.py``): at least 1 maximum hit point; current hit points
  never above the maximum (SRD combat-i "Healing Limits"; temporary hit points are a pool
  apart); only a dying creature is stable, so a stable one has between the ruleset's
  ``dead_at`` and 0 hit points (SRD combat-i "Stable Characters and Recovery"); only a
  creature brought to exactly 0 by subdual damage is subdued (seed 001 "Subdual
  damage"); the dead are neither stable nor subdued; only a stable creature is awake
  below 0 and only an awake one recovering; vile damage is at most the hit points lost;
* places: a creature's whole space is on the map and in squares it can stand in, or
  squeezed where squeezing lets it (``grid.movement.fit``; SRD combat-ii "Squeezing");
  creatures that hold their squares share them only as far as their sizes allow
  (seed 000 "Mixing It Up", checked by the scenario loader's own placement check). The
  fled hold no square; neither do those that are down or helpless (seed 000 "Mixing
  It Up": "unconscious or dead"; SRD combat-ii: a helpless creature's square may be
  entered); Tiny and smaller creatures, which may move into occupied squares (SRD
  combat-ii "Tiny, Diminutive, and Fine Creatures"), still end there only where they
  fit (two beside a Medium creature: ``Space._crowded``, ``sizes.fits_in_square``);
* grapples (``encounter/maneuvers/grapple.py``; seed 000 "Grapple"): a creature
  grapples other combatants, each once, and they grapple it back; it has the
  ``grappling`` condition exactly while it grapples someone; grapplers are on the
  field, able to act and not helpless (``grapple.tidy``); two grapplers share at
  least one square (each moved into the other's space: "Step 4"); a pin names one of
  the pinned creature's grapple opponents, who pins no one else, and a garrote one
  (seed 000 "Garrote Attacks"; a locking garrote's holder need not share a square with
  its victim); a creature clinging to
  another (seed 001) clings to a larger creature on the field, within its space, has
  the ``clinging`` condition exactly then, and grapples nobody. Creatures in one
  grapple, and a creature with those clinging to it, may share their squares;
* the initiative order (``encounter/turns.py``): empty until initiative is rolled; from
  then on every combatant exactly once, the dead, dying, fled and surrendered
  included, because a creature keeps its initiative count whatever happens to it (seed
  003 "Initiative Checks": the order holds every round; "Inaction") and
  ``turns.begin_turn`` passes over those that cannot act; only Delay and Ready move a
  creature within it (seed 004 "Delay", "Ready");
* the turn indexes the order; the round runs from 1 (0 for the surprise round, which
  there is when some but not all combatants are aware: seed 003 "Surprise") to the
  round limit; the creature whose turn it is has begun it, so it is on the field, has
  not surrendered and its hit points let it act (``turns._start``);
* references: conditions are rows of :data:`d20combat.rules.conditions.CONDITIONS`
  owned by combatants; effects (aid another, feints, a victim found for a coup de
  grace) are held over another combatant and given and timed by combatants; weapons
  held, loaded, carried as ammunition, lost, damaged or readied are the creature's own
  (or its shield, lost, damaged or stowed; a stowed item is not in hand; or a worn
  object, lost); a weapon taken from another is one that other lost, held by the name
  it is taken under; targets and ids name combatants; items lie on the map; opened doors
  and damaged doors are doors; the full attack under way is one of the current
  creature's routines;
* ``history`` entries are actions in the notation (:func:`parse_action`);
* both dice generators are valid Mersenne Twister states (:func:`generator_problems`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from d20combat.content.equipment import CASE_BOLTS, Weapon, WeaponFlag
from d20combat.content.scenarios import (
    KNOWN_TACTICS,
    Placement,
    cannot_share,
    placement_clash,
    standing_problem,
)
from d20combat.encounter.actions import (
    READY_ATTACK_TRIGGERS,
    READY_FREE_VERBS,
    READY_MOVE_TRIGGERS,
    READY_STEP_TRIGGER,
    parse_action,
)
from d20combat.encounter.combatant import EFFECT_KINDS
from d20combat.encounter.outcome import EndKind, SideStatus
from d20combat.errors import InputError, Problem
from d20combat.grid.movement import FIT_NONE, fit
from d20combat.grid.squares import square_name
from d20combat.grid.terrain import DOOR, OPEN_DOOR
from d20combat.rules.conditions import CONDITIONS
from d20combat.rules.dice import SampledDice

if TYPE_CHECKING:
    from d20combat.encounter.combatant import Combatant, Effect
    from d20combat.encounter.state import Encounter

__all__ = ["generator_problems", "json_path", "problems"]

Part = str | int
_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
# random.Random.getstate(): (3, 624 state words and the index, gauss_next)
_MT_VERSION = 3
_MT_WORDS = 624
_WORD_LIMIT = 1 << 32
_TOP_BIT = 0x80000000


def json_path(*parts: Part) -> str:
    """A JSON path as messages write it: ``combatants[2].vitals.hp``,
    ``ammo["light crossbow"]``.

    >>> json_path("combatants", 2, "vitals", "hp"), json_path("rng", 1, 624)
    ('combatants[2].vitals.hp', 'rng[1][624]')
    """
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif _WORD.match(p):
            out += f".{p}" if out else p
        else:
            out += f"[{json.dumps(p)}]"
    return out


class _Found:
    """The problems found so far."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: Sequence[Part], message: str, expected: str) -> None:
        self.problems.append(Problem(message, field=json_path(*path) or None, expected=expected))


def generator_problems(state: Any, *path: Part) -> list[Problem]:
    """What is wrong with ``state`` as a state of Python's Mersenne Twister
    (``random.Random.getstate()``, a list or a tuple): version 3, 624 words of 32 bits
    and an index from 0 to 624, ``gauss_next`` None or a finite float; the 19,937 bits
    the generator runs on (the top bit of the first word and the other 623 words) not
    all zero, the one state that only ever yields zeros (Matsumoto and Nishimura 1998,
    "Mersenne Twister"; CPython ``_randommodule.c`` ``random_setstate``). ``state``'s
    shape (three parts, 625 integers) is taken as checked."""
    found = _Found()
    version, words, gauss = state
    if version != _MT_VERSION:
        found.add((*path, 0), f"generator state version {version}", "version 3")
    bad = 0
    for k, w in enumerate(words[:_MT_WORDS]):
        if not 0 <= w < _WORD_LIMIT:
            bad += 1
            if bad <= 3:  # the first few are enough to show it
                found.add((*path, 1, k), f"{w} is not a 32-bit word", "0 to 4294967295")
    index = words[_MT_WORDS]
    if not 0 <= index <= _MT_WORDS:
        found.add((*path, 1, _MT_WORDS), f"generator index {index}", "0 to 624")
    if not bad and not words[0] & _TOP_BIT and not any(words[1:_MT_WORDS]):
        found.add((*path, 1), "an all-zero generator state", "a state random.Random can run")
    if gauss is not None and not (isinstance(gauss, float) and abs(gauss) < float("inf")):
        found.add((*path, 2), f"gauss_next {gauss!r}", "null or a finite number")
    return found.problems


def problems(enc: Encounter) -> list[Problem]:
    """Every broken invariant of ``enc`` (see the module docstring); [] if none.

    Never raises for a bad state: a bad state is what it reports.
    """
    found = _Found()
    ids = enc.combatants
    for i, c in enumerate(ids.values()):
        _vitals(found, enc, i, c)
        _references(found, enc, i, c)
        _grapple(found, enc, i, c)
        if (
            c.mount is not None
            or "riding" in c.conditions
            or c.gait
            or c.rode_ft
            or c.trail
            or ("slumped" in c.conditions)
            or ("guiding-by-knees" in c.conditions or "hand-on-reins" in c.conditions)
        ):
            _mounted(found, enc, i, c)
        if c.inside is not None or "swallowed" in c.conditions:
            _swallowed(found, enc, i, c)
        if c.altitude or c.descent or c.hovering:
            _aloft(found, i, c)
        if c.ran_round >= 0 or c.run_rounds or c.run_checks:
            _running(found, enc, i, c)
        if c.breath >= 0 or c.breath_checks or c.drowning:
            _breath(found, enc, i, c)
        if c.hide_check is not None or c.unseen_by or c.hid_at is not None:
            _hiding(found, enc, i, c)
    _places(found, enc)
    _order(found, enc)
    _items_and_doors(found, enc)
    for k, text in enumerate(enc.history):
        bad = _unreadable(text)
        if bad is not None:
            found.add(("history", k), *bad)
    if isinstance(enc.dice, SampledDice):
        found.problems += generator_problems(enc.dice.rng.getstate(), "rng")
    found.problems += generator_problems(enc.policy_rng.getstate(), "policy_rng")
    return found.problems


@lru_cache(maxsize=4096)
def _unreadable(text: str) -> tuple[str, str] | None:
    """Why ``text`` is not an action in the notation (message, expected); None if it is."""
    try:
        parse_action(text)
    except InputError as exc:
        p = exc.problems[0]
        return p.message, p.expected or "an action in the notation"
    return None


def _vitals(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    v = c.vitals
    at = ("combatants", i, "vitals")
    if v.max_hp < 1:
        found.add((*at, "max_hp"), f"maximum hit points {v.max_hp}", "at least 1")
    if v.hp > v.max_hp:
        found.add(
            (*at, "hp"),
            f"{v.hp} hit points, over the maximum of {v.max_hp}",
            f"at most {v.max_hp}; temporary hit points are kept apart, in temp_hp",
        )
    for name in ("nonlethal", "temp_hp", "vile"):
        if getattr(v, name) < 0:
            found.add((*at, name), f"{getattr(v, name)} {name}", "0 or more")
    dead_at = enc.rules.dead_at
    if v.stable and (v.dead or not dead_at < v.hp < 0):
        found.add(
            (*at, "stable"),
            f"stable with {v.hp} hit points" + (" and dead" if v.dead else ""),
            f"stable only while dying: {dead_at + 1} to -1 hit points, not dead",
        )
    if v.awake and not v.stable:
        found.add((*at, "awake"), "awake but not stable", "awake only when stable below 0")
    if v.recovering and not v.awake:
        found.add(
            (*at, "recovering"), "recovering but not awake", "recovering only when awake below 0"
        )
    if v.vile > max(0, v.max_hp - v.hp):
        found.add(
            (*at, "vile"),
            f"{v.vile} vile damage with {v.hp} of {v.max_hp} hit points",
            f"at most the {v.max_hp - v.hp} hit points lost",
        )
    if v.negative_levels >= max(1, int(c.stat.hd_total)) and not v.dead:
        found.add(
            (*at, "negative_levels"),
            f"{v.negative_levels} negative levels with {c.stat.hd_total} Hit Dice, alive",
            "fewer negative levels than Hit Dice, or dead (SRD conditions 'Energy Drained')",
        )
    if v.subdued and (v.dead or v.hp != 0):
        found.add(
            (*at, "subdued"),
            f"subdued with {v.hp} hit points" + (" and dead" if v.dead else ""),
            "subdued only at 0 hit points from subdual damage, not dead",
        )


def _ids(enc: Encounter) -> str:
    return "one of " + ", ".join(enc.combatants)


def _references(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """Names in ``c``'s state that must refer to something that exists."""
    at = ("combatants", i)
    ids = enc.combatants
    if c.tactics not in KNOWN_TACTICS:
        found.add((*at, "tactics"), f"unknown tactics {c.tactics!r}", ", ".join(KNOWN_TACTICS))
    for name, cond in c.conditions.items():
        if name not in CONDITIONS:
            found.add(
                (*at, "conditions", name),
                f"unknown condition {name!r}",
                "a condition of docs/conditions.md",
            )
        if cond.owner not in ids:
            found.add(
                (*at, "conditions", name, 0), f"no combatant {cond.owner!r} owns it", _ids(enc)
            )
    for k, e in enumerate(c.effects):
        _effect(found, enc, (*at, "effects", k), c, e)
    for key, who in (
        ("dodge_target", c.dodge_target),
        ("delay_after", c.delay_after),
        ("delayed", c.delayed),
    ):
        if who is not None and (who not in ids or who == c.id):
            found.add((*at, key), f"no other combatant {who!r}", _ids(enc) + f" but {c.id}")
    for who in sorted(c.provoked_by_move):
        if who not in ids:
            found.add((*at, "provoked_by_move"), f"no combatant {who!r}", _ids(enc))
    if c.ticked_round > enc.round:
        found.add(
            (*at, "ticked_round"),
            f"its turn began in round {c.ticked_round}, after round {enc.round}",
            f"-1 to {enc.round}",
        )
    options = c.stats.options
    items = [o.item for o in options if o.item and not o.natural]
    own = "a weapon it carries: " + (", ".join(dict.fromkeys(items)) or "none")
    held = list(c.wielding)
    for k, w in enumerate(held):
        if w not in items or w in c.lost:
            found.add((*at, "wielding", k), f"{c.id} holds no {w!r}", own + ", not lost")
        elif w in held[:k]:
            found.add((*at, "wielding", k), f"{w} is held twice", "each weapon once")
    shield = [c.stat.shield.display] if c.stat.shield is not None else []
    if c.stat.armor is not None:  # worn armor, eaten by acid (A253)
        shield.append(c.stat.armor.display)
    worn = list(c.stat.worn)
    _names_in(found, (*at, "lost"), c.lost, items + shield + worn, own + ", worn", c.id)
    for name in c.item_damage:
        if name not in items + shield:
            found.add(
                (*at, "item_damage", name), f"{c.id} carries no {name!r}", own + " or its shield"
            )
    for k, (owner, item, name) in enumerate(c.taken):
        other = ids.get(owner)
        if other is None or other is c:
            found.add((*at, "taken", k, 0), f"no other combatant {owner!r}", _ids(enc))
        elif item not in other.lost or all(r.display != item for r in other.stats.stat.weapons):
            found.add(
                (*at, "taken", k, 1),
                f"{owner} lost no weapon {item!r}",
                "a weapon its owner carried and lost",
            )
        elif name not in items:
            found.add((*at, "taken", k, 2), f"{c.id} holds no {name!r}", own)
    _names_in(found, (*at, "unloaded"), c.unloaded, items, own, c.id)
    for name, n in c.case_spent.items():  # SRD equipment "Crossbow, Repeating"
        bow = _weapon_named(c, name)
        if bow is None or not bow.has(WeaponFlag.LOAD_FREE) or name in c.unloaded:
            found.add(
                (*at, "case_spent", name),
                f"{c.id} has no loaded repeating crossbow {name!r}",
                "a repeating crossbow it carries, not unloaded",
            )
        elif not 1 <= n < CASE_BOLTS:
            found.add(
                (*at, "case_spent", name),
                f"{n} bolts shot from the case",
                f"1 to {CASE_BOLTS - 1} (the last empties it: unloaded)",
            )
    for k, name in enumerate(c.stowed):  # encounter/stowed.py
        if name not in items + shield or name in c.lost:
            found.add((*at, "stowed", k), f"{c.id} carries no {name!r}", own + " or its shield")
        elif name in c.wielding or name in c.stowed[:k]:
            found.add(
                (*at, "stowed", k),
                f"{name} is stowed and in hand, or stowed twice",
                "each item once, not in hand",
            )
    counted = [o.item for o in options if o.thrown or o.firearm]
    for name in c.ammo:
        if name not in counted:
            found.add(
                (*at, "ammo", name),
                f"{c.id} throws no {name!r}",
                "a thrown weapon or a firearm it carries",
            )
    if c.readied is not None:
        trigger, weapon = c.readied
        moving = c.readied_move is not None
        triggers = (
            READY_MOVE_TRIGGERS
            if moving or c.readied_free is not None
            else (*READY_ATTACK_TRIGGERS, READY_STEP_TRIGGER)
        )
        if trigger not in triggers:
            found.add((*at, "readied", 0), f"unknown trigger {trigger!r}", ", ".join(triggers))
        if weapon is not None and (
            moving or all(o.name.lower() != weapon.lower() for o in options)
        ):
            found.add(
                (*at, "readied", 1),
                f"{c.id} has no attack {weapon!r}"
                + (" (a readied move has none)" if moving else ""),
                "null or one of its attacks: " + ", ".join(o.name for o in options),
            )
        if c.readied_free is not None:
            # A256: only its form; whether it can still be taken is seen when set off
            try:
                free: object = parse_action(c.readied_free)
            except ValueError:
                free = None
            if c.readied_free.split()[0] not in READY_FREE_VERBS or free is None:
                found.add(
                    (*at, "readied_free"),
                    f"{c.readied_free!r}",
                    "drop-prone or 'drop WEAPON' (a free action that can be readied)",
                )
            if moving or weapon is not None:
                found.add(
                    (*at, "readied_free"), "a readied free action with a move or an attack", "null"
                )
    elif c.readied_move is not None:
        found.add((*at, "readied_move"), "a readied move without a readied action", "null")
    elif c.readied_free is not None:
        found.add((*at, "readied_free"), "a readied free action without a readied action", "null")
    for k, sq in enumerate(c.readied_move or ()):
        _on_map(found, enc, (*at, "readied_move", k), sq)
    if c.pending_full_round is not None:
        _on_map(found, enc, (*at, "pending_full_round"), c.pending_full_round)
    _turning(found, enc, at, c)


def _turning(found: _Found, enc: Encounter, at: tuple[Part, ...], c: Combatant) -> None:
    """Its side, turning attempts and channelled marks (seed 000 "Turn Or Rebuke
    Undead")."""
    doc = enc.scenario_doc or {}
    named = [s.get("name") for s in doc.get("sides", ()) if isinstance(s, dict)]
    if named and c.side not in named:
        found.add((*at, "side"), f"no side {c.side!r}", "one of " + ", ".join(map(str, named)))
    held = c.conditions.get("commanded")
    waits = c.conditions.get("awaiting-orders")
    if waits is not None and (held is None or waits.owner != held.owner):
        found.add(
            (*at, "conditions", "awaiting-orders"),
            f"{c.id} awaits orders from {waits.owner}, who does not command it",
            "only a commanded creature awaits its commander's orders (A242)",
        )
    master = enc.combatants.get(held.owner) if held is not None else None
    if master is not None and master.side != c.side:
        found.add(
            (*at, "side"),
            f"{c.id} is commanded by {master.id} but fights for {c.side!r}",
            f"its commander's side, {master.side!r}",
        )
    t = c.stat.turning
    uses = {p.name: p.uses for p in t.powers} if t is not None else {}
    if t is not None:
        uses["greater"] = t.greater
    for name, n in c.turnings_used.items():
        if name not in uses:
            found.add(
                (*at, "turnings_used", name),
                f"{c.id} has no turning ability {name!r}",
                "one of " + (", ".join(uses) or "none"),
            )
        elif n > uses[name]:
            found.add(
                (*at, "turnings_used", name),
                f"{n} {name} turning attempts spent, of {uses[name]} a day",
                f"0 to {uses[name]}",
            )
    for name in c.channelled:
        if name not in ("turned", "rebuked", "bolstered") or name not in c.conditions:
            found.add(
                (*at, "channelled", name),
                f"a channelled mark {name!r} without that condition",
                "turned, rebuked or bolstered, while it lasts",
            )


def _overlaps(a: Combatant, b: Combatant) -> bool:
    (ax, ay), n = a.pos, a.squares
    (bx, by), m = b.pos, b.squares
    return ax < bx + m and bx < ax + n and ay < by + m and by < ay + n


def _garroter(c: Combatant) -> str | None:
    held = c.conditions.get("garroted")
    return None if held is None else held.owner


def _locking(a: Combatant, b: Combatant) -> bool:
    """One of the two holds a locking garrote on the other: no moving in (seed 000
    "Garrote Attacks": "Unless you used a locking garrote")."""
    for x, y in ((a, b), (b, a)):
        if _garroter(y) == x.id:
            return any(
                o.weapon is not None and WeaponFlag.LOCKING in o.weapon.flags
                for o in x.ready_options()
            )
    return False


def _able(enc: Encounter, c: Combatant) -> bool:
    return not c.fled and c.can_act(enc.rules) and (not _known(c) or not c.restrictions().helpless)


def _grapple(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """``c``'s grapple and clinging (seed 000 "Grapple"; seed 001 "Climbing onto larger
    creatures")."""
    at = ("combatants", i)
    ids = enc.combatants
    seen: set[str] = set()
    for k, pid in enumerate(c.grappling):
        p = ids.get(pid)
        where: tuple[Part, ...] = (*at, "grappling", k)
        if p is None or p is c:
            found.add(where, f"no other combatant {pid!r}", _ids(enc) + f" but {c.id}")
        elif pid in seen:
            found.add(where, f"{pid} is listed twice", "each grapple opponent once")
        elif c.id not in p.grappling:
            found.add(where, f"{pid} does not grapple {c.id} back", "a grapple both hold")
        elif not _overlaps(c, p) and not _locking(c, p):
            found.add(
                where,
                f"{c.id} at {_where(c.pos)} and {pid} at {_where(p.pos)} share no square",
                "grapplers in each other's space (seed 000 Step 4: Maintain Grapple)",
            )
        seen.add(pid)
    part = "part-hold" in c.conditions  # SRD Improved Grab: one part holds
    if part and ("grappling" in c.conditions or len(c.grappling) != 1):
        found.add(
            (*at, "conditions", "part-hold"),
            f"{c.id} holds with one part but grapples {len(c.grappling)} or is grappling",
            "one creature held, without the grappling condition (SRD Improved Grab)",
        )
    elif not part and bool(c.grappling) != ("grappling" in c.conditions):
        found.add(
            (*at, "conditions"),
            f"{c.id} {'grapples' if c.grappling else 'grapples nobody'} and "
            f"{'lacks' if c.grappling else 'has'} the grappling condition",
            "the grappling condition exactly while it grapples someone",
        )
    if c.grappling and not _able(enc, c):
        found.add(
            (*at, "grappling"),
            f"{c.id} grapples but has fled, cannot act or is helpless",
            "[]: such a creature leaves its grapples (grapple.tidy)",
        )
    garroter = _garroter(c)
    if garroter is not None and (garroter not in c.grappling or garroter not in ids):
        found.add(
            (*at, "conditions", "garroted", 0),
            f"garroted by {garroter!r}, who does not grapple {c.id}",
            "one of its grapple opponents: " + (", ".join(c.grappling) or "none"),
        )
    pin = c.conditions.get("pinned")
    if pin is not None:
        pinner = ids.get(pin.owner)
        if pin.owner not in c.grappling or pinner is None:
            found.add(
                (*at, "conditions", "pinned", 0),
                f"pinned by {pin.owner!r}, who does not grapple {c.id}",
                "one of its grapple opponents: " + (", ".join(c.grappling) or "none"),
            )
        else:
            others = [o.id for o in ids.values() if o is not c and _pinner(o) == pinner.id]
            if others:
                found.add(
                    (*at, "conditions", "pinned", 0),
                    f"{pinner.id} pins {c.id} and {', '.join(others)}",
                    "a pinner pins one creature (seed 000: it cannot pin another)",
                )
    carrier_id = c.clinging
    if (carrier_id is not None) != ("clinging" in c.conditions):
        found.add(
            (*at, "conditions"),
            f"{c.id} clinging to {carrier_id} "
            f"with{'out' if carrier_id else ''} the clinging condition",
            "the clinging condition exactly while it clings to a creature",
        )
    if carrier_id is None:
        return
    carrier = ids.get(carrier_id)
    where = (*at, "clinging")
    if carrier is None or carrier is c:
        found.add(where, f"no other combatant {carrier_id!r}", _ids(enc) + f" but {c.id}")
    elif carrier.stat.size <= c.stat.size or carrier.clinging is not None:
        found.add(
            where,
            f"{c.id} clings to {carrier_id}, not a larger creature standing on its own",
            "a larger creature (seed 001 Climbing onto larger creatures)",
        )
    elif not (
        carrier.pos[0] <= c.pos[0]
        and carrier.pos[1] <= c.pos[1]
        and c.pos[0] + c.squares <= carrier.pos[0] + carrier.squares
        and c.pos[1] + c.squares <= carrier.pos[1] + carrier.squares
    ):
        found.add(
            (*at, "pos"),
            f"{c.id} at {_where(c.pos)} is not within {carrier_id}'s space",
            "a square of the creature it clings to",
        )
    elif c.grappling or not (_able(enc, c) and _able(enc, carrier)):
        found.add(
            where,
            f"{c.id} clings to {carrier_id} while grappling, unable, or with it unable",
            "null: clinging ends then (grapple.tidy)",
        )


def _aloft(found: _Found, i: int, c: Combatant) -> None:
    """Flight (encounter.flight, A145): only a creature with a fly speed is aloft, at a
    whole number of squares up to the bound; only a creature aloft sinks, by a stall's
    100 ft or a drift's 60 ft a round."""
    from d20combat.rules.flight import DRIFT_FT, MAX_ALTITUDE_FT, STALL_FT

    at = ("combatants", i)
    if c.altitude and c.stat.speed.fly <= 0:
        found.add((*at, "altitude"), f"{c.id} is aloft without a fly speed", "altitude 0")
    elif c.altitude % 5 or c.altitude > MAX_ALTITUDE_FT:
        found.add(
            (*at, "altitude"),
            f"{c.id}'s altitude {c.altitude} ft",
            f"a multiple of 5 ft up to {MAX_ALTITUDE_FT}",
        )
    if c.hovering and (not c.altitude or c.descent or not c.stat.has_feat("hover")):
        found.add(
            (*at, "hovering"),
            f"{c.id} hovers without the Hover feat, or on the ground, or falling",
            "hovering false",
        )
    if c.descent and (c.descent not in (STALL_FT, DRIFT_FT) or not c.altitude):
        found.add(
            (*at, "descent"),
            f"{c.id} sinks {c.descent} ft a round at altitude {c.altitude}",
            f"0, or {STALL_FT} or {DRIFT_FT} while aloft",
        )


def _mounted(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """A rider (seed 000 "Mounted Combat"): the ``riding`` condition exactly while it
    has a mount; the mount another combatant, on the field, at least one size larger
    (seed 001 "Mounts"), riding nothing, clinging to nothing and ridden by no one else;
    the rider in the mount's space (it shares it) and neither
    clinging nor grappling; what the mount did since the rider's turn only while it
    rides (a charge names the foe charged, nothing else does)."""
    from d20combat.encounter.mounted import GAITS
    from d20combat.rules.maneuvers.mounted import carries

    at = ("combatants", i)
    mid = c.mount
    if (mid is not None) != ("riding" in c.conditions):
        found.add(
            (*at, "conditions"),
            f"{c.id} {'rides ' + mid if mid else 'rides nothing'} "
            f"with{'out' if mid else ''} the riding condition",
            "the riding condition exactly while it rides a mount",
        )
        return
    if mid is None:
        found.add(
            (*at, "gait"),
            f"{c.id} rides nothing but has a gait, is slumped in a saddle or guides with its knees",
            '"", rode_ft 0 and no slumped, guiding-by-knees or hand-on-reins condition',
        )
        return
    where = (*at, "mount")
    m = enc.combatants.get(mid)
    if m is None or m is c:
        found.add(where, f"no other combatant {mid!r}", _ids(enc) + f" but {c.id}")
        return
    if not carries(m.stat, c.stat) or m.mount is not None or m.clinging is not None:
        found.add(
            where,
            f"{c.id} rides {mid}, not a larger creature standing on its own",
            "a mount at least one size larger, or a pony under a dwarf (seed 001 Mounts)",
        )
    elif m.fled or m.inside is not None or c.fled or c.inside is not None:
        found.add(where, f"{c.id} or its mount {mid} is off the field", "both on the field")
    elif c.pos != m.pos or c.squares != m.squares:
        found.add(
            (*at, "pos"),
            f"{c.id} at {_where(c.pos)} is not in {mid}'s space at {_where(m.pos)}",
            "its mount's position (the rider shares its space: seed 000)",
        )
    elif c.grappling or c.clinging is not None:
        found.add(where, f"{c.id} rides {mid} while grappling or clinging", "neither")
    others = [o.id for o in enc.combatants.values() if o is not c and o.mount == mid]
    if others:
        found.add(where, f"{mid} is ridden by {c.id} and {', '.join(others)}", "one rider")
    if c.gait not in GAITS or (c.gait == "charge") != (c.charged_at is not None):
        found.add(
            (*at, "gait"),
            f"gait {c.gait!r} with charged_at {c.charged_at!r}",
            "one of " + ", ".join(map(repr, GAITS)) + "; a foe's id exactly for a charge",
        )
    elif c.charged_at is not None and c.charged_at not in enc.combatants:
        found.add((*at, "charged_at"), f"no combatant {c.charged_at!r}", _ids(enc))


def _breath(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """Holding its breath (A173): no checks nor drowning while it breathes; checks only
    once out of breath, drowning only after one."""
    bad = (
        (c.breath_checks > 0 or c.drowning > 0)
        if c.breath < 0
        else ((c.breath_checks > 0 and c.breath > 0) or (c.drowning > 0 and not c.breath_checks))
    )
    if bad:
        found.add(
            ("combatants", i, "breath"),
            f"{c.id}: breath {c.breath}, breath_checks {c.breath_checks}, drowning {c.drowning}",
            "checks only with no breath left, drowning only after one",
        )


def _hiding(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """Hiding (encounter.stealth): unseen only by foes, each once, and only with a Hide
    check made."""
    at = ("combatants", i, "unseen_by")
    if c.unseen_by and c.hide_check is None:
        found.add(at, f"{c.id} is unseen with no Hide check", "unseen only after a Hide check")
    if (c.hid_at is None) != (c.hide_check is None):
        found.add(
            ("combatants", i, "hid_at"),
            f"{c.id}: hid_at {c.hid_at} with hide_check {c.hide_check}",
            "both set (hiding) or both null",
        )
    for k, oid in enumerate(c.unseen_by):
        o = enc.combatants.get(oid)
        if o is None or o.side == c.side or c.unseen_by.index(oid) != k:
            found.add((*at, k), f"{oid!r} cannot lose sight of {c.id}", "a foe's id, once")


def _running(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """The run count (seed 004 "Run"): a round that has come, rounds run in a row (one
    at least once it ran, none before), no more Constitution checks than rounds."""
    at = ("combatants", i)
    if c.ran_round > enc.round:
        found.add((*at, "ran_round"), f"{c.id} ran in round {c.ran_round}", "a past round")
    elif (c.ran_round >= 0) != (c.run_rounds > 0) or c.run_checks > c.run_rounds:
        found.add(
            (*at, "run_rounds"),
            f"{c.id}: ran_round {c.ran_round}, run_rounds {c.run_rounds}, "
            f"run_checks {c.run_checks}",
            "a round run and at least one round in a row, checks no more than rounds",
        )


def _swallowed(found: _Found, enc: Encounter, i: int, c: Combatant) -> None:
    """A swallowed creature (SRD special abilities "Swallow Whole"): inside another
    combatant that has swallow whole, is alive and on the field (one that died, fled or
    surrendered has let it out: ``swallow.tidy``) and is not inside a third; it has the
    ``swallowed`` condition owned by that creature exactly then, grapples nobody and
    clings to nothing; it is small enough, the gullet has room for all inside, and the
    hole it has cut is less than the entry's amount (more, and it is out)."""
    from d20combat.rules.maneuvers import swallow as SW

    at = ("combatants", i)
    cond = c.conditions.get("swallowed")
    sid = c.inside
    if sid is None or cond is None or cond.owner != sid:
        found.add(
            (*at, "conditions", "swallowed") if cond is not None else (*at, "inside"),
            f"{c.id} inside {sid!r} with the swallowed condition of "
            f"{cond.owner if cond is not None else 'nobody'!r}",
            "the swallowed condition owned by its swallower exactly while inside it",
        )
        return
    s = enc.combatants.get(sid)
    where = (*at, "inside")
    if s is None or s is c:
        found.add(where, f"no other combatant {sid!r}", _ids(enc) + f" but {c.id}")
        return
    sw = s.stat.swallow_whole
    if sw is None:
        found.add(where, f"{sid} has no swallow whole", "a creature with swallow whole")
        return
    if s.vitals.dead or s.fled or s.surrendered or s.inside is not None:
        found.add(
            where,
            f"{sid} is dead, fled, surrendered or swallowed itself",
            "a living swallower on the field (it lets out those inside otherwise)",
        )
    if c.grappling or c.clinging is not None:
        found.add(where, f"{c.id} is swallowed but grapples or clings", "neither while inside")
    why = SW.swallow_problem(s.stats, c.stats)
    if why is not None:
        found.add(where, why, "a creature small enough to swallow")
    inside = [o.stat.size for o in enc.combatants.values() if o.inside == sid and o is not c]
    if not SW.room(sw, s.stat.size, inside, c.stat.size) and c is _first_inside(enc, sid):
        found.add(
            where,
            f"{sid}'s gullet holds more than it can ({len(inside) + 1} inside)",
            "what its entry says it holds, by size",
        )
    if c.cut >= sw.cut_hp:
        found.add(
            (*at, "cut"),
            f"{c.id} has cut {c.cut} of {sw.cut_hp}: it would be out",
            f"0 to {sw.cut_hp - 1}",
        )


def _first_inside(enc: Encounter, sid: str) -> Combatant | None:
    return next((o for o in enc.combatants.values() if o.inside == sid), None)


def _pinner(c: Combatant) -> str | None:
    pin = c.conditions.get("pinned")
    return None if pin is None else pin.owner


def _effect(found: _Found, enc: Encounter, at: tuple[Part, ...], c: Combatant, e: Effect) -> None:
    """An edge ``c`` holds (aid another, a feint, a victim found): over another
    combatant, given by a combatant (``c`` itself but for aid), timed on the giver's or
    its own turns; a count of 0 only for one that lasts through its owner's turn."""
    ids = enc.combatants
    if e.kind not in EFFECT_KINDS:
        found.add((*at, "kind"), f"unknown effect {e.kind!r}", ", ".join(EFFECT_KINDS))
    if e.against not in ids or e.against == c.id:
        found.add((*at, "against"), f"no other combatant {e.against!r}", _ids(enc) + f" but {c.id}")
    aid = e.kind.startswith("aid-")
    if e.by not in ids or (e.by == c.id) == aid:
        expected = "another combatant, the aider" if aid else f"{c.id} itself"
        found.add((*at, "by"), f"{e.by!r} cannot have given it", expected)
    if e.owner not in (c.id, e.by):
        found.add((*at, "owner"), f"{e.owner!r} does not time it", f"{c.id} or {e.by}")
    if e.turns == 0 and not e.through:
        found.add((*at, "turns"), "an effect run out", "1 or more (0 only with through)")


def _weapon_named(c: Combatant, name: str) -> Weapon | None:
    return next((o.weapon for o in c.stats.options if o.item == name), None)


def _names_in(
    found: _Found,
    at: tuple[Part, ...],
    names: Iterable[str],
    known: list[str],
    expected: str,
    who: str,
) -> None:
    for k, name in enumerate(names):
        if name not in known:
            found.add((*at, k), f"{who} carries no {name!r}", expected)


def _where(sq: tuple[int, int]) -> str:
    return square_name(sq) if sq[0] >= 0 and sq[1] >= 0 else str(list(sq))


def _on_map(found: _Found, enc: Encounter, at: tuple[Part, ...], sq: tuple[int, int]) -> bool:
    m = enc.map
    if m.in_bounds(*sq):
        return True
    found.add(
        at,
        f"{_where(sq)} is outside the {m.width}x{m.height} map",
        f"a square from a1 to {square_name((m.width - 1, m.height - 1))}",
    )
    return False


def _known(c: Combatant) -> bool:
    """Its conditions are all known (else what they do cannot be asked)."""
    return all(name in CONDITIONS for name in c.conditions)


def _places(found: _Found, enc: Encounter) -> None:
    """Every creature stands on the map where it can; those holding squares share them
    only as their sizes allow (the scenario loader's checks: ``standing_problem``,
    ``placement_clash``)."""
    m = enc.map
    rules = enc.rules
    occupants: dict[tuple[int, int], list[Placement]] = {}
    unit = _units(enc)
    for i, c in enumerate(enc.combatants.values()):
        at = ("combatants", i, "pos")
        if c.inside is not None:  # swallowed: off the map
            continue
        stoop = enc.space.stoop(c)  # prone, it may lie under a low ceiling (crawling)
        # deep water holds anyone: a creature without a swim speed swims there by Swim
        # checks (seed 000 "Underwater Combat", encounter.swimming)
        if fit(m, c.pos, c.squares, swim=True, stoop=stoop) == FIT_NONE:
            message, expected = standing_problem(m, c.stat, c.pos) or (
                "not a place it can stand",
                "a square the creature can stand in",
            )
            found.add(at, f"{c.id} at {_where(c.pos)}: {message}", expected)
            continue
        if c.fled or not c.can_act(rules) or (_known(c) and c.restrictions().helpless):
            continue
        p = Placement(id=c.id, name=c.id, side=c.side, stat_block=c.stat, position=c.pos)
        mine = unit.get(c.id)
        others = occupants
        if mine is not None:  # a grapple, or a creature and those clinging to it
            others = {
                sq: [q for q in here if unit.get(q.id) != mine] for sq, here in occupants.items()
            }
        other = placement_clash(p, others)
        if other is not None:
            found.add(
                at,
                f"{c.id} at {_where(c.pos)} overlaps {other.id} at {_where(other.position)} "
                f"({cannot_share(p, other)})",
                "a square of its own, or one its size may share (seed 000 Mixing It Up)",
            )
            continue
        for sq in p.squares:
            occupants.setdefault(sq, []).append(p)


def _units(enc: Encounter) -> dict[str, int]:
    """Combatant -> a number shared by those that may share squares beyond their sizes:
    one grapple (linked directly or not), and a creature with those clinging to it."""
    ids = enc.combatants
    parent = {cid: cid for cid in ids}

    def root(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    joined = False
    for c in ids.values():
        for other in (*c.grappling, c.clinging, c.mount):
            if other is not None and other in ids:
                parent[root(c.id)] = root(other)
                joined = True
    if not joined:
        return {}
    roots = {cid: root(cid) for cid in ids}
    sizes: dict[str, int] = {}
    for r in roots.values():
        sizes[r] = sizes.get(r, 0) + 1
    numbers: dict[str, int] = {}
    return {cid: numbers.setdefault(r, len(numbers)) for cid, r in roots.items() if sizes[r] > 1}


def _order(found: _Found, enc: Encounter) -> None:
    """The initiative order, the turn, the round and the outcome (``encounter/turns.py``)."""
    ids = enc.combatants
    if not enc.started:
        for key, value in (("turn", enc.turn), ("round", enc.round)):
            if value != 0:
                found.add((key,), f"{key} {value} before the fight has started", "0")
        if enc.order:
            found.add(("order",), "an initiative order before initiative is rolled", "[]")
        for key, there, none in (
            ("surprise", enc.surprise, "false"),
            ("outcome", enc.outcome, "null"),
            ("history", enc.history, "[]"),
        ):
            if there:
                found.add((key,), f"a {key} before the fight has started", none)
        return
    first: dict[str, int] = {}
    for k, cid in enumerate(enc.order):
        if cid not in ids:
            found.add(("order", k), f"no combatant {cid!r}", _ids(enc))
        elif cid in first:
            found.add(
                ("order", k),
                f"{cid} is listed twice (also at order[{first[cid]}])",
                "each combatant once",
            )
        else:
            first[cid] = k
    missing = [cid for cid in ids if cid not in first]
    if missing:
        found.add(
            ("order",),
            f"{', '.join(missing)} missing from the initiative order",
            "every combatant once, the dead and the fled too: a creature keeps its "
            "initiative count (seed 003 Initiative Checks)",
        )
    n = len(enc.order)
    if n and not 0 <= enc.turn < n:
        found.add(
            ("turn",), f"turn {enc.turn} is past the end of the order of {n}", f"0 to {n - 1}"
        )
    aware = sum(1 for c in ids.values() if c.aware)
    surprise = 0 < aware < len(ids)
    if enc.surprise != surprise:
        found.add(
            ("surprise",),
            f"surprise is {str(enc.surprise).lower()} with {aware} of {len(ids)} combatants aware",
            f"{str(surprise).lower()}: a surprise round when some but not all are aware "
            "(seed 003 Surprise)",
        )
    low = 0 if enc.surprise else 1
    if not low <= enc.round <= enc.round_limit:
        found.add(
            ("round",),
            f"round {enc.round}" + (" without a surprise round" if enc.round == 0 else ""),
            f"{low} to the round limit, {enc.round_limit}",
        )
    if enc.outcome is not None:
        _outcome(found, enc)
    elif n and 0 <= enc.turn < n and enc.order[enc.turn] in ids:
        _current(found, enc, ids[enc.order[enc.turn]])


def _current(found: _Found, enc: Encounter, c: Combatant) -> None:
    """The creature whose turn it is has begun it (``turns._start``), and the full
    attack under way, if any, is one of its routines."""
    why = None
    if c.fled:
        why = "has fled"
    elif c.surrendered:
        why = "has surrendered"
    elif not c.can_act(enc.rules):
        why = f"is {c.state(enc.rules).value}"
    elif enc.round == 0 and not c.aware:
        why = "is unaware in the surprise round"
    if why is not None:
        found.add(
            ("turn",),
            f"it is {c.id}'s turn, but {c.id} {why}",
            "the turn of a creature that can act (turns.begin_turn passes over the others)",
        )
    b = enc.budget
    _move_left(found, enc, c)
    from d20combat.encounter.speech import FREE_ACTIONS_PER_TURN

    if b.free_actions > FREE_ACTIONS_PER_TURN:
        found.add(
            ("budget", "free_actions"),
            f"{b.free_actions} free actions this turn",
            f"0 to {FREE_ACTIONS_PER_TURN}",
        )
    for k, who in enumerate(b.spoke):
        if who not in enc.combatants or who in b.spoke[:k]:
            found.add(
                ("budget", "spoke", k),
                f"{who!r} is no combatant or spoke twice",
                "each a combatant's id once",
            )
    if b.routine is None:
        return
    lengths = [len(r.attacks) for r in c.stats.routines if r.name == b.routine]
    if not lengths:
        found.add(
            ("budget", "routine"),
            f"{c.id} has no full attack {b.routine!r}",
            "null or one of " + ", ".join(r.name for r in c.stats.routines),
        )
    elif b.made >> max(lengths) or b.made.bit_count() != b.next_attack:
        found.add(
            ("budget", "made"),
            f"attacks {b.made:b} (bits) made of {max(lengths)}, next_attack {b.next_attack}",
            "one bit for each attack made of the routine, as many as next_attack",
        )


def _move_left(found: _Found, enc: Encounter, c: Combatant) -> None:
    """seed 004 "Bull Rush" during a move action: the feet left of it only where the
    ruleset has it, after movement this turn, within the creature's speed; a bull rush
    during it spent the attack action."""
    b = enc.budget
    if not (b.move_left or b.rushed_in_move):
        return
    speed = enc.space.speed(c)
    if not enc.rules.bull_rush_in_move:
        found.add(
            ("budget", "move_left"),
            f"{b.move_left} ft left of a move action with a bull rush in it in {enc.rules.name}",
            "0 and false: only d20modern bull rushes during a move action (seed 004)",
        )
    elif not b.moved or b.move_left > speed:
        found.add(
            ("budget", "move_left"),
            f"{b.move_left} ft left of a move action" + ("" if b.moved else " not taken"),
            f"0, or at most its speed ({speed} ft) after a move this turn",
        )
    elif b.rushed_in_move and (b.standard or not b.move_left):
        found.add(
            ("budget", "rushed_in_move"),
            "a bull rush during the move "
            + ("with the attack action unspent" if b.standard else "with no feet left"),
            "a bull rush spends the attack action, and goes on with feet left",
        )


def _outcome(found: _Found, enc: Encounter) -> None:
    out = enc.outcome
    assert out is not None
    sides = enc.sides
    if sorted(out.sides) != sorted(sides):
        found.add(("outcome", "sides"), f"sides {', '.join(out.sides) or 'none'}", ", ".join(sides))
    won = [s for s, status in out.sides.items() if status is SideStatus.WON]
    victory = out.kind is EndKind.VICTORY
    if (out.winner is not None) != victory or (victory and won != [out.winner]):
        found.add(
            ("outcome", "winner"),
            f"winner {out.winner!r} in a {out.kind.value} where {won or 'no side'} won",
            "the one side that won in a victory, null otherwise",
        )
    if not 1 <= out.rounds <= enc.round_limit:
        found.add(("outcome", "rounds"), f"{out.rounds} rounds", f"1 to {enc.round_limit}")


def _items_and_doors(found: _Found, enc: Encounter) -> None:
    lost = {name for c in enc.combatants.values() for name in c.lost}
    for k, (sq, name) in enumerate(enc.items):
        _on_map(found, enc, ("items", k, 0), sq)
        if name not in lost:
            found.add(
                ("items", k, 1), f"nobody dropped a {name!r}", "a weapon a combatant has lost"
            )
    m = enc.map
    for k, (setter, weapon, point, due) in enumerate(enc.planted):
        c = enc.combatants.get(setter)
        if c is None:
            found.add(("planted", k, 0), f"no combatant {setter!r}", _ids(enc))
        elif not any(
            o.name == weapon and o.weapon is not None and WeaponFlag.EXPLOSIVE in o.weapon.flags
            for o in c.stats.options
        ):
            found.add(
                ("planted", k, 1),
                f"{setter} carries no explosive {weapon!r}",
                "an explosive of the setter's",
            )
        if not (0 <= point[0] <= m.width and 0 <= point[1] <= m.height):
            found.add(
                ("planted", k, 2),
                f"{list(point)} is off the map",
                f"an intersection from [0, 0] to [{m.width}, {m.height}]",
            )
        if due < 1:
            found.add(("planted", k, 3), f"round {due}", "round 1 or later")
    for k, sq in enumerate(enc.opened_doors):
        if _on_map(found, enc, ("opened_doors", k), sq) and not m.flags(*sq) & OPEN_DOOR:
            found.add(("opened_doors", k), f"no door at {square_name(sq)}", "a door of the map")
    for k, sq in enumerate(enc.closed_doors):
        if _on_map(found, enc, ("closed_doors", k), sq) and not m.flags(*sq) & DOOR:
            found.add(("closed_doors", k), f"no closed door at {square_name(sq)}", "a closed door")
    for k, sq in enumerate(enc.broken_doors):
        if not _on_map(found, enc, ("broken_doors", k), sq):
            continue
        if not m.flags(*sq) & OPEN_DOOR:
            found.add(
                ("broken_doors", k),
                f"no open door at {square_name(sq)}",
                "an open door of the map (a broken door stays open: A255)",
            )
        elif sq in enc.broken_doors[:k]:
            found.add(("broken_doors", k), f"{square_name(sq)} listed twice", "each door once")
    for k, (sq, lost_hp) in enumerate(sorted(enc.object_damage.items())):
        if not _on_map(found, enc, ("object_damage", k, 0), sq):
            continue
        if not m.flags(*sq) & DOOR:
            found.add(
                ("object_damage", k, 0),
                f"no closed door at {square_name(sq)}",
                "a closed door of the map (a broken door is open)",
            )
            continue
        hp = enc.door(sq).entry.hp
        if not 0 < lost_hp < hp:
            found.add(
                ("object_damage", k, 1),
                f"{lost_hp} hit points lost by a door of {hp}",
                f"1 to {hp - 1} (at {hp} it is broken open)",
            )
