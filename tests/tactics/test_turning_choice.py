"""The baseline turns undead when the hit points of the foes it expects to destroy, turn
or rebuke beat its attacks (tactics/maneuvers.py ``turning_instead``), by the exact odds
of the turning check and damage; and the bundled scenario shows it.

The bundled cleric-3: level 3, Cha +0, 3 attempts a day, heavy mace +3 (1d8+1). A human
commoner zombie: 2 HD, 16 hp (2d12 = 13, Toughness +3), AC 11.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from d20combat.content.scenarios import load_scenario
from d20combat.encounter import actions as A
from d20combat.sim.runner import fight
from d20combat.tactics.maneuvers import turning_instead, turning_worth
from d20combat.tactics.policies import policy

ROWS = """
.........
.........
.........
"""


def test_a_cleric_next_to_a_zombie_turns(kit: Any) -> None:
    # the check reaches 2 HD on 7 or more (14 of 20) and 2d6+3 always covers 2 HD:
    # 7/10 x 16 hp = 11.2 hp, against one mace blow: at most 8 x 3/4 = 6
    sides = {
        "party": kit.creature("cleric-3", "b2"),
        "undead": kit.creature("human-commoner-zombie", "c2"),
    }
    enc = kit.encounter(ROWS, sides)
    c = enc.combatants["dwarf-cleric-3"]
    assert turning_worth(enc, c, A.Turn()) == pytest.approx(float(Fraction(7, 10) * 16))
    assert policy("default")(enc, c.id) == A.Turn()


def test_a_cleric_surrounded_by_undead_turns(kit: Any) -> None:
    zombies = "".join(kit.creature("human-commoner-zombie", sq) for sq in ("a1", "c1", "a3", "c3"))
    enc = kit.encounter(ROWS, {"party": kit.creature("cleric-3", "b2"), "undead": zombies})
    assert policy("default")(enc, "dwarf-cleric-3") == A.Turn()


def test_no_turning_without_uses_or_against_the_living_or_the_mighty(kit: Any) -> None:
    # no attempt left: it attacks; a living orc: nothing to turn; a mummy (8 HD) is
    # beyond the table's best row (level 3 + 4 = 7 HD): worth nothing
    sides = {
        "party": kit.creature("cleric-3", "b2"),
        "undead": kit.creature("human-commoner-zombie", "c2"),
    }
    enc = kit.encounter(ROWS, sides)
    c = enc.combatants["dwarf-cleric-3"]
    c.turnings_used["undead"] = 3
    assert turning_instead(enc, c, None) is None
    assert isinstance(policy("default")(enc, c.id), A.Attack)
    orc = kit.encounter(
        ROWS, {"party": kit.creature("cleric-3", "b2"), "orcs": kit.creature("orc", "c2")}
    )
    assert turning_worth(orc, orc.combatants["dwarf-cleric-3"], A.Turn()) == 0
    assert isinstance(policy("default")(orc, "dwarf-cleric-3"), A.Attack)
    mummy = kit.encounter(
        ROWS, {"party": kit.creature("cleric-3", "b2"), "undead": kit.creature("mummy", "d2")}
    )
    assert turning_worth(mummy, mummy.combatants["dwarf-cleric-3"], A.Turn()) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bone_chapel_shows_a_turning(seed: int) -> None:
    # d20combat fight bone-chapel --seed 1, 2, 3: the default tactics turn
    result = fight(load_scenario("bone-chapel"), seed)
    turnings = [e for e in result.encounter.log if e.type == "turning"]
    assert turnings and any(e.outcome["affected"] for e in turnings)


def test_a_foe_it_turned_comes_last(kit: Any) -> None:
    # out of attempts, next to two zombies: the one it turned (and wounded) is left
    # alone, the other attacked (coming within 10 ft of a turned foe ends the turning)
    from d20combat.encounter.combatant import Condition

    undead = kit.creature("human-commoner-zombie", "c1") + kit.creature(
        "human-commoner-zombie", "c3"
    )
    enc = kit.encounter(ROWS, {"party": kit.creature("cleric-3", "b2"), "undead": undead})
    c = enc.combatants["dwarf-cleric-3"]
    c.turnings_used["undead"] = 3
    first = enc.combatants["human-commoner-zombie-1"]
    first.conditions["turned"] = Condition(c.id, 10)
    first.vitals = first.vitals._replace(hp=3)
    enc.space.invalidate()
    choice = policy("default")(enc, c.id)
    assert isinstance(choice, A.Attack) and choice.target == "human-commoner-zombie-2"
