"""Aid another (seed 000 "Aid Another"; seed 002 "Aid Another"; seed 004 "Aid Another";
SRD combat-ii "Aid Another").

The procedure: in position to make a melee attack on an opponent engaging a friend in
melee, the aider makes an attack roll against AC 10 (a natural 1 misses, a natural 20
hits: seed 003 "Attack Roll"); it deals no damage. On a hit the friend gains, at the
aider's choice, +2 on attacks against that opponent or +2 to AC against its attacks
(:class:`Aid`). How long, and on how many rolls, is the ruleset's reading
(``aid_another_until``, D40):

* ``aider-next-turn`` (srd35, advanced; seed 000, 002, SRD): an untyped +2 on the
  friend's *next* attack roll against the opponent, or to AC against the opponent's
  *next* attack, if it comes before the start of the aider's next turn;
* ``friend-next-turn`` (d20modern; seed 004): a +2 *circumstance* bonus "on the friend's
  next turn": on every attack of the friend's next turn against the opponent, and to
  Defense against the opponent until the end of that turn (A15).

Several aiders' bonuses stack (seed 000: "similar bonuses stack"; each aider is a
source of its own, so circumstance bonuses stack too).
"""

from __future__ import annotations

from enum import StrEnum

from d20combat.content.rulesets import Ruleset
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import Touch, touch_attack
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack

RULE = "seed 000 Aid Another; seed 002 Aid Another; seed 004 Aid Another"
AID_AC = 10
AID_BONUS = 2
_AC = stack([Modifier(AID_AC, BonusType.BASE, "aid another (AC 10)")])


class Aid(StrEnum):
    """What the aider grants: +2 on the friend's attacks, or +2 to its AC."""

    ATTACK = "attack"
    DEFENSE = "defense"


def aid_roll(dice: DiceSource, bonus: Total, rules: Ruleset) -> Touch:
    """The aider's attack roll against AC 10 (no miss chance: it strikes nobody)."""
    return touch_attack(dice, bonus, _AC, "aid another: attack roll (AC 10)", rules)


def aid_ac() -> Total:
    """The AC the aider's roll must reach (10)."""
    return _AC


def aid_modifier(rules: Ruleset, aider: str) -> Modifier:
    """One aider's +2 (untyped, or circumstance in ``d20modern``), named after it so
    that several aiders' bonuses stack."""
    circumstance = rules.aid_another_bonus == "circumstance"
    kind = BonusType.CIRCUMSTANCE if circumstance else BonusType.UNTYPED
    return Modifier(AID_BONUS, kind, f"aid another ({aider})")
