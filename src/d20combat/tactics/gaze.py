"""The baseline's choices about gaze attacks (SRD special abilities "Gaze Attacks"; the
rules: :mod:`d20combat.encounter.maneuvers.gaze`, the odds: :mod:`d20combat.rules.gaze`).

* A creature facing an enemy gazer weighs looking, averting its eyes and shutting them
  by expected worth, in hit points (reading A158): each exposure a round (the turn
  start's, and the active gaze where the ruleset has it) risks
  :func:`~d20combat.rules.gaze.p_affected` times what the effect takes away (its own
  damage for the rest of the fight against the gazer, at most the gazer's hit points);
  averting costs its attacks on the gazer the ruleset's miss chance (20%), shutting
  them half (total concealment) and a tenth of the gazer's damage on it (blinded:
  -2 AC, no Dexterity). The cheapest wins; far from any gazer it looks again. A mirror
  held up counts as averting (and, where the mirror takes the gaze, as no risk).
* A gazer gazes actively (where the ruleset allows) when the chance of the effect
  times the foe's hit points beats the damage its attack would deal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.maneuvers import gaze as G
from d20combat.rules.gaze import Guard, p_affected
from d20combat.tactics.monsters import full_attack_worth

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

_HOW: dict[Guard, str] = {"look": "open", "avert": "avert", "shut": "shut"}


def _bare(enc: Encounter, c: Combatant, g: Combatant) -> tuple[float, float]:
    """``c``'s expected damage a round on ``g`` (at least 1) and ``g``'s on ``c``, as if
    ``c`` looked (its guard set aside while they are weighed, so that the choice does not
    depend on the guard it holds)."""
    held = {k: c.conditions.pop(k) for k in G.GUARDS if k in c.conditions}
    try:
        return max(1.0, full_attack_worth(enc, c, g)), full_attack_worth(enc, g, c)
    finally:
        c.conditions.update(held)


def guard_costs(enc: Encounter, c: Combatant, g: Combatant) -> dict[Guard, float]:
    """The expected cost a round of each way ``c`` may meet ``g``'s gaze (hit points)."""
    rule = G.gaze_of(g)
    assert rule is not None and rule.save is not None and rule.dc is not None
    save = c.roll_total(c.stats.saves[rule.save], "save").value
    conceal = enc.space.concealment(c, g, melee=False)
    die = enc.rules.concealment_die
    exposures = 2 if enc.rules.active_gaze else 1
    mine, theirs = _bare(enc, c, g)
    lost = min(float(max(1, g.vitals.hp)), 10 * mine)  # what the effect takes away
    out: dict[Guard, float] = {}
    upkeeps: tuple[tuple[Guard, float], ...] = (
        ("look", 0.0),
        ("avert", mine * enc.rules.averted_gaze_miss_chance / 100),
        ("shut", mine / 2 + theirs / 10),
    )
    # seed 001: a mirror held up takes the next gaze (it keeps averting, D82)
    mirror = enc.rules.mirror_absorbs_gaze and c.has("mirror-watching")
    for guard, upkeep in upkeeps:
        p = p_affected(guard=guard, concealment=conceal, save=save, dc=rule.dc, die=die)
        if mirror and guard == "avert":
            p = Fraction(0)
        out[guard] = exposures * float(p) * lost + upkeep
    return out


def eyes_choice(enc: Encounter, c: Combatant) -> A.Eyes | None:
    """How ``c`` should meet the gazes about it now, if not as it does: the cheapest of
    :func:`guard_costs` for the nearest enemy gazer that could reach it or be reached by
    next turn; looking when none is near."""
    best: Guard = "look"
    near = [
        g
        for g in G.gazers_against(enc, c)
        if enc.space.distance_ft(c, g)
        <= (G.gaze_of(g).range or 0) + enc.space.speed(g) + enc.space.speed(c)  # type: ignore[union-attr]
    ]
    if near:
        g = min(near, key=lambda o: (enc.space.distance_ft(c, o), o.id))
        costs = guard_costs(enc, c, g)
        best = min(costs, key=lambda k: (costs[k], k != G.guard_of(c)))
    now = "shut" if "eyes-shut" in c.conditions else G.guard_of(c)
    if best == now or (best == "look" and now == "shut" and "eyes-shut" not in c.conditions):
        return None
    return A.Eyes(_HOW[best])


def gaze_instead(enc: Encounter, c: Combatant, attack: A.Action | None) -> A.Gaze | None:
    """The active gaze at the foe it is likeliest to take out (chance times its hit
    points), if that beats ``attack``'s expected damage."""
    rule = G.gazing(enc, c)
    if rule is None or not enc.rules.active_gaze:
        return None
    assert rule.save is not None and rule.dc is not None
    best: tuple[float, str] | None = None
    for t in enc.space.active_enemies(c):
        if not G.exposed(enc, c, t, rule):
            continue
        save = t.roll_total(t.stats.saves[rule.save], "save").value
        p = p_affected(
            guard=G.guard_of(t),
            concealment=enc.space.concealment(t, c, melee=False),
            save=save,
            dc=rule.dc,
            die=enc.rules.concealment_die,
        )
        worth = float(p) * max(1, t.vitals.hp)
        if worth > 0 and (best is None or worth > best[0]):
            best = (worth, t.id)
    if best is None:
        return None
    target = enc.get(attack.target) if isinstance(attack, A.Attack) else None
    if best[0] <= full_attack_worth(enc, c, target):
        return None
    return A.Gaze(best[1])
