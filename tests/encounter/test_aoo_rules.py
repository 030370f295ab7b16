"""Attacks of opportunity, the actions that provoke them and those that do not, unarmed
and natural attacks, and free actions, played on small maps with scripted dice (every
roll given in order, initiative first; ``enc.dice.totals == []`` at the end shows that
no attack was rolled beyond those the rule allows).

Sources: seed 002 "Actions" and "Attacks of Opportunity"; seed 003 "Attacks of
Opportunity", "Cover", "Total Concealment", "Total Cover", "Inaction"; seed 004
"Unarmed Attacks", "Attacks of Opportunity", "Free Action", "Manipulating Objects",
"Standing Up"; SRD combat-i "Unarmed Attacks", "Free Actions", Table: Actions in Combat.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Condition
from d20combat.errors import IllegalActionError

OPEN = """
.......
.......
.......
"""
RULESETS = ("srd35", "advanced", "d20modern")

CLAWS = "{name: claw, count: 2, damage: 1d4, damage_types: [slashing]}"


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def kinds(enc: Any, *wanted: str) -> list[str]:
    """The types of the logged events among ``wanted``, in order."""
    return [e.type for e in enc.log if e.type in wanted]


def reasons(enc: Any) -> list[str]:
    return [e.outcome["reason"] for e in events(enc, "provoked")]


def play(
    kit: Any,
    rolls: list[int],
    *,
    red: dict[str, Any] | None = None,
    blue: dict[str, Any] | None = None,
    red_at: str = "b2",
    blue_at: str = "c2",
    rows: str = OPEN,
    more: dict[str, str] | None = None,
    **kw: Any,
) -> Any:
    """Red against Blue (and any ``more`` sides), each a soldier (``red``, ``blue``: its
    options)."""
    sides = {
        "red": kit.soldier("Red", red_at, **(red or {})),
        "blue": kit.soldier("Blue", blue_at, **(blue or {})),
    }
    for side, text in (more or {}).items():  # more combatants, on a named side
        sides[side] = sides.get(side, "") + text
    return kit.scripted_encounter(rows, sides, rolls, **kw)


# ---------------------------------------------------------------- ranged attacks
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ranged_attack_in_a_threatened_square_provokes_before_the_shot(
    kit: Any, ruleset: str
) -> None:
    """SRD Table: Actions in Combat "Attack (ranged)": provokes (D35); seed 004 "Attacks
    of Opportunity": using a ranged weapon in a threatened square provokes. Red (shortbow
    +7) shoots Green 25 ft away; Blue, next to Red, attacks first (Combat Reflexes: it
    reacts while flat-footed): roll 2 + 9 = 11 vs AC 16 misses; then the arrow, 2 + 7 = 9.
    Green, far away, threatens nothing and gets nothing."""
    green = kit.soldier("Green", "g2", feats="Combat Reflexes")
    enc = play(
        kit,
        [20, 1, 5, 2, 2],
        red={"weapons": "shortbow"},
        blue={"feats": "Combat Reflexes"},
        more={"blue": green},
        ruleset=ruleset,
    )
    enc.apply(A.Attack("green", "shortbow"))
    assert reasons(enc) == ["ranged attack with shortbow"]
    assert kinds(enc, "aoo", "attack") == ["aoo", "attack"]  # the AoO comes first
    (aoo,) = events(enc, "aoo")
    assert (aoo.actor, aoo.target, aoo.outcome["weapon"], aoo.outcome["total"]) == (
        "blue",
        "red",
        "longsword",
        11,
    )
    (shot,) = events(enc, "attack")
    assert (shot.target, shot.outcome["weapon"], shot.outcome["total"]) == ("green", "shortbow", 9)
    assert enc.dice.totals == []
    # out of every foe's reach the same shot provokes nothing
    enc = play(
        kit,
        [20, 1, 5, 2],
        red={"weapons": "shortbow"},
        red_at="a1",
        more={"blue": green},
        ruleset=ruleset,
    )
    enc.apply(A.Attack("green", "shortbow"))
    assert not events(enc, "provoked") and len(events(enc, "attack")) == 1
    assert enc.dice.totals == []


# ---------------------------------------------------------------- unarmed attacks
@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unarmed_attack_provokes_only_from_its_armed_target(kit: Any, ruleset: str) -> None:
    """SRD combat-i "Unarmed Attacks" / seed 004 "Unarmed Attacks": attacking unarmed
    provokes an AoO from the target, if armed, before the attack; not from other foes,
    nor from an unarmed target. Unarmed Red (+9) attacks Blue; Blue's longsword AoO (roll
    2: 11 vs AC 16) comes first; Green, also threatening Red with Combat Reflexes, gets
    none."""
    green = kit.soldier("Green", "b3", feats="Combat Reflexes")
    enc = play(
        kit,
        [20, 1, 5, 2, 2],
        red={"weapons": ""},
        blue={"feats": "Combat Reflexes"},
        more={"blue": green},
        ruleset=ruleset,
    )
    red, green_c = enc.combatants["red"], enc.combatants["green"]
    assert enc.space.threatens(green_c, red)
    enc.apply(A.Attack("blue"))
    assert reasons(enc) == ["unarmed attack"]
    assert kinds(enc, "aoo", "attack") == ["aoo", "attack"]
    aoo, attack = events(enc, "aoo")[0], events(enc, "attack")[0]
    assert (aoo.actor, aoo.outcome["total"]) == ("blue", 11)
    assert (attack.outcome["weapon"], attack.total("attack bonus").value) == ("unarmed strike", 9)
    assert enc.dice.totals == []
    # an unarmed target provokes nothing, and the armed bystander still gets nothing
    enc = play(
        kit,
        [20, 1, 5, 2],
        red={"weapons": ""},
        blue={"weapons": "", "feats": "Combat Reflexes"},
        more={"blue": green},
        ruleset=ruleset,
    )
    enc.apply(A.Attack("blue"))
    assert not events(enc, "provoked") and len(events(enc, "attack")) == 1
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("attacker", "weapon", "bonus"),
    [
        ({"weapons": "", "feats": "Improved Unarmed Strike"}, "unarmed strike", 9),
        ({"weapons": "", "natural": CLAWS}, "claw", 9),
    ],
    ids=["improved-unarmed-strike", "claws"],
)
def test_armed_unarmed_attacks_do_not_provoke(
    kit: Any, ruleset: str, attacker: dict[str, Any], weapon: str, bonus: int
) -> None:
    """SRD combat-i "'Armed' Unarmed Attacks" and seed 004: a character with Improved
    Unarmed Strike and a creature with natural weapons count as armed, so their unarmed
    attacks on an armed foe provoke nothing (seed 003: a feat is an exception to a
    provoking action)."""
    enc = play(kit, [20, 1, 2], red=attacker, blue={"feats": "Combat Reflexes"}, ruleset=ruleset)
    enc.apply(A.Attack("blue"))
    assert not events(enc, "provoked") and not events(enc, "aoo")
    (attack,) = events(enc, "attack")
    assert (attack.outcome["weapon"], attack.total("attack bonus").value) == (weapon, bonus)
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_natural_weapons_are_armed_against_an_unarmed_attacker(kit: Any, ruleset: str) -> None:
    """seed 004 "'Armed' Unarmed Attacks": being armed counts for defense too: an
    unarmed attack on a clawed creature provokes its AoO (claw +9, roll 2: 11 vs 16)."""
    enc = play(
        kit,
        [20, 1, 2, 2],
        red={"weapons": ""},
        blue={"weapons": "", "natural": CLAWS, "feats": "Combat Reflexes"},
        ruleset=ruleset,
    )
    enc.apply(A.Attack("blue"))
    assert reasons(enc) == ["unarmed attack"]
    (aoo,) = events(enc, "aoo")
    assert (aoo.outcome["weapon"], aoo.outcome["total"]) == ("claw", 11)
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("blue", "threatened", "weapon"),
    [
        ({"weapons": ""}, 0, None),
        ({"weapons": "shortbow"}, 0, None),
        ({"weapons": "", "feats": "Improved Unarmed Strike"}, 9, "unarmed strike"),
        ({"weapons": "shortbow", "feats": "Improved Unarmed Strike"}, 9, "unarmed strike"),
        ({"weapons": "", "natural": CLAWS}, 9, "claw"),
    ],
    ids=["unarmed", "bow-only", "improved-unarmed-strike", "bow-and-fists", "claws"],
)
def test_only_armed_creatures_threaten_and_aoos_are_melee_attacks(
    kit: Any, ruleset: str, blue: dict[str, Any], threatened: int, weapon: str | None
) -> None:
    """seed 003 "Threatened Squares" / seed 002 "Uncommon exceptions" / SRD combat-i
    "Unarmed Attacks": an unarmed creature threatens no square and makes no AoO unless it
    has Improved Unarmed Strike or natural weapons (then the 8 squares around it and
    its own, which it can attack into); seed 004 "Attacks of Opportunity":
    AoOs are made with melee weapons (or armed unarmed attacks), never ranged ones. Red
    leaves b2, next to Blue (Combat Reflexes)."""
    feats = ", ".join(x for x in ("Combat Reflexes", blue.get("feats", "")) if x)
    enc = play(kit, [20, 1, 2], blue={**blue, "feats": feats}, ruleset=ruleset)
    assert len(enc.space.threatened(enc.combatants["blue"])) == threatened
    enc.apply(A.Move(((0, 1),)))
    aoos = events(enc, "aoo")
    assert [e.outcome["weapon"] for e in aoos] == ([weapon] if weapon else [])
    if weapon is None:
        assert enc.dice.totals == [2]  # no attack was rolled
    else:
        assert aoos[0].outcome["total"] == 11 and enc.dice.totals == []


MONK = """
  - at: c2
    build:
      name: Monk
      classes: monk 3
      abilities: {str: 14, dex: 14, con: 12, int: 10, wis: 14, cha: 8}
"""


def test_a_monk_is_armed_unarmed(kit: Any) -> None:
    """SRD combat-i "'Armed' Unarmed Attacks": a monk counts as armed (SRD monk: Improved
    Unarmed Strike at 1st level): its unarmed attack on an armed foe provokes nothing,
    it threatens the squares around it (and its own), and it makes AoOs with its
    unarmed strike (monk 3: +4, roll 2 = 6)."""
    sides = {"red": kit.soldier("Red", "b2", feats="Combat Reflexes"), "blue": MONK}
    enc = kit.scripted_encounter(OPEN, sides, [1, 20, 2, 2])
    monk = enc.combatants["monk"]
    assert enc.current is monk and len(enc.space.threatened(monk)) == 9
    enc.apply(A.Attack("red"))
    assert not events(enc, "provoked")
    assert events(enc, "attack")[0].outcome["weapon"] == "unarmed strike"
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((0, 1),)))  # Red leaves b2
    (aoo,) = events(enc, "aoo")
    assert (aoo.actor, aoo.outcome["weapon"], aoo.outcome["total"]) == ("monk", "unarmed strike", 6)
    assert enc.dice.totals == []


# ---------------------------------------------------------------- how many AoOs
@pytest.mark.parametrize("ruleset", RULESETS)
def test_only_one_attack_of_opportunity_a_round_and_it_may_be_declined(
    kit: Any, ruleset: str
) -> None:
    """seed 002/003 "Attacks of Opportunity", seed 004 "Making an Attack of
    Opportunity": one AoO a round, and the creature need not make it. Blue (no Combat
    Reflexes) acts first; Red and Pink then both leave squares it threatens: only Red's
    departure draws the AoO (roll 2 + 9 = 11). Blue's count starts again on its turn."""
    pink = kit.soldier("Pink", "d2")
    enc = play(kit, [5, 4, 20, 2], more={"red": pink}, ruleset=ruleset)
    blue = enc.combatants["blue"]
    assert enc.order == ["blue", "red", "pink"]
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((0, 1),)))  # Red: b2 -> a2
    enc.apply(A.EndTurn())
    assert enc.space.threatens(blue, enc.combatants["pink"])
    enc.apply(A.Move(((4, 1),)))  # Pink: d2 -> e2
    aoos = events(enc, "aoo")
    assert [(e.target, e.outcome["total"]) for e in aoos] == [("red", 11)]
    assert blue.aoo_used == 1 and enc.dice.totals == []
    enc.apply(A.EndTurn())
    assert enc.round == 2 and enc.current is blue and blue.aoo_used == 0
    # declining: Blue's reaction hook refuses the opportunity
    enc = play(kit, [1, 20], ruleset=ruleset)
    enc.reactions["blue"] = lambda enc, reactor, provoker: False
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((0, 1),)))
    assert not events(enc, "aoo") and enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("dex", "limit"), [(10, 1), (14, 3), (16, 4)])
def test_combat_reflexes_adds_the_dex_modifier_to_the_aoos_a_round(
    kit: Any, ruleset: str, dex: int, limit: int
) -> None:
    """seed 002/003: Combat Reflexes adds the Dex modifier to the number of AoOs a round.
    Four Reds around Blue (d2) each step away with a move action; Blue, Dex ``dex``, makes
    1 + modifier of them, each at its full +9 (roll 2: 11 vs AC 16)."""
    reds = [("Ra", "c1", (1, 0)), ("Rb", "e1", (5, 0)), ("Rc", "c3", (1, 2)), ("Rd", "e3", (5, 2))]
    sides = {
        "red": "".join(kit.soldier(name, at) for name, at, _ in reds),
        "blue": kit.soldier("Blue", "d2", dex=dex, feats="Combat Reflexes"),
    }
    rolls = [20, 19, 18, 17, 1] + [2] * limit
    enc = kit.scripted_encounter(OPEN, sides, rolls, ruleset=ruleset)
    for name, _, to in reds:
        assert enc.current.id == name.lower()
        enc.apply(A.Move((to,)))
        enc.apply(A.EndTurn())
    aoos = events(enc, "aoo")
    assert [e.target for e in aoos] == ["ra", "rb", "rc", "rd"][:limit]
    assert {e.outcome["total"] for e in aoos} == {11}
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_same_foe_provoking_twice_offers_two_attacks(kit: Any, ruleset: str) -> None:
    """seed 003 "Combat Reflexes and Additional Attacks of Opportunity": two distinct
    opportunities from the same opponent allow two AoOs (seed 002: only then). Red drops
    prone (free), stands up (a move action that provokes) and moves off (movement
    provokes): Blue, Combat Reflexes with Dex 12 (2 a round), attacks twice: against the
    prone Red, 11 vs AC 12 (prone: -4 against melee), then 11 vs AC 16."""
    enc = play(kit, [20, 1, 2, 2], blue={"feats": "Combat Reflexes"}, ruleset=ruleset)
    enc.apply(A.DropProne())
    enc.apply(A.StandUp())
    enc.apply(A.Move(((0, 1),)))
    assert reasons(enc) == ["standing up", "moving out of b2"]
    aoos = events(enc, "aoo")
    assert [(e.outcome["total"], e.total("armor class").value) for e in aoos] == [
        (11, 12),
        (11, 16),
    ]
    assert enc.dice.totals == []
    # without Combat Reflexes (Blue acts first, so it is not flat-footed): one only
    enc = play(kit, [1, 20, 2], ruleset=ruleset)
    enc.apply(A.EndTurn())
    enc.apply(A.DropProne())
    enc.apply(A.StandUp())
    enc.apply(A.Move(((0, 1),)))
    assert reasons(enc) == ["standing up"] and enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_aoo_uses_the_full_bonus_even_after_a_full_attack(kit: Any, ruleset: str) -> None:
    """seed 003 / seed 004 "Making an Attack of Opportunity": the AoO is made at the
    normal attack bonus even if the creature already attacked this round. Blue full-attacks
    at +9/+4 (rolls 2 and 2: misses), then Red leaves: Blue's AoO is at +9."""
    enc = play(kit, [1, 20, 2, 2, 2], ruleset=ruleset)
    enc.apply(A.Attack("red"))
    enc.apply(A.Attack("red"))  # the second attack commits Blue to the full attack
    assert enc.budget.committed
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((0, 1),)))
    assert [e.total("attack bonus").value for e in events(enc, "attack")] == [9, 4]
    (aoo,) = events(enc, "aoo")
    assert aoo.total("attack bonus").value == 9 and aoo.outcome["total"] == 11
    assert enc.dice.totals == []


# ---------------------------------------------------------------- actions that provoke
@pytest.mark.parametrize("ruleset", RULESETS)
def test_standing_up_is_a_move_action_that_provokes(kit: Any, ruleset: str) -> None:
    """seed 002 "Move Actions" / SRD Table: Actions in Combat "Stand up from prone" /
    seed 004 "Standing Up": a move action that provokes from threatening opponents. The
    AoO strikes the still-prone Red: roll 10 + 9 = 19 vs AC 12 hits for 1d8+3 = 7."""
    enc = play(kit, [20, 1, 10, 7], blue={"feats": "Combat Reflexes"}, ruleset=ruleset)
    red = enc.combatants["red"]
    enc.apply(A.DropProne())
    enc.apply(A.StandUp())
    assert reasons(enc) == ["standing up"]
    (aoo,) = events(enc, "aoo")
    assert (aoo.outcome["total"], aoo.total("armor class").value) == (19, 12)
    assert red.vitals.hp == red.vitals.max_hp - 7
    assert not red.has("prone")
    assert not enc.budget.move and enc.budget.standard  # the move action is spent
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_sheathing_a_weapon_is_a_move_action_that_provokes(kit: Any, ruleset: str) -> None:
    """SRD Table: Actions in Combat "Sheathe a weapon": move, provokes (seed 002 "Move
    Actions"; seed 004 "Manipulating Objects": holstering is a move action). Blue's AoO
    rolls 2: 11 vs AC 16."""
    enc = play(kit, [20, 1, 2], blue={"feats": "Combat Reflexes"}, ruleset=ruleset)
    enc.apply(A.Sheathe("longsword"))
    assert reasons(enc) == ["sheathing a weapon"]
    assert events(enc, "aoo")[0].outcome["total"] == 11
    assert enc.combatants["red"].wielding == () and enc.items == []  # put away, not dropped
    assert not enc.budget.move and enc.budget.standard
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_crawling_provokes_at_every_point_of_the_crawl(kit: Any, ruleset: str) -> None:
    """seed 002 "Crawl 5 feet" / SRD combat-i "Crawling": a move action that provokes
    from any attacker threatening the crawler at any point of the crawl, not only when it
    leaves a threatened square (so not once a round like other movement). Prone Red
    crawls b2 -> b1 -> a1 beside Blue (c2; Combat Reflexes, Dex 14: 3 a round): each crawl
    provokes (rolls 2: 11 vs prone AC 12, misses)."""
    enc = play(kit, [20, 1, 2, 2], blue={"dex": 14, "feats": "Combat Reflexes"}, ruleset=ruleset)
    enc.apply(A.DropProne())
    enc.apply(A.Crawl((1, 0)))
    assert not enc.budget.move and enc.budget.standard  # a move action
    enc.apply(A.Crawl((0, 0)))  # the second move action, in place of the standard one
    assert reasons(enc) == ["crawling", "crawling"]
    assert enc.combatants["red"].pos == (0, 0) and enc.dice.totals == []
    # crawling into a threatened square provokes too: a2 -> b2 next to Blue (roll 2)
    enc = play(kit, [20, 1, 2], red_at="a2", blue={"feats": "Combat Reflexes"}, ruleset=ruleset)
    blue = enc.combatants["blue"]
    assert not enc.space.threatens(blue, enc.combatants["red"])
    enc.apply(A.DropProne())
    enc.apply(A.Crawl((1, 1)))
    assert reasons(enc) == ["crawling"] and enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_drop_and_drop_prone_are_free_actions_that_do_not_provoke(kit: Any, ruleset: str) -> None:
    """seed 002 "Free Actions" / SRD combat-i "Drop an Item", "Drop Prone" / seed 004
    "Free Action": dropping an item (into the creature's own square) and dropping prone
    are free and taken alongside other actions; neither provokes. Picking the item up
    again (SRD Table: Actions in Combat) is a move action that provokes: roll 2 + 9 = 11
    vs the prone Red's AC 12 misses."""
    enc = play(kit, [20, 1, 2, 2], blue={"feats": "Combat Reflexes"}, ruleset=ruleset)
    red = enc.combatants["red"]
    enc.apply(A.Attack("blue"))  # the standard action: 2 + 9 = 11 misses
    enc.apply(A.Drop("longsword"))
    enc.apply(A.DropProne())
    assert not events(enc, "provoked")
    assert enc.items == [((1, 1), "longsword")] and red.wielding == ()
    assert red.has("prone") and enc.current is red and enc.budget.move  # nothing spent
    enc.apply(A.PickUp("longsword"))
    assert reasons(enc) == ["picking up an item"]
    assert red.wielding == ("longsword",) and enc.items == []
    assert not enc.budget.move and not enc.budget.standard
    assert enc.dice.totals == []


def test_an_item_may_be_dropped_into_an_adjacent_square(kit: Any) -> None:
    """SRD Table: Actions in Combat, "Drop an item": into the creature's own square or
    an adjacent one, a free action. Red at b2 drops its longsword at a1; it may be
    picked up again from next to it; a square two away, or a wall, is refused."""
    rows = """
    .......
    .......
    #......
    """
    enc = kit.duel([20, 1], rows=rows, blue_at="f2")
    red = enc.combatants["red"]
    assert A.Drop("longsword", (0, 0)) in enc.legal_actions()
    assert A.Drop("longsword", (0, 2)) not in enc.legal_actions()  # a wall
    for bad in ("drop longsword at d2", "drop longsword at a3"):
        with pytest.raises(IllegalActionError, match="next to it"):
            enc.apply(A.parse_action(bad))
    action = A.parse_action("drop longsword at a1")
    assert action == A.Drop("longsword", (0, 0)) and str(action) == "drop longsword at a1"
    enc.apply(action)
    assert enc.items == [((0, 0), "longsword")] and red.wielding == ()
    assert events(enc, "drop")[0].outcome["at"] == "a1"
    assert enc.budget.move and enc.budget.standard  # a free action
    enc.apply(A.PickUp("longsword"))  # from the square next to it
    assert red.wielding == ("longsword",) and enc.items == []


@pytest.mark.parametrize(
    ("ruleset", "provokes"), [("srd35", True), ("advanced", True), ("d20modern", False)]
)
def test_manipulating_objects_is_a_move_action(kit: Any, ruleset: str, provokes: bool) -> None:
    """seed 004 "Manipulating Objects": drawing a weapon, picking up an object and
    opening a door are move actions. Drawing provokes nothing (SRD Table: Actions in
    Combat), picking up provokes; opening a door provokes in srd35 and advanced (seed
    002 "Open or close a door (AoO)") but not in d20modern (the SRD table, D35)."""
    rows = """
    .+.....
    .......
    .......
    """
    rolls = [20, 1, 2] + ([2] if provokes else [])
    enc = play(
        kit,
        rolls,
        rows=rows,
        red={"weapons": "longsword, dagger"},
        blue={"feats": "Combat Reflexes"},
        ruleset=ruleset,
    )
    red = enc.combatants["red"]
    enc.apply(A.Drop("longsword"))  # free: it falls to the ground
    enc.apply(A.Draw("dagger"))
    assert red.wielding == ("dagger",) and enc.items == [((1, 1), "longsword")]
    assert not events(enc, "provoked")
    assert not enc.budget.move and enc.budget.standard
    enc.apply(A.PickUp("longsword"))  # the second move action, in place of the standard
    assert reasons(enc) == ["picking up an item"] and not enc.budget.standard
    enc.apply(A.EndTurn())
    enc.apply(A.EndTurn())  # Blue
    enc.apply(A.OpenDoor((1, 0)))
    assert reasons(enc)[1:] == (["opening a door"] if provokes else [])
    assert not enc.budget.move and enc.budget.standard
    assert enc.opened_doors == [(1, 0)]
    assert enc.dice.totals == []


# ---------------------------------------------------------------- actions that do not
@pytest.mark.parametrize("ruleset", ["srd35", "advanced"])
def test_ready_total_defense_delay_and_draw_do_not_provoke(kit: Any, ruleset: str) -> None:
    """SRD Table: Actions in Combat: Ready (standard), Total defense (standard), Draw a
    weapon (move) and Delay (no action) provoke no AoO; seed 002 "Standard Actions"."""
    blue = {"feats": "Combat Reflexes"}
    played = []
    enc = play(kit, [20, 1], blue=blue, ruleset=ruleset)
    enc.apply(A.Ready())
    assert not enc.budget.standard and enc.budget.move
    assert enc.combatants["red"].readied == ("enters-reach", None)
    played.append(enc)
    enc = play(kit, [20, 1], blue=blue, ruleset=ruleset)
    enc.apply(A.TotalDefense())
    assert not enc.budget.standard and enc.budget.move
    assert enc.combatants["red"].has("total-defense")
    played.append(enc)
    enc = play(kit, [20, 1], red={"weapons": "longsword, dagger"}, blue=blue, ruleset=ruleset)
    enc.apply(A.Draw("dagger"))
    assert not enc.budget.move and enc.budget.standard
    played.append(enc)
    enc = play(kit, [20, 1], blue=blue, ruleset=ruleset)
    enc.apply(A.Delay("blue"))
    assert enc.order == ["blue", "red"] and enc.current.id == "blue"
    played.append(enc)
    for enc in played:
        assert enc.space.threatens(enc.combatants["blue"], enc.combatants["red"])
        assert not events(enc, "provoked") and enc.dice.totals == []


@pytest.mark.parametrize("ruleset", ["srd35", "advanced"])
def test_starting_a_full_round_action_is_a_standard_action_that_does_not_provoke(
    kit: Any, ruleset: str
) -> None:
    """seed 002 "Standard Actions" / SRD combat-i "Start/Complete Full-Round Action":
    a creature limited to one action (here, in the surprise round) starts a full-round
    action with a standard action, without provoking, and completes it next turn. The
    action is the SRD's 5-ft move through terrain too costly for its speed: Red (speed
    5 ft, no armor: AC 11) into difficult a2 (10 ft). Completing it moves Red out of b2,
    which provokes as movement: Blue's AoO rolls a natural 1 (10: a miss). Completing
    it takes another standard action."""
    rows = """
    .......
    ,......
    .......
    """
    enc = play(
        kit,
        [20, 1, 1],
        rows=rows,
        red={"armor": None, "land": 5},
        blue={"feats": "Combat Reflexes"},
        awareness={"blue": "unaware"},
        ruleset=ruleset,
    )
    red = enc.combatants["red"]
    assert enc.round == 0 and enc.budget.single
    assert A.StartFullRound((0, 1)) in enc.legal_actions()
    enc.apply(A.StartFullRound((0, 1)))
    assert not events(enc, "provoked") and red.pos == (1, 1)
    assert not enc.budget.standard and red.pending_full_round == (0, 1)
    enc.apply(A.EndTurn())
    assert enc.round == 1 and enc.current is red
    with pytest.raises(IllegalActionError, match="complete the full-round action"):
        enc.apply(A.Move(((1, 0),)))
    enc.apply(A.Move(((0, 1),)))
    assert red.pos == (0, 1) and red.pending_full_round is None
    assert not enc.budget.standard and enc.budget.move  # completed with a standard action
    assert reasons(enc) == ["moving out of b2"]
    assert events(enc, "aoo")[0].outcome["total"] == 10 and enc.dice.totals == []


@pytest.mark.parametrize(("ruleset", "limit"), [("srd35", 20), ("advanced", 20), ("d20modern", 40)])
def test_withdraw_distance(kit: Any, ruleset: str, limit: int) -> None:
    """seed 002 "Attacks of Opportunity": a withdraw is a "full-round normal speed move"
    (srd35 and advanced, D34); seed 004 "Withdraw": up to twice the speed (d20modern).
    Red's speed is 20 ft (chainmail)."""
    rows = "\n".join(["." * 12] * 3)
    squares = limit // 5
    enc = play(kit, [20, 1], red_at="b2", blue_at="a2", rows=rows, ruleset=ruleset)
    assert enc.space.speed(enc.combatants["red"]) == 20
    too_far = tuple((x, 1) for x in range(2, 2 + squares + 1))
    with pytest.raises(IllegalActionError, match=f"withdrawing allows {limit} ft"):
        enc.apply(A.Withdraw(too_far))
    enc.apply(A.Withdraw(too_far[:-1]))
    assert enc.combatants["red"].pos == (1 + squares, 1) and enc.budget.full_round


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_run_is_a_full_round_action_whose_movement_provokes(kit: Any, ruleset: str) -> None:
    """SRD Table: Actions in Combat "Run": full-round, provokes (its movement out of a
    threatened square, once). Red runs 20 ft from b2, beside Blue (a2); Blue's AoO rolls 2:
    11 vs AC 15 (a runner loses its Dex bonus) misses. Nothing else is left to do."""
    rows = "\n".join(["." * 10] * 3)
    enc = play(
        kit, [20, 1, 2], rows=rows, blue_at="a2", blue={"feats": "Combat Reflexes"}, ruleset=ruleset
    )
    enc.apply(A.Run(((2, 1), (3, 1), (4, 1), (5, 1))))
    assert reasons(enc) == ["moving out of b2"]
    (aoo,) = events(enc, "aoo")
    assert (aoo.outcome["total"], aoo.total("armor class").value) == (11, 15)
    assert enc.budget.full_round and not enc.budget.move and not enc.budget.standard
    with pytest.raises(IllegalActionError):
        enc.apply(A.Move(((6, 1),)))
    assert enc.dice.totals == []


@pytest.mark.parametrize("ruleset", ["srd35", "advanced"])
def test_a_charge_takes_the_full_round_and_does_not_provoke_by_itself(
    kit: Any, ruleset: str
) -> None:
    """SRD Table: Actions in Combat "Charge": a full-round action that provokes no AoO
    for the action itself. Red charges from a2 (threatened by nobody) to e2 beside Blue
    (Combat Reflexes): +11 (roll 2: 13 vs 16, a miss); then no move and no attack."""
    enc = play(
        kit,
        [20, 1, 2],
        red_at="a2",
        blue_at="f2",
        blue={"feats": "Combat Reflexes"},
        ruleset=ruleset,
    )
    enc.apply(A.Charge("blue", (4, 1)))
    assert not events(enc, "provoked")
    (attack,) = events(enc, "attack")
    assert attack.outcome["total"] == 13
    assert enc.budget.full_round and not enc.budget.move and not enc.budget.standard
    with pytest.raises(IllegalActionError):
        enc.apply(A.Move(((3, 1),)))
    with pytest.raises(IllegalActionError):
        enc.apply(A.Attack("blue"))
    assert enc.dice.totals == []


# ---------------------------------------------------------------- cover and concealment
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_aoo_against_a_totally_concealed_creature(kit: Any, ruleset: str) -> None:
    """seed 002 "Uncommon exceptions": a character with total concealment typically does
    not provoke; seed 003 "Total Concealment": no AoO against a totally concealed
    opponent even if its square is known. Red stands in darkness (b2) beside Blue (no
    darkvision) and walks off: no AoO; on lit ground the same move draws one (roll 2)."""
    dark = """
    .......
    .D.....
    .......
    """
    blue = {"feats": "Combat Reflexes"}
    enc = play(kit, [20, 1], rows=dark, blue=blue, ruleset=ruleset)
    red, blue_c = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.threatens(blue_c, red)
    assert enc.space.concealment(blue_c, red, melee=True) == 50
    enc.apply(A.Move(((0, 1),)))
    assert not events(enc, "provoked") and red.pos == (0, 1)
    enc = play(kit, [20, 1, 2], blue=blue, ruleset=ruleset)
    enc.apply(A.Move(((0, 1),)))
    assert reasons(enc) == ["moving out of b2"] and enc.dice.totals == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_aoo_against_a_creature_with_cover(kit: Any, ruleset: str) -> None:
    """seed 003 "Cover": you can't make an AoO against an opponent with cover relative
    to you. (1) Blue (a2) and Red (b1) are diagonal neighbours around a wall corner
    (a1): a line between their squares crosses the wall, so Red has cover. (2) Blue's
    longspear reaches Red two squares away past Red's ally Pink: soft cover (non-adjacent
    melee uses the ranged rules). Each time, Red walks off unharmed; without the wall,
    or without Pink, the same move provokes (roll 2)."""
    blue = {"feats": "Combat Reflexes"}
    corner = """
    #......
    .......
    .......
    """
    enc = play(kit, [20, 1], rows=corner, red_at="b1", blue_at="a2", blue=blue, ruleset=ruleset)
    red, blue_c = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.threatens(blue_c, red) and enc.space.cover_bonus(blue_c, red, melee=True) == 4
    enc.apply(A.Move(((2, 0),)))
    assert not events(enc, "provoked") and red.pos == (2, 0)
    enc = play(kit, [20, 1, 2], red_at="b1", blue_at="a2", blue=blue, ruleset=ruleset)
    enc.apply(A.Move(((2, 0),)))
    assert reasons(enc) == ["moving out of b1"] and enc.dice.totals == []

    spear = {"weapons": "longspear", "feats": "Combat Reflexes"}
    pink = kit.soldier("Pink", "b2")
    enc = play(
        kit, [20, 15, 1], red_at="c2", blue_at="a2", blue=spear, more={"red": pink}, ruleset=ruleset
    )
    red, blue_c = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.threatens(blue_c, red) and enc.space.cover_bonus(blue_c, red, melee=True) == 4
    enc.apply(A.Move(((3, 1),)))
    assert not events(enc, "provoked") and red.pos == (3, 1)
    enc = play(kit, [20, 1, 2], red_at="c2", blue_at="a2", blue=spear, ruleset=ruleset)
    enc.apply(A.Move(((3, 1),)))
    assert reasons(enc) == ["moving out of c2"] and enc.dice.totals == []


def test_a_target_with_total_cover_cannot_be_attacked(kit: Any) -> None:
    """seed 003 "Total Cover": without line of effect the target has total cover and
    can't be attacked. A wall stands between Red's shortbow and Blue."""
    rows = """
    ..#....
    ..#....
    ..#....
    """
    enc = play(kit, [20, 1], red={"weapons": "shortbow"}, red_at="a2", blue_at="e2", rows=rows)
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.cover_bonus(red, blue, melee=False) == -1  # total cover
    with pytest.raises(IllegalActionError, match="total cover"):
        enc.apply(A.Attack("blue", "shortbow"))
    assert not [a for a in enc.legal_actions() if isinstance(a, A.Attack)]
    enc = play(kit, [20, 1, 2], red={"weapons": "shortbow"}, red_at="a2", blue_at="e2")
    enc.apply(A.Attack("blue", "shortbow"))  # on open ground the shot is allowed
    assert len(events(enc, "attack")) == 1 and enc.dice.totals == []


# ---------------------------------------------------------------- inaction
def test_a_creature_that_cannot_act_keeps_its_initiative(kit: Any) -> None:
    """seed 003 "Inaction": a creature that can't act keeps its initiative for the rest
    of the encounter. Blue (second in the order) is dazed through its turn of round 1:
    the turn passes; in round 2 it acts again in the same place."""
    green = kit.soldier("Green", "g1")
    enc = play(kit, [20, 10, 1], red_at="a3", blue_at="g3", more={"blue": green})
    assert enc.order == ["red", "blue", "green"]
    blue = enc.combatants["blue"]
    before = {c.id: c.initiative for c in enc.combatants.values()}
    blue.conditions["dazed"] = Condition("blue", 2)  # ends at the start of its 2nd turn
    enc.space.invalidate(blue)
    enc.apply(A.EndTurn())  # Red
    assert enc.current.id == "green"  # Blue's turn passed
    assert [e.actor for e in events(enc, "no-action")] == ["blue"]
    enc.apply(A.EndTurn())  # Green
    enc.apply(A.EndTurn())  # Red, round 2
    assert enc.round == 2 and enc.current is blue and not blue.has("dazed")
    assert enc.order == ["red", "blue", "green"]
    assert {c.id: c.initiative for c in enc.combatants.values()} == before


def test_combat_martial_arts_makes_unarmed_attacks_armed(kit: Any) -> None:
    """Seed 004 "'Armed' Unarmed Attacks": "The Combat Martial Arts feat makes a
    character's unarmed attacks count as armed" (A191). Unarmed Red with the feat
    attacks the armed Blue: no attack of opportunity first (its unarmed strike +9, roll
    5: 14 misses AC 16); Red threatens the squares around it; when Blue walks away
    (Red has Combat Reflexes: Blue's leaving provokes), Red's AoO is its unarmed strike
    (roll 2: 11, a miss)."""
    feats = "\n  firearm_feats: [combat martial arts]"
    enc = play(
        kit,
        [20, 1, 5, 2],
        red={"weapons": "", "feats": "Combat Reflexes", "armor": "chainmail" + feats},
        ruleset="d20modern",
    )
    red = enc.combatants["red"]
    assert len(enc.space.threatened(red)) == 9
    enc.apply(A.Attack("blue"))
    assert not events(enc, "provoked")
    assert events(enc, "attack")[0].outcome["total"] == 14
    enc.apply(A.EndTurn())
    enc.apply(A.Move(((3, 1),)))
    (aoo,) = events(enc, "aoo")
    assert (aoo.actor, aoo.outcome["weapon"], aoo.outcome["total"]) == ("red", "unarmed strike", 11)
    assert enc.dice.totals == []


@pytest.mark.parametrize(("ruleset", "allowed"), [("srd35", True), ("advanced", False)])
def test_who_may_strike_to_kill_unarmed(kit: Any, ruleset: str, allowed: bool) -> None:
    """Seed 001 "Dealing subdual damage": "A monk (or any creature with the Unarmed
    Combat feat) can choose whether to deal subdual damage or lethal damage with an
    unarmed strike" (the ruleset's ``unarmed_lethal``, D91; the feat read as Improved
    Unarmed Strike, A192); srd35 lets anyone, at -4 (SRD combat-i). Unarmed Red without
    the feat: a lethal blow is refused in advanced and not listed; in srd35 it is made
    at +9 - 4 = +5 (roll 5: 10, a miss; Blue, flat-footed, takes no AoO). With Improved
    Unarmed Strike, advanced allows it at no penalty (roll 5: 14, a miss)."""
    enc = play(kit, [20, 1, 5], red={"weapons": ""}, ruleset=ruleset)
    listed = [str(a) for a in enc.legal_actions()]
    assert ("attack blue with unarmed strike lethal" in listed) == allowed
    if not allowed:
        with pytest.raises(IllegalActionError, match="only a monk or a creature with Improved"):
            enc.apply(A.parse_action("attack blue lethal"))
        enc = play(
            kit,
            [20, 1, 5],
            red={"weapons": "", "feats": "Improved Unarmed Strike"},
            ruleset=ruleset,
        )
        enc.apply(A.parse_action("attack blue lethal"))
        assert events(enc, "attack")[0].outcome["total"] == 14
        return
    enc.apply(A.parse_action("attack blue lethal"))
    assert events(enc, "attack")[0].outcome["total"] == 10
    assert enc.dice.totals == []
