"""``d20combat odds garrote`` (seed 000 "Garrote Attacks"), checked against a
brute-force enumeration of every die written here independently: the placing melee
touch attack (a natural 1 misses, a natural 20 hits) against the garrote AC (reading
A19: touch AC + natural armor + 4 for full plate + the neck guard), then the strangle's
opposed grapple checks (ties to the higher modifier, then a reroll: a fair coin), never
lost outright against a larger target."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from d20combat.cli import cli
from d20combat.content.bestiary import find_creature
from d20combat.content.rulesets import ruleset
from d20combat.odds import garrote_odds
from d20combat.rules.statistics import derive

D20 = range(1, 21)


def p_touch(bonus: int, ac: int) -> Fraction:
    return Fraction(sum(1 for f in D20 if f != 1 and (f == 20 or f + bonus >= ac)), 20)


def p_win(mine: int, theirs: int) -> Fraction:
    won = Fraction(0)
    for a in D20:
        for b in D20:
            if a + mine > b + theirs or (a + mine == b + theirs and mine > theirs):
                won += 1
            elif a + mine == b + theirs and mine == theirs:
                won += Fraction(1, 2)
    return won / 400


def brute(attacker: str, defender: str) -> dict[str, Fraction]:
    rules = ruleset("srd35")
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    garrote = next(o for o in a.options if o.name.endswith("garrote"))
    plate = 4 if d.stat.armor is not None and d.stat.armor.armor == "full plate" else 0
    ac = d.touch.value + d.stat.natural_armor + plate
    hit = p_touch(garrote.bonus.value, ac)
    won = p_win(a.grapple.value, d.grapple.value)
    out = {"strangling": hit * won, "slipped free": hit * (1 - won), "missed": 1 - hit}
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("defender", ["ogre", "fighter-4", "rogue-3", "goblin", "garroter-3"])
def test_garrote_odds_are_the_brute_force_odds(defender: str) -> None:
    rules = ruleset("srd35")
    odds = garrote_odds(
        derive(find_creature("garroter-3"), rules), derive(find_creature(defender), rules), rules
    )
    assert odds.outcomes == brute("garroter-3", defender)
    assert sum(odds.outcomes.values()) == 1


def test_a_worked_garrote_on_the_ogre() -> None:
    # garroter-3 (BAB 2, Str 15: wire garrote +4; grapple 2 + 2 + Improved Grapple 4 =
    # +8) on the ogre: garrote AC 8 touch + 5 natural armor = 13, placed on 9-20
    # (12/20); its +8 against the ogre's +12 wins when its d20 beats the ogre's by 5
    # or more: 15 * 16 / 2 = 120 of 400 (ties to the ogre's higher modifier).
    rules = ruleset("srd35")
    odds = garrote_odds(
        derive(find_creature("garroter-3"), rules), derive(find_creature("ogre"), rules), rules
    )
    assert odds.steps == (
        ("touch attack places the garrote", Fraction(3, 5)),
        ("strangle won, after placing it", Fraction(3, 10)),
    )
    assert odds.p_success == Fraction(9, 50)


def test_odds_garrote_json_contract() -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli, ["odds", "garrote", "--attacker", "garroter-3", "--defender", "ogre", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "garrote" and data["p_success"] == "9/50"
    assert data["provokes"] == [
        {
            "reason": "Ogre: a garrote attack provokes; damage spoils it (seed 000 Garrote "
            "Attacks)",
            "folded_in": False,
        }
    ]
    refused = runner.invoke(
        cli, ["odds", "garrote", "--attacker", "fighter-4", "--defender", "ogre"]
    )
    assert refused.exit_code == 2 and "carries no garrote" in refused.output
    assert "error: --attacker: Human fighter 4 carries no garrote" in refused.output
