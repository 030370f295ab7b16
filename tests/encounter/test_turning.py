"""Turning and rebuking undead in play, step by step with scripted dice (seed 000 "Turn Or
Rebuke Undead"; SRD combat-ii "Turn or Rebuke Undead", Table: Actions in Combat).

The bundled cleric-3 is a dwarf: Cha 10 (+0), turning level 3, 3 attempts a day, 3 ranks
of Knowledge (religion) (no +2). Human commoner zombies: 2 HD, Int none; ghouls 2 HD with
+2 turn resistance. Scripted dice give initiative first (one d20 per combatant, in
placement order), then a turning check's total (d20 + Cha) and the turning damage's
(2d6 + level + Cha).
"""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.encounter.fear import compelled
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, InputError
from d20combat.rules.dice import SampledDice

FIELD = """
..............
..............
..............
..............
..............
"""

EVIL_CLERIC = """  - at: {at}
    build:
      name: Evil cleric
      race: human
      classes: cleric 4
      abilities: {{str: 13, dex: 10, con: 14, int: 10, wis: 15, cha: 12}}
      weapons: [heavy mace]
      alignment: neutral evil
"""


def entry(creature: str, at: str, name: str | None = None) -> str:
    text = f"  - creature: {creature}\n    at: {at}\n"
    return text + (f"    name: {name}\n" if name else "")


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def apply(enc: Encounter, *texts: str) -> None:
    for text in texts:
        enc.apply(parse_action(text))


def crypt(
    kit: Any, rolls: list[int], undead: str, *, party: str = "", rows: str = FIELD, at: str = "b3"
) -> Any:
    sides = {"party": entry("cleric-3", at, "Cleric") + party, "undead": undead}
    return kit.scripted_encounter(rows, sides, rolls)


def zombies(*squares: str) -> str:
    return "".join(
        entry("human-commoner-zombie", s, f"Zombie {i + 1}") for i, s in enumerate(squares)
    )


def test_a_turning_turns_the_closest_undead_within_60_feet(kit: Any) -> None:
    # Cleric 20 on initiative, zombies 3, 2, 1. Check 9 (+0): row 7-9, level 3 - 1 =
    # 2 HD; damage 7 (2d6+3) is 3 zombies' worth of 2 HD (6), closest first: zombie 1
    # (10 ft), zombie 2 (25 ft), zombie 3 (50 ft); 3 < 2 x 2, so turned, not destroyed.
    # The cleric stands next to no zombie; turning is a standard action.
    enc = crypt(kit, [20, 3, 2, 1, 9, 7], zombies("d3", "g3", "l3"))
    apply(enc, "turn")
    t = events(enc, "turning")[0]
    o = t.outcome
    assert (o["check"], o["row"], o["max_hd"], o["damage"]) == (9, "7-9: level -1", 2, 7)
    assert t.total("turning check").value == 0
    assert [r.purpose for r in t.rolls] == ["turning check", "turning damage"]
    assert o["affected"] == [
        ["zombie-1", 2, "turned"],
        ["zombie-2", 2, "turned"],
        ["zombie-3", 2, "turned"],
    ]
    assert o["uses_left"] == 2 and enc.combatants["cleric"].turnings_used == {"undead": 1}
    z = enc.combatants["zombie-1"]
    assert (z.conditions["turned"].owner, z.conditions["turned"].turns) == ("cleric", 10)
    assert z.channelled == {"turned": 9}
    assert not enc.budget.standard
    with pytest.raises(IllegalActionError, match="no standard action"):
        apply(enc, "turn")


def test_out_of_range_and_behind_a_wall_are_not_turned(kit: Any) -> None:
    # the cleric at b4: zombie 1 at n1 (12 squares east, 3 north: 12 + 1 = 13 squares,
    # 65 ft): out of the 60 ft; zombie 2 at d4 behind the wall c2-c5 (total cover: no
    # line of effect); zombie 3 at b1 (15 ft) is the only one reached.
    rows = """
    ..............
    ..#...........
    ..#...........
    ..#...........
    ..#...........
    """
    enc = crypt(kit, [20, 3, 2, 1, 12, 5], zombies("n1", "d4", "b1"), rows=rows, at="b4")
    apply(enc, "turn")
    o = events(enc, "turning")[0].outcome
    assert [k for k, _, _ in o["reached"]] == ["zombie-3"]
    assert o["affected"] == [["zombie-3", 2, "turned"]]


def test_too_weak_a_check_rolls_no_damage_and_the_narration_says_why(kit: Any) -> None:
    from d20combat.render.narrate import narrate

    # check 3: row 1-3, level - 3 = 0 HD: no zombie reached, no damage rolled
    enc = crypt(kit, [20, 1, 3], zombies("d3"))
    apply(enc, "turn")
    t = events(enc, "turning")[0]
    assert t.outcome["damage"] is None and t.outcome["affected"] == []
    text = " ".join(narrate(t))
    assert "too weak" in text and "no turning damage" in text


def test_turn_resistance_and_the_narration_of_the_affected(kit: Any) -> None:
    from d20combat.render.narrate import narrate

    # a ghoul (2 HD, +2 turn resistance: 4 HD against the check) and a zombie; check 12:
    # level 3 = 3 HD: the zombie only; damage 6.
    undead = entry("ghoul", "d3", "Ghoul") + entry("human-commoner-zombie", "f3", "Zombie")
    enc = crypt(kit, [20, 2, 1, 12, 6], undead)
    apply(enc, "turn")
    t = events(enc, "turning")[0]
    assert t.outcome["reached"] == [["ghoul", 2, 4], ["zombie", 2, 2]]
    assert t.outcome["affected"] == [["zombie", 2, "turned"]]
    text = " ".join(narrate(t))
    assert "turned (flees for 10 rounds" in text and "unaffected: ghoul (4 HD)" in text


def test_turned_undead_flee_and_cornered_cower(kit: Any) -> None:
    # the zombie, turned, flees from the cleric on its turn; cornered in a dead end it
    # cowers (seed 000: "If they cannot flee, they cower": -2 AC, the +2 of the seed)
    enc = crypt(kit, [20, 1, 10, 6], zombies("e3"))
    apply(enc, "turn", "end")
    z = enc.combatants["zombie-1"]
    assert compelled(enc, "zombie-1") == A.Flee()
    rows = """
    #####
    #...#
    ##.##
    """
    enc = kit.scripted_encounter(
        rows,
        {"party": entry("cleric-3", "c2", "Cleric"), "undead": zombies("c3")},
        [20, 1, 10, 6],
    )
    apply(enc, "turn", "end")
    assert compelled(enc, "zombie-1") == A.Cower()
    apply(enc, "cower")
    z = enc.combatants["zombie-1"]
    assert z.has("cowering") and z.has("turned")


def test_the_turning_lasts_10_rounds(kit: Any) -> None:
    enc = crypt(kit, [20, 1, 10, 6], zombies("n3"))
    apply(enc, "turn")
    z = enc.combatants["zombie-1"]
    for _ in range(9):
        apply(enc, "end")  # the cleric's turn
        apply(enc, "end")  # the zombie's (it has room to flee, but may end)
    assert "turned" in z.conditions and z.conditions["turned"].turns == 1
    apply(enc, "end", "end")  # the cleric's 11th turn starts: 10 rounds are over
    assert "turned" not in z.conditions and z.channelled == {}


def test_approaching_within_10_feet_ends_the_turning_standing_does_not(kit: Any) -> None:
    # zombie 1 turned at c1, 10 ft from the cleric at b3; zombie 2 at h3, 30 ft. The
    # cleric moves to c3: still 10 ft from zombie 1 (standing within 10 ft breaks
    # nothing), 25 ft from zombie 2. Next turn it moves on to f3, 10 ft from zombie 2:
    # it approached, and zombie 2 overcomes the turning (seed 000 "Effect and Duration of
    # Turning"); zombie 1, now 15 ft off, stays turned.
    enc = crypt(kit, [20, 2, 1, 10, 7], zombies("c1", "h3"))
    apply(enc, "turn")
    z1, z2 = enc.combatants["zombie-1"], enc.combatants["zombie-2"]
    assert z1.has("turned") and z2.has("turned")
    apply(enc, "move c3")
    assert z1.has("turned") and z2.has("turned")
    apply(enc, "end", "end", "end")  # the zombies do not flee here
    apply(enc, "move d3 e3 f3")
    assert z1.has("turned") and not z2.has("turned")
    broken = events(enc, "turning-broken")
    assert [(e.actor, e.target, e.outcome["distance_ft"]) for e in broken] == [
        ("zombie-2", "cleric", 10)
    ]


def test_uses_a_day_run_out(kit: Any) -> None:
    # 3 + Cha 0 = 3 attempts; a fourth is refused, saying why
    enc = crypt(kit, [20, 1, 3, 3, 3], zombies("n3"))
    for _ in range(3):
        apply(enc, "turn", "end", "end")
    assert enc.combatants["cleric"].turnings_used == {"undead": 3}
    with pytest.raises(IllegalActionError, match="no undead turning attempts left today"):
        apply(enc, "turn")
    assert A.Turn() not in enc.legal_actions()


def test_who_may_turn_what(kit: Any) -> None:
    enc = crypt(kit, [20, 10, 1], zombies("n3"), party=entry("fighter-3", "b1", "Fighter"))
    assert A.Turn() in enc.legal_actions() and A.Rebuke() not in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot rebuke undead creatures"):
        apply(enc, "rebuke")
    with pytest.raises(IllegalActionError, match="cannot turn fire creatures"):
        apply(enc, "turn fire")
    apply(enc, "end")
    assert enc.current is not None and enc.current.id == "fighter"
    with pytest.raises(IllegalActionError, match="has no turning ability"):
        apply(enc, "turn")


def test_turning_provokes_no_attack_of_opportunity(kit: Any) -> None:
    # the zombie next to the cleric has acted (not flat-footed) and threatens it: the
    # turning provokes nothing (SRD Table: Actions in Combat)
    enc = crypt(kit, [1, 20, 10, 6], zombies("c3"))
    apply(enc, "end")  # the zombie's turn
    apply(enc, "turn")
    assert events(enc, "aoo") == [] and events(enc, "turning")


def test_a_paladin_turns_as_a_cleric_three_levels_lower(kit: Any) -> None:
    # paladin-4: level 1, Cha +2, +2 Knowledge (religion): check 8 + 4 = 12, row 10-12:
    # 1 HD; skeletons (1 HD) are reached, a zombie (2 HD) not; damage 2d6+3 = 5
    undead = entry("human-warrior-skeleton", "d3", "Skeleton") + zombies("e3")
    sides = {"party": entry("paladin-4", "b3", "Paladin"), "undead": undead}
    enc = kit.scripted_encounter(FIELD, sides, [20, 2, 1, 12, 5])
    apply(enc, "turn")
    t = events(enc, "turning")[0]
    assert t.total("turning check").value == 4 and t.outcome["level"] == 1
    assert t.outcome["affected"] == [["skeleton", 1, "turned"]]  # 1 < 2 x 1: turned


def test_an_evil_cleric_rebukes_and_commands(kit: Any) -> None:
    # cleric 4, Cha +1, neutral evil: check 11 (level 4 = 4 HD); damage 9 (2d6+5):
    # zombie 1 and 2 (2 HD, 4 >= 2 x 2) commanded: 4 HD, the level's limit; zombie 3
    # rebuked (A43)
    sides = {"evil": EVIL_CLERIC.format(at="b3"), "undead": zombies("d3", "e3", "f3")}
    enc = kit.scripted_encounter(FIELD, sides, [20, 3, 2, 1, 11, 9])
    assert A.Rebuke() in enc.legal_actions() and A.Turn() not in enc.legal_actions()
    apply(enc, "rebuke")
    o = events(enc, "turning")[0].outcome
    assert o["affected"] == [
        ["zombie-1", 2, "commanded"],
        ["zombie-2", 2, "commanded"],
        ["zombie-3", 2, "rebuked"],
    ]
    z1, z3 = enc.combatants["zombie-1"], enc.combatants["zombie-3"]
    assert z1.side == "evil" and z1.conditions["commanded"].owner == "evil-cleric"
    assert z3.has("rebuked") and z3.side == "undead"
    assert z3.restrictions().actions == "none"  # cowering in awe
    enc.dice = SampledDice(Random(1))  # a save keeps the generator's state
    back = Encounter.from_json(enc.to_json())  # saved and checked
    assert back.combatants["zombie-1"].side == "evil"
    copy = enc.clone()
    assert (copy.combatants["zombie-1"].side, copy.combatants["zombie-1"].home) == (
        "evil",
        "undead",
    )
    # relinquishing command (a free action, A46): it returns to its own side
    assert A.Relinquish("zombie-1") in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="does not command zombie-3"):
        apply(enc, "relinquish zombie-3")
    apply(enc, "relinquish zombie-1")
    assert z1.side == "undead" and "commanded" not in z1.conditions
    assert str(parse_action("relinquish zombie-1")) == "relinquish zombie-1"


def test_a_rebuke_dispels_a_turning_and_a_bolster_raises_hit_dice(kit: Any) -> None:
    # The good cleric turns the evil cleric's zombie (check 13); the evil cleric's
    # rebuke checks 13 (>=): the turning is dispelled (seed 000 "Dispelling Turning");
    # then a bolster (check 16: level 4 + 2 = 6 HD) makes the zombie count 6 HD against
    # turning.
    sides = {
        "party": entry("cleric-3", "b1", "Cleric"),
        "evil": EVIL_CLERIC.format(at="b5") + zombies("l3"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [20, 10, 1, 13, 5, 13, 7, 16, 8])
    apply(enc, "turn")
    z = enc.combatants["zombie-1"]
    assert z.has("turned") and z.channelled["turned"] == 13
    apply(enc, "end", "rebuke")
    assert events(enc, "turning")[1].outcome["affected"] == [["zombie-1", 2, "dispelled"]]
    assert not z.has("turned") and "turned" not in z.channelled
    apply(enc, "end", "end", "end", "bolster")  # zombie, cleric pass; the evil cleric
    o = events(enc, "turning")[2].outcome
    assert o["mode"] == "bolster" and o["affected"] == [["zombie-1", 2, "bolstered"]]
    assert z.has("bolstered") and z.channelled["bolstered"] == 6


def test_domains_turn_other_creatures_and_the_sun_destroys(kit: Any) -> None:
    # a Fire domain cleric turns water creatures and rebukes fire creatures (seed 000
    # "Turning Other Creatures"); the Sun domain's greater turning destroys (once a day)
    build = """  - at: b3
    build:
      name: Sun cleric
      race: human
      classes: cleric 3
      abilities: {str: 13, dex: 10, con: 14, int: 10, wis: 15, cha: 12}
      weapons: [heavy mace]
      alignment: neutral good
      domains: [fire, sun]
"""
    undead = entry("medium-water-elemental", "f3", "Water") + zombies("h3")
    enc = kit.scripted_encounter(FIELD, {"party": build, "foes": undead}, [20, 2, 1, 20, 9])
    acts = {str(a) for a in enc.legal_actions()}
    assert {"turn", "turn water", "rebuke fire", "bolster fire", "greater-turn"} <= acts
    apply(enc, "greater-turn")  # check 20 + 1: level + 3; damage 9: the zombie destroyed
    o = events(enc, "turning")[0].outcome
    assert o["affected"] == [["zombie-1", 2, "destroyed"]] and o["mode"] == "greater"
    cleric = enc.combatants["sun-cleric"]
    assert cleric.turnings_used == {"undead": 1, "greater": 1}
    assert enc.combatants["zombie-1"].vitals.dead
    apply(enc, "end", "end")
    with pytest.raises(IllegalActionError, match="no greater turning left today"):
        apply(enc, "greater-turn")


def test_the_notation(kit: Any) -> None:
    for text in ("turn", "turn water", "rebuke", "rebuke fire", "bolster", "greater-turn"):
        assert str(parse_action(text)) == text
    assert parse_action("turn") == A.Turn("undead")
    with pytest.raises(InputError, match="CREATURE-KIND"):
        parse_action("turn water fire")


def test_seeded_turnings_agree_with_the_exact_odds(kit: Any) -> None:
    # cleric-3 against a ghoul (4 HD against the check): turned with 2/5 exactly (odds
    # turn); 300 seeded encounters land within three standard deviations of it
    from d20combat.content.bestiary import find_creature
    from d20combat.content.rulesets import ruleset
    from d20combat.odds import turn_odds
    from d20combat.rules.statistics import derive

    rules = ruleset()
    p = turn_odds(
        derive(find_creature("cleric-3"), rules), derive(find_creature("ghoul"), rules), rules
    ).outcomes["turned"]
    assert p == Fraction(2, 5)
    scenario = kit.make(
        kit.scenario_text(
            FIELD,
            {"party": entry("cleric-3", "b3", "Cleric"), "undead": entry("ghoul", "h3", "Ghoul")},
        )
    )
    n, turned = 300, 0
    for seed in range(n):
        enc = Encounter.from_scenario(scenario, seed)
        while enc.current is not None and enc.current.id != "cleric":
            apply(enc, "end")
        apply(enc, "turn")
        turned += enc.combatants["ghoul"].has("turned")
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(turned - n * p) <= 3 * sd


def test_attacks_do_not_break_a_turning(kit: Any) -> None:
    # seed 000: "others can attack any fashion, without breaking the turning effect", and
    # the turner may attack from at least 10 ft (its crossbow, 30 ft away); a reading
    # (D55): only the turner's approach breaks it.
    party = entry("cleric-3", "b3", "Cleric") + entry("fighter-3", "g2", "Fighter")
    enc = kit.scripted_encounter(
        FIELD, {"party": party, "undead": zombies("h3")}, [20, 5, 1, 10, 6, 2, 2]
    )
    apply(enc, "turn", "end")
    z = enc.combatants["zombie-1"]
    apply(enc, "attack zombie-1", "end")  # the fighter, next to it: a miss (2)
    assert z.has("turned")
    apply(enc, "end")  # the zombie
    apply(enc, "draw light crossbow", "attack zombie-1 with light crossbow")
    assert len(events(enc, "attack")) == 2 and z.has("turned")


def test_an_evil_undead_cleric_bolsters_itself(kit: Any) -> None:
    # seed 000 "Bolstering Undead": "An evil undead cleric can bolster himself": a 3-HD
    # undead with the ability checks 16 (level 3 + 2 = 5 HD > 3) and rolls 8 damage
    lich = """  - at: b3
    stat_block:
      name: Dread Priest
      type: undead
      abilities: {str: 10, dex: 10, con: null, int: 12, wis: 14, cha: 10}
      hit_dice: [{count: 3, die: 12, source: undead}]
      bab: 1
      base_saves: {fort: 1, ref: 1, will: 3}
      turning: {level: 3, powers: [{name: undead, rebukes: [undead], uses: 3}]}
"""
    enc = kit.scripted_encounter(
        FIELD, {"dead": lich, "living": entry("fighter-3", "n5")}, [20, 1, 16, 8]
    )
    apply(enc, "bolster")
    o = events(enc, "turning")[0].outcome
    assert o["affected"] == [["dread-priest", 3, "bolstered"]]
    assert enc.combatants["dread-priest"].channelled == {"bolstered": 5}


@pytest.mark.parametrize("rules", ["srd35", "d20modern", "advanced"])
def test_every_ruleset_turns_alike(kit: Any, rules: str) -> None:
    # seeds 001-004 are silent on turning: d20modern and advanced take srd35's (A45)
    enc = crypt(kit, [20, 1, 10, 6], zombies("e3")) if rules == "srd35" else None
    if enc is None:
        sides = {"party": entry("cleric-3", "b3", "Cleric"), "undead": zombies("e3")}
        enc = kit.scripted_encounter(FIELD, sides, [20, 1, 10, 6], ruleset=rules)
    apply(enc, "turn")
    assert events(enc, "turning")[0].outcome["affected"] == [["zombie-1", 2, "turned"]]


def test_a_save_with_impossible_turning_state_is_refused(kit: Any) -> None:
    from d20combat.errors import SaveFileError

    enc = crypt(kit, [20, 1, 10, 6], zombies("e3"))
    apply(enc, "turn")
    enc.dice = SampledDice(Random(1))
    data = enc.to_json()
    cleric = next(c for c in data["combatants"] if c["id"] == "cleric")
    cleric["turnings_used"] = {"undead": 4, "fire domain": 1}
    zombie = next(c for c in data["combatants"] if c["id"] == "zombie-1")
    zombie["channelled"]["rebuked"] = 12
    zombie["side"] = "nobody"
    with pytest.raises(SaveFileError) as err:
        Encounter.from_json(data)
    fields = {p.field for p in err.value.problems}
    assert {
        "combatants[0].turnings_used.undead",
        'combatants[0].turnings_used["fire domain"]',
        "combatants[1].channelled.rebuked",
        "combatants[1].side",
    } <= fields


def test_already_turned_undead_are_skipped_unless_they_would_be_destroyed(kit: Any) -> None:
    # cleric-3: a turned zombie (2 HD: 3 < 4, it would only be turned again) is skipped;
    # a turned skeleton (1 HD: 3 >= 2) is destroyed; check 10 (3 HD), damage 5
    undead = entry("human-commoner-zombie", "d3", "Zombie") + entry(
        "human-warrior-skeleton", "e3", "Skeleton"
    )
    enc = crypt(kit, [20, 2, 1, 10, 5], undead)
    for cid in ("zombie", "skeleton"):
        enc.impose(enc.combatants[cid], "turned", "cleric", 10)
    apply(enc, "turn")
    o = events(enc, "turning")[0].outcome
    assert o["skipped"] == ["zombie"]
    assert o["affected"] == [["skeleton", 1, "destroyed"]]


def test_the_safest_path_remembers_what_the_mover_cannot_see(kit: Any) -> None:
    # Found by the turning's new fights (tests/tactics/test_remembered.py): the map's
    # cache of safest paths did not tell a creature with darkvision from one without, so
    # a halfling was handed a dwarf's path through darkness it pays double for.
    rows = """
    DDDDDDDD
    DDDDDDDD
    DDDDDDDD
    """
    party = entry("cleric-3", "d2", "Dwarf") + entry("rogue-3", "a1", "Halfling")
    enc = kit.encounter(rows, {"party": party, "foes": entry("orc", "g2", "Orc")})
    sp = enc.space
    dwarf, halfling = enc.combatants["dwarf"], enc.combatants["halfling"]
    seen = sp.safest_path(dwarf, 20, withdraw=False)
    assert seen is not None and sp.path_cost(dwarf, seen) == 15  # 3 squares in the dark
    sp.place(dwarf, (7, 0))  # the two swap places: the same squares held, the same foe
    sp.place(halfling, (3, 1))
    sp.place(dwarf, (0, 0))
    path = sp.safest_path(halfling, 20, withdraw=False)
    assert path is not None and sp.path_cost(halfling, path) <= 20


def test_equally_close_undead_are_ordered_by_the_dice(kit: Any) -> None:
    # SRD combat-ii "Closest Creature": "if two squares or creatures are equally close,
    # randomly determine which one counts as closest by rolling a die" (A260). The
    # cleric at b3; zombies at b1, d2 and d4 are all 10 ft away (b1: 2 squares; d2 and
    # d4: 1 diagonal + 1 straight = 5 + 5). Initiative 20, 3, 2, 1; the tie: a d3 gives
    # 3 (zombie 3 counts closest), a d2 among zombies 1 and 2 gives 1 (zombie 1), zombie
    # 2 last. Check 9: 2 HD at most; damage 5 (2d6+3) turns 2 zombies (4 HD), the third
    # (6 > 5) is left: zombie 2, which the ids alone would have turned.
    enc = crypt(kit, [20, 3, 2, 1, 3, 1, 9, 5], zombies("b1", "d2", "d4"))
    apply(enc, "turn")
    t = events(enc, "turning")[0]
    assert [r.purpose for r in t.rolls] == [
        "closest of 3 equally close creatures",
        "closest of 2 equally close creatures",
        "turning check",
        "turning damage",
    ]
    assert [x[0] for x in t.outcome["reached"]] == ["zombie-3", "zombie-1", "zombie-2"]
    turned = [x[0] for x in t.outcome["affected"] if x[2] == "turned"]
    assert turned == ["zombie-3", "zombie-1"]
    assert "turned" not in enc.combatants["zombie-2"].conditions


def test_the_tie_order_is_fixed_by_the_seed_and_survives_a_save(kit: Any) -> None:
    # the same seed rolls the same tie order; a fight resumed from a save just before the
    # turning rolls it as the unsaved fight does
    sides = {"party": entry("cleric-3", "b3", "Cleric"), "undead": zombies("b1", "d2", "d4")}
    orders = []
    for seed in (1, 2):
        enc = kit.encounter(FIELD, sides, seed=seed)
        while (now := enc.current) is not None and now.id != "cleric":
            enc.apply(parse_action("end"))
        resumed = Encounter.from_json(json.loads(json.dumps(enc.to_json())))
        got = []
        for e in (enc, resumed):
            e.apply(parse_action("turn"))
            got.append([x[0] for x in events(e, "turning")[-1].outcome["reached"]])
        assert got[0] == got[1]
        orders.append(got[0])
    assert all(sorted(o) == ["zombie-1", "zombie-2", "zombie-3"] for o in orders)
