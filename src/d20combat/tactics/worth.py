"""What one attack is expected to bring, in hit points, in its situation: shared by the
choices of the baseline tactics (:mod:`d20combat.tactics.maneuvers`,
:mod:`d20combat.tactics.grapple`), which weigh each maneuver against the same attack
(:func:`attack_worth`, :func:`built` and :func:`aoo_of` keep their answers while
nothing happens: :meth:`~d20combat.encounter.state.Encounter.remembered`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack, can_make_aoo
from d20combat.rules.attack import Attack
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import hit_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

_MEANS: dict[int, tuple[AttackOption, float]] = {}


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
    worth nothing. Remembered while nothing happens (each maneuver is weighed against
    the same attack)."""
    key = ("worth", c.id, id(option), id(bonus), t.id, shift)
    hit = enc.remembered(
        key, lambda: (option, bonus, _attack_worth(enc, c, option, bonus, t, shift))
    )
    if hit[0] is option and hit[1] is bonus:
        return hit[2]
    return _attack_worth(enc, c, option, bonus, t, shift)  # another object under a reused id


def _attack_worth(
    enc: Encounter, c: Combatant, option: AttackOption, bonus: Total, t: Combatant, shift: int
) -> float:
    attack, _ = built(enc, c, option, bonus, t)
    mean = max(1.0, mean_damage(option) - option.damage_bonus.value + attack.damage_bonus.value)
    return built_worth(attack, option, mean, t, shift)


def built_worth(
    attack: Attack, option: AttackOption, mean: float, t: Combatant, shift: int = 0
) -> float:
    """Expected damage of the built ``attack`` (with ``option``) on ``t``, a hit dealing
    ``mean`` on average: halved where the attack deals half damage (underwater, seed 000;
    subdual with a deadly weapon, seed 001), worth no more than ``t``'s hit points;
    ``shift`` lowers ``t``'s AC."""
    if attack.half_damage:
        mean = max(1.0, mean / 2)
    return hit_damage(
        attack.ac.value - shift,
        attack.bonus.value,
        min(mean, max(1.0, float(t.vitals.hp))),
        21 if attack.crit_immune else option.crit_range,
        option.crit_multiplier,
        attack.concealment,
        attack.disadvantage,
    )


def built(
    enc: Encounter, c: Combatant, option: AttackOption, bonus: Total, t: Combatant
) -> tuple[Attack, dict[str, Any]]:
    """:func:`~d20combat.encounter.fighting.build_attack` of a plain attack (or a touch
    attack: :func:`~d20combat.encounter.maneuvers.touch_of`), remembered while nothing
    happens."""
    key = ("built", c.id, id(option), id(bonus), t.id)
    hit = enc.remembered(key, lambda: (option, bonus, build_attack(enc, c, option, bonus, t)))
    if hit[0] is option and hit[1] is bonus:
        return hit[2]
    return build_attack(enc, c, option, bonus, t)


def aoo_of(enc: Encounter, foe: Combatant, provoker: Combatant) -> AttackOption | None:
    """:func:`~d20combat.encounter.fighting.can_make_aoo`, remembered while nothing
    happens."""
    return enc.remembered(("aoo", foe.id, provoker.id), lambda: can_make_aoo(enc, foe, provoker))
