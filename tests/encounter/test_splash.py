"""Splash weapons in play, step by step with scripted dice (seed 000 "Throw Splash
Weapon"; seed 002 "Throw Splash Weapon"; SRD equipment "Special Substances and Items").

Red throws: a soldier (BAB +6, Dex 12: ranged +7) holding three flasks of alchemist's
fire (1d6 fire direct, 1 fire splash, range increment 10 ft) and a longsword. The
first two rolls are initiative (Red, then the others in order). Scripted dice give
totals: a d20's face, a d8's face, a damage roll's total. In round 1 the others have
not acted: flat-footed (no Dex to AC, no attacks of opportunity).
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.errors import IllegalActionError, InputError

FIRE = "{weapon: alchemist's fire, quantity: 3}, longsword"
FIELD = """
.........
.........
.........
.........
.........
.........
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def thrower(kit: Any, rolls: list[int], foes: dict[str, str], **kw: Any) -> Any:
    """Red (the thrower, at ``at``) against Blue soldiers named by square; ``friend``
    a Red soldier's square."""
    red = kit.soldier("Red", kw.pop("at", "a3"), weapons=FIRE)
    friend = kw.pop("friend", None)
    if friend:
        red += kit.soldier("Pal", friend)
    blue = "".join(kit.soldier(name, sq) for name, sq in foes.items())
    return kit.scripted_encounter(FIELD, {"red": red, "blue": blue}, rolls, **kw)


def hp(enc: Any, cid: str) -> int:
    return int(enc.combatants[cid].vitals.hp)


def test_a_hit_burns_the_target_and_splashes_its_neighbours(kit: Any) -> None:
    # Red at a3 throws at Ogre... Blue at d3 (15 ft: the second range increment, -2):
    # ranged touch +7 - 2 = +5; Blue's touch AC 10 (flat-footed: no Dex). A 5 hits
    # (5 + 5 = 10); the direct hit rolls 4 fire. Green at e3 (next to Blue) and Grey at
    # e4 (diagonal) take the 1-point splash; Far at g3 (10 ft from Blue) does not.
    enc = thrower(
        kit, [20, 10, 9, 8, 7, 5, 4], {"Blue": "d3", "Green": "e3", "Grey": "e4", "Far": "g3"}
    )
    before = {c: hp(enc, c) for c in enc.combatants}
    enc.apply(parse_action("throw alchemist's fire at blue"))
    splash = events(enc, "splash")[0]
    assert splash.outcome["result"] == "hit"
    assert splash.total("attack bonus").value == 5
    assert splash.total("armor class").value == 10
    assert splash.outcome["splashed"] == ["green", "grey"]
    assert hp(enc, "blue") == before["blue"] - 4
    assert hp(enc, "green") == before["green"] - 1
    assert hp(enc, "grey") == before["grey"] - 1
    assert hp(enc, "far") == before["far"]
    assert enc.combatants["red"].ammo["alchemist's fire"] == 2


def test_a_miss_scatters_clockwise_by_the_range_increments(kit: Any) -> None:
    # Blue at d3 is 15 ft off (two range increments). A 2 misses (2 + 5 = 7 < 10). The
    # d8: 1 would be straight back (west, toward Red at a3); 3 counts two more
    # clockwise: west, north-west, north. Two squares north of d3 is d1; Green at e2
    # is within 5 ft of d1 and takes the splash; Blue is not hit at all.
    enc = thrower(kit, [20, 10, 9, 2, 3], {"Blue": "d3", "Green": "e2"})
    before = {c: hp(enc, c) for c in enc.combatants}
    enc.apply(parse_action("throw alchemist's fire at blue"))
    splash = events(enc, "splash")[0]
    assert splash.outcome["result"] == "miss"
    assert (splash.outcome["direction"], splash.outcome["lands"]) == ("north", "d1")
    assert splash.outcome["increments"] == 2 and splash.outcome["scatter_squares"] == 2
    assert [r.purpose for r in splash.rolls] == [
        "splash attack (alchemist's fire)",
        "scatter direction (1d8)",
    ]
    assert splash.outcome["splashed"] == ["green"]
    assert hp(enc, "blue") == before["blue"]
    assert hp(enc, "green") == before["green"] - 1


def test_seed_002_counts_counterclockwise_and_goes_the_increment_in_feet(kit: Any) -> None:
    # The same miss read as seed 002 (D31): 3 counts counterclockwise from west:
    # south-west, south; "(range increment) feet" is 10 ft, 2 squares: d5. Grey at c6
    # is within 5 ft of d5.
    enc = thrower(kit, [20, 10, 9, 2, 3], {"Blue": "d3", "Grey": "c6"})
    enc.rules = enc.rules.model_copy(
        update={
            "splash_scatter_turn": "counterclockwise",
            "splash_scatter_distance": "increment-feet",
        }
    )
    before = hp(enc, "grey")
    enc.apply(parse_action("throw alchemist's fire at blue"))
    splash = events(enc, "splash")[0]
    assert (splash.outcome["direction"], splash.outcome["lands"]) == ("south", "d5")
    assert splash.outcome["splashed"] == ["grey"]
    assert hp(enc, "grey") == before - 1


def test_a_miss_can_splash_the_thrower(kit: Any) -> None:
    # The d8's 1 sends it straight back: two squares west of d3 is b3, next to Red.
    enc = thrower(kit, [20, 10, 2, 1], {"Blue": "d3"})
    before = hp(enc, "red")
    enc.apply(parse_action("throw alchemist's fire at blue"))
    splash = events(enc, "splash")[0]
    assert (splash.outcome["direction"], splash.outcome["lands"]) == ("west", "b3")
    assert splash.outcome["splashed"] == ["red"]
    assert hp(enc, "red") == before - 1


def test_an_intersection_is_ac_5_and_splashes_its_four_squares(kit: Any) -> None:
    # c2+d3 is the corner between c2, d2, c3 and d3: Blue at d3 and Green at c2 are
    # splashed, nobody takes the direct hit (no damage roll). The nearest of the four
    # squares (c3) is 10 ft from Red: no range penalty, +7; a 2 hits AC 5 (2 + 7 = 9).
    enc = thrower(kit, [20, 10, 9, 2], {"Blue": "d3", "Green": "c2"})
    before = {c: hp(enc, c) for c in enc.combatants}
    enc.apply(parse_action("throw alchemist's fire at c2+d3"))
    splash = events(enc, "splash")[0]
    assert splash.target is None and splash.outcome["aim"] == "c2+d3"
    assert splash.total("armor class").value == 5
    assert splash.total("attack bonus").value == 7
    assert splash.outcome["result"] == "hit"
    assert splash.outcome["splashed"] == ["blue", "green"]
    assert hp(enc, "blue") == before["blue"] - 1
    assert hp(enc, "green") == before["green"] - 1


def test_an_intersection_inside_a_large_creature_is_aimed_at_the_creature(kit: Any) -> None:
    red = kit.soldier("Red", "a3", weapons=FIRE)
    ogre = "  - at: e3\n    creature: ogre\n"
    enc = kit.scripted_encounter(FIELD, {"red": red, "blue": ogre}, [20, 10])
    with pytest.raises(IllegalActionError, match="inside ogre's space: aim at ogre"):
        enc.check(parse_action("throw alchemist's fire at e3+f4"))
    enc.check(parse_action("throw alchemist's fire at d3+e4"))  # its corner is fine
    enc.check(parse_action("throw alchemist's fire at ogre"))


def test_hostile_and_illegal_throws_are_refused(kit: Any) -> None:
    enc = thrower(kit, [20, 10], {"Blue": "d3"})
    with pytest.raises(IllegalActionError, match="a splash weapon is thrown: 'throw"):
        enc.check(parse_action("attack blue with alchemist's fire"))
    with pytest.raises(IllegalActionError, match="no splash weapon 'longsword'"):
        enc.check(parse_action("throw longsword at blue"))
    with pytest.raises(IllegalActionError, match="not inside the map"):
        enc.check(A.Throw("alchemist's fire", point=(0, 2)))
    with pytest.raises(IllegalActionError, match="itself"):
        enc.check(parse_action("throw alchemist's fire at red"))
    with pytest.raises(InputError, match="do not touch at a corner"):
        parse_action("throw acid at c2+c3")
    with pytest.raises(InputError, match="throw WEAPON at TARGET"):
        parse_action("throw acid blue")


def test_the_last_flask_leaves_the_hand_empty(kit: Any) -> None:
    red = kit.soldier("Red", "a3", weapons="{weapon: acid, quantity: 1}, longsword")
    blue = kit.soldier("Blue", "d3")
    enc = kit.scripted_encounter(FIELD, {"red": red, "blue": blue}, [20, 10, 2, 1])
    assert A.Throw("acid", "blue") in enc.legal_actions()
    enc.apply(parse_action("throw acid at blue"))
    red_c = enc.combatants["red"]
    assert red_c.ammo["acid"] == 0 and "acid" not in red_c.wielding
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Throw)]


def test_holy_water_harms_only_undead_and_evil_outsiders(kit: Any) -> None:
    # A hit on Blue (a living soldier): the 2d4 direct hit (5) deals nothing; the
    # skeleton next to it takes the 1-point splash.
    red = kit.soldier("Red", "a3", weapons="{weapon: holy water, quantity: 2}, longsword")
    blue = kit.soldier("Blue", "d3") + "  - at: e3\n    creature: human-warrior-skeleton\n"
    enc = kit.scripted_encounter(FIELD, {"red": red, "blue": blue}, [20, 10, 9, 15, 5])
    before = {c: hp(enc, c) for c in enc.combatants}
    enc.apply(parse_action("throw holy water at blue"))
    damage = events(enc, "damage")
    assert [(d.target, d.outcome["damage"]) for d in damage] == [
        ("blue", 0),
        ("human-warrior-skeleton", 1),
    ]
    assert "holy water harms only" in damage[0].outcome["reductions"][0]
    assert hp(enc, "blue") == before["blue"]


def test_a_miss_can_land_off_the_map(kit: Any) -> None:
    # Red at b1 throws at Blue at d1 (10 ft, one increment): a 2 misses; the d8's 3
    # counts from straight back (west) clockwise: north-west, north: one square north of
    # d1 is off the map. Where it lands there is nobody to splash.
    red = kit.soldier("Red", "b1", weapons=FIRE)
    blue = kit.soldier("Blue", "d1")
    enc = kit.scripted_encounter(FIELD, {"red": red, "blue": blue}, [20, 10, 2, 3])
    enc.apply(parse_action("throw alchemist's fire at blue"))
    splash = events(enc, "splash")[0]
    assert (splash.outcome["direction"], splash.outcome["lands"]) == ("north", "off the map")
    assert splash.outcome["splashed"] == []


def _flask_duel(kit: Any, rolls: list[int], ruleset: str = "srd35") -> Any:
    red = kit.soldier("Red", "b2")
    blue = kit.soldier("Blue", "c2", weapons=FIRE)
    return kit.scripted_encounter(FIELD, {"red": red, "blue": blue}, rolls, ruleset=ruleset)


def test_a_flask_in_hand_is_a_held_object_to_strike(kit: Any) -> None:
    # seed 000 "Attack An Object": a held object's AC is 10 + size (a Tiny flask: +2) +
    # the holder's Dex (Blue is flat-footed: none) + 5 in hand = 17. Red's longsword
    # +9 (BAB 6, Str 3) rolls 8: 17 hits; 1d8+3 (5) less the glass's hardness 1 breaks
    # the 1-hp flask: Blue has one fewer to throw. Blue, flat-footed, makes no attack of
    # opportunity.
    enc = _flask_duel(kit, [20, 1, 8, 5])
    assert A.Sunder("blue", item="alchemist's fire") in enc.legal_actions()
    enc.apply(parse_action("sunder blue alchemist's fire"))
    blow = events(enc, "sunder")[0]
    assert blow.total("armor class").value == 17
    assert (blow.outcome["natural"], blow.outcome["total"]) == (8, 17)
    assert blow.outcome["result"] == "destroyed"
    assert enc.combatants["blue"].ammo["alchemist's fire"] == 2


def test_a_miss_leaves_the_flask_whole(kit: Any) -> None:
    enc = _flask_duel(kit, [20, 1, 7])  # 7 + 9 = 16 < 17
    enc.apply(parse_action("sunder blue alchemist's fire"))
    assert events(enc, "sunder")[0].outcome["result"] == "missed"
    assert enc.combatants["blue"].ammo["alchemist's fire"] == 3


def test_advanced_a_small_fragile_item_breaks_on_any_hit_at_touch_ac_plus_4(kit: Any) -> None:
    # seed 001: the holder's touch AC + 4: Blue's touch AC flat-footed 10, so 14; a 5
    # (5 + 9 = 14) hits and the flask breaks whatever the damage (1d8+3 rolls 4).
    enc = _flask_duel(kit, [20, 1, 5, 4], ruleset="advanced")
    enc.apply(parse_action("sunder blue alchemist's fire"))
    blow = events(enc, "sunder")[0]
    assert blow.total("armor class").value == 14
    assert blow.outcome["result"] == "destroyed"
    assert "a small fragile item breaks on a hit" in blow.outcome["notes"]
