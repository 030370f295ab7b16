"""seed 001's damage types in play (issue 9): an attack's negative energy heals an
undead target instead of harming it; psychic damage does nothing to the mindless.

Sources: seed 001 "Negative energy ... damages living creatures, but heals the undead",
"Psychic damage ... no effect on mindless creatures"; SRD combat-i "Healing Limits".
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A

TOUCH = "{name: touch, damage: 1d6, damage_types: [%s], touch: true}"


def duel(
    kit: Any,
    rolls: list[int],
    energy: str,
    *,
    ruleset: str = "advanced",
    undead: bool = True,
    rows: str = ".......\n.......\n.......",
) -> Any:
    red = kit.soldier("Red", "b2", natural=TOUCH % energy)
    blue = kit.soldier("Blue", "c2")
    if undead:
        blue = blue.replace("type: humanoid", "type: undead")
        blue = blue.replace("con: 12", "con: null").replace("int: 10", "int: null")
    return kit.scripted_encounter(
        rows,
        {"red": red, "blue": blue},
        rolls,
        ruleset=ruleset,
    )


def damage_events(enc: Any) -> list[Any]:
    return [e for e in enc.log if e.type == "damage"]


def test_negative_energy_touch_heals_the_undead(kit: Any) -> None:
    # initiative 20 / 1: Red first. The touch attack, 15 + 6 BAB + 3 Str = 24, hits
    # touch AC 11; 1d6+4 (a sole natural attack: 1 1/2 x Str +3) = 8 negative energy:
    # Blue (undead, 10 below its maximum) heals 8.
    enc = duel(kit, [20, 1, 15, 8], "negative energy")
    blue = enc.combatants["blue"]
    blue.vitals = blue.vitals._replace(hp=blue.vitals.max_hp - 10)
    enc.apply(A.parse_action("attack blue with touch"))
    (event,) = damage_events(enc)
    assert event.outcome["damage"] == 0
    assert event.outcome["reductions"] == ["negative energy heals the undead: -8"]
    assert "healed 8" in event.outcome["notes"]
    assert blue.vitals.hp == blue.vitals.max_hp - 2


def test_psychic_touch_does_nothing_to_the_mindless(kit: Any) -> None:
    # Blue has no Intelligence score: mindless. 8 psychic: 0 (seed 001); under srd35
    # psychic is plain energy (D76): 8.
    enc = duel(kit, [20, 1, 15, 8], "psychic")
    enc.apply(A.parse_action("attack blue with touch"))
    assert damage_events(enc)[0].outcome["damage"] == 0
    enc = duel(kit, [20, 1, 15, 8], "psychic", ruleset="srd35")
    enc.apply(A.parse_action("attack blue with touch"))
    assert damage_events(enc)[0].outcome["damage"] == 8


def test_cold_touch_on_a_soldier_wading_in_the_water(kit: Any) -> None:
    """seed 001 "Cold damage ... especially potent against creatures soaked in water"
    (A206): Blue stands in chest-deep water (``~``): 8 cold (as above) is doubled, 16;
    on dry land 8; under srd35 8 in the water too."""
    wet = ".......\n..~....\n......."
    for ruleset, rows, expected in (
        ("advanced", wet, 16),
        ("advanced", None, 8),
        ("srd35", wet, 8),
    ):
        kw = {"rows": rows} if rows else {}
        enc = duel(kit, [20, 1, 15, 8], "cold", ruleset=ruleset, undead=False, **kw)
        enc.apply(A.parse_action("attack blue with touch"))
        (event,) = damage_events(enc)
        assert event.outcome["damage"] == expected, ruleset
        if expected == 16:
            assert event.outcome["reductions"] == [
                "cold is especially potent against the soaked (A206): --8"
            ]
