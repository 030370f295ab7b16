"""Feint in the encounter (seed 000 "Feint"; the procedure:
:mod:`d20combat.rules.maneuvers.feint`): a standard action, a move action with Improved
Feint (SRD feats), against an opponent within reach of a melee attack; the checks with
what conditions do to skill checks; on success the feinter holds a ``feint`` effect over
the target until the end of its next turn, spent by its next melee attack on it
(:func:`d20combat.encounter.fighting.edges`: the target is ``feinted``, so it loses its
Dexterity bonus, and a rogue's sneak attack applies). No attack of opportunity.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant, Effect
from d20combat.encounter.maneuvers import skill
from d20combat.errors import IllegalActionError
from d20combat.rules.maneuvers.feint import (
    RULE,
    FeintSides,
    bluff_check,
    feint,
    feint_problem,
    outcome,
    sense_motive_check,
)

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def improved_feint(c: Combatant) -> bool:
    """SRD feats "Improved Feint": a feint is a move action."""
    return c.stat.has_feat("improved feint")


def feint_problem_in(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot feint ``target`` now, or None: an enemy still in the fight (not
    helpless), one with an Intelligence score, within reach of one of ``c``'s melee
    attacks ("in melee combat"), and conditions that let ``c`` attack."""
    if target is c or target.side == c.side:
        return f"{target.id} is not an enemy"
    if not enc.active(target):
        if target.present() and not target.vitals.dead and target.restrictions().helpless:
            return f"{target.id} is helpless: it has no Dexterity bonus to lose"
        return f"{target.id} is no longer in the fight"
    why = feint_problem(c.stats, target.stats)
    if why is not None:
        return why
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.condition_set()))
    space = enc.space
    if not any(space.attack_problem(c, o, target) is None for o in c.melee_options()):
        return f"{target.id} is not within reach of a melee attack: a feint is made in melee"
    return None


def sides_in(c: Combatant, target: Combatant) -> FeintSides:
    """The feint's checks in the situation: Bluff and Sense Motive (+ base attack
    bonus) with what each side's conditions add to skill checks."""
    return FeintSides(
        skill(c, bluff_check(c.stats, target.stats), "bluff"),
        skill(target, sense_motive_check(target.stats), "sense motive"),
    )


def check_feint(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Feint": a standard action (a move action with Improved Feint)."""
    from d20combat.encounter.handlers import need_move_action, need_standard

    assert isinstance(a, A.Feint)
    target = enc.get(a.target)
    if improved_feint(c):
        need_move_action(enc, c)
    else:
        need_standard(enc, c)
    why = feint_problem_in(enc, c, target)
    if why:
        raise IllegalActionError(why)


def run_feint(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Feint)
    target = enc.get(a.target)
    b = enc.budget
    improved = improved_feint(c)
    if improved:
        b.use("move")
        if b.routine is not None and not b.committed:
            b.routine = None  # a move action after the first attack: no full attack
    else:
        b.use("standard")
    sides = sides_in(c, target)
    mark = enc.dice.mark()
    r = feint(enc.dice, sides)
    enc.event(
        c.id,
        "feint",
        RULE,
        target=target.id,
        totals=(("bluff check", sides.bluff), ("sense motive check", sides.sense_motive)),
        rolls_from=mark,
        result=outcome(r),
        check=[r.actor, r.opponent],
        action="move" if improved else "standard",
    )
    if r.won:  # until its next melee attack on the target, at the latest its next turn's
        enc.grant(c, Effect("feint", target.id, c.id, c.id, 1, through=True))


def gen_feint(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    b = enc.budget
    if c.pending_full_round is not None or b.full_round or b.committed:
        return
    if not (b.standard or (b.move and improved_feint(c))):
        return
    melee = c.melee_options()
    if not melee or not c.restrictions().can_attack:
        return
    reach = max(o.reach_ft for o in melee)
    for target in enc.space.enemies_near(c, reach):
        if feint_problem_in(enc, c, target) is None:
            yield A.Feint(target.id)
