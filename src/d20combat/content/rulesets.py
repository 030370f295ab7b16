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

from enum import StrEnum
from functools import cache
from typing import Literal

from pydantic import Field

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
)

RULESET_NAMES = ("srd35", "d20modern", "advanced")


class Variant(StrEnum):
    """Optional rules of seed 000 "Combat Variant Options"."""

    INSTANT_KILL = "instant-kill"
    SOFTER_CRITICALS = "softer-criticals"
    FUMBLES = "fumbles"

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


class Ruleset(Frozen):
    """The readings one ruleset takes. Each field's YAML entry cites its source."""

    name: str
    title: str
    sources: tuple[str, ...]
    defense_term: str = "AC"
    concealment_die: Literal[100, 10] = 100
    averted_gaze_miss_chance: int = 20
    dr_bypass_per_enhancement: int = Field(default=0, ge=0)
    grapple_size: Literal["special", "reversed-attack"] = "special"
    grapple_base: Literal["bab-str", "melee-attack"] = "bab-str"
    grapple_ties: Literal["higher-modifier", "initiator"] = "higher-modifier"
    grapple_provokes: Literal["target", "unarmed-attack"] = "target"
    grapple_hold_too_large: int = Field(default=2, ge=1)
    grapple_attack_penalty: int = -4
    grapple_draw_check: bool = True
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
    grapple_escape: Literal["all", "one"] = "all"
    grapple_limit: int = Field(default=4, ge=1)
    grapple_casting: Literal["concentration", "spellcraft", "none"] = "concentration"
    grapple_casting_dc: int = 20
    grapple_casting_per_level: int = 1
    grapple_mutual_release: bool = False
    climb_larger: bool = False
    mount_control_skill: Literal["ride", "handle animal"] = "ride"
    mount_control_dc: int = 20
    mount_control_per_hd: int = Field(default=0, ge=0)
    military_saddle_percent: int = Field(default=75, ge=0, le=100)
    mount_fall_per_size: int = Field(default=0, ge=0)
    mounted_ranged: Literal["penalty", "disadvantage"] = "penalty"
    improved_maneuver_bonus: int = 4
    trip_touch_attack: bool = True
    trip_counter: bool = True
    splash_scatter_turn: Literal["clockwise", "counterclockwise"] = "clockwise"
    splash_scatter_distance: Literal["increments", "increment-feet"] = "increments"
    underwater_melee: Literal["penalty", "disadvantage"] = "penalty"
    underwater_ranged: Literal["per-5ft", "half-range"] = "per-5ft"
    underwater_unusable: tuple[Literal["thrown", "sling"], ...] = ("thrown",)
    monster_trip_check: Literal["stated", "computed"] = "stated"
    bull_rush_astray_percent: int = Field(default=25, ge=0, le=100)
    bull_rush_no_step: bool = False
    overrun_check: Literal["opposed", "trip"] = "opposed"
    overrun_straight_ft: int = Field(default=0, ge=0)
    overrun_once_per_round: bool = True
    disarm_grip: Literal["weapon-effort", "two-hands"] = "weapon-effort"
    disarm_size: Literal["combatant", "weapon", "both"] = "combatant"
    disarm_weapons: Literal["any", "disarm-weapons"] = "any"
    disarm_ranged: Literal["opposed", "attack-object"] = "opposed"
    disarm_non_weapon_penalty: int = -4
    grab_well_secured: Literal["pinned", "bonus"] = "pinned"
    held_object_ac: Literal["object", "touch-plus-4"] = "object"
    unattended_object_melee: Literal["attack-roll", "automatic"] = "attack-roll"
    fragile_objects_break: bool = False
    aid_another_until: Literal["aider-next-turn", "friend-next-turn"] = "aider-next-turn"
    aid_another_bonus: Literal["untyped", "circumstance"] = "untyped"
    coup_de_grace_ranged: Literal["bow-crossbow", "any"] = "bow-crossbow"
    knockout_blow: bool = False
    helpless_aimed_shot_bonus: int = Field(default=0, ge=0)
    iteratives: Literal["every-5", "one-secondary"] = "every-5"
    secondary_attack_penalty: int = -5
    two_weapon: Literal["table", "primary-secondary"] = "table"
    nonlethal: Literal["separate", "subdual", "threshold"] = "separate"
    lethal_weapon_nonlethal: Literal["attack-penalty", "half-damage"] = "attack-penalty"
    massive_damage: Literal["fixed", "constitution"] = "fixed"
    massive_damage_threshold: int = 50
    massive_damage_dc: int = 15
    massive_damage_effect: Literal["death", "drop-to-minus-one"] = "death"
    dying_recovery: Literal["percent", "fortitude"] = "percent"
    dying_stabilize_percent: int = 10
    dying_stabilize_dc: int = 20
    # SRD combat-i "Stable Characters and Recovery": "a DC 15 Heal check"; seed 004
    # "Recovering with Help": "the Treat Injury skill (DC 15)"
    # SRD combat-ii "Delay": a delayed action may be taken in the next round, before the
    # creature's regular turn (which it then loses); seed 004 "Delaying Limits": at most
    # until everyone else has acted this round (D68)
    delay_into_next_round: bool = True
    # seed 004 "Delaying Limits": delayers acting on the same count go in order of
    # initiative modifier, then Dexterity (D52); the SRD has no such rule
    delay_ties_by_initiative: bool = False
    first_aid_skill: Literal["heal", "treat injury"] = "heal"
    first_aid_dc: int = 15
    dead_at: int = -10
    object_half_damage_energy: tuple[str, ...] = ("acid", "fire", "electricity")
    object_quarter_damage_energy: tuple[str, ...] = ("cold",)
    stability_legs: int = 3
    stability_bonus: int = 4
    vulnerability_multiplier: tuple[int, int] = (3, 2)
    withdraw_speed_multiplier: int = 2
    run_speed_multiplier: int = 4
    run_heavy_armor_multiplier: int = 3
    run_ranged_defense_bonus: int = 0
    helpless_defense: Literal["dex-zero", "five-plus-size"] = "dex-zero"
    melee_engagement: Literal["threaten", "adjacent"] = "threaten"
    power_attack: Literal["feat", "stance"] = "feat"
    stances: tuple[str, ...] = ()
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
    )
    # seed 004 "Striking the Cover Instead of a Missed Target": a miss that only the
    # cover made strikes the covering creature (A93)
    cover_struck: bool = False
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
        raise ContentError(
            f"unknown ruleset {name!r}",
            field="ruleset",
            expected="one of " + ", ".join(RULESET_NAMES),
        )
    return validate(Ruleset, read_yaml(data_dir() / "rulesets" / f"{key}.yaml"), error=ContentError)
