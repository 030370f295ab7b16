"""Overrun in the encounter (seed 000 "Overrun"; seed 002 "Overrun"; seed 004 "Overrun";
the procedure: :mod:`d20combat.rules.maneuvers.overrun`): who may overrun whom, the
defender's attack of opportunity, its choice to avoid or block, the opposed checks (or
seed 004's trip attack, :func:`d20combat.encounter.maneuvers.trip.resolve_trip`), and
where the overrunner ends.

An overrun is made during a move action (``overrun TARGET SQUARE...``: the path goes
through the target's space) or a charge (``charge TARGET to SQUARE overrun``). Readings
(docs/rules-coverage.md):

* the overrunner attempts it from the last position before the defender's space, one
  where it may stop (creatures never share squares here): "moves 5 ft back the way it
  came" is staying there, and that square is never occupied;
* a blocked overrun spends the standard action (seed 000: "a standard action taken
  during your move"), so a move with an overrun needs both the move and the standard
  action; an avoided one spends nothing (seed 000 Step 2), nor counts as the round's one
  attempt (``overrun_once_per_round``);
* the defender's attack of opportunity for the overrunner entering its space is the
  one for leaving the square before it, as for any movement (once a round from each
  foe, seed 003): the same in every ruleset; Improved Overrun spares the overrunner the
  defender's attacks of opportunity for the whole movement through;
* the defender's choice is the hook :attr:`Encounter.avoids` (by defender id); by
  default (:func:`default_avoid`) it blocks unless the overrunner is more likely than
  not to win the opposed check;
* seed 004's tripped overrunner "falls prone in the target's square": here in the
  square it came from (two creatures never share one).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke, strike
from d20combat.encounter.maneuvers import CHARGE_MANEUVERS, ChargeManeuver, ability, fall
from d20combat.encounter.maneuvers.trip import resolve_trip
from d20combat.encounter.movement import walk
from d20combat.encounter.space import adjacent_offsets
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import footprint, square_name
from d20combat.rules.checks import p_opposed
from d20combat.rules.maneuvers import trip as T
from d20combat.rules.maneuvers.overrun import (
    RULE,
    OverrunSides,
    counter_check,
    counter_resist,
    may_avoid,
    outcome,
    overrun,
    overrun_problem,
    resist_check,
    strength_check,
    trample_hoof,
)

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

TRIP_RULE = "seed 004 Overrun; seed 004 Trip"
MOUNTED_TRAMPLE = "seed 000 Mounted Overrun (Trample)"
Pos = tuple[int, int]
_DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def overrun_problem_in(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot overrun ``target`` this turn (wherever the path), or None."""
    if target.side == c.side:
        return f"{target.id} is not an enemy"
    if not enc.active(target):
        return f"{target.id} is out of the fight"
    if target.traits.fills_squares:
        return f"{target.id} fills its squares: it cannot be moved past (SRD Designated Exceptions)"
    if enc.rules.overrun_once_per_round and enc.budget.overran:
        return "only one overrun attempt a round (seed 000 Overrun)"
    if enc.rules.overrun_check == "trip" and c.stats.unarmed is None:
        return f"{c.id} has no unarmed strike to trip with (seed 004 Overrun)"
    return overrun_problem(c.stats, target.stats)


def check_overrun(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Overrun": a move action with the standard action taken during it."""
    from d20combat.encounter.handlers import need_mobile, need_move_action

    assert isinstance(a, A.Overrun)
    need_move_action(enc, c)
    b = enc.budget
    if not (b.move and b.standard) or b.single:
        raise IllegalActionError(
            "an overrun needs the move action and the standard action taken during it"
        )
    if b.stepped:
        raise IllegalActionError("no other movement in a round with a 5-foot step")
    need_mobile(enc, c)
    target = enc.get(a.target)
    why = overrun_problem_in(enc, c, target)
    if why:
        raise IllegalActionError(why)
    _, cost = enc.space.overrun_path(c, target, a.path)
    speed = enc.space.speed(c)
    if cost > speed:
        raise IllegalActionError(f"the path costs {cost} ft but speed is {speed} ft")


def walk_up_to(
    enc: Encounter, c: Combatant, target: Combatant, path: tuple[Pos, ...], *, straight: bool
) -> tuple[Pos, ...] | None:
    """The move action of a way through ``target``'s space (an overrun; a tumble) spent,
    and ``path`` walked up to that space: the rest of the path, or None if ``c`` was
    stopped on the way."""
    b = enc.budget
    k, _ = enc.space.overrun_path(c, target, path, straight=straight)
    b.use("move")
    b.moved = True
    if b.routine is not None and not b.committed:
        b.routine = None
    head, tail = path[: k - 1], path[k - 1 :]
    if head and not walk(enc, c, head, kind="move"):
        return None
    return tail


def run_overrun(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Overrun)
    b = enc.budget
    target = enc.get(a.target)
    tail = walk_up_to(enc, c, target, a.path, straight=True)
    if tail is None:
        return
    passed, blocked = attempt_overrun(enc, c, target, charging=False)
    if blocked:
        b.use("standard")
    if passed:
        _go_through(enc, c, target, tail, "move")


def gen_overrun(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """For each foe it may overrun, :func:`overrun_paths`."""
    b = enc.budget
    if not (b.move and b.standard) or b.single or b.stepped or b.committed or b.full_round:
        return
    if c.pending_full_round is not None or c.has("prone") or not c.restrictions().can_move:
        return
    speed = enc.space.speed(c)
    for target in enc.space.enemies_near(c, speed):
        if overrun_problem_in(enc, c, target) is None:
            yield from overrun_paths(enc, c, target)


def overrun_paths(enc: Encounter, c: Combatant, target: Combatant) -> list[A.Overrun]:
    """For each of the eight directions, one path through ``target``'s space within
    ``c``'s speed (:func:`through_paths`, straight for the ruleset's
    ``overrun_straight_ft``). Does not check the action's budget or who may overrun whom."""
    speed = enc.space.speed(c)
    if speed < 10:
        return []
    straight = max(1, enc.rules.overrun_straight_ft // 5)
    return [A.Overrun(target.id, p) for p in through_paths(enc, c, target, speed, straight)]


def through_paths(
    enc: Encounter, c: Combatant, target: Combatant, limit: int, straight: int
) -> list[tuple[Pos, ...]]:
    """For each of the eight directions, one path through ``target``'s space costing at
    most ``limit`` feet: the cheapest way to where it enters the space going that way
    (the last ``straight`` steps straight), then straight through to the first
    position beyond (an overrun's or a tumble's). Other paths through a foe are legal
    too, but not listed."""
    space = enc.space
    reach = space.reachable(c, limit)
    theirs = frozenset(space.occ.footprint(target.id))
    out: list[tuple[Pos, ...]] = []
    for dx, dy in _DIRS:
        for into in _entries(target.pos, target.squares, c.squares, dx, dy):
            tail = [into]
            while any(s in theirs for s in footprint(tail[-1], c.squares)):
                tail.append((tail[-1][0] + dx, tail[-1][1] + dy))
            approach = [(into[0] - j * dx, into[1] - j * dy) for j in range(straight, 0, -1)]
            anchor = approach[0]
            if anchor == c.pos:
                head: list[tuple[int, int]] = []
            elif reach.passes(anchor):
                head = reach.path_to(anchor)[1:]
            else:
                continue
            path = (*head, *approach[1:], *tail)
            if path in out:
                continue
            try:
                _, cost = space.overrun_path(c, target, path, straight=straight > 1)
            except IllegalActionError:
                continue
            if cost <= limit:
                out.append(path)
    return out


def _entries(tpos: tuple[int, int], m: int, n: int, dx: int, dy: int) -> list[tuple[int, int]]:
    """Positions of an ``n``-square mover overlapping an ``m``-square space at ``tpos``
    that it enters moving (dx, dy), in row order."""
    tx, ty = tpos

    def overlaps(x: int, y: int) -> bool:
        return tx - n < x < tx + m and ty - n < y < ty + m

    return [
        (x, y)
        for y in range(ty - n + 1, ty + m)
        for x in range(tx - n + 1, tx + m)
        if not overlaps(x - dx, y - dy)
    ]


def _go_through(
    enc: Encounter, c: Combatant, target: Combatant, path: tuple[Pos, ...], kind: str
) -> None:
    """Move on from the position before ``target``'s space through it: leaving that
    position has provoked already (:func:`attempt_overrun`); with Improved Overrun the
    defender gets no attack of opportunity for this movement at all."""
    spare = target if c.stat.has_feat("improved overrun") else None
    walk(enc, c, path, kind=kind, through=target, left_start=True, spare=spare)


def default_avoid(enc: Encounter, defender: str, overrunner: str) -> bool:
    """The default choice of a defender (seed 000 "Overrun" Step 2): avoid when the
    overrunner is more likely than not to win the opposed check (its exact chance,
    :func:`~d20combat.rules.checks.p_opposed`; seed 004's trip counts the check only),
    else block."""
    d, o = enc.get(defender), enc.get(overrunner)
    rules = enc.rules
    if rules.overrun_check == "trip":
        mine = ability(o, T.strength_check(o.stats, rules))
        theirs = ability(d, T.resist_check(d.stats, rules))
    else:
        mine = ability(o, strength_check(o.stats, rules, charging=o.has("charging")))
        theirs = ability(d, resist_check(d.stats, rules))
    return p_opposed(mine.value, theirs.value) * 2 > 1


def attempt_overrun(
    enc: Encounter, c: Combatant, target: Combatant, *, charging: bool
) -> tuple[bool, bool]:
    """seed 000 "Overrun" Steps 1-4 from the position before ``target``'s space: moving
    into the space provokes as leaving a threatened square does (seed 000 Step 1: "from
    the defender"; seed 004: "provoking attacks of opportunity normally"), but none from
    the defender with Improved Overrun (seed 002, D01); the defender's choice; the
    checks (or seed 004's trip attack); prone. Returns (whether ``c`` goes on through
    the space, whether the defender blocked); the caller moves it on
    (:func:`_go_through`)."""
    rules = enc.rules
    improved = c.stat.has_feat("improved overrun")
    reason = f"overrun: moving out of {square_name(c.pos)} into {target.id}'s space"
    if not provoke(enc, c, reason, movement=True, spare=target if improved else None):
        return False, False
    if not enc.active(c):
        return False, False
    if not enc.active(target):
        return True, False  # a helpless creature's square can be passed
    choose = enc.avoids.get(target.id, default_avoid)
    trample = False  # seed 000 "Mounted Overrun (Trample)": the mount overruns (A109)
    if enc.space.riders and c.id in enc.space.riders:
        from d20combat.encounter.mounted import rider_of

        rider = rider_of(enc, c)
        trample = rider is not None and rider.stat.has_feat("trample")
    if may_avoid(c.stat, trample=trample) and choose(enc, target.id, c.id):
        enc.event(target.id, "overrun-avoided", RULE, target=c.id)
        return True, False
    enc.budget.overran = True  # the round's one attempt (overrun_once_per_round)
    if enc.rules.overrun_check == "trip":
        unarmed = c.stats.unarmed
        assert unarmed is not None  # checked
        enc.event(c.id, "overrun", TRIP_RULE, target=target.id, result="blocked")
        t = resolve_trip(enc, c, target, unarmed, unarmed.bonus, rule=TRIP_RULE)
        return t is not None and t.tripped and enc.active(c), True
    sides = OverrunSides(
        ability(c, strength_check(c.stats, rules, charging=charging)),
        ability(target, resist_check(target.stats, rules)),
        ability(target, counter_check(target.stats, rules)),
        ability(c, counter_resist(c.stats, rules)),
    )
    mark = enc.dice.mark()
    r = overrun(enc.dice, sides)
    totals = [("overrun check", sides.attack), ("overrun resist", sides.resist)]
    if r.counter is not None:
        totals += [("counter check", sides.counter), ("counter resist", sides.counter_resist)]
    enc.event(
        c.id,
        "overrun",
        RULE,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        result=outcome(r),
        check=[r.check.actor, r.check.opponent],
        counter=[r.counter.actor, r.counter.opponent] if r.counter else None,
        charging=charging,
    )
    if r.knocked_down:
        fall(enc, target)
        hoof = trample_hoof(c.stats) if trample else None
        if hoof is not None and enc.active(target):  # the Trample feat's hoof attack
            strike(enc, c, hoof, hoof.bonus, target, rule=MOUNTED_TRAMPLE)
        return True, True
    if r.countered:
        fall(enc, c)
    return False, True


# ---------------------------------------------------------------- as part of a charge
def check_charge_overrun(
    enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int
) -> None:
    """seed 000 "Overrun" "as part of a charge": a straight, clear lane through the
    defender's space (:meth:`~d20combat.encounter.space.Space.overrun_lane`)."""
    why = overrun_problem_in(enc, c, target)
    if why:
        raise IllegalActionError(why)
    enc.space.overrun_lane(c, target, a.to, limit)


def run_charge_overrun(
    enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int
) -> None:
    """The charge up to the defender's space, the overrun with its +2, then on to the
    end of the lane if the defender avoids or falls (seed 000: "you may keep moving")."""
    k = enc.space.overrun_lane(c, target, a.to, limit)
    path = enc.space.charge_path(c, a.to)
    if k and not walk(enc, c, path[:k], kind="charge"):
        return
    passed, _ = attempt_overrun(enc, c, target, charging=True)
    if passed:
        _go_through(enc, c, target, path[k:], "charge")


def charge_overruns(
    enc: Encounter, c: Combatant, target: Combatant, limit: int
) -> Iterable[A.Charge]:
    """One charge to each position next to the defender's space on the far side of a
    lane through it (longer lanes through it are legal too, but not listed)."""
    if overrun_problem_in(enc, c, target) is not None:
        return
    tx, ty = target.pos
    m, n = enc.map, c.squares
    ends = sorted(
        (
            (tx + dx, ty + dy)
            for dx, dy in adjacent_offsets(n, target.squares)
            if 0 <= tx + dx <= m.width - n and 0 <= ty + dy <= m.height - n
        ),
        key=lambda p: (p[1], p[0]),
    )
    for to in ends:
        try:
            enc.space.overrun_lane(c, target, to, limit)
        except IllegalActionError:
            continue
        yield A.Charge(target.id, to, maneuver="overrun")


CHARGE_MANEUVERS["overrun"] = ChargeManeuver(
    check_charge_overrun, run_charge_overrun, charge_overruns
)
