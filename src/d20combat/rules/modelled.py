"""What d20combat models: the one registry of the feats, qualities, special attacks and
immunities the rules read.

A stat block or build may name any SRD feat and any special ability. The engine reads
only those listed here; everything else is accepted and reported by
:func:`not_modelled` (``d20combat validate``, ``d20combat creature``), so nothing a user
writes is silently ignored.

"Modelled" means some computation applies the entry's effect: a derived statistic
(:mod:`d20combat.rules.statistics`), a rule of the fight (:mod:`d20combat.encounter`),
or a build's stat block (:mod:`d20combat.content.builds`: skill totals, hit points,
class-feature modifiers). Feats with fixed effects come from the tables
(:data:`d20combat.rules.feats.STATIC`, :data:`~d20combat.rules.feats.WEAPON`,
:data:`d20combat.content.builds.SKILL_FEATS`); the others are looked up by name where their
situation is resolved and are listed below with that place. ``tests/rules/test_modelled.py``
reads the source for every lookup (``has_feat``, ``has_weapon_feat``, ``feat.key ==``,
``has_quality``, special attacks and immunities) and checks this registry against it both
ways. Source of each effect: SRD feats.html and special-abilities-and-conditions.html, the
entries named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from d20combat.content.builds import SKILL_FEATS
from d20combat.content.creatures import FeatRef, StatBlock, names_keyword
from d20combat.content.equipment import weapon
from d20combat.content.races import ARMOR_SPEED_EXEMPT
from d20combat.rules.feats import STATIC, WEAPON

# Feats looked up by name where their situation is resolved: feat -> the module that
# reads it (SRD feats.html, the feat's entry).
SITUATIONAL_FEATS: Mapping[str, str] = {
    "blind-fight": "encounter/combatant.py",  # reroll a melee miss for concealment
    "cleave": "encounter/combatant.py",  # an extra attack after dropping a foe
    "great cleave": "encounter/combatant.py",  # ... with no limit a round
    "combat reflexes": "encounter/combatant.py",  # more attacks of opportunity
    "dodge": "rules/statistics.py",  # +1 dodge AC against a designated opponent
    "mobility": "encounter/combatant.py",  # +4 AC against movement AoOs
    "point blank shot": "encounter/combatant.py",  # +1 within 30 ft.
    "precise shot": "encounter/combatant.py",  # no -4 into melee
    "run": "encounter/handlers.py",  # x5 run, keeps Dex
    "improved unarmed strike": "rules/statistics.py",  # armed unarmed strikes
    "power attack": "encounter/fighting.py",  # -N attack, +N (+2N) damage
    "combat expertise": "encounter/handlers.py",  # -N attack, +N dodge AC
    "two-weapon fighting": "rules/statistics.py",  # lesser two-weapon penalties
    "improved two-weapon fighting": "rules/statistics.py",  # a second off-hand attack
    "greater two-weapon fighting": "rules/statistics.py",  # a third off-hand attack
    "weapon finesse": "rules/statistics.py",  # Dex to light weapon attacks
    "multiattack": "rules/statistics.py",  # secondary natural attacks at -2
    "flyby attack": "encounter/flight.py",  # SRD monster-feats: attack during the move
    "hover": "encounter/flight.py",  # SRD monster-feats: stay aloft without moving
    "improved critical": "rules/statistics.py",  # doubled threat range
    "rapid reload": "encounter/handlers.py",  # faster crossbow loading
    "improved trip": "encounter/maneuvers/trip.py",  # no AoO, +4, a free attack (rules/maneuvers)
    "improved bull rush": "encounter/maneuvers/bull_rush.py",  # no AoO from the defender, +4
    "improved overrun": "encounter/maneuvers/overrun.py",  # no AoO, no avoiding, +4
    "improved disarm": "encounter/maneuvers/disarm.py",  # no AoO, no counter, +4 (rules/maneuvers)
    "improved sunder": "encounter/maneuvers/sunder.py",  # no AoO, +4 (rules/maneuvers)
    "improved feint": "encounter/maneuvers/feint.py",  # a feint as a move action
    "spirited charge": "encounter/handlers.py",  # a mounted charge: x2, a lance x3
    "trample": "encounter/maneuvers/overrun.py",  # no avoiding the mount; a hoof attack
}

# Feats a build applies to its stat block (SRD feats.html): the skill feats' +2 are in
# SKILL_FEATS; these two are read by content/builds.py.
BUILD_FEATS: Mapping[str, str] = {
    "skill focus": "content/builds.py",  # +3 on the skill's total
    "extra turning": "content/builds.py",  # +4 turning attempts a day
}

# Qualities the rules read (StatBlock.has_quality), -> the module that reads each.
QUALITIES: Mapping[str, str] = {
    "darkvision": "encounter/combatant.py",  # sees in darkness (grid/concealment)
    "low-light vision": "encounter/combatant.py",  # dim light is no concealment
    "uncanny dodge": "rules/statistics.py",  # keeps Dex to AC when flat-footed
    "improved uncanny dodge": "encounter/combatant.py",  # cannot be flanked
    ARMOR_SPEED_EXEMPT: "rules/statistics.py",  # dwarves: armor does not slow them
    "military saddle": "encounter/mounted.py",  # 75% to stay in the saddle unconscious
    "mount": "rules/maneuvers/mounted.py",  # a riding animal: may be mounted in a fight
    "fills its squares": "encounter/combatant.py",  # no one moves past it (Space._share)
}

# Qualities a build names for class features whose effect it applies itself (as
# modifiers or granted feats): character-classes-i/ii.html, the features named.
BUILD_QUALITIES: Mapping[str, str] = {
    "fast movement": "content/builds.py",  # a speed modifier
    "divine grace": "content/builds.py",  # Cha to saves
    "combat style": "content/builds.py",  # its feats are granted
    "improved combat style": "content/builds.py",
    "combat style mastery": "content/builds.py",
}

# Special attacks the rules read, matched at the start ("sneak attack +2d6").
SPECIAL_ATTACKS: Mapping[str, str] = {
    "sneak attack": "encounter/combatant.py",  # extra dice against a foe without Dex
    "unarmed strike": "rules/statistics.py",  # a monk's unarmed damage
    "flurry of blows": "rules/statistics.py",  # a monk's extra unarmed attack
}

# Qualities with a number before their name, read by a pattern ("+2 turn resistance"),
# -> the module that reads each.
NUMBERED_QUALITIES: Mapping[str, str] = {
    "turn resistance": "rules/maneuvers/turning.py",  # +N HD against turning checks
}

# A build's words for its turning, which the rules read from StatBlock.turning
# (encounter/maneuvers/turning.py): the special attack text only shows it.
TURNING_TEXTS = ("turn undead", "rebuke undead", "turn or rebuke undead")
# Special attacks the rules read as structured data (StatBlock fields): modelled when
# the field is there (the importer read the numbers), else listed as not modelled.
STRUCTURED_ATTACKS: Mapping[str, str] = {
    "constrict": "constrict",  # encounter/maneuvers/grapple.py
    "swallow whole": "swallow_whole",  # encounter/maneuvers/swallow.py
}

# Natural attack effects the rules read (NaturalAttack.effects); the special attack
# of the same name is modelled when a natural attack has the effect.
NATURAL_EFFECTS: Mapping[str, str] = {
    "improved grab": "encounter/maneuvers/grapple.py",  # Statistics.grab
}

# Special attacks with their numbers (StatBlock.special_attack_rules, read with
# StatBlock.special) -> the module that reads each (SRD
# types-subtypes-and-special-abilities.html and the creatures' "(Ex)" entries).
SPECIAL_ATTACK_RULES: Mapping[str, str] = {
    "trip": "encounter/maneuvers/monster.py",  # a free trip after a hit with the bite
    "pounce": "encounter/maneuvers/monster.py",  # a full attack ending a charge
    "rake": "encounter/maneuvers/monster.py",  # more attacks pouncing or grappling
    "trample": "encounter/maneuvers/monster.py",  # run over smaller foes
    "gaze": "encounter/maneuvers/gaze.py",  # "petrifying gaze": a save each round
    "energy drain": "encounter/maneuvers/drain.py",  # negative levels a hit
    "ability drain": "encounter/maneuvers/drain.py",  # "constitution drain": points a hit
}

# Immunities the rules read, matched anywhere in the text ("immunity to critical hits").
IMMUNITIES: Mapping[str, str] = {
    "critical": "rules/statistics.py",  # no critical hits (or sneak attacks)
    "nonlethal": "rules/statistics.py",  # no nonlethal damage
    "energy drain": "encounter/maneuvers/drain.py",  # no negative levels from a drain
}


def modelled_feats() -> frozenset[str]:
    """The feats (lower-case SRD names) whose effect d20combat applies."""
    return frozenset({*STATIC, *WEAPON, *SKILL_FEATS, *SITUATIONAL_FEATS, *BUILD_FEATS})


@dataclass(frozen=True)
class NotModelled:
    """One entry of a stat block that d20combat accepts but does not use."""

    kind: str  # feat, special attack, quality, immunity, natural attack effect
    name: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.name}"

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name}


def _applies_to(stat: StatBlock, feat: FeatRef) -> str | None:
    """Why a modelled weapon feat applies to no attack of ``stat`` (None if it applies).

    SRD feats.html: Weapon Focus and its kin, Improved Critical and Rapid Reload apply to
    the one weapon (or crossbow) chosen. The rules compare the parameter with a weapon's
    table name (and a natural attack's name for the WEAPON table): rules/statistics.py,
    encounter/handlers.py. Every creature has an unarmed strike.
    """
    if feat.key not in WEAPON and feat.key not in ("improved critical", "rapid reload"):
        return None
    names = {weapon(w.weapon).name for w in stat.weapons} | {"unarmed strike"}
    if feat.key in WEAPON:
        names |= {n.name.lower() for n in stat.natural_attacks}
    if feat.key == "rapid reload":
        names = {n for n in names if "crossbow" in n}
    if (feat.param or "").lower() in names:
        return None
    return f"{feat}: no attack of this creature is {feat.param!r}"


def _numbered(text: str, keyword: str) -> bool:
    """``+2 turn resistance`` (or ``turn resistance +2``) is ``turn resistance``."""
    words = text.strip().lower().split()
    number = [w for w in words if w.lstrip("+").isdigit()]
    return len(number) == 1 and " ".join(w for w in words if w not in number) == keyword


def _sets_off(stat: StatBlock, kind: str, attack: str) -> bool:
    """Whether a hit with the natural attack ``attack`` sets off the special attack
    ``kind`` with its numbers (its ``attacks``: the wolf's bite for its trip)."""
    rule = stat.special(kind)
    return rule is not None and (not rule.attacks or attack.lower() in rule.attacks)


def not_modelled(stat: StatBlock) -> list[NotModelled]:
    """Every feat, special attack, quality, immunity and natural attack effect of ``stat``
    that the engine does not model, in stat block order (each once). A modelled weapon
    feat naming no weapon or natural attack of the creature does nothing either, and is
    listed."""
    feats = modelled_feats()
    qualities = (*QUALITIES, *BUILD_QUALITIES)
    out = [NotModelled("feat", str(f)) for f in stat.feats if f.key not in feats]
    out += [
        NotModelled("feat", why)
        for f in stat.feats
        if f.key in feats and (why := _applies_to(stat, f)) is not None
    ]
    ruled = {r.kind for r in stat.special_attack_rules if r.kind in SPECIAL_ATTACK_RULES}
    out += [
        NotModelled("special attack", s)
        for s in stat.special_attacks
        if not any(names_keyword(s, k) for k in SPECIAL_ATTACKS)
        and not (stat.turning is not None and any(names_keyword(s, k) for k in TURNING_TEXTS))
        if not any(names_keyword(s, k) for k in (*SPECIAL_ATTACKS, *ruled))
        and not ("gaze" in ruled and s.strip().lower().endswith(" gaze"))  # its kind last
        and not ("ability drain" in ruled and s.strip().lower().endswith(" drain"))
        and not any(
            names_keyword(s, k) and getattr(stat, f) is not None
            for k, f in STRUCTURED_ATTACKS.items()
        )
        and not any(
            names_keyword(s, k) and any(k in n.effects for n in stat.natural_attacks)
            for k in NATURAL_EFFECTS
        )
    ]
    out += [
        NotModelled("special attack", r.kind)
        for r in stat.special_attack_rules
        if r.kind not in SPECIAL_ATTACK_RULES
        and not any(names_keyword(s, r.kind) for s in stat.special_attacks)
    ]
    out += [
        NotModelled("quality", q)
        for q in stat.qualities
        if not any(names_keyword(q, k) for k in qualities)
        and not any(_numbered(q, k) for k in NUMBERED_QUALITIES)
    ]
    out += [
        NotModelled("immunity", i)
        for i in sorted(stat.immunities)
        if not any(k in i.lower() for k in IMMUNITIES)
    ]
    out += [
        NotModelled("natural attack effect", f"{e} ({nat.name})")
        for nat in stat.natural_attacks
        for e in nat.effects
        if e not in NATURAL_EFFECTS
        and not (e in ruled and _sets_off(stat, e, nat.name))
        and not ("ability drain" in ruled and e.endswith(" drain"))
    ]
    return list(dict.fromkeys(out))
