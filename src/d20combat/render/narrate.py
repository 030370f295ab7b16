"""Narration: events turned into sentences a person reads, made only when read.

:func:`narrate` renders one event; ``explain=True`` adds every modifier breakdown
(type, source, and whether it stacked).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from d20combat.encounter.events import Event
from d20combat.rules.dice import Roll


def roll_text(roll: Roll) -> str:
    """``2d6+4 [3, 6] = 13``."""
    faces = ", ".join(map(str, roll.faces))
    return f"{roll.dice} [{faces}] = {roll.total}"


def _find(event: Event, word: str) -> Roll | None:
    return next((r for r in event.rolls if word in r.purpose), None)


def _attack(e: Event) -> str:
    o = e.outcome
    ac = e.total("armor class")
    bonus = e.total("attack bonus")
    ac_v = ac.value if ac else "?"
    b = bonus.value if bonus else 0
    head = f"{e.actor} attacks {e.target} with {o.get('weapon')}: "
    nat = o.get("natural")
    rolled = f"d20 {nat} {b:+d} = {o.get('total')} vs AC {ac_v}"
    if o.get("flat_footed"):
        rolled += " (flat-footed)"
    result = o.get("result")
    if nat == 1 and result in ("miss", "fumble"):
        text = f"{rolled}: a natural 1 always misses"
        if result == "fumble":
            text += "; fumbled (failed the DC 10 Dexterity check)"
        return head + text
    if result == "miss":
        return head + f"{rolled}: miss"
    parts = [rolled]
    if nat == 20:
        parts.append("a natural 20 always hits")
    conceal = _find(e, "concealment")
    if result == "concealed" and conceal:
        return head + f"{rolled}: would hit, but concealment ({roll_text(conceal)}) makes it miss"
    confirm = o.get("confirm_total")
    if confirm is not None:
        verdict = "critical hit" if result == "critical" else "not confirmed"
        parts.append(f"threat! confirmation {confirm} vs AC {ac_v}: {verdict}")
    else:
        parts.append("hit")
    if conceal:
        parts.append(f"concealment roll {roll_text(conceal)} passes")
    return head + "; ".join(parts)


def _damage(e: Event) -> str:
    o = e.outcome
    rolls = ", ".join(roll_text(r) for r in e.rolls if r.purpose.startswith(("damage", "extra")))
    mult = o.get("multiplier", 1)
    kind = "nonlethal " if o.get("nonlethal") else ""
    text = f"  {o.get('damage')} {kind}damage to {e.target}"
    if rolls:
        text += f" ({rolls}{f', x{mult} critical' if mult > 1 else ''})"
    for note in o.get("reductions", []):
        text += f"; {note}"
    text += f"; {e.target} {o.get('hp_before')} -> {o.get('hp')} hp"
    if o.get("nonlethal_total"):
        text += f" ({o.get('nonlethal_total')} nonlethal)"
    state = o.get("state")
    if state and state != "healthy":
        text += f", {state}"
    for note in o.get("notes", ()):
        text += f" [{note}]"
    saves = [r for r in e.rolls if "Fort" in r.purpose or "rounds" in r.purpose]
    for r in saves:
        text += f" ({r.purpose}: {roll_text(r)})"
    return text


def _initiative(e: Event) -> str:
    init = e.total("initiative")
    d20 = e.rolls[0].total if e.rolls else "?"
    mod = init.value if init else 0
    return f"{e.actor} rolls initiative: d20 {d20} {mod:+d} = {e.outcome.get('result')}"


def _generic(e: Event) -> str:
    details = ", ".join(f"{k} {v}" for k, v in e.outcome.items() if v not in (None, (), []))
    rolls = "; ".join(roll_text(r) + f" ({r.purpose})" for r in e.rolls)
    text = f"{e.actor}: {e.type}"
    if details:
        text += f" ({details})"
    if rolls:
        text += f" [{rolls}]"
    return text


RENDERERS: dict[str, Callable[[Event], str]] = {
    "attack": _attack,
    "damage": _damage,
    "initiative": _initiative,
}


def explain(e: Event) -> Iterator[str]:
    """One line per total of the event: ``attack bonus 8 = +3 base attack ...``."""
    for label, total in e.totals:
        yield f"    {label}: {total.explain()}"


def narrate(e: Event, *, explain_modifiers: bool = False) -> list[str]:
    """The lines that tell ``e``: the sentence, then (optionally) its breakdowns."""
    lines = [RENDERERS.get(e.type, _generic)(e)]
    if explain_modifiers:
        lines.extend(explain(e))
    return lines


def narrate_all(events: Iterable[Event], *, explain_modifiers: bool = False) -> Iterator[str]:
    """Narrate a fight, with a header line at the start of each round."""
    current = -1
    for e in events:
        if e.round != current:
            current = e.round
            yield "Initiative" if current == 0 else f"Round {current}"
        for line in narrate(e, explain_modifiers=explain_modifiers):
            yield "  " + line
