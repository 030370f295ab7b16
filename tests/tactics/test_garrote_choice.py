"""The baseline tactics and the garrote (tactics/garrote.py; seed 000 "Garrote
Attacks"): chosen by its expected worth, strangling while it holds; rejected at once by
a creature with no ready garrote.

Both fighters: Str 16, Dex 12, chainmail (AC 16, touch 11; flat-footed 10), 6d10 hit
dice, BAB +6; Red acts first and stands next to Blue, which has not acted (flat-footed:
no attack of opportunity).
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.rules.checks import Ties, p_opposed
from d20combat.tactics.garrote import (
    cut_choice,
    garrote_turn,
    garrote_value,
    has_garrote,
    strangle_threat,
)
from d20combat.tactics.policies import policy

ROWS = """
.....
.....
"""


def duel(kit: Any, red_weapons: str, rolls: list[int] | None = None) -> Any:
    sides = {
        "red": kit.fighter("Red", "b1", weapons=red_weapons),
        "blue": kit.fighter("Blue", "c1"),
    }
    return kit.encounter(ROWS, sides, rolls=rolls)


def test_a_garroter_garrotes_a_flat_footed_foe(kit: Any) -> None:
    # Red's wire garrote: touch +9 against the garrote AC 10 (flat-footed touch AC, no
    # neck protection): 19/20; strangle +9 against +9: 1/2 (ties: a reroll); 1d8 + 4
    # (4.5 + 4 = 8.5) now and with each attack next round: worth about 8 hit points,
    # against nothing given up (a garrote makes no plain attack): chosen.
    enc = duel(kit, "wire garrote")
    assert p_opposed(9, 9, Ties.HIGHER_MODIFIER) == 0.5
    c, blue = enc.combatants["red"], enc.combatants["blue"]
    option = c.melee_options()[0]
    worth = garrote_value(enc, c, blue, option, option.bonus, [])
    assert abs(worth - 19 / 20 * 0.5 * 8.5 * 1.5) < 1e-9
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Garrote) and choice.target == "blue"


def test_without_a_ready_garrote_it_attacks(kit: Any) -> None:
    # Red carries a cord garrote but holds its longsword (two hands would be needed):
    # no garrote attack is possible, the worth is -inf, and it attacks. A creature with
    # no garrote at all is rejected by the cached bound alone.
    enc = duel(kit, "longsword, cord garrote")
    c, blue = enc.combatants["red"], enc.combatants["blue"]
    option = c.melee_options()[0]
    assert has_garrote(c) and garrote_value(enc, c, blue, option, option.bonus, []) < 0
    choice = policy("default")(enc, "red")
    assert type(choice) is A.Attack and choice.target == "blue"
    assert not has_garrote(blue)
    assert garrote_value(enc, blue, c, option, option.bonus, []) == float("-inf")


def test_holding_the_garrote_it_strangles(kit: Any) -> None:
    # Placed (touch 10 + 9 = 19 against 10, strangle 15 against 10, 7 damage), Red's
    # next attack is a strangle: each won check deals the garrote's damage.
    enc = duel(kit, "wire garrote", rolls=[20, 1, 10, 15, 10, 7])
    enc.apply(A.Garrote("blue"))
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())
    red = enc.combatants["red"]
    assert isinstance(garrote_turn(enc, red), A.Strangle)
    assert isinstance(policy("default")(enc, "red"), A.Strangle)


def test_the_garroted_victim_weighs_escaping_and_cutting(kit: Any) -> None:
    # Blue, garroted by Red's cord garrote (1d6 + 4: 7.5 a strangle), is strangled by
    # two attacks a round, each won half the time: 7.5 hit points a round it escapes.
    # Cutting the garrote (dagger +9 - 4 = +5 against AC 21: 5/20) is worth nothing
    # here: the dagger's mean 5.5 less the hardness 5 cannot ruin its 2 hit points in
    # one blow. Blue weighs the escape (an even check, worth the round out of the
    # grapple plus the 7.5 hit points) against its dagger in the grapple, and does
    # not try to cut.
    sides = {
        "red": kit.fighter("Red", "b1", weapons="cord garrote"),
        "blue": kit.fighter("Blue", "c1", weapons="dagger"),
    }
    enc = kit.encounter(ROWS, sides, rolls=[20, 1, 10, 15, 10, 7])
    enc.apply(A.Garrote("blue"))
    enc.apply(A.EndTurn())
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert "garroted" in blue.conditions
    assert strangle_threat(enc, blue, red) == 2 * 0.5 * 7.5
    assert cut_choice(enc, blue, red, 0, 10.0) == (0.0, None)
    choice = policy("default")(enc, "blue")
    assert isinstance(choice, (A.EscapeGrapple, A.Attack)) and choice.target == "red"
    assert not isinstance(choice, A.CutGarrote)


def test_a_strong_victim_cuts_a_cord_garrote(kit: Any) -> None:
    # Blue's handaxe (light: 1d6 + 3, mean 6.5) beats the cord garrote's hardness 5 by
    # 1.5, less than its 2 hit points: no cut. With the garrote already down to 1 hit
    # point, a mean blow ruins it: the cut (+9 - 4 = +5 against AC 21: 5/20) is worth
    # 5/20 of the freedom it brings.
    sides = {
        "red": kit.fighter("Red", "b1", weapons="cord garrote"),
        "blue": kit.fighter("Blue", "c1", weapons="handaxe"),
    }
    enc = kit.encounter(ROWS, sides, rolls=[20, 1, 10, 15, 10, 7])
    enc.apply(A.Garrote("blue"))
    enc.apply(A.EndTurn())
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert cut_choice(enc, blue, red, 0, 10.0) == (0.0, None)
    red.item_damage["cord garrote"] = 1
    value, action = cut_choice(enc, blue, red, 0, 10.0)
    assert isinstance(action, A.CutGarrote) and value == 5 / 20 * 10.0
