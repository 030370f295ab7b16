"""``d20combat odds MANEUVER``: exact odds of special attacks, checked against a brute-force
enumeration of every die, written here independently of the engine's procedure.

Trip (seed 000 "Trip"): a touch attack (a natural 1 misses, a natural 20 hits), then
d20 + Str check against d20 + the better of Str and Dex; ties go to the higher modifier,
and with equal modifiers the reroll is a fair coin (seed 000 "Grapple Checks"' tie rule,
which the trip's "if you win" takes). A loser may be tripped back, the same way round.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner

from d20combat.cli import cli
from d20combat.content.bestiary import find_creature
from d20combat.content.rulesets import ruleset
from d20combat.odds import feint_odds, trip_odds
from d20combat.rules.maneuvers.trip import trip_sides
from d20combat.rules.statistics import derive

D20 = range(1, 21)


def p_win(mine: int, theirs: int) -> Fraction:
    """P(the actor wins an opposed check), every pair of d20 faces counted."""
    won = Fraction(0)
    for a in D20:
        for b in D20:
            if a + mine > b + theirs:
                won += 1
            elif a + mine == b + theirs:
                if mine > theirs:
                    won += 1
                elif mine == theirs:
                    won += Fraction(1, 2)
    return won / 400


def p_touch(bonus: int, ac: int) -> Fraction:
    return Fraction(sum(1 for f in D20 if f != 1 and (f == 20 or f + bonus >= ac)), 20)


def brute(attacker: str, defender: str, rules_name: str = "srd35") -> dict[str, Fraction]:
    rules = ruleset(rules_name)
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    s = trip_sides(a, d, rules)
    hit = Fraction(1) if s.touch_bonus is None else p_touch(s.touch_bonus.value, s.touch_ac.value)  # type: ignore[union-attr]
    won = p_win(s.attack.value, s.resist.value)
    out = {"tripped": hit * won}
    if s.counter is not None and s.counter_resist is not None:
        back = p_win(s.counter.value, s.counter_resist.value)
        out["countered"] = hit * (1 - won) * back
        out["failed"] = hit * (1 - won) * (1 - back)
    else:
        out["failed"] = hit * (1 - won)
    if s.touch_bonus is not None:
        out["missed"] = 1 - hit
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize(
    ("attacker", "defender", "rules_name"),
    [
        ("fighter-4", "ogre", "srd35"),  # Large defender: +4 size on its side
        ("ogre", "fighter-4", "srd35"),
        ("fighter-4", "wolf", "srd35"),  # four legs: +4 stability
        ("goblin", "goblin", "srd35"),  # equal modifiers: ties are a coin
        ("fighter-4", "wolf", "advanced"),  # no touch attack, no counter (seed 001)
        ("fighter-4", "wolf", "d20modern"),
    ],
)
def test_trip_odds_are_the_brute_force_odds(attacker: str, defender: str, rules_name: str) -> None:
    rules = ruleset(rules_name)
    odds = trip_odds(
        derive(find_creature(attacker), rules), derive(find_creature(defender), rules), rules
    )
    assert odds.outcomes == brute(attacker, defender, rules_name)
    assert sum(odds.outcomes.values()) == 1


def test_a_worked_trip() -> None:
    # fighter-4 (Str 17: +3; unarmed +7) trips the SRD wolf (Str 13, Dex 15: +2, four
    # legs: +4): touch AC 12 is hit on 5-20 (16/20); the check +3 against +6 is won when
    # the d20s differ by 4 or more in the fighter's favour: 16*17/2 = 136 of 400.
    rules = ruleset("srd35")
    odds = trip_odds(
        derive(find_creature("fighter-4"), rules), derive(find_creature("wolf"), rules), rules
    )
    assert odds.steps[0] == ("touch attack hits", Fraction(16, 20))
    assert odds.steps[1] == ("trip check won, after a hit", Fraction(136, 400))
    assert odds.p_success == Fraction(16, 20) * Fraction(136, 400)


def run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    return result


def test_odds_trip_json_contract() -> None:
    result = run("odds", "trip", "--attacker", "fighter-4", "--defender", "wolf", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["p_success"] == "34/125"
    assert {"maneuver", "attacker", "defender", "ruleset", "p_success", "outcomes", "steps"} <= set(
        data
    )
    assert [s["step"] for s in data["steps"]] == [
        "touch attack hits",
        "trip check won, after a hit",
        "counter-trip, after a lost check",
    ]
    assert data["provokes"] == [
        {
            "reason": "Wolf: an unarmed trip provokes from an armed target (seed 000 Trip; "
            "none with Improved Trip)",
            "folded_in": False,
        }
    ]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ("odds", "trip", "--attacker", "goblin", "--defender", "hill-giant"),
            "at most one size larger",
        ),
        (("odds", "trip", "--attacker", "ogre", "--defender", "black-pudding"), "no legs to trip"),
        (("odds", "trip", "--attacker", "ogre"), "needs both --attacker and --defender"),
        (
            ("odds", "trip", "--attacker", "ogre", "--defender", "wolf", "--ac", "12"),
            "--ac does not apply",
        ),
        (("odds", "bull-rush", "--attacker", "ogre", "--defender", "wolf"), "not available yet"),
        (
            ("odds", "tickle", "--attacker", "ogre", "--defender", "wolf"),
            "unknown maneuver 'tickle'",
        ),
    ],
)
def test_odds_maneuver_bad_input(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and needle in result.output


# ---------------------------------------------------------------- feint
# seed 000 "Feint": d20 + Bluff against d20 + Sense Motive + base attack bonus; the Bluff
# must exceed (a tie fails); -4 against a non-humanoid, -8 against Int 1-2 (the -8 alone:
# A29). A skill the stat block does not list is rolled untrained: the key ability's
# modifier (Bluff: Cha; Sense Motive: Wis). Worked here from the stat block's raw data.
def _mod(score: int) -> int:
    return (score - 10) // 2


def _feint_mods(attacker: str, defender: str) -> tuple[int, int]:
    a, d = find_creature(attacker), find_creature(defender)
    bluff = a.skills.get("bluff", _mod(a.abilities["cha"]))  # type: ignore[index, arg-type]
    intelligence = d.abilities["int"]  # type: ignore[index]
    if intelligence is not None and intelligence <= 2:
        bluff -= 8
    elif d.type != "humanoid":
        bluff -= 4
    sense = d.skills.get("sense motive", _mod(d.abilities["wis"])) + d.bab  # type: ignore[index, arg-type]
    return bluff, sense


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("rogue-3", "ogre"),  # a giant: -4
        ("rogue-3", "wolf"),  # an animal (Int 2): -8
        ("harpy", "rogue-3"),  # published Bluff +11 against a humanoid
        ("goblin", "goblin"),  # untrained both ways
        ("fighter-4", "hobgoblin"),
    ],
)
def test_feint_odds_are_the_brute_force_odds(attacker: str, defender: str) -> None:
    bluff, sense = _feint_mods(attacker, defender)
    won = Fraction(sum(1 for a in D20 for b in D20 if a + bluff > b + sense), 400)
    rules = ruleset()
    odds = feint_odds(
        derive(find_creature(attacker), rules), derive(find_creature(defender), rules), rules
    )
    assert odds.outcomes == {k: v for k, v in {"feinted": won, "failed": 1 - won}.items() if v}
    assert odds.steps == (("Bluff beats Sense Motive + base attack bonus", won),)
    assert odds.provokes == ()


def test_odds_feint_json_contract() -> None:
    # the rogue (Bluff -1 untrained) against the ogre (a giant: -4; Sense Motive +0 and
    # base attack +3): the rogue's d20 must beat the ogre's by 9 or more: 66 of 400
    result = run("odds", "feint", "--attacker", "rogue-3", "--defender", "ogre", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "feint" and data["p_success"] == "33/200"
    assert data["outcomes"] == {"feinted": "33/200", "failed": "167/200"}
    assert data["provokes"] == []


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ("odds", "feint", "--attacker", "rogue-3", "--defender", "human-commoner-zombie"),
            "cannot be feinted",
        ),
        (
            ("odds", "feint", "--attacker", "rogue-3", "--defender", "ogre", "--flat-footed"),
            "--flat-footed does not apply to odds feint",
        ),
        (
            ("odds", "trip", "--attacker", "rogue-3", "--defender", "ogre", "--flanking"),
            "--flanking does not apply to odds trip",
        ),
        (
            ("odds", "--attack", "+5", "--damage", "1d6", "--ac", "15", "--flanking"),
            "two creatures",
        ),
    ],
)
def test_odds_feint_and_flanking_bad_input(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and needle in result.output


# ---------------------------------------------------------------- sneak attack odds
def brute_attack(bonus: int, ac: int, die: int, crit_from: int, sneak: int) -> dict[int, Fraction]:
    """Every die of one attack: d20 (1 misses, 20 hits), a confirmation d20 for a
    threat, the weapon's 1d``die`` (rolled twice on a critical: x2), then ``sneak``d6
    never multiplied."""
    out: dict[int, Fraction] = {}

    def add(total: int, p: Fraction) -> None:
        out[total] = out.get(total, Fraction(0)) + p

    def hits(face: int) -> bool:
        return face != 1 and (face == 20 or face + bonus >= ac)

    for face in D20:
        p = Fraction(1, 20)
        if not hits(face):
            add(0, p)
            continue
        for confirm in D20 if face >= crit_from else (None,):
            q = p / 20 if confirm is not None else p
            times = 2 if confirm is not None and hits(confirm) else 1
            for weapon in itertools.product(range(1, die + 1), repeat=times):
                for extra in itertools.product(range(1, 7), repeat=sneak):
                    add(sum(weapon) + sum(extra), q / die**times / 6**sneak)
    return dict(sorted(out.items()))


@pytest.mark.parametrize(
    ("flag", "bonus", "ac"),
    [
        # the rogue's short sword +6 (BAB 2, Dex 3 by Weapon Finesse, Small +1), 1d4,
        # 19-20/x2, sneak attack 2d6; the SRD hobgoblin: AC 15, flat-footed 14
        ("--flat-footed", 6, 14),
        ("--flanking", 6 + 2, 15),  # flanking: +2 on the melee attack, Dex kept
    ],
)
def test_a_rogues_odds_count_its_sneak_attack(flag: str, bonus: int, ac: int) -> None:
    args = ("odds", "--attacker", "rogue-3", "--defender", "hobgoblin", flag, "--json")
    result = run(*args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    want = brute_attack(bonus, ac, 4, 19, 2)
    assert {int(k): Fraction(v) for k, v in data["damage"].items()} == want
    plain = json.loads(run(*args[:-2], "--json").output)
    assert Fraction(plain["mean_damage"]) < Fraction(data["mean_damage"])


def test_no_sneak_attack_on_a_creature_immune_to_criticals_in_the_odds() -> None:
    result = run(
        "odds",
        "--attacker",
        "rogue-3",
        "--defender",
        "human-warrior-skeleton",
        "--flanking",
        "--json",
    )
    data = json.loads(result.output)
    assert data["p_crit"] == "0/1" and max(int(k) for k in data["damage"]) <= 4
