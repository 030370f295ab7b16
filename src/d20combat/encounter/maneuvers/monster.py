"""The monster special attacks in the encounter, read from the stat block's
``special_attack_rules`` (:class:`~d20combat.content.creatures.SpecialAttack`):

* **Trip (Ex)** (SRD monsters-animals.html "Wolf" and the others): after a hit with the
  named natural attack, a free trip (:func:`free_trip`): no touch attack, no attack of
  opportunity, no counter-trip, the stat block's check modifier. It is always attempted
  when the foe can be tripped: it costs and risks nothing (A61).
* **Pounce** with its **Rake** (SRD types-subtypes-and-special-abilities.html): a charge
  ending in the full attack and the rakes (``charge TARGET to SQUARE pounce``, a
  :class:`~d20combat.encounter.maneuvers.ChargeManeuver`; the procedure
  :mod:`d20combat.rules.maneuvers.trample`).
* **Trample** (same page): ``trample SQUARE...``, a full-round action of up to twice the
  speed over smaller foes (:func:`check_trample`, :func:`run_trample`,
  :func:`gen_trample`).

Readings (docs/rules-coverage.md A60-A64): the pounce's full attack needs the full-round
charge (A62); a foe run over makes the attack of opportunity at -4 when it can and
expects more of it than of the Reflex save, else the save (A63); the rakes are made at
the stat block's bonus, +2 for the charge (A62).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import aoo_limit, build_attack, strike
from d20combat.encounter.maneuvers import CHARGE_MANEUVERS, ChargeManeuver, ability, fall
from d20combat.encounter.movement import walk
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import footprint, square_name
from d20combat.rules.attack import Attack
from d20combat.rules.conditions import restrictions
from d20combat.rules.maneuvers.trample import (
    AOO_PENALTY,
    POUNCE_RULE,
    TRAMPLE_RULE,
    covered,
    reflex_save,
    split_damage,
    stated,
    strikes_back,
    trample_dc,
    trample_problem,
)
from d20combat.rules.maneuvers.trip import free_trip_sides, trip, trip_problem
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import AttackOption, Routine

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

FREE_TRIP_RULE = "SRD monsters Trip (Ex); seed 000 Trip"
Pos = tuple[int, int]


# ---------------------------------------------------------------- Trip (Ex)
def free_trip(enc: Encounter, c: Combatant, option: AttackOption, target: Combatant) -> None:
    """After ``c`` hit ``target`` with ``option``: its free trip, if its Trip (Ex) names
    that attack and the foe can be tripped (standing, at most one size larger, with legs)."""
    rule = c.stat.special("trip")
    if rule is None or not option.natural or option.ranged:
        return
    if rule.attacks and option.name.lower() not in rule.attacks:
        return
    if not enc.active(target) or not enc.active(c) or target.has("prone"):
        return
    if trip_problem(c.stats, target.stats) is not None:
        return
    base = free_trip_sides(c.stats, target.stats, enc.rules, rule.modifier)
    sides = base._replace(attack=ability(c, base.attack), resist=ability(target, base.resist))
    mark = enc.dice.mark()
    r = trip(enc.dice, sides, enc.rules)
    assert r.check is not None
    enc.event(
        c.id,
        "trip",
        FREE_TRIP_RULE,
        target=target.id,
        totals=(("trip check", sides.attack), ("trip resist", sides.resist)),
        rolls_from=mark,
        weapon=option.name,
        result="tripped" if r.tripped else "failed",
        touch_natural=None,
        touch_total=None,
        check=[r.check.actor, r.check.opponent],
        counter=None,
        free=True,
    )
    if r.tripped:
        fall(enc, target)


# ---------------------------------------------------------------- Pounce and Rake
# rake options by the id of the statistics they were made for (kept in the entry)
_RAKES: dict[int, tuple[object, AttackOption | None]] = {}


def rake_option(c: Combatant) -> AttackOption | None:
    """The rake as an attack option: the stat block's attack bonus and damage on the
    creature's claws (their reach and damage types), or None without a rake."""
    stats = c.stats
    hit = _RAKES.get(id(stats))
    if hit is not None and hit[0] is stats:
        return hit[1]
    rule = c.stat.special("rake")
    base = next((o for o in stats.options if o.natural and not o.ranged and "claw" in o.name), None)
    base = base or next((o for o in stats.options if o.natural and not o.ranged), None)
    option = None
    if rule is not None and rule.bonus is not None and rule.damage is not None and base:
        dice, plus = split_damage(rule.damage)
        option = dataclasses.replace(
            base,
            name="rake",
            bonus=stated(rule.bonus, "Rake (Ex) attack bonus (stat block)"),
            dice=dice,
            damage_bonus=stated(plus, "Rake (Ex) damage (stat block)"),
            primary=True,
            effects=(),
        )
    if len(_RAKES) > 1024:
        _RAKES.clear()
    _RAKES[id(stats)] = (stats, option)
    return option


def pounce_routine(c: Combatant) -> Routine | None:
    """The full attack a pounce makes: the longest ready melee routine (its first in
    order on a tie)."""
    best = None
    for r in c.routines_ready():
        if r.two_weapon or not r.attacks or any(o.ranged for o, _ in r.attacks):
            continue
        if best is None or len(r.attacks) > len(best.attacks):
            best = r
    return best


def pounce_attacks(c: Combatant) -> list[tuple[AttackOption, Total, str]]:
    """The attacks of a pounce, each with its bonus and event kind: the full attack,
    then the rake's (SRD "Pounce": "including rake attacks")."""
    routine = pounce_routine(c)
    out = [(o, b, "attack") for o, b in routine.attacks] if routine else []
    rake = c.stat.special("rake")
    option = rake_option(c)
    if rake is not None and option is not None:
        out += [(option, option.bonus, "rake")] * rake.count
    return out


def pounce_problem(enc: Encounter, c: Combatant) -> str | None:
    """Why ``c`` cannot pounce now, or None."""
    if c.stat.special("pounce") is None:
        return f"{c.id} has no pounce"
    if enc.budget.single:
        return "a pounce's full attack needs the full-round charge (A62)"
    if pounce_routine(c) is None:
        return f"{c.id} has no melee full attack"
    return None


def _check_pounce(enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int) -> None:
    from d20combat.encounter.handlers import check_stance

    why = pounce_problem(enc, c)
    if why:
        raise IllegalActionError(why)
    enc.space.check_charge(c, target, a.to, limit)
    routine = pounce_routine(c)
    if a.power and routine is not None:  # SRD feats "Power Attack": on the full attack
        check_stance(enc, c, routine.attacks[0][0], first=True, power=a.power)


def _run_pounce(enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int) -> None:
    """The charge's move, then the full attack and the rakes, each +2 for the charge; the
    attacks left when the foe falls are lost (A62)."""
    if not walk(enc, c, enc.space.charge_path(c, a.to), kind="charge"):
        return
    attacks = pounce_attacks(c)
    enc.event(
        c.id,
        "pounce",
        POUNCE_RULE,
        target=target.id,
        attacks=[o.name for o, _, _ in attacks],
    )
    for option, bonus, kind in attacks:
        if not enc.active(target) or not enc.active(c):
            break
        if enc.space.attack_problem(c, option, target):
            continue
        strike(
            enc,
            c,
            option,
            bonus,
            target,
            kind=kind,
            charge=True,
            rule=POUNCE_RULE if kind == "rake" else None,
        )


def _pounce_ends(enc: Encounter, c: Combatant, target: Combatant, limit: int) -> Iterable[A.Charge]:
    if pounce_problem(enc, c) is not None:
        return
    for to in enc.space.charge_destinations(c, target, limit):
        yield A.Charge(target.id, to, maneuver="pounce")


CHARGE_MANEUVERS["pounce"] = ChargeManeuver(_check_pounce, _run_pounce, _pounce_ends, attacks=True)


# ---------------------------------------------------------------- Rake in a grapple
RAKE_RULE = "SRD special abilities Rake (grappling)"
_IN_A_GRAPPLE = "in a grapple"  # fighting.build_attack's modifier


def rake_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot rake ``target`` now, or None (SRD "Rake": "two additional claw
    attacks that it can use only against a grappled foe"; "must begin its turn
    grappling to use its rake"; the stat block's count a turn, A87)."""
    rake = c.stat.special("rake")
    if rake is None or rake_option(c) is None:
        return f"{c.id} has no rake"
    if target.id not in c.grappling:
        return f"{c.id} is not grappling {target.id}"
    if target.id not in enc.budget.held:
        return f"{c.id} did not begin its turn grappling {target.id} (SRD Rake)"
    if enc.budget.rakes >= rake.count:
        return f"{c.id} has made its {rake.count} rakes this turn"
    from d20combat.encounter.maneuvers.grapple import pinned_by, pinner_of

    if pinner_of(c) is not None:
        return f"{c.id} is pinned: it can only try to escape the pin"
    if pinned_by(enc, c) is not None:
        return f"{c.id} is pinning: it cannot attack (seed 000)"
    return None


def check_rake(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Rake)
    why = rake_problem(enc, c, enc.get(a.target))
    if why:
        raise IllegalActionError(why)


def _no_grapple_penalty(attack: Attack) -> Attack:
    """ "Rake attacks are not subject to the usual -4 penalty for attacking with a
    natural weapon in a grapple"."""
    bonus = attack.bonus
    if any(p.modifier.source == _IN_A_GRAPPLE for p in bonus.parts):
        kept = (p.modifier for p in bonus.parts if p.modifier.source != _IN_A_GRAPPLE)
        attack = attack._replace(bonus=stack(kept))
    return attack


def run_rake(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """One rake (a free action, A87): the stat block's bonus and damage, without the
    grapple's -4."""
    assert isinstance(a, A.Rake)
    option = rake_option(c)
    assert option is not None
    enc.budget.rakes += 1
    strike(
        enc,
        c,
        option,
        option.bonus,
        enc.get(a.target),
        kind="rake",
        special=_no_grapple_penalty,
        rule=RAKE_RULE,
    )


def gen_rake(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    if not c.grappling or not enc.budget.held or c.stat.special("rake") is None:
        return
    for tid in c.grappling:
        yield A.Rake(tid)


# ---------------------------------------------------------------- Trample
_TRAMPLES: dict[int, tuple[object, AttackOption | None]] = {}


def trample_option(c: Combatant) -> AttackOption | None:
    """The trample as an attack option that always hits: the stat block's damage,
    bludgeoning (SRD "Trample"), or None without a trample."""
    stats = c.stats
    hit = _TRAMPLES.get(id(stats))
    if hit is not None and hit[0] is stats:
        return hit[1]
    rule = c.stat.special("trample")
    option = None
    if rule is not None and rule.damage is not None:
        from d20combat.content.damage import DamageType

        dice, plus = split_damage(rule.damage)
        option = AttackOption(
            name="trample",
            ranged=False,
            bonus=stated(0, "trample (no attack roll)"),
            dice=dice,
            damage_bonus=stated(plus, "Trample (Ex) damage (stat block)"),
            damage_types=(DamageType.BLUDGEONING,),
            natural=True,
        )
    if len(_TRAMPLES) > 1024:
        _TRAMPLES.clear()
    _TRAMPLES[id(stats)] = (stats, option)
    return option


def victims(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The foes ``c`` may run over: active, on the map, at least one size smaller."""
    return [
        f
        for f in enc.space.active_enemies(c)
        if f.pos is not None
        and trample_problem(c.stats, f.stats) is None
        and not f.traits.fills_squares  # SRD combat-ii "Designated Exceptions"
    ]


def _through(enc: Encounter, c: Combatant) -> frozenset[Pos]:
    occ = enc.space.occ
    return frozenset(s for f in victims(enc, c) for s in occ.footprint(f.id))


def trample_cost(enc: Encounter, c: Combatant, path: tuple[Pos, ...]) -> int:
    """The feet of a trample's path (over its victims' squares, not ending in one).

    Raises:
        IllegalActionError: if the path is not one.
    """
    return enc.space.path_cost(c, path, through=_through(enc, c))


def check_trample(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD "Trample": a full-round action, up to twice the speed."""
    from d20combat.encounter.handlers import need_full_round, need_mobile

    assert isinstance(a, A.Trample)
    if c.stat.special("trample") is None or trample_option(c) is None:
        raise IllegalActionError(f"{c.id} has no trample")
    need_full_round(enc, c)
    if enc.budget.stepped:
        raise IllegalActionError("no trample in a round with a 5-foot step")
    need_mobile(enc, c)
    limit = 2 * enc.space.speed(c)
    cost = trample_cost(enc, c, a.path)
    if cost > limit:
        raise IllegalActionError(f"the path costs {cost} ft but twice the speed is {limit} ft")


def run_trample(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Move square by square; each foe whose space the trampler's covers is trampled
    once (:func:`trample_one`); one it covers only in part may make an attack of
    opportunity at -4. Leaving threatened squares provokes as any move."""
    assert isinstance(a, A.Trample)
    enc.budget.use("full-round")
    enc.budget.moved = True
    start = c.pos
    foes = victims(enc, c)
    done: set[str] = set()
    passed: list[Pos] = []
    occ = enc.space.occ
    for nxt in a.path:
        under = [
            f for f in foes if any(s in occ.footprint(f.id) for s in footprint(nxt, c.squares))
        ]
        if not walk(
            enc, c, (nxt,), kind="trample", record=False, through=under[0] if under else None
        ):
            break
        passed.append(nxt)
        mine = footprint(c.pos, c.squares)
        for f in under:
            if f.id in done or not enc.active(f):
                continue
            how = covered(mine, occ.footprint(f.id))
            if how == "all":
                done.add(f.id)
                trample_one(enc, c, f)
            elif how == "part" and f.id + "/part" not in done:
                done.add(f.id + "/part")
                _strike_back(enc, f, c, "trample (moving over part of its space)")
            if not enc.active(c):
                break
        if not enc.active(c):
            break
    _back_to_legal(enc, c, [start, *passed])
    enc.event(
        c.id,
        "trample",
        TRAMPLE_RULE,
        start=square_name(start),
        path=[square_name(p) for p in passed],
        end=square_name(c.pos),
        stopped=len(passed) < len(a.path),
        trampled=sorted(d for d in done if "/" not in d),
    )


def _back_to_legal(enc: Encounter, c: Combatant, been: list[Pos]) -> None:
    """SRD "Trample": "A trampling creature that accidentally ends its movement in an
    illegal space returns to the last legal position it occupied": stopped over a foe
    (an attack of opportunity or a readied action), it goes back along its path to the
    last position it shares with nobody."""
    occ = enc.space.occ

    def shared(p: Pos) -> bool:
        return any(o != c.id for s in footprint(p, c.squares) for o in occ.at(s))

    if not shared(c.pos):
        return
    for p in reversed(been[:-1]):
        if not shared(p):
            enc.space.place(c, p)
            return


def _aoo_option(enc: Encounter, f: Combatant, c: Combatant) -> AttackOption | None:
    """The melee option ``f`` would strike the creature running over it with, if it
    may make an attack of opportunity now (not flat-footed, one left, able to)."""
    if not enc.active(f) or f.aoo_used >= aoo_limit(f):
        return None
    if not f.acted and not f.traits.combat_reflexes:
        return None
    if not restrictions(f.condition_set()).can_aoo or f.has("total-defense"):
        return None
    return next(iter(f.melee_options()), None)


def _aoo_bonus(option: AttackOption) -> Total:
    return option.bonus.plus(Modifier(AOO_PENALTY, BonusType.UNTYPED, "against a trample"))


def would_strike_back(enc: Encounter, f: Combatant, c: Combatant) -> bool:
    """The choice of a foe run over (A63): its attack of opportunity at -4 if it can make
    one and expects it to deal more than its Reflex save would spare it
    (:func:`~d20combat.rules.maneuvers.trample.strikes_back`), else the save."""
    option = _aoo_option(enc, f, c)
    rule = c.stat.special("trample")
    trample = trample_option(c)
    if option is None or rule is None or trample is None:
        return False
    attack, _ = build_attack(enc, f, option, _aoo_bonus(option), c)
    reflex = f.roll_total(f.stats.saves["ref"], "save", save="ref")
    return strikes_back(
        attack.bonus.value,
        attack.ac.value,
        max(1.0, float(option.dice.mean) + attack.damage_bonus.value),
        reflex.value,
        trample_dc(c.stats, rule),
        max(1.0, float(trample.dice.mean) + trample.damage_bonus.value),
    )


def _strike_back(enc: Encounter, f: Combatant, c: Combatant, reason: str) -> bool:
    """``f``'s attack of opportunity at -4 on the trampler ``c``; False if it has none."""
    option = _aoo_option(enc, f, c)
    if option is None:
        return False
    f.aoo_used += 1
    enc.event(f.id, "provoked", TRAMPLE_RULE, target=c.id, reason=reason)
    strike(enc, f, option, _aoo_bonus(option), c, kind="aoo", rule=TRAMPLE_RULE)
    return True


def trample_one(enc: Encounter, c: Combatant, f: Combatant) -> None:
    """``f`` is run over: its attack of opportunity at -4 if it chooses it
    (:func:`would_strike_back`), else its Reflex save for half; then the trample damage
    (no attack roll)."""
    rule = c.stat.special("trample")
    option = trample_option(c)
    assert rule is not None and option is not None
    struck = would_strike_back(enc, f, c) and _strike_back(enc, f, c, "trampled")
    if not enc.active(c) or not enc.active(f):
        return
    half = False
    if not struck:
        dc = trample_dc(c.stats, rule)
        reflex = f.roll_total(f.stats.saves["ref"], "save", save="ref")
        mark = enc.dice.mark()
        s = reflex_save(enc.dice, reflex, dc)
        half = s.saved
        enc.event(
            f.id,
            "trample-save",
            TRAMPLE_RULE,
            target=c.id,
            totals=(("reflex save", reflex),),
            rolls_from=mark,
            dc=dc,
            natural=s.natural,
            total=s.total,
            saved=s.saved,
        )
    strike(
        enc,
        c,
        option,
        option.bonus,
        f,
        kind="trampled",
        special=lambda at: at._replace(auto_hit=True, half_damage=half, concealment=0),
        rule=TRAMPLE_RULE,
    )


def trample_paths(enc: Encounter, c: Combatant, f: Combatant) -> list[A.Trample]:
    """For each of the eight directions, one trample path over ``f``: the cheapest way
    to the position before the first that covers its space going that way, then
    straight on until the trampler's space has left every foe's. Other paths are legal
    too, but not listed. Does not check the action's budget."""
    space = enc.space
    limit = 2 * space.speed(c)
    if limit < 10:
        return []
    reach = space.reachable(c, limit)
    n = c.squares
    theirs = frozenset(space.occ.footprint(f.id))
    through = _through(enc, c)
    out: list[A.Trample] = []
    for dx, dy in _DIRS:
        over = [
            (x, y)
            for y in range(f.pos[1] - n + 1, f.pos[1] + 1)
            for x in range(f.pos[0] - n + 1, f.pos[0] + 1)
            if theirs <= frozenset(footprint((x, y), n))
        ]
        for p in over:
            before = (p[0] - dx, p[1] - dy)
            if any(s in through for s in footprint(before, n)):
                continue
            if before == c.pos:
                head: list[Pos] = []
            elif reach.passes(before):
                head = list(reach.path_to(before)[1:])
            else:
                continue
            tail = [p]
            while any(s in through for s in footprint(tail[-1], n)) and len(tail) < 12:
                tail.append((tail[-1][0] + dx, tail[-1][1] + dy))
            action = A.Trample((*head, *tail))
            if action in out:
                break
            try:
                cost = trample_cost(enc, c, action.path)
            except IllegalActionError:
                continue
            if cost <= limit:
                out.append(action)
                break
    return out


_DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def gen_trample(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """For each foe it may run over within twice its speed, :func:`trample_paths`."""
    if not c.stat.special_attack_rules or c.stat.special("trample") is None:
        return
    b = enc.budget
    if not b.can_full_round or b.stepped or c.pending_full_round is not None:
        return
    if c.has("prone") or not c.restrictions().can_move:
        return
    limit = 2 * enc.space.speed(c)
    for f in enc.space.enemies_near(c, limit):
        if enc.active(f) and trample_problem(c.stats, f.stats) is None:
            yield from trample_paths(enc, c, f)
