"""A creature's stat block as text (every derived number with its breakdown) and as
the JSON shape of ``d20combat creature --json`` (see the README's contracts)."""

from __future__ import annotations

from typing import Any

from d20combat.content.creatures import SpecialAttack
from d20combat.rules.modelled import not_modelled
from d20combat.rules.modifiers import Total
from d20combat.rules.statistics import Statistics


def _sign(n: int) -> str:
    return f"{n:+d}"


def attack_entries(st: Statistics) -> list[dict[str, Any]]:
    """One entry per attack option in each full-attack routine, bonuses in order."""
    out: list[dict[str, Any]] = []
    for routine in st.routines:
        grouped: dict[int, dict[str, Any]] = {}
        for option, bonus in routine.attacks:
            entry = grouped.get(id(option))
            if entry is None:
                entry = {
                    "name": option.name,
                    "routine": routine.name,
                    "kind": "ranged" if option.ranged else "melee",
                    "bonuses": [],
                    "damage": option.damage_text,
                    "critical": option.critical_text,
                }
                if option.ranged:
                    entry["range_increment_ft"] = option.range_increment
                else:
                    entry["reach_ft"] = option.reach_ft
                grouped[id(option)] = entry
                out.append(entry)
            entry["bonuses"].append(bonus.value)
    return out


def special_text(r: SpecialAttack) -> str:
    """One special attack with its numbers, as the stat block gives them."""
    parts = [r.kind]
    if r.attacks:
        parts.append("after a hit with " + " or ".join(r.attacks))
    if r.modifier is not None:
        parts.append(f"check {r.modifier:+d}")
    if r.bonus is not None:
        parts.append(f"{r.count} x {r.bonus:+d} melee")
    if r.damage is not None:
        parts.append(f"damage {r.damage}")
    if r.dc is not None:
        parts.append(f"Reflex DC {r.dc} half")
    return ": ".join([parts[0], ", ".join(parts[1:])]) if len(parts) > 1 else parts[0]


def as_json(st: Statistics) -> dict[str, Any]:
    """The ``creature --json`` shape."""
    s = st.stat
    return {
        "name": s.name,
        "size": s.size.label,
        "type": s.type.value,
        "hp": st.hp.value,
        "bab": st.bab,
        "grapple": st.grapple.value,
        "initiative": st.initiative.value,
        "ac": {
            "total": st.ac.value,
            "touch": st.touch.value,
            "flat_footed": st.flat_footed.value,
            "breakdown": st.ac.breakdown(),
        },
        "saves": {k: v.value for k, v in st.saves.items()},
        "attacks": attack_entries(st),
        "space_ft": st.space_ft,
        "reach_ft": st.reach_ft,
        "speed_ft": st.speed.value,
        "breakdowns": {
            "hp": st.hp.breakdown(),
            "touch": st.touch.breakdown(),
            "flat_footed": st.flat_footed.breakdown(),
            "initiative": st.initiative.breakdown(),
            "grapple": st.grapple.breakdown(),
            "speed": st.speed.breakdown(),
            **{f"save_{k}": v.breakdown() for k, v in st.saves.items()},
        },
        "ruleset": st.rules.name,
        "source": s.source,
        "not_modelled": [n.as_json() for n in not_modelled(s)],
    }


def _line(label: str, total: Total) -> str:
    return f"{label:<13} {total.explain()}"


def as_text(st: Statistics) -> list[str]:
    """The stat block for a person, each number followed by its breakdown."""
    s = st.stat
    subtypes = f" ({', '.join(s.subtypes)})" if s.subtypes else ""
    lines = [f"{s.name}: {s.size.label} {s.type.value}{subtypes}"]
    if s.source:
        lines.append(f"  source: {s.source}")
    abil = ", ".join(
        f"{a.value.capitalize()} {v if v is not None else '-'}" for a, v in st.abilities.items()
    )
    lines.append(f"  abilities: {abil}")
    lines.append("  " + _line("Hit points", st.hp))
    lines.append("  " + _line("Initiative", st.initiative))
    lines.append("  " + _line("Speed", st.speed))
    term = st.rules.defense_term
    lines.append("  " + _line(term, st.ac))
    lines.append("  " + _line("  touch", st.touch))
    lines.append("  " + _line("  flat-footed", st.flat_footed))
    lines.append(f"  {'Base attack':<13} {_sign(st.bab)}")
    lines.append("  " + _line("Grapple", st.grapple))
    for name, total in st.saves.items():
        lines.append("  " + _line(name.capitalize(), total))
    lines.append(f"  {'Space/Reach':<13} {st.space_ft:g} ft./{st.reach_ft} ft.")
    if st.armor_check_penalty:
        lines.append(f"  {'Armor check':<13} {st.armor_check_penalty}")
    lines.append("  Attacks (full attack routines):")
    for routine in st.routines:
        parts = []
        for entry in attack_entries(st):
            if entry["routine"] == routine.name:
                bonuses = "/".join(_sign(b) for b in entry["bonuses"])
                kind = entry["kind"]
                parts.append(
                    f"{entry['name']} {bonuses} {kind} ({entry['damage']}, {entry['critical']})"
                )
        lines.append(f"    {routine.name}: " + " and ".join(parts))
        first_option, first_bonus = routine.attacks[0]
        lines.append(f"      attack {first_bonus.explain()}")
        lines.append(f"      damage {first_option.dice} + {first_option.damage_bonus.explain()}")
    s_dr = ", ".join(str(d) for d in s.dr)
    if s_dr:
        lines.append(f"  Damage reduction: {s_dr}")
    if s.resist:
        lines.append("  Resistances: " + ", ".join(f"{k.value} {v}" for k, v in s.resist.items()))
    if s.immune or s.immunities:
        names = sorted({t.value for t in s.immune} | set(s.immunities))
        lines.append("  Immunities: " + ", ".join(names))
    if s.vulnerable:
        lines.append("  Vulnerable: " + ", ".join(sorted(t.value for t in s.vulnerable)))
    if s.feats:
        lines.append("  Feats: " + ", ".join(map(str, s.feats)))
    if s.qualities:
        lines.append("  Qualities: " + ", ".join(s.qualities))
    if s.special_attacks:
        lines.append("  Special attacks: " + ", ".join(s.special_attacks))
    lines.extend(f"    {special_text(r)}" for r in s.special_attack_rules)
    for note in st.conditional:
        lines.append(f"  Conditional: {note}")
    ignored = not_modelled(s)
    if ignored:
        lines.append("  Not modelled (accepted, but d20combat does not use them):")
        lines.extend(f"    {n}" for n in ignored)
    return lines
