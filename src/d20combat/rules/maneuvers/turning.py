"""Turning and rebuking undead (seed 000 "Turn Or Rebuke Undead"; SRD combat-ii "Turn or
Rebuke Undead"), the same in every ruleset: seeds 001, 002, 003 and 004 say nothing of
it, so ``d20modern`` and ``advanced`` take srd35's reading (the fallback of
``content/rulesets.py``).

The procedure of one attempt:

1. The turning check, a Charisma check: 1d20 + Cha modifier (+2 against undead with 5
   ranks of Knowledge (religion): SRD character-classes-i). :data:`TABLE` (seed 000
   "Table: Turning Undead") turns it into the most powerful creature affected: the
   turner's level -4 (check 0 or lower) to +4 (22 or higher), in Hit Dice.
2. A creature's Hit Dice for that comparison are its effective Hit Dice: its own, or
   what a bolstering made them if higher (seed 000 "Bolstering Undead"), plus its turn
   resistance (SRD special abilities "Turn Resistance"). The turning damage and the
   destruction use its actual Hit Dice (a reading: A41).
3. If some creature within range can be affected, the turning damage: 2d6 + turning
   level + Cha modifier, the total Hit Dice affected (seed 000 "Turning Damage").
4. The creatures are taken closest first (the caller orders them: within 60 ft, line of
   effect); one already turned (or rebuked) is skipped (seed 000: "You may skip over
   already turned undead"); one whose effective HD exceed the check's maximum, or whose
   HD exceed what is left of the damage, is passed over (no partial turning), and the
   next one tried (a reading: A42).
5. Positive energy turns each one affected, or destroys it if the turner's level is at
   least twice its Hit Dice (seed 000 "Destroying Undead"); negative energy rebukes it,
   or commands it where a good cleric would destroy it, as long as the commanded Hit
   Dice stay within the turner's level, else rebukes it (seed 000 "Evil Clerics and
   Undead"; a reading: A43). A greater turning (the Sun domain) destroys what it would
   turn.
6. A creature turned (rebuked) by the opposite energy is instead freed from it if the
   check equals or beats the check that turned (rebuked) it: seed 000 "Dispelling
   Turning", and the same for a turning undoing a rebuke (a reading: A44). Its Hit Dice
   count against the damage as if it were rebuked.
7. A bolster (negative energy, seed 000 "Bolstering Undead"): the check's maximum Hit
   Dice become the effective Hit Dice against turning of the allies affected (if
   higher), for 10 rounds, the damage limiting them as for a rebuke (a reading: A43).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from d20combat.content.creatures import StatBlock, TurningPower
from d20combat.rules.dice import D20, Dice, DiceSource
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack

RULE = "seed 000 Turn Or Rebuke Undead"
TABLE_RULE = "seed 000 Table: Turning Undead"
RANGE_FT = 60  # seed 000 "Range"
ROUNDS = 10  # turned, rebuked and bolstered: 10 rounds (1 minute)
APPROACH_FT = 10  # seed 000 "Effect and Duration of Turning"
TURNING_DICE = Dice.of(2, 6)

Mode = Literal["turn", "rebuke", "bolster", "greater"]
Result = Literal["turned", "destroyed", "rebuked", "commanded", "dispelled", "bolstered"]

#: Table: Turning Undead: (the lowest check of the row, the level's offset), best first.
TABLE: tuple[tuple[int, int], ...] = (
    (22, 4),
    (19, 3),
    (16, 2),
    (13, 1),
    (10, 0),
    (7, -1),
    (4, -2),
    (1, -3),
)
LOWEST = -4  # check 0 or lower


def table_offset(check: int) -> int:
    """The row of Table: Turning Undead for a turning check: the most powerful creature
    affected is the turner's level plus this.

    >>> [table_offset(r) for r in (-3, 0, 1, 3, 4, 9, 10, 12, 13, 21, 22, 40)]
    [-4, -4, -3, -3, -2, -1, 0, 0, 1, 3, 4, 4]
    """
    for low, offset in TABLE:
        if check >= low:
            return offset
    return LOWEST


def table_row(check: int) -> str:
    """The row's words, as the table prints them (for the log)."""
    for i, (low, offset) in enumerate(TABLE):
        if check >= low:
            high = TABLE[i - 1][0] - 1 if i else None
            rng = f"{low} or higher" if high is None else f"{low}-{high}"
            return f"{rng}: level {offset:+d}" if offset else f"{rng}: level"
    return "0 or lower: level -4"


def max_hit_dice(level: int, check: int) -> int:
    """The Hit Dice of the most powerful creature a turning check affects."""
    return level + table_offset(check)


def destroys(level: int, hd: int) -> bool:
    """seed 000 "Destroying Undead": twice as many levels (or more) as its Hit Dice."""
    return level >= 2 * hd


class Turner(NamedTuple):
    """The numbers of whoever channels: its turning level, its check's modifier (Cha,
    +2 against undead with the Knowledge (religion) ranks, conditions) and its
    damage's (level + Cha modifier), the energy (``positive``: turns and destroys), and
    the Hit Dice it may still command (its level less those it commands)."""

    level: int
    check: Total
    damage_bonus: int
    positive: bool
    command_room: int = 0


class Target(NamedTuple):
    """A creature within reach of the attempt, in the order it is taken (closest first):
    its actual Hit Dice, its effective Hit Dice for the check (bolstering and turn
    resistance), whether it is already turned or rebuked by this energy (skipped), and
    the check result of a turning by the other energy on it (a dispel needs as much),
    or None."""

    key: str
    hd: int
    effective: int
    skip: bool = False
    opposed: int | None = None


class Affected(NamedTuple):
    key: str
    hd: int
    result: Result


class Attempt(NamedTuple):
    """One attempt's outcome: the check, its table row's maximum Hit Dice, the damage
    (None: nothing in range could be affected, so none was rolled), and each creature
    affected, in order."""

    check: int
    max_hd: int
    damage: int | None
    affected: tuple[Affected, ...]


def can_affect(mode: Mode, t: Target, max_hd: int) -> bool:
    """Whether a check with this maximum reaches ``t`` (before the damage)."""
    if mode == "bolster":
        return max_hd > t.hd  # its effective Hit Dice only if higher than its own
    if t.opposed is not None:
        return True  # a dispel compares the checks instead (see :func:`turn`)
    return not t.skip and t.effective <= max_hd


def reached_by(mode: Mode, targets: Sequence[Target], check: int, top: int) -> list[Target]:
    """The targets a check reaches: those its maximum Hit Dice cover (a bolster: those
    it would raise), and those under the other energy's turning that it equals or beats."""
    return [
        t
        for t in targets
        if (t.opposed is not None and check >= t.opposed)
        or (t.opposed is None and can_affect(mode, t, top))
    ]


def spend(
    turner: Turner, reached: Sequence[Target], mode: Mode, damage: int
) -> tuple[Affected, ...]:
    """The turning damage spent on the creatures reached, closest first (steps 4-7 of
    the module docstring)."""
    left, room = damage, turner.command_room
    out: list[Affected] = []
    for t in reached:
        if t.hd > left:
            continue
        left -= t.hd
        if t.opposed is not None:
            out.append(Affected(t.key, t.hd, "dispelled"))
        elif mode == "bolster":
            out.append(Affected(t.key, t.hd, "bolstered"))
        elif mode == "greater" or (turner.positive and destroys(turner.level, t.hd)):
            out.append(Affected(t.key, t.hd, "destroyed"))
        elif turner.positive:
            out.append(Affected(t.key, t.hd, "turned"))
        elif destroys(turner.level, t.hd) and t.hd <= room:
            room -= t.hd
            out.append(Affected(t.key, t.hd, "commanded"))
        else:
            out.append(Affected(t.key, t.hd, "rebuked"))
    return tuple(out)


def turn(dice: DiceSource, turner: Turner, targets: Sequence[Target], mode: Mode) -> Attempt:
    """Roll one turning attempt (``turn``, ``rebuke``, ``bolster`` or a ``greater``
    turning) on ``targets``, closest first (the caller keeps only those within 60 ft
    with line of effect, of the kinds the ability affects: foes, or allies for a
    bolster). Does not check who may channel, nor uses a day."""
    check = dice.roll(D20.plus(turner.check.value), "turning check")
    top = max_hit_dice(turner.level, check)
    reached = reached_by(mode, targets, check, top)
    if not reached:
        return Attempt(check, top, None, ())
    damage = dice.roll(TURNING_DICE.plus(turner.damage_bonus), "turning damage")
    return Attempt(check, top, damage, spend(turner, reached, mode, damage))


def outcome_of(a: Attempt, key: str) -> str:
    """What the attempt did to the creature ``key``: its result, or ``unaffected``."""
    for x in a.affected:
        if x.key == key:
            return x.result
    return "unaffected"


def turn_resistance(qualities: Sequence[str]) -> int:
    """A stat block's turn resistance, from a quality ``+2 turn resistance`` (the SRD's
    wording) or ``turn resistance +2``; 0 if none."""
    for q in qualities:
        words = q.strip().lower().split()
        if "turn" not in words or "resistance" not in words:
            continue
        for w in words:
            if w.lstrip("+").isdigit() and len(w) <= 4:
                return int(w.lstrip("+"))
    return 0


def kinds(stat: StatBlock) -> tuple[str, ...]:
    """What a creature is, for turning: its type and its subtypes."""
    return (stat.type.value, *stat.subtypes)


def hit_dice(stat: StatBlock) -> int:
    """Its Hit Dice for turning (at least 1)."""
    return max(1, int(stat.hd_total))


def power_against(stat: StatBlock, kind: str, *, positive: bool) -> TurningPower | None:
    """The ability of ``stat`` that turns (``positive``) or rebukes creatures of
    ``kind``, or None."""
    t = stat.turning
    if t is None:
        return None
    for p in t.powers:
        if kind in (p.turns if positive else p.rebukes):
            return p
    return None


def check_modifier(cha: int, power: TurningPower) -> Total:
    """The turning check's modifier out of any situation: Charisma, and the ability's
    bonus (Knowledge (religion) 5 ranks: +2 against undead)."""
    mods = [Modifier(cha, BonusType.ABILITY, "Charisma")]
    if power.check_bonus:
        mods.append(Modifier(power.check_bonus, BonusType.UNTYPED, "Knowledge (religion) 5 ranks"))
    return stack(mods)


def turner_of(stat: StatBlock, cha: int, power: TurningPower, *, positive: bool) -> Turner:
    """The numbers of ``stat`` channelling with ``power`` (conditions not counted)."""
    t = stat.turning
    assert t is not None
    return Turner(t.level, check_modifier(cha, power), t.level + cha, positive)


def target_of(stat: StatBlock, key: str, *, bolstered: int = 0) -> Target:
    """A creature as a target, with its turn resistance and a bolstering's Hit Dice."""
    hd = hit_dice(stat)
    return Target(key, hd, max(hd, bolstered) + turn_resistance(stat.qualities))
