"""Throwing a weapon from each hand (seed 000 / SRD combat-ii "Two-Weapon Fighting",
"Thrown Weapons": "The same rules apply when you throw a weapon from each hand. Treat a
dart or shuriken as a light weapon when used in this manner, and treat a bolas, javelin,
net, or sling as a one-handed weapon")."""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.content.creatures import StatBlock
from d20combat.content.rulesets import ruleset
from d20combat.rules.statistics import Statistics, derive


def thrower(main: str, off: str, feats: list[str], bab: int = 1) -> Statistics:
    """Str 14 (+2), Dex 16 (+3), BAB as given: ranged +1 +3 = +4 at BAB +1."""
    return derive(
        StatBlock.model_validate(
            {
                "name": "thrower",
                "abilities": {"str": 14, "dex": 16, "con": 10, "int": 10, "wis": 10, "cha": 10},
                "hit_dice": [{"count": 1, "die": 8}],
                "bab": bab,
                "base_saves": {},
                "weapons": [
                    {"weapon": main, "quantity": 4},
                    {"weapon": off, "wield": "off", "label": f"left {off}", "quantity": 4},
                ],
                "feats": feats,
            }
        ),
        ruleset(),
    )


def thrown_pair(s: Statistics) -> Any:
    return next(r for r in s.routines if r.two_weapon and all(o.ranged for o, _ in r.attacks))


@pytest.mark.parametrize(
    ("weapon", "feats", "bonuses"),
    [
        # a dart counts as light: -4/-8 without the feat, -2/-2 with it
        ("dart", [], (0, -4)),
        ("dart", ["Two-Weapon Fighting"], (2, 2)),
        # a shuriken too (its own rows: light, thrown)
        ("shuriken", [], (0, -4)),
        # a javelin counts as one-handed: -6/-10, with the feat -4/-4
        ("javelin", [], (-2, -6)),
        ("javelin", ["Two-Weapon Fighting"], (0, 0)),
        # a dagger is light anyway, and thrown from the off hand as well as wielded
        ("dagger", [], (0, -4)),
    ],
)
def test_the_two_weapon_table_applies_to_throws(
    weapon: str, feats: list[str], bonuses: Any
) -> None:
    # ranged +4 (BAB 1, Dex 3), less the table's penalties
    r = thrown_pair(thrower(weapon, weapon, feats))
    assert r.bonuses == bonuses
    assert [o.thrown for o, _ in r.attacks] == [True, True]


def test_the_off_hand_throw_adds_half_the_strength_bonus() -> None:
    # Str 14: +2 in the main hand, +1 (half) from the off hand
    s = thrower("dagger", "dagger", [])
    main, off = (o for o, _ in thrown_pair(s).attacks)
    assert (main.damage_text, off.damage_text) == ("1d4+2", "1d4+1")
    assert off.name == "left dagger (thrown, off hand)"
    # the melee two-weapon routine is still there
    assert any(r.two_weapon and not any(o.ranged for o, _ in r.attacks) for r in s.routines)
