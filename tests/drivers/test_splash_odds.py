"""``d20combat odds splash``: the exact odds of a direct hit with a splash weapon (seed
000 "Throw Splash Weapon": a ranged touch attack), checked against a brute-force count of
the d20's faces written here, and the d8's eight scatter faces of a miss."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner

from d20combat.cli import cli
from d20combat.content.bestiary import find_creature
from d20combat.content.rulesets import ruleset
from d20combat.odds import splash_odds
from d20combat.rules.statistics import derive

D20 = range(1, 21)


def p_touch(bonus: int, ac: int) -> Fraction:
    """A natural 1 misses, a natural 20 hits (seed 003 "Attack Roll")."""
    return Fraction(sum(1 for f in D20 if f != 1 and (f == 20 or f + bonus >= ac)), 20)


# The halfling alchemist rogue: BAB +2, Dex +3, Small +1: ranged +6. Touch ACs by hand:
# goblin 10 + Dex 1 + Small 1 = 12 (flat-footed: no Dex, 11); ogre 10 - 1 Dex - 1
# Large = 8 (a penalty stays when flat-footed); human fighter 10 + Dex 1 = 11.
@pytest.mark.parametrize(
    ("defender", "flat_footed", "ac"),
    [("goblin", False, 12), ("goblin", True, 11), ("ogre", True, 8), ("fighter-4", False, 11)],
)
def test_splash_odds_are_the_brute_force_odds(defender: str, flat_footed: bool, ac: int) -> None:
    rules = ruleset()
    rogue = derive(find_creature("rogue-3-alchemist"), rules)
    odds = splash_odds(
        rogue, derive(find_creature(defender), rules), rules, flat_footed=flat_footed
    )
    hit = p_touch(6, ac)
    expected = {"hit": hit, **{f"scatter {k}": (1 - hit) / 8 for k in range(1, 9)}}
    assert odds.outcomes == expected
    assert odds.p_success == hit
    assert odds.steps == (("ranged touch attack hits (direct hit)", hit),)


def test_odds_splash_json_contract() -> None:
    result = CliRunner().invoke(
        cli,
        ["odds", "splash", "--attacker", "rogue-3-alchemist", "--defender", "goblin", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "splash" and data["p_success"] == "3/4"  # 6-20 vs 12
    assert data["outcomes"]["scatter 1"] == "1/32"
    assert data["steps"] == [{"step": "ranged touch attack hits (direct hit)", "p": "3/4"}]
    assert [p["folded_in"] for p in data["provokes"]] == [False]


def test_odds_splash_refuses_a_creature_without_a_splash_weapon() -> None:
    result = CliRunner().invoke(
        cli, ["odds", "splash", "--attacker", "ogre", "--defender", "goblin"]
    )
    assert result.exit_code != 0
    assert "carries no splash weapon" in result.output


def test_seeded_throws_agree_with_the_exact_odds(tmp_path: Any) -> None:
    # The rogue throws at a goblin 10 ft away that has not acted (flat-footed: touch AC
    # 11, 16 faces of 20); 600 seeded throws land within three standard deviations.
    from random import Random

    from d20combat.content.scenarios import load_scenario
    from d20combat.encounter import actions as A
    from d20combat.encounter.state import Encounter
    from d20combat.rules.dice import SampledDice, ScriptedDice

    path = tmp_path / "s.yaml"
    path.write_text(
        "name: t\nmap:\n  rows: |\n    .....\n    .....\nsides:\n"
        "  - name: a\n    combatants:\n      - {creature: rogue-3-alchemist, at: a1}\n"
        "  - name: b\n    combatants:\n      - {creature: goblin, at: c1}\n",
        encoding="utf-8",
    )
    enc = Encounter.from_scenario(load_scenario(str(path)), 0, start=False)
    enc.dice = ScriptedDice([20, 1])  # type: ignore[assignment]
    enc.start()
    rogue, goblin = enc.combatants.values()
    enc.dice = SampledDice(Random(0))  # clones copy a generator, not a script
    rules = enc.rules
    p = float(splash_odds(rogue.stats, goblin.stats, rules, flat_footed=True).p_success)
    assert p == 16 / 20
    n, hits = 600, 0
    for seed in range(n):
        trial = enc.clone()
        trial.dice = SampledDice(Random(seed))
        trial.apply(A.Throw("alchemist's fire", goblin.id))
        hits += [e for e in trial.log if e.type == "splash"][-1].outcome["result"] == "hit"
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(hits - n * p) <= 3 * sd, (hits, n * p)
