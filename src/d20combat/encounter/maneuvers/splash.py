"""Throwing a splash weapon in the encounter (seed 000 "Throw Splash Weapon"; the
procedure: :mod:`d20combat.rules.maneuvers.splash`).

``throw WEAPON at TARGET`` / ``throw WEAPON at c3+d4`` (:class:`~d20combat.encounter.
actions.Throw`): an attack with a splash weapon in hand (acid, alchemist's fire, holy
water), the standard action's or the next of a full attack (SRD combat-i: a thrown
weapon is a ranged attack), provoking as any ranged attack does.

* At a creature: a ranged touch attack with every situational modifier (range, cover,
  concealment, shooting into melee: :func:`~d20combat.encounter.fighting.build_attack`
  on the touch variant of the option). A hit deals the direct hit's damage to it and
  the splash (1 point of the same type) to every other creature within 5 ft of its
  space.
* At a grid intersection: a ranged attack against AC 5; a hit splashes every creature
  in the four squares around it, and nobody takes the direct hit. An intersection
  inside a creature's space (a Large or larger creature's) cannot be aimed at: aim at
  the creature (seed 000).
* A miss scatters (the d8, ``rules.maneuvers.splash.scatter``) from the creature's space
  or the intersection, as many squares as the throw's range increments (D31), and
  splashes every creature within 5 ft of where it lands (the four squares around an
  intersection; a creature's space shifted, and the squares next to it: a reading, A50).
* The flask is used up (``Combatant.ammo``). Damage is typed (acid, fire) and meets each
  creature's own resistances and immunities; holy water harms only undead and evil
  outsiders (SRD equipment "Holy Water"). A splash weapon's damage is the flask's: no
  Strength bonus, no critical hits (the SRD gives them no critical; A51).

Readings (A50): the distance to an intersection is the distance to the nearest of its
four squares, and it is seen (line of effect) when one of them is; an intersection
touching a wall or a closed door cannot be aimed at; a splash reaches the creatures
with a square in line of effect from an open square of where it bursts (not through
walls or closed doors), creatures only (doors are not splashed); alchemist's fire's
burning on the next round is not modelled.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.creatures import CreatureType
from d20combat.content.equipment import WeaponFlag
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack, deal_damage, provoke, use_up_thrown
from d20combat.encounter.maneuvers import ready_option, touch_of
from d20combat.encounter.water import Depth, depth
from d20combat.errors import IllegalActionError
from d20combat.grid.lines import line_of_effect
from d20combat.grid.squares import footprint_distance, square_name
from d20combat.grid.terrain import BLOCKS_MOVE, DEEP_WATER
from d20combat.rules.attack import Attack, AttackResult
from d20combat.rules.conditions import attack_modifiers, can_use_ranged
from d20combat.rules.damage import DamagePart, Reduction, apply_defenses
from d20combat.rules.maneuvers import splash as S
from d20combat.rules.modifiers import BonusType, Modifier
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Pos = tuple[int, int]
Area = tuple[Pos, int]  # a top-left square and the side of the block, in squares


def is_splash(option: AttackOption) -> bool:
    """Whether ``option`` throws a splash weapon."""
    return option.weapon is not None and option.weapon.has(WeaponFlag.SPLASH)


def aimed_throw(option: AttackOption) -> bool:
    """Whether ``option`` is thrown only by an aimed throw of its own, never in a plain
    attack: a splash weapon, or an explosive (seed 004 "Thrown Explosives")."""
    w = option.weapon
    return w is not None and (WeaponFlag.SPLASH in w.flags or WeaponFlag.EXPLOSIVE in w.flags)


def splash_options(c: Combatant) -> list[AttackOption]:
    """The splash weapons ``c`` holds ready to throw."""
    return [o for o in c.ready_options() if is_splash(o)]


def corner_block(point: Pos) -> Area:
    """The four squares around a grid intersection, as a 2-by-2 block."""
    return (point[0] - 1, point[1] - 1), 2


def block_squares(area: Area) -> Iterator[Pos]:
    (x, y), n = area
    for dy in range(n):
        for dx in range(n):
            yield x + dx, y + dy


def within_5ft(area: Area) -> Area:
    """A block and every square next to it: what lies within 5 ft of it."""
    (x, y), n = area
    return (x - 1, y - 1), n + 2


def _open(enc: Encounter, sq: Pos) -> bool:
    m = enc.map
    return m.in_bounds(*sq) and not m.flags(*sq) & BLOCKS_MOVE


def creatures_in(enc: Encounter, area: Area, origin: Area | None = None) -> list[Combatant]:
    """The creatures present (not dead) with a square in ``area``, in the encounter's
    order; with ``origin`` (where the flask bursts), only those with a square of
    ``area`` in line of effect from an open square of it (a splash does not go through
    walls or closed doors: a reading, A50)."""
    (x, y), n = area
    sources = [s for s in block_squares(origin) if _open(enc, s)] if origin else []
    seen: dict[Pos, bool] = {}

    def reached(sq: Pos) -> bool:
        if sq not in seen:
            seen[sq] = _open(enc, sq) and any(
                s == sq or line_of_effect(enc.map, s, 1, sq, 1) for s in sources
            )
        return seen[sq]

    out = []
    for c in enc.combatants.values():
        if not c.present() or c.vitals.dead:
            continue
        (cx, cy), m = c.pos, c.squares
        if not (cx < x + n and x < cx + m and cy < y + n and y < cy + m):
            continue
        if origin is None or any(
            reached(sq)
            for sq in block_squares(((cx, cy), m))
            if x <= sq[0] < x + n and y <= sq[1] < y + n
        ):
            out.append(c)
    return out


def _occupant(enc: Encounter, point: Pos) -> Combatant | None:
    """The creature whose space holds all four squares around ``point``, if any."""
    px, py = point
    for c in enc.combatants.values():
        (cx, cy), m = c.pos, c.squares
        if c.present() and cx < px < cx + m and cy < py < cy + m:
            return c
    return None


def _point_distance(c: Combatant, point: Pos) -> int:
    at, n = corner_block(point)
    return footprint_distance(at, n, c.pos, c.squares)


def throw_problem(enc: Encounter, c: Combatant, a: A.Throw) -> str | None:
    """Why ``c`` cannot throw ``a`` now (the action's budget aside), or None."""
    option = ready_option(c, a.weapon)
    if option is None or not is_splash(option):
        held = ", ".join(o.name for o in splash_options(c)) or "none"
        return f"{c.id} holds no splash weapon {a.weapon!r} ready (splash weapons: {held})"
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
    flags = frozenset(f.value for f in option.weapon.flags) if option.weapon else frozenset()
    if not can_use_ranged(c.condition_set(), flags):
        return "its conditions forbid this ranged weapon"
    if a.point is None:
        assert a.target is not None
        target = enc.get(a.target)
        if target is c:
            return "cannot throw at itself (aim at an intersection next to it)"
        if not target.present():
            return f"{target.id} has left the battlefield"
        if target.vitals.dead:
            return f"{target.id} is already dead"
        return enc.space.attack_problem(c, option, target)
    m = enc.map
    px, py = a.point
    if not (0 < px < m.width and 0 < py < m.height):
        return f"the intersection at the corner {a.point} is not inside the map"
    name = A.intersection_name(a.point)
    if not all(_open(enc, sq) for sq in block_squares(corner_block(a.point))):
        return f"the intersection {name} touches a wall or a closed door (A50)"
    occupant = _occupant(enc, a.point)
    if occupant is not None:
        return f"the intersection {name} lies inside {occupant.id}'s space: aim at {occupant.id}"
    dist = _point_distance(c, a.point)
    if dist > option.max_range:
        return (
            f"the intersection {name} is {dist} ft away, "
            f"beyond {option.name}'s {option.max_range} ft"
        )
    at, n = corner_block(a.point)
    if not line_of_effect(m, c.pos, c.squares, at, n):
        return f"no line of effect to the intersection {name}"
    if m.has_water and any(m.flags(*sq) & DEEP_WATER for sq in block_squares((at, n))):
        # seed 000 "Ranged Attacks Underwater", "Fire" (alchemist's fire does not burn)
        return f"the intersection {name} is under water: thrown weapons are ineffective there"
    return None


def _option(c: Combatant, a: A.Throw) -> AttackOption:
    option = ready_option(c, a.weapon)
    if option is None:
        raise IllegalActionError(f"{c.id} holds no splash weapon {a.weapon!r} ready")
    return option


def check_throw(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """An attack's budget (the standard action, or the next attack of a full attack),
    then :func:`throw_problem`."""
    from d20combat.encounter.handlers import check_attack_budget

    assert isinstance(a, A.Throw)
    if c.pending_full_round is not None:
        raise IllegalActionError("a full-round action under way must be completed first")
    why = throw_problem(enc, c, a)
    if why:
        raise IllegalActionError(why)
    check_attack_budget(enc, c, a.weapon, lambda: _option(c, a))


def _range_penalty(distance: int, increment: int) -> Modifier | None:
    full = max(0, (distance - 1) // max(1, increment))
    return Modifier(-2 * full, BonusType.RANGE, f"range ({distance} ft)") if full else None


def _harms(option: AttackOption, victim: Combatant) -> bool:
    """Holy water harms only undead and evil outsiders (SRD equipment "Holy Water");
    other splash weapons harm anyone."""
    if option.weapon is None or option.weapon.damages_only is None:
        return True
    stat = victim.stat
    evil = "evil" in (stat.alignment or "").lower()
    return stat.type is CreatureType.UNDEAD or (stat.type is CreatureType.OUTSIDER and evil)


def _burn(
    enc: Encounter, c: Combatant, victim: Combatant, amount: int, attack: Attack, what: str
) -> None:
    """Deal ``amount`` of the flask's damage (its types) to ``victim`` through its
    defenses, as a damage event."""
    option = attack.option
    parts = (DamagePart(amount, option.damage_types, f"{option.name} ({what})"),)
    notes: tuple[Reduction, ...]
    if enc.map.has_water and depth(enc, victim) is Depth.SUBMERGED:
        # seed 000 "Ranged Attacks Underwater", "Fire": no splash under the surface (A115)
        why = "the splash does not reach under water"
        damage, notes = 0, (Reduction("underwater", amount, why),)
    elif not _harms(option, victim):
        only = option.weapon.damages_only if option.weapon else None
        damage, notes = 0, (Reduction("immunity", amount, f"{option.name} harms only {only}"),)
    elif not option.damage_types:  # holy water: untyped, no defense stops it
        damage, notes = amount, ()
    else:
        damage, notes = apply_defenses(list(parts), victim.stats.defenses, enc.rules)
    r = AttackResult(True, rolled=amount, damage=damage, parts=parts, reductions=notes)
    deal_damage(enc, c, victim, r, attack)


def run_throw(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Throw the flask (module docstring)."""
    from d20combat.encounter.handlers import spend_attack

    assert isinstance(a, A.Throw)
    option, bonus = spend_attack(enc, c, a.weapon, lambda: _option(c, a))
    enc.budget.attacks_made += 1
    if "ranged-attack" in enc.rules.provoking_actions and not provoke(
        enc, c, f"ranged attack with {option.name}"
    ):
        return
    use_up_thrown(enc, c, option)
    rules = enc.rules
    target = enc.get(a.target) if a.target is not None else None
    concealment = 0
    if target is not None:
        attack, _ = build_attack(enc, c, touch_of(option), bonus, target)
        aim: Area = (target.pos, target.squares)
        distance = enc.space.distance_ft(c, target)
        concealment = attack.concealment
        aimed = target.id
    else:
        assert a.point is not None
        aim = corner_block(a.point)
        distance = _point_distance(c, a.point)
        mods = list(attack_modifiers(c.condition_set(), ranged=True))
        penalty = _range_penalty(distance, option.range_increment or 10)
        if penalty is not None:
            mods.append(penalty)
        attack = Attack(option, bonus.plus(*mods), S.intersection_ac(), option.damage_bonus)
        aimed = A.intersection_name(a.point)
    increment = option.range_increment or 10
    increments = S.increments_thrown(distance, increment)
    squares = S.scatter_squares(increments, increment, rules)
    (ax, ay), n = aim
    back = S.toward((2 * ax + n, 2 * ay + n), (2 * c.pos[0] + c.squares, 2 * c.pos[1] + c.squares))
    mark = enc.dice.mark()
    t = S.throw(
        enc.dice,
        attack.bonus,
        attack.ac,
        rules,
        back=back,
        squares=squares,
        direct=option.dice if target is not None else None,
        concealment=concealment,
        name=option.name,
    )
    dx, dy = t.offset
    lands: Area = ((ax + dx, ay + dy), n)
    (lx, ly), m = lands[0], enc.map
    if a.point is not None:
        zone = lands  # the four squares around the intersection
        inside = 0 < lx + 1 < m.width and 0 < ly + 1 < m.height
        where = A.intersection_name((lx + 1, ly + 1)) if inside else "off the map"
    else:
        zone = within_5ft(lands)
        where = square_name((lx, ly)) if m.in_bounds(lx, ly) else "off the map"
    direct = target if t.hit and target is not None else None
    splashed = [v for v in creatures_in(enc, zone, lands) if v is not direct]
    enc.event(
        c.id,
        "splash",
        S.RULE,
        target=target.id if target is not None else None,
        totals=(("attack bonus", attack.bonus), ("armor class", attack.ac)),
        rolls_from=mark,
        weapon=option.name,
        aim=aimed,
        result="hit" if t.hit else ("concealed" if t.concealed else "miss"),
        natural=t.natural,
        total=t.total,
        distance=distance,
        increments=increments,
        direction=None if t.face is None else S.direction_of(t.face, back, rules),
        scatter_squares=0 if t.hit else squares,
        lands=where,
        splashed=[v.id for v in splashed],
    )
    if direct is not None and t.direct is not None:
        _burn(enc, c, direct, t.direct, attack, "direct hit")
    splash = option.weapon.splash_damage if option.weapon is not None else 1
    for victim in splashed:
        if enc.combatants[victim.id].present():
            _burn(enc, c, victim, splash, attack, "splash")


def gen_throw(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """The throws at every foe in range and at the corners of their spaces (other
    intersections in range are legal too, but not listed: a cheap candidate list)."""
    from d20combat.encounter.handlers import _continuing, _next_options

    if c.pending_full_round is not None or not c.restrictions().can_attack:
        return
    ready = splash_options(c)
    if not ready:
        return
    b = enc.budget
    if _continuing(enc, c) is not None:
        if not b.committed and (not b.move or b.moved):
            return
        ready = [o for o in _next_options(enc, c) if is_splash(o)]
    elif not b.standard or b.full_round:
        return
    seen: set[Pos] = set()
    for o in ready:
        for foe in enc.enemies(c):
            if foe.vitals.dead or not foe.present():
                continue
            a = A.Throw(o.name, foe.id)
            if throw_problem(enc, c, a) is None:
                yield a
            (x, y), n = foe.pos, foe.squares
            for point in ((x, y), (x + n, y), (x, y + n), (x + n, y + n)):
                if point in seen:
                    continue
                seen.add(point)
                p = A.Throw(o.name, point=point)
                if throw_problem(enc, c, p) is None:
                    yield p
        seen.clear()
