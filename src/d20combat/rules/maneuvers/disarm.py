"""Disarm (seed 000 "Disarm", "Grabbing Items"; seed 002 "Disarm"; seed 004 "Disarm",
"Ranged Weapons", "Grabbing Objects"; seed 001 "Disarm"; SRD feats "Improved Disarm").

The procedure, for every ruleset:

1. The attempt provokes an attack of opportunity from the target (none with Improved
   Disarm); if it deals any damage the attempt fails. The encounter offers it before
   this procedure runs.
2. Opposed attack rolls with the two sides' weapons: the attacker must *beat* the
   defender (:attr:`~d20combat.rules.checks.Ties.OPPONENT`: "If you beat the
   defender"). The modifiers are the ruleset's (D19, :func:`disarm_roll`): srd35 the
   two-handed +4 and light -4 of each side and the larger combatant's +4 per size
   category; d20modern the larger weapon's +4 per size category, +4 for a target
   holding its weapon in two hands, and the combatants' size as well; advanced the
   weapons' size and the two hands only. Everywhere: a weapon's disarm bonus (flail +2,
   sai +4) on its wielder's rolls to disarm and to keep its weapon after a failed
   attempt, Improved Disarm's +4 (seed 002), a locked gauntlet's +10 to keep a weapon,
   -4 to a defender whose item is not a melee weapon (srd35, advanced), and for a worn
   or carried item +4 to the attacker if it is poorly secured, +4 to the defender if it
   is well secured.
   seed 004 disarms a *ranged* weapon by attacking it in the hand instead: an attack
   roll against the weapon's Defense as a held object (+2 if held in two hands).
3. If the attacker wins the target is disarmed: the weapon falls to the ground, or into
   the hand of an unarmed attacker. If it loses, the defender may at once try to disarm
   the attacker back, the same opposed roll the other way round, with no counter to the
   counter; none after a grab or a non-weapon, against Improved Disarm (SRD feats), or
   when the attacker has nothing to disarm.
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.equipment import armor
from d20combat.content.rulesets import Ruleset
from d20combat.rules.checks import Opposed, Ties, opposed
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import (
    Hold,
    Touch,
    combatant_size,
    effort_modifiers,
    held_weapon_size,
    improved,
    touch_attack,
)
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.objects import held_item_ac
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Disarm; seed 002 Disarm"
GRAB_RULE = "seed 000 Grabbing Items; seed 002 Disarm"
RANGED_RULE = "seed 004 Disarm (Ranged Weapons)"
#: seed 004 "Ranged Weapons": "If the weapon is held in two hands, it gets a +2 bonus to
#: its Defense."
TWO_HANDS_DEFENSE = 2
#: seed 000 "Grabbing Items": a poorly secured item gives the attacker +4; a well-secured
#: one gives the defender +4 (seed 000: against a pinned wearer; seed 004: always).
SECURITY_BONUS = 4


class DisarmSides(NamedTuple):
    """The numbers of one disarm attempt, totalled with their breakdowns.

    ``attack``/``resist``: the opposed attack rolls' modifiers; ``counter`` /
    ``counter_resist``: the same the other way round (None: no counter-disarm).
    ``object_ac``: seed 004's disarm of a ranged weapon, an attack roll of ``attack``
    against the weapon's Defense (then ``resist`` is None)."""

    attack: Total
    resist: Total | None
    counter: Total | None = None
    counter_resist: Total | None = None
    object_ac: Total | None = None
    concealment: int = 0


class DisarmResult(NamedTuple):
    """What happened: the attack on a held weapon (seed 004), the opposed rolls, the
    counter-disarm."""

    hit: Touch | None
    check: Opposed | None
    counter: Opposed | None

    @property
    def disarmed(self) -> bool:
        """The defender loses the item."""
        if self.hit is not None:
            return self.hit.hit
        return self.check is not None and self.check.won

    @property
    def countered(self) -> bool:
        """The attacker is disarmed in turn."""
        return self.counter is not None and self.counter.won


def disarm_roll(
    stats: Statistics,
    hold: Hold,
    bonus: Total,
    rules: Ruleset,
    *,
    disarming: bool,
    countered: bool = False,
    extra: tuple[Modifier, ...] = (),
) -> Total:
    """One side's opposed attack roll in a disarm: ``bonus`` (its attack bonus with
    ``hold``, its conditions counted) and the ruleset's modifiers (module docstring).
    ``disarming``: the side trying to take the other's weapon (Improved Disarm, the
    weapon's disarm bonus), else the side whose weapon is at stake (two hands in seed
    004/001, a locked gauntlet); ``countered``: the original attacker keeping its weapon
    against a counter-disarm, which keeps its weapon's disarm bonus ("including the roll
    to avoid being disarmed if such an attempt fails", SRD equipment). ``extra``: the
    item's security and a non-weapon's -4."""
    mods: list[Modifier] = [*extra]
    if rules.disarm_grip == "weapon-effort":
        mods += effort_modifiers(hold)
    elif not disarming and hold.option.two_handed:
        mods.append(Modifier(4, BonusType.UNTYPED, "weapon in two hands"))
    if rules.disarm_size in ("combatant", "both"):
        mods.append(combatant_size(stats))
    if rules.disarm_size in ("weapon", "both"):
        mods.append(held_weapon_size(hold))
    if hold.disarm_bonus and (disarming or countered):
        name = hold.option.weapon.name if hold.option.weapon else hold.option.name
        mods.append(Modifier(hold.disarm_bonus, BonusType.UNTYPED, f"{name} (disarm)"))
    if disarming:
        mods += improved(stats, "improved disarm", rules)
    if not disarming and hold.locked:
        gauntlet = armor("locked gauntlet")
        mods.append(Modifier(gauntlet.disarm_bonus, BonusType.UNTYPED, gauntlet.name))
    return bonus.plus(*mods) if mods else bonus


def held_object_ac(
    holder: Statistics, held: Hold, rules: Ruleset, *, flat_footed: bool = False
) -> Total:
    """seed 004 "Ranged Weapons": the weapon in the holder's hand as an object
    (:func:`d20combat.rules.objects.held_item_ac`), +2 if it takes two hands."""
    ac = held_item_ac(holder, held.size, rules, flat_footed=flat_footed)
    w = held.option.weapon
    if w is not None and w.hands == 2:
        ac = ac.plus(Modifier(TWO_HANDS_DEFENSE, BonusType.UNTYPED, "held in two hands"))
    return ac


def disarm_sides(
    attacker: Statistics,
    mine: Hold,
    my_roll: Total,
    defender: Statistics,
    theirs: Hold | None,
    their_roll: Total | None,
    rules: Ruleset,
    *,
    grab: bool = False,
    security: str = "normal",
    can_lose: bool = True,
    flat_footed: bool = False,
    concealment: int = 0,
) -> DisarmSides:
    """The numbers of a disarm of ``theirs`` (the defender's weapon at stake; for a grab,
    what it opposes with) by ``mine``, each side's attack roll (``my_roll``,
    ``their_roll``: the attack bonus with its situation) given. ``grab``: an item carried
    or worn, not held, secured ``poorly``, ``normal`` or ``well``; ``can_lose``: the
    attacker holds a weapon it can be disarmed of (else no counter). A ranged weapon in
    hand is not a melee weapon: -4 to the defender and no counter (srd35), or attacked
    in the hand (seed 004: then ``flat_footed`` and ``concealment`` count)."""
    not_melee = grab or (theirs is not None and theirs.option.ranged)
    if not grab and not_melee and theirs is not None and rules.disarm_ranged == "attack-object":
        ac = held_object_ac(defender, theirs, rules, flat_footed=flat_footed)
        return DisarmSides(my_roll, None, object_ac=ac, concealment=concealment)
    extra: list[Modifier] = []
    against: list[Modifier] = []
    if grab and security == "poorly":
        extra.append(Modifier(SECURITY_BONUS, BonusType.UNTYPED, "poorly secured"))
    if grab and security == "well":
        against.append(Modifier(SECURITY_BONUS, BonusType.UNTYPED, "well secured"))
    if not_melee and rules.disarm_non_weapon_penalty:
        penalty = rules.disarm_non_weapon_penalty
        against.append(Modifier(penalty, BonusType.UNTYPED, "not a melee weapon"))
    check = disarm_roll(attacker, mine, my_roll, rules, disarming=True, extra=tuple(extra))
    if theirs is None or their_roll is None:  # nothing to fight with: a bare d20
        return DisarmSides(check, stack(against))
    resist = disarm_roll(defender, theirs, their_roll, rules, disarming=False, extra=tuple(against))
    if not_melee or not can_lose or attacker.stat.has_feat("improved disarm"):
        return DisarmSides(check, resist)
    counter = disarm_roll(defender, theirs, their_roll, rules, disarming=True)
    counter_resist = disarm_roll(attacker, mine, my_roll, rules, disarming=False, countered=True)
    return DisarmSides(check, resist, counter, counter_resist)


def disarm(dice: DiceSource, sides: DisarmSides, rules: Ruleset) -> DisarmResult:
    """Roll one disarm attempt (the attack of opportunity comes first, in the
    encounter). Does not check who may disarm what (the encounter does)."""
    if sides.object_ac is not None:
        hit = touch_attack(
            dice,
            sides.attack,
            sides.object_ac,
            "disarm: attack on the held weapon",
            rules,
            concealment=sides.concealment,
        )
        return DisarmResult(hit, None, None)
    assert sides.resist is not None
    check = opposed(
        dice,
        sides.attack,
        sides.resist,
        ("disarm: attack roll", "disarm: resisting attack roll"),
        Ties.OPPONENT,
    )
    if check.won or sides.counter is None or sides.counter_resist is None:
        return DisarmResult(None, check, None)
    counter = opposed(
        dice,
        sides.counter,
        sides.counter_resist,
        ("counter-disarm: attack roll", "counter-disarm: resisting attack roll"),
        Ties.OPPONENT,
    )
    return DisarmResult(None, check, counter)


def outcome(r: DisarmResult) -> str:
    """The result's name: disarmed, countered, failed, missed or concealed."""
    if r.hit is not None and not r.hit.hit:
        return "concealed" if r.hit.concealed else "missed"
    return "disarmed" if r.disarmed else ("countered" if r.countered else "failed")
