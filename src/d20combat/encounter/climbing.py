"""Climbing over a climbable face (the map's ``climbable``, ``^``): the ``climb`` action
(SRD combat-i Table: Actions in Combat "Climb (one-quarter speed)", "accelerated
climbing"; SRD special abilities "Climb"; seed 004 "Move Actions"; the distances and the
check's results: :mod:`d20combat.rules.climb`).

A climbable square is a wall or cliff face a creature climbs over, never a place to
stop (A174): ordinary movement cannot enter it; a ``climb`` path crosses one or more
and ends where the creature can stand. It costs 5 ft a square (the diagonal rule
applies) and covers a quarter of the creature's speed as a move action, half with
``fast`` (an accelerated climb, the check at -5), twice that as a full-round action
(two move actions). One Climb check, DC 15, for the climb (A174); a creature with a climb
speed climbs at that speed, +8, and takes 10. Failing by 4 or less it makes no
progress; by 5 or more it falls back where it started: 1d6 damage (a 10-ft face, A174)
and prone. While it climbs it is ``climbing`` (flat-footed: SRD special abilities
"Climb", a creature with a climb speed keeps its Dexterity), which the attacks of
opportunity its climb provokes see. It takes no 5-foot step, withdraw, run or charge
over a face (the ordinary movement cannot enter it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.fighting import take_fall
from d20combat.encounter.movement import walk
from d20combat.errors import IllegalActionError
from d20combat.grid.movement import FIT_NONE, fit
from d20combat.grid.squares import footprint, square_name
from d20combat.grid.terrain import BLOCKS_MOVE, CLIMBABLE, DEEP_WATER
from d20combat.rules import climb as C
from d20combat.rules.checks import check
from d20combat.rules.dice import Dice
from d20combat.rules.modifiers import BonusType, Modifier, Total

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

SOURCE = "SRD combat-i Table: Actions in Combat 'Climb' (A174)"
CLIMB_DC = 15
"""A climbable face's Climb DC (A174: "a surface with adequate handholds")."""
FALL = Dice.parse("1d6")
"""A fall from a climbable face: 10 ft (A174)."""


def _distance(enc: Encounter, c: Combatant, fast: bool) -> int:
    """Feet a move action's climb covers."""
    return C.climb_distance(enc.space.speed(c), c.stat.speed.climb, accelerated=fast)


def _cost(enc: Encounter, c: Combatant, path: tuple[A.Pos, ...]) -> int:
    """The feet ``path`` costs climbing (5 ft a square, every second diagonal 10)."""
    m = enc.map
    n = c.squares
    blocked, no_end = enc.space.blocks(c)
    swim = enc.space.swims(c)
    feet = diagonals = 0
    faces = False
    full = [c.pos, *path]
    for (x1, y1), (x2, y2) in zip(full, full[1:], strict=False):
        if max(abs(x2 - x1), abs(y2 - y1)) != 1:
            raise IllegalActionError(
                f"{square_name((x2, y2))} is not next to {square_name((x1, y1))}"
            )
        for sq in footprint((x2, y2), n):
            if not m.in_bounds(*sq):
                raise IllegalActionError(f"the path leaves the map at {square_name(sq)}")
            f = m.flags(*sq)
            faces = faces or bool(f & CLIMBABLE)
            if f & (BLOCKS_MOVE & ~CLIMBABLE) or (f & DEEP_WATER and not swim):
                raise IllegalActionError(f"{square_name(sq)} cannot be climbed")
            if sq in blocked:
                raise IllegalActionError(f"an opponent blocks {square_name(sq)}")
        if x1 != x2 and y1 != y2:
            diagonals += 1
            feet += 10 if diagonals % 2 == 0 else 5
        else:
            feet += 5
    if not faces:
        raise IllegalActionError("the path crosses no climbable face ('move ...')")
    end = full[-1]
    if any(m.flags(*sq) & CLIMBABLE for sq in footprint(end, n)):
        raise IllegalActionError(f"a climb cannot end on the face at {square_name(end)}")
    if (
        any(sq in no_end for sq in footprint(end, n))
        or fit(m, end, n, swim=swim, stoop=enc.space.stoop(c)) == FIT_NONE
    ):
        raise IllegalActionError(f"cannot end its climb in {square_name(end)}")
    return feet


def check_climb(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_full_round, need_mobile, need_move_action

    assert isinstance(a, A.Climb)
    need_mobile(enc, c)
    if enc.budget.stepped:
        raise IllegalActionError("no other movement in a round with a 5-foot step")
    cost = _cost(enc, c, a.path)
    step = _distance(enc, c, a.fast)
    if cost <= step:
        need_move_action(enc, c)
    elif cost <= 2 * step:
        need_full_round(enc, c)
    else:
        raise IllegalActionError(
            f"the climb costs {cost} ft; climbing allows {step} ft as a move action, "
            f"{2 * step} ft as a full-round action"
        )


def climb_modifier(c: Combatant) -> Total:
    """Its Climb check's modifier, its conditions counted; untrained, the armor check
    penalty (A174)."""
    extra: list[Modifier] = []
    if "climb" not in c.stat.skills and c.stats.armor_check_penalty:  # untrained (A174)
        acp = c.stats.armor_check_penalty
        extra.append(Modifier(acp, BonusType.UNTYPED, f"armor check penalty ({acp:+d})"))
    return c.roll_total(c.stats.skill("climb"), "skill", skill="climb").plus(*extra)


def run_climb(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Climb)
    b = enc.budget
    b.use("move" if _cost(enc, c, a.path) <= _distance(enc, c, a.fast) else "full-round")
    b.moved = True
    if b.routine is not None and not b.committed:
        b.routine = None
    mark = enc.dice.mark()
    extra: list[Modifier] = []
    if c.stat.speed.climb:
        extra.append(Modifier(C.CLIMB_SPEED_BONUS, BonusType.RACIAL, "climb speed"))
    if a.fast:
        extra.append(Modifier(C.ACCELERATED_PENALTY, BonusType.UNTYPED, "accelerated climb"))
    mod = climb_modifier(c).plus(*extra)
    take_10 = bool(c.stat.speed.climb)
    total = 10 + mod.value if take_10 else check(enc.dice, mod, "climb check")
    out = C.result(total, CLIMB_DC)
    fell = 0
    if out is C.ClimbResult.FALLS:  # back where it started, prone, 1d6 (A174)
        fell = max(1, enc.dice.roll(FALL, "falling damage (10 ft)"))
        take_fall(enc, c, fell)
        if "prone" not in c.conditions:
            c.conditions["prone"] = Condition(c.id, 0)
        enc.space.invalidate(c)
    enc.event(
        c.id,
        "climb-check",
        SOURCE,
        totals=(("climb check", mod),),
        rolls_from=mark,
        dc=CLIMB_DC,
        total=total,
        took_10=take_10,
        result=out.value,
        fast=a.fast,
        fall_damage=fell,
        hp=c.vitals.hp,
    )
    if out is C.ClimbResult.CLIMBS:
        keeps_dex = bool(c.stat.speed.climb)
        if not keeps_dex:
            c.conditions["climbing"] = Condition(c.id, 0)
            enc.space.invalidate(c)
        try:
            walk(enc, c, a.path, kind="climb-over")
        finally:
            if not keeps_dex and c.conditions.pop("climbing", None) is not None:
                enc.space.invalidate(c)
        return


def gen_climb(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """Climbs over the faces next to ``c`` to the squares just beyond: a move action's
    and an accelerated one's (a map without faces pays one cached lookup)."""
    if not enc.map.has(CLIMBABLE):
        return
    b = enc.budget
    if b.stepped or b.committed or b.full_round or not (b.move or b.standard):
        return
    if c.pending_full_round is not None or not c.restrictions().can_move or c.has("prone"):
        return
    m = enc.map
    x0, y0 = c.pos
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            face = (x0 + dx, y0 + dy)
            if (dx, dy) == (0, 0) or not m.in_bounds(*face) or not m.flags(*face) & CLIMBABLE:
                continue
            beyond = (face[0] + dx, face[1] + dy)
            for fast in (False, True):
                yield A.Climb((face, beyond), fast)
