"""Energy drain and ability drain in the encounter: the undead's touch that takes levels
or ability points (SRD special-abilities-and-conditions.html "Energy Drain and Negative
Levels", conditions "Energy Drained" and "Ability Drained";
types-subtypes-and-special-abilities.html "Energy Drain (Su)", "Ability Score Loss";
the creatures' entries: monsters-t-z.html "Wight", "Wraith").

* A drainer is a creature with an ``energy drain`` or ``ability drain`` special attack
  (:class:`~d20combat.content.creatures.SpecialAttack`) and a natural attack whose
  ``effects`` name the drain (the wight's slam: ``energy drain``; the wraith's touch:
  ``1d6 constitution drain``). A hit with it, after its damage (:data:`AFTER_HIT_RESULT`
  in encounter/fighting.py), drains a living foe: one with a Constitution score (A247:
  undead and constructs have none), not dead; a stat block's "immunity to energy drain"
  spares it that drain.
* Energy drain: ``count`` negative levels, twice as many on a critical hit (SRD "it
  drains twice the given amount"), each -1 on attacks, saves, skill and ability checks
  and 5 hit points (:func:`d20combat.rules.hitpoints.drain_energy`); as many as its Hit
  Dice and it dies. The 24-hour Fortitude save (``dc``) falls after any fight
  (:func:`d20combat.rules.hitpoints.recover_negative_levels`, for a rest).
* Ability drain: a Fortitude save at ``dc`` negates (none without a ``dc``: "If no
  saving throw is mentioned, none is allowed"); else ``damage`` points of ``ability``
  (two dice on a critical hit), lost for good (``Vitals.ability_drain``: rest does not
  restore them), the score's numbers following as for ability damage.
* The drainer gains 5 temporary hit points a negative level bestowed, or 5 for an
  ability drained, 10 on a critical hit (A246); temporary hit points do not stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability, SpecialAttack
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import AFTER_HIT_RESULT
from d20combat.rules.attack import AttackResult
from d20combat.rules.dice import Dice
from d20combat.rules.hitpoints import (
    HP_PER_NEGATIVE_LEVEL,
    drain_energy,
    gain_temporary,
    saving_throw,
)
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

ENERGY_RULE = "SRD special abilities Energy Drain and Negative Levels; conditions Energy Drained"
ABILITY_RULE = "SRD special abilities Ability Score Loss; conditions Ability Drained"
ABILITIES = {a.value: a for a in Ability}


def drains(option: AttackOption) -> bool:
    """Whether ``option``'s effects name a drain ("energy drain", "1d6 constitution
    drain")."""
    return any(e.endswith("drain") for e in option.effects)


def living(c: Combatant) -> bool:
    """Alive and with a Constitution score (A247: the SRD's "living creatures"; undead
    and constructs have none)."""
    return not c.vitals.dead and c.stat.abilities.get(Ability.CON) is not None


def after_hit(
    enc: Encounter, c: Combatant, option: AttackOption, target: Combatant, r: AttackResult
) -> None:
    """``c`` hit ``target`` with ``option``: its drains, if the option names one."""
    if not c.stat.special_attack_rules or not drains(option) or not living(target):
        return
    energy = c.stat.special("energy drain")
    immune = "energy drain" in target.stat.immunities  # "immunity to energy drain"
    if energy is not None and "energy drain" in option.effects and not immune:
        energy_drain(enc, c, target, energy, critical=r.critical)
    ability = c.stat.special("ability drain")
    named = ability is not None and any(
        e.endswith(f"{_name(ability)} drain") for e in option.effects
    )
    if ability is not None and named and living(target):
        ability_drain(enc, c, target, ability, critical=r.critical)


def _name(rule: SpecialAttack) -> str:
    return {
        "str": "strength",
        "dex": "dexterity",
        "con": "constitution",
        "int": "intelligence",
        "wis": "wisdom",
        "cha": "charisma",
    }[rule.ability or "con"]


def energy_drain(
    enc: Encounter, c: Combatant, target: Combatant, rule: SpecialAttack, *, critical: bool
) -> None:
    """``rule.count`` negative levels on ``target`` (twice on a critical hit), and the
    drainer's temporary hit points."""
    levels = rule.count * (2 if critical else 1)
    before = target.vitals
    target.vitals = drain_energy(before, levels, max(1, int(target.stat.hd_total)))
    gained = HP_PER_NEGATIVE_LEVEL * levels
    c.vitals = gain_temporary(c.vitals, gained)
    enc.event(
        c.id,
        "energy-drain",
        ENERGY_RULE,
        target=target.id,
        levels=levels,
        critical=critical,
        negative_levels=target.vitals.negative_levels,
        max_hp=target.vitals.max_hp,
        hp=target.vitals.hp,
        dead=target.vitals.dead,
        temp_hp=gained,
    )
    enc.space.invalidate(target)


def ability_drain(
    enc: Encounter, c: Combatant, target: Combatant, rule: SpecialAttack, *, critical: bool
) -> None:
    """The Fortitude save against ``rule`` (if it has a DC) and, failed, its points of
    ability drain on ``target`` (two dice on a critical hit)."""
    from d20combat.encounter.maneuvers import damage_abilities

    assert rule.ability is not None and rule.damage is not None
    ability = ABILITIES[rule.ability]
    mark = enc.dice.mark()
    totals: tuple[tuple[str, object], ...] = ()
    saved, natural, total = False, None, None
    if rule.dc is not None:
        fort = target.roll_total(target.stats.saves["fort"], "save", save="fort")
        totals = (("fortitude save", fort),)
        saved, natural = saving_throw(enc.dice, fort.value, rule.dc, "ability drain: Fortitude")
        total = natural + fort.value
    points = 0
    if not saved:
        dice = Dice.parse(rule.damage)
        if critical:
            dice = Dice.of(2 * dice.terms[0].number, dice.terms[0].sides)
        points = enc.dice.roll(dice, f"ability drain: {_name(rule)}")
    gained = 0
    if points:
        gained = 10 if critical else 5
        c.vitals = gain_temporary(c.vitals, gained)
    score = target.stat.abilities.get(ability)
    enc.event(
        c.id,
        "ability-drain",
        ABILITY_RULE,
        target=target.id,
        totals=totals,
        rolls_from=mark,
        ability=rule.ability,
        dc=rule.dc,
        saved=saved,
        natural=natural,
        total=total,
        critical=critical,
        points=points,
        score=None if score is None else max(0, score - points - _lost(target, ability)),
        temp_hp=gained,
    )
    if points:
        damage_abilities(enc, target, ability, points, drain=True)


def _lost(c: Combatant, ability: Ability) -> int:
    from d20combat.rules.hitpoints import ABILITY_ORDER, ability_loss

    return ability_loss(c.vitals)[ABILITY_ORDER.index(ability)]


AFTER_HIT_RESULT.append(after_hit)
