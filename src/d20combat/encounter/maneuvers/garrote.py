"""The garrote in the encounter (seed 000 "Garrote Attacks"; the procedures:
:mod:`d20combat.rules.maneuvers.garrote`). It is a grapple (:mod:`.grapple`: its
state, checks, moving in, escape and release), with these additions:

* the garrote attack in place of a melee attack with a ready garrote
  (:func:`attempt_garrote`): the target's attack of opportunity (any damage spoils
  it), reaching the head, the placing touch attack against the garrote AC (several
  attacks: several tries at their iterative bonuses), the strangle's grapple check
  (not lost outright against a larger target), then both are grappling, the victim
  ``garroted`` (owned by the garroter), the garrote's damage, and moving in (not with
  a locking garrote: reading A83, the two are still linked so the victim escapes the
  same way);
* strangling in place of an attack (:func:`attempt_strangle`): a grapple check, won,
  the garrote's damage; the garroter neither pins, deals unarmed damage nor attacks
  with another weapon (:func:`.grapple._garroting_problem`); releasing lets it go;
* the victim: grappled, escapes by a grapple check, may attack with a light weapon
  (the grapple's own rules), cannot disarm the garroter (:mod:`.disarm`), and may cut
  the garrote from its throat (:func:`attempt_cut`: Attack an Object, AC 21, -4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.fighting import build_attack
from d20combat.encounter.maneuvers import (
    ATTACK_MANEUVER_RULES,
    AttackManeuver,
    provoke_spoils,
    ruin,
    touch_of,
)
from d20combat.encounter.maneuvers import grapple as GR
from d20combat.rules.attack import Attack as Blow
from d20combat.rules.maneuvers import garrote as R
from d20combat.rules.maneuvers.sunder import SunderSides, durability, sunder
from d20combat.rules.maneuvers.sunder import outcome as sunder_outcome
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter.actions import Attack
    from d20combat.encounter.state import Encounter

RULE = R.RULE


def garrote_of(c: Combatant, weapon: str | None) -> AttackOption | None:
    """``c``'s ready garrote called ``weapon`` (None: its first ready garrote)."""
    key = None if weapon is None else weapon.lower()
    for o in c.ready_options():
        w = o.weapon
        if w is not None and w.has(WeaponFlag.GARROTE) and key in (None, o.name.lower(), w.name):
            return o
    return None


def garrotes(c: Combatant) -> list[str | None]:
    """The names of ``c``'s ready garrotes (the maneuver's weapons)."""
    if not c.wielding:
        return []
    out: list[str | None] = []
    for o in c.ready_options():
        if o.weapon is not None and o.weapon.has(WeaponFlag.GARROTE):
            out.append(o.name)
    return out


def garrote_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot garrote ``target`` now, or None."""
    option = garrote_of(c, weapon)
    if option is None:
        return f"{c.id} holds no ready garrote" + (f" {weapon!r}" if weapon else "")
    if c.grappling:
        return f"{c.id} is already grappling"
    if target.grappling:
        # a reading (A84): the garrote is looped over a free creature's head
        return f"{target.id} is grappling: no room to loop a garrote over its head"
    if c.clinging is not None:
        return f"{c.id} is clinging to {c.clinging}"
    why = R.reach_problem(c.stat.size, target.stat.size, lying=target.has("prone"))
    return why or enc.space.attack_problem(c, option, target)


def _shifted(option: AttackOption, replaced: AttackOption, replaced_bonus: Total) -> Total:
    shift = replaced_bonus.value - replaced.bonus.value
    if not shift:
        return option.bonus
    return option.bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))


def attempt_garrote(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Garrote Attacks" in place of the attack ``replaced`` at
    ``replaced_bonus`` (its iterative penalty carries to the touch attack and the
    strangle check)."""
    target = enc.get(a.target)
    option = garrote_of(c, a.weapon)
    assert option is not None  # checked
    shift = replaced_bonus.value - replaced.bonus.value
    if not provoke_spoils(enc, c, f"garrote ({option.name})", target):
        if enc.active(c):
            enc.event(c.id, "garrote", RULE, target=target.id, weapon=option.name, result="spoiled")
        return
    if not enc.active(target):
        return
    bonus = _shifted(option, replaced, replaced_bonus)
    attack, _ = build_attack(enc, c, touch_of(option), bonus, target, defensively=a.defensively)
    sides = R.GarroteSides(
        attack.bonus,
        R.garrote_ac(attack.ac, target.stats),
        GR.check_total(enc, c, shift),
        GR.check_total(enc, target),
        attack.concealment,
    )
    mark = enc.dice.mark()
    r = R.place(enc.dice, sides, enc.rules)
    totals: list[tuple[str, Total]] = [
        ("touch attack bonus", sides.touch_bonus),
        ("garrote armor class", sides.garrote_ac),
    ]
    if r.check is not None:
        totals += [("grapple check", sides.check), ("grapple resist", sides.resist)]
    enc.event(
        c.id,
        "garrote",
        RULE,
        target=target.id,
        totals=tuple(totals),
        rolls_from=mark,
        weapon=option.name,
        result=R.outcome(r),
        touch_natural=r.touch.natural,
        touch_total=r.touch.total,
        check=[r.check.actor, r.check.opponent] if r.check else None,
    )
    if r.strangling:
        _strangling(enc, c, target, option)


def _strangling(enc: Encounter, c: Combatant, target: Combatant, option: AttackOption) -> None:
    """The strangle won: both grappling, the victim garroted, the garrote's damage, and
    (not with a locking garrote) moving into its space; no room: let go."""
    GR.link(enc, c, target)
    target.conditions["garroted"] = Condition(c.id, 0)
    enc.space.invalidate(target)
    GR.roll_damage(enc, c, target, option, False)
    if not (enc.active(c) and enc.active(target)):
        GR.tidy(enc)
        return
    locking = option.weapon is not None and option.weapon.has(WeaponFlag.LOCKING)
    if not locking and not GR.move_in(enc, c, target):
        if target.id in c.grappling:
            GR.unlink(enc, c, target)
            enc.event(c.id, "grapple-ends", RULE, target=target.id, why="cannot move in")
        GR.tidy(enc)


def strangle_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot strangle ``target`` now (it must hold its garrote on it), or
    None."""
    if GR.garroter_of(target) != c.id or target.id not in c.grappling:
        return f"{c.id} holds no garrote on {target.id}"
    if GR.pinner_of(c) is not None:
        return f"{c.id} is pinned: it can only try to escape the pin"
    if garrote_of(c, weapon) is None:
        return f"{c.id} holds no ready garrote" + (f" {weapon!r}" if weapon else "")
    return None


def attempt_strangle(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000 "Maintaining a Garrote Attack": a grapple check in place of an attack
    (as many as the garroter's attacks); won, the garrote's damage."""
    target = enc.get(a.target)
    option = garrote_of(c, a.weapon)
    assert option is not None  # checked
    mine = GR.check_total(enc, c, replaced_bonus.value - replaced.bonus.value)
    if GR.contest_event(enc, c, [target], mine, "strangle", RULE, target):
        GR.roll_damage(enc, c, target, option, False)


# ------------------------------------------------------------ cutting it
CUT_RULE = "seed 000 Garrote Attacks (cutting a garrote); seed 000 Attack An Object"


def cutters(c: Combatant) -> list[str | None]:
    """What a garroted creature may cut with: its ready melee weapons a grappler may
    use (light or natural weapons, an unarmed strike: seed 000 "Attack Your Opponent")."""
    if "garroted" not in c.conditions:
        return []
    return [
        o.name
        for o in c.ready_options()
        if not o.ranged and (o.light or o.natural) and o.name != "unarmed strike"
    ]


def cut_problem(enc: Encounter, c: Combatant, target: Combatant, weapon: str | None) -> str | None:
    """Why ``c`` cannot cut ``target``'s garrote from its throat now, or None."""
    if GR.garroter_of(c) != target.id:
        return f"{target.id} holds no garrote on {c.id}"
    if GR.pinner_of(c) is not None:
        return f"{c.id} is pinned: it can only try to escape the pin"
    names = cutters(c)
    if not names or (weapon is not None and weapon.lower() not in (n.lower() for n in names if n)):
        return f"{c.id} holds no light or natural weapon to cut the garrote with"
    if garrote_of(target, None) is None:
        return f"{target.id} holds no garrote"
    return None


def attempt_cut(
    enc: Encounter, c: Combatant, a: Attack, replaced: AttackOption, replaced_bonus: Total
) -> None:
    """seed 000: "Cutting a garrote from your own throat is possible using the Attack an
    Object action": an attack roll at -4 against AC 21 with the cutting weapon (at this
    attack's place in the routine), its damage less the garrote's hardness off its hit
    points (the 3.5 item table: :func:`~d20combat.rules.maneuvers.sunder.durability`);
    at 0 the garrote is ruined and the victim free."""
    garroter = enc.get(a.target)
    name = a.weapon or cutters(c)[0]
    option = next(o for o in c.ready_options() if o.name == name)
    garrote = garrote_of(garroter, None)
    assert garrote is not None and garrote.item is not None  # checked
    item = garrote.item
    table = durability(garroter.stats, item)
    assert table is not None
    lost = garroter.item_damage.get(item, 0)
    bonus = R.cut_bonus(_shifted(option, replaced, replaced_bonus))
    built, _ = build_attack(enc, c, option, option.bonus, garroter)
    blow = Blow(option, bonus, R.CUT_AC, built.damage_bonus)
    sides = SunderSides(bonus, None, blow, table.hardness, table.hp - lost, object_ac=R.CUT_AC)
    mark = enc.dice.mark()
    r = sunder(enc.dice, sides, enc.rules)
    totals: list[tuple[str, Total]] = [("attack bonus", bonus), ("armor class", R.CUT_AC)]
    if r.landed:
        totals.append(("damage bonus", built.damage_bonus))
    enc.event(
        c.id,
        "cut-garrote",
        CUT_RULE,
        target=garroter.id,
        totals=tuple(totals),
        rolls_from=mark,
        weapon=option.name,
        item=item,
        result=sunder_outcome(r),
        natural=r.hit.natural if r.hit else None,
        total=r.hit.total if r.hit else None,
        damage=r.damage.damage if r.damage else None,
        hardness=table.hardness,
        hp_before=table.hp - lost,
        hp=r.hp_left if r.landed else table.hp - lost,
    )
    if r.damage is not None and r.damage.damage:
        garroter.item_damage[item] = table.hp - r.hp_left
    if r.destroyed:
        ruin(enc, garroter, item)
        GR.unlink(enc, c, garroter)
        enc.event(c.id, "grapple-ends", CUT_RULE, target=garroter.id, why="garrote cut")
        GR.settle(enc, [c, garroter])


ATTACK_MANEUVER_RULES["cut-garrote"] = AttackManeuver(
    cut_problem, attempt_cut, cutters, defensive=False
)
ATTACK_MANEUVER_RULES["garrote"] = AttackManeuver(garrote_problem, attempt_garrote, garrotes)
ATTACK_MANEUVER_RULES["strangle"] = AttackManeuver(
    strangle_problem, attempt_strangle, garrotes, defensive=False
)
