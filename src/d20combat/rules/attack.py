"""One attack, resolved: attack roll, critical threat and confirmation, concealment,
damage with multipliers, and the target's defenses.

The procedure :func:`resolve_attack` takes a :class:`~d20combat.rules.dice.DiceSource`,
so the same code rolls a fight (``SampledDice``) and computes exact odds
(``enumerate_outcomes``).

Sources:
* seed 003 "Attack Roll": a natural 1 always misses; a natural 20 always hits and
  threatens;
* SRD combat-i "Critical Hits": a threat is any hit whose natural roll is in the
  weapon's threat range; a confirmation roll with the same bonus must hit the same AC;
* seed 003 "Multiplying Damage": roll the damage (with all modifiers) that many
  times; several multipliers add (each works off the original); extra damage dice
  are never multiplied; "Minimum Damage": a hit deals at least 1 point;
* seed 003 "Concealment Miss Chance" (d%, 20%, total 50%, not cumulative); seed 001
  "Concealment" (the ``advanced`` ruleset rolls a d10, a low roll missing);
* seed 000 "Combat Variant Options": instant kill, softer critical hits, fumbles;
* SRD combat-i "Nonlethal Damage" (-4 to switch between lethal and nonlethal);
  seed 001 "Dealing subdual damage" (``advanced``: a deadly weapon deals half);
* SRD combat-ii "Helpless Defenders", seed 002 and seed 004 "Coup de Grace": the
  attack "automatically hits and scores a critical hit" (``auto_hit``,
  ``auto_critical``); seed 004 "Knockout Blow": a hit is a critical hit
  (``auto_critical`` alone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from d20combat.content.creatures import ExtraDamage
from d20combat.content.rulesets import Ruleset, Variant
from d20combat.rules.damage import INCORPOREAL, DamagePart, Defenses, Reduction, apply_defenses
from d20combat.rules.dice import D10, D20, D100, DISADVANTAGE, Dice, DiceSource
from d20combat.rules.energy import incorporeal_parts
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics

ROLL_CLASS = tuple[bool, bool, int]  # (hits, threatens, natural 1 / 20 / 0)
_SOFTER = Variant.SOFTER_CRITICALS
# per attack option (by id, the option kept alive in the entry): the qualities its
# damage carries against damage reduction (materials and alignments)
_QUALITIES: dict[int, tuple[AttackOption, frozenset[str]]] = {}


class Attack(NamedTuple):
    """Everything one attack roll needs, already totalled by the caller.

    ``bonus`` and ``ac`` include every situational modifier (flanking, cover,
    charge, the defender's condition, touch or flat-footed AC). ``multiplier`` is
    the product of non-critical multipliers (a lance on a mounted charge: 2), which
    combine with a critical by adding (seed 003). ``concealment`` is the miss chance
    in percent (0, 20, 50).
    """

    option: AttackOption
    bonus: Total
    ac: Total
    damage_bonus: Total
    concealment: int = 0
    crit_immune: bool = False
    defenses: Defenses = Defenses()
    multiplier: int = 1
    extra: tuple[ExtraDamage, ...] = ()
    nonlethal: bool = False
    half_damage: bool = False
    dex_mod: int = 0
    reroll_concealment: bool = False  # SRD feats "Blind-Fight" (melee)
    auto_hit: bool = False  # no attack roll, no miss chance (a coup de grace)
    auto_critical: bool = False  # a hit is a critical, unconfirmed (coup de grace, knockout)
    disadvantage: bool = False  # seed 001: the attack roll is 2d20, keep the lower
    incorporeal_source: bool = False  # an incorporeal attacker (SRD "Incorporeal Subtype")


class AttackResult(NamedTuple):
    """The outcome of one attack. ``damage`` is after the target's defenses.

    ``threat`` is True when the roll hit within a threat range of an attack that can
    critical this target (so a confirmation roll follows unless concealment turns the
    hit into a miss): never against a creature immune to critical hits, nor with a
    weapon the softer-criticals variant leaves without criticals.
    """

    hit: bool
    critical: bool = False
    threat: bool = False
    natural: int = 0
    total: int = 0
    confirm_total: int | None = None
    concealed: bool = False
    fumble: bool = False
    instant_kill: bool = False
    rolled: int = 0
    damage: int = 0
    nonlethal: bool = False
    multiplier: int = 1
    parts: tuple[DamagePart, ...] = ()
    reductions: tuple[Reduction, ...] = ()

    @property
    def outcome(self) -> str:
        if self.fumble:
            return "fumble"
        if not self.hit:
            return "concealed" if self.concealed else "miss"
        return "critical" if self.critical else "hit"


def combine_multipliers(*multipliers: int) -> int:
    """Several multipliers add, each working off the original (seed 003).

    >>> combine_multipliers(2, 3)  # a x3 critical on a double-damage lance charge
    4
    """
    return 1 + sum(m - 1 for m in multipliers)


def critical_profile(option: AttackOption, rules: Ruleset) -> tuple[int, int] | None:
    """(lowest threat face, multiplier), or None if the attack cannot critical.

    The softer-criticals variant (seed 000) narrows the threat range one step
    (19-20 -> 20, 18-20 -> 19-20, 15-20 -> 16-20); a weapon that threatens only on
    20 steps its multiplier down instead (x4 -> x3, x3 -> x2), and a 20/x2 weapon
    cannot critical at all, as the variant's text says. (The variant's table is
    ambiguous for 20/x3 weapons; this reading is the one consistent with that
    sentence.)
    """
    low, mult = option.crit_range, option.crit_multiplier
    if _SOFTER not in rules.variants:
        return low, mult
    if low < 20:
        return low + 1, mult
    if mult <= 2:
        return None
    return 20, mult - 1


def _roll_class(bonus: int, ac: int, threat_from: int) -> Callable[[int], ROLL_CLASS]:
    def classify(face: int) -> ROLL_CLASS:
        if face == 1:
            return (False, False, 1)
        if face == 20:
            return (True, True, 20)
        hit = face + bonus >= ac
        return (hit, hit and face >= threat_from, 0)

    return classify


def miss_chance_roll(dice: DiceSource, percent: int, rules: Ruleset) -> bool:
    """True if concealment makes a hit miss: d% <= percent, or d10 <= percent/10 (seed 001)."""
    if percent <= 0:
        return False
    if rules.concealment_die == 10:
        threshold = percent // 10
        missed, _ = dice.classify(D10, "concealment miss chance (d10)", lambda r: r <= threshold)
    else:
        missed, _ = dice.classify(D100, "concealment miss chance (d%)", lambda r: r <= percent)
    return missed


def lethal_refused(option: AttackOption | None, rules: Ruleset) -> str | None:
    """Why ``option`` cannot deal lethal damage instead of its nonlethal damage, or
    None: under ``unarmed_lethal: trained-only`` (seed 001 "Dealing subdual damage")
    only a trained unarmed strike (a monk's, Improved Unarmed Strike: seed 001's
    Unarmed Combat feat, reading A192) chooses lethal damage."""
    if option is None or not option.nonlethal or option.either:
        return None
    if rules.unarmed_lethal != "trained-only" or option.name != "unarmed strike":
        return None
    return (
        "only a monk or a creature with Improved Unarmed Strike (seed 001's Unarmed "
        "Combat) deals lethal damage with an unarmed strike"
    )


def nonlethal_switch(
    option: AttackOption, want_nonlethal: bool, rules: Ruleset
) -> tuple[Modifier | None, bool]:
    """The attack modifier and half-damage flag for dealing the other kind of damage.

    srd35/d20modern (SRD combat-i "Nonlethal Damage"): -4 on the attack either way.
    advanced (seed 001): a deadly melee weapon deals half damage as subdual, no
    penalty.

    Does not check that the switch is allowed: only a *melee* lethal weapon can deal
    nonlethal damage (seed 003; seed 004 says so of ranged weapons outright), so the
    caller must not ask it of a ranged one (this function would answer -4).
    """
    if want_nonlethal == option.nonlethal or option.either:
        return None, False
    if want_nonlethal and rules.lethal_weapon_nonlethal == "half-damage" and not option.ranged:
        return None, True
    source = (
        "nonlethal with a lethal weapon" if want_nonlethal else "lethal with a nonlethal weapon"
    )
    return Modifier(-4, BonusType.UNTYPED, source), False


def _damage_qualities(option: AttackOption) -> frozenset[str]:
    hit = _QUALITIES.get(id(option))
    if hit is None or hit[0] is not option:
        if len(_QUALITIES) > 4096:
            _QUALITIES.clear()
        hit = _QUALITIES[id(option)] = (
            option,
            frozenset(option.materials) | frozenset(option.aligned),
        )
    return hit[1]


def roll_damage(dice: DiceSource, attack: Attack, mult: int = 1) -> list[DamagePart]:
    """Roll a hit's damage: the weapon's dice and bonus ``mult`` times (seed 003
    "Multiplying Damage"), at least 1 ("Minimum Damage"), halved for a deadly weapon's
    subdual damage (seed 001); then each extra damage, never multiplied. One part per
    roll, with its damage types."""
    option = attack.option
    per_roll = attack.damage_bonus.value
    rolled = dice.roll(
        option.dice.times(mult).plus(per_roll * mult),
        f"damage ({option.name}, x{mult})" if mult > 1 else f"damage ({option.name})",
    )
    if attack.half_damage:
        rolled //= 2
    rolled = max(1, rolled)
    qualities = _damage_qualities(option)
    parts = [DamagePart(rolled, option.damage_types, option.name, option.enhancement, qualities)]
    for extra in (*option.extra, *attack.extra) if option.extra or attack.extra else ():
        amount = dice.roll(Dice.parse(extra.dice), f"extra damage ({extra.source or extra.dice})")
        types = (extra.type,) if extra.type else option.damage_types
        parts.append(
            DamagePart(amount, types, extra.source or extra.dice, option.enhancement, qualities)
        )
    return parts


def resolve_attack(dice: DiceSource, attack: Attack, rules: Ruleset) -> AttackResult:
    """Resolve one attack roll to its outcome and damage.

    An ``auto_hit`` attack rolls no d20 and no miss chance; an ``auto_critical`` one
    that hits is a critical hit without a confirmation roll (its multiplier as the
    weapon's, narrowed by the softer-criticals variant; none against a creature immune
    to critical hits).

    Does not check whether the attack is legal (reach, range, line of effect) or
    whether the target is dead; the caller decides that.
    """
    option = attack.option
    bonus = attack.bonus.value
    ac = attack.ac.value
    crit = None if attack.crit_immune else critical_profile(option, rules)
    if attack.auto_hit:
        return _hit(dice, attack, rules, crit, attack.auto_critical and crit is not None)
    threat_from = crit[0] if crit else 21
    # seed 001 "disadvantage": roll twice, keep the lower (the attack roll only, not the
    # critical confirmation, A118)
    (hit, threat, natural), face = dice.classify(
        DISADVANTAGE if attack.disadvantage else D20,
        f"attack roll ({option.name}, disadvantage)"
        if attack.disadvantage
        else f"attack roll ({option.name})",
        _roll_class(bonus, ac, threat_from),
    )
    threat = threat and crit is not None  # a natural 20 threatens only a possible critical
    total = face + bonus
    if not hit:
        fumble = False
        if natural == 1 and rules.has(Variant.FUMBLES):
            # seed 000 "Critical Misses (Fumbles)": DC 10 Dexterity check or fumble.
            fumble, _ = dice.classify(
                D20, "fumble check (Dex DC 10)", lambda r: r + attack.dex_mod < 10
            )
        return AttackResult(False, natural=face, total=total, fumble=fumble)
    # SRD feats "Blind-Fight": in melee, a miss for concealment is rerolled once
    if miss_chance_roll(dice, attack.concealment, rules) and (
        not attack.reroll_concealment or miss_chance_roll(dice, attack.concealment, rules)
    ):
        return AttackResult(False, threat=threat, natural=face, total=total, concealed=True)
    critical = False
    confirm_total = None
    instant_kill = False
    if attack.auto_critical:
        threat = False
    elif threat and crit is not None:
        (confirmed, _, confirm_nat), confirm_face = dice.classify(
            D20, "critical confirmation", _roll_class(bonus, ac, 21)
        )
        confirm_total = confirm_face + bonus
        critical = confirmed
        if natural == 20 and confirm_nat == 20 and rules.has(Variant.INSTANT_KILL):
            # seed 000 "Instant Kill": a third roll that hits slays the target.
            (kill, _, _), _ = dice.classify(D20, "instant kill roll", _roll_class(bonus, ac, 21))
            instant_kill = kill
    critical = critical or (attack.auto_critical and crit is not None)
    return _hit(
        dice, attack, rules, crit, critical, threat, face, total, confirm_total, instant_kill
    )


def _hit(
    dice: DiceSource,
    attack: Attack,
    rules: Ruleset,
    crit: tuple[int, int] | None,
    critical: bool,
    threat: bool = False,
    natural: int = 0,
    total: int = 0,
    confirm_total: int | None = None,
    instant_kill: bool = False,
) -> AttackResult:
    """A hit's damage, multiplied and reduced (the roll's numbers passed through)."""
    mult = combine_multipliers(crit[1] if critical and crit else 1, attack.multiplier)
    return damage_of(
        dice,
        attack,
        rules,
        mult,
        critical=critical,
        threat=threat,
        natural=natural,
        total=total,
        confirm_total=confirm_total,
        instant_kill=instant_kill,
    )


def damage_of(
    dice: DiceSource, attack: Attack, rules: Ruleset, mult: int = 1, **roll: Any
) -> AttackResult:
    """The damage of a hit with ``attack`` (multiplied ``mult`` times), after the
    target's defenses: the damage part of :func:`resolve_attack`, also used alone where
    damage comes without an attack roll (seed 000 "Grapple": a won grapple check deals
    unarmed-strike damage). ``roll``: the attack roll's fields of the result."""
    parts = roll_damage(dice, attack, mult)
    rolled = sum(p.amount for p in parts)
    d = attack.defenses
    spared: tuple[Reduction, ...] = ()
    if INCORPOREAL in d.kinds and not attack.incorporeal_source:
        parts, spared = incorporeal_parts(dice, parts)  # SRD "Incorporeal Subtype"
    energy = bool(rules.damage_type_traits) and any(not p.physical for p in parts)
    if d.dr or d.resist or d.immune or d.vulnerable or energy:
        damage, notes = apply_defenses(parts, d, rules)
    else:  # nothing to reduce or multiply: apply_defenses would add the parts up
        damage, notes = sum(p.amount for p in parts), ()
    if spared:
        notes = (*spared, *notes)
    nonlethal = attack.nonlethal
    if nonlethal and attack.defenses.nonlethal_immune:
        notes = (*notes, Reduction("immunity", damage, "immune to nonlethal damage"))
        damage = 0
    return AttackResult(
        True,
        rolled=rolled,
        damage=damage,
        nonlethal=nonlethal,
        multiplier=mult,
        parts=tuple(parts),
        reductions=notes,
        **roll,
    )


def attack_on(
    target: Statistics,
    option: AttackOption,
    rules: Ruleset,
    *,
    bonus: Total | None = None,
    attacker_dex: int = 0,
    touch: bool = False,
    flat_footed: bool = False,
    attack_mods: tuple[Modifier, ...] = (),
    ac_mods: tuple[Modifier, ...] = (),
    damage_mods: tuple[Modifier, ...] = (),
    concealment: int = 0,
    nonlethal: bool | None = None,
    extra: tuple[ExtraDamage, ...] = (),
    multiplier: int = 1,
) -> Attack:
    """Assemble an :class:`Attack` of ``option`` against ``target``.

    ``bonus`` defaults to the option's first-attack bonus (pass an iterative's).
    Situational modifiers are added and re-stacked; touch attacks use touch AC
    (seed 003 "Touch Attacks"); a ``flat_footed`` target loses its Dexterity bonus and
    dodge bonuses (the caller has weighed uncanny dodge:
    :meth:`~d20combat.rules.statistics.Statistics.armor_class` ``dex_lost``).
    """
    total = bonus if bonus is not None else option.bonus
    want_nonlethal = option.nonlethal if nonlethal is None else nonlethal
    switch, half = nonlethal_switch(option, want_nonlethal, rules)
    mods = (*attack_mods, switch) if switch else attack_mods
    if mods:
        total = total.plus(*mods)
    ac = target.armor_class(touch=touch or option.touch, dex_lost=flat_footed)
    if ac_mods:
        ac = ac.plus(*ac_mods)
    damage = option.damage_bonus.plus(*damage_mods) if damage_mods else option.damage_bonus
    return Attack(
        option=option,
        bonus=total,
        ac=ac,
        damage_bonus=damage,
        concealment=concealment,
        crit_immune=target.crit_immune,
        defenses=target.defenses,
        multiplier=multiplier,
        extra=extra,
        nonlethal=want_nonlethal,
        half_damage=half,
        dex_mod=attacker_dex,
    )
