"""The encounter: the one mutable state of a fight.

:class:`Encounter` holds the map, the combatants, initiative, the round and turn,
the current creature's action budget, the dice, and the event log. Its API is the
one tools build on:

* :meth:`Encounter.legal_actions` - every legal action of the creature whose turn it
  is, in a deterministic order;
* :meth:`Encounter.apply` - check an action (raising
  :class:`~d20combat.errors.IllegalActionError` with the reason) and resolve it,
  returning its events;
* :meth:`Encounter.clone`, :meth:`Encounter.to_json` and :meth:`Encounter.from_json`
  - a saved fight resumes exactly: the dice generator's state is saved too.

Action types plug in through :data:`d20combat.encounter.handlers.HANDLERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from random import Random
from typing import TYPE_CHECKING, Any, TypeVar

from d20combat.content.objects import Door
from d20combat.content.rulesets import Ruleset
from d20combat.encounter import turns
from d20combat.encounter.actions import Action
from d20combat.encounter.combatant import (
    Budget,
    Combatant,
    Condition,
    Effect,
    initial_ammo,
    initial_wielding,
)
from d20combat.encounter.events import Event
from d20combat.encounter.handlers import check_action, drop_item
from d20combat.encounter.maneuvers.turning import approached
from d20combat.encounter.outcome import Outcome
from d20combat.encounter.speech import count_free, counted
from d20combat.errors import IllegalActionError
from d20combat.grid.battlemap import BattleMap
from d20combat.grid.light import LIGHT_SOURCES, Light
from d20combat.grid.squares import square_name
from d20combat.grid.terrain import DOOR, OPEN_DOOR
from d20combat.rules.conditions import CONDITIONS, ConditionSpec, combine, restrictions
from d20combat.rules.dice import Roll, SampledDice
from d20combat.rules.hitpoints import HpState, Vitals, ability_loss
from d20combat.rules.statistics import Statistics, derive

_T = TypeVar("_T")

if TYPE_CHECKING:
    from d20combat.content.scenarios import Scenario
    from d20combat.encounter.space import Space

SAVE_VERSION = 1
_PLAIN_DOOR = Door()
_NO_SPEC = ConditionSpec("", "")
_GROWS = {  # the condition groups whose effects add up (rules.conditions.combine)
    "fear": "SRD special abilities Becoming Even More Fearful",
    "fatigue": "SRD conditions Fatigued",
}
# A reaction policy answers "take this attack of opportunity?" for one combatant.
ReactionPolicy = Callable[["Encounter", str, str], bool]
# An AoO maneuver policy answers "make this attack of opportunity as a maneuver?" for one
# combatant (reactor id, provoker id): a maneuver's name ("trip"), or None for a blow.
AooManeuverPolicy = Callable[["Encounter", str, str], str | None]


_STATS: dict[tuple[int, int], tuple[object, object, Statistics]] = {}


def statistics_of(stat: Any, rules: Ruleset) -> Statistics:
    """Derived statistics, cached per stat block and ruleset object (both immutable)."""
    key = (id(stat), id(rules))
    hit = _STATS.get(key)
    if hit is None or hit[0] is not stat or hit[1] is not rules:
        if len(_STATS) > 4096:
            _STATS.clear()
        hit = (stat, rules, derive(stat, rules))
        _STATS[key] = hit
    return hit[2]


def _rng_json(rng: Random) -> list[Any]:
    state = rng.getstate()
    return [state[0], list(state[1]), state[2]]


def copy_map(m: BattleMap) -> BattleMap:
    """An independent copy of a map (doors open per encounter)."""
    return BattleMap(m.width, m.height, list(m.cells), legend=m.legend, marks=m.marks)


def always_react(enc: Encounter, reactor: str, provoker: str) -> bool:
    """The default reaction: take every attack of opportunity offered."""
    return True


class Encounter:
    """One fight in progress. Build it with :meth:`from_scenario`."""

    def __init__(
        self,
        *,
        battle_map: BattleMap,
        rules: Ruleset,
        combatants: list[Combatant],
        round_limit: int = 50,
        rng: Random,
        exits: frozenset[tuple[int, int]] = frozenset(),
        name: str = "",
        scenario_doc: dict[str, Any] | None = None,
    ) -> None:
        from d20combat.encounter.space import Space

        self.map = battle_map
        self.rules = rules
        self.round_limit = round_limit
        self.exits = exits
        self.name = name
        self.scenario_doc = scenario_doc
        self.combatants: dict[str, Combatant] = {c.id: c for c in combatants}
        # owner -> the others bearing a timed condition or effect it owns (impose, grant)
        self.timed_by: dict[str, set[str]] = {}
        self.readiers: set[str] = set()  # who holds a readied action (Combatant.readied)
        # the creatures with a gaze attack (SRD "Gaze Attacks": encounter/maneuvers/gaze.py)
        from d20combat.encounter.maneuvers.gaze import gaze_of

        self.gazers: tuple[str, ...] = tuple(c.id for c in combatants if gaze_of(c))
        # the creatures that may hide during the fight (encounter/stealth.py, A215)
        self.stealthy: frozenset[str] = frozenset(
            c.id for c in combatants if "hide" in c.stat.skills or "invisible" in c.conditions
        )
        self.order: list[str] = []
        self.turn = 0
        self.round = 0
        self.surprise = False
        self.budget = Budget()
        self.dice = SampledDice(rng)
        # Policies that draw lots (``random``) use their own generator, so the dice
        # stream holds only dice and a replay of the actions rebuilds the dice exactly.
        self.policy_rng = Random(rng.getrandbits(64))
        self.log: list[Event] = []
        self.history: list[str] = []  # every applied action, in notation, for replays
        self.outcome: Outcome | None = None
        self.items: list[tuple[tuple[int, int], str]] = []
        # planted explosives: (setter, weapon, intersection, round due: maneuvers.explosives)
        self.planted: list[tuple[str, str, tuple[int, int], int]] = []
        self.opened_doors: list[tuple[int, int]] = []
        # the scenario's open doors closed since, and the doors broken open (open for good)
        self.closed_doors: list[tuple[int, int]] = []
        self.broken_doors: list[tuple[int, int]] = []
        # the doors the scenario describes (any other is an unlocked simple wooden door)
        self.doors: dict[tuple[int, int], Door] = {}
        # the light sources creatures carry, by id (the scenario's ``light``; fixed)
        self.lights: dict[str, Light] = {}
        # hit points the closed doors have lost (seed 000 "Attack An Object")
        self.object_damage: dict[tuple[int, int], int] = {}
        self.own_map = False  # maps are shared (with their caches) until a door opens
        self.space: Space = Space(self)
        self.reactions: dict[str, ReactionPolicy] = {}
        # per combatant: (enc, holder, actor) -> whether it holds on when ``actor``
        # escapes or moves the grapple (seed 000: "Opponents don't have to try to hold
        # you"); without one, foes hold on and allies let go (grapple.resists)
        self.holds: dict[str, ReactionPolicy] = {}
        # per defender: whether it avoids an overrunner (reactor, overrunner) -> bool;
        # the default is d20combat.encounter.maneuvers.overrun.default_avoid
        self.avoids: dict[str, ReactionPolicy] = {}
        # per combatant: the maneuver its attacks of opportunity are made as (SRD Table:
        # Actions in Combat, note: trip "can be used ... even as an attack of
        # opportunity"); without one, a blow (fighting.AOO_MANEUVERS)
        self.aoo_maneuvers: dict[str, AooManeuverPolicy] = {}
        self._events: list[Event] = []
        self._started = False
        self.fighters: tuple[str, ...] = ()  # two active foes last seen (a hint)
        self.memo: object = None  # remembered decisions (tactics.policies.remembered)
        self._stamp: tuple[int, int, int] = (-1, -1, -1)  # see remembered
        self._answers: dict[Hashable, Any] = {}
        # scenario awareness ``check`` and ``guarded`` by id, read by turns.begin_fight
        # (encounter/awareness.py); the start's outcome is in Combatant.aware
        self.start_awareness: dict[str, str] = {}

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_scenario(cls, scenario: Scenario, seed: int = 0, *, start: bool = True) -> Encounter:
        """A new encounter from a loaded scenario, with its own seeded dice."""
        combatants = []
        for p in scenario.placements:
            st = statistics_of(p.stat_block, scenario.ruleset)
            combatants.append(
                Combatant(
                    id=p.id,
                    name=p.name,
                    side=p.side,
                    stat=p.stat_block,
                    stats=st,
                    pos=p.position,
                    vitals=Vitals.full(st.hp.value),
                    tactics=p.tactics,
                    aware=p.aware,
                    wielding=tuple(
                        w
                        for w in (initial_wielding(st) if p.wielding is None else p.wielding)
                        if w not in p.stowed
                    ),
                    stowed=p.stowed,
                    ammo=initial_ammo(p.stat_block, st),
                    rules=scenario.ruleset,
                )
            )
        enc = cls(
            battle_map=scenario.map,
            rules=scenario.ruleset,
            combatants=combatants,
            round_limit=scenario.round_limit,
            rng=Random(seed),
            exits=frozenset(scenario.exits),
            name=scenario.name,
            scenario_doc=getattr(scenario, "document", None),
        )
        enc.doors = dict(scenario.doors)
        if any(p.altitude for p in scenario.placements):  # fliers aloft (A145)
            for p in scenario.placements:
                enc.combatants[p.id].altitude = p.altitude
            enc.space.rebuild()
        if any(p.stowed for p in scenario.placements):  # a slung shield counts not
            from d20combat.encounter.maneuvers import refit

            for p in scenario.placements:
                if p.stowed:
                    refit(enc, enc.combatants[p.id])
        enc.start_awareness = {
            p.id: p.awareness for p in scenario.placements if p.awareness in ("check", "guarded")
        }
        enc.lights = {p.id: LIGHT_SOURCES[p.light] for p in scenario.placements if p.light}
        for p in scenario.placements:  # what it starts with, lasting its own turns
            for name, rounds in p.conditions:
                enc.impose(enc.combatants[p.id], name, p.id, rounds)
            if p.mount is not None:  # seed 000 "Mounted Combat"
                from d20combat.encounter.mounted import mount_up

                mount_up(enc, enc.combatants[p.id], enc.combatants[p.mount])
        if start:
            enc.start()
        return enc

    def start(self) -> list[Event]:
        """Roll initiative, open the surprise round if there is one, begin the first turn."""
        if self._started:
            raise IllegalActionError("the encounter has already started")
        self._started = True
        self._events = []
        turns.begin_fight(self)
        return self._events

    # ------------------------------------------------------------------ queries
    @property
    def current(self) -> Combatant | None:
        """The creature whose turn it is (None once the fight is over)."""
        if self.outcome is not None or not self.order:
            return None
        return self.combatants[self.order[self.turn]]

    def get(self, cid: str) -> Combatant:
        """The combatant with id ``cid``.

        Raises:
            IllegalActionError: if there is none (quoting the known ids).
        """
        c = self.combatants.get(cid)
        if c is None:
            known = ", ".join(self.combatants)
            raise IllegalActionError(f"no combatant {cid!r} (combatants: {known})")
        return c

    def state_of(self, c: Combatant) -> HpState:
        return c.state(self.rules)

    def active(self, c: Combatant) -> bool:
        """Still in the fight: present, not surrendered, and able to act."""
        if c.fled or c.surrendered or not c.can_act(self.rules):
            return False
        conds = c.conditions
        return not conds or not (
            "helpless" in conds
            or "paralyzed" in conds
            or "unconscious" in conds
            or "petrified" in conds
        )

    def impose(self, target: Combatant, name: str, owner: str, turns: int = 0) -> None:
        """Give ``target`` the condition ``name`` for ``turns`` starts of ``owner``'s
        turn (0: until removed). Durations owned by another creature must be set here,
        so that they tick on that creature's initiative count (turns._tick).

        A fear or fatigue condition on a creature already afraid or fatigued grows
        (:func:`d20combat.rules.conditions.combine`: SRD "Becoming Even More Fearful",
        "Fatigued"); the grown condition replaces the old one and lasts as the new
        effect says (a reading: the SRD gives no duration). A condition that makes a
        creature drop what it holds (stunned, panicked) does so.
        """
        group = CONDITIONS.get(name, _NO_SPEC).group
        rule = _GROWS.get(group)
        if rule is not None:
            held = [k for k in target.conditions if CONDITIONS.get(k, _NO_SPEC).group == group]
            if held:
                worst = max(held, key=lambda k: CONDITIONS[k].severity)
                grown = combine(worst, name)
                for k in held:
                    del target.conditions[k]
                self.event(target.id, "condition-grows", rule, held=worst, new=name, becomes=grown)
                name = grown
        target.conditions[name] = Condition(owner, turns)
        if turns > 0 and owner != target.id:
            self.timed_by.setdefault(owner, set()).add(target.id)
        if target.wielding and restrictions(frozenset({name})).drops_items:
            # SRD conditions "Stunned", "Panicked": drops everything held
            for weapon in target.wielding:
                drop_item(self, target, weapon, rule=f"SRD conditions {name.capitalize()}")
        self.space.invalidate(target)

    def make_room(self, c: Combatant) -> None:
        """``c`` has just stopped being helpless (woken, its paralysis over) in a square
        another creature ended its move in (SRD combat-ii: one may end a move in a
        helpless creature's square): it moves to the nearest square where it may stand
        alone (the cheapest way, then the topmost, leftmost), a reading (A71)."""
        from d20combat.content.scenarios import Placement, placement_clash

        if not c.present() or not c.can_act(self.rules) or c.restrictions().helpless:
            return
        occupants: dict[tuple[int, int], list[Placement]] = {}
        for o in self.combatants.values():
            if o is c or not o.present() or not o.can_act(self.rules):
                continue
            if o.restrictions().helpless:
                continue
            p = Placement(id=o.id, name=o.id, side=o.side, stat_block=o.stat, position=o.pos)
            for sq in p.squares:
                occupants.setdefault(sq, []).append(p)

        def clash(pos: tuple[int, int]) -> Placement | None:
            me = Placement(id=c.id, name=c.id, side=c.side, stat_block=c.stat, position=pos)
            return placement_clash(me, occupants)

        other = clash(c.pos)
        if other is None:
            return
        reach = self.space.reachable(c, 5 * (self.map.width + self.map.height))
        spots = sorted(
            (cost, pos[1], pos[0])
            for pos, cost in reach.positions().items()
            if pos != c.pos and clash(pos) is None
        )
        if not spots:
            return  # nowhere to go: it shares the square (the map is full)
        start = c.pos
        _, y, x = spots[0]
        self.space.place(c, (x, y))
        self.event(
            c.id,
            "make-room",
            "SRD combat-ii Moving Through a Square (helpless); reading A71",
            target=other.id,
            start=square_name(start),
            end=square_name((x, y)),
        )

    def grant(self, bearer: Combatant, effect: Effect) -> None:
        """Give ``bearer`` an edge over an opponent (aid another, a feint, a victim
        found: :class:`~d20combat.encounter.combatant.Effect`), in place of one of the
        same kind the same creature gave it over the same opponent. One timed on another
        creature's turns is indexed under that creature, as :meth:`impose` does."""
        bearer.effects = [
            e
            for e in bearer.effects
            if (e.kind, e.against, e.by) != (effect.kind, effect.against, effect.by)
        ]
        bearer.effects.append(effect)
        if effect.owner != bearer.id:
            self.timed_by.setdefault(effect.owner, set()).add(bearer.id)

    def enemies(self, c: Combatant) -> Iterator[Combatant]:
        for o in self.combatants.values():
            if o.side != c.side and o.present():
                yield o

    def allies(self, c: Combatant) -> Iterator[Combatant]:
        for o in self.combatants.values():
            if o.side == c.side and o is not c and o.present():
                yield o

    @property
    def sides(self) -> list[str]:
        return list(dict.fromkeys(c.side for c in self.combatants.values()))

    def situation(self, *, with_round: bool = True) -> tuple[object, ...]:
        """Everything a decision can see of the state, as a hashable value: the saved
        state (:meth:`to_json`) but for the dice, the history and the initiative rolls
        (the order shows them), and the round unless ``with_round``. A deterministic
        policy decides the same in two fights of the same cast whose situations are
        equal."""
        cur = self.current
        return (
            cur.id if cur is not None else None,
            self.round if with_round else None,
            tuple(self.order),
            self.budget.situation(),
            tuple(c.situation() for c in self.combatants.values()),
            tuple(self.items),
            tuple(self.planted),
            tuple(self.opened_doors),
            (tuple(self.closed_doors), tuple(self.broken_doors)),
            tuple(sorted(self.object_damage.items())) if self.object_damage else (),
        )

    def door(self, at: tuple[int, int]) -> Door:
        """What the door at ``at`` is (the scenario's ``map.doors``, else an unlocked
        simple wooden door)."""
        return self.doors.get(at) or _PLAIN_DOOR

    def is_over(self) -> bool:
        return self.outcome is not None

    # ------------------------------------------------------------------ events
    def emit(self, event: Event) -> None:
        self.log.append(event)
        self._events.append(event)

    def event(
        self,
        actor: str,
        type_: str,
        rule: str,
        *,
        target: str | None = None,
        totals: tuple[tuple[str, Any], ...] = (),
        rolls_from: int | None = None,
        rolls: tuple[Roll, ...] = (),
        **outcome: Any,
    ) -> Event:
        """Record an event with ``rolls`` and the rolls made since ``rolls_from``."""
        if rolls_from is not None:
            rolls = (*rolls, *self.dice.since(rolls_from))
        e = Event(self.round, actor, type_, rule, rolls, totals, outcome, target)
        self.log.append(e)
        self._events.append(e)
        return e

    @property
    def holds_on(self) -> bool:
        """Someone grapples or clings to another (what
        :func:`~d20combat.encounter.maneuvers.grapple.tidy` looks after)."""
        return bool(self.space.grapplers or self.space.riders)

    def remembered(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """``make()``, remembered under ``key`` while nothing happens: until the next
        action, event or change of the geometry. For the answers one decision asks
        several times (the tactics weigh each maneuver in the same state)."""
        stamp = (len(self.history), len(self.log), self.space.version)
        answers = self._answers
        if stamp != self._stamp:
            answers.clear()
            self._stamp = stamp
        elif key in answers:
            hit: _T = answers[key]
            return hit
        value = answers[key] = make()
        return value

    # ------------------------------------------------------------------ actions
    def legal_actions(self, actor: str | None = None) -> list[Action]:
        """Every legal action of the current creature, in a deterministic order
        (each attack listed may also take a Power Attack value, Combat Expertise or a
        stance where the rules allow one, and a move may be readied along any path a
        move could take; those variants are not multiplied out).

        Other creatures have no actions outside their turn (their reactions are
        decided by :attr:`reactions`), so asking for them gives an empty list.
        """
        from d20combat.encounter.handlers import legal_actions

        cur = self.current
        if cur is None or (actor is not None and actor != cur.id):
            return []
        return legal_actions(self, cur)

    def check(self, action: Action) -> None:
        """Raise IllegalActionError (saying why) unless ``action`` is legal now."""
        cur = self.current
        if cur is None:
            raise IllegalActionError("the fight is over" if self.outcome else "not started")
        check_action(self, cur, action)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (:meth:`check` without the reason)."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Resolve ``action`` for the current creature and return its events.

        Raises:
            IllegalActionError: if the action is not legal now (nothing changes).
        """
        if self.outcome is not None or not self.order:
            raise IllegalActionError("the fight is over" if self.outcome else "not started")
        cur = self.combatants[self.order[self.turn]]
        handler = check_action(self, cur, action)
        if self.budget.move_left:  # seed 004: a move action's feet, into a bull rush
            from d20combat.encounter.maneuvers.bull_rush import moves_on

            moves_on(self, action)
        self._events = []
        self.history.append(str(action))
        if counted(action):  # encounter/speech.py: the bound on free actions (A228)
            count_free(self, cur, action)
        before = cur.pos
        handler.run(self, cur, action)
        if cur.pos != before and cur.id in self.timed_by:
            approached(self, cur, before)  # seed 000: approaching ends its turning
        turns.after_action(self, cur, action)
        return self._events

    # ------------------------------------------------------------------ copies
    def clone(self) -> Encounter:
        """An independent copy that continues exactly as this one would."""
        return Encounter.from_json(self.to_json(), _share=self)

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume this fight exactly (JSON-compatible)."""
        state = self.dice.rng.getstate()
        return {
            "version": SAVE_VERSION,
            "scenario": self.scenario_doc,
            "ruleset": self.rules.name,
            "variants": sorted(v.value for v in self.rules.variants),
            "rng": [state[0], list(state[1]), state[2]],
            "policy_rng": _rng_json(self.policy_rng),
            "round": self.round,
            "turn": self.turn,
            "surprise": self.surprise,
            "order": list(self.order),
            "budget": self.budget.to_json(),
            "combatants": [c.to_json() for c in self.combatants.values()],
            "items": [[list(p), n] for p, n in self.items],
            "planted": [[s, w, list(p), due] for s, w, p, due in self.planted],
            "outcome": self.outcome.to_json() if self.outcome else None,
            "started": self._started,
            "opened_doors": [list(p) for p in self.opened_doors],
            "closed_doors": [list(p) for p in self.closed_doors],
            "broken_doors": [list(p) for p in self.broken_doors],
            "object_damage": [[list(p), n] for p, n in sorted(self.object_damage.items())],
            "history": list(self.history),
        }

    @classmethod
    def from_json(cls, data: Any, *, _share: Encounter | None = None) -> Encounter:
        """Rebuild a saved encounter (the value :meth:`to_json` gave, or its JSON read
        back).

        The data are checked first, as strictly as a scenario
        (:func:`d20combat.encounter.save.load`: the format, the embedded scenario, then
        every invariant of :func:`d20combat.encounter.invariants.problems`), and all
        their problems are reported at once. ``_share`` (:meth:`clone`) skips the checks:
        its data come from a live encounter.

        Raises:
            SaveFileError: listing every problem, each with its JSON path as ``field``.
        """
        if _share is None:
            from d20combat.encounter.save import load

            return load(data)
        return restore(_shared_copy(cls, _share), data)

    @property
    def started(self) -> bool:
        """Initiative has been rolled (:meth:`start`)."""
        return self._started


def _shared_copy(cls: type[Encounter], share: Encounter) -> Encounter:
    """A copy of ``share`` sharing its immutable parts, to be filled by :func:`restore`."""
    from d20combat.encounter.space import Space

    enc = cls.__new__(cls)
    enc.__dict__.update(share.__dict__)
    enc.combatants = {}
    for cid, c in share.combatants.items():
        new = Combatant(c.id, c.name, c.home, c.stat, c.stats, c.pos, c.vitals, rules=c.rules)
        enc.combatants[cid] = new
    enc.reactions = dict(share.reactions)
    enc.holds = dict(share.holds)
    enc.avoids = dict(share.avoids)
    enc.aoo_maneuvers = dict(share.aoo_maneuvers)
    enc.log = list(share.log)
    enc.history = list(share.history)
    enc.dice = SampledDice(Random())
    enc.policy_rng = Random()
    enc.dice.rolls = list(share.dice.rolls)
    enc.space = Space(enc)
    enc._events = []
    enc._stamp = (-1, -1, -1)
    enc._answers = {}
    enc.map = share.map
    enc.own_map = False
    enc.opened_doors = list(share.opened_doors)
    enc.closed_doors = list(share.closed_doors)
    enc.broken_doors = list(share.broken_doors)
    enc.items = list(share.items)
    enc.planted = list(share.planted)
    enc.object_damage = dict(share.object_damage)
    return enc


def restore(enc: Encounter, data: dict[str, Any]) -> Encounter:
    """Fill ``enc`` (built from the save's scenario, or a shared copy) with the saved
    state ``data``. Checks nothing: :func:`d20combat.encounter.save.load` has."""
    state = data["rng"]
    enc.dice.rng.setstate((state[0], tuple(state[1]), state[2]))
    p = data["policy_rng"]
    enc.policy_rng.setstate((p[0], tuple(p[1]), p[2]))
    enc.round = data["round"]
    enc.turn = data["turn"]
    enc.surprise = data["surprise"]
    enc.order = list(data["order"])
    enc.budget = Budget.from_json(dict(data["budget"]))
    by_id = {c["id"]: c for c in data["combatants"]}
    for cid, c in enc.combatants.items():
        c.load_json(by_id[cid])
    enc.items = [((p[0], p[1]), n) for p, n in data["items"]]
    enc.planted = [
        (str(s), str(w), (int(p[0]), int(p[1])), int(due))
        for s, w, p, due in data.get("planted", ())
    ]
    enc.object_damage = {(p[0], p[1]): n for p, n in data.get("object_damage", ())}
    enc.history = list(data["history"])
    enc.outcome = Outcome.from_json(data["outcome"]) if data["outcome"] else None
    enc._started = data["started"]
    m = enc.map
    for door in data["opened_doors"]:
        pos = (door[0], door[1])
        if pos in enc.opened_doors:
            continue
        if m.in_bounds(*pos) and m.flags(*pos) & DOOR:
            enc.space.open_door(pos)
        else:
            enc.opened_doors.append(pos)  # no closed door there: invariants.problems says so
    for door in data.get("closed_doors", ()):
        pos = (door[0], door[1])
        if pos in enc.closed_doors:
            continue
        if m.in_bounds(*pos) and m.flags(*pos) & OPEN_DOOR:
            enc.space.close_door(pos)
        else:
            enc.closed_doors.append(pos)  # no open door there: invariants.problems says so
    enc.broken_doors = [(p[0], p[1]) for p in data.get("broken_doors", ())]
    from d20combat.encounter.maneuvers import refit

    for _ in range(2):  # twice: a weapon taken from one who had taken it
        for c in enc.combatants.values():
            if (
                c.taken
                or c.lost
                or c.stowed
                or c.stats.stat is not c.stat
                or any(ability_loss(c.vitals))
            ):
                refit(enc, c)
    for c in enc.combatants.values():
        if c.inside is not None and c.inside in enc.combatants:
            c.pos = enc.combatants[c.inside].pos  # inside it (saved without a square)
    enc.space.rebuild()
    enc.timed_by = timed_index(enc)
    enc.readiers = {c.id for c in enc.combatants.values() if c.readied is not None}
    return enc


def timed_index(enc: Encounter) -> dict[str, set[str]]:
    """Who bears conditions or effects timed on whose turns (:attr:`Encounter.timed_by`,
    which :meth:`Encounter.impose` and :meth:`Encounter.grant` keep as they go, dropping
    stale entries lazily), as the conditions and effects held now give it."""
    index: dict[str, set[str]] = {}
    for c in enc.combatants.values():
        for cond in c.conditions.values():
            if cond.turns > 0 and cond.owner != c.id:
                index.setdefault(cond.owner, set()).add(c.id)
        for effect in c.effects:
            if effect.owner != c.id:
                index.setdefault(effect.owner, set()).add(c.id)
    return index
