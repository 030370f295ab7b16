"""Attacks in context: situational modifiers, attacks of opportunity, damage.

Sources:
* seed 002 Table: Attack Roll Modifiers and Table: Armor Class Modifiers (through
  :mod:`d20combat.rules.conditions`); seed 003 "Flanking" (+2 melee); seed 003
  "Cover" and "Concealment" (through the grid); SRD combat-i "Range Penalty" (-2 per
  full range increment) and "Shooting or Throwing into a Melee" (-4, seed 004 too);
  SRD feats "Point Blank Shot", "Precise Shot", "Mobility" (+4 dodge AC against
  attacks of opportunity its movement provokes), "Blind-Fight" (a melee miss for
  concealment is rerolled once);
* seed 003 "Attacks of Opportunity" and seed 002: one a round (Combat Reflexes: plus
  the Dex modifier), none while flat-footed without Combat Reflexes, none against a
  creature with cover or total concealment; an attack of opportunity is a single
  melee attack at the full normal bonus and interrupts the provoking action; SRD
  combat-i "Total Defense": no attacks of opportunity while using it;
* seed 000 "Sneak Attacks" and seed 002 "Conditions that Allow Sneak Attacks": extra
  damage when the target loses its Dexterity bonus or is flanked; not against
  creatures immune to critical hits, nor with concealment; ranged only within 30 ft
  (SRD rogue class);
* seed 000 "Aid Another" and "Feint" (their effects held in ``Combatant.effects``):
  an aider's +2 on the friend's attack rolls against the opponent or to its AC against
  the opponent's attacks; a feinted target's lost Dexterity bonus against the
  feinter's next melee attack (:func:`edges`, used up by :func:`spend_edges`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from d20combat.content.creatures import Ability, StatBlock
from d20combat.content.equipment import CASE_BOLTS, WeaponFlag
from d20combat.content.rulesets import Ruleset
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.energy import AFTER_HIT_RULESETS, after_hit, soaked
from d20combat.encounter.water import depth, footing, water_ft
from d20combat.rules.attack import Attack, AttackResult, attack_on, resolve_attack
from d20combat.rules.conditions import (
    ENDS_ON_DAMAGE,
    attack_modifiers,
    defense_modifiers,
    miss_chance,
    restrictions,
    roll_modifiers,
    sneak_attack_extra,
)
from d20combat.rules.damage import INCORPOREAL, DamagePart, apply_defenses, healing_of
from d20combat.rules.dice import D100, Dice, Roll
from d20combat.rules.hitpoints import (
    HpState,
    Vitals,
    heal,
    negative_level_penalty,
    take_damage,
    take_nonlethal,
)
from d20combat.rules.maneuvers.aid import aid_modifier
from d20combat.rules.maneuvers.firearms import firearm_modifiers
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import AttackOption
from d20combat.rules.underwater import (
    TABLE,
    Footing,
    disadvantaged,
    melee_penalty,
    range_divisor,
    water_range_penalty,
)

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

ATTACK_RULE = "seed 003 Attack Roll; SRD combat-i Critical Hits"
AOO_RULE = "seed 003 Attacks of Opportunity; seed 002 Attacks of Opportunity"
DAMAGE_RULE = "seed 003 Damage, Hit Points; SRD combat-i Injury and Death"
WAKE_RULE = "SRD spells Sleep (slapping or wounding awakens it: reading A70)"
_RULES = {"aoo": AOO_RULE, "cleave": "SRD feats Cleave, Great Cleave"}

_DAMAGE = ("damage", "extra damage")
_LOADED = (WeaponFlag.LOAD_MOVE, WeaponFlag.LOAD_FULL)  # weapons loaded shot by shot
DODGE_FEAT = Modifier(1, BonusType.DODGE, "Dodge (designated opponent)")
MOBILITY = Modifier(4, BonusType.DODGE, "Mobility (attack of opportunity on movement)")
INTO_MELEE = Modifier(-4, BonusType.UNTYPED, "shooting into melee")
POINT_BLANK = Modifier(1, BonusType.UNTYPED, "Point Blank Shot")

_UNSEEN = frozenset({"invisible"})  # a hidden target: total concealment (A219)


def flat_footed(enc: Encounter, c: Combatant) -> bool:
    """Before its first turn a creature is flat-footed (seed 003); uncanny dodge keeps
    its Dexterity bonus (seed 002)."""
    t = c.traits
    return not c.acted and not t.uncanny_dodge and not t.improved_uncanny_dodge


def sneak_dice(c: Combatant) -> str | None:
    return c.traits.sneak_dice


# Assembled attacks by situation. Keys hold ids of immutable objects (statistics,
# options, totals, rulesets); entries keep those objects alive, so no other object
# can take their ids while the entry lasts.
_Situation = tuple[object, ...]
_ATTACKS: dict[_Situation, tuple[tuple[object, ...], Attack, dict[str, Any]]] = {}
_ATTACKS_LIMIT = 50_000
_NONE: frozenset[str] = frozenset()
_FLAT_FOOTED = frozenset({"flat-footed"})
_FEINTED = frozenset({"feinted"})
#: The edges an attack draws on (:func:`edges`): the aiders of the attacker's roll,
#: the aiders of the defender's AC, and whether the attacker feinted the defender.
Edges = tuple[tuple[str, ...], tuple[str, ...], bool]
NO_EDGES: Edges = ((), (), False)


def edges(enc: Encounter, attacker: Combatant, target: Combatant, *, ranged: bool) -> Edges:
    """What aid another and feints give ``attacker``'s attack on ``target`` now: the
    aiders of its roll (seed 000: its next attack roll against that opponent; seed 004,
    ``friend-next-turn``: its attacks in its next turn), the aiders of the target's AC
    against it, and whether the target is feinted (melee attacks only)."""
    if not attacker.effects and not target.effects:
        return NO_EDGES
    per_turn = enc.rules.aid_another_until == "friend-next-turn"
    aiding: list[str] = []
    feinted = False
    for e in attacker.effects:
        if e.against != target.id:
            continue
        if e.kind == "aid-attack" and (not per_turn or e.turns == 0):
            aiding.append(e.by)
        elif e.kind == "feint" and not ranged:
            feinted = True
    guarding = [
        e.by for e in target.effects if e.kind == "aid-defense" and e.against == attacker.id
    ]
    if not aiding and not guarding and not feinted:
        return NO_EDGES
    return (tuple(sorted(aiding)), tuple(sorted(guarding)), feinted)


def spend_edges(
    enc: Encounter, attacker: Combatant, target: Combatant, used: Edges, *, feint: bool = True
) -> None:
    """An attack roll drew on ``used``: seed 000's aid bonuses are spent (the friend's
    next attack roll; the opponent's next attack), seed 004's last the turn; a feint is
    spent by the melee attack it served (``feint``: unless this roll was not one)."""
    aiding, guarding, feinted = used
    per_turn = enc.rules.aid_another_until == "friend-next-turn"
    if aiding and not per_turn:
        attacker.effects = [
            e for e in attacker.effects if not (e.kind == "aid-attack" and e.against == target.id)
        ]
    if guarding and not per_turn:
        target.effects = [
            e for e in target.effects if not (e.kind == "aid-defense" and e.against == attacker.id)
        ]
    if feinted and feint:
        attacker.effects = [
            e for e in attacker.effects if not (e.kind == "feint" and e.against == target.id)
        ]


def build_attack(
    enc: Encounter,
    attacker: Combatant,
    option: AttackOption,
    bonus: Total,
    target: Combatant,
    *,
    charge: bool = False,
    defensively: bool = False,
    nonlethal: bool | None = None,
    multiplier: int = 1,
    moving: bool = False,
    power: int = 0,
) -> tuple[Attack, dict[str, Any]]:
    """The attack with every situational modifier, and notes for the event (do not
    change them: the same situation gives the same, shared answer). ``moving``: an
    attack of opportunity the target's movement provoked (SRD feats "Mobility");
    ``power``: the Power Attack chosen for the round (:func:`power_attack_mods`)."""
    ranged = option.ranged
    space = enc.space
    mine = set(attacker.condition_set())
    if charge:
        mine.add("charging")
    if attacker.mount is not None:  # seed 000 "Combat while Mounted"
        from d20combat.encounter.mounted import situational

        mine.update(situational(enc, attacker, target, ranged))
    if attacker.unseen_by and target.id in attacker.unseen_by:  # hidden from it (A217)
        from d20combat.encounter.stealth import unseen

        if unseen(enc, target, attacker):
            mine.add("invisible")
    if not ranged and space.higher_ground(attacker, target):
        mine.add("higher-ground")  # seed 002: +1 melee (A203)
    if defensively:
        mine.add("fighting-defensively")
    flanked = not ranged and space.flanked_by(attacker, target)
    if flanked and not target.traits.improved_uncanny_dodge:
        mine.add("flanking")
    attacker_conds = frozenset(mine) if mine else _NONE
    theirs = target.condition_set()
    if target.unseen_by and attacker.id in target.unseen_by:  # into its square (A219)
        from d20combat.encounter.stealth import unseen

        if unseen(enc, attacker, target):
            theirs = theirs | _UNSEEN
    if flat_footed(enc, target):
        theirs = theirs | _FLAT_FOOTED
    edge = (
        edges(enc, attacker, target, ranged=ranged)
        if attacker.effects or target.effects
        else NO_EDGES
    )
    if edge[2]:
        theirs = theirs | _FEINTED
    distance = space.distance_ft(attacker, target) if ranged else 0
    engaged = ranged and space.engaged_with_ally(target, attacker)
    cover = space.cover_bonus(attacker, target, melee=not ranged)
    terrain = space.concealment(attacker, target, melee=not ranged)
    if attacker.conditions and (  # SRD "Gaze Attacks": the gazer concealed
        "averting-gaze" in attacker.conditions or "mirror-watching" in attacker.conditions
    ):
        from d20combat.encounter.maneuvers.gaze import averted_concealment

        terrain = max(terrain, averted_concealment(enc, attacker, target))
    dodge = target.dodge_target == attacker.id and target.traits.dodge
    mobility = moving and target.traits.mobility
    expertise = (attacker.expertise if not ranged else 0, target.expertise)
    a_stats, t_stats, rules = attacker.stats, target.stats, enc.rules
    grapple = _grapple_relation(attacker, target) if target.grappling else 0
    water = _water(enc, attacker, target, ranged) if enc.map.has_water else None
    drained = attacker.vitals.negative_levels  # SRD "Energy Drained": -1 each
    # seed 001 "Attacks by the larger creature": on a creature clinging to its back
    back = option.back or 0 if target.clinging == attacker.id else 0
    key = (
        id(a_stats),
        id(t_stats),
        id(option),
        id(bonus),
        id(rules),
        attacker_conds,
        theirs,
        flanked,
        distance,
        engaged,
        cover,
        terrain,
        dodge,
        mobility,
        nonlethal,
        multiplier,
        power,
        expertise,
        grapple,
        edge,
        water,
        drained,
        back,
    )
    hit = _ATTACKS.get(key)
    if hit is not None:
        if enc.map.has_water:  # seed 001: cold on the soaked (A206)
            return soaked(enc, option, target, hit[1]), hit[2]
        return hit[1], hit[2]
    attack, notes = _assemble(
        attacker,
        option,
        bonus,
        target,
        rules,
        attacker_conds=attacker_conds,
        theirs=theirs,
        flanked=flanked,
        distance=distance,
        engaged=engaged,
        cover=cover,
        terrain=terrain,
        dodge=dodge,
        mobility=mobility,
        nonlethal=nonlethal,
        multiplier=multiplier,
        power=power,
        expertise=expertise,
        grapple=grapple,
        edge=edge,
        water=water,
        drained=drained,
        back=back,
    )
    if len(_ATTACKS) >= _ATTACKS_LIMIT:
        _ATTACKS.clear()
    _ATTACKS[key] = ((a_stats, t_stats, option, bonus, rules), attack, notes)
    if enc.map.has_water:
        return soaked(enc, option, target, attack), notes
    return attack, notes


def _assemble(
    attacker: Combatant,
    option: AttackOption,
    bonus: Total,
    target: Combatant,
    rules: Ruleset,
    *,
    attacker_conds: frozenset[str],
    theirs: frozenset[str],
    flanked: bool,
    distance: int,
    engaged: bool,
    cover: int,
    terrain: int,
    dodge: bool,
    mobility: bool,
    nonlethal: bool | None,
    multiplier: int,
    power: int,
    expertise: tuple[int, int],
    grapple: int = 0,
    edge: Edges = NO_EDGES,
    water: Water | None = None,
    drained: int = 0,
    back: int = 0,
) -> tuple[Attack, dict[str, Any]]:
    """:func:`build_attack` once the situation is known (reads only immutable data:
    the combatants' statistics and traits). ``grapple``: :func:`_grapple_relation`;
    ``water``: :func:`_water` (None on a dry map)."""
    ranged = option.ranged
    notes: dict[str, Any] = {}
    if flanked:
        notes["flanking"] = True
    mods: list[Modifier] = list(attack_modifiers(attacker_conds, ranged=ranged, target=theirs))
    # SRD conditions "Sickened": -2 on weapon damage rolls
    damage_mods: list[Modifier] = list(roll_modifiers(attacker_conds, "damage"))
    if power and not ranged:
        notes["power_attack"] = power
        penalty, extra_damage = power_attack_mods(option, power, rules)
        mods.append(penalty)
        if extra_damage is not None:
            damage_mods.append(extra_damage)
    if drained:  # SRD conditions "Energy Drained": -1 on attack rolls a negative level
        mods.append(negative_level_penalty(drained))
    if back:  # seed 001: a natural attack hampered on a creature clinging to its back
        mods.append(Modifier(back, BonusType.UNTYPED, "at a creature on its back"))
    if expertise[0]:  # SRD feats "Combat Expertise": -N on melee attacks ...
        mods.append(Modifier(-expertise[0], BonusType.UNTYPED, "Combat Expertise"))
    if grapple and rules.grapple_attack_penalty:
        # seed 000 "Attack Your Opponent": -4 on attacks on a creature one grapples
        mods.append(Modifier(rules.grapple_attack_penalty, BonusType.UNTYPED, "in a grapple"))
    aiding, guarding, feinted = edge
    if aiding:  # seed 000 "Aid Another": +2 each, several aiders' stacking
        mods.extend(aid_modifier(rules, who) for who in aiding)
        notes["aided"] = list(aiding)
    if feinted:
        notes["feinted"] = True
    if ranged:
        inc = option.range_increment or 10
        if water is not None and water[1]:
            inc //= range_divisor(option, rules)  # seed 001: bows at half range underwater
        full = max(0, (distance - 1) // inc)
        if full:
            mods.append(Modifier(-2 * full, BonusType.RANGE, f"range ({distance} ft)"))
        if engaged and not attacker.traits.precise_shot:
            mods.append(INTO_MELEE)
        if distance <= 30 and attacker.traits.point_blank:
            mods.append(POINT_BLANK)
            damage_mods.append(POINT_BLANK)
        if option.firearm:  # seed 004 "Firearms": proficiency, a longarm's -4 adjacent
            adjacent = distance <= 5
            mods.extend(
                firearm_modifiers(
                    proficient=attacker.traits.firearms, longarm=option.longarm, adjacent=adjacent
                )
            )
    half = False
    if water is not None:
        half = _underwater(option, rules, water, mods, notes)
    tt = target.traits
    improved_ud = tt.improved_uncanny_dodge
    uncanny = tt.uncanny_dodge or improved_ud
    defense = defense_modifiers(
        theirs,
        ranged=ranged,
        attacker=attacker_conds,
        uncanny_dodge=uncanny,
        run_feat=tt.run,
        grapple_partner=grapple > 0,
        pinner=grapple > 1,
        helpless_defense=rules.helpless_defense,
        run_ranged_defense_bonus=rules.run_ranged_defense_bonus,
    )
    lose_dex = defense.loses_dex
    mods.extend(defense.attacker_modifiers)
    ac_mods: list[Modifier] = list(defense.modifiers)
    if dodge:
        ac_mods.append(DODGE_FEAT)
    if mobility:
        ac_mods.append(MOBILITY)
    if expertise[1]:  # ... and +N dodge AC until its next turn
        ac_mods.append(Modifier(expertise[1], BonusType.DODGE, "Combat Expertise"))
    if guarding:
        ac_mods.extend(aid_modifier(rules, who) for who in guarding)
        notes["aided_defense"] = list(guarding)
    if cover > 0:  # total cover (-1) forbids the attack (Space.attack_problem): no bonus
        ac_mods.append(Modifier(cover, BonusType(rules.cover_bonus_type), "cover"))  # D96
        notes["cover"] = cover
    concealment = max(terrain, miss_chance(attacker_conds, theirs))
    if concealment:
        notes["concealment"] = concealment
    extra = sneak_attack_extra(
        attacker.traits.sneak_dice,
        theirs,
        attacker=attacker_conds,
        flanked=flanked,
        concealed=bool(concealment),
        uncanny_dodge=uncanny,
        improved_uncanny_dodge=improved_ud,
        run_feat=tt.run,
        grapple_partner=grapple > 0,
        crit_immune=target.stats.crit_immune,
        ranged=ranged,
        distance=distance,
    )
    if extra:
        notes["sneak_attack"] = extra[0].dice
    attack = attack_on(
        target.stats,
        option,
        rules,
        bonus=bonus,
        attacker_dex=attacker.mod(Ability.DEX),
        touch=option.touch,
        flat_footed=lose_dex,
        attack_mods=tuple(mods),
        ac_mods=tuple(ac_mods),
        damage_mods=tuple(damage_mods),
        concealment=concealment,
        nonlethal=nonlethal,
        extra=extra,
        multiplier=multiplier,
    )
    if concealment and not ranged and attacker.traits.blind_fight:
        attack = attack._replace(reroll_concealment=True)
    if defense.fixed_ac is not None:
        size = target.stat.size
        attack = attack._replace(
            ac=stack(
                [
                    Modifier(
                        defense.fixed_ac, BonusType.BASE, "helpless (seed 004: Defense 5 + size)"
                    ),
                    Modifier(size.attack_modifier, BonusType.SIZE, size.label),
                ]
            )
        )
    elif defense.dex_zero:
        ac = attack.ac
        kept = [m for m in ac.counted() if m.type is not BonusType.ABILITY]
        attack = attack._replace(
            ac=stack([*kept, Modifier(-5, BonusType.ABILITY, "Dex 0 (helpless)")])
        )
    if defense.loses_dodge or lose_dex:
        ac = attack.ac
        if any(m.type is BonusType.DODGE for m in ac.counted()):
            attack = attack._replace(
                ac=stack(m for m in ac.counted() if m.type is not BonusType.DODGE)
            )
    if half:
        attack = attack._replace(half_damage=True)
    if "mount-moving" in attacker_conds:  # seed 001 "Mounts": "Ranged attacks"
        notes["disadvantage"] = "moving mount"
    if notes.get("disadvantage"):
        attack = attack._replace(disadvantage=True)
    if INCORPOREAL in attacker.stats.defenses.kinds:  # its blows reach the incorporeal
        attack = attack._replace(incorporeal_source=True)
    return attack, notes


Water = tuple[Footing | None, int]
"""The water's part of an attack's situation: the attacker's row of seed 000's table
(None: on land) and the feet of water a ranged attack passes through."""


def _water(enc: Encounter, attacker: Combatant, target: Combatant, ranged: bool) -> Water | None:
    """The water's part of the situation on a map with water (None: it plays no part)."""
    where = depth(enc, attacker)
    row = footing(attacker, where) if where else None
    wet = water_ft(enc, attacker, target) if ranged else 0
    return None if row is None and not wet else (row, wet)


def _underwater(
    option: AttackOption, rules: Ruleset, water: Water, mods: list[Modifier], notes: dict[str, Any]
) -> bool:
    """Add seed 000's underwater modifiers to ``mods`` (each with its source) and say
    whether the damage is halved: the adjustments table's -2 and half damage on a
    slashing or bludgeoning (or tail) melee attack made in the water, and -2 per 5 ft of
    water a ranged attack passes through (``underwater_ranged: per-5ft``)."""
    row, wet = water
    if option.ranged:
        penalty = water_range_penalty(wet) if rules.underwater_ranged == "per-5ft" else None
        if penalty is not None:
            mods.append(penalty)
            notes["water_ft"] = wet
        return False
    if row is None:
        return False
    if rules.underwater_melee == "disadvantage":
        # seed 001 "Underwater": aquatic creatures' natural attacks exempt (A116)
        if disadvantaged(option, aquatic=row is Footing.SWIM_SPEED):
            notes["disadvantage"] = "underwater"
        return False
    penalty = melee_penalty(option, row)
    if penalty is None:
        return False
    mods.append(penalty)
    notes["underwater"] = TABLE[row].label
    return True


def _grapple_relation(attacker: Combatant, target: Combatant) -> int:
    """How ``attacker`` stands to a grappling ``target`` (seed 000 "Grappling
    Consequences", "If You're Pinned"): 0 outside its grapple, 1 grappling it, 2 holding
    its pin (the pinned creature's -4 AC is against everyone else)."""
    if attacker.id not in target.grappling:
        return 0
    pin = target.conditions.get("pinned")
    return 2 if pin is not None and pin.owner == attacker.id else 1


def can_power_attack(stat: StatBlock, rules: Ruleset) -> bool:
    """Whether a creature may Power Attack: with the SRD feat (``power_attack: feat``)
    or, in seed 001's ruleset (``power_attack: stance``), anyone."""
    return rules.power_attack == "stance" or stat.has_feat("power attack")


def power_attack_mods(
    option: AttackOption, power: int, rules: Ruleset
) -> tuple[Modifier, Modifier | None]:
    """The attack penalty and damage bonus of Power Attack ``power``: SRD feats "Power
    Attack": -N on melee attack rolls, +N on damage, +2N with a two-handed weapon (or
    one in two hands), nothing with a light weapon but an unarmed strike or a natural
    weapon; seed 001 "Fighting stances" (``power_attack: stance``): +N on melee weapon
    damage, whatever the weapon. Natural weapons count as one-handed (a reading)."""
    source = "Power Attack" if rules.power_attack == "feat" else "power attack stance"
    penalty = Modifier(-power, BonusType.UNTYPED, source)
    if rules.power_attack == "stance" or option.natural or option.name == "unarmed strike":
        factor = 1
    elif option.light:
        factor = 0
    else:
        factor = 2 if option.two_handed else 1
    return penalty, (Modifier(power * factor, BonusType.UNTYPED, source) if factor else None)


def strike(
    enc: Encounter,
    attacker: Combatant,
    option: AttackOption,
    bonus: Total,
    target: Combatant,
    *,
    kind: str = "attack",
    charge: bool = False,
    defensively: bool = False,
    nonlethal: bool | None = None,
    multiplier: int = 1,
    moving: bool = False,
    special: Callable[[Attack], Attack] | None = None,
    rule: str | None = None,
    fields: dict[str, Any] | None = None,
) -> AttackResult:
    """Roll one attack, record it, and apply its damage (with the Power Attack the
    attacker chose for the round, if melee). ``special`` turns the attack in its
    situation into a special one (a coup de grace's sure critical, an aimed shot's
    bonus, a burst's dice: :mod:`d20combat.encounter.maneuvers`), recorded as ``kind``
    under ``rule`` with its own ``fields``.
    A ranged attack into a grapple from outside it strikes one of the grapplers at
    random (seed 002 Table: Armor Class Modifiers, note 3)."""
    if option.ranged and target.grappling and attacker.id not in target.grappling:
        target = _struck_grappler(enc, attacker, target)
    attack, notes = build_attack(
        enc,
        attacker,
        option,
        bonus,
        target,
        charge=charge,
        defensively=defensively,
        nonlethal=nonlethal,
        multiplier=multiplier,
        moving=moving,
        power=0 if option.ranged else attacker.power_attack,
    )
    if special is not None:
        attack = special(attack)
    mark = enc.dice.mark()
    r = resolve_attack(enc.dice, attack, enc.rules)
    if attacker.effects or target.effects:
        spend_edges(enc, attacker, target, edges(enc, attacker, target, ranged=option.ranged))
    rolls = enc.dice.since(mark)
    split = next((i for i, x in enumerate(rolls) if x.purpose.startswith(_DAMAGE)), len(rolls))
    enc.event(
        attacker.id,
        kind,
        rule or _RULES.get(kind, ATTACK_RULE),
        target=target.id,
        totals=(("attack bonus", attack.bonus), ("armor class", attack.ac)),
        rolls=rolls[:split],
        weapon=option.name,
        result=r.outcome,
        natural=r.natural,
        total=r.total,
        confirm_total=r.confirm_total,
        flat_footed=not target.acted,
        **notes,
        **(fields or {}),
    )
    if attacker.hide_check is not None:  # the attack gives its place away (A217)
        from d20combat.encounter.stealth import reveal

        reveal(enc, attacker)
    if target.conditions and "fascinated" in target.conditions:
        # SRD conditions "Fascinated": "Any obvious threat ... automatically breaks the effect"
        del target.conditions["fascinated"]
        enc.space.invalidate(target)
        enc.event(target.id, "condition-ends", FASCINATED_RULE, condition="fascinated", by="threat")
    if option.ranged and option.weapon is not None and any(map(option.weapon.has, _LOADED)):
        attacker.unloaded = (*attacker.unloaded, option.item)  # load it again to fire
        enc.space.invalidate(attacker)
    elif option.ranged and option.weapon is not None and option.weapon.has(WeaponFlag.LOAD_FREE):
        shoot_from_case(enc, attacker, option.item)
    use_up_thrown(enc, attacker, option)
    if charge:
        attacker.conditions.pop("charging", None)
        attacker.conditions["charged"] = Condition(attacker.id, 1)
    if r.fumble:
        attacker.fumbled = True
    if r.outcome == "miss" and "cover" in notes and enc.rules.cover_struck:
        from d20combat.encounter.maneuvers.cover import strike_cover

        strike_cover(enc, attacker, option, bonus, target, attack, r)
    if r.hit:
        standing = attacker.traits.cleave and not option.ranged and enc.active(target)
        deal_damage(enc, attacker, target, r, attack, rolls[split:])
        if enc.rules.damage_type_traits in AFTER_HIT_RULESETS:  # seed 001's energy
            after_hit(enc, attacker, target, r, attack)
        if standing and not enc.active(target):
            cleave(enc, attacker, option, bonus, target)
        if option.effects:
            for hook in AFTER_HIT:
                hook(enc, attacker, option, bonus, target)
            for result_hook in AFTER_HIT_RESULT:
                result_hook(enc, attacker, option, target, r)
        if option.natural and attacker.stat.special_attack_rules:
            from d20combat.encounter.maneuvers.monster import free_trip

            free_trip(enc, attacker, option, target)  # SRD monsters "Trip (Ex)"
    return r


FASCINATED_RULE = "SRD conditions Fascinated (an obvious threat)"


#: The maneuvers an attack of opportunity may be made as, by name (SRD Table: Actions in
#: Combat, note: disarm, grapple and trip replace a melee attack, "even as an attack of
#: opportunity"; the maneuver modules register theirs: encounter/maneuvers/trip.py).
#: Each makes the maneuver of the reactor with its AoO option on the provoker and says
#: whether it could (False: a plain blow instead). The encounter's ``aoo_maneuvers``
#: hook chooses.
AOO_MANEUVERS: dict[str, Callable[[Encounter, Combatant, AttackOption, Combatant], bool]] = {}


#: What a hit with an option that has effects sets off, after its damage (the
#: maneuvers register theirs: Improved Grab, encounter/maneuvers/grapple.py).
AFTER_HIT: list[Callable[[Encounter, Combatant, AttackOption, Total, Combatant], None]] = []

#: The same, for hooks that read the attack's result (a critical hit doubles a drain:
#: encounter/maneuvers/drain.py).
AFTER_HIT_RESULT: list[
    Callable[[Encounter, Combatant, AttackOption, Combatant, AttackResult], None]
] = []


def grapple_group(enc: Encounter, c: Combatant) -> list[Combatant]:
    """Everyone in ``c``'s grapple (seed 000 "Multiple Grapples": those linked to it,
    and to them ...), ``c`` included, in id order."""
    if not c.grappling:
        return [c]
    seen = {c.id: c}
    todo = [c]
    while todo:
        for pid in todo.pop().grappling:
            if pid not in seen:
                seen[pid] = enc.combatants[pid]
                todo.append(seen[pid])
    return [seen[k] for k in sorted(seen)]


def _struck_grappler(enc: Encounter, attacker: Combatant, target: Combatant) -> Combatant:
    """seed 002 note 3: "Roll randomly to see which grappling combatant you strike"."""
    group = [g for g in grapple_group(enc, target) if g is not attacker and g.present()]
    if len(group) < 2:
        return target
    mark = enc.dice.mark()
    k = enc.dice.roll(Dice.of(1, len(group)), "which grappler a shot into a grapple strikes")
    struck = group[k - 1]
    enc.event(
        attacker.id,
        "into-grapple",
        "seed 002 Table: Armor Class Modifiers, note 3",
        target=struck.id,
        rolls_from=mark,
        aimed=target.id,
        grapplers=[g.id for g in group],
    )
    return struck


def shoot_from_case(enc: Encounter, c: Combatant, item: str) -> None:
    """SRD equipment "Crossbow, Repeating": the case holds 5 bolts; "As long as it holds
    bolts, you can reload it by pulling the reloading lever (a free action)" (taken with
    the shot, A230); the fifth empties it: a new case is loaded as a full-round action
    that provokes (``load``; :func:`d20combat.encounter.handlers.load_time`)."""
    spent = c.case_spent.get(item, 0) + 1
    if spent >= CASE_BOLTS:
        c.case_spent.pop(item, None)
        c.unloaded = (*c.unloaded, item)
        enc.space.invalidate(c)
    else:
        c.case_spent[item] = spent


def use_up_thrown(
    enc: Encounter, attacker: Combatant, option: AttackOption, bullets: int = 1
) -> None:
    """A thrown weapon (a javelin, a flask) is gone from the stock it was thrown from;
    the last one leaves the hand empty. A firearm fires ``bullets`` of its rounds
    (seed 004 "Firearms": a single shot is one bullet; "Autofire": 10)."""
    if option.firearm and option.item in attacker.ammo:
        attacker.ammo[option.item] -= bullets
        if attacker.ammo[option.item] <= 0:
            enc.space.invalidate(attacker)  # no longer ready
        return
    if option.thrown and option.item in attacker.ammo:
        attacker.ammo[option.item] -= 1
        if attacker.ammo[option.item] <= 0:
            attacker.wielding = tuple(w for w in attacker.wielding if w != option.item)
            enc.space.invalidate(attacker)


def cleave(
    enc: Encounter, attacker: Combatant, option: AttackOption, bonus: Total, dropped: Combatant
) -> None:
    """SRD feats "Cleave": a melee attack that drops a creature gives an immediate extra
    melee attack, with the same weapon and bonus, on another creature within reach,
    once a round ("Great Cleave": no limit). The engine picks the target: the most
    wounded foe in reach (then the nearest, then by id)."""
    if attacker.cleaves_used >= attacker.traits.cleave or not enc.active(attacker):
        return
    space = enc.space
    foes = [
        f
        for f in space.active_enemies(attacker)
        if f is not dropped and space.attack_problem(attacker, option, f) is None
    ]
    if not foes:
        return
    target = min(
        foes,
        key=lambda f: (
            max(f.vitals.hp, 0) / max(1, f.vitals.max_hp),
            space.distance_ft(attacker, f),
            f.id,
        ),
    )
    attacker.cleaves_used += 1
    strike(enc, attacker, option, bonus, target, kind="cleave")


def deal_area_damage(
    enc: Encounter,
    attacker: Combatant,
    victim: Combatant,
    attack: Attack,
    amount: int,
    what: str,
    rolls: tuple[Roll, ...] = (),
) -> None:
    """``amount`` of ``attack``'s weapon damage on ``victim`` from an area (autofire, a
    burst: ``what``), met by its defenses, as a damage event."""
    option = attack.option
    parts = (DamagePart(amount, option.damage_types, f"{option.name} ({what})"),)
    damage, notes = apply_defenses(list(parts), victim.stats.defenses, enc.rules)
    r = AttackResult(True, rolled=amount, damage=damage, parts=parts, reductions=notes)
    deal_damage(enc, attacker, victim, r, attack, rolls)


def take_fall(enc: Encounter, c: Combatant, amount: int) -> tuple[Vitals, HpState]:
    """``c`` takes ``amount`` falling damage (no attacker: a massive-damage Fortitude save
    may be rolled); its hit points and state before, for the event."""
    before, state_before = c.vitals, c.state(enc.rules)
    if amount:
        fort = c.roll_total(c.stats.saves["fort"], "save")
        out = take_damage(
            c.vitals,
            amount,
            enc.rules,
            enc.dice,
            fort=fort.value,
            con=c.stats.abilities.get(Ability.CON),
            crit_immune=c.stats.crit_immune,
            threshold_bonus=c.traits.threshold_bonus,
        )
        c.vitals = out.vitals
    return before, state_before


def deal_damage(
    enc: Encounter,
    attacker: Combatant,
    target: Combatant,
    r: AttackResult,
    attack: Attack,
    rolls: tuple[Roll, ...] = (),
) -> None:
    """Apply a hit's damage to the target's hit points (per the ruleset)."""
    before = target.vitals
    state_before = target.state(enc.rules)
    mark = enc.dice.mark()
    stats = target.stats
    con = stats.abilities.get(Ability.CON)
    fort = target.roll_total(stats.saves["fort"], "save")
    if r.nonlethal:
        out = take_nonlethal(
            target.vitals,
            r.damage,
            enc.rules,
            enc.dice,
            fort=fort.value,
            con=con,
            threshold_bonus=target.traits.threshold_bonus,
        )
    else:
        out = take_damage(
            target.vitals,
            r.damage,
            enc.rules,
            enc.dice,
            fort=fort.value,
            con=con,
            crit_immune=stats.crit_immune,
            threshold_bonus=target.traits.threshold_bonus,
        )
    vitals = out.vitals
    notes = list(out.notes)
    if r.reductions and (healed := healing_of(r.reductions)):
        vitals = heal(vitals, healed, enc.rules)  # seed 001 "Negative energy ... heals the undead"
        notes.append(f"healed {healed}")
    if r.instant_kill:
        vitals = vitals._replace(dead=True)
        notes.append("instant kill (seed 000 variant)")
    target.vitals = vitals
    for effect in out.effects:
        enc.impose(target, effect.condition, attacker.id, effect.rounds)
        notes.append(f"{effect.condition} for {effect.rounds} round(s): {effect.reason}")
    state = target.state(enc.rules)
    totals: tuple[tuple[str, Total], ...] = (("damage bonus", attack.damage_bonus),)
    if enc.dice.since(mark):  # a Fortitude save was rolled (massive or nonlethal damage)
        totals = (*totals, ("fortitude save", fort))
    enc.event(
        attacker.id,
        "damage",
        DAMAGE_RULE,
        target=target.id,
        totals=totals,
        rolls=rolls,
        rolls_from=mark,
        weapon=attack.option.name,
        rolled=r.rolled,
        damage=r.damage,
        nonlethal=r.nonlethal,
        multiplier=r.multiplier,
        reductions=[f"{x.detail}: -{x.amount}" for x in r.reductions],
        hp_before=before.hp,
        hp=vitals.hp,
        nonlethal_total=vitals.nonlethal,
        state=state.value,
        notes=notes,
    )
    if r.damage > 0 and target.conditions:
        woken = [k for k in target.conditions if k in ENDS_ON_DAMAGE]
        for name in woken:  # SRD spells "Sleep": wounding awakens it (A70)
            del target.conditions[name]
            enc.event(target.id, "condition-ends", WAKE_RULE, condition=name, by="damage")
        if woken:
            enc.space.invalidate(target)
            enc.make_room(target)
    if state is not state_before or out.effects:
        enc.space.invalidate(target)
    if target.altitude and r.damage > 0:  # seed 001 "Damage while flying"
        from d20combat.encounter.flight import hurt

        hurt(enc, target, r.damage)


def unarmed_provokes(enc: Encounter, c: Combatant, option: AttackOption, target: Combatant) -> bool:
    """Whether an attack with ``option`` on ``target`` provokes an attack of opportunity
    from it as an unarmed attack (seed 002 "Attacks of Opportunity"; the ruleset's
    ``unarmed-attack``): an unarmed strike, without Improved Unarmed Strike, on an armed
    target; not within a grapple (seed 000 "If You're Grappling": its attacks provoke
    nothing from the opponent)."""
    return (
        option.weapon is not None
        and option.weapon.name == "unarmed strike"
        and not c.traits.improved_unarmed
        and "unarmed-attack" in enc.rules.provoking_actions
        and target.id not in c.grappling
        and enc.space.is_armed(target)
    )


def aoo_limit(c: Combatant) -> int:
    """One a round; Combat Reflexes adds the Dex modifier (seed 003)."""
    if c.traits.combat_reflexes:
        return 1 + max(0, c.mod(Ability.DEX))
    return 1


def can_make_aoo(enc: Encounter, t: Combatant, provoker: Combatant) -> AttackOption | None:
    """The melee option ``t`` would use for an attack of opportunity, or None."""
    if not enc.active(t) or t.aoo_used >= aoo_limit(t):
        return None
    if not t.acted and not t.traits.combat_reflexes:
        return None  # flat-footed (seed 003)
    conds = t.condition_set()
    if "total-defense" in conds or not restrictions(conds).can_aoo:
        return None
    if provoker.unseen_by and t.id in provoker.unseen_by:  # hidden from it (A217)
        from d20combat.encounter.stealth import unseen

        if unseen(enc, t, provoker):
            return None
    return enc.space.cached(("aoo", t.id, provoker.id), lambda: _aoo_reach(enc, t, provoker))


def _aoo_reach(enc: Encounter, t: Combatant, provoker: Combatant) -> AttackOption | None:
    """What the geometry leaves of ``t``'s attack of opportunity on ``provoker``."""
    if enc.space.cover_bonus(t, provoker, melee=True):
        return None  # seed 003: no attack of opportunity against a creature with cover
    if enc.space.concealment(t, provoker, melee=True) >= 50:
        return None  # total concealment
    return enc.space.aoo_option(t, provoker)


def provoke(
    enc: Encounter,
    provoker: Combatant,
    reason: str,
    *,
    movement: bool = False,
    only: Combatant | None = None,
    unseen_only: bool = False,
    partner: Combatant | None = None,
    spare: Combatant | None = None,
) -> bool:
    """Offer attacks of opportunity to everyone threatening ``provoker``'s space (or
    ``only`` that one, or ``unseen_only`` those the provoker cannot see), but ``spare``.

    ``partner``: the other party of a bull rush under way (seed 000 "Bull Rush"): an
    attack of opportunity by anyone else may go astray onto it (:func:`astray`).

    Returns False if the provoker can no longer act, or was grabbed into a grapple (its
    action is lost).
    """
    from d20combat.encounter.state import always_react

    held = provoker.grappling
    for t in enc.space.threatening(provoker):
        if only is not None and t is not only:
            continue
        if unseen_only and enc.space.sees(provoker, t):
            continue
        if t is spare:
            continue
        if movement and (provoker.id in t.provoked_by_move or t.clinging == provoker.id):
            continue  # (a creature clinging to the mover moves with it: seed 001)
        option = can_make_aoo(enc, t, provoker)
        if option is None:
            continue
        if t.mount is not None:  # a lance in one hand (SRD equipment "Lance"; A175)
            from d20combat.encounter.mounted import held as as_held

            option = as_held(enc, t, option)
        react = enc.reactions.get(t.id, always_react)
        if not react(enc, t.id, provoker.id):
            continue
        if movement:
            t.provoked_by_move.add(provoker.id)
        t.aoo_used += 1
        enc.event(t.id, "provoked", AOO_RULE, target=provoker.id, reason=reason)
        target = provoker
        if partner is not None and t is not partner and enc.active(partner):
            target = astray(enc, t, provoker, partner)
        elif movement and enc.space.riders and provoker.id in enc.space.riders:
            from d20combat.encounter.mounted import aoo_target

            target = aoo_target(enc, t, provoker)  # the mount or its rider (A177)
        choose = enc.aoo_maneuvers.get(t.id) if enc.aoo_maneuvers else None
        maneuver = AOO_MANEUVERS.get(choose(enc, t.id, target.id) or "") if choose else None
        if maneuver is None or not maneuver(enc, t, option, target):
            strike(enc, t, option, option.bonus, target, kind="aoo", moving=movement)
        if not enc.active(provoker) or provoker.grappling != held:
            return False  # down, or grabbed (SRD "Improved Grab"): no more of its action
    return True


ASTRAY_RULE = "seed 000 Bull Rush; seed 002 Bull Rush"


def astray(enc: Encounter, t: Combatant, provoker: Combatant, partner: Combatant) -> Combatant:
    """Whom ``t``'s attack of opportunity on ``provoker`` strikes during a bull rush: a
    d% roll within the ruleset's ``bull_rush_astray_percent`` (25%) sends it onto
    ``partner``, the other party (seed 000 "Bull Rush": "Any attack of opportunity made
    by anyone other than the defender against you during a bull rush has a 25% chance of
    accidentally targeting the defender instead", and the other way round). Seed 000
    rolls the attack first, then the chance; the two rolls are independent, so rolling
    the chance first changes no odds and lets the attack be rolled once against the AC
    of the creature it strikes."""
    percent = enc.rules.bull_rush_astray_percent
    if not percent:
        return provoker
    mark = enc.dice.mark()
    strays, roll = enc.dice.classify(
        D100, f"attack of opportunity astray ({percent}%)", lambda r: r <= percent
    )
    enc.event(
        t.id,
        "astray",
        ASTRAY_RULE,
        target=partner.id if strays else provoker.id,
        rolls_from=mark,
        meant=provoker.id,
        roll=roll,
        percent=percent,
        strays=strays,
    )
    return partner if strays else provoker
