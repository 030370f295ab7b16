"""The monster special attacks in play, step by step with scripted dice: a wolf's Trip
(Ex) (SRD monsters-animals.html "Wolf"), a lion's Pounce and Rake ("Lion"; SRD
types-subtypes-and-special-abilities.html "Pounce", "Rake") and a giant stag beetle's
Trample (monsters-vermin.html "Giant Stag Beetle"; "Trample").

The kit's soldier: Str 16 (+3), Dex 12 (+1), Ref +3 (base 2, Dex 1), AC 16 (flat-footed
15), longsword +9 (1d8+3). The bundled wolf: bite +3 (BAB 1, Str 1, Weapon Focus),
1d6+1, Trip (Ex) "+1 check modifier". The lion (Large): claws +7 (BAB 3, Str 5, size
-1), 1d4+5; bite +2 (secondary, -5), 1d8+2; Rake "Attack bonus +7 melee, damage 1d4+2".
The beetle (Large, speed 20 ft): trample 2d8+3, "Reflex half DC 19", AC 19.
Scripted dice give totals: an attack roll's natural face, a check's d20 + modifier,
a damage roll's total, a save's natural face. The first rolls are initiative, in the
order of the sides (red first).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.combatant import Condition
from d20combat.errors import IllegalActionError, InputError

WIDE = """
............
............
............
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def beast(
    kit: Any, creature: str, rolls: list[int], *, at: str = "b2", blue: str = "", **kw: Any
) -> Any:
    sides = {
        "red": f"  - {{creature: {creature}, at: {at}}}\n",
        "blue": kit.soldier("Blue", kw.pop("blue_at", "c2"), feats=blue),
    }
    return kit.scripted_encounter(kw.pop("rows", WIDE), sides, rolls, **kw)


# ---------------------------------------------------------------- Trip (Ex)
def test_a_wolf_bite_that_hits_trips_for_free(kit: Any) -> None:
    # bite: natural 18 + 3 = 21 vs flat-footed AC 15, hit, 4 damage; then the free trip:
    # no touch attack, no attack of opportunity (Blue has Combat Reflexes: it would take
    # one for an unarmed trip), the wolf's stated +1 (14 + 1 = 15) against Blue's better
    # of Str +3 and Dex +1 (7 + 3 = 10): Blue falls prone.
    enc = beast(kit, "wolf", [20, 1, 18, 4, 15, 10], blue="Combat Reflexes")
    enc.apply(parse_action("attack blue"))
    assert [e.type for e in enc.log[-3:]] == ["attack", "damage", "trip"]
    assert not events(enc, "provoked")
    trip = events(enc, "trip")[0]
    o = trip.outcome
    assert (o["result"], o["free"], o["weapon"], o["check"]) == ("tripped", True, "bite", [15, 10])
    assert o["touch_total"] is None and o["counter"] is None
    assert trip.total("trip check").value == 1 and trip.total("trip resist").value == 3
    assert "Trip (Ex) check modifier" in trip.total("trip check").explain()
    assert [r.purpose for r in trip.rolls] == [
        "trip: Strength check",
        "trip: resisting (Str or Dex)",
    ]
    assert enc.combatants["blue"].has("prone")


def test_a_failed_free_trip_gives_no_counter_trip(kit: Any) -> None:
    # 8 + 1 = 9 against 9 + 3 = 12: the trip fails, and "the opponent cannot react to
    # trip the wolf": no counter-trip roll follows.
    enc = beast(kit, "wolf", [20, 1, 18, 4, 9, 12])
    enc.apply(parse_action("attack blue"))
    trip = events(enc, "trip")[0]
    assert trip.outcome["result"] == "failed" and len(trip.rolls) == 2
    assert not any(c.has("prone") for c in enc.combatants.values())


def test_no_trip_after_a_miss_or_against_a_prone_foe(kit: Any) -> None:
    enc = beast(kit, "wolf", [20, 1, 5])  # 5 + 3 = 8 misses AC 15
    enc.apply(parse_action("attack blue"))
    assert not events(enc, "trip")
    enc = beast(kit, "wolf", [20, 1, 18, 4, 15, 10])
    enc.combatants["blue"].conditions["prone"] = Condition("blue", 0)
    enc.apply(parse_action("attack blue"))  # prone: AC 11 against melee; hit, no trip
    assert [e.type for e in enc.log[-2:]] == ["attack", "damage"]


@pytest.mark.parametrize(("ruleset", "check"), [("srd35", 11), ("advanced", 8)])
def test_the_free_trip_check_is_ruleset_data(kit: Any, ruleset: str, check: int) -> None:
    # The dire wolf's text: "+11 check modifier" (Str 25: +7, Large: +4). srd35 takes it
    # (monster_trip_check: stated); the advanced ruleset computes its own Strength check
    # with seed 001's trip size modifier ("the grapple size modifier": Large +1): +8 (A60).
    enc = beast(kit, "dire wolf", [20, 1, 18, 12, 15, 10], ruleset=ruleset, at="a1")
    enc.apply(parse_action("attack blue"))
    trip = events(enc, "trip")[0]
    assert trip.total("trip check").value == check


# ---------------------------------------------------------------- Pounce and Rake
def test_a_lion_pounces_full_attack_and_rakes_each_plus_2(kit: Any) -> None:
    # The charge from a1 to f1 (Blue at h2, flat-footed: no attack of opportunity), then
    # the full attack, each +2 for the charge: claw +9 (10 + 9 = 19 vs AC 15: hit, 7),
    # claw +9 (2 + 9 = 11: miss), bite +4 (11 + 4 = 15: hit, 6; its improved grab's hold
    # fails, 13 against Blue's 29), rake +9 (6 + 9 = 15: hit, 3), rake +9 (a natural 1
    # misses).
    enc = beast(kit, "lion", [20, 1, 10, 7, 2, 11, 6, 13, 29, 6, 3, 1], at="a1", blue_at="h2")
    assert "charge blue to f1 pounce" in {str(a) for a in enc.legal_actions()}
    enc.apply(parse_action("charge blue to f1 pounce"))
    kinds = [e.type for e in enc.log if e.type in ("charge", "pounce", "attack", "rake")]
    assert kinds == ["charge", "pounce", "attack", "attack", "attack", "rake", "rake"]
    strikes = [e for e in enc.log if e.type in ("attack", "rake")]
    assert [e.total("attack bonus").value for e in strikes] == [9, 9, 4, 9, 9]
    assert [e.outcome["weapon"] for e in strikes] == ["claw", "claw", "bite", "rake", "rake"]
    assert [e.outcome["result"] for e in strikes] == ["hit", "miss", "hit", "hit", "miss"]
    assert "Rake (Ex) attack bonus (stat block)" in strikes[3].total("attack bonus").explain()
    rake_damage = [e for e in enc.log if e.type == "damage"][2]
    assert rake_damage.total("damage bonus").value == 2 and rake_damage.outcome["damage"] == 3
    assert enc.combatants["blue"].vitals.hp == 39 - 7 - 6 - 3
    assert enc.combatants["lion"].has("charged")  # -2 AC until its next turn


def test_pounce_is_refused_with_its_reason(kit: Any) -> None:
    enc = beast(kit, "wolf", [20, 1], at="a1", blue_at="h2")
    with pytest.raises(IllegalActionError, match="has no pounce"):
        enc.apply(parse_action("charge blue to g2 pounce"))
    # Power Attack goes with a pounce's full attack, for a creature with the feat
    enc = beast(kit, "lion", [20, 1], at="a1", blue_at="h2")
    with pytest.raises(IllegalActionError, match="has no Power Attack feat"):
        enc.apply(parse_action("charge blue to f1 power 2 pounce"))
    # a surprise round allows one standard action: a charge, but no full attack (A62)
    enc = beast(kit, "lion", [20, 1], at="a1", blue_at="h2", awareness={"blue": "unaware"})
    with pytest.raises(IllegalActionError, match="full-round charge"):
        enc.apply(parse_action("charge blue to f1 pounce"))
    assert not any(str(a).endswith("pounce") for a in enc.legal_actions())


def test_charge_notation_round_trips() -> None:
    for text in ("charge blue to f1 pounce", "trample b1 c1 d1 e1"):
        assert str(parse_action(text)) == text
    assert parse_action("trample b1").kind == "full-round"
    with pytest.raises(InputError, match="'trample' and the squares of the path"):
        parse_action("trample")
    with pytest.raises(InputError, match="pounce"):
        parse_action("charge blue to f1 pounce follow")


# ---------------------------------------------------------------- Trample
def test_a_trample_runs_over_a_smaller_foe_who_saves_for_half(kit: Any) -> None:
    # The beetle (2x2 at a1) tramples along b1 c1 d1 e1: at c1 its space covers Blue's
    # d1. Blue, flat-footed, has no attack of opportunity: its Reflex save, natural 17
    # + 3 = 20 against DC 19, succeeds: half of 13 is 6.
    enc = beast(kit, "giant stag beetle", [20, 1, 17, 13], at="a1", blue_at="d1")
    assert "trample b1 c1 d1 e1" in {str(a) for a in enc.legal_actions()}
    enc.apply(parse_action("trample b1 c1 d1 e1"))
    assert [e.type for e in enc.log[-4:]] == ["trample-save", "trampled", "damage", "trample"]
    save = events(enc, "trample-save")[0]
    assert (save.actor, save.outcome["dc"], save.outcome["total"], save.outcome["saved"]) == (
        "blue",
        19,
        20,
        True,
    )
    assert save.total("reflex save").value == 3
    hit = events(enc, "damage")[0]
    assert hit.rolls[0].total == 13 and hit.outcome["damage"] == 6
    assert hit.total("damage bonus").value == 3
    moved = events(enc, "trample")[0].outcome
    assert (moved["end"], moved["trampled"], moved["stopped"]) == ("e1", ["blue"], False)
    assert enc.combatants["giant-stag-beetle"].pos == (4, 0)


def test_a_foe_run_over_strikes_back_at_minus_4_and_takes_it_all(kit: Any) -> None:
    # Blue has Combat Reflexes (two attacks of opportunity with Dex 12): the beetle leaving
    # b1 (next to Blue) provokes the first (a natural 1 misses); run over, Blue takes the
    # second at -4 (+5: 15 + 5 = 20 vs AC 19, hit, 7) rather than the save: 7/20 x 7.5 =
    # 2.6 expected against the save's 5/20 x 6 = 1.5 (A63). Then the full 13.
    enc = beast(
        kit,
        "giant stag beetle",
        [20, 1, 1, 15, 7, 13],
        at="a1",
        blue_at="d1",
        blue="Combat Reflexes",
    )
    enc.apply(parse_action("trample b1 c1 d1 e1"))
    aoos = events(enc, "aoo")
    assert [e.total("attack bonus").value for e in aoos] == [9, 5]
    assert "against a trample" in aoos[1].total("attack bonus").explain()
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == [
        "moving out of b1",
        "trampled",
    ]
    assert not events(enc, "trample-save")
    assert [e.outcome["damage"] for e in events(enc, "damage")] == [7, 13]


@pytest.mark.parametrize(
    ("who", "action", "why"),
    [
        ("wolf", "trample c1 d1", "has no trample"),
        ("giant stag beetle", "trample b1 c1", "occupied"),
        ("giant stag beetle", "trample b1 c1 d1 e1 f1 g1 h1 i1 j1", "twice the speed is 40 ft"),
    ],
)
def test_illegal_tramples_say_why(kit: Any, who: str, action: str, why: str) -> None:
    enc = beast(kit, who, [20, 1], at="a1", blue_at="d1")
    with pytest.raises(IllegalActionError, match=why):
        enc.apply(parse_action(action))


def test_no_trample_over_a_foe_as_large(kit: Any) -> None:
    sides = {
        "red": "  - {creature: giant stag beetle, at: a1}\n",
        "blue": "  - {creature: ogre, at: d1}\n",
    }
    enc = kit.scripted_encounter(WIDE, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="blocks"):
        enc.apply(parse_action("trample b1 c1 d1 e1 f1"))
    assert not any(str(a).startswith("trample") for a in enc.legal_actions())


def test_seeded_bites_and_trips_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded bites of the wolf on a flat-footed Blue land within three standard
    deviations of ``odds free-trip`` (the same procedure, enumerated)."""
    from d20combat.content.rulesets import ruleset
    from d20combat.encounter.state import Encounter
    from d20combat.odds import free_trip_odds

    sides = {"red": "  - {creature: wolf, at: b2}\n", "blue": kit.soldier("Blue", "c2")}
    scenario = kit.make(kit.scenario_text(WIDE, sides))
    n, tripped, seed = 400, 0, 0
    for _ in range(n):
        while True:  # the fights where the wolf acts first: Blue is still flat-footed
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "wolf":
                break
        enc.apply(parse_action("attack blue"))
        tripped += enc.combatants["blue"].has("prone")
    wolf, blue = enc.combatants["wolf"], enc.combatants["blue"]
    p = float(free_trip_odds(wolf.stats, blue.stats, ruleset(), flat_footed=True).p_success)
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(tripped - n * p) <= 3 * sd, (tripped, n * p, sd)


def test_the_beast_hunt_shows_a_bite_trip_a_pounce_and_a_trample() -> None:
    """The bundled scenario ``beast-hunt`` fought with seeds 1, 2 and 3 (as ``d20combat
    fight beast-hunt --seed N``): between them a wolf's bite trips a foe, the lion
    pounces (rakes included) and the beetle runs the party over."""
    from d20combat.content.scenarios import load_scenario
    from d20combat.sim.runner import fight

    seen: list[Any] = []
    for seed in (1, 2, 3):
        seen += fight(load_scenario("beast-hunt"), seed).encounter.log
    assert any(
        e.type == "trip" and e.outcome.get("free") and e.outcome["result"] == "tripped"
        for e in seen
    )
    assert any(e.type == "pounce" for e in seen) and any(e.type == "rake" for e in seen)
    assert any(e.type == "trample" and e.outcome["trampled"] for e in seen)
    assert any(e.type == "trample-save" for e in seen)


BRUTE = """
  - at: a2
    stat_block:
      name: Brute
      size: huge
      type: animal
      abilities: {str: 30, dex: 10, con: 20, int: 2, wis: 10, cha: 6}
      hit_dice: [{count: 10, die: 8}]
      bab: 7
      base_saves: {fort: 7, ref: 7, will: 3}
      speed: {land: 40}
      natural_armor: 5
      natural_attacks: [{name: slam, damage: 2d6}]
      special_attacks: [trample 2d8+15]
      special_attack_rules: [{kind: trample, damage: 2d8+15, dc: 25}]
"""
HULK = """
  - at: e1
    stat_block:
      name: Hulk
      size: large
      abilities: {str: 16, dex: 14, con: 12, int: 10, wis: 10, cha: 10}
      hit_dice: [{count: 6, die: 10, source: fighter}]
      bab: 6
      base_saves: {fort: 5, ref: 2, will: 2}
      weapons: [longsword]
      feats: [Combat Reflexes]
"""


def test_moving_over_part_of_a_space_gives_an_attack_at_minus_4(kit: Any) -> None:
    # The Huge brute (3x3) tramples along row 2 past the Large hulk (e1-f2): its space
    # never covers e1 and f1, so the hulk is not trampled, but it may strike at -4 when
    # the brute moves over part of its space (SRD "Trample"). The hulk (Combat Reflexes,
    # Dex 14: three attacks of opportunity) first takes the one for the brute leaving a2
    # (a natural 1 misses), then the -4 one: longsword +8 (BAB 6, Str 3, Large -1) -4 =
    # +4, 15 + 4 = 19 against the brute's AC 13 (10, Huge -2, natural 5): hit, 10.
    rows = "\n".join(["..........."] * 5)
    enc = kit.scripted_encounter(rows, {"red": BRUTE, "blue": HULK}, [20, 1, 1, 15, 10])
    enc.combatants["hulk"].acted = True  # not flat-footed
    enc.apply(parse_action("trample b2 c2 d2 e2 f2 g2"))
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == [
        "moving out of a2",
        "trample (moving over part of its space)",
    ]
    assert [e.total("attack bonus").value for e in events(enc, "aoo")] == [8, 4]
    assert events(enc, "damage")[0].outcome["damage"] == 10
    assert events(enc, "trample")[0].outcome["trampled"] == []
    assert not events(enc, "trampled")


def test_a_trample_stopped_over_a_foe_goes_back_to_its_last_legal_position(kit: Any) -> None:
    # Run over at c1 (its space c1-d2 covers Blue's d1: Blue's save, 5 + 3, fails: 13),
    # the beetle (1 hp left) is dropped by Green's attack of opportunity (Combat
    # Reflexes: 15 + 9 = 24 against AC 19, 10) as it leaves c1: it lies over Blue, an
    # illegal space, and returns to b1, the last legal position (SRD "Trample").
    sides = {
        "red": "  - {creature: giant stag beetle, at: a1}\n",
        "blue": kit.soldier("Blue", "d1") + kit.soldier("Green", "e3", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(WIDE, sides, [20, 1, 2, 5, 13, 15, 10])
    beetle = enc.combatants["giant-stag-beetle"]
    beetle.vitals = beetle.vitals._replace(hp=1)
    enc.apply(parse_action("trample b1 c1 d1 e1"))
    moved = events(enc, "trample")[0].outcome
    assert (moved["path"], moved["stopped"], moved["trampled"]) == (["b1", "c1"], True, ["blue"])
    assert moved["end"] == "b1" and beetle.pos == (1, 0)


CAT = """
  - at: a1
    stat_block:
      name: Cat
      size: large
      type: animal
      abilities: {str: 20, dex: 14, con: 14, int: 2, wis: 12, cha: 6}
      hit_dice: [{count: 6, die: 8}]
      bab: 4
      base_saves: {fort: 5, ref: 5, will: 3}
      speed: {land: 40}
      long: true
      natural_attacks: [{name: claw, count: 2, damage: 1d6}]
      feats: [Power Attack]
      special_attacks: [pounce, rake 1d4+2]
      special_attack_rules: [{kind: pounce}, {kind: rake, count: 2, bonus: 8, damage: 1d4+2}]
"""


def test_power_attack_goes_with_a_pounce(kit: Any) -> None:
    # Claws +8 (BAB 4, Str 5, Large -1), +2 charging, -2 Power Attack: +8; the rakes'
    # stated +8, +2, -2: +8 too. Each hit deals 2 more (SRD feats "Power Attack").
    sides = {"red": CAT, "blue": kit.soldier("Blue", "h2")}
    enc = kit.scripted_encounter(WIDE, sides, [20, 1, 10, 10, 10, 10, 10, 6, 10, 6])
    enc.apply(parse_action("charge blue to f1 power 2 pounce"))
    strikes = [e for e in enc.log if e.type in ("attack", "rake")]
    assert [e.total("attack bonus").value for e in strikes] == [8, 8, 8, 8]
    assert [e.total("damage bonus").value for e in enc.log if e.type == "damage"] == [7, 7, 4, 4]
