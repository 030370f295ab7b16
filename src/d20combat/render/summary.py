"""End-of-fight summary tables and simulation reports, as plain text lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter


def summary_lines(enc: Encounter) -> list[str]:
    """One row per combatant: side, hit points, state, attacks, hits, damage dealt."""
    stats: dict[str, list[int]] = {cid: [0, 0, 0] for cid in enc.combatants}
    for e in enc.log:
        if e.type in ("attack", "aoo", "readied attack", "cleave", "rake") and e.actor in stats:
            stats[e.actor][0] += 1
            if e.outcome.get("result") in ("hit", "critical"):
                stats[e.actor][1] += 1
        elif e.type == "damage" and e.actor in stats:
            stats[e.actor][2] += int(e.outcome.get("damage", 0))
    header = (
        f"{'combatant':<22} {'side':<10} {'hp':>9} {'state':<12} {'att':>4} {'hit':>4} {'dmg':>5}"
    )
    lines = [header, "-" * len(header)]
    for c in enc.combatants.values():
        v = c.vitals
        state = "fled" if c.fled else ("surrendered" if c.surrendered else c.state(enc.rules).value)
        if c.inside is not None and not c.vitals.dead:  # SRD Swallow Whole: still fighting
            state = "swallowed"
        att, hit, dmg = stats[c.id]
        lines.append(
            f"{c.name[:22]:<22} {c.side[:10]:<10} {v.hp:>4}/{v.max_hp:<4} "
            f"{state:<12} {att:>4} {hit:>4} {dmg:>5}"
        )
    return lines


def report_lines(report: dict[str, Any]) -> list[str]:
    """A simulation report for a person."""
    n = report["runs"]
    lines = [f"{report['scenario']}: {n} fights, seed {report['seed']}"]
    for side, s in report["sides"].items():
        lo, hi = s["ci95"]
        lines.append(
            f"  {side:<14} wins {s['wins']:>7} ({s['win_rate'] * 100:6.2f}%, "
            f"95% CI {lo * 100:.2f}-{hi * 100:.2f}%)"
        )
    lines.append(
        f"  draws {report.get('draws', 0)}, truncated at the round limit "
        f"{report['truncated']} (never counted as wins)"
    )
    r = report["rounds"]
    lines.append(f"  rounds: mean {r['mean']:.2f}, median {r['p50']}, 90th percentile {r['p90']}")
    heads = ("survival", "standing", "down", "dead")
    lines.append(f"  {'combatant':<24} " + " ".join(f"{h:>9}" for h in heads) + "  mean hp left")
    for name, c in report["combatants"].items():
        rates = (c[f"{h}_rate"] * 100 for h in ("survival", "standing", "down", "dead"))
        lines.append(
            f"  {name[:24]:<24} "
            + " ".join(f"{r:8.1f}%" for r in rates)
            + f" {c['mean_hp_left']:13.2f}"
        )
    return lines
