"""seed 001's damage types in play (issue 9): an attack's negative energy heals an
undead target instead of harming it; psychic damage does nothing to the mindless.

Sources: seed 001 "Negative energy ... damages living creatures, but heals the undead",
"Psychic damage ... no effect on mindless creatures"; SRD combat-i "Healing Limits".
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A

TOUCH = "{name: touch, damage: 1d6, damage_types: [%s], touch: true}"


def duel(
    kit: Any,
    rolls: list[int],
    energy: str,
    *,
    ruleset: str = "advanced",
    undead: bool = True,
    rows: str = ".......\n.......\n.......",
) -> Any:
    red = kit.soldier("Red", "b2", natural=TOUCH % energy)
    blue = kit.soldier("Blue", "c2")
    if undead:
        blue = blue.replace("type: humanoid", "type: undead")
        blue = blue.replace("con: 12", "con: null").replace("int: 10", "int: null")
    return kit.scripted_encounter(
        rows,
        {"red": red, "blue": blue},
        rolls,
        ruleset=ruleset,
    )


def damage_events(enc: Any) -> list[Any]:
    return [e for e in enc.log if e.type == "damage"]


def test_negative_energy_touch_heals_the_undead(kit: Any) -> None:
    # initiative 20 / 1: Red first. The touch attack, 15 + 6 BAB + 3 Str = 24, hits
    # touch AC 11; 1d6+4 (a sole natural attack: 1 1/2 x Str +3) = 8 negative energy:
    # Blue (undead, 10 below its maximum) heals 8.
    enc = duel(kit, [20, 1, 15, 8], "negative energy")
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(hp=blue.vitals.max_hp - 10)
    enc.apply(A.parse_action("attack blue with touch"))
    (event,) = damage_events(enc)
    assert event.outcome["damage"] == 0
    assert event.outcome["reductions"] == ["negative energy heals the undead: -8"]
    assert "healed 8" in event.outcome["notes"]
    assert blue.vitals.hp == blue.vitals.max_hp - 2


def test_psychic_touch_does_nothing_to_the_mindless(kit: Any) -> None:
    # Blue has no Intelligence score: mindless. 8 psychic: 0 (seed 001); under srd35
    # psychic is plain energy (D76): 8.
    enc = duel(kit, [20, 1, 15, 8], "psychic")
    enc.apply(A.parse_action("attack blue with touch"))
    assert damage_events(enc)[0].outcome["damage"] == 0
    enc = duel(kit, [20, 1, 15, 8], "psychic", ruleset="srd35")
    enc.apply(A.parse_action("attack blue with touch"))
    assert damage_events(enc)[0].outcome["damage"] == 8


def test_cold_touch_on_a_soldier_wading_in_the_water(kit: Any) -> None:
    """seed 001 "Cold damage ... especially potent against creatures soaked in water"
    (A206): Blue stands in chest-deep water (``~``): 8 cold (as above) is doubled, 16;
    on dry land 8; under srd35 8 in the water too."""
    wet = ".......\n..~....\n......."
    for ruleset, rows, expected in (
        ("advanced", wet, 16),
        ("advanced", None, 8),
        ("srd35", wet, 8),
    ):
        kw = {"rows": rows} if rows else {}
        enc = duel(kit, [20, 1, 15, 8], "cold", ruleset=ruleset, undead=False, **kw)
        enc.apply(A.parse_action("attack blue with touch"))
        (event,) = damage_events(enc)
        assert event.outcome["damage"] == expected, ruleset
        if expected == 16:
            assert event.outcome["reductions"] == [
                "cold is especially potent against the soaked (A206): --8"
            ]


def kinds_of(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def test_sonic_up_close_may_deafen(kit: Any) -> None:
    """seed 001 "Sonic damage ... may cause temporary or permanent deafness to creatures
    up close" (A208): the touch (15: a hit) deals 8 sonic; Blue (Fort +5 base, Con 12
    +1: +6) saves against DC 10 + 8/2 = 14: rolls 7 (13: fails) and is deafened for
    2d6 = 9 rounds; rolls 8 (14) and resists; under srd35 no save at all."""
    enc = duel(kit, [20, 1, 15, 8, 7, 9], "sonic", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "deafening")
    assert (e.target, e.outcome["dc"], e.outcome["result"], e.outcome["rounds"]) == (
        "blue",
        14,
        "deafened",
        9,
    )
    assert "deafened" in enc.combatants["blue"].conditions
    enc = duel(kit, [20, 1, 15, 8, 8], "sonic", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    assert kinds_of(enc, "deafening")[0].outcome["result"] == "resisted"
    assert "deafened" not in enc.combatants["blue"].conditions
    enc = duel(kit, [20, 1, 15, 8], "sonic", undead=False, ruleset="srd35")
    enc.apply(A.parse_action("attack blue with touch"))
    assert not kinds_of(enc, "deafening") and enc.dice.totals == []


def test_the_odds_of_deafness_are_exact() -> None:
    """p_deafened against an enumeration of the save (a natural 20 saves, a 1 fails)."""
    from fractions import Fraction

    from d20combat.rules.dice import enumerate_outcomes
    from d20combat.rules.energy import deafening, p_deafened

    for sonic, fort in ((8, 6), (30, 0), (1, 15), (0, -3)):
        dist = enumerate_outcomes(lambda d, s=sonic, f=fort: deafening(d, s, f).saved)
        count = sum(1 for r in range(2, 20) if r + fort >= 10 + sonic // 2) + 1  # + the 20
        assert p_deafened(sonic, fort) == dist.get(False, Fraction(0)) == 1 - Fraction(count, 20)


def test_electricity_runs_through_the_water(kit: Any) -> None:
    """seed 001 "Electric damage ... can be conducted through ... water" (A207): Blue
    wades at c2, Green at d2 in the same water, White at f2 on the bank. 8 electricity
    on Blue runs across the water: Green takes 8 too; White and Red (on land) none.
    Under srd35 only Blue is hurt."""
    rows = ".......\n..~~...\n......."
    sides = {
        "red": kit.soldier("Red", "b2", natural=TOUCH % "electricity"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Green", "d2") + kit.soldier("White", "f2"),
    }
    for ruleset, hurt in (("advanced", ["blue", "green"]), ("srd35", ["blue"])):
        enc = kit.scripted_encounter(rows, sides, [20, 1, 2, 3, 15, 8], ruleset=ruleset)
        enc.apply(A.parse_action("attack blue with touch"))
        damaged = [(e.target, e.outcome["damage"]) for e in damage_events(enc)]
        assert damaged == [(who, 8) for who in hurt]
        conducted = kinds_of(enc, "conducted")
        assert [e.outcome["victims"] for e in conducted] == ([["green"]] if len(hurt) > 1 else [])


def test_acid_eats_the_steel_in_hand_unless_the_reflex_save_succeeds(kit: Any) -> None:
    """seed 001 "Acid ... often also ruin or damage metal equipment. Normally a
    successful Reflex save prevents damage to equipment" (A209): 8 acid; Blue's Reflex
    (+2 base, Dex 12 +1: +3) against DC 10 + 4 = 14 rolls 5 (8): its longsword (steel:
    hardness 10, 5 hp) takes half the acid (an object: seed 000 "Energy Attacks"), 4,
    hardness not counted: 1 hp left; its chainmail (iron, hardness 10, 5 x 5 = 25 hp:
    A253) takes 4 too: 21 left. A second failed save ruins the sword (out of its hand).
    Rolled 11 (14) the gear is safe."""
    enc = duel(kit, [20, 1, 15, 8, 5], "acid", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "corroded")
    assert (e.actor, e.outcome["dc"], e.outcome["result"], e.outcome["items"]) == (
        "blue",
        14,
        "corroded",
        [["longsword", 4, 1], ["chainmail", 4, 21]],
    )
    blue = enc.combatants["blue"]
    assert blue.item_damage == {"longsword": 4, "chainmail": 4}
    enc = duel(kit, [20, 1, 15, 8, 5], "acid", undead=False)
    enc.combatants["blue"].item_damage["longsword"] = 4  # as the first hit left it
    enc.apply(A.parse_action("attack blue with touch"))
    assert kinds_of(enc, "corroded")[0].outcome["items"] == [
        ["longsword", 4, 0],
        ["chainmail", 4, 21],
    ]
    assert "longsword" not in enc.combatants["blue"].wielding  # ruined (seed 000)
    enc = duel(kit, [20, 1, 15, 8, 11], "acid", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    assert kinds_of(enc, "corroded")[0].outcome["items"] == []
    assert enc.combatants["blue"].item_damage == {}


def test_the_energy_events_read_as_sentences(kit: Any) -> None:
    """The narration says why: the DC, the result and what it cost."""
    from d20combat.render.narrate import RENDERERS

    enc = duel(kit, [20, 1, 15, 8, 7, 9], "sonic", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    text = RENDERERS["deafening"](kinds_of(enc, "deafening")[0])
    assert text == (
        "the sonic blast (8) rings in blue's ears: Fortitude vs DC 14: deafened for 9 rounds"
    )
    enc = duel(kit, [20, 1, 15, 8, 5], "acid", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    text = RENDERERS["corroded"](kinds_of(enc, "corroded")[0])
    assert text == (
        "8 acid splashes blue's gear: Reflex vs DC 14: longsword loses 4 hp (1 left); "
        "chainmail loses 4 hp (21 left)"
    )


def shadow_fight(kit: Any, rolls: list[int], natural: str = "", weapons: str = "longsword") -> Any:
    """Red (a soldier) against the SRD shadow (incorporeal subtype) next to it."""
    red = kit.soldier("Red", "b2", natural=natural, weapons=weapons)
    shadow = "  - creature: shadow\n    at: c2\n"
    return kit.scripted_encounter(
        ".......\n.......\n.......", {"red": red, "blue": shadow}, rolls, ruleset="advanced"
    )


def test_an_incorporeal_creature_is_immune_to_nonmagical_blows(kit: Any) -> None:
    """SRD "Incorporeal Subtype": "immune to all nonmagical attack forms": Red's plain
    longsword hits the shadow (touch AC 13: 15 + 9 = 24) for 9: no damage."""
    enc = shadow_fight(kit, [20, 1, 15, 9])
    enc.apply(A.parse_action("attack shadow with longsword"))
    (e,) = damage_events(enc)
    assert e.outcome["damage"] == 0
    assert e.outcome["reductions"] == ["incorporeal: nonmagical: -9"]


def test_a_magic_blow_has_half_a_chance_and_force_always_reaches(kit: Any) -> None:
    """A +1 longsword (magic): a d% roll, 50% to ignore: 50 ignores, 51 lets its 10
    through. seed 001 "Force damage ... effective against ghosts and other ethereal
    creatures" (and the SRD's exception for force): a force touch's 8 always reaches, no
    d% rolled (A213)."""
    plus_one = "{weapon: longsword, enhancement: 1}"
    enc = shadow_fight(kit, [20, 1, 15, 10, 50], weapons=plus_one)
    enc.apply(A.parse_action("attack shadow with longsword"))
    assert damage_events(enc)[0].outcome["damage"] == 0
    enc = shadow_fight(kit, [20, 1, 15, 10, 51], weapons=plus_one)
    enc.apply(A.parse_action("attack shadow with longsword"))
    assert damage_events(enc)[0].outcome["damage"] == 10
    enc = shadow_fight(kit, [20, 1, 15, 8], natural=TOUCH % "force")
    enc.apply(A.parse_action("attack shadow with touch"))
    assert damage_events(enc)[0].outcome["damage"] == 8
    assert enc.dice.totals == []


def test_the_odds_that_a_magic_blow_reaches_the_incorporeal() -> None:
    """incorporeal_parts under enumeration: a magic slashing part reaches with 1/2; with
    a force part besides, the force always does (the mean kept: 4 + 6/2 = 7)."""
    from fractions import Fraction

    from d20combat.content.damage import DamageType as T
    from d20combat.rules.damage import DamagePart
    from d20combat.rules.dice import enumerate_outcomes
    from d20combat.rules.energy import incorporeal_parts

    sword = DamagePart(6, (T.SLASHING,), "+1 longsword", enhancement=1)
    force = DamagePart(4, (T.FORCE,), "force")
    plain = DamagePart(5, (T.SLASHING,), "longsword")
    dist = enumerate_outcomes(
        lambda d: sum(p.amount for p in incorporeal_parts(d, [sword, force, plain])[0])
    )
    assert dist == {4: Fraction(1, 2), 10: Fraction(1, 2)}


def test_an_incorporeal_attacker_reaches_another(kit: Any) -> None:
    """The restriction is on a corporeal source: a shadow's touch on another shadow is
    not filtered (no d%)."""
    from d20combat.content.bestiary import find_creature
    from d20combat.content.rulesets import ruleset
    from d20combat.rules.attack import attack_on, damage_of
    from d20combat.rules.dice import ScriptedDice
    from d20combat.rules.statistics import derive

    shadow = derive(find_creature("shadow"))
    touch = shadow.options[0]
    blow = attack_on(shadow, touch, ruleset())._replace(incorporeal_source=True)
    assert damage_of(ScriptedDice([4]), blow, ruleset()).damage == 4
    blow = blow._replace(incorporeal_source=False)  # a corporeal copy: nonmagical
    assert damage_of(ScriptedDice([4]), blow, ruleset()).damage == 0


def test_fire_ignites_a_flask_in_hand_unless_shielded(kit: Any) -> None:
    """seed 001 "Fire damage ... Flammable substances like oil automatically ignite ...
    An item in hand can normally be shielded from fire on a successful Reflex save"
    (A214): 8 fire on Blue, a flask of alchemist's fire in hand: Reflex (+3) against DC
    10 + 4 = 14 rolls 5 (8): the flask ignites, 1d6 = 4 more fire on Blue, one flask
    fewer. Rolled 11 (14): shielded, no more damage."""
    flasks = "longsword, {weapon: alchemist's fire, quantity: 2}"
    red = kit.soldier("Red", "b2", natural=TOUCH % "fire")
    blue = kit.soldier("Blue", "c2", weapons=flasks, extra="wielding: [alchemist's fire]")
    sides = {"red": red, "blue": blue}
    enc = kit.scripted_encounter(
        ".......\n.......\n.......", sides, [20, 1, 15, 8, 5, 4], ruleset="advanced"
    )
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "ignited")
    assert (e.actor, e.outcome["dc"], e.outcome["result"], e.outcome["burn"]) == (
        "blue",
        14,
        "ignited",
        4,
    )
    assert [d.outcome["damage"] for d in damage_events(enc)] == [8, 4]
    assert enc.combatants["blue"].ammo["alchemist's fire"] == 1
    enc = kit.scripted_encounter(
        ".......\n.......\n.......", sides, [20, 1, 15, 8, 11], ruleset="advanced"
    )
    enc.apply(A.parse_action("attack blue with touch"))
    assert kinds_of(enc, "ignited")[0].outcome["result"] == "shielded"
    assert [d.outcome["damage"] for d in damage_events(enc)] == [8]


def test_the_ignited_event_reads_as_a_sentence(kit: Any) -> None:
    from d20combat.render.narrate import RENDERERS

    flasks = "longsword, {weapon: alchemist's fire, quantity: 2}"
    sides = {
        "red": kit.soldier("Red", "b2", natural=TOUCH % "fire"),
        "blue": kit.soldier("Blue", "c2", weapons=flasks, extra="wielding: [alchemist's fire]"),
    }
    enc = kit.scripted_encounter(
        ".......\n.......\n.......", sides, [20, 1, 15, 8, 5, 4], ruleset="advanced"
    )
    enc.apply(A.parse_action("attack blue with touch"))
    assert RENDERERS["ignited"](kinds_of(enc, "ignited")[0]) == (
        "the fire (8) reaches the alchemist's fire in blue's hand: Reflex vs DC 14: "
        "it ignites, 4 fire more"
    )


def test_the_current_stays_in_its_own_body_of_water(kit: Any) -> None:
    """A207: the current runs through water squares joined side or corner, within 30 ft
    of the struck creature. d2 between Blue (c2) and Green (e2) is dry, but the water
    of row 3 joins them: Green is hurt. Gray wades in the same water at j3, 35 ft from
    Blue: spared."""
    rows = "..........\n..~.~.....\n..~~~~~~~~\n.........."
    sides = {
        "red": kit.soldier("Red", "b2", natural=TOUCH % "electricity"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Green", "e2") + kit.soldier("Gray", "j3"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1, 2, 3, 15, 8], ruleset="advanced")
    from d20combat.encounter.energy import water_reached

    reached = water_reached(enc, enc.combatants["blue"])
    assert (4, 1) in reached  # e2 is reached through c3, d3 (corners and sides)
    assert (9, 2) not in reached  # j3: beyond 30 ft of c2
    enc.apply(A.parse_action("attack blue with touch"))
    assert [e.target for e in damage_events(enc)] == ["blue", "green"]


def test_a_magic_blade_in_hand_makes_its_own_save_against_acid(kit: Any) -> None:
    """seed 000 "Saving Throws": "Attended magic items either make saving throws as
    their owner or use their own saving throws, whichever are better"; a magic item's
    bonus is 2 + half its caster level; a +2 longsword's caster level is 6 (A251: three
    times the enhancement bonus), so +5 beats Blue's Reflex +3. Blue's save rolls 5 (8
    vs DC 14: failed); the sword saves on its own, d20 9 + 5 = 14: safe (the chainmail,
    not magic, corrodes: 4 of its 25 hp, A253). Given
    ``caster_level: 1`` (+2, not better) it has no save of its own and corrodes."""
    from d20combat.content.creatures import WeaponRef, item_caster_level
    from d20combat.render.narrate import RENDERERS
    from d20combat.rules.objects import object_save_bonus

    assert item_caster_level(WeaponRef(weapon="longsword", enhancement=2)) == 6
    assert item_caster_level(WeaponRef(weapon="longsword")) is None
    assert object_save_bonus(attended=3, caster_level=6) == 5
    magic = "{weapon: longsword, enhancement: 2}"
    red = kit.soldier("Red", "b2", natural=TOUCH % "acid")
    blue = kit.soldier("Blue", "c2", weapons=magic)
    rows = ".......\n.......\n......."
    enc = kit.scripted_encounter(
        rows, {"red": red, "blue": blue}, [20, 1, 15, 8, 5, 9], ruleset="advanced"
    )
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "corroded")
    assert (e.outcome["result"], e.outcome["items"]) == ("corroded", [["chainmail", 4, 21]])
    assert e.outcome["own_saves"] == [["+2 longsword", 5, True]]
    assert "+2 longsword saves on its own (+5): safe" in RENDERERS["corroded"](e)
    low = "{weapon: longsword, enhancement: 2, caster_level: 1}"
    blue = kit.soldier("Blue", "c2", weapons=low)
    enc = kit.scripted_encounter(
        rows, {"red": red, "blue": blue}, [20, 1, 15, 8, 5], ruleset="advanced"
    )
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "corroded")
    assert e.outcome["own_saves"] == [] and e.outcome["result"] == "corroded"


def test_acid_ruins_worn_metal_armor_and_its_bonus_goes(kit: Any) -> None:
    """seed 001 "Acid ... may also ruin or damage metal equipment" (A209, A253): Blue's
    chainmail (iron, hardness 10, 25 hp) with 4 hp left takes 4 on a failed Reflex save
    (5 + 3 = 8 vs DC 14): ruined, its +5 armor bonus gone (AC 16 -> 11); leather is not
    metal and has no part in it."""
    from d20combat.rules.maneuvers.sunder import armor_durability

    enc = duel(kit, [20, 1, 15, 8, 5], "acid", undead=False)
    blue = enc.combatants["blue"]
    assert blue.stats.ac.value == 16
    blue.item_damage["chainmail"] = 21
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "corroded")
    assert e.outcome["items"][1] == ["chainmail", 4, 0]
    assert "chainmail" in blue.lost and blue.stats.ac.value == 11
    assert armor_durability(blue.stats) is None  # no armor left
    leather = kit.soldier("Green", "e2", armor="leather")
    sides = {"g": leather, "r": kit.soldier("Red", "a1")}
    enc = kit.scripted_encounter(".......\n.......\n.......", sides, [1, 2])
    assert armor_durability(enc.combatants["green"].stats) is None


def test_sonic_shatters_a_crystal_blade_in_hand_unless_saved(kit: Any) -> None:
    """seed 001 "Sonic ... shatters fragile crystalline objects exposed directly to it"
    (A251): 8 sonic; Blue's Fortitude (+6) for its crystal longsword, DC 10 + 4 = 14:
    after the deafening save (7: deafened 9 rounds) it rolls 5 (11): the blade
    shatters, out of its hand; rolled 8 (14) it holds."""
    from d20combat.render.narrate import RENDERERS

    red = kit.soldier("Red", "b2", natural=TOUCH % "sonic")
    blue = kit.soldier("Blue", "c2", weapons="{weapon: longsword, materials: [crystal]}")
    rows = ".......\n.......\n......."
    sides = {"red": red, "blue": blue}
    enc = kit.scripted_encounter(rows, sides, [20, 1, 15, 8, 7, 9, 5], ruleset="advanced")
    held = enc.combatants["blue"].wielding[0]
    enc.apply(A.parse_action("attack blue with touch"))
    (e,) = kinds_of(enc, "shattered")
    assert (e.outcome["dc"], e.outcome["shattered"]) == (14, [held])
    assert held not in enc.combatants["blue"].wielding and held in enc.combatants["blue"].lost
    assert RENDERERS["shattered"](e).endswith(f"{held} shatters")
    enc = kit.scripted_encounter(rows, sides, [20, 1, 15, 8, 7, 9, 8], ruleset="advanced")
    enc.apply(A.parse_action("attack blue with touch"))
    assert kinds_of(enc, "shattered")[0].outcome["shattered"] == []
    # steel is not crystal: no save at all
    enc = duel(kit, [20, 1, 15, 8, 7, 9], "sonic", undead=False)
    enc.apply(A.parse_action("attack blue with touch"))
    assert kinds_of(enc, "shattered") == []
