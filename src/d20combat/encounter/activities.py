"""Activities in the encounter (``use NAME``): the rows of the SRD's Table: Actions in
Combat whose effect the engine does not model (:mod:`d20combat.rules.activities`),
and the one it does: making a dying creature stable (``stabilize TARGET``).
Each is legal for a creature whose stat block lists it (``activities``; reading
A120), takes its action type's share of the turn, provokes from every foe threatening
the creature when the ruleset's ``provoking_actions`` name it (SRD table, seed 002's
marks), and is logged as an ``activity`` event "not modelled beyond its timing".

The tactics never choose a ``use`` (they weigh what an action does; these do nothing
more; first aid they weigh: :mod:`d20combat.tactics.first_aid`), so a creature pays
nothing for listing them but their place among its legal
actions; a creature without ``activities`` pays one empty-tuple test per turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke
from d20combat.errors import IllegalActionError
from d20combat.rules.activities import ACTIVITIES, STABILIZE_RULE, first_aid
from d20combat.rules.hitpoints import HpState, stabilize

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

NOT_MODELLED = "not modelled beyond its timing"


def check_use(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The creature must list the activity and have its action type left this turn.

    Raises:
        IllegalActionError: naming what is missing.
    """
    from d20combat.encounter.handlers import need_full_round, need_move_action, need_standard

    assert isinstance(a, A.Use)
    listed = c.stats.stat.activities
    if a.activity not in listed:
        have = ", ".join(listed) or "none"
        raise IllegalActionError(
            f"{c.id} cannot {ACTIVITIES[a.activity].label} (its activities: {have})"
        )
    if a.kind == "standard":
        need_standard(enc, c)
        if enc.budget.routine is not None and enc.budget.next_attack > 0:
            raise IllegalActionError("already attacked this turn")
    elif a.kind == "move":
        need_move_action(enc, c)
    elif a.kind == "full-round":
        need_full_round(enc, c)


def run_use(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i Table: Actions in Combat: spend the action, provoke if the ruleset
    says so (the activity is lost if the creature can no longer act), log it."""
    assert isinstance(a, A.Use)
    row = ACTIVITIES[a.activity]
    if a.kind != "free":
        enc.budget.use(a.kind)
    provokes = a.activity in enc.rules.provoking_actions
    if provokes and not provoke(enc, c, row.label):
        return
    enc.event(
        c.id,
        "activity",
        row.source,
        activity=a.activity,
        action=a.kind,
        provokes=provokes,
        effect=NOT_MODELLED,
    )


def gen_use(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """The listed activities but the free ones (a free action that changes nothing
    would be offered without end: ``use speak`` is legal, never listed)."""
    listed = c.stats.stat.activities
    if not listed:
        return
    for name in listed:
        action = A.use(name)
        if action.kind != "free":
            yield action


def stabilize_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot give ``target`` first aid now, or None: the target must be dying
    (not stable, not dead) and next to ``c`` (reading A123: first aid is given by hand,
    so the creatures' spaces touch)."""
    if target is c:
        return "a creature cannot give itself first aid"
    if not target.present() or target.state(enc.rules) is not HpState.DYING:
        return f"{target.id} is not dying"
    if enc.space.distance_ft(c, target) > 5:
        return f"{target.id} is not next to {c.id}"
    return None


def check_stabilize(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """A standard action; a dying creature next to it.

    Raises:
        IllegalActionError: saying why not.
    """
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.Stabilize)
    need_standard(enc, c)
    if enc.budget.routine is not None and enc.budget.next_attack > 0:
        raise IllegalActionError("already attacked this turn")
    why = stabilize_problem(enc, c, enc.get(a.target))
    if why:
        raise IllegalActionError(why)


def run_stabilize(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD Table: Actions in Combat "Make a dying friend stable": a standard action that
    provokes (seed 002 "Stabilize (AoO)"); then the first aid check (the ruleset's
    ``first_aid_skill`` against ``first_aid_dc``)."""
    assert isinstance(a, A.Stabilize)
    target = enc.get(a.target)
    enc.budget.use("standard")
    if "stabilize" in enc.rules.provoking_actions and not provoke(enc, c, "first aid"):
        return
    rules = enc.rules
    # SRD conditions: shaken, frightened, sickened ... take -2 on skill checks
    skill = c.roll_total(c.stats.skill(rules.first_aid_skill), "skill", skill=rules.first_aid_skill)
    mark = enc.dice.mark()
    total, stable = first_aid(enc.dice, skill, rules.first_aid_dc, rules.first_aid_skill)
    if stable and target.state(rules) is HpState.DYING:
        target.vitals = stabilize(target.vitals)
        enc.space.invalidate(target)
    enc.event(
        c.id,
        "stabilize",
        STABILIZE_RULE,
        target=target.id,
        totals=((f"{rules.first_aid_skill} check", skill),),
        rolls_from=mark,
        skill=rules.first_aid_skill,
        total=total,
        dc=rules.first_aid_dc,
        result="stable" if stable else "failed",
    )


def gen_stabilize(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """First aid for the dying allies next to it (a dying foe may be given it too, but
    is not offered)."""
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    for ally in enc.allies(c):
        if ally.vitals.hp < 0 and stabilize_problem(enc, c, ally) is None:
            yield A.Stabilize(ally.id)
