"""Flight in the encounter: altitude, climbing and diving, keeping aloft, falling.

The model (A145, docs/architecture.md "Flight"): a creature's ``altitude`` is its
height in feet above the ground (0: on the ground; only a creature with a fly speed
leaves it). It still holds its squares of the map (no creature passes under or over
another), and its body fills its space's side in height; distances count the height
between two creatures as a third leg (:func:`d20combat.rules.flight.distance_3d`),
so reach and threat span heights (``Space.reaches``, ``Space.threatening``). Moving
over the map aloft costs what flying low costs (difficult terrain and low obstacles
are flown over: ``Space.speed``); the ``fly up N`` and ``fly down N`` move actions
change the altitude (:func:`d20combat.rules.flight.climb_cost`, ``dive_cost``).

Keeping aloft: a flier that cannot hover (SRD monster-feats "Hover", seed 001
"Hover") must fly at least half its fly speed each turn it ends aloft, or it stalls
(seed 001 "Stalling": 100 ft down; a crash deals at most 3d10). A helpless flier
falls (SRD conditions "Paralyzed"; the ruleset's ``helpless_flier``: srd35 falls at
once, advanced stalls 100 ft a round), a winged hoverer plummets, a magic flier
drifts down 60 ft a round without harm (seed 001 "Unconscious while hovering"). In
the advanced ruleset a flier unable to hover that takes damage aloft saves (Reflex,
DC 10 or half the damage) or stalls (seed 001 "Damage while flying").

A creature that never leaves the ground pays one check of ``Space.aloft`` (an empty
set) per action.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import take_fall
from d20combat.encounter.maneuvers import CHARGE_MANEUVERS, ChargeManeuver
from d20combat.errors import IllegalActionError
from d20combat.rules import flight as F
from d20combat.rules.hitpoints import saving_throw
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

_MAGIC_SUBTYPES = frozenset({"incorporeal", "air"})
_TALON = re.compile(r"\b(claw|talon)s?\b")


def flies(c: Combatant) -> bool:
    return c.stat.speed.fly > 0


def hovers(c: Combatant) -> bool:
    """It may stay in place aloft (perfect maneuverability, or the Hover feat once it
    has halted to hover: A147, A261)."""
    return c.hovering or F.can_hover(c.stat.speed.fly_maneuverability, frozenset())


def winged(c: Combatant) -> bool:
    """It flies by wings, not by magic or its nature (A150: every flier but the
    incorporeal, which never fall, and those of the air subtype)."""
    return not _MAGIC_SUBTYPES.intersection(t.lower() for t in c.stat.subtypes)


def incorporeal(c: Combatant) -> bool:
    """SRD special abilities "Incorporeal": it "cannot fall or take falling damage"."""
    return "incorporeal" in (t.lower() for t in c.stat.subtypes)


def set_altitude(enc: Encounter, c: Combatant, feet: int) -> None:
    """Put ``c`` at ``feet`` above the ground; on the ground, no descent goes on."""
    c.altitude = feet
    if feet:
        enc.space.aloft.add(c.id)
    else:
        enc.space.aloft.discard(c.id)
        c.descent = c.flown = 0
        c.hovering = False
    enc.space.invalidate(c)


def fly_speed(enc: Encounter, c: Combatant) -> int:
    """Its fly speed now (halved by its conditions as its other speeds are)."""
    r = c.restrictions()
    if not r.can_move:
        return 0
    value = int(c.stat.speed.fly * r.speed_factor) // (2 if c.hovering else 1)
    return value - value % 5


def fly_cost(c: Combatant, a: A.Fly) -> int:
    """The movement a climb or a dive of ``a.feet`` costs ``c`` (A146); hovering, it
    flies up or down at its (halved) speed "regardless of its maneuverability" (SRD
    monster-feats Hover, A261)."""
    if c.hovering:
        return a.feet
    if a.up:
        return F.climb_cost(a.feet, c.stat.speed.fly_maneuverability)
    return F.dive_cost(a.feet)


# ---------------------------------------------------------------- the fly action
def check_fly(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """``fly up N`` / ``fly down N``: a move action of a creature with a fly speed,
    rising at half speed (perfect: full) or diving at double speed (A146)."""
    from d20combat.encounter.handlers import need_mobile, need_move_action

    assert isinstance(a, A.Fly)
    if not flies(c):
        raise IllegalActionError(f"{c.id} has no fly speed")
    need_move_action(enc, c)
    need_mobile(enc, c)
    if enc.budget.stepped:
        raise IllegalActionError("no other movement in a round with a 5-foot step")
    if c.mount is not None or c.clinging is not None or c.grappling:
        raise IllegalActionError(f"{c.id} is carried or held: it cannot fly")
    if enc.space.riders.get(c.id):
        raise IllegalActionError(f"{c.id} carries others: flying with them is not modelled")
    if a.feet <= 0 or a.feet % 5:
        raise IllegalActionError(f"{a.feet} ft: fly a whole number of 5-ft squares")
    if not a.up and a.feet > c.altitude:
        raise IllegalActionError(f"{c.id} is {c.altitude} ft up: it cannot fly down {a.feet} ft")
    if a.up and c.altitude + a.feet > F.MAX_ALTITUDE_FT:
        raise IllegalActionError(f"the encounter's sky ends at {F.MAX_ALTITUDE_FT} ft")
    if a.up and c.descent:
        raise IllegalActionError(f"{c.id} is falling: it cannot climb")
    cost, speed = fly_cost(c, a), fly_speed(enc, c)
    if cost > speed:
        raise IllegalActionError(
            f"flying {'up' if a.up else 'down'} {a.feet} ft costs {cost} ft of movement; "
            f"its fly speed is {speed} ft"
        )


def run_fly(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Fly)
    b = enc.budget
    b.use("move")
    b.moved = True
    if b.routine is not None and not b.committed:
        b.routine = None
    start = c.altitude
    c.flown += fly_cost(c, a)
    set_altitude(enc, c, start + a.feet if a.up else start - a.feet)
    rule = F.FLY_RULE if a.up else F.FLY_RULE + "; seed 001 Flying (Swoop)"
    enc.event(c.id, "fly", rule, start=start, altitude=c.altitude, cost=fly_cost(c, a))


def gen_fly(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """Landing from aloft, and taking off or climbing by as much as it can (the two
    moves the tactics weigh; any other height is legal too)."""
    if not flies(c):
        return
    b = enc.budget
    if b.stepped or b.committed or b.full_round or not (b.move or b.standard):
        return
    if c.mount is not None or c.clinging is not None or c.grappling or c.has("prone"):
        return
    if enc.space.riders.get(c.id):
        return
    speed = fly_speed(enc, c)
    if c.altitude and F.dive_cost(c.altitude) <= speed:
        yield A.Fly(False, c.altitude)
    up = speed // (1 if c.stat.speed.fly_maneuverability == "perfect" else 2)
    up = min(up - up % 5, F.MAX_ALTITUDE_FT - c.altitude)
    if up > 0 and not c.descent:
        yield A.Fly(True, up)


# ---------------------------------------------------------------- hovering
def check_hover(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD monster-feats "Hover": "the creature can halt its forward motion and hover
    in place as a move action"; ``hover off``: it flies on (free, A261)."""
    from d20combat.encounter.handlers import need_move_action

    assert isinstance(a, A.Hover)
    if a.off:
        if not c.hovering:
            raise IllegalActionError(f"{c.id} is not hovering")
        return
    if not c.stat.has_feat("hover"):
        raise IllegalActionError(f"{c.id} lacks the Hover feat")
    if not c.altitude or c.descent:
        raise IllegalActionError(f"{c.id} is not flying: it cannot hover")
    if c.hovering:
        raise IllegalActionError(f"{c.id} is hovering already")
    need_move_action(enc, c)


def run_hover(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Hover)
    if not a.off:
        enc.budget.use("move")
    c.hovering = not a.off
    enc.space.invalidate(c)
    enc.event(c.id, "hover", F.HOVER_RULE, hovering=c.hovering, altitude=c.altitude)


def gen_hover(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """Halting to hover (a Hover flier aloft with a move action left); flying on."""
    if not c.altitude or not c.stat.has_feat("hover"):
        return
    if c.hovering:
        yield A.Hover(True)
    else:
        b = enc.budget
        if not c.descent and (b.move or b.standard) and not (b.committed or b.full_round):
            yield A.Hover()


# ---------------------------------------------------------------- keeping aloft
def turn_start(enc: Encounter, c: Combatant) -> None:
    """Its turn begins aloft: the count of its flight starts again, and a helpless
    descent goes on (seed 001: 100 ft a round stalling, 60 drifting)."""
    c.flown = 0
    if c.descent:
        if helpless(c):
            drift = c.descent == F.DRIFT_FT
            sink(enc, c, c.descent, stall=not drift, why="still helpless", harmless=drift)
        else:
            c.descent = 0


def end_of_turn(enc: Encounter, c: Combatant) -> None:
    """Its turn ends aloft: one unable to hover that flew less than half its fly speed
    stalls (seed 001 "Hover", "Stalling"; A149)."""
    need = F.min_forward_ft(c.stat.speed.fly)
    if c.altitude and not c.descent and not hovers(c) and c.flown < need and enc.active(c):
        enc.event(c.id, "stall", F.SEED_RULE + " (Hover, Stalling)", flown=c.flown, needed=need)
        sink(enc, c, F.STALL_FT, stall=True, why="stalled")
    c.flown = 0


def helpless(c: Combatant) -> bool:
    return c.vitals.dead or c.restrictions().helpless


def tidy(enc: Encounter) -> None:
    """After an action: every flier aloft that is now helpless and not yet sinking
    falls, stalls, plummets or drifts down (seed 001; SRD conditions "Paralyzed")."""
    for cid in sorted(enc.space.aloft):
        c = enc.combatants[cid]
        if c.descent or not helpless(c) or incorporeal(c):
            continue
        held = hovers(c)
        c.hovering = False  # helpless, it hovers no longer
        if not winged(c):  # seed 001 "Unconscious while hovering": magic drifts down
            c.descent = F.DRIFT_FT
            sink(enc, c, F.DRIFT_FT, stall=False, why="drifts down", harmless=True)
        elif held or enc.rules.helpless_flier == "fall" or c.vitals.dead:
            sink(enc, c, c.altitude, stall=False, why="plummets")
        else:  # seed 001 "Stalling": it cannot keep its forward momentum
            c.descent = F.STALL_FT
            sink(enc, c, F.STALL_FT, stall=True, why="stalls")


def sink(
    enc: Encounter, c: Combatant, feet: int, *, stall: bool, why: str, harmless: bool = False
) -> None:
    """``c`` comes down ``feet`` (the round's descent at once: A149); reaching the
    ground it lands, a stall's crash dealing at most 3d10 and a fall 1d6 per 10 ft
    (A148), a drift nothing."""
    start = c.altitude
    left = max(0, start - feet)
    set_altitude(enc, c, left)
    rule = F.PARALYZED_RULE + "; " + F.SEED_RULE
    if left or harmless or c.vitals.dead:
        enc.event(c.id, "descend", rule, start=start, altitude=left, why=why)
        return
    dice = F.crash_dice(start) if stall else F.fall_dice(start)
    mark = enc.dice.mark()
    amount = enc.dice.roll(dice, f"falling damage ({dice})") if dice is not None else 0
    before, state_before = take_fall(enc, c, amount)
    enc.event(
        c.id,
        "crash",
        rule,
        rolls_from=mark,
        start=start,
        why=why,
        dice=str(dice) if dice is not None else "",
        damage=amount,
        hp_before=before.hp,
        hp=c.vitals.hp,
        state=c.state(enc.rules).value,
    )
    if c.state(enc.rules) is not state_before:
        enc.space.invalidate(c)


def hurt(enc: Encounter, c: Combatant, damage: int) -> None:
    """seed 001 "Damage while flying" (advanced): a flier aloft unable to hover that
    takes damage saves (Reflex, DC 10 or half the damage, the higher) or stalls."""
    if not enc.rules.flier_damage_save or damage <= 0 or c.descent or hovers(c):
        return
    if helpless(c):
        return  # tidy makes it fall
    dc = F.stay_aloft_dc(damage)
    reflex = c.roll_total(c.stats.saves["ref"], "save", save="ref")
    mark = enc.dice.mark()
    ok, face = saving_throw(enc.dice, reflex.value, dc, f"Reflex save to stay aloft (DC {dc})")
    enc.event(
        c.id,
        "stay-aloft",
        F.SEED_RULE + " (Damage while flying)",
        totals=(("reflex save", reflex),),
        rolls_from=mark,
        damage=damage,
        dc=dc,
        total=face + reflex.value,
        saved=ok,
    )
    if not ok:
        sink(enc, c, F.STALL_FT, stall=True, why="stalled by its wound")


__all__ = [
    "DIVE_RULE",
    "FLYBY_RULE",
    "check_fly",
    "check_flyby",
    "dive_altitude",
    "dive_problem",
    "end_of_turn",
    "flies",
    "flyby_point",
    "flyby_problem",
    "gen_fly",
    "gen_flyby",
    "hovers",
    "hurt",
    "reach_from",
    "run_fly",
    "run_flyby",
    "set_altitude",
    "sink",
    "talons",
    "tidy",
    "turn_start",
    "winged",
]


#: The charge endings that move into the target's space: not at a creature aloft (A145).
GROUND_ENDINGS = frozenset({"bull-rush", "overrun"})


# ---------------------------------------------------------------- the dive (swoop)
DIVE_RULE = F.FLY_RULE + " (dive attacks); seed 001 Flying (Swoop)"


def talons(c: Combatant) -> list[AttackOption]:
    """Its ready claws and talons: the only attacks of a dive or swoop."""
    return [o for o in c.melee_options() if o.natural and _TALON.search(o.name.lower())]


def dive_altitude(c: Combatant, target: Combatant) -> int:
    """Where a dive at ``target`` ends: just above its head (one square over its
    height: 5 ft from it, A151), or where ``c`` is if lower."""
    return min(c.altitude, target.altitude + 5 * target.squares)


def dive_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """Why ``c`` cannot dive at ``target`` now (the charge's own checks apart)."""
    if not c.altitude:
        return f"{c.id} is not aloft: a dive starts in the air"
    if not talons(c):
        return f"{c.id} has no claws or talons to dive with"
    drop = c.altitude - dive_altitude(c, target)
    need = 10 if enc.rules.flight_attacks == "srd" else 5
    if drop < need:
        return f"a dive descends at least {need} ft; {c.id} would descend {drop} ft"
    return None


def _dive_limit(c: Combatant, target: Combatant, limit: int) -> int:
    return limit - F.dive_cost(c.altitude - dive_altitude(c, target))


def _check_dive(enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int) -> None:
    why = dive_problem(enc, c, target)
    if why:
        raise IllegalActionError(why)
    enc.space.check_charge(c, target, a.to, _dive_limit(c, target, limit))
    if enc.rules.flight_attacks == "srd":  # SRD: "must move a minimum of 30 feet"
        moved = enc.space.path_cost(c, enc.space.charge_path(c, a.to))
        drop = c.altitude - dive_altitude(c, target)
        if moved + drop < 30:
            raise IllegalActionError(
                f"a dive moves at least 30 ft: {moved} ft over the map and {drop} ft down"
            )


def _run_dive(enc: Encounter, c: Combatant, a: A.Charge, target: Combatant, limit: int) -> None:
    """The charge's lane flown at its height, the descent to just above the target,
    then one claw at double damage (SRD dive: with the charge's +2 and -2; seed 001
    swoop: neither, A152)."""
    from d20combat.encounter.fighting import strike
    from d20combat.encounter.movement import walk

    charge = enc.rules.flight_attacks == "srd"
    if not charge:
        c.conditions.pop("charging", None)
        enc.space.invalidate(c)
    if not walk(enc, c, enc.space.charge_path(c, a.to), kind="charge"):
        return
    start, end = c.altitude, dive_altitude(c, target)
    # a dive is flown on the wing: its flight keeps the diver aloft (A151)
    c.flown = max(c.flown + F.dive_cost(start - end), F.min_forward_ft(c.stat.speed.fly))
    set_altitude(enc, c, end)
    options = [o for o in talons(c) if enc.space.reaches(c, o, target)]
    enc.event(
        c.id, "dive", DIVE_RULE, target=target.id, start=start, altitude=end, swoop=not charge
    )
    if options and enc.active(target) and enc.active(c):
        best = max(options, key=lambda o: o.bonus.value)
        strike(enc, c, best, best.bonus, target, charge=charge, multiplier=2, rule=DIVE_RULE)


def _dive_ends(enc: Encounter, c: Combatant, target: Combatant, limit: int) -> Iterable[A.Charge]:
    if dive_problem(enc, c, target) is not None:
        return
    for to in enc.space.charge_destinations(c, target, _dive_limit(c, target, limit)):
        if enc.rules.flight_attacks == "srd":
            drop = c.altitude - dive_altitude(c, target)
            if enc.space.path_cost(c, enc.space.charge_path(c, to)) + drop < 30:
                continue
        yield A.Charge(target.id, to, maneuver="dive")


CHARGE_MANEUVERS["dive"] = ChargeManeuver(_check_dive, _run_dive, _dive_ends)


# ---------------------------------------------------------------- the flyby attack
FLYBY_RULE = "SRD monster-feats Flyby Attack; seed 001 Flying (Flyby attacks)"
_FLYBY_PATHS = 4  # the paths listed per target (the longest ones: A153)


def reach_from(enc: Encounter, c: Combatant, target: Combatant, at: A.Pos) -> AttackOption | None:
    """The best ready melee option with which ``c`` placed at ``at`` reaches ``target``
    (the height between them counted: A145), or None."""
    space = enc.space
    x, y = at
    tx, ty = target.pos
    best = None
    for o in c.melee_options():
        if o.name == "unarmed strike" and not c.traits.improved_unarmed:
            continue
        if (x - tx, y - ty) not in space.attack_offsets(c, o, target.squares):
            continue
        if (c.altitude or target.altitude) and space.distance_ft(target, c, at) > space.reach_ft(
            c, o
        ):
            continue
        if best is None or o.bonus.value > best.bonus.value:
            best = o
    return best


def flyby_point(
    enc: Encounter, c: Combatant, target: Combatant, path: tuple[A.Pos, ...]
) -> tuple[int, AttackOption] | None:
    """Where along ``path`` (0: before moving; i: after its i-th square) ``c`` first
    reaches ``target``, with the option that does."""
    for i, at in enumerate((c.pos, *path)):
        option = reach_from(enc, c, target, at)
        if option is not None:
            return i, option
    return None


def flyby_problem(enc: Encounter, c: Combatant) -> str | None:
    """Why ``c`` cannot make a flyby attack now (the path and target apart)."""
    if not c.altitude:
        return f"{c.id} is not aloft: a flyby attack is made in the air"
    if enc.rules.flight_attacks == "srd" and not c.stat.has_feat("flyby attack"):
        return f"{c.id} lacks the Flyby Attack feat (SRD monster-feats)"
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.conditions))
    return None


def check_flyby(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """A move action with a standard action (an attack) during it: the whole turn, no
    5-foot step; the path within its fly speed; the target within reach on the way."""
    from d20combat.encounter.handlers import need_full_round, need_mobile

    assert isinstance(a, A.Flyby)
    why = flyby_problem(enc, c)
    if why:
        raise IllegalActionError(why)
    need_full_round(enc, c)
    need_mobile(enc, c)
    target = enc.get(a.target)
    if target.side == c.side or not target.present() or target.vitals.dead:
        raise IllegalActionError(f"{target.id} is not an enemy on the field")
    cost, speed = enc.space.path_cost(c, a.path), fly_speed(enc, c)
    if cost > speed:
        raise IllegalActionError(f"the path costs {cost} ft but its fly speed is {speed} ft")
    if flyby_point(enc, c, target, a.path) is None:
        raise IllegalActionError(f"{target.id} is never within reach along the path")


def run_flyby(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Fly to the point of the attack, attack, fly on (seed 001: the target gets no
    attack of opportunity for the movement; srd35: it provokes as any move)."""
    from d20combat.encounter.fighting import strike
    from d20combat.encounter.movement import walk

    assert isinstance(a, A.Flyby)
    target = enc.get(a.target)
    point = flyby_point(enc, c, target, a.path)
    assert point is not None
    i, _ = point
    spare = target if enc.rules.flight_attacks == "seed001" else None
    enc.budget.use("full-round")
    enc.budget.moved = True
    if i and not walk(enc, c, a.path[:i], kind="move", spare=spare):
        return
    option = reach_from(enc, c, target, c.pos)
    enc.event(c.id, "flyby", FLYBY_RULE, target=target.id, at=A.square_name(c.pos))
    if (
        option is not None
        and enc.active(target)
        and enc.active(c)
        and enc.space.attack_problem(c, option, target) is None
    ):
        strike(enc, c, option, option.bonus, target, rule=FLYBY_RULE)
    if a.path[i:] and enc.active(c):
        walk(enc, c, a.path[i:], kind="move", spare=spare)


def gen_flyby(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    """Per foe in reach of some path, the longest such paths (at most four: A153)."""
    if not c.altitude or flyby_problem(enc, c) is not None:
        return
    b = enc.budget
    if not b.can_full_round or b.stepped or c.pending_full_round is not None:
        return
    if not c.restrictions().can_move:
        return
    speed = fly_speed(enc, c)
    foes = enc.space.enemies_near(c, speed + enc.space.melee_reach_ft(c))
    if not foes:
        return
    paths = sorted(enc.space.paths(c, speed), key=lambda p: (-len(p), p))
    for t in foes:
        if t.vitals.dead:
            continue
        n = 0
        for path in paths:
            if flyby_point(enc, c, t, path) is not None:
                yield A.Flyby(t.id, path)
                n += 1
                if n == _FLYBY_PATHS:
                    break
