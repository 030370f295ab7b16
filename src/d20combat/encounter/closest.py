"""Equally close squares or creatures: the dice decide which counts as closest (SRD
combat-ii "Closest Creature": "if two squares or creatures are equally close, randomly
determine which one counts as closest by rolling a die").

:func:`order_ties` orders a list already sorted nearest first: each run of equally
close entries is reordered by the encounter's dice, a d``n`` picking the closest of the
``n``, then a d``n-1`` among the rest, and so on (A260); :func:`pick_closest` rolls
only for the closest one. The rolls are recorded, so the
acting event that marks the dice before calling it lists them; the order is fixed by
the seed, and a resumed fight rolls the same. One entry at a distance rolls nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from d20combat.rules.dice import Dice

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

T = TypeVar("T")


def order_ties(enc: Encounter, ranked: Sequence[tuple[int, T]], what: str) -> list[T]:
    """The items of ``ranked`` (``(distance, item)``, nearest first), equally close ones
    in the order the dice give (see the module notes); ``what`` names them in the
    rolls' purpose."""
    out: list[T] = []
    i, n = 0, len(ranked)
    while i < n:
        j = i + 1
        while j < n and ranked[j][0] == ranked[i][0]:
            j += 1
        tied = [item for _, item in ranked[i:j]]
        while tied:
            out.append(tied.pop(_pick(enc, len(tied), what)))
        i = j
    return out


def pick_closest(enc: Encounter, tied: Sequence[T], what: str) -> T:
    """The one of ``tied`` (equally close, in a fixed order) that counts as closest: a
    d``n`` of the ``n`` picks it; one alone rolls nothing."""
    return tied[_pick(enc, len(tied), what)]


def _pick(enc: Encounter, k: int, what: str) -> int:
    """The index a d``k`` picks among ``k`` equally close (0 without a roll if one)."""
    if k == 1:
        return 0
    return enc.dice.roll(Dice.of(1, k), f"closest of {k} equally close {what}") - 1
