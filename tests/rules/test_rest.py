"""Time out of combat (issue 9): natural healing, nonlethal recovery, the stable
waking and recovering with and without help, fatigue ending with rest, first aid,
vile damage, temporary hit points going away and Constitution changes.

Sources: SRD combat-i "Natural Healing", "Healing Nonlethal Damage", "Stable
Characters and Recovery"; seed 004 "Stable Characters and Recovery", "Natural
Healing"; seed 003 "Temporary Hit Points", "Vile Damage"; SRD conditions "Fatigued",
"Exhausted".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from d20combat.content.rulesets import ruleset
from d20combat.limits import MAX_REST_HOURS
from d20combat.rules.dice import ScriptedDice, enumerate_outcomes
from d20combat.rules.hitpoints import (
    HpState,
    Vitals,
    constitution_change,
    expire_temporary,
    heal,
    rest,
    state_of,
    take_damage,
)

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")


def v(hp: int, max_hp: int = 30, **kw: object) -> Vitals:
    return Vitals(hp, max_hp, **kw)  # type: ignore[arg-type]


def none() -> ScriptedDice:
    return ScriptedDice([])


def test_natural_healing_a_night_and_bed_rest() -> None:
    """SRD "Natural Healing": a night's rest (8 hours) restores 1 hit point per level; a
    full day and night of bed rest twice the level. Level 4, 10 of 30 hp: 8 hours -> 14;
    7 hours -> 10 (no full night); 24 hours of bed rest -> 18; 48 hours of ordinary
    rest -> two nights, 18; never above the maximum."""
    assert rest(v(10), 8, SRD35, none(), level=4).vitals.hp == 14
    assert rest(v(10), 7, SRD35, none(), level=4).vitals.hp == 10
    assert rest(v(10), 24, SRD35, none(), level=4, bed_rest=True).vitals.hp == 18
    assert rest(v(10), 48, SRD35, none(), level=4).vitals.hp == 18
    assert rest(v(28), 8, SRD35, none(), level=4).vitals.hp == 30


def test_ability_damage_heals_a_point_a_night() -> None:
    """SRD "Healing Ability Damage" (seed 004 the same): 1 point a night per ability, 2
    a day of bed rest: Str 3 and Dex 1 damaged, one night -> 2 and 0; a bed-rest day -> 1, 0."""
    hurt = v(30, ability_damage=(3, 1, 0, 0, 0, 0))
    assert rest(hurt, 8, MODERN, none(), level=1).vitals.ability_damage[:2] == (2, 0)
    after = rest(hurt, 24, MODERN, none(), level=1, bed_rest=True).vitals
    assert after.ability_damage[:2] == (1, 0)


def test_nonlethal_heals_one_per_hour_per_level() -> None:
    """SRD "Healing Nonlethal Damage": 1 hit point per hour per level. Level 3, 10
    nonlethal: 2 hours -> 4; 4 hours -> 0 (unconscious at 10 nonlethal over 8 hp, then
    healthy)."""
    hurt = v(8, nonlethal=10)
    assert state_of(hurt, SRD35) is HpState.UNCONSCIOUS
    assert rest(hurt, 2, SRD35, none(), level=3).vitals.nonlethal == 4
    assert rest(hurt, 4, SRD35, none(), level=3).vitals.nonlethal == 0


def test_subdued_wakes_after_its_first_hour() -> None:
    """seed 001 "Subdual damage": a creature at 0 from subdual wakes when it regains hit
    points (D48); its first hour of rest restores 1 per level (A143): level 2 -> 2 hp."""
    out = rest(v(0, subdued=True), 1, ADVANCED, none(), level=2)
    assert out.vitals.hp == 2 and not out.vitals.subdued
    assert state_of(out.vitals, ADVANCED) is HpState.HEALTHY


def test_srd35_stable_alone_wakes_10_percent_an_hour_or_loses_a_point() -> None:
    """SRD "Recovering without Help": a stable creature nobody tends has 10% each hour
    of becoming conscious (disabled); each miss costs 1 hit point; no natural healing.
    At -3: d% 55 (miss, -4), 7 (wakes, disabled at -4)."""
    out = rest(v(-3, stable=True), 2, SRD35, d := ScriptedDice([55, 7]), level=5)
    assert d.totals == []
    assert out.vitals.hp == -4 and out.vitals.awake
    assert state_of(out.vitals, SRD35) is HpState.DISABLED
    assert out.notes == ("hour 1: stays unconscious, loses 1 hit point", "hour 2: wakes, disabled")
    # P(waking in the first hour) = 1/10, exactly
    dist = enumerate_outcomes(lambda d: rest(v(-3, stable=True), 1, SRD35, d, level=5).vitals.awake)
    assert dist[True] == Fraction(1, 10)


def test_srd35_stable_alone_can_die() -> None:
    """At -9, a missed hourly roll: -10, dead."""
    out = rest(v(-9, stable=True), 3, SRD35, ScriptedDice([50]), level=1)
    assert out.vitals.dead and state_of(out.vitals, SRD35) is HpState.DEAD


def test_d20modern_stable_alone_fort_dc_20_and_no_loss() -> None:
    """seed 004 "Recovering without Help": after 1 hour a Fortitude save DC 20: a
    success wakes it (disabled, hp unchanged); a failure leaves it unconscious, with no
    loss of hit points (D77). Fort +2: 17 + 2 = 19 fails, 18 + 2 = 20 wakes."""
    out = rest(v(-3, stable=True), 2, MODERN, ScriptedDice([17, 18]), level=5, fort=2)
    assert out.vitals.hp == -3 and out.vitals.awake


def test_unaided_awake_rolls_each_day_to_start_recovering() -> None:
    """SRD / seed 004: an unaided, conscious creature below 0 does not heal; each day
    10% (Fort DC 20) to start recovering naturally that day, else -1 hit point; once
    recovering, out of danger and healing. srd35 at -4 awake, level 2: day 1 d% 40
    (-5); day 2 d% 3 (recovering, and the day's night heals 2: the night comes at the
    8th hour, before the day's roll, so only day 3's night heals: -3)."""
    awake = v(-4, stable=True, awake=True)
    out = rest(awake, 72, SRD35, ScriptedDice([40, 3]), level=2)
    assert out.vitals.recovering
    assert out.vitals.hp == -3
    assert state_of(out.vitals, SRD35) is HpState.DISABLED


def test_tended_stable_heals_naturally_even_unconscious() -> None:
    """SRD / seed 004 "Recovering with Help": tended, it rolls hourly to wake (no loss
    on a miss) and recovers hit points naturally even while unconscious, back to
    normal at 1 hp or more. -2, level 3, 8 hours, every wake roll missed (d% 99): the
    night heals 3 -> 1 hp, healthy."""
    out = rest(v(-2, stable=True), 8, SRD35, ScriptedDice([99] * 8), level=3, tended=True)
    assert out.vitals.hp == 1 and not out.vitals.stable
    assert state_of(out.vitals, SRD35) is HpState.HEALTHY


def test_fatigue_ends_with_rest() -> None:
    """SRD conditions: "After 1 hour of complete rest, an exhausted character becomes
    fatigued"; "After 8 hours of complete rest, fatigued characters are no longer
    fatigued" (A143: the 8 hours count from the end of exhaustion)."""
    assert rest(v(30), 1, SRD35, none(), level=1, conditions=("exhausted",)).conditions == (
        "fatigued",
    )
    assert rest(v(30), 8, SRD35, none(), level=1, conditions=("exhausted",)).conditions == (
        "fatigued",
    )
    assert rest(v(30), 9, SRD35, none(), level=1, conditions=("exhausted",)).conditions == ()
    kept = rest(v(30), 8, SRD35, none(), level=1, conditions=("fatigued", "shaken"))
    assert kept.conditions == ("shaken",)


def test_rest_refuses_the_dying_and_bad_hours() -> None:
    with pytest.raises(ValueError, match="dying"):
        rest(v(-2), 1, SRD35, none(), level=1)
    with pytest.raises(ValueError):
        rest(v(30), MAX_REST_HOURS + 1, SRD35, none(), level=1)
    with pytest.raises(ValueError):
        rest(v(30), -1, SRD35, none(), level=1)
    dead = v(-12, dead=True)
    assert rest(dead, 8, SRD35, none(), level=3).vitals == dead


def test_vile_damage_heals_only_by_magic_in_a_consecrated_area() -> None:
    """seed 003 "Vile Damage": it reduces hit points like normal damage; only magic cast
    within a consecrate or hallow spell heals it. 30 hp, 6 normal then 8 vile: 16 hp, 8
    vile. A cure for 20 outside: 22 (the 6 normal only); inside: 30. Natural healing
    never heals it."""
    hurt = take_damage(v(30), 6, SRD35, none()).vitals
    hurt = take_damage(hurt, 8, SRD35, none(), vile=True).vitals
    assert (hurt.hp, hurt.vile) == (16, 8)
    assert heal(hurt, 20, SRD35).hp == 22
    cured = heal(hurt, 20, SRD35, consecrated=True)
    assert (cured.hp, cured.vile) == (30, 0)
    assert rest(hurt, 24 * 10, SRD35, none(), level=5).vitals.hp == 22


def test_temporary_hit_points_go_away() -> None:
    """seed 003 / 004 "Temporary Hit Points": when they go away, hit points drop to the
    total noted when they were gained (20), not further if already below it: 20 hp + 5
    temporary, 3 damage -> 20 + 2, expiry -> 20; 9 damage -> 16 + 0, expiry -> 16."""
    base = v(20, temp_hp=5)
    assert expire_temporary(take_damage(base, 3, SRD35, none()).vitals) == v(20)
    assert expire_temporary(take_damage(base, 9, SRD35, none()).vitals) == v(16)


def test_constitution_changes_move_current_hit_points() -> None:
    """seed 003 "Temporary Hit Points", seed 004 "Increases in Constitution Score": a
    Constitution increase is an effective hit point increase, not temporary: Con 12 ->
    16 (+2 modifier) at 5 hit dice: +10 maximum and current, healable; dropping back
    takes them away again (a creature at 4 of 40 goes to -6, dying)."""
    up = constitution_change(v(20), 5, 12, 16)
    assert (up.hp, up.max_hp, up.temp_hp) == (30, 40, 0)
    hurt = take_damage(up, 26, SRD35, none()).vitals
    assert hurt.hp == 4 and heal(hurt, 100, SRD35).hp == 40
    down = constitution_change(hurt, 5, 16, 12)
    assert (down.hp, down.max_hp) == (-6, 30)
    assert state_of(down, SRD35) is HpState.DYING


def test_d20modern_recovering_from_dying_a_creature_is_disabled_below_0() -> None:
    """seed 004 "Disabled": "A character can also become disabled when recovering from
    dying ... the character can have fewer than 0 hit points"; "Recovering without
    Help": unaided and stable at -3, after 1 hour a Fortitude save DC 20 (Fort +2: 18 +
    2 = 20) wakes it, disabled at -3: one move or standard action a turn. A standard
    action (strenuous) costs it 1 hit point: -4, dying again (reading A212)."""
    from d20combat.rules.hitpoints import strenuous_action

    out = rest(v(-3, stable=True), 1, MODERN, ScriptedDice([18]), level=5, fort=2)
    assert out.vitals.hp == -3 and state_of(out.vitals, MODERN) is HpState.DISABLED
    assert HpState.DISABLED.limited and HpState.DISABLED.can_act
    strained = strenuous_action(out.vitals, MODERN)
    assert strained.hp == -4 and state_of(strained, MODERN) is HpState.DYING


def test_d20modern_unaided_disabled_saves_each_day_to_start_recovering() -> None:
    """seed 004 "Recovering without Help": "each day the character makes a Fortitude
    save (DC 20) to start recovering hit points naturally that day; if the save fails,
    he or she loses 1 hit point"; once recovering, "no longer in danger". Disabled at
    -4, Fort +3, level 2: day 1 rolls 12 (15: fails, -5); day 2 rolls 17 (20: it starts
    recovering, no more losses); day 3's night heals 2: -3."""
    awake = v(-4, stable=True, awake=True)
    out = rest(awake, 72, MODERN, ScriptedDice([12, 17]), level=2, fort=3)
    assert out.vitals.recovering and out.vitals.hp == -3
    assert state_of(out.vitals, MODERN) is HpState.DISABLED
    assert out.notes == (
        "hour 24: loses 1 hit point",
        "hour 48: starts recovering naturally",
        "hour 56: natural healing, 2 hit points",
    )


def test_the_daily_roll_against_an_enumeration() -> None:
    """srd35: 10% a day (d%); the chance an unaided disabled creature at -8 (level 1) is
    dead after two days: both daily rolls fail (-9, then -10: dead), (9/10)^2."""
    dist = enumerate_outcomes(
        lambda d: rest(v(-8, stable=True, awake=True), 48, SRD35, d, level=1).vitals.dead
    )
    assert dist[True] == Fraction(81, 100)
