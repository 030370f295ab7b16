"""Special attacks in the encounter: who may make them, what they provoke, and what
their results do to the fight, one module per maneuver (:mod:`.trip`, :mod:`.bull_rush`,
:mod:`.overrun`, :mod:`.disarm`, :mod:`.sunder`, :mod:`.objects`, :mod:`.feint`,
:mod:`.aid`, :mod:`.coup_de_grace`, :mod:`.knockout`, :mod:`.aimed_shot`, :mod:`.splash`,
:mod:`.autofire`, :mod:`.grapple` (with Improved Grab and Constrict), :mod:`.garrote`,
:mod:`.turning`; the monster special attacks Trip (Ex), pounce, rake and trample:
:mod:`.monster`). The procedures themselves are pure rules
(:mod:`d20combat.rules.maneuvers`); these modules feed them the situation (the attack's
bonus with every situational modifier, the conditions on each check) and apply the
outcome (prone, dropped weapons, pushes, a hold), recording each as an event.

A maneuver that is its own action (a bull rush, an overrun during a move, a feint ...)
has its action and handler functions in its module; one that may end a charge (bull
rush, overrun) registers a :class:`ChargeManeuver` in :data:`CHARGE_MANEUVERS`.

A maneuver made "in place of a melee attack" (trip, the grapple options) is an
:class:`~d20combat.encounter.actions.Attack` subclass (:class:`~d20combat.encounter.actions.Trip`):
it uses the attack's budget, so it may be the standard action's attack or any attack of
a full attack, at that attack's bonus. Its module registers an :class:`AttackManeuver`
in :data:`ATTACK_MANEUVER_RULES`; the attack handlers check, run and list it through
that table.

The others are actions of their own (feint and aid another: standard actions; the coup
de grace, knockout blow and aimed shot: full-round actions): each module holds their
check, run and generate functions, which
:data:`~d20combat.encounter.handlers.HANDLERS` lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from d20combat.content.creatures import Ability, StatBlock, WeaponRef, WieldStyle
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.rules.conditions import attack_modifiers
from d20combat.rules.hitpoints import (
    ABILITY_ORDER,
    ability_loss,
    constitution_change,
    damage_ability,
    drain_ability,
)
from d20combat.rules.maneuvers import Hold, hold
from d20combat.rules.maneuvers import weapon_ref as stats_weapon_ref
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics, derive

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack, Charge
    from d20combat.encounter.state import Encounter


# touch variants by the id of their option (kept alive in the entry, so ids stay unique)
_TOUCH: dict[int, tuple[AttackOption, AttackOption]] = {}


def touch_of(option: AttackOption) -> AttackOption:
    """The option made as a touch attack (a trip's, a grapple's grab): one object per
    option, so the attacks built from it are cached like any other."""
    hit = _TOUCH.get(id(option))
    if hit is None:
        hit = _TOUCH[id(option)] = (option, dataclasses.replace(option, touch=True))
    return hit[1]


def ability(c: Combatant, total: Total) -> Total:
    """A check's modifier with what the creature's conditions add to ability checks."""
    return c.roll_total(total, "ability-check")


def skill(c: Combatant, total: Total, name: str) -> Total:
    """A skill check's modifier with what the creature's conditions add to it (a
    blinded feinter's Bluff is not hampered; shaken: -2)."""
    return c.roll_total(total, "skill", skill=name)


def standard_shot_open(enc: Encounter, c: Combatant) -> bool:
    """Whether ``c`` may still make an attack that takes its whole standard action and
    spends ammunition (seed 004 autofire, a thrown explosive): no full-round action under
    way or made, no attack made this turn, something to fire or throw."""
    b = enc.budget
    if c.pending_full_round is not None or not b.standard or b.full_round:
        return False
    return b.routine is None and not b.attacks_made and bool(c.ammo)


def ready_option(c: Combatant, weapon: str) -> AttackOption | None:
    """The ready attack option called ``weapon`` (its name or its weapon's), or None."""
    key = weapon.lower()
    for o in c.ready_options():
        if o.name.lower() == key or (o.weapon is not None and o.weapon.name == key):
            return o
    return None


def check_full_round(enc: Encounter, c: Combatant, problem: Callable[[], str | None]) -> None:
    """The check of a special attack that is a full-round action (a coup de grace, a
    knockout blow, an aimed shot): the turn must have its full round left, then
    ``problem`` (why this one cannot be made, or None).

    Raises:
        IllegalActionError: naming what is missing.
    """
    from d20combat.encounter.handlers import need_full_round
    from d20combat.errors import IllegalActionError

    need_full_round(enc, c)
    why = problem()
    if why:
        raise IllegalActionError(why)


def helpless_target_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``target`` is no helpless foe of ``c`` to finish off now, or None (SRD
    combat-ii "Helpless Defenders": bound, sleeping, paralyzed, unconscious ...; those
    down by their hit points included)."""
    if target is c or target.side == c.side:
        return f"{target.id} is not an enemy"
    if not target.present():
        return f"{target.id} has left the battlefield"
    if target.vitals.dead:
        return f"{target.id} is already dead"
    if not target.restrictions().helpless:
        return f"{target.id} is not helpless"
    return None


def fall(enc: Encounter, c: Combatant) -> None:
    """``c`` is knocked prone (SRD conditions "Prone")."""
    c.conditions["prone"] = Condition(c.id, 0)
    enc.space.invalidate(c)


def roll_bonus(c: Combatant, option: AttackOption, bonus: Total) -> Total:
    """``c``'s attack roll with ``option`` in an opposed roll (disarm, sunder): ``bonus``
    (the attack's, its iterative penalty counted) with what its own conditions, Power
    Attack and Combat Expertise add to melee attack rolls. Modifiers that depend on the
    foe's defense (flanking, cover, its AC) do not apply: the roll is not against AC (a
    reading: A34)."""
    mods = list(attack_modifiers(c.condition_set(), ranged=False)) if c.conditions else []
    if c.power_attack:
        mods.append(Modifier(-c.power_attack, BonusType.UNTYPED, "Power Attack"))
    if c.expertise:
        mods.append(Modifier(-c.expertise, BonusType.UNTYPED, "Combat Expertise"))
    return bonus.plus(*mods) if mods else bonus


def provoke_spoils(enc: Encounter, c: Combatant, reason: str, target: Combatant) -> bool:
    """The attack of opportunity ``target`` makes against ``c``'s attempt; False if it
    spoils it: ``c`` cannot act any more, or it took any damage (seed 000 "Disarm":
    "If the defender's attack of opportunity deals any damage, your disarm attempt
    fails")."""
    from d20combat.encounter.fighting import provoke

    before = c.vitals
    if not provoke(enc, c, reason, only=target):
        return False
    after = c.vitals
    return (after.hp, after.nonlethal, after.temp_hp) == (
        before.hp,
        before.nonlethal,
        before.temp_hp,
    )


# ---------------------------------------------------------------- gear
def weapon_ref(c: Combatant, item: str) -> WeaponRef | None:
    """The weapon ``c`` carries as ``item`` (those it took from others included)."""
    return stats_weapon_ref(c.stats, item)


def hold_of(c: Combatant, option: AttackOption) -> Hold:
    """What ``c`` fights with when it uses ``option`` (its weapon's size, a locked
    gauntlet: :func:`d20combat.rules.maneuvers.hold`)."""
    return hold(c.stats, option)


def shield_of(c: Combatant) -> str | None:
    """The name of the shield ``c`` still carries, or None."""
    s = c.stat.shield
    return s.display if s is not None and s.display not in c.lost else None


# geared stat blocks and their statistics, by (stat block, ruleset, shield gone, taken)
_GEARED: dict[tuple[object, ...], tuple[object, StatBlock, Statistics]] = {}


_NO_DAMAGE = (0, 0, 0, 0, 0, 0)


def refit(enc: Encounter, c: Combatant) -> None:
    """Derive ``c``'s statistics again for what it holds now: without its shield once
    the shield is lost (destroyed) or while it is slung (SRD combat-i "Ready or Loose a
    Shield"), with the weapons it took from others (SRD
    "Disarm": "you now have the weapon"), and from its scores less their ability damage
    (seed 003 "Ability Damage": Str on attacks and damage, Dex on AC and Reflex, Con on
    hit points and Fortitude ...). The stat block itself never changes."""
    stat = c.stat
    # lost (destroyed, dropped) or slung, not readied (encounter/stowed.py)
    gone = stat.shield is not None and (
        stat.shield.display in c.lost or stat.shield.display in c.stowed
    )
    bare = stat.armor is not None and stat.armor.display in c.lost  # ruined (A253)
    damaged = ability_loss(c.vitals)  # damage and drain alike
    if not any(damaged):
        damaged = _NO_DAMAGE
    if not gone and not bare and not c.taken and damaged is _NO_DAMAGE:
        stats = enc_stats(enc, stat)
    else:
        key = (id(stat), id(enc.rules), gone, bare, c.taken, damaged)
        hit = _GEARED.get(key)
        if hit is None or hit[0] is not stat:
            refs = list(stat.weapons)
            for owner, item, name in c.taken:
                from_owner = enc.combatants.get(owner)
                ref = weapon_ref(from_owner, item) if from_owner is not None else None
                if ref is not None:
                    wield = WieldStyle.MAIN if ref.wield is not WieldStyle.TWO_HANDS else ref.wield
                    refs.append(ref.model_copy(update={"label": name, "wield": wield}))
            scores = {
                a: None if v is None else max(0, v - damaged[ABILITY_ORDER.index(a)])
                for a, v in stat.abilities.items()
            }
            geared = stat.model_copy(
                update={
                    "shield": None if gone else stat.shield,
                    "armor": None if bare else stat.armor,
                    "weapons": tuple(refs),
                    "abilities": scores,
                }
            )
            if len(_GEARED) > 4096:
                _GEARED.clear()
            hit = _GEARED[key] = (stat, geared, derive(geared, enc.rules))
        stats = hit[2]
    if stats is not c.stats:
        c.stats = stats
        c._ready = None
        c._routines = None
        enc.space.invalidate(c)


def damage_abilities(
    enc: Encounter, c: Combatant, ability: Ability, amount: int, *, drain: bool = False
) -> None:
    """``amount`` points of damage to ``c``'s ``ability`` (SRD "Ability Score Loss"), or
    of drain (``drain``: lost for good, SRD conditions "Ability Drained"): the score's
    derived numbers follow (:func:`refit`); Constitution moves the maximum and current
    hit points by the modifier's change times the hit dice (A144)."""
    before = c.vitals
    c.vitals = (drain_ability if drain else damage_ability)(before, ability, amount)
    score = c.stat.abilities.get(ability)
    if ability is Ability.CON and score is not None:
        i = ABILITY_ORDER.index(ability)
        old, new = (
            max(0, score - ability_loss(before)[i]),
            max(0, score - ability_loss(c.vitals)[i]),
        )
        c.vitals = constitution_change(c.vitals, int(c.stat.hd_total), old, new)
    refit(enc, c)
    enc.space.invalidate(c)


def enc_stats(enc: Encounter, stat: StatBlock) -> Statistics:
    from d20combat.encounter.state import statistics_of

    return statistics_of(stat, enc.rules)


def held_name(taker: Combatant, owner: Combatant, item: str) -> str:
    """What ``taker`` calls ``owner``'s ``item`` once it holds it: the same name, or
    "ITEM of OWNER" when it carries an item of that name already."""
    own = {o.item for o in taker.stats.options if o.item} | {t[2] for t in taker.taken}
    return item if item not in own else f"{item} of {owner.id}"


def take(enc: Encounter, taker: Combatant, owner: Combatant, item: str) -> str:
    """``taker`` takes ``owner``'s ``item`` into its hand (an unarmed disarm or grab);
    the item's damage goes with it. Returns the name it holds it by."""
    name = held_name(taker, owner, item)
    owner.wielding = tuple(w for w in owner.wielding if w != item)
    owner.lost = (*owner.lost, item)
    if item in owner.item_damage:
        taker.item_damage[name] = owner.item_damage.pop(item)
    taker.taken = (*taker.taken, (owner.id, item, name))
    refit(enc, owner)
    refit(enc, taker)
    taker.wielding = (*taker.wielding, name)
    enc.space.invalidate(owner)
    enc.space.invalidate(taker)
    return name


def reclaim(enc: Encounter, picker: Combatant, item: str) -> None:
    """``picker`` picks up its own ``item`` that another had taken and dropped: that
    other no longer has it."""
    if item not in picker.lost:
        return
    for other in enc.combatants.values():
        mine = [t for t in other.taken if t[0] == picker.id and t[1] == item and t[2] == item]
        if mine and item in other.lost:
            other.taken = tuple(t for t in other.taken if t not in mine)
            other.lost = tuple(x for x in other.lost if x != item)
            if item in other.item_damage:
                picker.item_damage[item] = other.item_damage.pop(item)
            refit(enc, other)


def ruin(enc: Encounter, c: Combatant, item: str) -> None:
    """``c``'s ``item`` is destroyed (seed 000 "Hit Points": at 0 an object is ruined):
    out of its hand and gone; a shield's bonus goes with it, and worn armor's (A253)."""
    c.wielding = tuple(w for w in c.wielding if w != item)
    c.lost = (*c.lost, item)
    refit(enc, c)
    enc.space.invalidate(c)


# ---------------------------------------------------------------- the attack maneuvers
class AttackManeuver(NamedTuple):
    """A special attack made in place of a melee attack: why it is illegal against a
    target (None: legal), how it is resolved, the weapons it may be made with (None:
    the creature's unarmed strike), and whether it may be made fighting defensively
    (those that roll an attack: not the grapple checks).

    A maneuver whose notation names more than a weapon (disarm and sunder name the
    target's item) also gives ``check``, why the whole action is illegal, and
    ``generate``, its legal actions against a target in place of an attack that
    ``options`` may make (``defensively`` or not)."""

    problem: Callable[[Encounter, Combatant, Combatant, str | None], str | None]
    attempt: Callable[[Encounter, Combatant, Attack, AttackOption, Total], None]
    weapons: Callable[[Combatant], list[str | None]]
    defensive: bool = True
    check: Callable[[Encounter, Combatant, Attack, Combatant], str | None] | None = None
    generate: (
        Callable[[Encounter, Combatant, Combatant, list[AttackOption], bool], Iterator[Attack]]
        | None
    ) = None


#: Every maneuver of :data:`d20combat.encounter.actions.ATTACK_MANEUVER_ACTIONS`, by verb;
#: each maneuver's module adds its entry when this package is imported.
ATTACK_MANEUVER_RULES: dict[str, AttackManeuver] = {}


def maneuver_problem(enc: Encounter, c: Combatant, a: Attack, target: Combatant) -> str | None:
    """Why ``a`` (an attack with its ``maneuver`` set) is illegal now, or None."""
    assert a.maneuver is not None
    rule = ATTACK_MANEUVER_RULES[a.maneuver]
    if a.defensively and not rule.defensive:
        return f"{a.maneuver} is a grapple check, not an attack: no fighting defensively"
    if rule.check is not None:
        return rule.check(enc, c, a, target)
    return rule.problem(enc, c, target, a.weapon)


def attempt_maneuver(
    enc: Encounter, c: Combatant, a: Attack, option: AttackOption, bonus: Total
) -> None:
    """Resolve the maneuver ``a`` in place of the attack ``option`` at ``bonus``."""
    assert a.maneuver is not None
    ATTACK_MANEUVER_RULES[a.maneuver].attempt(enc, c, a, option, bonus)


def maneuver_attacks(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    options: list[AttackOption],
    *,
    defensively: bool,
) -> Iterator[Attack]:
    """The legal maneuvers in place of the next attack (``options``: what that attack
    may be made with) against ``target``."""
    from d20combat.encounter.actions import ATTACK_MANEUVER_ACTIONS

    if not any(not o.ranged for o in options):
        return
    for verb, rule in ATTACK_MANEUVER_RULES.items():
        if defensively and not rule.defensive:
            continue
        if rule.generate is not None:
            yield from rule.generate(enc, c, target, options, defensively)
            continue
        for weapon in rule.weapons(c):
            if rule.problem(enc, c, target, weapon) is None:
                yield ATTACK_MANEUVER_ACTIONS[verb](target.id, weapon, defensively=defensively)


# ---------------------------------------------------------------- the charge's endings
class ChargeManeuver(NamedTuple):
    """A special attack that ends a charge in place of its attack (seed 000 "Charge": "A
    charging character gets a +2 bonus on the Strength check made to bull rush or overrun
    an opponent"): the check of ``charge TARGET to SQUARE MANEUVER`` beyond the charge's
    own (raises IllegalActionError), its resolution (the move included), and the charges
    to list against a target. Each gets the charge's movement limit in feet."""

    check: Callable[[Encounter, Combatant, Charge, Combatant, int], None]
    run: Callable[[Encounter, Combatant, Charge, Combatant, int], None]
    ends: Callable[[Encounter, Combatant, Combatant, int], Iterable[Charge]]
    attacks: bool = False  # it ends in attacks (a pounce): Power Attack goes with them


#: The maneuvers a charge may end with, by the word of its notation.
CHARGE_MANEUVERS: dict[str, ChargeManeuver] = {}


# each maneuver's module registers itself in the tables above
from d20combat.encounter.maneuvers import (  # noqa: E402
    aid,
    aimed_shot,
    bull_rush,
    coup_de_grace,
    disarm,
    feint,
    garrote,
    grapple,
    knockout,
    monster,
    overrun,
    splash,
    sunder,
    swallow,
    trip,
    turning,
)

__all__ = [
    "ATTACK_MANEUVER_RULES",
    "CHARGE_MANEUVERS",
    "AttackManeuver",
    "ChargeManeuver",
    "ability",
    "aid",
    "aimed_shot",
    "attempt_maneuver",
    "bull_rush",
    "check_full_round",
    "coup_de_grace",
    "disarm",
    "fall",
    "feint",
    "garrote",
    "grapple",
    "helpless_target_problem",
    "knockout",
    "maneuver_attacks",
    "maneuver_problem",
    "monster",
    "overrun",
    "ready_option",
    "reclaim",
    "skill",
    "splash",
    "sunder",
    "swallow",
    "touch_of",
    "trip",
    "turning",
]
