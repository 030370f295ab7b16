"""How long a creature can run (seed 004 "Run"; SRD combat-i "Run", the same words):
"A character can run for a number of rounds equal to his or her Constitution score, but
after that the character must succeed at a Constitution check (DC 10) to continue
running. The character must check again each round in which he or she continues to
run, and the DC of this check increases by 1 for each check the character makes. When
the character fails this check, he or she must stop running. A character who has run to
his or her limit must rest for 1 minute (10 rounds) before running again."

Rounds run in a row are counted on the combatant (``ran_round``, ``run_rounds``,
``run_checks``); the check is made as a run begins (A171): failing it, the creature does
not run that round (its full-round action is not spent) and has the ``run-rest``
condition for the next 10 rounds. A creature with no Constitution score never tires.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.creatures import Ability
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.rules.checks import check
from d20combat.rules.modifiers import BonusType, Modifier, stack

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

SOURCE = "seed 004 Run (Constitution check to keep running)"
RUN_DC = 10
REST_ROUNDS = 10


def keep_running(enc: Encounter, c: Combatant) -> bool:
    """Count this round's run; past its Constitution score in rounds, roll the check to
    keep running. Returns False if it must stop (it then rests: ``run-rest``)."""
    if c.ran_round != enc.round - 1:
        c.run_rounds = c.run_checks = 0  # a new run: the count starts again
    c.ran_round = enc.round
    c.run_rounds += 1
    con = c.stats.abilities.get(Ability.CON)
    if con is None or c.run_rounds <= con:
        return True
    dc = RUN_DC + c.run_checks
    c.run_checks += 1
    mark = enc.dice.mark()
    base = stack([Modifier(c.stats.mod(Ability.CON), BonusType.ABILITY, f"Con {con}")])
    mod = c.roll_total(base, "ability-check")
    total = check(enc.dice, mod, "constitution check (running)")
    ok = total >= dc
    enc.event(
        c.id,
        "run-check",
        SOURCE,
        totals=(("constitution check", mod),),
        rolls_from=mark,
        dc=dc,
        total=total,
        rounds=c.run_rounds,
        result="keeps running" if ok else "stops",
    )
    if not ok:
        # the rest lasts through its next 10 turns: it may run again in the 11th
        c.conditions["run-rest"] = Condition(c.id, REST_ROUNDS + 1)
        c.ran_round, c.run_rounds, c.run_checks = -1, 0, 0
        enc.space.invalidate(c)
    return ok
