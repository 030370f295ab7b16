"""When the baseline readies a slung shield or retrieves a stowed weapon
(encounter/stowed.py; SRD combat-i "Ready or Loose a Shield", "Manipulate an Item").

* A stowed melee weapon is retrieved first when nothing but unarmed strikes and
  natural weapons is in hand, unless a foe threatens it and natural weapons serve (the
  retrieval provokes; an unarmed strike would provoke as well).
* A slung shield is readied when that costs nothing the creature would use: free with a
  regular move already made (BAB +1), or as the move action of a turn whose full attack
  would make one attack anyway (a foe in reach: the standard action's single attack
  loses nothing), or as the move action when no foe threatens it and none is within
  reach of its move (it could not attack this turn anyway).

Called only for a creature with something stowed (``c.stowed``: one tuple test per
decision for the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def stowed_choice(enc: Encounter, c: Combatant) -> A.Action | None:
    """Ready the shield or retrieve a weapon now, or None (see the module docstring)."""
    b = enc.budget
    if b.full_round or b.committed or b.attacks_made or c.pending_full_round is not None:
        return None
    sp = enc.space
    threats = sp.threatening(c)
    armed = any(
        o.weapon is not None and o.item in c.wielding and o.item != "unarmed strike"
        for o in c.stats.options
    )
    if not armed and not (threats and any(o.natural for o in c.stats.options)):
        for o in c.stats.options:
            if not o.ranged and o.weapon is not None and o.item in c.stowed:
                retrieve = A.Retrieve(o.item)
                if enc.is_legal(retrieve):
                    return retrieve
    shield = c.stat.shield
    if shield is not None and shield.display in c.stowed:
        ready = A.ReadyShield()
        if enc.is_legal(ready):
            routines = c.routines_ready()
            single = all(len(r.attacks) <= 1 for r in routines)
            if b.moved and c.stat.bab >= 1 and not b.free_draw_used and not b.stepped:
                return ready  # free with the move made
            if b.move and not b.moved and ((threats and single) or not _reachable(enc, c)):
                return ready
    return None


def _reachable(enc: Encounter, c: Combatant) -> bool:
    """Whether a foe is within its speed plus its reach (it may attack this turn)."""
    sp = enc.space
    limit = sp.speed(c) + c.stats.reach_ft
    return any(sp.distance_ft(c, e) <= limit for e in sp.active_enemies(c))
