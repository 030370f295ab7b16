"""Swimming by Swim checks: a creature without a swim speed in deep water (seed 000
"Underwater Combat" table, notes 2-4; the checks themselves: :mod:`d20combat.rules.swim`).

* A creature *afloat* (no swim speed, every square of its space deep water, gear too
  light to walk along the bottom) makes one Swim check as its turn begins (A166):
  success gives it the ``swimming`` condition for the round (no run or charge); failure
  the ``off-balance`` condition (note 4: it loses its Dexterity bonus to AC, opponents
  +2), and by 5 or more it goes under (A167).
* It moves only by the ``swim`` action: a quarter of its speed as a move action, up to
  half as a full-round action (note 2); never by ``move``, a 5-foot step, a withdraw, a
  run or a charge (SRD combat-i: no 5-foot step or withdraw "using a form of movement
  for which you don't have a listed speed"; seed 004 "Withdraw": none by a movement
  needing a skill check). Off balance, it makes no progress that round.
* A creature on land swims into deep water the same way: its first ``swim`` of the turn
  makes the round's check, against the roughest water on the path.
* A creature whose gear weighs it down walks along the bottom at half speed instead
  (note 3, firm footing: :meth:`Space.swims`, :meth:`Space.unseen_terrain`).
* Under water after going under it holds its breath, then drowns (:func:`hold_breath`,
  A173) until a successful check brings it back up.

Every hook asks :attr:`BattleMap.has_water` and the swim speed first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.movement import walk
from d20combat.encounter.water import Depth, depth, moves_freely, walks_bottom
from d20combat.errors import IllegalActionError
from d20combat.grid.squares import footprint
from d20combat.grid.terrain import DEEP_WATER
from d20combat.rules import swim as S
from d20combat.rules.checks import check
from d20combat.rules.modifiers import BonusType, Modifier, stack

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

BREATH_PER_CON = 2
"""Rounds of breath per point of Constitution (A173)."""
BREATH_DC = 10
DROWN_SOURCE = "SRD Drowning (A173: not in the repository's excerpt)"


def afloat(enc: Encounter, c: Combatant) -> bool:
    """Whether ``c`` is in deep water where only a Swim check moves it."""
    if moves_freely(c) or c.pos is None or not enc.map.has_water:
        return False
    return depth(enc, c) is Depth.SUBMERGED and not walks_bottom(c)


def swims_by_check(enc: Encounter, c: Combatant) -> bool:
    """Whether ``c`` needs Swim checks to cross deep water (the map has some)."""
    return not moves_freely(c) and enc.map.has_water and not walks_bottom(c)


def water_dc(enc: Encounter, squares: Iterable[tuple[int, int]]) -> int | None:
    """The Swim DC of the roughest deep water among ``squares`` (None: none)."""
    m = enc.map
    dcs = [S.swim_dc(f) for f in (m.flags(*sq) for sq in squares) if f & DEEP_WATER]
    return max(dcs) if dcs else None


def _squares(c: Combatant, path: Iterable[A.Pos]) -> list[tuple[int, int]]:
    return [sq for p in (c.pos, *path) for sq in footprint(p, c.squares)]


def swim_check(enc: Encounter, c: Combatant, dc: int, why: str) -> S.SwimResult:
    """Roll ``c``'s Swim check against ``dc`` and give it the round's condition:
    ``swimming`` on a success, ``off-balance`` on a failure in deep water (from the bank
    or chest-deep water a failure only keeps it there, A166)."""
    mark = enc.dice.mark()
    mod = c.roll_total(S.modifier(c.stats), "skill", skill="swim")
    total = check(enc.dice, mod, "swim check")
    out = S.result(total, dc)
    in_water = afloat(enc, c)  # on the bank (or wading) it just fails to swim in
    if not in_water and out is S.SwimResult.GOES_UNDER:
        out = S.SwimResult.FLAILS
    if out is S.SwimResult.SWIMS:  # until its next turn begins (start_turn)
        c.conditions["swimming"] = Condition(c.id, 0)
        c.conditions.pop("off-balance", None)
    else:
        c.conditions.pop("swimming", None)
        if in_water:
            c.conditions["off-balance"] = Condition(c.id, 1)
    if out is S.SwimResult.GOES_UNDER and c.breath < 0:
        con = c.stats.abilities.get(Ability.CON)
        if con is not None:  # no Constitution: it need not breathe
            c.breath = BREATH_PER_CON * con
    elif out is S.SwimResult.SWIMS and c.breath >= 0 and not c.drowning:
        c.breath, c.breath_checks = -1, 0  # back at the surface
    enc.space.invalidate(c)
    enc.event(
        c.id,
        "swim-check",
        S.SOURCE,
        totals=(("swim check", mod),),
        rolls_from=mark,
        dc=dc,
        total=total,
        result=out.value,
        why=why,
        off_balance=out is not S.SwimResult.SWIMS and in_water,
        breath=c.breath,
    )
    return out


def hold_breath(enc: Encounter, c: Combatant) -> None:
    """A round under water as its turn begins (A173, the SRD's drowning rule: the
    repository's excerpt does not have it): a round of breath goes; out of breath, a
    Constitution check DC 10, +1 for each earlier one; failing it, it drowns: the
    first round unconscious at 0 hit points, the next dying at -1, the third dead.
    Out of the water it breathes again."""
    if depth(enc, c) is not Depth.SUBMERGED:
        c.breath, c.breath_checks, c.drowning = -1, 0, 0
        return
    if c.drowning:
        c.drowning += 1
        v = c.vitals
        if c.drowning == 2:
            c.vitals = v._replace(hp=min(v.hp, -1), subdued=False, stable=False)
        else:
            c.vitals = v._replace(dead=True)
        enc.space.invalidate(c)
        enc.event(c.id, "drowning", DROWN_SOURCE, round_drowning=c.drowning, hp=c.vitals.hp)
        return
    if c.breath > 0:
        c.breath -= 1
        return
    con = c.stats.abilities.get(Ability.CON)
    dc = BREATH_DC + c.breath_checks
    c.breath_checks += 1
    mark = enc.dice.mark()
    base = stack([Modifier(c.stats.mod(Ability.CON), BonusType.ABILITY, f"Con {con}")])
    mod = c.roll_total(base, "ability-check")
    total = check(enc.dice, mod, "constitution check (holding breath)")
    ok = total >= dc
    if not ok:  # unconscious at 0 hit points (subdued: unconscious, not disabled)
        c.drowning = 1
        c.vitals = c.vitals._replace(hp=min(c.vitals.hp, 0), subdued=True)
        enc.space.invalidate(c)
    enc.event(
        c.id,
        "holding-breath",
        DROWN_SOURCE,
        totals=(("constitution check", mod),),
        rolls_from=mark,
        dc=dc,
        total=total,
        result="holds" if ok else "drowns",
    )


def start_turn(enc: Encounter, c: Combatant) -> None:
    """The round's Swim check of a creature afloat as its turn begins (A166); last
    round's ``swimming`` ends first (quietly: a new check follows)."""
    if c.conditions.pop("swimming", None) is not None:
        enc.space.invalidate(c)
    if not afloat(enc, c):
        return
    dc = water_dc(enc, footprint(c.pos, c.squares))
    if dc is not None:
        swim_check(enc, c, dc, "stay afloat")


def not_afloat(enc: Encounter, c: Combatant) -> None:
    """Raise IllegalActionError if ``c`` is afloat: it moves only by swimming."""
    if afloat(enc, c):
        raise IllegalActionError(
            "in deep water without a swim speed it moves only by a Swim check ('swim ...')"
        )


# ------------------------------------------------------------------ the swim action
def _limit(enc: Encounter, c: Combatant) -> tuple[int, int]:
    """Feet a successful check moves it: (as a move action, as a full-round action)."""
    speed = enc.space.speed(c)
    return 5 * (speed // 20), 5 * (speed // 10)


def check_swim(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 note 2: a quarter of its speed as a move action, half as a full-round
    action, by a successful Swim check; the path must touch deep water."""
    from d20combat.encounter.handlers import need_full_round, need_move_action

    assert isinstance(a, A.Swim)
    if not swims_by_check(enc, c):
        raise IllegalActionError("it moves through the water as on land ('move ...')")
    r = c.restrictions()
    if not r.can_move or c.has("prone"):
        raise IllegalActionError("its conditions forbid moving")
    if c.has("off-balance"):
        raise IllegalActionError("off balance: its Swim check failed this round")
    if enc.budget.stepped:
        raise IllegalActionError("no other movement in a round with a 5-foot step")
    if water_dc(enc, _squares(c, a.path)) is None:
        raise IllegalActionError("the path crosses no deep water ('move ...')")
    cost = enc.space.path_cost(c, a.path, swim=True)
    quarter, half = _limit(enc, c)
    if cost <= quarter:
        need_move_action(enc, c)
    elif cost <= half:
        need_full_round(enc, c)
    else:
        raise IllegalActionError(
            f"the path costs {cost} ft; swimming allows {quarter} ft as a move action, "
            f"{half} ft as a full-round action"
        )


def run_swim(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.Swim)
    b = enc.budget
    quarter, _ = _limit(enc, c)
    b.use("move" if enc.space.path_cost(c, a.path, swim=True) <= quarter else "full-round")
    b.moved = True
    if b.routine is not None and not b.committed:
        b.routine = None
    if "swimming" not in c.conditions:  # from land: the round's check now
        dc = water_dc(enc, _squares(c, a.path))
        assert dc is not None
        if swim_check(enc, c, dc, "swim in") is not S.SwimResult.SWIMS:
            return
    walk(enc, c, a.path, kind="swim")


def gen_swim(enc: Encounter, c: Combatant) -> Iterable[A.Action]:
    b = enc.budget
    if not swims_by_check(enc, c) or c.has("off-balance") or c.pending_full_round is not None:
        return
    if b.stepped or b.committed or b.full_round or not (b.move or b.standard):
        return
    if not c.restrictions().can_move or c.has("prone"):
        return
    quarter, half = _limit(enc, c)
    budget = half if b.can_full_round else quarter
    if not budget:
        return
    m = enc.map
    for path in enc.space.paths(c, budget, swim=True):
        if any(m.flags(*sq) & DEEP_WATER for sq in _squares(c, path)):
            yield A.Swim(path)
