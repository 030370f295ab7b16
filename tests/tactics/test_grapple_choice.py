"""The baseline tactics and grapples (tactics/grapple.py): they start one when its
expected worth beats the attack it replaces, and in one they take the option worth the
most, by the exact odds of the opposed checks (p_opposed), never by habit.

Blue: a Medium fighter (Str 16, BAB +6, chainmail AC 16, longsword 1d8+3), grapple +9.
Red, the wrestler: the same with Improved Grapple and Improved Unarmed Strike and no
weapon: grapple +13, unarmed strikes +9/+4 for 1d3+3, lethal or not at will.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.encounter.maneuvers import grapple as GE
from d20combat.rules.checks import p_opposed
from d20combat.rules.dice import SampledDice
from d20combat.rules.statistics import derive
from d20combat.tactics.grapple import grapple_turn, grapple_value, inside_rate
from d20combat.tactics.policies import policy

ROWS = """
.....
.....
"""
WRESTLER = "Improved Grapple, Improved Unarmed Strike"


def duel(
    kit: Any, *, red: str = WRESTLER, weapons: str = "", rolls: list[int] | None = None
) -> Any:
    sides = {
        "red": kit.fighter("Red", "b1", weapons=weapons, feats=red),
        "blue": kit.fighter("Blue", "c1"),
    }
    return kit.encounter(ROWS, sides, rolls=rolls or [20, 19])


def test_a_wrestler_grapples_a_swordsman(kit: Any) -> None:
    # +13 against +9 holds 280 of 400 (p_opposed: 264 won outright, 16 ties to the
    # higher modifier); held, Blue's longsword full attack
    # (+9/+4, 1d8+3) gives way to its grapple options against the stronger grappler,
    # and Red's unarmed attacks lose nothing: the grapple is worth more than the blow.
    enc = duel(kit)
    assert p_opposed(13, 9) * 400 == 280
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Grapple) and choice.target == "blue"


def test_a_swordsman_does_not_grapple_its_equal(kit: Any) -> None:
    # +9 against +9 holds half the time, for a 1d3+3 nonlethal strike instead of the
    # longsword's 1d8+3: the attack is worth more.
    enc = duel(kit, red="", weapons="longsword")
    choice = policy("default")(enc, "red")
    assert type(choice) is A.Attack
    c = enc.combatants["red"]
    sword = c.melee_options()[0]
    assert grapple_value(enc, c, enc.combatants["blue"], sword, sword.bonus, []) < 0


def held(kit: Any, **kw: Any) -> Any:
    """Red holds Blue in round 1 (touch 10, hold 20 against 10, 5 damage) and ends its
    turn: Blue's turn."""
    enc = duel(kit, rolls=[20, 19, 10, 20, 10, 5], **kw)
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    return enc


def test_the_held_swordsman_tries_to_escape(kit: Any) -> None:
    # Blue in the wrestler's grip: its grapple options are weak (+9 against +13), its
    # longsword outside is strong: a round free is worth more than a grapple blow.
    enc = held(kit)
    assert enc.current.id == "blue"
    choice = policy("default")(enc, "blue")
    assert isinstance(choice, A.EscapeGrapple) and choice.target == "red"


def test_the_wrestler_deals_damage_in_its_grapple(kit: Any) -> None:
    enc = held(kit)
    enc.apply(parse_action("end"))
    assert enc.current.id == "red"
    choice = grapple_turn(enc, enc.combatants["red"])
    assert isinstance(choice, A.GrappleDamage | A.Pin)


def test_a_pinned_creature_tries_the_likelier_escape(kit: Any) -> None:
    # pinned, Blue can only try to escape: its grapple check +9 against +13, or its
    # untrained Escape Artist -4 (Dex 1, chainmail -5): the grapple check.
    enc = held(kit)
    blue = enc.combatants["blue"]
    enc.impose(blue, "pinned", "red", GE.PIN_TURNS)
    choice = policy("default")(enc, "blue")
    assert isinstance(choice, A.EscapePin) and choice.target == "red"
    # with an Escape Artist of +20 it slips the pin by the skill
    blue.stat = blue.stat.model_copy(update={"skills": {"escape artist": 20}})
    blue.stats = derive(blue.stat, enc.rules)
    choice = grapple_turn(enc, blue)
    assert isinstance(choice, A.EscapeArtist)


def test_every_policy_acts_legally_in_a_grapple(kit: Any) -> None:
    for name in ("default", "aggressive", "cautious", "ranged", "hold"):
        enc = held(kit)
        enc.dice = SampledDice(Random(1))
        for _ in range(30):
            if enc.outcome is not None:
                break
            enc.apply(policy(name)(enc, enc.current.id))


MONSTER_ROWS = """
......
......
......
"""


def test_an_owlbear_holding_a_fighter_pins_it(kit: Any) -> None:
    # The owlbear (grapple +14, claws +9 for 1d6+5 with Improved Grab) has grabbed Blue
    # (grapple +9) with a claw: round 2. A won check comes 59/80 of the time
    # (p_opposed(14, 9): 280 of 400 won outright, 15 ties to the higher modifier), and
    # each won check deals the claw again (SRD "Improved Grab"): a pin is worth that and
    # what Blue's grapple options would do next round; damage, the claw alone (8.5); a
    # claw attack at -4 (+5 against AC 16) less. Its choice: the pin.
    sides = {"owls": "  - creature: owlbear\n    at: a1\n", "blue": kit.fighter("Blue", "c1")}
    enc = kit.encounter(MONSTER_ROWS, sides, rolls=[20, 1, 15, 8, 20, 10])
    enc.apply(parse_action("attack blue"))
    assert enc.combatants["blue"].grappling == ("owlbear",)
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert enc.current.id == "owlbear"
    choice = policy("default")(enc, "owlbear")
    assert isinstance(choice, A.Pin) and choice.target == "blue"
    owl, blue = enc.combatants["owlbear"], enc.combatants["blue"]
    assert p_opposed(14, 9) * 400 == 295
    claw = owl.stats.grab
    assert claw is not None and claw.name == "claw" and float(claw.dice.mean) + 5 == 8.5
    assert inside_rate(enc, owl, blue) == pytest.approx(59 / 80 * 8.5)


def test_constriction_adds_to_every_won_check(kit: Any) -> None:
    # The black pudding (grapple +18) holding Blue (+9): a won check (p_opposed(18, 9)
    # = 69/80: 334 of 400 outright, 11 ties) deals its slam (2d6+4: 11) and the
    # constriction (2d6+4: 11; the acid dice aside): 69/80 x 22 per grapple damage.
    sides = {"pud": "  - creature: black pudding\n    at: a1\n", "blue": kit.fighter("Blue", "d1")}
    enc = kit.encounter(MONSTER_ROWS, sides, rolls=[20, 1, 15, 10, 7, 30, 10, 9, 4])
    enc.apply(parse_action("attack blue"))
    pud, blue = enc.combatants["black-pudding"], enc.combatants["blue"]
    assert blue.grappling == ("black-pudding",)
    assert p_opposed(18, 9) * 400 == 345
    assert inside_rate(enc, pud, blue) == pytest.approx(69 / 80 * 22)


def test_a_dire_bear_holds_a_halfling_with_one_claw_when_others_threaten_it(kit: Any) -> None:
    # SRD "Improved Grab": the one-part hold costs -20 on the grapple checks but leaves
    # the creature free. The dire bear (grapple +23, claws 1d8+10 with improved grab, a
    # full attack of claw, claw, bite) claws the halfling rogue (grapple -2, Small): the
    # full hold is all but sure (p_opposed(23, -2)), the claw alone holds at +3 about
    # 59 times in 80 (295 of 400); but a full grapple would cost its two remaining attacks the
    # grapple's -4 (0.2 x (14.5 + 14.5) = 5.8) and its Dexterity bonus against the
    # fighter beside it: more than the third of a hold (15 a won check) it gives up. With
    # nobody else near, it conducts the grapple normally (A88).
    from d20combat.tactics.grapple import hold_part_choice

    sides = {
        "bears": "  - creature: dire bear\n    at: a1\n",
        "party": "  - creature: rogue-3\n    at: c1\n  - creature: fighter-4\n    at: c2\n",
    }
    enc = kit.encounter(MONSTER_ROWS, sides, rolls=[20, 1, 2])
    bear, rogue = enc.combatants["dire-bear"], enc.combatants["halfling-rogue-3"]
    assert enc.current is bear
    assert GE.check_total(enc, bear).value == 23 and GE.check_total(enc, rogue).value == -2
    claw = A.Attack(rogue.id, "claw")
    choice = hold_part_choice(enc, bear, claw)
    assert isinstance(choice, A.Attack) and choice.part_hold and choice.weapon == "claw"
    assert str(choice) == "attack halfling-rogue-3 with claw hold-part"
    assert p_opposed(23 - 20, -2) * 400 == 295  # the hold at +3 against -2: 59/80
    alone = kit.encounter(
        MONSTER_ROWS, {**sides, "party": "  - creature: rogue-3\n    at: c1\n"}, rolls=[20, 1]
    )
    assert hold_part_choice(alone, alone.combatants["dire-bear"], claw) == claw
    # an attack that grabs nothing is left as it is
    assert hold_part_choice(enc, bear, A.Attack(rogue.id, "bite")) == A.Attack(rogue.id, "bite")
