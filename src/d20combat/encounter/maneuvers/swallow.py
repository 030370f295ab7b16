"""Swallow Whole in the encounter (SRD types-subtypes-and-special-abilities.html "Swallow
Whole"; the procedures: :mod:`d20combat.rules.maneuvers.swallow`).

The state: a swallowed creature names its swallower (:attr:`Combatant.inside`) and has
the ``swallowed`` condition owned by it; it is off the map (no square, no threat, no
target for anyone: :meth:`Combatant.present` is False), but still in the fight (a side
whose only creature able to fight is inside a swallower has not lost). It grapples
nobody, and the swallower is not grappling it ("A swallowed creature is considered to
be grappled, while the creature that did the swallowing is not").

* ``swallow TARGET`` (:func:`attempt_swallow`), in place of an attack, by a creature
  that began its turn holding the target (:attr:`Budget.held`) with its swallowing
  attack's Improved Grab: the grapple check "as though attempting to pin"; won, the
  bite's damage, and the target is inside (the gullet's room: A85);
* at the start of each of the swallower's turns, each creature inside takes the
  entry's damage (:func:`digest`: "per round", on the swallower's count, a reading A85);
* ``cut-free SWALLOWER with WEAPON`` (:func:`attempt_cut`), in place of an attack: an
  attack on the interior (AC 10 + half the natural armor, or the entry's) with a light
  slashing or piercing weapon, its damage toward the entry's amount (kept in
  :attr:`Combatant.cut`); enough, and the creature steps out into the nearest free
  space beside the swallower (A86); the hole closes behind it ("another swallowed
  opponent must cut its own way out");
* ``escape-grapple SWALLOWER`` or ``escape-artist SWALLOWER``: the grapple's escape;
  won, "success puts it back in the attacker's mouth": held (grappling it) in its space;
* a swallower that dies, flees or surrenders lets out what it holds inside, into the
  nearest free space of its own or beside it (:func:`tidy`, A86).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.fighting import deal_damage
from d20combat.encounter.maneuvers import ATTACK_MANEUVER_RULES, AttackManeuver
from d20combat.encounter.maneuvers import grapple as GR
from d20combat.grid.squares import square_name
from d20combat.rules.attack import Attack, damage_of
from d20combat.rules.conditions import attack_modifiers
from d20combat.rules.maneuvers import swallow as R
from d20combat.rules.modifiers import BonusType, Modifier, Total
from d20combat.rules.statistics import AttackOption

if TYPE_CHECKING:
    from d20combat.encounter import actions as A
    from d20combat.encounter.state import Encounter

Pos = tuple[int, int]


# ------------------------------------------------------------------ the state
def inside_of(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The creatures inside ``c``, in combatant order."""
    return [o for o in enc.combatants.values() if o.inside == c.id]


def _mouth(c: Combatant) -> AttackOption | None:
    """The attack that holds prey to be swallowed (the entry's ``bite``): the creature's
    Improved Grab attack of that name."""
    sw = c.stat.swallow_whole
    grab = c.stats.grab
    if sw is None or grab is None or grab.name.lower() != sw.attack.lower():
        return None
    return grab


def _enter_map(enc: Encounter, c: Combatant, spot: Pos) -> None:
    """``c`` leaves its swallower for ``spot`` on the map."""
    c.inside = None
    c.cut = 0
    c.conditions.pop("swallowed", None)
    enc.space.occ.add(c.id, spot, c.squares)
    enc.space.place(c, spot)
    enc.space.invalidate()  # rosters, present counts


def _out_spot(enc: Encounter, c: Combatant, swallower: Combatant, *, within: bool) -> Pos | None:
    """Where ``c`` comes out: the nearest free position beside ``swallower`` (``within``:
    or in its space, which a dead swallower no longer holds), nearest its own corner,
    then in row order; any free position nearest it if none (A86)."""
    c.pos = swallower.pos
    friends = {c.id, swallower.id}
    candidates = GR._beside(c, [swallower])
    if within:
        candidates = GR._inside(c, swallower) + candidates
    spot = GR._spot(enc, c, candidates, friends)
    if spot is None:
        limit = max(enc.map.width, enc.map.height)
        spot = next((p for p in GR._rings(c, limit) if GR.free_at(enc, c, p, friends)), None)
    return spot


def let_out(enc: Encounter, c: Combatant, why: str) -> None:
    """``c`` comes out of its swallower (cut free, or the swallower dead, fled or
    surrendered) into the nearest free space (:func:`_out_spot`); nowhere to go (a full
    map), it stays inside."""
    assert c.inside is not None
    swallower = enc.combatants[c.inside]
    spot = _out_spot(enc, c, swallower, within=why != "cut free")
    if spot is None:
        return
    _enter_map(enc, c, spot)
    enc.event(c.id, "swallow-out", R.RULE, target=swallower.id, why=why, end=square_name(spot))
    enc.space.swallowed.discard(c.id)


def tidy(enc: Encounter) -> None:
    """Those inside a swallower that died, fled or surrendered come out (A86)."""
    for c in list(enc.combatants.values()):
        if c.inside is None:
            continue
        s = enc.combatants[c.inside]
        if s.vitals.dead or s.fled or s.surrendered:
            let_out(enc, c, "dead" if s.vitals.dead else ("fled" if s.fled else "surrendered"))


# ------------------------------------------------------------------ swallowing
def swallow_problem(
    enc: Encounter, c: Combatant, target: Combatant, weapon: str | None
) -> str | None:
    """Why ``c`` cannot swallow ``target`` now, or None (SRD "Swallow Whole": it "begins
    its turn with an opponent held in its mouth"; "up to one size category smaller"
    unless the entry says otherwise; the gullet's room)."""
    sw = c.stat.swallow_whole
    if sw is None:
        return f"{c.id} has no swallow whole"
    if weapon is not None:
        return "a swallow is a grapple check: 'swallow TARGET'"
    if target.id not in c.grappling:
        return f"{c.id} is not holding {target.id}"
    if target.id not in enc.budget.held:
        return f"{c.id} did not begin its turn holding {target.id} (SRD Swallow Whole)"
    if _mouth(c) is None:
        return f"{c.id} holds nothing in its {sw.attack}: it has no improved grab with it"
    if GR.pinner_of(c) is not None:
        return f"{c.id} is pinned: it can only try to escape the pin"
    why = R.swallow_problem(c.stats, target.stats)
    if why is not None:
        return why
    inside = [o.stat.size for o in inside_of(enc, c)]
    if not R.room(sw, c.stat.size, inside, target.stat.size):
        return f"{c.id}'s gullet is full ({len(inside)} inside)"
    return None


def attempt_swallow(
    enc: Encounter, c: Combatant, a: A.Attack, replaced: AttackOption, bonus: Total
) -> None:
    """The grapple check "as though attempting to pin the opponent" (in place of the
    attack ``replaced`` at ``bonus``); won, the bite's damage and the target inside."""
    target = enc.get(a.target)
    mine = GR.check_total(enc, c, bonus.value - replaced.bonus.value)
    if not GR.contest_event(enc, c, [target], mine, "swallow", R.RULE, target):
        return
    swallow_in(enc, c, target)


def swallow_in(enc: Encounter, c: Combatant, target: Combatant) -> None:
    """``target`` is swallowed: out of every grapple, off the map, inside ``c``, then it
    "takes bite damage" (the damage roll alone)."""
    left = GR.partners(enc, target)
    for p in left:
        GR.unlink(enc, target, p)
    enc.event(c.id, "swallow", R.RULE, target=target.id, result="swallowed")
    target.conditions.pop("prone", None)
    target.conditions["swallowed"] = Condition(c.id, 0)
    if target.readied is not None:  # nothing to trigger it inside
        target.readied = None
        target.readied_move = None
        target.readied_free = None
        enc.readiers.discard(target.id)
    target.inside = c.id
    target.cut = 0
    enc.space.remove(target)
    enc.space.swallowed.add(target.id)
    target.pos = c.pos
    bite = _mouth(c)
    if bite is not None:
        _inner_damage(enc, c, target, bite)
    GR.settle(enc, left)


def _inner_damage(enc: Encounter, c: Combatant, target: Combatant, option: AttackOption) -> None:
    """A damage roll of ``option`` on ``target`` inside ``c``: no attack roll, no
    critical, the target's defenses (damage reduction, acid resistance) applied."""
    attack = Attack(
        option,
        option.bonus,
        option.bonus,
        option.damage_bonus,
        crit_immune=True,
        defenses=target.stats.defenses,
    )
    mark = enc.dice.mark()
    r = damage_of(enc.dice, attack, enc.rules)
    deal_damage(enc, c, target, r, attack, enc.dice.since(mark))


def digest(enc: Encounter, c: Combatant) -> None:
    """At the start of swallower ``c``'s turn, each living creature inside takes the
    entry's damage ("per round": on the swallower's count, a reading A85)."""
    option = c.stats.gullet
    if option is None:
        return
    for prey in inside_of(enc, c):
        if prey.vitals.dead:
            continue
        enc.event(c.id, "swallow-damage", R.RULE, target=prey.id, damage=option.damage_text)
        _inner_damage(enc, c, prey, option)
    from d20combat.encounter.turns import check_outcome

    check_outcome(enc)


# ------------------------------------------------------------------ cutting free
def cutters(c: Combatant) -> list[str | None]:
    """What a swallowed creature may cut with: its ready light slashing or piercing
    weapons (:func:`d20combat.rules.maneuvers.swallow.cutter`)."""
    if c.inside is None:
        return []
    return [o.name for o in c.ready_options() if R.cutter(o)]


def cut_problem(enc: Encounter, c: Combatant, target: Combatant, weapon: str | None) -> str | None:
    """Why ``c`` cannot cut its way out of ``target`` now, or None."""
    if c.inside != target.id:
        return f"{c.id} is not inside {target.id}"
    names = cutters(c)
    if not names:
        return f"{c.id} holds no light slashing or piercing weapon to cut its way out with"
    if weapon is not None and weapon.lower() not in (n.lower() for n in names if n):
        listed = ", ".join(map(str, names))
        return f"{weapon} is no light slashing or piercing weapon of {c.id} ({listed})"
    return None


def cut_attack(
    enc: Encounter, c: Combatant, swallower: Combatant, option: AttackOption, bonus: Total
) -> Attack:
    """The attack on the interior: ``bonus`` (the attack's, its iterative penalty
    counted) with what ``c``'s conditions do to melee attacks (not the grapple's -4: the
    interior is no grapple opponent, A86), against :func:`interior_ac`."""
    sw = swallower.stat.swallow_whole
    assert sw is not None
    mods = list(attack_modifiers(c.condition_set(), ranged=False))
    return Attack(
        option,
        bonus.plus(*mods) if mods else bonus,
        R.interior_ac(sw, swallower.stat.natural_armor),
        option.damage_bonus,
        crit_immune=True,
    )


def attempt_cut(
    enc: Encounter, c: Combatant, a: A.Attack, replaced: AttackOption, bonus: Total
) -> None:
    """SRD "Swallow Whole": "cut its way free with any light slashing or piercing weapon
    (the amount of cutting damage required to get free is noted in the creature
    description)": one attack on the interior at this attack's place in the routine;
    its damage goes toward the hole (the swallower's hit points are not hurt: A86)."""
    swallower = enc.get(a.target)
    sw = swallower.stat.swallow_whole
    assert sw is not None
    name = a.weapon or cutters(c)[0]
    option = next(o for o in c.ready_options() if o.name.lower() == str(name).lower())
    shift = bonus.value - replaced.bonus.value
    base = (
        option.bonus.plus(Modifier(shift, BonusType.UNTYPED, "iterative attack"))
        if shift
        else option.bonus
    )
    attack = cut_attack(enc, c, swallower, option, base)
    mark = enc.dice.mark()
    r = R.cut(enc.dice, attack, enc.rules, c.cut, sw.cut_hp)
    before = c.cut
    c.cut = r.cut
    totals: list[tuple[str, Total]] = [("attack bonus", attack.bonus), ("armor class", attack.ac)]
    if r.attack.hit:
        totals.append(("damage bonus", attack.damage_bonus))
    enc.event(
        c.id,
        "cut-free",
        R.CUT_RULE,
        target=swallower.id,
        totals=tuple(totals),
        rolls_from=mark,
        weapon=option.name,
        result="free" if r.free else ("cut" if r.attack.hit else "miss"),
        natural=r.attack.natural,
        total=r.attack.total,
        damage=r.attack.damage if r.attack.hit else 0,
        cut_before=before,
        cut=r.cut,
        needed=sw.cut_hp,
    )
    if r.free:
        let_out(enc, c, "cut free")


# ------------------------------------------------------------------ escaping
def escape_problem(enc: Encounter, c: Combatant, target: Combatant) -> str | None:
    """A swallowed creature escapes only its swallower's grapple."""
    if c.inside != target.id:
        return f"{c.id} is inside {c.inside}, not {target.id}"
    return None


def escape(enc: Encounter, c: Combatant, mine: Total, *, artist: bool) -> None:
    """ "If the swallowed creature escapes the grapple, success puts it back in the
    attacker's mouth, where it may be bitten or swallowed again": an opposed check
    against the swallower's grapple check; won, it is held (grappling it) in its space."""
    assert c.inside is not None
    s = enc.combatants[c.inside]
    if not GR.contest_event(enc, c, [s], mine, "escape", R.RULE, s, artist=artist):
        return
    friends = GR.company(enc, s) | {c.id}
    c.pos = s.pos
    spot = GR._spot(enc, c, GR._inside(c, s), friends) or s.pos
    _enter_map(enc, c, spot)
    enc.space.swallowed.discard(c.id)
    GR.link(enc, s, c)
    enc.event(c.id, "swallow-out", R.RULE, target=s.id, why="mouth", end=square_name(spot))


def attempt_escape(
    enc: Encounter, c: Combatant, a: A.Attack, replaced: AttackOption, bonus: Total
) -> None:
    escape(enc, c, GR.check_total(enc, c, bonus.value - replaced.bonus.value), artist=False)


def _no_weapon(c: Combatant) -> list[str | None]:
    return [None] if c.stat.swallow_whole is not None else []


ATTACK_MANEUVER_RULES["swallow"] = AttackManeuver(
    swallow_problem, attempt_swallow, _no_weapon, defensive=False
)
ATTACK_MANEUVER_RULES["cut-free"] = AttackManeuver(
    cut_problem, attempt_cut, cutters, defensive=False
)
