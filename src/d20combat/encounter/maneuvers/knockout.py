"""Knockout blow in the encounter (seed 004 "Knockout Blow"; the procedure:
:mod:`d20combat.rules.maneuvers.knockout`): a full-round action against a helpless foe,
``d20modern`` only, with a melee attack that reaches it (an unarmed strike or a
nonlethal weapon; a lethal weapon at -4); it provokes from every foe threatening the
attacker (``knockout-blow`` among the ruleset's provoking actions). The attack rolls
against the helpless foe's Defense of 5 + size; a hit is a critical hit dealing
nonlethal damage, which the massive damage threshold then judges.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke, strike
from d20combat.encounter.maneuvers import (
    check_full_round,
    helpless_target_problem,
    ready_option,
)
from d20combat.encounter.maneuvers.coup_de_grace import helpless_foes
from d20combat.rules.maneuvers.knockout import RULE, knocking_out, knockout_problem
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def knockout_option(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> AttackOption | None:
    """``weapon``, else the first ready melee option that reaches ``target``."""
    if weapon is not None:
        return ready_option(c, weapon)
    space = enc.space
    return next((o for o in c.melee_options() if space.reaches(c, o, target)), None)


def knockout_problem_in(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot give ``target`` a knockout blow now, or None."""
    if not enc.rules.knockout_blow:
        return f"no knockout blow in {enc.rules.name} (seed 004 only)"
    why = helpless_target_problem(enc, c, target)
    if why is not None:
        return why
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.condition_set()))
    option = knockout_option(enc, c, target, weapon)
    if option is None:
        return f"{c.id} has no ready weapon {weapon!r}" if weapon else "no melee attack reaches it"
    return knockout_problem(option, target.stats, enc.rules) or enc.space.attack_problem(
        c, option, target
    )


def check_knockout(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Knockout Blow": a full-round action."""
    assert isinstance(a, A.KnockoutBlow)
    check_full_round(enc, c, lambda: knockout_problem_in(enc, c, enc.get(a.target), a.weapon))


def run_knockout(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.KnockoutBlow)
    target = enc.get(a.target)
    enc.budget.use("full-round")
    option = knockout_option(enc, c, target, a.weapon)
    assert option is not None  # checked
    if "knockout-blow" in enc.rules.provoking_actions and not provoke(enc, c, "knockout blow"):
        return
    strike(
        enc,
        c,
        option,
        option.bonus,
        target,
        kind="knockout-blow",
        nonlethal=True,
        special=knocking_out,
        rule=RULE,
    )


def gen_knockout(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    b = enc.budget
    if not enc.rules.knockout_blow or not b.can_full_round or b.stepped:
        return
    if c.pending_full_round is not None:
        return
    for target in helpless_foes(enc, c):
        if knockout_problem_in(enc, c, target, None) is None:
            yield A.KnockoutBlow(target.id)
