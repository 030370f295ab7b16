"""Checks: a d20 plus a modifier against a DC, or against another creature's check.

One procedure serves fights and exact odds: it takes a
:class:`~d20combat.rules.dice.DiceSource`. Under enumeration the opponent's die is
classified (win, tie, lose) instead of enumerated face by face, so an opposed check
costs 20 x 3 branches, not 400.

Ties (an opposed check's totals equal) are settled by the rule the text of each
procedure gives, named by :class:`Ties`:

* ``HIGHER_MODIFIER``: seed 000 "Grapple Checks" (and seed 002): "the combatant with the
  higher grapple check modifier wins. If this is a tie, roll again to break the tie."
  The procedures whose text says the actor must *win* (trip, overrun) take this reading
  too. With equal modifiers the reroll is symmetric, so it is a fair coin: a sampled
  fight rerolls both dice (every roll logged), and exact enumeration weighs the coin
  1/2 each way, which is what the rerolls come to.
* ``ACTOR``: seed 001 "Grappling": the initiator wins ties.
* ``OPPONENT``: the text says the actor must *beat* or *exceed* the other's result
  (seed 000 "Bull Rush", "Disarm", "Feint"): a tie is a failure.

Where the margin matters (seed 000 "Bull Rush": 5 ft more "for each 5 points by which
your check result is greater"), :func:`opposed` classes a win by ``margin // step``, so
exact enumeration still merges the faces that lead to the same result.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from d20combat.rules.dice import D20, Dice, DiceSource
from d20combat.rules.modifiers import Total

#: A sampled tie of equal modifiers is rerolled at most this often before a coin
#: settles it (the chance of reaching it is 20^-100: never, but every loop is bounded).
MAX_REROLLS = 100
_COIN = Dice.of(1, 2)


class Ties(StrEnum):
    """Who wins an opposed check whose totals are equal (see the module docstring)."""

    HIGHER_MODIFIER = "higher-modifier"
    ACTOR = "actor"
    OPPONENT = "opponent"


class Opposed(NamedTuple):
    """An opposed check's result: whether the actor won, and the two totals (under
    exact enumeration the opponent's total stands for its class only)."""

    won: bool
    actor: int
    opponent: int
    tie: bool = False


def _against(mine: int, step: int = 0) -> Callable[[int], object]:
    """The opponent's total classed against the actor's: ``won`` (for the actor; with a
    ``step``, ``("won", margin // step)``), tie, lost."""
    if step:
        return lambda total: (
            "tie"
            if total == mine
            else (("won", (mine - total) // step) if total < mine else "lost")
        )
    return lambda total: "tie" if total == mine else ("won" if total < mine else "lost")


def check(dice: DiceSource, modifier: Total, purpose: str) -> int:
    """d20 + ``modifier`` (a check never fails on a natural 1 as an attack does:
    SRD "Ability Checks"; nothing here is an attack roll)."""
    return dice.roll(D20.plus(modifier.value), purpose)


def opposed(
    dice: DiceSource,
    actor: Total,
    opponent: Total,
    purposes: tuple[str, str],
    ties: Ties = Ties.HIGHER_MODIFIER,
    *,
    step: int = 0,
) -> Opposed:
    """The actor's check against the opponent's (each d20 + its modifier). ``step``: the
    caller reads the margin of a win by steps of this size (the opponent's total then
    stands for its step under exact enumeration, so ``actor - opponent`` gives the
    right step).

    >>> from d20combat.rules.dice import enumerate_outcomes
    >>> from d20combat.rules.modifiers import total_of
    >>> even = lambda d: opposed(d, total_of(), total_of(), ("a", "b")).won
    >>> enumerate_outcomes(even)[True]
    Fraction(1, 2)
    """
    for _ in range(MAX_REROLLS):
        mine = check(dice, actor, purposes[0])
        outcome, theirs = dice.classify(
            D20.plus(opponent.value),
            purposes[1],
            _against(mine, step),
        )
        if dice.exact and outcome == "tie":
            theirs = mine
        if outcome != "tie":
            return Opposed(outcome != "lost", mine, theirs)
        if ties is Ties.ACTOR:
            return Opposed(True, mine, theirs, tie=True)
        if ties is Ties.OPPONENT:
            return Opposed(False, mine, theirs, tie=True)
        if actor.value != opponent.value:
            return Opposed(actor.value > opponent.value, mine, theirs, tie=True)
        if dice.exact:  # equal modifiers: the rerolls come to a fair coin
            coin = dice.roll(_COIN, f"{purposes[0]}: reroll of a tie")
            return Opposed(coin == 1, mine, theirs, tie=True)
    coin = dice.roll(_COIN, f"{purposes[0]}: tie after {MAX_REROLLS} rerolls")
    return Opposed(coin == 1, mine, mine, tie=True)


def opposed_all(
    dice: DiceSource,
    actor: Total,
    opponents: list[Total],
    purposes: tuple[str, str],
    ties: Ties = Ties.HIGHER_MODIFIER,
) -> tuple[bool, int, list[int]]:
    """The actor's one check against each opponent's own (seed 000 "Escape from
    Grapple": "your grapple check result has to beat all their individual check
    results"): whether it beat every one, its total and theirs. Each pair's tie is
    settled by ``ties``; a tie of equal modifiers is rolled again for that pair alone
    (:func:`opposed`). Every opponent rolls, win or lose.
    """
    mine = check(dice, actor, purposes[0])
    won = True
    totals = []
    for k, opponent in enumerate(opponents):
        label = purposes[1] if len(opponents) == 1 else f"{purposes[1]} ({k + 1})"
        outcome, theirs = dice.classify(D20.plus(opponent.value), label, _against(mine))
        if dice.exact and outcome == "tie":
            theirs = mine
        if outcome == "tie":
            if ties is Ties.ACTOR:
                outcome = "won"
            elif ties is Ties.OPPONENT:
                outcome = "lost"
            elif actor.value != opponent.value:
                outcome = "won" if actor.value > opponent.value else "lost"
            else:
                again = opposed(dice, actor, opponent, (f"{purposes[0]}: tie", label), ties)
                outcome = "won" if again.won else "lost"
        won = won and outcome == "won"
        totals.append(theirs)
    return won, mine, totals


@lru_cache(maxsize=4096)
def p_opposed(actor: int, opponent: int, ties: Ties = Ties.HIGHER_MODIFIER) -> Fraction:
    """The exact chance that the actor wins :func:`opposed` with these modifiers, in
    closed form (counted over the 400 pairs of faces), for decisions made many times a
    fight; tests check it against the procedure under enumeration.

    >>> p_opposed(0, 0), p_opposed(5, 0)
    (Fraction(1, 2), Fraction(59, 80))
    """
    diff = actor - opponent
    won = sum(max(0, min(20, a + diff - 1)) for a in range(1, 21))  # faces b < a + diff
    tied = sum(1 for a in range(1, 21) if 1 <= a + diff <= 20)
    if ties is Ties.ACTOR or (ties is Ties.HIGHER_MODIFIER and actor > opponent):
        won += tied
    elif ties is Ties.HIGHER_MODIFIER and actor == opponent:
        return (Fraction(won) + Fraction(tied, 2)) / 400
    return Fraction(won, 400)


@lru_cache(maxsize=4096)
def p_beats_by(actor: int, opponent: int, by: int) -> Fraction:
    """The exact chance that the actor's total exceeds the opponent's by ``by`` or more
    (``by`` >= 1: a win that needs no tie rule), in closed form over the 400 pairs of
    faces: for a bull rush's push (seed 000 "Bull Rush": 5 ft more for each 5 points).

    >>> p_beats_by(0, 0, 1) == p_opposed(0, 0, Ties.OPPONENT), p_beats_by(0, 0, 20)
    (True, Fraction(0, 1))
    """
    diff = actor - opponent - by
    return Fraction(sum(max(0, min(20, a + diff)) for a in range(1, 21)), 400)
