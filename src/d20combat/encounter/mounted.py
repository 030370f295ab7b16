"""Mounted combat in the encounter (seed 000 "Mounted Combat"; seed 002 "Mounted Combat";
seed 003 "Mounted Combat"; seed 001 "Mounts").

* A rider (``Combatant.mount``, the ``riding`` condition) shares its mount's space: "For
  simplicity, assume that you share your mount's space during combat" (seed 000). It
  takes the mount's position and side of space (A100), moves only with it
  (:attr:`Space.riders`) and attacks from any square of it.
* "Your mount acts on your initiative count as you direct it. You move at its speed,
  but the mount uses its action to move" (seed 000): the mount takes the rider's
  initiative count and acts just before it (:func:`arrange`), its moves carrying the
  rider; the rider then acts (A101). What the mount did since the rider's last turn is
  kept on the rider (``rode_ft``, ``gait``, ``charged_at``: :func:`ridden`) and read by
  the rider's attacks:
* "When you attack a creature smaller than your mount that is on foot, you get the +1
  bonus on melee attacks for being on higher ground" (the ``higher-ground`` condition);
* "If your mount moves more than 5 feet, you can only make a single melee attack"
  (:func:`single_melee`), while "You can make a full attack with a ranged weapon";
* ranged attacks at -4 after the mount's double move, -8 after it ran
  (``mount-double-move``, ``mount-running``; A102);
* "If your mount charges, you also take the AC penalty associated with a charge. If
  you make an attack at the end of the charge, you receive the bonus gained from the
  charge. When charging on horseback, you deal double damage with a lance": the
  rider's first melee attack on the foe charged is a charge attack (+2, the lance x2:
  :func:`charge_attack`); the mount's charge ends where the rider can attack (A103).
* "If your mount falls, you have to succeed on a DC 15 Ride check to make a soft fall
  and take no damage. If the check fails, you take 1d6 points of damage." "If you are
  knocked unconscious, you have a 50% chance to stay in the saddle (or 75% if you're in
  a military saddle). Otherwise you fall and take 1d6 points of damage." (:func:`tidy`,
  after every action; the rolls in :mod:`d20combat.rules.maneuvers.mounted`). A rider
  who falls lands prone beside its mount (A106); one who stays in the saddle is
  ``slumped`` there until it can act again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter.combatant import Combatant, Condition
from d20combat.grid.squares import square_name
from d20combat.rules.maneuvers import mounted as RM

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

RULE = "seed 000 Mounted Combat"
#: What the mount did since its rider's last turn: nothing (or at most a 5-foot step),
#: a move, a double move, a run, a charge.
GAITS = ("", "move", "double", "run", "charge")
_GAIT_OF = {"run": "run", "withdraw": "double"}


def rider_of(enc: Encounter, mount: Combatant) -> Combatant | None:
    """The creature riding ``mount``, if any."""
    for rid in enc.space.riders.get(mount.id, ()):
        r = enc.combatants[rid]
        if r.mount == mount.id:
            return r
    return None


def mount_up(enc: Encounter, rider: Combatant, mount: Combatant) -> None:
    """``rider`` now rides ``mount``: it takes the mount's position and side of space."""
    rider.mount = mount.id
    rider.conditions["riding"] = Condition(rider.id, 0)
    rider.squares = mount.squares
    rider.pos = mount.pos
    if enc.space.occ.placed(rider.id):
        enc.space.occ.move(rider.id, mount.pos, mount.squares)
    enc.space.riders.setdefault(mount.id, set()).add(rider.id)
    enc.space.invalidate(rider)


def arrange(enc: Encounter) -> None:
    """Each mount takes its rider's initiative count and acts just before it (seed 000:
    "Your mount acts on your initiative count as you direct it")."""
    for rid in list(enc.order):
        r = enc.combatants[rid]
        if r.mount is None:
            continue
        m = enc.combatants[r.mount]
        m.initiative = r.initiative
        enc.order.remove(m.id)
        enc.order.insert(enc.order.index(r.id), m.id)
        enc.event(m.id, "mount-initiative", RULE, target=r.id, result=m.initiative)


def ridden(enc: Encounter, mount: Combatant, kind: str, squares: int) -> None:
    """``mount`` moved ``squares`` by a ``kind`` of movement (:func:`movement.walk`):
    its rider remembers how far and how (a second move action makes a double move).
    A charge gives the rider the charge's -2 AC until the mount's next turn, just
    before the rider's (seed 000)."""
    r = rider_of(enc, mount)
    if r is None:
        return
    r.rode_ft += 5 * squares
    gait = _GAIT_OF.get(kind, r.gait)
    if kind == "move":
        b = enc.budget
        gait = "double" if r.gait in ("move", "double") or not (b.move or b.standard) else "move"
    if GAITS.index(gait) > GAITS.index(r.gait):
        r.gait = gait


def charge_target(enc: Encounter, mount: Combatant, target_id: str) -> None:
    """The foe ``mount`` charges, for its rider's attack at the end (:func:`ridden`)."""
    r = rider_of(enc, mount)
    if r is not None:
        r.gait = "charge"
        r.charged_at = target_id
        r.conditions["charged"] = Condition(mount.id, 1)
        enc.space.invalidate(r)


def end_of_turn(c: Combatant) -> None:
    """The rider's turn is over: what its mount did is spent."""
    c.rode_ft = 0
    c.gait = ""
    c.charged_at = None


def single_melee(c: Combatant) -> bool:
    """Its mount moved more than 5 ft since its last turn: one melee attack only."""
    return c.rode_ft > 5


def situational(enc: Encounter, c: Combatant, target: Combatant, ranged: bool) -> tuple[str, ...]:
    """The conditions riding adds to ``c``'s attack on ``target``: higher ground on a
    smaller creature on foot (melee), the ranged penalty of the mount's movement."""
    if ranged:
        if enc.rules.mounted_ranged != "penalty":  # seed 001: disadvantage instead
            return ("mount-moving",) if c.rode_ft else ()
        if c.gait in ("double", "charge"):
            return ("mount-double-move",)
        return ("mount-running",) if c.gait == "run" else ()
    assert c.mount is not None
    m = enc.combatants[c.mount]
    if target.mount is None and target.stat.size < m.stat.size and target.id != m.id:
        return ("higher-ground",)
    return ()


def charge_attack(c: Combatant, target: Combatant) -> bool:
    """``c``'s attack on ``target`` is the attack at the end of its mount's charge (the
    foe charged; :func:`spend_charge` after it)."""
    return c.charged_at == target.id


def spend_charge(c: Combatant) -> None:
    """The attack at the end of the charge is made (the mount still moved double)."""
    c.gait = "double"
    c.charged_at = None


def directed(enc: Encounter, mount: Combatant) -> bool:
    """At the start of ``mount``'s turn (the pair's initiative count): a frightened
    horse's rider makes its DC 20 Ride check as a move action (seed 000 "Horses in
    Combat"; A107). Success: the mount acts, and the rider has only its standard action
    left (``mount-controlled``); failure: "the move action becomes a full-round action
    and you can't do anything else until your next turn" (``losing-control``), and the
    horse, not directed, does nothing. Returns whether the mount acts."""
    if not RM.frightened(mount.stat.name):
        return True
    r = rider_of(enc, mount)
    if r is None or not enc.active(r) or "slumped" in r.conditions:
        return True
    rules = enc.rules
    skill = rules.mount_control_skill
    ride = r.roll_total(r.stats.skill(skill), "skill", skill=skill)
    dc = RM.control_dc(rules, int(mount.stat.hd_total))
    mark = enc.dice.mark()
    ok = RM.control(enc.dice, ride, dc)
    r.conditions["mount-controlled" if ok else "losing-control"] = Condition(mount.id, 1)
    enc.space.invalidate(r)
    enc.event(
        r.id,
        "control",
        RULE + " (Horses in Combat)",
        target=mount.id,
        totals=((skill, ride),),
        rolls_from=mark,
        total=enc.dice.since(mark)[0].total,
        dc=dc,
        result="controlled" if ok else "struggles",
    )
    return ok


def unguided(enc: Encounter, mount: Combatant) -> bool:
    """``mount`` carries a rider slumped unconscious in the saddle: "Without you to guide
    it, your mount avoids combat" (seed 000 "If You Are Dropped"; A106)."""
    r = rider_of(enc, mount)
    return r is not None and "slumped" in r.conditions


def tidy(enc: Encounter) -> None:
    """After an action (``Space.riders`` is not empty): a rider whose mount fell (can no
    longer act, helpless or prone) makes its Ride check for a soft fall; one knocked
    unconscious (unable to act or helpless) stays in the saddle or falls; a mount off
    the field (fled, swallowed) takes its rider along or leaves it."""
    rules = enc.rules
    for mid, ids in sorted(enc.space.riders.items()):
        m = enc.combatants[mid]
        for rid in sorted(ids):
            r = enc.combatants[rid]
            if r.mount != mid:
                continue
            if r.fled or r.inside is not None or m.inside is not None:
                _leave(enc, r, m)
                enc.event(r.id, "dismounted", RULE, target=m.id, why="off the field")
            elif m.fled:
                r.fled = True  # carried off the field
                enc.event(r.id, "carried-off", RULE, target=m.id)
                enc.space.invalidate()
            elif not m.can_act(rules) or m.restrictions().helpless or m.has("prone"):
                _mount_fell(enc, r, m)
            elif not r.can_act(rules) or r.restrictions().helpless:
                if "slumped" not in r.conditions:
                    _dropped(enc, r, m)
            elif "slumped" in r.conditions:
                del r.conditions["slumped"]
                enc.space.invalidate(r)


def _leave(enc: Encounter, r: Combatant, m: Combatant) -> None:
    """``r`` no longer rides ``m``: its own space again, in the nearest free position
    beside the mount (or where it is, if none)."""
    from d20combat.encounter.maneuvers import grapple as G

    r.mount = None
    r.gait = ""
    r.rode_ft = 0
    r.charged_at = None
    r.conditions.pop("riding", None)
    r.conditions.pop("slumped", None)
    riders = enc.space.riders.get(m.id)
    if riders is not None:
        riders.discard(r.id)
        if not riders:
            del enc.space.riders[m.id]
    r.squares = r.stat.size.squares
    if r.present():
        enc.space.occ.move(r.id, r.pos, r.squares)
        spot = G._spot(enc, r, G._beside(r, [m]), {r.id, m.id})
        if spot is not None:
            enc.space.place(r, spot)
    enc.space.invalidate()


def pull_off(enc: Encounter, r: Combatant) -> None:
    """A trip pulls ``r`` from its mount (seed 000 "Tripping a Mounted Opponent"): it
    lands beside it (prone: the trip's), without damage (A109)."""
    assert r.mount is not None
    m = enc.combatants[r.mount]
    _leave(enc, r, m)
    enc.event(r.id, "dismounted", RULE, target=m.id, why="pulled off by a trip")


def _mount_fell(enc: Encounter, r: Combatant, m: Combatant) -> None:
    """seed 000 "If Your Mount Falls in Battle": DC 15 Ride for a soft fall, else 1d6."""
    from d20combat.encounter.maneuvers import fall
    from d20combat.encounter.maneuvers.grapple import hurt_by_fall

    ride = r.roll_total(r.stats.skill("ride"), "skill", skill="ride")
    mark = enc.dice.mark()
    amount = RM.mount_falls(
        enc.dice, ride, RM.fall_dice(m.stat.size, enc.rules.mount_fall_per_size)
    )
    total = enc.dice.since(mark)[0].total
    _leave(enc, r, m)
    fall(enc, r)
    rule = RULE + " (If Your Mount Falls in Battle)"
    if amount == 0:
        enc.event(
            r.id,
            "soft-fall",
            rule,
            target=m.id,
            totals=(("ride", ride),),
            rolls_from=mark,
            total=total,
            dc=RM.SOFT_FALL_DC,
            end=square_name(r.pos),
        )
        return
    hurt_by_fall(
        enc, r, m, amount, mark, rule, why="its mount fell", total=total, dc=RM.SOFT_FALL_DC
    )


def _dropped(enc: Encounter, r: Combatant, m: Combatant) -> None:
    """seed 000 "If You Are Dropped": 50% to stay in the saddle (75% in a military
    saddle), else a fall for 1d6."""
    from d20combat.encounter.maneuvers import fall
    from d20combat.encounter.maneuvers.grapple import hurt_by_fall

    military = r.stat.has_quality("military saddle")
    percent = RM.stay_percent(enc.rules, military=military)
    mark = enc.dice.mark()
    amount = RM.dropped(enc.dice, percent, RM.fall_dice(m.stat.size, enc.rules.mount_fall_per_size))
    rule = RULE + " (If You Are Dropped)"
    if amount is None:
        r.conditions["slumped"] = Condition(r.id, 0)
        enc.space.invalidate(r)
        enc.event(r.id, "stays-in-saddle", rule, target=m.id, rolls_from=mark, military=military)
        return
    _leave(enc, r, m)
    fall(enc, r)
    hurt_by_fall(enc, r, m, amount, mark, rule, why="dropped unconscious", military=military)


__all__ = [
    "GAITS",
    "RULE",
    "arrange",
    "charge_attack",
    "charge_target",
    "directed",
    "end_of_turn",
    "mount_up",
    "pull_off",
    "ridden",
    "rider_of",
    "single_melee",
    "situational",
    "spend_charge",
    "tidy",
    "unguided",
]
