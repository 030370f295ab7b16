"""The action economy, attacks of opportunity, full attacks, charges, surprise and the
round limit, played on small maps with scripted dice (every roll given in order)."""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.fear import compelled
from d20combat.encounter.fighting import build_attack, deal_damage
from d20combat.encounter.outcome import EndKind
from d20combat.encounter.state import Encounter
from d20combat.errors import ContentError, IllegalActionError
from d20combat.rules.attack import AttackResult
from d20combat.rules.conditions import combine
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.hitpoints import HpState
from d20combat.sim.runner import play
from d20combat.tactics.policies import policy

OPEN = """
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def test_initiative_orders_by_result(kit: Any) -> None:
    enc = kit.duel([20, 1])
    assert enc.order == ["red", "blue"]
    assert [e.outcome["result"] for e in events(enc, "initiative")] == [21, 2]
    assert enc.current.id == "red"


def test_initiative_tie_goes_to_higher_modifier_then_reroll(kit: Any) -> None:
    # Red Dex 12 (+1), Blue with Improved Initiative (+5): totals 11 and 11 tie,
    # Blue's higher modifier goes first (seed 003 "Initiative Checks").
    enc = kit.duel([10, 6], blue="Improved Initiative")
    assert enc.order == ["blue", "red"]
    # equal totals and modifiers: reroll until different (red 3, blue 17)
    enc = kit.duel([10, 10, 3, 17])
    assert enc.order == ["blue", "red"]
    assert len(events(enc, "initiative-tie")) == 2


def test_flat_footed_creature_makes_no_attack_of_opportunity(kit: Any) -> None:
    enc = kit.duel([20, 1])
    enc.apply(A.Move(((1, 0), (0, 0))))  # leave b2 (threatened by Blue at c2)
    assert not events(enc, "aoo")  # Blue has not acted yet: flat-footed (seed 003)
    assert enc.combatants["red"].pos == (0, 0)


def test_leaving_threatened_squares_provokes_once_per_round(kit: Any) -> None:
    # Combat Reflexes lets the flat-footed Blue react; attack roll 5 (+9 = 14 vs AC 16) misses.
    enc = kit.duel([20, 1, 5], blue="Combat Reflexes")
    enc.apply(A.Move(((1, 0), (2, 0), (3, 0))))  # b1, c1, d1 are all threatened by Blue
    aoo = events(enc, "aoo")
    assert len(aoo) == 1 and aoo[0].actor == "blue" and aoo[0].target == "red"
    assert aoo[0].outcome["total"] == 14 and aoo[0].outcome["result"] == "miss"
    assert events(enc, "provoked")[0].outcome["reason"] == "moving out of b2"


def test_five_foot_step_never_provokes(kit: Any) -> None:
    enc = kit.duel([20, 1], blue="Combat Reflexes")
    enc.apply(A.Step((1, 0)))
    assert not events(enc, "aoo")
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Move(((0, 0),)))


def test_withdraw_frees_the_first_square_only(kit: Any) -> None:
    enc = kit.duel([20, 1], blue="Combat Reflexes")
    enc.apply(A.Withdraw(((0, 1),)))  # b2 -> a2: leaving the start square is free
    assert not events(enc, "aoo")
    enc = kit.duel([20, 1, 2], blue="Combat Reflexes")
    enc.apply(A.Withdraw(((1, 0), (0, 0))))  # b2 -> b1 (free) -> a1: leaving b1 provokes
    assert len(events(enc, "aoo")) == 1


def test_an_attack_of_opportunity_that_drops_the_mover_stops_it(kit: Any) -> None:
    # Red has 6 hp (at least 1 per Hit Die); Blue's AoO rolls 15 (+9 = 24 hits) and
    # 1d8+3 = 8 damage.
    sides = {
        "red": kit.soldier("Red", "b2", hp_bonus=-33),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 15, 8])
    assert enc.combatants["red"].vitals.hp == 6
    enc.apply(A.Move(((1, 0), (0, 0))))
    red = enc.combatants["red"]
    assert red.pos == (1, 1) and red.state(enc.rules) is HpState.DYING
    assert events(enc, "move")[-1].outcome["stopped"]
    assert enc.outcome is not None and enc.outcome.winner == "blue"


def test_full_attack_after_the_first_attack(kit: Any) -> None:
    # Red (BAB +6): first attack +9 rolls 15 (hits AC 16) for 1d8+3 = 8; the second,
    # at +4, rolls 10 (14: miss). Continuing commits the full attack: no move after.
    enc = kit.duel([20, 1, 15, 8, 10])
    enc.apply(A.Attack("blue"))
    enc.apply(A.Attack("blue"))
    attacks = events(enc, "attack")
    assert [e.total("attack bonus").value for e in attacks] == [9, 4]
    assert [e.outcome["result"] for e in attacks] == ["hit", "miss"]
    assert enc.combatants["blue"].vitals.hp == enc.combatants["blue"].vitals.max_hp - 8
    with pytest.raises(IllegalActionError):
        enc.apply(A.Move(((0, 1),)))
    with pytest.raises(IllegalActionError):
        enc.apply(A.Attack("blue"))


def test_a_move_after_the_first_attack_ends_the_full_attack(kit: Any) -> None:
    enc = kit.duel([20, 1, 2])  # attack roll 2: miss
    enc.apply(A.Attack("blue"))
    enc.apply(A.Move(((0, 1),)))  # blue is flat-footed: no AoO
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.apply(A.Attack("blue"))


def test_move_then_single_attack(kit: Any) -> None:
    enc = kit.duel([20, 1, 3], red_at="a2", blue_at="d2")
    enc.apply(A.Move(((1, 1),)))  # to b2, then blue at d2 is out of reach
    with pytest.raises(IllegalActionError, match="out of reach"):
        enc.apply(A.Attack("blue"))
    enc.apply(A.Move(((2, 1),)))  # a double move spends the standard action
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.apply(A.Attack("blue"))


def test_charge_bonus_and_penalty(kit: Any) -> None:
    # Red charges 25 ft from a2 to e2: attack +9+2 = +11 (roll 5: 16 hits AC 16);
    # 1d8+3 = 6. Red then has -2 AC until its next turn (seed 000 "Charge").
    enc = kit.duel([20, 1, 5, 6], red_at="a2", blue_at="f2")
    enc.apply(A.Charge("blue", (4, 1)))
    attack = events(enc, "attack")[0]
    assert attack.total("attack bonus").value == 11
    assert attack.outcome["result"] == "hit"
    red = enc.combatants["red"]
    assert red.pos == (4, 1) and "charged" in red.conditions
    blue, red_stats = enc.combatants["blue"], red.stats
    option = blue.melee_options()[0]
    atk, _ = build_attack(enc, blue, option, option.bonus, red)
    assert atk.ac.value == red_stats.ac.value - 2


def test_charge_needs_a_clear_straight_lane(kit: Any) -> None:
    rows = """
    .......
    ..,....
    .......
    """
    enc = kit.duel([20, 1], red_at="a2", blue_at="f2", rows=rows)
    with pytest.raises(IllegalActionError, match="clear"):
        enc.apply(A.Charge("blue", (4, 1)))
    enc = kit.duel([20, 1], red_at="d2", blue_at="f2")
    with pytest.raises(IllegalActionError):  # only 5 ft away: a charge needs 10 ft
        enc.apply(A.Charge("blue", (4, 1)))


def test_surprise_round_allows_one_action_and_foes_are_flat_footed(kit: Any) -> None:
    # Blue is unaware: a surprise round where only Red acts, once (seed 003).
    enc = kit.duel([5, 20, 12, 4], awareness={"blue": "unaware"})
    assert enc.round == 0 and enc.current.id == "red"
    enc.apply(A.Attack("blue"))  # 12 + 9 = 21 vs flat-footed AC 15
    attack = events(enc, "attack")[0]
    assert attack.total("armor class").value == 15 and attack.outcome["flat_footed"]
    with pytest.raises(IllegalActionError):
        enc.apply(A.Move(((0, 1),)))  # one action only in the surprise round
    enc.apply(A.EndTurn())
    assert enc.round == 1 and enc.current.id == "blue"  # higher initiative, now aware


def test_round_limit_truncates_without_a_winner(kit: Any) -> None:
    enc = kit.duel([20, 1], red_at="a1", blue_at="g3", round_limit=2)
    while enc.outcome is None:
        enc.apply(A.EndTurn())
    assert enc.outcome.kind is EndKind.TRUNCATED and enc.outcome.winner is None
    assert enc.outcome.truncated and not enc.outcome.terminated


def test_illegal_actions_say_why(kit: Any) -> None:
    enc = kit.duel([20, 1], red_at="a1", blue_at="g3")
    with pytest.raises(IllegalActionError, match="out of reach"):
        enc.apply(A.Attack("blue"))
    with pytest.raises(IllegalActionError, match="no combatant 'ogre'"):
        enc.apply(A.Attack("ogre"))
    with pytest.raises(IllegalActionError, match="not next to"):
        enc.apply(A.Move(((3, 0),)))
    with pytest.raises(IllegalActionError, match="speed"):
        enc.apply(A.Move(tuple((x, 0) for x in range(1, 6))))
    assert enc.history == []  # nothing changed


def test_disabled_creature_strains_on_a_standard_action(kit: Any) -> None:
    enc = kit.duel([20, 1, 2])
    red = enc.combatants["red"]
    red.vitals = red.vitals._replace(hp=0)  # as if a blow left it at exactly 0
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # round 2: Red's turn, disabled
    assert red.state(enc.rules) is HpState.DISABLED and enc.budget.single
    enc.apply(A.Attack("blue"))
    assert red.vitals.hp == -1 and red.state(enc.rules) is HpState.DYING


def test_a_large_creature_in_a_corridor_squeezes(kit: Any) -> None:
    # SRD combat-ii "Squeezing": an ogre (10-ft space) in a 5-ft corridor takes -4 on
    # attacks and to AC until it leaves the narrow space.
    rows = """
    #########
    .........
    .........
    #########
    .........
    #########
    """
    sides = {
        "red": "  - creature: ogre\n    at: a2\n",
        "blue": kit.soldier("Blue", "i5"),
    }
    enc = kit.encounter(rows, sides)
    ogre, blue = (c for c in enc.combatants.values())
    option = ogre.melee_options()[0]
    open_ground = build_attack(enc, ogre, option, option.bonus, blue)[0]
    assert "squeezing" not in ogre.conditions
    enc.space.place(ogre, (3, 4))  # d5: the corridor row open, the row below wall
    assert "squeezing" in ogre.conditions
    squeezed = build_attack(enc, ogre, option, option.bonus, blue)[0]
    assert squeezed.bonus.value == open_ground.bonus.value - 4
    sword = blue.melee_options()[0]
    against = build_attack(enc, blue, sword, sword.bonus, ogre)[0]
    assert against.ac.value == ogre.stats.ac.value - 4
    enc.space.place(ogre, (0, 1))
    assert "squeezing" not in ogre.conditions


def test_sheathing_is_a_move_action_that_provokes_and_drawing_is_free_on_a_move(kit: Any) -> None:
    # seed 002 Table: Actions in Combat: sheathing a weapon is a move action and
    # provokes; Blue (Combat Reflexes, so it reacts while flat-footed) rolls 3 (+9 = 12
    # vs AC 16: a miss). Drawing it again (the standard action spent as a move) does not.
    enc = kit.duel([20, 1, 3], blue="Combat Reflexes")
    red = enc.combatants["red"]
    enc.apply(A.Sheathe("longsword"))
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["sheathing a weapon"]
    assert red.wielding == () and not enc.budget.move and enc.budget.standard
    enc.apply(A.Draw("longsword"))
    assert red.wielding == ("longsword",) and not enc.budget.standard
    assert len(events(enc, "provoked")) == 1
    # SRD combat-i: with BAB +1 or more, drawing is free during a move: Red sheathes,
    # moves with its standard action and still draws, with no action left to pay for it
    enc = kit.duel([20, 1], red_at="a2", blue_at="g2")
    red = enc.combatants["red"]
    enc.apply(A.Sheathe("longsword"))
    enc.apply(A.Move(((1, 1),)))
    assert not enc.budget.standard and A.Draw("longsword") in enc.legal_actions()
    enc.apply(A.Draw("longsword"))
    assert red.wielding == ("longsword",) and enc.budget.free_draw_used


@pytest.mark.parametrize("ruleset", ["srd35", "d20modern"])
def test_drawing_on_a_move_is_free_at_base_attack_plus_one(kit: Any, ruleset: str) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon" / seed 004 "Manipulating Objects": with
    a base attack bonus of +1 or higher a weapon is drawn as part of a move. Red (BAB
    +6) sheathes, moves with its standard action and still draws; at BAB +0 it cannot."""
    for bab, free in ((6, True), (0, False)):
        sides = {"red": kit.soldier("Red", "a2", bab=bab), "blue": kit.soldier("Blue", "g2")}
        enc = kit.scripted_encounter(OPEN, sides, [20, 1], ruleset=ruleset)
        red = enc.combatants["red"]
        enc.apply(A.Sheathe("longsword"))
        enc.apply(A.Move(((1, 1),)))
        assert (A.Draw("longsword") in enc.legal_actions()) is free
        if free:
            enc.apply(A.Draw("longsword"))
            assert red.wielding == ("longsword",) and enc.budget.free_draw_used


@pytest.mark.parametrize("ruleset", ["srd35", "d20modern"])
def test_improved_unarmed_strike_deals_lethal_damage_without_penalty(
    kit: Any, ruleset: str
) -> None:
    """SRD combat-i "Unarmed Attacks": an unarmed strike deals nonlethal damage; to
    deal lethal damage costs -4 on the attack, unless the attacker has Improved Unarmed
    Strike (SRD feats: lethal or nonlethal at its option). Red unarmed, BAB +6, Str 16:
    +9 nonlethal, +5 lethal; with the feat +9 either way."""
    for feat, lethal in (("", 5), ("Improved Unarmed Strike", 9)):
        sides = {
            "red": kit.soldier("Red", "b2", weapons="", feats=feat),
            "blue": kit.soldier("Blue", "c2"),
        }
        enc = kit.scripted_encounter(OPEN, sides, [20, 1], ruleset=ruleset)
        red, blue = enc.combatants["red"], enc.combatants["blue"]
        fist = red.stats.unarmed
        assert fist is not None
        as_is, _ = build_attack(enc, red, fist, fist.bonus, blue)
        deadly, _ = build_attack(enc, red, fist, fist.bonus, blue, nonlethal=False)
        assert (as_is.bonus.value, deadly.bonus.value) == (9, lethal)
        assert deadly.nonlethal is False


# ------------------------------------------------- conditions on saves, damage, initiative
def test_a_shaken_creature_takes_two_off_its_massive_damage_save(kit: Any) -> None:
    """SRD conditions "Shaken": -2 on saving throws; SRD combat-i "Massive Damage": 50
    points or more in one blow, DC 15 Fortitude or die. Blue (Fort +5, Con 12: +6, 99
    hp) takes 55: a 9 saves (15) unshaken, and fails (13) shaken."""
    for shaken, dead in ((False, False), (True, True)):
        sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2", hp_bonus=60)}
        enc = kit.scripted_encounter(OPEN, sides, [20, 1, 9])
        red, blue = enc.combatants["red"], enc.combatants["blue"]
        if shaken:
            enc.impose(blue, "shaken", "red")
        option = red.melee_options()[0]
        attack, _ = build_attack(enc, red, option, option.bonus, blue)
        deal_damage(enc, red, blue, AttackResult(True, rolled=55, damage=55), attack)
        damage = events(enc, "damage")[0]
        save = damage.total("fortitude save")
        assert save.value == (4 if shaken else 6)
        assert (("shaken", -2) in [(m.source, m.value) for m in save.counted()]) is shaken
        assert [r.purpose for r in damage.rolls] == ["massive damage (Fort DC 15)"]
        assert blue.vitals.dead is dead and blue.vitals.hp == 99 - 55


def test_a_sickened_creature_deals_two_less_weapon_damage(kit: Any) -> None:
    """SRD conditions "Sickened": -2 on attack rolls and weapon damage rolls. Red
    (longsword +9, 1d8+3) sickened: +7 and 1d8+1."""
    enc = kit.duel([20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    enc.impose(red, "sickened", "blue")
    option = red.melee_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, blue)
    assert attack.bonus.value == 7 and attack.damage_bonus.value == 1
    assert ("sickened", -2) in [(m.source, m.value) for m in attack.damage_bonus.counted()]


def test_a_deafened_creature_rolls_initiative_at_minus_four(kit: Any) -> None:
    """SRD conditions "Deafened": -4 on initiative checks. Red (Dex 12: +1) deafened
    before the fight rolls 10: 7; Blue rolls 8: 9, and acts first."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "f2")}
    enc = Encounter.from_scenario(kit.make(kit.scenario_text(OPEN, sides)), 0, start=False)
    enc.dice = ScriptedDice([10, 8])  # type: ignore[assignment]
    enc.impose(enc.combatants["red"], "deafened", "blue")
    enc.start()
    init = {e.actor: e for e in events(enc, "initiative")}
    assert init["red"].outcome["result"] == 7 and init["blue"].outcome["result"] == 9
    assert [(m.source, m.value) for m in init["red"].total("initiative").counted()] == [
        ("Dex 12", 1),
        ("deafened", -4),
    ]
    assert enc.order == ["blue", "red"]


@pytest.mark.parametrize("condition", ["stunned", "panicked"])
def test_a_stunned_or_panicked_creature_drops_what_it_holds(kit: Any, condition: str) -> None:
    """SRD conditions "Stunned": drops everything held; "Panicked": drops anything it
    holds. Blue's longsword falls in its square (c2), to be picked up again later."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.encounter(OPEN, sides)
    blue = enc.combatants["blue"]
    assert blue.wielding == ("longsword",)
    enc.impose(blue, condition, "red", 1)
    assert blue.wielding == () and enc.items == [((2, 1), "longsword")]
    drop = events(enc, "drop")[0]
    assert drop.actor == "blue" and drop.rule == f"SRD conditions {condition.capitalize()}"
    assert drop.outcome == {"weapon": "longsword", "at": "c2"}
    assert [o.name for o in blue.melee_options()] == ["unarmed strike"]
    saved = Encounter.from_json(enc.to_json())  # a saved stunned creature stays empty-handed
    assert saved.combatants["blue"].wielding == () and saved.items == enc.items
    assert saved.timed_by == {"red": {"blue"}}


@pytest.mark.parametrize(
    ("held", "new", "becomes"),
    [
        ("shaken", "shaken", "frightened"),
        ("shaken", "frightened", "panicked"),
        ("frightened", "shaken", "panicked"),
        ("frightened", "frightened", "panicked"),
        ("panicked", "shaken", "panicked"),
    ],
)
def test_fear_effects_are_cumulative(kit: Any, held: str, new: str, becomes: str) -> None:
    """SRD special abilities "Becoming Even More Fearful": a shaken creature made shaken
    again becomes frightened; made frightened, panicked; a frightened one made shaken
    or frightened becomes panicked. The grown fear replaces the old and lasts as the
    new effect says; panicked, Blue drops its longsword."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.encounter(OPEN, sides)
    blue = enc.combatants["blue"]
    enc.impose(blue, held, "red", 3)
    enc.impose(blue, new, "red", 2)
    fears = {k: (c.owner, c.turns) for k, c in blue.conditions.items()}
    assert fears == {becomes: ("red", 2)}
    grew = events(enc, "condition-grows")[-1]
    assert grew.outcome == {"held": held, "new": new, "becomes": becomes}
    assert (blue.wielding == ()) is (becomes == "panicked")
    assert combine(held, new) == becomes


@pytest.mark.parametrize(
    ("held", "new"),
    [("fatigued", "fatigued"), ("fatigued", "exhausted"), ("exhausted", "fatigued")],
)
def test_fatigue_adds_up_to_exhaustion(kit: Any, held: str, new: str) -> None:
    """SRD conditions "Fatigued": doing anything that would normally cause fatigue makes
    a fatigued creature exhausted (half speed, -6 Str and Dex)."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.encounter(OPEN, sides)
    blue = enc.combatants["blue"]
    enc.impose(blue, held, "red")
    enc.impose(blue, new, "red")
    assert set(blue.conditions) == {"exhausted"}
    assert enc.space.speed(blue) == 10  # chainmail 20 ft, halved
    assert events(enc, "condition-grows")[-1].outcome["becomes"] == "exhausted"


def test_only_conditions_of_one_cumulative_group_combine() -> None:
    for held, new in (("shaken", "dazed"), ("shaken", "fatigued"), ("dazed", "dazed")):
        with pytest.raises(ContentError, match="do not add up"):
            combine(held, new)


# ---------------------------------------------------------------------------- fear
FIELD9 = """
.........
.........
.........
.........
.........
"""


def afraid(kit: Any, fear: str, blue_at: str, rows: str = FIELD9, red_at: str = "c3") -> Any:
    """Red at c3 (Blue's fear) and Blue, afraid of Red, whose turn it is."""
    sides = {"red": kit.soldier("Red", red_at), "blue": kit.soldier("Blue", blue_at)}
    enc = kit.scripted_encounter(rows, sides, [1, 20])
    assert enc.current.id == "blue"
    enc.impose(enc.combatants["blue"], fear, "red", 3)
    return enc


@pytest.mark.parametrize("fear", ["frightened", "turned"])
def test_a_threatened_frightened_creature_withdraws_from_its_fear(kit: Any, fear: str) -> None:
    """SRD conditions "Frightened": flees from the source of its fear as best it can
    (seed 000 "Turned": by the best means). Threatened by Red at c3, Blue (d3, speed
    20) withdraws, so leaving d3 provokes no one it can see: 20 ft (srd35 withdraw,
    seed 002) to g1, h2 or h3, each 25 ft from Red; the topmost, g1. Then its turn is
    spent."""
    enc = afraid(kit, fear, "d3")
    blue = enc.combatants["blue"]
    assert compelled(enc, "blue") == A.Flee() and A.Flee() in enc.legal_actions()
    enc.apply(A.Flee())
    flee = events(enc, "flee")[0]
    assert flee.target == "red" and flee.outcome == {"fear": fear, "how": "withdraw", "end": "g1"}
    assert blue.pos == (6, 0) and events(enc, "withdraw")
    assert compelled(enc, "blue") == A.EndTurn()


def test_an_unthreatened_frightened_creature_double_moves_then_may_fight(kit: Any) -> None:
    """Not threatened, Blue (f3) flees with a move action to the farthest square from
    Red it can reach: i1 (35 ft; i5 ties and is lower). With its standard action as a
    second move it would flee farther, but nothing on the field is farther than i1:
    cornered, a frightened creature may fight (its tactics decide)."""
    enc = afraid(kit, "frightened", "f3")
    blue = enc.combatants["blue"]
    enc.apply(A.Flee())
    assert events(enc, "flee")[0].outcome["how"] == "move" and blue.pos == (8, 0)
    assert compelled(enc, "blue") is None
    with pytest.raises(IllegalActionError, match="cornered"):
        enc.apply(A.Flee())


def test_a_panicked_creature_flees_along_a_random_path(kit: Any) -> None:
    """SRD conditions "Panicked": flees along a random path away from the source. The
    squares Blue (f3, speed 20) can reach farther than 15 ft from Red are drawn by a
    die in row order; a 1 gives the first, f1 (20 ft from Red). The die is logged."""
    enc = afraid(kit, "panicked", "f3")
    enc.dice.totals.append(1)
    enc.apply(A.Flee())
    flee = events(enc, "flee")[0]
    assert [r.purpose for r in flee.rolls] == ["random flight path"]
    assert flee.outcome["end"] == "f1" and enc.combatants["blue"].pos == (5, 0)


@pytest.mark.parametrize("fear", ["panicked", "turned"])
def test_cornered_a_panicked_creature_cowers_and_a_frightened_one_fights(
    kit: Any, fear: str
) -> None:
    """SRD conditions "Panicked" (and seed 000 "Turned": turned undead that can't flee
    cower, and attacks on them get +2, here cowering's -2 AC): if cornered, it cowers
    (SRD "Cowering": no actions, -2 AC, no Dexterity bonus) until its next turn;
    "Frightened": if unable to flee, it may fight. Blue at the dead end a1 of a
    corridor, Red at b1."""
    enc = afraid(kit, fear, "a1", rows="....", red_at="b1")
    blue, red = enc.combatants["blue"], enc.combatants["red"]
    assert compelled(enc, "blue") == A.Cower()
    enc.apply(A.Cower())
    assert "cowering" in blue.conditions and events(enc, "cower")
    assert compelled(enc, "blue") == A.EndTurn()
    enc.apply(A.EndTurn())
    option = red.melee_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, blue)
    assert attack.ac.value == 16 - 2 - 1  # chainmail, Dex +1 lost, cowering -2
    enc = afraid(kit, "frightened", "a1", rows="....", red_at="b1")
    assert compelled(enc, "blue") is None
    with pytest.raises(IllegalActionError, match="cornered"):
        enc.apply(A.Flee())
    assert A.parse_action("cower") == A.Cower() and str(A.Flee()) == "flee"


def test_a_fight_runs_fear_before_tactics(kit: Any) -> None:
    """The runner takes the action fear compels before the creature's policy: Blue,
    frightened of Red, flees on its turns instead of attacking; a creature without
    fear may neither flee nor cower."""
    sides = {"red": kit.soldier("Red", "c3"), "blue": kit.soldier("Blue", "d3")}
    enc = kit.encounter(FIELD9, sides, seed=3)
    enc.impose(enc.combatants["blue"], "frightened", "red", 2)
    if enc.current.id == "red":
        assert A.Flee() not in enc.legal_actions() and A.Cower() not in enc.legal_actions()
        with pytest.raises(IllegalActionError, match="only a creature fleeing in fear"):
            enc.apply(A.Flee())
    play(enc, strict=True)
    turn = next(i for i, e in enumerate(enc.log) if e.type == "turn" and e.actor == "blue")
    # (tripped by Red first, Blue stands up before it can flee)
    first = next(e for e in enc.log[turn + 1 :] if e.actor == "blue" and e.type != "stand")
    assert first.type == "flee" and first.target == "red"


# ------------------------------------------------------------------- loading
def shooter(kit: Any, weapon: str, feats: str = "", rolls: list[int] | None = None) -> Any:
    """Red with ``weapon`` at a2, Blue 30 ft away at g2; Red acts first."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons=weapon, feats=feats),
        "blue": kit.soldier("Blue", "g2"),
    }
    return kit.scripted_encounter(OPEN, sides, rolls or [20, 1, 2])


@pytest.mark.parametrize(
    ("weapon", "feats", "time"),
    [
        ("light crossbow", "", "move"),
        ("hand crossbow", "", "move"),
        ("sling", "", "move"),
        ("heavy crossbow", "", "full-round"),
        ("light crossbow", "Rapid Reload (light crossbow)", "free"),
        ("heavy crossbow", "Rapid Reload (heavy crossbow)", "move"),
    ],
)
def test_a_fired_crossbow_or_sling_must_be_loaded_again(
    kit: Any, weapon: str, feats: str, time: str
) -> None:
    """SRD equipment "Crossbow, Light", "Crossbow, Hand", "Sling": loading is a move
    action; "Crossbow, Heavy": a full-round action; SRD feats "Rapid Reload": a free
    action for a hand or light crossbow, a move action for a heavy one. A fired weapon
    cannot shoot until it is loaded. Red shoots (roll 2: a miss), then loads."""
    enc = shooter(kit, weapon, feats)
    red = enc.combatants["red"]
    enc.apply(A.Attack("blue"))
    assert red.unloaded == (weapon,)
    assert not any(isinstance(a, A.Attack) and a.weapon == weapon for a in enc.legal_actions())
    assert (A.Load(weapon) in enc.legal_actions()) is (time != "full-round")
    if time == "full-round":  # the standard action is spent: no full-round action
        with pytest.raises(IllegalActionError):
            enc.apply(A.Load(weapon))
        enc = shooter(kit, weapon, feats, rolls=[20, 1])
        red = enc.combatants["red"]
        red.unloaded = (weapon,)
    enc.apply(A.Load(weapon))
    load = events(enc, "load")[0]
    assert load.outcome == {"weapon": weapon, "action": time} and red.unloaded == ()
    assert enc.budget.move is (time == "free") or time == "full-round"
    assert not events(enc, "provoked")  # nobody threatens Red


def test_loading_provokes_and_a_loaded_crossbow_shoots_again(kit: Any) -> None:
    """SRD Table: Actions in Combat, "Load a hand or light crossbow": a move action that
    provokes. Red, fired crossbow in hand, next to Blue (who has acted): loading draws
    Blue's attack of opportunity (roll 2: 11, a miss); loaded, it shoots again (roll
    3)."""
    sides = {
        "red": kit.soldier("Red", "b2", weapons="light crossbow"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 2, 3])
    red = enc.combatants["red"]
    red.unloaded = ("light crossbow",)
    enc.apply(A.EndTurn())  # Blue
    enc.apply(A.Load("light crossbow"))
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["loading light crossbow"]
    enc.apply(A.Attack("blue", "light crossbow"))
    assert red.unloaded == ("light crossbow",)


def test_a_crossbowman_shoots_then_loads_and_a_save_keeps_it_fired(kit: Any) -> None:
    """The baseline tactics load a fired crossbow with the move action the shot left.
    A saved fight keeps a fired crossbow unloaded."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="light crossbow"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.encounter(OPEN, sides)
    if enc.current.id != "red":
        enc.apply(A.EndTurn())
    decide = policy("default")
    first = decide(enc, "red")
    assert isinstance(first, A.Attack) and first.target == "blue"
    enc.apply(first)
    assert decide(enc, "red") == A.Load("light crossbow")
    saved = Encounter.from_json(enc.to_json())
    assert saved.combatants["red"].unloaded == ("light crossbow",)
    enc.apply(A.Load("light crossbow"))
    assert decide(enc, "red") == A.EndTurn()


@pytest.mark.parametrize("surprise", [False, True])
def test_a_round_is_six_seconds(kit: Any, surprise: bool) -> None:
    """SRD combat-i "The Combat Round" / seed 004: each round is 6 seconds of game time,
    the surprise round included. The log gives each round's start and the fight's
    length in seconds. Without surprise, round 2 starts at 6 s; with a surprise round
    (Blue unaware), round 1 starts at 6 s."""
    awareness = {"blue": "unaware"} if surprise else None
    enc = kit.scripted_encounter(
        OPEN,
        {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "g2")},
        [20, 1],
        awareness=awareness,
        round_limit=2,
    )
    while enc.outcome is None:
        enc.apply(A.EndTurn())
    starts = [
        (e.outcome["round"], e.outcome["seconds"])
        for e in events(enc, "round")
        if "round" in e.outcome
    ]
    expected = [(1, 6), (2, 12)] if surprise else [(2, 6)]
    assert starts == expected
    (out,) = events(enc, "outcome")
    assert out.outcome["kind"] == "truncated" and out.outcome["seconds"] == 6 * (2 + surprise)


# -------------------------------------------------------------------- cleave
def cleaver(kit: Any, feats: str, rolls: list[int]) -> Any:
    """Red (longsword +9, 1d8+3) at c2 between goblins at b2 and d2 (5 hp), a third at
    c1; Red acts first."""
    goblins = "".join(f"  - creature: goblin\n    at: {at}\n" for at in ("b2", "d2", "c1"))
    sides = {"red": kit.soldier("Red", "c2", feats=feats), "blue": goblins}
    return kit.scripted_encounter(OPEN, sides, [20, 3, 2, 1, *rolls])


def test_cleave_gives_one_extra_attack_a_round(kit: Any) -> None:
    """SRD feats "Cleave": a melee attack that drops a creature gives an immediate extra
    melee attack on another foe within reach, with the same weapon and bonus, once a
    round. Red drops the goblin at b2 (roll 10: 19; 8 damage), cleaves into the next
    (the engine's pick: the most wounded, then the nearest, then by id: goblin-2 at d2),
    drops it too, and cleaves no more."""
    enc = cleaver(kit, "Cleave", [10, 8, 10, 8])
    enc.apply(A.Attack("goblin-1"))
    attacks = events(enc, "attack") + events(enc, "cleave")
    assert [(e.type, e.target, e.total("attack bonus").value) for e in attacks] == [
        ("attack", "goblin-1", 9),
        ("cleave", "goblin-2", 9),
    ]
    assert enc.combatants["goblin-2"].vitals.hp < 0
    assert enc.combatants["red"].cleaves_used == 1


def test_great_cleave_has_no_limit(kit: Any) -> None:
    """SRD feats "Great Cleave": as Cleave, with no limit a round: Red drops all three."""
    enc = cleaver(kit, "Cleave, Great Cleave", [10, 8, 10, 8, 10, 8])
    enc.apply(A.Attack("goblin-1"))
    assert [e.target for e in events(enc, "cleave")] == ["goblin-2", "goblin-3"]
    assert all(enc.combatants[g].vitals.hp < 0 for g in ("goblin-1", "goblin-2", "goblin-3"))


def test_no_cleave_without_the_feat_or_a_drop(kit: Any) -> None:
    """No feat, no extra attack; a hit that leaves the goblin standing (roll 10, 4
    damage: 1 hp left) gives none either."""
    enc = cleaver(kit, "", [10, 8])
    enc.apply(A.Attack("goblin-1"))
    assert not events(enc, "cleave")
    enc = cleaver(kit, "Cleave", [10, 4])
    enc.apply(A.Attack("goblin-1"))
    assert not events(enc, "cleave") and enc.combatants["goblin-1"].vitals.hp == 1


def test_mobility_adds_four_to_ac_against_attacks_of_opportunity_on_movement(
    kit: Any,
) -> None:
    """SRD feats "Mobility": +4 dodge bonus to AC against attacks of opportunity caused
    by moving out of or within a threatened area. Blue (chainmail, Dex 12: AC 16; Dodge
    against Red: 17) walks away from Red (who has acted): Red's attack of opportunity
    (roll 8: 17) is against AC 21 and misses; without Mobility AC 17 and it hits."""
    for feats, ac, result in (("Dodge, Mobility", 21, "miss"), ("Dodge", 17, "hit")):
        sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2", feats=feats)}
        enc = kit.scripted_encounter(OPEN, sides, [20, 1, 8, 6])
        enc.apply(A.EndTurn())  # Red acts (and so can make attacks of opportunity)
        enc.apply(A.Move(((3, 1), (4, 1))))
        (aoo,) = events(enc, "aoo")
        assert aoo.total("armor class").value == ac and aoo.outcome["result"] == result


# ------------------------------------------------------- Power Attack and stances
def pa_duel(
    kit: Any, weapons: str, feats: str = "Power Attack", ruleset: str = "srd35", **kw: Any
) -> Any:
    """Red (BAB +6, Str 16) with ``weapons`` at b2 beside Blue; Red acts first."""
    sides = {
        "red": kit.soldier("Red", "b2", weapons=weapons, feats=feats),
        "blue": kit.soldier("Blue", "c2", **kw),
    }
    return kit.scripted_encounter(OPEN, sides, [20, 1], ruleset=ruleset)


@pytest.mark.parametrize(
    ("weapon", "attack", "damage"),
    [("longsword", 9 - 2, 3 + 2), ("greatsword", 9 - 2, 4 + 4), ("short sword", 9 - 2, 3)],
)
def test_power_attack_trades_attack_for_damage(
    kit: Any, weapon: str, attack: int, damage: int
) -> None:
    """SRD feats "Power Attack": -N on melee attack rolls, +N on damage; +2N with a
    two-handed weapon; nothing with a light weapon (short sword). N = 2."""
    enc = pa_duel(kit, weapon)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.melee_options()[0]
    atk, notes = build_attack(enc, red, option, option.bonus, blue, power=2)
    assert (atk.bonus.value, atk.damage_bonus.value, notes["power_attack"]) == (attack, damage, 2)
    assert ("Power Attack", -2) in [(m.source, m.value) for m in atk.bonus.counted()]


def test_power_attack_is_chosen_for_the_round(kit: Any) -> None:
    """SRD feats "Power Attack": chosen before the round's attack rolls, up to the base
    attack bonus, with the feat, for melee attacks; it holds until the creature's next
    turn, attacks of opportunity included. Red full-attacks at power 2 (+7/+2), then
    makes an attack of opportunity at +7 as Blue walks off."""
    enc = pa_duel(kit, "longsword")
    with pytest.raises(IllegalActionError, match="base attack bonus"):
        enc.check(A.Attack("blue", power=7))
    enc.dice.totals.extend([2, 2, 2])  # Red's two attacks miss; so does the AoO
    enc.apply(A.Attack("blue", power=2))
    with pytest.raises(IllegalActionError, match="before the first attack"):
        enc.check(A.Attack("blue", power=1))
    enc.apply(A.Attack("blue"))
    assert [e.total("attack bonus").value for e in events(enc, "attack")] == [7, 2]
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((3, 1), (4, 1))))  # Blue leaves Red's reach
    (aoo,) = events(enc, "aoo")
    assert aoo.total("attack bonus").value == 7 and aoo.outcome["power_attack"] == 2
    enc.apply(A.EndTurn())
    assert enc.current.id == "red" and enc.combatants["red"].power_attack == 0
    no_feat = pa_duel(kit, "longsword", feats="")
    with pytest.raises(IllegalActionError, match="no Power Attack feat"):
        no_feat.check(A.Attack("blue", power=1))
    with pytest.raises(IllegalActionError, match="stances"):
        no_feat.check(A.Attack("blue", stance="reckless"))


def test_advanced_fighting_stances(kit: Any) -> None:
    """seed 001 "Fighting stances" (advanced): anyone making a melee attack may choose
    one stance before attacking, until the start of its next turn: power attack (-N,
    +N on melee weapon damage, two-handed or not), reckless (+2 melee attacks, -4 AC)
    or defensive (+2 dodge AC, -4 melee attacks); one at a time."""
    enc = pa_duel(kit, "greatsword", feats="", ruleset="advanced")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    greatsword = red.melee_options()[0]
    atk, _ = build_attack(enc, red, greatsword, greatsword.bonus, blue, power=2)
    assert (atk.bonus.value, atk.damage_bonus.value) == (9 - 2, 4 + 2)
    with pytest.raises(IllegalActionError, match="one stance at a time"):
        enc.check(A.Attack("blue", power=1, stance="reckless"))
    enc.dice.totals.extend([2, 2])
    enc.apply(A.Attack("blue", stance="reckless"))
    assert events(enc, "attack")[0].total("attack bonus").value == 9 + 2
    blue_sword = blue.melee_options()[0]
    against, _ = build_attack(enc, blue, blue_sword, blue_sword.bonus, red)
    assert against.ac.value == 16 - 4  # reckless until Red's next turn
    enc = pa_duel(kit, "longsword", feats="", ruleset="advanced")
    enc.dice.totals.extend([2, 2])
    enc.apply(A.Attack("blue", stance="defensive"))
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert events(enc, "attack")[0].total("attack bonus").value == 9 - 4
    against, _ = build_attack(
        enc, blue, blue.melee_options()[0], blue.melee_options()[0].bonus, red
    )
    assert against.ac.value == 16 + 2


def _expected(bonuses: list[int], ac: int, mean: float, per: int, n: int) -> float:
    """Brute force over the d20 (and the confirmation d20): longsword 19-20/x2."""
    total = 0.0
    for b in bonuses:
        for d in range(1, 21):
            hit = d == 20 or (d != 1 and d + b - n >= ac)
            if not hit:
                continue
            dmg = mean + per * n
            total += dmg / 20
            if d >= 19:
                for e in range(1, 21):
                    if e == 20 or (e != 1 and e + b - n >= ac):
                        total += dmg / 400
    return total


@pytest.mark.parametrize("armor", ["chainmail", None, "full plate"])
def test_the_tactics_power_attack_for_the_most_expected_damage(kit: Any, armor: str | None) -> None:
    """The baseline tactics choose, with the first attack of the turn, the Power Attack
    that gives the most expected damage over the full attack to come (+9/+4, longsword
    1d8+3, 19-20/x2); ties to the smaller value."""
    enc = pa_duel(kit, "longsword", armor=armor)
    blue = enc.combatants["blue"]
    red = enc.combatants["red"]
    option = red.melee_options()[0]
    atk, _ = build_attack(enc, red, option, option.bonus, blue)
    ac = atk.ac.value
    scores = [_expected([9, 4], ac, 4.5 + 3, 1, n) for n in range(7)]
    best = max(range(7), key=lambda n: (round(scores[n], 9), -n))
    chosen = policy("default")(enc, "red")
    assert isinstance(chosen, A.Attack) and chosen.power == best


def test_a_charge_may_power_attack(kit: Any) -> None:
    """SRD feats "Power Attack" with a charge's melee attack: +2 for the charge, -2 for
    power 2 (longsword +9 in all: roll 10, 19 vs AC 16 hits for 8 + 2)."""
    sides = {
        "red": kit.soldier("Red", "a2", feats="Power Attack"),
        "blue": kit.soldier("Blue", "e2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 10, 8])
    action = A.parse_action("charge blue to d2 power 2")
    assert action == A.Charge("blue", (3, 1), 2) and str(action) == "charge blue to d2 power 2"
    enc.apply(action)
    attack = events(enc, "attack")[0]
    assert attack.total("attack bonus").value == 9 and attack.outcome["power_attack"] == 2
    assert events(enc, "damage")[0].total("damage bonus").value == 3 + 2
    no_feat = kit.scripted_encounter(
        OPEN, {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "e2")}, [20, 1]
    )
    with pytest.raises(IllegalActionError, match="no Power Attack feat"):
        no_feat.check(A.Charge("blue", (3, 1), 2))


def test_combat_expertise_trades_attack_for_dodge(kit: Any) -> None:
    """SRD feats "Combat Expertise": with a melee attack, up to -5 (and no more than the
    base attack bonus) on attack rolls for as much dodge AC until the creature's next
    turn; not with fighting defensively (SRD combat-i "Total Defense" and its kin)."""
    enc = pa_duel(kit, "longsword", feats="Combat Expertise")
    with pytest.raises(IllegalActionError, match="up to 5"):
        enc.check(A.Attack("blue", expertise=6))
    with pytest.raises(IllegalActionError, match="fighting defensively"):
        enc.check(A.Attack("blue", expertise=2, defensively=True))
    action = A.parse_action("attack blue expertise 2")
    assert action == A.Attack("blue", expertise=2) and str(action) == "attack blue expertise 2"
    enc.dice.totals.extend([2, 2])
    enc.apply(action)
    assert events(enc, "attack")[0].total("attack bonus").value == 9 - 2
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    sword = blue.melee_options()[0]
    against, _ = build_attack(enc, blue, sword, sword.bonus, red)
    assert against.ac.value == 16 + 2
    no_feat = pa_duel(kit, "longsword", feats="")
    with pytest.raises(IllegalActionError, match="no Combat Expertise feat"):
        no_feat.check(A.Attack("blue", expertise=1))


def test_a_creature_disabled_by_its_hit_points_moves_at_half_speed(kit: Any) -> None:
    """SRD conditions "Disabled": it moves at half speed (a single move or standard
    action). Red at 0 hp (chainmail, speed 20): 10 ft, so a 15-ft move is refused."""
    enc = kit.duel([20, 1], red_at="a2", blue_at="g2")
    red = enc.combatants["red"]
    red.vitals = red.vitals._replace(hp=0)
    enc.space.invalidate(red)
    assert enc.space.speed(red) == 10
    with pytest.raises(IllegalActionError, match="speed is 10 ft"):
        enc.check(A.Move(((1, 1), (2, 1), (3, 1))))
