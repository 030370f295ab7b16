"""The conditions table: what each condition does to attacks, AC, actions and rolls.

A table, not ``if`` chains. :data:`CONDITIONS` maps a condition's name to a
:class:`ConditionSpec`, one row per condition, each citing its source. The
functions below read the table; they are pure and cached on their (immutable)
arguments, so the simulator can call them once per attack.

* :func:`attack_modifiers` - for an attacker who has the conditions;
* :func:`defense_modifiers` - for a defender who has them (:class:`DefenseEffect`);
* :func:`miss_chance` - concealment that conditions give (blinded attacker, invisible
  defender);
* :func:`restrictions` - what a creature may do (:class:`Restrictions`);
* :func:`roll_modifiers` - saves, skill and ability checks, initiative, damage;
* :func:`ability_effects` - ability score penalties and scores treated as 0;
* :func:`sneak_attack_allowed` - seed 002 "Conditions that Allow Sneak Attacks";
  :func:`sneak_attack_extra` - the dice an attack then adds;
* :func:`expand` - the rows that apply to a set of names (implications and
  severity groups resolved).

Conditions are lower-case hyphenated names (``"flat-footed"``); :func:`normalize`
accepts spaces, underscores and a few aliases (``"sitting"``, ``"held"``,
``"surprised"``). Three conditions are relative to an attacker-defender pair, and
the caller passes them only for the pair they hold for: ``invisible`` (the creature
is invisible to *this* opponent, who has no means to see it), ``feinted`` (the
defender was feinted by *this* attacker) and ``flanking`` (the attacker flanks
*this* defender). ``attacked-by-invisible`` is derived by :func:`defense_modifiers`
from the attacker's ``invisible``. Sets of conditions are ``frozenset`` (the results
are cached on them).

Sources (each row cites its own):
* seed 002 "Table: Attack Roll Modifiers" and "Table: Armor Class Modifiers" with
  their footnotes, "Conditions that Allow Sneak Attacks", "Attacks of Opportunity",
  "Charge", "Grapple", "Feint";
* seed 003 "Armor Class" ("Dodge Bonuses": any situation that denies the Dexterity
  bonus denies dodge bonuses), "Flat-Footed", "Total Concealment", "Staggered and
  Unconscious";
* seed 000 "Grapple" (pinned: -4 AC against all but the pinner, not helpless),
  "Turn or Rebuke Undead", "Sneak Attacks", "Underwater Combat" (off balance),
  "Squeezing Through";
* seed 004 (``d20modern``) "Run" (+2 Defense against ranged attacks while running),
  "Helpless Defenders" (effective Defense 5 + size modifier), "Fighting
  Defensively", "Total Defense", "Disabled";
* seed 001 (``advanced``) "Fighting stances" (power attack, reckless, defensive);
* SRD special-abilities-and-conditions.html "Conditions", combat-i ("Run", "Total
  Defense", "Fighting Defensively") and combat-ii ("Helpless Defenders", "Charge",
  "Grappling Consequences", "Squeezing").

Judgment calls are listed in :data:`JUDGMENT_CALLS` (and in ``docs/conditions.md``,
which :func:`markdown` writes:
``python -c "from d20combat.rules.conditions import markdown; print(markdown(), end='')"
> docs/conditions.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Literal, NamedTuple, ParamSpec, TypeVar, cast

from d20combat.content.builds import SKILLS
from d20combat.content.creatures import Ability, ExtraDamage
from d20combat.errors import ContentError
from d20combat.rules.modifiers import BonusType, Modifier

ActionLevel = Literal["full", "single", "move-only", "flee", "none"]
"""What a condition lets a creature do on its turn.

* ``full``: anything;
* ``single``: one move action or one standard action, no full-round action
  (staggered, disabled);
* ``move-only``: a single move action (nauseated);
* ``flee``: only movement, up to running (panicked);
* ``none``: no actions (dazed, stunned, cowering, helpless ...), except the
  condition's ``escape_actions``.
"""

AooRule = Literal["any", "grapple-partner", "none"]
EndsAt = Literal["until-removed", "start-of-next-turn", "first-turn", "next-attack"]
RollKind = Literal["save", "skill", "ability-check", "initiative", "damage"]
HelplessDefense = Literal["dex-zero", "five-plus-size"]
"""The ruleset reading of a helpless defender's AC: ``dex-zero`` (srd35: Dex 0 and
-4 against melee) or ``five-plus-size`` (d20modern: effective Defense 5 + size)."""

# Named actions (used by the encounter's action notation).
GRAPPLE_ACTIONS: frozenset[str] = frozenset(
    {
        "activate-item",
        "grapple-attack",
        "cast-spell",
        "damage-opponent",
        "draw-light-weapon",
        "escape-grapple",
        "escape-pin",
        "escape-artist",
        "move-grapple",
        "strangle",
        "cut-garrote",
        "retrieve-component",
        "pin",
        "break-pin",
        "use-opponent-weapon",
        "release-pin",
        "swallow",
        "rake",
    }
)
"""SRD combat-ii "If You're Grappling" (seed 002 "Grappling Actions"; seed 004 "Escape
from Pin"); a monster's swallow and rake (SRD special abilities "Swallow Whole",
"Rake"). The encounter's actions carry these names (``Action.named``)."""

SWALLOWED_ACTIONS: frozenset[str] = frozenset(
    {"cut-free", "escape-grapple", "escape-artist", "draw-light-weapon", "activate-item"}
)
"""SRD special abilities "Swallow Whole": a swallowed creature "can try to cut its way
free with any light slashing or piercing weapon ... or it can just try to escape the
grapple"; it may draw a light weapon to cut with, as a grappler may (a reading, A85)."""

PRONE_USABLE = "prone-usable"
"""The weapon flag (``content.equipment.WeaponFlag.PRONE_USABLE``) of the ranged
weapons usable while prone: crossbows and shuriken."""

_KINDS: dict[ActionLevel, tuple[frozenset[str], bool]] = {
    # action level -> (kinds of action allowed, only one action a turn)
    "full": (frozenset({"standard", "move", "full-round"}), False),
    "single": (frozenset({"standard", "move"}), True),
    "move-only": (frozenset({"move"}), True),
    "flee": (frozenset({"move", "full-round"}), False),
    "none": (frozenset(), True),
}
_LEVEL_OF = {v: k for k, v in _KINDS.items()}
_AOO_RANK: dict[AooRule, int] = {"none": 0, "grapple-partner": 1, "any": 2}

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _cached(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``lru_cache`` that keeps the function's signature for the type checker."""
    return cast("Callable[_P, _R]", lru_cache(maxsize=8192)(fn))


_NO_ABILITIES: frozenset[Ability] = frozenset()
_EMPTY: frozenset[str] = frozenset()


class ConditionSpec(NamedTuple):
    """One row of the conditions table. Zero / False / empty means "no effect".

    Attacker side (the creature with the condition attacks):
      ``attack_melee``, ``attack_ranged``: untyped modifiers on its attack rolls;
      ``vs_sighted``: the attack modifier needs a target that is not blinded
      (invisible); ``ranged_requires``: weapon flags a ranged weapon must have
      (prone: ``prone-usable``); ``miss_chance_attacking``: every opponent has this
      concealment from it (blinded: total, 50).
    Defender side (the creature with the condition is attacked):
      ``ac_melee``, ``ac_ranged`` of type ``ac_type``; ``bonus_to_attackers_melee``
      / ``_ranged``: bonuses on the attacker's roll instead (off balance);
      ``loses_dex`` (and so its dodge bonuses), unless it has one of the features
      in ``dex_kept_by``; ``zero_abilities``: scores treated as 0 (helpless: Dex,
      so a -5 modifier); ``fixed_ac``: AC becomes this + size modifier, nothing
      else counts (d20modern helpless); ``concealment``: miss chance it gives to
      attackers (invisible: total, 50); ``sneak_attack``: listed explicitly as
      allowing sneak attacks; ``exempt``: the attacker relation against which the
      row's defender effects do not apply (``grapple-partner``: grappling's Dex
      loss; ``pinner``: pinned's AC penalty).
    Rolls and abilities:
      ``rolls``: (tag, value) pairs; a tag is a :data:`RollKind`, ``skill:<name>``,
      ``skill:str-dex`` (skills keyed on Str or Dex) or ``save:<fort|ref|will>``;
      ``abilities``: (ability, value) penalties to scores.
    Actions and movement:
      ``actions`` (:data:`ActionLevel`); ``only_actions``: the named actions it is
      limited to (grappling); ``escape_actions``: named actions still allowed when
      ``actions`` is ``none`` (pinned: escape); ``attacks``: can attack at all;
      ``can_move``; ``crawl_only`` (prone: 5 ft as a move action); ``speed_factor``;
      ``no_run``; ``no_charge``; ``aoo``: attacks of opportunity, unless it has a
      feature in ``aoo_kept_by`` (flat-footed: Combat Reflexes); ``threatens``;
      ``helpless``; ``drops_items``; ``flees``; ``ends_on_damage``: a blow that
      deals damage ends it (sleeping); ``speed_bonus``: feet added to its speeds, at
      most doubling them (hasted).
    Bookkeeping:
      ``implies``: conditions that come with it (unconscious implies helpless);
      ``group`` and ``severity``: only the most severe condition of a group applies
      (fear: shaken < frightened < panicked; fatigue: fatigued < exhausted);
      ``ends_at``: a hint for the encounter; ``source``; ``notes``.
    """

    name: str
    source: str
    attack_melee: int = 0
    attack_ranged: int = 0
    vs_sighted: bool = False
    ranged_requires: frozenset[str] = _EMPTY
    miss_chance_attacking: int = 0
    ac_melee: int = 0
    ac_ranged: int = 0
    ac_type: BonusType = BonusType.UNTYPED
    bonus_to_attackers_melee: int = 0
    bonus_to_attackers_ranged: int = 0
    loses_dex: bool = False
    dex_kept_by: frozenset[str] = _EMPTY
    zero_abilities: frozenset[Ability] = _NO_ABILITIES
    fixed_ac: int | None = None
    concealment: int = 0
    sneak_attack: bool = False
    exempt: Literal["", "grapple-partner", "pinner"] = ""
    rolls: tuple[tuple[str, int], ...] = ()
    abilities: tuple[tuple[Ability, int], ...] = ()
    actions: ActionLevel = "full"
    only_actions: frozenset[str] | None = None
    escape_actions: frozenset[str] = _EMPTY
    attacks: bool = True
    can_move: bool = True
    crawl_only: bool = False
    speed_factor: Fraction = Fraction(1)
    no_run: bool = False
    no_charge: bool = False
    aoo: AooRule = "any"
    aoo_kept_by: frozenset[str] = _EMPTY
    threatens: bool = True
    helpless: bool = False
    drops_items: bool = False
    flees: bool = False
    ends_on_damage: bool = False
    speed_bonus: int = 0
    implies: tuple[str, ...] = ()
    group: str = ""
    severity: int = 0
    ends_at: EndsAt = "until-removed"
    notes: str = ""


UNCANNY_DODGE = "uncanny dodge"
RUN_FEAT = "run"
COMBAT_REFLEXES = "combat reflexes"
HASTED = "hasted"  # one extra attack in a full attack (Combatant.routines_ready)

_HALF = Fraction(1, 2)
_FEAR = (("save", -2), ("skill", -2), ("ability-check", -2))
_SHAKEN = "seed 002 Table: Attack Roll Modifiers (frightened -2); SRD conditions"

_ROWS: tuple[ConditionSpec, ...] = (
    ConditionSpec(
        "attacked-by-invisible",
        "seed 002 Table: Attack Roll Modifiers note 2, 'Conditions that Allow Sneak "
        "Attacks', uncanny dodge note; SRD conditions 'Invisible'",
        loses_dex=True,
        dex_kept_by=frozenset({UNCANNY_DODGE}),
        sneak_attack=True,
        ends_at="next-attack",
        notes="Derived by defense_modifiers from the attacker's 'invisible'.",
    ),
    ConditionSpec(
        "balancing",
        "seed 002 Table: Armor Class Modifiers ('flat-footed (such as surprised, "
        "balancing, climbing)'); seed 000 'Sneak Attacks' (off balance)",
        implies=("flat-footed",),
    ),
    ConditionSpec(
        "blinded",
        "seed 002 Table: Armor Class Modifiers (-2, note 1); SRD conditions 'Blinded'; "
        "SRD combat-i 'Run' and combat-ii 'Charge' (no run or charge without sight)",
        miss_chance_attacking=50,
        ac_melee=-2,
        ac_ranged=-2,
        loses_dex=True,
        sneak_attack=True,
        rolls=(("skill:search", -4), ("skill:str-dex", -4)),
        speed_factor=_HALF,
        no_run=True,
        no_charge=True,
        notes="All opponents have total concealment (50%) to it; checks relying on vision fail.",
    ),
    ConditionSpec(
        "bound",
        "SRD conditions 'Helpless'; seed 002 Table: Armor Class Modifiers ('helpless "
        "(such as paralyzed, sleeping, or bound)')",
        implies=("helpless",),
    ),
    ConditionSpec(
        "caught-unaware",
        "seed 004 'Helpless Defenders' (an unaware target approached and treated as helpless)",
        implies=("helpless",),
        ends_on_damage=True,
        ends_at="first-turn",
        notes="d20modern (the ruleset's unaware_helpless): an unaware creature without "
        "precautions in a surprise round, until its first regular turn begins or damage "
        "wakes it (reading A199).",
    ),
    ConditionSpec(
        "charging",
        "seed 002 'Charge'; seed 000 'Charge' ('+2 bonus on the attack roll', '-2 "
        "penalty to your AC until the start of your next turn')",
        attack_melee=2,
        ac_melee=-2,
        ac_ranged=-2,
        ends_at="next-attack",
        notes="During the charge; after the charge attack the encounter replaces it "
        "with 'charged'. +2 on bull rush and overrun Strength checks (maneuvers).",
    ),
    ConditionSpec(
        "charged",
        "seed 000 'Charge' ('-2 penalty to your AC until the start of your next turn')",
        ac_melee=-2,
        ac_ranged=-2,
        ends_at="start-of-next-turn",
    ),
    ConditionSpec(
        "clinging",
        "seed 001 ('climb a larger creature and cling to its back', 'Sliding down safely "
        "takes all your movement for one round')",
        can_move=False,
        notes="Moves only with the creature it clings to, or by climbing down (grapple "
        "module); shaken off or falling, it lands prone at the creature's feet.",
    ),
    ConditionSpec(
        "climbing",
        "seed 002 Table: Armor Class Modifiers ('flat-footed (such as surprised, "
        "balancing, climbing)'); seed 000 'Sneak Attacks'",
        implies=("flat-footed",),
    ),
    ConditionSpec(
        "cowering",
        "seed 002 Table: Armor Class Modifiers (-2, note 1); SRD conditions 'Cowering'",
        ac_melee=-2,
        ac_ranged=-2,
        loses_dex=True,
        sneak_attack=True,
        actions="none",
    ),
    ConditionSpec(
        "dazed",
        "SRD conditions 'Dazed'; seed 004 'Nonlethal Damage' (dazed 1 round)",
        actions="none",
        notes="No penalty to AC; keeps its Dexterity bonus. Typically 1 round.",
    ),
    ConditionSpec(
        "dazzled",
        "seed 002 Table: Attack Roll Modifiers (-1); SRD conditions 'Dazzled'",
        attack_melee=-1,
        attack_ranged=-1,
        rolls=(("skill:search", -1), ("skill:spot", -1)),
    ),
    ConditionSpec(
        "dead",
        "seed 003 'Hit Points'; SRD conditions 'Dead'",
        implies=("helpless",),
        actions="none",
    ),
    ConditionSpec(
        "deafened",
        "SRD conditions 'Deafened'",
        rolls=(("initiative", -4),),
        notes="Fails Listen checks; 20% spell failure with verbal components.",
    ),
    ConditionSpec(
        "defensive-stance",
        "seed 001 'Fighting stances' (advanced): +2 dodge AC, -4 melee attacks",
        attack_melee=-4,
        ac_melee=2,
        ac_ranged=2,
        ac_type=BonusType.DODGE,
        ends_at="start-of-next-turn",
        notes="Chosen before a melee attack on its turn.",
    ),
    ConditionSpec(
        "disabled",
        "SRD conditions 'Disabled'; seed 004 'Disabled'; seed 003 'Hit Points'",
        actions="single",
        speed_factor=_HALF,
        notes="A standard (strenuous) action costs 1 hit point afterwards "
        "(rules.hitpoints.strenuous_action). Seed 004 is silent on speed: srd35 half.",
    ),
    ConditionSpec(
        "dying",
        "SRD conditions 'Dying'; seed 004 'Dying'",
        implies=("unconscious",),
        notes="Loses 1 hit point a round until stable (rules.hitpoints).",
    ),
    ConditionSpec(
        "entangled",
        "seed 002 Table: Attack Roll Modifiers (-2, note 1) and Table: Armor Class "
        "Modifiers (+0, note 2); SRD conditions 'Entangled'",
        attack_melee=-2,
        attack_ranged=-2,
        abilities=((Ability.DEX, -4),),
        speed_factor=_HALF,
        no_run=True,
        no_charge=True,
        notes="Cannot move if anchored. Casting needs Concentration DC 15 + spell level.",
    ),
    ConditionSpec(
        "exhausted",
        "SRD conditions 'Exhausted'",
        abilities=((Ability.STR, -6), (Ability.DEX, -6)),
        speed_factor=_HALF,
        no_run=True,
        no_charge=True,
        group="fatigue",
        severity=2,
        notes="Supersedes fatigued (keeps its ban on running and charging).",
    ),
    ConditionSpec(
        "fascinated",
        "SRD conditions 'Fascinated'",
        rolls=(("skill:listen", -4), ("skill:spot", -4)),
        actions="none",
        notes="-4 on skill checks made as reactions. A threat allows a new save; an "
        "obvious threat ends it.",
    ),
    ConditionSpec(
        "fatigued",
        "SRD conditions 'Fatigued'",
        abilities=((Ability.STR, -2), (Ability.DEX, -2)),
        no_run=True,
        no_charge=True,
        group="fatigue",
        severity=1,
    ),
    ConditionSpec(
        "feinted",
        "seed 002 'Feint'; seed 000 'Feint'",
        loses_dex=True,
        sneak_attack=True,
        ends_at="next-attack",
        notes="Only against the feinter's next melee attack, on or before its next turn.",
    ),
    ConditionSpec(
        "fighting-defensively",
        "SRD combat-i 'Fighting Defensively'; seed 004 'Fighting Defensively' (-4 "
        "attacks, +2 dodge)",
        attack_melee=-4,
        attack_ranged=-4,
        ac_melee=2,
        ac_ranged=2,
        ac_type=BonusType.DODGE,
        ends_at="start-of-next-turn",
        notes="+3 dodge with 5 ranks of Tumble (caller).",
    ),
    ConditionSpec(
        "flanking",
        "seed 002 Table: Attack Roll Modifiers (+2 melee); seed 003 'Flanking'",
        attack_melee=2,
        notes="Attacker side, for one defender; the grid decides it.",
    ),
    ConditionSpec(
        "flat-footed",
        "seed 002 Table: Armor Class Modifiers (+0, note 1), 'Attacks of Opportunity', "
        "uncanny dodge note; seed 003 'Flat-Footed'",
        loses_dex=True,
        dex_kept_by=frozenset({UNCANNY_DODGE}),
        sneak_attack=True,
        aoo="none",
        aoo_kept_by=frozenset({COMBAT_REFLEXES}),
        ends_at="first-turn",
    ),
    ConditionSpec(
        "frightened",
        _SHAKEN + " 'Frightened'",
        attack_melee=-2,
        attack_ranged=-2,
        rolls=_FEAR,
        flees=True,
        group="fear",
        severity=2,
        notes="Flees from the source if it can; may fight if it cannot.",
    ),
    ConditionSpec(
        "garroted",
        "seed 000 'Garrote Attacks' ('Being garroted is just like being grappled')",
        implies=("grappling",),
        notes="Owned by the garroter; the victim is grappling it. A garroter strangles "
        "(no pin, no other weapon); the victim cannot disarm it.",
    ),
    ConditionSpec(
        "grappling",
        "seed 002 Table: Armor Class Modifiers ('grappling (but attacker is not)' +0, "
        "notes 1, 3) and 'Grapple: Consequences'; SRD conditions 'Grappling'",
        loses_dex=True,
        sneak_attack=True,
        exempt="grapple-partner",
        only_actions=GRAPPLE_ACTIONS,
        can_move=False,
        aoo="grapple-partner",
        threatens=False,
        notes="Attacks on a grapple opponent are at -4 (the ruleset's grapple attack "
        "penalty). A ranged attack into a grapple from outside strikes a random grappler "
        "(seed 002 note 3).",
    ),
    ConditionSpec(
        "hasted",
        "seed 001 'Haste spell' ('one additional primary attack each round'), the rest "
        "the SRD haste spell's, not in the excerpt (reading A186): +1 on attack rolls, +1 "
        "dodge bonus to AC and Reflex saves, +30 ft. speed (at most double), the extra "
        "attack at the highest bonus in a full attack",
        attack_melee=1,
        attack_ranged=1,
        ac_melee=1,
        ac_ranged=1,
        ac_type=BonusType.DODGE,
        rolls=(("save:ref", 1),),
        speed_bonus=30,
        notes="The extra attack: Combatant.routines_ready; a scenario sets it (spells are "
        "not modelled).",
    ),
    ConditionSpec(
        "helpless",
        "seed 002 Table: Armor Class Modifiers (-4 melee, +0 ranged, note 4); SRD "
        "combat-ii 'Helpless Defenders'; SRD conditions 'Helpless'",
        ac_melee=-4,
        loses_dex=True,
        zero_abilities=frozenset({Ability.DEX}),
        sneak_attack=True,
        actions="none",
        can_move=False,
        helpless=True,
        notes="Open to a coup de grace (full-round action, provokes).",
    ),
    ConditionSpec(
        "higher-ground",
        "seed 002 Table: Attack Roll Modifiers (+1 melee)",
        attack_melee=1,
    ),
    ConditionSpec(
        "riding",
        "seed 000 'Mounted Combat' ('Your mount acts on your initiative count as you "
        "direct it. You move at its speed, but the mount uses its action to move.')",
        can_move=False,
        notes="Moves only with its mount, sharing its space (encounter.mounted); the "
        "rider's attacks read the mount's movement this round.",
    ),
    ConditionSpec(
        "mount-controlled",
        "seed 000 'Horses in Combat' ('If you succeed, you can perform a standard action "
        "after the move action')",
        notes="The rider spent its move action controlling its frightened mount: its "
        "standard action is left (encounter.mounted.directed).",
    ),
    ConditionSpec(
        "losing-control",
        "seed 000 'Horses in Combat' ('If you fail, the move action becomes a full-round "
        "action and you can't do anything else until your next turn')",
        actions="none",
    ),
    ConditionSpec(
        "guiding-by-knees",
        "seed 000 'Combat while Mounted' ('With a DC 5 Ride check, you can guide your "
        "mount with your knees so as to use both hands to attack or defend yourself')",
        notes="Both hands free until the rider's next turn (encounter.mounted).",
    ),
    ConditionSpec(
        "hand-on-reins",
        "seed 000 'Combat while Mounted' (the DC 5 Ride check to guide with the knees failed)",
        notes="One hand on the reins until the rider's next turn: no attack needing "
        "two hands (encounter.mounted).",
    ),
    ConditionSpec(
        "slumped",
        "seed 000 'If You Are Dropped' ('you have a 50% chance to stay in the saddle')",
        notes="A rider knocked unconscious who stayed in the saddle (encounter.mounted): "
        "no second roll while it stays unconscious.",
    ),
    ConditionSpec(
        "mount-double-move",
        "seed 000 'Combat while Mounted' (ranged weapons while the mount takes a double "
        "move: -4); seed 002 'Mounted Combat'",
        attack_ranged=-4,
    ),
    ConditionSpec(
        "mount-moving",
        "seed 001 'Mounts' ('If you make a ranged attack when your mount is moving, you "
        "suffer disadvantage on the attack')",
        notes="advanced: the rider's ranged attacks after its mount moved are rolled "
        "with disadvantage (encounter.fighting).",
    ),
    ConditionSpec(
        "mount-running",
        "seed 000 'Combat while Mounted' (ranged weapons while the mount runs: -8); "
        "seed 002 'Mounted Combat'",
        attack_ranged=-8,
    ),
    ConditionSpec(
        "invisible",
        "seed 002 Table: Attack Roll Modifiers (+2, note 2); seed 003 'Ignoring "
        "Concealment', 'Total Concealment'; SRD 'Invisibility'",
        attack_melee=2,
        attack_ranged=2,
        vs_sighted=True,
        concealment=50,
        notes="Its opponents lose their Dex bonus ('attacked-by-invisible'). It has total "
        "concealment and so does not provoke and cannot be sneak attacked.",
    ),
    ConditionSpec(
        "blurred",
        "seed 003 'Concealment' ('some magical effects provide concealment against all "
        "attacks'); SRD spells 'Blur' (concealment, 20% miss chance: reading A218)",
        concealment=20,
        notes="Concealment against every attack, whatever lies between (A218).",
    ),
    ConditionSpec(
        "displaced",
        "seed 003 'Concealment' ('some magical effects provide concealment against all "
        "attacks'); SRD spells 'Displacement' (50% miss chance: reading A218)",
        concealment=50,
        notes="A 50% miss chance against every attack; unlike total concealment, foes "
        "still target it normally (A218).",
    ),
    ConditionSpec(
        "kneeling",
        "seed 002 Table: Armor Class Modifiers ('kneeling or sitting' -2 melee, +2 ranged)",
        ac_melee=-2,
        ac_ranged=2,
    ),
    ConditionSpec(
        "nauseated",
        "SRD conditions 'Nauseated'",
        actions="move-only",
        attacks=False,
        notes="Cannot attack, cast or concentrate.",
    ),
    ConditionSpec(
        "off-balance",
        "seed 000 'Underwater Combat' note 4 ('loses its Dexterity bonus to Armor Class, "
        "and opponents gain a +2 bonus on attacks against it'); seed 000 'Sneak Attacks'",
        bonus_to_attackers_melee=2,
        bonus_to_attackers_ranged=2,
        loses_dex=True,
        sneak_attack=True,
    ),
    ConditionSpec(
        "panicked",
        "SRD conditions 'Panicked'",
        rolls=_FEAR,
        actions="flee",
        drops_items=True,
        flees=True,
        group="fear",
        severity=3,
        notes="Flees at top speed along a random path; if cornered it cowers.",
    ),
    ConditionSpec(
        "paralyzed",
        "SRD conditions 'Paralyzed'; seed 002 Table: Armor Class Modifiers ('helpless "
        "(such as paralyzed ...)')",
        implies=("helpless",),
        zero_abilities=frozenset({Ability.STR, Ability.DEX}),
        actions="none",
        escape_actions=frozenset({"purely-mental"}),
        notes="A flyer falls, a swimmer may drown; its squares can be passed through "
        "(each costs 2).",
    ),
    ConditionSpec(
        "part-hold",
        "SRD special abilities 'Improved Grab' ('simply use the part of its body it used "
        "in the improved grab to hold the opponent ... a -20 penalty on grapple checks, but "
        "is not considered grappled itself')",
        notes="Owned by the holder, which grapples the creature it holds without the "
        "grappling condition: it keeps its Dexterity bonus, threatens, moves (carrying the "
        "creature held) and attacks others; its grapple checks take -20.",
    ),
    ConditionSpec(
        "pinned",
        "seed 000 'If You're Pinned by an Opponent' (-4 AC against all but the pinner, "
        "not helpless); seed 004 'If the Character is Pinned'; seed 002 note 4 (sneak attack)",
        ac_melee=-4,
        ac_ranged=-4,
        sneak_attack=True,
        exempt="pinner",
        actions="none",
        escape_actions=frozenset({"escape-pin", "escape-artist", "cast-spell"}),
        can_move=False,
        implies=("grappling",),
        notes="Seed 002's table row (-4 melee, +0 ranged, Dex 0) is not used: the grapple "
        "text of seeds 000, 002 and 004 says -4 against others, not helpless.",
    ),
    ConditionSpec(
        "power-attack-stance",
        "seed 001 'Fighting stances' (advanced): 'power attack'",
        ends_at="start-of-next-turn",
        notes="Trades 1..BAB of melee attack for as much melee damage: the number is "
        "the attack procedure's.",
    ),
    ConditionSpec(
        "prone",
        "seed 002 Table: Attack Roll Modifiers (-4 melee, note 3) and Table: Armor Class "
        "Modifiers (-4 melee, +4 ranged); SRD conditions 'Prone'",
        attack_melee=-4,
        ranged_requires=frozenset({PRONE_USABLE}),
        ac_melee=-4,
        ac_ranged=4,
        crawl_only=True,
        no_run=True,
        no_charge=True,
        notes="Ranged only with a crossbow or shuriken, at no penalty. Standing up is a "
        "move action that provokes; crawling 5 ft is a move action that provokes.",
    ),
    ConditionSpec(
        "bolstered",
        "seed 000 'Bolstering Undead'",
        notes="10 rounds. Its effective Hit Dice against turning are the bolstering "
        "check's (Combatant.channelled), if higher than its own.",
    ),
    ConditionSpec(
        "commanded",
        "seed 000 'Commanded' ('under the mental control of the evil cleric')",
        notes="Until released. It fights on its commander's side.",
    ),
    ConditionSpec(
        "awaiting-orders",
        "seed 000 'Commanded' ('The cleric must take a standard action to give mental "
        "orders to a commanded undead')",
        actions="none",
        notes="Until its commander gives it orders (a standard action, `order TARGET`): "
        "commanded, it stands doing nothing (A242).",
    ),
    ConditionSpec(
        "rebuked",
        "seed 000 'Rebuked' ('cowers as if in awe (attack rolls against the creature get "
        "a +2 bonus)')",
        implies=("cowering",),
        notes="10 rounds. Expressed through cowering's -2 AC, not also +2 to attackers.",
    ),
    ConditionSpec(
        "reckless-stance",
        "seed 001 'Fighting stances' (advanced): +2 melee attacks, -4 AC",
        attack_melee=2,
        ac_melee=-4,
        ac_ranged=-4,
        ends_at="start-of-next-turn",
    ),
    ConditionSpec(
        "run-rest",
        "seed 004 'Run' ('A character who has run to his or her limit must rest for 1 "
        "minute (10 rounds) before running again'); SRD combat-i 'Run'",
        no_run=True,
        notes="Cannot run; moves no faster than one move action where the ruleset says "
        "so (run_rest_movement; encounter.running).",
    ),
    ConditionSpec(
        "running",
        "SRD combat-i 'Run' (loses Dex unless the Run feat); seed 004 'Run' (+2 Defense "
        "against ranged attacks); seed 000 'Sneak Attacks'",
        loses_dex=True,
        dex_kept_by=frozenset({RUN_FEAT}),
        sneak_attack=True,
        ends_at="start-of-next-turn",
        notes="The d20modern +2 against ranged attacks is the ruleset reading "
        "run_ranged_defense_bonus.",
    ),
    ConditionSpec(
        "shaken",
        "seed 002 Table: Attack Roll Modifiers; SRD conditions 'Shaken'",
        attack_melee=-2,
        attack_ranged=-2,
        rolls=_FEAR,
        group="fear",
        severity=1,
    ),
    ConditionSpec(
        "sickened",
        "SRD conditions 'Sickened'",
        attack_melee=-2,
        attack_ranged=-2,
        rolls=(("damage", -2), *_FEAR),
        notes="The damage penalty is on weapon damage rolls.",
    ),
    ConditionSpec(
        "sleeping",
        "SRD conditions 'Helpless'; seed 000 'Sneak Attacks'",
        implies=("helpless",),
        actions="none",
        ends_on_damage=True,
        notes="Any damage wakes it (lethal or nonlethal, after damage reduction), or "
        "the end of its duration; an ally's slap is not modelled (reading A70: the "
        "SRD's spell Sleep, whose page is not in srd35/).",
    ),
    ConditionSpec(
        "squeezing",
        "seed 002 Table: Attack Roll Modifiers and Table: Armor Class Modifiers (-4, -4); "
        "seed 000 'Squeezing Through' (half speed)",
        attack_melee=-4,
        attack_ranged=-4,
        ac_melee=-4,
        ac_ranged=-4,
        notes="Half speed is charged by the map, not here: each squeezed step counts "
        "as 2 squares (grid.movement), doubled again where also low.",
    ),
    ConditionSpec(
        "stooping",
        "seed 000 'Squeezing Through' (a ceiling as low as half its height, the "
        "squeezing penalties, doubled when also narrow)",
        attack_melee=-4,
        attack_ranged=-4,
        ac_melee=-4,
        ac_ranged=-4,
        notes="Under a low ceiling (the map's low-ceiling squares, 8 ft high: reading "
        "A131). Half speed is charged by the map, one doubling with squeezing or not "
        "(A20); with squeezing the penalties add up to -8 (A20).",
    ),
    ConditionSpec(
        "stable",
        "SRD conditions 'Stable'; seed 004 'Stable Characters and Recovery'",
        implies=("unconscious",),
        notes="When it wakes it is disabled instead.",
    ),
    ConditionSpec(
        "staggered",
        "seed 003 'Staggered and Unconscious'; SRD conditions 'Staggered'",
        actions="single",
    ),
    ConditionSpec(
        "stunned",
        "seed 002 Table: Armor Class Modifiers (-2, note 1); SRD conditions 'Stunned'",
        ac_melee=-2,
        ac_ranged=-2,
        loses_dex=True,
        sneak_attack=True,
        actions="none",
        drops_items=True,
    ),
    ConditionSpec(
        "swallowed",
        "SRD special abilities 'Swallow Whole' ('A swallowed creature is considered to "
        "be grappled, while the creature that did the swallowing is not')",
        loses_dex=True,
        only_actions=SWALLOWED_ACTIONS,
        can_move=False,
        aoo="none",
        threatens=False,
        notes="Owned by the swallower. Inside it, off the map: nobody else can reach it; "
        "it cuts its way out or escapes back into the mouth.",
    ),
    ConditionSpec(
        "swimming",
        "seed 000 'Underwater Combat' note 2 (a successful Swim check); SRD special "
        "abilities 'Swim' (only a swim speed lets a creature run while swimming)",
        no_run=True,
        no_charge=True,
        notes="Without a swim speed, its Swim check succeeded this round: it may swim "
        "(encounter.swimming).",
    ),
    ConditionSpec(
        "total-defense",
        "SRD combat-i 'Total Defense' (+4 dodge, no attacks of opportunity); seed 004 "
        "'Total Defense'",
        ac_melee=4,
        ac_ranged=4,
        ac_type=BonusType.DODGE,
        aoo="none",
        ends_at="start-of-next-turn",
        notes="+6 dodge with 5 ranks of Tumble (caller).",
    ),
    ConditionSpec(
        "turned",
        "seed 000 'Turn or Rebuke Undead'; SRD conditions 'Turned'",
        flees=True,
        notes="10 rounds. If it cannot flee it cowers (the encounter adds 'cowering'). "
        "Approaching within 10 ft of the turner ends it.",
    ),
    ConditionSpec(
        "petrified",
        "SRD conditions 'Petrified' ('turned to stone and is considered unconscious'); "
        "SRD special abilities 'Gaze Attacks'",
        implies=("unconscious",),
        actions="none",
        notes="Lasting (no stone to flesh in the fight): out of the fight.",
    ),
    ConditionSpec(
        "averting-gaze",
        "SRD special abilities 'Gaze Attacks' ('Averting Eyes'); seed 001 'Averting your gaze'",
        notes="Until it looks again: a 50% chance each round of not having to save "
        "against a gaze, and each gazer has concealment (the ruleset's "
        "averted_gaze_miss_chance, 20%) against it (encounter/maneuvers/gaze.py).",
    ),
    ConditionSpec(
        "mirror-watching",
        "SRD special abilities 'Gaze Attacks' ('tracking the creature in a reflective "
        "surface'); seed 001 'Concealment and special vision' ('reflected in a mirror')",
        notes="Watching gazers in a mirror it holds up (a starting condition: it carries "
        "one): averting the eyes (50% chance of no save, the gazer concealed), or under "
        "the ruleset's mirror_absorbs_gaze the first gaze shatters the mirror instead of "
        "a save (encounter/maneuvers/gaze.py).",
    ),
    ConditionSpec(
        "freedom-of-movement",
        "seed 000 'Underwater Combat' ... 'Freedom of movement' ... 'Attacks from Land'",
        notes="A starting condition a scenario sets (a spell or item in effect): in the "
        "water it moves at its land speed with no Swim check, attacks with every weapon "
        "normally and takes no grapple penalty (encounter/water.py); on land it ignores "
        "the water's cover in melee, and a submerged creature has no total cover against "
        "it (A250).",
    ),
    ConditionSpec(
        "eyes-shut",
        "SRD special abilities 'Gaze Attacks' ('shut his eyes, turn his back on the "
        "creature, or wear a blindfold'); seed 001 'Closing your eyes'",
        implies=("blinded",),
        notes="Until it opens them: safe from gazes, and blinded (every opponent has "
        "total concealment against it).",
    ),
    ConditionSpec(
        "unconscious",
        "seed 003 'Staggered and Unconscious'; SRD conditions 'Unconscious'",
        implies=("helpless",),
        actions="none",
    ),
)

CONDITIONS: Mapping[str, ConditionSpec] = MappingProxyType({row.name: row for row in _ROWS})
"""Every condition by name (read-only)."""
ENDS_ON_DAMAGE: frozenset[str] = frozenset(row.name for row in _ROWS if row.ends_on_damage)
"""The conditions a blow that deals damage ends (sleeping: reading A70)."""
# the groups whose effects add up (:func:`combine`): severity -> condition
_CUMULATIVE = {
    group: {row.severity: row.name for row in _ROWS if row.group == group}
    for group in ("fear", "fatigue")
}

ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "sitting": "kneeling",
        "held": "paralyzed",
        "asleep": "sleeping",
        "surprised": "flat-footed",
        "off-balanced": "off-balance",
        "flatfooted": "flat-footed",
        "blind": "blinded",
        "fight-defensively": "fighting-defensively",
        "defending": "total-defense",
    }
)

HELPLESS_READINGS: Mapping[HelplessDefense, ConditionSpec] = MappingProxyType(
    {
        "dex-zero": CONDITIONS["helpless"],
        "five-plus-size": CONDITIONS["helpless"]._replace(
            source="seed 004 'Helpless Defenders' ('an effective Defense of 5 + his or her "
            "size modifier'); srd35 elsewhere",
            ac_melee=0,
            fixed_ac=5,
            notes="A full-round ranged attack from a square not adjacent gets +5 "
            "(seed 004; action procedure).",
        ),
    }
)
"""The helpless row per ruleset reading (proposed ``Ruleset.helpless_defense``)."""

JUDGMENT_CALLS: tuple[str, ...] = (
    "Helpless: -4 AC against melee and +0 against ranged, Dex treated as 0 (seed 002 "
    "table, SRD combat-ii). The SRD condition summary's '+4 on melee attacks against a "
    "helpless target' is the same effect seen from the attacker, so it is not added too. "
    "d20modern reads seed 004: effective Defense 5 + size modifier (reading "
    "'five-plus-size').",
    "Pinned: -4 AC against everyone but the pinner, melee and ranged, not helpless "
    "(the grapple text of seeds 000 and 004 and the SRD; seed 002's grapple text says "
    "'opponents not engaged in the grapple', a difference only in a grapple of three or "
    "more), plus grappling's loss of Dex against those outside the grapple. Seed 002's "
    "table row (-4 melee, +0 ranged, Dex 0, copied from helpless) is not used. Seed 002's "
    "note 4 still allows sneak attacks.",
    "Cowering, turned and rebuked: seed 000 gives '+2 on attack rolls against' a "
    "turned-and-cornered or rebuked undead; that is cowering (seed 002 table: -2 AC and "
    "loses Dex), applied once as an AC penalty. Turned creatures flee; the encounter adds "
    "cowering when they cannot.",
    "Off balance (seed 000, underwater): loses Dex and opponents get +2 on attacks, kept "
    "as an attacker bonus as the seed words it (DefenseEffect.attacker_modifiers).",
    "Running: loses Dex unless the Run feat (SRD combat-i). d20modern adds +2 Defense "
    "against ranged attacks (seed 004, reading run_ranged_defense_bonus = 2).",
    "Creatures that cannot attack (no actions, nauseated, panicked, pinned) neither "
    "threaten nor make attacks of opportunity: an attack of opportunity is a melee attack.",
    "Grappling: no threatened squares, attacks of opportunity only against a grapple "
    "partner (seed 002 'Consequences'); it moves only by a grapple check.",
    "Severity groups: a creature shaken and frightened takes -2 once (fear: shaken < "
    "frightened < panicked; fatigue: fatigued < exhausted). Other penalties from "
    "different conditions all apply (SRD: 'apply them all'), so helpless and prone "
    "together give -8 against melee.",
    "Half speed from several conditions is still half (the most severe effect applies).",
    "Exhausted cannot run or charge: it is a worse state of fatigued, which cannot.",
    "Charging: 'charging' (+2 melee attack, -2 AC) lasts through the charge attack; the "
    "encounter then puts 'charged' (-2 AC) until the start of the creature's next turn.",
    "Balancing and climbing imply flat-footed (seed 002 table: 'flat-footed (such as "
    "surprised, balancing, climbing)'), so uncanny dodge keeps Dex there.",
    "Prone creatures crawl (5 ft as a move action) and cannot run or charge.",
)


# ---------------------------------------------------------------------------
# Expansion


def normalize(name: str) -> str:
    """The table's spelling of a condition name.

    Raises:
        ContentError: for a name that is not in :data:`CONDITIONS` or :data:`ALIASES`.
    """
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = ALIASES.get(key, key)
    if key not in CONDITIONS:
        raise ContentError(
            f"unknown condition {name!r}",
            field="conditions",
            expected="one of " + ", ".join(sorted(CONDITIONS)),
        )
    return key


@_cached
def expand(conditions: frozenset[str]) -> tuple[str, ...]:
    """The conditions that apply, sorted: names normalized, implications added, and
    only the most severe of each severity group kept.

    >>> expand(frozenset({"unconscious", "shaken", "frightened"}))
    ('frightened', 'helpless', 'unconscious')

    Raises:
        ContentError: for an unknown condition name.
    """
    todo = [normalize(c) for c in conditions]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(CONDITIONS[name].implies)
    worst: dict[str, int] = {}
    for name in seen:
        spec = CONDITIONS[name]
        if spec.group:
            worst[spec.group] = max(worst.get(spec.group, 0), spec.severity)
    return tuple(
        sorted(
            n
            for n in seen
            if not CONDITIONS[n].group or CONDITIONS[n].severity == worst[CONDITIONS[n].group]
        )
    )


@lru_cache(maxsize=16)
def _table(
    helpless_defense: HelplessDefense, run_ranged_defense_bonus: int
) -> Mapping[str, ConditionSpec]:
    rows = dict(CONDITIONS)
    rows["helpless"] = HELPLESS_READINGS[helpless_defense]
    if run_ranged_defense_bonus:
        rows["running"] = rows["running"]._replace(ac_ranged=run_ranged_defense_bonus)
    return MappingProxyType(rows)


# ---------------------------------------------------------------------------
# Attacker


@_cached
def attack_modifiers(
    conditions: frozenset[str], *, ranged: bool, target: frozenset[str] = frozenset()
) -> tuple[Modifier, ...]:
    """Modifiers on the attack rolls of an attacker with ``conditions``.

    ``target`` is the defender's conditions: the invisible attacker's +2 does not apply
    against a blinded target (seed 002 note 2). Whether a ranged attack is allowed at
    all (prone) is :attr:`Restrictions.ranged_requires`; the defender's own effects
    on the roll are :attr:`DefenseEffect.attacker_modifiers`. Flanking is passed as the
    attacker's ``flanking`` condition when the grid says so.

    >>> [str(m) for m in attack_modifiers(frozenset({"prone", "shaken"}), ranged=False)]
    ['-4 (prone (attacker))', '-2 (shaken (attacker))']

    Raises:
        ContentError: for an unknown condition name.
    """
    blind_target = "blinded" in expand(target)
    out = []
    for name in expand(conditions):
        spec = CONDITIONS[name]
        value = spec.attack_ranged if ranged else spec.attack_melee
        if value and not (spec.vs_sighted and blind_target):
            out.append(Modifier(value, BonusType.UNTYPED, f"{name} (attacker)"))
    return tuple(out)


@_cached
def miss_chance(attacker: frozenset[str], defender: frozenset[str]) -> int:
    """The miss chance (percent) that conditions give: an invisible defender has total
    concealment, and every opponent of a blinded attacker has it (50). Concealment
    does not stack: the caller takes the largest of this and the grid's.

    Raises:
        ContentError: for an unknown condition name.
    """
    worst = max((CONDITIONS[n].miss_chance_attacking for n in expand(attacker)), default=0)
    return max(worst, *(CONDITIONS[n].concealment for n in expand(defender)), 0)


# ---------------------------------------------------------------------------
# Defender


class DefenseEffect(NamedTuple):
    """What a defender's conditions do to one attack against it.

    ``modifiers`` go on the defender's AC (sourced ``"<condition> (defender)"``);
    ``attacker_modifiers`` go on the attacker's roll. When ``loses_dex``, the caller
    drops the defender's Dexterity *bonus* (a penalty stays) and, since
    ``loses_dodge`` is then true too (seed 003 "Dodge Bonuses"), its dodge bonuses;
    this module's own dodge modifiers are already moved to ``dropped``. When
    ``dex_zero``, the Dexterity modifier to AC is -5. When ``fixed_ac`` is set, the
    AC is that number plus the size modifier and nothing else counts. ``dex_lost_by``
    names the conditions that took the Dexterity bonus away.
    """

    modifiers: tuple[Modifier, ...]
    attacker_modifiers: tuple[Modifier, ...]
    loses_dex: bool
    dex_zero: bool
    loses_dodge: bool
    fixed_ac: int | None
    dex_lost_by: tuple[str, ...]
    dropped: tuple[Modifier, ...]


@_cached
def defense_modifiers(
    conditions: frozenset[str],
    *,
    ranged: bool,
    attacker: frozenset[str] = frozenset(),
    uncanny_dodge: bool = False,
    run_feat: bool = False,
    grapple_partner: bool = False,
    pinner: bool = False,
    helpless_defense: HelplessDefense = "dex-zero",
    run_ranged_defense_bonus: int = 0,
) -> DefenseEffect:
    """The effect of a defender's ``conditions`` on one attack against it.

    ``attacker`` is the attacker's conditions: ``invisible`` there makes the defender
    lose its Dexterity bonus (``attacked-by-invisible``; uncanny dodge keeps it).
    ``uncanny_dodge`` keeps Dex when flat-footed or attacked by an invisible foe, not
    otherwise; ``run_feat`` keeps it while running. ``grapple_partner``: the attacker
    is in the defender's grapple (grappling's Dex loss does not apply);
    ``pinner``: the attacker holds the defender's pin (pinned's -4 does not apply;
    implies ``grapple_partner``). ``helpless_defense`` and ``run_ranged_defense_bonus``
    are the ruleset readings (srd35: ``"dex-zero"`` and 0; d20modern:
    ``"five-plus-size"`` and 2).

    >>> e = defense_modifiers(frozenset({"prone"}), ranged=True)
    >>> [str(m) for m in e.modifiers], e.loses_dex
    (['+4 (prone (defender))'], False)

    Raises:
        ContentError: for an unknown condition name.
    """
    extra = frozenset({"attacked-by-invisible"}) if "invisible" in expand(attacker) else _EMPTY
    keep = frozenset(f for f, on in ((UNCANNY_DODGE, uncanny_dodge), (RUN_FEAT, run_feat)) if on)
    return _defense(
        frozenset(expand(conditions)) | extra,
        ranged,
        keep,
        "pinner" if pinner else "grapple-partner" if grapple_partner else "",
        helpless_defense,
        run_ranged_defense_bonus,
    )


@lru_cache(maxsize=8192)
def _defense(
    names: frozenset[str],
    ranged: bool,
    keep: frozenset[str],
    relation: str,
    helpless_defense: HelplessDefense,
    run_ranged_defense_bonus: int,
) -> DefenseEffect:
    table = _table(helpless_defense, run_ranged_defense_bonus)
    exempt = {"pinner": {"pinner", "grapple-partner"}, "grapple-partner": {"grapple-partner"}}
    relations = exempt.get(relation, set())
    mods: list[Modifier] = []
    for_attacker: list[Modifier] = []
    lost_by: list[str] = []
    zero = False
    fixed: int | None = None
    for name in sorted(names):
        spec = table[name]
        if spec.exempt and spec.exempt in relations:
            continue
        value = spec.ac_ranged if ranged else spec.ac_melee
        if value:
            mods.append(Modifier(value, spec.ac_type, f"{name} (defender)"))
        bonus = spec.bonus_to_attackers_ranged if ranged else spec.bonus_to_attackers_melee
        if bonus:
            for_attacker.append(Modifier(bonus, BonusType.UNTYPED, f"{name} (defender)"))
        if spec.loses_dex and not (spec.dex_kept_by & keep):
            lost_by.append(name)
        if Ability.DEX in spec.zero_abilities:
            zero = True
            if name not in lost_by:
                lost_by.append(name)
        if spec.fixed_ac is not None:
            fixed = spec.fixed_ac if fixed is None else min(fixed, spec.fixed_ac)
    loses = bool(lost_by)
    dropped = tuple(m for m in mods if loses and m.type is BonusType.DODGE and m.value > 0)
    kept = tuple(m for m in mods if m not in dropped)
    return DefenseEffect(
        kept, tuple(for_attacker), loses, zero, loses, fixed, tuple(lost_by), dropped
    )


# ---------------------------------------------------------------------------
# Actions


class Restrictions(NamedTuple):
    """What a creature with some conditions may do.

    ``actions`` is the combined :data:`ActionLevel`; ``only_actions`` (``None``: no
    limit) the named actions it is limited to; ``escape_actions`` the named actions
    still open when ``actions`` is ``none``. ``ranged_requires`` lists weapon flags a
    ranged weapon must have. ``aoo`` is whom it may make attacks of opportunity
    against. ``crawl_only``: it moves only by crawling 5 ft as a move action.
    """

    actions: ActionLevel
    only_actions: frozenset[str] | None
    escape_actions: frozenset[str]
    can_attack: bool
    can_move: bool
    crawl_only: bool
    speed_factor: Fraction
    can_run: bool
    can_charge: bool
    aoo: AooRule
    threatens: bool
    helpless: bool
    drops_items: bool
    flees: bool
    ranged_requires: frozenset[str]
    speed_bonus: int = 0  # feet added to its speed, at most doubling it (hasted)

    @property
    def can_aoo(self) -> bool:
        """Whether it can make any attack of opportunity at all."""
        return self.aoo != "none"


@_cached
def restrictions(conditions: frozenset[str], *, combat_reflexes: bool = False) -> Restrictions:
    """The combined limits of ``conditions``: the most restrictive of each.

    A creature that cannot attack does not threaten or make attacks of opportunity. A
    creature limited to a single action can still charge, up to its speed (SRD
    combat-ii "Charge"). ``combat_reflexes`` lets a flat-footed creature make attacks
    of opportunity (seed 002).

    >>> r = restrictions(frozenset({"staggered", "entangled"}))
    >>> r.actions, r.speed_factor, r.can_run, r.can_charge
    ('single', Fraction(1, 2), False, False)

    Raises:
        ContentError: for an unknown condition name.
    """
    specs = [CONDITIONS[n] for n in expand(conditions)]
    kinds, single = _KINDS["full"]
    only: frozenset[str] | None = None
    escapes: frozenset[str] | None = None
    aoo: AooRule = "any"
    features = frozenset({COMBAT_REFLEXES}) if combat_reflexes else _EMPTY
    # A condition implied by another (paralyzed -> helpless) does not take away the
    # implying condition's escape actions.
    implied = {i for s in specs for i in s.implies}
    for s in specs:
        k, one = _KINDS[s.actions]
        kinds, single = kinds & k, single or one
        if s.only_actions is not None:
            only = s.only_actions if only is None else only & s.only_actions
        if s.actions == "none" and s.name not in implied:
            escapes = s.escape_actions if escapes is None else escapes & s.escape_actions
        rule: AooRule = "any" if s.aoo_kept_by & features else s.aoo
        if _AOO_RANK[rule] < _AOO_RANK[aoo]:
            aoo = rule
    level = _LEVEL_OF[(kinds, single)]
    can_attack = "standard" in kinds and all(s.attacks for s in specs)
    can_move = "move" in kinds and all(s.can_move for s in specs)
    if not can_attack:
        aoo = "none"
    return Restrictions(
        actions=level,
        only_actions=only,
        escape_actions=escapes or _EMPTY,
        can_attack=can_attack,
        can_move=can_move,
        crawl_only=any(s.crawl_only for s in specs),
        speed_factor=min((s.speed_factor for s in specs), default=Fraction(1)),
        can_run=can_move and "full-round" in kinds and not any(s.no_run for s in specs),
        can_charge=can_move and can_attack and not any(s.no_charge for s in specs),
        aoo=aoo,
        threatens=can_attack and all(s.threatens for s in specs),
        helpless=any(s.helpless for s in specs),
        drops_items=any(s.drops_items for s in specs),
        flees=any(s.flees for s in specs),
        ranged_requires=_EMPTY.union(*(s.ranged_requires for s in specs)),
        speed_bonus=max((s.speed_bonus for s in specs), default=0),
    )


def can_use_ranged(conditions: frozenset[str], weapon_flags: Iterable[str]) -> bool:
    """Whether a ranged weapon with ``weapon_flags`` can be used (prone: crossbows and
    shuriken only, seed 002 note 3)."""
    r = restrictions(conditions)
    return r.can_attack and r.ranged_requires <= frozenset(weapon_flags)


def combine(held: str, new: str) -> str:
    """The condition of a creature ``held`` in a cumulative condition that a new effect
    of the same group (``new``) strikes:

    * fear (SRD special abilities "Becoming Even More Fearful"): shaken made shaken
      again becomes frightened, shaken made frightened becomes panicked, frightened
      made shaken or frightened becomes panicked;
    * fatigue (SRD conditions "Fatigued"): a fatigued creature that does anything that
      would fatigue it again becomes exhausted.

    Either way the result is one step worse than the worse of the two, at most the worst.

    >>> combine("shaken", "shaken"), combine("frightened", "shaken")
    ('frightened', 'panicked')
    >>> combine("fatigued", "fatigued"), combine("exhausted", "fatigued")
    ('exhausted', 'exhausted')

    Raises:
        ContentError: unless both are of the same cumulative group.
    """
    a, b = CONDITIONS[normalize(held)], CONDITIONS[normalize(new)]
    steps = _CUMULATIVE.get(a.group)
    if steps is None or a.group != b.group:
        raise ContentError(
            f"{held!r} and {new!r} do not add up",
            field="condition",
            expected="two fear conditions (shaken, frightened, panicked) or two fatigue "
            "conditions (fatigued, exhausted)",
        )
    return steps[min(max(steps), max(a.severity, b.severity) + 1)]


# ---------------------------------------------------------------------------
# Rolls and abilities


@_cached
def roll_modifiers(
    conditions: frozenset[str],
    kind: RollKind,
    *,
    skill: str | None = None,
    save: str | None = None,
) -> tuple[Modifier, ...]:
    """Modifiers on a save, skill check, ability check, initiative or weapon damage
    roll. For a skill check, name the ``skill`` to get its specific penalties
    (dazzled Spot, blinded Str- and Dex-based skills); for a save, the ``save``
    (``"ref"``: hasted's +1).

    >>> [m.value for m in roll_modifiers(frozenset({"sickened", "shaken"}), "save")]
    [-2, -2]

    Raises:
        ContentError: for an unknown condition name.
    """
    tags: set[str] = {kind}
    if kind == "skill" and skill:
        key = skill.strip().lower()
        tags.add(f"skill:{key}")
        info = SKILLS.get(key.split(" (")[0])
        if info is not None and info.ability in (Ability.STR, Ability.DEX):
            tags.add("skill:str-dex")
    if save:
        tags.add(f"save:{save}")
    out = []
    for name in expand(conditions):
        for tag, value in CONDITIONS[name].rolls:
            if tag in tags:
                out.append(Modifier(value, BonusType.UNTYPED, name))
    return tuple(out)


class AbilityEffect(NamedTuple):
    """Penalties to ability scores, and the scores treated as 0."""

    penalties: tuple[tuple[Ability, Modifier], ...]
    zeroed: frozenset[Ability]


@_cached
def ability_effects(conditions: frozenset[str]) -> AbilityEffect:
    """Ability score penalties (entangled Dex -4, fatigued -2, exhausted -6) and the
    scores treated as 0 (helpless Dex, paralyzed Str and Dex).

    Raises:
        ContentError: for an unknown condition name.
    """
    penalties: list[tuple[Ability, Modifier]] = []
    zeroed: set[Ability] = set()
    for name in expand(conditions):
        spec = CONDITIONS[name]
        penalties.extend((a, Modifier(v, BonusType.UNTYPED, name)) for a, v in spec.abilities)
        zeroed |= spec.zero_abilities
    return AbilityEffect(tuple(penalties), frozenset(zeroed))


# ---------------------------------------------------------------------------
# Sneak attacks


@_cached
def sneak_attack_allowed(
    defender: frozenset[str],
    *,
    attacker: frozenset[str] = frozenset(),
    flanked: bool = False,
    concealed: bool = False,
    uncanny_dodge: bool = False,
    improved_uncanny_dodge: bool = False,
    run_feat: bool = False,
    grapple_partner: bool = False,
) -> bool:
    """Whether a sneak attack applies (seed 002 "Conditions that Allow Sneak Attacks"):
    the defender is flanked, or loses its Dexterity bonus to AC (whether it has one
    or not), or is pinned (seed 002 note 4). Prone alone is not enough.

    Uncanny dodge cancels flat-footed and an invisible attacker; improved uncanny
    dodge cancels flanked (the caller decides the rogue-level exception). No sneak
    attack against a concealed defender (``concealed``, or a condition's miss
    chance: a blinded attacker, an invisible defender). ``grapple_partner``: the
    attacker is in the defender's grapple, so grappling does not count.

    >>> sneak_attack_allowed(frozenset({"prone"})), sneak_attack_allowed(frozenset({"stunned"}))
    (False, True)

    Raises:
        ContentError: for an unknown condition name.
    """
    if concealed or miss_chance(attacker, defender):
        return False
    if flanked and not improved_uncanny_dodge:
        return True
    effect = defense_modifiers(
        defender,
        ranged=False,
        attacker=attacker,
        uncanny_dodge=uncanny_dodge,
        run_feat=run_feat,
        grapple_partner=grapple_partner,
    )
    if effect.loses_dex:
        return True
    return any(CONDITIONS[n].sneak_attack and not CONDITIONS[n].loses_dex for n in expand(defender))


@_cached
def sneak_attack_extra(
    dice: str | None,
    defender: frozenset[str],
    *,
    attacker: frozenset[str] = frozenset(),
    flanked: bool = False,
    concealed: bool = False,
    uncanny_dodge: bool = False,
    improved_uncanny_dodge: bool = False,
    run_feat: bool = False,
    crit_immune: bool = False,
    ranged: bool = False,
    distance: int = 0,
    grapple_partner: bool = False,
) -> tuple[ExtraDamage, ...]:
    """The sneak attack ``dice`` (``"2d6"``; None: the attacker has none) one attack
    adds, as extra damage never multiplied: when :func:`sneak_attack_allowed` says so,
    not against a creature immune to critical hits (seed 000 "Sneak Attacks"), a ranged
    one only within 30 ft (SRD rogue "Sneak Attack"); ``grapple_partner``: as for
    :func:`sneak_attack_allowed`.

    Raises:
        ContentError: for an unknown condition name.
    """
    if not dice or crit_immune or (ranged and distance > 30):
        return ()
    if not sneak_attack_allowed(
        defender,
        attacker=attacker,
        flanked=flanked,
        concealed=concealed,
        uncanny_dodge=uncanny_dodge,
        improved_uncanny_dodge=improved_uncanny_dodge,
        run_feat=run_feat,
        grapple_partner=grapple_partner,
    ):
        return ()
    return (ExtraDamage(dice=dice, source="sneak attack"),)


# ---------------------------------------------------------------------------
# Description


def _signed(v: int) -> str:
    return f"{v:+d}"


def describe(spec: ConditionSpec) -> str:
    """A one-line summary of a row's effects.

    >>> describe(CONDITIONS["prone"])  # doctest: +NORMALIZE_WHITESPACE
    'attack -4 melee; ranged only with prone-usable weapons; AC -4 melee / +4 ranged;
    crawls only; no run; no charge'
    """
    parts: list[str] = []
    if spec.implies:
        parts.append("counts as " + ", ".join(spec.implies))
    if spec.attack_melee or spec.attack_ranged:
        if spec.attack_melee == spec.attack_ranged:
            text = f"attack {_signed(spec.attack_melee)}"
        elif not spec.attack_ranged:
            text = f"attack {_signed(spec.attack_melee)} melee"
        else:
            text = f"attack {_signed(spec.attack_melee)} melee / {_signed(spec.attack_ranged)}"
            text += " ranged"
        parts.append(text + (" vs sighted targets" if spec.vs_sighted else ""))
    if spec.ranged_requires:
        parts.append("ranged only with " + ", ".join(sorted(spec.ranged_requires)) + " weapons")
    if spec.miss_chance_attacking:
        parts.append(f"{spec.miss_chance_attacking}% miss chance on its attacks")
    kind = "" if spec.ac_type is BonusType.UNTYPED else f" {spec.ac_type.value}"
    if spec.ac_melee or spec.ac_ranged:
        if spec.ac_melee == spec.ac_ranged:
            parts.append(f"AC {_signed(spec.ac_melee)}{kind}")
        else:
            parts.append(f"AC {_signed(spec.ac_melee)} melee / {_signed(spec.ac_ranged)} ranged")
    if spec.bonus_to_attackers_melee or spec.bonus_to_attackers_ranged:
        parts.append(f"attackers {_signed(spec.bonus_to_attackers_melee)}")
    if spec.fixed_ac is not None:
        parts.append(f"AC = {spec.fixed_ac} + size")
    if spec.loses_dex:
        keep = " (kept by " + ", ".join(sorted(spec.dex_kept_by)) + ")" if spec.dex_kept_by else ""
        parts.append("loses Dex to AC" + keep)
    for a in sorted(spec.zero_abilities):
        parts.append(f"{a.value.capitalize()} 0")
    if spec.exempt:
        parts.append(f"not vs {spec.exempt}")
    if spec.concealment:
        parts.append(f"total concealment ({spec.concealment}%)")
    parts.extend(f"{a.value.capitalize()} {_signed(v)}" for a, v in spec.abilities)
    rolls: dict[int, list[str]] = {}
    for tag, v in spec.rolls:
        rolls.setdefault(v, []).append(tag.replace("skill:", ""))
    parts.extend(f"{_signed(v)} {', '.join(tags)}" for v, tags in rolls.items())
    if spec.actions != "full":
        parts.append(f"actions: {spec.actions}")
    if spec.only_actions is not None:
        parts.append("grapple actions only")
    if spec.escape_actions:
        parts.append("except " + ", ".join(sorted(spec.escape_actions)))
    if not spec.attacks:
        parts.append("cannot attack")
    if not spec.can_move:
        parts.append("cannot move")
    if spec.crawl_only:
        parts.append("crawls only")
    if spec.speed_factor != 1:
        parts.append(f"speed x{spec.speed_factor}")
    if spec.speed_bonus:
        parts.append(f"speed +{spec.speed_bonus} ft. (at most double)")
    flags = (
        (spec.no_run, "no run"),
        (spec.no_charge, "no charge"),
        (not spec.threatens, "threatens nothing"),
        (spec.helpless, "helpless"),
        (spec.drops_items, "drops held items"),
        (spec.flees, "flees"),
        (spec.ends_on_damage, "ends when it takes damage"),
    )
    parts.extend(text for on, text in flags if on)
    if spec.aoo != "any":
        kept = f" (unless {', '.join(sorted(spec.aoo_kept_by))})" if spec.aoo_kept_by else ""
        parts.append(f"AoO: {spec.aoo}{kept}")
    if spec.group:
        parts.append(f"{spec.group} severity {spec.severity}")
    if spec.ends_at != "until-removed":
        parts.append(f"ends: {spec.ends_at}")
    return "; ".join(parts) or "no mechanical effect"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown() -> str:
    """The contents of ``docs/conditions.md``: every condition, its effects, its source,
    and the judgment calls."""
    lines = [
        "# Conditions",
        "",
        "Generated from `src/d20combat/rules/conditions.py` (`markdown()`); a test checks "
        "that this file matches the table.",
        "",
        "Attack modifiers apply to a creature with the condition when it attacks; AC "
        "modifiers when it is attacked. Modifiers are untyped unless marked (dodge). "
        "'Loses Dex' drops the Dexterity bonus to AC and every dodge bonus (seed 003 "
        "'Dodge Bonuses'). A sneak attack is allowed whenever the defender loses Dex, "
        "is flanked, or is pinned (seed 002).",
        "",
        "| Condition | Effects | Sneak attack | Source | Notes |",
        "|---|---|---|---|---|",
    ]
    for name, spec in sorted(CONDITIONS.items()):
        sneak = "yes" if sneak_attack_allowed(frozenset({name})) else ""
        lines.append(
            f"| {name} | {_cell(describe(spec))} | {sneak} | {_cell(spec.source)} | "
            f"{_cell(spec.notes)} |"
        )
    lines += ["", "## Ruleset readings", ""]
    lines.append(
        "| Reading | Value | Helpless row |",
    )
    lines.append("|---|---|---|")
    for key, spec in HELPLESS_READINGS.items():
        lines.append(f"| helpless_defense | {key} | {_cell(describe(spec))} |")
    lines += [
        "",
        "`run_ranged_defense_bonus`: srd35 0; d20modern 2 (seed 004 'Run': +2 bonus to "
        "Defense against ranged attacks while running).",
        "",
        "## Judgment calls",
        "",
    ]
    lines.extend(f"- {text}" for text in JUDGMENT_CALLS)
    return "\n".join(lines) + "\n"
