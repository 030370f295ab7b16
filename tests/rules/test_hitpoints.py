"""Hit points and their states per ruleset: the hit-point track, massive damage,
nonlethal damage (separate / subdual / threshold), dying and stabilising, strenuous
actions, temporary hit points, healing, and ability damage.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset, ruleset
from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.hitpoints import (
    DamageOutcome,
    Effect,
    HpState,
    Vitals,
    ability_conditions,
    damage_ability,
    dying_check,
    gain_temporary,
    heal,
    stabilize,
    state_of,
    strenuous_action,
    take_damage,
    take_nonlethal,
)

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")
ALL = [SRD35, MODERN, ADVANCED]


def v(hp: int, max_hp: int = 30, **kw: object) -> Vitals:
    return Vitals(hp, max_hp, **kw)  # type: ignore[arg-type]


def scripted(script: list[int]) -> ScriptedDice:
    return ScriptedDice(script)


def done(d: ScriptedDice) -> None:
    assert d.totals == [], f"unused scripted rolls {d.totals}"


# --- the hit-point track ----------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize(
    ("hp", "state"),
    [
        (30, HpState.HEALTHY),
        (1, HpState.HEALTHY),
        (0, HpState.DISABLED),
        (-1, HpState.DYING),
        (-9, HpState.DYING),
        (-10, HpState.DEAD),
        (-25, HpState.DEAD),
    ],
)
def test_hit_point_track(rules: Ruleset, hp: int, state: HpState) -> None:
    """Seed 003 "Hit Points": 0 disabled, -1 dying, -10 dead; SRD combat-i and seed
    004 "Death, Dying, and Healing" agree (-1 to -9 dying, -10 or lower dead)."""
    assert state_of(v(hp), rules) is state


def test_states_and_their_limits() -> None:
    """SRD combat-i "Disabled": a single move or standard action; "Dying": unconscious,
    no actions; a stable creature is still unconscious."""
    assert HpState.DISABLED.can_act and HpState.DISABLED.limited
    assert HpState.STAGGERED.limited and not HpState.HEALTHY.limited
    assert HpState.DYING.down and HpState.STABLE.down and HpState.UNCONSCIOUS.down
    assert state_of(v(-4, stable=True), SRD35) is HpState.STABLE
    assert state_of(v(12, dead=True), SRD35) is HpState.DEAD


# --- lethal damage and massive damage --------------------------------------------------


def test_damage_lowers_hit_points_without_a_roll_below_50() -> None:
    """SRD combat-i "Massive Damage": 49 points from one attack do not trigger the save
    (no die is rolled); the creature simply drops to 1."""
    d = scripted([])
    out = take_damage(v(50, 50), 49, SRD35, d, fort=0)
    assert out.vitals.hp == 1 and state_of(out.vitals, SRD35) is HpState.HEALTHY
    assert d.rolls == []


def test_srd35_massive_damage_save() -> None:
    """SRD combat-i "Massive Damage": 50 or more points from one attack that does not
    kill outright: Fort DC 15 or die. Fort +3: 11 + 3 = 14 dies, 12 + 3 = 15 lives."""
    out = take_damage(v(100, 100), 50, SRD35, d := scripted([11]), fort=3)
    done(d)
    assert out.vitals.dead and state_of(out.vitals, SRD35) is HpState.DEAD
    assert out.vitals.hp == 50  # the rule kills "regardless of current hit points"
    out = take_damage(v(100, 100), 50, SRD35, d := scripted([12]), fort=3)
    done(d)
    assert not out.vitals.dead and out.vitals.hp == 50
    assert d.rolls[0].purpose.startswith("massive damage")


def test_srd35_massive_damage_natural_1_and_20() -> None:
    """SRD combat-i "Saving Throws": a natural 1 always fails, a natural 20 always
    succeeds (Fort +20 still dies on a 1; Fort -10 lives on a 20)."""
    assert take_damage(v(99, 99), 60, SRD35, scripted([1]), fort=20).vitals.dead
    assert not take_damage(v(99, 99), 60, SRD35, scripted([20]), fort=-10).vitals.dead


def test_srd35_massive_damage_exact_chance() -> None:
    """Fort +5 against DC 15 fails on 1-9: P(death) = 9/20 exactly."""
    dist = enumerate_outcomes(lambda d: take_damage(v(80, 80), 55, SRD35, d, fort=5).vitals.dead)
    assert dist == {True: Fraction(9, 20), False: Fraction(11, 20)}


def test_srd35_massive_damage_not_rolled_when_already_dead() -> None:
    """SRD combat-i: the save applies to an attack that "doesn't kill you outright"."""
    d = scripted([])
    out = take_damage(v(40, 40), 50, SRD35, d)
    assert state_of(out.vitals, SRD35) is HpState.DEAD and d.rolls == []


def test_creatures_without_constitution_and_massive_damage() -> None:
    """SRD types "Construct Type"/"Undead Type": "Not at risk of death from massive
    damage": a 60-point blow to a 100 hp golem or undead rolls no save in any ruleset."""
    for rules in ALL:
        d = scripted([])
        out = take_damage(v(100, 100), 60, rules, d, con=None, crit_immune=True)
        assert out.vitals.hp == 40 and not out.vitals.dead and d.rolls == []


def test_creatures_without_constitution_are_destroyed_at_0() -> None:
    """SRD types "Construct Type"/"Undead Type": "Immediately destroyed when reduced to
    0 hit points or less" (no disabled or dying state for a skeleton)."""
    for rules in ALL:
        out = take_damage(v(6, 6), 6, rules, scripted([]), con=None, crit_immune=True)
        assert state_of(out.vitals, rules) is HpState.DEAD
        out = take_damage(v(6, 6), 8, rules, scripted([]), con=None, crit_immune=True)
        assert state_of(out.vitals, rules) is HpState.DEAD
        out = take_damage(v(6, 6), 5, rules, scripted([]), con=None, crit_immune=True)
        assert state_of(out.vitals, rules) is HpState.HEALTHY


def test_d20modern_massive_damage_threshold_is_constitution() -> None:
    """Seed 004 "Massive Damage": the threshold is the current Constitution score; a
    hit that *exceeds* it without dropping the character to 0 or lower forces a Fort
    DC 15 save or the character drops to -1. Con 12: 12 damage, no save; 13 damage
    with Fort +2: 12 + 2 = 14 fails (-1 hp, dying), 13 + 2 = 15 succeeds."""
    d = scripted([])
    assert take_damage(v(30), 12, MODERN, d, con=12, fort=2).vitals.hp == 18
    assert d.rolls == []
    out = take_damage(v(30), 13, MODERN, d := scripted([12]), con=12, fort=2)
    done(d)
    assert out.vitals.hp == -1 and state_of(out.vitals, MODERN) is HpState.DYING
    out = take_damage(v(30), 13, MODERN, d := scripted([13]), con=12, fort=2)
    done(d)
    assert out.vitals.hp == 17


def test_d20modern_massive_damage_not_when_dropped_to_0() -> None:
    """Seed 004: the save is for massive damage "that doesn't reduce his or her hit
    points to 0 or lower": 20 damage to a 20 hp Con 10 character is just disabled."""
    d = scripted([])
    out = take_damage(v(20, 20), 20, MODERN, d, con=10)
    assert out.vitals.hp == 0 and d.rolls == []


def test_d20modern_crit_immune_creatures_ignore_massive_damage() -> None:
    """Seed 004: "Creatures immune to critical hits are also immune to the effects of
    massive damage" (an ooze with Con 20 taking 40 of 100 hp)."""
    d = scripted([])
    out = take_damage(v(100, 100), 40, MODERN, d, con=20, crit_immune=True)
    assert out.vitals.hp == 60 and d.rolls == []


def test_d20modern_massive_damage_exact_chance() -> None:
    """Seed 004: Fort +4 against DC 15 fails on 1-10: P(drop to -1) = 1/2."""
    dist = enumerate_outcomes(
        lambda d: take_damage(v(40, 40), 15, MODERN, d, con=14, fort=4).vitals.hp
    )
    assert dist == {-1: Fraction(1, 2), 25: Fraction(1, 2)}


def test_massive_damage_counts_damage_before_temporary_hp() -> None:
    """SRD combat-i "Massive Damage" counts the damage of the attack: a 50-point blow
    against 10 temporary + 80 hp still calls for the save (a reading: temporary hit
    points soak the damage, they do not shrink the blow)."""
    out = take_damage(v(80, 80, temp_hp=10), 50, SRD35, d := scripted([15]))
    done(d)
    assert out.vitals.hp == 40 and out.vitals.temp_hp == 0


# --- nonlethal damage --------------------------------------------------------------------


def test_srd35_nonlethal_staggered_then_unconscious() -> None:
    """Seed 003 "Nonlethal Damage": keep a running total apart from hit points;
    staggered when it equals current hit points, unconscious when it exceeds them."""
    d = scripted([])
    out = take_nonlethal(v(10), 6, SRD35, d)
    assert out.vitals.hp == 10 and out.vitals.nonlethal == 6
    assert state_of(out.vitals, SRD35) is HpState.HEALTHY
    out = take_nonlethal(out.vitals, 4, SRD35, d)
    assert out.vitals.nonlethal == 10 and state_of(out.vitals, SRD35) is HpState.STAGGERED
    out = take_nonlethal(out.vitals, 1, SRD35, d)
    assert state_of(out.vitals, SRD35) is HpState.UNCONSCIOUS
    assert d.rolls == []


def test_srd35_nonlethal_compared_with_current_hp() -> None:
    """Seed 003: "It doesn't matter whether the nonlethal damage equals or exceeds your
    current hit points because the nonlethal damage has gone up or because your current
    hit points have gone down": 8 nonlethal, then lethal damage from 10 to 8 hp."""
    start = v(10, nonlethal=8)
    assert state_of(start, SRD35) is HpState.HEALTHY
    out = take_damage(start, 2, SRD35, scripted([]))
    assert state_of(out.vitals, SRD35) is HpState.STAGGERED
    out = take_damage(out.vitals, 1, SRD35, scripted([]))
    assert state_of(out.vitals, SRD35) is HpState.UNCONSCIOUS


def test_srd35_disabled_with_nonlethal_is_unconscious() -> None:
    """Seed 003: nonlethal damage that exceeds current hit points means unconscious;
    any nonlethal damage exceeds 0 hit points, so a disabled creature with 3 points of
    it is unconscious (and cannot take the strenuous action that would cost 1 hp)."""
    at_zero = v(0, nonlethal=3)
    assert state_of(at_zero, SRD35) is HpState.UNCONSCIOUS
    assert strenuous_action(at_zero, SRD35) == at_zero
    assert state_of(v(0), SRD35) is HpState.DISABLED


def test_advanced_subdual_lowers_hp_but_not_below_0() -> None:
    """Seed 001 "Effects of subdual damage": it reduces hit points as normal damage
    does but cannot reduce a target below 0; at 0 from subdual the creature collapses
    unconscious rather than beginning to die; more subdual damage does nothing."""
    d = scripted([])
    out = take_nonlethal(v(10), 4, ADVANCED, d)
    assert out.vitals.hp == 6 and state_of(out.vitals, ADVANCED) is HpState.HEALTHY
    out = take_nonlethal(out.vitals, 15, ADVANCED, d)
    assert out.vitals.hp == 0 and out.vitals.subdued
    assert state_of(out.vitals, ADVANCED) is HpState.UNCONSCIOUS
    again = take_nonlethal(out.vitals, 5, ADVANCED, d)
    assert again.vitals == out.vitals and again.notes
    assert d.rolls == []


def test_advanced_subdued_creature_wakes_when_healed_and_dies_from_lethal() -> None:
    """Seed 001: "The unconscious creature wakes up once it recovers any hit points";
    lethal damage at 0 hit points makes it dying as usual (seed 003)."""
    down = take_nonlethal(v(5), 9, ADVANCED, scripted([])).vitals
    assert state_of(heal(down, 1), ADVANCED) is HpState.HEALTHY
    hurt = take_damage(down, 3, ADVANCED, scripted([])).vitals
    assert hurt.hp == -3 and state_of(hurt, ADVANCED) is HpState.DYING


def test_advanced_subdual_spends_temporary_hp_first() -> None:
    """Seed 001: subdual damage reduces hit points "just as normal damage does", and
    temporary hit points are lost first (seed 003 "Temporary Hit Points")."""
    out = take_nonlethal(v(10, temp_hp=5), 7, ADVANCED, scripted([]))
    assert out.vitals.temp_hp == 0 and out.vitals.hp == 8


def test_d20modern_nonlethal_below_threshold_has_no_effect() -> None:
    """Seed 004 "Nonlethal Damage": it does not affect hit points; less than the
    massive damage threshold (Con 14) and the target is unaffected: no roll at all."""
    d = scripted([])
    out = take_nonlethal(v(20), 13, MODERN, d, con=14)
    assert out.vitals == v(20) and out.effects == () and d.rolls == []


def test_d20modern_nonlethal_at_threshold_dazed_or_unconscious() -> None:
    """Seed 004: damage that equals or exceeds the threshold calls for Fort DC 15:
    success, dazed 1 round; failure, unconscious 1d4+1 rounds. Hit points never change.
    Con 14, Fort +2: 13 + 2 = 15 is dazed; 12 + 2 fails and 1d4+1 rolls 4."""
    out = take_nonlethal(v(20), 14, MODERN, d := scripted([13]), con=14, fort=2)
    done(d)
    assert out.effects == (Effect("dazed", 1, "nonlethal damage over threshold"),)
    assert out.vitals.hp == 20 and out.vitals.nonlethal == 0
    out = take_nonlethal(v(20), 30, MODERN, d := scripted([12, 4]), con=14, fort=2)
    done(d)
    assert [(e.condition, e.rounds) for e in out.effects] == [("unconscious", 4)]
    assert d.rolls[1].dice == "1d4+1"


def test_d20modern_nonlethal_exact_unconscious_rounds() -> None:
    """Seed 004: Fort +0 fails DC 15 on 1-14 (7/10); then 1d4+1 gives 2-5 rounds, each
    1/4: P(unconscious 5 rounds) = 7/10 * 1/4 = 7/40."""

    def proc(d: object) -> tuple[str, int]:
        out = take_nonlethal(v(20), 15, MODERN, d, con=15)  # type: ignore[arg-type]
        return out.effects[0].condition, out.effects[0].rounds

    dist = enumerate_outcomes(proc)
    assert dist[("dazed", 1)] == Fraction(3, 10)
    assert dist[("unconscious", 5)] == Fraction(7, 40)
    assert sum(p for (c, _), p in dist.items() if c == "unconscious") == Fraction(7, 10)


# --- dying, stabilising, strenuous actions -----------------------------------------------


def test_srd35_dying_10_percent_to_stabilise() -> None:
    """SRD combat-i "Stable Characters and Recovery": d% each turn, 10% chance of
    becoming stable; otherwise lose 1 hit point."""
    out = dying_check(v(-3), SRD35, d := scripted([10]))
    done(d)
    assert out.vitals.stable and out.vitals.hp == -3
    assert state_of(out.vitals, SRD35) is HpState.STABLE
    out = dying_check(v(-3), SRD35, d := scripted([11]))
    done(d)
    assert not out.vitals.stable and out.vitals.hp == -4
    assert d.rolls[0].dice == "1d%"
    dist = enumerate_outcomes(lambda d: dying_check(v(-3), SRD35, d).vitals.stable)
    assert dist[True] == Fraction(1, 10)


def test_dying_at_minus_9_dies_on_a_failed_check() -> None:
    """SRD combat-i: a dying character at -9 who fails loses 1 hit point: -10, dead."""
    out = dying_check(v(-9), SRD35, scripted([50]))
    assert out.vitals.hp == -10 and state_of(out.vitals, SRD35) is HpState.DEAD


def test_d20modern_dying_fort_dc_20() -> None:
    """Seed 004 "Recovering without Help": each round a Fortitude save (DC 20); on a
    failure lose 1 hit point. Fort +3: 17 + 3 succeeds, 16 + 3 fails; P = 4/20."""
    out = dying_check(v(-2), MODERN, d := scripted([17]), fort=3)
    done(d)
    assert out.vitals.stable
    out = dying_check(v(-2), MODERN, d := scripted([16]), fort=3)
    done(d)
    assert out.vitals.hp == -3 and not out.vitals.stable
    dist = enumerate_outcomes(lambda d: dying_check(v(-2), MODERN, d, fort=3).vitals.stable)
    assert dist[True] == Fraction(1, 5)


@pytest.mark.parametrize("rules", ALL)
def test_only_the_dying_roll(rules: Ruleset) -> None:
    """SRD combat-i: the roll is for a dying character; healthy, disabled, stable and
    dead creatures roll nothing."""
    for vitals in (v(5), v(0), v(-4, stable=True), v(-12)):
        d = scripted([])
        assert dying_check(vitals, rules, d) == DamageOutcome(vitals)


def test_strenuous_action_while_disabled() -> None:
    """SRD combat-i "Disabled" / seed 004: a standard (strenuous) action at 0 hit
    points costs 1 hit point afterwards: -1, dying. Healthy creatures lose nothing."""
    after = strenuous_action(v(0), SRD35)
    assert after.hp == -1 and state_of(after, SRD35) is HpState.DYING
    assert strenuous_action(v(7), SRD35) == v(7)


def test_stabilize_by_heal_check() -> None:
    """SRD combat-i: a DC 15 Heal check makes a dying character stable."""
    assert stabilize(v(-5)).stable
    assert not stabilize(v(5)).stable


# --- temporary hit points and healing -----------------------------------------------------


def test_temporary_hit_points_are_lost_first() -> None:
    """Seed 003 "Temporary Hit Points" (and seed 004): they go first; real hit points
    take the rest. 5 temporary + 10 hp, 8 damage: 0 temporary, 7 hp."""
    out = take_damage(v(10, temp_hp=5), 8, SRD35, scripted([]))
    assert out.vitals.temp_hp == 0 and out.vitals.hp == 7
    out = take_damage(v(10, temp_hp=5), 3, SRD35, scripted([]))
    assert out.vitals.temp_hp == 2 and out.vitals.hp == 10


def test_temporary_hit_points_do_not_stack() -> None:
    """SRD convention (temporary hit points from several effects do not stack; the
    larger pool counts): 5 then 3 leaves 5; 5 then 8 leaves 8."""
    base = v(10)
    assert gain_temporary(gain_temporary(base, 5), 3).temp_hp == 5
    assert gain_temporary(gain_temporary(base, 5), 8).temp_hp == 8


def test_temporary_hit_points_are_not_healed() -> None:
    """Seed 003: lost temporary hit points "cannot be restored ... even by magic"."""
    spent = take_damage(v(10, 10, temp_hp=5), 8, SRD35, scripted([])).vitals
    assert heal(spent, 20).temp_hp == 0 and heal(spent, 20).hp == 10


def test_healing_removes_equal_nonlethal() -> None:
    """Seed 003 "Healing Nonlethal Damage": a cure removes an equal amount of nonlethal
    damage; SRD combat-i "Healing": never above full normal hit points."""
    healed = heal(v(20, 30, nonlethal=12), 5)
    assert healed.hp == 25 and healed.nonlethal == 7
    assert heal(v(28, 30, nonlethal=3), 10) == v(30, 30)


def test_healing_a_dying_character_makes_it_stable() -> None:
    """SRD combat-i "Stable Characters and Recovery": "If any sort of healing cures the
    dying character of even 1 point of damage, he stops losing hit points and becomes
    stable"; to 0 he is disabled; to 1 or more, fully functional."""
    assert state_of(heal(v(-6), 1), SRD35) is HpState.STABLE
    assert state_of(heal(v(-6), 6), SRD35) is HpState.DISABLED
    assert state_of(heal(v(-6), 7), SRD35) is HpState.HEALTHY


@pytest.mark.parametrize("rules", [None, *ALL])
def test_healing_the_dead_does_nothing(rules: Ruleset | None) -> None:
    """SRD combat-i "Dead (-10 Hit Points or Lower)": healing does not bring the dead
    back, whether killed outright (massive damage) or at -10 or lower."""
    for dead in (v(5, dead=True), v(-10), v(-12)):
        assert heal(dead, 30, rules) == dead


# --- ability damage ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ability", "condition"),
    [
        (Ability.STR, "helpless"),
        (Ability.DEX, "paralyzed"),
        (Ability.CON, "dead"),
        (Ability.INT, "unconscious"),
        (Ability.WIS, "unconscious"),
        (Ability.CHA, "unconscious"),
    ],
)
def test_ability_damaged_to_0(ability: Ability, condition: str) -> None:
    """SRD conditions "Ability Damaged": Str 0 helpless, Dex 0 paralyzed, Con 0 dead,
    Int/Wis/Cha 0 unconscious. A score above 0 has no such effect."""
    scores: dict[Ability, int | None] = dict.fromkeys(Ability, 12)
    hurt = damage_ability(v(10), ability, 11)
    assert ability_conditions(scores, hurt) == ()
    hurt = damage_ability(hurt, ability, 1)
    assert ability_conditions(scores, hurt) == (condition,)


def test_nonabilities_are_never_damaged_to_0() -> None:
    """SRD: a nonability (an undead's Con "-") is not a score of 0."""
    scores: dict[Ability, int | None] = dict.fromkeys(Ability, 10)
    scores[Ability.CON] = None
    hurt = damage_ability(v(10), Ability.CON, 5)
    assert ability_conditions(scores, hurt) == ()


# --- properties ---------------------------------------------------------------------------


@given(
    hp=st.integers(-9, 60),
    temp=st.integers(0, 20),
    amount=st.integers(0, 80),
    rules=st.sampled_from(ALL),
)
def test_damage_never_raises_hit_points(hp: int, temp: int, amount: int, rules: Ruleset) -> None:
    """Property: damage never raises hit points or temporary hit points, and takes
    from temporary hit points first (seed 003), for every outcome of the saves."""
    start = Vitals(hp, 60, temp_hp=temp)

    def proc(d: object) -> Vitals:
        return take_damage(start, amount, rules, d, con=14, fort=3).vitals  # type: ignore[arg-type]

    for out in enumerate_outcomes(proc):
        assert out.hp <= start.hp and out.temp_hp <= start.temp_hp
        assert out.temp_hp == max(0, temp - amount)
        assert out.hp <= hp - max(0, amount - temp) or out.dead


@given(hp=st.integers(-9, 40), nonlethal=st.integers(0, 40), amount=st.integers(1, 40))
def test_healing_never_hurts(hp: int, nonlethal: int, amount: int) -> None:
    """Property (SRD combat-i "Healing"): healing never lowers hit points, never goes
    above the maximum, and never raises nonlethal damage."""
    start = Vitals(hp, 40, nonlethal=nonlethal)
    after = heal(start, amount)
    assert start.hp <= after.hp <= 40 and after.nonlethal <= nonlethal


@pytest.mark.parametrize(
    ("name", "hp", "fort"),
    [
        ("srd35", -1, 0),
        ("srd35", -9, 0),
        ("advanced", -4, 0),
        ("d20modern", -1, 3),
        ("d20modern", -6, 9),
    ],
)
def test_the_chance_of_dying_alone_against_the_dying_rolls(name: str, hp: int, fort: int) -> None:
    """p_dies_unaided against an enumeration of the dying checks themselves (each turn
    dying_check until stable or dead): SRD combat-i "Stable Characters and Recovery"
    (10% on d%), seed 004 "Recovering without Help" (Fort DC 20, a natural 20 saves).
    By hand: srd35 from -1 needs nine failures, 0.9^9; d20modern with Fort +3 saves on
    17..20, 4/20, so from -1 (4/5)^9."""
    from d20combat.rules.hitpoints import dying_check, p_dies_unaided

    rules = ruleset(name)

    def alone(dice: Any) -> bool:
        v = Vitals(hp, 30)
        while state_of(v, rules) is HpState.DYING:
            v = dying_check(v, rules, dice, fort=fort).vitals
        return state_of(v, rules) is HpState.DEAD

    dist = enumerate_outcomes(alone)
    assert p_dies_unaided(Vitals(hp, 30), rules, fort=fort) == dist.get(True, Fraction(0))
    if (name, hp) == ("srd35", -1):
        assert dist[True] == Fraction(9, 10) ** 9
    if (name, hp, fort) == ("d20modern", -1, 3):
        assert dist[True] == Fraction(4, 5) ** 9
    assert p_dies_unaided(Vitals(5, 30), rules) == 0  # not dying


def test_improved_damage_threshold_raises_the_threshold_by_3() -> None:
    """Seed 004 "Massive Damage": the threshold "can be increased by taking the Improved
    Damage Threshold feat"; d20 Modern's feat: +3 (A231). Con 12 + 3 = 15: 15 damage
    rolls no save; 16 damage with Fort +2 rolls one (12 + 2 = 14 fails: -1 hp)."""
    d = scripted([])
    assert take_damage(v(30), 15, MODERN, d, con=12, fort=2, threshold_bonus=3).vitals.hp == 15
    assert d.rolls == []
    out = take_damage(v(30), 16, MODERN, d := scripted([12]), con=12, fort=2, threshold_bonus=3)
    done(d)
    assert out.vitals.hp == -1
