"""Seed 001's damage types in the fight, where the map or the creatures' places matter
(the rest is pure: :mod:`d20combat.rules.damage`).

* "Cold damage ... is especially potent against creatures soaked in water" (trait
  ``cold-soaked``, reading A206): a creature with any square of its space in the water
  (wading or swimming, :func:`d20combat.encounter.water.depth`) is soaked, and cold
  damage is a vulnerability to it (:func:`soaked`, from ``build_attack``);
* after a hit (:func:`after_hit`, from ``strike``; the numbers in
  :mod:`d20combat.rules.energy`): sonic damage up close may deafen (``sonic-deafens``,
  A208); electricity striking a creature in the water runs across the body of water
  to every creature in it within 30 ft (``electricity-conducts``, A207); acid may
  damage the metal weapons and shield in the target's hands unless it makes a Reflex
  save (``acid-corrodes``, A209); fire may ignite a flask of alchemist's fire in its
  hand (``fire-ignites``, A214).

Every hook asks the ruleset's traits first and the hit's damage types (or the map's
water) next: a ruleset without the traits, a hit of physical damage only, or a dry map
pays a set test or two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.damage import DamageType
from d20combat.encounter.water import Depth, depth, depth_at
from d20combat.grid.squares import footprint
from d20combat.grid.terrain import DEEP_WATER, SHALLOW_WATER
from d20combat.rules.attack import Attack, AttackResult
from d20combat.rules.damage import SOAKED, DamagePart, apply_defenses
from d20combat.rules.energy import (
    CONDUCT_RANGE_FT,
    DEAFEN_RANGE_FT,
    METAL_HARDNESS,
    acid_save_dc,
    deafening,
)
from d20combat.rules.objects import damage_to_object, object_save, object_save_bonus
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.combatant import Combatant
    from d20combat.encounter.state import Encounter


def deals(option: AttackOption, attack: Attack, t: DamageType) -> bool:
    """Whether a hit of ``option`` deals damage of type ``t`` (its own or extra)."""
    if t in option.damage_types:
        return True
    return any(x.type is t for x in (*option.extra, *attack.extra))


def soaked(enc: Encounter, option: AttackOption, target: Combatant, attack: Attack) -> Attack:
    """``attack`` with ``target`` counted as soaked when it is in the water and the
    attack deals cold under a ruleset with ``cold-soaked`` (A206); else unchanged."""
    if (
        not enc.map.has_water
        or "cold-soaked" not in enc.rules.damage_type_traits
        or not deals(option, attack, DamageType.COLD)
        or depth(enc, target) is Depth.LAND
    ):
        return attack
    d = attack.defenses
    return attack._replace(defenses=d._replace(kinds=d.kinds | {SOAKED}))


#: The traits :func:`after_hit` applies.
AFTER_HIT_TRAITS = frozenset(
    {"sonic-deafens", "electricity-conducts", "acid-corrodes", "fire-ignites"}
)


class _AfterHit:
    """``traits in AFTER_HIT_RULESETS``: whether a ruleset's ``damage_type_traits`` name
    any of :data:`AFTER_HIT_TRAITS`, remembered by value (one dict lookup a hit)."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, ...], bool] = {}

    def __contains__(self, traits: tuple[str, ...]) -> bool:
        hit = self._known.get(traits)
        if hit is None:
            hit = self._known[traits] = not AFTER_HIT_TRAITS.isdisjoint(traits)
        return hit


AFTER_HIT_RULESETS = _AfterHit()
_WATER = SHALLOW_WATER | DEEP_WATER
SONIC_RULE = "seed 001 Sonic damage (A208)"
CONDUCT_RULE = "seed 001 Electric damage (A207)"
ACID_RULE = "seed 001 Acid damage (A209)"
FIRE_RULE = "seed 001 Fire damage (A214)"


def _rolled(parts: tuple[DamagePart, ...], t: DamageType) -> int:
    """The damage of type ``t`` a hit rolled (before the target's defenses)."""
    return sum(p.amount for p in parts if p.types[0] is t and not p.physical)


def after_hit(
    enc: Encounter, attacker: Combatant, target: Combatant, r: AttackResult, attack: Attack
) -> None:
    """What a hit's sonic, electricity or acid does beyond its damage (the module
    docstring), after the damage event. The caller has checked that the ruleset has
    some of :data:`AFTER_HIT_TRAITS`."""
    traits = enc.rules.damage_type_traits
    parts = r.parts
    if "sonic-deafens" in traits:
        sonic = _rolled(parts, DamageType.SONIC)
        if sonic:
            _deafen(enc, attacker, target, sonic)
            if target.wielding:
                _shatter(enc, target, sonic, attack)
    if "electricity-conducts" in traits and enc.map.has_water:
        shock = _rolled(parts, DamageType.ELECTRICITY)
        if shock:
            _conduct(enc, attacker, target, shock, attack)
    if "acid-corrodes" in traits:
        acid = [p for p in parts if p.types[0] is DamageType.ACID and not p.physical]
        if acid:
            _corrode(enc, target, acid, attack)
    if "fire-ignites" in traits and target.wielding:
        fire = _rolled(parts, DamageType.FIRE)
        if fire:
            _ignite(enc, attacker, target, fire, attack)


#: The material that names a fragile crystalline item (a weapon's ``materials``).
CRYSTAL = "crystal"


def _shatter(enc: Encounter, target: Combatant, sonic: int, attack: Attack) -> None:
    """Seed 001 "Sonic ... shatters fragile crystalline objects exposed
    directly to it": each item of crystal in ``target``'s hands (a weapon whose
    ``materials`` name ``crystal``) is shielded by its holder's Fortitude save (an
    attended object saves as its owner, or its own if better: seed 000 "Saving
    Throws"), DC 10 + half the sonic rolled (as A208); on a failure it shatters, ruined
    (A251)."""
    from d20combat.encounter.maneuvers import ruin
    from d20combat.rules.maneuvers.sunder import caster_level

    crystal = [
        o.item for o in target.stats.options if o.item in target.wielding and CRYSTAL in o.materials
    ]
    if target.vitals.dead or not target.present() or not crystal:
        return
    dc = acid_save_dc(sonic)
    mark = enc.dice.mark()
    fort = target.roll_total(target.stats.saves["fort"], "save")
    shattered = []
    for item in dict.fromkeys(crystal):
        bonus = object_save_bonus(
            attended=fort.value, caster_level=caster_level(target.stats, item)
        )
        if not object_save(enc.dice, bonus, dc, f"Fortitude to keep {item} whole (DC {dc})"):
            shattered.append(item)
    enc.event(
        target.id,
        "shattered",
        SONIC_RULE,
        totals=(("fortitude save", fort),),
        rolls_from=mark,
        weapon=attack.option.name,
        sonic=sonic,
        dc=dc,
        items=list(dict.fromkeys(crystal)),
        shattered=shattered,
    )
    for item in shattered:
        ruin(enc, target, item)


def _deafen(enc: Encounter, attacker: Combatant, target: Combatant, sonic: int) -> None:
    """A208: up close (within 10 ft of the attacker), a Fortitude save or deafened 2d6
    rounds; nothing for a creature immune to sonic damage, one already deafened, or
    one no longer on the field."""
    if (
        DamageType.SONIC in target.stats.defenses.immune
        or target.vitals.dead
        or not target.present()
        or "deafened" in target.conditions
        or enc.space.distance_ft(attacker, target) > DEAFEN_RANGE_FT
    ):
        return
    mark = enc.dice.mark()
    fort = target.roll_total(target.stats.saves["fort"], "save")
    out = deafening(enc.dice, sonic, fort.value)
    if not out.saved:
        enc.impose(target, "deafened", attacker.id, out.rounds)
        enc.space.invalidate(target)
    enc.event(
        attacker.id,
        "deafening",
        SONIC_RULE,
        target=target.id,
        totals=(("fortitude save", fort),),
        rolls_from=mark,
        sonic=sonic,
        dc=out.dc,
        result="resisted" if out.saved else "deafened",
        rounds=out.rounds,
    )


def water_reached(enc: Encounter, struck: Combatant) -> set[tuple[int, int]]:
    """The water squares the current reaches from ``struck`` (A207): the body of water
    its space touches (water squares joined side or corner), within 30 ft of it."""
    bmap = enc.map
    r = CONDUCT_RANGE_FT // 5
    x0, y0 = struck.pos
    n = struck.squares
    todo = [sq for sq in footprint(struck.pos, n) if bmap.flags(*sq) & _WATER]
    seen = set(todo)
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (x + dx, y + dy)
                if q in seen or not bmap.in_bounds(*q) or not bmap.flags(*q) & _WATER:
                    continue
                if not (x0 - r <= q[0] < x0 + n + r and y0 - r <= q[1] < y0 + n + r):
                    continue  # beyond 30 ft of the struck creature's space
                seen.add(q)
                todo.append(q)
    return seen


def _conduct(
    enc: Encounter, attacker: Combatant, target: Combatant, shock: int, attack: Attack
) -> None:
    """A207: the electricity rolled, dealt to every other creature in the water the
    current reaches (the attacker too, if it stands in it), each meeting it with its
    own defenses."""
    from d20combat.encounter.fighting import deal_damage

    if depth_at(enc.map, target.pos, target.squares) is Depth.LAND:
        return
    wet = water_reached(enc, target)
    by_id = enc.combatants
    near = sorted(enc.space.occ.within(target.pos, target.squares, CONDUCT_RANGE_FT))
    victims = [
        by_id[cid]
        for cid in near
        if cid != target.id
        and by_id[cid].present()
        and not by_id[cid].vitals.dead
        and any(sq in wet for sq in footprint(by_id[cid].pos, by_id[cid].squares))
    ]
    if not victims:
        return
    enc.event(
        attacker.id,
        "conducted",
        CONDUCT_RULE,
        target=target.id,
        electricity=shock,
        victims=[v.id for v in victims],
    )
    name = f"{attack.option.name} (conducted through water)"
    for v in victims:
        part = (DamagePart(shock, (DamageType.ELECTRICITY,), name),)
        damage, notes = apply_defenses(list(part), v.stats.defenses, enc.rules)
        hit = AttackResult(True, rolled=shock, damage=damage, parts=part, reductions=notes)
        deal_damage(enc, attacker, v, hit, attack)


def _corrode(enc: Encounter, target: Combatant, acid: list[DamagePart], attack: Attack) -> None:
    """A209: the metal weapons and shield in ``target``'s hands (hardness 10 or more)
    are safe on a Reflex save (DC 10 + half the acid); else each takes the acid as an
    object, the ruleset's share of energy damage to objects, its hardness not counted
    (acid eats metal: "especially dangerous"), and is ruined at 0 hit points as a
    sundered item is."""
    from d20combat.encounter.maneuvers import ruin, shield_of
    from d20combat.rules.maneuvers.sunder import armor_durability, caster_level, durability

    if target.vitals.dead or not target.present():
        return
    held = [*target.wielding]
    shield = shield_of(target)
    if shield is not None:
        held.append(shield)
    metal = []
    for item in dict.fromkeys(held):
        table = durability(target.stats, item)
        if table is not None and table.hardness >= METAL_HARDNESS:
            metal.append((item, table))
    worn = armor_durability(target.stats)  # its metal armor too (A253)
    if worn is not None and worn[0] not in target.lost:
        metal.append(worn)
    if not metal:
        return
    amount = sum(p.amount for p in acid)
    dc = acid_save_dc(amount)
    mark = enc.dice.mark()
    reflex = target.roll_total(target.stats.saves["ref"], "save")
    # the gear in hand is attended: it saves as its owner would (seed 000 "Saving Throws");
    # the owner's failed, a magic item whose own save is better makes it (A251)
    bonus = object_save_bonus(attended=reflex.value)
    saved = object_save(enc.dice, bonus, dc, f"Reflex to keep its gear (DC {dc})")
    kept: list[list[object]] = []
    spared: set[str] = set()
    for item, _ in metal if not saved else ():
        mine = object_save_bonus(
            attended=reflex.value, caster_level=caster_level(target.stats, item)
        )
        if mine is not None and bonus is not None and mine > bonus:
            ok = object_save(enc.dice, mine, dc, f"{item}'s own save (DC {dc})")
            kept.append([item, mine, ok])
            if ok:
                spared.add(item)
    items = []
    ruined = []
    for item, table in metal if not saved else ():
        if item in spared:
            continue
        lost = target.item_damage.get(item, 0)
        dealt = damage_to_object(acid, 0, enc.rules).damage
        left = max(0, table.hp - lost - dealt)
        if dealt:
            target.item_damage[item] = table.hp - left
        items.append([item, dealt, left])
        if left == 0:
            ruined.append(item)
    enc.event(
        target.id,
        "corroded",
        ACID_RULE,
        totals=(("reflex save", reflex),),
        rolls_from=mark,
        weapon=attack.option.name,
        acid=amount,
        dc=dc,
        result="saved" if not items else "corroded",
        items=items,
        own_saves=kept,
    )
    for item in ruined:
        ruin(enc, target, item)


def _ignite(
    enc: Encounter, attacker: Combatant, target: Combatant, fire: int, attack: Attack
) -> None:
    """A214: a flask of a flammable splash weapon (its damage fire: alchemist's fire) in
    ``target``'s hand is shielded by a Reflex save (DC 10 + half the fire rolled, as
    A209); on a failure it ignites: the flask is gone, and its fire (the weapon's
    damage) burns its holder, met by its defenses. Stowed flasks are "safely bundled
    away"."""
    from d20combat.encounter.fighting import deal_damage, use_up_thrown
    from d20combat.encounter.maneuvers.splash import is_splash

    if target.vitals.dead or not target.present():
        return
    flasks = [
        o
        for o in target.stats.options
        if o.item in target.wielding and is_splash(o) and DamageType.FIRE in o.damage_types
    ]
    if not flasks:
        return
    flask = flasks[0]
    dc = acid_save_dc(fire)
    mark = enc.dice.mark()
    reflex = target.roll_total(target.stats.saves["ref"], "save")
    bonus = object_save_bonus(attended=reflex.value)  # an attended item (seed 000)
    saved = object_save(enc.dice, bonus, dc, f"Reflex to shield {flask.item} (DC {dc})")
    burn = 0
    if not saved:
        burn = enc.dice.roll(flask.dice, f"{flask.item} ignites")
    enc.event(
        target.id,
        "ignited",
        FIRE_RULE,
        totals=(("reflex save", reflex),),
        rolls_from=mark,
        item=flask.item,
        fire=fire,
        dc=dc,
        result="shielded" if saved else "ignited",
        burn=burn,
    )
    if saved:
        return
    use_up_thrown(enc, target, flask)
    part = (DamagePart(burn, (DamageType.FIRE,), f"{flask.item} (ignited)"),)
    damage, notes = apply_defenses(list(part), target.stats.defenses, enc.rules)
    hit = AttackResult(True, rolled=burn, damage=damage, parts=part, reductions=notes)
    deal_damage(enc, attacker, target, hit, attack)
