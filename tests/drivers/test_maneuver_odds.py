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
from d20combat.odds import bull_rush_odds, feint_odds, overrun_odds, trip_odds
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
        (("odds", "turn", "--attacker", "ogre", "--defender", "wolf"), "has no turning ability"),
        (
            ("odds", "tickle", "--attacker", "ogre", "--defender", "wolf"),
            "unknown maneuver 'tickle'",
        ),
    ],
)
def test_odds_maneuver_bad_input(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and needle in result.output


# ------------------------------------------------------------ grapple, pin, escape
# seed 000 "Grapple": the grab is a melee touch attack with the unarmed strike; the hold,
# a pin and an escape are opposed grapple checks (d20 + BAB + Str + special size modifier,
# Improved Grapple +4); ties to the higher modifier then a reroll (a fair coin), and in
# advanced to the one making the check (seed 001 ">="); the hold is lost outright
# against a target two or more sizes larger.


def p_grapple(mine: int, theirs: int, rules_name: str) -> Fraction:
    """P(the actor wins an opposed grapple check), every pair of faces counted."""
    if rules_name != "advanced":
        return p_win(mine, theirs)
    won = sum(1 for a in D20 for b in D20 if a + mine >= b + theirs)
    return Fraction(won, 400)


def brute_grapple(attacker: str, defender: str, rules_name: str) -> dict[str, Fraction]:
    from d20combat.content.sizes import Size

    rules = ruleset(rules_name)
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    unarmed = next(o for o in a.options if o.name == "unarmed strike")
    hit = p_touch(unarmed.bonus.value, d.touch.value)
    if Size(d.stat.size) - Size(a.stat.size) >= 2:
        out = {"too large": hit}
    else:
        won = p_grapple(a.grapple.value, d.grapple.value, rules_name)
        out = {"held": hit * won, "failed": hit * (1 - won)}
    out["missed"] = 1 - hit
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize(
    ("attacker", "defender", "rules_name"),
    [
        ("fighter-4", "ogre", "srd35"),  # Large defender: +4 on its grapple check
        ("ogre", "fighter-4", "srd35"),
        ("goblin", "goblin", "srd35"),  # equal modifiers: ties are a coin
        ("goblin", "ogre", "srd35"),  # two sizes larger: the hold fails outright
        ("fighter-4", "wolf", "advanced"),  # ties to the grappler (seed 001)
        ("fighter-4", "wolf", "d20modern"),
    ],
)
def test_grapple_odds_are_the_brute_force_odds(
    attacker: str, defender: str, rules_name: str
) -> None:
    from d20combat.odds import grapple_odds

    rules = ruleset(rules_name)
    odds = grapple_odds(
        derive(find_creature(attacker), rules), derive(find_creature(defender), rules), rules
    )
    assert odds.outcomes == brute_grapple(attacker, defender, rules_name)
    assert sum(odds.outcomes.values()) == 1


@pytest.mark.parametrize("rules_name", ["srd35", "advanced", "d20modern"])
@pytest.mark.parametrize(("attacker", "defender"), [("fighter-4", "ogre"), ("goblin", "goblin")])
def test_pin_and_escape_odds_are_the_brute_force_odds(
    attacker: str, defender: str, rules_name: str
) -> None:
    from d20combat.odds import escape_odds, pin_odds
    from d20combat.rules.maneuvers.grapple import escape_artist

    rules = ruleset(rules_name)
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    won = p_grapple(a.grapple.value, d.grapple.value, rules_name)
    pin = pin_odds(a, d, rules)
    assert pin.p_success == won and pin.outcomes.get("failed", Fraction(0)) == 1 - won
    escape = escape_odds(a, d, rules)
    assert escape.p_success == won
    assert escape.steps[1][1] == p_grapple(escape_artist(a).value, d.grapple.value, rules_name)


@pytest.mark.parametrize("rules_name", ["srd35", "advanced", "d20modern"])
@pytest.mark.parametrize("defender", ["fighter-4", "goblin", "wolf"])
def test_swallow_odds_are_the_brute_force_odds(defender: str, rules_name: str) -> None:
    # SRD "Swallow Whole": "a new grapple check (as though attempting to pin the
    # opponent)": the tyrannosaurus's grapple +30 against the defender's, every pair of
    # faces counted (ties: srd35 to the higher modifier, advanced to the actor)
    from d20combat.odds import MANEUVER_ODDS, swallow_odds

    rules = ruleset(rules_name)
    a = derive(find_creature("tyrannosaurus"), rules)
    d = derive(find_creature(defender), rules)
    won = p_grapple(a.grapple.value, d.grapple.value, rules_name)
    odds = swallow_odds(a, d, rules)
    assert odds.p_success == won and odds.outcomes.get("failed", Fraction(0)) == 1 - won
    assert MANEUVER_ODDS["swallow"].odds is swallow_odds
    assert odds.notes == (
        "swallowed: the bite's damage, then 2d8+8 a round inside; the way out: 25 damage to AC 12",
    )


def test_a_worked_swallow_and_what_cannot_be_swallowed() -> None:
    # the tyrannosaurus (grapple +30) against fighter-4 (+7): 30 - 7 = 23 > 19, so even
    # a 1 against a 20 wins (31 against 27): certain. "up to two sizes smaller": an ogre
    # (Large) is too large; a lion has no swallow whole.
    from d20combat.odds import MANEUVER_ODDS, swallow_odds

    rules = ruleset("srd35")
    rex, fighter = (derive(find_creature(n), rules) for n in ("tyrannosaurus", "fighter-4"))
    assert swallow_odds(rex, fighter, rules).p_success == 1
    problem = MANEUVER_ODDS["swallow"].problem
    ogre, lion = (derive(find_creature(n), rules) for n in ("ogre", "lion"))
    assert (
        problem(rex, ogre) == "Ogre is too large for Tyrannosaurus to swallow (Medium or smaller)"
    )
    assert problem(lion, fighter) == "Lion has no swallow whole"


def test_a_worked_grapple() -> None:
    # fighter-4 (BAB 4, Str 17: unarmed +7, grapple +7) grabs the ogre: touch AC 8
    # (10, Dex -1, Large -1), hit on 2-20 (19/20); its grapple +7 against the ogre's +12
    # (BAB 3, Str 21: +5, Large +4) is won when its d20 beats the ogre's by 6 or more:
    # 14 * 15 / 2 = 105 of 400 (ties go to the ogre's higher modifier).
    from d20combat.odds import grapple_odds

    rules = ruleset("srd35")
    odds = grapple_odds(
        derive(find_creature("fighter-4"), rules), derive(find_creature("ogre"), rules), rules
    )
    assert odds.steps == (
        ("touch attack hits", Fraction(19, 20)),
        ("hold won, after a hit", Fraction(105, 400)),
    )
    assert odds.p_success == Fraction(19, 20) * Fraction(105, 400)


def test_odds_grapple_pin_escape_json_contract() -> None:
    result = run("odds", "grapple", "--attacker", "fighter-4", "--defender", "ogre", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "grapple" and data["p_success"] == "399/1600"
    assert data["provokes"] == [
        {
            "reason": "Ogre: starting a grapple provokes; damage spoils it (seed 000 Grapple)",
            "folded_in": False,
        }
    ]
    improved = run("odds", "grapple", "--attacker", "ogre", "--defender", "goblin", "--json")
    assert json.loads(improved.output)["outcomes"]["held"]
    for maneuver, success in (("pin", "pinned"), ("escape", "escaped")):
        result = run("odds", maneuver, "--attacker", "fighter-4", "--defender", "ogre", "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["p_success"] == data["outcomes"][success] == "21/80"
        assert data["provokes"] == []
    flagged = run("odds", "pin", "--attacker", "ogre", "--defender", "wolf", "--flat-footed")
    assert flagged.exit_code == 2 and "--flat-footed does not apply" in flagged.output


# --------------------------------------------------------------------------- bull rush
# seed 000 "Bull Rush": d20 + Str + size (+/-4 per category from Medium) + 2 charging +
# Improved Bull Rush's 4 (seed 002) against d20 + Str + size + 4 for more than two legs;
# a tie fails; the push 5 ft + 5 ft per full 5 points, moving with the defender, within
# the attacker's speed (a charge: twice its speed less the shortest charge, 10 ft).


def brute_push(mine: int, theirs: int, limit: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for a in D20:
        for b in D20:
            margin = a + mine - (b + theirs)
            key = "failed" if margin <= 0 else f"pushed {min(limit, 5 + 5 * (margin // 5))} ft"
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 400)
    return out


@pytest.mark.parametrize(
    ("attacker", "defender", "charge", "mine", "theirs", "limit"),
    [
        # the ogre: Str 21 (+5), Large (+4); speed 30 in its hide armor; the fighter: +3
        ("ogre", "fighter-4", False, 9, 3, 30),
        # the wolf resists with Str 13 (+1) and four legs (+4)
        ("fighter-4", "wolf", False, 3, 5, 20),
        # the hill giant: Str 25 (+7), Large (+4), Improved Bull Rush (+4), charging (+2);
        # speed 30 (hide armor): 60 - 10 ft
        ("hill-giant", "ogre", True, 17, 9, 50),
        ("goblin", "goblin", False, -4, -4, 30),  # equal: a tie fails
    ],
)
def test_bull_rush_odds_are_the_brute_force_odds(
    attacker: str, defender: str, charge: bool, mine: int, theirs: int, limit: int
) -> None:
    rules = ruleset("srd35")
    a, d = derive(find_creature(attacker), rules), derive(find_creature(defender), rules)
    odds = bull_rush_odds(a, d, rules, charge=charge)
    assert odds.outcomes == brute_push(mine, theirs, limit)
    assert odds.p_success == 1 - odds.outcomes["failed"]
    assert sum(odds.outcomes.values()) == 1


def test_odds_bull_rush_json_contract() -> None:
    result = run("odds", "bull-rush", "--attacker", "ogre", "--defender", "fighter-4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # +9 against +3: a + 9 > b + 3, i.e. b <= a + 5: for a = 1..15, a + 5 faces of b,
    # then all 20: 6 + ... + 20 = 195, plus 5 x 20 = 100: 295 of 400 = 59/80
    assert data["maneuver"] == "bull-rush" and data["p_success"] == "59/80"
    assert data["outcomes"]["failed"] == "21/80"
    assert data["steps"][0] == {"step": "Strength check won (a tie fails)", "p": "59/80"}
    assert [p["folded_in"] for p in data["provokes"]] == [False, False]
    assert "the defender included" in data["provokes"][0]["reason"]


# --------------------------------------------------------------------------- overrun
# seed 000 "Overrun": Str + size + 2 charging against the better of Str and Dex + size +
# 4 stability, "if you win" (ties to the higher modifier, a coin between equals: p_win);
# after a loss the defender's Str + size against the better of Str and Dex + size.


@pytest.mark.parametrize(
    ("attacker", "defender", "charge", "sides"),
    [
        # the fighter (Str 16: +3) against the goblin (Dex 13: +1, Small -4: -3); the
        # counter: the goblin's Str 11 (+0) -4 against the fighter's +3
        ("fighter-4", "goblin", False, (3, -3, -4, 3)),
        ("fighter-4", "goblin", True, (5, -3, -4, 3)),
        # the wolf: Dex 15 (+2), four legs (+4) to resist; Str 13 (+1) to knock down
        ("orc", "wolf", False, (3, 6, 1, 3)),
        ("goblin", "goblin", False, (-4, -3, -4, -3)),
    ],
)
def test_overrun_odds_are_the_brute_force_odds(
    attacker: str, defender: str, charge: bool, sides: tuple[int, int, int, int]
) -> None:
    rules = ruleset("srd35")
    a, d = derive(find_creature(attacker), rules), derive(find_creature(defender), rules)
    odds = overrun_odds(a, d, rules, charge=charge)
    won = p_win(sides[0], sides[1])
    back = p_win(sides[2], sides[3])
    expected = {
        "knocked down": won,
        "countered": (1 - won) * back,
        "failed": (1 - won) * (1 - back),
    }
    assert odds.outcomes == {k: v for k, v in expected.items() if v}
    assert odds.p_success == won


def test_d20modern_overrun_odds_are_a_trips() -> None:
    # seed 004 "Overrun": the block is a trip attack: the trip's brute force, its
    # "tripped" named "knocked down"; --charge adds +2 to the touch attack
    rules = ruleset("d20modern")
    a, d = derive(find_creature("fighter-4"), rules), derive(find_creature("wolf"), rules)
    odds = overrun_odds(a, d, rules)
    trip = brute("fighter-4", "wolf", "d20modern")
    assert odds.outcomes == {("knocked down" if k == "tripped" else k): v for k, v in trip.items()}
    charged = overrun_odds(a, d, rules, charge=True)
    s = trip_sides(a, d, rules)
    assert s.touch_bonus is not None and s.touch_ac is not None
    hit = p_touch(s.touch_bonus.value + 2, s.touch_ac.value)
    assert charged.steps[0] == ("trip: touch attack hits", hit)


def test_odds_overrun_cli() -> None:
    result = run(
        "odds", "overrun", "--attacker", "fighter-4", "--defender", "goblin", "--charge", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "overrun" and data["p_success"] == "167/200"
    assert data["notes"][0].startswith("the defender blocks")
    bad = run("odds", "bull-rush", "--attacker", "ogre", "--defender", "wolf", "--flat-footed")
    assert bad.exit_code == 2 and "--flat-footed does not apply" in bad.output
    big = run("odds", "bull-rush", "--attacker", "goblin", "--defender", "hill-giant")
    assert big.exit_code == 2 and "at most one size larger" in big.output


# --------------------------------------------------------------------------- disarm
# seed 000 "Disarm": opposed attack rolls the attacker must *beat* (a tie fails); a loser
# may be disarmed back, the same roll the other way round (a tie fails too), with no
# counter to the counter. seed 004 disarms a ranged weapon by an attack roll against it.


def p_beat(mine: int, theirs: int) -> Fraction:
    """P(d20 + mine > d20 + theirs), every pair of faces counted."""
    return Fraction(sum(1 for a in D20 for b in D20 if a + mine > b + theirs), 400)


def _disarm_sides(attacker: str, defender: str, rules_name: str) -> Any:
    from d20combat.rules.maneuvers import held_options, hold
    from d20combat.rules.maneuvers.disarm import disarm_sides
    from d20combat.rules.statistics import initial_wielding

    rules = ruleset(rules_name)
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    mine = held_options(a)[0]
    theirs = next(o for o in d.options if o.item in initial_wielding(d) and not o.thrown)
    return disarm_sides(a, hold(a, mine), mine.bonus, d, hold(d, theirs), theirs.bonus, rules)


def brute_disarm(attacker: str, defender: str, rules_name: str) -> dict[str, Fraction]:
    s = _disarm_sides(attacker, defender, rules_name)
    if s.object_ac is not None:
        hit = p_touch(s.attack.value, s.object_ac.value)
        return {k: v for k, v in {"disarmed": hit, "missed": 1 - hit}.items() if v}
    won = p_beat(s.attack.value, s.resist.value)
    out = {"disarmed": won}
    if s.counter is not None:
        back = p_beat(s.counter.value, s.counter_resist.value)
        out["countered"] = (1 - won) * back
        out["failed"] = (1 - won) * (1 - back)
    else:
        out["failed"] = 1 - won
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize(
    ("attacker", "defender", "rules_name"),
    [
        ("fighter-4", "ogre", "srd35"),
        ("ogre", "fighter-4", "srd35"),
        ("rogue-3", "goblin", "srd35"),  # light short sword, both Small
        ("ogre", "fighter-4", "d20modern"),  # weapon sizes, two hands, combatant sizes
        ("goblin", "goblin", "d20modern"),
        ("fighter-4", "ogre", "advanced"),
    ],
)
def test_disarm_odds_are_the_brute_force_odds(
    attacker: str, defender: str, rules_name: str
) -> None:
    from d20combat.odds import disarm_odds

    rules = ruleset(rules_name)
    a, d = derive(find_creature(attacker), rules), derive(find_creature(defender), rules)
    if rules.disarm_weapons == "disarm-weapons":  # seed 001: a whip or flail is needed
        with pytest.raises(ValueError, match="holds no weapon that disarms"):
            disarm_odds(a, d, rules)
        return
    odds = disarm_odds(a, d, rules)
    assert odds.outcomes == brute_disarm(attacker, defender, rules_name)
    assert sum(odds.outcomes.values()) == 1


def test_a_worked_disarm() -> None:
    # fighter-4's greatsword +8, two-handed +4: 12; the ogre's greatclub +8, two-handed
    # +4, Large +4: 16. The fighter beats it when its d20 is 5 or more above the
    # ogre's: 15 + 14 + ... + 1 = 120 of 400. Lost, the ogre (16 against 12) disarms it
    # back unless the fighter's d20 is 4 or more above: 400 - 136 = 264 of 400.
    rules = ruleset()
    from d20combat.odds import disarm_odds

    odds = disarm_odds(
        derive(find_creature("fighter-4"), rules), derive(find_creature("ogre"), rules), rules
    )
    assert odds.steps == (
        ("disarm roll won", Fraction(120, 400)),
        ("counter-disarm, after a lost roll", Fraction(264, 400)),
    )
    assert odds.outcomes["countered"] == Fraction(280, 400) * Fraction(264, 400)


# --------------------------------------------------------------------------- sunder
def _faces(dice: Any) -> list[int]:
    """Every total of ``dice`` (XdY+Z) once per way of rolling it."""
    import itertools

    totals = [0]
    for term in dice.terms:
        rolls = list(itertools.product(range(1, term.sides + 1), repeat=term.number))
        totals = [t + sum(r) for t in totals for r in rolls]
    return [t + dice.constant for t in totals]


def brute_sunder(attacker: str, defender: str, rules_name: str = "srd35") -> dict[str, Fraction]:
    """seed 000 "Sunder": beat the defender's roll, then one damage roll (at least 1)
    less the item's hardness comes off its hit points."""
    from d20combat.odds import _sunder_pieces
    from d20combat.rules.maneuvers import hold
    from d20combat.rules.maneuvers.sunder import durability, sunder_sides

    rules = ruleset(rules_name)
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    mine, _, theirs, _ = _sunder_pieces(a, d)
    table = durability(d, theirs.item)
    s = sunder_sides(
        a, hold(a, mine), mine.bonus, d, hold(d, theirs), theirs.bonus, None, 0, 0, rules
    )  # type: ignore[arg-type]
    won = p_beat(s.attack.value, s.resist.value)
    faces = _faces(mine.dice)
    out = {"destroyed": Fraction(0), "damaged": Fraction(0), "glancing": Fraction(0)}
    for f in faces:
        through = max(0, max(1, f + mine.damage_bonus.value) - table.hardness)
        kind = "destroyed" if through >= table.hp else ("damaged" if through else "glancing")
        out[kind] += won / len(faces)
    out["failed"] = 1 - won
    return {k: v for k, v in out.items() if v}


# ---------------------------------------------------------------- feint
# seed 000 "Feint": d20 + Bluff against d20 + Sense Motive + base attack bonus; the Bluff
# must exceed (a tie fails); -4 against a non-humanoid, -8 against Int 1-2 (the -8 alone:
# A36). A skill the stat block does not list is rolled untrained: the key ability's
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
    [("ogre", "fighter-4"), ("fighter-4", "ogre"), ("fighter-4", "goblin"), ("ogre", "goblin")],
)
def test_sunder_odds_are_the_brute_force_odds(attacker: str, defender: str) -> None:
    from d20combat.odds import sunder_odds

    rules = ruleset()
    odds = sunder_odds(
        derive(find_creature(attacker), rules), derive(find_creature(defender), rules), rules
    )
    assert odds.outcomes == brute_sunder(attacker, defender)
    assert sum(odds.outcomes.values()) == 1


def test_a_worked_sunder() -> None:
    # the ogre (greatclub +8, two-handed +4, Large +4: 16) against fighter-4's greatsword
    # (+8, +4: 12; a two-handed blade: hardness 10, 10 hp): the roll is won 264 of 400
    # times; 2d8+7 must reach 20 to destroy it: 2d8 of 13 or more, 10 of 64 rolls.
    from d20combat.odds import sunder_odds

    rules = ruleset()
    odds = sunder_odds(
        derive(find_creature("ogre"), rules), derive(find_creature("fighter-4"), rules), rules
    )
    assert odds.steps == (
        ("sunder roll won", Fraction(264, 400)),
        ("destroyed in one blow, after a won roll", Fraction(10, 64)),
    )
    assert odds.p_success == Fraction(264, 400) * Fraction(10, 64)


def test_odds_disarm_and_sunder_json_and_refusals() -> None:
    result = run("odds", "disarm", "--attacker", "fighter-4", "--defender", "ogre", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "disarm" and data["p_success"] == "3/10"
    assert data["provokes"][0]["folded_in"] is False
    result = run("odds", "sunder", "--attacker", "ogre", "--defender", "fighter-4", "--json")
    assert json.loads(result.output)["p_success"] == "33/320"
    wolf = run("odds", "disarm", "--attacker", "fighter-4", "--defender", "wolf")
    assert wolf.exit_code == 2 and "holds no weapon that can be disarmed" in wolf.output
    stab = run("odds", "sunder", "--attacker", "rogue-3", "--defender", "ogre")
    assert stab.exit_code == 2 and "no slashing or bludgeoning weapon" in stab.output
    whip = run(
        "odds", "disarm", "--attacker", "ogre", "--defender", "fighter-4", "--ruleset", "advanced"
    )
    assert whip.exit_code == 2 and "weapon that disarms" in whip.output


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


# --------------------------------------------------------------------------- turning
# seed 000 "Turn Or Rebuke Undead": checked against a brute force of every die in
# tests/rules/test_turning.py; here the command line's contract.


def test_odds_turn_json_contract() -> None:
    # cleric-3 (Cha +0) against a human commoner zombie (2 HD): the check reaches 2 HD on
    # 7 or more (14 of 20), 2d6+3 always covers 2 HD, and 3 < 2 x 2: turned, 7/10
    result = run(
        "odds", "turn", "--attacker", "cleric-3", "--defender", "human-commoner-zombie", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["maneuver"] == "turn" and data["p_success"] == "7/10"
    assert data["outcomes"] == {"turned": "7/10", "destroyed": "0/1", "unaffected": "3/10"}
    assert data["provokes"] == []
    steps = {s["step"]: s["p"] for s in data["steps"]}
    assert steps["check's most powerful affected: 0 HD"] == "3/20"  # checks 1-3: level - 3
    assert steps["check reaches 2 HD (effective)"] == "7/10"
    assert steps["turning damage 2d6+3 covers 2 HD"] == "1/1"
    # cleric-5 (Sun, level 5) destroys a skeleton (5 >= 2 x 1) whenever the check reaches
    # it: check + 3 (Cha +1, Knowledge (religion) +2) of 1 or more: always
    data = json.loads(
        run(
            "odds",
            "turn",
            "--attacker",
            "cleric-5",
            "--defender",
            "human-warrior-skeleton",
            "--json",
        ).output
    )
    assert data["outcomes"]["destroyed"] == "1/1"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("odds", "turn", "--attacker", "fighter-4", "--defender", "wight"), "no turning ability"),
        (("odds", "turn", "--attacker", "cleric-3", "--defender", "ogre"), "cannot turn or rebuke"),
        (
            ("odds", "turn", "--attacker", "cleric-3", "--defender", "wight", "--flat-footed"),
            "--flat-footed does not apply",
        ),
    ],
)
def test_odds_turn_bad_input(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and needle in result.output


def test_a_refusal_names_the_creature_at_fault() -> None:
    # An attacker without swallow whole is the attacker's problem; a defender too large
    # to swallow is the defender's (one line each, exit code 2).
    runner = CliRunner()
    mine = runner.invoke(
        cli, ["odds", "swallow", "--attacker", "fighter-4", "--defender", "tyrannosaurus"]
    )
    assert mine.exit_code == 2
    assert mine.output.strip().splitlines() == [
        "error: --attacker: Human fighter 4 has no swallow whole "
        "(expected an attacker that can swallow)"
    ]
    theirs = runner.invoke(
        cli, ["odds", "swallow", "--attacker", "tyrannosaurus", "--defender", "ogre"]
    )
    assert theirs.exit_code == 2
    assert theirs.output.strip().startswith("error: --defender: Ogre is too large")
