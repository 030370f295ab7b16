"""Grapple in the encounter (seed 000 "Grapple"; seed 002 "Grapple"; seed 004
"Grapple"; seed 001 "Grappling"; the procedures: :mod:`d20combat.rules.maneuvers.grapple`).

The state: each combatant lists the creatures it is grappling with
(:attr:`Combatant.grappling`, held by both) and has the ``grappling`` condition while
it does (no threatened squares, no Dexterity against others, no movement: the
conditions table); a pin is the pinned creature's ``pinned`` condition, owned by the
pinner. Everyone linked, directly or not, is one grapple (:func:`grapple_group`); they
share squares (each grappler moves into its opponent's space), which the placement
invariants allow within a grapple only.

What this module does:

* starting or joining a grapple in place of an attack (:func:`attempt_start`): the
  attack of opportunity (damage spoils it), the touch attack, the hold (lost against a
  target two sizes larger), the unarmed damage, moving in (free; it provokes from
  everyone threatening but the target; no room: let go); :func:`improved_grab` is the
  same hold with neither the attack of opportunity nor the touch attack, for monsters
  with Improved Grab;
* the options in place of an attack (damage, pin, break a pin, escape the grapple or a
  pin, use the opponent's weapon), the Escape Artist escape (a standard action),
  moving the grapple (a standard action), drawing a light weapon, releasing a pin;
* the pin's length: one round, to the end of the pinner's next turn (a reading: the
  pinner keeps it through that turn, when "pinning" options are used, and may renew
  it with another pin check);
* :func:`tidy`: a creature that can no longer act or has fled leaves its grapples;
* seed 001's climbing onto a larger creature: getting up (in place of an unarmed
  attack), clinging (it moves with the carrier), climbing down, being shaken off,
  falling.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from d20combat.content.sizes import Size, fits_in_square
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.fighting import (
    AFTER_HIT,
    AOO_MANEUVERS,
    build_attack,
    deal_damage,
    grapple_group,
    provoke,
    strike,
    take_fall,
)
from d20combat.encounter.maneuvers import ATTACK_MANEUVER_RULES, AttackManeuver, fall, touch_of
from d20combat.encounter.water import depth, footing
from d20combat.errors import IllegalActionError
from d20combat.grid.movement import FIT_NONE, fit, movement_costs
from d20combat.grid.movement import path_cost as grid_path_cost
from d20combat.grid.squares import footprint, footprint_distance, square_name
from d20combat.rules.attack import damage_of
from d20combat.rules.checks import check as roll_check
from d20combat.rules.conditions import attack_modifiers, restrictions
from d20combat.rules.maneuvers import grapple as G
from d20combat.rules.maneuvers import touch_attack
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption, borrowed_option
from d20combat.rules.underwater import grapple_penalty

if TYPE_CHECKING:
    from d20combat.encounter import actions as A
    from d20combat.encounter.actions import Attack, Pos
    from d20combat.encounter.state import Encounter

RULE = G.RULE
START_RULE = "seed 000 Grapple (Starting a Grapple; Joining a Grapple)"
PIN_RULE = "seed 000 Grapple (Pin Your Opponent; If You're Pinned by an Opponent)"
ESCAPE_RULE = "seed 000 Grapple (Escape from Grapple; Multiple Grapples)"
MOVE_RULE = "seed 000 Grapple (Move)"
GRAB_RULE = "SRD special abilities Improved Grab"
GRAB_ONLY_RULE = "seed 004 Grapple (Grabbing)"
#: SRD "Improved Grab": "use the part of its body it used in the improved grab to hold
#: the opponent ... it takes a -20 penalty on grapple checks, but is not considered
#: grappled itself" (the holder's condition ``part-hold``, in place of ``grappling``).
PART_HOLD = "part-hold"
PART_PENALTY = Modifier(-20, BonusType.UNTYPED, "holding with one part (Improved Grab)")
#: The pin's ``turns``: ticked once at the start of the pinner's next turn, it ends
#: with that turn (:func:`end_of_turn`).
PIN_TURNS = 2
_EXTRA_PENALTY = -4  # seed 000 "Use Opponent's Weapon" (and lethal grapple damage)


# ------------------------------------------------------------------ the state
def partners(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The creatures ``c`` is grappling with."""
    return [enc.combatants[i] for i in c.grappling]


def pinner_of(c: Combatant) -> str | None:
    """Who pins ``c`` (None: nobody)."""
    pin = c.conditions.get("pinned")
    return None if pin is None else pin.owner


def garroter_of(c: Combatant) -> str | None:
    """Who holds a garrote on ``c`` (seed 000 "Garrote Attacks"), if anyone."""
    held = c.conditions.get("garroted")
    return None if held is None else held.owner


def garroting(enc: Encounter, c: Combatant) -> Combatant | None:
    """The creature ``c`` garrotes, if any."""
    for p in partners(enc, c):
        if garroter_of(p) == c.id:
            return p
    return None


def pinned_by(enc: Encounter, c: Combatant) -> Combatant | None:
    """The creature ``c`` pins, if any (seed 000 "If You're Pinning an Opponent")."""
    for p in partners(enc, c):
        if pinner_of(p) == c.id:
            return p
    return None


def link(enc: Encounter, a: Combatant, b: Combatant) -> None:
    """``a`` and ``b`` are now grappling each other."""
    for x, y in ((a, b), (b, a)):
        if y.id not in x.grappling:
            x.grappling = tuple(sorted((*x.grappling, y.id)))
        x.conditions["grappling"] = Condition(x.id, 0)
        enc.space.grapplers.add(x.id)
        enc.space.invalidate(x)


def unlink(enc: Encounter, a: Combatant, b: Combatant) -> None:
    """``a`` and ``b`` no longer grapple each other (a pin between them ends; a hold with
    one part lets go)."""
    for x, y in ((a, b), (b, a)):
        x.grappling = tuple(i for i in x.grappling if i != y.id)
        if pinner_of(x) == y.id:
            del x.conditions["pinned"]
        if garroter_of(x) == y.id:
            del x.conditions["garroted"]
        if not x.grappling:
            x.conditions.pop("grappling", None)
            enc.space.grapplers.discard(x.id)
            if x.conditions.pop(PART_HOLD, None) is not None:
                _carry(enc, x, y, False)
        enc.space.invalidate(x)


def _carry(enc: Encounter, holder: Combatant, held: Combatant, on: bool) -> None:
    """A one-part hold carries the held creature along as the holder moves (SRD "Improved
    Grab": "It can even move (possibly carrying away the opponent)"): it rides with it
    (:attr:`Space.riders`)."""
    riders = enc.space.riders
    if on:
        riders.setdefault(holder.id, set()).add(held.id)
        return
    mine = riders.get(holder.id)
    if mine is not None:
        mine.discard(held.id)
        if not mine:
            del riders[holder.id]


def hold_by_part(enc: Encounter, holder: Combatant, held: Combatant) -> None:
    """``holder`` holds ``held`` with the grabbing part alone: linked, ``held`` grappling,
    ``holder`` not grappling but holding (``part-hold``)."""
    holder.conditions.pop("grappling", None)
    holder.conditions[PART_HOLD] = Condition(holder.id, 0)
    _carry(enc, holder, held, True)
    enc.space.invalidate(holder)


def part_holder(c: Combatant) -> bool:
    """Whether ``c`` holds a creature with one part (SRD "Improved Grab")."""
    return PART_HOLD in c.conditions


def _holds_on(enc: Encounter, c: Combatant) -> bool:
    """Still able to be in a grapple: on the field, fighting (not surrendered), acting,
    not helpless."""
    return (
        not c.fled and not c.surrendered and c.can_act(enc.rules) and not c.restrictions().helpless
    )


def tidy(enc: Encounter) -> None:
    """A creature that fled, dropped or became helpless leaves every grapple, and stops
    clinging or being clung to (a reading: the seeds say nothing of it; it holds no
    square any more, so nobody has to move)."""
    for c in enc.combatants.values():
        if c.grappling and not _holds_on(enc, c):
            left = partners(enc, c)
            for p in left:
                unlink(enc, c, p)
                enc.event(c.id, "grapple-ends", RULE, target=p.id, why="cannot hold on")
            settle(enc, [g for p in left for g in grapple_group(enc, p)])
        if c.clinging is not None:
            carrier = enc.combatants[c.clinging]
            if not (_holds_on(enc, c) and _holds_on(enc, carrier)):
                set_clinging(enc, c, None)
                enc.event(c.id, "clinging-ends", G.CLIMB_RULE, target=carrier.id)


def end_of_turn(enc: Encounter, c: Combatant) -> None:
    """The pins ``c`` holds that it did not renew this turn end with it."""
    for p in partners(enc, c):
        pin = p.conditions.get("pinned")
        if pin is not None and pin.owner == c.id and pin.turns < PIN_TURNS:
            del p.conditions["pinned"]
            enc.space.invalidate(p)
            enc.event(p.id, "condition-ends", PIN_RULE, condition="pinned")


def resists(enc: Encounter, holder: Combatant, actor: Combatant) -> bool:
    """Whether ``holder`` tries to hold ``actor`` when it escapes or moves the grapple
    (seed 000: "Opponents don't have to try to hold you if they don't want to"):
    :attr:`Encounter.holds`' hook for the holder, else every foe resists and allies
    let go."""
    hook = enc.holds.get(holder.id)
    if hook is not None:
        return hook(enc, holder.id, actor.id)
    return holder.side != actor.side


def check_total(enc: Encounter, c: Combatant, shift: int = 0, *extra: Modifier) -> Total:
    """``c``'s grapple check modifier now: its grapple bonus, what its conditions do to
    melee attack rolls (seed 000: "A grapple check is like a melee attack roll"), the
    iterative attack it replaces (``shift``) and ``extra``; in the water, seed 000
    "Underwater Combat" note 1's -2 without a swim speed (damage normal)."""
    mods = list(attack_modifiers(c.condition_set(), ranged=False))
    if PART_HOLD in c.conditions:
        mods.append(PART_PENALTY)
    if enc.map.has_water:
        where = depth(enc, c)
        wet = grapple_penalty(footing(c, where)) if where else None
        if wet is not None:
            mods.append(wet)
    if shift:
        mods.append(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    mods.extend(extra)
    return c.stats.grapple.plus(*mods) if mods else c.stats.grapple


def _shift(replaced: AttackOption, bonus: Total) -> int:
    return bonus.value - replaced.bonus.value


# ------------------------------------------------------------------ places
def _holds_square(enc: Encounter, o: Combatant) -> bool:
    """Holds its squares against others (invariants._places; Space._share)."""
    return (
        not o.fled
        and o.inside is None
        and o.can_act(enc.rules)
        and o.stat.size > Size.TINY
        and not o.restrictions().helpless
    )


def company(enc: Encounter, c: Combatant) -> set[str]:
    """The creatures ``c`` may share squares with: its grapple, the creature it clings
    to and the others clinging there (and those clinging to it)."""
    ids = {g.id for g in grapple_group(enc, c)}
    carrier = c.clinging or c.mount
    if carrier is not None:
        ids.add(carrier)
    ids.update(enc.space.riders.get(carrier or c.id, ()))
    return ids


def _overlap(a: Combatant, pa: Pos, b: Combatant) -> bool:
    (ax, ay), n = pa, a.squares
    (bx, by), m = b.pos, b.squares
    return ax < bx + m and bx < ax + n and ay < by + m and by < ay + n


def free_at(enc: Encounter, c: Combatant, pos: Pos, friends: set[str]) -> bool:
    """Whether ``c`` could stand at ``pos``: on the map where it fits, and sharing no
    square with a creature outside ``friends`` unless their sizes allow it (seed 000
    "Mixing It Up")."""
    stoop = enc.space.stoop(c)
    if fit(enc.map, pos, c.squares, swim=c.stat.speed.swim > 0, stoop=stoop) == FIT_NONE:
        return False
    here: dict[Pos, list[Size]] = {}
    mine = set(footprint(pos, c.squares))
    for o in enc.combatants.values():
        if o is c or o.id in friends or not _holds_square(enc, o) or not _overlap(c, pos, o):
            continue
        for s in footprint(o.pos, o.squares):
            if s in mine:
                here.setdefault(s, []).append(o.stat.size)
    return all(fits_in_square([*sizes, c.stat.size]) for sizes in here.values())


def _spot(enc: Encounter, c: Combatant, candidates: Iterable[Pos], friends: set[str]) -> Pos | None:
    """The nearest of ``candidates`` to ``c`` where it is :func:`free_at` (then in row
    order)."""
    x0, y0 = c.pos
    ranked = sorted(candidates, key=lambda p: (max(abs(p[0] - x0), abs(p[1] - y0)), p[1], p[0]))
    return next((p for p in ranked if free_at(enc, c, p, friends)), None)


def _inside(c: Combatant, anchor: Combatant) -> list[Pos]:
    """Positions of ``c`` whose space overlaps ``anchor``'s."""
    (ax, ay), m, n = anchor.pos, anchor.squares, c.squares
    return [(x, y) for y in range(ay - n + 1, ay + m) for x in range(ax - n + 1, ax + m)]


def _beside(c: Combatant, others: list[Combatant]) -> list[Pos]:
    """Positions of ``c`` next to ``others`` (within 5 ft of each) sharing none of
    their squares."""
    x0, y0 = c.pos
    reach = max(o.squares for o in others) + c.squares
    out = []
    for y in range(y0 - reach, y0 + reach + 1):
        for x in range(x0 - reach, x0 + reach + 1):
            if all(
                not _overlap(c, (x, y), o)
                and footprint_distance((x, y), c.squares, o.pos, o.squares) <= 5
                for o in others
            ):
                out.append((x, y))
    return out


def move_in(enc: Encounter, mover: Combatant, anchor: Combatant, *, provoking: bool = True) -> bool:
    """seed 000 "Step 4: Maintain Grapple": ``mover`` moves into ``anchor``'s space
    (the nearest position overlapping it where it can stand), free, provoking from those
    threatening it but not from ``anchor`` (not at all if not ``provoking``: a creature
    pulled in by an Improved Grab). False if there is no such position or the attacks of
    opportunity stop it."""
    if _overlap(mover, mover.pos, anchor):
        return True
    spot = _spot(enc, mover, _inside(mover, anchor), company(enc, mover))
    if spot is None:
        return False
    start = mover.pos
    if (
        provoking
        and enc.space.threatening(mover)
        and not provoke(
            enc,
            mover,
            f"moving into {anchor.id}'s space",
            movement=True,
            spare=anchor,
        )
    ):
        return False
    enc.space.place(mover, spot)
    enc.event(
        mover.id,
        "move-in",
        START_RULE,
        target=anchor.id,
        start=square_name(start),
        end=square_name(spot),
    )
    return True


def _step_out_spot(enc: Encounter, c: Combatant, away: list[Combatant]) -> Pos | None:
    """Where ``c`` leaving ``away`` ends: the nearest free position next to them."""
    friends = {o.id for o in away} | {c.id}
    return _spot(enc, c, _beside(c, away), friends)


def _step_out(enc: Encounter, c: Combatant, away: list[Combatant], why: str) -> None:
    """``c`` moves out of the grapple's squares into a free space next to ``away``
    (seed 000 "If you escape, you finish the action by moving into any space adjacent
    to your opponent(s)"), provoking from those threatening it but ``away``."""
    spot = _step_out_spot(enc, c, away)
    if spot is None:  # checked before: there is room
        return
    start = c.pos
    for t in enc.space.threatening(c):
        if t not in away and not provoke(enc, c, why, movement=True, only=t):
            return
    enc.space.place(c, spot)
    enc.event(c.id, "step-out", ESCAPE_RULE, start=square_name(start), end=square_name(spot))


def _must_leave(enc: Encounter, c: Combatant) -> bool:
    """Out of every grapple and clinging to nothing, ``c`` still shares a square it
    may not share."""
    return (
        not c.grappling
        and c.clinging is None
        and c.mount is None
        and _holds_square(enc, c)
        and not free_at(enc, c, c.pos, company(enc, c))
    )


def _rings(c: Combatant, limit: int, first: int = 1) -> Iterable[Pos]:
    """Positions around ``c``'s, ring by ring (the nearest first) from ring ``first``."""
    x0, y0 = c.pos
    for r in range(first, limit + 1):
        for y in range(y0 - r, y0 + r + 1):
            for x in range(x0 - r, x0 + r + 1):
                if max(abs(x - x0), abs(y - y0)) == r:
                    yield (x, y)


def closest_free(enc: Encounter, c: Combatant, limit: int, friends: set[str]) -> Pos | None:
    """The closest position to ``c``'s, at most ``limit`` rings out, where it is
    :func:`free_at`; equally close ones (one ring) are decided by the dice (SRD combat-ii
    "Closest Creature", A260). None if there is none."""
    from d20combat.encounter.closest import pick_closest

    spot = next((p for p in _rings(c, limit) if free_at(enc, c, p, friends)), None)
    if spot is None:
        return None
    r = max(abs(spot[0] - c.pos[0]), abs(spot[1] - c.pos[1]))
    tied = [p for p in _rings(c, r, r) if free_at(enc, c, p, friends)]
    return pick_closest(enc, tied, "squares")


def settle(enc: Encounter, creatures: Iterable[Combatant]) -> None:
    """Those of ``creatures`` left out of every grapple in a square they may not share
    (two Medium grapplers of one opponent that got away, say) go, one by one in the
    order given, to the closest position where they may stand (SRD combat-ii
    "Accidentally Ending Movement in an Illegal Space": "the closest legal position",
    equally close ones by the dice: :func:`closest_free`); this is no movement and
    provokes nothing (a reading)."""
    limit = max(enc.map.width, enc.map.height)
    for c in creatures:
        if not _must_leave(enc, c):
            continue
        friends = company(enc, c)
        mark = enc.dice.mark()
        spot = closest_free(enc, c, limit, friends)
        if spot is None:
            continue
        start = c.pos
        enc.space.place(c, spot)
        enc.event(
            c.id,
            "settle",
            "SRD combat-ii Accidentally Ending Movement in an Illegal Space",
            rolls_from=mark,
            start=square_name(start),
            end=square_name(spot),
        )


# ------------------------------------------------------------------ the hold
def _unarmed(c: Combatant) -> AttackOption | None:
    return c.stats.unarmed


def _damage_option(c: Combatant) -> AttackOption | None:
    """What ``c``'s grapple damage is rolled with (:attr:`Statistics.hold_damage`: the
    Improved Grab attack's, else the unarmed strike's)."""
    return c.stats.hold_damage


def _roll_damage(
    enc: Encounter, c: Combatant, target: Combatant, option: AttackOption, nonlethal: bool
) -> None:
    """The damage roll of ``option`` alone: no attack roll, no sneak attack, no
    critical; the option's own extra damage (a constrictor's acid) only when it is a
    natural attack or constriction, not a weapon's."""
    attack, _ = build_attack(enc, c, option, option.bonus, target, nonlethal=nonlethal)
    extra = attack.extra if option.natural else ()
    attack = attack._replace(extra=extra, half_damage=False, multiplier=1)
    mark = enc.dice.mark()
    r = damage_of(enc.dice, attack, enc.rules)
    deal_damage(enc, c, target, r, attack, enc.dice.since(mark))


def unarmed_damage(enc: Encounter, c: Combatant, target: Combatant, nonlethal: bool) -> None:
    """Damage "as if with an unarmed strike" (seed 000 "Step 3: Hold", "Damage Your
    Opponent": 1d3 Medium, 1d2 Small, + Str; a monk's own unarmed damage), or with the
    Improved Grab attack for a creature that has one (SRD special abilities "Improved
    Grab"): the damage roll alone."""
    option = _damage_option(c)
    if option is not None:
        _roll_damage(enc, c, target, option, nonlethal)


def constrict(enc: Encounter, c: Combatant, target: Combatant) -> None:
    """SRD special abilities "Constrict": "after making a successful grapple check" the
    creature crushes its opponent for the damage its entry gives (bludgeoning, with any
    extra), whatever else the check did."""
    option = c.stats.constrict
    if option is not None and enc.active(target):
        _roll_damage(enc, c, target, option, False)


def grapple_won(enc: Encounter, c: Combatant, target: Combatant, *, dealt: bool) -> None:
    """What a won grapple check of ``c`` against ``target`` it holds brings besides its
    option (SRD special abilities "Improved Grab": "each successful grapple check it
    makes during successive rounds automatically deals the damage indicated for the
    attack that established the hold"; "Constrict"): the Improved Grab attack's damage
    unless the option ``dealt`` damage already, then constriction."""
    if not dealt and c.stats.grab is not None and enc.active(target):
        _roll_damage(enc, c, target, c.stats.grab, False)
    constrict(enc, c, target)


def _default_nonlethal(option: AttackOption | None) -> bool:
    """An unarmed strike deals nonlethal damage; a monk's (trained: Improved Unarmed
    Strike) is lethal at will (seed 000 "Exception: Monks"); a natural attack lethal."""
    return option is None or (option.nonlethal and not option.either)


def take_hold(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    *,
    damage: bool = True,
    pull: bool = False,
    part: bool = False,
) -> bool:
    """The hold won: both are grappling, ``c`` deals unarmed damage (seed 000 step 3;
    not after an Improved Grab: ``damage`` False), constricts if it can, and moves into
    the target's space (step 4), or, ``pull``, pulls the target into its own without
    provoking (SRD "Improved Grab"; ``part``: holding it with the grabbing part alone);
    if it cannot, it lets go. Returns whether the grapple holds."""
    link(enc, c, target)
    if part:
        hold_by_part(enc, c, target)
    if damage:
        unarmed_damage(enc, c, target, _default_nonlethal(_damage_option(c)))
    constrict(enc, c, target)
    if not (enc.active(c) and enc.active(target)):
        tidy(enc)
        return False
    moved = move_in(enc, target, c, provoking=False) if pull else move_in(enc, c, target)
    if not moved:
        if target.id in c.grappling:
            unlink(enc, c, target)
            enc.event(c.id, "grapple-ends", START_RULE, target=target.id, why="cannot move in")
        tidy(enc)
        return False
    return True


def _provokes(enc: Encounter, c: Combatant, target: Combatant) -> bool:
    """Step 1's attack of opportunity: from the target whatever it holds (seed 000,
    004), or as any unarmed attack does, from an armed target (seed 001); none with
    Improved Grapple."""
    if c.stat.has_feat("improved grapple"):
        return False
    if enc.rules.grapple_provokes == "target":
        return True
    return (
        "unarmed-attack" in enc.rules.provoking_actions
        and not c.traits.improved_unarmed
        and enc.space.is_armed(target)
    )


def _hurt(before: object, c: Combatant) -> bool:
    v, w = before, c.vitals
    assert hasattr(v, "hp")
    return bool(w.hp < v.hp or w.nonlethal > v.nonlethal or w.temp_hp < v.temp_hp)  # type: ignore[attr-defined]


def start_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot start (or join) a grapple with ``target`` now, or None."""
    if weapon is not None:
        return "a grapple is started with the hands: 'grapple TARGET'"
    if c.grappling:
        return f"{c.id} is already grappling"
    if c.clinging is not None:
        return f"{c.id} is clinging to {c.clinging}"
    option = _unarmed(c)
    if option is None:
        return f"{c.id} has no unarmed strike to grab with"
    if not _holds_on(enc, target):
        return f"{target.id} cannot act: grappling it holds nothing (a reading)"
    held = [g.stat.size for g in partners(enc, target)] if target.grappling else []
    if held and not G.room_for(target.stat.size, held, c.stat.size, enc.rules):
        return (
            f"{target.id} is already grappled by as many as can grapple it "
            f"({enc.rules.grapple_limit}, counted by size: seed 000 Multiple Grapples)"
        )
    return enc.space.attack_problem(c, option, target)


def attempt_start(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Starting a Grapple" in place of the attack ``replaced`` at
    ``replaced_bonus`` (its iterative penalty carries to the touch attack and the grapple
    check); "Joining a Grapple": against a target already grappling, no attack of
    opportunity and no touch attack."""
    target = enc.get(a.target)
    rules = enc.rules
    option = _unarmed(c)
    assert option is not None  # checked
    shift = _shift(replaced, replaced_bonus)
    joining = bool(target.grappling)
    if not joining and not _grab_provokes(enc, c, target):
        return
    touch_bonus: Total | None = None
    touch_ac: Total | None = None
    concealment = 0
    if not joining:
        bonus = option.bonus
        if shift:
            bonus = bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
        attack, _ = build_attack(enc, c, touch_of(option), bonus, target, defensively=a.defensively)
        touch_bonus, touch_ac, concealment = attack.bonus, attack.ac, attack.concealment
    sides = G.GrappleSides(
        touch_bonus,
        touch_ac,
        check_total(enc, c, shift),
        check_total(enc, target),
        G.hold_fails(c.stat.size, target.stat.size, rules),
        concealment,
    )
    _hold_event(enc, c, target, sides, joining=joining)


def _grab_provokes(enc: Encounter, c: Combatant, target: Combatant) -> bool:
    """The attack of opportunity a grab provokes from its target (seed 000 "Starting a
    Grapple" Step 1); False if the attempt ends there (the grabber hurt, dropped, or the
    target out of the fight)."""
    if _provokes(enc, c, target):
        before = c.vitals
        if not provoke(enc, c, "grapple (starting a grapple)", only=target):
            return False
        if _hurt(before, c):
            enc.event(c.id, "grapple", START_RULE, target=target.id, result="spoiled")
            return False
    return enc.active(target)


def grab_only_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot only grab ``target`` (seed 004 "Grabbing"), or None: the ruleset
    has the grab as a stage of its own, and ``c`` could start a grapple with it."""
    if not enc.rules.grapple_grab_alone:
        return f"in {enc.rules.name} a grab is not made alone: 'grapple TARGET' (seed 000)"
    if target.grappling:
        return f"{target.id} is grappling: joining its grapple takes no grab (seed 000)"
    return start_problem(enc, c, target, weapon)


def attempt_grab_only(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 004 "Grabbing": the grab alone, a melee touch attack in place of
    ``replaced`` (its attack of opportunity first, as a grapple's), starting no
    grapple: "If the character grabs an opponent, but fails to go on to hold him or
    her, the character doesn't actually start a grapple" (it matters for touch spells
    only, issue 10)."""
    target = enc.get(a.target)
    option = _unarmed(c)
    assert option is not None  # checked
    if not _grab_provokes(enc, c, target):
        return
    bonus = option.bonus
    shift = _shift(replaced, replaced_bonus)
    if shift:
        bonus = bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    attack, _ = build_attack(enc, c, touch_of(option), bonus, target, defensively=a.defensively)
    mark = enc.dice.mark()
    touch = touch_attack(
        enc.dice,
        attack.bonus,
        attack.ac,
        "grab: melee touch attack",
        enc.rules,
        concealment=attack.concealment,
    )
    enc.event(
        c.id,
        "grab",
        GRAB_ONLY_RULE,
        target=target.id,
        totals=(("touch attack bonus", attack.bonus), ("touch armor class", attack.ac)),
        rolls_from=mark,
        result="concealed" if touch.concealed else ("grabbed" if touch.hit else "missed"),
        touch_natural=touch.natural,
        touch_total=touch.total,
    )


def aoo_grapple(enc: Encounter, c: Combatant, option: AttackOption, target: Combatant) -> bool:
    """A grapple started as ``c``'s attack of opportunity on ``target`` (SRD Table: Actions
    in Combat: a grapple "replaces a melee attack ... even as an attack of opportunity"),
    as :func:`attempt_start` in place of the AoO's attack (its own attack of opportunity
    from the target without Improved Grapple); a hold stops the provoker's action (a
    creature grabbed loses the rest of it: fighting.provoke). False if it cannot (A189)."""
    from d20combat.encounter.actions import Grapple

    if start_problem(enc, c, target, None) is not None:
        return False
    attempt_start(enc, c, Grapple(target.id), option, option.bonus)
    return True


AOO_MANEUVERS["grapple"] = aoo_grapple


def _hold_event(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    sides: G.GrappleSides,
    *,
    joining: bool,
    grab: str | None = None,
    part: bool = False,
) -> bool:
    """Roll the grab and the hold, record them, and take the hold if won (``grab``: the
    natural attack of an Improved Grab, whose hold deals no damage of its own and pulls
    the target in)."""
    mark = enc.dice.mark()
    r = G.start(enc.dice, sides, enc.rules)
    result = G.outcome(r)
    if r.touch is not None and r.touch.concealed:
        result = "concealed"
    totals: list[tuple[str, Total]] = []
    if sides.touch_bonus is not None and sides.touch_ac is not None:
        totals += [("touch attack bonus", sides.touch_bonus), ("touch armor class", sides.touch_ac)]
    if r.check is not None:
        totals += [("grapple check", sides.check), ("grapple resist", sides.resist)]
    enc.event(
        c.id,
        "grapple",
        START_RULE if grab is None else GRAB_RULE,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        result=result,
        joining=joining,
        grab=grab,
        part_hold=part,
        touch_natural=r.touch.natural if r.touch else None,
        touch_total=r.touch.total if r.touch else None,
        check=[r.check.actor, r.check.opponent] if r.check else None,
    )
    if not r.held:
        return False
    return take_hold(enc, c, target, damage=grab is None, pull=grab is not None, part=part)


def grab_problem(
    enc: Encounter, c: Combatant, option: AttackOption, target: Combatant
) -> str | None:
    """Why a hit of ``c`` on ``target`` with ``option`` starts no Improved Grab, or None
    (SRD special abilities "Improved Grab": a melee natural attack that has it; "works
    only against opponents at least one size category smaller"; a grappler attacks only
    its own opponents, so holds nobody new)."""
    if option.ranged or "improved grab" not in option.effects:
        return f"{option.name} has no improved grab"
    if target.stat.size >= c.stat.size:
        return f"{target.id} is not smaller than {c.id}"
    if c.grappling or c.clinging is not None or target.clinging is not None:
        return f"{c.id} is grappling or clinging already"
    if not (enc.active(c) and _holds_on(enc, c) and _holds_on(enc, target)):
        return "one of them cannot act"
    held = [g.stat.size for g in partners(enc, target)]
    if held and not G.room_for(target.stat.size, held, c.stat.size, enc.rules):
        return f"{target.id} is already grappled by as many as can grapple it"
    return None


def improved_grab(
    enc: Encounter, c: Combatant, option: AttackOption, bonus: Total, target: Combatant
) -> None:
    """After a hit with ``option``: "it deals normal damage and attempts to start a
    grapple as a free action without provoking an attack of opportunity. No initial
    touch attack is required" (SRD special abilities "Improved Grab"; seed 001
    "Grappling"): the hold's opposed check (lost against a target two sizes larger);
    won, both are grappling, the hold deals no extra damage (constriction aside) and
    the target is pulled into the creature's space without provoking. The creature
    always tries (a reading), conducting the grapple normally unless its attack chose to
    hold with the grabbing part alone (``hold-part``: -20 on its grapple checks, the hold's
    included, and not grappling; A88). Nothing happens if :func:`grab_problem`."""
    if grab_problem(enc, c, option, target) is not None:
        return
    part = enc.budget.part_hold and enc.current is c
    sides = G.GrappleSides(
        None,
        None,
        check_total(enc, c, 0, *((PART_PENALTY,) if part else ())),
        check_total(enc, target),
        G.hold_fails(c.stat.size, target.stat.size, enc.rules),
    )
    _hold_event(enc, c, target, sides, joining=bool(target.grappling), grab=option.name, part=part)


def part_hold_problem(
    enc: Encounter, c: Combatant, option: AttackOption, target: Combatant
) -> str | None:
    """Why an attack with ``option`` on ``target`` cannot choose the one-part hold (SRD
    "Improved Grab"), or None: only an attack with improved grab, by a creature not
    grappling, on a smaller one it could hold."""
    if option.ranged or "improved grab" not in option.effects:
        return f"{option.name} has no improved grab: no hold-part"
    if c.grappling:
        return f"{c.id} is grappling already: its attacks grab nobody new"
    if target.stat.size >= c.stat.size:
        return f"{target.id} is not smaller than {c.id}: its grab holds nothing"
    return None


# ------------------------------------------------------------------ options in a grapple
def _option_problem(enc: Encounter, c: Combatant, option: str) -> str | None:
    if option not in enc.rules.grapple_options:
        return f"{enc.rules.name} has no such grapple option ({option}: seed 004 lists fewer)"
    if not c.grappling:
        return f"{c.id} is not grappling"
    return None


def _partner_problem(c: Combatant, target: Combatant) -> str | None:
    if target.id not in c.grappling:
        return f"{c.id} is not grappling {target.id}"
    return None


def _in_grapple_problem(enc: Encounter, c: Combatant, target: Combatant, option: str) -> str | None:
    why = _option_problem(enc, c, option) or _partner_problem(c, target)
    if why is None and pinner_of(c) is not None:
        return f"{c.id} is pinned: it can only try to escape the pin"
    return why


def damage_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    why = _in_grapple_problem(enc, c, target, "damage") or _garroting_problem(enc, c)
    if why is None and _damage_option(c) is None:
        return f"{c.id} has no unarmed strike"
    if why is None and not enc.rules.pinner_damages_others:
        held = pinned_by(enc, c)
        if held is not None and held is not target:
            return f"{c.id} pins {held.id}: it cannot damage another (seed 004 Pin, D102)"
    return why


def _garroting_problem(enc: Encounter, c: Combatant) -> str | None:
    """seed 000 "Garrote Attacks": "You cannot attempt to pin your opponent during your
    garrote attack, nor can you attack with another weapon" (nor deal unarmed damage:
    a reading, both hands hold the garrote; it strangles instead)."""
    held = garroting(enc, c)
    if held is None:
        return None
    return f"{c.id} is garroting {held.id}: it can only strangle it (seed 000 Garrote Attacks)"


def pin_problem(enc: Encounter, c: Combatant, target: Combatant, weapon: str | None) -> str | None:
    why = _in_grapple_problem(enc, c, target, "pin") or _garroting_problem(enc, c)
    if why is not None:
        return why
    held = pinned_by(enc, c)
    if held is not None and held is not target:
        return f"{c.id} pins {held.id}: it cannot pin another (seed 000)"
    other = pinner_of(target)
    if other is not None and other != c.id:
        return f"{target.id} is already pinned by {other}"
    return None


def break_pin_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    why = _in_grapple_problem(enc, c, target, "break-pin")
    if why is not None:
        return why
    if pinned_by(enc, c) is not None:
        return f"{c.id} is pinning: it cannot break another's pin (seed 000)"
    held = pinned_by(enc, target)
    if held is None or held is c:
        return f"{target.id} pins nobody else"
    return None


def escape_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    if c.inside is not None:  # swallowed (SRD Swallow Whole)
        from d20combat.encounter.maneuvers import swallow

        return swallow.escape_problem(enc, c, target)
    why = _in_grapple_problem(enc, c, target, "escape")
    if why is not None:
        return why
    if pinned_by(enc, c) is not None:
        return f"{c.id} is pinning: it cannot escape (seed 000)"
    if enc.rules.grapple_escape == "all" and target.id != c.grappling[0]:
        return f"an escape is from the whole grapple: 'escape-grapple {c.grappling[0]}'"
    return _room_to_leave(enc, c, _escaped_from(enc, c, target))


def _escaped_from(enc: Encounter, c: Combatant, target: Combatant) -> list[Combatant]:
    """Whom an escape frees ``c`` from: everyone (seed 000) or ``target`` (seed 001's
    one-on-one piles)."""
    return partners(enc, c) if enc.rules.grapple_escape == "all" else [target]


def _room_to_leave(enc: Encounter, c: Combatant, away: list[Combatant]) -> str | None:
    """Leaving every grapple, ``c`` needs a free space next to its opponents."""
    if len(away) < len(c.grappling) or _step_out_spot(enc, c, away) is not None:
        return None
    return f"no free space next to {', '.join(o.id for o in away)} to escape into"


def escape_pin_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    why = _option_problem(enc, c, "escape") or _partner_problem(c, target)
    if why is None and pinner_of(c) != target.id:
        return f"{target.id} does not pin {c.id}"
    return why


def use_weapon_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    why = _in_grapple_problem(enc, c, target, "use-weapon")
    if why is None and their_weapon(c, target) is None:
        return f"{target.id} holds no light weapon"
    return why


def their_weapon(c: Combatant, target: Combatant) -> AttackOption | None:
    """``c``'s attack with the first light melee weapon ``target`` holds."""
    for o in target.melee_options():
        if o.light and not o.natural and o.item in target.wielding:
            mine = borrowed_option(c.stats, target.stats, o.item)
            if mine is not None:
                return mine
    return None


def _contest(
    enc: Encounter,
    c: Combatant,
    opponents: list[Combatant],
    mine: Total,
    what: str,
    rule: str,
    target: Combatant,
    *,
    artist: bool = False,
) -> bool:
    """One opposed check of ``c`` (``mine``) against each of ``opponents``' grapple
    checks, recorded as a ``grapple-check`` event."""
    theirs = [check_total(enc, o) for o in opponents]
    mark = enc.dice.mark()
    if opponents:
        won, m, t = G.contest(enc.dice, mine, theirs, f"grapple check ({what})", enc.rules)
    else:  # nobody tries to hold it
        won, m, t = True, 0, []
    totals: list[tuple[str, Total]] = [("escape artist" if artist else "grapple check", mine)]
    totals += [(f"grapple check of {o.id}", tot) for o, tot in zip(opponents, theirs, strict=True)]
    enc.event(
        c.id,
        "grapple-check",
        rule,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        option=what,
        won=won,
        check=[m, *t],
        against=[o.id for o in opponents],
    )
    return won


def attempt_damage(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 000 "Damage Your Opponent": a grapple check; won, unarmed damage, nonlethal
    unless ``lethal`` (-4 on the check; a monk's own is lethal, and nonlethal at will,
    with no penalty either way)."""
    target = enc.get(a.target)
    option = _damage_option(c)
    nonlethal = _default_nonlethal(option) if a.nonlethal is None else a.nonlethal
    extra = []
    if option is not None and not option.either and nonlethal != option.nonlethal:
        extra.append(
            Modifier(
                _EXTRA_PENALTY, BonusType.UNTYPED, "lethal damage" if not nonlethal else "nonlethal"
            )
        )
    mine = check_total(enc, c, _shift(replaced, bonus), *extra)
    what = "damage" + ("" if nonlethal else ", lethal")
    if _contest(enc, c, [target], mine, what, RULE, target):
        unarmed_damage(enc, c, target, nonlethal)
        grapple_won(enc, c, target, dealt=True)


def attempt_pin(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 000 "Pin Your Opponent": a grapple check; won, the opponent is pinned for
    one round (renewed if it was already)."""
    target = enc.get(a.target)
    mine = check_total(enc, c, _shift(replaced, bonus))
    if _contest(enc, c, [target], mine, "pin", PIN_RULE, target):
        enc.impose(target, "pinned", c.id, PIN_TURNS)
        grapple_won(enc, c, target, dealt=False)


def attempt_break_pin(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 000 "Break Another's Pin": a grapple check against the pinner; won, the
    pinned creature is free of the pin, still grappling."""
    target = enc.get(a.target)
    held = pinned_by(enc, target)
    mine = check_total(enc, c, _shift(replaced, bonus))
    if _contest(enc, c, [target], mine, "break a pin", PIN_RULE, target) and held is not None:
        del held.conditions["pinned"]
        enc.space.invalidate(held)
        enc.event(held.id, "condition-ends", PIN_RULE, condition="pinned")


def _escape(enc: Encounter, c: Combatant, target: Combatant, mine: Total, *, artist: bool) -> None:
    """Escape the grapple: beat every opponent's check (seed 000) or the one's (seed
    001); those who do not resist need not be beaten. Free of every grapple, ``c``
    steps out next to them."""
    away = _escaped_from(enc, c, target)
    holding = [o for o in away if resists(enc, o, c)]
    rule = ESCAPE_RULE if enc.rules.grapple_escape == "all" else G.ADVANCED_RULE
    if not _contest(enc, c, holding, mine, "escape", rule, target, artist=artist):
        return
    for o in away:
        unlink(enc, c, o)
    if not c.grappling:
        _step_out(enc, c, away, "escaping a grapple")
    settle(enc, [c, *away])


def attempt_escape(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 000 "Escape from Grapple", by a grapple check in place of an attack."""
    if c.inside is not None:  # swallowed: back into the mouth (SRD Swallow Whole)
        from d20combat.encounter.maneuvers import swallow

        swallow.attempt_escape(enc, c, a, replaced, bonus)
        return
    _escape(enc, c, enc.get(a.target), check_total(enc, c, _shift(replaced, bonus)), artist=False)


def _escape_pin(
    enc: Encounter, c: Combatant, pinner: Combatant, mine: Total, *, artist: bool
) -> None:
    free = not resists(enc, pinner, c) or _contest(
        enc, c, [pinner], mine, "escape the pin", PIN_RULE, pinner, artist=artist
    )
    if free and "pinned" in c.conditions:
        del c.conditions["pinned"]
        enc.space.invalidate(c)
        enc.event(c.id, "condition-ends", PIN_RULE, condition="pinned")


def attempt_escape_pin(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 000 "If You're Pinned by an Opponent": a grapple check in place of an
    attack; won, the pin ends, the grapple goes on."""
    _escape_pin(
        enc, c, enc.get(a.target), check_total(enc, c, _shift(replaced, bonus)), artist=False
    )


def attempt_use_weapon(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 000 "Use Opponent's Weapon": a grapple check; won, an attack on the opponent
    with its light weapon at -4 (the grapple's own penalty counted in it), at this
    attack's place in the routine; the weapon stays in the opponent's hand."""
    target = enc.get(a.target)
    shift = _shift(replaced, bonus)
    if not _contest(enc, c, [target], check_total(enc, c, shift), "use its weapon", RULE, target):
        return
    option = their_weapon(c, target)
    if option is None:
        return
    mods = [Modifier(shift, BonusType.UNTYPED, "iterative attack")] if shift else []
    extra = min(0, _EXTRA_PENALTY - enc.rules.grapple_attack_penalty)
    if extra:
        mods.append(Modifier(extra, BonusType.UNTYPED, "opponent's weapon"))
    strike(enc, c, option, option.bonus.plus(*mods) if mods else option.bonus, target)


def _no_weapons(c: Combatant) -> list[str | None]:
    return [None]


# ------------------------------------------------------------------ other actions
def _need_standard(enc: Encounter, c: Combatant) -> None:
    from d20combat.encounter.handlers import need_standard

    need_standard(enc, c)


def check_escape_artist(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000: Escape Artist in place of the grapple check, a standard action (seed
    004: an attack action once a round; seed 001 "Slipping free": a standard action)."""
    from d20combat.encounter import actions as A

    assert isinstance(a, A.EscapeArtist)
    target = enc.get(a.target)
    _need_standard(enc, c)
    if enc.budget.attacks_made:
        raise IllegalActionError("already attacked this turn")
    if c.inside is not None:
        why = escape_problem(enc, c, target, None)
    elif pinner_of(c) is not None:
        why = escape_pin_problem(enc, c, target, None)
    else:
        why = escape_problem(enc, c, target, None)
    if why:
        raise IllegalActionError(why)


def run_escape_artist(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter import actions as A

    assert isinstance(a, A.EscapeArtist)
    enc.budget.use("standard")
    target = enc.get(a.target)
    mine = c.roll_total(G.escape_artist(c.stats), "skill")
    if c.inside is not None:  # swallowed: back into the mouth (SRD Swallow Whole)
        from d20combat.encounter.maneuvers import swallow

        swallow.escape(enc, c, mine, artist=True)
    elif pinner_of(c) is not None:
        _escape_pin(enc, c, target, mine, artist=True)
    else:
        _escape(enc, c, target, mine, artist=True)


def gen_escape_artist(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    if not c.grappling:
        if c.inside is not None:  # swallowed (SRD Swallow Whole)
            yield A.EscapeArtist(c.inside)
        return
    pinner = pinner_of(c)
    if pinner is not None:
        yield A.EscapeArtist(pinner)
    else:
        for pid in c.grappling[:1] if enc.rules.grapple_escape == "all" else c.grappling:
            yield A.EscapeArtist(pid)


def draw_problem(enc: Encounter, c: Combatant, item: str, also: str | None) -> str | None:
    """A grappler draws only one light weapon, and not while pinning (seed 000 "Draw a
    Light Weapon"; "If You're Pinning an Opponent")."""
    if not c.grappling:
        return None
    if "draw" not in enc.rules.grapple_options:
        return f"{enc.rules.name} has no drawing in a grapple"
    if also is not None:
        return "a grappler draws one light weapon"
    if pinned_by(enc, c) is not None:
        return f"{c.id} is pinning: it cannot draw a weapon (seed 000)"
    option = next((o for o in c.stats.options if o.item == item and not o.ranged), None)
    if option is None or not option.light:
        return f"a grappler draws only a light weapon, not {item}"
    return None


def draw_check(enc: Encounter, c: Combatant) -> bool:
    """seed 000 "Draw a Light Weapon": "with a successful grapple check" (opposed:
    seed 002), against the opponent easiest to beat; seed 004: no check
    (``grapple_draw_check``)."""
    if not c.grappling or not enc.rules.grapple_draw_check:
        return True
    foe = min(partners(enc, c), key=lambda o: (check_total(enc, o).value, o.id))
    return _contest(enc, c, [foe], check_total(enc, c), "draw a light weapon", RULE, foe)


def attack_problem(
    enc: Encounter, c: Combatant, target: Combatant, option: AttackOption, a: Attack
) -> str | None:
    """A grappler's own attack (seed 000 "Attack Your Opponent"): only on a creature it
    grapples, with an unarmed strike, a natural weapon or a light weapon, not with two
    weapons, and not while pinning (seed 004: "not while pinned or pinning"; seed 000:
    a pinner cannot "use a weapon")."""
    if not c.grappling or PART_HOLD in c.conditions:  # one part holds: the rest is free
        return None
    if "attack" not in enc.rules.grapple_options:
        return f"{enc.rules.name} has no attacks in a grapple"
    if target.id not in c.grappling:
        return f"a grappler attacks only the creatures it grapples ({', '.join(c.grappling)})"
    if option.ranged or not (option.light or option.natural or option.name == "unarmed strike"):
        return f"{option.name}: in a grapple only an unarmed strike, a natural or a light weapon"
    if a.two_weapon:
        return "no two-weapon fighting in a grapple"
    if pinned_by(enc, c) is not None:
        return f"{c.id} is pinning: it cannot attack with a weapon"
    return _garroting_problem(enc, c)


def release_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """seed 000: a pinner may release its pinned opponent as a free action; seed 001:
    a grapple ends at will if the other wishes it too (:func:`resists`)."""
    if target.id not in c.grappling:
        return f"{c.id} is not grappling {target.id}"
    if "release" not in enc.rules.grapple_options:
        return f"{enc.rules.name} has no release"
    pinning = (
        pinner_of(target) == c.id
        or garroter_of(target) == c.id  # seed 000 Garrote
        or PART_HOLD in c.conditions  # SRD Improved Grab: its own bite or claw opens at will
    )
    if not pinning:
        if not enc.rules.grapple_mutual_release:
            return f"{c.id} does not pin {target.id}: only a pin is let go at will (seed 000)"
        if resists(enc, target, c):
            return f"{target.id} does not wish to end the grapple"
    return None


def check_release(enc: Encounter, c: Combatant, a: A.Action) -> None:
    from d20combat.encounter import actions as A

    assert isinstance(a, A.Release)
    why = release_problem(enc, c, enc.get(a.target))
    if why:
        raise IllegalActionError(why)


def run_release(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Let go: the two no longer grapple each other; whichever of them is out of every
    grapple moves out of the other's squares (:func:`settle`, the releaser first)."""
    from d20combat.encounter import actions as A

    assert isinstance(a, A.Release)
    target = enc.get(a.target)
    unlink(enc, c, target)
    enc.event(c.id, "release", PIN_RULE, target=target.id)
    settle(enc, [c, target])


def gen_release(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    for pid in c.grappling:
        yield A.Release(pid)


# ------------------------------------------------------------------ moving the grapple
def _box(members: list[Combatant]) -> tuple[Pos, int]:
    """The square box holding every member's space: its top-left and its side."""
    x0 = min(m.pos[0] for m in members)
    y0 = min(m.pos[1] for m in members)
    x1 = max(m.pos[0] + m.squares for m in members)
    y1 = max(m.pos[1] + m.squares for m in members)
    return (x0, y0), max(x1 - x0, y1 - y0)


def grapple_speed(enc: Encounter, c: Combatant) -> int:
    """Half its speed (seed 000 "Move": "half your speed"), its other conditions
    counted but not grappling's own "no movement"."""
    value = max(c.stats.speed.value, c.stat.speed.fly)
    others = c.condition_set() - {"grappling", "pinned"}
    r = restrictions(others) if others else None
    if r is not None:
        if not r.can_move:
            return 0
        value = int(value * r.speed_factor)
    half = value // 2
    return half - half % 5


def _outside(enc: Encounter, members: list[Combatant]) -> set[Pos]:
    """Squares held by creatures outside the grapple, which the moving grapple may not
    enter (a reading: it passes nobody, allies included)."""
    ids = {m.id for m in members}
    out: set[Pos] = set()
    for o in enc.combatants.values():
        if o.id not in ids and _holds_square(enc, o):
            out.update(footprint(o.pos, o.squares))
    return out


def grapple_paths(enc: Encounter, c: Combatant) -> list[tuple[Pos, ...]]:
    """Every path (one cheapest to each end) ``c`` can move the grapple along: the box
    around the grapple moves as one over the map (the terrain and the creatures outside
    it), up to half ``c``'s speed."""
    members = grapple_group(enc, c)
    start, side = _box(members)
    budget = grapple_speed(enc, c)
    if budget < 5:
        return []
    reach = movement_costs(
        enc.map,
        start,
        side,
        budget_ft=budget,
        blocked=_outside(enc, members),
        ignore_difficult=c.stat.speed.fly > 0,
        stoop=max(enc.space.stoop(m) for m in members),
    )
    dx, dy = c.pos[0] - start[0], c.pos[1] - start[1]
    out = []
    for pos in reach.positions():
        if pos != start:
            path = tuple((x + dx, y + dy) for x, y in reach.path_to(pos)[1:])
            if _members_fit(enc, c, members, path):
                out.append(path)
    return out


def _members_fit(
    enc: Encounter, c: Combatant, members: list[Combatant], path: tuple[Pos, ...]
) -> bool:
    """Whether every creature of the grapple, carried along ``path`` (``c``'s squares),
    stands where it can at each step (a squeezing box may cover a wall another member
    would be pushed into)."""
    for x, y in path:
        sx, sy = x - c.pos[0], y - c.pos[1]
        for m in members:
            where = (m.pos[0] + sx, m.pos[1] + sy)
            swim = m.stat.speed.swim > 0
            if fit(enc.map, where, m.squares, swim=swim, stoop=enc.space.stoop(m)) == FIT_NONE:
                return False
    return True


def grapple_path_problem(enc: Encounter, c: Combatant, path: tuple[Pos, ...]) -> str | None:
    """Why the grapple cannot move along ``path`` (``c``'s squares), or None."""
    members = grapple_group(enc, c)
    start, side = _box(members)
    dx, dy = start[0] - c.pos[0], start[1] - c.pos[1]
    full = [start, *((x + dx, y + dy) for x, y in path)]
    for (x1, y1), (x2, y2) in zip(full, full[1:], strict=False):
        if max(abs(x2 - x1), abs(y2 - y1)) != 1:
            here, there = square_name((x1 - dx, y1 - dy)), square_name((x2 - dx, y2 - dy))
            return f"{there} is not next to {here}"
    outside = _outside(enc, members)
    for p in full[1:]:
        if any(s in outside for s in footprint(p, side)):
            at = square_name((p[0] - dx, p[1] - dy))
            return f"a creature outside the grapple is in the way at {at}"
    stoop = max(enc.space.stoop(m) for m in members)
    cost = grid_path_cost(enc.map, full, side, ignore_difficult=c.stat.speed.fly > 0, stoop=stoop)
    if cost is None or not _members_fit(enc, c, members, path):
        return "the path crosses impassable terrain or cuts a wall corner"
    if cost > grapple_speed(enc, c):
        return f"the path costs {cost} ft; a grapple moves half speed ({grapple_speed(enc, c)} ft)"
    return None


def check_move_grapple(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Move": a standard action, by a grappler not pinned."""
    from d20combat.encounter import actions as A

    assert isinstance(a, A.MoveGrapple)
    if "move" not in enc.rules.grapple_options:
        raise IllegalActionError(f"{enc.rules.name} has no moving in a grapple (seed 004)")
    if not c.grappling:
        raise IllegalActionError(f"{c.id} is not grappling")
    if pinner_of(c) is not None:
        raise IllegalActionError(f"{c.id} is pinned")
    _need_standard(enc, c)
    if enc.budget.attacks_made or enc.budget.stepped:
        raise IllegalActionError(
            "the grapple moves as the turn's standard action, with no other move"
        )
    why = grapple_path_problem(enc, c, a.path)
    if why:
        raise IllegalActionError(why)


def run_move_grapple(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """A grapple check against every other creature in the grapple (+4 against a pinned
    opponent when nobody else is in it); won, ``c`` moves along the path bringing
    everyone in the grapple along, provoking as it moves (those it drags do not)."""
    from d20combat.encounter import actions as A
    from d20combat.encounter.movement import trigger_readied

    assert isinstance(a, A.MoveGrapple)
    b = enc.budget
    b.use("standard")
    b.moved = True
    members = grapple_group(enc, c)
    others = [m for m in members if m is not c]
    extra = []
    if len(others) == 1 and pinner_of(others[0]) == c.id:
        extra.append(Modifier(4, BonusType.UNTYPED, "moving a pinned opponent"))
    holding = [o for o in others if resists(enc, o, c)]
    if not _contest(enc, c, holding, check_total(enc, c, 0, *extra), "move", MOVE_RULE, others[0]):
        return
    start = c.pos
    done = []
    for step in a.path:
        if enc.space.threatening(c) and not provoke(
            enc, c, f"moving the grapple out of {square_name(c.pos)}", movement=True
        ):
            break
        dx, dy = step[0] - c.pos[0], step[1] - c.pos[1]
        for m in members:
            if m.present():
                enc.space.place(m, (m.pos[0] + dx, m.pos[1] + dy))
        done.append(step)
        if enc.readiers and not trigger_readied(enc, c):
            break
    enc.event(
        c.id,
        "move-grapple",
        MOVE_RULE,
        start=square_name(start),
        path=[square_name(p) for p in done],
        end=square_name(c.pos),
        dragged=[m.id for m in others],
    )
    for o in partners(enc, c):
        if o.side != c.side:
            grapple_won(enc, c, o, dealt=False)


def gen_move_grapple(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    b = enc.budget
    if not c.grappling or not b.standard or b.full_round or b.attacks_made or b.stepped:
        return
    if "move" not in enc.rules.grapple_options or pinner_of(c) is not None:
        return
    for path in grapple_paths(enc, c):
        yield A.MoveGrapple(path)


# ------------------------------------------------------------------ climbing (seed 001)
def set_clinging(enc: Encounter, c: Combatant, carrier: Combatant | None) -> None:
    """``c`` now clings to ``carrier`` (None: to nothing)."""
    old = c.clinging
    if old is not None:
        riders = enc.space.riders.get(old)
        if riders is not None:
            riders.discard(c.id)
            if not riders:
                del enc.space.riders[old]
    c.clinging = None if carrier is None else carrier.id
    if carrier is None:
        c.conditions.pop("clinging", None)
    else:
        c.conditions["clinging"] = Condition(c.id, 0)
        enc.space.riders.setdefault(carrier.id, set()).add(c.id)
    enc.space.invalidate(c)


def climb_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Who may climb onto whom (seed 001): ``advanced`` only, a larger creature, one
    not grappling or clinging already, with an unarmed attack in reach."""
    if not enc.rules.climb_larger:
        return f"{enc.rules.name} has no climbing onto creatures (seed 001, advanced)"
    if weapon is not None:
        return "a climb is an unarmed attack: 'climb-onto TARGET'"
    if target.stat.size <= c.stat.size:
        return f"{target.id} is not larger than {c.id}"
    if c.clinging is not None or c.grappling:
        return f"{c.id} is already clinging or grappling"
    if not _holds_on(enc, target) or target.clinging is not None:
        return f"{target.id} cannot be climbed now"
    option = _unarmed(c)
    if option is None:
        return f"{c.id} has no unarmed strike"
    return enc.space.attack_problem(c, option, target)


def attempt_climb(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, bonus: Total
) -> None:
    """seed 001 "Getting up": an unarmed attack against touch AC (it provokes as an
    unarmed attack does), then Strength against Strength; success puts it on the
    creature's back (in its space), failure shakes it off unharmed."""
    target = enc.get(a.target)
    option = _unarmed(c)
    assert option is not None
    rules = enc.rules
    if (
        "unarmed-attack" in rules.provoking_actions
        and not c.traits.improved_unarmed
        and enc.space.is_armed(target)
        and not provoke(enc, c, "climbing onto it (an unarmed attack)", only=target)
    ):
        return
    if not enc.active(target):
        return
    shift = _shift(replaced, bonus)
    touch_bonus = option.bonus
    if shift:
        touch_bonus = touch_bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
    attack, _ = build_attack(
        enc, c, touch_of(option), touch_bonus, target, defensively=a.defensively
    )
    mine = c.roll_total(G.strength(c.stats), "ability-check")
    theirs = target.roll_total(G.strength(target.stats), "ability-check")
    mark = enc.dice.mark()
    r = G.climb(
        enc.dice, attack.bonus, attack.ac, mine, theirs, rules, concealment=attack.concealment
    )
    friends = company(enc, target) | {c.id}
    spot = _spot(enc, c, _within(c, target), friends) if r.up else None
    result = "up" if spot is not None else ("shaken off" if r.check else "missed")
    enc.event(
        c.id,
        "climb",
        G.CLIMB_RULE,
        target=target.id,
        totals=(
            ("touch attack bonus", attack.bonus),
            ("touch armor class", attack.ac),
            ("climb check", mine),
            ("climb resist", theirs),
        ),
        rolls_from=mark,
        result=result,
        touch_natural=r.touch.natural,
        touch_total=r.touch.total,
        check=[r.check.actor, r.check.opponent] if r.check else None,
    )
    if spot is not None:
        enc.space.place(c, spot)
        set_clinging(enc, c, target)


def _within(c: Combatant, carrier: Combatant) -> list[Pos]:
    """Positions of ``c`` inside ``carrier``'s space."""
    (x0, y0), n = carrier.pos, carrier.squares - c.squares
    return [(x0 + dx, y0 + dy) for dy in range(n + 1) for dx in range(n + 1)]


def carried_along(enc: Encounter, carrier: Combatant, dx: int, dy: int) -> None:
    """The creatures clinging to ``carrier`` move with it (seed 001)."""
    for rid in sorted(enc.space.riders.get(carrier.id, ())):
        r = enc.combatants[rid]
        enc.space.place(r, (r.pos[0] + dx, r.pos[1] + dy))


def fall_off(enc: Encounter, c: Combatant, *, safely: bool, why: str) -> None:
    """``c`` leaves its carrier's back for the nearest free space next to it: safely
    (climbing down), or falling: prone at its feet, 1d6 bludgeoning (+5 for each size
    above Large: seed 001 "Falling down")."""
    carrier = enc.combatants[c.clinging] if c.clinging is not None else None
    set_clinging(enc, c, None)
    if carrier is None:
        return
    spot = _spot(enc, c, _beside(c, [carrier]), {c.id, carrier.id})
    if spot is not None:
        enc.space.place(c, spot)
    if safely:
        enc.event(c.id, "climb-down", G.CLIMB_RULE, target=carrier.id, end=square_name(c.pos))
        return
    fall(enc, c)
    mark = enc.dice.mark()
    amount = enc.dice.roll(G.fall_damage(carrier.stat.size), "falling damage (1d6 bludgeoning)")
    hurt_by_fall(enc, c, carrier, amount, mark, G.CLIMB_RULE + " (Falling down)", why=why)


def hurt_by_fall(
    enc: Encounter, c: Combatant, source: Combatant, amount: int, mark: int, rule: str, **notes: Any
) -> None:
    """``c`` takes ``amount`` falling damage from ``source``'s back (rolled since
    ``mark``): the ``fall`` event with ``notes``."""
    before, state_before = take_fall(enc, c, amount)
    enc.event(
        c.id,
        "fall",
        rule,
        target=source.id,
        rolls_from=mark,
        **notes,
        damage=amount,
        hp_before=before.hp,
        hp=c.vitals.hp,
        state=c.state(enc.rules).value,
        end=square_name(c.pos),
    )
    if c.state(enc.rules) is not state_before:
        enc.space.invalidate(c)


def balance_problem(enc: Encounter, c: Combatant, option: AttackOption) -> bool:
    """seed 001: a clinging creature attacking with a two-handed weapon first makes a
    Balance check (DC 10 + the carrier's Hit Dice) or falls off and loses the attack.
    Returns True if it fell."""
    if c.clinging is None or not option.two_handed:
        return False
    carrier = enc.combatants[c.clinging]
    dc = 10 + int(carrier.stat.hd_total)
    mod = c.roll_total(G.dex_skill(c.stats, "balance"), "skill")
    mark = enc.dice.mark()
    total = roll_check(enc.dice, mod, "Balance check (two-handed attack while clinging)")
    enc.event(
        c.id,
        "balance",
        G.CLIMB_RULE,
        target=carrier.id,
        totals=(("balance", mod),),
        rolls_from=mark,
        total=total,
        dc=dc,
    )
    if total >= dc:
        return False
    fall_off(enc, c, safely=False, why="lost its balance")
    return True


def check_climb_down(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 001 "Getting down": all its movement for the round (its move action, and no
    other movement)."""
    from d20combat.encounter.handlers import need_move_action

    if c.clinging is None:
        raise IllegalActionError(f"{c.id} clings to nothing")
    need_move_action(enc, c)
    if enc.budget.moved or enc.budget.stepped:
        raise IllegalActionError("getting down takes all its movement this round")
    carrier = enc.combatants[c.clinging]
    if _spot(enc, c, _beside(c, [carrier]), {c.id, carrier.id}) is None:
        raise IllegalActionError(f"no free space next to {carrier.id} to get down into")


def run_climb_down(enc: Encounter, c: Combatant, a: A.Action) -> None:
    enc.budget.use("move")
    enc.budget.moved = True
    fall_off(enc, c, safely=True, why="")


def gen_climb_down(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    if c.clinging is not None:
        yield A.ClimbDown()


def check_shake_off(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 001 "Shaking the smaller creature off": a standard action of a creature
    something clings to."""
    if not enc.space.riders.get(c.id):
        raise IllegalActionError(f"nothing clings to {c.id}")
    _need_standard(enc, c)
    if enc.budget.attacks_made:
        raise IllegalActionError("already attacked this turn")


def run_shake_off(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Its Strength check against each clinging creature's; each that loses falls."""
    enc.budget.use("standard")
    mine = c.roll_total(G.strength(c.stats), "ability-check")
    for rid in sorted(enc.space.riders.get(c.id, ())):
        r = enc.combatants[rid]
        theirs = r.roll_total(G.strength(r.stats), "ability-check")
        mark = enc.dice.mark()
        result = G.shake(enc.dice, mine, theirs)
        enc.event(
            c.id,
            "shake-off",
            G.CLIMB_RULE,
            target=r.id,
            totals=(("shake check", mine), ("shake resist", theirs)),
            rolls_from=mark,
            check=[result.actor, result.opponent],
            result="falls" if result.won else "holds on",
        )
        if result.won:
            fall_off(enc, r, safely=False, why="shaken off")


def gen_shake_off(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    from d20combat.encounter import actions as A

    if enc.space.riders.get(c.id):
        yield A.ShakeOff()


def _register() -> None:
    rules: dict[
        str,
        tuple[
            Callable[[Encounter, Combatant, Combatant, str | None], str | None],
            Callable[[Encounter, Combatant, Attack, AttackOption, Total], None],
        ],
    ] = {
        "grapple": (start_problem, attempt_start),
        "grab": (grab_only_problem, attempt_grab_only),
        "grapple-damage": (damage_problem, attempt_damage),
        "pin": (pin_problem, attempt_pin),
        "break-pin": (break_pin_problem, attempt_break_pin),
        "escape-grapple": (escape_problem, attempt_escape),
        "escape-pin": (escape_pin_problem, attempt_escape_pin),
        "use-weapon": (use_weapon_problem, attempt_use_weapon),
        "climb-onto": (climb_problem, attempt_climb),
    }
    for verb, (problem, attempt) in rules.items():
        defensive = verb in ("grapple", "grab", "climb-onto")  # a touch attack
        ATTACK_MANEUVER_RULES[verb] = AttackManeuver(problem, attempt, _no_weapons, defensive)


_register()
AFTER_HIT.append(improved_grab)
# shared with the garrote (seed 000 "Garrote Attacks" uses the grappling rules)
roll_damage = _roll_damage
contest_event = _contest

__all__ = [
    "improved_grab",
    "take_hold",
    "tidy",
]
