"""The SRD's feat names: the catalog every feat of a stat block or build is checked against.

``content/data/feats.yaml`` lists every feat of SRD ``feats.html`` and
``monsters/monster-feats.html`` (made by :mod:`d20combat.content.importers.feats`; a test
re-reads the SRD and compares). What a feat *does* is elsewhere: the tables of
:mod:`d20combat.rules.feats` and the lookups the registry :mod:`d20combat.rules.modelled`
lists. A known feat the engine does not model is accepted and reported as not modelled.
"""

from __future__ import annotations

import re
from functools import cache

from d20combat.content.library import Catalog, data_dir, load_list
from d20combat.content.loading import Frozen
from d20combat.errors import ContentError

_SPLIT = re.compile(r"^\s*([^()]+?)\s*(?:\((.*)\))?\s*$")


class Feat(Frozen):
    """One SRD feat: its name as the SRD heads it, its types (``General``,
    ``Item Creation``, ``Metamagic``, ``Fighter`` ...), the page, and whether it takes a
    parameter in parentheses (``Weapon Focus (longsword)``, ``Skill Focus (hide)``)."""

    name: str
    types: tuple[str, ...] = ()
    source: str
    parameter: bool = False


@cache
def feats() -> Catalog[Feat]:
    """Every SRD feat, by name (case, hyphens and spaces do not matter).

    Raises:
        InputError: if the bundled ``feats.yaml`` is invalid.
    """
    return Catalog("feat", load_list(data_dir() / "feats.yaml", "feats", Feat), lambda f: f.name)


def split_feat(text: str) -> tuple[str, str | None]:
    """``Weapon Focus (greatclub)`` -> (``Weapon Focus``, ``greatclub``).

    Raises:
        ValueError: for text that is not ``Name`` or ``Name (parameter)``.
    """
    m = _SPLIT.match(text)
    if not m:
        raise ValueError(f"cannot read feat {text!r}")
    return m.group(1), m.group(2)


def known_feat(name: str, param: str | None) -> tuple[str, str | None]:
    """The SRD spelling of a feat and its parameter (``power attack`` -> ``Power Attack``).

    A feat whose SRD name has parentheses (``Armor Proficiency (Heavy)``) is found with
    them. Source: SRD feats.html, monster-feats.html (the feat list).

    Raises:
        ContentError: for an unknown feat (offering the closest names), a feat that
            needs a parameter given none, or one that takes none given one.
    """
    catalog = feats()
    if param is not None:
        whole = catalog.find(f"{name} ({param})")
        if whole is not None and not whole.parameter:
            return split_feat(whole.name)
    found = catalog.get(name)
    if found.parameter and not (param or "").strip():
        raise ContentError(
            f"feat {found.name!r} needs its choice in parentheses",
            expected=f"like {found.name} (...): the weapon, skill, school or attack it applies to",
        )
    if param is not None and not found.parameter:
        raise ContentError(
            f"feat {found.name!r} takes no choice in parentheses, got ({param})",
            expected=f"{found.name} (a feat taken twice is listed twice)",
        )
    return found.name, param
