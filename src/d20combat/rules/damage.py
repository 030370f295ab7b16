"""Damage after defenses: damage reduction, energy resistance, immunity, vulnerability.

Sources:
* seed 001 "Damage Reduction (DR)": reduces each physical attack unless it meets the
  condition; ``advanced``: a magic weapon bypasses 10 points per +1 (the ruleset's
  ``dr_bypass_per_enhancement``);
* SRD special-abilities-and-conditions.html "Damage Reduction": DR applies once per
  attack to its physical damage, is overcome by the named quality (magic, a material,
  an alignment, a damage type), DR x/- by nothing; of several DRs the best applicable
  one counts;
* seed 001 "Many creatures are naturally resistant or immune" and SRD "Energy
  Resistance": subtract the resistance from each attack's damage of that type;
  immunity stops it; vulnerability multiplies it (ruleset ``vulnerability_multiplier``:
  +50% in srd35, double in ``advanced``).
* seed 001 damage categories, each trait applied when the ruleset's
  ``damage_type_traits`` names it (:data:`TRAITS`): "Negative energy ... damages living
  creatures, but heals the undead", "Positive energy heals living creatures, but deals
  damage to undead creatures" (``energy-life``; srd35 by the SRD's cure and inflict
  spells, "Since undead are powered by negative energy"; constructs neither, A141);
  "Psychic damage ... has no effect on mindless creatures" (``psychic-mindless``);
  "Holy damage ... especially deadly to undead and unholy creatures" (``holy-bane``:
  read as a vulnerability, A140); "Water damage ... normally only applies to creatures
  made of fire or of water-soluble substances" (``water-fire-only``, A142); "Cold
  damage ... is especially potent against creatures soaked in water" and water damage
  "turns deadly when combined with cold damage" (``cold-soaked``: a vulnerability
  against a creature in the water or struck by water in the same attack, A206); what
  sonic, electricity, acid and fire do beyond hit points (``sonic-deafens``,
  ``electricity-conducts``, ``acid-corrodes``, ``fire-ignites``):
  :mod:`d20combat.encounter.energy`, the numbers in :mod:`d20combat.rules.energy`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple, get_args

from d20combat.content.creatures import MATERIAL_QUALITY, DamageReduction
from d20combat.content.damage import DamageType
from d20combat.content.rulesets import DamageTypeTrait, Ruleset


class DamagePart(NamedTuple):
    """One typed amount of damage from one attack, with what overcomes DR."""

    amount: int
    types: tuple[DamageType, ...]
    source: str
    enhancement: int = 0
    qualities: frozenset[str] = frozenset()  # materials and alignments of the weapon

    @property
    def physical(self) -> bool:
        return any(t.physical for t in self.types)


TRAITS: tuple[str, ...] = get_args(DamageTypeTrait)
"""The seed 001 damage-type traits a ruleset may apply (``Ruleset.damage_type_traits``)."""

# The target kinds the traits read (``Defenses.kinds``).
UNDEAD, CONSTRUCT, MINDLESS, UNHOLY, FIRE_CREATURE, SOAKED, INCORPOREAL = (
    "undead",
    "construct",
    "mindless",
    "unholy",
    "fire",
    "soaked",
    "incorporeal",
)


class Defenses(NamedTuple):
    """What a target has against damage. ``kinds``: what the seed 001 damage-type
    traits read: ``undead``, ``construct``, ``mindless`` (no Intelligence score),
    ``unholy`` (evil), ``fire`` (the fire subtype), ``soaked`` (in the water: given by
    the encounter for the attack, A206); ``incorporeal`` (the subtype: read by
    :func:`d20combat.rules.energy.incorporeal_parts`)."""

    dr: tuple[DamageReduction, ...] = ()
    resist: Mapping[DamageType, int] = {}
    immune: frozenset[DamageType] = frozenset()
    vulnerable: frozenset[DamageType] = frozenset()
    nonlethal_immune: bool = False
    kinds: frozenset[str] = frozenset()


class Reduction(NamedTuple):
    """A note of how a defense changed the damage: what, how much, and why."""

    kind: str  # "damage reduction", "resistance", "immunity", "vulnerability", "healing"
    amount: int
    detail: str


def bypasses(dr: DamageReduction, parts: Iterable[DamagePart], *, magic: bool = True) -> bool:
    """Whether the attack's physical parts overcome ``dr`` (SRD "Damage Reduction").

    With ``magic=False`` an enhancement bonus does not count as the quality "magic"
    (the ``advanced`` ruleset, where magic lowers DR instead).
    """
    if not dr.bypass:
        return False
    qualities: set[str] = set()
    for p in parts:
        if magic and p.enhancement > 0:
            qualities.add("magic")
        qualities |= {MATERIAL_QUALITY.get(q.lower(), q.lower()) for q in p.qualities}
        qualities |= {t.value for t in p.types}
    needs = [b.lower() for b in dr.bypass]
    if dr.all_required:
        return all(b in qualities for b in needs)
    return any(b in qualities for b in needs)


def effective_dr(defenses: Defenses, parts: list[DamagePart], rules: Ruleset) -> tuple[int, str]:
    """The damage reduction that applies to this attack, and its label."""
    best = 0
    label = ""
    enhancement = max((p.enhancement for p in parts if p.physical), default=0)
    per_plus = rules.dr_bypass_per_enhancement
    for dr in defenses.dr:
        if bypasses(dr, parts, magic=per_plus == 0):
            continue
        amount = dr.amount - per_plus * enhancement
        if amount > best:
            best = amount
            label = f"DR {dr}"
            if per_plus and enhancement:
                label += f" less {per_plus * enhancement} for +{enhancement}"
    return max(0, best), label


def apply_defenses(
    parts: list[DamagePart], defenses: Defenses, rules: Ruleset
) -> tuple[int, tuple[Reduction, ...]]:
    """Total damage after DR, resistance, immunity and vulnerability, and the notes.

    Physical parts are reduced together by the one DR that applies; each energy type
    is reduced by its own resistance once per attack.

    >>> from d20combat.content.rulesets import ruleset
    >>> slash = DamagePart(12, (DamageType.SLASHING,), "longsword")
    >>> apply_defenses([slash], Defenses(dr=(DamageReduction(amount=5),)), ruleset())[0]
    7
    """
    notes: list[Reduction] = []
    physical = [p for p in parts if p.physical]
    total = 0
    if physical:
        amount = sum(p.amount for p in physical)
        dr, label = effective_dr(defenses, physical, rules)
        if dr and amount:
            cut = min(dr, amount)
            notes.append(Reduction("damage reduction", cut, label))
            amount -= cut
        total += amount
    by_type: dict[DamageType, int] = {}
    for p in parts:
        if not p.physical:
            t = p.types[0]
            by_type[t] = by_type.get(t, 0) + p.amount
    num, den = rules.vulnerability_multiplier
    traits = rules.damage_type_traits
    kinds = defenses.kinds
    if DamageType.COLD in by_type and DamageType.WATER in by_type and "cold-soaked" in traits:
        kinds = kinds | {SOAKED}  # seed 001: water "turns deadly when combined with cold"
    for t, amount in by_type.items():
        if t in defenses.immune:
            notes.append(Reduction("immunity", amount, f"immune to {t.value}"))
            continue
        vulnerable = t in defenses.vulnerable
        trait = type_trait(t, kinds, traits, vulnerable=vulnerable) if traits else None
        if trait is not None and trait[0] != "vulnerability":
            notes.append(Reduction(trait[0], amount, trait[1]))
            continue
        resist = defenses.resist.get(t, 0)
        if resist and amount:
            cut = min(resist, amount)
            notes.append(Reduction("resistance", cut, f"resist {t.value} {resist}"))
            amount -= cut
        if (vulnerable or trait is not None) and amount:
            more = math.floor(amount * num / den) - amount
            why = f"vulnerable to {t.value}" if trait is None else trait[1]
            notes.append(Reduction("vulnerability", -more, why))
            amount += more
        total += amount
    return total, tuple(notes)


def type_trait(
    t: DamageType, kinds: frozenset[str], traits: tuple[str, ...], *, vulnerable: bool = False
) -> tuple[str, str] | None:
    """What a seed 001 damage type does to a target of these ``kinds`` beyond plain
    damage, under the ruleset's ``traits``: ``("healing", why)`` (the amount heals
    instead), ``("immunity", why)`` (no effect), ``("vulnerability", why)`` (the
    ruleset's vulnerability multiplier), or None (plain damage). ``vulnerable``: the
    target's own listed vulnerability to ``t`` (a water-soluble creature's to water)."""
    if t in (DamageType.POSITIVE, DamageType.NEGATIVE) and "energy-life" in traits:
        if CONSTRUCT in kinds:
            return "immunity", f"{t.value}: a construct is neither living nor undead (A141)"
        if (t is DamageType.NEGATIVE) == (UNDEAD in kinds):
            who = "the undead" if UNDEAD in kinds else "the living"
            return "healing", f"{t.value} heals {who}"
        return None
    if t is DamageType.PSYCHIC and "psychic-mindless" in traits and MINDLESS in kinds:
        return "immunity", "psychic damage has no effect on the mindless"
    if (
        t is DamageType.HOLY
        and "holy-bane" in traits
        and kinds & {UNDEAD, UNHOLY}
        and not vulnerable
    ):
        return "vulnerability", "holy damage is especially deadly to undead and unholy (A140)"
    if t is DamageType.COLD and SOAKED in kinds and "cold-soaked" in traits and not vulnerable:
        return "vulnerability", "cold is especially potent against the soaked (A206)"
    water = t is DamageType.WATER and "water-fire-only" in traits
    if water and FIRE_CREATURE not in kinds and not vulnerable:
        return "immunity", "water damage harms only creatures of fire or water-soluble (A142)"
    return None


def healing_of(notes: Iterable[Reduction]) -> int:
    """The hit points an attack's energy heals instead of harming (``energy-life``)."""
    return sum(n.amount for n in notes if n.kind == "healing")
