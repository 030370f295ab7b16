"""Flight: what fear makes a creature do on its turn.

Sources: SRD conditions "Frightened" (flees from the source of its fear as best it
can; if unable to flee, it may fight), "Panicked" (flees at top speed from the source
along a random path; if cornered it cowers and does not attack), "Cowering" (frozen in
fear: no actions, -2 AC, no Dexterity bonus); SRD special abilities "Fear" (the
panicked creature's path is random other than running away from the source); seed 000
and SRD "Turned" (flees by the best and fastest means; cowers if it cannot flee).

The engine's readings:

* the source of the fear is the creature that imposed the condition (its owner); when
  that creature is gone or is the fearful one itself, the nearest active enemy;
* the flight is the ``flee`` action: off the map from an exit square it stands on;
  else a withdraw when an enemy threatens it and its turn allows one (so leaving the
  first square provokes only unseen foes, the best a fleeing creature can do); else a
  move action at its speed (a second ``flee`` makes it a double move);
* it ends on a reachable square farther from the source than it stands: a frightened
  or turned creature chooses the farthest (then the one farthest from any other foe,
  then the fewest attacks of opportunity on the way, then the topmost, leftmost); a
  panicked creature's square is drawn by a die among all those that take it farther
  (the die is rolled and logged when the flight is resolved);
* cornered (no such square and no exit), a frightened creature may fight; a panicked
  or turned one cowers until its next turn (the ``cower`` action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from d20combat.encounter import actions as A
from d20combat.encounter.actions import Pos
from d20combat.encounter.combatant import Combatant
from d20combat.grid.squares import footprint_distance
from d20combat.rules.conditions import CONDITIONS, expand

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

FLEE_RULE = "SRD conditions Frightened, Panicked; seed 000 Turned"
COWER_RULE = "SRD conditions Panicked, Cowering; seed 000 Turned"
RANDOM_PATH = frozenset({"panicked"})  # fears whose flight takes a random path
_FIGHTS_WHEN_CORNERED = frozenset({"frightened"})


class Flight(NamedTuple):
    """How a fleeing creature can flee now."""

    fear: str  # the condition that makes it flee
    source: Combatant  # what it flees from
    withdraw: bool  # a withdraw (threatened, the turn allows one), else a move action
    limit: int  # feet it may move
    ends: tuple[Pos, ...]  # the squares its flight may end on, best first (row order
    # for a random path)


def fleeing_fear(c: Combatant) -> str | None:
    """The condition that makes ``c`` flee (the worst, if several), or None."""
    found = [n for n in expand(c.condition_set()) if CONDITIONS[n].flees]
    if not found:
        return None
    return "panicked" if "panicked" in found else found[0]


def source_of(enc: Encounter, c: Combatant, fear: str) -> Combatant | None:
    """The creature ``c`` flees from: the owner of its fear, else the nearest foe."""
    cond = c.conditions.get(fear)
    owner = enc.combatants.get(cond.owner) if cond is not None else None
    if owner is not None and owner is not c and enc.active(owner):
        return owner
    return enc.space.nearest_enemy(c)


def flight(enc: Encounter, c: Combatant) -> Flight | None:
    """Where ``c``'s fear lets it flee this action, or None if it does not flee, has
    nothing to flee from or is cornered (see the module notes). Asked by the runner,
    the check and the resolution of one flight: answered once per state."""
    b = enc.budget
    key = ("flight", c.id, b.can_full_round, b.single, b.standard, b.stepped)
    return enc.space.cached(key, lambda: _flight(enc, c))


def _flight(enc: Encounter, c: Combatant) -> Flight | None:
    fear = fleeing_fear(c)
    if fear is None:
        return None
    source = source_of(enc, c, fear)
    if source is None:
        return None
    sp, b = enc.space, enc.budget
    speed = sp.speed(c)
    threatened = bool(sp.threatening(c))
    withdraw = (
        threatened
        and not b.stepped
        and not c.has("blinded")
        and (b.can_full_round or (b.single and b.standard))
    )
    limit = speed * (1 if b.single else enc.rules.withdraw_speed_multiplier) if withdraw else speed
    n, spos, sn = c.squares, source.pos, source.squares
    here = footprint_distance(c.pos, n, spos, sn)
    others = [
        (o.pos, o.squares) for o in sp.active_enemies(c) if o is not source
    ]  # other dangers: keep away from them too
    ranked = []
    r = sp.reachable(c, limit)
    for pos in r.positions():
        away = footprint_distance(pos, n, spos, sn)
        if pos == c.pos or away <= here:
            continue
        clear = min((footprint_distance(pos, n, p, m) for p, m in others), default=0)
        ranked.append((pos, away, clear))
    if not ranked:
        return None
    if fear in RANDOM_PATH:
        ends = tuple(sorted((p for p, _, _ in ranked), key=lambda p: (p[1], p[0])))
    else:
        keyed = []
        for pos, away, clear in ranked:
            aoo = sp.provocations_along(c, r.path_to(pos)[1:])
            keyed.append(((-away, -clear, aoo, pos[1], pos[0]), pos))
        ends = tuple(p for _, p in sorted(keyed))
    return Flight(fear, source, withdraw, limit, ends)


def compelled(enc: Encounter, cid: str) -> A.Action | None:
    """The action fear compels of the creature whose turn it is, or None if its own
    tactics may choose (it is not fleeing, or it is frightened and cornered). The fight
    runner asks this before the creature's policy."""
    c = enc.get(cid)
    fear = fleeing_fear(c)
    if fear is None:
        return None
    b = enc.budget
    if (
        not (b.move or b.standard)
        or b.full_round
        or b.committed
        or b.stepped
        or c.restrictions().actions == "none"  # cowering
    ):
        return A.EndTurn()  # no move left to flee with
    if enc.space.on_exit(c):
        return A.Escape()
    if c.has("prone"):
        return A.StandUp()
    if flight(enc, c) is not None:
        return A.Flee()
    if fear in _FIGHTS_WHEN_CORNERED:
        return None
    # cornered: cower, or, having fled this turn already, stop where it is
    return A.Cower() if b.can_full_round and not b.stepped else A.EndTurn()


__all__ = [
    "COWER_RULE",
    "FLEE_RULE",
    "RANDOM_PATH",
    "Flight",
    "compelled",
    "fleeing_fear",
    "flight",
    "source_of",
]
