"""Grapple (seed 000 "Grapple"; seed 002 "Grapple"; seed 004 "Grapple"; seed 001
"Grappling" and "Climbing onto larger creatures"), the pure procedures.

* Grapple checks (seed 000 "Grapple Checks"): d20 + the grapple bonus
  (:attr:`~d20combat.rules.statistics.Statistics.grapple`: BAB + Str + special size
  modifier, or seed 001's melee attack bonus with its own size modifier; Improved
  Grapple +4), opposed. Ties (:func:`ties`): the higher modifier, then a reroll (seeds
  000, 002, 004: ``higher-modifier``), or the one making the check (seed 001: ">=",
  ``initiator``).
* Starting a grapple (:func:`start`): the attack of opportunity comes first, in the
  encounter; then a melee touch attack (the grab), then the opposed check (the hold),
  lost at once against a target two or more sizes larger (:func:`hold_fails`).
  Joining a grapple (or Improved Grab) skips the touch attack: ``touch_bonus`` None.
* Every later option is one opposed check (:func:`contest`), against one opponent or,
  to escape or move the grapple, against each of them.
* Several grapplers on one creature (:func:`room_for`): at most the ruleset's limit
  (four), a grappler one or more sizes smaller counting half, one size larger double,
  two or more larger four times.
* Casting while grappling (:func:`casting_check`): the check and DC of the ruleset.
* Seed 001's climbing onto a larger creature (:func:`climb`, :func:`shake`,
  :func:`fall_damage`): a touch attack, then Strength against Strength.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from d20combat.content.creatures import Ability
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.checks import Opposed, Ties, opposed, opposed_all
from d20combat.rules.dice import Dice, DiceSource
from d20combat.rules.maneuvers import Touch, ability_check, touch_attack
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import Statistics

RULE = "seed 000 Grapple; seed 002 Grapple; seed 004 Grapple"
ADVANCED_RULE = "seed 001 Grappling"
CLIMB_RULE = "seed 001 Climbing onto larger creatures"
_HALF = Fraction(1, 2)


def ties(rules: Ruleset) -> Ties:
    """Who wins a tied grapple check: the higher modifier (seed 000 "Grapple Checks":
    "the combatant with the higher grapple check modifier wins. If this is a tie, roll
    again") or the one making it (seed 001: "greater than or equal to")."""
    return Ties.ACTOR if rules.grapple_ties == "initiator" else Ties.HIGHER_MODIFIER


def hold_fails(attacker: Size, defender: Size, rules: Ruleset) -> bool:
    """The hold is lost without a roll: the target is at least ``grapple_hold_too_large``
    (two) sizes larger (seed 000 "Step 3: Hold"; seed 004 step 3; D05)."""
    return defender - attacker >= rules.grapple_hold_too_large


class GrappleSides(NamedTuple):
    """The numbers of one attempt to start a grapple, totalled with their breakdowns:
    the grab's touch attack (``touch_bonus`` None: no touch attack, as when joining a
    grapple or with Improved Grab), the two grapple checks of the hold, and whether the
    hold is lost outright (:func:`hold_fails`)."""

    touch_bonus: Total | None
    touch_ac: Total | None
    check: Total
    resist: Total
    too_large: bool = False
    concealment: int = 0


class GrappleResult(NamedTuple):
    """The grab and the hold."""

    touch: Touch | None
    check: Opposed | None
    too_large: bool = False

    @property
    def held(self) -> bool:
        """The hold is won: the two are grappling."""
        return self.check is not None and self.check.won


def start(dice: DiceSource, sides: GrappleSides, rules: Ruleset) -> GrappleResult:
    """Roll the grab and the hold of one attempt to start (or join) a grapple (the
    attack of opportunity comes first, in the encounter; moving in comes after)."""
    touch = None
    if sides.touch_bonus is not None and sides.touch_ac is not None:
        touch = touch_attack(
            dice,
            sides.touch_bonus,
            sides.touch_ac,
            "grapple: melee touch attack (grab)",
            rules,
            concealment=sides.concealment,
        )
        if not touch.hit:
            return GrappleResult(touch, None)
    if sides.too_large:
        return GrappleResult(touch, None, too_large=True)
    check = opposed(
        dice,
        sides.check,
        sides.resist,
        ("grapple check (hold)", "grapple check (resist)"),
        ties(rules),
    )
    return GrappleResult(touch, check)


def outcome(r: GrappleResult) -> str:
    """The result's name: held, failed, too large (the hold lost outright) or missed."""
    if r.touch is not None and not r.touch.hit:
        return "missed"
    if r.too_large:
        return "too large"
    return "held" if r.held else "failed"


def contest(
    dice: DiceSource,
    mine: Total,
    theirs: list[Total],
    purpose: str,
    rules: Ruleset,
) -> tuple[bool, int, list[int]]:
    """One opposed grapple check against each of ``theirs`` (one for most options;
    every opponent to escape or move the grapple: seed 000 "Multiple Grapples"): whether
    it won against all, its total and theirs."""
    if len(theirs) == 1:
        r = opposed(dice, mine, theirs[0], (purpose, f"{purpose}: resisting"), ties(rules))
        return r.won, r.actor, [r.opponent]
    return opposed_all(dice, mine, theirs, (purpose, f"{purpose}: resisting"), ties(rules))


def dex_skill(stats: Statistics, skill: str) -> Total:
    """A Dexterity-based skill's modifier (Escape Artist, Balance): the stat block's
    total, or untrained (SRD skills: both may be used untrained) Dexterity and the armor
    check penalty."""
    listed = stats.stat.skills.get(skill)
    if listed is not None:
        return stack([Modifier(listed, BonusType.BASE, skill.title())])
    mods = [ability_check(stats, Ability.DEX)]
    if stats.armor_check_penalty:
        mods.append(Modifier(stats.armor_check_penalty, BonusType.UNTYPED, "armor check penalty"))
    return stack(mods)


def escape_artist(stats: Statistics) -> Total:
    """The Escape Artist modifier (:func:`dex_skill`)."""
    return dex_skill(stats, "escape artist")


def weight(grappler: Size, held: Size) -> Fraction:
    """How many creatures a grappler counts as against the limit on those grappling
    ``held`` (seed 000 "Multiple Grapples"): one or more sizes smaller, half; the same
    size, one; one larger, two; two or more larger, four (seed 004 gives only "one size
    smaller": A17, read the same)."""
    gap = grappler - held
    if gap < 0:
        return _HALF
    return Fraction((1, 2, 4)[min(gap, 2)])


def room_for(held: Size, grapplers: list[Size], joiner: Size, rules: Ruleset) -> bool:
    """Whether one more grappler of size ``joiner`` fits on a creature of size ``held``
    already grappled by creatures of sizes ``grapplers`` (at most ``grapple_limit``,
    four, by :func:`weight`)."""
    load = sum((weight(s, held) for s in (*grapplers, joiner)), Fraction(0))
    return load <= rules.grapple_limit


def casting_check(rules: Ruleset, spell_level: int) -> tuple[str, int] | None:
    """The check a spell cast while grappling (or pinned) needs, as (skill, DC), or
    None where no spell can be cast: seed 000 "Cast a Spell" (Concentration DC 20 +
    spell level), seed 001 (Spellcraft DC 20 + twice the spell level), seed 004 (no
    spells: only the listed options). Spells themselves come with issue 10.

    >>> from d20combat.content.rulesets import ruleset
    >>> casting_check(ruleset("srd35"), 3), casting_check(ruleset("advanced"), 3)
    (('concentration', 23), ('spellcraft', 26))
    """
    if rules.grapple_casting == "none":
        return None
    return (
        rules.grapple_casting,
        rules.grapple_casting_dc + rules.grapple_casting_per_level * spell_level,
    )


def grapple_sides(
    attacker: Statistics,
    defender: Statistics,
    rules: Ruleset,
    *,
    flat_footed: bool = False,
) -> GrappleSides:
    """The numbers of ``attacker`` starting a grapple with ``defender`` out of any
    situation (for ``d20combat odds grapple``): the grab with the unarmed strike
    against touch AC (flat-footed: without Dex), the two grapple checks.

    Raises:
        ValueError: if the attacker has no unarmed strike.
    """
    option = attacker.unarmed
    if option is None:
        raise ValueError(f"{attacker.stat.name} has no unarmed strike")
    return GrappleSides(
        option.bonus,
        defender.armor_class(touch=True, flat_footed=flat_footed),
        attacker.grapple,
        defender.grapple,
        hold_fails(attacker.stat.size, defender.stat.size, rules),
    )


# ------------------------------------------------------------ climbing (seed 001)
class ClimbResult(NamedTuple):
    """The grab and the Strength contest of climbing onto a larger creature."""

    touch: Touch
    check: Opposed | None

    @property
    def up(self) -> bool:
        return self.check is not None and self.check.won


def strength(stats: Statistics) -> Total:
    """A Strength check's modifier."""
    return stack([ability_check(stats, Ability.STR)])


def climb(
    dice: DiceSource,
    touch_bonus: Total,
    touch_ac: Total,
    mine: Total,
    theirs: Total,
    rules: Ruleset,
    *,
    concealment: int = 0,
) -> ClimbResult:
    """seed 001 "Getting up": an unarmed attack against touch AC, then a Strength check
    opposed by the target's; success pulls the climber up, failure shakes it off with
    no damage (ties by the general rule: the higher modifier)."""
    touch = touch_attack(
        dice, touch_bonus, touch_ac, "climb: unarmed touch attack", rules, concealment=concealment
    )
    if not touch.hit:
        return ClimbResult(touch, None)
    check = opposed(dice, mine, theirs, ("climb: Strength check", "climb: resisting (Str)"))
    return ClimbResult(touch, check)


def shake(dice: DiceSource, carrier: Total, clinger: Total) -> Opposed:
    """seed 001 "Shaking the smaller creature off": the carrier's Strength check against
    one clinging creature's; the clinger falls if the carrier wins."""
    return opposed(dice, carrier, clinger, ("shake off: Strength check", "shake off: holding on"))


def fall_damage(carrier: Size) -> Dice:
    """seed 001 "Falling down": 1d6 bludgeoning, +5 for each size category above Large
    if the creature is Huge or larger.

    >>> str(fall_damage(Size.LARGE)), str(fall_damage(Size.GARGANTUAN))
    ('1d6', '1d6+10')
    """
    return Dice.of(1, 6).plus(5 * max(0, carrier - Size.LARGE))
