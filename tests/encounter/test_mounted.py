"""Mounted combat (seed 000 "Mounted Combat"; seed 002 and 003 "Mounted Combat"; SRD feats
"Spirited Charge"), walked step by step with scripted dice.

The knight is the conftest soldier (BAB +6/+1, Str 16, longsword 1d8+3 or lance 1d8+3,
40 hp) riding a heavy warhorse (SRD monsters-animals "Warhorse, Heavy": Large, 2x2
squares, speed 50 ft, hooves +6 1d6+4). Initiative is rolled in the order of the
scenario's entries: the steed, the knight, then the foes.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.encounter.actions import parse_action
from d20combat.encounter.events import Event
from d20combat.encounter.invariants import problems
from d20combat.encounter.save import load as load_save_data
from d20combat.encounter.state import Encounter
from d20combat.errors import IllegalActionError, SaveFileError, ScenarioError

FIELD = """
..........
..........
..........
..........
"""
STEED = "  - creature: heavy warhorse\n    name: Steed\n    at: {at}\n"


def rider(kit: Any, name: str = "Knight", mount: str = "steed", **kw: Any) -> str:
    """A soldier riding ``mount`` (its entry gives ``mount`` instead of ``at``)."""
    text: str = kit.soldier(name, "a1", **kw)
    return text.replace("  - at: a1\n", f"  - mount: {mount}\n", 1)


def mounted(
    kit: Any, rolls: list[int] | None, foes: str, *, steed_at: str = "a1", **kw: Any
) -> Encounter:
    """The knight on his steed against ``foes``, with scripted ``rolls`` (None: seeded
    dice, as a save needs)."""
    sides = {"knights": STEED.format(at=steed_at) + rider(kit, **kw), "foes": foes}
    enc: Encounter = (
        kit.encounter(FIELD, sides)
        if rolls is None
        else kit.scripted_encounter(FIELD, sides, rolls)
    )
    return enc


def act(enc: Encounter, text: str) -> list[Event]:
    return enc.apply(parse_action(text))


def attacks(events: list[Event]) -> list[Event]:
    return [e for e in events if e.type == "attack"]


def parts(e: Event) -> dict[str, int]:
    """The attack bonus's parts by source."""
    total = dict(e.totals)["attack bonus"]
    return {p.modifier.source: p.modifier.value for p in total.parts if p.counted}


def foe(kit: Any, name: str = "Foe", at: str = "f1", **kw: Any) -> str:
    text: str = kit.soldier(name, at, hp_bonus=40, **kw)
    return text


def test_the_rider_shares_the_mounts_space_and_initiative(kit: Any) -> None:
    # initiative: steed 3+1, knight 15+1 = 16, foe 2+1; seed 000: "Your mount acts on your
    # initiative count as you direct it": the steed takes 16 and acts just before him
    enc = mounted(kit, [3, 15, 2], foe(kit, at="j4"))
    knight, steed = enc.get("knight"), enc.get("steed")
    assert enc.order == ["steed", "knight", "foe"]
    assert steed.initiative == knight.initiative == 16
    assert knight.pos == steed.pos == (0, 0) and knight.squares == steed.squares == 2
    assert "riding" in knight.conditions and knight.mount == "steed"
    assert problems(enc) == []
    # "You move at its speed, but the mount uses its action to move": 50 ft, carrying him
    act(enc, "move b1 c1 d1 e1 f1 g1 h1 i1")  # 40 ft: a move action
    assert knight.pos == steed.pos == (8, 0)
    assert (knight.rode_ft, knight.gait) == (40, "move")
    act(enc, "end")
    assert enc.current is knight
    moves = [
        str(a)
        for a in enc.legal_actions()
        if str(a).split()[0] in ("move", "step", "charge", "run", "withdraw")
    ]
    assert moves == []  # he moves only with his mount
    with pytest.raises(IllegalActionError, match="forbid moving"):
        enc.check(parse_action("move i3"))
    act(enc, "end")
    assert (knight.rode_ft, knight.gait) == (0, "")  # spent with his turn


def test_one_melee_attack_after_the_mount_moves_more_than_5_ft(kit: Any) -> None:
    # seed 000: "If your mount moves more than 5 feet, you can only make a single melee
    # attack." The steed moves 10 ft (a1 -> c1) next to the foe at e1.
    enc = mounted(kit, [3, 15, 2, 12, 5], foe(kit, at="e1"))
    act(enc, "move b1 c1")
    act(enc, "end")
    events = act(enc, "attack foe with longsword")
    (hit,) = attacks(events)
    # +6 BAB +3 Str +1 higher ground (a Medium foe on foot, smaller than the Large steed)
    assert hit.outcome["total"] == 12 + 10
    assert parts(hit)["higher-ground (attacker)"] == 1
    assert not [a for a in enc.legal_actions() if str(a).startswith("attack")]
    with pytest.raises(IllegalActionError):
        enc.check(parse_action("attack foe with longsword"))


def test_a_full_attack_when_the_mount_moves_5_ft_or_less(kit: Any) -> None:
    # the steed takes a 5-foot step (b1) next to the foe at d1: the knight full-attacks
    enc = mounted(kit, [3, 15, 2, 12, 5, 12, 5], foe(kit, at="d1"))
    act(enc, "step b1")
    act(enc, "end")
    first = attacks(act(enc, "attack foe with longsword"))
    second = attacks(act(enc, "attack foe with longsword"))
    assert first[0].outcome["total"] == 12 + 10 and second[0].outcome["total"] == 12 + 5


def test_no_higher_ground_on_a_creature_as_large_as_the_mount(kit: Any) -> None:
    # a Large ogre is not smaller than the steed: no +1 (seed 000: "a creature smaller
    # than your mount that is on foot")
    ogre = "  - creature: ogre\n    at: e1\n"
    enc = mounted(kit, [3, 15, 2, 12, 5], ogre)
    act(enc, "move b1 c1")
    act(enc, "end")
    (hit,) = attacks(act(enc, "attack ogre with longsword"))
    assert "higher-ground (attacker)" not in parts(hit)


def test_ranged_attacks_after_a_double_move_and_a_run(kit: Any) -> None:
    # seed 000: "-4 ... while your mount is taking a double move", "-8 ... while your
    # mount is running"; "You can make a full attack with a ranged weapon".
    # A bow takes both hands: the knight guides with his knees first (DC 5: d20 10).
    archer = dict(weapons="longbow", feats="")
    enc = mounted(kit, [3, 15, 2, 10, 2, 2], foe(kit, at="j4"), **archer)  # two misses
    act(enc, "move a2 a3")
    act(enc, "move b3")  # a second move action: a double move
    act(enc, "end")
    assert enc.get("knight").gait == "double"
    act(enc, "knees")
    first = attacks(act(enc, "attack foe with longbow"))[0]
    assert parts(first)["mount-double-move (attacker)"] == -4
    second = attacks(act(enc, "attack foe with longbow"))  # the full attack goes on
    assert len(second) == 1

    enc = mounted(kit, [3, 15, 2, 10, 2], foe(kit, at="j4"), **archer)
    act(enc, "run b1 c1 d1 e1 f1 g1")  # the Run feat: x5, 250 ft; a run either way
    act(enc, "end")
    assert enc.get("knight").gait == "run"
    act(enc, "knees")
    (shot,) = attacks(act(enc, "attack foe with longbow"))
    assert parts(shot)["mount-running (attacker)"] == -8


def test_the_mounted_charge_with_a_lance(kit: Any) -> None:
    # seed 000: "If your mount charges, you also take the AC penalty associated with a
    # charge. If you make an attack at the end of the charge, you receive the bonus
    # gained from the charge. When charging on horseback, you deal double damage with a
    # lance." The steed charges from a1 to e1 (the lance reaches 10 ft: the foe at h1 is
    # two squares from the steed's far side), the knight strikes: d20 10 +6 +3 +2 +1 = 22,
    # the lance (SRD equipment: "While mounted, you can wield a lance with one hand"; a
    # hand on the reins, so Str x1 = +3, A175) doubled is rolled as 2d8+6 (SRD combat-i
    # "Multiplying Damage"): 20.
    enc = mounted(kit, [3, 15, 2, 10, 20], foe(kit, at="h1"), weapons="lance")
    knight = enc.get("knight")
    charges = [str(a) for a in enc.legal_actions() if str(a).startswith("charge foe to")]
    assert "charge foe to e1" in charges
    act(enc, "charge foe to e1")
    assert (knight.gait, knight.charged_at) == ("charge", "foe")
    assert "charged" in knight.conditions  # -2 AC as the mount charges
    act(enc, "end")
    events = act(enc, "attack foe with lance")
    (hit,) = attacks(events)
    assert hit.outcome["total"] == 10 + 6 + 3 + 2 + 1
    assert parts(hit)["charging (attacker)"] == 2
    (dmg,) = [e for e in events if e.type == "damage"]
    assert dmg.outcome["multiplier"] == 2 and dmg.outcome["damage"] == 20
    assert dmg.rolls[0].dice == "2d8+6"
    assert knight.charged_at is None and "charged" in knight.conditions
    assert problems(enc) == []


def test_spirited_charge_triples_the_lance(kit: Any) -> None:
    # SRD feats "Spirited Charge": "double damage with a melee weapon (or triple damage
    # with a lance)": guiding with his knees (DC 5 Ride: d20 10), the knight holds the
    # lance in both hands (Str x1 1/2 = +4, A175): 3d8+12
    enc = mounted(
        kit,
        [3, 15, 2, 10, 10, 30],
        foe(kit, at="h1"),
        weapons="lance",
        feats="mounted combat, ride-by attack, spirited charge",
    )
    act(enc, "charge foe to e1")
    act(enc, "end")
    act(enc, "knees")
    (dmg,) = [e for e in act(enc, "attack foe with lance") if e.type == "damage"]
    assert dmg.outcome["multiplier"] == 3 and dmg.rolls[0].dice == "3d8+12"


def test_the_baseline_mount_charges_for_its_lancer(kit: Any) -> None:
    # the lance's x2 and the charge's +2 beat the knight's plain attack after a move
    from d20combat.tactics.policies import policy

    enc = mounted(kit, [3, 15, 2], foe(kit, at="h1"), weapons="lance")
    assert str(policy("default")(enc, "steed")).startswith("charge foe")


def test_riders_are_checked_in_the_scenario(kit: Any) -> None:
    def load(knights: str) -> None:
        kit.make(kit.scenario_text(FIELD, {"knights": knights, "foes": foe(kit, at="j4")}))

    with pytest.raises(ScenarioError, match=r"mount 'stede' is no other combatant.*steed"):
        load(STEED.format(at="a1") + rider(kit, mount="stede"))
    with pytest.raises(ScenarioError, match="cannot ride"):
        load(foe(kit, "Squire", at="a1") + rider(kit, mount="squire"))
    with pytest.raises(ScenarioError, match="ridden by Knight already"):
        load(STEED.format(at="a1") + rider(kit) + rider(kit, "Page"))
    with pytest.raises(ScenarioError, match="no at, area or count"):
        load(STEED.format(at="a1") + rider(kit).replace("mount: steed", "mount: steed\n    at: c3"))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda k, s: k.update(mount=None), "combatants[1].conditions"),
        (lambda k, s: k.update(mount="foe"), "combatants[1].mount"),
        (lambda k, s: k.update(pos=[3, 3]), "combatants[1].pos"),
        (lambda k, s: k.update(gait="gallop"), "combatants[1].gait"),
        (lambda k, s: k.update(gait="charge"), "combatants[1].gait"),
        (
            lambda k, s: s.update(
                conditions={**s["conditions"], "riding": ["steed", 0]}, mount="knight"
            ),
            "combatants[0]",
        ),
    ],
)
def test_hostile_mounted_saves_are_refused(kit: Any, change: Any, path: str) -> None:
    enc = mounted(kit, None, foe(kit, at="j4"))
    data = enc.to_json()
    steed, knight = data["combatants"][0], data["combatants"][1]
    change(knight, steed)
    with pytest.raises(SaveFileError) as err:
        load_save_data(data)
    assert path in str(err.value)


def test_a_mounted_save_round_trips(kit: Any) -> None:
    enc = mounted(kit, None, foe(kit, at="h1"), weapons="lance")
    while enc.current is not None and enc.current.id != "steed":
        act(enc, "end")
    act(enc, "charge foe to e1")
    again = Encounter.from_json(enc.to_json())
    assert again.to_json() == enc.to_json()
    assert again.get("knight").squares == 2 and again.situation() == enc.situation()


def _down(c: Any, hp: int) -> None:
    """Set ``c``'s hit points (a blow's result, without the blow)."""
    c.vitals = c.vitals._replace(hp=hp)


def test_a_falling_mount_and_the_soft_fall(kit: Any) -> None:
    # seed 000 "If Your Mount Falls in Battle": "you have to succeed on a DC 15 Ride
    # check to make a soft fall and take no damage". The knight's Ride is untrained:
    # Dex 12, +1. d20 14 + 1 = 15 (scripted as the total): a soft fall, prone beside
    # the steed (A106).
    enc = mounted(kit, [3, 15, 2, 15], foe(kit, at="j4"))
    knight, steed = enc.get("knight"), enc.get("steed")
    _down(steed, -1)  # dying: it falls
    events = act(enc, "end")
    (soft,) = [e for e in events if e.type == "soft-fall"]
    assert (soft.outcome["total"], soft.outcome["dc"]) == (15, 15)
    assert knight.mount is None and "riding" not in knight.conditions
    assert "prone" in knight.conditions and knight.squares == 1
    assert knight.vitals.hp == knight.vitals.max_hp  # no damage
    assert knight.pos not in {(0, 0), (1, 0), (0, 1), (1, 1)}  # out of the steed's space
    assert problems(enc) == []


def test_a_failed_soft_fall_deals_1d6(kit: Any) -> None:
    # d20 13 + 1 = 14 < 15: "If the check fails, you take 1d6 points of damage": 4
    enc = mounted(kit, [3, 15, 2, 14, 4], foe(kit, at="j4"))
    knight = enc.get("knight")
    _down(enc.get("steed"), -12)  # dead
    (fall,) = [e for e in act(enc, "end") if e.type == "fall"]
    assert fall.outcome["damage"] == 4 and fall.outcome["total"] == 14
    assert knight.vitals.hp == knight.vitals.max_hp - 4 and "prone" in knight.conditions


@pytest.mark.parametrize(
    ("d100", "saddle", "stays"),
    [
        (50, "", True),
        (51, "", False),
        (75, "military saddle", True),
        (76, "military saddle", False),
    ],
)
def test_a_rider_knocked_unconscious(kit: Any, d100: int, saddle: str, stays: bool) -> None:
    # seed 000 "If You Are Dropped": "a 50% chance to stay in the saddle (or 75% if you're
    # in a military saddle). Otherwise you fall and take 1d6 points of damage": d% 1-50
    # (1-75) stays; else 1d6 (3).
    enc = mounted(kit, [3, 15, 2, d100, 3], foe(kit, at="j4"), qualities=saddle)
    knight = enc.get("knight")
    _down(knight, -1)
    events = act(enc, "move a2")  # the steed's move action: the check follows any action
    if stays:
        assert [e.type for e in events if e.type in ("stays-in-saddle", "fall")] == [
            "stays-in-saddle"
        ]
        assert knight.mount == "steed" and "slumped" in knight.conditions
        act(enc, "move a3")  # no second roll while it stays unconscious
    else:
        (fall,) = [e for e in events if e.type == "fall"]
        assert fall.outcome["damage"] == 3 and knight.mount is None
        assert knight.vitals.hp == -4
    assert problems(enc) == []


def test_the_falls_odds_match_brute_force() -> None:
    from fractions import Fraction

    from d20combat.rules.maneuvers import mounted as RM
    from d20combat.rules.modifiers import BonusType, Modifier, stack

    for mod in (-3, 1, 8, 14):
        ride = stack([Modifier(mod, BonusType.BASE, "Ride")])
        want: dict[int, Fraction] = {}
        for d20 in range(1, 21):  # a check: no automatic success or failure
            if d20 + mod >= 15:
                want[0] = want.get(0, Fraction(0)) + Fraction(1, 20)
            else:
                for d6 in range(1, 7):
                    want[d6] = want.get(d6, Fraction(0)) + Fraction(1, 120)
        assert RM.mount_falls_odds(ride) == {k: v for k, v in want.items() if v}
    for keep in (50, 75):
        dropped: dict[int | None, Fraction] = {}
        for d100 in range(1, 101):
            if d100 <= keep:
                dropped[None] = dropped.get(None, Fraction(0)) + Fraction(1, 100)
            else:
                for d6 in range(1, 7):
                    dropped[d6] = dropped.get(d6, Fraction(0)) + Fraction(1, 600)
        assert RM.dropped_odds(keep) == dropped


def test_a_frightened_horse_needs_a_dc_20_ride_check_each_round(kit: Any) -> None:
    # seed 000 "Horses in Combat": "Light horses, ponies, and heavy horses, however, are
    # frightened by combat. If you don't dismount, you must make a DC 20 Ride check each
    # round as a move action to control such a horse. If you succeed, you can perform a
    # standard action after the move action." The knight's Ride is +1: total 20 succeeds.
    sides = {
        "knights": STEED.format(at="a1").replace("heavy warhorse", "light horse") + rider(kit),
        "foes": foe(kit, at="j4"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 20])
    (control,) = [e for e in enc.log if e.type == "control"]
    assert (control.outcome["total"], control.outcome["dc"]) == (20, 20)
    assert control.outcome["result"] == "controlled" and enc.current is enc.get("steed")
    act(enc, "end")
    assert enc.current is enc.get("knight") and not enc.budget.move and enc.budget.standard
    # "If you fail, the move action becomes a full-round action and you can't do anything
    # else until your next turn": 19 fails; the horse, not directed, does nothing either
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 19])
    assert [e.outcome.get("result") for e in enc.log if e.type == "control"] == ["struggles"]
    assert [e.actor for e in enc.log if e.type == "no-action"] == ["steed", "knight"]
    assert enc.current is enc.get("foe")
    assert problems(enc) == []


def test_a_warhorse_needs_no_control(kit: Any) -> None:
    enc = mounted(kit, [3, 15, 2], foe(kit, at="j4"))
    assert not [e for e in enc.log if e.type == "control"] and enc.current is enc.get("steed")


def test_the_control_odds_match_brute_force() -> None:
    from fractions import Fraction

    from d20combat.rules.maneuvers import mounted as RM

    for mod in range(-5, 25):
        want = Fraction(sum(1 for d20 in range(1, 21) if d20 + mod >= 20), 20)
        assert RM.p_control(mod) == want


def test_advanced_mounts_handle_animal_no_military_saddle_and_heavier_falls(kit: Any) -> None:
    # seed 001 "Mounts": "To stay on the back of an uncooperative creature, such as a
    # wild or frightened horse, requires a Handle Animal check. The standard DC is 15 +
    # the animal's Hit Dice": a light horse has 3 HD, DC 18; the knight's Handle Animal is
    # untrained Cha 10, +0: 18 succeeds, 17 fails.
    sides = {
        "knights": STEED.format(at="a1").replace("heavy warhorse", "light horse") + rider(kit),
        "foes": foe(kit, at="j4"),
    }
    for total, result in ((18, "controlled"), (17, "struggles")):
        enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, total], ruleset="advanced")
        (control,) = [e for e in enc.log if e.type == "control"]
        assert (control.outcome["dc"], control.outcome["result"]) == (18, result)
        assert dict(control.totals).keys() == {"handle animal"}
    # "Falling unconscious ... a 50% chance to stay in the saddle": no military saddle
    from d20combat.content.rulesets import ruleset
    from d20combat.content.sizes import Size
    from d20combat.rules.maneuvers import mounted as RM

    assert RM.stay_percent(ruleset("advanced"), military=True) == 50
    assert RM.stay_percent(ruleset("srd35"), military=True) == 75
    assert RM.stay_percent(ruleset("srd35"), military=False) == 50
    # "Being thrown ... If your mount is huge or larger, you take an additional 5 damage
    # for each size category above large"; seed 000: 1d6 whatever the mount
    per = ruleset("advanced").mount_fall_per_size
    assert [str(RM.fall_dice(s, per)) for s in (Size.LARGE, Size.HUGE, Size.COLOSSAL)] == [
        "1d6",
        "1d6+5",
        "1d6+15",
    ]
    assert str(RM.fall_dice(Size.COLOSSAL, ruleset("srd35").mount_fall_per_size)) == "1d6"


def test_tripping_a_rider_pulls_him_from_his_mount(kit: Any) -> None:
    # seed 000 "Tripping a Mounted Opponent": "The defender may make a Ride check in
    # place of his Dexterity or Strength check. If you succeed, you pull the rider from
    # his mount." The tripper (Improved Trip: no attack of opportunity, +4) goes first:
    # touch 10 + 9 = 19 vs the knight's flat-footed touch AC 10; its check 10 + 7 = 17
    # beats the knight's Ride 9 (better than Str +3), 6 + 9 = 15: he lands prone beside
    # the steed, unhurt (A109).
    knight = rider(kit).replace(
        "      armor: chainmail\n", "      armor: chainmail\n      skills: {ride: 9}\n"
    )
    tripper = kit.soldier("Tripper", "c1", feats="improved trip")
    sides = {"knights": STEED.format(at="a1") + knight, "foes": tripper}
    # (Improved Trip's free attack after it: a natural 1 misses)
    enc = kit.scripted_encounter(FIELD, sides, [3, 2, 15, 10, 17, 15, 1])
    assert enc.current is enc.get("tripper")
    act(enc, "trip knight")
    (trip,) = [e for e in enc.log if e.type == "trip"]
    assert trip.outcome["result"] == "tripped" and trip.outcome["check"] == [17, 15]
    resist = trip.total("trip resist")
    assert resist is not None and resist.value == 9
    k = enc.get("knight")
    assert k.mount is None and "prone" in k.conditions and k.vitals.hp == k.vitals.max_hp
    assert [e.outcome["why"] for e in enc.log if e.type == "dismounted"] == ["pulled off by a trip"]
    assert problems(enc) == []


def test_a_mounted_overrun_with_the_trample_feat(kit: Any) -> None:
    # seed 000 "Mounted Overrun (Trample)": "your mount makes the Strength check ... (and
    # applies its size modifier)"; "If you have the Trample feat ..., your target may not
    # choose to avoid you, and if you knock your opponent prone with the overrun, your
    # mount may make one hoof attack against your opponent." The steed (Str 18 +4, Large
    # +4: +8) overruns the foe at d1 (chainmail: speed 20) from a1: 12 + 8 = 20 against
    # its best of Str and Dex, 5 + 3 = 8 (the foe would let it by, but may not); prone,
    # the foe takes the hoof: natural 15 + 6 = 21 vs AC 15 (chainmail; flat-footed, no Dex)
    # - 4 (prone, against melee) = 11: a hit, 1d6+4 = 7.
    sides = {
        "knights": STEED.format(at="a1") + rider(kit, feats="mounted combat, trample"),
        "foes": foe(kit, at="d1"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 20, 8, 15, 7])
    enc.avoids["foe"] = lambda enc, me, them: True  # it would step aside
    act(enc, "overrun foe b1 c1 d1 e1 f1")
    (over,) = [e for e in enc.log if e.type == "overrun"]
    assert over.outcome["result"] == "knocked down" and over.outcome["check"] == [20, 8]
    check = over.total("overrun check")
    assert check is not None and check.value == 8  # the steed's Str and size
    hoof = [e for e in enc.log if e.type == "attack" and e.actor == "steed"]
    assert hoof and hoof[0].outcome["weapon"] == "hoof" and "Trample" in hoof[0].rule
    assert hoof[0].outcome["total"] == 21 and hoof[0].outcome["result"] == "hit"
    ac = hoof[0].total("armor class")
    assert ac is not None and ac.value == 11
    assert not [e for e in enc.log if e.type == "overrun-avoided"]


def test_advanced_rolls_ranged_attacks_from_a_moving_mount_at_disadvantage(kit: Any) -> None:
    # seed 001 "Mounts": "If you make a ranged attack when your mount is moving, you suffer
    # disadvantage on the attack" (2d20, the lower kept), not seed 000's -4/-8 (D32)
    sides = {
        "knights": STEED.format(at="a1") + rider(kit, weapons="longbow"),
        "foes": foe(kit, at="j4"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 2], ruleset="advanced")
    act(enc, "move a2 a3")
    act(enc, "move b3")
    act(enc, "end")
    (shot,) = attacks(act(enc, "attack foe with longbow"))
    assert "mount-double-move (attacker)" not in parts(shot)
    assert shot.outcome["disadvantage"] == "moving mount"
    assert shot.rolls[0].purpose == "attack roll (longbow, disadvantage)"


def test_a_mount_without_its_rider_to_guide_it_avoids_combat(kit: Any) -> None:
    # seed 000 "If You Are Dropped": "Without you to guide it, your mount avoids combat":
    # the knight slumped unconscious in the saddle, the steed withdraws from the foe
    # beside it rather than kick it (A106); guided, it attacks
    from d20combat.encounter.actions import Withdraw
    from d20combat.encounter.combatant import Condition
    from d20combat.tactics.policies import policy

    enc = mounted(kit, [3, 15, 2], foe(kit, at="c1"))
    assert str(policy("default")(enc, "steed")).startswith("attack foe")
    knight = enc.get("knight")
    _down(knight, -1)
    knight.conditions["slumped"] = Condition("knight", 0)
    enc.space.invalidate()
    assert problems(enc) == []
    assert isinstance(policy("default")(enc, "steed"), Withdraw)


def test_a_rider_cannot_start_on_a_foes_creature(kit: Any) -> None:
    # the mount is the rider's own: a warhorse of the other side is refused by name
    text = kit.scenario_text(FIELD, {"knights": rider(kit), "foes": STEED.format(at="j4")})
    with pytest.raises(ScenarioError, match="mount Steed fights for 'foes', not 'knights'"):
        kit.make(text)


# --- hands, the knees, mounting and dismounting (A175, A176) ---------------------------


def shielded(text: str, shield: str = "heavy steel shield") -> str:
    armor = "      armor: chainmail\n"
    return text.replace(armor, f"{armor}      shield: {shield}\n", 1)


def test_a_hand_on_the_reins_and_guiding_with_the_knees(kit: Any) -> None:
    # seed 000 "Combat while Mounted": "With a DC 5 Ride check, you can guide your mount
    # with your knees so as to use both hands to attack or defend yourself. This is a
    # free action." The knight's Ride is Dex +1, chainmail -5 = -4. A greatsword takes
    # both hands: refused until the knees free them.
    enc = mounted(kit, [3, 15, 2, 4], foe(kit, at="c1"), weapons="greatsword")
    act(enc, "end")  # the steed stands
    knight = enc.get("knight")
    assert "knees" in [str(a) for a in enc.legal_actions()]
    assert not any(str(a).startswith("attack foe with greatsword") for a in enc.legal_actions())
    with pytest.raises(IllegalActionError, match="greatsword needs both hands"):
        act(enc, "attack foe with greatsword")
    (knees,) = [e for e in act(enc, "knees") if e.type == "knees"]  # a total of 4 < 5
    assert (knees.outcome["total"], knees.outcome["dc"]) == (4, 5)
    assert (
        knees.outcome["result"] == "one hand on the reins" and "hand-on-reins" in knight.conditions
    )
    assert enc.budget.move and enc.budget.standard  # a free action
    with pytest.raises(IllegalActionError, match="already tried"):
        act(enc, "knees")
    with pytest.raises(IllegalActionError, match="on the reins this round"):
        act(enc, "attack foe with greatsword")
    assert problems(enc) == []

    enc = mounted(kit, [3, 15, 2, 5, 10, 10], foe(kit, at="c1"), weapons="greatsword")
    act(enc, "end")
    (knees,) = [e for e in act(enc, "knees") if e.type == "knees"]  # 5: both hands
    assert (
        knees.outcome["result"] == "both hands"
        and "guiding-by-knees" in enc.get("knight").conditions
    )
    assert attacks(act(enc, "attack foe with greatsword"))
    act(enc, "end")  # the foe's turn, then the steed's: the knees last until his turn
    assert "guiding-by-knees" in enc.get("knight").conditions
    act(enc, "end")
    act(enc, "end")
    assert "guiding-by-knees" not in enc.get("knight").conditions  # his turn: free to try again
    assert "knees" in [str(a) for a in enc.legal_actions()]


def test_a_heavy_shield_takes_the_knees_too_but_a_light_one_holds_the_reins(kit: Any) -> None:
    # SRD equipment "Shield, Heavy": "you can't use your shield hand for anything else";
    # "Shield, Light": "you can use your shield hand to carry other items" (A175).
    sides = {
        "knights": STEED.format(at="a1") + shielded(rider(kit)),
        "foes": foe(kit, at="c1"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 10])
    act(enc, "end")
    with pytest.raises(IllegalActionError, match="longsword needs both hands"):
        act(enc, "attack foe with longsword")
    sides["knights"] = STEED.format(at="a1") + shielded(rider(kit), "light steel shield")
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 10, 5])
    act(enc, "end")
    assert attacks(act(enc, "attack foe with longsword"))


def test_a_lance_takes_one_hand_while_mounted(kit: Any) -> None:
    # SRD equipment "Lance": "While mounted, you can wield a lance with one hand": with
    # a heavy shield it still needs the knees (the shield's hand and the lance's); alone,
    # with a hand on the reins, Str x1 (+3), in both hands Str x1 1/2 (+4).
    enc = mounted(kit, [3, 15, 2, 10, 7], foe(kit, at="d1"), weapons="lance")
    act(enc, "end")
    (dmg,) = [e for e in act(enc, "attack foe with lance") if e.type == "damage"]
    assert dmg.rolls[0].dice == "1d8+3"
    sides = {
        "knights": STEED.format(at="a1") + shielded(rider(kit, weapons="lance")),
        "foes": foe(kit, at="d1"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 10])
    act(enc, "end")
    with pytest.raises(IllegalActionError, match="lance needs both hands"):
        act(enc, "attack foe with lance")


def test_advanced_mounts_answer_the_knees_by_training(kit: Any) -> None:
    # seed 001 "Mounted movement": "Warhorses and war-ponies are trained to respond to
    # guidance given with the knees ... To direct other horses requires you to keep a
    # hand on the reins": no check (knees_dc None).
    sides = {
        "knights": STEED.format(at="a1") + rider(kit, weapons="greatsword"),
        "foes": foe(kit, at="c1"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 10, 10], ruleset="advanced")
    act(enc, "end")
    assert "knees" not in [str(a) for a in enc.legal_actions()]
    with pytest.raises(IllegalActionError, match="training decides"):
        act(enc, "knees")
    assert attacks(act(enc, "attack foe with greatsword"))  # a heavy warhorse
    steed = STEED.replace("heavy warhorse", "light horse")
    sides = {
        "knights": steed.format(at="a1") + rider(kit, weapons="greatsword"),
        "foes": foe(kit, at="c1"),
    }
    # the light horse is frightened: Handle Animal (untrained: Cha +0) DC 15 + 3 HD: 18
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 20], ruleset="advanced")
    act(enc, "end")
    with pytest.raises(IllegalActionError, match="needs a hand on the reins"):
        act(enc, "attack foe with greatsword")


def horseman(kit: Any, at: str = "c1") -> str:
    """The knight on foot, with Ride +1 in his stat block (no armor)."""
    text: str = kit.soldier("Knight", at, armor=None)
    return text.replace("    stat_block:\n", "    stat_block:\n      skills: {ride: 1}\n", 1)


def test_mounting_and_dismounting(kit: Any) -> None:
    # SRD combat-i "Mount/Dismount a Steed": a move action (no attack of opportunity);
    # "Fast Mount or Dismount: You can mount or dismount as a free action with a DC 20
    # Ride check ... If you fail the check, mounting or dismounting is a move action
    # instead." The knight (no armor: Ride = Dex +1) stands at c1, beside the steed.
    sides = {
        "knights": STEED.format(at="a1") + horseman(kit),
        "foes": foe(kit, at="j4"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 20, 3])
    knight, steed = enc.get("knight"), enc.get("steed")
    assert enc.order == ["knight", "steed", "foe"]  # 16, 4, 3
    legal = [str(a) for a in enc.legal_actions()]
    assert "mount steed" in legal and "mount steed fast" in legal
    with pytest.raises(IllegalActionError, match="not on its side"):
        act(enc, "mount foe")
    (ev,) = [e for e in act(enc, "mount steed") if e.type == "mount"]
    assert ev.outcome["action"] == "move" and not enc.budget.move and enc.budget.standard
    assert knight.mount == "steed" and knight.pos == steed.pos and "riding" in knight.conditions
    # the steed now acts on his count, just before him: its turn this round is spent
    assert enc.order == ["steed", "knight", "foe"] and enc.current is knight
    assert steed.initiative == knight.initiative == 16
    assert problems(enc) == []
    act(enc, "end")  # the foe
    act(enc, "end")
    assert enc.current is steed
    act(enc, "end")
    (ev,) = [e for e in act(enc, "dismount fast") if e.type == "dismount"]  # a total of 20
    assert (ev.outcome["total"], ev.outcome["dc"], ev.outcome["action"]) == (20, 20, "free")
    assert knight.mount is None and knight.squares == 1 and enc.budget.move
    assert "riding" not in knight.conditions and problems(enc) == []
    (ev,) = [e for e in act(enc, "mount steed fast") if e.type == "mount"]  # 3 < 20
    assert ev.outcome["action"] == "move" and not enc.budget.move  # failed: a move action
    with pytest.raises(IllegalActionError, match="already rides"):
        act(enc, "mount steed")
    act(enc, "dismount")  # its standard action taken as a move action
    assert not enc.budget.standard and knight.mount is None
    with pytest.raises(IllegalActionError, match="no move action left"):
        act(enc, "mount steed")


def test_no_fast_mount_under_advanced_and_no_steed_but_a_beast(kit: Any) -> None:
    sides = {
        "knights": STEED.format(at="a1") + horseman(kit),
        "foes": foe(kit, at="j4"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2], ruleset="advanced")
    assert "mount steed fast" not in [str(a) for a in enc.legal_actions()]
    with pytest.raises(IllegalActionError, match="no fast mount"):
        act(enc, "mount steed fast")
    ogre = kit.soldier("Ogre", "a1").replace("size: medium", "size: large")
    sides["knights"] = ogre + horseman(kit)
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2])
    with pytest.raises(IllegalActionError, match="no steed"):
        act(enc, "mount ogre")


def test_the_knees_odds_match_brute_force() -> None:
    from fractions import Fraction

    from d20combat.rules.maneuvers.mounted import p_control

    for skill in range(-6, 8):
        for dc in (5, 20):
            wins = sum(1 for face in range(1, 21) if face + skill >= dc)
            assert p_control(skill, dc) == Fraction(wins, 20)


def test_the_baseline_guides_with_its_knees_only_when_it_pays(kit: Any) -> None:
    from d20combat.tactics.policies import policy

    enc = mounted(kit, None, foe(kit, at="c1"), weapons="greatsword")
    while enc.current is not None and enc.current.id != "knight":
        act(enc, "end")
    assert str(policy("default")(enc, "knight")) == "knees"
    enc = mounted(kit, None, foe(kit, at="c1"), weapons="longsword")
    while enc.current is not None and enc.current.id != "knight":
        act(enc, "end")
    assert str(policy("default")(enc, "knight")) != "knees"


def test_controlling_a_frightened_mount_provokes(kit: Any) -> None:
    # SRD Table: Actions in Combat: "Control a frightened mount: Move; Attack of
    # Opportunity: Yes" (seed 002: "Control a frightened mount(AoO)"). The foe beside the
    # light horse (Combat Reflexes: not flat-footed in the first round) strikes the knight
    # as he takes his Ride check at the start of the pair's count: 10 + 9 = 19 hits AC 16
    # (chainmail, Dex +1; flat-footed: he has not acted), 5 damage; then the check (20)
    # controls the horse.
    sides = {
        "knights": STEED.format(at="a1").replace("heavy warhorse", "light horse") + rider(kit),
        "foes": foe(kit, at="c1", feats="combat reflexes"),
    }
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 10, 5, 20])
    (provoked,) = [e for e in enc.log if e.type == "provoked"]
    assert (provoked.actor, provoked.target) == ("foe", "knight")
    assert provoked.outcome["reason"] == "controlling a frightened mount"
    (hit,) = [e for e in enc.log if e.type == "aoo"]
    assert hit.target == "knight" and hit.outcome["total"] == 19
    assert enc.get("knight").vitals.hp == 39 - 5
    (control,) = [e for e in enc.log if e.type == "control"]
    assert control.outcome["result"] == "controlled" and enc.current is enc.get("steed")


def test_a_moving_mount_provokes_for_its_rider_too(kit: Any) -> None:
    # SRD feats "Ride-By Attack": "You and your mount do not provoke an attack of
    # opportunity from the opponent that you attack": without it, both provoke as the
    # mount leaves a threatened square, and the foe strikes either (A177): the built-in
    # choice is the one with fewer hit points: the heavy warhorse (30) before the knight
    # (39); the knight once he is down to 20.
    for knight_hp, struck in ((39, "steed"), (20, "knight")):
        enc = mounted(kit, [3, 15, 2, 10, 5], foe(kit, at="c1", feats="combat reflexes"))
        knight = enc.get("knight")
        knight.vitals = knight.vitals._replace(hp=knight_hp)
        events = act(enc, "move a2 a3")
        (provoked,) = [e for e in events if e.type == "provoked"]
        (hit,) = [e for e in events if e.type == "aoo"]
        assert provoked.target == "steed" and hit.target == struck
        assert enc.get(struck).vitals.hp == {"steed": 30, "knight": 20}[struck] - 5


def test_a_ranged_attack_is_rolled_at_half_the_mounts_movement(kit: Any) -> None:
    # seed 000 "Combat while Mounted": "In either case [a double move, a run], you make
    # the attack roll when your mount has completed half its movement" (A178). The steed
    # double-moves 8 squares from a1 to i1: halfway (after 4) it stood at e1, 10 ft from
    # the foe at e4; at i1 the foe is 25 ft away. The knight's thrown dagger (range
    # increment 10 ft) is rolled from e1: no range penalty, -4 for the double move.
    enc = mounted(kit, [3, 15, 2, 10, 5], foe(kit, at="e4"), weapons="dagger")
    knight = enc.get("knight")
    act(enc, "move b1 c1 d1 e1")
    act(enc, "move f1 g1 h1 i1")
    act(enc, "end")
    assert knight.gait == "double" and len(knight.trail) == 9 and knight.pos == (8, 0)
    from d20combat.encounter.mounted import halfway

    assert halfway(enc, knight) == (4, 0)
    assert enc.space.distance_ft(knight, enc.get("foe")) == 25
    (shot,) = attacks(act(enc, "attack foe with dagger (thrown)"))
    ranged = parts(shot)
    assert ranged["mount-double-move (attacker)"] == -4
    assert not any(source.startswith("range (") for source in ranged)
    assert knight.pos == (8, 0) == enc.get("steed").pos  # back where the steed stopped
    assert problems(enc) == []
    act(enc, "end")
    assert knight.trail == ()


# --- seed 001's mounts (advanced: mount_training, trip_throws_rider; A179, A180) -------

PONY = """  - at: {at}
    stat_block:
      name: Pony
      size: medium
      type: animal
      abilities: {{str: 13, dex: 13, con: 12, int: 2, wis: 11, cha: 4}}
      hit_dice: [{{count: 2, die: 8}}]
      bab: 1
      base_saves: {{fort: 4, ref: 3, will: 0}}
      natural_attacks: [{{name: hoof, count: 2, damage: 1d3, primary: false}}]
"""


def dwarf(kit: Any) -> str:
    text = rider(kit, "Thorin", mount="pony")
    return text.replace("      size: medium\n", "      size: medium\n      subtypes: [dwarf]\n", 1)


def test_a_dwarf_may_ride_a_pony(kit: Any) -> None:
    # seed 001 "Mounts": "a creature must be at least one size category larger than its
    # rider. Dwarves are an exception—due to their stature, they are better suited to
    # ride ponies than horses" (A179: every ruleset).
    sides = {"dwarves": PONY.format(at="a1") + dwarf(kit), "foes": foe(kit, at="j4")}
    for rules in ("srd35", "advanced"):
        # (a pony is frightened by combat: the control check at the pair's count, 20)
        enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 20], ruleset=rules)
        thorin = enc.get("thorin")
        assert thorin.mount == "pony" and thorin.pos == enc.get("pony").pos
        assert problems(enc) == []
    sides["dwarves"] = PONY.format(at="a1") + rider(kit, "Squire", mount="pony")
    with pytest.raises(ScenarioError, match="cannot ride Pony"):
        kit.make(kit.scenario_text(FIELD, sides))


def test_advanced_warhorses_behave_while_they_have_hit_points(kit: Any) -> None:
    # seed 001 "Controlling a desperate mount": "Trained warhorses and war-ponies normally
    # remain well-behaved in battle as long as they have positive hit points remaining":
    # at 0 hp the heavy warhorse (4 HD) needs Handle Animal DC 15 + 4 = 19 (19: held);
    # srd35 (seed 000: "Warhorses ... serve readily") asks for nothing.
    for rules, checks in (("advanced", ["controlled"]), ("srd35", [])):
        sides = {"knights": STEED.format(at="a1") + rider(kit), "foes": foe(kit, at="j4")}
        enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 19], ruleset=rules)
        assert not [e for e in enc.log if e.type == "control"]  # at full hit points
        steed = enc.get("steed")
        steed.vitals = steed.vitals._replace(hp=0)  # disabled: one action a round
        for _ in range(3):
            act(enc, "end")
        assert enc.current is steed
        control = [e for e in enc.log if e.type == "control"]
        assert [e.outcome["result"] for e in control] == checks
        if checks:
            assert control[0].outcome["dc"] == 19


def test_advanced_a_rider_thrown_by_a_trip_takes_the_fall(kit: Any) -> None:
    # seed 001 "Being thrown": "If you are thrown from your mount, you fall prone and take
    # 1d6 bludgeoning damage" (A180); srd35's trip pulls him off unhurt (A109).
    from d20combat.encounter.mounted import pull_off

    for rules, hurt in (("advanced", 4), ("srd35", 0)):
        sides = {"knights": STEED.format(at="a1") + rider(kit), "foes": foe(kit, at="j4")}
        enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2, 4], ruleset=rules)
        knight = enc.get("knight")
        pull_off(enc, knight)
        assert knight.mount is None and knight.vitals.hp == knight.vitals.max_hp - hurt
        falls = [e for e in enc.log if e.type == "fall"]
        assert [e.outcome["why"] for e in falls] == (["thrown"] if hurt else [])


def test_advanced_a_dashing_mount_makes_no_tight_turns(kit: Any) -> None:
    # seed 001 "Mounted movement": "You can urge your horse to dash ... You should not
    # expect a horse to make tight turns while dashing": a dash is the mount's run or
    # charge, both in a straight line (A180).
    sides = {"knights": STEED.format(at="a1") + rider(kit), "foes": foe(kit, at="j4")}
    enc = kit.scripted_encounter(FIELD, sides, [3, 15, 2], ruleset="advanced")
    with pytest.raises(IllegalActionError, match="straight line"):
        act(enc, "run b1 c1 c2")
    act(enc, "run b1 c1 d1 e1")
    assert enc.get("knight").gait == "run"


def test_advanced_a_war_trained_mount_attacks_its_riders_enemies(kit: Any) -> None:
    # seed 001 "Attacks by a mount": "A mount trained for war will attack your enemies
    # each turn": the baseline's heavy warhorse kicks the foe beside it.
    from d20combat.tactics.policies import policy

    sides = {"knights": STEED.format(at="a1") + rider(kit), "foes": foe(kit, at="c1")}
    enc = kit.encounter(FIELD, sides, ruleset="advanced")
    while enc.current is not None and enc.current.id != "steed":
        act(enc, "end")
    assert str(policy("default")(enc, "steed")).startswith("attack foe")


def test_a_riders_attack_of_opportunity_holds_the_lance_in_one_hand(kit: Any) -> None:
    # A175: the lance held in one hand (a hand on the reins) adds Str x1 (+3) to an
    # attack of opportunity too: the foe leaves d1, within the lance's 10 ft.
    enc = mounted(
        kit, [3, 15, 2, 15, 5], foe(kit, at="d1"), weapons="lance", feats="combat reflexes"
    )
    act(enc, "end")
    act(enc, "end")
    events = act(enc, "move e1")
    (aoo,) = [e for e in events if e.type == "aoo"]
    (dmg,) = [e for e in events if e.type == "damage"]
    assert aoo.actor == "knight" and dmg.rolls[0].dice == "1d8+3"
