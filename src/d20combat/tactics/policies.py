"""Tactics: policies that choose a creature's next action.

A policy is any function ``(encounter, combatant_id) -> Action``. Policies never
change the state and never use a random module: the baseline policies are
deterministic; ``random`` draws from the encounter's own seeded generator, so its
fights still replay from their seed.

Baseline behaviour (``default``), meant to look sensible to a game master:
* close to melee, or shoot when it has a ranged weapon ready and nobody threatens it;
* take flanking positions (a 5-foot step into a flank before a full attack, or a
  destination that flanks) and avoid paths that provoke attacks of opportunity;
* charge when a clear charge lane exists and nothing better is at hand;
* focus the most wounded foe it can reach; use full attacks when it can;
* an intelligent creature (Int 3 or more) withdraws when nearly dead.

Register new policies with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.rules.conditions import can_use_ranged

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Policy = Callable[["Encounter", str], A.Action]
POLICIES: dict[str, Policy] = {}


def register(name: str) -> Callable[[Policy], Policy]:
    def deco(fn: Policy) -> Policy:
        POLICIES[name] = fn
        return fn

    return deco


def policy(name: str) -> Policy:
    """The policy called ``name``.

    Raises:
        ContentError: for an unknown name, listing the known ones.
    """
    from d20combat.errors import ContentError

    try:
        return POLICIES[name]
    except KeyError:
        raise ContentError(
            f"unknown tactics {name!r}",
            field="tactics",
            expected="one of " + ", ".join(sorted(POLICIES)),
        ) from None


# ---------------------------------------------------------------- helpers
def _foes(enc: Encounter, c: Combatant) -> list[Combatant]:
    return [e for e in enc.enemies(c) if enc.active(e)]


def _priority(enc: Encounter, c: Combatant, e: Combatant) -> tuple[float, int, int, str]:
    """Lower is better: the most wounded, then the weakest, then the nearest."""
    v = e.vitals
    frac = max(v.hp, 0) / max(1, v.max_hp)
    return (frac, v.hp, enc.space.distance_ft(c, e), e.id)


def _intelligent(c: Combatant) -> bool:
    score = c.stat.abilities.get(Ability.INT)
    return score is not None and score >= 3


def _nearly_dead(c: Combatant, fraction: float) -> bool:
    v = c.vitals
    return v.hp <= max(1, int(v.max_hp * fraction))


def _attack_now(enc: Encounter, c: Combatant, *, ranged_ok: bool) -> A.Action | None:
    """An attack against the best foe reachable from here, if any."""
    sp = enc.space
    b = enc.budget
    foes = sorted(_foes(enc, c), key=lambda e: _priority(enc, c, e))
    melee = c.melee_options()
    reach = max((o.reach_ft for o in melee), default=0) + 5
    for e in foes:
        if sp.distance_ft(c, e) > reach:
            continue
        for o in melee:
            if sp.attack_problem(c, o, e) is None:
                return A.Attack(e.id, o.name if len(melee) > 1 else None)
    if not ranged_ok or (sp.threatening(c) and b.standard):
        return None
    ranged = [o for o in c.ready_options() if o.ranged]
    for e in foes:
        for o in ranged:
            if sp.distance_ft(c, e) > o.max_range:
                continue
            if sp.attack_problem(c, o, e) is None and can_use_ranged(
                frozenset(c.conditions),
                frozenset(f.value for f in o.weapon.flags) if o.weapon else frozenset(),
            ):
                return A.Attack(e.id, o.name)
    return None


def _continue_full_attack(enc: Encounter, c: Combatant) -> A.Action | None:
    from d20combat.encounter.handlers import _continuing

    nxt = _continuing(enc, c)
    if nxt is None:
        return None
    option = nxt[0]
    foes = sorted(_foes(enc, c), key=lambda e: _priority(enc, c, e))
    for e in foes:
        if enc.space.attack_problem(c, option, e) is None:
            return A.Attack(e.id)
    return None


def _flank_step(enc: Encounter, c: Combatant) -> A.Action | None:
    """A 5-foot step into a flanking position against a foe still in reach."""
    sp = enc.space
    b = enc.budget
    if b.stepped or b.moved or not b.standard or not b.move:
        return None
    foes = sorted(_foes(enc, c), key=lambda e: _priority(enc, c, e))
    if not foes or not c.melee_options():
        return None
    here_threats = len(sp.threatening(c))
    for e in foes:
        if sp.distance_ft(c, e) > 15 or sp.flanked_by(c, e) or not sp.side_threatens(c.side, e):
            continue  # already flanking, or no ally threatens this foe: no flank to take
        for to in sp.step_squares(c):
            if sp.would_flank(c, e, to) and sp.threat_count_at(c, to) <= here_threats:
                return A.Step(to)
    return None


def _approach(enc: Encounter, c: Combatant, *, avoid_provoking: bool) -> A.Action | None:
    """Charge or move to the best square from which to attack a foe."""
    sp = enc.space
    b = enc.budget
    foes = sorted(_foes(enc, c), key=lambda e: _priority(enc, c, e))
    if not foes or b.stepped:
        return None
    speed = sp.speed(c)
    if speed <= 0 or c.has("prone"):
        return None
    options = c.melee_options()
    if b.standard and not b.moved and options:
        # a 5-foot step into reach never provokes and keeps the full attack
        for to in sp.step_squares(c):
            if any(sp.would_reach(c, e, to) for e in foes):
                return A.Step(to)
    if b.can_full_round and options:
        best_charge = None
        near = [e for e in foes if sp.distance_ft(c, e) <= 2 * speed + 20][:6]
        for e in near:
            for to in sp.charge_destinations(c, e, 2 * speed):
                cost = sp.provocations_along(c, sp.charge_path(c, to))
                key = (cost, _priority(enc, c, e))
                if best_charge is None or key < best_charge[0]:
                    best_charge = (key, A.Charge(e.id, to))
        if best_charge is not None and (best_charge[0][0] == 0 or not avoid_provoking):
            # charging only when no attack square is reachable with a plain move keeps
            # the full attack for the next round; charge when the foe is out of reach.
            plain = sp.best_attack_destination(c, foes, speed, avoid_provoking=avoid_provoking)
            if plain is None:
                return best_charge[1]
    dest = sp.best_attack_destination(c, foes, speed, avoid_provoking=avoid_provoking)
    if dest is not None:
        return A.Move(dest)
    path = sp.path_toward(c, foes, speed, avoid_provoking=avoid_provoking)
    if path:
        return A.Move(path)
    return None


def _retreat(enc: Encounter, c: Combatant) -> A.Action | None:
    sp = enc.space
    b = enc.budget
    if sp.on_exit(c) and (b.move or b.standard) and not b.full_round:
        return A.Escape()
    if not sp.threatening(c):
        return None
    limit = sp.speed(c) * (1 if b.single else enc.rules.withdraw_speed_multiplier)
    if (b.can_full_round or (b.single and b.standard)) and not c.has("prone") and not b.stepped:
        path = sp.safest_path(c, limit, withdraw=True)
        if path:
            return A.Withdraw(path)
    return None


# ---------------------------------------------------------------- policies
def _baseline(
    enc: Encounter, cid: str, *, retreat_at: float, avoid_provoking: bool, prefer_ranged: bool
) -> A.Action:
    c = enc.get(cid)
    b = enc.budget
    if c.pending_full_round is not None:
        return A.Move((c.pending_full_round,))
    nxt = _continue_full_attack(enc, c)
    if nxt is not None:
        return nxt
    if b.attacks_made and (b.committed or not b.standard):
        return A.EndTurn()  # attacked this turn: no wandering off afterwards
    if not _foes(enc, c):
        return A.EndTurn()
    if c.has("prone") and (b.move or b.standard) and not b.full_round and not b.committed:
        return A.StandUp()
    if _intelligent(c) and _nearly_dead(c, retreat_at) and b.standard:
        retreat = _retreat(enc, c)
        if retreat is not None:
            return retreat
    if b.standard and not b.full_round:
        step = _flank_step(enc, c)
        if step is not None:
            return step
        ranged_first = prefer_ranged and not enc.space.threatening(c)
        if ranged_first:
            attack = _attack_now(enc, c, ranged_ok=True)
            if isinstance(attack, A.Attack) and _is_ranged(c, attack):
                return attack
        attack = _attack_now(enc, c, ranged_ok=True)
        if attack is not None:
            return attack
        draw = _draw_melee_if_cornered(enc, c)
        if draw is not None:
            return draw
    if (b.move or b.standard) and not b.committed and not b.full_round and not b.attacks_made:
        approach = _approach(enc, c, avoid_provoking=avoid_provoking)
        if approach is not None:
            return approach
    return A.EndTurn()


def _is_ranged(c: Combatant, action: A.Attack) -> bool:
    for o in c.ready_options():
        if o.name == action.weapon:
            return o.ranged
    return False


def _draw_melee_if_cornered(enc: Encounter, c: Combatant) -> A.Action | None:
    """Holding only a ranged weapon with a foe in its face: draw a melee weapon."""
    if c.melee_options() and any(
        not o.natural and o.name != "unarmed strike" for o in c.melee_options()
    ):
        return None
    if not enc.space.threatening(c):
        return None
    for o in c.stats.options:
        if (
            not o.ranged
            and not o.natural
            and o.weapon is not None
            and (o.name != "unarmed strike" and o.item not in c.wielding)
        ):
            return A.Draw(o.item)
    return None


@register("default")
def default_policy(enc: Encounter, cid: str) -> A.Action:
    """Close and fight sensibly; withdraw at a quarter of its hit points if intelligent."""
    return _baseline(enc, cid, retreat_at=0.25, avoid_provoking=True, prefer_ranged=True)


@register("aggressive")
def aggressive_policy(enc: Encounter, cid: str) -> A.Action:
    """Go for the weakest foe by the shortest way, provoking if need be; never retreat."""
    return _baseline(enc, cid, retreat_at=-1.0, avoid_provoking=False, prefer_ranged=False)


@register("cautious")
def cautious_policy(enc: Encounter, cid: str) -> A.Action:
    """Never provoke on purpose; withdraw at half its hit points."""
    return _baseline(enc, cid, retreat_at=0.5, avoid_provoking=True, prefer_ranged=True)


@register("ranged")
def ranged_policy(enc: Encounter, cid: str) -> A.Action:
    """Prefer shooting; step away from a foe in its face, then shoot."""
    c = enc.get(cid)
    b = enc.budget
    sp = enc.space
    if (
        any(o.ranged for o in c.ready_options())
        and sp.threatening(c)
        and not b.stepped
        and (not b.moved and b.standard)
    ):
        for to in sp.step_squares(c):
            if sp.threat_count_at(c, to) == 0:
                return A.Step(to)
    return _baseline(enc, cid, retreat_at=0.25, avoid_provoking=True, prefer_ranged=True)


@register("hold")
def hold_policy(enc: Encounter, cid: str) -> A.Action:
    """Hold position: attack whoever is in reach, else ready an attack for whoever comes."""
    c = enc.get(cid)
    b = enc.budget
    nxt = _continue_full_attack(enc, c)
    if nxt is not None:
        return nxt
    if b.standard and not b.full_round and b.routine is None:
        attack = _attack_now(enc, c, ranged_ok=True)
        if attack is not None:
            return attack
        if c.melee_options() and c.readied is None:
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
