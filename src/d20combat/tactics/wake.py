"""The baseline's choice to slap a sleeping friend awake (``wake``: SRD spells "Sleep";
encounter/maneuvers/wake.py): by expected worth (reading A160), when what the friend
would deal over the rounds it still has to sleep (its best attack's expected damage on
its nearest foe, wherever that foe stands, for at most ten rounds) beats the attack
the waker would make instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.maneuvers.wake import sleepers_beside
from d20combat.tactics.monsters import full_attack_worth
from d20combat.tactics.worth import attack_worth

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def wake_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Wake | None:
    """``wake FRIEND`` for the sleeping friend beside ``c`` worth the most, if it beats
    ``attack``'s expected damage; None otherwise (or with no sleeper beside it)."""
    friends = sleepers_beside(enc, c)
    if not friends:
        return None
    target = enc.get(attack.target) if isinstance(attack, A.Attack) else None
    mine = full_attack_worth(enc, c, target)
    best: tuple[float, str] | None = None
    for f in friends:
        foe = enc.space.nearest_enemy(f)
        if foe is None:
            continue
        rounds = min(f.conditions["sleeping"].turns or 10, 10)
        blows = [attack_worth(enc, f, o, o.bonus, foe) for o in f.ready_options()]
        worth = max(blows, default=0.0) * rounds  # wherever the foe stands
        if worth > mine and (best is None or worth > best[0]):
            best = (worth, f.id)
    return None if best is None else A.Wake(best[1])
