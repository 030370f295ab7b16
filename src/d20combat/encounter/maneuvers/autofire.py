"""Autofire in the encounter (seed 004 "Autofire"; the procedure:
:mod:`d20combat.rules.maneuvers.firearms`).

``autofire WEAPON at c3+d4`` (:class:`~d20combat.encounter.actions.Autofire`): a firearm
with an automatic rate of fire (the ``autofire`` flag), holding at least 10 bullets, is
fired at the 10-ft-by-10-ft area of the four squares around a grid intersection (named as
a splash weapon's). One attack roll against the area's Defense 10, with the range
penalty to the area's nearest square and the shooter's conditions, -4 without Personal
Firearms Proficiency and -4 without Advanced Firearms Proficiency; it provokes as any
ranged attack does. 10 bullets are spent, hit or miss. On a hit every creature with a
square in the area, friend or foe, makes a Reflex save DC 15 or takes the weapon's
damage through its own defenses.

Readings (A91): autofire is an attack action, the standard action's (not one of a full
attack's attacks); the area must be on the map, within the weapon's maximum range and in
line of effect from the shooter (to one of its squares; walls inside it are allowed); a
natural 20 always hits and a 1 always misses, and the area takes no critical hit; each
creature that fails its save rolls the weapon's damage of its own; a creature wading in
chest-deep water shot at from land gets +4 (seed 000 "Attacks from Land",
``water.reflex_from_land``). Its cover from the shooter (the attack originates there)
gives its Reflex bonus (seed 003 / seed 004 "Cover": "attacks that originate or burst
out from a point on the other side of the cover"; the ruleset's degree, soft cover
none), and improved cover improved evasion: half damage on a failed save (A221).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import deal_area_damage, provoke, use_up_thrown
from d20combat.encounter.maneuvers import ready_option, standard_shot_open
from d20combat.encounter.maneuvers.splash import block_squares, corner_block, creatures_in
from d20combat.encounter.water import reflex_from_land
from d20combat.errors import IllegalActionError
from d20combat.grid.cover import CoverKind, rated
from d20combat.grid.cover import cover as grid_cover
from d20combat.grid.lines import line_of_effect
from d20combat.grid.squares import footprint_distance, square_name
from d20combat.rules.attack import Attack
from d20combat.rules.conditions import attack_modifiers, can_use_ranged
from d20combat.rules.maneuvers import firearms as F
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Pos = tuple[int, int]


def can_autofire(option: AttackOption) -> bool:
    """Whether ``option`` has an automatic rate of fire (seed 004 "Autofire")."""
    return option.weapon is not None and WeaponFlag.AUTOFIRE in option.weapon.flags


def autofire_options(c: Combatant) -> list[AttackOption]:
    """The automatic firearms ``c`` holds with 10 bullets or more."""
    return [
        o
        for o in c.ready_options()
        if can_autofire(o) and c.ammo.get(o.item, 0) >= F.AUTOFIRE_BULLETS
    ]


def area_distance(c: Combatant, point: Pos) -> int:
    """Feet from ``c`` to the nearest square of the area around ``point``."""
    at, n = corner_block(point)
    return footprint_distance(at, n, c.pos, c.squares)


def autofire_problem(enc: Encounter, c: Combatant, a: A.Autofire) -> str | None:
    """Why ``c`` cannot autofire ``a`` now (the action's budget aside), or None."""
    option = ready_option(c, a.weapon)
    if option is None or not can_autofire(option):
        held = ", ".join(o.name for o in c.ready_options() if can_autofire(o)) or "none"
        return f"{c.id} holds no automatic firearm {a.weapon!r} ready (automatic: {held})"
    left = c.ammo.get(option.item, 0)
    if left < F.AUTOFIRE_BULLETS:
        return (
            f"autofire needs {F.AUTOFIRE_BULLETS} bullets in the weapon; {option.name} has {left}"
        )
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
    flags = frozenset(f.value for f in option.weapon.flags) if option.weapon else frozenset()
    if not can_use_ranged(c.condition_set(), flags):
        return "its conditions forbid this ranged weapon"
    m = enc.map
    px, py = a.point
    if not (0 < px < m.width and 0 < py < m.height):
        return f"the area around the corner {a.point} is not inside the map"
    name = A.intersection_name(a.point)
    dist = area_distance(c, a.point)
    if dist > option.max_range:
        return f"the area {name} is {dist} ft away, beyond {option.name}'s {option.max_range} ft"
    at, n = corner_block(a.point)
    if not line_of_effect(m, c.pos, c.squares, at, n):
        return f"no line of effect to the area {name}"
    return None


def check_autofire(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The standard action (A91), then :func:`autofire_problem`."""
    from d20combat.encounter.handlers import need_attack_action

    assert isinstance(a, A.Autofire)
    need_attack_action(enc, c, "autofire")
    why = autofire_problem(enc, c, a)
    if why:
        raise IllegalActionError(why)


def autofire_total(enc: Encounter, c: Combatant, option: AttackOption, point: Pos) -> Total:
    """The autofire attack bonus: the weapon's, the shooter's conditions, the range to
    the area and the firearm penalties (:func:`~d20combat.rules.maneuvers.firearms.
    autofire_bonus`)."""
    mods = list(attack_modifiers(c.condition_set(), ranged=True))
    distance = area_distance(c, point)
    full = max(0, (distance - 1) // max(1, option.range_increment or 10))
    if full:
        mods.append(Modifier(-2 * full, BonusType.RANGE, f"range ({distance} ft)"))
    bonus = option.bonus.plus(*mods) if mods else option.bonus
    t = c.traits
    return F.autofire_bonus(bonus, proficient=t.firearms, advanced=t.advanced_firearms)


def run_autofire(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Fire (module docstring)."""
    assert isinstance(a, A.Autofire)
    option = ready_option(c, a.weapon)
    assert option is not None
    enc.budget.use("standard")
    enc.budget.attacks_made += 1
    if "ranged-attack" in enc.rules.provoking_actions and not provoke(
        enc, c, f"autofire with {option.name}"
    ):
        return
    use_up_thrown(enc, c, option, F.AUTOFIRE_BULLETS)
    bonus = autofire_total(enc, c, option, a.point)
    defense = F.autofire_defense()
    area = corner_block(a.point)
    mark = enc.dice.mark()
    roll = F.autofire_attack(enc.dice, bonus.value)
    caught = creatures_in(enc, area) if roll.hit else []
    saves = []
    for v in caught:
        reflex, better = _shot_reflex(enc, c, v)
        s = F.autofire_save(enc.dice, reflex.value)
        saves.append((v, reflex, s, better))
    enc.event(
        c.id,
        "autofire",
        F.AUTOFIRE_RULE,
        totals=(("attack bonus", bonus), ("defense", defense)),
        rolls_from=mark,
        weapon=option.name,
        area=A.intersection_name(a.point),
        squares=[square_name(sq) for sq in block_squares(area)],
        result="hit" if roll.hit else "miss",
        natural=roll.natural,
        total=roll.total,
        bullets=F.AUTOFIRE_BULLETS,
        dc=F.AUTOFIRE_DC,
        saves=[
            {"id": v.id, "natural": s.natural, "total": s.total, "saved": s.saved}
            | ({"improved_evasion": True} if better else {})
            for v, _, s, better in saves
        ],
    )
    attack = Attack(option, bonus, defense, option.damage_bonus)
    for v, _, s, better in saves:
        if not s.saved and enc.combatants[v.id].present() and not v.vitals.dead:
            _hit(enc, c, v, attack, halved=better)


def _shot_reflex(enc: Encounter, c: Combatant, v: Combatant) -> tuple[Total, bool]:
    """``v``'s Reflex save against ``c``'s autofire: its cover from the shooter's Reflex
    bonus (the terrain's: soft cover gives none), +4 wading shot from land; and whether
    that cover is improved (improved evasion: A221)."""
    reflex = v.roll_total(v.stats.saves["ref"], "save", save="ref")
    found = grid_cover(enc.map, c.pos, c.squares, v.pos, v.squares)
    bonus = rated(found, enc.rules.cover_bonuses)[1]
    if bonus:
        reflex = reflex.plus(Modifier(bonus, BonusType(enc.rules.cover_bonus_type), "cover"))
    return reflex_from_land(enc, c, v, reflex), found.kind is CoverKind.IMPROVED


def _hit(
    enc: Encounter, c: Combatant, victim: Combatant, attack: Attack, *, halved: bool = False
) -> None:
    """The weapon's damage, rolled for ``victim`` and met by its defenses (``halved``:
    improved evasion, A221)."""
    option = attack.option
    mark = enc.dice.mark()
    rolled = max(1, enc.dice.roll(option.dice, f"{option.name} damage") + option.damage_bonus.value)
    if halved:
        rolled //= 2
    deal_area_damage(enc, c, victim, attack, rolled, "autofire", enc.dice.since(mark))


def gen_autofire(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """Autofire at the areas around each foe's corners (other areas are legal too, but
    not listed: a cheap candidate list, as a splash weapon's)."""
    if not standard_shot_open(enc, c):
        return
    ready = autofire_options(c)
    if not ready or not c.restrictions().can_attack:
        return
    for o in ready:
        seen: set[Pos] = set()
        for foe in enc.enemies(c):
            if foe.vitals.dead or not foe.present():
                continue
            (x, y), n = foe.pos, foe.squares
            for point in ((x, y), (x + n, y), (x, y + n), (x + n, y + n)):
                if point in seen:
                    continue
                seen.add(point)
                a = A.Autofire(o.name, point)
                if autofire_problem(enc, c, a) is None:
                    yield a
