"""Throwing a weapon from each hand in play (SRD combat-ii "Two-Weapon Fighting", "Thrown
Weapons"): the two-weapon full attack with thrown weapons, each stock used up."""

from __future__ import annotations

from typing import Any

from d20combat.encounter.actions import parse_action


def test_both_throws_in_a_full_attack_use_up_both_stocks(kit: Any) -> None:
    # BAB +6, Dex 12, Str 16, Two-Weapon Fighting, a light off-hand weapon: -2/-2. Red
    # opens the two-weapon full attack with a thrown dagger, throws the left one from the
    # off hand, then its second (iterative) dagger: all three miss on a 2.
    red = kit.soldier(
        "Red",
        "a2",
        weapons=(
            "{weapon: dagger, quantity: 2}, "
            "{weapon: dagger, wield: 'off', label: left dagger, quantity: 2}"
        ),
        feats="Two-Weapon Fighting",
    )
    blue = kit.soldier("Blue", "d2")
    enc = kit.scripted_encounter(
        ".......\n.......\n.......", {"red": red, "blue": blue}, [20, 1, 2, 2, 2]
    )
    enc.apply(parse_action("attack blue with dagger (thrown) two-weapon"))
    enc.apply(parse_action("attack blue with left dagger (thrown, off hand)"))
    enc.apply(parse_action("attack blue with dagger (thrown)"))
    c = enc.combatants["red"]
    assert c.ammo == {"dagger": 0, "left dagger": 1}
    attacks = [e for e in enc.log if e.type == "attack"]
    # ranged +7 (BAB 6, Dex 1), -2 two-weapon, -2 at 15 ft (the dagger's second range
    # increment); the iterative -5 more
    assert [e.total("attack bonus").value for e in attacks] == [3, 3, -2]
