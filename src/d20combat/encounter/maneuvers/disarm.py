"""Disarm in the encounter (seed 000 "Disarm", "Grabbing Items"; seed 004 "Disarm";
seed 001 "Disarm"; the procedure: :mod:`d20combat.rules.maneuvers.disarm`): what may be
disarmed and with what, the attack of opportunity whose damage spoils the attempt, the
rolls in their situation, and where the weapon goes.

The disarm is made with the weapon of the attack it replaces (``with WEAPON`` picks
it, as for an attack), at that attack's bonus. Its target is an item of the defender:
a weapon it holds (``ITEM``, by default its first), or a weapon it carries without
holding it (a sheathed one), which is *grabbed* (seed 000 "Grabbing Items": as a
non-weapon item, no counter-disarm; its ``secured`` gives +4 to the attacker when
``poorly`` secured, and when ``well`` secured it is taken only from a pinned wearer,
who gets +4: seed 004 just gives the +4, D14).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.equipment import Handedness, WeaponFlag
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import AOO_MANEUVERS, build_attack, flat_footed
from d20combat.encounter.maneuvers import (
    ATTACK_MANEUVER_RULES,
    AttackManeuver,
    hold_of,
    provoke_spoils,
    roll_bonus,
    take,
    weapon_ref,
)
from d20combat.errors import IllegalActionError
from d20combat.rules.maneuvers.disarm import (
    GRAB_RULE,
    RANGED_RULE,
    RULE,
    disarm,
    disarm_sides,
    outcome,
)
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack
    from d20combat.encounter.state import Encounter


def can_be_disarmed(c: Combatant, item: str) -> str | None:
    """Why ``c``'s held ``item`` cannot be disarmed, or None: SRD equipment "Gauntlet,
    Spiked" ("Your opponent cannot use a disarm action to disarm you of spiked
    gauntlets"; seed 000's note says the same of the wearer, read as the gauntlets: A34),
    and a gauntlet, worn as a glove (a reading: A34)."""
    ref = weapon_ref(c, item)
    if ref is None:
        return f"{c.id} holds no {item!r}"
    o = next((o for o in c.stats.options if o.item == item and o.weapon is not None), None)
    w = o.weapon if o is not None else None
    if w is not None and w.has(WeaponFlag.DISARM_IMMUNE):
        return f"{c.id}'s {item} cannot be disarmed (SRD equipment: spiked gauntlets)"
    if w is not None and w.handedness is Handedness.UNARMED:
        return f"{c.id}'s {item} is worn, not held: it cannot be disarmed"
    return None


def _disarmable(c: Combatant) -> list[str]:
    """The items ``c`` holds that can be disarmed, in the order it took them up."""
    return [w for w in c.wielding if can_be_disarmed(c, w) is None]


def _grabbable(c: Combatant) -> list[str]:
    """The weapons ``c`` carries without holding them, and the objects it wears (seed
    000 "Grabbing Items")."""
    from d20combat.encounter.handlers import carried

    out = [w for w in carried(c) if w not in c.wielding and c.ammo.get(w, 1) > 0]
    return out + _worn(c) if c.stat.worn else out


def _worn(c: Combatant) -> list[str]:
    """The objects ``c`` still wears (its stat block's ``worn``, not lost)."""
    return [w for w in c.stat.worn if w not in c.lost]


def _item(target: Combatant, item: str | None) -> tuple[str | None, bool, str | None]:
    """(the item, whether it is grabbed rather than disarmed, why it cannot be)."""
    if item is None:
        held = _disarmable(target)
        if not held:
            return None, False, f"{target.id} holds no weapon that can be disarmed"
        return held[0], False, None
    if item in target.wielding:
        return item, False, can_be_disarmed(target, item)
    if item in _grabbable(target):
        return item, True, None
    return None, False, f"{target.id} has no {item!r} to disarm or grab"


def _security(target: Combatant, item: str) -> str:
    """How well ``item`` is secured: a weapon's ``secured``; a worn object well (seed
    000 "Grabbing Items": "an item that is well secured ... such as a ... cloak")."""
    if item in target.stat.worn:
        return "well"
    ref = weapon_ref(target, item)
    return ref.secured if ref is not None else "normal"


def _in_hand(enc: Encounter, c: Combatant, a: Attack) -> tuple[AttackOption, Total] | str:
    from d20combat.encounter.handlers import attack_in_hand

    try:
        return attack_in_hand(enc, c, a)
    except IllegalActionError as exc:
        return str(exc)


def disarm_check(enc: Encounter, c: Combatant, a: Attack, target: Combatant) -> str | None:
    """Why ``c`` cannot make the disarm ``a`` on ``target`` now, or None: a melee attack
    (seed 000 "Disarm": with a melee weapon or unarmed; seed 001: only with a weapon
    that disarms, D19) on an item ``target`` holds and can lose, or a weapon it carries
    (a well-secured one only from a pinned wearer where the ruleset says so, D14)."""
    garrote = c.conditions.get("garroted")
    if garrote is not None and garrote.owner == target.id:
        return f"{c.id} cannot disarm {target.id}, whose garrote is around its neck (seed 000)"
    hand = _in_hand(enc, c, a)
    if isinstance(hand, str):
        return hand
    option = hand[0]
    rules = enc.rules
    if option.ranged:
        return f"a disarm is a melee attack, not a shot with {option.name}"
    if rules.disarm_weapons == "disarm-weapons" and not (
        option.weapon is not None and option.weapon.has(WeaponFlag.DISARM)
    ):
        return (
            f"in {rules.name} only a weapon that disarms (whip, flail ...) can disarm, "
            f"not {option.name} (seed 001 Disarm)"
        )
    item, grab, why = _item(target, getattr(a, "item", None))
    if why is not None or item is None:
        return why
    pinned_only = rules.grab_well_secured == "pinned"
    if grab and pinned_only and _security(target, item) == "well" and not target.has("pinned"):
        return (
            f"{target.id}'s {item} is well secured: it can be snatched only from a "
            "pinned wearer (seed 000 Grabbing Items)"
        )
    return enc.space.attack_problem(c, option, target)


def _problem(enc: Encounter, c: Combatant, target: Combatant, weapon: str | None) -> str | None:
    from d20combat.encounter.actions import Disarm

    return disarm_check(enc, c, Disarm(target.id, weapon), target)


def _generate(
    enc: Encounter, c: Combatant, target: Combatant, options: list[AttackOption], defensively: bool
) -> Iterator[Attack]:
    """Every legal disarm on ``target`` in place of an attack ``options`` may make: with
    each melee option (named when there is more than one), on each item (the first held
    one unnamed, the others by name)."""
    from d20combat.encounter.actions import Disarm

    melee = [o for o in options if not o.ranged]
    held = _disarmable(target)
    items: list[str | None] = [None, *held[1:], *_grabbable(target)] if held else []
    if not held:
        items = list(_grabbable(target))
    for o in melee:
        weapon = o.name if len(melee) > 1 else None
        for item in items:
            action = Disarm(target.id, weapon, defensively, item=item)
            if disarm_check(enc, c, action, target) is None:
                yield action


def _defender_option(target: Combatant, item: str, grab: bool) -> AttackOption | None:
    """What the defender opposes the roll with: the weapon at stake, or (for a grab) its
    best ready melee attack, or any attack it has ready."""
    if not grab:
        return _option_of(target, item)
    melee = target.melee_options()
    pool = melee or target.ready_options()
    return max(pool, key=lambda o: o.bonus.value) if pool else None


def _option_of(c: Combatant, item: str) -> AttackOption | None:
    """The attack ``c`` makes with its ``item`` (held, loaded or not)."""
    return next((o for o in c.stats.options if o.item == item and not o.thrown), None) or next(
        (o for o in c.stats.options if o.item == item), None
    )


def attempt_disarm(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Disarm" in the encounter: the attack of opportunity (none with Improved
    Disarm; any damage from it spoils the attempt), the rolls
    (:func:`d20combat.rules.maneuvers.disarm.disarm`), and the weapon to the ground in
    the defender's square or into the hand of an unarmed attacker, or the attacker's own
    weapon to the ground if it is disarmed back."""
    target = enc.get(a.target)
    rules = enc.rules
    item, grab, _ = _item(target, getattr(a, "item", None))
    assert item is not None  # checked
    d_option = _defender_option(target, item, grab)
    ranged = not grab and d_option is not None and d_option.ranged
    improved = c.stat.has_feat("improved disarm")
    rule = (
        RANGED_RULE
        if ranged and rules.disarm_ranged == "attack-object"
        else (GRAB_RULE if grab else RULE)
    )
    if not improved and not provoke_spoils(enc, c, "disarm", target):
        if enc.active(c):
            weapon = replaced.name
            enc.event(
                c.id, "disarm", rule, target=target.id, item=item, weapon=weapon, result="spoiled"
            )
        return
    if not enc.active(target):
        return
    mark = enc.dice.mark()
    unarmed = replaced.weapon is not None and replaced.weapon.name == "unarmed strike"
    roll = roll_bonus(c, replaced, replaced_bonus)
    own = replaced.item if replaced.item in c.wielding else None
    concealment = 0
    if ranged and rules.disarm_ranged == "attack-object":
        concealment = build_attack(enc, c, replaced, replaced_bonus, target)[0].concealment
    sides = disarm_sides(
        c.stats,
        hold_of(c, replaced),
        roll,
        target.stats,
        hold_of(target, d_option) if d_option is not None else None,
        roll_bonus(target, d_option, d_option.bonus) if d_option is not None else None,
        rules,
        grab=grab,
        security=_security(target, item) if grab else "normal",
        can_lose=own is not None and can_be_disarmed(c, own) is None,
        flat_footed=flat_footed(enc, target),
        concealment=concealment,
    )
    if sides.object_ac is not None:
        totals = [("attack bonus", roll), ("armor class", sides.object_ac)]
    else:
        assert sides.resist is not None
        totals = [("disarm roll", sides.attack), ("disarm resist", sides.resist)]
    r = disarm(enc.dice, sides, rules)
    if r.counter is not None and sides.counter is not None and sides.counter_resist is not None:
        totals += [
            ("counter-disarm roll", sides.counter),
            ("counter-disarm resist", sides.counter_resist),
        ]
    result = outcome(r)
    to_hand = r.disarmed and unarmed and (item in target.stat.worn or _free_hands(c, target, item))
    enc.event(
        c.id,
        "disarm",
        rule,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        weapon=replaced.name,
        item=item,
        grab=grab,
        result=result,
        natural=r.hit.natural if r.hit else None,
        total=r.hit.total if r.hit else None,
        check=[r.check.actor, r.check.opponent] if r.check else None,
        counter=[r.counter.actor, r.counter.opponent] if r.counter else None,
        taken=to_hand,
    )
    if r.disarmed:
        if item in target.stat.worn:  # off its wearer, of no more use in the fight (A239)
            target.lost = (*target.lost, item)
        elif to_hand:
            take(enc, c, target, item)
        else:
            from d20combat.encounter.handlers import drop_item

            drop_item(enc, target, item, target.pos, rule=rule)
    elif r.countered and own is not None:
        from d20combat.encounter.handlers import drop_item

        drop_item(enc, c, own, c.pos, rule=RULE + " (counter-disarm)")


def aoo_disarm(enc: Encounter, c: Combatant, option: AttackOption, target: Combatant) -> bool:
    """A disarm as ``c``'s attack of opportunity on ``target`` (SRD Table: Actions in
    Combat: a disarm "replaces a melee attack ... even as an attack of opportunity"):
    with the AoO's weapon at its bonus, of the first weapon ``target`` holds, as
    :func:`attempt_disarm` (its own attack of opportunity without Improved Disarm). False
    (nothing made) if it cannot disarm ``target`` so (A189)."""
    from d20combat.encounter.actions import Disarm

    garrote = c.conditions.get("garroted")
    if option.ranged or (garrote is not None and garrote.owner == target.id):
        return False
    if enc.rules.disarm_weapons == "disarm-weapons" and not (
        option.weapon is not None and option.weapon.has(WeaponFlag.DISARM)
    ):
        return False
    item, grab, why = _item(target, None)
    if why is not None or item is None or grab:
        return False
    attempt_disarm(enc, c, Disarm(target.id, option.name), option, option.bonus)
    return True


AOO_MANEUVERS["disarm"] = aoo_disarm


def _free_hands(c: Combatant, owner: Combatant, item: str) -> bool:
    """Whether ``c`` has a hand free for ``owner``'s ``item`` (two hands in all: SRD
    combat-i "Draw or Sheathe a Weapon"); if not, the item falls (a reading: A34)."""
    from d20combat.encounter.handlers import hands

    return sum(hands(c, w) for w in c.wielding) + hands(owner, item) <= 2


def _weapons(c: Combatant) -> list[str | None]:
    return [None]


ATTACK_MANEUVER_RULES["disarm"] = AttackManeuver(
    _problem, attempt_disarm, _weapons, check=disarm_check, generate=_generate
)
__all__ = ["attempt_disarm", "can_be_disarmed", "disarm_check"]
