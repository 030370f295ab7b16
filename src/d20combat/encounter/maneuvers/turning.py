"""Turning and rebuking undead in the encounter (seed 000 "Turn Or Rebuke Undead"; the
procedure: :mod:`d20combat.rules.maneuvers.turning`).

* ``turn``, ``rebuke``, ``bolster`` and ``greater-turn`` (``turn water`` and the like for
  the kinds a domain gives) are standard actions that provoke no attack of opportunity
  (seed 000 "Turning Checks"; SRD combat-ii Table: Actions in Combat). "Turning is
  considered an attack": conditions that forbid attacking forbid it.
* Each spends one use of the ability a day (:attr:`Combatant.turnings_used`); a greater
  turning spends a turning and the day's greater turning.
* The creatures reached: of the ability's kinds (the creature type or a subtype), within
  60 ft, without total cover from the turner (line of effect), closest first (equally
  close: ordered by the dice, :func:`d20combat.encounter.closest.order_ties`; the
  tactics' forecast takes them by id); the turner's foes for a
  turning or rebuke (and allies under the other energy's turning, to dispel it), its
  allies and itself for a bolster (a reading: A45).
* Turned: ``turned`` for 10 rounds on the turner's count (it flees from the turner:
  :mod:`d20combat.encounter.fear`, and cowers if cornered); destroyed: dead; rebuked:
  ``rebuked`` (cowering) for 10 rounds; commanded: it joins the commander's side
  (``commanded``, until relinquished); bolstered: ``bolstered`` for 10 rounds. A dispelled
  creature loses its ``turned`` (``rebuked``).
* The turning ends for a creature its turner approaches within 10 ft (seed 000: "If you
  approach within 10 feet of them, however, they overcome being turned"): after an
  action of the turner's that leaves it within 10 ft of the creature and nearer than
  it was (:func:`approached`; standing within 10 ft breaks nothing).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability, StatBlock, TurningPower
from d20combat.encounter import actions as A
from d20combat.encounter.closest import order_ties
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.maneuvers import ability
from d20combat.errors import IllegalActionError
from d20combat.rules.maneuvers import turning as R
from d20combat.rules.maneuvers.turning import (
    APPROACH_FT,
    RANGE_FT,
    ROUNDS,
    RULE,
    TABLE_RULE,
    Attempt,
    Mode,
    Target,
    Turner,
    kinds,
    power_against,
    table_row,
    turn,
    turn_resistance,
)

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

APPROACH_RULE = "seed 000 Effect and Duration of Turning"
_MODES: dict[type[A.Turn], Mode] = {
    A.Turn: "turn",
    A.Rebuke: "rebuke",
    A.Bolster: "bolster",
    A.GreaterTurn: "greater",
}
_TURNING_CONDITIONS = ("turned", "rebuked")
_TR: dict[int, tuple[StatBlock, int]] = {}


def mode_of(a: A.Turn) -> Mode:
    return _MODES[type(a)]


_KINDS: dict[int, tuple[StatBlock, frozenset[str]]] = {}


def is_kind(stat: StatBlock, kind: str) -> bool:
    """Whether a creature is of ``kind`` (its type or a subtype), read once per stat
    block."""
    hit = _KINDS.get(id(stat))
    if hit is None or hit[0] is not stat:
        if len(_KINDS) > 4096:
            _KINDS.clear()
        hit = _KINDS[id(stat)] = (stat, frozenset(kinds(stat)))
    return kind in hit[1]


def resistance(stat: StatBlock) -> int:
    """Its turn resistance (SRD special abilities "Turn Resistance"), read once."""
    hit = _TR.get(id(stat))
    if hit is None or hit[0] is not stat:
        if len(_TR) > 4096:
            _TR.clear()
        hit = _TR[id(stat)] = (stat, turn_resistance(stat.qualities))
    return hit[1]


def power_for(c: Combatant, a: A.Turn) -> TurningPower | None:
    """The ability ``a`` uses: one that turns ``a.creatures`` (turn, greater-turn) or
    rebukes them (rebuke, bolster)."""
    return power_against(c.stat, a.creatures, positive=mode_of(a) in ("turn", "greater"))


def uses_left(c: Combatant, p: TurningPower) -> int:
    return p.uses - c.turnings_used.get(p.name, 0)


def turn_problem_in(enc: Encounter, c: Combatant, a: A.Turn) -> str | None:
    """Why ``c`` cannot make the turning attempt ``a`` now (its budget aside), or None."""
    t = c.stat.turning
    if t is None:
        return f"{c.id} has no turning ability (clerics, paladins from 4th level)"
    p = power_for(c, a)
    if p is None:
        able = [
            f"{'turn' if k in p2.turns else 'rebuke'} {k}"
            for p2 in t.powers
            for k in (*p2.turns, *p2.rebukes)
        ]
        return f"{c.id} cannot {a.verb} {a.creatures} creatures (it can: {', '.join(able)})"
    if uses_left(c, p) <= 0:
        return f"{c.id} has no {p.name} turning attempts left today ({p.uses} a day)"
    if isinstance(a, A.GreaterTurn) and t.greater - c.turnings_used.get("greater", 0) <= 0:
        return f"{c.id} has no greater turning left today ({t.greater} a day)"
    if not c.restrictions().can_attack:
        return "turning is considered an attack, and its conditions forbid attacking: " + (
            ", ".join(sorted(c.condition_set()))
        )
    return None


def turner_in(c: Combatant, a: A.Turn, p: TurningPower) -> Turner:
    """The turner's numbers (:func:`d20combat.rules.maneuvers.turning.turner_of`) with
    what its conditions do to ability checks."""
    t = R.turner_of(c.stat, c.mod(Ability.CHA), p, positive=mode_of(a) in ("turn", "greater"))
    return t._replace(check=ability(c, t.check))


def hit_dice(o: Combatant) -> int:
    return R.hit_dice(o.stat)


def effective_hd(o: Combatant) -> int:
    """Its Hit Dice for the turning check: bolstered (if higher), plus turn resistance."""
    bolster = o.channelled.get("bolstered", 0) if "bolstered" in o.conditions else 0
    return max(hit_dice(o), bolster) + resistance(o.stat)


def reached(enc: Encounter, c: Combatant, a: A.Turn, *, roll_ties: bool = False) -> list[Combatant]:
    """The creatures the attempt may reach, closest first: of its kind, within 60 ft,
    not in total cover from ``c``; foes, or allies (``c`` too) for a bolster. Equally
    close ones by id, or with ``roll_ties`` (the attempt itself) in the order the dice
    give (SRD combat-ii "Closest Creature", A260)."""
    sp = enc.space
    if isinstance(a, A.Bolster):
        pool = [o for o in (c, *enc.allies(c)) if enc.active(o)]
    else:  # foes, and allies under the other energy's turning (to dispel it)
        theirs = "turned" if isinstance(a, A.Rebuke) else "rebuked"
        pool = [
            *sp.enemies_near(c, RANGE_FT),
            *(o for o in enc.allies(c) if theirs in o.conditions and enc.active(o)),
        ]
    found = []
    for o in pool:
        if not is_kind(o.stat, a.creatures) or o.vitals.dead:
            continue
        dist = 0 if o is c else sp.distance_ft(c, o)
        if dist > RANGE_FT or (o is not c and sp.cover_bonus(c, o, melee=False) < 0):
            continue
        found.append((dist, o.id, o))
    found.sort(key=lambda x: (x[0], x[1]))
    if roll_ties:
        return order_ties(enc, [(d, o) for d, _, o in found], "creatures")
    return [o for _, _, o in found]


def targets(enc: Encounter, c: Combatant, a: A.Turn, near: list[Combatant]) -> list[Target]:
    """The procedure's view of the creatures reached: an opposite turning on one is
    dispelled (its check recorded); one already turned (rebuked) is skipped, unless
    this attempt would destroy (command) it, and a commanded one always (A42)."""
    mode = mode_of(a)
    positive = mode in ("turn", "greater")
    mine = "turned" if positive else "rebuked"
    theirs = "rebuked" if positive else "turned"
    t = c.stat.turning
    level = t.level if t is not None else 0
    out = []
    for o in near:
        opposed = None
        if mode != "bolster" and theirs in o.conditions:
            opposed = o.channelled.get(theirs, 0)
        hd = hit_dice(o)
        worse = mode == "greater" or R.destroys(level, hd)  # destroyed or commanded
        skip = mode != "bolster" and (
            "commanded" in o.conditions or (mine in o.conditions and not worse)
        )
        out.append(Target(o.id, hd, effective_hd(o), skip, opposed))
    return out


def commanded_hd(enc: Encounter, c: Combatant) -> int:
    """The Hit Dice of the creatures ``c`` commands now."""
    return sum(
        hit_dice(o)
        for o in enc.combatants.values()
        if (k := o.conditions.get("commanded")) is not None and k.owner == c.id
    )


def check_turn(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Turning Checks": a standard action."""
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.Turn)
    need_standard(enc, c)
    why = turn_problem_in(enc, c, a)
    if why:
        raise IllegalActionError(why)


def run_turn(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Turn)
    p = power_for(c, a)
    assert p is not None and c.stat.turning is not None
    enc.budget.use("standard")
    c.turnings_used[p.name] = c.turnings_used.get(p.name, 0) + 1
    if isinstance(a, A.GreaterTurn):
        c.turnings_used["greater"] = c.turnings_used.get("greater", 0) + 1
    turner = turner_in(c, a, p)
    if not turner.positive:
        turner = turner._replace(command_room=max(0, turner.level - commanded_hd(enc, c)))
    mark = enc.dice.mark()
    near = reached(enc, c, a, roll_ties=True)
    seen = targets(enc, c, a, near)
    r = turn(enc.dice, turner, seen, mode_of(a))
    enc.event(
        c.id,
        "turning",
        f"{RULE}; {TABLE_RULE}",
        totals=(("turning check", turner.check),),
        rolls_from=mark,
        mode=mode_of(a),
        creatures=a.creatures,
        ability=p.name,
        check=r.check,
        row=table_row(r.check),
        level=turner.level,
        max_hd=r.max_hd,
        damage=r.damage,
        damage_bonus=turner.damage_bonus,
        reached=[[o.id, hit_dice(o), effective_hd(o)] for o in near],
        affected=[[x.key, x.hd, x.result] for x in r.affected],
        skipped=[t.key for t in seen if t.skip],
        uses_left=uses_left(c, p),
        # seed 000 "Neutral Clerics": "channeling positive energy is a good act and
        # channeling negative energy is evil" (A241: recorded, read by nothing here)
        act="good" if turner.positive else "evil",
    )
    apply_attempt(enc, c, r)


def apply_attempt(enc: Encounter, c: Combatant, r: Attempt) -> None:
    """What the attempt did to each creature affected."""
    for x in r.affected:
        o = enc.combatants[x.key]
        if x.result == "destroyed":
            o.vitals = o.vitals._replace(dead=True, stable=False, subdued=False)
        elif x.result in ("turned", "rebuked"):
            enc.impose(o, x.result, c.id, ROUNDS)
            o.channelled[x.result] = r.check
        elif x.result == "bolstered":
            if "bolstered" not in o.conditions or o.channelled.get("bolstered", 0) <= r.max_hd:
                enc.impose(o, "bolstered", c.id, ROUNDS)
                o.channelled["bolstered"] = r.max_hd
        elif x.result == "dispelled":
            for name in _TURNING_CONDITIONS:
                if name in o.conditions and o.conditions[name].owner != c.id:
                    del o.conditions[name]
                    o.channelled.pop(name, None)
        elif x.result == "commanded":
            for name in _TURNING_CONDITIONS:
                o.conditions.pop(name, None)
                o.channelled.pop(name, None)
            o.conditions["commanded"] = Condition(c.id, 0)
            o.conditions["awaiting-orders"] = Condition(c.id, 0)  # A242
            o.side = c.side
            enc.space.invalidate()
        enc.space.invalidate(o)


def gen_turn(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    t = c.stat.turning
    if t is None:
        return
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    for p in t.powers:
        for k in p.turns:
            yield A.Turn(k)
            if t.greater and k == "undead":
                yield A.GreaterTurn(k)
        for k in p.rebukes:
            yield A.Rebuke(k)
            yield A.Bolster(k)


def approached(enc: Encounter, c: Combatant, before: tuple[int, int]) -> None:
    """``c`` moved from ``before``: the creatures it turned that it now stands within
    10 ft of, nearer than before, overcome the turning (seed 000 "Effect and Duration
    of Turning")."""
    if c.id not in enc.timed_by:
        return
    sp = enc.space
    now = c.pos
    for oid in sorted(enc.timed_by[c.id]):
        o = enc.combatants[oid]
        cond = o.conditions.get("turned")
        if cond is None or cond.owner != c.id:
            continue
        after = sp.distance_ft(c, o)
        c.pos = before
        earlier = sp.distance_ft(c, o)
        c.pos = now
        if after <= APPROACH_FT and after < earlier:
            del o.conditions["turned"]
            o.channelled.pop("turned", None)
            sp.invalidate(o)
            enc.event(
                o.id,
                "turning-broken",
                APPROACH_RULE,
                target=c.id,
                distance_ft=after,
                was_ft=earlier,
            )


def check_relinquish(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Commanded": only a creature ``c`` commands (a free action: A46)."""
    assert isinstance(a, A.Relinquish)
    target = enc.combatants.get(a.target)
    held = target.conditions.get("commanded") if target is not None else None
    if held is None or held.owner != c.id:
        raise IllegalActionError(f"{c.id} does not command {a.target}")


def run_relinquish(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Relinquish)
    o = enc.combatants[a.target]
    del o.conditions["commanded"]
    o.conditions.pop("awaiting-orders", None)
    o.side = o.home
    enc.space.invalidate()
    enc.event(c.id, "relinquished", "seed 000 Commanded", target=o.id, side=o.side)


def gen_relinquish(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    for o in enc.allies(c):
        held = o.conditions.get("commanded")
        if held is not None and held.owner == c.id:
            yield A.Relinquish(o.id)


def check_order(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Commanded": orders to a creature ``c`` commands that awaits them, a
    standard action (A242)."""
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.Order)
    target = enc.combatants.get(a.target)
    held = target.conditions.get("commanded") if target is not None else None
    if target is None or held is None or held.owner != c.id:
        raise IllegalActionError(f"{c.id} does not command {a.target}")
    if "awaiting-orders" not in target.conditions:
        raise IllegalActionError(f"{a.target} has its orders already")
    need_standard(enc, c)


def run_order(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Order)
    enc.budget.use("standard")
    o = enc.combatants[a.target]
    del o.conditions["awaiting-orders"]
    enc.event(c.id, "ordered", "seed 000 Commanded", target=o.id)


def gen_order(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    if not enc.budget.standard or c.stat.turning is None:
        return
    for o in enc.allies(c):
        held = o.conditions.get("awaiting-orders")
        if held is not None and held.owner == c.id:
            yield A.Order(o.id)
