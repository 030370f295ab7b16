"""The registry of what d20combat models (rules/modelled.py) against the code itself.

The source is read for every lookup of a feat (``has_feat("x")``, ``has_weapon_feat(_,
"x", _)``, ``feat.key == "x"``, the feat tables), a quality (``has_quality("x")``), a
special attack (text or a compiled pattern read from ``special_attacks``) and an immunity
(text looked for in ``immunities``): each must be in the registry, and each registry
entry must be looked up where the registry says.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from d20combat.content.builds import SKILL_FEATS
from d20combat.content.creatures import StatBlock
from d20combat.content.feats import feats
from d20combat.content.library import normalize_name
from d20combat.rules.feats import STATIC, WEAPON
from d20combat.rules.modelled import (
    BUILD_FEATS,
    BUILD_QUALITIES,
    IMMUNITIES,
    QUALITIES,
    SITUATIONAL_FEATS,
    SPECIAL_ATTACK_RULES,
    SPECIAL_ATTACKS,
    NotModelled,
    modelled_feats,
    not_modelled,
)

ROOT = Path(__file__).resolve().parents[2]
if ROOT.name == "mutants":  # under make mutate: the source as written, not mutmut's rewrite
    ROOT = ROOT.parent
SRC = ROOT / "src" / "d20combat"
# Producers of stat blocks and their renderers name abilities without modelling them.
SKIP = ("content/importers/", "render/", "rules/modelled.py")


def sources() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if not rel.startswith(SKIP):
            yield rel, ast.parse(path.read_text(encoding="utf-8"))


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _patterns(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = re.compile("...")``: name -> pattern."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            call = node.value
            if ast.unparse(call.func) == "re.compile" and call.args and _text(call.args[0]):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        out[target.id] = str(_text(call.args[0]))
    return out


def _words(pattern: str) -> str:
    """The literal words a pattern starts with: ``sneak attack \\+?(\\d+d\\d+)`` -> ``sneak
    attack``."""
    return re.split(r"[\\()\[\]?*+.^$|{]", pattern, maxsplit=1)[0].strip()


def lookups(kind: str) -> set[tuple[str, str]]:
    """(name, module) of every lookup of ``kind`` (feat, quality, special attack,
    immunity) in the source."""
    found: set[tuple[str, str]] = set()
    for rel, tree in sources():
        patterns = _patterns(tree)
        for node in ast.walk(tree):
            if kind in ("feat", "quality", "special rule") and isinstance(node, ast.Call):
                func = ast.unparse(node.func).rsplit(".", 1)[-1]
                at = {("feat", "has_feat"): 0, ("feat", "has_weapon_feat"): 1}.get((kind, func))
                if kind == "quality" and func == "has_quality":
                    at = 0
                if kind == "special rule" and func == "special":
                    at = 0
                if at is not None and len(node.args) > at and _text(node.args[at]):
                    found.add((str(_text(node.args[at])), rel))
            if kind == "feat" and isinstance(node, ast.Compare):
                left = node.left
                if isinstance(left, ast.Attribute) and left.attr == "key":
                    found |= {(str(_text(c)), rel) for c in node.comparators if _text(c)}
            field = {"special attack": "special_attacks", "immunity": "immunities"}.get(kind)
            if field and isinstance(node, ast.stmt):
                for part in _reading(node, field):
                    text = _text(part)
                    if text and re.search(r"[a-z]{3}", text):
                        found.add((text, rel))
                    if isinstance(part, ast.Name) and part.id in patterns:
                        found.add((_words(patterns[part.id]), rel))
    return found


def _reading(stmt: ast.stmt, field: str) -> list[ast.AST]:
    """The nodes that read ``field`` in ``stmt`` itself (not in a nested statement): a
    ``for`` over it with its body, or the statement's own expressions."""
    own = [
        n
        for child in ast.iter_child_nodes(stmt)
        if not isinstance(child, ast.stmt)
        for n in ast.walk(child)
    ]
    if not any(isinstance(n, ast.Attribute) and n.attr == field for n in own):
        return []
    return list(ast.walk(stmt)) if isinstance(stmt, ast.For) else own


def test_every_feat_the_code_looks_up_is_registered_and_the_reverse() -> None:
    looked_up = lookups("feat")
    names = {name for name, _ in looked_up}
    tables = {*STATIC, *WEAPON, *SKILL_FEATS}
    assert names | tables == set(modelled_feats())
    for name, where in {**SITUATIONAL_FEATS, **BUILD_FEATS}.items():
        assert (name, where) in looked_up, f"{name!r} is not looked up in {where}"


def test_modelled_feats_are_srd_feats() -> None:
    """A lookup with a misspelt name would never match a stat block's feat."""
    catalog = feats()
    for name in modelled_feats():
        found = catalog.find(name)
        assert found is not None and found.name.lower() == name, name


def test_every_quality_the_code_looks_up_is_registered_and_the_reverse() -> None:
    looked_up = lookups("quality")
    assert {name for name, _ in looked_up} == set(QUALITIES)
    for name, where in QUALITIES.items():
        assert (name, where) in looked_up, f"{name!r} is not looked up in {where}"
    builds = (SRC / "content" / "builds.py").read_text(encoding="utf-8")
    for name, where in BUILD_QUALITIES.items():
        assert where == "content/builds.py" and f'"{name}"' in builds, name


def test_every_special_attack_and_immunity_the_code_reads_is_registered() -> None:
    for kind, registry in (("special attack", SPECIAL_ATTACKS), ("immunity", IMMUNITIES)):
        read = {(n, w) for n, w in lookups(kind) if not w.startswith("content/")}
        assert {name for name, _ in read} == set(registry), kind
        for name, where in registry.items():
            assert (name, where) in read, f"{kind} {name!r} is not read in {where}"


def test_every_special_attack_rule_the_code_reads_is_registered() -> None:
    """``StatBlock.special("kind")`` lookups against SPECIAL_ATTACK_RULES, both ways."""
    read = {(n, w) for n, w in lookups("special rule") if not w.startswith("content/")}
    assert {name for name, _ in read} == set(SPECIAL_ATTACK_RULES)
    for name, where in SPECIAL_ATTACK_RULES.items():
        assert (name, where) in read, f"special attack {name!r} is not read in {where}"


def _block(**fields: object) -> StatBlock:
    base: dict[str, object] = {
        "name": "Test",
        "abilities": {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10},
        "hit_dice": [{"count": 1, "die": 8}],
        "bab": 1,
        "base_saves": {"fort": 0, "ref": 0, "will": 0},
    }
    return StatBlock.model_validate({**base, **fields})


def test_not_modelled_lists_what_the_engine_does_not_read() -> None:
    stat = _block(
        feats=["Power Attack", "Stunning Fist", "Alertness", "Weapon Focus (longsword)"],
        weapons=["longsword"],
        special_attacks=["sneak attack +2d6", "magic missile 3/day"],
        qualities=["darkvision 60 ft.", "regeneration 5"],
        immunities=["critical hits", "poison"],
        natural_attacks=[{"name": "claw", "damage": "1d4", "effects": ["improved grab", "trip"]}],
    )
    assert not_modelled(stat) == [
        NotModelled("feat", "Stunning Fist"),
        NotModelled("special attack", "magic missile 3/day"),
        NotModelled("quality", "regeneration 5"),
        NotModelled("immunity", "poison"),
        NotModelled("natural attack effect", "trip (claw)"),
    ]
    # Improved Grab is read from the natural attack that has it; Constrict from its
    # numbers (StatBlock.constrict), so only when the importer could read them
    grab = {"name": "claw", "damage": "1d4", "effects": ["improved grab"]}
    specials = ["improved grab", "constrict 1d4+1"]
    block = _block(natural_attacks=[grab], special_attacks=specials)
    assert not_modelled(block) == [NotModelled("special attack", "constrict 1d4+1")]
    block = _block(natural_attacks=[grab], special_attacks=specials, constrict={"damage": "1d4+1"})
    assert not_modelled(block) == []
    block = _block(special_attacks=specials)
    assert not_modelled(block) == [
        NotModelled("special attack", "improved grab"),
        NotModelled("special attack", "constrict 1d4+1"),
    ]
    assert str(not_modelled(stat)[1]) == "special attack: magic missile 3/day"


def test_every_bundled_modelled_feat_name_is_spelt_as_the_srd() -> None:
    spelt = {normalize_name(f.name): f.name for f in feats()}
    for name in modelled_feats():
        assert normalize_name(name) in spelt


def test_a_weapon_feat_for_no_attack_of_the_creature_is_listed() -> None:
    stat = _block(
        weapons=["longsword", "light crossbow"],
        natural_attacks=[{"name": "bite", "damage": "1d6"}],
        feats=[
            "Weapon Focus (longsword)",
            "Weapon Focus (bite)",
            "Weapon Specialization (unarmed strike)",
            "Improved Critical (bite)",
            "Rapid Reload (light crossbow)",
            "Greater Weapon Focus (longsord)",
        ],
    )
    assert [str(n) for n in not_modelled(stat)] == [
        "feat: Improved Critical (bite): no attack of this creature is 'bite'",
        "feat: Greater Weapon Focus (longsord): no attack of this creature is 'longsord'",
    ]
