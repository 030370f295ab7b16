"""Disarm, sunder and damage to objects at the rules layer, per ruleset, with the rules'
real numbers worked by hand.

Sources: seed 000 "Disarm", "Grabbing Items", "Sunder", "Attack An Object", "Strike a
Weapon", "Breaking Items"; seed 002 "Disarm", "Sunder"; seed 004 "Disarm" (with "Ranged
Weapons", "Grabbing Objects"), "Energy Attacks", "Breaking Objects"; seed 001 "Disarm",
"Attacking held items and objects"; SRD equipment (flail, sai: disarm bonuses; the
locked gauntlet; spiked gauntlets); D19, D14, D27, D28, D29, D01.

The creatures (SRD stat blocks, ``d20combat creature``): fighter-4, human, greatsword
+8 (two-handed; Dex 13); the ogre, Large, greatclub +8 (two-handed; Dex 8); rogue-3, a
Small halfling, short sword +6 (light); the goblin, Small, morningstar +2 (one-handed).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import StatBlock
from d20combat.content.damage import DamageType
from d20combat.content.equipment import weapon, weapons
from d20combat.content.objects import item_hardness_and_hp, weapon_kind
from d20combat.content.rulesets import ruleset
from d20combat.content.sizes import Size
from d20combat.rules.attack import Attack
from d20combat.rules.damage import DamagePart
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.maneuvers import hold, weapon_size
from d20combat.rules.maneuvers.disarm import (
    DisarmSides,
    disarm,
    disarm_roll,
    disarm_sides,
    held_object_ac,
    outcome,
)
from d20combat.rules.maneuvers.sunder import (
    SunderSides,
    carried_object_ac,
    durability,
    sunder,
    sunder_sides,
)
from d20combat.rules.maneuvers.sunder import outcome as sunder_outcome
from d20combat.rules.modifiers import BonusType, Modifier, Total, total_of
from d20combat.rules.objects import break_dc, damage_to_object, held_item_ac
from d20combat.rules.statistics import Statistics, derive


def stats(
    name: str, rules: str = "srd35", *, feat: str | None = None, **changes: Any
) -> Statistics:
    block = find_creature(name)
    data = {**block.model_dump(), **changes}
    if feat is not None:
        data["feats"] = [*data["feats"], {"name": feat}]
    if changes or feat:
        block = StatBlock.model_validate(data)
    return derive(block, ruleset(rules))


def total(value: int) -> Total:
    return total_of(Modifier(value, BonusType.UNTYPED, "test"))


def melee(s: Statistics) -> Any:
    return next(o for o in s.options if not o.ranged and not o.natural)


def roll(s: Statistics, rules: str, *, disarming: bool, countered: bool = False) -> int:
    o = melee(s)
    r = ruleset(rules)
    return disarm_roll(s, hold(s, o), o.bonus, r, disarming=disarming, countered=countered).value


# ------------------------------------------------------------------ disarm modifiers
def test_srd35_disarm_rolls_two_handed_light_and_size() -> None:
    # seed 000 "Disarm": two-handed weapon +4, light weapon -4, +4 per size category to
    # the larger (read as +/-4 per category from Medium on each side).
    fighter, ogre = stats("fighter-4"), stats("ogre")
    assert roll(fighter, "srd35", disarming=True) == 8 + 4  # greatsword
    assert roll(ogre, "srd35", disarming=False) == 8 + 4 + 4  # greatclub, Large
    rogue = stats("rogue-3")
    assert roll(rogue, "srd35", disarming=True) == 6 - 4 - 4  # short sword (light), Small
    goblin = stats("goblin")
    assert roll(goblin, "srd35", disarming=False) == 2 - 4  # morningstar, Small


def test_an_unarmed_disarm_is_a_light_weapon() -> None:
    # "An unarmed strike is considered a light weapon, so you always take a penalty"
    f = stats("fighter-4")
    u = f.unarmed
    assert u is not None
    total = disarm_roll(f, hold(f, u), u.bonus, ruleset(), disarming=True)
    assert total.value == u.bonus.value - 4
    assert "light weapon" in {m.source for m in total.counted()}


def test_d20modern_disarm_rolls_weapon_size_two_hands_and_combatant_size() -> None:
    # seed 004 "Disarm": the larger weapon +4 per category, the target using its weapon
    # in two hands +4 more, the larger combatant +4 per category as well (D19). The
    # ogre's Large greatclub is a Huge weapon (two-handed: one size up) +8, the ogre
    # Large +4: 8 + 8 + 4 = 20 disarming; the fighter's greatsword is a Large weapon
    # +4, in two hands +4 (defending): 8 + 4 + 4 = 16; disarming, no two hands: 12.
    fighter, ogre = stats("fighter-4", "d20modern"), stats("ogre", "d20modern")
    assert roll(ogre, "d20modern", disarming=True) == 20
    assert roll(fighter, "d20modern", disarming=False) == 16
    assert roll(fighter, "d20modern", disarming=True) == 12
    # no light-weapon penalty: the halfling's short sword is a Tiny weapon (-8), Small (-4)
    assert roll(stats("rogue-3", "d20modern"), "d20modern", disarming=True) == 6 - 8 - 4


def test_advanced_disarm_rolls_weapon_size_and_two_hands_only() -> None:
    # seed 001 "Disarm": the larger weapon +4 per category, two hands +4; no combatant
    # size, no light-weapon penalty (D19).
    ogre, fighter = stats("ogre", "advanced"), stats("fighter-4", "advanced")
    assert roll(ogre, "advanced", disarming=True) == 8 + 8
    assert roll(fighter, "advanced", disarming=False) == 8 + 4 + 4


def test_a_disarming_weapons_bonus_counts_to_disarm_and_to_keep_it_after_a_failure() -> None:
    # SRD equipment "Flail": +2 on opposed attack rolls made to disarm an enemy,
    # "including the roll to avoid being disarmed if such an attempt fails": not when
    # someone else starts the disarm.
    s = stats("fighter-4", weapons=["flail"])
    o = melee(s)
    h, r = hold(s, o), ruleset()
    base = o.bonus.value  # a one-handed flail: no effort modifier
    assert disarm_roll(s, h, o.bonus, r, disarming=True).value == base + 2
    assert disarm_roll(s, h, o.bonus, r, disarming=False).value == base
    assert disarm_roll(s, h, o.bonus, r, disarming=False, countered=True).value == base + 2
    sai = stats("fighter-4", weapons=["sai"])
    o = melee(sai)
    assert disarm_roll(sai, hold(sai, o), o.bonus, r, disarming=True).value == o.bonus.value + 4 - 4


def test_a_locked_gauntlet_gives_10_to_keep_the_weapon() -> None:
    # SRD equipment "Gauntlet, Locked": +10 on any roll made to keep from being disarmed.
    s = stats("fighter-4", weapons=[{"weapon": "greatsword", "locked": True}])
    assert roll(s, "srd35", disarming=False) == 8 + 4 + 10
    assert roll(s, "srd35", disarming=False, countered=True) == 8 + 4 + 10
    assert roll(s, "srd35", disarming=True) == 8 + 4


def test_improved_disarm_gives_4_and_takes_the_counter_away() -> None:
    # seed 002: +4 on the opposed roll (D01); SRD feats: "nor does the opponent have a
    # chance to disarm you".
    plain = stats("fighter-4")
    feat = stats("fighter-4", feat="Improved Disarm")
    assert roll(feat, "srd35", disarming=True) == roll(plain, "srd35", disarming=True) + 4
    ogre = stats("ogre")
    for s, countered in ((plain, True), (feat, False)):
        mine, theirs = melee(s), melee(ogre)
        sides = disarm_sides(
            s, hold(s, mine), mine.bonus, ogre, hold(ogre, theirs), theirs.bonus, ruleset()
        )
        assert (sides.counter is not None) is countered


# ------------------------------------------------------------------ what is disarmed
def test_grabbing_a_carried_item() -> None:
    # seed 000 "Grabbing Items" / seed 002: a worn item is disarmed as a non-weapon: the
    # defender -4 and no counter; poorly secured +4 to the attacker, well secured +4 to
    # the defender. seed 004 "Grabbing Objects": no -4 (its disarm has none), the +4s.
    fighter, ogre = stats("fighter-4"), stats("ogre")
    mine, theirs = melee(fighter), melee(ogre)
    args = (fighter, hold(fighter, mine), mine.bonus, ogre, hold(ogre, theirs), theirs.bonus)
    normal = disarm_sides(*args, ruleset(), grab=True)
    assert (normal.attack.value, normal.resist.value if normal.resist else None) == (12, 16 - 4)
    assert normal.counter is None
    loose = disarm_sides(*args, ruleset(), grab=True, security="poorly")
    assert loose.attack.value == 12 + 4
    tight = disarm_sides(*args, ruleset(), grab=True, security="well")
    assert tight.resist is not None and tight.resist.value == 16 - 4 + 4
    modern = disarm_sides(*args, ruleset("d20modern"), grab=True, security="well")
    plain = roll(ogre, "d20modern", disarming=False)  # 8 + 8 + 4 + 4 = 24
    assert modern.resist is not None and modern.resist.value == plain + 4  # no -4


def test_a_ranged_weapon_in_hand() -> None:
    # srd35 (seed 000): not a melee weapon: the defender -4, no counter. d20modern (seed
    # 004 "Ranged Weapons"): an attack on the weapon in the hand, its Defense as a held
    # object (seed 000 "Attack An Object": 10 + size + the holder's Dex, +5 in hand),
    # +2 held in two hands; a longbow of a Medium archer (Dex 13: +1) is a Large object
    # (-1): 10 - 1 + 1 + 5 + 2 = 17.
    archer = stats("fighter-4", weapons=["longbow"])
    bow = next(o for o in archer.options if o.ranged)
    fighter = stats("fighter-4")
    mine = melee(fighter)
    args = (fighter, hold(fighter, mine), mine.bonus, archer, hold(archer, bow), bow.bonus)
    srd = disarm_sides(*args, ruleset())
    # a bow is no two-handed *weapon* of the melee groups: no +4 (a reading: A34)
    assert srd.resist is not None and srd.resist.value == bow.bonus.value - 4
    assert srd.counter is None and srd.object_ac is None
    modern = disarm_sides(*args, ruleset("d20modern"))
    assert modern.object_ac is not None and modern.object_ac.value == 17
    assert held_object_ac(archer, hold(archer, bow), ruleset(), flat_footed=True).value == 16
    assert modern.resist is None and modern.counter is None


# ------------------------------------------------------------------ the disarm procedure
def test_a_tie_fails_and_the_counter_has_no_counter() -> None:
    # "If you beat the defender": 15 + 2 = 17 against 17 ties, a failure (Ties.OPPONENT);
    # the defender's counter, the same roll the other way, 10 + 2 = 12 against 12:
    # another tie, another failure; nothing follows it.
    sides = DisarmSides(total(2), total(2), total(2), total(2))
    r = disarm(ScriptedDice([17, 17, 12, 12]), sides, ruleset())
    assert r.check is not None and r.check.tie and not r.check.won
    assert r.counter is not None and not r.counter.won
    assert outcome(r) == "failed"
    won = disarm(ScriptedDice([18, 17]), sides, ruleset())
    assert outcome(won) == "disarmed" and won.counter is None
    back = disarm(ScriptedDice([10, 17, 15, 12]), sides, ruleset())
    assert outcome(back) == "countered"


def test_the_attack_on_a_held_weapon() -> None:
    # seed 004: an attack roll; a natural 1 misses, a natural 20 hits
    sides = DisarmSides(total(5), None, object_ac=total(17))
    assert outcome(disarm(ScriptedDice([12]), sides, ruleset())) == "disarmed"  # 17
    assert outcome(disarm(ScriptedDice([11]), sides, ruleset())) == "missed"  # 16
    assert outcome(disarm(ScriptedDice([1]), sides, ruleset())) == "missed"


# ------------------------------------------------------------------ sunder
def test_sunder_rolls_and_improved_sunder() -> None:
    # seed 000 "Sunder": the disarm's modifiers (two-handed +4, light -4, size); seed 002
    # Improved Sunder +4 (D01).
    fighter, ogre = stats("fighter-4"), stats("ogre")
    mine, theirs = melee(fighter), melee(ogre)
    blow = Attack(mine, mine.bonus, ogre.ac, mine.damage_bonus)
    sides = sunder_sides(
        fighter, hold(fighter, mine), mine.bonus, ogre, hold(ogre, theirs), theirs.bonus, blow,
        5, 20, ruleset(),
    )  # fmt: skip
    assert sides.attack.value == 12 and sides.resist is not None and sides.resist.value == 16
    feat = stats("fighter-4", feat="Improved Sunder")
    better = sunder_sides(
        feat, hold(feat, melee(feat)), melee(feat).bonus, ogre, hold(ogre, theirs),
        theirs.bonus, blow, 5, 20, ruleset(),
    )  # fmt: skip
    assert better.attack.value == 16


def test_hardness_and_hit_points_of_items_in_hand() -> None:
    # seed 000 Table: Common Armor, Weapon, and Shield Hardness and Hit Points: a
    # greatsword (two-handed blade) 10/10; the ogre's Large greatclub (two-handed hafted,
    # 10 hp doubled for Large) 5/20; a Small short sword (light blade, 2 hp halved) 10/1;
    # a +2 longsword 12/7 ("Strike a Weapon": +1 each per +1); the Small goblin's light
    # shield (light steel shield, 10 hp halved) 10/5.
    assert durability(stats("fighter-4"), "greatsword") == (10, 10)
    assert durability(stats("ogre"), "greatclub") == (5, 20)
    assert durability(stats("rogue-3"), "short sword") == (10, 1)
    magic = stats("fighter-4", weapons=[{"weapon": "longsword", "enhancement": 2}])
    assert durability(magic, "+2 longsword") == (12, 7)
    assert durability(stats("goblin"), "light shield") == (10, 5)
    assert durability(stats("fighter-4"), "full plate") is None  # armor is not sundered


def test_a_carried_object_is_hit_against_its_ac() -> None:
    # seed 000 "Sundering a Carried or Worn Object": 10 + its size modifier + the
    # carrier's Dex modifier: the ogre's javelin (a one-handed hafted weapon, Large like
    # the ogre: -1; Dex 8: -1) AC 8.
    ogre = stats("ogre")
    javelin = next(o for o in ogre.options if o.item == "javelin")
    assert carried_object_ac(ogre, hold(ogre, javelin).size).value == 8


def test_the_chest_of_how_striking_an_object_works() -> None:
    # seed 000: a wooden chest, hardness 5, 10 hp; a blow of 10 leaves 5, one of 4 does
    # nothing (a glancing blow), one of 12 deals 7 and breaks it open.
    greataxe = derive(
        StatBlock.model_validate(
            {**find_creature("fighter-4").model_dump(), "weapons": ["greataxe"]}
        ),
        ruleset(),
    ).options[0]
    flat = total_of()

    def blow(amount: int, hp: int) -> str:
        # the opposed rolls 2 against 1, then the damage roll's total
        sides = SunderSides(total(0), total(0), Attack(greataxe, flat, flat, flat), 5, hp)
        return sunder_outcome(sunder(ScriptedDice([2, 1, amount]), sides, ruleset()))

    assert blow(10, 10) == "damaged"
    assert blow(4, 5) == "glancing"
    assert blow(12, 5) == "destroyed"
    assert blow(3, 5) == "glancing"


# ------------------------------------------------------------------ damage to objects
def part(amount: int, *types: DamageType) -> DamagePart:
    return DamagePart(amount, types, "test")


@pytest.mark.parametrize(
    ("rules", "acid", "fire", "cold", "sonic"),
    [
        ("srd35", 5, 5, 2, 10),  # seed 000: acid, fire, lightning half; cold quarter
        ("d20modern", 10, 5, 2, 10),  # seed 004: acid full; electricity, fire half
        ("advanced", 5, 5, 2, 10),  # seed 001 is silent: srd35's
    ],
)
def test_energy_against_objects(rules: str, acid: int, fire: int, cold: int, sonic: int) -> None:
    r = ruleset(rules)
    got = [
        damage_to_object([part(10, t)], 0, r).damage
        for t in (DamageType.ACID, DamageType.FIRE, DamageType.COLD, DamageType.SONIC)
    ]
    assert got == [acid, fire, cold, sonic]
    assert damage_to_object([part(10, DamageType.ELECTRICITY)], 0, r).damage == 5


def test_ranged_halves_nonlethal_is_nothing_and_hardness_comes_off_the_blow() -> None:
    r = ruleset()
    arrow = part(9, DamageType.PIERCING)
    assert damage_to_object([arrow], 0, r, ranged=True).damage == 4  # 9 // 2
    assert damage_to_object([arrow], 3, r, ranged=True).damage == 1  # halved, then hardness
    assert damage_to_object([arrow], 0, r, nonlethal=True).damage == 0
    assert damage_to_object([arrow], 12, r).damage == 0


def test_break_dcs_drop_by_2_at_half_hit_points() -> None:
    # seed 000 "Breaking Items" / seed 004: "If an item has lost half or more of its hit
    # points, the DC to break it drops by 2."
    assert break_dc(18, 15, 15) == 18  # a good wooden door, whole
    assert break_dc(18, 8, 15) == 18  # 7 lost: less than half
    assert break_dc(18, 7, 15) == 16  # 8 lost: half or more
    assert break_dc(13, 5, 10) == 11


# ------------------------------------------------------------------ weapons as objects
def test_weapon_sizes() -> None:
    # the older weapon sizes (seed 000's older table): light one smaller than the
    # wielder, one-handed the same, two-handed one larger; a Large ogre's greatclub Huge
    sizes = {w: weapon_size(weapon(w), Size.MEDIUM) for w in ("dagger", "longsword", "greatsword")}
    assert sizes == {"dagger": Size.SMALL, "longsword": Size.MEDIUM, "greatsword": Size.LARGE}
    assert weapon_size(weapon("greatclub"), Size.LARGE) is Size.HUGE
    assert weapon_size(weapon("unarmed strike"), Size.MEDIUM) is Size.SMALL
    assert weapon_size(weapon("hand crossbow"), Size.MEDIUM) is Size.MEDIUM
    assert weapon_size(weapon("javelin"), Size.MEDIUM) is Size.MEDIUM
    assert weapon_size(None, Size.HUGE) is Size.HUGE  # a natural weapon


def test_every_weapon_has_a_row_of_the_hardness_table() -> None:
    no_object = {"unarmed strike", "spiked armor", "acid", "alchemist's fire", "holy water"}
    no_object.add("fragmentation grenade")  # seed 004: used up when thrown, as a flask
    for w in weapons():
        kind = weapon_kind(w.name)
        if w.name in no_object:
            assert kind is None, w.name
            continue
        assert kind is not None, w.name
        item_hardness_and_hp(kind)  # a row of the 3.5 table (raises otherwise)


def test_a_small_item_in_hand_per_ruleset() -> None:
    # seed 001 "Attacking a handheld item": the holder's touch AC + 4: fighter-4's touch
    # AC 11 gives 15. seed 000 "Attack An Object": a Tiny item (+2) with the holder's Dex
    # 13 (+1), +5 in the hand: 18 (D28).
    assert held_item_ac(stats("fighter-4", "advanced"), Size.TINY, ruleset("advanced")).value == 15
    assert held_item_ac(stats("fighter-4"), Size.TINY, ruleset()).value == 10 + 2 + 1 + 5


def test_small_fragile_items_break_on_a_hit_in_advanced() -> None:
    # seed 001: "Small fragile items (such as potions and scrolls) break automatically on
    # a hit"; srd35 has no such rule: 1 point against hardness 1 does nothing.
    tap = [part(1, DamageType.BLUDGEONING)]
    assert damage_to_object(tap, 1, ruleset("advanced"), fragile=True).shattered
    plain = damage_to_object(tap, 1, ruleset(), fragile=True)
    assert not plain.shattered and plain.damage == 0
