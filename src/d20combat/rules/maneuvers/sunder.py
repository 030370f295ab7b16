"""Sunder (seed 000 "Sunder", "Strike a Weapon"; seed 002 "Sunder"; SRD feats "Improved
Sunder"). Seeds 004 and 001 are silent: every ruleset takes this procedure.

1. The attempt provokes an attack of opportunity from the holder (none with Improved
   Sunder); the encounter offers it before this procedure runs.
2. Against a weapon or shield in hand: opposed attack rolls with the two sides'
   weapons, the wielder of a two-handed weapon +4, of a light one -4, the larger
   combatant +4 per size category, Improved Sunder +4 (seed 002, D01); the attacker
   must *beat* the defender ("If you beat the defender"). Against a carried or worn
   object (a sheathed weapon): an attack roll against its AC, 10 + its size modifier +
   the carrier's Dexterity modifier ("Sundering a Carried or Worn Object"), Improved
   Sunder's +4 too ("any attack roll made to attack an object held or carried").
3. On a win the attacker rolls its weapon's damage against the item: no critical hit,
   no nonlethal damage; hardness off the blow, the rest off the item's hit points
   (:func:`d20combat.rules.objects.damage_to_object`). At 0 the item is destroyed.

Who may sunder what (a slashing or bludgeoning weapon; no armor; an enhancement bonus at
least the item's, seed 000 "Strike a Weapon") is the encounter's check.
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.rulesets import Ruleset
from d20combat.rules.attack import Attack, roll_damage
from d20combat.rules.checks import Opposed, Ties, opposed
from d20combat.rules.damage import DamagePart
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import (
    Hold,
    Touch,
    combatant_size,
    effort_modifiers,
    improved,
    touch_attack,
)
from d20combat.rules.modifiers import Modifier, Total
from d20combat.rules.objects import ObjectDamage, damage_to_object
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Sunder; seed 002 Sunder"


class SunderSides(NamedTuple):
    """The numbers of one sunder attempt.

    ``attack``: the attacker's opposed roll (or attack roll); ``resist``: the
    defender's opposed roll, None for a carried or worn object, hit with ``attack``
    against ``object_ac``; ``blow``: the damage roll's numbers (option, damage bonus,
    extra damage); ``hardness`` and ``hp``: the item's, its hit points left."""

    attack: Total
    resist: Total | None
    blow: Attack
    hardness: int
    hp: int
    object_ac: Total | None = None


class SunderResult(NamedTuple):
    """What happened: the attack roll on a carried object or the opposed rolls, the
    damage rolled (``parts``) and what it did to the item, its hit points left."""

    hit: Touch | None
    check: Opposed | None
    parts: tuple[DamagePart, ...] = ()
    damage: ObjectDamage | None = None
    hp_left: int = 0

    @property
    def landed(self) -> bool:
        """The blow reached the item."""
        return self.damage is not None

    @property
    def destroyed(self) -> bool:
        return self.damage is not None and self.hp_left <= 0


def sunder_roll(
    stats: Statistics, hold: Hold, bonus: Total, rules: Ruleset, *, attacker: bool
) -> Total:
    """One side's opposed attack roll in a sunder: ``bonus`` with the two-handed/light
    modifier, the combatant's size, and the attacker's Improved Sunder."""
    mods: list[Modifier] = [*effort_modifiers(hold), combatant_size(stats)]
    if attacker:
        mods += improved(stats, "improved sunder", rules)
    return bonus.plus(*mods)


def sunder(dice: DiceSource, sides: SunderSides, rules: Ruleset) -> SunderResult:
    """Roll one sunder attempt (the attack of opportunity comes first, in the
    encounter)."""
    hit = check = None
    if sides.resist is None:
        assert sides.object_ac is not None
        hit = touch_attack(dice, sides.attack, sides.object_ac, "sunder: attack roll", rules)
        if not hit.hit:
            return SunderResult(hit, None)
    else:
        check = opposed(
            dice,
            sides.attack,
            sides.resist,
            ("sunder: attack roll", "sunder: resisting attack roll"),
            Ties.OPPONENT,
        )
        if not check.won:
            return SunderResult(None, check)
    parts = tuple(roll_damage(dice, sides.blow))
    blow = damage_to_object(parts, sides.hardness, rules, nonlethal=sides.blow.nonlethal)
    return SunderResult(hit, check, parts, blow, max(0, sides.hp - blow.damage))


def outcome(r: SunderResult) -> str:
    """The result's name: destroyed, damaged, glancing (hardness takes it all),
    failed or missed."""
    if r.hit is not None and not r.hit.hit:
        return "missed"
    if r.damage is None:
        return "failed"
    if r.destroyed:
        return "destroyed"
    return "damaged" if r.damage.damage else "glancing"
