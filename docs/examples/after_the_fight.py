"""After the fight: rest the party and repair its gear.

Fights the bundled ``ooze-grotto`` (seed 001's advanced rules: the oozes' acid eats the
steel in the party's hands), then, out of combat:

* a dying survivor is made stable first (a friend's first aid: ``rules.hitpoints.stabilize``;
  ``rest`` refuses a dying creature, whose rolls are per round);
* each survivor rests a day, tended (``rules.hitpoints.rest``, hour by hour: the night's
  natural healing at the 8th hour, a stable one's hourly roll to wake ...);
* each damaged weapon or shield is repaired with the owner's Repair skill and tools,
  up to 8 hours (``rules.objects.repair``: seed 004 "Repairing Objects": a Repair check
  DC 20 an hour, 2d6 hit points a success); a ruined one cannot be.

Run it: ``.venv/bin/python docs/examples/after_the_fight.py [SEED]`` (seed 1 by default).
The rolls come from a generator seeded with the same seed: the same seed, the same day.
"""

from __future__ import annotations

import sys
from random import Random

from d20combat.content.scenarios import load_scenario
from d20combat.rules.dice import SampledDice
from d20combat.rules.hitpoints import HpState, rest, stabilize, state_of
from d20combat.rules.maneuvers.sunder import durability
from d20combat.rules.objects import repair
from d20combat.sim.runner import fight


def main(seed: int = 1) -> list[str]:
    """The day after the fight, one line per change (also printed)."""
    scenario = load_scenario("ooze-grotto").under(None, ())
    enc = fight(scenario, seed).encounter
    rules = enc.rules
    dice = SampledDice(Random(seed))
    end = enc.outcome
    lines = [f"ooze-grotto, seed {seed}: {end.kind.value if end else 'unfinished'}"]
    if end is not None and end.winner:
        lines[0] += f" ({end.winner} won in {end.rounds} rounds)"
    for c in sorted(enc.combatants.values(), key=lambda c: c.id):
        if c.side != "party":
            continue
        v = c.vitals
        state = state_of(v, rules)
        if state is HpState.DEAD:
            lines.append(f"{c.id}: dead")
            continue
        if state is HpState.DYING:
            v = stabilize(v)
            lines.append(f"{c.id}: dying at {v.hp}: first aid makes it stable")
        level = max(1, int(sum(hd.count for hd in c.stat.hit_dice)))
        fort = c.stats.saves["fort"].value
        out = rest(v, 24, rules, dice, level=level, fort=fort, tended=True)
        lines.append(f"{c.id}: {v.hp}/{v.max_hp} hp, a day's rest: {out.vitals.hp}/{v.max_hp}")
        lines.extend(f"  {note}" for note in out.notes)
        for item, lost in sorted(c.item_damage.items()):
            table = durability(c.stats, item)
            if table is None:
                continue
            hp = table.hp - lost
            if hp <= 0:
                lines.append(f"  {item}: ruined, beyond repair")
                continue
            fixed = repair(hp, table.hp, 8, c.stats.skill("repair"), dice)
            lines.append(
                f"  {item}: {hp}/{table.hp} hp, {fixed.hours} hours of repairs: "
                f"{fixed.hp}/{table.hp}"
            )
            lines.extend(f"    {note}" for note in fixed.notes)
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
