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

from d20combat.content.creatures import Ability
from d20combat.content.equipment import armor
from d20combat.content.objects import (
    HardnessHP,
    item_hardness_and_hp,
    object_size_ac_modifier,
    weapon_kind,
)
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
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
    weapon_ref,
)
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
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


# durabilities by (statistics, item), the statistics kept alive in the entry
_DURABILITY: dict[tuple[int, str], tuple[Statistics, HardnessHP | None]] = {}


def durability(stats: Statistics, item: str) -> HardnessHP | None:
    """Hardness and full hit points of the weapon or shield ``item`` of the creature of
    ``stats`` (seed 000 "Sunder": Table: Common Armor, Weapon, and Shield Hardness and
    Hit Points, by the item's size; "Strike a Weapon": +1 each per +1 of enhancement),
    or None for what has no row (an unarmed strike, a flask). Armor is never sundered.
    Cached: statistics are immutable."""
    key = (id(stats), item)
    hit = _DURABILITY.get(key)
    if hit is not None and hit[0] is stats:
        return hit[1]
    found = _durability(stats, item)
    if len(_DURABILITY) > 4096:
        _DURABILITY.clear()
    _DURABILITY[key] = (stats, found)
    return found


def _durability(stats: Statistics, item: str) -> HardnessHP | None:
    s = stats.stat.shield
    if s is not None and s.display == item:
        size = stats.stat.size
        return item_hardness_and_hp(armor(s.armor).name, size, enhancement=s.enhancement)
    ref = weapon_ref(stats, item)
    kind = weapon_kind(ref.weapon) if ref is not None else None
    if ref is None or kind is None:
        return None
    size = ref.size if ref.size is not None else stats.stat.size
    return item_hardness_and_hp(kind, size, enhancement=ref.enhancement)


def enhancement(stats: Statistics, item: str) -> int:
    """The enhancement bonus of the weapon or shield ``item``."""
    s = stats.stat.shield
    if s is not None and s.display == item:
        return s.enhancement
    ref = weapon_ref(stats, item)
    return ref.enhancement if ref is not None else 0


#: The armor of the SRD's armor table made of metal (A253: the SRD's descriptions of
#: the chain, scale, banded, splint and plate armors; the leather, hide and padded
#: ones are not; studded leather is leather).
METAL_ARMOR = frozenset(
    {
        "chain shirt",
        "scale mail",
        "chainmail",
        "breastplate",
        "splint mail",
        "banded mail",
        "half-plate",
        "full plate",
    }
)


def armor_durability(stats: Statistics) -> tuple[str, HardnessHP] | None:
    """The worn metal armor of the creature of ``stats`` by its name, with its hardness
    (iron, 10: seed 000 Table: Substance Hardness and Hit Points) and hit points (5 a
    point of armor bonus: the table's footnote 2), +1 each per +1 of enhancement; None
    without metal armor (A253)."""
    from d20combat.content.equipment import armor
    from d20combat.content.objects import item_hardness_and_hp

    a = stats.stat.armor
    if a is None or armor(a.armor).name not in METAL_ARMOR:
        return None
    table = item_hardness_and_hp(
        "armor",
        stats.stat.size,
        enhancement=a.enhancement,
        armor_bonus=armor(a.armor).bonus,
        material="iron",
    )
    return a.display, table


def caster_level(stats: Statistics, item: str) -> int | None:
    """The caster level of the weapon or shield ``item`` if it is magic
    (:func:`d20combat.content.creatures.item_caster_level`), else None."""
    from d20combat.content.creatures import item_caster_level

    s = stats.stat.shield
    if s is not None and s.display == item:
        return item_caster_level(s)
    a = stats.stat.armor
    if a is not None and a.display == item:
        return item_caster_level(a)
    ref = weapon_ref(stats, item)
    return item_caster_level(ref) if ref is not None else None


def carried_object_ac(carrier: Statistics, size: Size) -> Total:
    """seed 000 "Sunder": "A carried or worn object's AC is equal to 10 + its size
    modifier + the Dexterity modifier of the carrying or wearing character"."""
    return stack(
        [
            Modifier(10, BonusType.BASE, "object"),
            Modifier(object_size_ac_modifier(size), BonusType.SIZE, f"{size.label} object"),
            Modifier(carrier.mod(Ability.DEX), BonusType.ABILITY, "carrier's Dex"),
        ]
    )


def sunder_sides(
    attacker: Statistics,
    mine: Hold,
    my_roll: Total,
    defender: Statistics,
    theirs: Hold | None,
    their_roll: Total | None,
    blow: Attack,
    hardness: int,
    hp: int,
    rules: Ruleset,
    *,
    carried: Size | None = None,
) -> SunderSides:
    """The numbers of a sunder by ``mine`` (each side's attack roll, ``my_roll`` and
    ``their_roll``, with its situation given) on an item of ``hardness`` with ``hp``
    hit points left: held (opposed rolls, ``theirs`` what the defender opposes with), or
    ``carried`` (the item's size as an object: an attack roll against its AC, Improved
    Sunder's +4 on it)."""
    if carried is not None:
        gain = improved(attacker, "improved sunder", rules)
        roll = my_roll.plus(*gain) if gain else my_roll
        ac = carried_object_ac(defender, carried)
        return SunderSides(roll, None, blow, hardness, hp, object_ac=ac)
    check = sunder_roll(attacker, mine, my_roll, rules, attacker=True)
    if theirs is None or their_roll is None:  # nothing to fight with: a bare d20
        return SunderSides(check, stack([]), blow, hardness, hp)
    resist = sunder_roll(defender, theirs, their_roll, rules, attacker=False)
    return SunderSides(check, resist, blow, hardness, hp)


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
