"""The baseline's flight: what a flier aloft does with its turn (encounter.flight).

At the start of its turn a flier aloft weighs, by expected damage (exact hit odds
through :func:`~d20combat.tactics.worth.attack_worth`):

* a dive (srd35) or swoop (advanced) at each foe it can reach so: one claw at double
  damage (the charge's +2 in srd35), less what the foe's full attack is expected to
  deal back, since the dive ends next to it;
* a flyby attack (SRD Flyby Attack; seed 001: any flier): its best attack, ending the
  move where no foe threatens it when it can, so nothing strikes back;

and takes the best if it is worth anything. With neither, a flier too low to dive
climbs as high as a move action takes it (which also keeps it aloft); otherwise the
baseline's approach and attacks follow. A creature on the ground (altitude 0) is never
asked: it costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter import flight as FLY
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.maneuvers import CHARGE_MANEUVERS
from d20combat.tactics.worth import attack_worth

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

#: Below this a flier climbs rather than wait (SRD dive: 10 ft down at least, ending
#: just above a Medium foe's head, 5 ft).
DIVE_HEIGHT_FT = 20


def strikes_back(enc: Encounter, foe: Combatant, c: Combatant) -> float:
    """What ``foe``'s full attack is expected to deal ``c`` once ``c`` is in its reach."""
    from d20combat.encounter.maneuvers.monster import pounce_routine

    routine = pounce_routine(foe)
    if routine is None or not enc.active(foe):
        return 0.0
    return sum(attack_worth(enc, foe, o, b, c) for o, b in routine.attacks)


def dive_worth(enc: Encounter, c: Combatant, target: Combatant) -> float:
    """One claw at double damage (the charge's +2 in srd35: an AC 2 lower)."""
    claws = FLY.talons(c)
    if not claws:
        return 0.0
    shift = 2 if enc.rules.flight_attacks == "srd" else 0
    return max(2 * attack_worth(enc, c, o, o.bonus, target, shift) for o in claws)


def flier_turn(enc: Encounter, c: Combatant) -> A.Action | None:
    """The flight action the baseline takes now, or None to go on as on the ground."""
    b = enc.budget
    if not c.altitude or not b.can_full_round or b.stepped or b.attacks_made:
        return None
    best: tuple[float, int, str, A.Action] | None = None
    for t in enc.enemies(c):
        if t.vitals.dead or not enc.active(t):
            continue
        for dive in CHARGE_MANEUVERS["dive"].ends(enc, c, t, 2 * FLY.fly_speed(enc, c)):
            worth = dive_worth(enc, c, t) - strikes_back(enc, t, c)
            cand: tuple[float, int, str, A.Action] = (worth, 0, str(dive), dive)
            if best is None or cand[:3] > best[:3]:
                best = cand
    for fb in FLY.gen_flyby(enc, c):
        assert isinstance(fb, A.Flyby)
        t = enc.get(fb.target)
        point = FLY.flyby_point(enc, c, t, fb.path)
        if point is None:
            continue
        option = point[1]
        safe = not enc.space.threatened_at(c, fb.path[-1])
        worth = attack_worth(enc, c, option, option.bonus, t)
        if not safe:
            worth -= strikes_back(enc, t, c)
        cand = (worth, 1, str(fb), fb)  # ties: the flyby, which nothing answers
        if best is None or cand[:3] > best[:3]:
            best = cand
    if best is not None and best[0] > 0:
        return best[3]
    if c.altitude < DIVE_HEIGHT_FT:  # as high as a move climbs (flight enough to stay up)
        climb = next((f for f in FLY.gen_fly(enc, c) if isinstance(f, A.Fly) and f.up), None)
        if climb is not None:
            return climb
    return None


__all__ = ["DIVE_HEIGHT_FT", "dive_worth", "flier_turn", "strikes_back"]
