"""Speaking and the bound on free actions.

* SRD combat-i "Speak": "In general, speaking is a free action that you can perform
  even when it isn't your turn. Speaking more than few sentences is generally beyond
  the limit of a free action." ``speak`` (the creature whose turn it is) and ``speak by
  ID`` (another, off its turn) log a ``speak`` event; a creature speaks once during a
  turn, its own or another's (a sentence or two: A229). It needs Intelligence 3 or more
  (speech), a hit-point state that lets it act, no condition that stops all actions,
  and no pinner (seed 000 "If You're Pinning an Opponent": "prevent a pinned opponent
  from speaking"). Speech changes nothing else here, so it is never among the
  candidates of :func:`legal_actions` (a policy has nothing to gain by it).
* SRD combat-i "Free Actions": "However, there are reasonable limits on what you can
  really do for free"; seed 004: "within limits set by the GM". The counted free
  actions (:data:`COUNTED_FREE`: drop an item, drop prone, speak, avert or shut the
  eyes, relinquish command, a free activity) are at most
  :data:`FREE_ACTIONS_PER_TURN` a turn for the creature whose turn it is (A228);
  free actions bound by a rule of their own (the free draw, a free reload, a 5-foot
  step, surrender) are not counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.errors import IllegalActionError

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

SPEAK_RULE = "SRD combat-i Speak"
#: A228: how many counted free actions a creature takes on its turn.
FREE_ACTIONS_PER_TURN = 5
#: The verbs of the free actions counted against :data:`FREE_ACTIONS_PER_TURN`.
COUNTED_FREE = frozenset({"drop", "drop-prone", "speak", "eyes", "relinquish", "use"})


def counted(a: A.Action) -> bool:
    """Whether ``a`` is a free action counted against the bound (a ``use`` only when
    its activity is free)."""
    return a.verb in COUNTED_FREE and a.kind == "free"


def _off_turn(c: Combatant, a: A.Action) -> bool:
    return isinstance(a, A.Speak) and a.by is not None and a.by != c.id


def free_problem(enc: Encounter, c: Combatant, a: A.Action) -> str | None:
    """Why the bound forbids ``a`` now, or None (``c``: the creature whose turn it is)."""
    if counted(a) and enc.budget.free_actions >= FREE_ACTIONS_PER_TURN and not _off_turn(c, a):
        return f"{FREE_ACTIONS_PER_TURN} free actions this turn already (A228)"
    return None


def count_free(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Count a counted free action ``c`` takes on its turn (not another's speech)."""
    if not _off_turn(c, a):
        enc.budget.free_actions += 1


def speaker(enc: Encounter, c: Combatant, a: A.Speak) -> Combatant:
    """Who speaks: ``a.by`` or ``c`` (the creature whose turn it is)."""
    if a.by is None or a.by == c.id:
        return c
    who = enc.combatants.get(a.by)
    if who is None:
        raise IllegalActionError(f"no combatant {a.by!r}")
    return who


def check_speak(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The speaker must be able to speak and not have spoken during this turn.

    Raises:
        IllegalActionError: naming why it cannot.
    """
    assert isinstance(a, A.Speak)
    who = speaker(enc, c, a)
    if not enc.active(who) or not who.can_act(enc.rules):
        raise IllegalActionError(f"{who.id} cannot speak now (out of the fight or unable to act)")
    if not who.traits.intelligent:
        raise IllegalActionError(f"{who.id} has no speech (Intelligence below 3)")
    pin = who.conditions.get("pinned")
    if pin is not None:
        raise IllegalActionError(f"{who.id} is pinned: {pin.owner} keeps it from speaking")
    if who.conditions and who.restrictions().actions == "none":
        raise IllegalActionError(f"{who.id} can take no actions ({', '.join(who.conditions)})")
    if who.id in enc.budget.spoke:
        raise IllegalActionError(f"{who.id} has spoken during this turn already (A229)")


def run_speak(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Log the speech (nothing else changes)."""
    assert isinstance(a, A.Speak)
    who = speaker(enc, c, a)
    enc.budget.spoke = (*enc.budget.spoke, who.id)
    enc.event(who.id, "speak", SPEAK_RULE, off_turn=who is not c)


def gen_speak(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """Never a candidate (see the module docstring)."""
    return iter(())
