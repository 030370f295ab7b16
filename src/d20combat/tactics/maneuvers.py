"""When the baseline tactics make a special attack instead of the attack they planned.

The choice weighs what each is expected to bring, in hit points, with the exact odds of
the maneuver (the same closed forms as ``d20combat odds``: the touch attack and
:func:`~d20combat.rules.checks.p_opposed`), not a fixed habit:

* the attack: its expected damage (:func:`~d20combat.tactics.estimates.hit_damage`);
* a trip (seed 000 "Trip"): if the foe falls, the attacks still to come on it this round
  gain +4 against its prone AC (the trip's own attacker and allies next to it, one attack
  each), standing up costs it its move action (no full attack next turn) and an attack
  of opportunity from every foe threatening it; with Improved Trip the replaced attack
  still comes. Against that: the planned attack is lost (unless Improved Trip and the
  foe falls), the attack of opportunity an unarmed trip provokes, and the same losses
  turned on the tripper when it is tripped back;
* a disarm (seed 000 "Disarm"): if the foe loses its weapon, what it deals a round
  falls to what it has without it (another weapon it holds, its natural weapons, its
  unarmed strike) until it recovers: it picks the weapon up (a move action that costs
  it the rest of its full attack and provokes from every foe threatening it) or draws
  another (a move action), whichever costs it less, and fights on without it for
  :data:`HORIZON` rounds at most; an unarmed disarmer keeps the weapon (no pick-up).
  Against that: the attack given up, the attack of opportunity (whose hit spoils the
  disarm), and the same loss turned on the disarmer if it is disarmed back.
* a sunder (seed 000 "Sunder"): only the blow that destroys the foe's weapon counts
  (the chance that one roll of the weapon's damage reaches the weapon's hardness plus
  its hit points left, :meth:`~d20combat.rules.dice.Dice.distribution_weights`): the
  foe then fights without it as above (no pick-up), against the attack given up and
  the attack of opportunity.
* a grapple (seed 000 "Grapple"): :func:`d20combat.tactics.grapple.grapple_value`.

The actions that are not made in place of one attack are weighed against the whole
turn's attacks they give up (:func:`turn_special`, asked once at the start of the
baseline's attacks):

* a feint (seed 000 "Feint"): the chance the Bluff wins times what the lost Dexterity
  bonus is worth on the attack that uses it: more hits, and a rogue's sneak attack dice;
  against that, this turn's attacks (with Improved Feint, a move action, only the rest
  of the full attack);
* aid another (seed 000 "Aid Another"): the chance of hitting AC 10 times the best of
  +2 on a friend's attack roll against the opponent and +2 to its AC against the
  opponent's attack (every attack of the turn in ``d20modern``), against this turn's
  attacks;
* a coup de grace (SRD combat-ii "Helpless Defenders") on a foe helpless for a while
  only (a paralysis, seed 004's nonlethal knock-out: a foe down by its hit points is out
  of the fight already, and finishing it gains nothing in hit points): the chance it
  dies times the hit points it would take to drop it again, less the attacks of
  opportunity it provokes, against this turn's attacks; with no full-round action left,
  a blow that would wake a sleeper (reading A70) is held back when the coup de grace
  next turn is worth more;
* a knockout blow (seed 004 "Knockout Blow", d20modern) on the same foes: the chance it
  hits, reaches the massive damage threshold and the foe fails its save, times the
  foe's hit points; ``capture`` tactics (prisoners wanted) give no coup de grace;
* an aimed shot (seed 004 "Helpless Defenders: Regular Attack", d20modern): the +5
  shot's expected damage on the helpless foe the planned shot aims at.

A creature shut in by a closed door (no way to any foe but through it) opens it, or
breaks or hacks open a locked one, whichever is expected to take fewer rounds
(:func:`door_way`).

Each starts with a cheap bound that rejects it early, so a turn where none is possible
or worth it costs little more than before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.objects import DOOR_SIZE, object_ac
from d20combat.content.rulesets import Ruleset
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.handlers import attack_in_hand, attacks_after
from d20combat.encounter.maneuvers import (
    CHARGE_MANEUVERS,
    ability,
    hold_of,
    roll_bonus,
    skill,
    touch_of,
)
from d20combat.encounter.maneuvers.aimed_shot import aim_option, aim_problem_in
from d20combat.encounter.maneuvers.bull_rush import bull_rush_problem_in, push_direction
from d20combat.encounter.maneuvers.coup_de_grace import (
    coup_de_grace_problem_in,
    finishing_option,
    hidden,
)
from d20combat.encounter.maneuvers.disarm import can_be_disarmed, disarm_check
from d20combat.encounter.maneuvers.feint import feint_problem_in, improved_feint
from d20combat.encounter.maneuvers.garrote import garrote_problem
from d20combat.encounter.maneuvers.grapple import start_problem
from d20combat.encounter.maneuvers.knockout import knockout_option, knockout_problem_in
from d20combat.encounter.maneuvers.objects import IMMOBILE_MELEE, closed_doors, object_problem
from d20combat.encounter.maneuvers.overrun import overrun_paths, overrun_problem_in
from d20combat.encounter.maneuvers.sunder import sunder_check
from d20combat.encounter.maneuvers.trip import trip_option, trip_problem_in
from d20combat.grid.squares import distance, footprint_distance
from d20combat.rules.attack import Attack as Blow
from d20combat.rules.checks import Ties, p_beats_by, p_opposed
from d20combat.rules.conditions import ENDS_ON_DAMAGE, restrictions
from d20combat.rules.dice import Dice
from d20combat.rules.maneuvers import ability_check
from d20combat.rules.maneuvers import bull_rush as BR
from d20combat.rules.maneuvers import overrun as OV
from d20combat.rules.maneuvers.disarm import disarm_sides
from d20combat.rules.maneuvers.feint import FeintSides, feint_sides
from d20combat.rules.maneuvers.sunder import durability, sunder_sides
from d20combat.rules.maneuvers.trip import resist_check, strength_check
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.objects import break_dc
from d20combat.rules.statistics import AttackOption, Routine, Statistics
from d20combat.tactics.estimates import hit_damage, p_hits
from d20combat.tactics.garrote import garrote_value, has_garrote, is_garrote, plain_garrote
from d20combat.tactics.grapple import grapple_value
from d20combat.tactics.worth import aoo_of, attack_worth, built, built_worth, mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Pos = tuple[int, int]

#: AC against melee attacks while prone (seed 002 Table: Armor Class Modifiers).
PRONE_AC = 4


_damage = attack_worth


def _plain(option: AttackOption, bonus: int, target: Combatant, shift: int = 0) -> float:
    """Expected damage of an attack on ``target`` out of any situation (its AC as it
    stands, lowered by ``shift``; capped at its hit points): the cheap estimate the
    secondary terms of a maneuver's worth use."""
    return hit_damage(
        target.stats.ac.value - shift,
        bonus,
        min(_mean(option), max(1.0, float(target.vitals.hp))),
        option.crit_range,
        option.crit_multiplier,
        0,
    )


def _prone_cost(
    enc: Encounter, down: Combatant, *, then: list[tuple[AttackOption, Total]]
) -> float:
    """What knocking ``down`` prone is worth to its foes, in expected hit points: the
    attacks ``then`` (option, bonus) still to come on it this round gain +4 against
    melee; standing up provokes from each foe that threatens it and costs it the full
    attack of its next turn (estimated out of the situation: :func:`_plain`)."""
    gain = sum(_plain(o, b.value, down, PRONE_AC) - _plain(o, b.value, down) for o, b in then)
    foes = enc.space.threatening(down)
    for foe in foes:
        option = aoo_of(enc, foe, down)
        if option is not None:
            gain += _plain(option, option.bonus.value, down, PRONE_AC)
    if foes:
        gain += _full_attack_rest(down, foes[0])
    return gain


# the checks' totals by (statistics, ruleset, check), the objects kept alive in the entry
_CHECKS: dict[tuple[int, int, object], tuple[object, object, Total]] = {}


def _check(c: Combatant, check: Callable[[Statistics, Ruleset], Total], rules: Ruleset) -> int:
    """A maneuver check's modifier for ``c`` (cached per statistics), with what its
    conditions add to ability checks."""
    key = (id(c.stats), id(rules), check)
    hit = _CHECKS.get(key)
    if hit is None:
        if len(_CHECKS) > 4096:
            _CHECKS.clear()
        hit = _CHECKS[key] = (c.stats, rules, check(c.stats, rules))
    total = hit[2]
    return c.roll_total(total, "ability-check").value if c.conditions else total.value


_mean = mean_damage


def _fall_bound(
    enc: Encounter, target: Combatant, later: list[tuple[AttackOption, Total]]
) -> float:
    """A cheap bound on what knocking ``target`` prone could bring at most: every attack
    still to come (``later``) gains at most 4 in 20 more hits, every foe threatening the
    target hits it when it stands, no more than its hit points in all, and the rest of
    its full attack is lost."""
    on_it = sum(0.2 * _mean(o) * o.crit_multiplier for o, _ in later)
    on_it += sum(_means(f)[0] for f in enc.space.threatening(target))
    return min(float(max(target.vitals.hp, 1)), on_it) + _means(target)[1]


# (best melee mean, mean of the rest of the best full attack) by the ready options and
# routines, both kept alive in the entry
_MEANS: dict[tuple[int, int], tuple[object, object, tuple[float, float]]] = {}


def _means(x: Combatant) -> tuple[float, float]:
    """The mean damage of ``x``'s best ready melee blow, and of the melee attacks of its
    best full attack after the first (cached per ready options and routines)."""
    melee, routines = x.melee_options(), x.routines_ready()
    key = (id(melee), id(routines))
    hit = _MEANS.get(key)
    if hit is None or hit[0] is not melee or hit[1] is not routines:
        if len(_MEANS) > 4096:
            _MEANS.clear()
        best = max((_mean(o) for o in melee), default=0.0)
        rest = max(
            (sum(_mean(o) for o, _ in r.attacks[1:] if not o.ranged) for r in routines),
            default=0.0,
        )
        hit = _MEANS[key] = (melee, routines, (best, rest))
    return hit[2]


def trip_value(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    replaced: AttackOption,
    bonus: Total,
    later: list[tuple[AttackOption, Total]],
) -> float:
    """The expected worth of tripping ``target`` in place of ``replaced`` at ``bonus``
    (``later``: c's attacks still to come this round), against the attack itself."""
    rules = enc.rules
    option = trip_option(c, None)
    if option is None:
        return float("-inf")
    won = float(p_opposed(_check(c, strength_check, rules), _check(target, resist_check, rules)))
    attack_worth = _damage(enc, c, replaced, bonus, target)
    improved = c.stat.has_feat("improved trip") and not replaced.ranged
    bound = _fall_bound(enc, target, later)
    if won * (bound + (attack_worth if improved else 0.0)) <= attack_worth:
        return -attack_worth
    shift = bonus.value - replaced.bonus.value
    touch_bonus = option.bonus
    if shift:
        touch_bonus = touch_bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    if rules.trip_touch_attack:
        touch, _ = built(enc, c, touch_of(option), touch_bonus, target)
        hit = p_hits(touch.ac.value, touch.bonus.value, touch.concealment)
    else:
        hit = 1.0
    back = 0.0
    if rules.trip_counter:
        counter = _check(target, strength_check, rules)
        back = float(p_opposed(counter, _check(c, resist_check, rules)))
    then = list(later)
    then += [
        (o, o.bonus)
        for ally in enc.space.threatening(target)
        if ally is not c and ally.side == c.side
        for o in ally.melee_options()[:1]
    ]
    tripped = hit * won
    value = tripped * _prone_cost(enc, target, then=then)
    if improved:
        value += tripped * attack_worth  # the free attack: the planned one, still made
    value -= hit * (1 - won) * back * _prone_cost(enc, c, then=[])
    unarmed = option.weapon is not None and option.weapon.name == "unarmed strike"
    if (
        unarmed
        and not c.stat.has_feat("improved trip")
        and "unarmed-attack" in rules.provoking_actions
        and enc.space.is_armed(target)
    ):
        aoo = aoo_of(enc, target, c)
        if aoo is not None:
            value -= _plain(aoo, aoo.bonus.value, c)
    return value - attack_worth


#: How many rounds a foe that lost its weapon is reckoned to fight without it at most
#: (a judgment call: fights last a few rounds, and it may recover the weapon).
HORIZON = 2


# round worths by (routines, victim's statistics, item left out), the routines and
# statistics kept alive in the entry
_ROUNDS: dict[tuple[object, ...], tuple[object, object, float]] = {}


def _round_worth(c: Combatant, victim: Combatant, without: str | None = None) -> float:
    """What ``c`` is expected to deal ``victim`` a round with what it has ready (its best
    full attack), or without its item ``without``: its other ready attacks, natural
    weapons, or its unarmed strike (estimated out of the situation, against the victim's
    AC as it stands; remembered: it depends on nothing else)."""
    routines = c.routines_ready()
    key = (id(routines), id(victim.stats), without)
    hit = _ROUNDS.get(key)
    if hit is not None and hit[0] is routines and hit[1] is victim.stats:
        return hit[2]
    if len(_ROUNDS) > 4096:
        _ROUNDS.clear()
    value = _round_worth_now(c, routines, victim, without)
    _ROUNDS[key] = (routines, victim.stats, value)
    return value


def _round_worth_now(
    c: Combatant, routines: list[Routine], victim: Combatant, without: str | None
) -> float:
    ac = victim.stats.ac.value

    def worth(o: AttackOption, bonus: int) -> float:
        return hit_damage(ac, bonus, _mean(o), o.crit_range, o.crit_multiplier, 0)

    best = 0.0
    for r in routines:
        if without is not None and any(o.item == without for o, _ in r.attacks):
            continue
        best = max(best, sum(worth(o, b.value) for o, b in r.attacks))
    if without is not None:
        unarmed = c.stats.unarmed
        if unarmed is not None:
            best = max(best, worth(unarmed, unarmed.bonus.value))
    return best


# the rest of a full attack by (routines, victim's statistics, its hit points), the
# routines and statistics kept alive in the entry
_RESTS: dict[tuple[int, int, int], tuple[object, object, float]] = {}


def _full_attack_rest(c: Combatant, victim: Combatant) -> float:
    """The rest of ``c``'s best full attack after its first attack: what a move action
    spent next turn costs it (out of the situation, :func:`_plain`; cached)."""
    routines = c.routines_ready()
    key = (id(routines), id(victim.stats), victim.vitals.hp)
    hit = _RESTS.get(key)
    if hit is not None and hit[0] is routines and hit[1] is victim.stats:
        return hit[2]
    best = 0.0
    for r in routines:
        melee = [(o, b) for o, b in r.attacks if not o.ranged]
        if len(melee) > 1:
            best = max(best, sum(_plain(o, b.value, victim) for o, b in melee[1:]))
    if len(_RESTS) > 4096:
        _RESTS.clear()
    _RESTS[key] = (routines, victim.stats, best)
    return best


def _weapon_loss(
    enc: Encounter, loser: Combatant, item: str, foe: Combatant, *, pick_up: bool
) -> float:
    """What losing ``item`` costs ``loser`` (in hit points it does not deal ``foe``): the
    damage it loses for :data:`HORIZON` rounds, or what recovering costs it if that is
    less: a pick-up (``pick_up``: the item lies at its feet) costs the rest of its full
    attack and an attack of opportunity from each foe threatening it; drawing another
    weapon costs the rest of its full attack."""
    loss = max(0.0, _round_worth(loser, foe) - _round_worth(loser, foe, without=item)) * HORIZON
    if loss <= 0:
        return 0.0
    rest = _full_attack_rest(loser, foe)
    spare = [
        o
        for o in loser.stats.options
        if not o.ranged
        and not o.natural
        and o.item not in (item, "unarmed strike", *loser.wielding, *loser.lost)
    ]
    if spare:
        loss = min(loss, rest)
    if pick_up:
        cost = rest
        for f in enc.space.threatening(loser):
            option = aoo_of(enc, f, loser)
            if option is not None:
                cost += _plain(option, option.bonus.value, loser)
        loss = min(loss, cost)
    return loss


def _aoo_against(enc: Encounter, c: Combatant, target: Combatant) -> tuple[float, float]:
    """The attack of opportunity ``target`` makes when ``c`` provokes it: (the chance it
    hits, its expected damage); (0, 0) if it cannot make one."""
    aoo = aoo_of(enc, target, c)
    if aoo is None:
        return 0.0, 0.0
    return p_hits(c.stats.ac.value, aoo.bonus.value), _plain(aoo, aoo.bonus.value, c)


# (chance to disarm, chance to be disarmed back after a loss), by what decides them:
# the two sides' statistics, weapons and roll values (the objects kept alive)
_DISARMS: dict[tuple[object, ...], tuple[tuple[object, ...], tuple[float, float]]] = {}


def _disarm_chances(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    replaced: AttackOption,
    bonus: Total,
    item: str,
    own: str | None,
) -> tuple[float, float]:
    """The chance ``c`` disarms ``target`` of ``item`` in place of ``replaced`` at
    ``bonus``, and the chance it is disarmed back after losing the roll (0: no counter):
    the rolls of :func:`d20combat.rules.maneuvers.disarm.disarm_sides` in closed form
    (:func:`~d20combat.rules.checks.p_opposed`, :func:`~d20combat.tactics.estimates.p_hits`)."""
    theirs = next((o for o in target.stats.options if o.item == item), None)
    roll = roll_bonus(c, replaced, bonus)
    their_roll = roll_bonus(target, theirs, theirs.bonus) if theirs is not None else None
    can_lose = own is not None and can_be_disarmed(c, own) is None
    alive = (c.stats, target.stats, replaced, theirs, enc.rules)
    key = (
        *(id(x) for x in alive),
        roll.value,
        their_roll.value if their_roll is not None else None,
        can_lose,
    )
    hit = _DISARMS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], alive, strict=True)):
        return hit[1]
    sides = disarm_sides(
        c.stats,
        hold_of(c, replaced),
        roll,
        target.stats,
        hold_of(target, theirs) if theirs is not None else None,
        their_roll,
        enc.rules,
        can_lose=can_lose,
    )
    if sides.object_ac is not None:
        won = p_hits(sides.object_ac.value, sides.attack.value)
    else:
        assert sides.resist is not None
        won = float(p_opposed(sides.attack.value, sides.resist.value, Ties.OPPONENT))
    back = 0.0
    if sides.counter is not None and sides.counter_resist is not None:
        back = float(p_opposed(sides.counter.value, sides.counter_resist.value, Ties.OPPONENT))
    if len(_DISARMS) > 4096:
        _DISARMS.clear()
    _DISARMS[key] = (alive, (won, back))
    return won, back


def disarm_value(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    replaced: AttackOption,
    bonus: Total,
    later: list[tuple[AttackOption, Total]],
) -> float:
    """The expected worth of disarming ``target`` (of its first weapon in hand) in place
    of ``replaced`` at ``bonus``, against the attack itself (module docstring); nothing
    at all (-inf) if it holds nothing to lose."""
    item = next((w for w in target.wielding if can_be_disarmed(target, w) is None), None)
    if item is None:
        return float("-inf")
    attack_worth = _damage(enc, c, replaced, bonus, target)
    unarmed = replaced.weapon is not None and replaced.weapon.name == "unarmed strike"
    # cheap bounds first: what it deals a round with the weapon and no more without it,
    # over the horizon; then that times the chance to win the roll
    bound = (_round_worth(target, c) - _round_worth(target, c, without=item)) * HORIZON
    if bound <= attack_worth:
        return -attack_worth
    own = replaced.item if replaced.item in c.wielding else None
    won, p_back = _disarm_chances(enc, c, target, replaced, bonus, item, own)
    if won * bound <= attack_worth:
        return -attack_worth
    gain = _weapon_loss(enc, target, item, c, pick_up=not unarmed)
    back = 0.0
    if p_back and own is not None:
        back = (1 - won) * p_back * _weapon_loss(enc, c, own, target, pick_up=True)
    spoil = cost = 0.0
    if not c.stat.has_feat("improved disarm"):
        spoil, cost = _aoo_against(enc, c, target)
    return (1 - spoil) * (won * gain - back) - cost - attack_worth


# P(a weapon's damage roll reaches a threshold), by (dice, bonus, threshold)
_REACH: dict[tuple[object, int, int], float] = {}


def _p_reaches(option: AttackOption, bonus: int, threshold: int) -> float:
    """The chance one damage roll of ``option`` (at least 1: seed 003 "Minimum Damage")
    reaches ``threshold``."""
    key = (option.dice, bonus, threshold)
    hit = _REACH.get(key)
    if hit is None:
        weights = option.dice.distribution_weights()
        total = sum(weights.values())
        good = sum(w for v, w in weights.items() if max(1, v + bonus) >= threshold)
        if len(_REACH) > 4096:
            _REACH.clear()
        hit = _REACH[key] = good / total
    return hit


def sunder_value(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    replaced: AttackOption,
    bonus: Total,
    later: list[tuple[AttackOption, Total]],
) -> float:
    """The expected worth of sundering ``target``'s first weapon in hand in place of
    ``replaced`` at ``bonus``, against the attack itself: only a blow that destroys it
    counts (module docstring); nothing at all (-inf) if no blow can destroy it."""
    tables = ((w, durability(target.stats, w)) for w in target.wielding)
    item, table = next(((w, t) for w, t in tables if t is not None), ("", None))
    if table is None:
        return float("-inf")
    left = table.hp - target.item_damage.get(item, 0)
    damage = replaced.damage_bonus.value + c.power_attack
    destroy = _p_reaches(replaced, damage, table.hardness + left)
    if destroy <= 0.0:
        return float("-inf")
    attack_worth = _damage(enc, c, replaced, bonus, target)
    gain = _weapon_loss(enc, target, item, c, pick_up=False)
    if destroy * gain <= attack_worth:
        return -attack_worth
    theirs = next((o for o in target.ready_options() if o.item == item and not o.ranged), None)
    roll = roll_bonus(c, replaced, bonus)
    sides = sunder_sides(
        c.stats,
        hold_of(c, replaced),
        roll,
        target.stats,
        hold_of(target, theirs) if theirs is not None else None,
        roll_bonus(target, theirs, theirs.bonus) if theirs is not None else None,
        Blow(replaced, roll, target.stats.ac, replaced.damage_bonus),
        table.hardness,
        left,
        enc.rules,
    )
    assert sides.resist is not None
    won = float(p_opposed(sides.attack.value, sides.resist.value, Ties.OPPONENT))
    cost = 0.0
    if not c.stat.has_feat("improved sunder"):
        cost = _aoo_against(enc, c, target)[1]
    return won * destroy * gain - cost - attack_worth


class Choice(NamedTuple):
    """A maneuver the tactics may make in place of an attack: why it is illegal against
    a target (None: legal), its worth against the attack (:func:`trip_value`'s
    signature), and the action."""

    problem: Callable[[Encounter, Combatant, Combatant, str | None], str | None]
    value: Callable[
        [Encounter, Combatant, Combatant, AttackOption, Total, list[tuple[AttackOption, Total]]],
        float,
    ]
    action: Callable[[A.Attack], A.Action]


#: The maneuvers the baseline weighs in place of each melee attack, by verb.
ATTACK_CHOICES: dict[str, Choice] = {
    "trip": Choice(
        trip_problem_in,
        trip_value,
        lambda a: A.Trip(a.target, defensively=a.defensively),
    ),
    "disarm": Choice(
        lambda enc, c, t, w: disarm_check(enc, c, A.Disarm(t.id, w), t),
        disarm_value,
        lambda a: A.Disarm(a.target, a.weapon, a.defensively),
    ),
    "sunder": Choice(
        lambda enc, c, t, w: sunder_check(enc, c, A.Sunder(t.id, w), t),
        sunder_value,
        lambda a: A.Sunder(a.target, a.weapon, a.defensively),
    ),
    "grapple": Choice(
        start_problem,
        grapple_value,
        lambda a: A.Grapple(a.target, defensively=a.defensively),
    ),
    "garrote": Choice(
        garrote_problem,
        garrote_value,
        lambda a: A.Garrote(a.target, defensively=a.defensively),
    ),
}


def instead(enc: Encounter, c: Combatant, attack: A.Action) -> A.Action:
    """``attack``, or the maneuver in its place that is expected to bring the most, if
    any brings more than the attack (each :class:`Choice`'s value; for the turn's first
    attack, a bull rush too, against the attacks of the turn it gives up:
    :func:`bull_rush_instead`). Only a creature of Intelligence 3 or more chooses a
    maneuver (a judgment call: mindless undead and animals just attack; an animal's
    trip that comes with its bite is a special attack of its own)."""
    if type(attack) is not A.Attack or attack.two_weapon:
        return attack
    if not c.traits.intelligent:
        if has_garrote(c) and is_garrote(attack_in_hand(enc, c, attack)[0]):
            return plain_garrote(enc, c, attack)  # a garrote makes no plain attack
        return attack
    target = enc.get(attack.target)
    replaced, bonus = attack_in_hand(enc, c, attack)
    if replaced.ranged:
        return attack
    later = attacks_after(enc, c, replaced)
    best = 0.0
    chosen_action: A.Action = attack
    for choice in ATTACK_CHOICES.values():
        # the worth first (each value has a cheap bound that rejects early); the full
        # legality check only for a maneuver worth more than what is chosen so far
        worth = choice.value(enc, c, target, replaced, bonus, later)
        if worth <= best or choice.problem(enc, c, target, attack.weapon) is not None:
            continue
        candidate = choice.action(attack)
        if enc.is_legal(candidate):
            best, chosen_action = worth, candidate
    if enc.budget.routine is None and enc.budget.standard:
        rush = bull_rush_instead(enc, c, target, attack)
        if rush is not None and rush[0] > best:
            chosen_action = rush[1]
    if chosen_action is attack and is_garrote(replaced):
        return plain_garrote(enc, c, attack)
    return chosen_action


# ---------------------------------------------------------------- bull rush and overrun
def _br_check(stats: Statistics, rules: Ruleset) -> Total:
    return BR.strength_check(stats, rules)


def _br_charging(stats: Statistics, rules: Ruleset) -> Total:
    return BR.strength_check(stats, rules, charging=True)


def _ov_check(stats: Statistics, rules: Ruleset) -> Total:
    return OV.strength_check(stats, rules)


def _ov_charging(stats: Statistics, rules: Ruleset) -> Total:
    return OV.strength_check(stats, rules, charging=True)


def _aoo_worth(enc: Encounter, foe: Combatant, target: Combatant) -> float:
    """Expected damage of the attack of opportunity ``foe`` would make on ``target``."""
    option = aoo_of(enc, foe, target)
    return 0.0 if option is None else _plain(option, option.bonus.value, target)


def _provoked_worth(
    enc: Encounter, c: Combatant, at: Pos | None = None, *, spare: Combatant | None = None
) -> float:
    """Expected damage to ``c`` of the attacks of opportunity of everyone threatening it
    (at ``at``) but ``spare``."""
    return sum(_aoo_worth(enc, f, c) for f in enc.space.threatening(c, at) if f is not spare)


def push_value(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    *,
    charging: bool,
    follow: bool,
    limit_ft: int,
) -> float:
    """The expected worth of the push of a bull rush (seed 000 "Bull Rush"): each ally of
    ``c`` threatening a square the defender is pushed out of gets an attack of
    opportunity (at most one each), weighed by the exact chance that the push gets that
    far (:func:`~d20combat.rules.checks.p_beats_by`). Moving with it, ``c`` takes the
    attacks of those threatening it but the defender, and a push of 10 ft or more
    leaves the other allies too far for a 5-foot step back: the rest of their full
    attacks next turn is lost."""
    rules = enc.rules
    mine = _check(c, _br_charging if charging else _br_check, rules)
    theirs = _check(target, BR.resist_check, rules)
    steps = BR.push_ft(100, follow=follow, limit_ft=limit_ft) // BR.STEP
    dx, dy = push_direction(c, target)
    pos = target.pos
    value = 0.0
    seen: set[str] = set()
    for i in range(steps):
        p = float(p_beats_by(mine, theirs, max(1, BR.STEP * i)))
        if p <= 0:
            break
        for ally in enc.space.threatening(target, pos):
            if ally is not c and ally.id not in seen:
                seen.add(ally.id)
                value += p * _aoo_worth(enc, ally, target)
        pos = (pos[0] + dx, pos[1] + dy)
    if follow:
        won = float(p_beats_by(mine, theirs, 1))
        value -= won * _provoked_worth(enc, c, spare=target)
        far = float(p_beats_by(mine, theirs, BR.STEP)) if steps > 1 else 0.0
        if far:
            value -= far * sum(
                _rest_of_full_attack(ally, target)
                for ally in enc.space.threatening(target)
                if ally is not c
            )
    return value


def _rest_of_full_attack(c: Combatant, target: Combatant) -> float:
    """Expected damage on ``target`` of ``c``'s full attack beyond its first attack (the
    best routine; out of the situation: :func:`_plain`)."""
    return max(
        (
            sum(_plain(o, b.value, target) for o, b in r.attacks[1:] if not o.ranged)
            for r in c.routines_ready()
        ),
        default=0.0,
    )


def _push_bound(
    enc: Encounter, c: Combatant, target: Combatant, *, charging: bool, limit_ft: int
) -> float:
    """A cheap bound on :func:`push_value`: the chance of winning times what every ally
    of ``c`` threatening a square of the longest push is expected to deal with its best
    melee attack, flanking it (+2) whatever the situation."""
    rules = enc.rules
    mine = _check(c, _br_charging if charging else _br_check, rules)
    won = float(p_beats_by(mine, _check(target, BR.resist_check, rules), 1))
    if not won:
        return 0.0
    steps = BR.push_ft(100, follow=True, limit_ft=limit_ft) // BR.STEP
    dx, dy = push_direction(c, target)
    pos = target.pos
    allies: dict[str, Combatant] = {}
    for _ in range(steps):
        for ally in enc.space.threatening(target, pos):
            if ally is not c:
                allies[ally.id] = ally
        pos = (pos[0] + dx, pos[1] + dy)
    return won * sum(
        max((_plain(o, o.bonus.value, target, 2) for o in a.melee_options()), default=0.0)
        for a in allies.values()
    )


def bull_rush_instead(
    enc: Encounter, c: Combatant, target: Combatant, attack: A.Attack
) -> tuple[float, A.Action] | None:
    """A bull rush in place of the turn's attacks, with its worth against them (the
    attack, and the rest of the full attack it would open), if one is legal and its
    cheap bound (:func:`_push_bound`) beats the attack itself."""
    if c.has("prone") or not any(a is not c for a in enc.space.threatening(target)):
        return None
    if enc.rules.bull_rush_no_step and enc.budget.stepped:
        return None  # seed 004 "Bull Rush": not in a round with a 5-foot step
    replaced, bonus = attack_in_hand(enc, c, attack)
    if replaced.ranged:
        return None
    limit = enc.space.speed(c)
    if _push_bound(enc, c, target, charging=False, limit_ft=limit) <= _plain(
        replaced, bonus.value, target
    ):
        return None
    if bull_rush_problem_in(enc, c, target) is not None:
        return None
    given_up = _damage(enc, c, replaced, bonus, target)
    given_up += sum(_damage(enc, c, o, b, target) for o, b in attacks_after(enc, c, replaced))
    improved = c.stat.has_feat("improved bull rush")
    cost = _provoked_worth(enc, c, spare=target if improved else None)
    best: tuple[float, A.Action] | None = None
    for follow in (False, True):
        worth = push_value(enc, c, target, charging=False, follow=follow, limit_ft=limit)
        worth -= cost + given_up
        if best is None or worth > best[0]:
            best = (worth, A.BullRush(target.id, follow))
    return best


def _overrun_worth(
    enc: Encounter, c: Combatant, target: Combatant, *, charging: bool, at: Pos | None = None
) -> float | None:
    """The expected worth of overrunning ``target`` (seed 000 "Overrun") from ``at``,
    before what it gives up: None if the defender would avoid it (the default choice,
    :func:`~d20combat.encounter.maneuvers.overrun.default_avoid`: nothing gained), else
    the fall's worth (:func:`_prone_cost`, allies' attacks to come at +4) at the exact
    chance of the checks, less the counter-attempt's and the defender's attack of
    opportunity. Seed 004's trip counts the check only, like the default choice."""
    rules = enc.rules
    if rules.overrun_check == "trip":
        won = float(
            p_opposed(_check(c, strength_check, rules), _check(target, resist_check, rules))
        )
        back = float(
            p_opposed(_check(target, strength_check, rules), _check(c, resist_check, rules))
        )
    else:
        mine = _check(c, _ov_charging if charging else _ov_check, rules)
        won = float(p_opposed(mine, _check(target, OV.resist_check, rules)))
        back = float(
            p_opposed(_check(target, OV.counter_check, rules), _check(c, OV.counter_resist, rules))
        )
    if won > 0.5 and OV.may_avoid(c.stat):
        return None
    then = [
        (o, o.bonus)
        for ally in enc.space.threatening(target)
        if ally is not c and ally.side == c.side
        for o in ally.melee_options()[:1]
    ]
    value = won * _prone_cost(enc, target, then=then)
    value -= (1 - won) * back * _prone_cost(enc, c, then=[])
    if not c.stat.has_feat("improved overrun"):
        value -= _aoo_worth(enc, target, c)
    return value


def charge_instead(enc: Encounter, c: Combatant, charge: A.Charge) -> A.Action:
    """``charge``, or a bull rush or an overrun at its end if its exact odds promise
    more than the charge's attack (:func:`push_value`, :func:`_overrun_worth`)."""
    if not c.traits.intelligent:
        return charge
    target = enc.get(charge.target)
    option = enc.space.melee_option_for(c, target) or next(iter(c.melee_options()), None)
    if option is None:
        return charge
    attack, _ = build_attack(enc, c, option, option.bonus, target, charge=True)
    mean = max(1.0, _mean(option) - option.damage_bonus.value + attack.damage_bonus.value)
    given_up = built_worth(attack, option, mean, target)
    limit = enc.space.speed(c) * (1 if enc.budget.single else 2)
    best, chosen = 0.0, charge
    if _push_bound(enc, c, target, charging=True, limit_ft=limit) > given_up:
        for ending in CHARGE_MANEUVERS["bull-rush"].ends(enc, c, target, limit):
            left = limit - 5 * distance(c.pos, ending.to)
            worth = push_value(enc, c, target, charging=True, follow=ending.follow, limit_ft=left)
            spare = target if c.stat.has_feat("improved bull rush") else None
            worth -= _provoked_worth(enc, c, ending.to, spare=spare) + given_up
            if worth > best:
                best, chosen = worth, ending
            if ending.follow:
                break  # the first destination's two: the others differ little
    fall = _fall_bound(enc, target, [])
    if fall > given_up and overrun_problem_in(enc, c, target) is None:
        worth_ov = _overrun_worth(enc, c, target, charging=True)
        if worth_ov is not None and worth_ov - given_up > best:
            lane = next(iter(CHARGE_MANEUVERS["overrun"].ends(enc, c, target, limit)), None)
            if lane is not None:
                chosen = lane
    return chosen


def overrun_on_the_way(enc: Encounter, c: Combatant, move: A.Move) -> A.Action:
    """``move``, or an overrun of the foe it goes to attack, through it and on beyond
    (:func:`~d20combat.encounter.maneuvers.overrun.overrun_paths`), if its exact odds
    promise more than the attack the blocked overrun gives up (an avoided one gives up
    nothing and gains nothing, so it is never chosen for itself)."""
    b = enc.budget
    if not c.traits.intelligent or not (b.move and b.standard) or b.single or b.stepped:
        return move
    end = move.path[-1]
    foes = enc.space.threatening(c, end)
    if not foes:
        return move
    target = foes[0]
    option = next(iter(c.melee_options()), None)
    if option is None or overrun_problem_in(enc, c, target) is not None:
        return move
    given_up = _plain(option, option.bonus.value, target)
    if _fall_bound(enc, target, []) <= given_up:
        return move  # the cheap bound: a fall could not be worth the attack
    worth = _overrun_worth(enc, c, target, charging=False)
    if worth is None or worth <= given_up:
        return move
    paths = sorted(
        overrun_paths(enc, c, target),
        key=lambda a: (enc.space.provocations_along(c, a.path), len(a.path), str(a)),
    )
    return paths[0] if paths else move


# ---------------------------------------------------------------- actions of their own
_AID_P = 0.1  # +2 on a d20: at most 2 faces in 20 more hits (or fewer against it)


def _sneak_mean(c: Combatant) -> float:
    """The mean of ``c``'s sneak attack dice (0 without)."""
    dice = c.traits.sneak_dice
    return float(_dice_mean(dice)) if dice else 0.0


_DICE: dict[str, float] = {}


def _dice_mean(text: str) -> float:
    hit = _DICE.get(text)
    if hit is None:
        hit = _DICE[text] = float(Dice.parse(text).mean)
    return hit


_DEX_AC: dict[int, tuple[Total, int]] = {}


def _dex_ac(ac: Total) -> int:
    """What an AC holds that a lost Dexterity bonus takes away: the Dexterity bonus (its
    only ability part) and dodge bonuses (seed 003 "Dodge Bonuses"); cached per total
    (totals are immutable)."""
    hit = _DEX_AC.get(id(ac))
    if hit is None or hit[0] is not ac:
        if len(_DEX_AC) > 4096:
            _DEX_AC.clear()
        lost = sum(
            m.value
            for m in ac.counted()
            if (m.type is BonusType.ABILITY and m.value > 0) or m.type is BonusType.DODGE
        )
        hit = _DEX_AC[id(ac)] = (ac, lost)
    return hit[1]


def _first_worth(
    enc: Encounter, c: Combatant, attack: A.Attack
) -> tuple[AttackOption, Total, float]:
    """The planned attack (its option and bonus) and its expected damage."""
    target = enc.get(attack.target)
    option, bonus = attack_in_hand(enc, c, attack)
    return option, bonus, _damage(enc, c, option, bonus, target)


def _rest_worth(enc: Encounter, c: Combatant, option: AttackOption, target: Combatant) -> float:
    """The expected damage of the attacks the turn would still make after the planned
    one (the rest of a full attack, on the same foe)."""
    return sum(_damage(enc, c, o, b, target) for o, b in attacks_after(enc, c, option))


_FEINTS: dict[tuple[int, int], tuple[Statistics, Statistics, FeintSides]] = {}


def _feint_chance(c: Combatant, target: Combatant) -> float:
    """The chance ``c``'s feint on ``target`` wins (closed form; the checks cached per
    pair of statistics, with what conditions add to skill checks)."""
    key = (id(c.stats), id(target.stats))
    hit = _FEINTS.get(key)
    if hit is None:
        if len(_FEINTS) > 4096:
            _FEINTS.clear()
        hit = _FEINTS[key] = (c.stats, target.stats, feint_sides(c.stats, target.stats))
    sides = hit[2]
    bluff = skill(c, sides.bluff, "bluff").value
    sense = skill(target, sides.sense_motive, "sense motive").value
    return float(p_opposed(bluff, sense, Ties.OPPONENT))


def _feint_bound(c: Combatant, target: Combatant) -> float:
    """The most a feint on ``target`` could add to one attack: its Dexterity and dodge
    AC turned into hits with ``c``'s best blow, and ``c``'s sneak attack dice, times the
    chance the feint works (0 at once when there is nothing to take away)."""
    if target.stats.abilities.get(Ability.INT) is None:
        return 0.0  # mindless: no feint
    sneak = 0.0 if target.stats.crit_immune else _sneak_mean(c)
    dex = _dex_ac(target.stats.ac)
    if not dex and not sneak:
        return 0.0
    blow = _blows(c, False) / _AID_P  # its best blow, with a critical
    return _feint_chance(c, target) * (dex / 20 * blow + sneak)


def _feint_worth(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    option: AttackOption,
    bonus: Total,
    first: float,
    rest: float,
) -> float:
    """What feinting ``target`` is worth against the attacks it gives up (with
    Improved Feint, a move action: the rest of the full attack; else a standard action:
    this turn's attacks, the feint serving next turn's first attack)."""
    improved = improved_feint(c) and enc.budget.move
    cost = rest if improved else first + rest
    if _feint_bound(c, target) <= cost or feint_problem_in(enc, c, target) is not None:
        return float("-inf")
    won = _feint_chance(c, target)
    sneak = 0.0 if target.stats.crit_immune else _sneak_mean(c)
    mean = _mean(option)
    attack, notes = built(enc, c, option, bonus if improved else option.bonus, target)
    lost = _dex_ac(attack.ac)
    ac, to_hit, miss = attack.ac.value, attack.bonus.value, attack.concealment
    crit = 21 if attack.crit_immune else option.crit_range
    hp = max(1.0, float(target.vitals.hp))
    dmg = min(max(1.0, mean - option.damage_bonus.value + attack.damage_bonus.value), hp)
    gain = hit_damage(ac - lost, to_hit, dmg, crit, option.crit_multiplier, miss)
    gain -= hit_damage(ac, to_hit, dmg, crit, option.crit_multiplier, miss)
    if sneak and not miss and "sneak_attack" not in notes:
        gain += p_hits(ac - lost, to_hit) * min(sneak, hp)
    return won * gain - cost


def _aid_friends(enc: Encounter, c: Combatant, opponent: Combatant) -> list[Combatant]:
    """``c``'s friends in the fight that threaten ``opponent`` (engaged with it)."""
    return [f for f in enc.space.threatening(opponent) if f is not c and enc.active(f)]


_BLOWS: dict[tuple[int, int, bool], tuple[object, object, float]] = {}


def _blows(x: Combatant, per_turn: bool) -> float:
    """The most +2 on a roll can be worth on ``x``'s melee attacks: 1 in 10 of its best
    blow (with a critical), on each attack of a turn (``per_turn``) or on one (cached
    per list of ready options)."""
    melee, routines = x.melee_options(), x.routines_ready()
    key = (id(melee), id(routines), per_turn)
    hit = _BLOWS.get(key)
    if hit is None or hit[0] is not melee or hit[1] is not routines:
        if len(_BLOWS) > 4096:
            _BLOWS.clear()
        blow = max((_mean(o) * o.crit_multiplier for o in melee), default=0.0)
        n = max((len(r.attacks) for r in routines), default=1) if per_turn else 1
        hit = _BLOWS[key] = (melee, routines, _AID_P * blow * n)
    return hit[2]


def _aid_bound(enc: Encounter, friends: list[Combatant], opponent: Combatant) -> float:
    """The most aid another could bring against ``opponent``: +2 on a friend's blows, or
    to a friend's AC against the opponent's, which strike one of the friends or the
    aider (0 at once without a friend engaged with it)."""
    if not friends:
        return 0.0
    per_turn = enc.rules.aid_another_until == "friend-next-turn"
    guard = _blows(opponent, per_turn) / (len(friends) + 1)
    return max(guard, *(_blows(f, per_turn) for f in friends))


def _aid_worth(
    enc: Encounter,
    c: Combatant,
    opponent: Combatant,
    option: AttackOption,
    friends: list[Combatant],
    cost: float,
) -> tuple[float, A.Action | None]:
    """The best aid another to one of ``friends`` against ``opponent`` and its worth
    beyond ``cost`` (the turn's attacks), or (-inf, None)."""
    own, _ = built(enc, c, option, option.bonus, opponent)
    aided = p_hits(10, own.bonus.value)
    if aided * _aid_bound(enc, friends, opponent) <= cost:
        return float("-inf"), None
    per_turn = enc.rules.aid_another_until == "friend-next-turn"
    best, chosen = float("-inf"), None
    shared = len(friends) + 1  # whom the opponent may strike: a share each
    space = enc.space
    for f in friends:
        n = max((len(r.attacks) for r in f.routines_ready()), default=1) if per_turn else 1
        mine = next((o for o in f.melee_options() if space.reaches(f, o, opponent)), None)
        if mine is not None:
            worth = aided * _plus_two(enc, f, mine, opponent, n, on_roll=True) - cost
            if worth > best:
                best, chosen = worth, A.AidAnother(f.id, opponent.id, "attack")
        theirs = next((o for o in opponent.melee_options() if space.reaches(opponent, o, f)), None)
        if theirs is not None:
            m = max((len(r.attacks) for r in opponent.routines_ready()), default=1)
            gain = _plus_two(enc, opponent, theirs, f, m if per_turn else 1, on_roll=False)
            worth = aided * gain / shared - cost
            if worth > best:
                best, chosen = worth, A.AidAnother(f.id, opponent.id, "defense")
    return best, chosen


def _plus_two(
    enc: Encounter, x: Combatant, option: AttackOption, t: Combatant, n: int, *, on_roll: bool
) -> float:
    """What +2 on ``x``'s roll (``on_roll``), or +2 to ``t``'s AC, is worth on ``n``
    attacks of ``x`` with ``option`` on ``t``, in expected damage."""
    attack, _ = built(enc, x, option, option.bonus, t)
    ac, b = attack.ac.value, attack.bonus.value
    dmg = min(max(1.0, _mean(option)), max(1.0, float(t.vitals.hp)))
    crit = 21 if attack.crit_immune else option.crit_range
    mult, miss = option.crit_multiplier, attack.concealment
    if on_roll:
        delta = hit_damage(ac, b + 2, dmg, crit, mult, miss) - hit_damage(
            ac, b, dmg, crit, mult, miss
        )
    else:
        delta = hit_damage(ac, b, dmg, crit, mult, miss) - hit_damage(
            ac + 2, b, dmg, crit, mult, miss
        )
    return delta * n


_HELPLESS: dict[str, bool] = {}


def _makes_helpless(name: str) -> bool:
    hit = _HELPLESS.get(name)
    if hit is None:
        hit = _HELPLESS[name] = restrictions(frozenset({name})).helpless
    return hit


def _recovers(foe: Combatant) -> bool:
    """``foe`` is helpless for a while only (a condition with a duration), with hit
    points left: it would fight again."""
    if foe.vitals.hp <= 0 or foe.vitals.dead:
        return False
    return any(k.turns > 0 and _makes_helpless(name) for name, k in foe.conditions.items())


def _provoked_cost(enc: Encounter, c: Combatant, action: str) -> float:
    """The expected damage of the attacks of opportunity ``action`` (a name of the
    ruleset's ``provoking_actions``) draws on ``c`` where it stands."""
    if action not in enc.rules.provoking_actions:
        return 0.0
    cost = 0.0
    for t in enc.space.threatening(c):
        aoo = aoo_of(enc, t, c)
        if aoo is not None:
            cost += _plain(aoo, aoo.bonus.value, c)
    return cost


def _finish_worth(enc: Encounter, c: Combatant, foe: Combatant) -> float:
    """What a coup de grace on ``foe`` is worth: the chance it dies times its hit points
    (what it would take to drop it again), halved when it must first be found (two
    full-round actions), less the attacks of opportunity it provokes."""
    if coup_de_grace_problem_in(enc, c, foe, None) is not None:
        return float("-inf")
    option = finishing_option(enc, c, foe, None)
    assert option is not None  # checked
    attack, notes = built(enc, c, option, option.bonus, foe)
    mean = max(1.0, float(option.dice.mean) + attack.damage_bonus.value) * option.crit_multiplier
    if "sneak_attack" in notes:
        mean += _sneak_mean(c)
    hp = foe.vitals.hp
    if hp - mean <= enc.rules.dead_at:
        killed = 1.0
    else:
        fort = foe.roll_total(foe.stats.saves["fort"], "save").value
        killed = min(0.95, max(0.05, (10 + mean - 1 - fort) / 20))
    worth = killed * hp
    if hidden(enc, c, foe, option):
        worth /= 2
    return worth - _provoked_cost(enc, c, "coup-de-grace")


def _knockout_worth(enc: Encounter, c: Combatant, foe: Combatant) -> float:
    """What a knockout blow on ``foe`` is worth (seed 004 "Knockout Blow", "Nonlethal
    Damage"): the chance it hits, that its critical nonlethal damage reaches the foe's
    massive damage threshold (its Constitution score) and that the foe fails the
    Fortitude save (DC 15), times the foe's hit points (knocked out, it is out of the
    fight as if dropped), less the attacks of opportunity it provokes. The damage is
    estimated as the multiplier times one roll."""
    con = foe.stats.abilities.get(Ability.CON)
    if con is None or knockout_problem_in(enc, c, foe, None) is not None:
        return float("-inf")  # no Constitution: nonlethal damage does nothing
    option = knockout_option(enc, c, foe, None)
    assert option is not None  # checked
    attack, _ = build_attack(enc, c, option, option.bonus, foe, nonlethal=True)
    hit = p_hits(attack.ac.value, attack.bonus.value, attack.concealment)
    bonus = attack.damage_bonus.value
    weights = option.dice.distribution_weights()
    mult = option.crit_multiplier
    over = sum(w for v, w in weights.items() if mult * max(1, v + bonus) >= con)
    p_over = over / sum(weights.values())
    fort = foe.roll_total(foe.stats.saves["fort"], "save").value
    fails = min(0.95, max(0.05, (enc.rules.massive_damage_dc - 1 - fort) / 20))
    worth = hit * p_over * fails * max(0, foe.vitals.hp)
    return worth - _provoked_cost(enc, c, "knockout-blow")


def _aimed_worth(enc: Encounter, c: Combatant, foe: Combatant) -> float:
    """What an aimed shot at helpless ``foe`` is worth (seed 004 "Helpless Defenders:
    Regular Attack": a full-round ranged attack at +5 from a square not adjacent to it):
    the expected damage of that shot."""
    if aim_problem_in(enc, c, foe, None) is not None:
        return float("-inf")
    option = aim_option(c, None)
    assert option is not None  # checked
    attack, _ = built(enc, c, option, option.bonus, foe)
    mean = max(1.0, _mean(option) - option.damage_bonus.value + attack.damage_bonus.value)
    return hit_damage(
        attack.ac.value,
        attack.bonus.value + enc.rules.helpless_aimed_shot_bonus,
        min(mean, max(1.0, float(foe.vitals.hp))),
        21 if attack.crit_immune else option.crit_range,
        option.crit_multiplier,
        attack.concealment,
    )


def _best_finish(enc: Encounter, c: Combatant, foe: Combatant, prisoners: bool) -> float:
    """The worth of the best full-round blow on ``foe``, helpless for a while: a coup de
    grace (not by a creature that takes prisoners), or a knockout blow (d20modern)."""
    best = float("-inf") if prisoners else _finish_worth(enc, c, foe)
    if enc.rules.knockout_blow:
        best = max(best, _knockout_worth(enc, c, foe))
    return best


def _holds_blow(
    enc: Encounter, c: Combatant, attack: A.Attack, victim: Combatant, prisoners: bool
) -> bool:
    """Whether ``c``, with no full-round action left this turn, should spare ``victim``
    (helpless for a while) the blow it planned, to give it a coup de grace or a knockout
    blow next turn: a blow that wounds a sleeper wakes it (reading A70), so the blow
    now is worth its expected damage, the blow next turn what :func:`_best_finish`
    says."""
    if not any(k in ENDS_ON_DAMAGE for k in victim.conditions):
        return False
    _, _, first = _first_worth(enc, c, attack)
    return _best_finish(enc, c, victim, prisoners) > first


def turn_special(
    enc: Encounter, c: Combatant, attack: A.Action | None, *, prisoners: bool = False
) -> A.Action | None:
    """The action of its own the baseline takes at the start of its attacks instead of
    ``attack`` (the attack it planned, or None), when one is expected to bring more than
    the turn's attacks: a coup de grace (a knockout blow instead when it takes
    ``prisoners``, and in d20modern when that is worth more), an aimed shot at a
    helpless foe (d20modern), a feint or aid another (see the module docstring); or it
    ends its turn rather than wake a sleeper it could finish next turn. Only a creature
    of Intelligence 3 or more (as :func:`instead`). The cheap bounds come first:
    nothing else is computed when none can pay."""
    b = enc.budget
    if not c.traits.intelligent or b.attacks_made or not b.standard or b.full_round:
        return None
    finish = []
    aim: Combatant | None = None
    if b.can_full_round and not b.stepped:
        side = c.side
        finish = [
            f
            for f in enc.combatants.values()
            if f.conditions and f.side != side and f.present() and _recovers(f)
        ]
        if enc.rules.helpless_aimed_shot_bonus and type(attack) is A.Attack:
            foe = enc.get(attack.target)
            if foe.conditions and foe.restrictions().helpless:
                aim = foe
    elif isinstance(attack, A.Attack):
        victim = enc.get(attack.target)
        if (
            victim.conditions
            and _recovers(victim)
            and _holds_blow(enc, c, attack, victim, prisoners)
        ):
            return A.EndTurn()
    target = None
    feint_bound = aid_bound = 0.0
    friends: list[Combatant] = []
    if type(attack) is A.Attack and not attack.two_weapon:
        target = enc.get(attack.target)
        feint_bound = _feint_bound(c, target)
        friends = _aid_friends(enc, c, target)
        aid_bound = _aid_bound(enc, friends, target)
    if not finish and aim is None and feint_bound <= 0 and aid_bound <= 0:
        return None
    first = rest = 0.0
    option = bonus = None
    if isinstance(attack, A.Attack):
        option, bonus, first = _first_worth(enc, c, attack)
        # each gives up at least this attack (a move-action feint: the rest only)
        feint_floor = 0.0 if improved_feint(c) and b.move else first
        if not finish and aim is None and aid_bound <= first and feint_bound <= feint_floor:
            return None
        rest = _rest_worth(enc, c, option, enc.get(attack.target))
    cost = first + rest
    best = 0.0  # worth beyond the turn's attacks
    chosen: A.Action | None = None
    for foe in finish:
        worth = float("-inf") if prisoners else _finish_worth(enc, c, foe) - cost
        if worth > best:
            best, chosen = worth, A.CoupDeGrace(foe.id)
        if enc.rules.knockout_blow:
            worth = _knockout_worth(enc, c, foe) - cost
            if worth > best:
                best, chosen = worth, A.KnockoutBlow(foe.id)
    if aim is not None:
        worth = _aimed_worth(enc, c, aim) - cost
        if worth > best:
            best, chosen = worth, A.AimedShot(aim.id)
    if target is None or option is None or bonus is None or option.ranged:
        return chosen
    if feint_bound > 0:
        worth = _feint_worth(enc, c, target, option, bonus, first, rest)
        if worth > best:
            best, chosen = worth, A.Feint(target.id)
    if aid_bound > cost:
        worth, aid = _aid_worth(enc, c, target, option, friends, cost)
        if aid is not None and worth > best:
            chosen = aid
    return chosen


# ---------------------------------------------------------------- turning undead
def _channel_action(c: Combatant) -> A.Turn | None:
    """The turning the baseline may make: a greater turning while one is left, else a
    turning (a rebuke for negative energy) of undead; None if it channels none."""
    t = c.stat.turning
    if t is None:
        return None
    for p in t.powers:
        if "undead" in p.turns:
            greater = t.greater > c.turnings_used.get("greater", 0)
            return A.GreaterTurn() if greater else A.Turn()
        if "undead" in p.rebukes:
            return A.Rebuke()
    return None


def turning_worth(enc: Encounter, c: Combatant, action: A.Turn) -> float:
    """What a turning attempt is expected to bring, in hit points: each foe destroyed,
    turned or rebuked counts its hit points left (it is out of the fight: dead, or
    fleeing or cowering for 10 rounds, longer than most fights), a commanded one twice
    (a foe less and a friend more), a dispelled one nothing; exact over the turning
    check's faces and the turning damage's totals, through the two steps of the procedure
    the fight runs (:func:`~d20combat.rules.maneuvers.turning.reached_by`,
    :func:`~d20combat.rules.maneuvers.turning.spend`)."""
    from d20combat.encounter.maneuvers import turning as TU
    from d20combat.rules.maneuvers.turning import TURNING_DICE, max_hit_dice, reached_by, spend

    p = TU.power_for(c, action)
    if p is None:
        return 0.0
    near = TU.reached(enc, c, action)
    if not near:
        return 0.0
    targets = TU.targets(enc, c, action, near)
    hp = {o.id: max(1, o.vitals.hp) for o in near}
    turner = TU.turner_in(c, action, p)
    if not turner.positive:
        turner = turner._replace(command_room=max(0, turner.level - TU.commanded_hd(enc, c)))
    top = turner.level + 4  # the table's best row
    if sum(hp[t.key] for t in targets if not t.skip and t.effective <= top) == 0:
        return 0.0
    key = ("turning-worth", c.id, type(action), tuple(targets), tuple(hp.items()), turner)
    weight = {"commanded": 2, "dispelled": 0}
    mode = TU.mode_of(action)

    def worth() -> float:
        # the check's faces, then the damage's totals (2d6 + bonus): the procedure's
        # two steps (rules.maneuvers.turning reached_by, spend), weighed exactly
        damage = [
            (v, float(p)) for v, p in TURNING_DICE.plus(turner.damage_bonus).distribution().items()
        ]
        total = 0.0
        for face in range(1, 21):
            check = face + turner.check.value
            reached = reached_by(mode, targets, check, max_hit_dice(turner.level, check))
            if not reached:
                continue
            for value, p_value in damage:
                got = sum(
                    hp[x.key] * weight.get(x.result, 1) for x in spend(turner, reached, mode, value)
                )
                total += got * p_value / 20
        return total

    return enc.space.cached(key, worth)


def orders_instead(enc: Encounter, c: Combatant) -> A.Action | None:
    """Orders to a creature ``c`` commands that awaits them (seed 000 "Commanded", A242):
    its attacks every round from now on are worth more than ``c``'s one attack now, so
    the baseline always gives them while a foe remains (the first in id order)."""
    b = enc.budget
    if b.attacks_made or not b.standard or b.full_round or not enc.space.active_enemies(c):
        return None
    from d20combat.encounter.maneuvers.turning import gen_order

    return next(iter(gen_order(enc, c)), None)


def turning_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """The turning attempt the baseline makes instead of ``attack`` (the attack it
    planned, or None: then instead of closing in), when its expected worth
    (:func:`turning_worth`) beats the turn's attacks. Nothing is computed for a creature
    that channels nothing, has no attempt left, or has no foe of the kind within 60 ft
    that the table's best row could reach."""
    b = enc.budget
    if b.attacks_made or not b.standard or b.full_round:
        return None
    action = _channel_action(c)
    if action is None:
        return None
    from d20combat.encounter.maneuvers.turning import is_kind, turn_problem_in

    if not any(is_kind(o.stat, "undead") for o in enc.space.active_enemies(c)):
        return None  # no foe to channel at: nothing more to weigh

    if turn_problem_in(enc, c, action) is not None:
        return None
    worth = turning_worth(enc, c, action)
    if worth <= 0:
        return None
    cost = 0.0
    if isinstance(attack, A.Attack):
        option, _, first = _first_worth(enc, c, attack)
        cost = first + _rest_worth(enc, c, option, enc.get(attack.target))
    return action if worth > cost else None


# ---------------------------------------------------------------- shut in by a door
def _foe_reachable(enc: Encounter, c: Combatant) -> bool:
    """Whether ``c`` can walk, however far, to a square next to a foe (a flood fill of
    the map: asked only of a creature next to a closed door with no foe to approach)."""
    space = enc.space
    m = enc.map
    ends = space.reachable(c, 10 * (m.width + m.height)).positions()
    n = c.squares
    foes = space.active_enemies(c)
    return any(footprint_distance(p, n, f.pos, f.squares) <= 5 for p in ends for f in foes)


def _door_rounds(enc: Encounter, c: Combatant, at: Pos) -> tuple[float, A.Action]:
    """The quickest way through the locked door at ``at`` and the rounds it is expected
    to take: a Strength check against its break DC (seed 000 "Breaking Items", 2 less
    once it has lost half its hit points), or blows with the first melee weapon that
    reaches it (+4 against an immobile object, AC 5; lined up, a full-round action: no
    roll, seed 000 "Attack An Object"), each dealing what gets through its hardness."""
    door = enc.door(at)
    entry = door.entry
    left = entry.hp - enc.object_damage.get(at, 0)
    dc = break_dc(entry.break_dc, left, entry.hp)
    strength = ability(c, stack([ability_check(c.stats, Ability.STR)])).value
    p_break = min(20, max(0, 21 - (dc - strength))) / 20
    best: tuple[float, A.Action] = (1 / p_break if p_break else float("inf"), A.BreakDoor(at))
    b = enc.budget
    line_up = b.can_full_round and not b.stepped
    for o in c.ready_options():
        if o.ranged or object_problem(enc, c, o, at) is not None:
            continue
        bonus = o.bonus.value + IMMOBILE_MELEE.value
        p_hit = 1.0 if line_up else min(0.95, max(0.05, (21 - (object_ac(DOOR_SIZE) - bonus)) / 20))
        weights = o.dice.distribution_weights()
        through = sum(
            w * max(0, max(1, v + o.damage_bonus.value) - entry.hardness)
            for v, w in weights.items()
        ) / sum(weights.values())
        if through > 0 and left / (p_hit * through) < best[0]:
            weapon = o.name if len(c.ready_options()) > 1 else None
            best = (left / (p_hit * through), A.AttackObject(at, weapon, line_up=line_up))
        break  # the first melee weapon that reaches it, as attack-object takes
    return best


def door_way(enc: Encounter, c: Combatant) -> A.Action | None:
    """A creature with no foe to approach, next to a closed door, with no way to any foe
    but through a closed door: it opens an unlocked door (a move action), or breaks or
    attacks a locked one, whichever is expected to take fewer rounds
    (:func:`_door_rounds`). The cheap checks first: the map has closed doors, one is next
    to it; only then the flood fill."""
    if not closed_doors(enc) or not c.restrictions().can_attack:
        return None
    doors = enc.space.adjacent_doors(c)
    if not doors or _foe_reachable(enc, c):
        return None
    b = enc.budget
    for at in doors:
        if not enc.door(at).locked and (b.move or b.standard):
            return A.OpenDoor(at)
    if not b.standard:
        return None
    rounds, action = min((_door_rounds(enc, c, at) for at in doors), key=lambda x: x[0])
    return action if rounds < float("inf") else None
