"""Activities in the encounter (``use NAME``): the rows of the SRD's Table: Actions in
Combat whose effect the engine does not model (:mod:`d20combat.rules.activities`).
Each is legal for a creature whose stat block lists it (``activities``; reading
A120), takes its action type's share of the turn, provokes from every foe threatening
the creature when the ruleset's ``provoking_actions`` name it (SRD table, seed 002's
marks), and is logged as an ``activity`` event "not modelled beyond its timing".

The tactics never choose one (they weigh what an action does; these do nothing
more), so a creature pays nothing for listing them but their place among its legal
actions; a creature without ``activities`` pays one empty-tuple test per turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke
from d20combat.errors import IllegalActionError
from d20combat.rules.activities import ACTIVITIES

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
