"""Delay and ready, surprise, flanking, concealment, range, size, sneak attack and
the fumble variant, played on small maps with scripted dice (every roll given in
order, initiative first).

Sources are cited on each test: seed 004 "Special Initiative Actions" (Delay, Delaying
Limits, Ready, Readying an Action), SRD combat-ii "Special Initiative Actions" and "Big
and Little Creatures in Combat", SRD combat-i "Range Penalty" and "Shooting or Throwing
into a Melee", seed 003 "Flanking", "Concealment", "Surprise", seed 000 "Mixing It Up",
"Sneak Attacks" and "Critical Misses (Fumbles)", SRD feats.
"""

from __future__ import annotations

import textwrap
from random import Random
from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Condition
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError
from d20combat.rules.dice import SampledDice
from d20combat.rules.hitpoints import HpState

BOTH = pytest.mark.parametrize("rules", ["srd35", "d20modern"])

OPEN = """
.......
.......
.......
"""

# one long field for ranged attacks: 64 squares (315 ft) across
FIELD = "\n".join(["." * 64] * 3)


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def tiny(name: str, at: str, *, feats: str = "") -> str:
    """A Tiny creature: 2 1/2-ft space, natural reach 0 (SRD Table: Creature Size and
    Scale); bite 1d3 at BAB 1 + Tiny 2 + Str -4 (Str 3) = -1, or +5 with Weapon Finesse
    (Dex 15: +2)."""
    block = f"""
    stat_block:
      name: {name}
      size: tiny
      type: animal
      abilities: {{str: 3, dex: 15, con: 10, int: 2, wis: 12, cha: 2}}
      hit_dice: [{{count: 1, die: 8}}]
      bab: 1
      base_saves: {{fort: 2, ref: 4, will: 1}}
      natural_attacks: [{{name: bite, damage: 1d3, damage_types: [piercing]}}]
      feats: [{feats}]
    """
    return f"  - at: {at}\n" + textwrap.indent(textwrap.dedent(block).strip(), "    ") + "\n"


def attack_vs(enc: Any, attacker: str, target: str, weapon: str | None = None) -> Any:
    """The assembled attack (bonus, AC, notes) of ``attacker`` on ``target`` now."""
    a, t = enc.combatants[attacker], enc.combatants[target]
    options = a.ready_options()
    option = next(o for o in options if weapon is None or o.name == weapon)
    return build_attack(enc, a, option, option.bonus, t)


def three(kit: Any, rolls: list[int], rules: str, **where: str) -> Any:
    """Red (and its ally Cyan) against Blue, far apart on the open map."""
    sides = {
        "red": kit.soldier("Red", where.get("red", "a1"))
        + kit.soldier("Cyan", where.get("cyan", "a3")),
        "blue": kit.soldier("Blue", where.get("blue", "g2")),
    }
    return kit.scripted_encounter(OPEN, sides, rolls, ruleset=rules)


def turns_of(enc: Any, cid: str) -> list[int]:
    return [e.round for e in events(enc, "turn") if e.actor == cid]


# ------------------------------------------------------------------------- delay
@BOTH
def test_delay_lowers_the_initiative_count_for_the_rest_of_the_fight(kit: Any, rules: str) -> None:
    """seed 004 "Delay" / SRD combat-ii "Delay": the delayer takes no action, then acts
    normally at the count it chose; its initiative result stays lowered for the rest of
    the combat. Initiative 20+1, 10+1, 5+1: Red, Cyan, Blue."""
    enc = three(kit, [20, 10, 5], rules)
    assert enc.order == ["red", "cyan", "blue"] and enc.current.id == "red"
    enc.apply(A.Delay("blue"))  # act right after Blue
    assert enc.order == ["cyan", "blue", "red"]
    assert enc.current.id == "cyan" and enc.combatants["red"].pos == (0, 0)
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Blue
    # Red acts normally on its new count: a whole turn, full attack and all
    assert enc.current.id == "red" and enc.round == 1
    assert enc.budget.standard and enc.budget.move and not enc.budget.moved
    enc.apply(A.Move(((1, 0), (2, 0))))
    enc.apply(A.EndTurn())
    # round 2 and later keep the new order
    assert enc.round == 2
    for expected in ("cyan", "blue", "red", "cyan"):
        assert enc.current.id == expected
        enc.apply(A.EndTurn())
    assert turns_of(enc, "red") == [1, 1, 2]  # its opened turn, its delayed turn, round 2


@BOTH
def test_delay_is_to_a_named_creature_before_any_action(kit: Any, rules: str) -> None:
    """seed 004 "Delay": the delayer names its new count (here: right after a named
    creature) before acting; once it has acted this turn it can no longer delay."""
    enc = three(kit, [20, 10, 5], rules)
    assert A.parse_action("delay after blue") == A.Delay("blue")
    legal = [a for a in enc.legal_actions() if isinstance(a, A.Delay)]
    assert legal == [A.Delay("blue"), A.Delay("cyan")]
    with pytest.raises(IllegalActionError, match="cannot delay after itself"):
        enc.apply(A.Delay("red"))
    enc.apply(A.Move(((1, 0),)))
    with pytest.raises(IllegalActionError, match="before taking any action"):
        enc.apply(A.Delay("blue"))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Delay)]


@BOTH
def test_delaying_again_and_again_acts_at_any_later_count(kit: Any, rules: str) -> None:
    """SRD combat-ii "Delay": a creature may wait and act at any later count, which then
    becomes its initiative. ``delay`` waits for the next creature only; at its new
    count it may act, or wait again. Red (first) waits past Cyan, then past Blue, and
    acts last: the order becomes Cyan, Blue, Red, for the rounds after too."""
    enc = three(kit, [20, 10, 5], rules)
    first = list(enc.order)
    assert first[0] == "red" and A.parse_action("delay") == A.Delay()
    assert str(A.Delay()) == "delay"
    enc.apply(A.Delay())
    assert [e.outcome["after"] for e in events(enc, "delay")] == [first[1]]
    enc.apply(A.EndTurn())  # the second creature's turn
    assert enc.current.id == "red"
    enc.apply(A.Delay())  # wait again
    enc.apply(A.EndTurn())  # the third creature's turn
    assert enc.current.id == "red" and enc.order == [first[1], first[2], "red"]
    if rules == "d20modern":  # seed 004 "Delaying Limits": not past the round (D68)
        with pytest.raises(IllegalActionError, match="nobody acts later"):
            enc.apply(A.Delay())
    else:  # SRD combat-ii "Delay": into the next round, after its first creature
        enc.apply(A.Delay())
        assert enc.order == [first[1], "red", first[2]] and enc.current.id == first[1]
        assert enc.round == 2
        enc.apply(A.EndTurn())
        assert enc.current.id == "red"
        return
    enc.apply(A.EndTurn())  # it never acted: forfeited, so first next round (A194)
    assert enc.round == 2 and enc.current.id == "red"


@BOTH
def test_a_delayed_creature_cannot_interrupt(kit: Any, rules: str) -> None:
    """seed 004 / SRD "Delay": a delayed action cannot interrupt anyone's action. Red
    delays after Blue; during Blue's whole turn (a move past Red and an attack) Red has
    no action, and its turn opens only when Blue's has ended."""
    enc = three(kit, [20, 10, 5, 3], rules, blue="e2", red="a2", cyan="a3")
    enc.apply(A.Delay("blue"))
    enc.apply(A.EndTurn())  # Cyan
    assert enc.current.id == "blue"
    assert enc.legal_actions("red") == []
    enc.apply(A.Move(((3, 1), (2, 1), (1, 0))))  # e2 -> b1, into Red's reach
    assert enc.legal_actions("red") == [] and enc.current.id == "blue"
    enc.apply(A.Attack("red"))  # roll 3: 12 vs AC 16, a miss
    assert enc.current.id == "blue"
    enc.apply(A.EndTurn())
    assert enc.current.id == "red"
    red_turns = [i for i, e in enumerate(enc.log) if e.type == "turn" and e.actor == "red"]
    blue_end = max(i for i, e in enumerate(enc.log) if e.type == "end-turn" and e.actor == "blue")
    assert len(red_turns) == 2 and red_turns[-1] == blue_end + 1
    between = [e.type for e in enc.log[red_turns[0] + 1 : blue_end] if e.actor == "red"]
    assert between == ["delay", "end-turn"]  # nothing of Red's during the others' turns


def test_delay_only_until_everyone_else_has_acted(kit: Any) -> None:
    """seed 004 "Delaying Limits": the longest a character can delay is until after
    everyone else has acted in the round; then it must act or forfeit its action (the
    ruleset's ``delay_into_next_round``: false in d20modern, D68)."""
    enc = three(kit, [20, 10, 5], "d20modern")
    enc.apply(A.Delay("blue"))  # after the last creature of the round
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())
    assert enc.current.id == "red" and enc.round == 1 and enc.order[-1] == "red"
    with pytest.raises(IllegalActionError, match="does not act later in this round"):
        enc.apply(A.Delay("cyan"))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Delay)]
    enc.apply(A.EndTurn())  # forfeit
    assert [e.actor for e in events(enc, "forfeit")] == ["red"]
    # seed 004: it "may act on any count in its next turn": it goes first (A194)
    assert enc.round == 2 and enc.current.id == "red"
    assert enc.order == ["red", "cyan", "blue"]


@pytest.mark.parametrize("rules", ["srd35", "d20modern"])
def test_delayers_on_the_same_count_go_by_initiative_modifier(kit: Any, rules: str) -> None:
    """seed 004 "Delaying Limits": "If two or more characters delay and want to act on
    the same initiative count, the one with the highest initiative modifier goes first"
    (then the highest Dexterity; D52: d20modern only). Red (Dex 16: initiative +3) and
    Cyan (Dex 12: +1) both wait until after Blue; Red chose first. d20modern: Red, the
    higher modifier, acts first of the two; srd35 has no such rule: each delay puts the
    creature right after Blue, so Cyan, who chose last, goes first."""
    sides = {
        "red": kit.soldier("Red", "a1", dex=16) + kit.soldier("Cyan", "a3"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 10, 5], ruleset=rules)  # 23, 11, 6
    assert enc.order == ["red", "cyan", "blue"]
    enc.apply(A.Delay("blue"))
    enc.apply(A.Delay("blue"))  # Cyan
    assert enc.current.id == "blue"
    expected = ["blue", "red", "cyan"] if rules == "d20modern" else ["blue", "cyan", "red"]
    assert enc.order == expected
    enc.apply(A.EndTurn())
    assert enc.current.id == expected[1]


@pytest.mark.parametrize("rules", ["srd35", "advanced"])
def test_a_delay_into_the_next_round_costs_the_regular_turn(kit: Any, rules: str) -> None:
    """SRD combat-ii "Delay": "If you take a delayed action in the next round, before
    your regular turn comes up, your initiative count rises to that new point in the
    order of battle, and you do not get your regular action that round"; "If you come
    to your next action and have not yet performed an action, you don't get to take a
    delayed action (though you can delay again)": a delay reaches at most to the count
    just before the creature's own. Order Red, Cyan, Blue (20, 10, 5). Red waits until
    after Blue; then, at the end of round 1, until after Cyan in round 2: it takes no
    action in round 1, and one in round 2, after Cyan; its regular turn (first) is gone
    for good: the order is Cyan, Red, Blue from then on. Seed 004 says no (D68)."""
    enc = three(kit, [20, 10, 5], rules)
    enc.apply(A.Delay("blue"))
    enc.apply(A.EndTurn())  # Cyan
    enc.apply(A.EndTurn())  # Blue
    assert enc.current.id == "red" and enc.round == 1
    assert A.Delay("cyan") in enc.legal_actions() and A.Delay("blue") not in enc.legal_actions()
    enc.apply(A.Delay("cyan"))  # Cyan has acted this round: its turn in round 2
    assert events(enc, "delay")[-1].outcome["next_round"] is True
    assert enc.round == 2 and enc.current.id == "cyan"
    assert enc.order == ["cyan", "red", "blue"]
    enc.apply(A.EndTurn())
    assert enc.current.id == "red" and enc.budget.standard and enc.budget.move
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"
    assert turns_of(enc, "red") == [1, 1, 2]  # its opening, after Blue, after Cyan
    enc = three(kit, [20, 10, 5], "d20modern")
    enc.apply(A.EndTurn())  # Red
    with pytest.raises(IllegalActionError, match="red does not act later"):
        enc.check(A.Delay("red"))


# ------------------------------------------------------------------------- ready
@BOTH
def test_readying_splits_the_turn_and_does_not_provoke(kit: Any, rules: str) -> None:
    """seed 004 "Ready": the character takes its move action on its own count and the
    readied attack later; readying provokes no attack of opportunity (SRD combat-ii:
    readying is a standard action). Blue acted first and has Combat Reflexes, so it
    could take one; none is provoked."""
    sides = {
        "red": kit.soldier("Red", "b2"),
        "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [1, 20], ruleset=rules)
    enc.apply(A.EndTurn())  # Blue
    enc.apply(A.Ready())
    assert not events(enc, "provoked") and not events(enc, "aoo")
    assert enc.combatants["red"].readied == ("enters-reach", None)
    assert not enc.budget.standard and enc.budget.move  # the standard action is spent
    with pytest.raises(IllegalActionError, match="no standard action"):
        enc.apply(A.Attack("blue"))
    assert any(isinstance(a, A.Move) for a in enc.legal_actions())  # the move stays


@BOTH
def test_a_readied_attack_interrupts_the_mover_who_then_goes_on(kit: Any, rules: str) -> None:
    """seed 004 "Readying an Action" / SRD "Ready": the readied attack happens just
    before the triggering event and interrupts the other character, who continues its
    actions afterwards. Red (b2) readies an attack for a foe entering its reach; Blue
    walks e1-d1-c1-b1-a1: Red strikes as Blue enters c1 (roll 15: 24 hits AC 16,
    1d8+3 = 7), then Blue walks on (leaving c1 provokes Red's attack of opportunity:
    roll 2, 11, a miss) to a1."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "e1")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 15, 7, 2], ruleset=rules)
    enc.apply(A.Ready("enters-reach"))
    enc.apply(A.EndTurn())
    blue = enc.combatants["blue"]
    hp = blue.vitals.hp
    enc.apply(A.Move(((3, 0), (2, 0), (1, 0), (0, 0))))
    kinds = [e.type for e in enc.log[-7:]]
    assert kinds == [
        "readied",
        "readied attack",
        "damage",
        "initiative-change",
        "provoked",
        "aoo",
        "move",
    ]
    readied = events(enc, "readied attack")[0]
    assert readied.outcome["total"] == 24 and readied.outcome["result"] == "hit"
    assert blue.vitals.hp == hp - 7
    assert blue.pos == (0, 0) and not events(enc, "move")[-1].outcome["stopped"]
    assert enc.combatants["red"].readied is None
    # Blue's turn goes on: its standard action is still there for an attack
    assert enc.current.id == "blue" and enc.budget.standard
    enc.check(A.Attack("red"))


@BOTH
def test_a_readied_move_steps_away_before_the_foe_arrives(kit: Any, rules: str) -> None:
    """SRD combat-ii "Ready": a move action may be readied too. Red (a bow in hand, at
    c2) readies a move to b2 and a2 for a foe coming next to it; Blue walks f2-e2-d2:
    as it enters d2 Red moves away (leaving c2, which Blue now threatens, provokes
    Blue's attack of opportunity: roll 2, 11, a miss), its initiative moves to just
    before Blue's, and Blue goes on with its turn."""
    sides = {
        "red": kit.soldier("Red", "c2", weapons="longbow"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 2], ruleset=rules)
    action = A.parse_action("ready move b2 a2 when adjacent")
    assert action == A.Ready("adjacent", None, ((1, 1), (0, 1)))
    enc.apply(action)
    assert events(enc, "ready")[0].outcome == {"trigger": "adjacent", "move": ["b2", "a2"]}
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # a second round: Blue has acted and can make an AoO
    assert enc.combatants["red"].readied is None  # not taken by its next turn: lost
    enc.apply(A.parse_action("ready move b2 a2 when adjacent"))
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((5, 1), (4, 1), (3, 1))))
    readied = events(enc, "readied")[-1]
    assert (readied.actor, readied.target, readied.outcome["action"]) == ("red", "blue", "move")
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["moving out of c2"]
    assert enc.combatants["red"].pos == (0, 1) and enc.combatants["blue"].pos == (3, 1)
    assert enc.order == ["red", "blue"] and enc.current.id == "blue" and enc.budget.standard


def test_readied_moves_are_checked_when_readied_and_when_they_fire(kit: Any) -> None:
    """A readied move must be a move it could make now (within its speed); an attack
    cannot wait for ``adjacent``; and when the way is shut by the time it fires, the
    readied action is lost."""
    sides = {"red": kit.soldier("Red", "c2"), "blue": kit.soldier("Blue", "g2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    with pytest.raises(IllegalActionError, match="costs"):
        enc.check(A.parse_action("ready move d2 e2 f2 f3 e3 when enters-reach"))
    with pytest.raises(IllegalActionError, match="readied attack waits"):
        enc.check(A.Ready("adjacent"))
    enc.apply(A.parse_action("ready move d2 e2 when adjacent"))
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((5, 1), (4, 1), (3, 1))))  # Blue stops in d2, on Red's path
    assert events(enc, "ready-lost")[-1].outcome["why"].startswith("an opponent blocks")
    assert enc.combatants["red"].pos == (2, 1)


@BOTH
def test_a_readied_attack_that_drops_the_mover_stops_it_where_it_entered(
    kit: Any, rules: str
) -> None:
    """The readied attack strikes when the mover enters reach: a mover it drops stays in
    that square (c1), the first one Red at b2 reaches. Blue has 6 hp; 1d8+3 = 11."""
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Cyan", "a3"),
        "blue": kit.soldier("Blue", "e1", hp_bonus=-33),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1, 15, 11], ruleset=rules)
    enc.apply(A.Ready())
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Cyan
    blue = enc.combatants["blue"]
    assert blue.vitals.hp == 6
    enc.apply(A.Move(((3, 0), (2, 0), (1, 0), (0, 0))))
    assert blue.pos == (2, 0) and blue.state(enc.rules) is not HpState.HEALTHY
    assert events(enc, "move")[-1].outcome["stopped"]


@BOTH
def test_the_readier_acts_just_ahead_of_the_trigger_from_then_on(kit: Any, rules: str) -> None:
    """seed 004 / SRD "Ready": for the rest of the encounter the readier's count is the
    one on which it took the readied action, immediately ahead of the triggering
    creature. Order Red, Cyan, Blue; Red's readied attack on Blue makes it Cyan, Red,
    Blue (roll 2 misses)."""
    enc = three(kit, [20, 10, 5, 2], rules, red="b2", blue="e1", cyan="g3")
    assert enc.order == ["red", "cyan", "blue"]
    enc.apply(A.Ready())
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Cyan
    enc.apply(A.Move(((3, 0), (2, 0))))  # Blue enters Red's reach at c1
    assert len(events(enc, "readied attack")) == 1
    assert enc.order == ["cyan", "red", "blue"] and enc.current.id == "blue"
    assert events(enc, "initiative-change")[0].outcome["order"] == ["cyan", "red", "blue"]
    enc.apply(A.EndTurn())
    assert enc.round == 2
    seen = []
    for _ in range(3):
        seen.append(enc.current.id)
        enc.apply(A.EndTurn())
    assert seen == ["cyan", "red", "blue"]


@BOTH
def test_a_readied_action_not_taken_is_lost_at_the_next_turn(kit: Any, rules: str) -> None:
    """seed 004 "Readying an Action": not taken before the character's next action, the
    readied action is lost (it may be readied again)."""
    enc = three(kit, [20, 10, 5], rules)
    enc.apply(A.Ready())
    for _ in range(3):
        enc.apply(A.EndTurn())
    assert enc.round == 2 and enc.current.id == "red"
    assert enc.combatants["red"].readied is None
    assert [e.actor for e in events(enc, "ready-lost")] == ["red"]
    assert A.Ready() in enc.legal_actions()


@BOTH
def test_a_readied_attack_in_the_next_round_takes_the_regular_turn(kit: Any, rules: str) -> None:
    """seed 004 / SRD "Ready": a readied action taken in the next round before the
    regular turn moves the initiative count there, and the character loses its regular
    action that round. Blue (first) waits, Red readies; in round 2 Blue walks into
    Red's reach (roll 2: a miss); Red's round-2 turn never comes."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "e1")}
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 2], ruleset=rules)
    assert enc.order == ["blue", "red"]
    enc.apply(A.EndTurn())  # Blue, round 1
    enc.apply(A.Ready())
    enc.apply(A.EndTurn())
    assert enc.round == 2 and enc.current.id == "blue"
    enc.apply(A.Move(((3, 0), (2, 0))))
    assert [e.round for e in events(enc, "readied attack")] == [2]
    assert enc.order == ["red", "blue"] and enc.current.id == "blue"
    enc.apply(A.EndTurn())
    assert enc.round == 3 and enc.current.id == "red"
    assert turns_of(enc, "red") == [1, 3]
    assert not events(enc, "ready-lost")


@BOTH
def test_a_readied_attack_names_its_trigger_and_weapon(kit: Any, rules: str) -> None:
    """seed 004 "Readying an Action": the action and the trigger are named. Here the
    action is an attack (optionally with a named weapon): a melee attack for a foe
    entering reach, or a ranged one for a foe coming in range."""
    assert A.parse_action("ready attack with longsword when enters-reach") == A.Ready(
        "enters-reach", "longsword"
    )
    assert A.parse_action("ready attack with light crossbow when in-range") == A.Ready(
        "in-range", "light crossbow"
    )
    with pytest.raises(Exception, match="cannot read action"):
        A.parse_action("ready attack when casts-a-spell")
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "e1")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1], ruleset=rules)
    with pytest.raises(IllegalActionError, match="no ready melee weapon 'greataxe'"):
        enc.apply(A.Ready("enters-reach", "greataxe"))
    with pytest.raises(IllegalActionError, match="no ready ranged weapon for in-range"):
        enc.apply(A.Ready("in-range"))
    assert [str(a) for a in enc.legal_actions() if a.verb == "ready"] == [
        "ready attack when enters-reach"
    ]
    enc.apply(A.Ready("enters-reach", "longsword"))
    assert enc.combatants["red"].readied == ("enters-reach", "longsword")


@BOTH
def test_a_readied_throw_flies_when_the_foe_comes_in_range(kit: Any, rules: str) -> None:
    """seed 004 "Ready" with a ranged attack: Red readies a thrown dagger (range
    increment 10 ft, so at most 50 ft: SRD combat-i "Range Penalty", thrown weapons
    five increments). Blue (speed 20 in chainmail) walks in from 80 ft: the throw
    comes as Blue enters the square 50 ft away, before Blue goes on, at -8 for the
    fifth increment: BAB 6 + Dex 1 - 8 = -1; roll 18 (a dagger threatens on 19-20), 17
    hits AC 16; 1d4+3 (Strength to a thrown weapon's damage) = 5. Red then holds
    nothing more to throw, and acts just before Blue from now on."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="dagger"),
        "blue": kit.soldier("Blue", "q2"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [20, 1, 18, 5], ruleset=rules)
    assert A.Ready("in-range") in enc.legal_actions()
    enc.apply(A.Ready("in-range"))
    enc.apply(A.EndTurn())
    blue = enc.combatants["blue"]
    hp = blue.vitals.hp
    enc.apply(A.Move(tuple((x, 1) for x in range(15, 11, -1))))  # p2 ... m2
    assert not events(enc, "readied")  # 60 ft away at the nearest: out of range
    enc.apply(A.Move(tuple((x, 1) for x in range(11, 7, -1))))  # l2 ... i2
    readied = events(enc, "readied")[0]
    assert readied.outcome["trigger"] == "in-range"
    shot = events(enc, "readied attack")[0]
    assert shot.outcome["weapon"] == "dagger (thrown)"
    assert shot.total("attack bonus").value == -1 and shot.outcome["total"] == 17
    assert blue.vitals.hp == hp - 5
    # the shot came as Blue entered k2, 50 ft from a2; Blue went on to i2
    kinds = [e.type for e in enc.log[-5:]]
    assert kinds == ["readied", "readied attack", "damage", "initiative-change", "move"]
    assert blue.pos == (8, 1)
    assert enc.order == ["red", "blue"] and enc.combatants["red"].readied is None


def test_a_set_brace_weapon_deals_double_damage_to_a_charger(kit: Any) -> None:
    """SRD combat-ii "Readying a Weapon against a Charge": a readied brace weapon deals
    double damage on a hit against a charging character. Red's longspear (reach, brace;
    1d8+4 two-handed) is readied; Blue charges from g2 to b2 and enters the reach at
    c2: roll 15 (+9 = 24) hits, damage x2 is 2d8+8 (scripted 20). Leaving c2 then
    provokes Red's attack of opportunity (roll 1) and Blue's charge attack misses (1).
    A walking Blue takes single damage, 1d8+4 = 10."""
    rows = OPEN
    sides = {
        "red": kit.soldier("Red", "a2", weapons="longspear"),  # +9, 1d8+4, reach 10 ft
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1, 15, 20, 1, 1], ruleset="srd35")
    enc.apply(A.Ready())
    enc.apply(A.EndTurn())
    blue = enc.combatants["blue"]
    hp = blue.vitals.hp
    enc.apply(A.Charge("red", (1, 1)))
    damage = events(enc, "damage")[0]
    assert damage.outcome["multiplier"] == 2 and damage.outcome["damage"] == 20
    assert blue.vitals.hp == hp - 20
    # walking in instead: no charge, no doubling
    enc = kit.scripted_encounter(rows, sides, [20, 1, 15, 10], ruleset="srd35")
    enc.apply(A.Ready())
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((5, 1), (4, 1), (3, 1), (2, 1))))
    damage = events(enc, "damage")[0]
    assert damage.outcome["multiplier"] == 1 and damage.outcome["damage"] == 10


def test_a_downed_creature_takes_no_special_initiative_action(kit: Any) -> None:
    """SRD combat-i "Dying" / "Unconscious": a creature that cannot act takes no actions,
    a readied one included. Red readies, then falls to -1 hp (dying) before Blue walks
    into its reach: no readied attack, and Red's next turn is only its dying check
    (d% 50: not stable, -2 hp); the order keeps its count (seed 003 "Inaction")."""
    enc = three(kit, [20, 10, 5, 50], "srd35", red="b2", blue="e1", cyan="g3")
    enc.apply(A.Ready())
    red = enc.combatants["red"]
    red.vitals = red.vitals._replace(hp=-1)
    enc.space.invalidate(red)
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Cyan
    enc.apply(A.Move(((3, 0), (2, 0), (2, 1))))  # Blue into Red's reach and beside it
    assert not events(enc, "readied") and enc.combatants["blue"].pos == (2, 1)
    assert enc.order == ["red", "cyan", "blue"]
    enc.apply(A.EndTurn())  # round 2: Red's dying check, then Cyan
    assert enc.round == 2 and enc.current.id == "cyan"
    assert red.vitals.hp == -2 and turns_of(enc, "red") == [1]
    assert [e.actor for e in events(enc, "dying")] == ["red"]


# ------------------------------------------------------------------------- ranged
def archers(kit: Any, rules: str, rolls: list[int], *, feats: str = "", special: str = "") -> Any:
    """Red with six javelins (ranged +7: BAB 6 + Dex 1 + size 0; 1d6+3; increment 30 ft,
    thrown: 5 increments, 150 ft) at a2, Blue at g2 (30 ft), on a 315-ft field."""
    sides = {
        "red": kit.soldier(
            "Red", "a2", weapons="{weapon: javelin, quantity: 6}", feats=feats, special=special
        ),
        "blue": kit.soldier("Blue", "g2"),
    }
    return kit.scripted_encounter(FIELD, sides, rolls, ruleset=rules)


@BOTH
def test_range_penalty_per_full_increment(kit: Any, rules: str) -> None:
    """SRD combat-i "Range Penalty" / seed 003 "Attack Bonus" (ranged: BAB + Dex + size
    + range penalty): -2 per full range increment between attacker and target, none
    within the first. Javelin, 30-ft increments: 30 ft +7, 35 and 60 ft +5, 65 ft +3,
    150 ft -1. At 65 ft the roll 14 gives 17, hitting flat-footed Blue (AC 15)."""
    enc = archers(kit, rules, [20, 1, 14, 8])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    javelin = red.ready_options()[0]
    assert javelin.ranged and javelin.bonus.value == 7
    assert sorted(m.value for m in javelin.bonus.counted()) == [0, 1, 6]  # size, Dex, BAB
    found = {}
    for squares in (6, 7, 12, 13, 30):
        enc.space.place(blue, (squares, 1))
        found[5 * squares] = attack_vs(enc, "red", "blue")[0].bonus.value
    assert found == {30: 7, 35: 5, 60: 5, 65: 3, 150: -1}
    enc.space.place(blue, (13, 1))
    enc.apply(A.Attack("blue"))
    attack = events(enc, "attack")[0]
    assert attack.outcome["total"] == 17 and attack.outcome["result"] == "hit"
    assert [
        m.value for m in attack.total("attack bonus").counted() if m.source == "range (65 ft)"
    ] == [-4]


@BOTH
def test_maximum_range_five_increments_thrown_ten_projectile(kit: Any, rules: str) -> None:
    """SRD equipment "Range Increment" / seed 004 "Ranged Attacks": a thrown weapon
    reaches five range increments, a projectile weapon ten. Javelin (30 ft): 150 ft
    allowed, 155 ft refused; hand crossbow (30 ft, projectile): 300 ft allowed, 305 ft
    refused."""
    enc = archers(kit, rules, [20, 1])
    blue = enc.combatants["blue"]
    enc.space.place(blue, (30, 1))
    enc.check(A.Attack("blue"))
    enc.space.place(blue, (31, 1))
    with pytest.raises(IllegalActionError, match="155 ft away, beyond javelin's 150 ft"):
        enc.check(A.Attack("blue"))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Attack)]
    sides = {
        "red": kit.soldier("Red", "a2", weapons="hand crossbow"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [20, 1], ruleset=rules)
    blue = enc.combatants["blue"]
    enc.space.place(blue, (60, 1))
    enc.check(A.Attack("blue"))
    enc.space.place(blue, (61, 1))
    with pytest.raises(IllegalActionError, match="305 ft away, beyond hand crossbow's 300 ft"):
        enc.check(A.Attack("blue"))


@BOTH
def test_no_ranged_attack_without_line_of_effect(kit: Any, rules: str) -> None:
    """seed 004 "Ranged Attacks": the target must be in line of sight, with no solid
    obstruction between; a wall across the field (total cover) refuses the attack."""
    rows = """
    ...#...
    ...#...
    ...#...
    """
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: javelin, quantity: 6}"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 1], ruleset=rules)
    with pytest.raises(IllegalActionError, match="total cover"):
        enc.check(A.Attack("blue"))
    enc = kit.scripted_encounter(OPEN, sides, [20, 1], ruleset=rules)
    enc.check(A.Attack("blue"))  # the same shot over open ground is allowed


@BOTH
def test_shooting_into_melee(kit: Any, rules: str) -> None:
    """SRD combat-i "Shooting or Throwing into a Melee" / seed 004: -4 on a ranged attack
    at a target engaged in melee with the shooter's ally; Precise Shot removes it (SRD
    feats). Blue at g2 (30 ft: no range penalty), Red's ally Cyan beside it at g3."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: javelin, quantity: 6}")
        + kit.soldier("Sharp", "a1", weapons="{weapon: javelin, quantity: 6}", feats="Precise Shot")
        + kit.soldier("Cyan", "g3"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN + ".......\n", sides, [20, 19, 18, 1], ruleset=rules)
    atk, _ = attack_vs(enc, "red", "blue")
    assert atk.bonus.value == 7 - 4
    assert [m.source for m in atk.bonus.counted() if m.value == -4] == ["shooting into melee"]
    assert attack_vs(enc, "sharp", "blue")[0].bonus.value == 7  # Precise Shot
    cyan = enc.combatants["cyan"]
    enc.space.place(cyan, (4, 3))  # e4: no longer in melee with Blue
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 7


@BOTH
def test_an_unconscious_or_immobilized_ally_is_not_engaged(kit: Any, rules: str) -> None:
    """SRD combat-i / seed 004 "Shooting or Throwing into a Melee": an unconscious or
    otherwise immobilized character is not engaged unless actually being attacked.
    Cyan beside Blue: -4 (+3); Cyan dying, or paralyzed: no penalty (+7). A downed Blue
    with an active Cyan beside it is being attacked (by the shooter, and within Cyan's
    reach), so it stays engaged: -4 (the engine's reading)."""
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: javelin, quantity: 6}")
        + kit.soldier("Cyan", "g3"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1], ruleset=rules)
    cyan, blue = enc.combatants["cyan"], enc.combatants["blue"]
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 3
    cyan.vitals = cyan.vitals._replace(hp=-1)
    enc.space.invalidate(cyan)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 7
    cyan.vitals = cyan.vitals._replace(hp=cyan.vitals.max_hp)
    cyan.conditions["paralyzed"] = Condition("blue", 0)
    enc.space.invalidate(cyan)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 7
    del cyan.conditions["paralyzed"]
    enc.space.invalidate(cyan)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 3
    blue.vitals = blue.vitals._replace(hp=-1)
    enc.space.invalidate(blue)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 3


@BOTH
def test_no_shooting_into_melee_penalty_at_the_far_side_of_a_big_target(
    kit: Any, rules: str
) -> None:
    """SRD combat-i "Shooting or Throwing into a Melee" / seed 004: if the part of a big
    target aimed at is 10 ft or more from the nearest ally, no -4. Red's javelin (+7)
    at a Large ogre (f1-g2) that Cyan fights from e1: the ogre's g1 and g2 squares are
    10 ft from Cyan, so no penalty; with Cyan's friend Dan at h1 too, every square of
    the ogre is within 5 ft of one of them: -4."""
    javelins = "{weapon: javelin, quantity: 6}"
    rows = "\n".join(["........"] * 4)
    ogre = "  - creature: ogre\n    at: f1\n"
    red = kit.soldier("Red", "a3", weapons=javelins) + kit.soldier("Cyan", "e1")
    for extra, rolls, bonus in (
        ("", [20, 19, 1], 7),
        (kit.soldier("Dan", "h1"), [20, 19, 18, 1], 3),
    ):
        enc = kit.scripted_encounter(rows, {"red": red + extra, "blue": ogre}, rolls, ruleset=rules)
        assert attack_vs(enc, "red", "ogre")[0].bonus.value == bonus


@pytest.mark.parametrize(
    ("rules", "reach_ally", "adjacent_unarmed"), [("srd35", 7, 7), ("d20modern", 7, 3)]
)
def test_engaged_means_threatening_srd_or_adjacent_d20modern(
    kit: Any, rules: str, reach_ally: int, adjacent_unarmed: int
) -> None:
    """D38. SRD combat-i: a target is engaged when it and an enemy threaten each other
    (either way); seed 004 "Shooting or Throwing into a Melee": when they are enemies
    and adjacent. Red's javelin at Blue (30 ft, +7): Cyan with a longspear 10 ft from
    Blue threatens it without being adjacent: engaged in srd35, but a target at least
    10 ft from the nearest friendly character draws no penalty (SRD combat-i), so +7 in
    both; Cyan beside a Blue where both hold only javelins (nobody threatens anybody):
    srd35 none, d20modern -4. A dying Cyan beside Blue is not engaged in either."""
    javelins = "{weapon: javelin, quantity: 6}"
    rows = OPEN + ".......\n"
    sides = {
        "red": kit.soldier("Red", "a2", weapons=javelins)
        + kit.soldier("Cyan", "g4", weapons="longspear"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 19, 1], ruleset=rules)
    assert enc.space.threatens(enc.combatants["cyan"], enc.combatants["blue"])
    assert attack_vs(enc, "red", "blue")[0].bonus.value == reach_ally
    enc.space.place(enc.combatants["cyan"], (6, 2))  # g3, beside Blue: -4 in both
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 3
    sides = {
        "red": kit.soldier("Red", "a2", weapons=javelins)
        + kit.soldier("Cyan", "g3", weapons=javelins),
        "blue": kit.soldier("Blue", "g2", weapons=javelins),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 19, 1], ruleset=rules)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == adjacent_unarmed
    cyan = enc.combatants["cyan"]
    cyan.vitals = cyan.vitals._replace(hp=-1)
    enc.space.invalidate(cyan)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 7


@BOTH
def test_point_blank_shot_within_thirty_feet(kit: Any, rules: str) -> None:
    """SRD feats "Point Blank Shot": +1 on ranged attack and damage rolls within 30 ft.
    At 30 ft: +8 and 1d6+4; at 35 ft: +5 (range -2) and 1d6+3. Roll 10 (18 vs
    flat-footed AC 15) hits for 1d6+4 = 9."""
    enc = archers(kit, rules, [20, 1, 10, 9], feats="Point Blank Shot")
    atk, _ = attack_vs(enc, "red", "blue")
    assert (atk.bonus.value, atk.damage_bonus.value) == (8, 4)
    blue = enc.combatants["blue"]
    enc.space.place(blue, (7, 1))
    atk, _ = attack_vs(enc, "red", "blue")
    assert (atk.bonus.value, atk.damage_bonus.value) == (5, 3)
    enc.space.place(blue, (6, 1))
    hp = blue.vitals.hp
    enc.apply(A.Attack("blue"))
    assert events(enc, "attack")[0].outcome["total"] == 18
    assert blue.vitals.hp == hp - 9


def test_a_lethal_ranged_weapon_deals_no_nonlethal_damage(kit: Any) -> None:
    """seed 004 "Nonlethal Damage": a ranged weapon that deals lethal damage cannot
    deal nonlethal damage; a lethal melee weapon can, at -4 (d20modern)."""
    enc = archers(kit, "d20modern", [20, 1])
    with pytest.raises(IllegalActionError, match="cannot deal nonlethal damage"):
        enc.check(A.Attack("blue", nonlethal=True))
    attacks = [a for a in enc.legal_actions() if isinstance(a, A.Attack)]
    assert attacks and all(not a.nonlethal for a in attacks)
    enc = kit.scripted_encounter(
        OPEN,
        {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")},
        [20, 1],
        ruleset="d20modern",
    )
    enc.check(A.Attack("blue", nonlethal=True))
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    sword = red.melee_options()[0]
    atk, _ = build_attack(enc, red, sword, sword.bonus, blue, nonlethal=True)
    assert atk.bonus.value == 9 - 4 and atk.nonlethal


# ------------------------------------------------------------------------- flanking
def test_only_a_threatening_ally_helps_flank(kit: Any) -> None:
    """seed 003 "Flanking": +2 when an ally across the defender threatens it; only a
    creature that threatens the defender can help flank. Cyan at d2 across Blue (c2)
    from Red (b2): holding javelins only (no melee weapon: it threatens nothing) it gives
    no flank (+9); with a longsword, +11; dying, no flank again."""
    sides = {
        "red": kit.soldier("Red", "b2")
        + kit.soldier("Cyan", "d2", weapons="{weapon: javelin, quantity: 2}"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1])
    assert enc.space.threatened(enc.combatants["cyan"]) == frozenset()
    atk, notes = attack_vs(enc, "red", "blue")
    assert atk.bonus.value == 9 and "flanking" not in notes
    sides["red"] = kit.soldier("Red", "b2") + kit.soldier("Cyan", "d2")
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1, 10, 5])
    atk, notes = attack_vs(enc, "red", "blue")
    assert atk.bonus.value == 11 and notes["flanking"]
    enc.apply(A.Attack("blue"))  # roll 10: 21 vs flat-footed AC 15
    attack = events(enc, "attack")[0]
    assert attack.outcome["total"] == 21 and attack.outcome["flanking"]
    cyan = enc.combatants["cyan"]
    cyan.vitals = cyan.vitals._replace(hp=-1)
    enc.space.invalidate(cyan)
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 9


def test_zero_reach_creatures_threaten_only_their_square_and_flank_only_inside(kit: Any) -> None:
    """SRD combat-ii "Big and Little Creatures": a Tiny creature (natural reach 0) does
    not threaten the squares around it and can't flank; it attacks into its own square.
    seed 000 "Mixing It Up": a creature occupying part of the opponent's space provides
    flanking to all allies outside it. Rat (Tiny) across Blue from Red: no flank; in
    Blue's square: Red flanks (+11) and so does the Rat."""
    sides = {
        "red": kit.soldier("Red", "b2") + tiny("Rat", "d2"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1])
    rat = enc.combatants["rat"]
    assert rat.stats.reach_ft == 0
    assert enc.space.threatened(rat) == frozenset({(3, 1)})
    assert attack_vs(enc, "red", "blue")[0].bonus.value == 9
    assert not enc.space.flanked_by(rat, enc.combatants["blue"])
    bite, blue = rat.ready_options()[0], enc.combatants["blue"]
    assert enc.space.attack_problem(rat, bite, blue) == "blue is out of reach of bite"
    enc.space.place(rat, (2, 1))  # into Blue's square
    assert enc.space.attack_problem(rat, bite, blue) is None
    atk, notes = attack_vs(enc, "red", "blue")
    assert atk.bonus.value == 11 and notes["flanking"]
    assert enc.space.flanked_by(rat, enc.combatants["blue"])


def test_moving_past_a_zero_reach_creature_provokes_nothing(kit: Any) -> None:
    """SRD combat-ii: you can move past a creature with 0 reach without provoking. Blue
    walks around the Rat (which has Combat Reflexes and has acted): no attack of
    opportunity."""
    sides = {
        "red": tiny("Rat", "d2", feats="Weapon Finesse, Combat Reflexes"),
        "blue": kit.soldier("Blue", "b2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.EndTurn())  # the Rat
    enc.apply(A.Move(((2, 0), (3, 0), (4, 0), (4, 1))))  # c1, d1, e1, e2: around it
    assert enc.combatants["blue"].pos == (4, 1)
    assert not events(enc, "aoo") and not events(enc, "provoked")


def test_a_tiny_creature_entering_a_foes_square_provokes_and_can_be_hit_there(
    kit: Any,
) -> None:
    """SRD combat-ii "Tiny, Diminutive, and Fine Creatures": with no natural reach they
    must enter an opponent's square to attack in melee, which provokes an attack of
    opportunity from the opponent; "You can attack into your own square if you need
    to". The Rat (Weapon Finesse: bite +5) 5-foot steps from d2 into Blue's square c2:
    Blue, who has acted, attacks it (longsword +9, roll 2: 11 vs the Rat's AC 14,
    a miss); the Rat then bites from inside (roll 10: 15 vs Blue's AC 16, a miss). On
    its turn Blue attacks the Rat in its own square, with no need to step."""
    sides = {"red": tiny("Rat", "d2", feats="Weapon Finesse"), "blue": kit.soldier("Blue", "c2")}
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 2, 10, 12, 7])
    blue, rat = enc.combatants["blue"], enc.combatants["rat"]
    assert (2, 1) in enc.space.threatened(blue)  # its own square
    enc.apply(A.EndTurn())  # Blue
    enc.apply(A.Step((2, 1)))  # the Rat, into c2
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == [
        "entering blue's square at c2"
    ]
    (aoo,) = events(enc, "aoo")
    assert (aoo.actor, aoo.target, aoo.outcome["total"]) == ("blue", "rat", 11)
    assert rat.pos == (2, 1)
    enc.apply(A.Attack("blue"))
    assert events(enc, "attack")[0].outcome["total"] == 15
    enc.apply(A.EndTurn())  # the Rat
    longsword = blue.melee_options()[0]
    assert enc.space.attack_problem(blue, longsword, rat) is None
    assert A.Attack("rat", "longsword") in enc.legal_actions()
    assert not any(isinstance(a, A.Step) and a.to == (2, 1) for a in enc.legal_actions())
    enc.apply(A.Attack("rat"))
    assert events(enc, "attack")[-1].outcome["total"] == 12 + 9


def test_a_tiny_creature_passing_through_a_foes_square_provokes(kit: Any) -> None:
    """SRD combat-ii "Moving Through a Square": a Tiny creature can move through an
    occupied square, and provokes attacks of opportunity when doing so. The Rat moves
    from d2 through Blue's square c2 to b2. Blue (Combat Reflexes: two attacks of
    opportunity a round) gets one as the Rat leaves d2, which it threatens, and one
    as it enters c2 (rolls 2 and 2: 11, misses); leaving c2 adds none (one for the
    same movement)."""
    sides = {"red": tiny("Rat", "d2"), "blue": kit.soldier("Blue", "c2", feats="Combat Reflexes")}
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 2, 2])
    enc.apply(A.EndTurn())  # Blue
    enc.apply(A.Move(((2, 1), (1, 1))))
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == [
        "moving out of d2",
        "entering blue's square at c2",
    ]
    assert enc.combatants["rat"].pos == (1, 1) and len(events(enc, "aoo")) == 2


def test_approaching_greater_reach_provokes_but_a_step_does_not(kit: Any) -> None:
    """SRD combat-ii "Big and Little Creatures": approaching a creature with greater
    natural reach usually provokes, because the mover must move within its reach; not
    with a 5-foot step. The ogre (reach 10 ft) at d2-e3 has acted; Red walks a2-b2-c2:
    leaving b2 (10 ft away, threatened) provokes once (greatclub +8, roll 2: a miss). A
    second Red stops at b2 and next round steps to c2: nothing."""
    sides = {
        "red": kit.soldier("Red", "a2"),
        "blue": "  - creature: ogre\n    at: d2\n",
    }
    rows = OPEN + ".......\n"
    enc = kit.scripted_encounter(rows, sides, [5, 20, 2])
    assert enc.order == ["ogre", "red"]
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((1, 1), (2, 1))))
    assert [e.outcome["reason"] for e in events(enc, "provoked")] == ["moving out of b2"]
    assert events(enc, "aoo")[0].outcome["total"] == 10
    assert enc.combatants["red"].pos == (2, 1)
    enc = kit.scripted_encounter(rows, sides, [5, 20])
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((1, 1),)))  # entering the reach provokes nothing
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # the ogre waits
    enc.apply(A.Step((2, 1)))
    assert enc.combatants["red"].pos == (2, 1) and not events(enc, "aoo")


def test_a_smaller_creature_in_a_larger_ones_space_gets_an_aoo_when_it_leaves(kit: Any) -> None:
    """seed 000 "Mixing It Up": a creature in part of a larger creature's space gets an
    attack of opportunity when that creature moves out of it other than by a 5-foot
    step or a withdraw. The Rat (Tiny, reach 0, Combat Reflexes) is in the ogre's
    square b2; the ogre moves one square east: bite +5 (BAB 1, Dex 2 by Weapon Finesse,
    Tiny +2), roll 3: 8, a miss. Stepping or withdrawing the same way: no attack."""
    rows = OPEN + ".......\n"
    sides = {
        "red": "  - creature: ogre\n    at: b2\n",
        "blue": tiny("Rat", "g4", feats="Weapon Finesse, Combat Reflexes"),
    }

    def start(rolls: list[int]) -> Any:
        enc = kit.scripted_encounter(rows, sides, rolls)
        enc.space.place(enc.combatants["rat"], (1, 1))
        return enc

    enc = start([20, 1, 3])
    enc.apply(A.Move(((2, 1),)))
    aoo = events(enc, "aoo")
    assert [(e.actor, e.target) for e in aoo] == [("rat", "ogre")]
    assert aoo[0].outcome["total"] == 8 and aoo[0].total("attack bonus").value == 5
    enc = start([20, 1])
    enc.apply(A.Step((2, 1)))
    assert not events(enc, "aoo")
    enc = start([20, 1])
    enc.apply(A.Withdraw(((2, 1), (3, 1))))
    assert not events(enc, "aoo")


# ------------------------------------------------------------------------- sneak attack
def test_ranged_sneak_attack_only_within_thirty_feet(kit: Any) -> None:
    """SRD rogue "Sneak Attack": ranged attacks count as sneak attacks only within 30
    ft. Blue has not acted (flat-footed, seed 000 "Sneak Attacks": first round, the foe
    hasn't acted yet). At 30 ft: +2d6; at 35 ft: none. Roll 10 (17 vs AC 15) hits:
    1d6+3 = 6 and 2d6 = 7, 13 damage."""
    enc = archers(kit, "srd35", [20, 1, 10, 6, 7], special='"sneak attack +2d6"')
    _, notes = attack_vs(enc, "red", "blue")
    assert notes["sneak_attack"] == "2d6"
    blue = enc.combatants["blue"]
    enc.space.place(blue, (7, 1))
    _, notes = attack_vs(enc, "red", "blue")
    assert "sneak_attack" not in notes
    enc.space.place(blue, (6, 1))
    hp = blue.vitals.hp
    enc.apply(A.Attack("blue"))
    damage = events(enc, "damage")[0]
    assert damage.outcome["damage"] == 13 and blue.vitals.hp == hp - 13
    assert [r.purpose for r in damage.rolls][-1] == "extra damage (sneak attack)"


def test_no_sneak_attack_on_a_creature_immune_to_criticals(kit: Any) -> None:
    """seed 000 "Sneak Attacks" / SRD rogue: a creature immune to critical hits (undead;
    or one listing the immunity) takes no sneak attack damage even when flanked and
    flat-footed; the other benefits of the condition remain (+2 flanking, no Dex
    bonus to AC). Rogue b2 and Cyan d2 flank the skeleton (c2, AC 15, flat-footed 14):
    +11, no sneak attack; roll 10 (21) hits for longsword 1d8+3 = 8, less DR
    5/bludgeoning: 3, and no extra dice are rolled."""
    sides = {
        "red": kit.soldier("Rogue", "b2", special='"sneak attack +2d6"')
        + kit.soldier("Cyan", "d2"),
        "blue": "  - creature: human-warrior-skeleton\n    at: c2\n",
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1, 10, 8])
    atk, notes = attack_vs(enc, "rogue", "human-warrior-skeleton")
    assert atk.bonus.value == 11 and notes["flanking"] and "sneak_attack" not in notes
    assert atk.ac.value == 14
    skeleton = enc.combatants["human-warrior-skeleton"]
    hp = skeleton.vitals.hp
    enc.apply(A.Attack("human-warrior-skeleton"))
    damage = events(enc, "damage")[0]
    assert damage.outcome["rolled"] == 8 and damage.outcome["damage"] == 3
    assert skeleton.vitals.hp == hp - 3
    # the same flanked, flat-footed foe without the immunity takes it; with a listed
    # immunity to critical hits it does not
    for immune, expected in (("", "2d6"), ('"critical hits"', None)):
        sides["blue"] = kit.soldier("Foe", "c2", immunities=immune)
        enc = kit.scripted_encounter(OPEN, sides, [20, 19, 1])
        _, notes = attack_vs(enc, "rogue", "foe")
        assert notes.get("sneak_attack") == expected and notes["flanking"]


# ------------------------------------------------------------------------- fumbles
def test_a_fumbler_loses_its_next_turn(kit: Any) -> None:
    """seed 000 "Critical Misses (Fumbles)" (variant): a natural 1 then a failed DC 10
    Dexterity check (3 + 1 = 4) is a fumble; the fumbler loses its next turn regaining
    its balance, then acts again. Without the variant a natural 1 is a plain miss."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "c2")}
    text = kit.scenario_text(OPEN, sides).replace(
        "ruleset: srd35\n", "ruleset: srd35\nvariants: [fumbles]\n"
    )
    enc = kit.scripted(kit.make(text), [20, 1, 1, 3])
    enc.apply(A.Attack("blue"))
    assert events(enc, "attack")[0].outcome["result"] == "fumble"
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Blue
    assert enc.round == 2 and enc.current.id == "blue"
    assert [(e.round, e.actor) for e in events(enc, "fumble-recovery")] == [(2, "red")]
    enc.apply(A.EndTurn())
    assert enc.round == 3 and enc.current.id == "red"
    assert turns_of(enc, "red") == [1, 3]
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 1])
    enc.apply(A.Attack("blue"))
    assert events(enc, "attack")[0].outcome["result"] == "miss"
    assert not enc.combatants["red"].fumbled


# ------------------------------------------------------------------------- surprise
@pytest.mark.parametrize(
    ("awareness", "surprise"),
    [
        ({}, False),
        ({"red": "unaware", "blue": "unaware"}, False),
        ({"blue": "unaware"}, True),
    ],
)
def test_a_surprise_round_only_when_some_but_not_all_are_aware(
    kit: Any, awareness: dict[str, str], surprise: bool
) -> None:
    """seed 003 "Surprise": if nobody or everybody is surprised, there is no surprise
    round; the fight starts in round 1 with everyone acting."""
    sides = {"red": kit.soldier("Red", "a1"), "blue": kit.soldier("Blue", "g3")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1], awareness=awareness)
    assert enc.surprise is surprise
    assert enc.round == (0 if surprise else 1)
    assert events(enc, "round")[0].outcome["surprise"] is surprise
    enc.apply(A.EndTurn())
    assert enc.current.id == ("red" if surprise else "blue")  # unaware Blue sits out round 0


# ------------------------------------------------------------------------- concealment
def test_a_reach_attack_uses_the_ranged_concealment_test(kit: Any) -> None:
    """seed 003 / SRD combat-ii "Concealment": against an adjacent target in melee only
    an effect covering the target's space counts; melee against a non-adjacent target
    (reach) uses the ranged rule. Fog at b1 and c2; Blue at c1 is clear. Red's longspear
    from a1 (10 ft, fog on the line): total concealment, 50%; Cyan's longsword from the
    fog at c2 (adjacent): none; a ranged attack from c2 (fog in its own square, 5 ft):
    20%. Red's roll 10 (19 vs flat-footed AC 15) hits, d% 30 misses."""
    rows = """
    .f.....
    ..f....
    """
    sides = {
        "red": kit.soldier("Red", "a1", weapons="longspear") + kit.soldier("Cyan", "c2"),
        "blue": kit.soldier("Blue", "c1"),
    }
    enc = kit.scripted_encounter(rows, sides, [20, 19, 1, 10, 30])
    red, cyan, blue = (enc.combatants[k] for k in ("red", "cyan", "blue"))
    assert enc.space.concealment(red, blue, melee=True) == 50
    assert attack_vs(enc, "red", "blue")[1]["concealment"] == 50
    assert enc.space.concealment(cyan, blue, melee=True) == 0
    assert "concealment" not in attack_vs(enc, "cyan", "blue")[1]
    assert enc.space.concealment(cyan, blue, melee=False) == 20
    enc.apply(A.Attack("blue"))
    attack = events(enc, "attack")[0]
    assert attack.outcome["total"] == 19 and attack.outcome["result"] == "concealed"


def test_blind_fight_rerolls_a_melee_miss_for_concealment(kit: Any) -> None:
    """SRD feats "Blind-Fight": in melee, every time a miss comes of concealment, the
    miss chance is rolled once more. Blue stands in fog at c1 (20%). Red (longsword +9)
    rolls 10: 19 hits AC 15; d% 10 misses, the reroll 50 hits (8 damage). Without the
    feat the first d% stands; a ranged attack gets no reroll."""
    fog = """
    ..f....
    .......
    """
    for feats, result in (("Blind-Fight", "hit"), ("", "concealed")):
        sides = {"red": kit.soldier("Red", "b1", feats=feats), "blue": kit.soldier("Blue", "c1")}
        extra = [50, 8] if feats else []
        enc = kit.scripted_encounter(fog, sides, [20, 1, 10, 10, *extra])
        enc.apply(A.Attack("blue"))
        attack = events(enc, "attack")[0]
        assert attack.outcome["concealment"] == 20 and attack.outcome["result"] == result
        purposes = [r.purpose for r in attack.rolls]
        assert purposes.count("concealment miss chance (d%)") == (2 if feats else 1)
    sides = {
        "red": kit.soldier(
            "Red", "a1", weapons="{weapon: javelin, quantity: 2}", feats="Blind-Fight"
        ),
        "blue": kit.soldier("Blue", "c1"),
    }
    enc = kit.scripted_encounter(fog, sides, [20, 1])
    atk, notes = attack_vs(enc, "red", "blue")
    assert notes["concealment"] and not atk.reroll_concealment  # ranged: no reroll


# ------------------------------------------------------------------------- Dodge
def test_dodge_applies_against_the_opponent_designated_each_turn(kit: Any) -> None:
    """SRD feats "Dodge": on its turn the creature designates an opponent and gets +1
    dodge AC against that one only (the encounter designates the nearest). Red (Dodge,
    c2) designates Blue (d2, 5 ft) over Cyan (a2, 10 ft): AC 17 against Blue (roll 7:
    16 misses), 16 against Cyan. Next round Cyan is nearer: the bonus moves to it."""
    sides = {
        "red": kit.soldier("Red", "c2", feats="Dodge"),
        "blue": kit.soldier("Blue", "d2") + kit.soldier("Cyan", "a2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 5, 3, 7])
    assert [e.target for e in events(enc, "dodge")] == ["blue"]
    assert attack_vs(enc, "blue", "red")[0].ac.value == 17
    assert attack_vs(enc, "cyan", "red")[0].ac.value == 16
    enc.apply(A.EndTurn())
    enc.apply(A.Attack("red"))  # Blue: 7 + 9 = 16 vs 17
    attack = events(enc, "attack")[0]
    assert attack.outcome["total"] == 16 and attack.outcome["result"] == "miss"
    enc.apply(A.Step((4, 1)))  # Blue backs off to e2 (10 ft)
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((1, 1),)))  # Cyan to b2, next to Red
    enc.apply(A.EndTurn())
    assert enc.round == 2 and enc.current.id == "red"
    assert [e.target for e in events(enc, "dodge")] == ["blue", "cyan"]
    assert attack_vs(enc, "cyan", "red")[0].ac.value == 17
    assert attack_vs(enc, "blue", "red")[0].ac.value == 16


# ------------------------------------------------------- helpless by its hit points
# A creature dying (-1 to -9 hp), stable, or unconscious from nonlethal damage is
# unconscious, so helpless (SRD conditions "Dying", "Stable", "Unconscious"): the
# encounter reads the condition its hit points impose like any other.
DOWN = {
    "dying": {"hp": -3},
    "stable": {"hp": -3, "stable": True},
    "knocked out": {"hp": 10, "nonlethal": 15},
}


def _down(enc: Any, cid: str, how: str) -> Any:
    c = enc.combatants[cid]
    c.vitals = c.vitals._replace(**DOWN[how])
    enc.space.invalidate(c)
    return c


@pytest.mark.parametrize("how", sorted(DOWN))
def test_a_creature_down_by_its_hit_points_is_attacked_as_helpless(kit: Any, how: str) -> None:
    """seed 002 Table: Armor Class Modifiers, "Defender helpless": -4 AC against melee,
    none against ranged, and its Dexterity counts as 0 (-5) (SRD conditions "Helpless").
    Blue (chainmail, Dex 12: AC 16) down by its hit points: melee AC 10 + 5 - 4 - 5 = 6,
    ranged AC 10 + 5 - 5 = 10. Red hits (roll 2, +9 = 11) for 5 (longsword 1d8+3)."""
    enc = kit.duel([20, 1, 2, 5], blue_at="c2")
    blue = _down(enc, "blue", how)
    assert blue.restrictions().helpless
    atk, _ = attack_vs(enc, "red", "blue")
    assert atk.ac.value == 6
    assert {m.source: m.value for m in atk.ac.counted()} == {
        "base": 10,
        "chainmail": 5,
        "Medium": 0,
        "helpless (defender)": -4,
        "Dex 0 (helpless)": -5,
    }
    hp = blue.vitals.hp
    enc.apply(A.Attack("blue"))
    attack = events(enc, "attack")[0]
    assert attack.total("armor class").value == 6 and attack.outcome["result"] == "hit"
    assert blue.vitals.hp == hp - 5
    sides = {
        "red": kit.soldier("Red", "a2", weapons="{weapon: javelin, quantity: 6}"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    _down(enc, "blue", how)
    atk, _ = attack_vs(enc, "red", "blue")
    assert atk.ac.value == 10
    assert "helpless (defender)" not in {m.source for m in atk.ac.counted()}


def test_a_rogue_sneak_attacks_a_creature_down_by_its_hit_points(kit: Any) -> None:
    """seed 002 "Conditions that Allow Sneak Attacks": the target is helpless; seed 000
    "Sneak Attacks": sleeping, bound or unconscious. Blue has acted (not flat-footed)
    and is not flanked: only being down lets the rogue's +1d6 in."""
    sides = {
        "red": kit.soldier("Rogue", "b2", special='"sneak attack +1d6"'),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.combatants["blue"].acted = True
    _, notes = attack_vs(enc, "rogue", "blue")
    assert "sneak_attack" not in notes
    _down(enc, "blue", "dying")
    _, notes = attack_vs(enc, "rogue", "blue")
    assert notes["sneak_attack"] == "1d6"


def test_d20modern_defense_of_a_creature_down_by_its_hit_points(kit: Any) -> None:
    """seed 004 "Helpless Defenders": an effective Defense of 5 + its size modifier
    (D33): a Medium creature dying or knocked out has Defense 5, melee or ranged."""
    for how in ("dying", "knocked out"):
        enc = kit.duel([20, 1], ruleset="d20modern")
        _down(enc, "blue", how)
        atk, _ = attack_vs(enc, "red", "blue")
        assert atk.ac.value == 5
        assert [m.source for m in atk.ac.counted()] == [
            "helpless (seed 004: Defense 5 + size)",
            "Medium",
        ]


# ------------------------------------------------------------------ durations
@pytest.mark.parametrize("rounds", [1, 2])
def test_an_effect_ends_just_before_the_count_on_which_it_began(kit: Any, rounds: int) -> None:
    """SRD combat-i "Combat Round": an effect lasting N rounds ends just before the
    initiative count on which it began, N rounds later. Red (count 21) dazes Blue for
    N rounds on its turn: Blue loses its turns until then, Cyan's turns pass, and the
    daze ends as Red's turn opens in round 1 + N, before Red acts."""
    sides = {
        "red": kit.soldier("Red", "a1"),
        "blue": kit.soldier("Blue", "g1"),
        "cyan": kit.soldier("Cyan", "d3"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 10, 1])
    assert enc.order == ["red", "blue", "cyan"] and enc.current.id == "red"
    blue = enc.combatants["blue"]
    enc.impose(blue, "dazed", "red", rounds)
    for _ in range(rounds):
        enc.apply(A.EndTurn())  # Red's turn ends; Blue's is lost, Cyan's comes
        assert enc.current.id == "cyan" and "dazed" in blue.conditions
        assert events(enc, "no-action")[-1].actor == "blue"
        enc.apply(A.EndTurn())  # Cyan's turn ends; Red's opens
    assert enc.current.id == "red" and enc.round == 1 + rounds
    assert "dazed" not in blue.conditions
    ends = events(enc, "condition-ends")
    assert [(e.actor, e.outcome["condition"], e.round) for e in ends] == [
        ("blue", "dazed", 1 + rounds)
    ]
    assert enc.log.index(ends[0]) < enc.log.index(events(enc, "turn")[-1])
    assert events(enc, "turn")[-1].actor == "red"
    enc.apply(A.EndTurn())
    assert enc.current.id == "blue"  # its turn is its own again


@BOTH
def test_a_readied_attack_may_take_a_5_foot_step(kit: Any, rules: str) -> None:
    """SRD combat-ii "Ready" / seed 004 "Readying an Action": "You can take a 5-foot
    step as part of your readied action, but only if you don't otherwise move any
    distance during the round" (A190: ``ready attack when step-reach``). Red (b2)
    readies it without having moved; its move action and 5-foot step are gone for the
    turn. Blue walks from f2 to d2, a step beyond Red's reach: Red steps to c2 (no
    attack of opportunity: a 5-foot step) and strikes, roll 15: 24 hits AC 16, 1d8+3 = 7;
    Blue stops at d2."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "f2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1, 15, 7], ruleset=rules)
    enc.apply(A.parse_action("ready attack when step-reach"))
    assert str(enc.history[-1]) == "ready attack when step-reach"
    with pytest.raises(IllegalActionError, match="only one 5-foot step"):
        enc.apply(A.Step((1, 2)))
    assert not enc.budget.move
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((4, 1), (3, 1))))
    assert [e.type for e in enc.log[-6:]] == [
        "readied",
        "step",
        "readied attack",
        "damage",
        "initiative-change",  # Red now acts just before Blue
        "move",
    ]
    assert enc.combatants["red"].pos == (2, 1) and enc.combatants["blue"].pos == (3, 1)
    assert [e.outcome["total"] for e in events(enc, "readied attack")] == [24]
    assert enc.dice.totals == []


def test_no_readied_5_foot_step_after_moving(kit: Any) -> None:
    """The step is part of the readied action only in a round with no other movement:
    Red moves first, then cannot ready the step (it can still ready a plain attack)."""
    sides = {"red": kit.soldier("Red", "b2"), "blue": kit.soldier("Blue", "f2")}
    enc = kit.scripted_encounter(OPEN, sides, [20, 1])
    enc.apply(A.Move(((1, 0),)))
    with pytest.raises(IllegalActionError, match="without other movement"):
        enc.apply(A.parse_action("ready attack when step-reach"))
    enc.apply(A.Ready("enters-reach"))


@pytest.mark.parametrize("rules", ["srd35", "d20modern"])
def test_mutual_delayers_the_higher_initiative_modifier_goes_last(kit: Any, rules: str) -> None:
    """seed 004 "Delaying Limits": "If two or more delaying characters both want to act
    after the other, the one with the highest initiative modifier gets to go last; the
    others must go first (or lose their action for the round)" (A193; d20modern only,
    the ruleset's ``delay_ties_by_initiative``). Cyan (+1) acts before Red (Dex 16: +3):
    21 and 8. Cyan delays after Red; Red, the higher, may delay after Cyan; Cyan may not
    delay after Red again (in d20modern): it acts now, or ends its turn and loses it."""
    sides = {
        "red": kit.soldier("Red", "a1", dex=16) + kit.soldier("Cyan", "a3"),
        "blue": kit.soldier("Blue", "g2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [5, 20, 1], ruleset=rules)
    assert enc.order == ["cyan", "red", "blue"]
    enc.apply(A.Delay("red"))
    assert enc.current.id == "red"
    enc.apply(A.Delay("cyan"))  # the higher modifier goes last
    assert enc.current.id == "cyan" and enc.order == ["cyan", "red", "blue"]
    listed = A.Delay("red") in list(enc.legal_actions())
    if rules == "srd35":  # no such limit: the two may keep waiting for each other
        assert listed
        return
    assert not listed
    with pytest.raises(IllegalActionError, match="higher initiative modifier"):
        enc.apply(A.Delay("red"))
    enc.apply(A.Delay("blue"))  # waiting for another count is still open
    assert enc.order == ["red", "blue", "cyan"]


def test_a_forfeited_action_is_marked_and_the_next_turn_may_come_at_any_count(
    kit: Any,
) -> None:
    """seed 004 "Delaying Limits": a character that delayed and did not act lost its
    action for the round (a ``forfeit`` event); "may act on any count in his next turn"
    (A194): it comes first in the next round and may act there or delay to any count,
    here after Blue, the last. A creature that delayed and then acted forfeits nothing;
    srd35 (delays may reach into the next round) marks none."""
    enc = three(kit, [20, 10, 5], "d20modern")  # red 23, cyan 11, blue 6
    enc.apply(A.Delay("cyan"))
    enc.apply(A.EndTurn())  # Cyan
    enc.apply(A.Delay("blue"))  # Red again: waits for Blue
    enc.apply(A.EndTurn())  # Blue
    assert enc.current.id == "red"
    enc.apply(A.EndTurn())  # Red never acted
    (forfeit,) = events(enc, "forfeit")
    assert (forfeit.actor, forfeit.round) == ("red", 1)
    assert enc.round == 2 and enc.current.id == "red"
    assert events(enc, "initiative-change")[-1].actor == "red"
    enc.apply(A.Delay("blue"))  # any count: after the last
    assert enc.order == ["cyan", "blue", "red"] and enc.current.id == "cyan"
    enc.apply(A.EndTurn())  # Cyan ends without having delayed: nothing to forfeit
    enc.apply(A.EndTurn())  # Blue
    enc.apply(A.Move(((1, 0),)))  # Red acts on its chosen count
    enc.apply(A.EndTurn())
    assert len(events(enc, "forfeit")) == 1 and enc.order == ["cyan", "blue", "red"]
    srd = three(kit, [20, 10, 5], "srd35")
    srd.apply(A.Delay("blue"))
    srd.apply(A.EndTurn())
    srd.apply(A.EndTurn())
    srd.apply(A.EndTurn())  # Red ends without acting
    assert not events(srd, "forfeit")


def test_a_resumed_fight_keeps_who_delayed_and_who_forfeited(kit: Any) -> None:
    """The delays of the round and the lost actions are saved state, not read back in
    the log (a resumed fight's log starts empty): saved after Red's second delay, the
    loaded fight still marks Red's lost action and puts it first in round 2."""
    enc = three(kit, [20, 10, 5], "d20modern")
    enc.apply(A.Delay("cyan"))
    enc.apply(A.EndTurn())  # Cyan
    enc.apply(A.Delay("blue"))  # Red waits for Blue
    enc.dice = SampledDice(Random(1))  # a save keeps the generator (no die is rolled)
    data = enc.to_json()
    assert next(c for c in data["combatants"] if c["id"] == "red")["delayed"] == "blue"
    loaded = Encounter.from_json(data)
    loaded.apply(A.EndTurn())  # Blue
    loaded.apply(A.EndTurn())  # Red never acted
    assert [(e.actor, e.round) for e in events(loaded, "forfeit")] == [("red", 1)]
    assert loaded.round == 2 and loaded.current is not None and loaded.current.id == "red"
    assert all(c.delayed is None and not c.forfeited for c in loaded.combatants.values())
