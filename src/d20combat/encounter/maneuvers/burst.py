"""Burst fire in the encounter (seed 004 "Autofire"; the numbers:
:func:`d20combat.rules.maneuvers.firearms.burst_plan`).

``burst WEAPON at TARGET`` (:class:`~d20combat.encounter.actions.Burst`): automatic fire
at one creature from a firearm with the ``autofire`` flag. Seed 004: "Autofire is not
the same thing as burst fire, which involves firing a short burst at a specific target.
Firing a burst requires the Burst Fire feat. If a character fires a blast of automatic
fire at a specific target without the Burst Fire feat, it's treated as a standard
attack. The attack, if successful, only deals normal damage - all the extra ammunition
the character fired is wasted."

Reading A187 (the feat is not in the seed; the d20 Modern SRD's): with Burst Fire the
burst needs and spends 5 bullets, takes -4 on the attack and deals 2 more of the
weapon's dice of damage (extra dice, not multiplied on a critical hit); without it the
blast is the weapon's automatic fire (10 bullets, needed and spent) resolved as one
ordinary attack with normal damage. Either way it is an attack action, the standard
action's (as autofire, A91), one ranged attack with every situational modifier of a
shot (range, cover, concealment, the longarm's -4 against an adjacent foe, proficiency),
provoking as any ranged attack does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.creatures import ExtraDamage
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke, strike, use_up_thrown
from d20combat.encounter.maneuvers import ready_option, standard_shot_open
from d20combat.encounter.maneuvers.autofire import can_autofire
from d20combat.errors import IllegalActionError
from d20combat.rules.attack import Attack
from d20combat.rules.conditions import can_use_ranged
from d20combat.rules.maneuvers import firearms as F
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def burst_options(c: Combatant) -> list[AttackOption]:
    """The automatic firearms ``c`` holds with bullets enough for a burst."""
    need = F.BURST_BULLETS if c.traits.burst_fire else F.AUTOFIRE_BULLETS
    return [o for o in c.ready_options() if can_autofire(o) and c.ammo.get(o.item, 0) >= need]


def burst_problem(enc: Encounter, c: Combatant, a: A.Burst) -> str | None:
    """Why ``c`` cannot fire the burst ``a`` now (the action's budget aside), or None."""
    option = ready_option(c, a.weapon)
    if option is None or not can_autofire(option):
        held = ", ".join(o.name for o in c.ready_options() if can_autofire(o)) or "none"
        return f"{c.id} holds no automatic firearm {a.weapon!r} ready (automatic: {held})"
    plan = F.burst_plan(option.dice, feat=c.traits.burst_fire)
    left = c.ammo.get(option.item, 0)
    if left < plan.bullets:
        how = "a burst" if c.traits.burst_fire else "automatic fire without Burst Fire"
        return f"{how} needs {plan.bullets} bullets in the weapon; {option.name} has {left}"
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
    flags = frozenset(f.value for f in option.weapon.flags) if option.weapon else frozenset()
    if not can_use_ranged(c.condition_set(), flags):
        return "its conditions forbid this ranged weapon"
    target = enc.get(a.target)
    if target is c:
        return "cannot attack itself"
    if not target.present() or target.vitals.dead:
        return f"{target.id} is not there to shoot at"
    return enc.space.attack_problem(c, option, target)


def check_burst(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The standard action, no attack made yet (A187), then :func:`burst_problem`."""
    from d20combat.encounter.handlers import need_attack_action

    assert isinstance(a, A.Burst)
    need_attack_action(enc, c, "a burst")
    why = burst_problem(enc, c, a)
    if why:
        raise IllegalActionError(why)


def burst_attack(attack: Attack, plan: F.BurstPlan) -> Attack:
    """The attack with the burst's -4 and extra dice (A187)."""
    if plan.extra_dice is None:
        return attack
    extra = ExtraDamage(dice=str(plan.extra_dice), source="burst fire")
    return attack._replace(bonus=attack.bonus.plus(*plan.modifiers), extra=(*attack.extra, extra))


def run_burst(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Fire (module docstring): the bullets beyond the one :func:`strike` spends go
    first, hit or miss."""
    assert isinstance(a, A.Burst)
    option = ready_option(c, a.weapon)
    assert option is not None
    target = enc.get(a.target)
    enc.budget.use("standard")
    enc.budget.attacks_made += 1
    if "ranged-attack" in enc.rules.provoking_actions and not provoke(
        enc, c, f"burst with {option.name}"
    ):
        return
    plan = F.burst_plan(option.dice, feat=c.traits.burst_fire)
    use_up_thrown(enc, c, option, plan.bullets - 1)
    strike(
        enc,
        c,
        option,
        option.bonus,
        target,
        kind="burst",
        special=lambda attack: burst_attack(attack, plan),
        rule=F.BURST_RULE,
        fields={
            "bullets": plan.bullets,
            "burst_fire": plan.extra_dice is not None,
            "wasted": 0 if plan.extra_dice is not None else plan.bullets - 1,
        },
    )


def gen_burst(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """A burst at each foe in range, listed where it may be worth a turn: with the
    Burst Fire feat, or from a weapon that fires no single shot (otherwise a single
    shot is the same attack for one bullet: legal, not listed)."""
    if not standard_shot_open(enc, c):
        return
    ready = [o for o in burst_options(c) if c.traits.burst_fire or o.autofire_only]
    if not ready or not c.restrictions().can_attack:
        return
    for o in ready:
        for foe in enc.enemies(c):
            if foe.vitals.dead or not foe.present():
                continue
            a = A.Burst(o.name, foe.id)
            if burst_problem(enc, c, a) is None:
                yield a
