from typing import Any
from d20combat.encounter.actions import parse_action

def duel(kit: Any, rolls: list[int], red: str = "", blue: str = "", **kw: Any) -> Any:
    sides = {
        "red": kit.soldier("Red", "b2", weapons="wire garrote", feats=red),
        "blue": kit.soldier("Blue", "c2", feats=blue, **kw),
    }
    return kit.scripted_encounter(kit.OPEN if hasattr(kit, "OPEN") else ".......\n.......\n.......\n", sides, rolls)

def test_x(kit: Any) -> None:
    enc = duel(kit, [20, 1, 10, 15, 10, 7])
    red=enc.combatants["red"]
    print(red.wielding, [ (o.name, o.bonus.value, o.bonus) for o in red.ready_options()])
    enc.apply(parse_action("garrote blue"))
    for e in enc.log: print(e.type, e.outcome, [t for t in getattr(e,'totals',())])
    assert 0
