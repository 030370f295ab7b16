"""When the baseline tactics set a firearm on autofire (seed 004 "Autofire").

A creature holding an automatic firearm with 10 bullets or more weighs, when its
standard action is still whole, autofire at the area around each corner of each foe's
space: the exact chance of the roll against Defense 10
(:func:`~d20combat.rules.maneuvers.firearms.p_autofire_hits`, with each creature's own
Reflex save) times the weapon's mean damage, over every creature with a square in the
area, foes counting for and friends (itself included) against, each no more than the
hit points it has left. The best area is taken when it is worth more than the attacks
of the turn it gives up (the planned attack, and the rest of the full attack it would
open). The bullets it spends (10 against 1) are not weighed (a reading, A91).

A creature holding no firearm pays one look at its ammunition (empty: nothing to fire).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.handlers import attacks_after
from d20combat.encounter.maneuvers.autofire import (
    autofire_options,
    autofire_problem,
    autofire_total,
)
from d20combat.encounter.maneuvers.splash import corner_block, creatures_in
from d20combat.rules.maneuvers import firearms as F
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def autofire_worth(enc: Encounter, c: Combatant, a: A.Autofire, option: AttackOption) -> float:
    """The expected worth of ``a`` (module docstring), in hit points."""
    bonus = autofire_total(enc, c, option, a.point).value
    mean = max(1.0, float(option.dice.mean) + option.damage_bonus.value)
    worth = 0.0
    for v in creatures_in(enc, corner_block(a.point)):
        reflex = v.roll_total(v.stats.saves["ref"], "save").value
        p = float(F.p_autofire_hits(bonus, reflex))
        amount = min(mean, max(0, v.vitals.hp + 1))
        worth += p * amount if v.side != c.side else -p * amount
    return worth


def autofire_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Action | None:
    """The autofire worth the most, when it is worth more than ``attack`` (the attack
    planned, or None) and the rest of the turn's attacks it gives up; None otherwise."""
    if not c.ammo or enc.budget.routine is not None or enc.budget.attacks_made:
        return None
    options = autofire_options(c)
    if not options:
        return None
    cost = 0.0
    if isinstance(attack, A.Attack):
        from d20combat.tactics.maneuvers import _first_worth, _rest_worth

        first, _, cost = _first_worth(enc, c, attack)
        if attacks_after(enc, c, first):
            cost += _rest_worth(enc, c, first, enc.get(attack.target))
    best, chosen = cost, None
    for o in options:
        seen: set[tuple[int, int]] = set()
        for foe in enc.enemies(c):
            if foe.vitals.dead or not foe.present():
                continue
            (x, y), n = foe.pos, foe.squares
            for point in ((x, y), (x + n, y), (x, y + n), (x + n, y + n)):
                if point in seen:
                    continue
                seen.add(point)
                a = A.Autofire(o.name, point)
                if autofire_problem(enc, c, a) is not None:
                    continue
                worth = autofire_worth(enc, c, a, o)
                if worth > best and enc.is_legal(a):
                    best, chosen = worth, a
    return chosen
