"""A seeded duel without a map: two creatures toe to toe, full attacks each round.

The quickest way to watch the core rules work: initiative (seed 003 "Initiative
Checks": ties to the higher modifier, then a reroll), flat-footed until the first
turn (seed 003 "Flat-Footed"), full attacks with iteratives stopping when the foe
drops, staggered and disabled creatures limited to one attack (SRD conditions),
dying checks each round. Every roll and modifier is kept in the events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from d20combat.content.creatures import Ability, StatBlock
from d20combat.content.rulesets import Ruleset, ruleset
from d20combat.encounter.combatant import traits_of
from d20combat.encounter.events import Event
from d20combat.rules.attack import attack_on, resolve_attack
from d20combat.rules.dice import D20, SampledDice
from d20combat.rules.hitpoints import (
    HpState,
    Vitals,
    dying_check,
    state_of,
    strenuous_action,
    take_damage,
    take_nonlethal,
)
from d20combat.rules.statistics import Statistics, derive

ATTACK_RULE = "seed 003 Attack Roll; SRD combat-i Critical Hits"
DAMAGE_RULE = "seed 003 Damage, Hit Points; SRD combat-i Injury and Death"


@dataclass
class Fighter:
    name: str
    stats: Statistics
    vitals: Vitals
    acted: bool = False


@dataclass
class DuelResult:
    events: list[Event] = field(default_factory=list)
    winner: str | None = None
    rounds: int = 0


def roll_initiative(
    dice: SampledDice, fighters: list[Fighter], round_: int, events: list[Event]
) -> list[Fighter]:
    """Order by initiative check, ties by modifier, then by rerolls (seed 003)."""
    keyed = []
    for f in fighters:
        mark = dice.mark()
        total = dice.roll(D20, f"initiative ({f.name})") + f.stats.initiative.value
        tiebreak: list[int] = []
        keyed.append((total, f.stats.initiative.value, tiebreak, f))
        events.append(
            Event(
                round_,
                f.name,
                "initiative",
                "seed 003 Initiative Checks",
                dice.since(mark),
                (("initiative", f.stats.initiative),),
                {"result": total},
            )
        )
    # reroll ties that modifiers do not break, until every position is distinct
    while True:
        groups: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
        for i, (t, m, tb, _) in enumerate(keyed):
            groups.setdefault((t, m, tuple(tb)), []).append(i)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            break
        for g in tied:
            for i in g:
                keyed[i][2].append(dice.roll(D20, f"initiative tie reroll ({keyed[i][3].name})"))
    keyed.sort(key=lambda k: (k[0], k[1], k[2]), reverse=True)
    return [k[3] for k in keyed]


def duel(
    a: StatBlock, b: StatBlock, *, seed: int = 0, rules: Ruleset | None = None, max_rounds: int = 50
) -> DuelResult:
    """Fight ``a`` against ``b`` until one cannot act or ``max_rounds`` pass."""
    rules = rules or ruleset()
    dice = SampledDice(Random(seed))
    fighters = [
        Fighter(s.name, st, Vitals.full(st.hp.value))
        for s, st in ((a, derive(a, rules)), (b, derive(b, rules)))
    ]
    if fighters[0].name == fighters[1].name:
        fighters[1].name += " (2)"
    result = DuelResult()
    events = result.events
    order = roll_initiative(dice, fighters, 0, events)
    for round_ in range(1, max_rounds + 1):
        result.rounds = round_
        for me in order:
            foe = fighters[1] if me is fighters[0] else fighters[0]
            state = state_of(me.vitals, rules)
            if state is HpState.DYING:
                mark = dice.mark()
                out = dying_check(me.vitals, rules, dice, fort=me.stats.saves["fort"].value)
                me.vitals = out.vitals
                events.append(
                    Event(
                        round_,
                        me.name,
                        "dying",
                        "SRD combat-i Dying",
                        dice.since(mark),
                        (),
                        {
                            "hp": me.vitals.hp,
                            "notes": out.notes,
                            "state": state_of(me.vitals, rules).value,
                        },
                    )
                )
            if not state.can_act:
                continue
            me.acted = True
            _take_turn(me, foe, round_, rules, dice, events, state)
            if state_of(foe.vitals, rules).down:
                result.winner = me.name
                return result
    return result


def _take_turn(
    me: Fighter,
    foe: Fighter,
    round_: int,
    rules: Ruleset,
    dice: SampledDice,
    events: list[Event],
    state: HpState,
) -> None:
    routine = me.stats.routine()
    attacks = routine.attacks[:1] if state.limited else routine.attacks
    for option, bonus in attacks:
        flat = not foe.acted
        attack = attack_on(
            foe.stats,
            option,
            rules,
            bonus=bonus,
            flat_footed=flat,
            attacker_dex=me.stats.mod(Ability.DEX),
        )
        mark = dice.mark()
        r = resolve_attack(dice, attack, rules)
        events.append(
            Event(
                round_,
                me.name,
                "attack",
                ATTACK_RULE,
                dice.since(mark),
                (("attack bonus", attack.bonus), ("armor class", attack.ac)),
                {
                    "weapon": option.name,
                    "result": r.outcome,
                    "natural": r.natural,
                    "total": r.total,
                    "confirm_total": r.confirm_total,
                    "flat_footed": flat,
                },
                foe.name,
            )
        )
        if r.hit and (r.damage or r.rolled):
            before = foe.vitals
            mark = dice.mark()
            stats = foe.stats
            con = stats.abilities.get(Ability.CON)
            if r.nonlethal:
                out = take_nonlethal(
                    foe.vitals,
                    r.damage,
                    rules,
                    dice,
                    fort=stats.saves["fort"].value,
                    con=con,
                    threshold_bonus=traits_of(stats.stat).threshold_bonus,
                )
            else:
                out = take_damage(
                    foe.vitals,
                    r.damage,
                    rules,
                    dice,
                    fort=stats.saves["fort"].value,
                    con=con,
                    crit_immune=stats.crit_immune,
                    threshold_bonus=traits_of(stats.stat).threshold_bonus,
                )
            if r.instant_kill:
                out = out._replace(
                    vitals=out.vitals._replace(dead=True), notes=(*out.notes, "instant kill")
                )
            foe.vitals = out.vitals
            events.append(
                Event(
                    round_,
                    me.name,
                    "damage",
                    DAMAGE_RULE,
                    dice.since(mark),
                    (("damage bonus", attack.damage_bonus),),
                    {
                        "weapon": option.name,
                        "rolled": r.rolled,
                        "damage": r.damage,
                        "nonlethal": r.nonlethal,
                        "multiplier": r.multiplier,
                        "reductions": [f"{x.detail}: -{x.amount}" for x in r.reductions],
                        "hp_before": before.hp,
                        "hp": foe.vitals.hp,
                        "nonlethal_total": foe.vitals.nonlethal,
                        "state": state_of(foe.vitals, rules).value,
                        "notes": out.notes,
                    },
                    foe.name,
                )
            )
        if state_of(foe.vitals, rules).down:
            break
    if state is HpState.DISABLED:
        me.vitals = strenuous_action(me.vitals, rules)
        events.append(
            Event(
                round_,
                me.name,
                "strain",
                "SRD combat-i Disabled",
                (),
                (),
                {"hp": me.vitals.hp, "state": state_of(me.vitals, rules).value},
            )
        )
