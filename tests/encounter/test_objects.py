"""Attacking and breaking the doors of the map, step by step with scripted dice (seed 000
"Attack An Object", "Breaking Items"; seed 001 "Attacking an inanimate object").

Red (the kit's soldier: longsword +9, 1d8+3, Str 16: +3) stands at b2 next to the closed
door at c2; Blue waits far off at e3. A door of one square is a Medium-size object with
no Dexterity: AC 10 - 5 + 0 = 5 (Table: Size and AC of Objects), and a melee blow gets
+4 (an immobile object). Unless the scenario says more, a door is a simple wooden door:
hardness 5, 10 hit points, break DC 13 (Table: Object Hardness And Hit Points). Scripted
dice give an attack roll's natural face, a damage roll's total, a check's total.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, ScenarioError

ROWS = """
.....
..+..
.....
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def door_fight(
    kit: Any, rolls: list[int], *, doors: str = "", weapons: str = "longsword", **kw: Any
) -> Any:
    text = kit.scenario_text(
        kw.pop("rows", ROWS),
        {
            "red": kit.soldier("Red", kw.pop("at", "b2"), weapons=weapons),
            "blue": kit.soldier("Blue", "e3"),
        },
        **kw,
    )
    if doors:
        text = text.replace("map:\n", f"map:\n  doors: {doors}\n", 1)
    return kit.scripted(kit.make(text), rolls)


def saved(enc: Any) -> dict[str, Any]:
    from random import Random

    from d20combat.rules.dice import SampledDice

    scripted, enc.dice = enc.dice, SampledDice(Random(1))
    try:
        return enc.to_json()  # type: ignore[no-any-return]
    finally:
        enc.dice = scripted


def test_blows_wear_a_door_down_then_it_breaks_open(kit: Any) -> None:
    # A natural 2: 2 + 9 + 4 = 15 against AC 5 hits; 11 damage, hardness 5: 6 hit points
    # lost, 4 left. Next round 10 damage: 5 through, more than the 4 left: broken open.
    enc = door_fight(kit, [20, 1, 2, 11, 15, 10])
    enc.apply(parse_action("attack-object c2"))
    hit = events(enc, "attack-object")[0]
    assert hit.total("attack bonus").value == 13 and hit.total("armor class").value == 5
    assert (hit.outcome["damage"], hit.outcome["hp"], hit.outcome["result"]) == (6, 4, "hit")
    assert enc.object_damage == {(2, 1): 6}
    again = Encounter.from_json(saved(enc))
    assert again.object_damage == {(2, 1): 6}
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("attack-object c2"))
    assert events(enc, "attack-object")[1].outcome["result"] == "broken"
    assert enc.map.walkable(2, 1) and (2, 1) in enc.opened_doors and not enc.object_damage


def test_striking_a_door_provokes_nothing(kit: Any) -> None:
    # seed 000: "Attacking an inanimate, immobile object not in use by a creature does
    # not provoke an attack of opportunity": Blue (Combat Reflexes) next to Red takes none.
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "b3", feats="Combat Reflexes"),
    }
    enc = kit.scripted(kit.make(kit.scenario_text(ROWS, sides)), [20, 1, 2, 11])
    enc.apply(parse_action("attack-object c2"))
    assert not events(enc, "provoked") and events(enc, "attack-object")


def test_a_natural_1_misses_and_objects_take_no_criticals(kit: Any) -> None:
    enc = door_fight(kit, [20, 1, 1])
    enc.apply(parse_action("attack-object c2"))
    assert events(enc, "attack-object")[0].outcome["result"] == "miss"
    crit = door_fight(kit, [20, 1, 20, 9])  # a natural 20: no confirmation roll follows
    crit.apply(parse_action("attack-object c2"))
    hit = events(crit, "attack-object")[0]
    assert [r.purpose for r in hit.rolls] == ["attack roll (longsword)", "damage (longsword)"]
    assert hit.outcome["damage"] == 4


def test_lining_up_a_blow(kit: Any) -> None:
    # a full-round action: a melee blow hits without a roll (seed 000)
    enc = door_fight(kit, [20, 1, 11])
    enc.apply(parse_action("attack-object c2 line-up"))
    hit = events(enc, "attack-object")[0]
    assert hit.outcome["automatic"] is True and [r.purpose for r in hit.rolls] == [
        "damage (longsword)"
    ]
    assert not enc.budget.move and not enc.budget.standard


def test_a_shot_at_a_door_deals_half_damage(kit: Any) -> None:
    # a longbow from a2, 10 ft: +7 (BAB 6, Dex 12); lined up: +5. 1d8 for 8, halved
    # before the hardness (seed 000 "Ranged Weapon Damage"): 4, all on the hardness 5.
    enc = door_fight(kit, [20, 1, 3, 8], weapons="longbow", at="a2")
    enc.apply(parse_action("attack-object c2 line-up"))
    shot = events(enc, "attack-object")[0]
    assert shot.total("attack bonus").value == 7 + 5
    assert shot.outcome["rolled"] == 4 and shot.outcome["damage"] == 0
    assert "longbow: half (ranged weapon)" in shot.outcome["notes"]


def test_advanced_strikes_an_unattended_object_without_a_roll(kit: Any) -> None:
    # seed 001: "No attack roll is required to strike an unattended object with a mêlée
    # attack."
    enc = door_fight(kit, [20, 1, 11], ruleset="advanced")
    enc.apply(parse_action("attack-object c2"))
    assert events(enc, "attack-object")[0].outcome["automatic"] is True


def test_breaking_a_door_with_a_strength_check(kit: Any) -> None:
    # break DC 13: 10 + 3 = 13 breaks it; 12 does not.
    enc = door_fight(kit, [20, 1, 13])
    enc.apply(parse_action("break c2"))
    b = events(enc, "break")[0]
    assert (b.outcome["dc"], b.outcome["total"], b.outcome["result"]) == (13, 13, "broken")
    assert enc.map.walkable(2, 1)
    holds = door_fight(kit, [20, 1, 12])
    holds.apply(parse_action("break c2"))
    assert events(holds, "break")[0].outcome["result"] == "holds"


def test_a_door_that_lost_half_its_hit_points_breaks_more_easily(kit: Any) -> None:
    # 11 damage leaves 4 of 10: half or more lost, the DC drops by 2 to 11
    enc = door_fight(kit, [20, 1, 2, 11, 11])
    enc.apply(parse_action("attack-object c2"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("break c2"))
    b = events(enc, "break")[0]
    assert b.outcome["dc"] == 11 and b.outcome["result"] == "broken"


def test_a_locked_strong_door(kit: Any) -> None:
    # map.doors: a strong wooden door (hardness 5, 20 hp, break DC 23), locked: it
    # cannot be opened, only broken.
    enc = door_fight(kit, [20, 1, 22], doors="{c2: {kind: strong wooden door, locked: true}}")
    listed = {str(a) for a in enc.legal_actions()}
    assert "open c2" not in listed and "break c2" in listed and "attack-object c2" in listed
    with pytest.raises(IllegalActionError, match="locked"):
        enc.apply(parse_action("open c2"))
    enc.apply(parse_action("break c2"))
    b = events(enc, "break")[0]
    assert b.outcome["dc"] == 23 and b.outcome["result"] == "holds"
    assert b.outcome["door"] == "strong wooden door"


def test_what_cannot_be_struck(kit: Any) -> None:
    enc = door_fight(kit, [20, 1], at="a2")
    with pytest.raises(IllegalActionError, match="out of reach"):
        enc.apply(parse_action("attack-object c2"))
    with pytest.raises(IllegalActionError, match="no closed door at a1"):
        enc.apply(parse_action("attack-object a1"))
    with pytest.raises(IllegalActionError, match="no closed door next to it"):
        enc.apply(parse_action("break c2"))


@pytest.mark.parametrize(
    ("doors", "message"),
    [
        ("{a1: iron door}", "a1 is not a door of the map"),
        ("{c2: hewn stone}", "'hewn stone' is not a door"),
        ("{c2: glass door}", "unknown object 'glass door'"),
        ("{c2: {immune_to: [arows]}}", "unknown attack form 'arows'"),
        ("{c2: {vulnerable_to: [fier]}}", "did you mean fire"),
        (
            "{c2: {immune_to: [ranged], vulnerable_to: [ranged]}}",
            "ranged both ineffective and especially successful",
        ),
    ],
)
def test_bad_door_descriptions_are_refused(kit: Any, doors: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        door_fight(kit, [20, 1], doors=doors)


def test_a_save_with_damage_on_no_door_is_refused(kit: Any) -> None:
    enc = door_fight(kit, [20, 1, 2, 11])
    enc.apply(parse_action("attack-object c2"))
    data = saved(enc)
    data["object_damage"] = [[[0, 0], 3]]
    with pytest.raises(Exception, match="no closed door at a1"):
        Encounter.from_json(data)
    data["object_damage"] = [[[2, 1], 10]]
    with pytest.raises(Exception, match="10 hit points lost by a door of 10"):
        Encounter.from_json(data)


def test_the_game_masters_rulings_on_a_door(kit: Any) -> None:
    """seed 000 "Ineffective Weapons": "you will have a hard time chopping down a door by
    shooting arrows at it" (seed 004: "certain weapons just can't deal damage
    effectively to certain objects"); "Vulnerability to Certain Attacks" (reading A211:
    double damage, no hardness). ``immune_to: [ranged]``: the lined-up longbow shot (as
    above, 8) does nothing. ``vulnerable_to: [slashing]``: the longsword's 6 is doubled
    to 12, hardness 5 ignored: more than the door's 10 hit points, it breaks open."""
    enc = door_fight(
        kit, [20, 1, 3, 8], weapons="longbow", at="a2", doors="{c2: {immune_to: [ranged]}}"
    )
    enc.apply(parse_action("attack-object c2 line-up"))
    shot = events(enc, "attack-object")[0]
    assert shot.outcome["damage"] == 0
    assert shot.outcome["notes"] == ["ineffective against this object (the GM's ruling)"]
    enc = door_fight(kit, [20, 1, 2, 6], doors="{c2: {vulnerable_to: [Slashing]}}")
    enc.apply(parse_action("attack-object c2"))
    blow = events(enc, "attack-object")[0]
    assert (blow.outcome["damage"], blow.outcome["result"]) == (12, "broken")


def test_rulings_by_damage_type_need_every_type_for_ineffective() -> None:
    """A blow is ineffective only when all its damage types are: a flaming longsword is
    not, against a door immune to slashing, and its blow counts whole (8 + 6 fire halved
    for an object, 11, less hardness 5: 6); one type the object is vulnerable to is
    enough for double, no hardness: (8 + 6) x 2 = 28."""
    from d20combat.content.damage import DamageType as T
    from d20combat.content.rulesets import ruleset
    from d20combat.rules.damage import DamagePart
    from d20combat.rules.objects import damage_to_object

    sword = DamagePart(8, (T.SLASHING,), "longsword")
    fire = DamagePart(6, (T.FIRE,), "flaming")
    rules = ruleset()
    immune = frozenset({"slashing"})
    assert damage_to_object([sword], 5, rules, immune_to=immune).damage == 0
    both = damage_to_object([sword, fire], 5, rules, immune_to=immune)
    assert (both.dealt, both.damage) == (8 + 3, 11 - 5)
    weak = damage_to_object([sword, fire], 5, rules, vulnerable_to=frozenset({"fire"}))
    assert (weak.dealt, weak.damage) == (28, 28)


# ------------------------------------------------------------ closing doors (A255)
@pytest.mark.parametrize(
    ("ruleset", "provokes"), [("srd35", True), ("advanced", True), ("d20modern", False)]
)
def test_closing_a_door_is_a_move_action_that_may_provoke(
    kit: Any, ruleset: str, provokes: bool
) -> None:
    """seed 002 Move Actions "Open or close a door (AoO)": a move action that provokes
    in srd35 and advanced; the SRD Table: Actions in Combat "Open or close a door": move,
    no AoO (d20modern, D35). Blue at a3 threatens Red at b2 from round 2 (no longer
    flat-footed): each provoked blow rolls a natural 1 and misses."""
    enc = door_fight(kit, [20, 1] + ([1, 1] if provokes else []), ruleset=ruleset)
    enc.combatants["blue"].pos = (0, 2)
    enc.space.rebuild()
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.apply(parse_action("open c2"))
    assert enc.opened_doors == [(2, 1)] and parse_action("close c2") in enc.legal_actions()
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # Blue's one attack of opportunity a round is back
    enc.apply(parse_action("close c2"))
    provoked = [e.outcome["reason"] for e in events(enc, "provoked")]
    assert provoked == (["opening a door", "closing a door"] if provokes else [])
    assert not enc.budget.move and enc.budget.standard
    assert events(enc, "close")[0].outcome["at"] == "c2"
    assert not enc.map.walkable(2, 1)  # closed again: the saved state is as at the start
    assert (enc.opened_doors, enc.closed_doors, enc.broken_doors) == ([], [], [])
    assert enc.dice.totals == []


def test_a_door_open_in_the_scenario_closed_is_saved(kit: Any) -> None:
    # '/' is an open door of the scenario: closing it lists it in closed_doors, which a
    # save keeps (the reloaded map has the door closed); opening it again drops it.
    enc = door_fight(kit, [20, 1], rows=ROWS.replace("+", "/"))
    with pytest.raises(IllegalActionError, match="no closed door"):
        enc.apply(parse_action("open c2"))
    enc.apply(parse_action("close c2"))
    assert enc.closed_doors == [(2, 1)] and enc.opened_doors == []
    back = Encounter.from_json(saved(enc))
    assert back.closed_doors == [(2, 1)] and not back.map.walkable(2, 1)
    back.apply(parse_action("open c2"))
    assert back.closed_doors == [] and back.opened_doors == [] and back.map.walkable(2, 1)
    data = saved(enc)
    data["closed_doors"] = [[0, 0]]
    with pytest.raises(Exception, match=r"closed_doors.*no closed door at a1"):
        Encounter.from_json(data)


def test_a_creature_in_the_doorway_keeps_it_open(kit: Any) -> None:
    # A255: a door cannot be closed on a creature standing in its square.
    enc = door_fight(kit, [20, 1], rows=ROWS.replace("+", "/"))
    enc.combatants["blue"].pos = (2, 1)
    enc.space.rebuild()
    assert parse_action("close c2") not in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="a creature stands in the doorway at c2"):
        enc.apply(parse_action("close c2"))


def test_a_broken_door_stays_broken(kit: Any) -> None:
    # break DC 13, a total of 13 breaks it open: broken_doors remembers it (saved), and
    # a broken door cannot be closed (A255).
    enc = door_fight(kit, [20, 1, 13])
    enc.apply(parse_action("break c2"))
    assert enc.opened_doors == [(2, 1)] and enc.broken_doors == [(2, 1)]
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert parse_action("close c2") not in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="the door at c2 is broken"):
        enc.apply(parse_action("close c2"))
    back = Encounter.from_json(saved(enc))
    assert back.broken_doors == [(2, 1)] and back.map.walkable(2, 1)
    with pytest.raises(IllegalActionError, match="is broken"):
        back.apply(parse_action("close c2"))
    data = saved(enc)
    data["broken_doors"] = [[0, 0]]
    with pytest.raises(Exception, match=r"broken_doors.*no open door at a1"):
        Encounter.from_json(data)
    data["broken_doors"] = [[2, 1], [2, 1]]
    with pytest.raises(Exception, match="c2 listed twice"):
        Encounter.from_json(data)
