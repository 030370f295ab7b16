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
* a grapple (seed 000 "Grapple"): :func:`d20combat.tactics.grapple.grapple_value`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from d20combat.content.rulesets import Ruleset
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack, can_make_aoo
from d20combat.encounter.handlers import attack_in_hand, attacks_after
from d20combat.encounter.maneuvers import touch_of
from d20combat.encounter.maneuvers.grapple import start_problem
from d20combat.encounter.maneuvers.trip import trip_option, trip_problem_in
from d20combat.rules.checks import p_opposed
from d20combat.rules.maneuvers.trip import resist_check, strength_check
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics
from d20combat.tactics.estimates import hit_damage, p_hits
from d20combat.tactics.grapple import grapple_value
from d20combat.tactics.worth import attack_worth, mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

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
        option = can_make_aoo(enc, foe, down)
        if option is not None:
            gain += _plain(option, option.bonus.value, down, PRONE_AC)
    if foes:
        victim = foes[0]
        best = 0.0
        for r in down.routines_ready():
            melee = [(o, b) for o, b in r.attacks if not o.ranged]
            if len(melee) > 1:
                rest = sum(_plain(o, b.value, victim) for o, b in melee[1:])
                best = max(best, rest)
        gain += best
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
    # a cheap bound first: what a fall could bring at most (every attack still to come
    # gains at most 4 in 20 more hits, every foe threatening the target hits it when it
    # stands, no more than its hit points in all, and the rest of its full attack is
    # lost), against the attack given up
    foes = enc.space.threatening(target)
    on_it = sum(0.2 * _mean(o) * o.crit_multiplier for o, _ in later)
    on_it += sum(max((_mean(o) for o in f.melee_options()), default=0.0) for f in foes)
    bound = min(float(max(target.vitals.hp, 1)), on_it)
    bound += max(
        (sum(_mean(o) for o, _ in r.attacks[1:] if not o.ranged) for r in target.routines_ready()),
        default=0.0,
    )
    if won * (bound + (attack_worth if improved else 0.0)) <= attack_worth:
        return -attack_worth
    shift = bonus.value - replaced.bonus.value
    touch_bonus = option.bonus
    if shift:
        touch_bonus = touch_bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    if rules.trip_touch_attack:
        touch, _ = build_attack(enc, c, touch_of(option), touch_bonus, target)
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
        aoo = can_make_aoo(enc, target, c)
        if aoo is not None:
            value -= _plain(aoo, aoo.bonus.value, c)
    return value - attack_worth


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
    "grapple": Choice(
        start_problem,
        grapple_value,
        lambda a: A.Grapple(a.target, defensively=a.defensively),
    ),
}


def instead(enc: Encounter, c: Combatant, attack: A.Action) -> A.Action:
    """``attack``, or the maneuver in its place that is expected to bring the most, if
    any brings more than the attack (each :class:`Choice`'s value). Only a creature of
    Intelligence 3 or more chooses a maneuver (a judgment call: mindless undead and
    animals just attack; an animal's trip that comes with its bite is a special attack
    of its own)."""
    if type(attack) is not A.Attack or attack.two_weapon or not c.traits.intelligent:
        return attack
    target = enc.get(attack.target)
    replaced: AttackOption | None = None
    best = 0.0
    chosen_action: A.Action = attack
    for choice in ATTACK_CHOICES.values():
        if choice.problem(enc, c, target, None) is not None:
            continue
        if replaced is None:
            replaced, bonus = attack_in_hand(enc, c, attack)
            if replaced.ranged:
                return attack
            later = attacks_after(enc, c, replaced)
        worth = choice.value(enc, c, target, replaced, bonus, later)
        if worth > best:
            best, chosen_action = worth, choice.action(attack)
    return chosen_action
