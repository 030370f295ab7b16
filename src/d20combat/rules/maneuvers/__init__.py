"""Special attacks (seed 000 "Combat: Special Attacks"), one module per procedure.

Each procedure is a pure function of a :class:`~d20combat.rules.dice.DiceSource` and
the numbers of both sides, already totalled with their breakdowns, so one code path
rolls a fight and computes the exact odds of ``d20combat odds MANEUVER``. What is shared
lives here: the touch attack most of them open with, and the modifiers of the opposed
checks (size, stability, the "Improved" feats), read from the ruleset's data.
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.rules.attack import miss_chance_roll
from d20combat.rules.dice import D20, DiceSource
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics


class Touch(NamedTuple):
    """A touch attack's roll: whether it hit, the natural d20 and the total."""

    hit: bool
    natural: int
    total: int
    concealed: bool = False


def touch_attack(
    dice: DiceSource,
    bonus: Total,
    ac: Total,
    purpose: str,
    rules: Ruleset,
    *,
    concealment: int = 0,
) -> Touch:
    """A melee or ranged touch attack (seed 003 "Touch Attacks"; "Attack Roll": a
    natural 1 misses and a natural 20 hits), then the target's concealment."""

    def hits(face: int) -> bool:
        return face != 1 and (face == 20 or face + bonus.value >= ac.value)

    hit, face = dice.classify(D20, purpose, hits)
    if hit and miss_chance_roll(dice, concealment, rules):
        return Touch(False, face, face + bonus.value, concealed=True)
    return Touch(hit, face, face + bonus.value)


def size_modifier(stats: Statistics, rules: Ruleset, *, scale: str | None = None) -> Modifier:
    """The size modifier of an opposed maneuver check: +/-4 per category from Medium
    (seed 000 "Bull Rush", "Trip"; seed 004: the larger gets +4 per category of
    difference, which is the same contest), or seed 001's grapple size modifier
    (``advanced``: "Both you and your target add the grapple size modifier"), as the
    ruleset's ``grapple_size`` reads it; ``scale`` names the reading where one applies
    in every ruleset (``special``: the bull rush and overrun, on which seed 001 is
    silent)."""
    size = stats.stat.size
    if (scale or rules.grapple_size) == "special":
        return Modifier(size.opposed_modifier, BonusType.SIZE, size.label)
    return Modifier(size.reversed_attack_modifier, BonusType.SIZE, f"{size.label} (grapple)")


def ability_check(stats: Statistics, *abilities: Ability) -> Modifier:
    """The best of ``abilities``' modifiers (seed 000 "Trip": "Dexterity or Strength
    check (whichever ability has the higher modifier)"); the first on a tie."""
    best = max(abilities, key=lambda a: (stats.mod(a), -abilities.index(a)))
    score = stats.abilities.get(best)
    shown = "-" if score is None else str(score)
    return Modifier(stats.mod(best), BonusType.ABILITY, f"{best.value.capitalize()} {shown}")


def stability(
    stats: Statistics,
    rules: Ruleset,
    resisting: str,
    *,
    legs: int | None = None,
    also: str | None = None,
) -> list[Modifier]:
    """The defender's stability against a bull rush, overrun or trip: the ruleset's bonus
    for enough legs (seed 000: more than two; seed 001's trip: four or more; ``legs``
    where the number is the same in every ruleset), and what the stat block gives
    against ``resisting`` (a dwarf's stability), or failing that against ``also`` (seed
    000 "Overrun": "more stable than a normal humanoid (such as a dwarf)", whose
    stability the SRD words against being tripped). Not both: the legs bonus is the
    "otherwise exceptionally stable" one the SRD gives the dwarf."""
    own = [
        Modifier(m.value, m.type, m.source, m.scope)
        for m in stats.stat.modifiers
        if m.stat == resisting
    ]
    if not own and also is not None:
        own = [
            Modifier(m.value, m.type, m.source, m.scope)
            for m in stats.stat.modifiers
            if m.stat == also
        ]
    if own:
        return own
    if stats.stat.legs >= (legs or rules.stability_legs):
        n = stats.stat.legs
        return [Modifier(rules.stability_bonus, BonusType.UNTYPED, f"stability ({n} legs)")]
    return []


def improved(stats: Statistics, feat: str, rules: Ruleset) -> list[Modifier]:
    """The "Improved" feat's bonus on the opposed roll (seed 002: +4; seed 000 gives
    none, only the attack of opportunity it removes: ``improved_maneuver_bonus``)."""
    if rules.improved_maneuver_bonus and stats.stat.has_feat(feat):
        return [Modifier(rules.improved_maneuver_bonus, BonusType.UNTYPED, feat.title())]
    return []


def opposed_total(*groups: list[Modifier] | Modifier) -> Total:
    """A check's modifier from single modifiers and lists of them."""
    mods: list[Modifier] = []
    for g in groups:
        mods.extend(g if isinstance(g, list) else [g])
    return stack(mods)
