"""Attacking and breaking objects in the encounter: the closed doors of the map (seed 000
"Attack An Object", "Breaking Items"; seed 004 "Energy Attacks", "Breaking Objects";
seed 001 "Attacking an inanimate object"). The rules: :mod:`d20combat.rules.objects`.

A door is an inanimate, immobile object of one 5-ft square: Medium-size, no Dexterity
(AC 10 - 5 + 0 = 5: Table: Size and AC of Objects); its hardness, hit points and break
DC are those of its kind in Table: Object Hardness And Hit Points (the scenario's
``map.doors``; a plain simple wooden door otherwise, A35). What it has lost is kept in
``Encounter.object_damage`` (saved); at 0 hit points, or when a break succeeds, it is
broken open: an open door from then on. A locked door cannot be opened, only broken.

* ``attack-object SQUARE [with WEAPON]`` (a standard action): an attack roll against
  the door, +4 with a melee weapon (an immobile object); no attack of opportunity for
  the blow itself (a ranged attack still provokes, as any). ``line-up`` (a full-round
  action, as a coup de grace): a melee blow hits without a roll, a shot gets +5. In
  ``advanced`` a melee blow on an unattended object needs no roll at all (seed 001).
  No critical hits, no nonlethal damage; a ranged weapon deals half; energy the
  ruleset's fractions; hardness off each blow.
* ``break SQUARE`` (a standard action, a reading: A35): a Strength check against the
  door's break DC, 2 less once it has lost half its hit points or more.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability
from d20combat.content.objects import DOOR_SIZE, object_ac
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke
from d20combat.encounter.maneuvers import ability
from d20combat.errors import IllegalActionError
from d20combat.grid.lines import line_of_effect
from d20combat.grid.squares import footprint_distance, square_name
from d20combat.grid.terrain import DOOR
from d20combat.rules.attack import Attack, AttackResult, resolve_attack, roll_damage
from d20combat.rules.conditions import attack_modifiers, can_use_ranged, roll_modifiers
from d20combat.rules.maneuvers import ability_check
from d20combat.rules.modifiers import BonusType, Modifier, stack
from d20combat.rules.objects import BREAK_RULE, RULE, break_check, break_dc, damage_to_object
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

#: seed 000 "Attack An Object": "With a melee weapon, you get a +4 bonus on your attack
#: roll"; lining up the shot, "a +5 attack bonus with a ranged weapon".
IMMOBILE_MELEE = Modifier(4, BonusType.UNTYPED, "immobile object (melee)")
LINED_UP_RANGED = Modifier(5, BonusType.UNTYPED, "lined up (full-round action)")


def _fail(why: str) -> IllegalActionError:
    return IllegalActionError(why)


def _closed_door(enc: Encounter, at: A.Pos) -> bool:
    m = enc.map
    return m.in_bounds(*at) and bool(m.flags(*at) & DOOR)


def _distance(c: Combatant, at: A.Pos) -> int:
    return footprint_distance(at, 1, c.pos, c.squares)


def object_problem(enc: Encounter, c: Combatant, option: AttackOption, at: A.Pos) -> str | None:
    """Why ``c`` cannot strike the door at ``at`` with ``option`` from where it stands."""
    where = square_name(at)
    if option.ranged:
        w = option.weapon
        flags = frozenset(f.value for f in w.flags) if w is not None else frozenset()
        if not can_use_ranged(c.condition_set(), flags):
            return "its conditions forbid this ranged weapon (prone: crossbows, shuriken)"
        if _distance(c, at) > option.max_range:
            return f"the door at {where} is beyond {option.name}'s {option.max_range} ft"
        if not line_of_effect(enc.map, c.pos, c.squares, at):
            return f"no line of effect to the door at {where}"
        return None
    if _distance(c, at) > option.reach_ft:
        return f"the door at {where} is out of reach of {option.name}"
    return None


def _option(enc: Encounter, c: Combatant, a: A.AttackObject) -> AttackOption:
    """The attack the blow is made with: the named one, else the first melee attack that
    reaches the door, else the first that can (a shot)."""
    ready = c.ready_options()
    if a.weapon is not None:
        key = a.weapon.lower()
        for o in ready:
            if o.name.lower() == key or (o.weapon is not None and o.weapon.name == key):
                return o
        names = ", ".join(o.name for o in ready)
        raise _fail(f"{c.id} has no ready weapon {a.weapon!r} (ready: {names})")
    for o in sorted(ready, key=lambda o: o.ranged):
        if object_problem(enc, c, o, a.at) is None:
            return o
    if not ready:
        raise _fail(f"{c.id} has no attack ready")
    return ready[0]


def check_attack_object(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_full_round, need_standard

    assert isinstance(a, A.AttackObject)
    if not _closed_door(enc, a.at):
        raise _fail(f"no closed door at {square_name(a.at)} to attack")
    if not c.restrictions().can_attack:
        raise _fail("its conditions forbid attacking: " + ", ".join(sorted(c.conditions)))
    if a.line_up:
        need_full_round(enc, c)
    else:
        need_standard(enc, c)
        if enc.budget.routine is not None and enc.budget.next_attack > 0:
            raise _fail("already attacked this turn")
    why = object_problem(enc, c, _option(enc, c, a), a.at)
    if why is not None:
        raise _fail(why)


def run_attack_object(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Strike the door (module docstring)."""
    assert isinstance(a, A.AttackObject)
    option = _option(enc, c, a)
    enc.budget.use("full-round" if a.line_up else "standard")
    if (
        option.ranged
        and "ranged-attack" in enc.rules.provoking_actions
        and not provoke(enc, c, f"ranged attack with {option.name}")
    ):
        return
    rules = enc.rules
    door = enc.door(a.at)
    entry = door.entry
    conds = c.condition_set()
    mods = list(attack_modifiers(conds, ranged=option.ranged))
    if option.ranged:
        inc = option.range_increment or 10
        full = max(0, (_distance(c, a.at) - 1) // inc)
        if full:
            mods.append(Modifier(-2 * full, BonusType.RANGE, f"range ({_distance(c, a.at)} ft)"))
        if a.line_up:
            mods.append(LINED_UP_RANGED)
    else:
        mods.append(IMMOBILE_MELEE)
    bonus = option.bonus.plus(*mods)
    ac = stack(
        [
            Modifier(object_ac(DOOR_SIZE), BonusType.BASE, "door (10, no Dex -5, Medium-size)"),
        ]
    )
    damage_mods = roll_modifiers(conds, "damage")
    blow = Attack(
        option=option,
        bonus=bonus,
        ac=ac,
        damage_bonus=option.damage_bonus.plus(*damage_mods) if damage_mods else option.damage_bonus,
        crit_immune=True,  # seed 000 "Immunities": objects are immune to critical hits
        nonlethal=option.nonlethal and not option.either,
    )
    automatic = not option.ranged and (a.line_up or rules.unattended_object_melee == "automatic")
    mark = enc.dice.mark()
    r: AttackResult | None = None
    if automatic:
        parts = roll_damage(enc.dice, blow)
    else:
        r = resolve_attack(enc.dice, blow, rules)
        parts = list(r.parts)
    hit = automatic or (r is not None and r.hit)
    lost = enc.object_damage.get(a.at, 0)
    done = damage_to_object(
        parts,
        entry.hardness,
        rules,
        ranged=option.ranged,
        nonlethal=blow.nonlethal,
        immune_to=door.immune_to,
        vulnerable_to=door.vulnerable_to,
    )
    left = max(0, entry.hp - lost - done.damage) if hit else entry.hp - lost
    totals = (
        (("damage bonus", blow.damage_bonus),)
        if automatic
        else (
            ("attack bonus", bonus),
            ("armor class", ac),
            ("damage bonus", blow.damage_bonus),
        )
    )
    enc.event(
        c.id,
        "attack-object",
        RULE,
        totals=totals,
        rolls_from=mark,
        at=square_name(a.at),
        door=door.kind,
        weapon=option.name,
        result=("broken" if left <= 0 else "hit") if hit else "miss",
        automatic=automatic,
        natural=r.natural if r is not None else None,
        total=r.total if r is not None else None,
        rolled=done.dealt if hit else None,
        damage=done.damage if hit else None,
        notes=list(done.notes) if hit else [],
        hardness=entry.hardness,
        hp_before=entry.hp - lost,
        hp=left,
        max_hp=entry.hp,
    )
    if not hit:
        return
    if left <= 0:
        enc.object_damage.pop(a.at, None)
        enc.space.open_door(a.at, broken=True)
    elif left < entry.hp:
        enc.object_damage[a.at] = entry.hp - left


def closed_doors(enc: Encounter) -> tuple[A.Pos, ...]:
    """The closed doors of the encounter's map, row by row (cached on the map, whose
    caches a door opened clears: a module-level cache holding maps kept every fight's
    map alive, with all its caches, in long simulations)."""
    m = enc.map
    cache = m.cache("closed_doors")
    found: tuple[A.Pos, ...] | None = cache.get(None)
    if found is None:
        w = m.width
        found = cache[None] = tuple((i % w, i // w) for i, f in enumerate(m.cells) if f & DOOR)
    return found


def gen_attack_object(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    doors = closed_doors(enc)
    if not doors or not c.restrictions().can_attack:
        return
    ready = c.ready_options()
    for at in doors:
        for o in ready:
            if object_problem(enc, c, o, at) is not None:
                continue
            weapon = o.name if len(ready) > 1 else None
            yield A.AttackObject(at, weapon)
            yield A.AttackObject(at, weapon, line_up=True)


def check_break(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.BreakDoor)
    need_standard(enc, c)
    if enc.budget.routine is not None and enc.budget.next_attack > 0:
        raise _fail("already attacked this turn")
    if not _closed_door(enc, a.at) or _distance(c, a.at) > 5:
        raise _fail(f"no closed door next to it at {square_name(a.at)}")


def run_break(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Breaking Items": a Strength check against the door's break DC."""
    assert isinstance(a, A.BreakDoor)
    enc.budget.use("standard")
    door = enc.door(a.at)
    entry = door.entry
    lost = enc.object_damage.get(a.at, 0)
    dc = break_dc(entry.break_dc, entry.hp - lost, entry.hp)
    strength = ability(c, stack([ability_check(c.stats, Ability.STR)]))
    mark = enc.dice.mark()
    broken, total = break_check(enc.dice, strength, dc, "break: Strength check")
    enc.event(
        c.id,
        "break",
        BREAK_RULE,
        totals=(("Strength check", strength),),
        rolls_from=mark,
        at=square_name(a.at),
        door=door.kind,
        dc=dc,
        total=total,
        result="broken" if broken else "holds",
    )
    if broken:
        enc.object_damage.pop(a.at, None)
        enc.space.open_door(a.at, broken=True)


def gen_break(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    if not closed_doors(enc):
        return
    for at in enc.space.adjacent_doors(c):
        yield A.BreakDoor(at)
