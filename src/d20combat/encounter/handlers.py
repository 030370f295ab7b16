"""The table of action types: how each is checked, resolved and enumerated.

A new action (a special attack, say) plugs in by adding an :class:`Action` subclass
in :mod:`d20combat.encounter.actions` and one :class:`Handler` entry to
:data:`HANDLERS`: no other code changes.

Checks raise :class:`~d20combat.errors.IllegalActionError` saying why. Sources are
named on each handler; the shared ones are seed 004 "Action Types" (standard, move,
full-round, free; a move in place of a standard), SRD combat-i "Take 5-Foot Step",
and :mod:`d20combat.rules.conditions` for what conditions forbid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability
from d20combat.content.equipment import Weapon, WeaponFlag
from d20combat.encounter import actions as A
from d20combat.encounter import activities as ACT
from d20combat.encounter import climbing as CLIMB
from d20combat.encounter import flight as FLY
from d20combat.encounter import mounted as M
from d20combat.encounter import speech as SPEECH
from d20combat.encounter import stealth as STEALTH
from d20combat.encounter import stowed as STOW
from d20combat.encounter import swimming as SWIM
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.fear import COWER_RULE, FLEE_RULE, RANDOM_PATH, fleeing_fear, flight
from d20combat.encounter.fighting import can_power_attack, provoke, strike, unarmed_provokes
from d20combat.encounter.maneuvers import (
    CHARGE_MANEUVERS,
    attempt_maneuver,
    maneuver_attacks,
    maneuver_problem,
    reclaim,
)
from d20combat.encounter.maneuvers import aid as AID
from d20combat.encounter.maneuvers import aimed_shot as AIM
from d20combat.encounter.maneuvers import autofire as AUTOFIRE
from d20combat.encounter.maneuvers import bull_rush as BR
from d20combat.encounter.maneuvers import burst as BURST
from d20combat.encounter.maneuvers import climb_about as CA
from d20combat.encounter.maneuvers import coup_de_grace as CDG
from d20combat.encounter.maneuvers import drain as _DRAIN  # noqa: F401  (registers its hook)
from d20combat.encounter.maneuvers import explosives as EXPLOSIVES
from d20combat.encounter.maneuvers import feint as FEINT
from d20combat.encounter.maneuvers import gaze as GAZE
from d20combat.encounter.maneuvers import grapple as G
from d20combat.encounter.maneuvers import knockout as KO
from d20combat.encounter.maneuvers import monster as MON
from d20combat.encounter.maneuvers import objects as O
from d20combat.encounter.maneuvers import splash as SPLASH
from d20combat.encounter.maneuvers import turning as TURN
from d20combat.encounter.maneuvers import wake as WAKE
from d20combat.encounter.maneuvers.bull_rush import check_bull_rush, gen_bull_rush, run_bull_rush
from d20combat.encounter.maneuvers.overrun import check_overrun, gen_overrun, run_overrun
from d20combat.encounter.maneuvers.tumble import check_tumble, gen_tumble, run_tumble
from d20combat.encounter.movement import crawl, walk
from d20combat.encounter.running import keep_running
from d20combat.errors import IllegalActionError
from d20combat.grid.terrain import OPEN_DOOR
from d20combat.rules.attack import lethal_refused
from d20combat.rules.conditions import can_use_ranged
from d20combat.rules.dice import Dice
from d20combat.rules.maneuvers.charge import charge_multiplier
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption, Routine

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

Check = Callable[["Encounter", Combatant, A.Action], None]
Run = Callable[["Encounter", Combatant, A.Action], None]
Generate = Callable[["Encounter", Combatant], Iterable[A.Action]]


@dataclass(frozen=True)
class Handler:
    check: Check
    run: Run
    generate: Generate


def _fail(why: str) -> IllegalActionError:
    return IllegalActionError(why)


# ---------------------------------------------------------------- budget helpers
def need_move_action(enc: Encounter, c: Combatant) -> None:
    b = enc.budget
    if c.pending_full_round is not None:
        raise _fail("must first complete the full-round action begun last turn")
    if b.committed or b.full_round:
        raise _fail("the full-round action already taken leaves no move action")
    if not (b.move or b.standard):
        raise _fail("no move action left this turn")


def need_standard(enc: Encounter, c: Combatant) -> None:
    b = enc.budget
    if c.pending_full_round is not None:
        raise _fail("must first complete the full-round action begun last turn")
    if not b.standard or b.full_round:
        raise _fail("no standard action left this turn")


def need_attack_action(enc: Encounter, c: Combatant, what: str) -> None:
    """A standard action with no attack made yet this turn: ``what`` is an attack action
    of its own (seed 004 "Autofire", "Thrown Explosives")."""
    need_standard(enc, c)
    b = enc.budget
    if b.routine is not None or b.attacks_made:
        raise _fail(f"{what} is an attack action of its own: no attack made yet")


def need_full_round(enc: Encounter, c: Combatant) -> None:
    if c.pending_full_round is not None:
        raise _fail("must first complete the full-round action begun last turn")
    if not enc.budget.can_full_round:
        why = (
            "limited to one action this turn"
            if enc.budget.single
            else ("a full-round action needs the whole turn")
        )
        raise _fail(why)
    if enc.budget.stepped:
        raise _fail("a 5-foot step was taken this turn")


def need_mobile(enc: Encounter, c: Combatant) -> None:
    r = c.restrictions()
    if not r.can_move:
        raise _fail("its conditions forbid moving: " + ", ".join(sorted(c.conditions)))
    if c.has("prone"):
        raise _fail("prone: stand up first (or crawl)")
    if enc.map.has_water:
        SWIM.not_afloat(enc, c)  # seed 000 note 2: it moves by Swim checks


def _speed(enc: Encounter, c: Combatant) -> int:
    return enc.space.speed(c)


# ---------------------------------------------------------------- end turn
def _check_end(enc: Encounter, c: Combatant, a: A.Action) -> None:
    return None


def _run_end(enc: Encounter, c: Combatant, a: A.Action) -> None:
    return None  # turns.after_action ends the turn


# ---------------------------------------------------------------- movement
def _check_move(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Move)
    if c.pending_full_round is not None:
        if a.path != (c.pending_full_round,):
            raise _fail(
                "must complete the full-round action begun last turn: "
                f"move {A.square_name(c.pending_full_round)}"
            )
        return
    if enc.budget.rushed_in_move:  # seed 004: the move goes on after its bull rush
        BR.check_move_on(enc, c, a.path)
        return
    need_move_action(enc, c)
    need_mobile(enc, c)
    if enc.budget.stepped:
        raise _fail("no other movement in a round with a 5-foot step")
    if enc.budget.moved and _resting_one_move(enc, c):
        raise _fail("resting after its run: no faster than one move action (SRD Run)")
    cost = enc.space.path_cost(c, a.path)
    speed = _speed(enc, c)
    if cost > speed:
        single = len(a.path) == 1 and enc.budget.can_full_round
        if not single:
            raise _fail(f"the path costs {cost} ft but speed is {speed} ft")


def _resting_one_move(enc: Encounter, c: Combatant) -> bool:
    """Resting after running to its limit, where that allows one move action's movement
    a round (the ruleset's ``run_rest_movement``, D85)."""
    return "run-rest" in c.conditions and enc.rules.run_rest_movement == "one-move"


def _run_move(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Move)
    b = enc.budget
    if c.pending_full_round is not None:
        c.pending_full_round = None
        b.use("standard")
        b.moved = True
        walk(enc, c, a.path, kind="move")
        return
    if b.rushed_in_move:
        BR.move_on(enc, c, a.path)
        return
    cost = enc.space.path_cost(c, a.path)
    if cost > _speed(enc, c):
        # SRD combat-ii "Minimum Movement": a full-round action to move 5 feet.
        b.use("full-round")
        if "difficult-step" in enc.rules.provoking_actions:
            pass  # leaving the square provokes as movement anyway
    else:
        b.use("move")
        if enc.rules.bull_rush_in_move:  # seed 004: a bull rush may come during it
            b.move_left = _speed(enc, c) - cost
    b.moved = True
    if b.routine is not None and not b.committed:
        b.routine = None  # a move after the first attack ends the full attack option
    walk(enc, c, a.path, kind="move")


def _gen_move(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if c.pending_full_round is not None:
        yield A.Move((c.pending_full_round,))
        return
    if b.rushed_in_move:  # seed 004: on after the bull rush, within the move's feet
        if c.restrictions().can_move and not c.has("prone"):
            yield from (A.Move(p) for p in enc.space.paths(c, b.move_left))
        return
    if b.stepped or b.committed or b.full_round or not (b.move or b.standard):
        return
    if not c.restrictions().can_move or c.has("prone"):
        return
    for path in enc.space.paths(c, _speed(enc, c)):
        yield A.Move(path)


def _check_step(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Step)
    b = enc.budget
    if c.pending_full_round is not None:
        raise _fail("must first complete the full-round action begun last turn")
    if b.stepped:
        raise _fail("only one 5-foot step a round")
    if b.moved:
        raise _fail("no 5-foot step in a round with other movement")
    need_mobile(enc, c)
    if _speed(enc, c) <= 5:
        raise _fail("a creature with a speed of 5 ft or less cannot take a 5-foot step")
    enc.space.check_step(c, a.to)


def _run_step(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Step)
    enc.budget.stepped = True
    walk(enc, c, (a.to,), kind="step", provokes=False)


def _gen_step(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if b.stepped or b.moved or c.pending_full_round is not None:
        return
    if not c.restrictions().can_move or c.has("prone") or _speed(enc, c) <= 5:
        return
    for to in enc.space.step_squares(c):
        yield A.Step(to)


def _check_withdraw(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Withdraw)
    if enc.budget.single:
        need_standard(enc, c)  # SRD combat-i "Restricted Withdraw"
        if enc.budget.stepped:
            raise _fail("no withdraw in a round with a 5-foot step")
    else:
        need_full_round(enc, c)
    need_mobile(enc, c)
    if c.has("blinded"):
        raise _fail("a blinded creature cannot withdraw")
    host = enc.space.larger_foe_around(c)
    if host is not None:  # seed 000 "Mixing It Up"
        raise _fail(f"it stands in {host.id}'s space, which {host.id} can attack into")
    cost = enc.space.path_cost(c, a.path)
    limit = _speed(enc, c) * (1 if enc.budget.single else enc.rules.withdraw_speed_multiplier)
    if cost > limit:
        raise _fail(f"the path costs {cost} ft; withdrawing allows {limit} ft")


def _run_withdraw(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Withdraw)
    enc.budget.use("standard" if enc.budget.single else "full-round")
    enc.budget.moved = True
    c.withdrew = 2
    walk(enc, c, a.path, kind="withdraw", free_start=True)


def _gen_withdraw(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if b.stepped or c.pending_full_round is not None or c.has("prone") or c.has("blinded"):
        return
    if not (b.can_full_round or (b.single and b.standard)) or not c.restrictions().can_move:
        return
    if enc.space.larger_foe_around(c) is not None:
        return  # seed 000 "Mixing It Up": no withdraw from inside a foe's space
    limit = _speed(enc, c) * (1 if b.single else enc.rules.withdraw_speed_multiplier)
    for path in enc.space.paths(c, limit):
        yield A.Withdraw(path)


def _run_limit(enc: Encounter, c: Combatant) -> int:
    heavy = enc.space.in_heavy_armor(c)
    mult = enc.rules.run_heavy_armor_multiplier if heavy else enc.rules.run_speed_multiplier
    return _speed(enc, c) * mult


def _check_run(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Run)
    need_full_round(enc, c)
    need_mobile(enc, c)
    if not c.restrictions().can_run:
        raise _fail("its conditions forbid running: " + ", ".join(sorted(c.conditions)))
    enc.space.check_straight(c, a.path, what="run")
    cost = enc.space.path_cost(c, a.path)
    if cost > _run_limit(enc, c):
        raise _fail(f"the run costs {cost} ft; running allows {_run_limit(enc, c)} ft")


def _run_run(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Run)
    if not keep_running(enc, c):  # seed 004 "Run": past Con rounds, a Con check
        return
    enc.budget.use("full-round")
    enc.budget.moved = True
    if not c.stat.has_feat("run"):
        c.conditions["running"] = Condition(c.id, 1)
    walk(enc, c, a.path, kind="run")


def _gen_run(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not b.can_full_round or b.stepped or c.pending_full_round is not None:
        return
    if c.has("prone") or not c.restrictions().can_move or not c.restrictions().can_run:
        return
    for path in enc.space.straight_paths(c, _run_limit(enc, c)):
        yield A.Run(path)


def _check_crawl(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Crawl)
    if not c.has("prone"):
        raise _fail("only a prone creature crawls")
    need_move_action(enc, c)
    if enc.budget.stepped:
        raise _fail("no other movement in a round with a 5-foot step")
    if not c.restrictions().can_move:
        raise _fail("its conditions forbid moving")
    enc.space.check_step(c, a.to)


def _run_crawl(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Crawl)
    enc.budget.use("move")
    enc.budget.moved = True
    crawl(enc, c, a.to)


def _gen_crawl(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not c.has("prone") or b.stepped or b.committed or not (b.move or b.standard):
        return
    if c.pending_full_round is not None or not c.restrictions().can_move:
        return
    for to in enc.space.step_squares(c):
        yield A.Crawl(to)


# ---------------------------------------------------------------- charge
def _charge_limit(enc: Encounter, c: Combatant) -> int:
    return _speed(enc, c) * (1 if enc.budget.single else 2)


def _check_charge(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Charge"; seed 004 "Charge"; a bull rush or overrun at its end
    (:data:`~d20combat.encounter.maneuvers.CHARGE_MANEUVERS`)."""
    assert isinstance(a, A.Charge)
    if enc.budget.single:
        need_standard(enc, c)
        if enc.budget.stepped:
            raise _fail("no charge in a round with a 5-foot step")
    else:
        need_full_round(enc, c)
    need_mobile(enc, c)
    if not c.restrictions().can_charge:
        raise _fail("its conditions forbid charging: " + ", ".join(sorted(c.conditions)))
    if _resting_one_move(enc, c):
        raise _fail("resting after its run: no faster than one move action (SRD Run)")
    target = enc.get(a.target)
    if target.side == c.side:
        raise _fail(f"{target.id} is not an enemy")
    limit = _charge_limit(enc, c)
    if c.altitude and a.maneuver != "dive":  # encounter.flight: from the air, a dive
        raise _fail(f"{c.id} is {c.altitude} ft up: from the air it charges by diving")
    if a.maneuver is not None:
        ending = CHARGE_MANEUVERS.get(a.maneuver)
        if ending is None:
            raise _fail(f"a charge ends with an attack, {' or '.join(CHARGE_MANEUVERS)}")
        if a.power and not ending.attacks:
            raise _fail(f"Power Attack goes with the charge's attack, not a {a.maneuver}")
        if a.follow and a.maneuver != "bull-rush":
            raise _fail("only a bull rush follows its defender")
        if target.altitude and a.maneuver in FLY.GROUND_ENDINGS:
            raise _fail(f"{target.id} is {target.altitude} ft up: no {a.maneuver} in the air")
        ending.check(enc, c, a, target, limit)
        return
    if a.follow:
        raise _fail("only a bull rush follows its defender")
    enc.space.check_charge(c, target, a.to, limit)
    if a.power:
        melee = c.melee_options()
        if not melee:
            raise _fail("no melee weapon to charge with")
        check_stance(enc, c, melee[0], first=True, power=a.power)


def _run_charge(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Charge)
    target = enc.get(a.target)
    limit = _charge_limit(enc, c)
    enc.budget.use("standard" if enc.budget.single else "full-round")
    enc.budget.moved = True
    if enc.space.riders and c.id in enc.space.riders:
        M.charge_target(enc, c, target.id)  # seed 000: "If your mount charges"
    c.conditions["charging"] = Condition(c.id, 1)
    c.power_attack = a.power  # SRD feats "Power Attack": for the round
    if a.maneuver is not None:
        CHARGE_MANEUVERS[a.maneuver].run(enc, c, a, target, limit)
        option = None
    else:
        path = enc.space.charge_path(c, a.to)
        walked = walk(enc, c, path, kind="charge")
        option = enc.space.melee_option_for(c, target) if walked else None
    if option is not None and enc.active(target):
        strike(enc, c, option, option.bonus, target, charge=True)
    else:  # seed 000: the -2 AC lasts until the start of its next turn either way
        c.conditions.pop("charging", None)
        c.conditions["charged"] = Condition(c.id, 1)
        enc.space.invalidate(c)


def _gen_charge(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if b.stepped or c.pending_full_round is not None or c.has("prone"):
        return
    if not (b.can_full_round or (b.single and b.standard)):
        return
    if not c.restrictions().can_charge:
        return
    limit = _charge_limit(enc, c)
    for target in enc.enemies(c):
        if target.vitals.dead:
            continue
        if c.altitude:  # encounter.flight: from the air, a dive
            yield from CHARGE_MANEUVERS["dive"].ends(enc, c, target, limit)
            continue
        for to in enc.space.charge_destinations(c, target, limit):
            yield A.Charge(target.id, to)
        for word, ending in CHARGE_MANEUVERS.items():
            if not (target.altitude and word in FLY.GROUND_ENDINGS):
                yield from ending.ends(enc, c, target, limit)


# ---------------------------------------------------------------- attacks
def _flags(option: AttackOption) -> frozenset[str]:
    return frozenset(f.value for f in option.weapon.flags) if option.weapon else frozenset()


def _routine_for(c: Combatant, option: AttackOption, two_weapon: bool) -> Routine | None:
    """The longest ready full-attack routine that opens with ``option``: a two-weapon
    routine or not, as the attack chose (either weapon of a two-weapon routine may
    strike first: SRD combat-i "Full Attack")."""
    best = None
    for r in c.routines_ready():
        opens = r.attacks and (
            r.attacks[0][0] is option or (two_weapon and any(o is option for o, _ in r.attacks))
        )
        if (
            opens
            and r.two_weapon == two_weapon
            and (best is None or len(r.attacks) > len(best.attacks))
        ):
            best = r
    return best


def _can_full_attack(enc: Encounter, c: Combatant, option: AttackOption | None = None) -> bool:
    """Whether a first attack now may open a full attack (seed 004 "Full Attack"); a
    rider whose mount moved more than 5 ft may not with ``option`` a melee weapon (seed
    000 "Combat while Mounted"; a ranged full attack may: :mod:`mounted`)."""
    b = enc.budget
    if c.rode_ft > 5 and (option is None or not option.ranged):
        return False
    return not b.single and b.move and not b.moved


def _resolve_option(enc: Encounter, c: Combatant, a: A.Attack) -> AttackOption:
    """The option an attack uses (the check's answer serves the resolution too)."""
    return enc.space.cached(("attack-option", c.id, a), lambda: _find_option(enc, c, a))


def _find_option(enc: Encounter, c: Combatant, a: A.Attack) -> AttackOption:
    target = enc.get(a.target)
    ready = c.ready_options()
    if a.weapon is not None:
        key = a.weapon.lower()
        for o in ready:
            if o.name.lower() == key or (o.weapon is not None and o.weapon.name == key):
                return o
        names = ", ".join(o.name for o in ready)
        raise _fail(f"{c.id} has no ready weapon {a.weapon!r} (ready: {names})")
    for o in ready:
        if not o.ranged and enc.space.reaches(c, o, target):
            return o
    for o in ready:
        if o.ranged:
            return o
    return ready[0]


def _next_attacks(enc: Encounter, c: Combatant) -> list[int]:
    """The attacks of the full attack under way that may come next, by index: each
    weapon's (or end's) next one, its iteratives highest first (SRD combat-i "Full
    Attack": with two weapons either may strike first)."""
    b = enc.budget
    if b.routine is None:
        return []
    for r in c.routines_ready():
        if r.name == b.routine:
            seen: set[int] = set()
            out = []
            for i, (o, _) in enumerate(r.attacks):
                if not b.made >> i & 1 and id(o) not in seen:
                    seen.add(id(o))
                    out.append(i)
            return out
    return []


def _next_options(enc: Encounter, c: Combatant) -> list[AttackOption]:
    """The options the next attack of the full attack under way may use."""
    routine = next((r for r in c.routines_ready() if r.name == enc.budget.routine), None)
    if routine is None:
        return []
    return [routine.attacks[i][0] for i in _next_attacks(enc, c)]


def _continuing(
    enc: Encounter, c: Combatant, weapon: str | None = None
) -> tuple[AttackOption, Total] | None:
    """The next attack of the full attack under way (with ``weapon``, if named; else
    the first in the routine's order), or None."""
    attack = _next_attack(enc, c, weapon)
    return None if attack is None else attack[1]


def _next_attack(
    enc: Encounter, c: Combatant, weapon: str | None = None
) -> tuple[int, tuple[AttackOption, Total]] | None:
    nexts = _next_attacks(enc, c)
    if not nexts:
        return None
    routine = next(r for r in c.routines_ready() if r.name == enc.budget.routine)
    for i in nexts:
        option = routine.attacks[i][0]
        if weapon is None or option.name.lower() == weapon.lower():
            return i, routine.attacks[i]
    return None


def attack_in_hand(enc: Encounter, c: Combatant, a: A.Attack) -> tuple[AttackOption, Total]:
    """The option and bonus the attack ``a`` would be made with now: the next attack of
    the full attack under way, or the standard action's (checked or not)."""
    nxt = _continuing(enc, c, a.weapon)
    if nxt is not None:
        return nxt
    option = _resolve_option(enc, c, a)
    return option, option.bonus


def attacks_after(
    enc: Encounter, c: Combatant, option: AttackOption
) -> list[tuple[AttackOption, Total]]:
    """The attacks ``c`` may still make this turn after the next one (with ``option``):
    the rest of the full attack under way, or of the routine it would open."""
    b = enc.budget
    if b.routine is not None:
        routine = next((r for r in c.routines_ready() if r.name == b.routine), None)
        nexts = _next_attacks(enc, c)
        if routine is None or not nexts:
            return []
        return [routine.attacks[i] for i in nexts[1:]]
    if b.single or not b.move or b.moved:
        return []
    for r in c.routines_ready():
        if r.attacks and r.attacks[0][0] is option and not r.two_weapon:
            return list(r.attacks[1:])
    return []


def _garrote(option: AttackOption) -> bool:
    """A garrote (seed 000 "Garrote Attacks") makes no plain attack (reading A80)."""
    w = option.weapon
    return w is not None and WeaponFlag.GARROTE in w.flags


def _check_attack(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """An attack: the standard action, or the next attack of a full attack (SRD combat-i
    "Full Attack": after the first attack you may go on, committing to the full attack,
    or take a move action instead)."""
    assert isinstance(a, A.Attack)
    target = enc.get(a.target)
    if target is c:
        raise _fail("cannot attack itself")
    if not target.present():
        if target.inside is not None:
            raise _fail(f"{target.id} is inside {target.inside} (swallowed): out of reach")
        raise _fail(f"{target.id} has left the battlefield")
    if target.vitals.dead:
        raise _fail(f"{target.id} is already dead")
    r = c.restrictions()
    if not r.can_attack and a.named not in r.escape_actions:
        raise _fail("its conditions forbid attacking: " + ", ".join(sorted(c.conditions)))
    option, nxt = check_attack_budget(enc, c, a.weapon, lambda: _resolve_option(enc, c, a))
    if nxt:
        if a.defensively != c.has("fighting-defensively"):
            # SRD combat-i "Fighting Defensively as a Full-Round Action": all attacks
            raise _fail("fighting defensively is chosen for the whole full attack")
    elif a.two_weapon:
        why = G.attack_problem(enc, c, target, option, a)  # none in a grapple
        if why:
            raise _fail(why)
        if _routine_for(c, option, True) is None:
            raise _fail(f"no two-weapon routine opens with {option.name}")
        why = M.hand_problem(enc, c, option, two_weapon=True)
        if why:
            raise _fail(why)
        if not _can_full_attack(enc, c, option):
            raise _fail("a two-weapon attack opens a full attack: no move may be spent")
    if nxt and a.two_weapon:
        raise _fail("the full attack is already under way")
    if a.power or a.stance or a.expertise:
        check_stance(
            enc,
            c,
            option,
            first=enc.budget.attacks_made == 0 and not nxt,
            power=a.power,
            stance=a.stance,
            expertise=a.expertise,
            defensively=a.defensively,
        )
    if a.nonlethal is False:  # seed 001: who may strike to kill unarmed
        dealt = c.stats.hold_damage if a.maneuver == "grapple-damage" else option
        why = lethal_refused(dealt, enc.rules)
        if why:
            raise _fail(why)
    if a.maneuver is not None:
        why = maneuver_problem(enc, c, a, target)
        if why:
            raise _fail(why)
        return
    if a.part_hold:
        why = G.part_hold_problem(enc, c, option, target)
        if why:
            raise _fail(why)
    if _garrote(option):
        raise _fail(f"{option.name}: a garrote makes only garrote attacks (reading A80)")
    if option.firearm and option.autofire_only:
        raise _fail(
            f"{option.name} has only an autofire setting, no single shot (seed 004 "
            f"'Autofire'): 'autofire {option.name} at SQUARE+SQUARE' or 'burst "
            f"{option.name} at {a.target}'"
        )
    if SPLASH.is_splash(option):
        raise _fail(f"a splash weapon is thrown: 'throw {option.name} at {a.target}'")
    if SPLASH.aimed_throw(option):
        raise _fail(
            f"an explosive is thrown at a square: 'throw-explosive {option.name} at SQUARE'"
        )
    if option.ranged and a.nonlethal and not option.nonlethal:
        raise _fail("a ranged weapon that deals lethal damage cannot deal nonlethal damage")
    if option.ranged and not can_use_ranged(c.condition_set(), _flags(option)):
        raise _fail("its conditions forbid this ranged weapon (prone: crossbows, shuriken)")
    why = G.attack_problem(enc, c, target, option, a) or enc.space.attack_problem(c, option, target)
    if why:
        raise _fail(why)


def check_stance(
    enc: Encounter,
    c: Combatant,
    option: AttackOption,
    *,
    first: bool,
    power: int = 0,
    stance: str | None = None,
    expertise: int = 0,
    defensively: bool = False,
) -> None:
    """SRD feats "Power Attack" (chosen before the round's attack rolls, up to the base
    attack bonus, melee only); seed 001 "Fighting stances" (advanced: power attack,
    reckless, defensive; one stance, chosen before the turn's first attack, with a
    melee attack)."""
    rules = enc.rules
    if not first:
        raise _fail(
            "Power Attack, Combat Expertise and stances are chosen before the first "
            "attack of the turn"
        )
    if option.ranged:
        raise _fail("Power Attack, Combat Expertise and stances go with melee attacks")
    if power:
        if not can_power_attack(c.stat, rules):
            raise _fail(f"{c.id} has no Power Attack feat")
        if power > c.stat.bab:
            raise _fail(f"Power Attack goes up to the base attack bonus (+{c.stat.bab})")
    if expertise:
        if not c.stat.has_feat("combat expertise"):
            raise _fail(f"{c.id} has no Combat Expertise feat")
        if expertise > min(5, c.stat.bab):
            raise _fail(f"Combat Expertise goes up to 5 and the base attack bonus (+{c.stat.bab})")
        if defensively:
            raise _fail("no fighting defensively with Combat Expertise (SRD combat-i)")
    if stance is not None:
        if stance not in rules.stances:
            known = ", ".join(rules.stances) or "none"
            raise _fail(f"no {stance!r} stance in {rules.name} (stances: {known})")
        if power:
            raise _fail("one stance at a time: power attack or a stance")


def check_attack_budget(
    enc: Encounter, c: Combatant, weapon: str | None, first: Callable[[], AttackOption]
) -> tuple[AttackOption, bool]:
    """The option an attack with ``weapon`` is made with, and whether it continues a
    full attack under way: its next attack (with ``weapon``, if named), or else the
    standard action's, made with ``first()``.

    Raises:
        IllegalActionError: the full attack's next attack is with another weapon, the
            move action is spent, or no standard action is left.
    """
    if _continuing(enc, c) is not None:
        chosen = _continuing(enc, c, weapon)
        if chosen is None:
            names = " or ".join(dict.fromkeys(o.name for o in _next_options(enc, c)))
            raise _fail(f"the next attack of the full attack is with {names}")
        if not enc.budget.committed and (not enc.budget.move or enc.budget.moved):
            raise _fail("the move action is spent: no full attack")
        return chosen[0], True
    need_standard(enc, c)
    return first(), False


def spend_attack(
    enc: Encounter,
    c: Combatant,
    weapon: str | None,
    first: Callable[[], AttackOption],
    two_weapon: bool = False,
) -> tuple[AttackOption, Total]:
    """Spend the attack :func:`check_attack_budget` allowed: the full attack's next
    one (committing to the full attack), or the standard action's, which opens the
    longest routine ``first()`` opens when a full attack is still possible. Returns
    the option and the bonus of the attack (its iterative's)."""
    b = enc.budget
    nxt = _next_attack(enc, c, weapon)
    if nxt is not None:
        index, (option, bonus) = nxt
        if not b.committed:
            b.committed = True
            b.move = False
            b.full_round = True
        b.next_attack += 1
        b.made |= 1 << index
        return option, bonus
    option = first()
    b.use("standard")
    routine = _routine_for(c, option, two_weapon)
    bonus = option.bonus
    if routine is not None and len(routine.attacks) > 1 and _can_full_attack(enc, c, option):
        opening = next(i for i, (o, _) in enumerate(routine.attacks) if o is option)
        b.routine = routine.name
        b.next_attack = 1
        b.made = 1 << opening
        bonus = routine.attacks[opening][1]
    return option, bonus


def _run_attack(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Attack)
    target = enc.get(a.target)
    b = enc.budget
    option, bonus = spend_attack(enc, c, a.weapon, lambda: _resolve_option(enc, c, a), a.two_weapon)
    if c.mount is not None:  # a lance in one hand (SRD equipment "Lance")
        option = M.held(enc, c, option)
    if b.attacks_made == 0:  # the round's choice, kept until its next turn
        c.power_attack = a.power
        c.expertise = a.expertise
        if a.stance is not None:
            c.conditions[f"{a.stance}-stance"] = Condition(c.id, 1)
    b.attacks_made += 1
    b.part_hold = a.part_hold
    if a.defensively:
        c.conditions["fighting-defensively"] = Condition(c.id, 1)
    if a.maneuver is not None:
        attempt_maneuver(enc, c, a, option, bonus)
        return
    provoked = option.ranged and "ranged-attack" in enc.rules.provoking_actions
    if provoked and not provoke(enc, c, f"ranged attack with {option.name}"):
        return
    if unarmed_provokes(enc, c, option, target) and not provoke(
        enc, c, "unarmed attack", only=target
    ):
        return
    if c.clinging is not None and G.balance_problem(enc, c, option):
        return  # seed 001: fell off its carrier, the attack lost
    charge, multiplier = False, 1
    if c.charged_at is not None and not option.ranged and M.charge_attack(c, target):
        charge = True  # seed 000: the rider's attack at the end of its mount's charge
        multiplier = charge_multiplier(
            option, mounted=True, spirited=c.stat.has_feat("spirited charge")
        )
        M.spend_charge(c)
    with M.shooting_from_halfway(enc, c) if option.ranged and c.trail else nullcontext():
        strike(
            enc,
            c,
            option,
            bonus,
            target,
            charge=charge,
            defensively=a.defensively,
            nonlethal=a.nonlethal,
            multiplier=multiplier,
        )
    if not enc.active(target) and b.routine is not None:
        pass  # the attacker may turn the remaining attacks on another foe


def _gen_attack(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    r = c.restrictions()
    # a pinned creature attacks nothing but may escape in place of an attack
    if not (r.can_attack or r.escape_actions) or c.pending_full_round is not None:
        return
    nxt = _continuing(enc, c)
    b = enc.budget
    stances: tuple[bool, ...] = (False, True)
    if nxt is not None:
        if not b.committed and (not b.move or b.moved):
            return
        options = _next_options(enc, c)
        stances = (c.has("fighting-defensively"),)
    elif b.standard and not b.full_round:
        options = c.ready_options()
    else:
        return
    grab = c.stats.grab  # SRD Improved Grab: its attacks may hold with one part
    two_weapon = (  # either weapon may open a two-weapon full attack
        [o for r in c.routines_ready() if r.two_weapon for o, _ in r.attacks]
        if nxt is None and _can_full_attack(enc, c) and (c.mount is None or M.both_hands(enc, c))
        else []
    )
    for target in enc.enemies(c):
        if target.vitals.dead:
            continue
        for o in options:
            if _garrote(o) or enc.space.attack_problem(c, o, target) or SPLASH.aimed_throw(o):
                continue
            if o.firearm and o.autofire_only:
                continue
            if o.ranged and not can_use_ranged(c.condition_set(), _flags(o)):
                continue
            weapon = o.name if len(options) > 1 or nxt is None else None
            # SRD combat-i / seed 004: a ranged weapon cannot switch to nonlethal damage
            switches = (None,) if o.ranged and not o.nonlethal else (None, not o.nonlethal)
            if lethal_refused(o, enc.rules):
                switches = (None,)
            paired = (False, True) if any(o is t for t in two_weapon) else (False,)
            for defensively in stances:
                for nonlethal in switches:
                    for pair in paired:
                        yield A.Attack(target.id, weapon, defensively, nonlethal, pair)
            if grab is not None and not c.grappling and "improved grab" in o.effects:
                for defensively in stances:  # SRD Improved Grab: hold with this part alone
                    yield A.Attack(target.id, weapon, defensively, part_hold=True)
        for defensively in stances:
            yield from maneuver_attacks(enc, c, target, options, defensively=defensively)


def _check_total_defense(enc: Encounter, c: Combatant, a: A.Action) -> None:
    need_standard(enc, c)
    if enc.budget.routine is not None and enc.budget.next_attack > 0:
        raise _fail("already attacked this turn")


def _run_total_defense(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Total Defense": +4 dodge to Defense for 1 round, from the start."""
    enc.budget.use("standard")
    c.conditions["total-defense"] = Condition(c.id, 1)
    enc.event(c.id, "total-defense", "seed 004 Total Defense")


def _gen_total_defense(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if b.standard and not b.full_round and c.pending_full_round is None and b.routine is None:
        yield A.TotalDefense()


# ---------------------------------------------------------------- timing
def _fresh(enc: Encounter) -> bool:
    b = enc.budget
    return b.standard and b.move and not b.moved and not b.stepped and b.routine is None


def _check_delay(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Delay": act later, fixing a new, lower initiative count; SRD combat-ii
    "Delay": perhaps in the next round, after a creature that has acted this round
    (the ruleset's ``delay_into_next_round``, D68)."""
    assert isinstance(a, A.Delay)
    if not _fresh(enc):
        raise _fail("can only delay before taking any action this turn")
    later = enc.order[enc.turn + 1 :]
    if a.after is None:
        if not later and not next_round_delays(enc):
            raise _fail("nobody acts later in this round")
        return
    other = enc.get(a.after)
    if other is c:
        raise _fail("cannot delay after itself")
    if other.id not in later and other.id not in next_round_delays(enc):
        raise _fail(f"{other.id} does not act later in this round")
    if _outwaited(enc, c, other.id):
        raise _fail(
            f"{other.id} waits to act after {c.id} with the higher initiative modifier: "
            f"{c.id} acts first or loses its action (seed 004 'Delaying Limits')"
        )


def _outwaited(enc: Encounter, c: Combatant, after: str) -> bool:
    """seed 004 "Delaying Limits": "If two or more delaying characters both want to act
    after the other, the one with the highest initiative modifier gets to go last; the
    others must go first (or lose their action for the round)": whether ``after`` has
    delayed this round to act right after ``c`` and outranks it (initiative modifier,
    then Dexterity; the one who delayed first on a tie; the ruleset's
    ``delay_ties_by_initiative``, A193)."""
    if not enc.rules.delay_ties_by_initiative or after not in _delayed_after(enc, c.id):
        return False
    return _tie_key(enc.combatants[after]) >= _tie_key(c)


def next_round_delays(enc: Encounter) -> list[str]:
    """After whom the current creature may delay into the next round (SRD combat-ii
    "Delay", the ruleset's ``delay_into_next_round``): those acting before it, but the
    one just before it (after that one comes its own next turn, where "you don't get to
    take a delayed action")."""
    if not enc.rules.delay_into_next_round:
        return []
    return enc.order[: max(enc.turn - 1, 0)]


def _run_delay(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Delay"; SRD combat-ii "Delay": waiting for the next creature only and
    deciding again then is how a creature acts at whatever count it likes. Delaying
    after a creature that has acted this round waits for its turn in the next round:
    the delayer's count moves there, before its regular turn, which it does not get
    (SRD "Delay": "you do not get your regular action that round")."""
    assert isinstance(a, A.Delay)
    order = enc.order
    later = order[enc.turn + 1 :]
    after = a.after if a.after is not None else (later[0] if later else order[0])
    next_round = after not in later
    order.remove(c.id)
    at = order.index(after) + 1
    if enc.rules.delay_ties_by_initiative and not next_round:
        # seed 004 "Delaying Limits": those already waiting for the same count with a
        # higher initiative modifier (then Dexterity) act first; the equal stay first
        waiting = _delayed_after(enc, after)
        mine = _tie_key(c)
        while at < len(order) and order[at] in waiting:
            if _tie_key(enc.combatants[order[at]]) < mine:
                break
            at += 1
    order.insert(at, c.id)
    c.delayed = after
    if not next_round:
        enc.turn -= 1  # the next creature now sits at this index; after_action advances past it
    enc.event(
        c.id, "delay", "seed 004 Delay", after=after, order=list(order), next_round=next_round
    )
    from d20combat.encounter import turns

    turns.end_turn(enc, delaying=True)


def _tie_key(c: Combatant) -> tuple[int, int]:
    """seed 004 "Delaying Limits": the initiative modifier, then Dexterity."""
    return (c.stats.initiative.value, c.stats.abilities.get(Ability.DEX) or 0)


def _delayed_after(enc: Encounter, after: str) -> set[str]:
    """Who has delayed until right after ``after`` this round (saved state, not the log:
    a resumed fight's log starts empty)."""
    return {x.id for x in enc.combatants.values() if x.delayed == after}


def _gen_delay(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    if not _fresh(enc) or c.pending_full_round is not None:
        return
    for cid in enc.order[enc.turn + 1 :]:
        if not _outwaited(enc, c, cid):
            yield A.Delay(cid)
    for cid in next_round_delays(enc):  # SRD "Delay": into the next round
        yield A.Delay(cid)


def _ready_options(c: Combatant, trigger: str) -> list[AttackOption]:
    """The attacks a trigger can set off: melee for ``enters-reach``, ranged for
    ``in-range`` (not a splash weapon: its throw is aimed, a reading, A50; not a firearm
    with no single shot, seed 004 "Autofire")."""
    ranged = trigger == "in-range"
    return [
        o
        for o in c.ready_options()
        if o.ranged == ranged and not SPLASH.aimed_throw(o) and not o.autofire_only
    ]


def _check_ready(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Ready": a standard action readying an attack, or a move action along a
    path it could move now (SRD combat-ii "Ready": a standard, move or free action)."""
    assert isinstance(a, A.Ready)
    need_standard(enc, c)
    if enc.budget.routine is not None:
        raise _fail("already attacked this turn")
    if a.free is not None:
        readied_free(enc, c, a.free, a.trigger)
        return
    if a.move is not None:
        if a.trigger not in A.READY_MOVE_TRIGGERS:
            raise _fail(f"a readied move waits for {' or '.join(A.READY_MOVE_TRIGGERS)}")
        need_mobile(enc, c)
        cost = enc.space.path_cost(c, a.move)
        if cost > _speed(enc, c):
            raise _fail(f"the path costs {cost} ft but speed is {_speed(enc, c)} ft")
        return
    if a.trigger == A.READY_STEP_TRIGGER:
        # SRD combat-ii "Ready": "a 5-foot step as part of your readied action, but only
        # if you don't otherwise move any distance during the round" (A190)
        if enc.budget.moved or enc.budget.stepped:
            raise _fail("a readied 5-foot step only in a round without other movement")
        need_mobile(enc, c)
        if _speed(enc, c) <= 5:
            raise _fail("a creature with a speed of 5 ft or less cannot take a 5-foot step")
    elif a.trigger not in A.READY_ATTACK_TRIGGERS:
        raise _fail(
            f"a readied attack waits for enters-reach, step-reach or in-range, not {a.trigger}"
        )
    options = _ready_options(c, a.trigger)
    kind = "ranged" if a.trigger == "in-range" else "melee"
    if not options:
        raise _fail(f"no ready {kind} weapon for {a.trigger}")
    if a.weapon is not None and not any(o.name.lower() == a.weapon.lower() for o in options):
        raise _fail(f"no ready {kind} weapon {a.weapon!r}")


def readied_free(enc: Encounter, c: Combatant, notation: str, trigger: str) -> A.Action:
    """The free action ``notation`` that ``c`` readies for ``trigger`` (SRD combat-ii
    "Ready": "a standard action, a move action, or a free action"; A256): one of
    :data:`~d20combat.encounter.actions.READY_FREE_VERBS`, set off as a readied move
    is, and legal for ``c`` now (the same check runs again when it is set off).

    Raises:
        IllegalActionError: naming why it cannot be readied.
    """
    if trigger not in A.READY_MOVE_TRIGGERS:
        raise _fail(f"a readied free action waits for {' or '.join(A.READY_MOVE_TRIGGERS)}")
    free = A.parse_action(notation)
    if not isinstance(free, A.DropProne | A.Drop):
        raise _fail(f"{notation!r} is not a free action that can be readied (drop-prone, drop)")
    HANDLERS[type(free)].check(enc, c, free)
    return free


def _run_ready(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Ready)
    enc.budget.use("standard")
    if a.trigger == A.READY_STEP_TRIGGER:  # no other movement this round (A190)
        enc.budget.move = False
        enc.budget.stepped = True
    c.readied = (a.trigger, a.weapon)
    c.readied_move = a.move
    c.readied_free = a.free
    enc.readiers.add(c.id)
    if a.free is not None:
        enc.event(c.id, "ready", "SRD combat-ii Ready", trigger=a.trigger, free=a.free)
    elif a.move is not None:
        path = [A.square_name(p) for p in a.move]
        enc.event(c.id, "ready", "seed 004 Ready", trigger=a.trigger, move=path)
    else:
        enc.event(c.id, "ready", "seed 004 Ready", trigger=a.trigger, weapon=a.weapon)


def _gen_ready(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not b.standard or b.full_round or b.routine is not None or c.pending_full_round:
        return
    for trigger in A.READY_ATTACK_TRIGGERS:  # readied moves are not multiplied out
        options = _ready_options(c, trigger)
        if options:
            yield A.Ready(trigger)
        if len(options) > 1:
            for o in options:
                yield A.Ready(trigger, o.name)


def _check_start_full(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 004 "Start/Complete Full-Round Action": a limited creature may begin a
    full-round action now and finish it with a standard action next turn. Here it
    serves the SRD's 5-foot move through terrain too costly for a move action."""
    assert isinstance(a, A.StartFullRound)
    if not enc.budget.single:
        raise _fail("only a creature limited to one action starts a full-round action")
    need_standard(enc, c)
    need_mobile(enc, c)
    enc.space.check_adjacent_enterable(c, a.to)


def _run_start_full(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.StartFullRound)
    enc.budget.use("standard")
    c.pending_full_round = a.to
    enc.event(
        c.id,
        "start-full-round",
        "seed 004 Start/Complete Full-Round Action",
        to=A.square_name(a.to),
    )


def _gen_start_full(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not b.single or not b.standard or c.pending_full_round or c.has("prone"):
        return
    if not c.restrictions().can_move:
        return
    for to in enc.space.costly_adjacent(c):
        yield A.StartFullRound(to)


# ---------------------------------------------------------------- objects and posture
def _check_stand(enc: Encounter, c: Combatant, a: A.Action) -> None:
    if not c.has("prone"):
        raise _fail("not prone")
    if enc.space.crawls_under(c):  # seed 000 "Squeezing Through"
        raise _fail("under a ceiling a quarter of its height it can only crawl, prone")
    need_move_action(enc, c)
    if enc.budget.stepped:
        pass


def _run_stand(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i "Stand up": a move action that provokes."""
    enc.budget.use("move")
    if "stand" in enc.rules.provoking_actions and not provoke(enc, c, "standing up"):
        return
    del c.conditions["prone"]
    enc.space.invalidate(c)
    enc.event(c.id, "stand", "SRD combat-i Stand Up")


def _gen_stand(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    free = (b.move or b.standard) and not b.committed and not b.full_round
    if c.has("prone") and free and c.pending_full_round is None:
        yield A.StandUp()


def _check_drop_prone(enc: Encounter, c: Combatant, a: A.Action) -> None:
    if c.has("prone"):
        raise _fail("already prone")


def _run_drop_prone(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i "Drop Prone": a free action."""
    c.conditions["prone"] = Condition(c.id, 0)
    enc.space.invalidate(c)
    enc.event(c.id, "drop-prone", "SRD combat-i Drop Prone")


def _gen_drop_prone(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    if not c.has("prone"):
        yield A.DropProne()


def carried(c: Combatant) -> list[str]:
    """The items (weapons) a creature still carries, each once (not those it dropped)."""
    names = []
    for o in c.stats.options:
        if o.item and o.item not in names and o.item != "unarmed strike" and o.item not in c.lost:
            names.append(o.item)
    return names


def _check_draw(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon": a move action, or free during a move
    with BAB +1 or more."""
    assert isinstance(a, A.Draw)
    if a.weapon not in carried(c):
        raise _fail(f"{c.id} carries no {a.weapon!r} (carried: {', '.join(carried(c))})")
    if a.weapon in c.wielding:
        raise _fail(f"{a.weapon} is already in hand")
    if a.weapon in c.stowed or a.also in c.stowed:
        raise _fail(
            f"{a.weapon if a.weapon in c.stowed else a.also} is stowed out of easy "
            "reach: retrieve it (a move action)"
        )
    if c.ammo.get(a.weapon, 1) <= 0:
        raise _fail(f"no {a.weapon} left")
    if a.also is not None:
        if not c.stat.has_feat("two-weapon fighting"):
            raise _fail("drawing two weapons at once needs Two-Weapon Fighting")
        if a.also == a.weapon or a.also not in carried(c) or a.also in c.wielding:
            raise _fail(f"no second weapon {a.also!r} to draw (carried: {', '.join(carried(c))})")
        if hands(c, a.weapon) + hands(c, a.also) > 2:
            raise _fail("two light or one-handed weapons only")
    why = G.draw_problem(enc, c, a.weapon, a.also)
    if why:
        raise _fail(why)
    if not _free_draw(enc, c):
        need_move_action(enc, c)


def _free_draw(enc: Encounter, c: Combatant) -> bool:
    b = enc.budget
    return (
        c.stat.bab >= 1 and b.moved and not b.stepped and not b.free_draw_used and not c.grappling
    )


def _weapon_of(c: Combatant, item: str) -> Weapon | None:
    """The weapon ``c`` carries as ``item`` (None for a natural one)."""
    return next((o.weapon for o in c.stats.options if o.item == item), None)


def hands(c: Combatant, item: str) -> int:
    """How many hands ``item`` takes in use: two for a two-handed weapon, a bow or a
    crossbow (but a hand crossbow), one for the rest (SRD equipment "Weapon
    Categories", the weapon descriptions). Shields are not counted (a reading)."""
    w = _weapon_of(c, item)
    return 1 if w is None else w.hands


def _run_draw(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon": the weapon goes into a free hand; what
    is in hand stays there while both fit in two hands, else falls (dropping is free:
    the earliest drawn first)."""
    assert isinstance(a, A.Draw)
    if _free_draw(enc, c):
        enc.budget.free_draw_used = True
    else:
        enc.budget.use("move")
    if not G.draw_check(enc, c):
        return  # seed 000: a grappler draws only with a successful grapple check
    drawn = (a.weapon,) if a.also is None else (a.weapon, a.also)
    dropped = take_in_hand(enc, c, drawn)
    enc.event(
        c.id,
        "draw",
        "SRD combat-i Draw or Sheathe a Weapon",
        weapon=" and ".join(drawn),
        dropped=dropped,
    )


def take_in_hand(enc: Encounter, c: Combatant, drawn: tuple[str, ...]) -> list[str]:
    """``drawn`` goes into ``c``'s hands; what is in hand stays while all fit in two
    hands, else falls, the earliest drawn first (dropping is free: SRD combat-i "Drop an
    Item"). The fallen items, in order."""
    need = sum(hands(c, w) for w in drawn)
    kept = list(c.wielding)
    dropped = []
    while kept and sum(hands(c, k) for k in kept) + need > 2:
        dropped.append(kept.pop(0))
    for w in dropped:
        _let_fall(enc, c, w, c.pos)
    c.wielding = (*c.wielding, *drawn)
    enc.space.invalidate(c)
    return dropped


def _gen_draw(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if c.pending_full_round is not None:
        return
    if not (
        _free_draw(enc, c) or ((b.move or b.standard) and not b.committed and not b.full_round)
    ):
        return
    for name in carried(c):
        if name not in c.wielding and c.ammo.get(name, 1) > 0 and name not in c.stowed:
            yield A.Draw(name)


def load_time(c: Combatant, weapon: str) -> str | None:
    """The action loading ``weapon`` takes (``free``, ``move`` or ``full-round``), or
    None if it needs no loading: SRD equipment "Crossbow, Hand/Light" and "Sling"
    (move action), "Crossbow, Heavy" (full-round action); SRD feats "Rapid Reload":
    a free action for a hand or light crossbow, a move action for a heavy one; "Crossbow,
    Repeating": "Loading a new case of 5 bolts is a full-round action"."""
    w = _weapon_of(c, weapon)
    if w is None:
        return None
    rapid = "crossbow" in w.name and c.stat.has_feat("rapid reload", w.name)
    if w.has(WeaponFlag.LOAD_MOVE):
        return "free" if rapid else "move"
    if w.has(WeaponFlag.LOAD_FULL):
        return "move" if rapid else "full-round"
    if w.has(WeaponFlag.LOAD_FREE):  # a new case (Rapid Reload names the other three)
        return "full-round"
    return None


def _check_load(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Load)
    if a.weapon not in c.wielding:
        raise _fail(f"{a.weapon!r} is not in hand")
    if a.weapon not in c.unloaded:
        raise _fail(f"{a.weapon} is loaded")
    time = load_time(c, a.weapon)
    if time == "move":
        need_move_action(enc, c)
    elif time == "full-round":
        need_full_round(enc, c)


def _run_load(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Loading provokes attacks of opportunity (SRD Table: Actions in Combat)."""
    assert isinstance(a, A.Load)
    time = load_time(c, a.weapon) or "free"
    b = enc.budget
    if time != "free":
        b.use(time)
        if b.routine is not None and not b.committed:
            b.routine = None  # a move action after the first attack ends the full attack
    if "load" in enc.rules.provoking_actions and not provoke(enc, c, f"loading {a.weapon}"):
        return
    c.unloaded = tuple(w for w in c.unloaded if w != a.weapon)
    enc.space.invalidate(c)
    enc.event(c.id, "load", "SRD equipment Crossbow, Sling", weapon=a.weapon, action=time)


def _gen_load(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    for w in c.unloaded:
        if w in c.wielding:
            yield A.Load(w)


def _check_drop(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Drop)
    if a.weapon not in c.wielding:
        raise _fail(f"{a.weapon!r} is not in hand")
    if a.to is not None and a.to not in _drop_squares(enc, c):
        raise _fail(
            f"{A.square_name(a.to)} is not a square of its space or next to it "
            "where an item can lie"
        )


def _drop_squares(enc: Encounter, c: Combatant) -> list[A.Pos]:
    """Where ``c`` can drop an item: a square of its space or next to it, on the map and
    not a wall (row by row)."""
    m = enc.map
    x0, y0 = c.pos
    n = c.squares
    return [
        (x, y)
        for y in range(y0 - 1, y0 + n + 1)
        for x in range(x0 - 1, x0 + n + 1)
        if m.in_bounds(x, y) and m.walkable(x, y)
    ]


def _run_drop(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i "Drop an Item": a free action; the item lands in the creature's
    square or an adjacent one (SRD Table: Actions in Combat)."""
    assert isinstance(a, A.Drop)
    drop_item(enc, c, a.weapon, a.to)


def _let_fall(enc: Encounter, c: Combatant, weapon: str, at: A.Pos) -> None:
    """``weapon`` leaves ``c``'s hand for the floor at ``at``: no longer carried."""
    c.wielding = tuple(w for w in c.wielding if w != weapon)
    c.lost = (*c.lost, weapon)
    enc.items.append((at, weapon))


def drop_item(
    enc: Encounter,
    c: Combatant,
    weapon: str,
    to: A.Pos | None = None,
    rule: str = "SRD combat-i Drop an Item",
) -> None:
    """``c`` lets go of ``weapon``, which lands at ``to`` (its own square if None)."""
    at = to if to is not None else c.pos
    _let_fall(enc, c, weapon, at)
    enc.space.invalidate(c)
    enc.event(c.id, "drop", rule, weapon=weapon, at=A.square_name(at))


def _check_sheathe(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Sheathe)
    if a.weapon not in c.wielding:
        raise _fail(f"{a.weapon!r} is not in hand")
    need_move_action(enc, c)


def _run_sheathe(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD combat-i "Draw or Sheathe a Weapon": a move action; seed 002: it provokes."""
    assert isinstance(a, A.Sheathe)
    enc.budget.use("move")
    if "sheathe" in enc.rules.provoking_actions and not provoke(enc, c, "sheathing a weapon"):
        return
    c.wielding = tuple(w for w in c.wielding if w != a.weapon)
    enc.space.invalidate(c)
    enc.event(c.id, "sheathe", "SRD combat-i Draw or Sheathe a Weapon", weapon=a.weapon)


def _gen_sheathe(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if (
        (b.move or b.standard)
        and not b.committed
        and not b.full_round
        and not (c.pending_full_round)
    ):
        for w in c.wielding:
            yield A.Sheathe(w)


def _gen_drop(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    squares = [p for p in _drop_squares(enc, c) if p != c.pos]
    for w in c.wielding:
        yield A.Drop(w)
        for p in squares:
            yield A.Drop(w, p)


def _check_pick_up(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.PickUp)
    need_move_action(enc, c)
    if enc.space.item_near(c, a.item) is None:
        raise _fail(f"no {a.item!r} in or next to its space")


def _run_pick_up(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """SRD Table: Actions in Combat "Pick up an item": a move action that provokes."""
    assert isinstance(a, A.PickUp)
    enc.budget.use("move")
    if "pick-up" in enc.rules.provoking_actions and not provoke(enc, c, "picking up an item"):
        return
    index = enc.space.item_near(c, a.item)
    assert index is not None
    enc.items.pop(index)
    reclaim(enc, c, a.item)
    if a.item in c.lost:
        c.lost = tuple(x for x in c.lost if x != a.item)
        c.wielding = (*c.wielding, a.item)[-2:]
    enc.space.invalidate(c)
    enc.event(c.id, "pick-up", "SRD combat-i Manipulate an Item", item=a.item)


def _gen_pick_up(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not (b.move or b.standard) or b.committed or b.full_round or c.pending_full_round:
        return
    seen = set()
    for _, name in enc.items:
        if name not in seen and enc.space.item_near(c, name) is not None:
            seen.add(name)
            yield A.PickUp(name)


def _check_open(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.OpenDoor)
    need_move_action(enc, c)
    enc.space.check_door(c, a.at)
    if enc.door(a.at).locked:
        raise _fail(f"the door at {A.square_name(a.at)} is locked: break it (break, attack-object)")


def _run_open(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 002: opening a door is a move action that provokes (srd35); the SRD table
    says it does not (d20modern follows the SRD)."""
    assert isinstance(a, A.OpenDoor)
    enc.budget.use("move")
    if "open" in enc.rules.provoking_actions and not provoke(enc, c, "opening a door"):
        return
    enc.space.open_door(a.at)
    enc.event(c.id, "open", "seed 002 Move Actions", at=A.square_name(a.at))


def _gen_open(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not (b.move or b.standard) or b.committed or b.full_round or c.pending_full_round:
        return
    for at in enc.space.adjacent_doors(c):
        if not enc.door(at).locked:
            yield A.OpenDoor(at)


def _check_close(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.CloseDoor)
    need_move_action(enc, c)
    at = A.square_name(a.at)
    if a.at in enc.broken_doors:
        raise _fail(f"the door at {at} is broken: it cannot be closed (A255)")
    if a.at not in enc.space.adjacent_doors(c, OPEN_DOOR):
        raise _fail(f"no open door next to it at {at}")
    if a.at not in enc.space.closable_doors(c):
        raise _fail(f"a creature stands in the doorway at {at} (A255)")


def _run_close(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 002 Move Actions "Open or close a door (AoO)": a move action that provokes
    where the ruleset's ``provoking_actions`` name ``open`` (one line for both: srd35,
    advanced); the SRD table's "Open or close a door" does not (d20modern, D35)."""
    assert isinstance(a, A.CloseDoor)
    enc.budget.use("move")
    if "open" in enc.rules.provoking_actions and not provoke(enc, c, "closing a door"):
        return
    enc.space.close_door(a.at)
    enc.event(c.id, "close", "seed 002 Move Actions", at=A.square_name(a.at))


def _gen_close(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not (b.move or b.standard) or b.committed or b.full_round or c.pending_full_round:
        return
    for at in enc.space.closable_doors(c):
        yield A.CloseDoor(at)


def _check_escape(enc: Encounter, c: Combatant, a: A.Action) -> None:
    need_move_action(enc, c)
    if not enc.space.on_exit(c):
        raise _fail("not on an exit square")


def _run_escape(enc: Encounter, c: Combatant, a: A.Action) -> None:
    enc.budget.use("move")
    if not provoke(enc, c, "leaving the battlefield", movement=True):
        return
    enc.space.remove(c)
    c.fled = True
    enc.event(c.id, "escape", "fled the battlefield")


def _gen_escape(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if (b.move or b.standard) and not b.committed and not b.full_round and enc.space.on_exit(c):
        yield A.Escape()


def _check_surrender(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Surrender is spoken: a pinned creature's pinner keeps it from speaking (seed 000
    "If You're Pinning an Opponent": "prevent a pinned opponent from speaking"; a
    reading: the pinner always does)."""
    pin = c.conditions.get("pinned")
    if pin is not None:
        raise _fail(f"{c.id} is pinned: {pin.owner} keeps it from speaking, so from surrendering")


def _gen_surrender(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    if "pinned" not in c.conditions:
        yield A.Surrender()


def _run_surrender(enc: Encounter, c: Combatant, a: A.Action) -> None:
    c.surrendered = True
    enc.space.invalidate(c)
    enc.event(c.id, "surrender", "surrender (speak: a free action)")


def _check_flee(enc: Encounter, c: Combatant, a: A.Action) -> None:
    fear = fleeing_fear(c)
    if fear is None:
        raise _fail("only a creature fleeing in fear flees (frightened, panicked, turned)")
    need_move_action(enc, c)
    need_mobile(enc, c)
    if enc.budget.stepped:
        raise _fail("no other movement in a round with a 5-foot step")
    if flight(enc, c) is None:
        raise _fail("cornered: no square it can reach is farther from what it fears")


def _run_flee(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """:mod:`d20combat.encounter.fear`: a withdraw or a move to the square its fear
    picks (a die picks a panicked creature's)."""
    f = flight(enc, c)
    assert f is not None
    mark = enc.dice.mark()
    end = f.ends[0]
    if f.fear in RANDOM_PATH and len(f.ends) > 1:
        end = f.ends[enc.dice.roll(Dice.of(1, len(f.ends)), "random flight path") - 1]
    path = tuple(enc.space.reachable(c, f.limit).path_to(end)[1:])
    b = enc.budget
    enc.event(
        c.id,
        "flee",
        FLEE_RULE,
        target=f.source.id,
        rolls_from=mark,
        fear=f.fear,
        how="withdraw" if f.withdraw else "move",
        end=A.square_name(end),
    )
    if f.withdraw:
        b.use("standard" if b.single else "full-round")
        b.moved = True
        walk(enc, c, path, kind="withdraw", free_start=True)
    else:
        b.use("move")
        b.moved = True
        if b.routine is not None and not b.committed:
            b.routine = None
        walk(enc, c, path, kind="move")


def _check_cower(enc: Encounter, c: Combatant, a: A.Action) -> None:
    if fleeing_fear(c) is None:
        raise _fail("only a creature fleeing in fear cowers (panicked, turned)")
    need_full_round(enc, c)


def _run_cower(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Frozen in fear until the start of its next turn: no actions, -2 AC, no
    Dexterity bonus to AC (SRD conditions "Cowering")."""
    enc.budget.use("full-round")
    enc.impose(c, "cowering", c.id, 1)
    enc.event(c.id, "cower", COWER_RULE, fear=fleeing_fear(c))


def _gen_fear(action: A.Action) -> Generate:
    def gen(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
        if fleeing_fear(c) is not None:
            yield action

    return gen


def _gen_one(action: A.Action) -> Generate:
    def gen(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
        yield action

    return gen


HANDLERS: dict[type[A.Action], Handler] = {
    A.EndTurn: Handler(_check_end, _run_end, _gen_one(A.EndTurn())),
    A.Move: Handler(_check_move, _run_move, _gen_move),
    A.Step: Handler(_check_step, _run_step, _gen_step),
    A.Withdraw: Handler(_check_withdraw, _run_withdraw, _gen_withdraw),
    A.Run: Handler(_check_run, _run_run, _gen_run),
    A.Crawl: Handler(_check_crawl, _run_crawl, _gen_crawl),
    A.Swim: Handler(SWIM.check_swim, SWIM.run_swim, SWIM.gen_swim),
    A.Climb: Handler(CLIMB.check_climb, CLIMB.run_climb, CLIMB.gen_climb),
    A.Charge: Handler(_check_charge, _run_charge, _gen_charge),
    A.Overrun: Handler(check_overrun, run_overrun, gen_overrun),
    A.Tumble: Handler(check_tumble, run_tumble, gen_tumble),
    A.Trample: Handler(MON.check_trample, MON.run_trample, MON.gen_trample),
    A.Rake: Handler(MON.check_rake, MON.run_rake, MON.gen_rake),
    A.Attack: Handler(_check_attack, _run_attack, _gen_attack),
    # listed with the attacks they replace (_gen_attack)
    A.Trip: Handler(_check_attack, _run_attack, lambda enc, c: ()),
    **{
        cls: Handler(_check_attack, _run_attack, lambda enc, c: ())
        for cls in A.ATTACK_MANEUVER_ACTIONS.values()
        if cls is not A.Trip
    },
    A.EscapeArtist: Handler(G.check_escape_artist, G.run_escape_artist, G.gen_escape_artist),
    A.MoveGrapple: Handler(G.check_move_grapple, G.run_move_grapple, G.gen_move_grapple),
    A.Release: Handler(G.check_release, G.run_release, G.gen_release),
    A.ClimbDown: Handler(G.check_climb_down, G.run_climb_down, G.gen_climb_down),
    A.ClimbAbout: Handler(CA.check_climb_about, CA.run_climb_about, CA.gen_climb_about),
    A.Knees: Handler(M.check_knees, M.run_knees, M.gen_knees),
    A.MountUp: Handler(M.check_mount, M.run_mount, M.gen_mount),
    A.Dismount: Handler(M.check_dismount, M.run_dismount, M.gen_dismount),
    A.ShakeOff: Handler(G.check_shake_off, G.run_shake_off, G.gen_shake_off),
    A.Fly: Handler(FLY.check_fly, FLY.run_fly, FLY.gen_fly),
    A.Flyby: Handler(FLY.check_flyby, FLY.run_flyby, FLY.gen_flyby),
    A.Hover: Handler(FLY.check_hover, FLY.run_hover, FLY.gen_hover),
    A.BullRush: Handler(check_bull_rush, run_bull_rush, gen_bull_rush),
    A.Disarm: Handler(_check_attack, _run_attack, lambda enc, c: ()),
    A.Sunder: Handler(_check_attack, _run_attack, lambda enc, c: ()),
    A.AttackObject: Handler(O.check_attack_object, O.run_attack_object, O.gen_attack_object),
    A.BreakDoor: Handler(O.check_break, O.run_break, O.gen_break),
    A.Throw: Handler(SPLASH.check_throw, SPLASH.run_throw, SPLASH.gen_throw),
    A.ThrowExplosive: Handler(
        EXPLOSIVES.check_explosive, EXPLOSIVES.run_explosive, EXPLOSIVES.gen_explosive
    ),
    A.Autofire: Handler(AUTOFIRE.check_autofire, AUTOFIRE.run_autofire, AUTOFIRE.gen_autofire),
    A.Burst: Handler(BURST.check_burst, BURST.run_burst, BURST.gen_burst),
    # special attacks that are actions of their own (encounter/maneuvers/)
    A.Feint: Handler(FEINT.check_feint, FEINT.run_feint, FEINT.gen_feint),
    A.Gaze: Handler(GAZE.check_gaze, GAZE.run_gaze, GAZE.gen_gaze),
    A.Eyes: Handler(GAZE.check_eyes, GAZE.run_eyes, GAZE.gen_eyes),
    A.Wake: Handler(WAKE.check_wake, WAKE.run_wake, WAKE.gen_wake),
    A.Hide: Handler(STEALTH.check_hide, STEALTH.run_hide, STEALTH.gen_hide),
    A.Seek: Handler(STEALTH.check_seek, STEALTH.run_seek, STEALTH.gen_seek),
    A.AttackSquare: Handler(
        STEALTH.check_attack_square, STEALTH.run_attack_square, STEALTH.gen_none
    ),
    A.AidAnother: Handler(AID.check_aid, AID.run_aid, AID.gen_aid),
    A.CoupDeGrace: Handler(CDG.check_coup_de_grace, CDG.run_coup_de_grace, CDG.gen_coup_de_grace),
    A.KnockoutBlow: Handler(KO.check_knockout, KO.run_knockout, KO.gen_knockout),
    A.AimedShot: Handler(AIM.check_aim, AIM.run_aim, AIM.gen_aim),
    A.Turn: Handler(TURN.check_turn, TURN.run_turn, TURN.gen_turn),
    # listed with the turning (TURN.gen_turn)
    A.Rebuke: Handler(TURN.check_turn, TURN.run_turn, lambda enc, c: ()),
    A.Bolster: Handler(TURN.check_turn, TURN.run_turn, lambda enc, c: ()),
    A.GreaterTurn: Handler(TURN.check_turn, TURN.run_turn, lambda enc, c: ()),
    A.Relinquish: Handler(TURN.check_relinquish, TURN.run_relinquish, TURN.gen_relinquish),
    A.Order: Handler(TURN.check_order, TURN.run_order, TURN.gen_order),
    A.TotalDefense: Handler(_check_total_defense, _run_total_defense, _gen_total_defense),
    A.Delay: Handler(_check_delay, _run_delay, _gen_delay),
    A.Ready: Handler(_check_ready, _run_ready, _gen_ready),
    A.StartFullRound: Handler(_check_start_full, _run_start_full, _gen_start_full),
    # the timed-only rows of the SRD's Table: Actions in Combat (encounter/activities.py)
    A.UseStandard: Handler(ACT.check_use, ACT.run_use, ACT.gen_use),
    A.UseMove: Handler(ACT.check_use, ACT.run_use, lambda enc, c: ()),
    A.UseFullRound: Handler(ACT.check_use, ACT.run_use, lambda enc, c: ()),
    A.Use: Handler(ACT.check_use, ACT.run_use, lambda enc, c: ()),
    A.Stabilize: Handler(ACT.check_stabilize, ACT.run_stabilize, ACT.gen_stabilize),
    A.StandUp: Handler(_check_stand, _run_stand, _gen_stand),
    A.DropProne: Handler(_check_drop_prone, _run_drop_prone, _gen_drop_prone),
    A.Draw: Handler(_check_draw, _run_draw, _gen_draw),
    A.Drop: Handler(_check_drop, _run_drop, _gen_drop),
    A.Sheathe: Handler(_check_sheathe, _run_sheathe, _gen_sheathe),
    A.Load: Handler(_check_load, _run_load, _gen_load),
    A.PickUp: Handler(_check_pick_up, _run_pick_up, _gen_pick_up),
    A.Retrieve: Handler(STOW.check_retrieve, STOW.run_retrieve, STOW.gen_retrieve),
    A.Stow: Handler(STOW.check_stow, STOW.run_stow, lambda enc, c: ()),
    A.ReadyShield: Handler(STOW.check_shield, STOW.run_shield, STOW.gen_shield),
    A.LooseShield: Handler(STOW.check_shield, STOW.run_shield, lambda enc, c: ()),
    A.Plant: Handler(EXPLOSIVES.check_plant, EXPLOSIVES.run_plant, lambda enc, c: ()),
    A.Speak: Handler(SPEECH.check_speak, SPEECH.run_speak, SPEECH.gen_speak),
    A.OpenDoor: Handler(_check_open, _run_open, _gen_open),
    A.CloseDoor: Handler(_check_close, _run_close, _gen_close),
    A.Escape: Handler(_check_escape, _run_escape, _gen_escape),
    A.Surrender: Handler(_check_surrender, _run_surrender, _gen_surrender),
    A.Flee: Handler(_check_flee, _run_flee, _gen_fear(A.Flee())),
    A.Cower: Handler(_check_cower, _run_cower, _gen_fear(A.Cower())),
}
_ORDER = {cls: i for i, cls in enumerate(HANDLERS)}


def handler_for(action: A.Action) -> Handler:
    h = HANDLERS.get(type(action))
    if h is None:
        raise IllegalActionError(f"unknown action type {type(action).__name__}")
    return h


#: What conditions never forbid (ending the turn, waiting, giving up, letting go of
#: what one holds, cowering in fear, speaking: encounter/speech.py checks its own).
_ALWAYS = frozenset({"end", "delay", "surrender", "drop", "cower", "speak"})


def conditions_problem(c: Combatant, a: A.Action) -> str | None:
    """Why ``c``'s conditions forbid ``a`` by name (:attr:`Action.named`), or None: a
    grappler takes only the grapple options (seed 000 "If You're Grappling"; the
    conditions table's ``only_actions``), a pinned creature only tries to escape
    (``escape_actions``)."""
    if not c.conditions or a.verb in _ALWAYS:
        return None
    r = c.restrictions()
    escapes = r.escape_actions & A.NAMED_ACTIONS  # the others' turns do not begin
    if r.actions == "none" and escapes and a.named not in escapes:
        return f"{', '.join(sorted(c.conditions))}: it may only try to escape"
    if r.only_actions is not None and a.named not in r.only_actions:
        return f"grappling: {a.verb} is not one of the grapple options"
    return None


def check_action(enc: Encounter, c: Combatant, a: A.Action) -> Handler:
    """Raise IllegalActionError unless ``c`` may take ``a`` now; its handler."""
    h = handler_for(a)
    why = conditions_problem(c, a) or SPEECH.free_problem(enc, c, a)
    if why:
        raise _fail(why)
    h.check(enc, c, a)
    return h


def legal_actions(enc: Encounter, c: Combatant) -> list[A.Action]:
    """Candidates from every handler, each fully checked, in a deterministic order."""
    out: list[A.Action] = []
    for h in HANDLERS.values():
        for action in h.generate(enc, c):
            try:
                if (
                    conditions_problem(c, action) is None
                    and SPEECH.free_problem(enc, c, action) is None
                ):
                    h.check(enc, c, action)
                else:
                    continue
            except IllegalActionError:
                continue
            out.append(action)
    out.sort(key=lambda a: (_ORDER[type(a)], str(a)))
    return out
