"""Swallow Whole as pure rules (SRD types-subtypes-and-special-abilities.html "Swallow
Whole"; the creature's own "Swallow Whole (Ex)" entry gives the numbers, read as
:class:`~d20combat.content.creatures.SwallowWhole`):

* "If a creature with this special attack begins its turn with an opponent held in its
  mouth (see Improved Grab), it can attempt a new grapple check (as though attempting
  to pin the opponent). If it succeeds, it swallows its prey, and the opponent takes
  bite damage" (:func:`swallow`: one opposed grapple check, the grapple's ties);
* "Unless otherwise noted, the opponent can be up to one size category smaller than
  the swallowing creature" (:func:`largest`); the gullet holds the entry's numbers by
  size (:func:`room`: each creature fills its share of the gullet, a reading A85);
* "The Armor Class of the interior of a creature that swallows whole is normally 10 +
  1/2 its natural armor bonus, with no modifiers for size or Dexterity"
  (:func:`interior_ac`); "A swallowed creature can try to cut its way free with any
  light slashing or piercing weapon" (:func:`cutter`, :func:`cut`: an attack roll
  against the interior, its damage toward the entry's amount).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from d20combat.content.creatures import SwallowWhole
from d20combat.content.damage import DamageType
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.attack import Attack, AttackResult, resolve_attack
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers.grapple import contest
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import AttackOption, Statistics

RULE = "SRD special abilities Swallow Whole"
CUT_RULE = RULE + " (cutting free)"
#: A gullet's default holding when the entry gives none (a reading, A85): two of the
#: largest size it swallows, four times as many of each smaller size, as the SRD's
#: entries list them (the purple worm: "2 Large, 8 Medium, 32 Small ...").
DEFAULT_LARGEST_COUNT = 2
_CUTTING = frozenset({DamageType.SLASHING, DamageType.PIERCING})


def largest(sw: SwallowWhole, size: Size) -> Size:
    """The largest size a creature of ``size`` swallows: the entry's, else one category
    smaller than itself."""
    return sw.largest if sw.largest is not None else Size(max(int(Size.FINE), int(size) - 1))


def share(sw: SwallowWhole, size: Size, prey: Size) -> Fraction:
    """The part of the gullet a creature of size ``prey`` fills: 1 / the number of its
    size the entry says it holds (the last size listed stands for the smaller ones;
    with no list, :data:`DEFAULT_LARGEST_COUNT` of the largest, x4 per size down)."""
    if sw.capacity:
        count = next((n for s, n in sw.capacity if s == prey), None)
        if count is None:
            bigger = [n for s, n in sw.capacity if s > prey]
            count = max(bigger) if bigger else min(n for _, n in sw.capacity)
        return Fraction(1, count)
    steps = max(0, int(largest(sw, size)) - int(prey))
    return Fraction(1, DEFAULT_LARGEST_COUNT * 4**steps)


def room(sw: SwallowWhole, size: Size, inside: list[Size], prey: Size) -> bool:
    """Whether a gullet already holding creatures of the sizes ``inside`` has room for
    one of size ``prey`` (their shares add up to at most the whole: a reading, A85)."""
    return sum((share(sw, size, s) for s in (*inside, prey)), Fraction(0)) <= 1


def swallow_problem(swallower: Statistics, prey: Statistics) -> str | None:
    """Why ``swallower`` cannot swallow ``prey`` at all (no swallow whole, too large), or
    None."""
    sw = swallower.stat.swallow_whole
    name = swallower.stat.name
    if sw is None:
        return f"{name} has no swallow whole"
    top = largest(sw, swallower.stat.size)
    if prey.stat.size > top:
        return f"{prey.stat.name} is too large for {name} to swallow ({top.label} or smaller)"
    return None


def swallow(dice: DiceSource, mine: Total, theirs: Total, rules: Ruleset) -> tuple[bool, int, int]:
    """The swallow's grapple check "as though attempting to pin the opponent": (won,
    the swallower's total, the prey's)."""
    won, m, t = contest(dice, mine, [theirs], "grapple check (swallow)", rules)
    return won, m, t[0]


def interior_ac(sw: SwallowWhole, natural_armor: int) -> Total:
    """The interior's AC: the entry's (the tyrannosaurus's gizzard: AC 12), else 10 +
    half the natural armor bonus, with no size or Dexterity modifier."""
    if sw.ac is not None:
        return stack([Modifier(sw.ac, BonusType.BASE, "interior (the creature's entry)")])
    return stack(
        [
            Modifier(10, BonusType.BASE, "base"),
            Modifier(natural_armor // 2, BonusType.NATURAL_ARMOR, "half natural armor"),
        ]
    )


def cutter(option: AttackOption) -> bool:
    """Whether ``option`` cuts a way out: a light melee weapon dealing slashing or
    piercing damage (a natural claw or bite counts as light: reading A86)."""
    if option.ranged or not (option.light or option.natural):
        return False
    if option.name == "unarmed strike":
        return False
    return bool(_CUTTING & set(option.damage_types))


class CutResult(NamedTuple):
    """One blow at the interior: the attack, and the damage the hole has taken after it."""

    attack: AttackResult
    cut: int
    free: bool


def cut(dice: DiceSource, attack: Attack, rules: Ruleset, done: int, needed: int) -> CutResult:
    """One attack at the interior (``attack``: against :func:`interior_ac`, no critical:
    an interior is no creature's vitals, a reading A86): its damage adds to ``done``;
    at ``needed`` the hole is cut and the creature is free."""
    r = resolve_attack(dice, attack, rules)
    total = done + (r.damage if r.hit else 0)
    return CutResult(r, total, total >= needed)


__all__ = [
    "CUT_RULE",
    "RULE",
    "CutResult",
    "cut",
    "cutter",
    "interior_ac",
    "largest",
    "room",
    "share",
    "swallow",
    "swallow_problem",
]
