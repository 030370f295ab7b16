"""When the baseline tumbles through a foe (SRD combat-ii "Moving Through a Square";
the engine: :mod:`d20combat.encounter.maneuvers.tumble`): to reach the square beyond
the foe it goes to attack where it flanks it with an ally, when the exact chance of the
Tumble check (:func:`~d20combat.rules.maneuvers.tumble.p_tumble`) times what the flank
adds (its +2 on the attack, and sneak attack dice) beats the foe's attack of
opportunity that tumbling past it costs (success or failure, it provokes the foe)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.maneuvers.tumble import tumble_modifier, tumble_paths, tumble_problem_in
from d20combat.grid.flanking import flanks
from d20combat.rules.dice import Dice
from d20combat.rules.maneuvers.tumble import SKILL, p_tumble
from d20combat.tactics.estimates import hit_damage, p_hits
from d20combat.tactics.worth import aoo_of, built, mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Pos = tuple[int, int]

FLANK_BONUS = 2  # seed 003 "Flanking": +2 on the attack roll


def tumble_to_flank(
    enc: Encounter, c: Combatant, end: Pos, *, path: tuple[Pos, ...] = ()
) -> A.Tumble | None:
    """A tumble through the foe ``c`` would attack from ``end`` (where a move along
    ``path`` or a 5-foot step, ``path`` empty, takes it), to a square beyond it where
    ``c`` flanks it, if worth it (see the module docstring; instead of a 5-foot step it
    gives up the full attack's further attacks too); None otherwise. Costs nothing for
    a creature without Tumble ranks (the stat block's skill, checked first)."""
    if SKILL not in c.stat.skills or not c.traits.intelligent:
        return None
    b = enc.budget
    if b.stepped or b.moved or not b.move or not b.standard:
        return None  # the attack after it needs the standard action
    sp = enc.space
    option = next(iter(c.melee_options()), None)
    if option is None:
        return None
    target, allies = None, []
    for e in sp.enemies_near(c, sp.speed(c)):  # a foe it would attack from ``end``
        if (end[0] - e.pos[0], end[1] - e.pos[1]) not in sp.attack_offsets(c, option, e.squares):
            continue
        allies = [(a.pos, a.squares) for a in sp.flank_partners(c.side, e) if a is not c]
        if allies and tumble_problem_in(enc, c, e) is None:
            target = e  # ... with an ally to flank it with
            break
    if target is None:
        return None
    if any(flanks(end, c.squares, p, n, target.pos, target.squares) for p, n in allies):
        return None  # the plain move flanks already
    ac = target.stats.ac.value
    bonus = option.bonus.value
    mean = min(mean_damage(option), max(1.0, float(target.vitals.hp)))
    dice = c.traits.sneak_dice
    sneak = float(Dice.parse(dice).mean) if dice else 0.0
    _, notes = built(enc, c, option, option.bonus, target)
    already = sneak if "sneak_attack" in notes else 0.0  # flat-footed, or flanked now
    flanked = hit_damage(ac, bonus + FLANK_BONUS, mean + sneak, option.crit_range, 2, 0)
    plain = hit_damage(ac, bonus, mean + already, option.crit_range, 2, 0)
    theirs = aoo_of(enc, target, c)
    cost = 0.0
    if theirs is not None:
        cost = p_hits(c.stats.ac.value, theirs.bonus.value) * mean_damage(theirs)
    if not path:  # a 5-foot step keeps the full attack
        extra = max((len(r.attacks) for r in c.stats.routines), default=1) - 1
        cost += extra * plain
    p = float(p_tumble(tumble_modifier(c).value))
    if p * (flanked - plain) <= cost:
        return None
    offsets = sp.attack_offsets(c, option, target.squares)
    tx, ty = target.pos
    before = sp.provocations_along(c, path)
    for t in sorted(_candidates(enc, c, target), key=lambda a: (len(a.path), str(a))):
        stop = t.path[-1]
        if (stop[0] - tx, stop[1] - ty) not in offsets:
            continue
        if not any(flanks(stop, c.squares, q, n, target.pos, target.squares) for q, n in allies):
            continue
        if sp.provocations_along(c, t.path) > before + 1:
            continue  # only the foe tumbled past may strike at it on the way
        if enc.is_legal(t):
            return t
    return None


def _candidates(enc: Encounter, c: Combatant, target: Combatant) -> list[A.Tumble]:
    """The listed tumbles through ``target`` (straight through,
    :func:`~d20combat.encounter.maneuvers.tumble.tumble_paths`), and for a one-square
    tumbler through a one-square foe each way in from a square next to it and out to
    another (a flank's far square is never straight on from where the flanking ally
    stands)."""
    out = tumble_paths(enc, c, target)
    if c.squares != 1 or target.squares != 1:
        return out
    sp = enc.space
    half = sp.speed(c) // 2
    reach = sp.reachable(c, half)
    tx, ty = target.pos
    around = [(tx + dx, ty + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    for before in around:
        if before == c.pos:
            head: list[Pos] = []
        elif reach.passes(before):
            head = reach.path_to(before)[1:]
        else:
            continue
        for after in around:
            if after != before:
                out.append(A.Tumble(target.id, (*head, target.pos, after)))
    return out
