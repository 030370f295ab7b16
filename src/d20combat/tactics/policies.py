"""Tactics: policies that choose a creature's next action.

A policy is any function ``(encounter, combatant_id) -> Action``. Policies never
change the state and never use a random module: the baseline policies are
deterministic; ``random`` draws from the encounter's own seeded generator, so its
fights still replay from their seed.

Baseline behaviour (``default``), meant to look sensible to a game master:
* close to melee, or shoot when it has a ranged weapon ready and nobody threatens it
  (a foe in its face and only a bow in hand: draw a melee weapon rather than make an
  unarmed strike that provokes);
* take flanking positions (a 5-foot step into a flank before a full attack, or a
  destination that flanks, by a way round if the shortest way provokes) and avoid
  paths that provoke attacks of opportunity;
* charge when a clear charge lane exists and nothing better is at hand;
* focus the most wounded foe it can reach; use full attacks when it can; with Power
  Attack (or seed 001's power attack stance) take the value that gives the most
  expected damage over the attacks of the turn;
* load a fired crossbow or sling with the move action a shot leaves, when no foe
  threatens it; with ``ranged`` tactics, draw a ranged weapon when none is in hand;
* an intelligent creature (Int 3 or more) withdraws when nearly dead, by a way that
  leaves no threatened square but the first when there is one;
* in a grapple, it takes the grapple option worth the most (:mod:`d20combat.tactics.grapple`),
  and it does not shoot into a grapple that holds an ally.
* an intelligent creature trips, feints, aids another or gives a coup de grace (in
  d20modern also a knockout blow, or an aimed shot at a helpless foe) when the exact
  odds promise more than the attacks it gives up, and spares a sleeper the blow that
  would wake it when it can finish it next turn (:mod:`d20combat.tactics.maneuvers`);
* shut in (no way to any foe but through a closed door next to it), it opens the door,
  or breaks or hacks open a locked one, whichever is quicker
  (:func:`d20combat.tactics.maneuvers.door_way`);
* ``capture`` tactics take prisoners: no coup de grace, a knockout blow instead.
* an intelligent creature gives a dying ally next to it first aid when the exact odds
  of saving it are worth more than the turn's attacks (:mod:`d20combat.tactics.first_aid`);
* a cleric or paladin turns (rebukes) undead when the hit points of the foes it is
  expected to destroy, turn or rebuke beat its attacks (``turning_instead``).

A creature that fear makes flee does not ask its policy: the fight runner takes the
action :func:`d20combat.encounter.fear.compelled` gives.

Register new policies with :func:`register`. The built-in deterministic ones are
:func:`remembered`: their answers are kept by situation and reused in later fights of
the same cast, which changes no fight and spares most decisions of a small one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability
from d20combat.encounter import actions as A
from d20combat.encounter.actions import Pos
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import (
    build_attack,
    can_power_attack,
    grapple_group,
    power_attack_mods,
)
from d20combat.encounter.handlers import _continuing, load_time
from d20combat.encounter.maneuvers.splash import aimed_throw
from d20combat.encounter.swimming import afloat
from d20combat.errors import IllegalActionError
from d20combat.grid.flanking import flanks
from d20combat.grid.squares import footprint_distance
from d20combat.rules.attack import lethal_refused
from d20combat.rules.conditions import can_use_ranged
from d20combat.tactics.estimates import hit_damage
from d20combat.tactics.firearms import explosive_instead, firearm_instead
from d20combat.tactics.first_aid import stabilize_instead
from d20combat.tactics.flight import flier_turn
from d20combat.tactics.gaze import eyes_choice, gaze_instead
from d20combat.tactics.grapple import grapple_turn, hold_part_choice
from d20combat.tactics.maneuvers import (
    charge_instead,
    door_way,
    instead,
    orders_instead,
    overrun_on_the_way,
    turn_special,
    turning_instead,
)
from d20combat.tactics.monsters import full_attack_worth, pounce_instead, trample_instead
from d20combat.tactics.mounted import charge_gain, knees_choice, mount_choice, unguided
from d20combat.tactics.splash import throw_instead
from d20combat.tactics.stealth import after_attack, blind_turn, known
from d20combat.tactics.stowed import stowed_choice
from d20combat.tactics.swimming import swim_instead
from d20combat.tactics.tumble import tumble_to_flank
from d20combat.tactics.wake import wake_instead

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter
    from d20combat.rules.statistics import AttackOption, Routine

Policy = Callable[["Encounter", str], A.Action]
_NEIGHBOURS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
POLICIES: dict[str, Policy] = {}
_FEW = 24  # up to this many foes, measuring each is cheaper than a spatial query


def register(
    name: str, *, deterministic: bool = False, round_blind: bool = False
) -> Callable[[Policy], Policy]:
    """Register a policy under ``name``; scenarios may then name it as ``tactics``
    (the scenario validators read :data:`d20combat.content.scenarios.KNOWN_TACTICS`,
    which this keeps up to date). A ``deterministic`` policy, whose decision follows
    from :meth:`Encounter.situation` alone, is :func:`remembered`; a ``round_blind``
    one also decides the same whatever the round (the built-in ones: none reads it), so
    a situation met again in a later round is remembered too."""

    def deco(fn: Policy) -> Policy:
        from d20combat.content import scenarios

        POLICIES[name] = remembered(fn, round_blind=round_blind) if deterministic else fn
        if name not in scenarios.KNOWN_TACTICS:
            scenarios.KNOWN_TACTICS = (*scenarios.KNOWN_TACTICS, name)
        return fn

    return deco


def policy(name: str) -> Policy:
    """The policy called ``name``.

    Raises:
        ContentError: for an unknown name, listing the known ones.
    """
    try:
        return POLICIES[name]
    except KeyError:
        from d20combat.errors import ContentError

        raise ContentError(
            f"unknown tactics {name!r}",
            field="tactics",
            expected="one of " + ", ".join(sorted(POLICIES)),
        ) from None


# ---------------------------------------------------------------- remembered decisions
class _Memo:
    """The decisions taken in the fights of one cast (map, ruleset, exits and stat
    blocks): a transposition table, as game engines keep. It stops growing when few
    situations recur (a crowd seldom meets the same situation twice)."""

    __slots__ = ("asked", "decisions", "hits", "keeps", "on", "trial")
    # creatures described in the situations looked up before judging whether
    # remembering pays: a trial costs about the same for a duel as for a battle
    TRIAL = 8000
    WORTH = 0.25  # the share of hits that it must reach
    LIMIT = 32_768  # situations kept at most (a duel: about 1.6 kB each)

    def __init__(self, keeps: tuple[object, ...], creatures: int) -> None:
        self.keeps = keeps  # the objects whose ids make the cast key, kept alive
        self.decisions: dict[tuple[object, ...], A.Action] = {}
        self.asked = self.hits = 0
        self.trial = max(20, self.TRIAL // max(1, creatures))  # decisions
        self.on = True


_CASTS: dict[tuple[int, ...], _Memo] = {}


def _memo_of(enc: Encounter) -> _Memo:
    memo = enc.memo
    if isinstance(memo, _Memo):
        return memo
    keeps: tuple[object, ...] = (
        enc.map,
        enc.rules,
        enc.exits,
        *(c.stats for c in enc.combatants.values()),
    )
    key = tuple(id(x) for x in keeps)
    found = _CASTS.get(key)
    if found is None:
        if len(_CASTS) >= 64:
            _CASTS.clear()
        found = _CASTS[key] = _Memo(keeps, len(enc.combatants))
    enc.memo = found
    return found


def remembered(fn: Policy, *, round_blind: bool = False) -> Policy:
    """``fn``, with its decisions remembered by situation across the fights of a cast
    (in one process): a simulation replays the same opening and the same end game many
    times. The answers are those ``fn`` would give, so fights are unchanged. For a
    ``round_blind`` ``fn`` the situation leaves out the round: a duel's exchange that
    changes nothing (two misses) meets the same situation again a round later."""

    def decide(enc: Encounter, cid: str) -> A.Action:
        memo = _memo_of(enc)
        if not memo.on or enc.current is None or enc.current.id != cid:
            return fn(enc, cid)
        key = (fn, enc.situation(with_round=not round_blind))
        memo.asked += 1
        known = memo.decisions.get(key)
        if known is not None:
            memo.hits += 1
            return known
        action = memo.decisions[key] = fn(enc, cid)
        if memo.asked >= memo.trial and memo.hits < _Memo.WORTH * memo.asked:
            memo.on = False
            memo.decisions.clear()
        elif len(memo.decisions) >= _Memo.LIMIT:
            memo.decisions.clear()
        return action

    decide.__doc__ = fn.__doc__
    decide.__name__ = fn.__name__
    decide.__wrapped__ = fn  # type: ignore[attr-defined]
    return decide


# ---------------------------------------------------------------- helpers
class _View:
    """One decision's view of the fight, each query answered at most once (a policy
    never changes the state, so nothing changes while it decides)."""

    __slots__ = (
        "_attack",
        "_dest",
        "_distance",
        "_foes",
        "_priority",
        "_threats",
        "b",
        "c",
        "enc",
        "sp",
    )

    def __init__(self, enc: Encounter, c: Combatant) -> None:
        self.enc = enc
        self.c = c
        self.sp = enc.space
        self.b = enc.budget
        self._foes: list[Combatant] | None = None
        self._distance: dict[str, int] = {}
        self._threats: list[Combatant] | None = None
        self._priority: dict[str, tuple[float, int, int, str]] = {}
        self._attack: tuple[A.Action | None] | None = None
        self._dest: dict[tuple[int, bool], tuple[Pos, ...] | None] = {}

    def foes(self) -> list[Combatant]:
        """Enemies still in the fight, but those hidden from it (it does not know their
        squares: encounter/stealth.py, A217)."""
        if self._foes is None:
            self._foes = self.sp.active_enemies(self.c)
            if self.enc.stealthy:
                self._foes = known(self.enc, self.c, self._foes)
        return self._foes

    def distance(self, e: Combatant) -> int:
        """Feet to a foe (:meth:`Space.distance_ft`, remembered)."""
        d = self._distance.get(e.id)
        if d is None:
            d = self._distance[e.id] = self.sp.distance_ft(self.c, e)
        return d

    def priority(self, e: Combatant) -> tuple[float, int, int, str]:
        """Lower is better: the most wounded, then the weakest, then the nearest; a foe
        it turned comes last (coming within 10 ft of it ends the turning: seed 000
        "Effect and Duration of Turning")."""
        key = self._priority.get(e.id)
        if key is None:
            v = e.vitals
            frac = max(v.hp, 0) / max(1, v.max_hp)
            turned = e.conditions.get("turned") if e.conditions else None
            if turned is not None and turned.owner == self.c.id:
                frac = 2.0
            key = self._priority[e.id] = (frac, v.hp, self.distance(e), e.id)
        return key

    def ranked_within(self, feet: int) -> list[Combatant]:
        """The foes at most ``feet`` away, best target first (farther foes could not
        be attacked, reached or charged, so they are not ranked at all)."""
        foes = self.foes()
        if len(foes) <= _FEW:
            near = [e for e in foes if self.distance(e) <= feet]
        else:  # a crowd: ask the occupancy index, whose cost follows the area
            near = self.sp.enemies_near(self.c, feet)
            if self.enc.stealthy:
                near = known(self.enc, self.c, near)
        return sorted(near, key=self.priority) if len(near) > 1 else near

    def threats(self) -> list[Combatant]:
        """The enemies threatening it where it stands."""
        if self._threats is None:
            self._threats = self.sp.threatening(self.c)
        return self._threats

    def attack(self) -> A.Action | None:
        """:func:`_attack_now` with ranged attacks allowed."""
        if self._attack is None:
            self._attack = (_attack_now(self, ranged_ok=True),)
        return self._attack[0]

    def destination(self, speed: int, avoid_provoking: bool) -> tuple[Pos, ...] | None:
        """:meth:`Space.best_attack_destination` against the ranked foes."""
        key = (speed, avoid_provoking)
        if key not in self._dest:
            foes = self.ranked_within(speed + self.sp.max_reach_ft)  # as far as it looks
            self._dest[key] = self.sp.best_attack_destination(
                self.c, foes, speed, avoid_provoking=avoid_provoking
            )
        return self._dest[key]


def _nearly_dead(c: Combatant, fraction: float) -> bool:
    v = c.vitals
    return v.hp <= max(1, int(v.max_hp * fraction))


def _attack_now(v: _View, *, ranged_ok: bool) -> A.Action | None:
    """An attack against the best foe reachable from here, if any."""
    c, sp = v.c, v.sp
    melee = c.melee_options()
    reach = max((o.reach_ft for o in melee), default=0) + 5
    for e in v.ranked_within(reach):
        for o in melee:
            if sp.attack_problem(c, o, e) is None:
                o, two = _opening(v, o, e)
                return A.Attack(
                    e.id,
                    o.name if len(melee) > 1 else None,
                    nonlethal=_lethal_if_futile(v, o, e),
                    two_weapon=two,
                    power=_best_power(v, o, e, two),
                )
    if not ranged_ok or (v.b.standard and v.threats()):
        return None
    # an aimed throw and a weapon with no single shot (seed 004) make no plain attack
    ranged = [
        o for o in c.ready_options() if o.ranged and not aimed_throw(o) and not o.autofire_only
    ]
    if not ranged:
        return None
    for e in v.ranked_within(max(o.max_range for o in ranged)):
        if e.grappling and any(g.side == c.side for g in grapple_group(v.enc, e)):
            continue  # a shot into a grapple may strike an ally (seed 002 note 3)
        for o in ranged:
            if v.distance(e) > o.max_range:
                continue
            if sp.attack_problem(c, o, e) is None and can_use_ranged(
                c.condition_set(),
                frozenset(f.value for f in o.weapon.flags) if o.weapon else frozenset(),
            ):
                return A.Attack(e.id, o.name)
    return None


def _lethal_if_futile(v: _View, o: AttackOption, e: Combatant) -> bool | None:
    """False (strike to kill, at -4) when ``o`` deals nonlethal damage that can never
    reach ``e``'s threshold (seed 004 "Nonlethal Damage": below the target's Constitution
    it has no effect; a foe without a Constitution score is not affected at all) and the
    ruleset lets it deal lethal damage; None (the weapon's own) otherwise."""
    rules = v.enc.rules
    if not o.nonlethal or rules.nonlethal != "threshold":
        return None
    con = e.stats.abilities.get(Ability.CON)
    if con is not None and o.dice.max + o.damage_bonus.value >= con:
        return None
    return False if lethal_refused(o, rules) is None else None


_POWER: dict[tuple[object, ...], int] = {}


def _best_power(
    v: _View, option: AttackOption, target: Combatant, two_weapon: bool, *, charge: bool = False
) -> int:
    """The Power Attack that gives the most expected damage against ``target`` over the
    attacks this turn will make with ``option`` (the first attack of the turn only:
    the choice holds for the round). The estimate counts hits, threats confirmed and
    the concealment miss chance, not damage reduction; ties go to the smaller value."""
    c, b, rules = v.c, v.b, v.enc.rules
    bab = c.stat.bab
    if bab < 1 or option.ranged or b.attacks_made or not can_power_attack(c.stat, rules):
        return 0
    attack, _ = build_attack(v.enc, c, option, option.bonus, target, charge=charge)
    shift = attack.bonus.value - option.bonus.value  # the situation's modifiers
    bonuses = [attack.bonus.value]
    if not charge and not b.single and b.move and not b.moved:  # a full attack follows
        for r in c.routines_ready():
            if r.attacks[0][0] is option and r.two_weapon == two_weapon:
                bonuses = [t.value + shift for o, t in r.attacks if o is option]
                break
    _, extra = power_attack_mods(option, 1, rules)
    per = extra.value if extra is not None else 0
    crit = 21 if attack.crit_immune else option.crit_range
    key = (
        attack.ac.value,
        option.dice,
        attack.damage_bonus.value,
        per,
        tuple(bonuses),
        crit,
        option.crit_multiplier,
        attack.concealment,
        bab,
        attack.half_damage,
        attack.disadvantage,
    )
    best = _POWER.get(key)
    if best is None:
        mean = float(option.dice.mean) + attack.damage_bonus.value
        ac = attack.ac.value
        half = 2.0 if attack.half_damage else 1.0  # underwater: half damage (seed 000)

        def expected(n: int) -> float:
            dmg = max(1.0, (mean + per * n) / half)
            return sum(
                hit_damage(
                    ac,
                    b - n,
                    dmg,
                    crit,
                    option.crit_multiplier,
                    attack.concealment,
                    attack.disadvantage,
                )
                for b in bonuses
            )

        best = max(range(bab + 1), key=lambda n: (expected(n), -n))
        if len(_POWER) > 4096:
            _POWER.clear()
        _POWER[key] = best
    return best


def _charge_power(v: _View, target: Combatant) -> int:
    """:func:`_best_power` for a charge's single attack (its +2 counted)."""
    melee = v.c.melee_options()
    return _best_power(v, melee[0], target, False, charge=True) if melee else 0


def _opening(v: _View, option: AttackOption, target: Combatant) -> tuple[AttackOption, bool]:
    """The attack that opens the turn with ``option``'s weapon: its own, or a two-weapon
    full attack with it (a main and an off-hand weapon, or a double weapon's two ends)
    when the turn still allows a full attack (the baseline goes on with one when it
    can) and its attacks promise more damage against ``target``."""
    b = v.b
    if b.single or not b.move or b.moved:
        return option, False
    routines = v.c.routines_ready()
    pairs = [
        r for r in routines if r.two_weapon and any(o.item == option.item for o, _ in r.attacks)
    ]
    if not pairs:
        return option, False
    alone = next((r for r in routines if not r.two_weapon and r.attacks[0][0] is option), None)
    best = max(pairs, key=lambda r: _routine_damage(v, r, target))
    if alone is not None and _routine_damage(v, best, target) <= _routine_damage(v, alone, target):
        return option, False
    return best.attacks[0][0], True


def _routine_damage(v: _View, routine: Routine, target: Combatant) -> float:
    """Expected damage of ``routine``'s attacks on ``target`` now."""
    total = 0.0
    for option, bonus in routine.attacks:
        attack, _ = build_attack(v.enc, v.c, option, bonus, target)
        mean = max(1.0, float(option.dice.mean) + attack.damage_bonus.value)
        total += hit_damage(
            attack.ac.value,
            attack.bonus.value,
            max(1.0, mean / 2) if attack.half_damage else mean,
            21 if attack.crit_immune else option.crit_range,
            option.crit_multiplier,
            attack.concealment,
            attack.disadvantage,
        )
    return total


def _continue_full_attack(v: _View) -> A.Action | None:
    if v.b.routine is None:
        return None  # no full attack under way
    nxt = _continuing(v.enc, v.c)
    if nxt is None:
        return None
    option = nxt[0]
    if aimed_throw(option):
        return throw_instead(v.enc, v.c, None)
    for e in v.ranked_within(v.sp.reach_ft(v.c, option)):
        if v.sp.attack_problem(v.c, option, e) is None:
            return A.Attack(e.id)
    return None


def _flank_step(v: _View) -> A.Action | None:
    """A 5-foot step into a flanking position against a foe still in reach."""
    c, sp, b = v.c, v.sp, v.b
    if b.stepped or b.moved or not b.standard or not b.move:
        return None
    if sp.present(c.side) < 2 or sp.speed(c) <= 5:
        return None  # nobody to flank with, or no 5-foot step to take
    options = c.melee_options()
    if not options:
        return None
    steps: tuple[Pos, ...] | None = None
    n = c.squares
    cx, cy = c.pos
    for e in v.ranked_within(15):
        allies = [(a.pos, a.squares) for a in sp.flank_partners(c.side, e) if a is not c]
        if not allies:
            continue  # no ally threatens this foe: no flank to take
        ep, en = e.pos, e.squares
        if any(flanks(c.pos, n, ap, an, ep, en) for ap, an in allies):
            continue  # already flanking
        # the neighbouring squares that would reach and flank it (geometry only) ...
        reach = sp.attack_offsets(c, options[0], en)
        if len(options) > 1:
            reach = reach.union(*(sp.attack_offsets(c, o, en) for o in options[1:]))
        ex, ey = ep
        good = set()
        for dx, dy in _NEIGHBOURS:
            x, y = cx + dx, cy + dy
            if (x - ex, y - ey) in reach:
                for ap, an in allies:
                    if flanks((x, y), n, ap, an, ep, en):
                        good.add((x, y))
                        break
        if not good:
            continue
        # ... then, in step order, one a 5-foot step can reach without more threats
        if steps is None:
            steps = sp.step_squares(c)
        for to in steps:
            if to in good and sp.threat_count_at(c, to) <= len(v.threats()):
                return A.Step(to)
    return None


def _approach(v: _View, *, avoid_provoking: bool) -> A.Action | None:
    """Charge or move to the best square from which to attack a foe."""
    c, sp, b = v.c, v.sp, v.b
    foes = v.foes()
    if not foes or b.stepped:
        return None
    speed = sp.speed(c)
    if speed <= 0 or c.has("prone"):
        return None
    wet = v.enc.map.has_water and c.stat.speed.swim == 0
    if wet and afloat(v.enc, c):  # it moves only by Swim checks (tactics/swimming.py)
        return swim_instead(v.enc, c)
    options = c.melee_options()
    if b.standard and not b.moved and options:
        # a 5-foot step into reach never provokes and keeps the full attack: to the
        # best target in reach of a step, flanking it if a step can, into the fewest
        # threats (then the first square in step order)
        step = _step_into_reach(v, options)
        if step is not None:
            return tumble_to_flank(v.enc, c, step.to) or step
    if c.stat.special_attack_rules and b.can_full_round and options and c.restrictions().can_charge:
        # a pouncing creature's charge brings its full attack now (tactics/monsters.py)
        best = _best_charge(v, speed, avoid_provoking)
        pounce = pounce_instead(v.enc, c, best) if best is not None else None
        if pounce is not None:
            return pounce
    if sp.riders and c.id in sp.riders and b.can_full_round and options:
        # a mount carrying a rider: its charge brings the rider's charge attack (a
        # lance's double damage) when that beats a plain move (tactics/mounted.py)
        best = _best_charge(v, speed, avoid_provoking) if c.restrictions().can_charge else None
        if best is not None and charge_gain(v.enc, c, best) > 0:
            return best
    dest = v.destination(speed, avoid_provoking)
    if dest is None and wet:  # across deep water when that beats going around
        swim = swim_instead(v.enc, c)
        if swim is not None:
            return swim
    if dest is not None:
        if avoid_provoking:
            dest = _flank_detour(v, speed, dest) or dest
        tumble = tumble_to_flank(v.enc, c, dest[-1], path=dest)  # tactics/tumble.py
        if tumble is not None:
            return tumble
        return overrun_on_the_way(v.enc, c, A.Move(dest))
    if b.can_full_round and options and c.restrictions().can_charge:
        # charging only when no attack square is reachable with a plain move keeps
        # the full attack for the next round; charge when the foe is out of reach.
        best = _best_charge(v, speed, avoid_provoking)
        if best is not None:
            return charge_instead(v.enc, c, best)
    nearest = sp.nearest_enemy(c)
    if nearest is None:
        return None
    path = sp.path_toward(c, [nearest], speed, avoid_provoking=avoid_provoking)
    if path:
        return A.Move(path)
    return None


def _best_charge(v: _View, speed: int, avoid_provoking: bool) -> A.Charge | None:
    """The charge on the best-placed foe with the fewest attacks of opportunity on the
    way (none if ``avoid_provoking`` and every charge provokes)."""
    c, sp = v.c, v.sp
    best_charge = None
    for e in v.ranked_within(2 * speed + 20)[:6]:
        for to in sp.charge_destinations(c, e, 2 * speed):
            cost = sp.provocations_along(c, sp.charge_path(c, to))
            key = (cost, v.priority(e))
            if best_charge is None or key < best_charge[0]:
                best_charge = (key, A.Charge(e.id, to, _charge_power(v, e)))
    if best_charge is not None and (best_charge[0][0] == 0 or not avoid_provoking):
        return best_charge[1]
    return None


def _step_into_reach(v: _View, options: list[AttackOption]) -> A.Step | None:
    """The 5-foot step that brings the best foe into reach (:meth:`_View.priority`),
    flanking it if one can, into the fewest threatened squares; None if no step
    brings a foe into reach."""
    c, sp = v.c, v.sp
    if sp.speed(c) <= 5 or c.has("prone"):
        return None  # no 5-foot step (SRD combat-i "Take 5-Foot Step")
    close = [
        (e, [sp.attack_offsets(c, o, e.squares) for o in options])
        for e in sp.enemies_near(c, sp.melee_reach_ft(c) + 10)
    ]
    if not close:
        return None
    n = c.squares
    partners: dict[str, list[tuple[Pos, int]]] = {}
    best: tuple[tuple[tuple[float, int, int, str], int, int, int], Pos] | None = None
    for i, to in enumerate(sp.step_squares(c)):
        x, y = to
        for e, reach in close:
            ex, ey = e.pos
            off = (x - ex, y - ey)
            if not any(off in offsets for offsets in reach):
                continue
            priority = v.priority(e)
            if best is not None and best[0][0] < priority:
                continue
            allies = partners.get(e.id)
            if allies is None:
                allies = partners[e.id] = [
                    (a.pos, a.squares) for a in sp.flank_partners(c.side, e) if a is not c
                ]
            flank = 0 if any(flanks(to, n, ap, an, e.pos, e.squares) for ap, an in allies) else 1
            key = (priority, flank, sp.threat_count_at(c, to), i)
            if best is None or key < best[0]:
                best = (key, to)
    return None if best is None else A.Step(best[1])


def _flanking_from(v: _View, p: Pos, e: Combatant, allies: list[tuple[Pos, int]]) -> bool:
    """Whether ``v.c`` standing at ``p`` could attack ``e`` and flank it with an ally."""
    c, sp = v.c, v.sp
    ex, ey = e.pos
    off = (p[0] - ex, p[1] - ey)
    if not any(off in sp.attack_offsets(c, o, e.squares) for o in c.melee_options()):
        return False
    return any(flanks(p, c.squares, ap, an, e.pos, e.squares) for ap, an in allies)


def _flank_detour(v: _View, speed: int, dest: tuple[Pos, ...]) -> tuple[Pos, ...] | None:
    """A path to a flanking square that provokes nothing, when ``dest`` does not flank.

    :meth:`Space.best_attack_destination` weighs only the cheapest path to each square,
    so a flanking square whose cheapest path crosses a threatened square loses to a
    square that does not flank, though a longer way round (not leaving any threatened
    square) may still be within its speed. This tries that way round: the cheapest
    path to a neighbour of the flanking square, then one square in."""
    c, sp = v.c, v.sp
    if not c.melee_options() or sp.present(c.side) < 2:
        return None
    end = dest[-1]
    r = None
    for e in v.ranked_within(speed + sp.max_reach_ft)[:4]:
        allies = [(a.pos, a.squares) for a in sp.flank_partners(c.side, e) if a is not c]
        if not allies:
            continue
        if _flanking_from(v, end, e, allies):
            return None  # the destination flanks already
        if r is None:
            r = sp.reachable(c, speed)
        best: tuple[int, tuple[Pos, ...]] | None = None
        ex, ey = e.pos
        spots = dict.fromkeys(
            (ex + dx, ey + dy)
            for o in c.melee_options()
            for dx, dy in sp.attack_offsets_ordered(c, o, e.squares)
        )
        for p in spots:
            if p == c.pos or r.cost(p) is None or not _flanking_from(v, p, e, allies):
                continue
            px, py = p
            for dx, dy in ((0, 0), *_NEIGHBOURS):
                q = (px + dx, py + dy)
                if q == p:
                    path = tuple(r.path_to(p)[1:])
                elif q == c.pos:
                    path = (p,)
                else:
                    way = r.path_to(q)
                    if not way:
                        continue
                    path = (*way[1:], p)
                try:
                    cost = sp.path_cost(c, path)
                except IllegalActionError:
                    continue
                if cost > speed or (best is not None and cost >= best[0]):
                    continue
                if sp.provocations_along(c, path) == 0:
                    best = (cost, path)
        if best is not None:
            return best[1]
    return None


def _withdraw_provokes(v: _View, path: tuple[Pos, ...]) -> bool:
    """Whether a withdraw along ``path`` leaves a threatened square after its first
    (the square it starts in is not threatened by the foes it sees: seed 002 "Attacks
    of Opportunity", SRD combat-i "Withdraw")."""
    c, sp = v.c, v.sp
    for sq in path[:-1]:
        for o in sp.threatening(c, sq):
            if o.acted and c.id not in o.provoked_by_move:
                return True
    return False


def _quiet_withdraw(v: _View, limit: int) -> tuple[Pos, ...] | None:
    """The withdraw ending farthest from every foe, unthreatened, that leaves no
    threatened square on the way (ties: the topmost, then leftmost square)."""
    c, sp = v.c, v.sp
    n = c.squares
    # a threatening foe is within reach: foes beyond twice the move (and a reach) can
    # never be the nearest to where it ends
    foes = [
        (f.pos[0], f.pos[1], f.squares)
        for f in (sp.enemies_near(c, 2 * limit + sp.max_reach_ft) or v.foes())
    ]
    r = sp.reachable(c, limit)
    ranked = []
    for pos in r.positions():
        if pos == c.pos:
            continue
        x, y = pos
        near = 1 << 30
        for fx, fy, m in foes:  # footprint_distance, inlined
            gx = fx - x - n + 1 if fx >= x + n else (x - fx - m + 1 if x >= fx + m else 0)
            gy = fy - y - n + 1 if fy >= y + n else (y - fy - m + 1 if y >= fy + m else 0)
            d = gy + (gx >> 1) if gx < gy else gx + (gy >> 1)
            near = min(near, d)
        ranked.append((-near, y, x))
    ranked.sort()
    for _, y, x in ranked:  # the best first: the costly checks only until one passes
        if sp.threatened_at(c, (x, y)):
            continue
        path = tuple(r.path_to((x, y))[1:])
        if not _withdraw_provokes(v, path):
            return path
    return None


def _retreat(v: _View) -> A.Action | None:
    c, sp, b = v.c, v.sp, v.b
    if sp.on_exit(c) and (b.move or b.standard) and not b.full_round:
        return A.Escape()
    if not v.threats():
        return None if v.attack() is not None else _keep_away(v)  # shoot if it can
    if (
        not v.enc.exits
        and not any(v.enc.active(a) for a in v.enc.allies(c))
        and c.withdrew == 1  # it withdrew in its last turn
    ):
        return None  # alone, no way out, and followed: withdrawing again only delays
    limit = sp.speed(c) * (1 if b.single else v.enc.rules.withdraw_speed_multiplier)
    if (
        (b.can_full_round or (b.single and b.standard))
        and not c.has("prone")
        and not (v.enc.map.has_water and afloat(v.enc, c))  # it moves by Swim checks
        and not c.has("blinded")  # SRD combat-i "Withdraw": not while blinded
        and not b.stepped
        and sp.larger_foe_around(c) is None  # seed 000 "Mixing It Up": no withdraw
    ):
        path = sp.safest_path(c, limit, withdraw=True)
        if path and _withdraw_provokes(v, path):
            path = _quiet_withdraw(v, limit) or path  # withdraw, not run past the foe
        if path:
            return A.Withdraw(path)
    return None


def _keep_away(v: _View) -> A.Action | None:
    """Nearly dead and out of reach: move toward the nearest exit, never into a
    threatened square or past one (ties: the cheapest, then the topmost, leftmost
    square). None if no such move gains anything, or the map has no exit (running
    about a closed room only puts off the end: it fights on)."""
    c, sp, b = v.c, v.sp, v.b
    exits = v.enc.exits
    if not exits or not (b.move or b.standard) or b.full_round or b.committed or b.stepped:
        return None
    speed = sp.speed(c)
    if speed <= 0 or c.has("prone"):
        return None
    n = c.squares

    def score(pos: Pos) -> int:  # feet to the nearest exit square
        return min(footprint_distance(pos, n, e, 1) for e in exits)

    here = score(c.pos)
    r = sp.reachable(c, speed)
    best: tuple[tuple[int, int, int, int], tuple[Pos, ...]] | None = None
    for pos, cost in r.positions().items():
        if pos == c.pos or sp.threat_count_at(c, pos):
            continue
        key = (score(pos), cost, pos[1], pos[0])
        if key[0] >= here or (best is not None and key >= best[0]):
            continue
        path = tuple(r.path_to(pos)[1:])
        if not sp.provocations_along(c, path):
            best = (key, path)
    return None if best is None else A.Move(best[1])


def _reload(v: _View) -> A.Action | None:
    """Load a fired crossbow or sling in hand when the turn has the action for it and
    no foe threatens (loading provokes)."""
    c, b = v.c, v.b
    if not c.unloaded or v.threats():
        return None
    for weapon in c.unloaded:
        if weapon not in c.wielding:
            continue
        time = load_time(c, weapon)
        if (
            time == "free"
            or (time == "move" and (b.move or b.standard) and not b.full_round and not b.committed)
            or (time == "full-round" and b.can_full_round and not b.stepped)
        ):
            return A.Load(weapon)
    return None


# ---------------------------------------------------------------- policies
def _baseline(
    v: _View, *, retreat_at: float, avoid_provoking: bool, prisoners: bool = False
) -> A.Action:
    action = _baseline_action(
        v, retreat_at=retreat_at, avoid_provoking=avoid_provoking, prisoners=prisoners
    )
    if v.c.stats.grab is not None:  # SRD Improved Grab: hold with one part?
        return hold_part_choice(v.enc, v.c, action)
    return action


def _baseline_action(
    v: _View, *, retreat_at: float, avoid_provoking: bool, prisoners: bool = False
) -> A.Action:
    c, b = v.c, v.b
    held = grapple_turn(v.enc, c)
    if held is not None:
        return held
    if v.enc.gazers:  # SRD "Gaze Attacks": look, avert the eyes or shut them
        eyes = eyes_choice(v.enc, c)
        if eyes is not None and v.enc.is_legal(eyes):
            return eyes
    if c.pending_full_round is not None:
        return A.Move((c.pending_full_round,))
    nxt = _continue_full_attack(v)
    if nxt is not None:
        return instead(v.enc, c, nxt)
    load = _reload(v)
    if load is not None:
        return load
    if b.attacks_made and (b.committed or not b.standard):
        if v.enc.stealthy:  # the move action left: hide or seek (tactics/stealth.py)
            sneak = after_attack(v.enc, c)
            if sneak is not None:
                return sneak
        return A.EndTurn()  # attacked this turn: no wandering off afterwards
    if not v.foes():
        blind = blind_turn(v.enc, c) if v.enc.stealthy else None  # all hidden from it
        return blind or A.EndTurn()
    if v.sp.riders and c.id in v.sp.riders and unguided(v.enc, c):
        # seed 000: "Without you to guide it, your mount avoids combat" (A106)
        return (_retreat(v) if v.threats() else None) or A.EndTurn()
    if c.has("prone") and (b.move or b.standard) and not b.full_round and not b.committed:
        return A.StandUp()
    if c.stowed:  # tactics.stowed: ready a slung shield, retrieve a stowed weapon
        got = stowed_choice(v.enc, c)
        if got is not None:
            return got
    if c.altitude:  # encounter.flight: a flier aloft dives, flies by or climbs
        flight = flier_turn(v.enc, c)
        if flight is not None:
            return flight
    if c.mount is not None:  # seed 000: guide with the knees for both hands?
        knees = knees_choice(v.enc, c)
        if knees is not None:
            return knees
    elif "ride" in c.stat.skills and b.move:  # a steed of its side next to it: get on
        mount = mount_choice(v.enc, c)
        if mount is not None:
            return mount
    keep_off = False  # nearly dead, unthreatened, an exit but no way on: no closing in
    if c.traits.intelligent and _nearly_dead(c, retreat_at) and b.standard:
        retreat = _retreat(v)
        if retreat is not None:
            return retreat
        keep_off = bool(v.enc.exits) and not v.threats()
    if b.standard and not b.full_round:
        step = _flank_step(v)
        if step is not None:
            return step
        tumble = tumble_to_flank(v.enc, c, c.pos)  # round the foe in reach to flank it
        if tumble is not None:
            return tumble
        attack = v.attack()
        if v.sp.present(c.side) >= 2:  # a dying ally next to it: first aid?
            aid = stabilize_instead(v.enc, c, attack)
            if aid is not None:
                return aid
        if c.stat.special_attack_rules and b.can_full_round and not b.stepped:
            target = v.enc.get(attack.target) if isinstance(attack, A.Attack) else None
            trample = trample_instead(v.enc, c, full_attack_worth(v.enc, c, target))
            if trample is not None:
                return trample
        if c.stat.special_attack_rules and v.enc.gazers:
            gaze = gaze_instead(v.enc, c, attack)
            if gaze is not None:
                return gaze
        wake = wake_instead(v.enc, c, attack)  # SRD spells "Sleep": slap a friend awake
        if wake is not None:
            return wake
        special = turn_special(v.enc, c, attack, prisoners=prisoners)
        if special is not None:
            return special
        throw = throw_instead(v.enc, c, attack)
        if throw is not None:
            return throw
        if c.ammo:  # seed 004: bullets or grenades to spend
            fire = firearm_instead(v.enc, c, attack) or explosive_instead(v.enc, c, attack)
            if fire is not None:
                return fire
        if c.stat.turning is not None:  # nothing more for a creature that channels none
            channel = orders_instead(v.enc, c) or turning_instead(v.enc, c, attack)
            if channel is not None:
                return channel
        if attack is not None and not (b.move and _provoking_unarmed(v, attack)):
            return instead(v.enc, c, attack)
        draw = _draw_melee_if_cornered(v)
        if draw is not None:
            return draw
        if attack is not None:
            return attack
    if (
        (b.move or b.standard)
        and not b.committed
        and not b.full_round
        and not b.attacks_made
        and not keep_off
    ):
        approach = _approach(v, avoid_provoking=avoid_provoking)
        if approach is not None:
            return approach
        door = door_way(v.enc, c)  # shut in: open, break or attack the door
        if door is not None:
            return door
    return A.EndTurn()


def _provoking_unarmed(v: _View, attack: A.Action) -> bool:
    """Whether ``attack`` is an unarmed strike that provokes (no Improved Unarmed
    Strike, an armed target: seed 002 "Attacks of Opportunity")."""
    c = v.c
    if not isinstance(attack, A.Attack) or c.traits.improved_unarmed:
        return False
    melee = c.melee_options()
    name = attack.weapon or (melee[0].name if len(melee) == 1 else None)
    return name == "unarmed strike" and v.sp.is_armed(v.enc.get(attack.target))


def _draw_melee_if_cornered(v: _View) -> A.Action | None:
    """Holding only a ranged weapon with a foe in its face: draw a melee weapon."""
    c = v.c
    if c.melee_options() and any(
        not o.natural and o.name != "unarmed strike" for o in c.melee_options()
    ):
        return None
    if not v.threats():
        return None
    for o in c.stats.options:
        if (
            not o.ranged
            and not o.natural
            and o.weapon is not None
            and (o.name != "unarmed strike" and o.item not in c.wielding)
            and o.item not in c.lost  # dropped: it must be picked up, not drawn
            and c.ammo.get(o.item, 1) > 0  # thrown away: none left to draw
        ):
            return A.Draw(o.item)
    return None


@register("default", deterministic=True, round_blind=True)
def default_policy(enc: Encounter, cid: str) -> A.Action:
    """Close and fight sensibly; withdraw at a quarter of its hit points if intelligent."""
    return _baseline(_View(enc, enc.get(cid)), retreat_at=0.25, avoid_provoking=True)


@register("aggressive", deterministic=True, round_blind=True)
def aggressive_policy(enc: Encounter, cid: str) -> A.Action:
    """Go for the weakest foe by the shortest way, provoking if need be; never retreat."""
    return _baseline(_View(enc, enc.get(cid)), retreat_at=-1.0, avoid_provoking=False)


@register("cautious", deterministic=True, round_blind=True)
def cautious_policy(enc: Encounter, cid: str) -> A.Action:
    """Never provoke on purpose; withdraw at half its hit points."""
    return _baseline(_View(enc, enc.get(cid)), retreat_at=0.5, avoid_provoking=True)


@register("capture", deterministic=True, round_blind=True)
def capture_policy(enc: Encounter, cid: str) -> A.Action:
    """As ``default``, but it takes prisoners: it never gives a helpless foe a coup de
    grace; in d20modern it knocks one out (a knockout blow) when that is worth more than
    its attacks."""
    return _baseline(
        _View(enc, enc.get(cid)), retreat_at=0.25, avoid_provoking=True, prisoners=True
    )


def _draw_ranged(v: _View) -> A.Action | None:
    """Nothing to shoot with in hand and no foe in its face: draw a ranged weapon it
    carries (into a free hand if it has one: SRD combat-i "Draw or Sheathe a Weapon")."""
    c = v.c
    if v.threats() or any(o.ranged for o in c.ready_options()):
        return None
    for o in c.stats.options:
        if o.ranged and o.weapon is not None and o.item not in c.wielding:
            draw = A.Draw(o.item)
            if v.enc.is_legal(draw):
                return draw
    return None


@register("ranged", deterministic=True, round_blind=True)
def ranged_policy(enc: Encounter, cid: str) -> A.Action:
    """Prefer shooting: draw a ranged weapon if none is in hand; step away from a foe in
    its face, then shoot."""
    v = _View(enc, enc.get(cid))
    c, b, sp = v.c, v.b, v.sp
    held = grapple_turn(enc, c)
    if held is not None:
        return held
    if b.attacks_made == 0:
        draw = _draw_ranged(v)
        if draw is not None:
            return draw
    if (
        any(o.ranged for o in c.ready_options())
        and v.threats()
        and not b.stepped
        and (not b.moved and b.standard)
        and sp.speed(c) > 5
        and not c.has("prone")
    ):
        for to in sp.step_squares(c):
            if sp.threat_count_at(c, to) == 0:
                return A.Step(to)
    return _baseline(v, retreat_at=0.25, avoid_provoking=True)


@register("hold", deterministic=True, round_blind=True)
def hold_policy(enc: Encounter, cid: str) -> A.Action:
    """Hold position: attack whoever is in reach, else ready an attack for whoever comes:
    a shot for a foe coming in range when a ranged weapon is in hand and no melee
    weapon, else a blow for a foe entering reach."""
    v = _View(enc, enc.get(cid))
    c, b = v.c, v.b
    held = grapple_turn(enc, c)
    if held is not None:
        return held
    nxt = _continue_full_attack(v)
    if nxt is not None:
        return instead(v.enc, c, nxt)
    load = _reload(v)
    if load is not None:
        return load
    if b.standard and not b.full_round and b.routine is None:
        attack = v.attack()
        if attack is not None:
            return attack
        if c.readied is None:
            options = c.ready_options()
            armed = any(not o.ranged and o.item in c.wielding for o in options)
            if not armed and any(o.ranged for o in options):
                return A.Ready("in-range")
            if c.melee_options():
                return A.Ready("enters-reach")
    return A.EndTurn()


@register("random")
def random_policy(enc: Encounter, cid: str) -> A.Action:
    """A uniformly random legal action, drawn from the fight's own seeded policy
    generator (so the fight still replays from its seed). For conformance testing."""
    legal = enc.legal_actions(cid)
    if not legal:
        return A.EndTurn()
    return legal[enc.policy_rng.randrange(len(legal))]
