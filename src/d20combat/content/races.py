"""The seven core races of the 3.5 SRD (``srd35/basic-rules-and-legal/races.html``).

A :class:`Race` holds what a race gives a character in a fight: size (a Small race
gets the size modifiers of seed 003 Table: Size Modifiers, and +4 on Hide), base land
speed and whether medium or heavy armor reduces it (dwarves: no), ability
adjustments, typed modifiers (:class:`~d20combat.content.creatures.StatModifier`),
qualities (darkvision, low-light vision), immunities, weapon familiarity and bonus
weapon proficiencies, and the human's extra feat and skill points.

A modifier with a ``condition`` applies only in the situation it names ("vs giants",
"vs poison", "with thrown weapons and slings"); the derived statistics list those
separately. Modifier ``stat`` names follow ``StatModifier``; the dwarf's stability
uses ``bull rush`` and ``trip`` (the opposed checks to resist those maneuvers), and a
skill is named in lower case (``move silently``).

The data ship in ``content/data/races.yaml``, written by hand from races.html.
"""

from __future__ import annotations

from functools import cache

from pydantic import Field

from d20combat.content.creatures import Ability, CreatureType, SizeName, StatModifier
from d20combat.content.library import Catalog, data_dir, load_list
from d20combat.content.loading import Frozen

# The quality the derived statistics test to skip the armor speed reduction.
ARMOR_SPEED_EXEMPT = "armor does not reduce speed"


class Race(Frozen):
    """One race's combat traits (SRD races.html, the race's section)."""

    name: str
    size: SizeName
    type: CreatureType = CreatureType.HUMANOID
    subtypes: tuple[str, ...] = ()
    speed: int = Field(ge=0)
    armor_reduces_speed: bool = True
    abilities: dict[Ability, int] = Field(default_factory=dict)
    ability_minimums: dict[Ability, int] = Field(default_factory=dict)
    modifiers: tuple[StatModifier, ...] = ()
    qualities: tuple[str, ...] = ()
    immunities: frozenset[str] = frozenset()
    weapon_familiarity: tuple[str, ...] = ()
    weapon_proficiencies: tuple[str, ...] = ()
    bonus_feats: int = Field(default=0, ge=0)
    bonus_skill_points: int = Field(default=0, ge=0)
    favored_class: str = "any"
    source: str = "SRD races.html"

    def adjusted(self, scores: dict[Ability, int]) -> dict[Ability, int]:
        """Ability scores after this race's adjustments and minimums.

        >>> race("half-orc").adjusted({a: 4 for a in Ability})[Ability.INT]
        3
        """
        out = {a: scores[a] + self.abilities.get(a, 0) for a in scores}
        for a, least in self.ability_minimums.items():
            if a in out:
                out[a] = max(out[a], least)
        return out


@cache
def races() -> Catalog[Race]:
    """Every race in the bundled ``races.yaml`` (cached)."""
    return Catalog("race", load_list(data_dir() / "races.yaml", "races", Race), lambda r: r.name)


def race(name: str) -> Race:
    """The race called ``name``.

    Raises:
        ContentError: for an unknown race, with the closest known names.
    """
    return races().get(name, field="race")
