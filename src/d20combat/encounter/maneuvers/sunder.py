"""Sunder in the encounter (seed 000 "Sunder", "Strike a Weapon"; seed 002 "Sunder"; the
procedure: :mod:`d20combat.rules.maneuvers.sunder`): what may be sundered and with what,
the attack of opportunity, the rolls in their situation, and the item's hit points in
the encounter's state.

The blow is struck with the weapon of the attack it replaces (``with WEAPON`` picks it),
at that attack's bonus. Its target is an item of the defender: a weapon it holds
(``ITEM``, by default its first), its shield (opposed rolls), a weapon it carries
without holding it (an attack roll against the object's AC), or a splash weapon's flask
in its hand (an attack roll against the held object's AC, any melee weapon: A53). What
an item has lost is kept on its bearer (``Combatant.item_damage``, saved); at 0 hit
points the item is destroyed: a weapon is gone from its hand, a shield's bonus from its
AC (seed 000 "Hit Points": "When an object's hit points reach 0, it's ruined"). A
damaged item works as before: the 3.5 rules give no penalty short of ruin (a reading:
A34).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from d20combat.content.damage import DamageType
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.fighting import build_attack, flat_footed, provoke, use_up_thrown
from d20combat.encounter.maneuvers import (
    ATTACK_MANEUVER_RULES,
    AttackManeuver,
    hold_of,
    roll_bonus,
    ruin,
    shield_of,
)
from d20combat.encounter.maneuvers.splash import is_splash
from d20combat.errors import IllegalActionError
from d20combat.rules.attack import Attack as Blow
from d20combat.rules.attack import roll_damage
from d20combat.rules.maneuvers import splash as S
from d20combat.rules.maneuvers import touch_attack
from d20combat.rules.maneuvers.sunder import (
    RULE,
    durability,
    enhancement,
    outcome,
    sunder,
    sunder_sides,
)
from d20combat.rules.modifiers import Total
from d20combat.rules.objects import RULE as OBJECT_RULE
from d20combat.rules.objects import damage_to_object, held_item_ac
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack
    from d20combat.encounter.state import Encounter

_STRIKES = frozenset({DamageType.SLASHING, DamageType.BLUDGEONING})


def _carried(c: Combatant) -> list[str]:
    from d20combat.encounter.handlers import carried

    return [w for w in carried(c) if w not in c.wielding and c.ammo.get(w, 1) > 0]


def _flask(target: Combatant, item: str) -> bool:
    """Whether ``item`` is a splash weapon's flask ``target`` holds (a small held
    object: seed 000 "Attack An Object"; seed 001 "Attacking held items and objects")."""
    return item in target.wielding and any(
        o.item == item and is_splash(o) for o in target.stats.options
    )


def _items(target: Combatant) -> list[str]:
    """What of ``target``'s can be sundered: its held weapons and flasks, its shield, the
    weapons it carries without holding them."""
    out = [
        w for w in target.wielding if durability(target.stats, w) is not None or _flask(target, w)
    ]
    shield = shield_of(target)
    if shield is not None:
        out.append(shield)
    return out + [w for w in _carried(target) if durability(target.stats, w) is not None]


def _item(target: Combatant, item: str | None) -> tuple[str | None, str | None]:
    """(the item, why it cannot be sundered)."""
    if item is None:
        held = [w for w in target.wielding if durability(target.stats, w) is not None]
        if held:
            return held[0], None
        return None, f"{target.id} holds no weapon that can be sundered"
    body = target.stat.armor
    if body is not None and item == body.display:
        return None, "armor worn by another creature cannot be sundered (seed 000 Sunder)"
    if item in _items(target):
        return item, None
    if item in target.wielding or item in _carried(target):
        return None, f"{target.id}'s {item} has no hardness or hit points to sunder"
    return None, f"{target.id} has no {item!r} to sunder"


def _in_hand(enc: Encounter, c: Combatant, a: Attack) -> tuple[AttackOption, Total] | str:
    from d20combat.encounter.handlers import attack_in_hand

    try:
        return attack_in_hand(enc, c, a)
    except IllegalActionError as exc:
        return str(exc)


def sunder_check(enc: Encounter, c: Combatant, a: Attack, target: Combatant) -> str | None:
    """Why ``c`` cannot make the sunder ``a`` on ``target`` now, or None: a melee attack
    with a slashing or bludgeoning weapon dealing lethal damage (seed 000 "Sunder";
    objects are immune to nonlethal damage: "Attack An Object"), on an item with
    hardness and hit points (never armor), whose enhancement bonus the weapon's matches
    (seed 000 "Strike a Weapon": "The attacker cannot damage a magic weapon or shield
    that has an enhancement bonus unless his own weapon has at least as high")."""
    hand = _in_hand(enc, c, a)
    if isinstance(hand, str):
        return hand
    option = hand[0]
    if option.ranged:
        return f"a sunder is a melee attack, not a shot with {option.name}"
    if option.nonlethal and not option.either:
        return f"{option.name} deals nonlethal damage: objects are immune to it"
    item, why = _item(target, getattr(a, "item", None))
    if why is not None or item is None:
        return why
    if not _STRIKES & set(option.damage_types) and not _flask(target, item):
        return f"a sunder takes a slashing or bludgeoning weapon, not {option.name}"
    need = enhancement(target.stats, item)
    if option.enhancement < need:
        return (
            f"{target.id}'s {item} (+{need}) can be damaged only by a weapon of +{need} or "
            "more (seed 000 Strike a Weapon)"
        )
    return enc.space.attack_problem(c, option, target)


def _problem(enc: Encounter, c: Combatant, target: Combatant, weapon: str | None) -> str | None:
    from d20combat.encounter.actions import Sunder

    return sunder_check(enc, c, Sunder(target.id, weapon), target)


def _generate(
    enc: Encounter, c: Combatant, target: Combatant, options: list[AttackOption], defensively: bool
) -> Iterator[Attack]:
    """Every legal sunder on ``target`` in place of an attack ``options`` may make: with
    each melee option (named when there is more than one), on each item (the first held
    weapon unnamed, the others by name)."""
    from d20combat.encounter.actions import Sunder

    melee = [o for o in options if not o.ranged]
    if not melee:
        return
    items = _items(target)
    held = [w for w in target.wielding if durability(target.stats, w) is not None]
    named: list[str | None] = [None] if held else []
    named += [w for w in items if not held or w != held[0]]
    for o in melee:
        weapon = o.name if len([x for x in options if not x.ranged]) > 1 else None
        for item in named:
            action = Sunder(target.id, weapon, defensively, item=item)
            if sunder_check(enc, c, action, target) is None:
                yield action


def _defender_option(target: Combatant, item: str) -> AttackOption | None:
    """What the defender opposes the roll with: the weapon at stake if it holds it, else
    its best ready melee attack, else any attack it has ready."""
    held = next((o for o in target.ready_options() if o.item == item and not o.ranged), None)
    if held is not None:
        return held
    pool = target.melee_options() or target.ready_options()
    return max(pool, key=lambda o: o.bonus.value) if pool else None


def attempt_sunder(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Sunder" in the encounter: the attack of opportunity (none with Improved
    Sunder), the rolls and the blow (:func:`d20combat.rules.maneuvers.sunder.sunder`),
    the item's hit points, its ruin at 0."""
    target = enc.get(a.target)
    rules = enc.rules
    item, _ = _item(target, getattr(a, "item", None))
    assert item is not None  # checked
    improved = c.stat.has_feat("improved sunder")
    if not improved and not provoke(enc, c, "sunder", only=target):
        return
    if not enc.active(target) or not enc.active(c):
        return
    if _flask(target, item):
        _strike_flask(enc, c, target, item, replaced, replaced_bonus)
        return
    table = durability(target.stats, item)
    assert table is not None
    lost = target.item_damage.get(item, 0)
    attack = roll_bonus(c, replaced, replaced_bonus)
    built, _ = build_attack(enc, c, replaced, replaced_bonus, target, power=c.power_attack)
    blow = Blow(replaced, attack, built.ac, built.damage_bonus)
    held = item in target.wielding or item == shield_of(target)
    d_option = _defender_option(target, item) if held else None
    carried = None
    if not held:
        option = next(o for o in target.stats.options if o.item == item)
        carried = hold_of(target, option).size
    sides = sunder_sides(
        c.stats,
        hold_of(c, replaced),
        attack,
        target.stats,
        hold_of(target, d_option) if d_option is not None else None,
        roll_bonus(target, d_option, d_option.bonus) if d_option is not None else None,
        blow,
        table.hardness,
        table.hp - lost,
        rules,
        carried=carried,
    )
    if sides.object_ac is not None:
        totals = [("attack bonus", sides.attack), ("armor class", sides.object_ac)]
    else:
        assert sides.resist is not None
        totals = [("sunder roll", sides.attack), ("sunder resist", sides.resist)]
    mark = enc.dice.mark()
    r = sunder(enc.dice, sides, rules)
    if r.landed:
        totals.append(("damage bonus", built.damage_bonus))
    enc.event(
        c.id,
        "sunder",
        RULE,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        weapon=replaced.name,
        item=item,
        result=outcome(r),
        natural=r.hit.natural if r.hit else None,
        total=r.hit.total if r.hit else None,
        check=[r.check.actor, r.check.opponent] if r.check else None,
        rolled=sum(p.amount for p in r.parts) if r.landed else None,
        damage=r.damage.damage if r.damage else None,
        notes=list(r.damage.notes) if r.damage else [],
        hardness=table.hardness,
        hp_before=table.hp - lost,
        hp=r.hp_left if r.landed else table.hp - lost,
        max_hp=table.hp,
    )
    if r.damage is not None and r.damage.damage:
        target.item_damage[item] = table.hp - r.hp_left
    if r.destroyed:
        ruin(enc, target, item)


def _strike_flask(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    item: str,
    replaced: AttackOption,
    replaced_bonus: Total,
) -> None:
    """A blow at a flask in ``target``'s hand: an attack roll against the held object's
    AC (seed 000 "Attack An Object": 10 + its size (Tiny +2) + the holder's Dexterity
    and deflection + 5 in hand; seed 001: the holder's touch AC + 4, ``held_object_ac``),
    the weapon's damage against the glass (hardness 1, 1 hp), or in ``advanced`` a
    small fragile item broken by any hit. A broken flask is one fewer to throw."""
    rules = enc.rules
    attack = roll_bonus(c, replaced, replaced_bonus)
    ac = held_item_ac(target.stats, S.FLASK_SIZE, rules, flat_footed=flat_footed(enc, target))
    built, _ = build_attack(enc, c, replaced, replaced_bonus, target, power=c.power_attack)
    mark = enc.dice.mark()
    roll = touch_attack(enc.dice, attack, ac, f"attack roll ({replaced.name} on {item})", rules)
    done = None
    if roll.hit:
        parts = roll_damage(enc.dice, Blow(replaced, attack, ac, built.damage_bonus))
        done = damage_to_object(parts, S.FLASK_HARDNESS, rules, fragile=True)
    broken = done is not None and (done.shattered or done.damage >= S.FLASK_HP)
    result = "destroyed" if broken else ("glancing" if roll.hit else "missed")
    enc.event(
        c.id,
        "sunder",
        f"{OBJECT_RULE}; seed 001 Attacking held items and objects",
        target=target.id,
        totals=(
            ("attack bonus", attack),
            ("armor class", ac),
            ("damage bonus", built.damage_bonus),
        ),
        rolls_from=mark,
        weapon=replaced.name,
        item=item,
        result=result,
        natural=roll.natural,
        total=roll.total,
        check=None,
        rolled=done.dealt if done else None,
        damage=done.damage if done else None,
        notes=list(done.notes) if done else [],
        hardness=S.FLASK_HARDNESS,
        hp_before=S.FLASK_HP,
        hp=0 if broken else S.FLASK_HP,
        max_hp=S.FLASK_HP,
    )
    if broken:
        option = next(o for o in target.stats.options if o.item == item)
        use_up_thrown(enc, target, option)


def _weapons(c: Combatant) -> list[str | None]:
    return [None]


ATTACK_MANEUVER_RULES["sunder"] = AttackManeuver(
    _problem, attempt_sunder, _weapons, check=sunder_check, generate=_generate
)
__all__ = ["attempt_sunder", "sunder_check"]
