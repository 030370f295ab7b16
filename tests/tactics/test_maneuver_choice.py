"""The baseline tactics choose a maneuver when they expect more from it than from the
attack it replaces (tactics/maneuvers.py), by the exact odds, never by habit.

Both fighters: Str 16, Dex 12, chainmail (AC 16, touch 11), longsword 1d8+3, 6d10 hit
dice; Red acts first (initiative 20, 19) and stands next to Blue.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from d20combat.encounter import actions as A
from d20combat.rules.checks import Ties, p_opposed
from d20combat.tactics.maneuvers import (
    bull_rush_instead,
    charge_instead,
    disarm_value,
    instead,
    sunder_value,
    trip_value,
    turn_special,
)
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


# ------------------------------------------------------------ bull rush and overrun
# Red: BAB +0 here (longsword +3, 1d8+3: against Blue's flat-footed AC 15 it hits on 12
# or more, 9 in 20, about 3.4 hit points expected). Its friends Axe and Maul wield
# greataxes (+9, 1d12+4: 10.5 a hit) with Combat Reflexes (attacks of opportunity while
# flat-footed). Red's Strength check +3 against Blue's +3 wins 190 of 400 (a tie fails:
# seed 000 "Bull Rush").

WIDE = """
.........
.........
.........
"""


def party(
    kit: Any, red_at: str, blue_at: str, friends: tuple[str, ...], ooze: bool = False, **blue: Any
) -> Any:
    red = kit.fighter("Red", red_at, bab=0)
    for i, at in enumerate(friends):
        red += kit.fighter(
            f"Friend{i}", at, weapons="greataxe", feats="Combat Reflexes", extra="tactics: hold"
        )
    foe = kit.creature("gray-ooze", blue_at) if ooze else kit.fighter("Blue", blue_at, **blue)
    return kit.encounter(WIDE, {"red": red, "blue": foe})


def test_a_bull_rush_past_two_friends_beats_a_weak_attack(kit: Any) -> None:
    # The gray ooze (no legs: no trip; Str 12: +1; AC 5) at c2: pushed to d2, it leaves
    # the square Friend0 (c1) and Friend1 (c3) threaten: Red's +3 beats its +1 in 229
    # of 400 pairs (its d20 at most one below Red's), and two greataxe attacks (about
    # 10 each against AC 5) are worth more than Red's own attack (about 7); the ooze,
    # flat-footed, makes no attack of opportunity on Red.
    enc = party(kit, "b2", "c2", ("c1", "c3"), ooze=True)
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.BullRush) and choice.target == "gray-ooze"
    assert p_opposed(3, 1, Ties.OPPONENT) == Fraction(229, 400)


def test_no_friend_to_strike_no_bull_rush(kit: Any) -> None:
    # Nobody of Red's side threatens the ooze: a push brings nothing (the cheap bound).
    enc = party(kit, "b2", "c2", (), ooze=True)
    c = enc.combatants["red"]
    assert bull_rush_instead(enc, c, enc.combatants["gray-ooze"], A.Attack("gray-ooze")) is None
    assert type(policy("default")(enc, "red")) is A.Attack


def test_a_charge_ends_in_a_bull_rush_past_friends(kit: Any) -> None:
    # Red at a2 cannot reach the ooze (g2) with a move (speed 20): it charges to f2;
    # with Friend0 and Friend1 beside the ooze (g1, g3) the bull rush at the end, +2
    # charging, promises more than the charge's attack.
    enc = party(kit, "a2", "g2", ("g1", "g3"), ooze=True)
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Charge) and choice.maneuver == "bull-rush", choice
    alone = party(kit, "a2", "g2", (), ooze=True)
    plain = policy("default")(alone, "red")
    assert isinstance(plain, A.Charge) and plain.maneuver is None
    assert charge_instead(alone, alone.combatants["red"], plain) is plain


def test_an_overrun_on_the_way_fells_a_full_attacker_among_friends(kit: Any) -> None:
    # Blue (BAB +16: four attacks) at d2, Red at a2 moving to c2 to attack it. Red's +3
    # against Blue's +3 wins half the time: not more, so Blue blocks (the default
    # choice). A fall costs Blue the three later attacks of its full attack and gives
    # the friends beside it +4; that beats Red's weak attack: Red overruns Blue on the
    # way, through d2 to e2.
    enc = party(kit, "a2", "d2", ("d1", "d3"), bab=16)
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Overrun) and choice.target == "blue", choice
    assert choice.path[-1] == (4, 1)
    # Blue with a single attack and no friend about: Red just moves
    enc = party(kit, "a2", "d2", (), bab=1)
    assert type(policy("default")(enc, "red")) is A.Move


# ------------------------------------------------------------------ disarm and sunder
def test_a_flail_with_improved_disarm_disarms_a_greatsword(kit: Any) -> None:
    # Red: flail +9, its +2 (SRD equipment) and Improved Disarm's +4 (seed 002): 15;
    # Blue's greatsword +9, two-handed +4: 13. Red beats it 229 of 400 times (ties
    # fail), provokes nothing and risks no counter (SRD feats). Without the greatsword
    # Blue deals a round what its unarmed strike does; picking the sword up costs it its
    # second attack and an attack of opportunity from Red: worth more than the flail's
    # own blow.
    from d20combat.rules.checks import Ties

    sides = {
        "red": kit.fighter("Red", "b1", weapons="flail", feats="Improved Disarm", int_score=13),
        "blue": kit.fighter("Blue", "c1", weapons="greatsword"),
    }
    enc = kit.encounter(ROWS, sides, rolls=[20, 19])
    assert p_opposed(15, 13, Ties.OPPONENT) == Fraction(229, 400)
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Disarm) and choice.target == "blue"
    c = enc.combatants["red"]
    flail = c.melee_options()[0]
    assert disarm_value(enc, c, enc.combatants["blue"], flail, flail.bonus, []) > 0


def test_without_improved_disarm_the_same_fighter_attacks(kit: Any) -> None:
    # Red now provokes (an attack of opportunity whose hit spoils the disarm), rolls 11
    # against 13, and a lost roll lets Blue disarm it back: the flail blow is worth more.
    sides = {
        "red": kit.fighter("Red", "b1", weapons="flail", int_score=13),
        "blue": kit.fighter("Blue", "c1", weapons="greatsword"),
    }
    enc = kit.encounter(ROWS, sides, rolls=[20, 19])
    assert type(policy("default")(enc, "red")) is A.Attack
    c = enc.combatants["red"]
    flail = c.melee_options()[0]
    assert disarm_value(enc, c, enc.combatants["blue"], flail, flail.bonus, []) < 0


def test_a_greataxe_sunders_a_handaxe(kit: Any) -> None:
    # Red: greataxe +9, two-handed +4, Improved Sunder +4: 17; Blue (BAB +11) handaxe
    # +14, light -4: 10. Red wins 309 of 400; a handaxe (light hafted: hardness 5, 2 hit
    # points) breaks when 1d12+4 reaches 7: 10 of 12 rolls. Blue then fights unarmed.
    from d20combat.rules.checks import Ties
    from d20combat.tactics.maneuvers import _p_reaches

    sides = {
        "red": kit.fighter("Red", "b1", weapons="greataxe", feats="Improved Sunder", int_score=13),
        "blue": kit.fighter("Blue", "c1", weapons="handaxe", bab=11),
    }
    enc = kit.encounter(ROWS, sides, rolls=[20, 19])
    assert p_opposed(17, 10, Ties.OPPONENT) == Fraction(309, 400)
    axe = enc.combatants["red"].melee_options()[0]
    assert _p_reaches(axe, 4, 5 + 2) == 10 / 12
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Sunder) and choice.target == "blue"


def test_no_blow_can_break_a_greatsword_so_no_sunder(kit: Any) -> None:
    # a greatsword (two-handed blade): hardness 10, 10 hit points: 20 needed, a 1d12+4
    # greataxe deals 16 at most: the sunder is worth nothing, whatever the roll.
    sides = {
        "red": kit.fighter("Red", "b1", weapons="greataxe", feats="Improved Sunder", int_score=13),
        "blue": kit.fighter("Blue", "c1", weapons="greatsword"),
    }
    enc = kit.encounter(ROWS, sides, rolls=[20, 19])
    c = enc.combatants["red"]
    axe = c.melee_options()[0]
    assert sunder_value(enc, c, enc.combatants["blue"], axe, axe.bonus, []) == float("-inf")
    assert not isinstance(policy("default")(enc, "red"), A.Sunder)


# ---------------------------------------------------------------- actions of their own
def rogue(name: str, at: str, *, feats: str = "Improved Feint", sneak: str = "3d6") -> str:
    """A Medium rogue: Dex 16, Cha 14, Bluff +10, short sword (Weapon Finesse), BAB +3
    (one attack a turn), sneak attack +``sneak``."""
    return (
        f"  - at: {at}\n"
        f"    stat_block:\n"
        f"      name: {name}\n"
        f"      size: medium\n"
        f"      type: humanoid\n"
        f"      abilities: {{str: 10, dex: 16, con: 12, int: 12, wis: 10, cha: 14}}\n"
        f"      hit_dice: [{{count: 4, die: 6, source: rogue}}]\n"
        f"      bab: 3\n"
        f"      base_saves: {{fort: 1, ref: 4, will: 1}}\n"
        f"      weapons: [short sword]\n"
        f"      feats: [Weapon Finesse, {feats}]\n"
        f"      skills: {{bluff: 10}}\n"
        f"      special_attacks: ['sneak attack +{sneak}']\n"
    )


def test_a_rogue_with_improved_feint_feints_for_its_sneak_attack(kit: Any) -> None:
    # Bluff +10 against Sense Motive +0 + base attack +6: won in 264 of 400 pairs of
    # faces (p_opposed, a tie failing); then the one attack of its turn denies Blue's
    # Dex +1 and adds 3d6 (10.5) on a hit: the feint, a move action, gives up nothing.
    sides = {"red": rogue("Rogue", "b1"), "blue": kit.fighter("Blue", "c1")}
    enc = kit.encounter(ROWS, sides, rolls=[20, 19, 25, 10])  # Bluff 25 against 10
    enc.combatants["blue"].acted = True  # not flat-footed
    choice = policy("default")(enc, "rogue")
    assert choice == A.Feint("blue")
    enc.apply(choice)
    assert enc.combatants["rogue"].effects  # it worked: now the attack
    assert policy("default")(enc, "rogue") == A.Attack("blue")


def test_no_feint_against_a_flat_footed_foe(kit: Any) -> None:
    # Blue has not acted: flat-footed, it has lost its Dex already and the sneak attack
    # applies: nothing to gain.
    enc = kit.encounter(ROWS, {"red": rogue("Rogue", "b1"), "blue": kit.fighter("Blue", "c1")})
    assert type(policy("default")(enc, "rogue")) is A.Attack


def test_a_feint_that_costs_the_turns_attack_must_pay_for_it(kit: Any) -> None:
    # Without Improved Feint the feint is the standard action: this turn's attack is
    # given up for next turn's. A 1d6 sneak attack (3.5 on a hit) at 264 chances in
    # 400 does not pay for the short sword's own attack (+6 against AC 16, 1d6+0: about
    # 1.9); 6d6 does.
    small = kit.encounter(
        ROWS,
        {
            "red": rogue("Rogue", "b1", feats="Alertness", sneak="1d6"),
            "blue": kit.fighter("Blue", "c1"),
        },
    )
    small.combatants["blue"].acted = True
    assert type(policy("default")(small, "rogue")) is A.Attack
    big = kit.encounter(
        ROWS,
        {
            "red": rogue("Rogue", "b1", feats="Alertness", sneak="6d6"),
            "blue": kit.fighter("Blue", "c1"),
        },
    )
    big.combatants["blue"].acted = True
    assert policy("default")(big, "rogue") == A.Feint("blue")


def test_a_weak_fighter_aids_a_strong_friend(kit: Any) -> None:
    # The squire (BAB +0, Str 6: a dagger at -2 for 1d4-2) hits Blue's AC 16 on 18-20
    # for at least 1: its attack is worth about 0.15. Its aid hits AC 10 on 12-20 (9 in
    # 20) and gives Pal (a greatsword +9, 2d6+4) +2 on its next roll against Blue: two
    # more faces in 20 that hit for 11, about 1.2: the aid is worth far more.
    rows = """
    .....
    .....
    """
    squire = (
        "  - at: b1\n"
        "    stat_block:\n"
        "      name: Squire\n"
        "      abilities: {str: 6, dex: 10, con: 10, int: 10, wis: 10, cha: 10}\n"
        "      hit_dice: [{count: 1, die: 8, source: commoner}]\n"
        "      bab: 0\n"
        "      base_saves: {fort: 0, ref: 0, will: 0}\n"
        "      weapons: [dagger]\n"
    )
    sides = {
        "red": squire + kit.fighter("Pal", "c2", weapons="greatsword"),
        "blue": kit.fighter("Blue", "c1"),
    }
    enc = kit.encounter(rows, sides)
    assert policy("default")(enc, "squire") == A.AidAnother("pal", "blue", "attack")


def test_a_strong_fighter_attacks_rather_than_aid(kit: Any) -> None:
    rows = """
    .....
    .....
    """
    sides = {
        "red": kit.fighter("Red", "b1") + kit.fighter("Pal", "c2"),
        "blue": kit.fighter("Blue", "c1"),
    }
    enc = kit.encounter(rows, sides)
    assert type(policy("default")(enc, "red")) is A.Attack


def test_a_coup_de_grace_on_a_foe_helpless_for_a_while(kit: Any) -> None:
    # Blue is paralyzed for 3 rounds, with 39 hit points it would fight on with: a coup
    # de grace (2d8+6, a mean 15, then Fort +6 against DC 25: fails 18 in 20) is worth
    # far more than walking off towards Grey.
    rows = """
    .........
    .........
    """
    sides = {
        "red": kit.fighter("Red", "b1"),
        "blue": kit.fighter("Blue", "c1") + kit.fighter("Grey", "i2"),
    }
    enc = kit.encounter(rows, sides)
    enc.impose(enc.combatants["blue"], "paralyzed", "blue", 3)
    assert policy("default")(enc, "red") == A.CoupDeGrace("blue")


def test_no_coup_de_grace_on_a_foe_down_by_its_hit_points(kit: Any) -> None:
    # A dying foe is out of the fight already: finishing it gains nothing in hit points,
    # and Grey, still fighting, is the one to go for.
    rows = """
    .........
    .........
    """
    sides = {
        "red": kit.fighter("Red", "b1"),
        "blue": kit.fighter("Blue", "c1") + kit.fighter("Grey", "i2"),
    }
    enc = kit.encounter(rows, sides)
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(hp=-3)
    enc.space.invalidate(blue)
    assert not isinstance(policy("default")(enc, "red"), A.CoupDeGrace)


def test_a_mindless_creature_only_attacks(kit: Any) -> None:
    rows = """
    .........
    .........
    """
    sides = {
        "red": kit.fighter("Red", "b1", int_score=2),
        "blue": kit.fighter("Blue", "c1") + kit.fighter("Grey", "i2"),
    }
    enc = kit.encounter(rows, sides)
    enc.impose(enc.combatants["blue"], "paralyzed", "blue", 3)
    assert turn_special(enc, enc.combatants["red"], None) is None


def test_the_closed_form_estimates_count_the_faces() -> None:
    """tactics/estimates.py in closed form against the faces counted one by one (seed
    003 "Attack Roll": a natural 1 misses, a 20 hits; threats confirmed by a second
    roll)."""
    from d20combat.tactics.estimates import hit_damage, p_hits

    def counted(ac: int, bonus: int, mean: float, crit_from: int, mult: int) -> float:
        hit = sum(1 for d in range(2, 21) if d == 20 or d + bonus >= ac) / 20
        threat = sum(1 for d in range(crit_from, 21) if d == 20 or d + bonus >= ac) / 20
        return mean * (hit + threat * hit * (mult - 1))

    for ac in range(-5, 45, 3):
        for bonus in range(-10, 30, 2):
            assert p_hits(ac, bonus) == counted(ac, bonus, 1.0, 21, 1)
            for crit_from in (15, 18, 19, 20, 21):
                got = hit_damage(ac, bonus, 7.5, crit_from, 3, 20)
                assert abs(got - counted(ac, bonus, 7.5, crit_from, 3) * 0.8) < 1e-9


def test_no_bull_rush_after_a_five_foot_step_in_d20modern() -> None:
    # seed 004 "Bull Rush": not in a round with a 5-foot step. Found by playing the
    # bundled fights at random: in this one the baseline once chose a bull rush after a
    # step (refused by check_bull_rush); every action it chooses is legal.
    from d20combat.content.scenarios import load_scenario
    from d20combat.encounter.state import Encounter
    from d20combat.tactics.policies import policy

    enc = Encounter.from_scenario(load_scenario("ruined-gatehouse").under("d20modern", ()), 3)
    for _ in range(60):
        if enc.outcome is not None:
            break
        assert enc.current is not None
        enc.apply(policy("default")(enc, enc.current.id))
