"""SRD weapons and armor: the importer, the shipped data, names and damage by size.

Expected numbers are the published SRD 3.5 values (srd35/basic-rules-and-legal/
equipment.html) and the weapon damage printed in SRD monster stat blocks
(srd35/monsters/*.html).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.damage import DamageType
from d20combat.content.equipment import (
    ArmorCategory,
    Handedness,
    WeaponCategory,
    WeaponFlag,
    armor,
    armors,
    size_damage_tables,
    step_damage,
    weapon,
    weapon_damage_for_size,
    weapons,
)
from d20combat.content.importers.equipment import (
    EquipmentImport,
    canonical_name,
    main,
    read_equipment,
    render_equipment,
)
from d20combat.content.library import data_dir
from d20combat.content.sizes import Size
from d20combat.errors import ContentError, InputError
from d20combat.rules.dice import Dice

SRD = Path(__file__).resolve().parents[2] / "srd35"
F = WeaponFlag


@pytest.fixture(scope="module")
def imported() -> EquipmentImport:
    return read_equipment(SRD)


# --- the importer and the shipped files ------------------------------------------------


def test_importer_reproduces_shipped_yaml(imported: EquipmentImport) -> None:
    for name, text in render_equipment(imported).items():
        assert (data_dir() / name).read_text(encoding="utf-8") == text, name


def test_row_counts(imported: EquipmentImport) -> None:
    table = [w for w in imported.weapons if w.source.endswith("Table: Weapons")]
    with_ammo = [w for w in table if w.ammunition is not None]
    assert imported.table_rows == 83  # the README's count of Table: Weapons rows
    assert len(table) == 73
    assert len(with_ammo) == 10  # arrows x4, bolts x5, sling bullets
    assert len(table) + len(with_ammo) == 83
    assert len(imported.armor) == 21
    # plus acid, alchemist's fire, holy water, 3 garrotes (seed 000), 4 firearms and a
    # grenade (seed 004)
    assert len(weapons()) == 84
    assert len(armors()) == 21


def test_repairs_are_reported(imported: EquipmentImport) -> None:
    notes = "\n".join(imported.notes)
    assert "'Net': critical cell missing" in notes
    assert notes.count("'Bolts (5)': range cell missing") == 2


def test_category_counts(imported: EquipmentImport) -> None:
    counts = {c: sum(w.category is c for w in imported.weapons) for c in WeaponCategory}
    assert counts == {
        WeaponCategory.SIMPLE: 19,
        WeaponCategory.MARTIAL: 35,
        WeaponCategory.EXOTIC: 19 + 3,  # the three garrotes of seed 000
        WeaponCategory.NONE: 3 + 1,  # and seed 004's grenade: thrown, no proficiency
        WeaponCategory.FIREARM: 4,  # seed 004's pistol, rifle, submachine gun (A90) and
        # machine gun (A187)
    }


def test_cli_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SRD), str(tmp_path)]) == 0
    text = (tmp_path / "armor.yaml").read_text(encoding="utf-8")
    assert "Open Game License v1.0a" in text and "System Reference Document" in text
    assert "21 armor rows" in capsys.readouterr().out


def test_cli_missing_srd(tmp_path: Path) -> None:
    assert main([str(tmp_path / "nowhere"), str(tmp_path)]) == 2
    with pytest.raises(InputError, match=r"equipment\.html: no such file"):
        read_equipment(tmp_path)


@pytest.mark.parametrize(
    ("srd", "canonical"),
    [
        ("Crossbow, light", "light crossbow"),
        ("Sword, bastard", "bastard sword"),
        ("Axe, orc double", "orc double axe"),
        ("Shield, heavy steel", "heavy steel shield"),
        ("Hide", "hide"),
        ("Crossbow, repeating heavy", "repeating heavy crossbow"),
        ("Half-plate", "half-plate"),
        ("Shuriken (5)", "shuriken"),
    ],
)
def test_canonical_names(srd: str, canonical: str) -> None:
    assert canonical_name(srd) == canonical


# --- weapons ---------------------------------------------------------------------------


def test_greatsword() -> None:
    w = weapon("greatsword")
    assert w.damage == {"small": "1d10", "medium": "2d6"}
    assert (w.critical_range, w.critical_multiplier) == (19, 2)
    assert w.damage_types == (DamageType.SLASHING,)
    assert w.handedness is Handedness.TWO_HANDED
    assert w.category is WeaponCategory.MARTIAL
    assert (w.cost, w.weight_lb) == ("50 gp", 8.0)


def test_longbow() -> None:
    w = weapon("longbow")
    assert w.range_increment == 100
    assert {F.RANGED, F.PROJECTILE} <= w.flags and F.THROWN not in w.flags
    assert w.critical_multiplier == 3 and w.max_range_increments == 10
    assert w.ammunition is not None
    assert (w.ammunition.name, w.ammunition.quantity) == ("arrows", 20)
    assert weapon("composite longbow").range_increment == 110


def test_spiked_chain() -> None:
    w = weapon("Chain, spiked")
    assert w.category is WeaponCategory.EXOTIC
    assert {F.REACH, F.TRIP, F.DISARM, F.FINESSE, F.REACH_ADJACENT} <= w.flags
    assert w.disarm_bonus == 2 and w.damage["medium"] == "2d4"


def test_morningstar_is_bludgeoning_and_piercing() -> None:
    w = weapon("morningstar")
    assert set(w.damage_types) == {DamageType.BLUDGEONING, DamageType.PIERCING}
    assert w.damage_types_all is True


def test_halberd_is_piercing_or_slashing() -> None:
    w = weapon("halberd")
    assert set(w.damage_types) == {DamageType.PIERCING, DamageType.SLASHING}
    assert w.damage_types_all is False
    assert {F.BRACE, F.TRIP} <= w.flags and F.REACH not in w.flags


def test_guisarme() -> None:
    assert {F.REACH, F.TRIP} <= weapon("guisarme").flags
    assert F.REACH_ADJACENT not in weapon("guisarme").flags


def test_dagger() -> None:
    w = weapon("dagger")
    assert (w.critical_range, w.range_increment) == (19, 10)
    assert F.THROWN in w.flags and F.RANGED not in w.flags and F.FINESSE in w.flags
    assert w.max_range_increments == 5


@pytest.mark.parametrize(
    "name", ["dagger", "club", "shortspear", "spear", "trident", "light hammer", "throwing axe"]
)
def test_melee_weapons_that_can_be_thrown(name: str) -> None:
    w = weapon(name)
    assert F.THROWN in w.flags and F.RANGED not in w.flags and w.range_increment > 0


def test_sai_is_thrown_by_its_range_increment() -> None:
    # The prose list of thrown weapons omits the sai, but the table gives it 10 ft.
    w = weapon("sai")
    assert w.range_increment == 10 and F.THROWN in w.flags
    assert w.disarm_bonus == 4 and F.MONK in w.flags


def test_ranged_thrown_weapons() -> None:
    for name in ("javelin", "dart", "shuriken", "net", "bolas"):
        w = weapon(name)
        assert {F.RANGED, F.THROWN} <= w.flags and F.PROJECTILE not in w.flags, name


def test_projectile_weapons() -> None:
    projectile = {w.name for w in weapons() if F.PROJECTILE in w.flags and F.FIREARM not in w.flags}
    assert projectile == {
        "light crossbow",
        "heavy crossbow",
        "hand crossbow",
        "repeating heavy crossbow",
        "repeating light crossbow",
        "sling",
        "shortbow",
        "composite shortbow",
        "longbow",
        "composite longbow",
    }


def test_reach_and_double_weapons() -> None:
    reach = {w.name for w in weapons() if F.REACH in w.flags}
    assert reach == {"glaive", "guisarme", "lance", "longspear", "ranseur", "spiked chain", "whip"}
    double = {w.name for w in weapons() if F.DOUBLE in w.flags}
    assert double == {
        "dire flail",
        "dwarven urgrosh",
        "gnome hooked hammer",
        "orc double axe",
        "quarterstaff",
        "two-bladed sword",
    }


def test_brace_trip_monk_lance_nonlethal() -> None:
    def having(flag: WeaponFlag) -> set[str]:
        return {w.name for w in weapons() if flag in w.flags}

    assert having(F.BRACE) == {"halberd", "longspear", "spear", "trident", "dwarven urgrosh"}
    assert having(F.TRIP) == {
        "bolas",
        "dire flail",
        "flail",
        "heavy flail",
        "gnome hooked hammer",
        "guisarme",
        "halberd",
        "kama",
        "scythe",
        "sickle",
        "spiked chain",
        "whip",
    }
    assert having(F.MONK) == {"kama", "nunchaku", "quarterstaff", "sai", "shuriken", "siangham"}
    assert having(F.LANCE) == {"lance"}
    assert having(F.NONLETHAL) == {"unarmed strike", "sap", "whip", "bolas"}
    assert having(F.DISARM_IMMUNE) == {"spiked gauntlet"}


def test_finesse_weapons() -> None:
    for name in ("rapier", "whip", "spiked chain", "short sword", "unarmed strike", "kukri"):
        assert F.FINESSE in weapon(name).flags, name
    for name in ("longsword", "scimitar", "greatsword", "longbow"):
        assert F.FINESSE not in weapon(name).flags, name


def test_whip() -> None:
    w = weapon("whip")
    assert w.reach_ft == 15 and w.range_increment == 0
    assert {F.NONLETHAL, F.NO_THREAT, F.REACH, F.REACH_ADJACENT, F.TRIP, F.DISARM} <= w.flags
    assert (w.damage["small"], w.damage["medium"]) == ("1d2", "1d3")


def test_crossbow_reloading_and_prone() -> None:
    assert F.LOAD_MOVE in weapon("light crossbow").flags
    assert F.LOAD_MOVE in weapon("hand crossbow").flags
    assert F.LOAD_MOVE in weapon("sling").flags
    assert F.LOAD_FULL in weapon("heavy crossbow").flags
    assert F.LOAD_FREE in weapon("repeating heavy crossbow").flags
    prone = {w.name for w in weapons() if F.PRONE_USABLE in w.flags}
    assert prone == {
        "light crossbow",
        "heavy crossbow",
        "hand crossbow",
        "repeating heavy crossbow",
        "repeating light crossbow",
        "shuriken",
    }


def test_gnome_hooked_hammer_heads() -> None:
    w = weapon("gnome hooked hammer")
    assert (w.critical_multiplier, w.critical_multiplier_secondary) == (3, 4)
    assert w.damage["medium"] == "1d8" and w.damage_secondary == {"small": "1d4", "medium": "1d6"}
    # The description: blunt head bludgeoning, hook piercing (the table says "and").
    assert w.damage_types == (DamageType.BLUDGEONING,)
    assert w.damage_types_secondary == (DamageType.PIERCING,)
    assert w.damage_at(Size.LARGE, secondary=True) == Dice.parse("1d8")


def test_urgrosh_heads() -> None:
    w = weapon("dwarven urgrosh")
    assert w.damage_types == (DamageType.SLASHING,)
    assert w.damage_types_secondary == (DamageType.PIERCING,)


def test_unarmed_strike_and_gauntlet() -> None:
    u = weapon("unarmed strike")
    assert u.damage == {"small": "1d2", "medium": "1d3"}
    assert u.handedness is Handedness.UNARMED and u.is_light
    assert F.NONLETHAL in u.flags and u.cost is None
    assert F.NONLETHAL not in weapon("gauntlet").flags


def test_shuriken_and_net() -> None:
    s = weapon("shuriken")
    assert s.quantity == 5 and s.damage == {"small": "1", "medium": "1d2"}
    net = weapon("net")
    assert net.damage == {} and net.damage_at(Size.MEDIUM) is None
    assert (net.range_increment, net.weight_lb) == (10, 6.0)


def test_splash_weapons() -> None:
    acid = weapon("acid")
    assert acid.damage_types == (DamageType.ACID,) and acid.splash_damage == 1
    assert {F.SPLASH, F.THROWN, F.RANGED} <= acid.flags and acid.range_increment == 10
    assert acid.damage_at(Size.LARGE) == Dice.parse("1d6")
    assert weapon("alchemist's fire").damage_types == (DamageType.FIRE,)
    holy = weapon("holy water")
    assert holy.damage["medium"] == "2d4"
    assert holy.damages_only == "an undead creature or an evil outsider"


def test_weapon_names_and_aliases() -> None:
    assert weapon("Crossbow, light").name == "light crossbow"
    assert weapon("Sword, bastard") is weapon("bastard sword")
    assert weapon("javelins") is weapon("javelin")
    assert weapon("short bow") is weapon("shortbow")
    assert weapon("Two-Bladed Sword").name == "two-bladed sword"


def test_unknown_weapon_suggests() -> None:
    with pytest.raises(ContentError) as err:
        weapon("greatswrd")
    assert "greatsword" in (err.value.problems[0].expected or "")


# --- armor -----------------------------------------------------------------------------


def test_full_plate() -> None:
    a = armor("full plate armor")
    assert (a.bonus, a.max_dex, a.check_penalty, a.spell_failure) == (8, 1, -6, 35)
    assert (a.speed_30, a.speed_20, a.run_multiplier) == (20, 15, 3)
    assert a.category is ArmorCategory.HEAVY and a.cost == "1,500 gp"


def test_tower_shield() -> None:
    a = armor("Shield, tower")
    assert (a.bonus, a.max_dex, a.check_penalty, a.spell_failure) == (4, 2, -10, 50)
    assert a.attack_penalty == -2 and a.grants_cover and a.is_shield


def test_other_armor() -> None:
    hide = armor("hide armor")
    assert (hide.name, hide.bonus, hide.max_dex, hide.check_penalty) == ("hide", 3, 4, -3)
    assert hide.category is ArmorCategory.MEDIUM and hide.run_multiplier == 4
    shirt = armor("chain shirt")
    assert (shirt.bonus, shirt.max_dex, shirt.check_penalty, shirt.spell_failure) == (4, 4, -2, 20)
    buckler = armor("buckler")
    assert buckler.max_dex is None and buckler.shield_arm_attack_penalty == -1
    assert armor("padded").check_penalty == 0 and armor("padded").max_dex == 8
    assert armor("splint mail").max_dex == 0
    assert armor("locked gauntlet").disarm_bonus == 10


def test_armor_aliases() -> None:
    assert armor("heavy wooden shield").bonus == 2
    assert armor("heavy shield") is armor("heavy wooden shield")
    assert armor("light shield").bonus == 1
    assert armor("chain mail") is armor("chainmail")
    assert armor("studded leather armor").name == "studded leather"
    with pytest.raises(ContentError):
        armor("mithral plate")


# --- damage by size --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "size", "dice", "creature"),
    [
        ("greatclub", Size.LARGE, "2d8", "ogre, hill giant, stone giant"),
        ("javelin", Size.LARGE, "1d8", "ogre, ettin"),
        ("longsword", Size.LARGE, "2d6", "centaur"),
        ("greatsword", Size.LARGE, "3d6", "fire giant, ogre mage"),
        ("longbow", Size.LARGE, "2d6", "ogre mage"),
        ("greataxe", Size.LARGE, "3d6", "minotaur; frost giant (named 'Huge' as in 3.0)"),
        ("morningstar", Size.LARGE, "2d6", "ettin"),
        ("spiked chain", Size.LARGE, "2d6", "horned devil"),
        ("spear", Size.LARGE, "2d6", "ice devil"),
        ("dagger", Size.LARGE, "1d6", "lamia"),
        ("short sword", Size.LARGE, "1d8", "lillend"),
        ("battleaxe", Size.LARGE, "2d6", "troll hunter"),
        ("greatsword", Size.HUGE, "4d6", "storm giant"),
        ("morningstar", Size.HUGE, "3d6", "athach"),
        ("javelin", Size.HUGE, "2d6", "titan"),
        ("morningstar", Size.GARGANTUAN, "4d6", "cloud giant"),
        ("warhammer", Size.GARGANTUAN, "4d6", "titan"),
        ("spear", Size.MEDIUM, "1d8", "average salamander"),
        ("spear", Size.SMALL, "1d6", "kobold, flamebrother salamander"),
        ("longsword", Size.SMALL, "1d6", "gnome, halfling"),
        ("heavy pick", Size.SMALL, "1d4", "svirfneblin"),
        ("short sword", Size.TINY, "1d3", "grig"),
        ("longbow", Size.TINY, "1d4", "grig"),
    ],
)
def test_damage_matches_monster_stat_blocks(
    name: str, size: Size, dice: str, creature: str
) -> None:
    assert weapon(name).damage_at(size) == Dice.parse(dice), creature


def test_tiny_and_large_table() -> None:
    rows = size_damage_tables().tiny_large
    assert len(rows) == 11
    for row in rows:
        assert weapon_damage_for_size(row.medium, Size.LARGE) == Dice.parse(row.large)
        tiny = weapon_damage_for_size(row.medium, Size.TINY)
        assert tiny == (Dice.parse(row.tiny) if row.tiny else None), row
        # One step down twice (the Small column, then the extrapolation) agrees too.
        assert step_damage(row.medium, -2) == tiny, row


def test_increased_damage_table() -> None:
    steps = size_damage_tables().increased
    assert [(s.old, s.new) for s in steps][:3] == [("1d2", "1d3"), ("1d3", "1d4"), ("1d4", "1d6")]
    for s in steps:
        assert step_damage(s.old, 1) == Dice.parse(s.new)


def test_small_column_is_one_step_down() -> None:
    for w in weapons():
        if w.damage and F.SPLASH not in w.flags and F.EXPLOSIVE not in w.flags:
            assert step_damage(w.damage["medium"], -1) == Dice.parse(w.damage["small"]), w.name


@pytest.mark.parametrize(
    ("dice", "steps", "expected"),
    [
        ("1d8", 1, "2d6"),
        ("1d8", 4, "6d6"),
        ("2d6", 4, "8d6"),
        ("3d8", 1, "4d8"),
        ("3d8", 3, "8d8"),
        ("1d10", 3, "4d8"),
        ("2d10", 1, "4d8"),
        ("2d10", 2, "6d8"),
        ("1d12", 1, "3d6"),
        ("2d4", 1, "2d6"),
        ("1", 1, "1d2"),
        ("1d6+3", 2, "2d6+3"),
        ("4d6", -1, "3d6"),
        ("3d8", -1, "2d8"),
        ("2d12", 1, "4d8"),
        ("1d8", 0, "1d8"),
    ],
)
def test_step_damage(dice: str, steps: int, expected: str) -> None:
    assert step_damage(dice, steps) == Dice.parse(expected)


def test_step_damage_to_nothing() -> None:
    assert step_damage("1d2", -2) is None
    assert weapon("unarmed strike").damage_at(Size.DIMINUTIVE) is None
    assert weapon("unarmed strike").damage_at(Size.TINY) == Dice.parse("1")


def test_step_damage_rejects_mixed_dice() -> None:
    with pytest.raises(ContentError):
        step_damage("1d6+1d4", 1)


def test_colossal_and_fine() -> None:
    assert weapon("greatsword").damage_at(Size.COLOSSAL) == Dice.parse("8d6")
    assert weapon("bastard sword").damage_at(Size.COLOSSAL) == Dice.parse("6d8")
    assert weapon("longsword").damage_at(Size.DIMINUTIVE) == Dice.parse("1d3")
    assert weapon("longsword").damage_at(Size.FINE) == Dice.parse("1d2")


_DICE = st.sampled_from(
    [
        "1",
        "1d2",
        "1d3",
        "1d4",
        "1d6",
        "1d8",
        "1d10",
        "1d12",
        "2d4",
        "2d6",
        "2d8",
        "2d10",
        "3d6",
        "3d8",
        "4d6",
        "4d8",
        "2d12",
        "3d4",
        "1d20",
        "5d6",
        "1d6+2",
    ]
)


@given(_DICE, st.integers(min_value=0, max_value=6))
def test_larger_never_deals_less(dice: str, steps: int) -> None:
    up = step_damage(dice, steps)
    upper = step_damage(dice, steps + 1)
    assert up is not None and upper is not None
    assert upper.mean > up.mean


@given(_DICE, st.integers(min_value=0, max_value=6))
def test_smaller_never_deals_more(dice: str, steps: int) -> None:
    down = step_damage(dice, -steps)
    lower = step_damage(dice, -steps - 1)
    if down is None:
        assert lower is None
    elif lower is not None:
        assert lower.mean < down.mean


def test_seed_004_firearms() -> None:
    # seed 004 "Firearms", "Autofire"; the numbers a reading (A90): the crossbows'
    pistol, rifle, smg = weapon("pistol"), weapon("rifle"), weapon("submachine gun")
    assert {w.name for w in weapons() if F.FIREARM in w.flags} == {
        "pistol",
        "rifle",
        "submachine gun",
        "machine gun",
    }
    assert (pistol.damage["medium"], pistol.critical_range, pistol.range_increment) == (
        "1d8",
        19,
        80,
    )
    assert (rifle.damage["medium"], rifle.range_increment, rifle.hands) == ("1d10", 120, 2)
    assert F.LONGARM in rifle.flags and F.LONGARM not in pistol.flags
    assert F.AUTOFIRE in smg.flags and F.AUTOFIRE not in pistol.flags
    assert pistol.hands == smg.hands == 1
    assert pistol.max_range_increments == 10  # a projectile weapon (seed 004)
    # seed 004 "Autofire": machine guns "have only an autofire setting" (A187): the
    # rifle's numbers, a longarm
    mg = weapon("machine gun")
    assert {F.AUTOFIRE, F.AUTOFIRE_ONLY, F.LONGARM} <= mg.flags
    assert (mg.damage["medium"], mg.critical_range, mg.range_increment) == ("1d10", 19, 120)
    assert F.AUTOFIRE_ONLY not in smg.flags
