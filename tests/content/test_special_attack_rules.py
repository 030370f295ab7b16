"""The special attacks with their numbers (``special_attack_rules``): read by the SRD
importer from the creatures' "(Ex)" text (SRD monsters pages), validated by the schema,
and listed as not modelled until the rules read them (rules/modelled.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from pydantic import ValidationError

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import SpecialAttack, StatBlock
from d20combat.content.importers.monsters import (
    ImportResult,
    import_bestiary,
    parse_special_attack_rules,
)
from d20combat.content.rulesets import ruleset
from d20combat.rules.maneuvers.trip import strength_check
from d20combat.rules.modelled import not_modelled
from d20combat.rules.statistics import derive

SRD = Path(__file__).resolve().parents[2] / "srd35"


@cache
def bestiary() -> ImportResult:
    return import_bestiary(SRD)


def rules_of(name: str) -> list[tuple[object, ...]]:
    stat = bestiary().get(name).stat
    return [
        (r.kind, r.attacks, r.modifier, r.count, r.bonus, r.damage, r.dc)
        for r in stat.special_attack_rules
    ]


def test_the_srd_texts_give_the_numbers() -> None:
    # monsters-animals.html: "Trip (Ex): A wolf that hits with a bite attack can attempt
    # to trip the opponent (+1 check modifier)"; "Rake (Ex): Attack bonus +7 melee, damage
    # 1d4+2"; the cheetah's "claw or bite attack" is both; monsters-vermin.html: "trample
    # 2d8+3" in the row and "Trample (Ex): Reflex half DC 19"; monsters-b-c.html: the
    # behir's "Rake (Ex): Six claws, attack bonus +15 melee, damage 1d4+4".
    assert rules_of("Wolf") == [("trip", ("bite",), 1, 1, None, None, None)]
    assert rules_of("Dire Wolf") == [("trip", ("bite",), 11, 1, None, None, None)]
    assert rules_of("Cheetah") == [("trip", ("claw", "bite"), 3, 1, None, None, None)]
    assert rules_of("Lion") == [
        ("pounce", (), None, 1, None, None, None),
        ("rake", (), None, 2, 7, "1d4+2", None),
    ]
    assert rules_of("Giant Stag Beetle") == [("trample", (), None, 1, None, "2d8+3", 19)]
    assert rules_of("Elephant") == [("trample", (), None, 1, None, "2d8+15", 25)]
    assert rules_of("Behir") == [("rake", (), None, 6, 15, "1d4+4", None)]
    # monsters-k-l.html gives the lammasu's rake (+12, 1d6+3) and then, on the same
    # page, the golden protector's (+19, 1d6+4): each its own
    assert rules_of("Lammasu")[1] == ("rake", (), None, 2, 12, "1d6+3", None)
    golden = rules_of("Golden Protector (Celestial Half-Dragon Lammasu)")
    assert golden[1] == ("rake", (), None, 2, 19, "1d6+4", None)
    assert rules_of("Ogre") == []


def test_missing_numbers_are_problems_not_guesses() -> None:
    rules, problems = parse_special_attack_rules(("trip", "rake 1d4+2", "trample"), "")
    assert rules == ()
    assert problems == [
        "Trip (Ex): no check modifier in the text",
        "Rake (Ex): no attack bonus and damage in the text",
        "Trample (Ex): no damage in the row or no DC in the text",
    ]


def test_the_bundled_trippers_state_their_3_5_strength_check() -> None:
    """The stated modifier is the srd35 Strength check with the size modifier: the
    importer and the rules agree on every bundled creature with Trip (Ex)."""
    rules = ruleset("srd35")
    for name in ("wolf", "dire wolf", "worg"):
        stats = derive(find_creature(name), rules)
        rule = stats.stat.special("trip")
        assert rule is not None and rule.modifier == strength_check(stats, rules).value


def _block(**fields: object) -> StatBlock:
    base: dict[str, object] = {
        "name": "Test",
        "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "hit_dice": [{"count": 1, "die": 8}],
        "bab": 1,
        "base_saves": {"fort": 0, "ref": 0, "will": 0},
    }
    return StatBlock.model_validate({**base, **fields})


def test_unknown_kinds_are_refused_with_the_closest_names() -> None:
    with pytest.raises(ValidationError) as info:
        _block(special_attack_rules=[{"kind": "trampel", "damage": "1d6"}])
    err = info.value.errors()[0]
    assert "unknown special attack kind 'trampel'" in err["msg"]
    assert "trample" in str(err["ctx"]["expected"])
    with pytest.raises(ValidationError, match="a rake needs its bonus"):
        SpecialAttack(kind="rake", damage="1d4")
    with pytest.raises(ValidationError, match="a trample needs its damage"):
        SpecialAttack(kind="trample", dc=10)


def test_what_is_modelled_is_no_longer_listed() -> None:
    # the wolf's trip (its special attack and its bite's effect), the lion's pounce and
    # rake, and its improved grab (its bite's effect, read with the grapple) are modelled
    assert [str(n) for n in not_modelled(find_creature("wolf"))] == [
        "feat: Track",
        "quality: scent",
    ]
    assert [str(n) for n in not_modelled(find_creature("lion"))] == ["quality: scent"]
    assert [str(n) for n in not_modelled(find_creature("giant stag beetle"))] == [
        "quality: vermin traits"
    ]
    # a text keyword without its numbers is not modelled; a known kind not yet modelled
    # is listed by its kind
    stat = _block(special_attacks=["trample"], special_attack_rules=[{"kind": "constrict"}])
    assert [str(n) for n in not_modelled(stat)] == [
        "special attack: trample",
        "special attack: constrict",
    ]


def test_the_srd_drains_give_their_numbers() -> None:
    # monsters-t-z.html: "Energy Drain (Su): Living creatures hit by a wight's slam attack
    # gain one negative level. The DC is 14 ..."; the spectre's "gain two negative
    # levels ... The DC is 15"; "Constitution Drain (Su): Living creatures hit by a
    # wraith's incorporeal touch attack must succeed on a DC 14 Fortitude save or take 1d6
    # points of Constitution drain", the dread wraith's own on the same page (DC 25,
    # 1d8); monsters-intro-a.html: "An allip causes 1d4 points of Wisdom drain each time
    # it hits with its incorporeal touch attack" (no save)
    assert rules_of("Wight") == [("energy drain", ("slam",), None, 1, None, None, 14)]
    assert rules_of("Spectre") == [
        ("energy drain", ("incorporeal touch",), None, 2, None, None, 15)
    ]
    touch = ("incorporeal touch",)
    assert rules_of("Wraith") == [("ability drain", touch, None, 1, None, "1d6", 14)]
    assert rules_of("Dread Wraith") == [("ability drain", touch, None, 1, None, "1d8", 25)]
    assert rules_of("Allip") == [("ability drain", touch, None, 1, None, "1d4", None)]
    assert [r.ability for r in bestiary().get("Allip").stat.special_attack_rules] == ["wis"]
    # the bundled wight and wraith carry them, and no longer list them as not modelled
    for name in ("wight", "wraith"):
        listed = [str(n) for n in not_modelled(find_creature(name))]
        assert not [n for n in listed if "drain" in n]
    with pytest.raises(ValidationError, match="an ability drain needs its ability"):
        SpecialAttack(kind="ability drain", damage="1d6")
