"""Encumbrance and the order of speed adjustments (seed 004 "Tactical Movement":
"A character encumbered by carrying a large amount of gear or a fallen comrade may move
slower than normal", A170; srd-movement-04: speed modifiers before armor and load)."""

from __future__ import annotations

from typing import Any

from d20combat.content.bestiary import find_creature
from d20combat.content.builds import Build, build_creature
from d20combat.content.creatures import StatBlock
from d20combat.rules.statistics import derive


def block(name: str, **changes: Any) -> StatBlock:
    base = find_creature(name)
    return StatBlock.model_validate({**base.model_dump(), **changes})


def test_a_medium_or_heavy_load_slows_as_medium_armor() -> None:
    # an orc (30 ft, studded leather: light armor) with a medium load: 30 -> 20 (two
    # thirds, rounded up to 5 ft); a heavy load the same; a light load nothing
    assert derive(block("orc")).speed.value == 30
    for load in ("medium", "heavy"):
        speed = derive(block("orc", load=load)).speed
        assert speed.value == 20
        assert any(p.modifier.source == f"{load} load" for p in speed.parts)


def test_armor_and_load_do_not_slow_twice() -> None:
    # the ogre (40 ft, hide armor: medium): 30 in its armor, 30 with a heavy load too
    assert derive(block("ogre")).speed.value == 30
    assert derive(block("ogre", load="heavy")).speed.value == 30


def test_dwarves_keep_their_speed_under_a_load() -> None:
    # SRD races.html: a dwarf "can move at this speed even when ... carrying a medium or
    # heavy load" (the race's quality, which the dwarf build carries)
    dwarf = build_creature(
        Build.model_validate(
            {
                "name": "d",
                "race": "dwarf",
                "classes": "fighter 1",
                "abilities": {"str": 13, "dex": 12, "con": 14, "int": 10, "wis": 10, "cha": 8},
                "load": "heavy",
            }
        )
    )
    assert derive(dwarf).speed.value == 20


def test_speed_modifiers_before_the_load() -> None:
    # srd-movement-04: a +10 ft enhancement to speed before a medium load: 30 + 10 = 40,
    # two thirds: 30 (not 20 + 10 = 30 by chance: 20 ft base gives 30 -> 20, not 25)
    mod = {"stat": "speed", "value": 10, "type": "enhancement", "source": "boots"}
    slow = block("orc", load="medium", speed={"land": 20}, modifiers=[mod])
    assert derive(slow).speed.value == 20
