"""Items out of easy reach: weapons stowed in a pack and a slung shield.

A scenario lists them per combatant (``stowed``: docs/scenario-schema.md), and the
creature then holds ``Combatant.stowed``:

* a stowed weapon cannot be drawn; it is retrieved: a move action that provokes
  (SRD combat-i "Manipulate an Item", Table: Actions in Combat "Retrieve a stored
  item": Move, Yes; seed 004 "Move Actions": "retrieving or stowing a stored object"),
  never free with a move (the free draw is for a weapon "drawn", A225). The weapon goes
  into a free hand as a drawn one does (what no longer fits falls). ``stow`` puts a held
  weapon away again: a move action that provokes as sheathing does (the ruleset's
  ``provoking_actions`` ``sheathe``: A227); never listed among the candidates (the
  tactics never stow);
* a slung shield gives no AC until readied (SRD combat-i "Ready or Loose a Shield":
  "Strapping a shield to your arm to gain its shield bonus to your AC, or unstrapping
  and dropping a shield so you can use your shield hand for another purpose, requires a
  move action. If you have a base attack bonus of +1 or higher, you can ready or loose
  a shield as a free action combined with a regular move"; Table: Actions in Combat:
  no AoO). ``loose-shield`` slings it again. The free one shares the free draw's
  allowance: one item made ready (or loosed) free per regular move (A225).

A creature with nothing stowed pays one empty-tuple test per turn for each generator.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke
from d20combat.errors import IllegalActionError

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

RETRIEVE_RULE = "SRD combat-i Manipulate an Item"
SHIELD_RULE = "SRD combat-i Ready or Loose a Shield"


def _shield(c: Combatant) -> str | None:
    """The name of the shield ``c`` still carries (None: none, or lost)."""
    s = c.stat.shield
    return s.display if s is not None and s.display not in c.lost else None


def check_retrieve(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The item must be a weapon ``c`` has stowed, and a move action left.

    Raises:
        IllegalActionError: naming what is missing.
    """
    from d20combat.encounter.handlers import need_move_action

    assert isinstance(a, A.Retrieve)
    if a.item not in c.stowed or a.item == _shield(c):
        have = ", ".join(w for w in c.stowed if w != _shield(c)) or "none"
        raise IllegalActionError(f"{c.id} has no {a.item!r} stowed (stowed weapons: {have})")
    if c.pending_full_round is not None:
        raise IllegalActionError("a full-round action is under way: complete it")
    need_move_action(enc, c)


def run_retrieve(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Spend the move action (a full attack under way ends), provoke when the ruleset's
    ``provoking_actions`` name ``retrieve`` (the SRD table: yes), then the weapon is in
    hand."""
    from d20combat.encounter.handlers import take_in_hand

    assert isinstance(a, A.Retrieve)
    b = enc.budget
    b.use("move")
    if b.routine is not None and not b.committed:
        b.routine = None
    provokes = "retrieve" in enc.rules.provoking_actions
    if provokes and not provoke(enc, c, f"retrieving {a.item}"):
        return
    c.stowed = tuple(w for w in c.stowed if w != a.item)
    dropped = take_in_hand(enc, c, (a.item,))
    enc.event(c.id, "retrieve", RETRIEVE_RULE, item=a.item, provokes=provokes, dropped=dropped)


def gen_retrieve(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    if not c.stowed:
        return
    shield = _shield(c)
    for w in c.stowed:
        if w != shield:
            yield A.Retrieve(w)


def check_stow(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """The weapon must be in hand, and a move action left.

    Raises:
        IllegalActionError: naming what is missing.
    """
    from d20combat.encounter.handlers import need_move_action

    assert isinstance(a, A.Stow)
    if a.item not in c.wielding:
        raise IllegalActionError(f"{a.item!r} is not in hand")
    if c.pending_full_round is not None:
        raise IllegalActionError("a full-round action is under way: complete it")
    need_move_action(enc, c)


def run_stow(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Spend the move action, provoke as sheathing does (A227), stow the weapon."""
    assert isinstance(a, A.Stow)
    b = enc.budget
    b.use("move")
    if b.routine is not None and not b.committed:
        b.routine = None
    provokes = "sheathe" in enc.rules.provoking_actions
    if provokes and not provoke(enc, c, f"stowing {a.item}"):
        return
    c.wielding = tuple(w for w in c.wielding if w != a.item)
    c.stowed = (*c.stowed, a.item)
    enc.space.invalidate(c)
    enc.event(c.id, "stow", RETRIEVE_RULE, item=a.item, provokes=provokes)


def check_shield(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Readying needs a slung shield, loosing a readied one; a move action, or the free
    one with a regular move at BAB +1 (:func:`handlers._free_draw`).

    Raises:
        IllegalActionError: naming what is missing.
    """
    from d20combat.encounter.handlers import _free_draw, need_move_action

    shield = _shield(c)
    if shield is None:
        raise IllegalActionError(f"{c.id} carries no shield")
    ready = isinstance(a, A.ReadyShield)
    if ready and shield not in c.stowed:
        raise IllegalActionError(f"{shield} is already readied")
    if not ready and shield in c.stowed:
        raise IllegalActionError(f"{shield} is already slung")
    if c.pending_full_round is not None:
        raise IllegalActionError("a full-round action is under way: complete it")
    if not _free_draw(enc, c):
        need_move_action(enc, c)


def run_shield(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """Spend the move action or the free one; the shield's bonus counts from now (or
    stops counting): :func:`d20combat.encounter.maneuvers.refit`. No AoO (SRD table)."""
    from d20combat.encounter.handlers import _free_draw
    from d20combat.encounter.maneuvers import refit

    shield = _shield(c)
    assert shield is not None
    b = enc.budget
    free = _free_draw(enc, c)
    if free:
        b.free_draw_used = True
    else:
        b.use("move")
        if b.routine is not None and not b.committed:
            b.routine = None
    ready = isinstance(a, A.ReadyShield)
    if ready:
        c.stowed = tuple(w for w in c.stowed if w != shield)
    else:
        c.stowed = (*c.stowed, shield)
    refit(enc, c)
    enc.space.invalidate(c)
    enc.event(
        c.id,
        "shield",
        SHIELD_RULE,
        shield=shield,
        readied=ready,
        action="free" if free else "move",
        ac=c.stats.ac.value,
    )


def gen_shield(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    """Readying a slung shield. Loosing one is legal but never listed: it only takes
    the shield's AC away, and listing it would give every shield bearer one more
    candidate each turn (A226)."""
    if c.stowed and c.stat.shield is not None and _shield(c) in c.stowed:
        yield A.ReadyShield()
