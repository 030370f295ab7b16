"""What one attack is expected to bring, in hit points, in its situation: shared by the
choices of the baseline tactics (:mod:`d20combat.tactics.maneuvers`,
:mod:`d20combat.tactics.grapple`), which weigh each maneuver against the same attack
(:func:`attack_worth` keeps its last answer, asked again by each of them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import hit_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

_MEANS: dict[int, tuple[AttackOption, float]] = {}
# the last expected damages in one fight, by situation (the option and bonus kept
# alive beside each); forgotten when another fight asks (_SPACE: the fight's space)
_DAMAGES: dict[tuple[object, ...], tuple[object, float]] = {}
_SPACE: list[object] = [None]


def mean_damage(option: AttackOption) -> float:
    """An option's mean damage on a hit, out of any situation (cached by option:
    options are immutable)."""
    hit = _MEANS.get(id(option))
    if hit is None or hit[0] is not option:
        if len(_MEANS) > 4096:
            _MEANS.clear()
        mean = max(1.0, float(option.dice.mean) + option.damage_bonus.value)
        hit = _MEANS[id(option)] = (option, mean)
    return hit[1]


def attack_worth(
    enc: Encounter, c: Combatant, option: AttackOption, bonus: Total, t: Combatant, shift: int = 0
) -> float:
    """Expected damage of one attack of ``c`` on ``t`` with ``option`` at ``bonus``, with
    every situational modifier (:func:`~d20combat.encounter.fighting.build_attack`);
    ``shift`` lowers ``t``'s AC. Damage beyond what drops ``t`` (its hit points) is
    worth nothing."""
    # one decision asks it several times (each maneuver weighed in place of the attack):
    # the key changes with every action applied
    if _SPACE[0] is not enc.space:
        _DAMAGES.clear()
        _SPACE[0] = enc.space
    key: tuple[object, ...] = (enc.space.version, len(enc.history), enc.round)
    key += (c.id, id(option), id(bonus), t.id, t.vitals, shift)
    hit = _DAMAGES.get(key)
    if hit is not None:
        return hit[1]
    attack, _ = build_attack(enc, c, option, bonus, t)
    mean = max(1.0, mean_damage(option) - option.damage_bonus.value + attack.damage_bonus.value)
    worth = hit_damage(
        attack.ac.value - shift,
        attack.bonus.value,
        min(mean, max(1.0, float(t.vitals.hp))),
        21 if attack.crit_immune else option.crit_range,
        option.crit_multiplier,
        attack.concealment,
    )
    if len(_DAMAGES) > 1024:
        _DAMAGES.clear()
    _DAMAGES[key] = ((option, bonus), worth)
    return worth
