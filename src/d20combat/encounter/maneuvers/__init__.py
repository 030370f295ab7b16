"""Special attacks in the encounter: who may make them, what they provoke, and what
their results do to the fight, one module per maneuver (:mod:`.trip`, :mod:`.bull_rush`,
:mod:`.overrun`, :mod:`.grapple`). The procedures themselves are pure rules
(:mod:`d20combat.rules.maneuvers`); these modules feed them the situation (the attack's
bonus with every situational modifier, the conditions on each check) and apply the
outcome (prone, dropped weapons, pushes, a hold), recording each as an event.

A maneuver that is its own action (a bull rush, an overrun during a move) has its
action and handler functions in its module; one that may end a charge (bull rush,
overrun) registers a :class:`ChargeManeuver` in :data:`CHARGE_MANEUVERS`.

A maneuver made "in place of a melee attack" (trip, the grapple options) is an
:class:`~d20combat.encounter.actions.Attack` subclass (:class:`~d20combat.encounter.actions.Trip`):
it uses the attack's budget, so it may be the standard action's attack or any attack of
a full attack, at that attack's bonus. Its module registers an :class:`AttackManeuver`
in :data:`ATTACK_MANEUVER_RULES`; the attack handlers check, run and list it through
that table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from d20combat.encounter.combatant import Combatant, Condition
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack, Charge
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


def fall(enc: Encounter, c: Combatant) -> None:
    """``c`` is knocked prone (SRD conditions "Prone")."""
    c.conditions["prone"] = Condition(c.id, 0)
    enc.space.invalidate(c)


# ---------------------------------------------------------------- the attack maneuvers
class AttackManeuver(NamedTuple):
    """A special attack made in place of a melee attack: why it is illegal against a
    target (None: legal), how it is resolved, the weapons it may be made with (None:
    the creature's unarmed strike), and whether it may be made fighting defensively
    (those that roll an attack: not the grapple checks)."""

    problem: Callable[[Encounter, Combatant, Combatant, str | None], str | None]
    attempt: Callable[[Encounter, Combatant, Attack, AttackOption, Total], None]
    weapons: Callable[[Combatant], list[str | None]]
    defensive: bool = True


#: Every maneuver of :data:`d20combat.encounter.actions.ATTACK_MANEUVER_ACTIONS`, by verb;
#: each maneuver's module adds its entry when this package is imported.
ATTACK_MANEUVER_RULES: dict[str, AttackManeuver] = {}


def maneuver_problem(enc: Encounter, c: Combatant, a: Attack, target: Combatant) -> str | None:
    """Why ``a`` (an attack with its ``maneuver`` set) is illegal now, or None."""
    assert a.maneuver is not None
    rule = ATTACK_MANEUVER_RULES[a.maneuver]
    if a.defensively and not rule.defensive:
        return f"{a.maneuver} is a grapple check, not an attack: no fighting defensively"
    return rule.problem(enc, c, target, a.weapon)


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
        if defensively and not rule.defensive:
            continue
        for weapon in rule.weapons(c):
            if rule.problem(enc, c, target, weapon) is None:
                yield ATTACK_MANEUVER_ACTIONS[verb](target.id, weapon, defensively=defensively)


# ---------------------------------------------------------------- the charge's endings
class ChargeManeuver(NamedTuple):
    """A special attack that ends a charge in place of its attack (seed 000 "Charge": "A
    charging character gets a +2 bonus on the Strength check made to bull rush or overrun
    an opponent"): the check of ``charge TARGET to SQUARE MANEUVER`` beyond the charge's
    own (raises IllegalActionError), its resolution (the move included), and the charges
    to list against a target. Each gets the charge's movement limit in feet."""

    check: Callable[[Encounter, Combatant, Charge, Combatant, int], None]
    run: Callable[[Encounter, Combatant, Charge, Combatant, int], None]
    ends: Callable[[Encounter, Combatant, Combatant, int], Iterable[Charge]]


#: The maneuvers a charge may end with, by the word of its notation.
CHARGE_MANEUVERS: dict[str, ChargeManeuver] = {}


# each maneuver's module registers itself in the tables above
from d20combat.encounter.maneuvers import bull_rush, grapple, overrun, trip  # noqa: E402

__all__ = [
    "ATTACK_MANEUVER_RULES",
    "CHARGE_MANEUVERS",
    "AttackManeuver",
    "ChargeManeuver",
    "ability",
    "attempt_maneuver",
    "bull_rush",
    "fall",
    "grapple",
    "maneuver_attacks",
    "maneuver_problem",
    "overrun",
    "touch_of",
    "trip",
]
