"""Exact odds as text: probabilities as percentages and fractions, and a bar chart."""

from __future__ import annotations

from fractions import Fraction

from d20combat.odds import AttackOdds, ManeuverOdds, SequenceOdds


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}% ({p.numerator}/{p.denominator})"


def _summary(o: AttackOdds, indent: str = "") -> list[str]:
    mean = o.mean_damage
    return [
        f"{indent}miss     {pct(o.p_miss)}",
        f"{indent}hit      {pct(o.p_hit)}  (includes critical hits)",
        f"{indent}critical {pct(o.p_crit)}",
        f"{indent}mean damage {float(mean):.4f} ({mean.numerator}/{mean.denominator})",
    ]


def odds_text(result: SequenceOdds, width: int = 40) -> list[str]:
    lines = []
    if len(result.attacks) > 1:
        for a in result.attacks:
            lines.append(f"{a.label}:")
            lines.extend(_summary(a, "  "))
        lines.append("whole sequence (at least one hit / critical):")
        lines.extend(_summary(result.total, "  "))
    else:
        lines.append(f"{result.attacks[0].label}:")
        lines.extend(_summary(result.attacks[0], "  "))
    lines.append("damage distribution:")
    dist = result.total.damage
    top = max(dist.values()) if dist else Fraction(1)
    for value, p in dist.items():
        bar = "#" * max(1 if p else 0, round(width * float(p / top)))
        lines.append(f"  {value:>4} {float(p) * 100:7.3f}% {bar}")
    return lines


def maneuver_text(result: ManeuverOdds) -> list[str]:
    """A special attack's odds: each outcome, each step, and what it provokes."""
    lines = [
        f"{result.maneuver}: {result.attacker} against {result.defender} "
        f"(ruleset {result.ruleset})",
        f"  success ({result.success}) {pct(result.p_success)}",
        "  outcomes:",
    ]
    lines.extend(f"    {name:<12} {pct(p)}" for name, p in result.outcomes.items())
    lines.append("  steps:")
    lines.extend(f"    {name}: {pct(p)}" for name, p in result.steps)
    lines.extend(f"  assuming {note}" for note in result.notes)
    if result.provokes:
        lines.append("  attacks of opportunity (not counted above):")
        lines.extend(f"    {why}" for why in result.provokes)
    return lines
