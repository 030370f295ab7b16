"""Grapple in play, step by step with scripted dice (seed 000 "Grapple"; seed 002
"Grapple"; seed 004 "Grapple"; seed 001 "Grappling" and "Climbing onto larger
creatures"; SRD feats "Improved Grapple").

The kit's soldiers: Str 16 (+3), Dex 12 (+1), BAB +6, longsword, chainmail (AC 16, touch
11; flat-footed 15 and touch 10), 39 hit points, speed 20 ft. Their grapple bonus is +9
(BAB 6 + Str 3 + Medium 0), their unarmed strike +9 for 1d3+3 nonlethal. Initiative
rolls come first, in placement order (d20 + Dex 1). Scripted dice give totals: a d20
attack roll's natural face, a check's d20 + modifier, a damage roll's total. In round 1
a creature that has not acted is flat-footed: no attack of opportunity without Combat
Reflexes, no Dex to AC.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from d20combat.content.rulesets import Variant
from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.invariants import problems
from d20combat.encounter.maneuvers import grapple as G
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, SaveFileError

ROWS = """
.......
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def held(kit: Any, rolls: list[int], *, red: str = "", blue: str = "", **kw: Any) -> Any:
    """Red (b2) holds Blue (c2) in round 1: the touch attack (10 + 9 = 19 against the
    flat-footed touch AC 10) hits, the hold 15 beats 10, 5 nonlethal damage; then
    ``rolls``."""
    enc = kit.duel([20, 1, 10, 15, 10, 5, *rolls], red=red, blue=blue, rows=ROWS, **kw)
    enc.apply(parse_action("grapple blue"))
    return enc


def trio(kit: Any, rolls: list[int], *, green: str = "", grey: str = "", **kw: Any) -> Any:
    """Red (b2) and Green (b3) against Blue (c2) and Grey (d3); initiative Red 21, Green
    11, Blue 3, Grey 2 (rolled in placement order: red, green, blue, grey)."""
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Green", "b3", feats=green),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "d3", feats=grey),
    }
    return kit.scripted_encounter(ROWS, sides, [20, 10, 2, 1, *rolls], **kw)


# ------------------------------------------------------------ starting a grapple
def test_a_grapple_grabs_holds_hurts_and_moves_in(kit: Any) -> None:
    # seed 000 "Starting a Grapple": Step 2 the touch attack (19 against touch AC 10:
    # Blue is flat-footed, so no Dex, and armor does not count), Step 3 the hold (15
    # against 10) and unarmed damage (1d3+3 = 5, nonlethal), Step 4 Red moves into
    # Blue's square. Flat-footed Blue makes no attack of opportunity (Step 1).
    enc = held(kit, [])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    g = events(enc, "grapple")[0]
    assert g.outcome["result"] == "held" and not g.outcome["joining"]
    assert g.outcome["touch_total"] == 19 and g.total("touch armor class").value == 10
    assert g.outcome["check"] == [15, 10]
    assert g.total("grapple check").value == 9 and g.total("grapple resist").value == 9
    assert [r.purpose for r in g.rolls] == [
        "grapple: melee touch attack (grab)",
        "grapple check (hold)",
        "grapple check (resist)",
    ]
    assert [e.type for e in enc.log[-3:]] == ["grapple", "damage", "move-in"]
    damage = events(enc, "damage")[0]
    assert damage.outcome["nonlethal"] and blue.vitals.nonlethal == 5
    assert red.pos == blue.pos == (2, 1)
    assert red.grappling == ("blue",) and blue.grappling == ("red",)
    assert red.has("grappling") and blue.has("grappling")
    assert not events(enc, "provoked")
    assert problems(enc) == []


def test_damage_from_the_attack_of_opportunity_spoils_the_attempt(kit: Any) -> None:
    # Step 1: Blue (Combat Reflexes: it may make attacks of opportunity while
    # flat-footed) hits Red's AC 16 with 15 + 9 = 24, for 1d8+3 = 7: the attempt fails.
    enc = kit.duel([20, 1, 15, 7], blue="Combat Reflexes", rows=ROWS)
    enc.apply(parse_action("grapple blue"))
    assert [e.type for e in enc.log[-4:]] == ["provoked", "aoo", "damage", "grapple"]
    assert events(enc, "grapple")[0].outcome["result"] == "spoiled"
    assert not enc.combatants["red"].grappling
    # a miss (natural 2) spoils nothing
    enc = kit.duel([20, 1, 2, 10, 15, 10, 5], blue="Combat Reflexes", rows=ROWS)
    enc.apply(parse_action("grapple blue"))
    assert events(enc, "grapple")[0].outcome["result"] == "held"


def test_improved_grapple_provokes_nothing_and_adds_four(kit: Any) -> None:
    # SRD feats "Improved Grapple" (seed 002: +4 on grapple checks, no attack of
    # opportunity): 20 ties Blue's 20, and Red's higher modifier (+13 against +9) wins
    # (seed 000 "In case of a tie, the combatant with the higher grapple check modifier
    # wins").
    enc = kit.duel(
        [20, 1, 10, 20, 20, 5], red="Improved Grapple", blue="Combat Reflexes", rows=ROWS
    )
    enc.apply(parse_action("grapple blue"))
    g = events(enc, "grapple")[0]
    assert not events(enc, "provoked")
    assert g.total("grapple check").value == 13 and g.outcome["check"] == [20, 20]
    assert g.outcome["result"] == "held"


def test_equal_modifiers_reroll_a_tie(kit: Any) -> None:
    # +9 against +9: a tie (14, 14) is rolled again (seed 000: "If this is a tie, roll
    # again to break the tie"): 12 against 16, Blue wins.
    enc = kit.duel([20, 1, 10, 14, 14, 12, 16], rows=ROWS)
    enc.apply(parse_action("grapple blue"))
    g = events(enc, "grapple")[0]
    assert g.outcome["result"] == "failed" and g.outcome["check"] == [12, 16]
    assert not enc.combatants["red"].grappling


def test_the_initiator_wins_ties_in_advanced(kit: Any) -> None:
    # seed 001: "If your grapple roll is greater than or equal to the target's, you get
    # a hold"; its grapple bonus is the melee attack bonus (+9 here, Medium).
    enc = kit.duel([20, 1, 10, 14, 14, 5], rows=ROWS, ruleset="advanced")
    enc.apply(parse_action("grapple blue"))
    assert events(enc, "grapple")[0].outcome["result"] == "held"


def test_a_full_attack_tries_again_at_the_lower_bonus(kit: Any) -> None:
    # seed 000 "Starting a Grapple": "If you get multiple attacks, you can attempt to
    # start a grapple multiple times (at successively lower base attack bonuses)". Red
    # (BAB +6/+1) misses the grab with a natural 1, then grabs with its second attack:
    # touch +4 (unarmed +9, -5 for the iterative attack), 10 + 4 = 14 against touch
    # AC 10; its hold check +4 (9 - 5): 15 against 10.
    enc = kit.duel([20, 1, 1, 10, 15, 10, 5], rows=ROWS)
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("grapple blue"))
    first, second = events(enc, "grapple")
    assert first.outcome["result"] == "missed" and second.outcome["result"] == "held"
    assert second.outcome["touch_total"] == 14 and second.total("grapple check").value == 4
    with pytest.raises(IllegalActionError):  # two attacks: none left
        enc.check(parse_action("pin blue"))


def test_in_advanced_only_an_armed_target_gets_the_unarmed_attack_s_aoo(kit: Any) -> None:
    # seed 001 "Grappling": "The only attack of opportunity is the usual one for an
    # unarmed attack against an armed creature". Blue (Combatant Reflexes: it may act
    # while flat-footed) holds a longsword: Red's grab provokes (Blue's 1 misses);
    # with Improved Unarmed Strike Red is armed, so nothing is provoked; nor does an
    # unarmed Blue get one.
    enc = kit.duel([20, 1, 1, 10, 15, 10, 5], blue="Combat Reflexes", rows=ROWS, ruleset="advanced")
    enc.apply(parse_action("grapple blue"))
    assert [e.actor for e in events(enc, "provoked")] == ["blue"]
    assert events(enc, "grapple")[0].outcome["result"] == "held"
    enc = kit.duel(
        [20, 1, 10, 15, 10, 5],
        red="Improved Unarmed Strike",
        blue="Combat Reflexes",
        rows=ROWS,
        ruleset="advanced",
    )
    enc.apply(parse_action("grapple blue"))
    assert not events(enc, "provoked")
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes", weapons=""),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5], ruleset="advanced")
    enc.apply(parse_action("grapple blue"))
    assert not events(enc, "provoked")


def test_a_missed_grab_and_a_lost_hold_start_nothing(kit: Any) -> None:
    enc = kit.duel([20, 1, 1], rows=ROWS)  # a natural 1 misses
    enc.apply(parse_action("grapple blue"))
    assert events(enc, "grapple")[0].outcome["result"] == "missed"
    enc = kit.duel([20, 1, 10, 10, 15], rows=ROWS)  # 10 against 15
    enc.apply(parse_action("grapple blue"))
    assert events(enc, "grapple")[0].outcome["result"] == "failed"
    assert not enc.combatants["red"].grappling and enc.combatants["red"].pos == (1, 1)


def test_a_target_two_sizes_larger_cannot_be_held(kit: Any) -> None:
    # seed 000 Step 3: "You automatically lose an attempt to hold if the target is two
    # or more size categories larger than you are": a Small goblin and a Large ogre; the
    # grab is rolled (it hits), the hold is not.
    sides = {
        "gob": "  - creature: goblin\n    at: b1\n",
        "ogres": "  - creature: ogre\n    at: c1\n",
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 15])
    enc.apply(parse_action("grapple ogre"))
    g = events(enc, "grapple")[0]
    assert g.outcome["result"] == "too large" and g.outcome["check"] is None
    assert [r.purpose for r in g.rolls] == ["grapple: melee touch attack (grab)"]


def test_joining_a_grapple_needs_no_touch_and_provokes_nothing(kit: Any) -> None:
    # seed 000 "Joining a Grapple": Blue is grappling Red, so Green's attempt provokes
    # no attack of opportunity and its grab succeeds: only the hold is rolled (15
    # against 10), then 4 damage and Green moves in: three in one square.
    enc = trio(kit, [10, 15, 10, 5], grey="Combat Reflexes")
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 10, 4]
    assert enc.current.id == "green"
    enc.apply(parse_action("grapple blue"))
    g = events(enc, "grapple")[-1]
    assert g.outcome["joining"] and g.outcome["touch_total"] is None
    assert [r.purpose for r in g.rolls] == ["grapple check (hold)", "grapple check (resist)"]
    c = enc.combatants
    assert c["blue"].grappling == ("green", "red")
    assert c["green"].pos == c["red"].pos == c["blue"].pos
    assert [x.id for x in G.grapple_group(enc, c["red"])] == ["blue", "green", "red"]
    assert problems(enc) == []


def test_a_joiner_picks_one_opponent_in_the_grapple(kit: Any) -> None:
    # seed 000 "Joining a Grapple": "If there are multiple opponents involved in the
    # grapple, you pick one to make the opposed grapple check against". Red and Green
    # hold Blue; Grey joins against Green alone (15 against 10), and moves in.
    enc = trio(kit, [10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 10, 4]
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    assert enc.current.id == "grey"
    enc.dice.totals += [15, 10, 6]
    enc.apply(parse_action("grapple green"))
    g = events(enc, "grapple")[-1]
    assert g.outcome["joining"] and g.target == "green" and g.outcome["check"] == [15, 10]
    c = enc.combatants
    assert c["grey"].grappling == ("green",) and c["green"].grappling == ("blue", "grey")
    assert len({c[x].pos for x in ("red", "green", "blue", "grey")}) == 1
    assert problems(enc) == []


def test_moving_in_provokes_from_others_but_not_the_target(kit: Any) -> None:
    # Step 4: "Moving, as normal, provokes attacks of opportunity from threatening
    # opponents, but not from your target." Grey (Combat Reflexes) threatens b2, which
    # Red leaves; Blue threatens it too but is the target (and grappling threatens
    # nothing anyway). Grey's attack: a natural 1.
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "b3", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 10, 15, 10, 5, 1])
    enc.apply(parse_action("grapple blue"))
    provoked = events(enc, "provoked")
    assert [(e.actor, e.outcome["reason"]) for e in provoked] == [
        ("grey", "moving into blue's space")
    ]
    assert events(enc, "move-in")[0].outcome["end"] == "c2"


def test_with_no_room_to_move_in_the_grappler_lets_go(kit: Any) -> None:
    # Step 4: "If you can't move into your target's space, you can't maintain the
    # grapple and must immediately let go." The Large ogre (a1-b2) grabs Blue at c2;
    # every position of its 2x2 space over c2 takes c1 or c3, where Blue's allies stand
    # (Large and Medium creatures cannot share a square). Ogre: unarmed +7 (BAB 3, Str
    # 5, Large -1) hits touch AC 10 with 10; grapple +12 (3 + 5 + 4): 20 against 10;
    # 1d4+5 = 7 damage.
    sides = {
        "ogres": "  - creature: ogre\n    at: a1\n",
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Cid", "c1") + kit.soldier("Cal", "c3"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 5, 3, 2, 10, 20, 10, 7])
    enc.apply(parse_action("grapple blue"))
    assert events(enc, "grapple")[0].outcome["result"] == "held"
    ends = events(enc, "grapple-ends")[0]
    assert ends.outcome["why"] == "cannot move in"
    assert not enc.combatants["ogre"].grappling and enc.combatants["ogre"].pos == (0, 0)


def test_seeded_grapples_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded grapples of Red on a flat-footed Blue (round 1: no attack of
    opportunity) hold within three standard deviations of ``odds grapple`` (the same
    procedure, enumerated)."""
    from d20combat.content.rulesets import ruleset
    from d20combat.odds import grapple_odds

    scenario = kit.make(
        kit.scenario_text(
            ROWS, {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
        )
    )
    n, holds, seed = 400, 0, 0
    for _ in range(n):
        while True:  # the fights where Red acts first: Blue is still flat-footed
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "red":
                break
        enc.apply(A.Grapple("blue"))
        holds += "red" in enc.combatants["blue"].grappling
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    p = float(grapple_odds(red.stats, blue.stats, ruleset(), flat_footed=True).p_success)
    # the touch attack +9 against flat-footed touch AC 10 hits but on a natural 1 (19/20);
    # the hold is an even contest (+9 against +9, a tie rerolled): 1/2
    assert p == pytest.approx(19 / 40)
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(holds - n * p) <= 3 * sd, (holds, n * p, sd)


def test_who_may_be_grappled(kit: Any) -> None:
    enc = kit.duel([20, 1], rows=ROWS)
    listed = [str(a) for a in enc.legal_actions()]
    assert "grapple blue" in listed and "grapple blue defensively" in listed
    with pytest.raises(IllegalActionError, match="started with the hands"):
        enc.apply(A.Grapple("blue", "longsword"))
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(hp=-1)
    enc.space.invalidate(blue)
    with pytest.raises(IllegalActionError, match="cannot act"):
        enc.apply(parse_action("grapple blue"))


def test_a_rogue_sneak_attacks_a_grappler_and_a_pinned_creature(kit: Any) -> None:
    # seed 000 "Sneak Attacks": a foe grappled by someone other than the rogue; seed
    # 002: the defender is pinned. Red (a rogue, +1d6) and Green hold Blue in round 1
    # (Red's touch 19 against 10, hold 15 against 10, 5 damage); Blue has acted (not
    # flat-footed) and nobody flanks it from outside. Green's sneak attack would be
    # "from outside"; Red's own, from inside its grapple, is denied until Blue is
    # pinned (seed 002 note 4 reads a pinned defender's Dex as 0).
    sides = {
        "red": kit.soldier("Red", "b2", special='"sneak attack +1d6"')
        + kit.soldier("Green", "a4", special='"sneak attack +1d6"'),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 10, 1, 10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    c = enc.combatants
    red, green, blue = c["red"], c["green"], c["blue"]
    blue.acted = True
    sword = green.melee_options()[0]
    _, notes = build_attack(enc, green, sword, sword.bonus, blue)
    assert notes["sneak_attack"] == "1d6"  # grappling, from outside the grapple
    own = red.melee_options()[0]
    _, notes = build_attack(enc, red, own, own.bonus, blue)
    assert "sneak_attack" not in notes  # from inside: Blue keeps its Dex against Red
    enc.impose(blue, "pinned", "red", G.PIN_TURNS)
    _, notes = build_attack(enc, red, own, own.bonus, blue)
    assert notes["sneak_attack"] == "1d6"


def test_at_most_four_grapplers_by_size(kit: Any) -> None:
    # seed 000 "Multiple Grapples": up to four on one creature; here four Medium
    # grapplers are linked to Blue already, so a fifth cannot join.
    sides = {
        "red": "".join(
            kit.soldier(n, at) for n, at in (("R1", "b1"), ("R2", "b2"), ("R3", "b3"), ("R4", "d1"))
        )
        + kit.soldier("R5", "d2"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 19, 18, 17, 16, 1])
    c = enc.combatants
    for name in ("r1", "r2", "r3", "r4"):
        G.link(enc, c[name], c["blue"])
        enc.space.place(c[name], c["blue"].pos)
    assert problems(enc) == []
    enc.turn = enc.order.index("r5")
    with pytest.raises(IllegalActionError, match="as many as can grapple it"):
        enc.check(A.Grapple("blue"))


# ------------------------------------------------------------ grappling consequences
def test_a_grappler_threatens_nothing_moves_not_and_keeps_dex_only_against_its_opponent(
    kit: Any,
) -> None:
    # seed 000 "Grappling Consequences": no threatened squares; no Dexterity bonus
    # against opponents it isn't grappling (Green: AC 15) but kept against Red (16,
    # and Red's attack on it is at -4, "Attack Your Opponent"; +2 flanking with Green,
    # Red standing in Blue's space: seed 000 "Mixing It Up"); no movement.
    enc = trio(kit, [10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    c = enc.combatants
    red, blue, green = c["red"], c["blue"], c["green"]
    assert not enc.space.threatened(red) and not enc.space.threatened(blue)
    blue.acted = True  # no longer flat-footed
    option = green.melee_options()[0]
    outside, _ = build_attack(enc, green, option, option.bonus, blue)
    assert outside.ac.value == 15  # 16 without Dex +1
    sword = red.melee_options()[0]
    inside, _ = build_attack(enc, red, sword, sword.bonus, blue)
    assert inside.ac.value == 16
    assert inside.bonus.value == sword.bonus.value - 4 + 2
    assert any(m.source == "in a grapple" for m in inside.bonus.counted())
    with pytest.raises(IllegalActionError, match="not one of the grapple options"):
        enc.apply(parse_action("move c1"))
    for verb in ("charge blue to c1", "trip blue", "total-defense", "step c1"):
        with pytest.raises(IllegalActionError, match="grapple options"):
            enc.apply(parse_action(verb))


def test_a_grappler_attacks_only_its_opponent_with_a_light_weapon(kit: Any) -> None:
    # seed 000 "Attack Your Opponent": an unarmed strike, natural or light weapon, at
    # -4; never two weapons. Red holds a dagger: +9 - 4 = +5.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="dagger"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "d3"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    enc.apply(parse_action("end"))  # Grey
    assert enc.current.id == "red"
    with pytest.raises(IllegalActionError, match="attacks only the creatures it grapples"):
        enc.apply(parse_action("attack grey"))
    enc.dice.totals += [1]
    enc.apply(parse_action("attack blue with dagger"))
    attack = events(enc, "attack")[-1]
    assert attack.total("attack bonus").value == 5
    # d20modern: no penalty stated (seed 004 "Attack with a Light Weapon", D09)
    sides["red"] = kit.soldier("Red", "b2", weapons="longsword, dagger")
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 10, 15, 10, 5], ruleset="d20modern")
    enc.apply(parse_action("grapple blue"))
    with pytest.raises(IllegalActionError, match="only an unarmed strike, a natural or a light"):
        enc.apply(parse_action("attack blue with longsword"))
    red = enc.combatants["red"]
    dagger = next(o for o in red.stats.options if o.name == "dagger")
    attack_, _ = build_attack(enc, red, dagger, dagger.bonus, enc.combatants["blue"])
    assert attack_.bonus.value == dagger.bonus.value
    # advanced: "a normal attack roll" (seed 001 "Grappling", D09): no penalty either
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 10, 15, 10, 5], ruleset="advanced")
    enc.apply(parse_action("grapple blue"))
    red = enc.combatants["red"]
    attack_, _ = build_attack(enc, red, dagger, dagger.bonus, enc.combatants["blue"])
    assert attack_.bonus.value == dagger.bonus.value
    # never two weapons (seed 000; seed 001 "You can't fight with two weapons")
    sides["red"] = kit.soldier("Red", "b2", weapons="dagger, {weapon: light mace, wield: 'off'}")
    for rules in ("srd35", "advanced", "d20modern"):
        enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 10, 15, 10, 5], ruleset=rules)
        enc.apply(parse_action("grapple blue"))
        for _ in range(3):  # Red, Grey, Blue: Red's next turn
            enc.apply(parse_action("end"))
        with pytest.raises(IllegalActionError, match="no two-weapon fighting in a grapple"):
            enc.check(parse_action("attack blue with dagger two-weapon"))


def test_grapple_damage_nonlethal_or_lethal_at_minus_four(kit: Any) -> None:
    # seed 000 "Damage Your Opponent": a grapple check in place of an attack; won,
    # 1d3+3 nonlethal; lethal at -4 on the check. Round 2, Red's first attack: lethal,
    # +9 - 4 = +5: 20 beats 10; 5 lethal damage.
    enc = held(kit, [])
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [20, 10, 5]
    enc.apply(parse_action("grapple-damage blue lethal"))
    check = events(enc, "grapple-check")[-1]
    assert check.outcome["option"] == "damage, lethal" and check.outcome["won"]
    assert check.total("grapple check").value == 5
    damage = events(enc, "damage")[-1]
    assert not damage.outcome["nonlethal"] and enc.combatants["blue"].vitals.hp == 34
    # the second attack of the full attack, nonlethal, at +4 (9 - 5): 18 against 17 wins
    enc.dice.totals += [18, 17, 4]
    enc.apply(parse_action("grapple-damage blue"))
    check = events(enc, "grapple-check")[-1]
    assert check.total("grapple check").value == 4 and check.outcome["option"] == "damage"
    assert events(enc, "damage")[-1].outcome["nonlethal"]


def test_a_monk_deals_its_own_damage_lethal_or_not_without_penalty(kit: Any) -> None:
    # seed 000 "Exception: Monks": a monk's unarmed strike (here 1d8, Improved Unarmed
    # Strike) is lethal, and nonlethal at will, with no -4 either way.
    sides = {
        "red": kit.soldier(
            "Red", "b2", feats="Improved Unarmed Strike", special="unarmed strike 1d8"
        ),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 8])
    enc.apply(parse_action("grapple blue"))
    assert not events(enc, "damage")[0].outcome["nonlethal"]  # the hold's, lethal
    assert enc.combatants["blue"].vitals.hp == 31
    enc.dice.totals += [19, 10, 7]
    enc.apply(parse_action("grapple-damage blue nonlethal"))
    check = events(enc, "grapple-check")[-1]
    assert check.total("grapple check").value == 4  # the second attack: 9 - 5, no -4
    assert events(enc, "damage")[-1].outcome["nonlethal"]


def test_drawing_a_light_weapon_takes_a_grapple_check(kit: Any) -> None:
    # seed 000 "Draw a Light Weapon": a move action with a successful grapple check
    # (D10); only a light weapon; seed 004: no check.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="longsword, dagger"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    red = enc.combatants["red"]
    assert red.wielding == ("longsword",)
    enc.dice.totals += [12, 14]  # 12 against 14: not drawn, the move action spent
    enc.apply(parse_action("draw dagger"))
    assert events(enc, "grapple-check")[-1].outcome["option"] == "draw a light weapon"
    assert red.wielding == ("longsword",) and not enc.budget.move
    sides["red"] = kit.soldier("Red", "b2", weapons="longsword, dagger, greatsword")
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5], ruleset="d20modern")
    enc.apply(parse_action("grapple blue"))
    with pytest.raises(IllegalActionError, match="only a light weapon"):
        enc.check(A.Draw("greatsword"))
    enc.apply(parse_action("draw dagger"))
    assert not events(enc, "grapple-check")
    assert "dagger" in enc.combatants["red"].wielding


def test_escaping_beats_every_opponent_and_steps_out(kit: Any) -> None:
    # seed 000 "Escape from Grapple": in place of an attack, beat each opponent's
    # check (Red 10 and Green 12 against Blue's 20); then Blue moves into a space next
    # to them. Red holds (15 against 10), Green joins (15 against 10).
    enc = trio(kit, [10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 10, 4]
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    assert enc.current.id == "blue"
    with pytest.raises(IllegalActionError, match="from the whole grapple"):
        enc.check(parse_action("escape-grapple red"))
    enc.dice.totals += [20, 10, 12, 1]
    enc.apply(parse_action("escape-grapple green"))
    check = events(enc, "grapple-check")[-1]
    assert check.outcome["against"] == ["green", "red"] and check.outcome["check"] == [20, 10, 12]
    c = enc.combatants
    assert not c["blue"].grappling and not c["blue"].has("grappling")
    assert not c["red"].grappling and not c["green"].grappling
    assert c["blue"].pos != c["red"].pos and enc.space.distance_ft(c["blue"], c["red"]) == 5
    # Red and Green, both Medium, no longer share Blue's square: Green (first by id)
    # goes to the closest free position (SRD combat-ii "Accidentally Ending Movement in
    # an Illegal Space"); the 6 free squares 1 square away are equally close, and a d6
    # (the scripted 1) picks one ("Closest Creature", A260)
    assert c["green"].pos != c["red"].pos and events(enc, "settle")[0].actor == "green"
    assert [(r.dice, r.total) for r in events(enc, "settle")[0].rolls] == [("1d6", 1)]
    assert problems(enc) == []


def test_one_opponent_beating_the_escape_holds_it(kit: Any) -> None:
    enc = trio(kit, [10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 10, 4]
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [20, 10, 22]  # Red beats the escape
    enc.apply(parse_action("escape-grapple green"))
    assert enc.combatants["blue"].grappling == ("green", "red")
    # an opponent that does not try to hold (seed 000) need not be beaten
    enc.holds["red"] = lambda e, holder, actor: False
    enc.dice.totals += [15, 10, 1]  # 1: the d6 among equally close squares (A260)
    enc.apply(parse_action("escape-grapple green"))
    assert events(enc, "grapple-check")[-1].outcome["against"] == ["green"]
    assert not enc.combatants["blue"].grappling


def test_piling_on_escapes_one_pairing_at_a_time_in_advanced(kit: Any) -> None:
    # seed 001 "Piling on": "The normal grappling rules apply to each one-on-one
    # grapple relationship"; "Slipping free ... if you roll equal or higher, you
    # escape" (ties to the escaper).
    enc = trio(kit, [10, 15, 10, 5], ruleset="advanced")
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 10, 4]
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 15, 1]  # 1: the d7 among equally close squares (A260)
    enc.apply(parse_action("escape-grapple red"))
    c = enc.combatants
    assert c["blue"].grappling == ("green",) and not c["red"].grappling
    assert c["blue"].pos == c["green"].pos  # still held by Green: no step out
    assert c["red"].pos != c["blue"].pos  # Red, out of the grapple, leaves the square
    assert problems(enc) == []


def test_escape_artist_is_a_standard_action(kit: Any) -> None:
    # seed 000: Escape Artist in place of the grapple check "requires a standard
    # action". Untrained: Dex +1, chainmail's armor check penalty -5: -4.
    enc = held(kit, [])
    enc.apply(parse_action("end"))
    assert enc.current.id == "blue"
    enc.dice.totals += [16, 15]
    enc.apply(parse_action("escape-artist red"))
    check = events(enc, "grapple-check")[-1]
    assert check.total("escape artist").value == -4 and check.outcome["won"]
    assert not events(enc, "provoked")  # SRD combat-i: escaping a grapple provokes none
    assert not enc.combatants["blue"].grappling
    assert enc.budget.move and not enc.budget.standard  # seed 004: the move may follow
    enc = held(kit, [])
    enc.apply(parse_action("end"))
    enc.dice.totals += [10, 15]
    enc.apply(parse_action("grapple-damage red"))
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.check(parse_action("escape-artist red"))


# ------------------------------------------------------------ pins
def pinned(kit: Any, rolls: list[int], **kw: Any) -> Any:
    """Red holds Blue (round 1), then pins it with the full attack's second attack at
    +4 (9 - 5): 20 against 10."""
    enc = held(kit, [20, 10, *rolls], **kw)
    enc.apply(parse_action("pin blue"))
    return enc


def test_a_pin_holds_for_a_round_and_costs_four_ac_against_others(kit: Any) -> None:
    # seed 000 "Pin Your Opponent"; "If You're Pinned": -4 AC against everyone but the
    # pinner, not helpless; the pinned creature may only try to escape the pin.
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Green", "b3"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 10, 1, 10, 15, 10, 5, 20, 10])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("pin blue"))
    c = enc.combatants
    red, blue, green = c["red"], c["blue"], c["green"]
    pin = blue.conditions["pinned"]
    assert pin.owner == "red" and pin.turns == G.PIN_TURNS
    blue.acted = True
    sword = green.melee_options()[0]
    other, _ = build_attack(enc, green, sword, sword.bonus, blue)
    assert other.ac.value == 11  # 16, no Dex (grappling, pinned), -4 (pinned)
    mine, _ = build_attack(enc, red, sword, sword.bonus, blue)
    assert mine.ac.value == 16
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Green
    assert enc.current.id == "blue"  # a pinned creature's turn still comes
    listed = {str(a) for a in enc.legal_actions()}
    assert {"escape-pin red", "escape-artist red", "end"} <= listed
    assert not any(a.startswith(("attack", "grapple-damage", "pin ")) for a in listed)
    with pytest.raises(IllegalActionError, match="may only try to escape"):
        enc.apply(parse_action("grapple-damage red"))
    # "prevent a pinned opponent from speaking" (a reading: the pinner always does):
    # surrender is spoken
    assert "surrender" not in listed
    with pytest.raises(IllegalActionError, match="keeps it from speaking"):
        enc.apply(parse_action("surrender"))
    enc.apply(parse_action("end"))
    # Red's turn: still pinning, through the turn; not renewed, the pin ends with it
    assert enc.current.id == "red" and blue.has("pinned")
    enc.apply(parse_action("end"))
    assert not blue.has("pinned") and blue.grappling == ("red",)


def test_a_pin_renewed_lasts_another_round(kit: Any) -> None:
    enc = pinned(kit, [])
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    enc.dice.totals += [25, 10]
    enc.apply(parse_action("pin blue"))
    enc.apply(parse_action("end"))
    assert enc.combatants["blue"].conditions["pinned"].turns == G.PIN_TURNS


def test_escaping_a_pin_leaves_the_grapple(kit: Any) -> None:
    # a grapple check in place of an attack (seed 000): 22 against 14; still grappling
    enc = pinned(kit, [])
    enc.apply(parse_action("end"))
    enc.dice.totals += [22, 14]
    enc.apply(parse_action("escape-pin red"))
    blue = enc.combatants["blue"]
    assert not blue.has("pinned") and blue.grappling == ("red",)


def test_what_a_pinner_cannot_do(kit: Any) -> None:
    # seed 000 "If You're Pinning an Opponent": no drawing or using a weapon, no escape,
    # no pinning another; it may damage, use the opponent's weapon, move the grapple.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="dagger, longsword"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5, 20, 10])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("pin blue"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue; Red still pins it in its turn
    assert enc.combatants["blue"].has("pinned")
    for text, why in (
        ("attack blue with dagger", "pinning: it cannot attack"),
        ("escape-grapple blue", "pinning: it cannot escape"),
        ("draw longsword", "pinning: it cannot draw"),
    ):
        with pytest.raises(IllegalActionError, match=why):
            enc.check(parse_action(text))
    # what it may: damage it, move the grapple, let it go
    for text in ("grapple-damage blue", "move-grapple d2", "release blue"):
        enc.check(parse_action(text))


def test_breaking_another_s_pin(kit: Any) -> None:
    # seed 000 "Break Another's Pin": Green, grappling Red (it joins: no attack of
    # opportunity, no touch attack), breaks Red's pin on Blue: Blue still grapples.
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Green", "c3"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 10, 15, 10, 5, 20, 10])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("pin blue"))
    enc.apply(parse_action("end"))
    assert enc.current.id == "green"
    enc.dice.totals += [20, 10, 5]
    enc.apply(parse_action("grapple red"))
    assert enc.combatants["green"].grappling == ("red",)
    enc.dice.totals += [20, 10]
    enc.apply(parse_action("break-pin red"))
    blue = enc.combatants["blue"]
    assert not blue.has("pinned") and blue.grappling == ("red",)
    assert G.break_pin_problem(enc, enc.combatants["green"], enc.get("red"), None) == (
        "red pins nobody else"
    )


def test_using_the_opponent_s_weapon(kit: Any) -> None:
    # seed 000 "Use Opponent's Weapon": a grapple check, then an attack with Blue's
    # dagger at -4 (Red's own +9 with it: BAB 6, Str 3): +5; it stays in Blue's hand.
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2", weapons="dagger")}
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5, 20, 10, 18, 4])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("use-weapon blue"))
    attack = events(enc, "attack")[-1]
    assert attack.outcome["weapon"] == "dagger" and attack.total("attack bonus").value == 0
    assert "dagger" in enc.combatants["blue"].wielding
    # the attack is the full attack's second (+4): 4 - 4 = 0, and it hits AC 10
    assert attack.outcome["total"] == 18
    d20m = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 15, 10, 5], ruleset="d20modern")
    d20m.apply(parse_action("grapple blue"))
    with pytest.raises(IllegalActionError, match="no such grapple option"):
        d20m.check(parse_action("use-weapon blue"))


def test_letting_go_of_a_pin(kit: Any) -> None:
    # seed 000: "You may voluntarily release a pinned character as a free action; if
    # you do so, you are no longer considered to be grappling that character"; only a
    # pinned one. Red leaves Blue's square for the closest free one.
    enc = held(kit, [])
    with pytest.raises(IllegalActionError, match="only a pin is let go"):
        enc.check(parse_action("release blue"))
    enc = pinned(kit, [1])  # the d8 among the 8 equally close squares (A260)
    enc.apply(parse_action("release blue"))
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert not red.grappling and not blue.grappling and not blue.has("pinned")
    assert red.pos != blue.pos and problems(enc) == []


def test_a_grapple_ends_at_will_in_advanced_if_both_wish_it(kit: Any) -> None:
    # seed 001: "You can end a grapple as a free action if the other creature also
    # wishes to end it."
    enc = held(kit, [], ruleset="advanced")
    with pytest.raises(IllegalActionError, match="does not wish to end"):
        enc.check(parse_action("release blue"))
    enc.holds["blue"] = lambda e, holder, actor: False
    enc.dice.totals += [8]  # the d8 among the 8 equally close squares (A260)
    enc.apply(parse_action("release blue"))
    assert not enc.combatants["red"].grappling


def test_moving_the_grapple(kit: Any) -> None:
    # seed 000 "Move": half speed (chainmail: 20 ft, so 10), a standard action, a
    # grapple check against everyone else in it, +4 against a lone pinned opponent
    # (Red pins Blue in round 1; round 2, Red's check +13: 20 against 10).
    enc = pinned(kit, [])
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    with pytest.raises(IllegalActionError, match="half speed"):
        enc.check(parse_action("move-grapple d2 e2 f2"))
    enc.dice.totals += [20, 10]
    enc.apply(parse_action("move-grapple d2 e2"))
    check = events(enc, "grapple-check")[-1]
    assert check.total("grapple check").value == 13
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert red.pos == blue.pos == (4, 1)
    assert events(enc, "move-grapple")[0].outcome["dragged"] == ["blue"]
    d20m = held(kit, [], ruleset="d20modern")
    with pytest.raises(IllegalActionError, match="no moving in a grapple"):
        d20m.check(parse_action("move-grapple d2"))


def test_a_shot_into_a_grapple_strikes_a_random_grappler(kit: Any) -> None:
    # seed 002 Table: Armor Class Modifiers, note 3: "Roll randomly to see which
    # grappling combatant you strike." Archer aims at Blue; 1d2 = 1 picks Blue, the
    # first of the two by id (blue, red).
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Archer", "g4", weapons="shortbow"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 10, 15, 10, 5])
    enc.apply(parse_action("grapple blue"))
    enc.apply(parse_action("end"))
    assert enc.current.id == "archer"
    enc.dice.totals += [2, 1]
    enc.apply(parse_action("attack blue with shortbow"))
    into = events(enc, "into-grapple")[0]
    assert into.target == "red" and into.outcome["grapplers"] == ["blue", "red"]
    assert events(enc, "attack")[-1].target == "red"


def test_a_grapple_ends_when_a_grappler_drops(kit: Any) -> None:
    enc = held(kit, [])
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(hp=3)
    enc.dice.totals += [20, 10, 5]
    enc.apply(parse_action("grapple-damage blue lethal"))
    assert events(enc, "grapple-ends")[0].outcome["why"] == "cannot hold on"
    assert not enc.combatants["red"].grappling and problems(enc) == []


# ------------------------------------------------------------ saves
def test_a_grapple_is_saved_and_resumed(kit: Any) -> None:
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    scenario = kit.make(kit.scenario_text(ROWS, sides))
    enc = Encounter.from_scenario(scenario, 3)
    enc.combatants["red"].pos = enc.combatants["blue"].pos
    enc.space.rebuild()
    G.link(enc, enc.combatants["red"], enc.combatants["blue"])
    enc.impose(enc.combatants["blue"], "pinned", "red", G.PIN_TURNS)
    saved = json.loads(json.dumps(enc.to_json()))
    assert saved["combatants"][0]["grappling"] == ["blue"]
    again = Encounter.from_json(saved)
    assert again.to_json() == enc.to_json() and again.situation() == enc.situation()
    assert enc.clone().combatants["blue"].grappling == ("red",)
    # an older save, without the fields, loads as no grapple
    old = json.loads(json.dumps(Encounter.from_scenario(scenario, 3).to_json()))
    for c in old["combatants"]:
        del c["grappling"], c["clinging"]
    assert Encounter.from_json(old).combatants["red"].grappling == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["combatants"][0].update(grappling=["blue"]), "does not grapple red back"),
        (lambda s: s["combatants"][0].update(grappling=["nobody"]), "no other combatant"),
        (
            lambda s: [
                c.update(grappling=[o])
                for c, o in zip(s["combatants"], ["blue", "red"], strict=True)
            ],
            "share no square",
        ),
        (
            lambda s: s["combatants"][1]["conditions"].update(pinned=["red", 2]),
            "who does not grapple blue",
        ),
        (lambda s: s["combatants"][0].update(clinging="blue"), "clinging condition"),
    ],
)
def test_a_broken_grapple_in_a_save_is_refused(kit: Any, change: Any, message: str) -> None:
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    enc = Encounter.from_scenario(kit.make(kit.scenario_text(ROWS, sides)), 3)
    saved = json.loads(json.dumps(enc.to_json()))
    change(saved)
    with pytest.raises(SaveFileError, match=message):
        Encounter.from_json(saved)


# ------------------------------------------------------------ climbing (seed 001)
def on_the_ogre(kit: Any, rolls: list[int], weapons: str = "longsword") -> Any:
    """``advanced``: Red (b2) climbs onto the Large ogre (c1-d2) in round 1: its unarmed
    strike (+9) against the flat-footed ogre's touch AC 8 (10, Dex -1, Large -1) with a
    10 hits; Strength +3 against +5 (Str 21): 20 against 10; Red clings at c1, the
    ogre's square nearest it (then in row order)."""
    sides = {
        "red": kit.soldier("Red", "b2", weapons=weapons),
        "ogres": "  - creature: ogre\n    at: c1\n",
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 20, 10, *rolls], ruleset="advanced")
    enc.apply(parse_action("climb-onto ogre"))
    return enc


def test_climbing_onto_a_larger_creature(kit: Any) -> None:
    # seed 001 "Getting up": an unarmed attack against touch AC, then Strength against
    # Strength; success pulls the climber up.
    enc = on_the_ogre(kit, [])
    climb = events(enc, "climb")[0]
    assert climb.outcome["result"] == "up" and climb.outcome["check"] == [20, 10]
    assert climb.total("touch armor class").value == 8
    red = enc.combatants["red"]
    assert red.clinging == "ogre" and red.has("clinging") and red.pos == (2, 0)
    assert problems(enc) == []
    with pytest.raises(IllegalActionError, match="forbid moving: clinging"):
        enc.check(parse_action("move a1"))
    # failure shakes it off unharmed; srd35 has no climbing
    sides = {"red": kit.soldier("Red", "b2"), "ogres": "  - creature: ogre\n    at: c1\n"}
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 10, 20], ruleset="advanced")
    enc.apply(parse_action("climb-onto ogre"))
    assert events(enc, "climb")[0].outcome["result"] == "shaken off"
    assert enc.combatants["red"].clinging is None and enc.combatants["red"].pos == (1, 1)
    srd = kit.scripted_encounter(ROWS, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="no climbing onto creatures"):
        srd.check(parse_action("climb-onto ogre"))


def test_a_clinging_creature_moves_with_its_carrier_and_may_be_shaken_off(kit: Any) -> None:
    # seed 001 "Shaking the smaller creature off": a standard action, Strength against
    # each clinger's; "Falling down": prone at its feet, 1d6 bludgeoning (4 here).
    enc = on_the_ogre(kit, [])
    enc.apply(parse_action("end"))
    assert enc.current.id == "ogre"
    enc.apply(parse_action("move d1 e1"))
    red, ogre = enc.combatants["red"], enc.combatants["ogre"]
    assert ogre.pos == (4, 0) and red.pos == (4, 0) and problems(enc) == []
    enc.dice.totals += [22, 10, 4]
    enc.apply(parse_action("shake-off"))
    assert events(enc, "shake-off")[0].outcome["result"] == "falls"
    fell = events(enc, "fall")[0]
    assert fell.outcome["damage"] == 4 and red.vitals.hp == 35
    assert red.has("prone") and red.clinging is None and not red.has("clinging")
    assert enc.space.distance_ft(red, ogre) == 5 and problems(enc) == []


def test_a_two_handed_attack_from_a_creature_s_back_needs_balance(kit: Any) -> None:
    # seed 001: "If you attempt to attack with a two-handed weapon, you must first pass
    # a Balance check or fall off and lose your attack. The DC for this check is 10 +
    # the larger creature's Hit Dice": 10 + 4. Red's Balance, untrained: Dex +1,
    # chainmail -5: -4; 9 fails: Red falls (1d6: 2), its attack lost.
    enc = on_the_ogre(kit, [], weapons="greatsword")
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [9, 2]
    enc.apply(parse_action("attack ogre"))
    balance = events(enc, "balance")[0]
    assert balance.outcome["dc"] == 14 and balance.total("balance").value == -4
    assert not events(enc, "attack") and events(enc, "fall")[0].outcome["why"] == "lost its balance"


def test_climbing_down_takes_the_move(kit: Any) -> None:
    # seed 001 "Getting down. Sliding down safely takes all your movement for one round."
    enc = on_the_ogre(kit, [])
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("climb-down"))
    red = enc.combatants["red"]
    assert red.clinging is None and not red.has("prone") and enc.budget.moved
    assert problems(enc) == []


def test_a_grapple_as_an_attack_of_opportunity_stops_the_mover(kit: Any) -> None:
    # SRD Table: Actions in Combat (note): a grapple replaces a melee attack, "even as an
    # attack of opportunity" (A189). Blue acts first and walks away; Red (Improved
    # Grapple: no attack back, +4; Combat Reflexes) makes its AoO as a grapple, the
    # encounter's aoo_maneuvers hook choosing: the touch attack 10 + 9 = 19 against
    # Blue's touch AC 11, the hold 25 (+13) against 10 (+9), 1d3+3 = 5 nonlethal, and Red
    # moves in: Blue, grabbed, loses the rest of its move (it stays in c2).
    sides = {
        "red": kit.soldier("Red", "b2", feats="Improved Grapple, Combat Reflexes"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(".......\n.......\n.......", sides, [1, 20, 10, 25, 10, 5])
    enc.aoo_maneuvers["red"] = lambda enc, reactor, provoker: "grapple"
    enc.apply(parse_action("move d2 e2"))
    g = events(enc, "grapple")[0]
    assert (g.actor, g.target, g.outcome["result"]) == ("red", "blue", "held")
    assert g.outcome["touch_total"] == 19 and g.outcome["check"] == [25, 10]
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert red.grappling == ("blue",) and red.pos == blue.pos == (2, 1)
    assert blue.vitals.nonlethal == 5
    assert enc.dice.totals == []
    assert problems(enc) == []


BEAST = """  - at: c1
    stat_block:
      name: Beast
      size: large
      type: animal
      abilities: {str: 21, dex: 10, con: 15, int: 2, wis: 12, cha: 6}
      hit_dice: [{count: 5, die: 8}]
      bab: 3
      base_saves: {fort: 5, ref: 4, will: 2}
      natural_attacks:
      - {name: bite, damage: 1d8, back: null}
      - {name: claw, count: 2, damage: 1d4, primary: false, back: -4}
"""


def test_a_carrier_reaches_its_back_as_its_anatomy_allows(kit: Any) -> None:
    # seed 001 "Attacks by the larger creature": "a lion would be unable to bite a
    # creature on its back, and would suffer a penalty if attacking with its claws" (the
    # natural attack's ``back``: null, -4; A254). Red climbs onto the Large beast (touch
    # AC 9: 10 + 9 hits; Strength 20 against 10); on the beast's turn its bite cannot
    # reach Red, its claw can at -4 (the penalty only against a clinger).
    sides = {"red": kit.soldier("Red", "b2"), "beasts": BEAST}
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 10, 20, 10], ruleset="advanced")
    enc.apply(parse_action("climb-onto beast"))
    red, beast = enc.combatants["red"], enc.combatants["beast"]
    assert red.clinging == "beast"
    enc.apply(parse_action("end"))
    bite, claw = beast.stats.options[0], beast.stats.options[1]
    assert (
        enc.space.attack_problem(beast, bite, red) == "its bite cannot reach a creature on its back"
    )
    with pytest.raises(IllegalActionError, match="cannot reach a creature on its back"):
        enc.check(parse_action("attack red with bite"))
    attack, _ = build_attack(enc, beast, claw, claw.bonus, red)
    assert attack.bonus.value == claw.bonus.value - 4
    assert not any(str(a).startswith("attack red with bite") for a in enc.legal_actions())


def test_moving_about_on_the_carrier_and_the_gm_s_checks(kit: Any) -> None:
    # seed 001: "The GM may require Climb or Balance checks to move about on an
    # enormous creature" (A262). Red clings at c1 on the ogre (c1-d2). Without the
    # option, `climb-about d2` (one diagonal, 5 ft: a move action) needs no check; d3 is
    # off the ogre's back. With the scenario's variant carrier-checks: Red's Climb
    # (untrained: Str +3, chainmail -5: -2) beats its Balance (Dex +1 - 5: -4); DC 10 +
    # the ogre's 4 HD = 14: a total of 14 (a 16 rolled) succeeds, back to c1; next turn
    # 13 fails: Red falls off, prone at the ogre's feet, 1d6 (3).
    enc = on_the_ogre(kit, [])
    with pytest.raises(IllegalActionError, match="not another place on ogre's back"):
        enc.check(parse_action("climb-about c3"))
    assert str(parse_action("climb-about d2")) == "climb-about d2"
    assert parse_action("climb-about d2") in enc.legal_actions()
    enc.apply(parse_action("climb-about d2"))
    red = enc.combatants["red"]
    assert red.pos == (3, 1) and red.clinging == "ogre" and not events(enc, "carrier-check")
    moved = events(enc, "climb-about")[0]
    assert (moved.target, moved.outcome) == ("ogre", {"start": "c1", "end": "d2"})
    with pytest.raises(IllegalActionError, match="no move action left"):
        enc.check(parse_action("climb-about c1"))
    assert problems(enc) == []
    enc.rules = enc.rules.with_variants("carrier-checks")
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # the ogre
    enc.dice.totals += [14]
    enc.apply(parse_action("climb-about c1"))
    chk = events(enc, "carrier-check")[0]
    assert (chk.outcome["skill"], chk.outcome["total"], chk.outcome["dc"]) == ("climb", 14, 14)
    assert chk.total("climb").value == -2 and red.pos == (2, 0)
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [13, 3]
    enc.apply(parse_action("climb-about d1"))
    assert events(enc, "carrier-check")[1].outcome["total"] == 13
    fell = events(enc, "fall")[0]
    assert fell.outcome["why"] == "lost its hold moving about" and fell.outcome["damage"] == 3
    assert red.clinging is None and red.has("prone") and problems(enc) == []
    with pytest.raises(IllegalActionError, match="clings to nothing"):
        enc.check(parse_action("climb-about d1"))
    still = on_the_ogre(kit, [])
    still.impose(still.combatants["red"], "paralyzed", "ogre", 0)
    with pytest.raises(IllegalActionError, match="conditions forbid it"):
        still.check(parse_action("climb-about d2"))


def test_the_gm_s_carrier_checks_are_a_scenario_variant(kit: Any) -> None:
    sides = {"red": kit.soldier("Red", "b2"), "ogres": "  - creature: ogre\n    at: c1\n"}
    text = kit.scenario_text(ROWS, sides, ruleset="advanced")
    assert kit.make(text + "variants: [carrier-checks]\n").ruleset.has(Variant.CARRIER_CHECKS)
