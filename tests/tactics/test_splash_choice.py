"""The baseline throws a splash weapon when its expected damage over every creature it
may reach (foes for, friends and itself against) beats the attack it gives up
(:mod:`d20combat.tactics.splash`)."""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.tactics.policies import policy
from d20combat.tactics.splash import throw_worth

FIRE = "{weapon: alchemist's fire, quantity: 3}, longsword"
FIELD = """
.........
.........
.........
.........
.........
.........
"""


def _enc(kit: Any, foes: dict[str, str], friends: dict[str, str] | None = None) -> Any:
    red = kit.fighter("Red", "a3", weapons=FIRE)
    for name, sq in (friends or {}).items():
        red += kit.fighter(name, sq)
    blue = "".join(kit.fighter(name, sq) for name, sq in foes.items())
    return kit.encounter(FIELD, {"red": red, "blue": blue})


def test_a_cluster_of_foes_out_of_reach_draws_a_throw(kit: Any) -> None:
    # Three foes shoulder to shoulder 15 ft off, none in reach of the longsword: the
    # throw is worth hits and splash, the attack nothing (there is none to make).
    enc = _enc(kit, {"Blue": "d3", "Green": "d2", "Grey": "d4"})
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Throw)
    # aimed at the middle one: a hit splashes both others
    assert choice.target == "blue"


def test_a_throw_that_would_splash_a_friend_and_itself_is_not_made(kit: Any) -> None:
    # One foe next to Red (who holds the flasks): a hit (touch AC 10 flat-footed, +7:
    # 18 faces of 20) is worth 3.5 to Blue less the splash on Red itself and on Pal
    # (1 each); a miss lands 1 square off and splashes Red or Pal in most directions.
    # The unarmed strike it could make instead (1d3+3, +9 against flat-footed AC 15) is
    # worth more: no throw.
    enc = _enc(kit, {"Blue": "b3"}, {"Pal": "a2"})
    red = enc.combatants["red"]
    option = next(o for o in red.ready_options() if o.name == "alchemist's fire")
    worth = throw_worth(enc, red, A.Throw("alchemist's fire", "blue"), option)
    assert worth < 15 / 20 * 5  # the unarmed strike: 5 a hit, hits on 6-20
    choice = policy("default")(enc, "red")
    assert not isinstance(choice, A.Throw)


def test_worth_counts_hits_misses_and_friends(kit: Any) -> None:
    # Blue alone at d3, flat-footed: touch AC 10, +5 (-2 range): hits on 5-20, 16/20.
    # A hit: 3.5 (1d6) to Blue; a miss lands 2 squares away in one of 8 directions:
    # only the west landing (b3, next to Red) splashes anyone: Red, -1.
    enc = _enc(kit, {"Blue": "d3"})
    red = enc.combatants["red"]
    option = next(o for o in red.ready_options() if o.name == "alchemist's fire")
    worth = throw_worth(enc, red, A.Throw("alchemist's fire", "blue"), option)
    assert abs(worth - (16 / 20 * 3.5 + 4 / 20 * (-1 / 8))) < 1e-9
