"""Rulesets: one complete, consistent reading of the sources per game family.

A ruleset is data (``content/data/rulesets/<name>.yaml``) naming, for every point
where the sources disagree, which reading applies. Where a reading is a procedure
rather than a number (the nonlethal damage model, how the dying stabilise), the data
names a strategy and the rules module that implements it looks the name up in its
own table of strategies. Rules code never tests ``ruleset.name``.

* ``srd35`` (default): seeds 000, 002, 003, and the SRD combat chapters where the
  seeds are silent.
* ``d20modern``: seed 004, falling back on ``srd35`` where it is silent.
* ``advanced``: seed 001, falling back on ``srd35`` where it is silent.

Variants (seed 000 "Combat Variant Options": instant kill, softer critical hits,
critical misses) can be switched on with any ruleset.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Literal

from pydantic import ConfigDict, Field

from d20combat.content.library import data_dir
from d20combat.content.loading import Frozen, read_yaml, validate
from d20combat.errors import ContentError

#: The activities (:mod:`d20combat.rules.activities`) the SRD's Table: Actions in Combat
#: marks as provoking (seed 002 agrees where it lists them: read a scroll, drink a
#: potion, retrieve a stored item); the generic "use a skill" rows "usually" provoke.
PROVOKING_ACTIVITIES = (
    "read-scroll",
    "light-tindertwig",
    "skill-action",
    "spell-like",
    "move-heavy",
    "escape-net",
    "light-torch",
    "lock-gauntlet",
    "prepare-splash",
    "skill-round",
    "touch-six",
    "skill-move",  # seed 004 "Use Feat, Skill, or Talent": a skill's move action (A188)
)

RULESET_NAMES = ("srd35", "d20modern", "advanced")

CoverSource = Literal["soft", "wall", "adjacent-wall", "low-obstacle", "peeking", "arrow-slit"]
"""The kinds of cover the grid tells apart (:data:`d20combat.grid.cover.COVER_SOURCES`)."""
SRD_COVER: dict[CoverSource, tuple[int, int]] = {
    "soft": (4, 0),
    "wall": (4, 2),
    "adjacent-wall": (4, 2),
    "low-obstacle": (4, 2),
    "peeking": (8, 4),
    "arrow-slit": (8, 4),
}


class Variant(StrEnum):
    """Optional rules of seed 000 "Combat Variant Options" (and a GM's option of seed 001)."""

    INSTANT_KILL = "instant-kill"
    SOFTER_CRITICALS = "softer-criticals"
    FUMBLES = "fumbles"
    #: seed 001 "Climbing onto larger creatures": "The GM may require Climb or Balance
    #: checks to move about on an enormous creature" (A262)
    CARRIER_CHECKS = "carrier-checks"

    @classmethod
    def parse(cls, text: str) -> Variant:
        """Raises: ContentError for an unknown variant."""
        try:
            return cls(text.strip().lower().replace("_", "-").replace(" ", "-"))
        except ValueError:
            raise ContentError(
                f"unknown variant {text!r}",
                field="variants",
                expected="one of " + ", ".join(v.value for v in cls),
            ) from None


DamageTypeTrait = Literal[
    "energy-life",
    "psychic-mindless",
    "holy-bane",
    "water-fire-only",
    "cold-soaked",
    "sonic-deafens",
    "electricity-conducts",
    "acid-corrodes",
    "fire-ignites",
]
"""The seed 001 damage-type traits a ruleset may apply (:attr:`Ruleset.damage_type_traits`;
their rules: ``rules/damage.py`` and ``encounter/energy.py``)."""


class Ruleset(Frozen):
    """The readings one ruleset takes.

    Each reading field's docstring says what the point is and cites the passage each
    ruleset's reading rests on (``<ruleset>: <source>.`` lines, or one ``all:`` line
    where the rulesets agree); ``d20combat rules`` and docs/rulesets.md print them.
    """

    model_config = ConfigDict(use_attribute_docstrings=True)

    name: str
    title: str
    sources: tuple[str, ...]
    defense_term: str = "AC"
    """What the armor class is called.

    srd35: SRD combat-i "Armor Class".
    d20modern: seed 004 calls Armor Class "Defense".
    advanced: seed 001 "Armor Class".
    """
    concealment_die: Literal[100, 10] = 100
    """The die a concealment miss chance is rolled on.

    srd35: seed 003 "Concealment Miss Chance": d%.
    d20modern: seed 004 "Concealment Miss Chance": percentile.
    advanced: seed 001 "Concealment": a d10, a low roll missing.
    """
    averted_gaze_miss_chance: int = 20
    """The miss chance averting the eyes from a gaze gives the gazer (percent).

    all: SRD special abilities "Gaze".
    """
    active_gaze: bool = True
    """A gazer may also gaze at one foe as an attack action (a second save that round).

    srd35: SRD special abilities "Gaze Attacks" ("can actively attempt to use its gaze
    as an attack action").
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Once per turn, if you see a creature with a gaze attack, you
    must make a saving throw": no second save (D81).
    """
    mirror_absorbs_gaze: bool = False
    """A gaze met in a mirror is absorbed by it (the mirror shatters, no save), rather
    than the mirror being one way of averting the eyes.

    srd35: SRD special abilities "Gaze Attacks": averting includes "tracking the creature
    in a reflective surface" (50% no save) (D82).
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "If a gaze attack is reflected in a mirror ..., the worst of the
    effect is absorbed by the intermediary medium (shattering the mirror ...)" (D82).
    """
    dr_bypass_per_enhancement: int = Field(default=0, ge=0)
    """Points of damage reduction a magic weapon bypasses per +1 (0: only x/magic).

    srd35: SRD special abilities "Damage Reduction": magic overcomes x/magic only.
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Damage Reduction": 10 points per +1.
    """
    grapple_size: Literal["special", "reversed-attack"] = "special"
    """The size modifier of a grapple check.

    srd35: seed 000 / 002 "Grapple Checks": special size modifier, +/-4 a category.
    d20modern: seed 004 "Grapple Checks": Table: Grapple Modifiers.
    advanced: seed 001 "Calculating your grapple bonus": the attack size modifier reversed.
    """
    grapple_base: Literal["bab-str", "melee-attack"] = "bab-str"
    """What a grapple check adds to the d20.

    srd35: seed 000 / 002 "Grapple Checks": BAB + Str.
    d20modern: seed 004 "Grapple Checks": BAB + Str.
    advanced: seed 001 "Calculating your grapple bonus": the melee attack bonus.
    """
    grapple_ties: Literal["higher-modifier", "initiator"] = "higher-modifier"
    """Who wins a tied grapple check.

    srd35: seed 000 / 002 "Grapple Checks": the higher modifier, then a reroll.
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Calculating your grapple bonus": the initiator (">=").
    """
    grapple_provokes: Literal["target", "unarmed-attack"] = "target"
    """What provokes when a grapple starts.

    srd35: seed 000 "Starting a Grapple" step 1: the target, armed or not.
    d20modern: seed 004 "Starting a Grapple" step 1.
    advanced: seed 001 "Initiating a grapple": only as an unarmed attack on an armed foe.
    """
    grapple_hold_too_large: int = Field(default=2, ge=1)
    """Size categories larger at which a hold fails automatically (D05).

    all: seed 000 "Starting a Grapple" step 3.
    """
    grapple_attack_penalty: int = -4
    """Attack penalty for attacking a grapple opponent with a light weapon (D09).

    srd35: seed 000 / 002 "If You're Grappling": -4.
    d20modern: seed 004 "If the Character is Grappling": no penalty.
    advanced: seed 001 "While grappling": a normal attack.
    """
    grapple_draw_check: bool = True
    """Whether drawing a light weapon in a grapple takes a grapple check (D10).

    srd35: seed 000 / 002 "If You're Grappling".
    d20modern: seed 004 "If the Character is Grappling": a move action, no check.
    advanced: srd35 reading (seed 001 is silent).
    """
    grapple_options: tuple[str, ...] = (
        "attack",
        "damage",
        "draw",
        "escape",
        "move",
        "pin",
        "break-pin",
        "use-weapon",
        "release",
    )
    """The things a grappler may do (D08).

    srd35: seed 000 / 002 "If You're Grappling".
    d20modern: seed 004 "If the Character is Grappling": only the options listed.
    advanced: srd35's list: seed 001 gives none (A02).
    """
    grapple_escape: Literal["all", "one"] = "all"
    """Whether an escape must beat every opponent of a grapple or frees from one (D16).

    srd35: seed 000 "Multiple Grapples".
    d20modern: seed 004 "Multiple Grapplers" as seed 000 (A17).
    advanced: seed 001 "Piling on": each pairing follows the normal rules.
    """
    grapple_limit: int = Field(default=4, ge=1)
    """The most grapplers on one opponent.

    all: seed 000 "Multiple Grapples".
    """
    grapple_casting: Literal["concentration", "spellcraft", "none"] = "concentration"
    """The check to cast a spell in a grapple (D15).

    srd35: seed 000 "If You're Grappling": Concentration.
    d20modern: seed 004: no spells in a grapple.
    advanced: seed 001: Spellcraft.
    """
    grapple_casting_dc: int = 20
    """The base DC of casting in a grapple.

    all: seed 000 "If You're Grappling": DC 20.
    """
    grapple_casting_per_level: int = 1
    """DC added per spell level to cast in a grapple (D15).

    srd35: seed 000: + spell level.
    d20modern: srd35 reading (no spells in a d20 Modern grapple).
    advanced: seed 001: + twice the spell level.
    """
    grapple_mutual_release: bool = False
    """Whether two grapplers may end a grapple together as a free action.

    srd35: seed 000 "If You're Pinning": only a pin is released at will.
    d20modern: srd35 reading.
    advanced: seed 001: "You can end a grapple as a free action if the other creature also
        wishes to end it".
    """
    grapple_grab_alone: bool = False
    """Whether a creature may only grab, without going on to hold (D103).

    srd35: seed 000 "Starting a Grapple": the grab (a melee touch attack) is a step of
        starting a grapple, not an action of its own.
    d20modern: seed 004 "Grabbing": "sometimes all a character wants to do is grab the
        target".
    advanced: srd35 reading (seed 001 is silent).
    """
    pinner_damages_others: bool = True
    """Whether a creature holding a pin may damage another opponent in the grapple (D102).

    srd35: seed 000 "If You're Pinning an Opponent": the list of what a pinner cannot do
        (draw or use a weapon, escape, pin another, break another's pin) leaves damaging
        another opponent open.
    d20modern: seed 004 "Pin": "A character can't use a weapon on a pinned character or
        attempt to damage or pin a second opponent while holding a pin on the first".
    advanced: srd35 reading (seed 001 is silent).
    """
    climb_larger: bool = False
    """Whether a creature may climb onto a larger one.

    srd35: no such rule in seeds 000, 002, 003.
    d20modern: no such rule in seed 004.
    advanced: seed 001 "Climbing onto larger creatures".
    """
    mount_control_skill: Literal["ride", "handle animal"] = "ride"
    """The skill that controls a frightened mount (D32).

    srd35: seed 000 "Horses in Combat": a DC 20 Ride check each round.
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Mounts": a Handle Animal check.
    """
    mount_control_dc: int = 20
    """The base DC of controlling a frightened mount (D32).

    srd35: seed 000 "Horses in Combat": DC 20.
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Mounts": "The standard DC is 15 + the animal's Hit Dice".
    """
    mount_control_per_hd: int = Field(default=0, ge=0)
    """DC added per Hit Die of the mount (D32).

    srd35: seed 000 "Horses in Combat": none.
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Mounts": + the animal's Hit Dice.
    """
    military_saddle_percent: int = Field(default=75, ge=0, le=100)
    """The chance an unconscious rider stays in a military saddle (D32).

    srd35: seed 000 "If You Are Dropped": 75%.
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Falling unconscious": 50% (no military saddle).
    """
    mount_fall_per_size: int = Field(default=0, ge=0)
    """Extra damage per size above Large when thrown from a mount (D32).

    srd35: seed 000 "If Your Mount Falls in Battle": 1d6 whatever the size.
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Being thrown": 5 per size category above Large.
    """
    mounted_ranged: Literal["penalty", "disadvantage"] = "penalty"
    """Ranged attacks from a moving mount.

    srd35: seed 000 "Combat while Mounted": -4 (double move), -8 (run).
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Mounts": disadvantage.
    """
    knees_dc: int | None = Field(default=5, ge=0)
    """The Ride check that guides a mount with the knees, freeing the rider's rein hand
    (D87; None: no check, the mount's training decides).

    srd35: seed 000 "Combat while Mounted": "With a DC 5 Ride check, you can guide your
    mount with your knees so as to use both hands to attack or defend yourself. This is
    a free action."
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Mounted movement": "Warhorses and war-ponies are trained to
    respond to guidance given with the knees or by leaning the body. To direct other
    horses requires you to keep a hand on the reins" (None).
    """
    mount_training: bool = False
    """Whether a mount's war training decides how it behaves (D89): a warhorse or
    war-pony answers the knees (both hands free, no check), stays well-behaved while it
    has positive hit points (at 0 or fewer it must be controlled as a frightened horse
    is) and attacks its rider's enemies each turn; any other mount needs a hand on the
    reins.

    srd35: seed 000 "Horses in Combat": "Warhorses and warponies can serve readily as
    combat steeds" (no hit point limit); the knees are a Ride check (False).
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Controlling a desperate mount": "Trained warhorses and war-ponies
    normally remain well-behaved in battle as long as they have positive hit points
    remaining"; "Mounted movement"; "Attacks by a mount: A mount trained for war will
    attack your enemies each turn" (True).
    """
    trip_throws_rider: bool = False
    """Whether a rider pulled from its mount by a trip is thrown (falling damage; D89).

    srd35: seed 000 "Tripping a Mounted Opponent": "you pull the rider from his mount"
    (no damage: A109).
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Being thrown": "If you are thrown from your mount, you fall prone
    and take 1d6 bludgeoning damage" (+5 per size above Large: ``mount_fall_per_size``).
    """
    fast_mount_dc: int | None = Field(default=20, ge=0)
    """The Ride check that makes mounting or dismounting a free action (D88; None: no
    fast mount).

    srd35: SRD combat-i "Mount/Dismount a Steed": a move action; "Fast Mount or
    Dismount: You can mount or dismount as a free action with a DC 20 Ride check".
    d20modern: srd35 reading (seed 004 is silent on mounts).
    advanced: seed 001 "Mounting and dismounting": "takes half your movement for a
    turn ... half the mount's move" (no fast mount; None).
    """
    improved_maneuver_bonus: int = 4
    """The bonus of an Improved maneuver feat on the opposed roll.

    all: seed 002 and SRD feats "Improved Trip" etc.: +4.
    """
    trip_touch_attack: bool = True
    """Whether a trip starts with a melee touch attack (D18).

    srd35: seed 000 "Trip".
    d20modern: seed 004 "Trip".
    advanced: seed 001 "Trip": the opposed roll is the whole trip.
    """
    trip_counter: bool = True
    """Whether a failed tripper may be tripped back.

    all: seed 000 "Trip".
    """
    splash_scatter_turn: Literal["clockwise", "counterclockwise"] = "clockwise"
    """Which way a missed splash weapon's scatter direction is counted (D31).

    all: seed 000 "Throw Splash Weapon".
    """
    splash_scatter_distance: Literal["increments", "increment-feet"] = "increments"
    """How far a missed splash weapon scatters (D31).

    all: seed 000 "Throw Splash Weapon": a square per range increment.
    """
    underwater_melee: Literal["penalty", "disadvantage"] = "penalty"
    """Slashing and bludgeoning attacks underwater (D45).

    srd35: seed 000 "Underwater Combat": -2 and half damage (the adjustments table).
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Underwater": at disadvantage (aquatic natural attacks exempt).
    """
    underwater_ranged: Literal["per-5ft", "half-range"] = "per-5ft"
    """Ranged weapons through water (D45).

    srd35: seed 000 "Underwater Combat": -2 per 5 ft of water passed through.
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Underwater": bows and crossbows at half range.
    """
    underwater_unusable: tuple[Literal["thrown", "sling"], ...] = ("thrown",)
    """Ranged weapons that cannot be used underwater (D45).

    srd35: seed 000 "Underwater Combat": thrown weapons are ineffective.
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Underwater": slings and thrown weapons are impossible.
    """
    monster_trip_check: Literal["stated", "computed"] = "stated"
    """A monster's free trip: the check its text states or one computed from the ruleset (A60).

    srd35: SRD monsters "Trip (Ex)": the stated modifier.
    d20modern: seed 004's own trip size modifiers.
    advanced: seed 001's own trip size modifiers.
    """
    bull_rush_astray_percent: int = Field(default=25, ge=0, le=100)
    """Chance an attack of opportunity during a bull rush strikes the other party (D20).

    all: seed 000 / 002 "Bull Rush": 25%.
    """
    bull_rush_no_step: bool = False
    """Whether a bull rusher loses its 5-foot step.

    srd35: seed 000 "Bull Rush" forbids none.
    d20modern: seed 004 "Bull Rush": no 5-foot step before, during or after.
    advanced: srd35 reading (seed 001 is silent).
    """
    bull_rush_in_move: bool = False
    """Whether a bull rush may be made during a move action, the move going on after it
    within that move action's feet (D104).

    srd35: seed 000 "Bull Rush": a standard action (or part of a charge), the move over
        before it.
    d20modern: seed 004 "Bull Rush": "an attack action made during a move action".
    advanced: srd35 reading (seed 001 is silent).
    """
    overrun_check: Literal["opposed", "trip"] = "opposed"
    """How an overrun's block is resolved (D17).

    srd35: seed 000 "Overrun": opposed Strength against Strength or Dexterity.
    d20modern: seed 004 "Overrun": as a trip attack.
    advanced: srd35 reading (seed 001 is silent).
    """
    overrun_straight_ft: int = Field(default=0, ge=0)
    """Straight-line feet needed before an overrun (D17).

    srd35: seed 000 "Overrun": any move.
    d20modern: seed 004 "Overrun": 10 ft in a straight line.
    advanced: srd35 reading (seed 001 is silent).
    """
    overrun_once_per_round: bool = True
    """Whether only one overrun is allowed a round (D17).

    srd35: seed 000 "Overrun": one a round.
    d20modern: seed 004 "Overrun": one per action.
    advanced: srd35 reading (seed 001 is silent).
    """
    disarm_grip: Literal["weapon-effort", "two-hands"] = "weapon-effort"
    """The grip modifiers of a disarm (D19).

    srd35: seed 000 / 002 "Disarm": two-handed +4, light -4.
    d20modern: seed 004 "Disarm": two hands +4, no light penalty.
    advanced: seed 001 "Disarm": two hands +4.
    """
    disarm_size: Literal["combatant", "weapon", "both"] = "combatant"
    """The size modifiers of a disarm (D19).

    srd35: seed 000 / 002 "Disarm": the larger combatant +4 a category.
    d20modern: seed 004 "Disarm": the larger weapon and the larger combatant.
    advanced: seed 001 "Disarm": the larger weapon +4 a category.
    """
    disarm_weapons: Literal["any", "disarm-weapons"] = "any"
    """Which weapons may disarm (D19).

    srd35: seed 000 "Disarm": any melee weapon or an unarmed strike.
    d20modern: seed 004 "Disarm": any.
    advanced: seed 001 "Disarm": only certain weapons (whip, flail).
    """
    disarm_ranged: Literal["opposed", "attack-object"] = "opposed"
    """How a ranged weapon is disarmed (D19).

    srd35: seed 000 "Disarm": the opposed roll.
    d20modern: seed 004 "Ranged Weapons": attack the weapon as an object.
    advanced: srd35 reading (seed 001 is silent).
    """
    disarm_non_weapon_penalty: int = -4
    """The defender's modifier when the item is not a melee weapon (D19).

    srd35: seed 000 "Disarm": -4.
    d20modern: seed 004 "Grabbing Objects": none.
    advanced: srd35 reading (seed 001 is silent).
    """
    grab_well_secured: Literal["pinned", "bonus"] = "pinned"
    """Grabbing a well-secured item (D14).

    srd35: seed 000 "Grabbing Items": only from a pinned wearer.
    d20modern: seed 004 "Grabbing Objects": the target +4.
    advanced: srd35 reading (seed 001 is silent).
    """
    held_object_ac: Literal["object", "touch-plus-4"] = "object"
    """The armor class of a held object (D28).

    srd35: seed 000 "Attack An Object": 10 + size + the holder's Dex, +5 in hand.
    d20modern: srd35 reading (seed 004's own rules are missing).
    advanced: seed 001 "Attacking held items and objects": touch AC + 4.
    """
    unattended_object_melee: Literal["attack-roll", "automatic"] = "attack-roll"
    """Whether a melee blow at an unattended object needs an attack roll (D28).

    srd35: seed 000 "Attack An Object".
    d20modern: srd35 reading.
    advanced: seed 001 "Attacking held items and objects": no attack roll.
    """
    fragile_objects_break: bool = False
    """Whether small fragile items break on a hit (D28).

    srd35: no such rule in seed 000.
    d20modern: srd35 reading.
    advanced: seed 001 "Attacking held items and objects".
    """
    aid_another_until: Literal["aider-next-turn", "friend-next-turn"] = "aider-next-turn"
    """How long an aid another bonus lasts (D40, A15).

    srd35: seed 000 / SRD combat-ii "Aid Another": to the aider's next turn.
    d20modern: seed 004 "Aid Another": on the friend's next turn.
    advanced: srd35 reading (seed 001 is silent).
    """
    aid_another_bonus: Literal["untyped", "circumstance"] = "untyped"
    """The type of an aid another bonus (D40).

    srd35: seed 000 / SRD combat-ii "Aid Another": untyped.
    d20modern: seed 004 "Aid Another": circumstance.
    advanced: srd35 reading (seed 001 is silent).
    """
    coup_de_grace_ranged: Literal["bow-crossbow", "any"] = "bow-crossbow"
    """Which ranged weapons may deliver a coup de grace (D33).

    srd35: SRD combat-ii "Coup de Grace": a bow or crossbow.
    d20modern: seed 004 "Coup de Grace": any ranged weapon, adjacent.
    advanced: srd35 reading (seed 001 is silent).
    """
    knockout_blow: bool = False
    """Whether the knockout blow exists.

    srd35: no such rule in seeds 000, 002, 003.
    d20modern: seed 004 "Knockout Blow".
    advanced: srd35 reading (seed 001 is silent).
    """
    helpless_aimed_shot_bonus: int = Field(default=0, ge=0)
    """Attack bonus of a full-round aimed shot at a helpless foe.

    srd35: no such rule in seeds 000, 002, 003.
    d20modern: seed 004 "Helpless Defenders": +5.
    advanced: srd35 reading (seed 001 is silent).
    """
    iteratives: Literal["every-5", "one-secondary"] = "every-5"
    """The extra attacks a high base attack bonus gives.

    srd35: SRD combat-i "Attack Bonus": -5 for every 5 points.
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Base Attack Bonus": one secondary attack at +6.
    """
    secondary_attack_penalty: int = -5
    """The penalty of a secondary (iterative) attack.

    all: SRD combat-i "Attack Bonus": -5.
    """
    two_weapon: Literal["table", "primary-secondary"] = "table"
    """How two-weapon fighting is penalised.

    srd35: seed 000 "Two-Weapon Fighting" table.
    d20modern: seed 004 "Attacking with Two Weapons" table.
    advanced: seed 001 "Two-weapon fighting": primary if light, else secondary.
    """
    unarmed_lethal: Literal["at-minus-4", "trained-only"] = "at-minus-4"
    """Who may deal lethal damage with an unarmed strike.

    srd35: SRD combat-i "Unarmed Strike Damage": anyone, at -4 on the attack roll (a
    monk or Improved Unarmed Strike at no penalty).
    d20modern: seed 004 "Unarmed Strike Damage": anyone, at -4.
    advanced: seed 001 "Dealing subdual damage": only "A monk (or any creature with the
    Unarmed Combat feat)", at no penalty; other unarmed strikes deal subdual damage only.
    """
    flurry: Literal["monk", "primary"] = "monk"
    """What a monk's flurry of blows (a full attack of unarmed strikes) adds.

    srd35: SRD character-classes-i "Flurry of Blows": one extra attack at the highest
    bonus, every attack of the flurry at -2 (-1 from monk level 5, none from 9), a
    second extra attack from level 11 (greater flurry); unarmored only.
    d20modern: srd35 reading (seed 004 has no monk).
    advanced: seed 001 "Flurry of blows": one additional primary attack, unarmed only,
    no penalty.
    """
    nonlethal: Literal["separate", "subdual", "threshold"] = "separate"
    """The nonlethal damage model.

    srd35: seed 003 "Nonlethal Damage": tracked apart.
    d20modern: seed 004 "Nonlethal Damage": against the massive damage threshold.
    advanced: seed 001 "Subdual damage": lowers hit points to no less than 0.
    """
    lethal_weapon_nonlethal: Literal["attack-penalty", "half-damage"] = "attack-penalty"
    """Nonlethal damage with a lethal weapon.

    srd35: SRD combat-ii: -4 on the attack.
    d20modern: srd35 reading.
    advanced: seed 001 "Dealing subdual damage": half damage.
    """
    massive_damage: Literal["fixed", "constitution"] = "fixed"
    """The massive damage threshold's rule.

    srd35: SRD combat-i "Massive Damage": a fixed 50.
    d20modern: seed 004 "Massive Damage": the Constitution score.
    advanced: srd35 reading (seed 001 is silent).
    """
    massive_damage_threshold: int = 50
    """The fixed massive damage threshold (0: the Constitution score).

    srd35: SRD combat-i "Massive Damage": 50.
    d20modern: seed 004 "Massive Damage": the Constitution score.
    advanced: srd35 reading.
    """
    massive_damage_dc: int = 15
    """The Fortitude DC against massive damage.

    all: SRD combat-i "Massive Damage": DC 15.
    """
    massive_damage_effect: Literal["death", "drop-to-minus-one"] = "death"
    """What a failed massive damage save does.

    srd35: SRD combat-i "Massive Damage": death.
    d20modern: seed 004 "Massive Damage": -1 hit points.
    advanced: srd35 reading.
    """
    dying_recovery: Literal["percent", "fortitude"] = "percent"
    """How the dying become stable on their own.

    srd35: SRD combat-i "Stable Characters and Recovery": 10% a round.
    d20modern: seed 004 "Recovering without Help": Fortitude DC 20.
    advanced: srd35 reading.
    """
    dying_stabilize_percent: int = 10
    """The chance a round to become stable (percent reading).

    all: SRD combat-i "Stable Characters and Recovery": 10%.
    """
    dying_stabilize_dc: int = 20
    """The Fortitude DC a round to become stable (fortitude reading).

    all: seed 004 "Recovering without Help": DC 20.
    """
    delay_into_next_round: bool = True
    """Whether a delayed action may wait into the next round (D68).

    srd35: SRD combat-ii "Delay": in the next round, before its regular turn (lost).
    d20modern: seed 004 "Delaying Limits": at most until everyone else has acted.
    advanced: srd35 reading (seed 001 is silent).
    """
    delay_ties_by_initiative: bool = False
    """Whether delayers on the same count go by initiative modifier, then Dexterity (D52),
    and of two delayers each wanting to go after the other the higher goes last.

    srd35: the SRD has no such rule.
    d20modern: seed 004 "Delaying Limits".
    advanced: srd35 reading (seed 001 is silent).
    """
    first_aid_skill: Literal["heal", "treat injury"] = "heal"
    """The skill that stabilises a dying creature.

    srd35: SRD combat-i "Stable Characters and Recovery": "a DC 15 Heal check".
    d20modern: seed 004 "Recovering with Help": "the Treat Injury skill (DC 15)".
    advanced: srd35 reading (seed 001 is silent).
    """
    first_aid_dc: int = 15
    """The DC of the check that stabilises a dying creature.

    all: SRD combat-i "Stable Characters and Recovery", seed 004 "Recovering with Help":
    DC 15.
    """
    dead_at: int = -10
    """The hit points at which a character dies.

    all: SRD combat-i "Dead": -10.
    """
    unaided_hourly_loss: bool = True
    """Whether an untended stable creature loses 1 hit point for each missed hourly roll
    to wake (D77).

    srd35: SRD combat-i "Recovering without Help": "Each time he misses his hourly roll
    to become conscious, he loses 1 hit point".
    d20modern: seed 004 "Recovering without Help": "If the save fails, the character
    remains unconscious".
    advanced: srd35 reading (seed 001 is silent).
    """
    object_half_damage_energy: tuple[str, ...] = ("acid", "fire", "electricity")
    """Energy types that deal half damage to objects.

    srd35: seed 000 "Energy Attacks": acid, fire, lightning.
    d20modern: seed 004 "Energy Attacks": electricity, fire.
    advanced: srd35 reading.
    """
    object_quarter_damage_energy: tuple[str, ...] = ("cold",)
    """Energy types that deal a quarter damage to objects.

    all: seed 000 "Energy Attacks": cold.
    """
    stability_legs: int = 3
    """Legs that give the stability bonus against a bull rush or trip.

    srd35: seed 000 "Bull Rush": more than two.
    d20modern: seed 004 "Bull Rush": more than two.
    advanced: seed 001 "Trip": four or more.
    """
    stability_bonus: int = 4
    """The stability bonus.

    all: seed 000 "Bull Rush": +4.
    """
    vulnerability_multiplier: tuple[int, int] = (3, 2)
    """The damage multiplier of a vulnerability (numerator, denominator).

    srd35: SRD special abilities "Vulnerability to Energy": +50%.
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "vulnerable": twice the usual damage.
    """
    damage_type_traits: tuple[DamageTypeTrait, ...] = ("energy-life",)
    """The seed 001 damage-type traits that apply (D76).

    srd35: SRD spells "Cure Light Wounds", "Inflict Light Wounds" (positive energy harms
    and negative energy heals the undead); the seeds name no holy, psychic or water
    damage.
    d20modern: srd35 reading (seed 004 names no energy but fire, cold, acid, electricity
    and sonic).
    advanced: seed 001 "Holy damage", "Negative energy", "Positive energy", "Psychic
    damage", "Water damage"; "Cold damage" (``cold-soaked``, A206); "Sonic damage"
    (``sonic-deafens``, A208), "Electric damage" (``electricity-conducts``, A207), "Acid
    damage" (``acid-corrodes``, A209), "Fire damage" (``fire-ignites``, A214):
    :mod:`d20combat.rules.energy`.
    """
    withdraw_speed_multiplier: int = 2
    """How far a withdraw moves, in multiples of speed.

    srd35: seed 002 "Attacks of Opportunity": normal speed.
    d20modern: seed 004 "Withdraw": twice speed.
    advanced: srd35 reading (seed 001 is silent).
    """
    run_speed_multiplier: int = 4
    """How far a run moves, in multiples of speed.

    all: SRD combat-i "Run": four times.
    """
    run_heavy_armor_multiplier: int = 3
    """How far a run moves in heavy armor.

    srd35: SRD combat-i "Run": three times.
    d20modern: seed 004 "Run": four times.
    advanced: srd35 reading.
    """
    run_rest_movement: Literal["one-move", "normal"] = "one-move"
    """How a creature moves while it rests after running to its limit (the ``run-rest``
    condition: no run either way, D85).

    srd35: SRD combat-i "Run": "During a rest period, a character can move no faster
    than a normal move action" (no second move action's movement, no charge).
    d20modern: seed 004 "Run": "During a rest period, a character can move normally,
    but can't run".
    advanced: srd35 reading (seed 001 is silent).
    """
    run_ranged_defense_bonus: int = 0
    """Defense bonus against ranged attacks while running.

    srd35: none in the SRD.
    d20modern: seed 004 "Run": +2.
    advanced: srd35 reading.
    """
    helpless_defense: Literal["dex-zero", "five-plus-size"] = "dex-zero"
    """A helpless defender's armor class.

    srd35: SRD combat-ii "Helpless Defenders": Dex 0.
    d20modern: seed 004 "Helpless Defenders": 5 + size.
    advanced: srd35 reading (seed 001 is silent).
    """
    melee_engagement: Literal["threaten", "adjacent"] = "threaten"
    """When a target counts as in melee for shooting into it (D38).

    srd35: SRD combat-i "Shooting or Throwing into a Melee": threatened.
    d20modern: seed 004: adjacent.
    advanced: srd35 reading (seed 001 is silent).
    """
    power_attack: Literal["feat", "stance"] = "feat"
    """Power attack: a feat or a stance anyone may take.

    srd35: SRD feats "Power Attack".
    d20modern: srd35 reading (seed 004 is silent).
    advanced: seed 001 "Fighting stances".
    """
    stances: tuple[str, ...] = ()
    """The other fighting stances.

    srd35: none in seeds 000, 002, 003.
    d20modern: none in seed 004.
    advanced: seed 001 "Fighting stances": reckless, defensive.
    """
    provoking_actions: tuple[str, ...] = (
        "ranged-attack",
        "unarmed-attack",
        "stand",
        "sheathe",
        "pick-up",
        "crawl",
        "open",
        "load",
        "drink",
        "retrieve",
        "difficult-step",
        "coup-de-grace",
        "stabilize",
        *PROVOKING_ACTIVITIES,
        "plant",  # setting a planted explosive's timer (A232)
    )
    """The actions that provoke attacks of opportunity.

    srd35: seed 002 action list and SRD Table: Actions in Combat (``open``: seed 002's
    "Open or close a door (AoO)", one line for both, A255).
    d20modern: seed 004: opening a door does not provoke; the knockout blow does.
    advanced: srd35 reading (seed 001 is silent).
    """
    # seed 004 "Striking the Cover Instead of a Missed Target": a miss that only the
    # cover made strikes the covering creature (A93)
    cover_struck: bool = False
    """Whether a miss that only the cover made strikes the covering creature (A93).

    srd35: the SRD has no such rule: a miss is a miss.
    d20modern: seed 004 "Striking the Cover Instead of a Missed Target".
    advanced: srd35 reading (seed 001 is silent).
    """
    helpless_flier: Literal["fall", "stall"] = "fall"
    """What becomes of a winged flier unable to hover that is helpless in the air (D78).

    srd35: SRD conditions "Paralyzed": "A winged creature flying in the air ... cannot
    flap its wings and falls" (to the ground, full falling damage: A148).
    d20modern: srd35 reading (seed 004 has no flight).
    advanced: seed 001 "Stalling": it stalls, descending 100 ft a round, a crash
    dealing at most 3d10 (a winged hoverer still plummets: "Unconscious while hovering").
    """
    flier_damage_save: bool = False
    """Whether a flier unable to hover makes a Reflex save to stay aloft when damaged
    (D79).

    srd35: no such rule in the SRD.
    d20modern: srd35 reading.
    advanced: seed 001 "Damage while flying": DC 10 or half the damage, the higher;
    failure stalls it for one round.
    """
    flight_attacks: Literal["srd", "seed001"] = "srd"
    """The fliers' attacks on the wing: the dive and the flyby (D80).

    srd35: SRD "Movement Modes (Fly)": a dive attack works like a charge (+2 attack,
    -2 AC) of at least 30 ft descending at least 10 ft, claws or talons, double
    damage; SRD monster-feats "Flyby Attack": a creature with the feat may attack
    during its move, which provokes as any move does.
    d20modern: srd35 reading.
    advanced: seed 001 "Swoop": descend at any angle at double speed, claws only,
    double damage (no charge bonus or penalty, no minimum distance); "Flyby
    attacks": any flier attacks while flying past, the target getting no attack of
    opportunity.
    """
    pass_unresisting: bool = False
    """Whether a foe that does not resist (one that surrendered: A196) may be passed as a
    friend (D93).

    srd35: SRD combat-ii "Moving Through a Square": an opponent blocks unless helpless.
    d20modern: seed 004 "Moving Through a Square": "an unfriendly character who doesn't
    resist" is passed "as if the character was friendly".
    advanced: srd35 reading (seed 001 is silent).
    """
    unaware_helpless: bool = False
    """Whether a creature unaware in the surprise round, taking no precautions, is
    caught helpless until its first regular turn (D94, A199).

    srd35: seed 003 "Unaware Combatants": unaware combatants are flat-footed only.
    d20modern: seed 004 "Helpless Defenders": an unaware target approached and
    treated as helpless.
    advanced: srd35 reading (seed 001 is silent).
    """
    cover_bonuses: dict[CoverSource, tuple[int, int]] = Field(
        default_factory=lambda: dict(SRD_COVER), min_length=len(SRD_COVER)
    )
    """The AC (Defense) and Reflex bonus of each kind of cover the grid finds (D95).

    srd35: seed 003 "Cover" (+4 AC, +2 Reflex), "Varying Degrees of Cover" (improved
    +8/+4: peeking around a corner, an arrow slit), "Soft Cover" (+4, no Reflex).
    d20modern: seed 004 "Degree of Cover", its table missing (A09): a low obstacle covers
    the bottom half, one-quarter (+2/+1); a wall or a creature one side, one-half
    (+4/+2, a creature no Reflex); peeking, three-quarters (+7/+3); an arrow slit,
    nine-tenths (+10/+4) (A200).
    advanced: srd35 reading (seed 001 "Cover": a circumstance bonus, its table missing).
    """
    cover_bonus_type: Literal["cover", "circumstance"] = "cover"
    """The type of the bonus cover gives to AC (Defense) and Reflex saves (D96).

    srd35: seed 003 "Cover" ("+4 to AC"): a cover bonus (the best one counts).
    d20modern: seed 004 "Cover Defense Bonus" ("This cover bonus overlaps (does not
    stack) with certain other bonuses"): a cover bonus.
    advanced: seed 001 "Cover" ("a circumstance bonus to AC against attacks originating
    on the other side of it"): a circumstance bonus (two from the same source do not
    stack, other circumstance bonuses do).
    """
    variants: frozenset[Variant] = frozenset()

    def with_variants(self, *variants: Variant | str) -> Ruleset:
        """This ruleset with optional rules switched on (seed 000 variants)."""
        chosen = frozenset(v if isinstance(v, Variant) else Variant.parse(v) for v in variants)
        return self.model_copy(update={"variants": self.variants | chosen})

    def has(self, variant: Variant) -> bool:
        return variant in self.variants


@cache
def ruleset(name: str = "srd35") -> Ruleset:
    """The ruleset called ``name`` (cached).

    Raises:
        ContentError: for an unknown ruleset, listing the known ones.
    """
    key = name.strip().lower()
    if key not in RULESET_NAMES:
        close = difflib.get_close_matches(key, RULESET_NAMES, n=2, cutoff=0.4)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise ContentError(
            f"unknown ruleset {name!r}{hint}",
            field="ruleset",
            expected="one of " + ", ".join(RULESET_NAMES),
        )
    return validate(Ruleset, read_yaml(data_dir() / "rulesets" / f"{key}.yaml"), error=ContentError)


META_FIELDS = frozenset({"name", "title", "sources", "variants"})
"""Fields that describe a ruleset rather than take a reading."""


@dataclass(frozen=True)
class Point:
    """One point of the rules and each ruleset's reading of it, with its source."""

    field: str
    summary: str
    values: dict[str, object]
    sources: dict[str, str]

    @property
    def differs(self) -> bool:
        return len({repr(v) for v in self.values.values()}) > 1


def _sources(doc: str) -> tuple[str, dict[str, str]]:
    """A reading field's docstring: its summary line and the source of each ruleset."""
    paras = doc.split("\n\n", 1)
    summary = " ".join(paras[0].split())
    found: dict[str, str] = {}
    current = ""
    for line in (paras[1] if len(paras) > 1 else "").splitlines():
        head, sep, rest = line.strip().partition(": ")
        if sep and head in (*RULESET_NAMES, "all"):
            current = head
            found[current] = rest
        elif current:
            found[current] += " " + line.strip()
    common = found.pop("all", "")
    return summary, {n: found.get(n, common) for n in RULESET_NAMES}


def points(*, differing: bool = True) -> tuple[Point, ...]:
    """Every reading field of :class:`Ruleset` with each ruleset's value and source,
    in the order the model declares them; only those where the rulesets differ unless
    ``differing`` is false."""
    rulesets = [ruleset(n) for n in RULESET_NAMES]
    out = []
    for name, info in Ruleset.model_fields.items():
        if name in META_FIELDS:
            continue
        summary, sources = _sources(info.description or "")
        values = {r.name: getattr(r, name) for r in rulesets}
        point = Point(name, summary, values, sources)
        if point.differs or not differing:
            out.append(point)
    return tuple(out)
