"""Concealment and line of sight on the grid.

Sources:
* SRD combat-ii "Concealment" (= seed 003 "Concealment"): choose a corner of your
  square; if any line from it to any corner of the target's square passes through a
  square or border that provides concealment, the target has concealment. Against an
  adjacent target in melee: concealment only if the target's space is entirely within
  an effect that grants it. A non-adjacent melee target uses the ranged rule;
* "Concealment Miss Chance": 20%; multiple concealment conditions do not stack;
* "Total Concealment": line of effect but no line of sight; 50% miss chance when
  attacking into the square;
* "Ignoring Concealment": darkness and shadowy areas give no concealment against
  darkvision; low-light vision sees clearly farther in dim light;
* SRD spells "Obscuring Mist" / "Fog Cloud": creatures 5 ft away have concealment,
  farther ones total concealment.

Judgment calls (see docs/grid.md):
* light is a property of where the *target* stands: DIM and DARK give concealment to a
  target whose square is dim or dark (a lit target beyond a dark area is seen; a viewer
  standing in darkness sees a lit target). Darkvision's range is not modelled: pass
  ``darkvision=False`` when the target is beyond it;
* fog is an obscuring medium: it counts on the lines (the attacker's and target's own
  squares included); a target more than 5 ft away (footprint distance) inside or behind
  fog has total concealment, 20% at 5 ft;
* against a big target the attacker picks the target square that suits him best, as for
  cover; squares without line of effect are not candidates;
* the values are miss chances in percent: 0, 20 or 50 (total); a GM's concealment of a
  square (legend ``concealment-10`` ... ``concealment-40``: SRD "Varying Degrees of
  Concealment", A220) is a property of where the target stands, like light, whatever
  the viewer's senses.
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.lines import pair_trace
from d20combat.grid.squares import Square, footprint, footprint_distance
from d20combat.grid.terrain import DARK, DIM, FOG, GM_CONCEALED, GM_CONCEALMENT


class Concealment(NamedTuple):
    """A miss chance (0, 20, 50; 10 to 40 a GM's: A220) and what causes it (empty for
    none)."""

    miss_chance: int
    reason: str

    @property
    def total(self) -> bool:
        """Total concealment: no attack of opportunity, attacks only into the square."""
        return self.miss_chance >= 50

    @property
    def source(self) -> str:
        return "SRD combat-ii Concealment"


NO_CONCEALMENT = Concealment(0, "")
R_DIM = "dim light"
R_DARK = "darkness"
R_FOG = "fog"
R_FOG_FAR = "fog (more than 5 ft away)"
R_NO_LOE = "no line of effect"
R_GM = "the GM's concealment"


def _light(flags: int, darkvision: bool, low_light: bool) -> tuple[int, str]:
    """The concealment of the target's square: its light, or a GM's degree (A220)."""
    if flags & DARK and not darkvision:
        return (50, R_DARK)
    gm = _gm(flags) if flags & GM_CONCEALED else 0
    if flags & DIM and not (darkvision or low_light) and gm <= 20:
        return (20, R_DIM)
    return (gm, R_GM) if gm else (0, "")


def _gm(flags: int) -> int:
    """SRD combat-ii "Varying Degrees of Concealment": the square's degree (A220)."""
    return next(chance for flag, chance in GM_CONCEALMENT if flags & flag)


def concealment(
    m: BattleMap,
    attacker_pos: Square,
    attacker_squares: int,
    target_pos: Square,
    target_squares: int = 1,
    *,
    adjacent_melee: bool = False,
    darkvision: bool = False,
    low_light: bool = False,
) -> Concealment:
    """The target's concealment from the attacker's point of view, from terrain.

    ``adjacent_melee``: a melee attack against an adjacent target (the caller decides);
    then only an effect covering the target's whole space counts.

    >>> m = BattleMap.from_ascii(["....", "..dD"])
    >>> concealment(m, (0, 0), 1, (2, 1)).miss_chance
    20
    >>> concealment(m, (0, 0), 1, (2, 1), low_light=True).miss_chance
    0
    >>> concealment(m, (0, 0), 1, (3, 1)), concealment(m, (0, 0), 1, (3, 1), darkvision=True)
    (Concealment(miss_chance=50, reason='darkness'), Concealment(miss_chance=0, reason=''))

    Invisibility, blindness and magical concealment are the caller's to add (the
    highest applies). Does not check range.
    """
    tx, ty = target_pos
    if adjacent_melee:
        worst = 100
        why = ""
        for x, y in footprint(target_pos, target_squares):
            f = m.flags(x, y)
            mc, r = _light(f, darkvision, low_light)
            if f & FOG and mc < 20:
                mc, r = 20, R_FOG
            if mc < worst:
                worst, why = mc, r
        return Concealment(worst, why) if worst else NO_CONCEALMENT
    near = footprint_distance(attacker_pos, attacker_squares, target_pos, target_squares) <= 5
    best = 100
    best_reason = R_NO_LOE
    ax, ay = attacker_pos
    overlap = (
        ax < tx + target_squares
        and tx < ax + attacker_squares
        and ay < ty + target_squares
        and ty < ay + attacker_squares
    )
    for t in footprint(target_pos, target_squares):
        light, light_reason = _light(m.flags(*t), darkvision, low_light)
        if light >= best:
            continue
        for a in footprint(attacker_pos, attacker_squares):
            if overlap:
                fog = bool((m.flags(*a) | m.flags(*t)) & FOG)
            else:
                tr = pair_trace(m, a, t)
                if not tr.loe:
                    continue
                fog = True
                for c in tr.corners:
                    if c.hard < 4 and not c.fog:
                        fog = False
                        break
            mc, reason = light, light_reason
            if fog:
                fog_mc = 20 if near else 50
                if fog_mc > mc:
                    mc, reason = fog_mc, (R_FOG if near else R_FOG_FAR)
            if mc < best:
                best, best_reason = mc, reason
                if mc <= light:
                    break
        if best == 0:
            return NO_CONCEALMENT
    if best == 100:
        return Concealment(50, R_NO_LOE)
    return Concealment(best, best_reason) if best else NO_CONCEALMENT


def line_of_sight(
    m: BattleMap,
    viewer_pos: Square,
    viewer_squares: int,
    target_pos: Square,
    target_squares: int = 1,
    *,
    darkvision: bool = False,
    low_light: bool = False,
) -> bool:
    """Whether the viewer can see the target: line of effect, and the target is not
    totally concealed by terrain (darkness without darkvision, fog beyond 5 ft).

    SRD combat-ii "Total Concealment": line of effect but no line of sight. Used e.g.
    by a charge ("If you don't have line of sight to the opponent at the start of your
    turn, you can't charge that opponent").
    """
    return (
        concealment(
            m,
            viewer_pos,
            viewer_squares,
            target_pos,
            target_squares,
            darkvision=darkvision,
            low_light=low_light,
        ).miss_chance
        < 50
    )
