"""When the baseline uses a monster's special attacks (SRD
types-subtypes-and-special-abilities.html "Pounce", "Rake", "Trample"), by expected
hit points, as :mod:`d20combat.tactics.maneuvers` weighs the maneuvers:

* a pouncing creature charges to pounce when the full attack at the charge's end, its
  rakes included, is expected to deal more than the charge's single attack
  (:func:`pounce_instead`);
* a trampling creature tramples when the damage it expects to deal to the foes on the
  path (each making its attack of opportunity at -4 or its Reflex save for half as
  :func:`~d20combat.encounter.maneuvers.monster.would_strike_back` chooses), less the
  attacks of opportunity it expects to take for it, beats the attacks it gives up
  (:func:`trample_instead`).

The free trip of Trip (Ex) is no choice: it is always made (A61).

Only creatures with such special attacks get here: one test of an empty tuple keeps
every other creature's turn as cheap as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.maneuvers.monster import (
    _aoo_option,
    gen_trample,
    pounce_attacks,
    pounce_problem,
    trample_option,
    would_strike_back,
)
from d20combat.grid.squares import footprint
from d20combat.rules.maneuvers.trample import AOO_PENALTY, covered, p_save, trample_dc
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption
from d20combat.tactics.estimates import hit_damage
from d20combat.tactics.worth import aoo_of

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _expected(
    enc: Encounter,
    c: Combatant,
    option: AttackOption,
    bonus: Total,
    target: Combatant,
    *,
    charge: bool = False,
    shift: int = 0,
    capped: bool = True,
) -> float:
    """Expected damage of one attack, capped at the target's hit points unless not
    ``capped``; ``shift`` is added to the attack bonus."""
    attack, _ = build_attack(enc, c, option, bonus, target, charge=charge)
    mean = max(1.0, float(option.dice.mean) + attack.damage_bonus.value)
    if attack.half_damage:  # underwater (seed 000), subdual with a deadly weapon (seed 001)
        mean = max(1.0, mean / 2)
    if capped:
        mean = min(mean, max(1.0, float(target.vitals.hp)))
    return hit_damage(
        attack.ac.value,
        attack.bonus.value + shift,
        mean,
        21 if attack.crit_immune else option.crit_range,
        option.crit_multiplier,
        attack.concealment,
        attack.disadvantage,
    )


def pounce_worth(enc: Encounter, c: Combatant, target: Combatant) -> tuple[float, float]:
    """(the pounce's expected damage, the single charge attack's) on ``target``."""
    attacks = pounce_attacks(c)
    if not attacks:
        return 0.0, 0.0
    full = sum(_expected(enc, c, o, b, target, charge=True) for o, b, _ in attacks)
    first = enc.space.melee_option_for(c, target) or attacks[0][0]
    single = _expected(enc, c, first, first.bonus, target, charge=True)
    return min(full, float(max(1, target.vitals.hp))), single


def pounce_instead(enc: Encounter, c: Combatant, charge: A.Charge) -> A.Charge | None:
    """``charge`` as a pounce, if ``c`` may pounce and the full attack is expected to
    beat the charge's single attack; else None."""
    if charge.maneuver is not None or pounce_problem(enc, c) is not None:
        return None
    full, single = pounce_worth(enc, c, enc.get(charge.target))
    if full <= single:
        return None
    return A.Charge(charge.target, charge.to, charge.power, maneuver="pounce")


def _trample_worth(enc: Encounter, c: Combatant, path: tuple[tuple[int, int], ...]) -> float:
    """Expected hit points a trample along ``path`` takes from the foes it runs over,
    less those it expects to lose to their attacks of opportunity at -4 (movement's
    own attacks of opportunity are not counted: a move provokes them too)."""
    option = trample_option(c)
    rule = c.stat.special("trample")
    if option is None or rule is None:
        return 0.0
    mean = max(1.0, float(option.dice.mean) + option.damage_bonus.value)
    dc = trample_dc(c.stats, rule)
    occ = enc.space.occ
    foes = [f for f in enc.space.active_enemies(c) if f.pos is not None]
    done: set[str] = set()
    worth = 0.0
    for p in path:
        mine = footprint(p, c.squares)
        for f in foes:
            if f.id in done or covered(mine, occ.footprint(f.id)) != "all":
                continue
            done.add(f.id)
            hp = max(1.0, float(f.vitals.hp))
            back = _aoo_option(enc, f, c)
            if back is None or not would_strike_back(enc, f, c):
                saved = float(p_save(f.stats.saves["ref"].value, dc))
                worth += min(hp, mean) * (1 - saved / 2)
            else:
                worth += min(hp, mean)
                worth -= _expected(enc, f, back, back.bonus, c, shift=AOO_PENALTY)
    return worth


def _movement_risk(enc: Encounter, c: Combatant) -> float:
    """Expected damage to ``c`` (uncapped) of the attacks of opportunity of the foes
    threatening it, which its moving off provokes."""
    risk = 0.0
    for f in enc.space.threatening(c):
        option = aoo_of(enc, f, c)
        if option is not None:
            risk += _expected(enc, f, option, option.bonus, c, capped=False)
    return risk


def trample_instead(enc: Encounter, c: Combatant, given_up: float) -> A.Trample | None:
    """The trample path expected to bring the most beyond ``given_up`` (the expected
    damage of the attacks it replaces) and the attacks of opportunity of the foes
    threatening it now, or None if none does (or those could drop it)."""
    option = trample_option(c)
    if option is None:
        return None
    # leaving the foes that threaten it provokes them (an attack in place does not)
    risk = _movement_risk(enc, c)
    if risk >= c.vitals.hp:
        return None
    given_up += risk
    mean = max(1.0, float(option.dice.mean) + option.damage_bonus.value)
    best, chosen = 0.0, None
    for action in gen_trample(enc, c):
        assert isinstance(action, A.Trample)
        if mean * len(action.path) <= given_up:
            continue  # the cheap bound: not even every square a full hit
        worth = _trample_worth(enc, c, action.path) - given_up
        if worth > best:
            best, chosen = worth, action
    return chosen


def full_attack_worth(enc: Encounter, c: Combatant, target: Combatant | None) -> float:
    """Expected damage of ``c``'s longest melee routine on ``target`` now (0: none)."""
    if target is None:
        return 0.0
    from d20combat.encounter.maneuvers.monster import pounce_routine

    routine = pounce_routine(c)
    if routine is None:
        return 0.0
    return sum(
        _expected(enc, c, o, b, target)
        for o, b in routine.attacks
        if enc.space.attack_problem(c, o, target) is None
    )
