"""Character builds against the 3.5 SRD: class features, races, skills, hit points.

The NPC warriors of the SRD monster pages (srd35/monsters/) are rebuilt from their
printed ability scores, feats and gear, and compared with the printed numbers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from d20combat.content.builds import (
    MONK_UNARMED_BY_SIZE,
    SKILLS,
    Build,
    build_creature,
    builds,
    bundled_build,
    check_build,
    derived_hit_points,
    land_speed,
    load_build,
    skill_totals,
)
from d20combat.content.classes import class_def, iteratives
from d20combat.content.creatures import Ability, DamageReduction, StatBlock
from d20combat.content.races import race, races
from d20combat.content.sizes import Size
from d20combat.errors import ContentError
from d20combat.rules.statistics import Statistics, derive

SRD = Path(__file__).resolve().parents[2] / "srd35"
ELITE = {"str": 15, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 8}
NONELITE = {"str": 13, "dex": 11, "con": 12, "int": 10, "wis": 9, "cha": 8}


def make(**fields: Any) -> Build:
    fields.setdefault("name", "test")
    fields.setdefault("abilities", ELITE)
    return Build.model_validate(fields)


def stats(build: Build) -> Statistics:
    return derive(build_creature(build))


def saves(s: Statistics) -> tuple[int, int, int]:
    return (s.saves["fort"].value, s.saves["ref"].value, s.saves["will"].value)


# --- SRD NPC warriors (monsters-dr-dw, -e-f, -g, -h-i: "<Race>, 1st-Level Warrior") ----


def test_dwarf_warrior() -> None:
    # monsters-dr-dw.html "Dwarf, 1st-Level Warrior": 1d8+2 (6 hp), Init +0, 20 ft. in
    # scale mail, AC 16 (+4 scale mail, +2 heavy shield) touch 10 flat-footed 16, Base
    # Attack/Grapple +1/+2, dwarven waraxe +3 melee (1d10+1/x3), shortbow +1 ranged
    # (1d6/x3), Fort +4 Ref +0 Will -1, Str 13 Dex 11 Con 14 Int 10 Wis 9 Cha 6.
    b = make(
        race="dwarf",
        classes="warrior 1",
        abilities=NONELITE,
        feats=["Weapon Focus (dwarven waraxe)"],
        weapons=["dwarven waraxe", "shortbow"],
        armor="scale mail",
        shield="heavy wooden shield",
    )
    block = build_creature(b)
    s = derive(block)
    assert block.abilities == {
        Ability.STR: 13, Ability.DEX: 11, Ability.CON: 14,
        Ability.INT: 10, Ability.WIS: 9, Ability.CHA: 6,
    }  # fmt: skip
    assert s.hp.value == 6
    assert block.hp_bonus == 0  # an NPC class: average hit points ("auto")
    assert s.initiative.value == 0
    assert s.speed.value == 20
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (16, 10, 16)
    assert (s.bab, s.grapple.value) == (1, 2)
    axe, bow = (o for o in s.options if o.name in ("dwarven waraxe", "shortbow"))
    assert (axe.bonus.value, axe.damage_text, axe.critical_text) == (3, "1d10+1", "20/x3")
    assert (bow.bonus.value, bow.damage_text) == (1, "1d6")
    assert saves(s) == (4, 0, -1)
    assert block.has_quality("darkvision 60 ft.")
    assert any(m.condition == "vs poison" for m in block.modifiers)  # the "*" on the saves


def test_elf_warrior() -> None:
    # monsters-e-f.html "Elf, 1st-Level Warrior": 1d8 (4 hp), Init +1, AC 15 (+1 Dex, +3
    # studded leather, +1 light shield) touch 11 flat-footed 14, +1/+2, longsword +2
    # melee (1d8+1/19-20), longbow +3 ranged (1d8/x3), Fort +2 Ref +1 Will -1,
    # Listen +2, Search +3, Spot +2 (1 cross-class rank each).
    b = make(
        race="elf",
        classes="warrior 1",
        abilities=NONELITE,
        feats=["Weapon Focus (longbow)"],
        weapons=["longsword", "longbow"],
        armor="studded leather",
        shield="light wooden shield",
        skills={"listen": 1, "search": 1, "spot": 1, "hide": 1},
    )
    block = build_creature(b)
    s = derive(block)
    assert (block.abilities[Ability.DEX], block.abilities[Ability.CON]) == (13, 10)
    assert s.hp.value == 4
    assert s.initiative.value == 1
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (15, 11, 14)
    sword, bow = (o for o in s.options if o.name in ("longsword", "longbow"))
    assert (sword.bonus.value, sword.damage_text, sword.critical_text) == (2, "1d8+1", "19-20/x2")
    assert (bow.bonus.value, bow.damage_text, bow.critical_text) == (3, "1d8", "20/x3")
    assert saves(s) == (2, 1, -1)
    assert {k: block.skills[k] for k in ("listen", "search", "spot")} == {
        "listen": 2,
        "search": 3,
        "spot": 2,
    }
    # The SRD prints Hide +1; with 1 rank, Dex +1 and the armor (-1) and shield (-1)
    # check penalties the rules give 0. The printed number leaves out a penalty.
    assert block.skills["hide"] == 0
    assert "sleep" in block.immunities


def test_gnome_warrior() -> None:
    # monsters-g.html "Gnome, 1st-Level Warrior": Small, 1d8+2 (6 hp), 20 ft., AC 16 (+1
    # size, +4 chain shirt, +1 light shield) touch 11 flat-footed 16, +1/-3, longsword
    # +2 melee (1d6/19-20), light crossbow +3 ranged (1d6/19-20), Fort +4 Ref +0
    # Will -1, Str 11 Dex 11 Con 14, Hide +3, Listen +1, Spot +1.
    b = make(
        race="gnome",
        classes="warrior 1",
        abilities=NONELITE,
        feats=["Weapon Focus (light crossbow)"],
        weapons=["longsword", "light crossbow"],
        armor="chain shirt",
        shield="light steel shield",
        skills={"hide": 2, "spot": 2},
    )
    block = build_creature(b)
    s = derive(block)
    assert block.size is Size.SMALL
    assert (block.abilities[Ability.STR], block.abilities[Ability.CON]) == (11, 14)
    assert s.hp.value == 6
    assert s.speed.value == 20
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (16, 11, 16)
    assert (s.bab, s.grapple.value) == (1, -3)
    sword, xbow = (o for o in s.options if o.name in ("longsword", "light crossbow"))
    assert (sword.bonus.value, sword.damage_text) == (2, "1d6")
    assert (xbow.bonus.value, xbow.damage_text) == (3, "1d6")
    assert saves(s) == (4, 0, -1)
    assert {k: block.skills[k] for k in ("hide", "listen", "spot")} == {
        "hide": 3,
        "listen": 1,
        "spot": 1,
    }


def test_halfling_warrior() -> None:
    # monsters-h-i.html "Halfling, 1st-Level Warrior": Small, 1d8+1 (5 hp), Init +1,
    # AC 16 (+1 size, +1 Dex, +3 studded leather, +1 light shield) touch 12
    # flat-footed 15, +1/-3, longsword +3 melee (1d6/19-20), light crossbow +3 ranged,
    # Fort +4 Ref +2 Will +0, Climb +2, Hide +4, Jump -4, Listen +3, Move Silently +1.
    b = make(
        race="halfling",
        classes="warrior 1",
        abilities=NONELITE,
        feats=["Weapon Focus (longsword)"],
        weapons=["longsword", "light crossbow"],
        armor="studded leather",
        shield="light wooden shield",
        skills={"climb": 2, "jump": 2, "hide": 1, "listen": 2},
    )
    block = build_creature(b)
    s = derive(block)
    assert block.size is Size.SMALL
    assert s.hp.value == 5
    assert s.initiative.value == 1
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (16, 12, 15)
    assert (s.bab, s.grapple.value) == (1, -3)
    sword = next(o for o in s.options if o.name == "longsword")
    assert (sword.bonus.value, sword.damage_text, sword.critical_text) == (3, "1d6", "19-20/x2")
    assert saves(s) == (4, 2, 0)  # +1 racial bonus on all saves
    assert block.skills == {"climb": 2, "hide": 4, "jump": -4, "listen": 3, "move silently": 1}
    # Those printed skills need 10 skill points; a 1st-level warrior with Int 10 has 8.
    assert [p.field for p in check_build(b)] == ["skills"]


# --- Classes -----------------------------------------------------------------------


def test_fighter_4_statistics() -> None:
    block = build_creature(bundled_build("fighter-4"))
    s = derive(block)
    assert block.bab == 4
    assert (block.base_saves.fort, block.base_saves.ref, block.base_saves.will) == (4, 1, 1)
    assert block.abilities[Ability.STR] == 16  # 15 + the 4th-level increase
    assert s.hp.value == 10 + 16 + 8  # max first HD, floor(3 x 5.5), Con +2 x 4
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (19, 11, 18)  # full plate, Dex 1
    sword = next(o for o in s.options if o.name == "greatsword")
    assert (sword.bonus.value, sword.damage_text, sword.critical_text) == (8, "2d6+6", "19-20/x2")
    assert s.speed.value == 20  # 30 ft. human in heavy armor


def test_multiclass_bab_and_iteratives() -> None:
    block = build_creature(make(classes="fighter 6/rogue 3", feats=[]))
    assert block.bab == 8
    assert iteratives(block.bab) == [8, 3]
    assert [(h.count, h.die, h.source) for h in block.hit_dice] == [
        (6, 10, "fighter"),
        (3, 6, "rogue"),
    ]
    assert derive(block).routines[0].bonuses if block.weapons else True
    assert "sneak attack +2d6" in block.special_attacks


def test_wizard_20() -> None:
    block = build_creature(make(classes="wizard 20"))
    assert iteratives(block.bab) == [10, 5]
    assert block.base_saves.will == 12


def test_monk_8() -> None:
    b = make(classes="monk 8", abilities={**ELITE, "wis": 14}, ability_increases=["wis", "dex"])
    block = build_creature(b)
    s = derive(block)
    assert iteratives(block.bab) == [6, 1]
    assert (block.base_saves.fort, block.base_saves.ref, block.base_saves.will) == (6, 6, 6)
    ac_mods = {m.source: m.value for m in block.modifiers if m.stat == "ac"}
    # AC bonus: Wis bonus (Wis 15: +2) and +1 at 5th level, even touch and flat-footed.
    assert ac_mods == {"monk AC bonus (Wis)": 2, "monk AC bonus": 1}
    dex = 2  # Dex 15
    assert (s.ac.value, s.touch.value, s.flat_footed.value) == (
        10 + dex + 3, 10 + dex + 3, 10 + 3,
    )  # fmt: skip
    assert s.speed.value == 50  # +20 ft. unarmored speed bonus at 8th
    assert "flurry of blows" in block.special_attacks
    assert "unarmed strike 1d10" in block.special_attacks
    assert "ki strike (magic)" in block.special_attacks
    assert block.has_quality("evasion")
    assert block.has_feat("improved unarmed strike")
    assert "disease" in block.immunities  # purity of body, 5th


def test_monk_loses_ac_bonus_in_armor() -> None:
    b = make(classes="monk 5", abilities={**ELITE, "wis": 14}, armor="leather")
    block = build_creature(b)
    assert not [m for m in block.modifiers if m.stat in ("ac", "speed")]


def test_small_monk_unarmed_damage() -> None:
    block = build_creature(make(race="halfling", classes="monk 4"))
    assert "unarmed strike 1d6" in block.special_attacks  # Medium 1d8 -> Small 1d6


def test_barbarian_uncanny_dodge() -> None:
    def q(levels: str) -> tuple[str, ...]:
        return build_creature(make(classes=levels)).qualities

    assert "uncanny dodge" not in q("barbarian 1")
    assert "uncanny dodge" in q("barbarian 2")
    assert "improved uncanny dodge" not in q("barbarian 4")
    assert "improved uncanny dodge" in q("barbarian 5")
    # Multiclass Characters: uncanny dodge from a second class is improved uncanny dodge.
    assert "improved uncanny dodge" in q("barbarian 2/rogue 4")
    assert "trap sense +2" in q("barbarian 3/rogue 3")  # trap sense stacks


def test_speed_modifiers_come_before_the_armor() -> None:
    # srd-movement-04 and SRD barbarian "Fast Movement" ("Apply this bonus before
    # modifying the barbarian's speed because of any load carried or armor worn"): a
    # halfling barbarian (20 ft) in hide armor: 20 + 10 = 30, then medium armor: 20
    # (not 15 + 10 = 25).
    build = make(race="halfling", classes="barbarian 2", armor="hide")
    assert land_speed(build) == 20
    assert stats(build).speed.value == 20


def test_barbarian_features() -> None:
    block = build_creature(make(classes="barbarian 7", armor="hide"))
    s = derive(block)
    assert "rage 2/day" in block.special_attacks
    assert block.dr == (DamageReduction(amount=1, bypass=()),)
    # Fast movement +10 ft. in medium armor; as in the SRD ogre barbarian, the +10
    # comes after the armor reduction: 30 -> 20 in hide, +10.
    assert s.speed.value == 30
    heavy = build_creature(make(classes="barbarian 7", armor="full plate"))
    assert derive(heavy).speed.value == 20
    assert not [m for m in heavy.modifiers if m.stat == "speed"]
    flat_footed = derive(block).flat_footed.value
    assert flat_footed == s.ac.value  # uncanny dodge keeps Dex (Dex 14: +2)


def test_rogue_5_sneak_attack() -> None:
    block = build_creature(make(classes="rogue 5"))
    assert "sneak attack +3d6" in block.special_attacks
    assert "uncanny dodge" in block.qualities
    assert "evasion" in block.qualities
    assert "trap sense +1" in block.qualities


def test_paladin_and_cleric() -> None:
    b = make(classes="paladin 4", abilities={**ELITE, "cha": 14})
    block = build_creature(b)
    assert "smite evil 1/day" in block.special_attacks
    assert "turn undead 5/day (level 1)" in block.special_attacks  # 3 + Cha +2
    assert {m.source: m.value for m in block.modifiers if m.stat == "saves"} == {"divine grace": 2}
    assert saves(derive(block))[2] == block.base_saves.will + 0 + 2
    assert "fear" in block.immunities
    evil = build_creature(make(classes="cleric 5", alignment="neutral evil"))
    assert "rebuke undead 2/day (level 5)" in evil.special_attacks  # Cha 8: -1


def test_turning_of_builds() -> None:
    # seed 000 "Turn Or Rebuke Undead" and "Paladins and Undead"; SRD feats "Extra
    # Turning"; SRD character-classes-i (Knowledge (religion) 5 ranks: +2 on checks)
    paladin = build_creature(bundled_build("paladin-4")).turning
    assert paladin is not None and paladin.level == 1  # 4 - 3
    (undead,) = paladin.powers
    assert (undead.turns, undead.rebukes) == (("undead",), ())
    assert undead.uses == 3 + 2 + 4 and undead.check_bonus == 2  # Cha 14, Extra Turning
    sun = build_creature(bundled_build("cleric-5")).turning
    assert sun is not None and (sun.level, sun.greater, sun.powers[0].uses) == (5, 1, 8)
    assert build_creature(make(classes="paladin 3")).turning is None  # from 4th level
    evil = build_creature(make(classes="cleric 5", alignment="neutral evil")).turning
    assert evil is not None and evil.powers[0].rebukes == ("undead",)
    neutral = build_creature(make(classes="cleric 1", alignment="true neutral", turning="rebuke"))
    assert neutral.turning is not None and neutral.turning.powers[0].rebukes == ("undead",)
    default = build_creature(make(classes="cleric 1", alignment="true neutral")).turning
    assert default is not None and default.powers[0].turns == ("undead",)
    fire = build_creature(
        make(classes="cleric 1", alignment="lawful good", domains=["fire", "war"])
    )
    assert fire.turning is not None
    assert [(p.name, p.turns, p.rebukes) for p in fire.turning.powers] == [
        ("undead", ("undead",), ()),
        ("fire domain", ("water",), ("fire",)),
    ]
    both = build_creature(make(classes="cleric 2/paladin 5", alignment="lawful good")).turning
    assert both is not None and both.level == 2 + 5 - 3
    # the choice is a neutral cleric's; a cleric has two domains
    wrong = make(classes="cleric 1", alignment="lawful good", turning="rebuke", domains=["sun"])
    assert {p.field for p in check_build(wrong)} >= {"turning", "domains"}
    fine = make(classes="cleric 1", alignment="true neutral", turning="rebuke")
    assert not [p for p in check_build(fine) if p.field in ("turning", "domains")]


def test_ranger_favored_enemies() -> None:
    b = make(classes="ranger 5", favored_enemies=["giant +4", "humanoid (orc) +2"])
    block = build_creature(b)
    assert "favored enemy giant (+4)" in block.qualities
    dmg = [m for m in block.modifiers if m.stat == "damage"]
    assert [(m.value, m.condition) for m in dmg] == [(4, "vs giant"), (2, "vs humanoid (orc)")]
    assert not [p for p in check_build(b) if p.field == "favored_enemies"]
    wrong = make(classes="ranger 5", favored_enemies=["giant +2"])
    assert [p.field for p in check_build(wrong)].count("favored_enemies") == 1


# --- Races ---------------------------------------------------------------------------


def test_seven_races() -> None:
    assert {r.name for r in races()} == {
        "human", "dwarf", "elf", "gnome", "half-elf", "half-orc", "halfling",
    }  # fmt: skip
    assert race("halfling").size is Size.SMALL
    assert race("gnome").size is Size.SMALL
    assert race("dwarf").speed == 20
    assert not race("dwarf").armor_reduces_speed


def test_dwarf_fighter_speed_in_full_plate() -> None:
    b = make(race="dwarf", classes="fighter 4", armor="full plate")
    block = build_creature(b)
    assert derive(block).speed.value == 20
    assert land_speed(b) == 20
    human = make(classes="fighter 4", armor="full plate")
    assert derive(build_creature(human)).speed.value == 20  # 30 -> 20
    halfling = make(race="halfling", classes="fighter 4", armor="full plate")
    assert derive(build_creature(halfling)).speed.value == 15  # 20 -> 15


def test_halfling_small() -> None:
    block = build_creature(bundled_build("rogue-3"))
    s = derive(block)
    assert block.size is Size.SMALL
    assert block.speed.land == 20
    # +1 size on AC and attacks, -4 on grapple.
    assert s.ac.value == 10 + 3 + 3 + 1  # studded leather, Dex 17, Small
    assert s.grapple.value == 2 + 0 - 4
    assert block.skills["hide"] == 6 + 3 + 4  # ranks, Dex, Small size
    assert saves(s) == (1 + 2 + 1, 3 + 3 + 1, 1 + 0 + 1)  # +1 racial on all saves


def test_racial_traits() -> None:
    dwarf = race("dwarf")
    conds = {(m.stat, m.value, m.type.value, m.condition) for m in dwarf.modifiers}
    assert ("ac", 4, "dodge", "vs monsters of the giant type") in conds
    assert ("attack", 1, "racial", "vs orcs and goblinoids") in conds
    assert (
        "bull rush",
        4,
        "untyped",
        "to resist being bull rushed while standing on the ground",
    ) in conds
    halfling = {(m.stat, m.value, m.type.value, m.condition) for m in race("halfling").modifiers}
    # races.html: "+1 racial bonus on all saving throws", "+2 morale bonus ... against fear".
    assert ("saves", 1, "racial", None) in halfling
    assert ("saves", 2, "morale", "vs fear") in halfling
    assert ("ranged", 1, "racial", "with thrown weapons and slings") in halfling
    assert race("elf").weapon_proficiencies[:2] == ("longsword", "rapier")
    assert race("dwarf").weapon_familiarity == ("dwarven waraxe", "dwarven urgrosh")
    half_orc = build_creature(
        make(race="half-orc", classes="barbarian 1", abilities={**ELITE, "int": 4})
    )
    assert half_orc.abilities[Ability.INT] == 3  # races.html: "always at least 3"
    human = make(classes="fighter 1", feats=["Power Attack", "Cleave", "Dodge"])
    assert check_build(human) == []  # 1st level + human + fighter bonus feat


# --- Skills --------------------------------------------------------------------------


def test_skill_key_abilities_match_the_class_pages() -> None:
    pattern = re.compile(r"([A-Z][A-Za-z ]+?)(?: \([^()]*\))? \((Str|Dex|Con|Int|Wis|Cha)\)")
    seen: dict[str, str] = {}
    for page in ("character-classes-i.html", "character-classes-ii.html", "npc-classes.html"):
        text = BeautifulSoup(
            (SRD / "basic-rules-and-legal" / page).read_text(encoding="utf-8"), "html.parser"
        ).get_text(" ")
        for sentence in re.findall(
            r"class skills \(and the key ability[^.]*\.", " ".join(text.split())
        ):
            for name, ability in pattern.findall(sentence.split(" are ", 1)[1]):
                seen[name.strip().lower().removeprefix("and ")] = ability.lower()
    assert len(seen) >= 34
    for name, ability in seen.items():
        assert SKILLS[name].ability.value == ability, name


def test_armor_check_penalty_and_masterwork() -> None:
    base = {"climb": 4, "swim": 4, "ride": 4}
    plain = skill_totals(make(classes="fighter 4", armor="chainmail", skills=base))
    mw = skill_totals(
        make(classes="fighter 4", armor={"armor": "chainmail", "masterwork": True}, skills=base)
    )
    # Str 15 (+2); chainmail -5 (masterwork -4); Swim doubles it; Ride has none.
    assert plain == {"climb": 4 + 2 - 5, "swim": 4 + 2 - 10, "ride": 4 + 2}
    assert mw["climb"] == 4 + 2 - 4 and mw["swim"] == 4 + 2 - 8


def test_skill_feats_and_synergy() -> None:
    b = make(
        classes="rogue 4",
        feats=["Alertness", "Skill Focus (Tumble)"],
        skills={"tumble": 7, "bluff": 5, "spot": 2},
    )
    totals = skill_totals(b)
    assert totals["tumble"] == 7 + 2 + 3
    assert totals["spot"] == 2 + 0 + 2
    assert totals["listen"] == 0 + 2  # Alertness makes Listen worth printing
    assert totals["balance"] == 2 + 2  # Dex 14 + synergy from Tumble 5+
    assert totals["diplomacy"] == -1 + 2  # Cha 8 + synergy from Bluff 5+
    assert totals["jump"] == 2 + 2
    cloak = {"stat": "Hide", "value": 5, "type": "competence", "source": "cloak of elvenkind"}
    worn = make(classes="rogue 1", modifiers=[cloak])
    assert skill_totals(worn)["hide"] == 2 + 5
    assert not build_creature(worn).modifiers  # folded into the skill total


# --- Hit points ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ("average", 5 + 5 + 5 + 5 + 2 + 4),  # floor(4 x 5.5) = 22, Con +1 x 4
        ("max-first", 10 + 16 + 4),  # 10 + floor(3 x 5.5)
        ("auto", 10 + 16 + 4),  # fighter is a PC class
        (40, 40),
    ],
)
def test_hp_policy(policy: Any, expected: int) -> None:
    b = make(classes="fighter 4", abilities={**ELITE, "con": 12}, hp=policy)
    assert derive(build_creature(b)).hp.value == expected


def test_hp_max_first_multiclass_and_toughness() -> None:
    b = make(classes="rogue 1/fighter 2", feats=["Toughness"], hp="max-first")
    # 6 (rogue max) + 5.5 + 5.5 = 17, Con 13 +1 x 3, Toughness +3
    assert derive(build_creature(b)).hp.value == 17 + 3 + 3
    fixed = make(classes="rogue 1/fighter 2", feats=["Toughness"], hp=12)
    assert derive(build_creature(fixed)).hp.value == 12


def test_derived_hit_points_agree_with_statistics() -> None:
    for b in builds():
        block = build_creature(b)
        assert derived_hit_points(block) + block.hp_bonus == derive(block).hp.value


# --- Bundled builds, files, errors ---------------------------------------------------


@pytest.mark.parametrize(
    "stem",
    [
        "fighter-3",
        "fighter-4",
        "rogue-3",
        "cleric-3",
        "cleric-5",
        "paladin-4",
        "wizard-3",
        "monk-3",
        "garroter-3",
    ],
)
def test_bundled_builds_follow_the_rules(stem: str) -> None:
    b = bundled_build(stem)
    assert check_build(b) == []
    block = build_creature(b)
    assert isinstance(block, StatBlock)
    derive(block)


def test_bundled_examples() -> None:
    monk = derive(build_creature(bundled_build("monk-3")))
    # Improved Grapple (a monk bonus feat): grapple +2 BAB +2 Str +4; unarmed 1d6 lethal
    # or not at will (Improved Unarmed Strike at 1st level: SRD Table: The Monk)
    assert monk.grapple.value == 8 and monk.unarmed is not None and monk.unarmed.either
    assert str(monk.unarmed.dice) == "1d6"
    cleric = build_creature(bundled_build("cleric-3"))
    assert derive(cleric).speed.value == 20  # banded mail, but a dwarf
    assert "turn undead 3/day (level 3)" in cleric.special_attacks
    wizard = derive(build_creature(bundled_build("wizard-3")))
    assert wizard.hp.value == 4 + 5  # max d4, floor(2 x 2.5), Con 11
    assert wizard.stat.skills["spellcraft"] == 6 + 2 + 2  # Knowledge (arcana) 5+ synergy
    rogue = build_creature(bundled_build("Halfling rogue 3"))
    assert "sneak attack +2d6" in rogue.special_attacks


def test_build_text_forms() -> None:
    b = make(classes=["fighter 2", {"name": "rogue", "level": 1}])
    assert [(c.name, c.level) for c in b.classes] == [("fighter", 2), ("rogue", 1)]
    assert b.level == 3
    twice = make(classes="rogue 2/fighter 1/rogue 2")
    assert [(c.name, c.level) for c in twice.classes] == [("rogue", 4), ("fighter", 1)]
    assert build_creature(twice).bab == 3 + 1  # rogue 4th (+3), not 2 x rogue 2nd (+1)


def test_errors() -> None:
    with pytest.raises(ContentError, match="unknown race"):
        build_creature(make(race="orc", classes="warrior 1"))
    with pytest.raises(ContentError, match="unknown weapon"):
        build_creature(make(classes="fighter 1", weapons=["lightsaber"]))
    with pytest.raises(ContentError, match="not a shield"):
        build_creature(make(classes="fighter 1", shield="chainmail"))
    with pytest.raises(ContentError, match="not body armor"):
        build_creature(make(classes="fighter 1", armor="heavy steel shield"))
    with pytest.raises(ContentError, match="ability increases"):
        build_creature(make(classes="fighter 3", ability_increases=["str"]))
    with pytest.raises(ValueError, match="unknown skill"):
        make(classes="fighter 1", skills={"lockpicking": 2})
    # Human fighter 1, Int 12: (2 + 1 + 1) x 4 = 16 points; these cost 5 + 6 + 4 + 4.
    too_many = make(classes="fighter 1", skills={"climb": 5, "hide": 3, "jump": 4, "swim": 4})
    assert {p.field for p in check_build(too_many)} == {"climb", "hide", "skills", "feats"}


def test_load_build_reports_lines(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: x\nclasses: fighter 1\nabilities: {str: 10}\nhp: lots\n")
    with pytest.raises(ContentError) as info:
        load_build(path)
    text = str(info.value)
    assert "bad.yaml:3" in text and "missing ability scores" in text
    assert "bad.yaml:4" in text


def test_monk_unarmed_table_matches_the_srd() -> None:
    html = (SRD / "basic-rules-and-legal" / "character-classes-i.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    caption = next(c for c in soup.find_all("caption") if "Small or Large Monk" in c.get_text())
    table = caption.find_parent("table")
    assert table is not None
    rows = [[td.get_text(strip=True) for td in tr.find_all("td")] for tr in table.find_all("tr")]
    monk = class_def("monk")
    for row in (r for r in rows if r):
        first = int(re.match(r"\d+", row[0]).group(0))  # type: ignore[union-attr]
        medium = monk.current("unarmed damage", first)
        assert medium is not None and medium.value is not None
        assert MONK_UNARMED_BY_SIZE[medium.value] == (row[1], row[2])
