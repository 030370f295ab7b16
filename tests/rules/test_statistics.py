"""Derived statistics checked against the SRD's published stat blocks and against
hand arithmetic from the rules (each test names its numbers' source).

The SRD blocks are in ``srd35/monsters/*.html``; the builds in
``content/data/builds/*.yaml``. Tests marked ``xfail(strict=True)`` document a rule
the derivation gets wrong today (see each reason); they will fail loudly once fixed,
so the marker can be removed.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import Ability, StatBlock
from d20combat.content.rulesets import Ruleset, ruleset
from d20combat.rules.modifiers import BonusType
from d20combat.rules.statistics import (
    Statistics,
    armored_speed,
    derive,
    iterative_bonuses,
    two_weapon_penalties,
)

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")


def creature(name: str, rules: Ruleset = SRD35) -> Statistics:
    return derive(find_creature(name), rules)


def block(rules: Ruleset = SRD35, **kw: Any) -> Statistics:
    """A plain Medium humanoid (all abilities 10, 1 HD, BAB +1) with overrides."""
    data: dict[str, Any] = {
        "name": "test subject",
        "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "hit_dice": [{"count": 1, "die": 8}],
        "bab": 1,
        "base_saves": {},
    }
    abilities = kw.pop("abilities", {})
    data["abilities"] = {**data["abilities"], **abilities}
    data.update(kw)
    return derive(StatBlock.model_validate(data), rules)


# --- SRD stat blocks ----------------------------------------------------------------------


def test_srd_ogre() -> None:
    """SRD monsters-o-r.html "Ogre": 4d8+11 (29 hp); Init -1; Speed 30 ft. in hide armor
    (base 40); AC 16 (-1 size, -1 Dex, +5 natural, +3 hide armor), touch 8, flat-footed
    16; Base Attack/Grapple +3/+12; Greatclub +8 melee (2d8+7) or javelin +1 ranged
    (1d8+5); Space/Reach 10 ft./10 ft.; Fort +6, Ref +0, Will +1."""
    s = creature("ogre")
    assert s.hp.value == 29
    assert s.initiative.value == -1
    assert s.speed.value == 30
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (16, 8, 16)
    assert s.bab == 3 and s.grapple.value == 12
    club, javelin = s.option("greatclub"), s.option("javelin")
    assert (club.bonus.value, club.damage_text, club.critical_text) == (8, "2d8+7", "20/x2")
    assert (javelin.bonus.value, javelin.damage_text, javelin.ranged) == (1, "1d8+5", True)
    assert {k: t.value for k, t in s.saves.items()} == {"fort": 6, "ref": 0, "will": 1}
    assert (s.space_ft, s.reach_ft) == (10, 10)
    assert s.routine("greatclub").bonuses == (8,)  # BAB +3: one attack


def test_srd_ogre_breakdown() -> None:
    """SRD "Ogre": greatclub +8 = BAB 3 + Str 5 - 1 size + 1 Weapon Focus; damage
    +7 = 1 1/2 x Str 5 (two-handed, rounded down); hp 29 = 18 (4d8 average) + 8 (Con
    +2 x 4) + 3 (Toughness)."""
    s = creature("ogre")
    club = s.option("greatclub")
    assert sorted(m.value for m in club.bonus.counted()) == [-1, 1, 3, 5]
    assert [m.source for m in club.damage_bonus.counted()] == ["Str x1 1/2"]
    assert sorted(m.value for m in s.hp.counted()) == [3, 8, 18]


def test_srd_owlbear_and_troll_secondary_bites() -> None:
    """SRD "Owlbear": 2 claws +9 melee (1d6+5) and bite +4 melee (1d8+2); "Troll":
    2 claws +9 melee (1d6+6) and bite +4 melee (1d6+3). The bite is a secondary
    natural attack: -5 and 1/2 Str (SRD monsters intro; seed 001 "Natural attacks")."""
    owl = creature("owlbear")
    assert owl.routine("natural").bonuses == (9, 9, 4)
    assert owl.option("claw").damage_text == "1d6+5" and owl.option("bite").damage_text == "1d8+2"
    assert not owl.option("bite").primary
    troll = creature("troll")
    assert troll.routine("natural").bonuses == (9, 9, 4)
    assert troll.option("claw").damage_text == "1d6+6"
    assert troll.option("bite").damage_text == "1d6+3"
    assert (troll.ac.value, troll.touch.value, troll.flat_footed.value) == (16, 11, 14)
    assert troll.hp.value == 63 and troll.grapple.value == 14


def test_srd_dretch_multiattack() -> None:
    """SRD "Dretch" (Feats: Multiattack): 2 claws +4 melee (1d6+1) and bite +2 melee
    (1d4): with Multiattack a secondary attack takes only -2; the bite adds 1/2 of
    Str +1 (0)."""
    s = creature("dretch")
    assert s.routine("natural").bonuses == (4, 4, 2)
    assert s.option("bite").damage_text == "1d4"
    secondary = [m for m in s.option("bite").bonus.counted() if m.source.startswith("secondary")]
    assert [(m.value, m.source) for m in secondary] == [
        (-2, "secondary natural attack (Multiattack)")
    ]
    assert s.grapple.value == -1  # +2/-1: BAB 2 + Str 1 - 4 (Small)


def test_srd_sole_natural_attack_gets_one_and_a_half_str() -> None:
    """SRD monsters intro: a creature with a single natural attack adds 1 1/2 x Str.
    "Dog, Riding": Bite +3 melee (1d6+3), Str 15 (+2 x 1 1/2 = 3); "Wolf": Bite +3
    melee (1d6+1), Str 13 (+1 x 1 1/2 = 1), with Weapon Focus (bite)."""
    dog = creature("riding-dog")
    assert (dog.option("bite").bonus.value, dog.option("bite").damage_text) == (3, "1d6+3")
    wolf = creature("wolf")
    assert (wolf.option("bite").bonus.value, wolf.option("bite").damage_text) == (3, "1d6+1")


def test_srd_dire_rat_finesse_on_a_natural_weapon() -> None:
    """SRD feats "Weapon Finesse": "Natural weapons are always considered light
    weapons." SRD "Rat, Dire": Bite +4 melee = BAB 0 + Dex 3 + 1 size."""
    s = creature("dire-rat")
    assert s.option("bite").bonus.value == 4


def test_srd_skeleton_keeps_dex_penalty_rule_and_shield() -> None:
    """SRD "Human Warrior Skeleton": AC 15 (+1 Dex, +2 natural, +2 heavy steel shield),
    touch 11, flat-footed 14; +0/+1; scimitar +1 melee (1d6+1/18-20)."""
    s = creature("human-warrior-skeleton")
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (15, 11, 14)
    assert s.grapple.value == 1
    sword = s.option("scimitar")
    assert (sword.bonus.value, sword.damage_text, sword.critical_text) == (1, "1d6+1", "18-20/x2")
    assert s.crit_immune and s.defenses.nonlethal_immune


def test_srd_ogre_barbarian_iteratives_and_magic() -> None:
    """SRD "Ogre, 4th-Level Barbarian": +1 greatclub +16/+11 melee (2d8+13); AC 19
    (+4 +1 hide armor, ring of protection +1), touch 10, flat-footed 19; +7/+19;
    79 hp; Fort +12, Ref +2, Will +2."""
    s = creature("ogre-barbarian")
    club = s.option("+1 greatclub")
    assert s.routine("+1 greatclub").bonuses == (16, 11) and club.damage_text == "2d8+13"
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (19, 10, 19)
    assert s.grapple.value == 19 and s.hp.value == 79
    assert {k: t.value for k, t in s.saves.items()} == {"fort": 12, "ref": 2, "will": 2}


def test_srd_ogre_barbarian_speed_in_hide() -> None:
    """SRD "Ogre, 4th-Level Barbarian": "Speed: 40 ft. in hide armor; base speed 50 ft."
    The SRD barbarian "Fast Movement" says to apply the +10 "before modifying the
    barbarian's speed because of any load carried or armor worn" (srd-movement-04):
    40 + 10 = 50, two thirds in hide armor rounded up to 5 ft: 35 (D84: the block adds
    it after the reduction, 30 + 10 = 40)."""
    assert creature("ogre-barbarian").speed.value == 35


def test_srd_crocodile_alternative_attacks() -> None:
    """SRD "Crocodile": Bite +6 melee (1d8+6) or tail slap +6 melee (1d12+6): either is
    the creature's single attack, so each adds 1 1/2 x Str 19 (+4 -> 6)."""
    s = creature("crocodile")
    assert s.option("bite").damage_text == "1d8+6"
    assert s.option("tail slap").damage_text == "1d12+6"


# --- character builds ---------------------------------------------------------------------


def test_fighter_4_by_hand() -> None:
    """data/builds/fighter-4.yaml by hand: human fighter 4, Str 16 (15 + 4th-level
    increase), Dex 13, Con 14, Wis 12; full plate; greatsword two-handed; Weapon Focus
    and Specialization (greatsword), Improved Initiative, Iron Will.

    * hp: 10 (max d10) + 3 x 5.5 = 26.5 -> 26, + Con 2 x 4 = 34 (builds "max-first");
    * AC 10 + 8 full plate + Dex 1 (max Dex +1) = 19; touch 11; flat-footed 18;
    * initiative Dex 1 + 4 = 5; Fort 4 + 2 = 6, Ref 1 + 1 = 2, Will 1 + 1 + 2 = 4;
    * greatsword BAB 4 + Str 3 + 1 Focus = +8; 2d6 + 4 (Str 3 x 1 1/2) + 2 = 2d6+6,
      19-20/x2; javelin BAB 4 + Dex 1 = +5, 1d6+3;
    * grapple 4 + 3 = 7; speed 30 -> 20 in heavy armor; check penalty -6.
    """
    s = creature("fighter-4")
    assert s.hp.value == 34
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (19, 11, 18)
    assert s.initiative.value == 5
    assert {k: t.value for k, t in s.saves.items()} == {"fort": 6, "ref": 2, "will": 4}
    sword = s.option("greatsword")
    assert (sword.bonus.value, sword.damage_text, sword.critical_text) == (8, "2d6+6", "19-20/x2")
    assert sword.two_handed
    javelin = s.option("javelin")
    assert (javelin.bonus.value, javelin.damage_text) == (5, "1d6+3")
    assert s.grapple.value == 7 and s.bab == 4
    assert s.speed.value == 20 and s.armor_check_penalty == -6 and s.max_dex == 1
    assert s.routine("greatsword").bonuses == (8,)


def test_rogue_3_by_hand() -> None:
    """data/builds/rogue-3.yaml by hand: halfling rogue 3 (Small), Str 10, Dex 17,
    Con 14; masterwork studded leather; Weapon Finesse.

    * short sword BAB 2 + Dex 3 (Finesse) + 1 size = +6, 1d4 (Small), 19-20/x2;
    * shortbow BAB 2 + Dex 3 + 1 = +6, 1d4, 20/x3;
    * AC 10 + 3 + 3 + 1 = 17, touch 14, flat-footed 14 (uncanny dodge comes at 4th);
    * grapple 2 + 0 - 4 = -2; hp 6 + 2 x 3.5 = 13, + 2 x 3 = 19;
    * saves (+1 halfling): Fort 1+2+1 = 4, Ref 3+3+1 = 7, Will 1+0+1 = 2;
    * studded leather -1, masterwork +1: check penalty 0; light armor: speed 20.
    """
    s = creature("rogue-3")
    sword, bow = s.option("short sword"), s.option("shortbow")
    assert (sword.bonus.value, sword.damage_text, sword.critical_text) == (6, "1d4", "19-20/x2")
    assert (bow.bonus.value, bow.damage_text, bow.critical_text) == (6, "1d4", "20/x3")
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (17, 14, 14)
    assert s.grapple.value == -2 and s.hp.value == 19
    assert {k: t.value for k, t in s.saves.items()} == {"fort": 4, "ref": 7, "will": 2}
    assert s.armor_check_penalty == 0 and s.speed.value == 20


# --- iteratives and two-weapon fighting ----------------------------------------------------


@pytest.mark.parametrize(
    ("bab", "srd", "advanced"),
    [
        (0, [0], [0]),
        (1, [1], [1]),
        (5, [5], [5]),
        (6, [6, 1], [6, 1]),
        (10, [10, 5], [10, 5]),
        (11, [11, 6, 1], [11, 6]),
        (16, [16, 11, 6, 1], [16, 11]),
        (20, [20, 15, 10, 5], [20, 15]),
        (25, [25, 20, 15, 10], [25, 20]),  # never more than four
    ],
)
def test_iterative_attacks(bab: int, srd: list[int], advanced: list[int]) -> None:
    """SRD combat-i "Attack Bonus": an extra attack at -5 for each +5 of BAB above +1
    (+6/+1, +11/+6/+1, at most four); seed 001 "Base Attack Bonus": one secondary
    attack (-5) from BAB +6, and no more."""
    assert iterative_bonuses(bab, SRD35) == srd
    assert iterative_bonuses(bab, MODERN) == srd
    assert iterative_bonuses(bab, ADVANCED) == advanced


def test_iteratives_in_a_routine() -> None:
    """SRD combat-i "Full Attack": a BAB +11 fighter with a longsword (Str 10) attacks
    at +11/+6/+1; in ``advanced`` (seed 001) at +11/+6."""
    kw: dict[str, Any] = {"bab": 11, "weapons": ["longsword"]}
    assert block(**kw).routine("longsword").bonuses == (11, 6, 1)
    assert block(ADVANCED, **kw).routine("longsword").bonuses == (11, 6)


@pytest.mark.parametrize(
    ("light", "feat", "expected"),
    [
        (False, False, (-6, -10)),
        (True, False, (-4, -8)),
        (False, True, (-4, -4)),
        (True, True, (-2, -2)),
    ],
)
def test_two_weapon_penalty_table(light: bool, feat: bool, expected: tuple[int, int]) -> None:
    """Seed 000 "Two-Weapon Fighting Penalties": normal -6/-10; off-hand light -4/-8;
    the feat -4/-4; both -2/-2."""
    assert two_weapon_penalties(light, feat) == expected


@pytest.mark.parametrize(
    ("off", "feats", "expected"),
    [
        ("longsword", [], (-6 + 1, -10 + 1)),
        ("short sword", [], (-4 + 1, -8 + 1)),
        ("longsword", ["Two-Weapon Fighting"], (-4 + 1, -4 + 1)),
        ("short sword", ["Two-Weapon Fighting"], (-2 + 1, -2 + 1)),
        ("unarmed strike", [], (-4 + 1, -8 + 1)),  # an unarmed strike is always light
    ],
)
def test_two_weapon_routines(off: str, feats: list[str], expected: tuple[int, int]) -> None:
    """Seed 000 "Two-Weapon Fighting" applied to a BAB +1, Str 10 fighter's routine."""
    s = block(weapons=["longsword", {"weapon": off, "wield": "off"}], feats=feats)
    assert s.routine("longsword and").bonuses == expected


def test_two_weapon_iteratives_and_improved_feat() -> None:
    """Seed 000 two-weapon table with iteratives: BAB +6, the feat and a light off-hand
    weapon: +4/-1 with the primary hand, +4 off hand; Improved Two-Weapon Fighting
    (SRD feats) adds a second off-hand attack at -5: +4/-1/+4/-1."""
    kw: dict[str, Any] = {
        "bab": 6,
        "weapons": ["longsword", {"weapon": "short sword", "wield": "off"}],
    }
    assert block(feats=["Two-Weapon Fighting"], **kw).routine("longsword and").bonuses == (
        4,
        -1,
        4,
    )
    feats = ["Two-Weapon Fighting", "Improved Two-Weapon Fighting"]
    assert block(feats=feats, **kw).routine("longsword and").bonuses == (4, -1, 4, -1)


@pytest.mark.parametrize(
    ("weapon", "feats", "bonuses", "ends"),
    [
        # Str 14 (+2): first end Str x1, second end x1/2, each its own dice
        ("two-bladed sword", ["Two-Weapon Fighting"], (1, 1), [("1d8", 2, 2), ("1d8", 1, 2)]),
        ("quarterstaff", [], (-1, -5), [("1d6", 2, 2), ("1d6", 1, 2)]),
        ("gnome hooked hammer", ["Two-Weapon Fighting"], (1, 1), [("1d8", 2, 3), ("1d6", 1, 4)]),
    ],
)
def test_a_double_weapon_fights_as_two_weapons(
    weapon: str, feats: list[str], bonuses: tuple[int, int], ends: list[tuple[str, int, int]]
) -> None:
    """SRD combat-i "Double Weapons" / seed 004: a double weapon can be used as two
    weapons, the off-hand end counting as a light weapon: BAB +1, Str 14 (+2): with
    Two-Weapon Fighting -2/-2 (+1 each), without it -4/-8 (-1/-5). Each end has its own
    damage and critical multiplier (SRD Table: Weapons: the gnome hooked hammer
    1d8 x3 / 1d6 x4). Used whole, it is a two-handed weapon (Str x1 1/2 = +3)."""
    s = block(weapons=[weapon], feats=feats, abilities={"str": 14})
    pair = next(r for r in s.routines if r.two_weapon)
    assert pair.bonuses == bonuses
    got = [(str(o.dice), o.damage_bonus.value, o.crit_multiplier) for o, _ in pair.attacks]
    assert got == ends
    assert [o.name for o, _ in pair.attacks] == [f"{weapon} (first end)", f"{weapon} (second end)"]
    whole = s.routine(weapon).attacks[0][0]
    assert whole.two_handed and whole.damage_bonus.value == 3


def test_advanced_two_weapon_primary_or_secondary() -> None:
    """Seed 001 "Two-weapon fighting" (with the feat): the extra attack is primary
    with a light off-hand weapon (no penalty) and secondary (-5) otherwise; the main
    hand takes no penalty."""
    feats = ["Two-Weapon Fighting"]
    light = block(
        ADVANCED, feats=feats, weapons=["longsword", {"weapon": "short sword", "wield": "off"}]
    )
    assert light.routine("longsword and").bonuses == (1, 1)
    heavy = block(
        ADVANCED, feats=feats, weapons=["longsword", {"weapon": "longsword", "wield": "off"}]
    )
    assert heavy.routine("longsword and").bonuses == (1, -4)


def test_advanced_two_weapon_needs_the_feat() -> None:
    """Seed 001: "If you take the two-weapon fighting feat, you can make an extra
    attack each round by using the weapon in your other hand" - without it, none."""
    s = block(ADVANCED, weapons=["longsword", {"weapon": "short sword", "wield": "off"}])
    assert all(len(r.attacks) == 1 for r in s.routines)


# --- Strength to damage --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("str_score", "weapon", "wield", "expected"),
    [
        (16, "greatsword", "two-handed", 4),  # +3 x 1 1/2
        (17, "longsword", "two-handed", 4),  # +3 x 1 1/2 = 4.5 -> 4
        (16, "longsword", "main", 3),
        (16, "short sword", "two-handed", 3),  # light weapon: no extra
        (16, "longsword", "off", 1),  # +3 x 1/2 = 1.5 -> 1
        (8, "greatsword", "two-handed", -1),  # a penalty is not multiplied
        (8, "longsword", "off", -1),  # nor halved
    ],
)
def test_strength_to_damage(str_score: int, weapon: str, wield: str, expected: int) -> None:
    """Seed 003 "Damage": Str bonus x1 one-handed, x1 1/2 two-handed but not with a
    light weapon, x1/2 off hand; a Strength penalty applies in full."""
    weapons: list[Any] = [{"weapon": weapon, "wield": wield}]
    if wield == "off":
        weapons.insert(0, "club")
    s = block(abilities={"str": str_score}, weapons=weapons)
    opts = [o for o in s.options if o.weapon is not None and o.weapon.name == weapon]
    assert opts[-1].damage_bonus.value == expected


def test_bows_and_strength() -> None:
    """Seed 003 "Strength Bonus": a Strength penalty, but not a bonus, applies to a
    non-composite bow; a composite bow adds Str up to its rating (SRD equipment)."""
    weak = block(abilities={"str": 8}, weapons=["shortbow"]).option("shortbow")
    strong = block(abilities={"str": 16}, weapons=["shortbow"]).option("shortbow")
    composite = block(
        abilities={"str": 16}, weapons=[{"weapon": "composite longbow", "str_rating": 2}]
    ).option("composite longbow")
    assert (weak.damage_bonus.value, strong.damage_bonus.value) == (-1, 0)
    assert composite.damage_bonus.value == 2


# --- feats ----------------------------------------------------------------------------------


def test_weapon_finesse() -> None:
    """SRD feats "Weapon Finesse": with a light weapon or a rapier, Dex instead of Str on
    the attack roll (the better of the two here); not with a longsword; no effect on
    damage."""
    kw: dict[str, Any] = {
        "abilities": {"str": 10, "dex": 16},
        "weapons": ["rapier", "longsword", "dagger"],
    }
    s = block(feats=["Weapon Finesse"], **kw)
    assert s.option("rapier").bonus.value == 1 + 3
    assert s.option("dagger").bonus.value == 1 + 3
    assert s.option("longsword").bonus.value == 1
    assert s.option("rapier").damage_bonus.value == 0
    assert block(**kw).option("rapier").bonus.value == 1
    strong = block(feats=["Weapon Finesse"], abilities={"str": 18, "dex": 12}, weapons=["rapier"])
    assert strong.option("rapier").bonus.value == 1 + 4


def test_weapon_finesse_with_a_shield() -> None:
    """SRD feats "Weapon Finesse": "If you carry a shield, its armor check penalty
    applies to your attack rolls": a heavy steel shield (-2) with a finessed rapier:
    BAB 1 + Dex 4 - 2 = +3."""
    s = block(
        feats=["Weapon Finesse"],
        abilities={"dex": 18},
        weapons=["rapier"],
        shield="heavy steel shield",
    )
    assert s.option("rapier").bonus.value == 3


def test_weapon_focus_and_specialization() -> None:
    """SRD feats "Weapon Focus": +1 on attack rolls with the weapon; "Weapon
    Specialization": +2 on damage rolls; neither helps another weapon."""
    s = block(
        feats=["Weapon Focus (longsword)", "Weapon Specialization (longsword)"],
        weapons=["longsword", "battleaxe"],
    )
    assert (s.option("longsword").bonus.value, s.option("longsword").damage_bonus.value) == (2, 2)
    assert (s.option("battleaxe").bonus.value, s.option("battleaxe").damage_bonus.value) == (1, 0)


@pytest.mark.parametrize(
    ("weapon", "normal", "improved"),
    [
        ("longsword", "19-20/x2", "17-20/x2"),
        ("scimitar", "18-20/x2", "15-20/x2"),
        ("greataxe", "20/x3", "19-20/x3"),
    ],
)
def test_improved_critical_doubles_the_threat_range(
    weapon: str, normal: str, improved: str
) -> None:
    """SRD feats "Improved Critical": the threat range is doubled (19-20 -> 17-20,
    18-20 -> 15-20, 20 -> 19-20); the multiplier is unchanged."""
    assert block(bab=8, weapons=[weapon]).option(weapon).critical_text == normal
    s = block(bab=8, weapons=[weapon], feats=[f"Improved Critical ({weapon})"])
    assert s.option(weapon).critical_text == improved


def test_masterwork_and_magic_weapons() -> None:
    """SRD equipment "Masterwork Weapons": +1 enhancement on attack rolls, not damage;
    a +1 weapon adds +1 to both, and its bonus does not stack with masterwork."""
    mw = block(weapons=[{"weapon": "longsword", "masterwork": True}]).options[0]
    assert (mw.bonus.value, mw.damage_bonus.value) == (2, 0)
    magic = block(weapons=[{"weapon": "longsword", "enhancement": 1, "masterwork": True}]).options[
        0
    ]
    assert (magic.bonus.value, magic.damage_bonus.value, magic.enhancement) == (2, 1, 1)


# --- armor class ----------------------------------------------------------------------------


def test_touch_and_flat_footed_with_dodge() -> None:
    """Seed 003 "Touch Attacks" (no armor, shield or natural armor), "Flat-Footed" (no
    Dex bonus), "Dodge Bonuses" (lost whenever the Dex bonus is lost). Dex 14, a +1
    dodge bonus (always on), chain shirt, light steel shield, natural armor +1, ring of
    protection +1 (deflection): AC 10+4+1+1+2+1+1 = 20; touch 10+2+1+1 = 14;
    flat-footed 20-2-1 = 17."""
    s = block(
        abilities={"dex": 14},
        armor="chain shirt",
        shield="light steel shield",
        natural_armor=1,
        modifiers=[
            {"stat": "ac", "value": 1, "type": "deflection", "source": "ring"},
            {"stat": "ac", "value": 1, "type": "dodge", "source": "always-on dodge"},
        ],
    )
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (20, 14, 17)
    assert s.armor_class(touch=True, flat_footed=True).value == 11  # 10 + 1 deflection
    assert not any(m.type is BonusType.DODGE for m in s.flat_footed.counted())


def test_uncanny_dodge_keeps_dex() -> None:
    """Seed 003 "Flat-Footed": uncanny dodge keeps the Dex bonus (and so the dodge
    bonus) when flat-footed."""
    dodge = [{"stat": "ac", "value": 1, "type": "dodge", "source": "always-on dodge"}]
    s = block(abilities={"dex": 14}, modifiers=dodge, qualities=["uncanny dodge"])
    assert (s.ac.value, s.flat_footed.value) == (13, 13)


def test_dodge_feat_counts_only_against_the_designated_opponent() -> None:
    """SRD feats "Dodge": +1 dodge bonus to AC against one designated opponent; the
    stat block's AC leaves it out (as the SRD's do: e.g. the centaur's AC 14) and
    notes it as conditional; the encounter applies it."""
    s = block(abilities={"dex": 14}, feats=["Dodge"])
    assert s.ac.value == 12
    assert any("designated opponent" in note for note in s.conditional)


def test_flat_footed_keeps_a_dex_penalty() -> None:
    """Seed 003: flat-footed loses the Dex *bonus*; a penalty stays (SRD "Ogre": AC 16
    with Dex -1, flat-footed 16)."""
    s = block(abilities={"dex": 6})
    assert (s.ac.value, s.flat_footed.value) == (8, 8)


@pytest.mark.parametrize(
    ("armor", "shield", "cap", "ac"),
    [
        ("full plate", None, 1, 10 + 8 + 1),
        ("breastplate", None, 3, 10 + 5 + 3),
        ("chain shirt", None, 4, 10 + 4 + 4),
        ("chain shirt", "tower shield", 2, 10 + 4 + 4 + 2),
        (None, None, None, 10 + 4),
    ],
)
def test_max_dex_cap(armor: str | None, shield: str | None, cap: int | None, ac: int) -> None:
    """SRD equipment "Maximum Dex Bonus": Dex 18 (+4) is capped by the armor (full plate
    +1, breastplate +3, chain shirt +4) and by a tower shield (+2)."""
    s = block(abilities={"dex": 18}, armor=armor, shield=shield)
    assert s.max_dex == cap and s.ac.value == ac


@pytest.mark.parametrize(
    ("armor", "shield", "acp"),
    [
        ("full plate", None, -6),
        ({"armor": "full plate", "masterwork": True}, None, -5),
        ("full plate", "heavy steel shield", -8),
        ("chain shirt", None, -2),
        (None, None, 0),
    ],
)
def test_armor_check_penalty(armor: object, shield: str | None, acp: int) -> None:
    """SRD equipment "Armor Check Penalty" (they add: armor and shield); "Masterwork
    Armor": 1 less."""
    assert block(armor=armor, shield=shield).armor_check_penalty == acp


@pytest.mark.parametrize(
    ("base", "armor", "speed"),
    [
        (30, "breastplate", 20),
        (30, "full plate", 20),
        (20, "breastplate", 15),
        (20, "full plate", 15),
        (40, "hide", 30),
        (30, "chain shirt", 30),  # light armor: no reduction
    ],
)
def test_speed_in_armor(base: int, armor: str, speed: int) -> None:
    """SRD equipment Table: Armor and Shields: medium and heavy armor 30 -> 20,
    20 -> 15 (and SRD "Ogre": base 40, 30 ft. in hide armor); light armor none."""
    assert block(speed={"land": base}, armor=armor).speed.value == speed
    assert armored_speed(base) == speed or armor == "chain shirt"


@given(st.integers(1, 24).map(lambda n: 5 * n))
def test_armored_speed_never_faster(base: int) -> None:
    """Property: medium/heavy armor never raises speed, lowers it by at most a third
    (rounded to 5 ft.), and keeps multiples of 5 ft."""
    slow = armored_speed(base)
    assert slow <= base and slow % 5 == 0 and slow >= base * 2 // 3


# --- grapple ----------------------------------------------------------------------------------


def test_grapple_special_size_modifier() -> None:
    """Seed 000 "Grapple Checks": BAB + Str + special size modifier (Small -4, Large
    +4): SRD "Ogre" +3/+12 (3 + 5 + 4); the halfling rogue-3: 2 + 0 - 4 = -2."""
    assert creature("ogre").grapple.value == 12
    assert creature("rogue-3").grapple.value == -2


@pytest.mark.parametrize(("name", "delta"), [("rogue-3", -2), ("fighter-4", 0), ("ogre", 2)])
def test_advanced_grapple_is_melee_attack_with_reversed_size(name: str, delta: int) -> None:
    """Seed 001 "Calculating your grapple bonus": a Medium character's grapple bonus is
    its normal melee attack bonus; a Small one's is 2 less (it loses +1 and takes -1);
    by the same rule a Large one's is 2 more. The melee attack bonus here is BAB + Str
    + size (no weapon)."""
    s = creature(name, ADVANCED)
    size = s.stat.size.attack_modifier
    melee = s.bab + s.mod(Ability.STR) + size
    assert s.grapple.value == melee + delta
