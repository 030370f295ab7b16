"""Trample, pounce and rake: the monster special attacks of SRD
types-subtypes-and-special-abilities.html ("Trample (Ex)", "Pounce (Ex)", "Rake (Ex)"),
their numbers from the creature's text (:class:`~d20combat.content.creatures.SpecialAttack`).

Trample: "As a full-round action, a creature with this special attack can move up to
twice its speed and literally run over any opponents at least one size category smaller
than itself ... any creature whose space is completely covered by the trampling
creature's space is subject to the trample attack ... If the trampling creature moves
over only some of a target's space, the target can make an attack of opportunity
against the trampling creature at a -4 penalty ... Trampled opponents can attempt
attacks of opportunity, but these take a -4 penalty. If they do not make attacks of
opportunity, trampled opponents can attempt Reflex saves to take half damage ... A
trampling creature can only deal trampling damage to each target once per round."

Pounce: "When a creature with this special attack makes a charge, it can follow with a
full attack, including rake attacks if the creature also has the rake ability." Rake
(the creature's text): "Attack bonus +7 melee, damage 1d4+2", two attacks when
pouncing. Rakes while grappling wait for the grapple (issue 8, the grapple branch).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from d20combat.content.creatures import Ability, SpecialAttack
from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.hitpoints import saving_throw
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics

TRAMPLE_RULE = "SRD types-subtypes-and-special-abilities Trample"
POUNCE_RULE = "SRD types-subtypes-and-special-abilities Pounce, Rake"
AOO_PENALTY = -4  # "attacks of opportunity, but these take a -4 penalty"

Pos = tuple[int, int]


class TrampleSave(NamedTuple):
    """A trampled creature's Reflex save: the DC, the natural d20, the total, saved."""

    dc: int
    natural: int
    total: int
    saved: bool


def trample_problem(trampler: Statistics, victim: Statistics) -> str | None:
    """Why ``trampler`` cannot trample ``victim``, or None: only opponents at least one
    size category smaller."""
    if victim.stat.size >= trampler.stat.size:
        return (
            f"{victim.stat.name} is {victim.stat.size.label}: a trample runs over foes at "
            "least one size smaller"
        )
    return None


def covered(mover: Iterable[Pos], victim: Iterable[Pos]) -> str | None:
    """How the trampler's space at one position lies over the victim's: ``"all"``
    (trampled), ``"part"`` (an attack of opportunity at -4 only) or None."""
    over = frozenset(mover)
    theirs = tuple(victim)
    inside = sum(1 for s in theirs if s in over)
    if not inside:
        return None
    return "all" if inside == len(theirs) else "part"


def reflex_save(dice: DiceSource, reflex: Total, dc: int) -> TrampleSave:
    """The victim's Reflex save for half damage (a natural 20 always succeeds and a 1
    always fails: SRD combat-i "Saving Throws")."""
    saved, face = saving_throw(dice, reflex.value, dc, f"trample: Reflex save (DC {dc})")
    return TrampleSave(dc, face, face + reflex.value, saved)


def p_save(reflex: int, dc: int) -> Fraction:
    """The chance of :func:`reflex_save` succeeding (closed form: the faces 2-19 that
    reach the DC, and the 20)."""
    good = sum(1 for face in range(2, 20) if face + reflex >= dc) + 1
    return Fraction(good, 20)


def p_attack(bonus: int, ac: int) -> Fraction:
    """The chance an attack roll at ``bonus`` hits ``ac`` (a natural 20 always hits, a 1
    never: seed 003 "Attack Roll")."""
    return Fraction(sum(1 for face in range(2, 20) if face + bonus >= ac) + 1, 20)


def strikes_back(
    aoo_bonus: int, ac: int, aoo_mean: float, reflex: int, dc: int, trample_mean: float
) -> bool:
    """Whether a foe run over takes its attack of opportunity at -4 (``aoo_bonus``, the
    penalty counted) rather than its Reflex save (A63): when the damage it expects to
    deal beats the damage the save is expected to spare it (half the trample's, when it
    saves)."""
    return float(p_attack(aoo_bonus, ac)) * aoo_mean > float(p_save(reflex, dc)) * trample_mean / 2


def trample_dc(trampler: Statistics, rule: SpecialAttack) -> int:
    """The save DC: the creature's text, else 10 + 1/2 its HD + its Str modifier."""
    if rule.dc is not None:
        return rule.dc
    return 10 + int(trampler.stat.hd_total) // 2 + trampler.mod(Ability.STR)


@cache
def split_damage(text: str) -> tuple[Dice, int]:
    """``2d8+3`` -> (2d8, +3): the dice and the constant, shown apart in the events."""
    m = re.fullmatch(r"(.+?)([+-]\d+)?", text.replace(" ", ""))
    assert m is not None
    return Dice.parse(m.group(1)), int(m.group(2) or 0)


def stated(value: int, source: str) -> Total:
    """A number the stat block states, as a total with its source."""
    return stack([Modifier(value, BonusType.UNTYPED, source)])
