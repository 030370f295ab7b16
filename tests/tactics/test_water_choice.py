"""The baseline weighs underwater combat (seed 000 "Underwater Combat") through the
attacks' worth (:func:`d20combat.tactics.worth.attack_worth`, built by
``build_attack``): cover from land, the table's -2 and half damage."""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.tactics.policies import policy
from d20combat.tactics.worth import attack_worth

BANK = """
..~~...
..~~...
..~~...
"""


def test_a_wading_foe_is_worth_less_from_the_bank(kit: Any) -> None:
    # Red on land (b2); Blue wading in c2 has improved cover from land (AC 15 + 8 = 23:
    # the longsword +9 hits on 14-20), Green on land in b3 AC 15 (6-20). The same
    # sword, the same damage: the attack on the foe in the water is worth less.
    sides = {
        "red": kit.fighter("Red", "b2"),
        "blue": kit.fighter("Blue", "c2") + kit.fighter("Green", "b3"),
    }
    enc = kit.encounter(BANK, sides)
    red, blue, green = (enc.combatants[n] for n in ("red", "blue", "green"))
    option = red.melee_options()[0]
    in_water = attack_worth(enc, red, option, option.bonus, blue)
    on_land = attack_worth(enc, red, option, option.bonus, green)
    assert in_water < on_land


def test_in_the_water_the_baseline_trips_rather_than_hack_at_half_damage(kit: Any) -> None:
    # Red (Power Attack) next to Blue (flat-footed: AC 15). On land the
    # full attack +9/+4 with 1d8+3 (7.5) is worth most with Power Attack 2 (hand-worked
    # in the estimate's terms: (7.5 + n)(25 - 2n) is 199.5 at n = 2 and 3, the smaller
    # wins). Wading, the sword is at -2 (+7/+2) for half damage (3.75): its worth
    # halves and more, and the baseline's trip (no damage to halve) now beats it.
    def chosen(rows: str) -> Any:
        sides = {
            "red": kit.fighter("Red", "c2", feats="Power Attack"),
            "blue": kit.fighter("Blue", "d2"),
        }
        enc = kit.encounter(rows, sides)
        return policy("default")(enc, "red")

    dry = chosen(".......\n.......\n.......")
    assert type(dry) is A.Attack and dry.target == "blue" and dry.power == 2
    wet = chosen("..~~~..\n..~~~..\n..~~~..")
    assert isinstance(wet, A.Trip) and wet.target == "blue"


def test_half_damage_in_the_water_halves_the_worth(kit: Any) -> None:
    # Red wading in c2 against Blue wading in d2: the longsword at -2 (hits on 8-20 of
    # flat-footed AC 15 with +7, 13/20) for half of 1d8+3 (7.5 / 2 = 3.75) and a
    # critical on 19-20 confirmed 13/20: 3.75 x (13/20 + 2/20 x 13/20) = 2.925.
    water = """
    ..~~~..
    ..~~~..
    ..~~~..
    """
    sides = {"red": kit.fighter("Red", "c2"), "blue": kit.fighter("Blue", "d2")}
    enc = kit.encounter(water, sides)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.melee_options()[0]
    worth = attack_worth(enc, red, option, option.bonus, blue)
    assert abs(worth - 3.75 * (13 / 20 + 2 / 20 * 13 / 20)) < 1e-9
