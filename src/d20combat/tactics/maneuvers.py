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
  turned on the tripper when it is tripped back.

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
  opportunity it provokes, against this turn's attacks.

Each starts with a cheap bound that rejects it early, so a turn where none is possible
or worth it costs little more than before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack, can_make_aoo
from d20combat.encounter.handlers import attack_in_hand, attacks_after
from d20combat.encounter.maneuvers import skill, touch_of
from d20combat.encounter.maneuvers.coup_de_grace import (
    coup_de_grace_problem_in,
    finishing_option,
    hidden,
)
from d20combat.encounter.maneuvers.feint import feint_problem_in, improved_feint
from d20combat.encounter.maneuvers.trip import trip_option, trip_problem_in
from d20combat.rules.checks import Ties, p_opposed
from d20combat.rules.conditions import restrictions
from d20combat.rules.dice import Dice
from d20combat.rules.maneuvers.feint import FeintSides, feint_sides
from d20combat.rules.maneuvers.trip import resist_check, strength_check
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics
from d20combat.tactics.estimates import hit_damage, p_hits

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

#: AC against melee attacks while prone (seed 002 Table: Armor Class Modifiers).
PRONE_AC = 4


def _damage(
    enc: Encounter, c: Combatant, option: AttackOption, bonus: Total, t: Combatant, shift: int = 0
) -> float:
    """Expected damage of one attack of ``c`` on ``t``; ``shift`` lowers ``t``'s AC.
    Damage beyond what drops ``t`` (its hit points) is worth nothing."""
    attack, _ = build_attack(enc, c, option, bonus, t)
    mean = max(1.0, _mean(option) - option.damage_bonus.value + attack.damage_bonus.value)
    return hit_damage(
        attack.ac.value - shift,
        attack.bonus.value,
        min(mean, max(1.0, float(t.vitals.hp))),
        21 if attack.crit_immune else option.crit_range,
        option.crit_multiplier,
        attack.concealment,
    )


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


_MEANS: dict[int, tuple[AttackOption, float]] = {}


def _mean(option: AttackOption) -> float:
    """An option's mean damage on a hit (no situation; cached by option)."""
    hit = _MEANS.get(id(option))
    if hit is None:
        if len(_MEANS) > 4096:
            _MEANS.clear()
        mean = max(1.0, float(option.dice.mean) + option.damage_bonus.value)
        hit = _MEANS[id(option)] = (option, mean)
    return hit[1]


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
    attack, notes = build_attack(enc, c, option, bonus if improved else option.bonus, target)
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
    own, _ = build_attack(enc, c, option, option.bonus, opponent)
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
    attack, _ = build_attack(enc, x, option, option.bonus, t)
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


def _finish_worth(enc: Encounter, c: Combatant, foe: Combatant) -> float:
    """What a coup de grace on ``foe`` is worth: the chance it dies times its hit points
    (what it would take to drop it again), halved when it must first be found (two
    full-round actions), less the attacks of opportunity it provokes."""
    if coup_de_grace_problem_in(enc, c, foe, None) is not None:
        return float("-inf")
    option = finishing_option(enc, c, foe, None)
    assert option is not None  # checked
    attack, notes = build_attack(enc, c, option, option.bonus, foe)
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
    if "coup-de-grace" in enc.rules.provoking_actions:
        for t in enc.space.threatening(c):
            aoo = can_make_aoo(enc, t, c)
            if aoo is not None:
                worth -= _plain(aoo, aoo.bonus.value, c)
    return worth


def turn_special(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """The action of its own the baseline takes at the start of its attacks instead of
    ``attack`` (the attack it planned, or None), when one is expected to bring more than
    the turn's attacks: a coup de grace, a feint or aid another (see the module
    docstring). Only a creature of Intelligence 3 or more (as :func:`instead`). The
    cheap bounds come first: nothing else is computed when none can pay."""
    b = enc.budget
    if not c.traits.intelligent or b.attacks_made or not b.standard or b.full_round:
        return None
    finish = []
    if b.can_full_round and not b.stepped:
        side = c.side
        finish = [
            f
            for f in enc.combatants.values()
            if f.conditions and f.side != side and f.present() and _recovers(f)
        ]
    target = None
    feint_bound = aid_bound = 0.0
    friends: list[Combatant] = []
    if type(attack) is A.Attack and not attack.two_weapon:
        target = enc.get(attack.target)
        feint_bound = _feint_bound(c, target)
        friends = _aid_friends(enc, c, target)
        aid_bound = _aid_bound(enc, friends, target)
    if not finish and feint_bound <= 0 and aid_bound <= 0:
        return None
    first = rest = 0.0
    option = bonus = None
    if isinstance(attack, A.Attack):
        option, bonus, first = _first_worth(enc, c, attack)
        # each gives up at least this attack (a move-action feint: the rest only)
        feint_floor = 0.0 if improved_feint(c) and b.move else first
        if not finish and aid_bound <= first and feint_bound <= feint_floor:
            return None
        rest = _rest_worth(enc, c, option, enc.get(attack.target))
    cost = first + rest
    best = 0.0  # worth beyond the turn's attacks
    chosen: A.Action | None = None
    for foe in finish:
        worth = _finish_worth(enc, c, foe) - cost
        if worth > best:
            best, chosen = worth, A.CoupDeGrace(foe.id)
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
