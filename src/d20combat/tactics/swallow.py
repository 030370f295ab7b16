"""What the baseline tactics do about Swallow Whole (SRD special abilities "Swallow
Whole"), by expected worth in hit points with the exact odds of the grapple check
(:func:`~d20combat.rules.checks.p_opposed`):

* a swallower holding a foe since its turn began weighs the swallow
  (:func:`swallow_choice`) beside the pin and the grapple damage in
  :func:`d20combat.tactics.grapple.grapple_turn`: the chance of the check times the
  bite's damage, a round of the gullet's, and what the foe would do to it in the grapple
  next round (inside, nothing);
* a swallowed creature (:func:`swallowed_turn`) cuts at the interior with its light
  slashing or piercing weapon worth the most (the chance to hit the interior times the
  mean damage); with none, it tries to escape into the mouth, by grapple check or Escape
  Artist, whichever is likelier (nothing else is possible inside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.handlers import attack_in_hand
from d20combat.encounter.maneuvers import grapple as GE
from d20combat.encounter.maneuvers import swallow as SE
from d20combat.rules.checks import p_opposed
from d20combat.rules.maneuvers import grapple as G
from d20combat.tactics.estimates import p_hits
from d20combat.tactics.worth import mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def swallow_choice(
    enc: Encounter, c: Combatant, t: Combatant, p: float, threat: float
) -> tuple[float, A.Action] | None:
    """The swallow of ``t`` with its worth (``p``: the chance of the grapple check;
    ``threat``: what ``t`` would do to ``c`` in the grapple over a round), or None when
    it cannot be made now."""
    if c.stat.swallow_whole is None or SE.swallow_problem(enc, c, t, None) is not None:
        return None
    bite = SE._mouth(c)
    gullet = c.stats.gullet
    worth = (mean_damage(bite) if bite else 0.0) + (mean_damage(gullet) if gullet else 0.0)
    return p * (worth + threat), A.Swallow(t.id)


def swallowed_turn(enc: Encounter, c: Combatant) -> A.Action:
    """The action of a creature inside a swallower: its best cut, else the likelier
    escape, else the end of its turn."""
    assert c.inside is not None
    s = enc.combatants[c.inside]
    sw = s.stat.swallow_whole
    b = enc.budget
    if sw is not None and (b.standard or b.routine is not None):
        best: tuple[float, A.Action] | None = None
        for name in SE.cutters(c):
            action = A.CutFree(s.id, name)
            if not enc.is_legal(action):
                continue
            option, bonus = attack_in_hand(enc, c, action)
            attack = SE.cut_attack(enc, c, s, option, bonus)
            worth = p_hits(attack.ac.value, attack.bonus.value) * mean_damage(option)
            if best is None or worth > best[0]:
                best = (worth, action)
        if best is not None:
            return best[1]
    theirs = GE.check_total(enc, s).value
    ties = G.ties(enc.rules)
    options: list[tuple[float, A.Action]] = []
    grapple = A.EscapeGrapple(s.id)
    if enc.is_legal(grapple):
        option, bonus = attack_in_hand(enc, c, grapple)
        mine = GE.check_total(enc, c, bonus.value - option.bonus.value).value
        options.append((float(p_opposed(mine, theirs, ties)), grapple))
    artist = A.EscapeArtist(s.id)
    if enc.is_legal(artist):
        mine = c.roll_total(G.escape_artist(c.stats), "skill").value
        options.append((float(p_opposed(mine, theirs, ties)), artist))
    options = [o for o in options if o[0] > 0]
    if not options:
        return A.EndTurn()
    return max(options, key=lambda x: x[0])[1]
