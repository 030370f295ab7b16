"""Coup de grace in the encounter (SRD combat-ii "Helpless Defenders"; seed 002 and seed
004 "Coup de Grace"; the procedure: :mod:`d20combat.rules.maneuvers.coup_de_grace`):
a full-round action against a helpless foe (those down by their hit points included),
with a melee weapon that reaches it or a ranged one from an adjacent square (the
ruleset's ``coup_de_grace_ranged``); it provokes from every foe threatening the
attacker; against a foe with total concealment the first such action only finds it
(a ``found`` effect until the end of the attacker's next turn: two consecutive
full-round actions), the second delivers the blow. The blow is an attack in its
situation (a rogue's sneak attack dice included) that hits and is a critical hit with
no roll, dealing lethal damage; a victim still alive then makes its Fortitude save
(DC 10 + the damage dealt) or dies.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant, Effect
from d20combat.encounter.fighting import provoke, strike
from d20combat.encounter.maneuvers import (
    check_full_round,
    helpless_target_problem,
    ready_option,
)
from d20combat.rules.conditions import miss_chance
from d20combat.rules.hitpoints import HpState
from d20combat.rules.maneuvers.coup_de_grace import (
    RULE,
    coup_de_grace_problem,
    delivered,
    finishing_save,
    weapon_problem,
)
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

TOTAL_CONCEALMENT = 50


def finishing_option(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> AttackOption | None:
    """What ``c`` strikes ``target`` with: ``weapon``, else the first ready melee option
    that reaches it, else the first ready ranged one, else its first melee option (None:
    it has nothing ready)."""
    if weapon is not None:
        return ready_option(c, weapon)
    space = enc.space
    ready = c.ready_options()
    melee = next((o for o in ready if not o.ranged and space.reaches(c, o, target)), None)
    return melee or next((o for o in ready if o.ranged), None) or next(iter(ready), None)


def weapon_in_place_problem(
    enc: Encounter, c: Combatant, target: Combatant, option: AttackOption
) -> str | None:
    """Why ``c`` cannot strike ``target`` with ``option`` from where it stands, or None
    (reach, range, line of effect; a ranged weapon from an adjacent square only)."""
    adjacent = enc.space.distance_ft(c, target) <= 5
    why = weapon_problem(option, enc.rules, adjacent=adjacent)
    return why or enc.space.attack_problem(c, option, target)


def coup_de_grace_problem_in(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot give ``target`` a coup de grace now, or None."""
    why = helpless_target_problem(enc, c, target) or coup_de_grace_problem(target.stats)
    if why is not None:
        return why
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.condition_set()))
    option = finishing_option(enc, c, target, weapon)
    if option is None:
        return f"{c.id} has no ready weapon {weapon!r}" if weapon else "no weapon ready"
    return weapon_in_place_problem(enc, c, target, option)


def check_coup_de_grace(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-ii "Coup de Grace": a full-round action."""
    assert isinstance(a, A.CoupDeGrace)
    check_full_round(enc, c, lambda: coup_de_grace_problem_in(enc, c, enc.get(a.target), a.weapon))


def hidden(enc: Encounter, c: Combatant, target: Combatant, option: AttackOption) -> bool:
    """``target`` has total concealment from ``c`` (darkness, fog, invisibility, a
    blinded attacker: SRD combat-ii "Total Concealment")."""
    grid = enc.space.concealment(c, target, melee=not option.ranged)
    return max(grid, miss_chance(c.condition_set(), target.condition_set())) >= TOTAL_CONCEALMENT


def _found(c: Combatant, target: Combatant) -> bool:
    return any(e.kind == "found" and e.against == target.id for e in c.effects)


def run_coup_de_grace(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.CoupDeGrace)
    target = enc.get(a.target)
    enc.budget.use("full-round")
    option = finishing_option(enc, c, target, a.weapon)
    assert option is not None  # checked
    if "coup-de-grace" in enc.rules.provoking_actions and not provoke(enc, c, "coup de grace"):
        return
    if hidden(enc, c, target, option) and not _found(c, target):
        enc.event(c.id, "coup-de-grace", RULE, target=target.id, result="found")
        enc.grant(c, Effect("found", target.id, c.id, c.id, 1, through=True))
        return
    c.effects = [e for e in c.effects if not (e.kind == "found" and e.against == target.id)]
    r = strike(  # lethal damage, whatever the weapon (its "or die" is lethal: A37)
        enc,
        c,
        option,
        option.bonus,
        target,
        kind="coup-de-grace",
        nonlethal=False,
        special=delivered,
        rule=RULE,
    )
    if target.state(enc.rules) is HpState.DEAD or not target.present():
        return  # the damage killed it: no save
    fort = target.roll_total(target.stats.saves["fort"], "save")
    mark = enc.dice.mark()
    finish = finishing_save(enc.dice, fort, r.damage)
    enc.event(
        c.id,
        "coup-de-grace",
        RULE,
        target=target.id,
        totals=(("fortitude save", fort),),
        rolls_from=mark,
        result="survived" if finish.survived else "killed",
        dc=finish.dc,
        natural=finish.natural,
        total=finish.total,
        damage=r.damage,
    )
    if not finish.survived:
        target.vitals = target.vitals._replace(dead=True, stable=False, subdued=False)
        enc.space.invalidate(target)


def helpless_foes(enc: Encounter, c: Combatant) -> Iterator[Combatant]:
    """``c``'s foes on the field that are helpless and not dead."""
    for target in enc.enemies(c):
        if not target.vitals.dead and target.restrictions().helpless:
            yield target


def gen_coup_de_grace(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    b = enc.budget
    if not b.can_full_round or b.stepped or c.pending_full_round is not None:
        return
    for target in helpless_foes(enc, c):
        if coup_de_grace_problem_in(enc, c, target, None) is None:
            yield A.CoupDeGrace(target.id)
