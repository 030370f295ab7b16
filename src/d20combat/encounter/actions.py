"""Actions: small immutable values with one text notation.

The CLI, the logs, replays and tests all use the same notation; ``str(action)``
prints it and :func:`parse_action` reads it back. Squares use the grid notation
(``a1`` is the top-left square); combatants are named by id.

=========================  ================================================
notation                   meaning (action type; source)
=========================  ================================================
``end``                    end the turn
``move c4 d5 e6``          move action along a path (seed 004 "Movement")
``step d5``                5-foot step (SRD combat-i "Take 5-Foot Step")
``withdraw c4 d5``         withdraw, full-round (seed 004 "Withdraw")
``run c4 c5 c6``           run, full-round, straight line (seed 004 "Run")
``swim c4 d5``             swim by a Swim check without a swim speed: a quarter of
                           speed as a move action, half as a full-round action (seed
                           000 "Underwater Combat" note 2)
``climb c4 d5``            climb over a climbable face (``^``) by a Climb check: a
                           quarter of speed a move action, twice as a full-round action
``climb c4 d5 fast``       an accelerated climb: half speed a move action, -5
``charge ogre to e6``      charge, then one melee attack (seed 000 "Charge")
``charge ogre to e6 power 2``   the charge's attack with Power Attack
``charge ogre to e6 bull-rush``   bull rush at the end of the charge (seed 000 "Bull
                           Rush"): ``follow`` to move with it and push it further
``charge ogre to g6 overrun``   charge through the ogre's space, overrunning it, on to
                           g6 (seed 000 "Overrun")
``charge fighter to e6 pounce``   a pouncing creature's charge ending in a full attack,
                           its rakes included (SRD special abilities "Pounce", "Rake");
                           ``power N`` before ``pounce`` for Power Attack
``charge blue to e6 dive``   a flier's dive (srd35: SRD "Movement Modes (Fly)", a
                           charge of 30 ft or more descending 10 ft or more) or swoop
                           (advanced: seed 001 "Swoop"): one claw, double damage
``trample c4 d5 e6``       a trampling creature runs over smaller foes on the path
                           (full-round; SRD special abilities "Trample")
``attack ogre``            attack (standard, or the next attack of a full attack)
``attack ogre with bite defensively nonlethal``   with options
``attack ogre with longsword two-weapon``   open a two-weapon full attack
``attack ogre power 3``    with Power Attack (SRD feat; seed 001: a stance)
``attack ogre stance reckless``   in a seed 001 fighting stance (advanced)
``attack ogre expertise 2``   with Combat Expertise (SRD feat)
``attack fighter with claw hold-part``   a claw with Improved Grab: if it hits and
                           holds, it holds with the claw alone (-20 on grapple checks,
                           not grappling: SRD special abilities "Improved Grab")
``trip ogre``              trip in place of an attack (seed 000 "Trip")
``trip ogre with guisarme drop-if-tripped``   with a tripping weapon, let go of it
                           rather than be tripped back
``grapple ogre``           start (or join) a grapple in place of an attack
                           (seed 000 "Grapple": grab, hold, move in)
``grab ogre``              only grab it, a melee touch attack starting no grapple
                           (d20modern: seed 004 "Grabbing")
``grapple-damage ogre``    in a grapple, in place of an attack: a grapple check to
                           deal unarmed damage (``lethal`` at -4, or ``nonlethal``)
``pin ogre``               in a grapple: a grapple check to pin (in place of an attack)
``break-pin ogre``         break the pin ogre holds on another (in place of an attack)
``garrote ogre with wire garrote``   loop a garrote over ogre's head in place of an
                           attack (seed 000 "Garrote Attacks")
``strangle ogre``          garroting ogre: a grapple check dealing the garrote's damage
``cut-garrote ogre with dagger``   garroted by ogre: Attack an Object on its garrote
``escape-grapple ogre``    escape the grapple by a grapple check (in place of an attack)
``escape-pin ogre``        escape ogre's pin by a grapple check (in place of an attack)
``escape-artist ogre``     escape the grapple, or the pin, by Escape Artist (standard)
``use-weapon ogre``        a grapple check, then attack ogre with its light weapon at -4
``swallow fighter``        holding fighter since its turn began: a grapple check (as if
                           to pin) swallows it (SRD special abilities "Swallow Whole")
``cut-free trex with dagger``   swallowed by trex: attack its interior with a light
                           slashing or piercing weapon, in place of an attack; enough
                           damage cuts a way out (``escape-grapple trex`` or
                           ``escape-artist trex``: back into its mouth, held)
``rake fighter``           one of the rakes of a creature grappling fighter since its
                           turn began (free; SRD special abilities "Rake")
``move-grapple c4 d5``     move the grapple at half speed (standard; a grapple check)
``release ogre``           let go of a pinned ogre (free; seed 001: any partner willing)
``climb-onto ogre``        seed 001: climb onto a larger creature (in place of an attack)
``climb-down``             seed 001: slide down off it (move action)
``climb-about c3``         seed 001: move about on the creature it clings to, to c3
                           (move action; the GM's check: variant carrier-checks)
``shake-off``              seed 001: shake off the creatures on its back (standard)
``fly up 20``              a flier rises 20 ft (move action; half speed up, perfect
                           maneuverability full: SRD "Movement Modes (Fly)", A146)
``fly down 20``            ... or descends 20 ft (double speed: seed 001 "Swoop");
                           ``fly down`` to the ground lands
``hover``                  a flier with the Hover feat halts and hovers (move
                           action; half speed in any direction, no wing attacks;
                           ``hover off``: it flies on, free: SRD monster-feats Hover)
``flyby blue c1 d1 e1``    a flier aloft flies the path and attacks blue where it
                           first comes within reach (its move and standard action:
                           SRD monster-feats "Flyby Attack"; seed 001 "Flyby attacks":
                           any flier, blue gets no attack of opportunity)
``knees``                  a rider guides its mount with its knees: a DC 5 Ride check
                           frees both hands until its next turn (free; seed 000)
``mount destrier``         get onto an adjacent steed (move action; SRD combat-i)
``mount destrier fast``    ... a fast mount: free with a DC 20 Ride check, else move
``dismount``               get down beside the mount (move action); ``dismount fast``
``bull-rush ogre``         bull rush, a standard action: push it 5 ft (seed 000
                           "Bull Rush")
``bull-rush ogre follow``  ... moving with it: 5 ft more per 5 points of margin
``overrun goblin d4 e4 f4``   a move action along the path through the goblin's space,
                           overrunning it on the way (seed 000 "Overrun")
``tumble goblin d4 e4 f4``    a move action at half speed along the path through the
                           goblin's space, a DC 25 Tumble check on the way (SRD
                           combat-ii "Moving Through a Square")
``disarm ogre``            disarm in place of an attack (seed 000 "Disarm"): the
                           weapon it holds (its first), with the attack's weapon
``disarm ogre greatclub with flail defensively``   a weapon it holds, with a weapon
``disarm ogre javelin``    grab an item it carries but does not hold (seed 000
                           "Grabbing Items")
``sunder ogre``            sunder its weapon in place of an attack (seed 000 "Sunder")
``sunder ogre heavy steel shield with battleaxe``   its shield, or a weapon it carries
``attack-object d5``       attack the closed door at d5 (standard action; seed 000
                           "Attack An Object")
``attack-object d5 with longbow line-up``   a full-round action to line up the blow:
                           a melee blow hits, a shot gets +5
``break d5``               break the door at d5 open: a Strength check (standard
                           action; seed 000 "Breaking Items")
``throw acid at ogre``      throw a splash weapon at a creature: a ranged touch attack
                           (seed 000 "Throw Splash Weapon"; in place of an attack)
``throw acid at c3+d4``    ... at the grid intersection between squares c3 and d4
                           (AC 5; the four squares around it are splashed)
``autofire submachine gun at c3+d4``   autofire (seed 004 "Autofire"): the 10-ft
                           square of c3, d3, c4 and d4, Defense 10, Reflex DC 15 each
                           (10 bullets; in place of an attack)
``burst submachine gun at orc``   a short burst at one creature (seed 004 "Autofire";
                           with Burst Fire: 5 bullets, -4, +2 dice of damage; without:
                           a plain attack, 10 bullets spent)
``throw-explosive fragmentation grenade at c3``   a thrown explosive at the square c3
                           (seed 004 "Thrown Explosives": an attack action; it bursts
                           at the corner the 1d4 gives)
``plant fragmentation grenade at c3+d4 timer 2``   plant an explosive at a corner
                           of a square next to it, going off at the start of its
                           turn 2 rounds on (full-round; seed 004 "Grenades and
                           Explosives")
``feint ogre``              feint: Bluff against Sense Motive (seed 000 "Feint";
                           standard, a move action with Improved Feint)
``aid fighter against ogre attack``   aid another: +2 on the fighter's attack roll
                           against the ogre (standard; seed 000 "Aid Another")
``aid fighter against ogre defense with dagger``   or +2 to its AC against the ogre
``turn``                   turn undead: the closest within 60 ft are turned or
                           destroyed (standard; seed 000 "Turn Or Rebuke Undead")
``turn water``             turn another kind a domain gives (a type or subtype)
``rebuke``                 rebuke or command undead; dispels a foe's turning (evil
                           clerics; seed 000 "Evil Clerics and Undead")
``bolster``                bolster allied undead against turning for 10 rounds
``greater-turn``           the Sun domain's greater turning: destroys what it turns
``relinquish zombie``      relinquish command of a commanded creature (free)
``order zombie``           give a commanded creature its orders (standard; seed 000
                           "Commanded"): until then it does nothing
``coup-de-grace orc``      coup de grace a helpless foe (full-round; SRD combat-ii)
``coup-de-grace orc with longbow``   with a bow or crossbow from an adjacent square
``knockout-blow orc``      knockout blow on a helpless foe (full-round; seed 004)
``aim orc with longbow``   a full-round shot at a helpless foe, +5 (seed 004)
``total-defense``          +4 dodge AC (seed 004 "Total Defense")
``delay after goblin-2``   act right after goblin-2 (seed 004 "Delay")
``delay``                  act after the next creature, and choose again then
``ready attack when enters-reach``   ready a melee attack (seed 004 "Ready")
``ready attack when step-reach``   ... with a 5-foot step to reach the foe (SRD combat-ii
                           "Ready": only in a round without other movement)
``ready attack with longbow when in-range``   ready a shot
``ready move b3 a3 when adjacent``   ready a move for a foe coming next to it
``stand``                  stand up from prone (move action)
``drop-prone``             drop prone (free)
``crawl d5``               crawl 5 ft while prone (move action)
``draw longsword``         draw a weapon (move action)
``draw longsword and dagger``   two at once, with Two-Weapon Fighting
``drop longsword``         drop a held weapon (free)
``drop longsword at d5``   drop it into a square of its space or next to it
``sheathe longsword``      put a held weapon away (move action; provokes)
``load light crossbow``    load a fired crossbow or sling (move; heavy: full-round)
``pick-up longsword``      pick up an item in or next to your space (move)
``retrieve longsword``     retrieve a weapon stowed out of easy reach (move; provokes)
``stow longsword``         stow a held weapon out of easy reach (move; provokes as
                           sheathing does)
``ready-shield``           ready a slung shield: its AC counts (move; free with a
                           regular move at BAB +1)
``loose-shield``           sling a readied shield (the same timing)
``speak``                  speak a sentence or two (free; once a turn)
``speak by bandit-2``      ... bandit-2 speaks on another's turn (free)
``open d5``                open a door (move action)
``close d5``               close an open door that is not broken (move action)
``escape``                 leave the map from an exit square (move action)
``surrender``              surrender (free)
``flee``                   flee from the source of its fear (a withdraw or a move)
``cower``                  cornered in fear: cower until its next turn
``use drink``              an activity of the SRD's Table: Actions in Combat that is
                           timed only (its type per rules/activities.py: ``use
                           spell-like`` standard, ``use retrieve`` move, ``use
                           light-torch`` full-round, ``use speak`` free)
``stabilize fighter``      first aid to a dying creature next to it: a Heal (d20
                           Modern: Treat Injury) check, DC 15 (standard; provokes)
``start-full-round d5``    begin a 5-ft move through costly terrain (standard)
``gaze fighter``           a gazer's active gaze at one foe in range: its save now
                           (an attack action; SRD special abilities "Gaze Attacks")
``wake bandit-2``          slap a sleeping friend next to it awake (standard; SRD
                           spells "Sleep")
``hide``                   with cover or concealment from foes: a Hide check against
                           each one's Spot (move action; encounter.stealth, A215)
``seek``                   a Spot check to find the foes hidden from it (move action)
``attack-square d5``       attack into d5, where a foe hidden from it may be (an attack
                           action; seed 003 "Total Concealment": 50% miss chance if
                           it is there, a miss if not; A219)
``attack-square d5 with longbow``   ... with a weapon
``eyes avert``             against gazes: avert the eyes (``avert``), shut them
                           (``shut``: blinded) or look again (``open``) (free)
=========================  ================================================
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import ClassVar

from d20combat.errors import InputError
from d20combat.grid.squares import parse_square, square_name
from d20combat.rules.activities import ACTIVITIES, activity

__all__ = ["Pos", "parse_square", "square_name"]  # re-exported for the notation

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``verb`` is the first word of the notation."""

    verb: ClassVar[str] = ""
    kind: ClassVar[str] = "free"  # standard, move, full-round, free, step
    # the name conditions use to allow it (rules.conditions.GRAPPLE_ACTIONS: what a
    # grappler or a pinned creature may do); "" for the rest
    named: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    verb: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Move(Action):
    path: tuple[Pos, ...]
    verb: ClassVar[str] = "move"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return " ".join([self.verb, *map(square_name, self.path)])


@dataclass(frozen=True, slots=True)
class Step(Action):
    to: Pos
    verb: ClassVar[str] = "step"
    kind: ClassVar[str] = "step"

    def __str__(self) -> str:
        return f"step {square_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Withdraw(Move):
    verb: ClassVar[str] = "withdraw"
    kind: ClassVar[str] = "full-round"


@dataclass(frozen=True, slots=True)
class Run(Move):
    verb: ClassVar[str] = "run"
    kind: ClassVar[str] = "full-round"


@dataclass(frozen=True, slots=True)
class Swim(Move):
    """Swim by a Swim check (no swim speed): a quarter of speed as a move action, up to
    half as a full-round action (seed 000 "Underwater Combat" note 2)."""

    verb: ClassVar[str] = "swim"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Climb(Move):
    """Climb over a climbable face by a Climb check: a quarter of speed as a move action
    (half with ``fast``: an accelerated climb at -5), twice that as a full-round action
    (SRD combat-i Table: Actions in Combat "Climb"; encounter.climbing)."""

    fast: bool = False
    verb: ClassVar[str] = "climb"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        text = " ".join([self.verb, *map(square_name, self.path)])
        return text + " fast" if self.fast else text


@dataclass(frozen=True, slots=True)
class Crawl(Action):
    to: Pos
    verb: ClassVar[str] = "crawl"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"crawl {square_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Charge(Action):
    """Charge ``target``, ending at ``to`` (seed 000 "Charge"): one melee attack, or a
    bull rush (``maneuver="bull-rush"``; ``follow``: moving with the defender), or an
    overrun of ``target`` on a lane through its space to ``to`` (``"overrun"``), or a
    pouncing creature's full attack (``"pounce"``)."""

    target: str
    to: Pos
    power: int = 0  # Power Attack on the charge's attack (SRD feats)
    maneuver: str | None = None  # bull-rush or overrun in place of the attack
    follow: bool = False
    verb: ClassVar[str] = "charge"
    kind: ClassVar[str] = "full-round"

    def __str__(self) -> str:
        text = f"charge {self.target} to {square_name(self.to)}"
        if self.power:
            text += f" power {self.power}"
        if self.maneuver:
            text += f" {self.maneuver}"
        return text + " follow" if self.follow else text


@dataclass(frozen=True, slots=True)
class Trample(Move):
    """Trample along ``path`` (SRD types-subtypes-and-special-abilities.html "Trample":
    a full-round action, up to twice its speed, over opponents at least one size
    smaller; each whose space it covers takes the trample damage)."""

    verb: ClassVar[str] = "trample"
    kind: ClassVar[str] = "full-round"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """An attack: the standard action, or the next attack of a full attack.
    ``two_weapon`` opens a two-weapon full attack (seed 000 "Two-Weapon Fighting": its
    penalties apply from the first attack); without it the first attack opens the
    weapon's own routine."""

    target: str
    weapon: str | None = None
    defensively: bool = False
    nonlethal: bool | None = None
    two_weapon: bool = False
    power: int = 0  # Power Attack (SRD feat; seed 001 stance): -N attack, + damage
    stance: str | None = None  # seed 001 fighting stance: reckless or defensive
    expertise: int = 0  # Combat Expertise (SRD feat): -N attack, +N dodge AC
    # SRD "Improved Grab": a hit's hold made with the grabbing part alone (-20, not grappling)
    part_hold: bool = False
    verb: ClassVar[str] = "attack"
    kind: ClassVar[str] = "standard"
    named: ClassVar[str] = "grapple-attack"  # a grappler's attack (seed 000)

    @property
    def maneuver(self) -> str | None:
        """The special attack made in place of this attack (None: a plain attack)."""
        return None

    def __str__(self) -> str:
        text = f"{self.verb} {self.target}"
        if self.weapon:
            text += f" with {self.weapon}"
        if self.power:
            text += f" power {self.power}"
        if self.stance:
            text += f" stance {self.stance}"
        if self.expertise:
            text += f" expertise {self.expertise}"
        if self.two_weapon:
            text += " two-weapon"
        if self.defensively:
            text += " defensively"
        if self.nonlethal is True:
            text += " nonlethal"
        elif self.nonlethal is False:
            text += " lethal"
        if self.part_hold:
            text += " hold-part"
        return text


@dataclass(frozen=True, slots=True)
class Trip(Attack):
    """Trip in place of a melee attack (seed 000 "Trip"): unarmed, or ``weapon`` a
    tripping weapon; ``drop_if_tripped``: let go of it rather than be tripped back."""

    drop_if_tripped: bool = False
    verb: ClassVar[str] = "trip"
    named: ClassVar[str] = "trip"

    @property
    def maneuver(self) -> str | None:
        return self.verb

    def __str__(self) -> str:
        text = Attack.__str__(self)
        return text + " drop-if-tripped" if self.drop_if_tripped else text


@dataclass(frozen=True, slots=True)
class _Maneuver(Attack):
    """A special attack in place of a melee attack, named by its verb, whose notation
    is ``VERB TARGET [defensively]`` (the grapple options)."""

    @property
    def maneuver(self) -> str | None:
        return self.verb


@dataclass(frozen=True, slots=True)
class Grapple(_Maneuver):
    """Start a grapple, or join one (seed 000 "Starting a Grapple", "Joining a
    Grapple")."""

    verb: ClassVar[str] = "grapple"
    named: ClassVar[str] = "start-grapple"


@dataclass(frozen=True, slots=True)
class Grab(_Maneuver):
    """Only grab ``target``, without going on to hold it (seed 004 "Grabbing": "sometimes
    all a character wants to do is grab the target"): the grapple's melee touch
    attack, starting no grapple (where the ruleset's ``grapple_grab_alone``)."""

    verb: ClassVar[str] = "grab"
    named: ClassVar[str] = "start-grapple"


@dataclass(frozen=True, slots=True)
class GrappleDamage(_Maneuver):
    """Damage a grapple opponent (seed 000 "Damage Your Opponent"): ``nonlethal`` True
    or False chooses the kind (None: the unarmed strike's own)."""

    verb: ClassVar[str] = "grapple-damage"
    named: ClassVar[str] = "damage-opponent"

    def __str__(self) -> str:
        text = f"{self.verb} {self.target}"
        if self.nonlethal is not None:
            text += " nonlethal" if self.nonlethal else " lethal"
        return text


@dataclass(frozen=True, slots=True)
class Garrote(Attack):
    """Garrote ``target`` with the ready garrote ``weapon`` (None: the first) in place
    of a melee attack (seed 000 "Garrote Attacks")."""

    verb: ClassVar[str] = "garrote"
    named: ClassVar[str] = "garrote"

    @property
    def maneuver(self) -> str | None:
        return self.verb


@dataclass(frozen=True, slots=True)
class Strangle(Attack):
    """Strangle the creature ``target`` one holds a garrote on: a grapple check that
    deals the garrote's damage (seed 000 "Maintaining a Garrote Attack")."""

    verb: ClassVar[str] = "strangle"
    named: ClassVar[str] = "strangle"

    @property
    def maneuver(self) -> str | None:
        return self.verb


@dataclass(frozen=True, slots=True)
class CutGarrote(Attack):
    """Cut the garrote ``target`` holds around one's own throat with ``weapon``, an Attack
    an Object in place of an attack (seed 000 "Garrote Attacks")."""

    verb: ClassVar[str] = "cut-garrote"
    named: ClassVar[str] = "cut-garrote"

    @property
    def maneuver(self) -> str | None:
        return self.verb


@dataclass(frozen=True, slots=True)
class Swallow(_Maneuver):
    """Swallow the grapple opponent ``target`` held since the turn began: a grapple check
    as if to pin, in place of an attack (SRD special abilities "Swallow Whole")."""

    verb: ClassVar[str] = "swallow"
    named: ClassVar[str] = "swallow"


@dataclass(frozen=True, slots=True)
class CutFree(Attack):
    """Swallowed by ``target``: attack its interior with the light slashing or piercing
    ``weapon`` (None: the first), in place of an attack (SRD special abilities "Swallow
    Whole": "cut its way free")."""

    verb: ClassVar[str] = "cut-free"
    named: ClassVar[str] = "cut-free"

    @property
    def maneuver(self) -> str | None:
        return self.verb


@dataclass(frozen=True, slots=True)
class Rake(Action):
    """One rake attack on the grapple opponent ``target`` (free: SRD special abilities
    "Rake"; the creature began its turn grappling it)."""

    target: str
    verb: ClassVar[str] = "rake"
    named: ClassVar[str] = "rake"

    def __str__(self) -> str:
        return f"{self.verb} {self.target}"


@dataclass(frozen=True, slots=True)
class Pin(_Maneuver):
    """Pin a grapple opponent (seed 000 "Pin Your Opponent")."""

    verb: ClassVar[str] = "pin"
    named: ClassVar[str] = "pin"


@dataclass(frozen=True, slots=True)
class BreakPin(_Maneuver):
    """Break the pin ``target`` holds on another (seed 000 "Break Another's Pin")."""

    verb: ClassVar[str] = "break-pin"
    named: ClassVar[str] = "break-pin"


@dataclass(frozen=True, slots=True)
class EscapeGrapple(_Maneuver):
    """Escape the grapple of ``target`` (and of every other opponent, where the ruleset
    says so) by a grapple check (seed 000 "Escape from Grapple")."""

    verb: ClassVar[str] = "escape-grapple"
    named: ClassVar[str] = "escape-grapple"


@dataclass(frozen=True, slots=True)
class EscapePin(_Maneuver):
    """Escape ``target``'s pin by a grapple check (seed 000 "If You're Pinned")."""

    verb: ClassVar[str] = "escape-pin"
    named: ClassVar[str] = "escape-pin"


@dataclass(frozen=True, slots=True)
class UseWeapon(_Maneuver):
    """Attack ``target`` with its own light weapon (seed 000 "Use Opponent's Weapon")."""

    verb: ClassVar[str] = "use-weapon"
    named: ClassVar[str] = "use-opponent-weapon"


@dataclass(frozen=True, slots=True)
class ClimbOnto(_Maneuver):
    """Climb onto a larger creature (seed 001 "Climbing onto larger creatures")."""

    verb: ClassVar[str] = "climb-onto"
    named: ClassVar[str] = "climb-onto"


@dataclass(frozen=True, slots=True)
class EscapeArtist(Action):
    """Escape ``target``'s pin, or the grapple, by an Escape Artist check (a standard
    action: seed 000; seed 004 "once per round"; seed 001 "Slipping free")."""

    target: str
    verb: ClassVar[str] = "escape-artist"
    kind: ClassVar[str] = "standard"
    named: ClassVar[str] = "escape-artist"

    def __str__(self) -> str:
        return f"{self.verb} {self.target}"


@dataclass(frozen=True, slots=True)
class MoveGrapple(Move):
    """Move the grapple (everyone in it) along ``path``, the mover's squares, at half
    speed (seed 000 "Move"; a standard action)."""

    verb: ClassVar[str] = "move-grapple"
    kind: ClassVar[str] = "standard"
    named: ClassVar[str] = "move-grapple"


@dataclass(frozen=True, slots=True)
class Release(Action):
    """Let go of a grapple opponent (seed 000 "If You're Pinning": a pinned one, a free
    action; seed 001: any one that wishes it too)."""

    target: str
    verb: ClassVar[str] = "release"
    named: ClassVar[str] = "release-pin"

    def __str__(self) -> str:
        return f"{self.verb} {self.target}"


@dataclass(frozen=True, slots=True)
class ClimbDown(Action):
    """Slide down safely from the creature it clings to (seed 001 "Getting down")."""

    verb: ClassVar[str] = "climb-down"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class ClimbAbout(Action):
    """Move about on the creature it clings to, to the position ``to`` inside its space
    (seed 001 "Climbing onto larger creatures"; encounter.maneuvers.climb_about)."""

    to: Pos
    verb: ClassVar[str] = "climb-about"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"climb-about {square_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Rise (``up``) or descend ``feet`` in the air (a move action of a creature with a
    fly speed: encounter.flight)."""

    up: bool
    feet: int
    verb: ClassVar[str] = "fly"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"fly {'up' if self.up else 'down'} {self.feet}"


@dataclass(frozen=True, slots=True)
class Hover(Action):
    """Halt and hover in place (a move action of a flier with the Hover feat), or, with
    ``off``, fly on again (free: A261) (encounter.flight)."""

    off: bool = False
    verb: ClassVar[str] = "hover"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return "hover off" if self.off else "hover"


@dataclass(frozen=True, slots=True)
class Flyby(Action):
    """Fly ``path`` and attack ``target`` on the way, where it first comes within reach
    (encounter.flight: its move action and its standard action)."""

    target: str
    path: tuple[Pos, ...]
    verb: ClassVar[str] = "flyby"
    kind: ClassVar[str] = "full-round"

    def __str__(self) -> str:
        return f"flyby {self.target} " + " ".join(square_name(p) for p in self.path)


@dataclass(frozen=True, slots=True)
class Knees(Action):
    """Guide the mount with the knees (seed 000 "Combat while Mounted": free)."""

    verb: ClassVar[str] = "knees"


@dataclass(frozen=True, slots=True)
class MountUp(Action):
    """Get onto ``steed`` (SRD combat-i "Mount/Dismount a Steed"); ``fast``: try the
    DC 20 Ride check that makes it a free action."""

    steed: str
    fast: bool = False
    verb: ClassVar[str] = "mount"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"mount {self.steed}" + (" fast" if self.fast else "")


@dataclass(frozen=True, slots=True)
class Dismount(Action):
    """Get down from the mount (SRD combat-i "Mount/Dismount a Steed"); ``fast`` as
    :class:`MountUp`."""

    fast: bool = False
    verb: ClassVar[str] = "dismount"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return "dismount" + (" fast" if self.fast else "")


@dataclass(frozen=True, slots=True)
class ShakeOff(Action):
    """Shake off the creatures clinging to its back (seed 001, a standard action)."""

    verb: ClassVar[str] = "shake-off"
    kind: ClassVar[str] = "standard"


@dataclass(frozen=True, slots=True)
class BullRush(Action):
    """Bull rush ``target`` (seed 000 "Bull Rush": a standard action; seed 004: the
    attack action): push it 5 ft; ``follow``: move with it, 5 ft more for each 5 points
    of margin."""

    target: str
    follow: bool = False
    verb: ClassVar[str] = "bull-rush"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"bull-rush {self.target}" + (" follow" if self.follow else "")


@dataclass(frozen=True, slots=True)
class Overrun(Action):
    """A move action along ``path`` through ``target``'s space, overrunning it on the way
    (seed 000 "Overrun": "a standard action taken during your move"): the squares of
    the path as for ``move``, the target's among them."""

    target: str
    path: tuple[Pos, ...]
    verb: ClassVar[str] = "overrun"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return " ".join([self.verb, self.target, *map(square_name, self.path)])


@dataclass(frozen=True, slots=True)
class Tumble(Action):
    """A move action at half speed along ``path`` through ``target``'s space, tumbling
    through it (SRD combat-ii "Moving Through a Square"; seed 004 "Moving Through a
    Square"): the squares of the path as for ``move``, the target's among them."""

    target: str
    path: tuple[Pos, ...]
    verb: ClassVar[str] = "tumble"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return " ".join([self.verb, self.target, *map(square_name, self.path)])


@dataclass(frozen=True, slots=True)
class Disarm(Attack):
    """Disarm in place of a melee attack (seed 000 "Disarm"): ``item`` the target's held
    weapon (None: its first), or an item it carries but does not hold, to grab (seed 000
    "Grabbing Items"); ``weapon`` what the attacker disarms with (None: the attack's)."""

    item: str | None = None
    verb: ClassVar[str] = "disarm"

    @property
    def maneuver(self) -> str | None:
        return self.verb

    def __str__(self) -> str:
        return _item_notation(self)


@dataclass(frozen=True, slots=True)
class Sunder(Attack):
    """Sunder in place of a melee attack (seed 000 "Sunder"): ``item`` the target's held
    weapon (None: its first), its shield, or a weapon it carries (attacked against AC);
    ``weapon`` the slashing or bludgeoning weapon struck with (None: the attack's)."""

    item: str | None = None
    verb: ClassVar[str] = "sunder"

    @property
    def maneuver(self) -> str | None:
        return self.verb

    def __str__(self) -> str:
        return _item_notation(self)


def _item_notation(a: Disarm | Sunder) -> str:
    text = f"{a.verb} {a.target}"
    if a.item:
        text += f" {a.item}"
    if a.weapon:
        text += f" with {a.weapon}"
    return text + " defensively" if a.defensively else text


@dataclass(frozen=True, slots=True)
class AttackObject(Action):
    """Attack the closed door at ``at`` (seed 000 "Attack An Object"): a standard action,
    or with ``line_up`` a full-round action lining the blow up (a melee blow hits, a
    ranged one gets +5)."""

    at: Pos
    weapon: str | None = None
    line_up: bool = False
    verb: ClassVar[str] = "attack-object"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        text = f"attack-object {square_name(self.at)}"
        if self.weapon:
            text += f" with {self.weapon}"
        return text + " line-up" if self.line_up else text


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """Throw the splash weapon ``weapon`` (seed 000 "Throw Splash Weapon") at the creature
    ``target``, or at the grid intersection ``point`` (the top-left corner of that
    square: the point squares ``x-1..x`` by ``y-1..y`` share). An attack: the standard
    action's, or the next of a full attack."""

    weapon: str
    target: str | None = None
    point: Pos | None = None
    verb: ClassVar[str] = "throw"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        at = self.target if self.point is None else intersection_name(self.point)
        return f"throw {self.weapon} at {at}"


@dataclass(frozen=True, slots=True)
class Autofire(Action):
    """Set the firearm ``weapon`` on autofire at the 10-ft-by-10-ft area of the four
    squares around the grid intersection ``point`` (seed 004 "Autofire"; named as a
    splash weapon's intersection, ``c3+d4``). An attack: the standard action's, or the
    next of a full attack."""

    weapon: str
    point: Pos
    verb: ClassVar[str] = "autofire"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"autofire {self.weapon} at {intersection_name(self.point)}"


@dataclass(frozen=True, slots=True)
class ThrowExplosive(Action):
    """Throw the explosive ``weapon`` (a grenade) at the 5-ft square ``square`` (seed 004
    "Thrown Explosives": "a ranged attack made against a specific 5-foot square"; an
    occupied square may be aimed at). An attack action: the standard action's."""

    weapon: str
    square: Pos
    verb: ClassVar[str] = "throw-explosive"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"throw-explosive {self.weapon} at {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Plant the explosive ``weapon`` at the grid intersection ``point`` (a corner of a
    square of its space or next to it), its timer set to ``rounds`` (seed 004 "Grenades
    and Explosives": "planted, with fuses or timers, and go off after a preset amount of
    time elapses"): a full-round action (A232)."""

    weapon: str
    point: Pos
    rounds: int
    verb: ClassVar[str] = "plant"
    kind: ClassVar[str] = "full-round"

    def __str__(self) -> str:
        return f"plant {self.weapon} at {intersection_name(self.point)} timer {self.rounds}"


@dataclass(frozen=True, slots=True)
class Burst(Action):
    """Fire a short burst from the automatic firearm ``weapon`` at one creature,
    ``target`` (seed 004 "Autofire": burst fire needs the Burst Fire feat, reading A187:
    5 bullets, -4 on the attack, +2 dice of damage; without it automatic fire at one
    target is a standard attack dealing normal damage, its 10 bullets spent). An attack
    action: the standard action's."""

    weapon: str
    target: str
    verb: ClassVar[str] = "burst"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"burst {self.weapon} at {self.target}"


def intersection_name(point: Pos) -> str:
    """The notation of a grid intersection: the two squares on its north-west to
    south-east diagonal (``c3+d4`` is the corner between c3, d3, c4 and d4)."""
    x, y = point
    if x < 1 or y < 1:  # on the map's top or left edge: no square beyond (never legal)
        return f"corner-{x}-{y}"
    return f"{square_name((x - 1, y - 1))}+{square_name((x, y))}"


def parse_intersection(text: str) -> Pos:
    """A grid intersection from two diagonally touching squares (``c3+d4`` or
    ``c4+d3``: the corner they share).

    Raises:
        InputError: not two squares, or squares that do not touch at a corner.
    """
    first, _, second = text.partition("+")
    p, q = parse_square(first), parse_square(second)
    if abs(p[0] - q[0]) != 1 or abs(p[1] - q[1]) != 1:
        raise InputError(
            f"cannot read intersection {text!r}: the squares do not touch at a corner",
            field="action",
            expected="two diagonal squares, like 'c3+d4'",
        )
    return max(p[0], q[0]), max(p[1], q[1])


@dataclass(frozen=True, slots=True)
class BreakDoor(Action):
    """Break the closed door at ``at`` open by sudden force: a Strength check against its
    break DC (seed 000 "Breaking Items"; a standard action, a reading)."""

    at: Pos
    verb: ClassVar[str] = "break"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"break {square_name(self.at)}"


@dataclass(frozen=True, slots=True)
class Feint(Action):
    """Feint against ``target`` (seed 000 "Feint"): a standard action, a move action
    with Improved Feint (the handler spends the one the feinter's feats allow)."""

    target: str
    verb: ClassVar[str] = "feint"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"feint {self.target}"


@dataclass(frozen=True, slots=True)
class Gaze(Action):
    """A gazer's active gaze at ``target`` (SRD special abilities "Gaze Attacks": "as an
    attack action"; a standard action here)."""

    target: str
    verb: ClassVar[str] = "gaze"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"gaze {self.target}"


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Hide from the foes it has cover or concealment from (a move action: A215)."""

    verb: ClassVar[str] = "hide"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Seek(Action):
    """Look for the foes hidden from it: a Spot check (a move action: A216)."""

    verb: ClassVar[str] = "seek"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class AttackSquare(Action):
    """Attack into the square ``at`` a hidden foe is thought to occupy, with ``weapon``
    (an attack action: A219)."""

    at: Pos
    weapon: str | None = None
    verb: ClassVar[str] = "attack-square"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        text = f"attack-square {square_name(self.at)}"
        return f"{text} with {self.weapon}" if self.weapon else text


@dataclass(frozen=True, slots=True)
class Wake(Action):
    """Slap the sleeping ``target`` next to it awake (a standard action: A160)."""

    target: str
    verb: ClassVar[str] = "wake"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"wake {self.target}"


#: How a creature meets gazes (SRD special abilities "Gaze Attacks"): looking, averting
#: the eyes, shutting them.
EYES_CHOICES = ("avert", "shut", "open")


@dataclass(frozen=True, slots=True)
class Eyes(Action):
    """Avert the eyes from gazers, shut them, or look again (``open``): a free action on
    its turn (reading A156)."""

    how: str
    verb: ClassVar[str] = "eyes"

    def __str__(self) -> str:
        return f"eyes {self.how}"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Turn undead (seed 000 "Turn Or Rebuke Undead"): a standard action channelling
    positive energy at the closest ``creatures`` (``undead``, or a type or subtype a
    domain lets it turn: ``turn water``) within 60 ft; it turns or destroys them."""

    creatures: str = "undead"
    verb: ClassVar[str] = "turn"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return self.verb if self.creatures == "undead" else f"{self.verb} {self.creatures}"


@dataclass(frozen=True, slots=True)
class Rebuke(Turn):
    """Rebuke undead (seed 000 "Evil Clerics and Undead"): negative energy; it rebukes
    (awes) or commands them, and dispels a foe's turning."""

    verb: ClassVar[str] = "rebuke"


@dataclass(frozen=True, slots=True)
class Bolster(Turn):
    """Bolster undead against turning (seed 000 "Bolstering Undead"): the allies
    affected (itself too, if it is one) count the check's Hit Dice for 10 rounds."""

    verb: ClassVar[str] = "bolster"


@dataclass(frozen=True, slots=True)
class GreaterTurn(Turn):
    """A greater turning (the Sun domain, once a day in place of a turning): the undead
    it would turn are destroyed."""

    verb: ClassVar[str] = "greater-turn"


@dataclass(frozen=True, slots=True)
class Relinquish(Action):
    """Relinquish command of ``target`` (seed 000 "Commanded": "He may voluntarily
    relinquish command"): it returns to its own side (a free action, a reading: A46)."""

    target: str
    verb: ClassVar[str] = "relinquish"

    def __str__(self) -> str:
        return f"relinquish {self.target}"


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Give mental orders to ``target``, a creature it commands (seed 000 "Commanded":
    "The cleric must take a standard action to give mental orders to a commanded
    undead"): from then on it fights for its commander's side (A242)."""

    target: str
    verb: ClassVar[str] = "order"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"order {self.target}"


#: The turning actions by verb (seed 000 "Turn Or Rebuke Undead").
TURNING_ACTIONS: dict[str, type[Turn]] = {
    "turn": Turn,
    "rebuke": Rebuke,
    "bolster": Bolster,
    "greater-turn": GreaterTurn,
}


#: What aid another grants (seed 000 "Aid Another"): +2 on attacks, or +2 to AC.
AID_CHOICES = ("attack", "defense")


@dataclass(frozen=True, slots=True)
class AidAnother(Action):
    """Aid ``friend`` against ``against`` (seed 000 "Aid Another"): ``aid`` is
    ``attack`` or ``defense``; ``weapon`` the melee weapon of the roll (None: the first
    that reaches the opponent)."""

    friend: str
    against: str
    aid: str = "attack"
    weapon: str | None = None
    verb: ClassVar[str] = "aid"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        text = f"aid {self.friend} against {self.against} {self.aid}"
        return f"{text} with {self.weapon}" if self.weapon else text


@dataclass(frozen=True, slots=True)
class CoupDeGrace(Action):
    """A coup de grace on a helpless ``target`` (SRD combat-ii "Helpless Defenders"),
    with ``weapon`` (None: the first melee weapon that reaches it)."""

    target: str
    weapon: str | None = None
    verb: ClassVar[str] = "coup-de-grace"
    kind: ClassVar[str] = "full-round"

    def __str__(self) -> str:
        text = f"{self.verb} {self.target}"
        return f"{text} with {self.weapon}" if self.weapon else text


@dataclass(frozen=True, slots=True)
class KnockoutBlow(CoupDeGrace):
    """A knockout blow on a helpless ``target`` (seed 004 "Knockout Blow")."""

    verb: ClassVar[str] = "knockout-blow"


@dataclass(frozen=True, slots=True)
class AimedShot(CoupDeGrace):
    """A full-round ranged attack on a helpless ``target`` from a square not adjacent
    to it, at +5 (seed 004 "Helpless Defenders")."""

    verb: ClassVar[str] = "aim"


@dataclass(frozen=True, slots=True)
class TotalDefense(Action):
    verb: ClassVar[str] = "total-defense"
    kind: ClassVar[str] = "standard"


@dataclass(frozen=True, slots=True)
class Delay(Action):
    """Act later: right after ``after``, or (None) after the next creature in the order,
    to decide again then (SRD combat-ii "Delay": act at any later count)."""

    after: str | None = None
    verb: ClassVar[str] = "delay"

    def __str__(self) -> str:
        return "delay" if self.after is None else f"delay after {self.after}"


# seed 004 "Ready": ``enters-reach`` an enemy moves into a square the readier
# threatens (a melee attack, or a move); ``in-range`` an enemy moves where the readier
# can shoot it (in range, line of effect, not behind total cover: a ranged attack);
# ``adjacent`` an enemy moves next to the readier (a move).
READY_ATTACK_TRIGGERS = ("enters-reach", "in-range")
#: A readied melee attack with a 5-foot step to reach (SRD combat-ii "Ready"; seed 004
#: "Ready"): the mover comes within a step of reach (reading A190).
READY_STEP_TRIGGER = "step-reach"
READY_MOVE_TRIGGERS = ("enters-reach", "adjacent")
READY_TRIGGERS = (*READY_ATTACK_TRIGGERS, "adjacent")
#: The free actions that can be readied (A256): dropping prone, dropping an item
#: (``drop WEAPON``); set off as a readied move is (``enters-reach`` or ``adjacent``).
READY_FREE_VERBS = ("drop-prone", "drop")


@dataclass(frozen=True, slots=True)
class Ready(Action):
    """Ready an attack, a move along ``move``, or a free action (``free``: its notation,
    one of :data:`READY_FREE_VERBS`), a standard action, for a trigger of
    :data:`READY_TRIGGERS` (seed 004 "Ready"; SRD combat-ii "Ready": "a standard action,
    a move action, or a free action")."""

    trigger: str = "enters-reach"
    weapon: str | None = None
    move: tuple[Pos, ...] | None = None
    free: str | None = None
    verb: ClassVar[str] = "ready"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        if self.move is not None:
            squares = " ".join(square_name(p) for p in self.move)
            return f"ready move {squares} when {self.trigger}"
        if self.free is not None:
            return f"ready {self.free} when {self.trigger}"
        text = "ready attack"
        if self.weapon:
            text += f" with {self.weapon}"
        return f"{text} when {self.trigger}"


@dataclass(frozen=True, slots=True)
class StandUp(Action):
    verb: ClassVar[str] = "stand"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class DropProne(Action):
    verb: ClassVar[str] = "drop-prone"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw a weapon; with Two-Weapon Fighting, a second light or one-handed one in the
    same time (``also``: SRD combat-i "Draw or Sheathe a Weapon")."""

    weapon: str
    also: str | None = None
    verb: ClassVar[str] = "draw"
    kind: ClassVar[str] = "move"
    named: ClassVar[str] = "draw-light-weapon"  # allowed in a grapple (a light one)

    def __str__(self) -> str:
        return f"draw {self.weapon}" + (f" and {self.also}" if self.also else "")


@dataclass(frozen=True, slots=True)
class Drop(Action):
    weapon: str
    to: Pos | None = None  # a square of its space or next to it (None: where it stands)
    verb: ClassVar[str] = "drop"

    def __str__(self) -> str:
        where = f" at {square_name(self.to)}" if self.to is not None else ""
        return f"drop {self.weapon}{where}"


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Load a fired crossbow or sling again (a move action; a heavy crossbow's is a
    full-round action; SRD equipment "Crossbow", "Sling")."""

    weapon: str
    verb: ClassVar[str] = "load"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"load {self.weapon}"


@dataclass(frozen=True, slots=True)
class Sheathe(Action):
    weapon: str
    verb: ClassVar[str] = "sheathe"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"sheathe {self.weapon}"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    item: str
    verb: ClassVar[str] = "pick-up"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"pick-up {self.item}"


@dataclass(frozen=True, slots=True)
class Retrieve(Action):
    """Retrieve a weapon stowed out of easy reach (a move action that provokes; SRD
    combat-i "Manipulate an Item", Table: Actions in Combat "Retrieve a stored item")."""

    item: str
    verb: ClassVar[str] = "retrieve"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"retrieve {self.item}"


@dataclass(frozen=True, slots=True)
class Stow(Action):
    """Stow a held weapon out of easy reach (a move action; seed 004 "Move Actions":
    "retrieving or stowing a stored object")."""

    item: str
    verb: ClassVar[str] = "stow"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"stow {self.item}"


@dataclass(frozen=True, slots=True)
class ReadyShield(Action):
    """Ready a slung shield (SRD combat-i "Ready or Loose a Shield": a move action, free
    with a regular move at base attack bonus +1 or higher)."""

    verb: ClassVar[str] = "ready-shield"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class LooseShield(Action):
    """Loose a readied shield (sling it: its bonus stops counting; the same timing)."""

    verb: ClassVar[str] = "loose-shield"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Speak(Action):
    """Speak a sentence or two: a free action, on its turn or another's (``by``: the
    speaker when it is not the creature whose turn it is; SRD combat-i "Speak")."""

    by: str | None = None
    verb: ClassVar[str] = "speak"

    def __str__(self) -> str:
        return "speak" + (f" by {self.by}" if self.by else "")


@dataclass(frozen=True, slots=True)
class OpenDoor(Action):
    at: Pos
    verb: ClassVar[str] = "open"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"open {square_name(self.at)}"


@dataclass(frozen=True, slots=True)
class CloseDoor(Action):
    """Close the open door at ``at``: a move action (seed 002 Move Actions "Open or close
    a door"; SRD combat-i Table: Actions in Combat "Open or close a door"). A broken
    door cannot be closed, nor one a creature stands in (A255)."""

    at: Pos
    verb: ClassVar[str] = "close"
    kind: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"close {square_name(self.at)}"


@dataclass(frozen=True, slots=True)
class Escape(Action):
    verb: ClassVar[str] = "escape"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Surrender(Action):
    verb: ClassVar[str] = "surrender"


@dataclass(frozen=True, slots=True)
class Flee(Action):
    """Flee from the source of its fear, as the rules lay the path
    (:mod:`d20combat.encounter.fear`): a withdraw when threatened, else a move."""

    verb: ClassVar[str] = "flee"
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Cower(Action):
    """Cornered in fear: cower until its next turn (SRD conditions "Cowering")."""

    verb: ClassVar[str] = "cower"
    kind: ClassVar[str] = "full-round"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Take an activity of :data:`d20combat.rules.activities.ACTIVITIES`, a row of the
    SRD's Table: Actions in Combat whose effect is not modelled beyond its timing (a
    free action; the subclasses below take the other action types). Build one with
    :func:`use`."""

    activity: str
    verb: ClassVar[str] = "use"

    def __str__(self) -> str:
        return f"use {self.activity}"


@dataclass(frozen=True, slots=True)
class UseStandard(Use):
    kind: ClassVar[str] = "standard"


@dataclass(frozen=True, slots=True)
class UseMove(Use):
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class UseFullRound(Use):
    kind: ClassVar[str] = "full-round"


USE_ACTIONS: dict[str, type[Use]] = {
    "standard": UseStandard,
    "move": UseMove,
    "full-round": UseFullRound,
    "free": Use,
}


def use(name: str) -> Use:
    """The action taking the activity ``name``, of its action type.

    Raises:
        InputError: for an unknown activity, offering the closest names.
    """
    row = activity(name)
    if row is None:
        close = difflib.get_close_matches(name, ACTIVITIES, n=3)
        hint = "did you mean " + ", ".join(close) + "?" if close else ", ".join(ACTIVITIES)
        raise InputError(f"unknown activity {name!r}", field="action", expected=hint)
    return USE_ACTIONS[row.kind](row.name)


@dataclass(frozen=True, slots=True)
class Stabilize(Action):
    """Make a dying ``target`` next to it stable with first aid (a standard action that
    provokes: SRD Table: Actions in Combat "Make a dying friend stable")."""

    target: str
    verb: ClassVar[str] = "stabilize"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"stabilize {self.target}"


@dataclass(frozen=True, slots=True)
class StartFullRound(Action):
    """Start a full-round action with a standard action (seed 004); the next
    action must complete it. The only full-round action it serves here is moving
    5 ft through hampering terrain (SRD combat-i), given as the square."""

    to: Pos
    verb: ClassVar[str] = "start-full-round"
    kind: ClassVar[str] = "standard"

    def __str__(self) -> str:
        return f"start-full-round {square_name(self.to)}"


def _words(text: str) -> list[str]:
    return text.strip().lower().split()


def _count(word: str) -> int:
    """A whole number from 1 to 9999 in ASCII digits, or 0 if ``word`` is not one
    (``str.isdigit`` also takes '²', which ``int`` refuses)."""
    return int(word) if re.fullmatch(r"[0-9]{1,4}", word) else 0


def _expect(text: str, what: str) -> InputError:
    return InputError(f"cannot read action {text!r}", field="action", expected=what)


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the module table).

    Raises:
        InputError: quoting the text and showing the expected form.
    """
    words = _words(text)
    if not words:
        raise _expect(text, "an action such as 'attack ogre' or 'move c4 d5'")
    verb, args = words[0], words[1:]
    simple: dict[str, type[Action]] = {
        "end": EndTurn,
        "total-defense": TotalDefense,
        "stand": StandUp,
        "drop-prone": DropProne,
        "escape": Escape,
        "surrender": Surrender,
        "flee": Flee,
        "cower": Cower,
        "climb-down": ClimbDown,
        "shake-off": ShakeOff,
        "knees": Knees,
    }
    if verb in simple:
        if args:
            raise _expect(text, f"'{verb}' alone")
        return simple[verb]()
    if verb == "climb":
        fast = bool(args) and args[-1] == "fast"
        squares = args[:-1] if fast else args
        if not squares:
            raise _expect(text, "'climb' and the squares of the path, like 'climb c4 d5 [fast]'")
        return Climb(tuple(parse_square(a) for a in squares), fast)
    if verb in ("move", "withdraw", "run", "trample", "move-grapple", "swim"):
        if not args:
            raise _expect(text, f"'{verb}' and the squares of the path, like '{verb} c4 d5'")
        paths = {"move": Move, "withdraw": Withdraw, "run": Run, "trample": Trample, "swim": Swim}
        cls = {**paths, "move-grapple": MoveGrapple}[verb]
        return cls(tuple(parse_square(a) for a in args))
    if verb in ("step", "crawl", "open", "close", "start-full-round", "break"):
        if len(args) != 1:
            raise _expect(text, f"'{verb} SQUARE'")
        pos = parse_square(args[0])
        one: dict[str, type[Step | Crawl | StartFullRound | OpenDoor | CloseDoor | BreakDoor]] = {
            "step": Step,
            "crawl": Crawl,
            "start-full-round": StartFullRound,
            "open": OpenDoor,
            "close": CloseDoor,
            "break": BreakDoor,
        }
        return one[verb](pos)
    if verb == "attack-object":
        form = "'attack-object SQUARE [with WEAPON] [line-up]'"
        line_up = bool(args) and args[-1] == "line-up"
        rest = args[:-1] if line_up else args
        if not rest or (len(rest) > 1 and (rest[1] != "with" or len(rest) < 3)):
            raise _expect(text, form)
        return AttackObject(parse_square(rest[0]), " ".join(rest[2:]) or None, line_up)
    if verb == "charge":
        return _parse_charge(text, args)
    if verb == "throw":
        form = "'throw WEAPON at TARGET' or 'throw WEAPON at SQUARE+SQUARE' (an intersection)"
        cut = len(args) - 1 - args[::-1].index("at") if "at" in args else -1
        if cut < 1 or cut != len(args) - 2:
            raise _expect(text, form)
        thrown, aim = " ".join(args[:cut]), args[-1]
        if "+" in aim:
            return Throw(thrown, point=parse_intersection(aim))
        return Throw(thrown, aim)
    if verb == "throw-explosive":
        cut = len(args) - 2
        if cut < 1 or args[cut] != "at":
            raise _expect(text, "'throw-explosive WEAPON at SQUARE'")
        return ThrowExplosive(" ".join(args[:cut]), parse_square(args[-1]))
    if verb == "plant":
        cut = len(args) - 4
        if cut < 1 or args[cut] != "at" or args[-2] != "timer" or not args[-1].isdigit():
            raise _expect(text, "'plant WEAPON at SQUARE+SQUARE timer ROUNDS'")
        return Plant(" ".join(args[:cut]), parse_intersection(args[cut + 1]), _count(args[-1]))
    if verb == "autofire":
        cut = len(args) - 2
        if cut < 1 or args[cut] != "at" or "+" not in args[-1]:
            raise _expect(text, "'autofire WEAPON at SQUARE+SQUARE' (the area's four squares)")
        return Autofire(" ".join(args[:cut]), parse_intersection(args[-1]))
    if verb == "burst":
        cut = len(args) - 2
        if cut < 1 or args[cut] != "at" or "+" in args[-1]:
            raise _expect(text, "'burst WEAPON at TARGET'")
        return Burst(" ".join(args[:cut]), args[-1])
    if verb == "bull-rush":
        if len(args) not in (1, 2) or args[1:] not in ([], ["follow"]):
            raise _expect(text, "'bull-rush TARGET [follow]'")
        return BullRush(args[0], len(args) == 2)
    if verb == "overrun":
        if len(args) < 2:
            raise _expect(text, "'overrun TARGET SQUARE...' (the path through its space)")
        return Overrun(args[0], tuple(parse_square(a) for a in args[1:]))
    if verb == "tumble":
        if len(args) < 2:
            raise _expect(text, "'tumble TARGET SQUARE...' (the path through its space)")
        return Tumble(args[0], tuple(parse_square(a) for a in args[1:]))
    if verb == "attack":
        return _parse_attack(text, args)
    if verb in ATTACK_MANEUVERS:
        return _parse_maneuver(text, verb, args)
    if verb in ("escape-artist", "release", "rake"):
        if len(args) != 1:
            raise _expect(text, f"'{verb} TARGET'")
        return {"escape-artist": EscapeArtist, "release": Release, "rake": Rake}[verb](args[0])
    if verb == "flyby":
        if len(args) < 2:
            raise _expect(text, "'flyby TARGET SQUARE...' (the path flown past it)")
        return Flyby(args[0], tuple(parse_square(a) for a in args[1:]))
    if verb == "climb-about":
        if len(args) != 1:
            raise _expect(text, "'climb-about SQUARE', like 'climb-about c3'")
        return ClimbAbout(parse_square(args[0]))
    if verb == "hover":
        if args not in ([], ["off"]):
            raise _expect(text, "'hover' or 'hover off'")
        return Hover(bool(args))
    if verb == "fly":
        if len(args) != 2 or args[0] not in ("up", "down") or not _count(args[1]):
            raise _expect(text, "'fly up FEET' or 'fly down FEET', like 'fly up 20'")
        return Fly(args[0] == "up", _count(args[1]))
    if verb in ("mount", "dismount"):
        fast = bool(args) and args[-1] == "fast"
        rest = args[:-1] if fast else args
        if verb == "dismount":
            if rest:
                raise _expect(text, "'dismount' or 'dismount fast'")
            return Dismount(fast)
        if len(rest) != 1:
            raise _expect(text, "'mount STEED' or 'mount STEED fast'")
        return MountUp(rest[0], fast)
    if verb == "feint":
        if len(args) != 1:
            raise _expect(text, "'feint TARGET'")
        return Feint(args[0])
    if verb == "attack-square":
        if not args or (len(args) > 1 and (args[1] != "with" or len(args) < 3)):
            raise _expect(text, "'attack-square SQUARE' or 'attack-square SQUARE with WEAPON'")
        return AttackSquare(parse_square(args[0]), " ".join(args[2:]) or None)
    if verb in ("hide", "seek"):
        if args:
            raise _expect(text, f"'{verb}' alone")
        return Hide() if verb == "hide" else Seek()
    if verb in ("gaze", "wake"):
        if len(args) != 1:
            raise _expect(text, f"'{verb} TARGET'")
        return Gaze(args[0]) if verb == "gaze" else Wake(args[0])
    if verb == "eyes":
        if len(args) != 1 or args[0] not in EYES_CHOICES:
            raise _expect(text, "'eyes avert', 'eyes shut' or 'eyes open'")
        return Eyes(args[0])
    if verb == "aid":
        return _parse_aid(text, args)
    if verb == "relinquish":
        if len(args) != 1:
            raise _expect(text, "'relinquish TARGET' (a creature it commands)")
        return Relinquish(args[0])
    if verb == "order":
        if len(args) != 1:
            raise _expect(text, "'order TARGET' (a creature it commands)")
        return Order(args[0])
    if verb in TURNING_ACTIONS:
        if len(args) > 1:
            raise _expect(text, f"'{verb}' or '{verb} CREATURE-KIND' (a type or subtype)")
        return TURNING_ACTIONS[verb](args[0] if args else "undead")
    if verb in HELPLESS_ACTIONS:
        form = f"'{verb} TARGET [with WEAPON]'"
        if not args or (len(args) > 1 and (args[1] != "with" or len(args) < 3)):
            raise _expect(text, form)
        weapon = " ".join(args[2:]) or None
        return HELPLESS_ACTIONS[verb](args[0], weapon)
    if verb == "stabilize":
        if len(args) != 1:
            raise _expect(text, "'stabilize TARGET' (a dying creature next to it)")
        return Stabilize(args[0])
    if verb == "use":
        if len(args) != 1:
            raise _expect(text, "'use ACTIVITY', such as 'use drink' or 'use spell-like'")
        return use(args[0])
    if verb == "delay":
        if not args:
            return Delay()
        if len(args) != 2 or args[0] != "after":
            raise _expect(text, "'delay' or 'delay after COMBATANT'")
        return Delay(args[1])
    if verb == "ready":
        moving = re.match(r"^move ((?:\S+ )*\S+) when (\S+)$", " ".join(args))
        if moving and moving.group(2) in READY_MOVE_TRIGGERS:
            path = tuple(parse_square(w) for w in moving.group(1).split())
            return Ready(moving.group(2), None, path)
        free = re.match(r"^(drop-prone|drop .+?) when (\S+)$", " ".join(args))
        if free and free.group(2) in READY_MOVE_TRIGGERS:
            return Ready(free.group(2), free=free.group(1))
        m = re.match(r"^attack(?: with (.+?))? when (\S+)$", " ".join(args))
        if not m or m.group(2) not in (*READY_ATTACK_TRIGGERS, READY_STEP_TRIGGER):
            raise _expect(
                text,
                "'ready attack [with WEAPON] when enters-reach|step-reach|in-range' or "
                "'ready move SQUARES when enters-reach|adjacent' or "
                "'ready drop-prone|drop WEAPON when enters-reach|adjacent'",
            )
        return Ready(m.group(2), m.group(1))
    if verb == "drop" and len(args) >= 3 and args[-2] == "at":
        return Drop(" ".join(args[:-2]), parse_square(args[-1]))
    if verb == "speak":
        if not args:
            return Speak()
        if len(args) == 2 and args[0] == "by":
            return Speak(args[1])
        raise _expect(text, "'speak' or 'speak by ID'")
    if verb in ("ready-shield", "loose-shield") and not args:
        return ReadyShield() if verb == "ready-shield" else LooseShield()
    if verb in ("draw", "drop", "sheathe", "pick-up", "load", "retrieve", "stow"):
        if not args:
            raise _expect(text, f"'{verb} WEAPON'" + (" [at SQUARE]" if verb == "drop" else ""))
        name = " ".join(args)
        if verb == "drop":
            return Drop(name)
        if verb == "draw":
            first, _, second = name.partition(" and ")
            return Draw(first, second or None)
        kinds = {"sheathe": Sheathe, "pick-up": PickUp, "load": Load, "retrieve": Retrieve}
        return {**kinds, "stow": Stow}[verb](name)
    raise _expect(
        text,
        "one of: "
        + ", ".join(
            sorted(
                [
                    "end",
                    "move",
                    "step",
                    "withdraw",
                    "run",
                    "swim",
                    "climb",
                    "crawl",
                    "charge",
                    "bull-rush",
                    "overrun",
                    "tumble",
                    "trample",
                    "attack",
                    "total-defense",
                    "delay",
                    "ready",
                    "stand",
                    "drop-prone",
                    "draw",
                    "drop",
                    "sheathe",
                    "load",
                    "pick-up",
                    "retrieve",
                    "stow",
                    "ready-shield",
                    "loose-shield",
                    "speak",
                    "open",
                    "escape",
                    "surrender",
                    "flee",
                    "cower",
                    "start-full-round",
                    "move-grapple",
                    "escape-artist",
                    "release",
                    "rake",
                    "climb-down",
                    "climb-about",
                    "shake-off",
                    "fly",
                    "hover",
                    "flyby",
                    "knees",
                    "mount",
                    "dismount",
                    "attack-object",
                    "break",
                    "throw",
                    "autofire",
                    "burst",
                    "throw-explosive",
                    "plant",
                    "feint",
                    "gaze",
                    "eyes",
                    "wake",
                    "hide",
                    "seek",
                    "attack-square",
                    "aid",
                    *TURNING_ACTIONS,
                    "relinquish",
                    "order",
                    *HELPLESS_ACTIONS,
                    *ATTACK_MANEUVERS,
                ]
            )
        ),
    )


#: Special attacks made in place of a melee attack (so also within a full attack, at
#: its iterative bonuses), by verb: seed 000 "Trip", "Disarm", "Sunder", the grapple
#: options of seed 000 "Grapple", seed 001's climbing onto a larger creature.
ATTACK_MANEUVER_ACTIONS: dict[str, type[Attack]] = {
    "trip": Trip,
    "disarm": Disarm,
    "sunder": Sunder,
    "grapple": Grapple,
    "grab": Grab,
    "grapple-damage": GrappleDamage,
    "pin": Pin,
    "break-pin": BreakPin,
    "escape-grapple": EscapeGrapple,
    "escape-pin": EscapePin,
    "use-weapon": UseWeapon,
    "climb-onto": ClimbOnto,
    "garrote": Garrote,
    "strangle": Strangle,
    "cut-garrote": CutGarrote,
    "swallow": Swallow,
    "cut-free": CutFree,
}
ATTACK_MANEUVERS = tuple(ATTACK_MANEUVER_ACTIONS)
_ITEM_MANEUVERS = {"disarm": Disarm, "sunder": Sunder}

#: Every name an action carries for the conditions (``Action.named``).
NAMED_ACTIONS: frozenset[str] = frozenset(
    {
        Attack.named,
        Draw.named,
        EscapeArtist.named,
        MoveGrapple.named,
        Release.named,
        Rake.named,
        *(cls.named for cls in ATTACK_MANEUVER_ACTIONS.values()),
    }
)


def _parse_charge(text: str, args: list[str]) -> Charge:
    """``charge TARGET to SQUARE [power N] [bull-rush [follow] | overrun | pounce | dive]``."""
    form = "'charge TARGET to SQUARE [power N] [bull-rush [follow] | overrun | pounce | dive]'"
    if len(args) < 3 or args[1] != "to":
        raise _expect(text, form)
    rest = args[3:]
    follow = rest[-1:] == ["follow"]
    if follow:
        rest = rest[:-1]
    endings = (["bull-rush"], ["overrun"], ["pounce"], ["dive"])
    maneuver = rest.pop() if rest[-1:] in endings else None
    if follow and maneuver != "bull-rush":
        raise _expect(text, form)
    power = 0
    if rest:
        power = _count(rest[1]) if len(rest) == 2 and rest[0] == "power" else 0
        if not power:
            raise _expect(text, form)
    return Charge(args[0], parse_square(args[2]), power, maneuver, follow)


#: The full-round attacks on a helpless foe, by verb (SRD combat-ii and seed 004
#: "Helpless Defenders").
HELPLESS_ACTIONS: dict[str, type[CoupDeGrace]] = {
    "coup-de-grace": CoupDeGrace,
    "knockout-blow": KnockoutBlow,
    "aim": AimedShot,
}


def _parse_aid(text: str, args: list[str]) -> AidAnother:
    """``aid FRIEND against OPPONENT attack|defense [with WEAPON]``."""
    if len(args) < 4 or args[1] != "against" or args[3] not in AID_CHOICES:
        raise _expect(text, "'aid FRIEND against OPPONENT attack|defense [with WEAPON]'")
    rest = args[4:]
    if rest and (rest[0] != "with" or len(rest) < 2):
        raise _expect(text, "'aid FRIEND against OPPONENT attack|defense with WEAPON'")
    return AidAnother(args[0], args[2], args[3], " ".join(rest[1:]) or None)


def _parse_maneuver(text: str, verb: str, args: list[str]) -> Attack:
    """``trip TARGET [with WEAPON] [defensively] [drop-if-tripped]``;
    ``disarm|sunder TARGET [ITEM] [with WEAPON] [defensively]``;
    ``grapple-damage TARGET [lethal|nonlethal]``; ``garrote TARGET [with WEAPON]
    [defensively]``, ``strangle|cut-garrote|cut-free TARGET [with WEAPON]``; the other grapple
    options
    ``VERB TARGET [defensively]``."""
    if verb == "grapple-damage":
        kinds = {"lethal": False, "nonlethal": True}
        if not args or len(args) > 2 or (len(args) == 2 and args[1] not in kinds):
            raise _expect(text, "'grapple-damage TARGET [lethal|nonlethal]'")
        return GrappleDamage(args[0], nonlethal=kinds[args[1]] if len(args) == 2 else None)
    if verb in ("garrote", "strangle", "cut-garrote", "cut-free"):
        form = f"'{verb} TARGET [with WEAPON]" + (" [defensively]'" if verb == "garrote" else "'")
        defensively = verb == "garrote" and args[-1:] == ["defensively"]
        rest = args[1:-1] if defensively else args[1:]
        if not args or (rest and (rest[0] != "with" or len(rest) < 2)):
            raise _expect(text, form)
        cls = ATTACK_MANEUVER_ACTIONS[verb]
        return cls(args[0], " ".join(rest[1:]) or None, defensively=defensively)
    if verb not in ("trip", *_ITEM_MANEUVERS):
        if not args or len(args) > 2 or (len(args) == 2 and args[1] != "defensively"):
            raise _expect(text, f"'{verb} TARGET [defensively]'")
        return ATTACK_MANEUVER_ACTIONS[verb](args[0], defensively=len(args) == 2)
    item_form = verb in _ITEM_MANEUVERS
    form = (
        f"'{verb} TARGET [ITEM] [with WEAPON] [defensively]'"
        if item_form
        else f"'{verb} TARGET [with WEAPON] [defensively] [drop-if-tripped]'"
    )
    if not args:
        raise _expect(text, form)
    target, rest = args[0], args[1:]
    flags = (
        {"defensively": False} if item_form else {"defensively": False, "drop-if-tripped": False}
    )
    while rest and rest[-1] in flags:
        flags[rest.pop()] = True
    item = None
    if item_form and rest and rest[0] != "with":
        cut = rest.index("with") if "with" in rest else len(rest)
        item, rest = " ".join(rest[:cut]), rest[cut:]
    weapon = None
    if rest:
        if rest[0] != "with" or len(rest) < 2:
            raise _expect(text, form)
        weapon = " ".join(rest[1:])
    if item_form:
        return _ITEM_MANEUVERS[verb](target, weapon, defensively=flags["defensively"], item=item)
    return Trip(
        target,
        weapon,
        defensively=flags["defensively"],
        drop_if_tripped=flags["drop-if-tripped"],
    )


def _parse_attack(text: str, args: list[str]) -> Attack:
    if not args:
        raise _expect(
            text,
            "'attack TARGET [with WEAPON] [two-weapon] [defensively] [nonlethal|lethal]"
            " [hold-part]'",
        )
    target = args[0]
    rest = args[1:]
    numbers = {"power": 0, "expertise": 0}
    stance = None
    for word in ("power", "stance", "expertise"):
        if word in rest:
            i = rest.index(word)
            if i + 1 >= len(rest):
                raise _expect(text, f"'{word}' and its value, like 'power 2' or 'stance reckless'")
            value = rest[i + 1]
            if word == "stance":
                stance = value
            elif not _count(value):
                raise _expect(text, f"'{word} N' with N a whole number from 1 to 9999")
            else:
                numbers[word] = _count(value)
            del rest[i : i + 2]
    defensively = two_weapon = part_hold = False
    nonlethal: bool | None = None
    while rest and rest[-1] in ("defensively", "nonlethal", "lethal", "two-weapon", "hold-part"):
        word = rest.pop()
        if word == "hold-part":
            part_hold = True
        elif word == "defensively":
            defensively = True
        elif word == "two-weapon":
            two_weapon = True
        else:
            nonlethal = word == "nonlethal"
    weapon = None
    if rest:
        if rest[0] != "with" or len(rest) < 2:
            raise _expect(text, "'attack TARGET with WEAPON'")
        weapon = " ".join(rest[1:])
    return Attack(
        target,
        weapon,
        defensively,
        nonlethal,
        two_weapon,
        numbers["power"],
        stance,
        numbers["expertise"],
        part_hold,
    )
