"""The baseline's flight (tactics/flight.py): a flier aloft weighs a swoop (one claw,
double damage, less the foe's answering full attack) against a flyby attack (one
attack, flying on out of reach), by expected damage; too low to swoop, it climbs."""

from __future__ import annotations

from typing import Any

from d20combat.encounter import actions as A
from d20combat.tactics.flight import dive_worth, flier_turn, strikes_back
from d20combat.tactics.policies import policy

SHELF = """
..........
..........
..........
"""


def eagle_and(kit: Any, foe: str, *, altitude: int = 30) -> Any:
    sides = {
        "air": kit.creature("giant eagle", "a1", f"altitude: {altitude}"),
        "foes": foe,
    }
    return kit.encounter(SHELF, sides, ruleset="advanced")


def test_swoops_on_a_weak_foe(kit: Any) -> None:
    """A hobgoblin's answer (one longsword, +2) is worth little: the swoop's doubled
    claw (+7, 2 x 7.5) beats the flyby's single claw."""
    enc = eagle_and(kit, kit.creature("hobgoblin", "f1"))
    eagle, hob = enc.combatants["giant-eagle"], enc.combatants["hobgoblin"]
    choice = policy("default")(enc, eagle.id)
    assert isinstance(choice, A.Charge) and choice.maneuver == "dive"
    assert dive_worth(enc, eagle, hob) - strikes_back(enc, hob, eagle) > 0


def test_flies_by_a_strong_foe(kit: Any) -> None:
    """A fighter with a greatsword (+9/+4, 2d6+4) would answer a swoop with a full
    attack worth more than the swoop's extra claw: the eagle flies by instead, ending
    where no foe threatens it."""
    enc = eagle_and(kit, kit.fighter("Blue", "f1", weapons="greatsword"), altitude=5)
    eagle, blue = enc.combatants["giant-eagle"], enc.combatants["blue"]
    choice = flier_turn(enc, eagle)
    assert isinstance(choice, A.Flyby) and choice.target == "blue"
    assert not enc.space.threatened_at(eagle, choice.path[-1])
    assert strikes_back(enc, blue, eagle) > dive_worth(enc, eagle, blue) / 2  # its answer


def test_too_low_to_swoop_with_no_foe_in_reach_it_climbs(kit: Any) -> None:
    """5 ft up with its foe beyond a flyby's reach (the far end of a 30-square shelf),
    it climbs as high as a move takes it: 40 ft (80 ft of movement at half speed)."""
    rows = "\n".join(["." * 30] * 3)
    sides = {
        "air": kit.creature("giant eagle", "a1", "altitude: 5"),
        "foes": kit.creature("hobgoblin", "ad1"),
    }
    enc = kit.encounter(rows, sides, ruleset="advanced")
    choice = flier_turn(enc, enc.combatants["giant-eagle"])
    assert choice == A.Fly(True, 40)


def test_a_grounded_flier_is_not_asked(kit: Any) -> None:
    enc = eagle_and(kit, kit.creature("hobgoblin", "f1"), altitude=0)
    assert flier_turn(enc, enc.combatants["giant-eagle"]) is None
