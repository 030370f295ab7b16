"""Movement and the action economy played out: charge, run, withdraw, the 5-foot step,
full-round actions and their 5-foot step, start/complete, restricted activity,
minimum movement, move actions (draw, stand, crawl, pick up) and total defense.

Every test uses scripted dice (initiative first, then every roll in order) and asserts
the rule's own numbers. Sources are named on each test: the seeds in
/work/shared/seeds/ (000 "Charge", 002 quick reference, 003 "Speed", 004 "CB Rules")
and the SRD (srd35/basic-rules-and-legal/combat-i-basics.html, combat-ii-...html).

The plain soldier of conftest.py: BAB +6 (+9 / +4 with the longsword), AC 16,
chainmail (medium armor: speed 20 ft), Dex 12.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Condition
from d20combat.errors import IllegalActionError, InputError
from d20combat.tactics.policies import policy

BOTH = pytest.mark.parametrize("ruleset", ["srd35", "d20modern"])

OPEN = """
.......
.......
.......
"""

WIDE = """
.............
.............
.............
"""

LONG = """
......................
......................
......................
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def sq(name: str) -> tuple[int, int]:
    return A.parse_square(name)


def path(*names: str) -> tuple[tuple[int, int], ...]:
    return tuple(sq(n) for n in names)


def row(start: str, end: str) -> tuple[tuple[int, int], ...]:
    """The squares of a straight run along one row, start excluded (``b2`` to ``f2``)."""
    (x0, y), (x1, _) = sq(start), sq(end)
    step = 1 if x1 > x0 else -1
    return tuple((x, y) for x in range(x0 + step, x1 + step, step))


def charges(enc: Any, target: str = "blue") -> set[str]:
    """Where the legal charges with an attack at their end end (not those ending in a
    bull rush or an overrun: tests/encounter/test_bull_rush.py, test_overrun.py)."""
    return {
        A.square_name(a.to)
        for a in enc.legal_actions()
        if isinstance(a, A.Charge) and a.target == target and a.maneuver is None
    }


# ---------------------------------------------------------------------------- charge
@BOTH
def test_charge_is_a_full_round_action_of_up_to_double_speed(kit: Any, ruleset: str) -> None:
    """seed 000 "Charge" / seed 004 "Charge": a special full-round action to move more
    than one's speed (up to twice it, at least 10 ft) and attack; seed 002 "Charge"."""
    # Red (speed 20 ft) charges 40 ft, a2 -> i2, at Blue on j2: twice its speed.
    enc = kit.duel([20, 1, 5, 6], red_at="a2", blue_at="j2", rows=WIDE, ruleset=ruleset)
    red = enc.combatants["red"]
    assert enc.space.speed(red) == 20
    with pytest.raises(IllegalActionError, match="costs 40 ft but speed is 20 ft"):
        enc.apply(A.Move(row("a2", "i2")))  # a move action covers only 20 ft
    assert charges(enc) == {"i1", "i2", "i3"}
    enc.apply(A.Charge("blue", sq("i2")))
    assert red.pos == sq("i2") and events(enc, "charge")[0].outcome["path"] == [
        "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2"
    ]  # fmt: skip
    attack = events(enc, "attack")[0]
    assert attack.total("attack bonus").value == 11 and attack.outcome["result"] == "hit"
    # the whole round is spent: no move, no standard action, no 5-foot step
    b = enc.budget
    assert b.full_round and not b.standard and not b.move
    for after in (A.Move((sq("h2"),)), A.Attack("blue"), A.Step(sq("h2")), A.TotalDefense()):
        with pytest.raises(IllegalActionError):
            enc.apply(after)
    # Blue on k2: the closest attack squares (column j) are 45 ft away: no charge
    enc = kit.duel([20, 1], red_at="a2", blue_at="k2", rows=WIDE, ruleset=ruleset)
    assert charges(enc) == set()
    with pytest.raises(IllegalActionError, match="10 to 40 ft away"):
        enc.apply(A.Charge("blue", sq("j2")))
    # Blue on f2, Red on d2: e2 is only 5 ft away, and a charge moves at least 10 ft
    enc = kit.duel([20, 1], red_at="d2", blue_at="f2", ruleset=ruleset)
    assert charges(enc) == set()
    with pytest.raises(IllegalActionError, match="10 to 40 ft away"):
        enc.apply(A.Charge("blue", sq("e2")))


@BOTH
def test_a_charge_ends_in_the_closest_square_from_which_to_attack(kit: Any, ruleset: str) -> None:
    """seed 000 "Charge": move directly toward the opponent, to the closest space from
    which to attack it; seed 004 "Charge": stop as soon as within striking range, no
    running past to attack from another side (D53: 000's lane in every ruleset)."""
    enc = kit.duel([20, 1], red_at="a2", blue_at="f2", ruleset=ruleset)
    # e1, e2 and e3 are all 20 ft from a2; f1, f3 (25 ft) and the g column are farther
    assert charges(enc) == {"e1", "e2", "e3"}
    for beyond in ("f1", "f3", "g2", "g1"):
        with pytest.raises(IllegalActionError, match="closest space"):
            enc.apply(A.Charge("blue", sq(beyond)))
    # difficult terrain on c2: every lane from a2 to e1, e2 or e3 crosses it
    rows = """
    .......
    ..,....
    .......
    """
    enc = kit.duel([20, 1], red_at="a2", blue_at="f2", rows=rows, ruleset=ruleset)
    assert charges(enc) == set()


def test_a_helpless_creature_in_the_lane_does_not_stop_a_charge(kit: Any) -> None:
    """seed 000 "Charge": "Helpless creatures don't stop a charge"; SRD combat-ii
    "Moving Through a Square": one may pass a helpless opponent's square."""
    sides = {
        "red": kit.soldier("Red", "a2"),
        "blue": kit.soldier("Blue", "f2") + kit.soldier("Green", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 5, 6])
    green = enc.combatants["green"]
    assert "e2" not in charges(enc)  # Green, standing on c2, blocks the lane a2-e2
    with pytest.raises(IllegalActionError, match="opponent blocks c2"):
        enc.apply(A.Move(path("b2", "c2", "d2")))
    green.vitals = green.vitals._replace(hp=-1)  # dying: unconscious and helpless
    enc.space.invalidate(green)
    assert "e2" in charges(enc)
    enc.apply(A.Charge("blue", sq("e2")))  # roll 5: 5 + 11 = 16 hits AC 16, 6 damage
    assert enc.combatants["red"].pos == sq("e2")
    assert events(enc, "charge")[0].outcome["path"] == ["b2", "c2", "d2", "e2"]
    assert events(enc, "damage")[0].outcome["damage"] == 6


def test_a_helpless_opponent_can_be_moved_through(kit: Any) -> None:
    """SRD combat-ii "Moving Through a Square": no passing an opponent's square unless
    it is helpless (then without penalty: the move costs 5 ft a square)."""
    sides = {
        "red": kit.soldier("Red", "a2"),
        "blue": kit.soldier("Blue", "g2") + kit.soldier("Green", "b2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2])
    green = enc.combatants["green"]
    with pytest.raises(IllegalActionError, match="opponent blocks b2"):
        enc.apply(A.Move(path("b2", "c2")))
    green.vitals = green.vitals._replace(hp=-1)
    enc.space.invalidate(green)
    red = enc.combatants["red"]
    assert enc.space.path_cost(red, path("b2", "c2")) == 10
    enc.apply(A.Move(path("b2", "c2")))
    assert red.pos == sq("c2")


def test_no_charge_without_line_of_sight(kit: Any) -> None:
    """seed 000 "Charge" / seed 002 "Charge": no charge at an opponent one cannot see
    (fog between, as obscuring mist; darkness around the target)."""
    assert charges(kit.duel([20, 1], red_at="a2", blue_at="f2")) == {"e1", "e2", "e3"}
    fog = """
    ..f....
    ..f....
    ..f....
    """  # fog is not difficult terrain: the lanes are clear, the sight is not
    enc = kit.duel([20, 1], red_at="a2", blue_at="f2", rows=fog)
    assert charges(enc) == set()
    with pytest.raises(IllegalActionError, match="in sight"):
        enc.apply(A.Charge("blue", sq("e2")))
    dark = """
    .......
    .....D.
    .......
    """
    enc = kit.duel([20, 1], red_at="a2", blue_at="f2", rows=dark)
    assert charges(enc) == set()
    enc.apply(A.Move(path("b2", "c2", "d2", "e2")))  # plain movement is still possible


@BOTH
def test_no_five_foot_step_in_a_round_with_a_charge(kit: Any, ruleset: str) -> None:
    """seed 000 "Charge": no 5-foot step in the same round as a charge; seed 004
    "Charge": none in the same round as a full charge. The restricted charge keeps
    the ban."""
    enc = kit.duel([20, 1], red_at="b2", blue_at="g2", ruleset=ruleset)
    enc.apply(A.Step(sq("a2")))
    assert charges(enc) == set()
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Charge("blue", sq("f2")))
    enc = kit.duel([20, 1, 2], red_at="a2", blue_at="f2", ruleset=ruleset)
    enc.apply(A.Charge("blue", sq("e2")))  # roll 2: a miss
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Step(sq("d2")))
    # limited to one action (the surprise round): a step, then no charge either
    enc = kit.duel(
        [20, 1], red_at="b2", blue_at="f2", ruleset=ruleset, awareness={"blue": "unaware"}
    )
    assert enc.round == 0 and enc.budget.single and "e2" in charges(enc)
    enc.apply(A.Step(sq("a2")))
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Charge("blue", sq("e2")))


@BOTH
def test_a_creature_limited_to_one_action_charges_up_to_its_speed(kit: Any, ruleset: str) -> None:
    """seed 000 "Charge" / 002 "Charge" / 004 "Charge": in the surprise round (limited
    to one action) a creature may still charge, as a standard action, moving at most its
    speed; SRD combat-i "Start/Complete Full-Round Action" (restricted activity)."""
    unaware = {"blue": "unaware"}
    # 20 ft (a2 -> e2) is Red's speed: the restricted charge is allowed
    enc = kit.duel([20, 1, 5, 6], red_at="a2", blue_at="f2", ruleset=ruleset, awareness=unaware)
    assert enc.round == 0 and enc.budget.single
    enc.apply(A.Charge("blue", sq("e2")))
    assert events(enc, "attack")[0].total("attack bonus").value == 11
    assert not enc.budget.standard and not enc.budget.move  # the one action is spent
    with pytest.raises(IllegalActionError):
        enc.apply(A.Attack("blue"))
    # 25 ft (a2 -> f2) is over its speed: no restricted charge, though a full one can
    enc = kit.duel([20, 1], red_at="a2", blue_at="g2", ruleset=ruleset, awareness=unaware)
    assert charges(enc) == set()
    with pytest.raises(IllegalActionError, match="10 to 20 ft away"):
        enc.apply(A.Charge("blue", sq("f2")))
    enc = kit.duel([20, 1], red_at="a2", blue_at="g2", ruleset=ruleset)
    assert charges(enc) == {"f1", "f2", "f3"}
    # the single-action charge exists only when so restricted: after a move action a
    # normal turn has no charge left
    enc = kit.duel([20, 1], red_at="a2", blue_at="g2", ruleset=ruleset)
    enc.apply(A.Move((sq("a1"),)))
    assert charges(enc) == set()
    with pytest.raises(IllegalActionError, match="whole turn"):
        enc.apply(A.Charge("blue", sq("f1")))


@BOTH
def test_a_charge_allows_one_attack_only(kit: Any, ruleset: str) -> None:
    """seed 000 "Charge" / seed 004 "Charge": one attack after the charge, even with
    iterative attacks (BAB +6) or two weapons."""
    enc = kit.duel([20, 1, 5, 6], red_at="a2", blue_at="f2", ruleset=ruleset)
    assert [len(r.attacks) for r in enc.combatants["red"].routines_ready()] == [2]
    enc.apply(A.Charge("blue", sq("e2")))
    assert len(events(enc, "attack")) == 1
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.apply(A.Attack("blue"))
    # a two-weapon fighter (longsword and short sword) strikes once too
    sides = {
        "red": kit.soldier(
            "Red",
            "a2",
            weapons="longsword, {weapon: short sword, wield: 'off'}",
            feats="Two-Weapon Fighting",
        ),
        "blue": kit.soldier("Blue", "f2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2], ruleset=ruleset)
    red = enc.combatants["red"]
    routine = max(red.routines_ready(), key=lambda r: len(r.attacks))
    assert [bonus.value for _, bonus in routine.attacks] == [7, 2, 7]  # two hands, -2 each
    enc.apply(A.Charge("blue", sq("e2")))
    assert len(events(enc, "attack")) == 1
    for option, _ in routine.attacks:
        with pytest.raises(IllegalActionError):
            enc.apply(A.Attack("blue", option.name))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Attack)]


def test_a_spear_set_against_a_charge_deals_double_damage(kit: Any) -> None:
    """seed 000 "Charge" / seed 002 "Charge": a spear, trident or similar weapon readied
    (set) against a charge deals double damage to the charger (SRD equipment "brace")."""
    sides = {"red": kit.soldier("Red", "a2"), "blue": kit.soldier("Blue", "f2", weapons="spear")}
    # Blue (20) acts first and readies; Red (1) charges into the spear's reach at e2.
    # Readied attack: roll 15 (+9 = 24 hits); damage (1d8+4) x2 = 2d8+8, scripted 18
    # (more than 1d8+4 can give). Red's charge attack then rolls 2 (a miss).
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 15, 18, 2])
    assert enc.current.id == "blue"
    enc.apply(A.Ready("enters-reach"))
    enc.apply(A.EndTurn())
    enc.apply(A.Charge("blue", sq("e2")))
    readied, charge_attack = events(enc, "readied attack"), events(enc, "attack")
    assert len(readied) == 1 and readied[0].outcome["result"] == "hit"
    damage = events(enc, "damage")[0]
    assert damage.outcome["multiplier"] == 2 and damage.outcome["damage"] == 18
    assert damage.total("damage bonus").value == 4
    assert charge_attack[0].actor == "red" and charge_attack[0].outcome["result"] == "miss"
    # the same readied spear against a plain move: normal damage (1d8+4 = 9)
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 15, 9])
    enc.apply(A.Ready("enters-reach"))
    enc.apply(A.EndTurn())
    enc.apply(A.Move(path("b2", "c2", "d2", "e2")))
    damage = events(enc, "damage")[0]
    assert damage.outcome["multiplier"] == 1 and damage.outcome["damage"] == 9


def two_weapons(kit: Any, feats: str = "Two-Weapon Fighting", **kw: Any) -> dict[str, str]:
    """Red (b2) with a longsword and an off-hand short sword, beside Blue (c2)."""
    return {
        "red": kit.soldier(
            "Red", "b2", weapons="longsword, {weapon: short sword, wield: 'off'}", feats=feats, **kw
        ),
        "blue": kit.soldier("Blue", "c2"),
    }


def test_a_two_weapon_fighter_full_attacks_with_both_weapons(kit: Any) -> None:
    """seed 000 "Two-Weapon Fighting" (the engine fix behind the two-weapon charge
    above): with both weapons in hand the full attack is +7/+2 with the longsword and
    +7 with the light off-hand short sword (Two-Weapon Fighting: -2/-2)."""
    sides = two_weapons(kit)
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 2, 2])
    assert A.Attack("blue", "longsword", two_weapon=True) in enc.legal_actions()
    enc.apply(A.Attack("blue", two_weapon=True))
    for _ in range(2):
        enc.apply(A.Attack("blue"))
    attacks = events(enc, "attack")
    assert [e.total("attack bonus").value for e in attacks] == [7, 2, 7]
    assert [e.outcome["weapon"] for e in attacks] == ["longsword", "longsword", "short sword"]
    with pytest.raises(IllegalActionError):
        enc.apply(A.Attack("blue"))
    # without two-weapon, the first attack is the longsword's own +9/+4 routine: no
    # penalty, and a move may still follow it (SRD combat-i "Full Attack")
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 2])
    enc.apply(A.Attack("blue"))
    enc.apply(A.Attack("blue"))
    attacks = events(enc, "attack")
    assert [e.total("attack bonus").value for e in attacks] == [9, 4]
    with pytest.raises(IllegalActionError) as refused:
        enc.apply(A.Attack("blue"))
    assert "standard" in str(refused.value)
    # a two-weapon attack opens a full attack: not after a move
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.Move((sq("b1"),)))
    with pytest.raises(IllegalActionError, match="two-weapon attack opens a full attack"):
        enc.apply(A.Attack("blue", two_weapon=True))
    assert not any(getattr(a, "two_weapon", False) for a in enc.legal_actions())


def test_either_weapon_may_strike_first_in_a_two_weapon_full_attack(kit: Any) -> None:
    """SRD combat-i "Full Attack": with two weapons either may strike first; a weapon's
    own iteratives still go highest first. Red opens with the off-hand short sword
    (+7), then the longsword (+7, +2); or interleaves: longsword +7, short sword +7,
    longsword +2. Naming a weapon with no attack left is refused."""
    sides = two_weapons(kit)
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 2, 2])
    assert A.Attack("blue", "short sword", two_weapon=True) in enc.legal_actions()
    enc.apply(A.Attack("blue", "short sword", two_weapon=True))
    with pytest.raises(IllegalActionError, match="with longsword"):
        enc.check(A.Attack("blue", "short sword"))
    enc.apply(A.Attack("blue"))
    enc.apply(A.Attack("blue"))
    attacks = [(e.outcome["weapon"], e.total("attack bonus").value) for e in events(enc, "attack")]
    assert attacks == [("short sword", 7), ("longsword", 7), ("longsword", 2)]
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 2, 2])
    enc.apply(A.Attack("blue", "longsword", two_weapon=True))
    legal = {a.weapon for a in enc.legal_actions() if type(a) is A.Attack}
    assert legal == {"longsword", "short sword"}
    enc.apply(A.Attack("blue", "short sword"))
    enc.apply(A.Attack("blue", "longsword"))
    attacks = [(e.outcome["weapon"], e.total("attack bonus").value) for e in events(enc, "attack")]
    assert attacks == [("longsword", 7), ("short sword", 7), ("longsword", 2)]


@pytest.mark.parametrize("ruleset", ["srd35", "d20modern"])
def test_improved_two_weapon_fighting_adds_a_second_off_hand_attack(kit: Any, ruleset: str) -> None:
    """SRD feats "Improved Two-Weapon Fighting": a second attack with the off-hand
    weapon, at -5 (seed 004 "Attacking with Two Weapons" plays the same way). BAB +6,
    Str 16, Two-Weapon Fighting and a light off-hand short sword (-2/-2): longsword
    +7/+2, short sword +7/+2."""
    sides = two_weapons(kit, "Two-Weapon Fighting, Improved Two-Weapon Fighting", dex=17)
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 2, 2, 2], ruleset=ruleset)
    enc.apply(A.Attack("blue", two_weapon=True))
    for _ in range(3):
        enc.apply(A.Attack("blue"))
    attacks = events(enc, "attack")
    assert [(e.outcome["weapon"], e.total("attack bonus").value) for e in attacks] == [
        ("longsword", 7),
        ("longsword", 2),
        ("short sword", 7),
        ("short sword", 2),
    ]
    with pytest.raises(IllegalActionError):
        enc.apply(A.Attack("blue"))


# ---------------------------------------------------------------------------- run
@pytest.mark.parametrize(
    ("ruleset", "armor", "limit"),
    [
        ("srd35", "chainmail", 80),  # medium armor: x4
        ("srd35", "full plate", 60),  # heavy armor: x3 (SRD combat-i "Run", D36)
        ("d20modern", "chainmail", 80),
        ("d20modern", "full plate", 80),  # seed 004 "Run": x4 in any armor (D36)
    ],
)
def test_run_is_a_full_round_straight_line_of_four_times_speed(
    kit: Any, ruleset: str, armor: str, limit: int
) -> None:
    """SRD combat-i "Run" / seed 004 "Run" / seed 003 "Speed": a full-round action, up
    to four times speed (three times in heavy armor in srd35) in a straight line, with
    no 5-foot step; seed 002 "Full-Round Actions": running provokes (as movement)."""
    sides = {"red": kit.soldier("Red", "a2", armor=armor), "blue": kit.soldier("Blue", "a3")}
    enc = kit.scripted_encounter(LONG, sides, [20, 1], ruleset=ruleset)
    red = enc.combatants["red"]
    assert enc.space.speed(red) == 20
    squares = limit // 5
    far = A.square_name((squares + 1, 1))
    with pytest.raises(IllegalActionError, match=f"running allows {limit} ft"):
        enc.apply(A.Run(row("a2", far)))
    with pytest.raises(IllegalActionError, match="straight line"):
        enc.apply(A.Run((sq("b2"), sq("c1"))))
    end = A.square_name((squares, 1))
    runs = {a.path[-1] for a in enc.legal_actions() if isinstance(a, A.Run)}
    assert sq(end) in runs and (squares + 1, 1) not in runs
    enc.apply(A.Run(row("a2", end)))
    assert red.pos == sq(end) and "running" in red.conditions
    b = enc.budget
    assert b.full_round and not b.standard and not b.move
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Step((squares - 1, 1)))
    # a 5-foot step first: then no run
    enc = kit.scripted_encounter(LONG, sides, [20, 1], ruleset=ruleset)
    enc.apply(A.Step(sq("b2")))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Run)]
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Run(row("b2", "e2")))
    # a move action first: a full-round action needs the whole turn
    enc = kit.scripted_encounter(LONG, sides, [20, 1], ruleset=ruleset)
    enc.apply(A.Move((sq("b2"),)))
    with pytest.raises(IllegalActionError, match="whole turn"):
        enc.apply(A.Run(row("b2", "e2")))


def test_running_provokes_when_leaving_threatened_squares(kit: Any) -> None:
    """seed 002 "Full-Round Actions": Run provokes; SRD combat-i Table: Actions in
    Combat note 1 (moving out of a threatened square provokes): once per round per foe."""
    # Blue (Combat Reflexes: it reacts while flat-footed) on b3 threatens a2, b2 and c2;
    # its one attack of opportunity rolls 2 (+9 = 11: a miss).
    enc = kit.duel([20, 1, 2], red_at="a2", blue_at="b3", blue="Combat Reflexes", rows=LONG)
    enc.apply(A.Run(row("a2", "k2")))
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["moving out of a2"]
    assert len(events(enc, "aoo")) == 1 and enc.combatants["red"].pos == sq("k2")


def test_no_run_across_difficult_terrain(kit: Any) -> None:
    """SRD combat-i "Run" / combat-ii "Difficult Terrain": no running across difficult
    terrain; a run up to it is fine."""
    rows = """
    ..........
    .....,....
    ..........
    """
    enc = kit.duel([20, 1], red_at="a2", blue_at="a3", rows=rows)
    with pytest.raises(IllegalActionError, match="difficult terrain at f2"):
        enc.apply(A.Run(row("a2", "h2")))
    runs = {a.path[-1] for a in enc.legal_actions() if isinstance(a, A.Run)}
    assert sq("e2") in runs and not {sq("f2"), sq("g2"), sq("h2")} & runs
    enc.apply(A.Run(row("a2", "e2")))
    assert enc.combatants["red"].pos == sq("e2")


# ---------------------------------------------------------------------------- withdraw
@pytest.mark.parametrize(("ruleset", "limit"), [("srd35", 20), ("d20modern", 40)])
def test_withdraw_distance_and_no_five_foot_step(kit: Any, ruleset: str, limit: int) -> None:
    """seed 004 "Withdraw": a full-round action moving up to twice speed (d20modern);
    srd35 takes seed 002's full-round move at normal speed (D34); neither allows a
    5-foot step (SRD combat-i "Withdraw")."""
    enc = kit.duel([20, 1], red_at="b2", blue_at="a2", rows=LONG, ruleset=ruleset)
    squares = limit // 5
    with pytest.raises(IllegalActionError, match=f"withdrawing allows {limit} ft"):
        enc.apply(A.Withdraw(row("b2", A.square_name((squares + 2, 1)))))
    end = A.square_name((squares + 1, 1))
    enc.apply(A.Withdraw(row("b2", end)))
    assert enc.combatants["red"].pos == sq(end) and not events(enc, "aoo")
    assert enc.budget.full_round and not enc.budget.standard
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Step((squares + 2, 1)))
    enc = kit.duel([20, 1], red_at="b2", blue_at="a2", rows=LONG, ruleset=ruleset)
    enc.apply(A.Step(sq("c2")))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Withdraw)]
    with pytest.raises(IllegalActionError, match="5-foot step"):
        enc.apply(A.Withdraw((sq("d2"),)))


@BOTH
def test_restricted_withdraw_is_a_standard_action_up_to_speed(kit: Any, ruleset: str) -> None:
    """SRD combat-i "Withdraw" ("Restricted Withdraw") and "Start/Complete Full-Round
    Action": a creature limited to a standard action may withdraw as a standard action,
    moving up to its speed (20 ft for Red), in d20modern as well."""
    unaware = {"blue": "unaware"}
    enc = kit.duel(
        [20, 1], red_at="b2", blue_at="a2", rows=LONG, ruleset=ruleset, awareness=unaware
    )
    assert enc.budget.single
    with pytest.raises(IllegalActionError, match="withdrawing allows 20 ft"):
        enc.apply(A.Withdraw(row("b2", "g2")))
    enc.apply(A.Withdraw(row("b2", "f2")))
    assert enc.combatants["red"].pos == sq("f2")
    assert not enc.budget.standard and not enc.budget.move


def test_a_blinded_creature_cannot_withdraw(kit: Any) -> None:
    """SRD combat-i "Withdraw": a blinded creature can't withdraw (D34)."""
    enc = kit.duel([20, 1], red_at="b2", blue_at="a2")
    enc.apply(A.Withdraw((sq("c2"),)))  # sighted: allowed
    assert enc.combatants["red"].pos == sq("c2")
    enc = kit.duel([20, 1], red_at="b2", blue_at="a2")
    red = enc.combatants["red"]
    red.conditions["blinded"] = Condition("red", 0)
    enc.space.invalidate(red)
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Withdraw)]
    with pytest.raises(IllegalActionError, match="blinded"):
        enc.apply(A.Withdraw((sq("c2"),)))


def test_an_unseen_foe_still_gets_its_attack_when_a_withdrawal_starts(kit: Any) -> None:
    """SRD combat-i "Withdraw": the starting square is not threatened by any opponent
    the withdrawer can see; invisible (here: unseen in darkness) ones still attack.
    Blue (Combat Reflexes, so it reacts while flat-footed) stands in darkness next to
    Red, who has no darkvision: leaving b2 provokes; roll 3 (+9 = 12 vs AC 16) misses.
    In the light, the same withdrawal provokes nothing."""
    dark = """
    .......
    D......
    .......
    """
    enc = kit.duel([20, 1, 3], red_at="b2", blue_at="a2", blue="Combat Reflexes", rows=dark)
    enc.apply(A.Withdraw((sq("c2"), sq("d2"))))
    provoked = events(enc, "provoked")
    assert [(e.actor, e.outcome["reason"]) for e in provoked] == [("blue", "moving out of b2")]
    assert events(enc, "aoo")[0].outcome["total"] == 12
    enc = kit.duel([20, 1], red_at="b2", blue_at="a2", blue="Combat Reflexes")
    enc.apply(A.Withdraw((sq("c2"), sq("d2"))))
    assert not events(enc, "provoked")


def test_darkness_hampers_a_mover_who_cannot_see(kit: Any) -> None:
    """SRD combat-ii "Hampered Movement" / "Double Movement Cost" (poor visibility),
    SRD combat-i "Take 5-Foot Step" (not when darkness hampers movement), seed 004
    "Tactical Movement" (moving unable to see: half speed). Red (speed 20, no
    darkvision) crosses two squares of darkness at double cost and may not 5-foot step
    into it; with darkvision the same squares cost 5 ft each. Fog hampers everyone."""
    dark = """
    .DD..
    .....
    ff...
    """
    enc = kit.duel([20, 1], red_at="a1", blue_at="e3", rows=dark)
    assert enc.space.path_cost(enc.combatants["red"], (sq("b1"), sq("c1"))) == 20
    assert sq("b1") not in enc.space.step_squares(enc.combatants["red"])
    with pytest.raises(IllegalActionError, match="no 5-foot step"):
        enc.apply(A.Step(sq("b1")))
    with pytest.raises(IllegalActionError, match="cannot run where it cannot see"):
        enc.apply(A.Run((sq("b1"), sq("c1"), sq("d1"))))
    enc.apply(A.Move((sq("b1"), sq("c1"))))  # 20 ft: all of a move action
    assert not enc.budget.move or not enc.budget.standard
    seeing = {
        "red": kit.soldier("Red", "a1", qualities="darkvision 60 ft."),
        "blue": kit.soldier("Blue", "e3"),
    }
    enc = kit.scripted_encounter(dark, seeing, [20, 1])
    red = enc.combatants["red"]
    assert enc.space.path_cost(red, (sq("b1"), sq("c1"))) == 10
    assert sq("b1") in enc.space.step_squares(red)
    assert enc.space.path_cost(red, (sq("a2"), sq("a3"))) == 15  # fog: 5 + 10


# ---------------------------------------------------------------- minimum movement
def test_moving_5_ft_through_costly_terrain_is_a_full_round_action_that_provokes(
    kit: Any,
) -> None:
    """SRD combat-i "Move 5 Feet Through Difficult Terrain", combat-ii "Minimum
    Movement"; seed 002 "Full-Round Actions": when even 5 ft costs more than the speed,
    a full-round action moves 5 ft in any direction, diagonals included; it is not a
    5-foot step and provokes normally."""
    rows = """
    .......
    ..,,...
    .......
    """
    # Red: no armor, speed 10 ft, on b1; Blue (Combat Reflexes, so it reacts while
    # flat-footed) on a2 threatens b1.
    sides = {
        "red": kit.soldier("Red", "b1", armor=None, land=10),
        "blue": kit.soldier("Blue", "a2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1, 1])
    red = enc.combatants["red"]
    assert enc.space.speed(red) == 10
    assert enc.space.path_cost(red, (sq("c2"),)) == 15  # a diagonal into difficult terrain
    assert sq("c2") not in enc.space.step_squares(red)  # no 5-foot step there
    with pytest.raises(IllegalActionError, match="hampered"):
        enc.apply(A.Step(sq("c2")))
    enc.apply(A.Move((sq("c2"),)))  # b1 -> c2 diagonally, as a full-round action
    assert red.pos == sq("c2")
    b = enc.budget
    assert b.full_round and not b.standard and not b.move
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["moving out of b1"]
    assert len(events(enc, "aoo")) == 1  # a natural 1: a miss
    # after a move action the turn has no full-round action left: c1 -> d2 (15 ft) is
    # refused, c1 -> c2 (10 ft, within its speed) is a move action
    enc = kit.scripted_encounter(rows, sides, [20, 1, 1])
    red = enc.combatants["red"]
    enc.apply(A.Move((sq("c1"),)))
    with pytest.raises(IllegalActionError, match="costs 15 ft but speed is 10 ft"):
        enc.apply(A.Move((sq("d2"),)))
    enc.apply(A.Move((sq("c2"),)))
    assert red.pos == sq("c2")
    # minimum movement does not cross impassable terrain
    walled = """
    ..#....
    .......
    """
    enc = kit.scripted_encounter(walled, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="impassable"):
        enc.apply(A.Move((sq("c1"),)))
    # nor when all movement is forbidden (grappling, say: a grappler's actions are the
    # grapple options, which a move is not)
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    red = enc.combatants["red"]
    red.conditions["grappling"] = Condition("blue", 0)
    enc.space.invalidate(red)
    with pytest.raises(IllegalActionError, match="not one of the grapple options"):
        enc.apply(A.Move((sq("c2"),)))


# ---------------------------------------------------------------- start/complete
@BOTH
def test_start_and_complete_a_full_round_move_through_costly_terrain(
    kit: Any, ruleset: str
) -> None:
    """seed 004 "Start/Complete Full-Round Action" / SRD combat-i: a creature limited
    to one action starts a full-round action with its standard (attack) action and must
    complete it with its next action, a standard action of the next turn; here the
    full-round 5-ft move of SRD "Move 5 Feet Through Difficult Terrain"."""
    rows = """
    .......
    .......
    ..,....
    """
    sides = {
        "red": kit.soldier("Red", "b2", armor=None, land=10),
        "blue": kit.soldier("Blue", "g1"),
    }
    enc = kit.scripted_encounter(
        rows, sides, [20, 1], ruleset=ruleset, awareness={"blue": "unaware"}
    )
    red = enc.combatants["red"]
    assert enc.round == 0 and enc.budget.single
    assert enc.space.path_cost(red, (sq("c3"),)) == 15  # over its 10 ft speed
    with pytest.raises(IllegalActionError, match="costs 15 ft but speed is 10 ft"):
        enc.apply(A.Move((sq("c3"),)))
    starts = [a for a in enc.legal_actions() if isinstance(a, A.StartFullRound)]
    assert starts == [A.StartFullRound(sq("c3"))]  # only the costly square is offered
    enc.apply(A.StartFullRound(sq("c3")))
    assert red.pos == sq("b2") and red.pending_full_round == sq("c3")
    assert not enc.budget.standard and not enc.budget.move
    enc.apply(A.EndTurn())
    # round 1: Red's next action must complete it
    assert enc.round == 1 and enc.current is red and not enc.budget.single
    for other in (A.Attack("blue"), A.Step(sq("a2")), A.Move((sq("b1"),)), A.TotalDefense()):
        with pytest.raises(IllegalActionError, match="full-round action begun last turn"):
            enc.apply(other)
    moves = [a for a in enc.legal_actions() if a.kind != "free"]
    assert moves == [A.Move((sq("c3"),))]
    enc.apply(A.Move((sq("c3"),)))
    assert red.pos == sq("c3") and red.pending_full_round is None
    assert not enc.budget.standard and enc.budget.move  # a standard action completed it
    # a creature not limited to one action takes the full-round action outright
    enc = kit.scripted_encounter(rows, sides, [20, 1], ruleset=ruleset)
    with pytest.raises(IllegalActionError, match="only a creature limited to one action"):
        enc.apply(A.StartFullRound(sq("c3")))
    enc.apply(A.Move((sq("c3"),)))
    assert enc.budget.full_round


@BOTH
def test_a_creature_limited_to_one_action_takes_no_full_round_action(
    kit: Any, ruleset: str
) -> None:
    """SRD combat-i "Restricted Activity" and "Start/Complete Full-Round Action"; seed
    004 "Start/Complete Full-Round Action": one standard or one move action; no full
    attack, run, or full-round charge or withdraw, and start/complete serves none of
    them (charge and withdraw are standard actions then, up to speed: see the restricted
    charge and withdraw tests)."""
    # guarded: unaware, but not caught helpless under d20modern (seed 004, A199)
    unaware = {"blue": "guarded"}
    enc = kit.duel([20, 1, 2], ruleset=ruleset, awareness=unaware)
    assert enc.budget.single
    kinds = {type(a) for a in enc.legal_actions()}
    assert A.Run not in kinds and A.StartFullRound not in kinds  # no costly square here
    with pytest.raises(IllegalActionError, match="limited to one action"):
        enc.apply(A.Run((sq("a2"),)))
    for text in ("start-full-round run", "start-full-round charge blue"):
        with pytest.raises(InputError):  # it names a square to move to, nothing else
            A.parse_action(text)
    enc.apply(A.Attack("blue"))  # roll 2: a miss; no full attack follows
    assert enc.budget.routine is None
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.apply(A.Attack("blue"))


# ---------------------------------------------------------------- the 5-foot step
@BOTH
def test_a_five_foot_step_before_between_or_after_a_full_attack(kit: Any, ruleset: str) -> None:
    """SRD combat-i "Take 5-Foot Step" and "Full Attack"; seed 002 "5-foot step"; seed
    004 "Full-Round Action", "Full-Round Actions" and "Full Attack": a full-round action
    that involves no movement allows one 5-foot step before, between or after the
    attacks (+9 then +4 for BAB +6; rolls of 2 miss)."""
    for order in ("before", "between", "after"):
        enc = kit.duel([20, 1, 2, 2], ruleset=ruleset)
        red = enc.combatants["red"]
        step = A.Step(sq("b1"))  # b1 is still next to Blue on c2
        if order == "before":
            enc.apply(step)
        enc.apply(A.Attack("blue"))
        if order == "between":
            enc.apply(step)
        enc.apply(A.Attack("blue"))
        if order == "after":
            enc.apply(step)
        assert [e.total("attack bonus").value for e in events(enc, "attack")] == [9, 4], order
        assert red.pos == sq("b1") and enc.budget.stepped and enc.budget.committed
        with pytest.raises(IllegalActionError, match="only one 5-foot step"):
            enc.apply(A.Step(sq("b2")))


@BOTH
def test_no_five_foot_step_after_moving(kit: Any, ruleset: str) -> None:
    """SRD combat-i "Move" and "Take 5-Foot Step"; seed 002 "5-foot step"; seed 004
    "Movement": a creature that moved its speed (or any distance) this turn takes no
    5-foot step, even with its standard action still unspent."""
    enc = kit.duel([20, 1], red_at="a2", blue_at="g2", ruleset=ruleset)
    enc.apply(A.Move((sq("b2"),)))
    assert enc.budget.standard and not [a for a in enc.legal_actions() if isinstance(a, A.Step)]
    with pytest.raises(IllegalActionError, match="no 5-foot step in a round with other movement"):
        enc.apply(A.Step(sq("c2")))


def test_no_five_foot_step_into_difficult_terrain(kit: Any) -> None:
    """SRD combat-i "Take 5-Foot Step": only when movement isn't hampered by difficult
    terrain (a difficult square costs 10 ft, a diagonal one 15 ft)."""
    rows = """
    .,.....
    ..,....
    .......
    """
    enc = kit.duel([20, 1], red_at="b2", blue_at="g2", rows=rows)
    red = enc.combatants["red"]
    steps = {A.square_name(a.to) for a in enc.legal_actions() if isinstance(a, A.Step)}
    assert steps == {"a1", "c1", "a2", "a3", "b3", "c3"}  # not b1 or c2
    with pytest.raises(IllegalActionError, match="c2 costs 10 ft"):
        enc.apply(A.Step(sq("c2")))
    with pytest.raises(IllegalActionError, match="b1 costs 10 ft"):
        enc.apply(A.Step(sq("b1")))
    enc.apply(A.Move((sq("c2"),)))  # a move action may enter it (10 ft of 20)
    assert red.pos == sq("c2")


def test_no_five_foot_step_at_a_speed_of_5_ft(kit: Any) -> None:
    """SRD combat-i "Take 5-Foot Step": a creature with a speed of 5 ft or less can't
    take a 5-foot step (moving 5 ft takes it a move action)."""
    sides = {"red": kit.soldier("Red", "b2", armor=None, land=5), "blue": kit.soldier("Blue", "g2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    red = enc.combatants["red"]
    assert enc.space.speed(red) == 5
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Step)]
    with pytest.raises(IllegalActionError, match="speed of 5 ft or less"):
        enc.apply(A.Step(sq("c2")))
    enc.apply(A.Move((sq("c2"),)))
    assert red.pos == sq("c2") and not enc.budget.move
    # 10 ft of speed is enough for a step
    sides = {
        "red": kit.soldier("Red", "b2", armor=None, land=10),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.Step(sq("c2")))
    assert enc.combatants["red"].pos == sq("c2")


# ---------------------------------------------------------------- full attack
@BOTH
def test_a_full_attack_chooses_each_target_as_it_goes(kit: Any, ruleset: str) -> None:
    """seed 004 "Full Attack" / SRD combat-i "Full Attack": targets are not named in
    advance; each later attack is aimed after seeing the earlier ones. Red's first
    attack (+9, roll 15: 24) drops Blue (8 hp, 1d8+3 = 9: dying); the second (+4, roll 2)
    goes to Green."""
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2", hp_bonus=-31) + kit.soldier("Green", "a2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 15, 9, 2], ruleset=ruleset)
    assert enc.combatants["blue"].vitals.hp == 8
    enc.apply(A.Attack("blue"))
    assert not enc.active(enc.combatants["blue"])
    assert A.Attack("green") in enc.legal_actions()
    enc.apply(A.Attack("green"))
    attacks = events(enc, "attack")
    assert [(e.target, e.total("attack bonus").value) for e in attacks] == [
        ("blue", 9),
        ("green", 4),
    ]


# ---------------------------------------------------------------- total defense
def test_total_defense_counts_against_the_move_it_precedes(kit: Any) -> None:
    """seed 004 "Total Defense": +4 dodge to Defense for 1 round, starting at the
    beginning of the action, so it helps against attacks of opportunity provoked by the
    character's move that turn. Blue's AoO rolls 10 (+9 = 19): a hit against Defense 16,
    a miss against 20."""
    enc = kit.duel([20, 1, 10], blue="Combat Reflexes", ruleset="d20modern")
    enc.apply(A.TotalDefense())
    enc.apply(A.Move((sq("a2"),)))
    aoo = events(enc, "aoo")
    assert len(aoo) == 1 and aoo[0].total("armor class").value == 20
    assert aoo[0].outcome["total"] == 19 and aoo[0].outcome["result"] == "miss"
    assert enc.combatants["red"].pos == sq("a2")


def test_total_defense_and_fighting_defensively_exclude_each_other(kit: Any) -> None:
    """SRD combat-i "Total Defense": it can't be combined with fighting defensively
    (both take the standard action, or the attack that fights defensively)."""
    enc = kit.duel([20, 1, 2])
    enc.apply(A.Attack("blue", defensively=True))  # roll 2: a miss
    assert "fighting-defensively" in enc.combatants["red"].conditions
    assert A.TotalDefense() not in enc.legal_actions()
    with pytest.raises(IllegalActionError):
        enc.apply(A.TotalDefense())
    enc = kit.duel([20, 1])
    enc.apply(A.TotalDefense())
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Attack)]
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.apply(A.Attack("blue", defensively=True))


# ---------------------------------------------------------------- move actions
def test_move_actions_stow_draw_pick_up_and_stand_d20modern(kit: Any) -> None:
    """seed 004 "Move Action": drawing or stowing a weapon, picking up an object and
    standing up are move actions (the attack action stays); seed 004 "Standing Up":
    standing provokes. Blue (Combat Reflexes) rolls a natural 1 on each AoO."""
    rules = {"ruleset": "d20modern"}
    # stow (sheathe), then draw with the attack action taken as a move action
    enc = kit.duel([20, 1, 1], blue="Combat Reflexes", **rules)
    red = enc.combatants["red"]
    enc.apply(A.Sheathe("longsword"))
    assert red.wielding == () and not enc.budget.move and enc.budget.standard
    enc.apply(A.Draw("longsword"))
    assert red.wielding == ("longsword",) and not enc.budget.standard
    # drop (free), pick up (a move action)
    enc = kit.duel([20, 1, 1], blue="Combat Reflexes", **rules)
    red = enc.combatants["red"]
    enc.apply(A.Drop("longsword"))
    assert red.wielding == () and enc.budget.move and enc.budget.standard  # free
    enc.apply(A.PickUp("longsword"))
    assert red.wielding == ("longsword",) and not enc.budget.move and enc.budget.standard
    # drop prone (free), stand up (a move action that provokes), then attack (roll 2)
    enc = kit.duel([20, 1, 1, 2], blue="Combat Reflexes", **rules)
    red = enc.combatants["red"]
    enc.apply(A.DropProne())
    assert "prone" in red.conditions and enc.budget.move
    enc.apply(A.StandUp())
    assert "prone" not in red.conditions
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["standing up"]
    assert not enc.budget.move and enc.budget.standard
    enc.apply(A.Attack("blue"))  # the attack action is still there
    assert len(events(enc, "attack")) == 1 and not enc.budget.standard


def test_standing_up_is_a_move_action_that_provokes(kit: Any) -> None:
    """SRD combat-i "Stand Up" and Table: Actions in Combat (srd35): a move action that
    provokes. Blue's AoO rolls 12 (+9 = 21) against the prone Red (AC 16 - 4 = 12 in
    melee): it hits for 1d8+3 = 5, and Red stands up."""
    enc = kit.duel([20, 1, 12, 5], blue="Combat Reflexes")
    red = enc.combatants["red"]
    enc.apply(A.DropProne())
    enc.apply(A.StandUp())
    aoo = events(enc, "aoo")
    assert len(aoo) == 1 and aoo[0].total("armor class").value == 12
    assert aoo[0].outcome["result"] == "hit" and red.vitals.hp == red.vitals.max_hp - 5
    assert "prone" not in red.conditions
    assert not enc.budget.move and enc.budget.standard


@pytest.mark.parametrize("ruleset", ["srd35", "d20modern"])
def test_crawling_is_a_move_action_that_provokes_every_time(kit: Any, ruleset: str) -> None:
    """SRD combat-i "Crawling": crawl 5 ft as a move action; it provokes from any
    attacker threatening the crawler at any point of the crawl, so, unlike moving
    (once a round per foe), twice in a turn from the same foe. Seed 004 "Movement":
    crawling up to 5 ft. Blue: Combat Reflexes with Dex 12 (two AoOs a round); its
    rolls are natural 1s."""
    enc = kit.duel([20, 1, 1, 1], blue="Combat Reflexes", ruleset=ruleset)
    red = enc.combatants["red"]
    enc.apply(A.DropProne())
    with pytest.raises(IllegalActionError, match="prone: stand up first"):
        enc.apply(A.Move((sq("b1"),)))
    with pytest.raises(IllegalActionError, match="not next to"):
        enc.apply(A.Crawl(sq("b4")))
    enc.apply(A.Crawl(sq("b1")))  # b2 -> b1, both next to Blue on c2
    assert red.pos == sq("b1") and not enc.budget.move and enc.budget.standard
    enc.apply(A.Crawl(sq("a1")))  # the standard action as a move action
    assert red.pos == sq("a1") and not enc.budget.standard
    provoked = events(enc, "provoked")
    assert [(e.actor, e.outcome["reason"]) for e in provoked] == [("blue", "crawling")] * 2
    assert len(events(enc, "aoo")) == 2


def test_drawing_a_weapon_is_a_move_action_and_free_on_a_move_only_at_bab_1(kit: Any) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon": a move action; with BAB +1 or more a
    free action combined with a regular move. A BAB +0 creature pays for it."""
    sides = {
        "red": kit.soldier("Red", "a2", bab=0, weapons="greatsword, dagger"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    red = enc.combatants["red"]
    assert red.wielding == ("greatsword",)
    enc.apply(A.Draw("dagger"))  # a move action; the two-handed greatsword falls (free)
    assert red.wielding == ("dagger",) and not enc.budget.move and enc.budget.standard
    assert enc.items == [(sq("a2"), "greatsword")]
    assert A.Draw("greatsword") not in enc.legal_actions()  # it lies on the floor now
    enc.apply(A.PickUp("greatsword"))  # the standard action as a move action
    assert "greatsword" in red.wielding and not enc.budget.standard
    # BAB +0: sheathe (move), move (standard): no action left to draw with
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.Sheathe("greatsword"))
    enc.apply(A.Move((sq("b2"),)))
    assert A.Draw("greatsword") not in enc.legal_actions()
    with pytest.raises(IllegalActionError, match="no move action left"):
        enc.apply(A.Draw("greatsword"))
    # BAB +1: the same sequence draws for free during the move
    sides["red"] = kit.soldier("Red", "a2", bab=1, weapons="greatsword, dagger")
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.Sheathe("greatsword"))
    enc.apply(A.Move((sq("b2"),)))
    enc.apply(A.Draw("greatsword"))
    assert enc.combatants["red"].wielding == ("greatsword",) and enc.budget.free_draw_used


def test_a_drawn_weapon_goes_into_a_free_hand(kit: Any) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon" needs a free hand: a longsword and a
    dagger fit in two hands, so drawing the dagger keeps the sword; a longbow takes
    both hands, so the sword falls (the earliest in hand first)."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="longsword, dagger, longbow"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    red = enc.combatants["red"]
    enc.apply(A.Draw("dagger"))
    assert red.wielding == ("longsword", "dagger") and enc.items == []
    assert {o.name for o in red.melee_options()} >= {"longsword", "dagger"}
    enc.apply(A.Draw("longbow"))
    assert red.wielding == ("longbow",)
    assert enc.items == [(sq("a2"), "longsword"), (sq("a2"), "dagger")]
    assert events(enc, "draw")[-1].outcome["dropped"] == ["longsword", "dagger"]


def test_picking_up_and_opening_a_door_are_move_actions(kit: Any) -> None:
    """SRD combat-i "Manipulate an Item": picking up an item, opening a door: move
    actions; both provoke in srd35 (SRD Table: Actions in Combat; the door by seed 002
    "Move Actions", D35). Blue (Combat Reflexes) rolls natural 1s."""
    rows = """
    .......
    ..+....
    .......
    """
    enc = kit.duel([20, 1, 1], red_at="b2", blue_at="b3", blue="Combat Reflexes", rows=rows)
    red = enc.combatants["red"]
    enc.apply(A.Drop("longsword"))  # free
    assert enc.items == [(sq("b2"), "longsword")] and enc.budget.move
    enc.apply(A.PickUp("longsword"))
    assert red.wielding == ("longsword",) and enc.items == []
    assert not enc.budget.move and enc.budget.standard
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["picking up an item"]
    enc = kit.duel([20, 1, 1, 1], red_at="b2", blue_at="b3", blue="Combat Reflexes", rows=rows)
    with pytest.raises(IllegalActionError):
        enc.apply(A.Move((sq("c2"),)))  # a closed door is a wall
    enc.apply(A.OpenDoor(sq("c2")))
    assert not enc.budget.move and enc.budget.standard
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["opening a door"]
    enc.apply(A.Move((sq("c2"),)))  # through the open door (the standard action)
    assert enc.combatants["red"].pos == sq("c2") and not enc.budget.standard
    reasons = [e.outcome["reason"] for e in events(enc, "provoked")]
    assert reasons == ["opening a door", "moving out of b2"]


def test_free_actions_accompany_a_full_round_action(kit: Any) -> None:
    """seed 004 "Full-Round Action": free actions as the GM allows along with a
    full-round action: after the full attack (rolls of 2 miss) Red still drops its
    sword and drops prone."""
    enc = kit.duel([20, 1, 2, 2], ruleset="d20modern")
    red = enc.combatants["red"]
    enc.apply(A.Attack("blue"))
    enc.apply(A.Attack("blue"))
    assert enc.budget.full_round and enc.budget.committed
    legal = enc.legal_actions()
    assert A.Drop("longsword") in legal and A.DropProne() in legal
    enc.apply(A.Drop("longsword"))
    enc.apply(A.DropProne())
    assert red.wielding == () and "prone" in red.conditions and enc.current is red
    assert not [a for a in enc.legal_actions() if a.kind != "free"]


# ---------------------------------------------------------------- terrain
def test_a_large_creature_moves_at_the_rate_of_its_worst_square(kit: Any) -> None:
    """SRD combat-ii "Difficult Terrain": a creature occupying squares of different
    terrain moves only as fast as the most difficult one allows: the ogre (2x2) moving
    one square right pays 10 ft when one of the squares it enters is difficult."""
    rows = """
    ........
    ..,.....
    ........
    ........
    """
    sides = {"red": "  - creature: ogre\n    at: a1\n", "blue": kit.soldier("Blue", "h4")}
    enc = kit.encounter(rows, sides)
    ogre = next(c for c in enc.combatants.values() if c.side == "red")
    assert ogre.squares == 2
    assert enc.space.path_cost(ogre, (sq("b1"),)) == 10  # enters b1, c1, b2, c2 (c2 difficult)
    assert enc.space.path_cost(ogre, (sq("a2"),)) == 5  # a2, b2, a3, b3: all clear
    assert enc.space.path_cost(ogre, (sq("b2"),)) == 15  # diagonal into difficult: 3 squares


def test_a_flier_moves_at_its_fly_speed_over_difficult_terrain(kit: Any) -> None:
    """SRD movement "Fly": a creature with a fly speed moves through the air at it; on
    the map (no altitude yet) a giant eagle (land 10 ft, fly 80 ft) moves 80 ft in a
    move action, over difficult terrain at no extra cost (SRD combat-ii "Difficult
    Terrain": fliers are not hampered), where a walker in the same spot would pay."""
    rows = "\n".join([".,,,,,,,,,,,,,,,,..", "..................."])
    sides = {
        "red": "  - creature: giant-eagle\n    at: a1\n",
        "blue": kit.soldier("Blue", "s2"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    eagle = enc.combatants["giant-eagle"]
    assert enc.space.speed(eagle) == 80
    path = tuple((x, 0) for x in range(1, 17))  # b1 .. q1: 16 squares of rough ground
    assert enc.space.path_cost(eagle, path) == 80
    enc.apply(A.Move(path))
    assert eagle.pos == (16, 0)


def test_a_double_weapon_full_attack_with_both_ends(kit: Any) -> None:
    """SRD combat-i "Double Weapons": a two-bladed sword fought with as two weapons
    (Two-Weapon Fighting, the off end light: -2/-2): first end +7/+2 (1d8+3), second
    end +7 (1d8+1), against the whole blade's +9/+4 (1d8+4); the baseline tactics take
    the pair here, as it promises more damage (about 10.6 against 10.3)."""
    sides = {
        "red": kit.soldier("Red", "b2", weapons="two-bladed sword", feats="Two-Weapon Fighting"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2, 2, 2])
    chosen = policy("default")(enc, "red")
    assert chosen == A.Attack("blue", "two-bladed sword (first end)", two_weapon=True)
    enc.apply(chosen)
    enc.apply(A.Attack("blue", "two-bladed sword (second end)"))
    enc.apply(A.Attack("blue"))
    attacks = [(e.outcome["weapon"], e.total("attack bonus").value) for e in events(enc, "attack")]
    assert attacks == [
        ("two-bladed sword (first end)", 7),
        ("two-bladed sword (second end)", 7),
        ("two-bladed sword (first end)", 2),
    ]
    assert str(chosen) == "attack blue with two-bladed sword (first end) two-weapon"
    assert A.parse_action(str(chosen)) == chosen


def test_two_weapon_fighting_draws_two_weapons_at_once(kit: Any) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon": with Two-Weapon Fighting, two light or
    one-handed weapons are drawn in the time it takes to draw one (seed 002 too). Red
    sheathes its longsword, then draws it and a dagger with one move action."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="longsword, dagger", feats="Two-Weapon Fighting"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    red = enc.combatants["red"]
    enc.apply(A.Sheathe("longsword"))
    action = A.parse_action("draw longsword and dagger")
    assert action == A.Draw("longsword", "dagger") and str(action) == "draw longsword and dagger"
    enc.apply(action)
    assert red.wielding == ("longsword", "dagger") and not enc.budget.standard
    sides["red"] = kit.soldier("Red", "a2", weapons="longsword, dagger")
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.Sheathe("longsword"))
    with pytest.raises(IllegalActionError, match="needs Two-Weapon Fighting"):
        enc.check(A.Draw("longsword", "dagger"))
