"""The rows of the SRD's Table: Actions in Combat the engine times but does not model
(``use NAME``: magic items, spells kept up, special abilities, torches, nets ...):
each takes its action type and provokes as the table (and seed 002's marks) say.

Sources: SRD combat-i.html Table: Actions in Combat; seed 002 "Actions" (Standard,
Move, Full-Round and Free Actions); SRD combat-ii.html "Activate Magic Item", "Use
Special Ability" (spell-like abilities provoke, supernatural and extraordinary ones do
not). Red (soldier, longsword) acts first; Blue next to it has Combat Reflexes (it may
make an attack of opportunity while flat-footed in the first round): its longsword +9
rolled 2 makes 11 against Red's AC 16, a miss, so no damage die is rolled.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.errors import IllegalActionError, InputError, ScenarioError
from d20combat.rules.activities import ACTIVITIES
from d20combat.sim.runner import play

RULESETS = ("srd35", "advanced", "d20modern")

# The table, written out here from SRD combat-i Table: Actions in Combat (the action
# type and the "Attack of Opportunity" column; "usually" taken as yes, "not an action"
# as free), independently of rules/activities.py.
TABLE: dict[str, tuple[str, bool]] = {
    "activate-item": ("standard", False),
    "concentrate": ("standard", False),
    "dismiss-spell": ("standard", False),
    "draw-hidden": ("standard", False),
    "drink": ("standard", True),
    "light-tindertwig": ("standard", True),
    "lower-sr": ("standard", False),
    "read-scroll": ("standard", True),
    "skill-action": ("standard", True),
    "spell-like": ("standard", True),
    "supernatural": ("standard", False),
    "direct-spell": ("move", False),
    "move-heavy": ("move", True),
    "ready-shield": ("move", False),
    "retrieve": ("move", True),
    "escape-net": ("full-round", True),
    "extinguish": ("full-round", False),
    "light-torch": ("full-round", True),
    "lock-gauntlet": ("full-round", True),
    "prepare-splash": ("full-round", True),
    "skill-round": ("full-round", True),
    "touch-six": ("full-round", True),
    "cease-concentration": ("free", False),
    "draw-ammunition": ("free", False),
    "extraordinary": ("free", False),
    "prepare-components": ("free", False),
    "quickened-spell": ("free", False),
    "speak": ("free", False),
    # "Use feat: varies" (as the feat describes) and seed 004 "Use Feat, Skill, or
    # Talent": a row per timing; a skill used as a move action provokes as "use skill"
    # ("usually"); feats and talents do not (reading A188)
    "feat-action": ("standard", False),
    "talent-action": ("standard", False),
    "feat-move": ("move", False),
    "skill-move": ("move", True),
    "talent-move": ("move", False),
    "feat-round": ("full-round", False),
    "talent-round": ("full-round", False),
    "feat-free": ("free", False),
}
ALL = ", ".join(TABLE)


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def duel(kit: Any, rolls: list[int], *, ruleset: str = "srd35", activities: str = ALL) -> Any:
    sides = {
        "red": kit.soldier("Red", "b2", activities=activities),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    return kit.scripted_encounter(
        ".......\n.......\n.......", sides, [20, 1, *rolls], ruleset=ruleset
    )


def test_the_table_is_every_row() -> None:
    """Every timed-only row of the table, with its action type."""
    assert {name: row.kind for name, row in ACTIVITIES.items()} == {
        name: kind for name, (kind, _) in TABLE.items()
    }


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", list(TABLE))
def test_each_activity_takes_its_action_type_and_provokes_as_the_table_says(
    kit: Any, ruleset: str, name: str
) -> None:
    """``use NAME``: the action type is spent (a standard action leaves the move action,
    a move action the standard one, a full-round action nothing, a free action all);
    a provoking one lets Blue swing first (roll 2: 11 vs AC 16, a miss). d20modern's
    table is missing from seed 004 (004-aoo-08): the SRD's rows hold there too."""
    kind, provokes = TABLE[name]
    enc = duel(kit, [2] if provokes else [], ruleset=ruleset)
    action = A.parse_action(f"use {name}")
    assert str(action) == f"use {name}" and action.kind == kind
    enc.apply(action)
    b = enc.budget
    left = {"standard": (False, True), "move": (True, False), "full-round": (False, False)}
    assert (b.standard, b.move) == left.get(kind, (True, True))
    assert b.full_round == (kind == "full-round")
    (done,) = events(enc, "activity")
    assert done.outcome == {
        "activity": name,
        "action": kind,
        "provokes": provokes,
        "effect": "not modelled beyond its timing",
    }
    aoos = events(enc, "aoo")
    assert [(e.actor, e.outcome["total"]) for e in aoos] == ([("blue", 11)] if provokes else [])
    assert enc.dice.totals == []


def test_a_provoking_activity_is_lost_when_the_attack_of_opportunity_drops_the_creature(
    kit: Any,
) -> None:
    """SRD combat-i "Attacks of Opportunity": the attack comes before the action. Red has
    6 hp (40 - 39, but at least 1 a Hit Die); Blue's longsword rolled 10 + 9 = 19 hits
    AC 16; its damage total 8 (1d8 rolled 5, +3): Red at -2 is dying and never drinks."""
    sides = {
        "red": kit.soldier("Red", "b2", activities="drink", hp_bonus=-39),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(".......\n.......", sides, [20, 1, 10, 8])
    assert enc.combatants["red"].vitals.hp == 6
    enc.apply(A.use("drink"))
    assert [e.outcome["total"] for e in events(enc, "aoo")] == [19]
    assert enc.combatants["red"].vitals.hp == -2
    assert not events(enc, "activity")


def test_activities_must_be_listed_and_timed(kit: Any) -> None:
    """Reading A120: only what the stat block lists; each needs its action type left."""
    enc = duel(kit, [2, 2], activities="drink, retrieve, light-torch, speak")
    legal = [str(a) for a in enc.legal_actions() if isinstance(a, A.Use)]
    # the free ones are legal but not listed: they would be offered without end
    assert legal == ["use drink", "use retrieve", "use light-torch"]
    with pytest.raises(IllegalActionError, match="cannot read a scroll"):
        enc.check(A.use("read-scroll"))
    enc.apply(A.use("retrieve"))  # the move action
    with pytest.raises(IllegalActionError, match="full-round"):
        enc.check(A.use("light-torch"))
    enc.apply(A.use("speak"))  # free, any number
    enc.apply(A.use("speak"))
    enc.apply(A.use("drink"))  # the standard action: nothing but free actions left
    with pytest.raises(IllegalActionError, match="no move action left"):
        enc.check(A.use("retrieve"))
    enc.apply(A.EndTurn())
    assert enc.current is not None and enc.current.id == "blue"
    with pytest.raises(IllegalActionError, match="its activities: none"):
        enc.check(A.use("drink"))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Use)]


def test_the_notation_refuses_unknown_activities() -> None:
    with pytest.raises(InputError, match="did you mean drink"):
        A.parse_action("use drnk")
    with pytest.raises(InputError, match="'use ACTIVITY'"):
        A.parse_action("use")
    assert A.parse_action("USE Spell-Like") == A.UseStandard("spell-like")


def test_a_stat_block_with_an_unknown_activity_is_refused(kit: Any) -> None:
    with pytest.raises(ScenarioError, match=r"unknown activity 'read scroll'.*read-scroll"):
        duel(kit, [], activities="read scroll")


def test_the_tactics_never_waste_an_action_on_an_activity(kit: Any) -> None:
    """The baseline weighs what an action does; an activity does nothing more than
    spend time, so a fight between creatures listing them all never takes one. The
    clone and the save keep the list."""
    sides = {
        "red": kit.soldier("Red", "b2", activities=ALL),
        "blue": kit.soldier("Blue", "f2", activities=ALL),
    }
    for seed in (1, 2, 3):
        enc = kit.encounter(".......\n.......\n.......", sides, seed=seed)
        play(enc)
        assert not events(enc, "activity")
        assert enc.clone().combatants["red"].stats.stat.activities == tuple(TABLE)


# ---------------------------------------------------------------- first aid
def first_aid_fight(
    kit: Any, rolls: list[int], *, ruleset: str = "srd35", green: str = "b1"
) -> Any:
    """Red (b2) and its dying ally Green (at -3 hp) against Blue (c2, Combat Reflexes).
    Initiative: Red 20, Green 1, Blue 5."""
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Green", green),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(
        ".......\n.......\n.......", sides, [20, 1, 5, *rolls], ruleset=ruleset
    )
    g = enc.combatants["green"]
    g.vitals = g.vitals._replace(hp=-3)
    enc.space.invalidate(g)
    return enc


@pytest.mark.parametrize(("ruleset", "skill"), [("srd35", "heal"), ("d20modern", "treat injury")])
def test_first_aid_makes_a_dying_friend_stable(kit: Any, ruleset: str, skill: str) -> None:
    """SRD Table: Actions in Combat "Make a dying friend stable (see Heal skill)": a
    standard action that provokes; SRD combat-i "Stable Characters and Recovery": "a DC
    15 Heal check"; seed 004 "Recovering with Help": Treat Injury, DC 15. Blue's attack
    of opportunity comes first (2 + 9 = 11 vs AC 16, a miss); Red's check, untrained
    (Wis 10: +0), rolls 15: 15 >= 15, Green is stable. Rolled 14 it stays dying."""
    enc = first_aid_fight(kit, [2, 15], ruleset=ruleset)
    assert A.Stabilize("green") in enc.legal_actions()
    assert str(A.parse_action("stabilize green")) == "stabilize green"
    enc.apply(A.Stabilize("green"))
    assert [e.outcome["total"] for e in events(enc, "aoo")] == [11]
    (aid,) = events(enc, "stabilize")
    assert (aid.target, aid.outcome["skill"], aid.outcome["total"], aid.outcome["dc"]) == (
        "green",
        skill,
        15,
        15,
    )
    assert aid.outcome["result"] == "stable" and enc.combatants["green"].vitals.stable
    assert not enc.budget.standard and enc.budget.move  # a standard action
    assert enc.dice.totals == []
    enc = first_aid_fight(kit, [2, 14], ruleset=ruleset)
    enc.apply(A.Stabilize("green"))
    assert events(enc, "stabilize")[0].outcome["result"] == "failed"
    assert not enc.combatants["green"].vitals.stable


def test_first_aid_needs_a_dying_creature_next_to_it(kit: Any) -> None:
    enc = first_aid_fight(kit, [], green="a1")  # a1 to b2: next to it (diagonal)
    assert enc.is_legal(A.Stabilize("green"))
    enc = first_aid_fight(kit, [], green="e1")
    with pytest.raises(IllegalActionError, match="green is not next to red"):
        enc.check(A.Stabilize("green"))
    with pytest.raises(IllegalActionError, match="blue is not dying"):
        enc.check(A.Stabilize("blue"))
    with pytest.raises(IllegalActionError, match="itself"):
        enc.check(A.Stabilize("red"))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Stabilize)]


def test_the_odds_of_first_aid_are_exact() -> None:
    """p_first_aid against every roll of the check, and against a count made here: the
    faces f of the d20 with f + modifier >= DC (a check has no automatic 1 or 20)."""
    from fractions import Fraction

    from d20combat.rules.activities import first_aid, p_first_aid
    from d20combat.rules.dice import enumerate_outcomes
    from d20combat.rules.modifiers import BonusType, Modifier, stack

    for modifier in (-3, 0, 4, 14, 20):
        skill = stack([Modifier(modifier, BonusType.BASE, "heal")])
        dist = enumerate_outcomes(lambda d, s=skill: first_aid(d, s, 15, "heal")[1])
        count = sum(1 for face in range(1, 21) if face + modifier >= 15)
        assert p_first_aid(modifier, 15) == dist.get(True, Fraction(0)) == Fraction(count, 20)
