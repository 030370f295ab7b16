"""Tumbling through a foe's space in the encounter (SRD combat-ii "Moving Through a
Square"; seed 004 "Moving Through a Square"; the check:
:mod:`d20combat.rules.maneuvers.tumble`).

``tumble TARGET SQUARE...`` is a move action along a path through the target's space,
as ``overrun``'s (:meth:`~d20combat.encounter.space.Space.overrun_path`, without seed
004's straight approach, which is the overrun's). Readings (docs/rules-coverage.md):

* A235: the move is made at half speed as a whole (the path costs double), and the
  d20modern ruleset tumbles as srd35 does (DC 25);
* A236: a creature has ranks in Tumble when its stat block lists a Tumble total;
* A237: the check is made from the last position before the target's space (where the
  mover may stop, as for the overrun). Success: it moves on through, leaving that
  square provoking as normal; failure: it stops there, its move over, and the target
  (only) gets an attack of opportunity (not counted as the movement's, so a foe
  with Combat Reflexes that struck at it on the way gets it too);
* A238: one foe a move (the +2 DC for each further enemy never arises), and tumbling
  past threatened squares without provoking (DC 15) is not offered: the way through
  is the rule these rows ask for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke
from d20combat.encounter.maneuvers import skill
from d20combat.encounter.maneuvers.overrun import walk_up_to
from d20combat.encounter.movement import walk
from d20combat.errors import IllegalActionError
from d20combat.rules.checks import check
from d20combat.rules.maneuvers.tumble import RULE, SKILL, THROUGH_DC, tumble_problem
from d20combat.rules.modifiers import Total

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def tumble_problem_in(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot tumble through ``target``'s space (wherever the path), or None."""
    why = tumble_problem(c.stats)
    if why:
        return why
    if target.side == c.side:
        return f"{target.id} is not an enemy"
    if not enc.active(target):
        return f"{target.id} is out of the fight: its space is passed without tumbling"
    if target.traits.fills_squares:
        return f"{target.id} fills its squares: it cannot be moved past (SRD Designated Exceptions)"
    return None


def tumble_modifier(c: Combatant) -> Total:
    """The Tumble check's modifier with what conditions add to skill checks."""
    return skill(c, c.stats.skill(SKILL), SKILL)


def check_tumble(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """A move action at half speed through ``a.target``'s space (A235)."""
    from d20combat.encounter.handlers import need_mobile, need_move_action

    assert isinstance(a, A.Tumble)
    need_move_action(enc, c)
    if enc.budget.stepped:
        raise IllegalActionError("no other movement in a round with a 5-foot step")
    need_mobile(enc, c)
    target = enc.get(a.target)
    why = tumble_problem_in(enc, c, target)
    if why:
        raise IllegalActionError(why)
    _, cost = enc.space.overrun_path(c, target, a.path, straight=False)
    speed = enc.space.speed(c)
    if 2 * cost > speed:
        raise IllegalActionError(
            f"tumbling is at half speed: the path costs {cost} ft, "
            f"{2 * cost} ft of a speed of {speed} ft"
        )


def run_tumble(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Tumble)
    target = enc.get(a.target)
    tail = walk_up_to(enc, c, target, a.path, straight=False)
    if tail is None:
        return
    if not enc.active(target):
        walk(enc, c, tail, kind="move", through=target)
        return  # a helpless creature's space is passed without a check
    total = tumble_modifier(c)
    mark = enc.dice.mark()
    roll = check(enc.dice, total, "tumble")
    passed = roll >= THROUGH_DC
    enc.event(
        c.id,
        "tumble",
        RULE,
        target=target.id,
        totals=(("tumble", total),),
        rolls_from=mark,
        check=roll,
        dc=THROUGH_DC,
        result="through" if passed else "stopped",
    )
    if passed:
        walk(enc, c, tail, kind="move", through=target)
    else:
        provoke(enc, c, f"a failed tumble into {target.id}'s space", only=target)


def gen_tumble(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """For each foe it may tumble through, :func:`tumble_paths`; nothing without Tumble
    ranks (the cheap flag first)."""
    if SKILL not in c.stat.skills:
        return
    b = enc.budget
    if b.stepped or b.committed or b.full_round or not (b.move or b.standard):
        return
    if c.pending_full_round is not None or c.has("prone") or not c.restrictions().can_move:
        return
    half = enc.space.speed(c) // 2
    for target in enc.space.enemies_near(c, half):
        if tumble_problem_in(enc, c, target) is None:
            yield from tumble_paths(enc, c, target)


def tumble_paths(enc: Encounter, c: Combatant, target: Combatant) -> list[A.Tumble]:
    """The overrun's paths through ``target``
    (:func:`~d20combat.encounter.maneuvers.overrun.overrun_paths`, no straight approach)
    that fit in half ``c``'s speed."""
    from d20combat.encounter.maneuvers.overrun import through_paths

    half = enc.space.speed(c) // 2
    return [A.Tumble(target.id, p) for p in through_paths(enc, c, target, half, straight=1)]
