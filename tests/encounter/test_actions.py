"""Action notation: one text form, parsed back exactly."""

from __future__ import annotations

import pytest

from d20combat.encounter import actions as A
from d20combat.errors import InputError

EXAMPLES = [
    A.EndTurn(),
    A.Move(((2, 3), (3, 4))),
    A.Step((3, 3)),
    A.Withdraw(((1, 1), (0, 0))),
    A.Run(((0, 1), (0, 2), (0, 3))),
    A.Crawl((4, 4)),
    A.Charge("ogre", (5, 6)),
    A.Attack("ogre"),
    A.Attack("goblin-2", "light crossbow", True, True),
    A.Attack("goblin-2", None, False, False),
    A.TotalDefense(),
    A.Delay("goblin-2"),
    A.Ready("enters-reach"),
    A.Ready("enters-reach", "longspear"),
    A.StandUp(),
    A.DropProne(),
    A.Draw("longsword"),
    A.Drop("longbow"),
    A.PickUp("longsword"),
    A.OpenDoor((7, 1)),
    A.Escape(),
    A.Surrender(),
    A.StartFullRound((2, 2)),
    A.Swallow("fighter"),  # SRD special abilities "Swallow Whole"
    A.CutFree("tyrannosaurus", "dagger"),
    A.CutFree("tyrannosaurus"),
    A.Rake("fighter"),  # SRD special abilities "Rake"
    A.Attack("fighter", "claw", part_hold=True),  # SRD "Improved Grab": one part holds
    A.Attack("fighter", "claw", True, None, part_hold=True),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_round_trip(action: A.Action) -> None:
    assert A.parse_action(str(action)) == action


def test_notation_examples() -> None:
    assert str(A.Move(((2, 3), (3, 4)))) == "move c4 d5"
    assert str(A.Charge("ogre", (4, 5))) == "charge ogre to e6"
    assert str(A.Attack("orc-1", "greataxe", True)) == "attack orc-1 with greataxe defensively"
    assert A.parse_action("  ATTACK Ogre  ") == A.Attack("ogre")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "an action"),
        ("teleport away", "one of:"),
        ("fly away", "fly up FEET"),
        ("move", "path"),
        ("step", "step SQUARE"),
        ("charge ogre e6", "charge TARGET to SQUARE"),
        ("delay ogre", "delay after COMBATANT"),
        ("ready attack when later", "enters-reach"),
        ("move c4 zz", "a square like"),
        ("attack ogre using club", "with WEAPON"),
        ("rake", "rake TARGET"),
        ("rake a b", "rake TARGET"),
        ("cut-free trex dagger", "cut-free TARGET [with WEAPON]"),
        ("swallow", "swallow TARGET"),
        # found by the fuzzer (tests/fuzz): '²' passed isdigit() and failed int()
        ("attack ogre power ²", "'power N' with N a whole number"),
        ("attack ogre expertise ٣", "'expertise N' with N a whole number"),
        ("attack ogre power " + "9" * 5000, "from 1 to 9999"),
        ("charge ogre to e6 power ²", "charge TARGET to SQUARE [power N]"),
        ("move c4 d" + "9" * 5000, "a square like"),
    ],
)
def test_bad_notation(text: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        A.parse_action(text)
    assert expected in str(info.value)
