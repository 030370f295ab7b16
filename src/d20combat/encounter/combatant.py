"""A combatant's mutable state, and the action budget of the creature whose turn it is.

The immutable parts (stat block, derived statistics) are shared between clones; only
the small mutable record is copied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from d20combat.content.creatures import Ability, StatBlock, WieldStyle
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.conditions import (
    HASTED,
    Restrictions,
    RollKind,
    restrictions,
    roll_modifiers,
)
from d20combat.rules.hitpoints import (
    HpState,
    Vitals,
    ability_conditions,
    negative_level_penalty,
    state_of,
)
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import AttackOption, Routine, Statistics, initial_wielding

Pos = tuple[int, int]
_SQUARES = {size: size.squares for size in Size}
_ACTING = frozenset({HpState.HEALTHY, HpState.STAGGERED, HpState.DISABLED})
_FREE = restrictions(frozenset())
# SRD conditions: the condition each hit-point state imposes (healthy: none).
_STATE_CONDITION = {
    HpState.STAGGERED: "staggered",
    HpState.DISABLED: "disabled",
    HpState.UNCONSCIOUS: "unconscious",
    HpState.DYING: "dying",
    HpState.STABLE: "stable",
    HpState.DEAD: "dead",
}
_STATE_SET = {state: frozenset({name}) for state, name in _STATE_CONDITION.items()}
_NO_CONDITIONS: frozenset[str] = frozenset()
_NO_DAMAGE = (0, 0, 0, 0, 0, 0)
_SNEAK = re.compile(r"sneak attack \+?(\d+d\d+)")
_WING = re.compile(r"\bwings?\b", re.IGNORECASE)  # SRD monster-feats Hover


class Traits(NamedTuple):
    """The feats and qualities the fight asks about, read once per stat block."""

    darkvision: bool
    low_light: bool
    uncanny_dodge: bool
    improved_uncanny_dodge: bool
    combat_reflexes: bool
    dodge: bool
    run: bool
    improved_unarmed: bool
    precise_shot: bool
    point_blank: bool
    sneak_dice: str | None  # seed 000 "Sneak Attacks": the extra dice, e.g. "2d6"
    intelligent: bool  # Int 3 or more
    cleave: int  # SRD feats "Cleave": extra attacks a round (0 none; Great Cleave: many)
    mobility: bool
    blind_fight: bool
    zero_score: bool  # an ability score of 0 in the stat block itself
    # seed 004 "Firearms", "Autofire": Personal, Advanced Firearms Proficiency
    firearms: bool
    advanced_firearms: bool
    burst_fire: bool  # seed 004 "Autofire": the Burst Fire feat (reading A187)
    # SRD combat-ii "Moving Through a Square: Designated Exceptions": it cannot be
    # moved past (no passing, overrun or trample, by friend or foe, helpless or not)
    fills_squares: bool = False
    # d20 Modern's Improved Damage Threshold: +3 to the massive damage threshold (A231)
    threshold_bonus: int = 0


_TRAITS: dict[int, tuple[StatBlock, Traits]] = {}
# ready options per statistics (by id, kept in the entry), weapons in hand, ammunition
# and weapons to load
_READY: dict[
    tuple[int, tuple[str, ...], tuple[tuple[str, int], ...], tuple[str, ...], bool],
    tuple[Statistics, list[AttackOption], list[AttackOption]],
] = {}


def traits_of(stat: StatBlock) -> Traits:
    """The :class:`Traits` of a stat block (cached: stat blocks are immutable)."""
    hit = _TRAITS.get(id(stat))
    if hit is not None and hit[0] is stat:
        return hit[1]
    sneak = None
    for text in stat.special_attacks:
        m = _SNEAK.search(text.lower())
        if m:
            sneak = m.group(1)
            break
    score = stat.abilities.get(Ability.INT)
    traits = Traits(
        darkvision=stat.has_quality("darkvision"),
        low_light=stat.has_quality("low-light vision"),
        uncanny_dodge=stat.has_quality("uncanny dodge"),
        improved_uncanny_dodge=stat.has_quality("improved uncanny dodge"),
        combat_reflexes=stat.has_feat("combat reflexes"),
        dodge=stat.has_feat("dodge"),
        run=stat.has_feat("run"),
        # seed 004 "'Armed' Unarmed Attacks": Combat Martial Arts too (A191)
        improved_unarmed=stat.has_feat("improved unarmed strike")
        or "combat martial arts" in stat.firearm_feats,
        precise_shot=stat.has_feat("precise shot"),
        point_blank=stat.has_feat("point blank shot"),
        sneak_dice=sneak,
        intelligent=score is not None and score >= 3,
        mobility=stat.has_feat("mobility"),
        blind_fight=stat.has_feat("blind-fight"),
        zero_score=any(v == 0 for v in stat.abilities.values()),
        firearms="personal firearms proficiency" in stat.firearm_feats,
        advanced_firearms="advanced firearms proficiency" in stat.firearm_feats,
        burst_fire="burst fire" in stat.firearm_feats,
        fills_squares=stat.has_quality("fills its squares"),
        threshold_bonus=3 if "improved damage threshold" in stat.firearm_feats else 0,
        cleave=(1 << 30)
        if stat.has_feat("great cleave")
        else (1 if stat.has_feat("cleave") else 0),
    )
    if len(_TRAITS) > 4096:
        _TRAITS.clear()
    _TRAITS[id(stat)] = (stat, traits)
    return traits


@dataclass(slots=True)
class Condition:
    """A condition lasting ``turns`` starts of ``owner``'s turn (0: until removed)."""

    owner: str
    turns: int = 0


#: The kinds of :class:`Effect`: aid another's two (seed 000 "Aid Another"), a feint's
#: (seed 000 "Feint"), a victim found for a coup de grace (SRD combat-ii "Coup de
#: Grace": total concealment).
EFFECT_KINDS = ("aid-attack", "aid-defense", "feint", "found")


@dataclass(slots=True)
class Effect:
    """An edge one creature (the bearer) holds over one opponent, ``against``, until it
    is used or runs out: ``aid-attack`` (+2 on the bearer's attack rolls against it),
    ``aid-defense`` (+2 to the bearer's AC against its attacks), ``feint`` (it loses
    its Dexterity bonus against the bearer's next melee attack), ``found`` (the bearer
    spent a full-round action finding it for a coup de grace). ``by``: the creature
    that gave it (the aider; the bearer itself for the others).

    It lasts ``turns`` starts of ``owner``'s turn, as a :class:`Condition` does; with
    ``through`` it outlives the last of them and ends when that turn ends ("on or
    before your next turn"); ``turns`` 0 then means that turn is under way.
    """

    kind: str
    against: str
    by: str
    owner: str
    turns: int = 1
    through: bool = False

    def as_tuple(self) -> tuple[str, str, str, str, int, bool]:
        return (self.kind, self.against, self.by, self.owner, self.turns, self.through)


@dataclass(slots=True)
class Combatant:
    """One creature in the fight: what changes during it."""

    id: str
    name: str
    side: str
    stat: StatBlock
    stats: Statistics
    pos: Pos
    vitals: Vitals
    tactics: str = "default"
    aware: bool = True
    initiative: int = 0
    tiebreak: tuple[int, ...] = ()
    acted: bool = False
    conditions: dict[str, Condition] = field(default_factory=dict)
    aoo_used: int = 0
    cleaves_used: int = 0  # this round (SRD feats "Cleave": one a round)
    power_attack: int = 0  # chosen with its first attack, until its next turn
    expertise: int = 0  # Combat Expertise chosen with its first attack, likewise
    provoked_by_move: set[str] = field(default_factory=set)
    wielding: tuple[str, ...] = ()
    ammo: dict[str, int] = field(default_factory=dict)
    readied: tuple[str, str | None] | None = None
    readied_move: tuple[Pos, ...] | None = None  # the path of a readied move action
    readied_free: str | None = None  # a readied free action's notation (A256)
    delay_after: str | None = None
    fled: bool = False
    surrendered: bool = False
    pending_full_round: Pos | None = None
    fumbled: bool = False  # seed 000 fumble variant: loses its next turn
    dodge_target: str | None = None  # SRD feats "Dodge": the designated opponent
    # seed 000 "Grapple": the creatures it is grappling with (each link is held by both,
    # in id order); a pin is the pinned creature's "pinned" condition, owned by the pinner
    grappling: tuple[str, ...] = ()
    clinging: str | None = None  # seed 001: the larger creature it has climbed onto
    # SRD "Swallow Whole": the creature that swallowed it (it is off the map, inside),
    # and the damage it has dealt to that creature's interior cutting its way out
    inside: str | None = None
    cut: int = 0
    # seed 000 "Mounted Combat": the mount it rides (it shares the mount's space), and
    # what its mount has done since its last turn: the feet moved, the gait ("",
    # "move", "double", "run" or "charge") and the foe charged (encounter.mounted)
    mount: str | None = None
    rode_ft: int = 0
    gait: str = ""
    charged_at: str | None = None
    # where its mount stood since its last turn, square by square (seed 000: ranged
    # attacks "when your mount has completed half its movement"; A178)
    trail: tuple[Pos, ...] = ()
    effects: list[Effect] = field(default_factory=list)  # aid, feints (Effect)
    # flight (encounter.flight, A145): its height above the ground in feet (0: on the
    # ground), the feet it has flown this turn, and the feet a round it is sinking
    # helpless (a stall: 100, a magic drift: 60; 0 none)
    altitude: int = 0
    flown: int = 0
    descent: int = 0
    # SRD monster-feats "Hover": it has halted and hovers (half speed, no wing attacks)
    hovering: bool = False
    # seed 000 "Turn Or Rebuke Undead": turning attempts spent today, by ability name
    # (TurningPower.name; "greater" for the Sun domain's greater turning)
    turnings_used: dict[str, int] = field(default_factory=dict)
    # the check that turned or rebuked it (a dispel must equal it), the effective Hit
    # Dice a bolstering gave it: by condition (turned, rebuked, bolstered)
    channelled: dict[str, int] = field(default_factory=dict)
    # seed 004 "Run" (SRD combat-i "Run"): the last round it ran, the rounds it has
    # run in a row to then, and the Constitution checks made to keep running
    ran_round: int = -1
    run_rounds: int = 0
    run_checks: int = 0
    # holding its breath after going under (encounter.swimming, A173): rounds of breath
    # left (-1: it breathes), Constitution checks made since, rounds drowning (0-3)
    breath: int = -1
    breath_checks: int = 0
    drowning: int = 0
    # withdrew in this turn (2) or its last one (1: counted down as its turns begin):
    # the baseline's "followed with no way out" (tactics.policies._retreat)
    withdrew: int = 0
    # seed 004 "Delaying Limits": whom it delayed after this round (None: it did not),
    # and its place among those who lost their action by delaying (0: it did not)
    delayed: str | None = None
    forfeited: int = 0
    # hiding during the fight (encounter.stealth, A215-A217): its Hide check result (the
    # DC of later Spot checks; None: not hiding) and the foes that failed to spot it
    hide_check: int | None = None
    unseen_by: tuple[str, ...] = ()
    hid_at: Pos | None = None  # where it hid (its foes' guess: tactics/stealth.py)
    # cache of _vital(): vitals, rules, state, can act, conditions they impose
    _state: tuple[Vitals, Ruleset, HpState, bool, frozenset[str]] | None = None
    # cache of ready_options() and melee_options()
    _ready: tuple[object, list[AttackOption], list[AttackOption]] | None = None
    _routines: tuple[list[AttackOption], list[Routine], bool] | None = None  # routines_ready()
    ticked_round: int = -1  # the round whose turn start has run (delay re-entry)
    lost: tuple[str, ...] = ()  # items dropped or thrown away: no longer carried
    unloaded: tuple[str, ...] = ()  # crossbows and slings fired and not yet loaded again
    # weapons stowed out of easy reach and a slung shield (encounter/stowed.py)
    stowed: tuple[str, ...] = ()
    # bolts shot from the case in each repeating crossbow (1 to 4; the fifth empties it:
    # ``unloaded``; SRD equipment "Crossbow, Repeating")
    case_spent: dict[str, int] = field(default_factory=dict)
    # hit points its weapons and shield have lost to sunder attempts, by item
    item_damage: dict[str, int] = field(default_factory=dict)
    # weapons it took from others (an unarmed disarm or grab): (owner, item, its name here)
    taken: tuple[tuple[str, str, str], ...] = ()
    rules: Ruleset | None = None  # the encounter's ruleset (for the hit-point state)
    squares: int = field(init=False, default=1)  # side of its space (from its size)
    traits: Traits = field(init=False)
    home: str = field(init=False, default="")  # the side it came with (a commanded one returns)

    def __post_init__(self) -> None:
        self.squares = _SQUARES[self.stat.size]
        self.traits = traits_of(self.stat)
        self.home = self.side

    # ----- derived, cheap -----
    def _vital(self, rules: Ruleset) -> tuple[Vitals, Ruleset, HpState, bool, frozenset[str]]:
        """(vitals, rules, hit-point state, able to act, the conditions they impose),
        cached while the vitals object stays the same."""
        cached = self._state
        if cached is not None and cached[0] is self.vitals and cached[1] is rules:
            return cached
        v = self.vitals
        result = state_of(v, rules)
        imposed = _STATE_SET.get(result, _NO_CONDITIONS)
        acting = result in _ACTING
        lost = v.ability_damage != _NO_DAMAGE or v.ability_drain != _NO_DAMAGE
        if lost or self.traits.zero_score:
            # SRD conditions "Ability Damaged": a score of 0 (seed 000 "Sneak Attacks")
            zeroed = ability_conditions(self.stat.abilities, v)
            if zeroed:
                imposed = imposed | frozenset(zeroed)
                acting = False
        self._state = cached = (v, rules, result, acting, imposed)
        return cached

    def state(self, rules: Ruleset) -> HpState:
        cached = self._state
        if cached is not None and cached[0] is self.vitals and cached[1] is rules:
            return cached[2]
        return self._vital(rules)[2]

    def can_act(self, rules: Ruleset) -> bool:
        """Its hit-point state lets it act (healthy, staggered or disabled), and no
        ability score of 0 stops it."""
        cached = self._state
        if cached is not None and cached[0] is self.vitals and cached[1] is rules:
            return cached[3]
        return self._vital(rules)[3]

    def _imposed(self) -> frozenset[str]:
        cached = self._state
        rules = self.rules
        if cached is not None and cached[0] is self.vitals and cached[1] is rules:
            return cached[4]
        return self._vital(rules)[4] if rules is not None else _NO_CONDITIONS

    def condition_set(self) -> frozenset[str]:
        """Its conditions, with the one its hit points impose (disabled, staggered,
        unconscious, dying, stable or dead: SRD conditions) and those of an ability
        score of 0 (Str helpless, Dex paralyzed, Con dead, Int, Wis or Cha unconscious:
        SRD conditions "Ability Damaged")."""
        imposed = self._imposed()
        conditions = self.conditions
        if not imposed:
            return frozenset(conditions) if conditions else _NO_CONDITIONS
        if conditions:
            return frozenset(conditions) | imposed
        return imposed

    def restrictions(self) -> Restrictions:
        """What its conditions allow (:func:`d20combat.rules.conditions.restrictions`),
        those its hit points impose included."""
        if not self.conditions and not self._imposed():
            return _FREE  # (a healthy creature's common case)
        return restrictions(self.condition_set())

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def roll_total(
        self, base: Total, kind: RollKind, *, skill: str | None = None, save: str | None = None
    ) -> Total:
        """``base`` (a save, the initiative modifier, a ``skill`` check) with what its
        conditions add to rolls of ``kind`` and its negative levels (-1 each on saves,
        skill and ability checks, initiative: a Dexterity check) (shaken, frightened,
        sickened: -2 on saves;
        deafened: -4 on initiative; hasted: +1 on the ``save`` "ref":
        :func:`d20combat.rules.conditions.roll_modifiers`)."""
        drained = self.vitals.negative_levels
        if drained and kind != "damage":  # SRD "Energy Drained": -1 a negative level
            base = base.plus(negative_level_penalty(drained))
        if not self.conditions and not self._imposed():
            return base
        mods = roll_modifiers(self.condition_set(), kind, skill=skill, save=save)
        return base.plus(*mods) if mods else base

    def present(self) -> bool:
        """On the battlefield: not fled, not swallowed (inside another, off the map)."""
        return not self.fled and self.inside is None

    def mod(self, ability: Ability) -> int:
        return self.stats.mod(ability)

    def melee_options(self) -> list[AttackOption]:
        """The melee attacks ready to use now (wielded weapons and natural weapons;
        cached: do not change the list)."""
        key = self._ready_key()
        cached = self._ready
        if cached is not None and cached[0] == key:
            return cached[2]
        self.ready_options()
        assert self._ready is not None
        return self._ready[2]

    def ready_options(self) -> list[AttackOption]:
        """Options usable now: natural weapons, wielded weapons with ammunition left,
        and an unarmed strike when nothing else strikes in melee (cached: do not
        change the list)."""
        key = self._ready_key()
        cached = self._ready
        if cached is not None and cached[0] == key:
            return cached[1]
        stats = self.stats
        hovering = self.hovering  # SRD monster-feats Hover: no wing attacks
        shared_key = (id(stats), self.wielding, tuple(self.ammo.items()), self.unloaded, hovering)
        shared = _READY.get(shared_key)
        if shared is None or shared[0] is not stats:
            out = []
            for o in stats.options:
                if o.natural or o.item in self.wielding:
                    if self.ammo.get(o.item, 1) <= 0:
                        continue  # none left to throw, no bullet left to fire
                    if o.ranged and o.item in self.unloaded:
                        continue  # fired: load it again first
                    if hovering and o.natural and _WING.search(o.name):
                        continue
                    out.append(o)
            unarmed = stats.unarmed
            if (
                unarmed is not None
                and all(o is not unarmed for o in out)
                and all(o.ranged for o in out)
            ):
                out.append(unarmed)
            if len(_READY) > 4096:
                _READY.clear()
            shared = _READY[shared_key] = (stats, out, [o for o in out if not o.ranged])
        self._ready = (key, shared[1], shared[2])
        return shared[1]

    def _ready_key(self) -> object:
        """What the ready options depend on besides the statistics."""
        if self.ammo or self.unloaded or self.hovering:
            return (self.wielding, tuple(self.ammo.values()), self.unloaded, self.hovering)
        return self.wielding

    def routines_ready(self) -> list[Routine]:
        """Full-attack routines whose every attack uses a ready option (cached: do not
        change the list)."""
        options = self.ready_options()
        hasted = HASTED in self.conditions
        cached = self._routines
        if cached is not None and cached[0] is options and cached[2] == hasted:
            return cached[1]
        ready = {id(o) for o in options}
        out = [r for r in self.stats.routines if all(id(o) in ready for o, _ in r.attacks)]
        if hasted:
            out = [r.with_extra_attack() for r in out]
        self._routines = (options, out, hasted)
        return out

    def situation(self) -> tuple[object, ...]:
        """What a decision can see of it: its :meth:`to_json` but for the round-keeping
        (``ticked_round``) and the initiative result (the order shows it), as a
        hashable value (tests/encounter/test_situation.py checks the two agree)."""
        conds = self.conditions
        return (
            self.id,
            self.pos if self.inside is None else None,
            self.vitals,
            tuple((k, c.owner, c.turns) for k, c in conds.items()) if conds else (),
            self.tactics,
            self.aware,
            self.acted,
            self.aoo_used,
            self.cleaves_used,
            self.power_attack,
            self.expertise,
            tuple(sorted(self.provoked_by_move)) if self.provoked_by_move else (),
            self.wielding,
            tuple(self.ammo.items()) if self.ammo else (),
            self.readied,
            self.readied_move,
            self.readied_free,
            self.delay_after,
            self.fled,
            self.surrendered,
            self.pending_full_round,
            self.fumbled,
            self.dodge_target,
            self.lost,
            self.unloaded,
            self.stowed,
            tuple(self.case_spent.items()) if self.case_spent else (),
            self.grappling,
            self.clinging,
            self.inside,
            self.cut,
            self.mount,
            self.rode_ft,
            self.gait,
            self.charged_at,
            self.trail,
            tuple(self.item_damage.items()) if self.item_damage else (),
            self.taken,
            tuple(e.as_tuple() for e in self.effects) if self.effects else (),
            self.side,
            tuple(self.turnings_used.items()) if self.turnings_used else (),
            tuple(self.channelled.items()) if self.channelled else (),
            self.altitude,
            self.flown,
            self.descent,
            self.hovering,
            (self.ran_round, self.run_rounds, self.run_checks),
            (self.breath, self.breath_checks, self.drowning),
            self.withdrew,
            self.delayed,
            self.forfeited,
            (self.hide_check, self.unseen_by, self.hid_at),
        )

    def to_json(self) -> dict[str, Any]:
        v = self.vitals
        return {
            "id": self.id,
            "pos": list(self.pos) if self.inside is None else None,
            "vitals": {
                "hp": v.hp,
                "max_hp": v.max_hp,
                "nonlethal": v.nonlethal,
                "temp_hp": v.temp_hp,
                "stable": v.stable,
                "dead": v.dead,
                "subdued": v.subdued,
                "ability_damage": list(v.ability_damage),
                "awake": v.awake,
                "recovering": v.recovering,
                "vile": v.vile,
                "ability_drain": list(v.ability_drain),
                "negative_levels": v.negative_levels,
            },
            "tactics": self.tactics,
            "aware": self.aware,
            "initiative": self.initiative,
            "tiebreak": list(self.tiebreak),
            "acted": self.acted,
            "conditions": {k: [c.owner, c.turns] for k, c in self.conditions.items()},
            "aoo_used": self.aoo_used,
            "cleaves_used": self.cleaves_used,
            "power_attack": self.power_attack,
            "expertise": self.expertise,
            "provoked_by_move": sorted(self.provoked_by_move),
            "wielding": list(self.wielding),
            "ammo": dict(self.ammo),
            "readied": list(self.readied) if self.readied else None,
            "readied_move": [list(p) for p in self.readied_move]
            if self.readied_move is not None
            else None,
            "readied_free": self.readied_free,
            "delay_after": self.delay_after,
            "fled": self.fled,
            "surrendered": self.surrendered,
            "pending_full_round": list(self.pending_full_round)
            if self.pending_full_round
            else None,
            "fumbled": self.fumbled,
            "dodge_target": self.dodge_target,
            "ticked_round": self.ticked_round,
            "lost": list(self.lost),
            "unloaded": list(self.unloaded),
            "stowed": list(self.stowed),
            "case_spent": dict(self.case_spent),
            "grappling": list(self.grappling),
            "clinging": self.clinging,
            "inside": self.inside,
            "cut": self.cut,
            "mount": self.mount,
            "rode_ft": self.rode_ft,
            "gait": self.gait,
            "charged_at": self.charged_at,
            "trail": [list(p) for p in self.trail],
            "item_damage": dict(self.item_damage),
            "ran_round": self.ran_round,
            "run_rounds": self.run_rounds,
            "run_checks": self.run_checks,
            "breath": self.breath,
            "breath_checks": self.breath_checks,
            "drowning": self.drowning,
            "withdrew": self.withdrew,
            "delayed": self.delayed,
            "forfeited": self.forfeited,
            "hide_check": self.hide_check,
            "unseen_by": list(self.unseen_by),
            "hid_at": list(self.hid_at) if self.hid_at is not None else None,
            "taken": [list(t) for t in self.taken],
            "effects": [
                {
                    "kind": e.kind,
                    "against": e.against,
                    "by": e.by,
                    "owner": e.owner,
                    "turns": e.turns,
                    "through": e.through,
                }
                for e in self.effects
            ],
            "side": self.side,
            "turnings_used": dict(self.turnings_used),
            "channelled": dict(self.channelled),
            "altitude": self.altitude,
            "flown": self.flown,
            "descent": self.descent,
            "hovering": self.hovering,
        }

    def load_json(self, data: dict[str, Any]) -> None:
        v = data["vitals"]
        dmg = tuple(int(x) for x in v["ability_damage"])
        dr = tuple(int(x) for x in v.get("ability_drain", _NO_DAMAGE))
        if data["pos"] is not None:  # a swallowed creature's: its swallower's (Encounter)
            self.pos = (int(data["pos"][0]), int(data["pos"][1]))
        self.vitals = Vitals(
            int(v["hp"]),
            int(v["max_hp"]),
            int(v["nonlethal"]),
            int(v["temp_hp"]),
            bool(v["stable"]),
            bool(v["dead"]),
            bool(v["subdued"]),
            (dmg[0], dmg[1], dmg[2], dmg[3], dmg[4], dmg[5]),
            bool(v.get("awake", False)),
            bool(v.get("recovering", False)),
            int(v.get("vile", 0)),
            (dr[0], dr[1], dr[2], dr[3], dr[4], dr[5]),
            int(v.get("negative_levels", 0)),
        )
        self.tactics = str(data["tactics"])
        self.aware = bool(data["aware"])
        self.initiative = int(data["initiative"])
        self.tiebreak = tuple(int(x) for x in data["tiebreak"])
        self.acted = bool(data["acted"])
        self.conditions = {k: Condition(str(o), int(t)) for k, (o, t) in data["conditions"].items()}
        self.aoo_used = int(data["aoo_used"])
        self.cleaves_used = int(data.get("cleaves_used", 0))
        self.power_attack = int(data.get("power_attack", 0))
        self.expertise = int(data.get("expertise", 0))
        self.provoked_by_move = set(data["provoked_by_move"])
        self.wielding = tuple(data["wielding"])
        self.ammo = {str(k): int(n) for k, n in data["ammo"].items()}
        r = data["readied"]
        self.readied = (str(r[0]), r[1]) if r else None
        m = data.get("readied_move")
        self.readied_move = tuple((int(p[0]), int(p[1])) for p in m) if m is not None else None
        self.readied_free = data.get("readied_free")
        self.delay_after = data["delay_after"]
        self.fled = bool(data["fled"])
        self.surrendered = bool(data["surrendered"])
        p = data["pending_full_round"]
        self.pending_full_round = (int(p[0]), int(p[1])) if p else None
        self.fumbled = bool(data["fumbled"])
        self.dodge_target = data["dodge_target"]
        self.ticked_round = int(data["ticked_round"])
        self.lost = tuple(str(x) for x in data["lost"])
        self.unloaded = tuple(str(x) for x in data.get("unloaded", ()))
        self.stowed = tuple(str(x) for x in data.get("stowed", ()))
        self.case_spent = {str(k): int(n) for k, n in data.get("case_spent", {}).items()}
        self.item_damage = {str(k): int(n) for k, n in data.get("item_damage", {}).items()}
        self.ran_round = int(data.get("ran_round", -1))
        self.run_rounds = int(data.get("run_rounds", 0))
        self.run_checks = int(data.get("run_checks", 0))
        self.breath = int(data.get("breath", -1))
        self.breath_checks = int(data.get("breath_checks", 0))
        self.drowning = int(data.get("drowning", 0))
        self.withdrew = int(data.get("withdrew", 0))
        delayed = data.get("delayed")
        self.delayed = None if delayed is None else str(delayed)
        self.forfeited = int(data.get("forfeited", 0))
        hide = data.get("hide_check")
        self.hide_check = None if hide is None else int(hide)
        self.unseen_by = tuple(str(x) for x in data.get("unseen_by", ()))
        at = data.get("hid_at")
        self.hid_at = None if at is None else (int(at[0]), int(at[1]))
        self.taken = tuple((str(o), str(i), str(n)) for o, i, n in data.get("taken", ()))
        self.grappling = tuple(str(x) for x in data.get("grappling", ()))
        clinging = data.get("clinging")
        self.clinging = None if clinging is None else str(clinging)
        inside = data.get("inside")
        self.inside = None if inside is None else str(inside)
        self.cut = int(data.get("cut", 0))
        mount = data.get("mount")
        self.mount = None if mount is None else str(mount)
        self.rode_ft = int(data.get("rode_ft", 0))
        self.gait = str(data.get("gait", ""))
        at = data.get("charged_at")
        self.charged_at = None if at is None else str(at)
        self.trail = tuple((int(p[0]), int(p[1])) for p in data.get("trail", ()))
        self.effects = [
            Effect(
                str(e["kind"]),
                str(e["against"]),
                str(e["by"]),
                str(e["owner"]),
                int(e["turns"]),
                bool(e["through"]),
            )
            for e in data.get("effects", ())
        ]
        side = data.get("side")
        if side is not None:
            self.side = str(side)
        self.altitude = int(data.get("altitude", 0))
        self.flown = int(data.get("flown", 0))
        self.descent = int(data.get("descent", 0))
        self.hovering = bool(data.get("hovering", False))
        self.turnings_used = {str(k): int(n) for k, n in data.get("turnings_used", {}).items()}
        self.channelled = {str(k): int(n) for k, n in data.get("channelled", {}).items()}


def initial_ammo(stat: StatBlock, stats: Statistics) -> dict[str, int]:
    """How many of each thrown weapon a creature carries (WeaponRef.quantity), and the
    bullets each firearm holds (WeaponRef.rounds, seed 004 "Autofire")."""
    out: dict[str, int] = {}
    for ref in stat.weapons:
        for o in stats.options:
            if o.weapon is None or o.weapon.name != ref.weapon:
                continue
            if o.thrown:
                out[o.item] = ref.quantity
            elif ref.rounds is not None:
                out[o.item] = ref.rounds
    return out


@dataclass(slots=True)
class Budget:
    """What the current creature may still do this turn (seed 004 "Action Types").

    A round allows a standard and a move action, or two move actions, or one
    full-round action, plus a 5-foot step if no other movement happens, and free
    actions. ``single`` limits the turn to one move or one standard action
    (staggered, disabled, the surprise round).
    """

    standard: bool = True
    move: bool = True
    single: bool = False
    moved: bool = False
    stepped: bool = False
    full_round: bool = False
    routine: str | None = None  # the full-attack routine begun this turn
    next_attack: int = 0  # how many attacks of the full attack are made
    made: int = 0  # which attacks of the routine are made (bit i: attack i)
    committed: bool = False  # the full attack has taken the move action
    free_draw_used: bool = False
    attacks_made: int = 0
    overran: bool = False  # seed 000 "Overrun": "only one overrun attempt per round"
    # the creatures it grappled as its turn began (SRD "Swallow Whole", "Rake": "begins
    # its turn with an opponent held"), and the rakes made this turn
    held: tuple[str, ...] = ()
    rakes: int = 0
    # the free actions taken this turn (bounded: encounter/speech.py, A228) and the
    # creatures that have spoken during it (one speech each, A229)
    free_actions: int = 0
    spoke: tuple[str, ...] = ()
    # the attack under way chose Improved Grab's one-part hold (set by each attack, read
    # by its hold: not saved, as no save falls within an action)
    part_hold: bool = False
    # seed 004 "Bull Rush", "an attack action made during a move action" (the ruleset's
    # bull_rush_in_move): the feet left of the move action just taken, and whether a
    # bull rush came during it (the move then goes on within those feet); any other
    # action ends both (encounter.maneuvers.bull_rush.moves_on)
    move_left: int = 0
    rushed_in_move: bool = False

    def situation(self) -> tuple[object, ...]:
        return (
            self.standard,
            self.move,
            self.single,
            self.moved,
            self.stepped,
            self.full_round,
            self.routine,
            self.next_attack,
            self.made,
            self.committed,
            self.free_draw_used,
            self.attacks_made,
            self.overran,
            self.held,
            self.rakes,
            self.move_left,
            self.rushed_in_move,
            self.free_actions,
            self.spoke,
        )

    @property
    def can_full_round(self) -> bool:
        return self.standard and self.move and not self.single and not self.moved

    def use(self, kind: str) -> None:
        """Spend an action of ``kind`` (standard, move, full-round)."""
        if kind == "full-round":
            self.standard = self.move = False
            self.full_round = True
        elif kind == "standard":
            self.standard = False
        elif kind == "move":
            if self.move:
                self.move = False
            else:
                self.standard = False  # a move action in place of the standard action
        if self.single:
            self.standard = self.move = False

    def to_json(self) -> dict[str, Any]:
        return {
            "standard": self.standard,
            "move": self.move,
            "single": self.single,
            "moved": self.moved,
            "stepped": self.stepped,
            "full_round": self.full_round,
            "routine": self.routine,
            "next_attack": self.next_attack,
            "made": self.made,
            "committed": self.committed,
            "free_draw_used": self.free_draw_used,
            "attacks_made": self.attacks_made,
            "overran": self.overran,
            "held": list(self.held),
            "rakes": self.rakes,
            "move_left": self.move_left,
            "rushed_in_move": self.rushed_in_move,
            "free_actions": self.free_actions,
            "spoke": list(self.spoke),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Budget:
        """Raises KeyError for a missing field and TypeError for an unknown one (a save
        without ``made`` made the first ``next_attack`` attacks, in order; one without
        ``overran`` attempted no overrun)."""
        if "made" not in data and "next_attack" in data:
            data = {**data, "made": (1 << int(data["next_attack"])) - 1}
        data = {
            "overran": False,
            "held": (),
            "rakes": 0,
            "part_hold": False,
            "move_left": 0,
            "rushed_in_move": False,
            "free_actions": 0,
            "spoke": (),
            **data,
        }
        for key in ("held", "spoke"):
            if isinstance(data[key], list):
                data[key] = tuple(str(x) for x in data[key])
        names = [f for f in cls.__dataclass_fields__ if not f.startswith("_")]
        return cls(**{f: data[f] for f in names}) if set(data) <= set(names) else cls(**data)


__all__ = [
    "EFFECT_KINDS",
    "Budget",
    "Combatant",
    "Condition",
    "Effect",
    "Traits",
    "WieldStyle",
    "initial_ammo",
    "initial_wielding",
    "traits_of",
]
