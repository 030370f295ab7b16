"""Waking a sleeping friend (SRD spells "Sleep": "Slapping or wounding awakens an
affected creature"; reading A70 takes the spell's rule for any sleep, the SRD giving
none for natural sleep): ``wake TARGET``, a standard action by a creature next to the
sleeper (reading A160: the slap is a blow given by hand; it provokes no attack of
opportunity, as aid another's does not in itself). The sleeper's ``sleeping`` ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.errors import IllegalActionError

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

RULE = "SRD spells Sleep (slapping awakens it: readings A70, A160)"


def wake_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot wake ``target`` now, or None."""
    if target is c:
        return "a creature cannot slap itself awake"
    if not target.present() or "sleeping" not in target.conditions:
        return f"{target.id} is not asleep"
    if enc.space.distance_ft(c, target) > 5:
        return f"{target.id} is not next to {c.id}"
    return None


def check_wake(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.Wake)
    need_standard(enc, c)
    if enc.budget.routine is not None and enc.budget.next_attack > 0:
        raise IllegalActionError("already attacked this turn")
    why = wake_problem(enc, c, enc.get(a.target))
    if why:
        raise IllegalActionError(why)


def run_wake(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Wake)
    enc.budget.use("standard")
    target = enc.get(a.target)
    del target.conditions["sleeping"]
    enc.event(target.id, "condition-ends", RULE, condition="sleeping", by=c.id)
    enc.space.invalidate(target)
    enc.make_room(target)


def gen_wake(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """The sleeping friends next to it (a sleeping foe may be woken too, but is not
    offered)."""
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    for o in sleepers_beside(enc, c):
        yield A.Wake(o.id)


def sleepers_beside(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The sleeping friends next to ``c``, in id order (a look at the squares about it,
    not at every creature)."""
    out = []
    for oid in sorted(enc.space.occ.within(c.pos, c.squares, 5)):
        o = enc.combatants[oid]
        asleep = o.side == c.side and bool(o.conditions) and "sleeping" in o.conditions
        if asleep and wake_problem(enc, c, o) is None:
            out.append(o)
    return out
