"""Moving on the map: paths, attacks of opportunity on the way, readied attacks.

Sources:
* seed 003 "Provoking an Attack of Opportunity": moving out of a threatened square
  provokes; seed 003 "Combat Reflexes ...": moving out of several squares threatened
  by the same opponent in one round is one opportunity for it;
* SRD combat-ii "Moving Through a Square": a Tiny or smaller creature may move into or
  through an occupied square and provokes attacks of opportunity doing so (its only
  way to attack in melee: "Tiny, Diminutive, and Fine Creatures");
* SRD combat-i "Take 5-Foot Step" (never provokes), "Withdraw" (the starting square
  is not threatened by visible enemies), "Run", "Crawling" (provokes from any
  attacker at any point of the crawl);
* seed 004 "Ready": the readied action (an attack, or a move) occurs just before the
  event that triggers it,
  and the readier's initiative moves to just before the triggering creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.sizes import Size
from d20combat.encounter.actions import READY_STEP_TRIGGER, Pos, square_name
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke, strike
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import footprint
from d20combat.rules.conditions import can_use_ranged
from d20combat.rules.maneuvers.charge import set_multiplier

if TYPE_CHECKING:
    from d20combat.encounter.space import Space
    from d20combat.encounter.state import Encounter
    from d20combat.rules.statistics import AttackOption

MOVE_RULE = "seed 004 Movement; SRD combat-ii Tactical Movement"
ILLEGAL_SPACE_RULE = "SRD combat-ii Accidentally Ending Movement in an Illegal Space"
RULES = {  # the rule each kind of movement follows
    "move": MOVE_RULE,
    "step": "SRD combat-i Take 5-Foot Step",
    "withdraw": "seed 004 Withdraw; seed 002 Attacks of Opportunity",
    "run": "seed 004 Run; SRD combat-i Run",
    "charge": "seed 000 Charge; seed 004 Charge",
}


def walk(
    enc: Encounter,
    c: Combatant,
    path: tuple[Pos, ...],
    *,
    kind: str,
    provokes: bool = True,
    free_start: bool = False,
    partner: Combatant | None = None,
    through: Combatant | None = None,
    record: bool = True,
    left_start: bool = False,
    spare: Combatant | None = None,
) -> bool:
    """Move ``c`` along ``path`` square by square. Returns False if it was stopped.

    Each square left that an enemy threatens offers that enemy an attack of
    opportunity (once per round for movement); ``free_start`` exempts the first
    square from the enemies ``c`` can see (withdraw: SRD combat-i "Withdraw", unseen
    enemies still get their attack); ``provokes=False`` exempts all (5-foot step).
    ``partner``: the other party of a bull rush, moved with ``c`` (no attacks between
    them, others' may go astray: :func:`~d20combat.encounter.fighting.provoke`);
    ``through``: a foe whose squares ``c`` passes (it let ``c`` by, or lies overrun);
    ``left_start``: leaving the first square has provoked already (an overrun's);
    ``spare``: a foe that gets no attack of opportunity for it; ``record=False`` leaves
    the event to the caller.
    """
    start = c.pos
    done: list[Pos] = []
    space = enc.space
    # readied attacks are set on their owners' turns: none appear during this move
    side = c.side
    watched = any(enc.combatants[i].side != side for i in enc.readiers)
    passing = frozenset(space.occ.footprint(through.id)) if through is not None else frozenset()
    tiny = c.stat.size <= Size.TINY
    for i, nxt in enumerate(path):
        if watched and _shut(space, c, nxt, passing):
            break  # a readied move put a foe in the way
        if (
            provokes
            and not (left_start and i == 0)
            and space.threatening(c)
            and not provoke(
                enc,
                c,
                f"moving out of {square_name(c.pos)}",
                movement=True,
                unseen_only=free_start and i == 0,
                partner=partner,
                spare=partner or spare,
            )
        ):
            break
        space.place(c, nxt)
        done.append(nxt)
        if tiny and not _enter_opponents(enc, c):
            break
        if watched and not trigger_readied(enc, c):
            break
    if c.altitude:  # flight forward (encounter.flight)
        c.flown += 5 * len(done)
    stopped = len(done) < len(path)
    if (stopped or watched) and through is None and partner is None and enc.active(c):
        back_to_legal(enc, c, [start, *done])  # (a foe may have stepped into its end)
    if space.riders and c.id in space.riders:  # seed 000: its rider rode along
        from d20combat.encounter.mounted import ridden

        ridden(enc, c, kind, start, done)
    if record:
        enc.event(
            c.id,
            kind,
            RULES.get(kind, MOVE_RULE),
            start=square_name(start),
            path=[square_name(p) for p in done],
            end=square_name(c.pos),
            stopped=len(done) < len(path),
        )
    return len(done) == len(path) and enc.active(c)


def _shut(space: Space, c: Combatant, nxt: Pos, passing: frozenset[Pos]) -> bool:
    """Whether a foe now stands where ``c`` meant to step (and a big ``c`` cannot
    squeeze past it: A195)."""
    taken = space.blocks(c)[0]
    if not any(s in taken and s not in passing for s in footprint(nxt, c.squares)):
        return False
    return c.squares == 1 or not space.squeezes_past(c, nxt, taken.difference(passing))


def back_to_legal(enc: Encounter, c: Combatant, been: list[Pos]) -> None:
    """``c``, stopped on its way at ``been[-1]`` where it may not stand (a readied move
    put a foe in its path while it passed an ally), goes to the last legal position it
    occupied, or to the closest legal position if one is closer (SRD combat-ii
    "Accidentally Ending Movement in an Illegal Space"). Distances are counted in
    squares (rings around the stopping place) and a tie keeps the last legal position
    (reading A195); equally close legal positions: a die picks (SRD combat-ii
    "Closest Creature", A260); the placing is no movement and provokes nothing (as
    ``settle``). A grappler, a rider or a creature clinging to another has its own
    rules, and so have a trample, an overrun and a bull rush (their callers)."""
    from d20combat.encounter.maneuvers.grapple import closest_free, company, free_at

    if c.grappling or c.mount is not None or c.clinging is not None:
        return
    friends = company(enc, c)
    if free_at(enc, c, c.pos, friends):
        return
    x0, y0 = c.pos
    last = next((p for p in reversed(been[:-1]) if free_at(enc, c, p, friends)), None)
    limit = max(enc.map.width, enc.map.height)
    if last is not None:  # only a strictly closer one beats it
        limit = max(abs(last[0] - x0), abs(last[1] - y0)) - 1
    mark = enc.dice.mark()
    spot = closest_free(enc, c, limit, friends) or last
    if spot is None:
        return
    stop = c.pos
    enc.space.place(c, spot)
    enc.event(
        c.id,
        "settle",
        ILLEGAL_SPACE_RULE,
        rolls_from=mark,
        start=square_name(stop),
        end=square_name(spot),
    )


def _enter_opponents(enc: Encounter, c: Combatant) -> bool:
    """A Tiny or smaller creature moving into or through an opponent's square provokes
    an attack of opportunity from it (SRD combat-ii "Moving Through a Square: Very
    Small Creature"; "Tiny, Diminutive, and Fine Creatures": to attack in melee they
    must enter an opponent's square, which provokes). Returns False if it is stopped."""
    occ = enc.space.occ
    seen: set[str] = set()
    for square in footprint(c.pos, c.squares):
        for oid in occ.at(square):
            if oid == c.id or oid in seen:
                continue
            seen.add(oid)
            o = enc.combatants[oid]
            if o.side != c.side and not provoke(
                enc, c, f"entering {o.id}'s square at {square_name(square)}", only=o
            ):
                return False
    return True


def trigger_readied(enc: Encounter, mover: Combatant) -> bool:
    """Readied attacks of enemies that ``mover``'s arrival in a square sets off (seed 004
    "Ready"): ``enters-reach``, it entered a square the readier threatens;
    ``in-range``, the readier can now shoot it. The attack comes before the mover goes
    on, and the readier's initiative moves to just before the mover's. Returns False if
    the mover is stopped (down, or grabbed: SRD "Improved Grab")."""
    held = mover.grappling
    for t in [enc.combatants[i] for i in sorted(enc.readiers)]:
        if t.side == mover.side or t.readied is None or not enc.active(t):
            continue
        trigger, weapon = t.readied
        if t.readied_free is not None:
            _readied_free(enc, t, mover, trigger, t.readied_free)
            if not enc.active(mover):
                return False
            continue
        if t.readied_move is not None:
            if _readied_move(enc, t, mover, trigger, t.readied_move) and not enc.active(mover):
                return False
            continue
        step = None
        option = _readied_option(enc, t, mover, trigger, weapon)
        if option is None and trigger == READY_STEP_TRIGGER:
            option, step = _step_to_reach(enc, t, mover, weapon)
        if option is None:
            continue
        t.readied = None
        enc.readiers.discard(t.id)
        enc.event(t.id, "readied", "seed 004 Ready", target=mover.id, trigger=trigger)
        if step is not None:  # SRD combat-ii "Ready": a 5-foot step as part of it (A190)
            walk(enc, t, (step,), kind="step", provokes=False)
            if not enc.active(t):
                continue
        # seed 002: a ranged attack provokes from foes threatening the shooter
        shot = f"ranged attack with {option.name}"
        provokes = option.ranged and "ranged-attack" in enc.rules.provoking_actions
        if not provokes or provoke(enc, t, shot):
            # SRD equipment "brace" weapons deal double damage set against a charge.
            strike(
                enc,
                t,
                option,
                option.bonus,
                mover,
                kind="readied attack",
                multiplier=set_multiplier(option, target_charging=mover.has("charging")),
            )
        _reorder_before(enc, t, mover)
        if not enc.active(mover) or mover.grappling != held:
            return False
    return True


def _sets_off(enc: Encounter, t: Combatant, mover: Combatant, trigger: str) -> bool:
    """Whether ``mover`` where it is sets off ``t``'s readied move or free action
    (``adjacent``: next to ``t``; ``enters-reach``: in a square ``t`` threatens)."""
    if trigger == "adjacent":
        return enc.space.distance_ft(t, mover) <= 5
    return enc.space.threatens(t, mover)


def _readied_free(enc: Encounter, t: Combatant, mover: Combatant, trigger: str, free: str) -> None:
    """``t``'s readied free action (A256), if ``mover``'s arrival sets it off: taken
    before the mover goes on (if ``t`` can still take it: else it is lost), and ``t``'s
    initiative moves to just before the mover's (SRD combat-ii "Ready")."""
    from d20combat.encounter.handlers import HANDLERS, readied_free

    if not _sets_off(enc, t, mover, trigger):
        return
    t.readied = t.readied_free = None
    enc.readiers.discard(t.id)
    enc.event(t.id, "readied", "SRD combat-ii Ready", target=mover.id, trigger=trigger, action=free)
    try:
        action = readied_free(enc, t, free, trigger)
    except IllegalActionError as why:
        enc.event(t.id, "ready-lost", "SRD combat-ii Ready", trigger=trigger, why=str(why))
    else:
        HANDLERS[type(action)].run(enc, t, action)
    _reorder_before(enc, t, mover)


def _readied_move(
    enc: Encounter, t: Combatant, mover: Combatant, trigger: str, path: tuple[Pos, ...]
) -> bool:
    """``t``'s readied move along ``path``, if ``mover``'s arrival sets it off
    (``enters-reach``: a square ``t`` threatens; ``adjacent``: next to ``t``). The move
    comes before the mover goes on, provokes as any move does, and moves ``t``'s
    initiative to just before the mover's; if the way is no longer open (or ``t`` can
    no longer move) the readied action is lost. Returns whether it was set off."""
    space = enc.space
    if not _sets_off(enc, t, mover, trigger):
        return False
    t.readied = t.readied_move = None
    enc.readiers.discard(t.id)
    enc.event(t.id, "readied", "seed 004 Ready", target=mover.id, trigger=trigger, action="move")
    try:
        cost = space.path_cost(t, path)
        if cost > space.speed(t) or not t.restrictions().can_move or t.has("prone"):
            raise IllegalActionError(f"the readied path costs {cost} ft")
    except IllegalActionError as why:
        enc.event(t.id, "ready-lost", "seed 004 Ready", trigger=trigger, why=str(why))
    else:
        walk(enc, t, path, kind="move")
    _reorder_before(enc, t, mover)
    return True


def _readied_option(
    enc: Encounter, t: Combatant, mover: Combatant, trigger: str, weapon: str | None
) -> AttackOption | None:
    """The attack ``t`` readied, if ``mover`` is where it sets it off."""
    if trigger in ("enters-reach", READY_STEP_TRIGGER):
        return enc.space.aoo_option(t, mover, weapon=weapon)
    key = weapon.lower() if weapon else None
    conds = t.condition_set()
    for o in t.ready_options():
        if not o.ranged or (key is not None and o.name.lower() != key):
            continue
        flags = frozenset(f.value for f in o.weapon.flags) if o.weapon else frozenset()
        if "splash" in flags:
            continue  # a splash weapon is thrown by aim, never readied (A50)
        if can_use_ranged(conds, flags) and enc.space.attack_problem(t, o, mover) is None:
            return o
    return None


def _step_to_reach(
    enc: Encounter, t: Combatant, mover: Combatant, weapon: str | None
) -> tuple[AttackOption | None, Pos | None]:
    """The melee option and the 5-foot step (the first square in row order) from which
    ``t`` reaches ``mover`` (trigger ``step-reach``: A190), or (None, None)."""
    if not t.restrictions().can_move or t.has("prone") or enc.space.speed(t) <= 5:
        return None, None
    steps = enc.space.step_squares(t)
    x, y = mover.pos
    for o in t.melee_options():
        if o.name == "unarmed strike" and not t.traits.improved_unarmed:
            continue  # as an attack of opportunity: an unarmed strike is not a threat
        if weapon is not None and o.name.lower() != weapon.lower():
            continue
        offsets = enc.space.attack_offsets(t, o, mover.squares)
        for sq in steps:
            if (sq[0] - x, sq[1] - y) in offsets:
                return o, sq
    return None, None


def _reorder_before(enc: Encounter, readier: Combatant, trigger: Combatant) -> None:
    """The readier's initiative count becomes the one just before the trigger's."""
    order = enc.order
    current = order[enc.turn]
    order.remove(readier.id)
    order.insert(order.index(trigger.id), readier.id)
    enc.turn = order.index(current)
    enc.event(readier.id, "initiative-change", "seed 004 Ready", order=list(order))


def crawl(enc: Encounter, c: Combatant, to: Pos) -> None:
    """Crawl 5 ft: provokes from every enemy threatening the crawler at any point of
    the crawl (SRD combat-i "Crawling"), not once per round: those threatening the
    square it leaves, then those threatening only the square it reaches."""
    first = {t.id for t in enc.space.threatening(c)}
    if not provoke(enc, c, "crawling"):
        return
    enc.space.place(c, to)
    enc.event(c.id, "crawl", "SRD combat-i Crawling", end=square_name(to))
    for t in enc.space.threatening(c):
        if t.id not in first and not provoke(enc, c, "crawling", only=t):
            return
    trigger_readied(enc, c)
