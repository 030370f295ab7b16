"""Rules of attacks in an encounter that mutants of encounter/fighting.py got past
(docs/mutation.md): how long a charge's -2 AC lasts, thrown weapons leaving the hand,
the instant-kill variant inside a fight.

Each test plays a small scripted fight (tests/encounter/conftest.py: two Medium
soldiers, BAB +6, Str 16, Dex 12, longsword 1d8+3, chainmail: AC 16, flat-footed 15)
and checks the numbers the cited rule gives, worked out by hand in the docstring.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.fighting import build_attack
from d20combat.errors import IllegalActionError
from d20combat.rules.hitpoints import HpState
from d20combat.rules.modifiers import BonusType

OPEN = """
.......
.......
.......
"""

FIELD = "\n".join(["." * 20] * 3)


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def ac_against(enc: Any, attacker_id: str, defender_id: str) -> int:
    """The AC ``defender`` has now against ``attacker``'s first melee option."""
    attacker, defender = enc.combatants[attacker_id], enc.combatants[defender_id]
    option = attacker.melee_options()[0]
    attack, _ = build_attack(enc, attacker, option, option.bonus, defender)
    return int(attack.ac.value)


def test_charge_ac_penalty_lasts_until_the_chargers_next_turn(kit: Any) -> None:
    """seed 000 "Charge": "After moving, you may make a single melee attack. You get a
    +2 bonus on the attack roll and take a -2 penalty to your AC until the start of
    your next turn."

    Initiative 20, 10, 5: Red, then Blue, then Green (Blue's ally). Red charges from a2
    to e2 (20 ft) at Blue on f2: +6 BAB +3 Str +2 charge = +11; roll 5: 16 hits Blue's
    flat-footed AC 15 (10 + 5 chainmail); 1d8+3 = 6. Then:

    * on Blue's turn Red's AC is 16 - 2 = 14; Blue steps away to g2 and provokes: Red's
      attack of opportunity is no charge attack: +9, not +11 (roll 10: 19);
    * on Green's turn, still 14;
    * at the start of Red's next turn (round 2) the penalty ends: 16 again."""
    sides = {
        "red": kit.soldier("Red", "a2"),
        "blue": kit.soldier("Blue", "f2") + kit.soldier("Green", "g3"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 10, 5, 5, 6, 10, 7])
    assert enc.order == ["red", "blue", "green"]
    assert ac_against(enc, "blue", "red") == 16
    enc.apply(A.Charge("blue", (4, 1)))
    charge = events(enc, "attack")[0]
    assert charge.total("attack bonus").value == 11 and charge.outcome["total"] == 16
    assert enc.combatants["blue"].vitals.hp == enc.combatants["blue"].vitals.max_hp - 6
    assert ac_against(enc, "blue", "red") == 14
    # the charge is over: "charging" (+2 attack) gives way to "charged" (-2 AC only)
    assert {k: (c.owner, c.turns) for k, c in enc.combatants["red"].conditions.items()} == {
        "charged": ("red", 1)
    }
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"
    assert ac_against(enc, "blue", "red") == 14
    enc.apply(A.Move(((6, 1),)))
    aoo = events(enc, "aoo")[0]
    assert aoo.total("attack bonus").value == 9 and aoo.outcome["total"] == 19
    assert ac_against(enc, "blue", "red") == 14
    enc.apply(A.EndTurn())
    assert enc.current.id == "green"
    assert ac_against(enc, "green", "red") == 14
    enc.apply(A.EndTurn())
    assert (enc.current.id, enc.round) == ("red", 2)
    assert ac_against(enc, "green", "red") == 16
    assert ac_against(enc, "blue", "red") == 16
    assert "charged" not in enc.combatants["red"].conditions


def test_thrown_daggers_leave_the_hand_and_run_out(kit: Any) -> None:
    """SRD equipment "Thrown Weapons" and "Range Increment": a thrown dagger flies to the
    target (range increment 10 ft); what a creature carries is counted
    (docs/creature-schema.md, ``quantity``). Red carries two daggers and throws them at
    Blue 20 ft away: BAB +6, Dex +1, one full range increment -2 = +5 (SRD combat-i
    "Range Penalty"); roll 15: 20 against Blue's flat-footed AC 15; 1d4+3 (Strength
    to a thrown weapon's damage) = 5, then 6.

    After the first throw one dagger is left, still in hand and throwable; after the
    second none: the hand is empty, no attack with a dagger is left, no dagger can be
    drawn, and none lies on the floor to pick up."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: dagger, quantity: 2}"),
        "blue": kit.soldier("Blue", "e2"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [20, 1, 15, 5, 15, 6])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    throw = A.parse_action("attack blue with dagger (thrown)")
    assert red.wielding == ("dagger",) and red.ammo == {"dagger": 2}
    hp = blue.vitals.hp
    enc.apply(throw)
    shot = events(enc, "attack")[0]
    assert shot.total("attack bonus").value == 5 and shot.outcome["total"] == 20
    assert blue.vitals.hp == hp - 5
    assert red.ammo == {"dagger": 1} and red.wielding == ("dagger",)
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Blue waits
    assert throw in enc.legal_actions()
    enc.apply(throw)
    assert blue.vitals.hp == hp - 11
    assert red.ammo == {"dagger": 0} and red.wielding == ()
    assert enc.items == []
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())
    legal = [str(a) for a in enc.legal_actions()]
    assert not [a for a in legal if "dagger" in a]
    with pytest.raises(IllegalActionError, match="dagger"):
        enc.apply(throw)
    with pytest.raises(IllegalActionError, match="no dagger left"):
        enc.apply(A.parse_action("draw dagger"))


def test_a_dagger_used_in_melee_stays_in_hand(kit: Any) -> None:
    """Only a throw uses a dagger up: Red, with two daggers, stabs Blue beside it
    (BAB +6, Str +3: +9; roll 10: 19 hits AC 15 flat-footed; 1d4+3 = 5) and still has
    both, the dagger in hand."""
    sides = {
        "red": kit.soldier("Red", "b2", weapons="{weapon: dagger, quantity: 2}"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 10, 5])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    enc.apply(A.parse_action("attack blue with dagger"))
    stab = events(enc, "attack")[0]
    assert (stab.outcome["weapon"], stab.total("attack bonus").value) == ("dagger", 9)
    assert blue.vitals.hp == blue.vitals.max_hp - 5
    assert red.ammo == {"dagger": 2} and red.wielding == ("dagger",)


def instant_kill_fight(kit: Any, rolls: list[int]) -> Any:
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    text = kit.scenario_text(OPEN, sides)
    text = text.replace("ruleset: srd35\n", "ruleset: srd35\nvariants: [instant-kill]\n")
    return kit.scripted(kit.make(text), rolls)


def test_instant_kill_slays_inside_an_encounter(kit: Any) -> None:
    """seed 000 "Variant: Instant Kill": a natural 20 threat whose confirmation is also a
    natural 20 gets a third roll; if it hits, the target is slain, whatever its hit
    points. Red (+9) rolls 20, 20, then 10: 19 hits Blue's flat-footed AC 15. The
    longsword's x2 critical does 2d8+6 = 14, which leaves Blue 25 of its 39 hit points,
    but Blue is dead and the fight is over: Red's side wins."""
    enc = instant_kill_fight(kit, [20, 1, 20, 20, 10, 14])
    blue = enc.combatants["blue"]
    enc.apply(A.Attack("blue"))
    attack = events(enc, "attack")[0]
    assert [r.purpose for r in attack.rolls] == [
        "attack roll (longsword)",
        "critical confirmation",
        "instant kill roll",
    ]
    damage = events(enc, "damage")[0]
    assert (damage.outcome["damage"], damage.outcome["multiplier"]) == (14, 2)
    assert blue.vitals.hp == blue.vitals.max_hp - 14 > 0
    assert blue.state(enc.rules) is HpState.DEAD
    assert damage.outcome["state"] == "dead"
    assert "instant kill (seed 000 variant)" in damage.outcome["notes"]
    assert enc.outcome is not None and enc.outcome.winner == "red"


def test_instant_kill_roll_that_misses_only_crits(kit: Any) -> None:
    """The same, but the third roll is a 5: 14 misses AC 15: an ordinary critical hit
    (14 damage), Blue stays in the fight."""
    enc = instant_kill_fight(kit, [20, 1, 20, 20, 5, 14])
    blue = enc.combatants["blue"]
    enc.apply(A.Attack("blue"))
    assert blue.vitals.hp == blue.vitals.max_hp - 14
    assert blue.state(enc.rules) is HpState.HEALTHY
    assert enc.outcome is None


SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (-x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, x),
    lambda x, y: (y, -x),
    lambda x, y: (-y, -x),
]


@pytest.mark.parametrize(
    ("blue_at", "ally_at", "ends"),
    [
        # Blue 15 ft east: of the squares around Blue, (2, -1), (2, 0), (2, 1) are the
        # closest to Red, 10 ft each (5-10-5); (3, +-1) are 15 ft
        ((3, 0), None, [(2, -1), (2, 0), (2, 1)]),
        # an ally right in front stands in all three lanes (each line from Red's centre
        # passes (1, 0) first): no charge at all
        ((3, 0), (1, 0), []),
        # an ally at (1, -1) stands only in the lane to (2, -1): (1, 0), (1, -1), (2, -1)
        ((3, 0), (1, -1), [(2, 0), (2, 1)]),
        # Blue 15 ft diagonally: only the square diagonally before it is closest (15 ft;
        # (2, 3) and (3, 2) are 20 ft)
        ((3, 3), None, [(2, 2)]),
        # a knight-like offset: (2, 0) and (2, 1) are 10 ft, (2, 2) and (3, 0) 15 ft
        ((3, 1), None, [(2, 0), (2, 1)]),
    ],
)
def test_charge_ends_on_the_closest_squares_from_every_side(
    kit: Any, blue_at: tuple[int, int], ally_at: tuple[int, int] | None, ends: list[Any]
) -> None:
    """SRD combat-ii / seed 000 "Charge": "you must move to the closest space from which
    you can attack the opponent", at least 10 ft, and "if any line from your starting
    space to the ending space passes through a square that ... contains a creature
    (even an ally), you can't charge". Red (speed 20: charges up to 40 ft) stands at the
    middle of an open 9x9 field; Blue and Red's ally are placed at offsets from it,
    turned and mirrored eight ways: the legal charges end exactly on the turned squares."""
    rows = "\n".join(["." * 9] * 9)
    sides = {
        "red": kit.soldier("Red", "e5") + kit.soldier("Ally", "a1"),
        "blue": kit.soldier("Blue", "i9"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 2, 1])
    assert enc.current.id == "red"
    red, ally, blue = (enc.combatants[k] for k in ("red", "ally", "blue"))
    centre = red.pos
    for sym in SYMMETRIES:

        def at(offset: tuple[int, int], sym: Any = sym) -> tuple[int, int]:
            dx, dy = sym(*offset)
            return (centre[0] + dx, centre[1] + dy)

        enc.space.place(blue, at(blue_at))
        enc.space.place(ally, at(ally_at) if ally_at else (0, 0))
        charges = [a for a in enc.legal_actions() if isinstance(a, A.Charge) and a.maneuver is None]
        assert sorted(a.to for a in charges) == sorted(at(e) for e in ends), sym(1, 2)


# ------------------------------------------------------------------ more survivors


def test_nonlethal_over_the_threshold_dazes_for_one_round(kit: Any) -> None:
    """seed 004 "Nonlethal Damage" (d20modern): nonlethal damage "equals or exceeds the
    target's massive damage threshold" (its Constitution, 12): Fort DC 15; "if the
    target succeeds on the save, the target is dazed for 1 round". Red's greataxe,
    nonlethal: BAB 6 + Str 3 - 4 (a lethal weapon dealing nonlethal damage) = +5; roll
    15: 20 hits Blue's flat-footed Defense 15; 1d12+4 = 14; Blue's Fort +6 (base 5, Con
    +1), roll 10: 16 saves. Blue, dazed, loses its turn; the daze ends as Red's next
    turn opens, and Blue acts in round 2. Its hit points are untouched."""
    sides = {"red": kit.soldier("Red", "b2", weapons="greataxe"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 15, 14, 10], ruleset="d20modern")
    blue = enc.combatants["blue"]
    enc.apply(A.parse_action("attack blue nonlethal"))
    attack, damage = events(enc, "attack")[0], events(enc, "damage")[0]
    assert attack.total("attack bonus").value == 5 and attack.outcome["total"] == 20
    assert (damage.outcome["damage"], damage.outcome["nonlethal"]) == (14, True)
    assert damage.total("fortitude save").value == 6
    assert blue.vitals.hp == blue.vitals.max_hp
    assert {k: (c.owner, c.turns) for k, c in blue.conditions.items()} == {"dazed": ("red", 1)}
    enc.apply(A.EndTurn())  # Blue's turn is lost
    assert (enc.current.id, enc.round) == ("red", 2)
    assert "dazed" not in blue.conditions
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"


def test_a_natural_1_fumbles_only_on_a_failed_dexterity_check(kit: Any) -> None:
    """seed 000 "Critical Misses (Fumbles)": after a natural 1, a DC 10 Dexterity check
    (Red's Dex 12: +1). A 9 makes 10: no fumble, a plain miss; an 8 makes 9: fumble."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    text = kit.scenario_text(OPEN, sides).replace(
        "ruleset: srd35\n", "ruleset: srd35\nvariants: [fumbles]\n"
    )
    for check, result in ((9, "miss"), (8, "fumble")):
        enc = kit.scripted(kit.make(text), [20, 1, 1, check])
        enc.apply(A.Attack("blue"))
        assert events(enc, "attack")[0].outcome["result"] == result, check


def test_cover_shows_in_the_armor_class_breakdown(kit: Any) -> None:
    """SRD combat-ii "Cover": +4 to AC. Red throws a javelin at Blue behind a low wall
    (target within 30 ft of it, Red farther away): Blue's flat-footed AC 15 + 4 = 19,
    the +4 listed as cover (docs/log-format.md: every modifier with its source)."""
    rows = """
    .......
    ....=..
    .......
    """
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: javelin, quantity: 2}"),
        "blue": kit.soldier("Blue", "f2"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.ready_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, blue)
    assert attack.ac.value == 19
    cover = [m for m in attack.ac.counted() if m.type is BonusType.COVER]
    assert [(m.value, m.source) for m in cover] == [(4, "cover")]


def test_helpless_defense_counts_the_size_modifier(kit: Any) -> None:
    """seed 004 "Helpless Defenders": an effective Defense of 5 + the size modifier: a
    Small goblin knocked out has Defense 5 + 1 = 6 (SRD size table: Small +1)."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": "  - creature: goblin\n    at: c2\n"}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1], ruleset="d20modern")
    red, goblin = enc.combatants["red"], enc.combatants["goblin"]
    goblin.vitals = goblin.vitals._replace(hp=-1, stable=True)
    option = red.melee_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, goblin)
    assert attack.ac.value == 6
    assert [(m.value, m.type, m.source) for m in attack.ac.counted()] == [
        (5, BonusType.BASE, "helpless (seed 004: Defense 5 + size)"),
        (1, BonusType.SIZE, "Small"),
    ]


def test_cleave_takes_the_most_wounded_foe(kit: Any) -> None:
    """SRD feats "Cleave": the extra attack goes to another foe in reach; the engine
    takes the most wounded by the share of hit points left (fighting.cleave). Goblin 2 is
    disabled at 0 of 5 hit points (still standing: SRD combat-i "Disabled"), goblin 3 at
    1 of 10: goblin 2 (0 %) before goblin 3 (10 %)."""
    goblins = "".join(f"  - creature: goblin\n    at: {at}\n" for at in ("b2", "d2", "c1"))
    sides = {"red": kit.soldier("Red", "c2", feats="Cleave"), "blue": goblins}
    enc = kit.scripted_encounter(OPEN, sides, [20, 3, 2, 1, 10, 8, 10, 8])
    g2, g3 = enc.combatants["goblin-2"], enc.combatants["goblin-3"]
    g2.vitals = g2.vitals._replace(hp=0, max_hp=5)
    g3.vitals = g3.vitals._replace(hp=1, max_hp=10)
    enc.apply(A.Attack("goblin-1"))
    assert [e.target for e in events(enc, "cleave")] == ["goblin-2"]
