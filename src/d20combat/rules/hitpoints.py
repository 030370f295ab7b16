"""Hit points and their states: damage, nonlethal damage, temporary hit points,
massive damage, dying and stabilising, ability damage — per ruleset.

:class:`Vitals` is an immutable record of one creature's hit-point state. The
functions here return a new record plus :class:`Effect` notes (conditions with a
duration that the encounter applies, such as dazed 1 round).

Sources:
* seed 003 "Hit Points": 0 disabled, -1 dying, -10 dead; SRD combat-i "Disabled",
  "Dying", "Dead", "Stable Characters and Recovery" (10% a round to stabilise; "if
  any sort of healing cures the dying character of even 1 point of damage, he stops
  losing hit points and becomes stable");
* seed 003 / SRD combat-i "Nonlethal Damage" (``srd35``: tracked apart; staggered
  when equal to current hit points, unconscious when above);
* seed 001 "Subdual damage" (``advanced``: lowers hit points but not below 0; at 0
  from subdual the creature is unconscious, not dying; it wakes when it recovers);
* seed 004 "Nonlethal Damage" (``d20modern``: compared with the massive damage
  threshold; Fort DC 15 or unconscious 1d4+1 rounds, dazed 1 round on a success);
* SRD combat-i "Massive Damage" (50 points from one attack: Fort DC 15 or die);
  seed 004 "Massive Damage" (more than the Constitution score without dropping to 0
  or below: Fort DC 15 or drop to -1; creatures immune to criticals are immune);
* SRD types-subtypes-and-special-abilities "Construct Type", "Undead Type" (the
  creatures with no Constitution score): "Not at risk of death from massive damage.
  Immediately destroyed when reduced to 0 hit points or less.";
* seed 004 "Recovering without Help" (Fort DC 20 each round to stabilise);
* seed 003 / 004 "Temporary Hit Points" (lost first; cannot be restored);
* SRD conditions "Ability Damaged" (Str 0 helpless, Dex 0 paralyzed, Con 0 dead,
  Int/Wis/Cha 0 unconscious);
* time out of combat (:func:`rest`): SRD combat-i "Natural Healing", "Healing Ability
  Damage", "Healing Nonlethal Damage", "Stable Characters and Recovery" (with and
  without help); seed 004 "Stable Characters and Recovery", "Natural Healing"; SRD
  conditions "Fatigued", "Exhausted" (first aid: ``rules.activities.first_aid``); seed
  003 "Vile Damage" (healed only by magic in a consecrated area);
  :func:`constitution_change` (seed 003 "Temporary Hit Points", seed 004 "Increases in
  Constitution Score and Current Hit Points").
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.limits import MAX_REST_HOURS
from d20combat.rules.dice import D20, Dice, DiceSource
from d20combat.rules.modifiers import BonusType, Modifier

DEFAULT_DEAD_AT = -10  # SRD combat-i "Dead (-10 Hit Points or Lower)"; every ruleset agrees


class HpState(StrEnum):
    """Where a creature stands on the hit-point track."""

    HEALTHY = "healthy"
    STAGGERED = "staggered"
    DISABLED = "disabled"
    UNCONSCIOUS = "unconscious"
    DYING = "dying"
    STABLE = "stable"
    DEAD = "dead"

    @property
    def can_act(self) -> bool:
        return self in (HpState.HEALTHY, HpState.STAGGERED, HpState.DISABLED)

    @property
    def limited(self) -> bool:
        """Only a single move or standard action a round (staggered, disabled)."""
        return self in (HpState.STAGGERED, HpState.DISABLED)

    @property
    def down(self) -> bool:
        """Out of the fight: unconscious, dying, stable or dead."""
        return not self.can_act


class Effect(NamedTuple):
    """A condition the hit-point rules impose, for ``rounds`` rounds (0: until lifted)."""

    condition: str
    rounds: int
    reason: str


class Vitals(NamedTuple):
    """One creature's hit points. ``ability_damage`` is indexed in Ability order.

    ``awake``: a stable creature with negative hit points that has regained
    consciousness (disabled); ``recovering``: such a creature, unaided, that has started
    to heal naturally (out of danger); ``vile``: how much of the hit points lost is vile
    damage (seed 003 "Vile Damage"), healed only by magic in a consecrated area;
    ``ability_drain``: points lost for good (SRD conditions "Ability Drained": no
    natural healing), in Ability order; ``negative_levels``: SRD special abilities
    "Energy Drain and Negative Levels" (:func:`drain_energy`).
    """

    hp: int
    max_hp: int
    nonlethal: int = 0
    temp_hp: int = 0
    stable: bool = False
    dead: bool = False
    subdued: bool = False
    ability_damage: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    awake: bool = False
    recovering: bool = False
    vile: int = 0
    ability_drain: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    negative_levels: int = 0

    @classmethod
    def full(cls, max_hp: int) -> Vitals:
        return cls(max_hp, max_hp)


def state_of(v: Vitals, rules: Ruleset) -> HpState:
    """The hit-point state of ``v`` under ``rules``."""
    if v.dead or v.hp <= rules.dead_at:
        return HpState.DEAD
    if v.hp < 0:
        if v.stable:
            return HpState.DISABLED if v.awake else HpState.STABLE
        return HpState.DYING
    if v.hp == 0:
        # Nonlethal damage above 0 current hit points exceeds them (SRD combat-i
        # "Staggered and Unconscious"), so a disabled creature with any is unconscious.
        return HpState.UNCONSCIOUS if v.subdued or v.nonlethal > 0 else HpState.DISABLED
    if v.nonlethal:
        if v.nonlethal > v.hp:
            return HpState.UNCONSCIOUS
        if v.nonlethal == v.hp:
            return HpState.STAGGERED
    return HpState.HEALTHY


class DamageOutcome(NamedTuple):
    vitals: Vitals
    effects: tuple[Effect, ...] = ()
    notes: tuple[str, ...] = ()


def saving_throw(dice: DiceSource, bonus: int, dc: int, purpose: str) -> tuple[bool, int]:
    """A saving throw: d20 + bonus >= DC; a natural 20 always succeeds and a 1 fails
    (SRD combat-i "Saving Throws"). Returns whether it succeeded and the natural d20
    (under exact enumeration, a face of its class)."""
    ok, face = dice.classify(D20, purpose, lambda r: r == 20 or (r != 1 and r + bonus >= dc))
    return bool(ok), face


def p_save(bonus: int, dc: int) -> Fraction:
    """The chance of :func:`saving_throw` succeeding, closed form."""
    return Fraction(sum(1 for r in range(1, 21) if r == 20 or (r != 1 and r + bonus >= dc)), 20)


def _save(dice: DiceSource, bonus: int, dc: int, purpose: str) -> bool:
    return saving_throw(dice, bonus, dc, purpose)[0]


def take_damage(
    v: Vitals,
    amount: int,
    rules: Ruleset,
    dice: DiceSource,
    *,
    fort: int = 0,
    con: int | None = 10,
    crit_immune: bool = False,
    vile: bool = False,
    threshold_bonus: int = 0,
) -> DamageOutcome:
    """Apply ``amount`` lethal damage from one attack (temporary hit points first),
    then the massive damage rule of the ruleset. ``vile``: the hit points lost are
    vile damage (seed 003 "Vile Damage": it "reduces hit points ... like normal damage").

    ``con`` is the current Constitution score; None means the creature has none (a
    construct or undead, SRD types): it is not at risk from massive damage and is
    destroyed at 0 hit points or less. ``threshold_bonus`` raises a threshold read from
    the Constitution score (seed 004: "it can be increased by taking the Improved Damage
    Threshold feat"; d20 Modern's feat: +3, A231).
    """
    if amount <= 0 or v.dead:
        return DamageOutcome(v)
    notes: list[str] = []
    temp = v.temp_hp
    absorbed = min(temp, amount)
    if absorbed:
        notes.append(f"{absorbed} absorbed by temporary hit points")
    hp = v.hp - (amount - absorbed)
    v = v._replace(
        hp=hp,
        temp_hp=temp - absorbed,
        stable=False,
        subdued=False,
        awake=False,
        recovering=False,
        vile=v.vile + (amount - absorbed if vile else 0),
    )
    if con is None:
        if hp <= 0:
            notes.append("destroyed at 0 hit points or less (no Constitution score)")
            v = v._replace(dead=True)
        return DamageOutcome(v, (), tuple(notes))
    dead = hp <= rules.dead_at
    if rules.massive_damage == "fixed":
        if amount >= rules.massive_damage_threshold and not dead:
            survived = _save(
                dice,
                fort,
                rules.massive_damage_dc,
                f"massive damage (Fort DC {rules.massive_damage_dc})",
            )
            if not survived:
                notes.append("massive damage: killed")
                v = v._replace(dead=True)
    elif amount > con + threshold_bonus and hp > 0 and not crit_immune:
        survived = _save(
            dice,
            fort,
            rules.massive_damage_dc,
            f"massive damage (Fort DC {rules.massive_damage_dc})",
        )
        if not survived:
            notes.append("massive damage: dropped to -1 hit points")
            v = v._replace(hp=-1)
    return DamageOutcome(v, (), tuple(notes))


def take_nonlethal(
    v: Vitals,
    amount: int,
    rules: Ruleset,
    dice: DiceSource,
    *,
    fort: int = 0,
    con: int | None = 10,
    threshold_bonus: int = 0,
) -> DamageOutcome:
    """Apply ``amount`` nonlethal (subdual) damage from one attack, per the ruleset
    (``threshold_bonus``: as :func:`take_damage`'s)."""
    if amount <= 0 or v.dead:
        return DamageOutcome(v)
    if rules.nonlethal == "separate":
        return DamageOutcome(v._replace(nonlethal=v.nonlethal + amount))
    if rules.nonlethal == "subdual":
        if v.hp <= 0:
            return DamageOutcome(v, (), ("subdual damage cannot lower hit points below 0",))
        # Seed 001: subdual damage "reduces a creature's hit points just as normal
        # damage does", so temporary hit points are lost first (seed 003).
        absorbed = min(v.temp_hp, amount)
        hp = max(0, v.hp - (amount - absorbed))
        notes = (f"{absorbed} absorbed by temporary hit points",) if absorbed else ()
        return DamageOutcome(
            v._replace(hp=hp, temp_hp=v.temp_hp - absorbed, subdued=hp == 0), (), notes
        )
    if con is None:
        return DamageOutcome(v, (), ("no Constitution score: not affected",))
    if amount < con + threshold_bonus:
        return DamageOutcome(v, (), (f"below the threshold of {con + threshold_bonus}: no effect",))
    if _save(
        dice,
        fort,
        rules.massive_damage_dc,
        f"nonlethal threshold (Fort DC {rules.massive_damage_dc})",
    ):
        return DamageOutcome(v, (Effect("dazed", 1, "nonlethal damage over threshold"),))
    rounds = dice.roll(Dice.parse("1d4+1"), "rounds unconscious (1d4+1)")
    return DamageOutcome(v, (Effect("unconscious", rounds, "nonlethal damage over threshold"),))


def strenuous_action(v: Vitals, rules: Ruleset) -> Vitals:
    """A disabled creature that takes a standard action loses 1 hit point after it
    (SRD combat-i "Disabled"; seed 004 "Disabled"), and is dying. So is one disabled
    below 0 on its way to recovery ("You can also become disabled when recovering from
    dying ... you can have fewer than 0 hit points"): the same point costs it its
    stability and its recovery (reading A212)."""
    if state_of(v, rules) is HpState.DISABLED:
        return v._replace(hp=v.hp - 1, stable=False, awake=False, recovering=False)
    return v


def dying_check(v: Vitals, rules: Ruleset, dice: DiceSource, *, fort: int = 0) -> DamageOutcome:
    """A dying creature's roll on its turn: stabilise, or lose 1 hit point.

    ``percent`` (SRD combat-i): d%, 10% to become stable. ``fortitude`` (seed 004):
    a DC 20 Fortitude save.
    """
    if state_of(v, rules) is not HpState.DYING:
        return DamageOutcome(v)
    if rules.dying_recovery == "percent":
        chance = rules.dying_stabilize_percent
        stable, _ = dice.classify(
            Dice.of(1, 100), f"stabilise ({chance}% on d%)", lambda r: r <= chance
        )
    else:
        stable = _save(
            dice, fort, rules.dying_stabilize_dc, f"stabilise (Fort DC {rules.dying_stabilize_dc})"
        )
    if stable:
        return DamageOutcome(v._replace(stable=True), (), ("became stable",))
    return DamageOutcome(v._replace(hp=v.hp - 1), (), ("lost 1 hit point while dying",))


def p_stabilizes_alone(rules: Ruleset, *, fort: int = 0) -> Fraction:
    """The chance that one roll of :func:`dying_check` makes a dying creature stable:
    ``dying_stabilize_percent`` on d% (SRD combat-i "Stable Characters and Recovery"),
    or a Fortitude save (``fort``) against ``dying_stabilize_dc`` (seed 004
    "Recovering without Help"; a natural 20 succeeds, a 1 fails)."""
    if rules.dying_recovery == "percent":
        return Fraction(rules.dying_stabilize_percent, 100)
    return p_save(fort, rules.dying_stabilize_dc)


def p_dies_unaided(v: Vitals, rules: Ruleset, *, fort: int = 0) -> Fraction:
    """The chance that dying ``v``, left alone, dies before it becomes stable by itself:
    each of its turns it stabilises (:func:`p_stabilizes_alone`) or loses 1 hit point,
    and dies at ``rules.dead_at``: every one of the ``hp - dead_at`` rolls until then
    must fail (exact). 0 for a creature that is not dying."""
    if state_of(v, rules) is not HpState.DYING:
        return Fraction(0)
    return (1 - p_stabilizes_alone(rules, fort=fort)) ** (v.hp - rules.dead_at)


def stabilize(v: Vitals) -> Vitals:
    """Stop a dying creature's loss of hit points (a DC 15 Heal / Treat Injury check)."""
    return v._replace(stable=True) if v.hp < 0 and not v.dead else v


def heal(
    v: Vitals, amount: int, rules: Ruleset | None = None, *, consecrated: bool = False
) -> Vitals:
    """Heal lethal damage (never above maximum) and as much nonlethal damage, by magic.

    SRD combat-i "Healing Limits" and "Healing Nonlethal Damage"; "Stable Characters
    and Recovery": healing of even 1 point makes a dying character stable. The dead
    (``rules.dead_at`` or lower, default srd35's -10, or killed outright) stay dead.
    Vile damage (seed 003) is healed only ``consecrated`` (magic cast within a
    consecrate or hallow spell), and last: the ordinary damage first.
    """
    dead_at = rules.dead_at if rules is not None else DEFAULT_DEAD_AT
    if v.dead or v.hp <= dead_at or amount <= 0:
        return v
    healed = _restore(v, amount, heal_vile=consecrated)
    return healed._replace(nonlethal=max(0, v.nonlethal - amount))


def _restore(v: Vitals, amount: int, *, heal_vile: bool = False) -> Vitals:
    """``amount`` hit points back, up to the maximum less any vile damage (up to the
    maximum, the vile damage going last, when ``heal_vile``); a creature still below 0
    is stable; at 0 or more it is out of danger (the recovery flags end)."""
    cap = v.max_hp if heal_vile else v.max_hp - v.vile
    hp = max(v.hp, min(cap, v.hp + amount))
    if hp == v.hp:
        return v
    vile = min(v.vile, v.max_hp - hp)
    if hp >= 0:
        return v._replace(
            hp=hp,
            vile=vile,
            stable=False,
            awake=False,
            recovering=False,
            subdued=v.subdued and hp == 0,
        )
    return v._replace(hp=hp, vile=vile, stable=True, subdued=False)


def gain_temporary(v: Vitals, amount: int) -> Vitals:
    """Temporary hit points do not stack with each other: the larger pool counts (SRD)."""
    return v._replace(temp_hp=max(v.temp_hp, amount))


ABILITY_ORDER = tuple(Ability)


def damage_ability(v: Vitals, ability: Ability, amount: int) -> Vitals:
    """Record ``amount`` points of ability damage (SRD conditions "Ability Damaged")."""
    i = ABILITY_ORDER.index(ability)
    dmg = list(v.ability_damage)
    dmg[i] += max(0, amount)
    return v._replace(ability_damage=(dmg[0], dmg[1], dmg[2], dmg[3], dmg[4], dmg[5]))


def drain_ability(v: Vitals, ability: Ability, amount: int) -> Vitals:
    """Record ``amount`` points of ability drain (SRD conditions "Ability Drained":
    lost permanently, regained only by magic: rest does not heal them)."""
    i = ABILITY_ORDER.index(ability)
    d = list(v.ability_drain)
    d[i] += max(0, amount)
    return v._replace(ability_drain=(d[0], d[1], d[2], d[3], d[4], d[5]))


def ability_loss(v: Vitals) -> tuple[int, int, int, int, int, int]:
    """Each score's points lost, damage and drain together (both lower the score
    alike: SRD special abilities "Ability Score Loss")."""
    a, d = v.ability_damage, v.ability_drain
    if not any(d):
        return a
    return (a[0] + d[0], a[1] + d[1], a[2] + d[2], a[3] + d[3], a[4] + d[4], a[5] + d[5])


#: SRD special abilities "Energy Drain and Negative Levels": each negative level
#: costs 5 hit points.
HP_PER_NEGATIVE_LEVEL = 5


def drain_energy(v: Vitals, levels: int, hit_dice: int) -> Vitals:
    """``levels`` more negative levels (SRD special abilities "Energy Drain and Negative
    Levels"; conditions "Energy Drained"): 5 hit points each off the maximum and the
    current hit points (A245), and death at as many negative levels as Hit Dice.
    The -1 per level on attacks, saves and checks is the encounter's
    (:attr:`Vitals.negative_levels`, read where those rolls are made)."""
    levels = max(0, levels)
    total = v.negative_levels + levels
    lost = HP_PER_NEGATIVE_LEVEL * levels
    v = v._replace(
        negative_levels=total,
        max_hp=max(1, v.max_hp - lost),
        hp=min(v.hp - lost, max(1, v.max_hp - lost)),
    )
    if total >= hit_dice:
        v = v._replace(dead=True, stable=False, awake=False, recovering=False)
    return v


def recover_negative_levels(
    v: Vitals, dice: DiceSource, *, fort: int, dc: int, notes: list[str] | None = None
) -> Vitals:
    """The 24-hour saves (SRD types-subtypes-and-special-abilities.html "Energy Drain
    (Su)": "If a negative level is not removed before 24 hours have passed, the affected
    creature must attempt a Fortitude save ... A separate saving throw is required for
    each negative level"): ``fort`` the save bonus without the levels, each save made
    with the -1 of every level still held (A248). A success removes the level and gives
    back its 5 hit points; a failure removes it too but the creature's level is lost
    for good: its 5 hit points stay off the maximum (A248)."""
    for _ in range(v.negative_levels):
        held = v.negative_levels
        ok, face = saving_throw(dice, fort - held, dc, "negative level: Fortitude save")
        v = v._replace(negative_levels=held - 1)
        if ok:
            v = v._replace(max_hp=v.max_hp + HP_PER_NEGATIVE_LEVEL, hp=v.hp + HP_PER_NEGATIVE_LEVEL)
        if notes is not None:
            verdict = "removed" if ok else "removed, a level lost for good"
            notes.append(f"negative level: Fort d20 {face} {fort - held:+d} vs DC {dc}: {verdict}")
    return v


def p_keep_level(fort: int, dc: int, levels: int) -> Fraction:
    """The chance that :func:`recover_negative_levels` removes all ``levels`` negative
    levels without losing a level: every save made, the k-th with ``levels - k`` held."""
    p = Fraction(1)
    for k in range(levels):
        p *= p_save(fort - (levels - k), dc)
    return p


def negative_level_penalty(levels: int) -> Modifier:
    """-1 a negative level on attack rolls, saves, skill and ability checks (SRD
    conditions "Energy Drained")."""
    plural = "s" if levels != 1 else ""
    return Modifier(-levels, BonusType.UNTYPED, f"{levels} negative level{plural}")


def ability_conditions(scores: dict[Ability, int | None], v: Vitals) -> tuple[str, ...]:
    """Conditions from abilities damaged or drained to 0: Str helpless, Dex paralyzed,
    Con dead, Int/Wis/Cha unconscious (SRD conditions "Ability Damaged", "Ability
    Drained")."""
    out = []
    loss = ability_loss(v)
    for i, ability in enumerate(ABILITY_ORDER):
        score = scores.get(ability)
        if score is None or score - loss[i] > 0:
            continue
        out.append(
            {Ability.STR: "helpless", Ability.DEX: "paralyzed", Ability.CON: "dead"}.get(
                ability, "unconscious"
            )
        )
    return tuple(out)


def expire_temporary(v: Vitals) -> Vitals:
    """Temporary hit points go away (their effect ends): seed 003 / 004 "Temporary Hit
    Points": hit points drop back to the total noted when they were gained, and no
    further if they are already below it. Kept as a separate pool that damage empties
    first, that is the pool emptied: the hit points left are that total less the
    damage that went through."""
    return v._replace(temp_hp=0)


def constitution_change(v: Vitals, hit_dice: int, old_con: int, new_con: int) -> Vitals:
    """A Constitution score changing from ``old_con`` to ``new_con`` (seed 003
    "Temporary Hit Points": "an effective hit point increase, not temporary hit points";
    seed 004 "Increases in Constitution Score and Current Hit Points"): the modifier's
    change times the hit dice, on the maximum and the current hit points alike (so the
    points can be healed and are not lost first); a drop lowers both (A144). The
    state follows the new current hit points."""
    delta = (_mod(new_con) - _mod(old_con)) * max(0, hit_dice)
    if not delta or v.dead:
        return v
    max_hp = max(1, v.max_hp + delta)
    return v._replace(max_hp=max_hp, hp=v.hp + delta, vile=min(v.vile, max_hp - v.hp - delta))


def _mod(score: int) -> int:
    return score // 2 - 5


class RestOutcome(NamedTuple):
    """What ``hours`` of rest leave: the hit points, the fatigue conditions still held,
    and one note per change (the hour it happened in)."""

    vitals: Vitals
    conditions: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


FATIGUE_REST_HOURS = {"exhausted": 1, "fatigued": 8}
"""Hours of complete rest that end each (SRD conditions "Exhausted": "After 1 hour of
complete rest, an exhausted character becomes fatigued"; "Fatigued": "After 8 hours of
complete rest, fatigued characters are no longer fatigued")."""


def _recovery_roll(v: Vitals, rules: Ruleset, dice: DiceSource, fort: int, what: str) -> bool:
    """The hourly or daily recovery roll: d%, 10% (SRD), or Fortitude DC 20 (seed 004),
    by the ruleset's ``dying_recovery``."""
    if rules.dying_recovery == "percent":
        chance = rules.dying_stabilize_percent
        ok, _ = dice.classify(Dice.of(1, 100), f"{what} ({chance}% on d%)", lambda r: r <= chance)
        return ok
    return _save(
        dice, fort, rules.dying_stabilize_dc, f"{what} (Fort DC {rules.dying_stabilize_dc})"
    )


def rest(
    v: Vitals,
    hours: int,
    rules: Ruleset,
    dice: DiceSource,
    *,
    level: int,
    fort: int = 0,
    tended: bool = False,
    bed_rest: bool = False,
    conditions: tuple[str, ...] = (),
    drain_dc: int | None = None,
) -> RestOutcome:
    """``hours`` of rest out of combat, hour by hour (A143):

    * nonlethal damage heals 1 point per hour per character ``level`` (SRD "Healing
      Nonlethal Damage"); a creature subdued at 0 (seed 001) regains that many hit
      points in its first hour and wakes (D48);
    * a stable, unconscious creature rolls each hour to wake, disabled with its hit
      points unchanged (10%, or Fortitude DC 20 in d20modern); untended, each missed
      roll costs 1 hit point where the ruleset's ``unaided_hourly_loss`` says so (SRD
      "Recovering without Help"; seed 004: it only stays unconscious, D77);
    * an unaided creature awake below 0 rolls once a day (each 24th hour) to start
      recovering naturally, else loses 1 hit point; once recovering it is out of danger;
    * natural healing: the 8th hour of each day is a night's rest, 1 hit point per
      level; a full day of ``bed_rest`` gives as much again (twice the level in all);
      ability damage heals 1 point a night per ability (2 a bed-rest day); not for a
      creature below 0 that nobody tends and that has not started recovering; never
      vile damage;
    * of ``conditions``, exhausted becomes fatigued after 1 hour and fatigued ends
      after 8 more (:data:`FATIGUE_REST_HOURS`); the others are kept;
    * negative levels: at the 24th hour a Fortitude save at ``drain_dc`` for each
      (:func:`recover_negative_levels`); none without a ``drain_dc``.

    ``tended``: someone cares for the creature (SRD "Recovering with Help"); ``fort``:
    its Fortitude save bonus. The dead rest unchanged.

    Raises:
        ValueError: for negative or more than ``MAX_REST_HOURS`` hours, a level below 1,
            or a dying creature (it must become stable first: its rolls are per round).
    """
    if not 0 <= hours <= MAX_REST_HOURS or level < 1:
        raise ValueError(f"rest of {hours} hours at level {level}")
    if state_of(v, rules) is HpState.DYING:
        raise ValueError("a dying creature cannot rest: it must become stable first")
    held = list(conditions)
    clock = {c: FATIGUE_REST_HOURS[c] for c in held if c in FATIGUE_REST_HOURS}
    notes: list[str] = []
    for hour in range(1, hours + 1):
        if v.dead or v.hp <= rules.dead_at:
            break
        v = _rest_hour(v, hour, rules, dice, level, fort, tended, bed_rest, notes)
        if hour == 24 and v.negative_levels and drain_dc is not None:
            v = recover_negative_levels(v, dice, fort=fort, dc=drain_dc, notes=notes)
        for c in list(clock):
            clock[c] -= 1
            if clock[c] == 0:
                held.remove(c)
                del clock[c]
                if c == "exhausted":
                    if "fatigued" not in held:
                        held.append("fatigued")
                    clock["fatigued"] = FATIGUE_REST_HOURS["fatigued"]
                notes.append(f"hour {hour}: {c} ends" + (" (fatigued)" if c == "exhausted" else ""))
    if v.hp <= rules.dead_at and not v.dead:
        v = v._replace(dead=True, stable=False, awake=False, recovering=False)
    return RestOutcome(v, tuple(held), tuple(notes))


def _rest_hour(
    v: Vitals,
    hour: int,
    rules: Ruleset,
    dice: DiceSource,
    level: int,
    fort: int,
    tended: bool,
    bed_rest: bool,
    notes: list[str],
) -> Vitals:
    """One hour of :func:`rest`."""
    if v.nonlethal:
        v = v._replace(nonlethal=max(0, v.nonlethal - level))
    if v.subdued:
        v = _restore(v, level)
        notes.append(f"hour {hour}: regains {v.hp} hit points and wakes")
    if v.hp < 0 and v.stable and not v.awake:
        if _recovery_roll(v, rules, dice, fort, "wake"):
            v = v._replace(awake=True)
            notes.append(f"hour {hour}: wakes, disabled")
        elif not tended and rules.unaided_hourly_loss:
            v = v._replace(hp=v.hp - 1)
            notes.append(f"hour {hour}: stays unconscious, loses 1 hit point")
    elif v.hp < 0 and v.awake and not tended and not v.recovering and hour % 24 == 0:
        if _recovery_roll(v, rules, dice, fort, "start recovering"):
            v = v._replace(recovering=True)
            notes.append(f"hour {hour}: starts recovering naturally")
        else:
            v = v._replace(hp=v.hp - 1)
            notes.append(f"hour {hour}: loses 1 hit point")
    heals = v.hp >= 0 or tended or v.recovering
    in_day = (hour - 1) % 24 + 1
    nights = (in_day == 8) + (bed_rest and in_day == 24)
    if heals and nights and v.hp > rules.dead_at:
        before = v.hp
        v = _restore(v, level * nights)
        dmg = tuple(max(0, d - nights) for d in v.ability_damage)
        v = v._replace(ability_damage=(dmg[0], dmg[1], dmg[2], dmg[3], dmg[4], dmg[5]))
        notes.append(f"hour {hour}: natural healing, {v.hp - before} hit points")
    return v
