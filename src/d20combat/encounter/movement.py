"""Moving on the map: paths, attacks of opportunity on the way, readied attacks.

Sources:
* seed 003 "Provoking an Attack of Opportunity": moving out of a threatened square
  provokes; seed 003 "Combat Reflexes ...": moving out of several squares threatened
  by the same opponent in one round is one opportunity for it;
* SRD combat-i "Take 5-Foot Step" (never provokes), "Withdraw" (the starting square
  is not threatened by visible enemies), "Run", "Crawling" (provokes from any
  attacker at any point of the crawl);
* seed 004 "Ready": the readied action occurs just before the event that triggers it,
  and the readier's initiative moves to just before the triggering creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter.actions import Pos, square_name
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import provoke, strike

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

MOVE_RULE = "seed 004 Movement; SRD combat-ii Tactical Movement"
RULES = {  # the rule each kind of movement follows
    "move": MOVE_RULE,
    "step": "SRD combat-i Take 5-Foot Step",
    "withdraw": "seed 004 Withdraw; seed 002 Attacks of Opportunity",
    "run": "seed 004 Run; SRD combat-i Run",
    "charge": "seed 000 Charge; seed 004 Charge",
}


def walk(
    enc: Encounter,
    c: Combatant,
    path: tuple[Pos, ...],
    *,
    kind: str,
    provokes: bool = True,
    free_start: bool = False,
) -> bool:
    """Move ``c`` along ``path`` square by square. Returns False if it was stopped.

    Each square left that an enemy threatens offers that enemy an attack of
    opportunity (once per round for movement); ``free_start`` exempts the first
    square (withdraw); ``provokes=False`` exempts all (5-foot step).
    """
    start = c.pos
    done: list[Pos] = []
    space = enc.space
    # readied attacks are set on their owners' turns: none appear during this move
    side = c.side
    watched = any(t.readied is not None and t.side != side for t in enc.combatants.values())
    for i, nxt in enumerate(path):
        if (
            provokes
            and not (free_start and i == 0)
            and space.threatening(c)
            and not provoke(enc, c, f"moving out of {square_name(c.pos)}", movement=True)
        ):
            break
        space.place(c, nxt)
        done.append(nxt)
        if watched and not trigger_readied(enc, c):
            break
    enc.event(
        c.id,
        kind,
        RULES.get(kind, MOVE_RULE),
        start=square_name(start),
        path=[square_name(p) for p in done],
        end=square_name(c.pos),
        stopped=len(done) < len(path),
    )
    return len(done) == len(path) and enc.active(c)


def trigger_readied(enc: Encounter, mover: Combatant) -> bool:
    """Readied attacks of enemies whose reach ``mover`` has just entered."""
    for t in list(enc.enemies(mover)):
        if t.readied is None or t.readied[0] != "enters-reach" or not enc.active(t):
            continue
        option = enc.space.aoo_option(t, mover, weapon=t.readied[1])
        if option is None:
            continue
        t.readied = None
        enc.event(t.id, "readied", "seed 004 Ready", target=mover.id, trigger="enters-reach")
        # SRD equipment "brace" weapons deal double damage set against a charge.
        braced = option.weapon is not None and option.weapon.has(WeaponFlag.BRACE)
        multiplier = 2 if braced and mover.has("charging") else 1
        strike(enc, t, option, option.bonus, mover, kind="readied attack", multiplier=multiplier)
        _reorder_before(enc, t, mover)
        if not enc.active(mover):
            return False
    return True


def _reorder_before(enc: Encounter, readier: Combatant, trigger: Combatant) -> None:
    """The readier's initiative count becomes the one just before the trigger's."""
    order = enc.order
    current = order[enc.turn]
    order.remove(readier.id)
    order.insert(order.index(trigger.id), readier.id)
    enc.turn = order.index(current)
    enc.event(readier.id, "initiative-change", "seed 004 Ready", order=list(order))


def crawl(enc: Encounter, c: Combatant, to: Pos) -> None:
    """Crawl 5 ft: provokes from every enemy threatening the crawler at any point of
    the crawl (SRD combat-i "Crawling"), not once per round: those threatening the
    square it leaves, then those threatening only the square it reaches."""
    first = {t.id for t in enc.space.threatening(c)}
    if not provoke(enc, c, "crawling"):
        return
    enc.space.place(c, to)
    enc.event(c.id, "crawl", "SRD combat-i Crawling", end=square_name(to))
    for t in enc.space.threatening(c):
        if t.id not in first and not provoke(enc, c, "crawling", only=t):
            return
    trigger_readied(enc, c)
