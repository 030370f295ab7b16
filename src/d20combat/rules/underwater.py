"""Underwater combat: seed 000 "Underwater Combat" (the adjustments table, ranged
attacks, attacks from land, fire) and seed 001 "Underwater" (``advanced``).

Pure rules: who is in the water and how deep is the encounter's business
(:mod:`d20combat.encounter.water`); this module holds the table and the modifiers.

Seed 000 "Combat Adjustments Underwater", one row per condition, the first that
applies (a creature with a swim speed standing in chest-deep water takes the swim
speed's row, A111):

=====================  =======================  ============  =================  ========
condition              slashing or bludgeoning  tail          movement           off balance
=====================  =======================  ============  =================  ========
freedom of movement    normal                   normal        normal             no
has a swim speed       -2 / half                normal        normal             no
successful Swim check  -2 / half                -2 / half     quarter or half    no
firm footing           -2 / half                -2 / half     half               no
none of the above      -2 / half                -2 / half     normal             yes
=====================  =======================  ============  =================  ========

Note 1: a creature without freedom of movement or a swim speed takes -2 on grapple
checks underwater (damage normal). "Ranged Attacks Underwater": thrown weapons are
ineffective, other ranged weapons take -2 per 5 ft of water passed through. "Attacks
from Land": improved cover (+8) for a creature in the water, total cover for one
completely submerged. "Fire": nonmagical fire (alchemist's fire) does not burn.
Seed 001: slashing and bludgeoning attacks at disadvantage (aquatic creatures' natural
attacks exempt), bows and crossbows at half range, slings and thrown weapons unusable.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from d20combat.content.damage import DamageType
from d20combat.content.rulesets import Ruleset
from d20combat.rules.modifiers import BonusType, Modifier
from d20combat.rules.statistics import AttackOption

SOURCE = "seed 000 'Underwater Combat'"


class Footing(IntEnum):
    """A row of seed 000's table: how a creature in the water holds itself."""

    FREEDOM = 0
    SWIM_SPEED = 1
    SWIM_CHECK = 2
    FIRM_FOOTING = 3
    NONE = 4


class Row(NamedTuple):
    """One row of the table: whether slashing/bludgeoning and tail attacks take -2 and
    half damage, the movement (a fraction of speed, ``None``: the Swim check's quarter
    as a move action or half as a full-round action), and whether it is off balance."""

    label: str
    slash_bludgeon: bool
    tail: bool
    movement: tuple[int, int] | None
    off_balance: bool


TABLE: dict[Footing, Row] = {
    Footing.FREEDOM: Row("freedom of movement", False, False, (1, 1), False),
    Footing.SWIM_SPEED: Row("swim speed", True, False, (1, 1), False),
    Footing.SWIM_CHECK: Row("successful Swim check", True, True, None, False),
    Footing.FIRM_FOOTING: Row("firm footing", True, True, (1, 2), False),
    Footing.NONE: Row("none (off balance)", True, True, (1, 1), True),
}
"""Seed 000 "Combat Adjustments Underwater", row by row."""

UNDERWATER_PENALTY = -2
"""The table's -2 on attack rolls (and note 1's -2 on grapple checks)."""
WATER_RANGE_PENALTY = -2
"""Seed 000 "Ranged Attacks Underwater": -2 per 5 ft of water passed through."""
LAND_COVER = 8
"""Seed 000 "Attacks from Land": improved cover, +8 AC (+4 Reflex)."""
LAND_REFLEX = 4
"""Seed 000 "Attacks from Land": improved cover's "+4 bonus on Reflex saves"."""
_BLUNT_OR_EDGED = frozenset({DamageType.SLASHING, DamageType.BLUDGEONING})


def is_tail(option: AttackOption) -> bool:
    """A tail attack (the table's "Tail" column): a natural attack named for a tail
    (``tail``, ``tail slap``, ``tail sweep``)."""
    return option.natural and "tail" in option.name.lower()


def slashing_or_bludgeoning(option: AttackOption) -> bool:
    """Whether the table's "Slashing or Bludgeoning" column takes the attack: every one
    of its damage types is slashing or bludgeoning (a weapon that can pierce, a
    morningstar's "bludgeoning and piercing" or a bite's "B, P and S", is thrust:
    normal, A112)."""
    types = option.damage_types
    return bool(types) and all(t in _BLUNT_OR_EDGED for t in types)


def hampered(option: AttackOption, footing: Footing) -> bool:
    """Whether a melee attack made in the water takes the table's -2 and half damage."""
    row = TABLE[footing]
    if is_tail(option):
        return row.tail
    return row.slash_bludgeon and slashing_or_bludgeoning(option)


def melee_penalty(option: AttackOption, footing: Footing) -> Modifier | None:
    """The -2 on the attack roll of a hampered attack (its damage is halved), or None."""
    if not hampered(option, footing):
        return None
    label = TABLE[footing].label
    return Modifier(UNDERWATER_PENALTY, BonusType.UNTYPED, f"underwater ({label})")


def disadvantaged(option: AttackOption, aquatic: bool) -> bool:
    """Seed 001 "Underwater": slashing and bludgeoning attacks have disadvantage, "this
    does not include natural attacks by aquatic creatures" (a creature with a swim
    speed, A116); a weapon that can pierce is thrust, as in seed 000's table (A112)."""
    if option.natural and aquatic:
        return False
    return slashing_or_bludgeoning(option)


def grapple_penalty(footing: Footing) -> Modifier | None:
    """Note 1: -2 on grapple checks without freedom of movement or a swim speed."""
    if footing in (Footing.FREEDOM, Footing.SWIM_SPEED):
        return None
    return Modifier(UNDERWATER_PENALTY, BonusType.UNTYPED, "grappling underwater")


def water_range_penalty(water_ft: int) -> Modifier | None:
    """Seed 000 "Ranged Attacks Underwater": -2 per 5 ft of water the attack passes
    through, on top of the range penalty."""
    if water_ft <= 0:
        return None
    return Modifier(
        WATER_RANGE_PENALTY * (water_ft // 5), BonusType.UNTYPED, f"through {water_ft} ft of water"
    )


def unusable(option: AttackOption, rules: Ruleset) -> str | None:
    """Why a ranged ``option`` can't be used underwater (None: it can): seed 000 thrown
    weapons ("ineffective underwater, even when launched from land"); seed 001 slings
    and thrown weapons ("impossible to use underwater")."""
    if not option.ranged:
        return None
    if option.thrown and "thrown" in rules.underwater_unusable:
        return "thrown weapons are ineffective underwater"
    if "sling" in rules.underwater_unusable and "sling" in option.name.lower():
        return "slings can't be used underwater (seed 001 'Underwater')"
    return None


def range_divisor(option: AttackOption, rules: Ruleset) -> int:
    """Seed 001 "Underwater" (``underwater_ranged: half-range``): "Bows and crossbows
    have only half their usual range underwater" (range increment and maximum range
    halved, A117); 1 for anything else."""
    if rules.underwater_ranged == "half-range" and option.ranged and "bow" in option.name.lower():
        return 2
    return 1
