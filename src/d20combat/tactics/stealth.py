"""The baseline's hiding and seeking (``hide``, ``seek``: encounter/stealth.py), by
expected worth with the exact odds of the opposed checks:

* ``hide`` with a move action that would go unused (it attacked, the turn would end):
  worth the expected damage of the blows its foes could no longer aim at it, each
  foe's best blow times the chance it fails its Spot check
  (:func:`~d20combat.encounter.stealth.p_unseen`); against ending the turn, worth 0;
* ``seek`` with a move action when every foe is hidden from it (it does not go for the
  squares of hidden foes: :func:`known`), or with one left after attacking: the
  chance its Spot check meets each hider's Hide result
  (:func:`~d20combat.encounter.stealth.p_found`) times its best blow on that hider;
* ``attack-square`` with the standard action when every foe is hidden from it: into
  the square where a hider hid (its last known place), the blow's expected damage at
  total concealment (:func:`guess_choice`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.stealth import (
    hidden_from,
    hide_edge,
    hide_modifier,
    p_found,
    p_unseen,
    spot_modifier,
    square_option,
    unseen,
)
from d20combat.tactics.worth import attack_worth

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def _best_blow(enc: Encounter, c: Combatant, target: Combatant) -> float:
    """The expected damage of ``c``'s best ready option on ``target``, wherever it
    stands (its attack bonus as the option gives it)."""
    return max((attack_worth(enc, c, o, o.bonus, target) for o in c.ready_options()), default=0.0)


def _within_a_round(enc: Encounter, o: Combatant, c: Combatant) -> bool:
    """Whether foe ``o`` could strike ``c`` this round: ``c`` within a double move and
    its reach, or within the range of a ranged option it holds ready."""
    sp = enc.space
    d = sp.distance_ft(o, c)
    melee = max((x.reach_ft for x in o.melee_options()), default=0)
    if melee and d <= 2 * sp.speed(o) + melee:
        return True
    return any(x.ranged and d <= x.max_range for x in o.ready_options())


def hide_worth(enc: Encounter, c: Combatant) -> float:
    """The expected damage hiding keeps off ``c`` for a round (exact odds per foe that
    could strike it this round: the others cost a line trace and keep nothing off)."""
    hide = hide_modifier(enc, c).value
    worth = 0.0
    for o in enc.space.active_enemies(c):
        if not _within_a_round(enc, o, c):
            continue
        edge = hide_edge(enc, o, c)
        if edge is not None:
            p = p_unseen(hide + edge, spot_modifier(enc, o, c).value)
            worth += float(p) * _best_blow(enc, o, c)
    return worth


def hide_choice(enc: Encounter, c: Combatant) -> A.Hide | None:
    """``hide`` if ``c`` may hide, is not hiding already and the move action is free,
    when it is worth something (the alternative, ending the turn, is worth 0)."""
    if c.id not in enc.stealthy or c.hide_check is not None:
        return None
    if not _move_free(enc, standard_too=False):
        return None
    # a worth above 0 needs some foe to hide from: hide_problem's own test, not run twice
    return A.Hide() if hide_worth(enc, c) > 0 else None


def seek_worth(enc: Encounter, c: Combatant) -> float:
    """The expected damage of the blows finding the foes hidden from ``c`` allows: for
    each, the chance its Spot check meets the hider's Hide result times its best blow."""
    spot = c.roll_total(c.stats.skill("spot"), "skill", skill="spot").value
    worth = 0.0
    for h in hidden_from(enc, c):
        far = enc.space.distance_ft(c, h) // 10
        dc = h.hide_check if h.hide_check is not None else 0
        worth += float(p_found(spot - far, dc)) * _best_blow(enc, c, h)
    return worth


def seek_choice(enc: Encounter, c: Combatant) -> A.Seek | None:
    """``seek`` when every foe ``c`` could fight is hidden from it and finding them is
    worth something (the alternative: waiting, as it does not know their squares)."""
    if not enc.stealthy or not _move_free(enc, standard_too=True) or not hidden_from(enc, c):
        return None
    return A.Seek() if seek_worth(enc, c) > 0 else None


def guess_choice(enc: Encounter, c: Combatant) -> A.AttackSquare | None:
    """An attack into the square where a foe hidden from ``c`` hid (its last known
    place: A219), the one whose attack is worth the most (total concealment counted),
    if any is worth something; None without a standard action for an attack."""
    b = enc.budget
    if not b.standard or b.full_round or b.committed or b.attacks_made:
        return None
    best: tuple[float, A.AttackSquare] | None = None
    for h in hidden_from(enc, c):
        if h.hid_at is None:
            continue
        guess = A.AttackSquare(h.hid_at)
        if not enc.is_legal(guess):
            continue
        option = square_option(enc, c, guess)
        worth = attack_worth(enc, c, option, option.bonus, h)
        if worth > 0 and (best is None or worth > best[0]):
            best = (worth, guess)
    return None if best is None else best[1]


def blind_turn(enc: Encounter, c: Combatant) -> A.Action | None:
    """Every foe hidden from ``c``: seek with the move action, attack the square a foe
    hid in with the standard action, else seek with it (or None: end the turn)."""
    if enc.budget.move:
        seek = seek_choice(enc, c)
        if seek is not None:
            return seek
    return guess_choice(enc, c) or seek_choice(enc, c)


def known(enc: Encounter, c: Combatant, foes: list[Combatant]) -> list[Combatant]:
    """``foes`` but those hidden from ``c`` (the baseline does not go for a square it
    does not know: A217)."""
    return [e for e in foes if not unseen(enc, c, e)]


def after_attack(enc: Encounter, c: Combatant) -> A.Action | None:
    """With the move action left after attacking: ``hide`` or ``seek``, whichever is
    worth more (and more than 0, ending the turn's worth), or None."""
    if not _move_free(enc, standard_too=False):
        return None
    hide = hide_worth(enc, c) if hide_choice(enc, c) is not None else 0.0
    seek = seek_worth(enc, c) if hidden_from(enc, c) else 0.0
    if max(hide, seek) <= 0:
        return None
    return A.Hide() if hide >= seek else A.Seek()


def _move_free(enc: Encounter, *, standard_too: bool) -> bool:
    b = enc.budget
    return (b.move or (standard_too and b.standard)) and not (b.full_round or b.committed)
