"""Bull rush in the encounter (seed 000 "Bull Rush"; seed 002 "Bull Rush"; seed 004 "Bull
Rush"; the procedure: :mod:`d20combat.rules.maneuvers.bull_rush`): who may bull rush
whom, the attacks of opportunity of entering the defender's space (and their 25% of
going astray), the opposed checks, the push square by square, and the failure.

A bull rush is its own standard action (``bull-rush TARGET [follow]``) or ends a charge
(``charge TARGET to SQUARE bull-rush [follow]``, :mod:`d20combat.encounter.handlers`).
Readings (docs/rules-coverage.md):

* the attacker moves into the defender's space, so it must stand next to it, and can
  step that way (not past a wall's corner); the attacks of opportunity come from those
  threatening it where it stands; it does not really enter the square (creatures never
  share one here): if it wins it pushes the defender from there, if it loses it is
  already back "where it was before it moved into his space", a square nobody can
  have taken meanwhile;
* "straight back": the nearest of the eight directions from the attacker's centre to
  the defender's (:func:`push_direction`);
* the push moves the defender square by square as a move would (its attacks of
  opportunity, readied actions), and stops early before a square it could not enter
  or stop in (a wall, the map's edge, a creature); each square is 5 ft of push;
* moving with it (``follow``), the attacker steps into each square the defender
  leaves, at 5 ft a square within its movement: its speed for the standard action, the
  charge's double speed less the feet charged (seed 000: "You can't, however, exceed
  your normal movement limit"; seed 004: "his or her normal movement for that action");
* seed 004's "no 5-foot step before, during, or after" (``bull_rush_no_step``): a bull
  rush counts as movement in the round; elsewhere only moving with the defender does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke
from d20combat.encounter.maneuvers import CHARGE_MANEUVERS, ChargeManeuver, ability
from d20combat.encounter.movement import walk
from d20combat.errors import IllegalActionError
from d20combat.grid.movement import path_cost as grid_path_cost
from d20combat.grid.squares import distance, square_name
from d20combat.rules.maneuvers.bull_rush import (
    RULE,
    STEP,
    BullRushSides,
    bull_rush,
    bull_rush_problem,
    push_ft,
    resist_check,
    strength_check,
)

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def push_direction(c: Combatant, target: Combatant) -> tuple[int, int]:
    """ "Straight back" from ``c``: the nearest of the eight directions from its centre to
    ``target``'s (a component counts when it is at least 2/5 of the other, tan 22.5
    degrees being 0.41)."""
    dx = 2 * target.pos[0] + target.squares - 2 * c.pos[0] - c.squares
    dy = 2 * target.pos[1] + target.squares - 2 * c.pos[1] - c.squares
    sx = _sign(dx) if 5 * abs(dx) >= 2 * abs(dy) else 0
    sy = _sign(dy) if 5 * abs(dy) >= 2 * abs(dx) else 0
    return sx, sy


def bull_rush_problem_in(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot bull rush ``target`` from where it stands, or None."""
    if target.side == c.side:
        return f"{target.id} is not an enemy"
    if not enc.active(target):
        return f"{target.id} is out of the fight"
    why = bull_rush_problem(c.stats, target.stats)
    if why is not None:
        return why
    if enc.space.distance_ft(c, target) > 5:
        return f"{target.id} is not next to {c.id}: a bull rush moves into its space"
    dx, dy = push_direction(c, target)
    into = (c.pos[0] + dx, c.pos[1] + dy)
    if grid_path_cost(enc.map, [c.pos, into], c.squares, stoop=enc.space.stoop(c)) is None:
        return f"{c.id} cannot move into {target.id}'s space (a wall or its corner)"
    return None


def _no_step(enc: Encounter) -> None:
    if enc.rules.bull_rush_no_step and enc.budget.stepped:
        raise IllegalActionError("no bull rush in a round with a 5-foot step (seed 004 Bull Rush)")


def check_bull_rush(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Bull Rush": a standard action (an attack); the attacker must be able to
    attack and to move."""
    from d20combat.encounter.handlers import need_mobile, need_standard

    assert isinstance(a, A.BullRush)
    need_standard(enc, c)
    if enc.budget.routine is not None and enc.budget.next_attack > 0:
        raise IllegalActionError("already attacked this turn")
    _no_step(enc)
    if not c.restrictions().can_attack:
        raise IllegalActionError(
            "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
        )
    need_mobile(enc, c)
    why = bull_rush_problem_in(enc, c, enc.get(a.target))
    if why:
        raise IllegalActionError(why)


def run_bull_rush(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The bull rush; during a move action (seed 004, ``bull_rush_in_move``) moving with
    the defender spends that move's feet, and the move may go on with the rest
    (:func:`move_on`)."""
    assert isinstance(a, A.BullRush)
    b = enc.budget
    b.use("standard")
    b.attacks_made += 1
    start = c.pos
    during = b.move_left > 0  # a move action was just taken (seed 004)
    limit = b.move_left if during else enc.space.speed(c)
    attempt_bull_rush(enc, c, enc.get(a.target), follow=a.follow, limit_ft=limit, charging=False)
    if c.pos != start or enc.rules.bull_rush_no_step:
        b.moved = True  # moved with the defender (seed 004: no 5-foot step after it)
    if during:
        b.move_left = max(0, limit - 5 * distance(start, c.pos))
        b.rushed_in_move = b.move_left > 0 and enc.active(c)


def moves_on(enc: Encounter, action: A.Action) -> None:
    """Before ``action``: the feet left of a move action (seed 004 "Bull Rush": "an
    attack action made during a move action") last only into the bull rush and the
    move going on after it; any other action ends them."""
    b = enc.budget
    if (b.move_left or b.rushed_in_move) and not isinstance(action, (A.Move, A.BullRush)):
        b.move_left, b.rushed_in_move = 0, False


def check_move_on(enc: Encounter, c: Combatant, path: tuple[tuple[int, int], ...]) -> None:
    """seed 004 "Bull Rush": the move action a bull rush came during goes on, within
    its feet left (no action spent)."""
    from d20combat.encounter.handlers import need_mobile

    need_mobile(enc, c)
    cost = enc.space.path_cost(c, path)
    left = enc.budget.move_left
    if cost > left:
        raise IllegalActionError(
            f"the move goes on after the bull rush with {left} ft left, the path costs {cost} ft"
        )


def move_on(enc: Encounter, c: Combatant, path: tuple[tuple[int, int], ...]) -> None:
    b = enc.budget
    b.move_left, b.rushed_in_move = 0, False
    walk(enc, c, path, kind="move")


def gen_bull_rush(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    if b.routine is not None and b.next_attack > 0:
        return
    if (enc.rules.bull_rush_no_step and b.stepped) or c.has("prone"):
        return
    r = c.restrictions()
    if not r.can_attack or not r.can_move:
        return
    for target in enc.space.enemies_near(c, 5):
        if bull_rush_problem_in(enc, c, target) is None:
            yield A.BullRush(target.id)
            yield A.BullRush(target.id, True)


def _can_enter(enc: Encounter, c: Combatant, to: tuple[int, int]) -> bool:
    try:
        enc.space.path_cost(c, (to,))
    except IllegalActionError:
        return False
    return True


def attempt_bull_rush(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    *,
    follow: bool,
    limit_ft: int,
    charging: bool,
) -> None:
    """seed 000 "Bull Rush": entering the defender's space provokes from every opponent
    threatening ``c``, the defender too unless ``c`` has Improved Bull Rush, each
    attack by a third party with its chance of going astray; the opposed checks
    (:func:`d20combat.rules.maneuvers.bull_rush.bull_rush`); then the push, moving with
    the defender if ``follow``, within ``limit_ft`` of ``c``'s movement."""
    improved = c.stat.has_feat("improved bull rush")
    if not provoke(
        enc,
        c,
        f"bull rush: entering {target.id}'s space",
        partner=target,
        spare=target if improved else None,
    ):
        return
    if not enc.active(target) or not enc.active(c):
        return
    rules = enc.rules
    sides = BullRushSides(
        ability(c, strength_check(c.stats, rules, charging=charging)),
        ability(target, resist_check(target.stats, rules)),
    )
    mark = enc.dice.mark()
    r = bull_rush(enc.dice, sides)
    feet = push_ft(r.margin, follow=follow, limit_ft=limit_ft) if r.won else 0
    enc.event(
        c.id,
        "bull-rush",
        RULE,
        target=target.id,
        totals=(("bull rush check", sides.attack), ("bull rush resist", sides.resist)),
        rolls_from=mark,
        result="pushed" if r.won else "failed",
        check=[r.check.actor, r.check.opponent],
        push_ft=feet,
        follow=follow,
        charging=charging,
    )
    if r.won:
        _push(enc, c, target, feet // STEP, (limit_ft // STEP) if follow else 0)


def _push(enc: Encounter, c: Combatant, target: Combatant, steps: int, follows: int) -> None:
    """Push ``target`` ``steps`` squares straight back from ``c``, ``c`` stepping into
    each square it leaves (at most ``follows`` times); each provokes from the others as
    it moves, not from the other (seed 000 "Bull Rush" note), and each attack may go
    astray. Records a ``pushed`` event."""
    dx, dy = push_direction(c, target)
    start, mine = target.pos, c.pos
    moved: list[tuple[int, int]] = []
    followed: list[tuple[int, int]] = []
    for _ in range(steps):
        nxt = (target.pos[0] + dx, target.pos[1] + dy)
        if not _can_enter(enc, target, nxt):
            break
        walk(enc, target, (nxt,), kind="pushed", partner=c, record=False)
        if target.pos != nxt:
            break
        moved.append(nxt)
        if not enc.active(target) or not enc.active(c) or len(followed) >= follows:
            break
        step = (c.pos[0] + dx, c.pos[1] + dy)
        if not _can_enter(enc, c, step):
            break
        walk(enc, c, (step,), kind="follows", partner=target, record=False)
        if c.pos != step:
            break
        followed.append(step)
    enc.event(
        c.id,
        "pushed",
        RULE,
        target=target.id,
        start=square_name(start),
        path=[square_name(p) for p in moved],
        end=square_name(target.pos),
        pushed_ft=STEP * len(moved),
        follower_start=square_name(mine),
        follower_path=[square_name(p) for p in followed],
        stopped=len(moved) < steps,
    )


# ---------------------------------------------------------------- at the end of a charge
def check_charge_bull_rush(
    enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int
) -> None:
    """seed 000 "Bull Rush": "as part of a charge": the charge ends in the closest
    space next to the defender, from which to move into its space."""
    if not c.restrictions().can_attack:
        raise IllegalActionError(
            "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
        )
    why = bull_rush_problem(c.stats, target.stats)
    if why:
        raise IllegalActionError(why)
    enc.space.check_charge(c, target, a.to, limit, adjacent=True)


def run_charge_bull_rush(
    enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int
) -> None:
    """The charge, then the bull rush with its +2, moving with the defender within the
    charge's movement left."""
    start = c.pos
    if walk(enc, c, enc.space.charge_path(c, a.to), kind="charge") and enc.active(target):
        left = limit - 5 * distance(start, c.pos)
        attempt_bull_rush(enc, c, target, follow=a.follow, limit_ft=left, charging=True)


def charge_bull_rushes(
    enc: Encounter, c: Combatant, target: Combatant, limit: int
) -> Iterable[A.Charge]:
    if bull_rush_problem(c.stats, target.stats) or not c.restrictions().can_attack:
        return
    for to in enc.space.charge_destinations(c, target, limit, adjacent=True):
        yield A.Charge(target.id, to, maneuver="bull-rush")
        yield A.Charge(target.id, to, maneuver="bull-rush", follow=True)


CHARGE_MANEUVERS["bull-rush"] = ChargeManeuver(
    check_charge_bull_rush, run_charge_bull_rush, charge_bull_rushes
)
