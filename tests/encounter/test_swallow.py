"""Swallow Whole in play, with scripted dice (SRD types-subtypes-and-special-abilities.html
"Swallow Whole"; the tyrannosaurus's entry, monsters-di-do.html).

The SRD tyrannosaurus: Huge (a 15-ft square), Str 28, BAB +13, natural armor +5; bite
+20 (13 + 9 - 2 for Huge) for 3d6+13 with improved grab; grapple +30 (13 + 9 + 8 Huge);
"Swallow Whole (Ex): A tyrannosaurus can try to swallow a grabbed opponent of up to two
sizes smaller by making a successful grapple check. The swallowed creature takes 2d8+8
points of bludgeoning damage and 8 points of acid damage per round from the
tyrannosaurus's gizzard. A swallowed creature can cut its way out by using a light
slashing or piercing weapon to deal 25 points of damage to the gizzard (AC 12) ... A Huge
tyrannosaurus's gizzard can hold 2 Medium, 8 Small, 32 Tiny, or 128 Diminutive or smaller
opponents." The interior's AC: 10 + 1/2 its natural armor (5 // 2 = 2) = 12, as printed.

The kit's soldier Blue here holds a dagger: +9 (BAB 6 + Str 3), 1d4+3, grapple +9, 80 hit
points (40 more than the kit's), flat-footed AC 15. Scripted dice give totals: an attack
roll's natural face, a check's total, a damage roll's total (the extra dice apart).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.invariants import problems
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, SaveFileError
from d20combat.render.narrate import narrate

ROWS = """
........
........
........
........
........
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def rex(kit: Any, rolls: list[int], *, blues: int = 1, weapons: str = "dagger") -> Any:
    """The tyrannosaurus (a1-c3) against Blue (d1) and maybe Green (d3); initiative 20,
    then 1 (and 2)."""
    sides = {
        "dinos": "  - creature: tyrannosaurus\n    at: a1\n",
        "blue": kit.soldier("Blue", "d1", weapons=weapons, hp_bonus=40)
        + (kit.soldier("Green", "d3", weapons=weapons, hp_bonus=40) if blues > 1 else ""),
    }
    init = [20, 1] if blues == 1 else [20, 1, 2]
    return kit.scripted_encounter(ROWS, sides, [*init, *rolls])


def held(kit: Any, rolls: list[int], **kw: Any) -> Any:
    """Round 1: the bite hits (15 + 20 against flat-footed AC 15) for 16, the free hold
    (35 against 10) pulls Blue in; Blue ends its turn. Round 2 begins: the tyrannosaurus
    holds Blue."""
    enc = rex(kit, [15, 16, 35, 10, *rolls], **kw)
    enc.apply(parse_action("attack blue"))
    enc.apply(parse_action("end"))
    for _ in list(enc.combatants)[1:]:
        enc.apply(parse_action("end"))
    return enc


def swallowed(kit: Any, rolls: list[int], **kw: Any) -> Any:
    """Round 2: the swallow's grapple check (35 against 12) wins; the bite's damage (20)."""
    enc = held(kit, [35, 12, 20, *rolls], **kw)
    enc.apply(parse_action("swallow blue"))
    return enc


def test_a_held_foe_is_swallowed_by_a_grapple_check_as_if_to_pin(kit: Any) -> None:
    # "begins its turn with an opponent held in its mouth ... a new grapple check (as
    # though attempting to pin the opponent). If it succeeds, it swallows its prey, and
    # the opponent takes bite damage": 16 (round 1's bite) + 20 off its hit points.
    enc = swallowed(kit, [])
    t, blue = enc.combatants["tyrannosaurus"], enc.combatants["blue"]
    check = events(enc, "grapple-check")[-1]
    assert check.outcome["option"] == "swallow" and check.outcome["check"] == [35, 12]
    assert check.total("grapple check").value == 30
    assert [e.type for e in enc.log[-3:]] == ["grapple-check", "swallow", "damage"]
    assert events(enc, "damage")[-1].outcome["weapon"] == "bite"
    assert blue.vitals.hp == blue.vitals.max_hp - 36 and blue.inside == "tyrannosaurus"
    assert not blue.present() and not t.grappling and not blue.grappling
    assert blue.conditions["swallowed"].owner == "tyrannosaurus"
    assert "grappling" not in t.conditions  # "the creature that did the swallowing is not"
    assert "blue" not in enc.space.occ.at(blue.pos)  # off the map
    assert problems(enc) == []
    text = "\n".join(line for e in enc.log[-3:] for line in narrate(e))
    assert "swallows blue whole" in text
    from d20combat.render.summary import summary_lines

    assert any("blue" in line.lower() and "swallowed" in line for line in summary_lines(enc))


def test_only_a_foe_held_since_the_turn_began_is_swallowed(kit: Any) -> None:
    # the same turn as the grab: "begins its turn with an opponent held"
    from d20combat.encounter.maneuvers import swallow as SW

    enc = rex(kit, [15, 16, 35, 10])
    enc.apply(parse_action("attack blue"))
    t, blue = enc.combatants["tyrannosaurus"], enc.combatants["blue"]
    why = SW.swallow_problem(enc, t, blue, None)
    assert why == "tyrannosaurus did not begin its turn holding blue (SRD Swallow Whole)"
    # round 2: listed
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    assert "swallow blue" in [str(a) for a in enc.legal_actions()]


def test_inside_the_gizzard_crushes_each_round_and_nothing_reaches_it(kit: Any) -> None:
    # "2d8+8 points of bludgeoning damage and 8 points of acid damage per round": at
    # the start of the tyrannosaurus's turn (round 3), 14 + 8 = 22.
    enc = swallowed(kit, [14, 8])
    enc.apply(parse_action("end"))  # the tyrannosaurus, round 2
    legal = [str(a) for a in enc.legal_actions()]
    assert "cut-free tyrannosaurus with dagger" in legal
    assert "escape-grapple tyrannosaurus" in legal and "escape-artist tyrannosaurus" in legal
    assert not any(a.startswith(("move", "attack", "step", "charge")) for a in legal)
    with pytest.raises(IllegalActionError):
        enc.apply(parse_action("attack tyrannosaurus"))
    enc.apply(parse_action("end"))  # Blue
    crush = events(enc, "swallow-damage")[-1]
    damage = events(enc, "damage")[-1]
    assert crush.target == "blue" and damage.outcome["damage"] == 22
    assert [r.purpose for r in damage.rolls] == [
        "damage (swallowed)",
        "extra damage (SRD stat block)",
    ]
    blue = enc.combatants["blue"]
    assert blue.vitals.hp == blue.vitals.max_hp - 36 - 22
    assert "crushed" in narrate(crush)[0]


def test_cutting_free_needs_25_points_against_ac_12(kit: Any) -> None:
    # the dagger: 10 + 9 = 19 against the gizzard's AC 12: a hit, 7 damage (7 of 25);
    # with 19 cut (made up: three more such blows), the next hit of 7 makes 26 >= 25:
    # out into the nearest free square beside the tyrannosaurus.
    enc = swallowed(kit, [])
    enc.apply(parse_action("end"))  # the tyrannosaurus
    enc.dice.totals += [10, 7]
    enc.apply(parse_action("cut-free tyrannosaurus with dagger"))
    cut = events(enc, "cut-free")[-1]
    assert cut.total("armor class").value == 12 and cut.total("attack bonus").value == 9
    assert (cut.outcome["result"], cut.outcome["cut"], cut.outcome["needed"]) == ("cut", 7, 25)
    blue, t = enc.combatants["blue"], enc.combatants["tyrannosaurus"]
    assert blue.cut == 7 and t.vitals.hp == t.vitals.max_hp  # the hole only (A86)
    assert "7 of 25 cut" in narrate(cut)[0]
    enc.dice.totals += [10, 8]  # the gizzard as the tyrannosaurus's turn begins
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # the tyrannosaurus, round 3
    blue.cut = 19
    enc.dice.totals += [1]  # a natural 1 misses
    enc.apply(parse_action("cut-free tyrannosaurus"))
    assert events(enc, "cut-free")[-1].outcome["result"] == "miss" and blue.cut == 19
    enc.dice.totals += [10, 8]
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))  # the tyrannosaurus, round 4
    enc.dice.totals += [15, 7]
    enc.apply(parse_action("cut-free tyrannosaurus with dagger"))
    assert events(enc, "cut-free")[-1].outcome["result"] == "free"
    out = events(enc, "swallow-out")[-1]
    assert out.outcome["why"] == "cut free" and blue.inside is None and blue.cut == 0
    assert blue.present() and "swallowed" not in blue.conditions
    assert blue.pos == (3, 0) and not blue.grappling  # d1: beside the tyrannosaurus
    assert problems(enc) == []
    assert "cuts its way out" in narrate(out)[0]


def test_escaping_puts_it_back_in_the_mouth(kit: Any) -> None:
    # "If the swallowed creature escapes the grapple, success puts it back in the
    # attacker's mouth, where it may be bitten or swallowed again". Blue's grapple
    # check (d20 + 9, at most 29) never beats the tyrannosaurus's (d20 + 30): 29
    # against 31 keeps it inside; a made-up +25 check (45 against 31) gets it out.
    from d20combat.encounter.maneuvers import swallow as SW
    from d20combat.rules.modifiers import BonusType, Modifier, stack

    enc = swallowed(kit, [])
    enc.apply(parse_action("end"))
    enc.dice.totals += [29, 31]
    enc.apply(parse_action("escape-grapple tyrannosaurus"))
    blue, t = enc.combatants["blue"], enc.combatants["tyrannosaurus"]
    assert events(enc, "grapple-check")[-1].outcome["won"] is False and blue.inside
    enc.dice.totals += [45, 31]
    SW.escape(enc, blue, stack([Modifier(25, BonusType.BASE, "made up")]), artist=False)
    assert blue.inside is None and blue.grappling == ("tyrannosaurus",) and t.grappling == ("blue",)
    assert 0 <= blue.pos[0] <= 2 and 0 <= blue.pos[1] <= 2  # in its space
    assert problems(enc) == []
    enc.apply(parse_action("end"))
    assert "swallow blue" in [str(a) for a in enc.legal_actions()]


def test_a_swallower_killed_lets_its_prey_out_and_the_side_fights_on(kit: Any) -> None:
    enc = swallowed(kit, [])
    t, blue = enc.combatants["tyrannosaurus"], enc.combatants["blue"]
    assert enc.outcome is None  # Blue is inside, but still fighting
    t.vitals = t.vitals._replace(hp=-10, dead=True)
    enc.space.invalidate()
    enc.apply(parse_action("end"))
    assert blue.inside is None and events(enc, "swallow-out")[-1].outcome["why"] == "dead"
    assert enc.outcome is not None and enc.outcome.winner == "blue"


def test_the_gullet_holds_what_the_entry_says(kit: Any) -> None:
    from d20combat.content.sizes import Size
    from d20combat.rules.maneuvers import swallow as R

    enc = rex(kit, [])
    sw_ = enc.combatants["tyrannosaurus"].stat.swallow_whole
    assert sw_ is not None
    # "2 Medium, 8 Small, 32 Tiny, or 128 Diminutive or smaller": two Medium fill it
    assert R.room(sw_, Size.HUGE, [Size.MEDIUM], Size.MEDIUM)
    assert not R.room(sw_, Size.HUGE, [Size.MEDIUM, Size.MEDIUM], Size.TINY)
    assert R.room(sw_, Size.HUGE, [Size.MEDIUM] + [Size.SMALL] * 4, Size.SMALL) is False
    assert R.room(sw_, Size.HUGE, [Size.MEDIUM] + [Size.SMALL] * 3, Size.SMALL)
    assert R.share(sw_, Size.HUGE, Size.FINE) == R.share(sw_, Size.HUGE, Size.DIMINUTIVE)
    assert (
        R.swallow_problem(enc.combatants["tyrannosaurus"].stats, enc.combatants["blue"].stats)
        is None
    )


def _sampled(enc: Any) -> Any:
    from random import Random

    from d20combat.rules.dice import SampledDice

    enc.dice = SampledDice(Random(1))  # a save holds a generator, not a script
    return enc


def test_a_save_carries_who_is_inside_whom(kit: Any) -> None:
    enc = swallowed(kit, [])
    enc.apply(parse_action("end"))
    enc.dice.totals += [10, 7]
    enc.apply(parse_action("cut-free tyrannosaurus with dagger"))
    _sampled(enc)
    data = enc.to_json()
    blue = data["combatants"][1]
    assert blue["pos"] is None and blue["inside"] == "tyrannosaurus" and blue["cut"] == 7
    back = Encounter.from_json(json.loads(json.dumps(data)))
    assert (
        back.to_json() == data
        and back.combatants["blue"].pos == back.combatants["tyrannosaurus"].pos
    )
    assert not back.combatants["blue"].present() and "blue" in back.space.swallowed


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda b, t: b.update(pos=[3, 0]), "has a square but is inside tyrannosaurus"),
        (lambda b, t: b.update(inside=None), "has no square but is inside nobody"),
        (
            lambda b, t: b.update(inside="ghost", conditions={"swallowed": ["ghost", 0]}),
            "no other combatant 'ghost'",
        ),
        (lambda b, t: b.update(cut=25), "it would be out"),
        (lambda b, t: t["vitals"].update(hp=-10, dead=True), "dead, fled, surrendered"),
        (lambda b, t: b["conditions"].pop("swallowed"), "with the swallowed condition of 'nobody'"),
        (
            lambda b, t: b.update(inside="blue", conditions={"swallowed": ["blue", 0]}),
            "no other combatant 'blue'",
        ),
    ],
)
def test_hostile_saves_of_a_swallowed_creature_are_refused(
    kit: Any, edit: Any, message: str
) -> None:
    enc = _sampled(swallowed(kit, []))
    data = json.loads(json.dumps(enc.to_json()))
    edit(data["combatants"][1], data["combatants"][0])
    with pytest.raises(SaveFileError) as err:
        Encounter.from_json(data)
    assert message in str(err.value)


def test_the_baseline_swallows_and_the_swallowed_cuts(kit: Any) -> None:
    # the tyrannosaurus holding Blue: the swallow (certain: +30 against +9) is worth the
    # bite, a round of the gizzard and Blue's grapple attacks on it; more than a pin
    from d20combat.tactics.policies import policy

    enc = held(kit, [])
    assert str(policy("default")(enc, "tyrannosaurus")) == "swallow blue"
    enc = swallowed(kit, [])
    enc.apply(parse_action("end"))
    assert str(policy("default")(enc, "blue")) == "cut-free tyrannosaurus with dagger"
    assert str(policy("random")(enc, "blue")) in [str(a) for a in enc.legal_actions()]


def test_without_a_cutting_weapon_it_can_only_try_to_escape(kit: Any) -> None:
    # a longsword is no light weapon: no cut; the escape (d20 + 9 against d20 + 30)
    # cannot succeed, so the baseline ends its turn
    from d20combat.tactics.policies import policy

    enc = swallowed(kit, [], weapons="longsword")
    enc.apply(parse_action("end"))
    legal = [str(a) for a in enc.legal_actions()]
    assert not any(a.startswith("cut-free") for a in legal)
    with pytest.raises(IllegalActionError, match="no light slashing or piercing weapon"):
        enc.apply(parse_action("cut-free tyrannosaurus"))
    assert str(policy("default")(enc, "blue")) == "end"


def test_seeded_swallows_agree_with_the_exact_odds(kit: Any) -> None:
    """300 seeded swallows of a made-up Blue of BAB +25 (grapple +28 against the
    tyrannosaurus's +30) land within three standard deviations of ``odds swallow``."""
    from d20combat.content.rulesets import ruleset
    from d20combat.encounter.maneuvers import grapple as GR
    from d20combat.odds import swallow_odds

    sides = {
        "dinos": "  - creature: tyrannosaurus\n    at: a1\n",
        "blue": kit.soldier("Blue", "d1", bab=25, hp_bonus=100),
    }
    scenario = kit.make(kit.scenario_text(ROWS, sides))
    n, inside, seed = 300, 0, 0
    for _ in range(n):
        while True:
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "tyrannosaurus":
                break
        t, blue = enc.combatants["tyrannosaurus"], enc.combatants["blue"]
        GR.link(enc, t, blue)
        enc.space.place(blue, (1, 0))
        enc.budget.held = t.grappling  # as if it had held Blue since its turn began
        enc.apply(parse_action("swallow blue"))
        inside += blue.inside == "tyrannosaurus"
    p = float(swallow_odds(t.stats, blue.stats, ruleset()).p_success)
    assert 0.1 < p < 0.9
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(inside - n * p) <= 3 * sd, (inside, n * p, sd)
