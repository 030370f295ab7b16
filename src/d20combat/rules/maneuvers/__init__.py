"""Special attacks (seed 000 "Combat: Special Attacks"), one module per procedure.

Each procedure is a pure function of a :class:`~d20combat.rules.dice.DiceSource` and
the numbers of both sides, already totalled with their breakdowns, so one code path
rolls a fight and computes the exact odds of ``d20combat odds MANEUVER``. What is shared
lives here: the touch attack most of them open with, and the modifiers of the opposed
checks (size, stability, the "Improved" feats), read from the ruleset's data.
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.creatures import Ability, WeaponRef
from d20combat.content.equipment import ONE_HANDED_PROJECTILES, Handedness, Weapon
from d20combat.content.objects import weapon_kind
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.attack import miss_chance_roll
from d20combat.rules.dice import D20, DiceSource
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import AttackOption, Statistics, initial_wielding


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


# ------------------------------------------------------------------ weapons in hand
# A weapon's size category as an object, against its wielder's (or its own) size: the
# older rules name weapons by size (seed 000's older hardness table: a "Small blade" is
# a short sword, a "Medium-size blade" a longsword, a "Large blade" a greatsword), which
# 3.5 calls light, one-handed and two-handed weapons for a Medium wielder.
_EFFORT_STEP = {"light": -1, "one-handed": 0, "two-handed": 1}


def weapon_size(weapon: Weapon | None, size: Size) -> Size:
    """The size category of ``weapon`` made for a creature of ``size``, as seed 004 and
    seed 001 compare weapons ("if the weapons are different sizes"): one category
    smaller for a light weapon (an unarmed strike too), the same for a one-handed one,
    one larger for a two-handed one; a ranged weapon by its hardness row (a thrown
    weapon's effort), a projectile weapon two-handed unless shot with one hand (hand
    crossbow, sling). A natural weapon (None) is the creature's size (a reading: A34).

    >>> from d20combat.content.equipment import weapon
    >>> [weapon_size(weapon(w), Size.MEDIUM).label for w in ("dagger", "longsword", "longbow")]
    ['Small', 'Medium', 'Large']
    """
    if weapon is None:
        return size
    if weapon.handedness is Handedness.UNARMED:
        step = -1
    elif weapon.handedness is not Handedness.RANGED:
        step = _EFFORT_STEP[weapon.handedness.value]
    else:
        kind = weapon_kind(weapon.name) or "light"
        if kind == "projectile weapon":
            step = 0 if weapon.name in ONE_HANDED_PROJECTILES else 1
        else:
            step = _EFFORT_STEP.get(kind.split(" ")[0], -1)
    return Size(min(max(int(size) + step, int(Size.FINE)), int(Size.COLOSSAL)))


class Hold(NamedTuple):
    """What one side of a disarm or sunder fights with: its attack option, the weapon's
    size category (:func:`weapon_size`), whether it is attached to a locked gauntlet,
    and its bonus on opposed rolls to disarm (SRD equipment: flail, sai, whip ...)."""

    option: AttackOption
    size: Size
    locked: bool = False

    @property
    def disarm_bonus(self) -> int:
        w = self.option.weapon
        return w.disarm_bonus if w is not None else 0


def weapon_ref(stats: Statistics, item: str) -> WeaponRef | None:
    """The weapon carried as ``item`` by the creature of ``stats``."""
    for ref in stats.stat.weapons:
        if ref.display == item:
            return ref
    return None


# holds by (statistics, option), both kept alive in the entry
_HOLDS: dict[tuple[int, int], tuple[Statistics, AttackOption, Hold]] = {}


def hold(stats: Statistics, option: AttackOption) -> Hold:
    """What the creature of ``stats`` fights with when it uses ``option``: the weapon's
    size category (its own size, else the creature's), a locked gauntlet (cached: both
    are immutable)."""
    key = (id(stats), id(option))
    hit = _HOLDS.get(key)
    if hit is not None and hit[0] is stats and hit[1] is option:
        return hit[2]
    ref = weapon_ref(stats, option.item) if option.item else None
    size = ref.size if ref is not None and ref.size is not None else stats.stat.size
    held = Hold(option, weapon_size(option.weapon, size), ref is not None and ref.locked)
    if len(_HOLDS) > 4096:
        _HOLDS.clear()
    _HOLDS[key] = (stats, option, held)
    return held


def held_options(stats: Statistics) -> list[AttackOption]:
    """The melee attacks a creature has in hand as a fight begins (its first routine's
    weapons and its natural weapons: :func:`d20combat.encounter.combatant.initial_wielding`),
    else its unarmed strike: what ``d20combat odds`` fights with out of any situation."""
    held = initial_wielding(stats)
    out = [o for o in stats.options if not o.ranged and (o.natural or o.item in held)]
    if not out and stats.unarmed is not None:
        out.append(stats.unarmed)
    return out


def effort_modifiers(hold: Hold) -> list[Modifier]:
    """seed 000 "Disarm", "Sunder" (seed 002 too): the wielder of a two-handed weapon +4
    on the opposed roll, of a light weapon -4 ("An unarmed strike is considered a light
    weapon"); a natural weapon is neither (a reading: A34)."""
    o = hold.option
    if o.natural or o.weapon is None:
        return []
    if o.weapon.handedness is Handedness.TWO_HANDED:
        return [Modifier(4, BonusType.UNTYPED, "two-handed weapon")]
    if o.light:
        return [Modifier(-4, BonusType.UNTYPED, "light weapon")]
    return []


def combatant_size(stats: Statistics) -> Modifier:
    """The larger combatant's +4 per size category of difference (seed 000 "Disarm",
    "Sunder"), as +/-4 per category from Medium on each side: the same contest."""
    size = stats.stat.size
    return Modifier(size.opposed_modifier, BonusType.SIZE, size.label)


def held_weapon_size(hold: Hold) -> Modifier:
    """The larger weapon's +4 per size category of difference (seed 004 "Disarm", seed
    001 "Disarm"), as +/-4 per category from Medium on each side (untyped: it adds to
    the combatants' size modifier in seed 004)."""
    return Modifier(
        hold.size.opposed_modifier, BonusType.UNTYPED, f"weapon size ({hold.size.label})"
    )
