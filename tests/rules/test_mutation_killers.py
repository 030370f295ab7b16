"""Rules pinned against mutants that survived ``make mutate`` (docs/mutation.md): each
test states the rule's own numbers, worked out by hand from the cited source."""

from __future__ import annotations

from d20combat.content.rulesets import ruleset
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.hitpoints import HpState, Vitals, state_of, take_damage

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")


def test_a_hit_for_no_damage_leaves_a_stable_creature_stable() -> None:
    """SRD special-abilities-and-conditions "Damage Reduction": when damage reduction
    "completely negates the damage from an attack, it also negates most special
    effects that accompany the attack"; SRD conditions "Stable": a stable creature "has
    stopped losing hit points". A hit reduced to 0 changes nothing: the creature at -3
    stays stable (not dying again), under every ruleset, and no die is rolled. One
    point of damage does wake the bleeding: -4 and dying."""
    stable = Vitals(hp=-3, max_hp=20, stable=True)
    for rules in (SRD35, MODERN, ADVANCED):
        dice = ScriptedDice([])
        out = take_damage(stable, 0, rules, dice)
        assert out.vitals == stable
        assert state_of(out.vitals, rules) is HpState.STABLE
        assert out.notes == () and out.effects == ()
        hurt = take_damage(stable, 1, rules, ScriptedDice([])).vitals
        assert (hurt.hp, hurt.stable) == (-4, False)
        assert state_of(hurt, rules) is HpState.DYING
