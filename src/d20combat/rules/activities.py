"""Activities: the rows of the SRD's Table: Actions in Combat whose effect needs a
system the engine does not have (magic items, spells, special abilities, skills used
in combat, torches, nets ...). Each is legal and timed, and provokes as the ruleset
says (``provoking_actions`` lists the activities that provoke); its effect is not
modelled beyond its timing (spells are issue 10; the rest future work).

Sources: SRD combat-i.html Table: Actions in Combat (the action types, and "Attack of
Opportunity" column); seed 002 "Actions" (its marked actions; D35); SRD combat-ii.html
"Activate Magic Item", "Use Special Ability"; seed 004 "Miscellaneous Actions" ("For
actions not covered ..., the GM determines how long such an action takes to perform
and whether doing so provokes": these rows, and the ruleset's ``provoking_actions``, are
that decision, reading A188) and "Use Feat, Skill, or Talent".
A creature may take an activity its stat block lists in ``activities``
(docs/creature-schema.md; reading A120).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from d20combat.rules.checks import check
from d20combat.rules.dice import DiceSource
from d20combat.rules.modifiers import Total

__all__ = [
    "ACTIVITIES",
    "ACTIVITY_KINDS",
    "STABILIZE_RULE",
    "Activity",
    "activity",
    "first_aid",
    "p_first_aid",
]

#: The action types an activity takes (seed 004 "Action Types"; the SRD table's
#: "not an action" rows are taken as free actions, reading A121).
ACTIVITY_KINDS = ("standard", "move", "full-round", "free")


@dataclass(frozen=True, slots=True)
class Activity:
    """One row: its name in the notation (``use NAME``), its action type, what the
    table calls it, and where the row is."""

    name: str
    kind: str
    label: str
    source: str


def _rows(kind: str, source: str, *rows: tuple[str, str]) -> dict[str, Activity]:
    return {name: Activity(name, kind, label, source) for name, label in rows}


_TABLE = "SRD combat-i Table: Actions in Combat"
_USE = _TABLE + " (Use feat: varies); seed 004 Use Feat, Skill, or Talent"

#: Every activity by name, in the table's order (standard, move, full-round, free).
ACTIVITIES: dict[str, Activity] = {
    **_rows(
        "standard",
        _TABLE,
        ("activate-item", "activate a magic item other than a potion or oil"),
        ("concentrate", "concentrate to maintain an active spell"),
        ("dismiss-spell", "dismiss a spell"),
        ("draw-hidden", "draw a hidden weapon"),
        ("drink", "drink a potion or apply an oil"),
        ("light-tindertwig", "light a torch with a tindertwig"),
        ("lower-sr", "lower spell resistance"),
        ("read-scroll", "read a scroll"),
        ("skill-action", "use a skill that takes 1 action"),
        ("spell-like", "use a spell-like ability"),
        ("supernatural", "use a supernatural ability"),
    ),
    **_rows(
        "move",
        _TABLE,
        ("direct-spell", "direct or redirect an active spell"),
        ("move-heavy", "move a heavy object"),
        ("ready-shield", "ready or loose a shield"),
        ("retrieve", "retrieve a stored item"),
    ),
    **_rows(
        "full-round",
        _TABLE,
        ("escape-net", "escape from a net"),
        ("extinguish", "extinguish flames"),
        ("light-torch", "light a torch"),
        ("lock-gauntlet", "lock or unlock a weapon in a locked gauntlet"),
        ("prepare-splash", "prepare to throw a splash weapon"),
        ("skill-round", "use a skill that takes 1 round"),
        ("touch-six", "use a touch spell on up to six friends"),
    ),
    **_rows(
        "free",
        _TABLE,
        ("cease-concentration", "cease concentration on a spell"),
        ("draw-ammunition", "draw ammunition"),
        ("extraordinary", "use an extraordinary ability"),
        ("prepare-components", "prepare spell components to cast a spell"),
        ("quickened-spell", "cast a quickened spell"),
        ("speak", "speak"),
    ),
    # the table's "Use feat: varies" and seed 004 "Use Feat, Skill, or Talent" ("Most uses
    # of skills or talents in a combat situation are attack actions, but some might be
    # move actions or full-round actions"): one row per timing (reading A188)
    **_rows(
        "standard",
        _USE,
        ("feat-action", "use a feat that takes a standard (attack) action"),
        ("talent-action", "use a talent that takes an attack action"),
    ),
    **_rows(
        "move",
        _USE,
        ("feat-move", "use a feat that takes a move action"),
        ("skill-move", "use a skill that takes a move action"),
        ("talent-move", "use a talent that takes a move action"),
    ),
    **_rows(
        "full-round",
        _USE,
        ("feat-round", "use a feat that takes a full-round action"),
        ("talent-round", "use a talent that takes a full-round action"),
    ),
    **_rows("free", _USE, ("feat-free", "use a feat that takes no action")),
}


def activity(name: str) -> Activity | None:
    """The activity called ``name`` (lower-case), or None."""
    return ACTIVITIES.get(name)


STABILIZE_RULE = "SRD combat-i Stable Characters and Recovery; seed 004 Recovering with Help"


def first_aid(dice: DiceSource, skill: Total, dc: int, name: str) -> tuple[int, bool]:
    """Make a dying creature stable: a ``name`` check (Heal in the SRD, Treat Injury in
    seed 004) against ``dc`` (15 in both): "You can keep a dying character from losing
    any more hit points and make him stable with a DC 15 Heal check" (SRD combat-i
    "Stable Characters and Recovery"). A check: no automatic success or failure.
    Returns the check's total and whether it succeeded."""
    total = check(dice, skill, f"{name} check to stabilise (DC {dc})")
    return total, total >= dc


def p_first_aid(modifier: int, dc: int) -> Fraction:
    """The chance of :func:`first_aid` succeeding (closed form: the faces that reach
    ``dc``)."""
    return Fraction(sum(1 for face in range(1, 21) if face + modifier >= dc), 20)
