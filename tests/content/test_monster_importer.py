"""Unit tests of the SRD bestiary importer, on real SRD rows and stat blocks."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.creatures import Ability, CreatureType, StatBlock, WieldStyle
from d20combat.content.damage import DamageType
from d20combat.content.importers.monsters import (
    EquipmentNames,
    ImportedCreature,
    ImportResult,
    RowError,
    base_saves_for,
    creature_yaml,
    display_name,
    equipment_names,
    guess_legs,
    import_bestiary,
    main,
    parse_abilities,
    parse_armor_class,
    parse_attack_line,
    parse_bab_grapple,
    parse_constrict,
    parse_damage,
    parse_feats,
    parse_hit_dice,
    parse_qualities,
    parse_size_type,
    parse_skills,
    parse_space_reach,
    parse_speed,
    parse_swallow_whole,
    signed,
)
from d20combat.content.loading import parse_yaml, validate
from d20combat.content.sizes import Size
from d20combat.rules.modifiers import BonusType

SRD = Path(__file__).resolve().parents[2] / "srd35"


@cache
def bestiary() -> ImportResult:
    return import_bestiary(SRD)


def creature(name: str) -> ImportedCreature:
    return bestiary().get(name)


def eq() -> EquipmentNames:
    return equipment_names(SRD.resolve())


# ---------------------------------------------------------------------------
# Row parsers on real SRD rows
# ---------------------------------------------------------------------------


def test_size_and_type_with_subtypes() -> None:
    size, ctype, subs = parse_size_type("Large Outsider (Evil, Extraplanar, Lawful)")
    assert (size, ctype, subs) == (
        Size.LARGE,
        CreatureType.OUTSIDER,
        ("evil", "extraplanar", "lawful"),
    )
    assert (
        parse_size_type("Medium Monstrous Humanoid (Earth)")[1] is CreatureType.MONSTROUS_HUMANOID
    )
    with pytest.raises(RowError):
        parse_size_type("Enormous Thing")


@pytest.mark.parametrize(
    ("text", "groups", "bonus", "hp"),
    [
        ("4d8+11 (29 hp)", ((4, 8),), 11, 29),
        ("4d8+19 plus 4d12+16 (79 hp)", ((4, 8), (4, 12)), 35, 79),
        ("1/2 d8 (2 hp)", ((Fraction(1, 2), 8),), 0, 2),
        ("1/4 d8 (1 hp)", ((Fraction(1, 4), 8),), 0, 1),
        ("9d8-9 (31 hp)", ((9, 8),), -9, 31),
        ("7d8 + 7d10 + 28 (103 hp)", ((7, 8), (7, 10)), 28, 103),
    ],
)
def test_hit_dice(text: str, groups: tuple[tuple[Fraction, int], ...], bonus: int, hp: int) -> None:
    hd = parse_hit_dice(text)
    assert hd.groups == tuple((Fraction(c), d) for c, d in groups)
    assert (hd.bonus, hd.hp) == (bonus, hp)


def test_speed_in_armor_keeps_the_base_speed() -> None:
    assert parse_speed("30 ft. in hide armor (6 squares); base speed 40 ft.").land == 40
    s = parse_speed("40 ft. (8 squares), fly 40 ft. (good)")
    assert (s.land, s.fly, s.fly_maneuverability) == (40, 40, "good")
    s = parse_speed("Fly 60 ft. (perfect) (12 squares)")
    assert (s.land, s.fly, s.fly_maneuverability) == (0, 60, "perfect")
    s = parse_speed("20 ft. (4 squares), burrow 20 ft., climb 10 ft.")
    assert (s.land, s.burrow, s.climb) == (20, 20, 10)
    s = parse_speed(
        "20 ft. (4 squares), fly 40 ft. (perfect) in chainmail; base land speed 30 ft., "
        "base fly speed 60 ft. (perfect)"
    )
    assert (s.land, s.fly) == (30, 60)


def test_armor_class_components_of_the_ogre_barbarian() -> None:
    ac = parse_armor_class(
        "19 (–1 size, +5 natural, +4 +1 hide armor, ring of protection +1), touch 10, "
        "flat-footed 19",
        eq(),
    )
    assert (ac.total, ac.touch, ac.flat_footed, ac.parts_sum) == (19, 10, 19, 19)
    assert ac.natural == 5
    assert ac.armor is not None and (ac.armor.armor, ac.armor.enhancement) == ("hide", 1)
    assert ac.shield is None
    (ring,) = ac.modifiers
    assert (ring.stat, ring.value, ring.type) == ("ac", 1, BonusType.DEFLECTION)
    # size and Dex are read only to check them
    assert ac.size == -1 and ac.dex is None


def test_armor_class_shields_bracers_and_racial_dodge() -> None:
    ac = parse_armor_class("23 (+1 Dex, +6 natural, +4 scale mail, +2 heavy shield)", eq())
    assert ac.armor is not None and ac.armor.armor == "scale mail"
    assert ac.shield is not None and ac.shield.armor == "heavy steel shield"
    svirf = parse_armor_class(
        "23 (+1 size, +1 Dex, +4 dodge, +6 banded mail, +1 buckler), touch 16, flat-footed 18", eq()
    )
    assert [(m.value, m.type) for m in svirf.modifiers] == [(4, BonusType.DODGE)]
    bracers = parse_armor_class("24 (–1 size, +4 Dex, +6 natural, +5 bracers of armor +5 )", eq())
    assert [(m.value, m.type) for m in bracers.modifiers] == [(5, BonusType.ARMOR)]


def test_incorporeal_deflection_is_not_stored() -> None:
    ac = parse_armor_class(
        "15 (+3 Dex, +2 deflection), touch 15, flat-footed 12", eq(), incorporeal=True
    )
    assert ac.modifiers == () and ac.total == 15


def test_base_attack_and_grapple() -> None:
    assert parse_bab_grapple("+3/+12") == (3, 12)
    assert parse_bab_grapple("+0/–12") == (0, -12)
    assert parse_bab_grapple("+2/—") == (2, None)
    assert parse_bab_grapple("+1/–11 (+1 when attached)") == (1, -11)


def test_abilities_with_nonabilities() -> None:
    a = parse_abilities("Str 13, Dex 13, Con —, Int —, Wis 10, Cha 1")
    assert a == {"str": 13, "dex": 13, "con": None, "int": None, "wis": 10, "cha": 1}
    assert parse_abilities("Str 10, Dex 12, Con 10, Int_13, Wis 13, Cha 11")["int"] == 13
    with pytest.raises(RowError):
        parse_abilities("Str 10, Dex 12")


def test_feats_parameters_bonus_marks_and_repeats() -> None:
    feats, problems = parse_feats(
        "Alertness, Track B , Weapon Focus (bite), Toughness (2), "
        "Improved Natural Attack (bite, claw)"
    )
    assert not problems
    assert [str(f) for f in feats] == [
        "Alertness",
        "Track",
        "Weapon Focus (bite)",
        "Toughness",
        "Toughness",
        "Improved Natural Attack (bite)",
        "Improved Natural Attack (claw)",
    ]
    assert parse_feats("—") == ([], [])


def test_skills_are_published_modifiers() -> None:
    skills, problems = parse_skills(
        "Climb +13, Hide –6, Jump +17, Survival +2*, Disguise +29 (+31 acting)"
    )
    assert not problems
    assert skills == {"climb": 13, "hide": -6, "jump": 17, "survival": 2, "disguise": 29}


def test_space_and_reach() -> None:
    assert parse_space_reach("10 ft./10 ft.") == (10.0, 10, {})
    assert parse_space_reach("2-1/2 ft./0 ft.") == (2.5, 0, {})
    assert parse_space_reach("10 ft./5 ft. (15 ft. with tentacle)") == (10.0, 5, {"tentacle": 15})


def test_damage_reduction_and_energy_traits() -> None:
    d = parse_qualities(
        "Damage reduction 15/good and silver, darkvision 60 ft., immunity to fire and poison, "
        "resistance to acid 10 and cold 10, regeneration 5, see in darkness, spell resistance 32"
    )
    (dr,) = d.dr
    assert (dr.amount, dr.bypass, dr.all_required) == (15, ("good", "silver"), True)
    assert d.resist == {DamageType.ACID: 10, DamageType.COLD: 10}
    assert d.immune == {DamageType.FIRE} and d.immunities == {"poison"}
    assert "darkvision 60 ft." in d.qualities and "spell resistance 32" in d.qualities
    d = parse_qualities(
        "Darkvision 60 ft., immunity to acid, electricity, and poison, resistance to cold 10 "
        "and fire 10"
    )
    assert d.immune == {DamageType.ACID, DamageType.ELECTRICITY}
    assert d.resist == {DamageType.COLD: 10, DamageType.FIRE: 10}
    d = parse_qualities("Damage reduction 5/–, lowlight vision, vulnerability to cold")
    assert str(d.dr[0]) == "5/-" and d.vulnerable == {DamageType.COLD}
    assert d.qualities == ("low-light vision",)


def test_attack_line_options_and_groups() -> None:
    (owlbear,) = parse_attack_line("2 claws +9 melee (1d6+5) and bite +4 melee (1d8+2)")
    assert [(g.count, g.name, g.bonuses, g.damage) for g in owlbear] == [
        (2, "claws", (9,), "1d6+5"),
        (1, "bite", (4,), "1d8+2"),
    ]
    ogre = parse_attack_line("+1 greatclub +16/+11 melee (2d8+13) or javelin +6 ranged (1d8+8)")
    assert [[(g.name, g.bonuses, g.ranged) for g in o] for o in ogre] == [
        [("+1 greatclub", (16, 11), False)],
        [("javelin", (6,), True)],
    ]
    # a bare ";" joins (grick); "; or" separates
    assert len(parse_attack_line("4 tentacles +3 melee (1d4+2); bite –2 melee (1d3+1)")) == 1
    assert len(parse_attack_line("Slam +16 melee (2d6+10); or gore +16 melee (2d8+15)")) == 2


def test_damage_extra_and_effects() -> None:
    d = parse_damage("2d6+4/19–20 plus 1d6 fire plus poison")
    assert (d.dice, d.bonus, d.crit_range) == ("2d6", 4, 19)
    assert [(x.dice, x.type) for x in d.extra] == [("1d6", DamageType.FIRE)]
    assert d.effects == ("poison",)
    assert (
        parse_damage("1d4 Wisdom drain").effects == ("wisdom drain",)
        or parse_damage("1d4 Wisdom drain").dice == "1d4"
    )


def test_display_names() -> None:
    assert display_name("Bear, Black")[0] == "Black Bear"
    assert display_name("Air Elemental, Medium")[0] == "Medium Air Elemental"
    assert display_name("Werebear, Human Form")[0] == "Werebear (Human Form)"
    name, cls, race = display_name("Orc, 1st-Level Warrior")
    assert (
        (name, race) == ("Orc", "orc")
        and cls is not None
        and (cls.name, cls.level) == ("warrior", 1)
    )


def test_legs_heuristic() -> None:
    assert guess_legs("Heavy Horse", CreatureType.ANIMAL, "")[0] == 4
    assert guess_legs("Medium Monstrous Spider", CreatureType.VERMIN, "")[0] == 8
    assert guess_legs("Giant Eagle", CreatureType.MAGICAL_BEAST, "")[0] == 2
    assert guess_legs("Constrictor Snake", CreatureType.ANIMAL, "")[0] == 0
    assert guess_legs("Ogre", CreatureType.GIANT, "")[0] == 2
    assert guess_legs("Thing", CreatureType.ABERRATION, "a squat quadruped")[0] == 4


def test_base_saves_from_type_and_classes() -> None:
    # giant 4 HD (good Fort) + barbarian 4 (good Fort): Fort 4+4, Ref 1+1, Will 1+1
    from d20combat.content.creatures import ClassLevel

    saves = base_saves_for(
        CreatureType.GIANT, (), Fraction(4), [ClassLevel(name="barbarian", level=4)]
    )
    assert (saves.fort, saves.ref, saves.will) == (8, 2, 2)
    # elementals: good Fort for earth and water, Ref for air and fire
    assert base_saves_for(CreatureType.ELEMENTAL, ("fire",), Fraction(4), []).ref == 4
    assert base_saves_for(CreatureType.ELEMENTAL, ("earth",), Fraction(4), []).fort == 4
    # half a hit die of a good save still gives +2
    assert base_saves_for(CreatureType.ANIMAL, (), Fraction(1, 2), []).fort == 2


@given(st.integers(min_value=-999, max_value=999))
def test_signed_round_trip(n: int) -> None:
    assert signed(f"{n:+d}") == n
    assert signed(f"{n:+d}".replace("-", "–").replace("–", "-")) == n


@given(
    st.integers(1, 60),
    st.sampled_from([4, 6, 8, 10, 12]),
    st.integers(-20, 900),
    st.integers(1, 999),
)
def test_hit_dice_round_trip(count: int, die: int, bonus: int, hp: int) -> None:
    text = f"{count}d{die}{bonus:+d} ({hp} hp)" if bonus else f"{count}d{die} ({hp} hp)"
    hd = parse_hit_dice(text.replace("-", "–"))
    assert hd.groups == ((Fraction(count), die),) and hd.bonus == bonus and hd.hp == hp


# ---------------------------------------------------------------------------
# Whole stat blocks
# ---------------------------------------------------------------------------


def test_the_whole_bestiary_imports() -> None:
    result = bestiary()
    assert not result.failures
    assert len(result.creatures) > 550
    assert sum(1 for c in result.creatures if c.clean) > 520


def test_ogre() -> None:
    c = creature("Ogre")
    s = c.stat
    assert (s.size, s.type, s.subtypes) == (Size.LARGE, CreatureType.GIANT, ())
    assert s.abilities[Ability.STR] == 21 and s.abilities[Ability.DEX] == 8
    assert [(h.count, h.die, h.source) for h in s.hit_dice] == [(4, 8, "giant")]
    assert s.bab == 3 and s.natural_armor == 5
    assert s.armor is not None and s.armor.armor == "hide" and s.shield is None
    assert [w.weapon for w in s.weapons] == ["greatclub", "javelin"]
    assert [str(f) for f in s.feats] == ["Toughness", "Weapon Focus (greatclub)"]
    assert s.skills == {"climb": 5, "listen": 2, "spot": 2}
    assert s.speed.land == 40
    assert (s.space_ft, s.reach_ft, s.long) == (None, None, False)  # 10 ft./10 ft.: tall
    assert (s.base_saves.fort, s.base_saves.ref, s.base_saves.will) == (4, 1, 1)
    assert s.qualities == ("darkvision 60 ft.", "low-light vision")
    assert (s.cr, s.alignment) == ("3", "Usually chaotic evil")
    assert s.source == "SRD monsters-o-r.html, Ogre"
    p = c.published
    assert (p.ac, p.touch, p.flat_footed, p.grapple, p.initiative, p.hp) == (16, 8, 16, 12, -1, 29)
    assert c.clean


def test_ogre_barbarian() -> None:
    s = creature("Ogre Barbarian").stat
    assert [(c.name, c.level) for c in s.classes] == [("barbarian", 4)]
    assert [(h.count, h.die, h.source) for h in s.hit_dice] == [
        (4, 8, "giant"),
        (4, 12, "barbarian"),
    ]
    assert s.armor is not None and s.armor.enhancement == 1
    assert s.weapons[0].weapon == "greatclub" and s.weapons[0].enhancement == 1
    assert s.has_quality("uncanny dodge") and "rage 2/day" in s.special_attacks
    # printed "base speed 50": the racial 40 plus the barbarian's fast movement +10
    assert s.speed.land == 40 and s.race == "ogre"
    assert any(m.stat == "speed" and m.value == 10 for m in s.modifiers)


def test_owlbear_natural_attacks() -> None:
    s = creature("Owlbear").stat
    claw, bite = s.natural_attacks
    assert (claw.name, claw.count, claw.damage, claw.primary) == ("claw", 2, "1d6", True)
    assert claw.damage_types == (DamageType.PIERCING, DamageType.SLASHING)
    assert "improved grab" in claw.effects  # "must hit with a claw attack"
    assert (bite.name, bite.count, bite.damage, bite.primary) == ("bite", 1, "1d8", False)
    assert s.long and s.legs == 4  # 10 ft./5 ft.


def test_a_creature_with_dr_and_energy_resistance() -> None:
    s = creature("Pit Fiend").stat
    assert [str(d) for d in s.dr] == ["15/good and silver"]
    assert s.resist == {DamageType.ACID: 10, DamageType.COLD: 10}
    assert DamageType.FIRE in s.immune and "poison" in s.immunities
    bite = next(a for a in s.natural_attacks if a.name == "bite")
    assert bite.effects == ("poison", "disease") and not bite.primary


def test_fractional_hit_dice() -> None:
    cat = creature("Cat").stat
    assert [(h.count, h.die) for h in cat.hit_dice] == [(0.5, 8)]
    assert creature("Bat").stat.hit_dice[0].count == 0.25
    assert cat.size is Size.TINY and cat.base_saves.fort == 2


def test_a_construct_without_constitution() -> None:
    c = creature("Clay Golem")
    s = c.stat
    assert s.type is CreatureType.CONSTRUCT and s.abilities[Ability.CON] is None
    assert s.abilities[Ability.INT] is None
    assert [str(d) for d in s.dr] == ["10/adamantine and bludgeoning"]
    assert s.dr[0].all_required and "magic" in s.immunities
    assert (s.base_saves.fort, s.base_saves.ref, s.base_saves.will) == (3, 3, 3)  # no good saves
    slam = s.natural_attacks[0]
    assert (slam.name, slam.count, slam.damage) == ("slam", 2, "2d10")


def test_an_undead_skeleton() -> None:
    s = creature("Human Warrior Skeleton").stat
    assert s.type is CreatureType.UNDEAD and s.abilities[Ability.CON] is None
    assert [(h.count, h.die) for h in s.hit_dice] == [(1, 12)]
    assert s.shield is not None and s.shield.armor == "heavy steel shield"
    assert [w.weapon for w in s.weapons] == ["scimitar"]
    assert str(s.dr[0]) == "5/bludgeoning" and DamageType.COLD in s.immune
    assert s.has_feat("improved initiative") and s.base_saves.will == 2


def test_incorporeal_undead() -> None:
    s = creature("Wraith").stat
    assert "incorporeal" in s.subtypes and s.abilities[Ability.STR] is None
    assert s.modifiers == ()  # the Cha deflection is a rule, not a component
    touch = s.natural_attacks[0]
    assert touch.touch and touch.name == "incorporeal touch"


def test_young_red_dragon_from_the_age_tables() -> None:
    c = creature("Young Red Dragon")
    s = c.stat
    assert (s.size, s.type, s.subtypes) == (Size.LARGE, CreatureType.DRAGON, ("fire",))
    assert [(h.count, h.die) for h in s.hit_dice] == [(13, 12)]
    assert (s.bab, s.natural_armor) == (13, 12)
    assert (s.speed.land, s.speed.fly, s.speed.fly_maneuverability) == (40, 150, "poor")
    bite = s.natural_attacks[0]
    assert (bite.name, bite.damage, bite.reach, bite.primary) == ("bite", "2d6", 10, True)
    assert [(a.name, a.count, a.primary) for a in s.natural_attacks[1:]] == [
        ("claw", 2, False),
        ("wing", 2, False),
        ("tail slap", 1, False),
    ]
    assert s.immune == {DamageType.FIRE} and s.vulnerable == {DamageType.COLD}
    assert (s.base_saves.fort, s.cr, s.alignment) == (8, "7", "Always chaotic evil")
    assert (c.published.ac, c.published.grapple) == (21, 24)


def test_older_dragons_accumulate_damage_reduction() -> None:
    s = creature("Great Wyrm Gold Dragon").stat
    assert s.size is Size.COLOSSAL and [str(d) for d in s.dr] == ["20/magic"]
    assert s.natural_attacks[0].reach == 30
    assert "spell resistance 33" in s.qualities
    wyrmling = creature("Wyrmling White Dragon").stat
    assert wyrmling.size is Size.TINY and wyrmling.natural_attacks[0].reach == 5


def test_two_handed_longsword_and_secondary_hooves() -> None:
    centaur = creature("Centaur").stat
    assert centaur.weapons[0].weapon == "longsword"
    assert centaur.weapons[0].wield is WieldStyle.TWO_HANDS  # 2d6+6 with Str 18
    hooves = creature("Heavy Horse").stat.natural_attacks[0]
    assert hooves.name == "hoof" and not hooves.primary  # marked with an asterisk


def test_lycanthrope_class_level_from_its_text() -> None:
    s = creature("Werebear (Bear Form)").stat
    assert [(c.name, c.level) for c in s.classes] == [("warrior", 1)]
    assert [h.source for h in s.hit_dice] == ["warrior", "animal"]


def test_racial_grapple_bonus_from_the_text() -> None:
    s = creature("Choker").stat
    (mod,) = [m for m in s.modifiers if m.stat == "grapple"]
    assert (mod.value, mod.type) == (4, BonusType.RACIAL)


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def test_every_stat_block_round_trips_through_yaml() -> None:
    for c in bestiary().creatures:
        text = creature_yaml(c.stat, comment="a note")
        assert text.startswith(f"# {c.stat.name}: SRD ")
        assert "Open Game License" in text
        back = validate(StatBlock, parse_yaml(text, f"{c.slug}.yaml"))
        assert back == c.stat, c.stat.name


def test_command_line_usage_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main([str(tmp_path / "missing"), str(tmp_path / "out")]) == 2
    assert "no SRD monster pages" in capsys.readouterr().err


def test_alternative_natural_attacks_are_groups() -> None:
    bite, tail = creature("Crocodile").stat.natural_attacks  # "bite ... or tail slap ..."
    assert (bite.name, bite.group, tail.name, tail.group) == ("bite", 0, "tail slap", 1)
    assert bite.primary and tail.primary
    elephant = {a.name: a.group for a in creature("Elephant").stat.natural_attacks}
    assert elephant == {"slam": 0, "stamp": 0, "gore": 1}
    troglodyte = creature("Troglodyte").stat.natural_attacks  # "club and ...; or 2 claws ..."
    assert {a.group for a in troglodyte} == {0}


def test_constrict_is_read_as_data() -> None:
    # SRD special abilities "Constrict": the damage "is given in the creature's entry",
    # on its Special Attacks line (monsters-o-r.html, Black Pudding: "Constrict 2d6+4
    # plus 2d6 acid") or in the ability's text (Giant Octopus: "Constrict" alone)
    pudding = creature("Black Pudding").stat.constrict
    assert pudding is not None and pudding.damage == "2d6+4"
    assert [(x.dice, x.type) for x in pudding.extra] == [("2d6", DamageType.ACID)]
    snake = creature("Constrictor Snake").stat.constrict
    assert snake is not None and snake.damage == "1d3+4" and snake.extra == ()
    octopus = creature("Giant Octopus").stat.constrict
    assert octopus is not None and octopus.damage == "2d8+6"
    assert creature("Owlbear").stat.constrict is None
    text = "Constrict (Ex): A choker deals 1d3+3 points of damage with a successful grapple check."
    assert parse_constrict(["constrict"], text) == parse_constrict(["constrict 1d3+3"], "")
    assert parse_constrict(["constrict 2d8+12 or 1d6+6"], "") is None  # two: not read


def test_swallow_whole_is_read_as_data() -> None:
    # monsters-p-r.html, Purple Worm: "Once inside, the opponent takes 2d8+12 points of
    # crushing damage plus 8 points of acid damage per round from the worm's gizzard. A
    # swallowed creature can cut its way out by using a light slashing or piercing
    # weapon to deal 25 points of damage to the gizzard (AC 17)"
    worm = creature("Purple Worm").stat.swallow_whole
    assert worm is not None
    assert (worm.attack, worm.damage, worm.ac, worm.cut_hp) == ("bite", "2d8+12", 17, 25)
    assert [(x.dice, x.type) for x in worm.extra] == [("8", DamageType.ACID)]
    assert worm.largest is None  # "of a smaller size than itself": one category smaller
    rex = creature("Tyrannosaurus").stat.swallow_whole  # "up to two sizes smaller"
    assert rex is not None and rex.largest is Size.MEDIUM and rex.ac == 12
    text = (
        "Swallow Whole (Ex): A behir can try to swallow a grabbed opponent of Medium or "
        "smaller size by making a successful grapple check. Once inside, the opponent takes "
        "2d8+8 points of bludgeoning damage plus 8 points of acid damage per round. A "
        "swallowed creature can cut its way out by using a light slashing or piercing weapon "
        "to deal 25 points of damage to the gizzard (AC 15)."
    )
    behir = parse_swallow_whole(["swallow whole"], text, Size.HUGE)
    assert behir is not None and behir.largest is Size.MEDIUM and behir.cut_hp == 25
    assert parse_swallow_whole([], text, Size.HUGE) is None
