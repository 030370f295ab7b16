"""Aid another in play, step by step with scripted dice (seed 000 "Aid Another"; seed
002 "Aid Another"; seed 004 "Aid Another"; SRD combat-ii "Aid Another"; D40, A15).

The kit's soldiers: Str 16, Dex 12, BAB +6, longsword +9/+4 (1d8+3), chainmail AC 16.
Red aids Pal (at c3), both next to Blue (c2), who threatens Pal. Initiative rolls come
first, in scenario order; scripted dice give an attack roll's natural d20. Blue is
marked as having acted, so that it is not flat-footed (seed 003) and may make attacks
of opportunity.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import AidAnother, parse_action
from d20combat.encounter.fighting import edges
from d20combat.errors import IllegalActionError
from d20combat.rules.modifiers import BonusType

OPEN = """
.......
.......
.......
"""


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def apply(enc: Any, *texts: str) -> None:
    for text in texts:
        enc.apply(parse_action(text))


def trio(kit: Any, rolls: list[int], *, rules: str = "srd35", red: str = "longsword") -> Any:
    sides = {
        "red": kit.soldier("Red", "b2", weapons=red) + kit.soldier("Pal", "c3"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, rolls, ruleset=rules)
    enc.combatants["blue"].acted = True
    return enc


def aid_parts(total: Any) -> list[tuple[int, BonusType, str]]:
    return [(m.value, m.type, m.source) for m in total.counted() if "aid" in m.source]


def test_aid_gives_the_friends_next_attack_roll_two(kit: Any) -> None:
    # Red's roll 2 + 9 = 11 reaches AC 10: Pal's next attack roll against Blue gets an
    # untyped +2 (seed 000): 9 + 2 = 11 (roll 10: 21 hits, 1d8+3 for 7). Its second
    # attack (+4) gets nothing: the aid was for one roll.
    enc = trio(kit, [20, 15, 10, 2, 10, 7, 3])
    apply(enc, "aid pal against blue attack")
    aid = events(enc, "aid")[0]
    assert (aid.outcome["result"], aid.outcome["total"], aid.outcome["friend"]) == (
        "aided",
        11,
        "pal",
    )
    assert aid.total("armor class").value == 10 and aid.rule.startswith("seed 000 Aid Another")
    pal = enc.combatants["pal"]
    assert [e.as_tuple() for e in pal.effects] == [("aid-attack", "blue", "red", "red", 1, False)]
    apply(enc, "end", "attack blue", "attack blue")
    first, second = events(enc, "attack")
    assert first.total("attack bonus").value == 11 and first.outcome["aided"] == ["red"]
    assert aid_parts(first.total("attack bonus")) == [(2, BonusType.UNTYPED, "aid another (red)")]
    assert second.total("attack bonus").value == 4 and "aided" not in second.outcome
    assert pal.effects == []


def test_unused_aid_ends_at_the_start_of_the_aiders_next_turn(kit: Any) -> None:
    enc = trio(kit, [20, 15, 10, 2])
    apply(enc, "aid pal against blue attack", "end", "end", "end")  # Red, Pal, Blue
    assert enc.current is not None and enc.current.id == "red"
    ends = events(enc, "effect-ends")
    assert [(e.actor, e.target, e.outcome["effect"], e.outcome["by"]) for e in ends] == [
        ("pal", "blue", "aid-attack", "red")
    ]
    assert enc.combatants["pal"].effects == [] and not enc.timed_by.get("red")


def test_aid_to_ac_meets_the_opponents_next_attack_only(kit: Any) -> None:
    # +2 AC against Blue's next attack: Blue's full attack on Pal meets AC 18, then 16.
    enc = trio(kit, [20, 15, 10, 12, 5, 3])
    apply(enc, "aid pal against blue defense", "end", "end", "attack pal", "attack pal")
    first, second = events(enc, "attack")
    assert first.total("armor class").value == 18 and first.outcome["aided_defense"] == ["red"]
    assert second.total("armor class").value == 16
    assert enc.combatants["pal"].effects == []


def test_several_aiders_stack(kit: Any) -> None:
    # Red (b2) and Cyan (d2) both aid Pal: +4 on its next roll (two sources, both
    # untyped). Red and Cyan flank Blue: +2 on their own rolls (11 + 2 + 2 = 15).
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Cyan", "d2") + kit.soldier("Pal", "c3"),
        "blue": kit.soldier("Blue", "c2"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 18, 15, 10, 4, 4, 11, 5])
    enc.combatants["blue"].acted = True
    apply(enc, "aid pal against blue attack", "end", "aid pal against blue attack", "end")
    assert [e.outcome["total"] for e in events(enc, "aid")] == [15, 15]
    apply(enc, "attack blue")
    attack = events(enc, "attack")[0]
    assert attack.total("attack bonus").value == 13
    assert sorted(attack.outcome["aided"]) == ["cyan", "red"]


def test_a_natural_one_misses_even_ac_10(kit: Any) -> None:
    enc = trio(kit, [20, 15, 10, 1])
    apply(enc, "aid pal against blue attack")
    assert events(enc, "aid")[0].outcome["result"] == "missed"
    assert enc.combatants["pal"].effects == []


def test_d20modern_aid_lasts_through_the_friends_next_turn(kit: Any) -> None:
    # seed 004: a +2 circumstance bonus "on the friend's next turn" (A15): not on an
    # attack Pal makes before that turn, on both attacks of its full attack in it; it
    # ends when that turn ends. Initiative: Red 20, Pal 10, Blue 15.
    enc = trio(kit, [20, 10, 15, 2, 10, 7, 10, 7], rules="d20modern")
    apply(enc, "aid pal against blue attack", "end")
    pal, blue = enc.combatants["pal"], enc.combatants["blue"]
    assert [e.as_tuple() for e in pal.effects] == [("aid-attack", "blue", "red", "pal", 1, True)]
    assert edges(enc, pal, blue, ranged=False) == ((), (), False)  # Blue's turn: not yet
    apply(enc, "end")  # Blue ends; Pal's turn
    apply(enc, "attack blue", "attack blue")
    first, second = events(enc, "attack")
    assert [first.total("attack bonus").value, second.total("attack bonus").value] == [11, 6]
    assert aid_parts(first.total("attack bonus")) == [
        (2, BonusType.CIRCUMSTANCE, "aid another (red)")
    ]
    assert pal.effects  # not spent by a roll ...
    apply(enc, "end")
    assert pal.effects == []  # ... but over with its turn
    assert events(enc, "effect-ends")[0].outcome["effect"] == "aid-attack"


def test_d20modern_aid_to_defense_holds_until_the_friends_turn_ends(kit: Any) -> None:
    # Blue's whole full attack on Pal meets Defense 17 (15: Pal has not acted yet, so
    # it is flat-footed without its Dex +1; + 2): seed 004's bonus is not spent by one
    # attack; it lasts until Pal's next turn ends.
    enc = trio(kit, [20, 10, 15, 2, 3, 3], rules="d20modern")
    apply(enc, "aid pal against blue defense", "end", "attack pal", "attack pal")
    assert [e.total("armor class").value for e in events(enc, "attack")] == [17, 17]
    apply(enc, "end")  # Pal's turn opens
    assert enc.combatants["pal"].effects
    apply(enc, "end")
    assert enc.combatants["pal"].effects == []


def test_unarmed_aid_provokes_from_an_armed_opponent(kit: Any) -> None:
    # SRD combat-ii: aid another provokes if the aided action would; the aider's roll
    # is an unarmed attack (no Improved Unarmed Strike) against an armed foe. Blue's
    # attack of opportunity (roll 1) misses; the aid roll (9: unarmed +9, BAB 6 and Str
    # +3) reaches AC 10.
    enc = trio(kit, [20, 15, 10, 1, 9], red="")
    apply(enc, "aid pal against blue attack")
    provoked = events(enc, "provoked")[0]
    assert provoked.outcome["reason"] == "aid another (an unarmed attack)"
    aid = events(enc, "aid")[0]
    assert aid.outcome["weapon"] == "unarmed strike" and aid.outcome["result"] == "aided"


def test_who_may_aid_whom(kit: Any) -> None:
    sides = {
        "red": kit.soldier("Red", "b2") + kit.soldier("Pal", "c3") + kit.soldier("Far", "g3"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "g1"),
    }
    enc = kit.scripted_encounter(OPEN, sides, [20, 15, 14, 10, 9])
    listed = sorted(str(a) for a in enc.legal_actions() if a.verb == "aid")
    assert listed == ["aid pal against blue attack", "aid pal against blue defense"]
    for text, why in (
        ("aid far against blue attack", "not engaging far"),
        ("aid pal against grey attack", "not within reach"),
        ("aid blue against pal attack", "not a friend"),
        ("aid red against blue attack", "cannot aid itself"),
        ("aid pal against blue attack with dagger", "no ready melee weapon"),
    ):
        with pytest.raises(IllegalActionError, match=why):
            apply(enc, text)
    assert parse_action("aid pal against blue defense with longsword") == AidAnother(
        "pal", "blue", "defense", "longsword"
    )
