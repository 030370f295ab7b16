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
from d20combat.content.equipment import WeaponFlag
from d20combat.content.rulesets import Ruleset
from d20combat.rules.attack import Attack, attack_on, resolve_attack
from d20combat.rules.conditions import attack_modifiers, defense_modifiers, sneak_attack_extra
from d20combat.rules.dice import DiceSource, enumerate_outcomes
from d20combat.rules.modifiers import Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics, initial_wielding

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
    success: str  # the outcome that is the maneuver's success (or the name of several)
    outcomes: dict[str, Fraction]
    steps: tuple[tuple[str, Fraction], ...]
    provokes: tuple[str, ...]
    successes: tuple[str, ...] = ()  # the outcomes that are a success, if several
    notes: tuple[str, ...] = ()  # what the odds assume

    @property
    def p_success(self) -> Fraction:
        names = self.successes or (self.success,)
        return sum((self.outcomes.get(n, Fraction(0)) for n in names), Fraction(0))

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
            "notes": list(self.notes),
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


def bull_rush_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    charge: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` bull rushing ``defender`` (seed 000 "Bull Rush") by the
    procedure a fight uses (:func:`d20combat.rules.maneuvers.bull_rush.bull_rush`) under
    :func:`~d20combat.rules.dice.enumerate_outcomes`: each push, moving with the
    defender, within the attacker's speed (a charge: twice its speed less the shortest
    charge, 10 ft); ``charge`` adds the +2 of a charge."""
    from d20combat.rules.maneuvers import bull_rush as B

    sides = B.bull_rush_sides(attacker, defender, rules, charging=charge)
    speed = attacker.speed.value
    limit = 2 * speed - 10 if charge else speed
    results = enumerate_outcomes(
        lambda d: B.outcome(B.bull_rush(d, sides), follow=True, limit_ft=limit)
    )
    pushes = sorted((k for k in results if k != "failed"), key=lambda k: int(k.split()[1]))
    outcomes = {k: results[k] for k in ("failed", *pushes) if k in results}
    won = sum((outcomes[k] for k in pushes), Fraction(0))
    steps: list[tuple[str, Fraction]] = [("Strength check won (a tie fails)", won)]
    for i, k in enumerate(pushes[1:], start=1):
        further = sum((outcomes[m] for m in pushes[i:]), Fraction(0))
        steps.append((f"{k.split()[0]} {k.split()[1]} ft or more, moving with it", further))
    provokes = ["every foe threatening the attacker: entering the defender's space"]
    if not attacker.stat.has_feat("improved bull rush"):
        provokes[0] += ", the defender included (none from it with Improved Bull Rush)"
    provokes.append(
        "the defender, and the attacker moving with it, from the others as they move "
        f"(an attack of opportunity by a third party goes astray onto the other on "
        f"{rules.bull_rush_astray_percent}%)"
    )
    return ManeuverOdds(
        "bull-rush",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "pushed",
        outcomes,
        tuple(steps),
        tuple(provokes),
        successes=tuple(pushes),
        notes=(
            f"pushes move with the defender as far as the check allows, within {limit} ft; "
            "without moving with it, every win pushes 5 ft",
        ),
    )


def overrun_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
    charge: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` overrunning ``defender`` who blocks (seed 000
    "Overrun": the opposed checks and the counter-attempt; seed 004, ruleset field
    ``overrun_check: trip``: a trip attack, whose touch attack ``flat_footed`` concerns),
    by the procedures a fight uses under :func:`~d20combat.rules.dice.enumerate_outcomes`;
    ``charge`` adds the +2 of a charge (seed 000: to the Strength check; seed 004: to the
    trip's touch attack, the charge's attack roll)."""
    from d20combat.rules.maneuvers import overrun as O
    from d20combat.rules.maneuvers import trip as T
    from d20combat.rules.maneuvers.bull_rush import CHARGING

    notes = ["the defender blocks"]
    if O.may_avoid(attacker.stat):
        notes[0] += " (it may avoid instead, without ill effect: no Improved Overrun)"
    provokes: list[str] = []
    steps: list[tuple[str, Fraction]] = []
    if rules.overrun_check == "trip":
        sides = T.trip_sides(attacker, defender, rules, flat_footed=flat_footed)
        if charge and sides.touch_bonus is not None:
            sides = sides._replace(touch_bonus=sides.touch_bonus.plus(CHARGING))
        names = {"tripped": "knocked down"}
        results = enumerate_outcomes(lambda d: T.outcome(T.trip(d, sides, rules)))
        results = {names.get(k, k): v for k, v in results.items()}
        hit = 1 - results.get("missed", Fraction(0))
        won = results.get("knocked down", Fraction(0))
        if sides.touch_bonus is not None:
            steps.append(("trip: touch attack hits", hit))
        steps.append(("trip check won, after a hit", won / hit if hit else Fraction(0)))
        lost = hit - won
        back = results.get("countered", Fraction(0))
        steps.append(("counter-trip, after a lost check", back / lost if lost else Fraction(0)))
        notes.append("seed 004: at least 10 ft of straight movement, the block a trip attack")
        if not attacker.stat.has_feat("improved trip") and "unarmed-attack" in (
            rules.provoking_actions
        ):
            provokes.append(
                f"{defender.stat.name}: the unarmed trip provokes from an armed target "
                "(seed 004 Trip)"
            )
    else:
        osides = O.overrun_sides(attacker, defender, rules, charging=charge)
        results = enumerate_outcomes(lambda d: O.outcome(O.overrun(d, osides)))
        won = results.get("knocked down", Fraction(0))
        back = results.get("countered", Fraction(0))
        steps.append(("overrun check won", won))
        lost = 1 - won
        steps.append(("counter-attempt, after a lost check", back / lost if lost else Fraction(0)))
    if not attacker.stat.has_feat("improved overrun"):
        provokes.insert(
            0,
            f"{defender.stat.name}: moving into its space (seed 000 Overrun Step 1; seed 004: "
            "provoking normally; none with Improved Overrun)",
        )
    order = ("knocked down", "countered", "failed", "missed")
    outcomes = {k: results[k] for k in order if k in results}
    return ManeuverOdds(
        "overrun",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "knocked down",
        outcomes,
        tuple(steps),
        tuple(provokes),
        notes=tuple(notes),
    )


def free_trip_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> ManeuverOdds:
    """Exact odds of a monster's bite and free trip (SRD monsters "Trip (Ex)": "A wolf
    that hits with a bite attack can attempt to trip the opponent (+1 check modifier) as
    a free action without making a touch attack or provoking an attack of opportunity.
    If the attempt fails, the opponent cannot react to trip the wolf"): the attack that
    sets it off, against the defender's AC, then the trip check
    (:func:`d20combat.rules.maneuvers.trip.free_trip_sides`), one chain under
    :func:`~d20combat.rules.dice.enumerate_outcomes`. The defender is taken to stay up
    after the hit.

    Raises:
        ValueError: if the attacker has no Trip (Ex) with a natural attack to make it.
    """
    from d20combat.rules.maneuvers import trip as T

    option = free_trip_attack(attacker)
    rule = attacker.stat.special("trip")
    if option is None or rule is None:
        raise ValueError(f"{attacker.stat.name} has no Trip (Ex) natural attack")
    attack = creature_attack(
        attacker, defender, option, option.bonus, rules, flat_footed=flat_footed
    )
    sides = T.free_trip_sides(attacker, defender, rules, rule.modifier)

    def chain(dice: DiceSource) -> str:
        if not resolve_attack(dice, attack, rules).hit:
            return "missed"
        return "tripped" if T.trip(dice, sides, rules).tripped else "not tripped"

    results = enumerate_outcomes(chain)
    order = ("tripped", "not tripped", "missed")
    outcomes = {k: results[k] for k in order if k in results}
    hit = 1 - results.get("missed", Fraction(0))
    won = results.get("tripped", Fraction(0))
    return ManeuverOdds(
        "free-trip",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "tripped",
        outcomes,
        (
            (f"{option.name} hits", hit),
            ("trip check won, after a hit", won / hit if hit else Fraction(0)),
        ),
        (),
    )


def free_trip_attack(attacker: Statistics) -> AttackOption | None:
    """The natural attack whose hit sets off ``attacker``'s Trip (Ex) (its first), or None."""
    rule = attacker.stat.special("trip")
    if rule is None:
        return None
    for o in attacker.options:
        if o.natural and not o.ranged and (not rule.attacks or o.name.lower() in rule.attacks):
            return o
    return None


def _free_trip_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.trip import trip_problem

    if free_trip_attack(attacker) is None:
        return f"{attacker.stat.name} has no Trip (Ex) special attack"
    return trip_problem(attacker, defender)


def trample_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of a trample on ``defender`` (SRD types-subtypes-and-special-abilities
    "Trample"): no attack roll; the defender's Reflex save (the creature's DC) halves the
    damage, by :func:`d20combat.rules.maneuvers.trample.reflex_save` under
    :func:`~d20combat.rules.dice.enumerate_outcomes`. The defender's other choice, an
    attack of opportunity at -4 instead of the save, is listed, not folded in.

    Raises:
        ValueError: if the attacker has no trample with its damage.
    """
    from d20combat.rules.maneuvers import trample as TR

    rule = attacker.stat.special("trample")
    if rule is None or rule.damage is None:
        raise ValueError(f"{attacker.stat.name} has no trample")
    dc = TR.trample_dc(attacker, rule)
    reflex = defender.saves["ref"]
    results = enumerate_outcomes(
        lambda d: "half damage" if TR.reflex_save(d, reflex, dc).saved else "full damage"
    )
    outcomes: dict[str, Fraction] = {
        k: results[k] for k in ("full damage", "half damage") if k in results
    }
    return ManeuverOdds(
        "trample",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "full damage",
        outcomes,
        ((f"Reflex save (DC {dc}) fails", outcomes.get("full damage", Fraction(0))),),
        (
            f"{defender.stat.name}: an attack of opportunity at -4 instead of the save, "
            "when it has one (SRD Trample)",
        ),
    )


def gaze_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of one exposure to ``attacker``'s gaze (SRD special abilities "Gaze
    Attacks"; seed 001 "gaze attacks"): the defender looking, by
    :func:`d20combat.rules.gaze.gaze_turn` under
    :func:`~d20combat.rules.dice.enumerate_outcomes`; averting and shutting the eyes,
    and limited visibility, are listed as notes with their own exact chances.

    Raises:
        ValueError: if the attacker has no gaze with its numbers.
    """
    from d20combat.rules import gaze as GZ

    rule = attacker.stat.special("gaze")
    if rule is None or rule.save is None or rule.dc is None or rule.effect is None:
        raise ValueError(f"{attacker.stat.name} has no gaze")
    save, dc, effect = defender.saves[rule.save].value, rule.dc, rule.effect
    die = rules.concealment_die
    results = enumerate_outcomes(
        lambda d: (
            effect
            if GZ.gaze_turn(d, guard="look", concealment=0, save=save, dc=dc, die=die).affected
            else "saved"
        )
    )
    outcomes = {k: results[k] for k in (effect, "saved") if k in results}
    averted = GZ.p_affected(guard="avert", concealment=0, save=save, dc=dc, die=die)
    fog = GZ.p_affected(guard="look", concealment=20, save=save, dc=dc, die=die)
    name = "Fortitude" if rule.save == "fort" else "Will"
    return ManeuverOdds(
        "gaze",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        effect,
        outcomes,
        ((f"{name} save (DC {dc}) fails", outcomes.get(effect, Fraction(0))),),
        (),
        notes=(
            f"each exposure: at the start of {defender.stat.name}'s turn within {rule.range} ft"
            + (", and the gazer's active gaze" if rules.active_gaze else ""),
            f"averting the eyes: {effect} {float(averted):.1%} ({averted})",
            "shutting the eyes: no save, but blinded",
            f"in fog or dim light (concealment 20%): {effect} {float(fog):.1%} ({fog})",
        ),
    )


def _gaze_problem(attacker: Statistics, defender: Statistics) -> str | None:
    if attacker.stat.special("gaze") is None:
        return f"{attacker.stat.name} has no gaze attack with its numbers"
    return None


def _trample_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.trample import trample_problem

    rule = attacker.stat.special("trample")
    if rule is None or rule.damage is None:
        return f"{attacker.stat.name} has no Trample (Ex) special attack"
    return trample_problem(attacker, defender)


def _grapple_provokes(attacker: Statistics, defender: Statistics, rules: Ruleset) -> list[str]:
    """Starting a grapple's attack of opportunity (seed 000 Step 1; seed 001: as an
    unarmed attack), listed, not folded in."""
    if attacker.stat.has_feat("improved grapple"):
        return []
    name = defender.stat.name
    if rules.grapple_provokes == "target":
        return [f"{name}: starting a grapple provokes; damage spoils it (seed 000 Grapple)"]
    armed = any(not o.ranged and o.name != "unarmed strike" for o in defender.options)
    unarmed_ok = attacker.stat.has_feat("improved unarmed strike")
    if (
        "unarmed-attack" in rules.provoking_actions
        and not unarmed_ok
        and (armed or defender.stat.has_feat("improved unarmed strike"))
    ):
        return [
            f"{name}: a grab is an unarmed attack, which provokes from an armed target (seed 001)"
        ]
    return []


def grapple_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` starting a grapple with ``defender`` (seed 000
    "Starting a Grapple": the grab's touch attack, then the hold's opposed grapple
    checks, lost at once against a target two sizes larger), by the procedure a fight
    uses (:func:`d20combat.rules.maneuvers.grapple.start`)."""
    from d20combat.rules.maneuvers import grapple as G

    sides = G.grapple_sides(attacker, defender, rules, flat_footed=flat_footed)
    results = enumerate_outcomes(lambda d: G.outcome(G.start(d, sides, rules)))
    order = ("held", "failed", "too large", "missed")
    outcomes = {k: results[k] for k in order if k in results}
    hit = 1 - results.get("missed", Fraction(0))
    won = results.get("held", Fraction(0))
    steps = (
        ("touch attack hits", hit),
        ("hold won, after a hit", won / hit if hit else Fraction(0)),
    )
    return ManeuverOdds(
        "grapple",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "held",
        outcomes,
        steps,
        tuple(_grapple_provokes(attacker, defender, rules)),
    )


def garrote_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` garroting ``defender`` with its first garrote (seed 000
    "Garrote Attacks": the placing touch attack against the garrote AC, then the
    strangle's opposed grapple checks), by the procedure a fight uses
    (:func:`d20combat.rules.maneuvers.garrote.place`); the target's attack of
    opportunity is listed, not folded in."""
    from d20combat.rules.maneuvers import garrote as R

    sides = R.garrote_sides(attacker, defender, flat_footed=flat_footed)
    results = enumerate_outcomes(lambda d: R.outcome(R.place(d, sides, rules)))
    order = ("strangling", "slipped free", "missed")
    outcomes = {k: results[k] for k in order if k in results}
    hit = 1 - results.get("missed", Fraction(0))
    won = results.get("strangling", Fraction(0))
    steps = (
        ("touch attack places the garrote", hit),
        ("strangle won, after placing it", won / hit if hit else Fraction(0)),
    )
    name = defender.stat.name
    return ManeuverOdds(
        "garrote",
        attacker.stat.name,
        name,
        rules.name,
        "strangling",
        outcomes,
        steps,
        (f"{name}: a garrote attack provokes; damage spoils it (seed 000 Garrote Attacks)",),
    )


def _garrote_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers import garrote as R

    if R.garrote_option(attacker) is None:
        return f"{attacker.stat.name} carries no garrote"
    return R.reach_problem(attacker.stat.size, defender.stat.size, lying=False)


def _contest_odds(
    maneuver: str,
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    names: tuple[str, str],
    step: str,
    mine: Total,
    extra: tuple[tuple[str, Total], ...] = (),
) -> ManeuverOdds:
    """One opposed grapple check of ``mine`` against the defender's grapple check, under
    exact enumeration (:func:`d20combat.rules.maneuvers.grapple.contest`); ``extra``:
    other checks the attacker might make instead, each a step of its own."""
    from d20combat.rules.maneuvers import grapple as G

    def won(total: Total) -> Fraction:
        results = enumerate_outcomes(
            lambda d: G.contest(d, total, [defender.grapple], maneuver, rules)[0]
        )
        return results.get(True, Fraction(0))

    p = won(mine)
    outcomes = {k: v for k, v in ((names[0], p), (names[1], 1 - p)) if v}
    steps = ((step, p), *((label, won(t)) for label, t in extra))
    return ManeuverOdds(
        maneuver, attacker.stat.name, defender.stat.name, rules.name, names[0], outcomes, steps, ()
    )


def pin_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of ``attacker`` pinning ``defender`` it grapples (seed 000 "Pin Your
    Opponent": one opposed grapple check)."""
    return _contest_odds(
        "pin",
        attacker,
        defender,
        rules,
        ("pinned", "failed"),
        "grapple check won",
        attacker.grapple,
    )


def escape_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of ``attacker`` escaping ``defender``'s grapple (seed 000 "Escape from
    Grapple": its grapple check against the holder's; the Escape Artist check it may make
    instead, a standard action, is a step of its own)."""
    from d20combat.rules.maneuvers.grapple import escape_artist

    return _contest_odds(
        "escape",
        attacker,
        defender,
        rules,
        ("escaped", "held"),
        "grapple check won",
        attacker.grapple,
        (("or Escape Artist check won (a standard action)", escape_artist(attacker)),),
    )


def swallow_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of ``attacker`` swallowing ``defender`` it has held since its turn
    began (SRD special abilities "Swallow Whole": "a new grapple check (as though
    attempting to pin the opponent)"), by the procedure a fight uses
    (:func:`d20combat.rules.maneuvers.swallow.swallow`)."""
    from d20combat.rules.maneuvers import swallow as R

    results = enumerate_outcomes(
        lambda d: R.swallow(d, attacker.grapple, defender.grapple, rules)[0]
    )
    p = results.get(True, Fraction(0))
    outcomes = {k: v for k, v in (("swallowed", p), ("failed", 1 - p)) if v}
    sw = attacker.stat.swallow_whole
    notes: tuple[str, ...] = ()
    if sw is not None:
        notes = (
            f"swallowed: the bite's damage, then {sw.damage} a round inside; the way out: "
            f"{sw.cut_hp} damage to AC {R.interior_ac(sw, attacker.stat.natural_armor).value}",
        )
    return ManeuverOdds(
        "swallow",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "swallowed",
        outcomes,
        (("grapple check won", p),),
        (),
        notes=notes,
    )


def _swallow_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.swallow import swallow_problem

    return swallow_problem(attacker, defender)


class ManeuverEntry(NamedTuple):
    """What ``d20combat odds MANEUVER`` needs of a maneuver: its odds, why it cannot be
    made between two creatures (None: it can), and the situation flags it takes."""

    odds: Callable[..., ManeuverOdds]
    problem: Callable[[Statistics, Statistics], str | None]
    flags: frozenset[str] = frozenset({"flat_footed"})


def _trip_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.trip import trip_problem

    return trip_problem(attacker, defender)


def _grapple_problem(attacker: Statistics, defender: Statistics) -> str | None:
    if attacker.unarmed is None:
        return f"{attacker.stat.name} has no unarmed strike to grab with"
    return None


def _anyone(attacker: Statistics, defender: Statistics) -> str | None:
    return None


def _disarm_pieces(
    attacker: Statistics, defender: Statistics
) -> tuple[AttackOption | None, str | None, AttackOption | None, str | None]:
    """(the attacker's weapon, why it has none; the defender's held weapon, why it has
    none) for odds out of any situation: what each holds as a fight begins."""
    from d20combat.content.equipment import Handedness, WeaponFlag
    from d20combat.rules.maneuvers import held_options

    rules = attacker.rules
    mine = held_options(attacker)
    if rules.disarm_weapons == "disarm-weapons":
        mine = [o for o in mine if o.weapon is not None and o.weapon.has(WeaponFlag.DISARM)]
    why_mine = (
        None
        if mine
        else (
            f"{attacker.stat.name} holds no weapon that disarms (seed 001 Disarm: whip, flail ...)"
            if rules.disarm_weapons == "disarm-weapons"
            else f"{attacker.stat.name} has no melee attack"
        )
    )
    held = initial_wielding(defender)
    theirs = [
        o
        for o in defender.options
        if o.item in held
        and not o.thrown
        and o.weapon is not None
        and not o.weapon.has(WeaponFlag.DISARM_IMMUNE)
        and o.weapon.handedness is not Handedness.UNARMED
    ]
    why_theirs = None if theirs else f"{defender.stat.name} holds no weapon that can be disarmed"
    return (mine[0] if mine else None), why_mine, (theirs[0] if theirs else None), why_theirs


def disarm_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` disarming ``defender`` of the weapon it holds, with the
    weapon it holds (seed 000 "Disarm"; the ruleset's modifiers, D19), by the procedure
    a fight uses (:func:`d20combat.rules.maneuvers.disarm.disarm`) under
    :func:`~d20combat.rules.dice.enumerate_outcomes`. The attack of opportunity it
    provokes is listed, not folded in (any damage from it would spoil the attempt).

    Raises:
        ValueError: if either has nothing to disarm with or to lose.
    """
    from d20combat.rules.maneuvers import disarm as D
    from d20combat.rules.maneuvers import hold

    mine, why_mine, theirs, why_theirs = _disarm_pieces(attacker, defender)
    if mine is None or theirs is None:
        raise ValueError(why_mine or why_theirs)
    can_lose = mine.item in initial_wielding(attacker) and not (
        mine.weapon is not None and mine.weapon.has(WeaponFlag.DISARM_IMMUNE)
    )
    sides = D.disarm_sides(
        attacker,
        hold(attacker, mine),
        mine.bonus,
        defender,
        hold(defender, theirs),
        theirs.bonus,
        rules,
        can_lose=can_lose,
        flat_footed=flat_footed,
    )
    results = enumerate_outcomes(lambda d: D.outcome(D.disarm(d, sides, rules)))
    order = ("disarmed", "countered", "failed", "missed")
    outcomes = {k: results[k] for k in order if k in results}
    won = results.get("disarmed", Fraction(0))
    steps: list[tuple[str, Fraction]] = []
    if sides.object_ac is not None:
        steps.append(("attack on the held weapon hits", won))
    else:
        steps.append(("disarm roll won", won))
        if sides.counter is not None:
            lost = 1 - won
            back = results.get("countered", Fraction(0))
            steps.append(
                ("counter-disarm, after a lost roll", back / lost if lost else Fraction(0))
            )
    provokes = []
    if not attacker.stat.has_feat("improved disarm"):
        provokes.append(
            f"{defender.stat.name}: a disarm provokes from its target, and any damage spoils "
            "it (seed 000 Disarm; none with Improved Disarm)"
        )
    return ManeuverOdds(
        "disarm",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "disarmed",
        outcomes,
        tuple(steps),
        tuple(provokes),
    )


def _sunder_pieces(
    attacker: Statistics, defender: Statistics
) -> tuple[AttackOption | None, str | None, AttackOption | None, str | None]:
    """(the attacker's slashing or bludgeoning weapon, why it has none; the defender's
    held weapon that can be sundered, why it has none)."""
    from d20combat.content.damage import DamageType
    from d20combat.rules.maneuvers import held_options
    from d20combat.rules.maneuvers.sunder import durability, enhancement

    strikes = {DamageType.SLASHING, DamageType.BLUDGEONING}
    mine = [
        o
        for o in held_options(attacker)
        if strikes & set(o.damage_types) and not (o.nonlethal and not o.either)
    ]
    held = initial_wielding(defender)
    theirs = [
        o
        for o in defender.options
        if o.item in held and not o.thrown and durability(defender, o.item) is not None
    ]
    if mine and theirs:
        need = enhancement(defender, theirs[0].item)
        mine = [o for o in mine if o.enhancement >= need] or mine[:0]
        if not mine:
            return (
                None,
                (
                    f"{defender.stat.name}'s {theirs[0].item} (+{need}) can be damaged only by a "
                    f"weapon of +{need} or more (seed 000 Strike a Weapon)"
                ),
                theirs[0],
                None,
            )
    why_mine = None if mine else f"{attacker.stat.name} holds no slashing or bludgeoning weapon"
    why_theirs = None if theirs else f"{defender.stat.name} holds no weapon that can be sundered"
    return (mine[0] if mine else None), why_mine, (theirs[0] if theirs else None), why_theirs


def sunder_odds(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> ManeuverOdds:
    """Exact odds of ``attacker`` sundering the weapon ``defender`` holds with its own
    (seed 000 "Sunder"), by the procedure a fight uses
    (:func:`d20combat.rules.maneuvers.sunder.sunder`) under
    :func:`~d20combat.rules.dice.enumerate_outcomes`: destroyed (in one blow), damaged,
    glancing (hardness takes it all), failed. ``flat_footed`` changes nothing (opposed
    rolls are not against AC); it is accepted as for the other maneuvers.

    Raises:
        ValueError: if either has nothing to sunder with or to lose.
    """
    from d20combat.rules.maneuvers import hold
    from d20combat.rules.maneuvers import sunder as S

    mine, why_mine, theirs, why_theirs = _sunder_pieces(attacker, defender)
    if mine is None or theirs is None:
        raise ValueError(why_mine or why_theirs)
    table = S.durability(defender, theirs.item)
    assert table is not None
    blow = Attack(mine, mine.bonus, defender.ac, mine.damage_bonus)
    sides = S.sunder_sides(
        attacker,
        hold(attacker, mine),
        mine.bonus,
        defender,
        hold(defender, theirs),
        theirs.bonus,
        blow,
        table.hardness,
        table.hp,
        rules,
    )
    results = enumerate_outcomes(lambda d: S.outcome(S.sunder(d, sides, rules)))
    order = ("destroyed", "damaged", "glancing", "failed")
    outcomes = {k: results[k] for k in order if k in results}
    won = 1 - results.get("failed", Fraction(0))
    destroyed = results.get("destroyed", Fraction(0))
    steps = [
        ("sunder roll won", won),
        ("destroyed in one blow, after a won roll", destroyed / won if won else Fraction(0)),
    ]
    provokes = []
    if not attacker.stat.has_feat("improved sunder"):
        provokes.append(
            f"{defender.stat.name}: a sunder provokes from the holder (seed 000 Sunder; none "
            "with Improved Sunder)"
        )
    return ManeuverOdds(
        "sunder",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "destroyed",
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


def _splash_option(attacker: Statistics) -> AttackOption | None:
    return next(
        (o for o in attacker.options if o.weapon is not None and o.weapon.has(WeaponFlag.SPLASH)),
        None,
    )


def splash_odds(
    attacker: Statistics, defender: Statistics, rules: Ruleset, *, flat_footed: bool = False
) -> ManeuverOdds:
    """Exact odds of a direct hit with ``attacker``'s first splash weapon on ``defender``
    (seed 000 "Throw Splash Weapon"): a ranged touch attack against its touch AC, within
    the first range increment, with no cover, concealment or shooting into melee, by the
    procedure a fight uses (:func:`d20combat.rules.maneuvers.splash.throw`) under
    :func:`~d20combat.rules.dice.enumerate_outcomes`. A miss scatters: each face of the
    d8 is an outcome of its own (``scatter 1`` straight back ... ``scatter 8``).

    >>> from d20combat.content.bestiary import find_creature
    >>> from d20combat.content.rulesets import ruleset
    >>> from d20combat.rules.statistics import derive
    >>> rogue = derive(find_creature("rogue-3-alchemist"), ruleset())
    >>> ogre = derive(find_creature("ogre"), ruleset())
    >>> splash_odds(rogue, ogre, ruleset()).p_success  # +6 vs touch AC 8: all but a 1
    Fraction(19, 20)
    """
    from d20combat.rules.maneuvers import splash as S

    option = _splash_option(attacker)
    assert option is not None  # the entry's problem says so first
    ac = defender.armor_class(touch=True, dex_lost=flat_footed)
    results = enumerate_outcomes(
        lambda d: S.outcome(
            S.throw(d, option.bonus, ac, rules, back=0, squares=1, name=option.name)
        )
    )
    order = ("hit", *(f"scatter {k}" for k in range(1, 9)))
    outcomes = {k: results[k] for k in order if k in results}
    provokes = []
    if "ranged-attack" in rules.provoking_actions:
        provokes.append(
            "every foe threatening the thrower: a ranged attack provokes (seed 002 "
            "Attacks of Opportunity)"
        )
    splash = option.weapon.splash_damage if option.weapon is not None else 1
    return ManeuverOdds(
        "splash",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "hit",
        outcomes,
        (("ranged touch attack hits (direct hit)", outcomes.get("hit", Fraction(0))),),
        tuple(provokes),
        notes=(
            f"{option.name}: a direct hit deals {option.dice} to the defender and {splash} "
            "splash to every other creature within 5 ft",
            "within the first range increment: no range penalty, cover, concealment or "
            "shooting into melee",
            f"a miss lands 1 square per range increment away, the d8 counted "
            f"{rules.splash_scatter_turn} from straight back (D31)",
        ),
    )


def _splash_problem(attacker: Statistics, defender: Statistics) -> str | None:
    if _splash_option(attacker) is None:
        return f"{attacker.stat.name} carries no splash weapon (acid, alchemist's fire, holy water)"
    return None


def _turning_power(attacker: Statistics, defender: Statistics) -> tuple[object, bool] | None:
    """The ability ``attacker`` turns (True) or rebukes (False) ``defender``'s kind with."""
    from d20combat.rules.maneuvers import turning as T

    for kind in T.kinds(defender.stat):
        for positive in (True, False):
            p = T.power_against(attacker.stat, kind, positive=positive)
            if p is not None:
                return p, positive
    return None


def _turn_problem(attacker: Statistics, defender: Statistics) -> str | None:
    if attacker.stat.turning is None:
        return f"{attacker.stat.name} has no turning ability (clerics, paladins from 4th level)"
    if _turning_power(attacker, defender) is None:
        return f"{attacker.stat.name} cannot turn or rebuke {defender.stat.name}"
    return None


def turn_odds(attacker: Statistics, defender: Statistics, rules: Ruleset) -> ManeuverOdds:
    """Exact odds of ``attacker``'s turning attempt (a rebuke for an evil cleric) on
    ``defender`` alone (seed 000 "Turn Or Rebuke Undead"): the turning check and the
    turning damage enumerated by the procedure a fight uses
    (:func:`d20combat.rules.maneuvers.turning.turn`). The steps: the chance of each
    maximum Hit Dice the check gives, that it reaches the defender (turn resistance
    counted), and that the damage then covers its Hit Dice. Turning provokes nothing.

    >>> from d20combat.content.bestiary import find_creature
    >>> from d20combat.content.rulesets import ruleset
    >>> from d20combat.rules.statistics import derive
    >>> names = ("cleric-3", "human-commoner-zombie")
    >>> cleric, zombie = (derive(find_creature(n), ruleset()) for n in names)
    >>> turn_odds(cleric, zombie, ruleset()).p_success  # check 7+ (level - 1 = 2 HD): 14/20
    Fraction(7, 10)
    """
    from d20combat.content.creatures import Ability, TurningPower
    from d20combat.rules.maneuvers import turning as T

    found = _turning_power(attacker, defender)
    if found is None:
        raise ValueError(_turn_problem(attacker, defender))
    power, positive = found
    assert isinstance(power, TurningPower)
    turner = T.turner_of(attacker.stat, attacker.mod(Ability.CHA), power, positive=positive)
    target = T.target_of(defender.stat, "defender")
    mode: T.Mode = "turn" if positive else "rebuke"
    results = enumerate_outcomes(
        lambda d: T.outcome_of(T.turn(d, turner, [target], mode), "defender")
    )
    names = (
        ("turned", "destroyed", "unaffected")
        if positive
        else ("rebuked", "commanded", "unaffected")
    )
    outcomes = {k: results.get(k, Fraction(0)) for k in names}
    faces = range(1 + turner.check.value, 21 + turner.check.value)
    tops: dict[int, Fraction] = {}
    for r in faces:
        k = T.max_hit_dice(turner.level, r)
        tops[k] = tops.get(k, Fraction(0)) + Fraction(1, 20)
    reach = sum((p for k, p in tops.items() if k >= target.effective), Fraction(0))
    dmg = T.TURNING_DICE.plus(turner.damage_bonus).distribution()
    covers = sum((p for v, p in dmg.items() if v >= target.hd), Fraction(0))
    steps = [
        *((f"check's most powerful affected: {k} HD", p) for k, p in sorted(tops.items())),
        (f"check reaches {target.effective} HD (effective)", reach),
        (f"turning damage {T.TURNING_DICE}+{turner.damage_bonus} covers {target.hd} HD", covers),
    ]
    return ManeuverOdds(
        "turn",
        attacker.stat.name,
        defender.stat.name,
        rules.name,
        "affected",
        outcomes,
        tuple(steps),
        (),
        successes=tuple(n for n in names if n != "unaffected"),
        notes=(
            f"the defender alone within 60 ft ({'positive' if positive else 'negative'} energy)",
        ),
    )


def _bull_rush_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.bull_rush import bull_rush_problem

    return bull_rush_problem(attacker, defender)


def _overrun_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.overrun import overrun_problem

    return overrun_problem(attacker, defender)


def _disarm_problem(attacker: Statistics, defender: Statistics) -> str | None:
    _, why_mine, _, why_theirs = _disarm_pieces(attacker, defender)
    return why_mine or why_theirs


def _sunder_problem(attacker: Statistics, defender: Statistics) -> str | None:
    _, why_mine, _, why_theirs = _sunder_pieces(attacker, defender)
    return why_mine or why_theirs


def _feint_problem(attacker: Statistics, defender: Statistics) -> str | None:
    from d20combat.rules.maneuvers.feint import feint_problem

    return feint_problem(attacker, defender)


#: The maneuvers whose exact odds ``odds MANEUVER`` gives, by the name it takes.
MANEUVER_ODDS: dict[str, ManeuverEntry] = {
    "trip": ManeuverEntry(trip_odds, _trip_problem),
    "grapple": ManeuverEntry(grapple_odds, _grapple_problem),
    "garrote": ManeuverEntry(garrote_odds, _garrote_problem),
    "pin": ManeuverEntry(pin_odds, _anyone, frozenset()),
    "escape": ManeuverEntry(escape_odds, _anyone, frozenset()),
    "swallow": ManeuverEntry(swallow_odds, _swallow_problem, frozenset()),
    "free-trip": ManeuverEntry(free_trip_odds, _free_trip_problem),
    "trample": ManeuverEntry(trample_odds, _trample_problem, frozenset()),
    "bull-rush": ManeuverEntry(bull_rush_odds, _bull_rush_problem, frozenset({"charge"})),
    "overrun": ManeuverEntry(overrun_odds, _overrun_problem, frozenset({"charge", "flat_footed"})),
    "disarm": ManeuverEntry(disarm_odds, _disarm_problem),
    "sunder": ManeuverEntry(sunder_odds, _sunder_problem),
    "feint": ManeuverEntry(feint_odds, _feint_problem, frozenset()),
    "splash": ManeuverEntry(splash_odds, _splash_problem),
    "turn": ManeuverEntry(turn_odds, _turn_problem, frozenset()),
    "gaze": ManeuverEntry(gaze_odds, _gaze_problem, frozenset()),
}
