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
# the last answer: its key (ids of the option and bonus, kept alive beside it)
_LAST: list[tuple[tuple[object, ...], float, object]] = []


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
    # one decision asks it several times: the key changes with every action applied
    key: tuple[object, ...] = (id(enc.space), enc.space.version, len(enc.history), enc.round)
    key += (c.id, id(option), id(bonus), t.id, t.vitals, shift)
    if _LAST and _LAST[0][0] == key:
        return _LAST[0][1]
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
    _LAST[:] = [(key, worth, (option, bonus, enc.space))]
    return worth
