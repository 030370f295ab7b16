"""Hiding and seeking during the fight (encounter/stealth.py, readings A215-A217),
played on small maps with scripted dice (every roll given in order: the two
initiative rolls first).

Sources are cited on each test: SRD combat-ii "Cover and Hide Checks", "Concealment
and Hide Checks", "Varying Degrees of Cover"; seed 003 "Cover", "Concealment",
"Ignoring Concealment"; SRD special abilities "Invisibility"; seed 002 Table: Attack
Roll Modifiers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.invariants import problems
from d20combat.encounter.state import Encounter
from d20combat.encounter.stealth import p_found, p_unseen, unseen
from d20combat.errors import IllegalActionError, SaveFileError
from d20combat.render.narrate import narrate

LOW_WALL = "...=..."  # Red at a1, Blue at e1: the low wall at d1 covers Blue (+4)
PEEK = """
......
......
...###
...###
....T.
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def hider(kit: Any, name: str, at: str, skills: str = "{hide: 8}", **kw: Any) -> str:
    """A soldier whose stat block lists ``skills`` (Hide +8: it may hide, A215)."""
    text: str = kit.soldier(name, at, **kw)
    return text.replace(f"name: {name}\n", f"name: {name}\n      skills: {skills}\n", 1)


def duel(kit: Any, rolls: list[int], rows: str = LOW_WALL, blue: str = "e1", **kw: Any) -> Any:
    """Red (a longbow, Spot untrained +0) at a1 against Blue (Hide +8, a longbow) at
    ``blue``; Blue acts first (initiative rolls 1 and 20)."""
    sides = {
        "red": kit.soldier("Red", "a1", weapons="longbow"),
        "blue": hider(kit, "Blue", blue, weapons="longbow", **kw),
    }
    return kit.scripted_encounter(rows, sides, [1, 20, *rolls])


def test_a_creature_with_cover_hides_and_a_foe_that_fails_to_spot_it_cannot_attack_it(
    kit: Any,
) -> None:
    """SRD combat-ii "Cover and Hide Checks": "You can use cover to make a Hide check".
    Blue, behind the low wall (cover from Red), hides as a move action (A215): Hide
    d20 10 + 8 = 18 against Red's Spot d20 18 + 0 - 2 (20 ft: -1 per 10 ft) = 16:
    unseen. Red cannot attack it (its square is not known: A217) until it seeks: Spot
    d20 19 + 0 - 2 = 17 misses the DC 18; a second seek, d20 20 - 2 = 18, meets it."""
    enc = duel(kit, [18, 16, 19, 20])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.current is blue and enc.space.cover_bonus(red, blue, melee=False) == 4
    enc.apply(A.parse_action("hide"))
    (e,) = events(enc, "hide")
    assert e.outcome["check"] == 18 and e.outcome["unseen_by"] == ["red"]
    assert e.outcome["spots"] == [{"by": "red", "spot": 16, "modifier": -2, "hide": 18}]
    assert blue.unseen_by == ("red",) and unseen(enc, red, blue)
    assert not enc.budget.move and enc.budget.standard  # the move action spent
    assert narrate(e) == ["blue hides (Hide 18): red loses sight of it (Spot 16 against 18)"]
    enc.apply(A.EndTurn())
    assert enc.current is red
    with pytest.raises(IllegalActionError, match="hidden from red"):
        enc.check(A.parse_action("attack blue"))
    enc.apply(A.parse_action("seek"))
    assert events(enc, "seek")[-1].outcome["found"] == [
        {"hider": "blue", "dc": 18, "distance_penalty": -2, "found": False}
    ]
    enc.apply(A.parse_action("seek"))  # the standard action as a move action
    assert events(enc, "seek")[-1].outcome["found"][0]["found"] is True
    assert narrate(events(enc, "seek")[-1]) == [
        "red looks for hidden foes (Spot 20): finds blue (DC 18, -2 for distance)"
    ]
    assert blue.unseen_by == () and not unseen(enc, red, blue)


def test_a_spot_that_beats_the_hide_sees_it(kit: Any) -> None:
    """Opposed checks (A198's ties): Hide d20 5 + 8 = 13 against Spot d20 16 - 2 = 14:
    Red sees Blue, who is hidden from nobody; Red may seek nobody."""
    enc = duel(kit, [13, 14])
    enc.apply(A.parse_action("hide"))
    assert enc.combatants["blue"].unseen_by == ()
    enc.apply(A.EndTurn())
    with pytest.raises(IllegalActionError, match="no foe is hidden from red"):
        enc.check(A.parse_action("seek"))


def test_without_cover_or_concealment_or_the_skill_a_creature_cannot_hide(kit: Any) -> None:
    """SRD combat-ii "Concealment and Hide Checks": "Without concealment, you usually
    need cover to make a Hide check": in the open, Blue cannot hide; Red, whose stat
    block lists no Hide, is not offered it (A215)."""
    enc = duel(kit, [], rows=".......")
    with pytest.raises(IllegalActionError, match="no cover or concealment"):
        enc.check(A.parse_action("hide"))
    assert A.Hide() not in enc.legal_actions()
    enc.apply(A.EndTurn())
    with pytest.raises(IllegalActionError, match="no Hide skill"):
        enc.check(A.parse_action("hide"))


def test_improved_cover_gives_plus_10_on_the_hide_check(kit: Any) -> None:
    """SRD combat-ii "Varying Degrees of Cover": "improved cover provides a +10 bonus on
    Hide checks". Blue peeks around the corner at e5 (improved cover from Red at a1):
    Hide d20 1 + 8 + 10 = 19 against Spot d20 20 + 0 - 3 (30 ft: four squares
    diagonally) = 17: unseen."""
    enc = duel(kit, [9, 17], rows=PEEK.replace("T", "."), blue="e5")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.cover_bonus(red, blue, melee=False) == 8
    assert enc.space.distance_ft(red, blue) == 30
    enc.apply(A.parse_action("hide"))
    (spot,) = events(enc, "hide")[0].outcome["spots"]
    assert spot == {"by": "red", "spot": 17, "modifier": -3, "hide": 19}
    assert blue.unseen_by == ("red",)


@pytest.mark.parametrize(("moved", "bonus"), [(False, 40), (True, 20)])
def test_invisibility_gives_plus_20_moving_or_plus_40_still(
    kit: Any, moved: bool, bonus: int
) -> None:
    """seed 003 "Ignoring Concealment": "An invisible character gains a +20 bonus on
    Hide checks if moving, or a +40 bonus on Hide checks when not moving". Invisible
    Blue in the open (total concealment, so it may hide) hides with d20 1 + 8 + 40 =
    49, or + 20 = 29 after a 5-foot step; Red's Spot comes to 18 and fails either
    way. The Hide result is the DC of Red's later Spot checks (A216)."""
    enc = duel(kit, [9 + bonus, 18], rows=".......", extra="conditions: {invisible: 0}")
    blue = enc.combatants["blue"]
    if moved:
        enc.apply(A.parse_action("step d1"))
    enc.apply(A.parse_action("hide"))
    (e,) = events(enc, "hide")
    assert e.outcome["check"] == 1 + 8 + bonus and blue.unseen_by == ("red",)
    assert blue.hide_check == 9 + bonus
    assert e.total("hide").value == 8 + bonus


def test_an_unseen_attacker_is_an_invisible_one_and_attacking_gives_it_away(kit: Any) -> None:
    """SRD "Invisibility" and seed 002 Table: Attack Roll Modifiers: an attacker its
    target cannot see gets +2 and the target loses its Dexterity bonus (A217): Red's AC
    16 (chainmail +5, Dex +1) falls to 15. The shot gives Blue's place away: it is
    unseen by nobody after it (event ``revealed``)."""
    enc = duel(kit, [18, -1, 5])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    enc.apply(A.parse_action("hide"))
    assert blue.unseen_by == ("red",)
    option = blue.ready_options()[0]
    attack, _ = build_attack(enc, blue, option, option.bonus, red)
    assert "invisible (attacker)" in [m.source for m in attack.bonus.counted()]
    assert attack.ac.value == 15
    enc.apply(A.parse_action("attack red"))
    (r,) = events(enc, "revealed")
    assert r.actor == "blue" and r.outcome["to"] == ["red"]
    assert narrate(r) == ["blue's attack gives its place away to red"]
    assert blue.unseen_by == () and blue.hide_check is None


def test_leaving_cover_shows_the_hider_again(kit: Any) -> None:
    """A217: hidden only while it keeps cover or concealment from that foe: Blue steps
    from behind the wall into the open and Red sees it again (no check)."""
    enc = duel(kit, [18, -1], rows=".......\n...=...", blue="e2")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    enc.apply(A.parse_action("hide"))
    assert unseen(enc, red, blue)
    enc.apply(A.parse_action("step e1"))
    assert blue.unseen_by == ("red",) and not unseen(enc, red, blue)


def test_a_save_keeps_the_hiding_and_a_hostile_one_is_refused(kit: Any) -> None:
    """The save keeps ``hide_check``, ``unseen_by`` and ``hid_at``; its invariants: a
    creature is unseen only by foes, each once, after a Hide check."""
    sides = {
        "red": kit.soldier("Red", "a1", weapons="longbow"),
        "blue": hider(kit, "Blue", "e1", weapons="longbow"),
    }
    enc = kit.encounter(LOW_WALL, sides)
    blue = enc.combatants["blue"]
    blue.hide_check, blue.unseen_by, blue.hid_at = 18, ("red",), blue.pos
    data = enc.to_json()
    again = Encounter.from_json(data)
    assert again.to_json() == data and again.situation() == enc.situation()
    assert problems(enc) == []
    i = list(enc.combatants).index("blue")
    data["combatants"][i]["unseen_by"] = ["blue"]
    with pytest.raises(SaveFileError) as caught:
        Encounter.from_json(data)
    assert [p.field for p in caught.value.problems] == [f"combatants[{i}].unseen_by[0]"]
    data["combatants"][i]["unseen_by"] = ["red"]
    data["combatants"][i]["hide_check"] = None
    with pytest.raises(SaveFileError) as caught:
        Encounter.from_json(data)
    assert "no Hide check" in caught.value.problems[0].message


@pytest.mark.parametrize(("hide", "spot"), [(0, 0), (8, -2), (18, 0), (-3, 25)])
def test_the_chance_to_stay_unseen_is_exact(hide: int, spot: int) -> None:
    """p_unseen against the 400 pairs of faces, the tie rule written out again: the
    higher total, then the higher modifier, then the observer; p_found against the 20
    faces (meeting the DC finds)."""
    count = 0
    for s in range(1, 21):
        for h in range(1, 21):
            seen = s + spot > h + hide or (s + spot == h + hide and spot >= hide)
            count += not seen
    assert p_unseen(hide, spot) == Fraction(count, 400)
    dc = 10 + hide
    assert p_found(spot, dc) == Fraction(sum(1 for s in range(1, 21) if s + spot >= dc), 20)


@pytest.mark.parametrize(("condition", "chance"), [("blurred", 20), ("displaced", 50)])
def test_magical_concealment_holds_against_every_attack(
    kit: Any, condition: str, chance: int
) -> None:
    """seed 003 "Concealment": "some magical effects provide concealment against all
    attacks, regardless of whether any intervening concealment exists" (blur 20%,
    displacement 50%: A218). Blue, blurred or displaced in the open, is concealed from
    Red's shot (the miss chance is the attack's) and so may hide there (A215)."""
    enc = duel(kit, [], rows=".......", extra=f"conditions: {{{condition}: 0}}")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.ready_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert notes["concealment"] == chance and attack.concealment == chance
    enc.check(A.parse_action("hide"))


def test_an_attack_into_a_guessed_square_has_the_50_percent_miss_chance(kit: Any) -> None:
    """seed 003 "Total Concealment": "you can attack into a square that you think he
    occupies. A successful attack into a square occupied by an enemy with total
    concealment has a 50% miss chance" (A219). Blue hides behind the low wall (Hide 18
    against Spot 16). Red guesses d1: nobody there, a miss. Red guesses e1, Blue's
    square: the shot (d20 19 + 7 = 26 against AC 16 + 4 cover: a hit) meets the 50% miss
    chance (d% 30: a miss), total concealment though Red's line to it is only covered."""
    enc = duel(kit, [18, 16, 19, 30])
    blue = enc.combatants["blue"]
    enc.apply(A.parse_action("hide"))
    assert blue.hid_at == blue.pos == (4, 0)
    enc.apply(A.EndTurn())
    with pytest.raises(IllegalActionError, match="red is in a1: attack it directly"):
        enc.check(A.parse_action("attack-square a1"))
    enc.apply(A.parse_action("attack-square d1"))
    (e,) = events(enc, "attack-square")
    assert e.outcome == {"at": "d1", "weapon": "longbow", "found": False}
    assert narrate(e) == ["red attacks into d1, guessing: nothing there (longbow): a miss"]
    with pytest.raises(IllegalActionError, match="no standard action left"):
        enc.check(A.parse_action("attack-square e1"))
    enc.budget.standard, enc.budget.attacks_made = True, 0  # as on its next turn
    enc.apply(A.parse_action("attack-square e1 with longbow"))
    e = events(enc, "attack-square")[-1]
    assert e.target == "blue" and e.outcome["found"] and e.outcome["concealment"] == 50
    assert e.outcome["result"] == "concealed" and blue.vitals.hp == blue.vitals.max_hp
    assert narrate(e)[0].startswith("red attacks into e1, guessing: red attacks blue with longbow")
    assert str(A.parse_action("attack-square e1 with longbow")) == "attack-square e1 with longbow"


def test_the_baseline_seeks_then_attacks_where_the_hider_hid(kit: Any) -> None:
    """The baseline with every foe hidden from it (tactics/stealth.py): it seeks with its
    move action (exact odds above 0), and, not finding Blue, shoots into the square
    where Blue hid with its standard action (its last known place)."""
    from d20combat.tactics.policies import policy

    enc = duel(kit, [18, 16])
    enc.apply(A.parse_action("hide"))
    enc.apply(A.EndTurn())
    decide = policy("default")
    assert decide(enc, "red") == A.Seek()
    enc.dice.totals.extend([1])  # Spot 1 - 2: not found
    enc.apply(A.Seek())
    assert decide(enc, "red") == A.AttackSquare((4, 0))


@pytest.mark.parametrize(("mark", "chance"), [("1", 10), ("2", 20), ("3", 30), ("4", 40)])
@pytest.mark.parametrize("ruleset", ["srd35", "d20modern"])
def test_a_gm_concealment_of_a_square_sets_the_miss_chance(
    kit: Any, mark: str, chance: int, ruleset: str
) -> None:
    """SRD combat-ii "Varying Degrees of Concealment": "Certain situations may provide
    more or less than typical concealment, and modify the miss chance accordingly";
    seed 004 "Concealment": one-quarter 10%, one-half 20%, three-quarters 30%,
    nine-tenths 40% (D21's reading). The scenario's legend marks e1 with the GM's
    degree (A220): Red's shot at Blue there has that miss chance, whatever its senses,
    and Blue may hide in it (A215)."""
    sides = {
        "red": kit.soldier("Red", "a1", weapons="longbow"),
        "blue": hider(kit, "Blue", "e1", weapons="longbow"),
    }
    legend = "{'1': concealment-10, '2': concealment-20, '3': concealment-30, '4': concealment-40}"
    text = kit.scenario_text("...." + mark + "..", sides, ruleset=ruleset)
    text = text.replace("map:\n", f"map:\n  legend: {legend}\n", 1)
    enc = kit.scripted(kit.make(text), [1, 20])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.ready_options()[0]
    attack, notes = build_attack(enc, red, option, option.bonus, blue)
    assert notes["concealment"] == chance == attack.concealment
    enc.check(A.parse_action("hide"))
