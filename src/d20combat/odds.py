"""Exact odds of an attack or a full-attack sequence: never sampled.

Each attack is resolved by the very procedure a fight uses
(:func:`d20combat.rules.attack.resolve_attack`), run under
:func:`~d20combat.rules.dice.enumerate_outcomes`, which follows every branch of every
roll and weighs it exactly. A sequence's damage distribution is the convolution of
its attacks' distributions (the attacks of a full attack are independent).

For a sequence, ``p_hit`` is the chance that at least one attack hits, ``p_crit``
that at least one is a critical hit, ``p_miss`` that all miss; each attack's own
numbers are under ``attacks``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.rules.attack import Attack, attack_on, resolve_attack
from d20combat.rules.conditions import attack_modifiers, defense_modifiers, sneak_attack_extra
from d20combat.rules.dice import DiceSource, enumerate_outcomes
from d20combat.rules.modifiers import Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics

Distribution = dict[int, Fraction]


@dataclass(frozen=True)
class AttackOdds:
    """Exact outcome probabilities of one attack (or of a sequence)."""

    label: str
    bonus: int
    p_miss: Fraction
    p_hit: Fraction
    p_crit: Fraction
    damage: Distribution

    @property
    def mean_damage(self) -> Fraction:
        return sum((v * p for v, p in self.damage.items()), Fraction(0))

    def as_json(self) -> dict[str, object]:
        return {
            "p_miss": _frac(self.p_miss),
            "p_hit": _frac(self.p_hit),
            "p_crit": _frac(self.p_crit),
            "mean_damage": _frac(self.mean_damage),
            "damage": {str(v): _frac(p) for v, p in sorted(self.damage.items())},
        }


@dataclass(frozen=True)
class SequenceOdds:
    """A full-attack sequence: each attack's odds and the combined distribution."""

    attacks: tuple[AttackOdds, ...]
    total: AttackOdds

    def as_json(self) -> dict[str, object]:
        out = self.total.as_json()
        out["attacks"] = [{"label": a.label, "bonus": a.bonus, **a.as_json()} for a in self.attacks]
        return out


def _frac(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def attack_odds(attack: Attack, rules: Ruleset, label: str = "") -> AttackOdds:
    """Exact odds of one attack.

    >>> from d20combat.rules.modifiers import stack, Modifier, BonusType
    >>> from d20combat.rules.statistics import AttackOption
    >>> from d20combat.rules.dice import Dice
    >>> from d20combat.content.rulesets import ruleset
    >>> opt = AttackOption("sword", False, stack([]), Dice.parse("1d8"), stack([]))
    >>> ac = stack([Modifier(11, BonusType.BASE, "ac")])
    >>> odds = attack_odds(Attack(opt, opt.bonus, ac, opt.damage_bonus), ruleset())
    >>> odds.p_hit, odds.p_crit  # hits on 11-20; crits on 20 confirmed (1/20 * 1/2)
    (Fraction(1, 2), Fraction(1, 40))
    """

    def one(dice: DiceSource) -> tuple[str, int]:
        r = resolve_attack(dice, attack, rules)
        return r.outcome, r.damage

    dist = enumerate_outcomes(one)
    damage: Distribution = {}
    p_hit = p_crit = Fraction(0)
    for (outcome, amount), p in dist.items():
        damage[amount] = damage.get(amount, Fraction(0)) + p
        if outcome in ("hit", "critical"):
            p_hit += p
        if outcome == "critical":
            p_crit += p
    return AttackOdds(
        label or attack.option.name,
        attack.bonus.value,
        1 - p_hit,
        p_hit,
        p_crit,
        dict(sorted(damage.items())),
    )


def _weights(d: Distribution) -> tuple[dict[int, int], int]:
    """Integer weights over one common denominator (exact, and fast to convolve)."""
    den = lcm(*(p.denominator for p in d.values())) if d else 1
    return {v: p.numerator * (den // p.denominator) for v, p in d.items()}, den


def convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent damage totals.

    >>> convolve({0: Fraction(1, 2), 1: Fraction(1, 2)}, {0: Fraction(1, 2), 1: Fraction(1, 2)})
    {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    """
    wa, da = _weights(a)
    wb, db = _weights(b)
    out: dict[int, int] = {}
    for x, p in wa.items():
        for y, q in wb.items():
            out[x + y] = out.get(x + y, 0) + p * q
    den = da * db
    return {v: Fraction(w, den) for v, w in sorted(out.items())}


def sequence_odds(
    attacks: Sequence[Attack], rules: Ruleset, labels: Sequence[str] | None = None
) -> SequenceOdds:
    """Exact odds of a full-attack sequence (independent attacks)."""
    per = tuple(attack_odds(a, rules, labels[i] if labels else "") for i, a in enumerate(attacks))
    damage: Distribution = {0: Fraction(1)}
    p_no_hit = p_no_crit = Fraction(1)
    for o in per:
        damage = convolve(damage, o.damage)
        p_no_hit *= o.p_miss
        p_no_crit *= 1 - o.p_crit
    total = AttackOdds(
        "sequence", per[0].bonus if per else 0, p_no_hit, 1 - p_no_hit, 1 - p_no_crit, damage
    )
    return SequenceOdds(per, total)


def creature_attack(
    attacker: Statistics,
    defender: Statistics,
    option: AttackOption,
    bonus: Total,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
    flanking: bool = False,
    concealment: int = 0,
    attack_mods: tuple[Modifier, ...] = (),
    damage_mods: tuple[Modifier, ...] = (),
) -> Attack:
    """One attack of ``attacker`` (``option`` at ``bonus``) on ``defender``, in no
    situation but the ones named, by the rules a fight reads: a ``flat_footed``
    defender loses its Dexterity bonus unless uncanny dodge keeps it (seed 003
    "Flat-Footed"); a ``flanking`` melee attacker gets +2 unless the defender has
    improved uncanny dodge (seed 003 "Flanking"); either adds the attacker's sneak attack
    dice when they apply (seed 000 "Sneak Attacks"; not against a creature immune to
    critical hits or one with concealment; a ranged sneak attack is taken to be made
    within 30 ft)."""
    from d20combat.encounter.combatant import traits_of

    mine_t, theirs_t = traits_of(attacker.stat), traits_of(defender.stat)
    ranged = option.ranged
    improved_ud = theirs_t.improved_uncanny_dodge
    uncanny = theirs_t.uncanny_dodge or improved_ud
    flanked = flanking and not ranged
    mine = frozenset({"flanking"}) if flanked and not improved_ud else frozenset()
    theirs = frozenset({"flat-footed"}) if flat_footed else frozenset()
    defense = defense_modifiers(theirs, ranged=ranged, attacker=mine, uncanny_dodge=uncanny)
    mods = (
        *attack_modifiers(mine, ranged=ranged, target=theirs),
        *defense.attacker_modifiers,
        *attack_mods,
    )
    extra = sneak_attack_extra(
        mine_t.sneak_dice,
        theirs,
        attacker=mine,
        flanked=flanked,
        concealed=concealment > 0,
        uncanny_dodge=uncanny,
        improved_uncanny_dodge=improved_ud,
        crit_immune=defender.crit_immune,
        ranged=ranged,
    )
    return attack_on(
        defender,
        option,
        rules,
        bonus=bonus,
        attacker_dex=attacker.mod(Ability.DEX),
        flat_footed=defense.loses_dex,
        attack_mods=mods,
        ac_mods=defense.modifiers,
        damage_mods=damage_mods,
        concealment=concealment,
        extra=extra,
    )


# --------------------------------------------------------------------------- maneuvers
@dataclass(frozen=True)
class ManeuverOdds:
    """Exact odds of a special attack (``d20combat odds MANEUVER``): the chance of each
    outcome, each step's chance, and the attacks of opportunity it provokes (listed,
    not folded in: whether they come and what they do depend on the defender)."""

    maneuver: str
    attacker: str
    defender: str
    ruleset: str
    success: str  # the outcome that is the maneuver's success
    outcomes: dict[str, Fraction]
    steps: tuple[tuple[str, Fraction], ...]
    provokes: tuple[str, ...]

    @property
    def p_success(self) -> Fraction:
        return self.outcomes.get(self.success, Fraction(0))

    def as_json(self) -> dict[str, object]:
        return {
            "maneuver": self.maneuver,
            "attacker": self.attacker,
            "defender": self.defender,
            "ruleset": self.ruleset,
            "p_success": _frac(self.p_success),
            "outcomes": {k: _frac(v) for k, v in self.outcomes.items()},
            "steps": [{"step": name, "p": _frac(p)} for name, p in self.steps],
            "provokes": [{"reason": why, "folded_in": False} for why in self.provokes],
        }


def trip_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` tripping ``defender`` unarmed (seed 000 "Trip"), by
    the procedure a fight uses (:func:`d20combat.rules.maneuvers.trip.trip`) under
    :func:`~d20combat.rules.dice.enumerate_outcomes`."""
    from d20combat.rules.maneuvers import trip as T

    sides = T.trip_sides(attacker, defender, rules, flat_footed=flat_footed)
    results = enumerate_outcomes(lambda d: T.outcome(T.trip(d, sides, rules)))
    order = ("tripped", "countered", "failed", "missed")
    outcomes = {k: results[k] for k in order if k in results}
    hit = 1 - results.get("missed", Fraction(0))
    won = results.get("tripped", Fraction(0))
    steps: list[tuple[str, Fraction]] = []
    if sides.touch_bonus is not None:
        steps.append(("touch attack hits", hit))
        steps.append(("trip check won, after a hit", won / hit if hit else Fraction(0)))
    else:
        steps.append(("trip check won", won))
    if sides.counter is not None:
        lost = hit - won
        back = results.get("countered", Fraction(0))
        steps.append(("counter-trip, after a lost check", back / lost if lost else Fraction(0)))
    provokes = []
    armed = any(not o.ranged and o.name != "unarmed strike" for o in defender.options)
    if (
        not attacker.stat.has_feat("improved trip")
        and "unarmed-attack" in rules.provoking_actions
        and (armed or defender.stat.has_feat("improved unarmed strike"))
    ):
        provokes.append(
            f"{defender.stat.name}: an unarmed trip provokes from an armed target "
            "(seed 000 Trip; none with Improved Trip)"
        )
    return ManeuverOdds(
        "trip",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "tripped",
        outcomes,
        tuple(steps),
        tuple(provokes),
    )


def feint_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of ``attacker`` feinting ``defender`` (seed 000 "Feint"): Bluff (with
    the penalty against a non-humanoid or an animal mind) against Sense Motive + base
    attack bonus, a tie failing, by the procedure a fight uses
    (:func:`d20combat.rules.maneuvers.feint.feint`). A feint provokes nothing.

    >>> from d20combat.content.bestiary import find_creature
    >>> from d20combat.content.rulesets import ruleset
    >>> from d20combat.rules.statistics import derive
    >>> rogue, ogre = (derive(find_creature(n), ruleset()) for n in ("rogue-3", "ogre"))
    >>> feint_odds(rogue, ogre, ruleset()).p_success  # -1 -4 must beat +0 +3: 66 of 400
    Fraction(33, 200)
    """
    from d20combat.rules.maneuvers import feint as F

    sides = F.feint_sides(attacker, defender)
    results = enumerate_outcomes(lambda d: F.outcome(F.feint(d, sides)))
    outcomes: dict[str, Fraction] = {k: results[k] for k in ("feinted", "failed") if k in results}
    won = results.get("feinted", Fraction(0))
    return ManeuverOdds(
        "feint",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "feinted",
        outcomes,
        (("Bluff beats Sense Motive + base attack bonus", won),),
        (),
    )


class ManeuverEntry(NamedTuple):
    """What ``d20combat odds MANEUVER`` needs of a maneuver: its odds, why it cannot be
    made between two creatures (None: it can), and the situation flags it takes."""

    odds: Callable[..., ManeuverOdds]
    problem: Callable[[Statistics, Statistics], str | None]
    flags: frozenset[str] = frozenset({"flat_footed"})


def _trip_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.trip import trip_problem

    return trip_problem(attacker, defender)


def _feint_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.feint import feint_problem

    return feint_problem(attacker, defender)


#: The maneuvers whose exact odds ``odds MANEUVER`` gives, by the name it takes.
MANEUVER_ODDS: dict[str, ManeuverEntry] = {
    "trip": ManeuverEntry(trip_odds, _trip_problem),
    "feint": ManeuverEntry(feint_odds, _feint_problem, frozenset()),
}
