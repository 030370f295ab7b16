"""The baseline tactics give a dying ally first aid when it is worth more than the
turn's attacks (tactics/first_aid.py; reading A205): the chance of the Heal check (one
d20 against DC 15) times the chance the ally dies alone (SRD combat-i "Stable
Characters and Recovery": 10% a round to stabilise, -1 hp otherwise, dead at -10) times
its maximum hit points, less the attacks of opportunity it provokes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from d20combat.encounter import actions as A
from d20combat.tactics.first_aid import stabilize_worth
from d20combat.tactics.policies import policy

ROWS = """
.........
.........
.........
"""


def _with_heal(entry: str, ranks: int) -> str:
    """A fighter entry with a Heal modifier of ``ranks`` in its stat block."""
    return entry.replace("      feats:", f"      skills: {{heal: {ranks}}}\n      feats:")


def _position(
    kit: Any,
    *,
    blue: str,
    heal: int | None = None,
    int_score: int = 10,
    rolls: tuple[int, ...] = (),
) -> Any:
    """Red (b2) with Green (b1) dying at -3 hp next to it; Blue at ``blue``; the dice
    give ``rolls`` after the initiative (Red 20, Green 19, Blue 18)."""
    red = kit.fighter("Red", "b2", int_score=int_score)
    if heal is not None:
        red = _with_heal(red, heal)
    sides = {"red": red + kit.fighter("Green", "b1"), "blue": kit.fighter("Blue", blue)}
    enc = kit.encounter(ROWS, sides, [20, 19, 18, *rolls])
    g = enc.combatants["green"]
    g.vitals = g.vitals._replace(hp=-3)
    enc.space.invalidate(g)
    assert enc.current is not None and enc.current.id == "red"
    return enc


def test_no_foe_in_reach_first_aid_comes_first(kit: Any) -> None:
    """Blue is 30 ft off: no attack to give up. Red's Heal is untrained (Wis 10: +0):
    15..20 succeed, 6/20; Green at -3 dies alone if its next 7 rolls (-3 to -10) all
    fail: (9/10)^7; nobody threatens Red (no attack of opportunity)."""
    enc = _position(kit, blue="h2", rolls=(15,))
    red, green = enc.combatants["red"], enc.combatants["green"]
    expected = Fraction(6, 20) * Fraction(9, 10) ** 7 * green.vitals.max_hp
    assert abs(stabilize_worth(enc, red, green) - float(expected)) < 1e-9
    assert policy("default")(enc, "red") == A.Stabilize("green")
    enc.apply(A.Stabilize("green"))  # rolls 15: 15 + 0 >= 15
    assert green.vitals.stable
    assert enc.budget.move  # the move action is left to close in


def test_in_the_thick_of_it_an_untrained_healer_attacks(kit: Any) -> None:
    """Blue next to Red: first aid gives up Red's full attack (two longsword blows,
    about 9 hp expected) and provokes Blue's attack of opportunity, against 6/20 x
    0.478 x Green's 39 hp, about 5.6: Red attacks."""
    enc = _position(kit, blue="c2")
    red, green = enc.combatants["red"], enc.combatants["green"]
    assert stabilize_worth(enc, red, green) < 6.0
    assert isinstance(policy("default")(enc, "red"), A.Attack)


def test_a_trained_healer_saves_a_friend_before_striking(kit: Any) -> None:
    """Heal +10: 5..20 succeed, 16/20; 0.8 x 0.478 x 39, about 14.9 (Blue has not acted
    yet: flat-footed, it makes no attack of opportunity, SRD combat-i "Flat-Footed", so
    nothing is taken off) beats Red's full attack: first aid, though a foe stands next
    to it."""
    enc = _position(kit, blue="c2", heal=10)
    red, green = enc.combatants["red"], enc.combatants["green"]
    assert green.vitals.max_hp == 39  # 6d10 at 5.5 a die (33) + Con 12's +1 a die
    chance = Fraction(16, 20) * Fraction(9, 10) ** 7
    assert abs(stabilize_worth(enc, red, green) - float(chance) * 39) < 1e-9
    assert policy("default")(enc, "red") == A.Stabilize("green")


def test_an_animal_gives_no_first_aid(kit: Any) -> None:
    """Int 2: it cannot (an animal has no use of Heal: the baseline's intelligent
    creatures only, as its other choices)."""
    enc = _position(kit, blue="h2", int_score=2)
    assert policy("default")(enc, "red") != A.Stabilize("green")


def test_a_creature_without_allies_never_asks(kit: Any, monkeypatch: Any) -> None:
    """The hook costs a creature alone on its side one cached count: a duel never asks
    about first aid (tactics/first_aid.py)."""
    import d20combat.tactics.policies as P

    def fail(*_: Any) -> None:
        raise AssertionError("asked about first aid in a duel")

    monkeypatch.setattr(P, "stabilize_instead", fail)
    sides = {"red": kit.fighter("Red", "b2"), "blue": kit.fighter("Blue", "d2")}
    enc = kit.seeded(ROWS, sides, 1)
    from d20combat.sim.runner import play

    play(enc)
    assert enc.outcome is not None
