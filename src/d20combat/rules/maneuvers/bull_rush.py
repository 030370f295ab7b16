"""Bull rush (seed 000 "Bull Rush"; seed 002 "Bull Rush"; seed 004 "Bull Rush").

The procedure, for every ruleset:

1. The attacker moves into the defender's space, provoking an attack of opportunity from
   every opponent that threatens it, the defender included (none from the defender with
   Improved Bull Rush); an attack of opportunity by anyone else may go astray onto the
   other party (25%). The encounter offers them before this procedure runs.
2. Opposed Strength checks: each side's size modifier (+/-4 per category from Medium:
   seed 000; seed 004's +4 per category of difference to the larger is the same
   contest, D20), +2 for a charging attacker, the defender's +4 for more than two legs
   or exceptional stability, and Improved Bull Rush's bonus (seed 002, D01). The
   attacker must *beat* the defender's result: a tie fails
   (:class:`~d20combat.rules.checks.Ties` ``OPPONENT``).
3. Won: the defender is pushed back 5 ft, and if the attacker moves with it, 5 ft more
   for every full 5 points of margin, within the attacker's movement
   (:func:`push_ft`). Lost: the attacker moves back to where it was (prone if that
   square is occupied).

Who may bull rush whom (size) is checked by :func:`bull_rush_problem`. Seed 001 is
silent on the bull rush: every ruleset uses seed 000's numbers here (the size
modifier per category, stability from three legs).
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.rules.checks import Opposed, Ties, opposed
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import (
    ability_check,
    improved,
    opposed_total,
    size_modifier,
    stability,
)
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Bull Rush; seed 002 Bull Rush; seed 004 Bull Rush"
#: seed 000 / 004 "Bull Rush": +4 to a defender with "more than two legs".
STABLE_LEGS = 3
#: seed 000 "Bull Rush", "Charge": "You get a +2 bonus if you are charging."
CHARGING = Modifier(2, BonusType.UNTYPED, "charging")
#: The push is counted in steps of 5 ft, one for each 5 points of margin.
STEP = 5


class BullRushSides(NamedTuple):
    """The two Strength checks of one bull rush, totalled with their breakdowns."""

    attack: Total
    resist: Total


class BullRushResult(NamedTuple):
    """The opposed check (under exact enumeration the defender's total stands for its
    step of margin only: :func:`~d20combat.rules.checks.opposed`)."""

    check: Opposed

    @property
    def won(self) -> bool:
        return self.check.won

    @property
    def margin(self) -> int:
        """By how much the attacker's result beat the defender's (<= 0: it did not)."""
        return self.check.actor - self.check.opponent


def strength_check(stats: Statistics, rules: Ruleset, *, charging: bool = False) -> Total:
    """The bull rusher's Strength check: Str, size, Improved Bull Rush's bonus (seed 002),
    +2 when charging (seed 000)."""
    return opposed_total(
        ability_check(stats, Ability.STR),
        size_modifier(stats, rules, scale="special"),
        improved(stats, "improved bull rush", rules),
        [CHARGING] if charging else [],
    )


def resist_check(stats: Statistics, rules: Ruleset) -> Total:
    """The defender's Strength check: Str, size, stability (more than two legs, or a
    dwarf's stability against being bull rushed)."""
    return opposed_total(
        ability_check(stats, Ability.STR),
        size_modifier(stats, rules, scale="special"),
        stability(stats, rules, "bull rush", legs=STABLE_LEGS),
    )


def bull_rush(dice: DiceSource, sides: BullRushSides) -> BullRushResult:
    """Roll the opposed Strength checks of one bull rush (the attacks of opportunity
    come first, in the encounter). Does not check who may bull rush whom."""
    check = opposed(
        dice,
        sides.attack,
        sides.resist,
        ("bull rush: Strength check", "bull rush: resisting (Strength)"),
        Ties.OPPONENT,
        step=STEP,
    )
    return BullRushResult(check)


def push_ft(margin: int, *, follow: bool, limit_ft: int) -> int:
    """How far a won bull rush pushes the defender: 5 ft; moving with it, 5 ft more for
    each full 5 points of ``margin``, but never more than ``limit_ft`` (the attacker's
    movement for it: seed 000 "You can't, however, exceed your normal movement limit";
    the first 5 ft needs no movement of the attacker's).

    >>> push_ft(4, follow=True, limit_ft=30), push_ft(10, follow=True, limit_ft=30)
    (5, 15)
    >>> push_ft(10, follow=False, limit_ft=30), push_ft(30, follow=True, limit_ft=20)
    (5, 20)
    """
    if not follow:
        return STEP
    return max(STEP, min(STEP + STEP * (margin // STEP), limit_ft - limit_ft % STEP))


def bull_rush_problem(attacker: Statistics, defender: Statistics) -> str | None:
    """Why ``attacker`` cannot bull rush ``defender``, or None: only a foe at most one
    size category larger (seed 000 "Bull Rush")."""
    if defender.stat.size > attacker.stat.size + 1:
        return (
            f"{defender.stat.name} is {defender.stat.size.label}: a bull rush pushes foes at "
            "most one size larger"
        )
    return None


def bull_rush_sides(
    attacker: Statistics, defender: Statistics, rules: Ruleset, *, charging: bool = False
) -> BullRushSides:
    """The checks of a bull rush between two creatures out of any situation (for
    ``d20combat odds bull-rush``)."""
    return BullRushSides(
        strength_check(attacker, rules, charging=charging), resist_check(defender, rules)
    )


def outcome(r: BullRushResult, *, follow: bool = True, limit_ft: int = 1000) -> str:
    """The result's name: ``pushed N ft`` (moving with the defender as far as the check
    and ``limit_ft`` allow) or ``failed``."""
    if not r.won:
        return "failed"
    return f"pushed {push_ft(r.margin, follow=follow, limit_ft=limit_ft)} ft"
