"""Seed 000 "Bonuses From Magic": the limits on items' bonuses, checked on character
builds as notes (reading A201), never on stat blocks."""

from __future__ import annotations

from typing import Any

from d20combat.content.builds import Build, check_build, item_bonus_problems

ELITE = {"str": 15, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 8}


def fighter(**fields: Any) -> Build:
    return Build.model_validate(
        {"name": "test", "classes": "fighter 12", "abilities": ELITE, **fields}
    )


def mod(stat: str, value: int, type_: str, source: str) -> dict[str, Any]:
    return {"stat": stat, "value": value, "type": type_, "source": source}


def notes(build: Build) -> list[str]:
    return [p.message for p in item_bonus_problems(build)]


def test_items_add_at_most_five_to_saves_attack_damage_and_ac() -> None:
    """ "Most items that add to saving throws, attack rolls, damage rolls, or AC are
    restricted to a maximum bonus of +5. (Bracers of armor are an exception.)": a +6
    longsword, +6 full plate, a +6 ring of protection and a +6 cloak of resistance are
    noted; +5 ones and +8 bracers of armor are not."""
    fine = fighter(
        weapons=[{"weapon": "longsword", "enhancement": 5}],
        armor={"armor": "full plate", "enhancement": 5},
        modifiers=[
            mod("ac", 5, "deflection", "ring of protection +5"),
            mod("saves", 5, "resistance", "cloak of resistance +5"),
            mod("ac", 8, "armor", "bracers of armor +8"),
        ],
    )
    assert notes(fine) == []
    over = fighter(
        weapons=[{"weapon": "longsword", "enhancement": 6}],
        armor={"armor": "full plate", "enhancement": 6},
        modifiers=[
            mod("ac", 6, "deflection", "ring of protection +6"),
            mod("saves", 6, "resistance", "cloak of resistance +6"),
        ],
    )
    found = item_bonus_problems(over)
    assert [p.field for p in found] == ["weapons", "armor", "modifiers", "modifiers"]
    assert "ring of protection +6: +6 to ac, items give at most +5" in found[2].message
    # the notes are part of the build's check (not a refusal: "most" items)
    assert {p.message for p in found} <= {p.message for p in check_build(over)}


def test_items_add_two_four_or_six_to_an_ability_and_skills_have_no_maximum() -> None:
    """ "Most items that add to ability scores are restricted to a maximum bonus of +6,
    and the bonus usually comes in multiples of 2"; "Skill check bonuses do not have a
    maximum" (a +10 competence bonus to Climb is fine)."""
    ok = fighter(
        modifiers=[
            mod("str", 6, "enhancement", "belt of giant strength +6"),
            mod("climb", 10, "competence", "gloves of climbing +10"),
        ]
    )
    assert notes(ok) == []
    assert len(notes(fighter(modifiers=[mod("str", 8, "enhancement", "belt +8")]))) == 1
    assert len(notes(fighter(modifiers=[mod("dex", 3, "enhancement", "gloves +3")]))) == 1


def test_inherent_bonuses_total_at_most_five_per_ability() -> None:
    """ "A character is limited to a total inherent bonus of +5 to any ability score":
    three wishes (+3, +2 to Strength) are fine, a third (+1 more) is noted; +5 to each
    of two abilities is fine."""
    wishes = [mod("str", 3, "inherent", "wish"), mod("str", 2, "inherent", "wish")]
    assert notes(fighter(modifiers=[*wishes, mod("con", 5, "inherent", "wish")])) == []
    (note,) = notes(fighter(modifiers=[*wishes, mod("str", 1, "inherent", "wish")]))
    assert note.startswith("inherent bonuses to str total +6, at most +5")
