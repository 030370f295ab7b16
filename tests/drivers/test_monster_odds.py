"""``d20combat odds free-trip``: a monster's bite and free trip (SRD monsters "Trip (Ex)")
checked against a brute-force enumeration of every die written here: the bite's d20
(a natural 1 misses, a natural 20 hits, else face + bonus against AC), then the trip's
two d20s (d20 + the check modifier against d20 + the better of Str and Dex; ties to the
higher modifier, a fair coin when equal). No touch attack, no counter-trip."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from d20combat.cli import cli
from d20combat.content.bestiary import find_creature
from d20combat.content.rulesets import ruleset
from d20combat.odds import free_trip_odds, trample_odds
from d20combat.rules.maneuvers.trip import free_trip_check, resist_check
from d20combat.rules.statistics import derive

D20 = range(1, 21)


def p_win(mine: int, theirs: int) -> Fraction:
    won = Fraction(0)
    for a in D20:
        for b in D20:
            if a + mine > b + theirs or (a + mine == b + theirs and mine > theirs):
                won += 1
            elif a + mine == b + theirs and mine == theirs:
                won += Fraction(1, 2)
    return won / 400


def p_bite(bonus: int, ac: int) -> Fraction:
    return Fraction(sum(1 for f in D20 if f != 1 and (f == 20 or f + bonus >= ac)), 20)


@pytest.mark.parametrize("flat_footed", [False, True])
@pytest.mark.parametrize("rules_name", ["srd35", "d20modern", "advanced"])
@pytest.mark.parametrize("attacker", ["wolf", "dire wolf", "worg"])
def test_free_trip_odds_match_brute_force(
    attacker: str, rules_name: str, flat_footed: bool
) -> None:
    rules = ruleset(rules_name)
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature("fighter-4"), rules)
    bite = next(o for o in a.options if o.name == "bite")
    hit = p_bite(bite.bonus.value, d.armor_class(flat_footed=flat_footed).value)
    rule = a.stat.special("trip")
    assert rule is not None
    won = p_win(free_trip_check(a, rule.modifier, rules).value, resist_check(d, rules).value)
    odds = free_trip_odds(a, d, rules, flat_footed=flat_footed)
    assert odds.outcomes == {
        k: v
        for k, v in {
            "tripped": hit * won,
            "not tripped": hit * (1 - won),
            "missed": 1 - hit,
        }.items()
        if v
    }
    assert odds.steps == (("bite hits", hit), ("trip check won, after a hit", won))
    assert odds.provokes == ()


def test_the_wolf_against_fighter_4_by_hand() -> None:
    # The wolf's bite +3 against AC 19 hits on 16-20: 5/20. Its trip, +1 against the
    # fighter's +3 (Str 16), wins when its d20 beats the other by 3 or more (a margin of
    # 2 ties, and the tie goes to the higher modifier): 17 x 18 / 2 = 153 of 400 pairs.
    data = json.loads(
        CliRunner()
        .invoke(
            cli, ["odds", "free-trip", "--attacker", "wolf", "--defender", "fighter-4", "--json"]
        )
        .output
    )
    assert data["p_success"] == "153/1600"  # 1/4 x 153/400
    assert data["steps"] == [
        {"step": "bite hits", "p": "1/4"},
        {"step": "trip check won, after a hit", "p": "153/400"},
    ]
    assert data["provokes"] == []


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--attacker", "ogre", "--defender", "fighter-4"], "Ogre has no Trip (Ex)"),
        (["--attacker", "wolf", "--defender", "fighter-4", "--charge"], "--charge does not apply"),
    ],
)
def test_free_trip_odds_refusals(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(cli, ["odds", "free-trip", *args])
    assert result.exit_code != 0 and needle in result.output


@pytest.mark.parametrize("defender", ["fighter-4", "wizard-3", "rogue-3", "wolf"])
def test_trample_odds_match_brute_force(defender: str) -> None:
    # The giant stag beetle's "Reflex half DC 19": every face of the defender's d20 (a
    # natural 20 always saves, a 1 never: SRD combat-i "Saving Throws").
    rules = ruleset("srd35")
    beetle = derive(find_creature("giant stag beetle"), rules)
    d = derive(find_creature(defender), rules)
    ref = d.saves["ref"].value
    saved = Fraction(sum(1 for f in D20 if f == 20 or (f != 1 and f + ref >= 19)), 20)
    odds = trample_odds(beetle, d, rules)
    assert odds.outcomes == {
        k: v for k, v in {"full damage": 1 - saved, "half damage": saved}.items() if v
    }
    assert odds.steps == (("Reflex save (DC 19) fails", 1 - saved),)
    assert len(odds.provokes) == 1 and "-4 instead of the save" in odds.provokes[0]


def test_trample_odds_by_hand_and_refusals() -> None:
    # fighter-4's Ref +2 saves on 17-20: 4 of 20, so the full damage is 16/20
    data = json.loads(
        CliRunner()
        .invoke(
            cli,
            [
                "odds",
                "trample",
                "--attacker",
                "giant stag beetle",
                "--defender",
                "fighter-4",
                "--json",
            ],
        )
        .output
    )
    assert data["outcomes"] == {"full damage": "4/5", "half damage": "1/5"}
    assert data["provokes"][0]["folded_in"] is False
    for args, needle in (
        (["--attacker", "giant stag beetle", "--defender", "ogre"], "one size smaller"),
        (["--attacker", "wolf", "--defender", "ogre"], "Wolf has no Trample (Ex)"),
        (
            ["--attacker", "giant stag beetle", "--defender", "wolf", "--flat-footed"],
            "does not apply",
        ),
    ):
        result = CliRunner().invoke(cli, ["odds", "trample", *args])
        assert result.exit_code != 0 and needle in result.output, result.output
