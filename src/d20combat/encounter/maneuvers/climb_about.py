"""Moving about on the creature one clings to (seed 001 "Climbing onto larger
creatures": "The GM may require Climb or Balance checks to move about on an enormous
creature").

``climb-about SQUARE`` is a move action of a clinging creature (A262): it moves to
another position inside its carrier's space, no farther than its speed (its squares
stay on the carrier's back; it provokes nothing, as it moves with the carrier). Under
the GM's option, the scenario's variant ``carrier-checks``, it first makes a Climb or
Balance check (the better modifier) against DC 10 + the carrier's Hit Dice, as the
seed's other checks on a carrier (the two-handed attack's Balance check); failing, it
falls off (prone at the carrier's feet, 1d6: seed 001 "Falling down") and does not
move. Without the option no check is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.content.rulesets import Variant
from d20combat.encounter import actions as A
from d20combat.encounter.climbing import climb_modifier
from d20combat.encounter.combatant import Combatant
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import footprint_distance, square_name
from d20combat.rules.checks import check as roll_check
from d20combat.rules.conditions import restrictions
from d20combat.rules.maneuvers import grapple as G

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

RULE = G.CLIMB_RULE + " (moving about on the creature)"


def _spots(enc: Encounter, c: Combatant, carrier: Combatant) -> list[A.Pos]:
    """The positions of ``c`` inside ``carrier``'s space other than its own."""
    (x0, y0), n, m = carrier.pos, carrier.squares, c.squares
    return [
        (x, y)
        for y in range(y0, y0 + n - m + 1)
        for x in range(x0, x0 + n - m + 1)
        if (x, y) != c.pos
    ]


def _speed(enc: Encounter, c: Combatant) -> int:
    return int(c.stats.speed.value)


def check_climb_about(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_move_action

    assert isinstance(a, A.ClimbAbout)
    if c.clinging is None:
        raise IllegalActionError(f"{c.id} clings to nothing")
    need_move_action(enc, c)
    if not restrictions(c.condition_set() - {"clinging"}).can_move:
        raise IllegalActionError(f"{c.id} cannot move: its conditions forbid it")
    if enc.budget.stepped:
        raise IllegalActionError("no other movement in a round with a 5-foot step")
    carrier = enc.combatants[c.clinging]
    if a.to not in _spots(enc, c, carrier):
        raise IllegalActionError(f"{square_name(a.to)} is not another place on {carrier.id}'s back")
    feet = footprint_distance(c.pos, 1, a.to, 1)
    if feet > _speed(enc, c):
        raise IllegalActionError(f"{square_name(a.to)} is {feet} ft away: beyond its speed")


def run_climb_about(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.ClimbAbout) and c.clinging is not None
    from d20combat.encounter.maneuvers.grapple import fall_off

    enc.budget.use("move")
    enc.budget.moved = True
    carrier = enc.combatants[c.clinging]
    start = c.pos
    if enc.rules.has(Variant.CARRIER_CHECKS):
        dc = 10 + int(carrier.stat.hd_total)
        climb = climb_modifier(c)
        balance = c.roll_total(G.dex_skill(c.stats, "balance"), "skill")
        skill, mod = max((climb.value, "climb", climb), (balance.value, "balance", balance))[1:]
        mark = enc.dice.mark()
        total = roll_check(enc.dice, mod, f"{skill.title()} check (moving about on a creature)")
        enc.event(
            c.id,
            "carrier-check",
            RULE,
            target=carrier.id,
            totals=((skill, mod),),
            rolls_from=mark,
            skill=skill,
            total=total,
            dc=dc,
        )
        if total < dc:
            fall_off(enc, c, safely=False, why="lost its hold moving about")
            return
    enc.space.place(c, a.to)
    enc.event(
        c.id,
        "climb-about",
        RULE,
        target=carrier.id,
        start=square_name(start),
        end=square_name(a.to),
    )


def gen_climb_about(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    if c.clinging is None or enc.budget.stepped or enc.budget.full_round:
        return
    if not (enc.budget.move or enc.budget.standard) or enc.budget.committed:
        return
    carrier = enc.combatants[c.clinging]
    speed = _speed(enc, c)
    for p in _spots(enc, c, carrier):
        if footprint_distance(c.pos, 1, p, 1) <= speed:
            yield A.ClimbAbout(p)
