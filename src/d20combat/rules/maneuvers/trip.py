"""Trip (seed 000 "Trip"; seed 002 "Trip"; seed 004 "Trip"; seed 001 "Trip").

The procedure, for every ruleset:

1. A melee touch attack (unarmed, or with a tripping weapon). Without a tripping weapon
   or the Improved Trip feat it provokes an attack of opportunity from the target, as
   an unarmed attack does; the encounter offers it before this procedure runs.
   Seed 001 has no touch attack: the opposed roll is the whole trip.
2. A Strength check opposed by the defender's Strength or Dexterity check, whichever
   modifier is higher, with the size modifiers (:func:`~d20combat.rules.maneuvers.size_modifier`),
   the defender's stability and the Improved Trip bonus of the ruleset. If the attacker
   *wins*, the defender is tripped (prone): ties by the general rule
   (:class:`~d20combat.rules.checks.Ties`).
3. If the attacker loses, the defender may at once try to trip the attacker back: the
   same opposed check the other way round, with no counter to the counter. An attacker
   tripping with a weapon may drop it instead to avoid this (seed 000 "Tripping with a
   Weapon"). Seed 001 gives no counter-trip.

Who may trip whom (size, legs) is checked by :func:`trip_problem`.

A monster's free trip (the creatures' "Trip (Ex)", e.g. SRD monsters-animals.html
"Wolf": "A wolf that hits with a bite attack can attempt to trip the opponent (+1 check
modifier) as a free action without making a touch attack or provoking an attack of
opportunity. If the attempt fails, the opponent cannot react to trip the wolf."): step 2
alone (:func:`free_trip_sides`), with the stat block's check modifier where the ruleset
reads it so (``monster_trip_check``).
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.rules.checks import Opposed, Ties, opposed
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import (
    Touch,
    ability_check,
    improved,
    opposed_total,
    size_modifier,
    stability,
    touch_attack,
)
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Trip; seed 002 Trip"


class TripSides(NamedTuple):
    """The numbers of one trip attempt, totalled with their breakdowns.

    ``touch_bonus``/``touch_ac``: the melee touch attack (None: no touch attack, as in
    seed 001); ``attack``/``resist``: the attacker's Strength check and the defender's
    best of Strength and Dexterity; ``counter``/``counter_resist``: the same the other way
    round, for the counter-trip (None: no counter-trip, or the attacker drops its
    tripping weapon instead)."""

    touch_bonus: Total | None
    touch_ac: Total | None
    attack: Total
    resist: Total
    counter: Total | None
    counter_resist: Total | None
    concealment: int = 0


class TripResult(NamedTuple):
    """What happened: the touch attack, the opposed check, the counter-trip."""

    touch: Touch | None
    check: Opposed | None
    counter: Opposed | None

    @property
    def tripped(self) -> bool:
        """The defender is tripped."""
        return self.check is not None and self.check.won

    @property
    def countered(self) -> bool:
        """The attacker is tripped in turn."""
        return self.counter is not None and self.counter.won


def strength_check(stats: Statistics, rules: Ruleset) -> Total:
    """The tripper's Strength check: Str, size, and Improved Trip's bonus."""
    return opposed_total(
        ability_check(stats, Ability.STR),
        size_modifier(stats, rules),
        improved(stats, "improved trip", rules),
    )


def resist_check(stats: Statistics, rules: Ruleset, *, ride: Total | None = None) -> Total:
    """The defender's check against a trip: the better of Str and Dex, size, stability.
    A mounted defender's ``ride`` check may take the place of Str or Dex (seed 000
    "Tripping a Mounted Opponent": "The defender may make a Ride check in place of his
    Dexterity or Strength check"; its size modifier and stability still count: A109)."""
    base = ability_check(stats, Ability.STR, Ability.DEX)
    if ride is not None and ride.value > base.value:
        base = Modifier(ride.value, BonusType.BASE, "Ride check (mounted)")
    return opposed_total(base, size_modifier(stats, rules), stability(stats, rules, "trip"))


def trip(
    dice: DiceSource, sides: TripSides, rules: Ruleset, *, ties: Ties = Ties.HIGHER_MODIFIER
) -> TripResult:
    """Roll one trip attempt (the attack of opportunity it may provoke comes first, in
    the encounter). Does not check who may trip whom (:func:`trip_problem`)."""
    touch = None
    if sides.touch_bonus is not None and sides.touch_ac is not None:
        touch = touch_attack(
            dice,
            sides.touch_bonus,
            sides.touch_ac,
            "trip: melee touch attack",
            rules,
            concealment=sides.concealment,
        )
        if not touch.hit:
            return TripResult(touch, None, None)
    check = opposed(
        dice,
        sides.attack,
        sides.resist,
        ("trip: Strength check", "trip: resisting (Str or Dex)"),
        ties,
    )
    if check.won or sides.counter is None or sides.counter_resist is None:
        return TripResult(touch, check, None)
    counter = opposed(
        dice,
        sides.counter,
        sides.counter_resist,
        ("counter-trip: Strength check", "counter-trip: resisting (Str or Dex)"),
        ties,
    )
    return TripResult(touch, check, counter)


def trip_problem(attacker: Statistics, defender: Statistics) -> str | None:
    """Why ``attacker`` cannot trip ``defender``, or None: only a foe at most one size
    category larger (seed 000 "Trip"), and one with legs (seed 001: "Some creatures
    cannot be tripped, such as those with no legs")."""
    if defender.stat.size > attacker.stat.size + 1:
        return (
            f"{defender.stat.name} is {defender.stat.size.label}: a trip reaches foes at "
            "most one size larger"
        )
    if defender.stat.legs == 0:
        return f"{defender.stat.name} has no legs to trip"
    return None


def trip_sides(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    weapon: str | None = None,
    flat_footed: bool = False,
) -> TripSides:
    """The numbers of a trip between two creatures out of any situation (for
    ``d20combat odds trip``): the touch attack with the unarmed strike (or ``weapon``,
    a tripping weapon) against touch AC (flat-footed: without Dex), the checks.

    Raises:
        ValueError: if the attacker has no such option.
    """
    option = attacker.unarmed if weapon is None else attacker.option(weapon)
    if option is None:
        raise ValueError(f"{attacker.stat.name} has no unarmed strike")
    touch = rules.trip_touch_attack
    countering = rules.trip_counter
    return TripSides(
        option.bonus if touch else None,
        defender.armor_class(touch=True, flat_footed=flat_footed) if touch else None,
        strength_check(attacker, rules),
        resist_check(defender, rules),
        strength_check(defender, rules) if countering else None,
        resist_check(attacker, rules) if countering else None,
    )


def free_trip_check(stats: Statistics, modifier: int | None, rules: Ruleset) -> Total:
    """The check of a monster's free trip: the stat block's "+N check modifier" (its
    Strength check with the 3.5 size modifier: the wolf's +1 is Str 13; the dire wolf's
    +11 is Str 25 +7 and Large +4) when the ruleset reads it (``monster_trip_check:
    stated``), else :func:`strength_check` under the ruleset's own size modifiers."""
    if modifier is None or rules.monster_trip_check == "computed":
        return strength_check(stats, rules)
    return stack([Modifier(modifier, BonusType.UNTYPED, "Trip (Ex) check modifier")])


def free_trip_sides(
    attacker: Statistics, defender: Statistics, rules: Ruleset, modifier: int | None
) -> TripSides:
    """The numbers of a monster's free trip (Trip (Ex)): no touch attack, no counter-trip."""
    return TripSides(
        None,
        None,
        free_trip_check(attacker, modifier, rules),
        resist_check(defender, rules),
        None,
        None,
    )


def outcome(r: TripResult) -> str:
    """The result's name: tripped, countered, failed or missed."""
    if r.touch is not None and not r.touch.hit:
        return "missed"
    return "tripped" if r.tripped else ("countered" if r.countered else "failed")
