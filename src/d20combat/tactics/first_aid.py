"""When the baseline tactics give a dying ally first aid (``stabilize ALLY``) instead of
attacking: by expected worth, in hit points, as the other choices of
:mod:`d20combat.tactics.maneuvers` (reading A205):

* first aid on a dying ally next to it (SRD Table: Actions in Combat "Make a dying
  friend stable", a standard action): the chance the check succeeds (one d20: the
  ruleset's ``first_aid_skill`` against ``first_aid_dc``,
  :func:`~d20combat.rules.activities.p_first_aid`) times the chance the ally would
  die left alone (every roll of its dying checks fails until ``dead_at``:
  :func:`~d20combat.rules.hitpoints.p_dies_unaided`, exact) times its maximum hit
  points (a life saved is worth what a foe had to deal to bring it down, as a coup de
  grace's kill is worth the hit points taken), less the attacks of opportunity first
  aid provokes where it stands (seed 002 "Stabilize (AoO)");
* against that, the attacks of the turn it gives up (the planned attack and the rest
  of its full attack); none when no foe is in reach (its move action still brings it
  closer: reading A205 does not count a charge it gives up).

Only a creature of Intelligence 3 or more (an animal gives no first aid), at the start
of its attacks. The cheap tests come first: a creature with no ally on the field pays
one cached count; otherwise one occupancy query of the squares next to it (the cost
follows the area, not the crowd).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.activities import stabilize_problem
from d20combat.encounter.combatant import Combatant
from d20combat.rules.activities import p_first_aid
from d20combat.rules.hitpoints import HpState, p_dies_unaided

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def dying_allies_next_to(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The dying allies ``c`` could give first aid now (in id order)."""
    sp = enc.space
    if sp.present(c.side) < 2:
        return []
    out = []
    for cid in sorted(sp.occ.within(c.pos, c.squares, 5)):
        o = enc.combatants[cid]
        if (
            o.side == c.side
            and o is not c
            and o.vitals.hp < 0
            and o.state(enc.rules) is HpState.DYING
            and stabilize_problem(enc, c, o) is None
        ):
            out.append(o)
    return out


def stabilize_worth(enc: Encounter, c: Combatant, ally: Combatant) -> float:
    """What first aid by ``c`` on dying ``ally`` is worth, in hit points (the module
    docstring; reading A205)."""
    from d20combat.tactics.maneuvers import _provoked_cost

    rules = enc.rules
    skill = c.stats.skill(rules.first_aid_skill).value
    fort = ally.roll_total(ally.stats.saves["fort"], "save").value
    chance = p_first_aid(skill, rules.first_aid_dc) * p_dies_unaided(ally.vitals, rules, fort=fort)
    return float(chance) * ally.vitals.max_hp - _provoked_cost(enc, c, "stabilize")


def stabilize_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """First aid on the dying ally next to it whose first aid is worth the most, when
    that beats ``attack`` (the attack it planned, with the rest of its full attack) or
    there is none; else None."""
    b = enc.budget
    if not c.traits.intelligent or b.attacks_made or not b.standard or b.full_round:
        return None
    allies = dying_allies_next_to(enc, c)
    if not allies:
        return None
    cost = 0.0
    if isinstance(attack, A.Attack):
        from d20combat.tactics.maneuvers import _first_worth, _rest_worth

        option, _, first = _first_worth(enc, c, attack)
        cost = first + _rest_worth(enc, c, option, enc.get(attack.target))
    elif attack is not None:
        return None  # some other action planned: leave it be
    best, chosen = 0.0, None
    for ally in allies:
        worth = stabilize_worth(enc, c, ally) - cost
        if worth > best:
            best, chosen = worth, ally
    return None if chosen is None else A.Stabilize(chosen.id)
