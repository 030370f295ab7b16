"""Rules- and content-level rows: object hardness and hit points (seed 000 "Breaking
Items"), Improved Grapple, damage modifiers on natural and unarmed attacks, and
critical hits with touch attacks.

The object numbers below are typed from seed 000_087b7d6de69a214e.txt itself (the
seed is not vendored with the project), table by table, so the shipped
``content/data/objects.yaml`` is checked against the source and not against itself.
"""

from __future__ import annotations

from typing import Any

from d20combat.content.creatures import StatBlock
from d20combat.content.objects import (
    HardnessHP,
    break_dc,
    item_hardness_and_hp,
    object_stats,
    objects_data,
    substance,
    substance_hardness_and_hp,
)
from d20combat.content.rulesets import ruleset
from d20combat.rules.attack import attack_on, resolve_attack
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.modifiers import BonusType
from d20combat.rules.statistics import Statistics, derive

SRD35 = ruleset("srd35")

# seed 000 "Breaking Items", Table: Substance Hardness And Hit Points
# (substance: hardness, hit points per inch of thickness)
SEED_SUBSTANCES = {
    "paper": (0, 2),
    "rope": (0, 2),
    "glass": (1, 1),
    "ice": (0, 3),
    "wood": (5, 10),
    "stone": (8, 15),
    "iron": (10, 30),
    "mithral": (15, 30),
    "adamantite": (20, 40),
}

# seed 000 "Breaking Items", Table: Common Weapon And Shield Hardness And Hit Points
# (the older table: weapon, example, hardness, hp; the seed's "2." "5." "10." are
# stray full stops)
SEED_OLDER_TABLE = [
    ("tiny blade", "dagger", 10, 1),
    ("small blade", "short sword", 10, 2),
    ("medium-size blade", "longsword", 10, 5),
    ("large blade", "greatsword", 10, 10),
    ("small metal-hafted weapon", "light mace", 10, 10),
    ("medium-size metal-hafted weapon", "heavy mace", 10, 25),
    ("small hafted weapon", "handaxe", 5, 2),
    ("medium-size hafted weapon", "battleaxe", 5, 5),
    ("large hafted weapon", "greataxe", 5, 10),
    ("huge club", "ogre's club", 5, 60),
    ("buckler", None, 10, 5),
    ("small wooden shield", None, 5, 10),
    ("large wooden shield", None, 5, 15),
    ("small steel shield", None, 10, 10),
    ("large steel shield", None, 10, 20),
    ("tower shield", None, 5, 20),
]

# seed 000 "Breaking Items", Table: Object Hardness And Hit Points
# (object: hardness, hit points, break DC; the seed's "23 -" is a stray dash)
SEED_OBJECTS = {
    "rope (1 inch diam.)": (0, 2, 23),
    "simple wooden door": (5, 10, 13),
    "spear": (5, 2, 14),
    "small chest": (5, 1, 17),
    "good wooden door": (5, 15, 18),
    "treasure chest": (5, 15, 23),
    "strong wooden door": (5, 20, 23),
    "masonry wall (1 ft. thick)": (8, 90, 35),
    "hewn stone (3 ft. thick)": (8, 540, 50),
    "chain": (10, 5, 26),
    "manacles": (10, 10, 26),
    "masterwork manacles": (10, 10, 28),
    "iron door (2 in. thick)": (10, 60, 28),
}


def test_substances_match_the_seed_table() -> None:
    """seed 000 Table: Substance Hardness And Hit Points; mithral: hardness 15 and 30 hp
    per inch, so a 2-inch mithral plate has 60 hp and half an inch 15."""
    shipped = {s.name: (s.hardness, s.hp_per_inch) for s in objects_data().substances}
    assert shipped == SEED_SUBSTANCES
    assert substance_hardness_and_hp("mithral") == HardnessHP(15, 30)
    assert substance_hardness_and_hp("mithral", 2) == HardnessHP(15, 60)
    assert substance_hardness_and_hp("mithral", 0.5) == HardnessHP(15, 15)
    assert substance("mithral").hp_per_inch == 30


def test_older_weapon_and_shield_table_matches_the_seed() -> None:
    """seed 000 Table: Common Weapon And Shield Hardness And Hit Points (the older
    table), every row by its name and by its example weapon."""
    rows = next(t for t in objects_data().item_tables if t.edition == "3.0").rows
    shipped = [(r.kind, r.example, r.hardness, r.hp) for r in rows]
    assert shipped == SEED_OLDER_TABLE
    for kind, example, hardness, hp in SEED_OLDER_TABLE:
        assert item_hardness_and_hp(kind, edition="3.0") == HardnessHP(hardness, hp), kind
        if example:
            assert item_hardness_and_hp(example, edition="3.0") == HardnessHP(hardness, hp)
    # the rows the 3.5 table also has agree; the 3.0 shields answer to their 3.5 names
    assert item_hardness_and_hp("large wooden shield", edition="3.0") == item_hardness_and_hp(
        "heavy wooden shield"
    )
    assert item_hardness_and_hp("small steel shield", edition="3.0") == HardnessHP(10, 10)
    assert item_hardness_and_hp("large steel shield", edition="3.0") == item_hardness_and_hp(
        "heavy steel shield"
    )
    assert item_hardness_and_hp("tower shield", edition="3.0") == item_hardness_and_hp(
        "tower shield"
    )
    for example in ("short sword", "longsword", "greatsword", "light mace", "handaxe"):
        assert item_hardness_and_hp(example, edition="3.0") == item_hardness_and_hp(example)
    for example in ("battleaxe", "greataxe"):
        assert item_hardness_and_hp(example, edition="3.0") == item_hardness_and_hp(example)


def test_object_table_matches_the_seed() -> None:
    """seed 000 Table: Object Hardness And Hit Points, every row: hardness, hit points
    and break DC (the treasure chest 5/15/DC 23, strong wooden door 5/20/23, hewn stone
    8/540/50, masterwork manacles 10/10/28 among them); a break DC drops by 2 once half
    the hit points are gone."""
    shipped = {o.name: (o.hardness, o.hp, o.break_dc) for o in objects_data().objects}
    assert shipped == SEED_OBJECTS
    for name, (hardness, hp, dc) in SEED_OBJECTS.items():
        o = object_stats(name)
        assert (o.hardness, o.hp, o.break_dc) == (hardness, hp, dc)
        assert break_dc(name) == dc and break_dc(name, half_hp_lost=True) == dc - 2
    assert object_stats("hewn stone").hardness == 8 and break_dc("hewn stone") == 50


# seed 000 "Breaking Items", Table: DCs To Break Or Burst Items (Strength check: DC)
SEED_BREAK_DCS = {
    "break down simple door": 13,
    "break down good door": 18,
    "break down strong door": 23,
    "burst rope bonds": 23,
    "bend iron bars": 24,
    "break down barred door": 25,
    "burst chain bonds": 26,
    "break down iron door": 28,
}


def test_break_dc_table_matches_the_seed() -> None:
    """seed 000 Table: DCs To Break Or Burst Items, every row, and each DC less 2 once
    half the object's hit points are gone."""
    shipped = {row.task: row.dc for row in objects_data().break_dcs}
    assert shipped == SEED_BREAK_DCS
    for task, dc in SEED_BREAK_DCS.items():
        assert break_dc(task) == dc and break_dc(task, half_hp_lost=True) == dc - 2


# --- feats and damage ---------------------------------------------------------------


def block(**kw: Any) -> Statistics:
    """A Medium humanoid, Str 14 (+2), BAB +1, with overrides."""
    data: dict[str, Any] = {
        "name": "test subject",
        "abilities": {"str": 14, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "hit_dice": [{"count": 1, "die": 8}],
        "bab": 1,
        "base_saves": {},
    }
    data.update(kw)
    return derive(StatBlock.model_validate(data), SRD35)


def test_improved_grapple_adds_four_to_the_grapple_bonus() -> None:
    """seed 002 "Grapple" / SRD feats "Improved Grapple": +4 on all grapple checks, so
    on the grapple bonus every check uses: BAB 1 + Str 2 + size 0 = 3, with the feat 7."""
    plain = block()
    assert plain.grapple.value == 3
    feat = block(feats=["Improved Grapple"])
    assert feat.grapple.value == 7
    assert [(m.value, m.source) for m in feat.grapple.counted() if m.value == 4] == [
        (4, "Improved Grapple")
    ]


def test_damage_modifiers_reach_unarmed_strikes_and_natural_attacks() -> None:
    """seed 003 "Damage": effects that modify weapon damage apply to unarmed strikes and
    natural attacks too. A +2 morale bonus on damage and Str +2: longsword 1d8+4,
    unarmed strike 1d3+4, a sole claw 1d4+5 (1 1/2 x Str 2 = 3, SRD monsters intro);
    Weapon Specialization names a natural weapon as well (+2)."""
    morale = {"stat": "damage", "value": 2, "type": "morale", "source": "inspired"}
    claw = {"name": "claw", "damage": "1d4", "damage_types": ["slashing"]}
    s = block(weapons=["longsword"], natural_attacks=[claw], modifiers=[morale])
    sword, fist, nat = s.option("longsword"), s.unarmed, s.option("claw")
    assert fist is not None
    assert (sword.damage_text, fist.damage_text, nat.damage_text) == ("1d8+4", "1d3+4", "1d4+5")
    for option in (sword, fist, nat):
        morale_mods = [m for m in option.damage_bonus.counted() if m.type is BonusType.MORALE]
        assert [m.value for m in morale_mods] == [2], option.name
    plain = block(weapons=["longsword"], natural_attacks=[claw])
    assert (
        plain.unarmed.damage_text if plain.unarmed else "",
        plain.option("claw").damage_text,
    ) == (
        "1d3+2",
        "1d4+3",
    )
    spec = block(natural_attacks=[claw], feats=["Weapon Specialization (claw)"])
    assert spec.option("claw").damage_text == "1d4+5"


def test_touch_attacks_threaten_and_confirm_criticals() -> None:
    """SRD combat-i "Critical Hits" / seed 003 "Touch Attacks": a touch attack is an
    attack roll against touch AC and threatens like any other. A touch +3 (BAB 1, Str
    2; a sole natural attack: 1d6 + 1 1/2 Str = 1d6+3) against the SRD ogre (AC 16,
    touch 8): a natural 20 confirmed with 5 + 3 = 8 vs 8 is a critical hit, damage
    (1d6+3) x2 rolled as 2d6+6 (12). A roll of 6 (9) hits touch
    AC 8 but would miss AC 16. A creature immune to criticals (undead) is never
    threatened."""
    from d20combat.content.bestiary import find_creature

    s = block(natural_attacks=[{"name": "touch", "damage": "1d6", "touch": True}])
    touch = s.option("touch")
    assert touch.touch and touch.bonus.value == 3 and touch.damage_text == "1d6+3"
    ogre = derive(find_creature("ogre"), SRD35)
    attack = attack_on(ogre, touch, SRD35)
    assert attack.ac.value == 8
    r = resolve_attack(ScriptedDice([20, 5, 12]), attack, SRD35)
    assert r.hit and r.threat and r.critical and r.confirm_total == 8 and r.multiplier == 2
    assert r.damage == 12
    r = resolve_attack(ScriptedDice([6, 5]), attack, SRD35)
    assert r.hit and not r.critical and r.total == 9
    skeleton = derive(find_creature("human-warrior-skeleton"), SRD35)
    r = resolve_attack(ScriptedDice([20, 5]), attack_on(skeleton, touch, SRD35), SRD35)
    assert r.hit and not r.threat and not r.critical


# --- which actions provoke (seed 002 quick reference, D35) ---------------------------
# seed 002 "Actions in Combat": the actions it marks (AoO), by the engine's names, for
# those the engine has: attack (unarmed, without natural weapons or Improved Unarmed
# Strike), stabilize, drink a potion, deliver a coup de grace, load a crossbow, move 5 feet through
# difficult terrain, crawl, sheathe a weapon, retrieve a stored item, stand up, open or
# close a door. Moving out of a threatened square (move, run) provokes as movement, not
# as an action of this list. The SRD table adds ranged attacks and picking up an item.
SEED_002 = {
    "unarmed-attack",
    "drink",
    "coup-de-grace",
    "load",
    "difficult-step",
    "crawl",
    "sheathe",
    "retrieve",
    "stand",
    "open",
    "stabilize",
}
SRD_ADDS = {"ranged-attack", "pick-up"}
# ... and the SRD table's provoking rows among the timed-only activities (seed 002 marks
# read a scroll too; rules/activities.py): light a torch (with a tindertwig, or not),
# use a skill (1 action or 1 round: "usually"), use a spell-like ability, move a heavy
# object, escape from a net, lock a locked gauntlet, prepare a splash weapon, use a
# touch spell on up to six friends.
SRD_ADDS |= {
    "read-scroll",
    "light-tindertwig",
    "light-torch",
    "skill-action",
    "skill-round",
    "spell-like",
    "move-heavy",
    "escape-net",
    "lock-gauntlet",
    "prepare-splash",
    "touch-six",
    # a skill used as a move action (seed 004 "Use Feat, Skill, or Talent"), provoking as
    # the table's "use skill" (reading A188)
    "skill-move",
    # setting a planted explosive's timer, a skill used in combat (reading A232)
    "plant",
}


def test_provoking_actions_follow_the_seed_lists() -> None:
    """seed 002 marks the actions that provoke; D35: srd35 and advanced take its list
    with the SRD table's ranged attacks and picking up an item; d20modern (seed 004,
    then the SRD table) does not take the door and adds its knockout blow (seed 004
    "Knockout Blow": it "provokes attacks of opportunity from threatening foes")."""
    for name in ("srd35", "advanced"):
        assert set(ruleset(name).provoking_actions) == SEED_002 | SRD_ADDS, name
    assert set(ruleset("d20modern").provoking_actions) == (SEED_002 | SRD_ADDS) - {"open"} | {
        "knockout-blow"
    }
