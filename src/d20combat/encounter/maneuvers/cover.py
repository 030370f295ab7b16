"""Striking the cover instead of a missed target (seed 004 "Striking the Cover Instead of
a Missed Target"), where the ruleset reads it (``cover_struck``: d20modern).

"If the attack roll falls within a range low enough to miss the target with cover but
high enough to strike the target if there had been no cover, the object used for cover
was struck. ... if the cover is struck and the attack roll exceeds the Defense of the
covering character, the covering character takes the damage intended for the target. If
the covering character has a Dexterity bonus to Defense or a dodge bonus, and this bonus
keeps the covering character from being hit, then the original target is hit instead."

Readings (A93): only a creature giving soft cover is looked for (a wall or an object
struck takes nothing: the engine damages no walls); the covering creature is the one with
a square on the lines between the attacker's and the target's squares (their top-left
squares) nearest the target (then by id); "exceeds" is the normal hit rule (the roll
reaches its Defense against this attacker); the creature struck takes the weapon's
damage rolled anew (no critical).

"A covering character can choose not to apply his or her Dexterity bonus to Defense
and/or his or her dodge bonus" (reading A222): when only those bonuses kept the blow off
it, a covering creature of the target's side takes the blow in the target's place if
that is worth more by expected damage (:func:`takes_the_blow`); otherwise it dodges.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from d20combat.encounter.combatant import Combatant
from d20combat.grid.lines import pair_trace
from d20combat.rules.attack import Attack, AttackResult, resolve_attack
from d20combat.rules.modifiers import BonusType, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

RULE = "seed 004 Striking the Cover Instead of a Missed Target"
_DODGING = (BonusType.DODGE, BonusType.ABILITY)


def covering_creature(enc: Encounter, attacker: Combatant, target: Combatant) -> Combatant | None:
    """The creature whose space lies between ``attacker`` and ``target`` (module
    docstring), or None."""
    trace = pair_trace(enc.map, attacker.pos, target.pos)
    between = {s for ct in trace.corners for s in ct.crossed}
    between |= {s for ct in trace.corners for pair in ct.gaps for s in pair}
    found = [
        v
        for v in enc.combatants.values()
        if v is not attacker
        and v is not target
        and v.present()
        and not v.vitals.dead
        and any(
            (v.pos[0] + i, v.pos[1] + j) in between
            for i in range(v.squares)
            for j in range(v.squares)
        )
    ]
    if not found:
        return None
    return min(found, key=lambda v: (enc.space.distance_ft(v, target), v.id))


def dodging(ac: Total) -> int:
    """The Dexterity and dodge bonuses counted in ``ac``."""
    return sum(
        p.modifier.value
        for p in ac.parts
        if p.counted and p.modifier.value > 0 and p.modifier.type in _DODGING
    )


def takes_the_blow(coverer: Combatant, target: Combatant, option: AttackOption) -> bool:
    """The covering creature's choice (A222): it drops its Dexterity and dodge bonuses to
    take the blow meant for ``target`` when it is on ``target``'s side and the blow's
    expected damage (the weapon's mean, rolled anew on either) would cost ``target`` a
    larger share of its remaining hit points than it would cost ``coverer``."""
    if coverer.side != target.side:
        return False
    mean = float(option.dice.mean) + option.damage_bonus.value
    if mean <= 0:
        return False

    def share(c: Combatant) -> float:
        return min(1.0, mean / max(1, c.vitals.hp))

    return share(target) > share(coverer)


def strike_cover(
    enc: Encounter,
    attacker: Combatant,
    option: AttackOption,
    bonus: Total,
    target: Combatant,
    attack: Attack,
    r: AttackResult,
) -> None:
    """After ``r`` missed ``target``: the cover struck, and whom the blow hits."""
    from d20combat.encounter.fighting import build_attack, deal_damage

    cover = sum(
        p.modifier.value
        for p in attack.ac.parts
        if p.counted and p.modifier.type is BonusType.COVER
    )
    if not cover or r.total < attack.ac.value - cover:
        return  # it would have missed without the cover too
    coverer = covering_creature(enc, attacker, target)
    if coverer is None:
        return
    c_attack, _ = build_attack(enc, attacker, option, bonus, coverer)
    dodge = dodging(c_attack.ac)
    struck: Combatant | None = None
    chose = False
    if r.total >= c_attack.ac.value:
        struck = coverer
    elif r.total >= c_attack.ac.value - dodge:
        chose = takes_the_blow(coverer, target, option)  # A222
        struck = coverer if chose else target  # else it dodged out of the way
    extra: dict[str, Any] = {"took_the_blow": True} if chose else {}
    enc.event(
        attacker.id,
        "cover-struck",
        RULE,
        target=coverer.id,
        totals=(("armor class", c_attack.ac),),
        aimed=target.id,
        total=r.total,
        dodge=dodge,
        struck=None if struck is None else struck.id,
        **extra,
    )
    if struck is None:
        return
    hit, _ = build_attack(enc, attacker, option, bonus, struck)
    hit = hit._replace(auto_hit=True, concealment=0, crit_immune=True)
    mark = enc.dice.mark()
    blow = resolve_attack(enc.dice, hit, enc.rules)
    deal_damage(enc, attacker, struck, blow, hit, enc.dice.since(mark))
