"""The monster attacks built on the grapple, in play with scripted dice (SRD special
abilities "Improved Grab" and "Constrict"; seed 001 "Grappling": "Improved grab ...
makes a grapple check in addition to dealing damage"; "Constricting creatures").

The SRD owlbear (monsters-o-r.html): Large, Str 21, BAB +5; claws +9 (5 + 5 - 1 for
Large) for 1d6+5 with improved grab, bite +4 (secondary: -5) for 1d8+2; grapple +14
(5 + 5 + 4 Large). The SRD black pudding (monsters-o-r.html): Huge, Str 17, BAB +7;
slam +8 (7 + 3 - 2 for Huge) for 2d6+4 plus 2d6 acid with improved grab; grapple +18
(7 + 3 + 8 Huge); constrict 2d6+4 plus 2d6 acid. The kit's soldier: AC 16 (flat-footed
15), grapple +9, 39 hit points. Scripted dice give totals: an attack roll's natural
face, a check's total, a damage roll's total (the extra dice apart).
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter.actions import parse_action
from d20combat.encounter.invariants import problems
from d20combat.render.narrate import narrate

ROWS = """
.......
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def owlbear(kit: Any, rolls: list[int], *, blue: str = "", **kw: Any) -> Any:
    """The owlbear (a1-b2) against Blue (c1); initiative 21 against 2."""
    sides = {
        "owls": "  - creature: owlbear\n    at: a1\n",
        "blue": kit.soldier("Blue", "c1", feats=blue),
    }
    return kit.scripted_encounter(ROWS, sides, [20, 1, *rolls], **kw)


def test_a_claw_that_hits_grabs_without_a_touch_attack_or_an_aoo(kit: Any) -> None:
    # "it deals normal damage and attempts to start a grapple as a free action without
    # provoking an attack of opportunity. No initial touch attack is required": the
    # claw (15 + 9 = 24 against flat-footed AC 15) deals 8; the hold, 20 against 10;
    # "A successful hold does not deal any extra damage"; "it pulls the opponent into
    # its space. This act does not provoke attacks of opportunity" (Blue has Combat
    # Reflexes, so could make one while flat-footed).
    enc = owlbear(kit, [15, 8, 20, 10], blue="Combat Reflexes")
    enc.apply(parse_action("attack blue"))
    assert [e.type for e in enc.log[-4:]] == ["attack", "damage", "grapple", "move-in"]
    g = events(enc, "grapple")[0]
    assert g.outcome["grab"] == "claw" and g.outcome["result"] == "held"
    assert g.outcome["touch_total"] is None and g.outcome["check"] == [20, 10]
    assert g.total("grapple check").value == 14 and g.rule == "SRD special abilities Improved Grab"
    assert [r.purpose for r in g.rolls] == ["grapple check (hold)", "grapple check (resist)"]
    assert not events(enc, "provoked")
    owl, blue = enc.combatants["owlbear"], enc.combatants["blue"]
    assert blue.vitals.hp == 31  # the claw's 8 alone
    assert owl.grappling == ("blue",) and owl.pos == (0, 0) and blue.pos == (1, 0)
    assert events(enc, "move-in")[0].actor == "blue"
    assert problems(enc) == []
    text = narrate(g)[0]
    assert "grabs blue with its claw (improved grab" in text.lower() and "pulls" in text


def test_a_failed_hold_and_a_target_too_large_hold_nothing(kit: Any) -> None:
    # the hold lost (15 against 20): no grapple, Blue stays
    enc = owlbear(kit, [15, 8, 15, 20])
    enc.apply(parse_action("attack blue"))
    assert events(enc, "grapple")[0].outcome["result"] == "failed"
    assert not enc.combatants["owlbear"].grappling and enc.combatants["blue"].pos == (2, 0)
    # "improved grab works only against opponents at least one size category smaller":
    # a Large ogre is hit but not grabbed
    sides = {
        "owls": "  - creature: owlbear\n    at: a1\n",
        "ogres": "  - creature: ogre\n    at: c1\n",
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 15, 8])
    enc.apply(parse_action("attack ogre"))
    assert events(enc, "damage") and not events(enc, "grapple")


def test_each_won_check_deals_the_claw_again(kit: Any) -> None:
    # "each successful grapple check it makes during successive rounds automatically
    # deals the damage indicated for the attack that established the hold": round 2,
    # the owlbear pins Blue (22 against 12): the claw's 1d6+5 = 9 comes with it;
    # damaging it (25 against 11) deals the claw's damage (7), lethal.
    enc = owlbear(kit, [15, 8, 20, 10])
    enc.apply(parse_action("attack blue"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue
    enc.dice.totals += [22, 12, 9]
    enc.apply(parse_action("pin blue"))
    blue = enc.combatants["blue"]
    assert blue.has("pinned") and blue.vitals.hp == 22
    assert events(enc, "damage")[-1].outcome["weapon"] == "claw"
    enc.dice.totals += [25, 11, 7]
    enc.apply(parse_action("grapple-damage blue"))
    damage = events(enc, "damage")[-1]
    assert damage.outcome["weapon"] == "claw" and not damage.outcome["nonlethal"]
    assert blue.vitals.hp == 15


def test_the_held_creature_is_attacked_with_the_other_natural_weapons(kit: Any) -> None:
    # seed 001: a creature holding a victim with Improved Grab "can continue to attack
    # with its other natural weapons": advanced, a normal attack (D09): the second claw
    # +9; srd35: a grappler's attack with a natural weapon at -4 (seed 000): +5.
    for rules, bonus in (("advanced", 9), ("srd35", 5)):
        enc = owlbear(kit, [15, 8, 20, 10, 2], ruleset=rules)
        enc.apply(parse_action("attack blue"))
        enc.apply(parse_action("attack blue with claw"))
        second = events(enc, "attack")[-1]
        assert second.outcome["weapon"] == "claw"
        assert second.total("attack bonus").value == bonus, rules


def test_constriction_on_the_hold_and_on_each_won_check(kit: Any) -> None:
    # SRD "Constrict": "after making a successful grapple check ... If the creature also
    # has the improved grab ability it deals constriction damage in addition to damage
    # dealt by the weapon used to grab". The black pudding (a1-c3) slams Blue (d1):
    # 15 + 8 hits; 2d6+4 = 10 and 2d6 acid = 7; the hold (30 against 10) crushes at
    # once: 2d6+4 = 9 and 2d6 acid = 4; Blue, pulled in, has 39 - 17 - 13 = 9 left.
    sides = {"pud": "  - creature: black pudding\n    at: a1\n", "blue": kit.soldier("Blue", "d1")}
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 15, 10, 7, 30, 10, 9, 4])
    enc.apply(parse_action("attack blue"))
    kinds = [(e.type, e.outcome.get("weapon")) for e in enc.log[-5:]]
    assert kinds == [
        ("attack", "slam"),
        ("damage", "slam"),
        ("grapple", None),
        ("damage", "constrict"),
        ("move-in", None),
    ]
    crush = events(enc, "damage")[-1]
    assert crush.outcome["damage"] == 13
    assert [r.purpose for r in crush.rolls] == [
        "damage (constrict)",
        "extra damage (SRD stat block)",
    ]
    blue = enc.combatants["blue"]
    assert blue.vitals.hp == 9 and blue.grappling == ("black-pudding",)
    # round 2: a won damage check (28 against 12): the slam (2d6+4 = 6, acid 2), then
    # the constriction (2d6+4 = 6, acid 3): 9 - 8 - 9 = -8, dead or dying
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [28, 12, 6, 2, 6, 3]
    enc.apply(parse_action("grapple-damage blue"))
    assert [e.outcome["weapon"] for e in events(enc, "damage")[-2:]] == ["slam", "constrict"]
    assert blue.vitals.hp == -8 and not blue.grappling


def test_a_claw_of_opportunity_grabs_the_mover_and_stops_it(kit: Any) -> None:
    # Blue (first in initiative) walks away in round 2, leaving the owlbear's reach: the
    # attack of opportunity's claw hits (15 + 9 against AC 16), deals 8 and grabs (20
    # against 10); pulled into the owlbear's space, Blue moves no further (a grappler
    # cannot move: seed 000 "Grappling Consequences").
    sides = {"owls": "  - creature: owlbear\n    at: a1\n", "blue": kit.soldier("Blue", "c1")}
    enc = kit.scripted_encounter(ROWS, sides, [1, 20, 15, 8, 20, 10])
    assert enc.current.id == "blue"
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # the owlbear
    enc.apply(parse_action("move d1 e1"))
    blue = enc.combatants["blue"]
    kinds = [e.type for e in enc.log[-6:]]
    assert kinds == ["provoked", "aoo", "damage", "grapple", "move-in", "move"]
    assert enc.log[-1].outcome["path"] == [], enc.log[-1].outcome  # not a step taken
    assert events(enc, "grapple")[0].outcome["grab"] == "claw"
    assert blue.grappling == ("owlbear",) and blue.pos == (1, 0)
    assert problems(enc) == []


def test_a_grapple_is_not_dragged_into_a_wall(kit: Any) -> None:
    # The owlbear (Large) holds a goblin (Small) standing in its corner square b1. Its
    # box could squeeze against the wall to a1 (half of it in the open), but the goblin
    # would be carried into the wall: the path is refused, and not listed.
    from d20combat.encounter.maneuvers import grapple as G

    rows = "#.....\n#.....\n#.....\n"
    sides = {
        "owls": "  - creature: owlbear\n    at: b1\n",
        "gobs": "  - creature: goblin\n    at: d3\n",
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    owl, gob = enc.combatants["owlbear"], enc.combatants["goblin"]
    G.link(enc, owl, gob)
    enc.space.place(gob, owl.pos)
    assert problems(enc) == []
    assert G.grapple_path_problem(enc, owl, ((0, 0),)) is not None
    assert ((0, 0),) not in G.grapple_paths(enc, owl)
    assert ((2, 0),) in G.grapple_paths(enc, owl)  # east is open


def test_a_surrendered_creature_is_not_grabbed(kit: Any) -> None:
    # a creature that surrendered is out of the fight: the claw's hit grabs nothing
    enc = owlbear(kit, [15, 8])
    blue = enc.combatants["blue"]
    blue.surrendered = True
    enc.space.invalidate(blue)
    enc.apply(parse_action("attack blue"))
    assert events(enc, "damage") and not events(enc, "grapple")
    assert not blue.grappling


def test_a_hold_with_the_claw_alone_takes_20_and_leaves_the_owlbear_free(kit: Any) -> None:
    # SRD "Improved Grab": "simply use the part of its body it used in the improved grab
    # to hold the opponent ... a -20 penalty on grapple checks, but is not considered
    # grappled itself; the creature does not lose its Dexterity bonus to AC, still
    # threatens an area, and can use its remaining attacks against other opponents".
    # The claw hits (15 + 9), 8 damage; the hold: d20 20 + 14 - 20 = 14 against 10.
    sides = {
        "owls": "  - creature: owlbear\n    at: a1\n",
        "blue": kit.soldier("Blue", "c1") + kit.soldier("Green", "c2"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 2, 15, 8, 14, 10])
    legal = [str(a) for a in enc.legal_actions()]
    assert "attack blue with claw hold-part" in legal and "attack blue with claw" in legal
    enc.apply(parse_action("attack blue with claw hold-part"))
    g = events(enc, "grapple")[-1]
    assert g.outcome["part_hold"] is True and g.outcome["result"] == "held"
    assert g.total("grapple check").value == -6  # 14 - 20
    owl, blue = enc.combatants["owlbear"], enc.combatants["blue"]
    assert owl.grappling == ("blue",) and blue.grappling == ("owlbear",)
    assert "grappling" not in owl.conditions and "part-hold" in owl.conditions
    assert "grappling" in blue.conditions and blue.pos == (1, 0)
    assert enc.space.threatened(owl)  # it still threatens
    assert owl.restrictions().threatens and not owl.restrictions().only_actions
    assert problems(enc) == []
    text = narrate(g)[0]
    assert "with its claw alone (-20)" in text and "not grappling itself" in text
    # its other claw goes at Green, outside the hold, at its full +9 (a grappler could
    # attack only Blue); a miss (1)
    enc.dice.totals += [1]
    enc.apply(parse_action("attack green with claw"))
    second = events(enc, "attack")[-1]
    assert second.target == "green" and second.total("attack bonus").value == 9
    # its grapple checks take -20: next round's pin is +14 - 20 = -6
    from d20combat.encounter.maneuvers.grapple import check_total

    assert check_total(enc, owl).value == -6


def test_a_one_part_hold_is_kept_by_a_save_and_carried_along(kit: Any) -> None:
    import json
    from random import Random

    from d20combat.encounter.state import Encounter
    from d20combat.rules.dice import SampledDice

    sides = {
        "owls": "  - creature: owlbear\n    at: a1\n",
        "blue": kit.soldier("Blue", "c1"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 1, 15, 8, 14, 10])
    enc.apply(parse_action("attack blue with claw hold-part"))
    assert enc.space.riders == {"owlbear": {"blue"}}
    # the owlbear moves on (a move action left): Blue comes along inside its space
    enc.apply(parse_action("move a2"))
    blue = enc.combatants["blue"]
    assert enc.combatants["owlbear"].pos == (0, 1) and blue.pos == (1, 1)
    assert problems(enc) == []
    enc.dice = SampledDice(Random(1))  # type: ignore[assignment]
    back = Encounter.from_json(json.loads(json.dumps(enc.to_json())))
    assert back.space.riders == {"owlbear": {"blue"}}
    assert "part-hold" in back.combatants["owlbear"].conditions
    # the owlbear lets go at will (its own claw)
    back.apply(parse_action("release blue"))
    assert "part-hold" not in back.combatants["owlbear"].conditions and not back.space.riders


def test_hold_part_is_refused_without_improved_grab(kit: Any) -> None:
    import pytest

    from d20combat.errors import IllegalActionError

    enc = owlbear(kit, [])
    with pytest.raises(IllegalActionError, match="bite has no improved grab: no hold-part"):
        enc.apply(parse_action("attack blue with bite hold-part"))
    sides = {
        "owls": "  - creature: owlbear\n    at: a1\n",
        "ogres": "  - creature: ogre\n    at: c1\n",
    }
    big = kit.scripted_encounter(ROWS, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="ogre is not smaller than owlbear"):
        big.apply(parse_action("attack ogre with claw hold-part"))
    assert "attack ogre with claw hold-part" not in [str(a) for a in big.legal_actions()]
    assert parse_action("attack blue with claw hold-part").part_hold  # type: ignore[attr-defined]
    assert str(parse_action("attack blue with claw defensively hold-part")).endswith(
        "defensively hold-part"
    )
