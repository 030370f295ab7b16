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
* Hands (A175): a rider keeps a hand on the reins unless it guides its mount with the
  knees ("With a DC 5 Ride check, you can guide your mount with your knees so as to use
  both hands to attack or defend yourself. This is a free action": the ``knees``
  action, its result kept until the rider's next turn: ``guiding-by-knees`` or
  ``hand-on-reins``): with a hand on the reins it attacks with nothing needing two
  hands (a two-handed weapon, a bow, two weapons) nor with a weapon beside a heavy or
  tower shield; a lance takes one hand ("While mounted, you can wield a lance with one
  hand": SRD equipment).
  ``advanced`` (seed 001 "Mounted movement"): no check; a warhorse or war-pony answers
  the knees, any other mount keeps a hand on the reins.
* Mounting and dismounting (SRD combat-i "Mount/Dismount a Steed": a move action, no
  attack of opportunity; "Fast Mount or Dismount": a free action with a DC 20 Ride
  check, a move action if it fails): the ``mount`` and ``dismount`` actions (A176).
* Attacks of opportunity: the mount moving out of a threatened square provokes for its
  rider too (SRD feats "Ride-By Attack"; :func:`aoo_target`); controlling a frightened
  mount provokes (:func:`directed`; A177).
* "You make the attack roll when your mount has completed half its movement": the
  rider keeps its mount's ``trail`` and shoots from :func:`halfway` (A178).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from d20combat.content.creatures import CreatureType
from d20combat.encounter.combatant import Combatant, Condition, Pos
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import square_name
from d20combat.rules.maneuvers import mounted as RM

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from d20combat.encounter import actions as A
    from d20combat.encounter.state import Encounter
    from d20combat.rules.statistics import AttackOption

RULE = "seed 000 Mounted Combat"
KNEES_RULE = RULE + " (Combat while Mounted)"
MOUNT_RULE = "SRD combat-i Mount/Dismount a Steed"
#: The rider's hands until its next turn: both free (guided with the knees), or one on
#: the reins after a failed check (A175).
KNEES = "guiding-by-knees"
REINS = "hand-on-reins"
#: What may be mounted during a fight: "a horse or other suitable animal" (seed 001), a
#: riding animal (:func:`~d20combat.rules.maneuvers.mounted.riding_animal`) of these
#: types; a scenario may seat a rider on any larger creature (A100, A176).
STEED_TYPES = frozenset({CreatureType.ANIMAL, CreatureType.MAGICAL_BEAST})
#: Whether an encounter holds any riding animal (its combatants are fixed at creation).
_HAS_STEEDS: WeakKeyDictionary[Encounter, bool] = WeakKeyDictionary()


def has_steeds(enc: Encounter) -> bool:
    """Whether ``enc`` holds a riding animal (computed once an encounter)."""
    found = _HAS_STEEDS.get(enc)
    if found is None:
        found = _HAS_STEEDS[enc] = any(RM.riding_animal(c.stat) for c in enc.combatants.values())
    return found


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


def can_carry(mount: Combatant, rider: Combatant) -> bool:
    """Whether ``mount`` may carry ``rider`` (:func:`~d20combat.rules.maneuvers.mounted.carries`:
    one size larger, or a dwarf on a pony)."""
    return RM.carries(mount.stat, rider.stat)


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


def ridden(enc: Encounter, mount: Combatant, kind: str, start: Pos, done: list[Pos]) -> None:
    """``mount`` moved from ``start`` through ``done`` by a ``kind`` of movement
    (:func:`movement.walk`): its rider remembers how far, how (a second move action
    makes a double move) and where (the trail, :func:`halfway`).
    A charge gives the rider the charge's -2 AC until the mount's next turn, just
    before the rider's (seed 000)."""
    r = rider_of(enc, mount)
    if r is None:
        return
    squares = len(done)
    r.rode_ft += 5 * squares
    if done:
        r.trail = (*(r.trail or (start,)), *done)
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
        enc.impose(r, "charged", mount.id, 1)  # timed on the mount's turns


def end_of_turn(c: Combatant) -> None:
    """The rider's turn is over: what its mount did is spent."""
    c.trail = ()
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


def halfway(enc: Encounter, c: Combatant) -> Pos | None:
    """Where rider ``c``'s mount stood when it had completed half its movement since the
    rider's last turn (seed 000: "You can use ranged weapons while your mount is taking
    a double move ... while your mount is running ... In either case, you make the
    attack roll when your mount has completed half its movement"): after the first
    half of its squares, rounded up (A178); None after a single move or none, or when
    it stands there now."""
    if c.gait not in ("double", "run", "charge") or len(c.trail) < 2 or c.mount is None:
        return None
    spot = c.trail[len(c.trail) // 2]  # after ceil(n / 2) of its n squares
    return None if spot == enc.combatants[c.mount].pos else spot


@contextmanager
def shooting_from_halfway(enc: Encounter, c: Combatant) -> Iterator[None]:
    """Rider ``c`` and its mount stand, for a ranged attack, where the mount was at
    :func:`halfway`: range, cover and concealment are measured from there."""
    spot = halfway(enc, c)
    if spot is None:
        yield
        return
    assert c.mount is not None
    m = enc.combatants[c.mount]
    here = m.pos
    enc.space.place(m, spot)  # its rider with it
    try:
        yield
    finally:
        enc.space.place(m, here)


def charge_attack(c: Combatant, target: Combatant) -> bool:
    """``c``'s attack on ``target`` is the attack at the end of its mount's charge (the
    foe charged; :func:`spend_charge` after it)."""
    return c.charged_at == target.id


def spend_charge(c: Combatant) -> None:
    """The attack at the end of the charge is made (the mount still moved double)."""
    c.gait = "double"
    c.charged_at = None


def uncooperative(enc: Encounter, mount: Combatant) -> bool:
    """A mount its rider must control: a frightened horse (seed 000), or under
    ``mount_training`` a warhorse or war-pony without positive hit points left (seed
    001: "well-behaved in battle as long as they have positive hit points remaining")."""
    name = mount.stat.name
    if RM.frightened(name):
        return True
    return enc.rules.mount_training and RM.war_trained(name) and mount.vitals.hp <= 0


def directed(enc: Encounter, mount: Combatant) -> bool:
    """At the start of ``mount``'s turn (the pair's initiative count): a frightened
    horse's rider makes its DC 20 Ride check as a move action (seed 000 "Horses in
    Combat"; A107). Success: the mount acts, and the rider has only its standard action
    left (``mount-controlled``); failure: "the move action becomes a full-round action
    and you can't do anything else until your next turn" (``losing-control``), and the
    horse, not directed, does nothing. Returns whether the mount acts."""
    if not uncooperative(enc, mount):
        return True
    r = rider_of(enc, mount)
    if r is None or not enc.active(r) or "slumped" in r.conditions:
        return True
    from d20combat.encounter.fighting import provoke

    # SRD Table: Actions in Combat: "Control a frightened mount: Move; Yes" (A107)
    if not provoke(enc, r, "controlling a frightened mount"):
        tidy(enc)  # downed by the attack: no check, the horse undirected
        return False
    rules = enc.rules
    skill = rules.mount_control_skill
    ride = r.roll_total(r.stats.skill(skill), "skill", skill=skill)
    dc = RM.control_dc(rules, int(mount.stat.hd_total))
    mark = enc.dice.mark()
    ok = RM.control(enc.dice, ride, dc)
    enc.impose(r, "mount-controlled" if ok else "losing-control", mount.id, 1)
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


def aoo_target(enc: Encounter, t: Combatant, mount: Combatant) -> Combatant:
    """Whom ``t`` strikes as ``mount`` moves out of a square it threatens: the mount or
    its rider, both provoking (SRD feats "Ride-By Attack": "You and your mount do not
    provoke an attack of opportunity from the opponent that you attack": without it,
    both do; A177). The built-in choice: the one with fewer hit points left, the rider
    on a tie (downing it ends the mounted threat)."""
    r = rider_of(enc, mount)
    if r is None or not enc.active(r) or "slumped" in r.conditions:
        return mount
    return mount if mount.vitals.hp < r.vitals.hp else r


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
    r.trail = ()
    r.charged_at = None
    r.conditions.pop("riding", None)
    r.conditions.pop("slumped", None)
    r.conditions.pop(KNEES, None)
    r.conditions.pop(REINS, None)
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
    if enc.rules.trip_throws_rider and r.present():  # seed 001 "Being thrown"
        from d20combat.encounter.maneuvers.grapple import hurt_by_fall

        mark = enc.dice.mark()
        dice = RM.fall_dice(m.stat.size, enc.rules.mount_fall_per_size)
        amount = enc.dice.roll(dice, f"falling damage ({dice}, thrown)")
        hurt_by_fall(enc, r, m, amount, mark, "seed 001 Mounts (Being thrown)", why="thrown")


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


# --- hands: guiding with the knees (A175) ---------------------------------------------


def _heavy_shield(c: Combatant) -> bool:
    """It carries a heavy or tower shield, whose hand holds nothing else (SRD equipment
    "Shield, Heavy": "you can't use your shield hand for anything else"; a light
    shield's or a buckler's hand may hold the reins)."""
    sh = c.stat.shield
    if sh is None or sh.armor in c.lost:
        return False
    name = sh.armor.lower()
    return "heavy" in name or "tower" in name


def hands_needed(c: Combatant, option: AttackOption, *, two_weapon: bool = False) -> int:
    """The hands ``c`` (a rider) needs for an attack with ``option``: two for a
    two-handed weapon (not a lance: SRD equipment "Lance": "While mounted, you can wield
    a lance with one hand"), a bow, two weapons, or a weapon beside a heavy shield; one
    otherwise; none for a natural weapon."""
    if option.natural:
        return 0
    w = option.weapon
    if two_weapon or _heavy_shield(c):
        return 2
    if w is not None and w.name == "lance":
        return 1
    if option.two_handed or (w is not None and w.hands == 2 and not option.thrown):
        return 2
    return 1


def held(enc: Encounter, c: Combatant, option: AttackOption) -> AttackOption:
    """``option`` as rider ``c`` holds it: a lance with a hand on the reins is held in
    one hand (SRD equipment "Lance"), so its Strength bonus is x1, not x1 1/2, and Power
    Attack's damage is not doubled (A175); anything else as it is."""
    w = option.weapon
    if w is None or w.name != "lance" or not option.two_handed or both_hands(enc, c):
        return option
    from dataclasses import replace

    from d20combat.content.creatures import Ability
    from d20combat.rules.modifiers import BonusType, Modifier, ability_modifier, stack

    s = ability_modifier(c.stats.abilities.get(Ability.STR))
    mods = [p.modifier for p in option.damage_bonus.parts if p.modifier.source != "Str x1 1/2"]
    if s > 0:
        mods.insert(0, Modifier(s, BonusType.ABILITY, "Str (lance in one hand)"))
    return replace(option, two_handed=False, damage_bonus=stack(mods))


def both_hands(enc: Encounter, c: Combatant) -> bool:
    """Whether rider ``c`` has both hands free: it guides with its knees this round
    (seed 000), or its mount answers the knees (``advanced``: a warhorse or war-pony)."""
    if KNEES in c.conditions:
        return True
    if enc.rules.mount_training and c.mount is not None:
        return RM.war_trained(enc.combatants[c.mount].stat.name)
    return False


def hand_problem(
    enc: Encounter, c: Combatant, option: AttackOption, *, two_weapon: bool = False
) -> str | None:
    """Why rider ``c`` cannot attack with ``option`` for a hand on the reins (None: it
    can; never for a creature on foot)."""
    if c.mount is None or hands_needed(c, option, two_weapon=two_weapon) < 2:
        return None
    if both_hands(enc, c):
        return None
    how = (
        "guide with the knees first ('knees', a DC 5 Ride check)"
        if enc.rules.knees_dc is not None and REINS not in c.conditions
        else "its mount needs a hand on the reins this round"
    )
    return f"{option.name} needs both hands and one holds the reins: {how} (A175)"


def check_knees(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Combat while Mounted": a rider's free action, once a round."""
    if c.mount is None:
        raise IllegalActionError(f"{c.id} rides nothing")
    if enc.rules.knees_dc is None:
        raise IllegalActionError(
            "under this ruleset the mount's training decides (seed 001 'Mounted movement')"
        )
    if KNEES in c.conditions or REINS in c.conditions:
        raise IllegalActionError("it has already tried to guide with its knees this round")


def run_knees(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The DC 5 Ride check: success frees both hands until the rider's next turn; failure
    (the excerpt holds no Ride skill text: A175) leaves one on the reins as long."""
    dc = enc.rules.knees_dc
    assert dc is not None and c.mount is not None
    ride = c.roll_total(c.stats.skill("ride"), "skill", skill="ride")
    mark = enc.dice.mark()
    ok = RM.ride_check(enc.dice, ride, dc, "guide with the knees")
    c.conditions[KNEES if ok else REINS] = Condition(c.id, 1)
    enc.event(
        c.id,
        "knees",
        KNEES_RULE,
        target=c.mount,
        totals=(("ride", ride),),
        rolls_from=mark,
        total=enc.dice.since(mark)[0].total,
        dc=dc,
        result="both hands" if ok else "one hand on the reins",
    )


def gen_knees(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    if c.mount is None or enc.rules.knees_dc is None:
        return
    if KNEES not in c.conditions and REINS not in c.conditions:
        yield A.Knees()


# --- mounting and dismounting (A176) ----------------------------------------------------


def _steed_problem(enc: Encounter, c: Combatant, m: Combatant) -> str | None:
    """Why ``c`` cannot get onto ``m`` now (None: it can)."""
    if m is c:
        return "cannot ride itself"
    if m.side != c.side:
        return f"{m.id} is not on its side"
    if m.stat.type not in STEED_TYPES or not RM.riding_animal(m.stat):
        return f"{m.id} is no steed (a riding animal: A176)"
    if not can_carry(m, c):
        return f"{m.id} is not larger than {c.id}, nor a pony under a dwarf (seed 001 Mounts)"
    if m.mount is not None or m.clinging is not None or enc.space.riders.get(m.id):
        return f"{m.id} already carries a rider or rides itself"
    if not enc.active(m) or not m.can_act(enc.rules) or m.has("prone"):
        return f"{m.id} cannot carry a rider now"
    if enc.space.distance_ft(c, m) > 5:
        return f"{m.id} is not next to {c.id}"
    return None


def _mount_budget(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Mounting or dismounting needs a move action, even fast (SRD combat-i: "You can't
    attempt a fast mount or fast dismount unless you can perform the mount or dismount
    as a move action in the current round")."""
    from d20combat.encounter.handlers import need_move_action

    need_move_action(enc, c)
    if getattr(a, "fast", False) and enc.rules.fast_mount_dc is None:
        raise IllegalActionError("no fast mount or dismount under this ruleset (seed 001)")


def check_mount(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter import actions as A

    assert isinstance(a, A.MountUp)
    if c.mount is not None:
        raise IllegalActionError(f"{c.id} already rides {c.mount}")
    if "ride" not in c.stat.skills:
        raise IllegalActionError(f"{c.id} has no Ride skill in its stat block: it rides no steed")
    if c.clinging is not None or c.grappling:
        raise IllegalActionError(f"{c.id} is held or clinging: it cannot mount")
    if c.has("prone"):
        raise IllegalActionError(f"{c.id} is prone: stand up first")
    m = enc.get(a.steed)
    why = _steed_problem(enc, c, m)
    if why:
        raise IllegalActionError(why)
    _mount_budget(enc, c, a)


def _spend(enc: Encounter, c: Combatant, fast: bool, what: str) -> tuple[bool, dict[str, Any]]:
    """The action's cost: a fast attempt's Ride check (a free action on success, the
    move action on a failure), else the move action. Returns (free, the event's
    fields)."""
    dc = enc.rules.fast_mount_dc
    if not fast or dc is None:
        enc.budget.use("move")
        return False, {}
    ride = c.roll_total(c.stats.skill("ride"), "skill", skill="ride")
    mark = enc.dice.mark()
    ok = RM.ride_check(enc.dice, ride, dc, f"fast {what}")
    if not ok:
        enc.budget.use("move")
    total = enc.dice.since(mark)[0].total
    return ok, {"totals": (("ride", ride),), "rolls_from": mark, "total": total, "dc": dc}


def _event(
    enc: Encounter, c: Combatant, m: Combatant, kind: str, ok: bool, rolled: dict[str, Any]
) -> None:
    enc.event(
        c.id,
        kind,
        MOUNT_RULE + (" (Fast Mount or Dismount)" if rolled else ""),
        target=m.id,
        action="free" if ok else "move",
        end=square_name(c.pos),
        **rolled,
    )


def run_mount(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """``c`` gets onto its steed: it takes the mount's space, and the mount takes its
    initiative count just before it, from now on (A176)."""
    from d20combat.encounter import actions as A

    assert isinstance(a, A.MountUp)
    m = enc.get(a.steed)
    ok, rolled = _spend(enc, c, a.fast, "mount")
    mount_up(enc, c, m)
    _join_count(enc, c, m)
    _event(enc, c, m, "mount", ok, rolled)


def _join_count(enc: Encounter, r: Combatant, m: Combatant) -> None:
    """The mount acts on its rider's count, just before it (:func:`arrange`); moved
    there in the order now, a mount yet to act this round loses that turn."""
    m.initiative = r.initiative
    turn_id = enc.order[enc.turn]
    enc.order.remove(m.id)
    enc.order.insert(enc.order.index(r.id), m.id)
    enc.turn = enc.order.index(turn_id)
    enc.event(m.id, "mount-initiative", RULE, target=r.id, result=m.initiative)


def check_dismount(enc: Encounter, c: Combatant, a: A.Action) -> None:
    if c.mount is None:
        raise IllegalActionError(f"{c.id} rides nothing")
    if "slumped" in c.conditions:
        raise IllegalActionError(f"{c.id} is slumped in the saddle")
    _mount_budget(enc, c, a)
    m = enc.combatants[c.mount]
    if landing(enc, c, m) is None:
        raise IllegalActionError(f"no free space next to {m.id} to get down into")


def landing(enc: Encounter, r: Combatant, m: Combatant) -> tuple[int, int] | None:
    """Where rider ``r`` would stand beside ``m`` on its own feet (None: nowhere free)."""
    from d20combat.encounter.maneuvers import grapple as G

    shared = r.squares
    r.squares = r.stat.size.squares  # its own space, just to look (restored below)
    try:
        return G._spot(enc, r, G._beside(r, [m]), {r.id, m.id})
    finally:
        r.squares = shared


def _may_act(enc: Encounter) -> bool:
    b = enc.budget
    return (b.move or b.standard) and not b.committed and not b.full_round


def gen_mount(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """Mounting a steed next to it: only a creature with Ride ranks looks (cheap)."""
    from d20combat.encounter import actions as A

    if c.mount is not None or "ride" not in c.stat.skills or not _may_act(enc):
        return
    if not has_steeds(enc):
        return
    if c.pending_full_round is not None or c.has("prone") or c.clinging or c.grappling:
        return
    fast = (False, True) if enc.rules.fast_mount_dc is not None else (False,)
    for m in enc.allies(c):
        if _steed_problem(enc, c, m) is None:
            for f in fast:
                yield A.MountUp(m.id, f)


def gen_dismount(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    if c.mount is None or "slumped" in c.conditions or not _may_act(enc):
        return
    if c.pending_full_round is not None:
        return
    if landing(enc, c, enc.combatants[c.mount]) is None:
        return
    yield A.Dismount()
    if enc.rules.fast_mount_dc is not None:
        yield A.Dismount(True)


def run_dismount(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """``c`` gets down beside its mount (the nearest free position), on its own feet."""
    from d20combat.encounter import actions as A

    assert isinstance(a, A.Dismount) and c.mount is not None
    m = enc.combatants[c.mount]
    ok, rolled = _spend(enc, c, a.fast, "dismount")
    _leave(enc, c, m)
    _event(enc, c, m, "dismount", ok, rolled)


__all__ = [
    "GAITS",
    "KNEES",
    "REINS",
    "RULE",
    "STEED_TYPES",
    "aoo_target",
    "arrange",
    "both_hands",
    "can_carry",
    "charge_attack",
    "charge_target",
    "check_dismount",
    "check_knees",
    "check_mount",
    "directed",
    "end_of_turn",
    "gen_dismount",
    "gen_knees",
    "gen_mount",
    "halfway",
    "hand_problem",
    "hands_needed",
    "has_steeds",
    "held",
    "landing",
    "mount_up",
    "pull_off",
    "ridden",
    "rider_of",
    "run_dismount",
    "run_knees",
    "run_mount",
    "shooting_from_halfway",
    "single_melee",
    "situational",
    "spend_charge",
    "tidy",
    "uncooperative",
    "unguided",
]
