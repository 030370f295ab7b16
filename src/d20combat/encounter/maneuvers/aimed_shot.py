"""The aimed shot at a helpless foe in the encounter (seed 004 "Helpless Defenders:
Regular Attack"; :mod:`d20combat.rules.maneuvers.aimed_shot`): ``d20modern`` only, a
full-round action, one ranged attack at +5 on a helpless foe from a square not adjacent
to it, provoking as any ranged attack does.
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
from d20combat.rules.attack import Attack
from d20combat.rules.conditions import can_use_ranged
from d20combat.rules.maneuvers.aimed_shot import RULE, aim_bonus, aimed_shot_problem
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def aim_option(c: Combatant, weapon: str | None) -> AttackOption | None:
    """``weapon``, else the first ready ranged option."""
    if weapon is not None:
        return ready_option(c, weapon)
    return next((o for o in c.ready_options() if o.ranged), None)


def aim_problem_in(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot take an aimed shot at ``target`` now, or None."""
    if not enc.rules.helpless_aimed_shot_bonus:
        return f"no aimed shot at a helpless foe in {enc.rules.name} (seed 004 only)"
    why = helpless_target_problem(enc, c, target)
    if why is not None:
        return why
    option = aim_option(c, weapon)
    if option is None:
        return f"{c.id} has no ready weapon {weapon!r}" if weapon else "no ranged weapon ready"
    adjacent = enc.space.distance_ft(c, target) <= 5
    why = aimed_shot_problem(option, enc.rules, adjacent=adjacent)
    if why is not None:
        return why
    flags = frozenset(f.value for f in option.weapon.flags) if option.weapon else frozenset()
    if not can_use_ranged(c.condition_set(), flags):
        return "its conditions forbid this ranged weapon (prone: crossbows, shuriken)"
    return enc.space.attack_problem(c, option, target)


def check_aim(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Helpless Defenders": a full-round action."""
    assert isinstance(a, A.AimedShot)
    check_full_round(enc, c, lambda: aim_problem_in(enc, c, enc.get(a.target), a.weapon))


def run_aim(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.AimedShot)
    target = enc.get(a.target)
    enc.budget.use("full-round")
    option = aim_option(c, a.weapon)
    assert option is not None  # checked
    if "ranged-attack" in enc.rules.provoking_actions and not provoke(
        enc, c, f"ranged attack with {option.name}"
    ):
        return
    bonus = aim_bonus(enc.rules)

    def aimed(attack: Attack) -> Attack:
        return attack._replace(bonus=attack.bonus.plus(bonus))

    strike(enc, c, option, option.bonus, target, kind="aimed shot", special=aimed, rule=RULE)


def gen_aim(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    b = enc.budget
    if not enc.rules.helpless_aimed_shot_bonus or not b.can_full_round or b.stepped:
        return
    if c.pending_full_round is not None or not any(o.ranged for o in c.ready_options()):
        return
    for target in helpless_foes(enc, c):
        if aim_problem_in(enc, c, target, None) is None:
            yield A.AimedShot(target.id)
