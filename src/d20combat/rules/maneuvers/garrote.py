"""The garrote (seed 000 "Garrote Attacks"), the pure procedures. "A garrote attack
uses the grappling rules, with a few additions" (:mod:`.grapple`):

* reaching the head (:func:`reach_problem`): not a target two or more sizes larger
  unless it is sitting or lying down (prone) or the garroter attacks from overhead
  (not modelled: no elevation);
* placing it (:func:`place`): a melee touch attack against the garrote AC
  (:func:`garrote_ac`: reading A19, the touch AC plus the neck protections' modifiers:
  natural armor its bonus, full plate +4, a leather collar +4, a gorget +10);
* strangling: the grapple check, opposed, with the grapple's tie rule; never lost
  outright against a larger target (unlike a hold); won, the garrote's damage
  (the weapon's, two-handed: 1.5 times a Strength bonus);
* cutting it from one's own throat: Attack an Object against AC 21 (:data:`CUT_AC`)
  at -4 (:func:`cut_bonus`).
"""

from __future__ import annotations

from typing import NamedTuple

from d20combat.content.equipment import WeaponFlag
from d20combat.content.rulesets import Ruleset
from d20combat.content.sizes import Size
from d20combat.rules.checks import Opposed, opposed
from d20combat.rules.dice import DiceSource
from d20combat.rules.maneuvers import Touch, touch_attack
from d20combat.rules.maneuvers.grapple import ties
from d20combat.rules.modifiers import BonusType, Modifier, Total, stack
from d20combat.rules.statistics import AttackOption, Statistics

RULE = "seed 000 Garrote Attacks"
#: seed 000 "Garrote Attacks", the table "Target's AC modifier against Garrote Attack".
NECK_GUARDS = {"leather collar": 4, "gorget": 10}
FULL_PLATE = 4
#: "you cannot garrote an opponent two or more size categories larger than yourself"
TOO_TALL = 2


def reach_problem(attacker: Size, defender: Size, *, lying: bool) -> str | None:
    """Why the garroter cannot reach the target's head, or None (seed 000 "Getting the
    Garrote into Place": two or more sizes larger, unless sitting or lying down)."""
    if defender - attacker >= TOO_TALL and not lying:
        return (
            "cannot reach the head of a creature two or more sizes larger unless it is "
            "lying down (seed 000 Garrote Attacks)"
        )
    return None


def neck_modifiers(defender: Statistics) -> list[Modifier]:
    """The garrote AC's armor modifiers the defender has (seed 000 "Garrote Attacks"
    table): natural armor its bonus, full plate +4 (armor), a leather collar +4, a
    gorget +10 (the best of the two worn: a reading, they are both neck pieces)."""
    stat = defender.stat
    mods = []
    if stat.natural_armor:
        mods.append(Modifier(stat.natural_armor, BonusType.NATURAL_ARMOR, "natural armor"))
    if stat.armor is not None and stat.armor.armor == "full plate":
        mods.append(Modifier(FULL_PLATE, BonusType.ARMOR, "full plate (garrote)"))
    if stat.neck_guard is not None:
        mods.append(Modifier(NECK_GUARDS[stat.neck_guard], BonusType.UNTYPED, stat.neck_guard))
    return mods


def garrote_ac(touch_ac: Total, defender: Statistics) -> Total:
    """The AC against placing a garrote: reading A19, the touch AC (size, Dexterity,
    deflection, dodge, with every situational modifier) plus :func:`neck_modifiers`."""
    mods = neck_modifiers(defender)
    return touch_ac.plus(*mods) if mods else touch_ac


class GarroteSides(NamedTuple):
    """The numbers of one garrote attack: the placement's touch attack against the
    garrote AC, then the two grapple checks of the strangle."""

    touch_bonus: Total
    garrote_ac: Total
    check: Total
    resist: Total
    concealment: int = 0


class GarroteResult(NamedTuple):
    """The placement and the strangle."""

    touch: Touch
    check: Opposed | None

    @property
    def strangling(self) -> bool:
        return self.check is not None and self.check.won


def place(dice: DiceSource, sides: GarroteSides, rules: Ruleset) -> GarroteResult:
    """Roll one garrote attack after its attack of opportunity (seed 000: "If you fail
    to hit with your melee touch attack, your garrote attack fails"; "Strangle: Make a
    grapple check": "You do not automatically lose the grapple check if your opponent
    is two or more size categories larger")."""
    touch = touch_attack(
        dice,
        sides.touch_bonus,
        sides.garrote_ac,
        "garrote: melee touch attack (placing it)",
        rules,
        concealment=sides.concealment,
    )
    if not touch.hit:
        return GarroteResult(touch, None)
    check = opposed(
        dice,
        sides.check,
        sides.resist,
        ("grapple check (strangle)", "grapple check (resist)"),
        ties(rules),
    )
    return GarroteResult(touch, check)


def outcome(r: GarroteResult) -> str:
    """``missed``, ``concealed``, ``slipped free`` (the strangle check lost) or
    ``strangling``."""
    if not r.touch.hit:
        return "concealed" if r.touch.concealed else "missed"
    return "strangling" if r.strangling else "slipped free"


def garrote_sides(
    attacker: Statistics,
    defender: Statistics,
    weapon: str | None = None,
    *,
    flat_footed: bool = False,
) -> GarroteSides:
    """The numbers of ``attacker`` garroting ``defender`` out of any situation (for
    ``d20combat odds garrote``): its first garrote's attack as a touch attack against
    the garrote AC (flat-footed: without Dex), the two grapple checks.

    Raises:
        ValueError: if the attacker carries no garrote.
    """
    option = garrote_option(attacker, weapon)
    if option is None:
        raise ValueError(f"{attacker.stat.name} carries no garrote")
    touch = defender.armor_class(touch=True, flat_footed=flat_footed)
    return GarroteSides(
        option.bonus, garrote_ac(touch, defender), attacker.grapple, defender.grapple
    )


def garrote_option(stats: Statistics, weapon: str | None = None) -> AttackOption | None:
    """The attack option of the garrote ``weapon`` (None: the first) ``stats`` has."""
    for o in stats.options:
        w = o.weapon
        if w is not None and w.has(WeaponFlag.GARROTE) and weapon in (None, o.name, w.name):
            return o
    return None


# ------------------------------------------------------------ cutting it
#: seed 000 "Garrote Attacks": "Since a garrote is a Small weapon, it has an Armor Class
#: of 11; however, since it's buried in your neck, it gets a +10 cover bonus to Armor
#: Class, for a total Armor Class of 21. In addition, you incur a -4 circumstance
#: penalty on your attack".
CUT_AC = stack(
    [
        Modifier(10, BonusType.BASE, "base"),
        Modifier(1, BonusType.SIZE, "Small object"),
        Modifier(10, BonusType.COVER, "buried in the neck"),
    ]
)
CUT_PENALTY = Modifier(-4, BonusType.CIRCUMSTANCE, "sparing one's own neck")


def cut_bonus(bonus: Total) -> Total:
    """The attack bonus of cutting a garrote from one's own throat."""
    return bonus.plus(CUT_PENALTY)
