"""The turning procedure (seed 000 "Turn Or Rebuke Undead"; SRD combat-ii), step by step
with scripted dice (a ScriptedDice total is the turning check's d20 + modifier, then the
turning damage's 2d6 + level + Cha), and its odds against a brute force of every die.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from d20combat.content.bestiary import find_creature
from d20combat.content.rulesets import ruleset
from d20combat.odds import turn_odds
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.maneuvers.turning import (
    Target,
    Turner,
    destroys,
    max_hit_dice,
    table_offset,
    table_row,
    target_of,
    turn,
    turn_resistance,
)
from d20combat.rules.modifiers import BonusType, Modifier, stack
from d20combat.rules.statistics import derive


def turner(level: int, cha: int = 0, *, positive: bool = True, room: int = 0) -> Turner:
    check = stack([Modifier(cha, BonusType.ABILITY, "Charisma")])
    return Turner(level, check, level + cha, positive, room)


@pytest.mark.parametrize(
    ("check", "offset"),
    [
        (-5, -4),  # 000-turn-12: 0 or lower, level - 4
        (0, -4),
        (1, -3),  # 000-turn-13: 1-3
        (3, -3),
        (4, -2),  # 000-turn-14: 4-6
        (6, -2),
        (7, -1),  # 000-turn-15: 7-9
        (9, -1),
        (10, 0),  # 000-turn-16: 10-12
        (12, 0),
        (13, 1),  # 000-turn-17: 13-15
        (15, 1),
        (16, 2),  # 000-turn-18: 16-18
        (18, 2),
        (19, 3),  # 000-turn-19: 19-21
        (21, 3),
        (22, 4),  # 000-turn-20: 22 or higher
        (35, 4),
    ],
)
def test_the_turning_table(check: int, offset: int) -> None:
    assert table_offset(check) == offset
    assert max_hit_dice(5, check) == 5 + offset


def test_the_table_rows_are_named_as_printed() -> None:
    assert table_row(9) == "7-9: level -1"
    assert table_row(11) == "10-12: level"
    assert table_row(25) == "22 or higher: level +4"
    assert table_row(-1) == "0 or lower: level -4"


def jozan_targets(turned: int = 0) -> list[Target]:
    # seven human zombies (2 HD) nearest, then the wight (4 HD)
    zombies = [Target(f"zombie-{i}", 2, 2, skip=i <= turned) for i in range(1, 8)]
    return [*zombies, Target("wight", 4, 4)]


def test_jozans_first_turning() -> None:
    # seed 000 "How Turning Works": Jozan (3rd level; Cha +1 here, the seed gives none, so
    # that his later 21 is a possible check) checks 9: level - 1 = 2 HD
    # at most; his damage 11 turns the five nearest zombies (10 HD); the other two and
    # the wight (4 HD > 2) are unaffected; 3 < 2 x 2: nobody destroyed.
    r = turn(ScriptedDice([9, 11]), turner(3, 1), jozan_targets(), "turn")
    assert (r.check, r.max_hd, r.damage) == (9, 2, 11)
    assert [(a.key, a.result) for a in r.affected] == [
        (f"zombie-{i}", "turned") for i in range(1, 6)
    ]


def test_jozans_second_turning() -> None:
    # Next turn: check 21 (level + 3 = 6 HD), damage 7: the five turned zombies are
    # skipped, the two left take 4 HD, and the 3 HD left cannot turn the 4-HD wight.
    r = turn(ScriptedDice([21, 7]), turner(3, 1), jozan_targets(turned=5), "turn")
    assert r.max_hd == 6
    assert [(a.key, a.result) for a in r.affected] == [
        ("zombie-6", "turned"),
        ("zombie-7", "turned"),
    ]


def test_a_high_check_with_low_damage_turns_nothing() -> None:
    # seed 000 "Turning Damage": a 1st-level cleric checking 19 reaches 4 HD (a wight)
    # but rolls 3 turning damage: not enough for its 4 HD.
    r = turn(ScriptedDice([19, 3]), turner(1), [Target("wight", 4, 4)], "turn")
    assert r.max_hd == 4 and r.damage == 3 and r.affected == ()


def test_no_turning_damage_when_the_check_reaches_nobody() -> None:
    # check 5 for a 3rd-level cleric: 1 HD at most; a 2-HD zombie is out of reach, so
    # the damage is never rolled (only one die is scripted)
    dice = ScriptedDice([5])
    r = turn(dice, turner(3), [Target("zombie", 2, 2)], "turn")
    assert r.damage is None and r.affected == ()
    assert [x.purpose for x in dice.since(0)] == ["turning check"]


def test_a_creature_too_big_for_the_damage_left_is_passed_over() -> None:
    # damage 6: the nearest (4 HD) fits, the next (3 HD) does not, the third (1 HD) does
    # (a reading: A42)
    targets = [Target("a", 4, 4), Target("b", 3, 3), Target("c", 1, 1)]
    r = turn(ScriptedDice([20, 6]), turner(4), targets, "turn")
    assert [(a.key, a.result) for a in r.affected] == [("a", "turned"), ("c", "destroyed")]


def test_destroying_needs_twice_the_hit_dice() -> None:
    # seed 000 "Destroying Undead": level 4 destroys 2 HD (4 >= 2 x 2), level 3 turns it
    assert destroys(4, 2) and not destroys(3, 2)
    r4 = turn(ScriptedDice([15, 10]), turner(4), [Target("z", 2, 2)], "turn")
    r3 = turn(ScriptedDice([15, 10]), turner(3), [Target("z", 2, 2)], "turn")
    assert r4.affected[0].result == "destroyed" and r3.affected[0].result == "turned"


def test_turn_resistance_counts_for_the_check_only() -> None:
    # a ghoul: 2 HD, +2 turn resistance: 4 HD against the check; its damage costs 2 HD,
    # and a 4th-level cleric destroys it (4 >= 2 x 2) once the check reaches 4 HD (A41)
    ghoul = derive(find_creature("ghoul"), ruleset()).stat
    assert turn_resistance(ghoul.qualities) == 2
    t = target_of(ghoul, "ghoul")
    assert (t.hd, t.effective) == (2, 4)
    low = turn(ScriptedDice([10, 9]), turner(4), [t], "turn")  # 4 HD reach at 10-12
    assert low.affected[0].result == "destroyed"
    miss = turn(ScriptedDice([9]), turner(4), [t], "turn")  # 3 HD: out of reach
    assert miss.affected == () and miss.damage is None
    assert turn_resistance(["turn resistance +4"]) == 4 and turn_resistance(["darkvision"]) == 0


def test_rebuking_and_commanding() -> None:
    # seed 000 "Evil Clerics and Undead": what would be turned is rebuked, what would be
    # destroyed commanded, within the level's Hit Dice commanded (room 4 HD here: two
    # zombies); the third is rebuked instead (A43).
    targets = [Target(f"z{i}", 2, 2) for i in range(3)]
    evil = turner(4, positive=False, room=4)
    r = turn(ScriptedDice([12, 9]), evil, targets, "rebuke")
    assert [a.result for a in r.affected] == ["commanded", "commanded", "rebuked"]
    r = turn(ScriptedDice([12, 9]), turner(3, positive=False, room=3), targets, "rebuke")
    assert [a.result for a in r.affected] == ["rebuked"] * 3


def test_dispelling_needs_an_equal_or_better_check() -> None:
    # seed 000 "Dispelling Turning": the good cleric's check was 14; 14 dispels, 13 not;
    # the dispelled creature's Hit Dice count against the damage as if rebuked.
    turned = [Target("z", 2, 2, opposed=14)]
    r = turn(ScriptedDice([14, 5]), turner(3, positive=False), turned, "rebuke")
    assert [(a.key, a.result) for a in r.affected] == [("z", "dispelled")]
    r = turn(ScriptedDice([13]), turner(3, positive=False), turned, "rebuke")
    assert r.affected == () and r.damage is None


def test_bolstering_raises_only_lower_hit_dice() -> None:
    # seed 000 "Bolstering Undead": check 16 for level 3: 5 HD become the effective HD
    # of a 2-HD zombie; a 6-HD creature is not bolstered (5 is not higher)
    targets = [Target("zombie", 2, 2), Target("big", 6, 6)]
    r = turn(ScriptedDice([16, 8]), turner(3, positive=False), targets, "bolster")
    assert r.max_hd == 5 and [(a.key, a.result) for a in r.affected] == [("zombie", "bolstered")]


def test_a_greater_turning_destroys_what_it_would_turn() -> None:
    r = turn(ScriptedDice([12, 8]), turner(3), [Target("z", 2, 2)], "greater")
    assert r.affected[0].result == "destroyed"


def brute_turn(level: int, cha: int, bonus: int, hd: int, effective: int) -> dict[str, Fraction]:
    """Every d20 face and every pair of d6 faces, by the table written out again."""
    rows = [(22, 4), (19, 3), (16, 2), (13, 1), (10, 0), (7, -1), (4, -2), (1, -3)]
    out = {"turned": Fraction(0), "destroyed": Fraction(0), "unaffected": Fraction(0)}
    for face, d1, d2 in itertools.product(range(1, 21), range(1, 7), range(1, 7)):
        check = face + cha + bonus
        top = level + next((o for low, o in rows if check >= low), -4)
        if effective > top or d1 + d2 + level + cha < hd:
            out["unaffected"] += Fraction(1, 720)
        elif level >= 2 * hd:
            out["destroyed"] += Fraction(1, 720)
        else:
            out["turned"] += Fraction(1, 720)
    return out


@pytest.mark.parametrize(
    ("attacker", "defender", "numbers"),
    [
        ("cleric-3", "human-commoner-zombie", (3, 0, 0, 2, 2)),
        ("cleric-3", "ghoul", (3, 0, 0, 2, 4)),
        ("cleric-3", "human-warrior-skeleton", (3, 0, 0, 1, 1)),
        ("cleric-5", "wight", (5, 1, 2, 4, 4)),
        ("cleric-5", "ghoul", (5, 1, 2, 2, 4)),
        ("paladin-4", "human-warrior-skeleton", (1, 2, 2, 1, 1)),
        ("paladin-4", "mummy", (1, 2, 2, 8, 8)),
    ],
)
def test_turn_odds_are_the_brute_force_odds(
    attacker: str, defender: str, numbers: tuple[int, int, int, int, int]
) -> None:
    rules = ruleset()
    a = derive(find_creature(attacker), rules)
    d = derive(find_creature(defender), rules)
    odds = turn_odds(a, d, rules)
    assert odds.outcomes == brute_turn(*numbers)
    assert odds.p_success == 1 - odds.outcomes["unaffected"]


def test_a_worked_turn_odds() -> None:
    # cleric-3 (Cha +0) against a ghoul (2 HD, +2 turn resistance: 4 HD): the check must
    # reach level + 1 (13 or more: 8 faces of 20); the damage 2d6+3 >= 2 always; 3 < 4:
    # turned, never destroyed.
    rules = ruleset()
    o = turn_odds(
        derive(find_creature("cleric-3"), rules), derive(find_creature("ghoul"), rules), rules
    )
    assert o.outcomes == {
        "turned": Fraction(2, 5),
        "destroyed": Fraction(0),
        "unaffected": Fraction(3, 5),
    }
    steps = dict(o.steps)
    assert steps["check reaches 4 HD (effective)"] == Fraction(8, 20)
    assert steps["check's most powerful affected: 6 HD"] == Fraction(2, 20)  # 19, 20
    assert sum(p for name, p in o.steps if name.startswith("check's")) == 1
