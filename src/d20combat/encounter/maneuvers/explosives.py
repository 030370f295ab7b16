"""Thrown explosives in the encounter (seed 004 "Grenades and Explosives", "Thrown
Explosives"; the procedure: :mod:`d20combat.rules.maneuvers.explosives`).

``throw-explosive fragmentation grenade at c3`` (:class:`~d20combat.encounter.actions.
ThrowExplosive`): an explosive in hand (the ``explosive`` flag; its stock is its
``quantity``, used up one a throw) thrown at a 5-ft square, occupied or not, within
its maximum range and line of effect: the standard action (an "attack action"),
provoking as any ranged attack. Within one range increment no attack roll is made;
farther, one roll against the square's Defense 10 with the range penalty and the
thrower's conditions, with no nonproficiency penalty ("Thrown weapons require no
weapon proficiency"). A miss scatters by the 1d8 (A92); then the 1d4 gives the corner
of the square it reached, where it bursts: every creature with a square within the
burst radius (``burst_radius_ft``), in line of effect from the point it bursts at (the
squares of :func:`~d20combat.grid.lines.burst_squares`, as a spell's burst), the thrower
and friends included, makes a Reflex save
against the explosive's DC (``reflex_dc``) for half; one damage roll for all, each
creature's share through its own defenses (A92).

``plant fragmentation grenade at c3+d4 timer 2`` (:class:`~d20combat.encounter.actions.
Plant`): an explosive it carries set at a corner of a square of its space or next to it,
a full-round action; it bursts there at the start of the setter's turn that many rounds
on, as a thrown one does once landed (A232). Planting is legal, never a listed candidate
(the tactics do not lay ambushes).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import deal_area_damage, provoke, use_up_thrown
from d20combat.encounter.maneuvers import ready_option, standard_shot_open
from d20combat.encounter.water import reflex_from_land
from d20combat.errors import IllegalActionError
from d20combat.grid.cover import CoverKind, burst_cover
from d20combat.grid.lines import burst_squares, line_of_effect
from d20combat.grid.squares import footprint_distance, square_name
from d20combat.rules.attack import Attack
from d20combat.rules.conditions import attack_modifiers, can_use_ranged
from d20combat.rules.hitpoints import saving_throw
from d20combat.rules.maneuvers import explosives as X
from d20combat.rules.maneuvers import splash as S
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Pos = tuple[int, int]


def is_explosive(option: AttackOption) -> bool:
    """Whether ``option`` throws an explosive (seed 004 "Thrown Explosives")."""
    return option.weapon is not None and WeaponFlag.EXPLOSIVE in option.weapon.flags


def explosive_options(c: Combatant) -> list[AttackOption]:
    """The explosives ``c`` holds ready to throw."""
    return [o for o in c.ready_options() if is_explosive(o)]


def square_distance(c: Combatant, sq: Pos) -> int:
    return footprint_distance(sq, 1, c.pos, c.squares)


def explosive_problem(enc: Encounter, c: Combatant, a: A.ThrowExplosive) -> str | None:
    """Why ``c`` cannot throw ``a`` now (the action's budget aside), or None."""
    option = ready_option(c, a.weapon)
    if option is None or not is_explosive(option):
        held = ", ".join(o.name for o in explosive_options(c)) or "none"
        return f"{c.id} holds no explosive {a.weapon!r} ready (explosives: {held})"
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
    flags = frozenset(f.value for f in option.weapon.flags) if option.weapon else frozenset()
    if not can_use_ranged(c.condition_set(), flags):
        return "its conditions forbid this ranged weapon"
    m = enc.map
    name = square_name(a.square)
    if not m.in_bounds(*a.square):
        return f"the square {name} is not on the map"
    dist = square_distance(c, a.square)
    if dist > option.max_range:
        return f"the square {name} is {dist} ft away, beyond {option.name}'s {option.max_range} ft"
    if not line_of_effect(m, c.pos, c.squares, a.square, 1):
        return f"no line of effect to the square {name}"
    return None


def check_explosive(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The standard action ("Throwing the explosive is an attack action"), then
    :func:`explosive_problem`."""
    from d20combat.encounter.handlers import need_attack_action

    assert isinstance(a, A.ThrowExplosive)
    need_attack_action(enc, c, "throwing an explosive")
    why = explosive_problem(enc, c, a)
    if why:
        raise IllegalActionError(why)


def explosive_total(enc: Encounter, c: Combatant, option: AttackOption, sq: Pos) -> Total:
    """The throw's attack bonus: the option's, the thrower's conditions and the range
    penalty to the square (no nonproficiency penalty: seed 004)."""
    mods = list(attack_modifiers(c.condition_set(), ranged=True))
    distance = square_distance(c, sq)
    full = max(0, (distance - 1) // max(1, option.range_increment or 10))
    if full:
        mods.append(Modifier(-2 * full, BonusType.RANGE, f"range ({distance} ft)"))
    return option.bonus.plus(*mods) if mods else option.bonus


def caught(enc: Encounter, point: Pos, radius_ft: int) -> list[Combatant]:
    """The creatures present with a square the burst around ``point`` reaches (within
    its radius, in line of effect from the point: :func:`~d20combat.grid.lines.
    burst_squares`), in the encounter's order."""
    reached = set(burst_squares(enc.map, point, radius_ft))
    out = []
    for v in enc.combatants.values():
        if not v.present() or v.vitals.dead:
            continue
        (x, y), n = v.pos, v.squares
        if any((x + i, y + j) in reached for i in range(n) for j in range(n)):
            out.append(v)
    return out


def burst_improved(enc: Encounter, point: Pos, v: Combatant) -> bool:
    """``v`` has improved cover from the burst point: improved evasion (seed 003 "Cover":
    "A creature with this improved cover effectively gains improved evasion against any
    attack to which the Reflex save bonus applies": no damage on a success, half on a
    failure; A221)."""
    return burst_cover(enc.map, point, v.pos, v.squares).kind is CoverKind.IMPROVED


def burst_reflex(enc: Encounter, point: Pos, v: Combatant) -> Total:
    """``v``'s Reflex save against a burst at ``point``: with the Reflex bonus of its
    cover from the point (seed 004 "Cover Reflex Save Bonus": "only applies to attacks
    that originate or burst out from a point on the other side of the cover"; A200)."""
    reflex = v.roll_total(v.stats.saves["ref"], "save", save="ref")
    bonus = enc.space.burst_cover_reflex(point, v)
    if not bonus:
        return reflex
    return reflex.plus(Modifier(bonus, BonusType(enc.rules.cover_bonus_type), "cover"))


def run_explosive(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Throw it (module docstring)."""
    assert isinstance(a, A.ThrowExplosive)
    option = ready_option(c, a.weapon)
    assert option is not None and option.weapon is not None
    enc.budget.use("standard")
    enc.budget.attacks_made += 1
    if "ranged-attack" in enc.rules.provoking_actions and not provoke(
        enc, c, f"ranged attack with {option.name}"
    ):
        return
    use_up_thrown(enc, c, option)
    rules, w = enc.rules, option.weapon
    bonus = explosive_total(enc, c, option, a.square)
    distance = square_distance(c, a.square)
    increment = option.range_increment or 10
    increments = S.increments_thrown(distance, increment)
    sx, sy = a.square
    back = S.toward((2 * sx + 1, 2 * sy + 1), (2 * c.pos[0] + c.squares, 2 * c.pos[1] + c.squares))
    mark = enc.dice.mark()
    land = X.throw_explosive(
        enc.dice,
        bonus.value,
        rules,
        within_one=increments <= 1,
        back=back,
        squares=S.scatter_squares(increments, increment, rules),
    )
    point = X.landing_point(a.square, land)
    inside = 0 <= point[0] <= enc.map.width and 0 <= point[1] <= enc.map.height
    rolled, saves = _burst(enc, c, option, point) if inside else (0, [])
    enc.event(
        c.id,
        "explosive",
        X.RULE,
        totals=(("attack bonus", bonus), ("defense", X.square_defense())) if land.rolled else (),
        rolls_from=mark,
        weapon=option.name,
        aim=square_name(a.square),
        distance=distance,
        increments=increments,
        rolled=land.rolled,
        result="hit" if land.hit else "miss",
        natural=land.natural,
        total=land.total,
        direction=None if land.face is None else S.direction_of(land.face, back, rules),
        scatter_squares=abs(land.offset[0]) or abs(land.offset[1]),
        corner=X.CORNER_NAMES[land.corner - 1],
        bursts_at=A.intersection_name(point) if inside else "off the map",
        radius=w.burst_radius_ft,
        dc=w.reflex_dc,
        damage=rolled,
        saves=_saves_json(saves),
    )
    _hurt(enc, c, Attack(option, bonus, X.square_defense(), option.damage_bonus), rolled, saves)


_Save = tuple[Combatant, int, int, bool, bool]


def _burst(
    enc: Encounter, c: Combatant, option: AttackOption, point: Pos
) -> tuple[int, list[_Save]]:
    """The burst of ``c``'s explosive at ``point``: its damage roll (one for all) and each
    caught creature's Reflex save (creature, natural roll, total, saved, improved evasion
    from its improved cover: A221)."""
    w = option.weapon
    assert w is not None
    victims = caught(enc, point, w.burst_radius_ft)
    rolled = max(0, enc.dice.roll(option.dice, f"{option.name} burst damage")) if victims else 0
    saves = []
    for v in victims:
        reflex = reflex_from_land(enc, c, v, burst_reflex(enc, point, v))
        ok, face = saving_throw(
            enc.dice, reflex.value, w.reflex_dc, f"Reflex save (DC {w.reflex_dc})"
        )
        saves.append((v, face, face + reflex.value, ok, burst_improved(enc, point, v)))
    return rolled, saves


def _saves_json(saves: list[_Save]) -> list[dict[str, object]]:
    """The Reflex saves as the ``explosive`` and ``planted-burst`` events give them."""
    return [
        {"id": v.id, "natural": f, "total": t, "saved": ok}
        | ({"improved_evasion": True} if better else {})
        for v, f, t, ok, better in saves
    ]


def _hurt(enc: Encounter, c: Combatant, attack: Attack, rolled: int, saves: list[_Save]) -> None:
    """Each caught creature takes the damage, half on a saved Reflex (A92); with improved
    evasion (A221), none on a saved one and half on a failed one."""
    for v, _, _, ok, better in saves:
        if better:
            amount = 0 if ok else X.half(rolled)
        else:
            amount = X.half(rolled) if ok else rolled
        if amount and enc.combatants[v.id].present() and not v.vitals.dead:
            deal_area_damage(enc, c, v, attack, amount, "burst")


PLANT_RULE = "seed 004 Grenades and Explosives"


def _plant_corners(c: Combatant) -> set[Pos]:
    """The intersections ``c`` can reach to plant at: the corners of the squares of its
    space and of those next to it."""
    (x0, y0), n = c.pos, c.squares
    return {(x, y) for x in range(x0 - 1, x0 + n + 2) for y in range(y0 - 1, y0 + n + 2)}


def check_plant(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """A full-round action, an explosive of its own carried (in hand or not), a point
    within reach on the map, a timer of 1 round or more.

    Raises:
        IllegalActionError: naming what is missing.
    """
    from d20combat.encounter.handlers import need_full_round

    assert isinstance(a, A.Plant)
    option = _carried_explosive(c, a.weapon)
    if option is None:
        raise IllegalActionError(f"{c.id} carries no explosive {a.weapon!r}")
    if a.rounds < 1:
        raise IllegalActionError("the timer is set to 1 round or more")
    x, y = a.point
    if not (0 <= x <= enc.map.width and 0 <= y <= enc.map.height) or (
        a.point not in _plant_corners(c)
    ):
        raise IllegalActionError(
            f"{A.intersection_name(a.point)} is not a corner of its squares or of one next to it"
        )
    need_full_round(enc, c)


def _carried_explosive(c: Combatant, weapon: str) -> AttackOption | None:
    """``c``'s explosive ``weapon`` with one or more left (in hand or not)."""
    for o in c.stats.options:
        if o.name == weapon and is_explosive(o) and c.ammo.get(o.item, 1) > 0:
            return o
    return None


def run_plant(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Set it (A232: setting the timer provokes, as a skill used in combat does; no
    Demolitions check, d20 Modern's skill), one of the stock used up; it goes off at the
    start of ``c``'s turn ``rounds`` rounds on (:func:`detonate_due`)."""
    assert isinstance(a, A.Plant)
    option = _carried_explosive(c, a.weapon)
    assert option is not None
    enc.budget.use("full-round")
    if "plant" in enc.rules.provoking_actions and not provoke(enc, c, f"planting {a.weapon}"):
        return
    if option.item in c.ammo:
        c.ammo[option.item] -= 1
        if c.ammo[option.item] <= 0:
            c.wielding = tuple(w for w in c.wielding if w != option.item)
            enc.space.invalidate(c)
    due = enc.round + a.rounds
    enc.planted.append((c.id, option.name, a.point, due))
    enc.event(
        c.id,
        "plant",
        PLANT_RULE,
        weapon=option.name,
        at=A.intersection_name(a.point),
        rounds=a.rounds,
        due_round=due,
    )


def detonate_due(enc: Encounter, c: Combatant) -> None:
    """At the start of ``c``'s turn: its planted explosives whose round has come go off,
    and any whose setter's turn was passed over (out of the fight) once that round is
    past (A232)."""
    keep = []
    for entry in enc.planted:
        setter, weapon, point, due = entry
        if enc.round > due or (enc.round == due and setter == c.id):
            _go_off(enc, setter, weapon, point)
        else:
            keep.append(entry)
    enc.planted = keep


def _go_off(enc: Encounter, setter: str, weapon: str, point: Pos) -> None:
    c = enc.combatants[setter]
    option = next(o for o in c.stats.options if o.name == weapon)
    mark = enc.dice.mark()
    rolled, saves = _burst(enc, c, option, point)
    w = option.weapon
    assert w is not None
    enc.event(
        c.id,
        "planted-burst",
        PLANT_RULE,
        rolls_from=mark,
        weapon=weapon,
        bursts_at=A.intersection_name(point),
        radius=w.burst_radius_ft,
        dc=w.reflex_dc,
        damage=rolled,
        saves=_saves_json(saves),
    )
    attack = Attack(option, option.bonus, X.square_defense(), option.damage_bonus)
    _hurt(enc, c, attack, rolled, saves)


def gen_explosive(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """The throws at each foe's squares (other squares are legal too, but not listed: a
    cheap candidate list, as a splash weapon's)."""
    if not standard_shot_open(enc, c):
        return
    ready = explosive_options(c)
    if not ready or not c.restrictions().can_attack:
        return
    for o in ready:
        seen: set[Pos] = set()
        for foe in enc.enemies(c):
            if foe.vitals.dead or not foe.present():
                continue
            (x, y), n = foe.pos, foe.squares
            for sq in ((x + i, y + j) for i in range(n) for j in range(n)):
                if sq in seen:
                    continue
                seen.add(sq)
                a = A.ThrowExplosive(o.name, sq)
                if explosive_problem(enc, c, a) is None:
                    yield a
