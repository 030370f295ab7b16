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
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from d20combat.content.creatures import MATERIAL_QUALITY, DamageReduction
from d20combat.content.damage import DamageType
from d20combat.content.rulesets import Ruleset


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


class Defenses(NamedTuple):
    """What a target has against damage."""

    dr: tuple[DamageReduction, ...] = ()
    resist: Mapping[DamageType, int] = {}
    immune: frozenset[DamageType] = frozenset()
    vulnerable: frozenset[DamageType] = frozenset()
    nonlethal_immune: bool = False


class Reduction(NamedTuple):
    """A note of how a defense changed the damage: what, how much, and why."""

    kind: str  # "damage reduction", "resistance", "immunity", "vulnerability"
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
    for t, amount in by_type.items():
        if t in defenses.immune:
            notes.append(Reduction("immunity", amount, f"immune to {t.value}"))
            continue
        resist = defenses.resist.get(t, 0)
        if resist and amount:
            cut = min(resist, amount)
            notes.append(Reduction("resistance", cut, f"resist {t.value} {resist}"))
            amount -= cut
        if t in defenses.vulnerable and amount:
            more = math.floor(amount * num / den) - amount
            notes.append(Reduction("vulnerability", -more, f"vulnerable to {t.value}"))
            amount += more
        total += amount
    return total, tuple(notes)
