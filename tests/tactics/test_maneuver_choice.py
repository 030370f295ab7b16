"""The baseline tactics choose a maneuver when they expect more from it than from the
attack it replaces (tactics/maneuvers.py), by the exact odds, never by habit.

Both fighters: Str 16, Dex 12, chainmail (AC 16, touch 11), longsword 1d8+3, 6d10 hit
dice; Red acts first (initiative 20, 19) and stands next to Blue.
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.rules.checks import p_opposed
from d20combat.tactics.maneuvers import instead, trip_value
from d20combat.tactics.policies import policy

ROWS = """
.....
.....
"""


def duel(kit: Any, *, red: str = "", blue_bab: int = 6, red_int: int = 10) -> Any:
    sides = {
        "red": kit.fighter("Red", "b1", feats=red, int_score=red_int),
        "blue": kit.fighter("Blue", "c1", bab=blue_bab),
    }
    return kit.encounter(ROWS, sides, rolls=[20, 19])


def test_improved_trip_against_a_full_attacker_trips(kit: Any) -> None:
    # Red: Str check +7 (Improved Trip +4, seed 002) against Blue's +3: Red's d20 beats
    # Blue's by 4 or more in 264 of 400 pairs, and the 16 ties go to Red's higher
    # modifier: 280 of 400 (p_opposed); a fall costs Blue (BAB +16) three of its four
    # attacks next turn, and the planned longsword attack still comes (Improved Trip):
    # the trip is chosen.
    enc = duel(kit, red="Improved Trip", blue_bab=16)
    assert p_opposed(7, 3) * 400 == 264 + 16
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Trip) and choice.target == "blue"


def test_a_plain_fighter_against_a_single_attacker_attacks(kit: Any) -> None:
    # No Improved Trip: the unarmed trip gives up the longsword attack, Blue (BAB +1)
    # loses nothing but a move action, and +3 against +3 wins half the time.
    enc = duel(kit, blue_bab=1)
    choice = policy("default")(enc, "red")
    assert type(choice) is A.Attack and choice.target == "blue"
    c = enc.combatants["red"]
    option = c.melee_options()[0]
    assert trip_value(enc, c, enc.combatants["blue"], option, option.bonus, []) < 0


def test_a_mindless_creature_never_chooses_a_maneuver(kit: Any) -> None:
    enc = duel(kit, red="Improved Trip", blue_bab=16, red_int=2)
    attack = A.Attack("blue")
    assert instead(enc, enc.combatants["red"], attack) is attack
