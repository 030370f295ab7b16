"""Aid another in the encounter (seed 000 "Aid Another"; seed 004 "Aid Another"; the
procedure: :mod:`d20combat.rules.maneuvers.aid`): a standard action (seed 004's attack
action) by a creature in position to make a melee attack on an opponent engaging a
friend in melee (the opponent threatens the friend, or the friend threatens it). The
attack roll against AC 10 carries every situational modifier of an attack on that
opponent; an unarmed strike provokes from an armed opponent as any unarmed attack does
(the SRD: aid another provokes when the aided action would). On a hit the friend holds
an ``aid-attack`` or ``aid-defense`` effect over the opponent, timed by the ruleset's
``aid_another_until`` (:func:`d20combat.encounter.fighting.edges` applies it,
:func:`~d20combat.encounter.fighting.spend_edges` uses it up).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant, Effect
from d20combat.encounter.fighting import (
    build_attack,
    edges,
    provoke,
    spend_edges,
    unarmed_provokes,
)
from d20combat.encounter.maneuvers import ready_option
from d20combat.errors import IllegalActionError
from d20combat.rules.maneuvers.aid import RULE, aid_ac, aid_roll
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def aid_option(
    enc: Encounter, c: Combatant, opponent: Combatant, weapon: str | None
) -> AttackOption | None:
    """The melee attack ``c`` aids with: ``weapon``, else the first ready melee option
    that can attack ``opponent`` now (None if there is none)."""
    if weapon is not None:
        o = ready_option(c, weapon)
        return None if o is None or o.ranged else o
    space = enc.space
    return next(
        (o for o in c.melee_options() if space.attack_problem(c, o, opponent) is None), None
    )


def engaged(enc: Encounter, friend: Combatant, opponent: Combatant) -> bool:
    """The opponent and the friend are in melee: either threatens the other."""
    space = enc.space
    return space.threatens(opponent, friend) or space.threatens(friend, opponent)


def aid_problem_in(
    enc: Encounter, c: Combatant, friend: Combatant, opponent: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot aid ``friend`` against ``opponent`` now, or None."""
    if friend is c:
        return "a creature cannot aid itself"
    if friend.side != c.side:
        return f"{friend.id} is not a friend of {c.id}"
    if opponent.side == c.side:
        return f"{opponent.id} is not an opponent"
    for who in (friend, opponent):
        if not enc.active(who):
            return f"{who.id} is not in the fight (helpless, down, fled or surrendered)"
    if not c.restrictions().can_attack:
        return "its conditions forbid attacking: " + ", ".join(sorted(c.condition_set()))
    option = aid_option(enc, c, opponent, weapon)
    if option is None:
        if weapon is not None:
            return f"{c.id} has no ready melee weapon {weapon!r}"
        return f"{opponent.id} is not within reach of a melee attack by {c.id}"
    why = enc.space.attack_problem(c, option, opponent)
    if why is not None:
        return why
    if not engaged(enc, friend, opponent):
        return f"{opponent.id} is not engaging {friend.id} in melee"
    return None


def check_aid(enc: Encounter, c: Combatant, a: A.Action) -> None:
    """seed 000 "Aid Another": a standard action (seed 004: an attack action)."""
    from d20combat.encounter.handlers import need_standard

    assert isinstance(a, A.AidAnother)
    need_standard(enc, c)
    why = aid_problem_in(enc, c, enc.get(a.friend), enc.get(a.against), a.weapon)
    if why:
        raise IllegalActionError(why)


def run_aid(enc: Encounter, c: Combatant, a: A.Action) -> None:
    assert isinstance(a, A.AidAnother)
    friend, opponent = enc.get(a.friend), enc.get(a.against)
    enc.budget.use("standard")
    option = aid_option(enc, c, opponent, a.weapon)
    assert option is not None  # checked
    if unarmed_provokes(enc, c, option, opponent) and not provoke(
        enc, c, "aid another (an unarmed attack)", only=opponent
    ):
        return
    attack, _ = build_attack(enc, c, option, option.bonus, opponent)
    mark = enc.dice.mark()
    roll = aid_roll(enc.dice, attack.bonus, enc.rules)
    if c.effects:  # an aider aided in turn: its roll against that opponent spends it
        spend_edges(enc, c, opponent, edges(enc, c, opponent, ranged=False), feint=False)
    enc.event(
        c.id,
        "aid",
        RULE,
        target=opponent.id,
        totals=(("attack bonus", attack.bonus), ("armor class", aid_ac())),
        rolls_from=mark,
        friend=friend.id,
        aid=a.aid,
        weapon=option.name,
        natural=roll.natural,
        total=roll.total,
        result="aided" if roll.hit else "missed",
        lasts=enc.rules.aid_another_until,
    )
    if not roll.hit or not enc.active(friend):
        return
    kind = "aid-attack" if a.aid == "attack" else "aid-defense"
    if enc.rules.aid_another_until == "friend-next-turn":
        effect = Effect(kind, opponent.id, c.id, friend.id, 1, through=True)
    else:  # until the start of the aider's next turn
        effect = Effect(kind, opponent.id, c.id, c.id, 1)
    enc.grant(friend, effect)


def gen_aid(enc: Encounter, c: Combatant) -> Iterator[A.Action]:
    b = enc.budget
    if not b.standard or b.full_round or c.pending_full_round is not None:
        return
    melee = c.melee_options()
    if not melee or not c.restrictions().can_attack:
        return
    space = enc.space
    reach = max(o.reach_ft for o in melee)
    friends = [f for f in enc.allies(c) if enc.active(f)]
    if not friends:
        return
    for opponent in space.enemies_near(c, reach):
        if aid_option(enc, c, opponent, None) is None:
            continue
        for friend in friends:
            if aid_problem_in(enc, c, friend, opponent, None) is None:
                for choice in A.AID_CHOICES:
                    yield A.AidAnother(friend.id, opponent.id, choice)
