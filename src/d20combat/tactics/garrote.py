"""What the baseline tactics do with a garrote (seed 000 "Garrote Attacks"), by expected
worth in hit points, with the exact odds of the touch attack and the opposed grapple
check, never by habit:

* in place of a melee attack (:func:`garrote_value`, one of
  :data:`d20combat.tactics.maneuvers.ATTACK_CHOICES`): the chance to place it (the
  touch attack against the garrote AC, the target's attack of opportunity that spoils
  it with damage) and to win the strangle, worth the garrote's damage now and its
  strangling with each attack of the next round; against that, the attack given up
  (nothing when it is the garrote's own: a garrote makes no plain attack, A80) and the
  attack of opportunity's damage. A creature with no ready garrote is rejected at once
  (:func:`has_garrote`, cached by its statistics);
* holding a garrote on a victim (:func:`garrote_turn`): strangle with every attack
  (each won check deals damage, a lost one costs nothing), never let go;
* garroted (in :func:`d20combat.tactics.grapple.grapple_turn`): the strangling to come
  (:func:`strangle_threat`) makes an escape worth more, and cutting the garrote
  (:func:`cut_choice`) is weighed beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.content.equipment import WeaponFlag
from d20combat.encounter import actions as A
from d20combat.encounter.combatant import Combatant
from d20combat.encounter.maneuvers import grapple as GE
from d20combat.encounter.maneuvers import touch_of
from d20combat.encounter.maneuvers.garrote import cutters, garrote_of
from d20combat.rules.checks import p_opposed
from d20combat.rules.maneuvers import garrote as R
from d20combat.rules.maneuvers.grapple import ties
from d20combat.rules.maneuvers.sunder import durability
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption, Statistics
from d20combat.tactics.estimates import hit_damage, p_hits
from d20combat.tactics.worth import aoo_of, attack_worth, built, mean_damage

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

# whether a creature's statistics carry a garrote, by id (the object kept alive)
_HAS: dict[int, tuple[Statistics, bool]] = {}


def has_garrote(c: Combatant) -> bool:
    """Whether ``c`` carries a garrote at all (the cheap bound: most carry none)."""
    stats = c.stats
    hit = _HAS.get(id(stats))
    if hit is None or hit[0] is not stats:
        found = any(
            o.weapon is not None and WeaponFlag.GARROTE in o.weapon.flags for o in stats.options
        )
        hit = _HAS[id(stats)] = (stats, found)
    return hit[1]


def is_garrote(option: AttackOption) -> bool:
    w = option.weapon
    return w is not None and WeaponFlag.GARROTE in w.flags


def garrote_value(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    replaced: AttackOption,
    bonus: Total,
    later: list[tuple[AttackOption, Total]],
) -> float:
    """The expected worth of garroting ``target`` in place of ``replaced`` at ``bonus``,
    against the attack itself (see the module docstring)."""
    if not has_garrote(c):
        return float("-inf")
    option = garrote_of(c, None)
    if option is None or c.grappling or target.grappling:
        return float("-inf")
    worth = 0.0 if is_garrote(replaced) else attack_worth(enc, c, replaced, bonus, target)
    shift = bonus.value - replaced.bonus.value
    rules = enc.rules
    mine = GE.check_total(enc, c, shift).value
    held = float(p_opposed(mine, GE.check_total(enc, target).value, ties(rules)))
    left = max(1.0, float(target.vitals.hp - target.vitals.nonlethal))
    dmg = mean_damage(option)
    gain = min(left, dmg * (1 + held * (1 + len(later))))
    if held * gain <= worth:
        return -worth
    touch_bonus = option.bonus
    if shift:
        touch_bonus = touch_bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative"))
    touch, _ = built(enc, c, touch_of(option), touch_bonus, target)
    ac = R.garrote_ac(touch.ac, target.stats).value
    p = p_hits(ac, touch.bonus.value, touch.concealment)
    cost = 0.0
    aoo = aoo_of(enc, target, c)
    if aoo is not None:
        ac_c = c.stats.ac.value
        p *= 1 - p_hits(ac_c, aoo.bonus.value)
        cost = hit_damage(
            ac_c, aoo.bonus.value, mean_damage(aoo), aoo.crit_range, aoo.crit_multiplier, 0
        )
    return p * held * gain - cost - worth


def garrote_turn(enc: Encounter, c: Combatant) -> A.Action | None:
    """The action of a creature holding a garrote on a victim (None: it holds none):
    strangle while it has an attack left, then end its turn."""
    if not c.grappling or not has_garrote(c):
        return None
    victim = GE.garroting(enc, c)
    if victim is None:
        return None
    strangle = A.Strangle(victim.id)
    return strangle if enc.is_legal(strangle) else A.EndTurn()


def plain_garrote(enc: Encounter, c: Combatant, attack: A.Attack) -> A.Action:
    """A plain attack the baseline picked with a garrote, which makes none: the garrote
    attack if it is legal, else the end of the turn."""
    garrote = A.Garrote(attack.target)
    return garrote if enc.is_legal(garrote) else A.EndTurn()


def strangle_threat(enc: Encounter, victim: Combatant, garroter: Combatant) -> float:
    """What ``garroter``'s garrote on ``victim`` deals it a round (each attack a
    strangle: the chance of winning the check times the garrote's mean damage), 0 if
    it holds none on it."""
    if GE.garroter_of(victim) != garroter.id:
        return 0.0
    option = garrote_of(garroter, None)
    if option is None:
        return 0.0
    attacks = max((len(r.attacks) for r in garroter.routines_ready()), default=1)
    p = p_opposed(
        GE.check_total(enc, garroter).value, GE.check_total(enc, victim).value, ties(enc.rules)
    )
    return attacks * float(p) * mean_damage(option)


def cut_choice(
    enc: Encounter, c: Combatant, t: Combatant, shift: int, freedom: float
) -> tuple[float, A.Action | None]:
    """Cutting ``t``'s garrote from ``c``'s throat: worth ``freedom`` (a round out of
    the grapple) times the chance the attack at -4 hits AC 21, when the cutting
    weapon's mean damage beats the garrote's hardness by its hit points left (a blow
    that cannot ruin it is worth nothing here)."""
    names = cutters(c) if GE.garroter_of(c) == t.id else []
    garrote = garrote_of(t, None)
    if not names or garrote is None or garrote.item is None:
        return 0.0, None
    option = next(o for o in c.ready_options() if o.name == names[0])
    table = durability(t.stats, garrote.item)
    if table is None:
        return 0.0, None
    left = table.hp - t.item_damage.get(garrote.item, 0)
    if mean_damage(option) - table.hardness < left:
        return 0.0, None
    p = p_hits(R.CUT_AC.value, R.cut_bonus(option.bonus).value + shift)
    return p * freedom, A.CutGarrote(t.id, option.name)
