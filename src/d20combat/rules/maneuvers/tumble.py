"""Tumbling through a foe's space: the Tumble skill's use in combat.

SRD combat-ii "Moving Through a Square" (srd-movement-11): "Overrun and Tumble are the
ways to move through an opponent's square"; seed 004 "Moving Through a Square"
(004-passing-02): a character can pass a resisting enemy's square by overrunning it or
tumbling through, "with ranks in Tumble". The Tumble skill itself is not in the SRD
excerpt (srd35/) nor in seed 004; the 3.5 skill (SRD skills chapter, Tumble) reads:
"Tumble at one-half speed through an area occupied by an enemy (over, under, or around
the opponent) as part of normal movement, provoking attacks of opportunity as normal.
Failure means you stop before entering the enemy-occupied area and provoke an attack of
opportunity from that enemy", DC 25; Tumble is trained only, and "You can't use this
skill if your speed has been reduced by carrying a medium or heavy load or wearing
medium or heavy armor". d20 Modern's Tumble gives the same DC (A235).

The check is one d20 against a DC (a skill check: natural 1 and 20 are not special),
so its chance is exact: :func:`p_tumble`.
"""

from __future__ import annotations

from fractions import Fraction

from d20combat.rules.statistics import Statistics, slowed_by_gear

RULE = "SRD combat-ii Moving Through a Square; seed 004 Moving Through a Square; SRD Tumble"
THROUGH_DC = 25  # "Tumble ... through an area occupied by an enemy": DC 25
SKILL = "tumble"


def tumble_problem(stats: Statistics) -> str | None:
    """Why a creature may not tumble at all, or None: it needs ranks in Tumble (trained
    only: a stat block lists a trained-only skill's total only with ranks, A236) and a
    speed not reduced by medium or heavy armor or load."""
    stat = stats.stat
    if SKILL not in stat.skills:
        return f"{stat.name} has no ranks in Tumble (a trained-only skill)"
    if slowed_by_gear(stat):
        return f"{stat.name}'s speed is reduced by its armor or load: it cannot tumble"
    return None


def p_tumble(modifier: int, dc: int = THROUGH_DC) -> Fraction:
    """The chance that d20 + ``modifier`` meets ``dc``: ``(21 - (dc - modifier)) / 20``,
    clamped to 0..1.

    >>> p_tumble(10), p_tumble(3), p_tumble(30)
    (Fraction(3, 10), Fraction(0, 1), Fraction(1, 1))
    """
    need = dc - modifier
    return Fraction(min(20, max(0, 21 - need)), 20)
