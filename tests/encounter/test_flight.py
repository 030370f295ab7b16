"""Flight in play, with scripted dice (encounter.flight, rules.flight; readings
A145-A150; SRD types-subtypes-and-special-abilities "Movement Modes (Fly)", monster-feats
"Hover", conditions "Paralyzed"; seed 001 "Flying").

The SRD giant eagle (monsters-e-f.html): Large (a 10-ft square, 10 ft tall here: A145),
fly 80 ft. (average), Dex 17, Reflex +7 (4 + 3), AC 15 (10 + 3 Dex + 3 natural - 1 size),
claws and bite with 5-ft reach; it cannot hover (average maneuverability, no Hover
feat). The kit's soldier Blue: longsword +9 (BAB 6 + Str 3), 1d8+3, reach 5 ft.
Scripted dice give totals: initiative, an attack roll's natural face, a damage total,
a save's natural face.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from typing import Any

import pytest

from d20combat.content.creatures import FeatRef
from d20combat.encounter.actions import Fly, parse_action
from d20combat.encounter.invariants import problems
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, InputError, SaveFileError
from d20combat.render.narrate import narrate
from d20combat.rules import flight as F

ROWS = """
........
........
........
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def eagle_fight(
    kit: Any,
    rolls: list[int],
    *,
    altitude: int,
    eagle_first: bool = True,
    ruleset: str = "srd35",
    creature: str = "giant eagle",
    ally: bool = False,
) -> Any:
    """The flier at a1 (``altitude`` ft up) against Blue at c1, next to it on the map;
    the flier acts first (initiative 20 against 1) unless ``eagle_first`` is False;
    ``ally``: Red at h3 on the flier's side (initiative 10), so the fight goes on."""
    sides = {
        "air": f"  - creature: {creature}\n    at: a1\n    altitude: {altitude}\n"
        + (kit.soldier("Red", "h3") if ally else ""),
        "blue": kit.soldier("Blue", "c1"),
    }
    init = [20, 1] if eagle_first else [1, 20]
    if ally:
        init.insert(1, 10)
    return kit.scripted_encounter(ROWS, sides, [*init, *rolls], ruleset=ruleset)


def test_distance_and_reach_count_the_height(kit: Any) -> None:
    """A145: the eagle 20 ft up fills 20-30 ft; Blue fills 0-5 ft: 4 squares apart in
    height, 1 on the map: 5-10-5 over the two legs is 4 squares (the second leg's one
    square costs nothing) = 20 ft, beyond both 5-ft reaches. Diving 15 ft (double
    speed: 10 ft of movement) puts it 5 ft up: one square above Blue's head, 5 ft."""
    enc = eagle_fight(kit, [], altitude=20)
    eagle, blue = enc.get("giant-eagle"), enc.get("blue")
    assert enc.space.distance_ft(eagle, blue) == 20
    assert not enc.space.threatens(blue, eagle) and not enc.space.threatens(eagle, blue)
    with pytest.raises(IllegalActionError, match="out of reach"):
        enc.apply(parse_action("attack blue with claw"))
    enc.apply(parse_action("fly down 15"))
    (e,) = events(enc, "fly")
    assert (e.outcome["start"], e.outcome["altitude"], e.outcome["cost"]) == (20, 5, 10)
    assert eagle.flown == 10
    assert enc.space.distance_ft(eagle, blue) == 5
    assert enc.space.threatens(blue, eagle) and enc.space.threatens(eagle, blue)
    assert "flies down from 20 ft to 5 ft" in narrate(e)[0]


def test_climbing_costs_double_for_average_fliers(kit: Any) -> None:
    """A146: rising costs twice the feet (half speed up) but for perfect fliers: the
    eagle's 80 ft of fly speed lifts it 40 ft, not 45."""
    enc = eagle_fight(kit, [], altitude=0)
    with pytest.raises(IllegalActionError, match="costs 90 ft of movement; its fly speed is 80"):
        enc.apply(parse_action("fly up 45"))
    assert Fly(True, 40) in list(enc.legal_actions())
    enc.apply(parse_action("fly up 40"))
    assert enc.get("giant-eagle").altitude == 40
    with pytest.raises(IllegalActionError, match="no fly speed"):
        blue_turn = eagle_fight(kit, [], altitude=0, eagle_first=False)
        blue_turn.apply(parse_action("fly up 5"))


def test_flight_forward_keeps_it_aloft(kit: Any) -> None:
    """seed 001 "Hover": a creature unable to hover must move forward at least half its
    speed (40 ft of the eagle's 80): climbing 40 ft (80 ft of movement) is enough, and
    it ends its turn without stalling."""
    enc = eagle_fight(kit, [], altitude=100)
    enc.apply(parse_action("fly up 40"))
    enc.apply(parse_action("end"))
    assert not events(enc, "stall") and enc.get("giant-eagle").altitude == 140


def test_a_flier_that_stops_stalls(kit: Any) -> None:
    """seed 001 "Stalling": the eagle 200 ft up ends its turn having flown nothing (it
    needed 40 ft): it stalls and comes down 100 ft (the round's descent at once: A149)."""
    enc = eagle_fight(kit, [], altitude=200)
    enc.apply(parse_action("end"))
    (s,) = events(enc, "stall")
    assert (s.outcome["flown"], s.outcome["needed"]) == (0, 40)
    assert enc.get("giant-eagle").altitude == 100
    (d,) = events(enc, "descend")
    assert (d.outcome["start"], d.outcome["altitude"]) == (200, 100)
    assert "stalls" in narrate(s)[0]


def test_a_stall_near_the_ground_crashes_for_at_most_3d10(kit: Any) -> None:
    """seed 001 "Stalling": from 60 ft a fall is 6d6 (A148: 1d6 per 10 ft), which
    could deal 36: the crash is limited to 3d10 (rolled: 17); eagle hit points 4d10+4
    (the SRD's 26) - 17 = 9."""
    enc = eagle_fight(kit, [17], altitude=60)
    enc.apply(parse_action("end"))
    (c,) = events(enc, "crash")
    assert (c.outcome["dice"], c.outcome["damage"], c.outcome["hp"]) == ("3d10", 17, 9)
    assert enc.get("giant-eagle").altitude == 0
    assert "crashes" in narrate(c)[0]


def test_a_hovering_flier_may_stay(kit: Any) -> None:
    """SRD monster-feats "Hover": perfect maneuverability keeps a creature in place (the
    medium air elemental, fly 100 ft. (perfect)): no stall."""
    enc = eagle_fight(kit, [], altitude=50, creature="medium air elemental")
    enc.apply(parse_action("end"))
    assert not events(enc, "stall")
    assert enc.get("medium-air-elemental").altitude == 50


def knock_out(enc: Any, cid: str) -> None:
    c = enc.get(cid)
    c.vitals = c.vitals._replace(hp=-1)  # dying: unconscious, helpless
    enc.space.invalidate(c)


def test_srd35_a_helpless_winged_flier_falls(kit: Any) -> None:
    """SRD conditions "Paralyzed": "A winged creature flying in the air ... falls": the
    eagle 30 ft up, knocked out on Blue's turn, falls to the ground: 3d6 (rolled 5), -1
    - 5 = -6 hit points."""
    enc = eagle_fight(kit, [5], altitude=30, eagle_first=False)
    knock_out(enc, "giant-eagle")
    enc.apply(parse_action("end"))
    (c,) = events(enc, "crash")
    assert (c.outcome["dice"], c.outcome["damage"], c.outcome["hp"]) == ("3d6", 5, -6)
    assert c.outcome["why"] == "plummets" and enc.get("giant-eagle").altitude == 0


def test_srd35_a_paralyzed_winged_flier_falls(kit: Any) -> None:
    """SRD conditions "Paralyzed" (srd-cond-17): paralyzed 30 ft up, the eagle falls:
    3d6 (rolled 9): 26 - 9 = 17."""
    enc = eagle_fight(kit, [9], altitude=30, eagle_first=False)
    enc.impose(enc.get("giant-eagle"), "paralyzed", "blue", 0)
    enc.apply(parse_action("end"))
    (c,) = events(enc, "crash")
    assert (c.outcome["damage"], c.outcome["hp"]) == (9, 17)
    assert not enc.space.aloft


def test_advanced_a_paralyzed_flier_unable_to_hover_stalls(kit: Any) -> None:
    """seed 001 "Stalling" (D78): paralyzed 150 ft up, the eagle stalls: 100 ft down at
    once; on its next turn, still paralyzed, 100 ft more: it crashes from 50 ft, 5d6
    (max 30, within 3d10's 30: rolled 12)."""
    enc = eagle_fight(kit, [12], altitude=150, eagle_first=False, ruleset="advanced", ally=True)
    eagle = enc.get("giant-eagle")
    enc.impose(eagle, "paralyzed", "blue", 0)
    enc.apply(parse_action("end"))  # Blue's; Red's turn comes before the eagle's
    assert (eagle.altitude, eagle.descent) == (50, 100)
    enc.apply(parse_action("end"))  # Red's; the eagle's turn starts (and is skipped)
    (c,) = events(enc, "crash")
    assert (c.outcome["dice"], c.outcome["damage"]) == ("5d6", 12)
    assert (eagle.altitude, eagle.descent) == (0, 0)


def test_advanced_a_winged_hoverer_plummets(kit: Any) -> None:
    """seed 001 "Unconscious while hovering": a creature hovering by wings plummets:
    the eagle given the Hover feat, knocked out 20 ft up, falls at once: 2d6 (7)."""
    enc = eagle_fight(kit, [7], altitude=20, eagle_first=False, ruleset="advanced")
    eagle = enc.get("giant-eagle")
    feats = (*eagle.stat.feats, type(eagle.stat.feats[0])(name="Hover"))
    eagle.stat = eagle.stat.model_copy(update={"feats": feats})
    eagle.hovering = True  # it has halted to hover (SRD monster-feats Hover, A261)
    knock_out(enc, "giant-eagle")
    enc.apply(parse_action("end"))
    (c,) = events(enc, "crash")
    assert (c.outcome["why"], c.outcome["dice"], c.outcome["damage"]) == ("plummets", "2d6", 7)


def test_a_magic_flier_drifts_down(kit: Any) -> None:
    """seed 001 "Unconscious while hovering": a creature flying by magic drifts down 60
    ft a round unharmed (A150: the air elemental flies by its nature, not by wings):
    from 100 ft to 40 ft at once, to the ground at its next turn, no damage."""
    enc = eagle_fight(
        kit, [], altitude=100, eagle_first=False, creature="medium air elemental", ally=True
    )
    air = enc.get("medium-air-elemental")
    knock_out(enc, air.id)
    air.vitals = air.vitals._replace(stable=True)  # no dying roll to script
    enc.space.invalidate(air)
    enc.apply(parse_action("end"))
    assert (air.altitude, air.descent) == (40, 60)
    enc.apply(parse_action("end"))
    assert air.altitude == 0 and not events(enc, "crash")
    assert [e.outcome["altitude"] for e in events(enc, "descend")] == [40, 0]


def test_advanced_damage_aloft_calls_for_a_reflex_save(kit: Any) -> None:
    """seed 001 "Damage while flying" (D79): Blue's longsword hits the eagle 5 ft up
    (face 15: 24 against AC 15) for 8; DC max(10, 8 // 2) = 10; the eagle's Reflex +7
    with a face of 2 makes 9: it stalls, and from 5 ft its crash deals nothing (under
    10 ft: A148). A second hit (face 15, 6 damage) with a save face of 3 (10) holds."""
    enc = eagle_fight(kit, [15, 8, 2], altitude=5, eagle_first=False, ruleset="advanced")
    enc.apply(parse_action("attack giant-eagle"))
    (s,) = events(enc, "stay-aloft")
    assert (s.outcome["dc"], s.outcome["total"], s.outcome["saved"]) == (10, 9, False)
    assert enc.get("giant-eagle").altitude == 0
    (c,) = events(enc, "crash")
    assert c.outcome["damage"] == 0
    assert "Reflex 9 against DC 10" in narrate(s)[0]
    srd = eagle_fight(kit, [15, 8], altitude=5, eagle_first=False)
    srd.apply(parse_action("attack giant-eagle"))
    assert not events(srd, "stay-aloft") and srd.get("giant-eagle").altitude == 5


def test_stay_aloft_odds_match_enumeration() -> None:
    """The Reflex save's chance against a brute-force count of the d20's faces (a 20
    always saves, a 1 always fails)."""
    for reflex, damage in itertools.product(range(-5, 25), range(0, 60, 3)):
        dc = max(10, damage // 2)
        wins = sum(1 for face in range(1, 21) if face == 20 or (face != 1 and face + reflex >= dc))
        assert F.p_stay_aloft(reflex, damage) == Fraction(wins, 20)


def test_flight_arithmetic() -> None:
    """A145, A146, A148 worked by hand."""
    assert F.distance_3d(0, 0) == 0 and F.distance_3d(15, 3) == 20  # 3 and 3: 5+10+5
    assert F.vertical_gap(0, 5, 0, 10) == 0 and F.vertical_gap(10, 5, 0, 5) == 2
    assert F.climb_cost(20, "perfect") == 20 and F.climb_cost(20, "good") == 40
    assert F.dive_cost(20) == 10 and F.dive_cost(5) == 5
    assert F.min_forward_ft(80) == 40 and F.min_forward_ft(50) == 25 and F.min_forward_ft(30) == 15
    assert F.fall_dice(5) is None and str(F.fall_dice(250)) == "20d6"
    assert str(F.crash_dice(50)) == "5d6" and str(F.crash_dice(60)) == "3d10"
    assert F.can_hover("perfect", frozenset()) and F.can_hover("poor", frozenset({"Hover"}))
    assert not F.can_hover("good", frozenset())


def test_fly_notation_round_trips_and_refuses_nonsense() -> None:
    assert str(parse_action("fly up 20")) == "fly up 20"
    assert parse_action("fly down 5") == Fly(False, 5)
    for bad in ("fly", "fly sideways 5", "fly up", "fly up x", "fly up 5 10"):
        with pytest.raises(InputError, match="fly up FEET"):
            parse_action(bad)


def test_flying_down_is_bounded_by_the_ground(kit: Any) -> None:
    enc = eagle_fight(kit, [], altitude=10)
    with pytest.raises(IllegalActionError, match="10 ft up: it cannot fly down 15"):
        enc.apply(parse_action("fly down 15"))
    with pytest.raises(IllegalActionError, match="whole number of 5-ft squares"):
        enc.apply(parse_action("fly down 7"))


def test_altitude_saved_and_checked(kit: Any) -> None:
    """The save keeps altitude, flown and descent; a hostile save is refused naming
    the field: a soldier aloft, a flier at 7 ft, a descent on the ground."""
    enc = kit.encounter(
        ROWS,
        {
            "air": "  - creature: giant eagle\n    at: a1\n    altitude: 30\n",
            "blue": kit.soldier("Blue", "c1"),
        },
    )
    enc.get("giant-eagle").altitude, enc.get("giant-eagle").flown = 40, 20
    doc = enc.to_json()
    again = Encounter.from_json(json.loads(json.dumps(doc)))
    eagle = again.get("giant-eagle")
    assert (eagle.altitude, eagle.flown) == (40, 20) and again.space.aloft == {"giant-eagle"}
    assert not problems(again)
    for cid, field, value, why in (
        ("blue", "altitude", 10, "aloft without a fly speed"),
        ("giant-eagle", "altitude", 7, "altitude 7 ft"),
        ("giant-eagle", "descent", 30, "sinks 30 ft a round"),
    ):
        bad = json.loads(json.dumps(doc))
        for c in bad["combatants"]:
            if c["id"] == cid:
                c[field] = value
        with pytest.raises(SaveFileError, match=why):
            Encounter.from_json(bad)


def test_scenario_refuses_altitude_without_fly_speed(kit: Any) -> None:
    sides = {
        "air": "  - creature: giant eagle\n    at: a1\n",
        "blue": kit.soldier("Blue", "c1", extra="altitude: 10"),
    }
    with pytest.raises(InputError) as err:
        kit.make(kit.scenario_text(ROWS, sides))
    assert "no fly speed" in str(err.value.problems)


WIDE = """
..........
..........
..........
"""


def dive_fight(kit: Any, rolls: list[int], *, ruleset: str = "srd35", altitude: int = 20) -> Any:
    """The eagle at a1, ``altitude`` ft up, and Blue at f1, 20 ft away on the map."""
    sides = {
        "air": f"  - creature: giant eagle\n    at: a1\n    altitude: {altitude}\n",
        "blue": kit.soldier("Blue", "f1"),
    }
    return kit.scripted_encounter(WIDE, sides, [20, 1, *rolls], ruleset=ruleset)


def test_srd35_dive_is_a_charge_with_one_claw_at_double_damage(kit: Any) -> None:
    """SRD "Movement Modes (Fly)": the eagle 20 ft up dives at Blue: the charge lane a1
    to d1 (15 ft) and 15 ft down to 5 ft above Blue's head (30 ft in all, the minimum;
    at least 10 ft down); the claw at +9 (BAB 4 + Str 4 - 1 Large + 2 charge) against
    Blue's flat-footed AC 15: face 12, 21 hits; 1d6+4 doubled is rolled as 2d6+8 (14)."""
    enc = dive_fight(kit, [12, 14])
    assert "charge blue to d1 dive" in [str(a) for a in enc.legal_actions()]
    enc.apply(parse_action("charge blue to d1 dive"))
    (d,) = events(enc, "dive")
    assert (d.outcome["start"], d.outcome["altitude"], d.outcome["swoop"]) == (20, 5, False)
    (hit,) = [e for e in enc.log if e.type == "attack"]
    assert hit.outcome["total"] == 21
    (dmg,) = events(enc, "damage")
    assert (dmg.outcome["damage"], dmg.outcome["multiplier"]) == (14, 2)
    assert enc.get("giant-eagle").has("charged")  # the charge's -2 AC
    assert "dives at blue from 20 ft to 5 ft" in narrate(d)[0]


def test_srd35_dive_needs_30_ft_and_10_ft_down(kit: Any) -> None:
    """10 ft up, the eagle would descend only 5 ft (to 5 ft above Blue): no dive."""
    enc = dive_fight(kit, [], altitude=10)
    with pytest.raises(IllegalActionError, match="descends at least 10 ft"):
        enc.apply(parse_action("charge blue to d1 dive"))
    with pytest.raises(IllegalActionError, match="from the air it charges by diving"):
        enc.apply(parse_action("charge blue to d1"))


def test_advanced_swoop_has_no_charge_bonus(kit: Any) -> None:
    """seed 001 "Swoop" (D80): double damage, claws only, but no charge: the claw at +7
    (face 12: 19 against 15), and no -2 AC afterwards."""
    enc = dive_fight(kit, [12, 14], ruleset="advanced", altitude=10)
    enc.apply(parse_action("charge blue to d1 dive"))
    (d,) = events(enc, "dive")
    assert d.outcome["swoop"] is True
    (hit,) = [e for e in enc.log if e.type == "attack"]
    assert hit.outcome["total"] == 19
    assert not enc.get("giant-eagle").has("charging")
    assert "swoops at blue" in narrate(d)[0]


def flyby_fight(kit: Any, rolls: list[int], *, ruleset: str, blue_first: bool = False) -> Any:
    """The eagle at a1, 5 ft up; Blue at e1."""
    sides = {
        "air": "  - creature: giant eagle\n    at: a1\n    altitude: 5\n",
        "blue": kit.soldier("Blue", "e1"),
    }
    init = [1, 20] if blue_first else [20, 1]
    return kit.scripted_encounter(WIDE, sides, [*init, *rolls], ruleset=ruleset)


def test_flyby_attacks_on_the_way_and_flies_on(kit: Any) -> None:
    """SRD monster-feats "Flyby Attack" (the giant eagle has it): a1 to c1, where Blue
    at e1 is within its claw's reach (5 ft up, next to it: 5 ft), the claw at +7 (face
    12: 19 hits flat-footed AC 15; 1d6+4: 5), then on past it to i2: 8 squares, 40 ft
    of flight, enough to stay aloft (half of 80)."""
    enc = flyby_fight(kit, [12, 5], ruleset="srd35")
    enc.apply(parse_action("flyby blue b1 c1 d2 e2 f2 g2 h2 i2"))
    (f,) = events(enc, "flyby")
    assert f.outcome["at"] == "c1" and "flies past blue" in narrate(f)[0]
    (dmg,) = events(enc, "damage")
    assert dmg.outcome["damage"] == 5
    eagle = enc.get("giant-eagle")
    assert eagle.pos == (8, 1) and eagle.flown == 40
    assert not enc.budget.standard and not enc.budget.move
    enc.apply(parse_action("end"))
    assert not events(enc, "stall")


def test_srd35_flyby_needs_the_feat_and_seed001_spares_the_target(kit: Any) -> None:
    """srd35: without Flyby Attack, no flyby (D80). Blue readied (seed 001 "If you want
    to strike at a creature as it flies past, you can use a readied action") would
    strike; moving away from Blue otherwise provokes from it in srd35, never in
    advanced (seed 001: "without ... provoking an attack of opportunity")."""
    enc = flyby_fight(kit, [], ruleset="srd35")
    eagle = enc.get("giant-eagle")
    eagle.stat = eagle.stat.model_copy(update={"feats": ()})
    with pytest.raises(IllegalActionError, match="lacks the Flyby Attack feat"):
        enc.apply(parse_action("flyby blue b1 c1 c2 b2 a2"))
    # Blue acts first (not flat-footed), then the eagle flies by: srd35 provokes
    srd = flyby_fight(kit, [12, 5, 10, 5], ruleset="srd35", blue_first=True)
    srd.apply(parse_action("end"))
    srd.apply(parse_action("flyby blue b1 c1 c2 b2 a2"))
    assert [e.actor for e in srd.log if e.type == "damage"] == ["giant-eagle", "blue"]
    adv = flyby_fight(kit, [12, 5], ruleset="advanced", blue_first=True)
    adv.apply(parse_action("end"))
    adv.apply(parse_action("flyby blue b1 c1 c2 b2 a2"))
    assert [e.actor for e in adv.log if e.type == "damage"] == ["giant-eagle"]


def test_flyby_refuses_a_path_out_of_reach(kit: Any) -> None:
    enc = flyby_fight(kit, [], ruleset="advanced")
    with pytest.raises(IllegalActionError, match="never within reach"):
        enc.apply(parse_action("flyby blue a2"))
    assert str(parse_action("flyby blue b1 c1")) == "flyby blue b1 c1"


def test_seed001_a_readied_attack_strikes_a_flier_passing(kit: Any) -> None:
    """seed 001 "If you want to strike at a creature as it flies past, you can use a
    readied action": Blue readies; the eagle flying by enters its reach at c1 and the
    readied longsword strikes first (face 15: 24 against the eagle's AC 15; 1d8+3 rolled
    5); hurt aloft, the eagle saves (face 15: 22 against DC 10) and flies on to
    strike (claw face 12, 5 damage)."""
    enc = flyby_fight(kit, [15, 5, 15, 12, 5], ruleset="advanced", blue_first=True)
    enc.apply(parse_action("ready attack when enters-reach"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("flyby blue b1 c1 d2 e2 f2 g2 h2 i2"))
    assert [e.actor for e in enc.log if e.type == "damage"] == ["blue", "giant-eagle"]
    (s,) = events(enc, "stay-aloft")
    assert s.outcome["saved"] and enc.get("giant-eagle").altitude == 5


def test_incorporeal_fliers_never_fall(kit: Any) -> None:
    """SRD special abilities "Incorporeal": it "cannot fall or take falling damage":
    the wraith (fly 60 ft. (good)), knocked out 30 ft up, stays there."""
    enc = eagle_fight(kit, [], altitude=30, eagle_first=False, creature="wraith", ally=True)
    knock_out(enc, "wraith")
    enc.apply(parse_action("end"))
    assert enc.get("wraith").altitude == 30 and not events(enc, "crash")


def test_fliers_pass_over_low_obstacles_and_rough_ground(kit: Any) -> None:
    """SRD combat-ii "Terrain and Obstacles": flying creatures avoid most obstacles (and
    difficult terrain does not hamper them): the eagle aloft crosses a low wall (=) and
    rubble (,) at 5 ft a square (walls still stop it: the map has no height, A154)."""
    rows = """
    ..=,....
    ..=,....
    ..#.....
    """
    sides = {
        "air": "  - creature: giant eagle\n    at: a1\n    altitude: 20\n",
        "blue": kit.soldier("Blue", "h3"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    eagle = enc.get("giant-eagle")
    assert enc.space.path_cost(eagle, ((1, 0), (2, 0), (3, 0), (4, 0))) == 20


def test_no_charge_at_a_flier_out_of_reach(kit: Any) -> None:
    """A145: Blue (acting first) cannot charge the eagle 30 ft up (its sword reaches
    5 ft); 5 ft up, it can."""
    for altitude, legal in ((30, False), (5, True)):
        sides = {
            "air": f"  - creature: giant eagle\n    at: a1\n    altitude: {altitude}\n",
            "blue": kit.soldier("Blue", "f1"),
        }
        enc = kit.scripted_encounter(WIDE, sides, [1, 20])
        charges = [a for a in enc.legal_actions() if str(a).startswith("charge")]
        assert bool(charges) is legal
        if not legal:
            with pytest.raises(IllegalActionError, match="no charge to c1"):
                enc.apply(parse_action("charge giant-eagle to c1"))


def hovering_dragon(kit: Any, *, altitude: int = 30) -> Any:
    """The SRD young red dragon (Large, fly 150 ft. (poor), bite, 2 claws, 2 wings, tail
    slap) given the Hover feat, at a1 ``altitude`` ft up, against Blue at h3; it acts
    first (20 against 1)."""
    sides = {
        "air": f"  - creature: young red dragon\n    at: a1\n    altitude: {altitude}\n",
        "blue": kit.soldier("Blue", "h3"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1])
    d = enc.get("young-red-dragon")
    d.stat = d.stat.model_copy(update={"feats": (*d.stat.feats, FeatRef(name="Hover"))})
    return enc


def test_hover_halts_as_a_move_action_then_flies_at_half_speed(kit: Any) -> None:
    """SRD monster-feats "Hover": "the creature can halt its forward motion and hover in
    place as a move action. It can then fly in any direction, including straight down or
    straight up, at half speed, regardless of its maneuverability" (A261). The dragon's
    fly 150 ft. is 75 hovering; climbing 20 ft costs 20 ft of it (poor maneuverability
    would otherwise pay 40: A146); it ends its turn without flying forward and does not
    stall (without hovering it needed 75 ft: seed 001 "Hover")."""
    enc = hovering_dragon(kit)
    d = enc.get("young-red-dragon")
    assert parse_action("hover") in enc.legal_actions()
    enc.apply(parse_action("hover"))
    (h,) = events(enc, "hover")
    assert h.outcome == {"hovering": True, "altitude": 30} and d.hovering
    assert not enc.budget.move and enc.budget.standard  # the move action is spent
    assert enc.space.speed(d) == 75
    with pytest.raises(IllegalActionError, match="hovering already"):
        enc.check(parse_action("hover"))
    enc.apply(parse_action("fly up 20"))  # the standard action as a move
    assert events(enc, "fly")[-1].outcome["cost"] == 20 and d.altitude == 50
    enc.apply(parse_action("end"))
    assert not events(enc, "stall") and d.altitude == 50
    assert "hovers" in narrate(h)[0]


def test_a_hoverer_beginning_its_turn_hovering_full_attacks_without_its_wings(
    kit: Any,
) -> None:
    """SRD monster-feats "Hover": "If a creature begins its turn hovering, it can hover
    in place for the turn and take a full-round action. A hovering creature cannot make
    wing attacks, but it can attack with all other limbs": hovering, the dragon's ready
    attacks lose its wings (bite, claws, tail slap stay); flying on (``hover off``, free:
    A261) gives them back; a second turn spent in place, with a full-round action left,
    does not stall."""
    enc = hovering_dragon(kit)
    d = enc.get("young-red-dragon")
    names = {o.name for o in d.melee_options()}
    assert "wing" in names
    enc.apply(parse_action("hover"))
    assert {o.name for o in d.melee_options()} == names - {"wing"}
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    assert enc.current is d and d.hovering
    assert enc.budget.can_full_round  # it began its turn hovering
    enc.apply(parse_action("end"))
    assert not events(enc, "stall") and d.altitude == 30
    enc.apply(parse_action("end"))
    enc.apply(parse_action("hover off"))
    assert not d.hovering and "wing" in {o.name for o in d.melee_options()}
    assert not enc.budget.can_full_round or enc.budget.move  # flying on is free


def test_who_may_hover_and_hostile_saves(kit: Any) -> None:
    """Hover needs the feat and the air: the eagle (no Hover feat) and a dragon on the
    ground are refused; landing ends the hovering; a save of a creature hovering on the
    ground is refused, naming the field."""
    enc = eagle_fight(kit, [], altitude=30)
    with pytest.raises(IllegalActionError, match="lacks the Hover feat"):
        enc.check(parse_action("hover"))
    enc = hovering_dragon(kit, altitude=0)
    with pytest.raises(IllegalActionError, match="not flying"):
        enc.check(parse_action("hover"))
    assert parse_action("hover") not in enc.legal_actions()
    enc = hovering_dragon(kit, altitude=10)
    d = enc.get("young-red-dragon")
    enc.apply(parse_action("hover"))
    enc.apply(parse_action("fly down 10"))
    assert d.altitude == 0 and not d.hovering
    with pytest.raises(IllegalActionError, match="not hovering"):
        enc.check(parse_action("hover off"))
    sides = {
        "air": "  - creature: young red dragon\n    at: a1\n",
        "blue": kit.soldier("Blue", "h3"),
    }
    data = json.loads(json.dumps(kit.encounter(ROWS, sides, seed=1).to_json()))
    data["combatants"][0]["hovering"] = True
    with pytest.raises(SaveFileError, match=r"combatants\[0\]\.hovering|hovering"):
        Encounter.from_json(data)
