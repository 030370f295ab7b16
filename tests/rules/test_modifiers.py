"""Bonus types and stacking (seed 000 "Bonuses From Magic")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.errors import ContentError
from d20combat.rules.modifiers import BonusType, Modifier, ability_modifier, stack

B = BonusType


def test_same_named_type_does_not_stack() -> None:
    # seed 000: a +3 longsword is not improved by a +1 magic weapon enhancement.
    t = stack(
        [Modifier(3, B.ENHANCEMENT, "+3 longsword"), Modifier(1, B.ENHANCEMENT, "magic weapon")]
    )
    assert t.value == 3
    assert [m.source for m in t.suppressed()] == ["magic weapon"]


def test_different_types_stack() -> None:
    # seed 000: a +1 cloak of resistance works with a paladin's +2 (different types).
    t = stack(
        [
            Modifier(1, B.RESISTANCE, "cloak"),
            Modifier(2, B.UNTYPED, "divine grace"),
            Modifier(2, B.LUCK, "luckstone"),
            Modifier(1, B.MORALE, "bless"),
        ]
    )
    assert t.value == 6 and not t.suppressed()


@pytest.mark.parametrize("kind", [B.DODGE, B.SYNERGY, B.UNTYPED])
def test_stacking_exceptions(kind: BonusType) -> None:
    t = stack([Modifier(1, kind, "a"), Modifier(2, kind, "b")])
    assert t.value == 3


def test_circumstance_stacks_unless_same_circumstance() -> None:
    t = stack(
        [
            Modifier(2, B.CIRCUMSTANCE, "aid another (Tordek)"),
            Modifier(2, B.CIRCUMSTANCE, "aid another (Lidda)"),
            Modifier(1, B.CIRCUMSTANCE, "aid another (Lidda)"),
        ]
    )
    assert t.value == 4


def test_enhancement_to_armor_and_shield_both_count() -> None:
    # seed 000 exception: enhancement bonuses to armor and to shields stack.
    t = stack(
        [
            Modifier(2, B.ENHANCEMENT, "+2 chainmail", scope="armor"),
            Modifier(1, B.ENHANCEMENT, "+1 shield", scope="shield"),
        ]
    )
    assert t.value == 3
    t = stack(
        [
            Modifier(1, B.ENHANCEMENT, "+1 longbow", scope="ranged weapon"),
            Modifier(2, B.ENHANCEMENT, "+2 arrows", scope="ammunition"),
        ]
    )
    assert t.value == 3


def test_penalties_always_stack() -> None:
    t = stack(
        [
            Modifier(-2, B.MORALE, "shaken"),
            Modifier(-2, B.MORALE, "frightened"),
            Modifier(3, B.MORALE, "heroism"),
            Modifier(1, B.MORALE, "bless"),
        ]
    )
    assert t.value == -1
    assert [m.source for m in t.suppressed()] == ["bless"]


def test_breakdown_shape() -> None:
    t = stack(
        [
            Modifier(10, B.BASE, "base"),
            Modifier(2, B.DEFLECTION, "ring"),
            Modifier(3, B.DEFLECTION, "shield of faith"),
        ]
    )
    assert t.breakdown() == [
        {"type": "base", "value": 10, "source": "base", "counted": True},
        {"type": "deflection", "value": 2, "source": "ring", "counted": False},
        {"type": "deflection", "value": 3, "source": "shield of faith", "counted": True},
    ]
    assert t.explain().startswith("13 = +10 (base) +3 deflection (shield of faith)")


def test_every_seed_type_parses() -> None:
    names = [
        "armor",
        "shield",
        "natural armor",
        "deflection",
        "dodge",
        "enhancement",
        "size",
        "circumstance",
        "competence",
        "insight",
        "luck",
        "morale",
        "profane",
        "sacred",
        "resistance",
        "synergy",
        "haste",
        "enlargement",
        "inherent",
        "racial",
        "untyped",
    ]
    assert [BonusType.parse(n).value for n in names] == names
    with pytest.raises(ContentError, match="unknown bonus type 'holy'"):
        BonusType.parse("holy")


@given(st.lists(st.tuples(st.integers(-5, 5), st.sampled_from(list(BonusType))), max_size=8))
def test_stacking_properties(mods: list[tuple[int, BonusType]]) -> None:
    ms = [Modifier(v, t, f"s{i}") for i, (v, t) in enumerate(mods)]
    t = stack(ms)
    # the total is the sum of the counted parts, and no bonus exceeds the naive sum
    assert t.value == sum(m.value for m in t.counted())
    assert t.value <= sum(m.value for m in ms if m.value > 0) + sum(
        m.value for m in ms if m.value < 0
    )
    # every penalty counts
    assert all(p.counted for p in t.parts if p.modifier.value < 0)


def test_ability_modifier_table() -> None:
    # SRD Table: Ability Modifiers: 1 -> -5, 10-11 -> 0, 45 -> +17.
    assert [ability_modifier(s) for s in (1, 2, 3, 10, 11, 12, 45)] == [-5, -4, -4, 0, 0, 1, 17]
    assert ability_modifier(None) == 0


# --- seed 000 "Bonuses From Magic", finished (issue 9) -------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        BonusType.COMPETENCE,
        BonusType.ENLARGEMENT,
        BonusType.HASTE,
        BonusType.INHERENT,
        BonusType.INSIGHT,
        BonusType.LUCK,
        BonusType.NATURAL_ARMOR,
        BonusType.PROFANE,
        BonusType.RESISTANCE,
        BonusType.SACRED,
    ],
)
def test_each_named_type_does_not_stack_with_itself(kind: BonusType) -> None:
    """seed 000: "a named bonus does not stack with another bonus of the same name":
    +2 and +3 of one type give +3 (the +2 suppressed); with a +1 of another type, +4."""
    t = stack([Modifier(2, kind, "first"), Modifier(3, kind, "second")])
    assert t.value == 3 and [str(m) for m in t.suppressed()] == [f"+2 {kind.value} (first)"]
    other = BonusType.MORALE
    assert (
        stack([Modifier(2, kind, "a"), Modifier(3, kind, "b"), Modifier(1, other, "c")]).value == 4
    )
