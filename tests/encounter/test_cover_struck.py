"""Striking the cover instead of a missed target (seed 004), step by step with scripted
dice, under d20modern (``cover_struck``).

Red (the conftest soldier: ranged +7 with a pistol, Personal Firearms Proficiency)
shoots at Blue with Pal standing between them: Pal gives Blue soft cover (+4 AC against
ranged attacks). Scripted dice give totals: a d20's face, a damage roll's total.
"""

from __future__ import annotations

from typing import Any

from d20combat.encounter.actions import parse_action

FIELD = """
.......
.......
.......
"""
PISTOL = "{weapon: pistol, rounds: 10}"
PROFICIENT = "chainmail\n  firearm_feats: [personal firearms proficiency]"


def setup(kit: Any, rolls: list[int], ruleset: str = "d20modern", pal_first: bool = False) -> Any:
    red = kit.soldier("Red", "a2", weapons=PISTOL, armor=PROFICIENT)
    pal = kit.soldier("Pal", "c2", dex=16)  # chainmail lets +2 of its Dex +3 count
    blue = kit.soldier("Blue", "e2")
    sides = {"blue": pal + blue, "red": red} if pal_first else {"red": red, "blue": pal + blue}
    return kit.scripted_encounter(FIELD, sides, rolls, ruleset=ruleset)


def hp(enc: Any) -> dict[str, int]:
    return {k: int(c.vitals.hp) for k, c in enc.combatants.items()}


def test_a_miss_only_the_cover_made_strikes_the_covering_creature(kit: Any) -> None:
    # Blue flat-footed 15 + 4 soft cover = 19; a 10 gives 17: a miss that would have hit
    # without the cover (15). The cover is Pal (flat-footed 15, no Dex bonus counted):
    # 17 reaches it, so Pal takes the pistol's damage, rolled anew: 6.
    enc = setup(kit, [20, 2, 1, 10, 6])
    before = hp(enc)
    enc.apply(parse_action("attack blue with pistol"))
    (e,) = [e for e in enc.log if e.type == "cover-struck"]
    assert (e.target, e.outcome["aimed"], e.outcome["total"], e.outcome["struck"]) == (
        "pal",
        "blue",
        17,
        "pal",
    )
    after = hp(enc)
    assert (before["pal"] - after["pal"], before["blue"] - after["blue"]) == (6, 0)


def test_a_covering_creature_that_dodges_lets_the_blow_hit_the_target(kit: Any) -> None:
    # Pal and Blue act first, so neither is flat-footed: Blue 16 + 4 cover = 20, Pal 17
    # (chainmail 15 + Dex +2). Red's 9 gives 16: a miss on Blue that would hit it
    # uncovered (16); short of Pal's 17, but only by its Dex bonus (15 without it): Pal
    # dodged out of the way, and Blue takes the blow (5).
    enc = setup(kit, [20, 19, 1, 9, 5], pal_first=True)
    enc.apply(parse_action("end"))  # Pal
    enc.apply(parse_action("end"))  # Blue
    before = hp(enc)
    enc.apply(parse_action("attack blue with pistol"))
    (e,) = [e for e in enc.log if e.type == "cover-struck"]
    assert (e.outcome["total"], e.outcome["dodge"], e.outcome["struck"]) == (16, 2, "blue")
    after = hp(enc)
    assert (before["pal"] - after["pal"], before["blue"] - after["blue"]) == (0, 5)


def test_srd35_has_no_striking_the_cover(kit: Any) -> None:
    enc = setup(kit, [20, 2, 1, 10], ruleset="srd35")
    enc.apply(parse_action("attack blue with pistol"))
    assert not [e for e in enc.log if e.type == "cover-struck"]


def test_a_covering_friend_takes_the_blow_when_it_is_worth_more(kit: Any) -> None:
    # seed 004: "A covering character can choose not to apply his or her Dexterity bonus
    # to Defense and/or his or her dodge bonus" (A222). As above, but Blue has 5 hit
    # points left: the pistol's expected 7 (2d6) would cost Blue all of them and Pal
    # 7/40 of its: Pal drops its Dex bonus and takes the blow (5), Blue none.
    from d20combat.encounter.maneuvers.cover import takes_the_blow

    enc = setup(kit, [20, 19, 1, 9, 5], pal_first=True)
    pal, blue, red = enc.combatants["pal"], enc.combatants["blue"], enc.combatants["red"]
    blue.vitals = blue.vitals._replace(hp=5)
    option = red.ready_options()[0]
    assert takes_the_blow(pal, blue, option) and not takes_the_blow(blue, pal, option)
    assert not takes_the_blow(red, blue, option)  # a foe in the way never does
    enc.apply(parse_action("end"))  # Pal
    enc.apply(parse_action("end"))  # Blue
    enc.apply(parse_action("attack blue with pistol"))
    (e,) = [e for e in enc.log if e.type == "cover-struck"]
    assert (e.outcome["struck"], e.outcome["took_the_blow"]) == ("pal", True)
    assert (pal.vitals.max_hp - pal.vitals.hp, blue.vitals.hp) == (5, 5)
