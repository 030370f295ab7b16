"""The degrees of cover per ruleset, cover in melee and at range, and the cover
Reflex bonus against a burst, played on small maps (scripted dice where rolls count).

Sources are cited on each test: seed 003 "Cover", "Varying Degrees of Cover", "Soft
Cover"; seed 004 "Cover", "Degree of Cover", "Cover Defense Bonus", "Cover Reflex Save
Bonus"; seed 001 "Cover".
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.content.rulesets import ruleset
from d20combat.encounter.actions import parse_action
from d20combat.encounter.fighting import build_attack
from d20combat.grid.cover import COVER_SOURCES, CoverKind, burst_cover

LOW_WALL = "A.=T"
PEEK = """
A.....
......
...###
...###
....T.
"""
SLIT = "A.!.T"


def duel(kit: Any, rows: str, rules: str) -> Any:
    """Red at the map's A, Blue at its T (the letters become floor)."""
    lines = [r.strip() for r in rows.strip().splitlines()]
    where = {}
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch in "AT":
                where[ch] = "abcdefghijklmnopqrstuvwxyz"[x] + str(y + 1)
    clean = "\n".join(r.replace("A", ".").replace("T", ".") for r in lines)
    sides = {"red": kit.soldier("Red", where["A"]), "blue": kit.soldier("Blue", where["T"])}
    return kit.scripted_encounter(clean, sides, [20, 1], ruleset=rules)


@pytest.mark.parametrize(
    ("rows", "srd35", "d20modern"),
    [(LOW_WALL, 4, 2), (PEEK, 8, 7), (SLIT, 8, 10)],
)
def test_each_ruleset_rates_the_cover_by_its_degree(
    kit: Any, rows: str, srd35: int, d20modern: int
) -> None:
    """seed 004 "Degree of Cover": "If the bottom half of a character's body is covered,
    that only gives one-quarter cover" (a low wall: +2 Defense under A09's table);
    peeking around a corner is three-quarters (+7), an arrow slit nine-tenths (+10);
    seed 003: cover +4, improved cover +8 (D95, A200). seed 001's table is missing:
    advanced takes srd35's values."""
    got = {}
    for rules in ("srd35", "d20modern", "advanced"):
        enc = duel(kit, rows, rules)
        red, blue = enc.combatants["red"], enc.combatants["blue"]
        got[rules] = enc.space.cover_bonus(red, blue, melee=False)
    assert got == {"srd35": srd35, "d20modern": d20modern, "advanced": srd35}


def test_the_cover_modifier_is_the_defense_bonus_of_the_degree(kit: Any) -> None:
    """seed 004 "Cover Defense Bonus": "Add the relevant number to the character's
    Defense": Blue behind the low wall, one-quarter cover, +2 cover Defense against
    Red's longsword (at 15 ft the ranged cover test: seed 003), of the cover type
    (which does not stack with another cover: A200)."""
    enc = duel(kit, LOW_WALL, "d20modern")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    option = red.ready_options()[0]
    attack, _ = build_attack(enc, red, option, option.bonus, blue)
    parts = [p.modifier for p in attack.ac.parts if p.modifier.source == "cover"]
    assert [(m.value, m.type.value) for m in parts] == [(2, "cover")]


def test_melee_cover_is_mutual_and_ranged_cover_need_not_be(kit: Any) -> None:
    """seed 004 "Cover": "In a melee, if a character has cover against an opponent,
    that opponent probably has cover against the character, too. With ranged weapons,
    however, it's easy to have better cover than the opponent." Diagonal neighbours
    around a wall corner cover each other in melee (+4 both ways); at range, the
    soldier hugging a low wall (T) has cover from the archer 20 ft beyond it, who has
    none from it (an attacker closer to a low obstacle ignores it: seed 003)."""
    corner = """
    A#.
    .T.
    """
    enc = duel(kit, corner, "d20modern")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.cover_bonus(red, blue, melee=True) == 4
    assert enc.space.cover_bonus(blue, red, melee=True) == 4
    enc = duel(kit, "T=...A", "d20modern")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert enc.space.cover_bonus(red, blue, melee=False) == 2
    assert enc.space.cover_bonus(blue, red, melee=False) == 0


def test_every_grid_cover_has_a_degree_in_every_ruleset() -> None:
    """The grid's kinds of cover (grid.cover.COVER_SOURCES) are the keys of every
    ruleset's cover_bonuses; soft cover never gives a Reflex bonus (seed 003 "Soft
    Cover")."""
    for name in ("srd35", "d20modern", "advanced"):
        table = ruleset(name).cover_bonuses
        assert set(table) == set(COVER_SOURCES.values())
        assert table["soft"][1] == 0


BURST_FIELD = """
.........
.........
....=....
.........
.........
.........
"""


def test_a_burst_from_the_far_side_of_cover_gives_its_reflex_bonus(kit: Any) -> None:
    """seed 004 "Cover Reflex Save Bonus": "This bonus only applies to attacks that
    originate or burst out from a point on the other side of the cover" (A200). Red at
    a1 throws a fragmentation grenade at c2 (within one increment: no roll); the d4's 3
    puts the burst at c2+d3. Blue at f3 lies beyond the low wall at e3 from that point:
    one-quarter cover, +1 Reflex under d20modern (+2 under srd35's data). Red, with
    nothing between, has none. 4d6 rolls 14; Red saves 12 + 3 = 15 (DC 15); Blue's 11 + 3
    + 1 = 15 saves too (it would fail without the wall): 7 each."""
    sides = {
        "red": kit.soldier(
            "Red", "a1", weapons="{weapon: fragmentation grenade, quantity: 3}, longsword"
        ),
        "blue": kit.soldier("Blue", "f3"),
    }
    enc = kit.scripted_encounter(BURST_FIELD, sides, [20, 1, 3, 14, 12, 11], ruleset="d20modern")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    point = (3, 2)
    assert burst_cover(enc.map, point, blue.pos).kind is CoverKind.COVER
    assert enc.space.burst_cover_reflex(point, blue) == 1
    assert enc.space.burst_cover_reflex(point, red) == 0
    srd = kit.scripted_encounter(BURST_FIELD, sides, [20, 1])
    assert srd.space.burst_cover_reflex(point, srd.combatants["blue"]) == 2
    before = blue.vitals.hp
    enc.apply(parse_action("throw-explosive fragmentation grenade at c2"))
    (e,) = [e for e in enc.log if e.type == "explosive"]
    assert e.outcome["bursts_at"] == "c2+d3"
    assert e.outcome["saves"] == [
        {"id": "red", "natural": 12, "total": 15, "saved": True},
        {"id": "blue", "natural": 11, "total": 15, "saved": True},
    ]
    assert before - blue.vitals.hp == 7
