"""What the baseline tactics do about grapples (seed 000 "Grapple"), by expected worth in
hit points over the round, with the exact odds of the opposed checks
(:func:`~d20combat.rules.checks.p_opposed`), never by habit:

* starting (or joining) a grapple in place of an attack (:func:`grapple_value`, one of
  :data:`d20combat.tactics.maneuvers.ATTACK_CHOICES`): the chance of a hold (the touch
  attack, the opposed check, an attack of opportunity that spoils it), worth the hold's
  unarmed damage, then for a round the difference between the grappler's attacks in the
  grapple and outside it, and between what the foe does to it in a grapple and outside
  (a grappled foe fights only its grappler, with grapple options); against that, the
  attack given up and the attack of opportunity provoked;
* in a grapple (:func:`grapple_turn`), in place of each attack: damage (nonlethal or
  lethal, whichever is worth more), an attack with a light or natural weapon, the
  opponent's weapon, a pin (worth what the foe would do to it next round), breaking a
  pin an ally suffers, or an escape (worth the difference a round outside makes); a
  pinned creature tries to escape the pin, by grapple check or Escape Artist, whichever
  is likelier.

A creature with rake that began its turn grappling rakes its foe first: the rakes are
free and risk nothing (SRD "Rake"; A87). A swallower weighs its swallow beside the pin,
and a swallowed creature cuts or escapes (:mod:`d20combat.tactics.swallow`). Moving the
grapple, drawing a weapon and letting go are never chosen (nothing in this estimate
makes them worth it); seed 001's climbing is not chosen either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.rulesets import Ruleset
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.handlers import attack_in_hand, attacks_after
from d20combat.encounter.maneuvers import grapple as GE
from d20combat.encounter.maneuvers import touch_of
from d20combat.rules.attack import lethal_refused
from d20combat.rules.checks import p_opposed
from d20combat.rules.maneuvers import grapple as G
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import hit_damage, p_hits
from d20combat.tactics.garrote import cut_choice, garrote_turn, strangle_threat
from d20combat.tactics.worth import aoo_of, attack_worth, built, mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

_LETHAL = Modifier(-4, BonusType.UNTYPED, "lethal damage")


def _p(enc: Encounter, mine: int, theirs: int) -> float:
    return float(p_opposed(mine, theirs, G.ties(enc.rules)))


def _mean(option: AttackOption | None) -> float:
    return 0.0 if option is None else mean_damage(option)


def _crush(c: Combatant) -> float:
    """The constriction a won grapple check of ``c`` adds (SRD "Constrict")."""
    return _mean(c.stats.constrict)


def _grabbing(c: Combatant) -> float:
    """The Improved Grab attack's damage a won pin or move of ``c`` adds (SRD "Improved
    Grab": each successful grapple check deals it)."""
    return _mean(c.stats.grab)


def _damage_kinds(enc: Encounter, c: Combatant, t: Combatant) -> list[tuple[bool, float, int]]:
    """(nonlethal, mean damage, check penalty) of each kind of grapple damage ``c`` may
    deal ``t`` (its unarmed strike's, or its Improved Grab attack's: Statistics.
    hold_damage): nonlethal damage is worth nothing against a creature immune to it."""
    option = c.stats.hold_damage
    if option is None:
        return []
    mean = min(_mean(option), max(1.0, float(t.vitals.hp + 10)))
    out = []
    for nonlethal in (True, False):
        if not nonlethal and lethal_refused(option, enc.rules):
            continue  # seed 001: only the trained strike to kill unarmed
        worth = 0.0 if nonlethal and t.stats.defenses.nonlethal_immune else mean
        penalty = 0 if option.either or nonlethal == option.nonlethal else -4
        out.append((nonlethal, worth, penalty))
    return out


def _best_damage(
    enc: Encounter, c: Combatant, t: Combatant, shift: int
) -> tuple[float, A.Action | None]:
    """The best damaging option of ``c`` against ``t`` in a grapple, per attack."""
    theirs = GE.check_total(enc, t).value
    mine = GE.check_total(enc, c, shift).value
    best: tuple[float, A.Action | None] = (0.0, None)
    for nonlethal, worth, penalty in _damage_kinds(enc, c, t):
        value = _p(enc, mine + penalty, theirs) * (worth + _crush(c))
        if value > best[0]:
            option = c.stats.hold_damage
            default = option is None or (option.nonlethal and not option.either)
            kind = None if nonlethal == default else nonlethal
            best = (value, A.GrappleDamage(t.id, nonlethal=kind))
    if "use-weapon" in enc.rules.grapple_options:
        borrowed = GE.their_weapon(c, t)
        if borrowed is not None:
            attack, _ = built(enc, c, borrowed, borrowed.bonus, t)
            extra = min(0, -4 - enc.rules.grapple_attack_penalty)
            hit = hit_damage(
                attack.ac.value,
                attack.bonus.value + shift + extra,
                _mean(borrowed),
                borrowed.crit_range,
                borrowed.crit_multiplier,
                attack.concealment,
            )
            value = _p(enc, mine, theirs) * hit
            if value > best[0]:
                best = (value, A.UseWeapon(t.id))
    return best


def _attack_rate(
    enc: Encounter, c: Combatant, t: Combatant, shift: int
) -> tuple[float, A.Action | None]:
    """``c``'s best own attack on ``t`` in a grapple (a light or natural weapon)."""
    best: tuple[float, A.Action | None] = (0.0, None)
    if GE.pinned_by(enc, c) is not None:
        return best
    melee = c.melee_options()
    for o in melee:
        if o.ranged or not (o.light or o.natural or o.name == "unarmed strike"):
            continue
        attack, _ = built(enc, c, o, o.bonus, t)
        value = hit_damage(
            attack.ac.value,
            attack.bonus.value + shift,
            max(1.0, _mean(o) - o.damage_bonus.value + attack.damage_bonus.value),
            21 if attack.crit_immune else o.crit_range,
            o.crit_multiplier,
            attack.concealment,
        )
        if value > best[0]:
            best = (value, A.Attack(t.id, o.name if len(melee) > 1 else None))
    return best


def inside_rate(enc: Encounter, c: Combatant, t: Combatant, shift: int = 0) -> float:
    """What one attack of ``c`` is worth against ``t`` in a grapple."""
    return max(_best_damage(enc, c, t, shift)[0], _attack_rate(enc, c, t, shift)[0])


def outside_rate(c: Combatant, t: Combatant) -> float:
    """What one attack of ``c`` is worth against ``t`` out of a grapple (its best ready
    melee option against ``t``'s AC as it stands)."""
    return max(
        (
            hit_damage(
                t.stats.ac.value, o.bonus.value, _mean(o), o.crit_range, o.crit_multiplier, 0
            )
            for o in c.melee_options()
        ),
        default=0.0,
    )


def _attacks(c: Combatant) -> int:
    """How many attacks a round ``c`` makes (its longest ready routine)."""
    return max((len(r.attacks) for r in c.routines_ready()), default=1)


def _round_out(c: Combatant, t: Combatant) -> float:
    """What ``c``'s full attack is worth against ``t`` out of a grapple."""
    best = 0.0
    for r in c.routines_ready():
        total = sum(
            hit_damage(t.stats.ac.value, b.value, _mean(o), o.crit_range, o.crit_multiplier, 0)
            for o, b in r.attacks
            if not o.ranged
        )
        best = max(best, total)
    return best


# the round after a hold between two creatures, out of any situation, by the ids of
# what it depends on (the objects kept alive in the entry)
_ROUNDS: dict[tuple[object, ...], tuple[tuple[object, ...], tuple[float, float, int]]] = {}


def _plain_rate(c: Combatant, t: Combatant, rules: Ruleset) -> float:
    """What one attack of ``c`` on ``t`` is worth in a grapple, out of any situation:
    its best grapple damage (by the bare grapple bonuses) or a light or natural weapon's
    attack at the grapple's penalty against ``t``'s AC."""
    option = c.stats.hold_damage
    best = 0.0
    if option is not None:
        immune = t.stats.defenses.nonlethal_immune
        for nonlethal in (True, False):
            if (nonlethal and immune) or (not nonlethal and lethal_refused(option, rules)):
                continue
            penalty = 0 if option.either or nonlethal == option.nonlethal else -4
            q = float(
                p_opposed(c.stats.grapple.value + penalty, t.stats.grapple.value, G.ties(rules))
            )
            best = max(best, q * (_mean(option) + _crush(c)))
    for o in c.melee_options():
        if o.light or o.natural or o.name == "unarmed strike":
            bonus = o.bonus.value + rules.grapple_attack_penalty
            hit = hit_damage(t.stats.ac.value, bonus, _mean(o), o.crit_range, o.crit_multiplier, 0)
            best = max(best, hit)
    return best


def _round_after(c: Combatant, t: Combatant, rules: Ruleset) -> tuple[float, float, int]:
    """(what a round in a grapple changes for ``c`` per attack: its rate inside less
    outside; what it keeps off: ``t``'s full attack outside less its grapple options;
    ``c``'s attacks a round), out of any situation (cached)."""
    keeps = (c.stats, t.stats, rules, c.wielding, t.wielding)
    key = tuple(id(k) for k in keeps[:3]) + keeps[3:]
    hit = _ROUNDS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0][:3], keeps[:3], strict=True)):
        return hit[1]
    mine = _plain_rate(c, t, rules) - outside_rate(c, t)
    kept_off = _round_out(t, c) - _plain_rate(t, c, rules) * _attacks(t)
    value = (mine, kept_off, _attacks(c))
    if len(_ROUNDS) > 4096:
        _ROUNDS.clear()
    _ROUNDS[key] = (keeps, value)
    return value


def grapple_value(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    replaced: AttackOption,
    bonus: Total,
    later: list[tuple[AttackOption, Total]],
) -> float:
    """The expected worth of starting (or joining) a grapple with ``target`` in place of
    ``replaced`` at ``bonus``, against the attack itself (see the module docstring; the
    round after the hold is estimated out of the situation, :func:`_round_after`)."""
    rules = enc.rules
    option = c.stats.unarmed
    if option is None:
        return float("-inf")
    worth = attack_worth(enc, c, replaced, bonus, target)
    if G.hold_fails(c.stat.size, target.stat.size, rules):
        return -worth
    shift = bonus.value - replaced.bonus.value
    held = _p(enc, GE.check_total(enc, c, shift).value, GE.check_total(enc, target).value)
    left = max(1.0, float(target.vitals.hp - target.vitals.nonlethal))
    hold = _mean(c.stats.hold_damage) + _crush(c)
    if hold >= left:  # the hold's damage drops it: nothing more to gain
        gain = left
    else:
        per_attack, kept_off, rounds = _round_after(c, target, rules)
        gain = hold + rounds * per_attack + kept_off
    if held * gain <= worth:  # even a sure grab, unopposed, would not pay
        return -worth
    joining = bool(target.grappling)
    p_touch = 1.0
    if not joining:
        touch_bonus = option.bonus
        if shift:
            touch_bonus = touch_bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative"))
        touch, _ = built(enc, c, touch_of(option), touch_bonus, target)
        p_touch = p_hits(touch.ac.value, touch.bonus.value, touch.concealment)
    cost = 0.0
    if not joining and GE._provokes(enc, c, target):
        aoo = aoo_of(enc, target, c)
        if aoo is not None:
            spoil = p_hits(c.stats.ac.value, aoo.bonus.value)
            p_touch *= 1 - spoil
            cost = hit_damage(
                c.stats.ac.value,
                aoo.bonus.value,
                _mean(aoo),
                aoo.crit_range,
                aoo.crit_multiplier,
                0,
            )
    return p_touch * held * gain - cost - worth


def _worth_escape(enc: Encounter, c: Combatant, t: Combatant) -> float:
    """What a round out of ``t``'s grapple is worth to ``c``: its attacks outside rather
    than inside, and ``t``'s full attack rather than its grapple options."""
    rounds = _attacks(c)
    mine = rounds * (outside_rate(c, t) - inside_rate(enc, c, t))
    theirs = inside_rate(enc, t, c) * _attacks(t) - _round_out(t, c)
    return mine + theirs


def _pinned_turn(enc: Encounter, c: Combatant, pinner: Combatant) -> A.Action:
    """Escape the pin: by grapple check in place of an attack, or by Escape Artist (a
    standard action), whichever is likelier; nothing else is possible."""
    grapple = A.EscapePin(pinner.id)
    artist = A.EscapeArtist(pinner.id)
    theirs = GE.check_total(enc, pinner).value
    options: list[tuple[float, A.Action]] = []
    if enc.is_legal(grapple):
        option, bonus = attack_in_hand(enc, c, grapple)
        shift = bonus.value - option.bonus.value
        options.append((_p(enc, GE.check_total(enc, c, shift).value, theirs), grapple))
    if enc.is_legal(artist):
        mine = c.roll_total(G.escape_artist(c.stats), "skill").value
        options.append((_p(enc, mine, theirs), artist))
    if not options:
        return A.EndTurn()
    return max(options, key=lambda x: x[0])[1]


def grapple_turn(enc: Encounter, c: Combatant) -> A.Action | None:
    """The action of a creature in a grapple (None: it is not in one): the option worth
    the most for the attack at hand, or the end of its turn."""
    if not c.grappling:
        if c.inside is not None:  # swallowed (SRD Swallow Whole)
            from d20combat.tactics.swallow import swallowed_turn

            return swallowed_turn(enc, c)
        return None
    garroting = garrote_turn(enc, c)  # seed 000 Garrote Attacks: strangle
    if garroting is not None:
        return garroting
    if enc.budget.held and c.stat.special_attack_rules:  # SRD Rake: free, so always
        for tid in c.grappling:
            t = enc.combatants[tid]
            if t.side != c.side and enc.is_legal(A.Rake(tid)):
                return A.Rake(tid)
    pinner = GE.pinner_of(c)
    if pinner is not None:
        return _pinned_turn(enc, c, enc.get(pinner))
    b = enc.budget
    if not (b.standard or b.routine is not None):
        return A.EndTurn()
    probe = A.GrappleDamage(c.grappling[0])
    if not enc.is_legal(probe) and not enc.is_legal(A.Pin(c.grappling[0])):
        return A.EndTurn()  # no attack left this turn
    option, bonus = attack_in_hand(enc, c, probe)
    shift = bonus.value - option.bonus.value
    mine = GE.check_total(enc, c, shift).value
    choices: list[tuple[float, A.Action]] = []
    for t in GE.partners(enc, c):
        if t.side == c.side:
            continue
        theirs = GE.check_total(enc, t).value
        p = _p(enc, mine, theirs)
        value, action = _best_damage(enc, c, t, shift)
        if action is not None:
            choices.append((value, action))
        value, action = _attack_rate(enc, c, t, shift)
        if action is not None:
            choices.append((value, action))
        holding = GE.pinner_of(t) == c.id
        if not holding or enc.budget.attacks_made == 0:
            # a pin keeps the foe from acting next round (its grapple options on c)
            threat = inside_rate(enc, t, c) * _attacks(t)
            choices.append((p * (threat + _grabbing(c) + _crush(c)), A.Pin(t.id)))
            if c.stat.swallow_whole is not None:  # SRD Swallow Whole
                from d20combat.tactics.swallow import swallow_choice

                swallow = swallow_choice(enc, c, t, p, threat)
                if swallow is not None:
                    choices.append(swallow)
        victim = GE.pinned_by(enc, t)
        if victim is not None and victim is not c:
            choices.append((p * _round_out(victim, t), A.BreakPin(t.id)))
        freedom = _worth_escape(enc, c, t) + strangle_threat(enc, c, t)
        choices.append((p * freedom, A.EscapeGrapple(t.id)))
        value, action = cut_choice(enc, c, t, shift, freedom)
        if action is not None:
            choices.append((value, action))
    for value, action in sorted(choices, key=lambda x: -x[0]):
        if value <= 0:
            break
        if enc.is_legal(action):
            return action
    return A.EndTurn()


# ------------------------------------------------------------------ Improved Grab's hold
def _dex_loss(enc: Encounter, c: Combatant, t: Combatant) -> float:
    """What grappling costs ``c`` over a round against the foes other than ``t`` that
    threaten it: their attacks on its AC without its Dexterity bonus, not with it."""
    ac = c.stats.armor_class().value
    lost = c.stats.armor_class(dex_lost=True).value
    if lost >= ac:
        return 0.0
    total = 0.0
    for e in enc.space.threatening(c):
        if e is t or e.side == c.side or not enc.active(e):
            continue
        melee = [o for o in e.ready_options() if not o.ranged]
        if melee:
            o = max(melee, key=mean_damage)
            gain = p_hits(lost, o.bonus.value) - p_hits(ac, o.bonus.value)
            total += gain * mean_damage(o) * _attacks(e)
    return total


def hold_part_choice(enc: Encounter, c: Combatant, action: A.Action) -> A.Action:
    """SRD special abilities "Improved Grab": an attack whose hit grabs may hold with the
    grabbing part alone (``hold-part``: -20 on the grapple checks, not grappling). The
    baseline chooses it when it is worth more (A88): the hold's worth (the grabbing
    attack's damage and constriction each later won check brings) at the two chances,
    against what grappling costs when the hold succeeds: its Dexterity bonus against the
    other foes threatening it, the grapple's -4 on its remaining attacks (which the
    one-part hold may turn on those foes at full bonus), and next round's full attack on
    the best of those foes rather than its attacks in the grapple."""
    if type(action) is not A.Attack or action.part_hold or c.grappling:
        return action
    t = enc.combatants.get(action.target)
    if t is None:
        return action
    option, _ = attack_in_hand(enc, c, action)
    if GE.grab_problem(enc, c, option, t) is not None:
        return action
    others = [e for e in enc.space.threatening(c) if e is not t and e.side != c.side]
    if not others:
        return action  # nobody else near: the full grapple only gains
    theirs = GE.check_total(enc, t).value
    mine = GE.check_total(enc, c).value
    hold = _grabbing(c) + _crush(c)
    penalty = enc.rules.grapple_attack_penalty
    rest = sum(mean_damage(o) * -penalty / 20 for o, _ in attacks_after(enc, c, option))
    # next round: a full attack on the best of the others, not the grapple's options
    free = max(outside_rate(c, e) for e in others) - inside_rate(enc, c, t, penalty)
    cost = _dex_loss(enc, c, t) + rest + max(0.0, free) * _attacks(c)
    normal = _p(enc, mine, theirs) * (hold - cost)
    part = _p(enc, mine - 20, theirs) * hold
    if part <= normal:
        return action
    choice = A.Attack(
        action.target,
        action.weapon or option.name,
        action.defensively,
        action.nonlethal,
        action.two_weapon,
        action.power,
        action.stance,
        action.expertise,
        True,
    )
    return choice if enc.is_legal(choice) else action
