"""The baseline sets a firearm on autofire, or throws an explosive, when its expected
worth by the exact odds over every creature caught (foes for, friends against) beats the
attacks it gives up (:mod:`d20combat.tactics.firearms`; seed 004 "Autofire", "Thrown
Explosives")."""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.tactics.firearms import autofire_worth
from d20combat.tactics.policies import policy

FIELD = """
............
............
............
............
............
............
"""
FEATS = "firearm_feats: [personal firearms proficiency, advanced firearms proficiency]"


def shooter(kit: Any, weapons: str) -> str:
    """Red at a3 (the conftest fighter: BAB +6, Dex 12) with ``weapons`` and both
    firearm proficiencies."""
    text: str = kit.fighter("Red", "a3", weapons=weapons)
    return text.replace("      feats: []\n", f"      feats: []\n      {FEATS}\n")


def _enc(kit: Any, weapons: str, foes: dict[str, str]) -> Any:
    blue = "".join(kit.fighter(name, sq) for name, sq in foes.items())
    return kit.encounter(FIELD, {"red": shooter(kit, weapons), "blue": blue}, ruleset="d20modern")


SMG = "{weapon: submachine gun, rounds: 30}"


def test_a_cluster_draws_autofire(kit: Any) -> None:
    # Four foes in the 10-ft area e2+f3 (e2, f2, e3, f3), 20 ft off: autofire at +7
    # against Defense 10 hits on 3-20 (18/20); each foe (Reflex +3, DC 15) fails on
    # 1-11 (11/20): 4 x 0.9 x 0.55 x 4.5 = 8.9 hit points, against one shot at +7 on a
    # flat-footed AC 15 (13/20 x 4.5 = 2.9).
    enc = _enc(kit, SMG, {"Blue": "e2", "Green": "f2", "Grey": "e3", "Pink": "f3"})
    choice = policy("default")(enc, "red")
    assert choice == A.Autofire("submachine gun", (5, 2))  # the intersection e2+f3
    red = enc.combatants["red"]
    option = next(o for o in red.ready_options() if o.name == "submachine gun")
    assert abs(autofire_worth(enc, red, choice, option) - 4 * 0.9 * 0.55 * 4.5) < 1e-9


def test_a_lone_foe_draws_a_single_shot(kit: Any) -> None:
    # One foe: autofire is worth 0.9 x 0.55 x 4.5 = 2.2, a single shot 2.9: it shoots.
    enc = _enc(kit, SMG, {"Blue": "e3"})
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.Attack) and choice.target == "blue"


def test_a_cluster_out_of_reach_draws_a_grenade(kit: Any) -> None:
    # Four foes 25-30 ft off; Red holds grenades (4d6 in a 20-ft burst, DC 15 for half)
    # and a longsword it cannot reach them with: the grenade is the only attack, and
    # worth far more than nothing.
    grenades = "{weapon: fragmentation grenade, quantity: 2}, longsword"
    enc = _enc(kit, grenades, {"Blue": "g2", "Green": "h2", "Grey": "g3", "Pink": "h3"})
    choice = policy("default")(enc, "red")
    assert isinstance(choice, A.ThrowExplosive)
    assert choice.weapon == "fragmentation grenade"
