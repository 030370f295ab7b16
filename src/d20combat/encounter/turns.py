"""Initiative, surprise, rounds and turns, durations, and the end of the fight.

Sources:
* seed 003 "Initiative Checks": a Dexterity check; ties go to the higher total
  modifier, then a reroll; the order holds every round;
* seed 003 "Surprise", "Surprise Round", "Determining Awareness", "Unaware
  Combatants": when some but not all combatants are aware, the aware ones act in a
  surprise round, one standard or move action each (seed 004 "Action Types");
* seed 003 "Flat-Footed": flat-footed "before your first regular turn in the
  initiative order" (a turn in the surprise round does not end it: A197);
* awareness checks and creatures caught unaware at the start: encounter/awareness.py;
* SRD combat-i "Stable Characters and Recovery" (dying checks on one's turn);
  seed 004 "Recovering without Help";
* seed 004 "Ready": a readied action not taken by one's next turn is lost;
* seed 003 "Inaction": a creature that cannot act keeps its initiative count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter.actions import NAMED_ACTIONS, Action, EndTurn
from d20combat.encounter.combatant import Budget, Combatant, Effect
from d20combat.encounter.outcome import EndKind, Outcome, SideStatus
from d20combat.rules.conditions import CONDITIONS, restrictions
from d20combat.rules.dice import D20
from d20combat.rules.hitpoints import HpState, dying_check, strenuous_action

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

INIT_RULE = "seed 003 Initiative Checks"
_LIMITED = frozenset(s for s in HpState if s.limited)
_VALUE = {s: s.value for s in HpState}
MAX_ACTIONS_PER_TURN = 60
ROUND_SECONDS = 6  # SRD combat-i "The Combat Round"; seed 004 "Combat Round"


def begin_fight(enc: Encounter) -> None:
    """Roll initiative for everyone and begin the first turn."""
    from d20combat.encounter import awareness

    if enc.start_awareness:
        checking = [cid for cid, how in enc.start_awareness.items() if how == "check"]
        if checking:
            awareness.determine(enc, checking)
    for c in enc.combatants.values():
        mark = enc.dice.mark()
        roll = enc.dice.roll(D20, f"initiative ({c.name})")
        bonus = c.roll_total(c.stats.initiative, "initiative")  # deafened: -4
        c.initiative = roll + bonus.value
        enc.event(
            c.id,
            "initiative",
            INIT_RULE,
            totals=(("initiative", bonus),),
            rolls_from=mark,
            result=c.initiative,
        )
    _break_ties(enc)
    enc.order = sorted(
        enc.combatants,
        key=lambda cid: _init_key(enc.combatants[cid]),
        reverse=True,
    )
    if any(c.mount is not None for c in enc.combatants.values()):
        from d20combat.encounter.mounted import arrange

        arrange(enc)
    aware = [c for c in enc.combatants.values() if c.aware]
    enc.surprise = 0 < len(aware) < len(enc.combatants)
    enc.round = 0 if enc.surprise else 1
    enc.event(
        "",
        "round",
        "seed 003 Surprise Round" if enc.surprise else INIT_RULE,
        surprise=enc.surprise,
        order=list(enc.order),
    )
    if enc.surprise:
        # seed 004: precautions, "being able to make Spot checks" among them
        guarded = frozenset(enc.start_awareness)  # ``guarded`` or ``check``
        awareness.catch_unaware(enc, guarded)
    enc.turn = 0
    begin_turn(enc)


def elapsed(enc: Encounter, through: bool = False) -> int:
    """Game time in seconds at the start of the current round (``through``: at its
    end): every round, the surprise round included, is 6 seconds (SRD combat-i "The
    Combat Round"; seed 004 "Combat Round")."""
    done = enc.round - (0 if enc.surprise else 1) + (1 if through else 0)
    return ROUND_SECONDS * max(0, done)


def _init_key(c: Combatant) -> tuple[int, int, tuple[int, ...]]:
    return (c.initiative, c.roll_total(c.stats.initiative, "initiative").value, c.tiebreak)


def _break_ties(enc: Encounter) -> None:
    """Reroll among combatants tied on result and modifier until all differ."""
    while True:
        groups: dict[tuple[int, int, tuple[int, ...]], list[Combatant]] = {}
        for c in enc.combatants.values():
            groups.setdefault(_init_key(c), []).append(c)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            return
        for group in tied:
            for c in group:
                mark = enc.dice.mark()
                c.tiebreak = (*c.tiebreak, enc.dice.roll(D20, f"initiative tie ({c.name})"))
                enc.event(
                    c.id, "initiative-tie", INIT_RULE, rolls_from=mark, tiebreak=list(c.tiebreak)
                )


def begin_turn(enc: Encounter) -> None:
    """Start the current creature's turn; skip creatures that cannot act."""
    for _ in range(len(enc.order) * (enc.round_limit + 2) + 2):
        if enc.outcome is not None:
            return
        c = enc.combatants[enc.order[enc.turn]]
        if _start(enc, c):
            return
        end_effects(enc, c)  # a turn skipped is over at once
        _advance(enc)
    raise RuntimeError("no creature could act")  # a bug: every loop is bounded


def _acts(enc: Encounter, c: Combatant) -> None:
    """``c``'s turn has come: from its first regular turn it is no longer flat-footed
    (seed 003 / SRD combat-i "Flat-Footed": "specifically, before your first regular
    turn in the initiative order"; a turn in the surprise round leaves it flat-footed)."""
    if enc.round > 0:
        c.acted = True


def _start(enc: Encounter, c: Combatant) -> bool:
    """Open ``c``'s turn. Returns False if it cannot act (the turn is skipped)."""
    enc.budget = Budget()
    if c.fled or c.surrendered:
        return False
    if enc.round == 0 and not c.aware:
        return False  # unaware creatures do not act in the surprise round
    first_start = c.ticked_round != enc.round
    if first_start and enc.planted:  # seed 004: planted explosives on their timers
        from d20combat.encounter.maneuvers.explosives import detonate_due

        detonate_due(enc, c)
        check_outcome(enc)
        if enc.outcome is not None:
            return False
    if first_start:
        c.ticked_round = enc.round
        _tick(enc, c)
        if c.breath >= 0:  # under water, holding its breath (encounter.swimming)
            from d20combat.encounter.swimming import hold_breath

            hold_breath(enc, c)
            check_outcome(enc)
            if enc.outcome is not None:
                return False
        if c.stat.swallow_whole is not None:  # SRD "Swallow Whole": damage inside
            from d20combat.encounter.maneuvers.swallow import digest

            digest(enc, c)
            if enc.outcome is not None:
                return False
        if enc.gazers:  # SRD "Gaze Attacks": a save at the start of its turn
            from d20combat.encounter.maneuvers.gaze import turn_start

            turn_start(enc, c)
            if enc.outcome is not None:
                return False
        if c.withdrew:
            c.withdrew -= 1  # 1: it withdrew in its last turn
        c.aoo_used = 0
        c.cleaves_used = 0
        c.power_attack = 0
        c.expertise = 0
        c.provoked_by_move.clear()
        if c.altitude:  # flight: a new turn's count; a helpless descent goes on
            from d20combat.encounter.flight import turn_start

            turn_start(enc, c)
        if c.readied is not None:
            enc.event(c.id, "ready-lost", "seed 004 Ready", trigger=c.readied[0])
            c.readied = None
            c.readied_move = None
            c.readied_free = None
            enc.readiers.discard(c.id)
    state = c.state(enc.rules)
    can_act = c.can_act(enc.rules)
    if c.fumbled and can_act:
        c.fumbled = False
        _acts(enc, c)
        enc.event(c.id, "fumble-recovery", "seed 000 Critical Misses (Fumbles)")
        return False
    if state is HpState.DYING and first_start:
        mark = enc.dice.mark()
        fort = c.roll_total(c.stats.saves["fort"], "save")
        out = dying_check(c.vitals, enc.rules, enc.dice, fort=fort.value)
        c.vitals = out.vitals
        if c.state(enc.rules) is not state:
            enc.space.invalidate(c)
        enc.event(
            c.id,
            "dying",
            "SRD combat-i Stable Characters and Recovery",
            totals=(("fortitude save", fort),) if enc.rules.dying_recovery == "fortitude" else (),
            rolls_from=mark,
            hp=c.vitals.hp,
            state=c.state(enc.rules).value,
            notes=list(out.notes),
        )
        check_outcome(enc)
        return False
    if not can_act:
        return False
    if enc.space.riders and c.id in enc.space.riders:  # seed 000 "Horses in Combat"
        from d20combat.encounter.mounted import directed

        if not directed(enc, c):
            _acts(enc, c)
            enc.event(c.id, "no-action", "seed 000 Mounted Combat", conditions=["frightened"])
            return False
    r = c.restrictions()
    if r.actions == "none" and not r.escape_actions & NAMED_ACTIONS:
        # a pinned creature's turn still comes: it may try to escape (seed 000)
        enc.event(c.id, "no-action", "SRD conditions", conditions=sorted(c.conditions))
        _acts(enc, c)
        return False
    _acts(enc, c)
    if c.traits.dodge:
        _designate_dodge(enc, c)
    single = enc.round == 0 or state in _LIMITED or r.actions == "single"
    enc.budget.single = single
    if r.actions == "move-only":
        enc.budget.standard = False
    if c.mount is not None and "mount-controlled" in c.conditions:
        enc.budget.move = False  # spent controlling its frightened mount (seed 000)
    if c.grappling:  # SRD "Swallow Whole", "Rake": held as its turn begins
        enc.budget.held = c.grappling
    enc.event(
        c.id, "turn", "seed 004 Action Types", single=single, hp=c.vitals.hp, state=_VALUE[state]
    )
    if c.pending_full_round is not None:
        enc.budget.standard = True  # completing a started full-round action
    if first_start and enc.map.has_water and c.stat.speed.swim == 0:
        from d20combat.encounter.swimming import start_turn

        start_turn(enc, c)  # seed 000 "Underwater Combat": the round's Swim check
    return True


def _designate_dodge(enc: Encounter, c: Combatant) -> None:
    """SRD feats "Dodge": on its turn the creature designates an opponent; here, the
    nearest active one (then by id), so the choice is deterministic."""
    pick = enc.space.nearest_enemy(c)
    if pick is not None and pick.id != c.dodge_target:
        c.dodge_target = pick.id
        enc.event(c.id, "dodge", "SRD feats Dodge", target=pick.id)


def _tick(enc: Encounter, owner: Combatant) -> None:
    """Conditions and effects whose duration runs on ``owner``'s initiative count tick
    down: its own, and those it imposed on others (``enc.timed_by``), in combatant
    order."""
    oid = owner.id
    bearers = [owner]
    others = enc.timed_by.get(oid)
    if others:
        rank = {cid: i for i, cid in enumerate(enc.combatants)}  # rare: keep it simple
        bearers = sorted((owner, *(enc.combatants[i] for i in others)), key=lambda k: rank[k.id])
    for c in bearers:
        if c.effects:
            _tick_effects(enc, c, oid)
        if c.conditions:
            ended = []
            for name, cond in c.conditions.items():
                if cond.owner == oid and cond.turns > 0:
                    cond.turns -= 1
                    if cond.turns == 0:
                        ended.append(name)
            for name in ended:
                del c.conditions[name]
                c.channelled.pop(name, None)  # a turning's check ends with it
                enc.event(c.id, "condition-ends", "duration", condition=name)
            if ended:
                enc.space.invalidate(c)
                gone = frozenset(n for n in ended if n in CONDITIONS)
                if restrictions(gone).helpless:  # it may share a square
                    enc.make_room(c)
        if (
            others
            and c is not owner
            and not any(k.owner == oid and k.turns > 0 for k in c.conditions.values())
            and not any(e.owner == oid for e in c.effects)
        ):
            others.discard(c.id)


def _tick_effects(enc: Encounter, c: Combatant, oid: str) -> None:
    """``c``'s effects timed on ``oid``'s turns tick down; those lasting through the
    turn whose start has come stay until it ends (:func:`end_effects`); one whose
    turn has passed unended (a turn skipped) ends now."""
    kept = []
    for e in c.effects:
        if e.owner == oid:
            if e.turns == 0:  # lasted through a turn that has now passed
                _effect_ends(enc, c, e)
                continue
            e.turns -= 1
            if e.turns == 0 and not e.through:
                _effect_ends(enc, c, e)
                continue
        kept.append(e)
    c.effects = kept


def _effect_ends(enc: Encounter, c: Combatant, e: Effect) -> None:
    enc.event(c.id, "effect-ends", "duration", target=e.against, effect=e.kind, by=e.by)


def end_effects(enc: Encounter, owner: Combatant) -> None:
    """At the end of ``owner``'s turn, the effects lasting through it end (a feint "on
    or before your next turn"; seed 004's aid another "on the friend's next turn")."""
    others = enc.timed_by.get(owner.id)
    if not others and not owner.effects:
        return
    bearers = [owner]
    if others:
        bearers += [enc.combatants[i] for i in sorted(others)]
    for c in bearers:
        if any(e.owner == owner.id and e.through and e.turns == 0 for e in c.effects):
            kept = []
            for e in c.effects:
                if e.owner == owner.id and e.through and e.turns == 0:
                    _effect_ends(enc, c, e)
                else:
                    kept.append(e)
            c.effects = kept


def _advance(enc: Encounter) -> None:
    enc.turn += 1
    if enc.turn >= len(enc.order):
        enc.turn = 0
        enc.round += 1
        if enc.round > enc.round_limit:
            _truncate(enc)
            return
        enc.event("", "round", "seed 003 Initiative Checks", round=enc.round, seconds=elapsed(enc))
        if not enc.rules.delay_into_next_round:
            _forfeiters_first(enc)
        for x in enc.combatants.values():
            x.delayed = None  # a new round: delays are the round's


FORFEIT_RULE = "seed 004 Delaying Limits"


def _forfeit(enc: Encounter, c: Combatant) -> None:
    """seed 004 "Delaying Limits": a creature that delayed this round and ends its turn
    without acting loses its action for the round (delays end with the round: the
    ruleset's ``delay_into_next_round`` false): marked by a ``forfeit`` event (A194)."""
    b = enc.budget
    if not (b.standard and b.move and not b.moved and not b.stepped and b.routine is None):
        return  # it acted
    if c.delayed is not None:
        c.forfeited = 1 + sum(1 for x in enc.combatants.values() if x.forfeited)
        enc.event(c.id, "forfeit", FORFEIT_RULE)


def _forfeiters_first(enc: Encounter) -> None:
    """seed 004 "Delaying Limits": "a character who loses his action ... may act on any
    count in his next turn" without interrupting anyone: those who forfeited in the round
    just ended go first in the new one, from where they may delay to any count (A194)."""
    lost = sorted((x.forfeited, x.id) for x in enc.combatants.values() if x.forfeited)
    if not lost:
        return
    for _, cid in lost:
        enc.combatants[cid].forfeited = 0
    found = [cid for _, cid in lost if cid in enc.order]  # in the order they forfeited
    for cid in found:
        enc.order.remove(cid)
    enc.order[0:0] = found
    for cid in found:
        enc.event(cid, "initiative-change", FORFEIT_RULE, order=list(enc.order))


def end_turn(enc: Encounter, *, delaying: bool = False) -> None:
    """End the current creature's turn (``delaying``: it only waits to act later, so
    nothing lasting through its turn ends yet) and begin the next."""
    c = enc.current
    if c is not None:
        if c.grappling:
            from d20combat.encounter.maneuvers.grapple import end_of_turn

            end_of_turn(enc, c)
        if not delaying:
            end_effects(enc, c)
            if c.altitude:  # flight: one unable to hover must keep moving
                from d20combat.encounter.flight import end_of_turn as kept_aloft

                kept_aloft(enc, c)
            if c.mount is not None:
                from d20combat.encounter.mounted import end_of_turn as dismissed

                dismissed(c)
        if not delaying and not enc.rules.delay_into_next_round:
            _forfeit(enc, c)
        enc.event(c.id, "end-turn", "seed 004 Action Types")
    _advance(enc)
    if enc.outcome is None:
        begin_turn(enc)


def after_action(enc: Encounter, actor: Combatant, action: Action) -> None:
    """After an action: a disabled creature strains itself by a standard action (SRD
    combat-i "Disabled": 1 point of damage after the act); check the end of the fight;
    end the turn when it is over."""
    if action.kind in ("standard", "full-round") and actor.state(enc.rules) is HpState.DISABLED:
        actor.vitals = strenuous_action(actor.vitals, enc.rules)
        if actor.state(enc.rules) is not HpState.DISABLED:
            enc.space.invalidate(actor)
        enc.event(
            actor.id,
            "strain",
            "SRD combat-i Disabled",
            hp=actor.vitals.hp,
            state=actor.state(enc.rules).value,
        )
    if enc.holds_on:
        from d20combat.encounter.maneuvers.grapple import tidy

        tidy(enc)
    if enc.space.riders:  # seed 000 "Mounted Combat": a fallen mount, a dropped rider
        from d20combat.encounter.mounted import tidy as unseat

        unseat(enc)
    if enc.space.aloft:  # flight: a flier made helpless aloft comes down
        from d20combat.encounter.flight import tidy as bring_down

        bring_down(enc)
    if enc.space.swallowed:  # SRD "Swallow Whole": a swallower gone lets them out
        from d20combat.encounter.maneuvers.swallow import tidy as let_out

        let_out(enc)
    check_outcome(enc)
    if enc.outcome is not None:
        return
    if isinstance(action, EndTurn) or not enc.active(actor) or enc.current is not actor:
        if enc.current is actor:
            end_turn(enc)
        return


def check_outcome(enc: Encounter) -> None:
    """End the fight when at most one side can still fight."""
    if enc.outcome is not None:
        return
    # Two creatures of different sides still active: the fight goes on. The last two
    # found are tried first (ids: a clone may hold the original's).
    seen = enc.fighters
    if len(seen) == 2:
        a, b = enc.combatants[seen[0]], enc.combatants[seen[1]]
        if enc.active(a) and enc.active(b):
            return
    witness: dict[str, str] = {}
    for c in enc.combatants.values():
        if c.side not in witness and enc.active(c):
            witness[c.side] = c.id
            if len(witness) == 2:
                enc.fighters = tuple(witness.values())
                return
    fighting = []
    statuses: dict[str, SideStatus] = {}
    for side in enc.sides:
        members = [c for c in enc.combatants.values() if c.side == side]
        if any(enc.active(c) for c in members):
            fighting.append(side)
            statuses[side] = SideStatus.FIGHTING
        elif (
            members
            and all(c.fled for c in members if not c.state(enc.rules).down)
            and any(c.fled for c in members)
        ):
            statuses[side] = SideStatus.FLED
        elif any(c.surrendered for c in members):
            statuses[side] = SideStatus.SURRENDERED
        else:
            statuses[side] = SideStatus.DEFEATED
    if len(fighting) > 1:
        return
    rounds = max(enc.round, 1)
    if fighting:
        statuses[fighting[0]] = SideStatus.WON
        enc.outcome = Outcome(EndKind.VICTORY, fighting[0], rounds, statuses)
    else:
        enc.outcome = Outcome(EndKind.DRAW, None, rounds, statuses)
    enc.event(
        "", "outcome", "end of the fight", **enc.outcome.to_json(), seconds=elapsed(enc, True)
    )


def _truncate(enc: Encounter) -> None:
    statuses = {}
    for side in enc.sides:
        members = [c for c in enc.combatants.values() if c.side == side]
        statuses[side] = (
            SideStatus.FIGHTING if any(enc.active(c) for c in members) else SideStatus.DEFEATED
        )
    enc.round = enc.round_limit
    enc.outcome = Outcome(EndKind.TRUNCATED, None, enc.round_limit, statuses)
    enc.event("", "outcome", "round limit", **enc.outcome.to_json(), seconds=elapsed(enc, True))
