"""Long simulations keep no fight alive: a module-level cache that held each fight's
map (the closed doors of a map whose door was opened, so a copy of its own) kept every
map and its movement tables and line traces, about half a megabyte a fight of
bandit-camp, until a `simulate` of many runs ran out of memory."""

from __future__ import annotations

import gc

from d20combat.content.scenarios import load_scenario
from d20combat.encounter.state import Encounter
from d20combat.grid.battlemap import BattleMap
from d20combat.sim.runner import fight


def _alive(kind: type) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is kind)


def test_fights_with_doors_opened_leave_nothing_behind() -> None:
    scenario = load_scenario("bandit-camp")  # its doors are opened and broken
    fight(scenario, 1)  # warms the scenario's own caches
    maps, encounters = _alive(BattleMap), _alive(Encounter)  # other tests' may live on
    opened = 0
    for seed in range(2, 22):
        result = fight(scenario, seed)
        opened += result.encounter.own_map
        del result
    assert opened  # the fights did copy the map to open doors
    assert _alive(BattleMap) == maps
    assert _alive(Encounter) == encounters
