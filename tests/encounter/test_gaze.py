"""Gaze attacks in play, with scripted dice (SRD special-abilities-and-conditions.html
"Gaze Attacks", types-subtypes-and-special-abilities.html "Gaze (Su)"; seed 001 "gaze
attacks"; encounter/maneuvers/gaze.py, rules/gaze.py, tactics/gaze.py).

The SRD basilisk (monsters-b-c.html): "Petrifying Gaze (Su): Turn to stone permanently,
range 30 feet; Fortitude DC 13 negates"; initiative -1. The kit's soldier Blue: Fort +6
(base 5, Con 12), initiative +1, longsword +9/+4. With initiative rolls 20 and 1 the
basilisk (19) acts before Blue (2). Scripted dice give totals: a save's natural d20, a
d% or d10 chance roll's face.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from d20combat.content.importers.monsters import import_bestiary
from d20combat.encounter.actions import Eyes, Gaze, parse_action
from d20combat.encounter.combatant import Condition
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError
from d20combat.render.narrate import narrate
from d20combat.rules.conditions import expand
from d20combat.rules.dice import enumerate_outcomes
from d20combat.rules.gaze import gaze_turn, p_affected
from d20combat.tactics.gaze import eyes_choice, gaze_instead

WIDE = """
............
............
............
"""
FOG = """
ffffffffffff
ffffffffffff
ffffffffffff
"""

GAZER = """  - at: {at}
    stat_block:
      name: Gazer
      type: magical beast
      abilities: {{str: 10, dex: 10, con: 10, int: 2, wis: 10, cha: 10}}
      hit_dice: [{{count: 2, die: 10}}]
      bab: 2
      base_saves: {{fort: 3, ref: 3, will: 0}}
      natural_attacks: [{{name: bite, damage: 1d4}}]
      special_attacks: [{name}]
      special_attack_rules: [{{kind: gaze, range: 30, save: fort, dc: 13, {effect}}}]
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def basilisk_vs_blue(
    kit: Any,
    rolls: list[int],
    *,
    blue_at: str = "e2",
    rows: str = WIDE,
    ruleset: str = "srd35",
    extra: str = "",
    beast: str = "  - creature: basilisk\n    at: a2\n",
) -> Encounter:
    sides = {"beast": beast + extra, "blue": kit.soldier("Blue", blue_at)}
    return kit.scripted_encounter(rows, sides, [20, 1, *rolls], ruleset=ruleset)  # type: ignore[no-any-return]


def act(enc: Encounter, *actions: str) -> None:
    for a in actions:
        enc.apply(parse_action(a))


# ------------------------------------------------------------------ the turn start
def test_a_failed_save_at_the_start_of_the_turn_petrifies(kit: Any) -> None:
    # SRD "Each opponent within range of a gaze attack must attempt a saving throw each
    # round at the beginning of his or her turn": Blue 20 ft away; d20 6 + 6 = 12 < 13
    enc = basilisk_vs_blue(kit, [6])
    act(enc, "end")  # the basilisk's turn; Blue's begins with the save
    (gaze,) = events(enc, "gaze")
    assert gaze.target == "blue" and not gaze.outcome["active"]
    assert (gaze.outcome["natural"], gaze.outcome["total"], gaze.outcome["dc"]) == (6, 12, 13)
    assert gaze.outcome["result"] == "petrified"
    blue = enc.get("blue")
    # SRD conditions "Petrified": "considered unconscious": out of the fight
    assert "petrified" in blue.conditions and "unconscious" in expand(blue.condition_set())
    assert enc.outcome is not None and enc.outcome.winner == "beast"
    text = "\n".join(line for e in enc.log for line in narrate(e))
    assert "blue meets the gaze of basilisk: Fort save d20 6 +6 = 12 vs DC 13: failed" in text


def test_the_save_made_negates_and_a_far_foe_does_not_save(kit: Any) -> None:
    # d20 7 + 6 = 13 >= 13: "A successful saving throw negates the effect"
    enc = basilisk_vs_blue(kit, [7])
    act(enc, "end")
    assert events(enc, "gaze")[0].outcome["result"] == "saved"
    assert not enc.get("blue").conditions
    # 45 ft away (a2 to j2): beyond the 30 ft range, no save and no roll
    far = basilisk_vs_blue(kit, [], blue_at="j2")
    act(far, "end")
    assert not events(far, "gaze")


def test_the_active_gaze_is_a_second_save_in_the_round(kit: Any) -> None:
    # SRD: "It is possible for an opponent to save against a creature's gaze twice
    # during the same round, once before its own action and once during the creature's
    # action": Blue saves at its turn start (15), the basilisk gazes as its attack
    # action in round 2 (7 + 6 = 13 saved), Blue's next turn start fails (3 + 6 = 9)
    enc = basilisk_vs_blue(kit, [15, 7, 3])
    act(enc, "end", "end")
    assert Gaze("blue") in enc.legal_actions()
    act(enc, "gaze blue")
    assert not enc.budget.standard  # an attack action: the standard action spent
    act(enc, "end")
    gazes = events(enc, "gaze")
    assert [(g.outcome["active"], g.outcome["result"]) for g in gazes] == [
        (False, "saved"),
        (True, "saved"),
        (False, "petrified"),
    ]
    assert "basilisk actively gazes at blue" in "\n".join(
        line for e in enc.log for line in narrate(e)
    )


def test_seed_001_has_no_active_gaze(kit: Any) -> None:
    # seed 001: "Once per turn, if you see a creature with a gaze attack, you must make
    # a saving throw" (D81: the ruleset's active_gaze is false)
    enc = basilisk_vs_blue(kit, [15], ruleset="advanced")
    act(enc, "end", "end")
    assert not [a for a in enc.legal_actions() if isinstance(a, Gaze)]
    with pytest.raises(IllegalActionError, match="seed 001"):
        enc.apply(parse_action("gaze blue"))


# ------------------------------------------------------------------ averting, shutting
def test_averting_the_eyes_halves_the_saves_and_conceals_the_gazer(kit: Any) -> None:
    # SRD "Averting Eyes": "Each round, the opponent has a 50% chance of not having to
    # make a saving throw. The creature with the gaze attack, however, gains concealment
    # against that opponent." Blue starts 45 ft away, averts its eyes (free); the
    # basilisk walks to e2 (25 ft) and gazes: d% 50 spares Blue; at Blue's turn start d%
    # 51 does not, and d20 7 + 6 = 13 saves.
    enc = basilisk_vs_blue(kit, [50, 51, 7], blue_at="j2")
    act(enc, "end", "eyes avert")
    blue, basilisk = enc.get("blue"), enc.get("basilisk")
    assert "averting-gaze" in blue.conditions
    sword = blue.ready_options()[0]
    attack, notes = build_attack(enc, blue, sword, sword.bonus, basilisk)
    assert attack.concealment == 20 and notes["concealment"] == 20  # D21: 20%
    act(enc, "end", "move b2 c2 d2 e2", "gaze blue", "end")
    spared, saved = events(enc, "gaze")
    assert spared.outcome["spared"] == "averted" and spared.outcome["result"] == "spared"
    assert saved.outcome["result"] == "saved" and saved.outcome["guard"] == "avert"
    assert [r.total for r in saved.rolls] == [51, 7]
    # ... and another opponent's attacks on Blue are not concealed by Blue's averting
    back, _ = build_attack(enc, basilisk, basilisk.ready_options()[0], sword.bonus, blue)
    assert back.concealment == 0


def test_seed_001_averting_rolls_the_d10(kit: Any) -> None:
    # seed 001: "there is still a 50% chance each turn that you will accidentally
    # glimpse the creature's face" (d10 1-5 spares, the ruleset's concealment die);
    # "your attacks against it suffer a 20% miss chance" (d10 1-2). d10 6 glimpses, d20
    # 7 + 6 = 13 saves; the next turn d10 5 spares.
    enc = basilisk_vs_blue(kit, [6, 7, 5], blue_at="j2", ruleset="advanced")
    act(enc, "end", "eyes avert", "end", "move b2 c2 d2 e2", "end", "end", "end")
    first, second = events(enc, "gaze")
    assert first.outcome["result"] == "saved" and [r.dice for r in first.rolls] == ["1d10", "1d20"]
    assert second.outcome["spared"] == "averted"
    blue, basilisk = enc.get("blue"), enc.get("basilisk")
    sword = blue.ready_options()[0]
    assert build_attack(enc, blue, sword, sword.bonus, basilisk)[0].concealment == 20


def test_shut_eyes_need_no_save_but_are_blind(kit: Any) -> None:
    # SRD: "An opponent can shut his eyes ... the opponent does not need to make a saving
    # throw. The creature with the gaze attack gains total concealment"; seed 001:
    # "completely safe from gaze attacks—but, of course, you are effectively blind"
    enc = basilisk_vs_blue(kit, [], blue_at="j2")
    act(enc, "end", "eyes shut")
    blue, basilisk = enc.get("blue"), enc.get("basilisk")
    assert "blinded" in expand(blue.condition_set())
    sword = blue.ready_options()[0]
    assert build_attack(enc, blue, sword, sword.bonus, basilisk)[0].concealment == 50
    act(enc, "end", "move b2 c2 d2 e2", "gaze blue", "end")  # no dice: none scripted
    assert [g.outcome["spared"] for g in events(enc, "gaze")] == ["eyes shut", "eyes shut"]
    assert all(not g.rolls for g in events(enc, "gaze"))
    act(enc, "eyes open")
    assert not blue.conditions
    with pytest.raises(IllegalActionError, match="already looking"):
        enc.apply(parse_action("eyes open"))
    assert [str(a) for a in enc.legal_actions() if isinstance(a, Eyes)] == [
        "eyes avert",
        "eyes shut",
    ]


def test_limited_visibility_is_a_separate_chance_of_no_save(kit: Any) -> None:
    # SRD: "If visibility is limited (by dim lighting, a fog, or the like) so that it
    # results in concealment, there is a percentage chance equal to the normal miss
    # chance ... that a character won't need to make a saving throw"; in fog 5 ft away
    # the basilisk has concealment (20%): d% 20 spares Blue
    enc = basilisk_vs_blue(kit, [20], blue_at="b2", rows=FOG)
    act(enc, "end")
    (gaze,) = events(enc, "gaze")
    assert gaze.outcome["concealment"] == 20 and gaze.outcome["spared"] == "concealment"


def test_averting_and_concealment_are_rolled_separately(kit: Any) -> None:
    # "This chance is not cumulative with the chance for averting your eyes, but is
    # rolled separately" (A155): d% 60 (averting fails), d% 21 (concealment fails),
    # then the save, d20 7 + 6 = 13
    enc = basilisk_vs_blue(kit, [60, 21, 7], blue_at="b2", rows=FOG)
    enc.get("blue").conditions["averting-gaze"] = Condition("blue", 0)  # averted before
    act(enc, "end")
    (gaze,) = events(enc, "gaze")
    assert [r.total for r in gaze.rolls] == [60, 21, 7]
    assert gaze.outcome["result"] == "saved"


# ------------------------------------------------------------------ who gazes at whom
def test_invisible_gazers_and_allies(kit: Any) -> None:
    # SRD: "Invisible creatures cannot use gaze attacks"; "A creature is immune to its
    # own gaze attack"; a gaze works on the gazer's opponents (A157)
    hidden = basilisk_vs_blue(kit, [], extra="    conditions: {invisible: 0}\n")
    act(hidden, "end")
    assert not events(hidden, "gaze")
    # initiative: the basilisk 20 - 1, Twin 1 - 1, Blue 2 + 1: Twin's turn comes last
    pair = basilisk_vs_blue(
        kit, [2], blue_at="j2", extra="  - creature: basilisk\n    name: Twin\n    at: b2\n"
    )
    act(pair, "end", "end")
    assert pair.current is not None and pair.current.id == "twin"
    assert not events(pair, "gaze")
    with pytest.raises(IllegalActionError, match="no opponent within 30 ft"):
        pair.check(Gaze("blue"))


def test_paralysis_and_death_gazes(kit: Any) -> None:
    # the rast's "Paralysis for 1d6 rounds, 30 feet, Fortitude DC 13 negates": d20 3 + 6
    # fails, 1d6 gives 4 rounds; the bodak's "Death, range 30 feet": d20 2 + 6 fails
    rast = GAZER.format(at="a2", name="paralyzing gaze", effect="effect: paralyzed, duration: 1d6")
    enc = basilisk_vs_blue(kit, [3, 4], beast=rast)
    act(enc, "end")
    gaze = events(enc, "gaze")[0]
    assert (gaze.outcome["result"], gaze.outcome["rounds"]) == ("paralyzed", 4)
    held = enc.get("blue").conditions["paralyzed"]
    assert (held.owner, held.turns) == ("blue", 4)
    bodak = GAZER.format(at="a2", name="death gaze", effect="effect: dead")
    enc = basilisk_vs_blue(kit, [2], beast=bodak)
    act(enc, "end")
    assert enc.get("blue").vitals.dead and enc.outcome is not None


def test_a_save_keeps_the_gaze_state(kit: Any) -> None:
    sides = {
        "beast": "  - creature: basilisk\n    at: a2\n",
        "blue": kit.soldier("Blue", "j2", extra="conditions: {eyes-shut: 0}"),
    }
    enc = kit.encounter(WIDE, sides)
    again = Encounter.from_json(enc.to_json())
    assert again.gazers == ("basilisk",)
    assert "eyes-shut" in again.get("blue").conditions
    assert again.situation() == enc.situation()


# ------------------------------------------------------------------ exact odds
def _brute(guard: str, conceal: int, save: int, dc: int, die: int) -> Fraction:
    """Every face of every die of the chain, counted."""
    sides = 10 if die == 10 else 100
    spare_avert = 5 if die == 10 else 50
    spare_conceal = conceal // 10 if die == 10 else conceal
    hits = total = 0
    for a, c, d in product(range(1, sides + 1), range(1, sides + 1), range(1, 21)):
        total += 1
        if guard == "shut":
            continue
        if guard == "avert" and a <= spare_avert:
            continue
        if c <= spare_conceal:
            continue
        if d == 20 or (d != 1 and d + save >= dc):
            continue
        hits += 1
    return Fraction(hits, total)


@pytest.mark.parametrize(
    ("guard", "conceal", "save", "dc", "die"),
    [
        ("look", 0, 6, 13, 100),
        ("avert", 0, 6, 13, 100),
        ("avert", 20, 1, 13, 100),
        ("look", 50, -3, 25, 100),
        ("shut", 20, 0, 13, 100),
        ("avert", 20, 4, 15, 10),
        ("look", 0, 30, 13, 10),
    ],
)
def test_the_odds_of_a_gaze_are_exact(
    guard: Any, conceal: int, save: int, dc: int, die: int
) -> None:
    want = _brute(guard, conceal, save, dc, die)
    assert p_affected(guard=guard, concealment=conceal, save=save, dc=dc, die=die) == want
    dist = enumerate_outcomes(
        lambda d: gaze_turn(d, guard=guard, concealment=conceal, save=save, dc=dc, die=die).affected
    )
    assert dist.get(True, Fraction(0)) == want
    # worked by hand: Fort +6 against DC 13 fails on 1-6 (6/20); averting halves it
    if (guard, conceal, save, dc) == ("avert", 0, 6, 13):
        assert want == Fraction(3, 20)


# ------------------------------------------------------------------ the importer
def test_the_importer_reads_the_gazes() -> None:
    srd = Path(__file__).resolve().parents[2] / "srd35"
    bestiary = import_bestiary(srd)

    def gaze(name: str) -> tuple[object, ...] | None:
        rule = bestiary.get(name).stat.special("gaze")
        if rule is None:
            return None
        return (rule.range, rule.save, rule.dc, rule.effect, rule.duration)

    assert gaze("Basilisk") == (30, "fort", 13, "petrified", None)
    assert gaze("Medusa") == (30, "fort", 15, "petrified", None)
    assert gaze("Bodak") == (30, "fort", 15, "dead", None)
    assert gaze("Rast") == (30, "fort", 13, "paralyzed", "1d6")
    # "The save DC for the abyssal greater basilisk's petrifying gaze (DC 21)"
    assert gaze("Abyssal Greater Basilisk") == (30, "fort", 21, "petrified", None)
    assert gaze("Chain Devil (Kyton)") is None  # "-2 on attack rolls": not modelled


# ------------------------------------------------------------------ the tactics
def test_the_baseline_weighs_its_eyes(kit: Any) -> None:
    # Blue 20 ft from the basilisk: looking risks 2 saves a round failing 6/20 each, the
    # basilisk's 45 hp of its damage lost; averting halves it for 20% of its blows;
    # shutting costs half its blows: cheapest
    enc = basilisk_vs_blue(kit, [15])
    act(enc, "end")
    assert eyes_choice(enc, enc.get("blue")) == Eyes("shut")
    act(enc, "eyes shut")
    assert eyes_choice(enc, enc.get("blue")) is None  # stable once chosen
    # the basilisk's gaze (Blue looking: 6/20 of 40 hp = 12) beats its bite (< 12)
    assert gaze_instead(enc, enc.get("basilisk"), None) is None  # Blue's eyes are shut
    look = basilisk_vs_blue(kit, [15, 15], blue_at="b2")
    act(look, "end", "end")
    assert gaze_instead(look, look.get("basilisk"), None) == Gaze("blue")


def test_the_odds_command_gives_the_gaze(kit: Any) -> None:
    # d20combat odds gaze --attacker basilisk --defender fighter-3: Fort +5 against DC 13
    # fails on 1-7 (7/20); averting halves it (7/40)
    from d20combat.content.bestiary import find_creature
    from d20combat.content.rulesets import ruleset
    from d20combat.odds import MANEUVER_ODDS
    from d20combat.rules.statistics import derive

    rules = ruleset("srd35")
    basilisk = derive(find_creature("basilisk"), rules)
    fighter = derive(find_creature("fighter-3"), rules)
    entry = MANEUVER_ODDS["gaze"]
    assert entry.problem(basilisk, fighter) is None
    assert entry.problem(fighter, basilisk) == "Human fighter 3 has no gaze attack with its numbers"
    odds = entry.odds(basilisk, fighter, rules)
    assert odds.outcomes == {"petrified": Fraction(7, 20), "saved": Fraction(13, 20)}
    assert odds.outcomes["petrified"] == _brute("look", 0, 5, 13, 100)
    assert any("(7/40)" in n for n in odds.notes)


# ------------------------------------------------------------------ a mirror (D82)
def test_a_mirror_averts_in_srd35_and_shatters_in_advanced(kit: Any) -> None:
    # SRD "Gaze Attacks": averting is "tracking the creature in a reflective surface":
    # Blue, watching in a mirror (a starting condition), is spared by d% 50 and its blows
    # on the basilisk are 20% concealed. seed 001: "If a gaze attack is reflected in a
    # mirror ..., the worst of the effect is absorbed by the intermediary medium
    # (shattering the mirror)": no roll, the mirror is gone; the next turn Blue looks
    # (d10 ignored: 9 + 6 = 15 saves).
    mirror = "    conditions: {mirror-watching: 0}\n"
    enc = basilisk_vs_blue(kit, [50], extra="")
    enc.get("blue").conditions["mirror-watching"] = Condition("blue", 0)
    act(enc, "end")
    assert events(enc, "gaze")[0].outcome["spared"] == "averted"
    blue, basilisk = enc.get("blue"), enc.get("basilisk")
    sword = blue.ready_options()[0]
    assert build_attack(enc, blue, sword, sword.bonus, basilisk)[0].concealment == 20
    assert "mirror-watching" in blue.conditions  # it keeps the mirror
    sides = {
        "beast": "  - creature: basilisk\n    at: a2\n",
        "blue": kit.soldier("Blue", "e2", extra=mirror.strip()),
    }
    adv = kit.scripted_encounter(WIDE, sides, [20, 1, 9], ruleset="advanced")
    act(adv, "end")
    (shattered,) = events(adv, "gaze")
    assert shattered.outcome["spared"] == "mirror" and not shattered.rolls
    assert "mirror-watching" not in adv.get("blue").conditions
    assert "the mirror takes the gaze and shatters" in narrate(shattered)[0]
    act(adv, "end", "end")
    assert events(adv, "gaze")[-1].outcome["result"] == "saved"


def test_the_baseline_keeps_its_mirror(kit: Any) -> None:
    sides = {
        "beast": "  - creature: basilisk\n    at: a2\n",
        "blue": kit.soldier("Blue", "j2", extra="conditions: {mirror-watching: 0}"),
    }
    adv = kit.scripted_encounter(WIDE, sides, [20, 1], ruleset="advanced")
    act(adv, "end")
    assert eyes_choice(adv, adv.get("blue")) is None  # the mirror takes the next gaze
