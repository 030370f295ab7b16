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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter.combatant import Combatant, Condition

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


__all__ = [
    "GAITS",
    "RULE",
    "arrange",
    "charge_attack",
    "charge_target",
    "end_of_turn",
    "mount_up",
    "ridden",
    "rider_of",
    "single_melee",
    "situational",
    "spend_charge",
]
