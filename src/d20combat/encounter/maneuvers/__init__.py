"""Special attacks in the encounter: who may make them, what they provoke, and what
their results do to the fight, one module per maneuver (:mod:`.trip`, :mod:`.feint`,
:mod:`.aid`, :mod:`.coup_de_grace`, :mod:`.knockout`, :mod:`.aimed_shot`). The procedures
themselves are pure rules (:mod:`d20combat.rules.maneuvers`); these modules feed them the
situation (the attack's bonus with every situational modifier, the conditions on each
check) and apply the outcome (prone, dropped weapons), recording each as an event.

A maneuver made "in place of a melee attack" (trip) is an
:class:`~d20combat.encounter.actions.Attack` subclass (:class:`~d20combat.encounter.actions.Trip`):
it uses the attack's budget, so it may be the standard action's attack or any attack of
a full attack, at that attack's bonus. Its module registers an :class:`AttackManeuver`
in :data:`ATTACK_MANEUVER_RULES`; the attack handlers check, run and list it through
that table.

The others are actions of their own (feint and aid another: standard actions; the coup
de grace, knockout blow and aimed shot: full-round actions): each module holds their
check, run and generate functions, which
:data:`~d20combat.encounter.handlers.HANDLERS` lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from d20combat.encounter.combatant import Combatant, Condition
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack
    from d20combat.encounter.state import Encounter


# touch variants by the id of their option (kept alive in the entry, so ids stay unique)
_TOUCH: dict[int, tuple[AttackOption, AttackOption]] = {}


def touch_of(option: AttackOption) -> AttackOption:
    """The option made as a touch attack (a trip's, a grapple's grab): one object per
    option, so the attacks built from it are cached like any other."""
    hit = _TOUCH.get(id(option))
    if hit is None:
        hit = _TOUCH[id(option)] = (option, dataclasses.replace(option, touch=True))
    return hit[1]


def ability(c: Combatant, total: Total) -> Total:
    """A check's modifier with what the creature's conditions add to ability checks."""
    return c.roll_total(total, "ability-check")


def skill(c: Combatant, total: Total, name: str) -> Total:
    """A skill check's modifier with what the creature's conditions add to it (a
    blinded feinter's Bluff is not hampered; shaken: -2)."""
    return c.roll_total(total, "skill", skill=name)


def ready_option(c: Combatant, weapon: str) -> AttackOption | None:
    """The ready attack option called ``weapon`` (its name or its weapon's), or None."""
    key = weapon.lower()
    for o in c.ready_options():
        if o.name.lower() == key or (o.weapon is not None and o.weapon.name == key):
            return o
    return None


def helpless_target_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``target`` is no helpless foe of ``c`` to finish off now, or None (SRD
    combat-ii "Helpless Defenders": bound, sleeping, paralyzed, unconscious ...; those
    down by their hit points included)."""
    if target is c or target.side == c.side:
        return f"{target.id} is not an enemy"
    if not target.present():
        return f"{target.id} has left the battlefield"
    if target.vitals.dead:
        return f"{target.id} is already dead"
    if not target.restrictions().helpless:
        return f"{target.id} is not helpless"
    return None


def fall(enc: Encounter, c: Combatant) -> None:
    """``c`` is knocked prone (SRD conditions "Prone")."""
    c.conditions["prone"] = Condition(c.id, 0)
    enc.space.invalidate(c)


# ---------------------------------------------------------------- the attack maneuvers
class AttackManeuver(NamedTuple):
    """A special attack made in place of a melee attack: why it is illegal against a
    target (None: legal), how it is resolved, and the weapons it may be made with
    (None: the creature's unarmed strike)."""

    problem: Callable[[Encounter, Combatant, Combatant, str | None], str | None]
    attempt: Callable[[Encounter, Combatant, Attack, AttackOption, Total], None]
    weapons: Callable[[Combatant], list[str | None]]


#: Every maneuver of :data:`d20combat.encounter.actions.ATTACK_MANEUVER_ACTIONS`, by verb;
#: each maneuver's module adds its entry when this package is imported.
ATTACK_MANEUVER_RULES: dict[str, AttackManeuver] = {}


def maneuver_problem(enc: Encounter, c: Combatant, a: Attack, target: Combatant) -> str | None:
    """Why ``a`` (an attack with its ``maneuver`` set) is illegal now, or None."""
    assert a.maneuver is not None
    return ATTACK_MANEUVER_RULES[a.maneuver].problem(enc, c, target, a.weapon)


def attempt_maneuver(
    enc: Encounter, c: Combatant, a: Attack, option: AttackOption, bonus: Total
) -> None:
    """Resolve the maneuver ``a`` in place of the attack ``option`` at ``bonus``."""
    assert a.maneuver is not None
    ATTACK_MANEUVER_RULES[a.maneuver].attempt(enc, c, a, option, bonus)


def maneuver_attacks(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    options: list[AttackOption],
    *,
    defensively: bool,
) -> Iterator[Attack]:
    """The legal maneuvers in place of the next attack (``options``: what that attack
    may be made with) against ``target``."""
    from d20combat.encounter.actions import ATTACK_MANEUVER_ACTIONS

    if not any(not o.ranged for o in options):
        return
    for verb, rule in ATTACK_MANEUVER_RULES.items():
        for weapon in rule.weapons(c):
            if rule.problem(enc, c, target, weapon) is None:
                yield ATTACK_MANEUVER_ACTIONS[verb](target.id, weapon, defensively=defensively)


# each maneuver's module registers itself in the tables above
from d20combat.encounter.maneuvers import (  # noqa: E402
    aid,
    aimed_shot,
    coup_de_grace,
    feint,
    knockout,
    trip,
)

__all__ = [
    "ATTACK_MANEUVER_RULES",
    "AttackManeuver",
    "ability",
    "aid",
    "aimed_shot",
    "attempt_maneuver",
    "coup_de_grace",
    "fall",
    "feint",
    "helpless_target_problem",
    "knockout",
    "maneuver_attacks",
    "maneuver_problem",
    "ready_option",
    "skill",
    "touch_of",
    "trip",
]
