"""One attack, resolved: the attack roll, threats and confirmation, criticals,
multipliers, minimum damage, concealment, the seed 000 variants and nonlethal damage.

Every number below is worked out by hand from the cited rule; scripted dice fix each
roll (in the order the procedure asks for them) and ``enumerate_outcomes`` gives
exact probabilities.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import ExtraDamage
from d20combat.content.damage import DamageType
from d20combat.content.rulesets import Ruleset, Variant, ruleset
from d20combat.errors import InputError
from d20combat.rules.attack import (
    Attack,
    AttackResult,
    attack_on,
    combine_multipliers,
    critical_profile,
    miss_chance_roll,
    nonlethal_switch,
    resolve_attack,
)
from d20combat.rules.damage import Defenses
from d20combat.rules.dice import Dice, DiceSource, ScriptedDice, enumerate_outcomes
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import AttackOption, Statistics, derive

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")
SOFTER = SRD35.with_variants(Variant.SOFTER_CRITICALS)
INSTANT = SRD35.with_variants(Variant.INSTANT_KILL)
FUMBLES = SRD35.with_variants(Variant.FUMBLES)

SLASH = (DamageType.SLASHING,)
FIRE = DamageType.FIRE


def total(value: int, source: str = "test") -> Total:
    return stack([Modifier(value, BonusType.BASE, source)])


def weapon(
    name: str = "longsword",
    dice: str = "1d8",
    *,
    damage: int = 0,
    crit_range: int = 20,
    mult: int = 2,
    ranged: bool = False,
    nonlethal: bool = False,
    extra: tuple[ExtraDamage, ...] = (),
) -> AttackOption:
    return AttackOption(
        name=name,
        ranged=ranged,
        bonus=total(0),
        dice=Dice.parse(dice),
        damage_bonus=total(damage),
        crit_range=crit_range,
        crit_multiplier=mult,
        damage_types=SLASH,
        nonlethal=nonlethal,
        extra=extra,
    )


LONGSWORD = weapon("longsword", "1d8", crit_range=19)  # 19-20/x2
GREATSWORD = weapon("greatsword", "2d6", damage=4, crit_range=19)  # 2d6+4, 19-20/x2
GREATAXE = weapon("greataxe", "1d12", damage=4, mult=3)  # 20/x3
PICK = weapon("heavy pick", "1d6", damage=2, mult=4)  # 20/x4
LANCE = weapon("lance", "1d8", damage=2, mult=3)  # 20/x3
CLUB = weapon("club", "1d6")  # 20/x2
FALCHION = weapon("falchion", "2d4", crit_range=18)  # 18-20/x2


def attack(
    option: AttackOption = LONGSWORD,
    *,
    bonus: int = 0,
    ac: int = 10,
    damage: int | None = None,
    **kw: object,
) -> Attack:
    dmg = total(damage) if damage is not None else option.damage_bonus
    return Attack(option, total(bonus), total(ac), dmg, **kw)  # type: ignore[arg-type]


def run(script: list[int], a: Attack, rules: Ruleset = SRD35) -> tuple[AttackResult, ScriptedDice]:
    """Resolve with scripted rolls and check that every scripted roll was used."""
    dice = ScriptedDice(script)
    result = resolve_attack(dice, a, rules)
    assert dice.totals == [], f"unused scripted rolls {dice.totals}"
    return result, dice


def summary(a: Attack, rules: Ruleset = SRD35) -> dict[tuple[bool, bool], Fraction]:
    """Exact P((hit, critical))."""
    return enumerate_outcomes(lambda d: _hit_crit(resolve_attack(d, a, rules)))


def _hit_crit(r: AttackResult) -> tuple[bool, bool]:
    return r.hit, r.critical


def p_hit(a: Attack, rules: Ruleset = SRD35) -> Fraction:
    return sum((p for (hit, _), p in summary(a, rules).items() if hit), Fraction(0))


def p_crit(a: Attack, rules: Ruleset = SRD35) -> Fraction:
    return sum((p for (_, crit), p in summary(a, rules).items() if crit), Fraction(0))


# --- the attack roll ---------------------------------------------------------------


def test_natural_1_always_misses() -> None:
    """Seed 003 "Attack Roll": a natural 1 is always a miss, even with +100 against AC 10."""
    r, dice = run([1], attack(bonus=100, ac=10))
    assert not r.hit and r.natural == 1 and r.total == 101 and r.outcome == "miss"
    assert len(dice.rolls) == 1  # no damage roll
    assert p_hit(attack(bonus=100, ac=10)) == Fraction(19, 20)


def test_natural_20_always_hits_and_threatens() -> None:
    """Seed 003 "Attack Roll": a natural 20 always hits and is a threat (a possible
    critical); SRD combat-i "Critical Hits": the confirmation still has to hit the AC."""
    a = attack(CLUB, bonus=0, ac=50)
    r, dice = run([20, 19, 4], a)  # confirmation 19 + 0 < 50 misses; damage 4
    assert r.hit and r.threat and not r.critical and r.natural == 20
    assert r.confirm_total == 19 and r.damage == 4 and r.outcome == "hit"
    assert [x.purpose for x in dice.rolls][1] == "critical confirmation"
    assert p_hit(a) == Fraction(1, 20)


def test_threat_only_when_the_roll_hits() -> None:
    """SRD combat-i "Critical Hits": a threat is a hit whose natural roll is in the
    threat range. A 19 with a 19-20 weapon that misses is just a miss: no
    confirmation roll."""
    r, _ = run([19], attack(LONGSWORD, bonus=0, ac=25))
    assert not r.hit and not r.threat and r.confirm_total is None
    r, _ = run([19, 2, 5], attack(LONGSWORD, bonus=6, ac=25))  # 25 hits: a threat
    assert r.hit and r.threat and not r.critical and r.confirm_total == 8


def test_roll_below_threat_range_is_no_threat() -> None:
    """SRD combat-i "Critical Hits": an 18 is outside a 19-20 range, so no confirmation."""
    r, dice = run([18, 5], attack(LONGSWORD, bonus=10, ac=10))
    assert r.hit and not r.threat and len(dice.rolls) == 2


def test_confirmation_uses_the_same_bonus() -> None:
    """SRD combat-i "Critical Hits": the critical roll is another attack roll with all
    the same modifiers; it needs only to hit the same AC (not a second 20)."""
    a = attack(LONGSWORD, bonus=5, ac=20)
    r, _ = run([19, 15, 9], a)  # threat 24; confirm 15 + 5 = 20 >= 20
    assert r.critical and r.confirm_total == 20 and r.multiplier == 2
    r, _ = run([19, 14, 5], a)  # confirm 14 + 5 = 19 < 20: a plain hit
    assert r.hit and not r.critical and r.confirm_total == 19 and r.multiplier == 1


def test_confirmation_natural_1_and_20() -> None:
    """Seed 003 "Attack Roll": the confirmation is an attack roll, so its natural 1
    misses (even at +30 against AC 10) and its natural 20 hits (at +0 against AC 39)."""
    r, _ = run([20, 1, 5], attack(CLUB, bonus=30, ac=10))
    assert r.threat and not r.critical
    r, _ = run([20, 20, 12], attack(CLUB, bonus=0, ac=39))
    assert r.critical and r.damage == 12


def test_exact_hit_and_critical_chances() -> None:
    """+5 against AC 15 with a 19-20/x2 longsword: hit on 10-20 (11/20), threat on
    19-20 (2/20), confirmed 11/20 of the time: P(crit) = 2/20 * 11/20 = 11/200."""
    a = attack(LONGSWORD, bonus=5, ac=15)
    assert p_hit(a) == Fraction(11, 20)
    assert p_crit(a) == Fraction(11, 200)


# --- critical damage and multipliers ------------------------------------------------


def _damage_given_crit(a: Attack, rules: Ruleset = SRD35) -> dict[int, Fraction]:
    dist = enumerate_outcomes(lambda d: _crit_damage(resolve_attack(d, a, rules)))
    crit = {dmg: p for (c, dmg), p in dist.items() if c}
    mass = sum(crit.values(), Fraction(0))
    return {dmg: p / mass for dmg, p in sorted(crit.items())}


def _crit_damage(r: AttackResult) -> tuple[bool, int]:
    return r.critical, r.damage


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (GREATSWORD, "4d6+8"),  # 2d6+4 rolled twice
        (GREATAXE, "3d12+12"),  # 1d12+4 rolled three times
        (PICK, "4d6+8"),  # 1d6+2 rolled four times
    ],
)
def test_critical_multiplies_dice_and_static_bonus(option: AttackOption, expected: str) -> None:
    """Seed 003 "Multiplying Damage": roll the damage (with all modifiers) that many
    times: a x2 critical with 2d6+4 is 4d6+8, x3 with 1d12+4 is 3d12+12, x4 with
    1d6+2 is 4d6+8. The exact distribution given a critical is that expression's."""
    a = attack(option, bonus=10, ac=10)
    assert _damage_given_crit(a) == Dice.parse(expected).distribution()
    script = [20, 15, Dice.parse(expected).max]
    r, dice = run(script, a)
    assert r.critical and dice.rolls[-1].dice == expected
    assert r.damage == Dice.parse(expected).max


def test_extra_dice_are_never_multiplied() -> None:
    """Seed 003 "Multiplying Damage", exception: extra damage dice over and above a
    weapon's normal damage (sneak attack 2d6, a flaming weapon's 1d6 fire) are never
    multiplied. A x2 critical with a 1d8+3 longsword rolls 2d8+6, then the weapon's
    1d6 fire, then the attacker's 2d6."""
    flaming = ExtraDamage(dice="1d6", type=FIRE, source="flaming")
    sword = weapon("flaming longsword", "1d8", damage=3, crit_range=19, extra=(flaming,))
    sneak = ExtraDamage(dice="2d6", source="sneak attack")
    a = attack(sword, bonus=5, ac=10, extra=(sneak,))
    r, dice = run([19, 12, 14, 4, 7], a)
    assert r.critical
    assert [x.dice for x in dice.rolls[2:]] == ["2d8+6", "1d6", "2d6"]
    assert [(p.amount, p.types) for p in r.parts] == [(14, SLASH), (4, (FIRE,)), (7, SLASH)]
    assert r.damage == 25 and r.rolled == 25


def test_extra_dice_on_a_plain_hit() -> None:
    """Seed 003: the same attack without a critical rolls 1d8+3, 2d6 and 1d6 once each."""
    flaming = ExtraDamage(dice="1d6", type=FIRE, source="flaming")
    sword = weapon("flaming longsword", "1d8", damage=3, crit_range=19, extra=(flaming,))
    r, dice = run([12, 5, 2], attack(sword, bonus=5, ac=10))
    assert not r.threat and [x.dice for x in dice.rolls[1:]] == ["1d8+3", "1d6"]
    assert r.damage == 7


def test_several_multipliers_add() -> None:
    """Seed 003 "Multiplying Damage": each multiplier works off the original damage,
    so a lance's x2 on a mounted charge and its x3 critical make x4 (not x6):
    1d8+2 rolled four times is 4d8+8. Without the critical the charge alone is x2."""
    assert combine_multipliers(2, 3) == 4
    assert combine_multipliers(3) == 3
    assert combine_multipliers(2, 2) == 3
    assert combine_multipliers() == 1
    a = attack(LANCE, bonus=10, ac=10, multiplier=2)
    r, dice = run([20, 10, 30], a)
    assert r.critical and r.multiplier == 4 and dice.rolls[-1].dice == "4d8+8"
    r, dice = run([11, 9], a)
    assert not r.critical and r.multiplier == 2 and dice.rolls[-1].dice == "2d8+4"
    assert _damage_given_crit(a) == Dice.parse("4d8+8").distribution()


def test_minimum_damage_is_1() -> None:
    """Seed 003 "Minimum Damage": if penalties reduce the damage result below 1, a hit
    still deals 1 point (a Str 3 creature's 1d4-4)."""
    weak = weapon("dagger", "1d4", damage=-4)
    r, _ = run([15, -3], attack(weak, bonus=0, ac=10))
    assert r.hit and r.damage == 1
    dist = enumerate_outcomes(lambda d: resolve_attack(d, attack(weak, bonus=30), SRD35).damage)
    assert set(dist) == {0, 1}  # a natural 1 misses (0); every hit deals exactly 1
    assert dist[1] == Fraction(19, 20)


def test_crit_immune_target_takes_no_critical() -> None:
    """SRD types (construct, undead, ooze, plant, elemental: "not subject to critical
    hits"): a natural 20 hits but no confirmation is rolled and damage is not
    multiplied; the instant-kill variant cannot slay it either (seed 000)."""
    a = attack(GREATSWORD, bonus=10, ac=10, crit_immune=True)
    r, dice = run([20, 9], a)
    assert r.hit and not r.critical and r.multiplier == 1 and len(dice.rolls) == 2
    assert not r.threat  # no possible critical, so no threat
    assert p_crit(a) == 0
    r, _ = run([20, 9], a, INSTANT)
    assert not r.instant_kill


def test_attack_on_a_crit_immune_creature() -> None:
    """SRD monsters "Skeleton" (undead): attack_on marks the attack crit-immune."""
    skeleton = derive(find_creature("human-warrior-skeleton"))
    a = attack_on(skeleton, GREATSWORD, SRD35, bonus=total(5))
    assert a.crit_immune and a.ac.value == 15


# --- concealment ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", [SRD35, MODERN, ADVANCED])
@pytest.mark.parametrize(("percent", "p_miss"), [(20, Fraction(1, 5)), (50, Fraction(1, 2))])
def test_miss_chance_exact(rules: Ruleset, percent: int, p_miss: Fraction) -> None:
    """Seed 003 "Concealment Miss Chance" (20%) and "Total Concealment" (50%) on d%;
    seed 001 "Concealment": the ``advanced`` ruleset rolls a d10, low rolls missing
    (1-2 for 20%, 1-5 for 50%). The chances are the same, exactly."""
    dist = enumerate_outcomes(lambda d: miss_chance_roll(d, percent, rules))
    assert dist[True] == p_miss


def test_miss_chance_die_per_ruleset() -> None:
    """Seed 003: d%, a roll of 20 or less misses against 20%; seed 001: a d10, 2 or less."""
    d = ScriptedDice([20, 21])
    assert miss_chance_roll(d, 20, SRD35) and not miss_chance_roll(d, 20, SRD35)
    assert [r.dice for r in d.rolls] == ["1d%", "1d%"]
    d = ScriptedDice([2, 3])
    assert miss_chance_roll(d, 20, ADVANCED) and not miss_chance_roll(d, 20, ADVANCED)
    assert [r.dice for r in d.rolls] == ["1d10", "1d10"]
    d = ScriptedDice([])
    assert not miss_chance_roll(d, 0, SRD35)  # no concealment: no roll at all


def test_concealment_rolled_only_after_a_hit() -> None:
    """Seed 003 "Concealment Miss Chance": if the attacker hits, the defender rolls the
    miss chance. A miss rolls nothing more; a concealed hit deals no damage and rolls
    no confirmation."""
    a = attack(LONGSWORD, bonus=5, ac=15, concealment=20)
    r, _ = run([9], a)  # 14 < 15: a miss, no d%
    assert not r.hit and not r.concealed
    r, _ = run([20, 20], a)  # natural 20, d% 20: concealed
    assert not r.hit and r.concealed and r.damage == 0 and r.outcome == "concealed"
    r, _ = run([20, 21, 15, 6], a)  # d% 21: the hit stands; confirm 20 >= 15
    assert r.hit and r.critical and r.damage == 6


@pytest.mark.parametrize("rules", [SRD35, ADVANCED])
def test_concealment_exact_hit_chance(rules: Ruleset) -> None:
    """+5 against AC 15 hits 11/20; 20% concealment leaves 11/20 * 4/5 = 11/25, total
    concealment 11/20 * 1/2 = 11/40; a critical needs the hit to get through first:
    11/200 * 4/5 = 11/250. (Seed 003 d%; seed 001 d10.)"""
    assert p_hit(attack(LONGSWORD, bonus=5, ac=15, concealment=20), rules) == Fraction(11, 25)
    assert p_hit(attack(LONGSWORD, bonus=5, ac=15, concealment=50), rules) == Fraction(11, 40)
    assert p_crit(attack(LONGSWORD, bonus=5, ac=15, concealment=20), rules) == Fraction(11, 250)


# --- seed 000 variants ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "mult", "softer"),
    [
        (19, 2, (20, 2)),  # 19-20 -> 20
        (18, 2, (19, 2)),  # 18-20 -> 19-20
        (17, 2, (18, 2)),  # Improved Critical 17-20 -> 18-20
        (20, 3, (20, 2)),  # x3 -> x2
        (20, 4, (20, 3)),  # x4 -> x3
        (20, 2, None),  # 20/x2 deals no critical hits at all
    ],
)
def test_softer_critical_profile(low: int, mult: int, softer: tuple[int, int] | None) -> None:
    """Seed 000 "Variant: Softer Critical Hits": each threat range one step narrower
    (19-20 -> 20, 18-20 -> 19-20); a 20/x3 weapon becomes 20/x2, 20/x4 becomes 20/x3,
    and "weapons with a threat range of 20 and a x2 multiplier deal no critical hits at
    all". Without the variant the weapon's own profile stands."""
    option = weapon(crit_range=low, mult=mult)
    assert critical_profile(option, SRD35) == (low, mult)
    assert critical_profile(option, SOFTER) == softer


def test_softer_criticals_in_play() -> None:
    """Seed 000 softer criticals: a 19-20 longsword threatens only on 20 (a 19 is a
    plain hit, no confirmation), and a 20/x2 club's natural 20 is a plain hit. Exactly,
    +5 against AC 15: P(crit) halves from 11/200 to 11/400; the club's is 0."""
    r, dice = run([19, 5], attack(LONGSWORD, bonus=5, ac=15), SOFTER)
    assert r.hit and not r.threat and len(dice.rolls) == 2
    r, dice = run([20, 3], attack(CLUB, bonus=5, ac=15), SOFTER)
    assert r.hit and not r.threat and not r.critical and len(dice.rolls) == 2
    assert p_crit(attack(LONGSWORD, bonus=5, ac=15), SOFTER) == Fraction(11, 400)
    assert p_crit(attack(CLUB, bonus=5, ac=15), SOFTER) == 0
    r, dice = run([20, 20, 25], attack(GREATAXE, bonus=5, ac=15), SOFTER)
    assert r.critical and r.multiplier == 2 and dice.rolls[-1].dice == "2d12+8"


def test_instant_kill() -> None:
    """Seed 000 "Variant: Instant Kill": a natural 20, a confirmation that is also a
    natural 20, then a third roll that hits: the target is slain. The third roll is an
    attack roll (a natural 1 misses), and the critical stands either way."""
    a = attack(LONGSWORD, bonus=5, ac=15)
    r, dice = run([20, 20, 10, 9], a, INSTANT)  # third roll 10 + 5 = 15 hits
    assert r.critical and r.instant_kill
    assert dice.rolls[2].purpose == "instant kill roll"
    r, _ = run([20, 20, 9, 9], a, INSTANT)  # 9 + 5 = 14 misses
    assert r.critical and not r.instant_kill
    r, _ = run([20, 20, 9], a)  # without the variant: no third roll
    assert r.critical and not r.instant_kill


def test_instant_kill_only_on_natural_20s() -> None:
    """Seed 000: the instant kill "only applies to natural 20s, regardless of the threat
    range": a 19 threat (even confirmed with a 20) and a 20 confirmed with a 19 roll no
    third die."""
    a = attack(LONGSWORD, bonus=5, ac=15)
    r, _ = run([19, 20, 9], a, INSTANT)
    assert r.critical and not r.instant_kill
    r, _ = run([20, 19, 9], a, INSTANT)
    assert r.critical and not r.instant_kill


def test_instant_kill_exact_chance() -> None:
    """Seed 000: +5 against AC 15, P(kill) = 1/20 (first 20) * 1/20 (second 20) *
    11/20 (third roll hits on 10+) = 11/8000; the critical chance is unchanged."""
    a = attack(LONGSWORD, bonus=5, ac=15)
    dist = enumerate_outcomes(lambda d: resolve_attack(d, a, INSTANT).instant_kill)
    assert dist[True] == Fraction(11, 8000)
    assert p_crit(a, INSTANT) == Fraction(11, 200)


def test_fumbles() -> None:
    """Seed 000 "Variant: Critical Misses (Fumbles)": on a natural 1 the attacker makes
    a DC 10 Dexterity check (d20 + Dex modifier, no automatic success) and fumbles if
    it fails. With Dex +2: 7 + 2 = 9 fumbles, 8 + 2 = 10 does not."""
    a = attack(LONGSWORD, bonus=5, ac=15, dex_mod=2)
    r, dice = run([1, 7], a, FUMBLES)
    assert r.fumble and not r.hit and r.outcome == "fumble"
    assert dice.rolls[1].purpose.startswith("fumble check")
    r, _ = run([1, 8], a, FUMBLES)
    assert not r.fumble
    r, _ = run([1], a)  # variant off: no check
    assert not r.fumble
    r, _ = run([2], a, FUMBLES)  # an ordinary miss is no fumble
    assert not r.fumble


def test_fumble_exact_chance() -> None:
    """Seed 000 fumbles: Dex +0 fails DC 10 on 1-9, so P(fumble) = 1/20 * 9/20."""
    a = attack(LONGSWORD, bonus=5, ac=15)
    dist = enumerate_outcomes(lambda d: resolve_attack(d, a, FUMBLES).fumble)
    assert dist[True] == Fraction(9, 400)


# --- nonlethal damage ------------------------------------------------------------------


@pytest.mark.parametrize("rules", [SRD35, MODERN])
def test_nonlethal_switch_costs_4(rules: Ruleset) -> None:
    """Seed 003 "Nonlethal Damage with a Weapon that Deals Lethal Damage" / "Lethal
    Damage with a Weapon that Deals Nonlethal Damage": -4 on the attack roll either way
    (seed 004 "Nonlethal Damage" agrees). No switch, no penalty."""
    mod, half = nonlethal_switch(LONGSWORD, True, rules)
    assert mod is not None and mod.value == -4 and not half
    sap = weapon("sap", "1d6", nonlethal=True)
    mod, half = nonlethal_switch(sap, False, rules)
    assert mod is not None and mod.value == -4 and not half
    assert nonlethal_switch(LONGSWORD, False, rules) == (None, False)
    assert nonlethal_switch(sap, True, rules) == (None, False)


def test_advanced_subdual_with_a_deadly_weapon_halves_damage() -> None:
    """Seed 001 "Dealing subdual damage": a deadly melee weapon can deal subdual
    damage, but only half the usual damage, with no attack penalty. 2d6+4 rolled 11
    deals 5 (rounded down); a roll of 1 still deals 1 (seed 003 minimum damage)."""
    assert nonlethal_switch(GREATSWORD, True, ADVANCED) == (None, True)
    a = attack(GREATSWORD, bonus=5, ac=15, nonlethal=True, half_damage=True)
    r, _ = run([15, 11], a, ADVANCED)
    assert r.damage == 5 and r.nonlethal
    r, _ = run([15, 7], attack(weapon(dice="1d8"), bonus=5, half_damage=True), ADVANCED)
    assert r.damage == 3
    r, _ = run([15, 1], attack(weapon(dice="1d4"), bonus=5, half_damage=True), ADVANCED)
    assert r.damage == 1


def _ogre() -> Statistics:
    return derive(find_creature("ogre"))


def test_attack_on_applies_the_switch() -> None:
    """attack_on: srd35 -4 to attack for nonlethal with a greatsword (SRD combat-i);
    advanced no penalty but half damage (seed 001). The target's AC is its own (the
    SRD ogre: AC 16, touch 8, flat-footed 16)."""
    fighter = derive(find_creature("fighter-4"))
    sword = fighter.option("greatsword")
    ogre = _ogre()
    a = attack_on(ogre, sword, SRD35)
    assert a.bonus.value == 8 and a.ac.value == 16 and not a.nonlethal
    a = attack_on(ogre, sword, SRD35, nonlethal=True)
    assert a.bonus.value == 4 and a.nonlethal and not a.half_damage
    a = attack_on(ogre, sword, ADVANCED, nonlethal=True)
    assert a.bonus.value == 8 and a.nonlethal and a.half_damage
    assert attack_on(ogre, sword, SRD35, touch=True).ac.value == 8
    assert attack_on(ogre, sword, SRD35, flat_footed=True).ac.value == 16
    fist = fighter.option("unarmed strike")
    a = attack_on(ogre, fist, SRD35, nonlethal=False)
    assert a.bonus.value == fist.bonus.value - 4 and not a.nonlethal


def test_nonlethal_immune_target_takes_nothing() -> None:
    """SRD types "Construct Type"/"Undead Type": immune to nonlethal damage."""
    a = attack(LONGSWORD, bonus=5, ac=10, nonlethal=True, defenses=Defenses(nonlethal_immune=True))
    r, _ = run([15, 8], a)
    assert r.hit and r.damage == 0 and r.reductions[-1].kind == "immunity"


def test_scripted_dice_reject_impossible_rolls() -> None:
    """The scripted source refuses a 21 on a d20 (a typo in a worked example)."""
    with pytest.raises(InputError):
        run([21], attack())


# --- properties ---------------------------------------------------------------------


def _p_hit_formula(bonus: int, ac: int) -> Fraction:
    """Seed 003: natural 20 hits, natural 1 misses, 2-19 hit when face + bonus >= AC."""
    faces = 1 + sum(1 for f in range(2, 20) if f + bonus >= ac)
    return Fraction(faces, 20)


@settings(max_examples=60, deadline=None)
@given(
    bonus=st.integers(-20, 40),
    ac=st.integers(0, 45),
    low=st.sampled_from([20, 19, 18, 17, 15]),
    mult=st.sampled_from([2, 3, 4]),
    conceal=st.sampled_from([0, 20, 50]),
    rules=st.sampled_from([SRD35, ADVANCED, SOFTER]),
)
def test_higher_bonus_never_lowers_hit_or_crit_chance(
    bonus: int, ac: int, low: int, mult: int, conceal: int, rules: Ruleset
) -> None:
    """Property: one more point of attack bonus never lowers P(hit) or P(critical);
    P(hit) matches the seed 003 count of faces times the concealment factor."""
    option = weapon(crit_range=low, mult=mult)
    a = attack(option, bonus=bonus, ac=ac, concealment=conceal)
    b = attack(option, bonus=bonus + 1, ac=ac, concealment=conceal)
    pa, pb = summary(a, rules), summary(b, rules)
    hit_a = sum((p for (h, _), p in pa.items() if h), Fraction(0))
    hit_b = sum((p for (h, _), p in pb.items() if h), Fraction(0))
    assert hit_b >= hit_a
    crit_a = sum((p for (_, c), p in pa.items() if c), Fraction(0))
    crit_b = sum((p for (_, c), p in pb.items() if c), Fraction(0))
    assert crit_b >= crit_a
    assert hit_a == _p_hit_formula(bonus, ac) * Fraction(100 - conceal, 100)


@settings(max_examples=60, deadline=None)
@given(
    dice=st.sampled_from(["1d4", "1d8", "2d6", "1d3"]),
    flat=st.integers(-8, 8),
    roll=st.integers(1, 20),
    confirm=st.integers(1, 20),
    half=st.booleans(),
)
def test_damage_is_never_negative(
    dice: str, flat: int, roll: int, confirm: int, half: bool
) -> None:
    """Property (seed 003 "Minimum Damage"): a hit deals at least 1 before defenses, a
    miss deals 0; the damage is the scripted roll, floored at 1."""
    option = weapon(dice=dice, damage=flat)
    a = attack(option, bonus=5, ac=15, half_damage=half)

    def proc(d: DiceSource) -> tuple[bool, int]:
        r = resolve_attack(d, a, SRD35)
        return r.hit, r.damage

    for (hit, dmg), _ in enumerate_outcomes(proc).items():
        assert dmg >= (1 if hit else 0)
        assert dmg == 0 or hit


def test_attack_against_a_bestiary_creature_with_dr() -> None:
    """SRD "Dretch": AC 16, DR 5/cold iron or good. The fighter-4's greatsword (+8,
    2d6+6) rolls 11 and 13 damage: 8 after DR; a cold iron greatsword deals all 13."""
    fighter = derive(find_creature("fighter-4"))
    dretch = derive(find_creature("dretch"))
    sword = fighter.option("greatsword")
    a = attack_on(dretch, sword, SRD35)
    assert a.ac.value == 16 and a.bonus.value == 8
    r, _ = run([11, 13], a)
    assert r.damage == 8 and r.rolled == 13
    assert [(n.kind, n.amount) for n in r.reductions] == [("damage reduction", 5)]
    iron = dataclasses.replace(sword, materials=("cold iron",))
    r, _ = run([11, 13], attack_on(dretch, iron, SRD35))
    assert r.damage == 13 and r.reductions == ()
