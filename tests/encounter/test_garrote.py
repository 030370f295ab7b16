"""The garrote in play, step by step with scripted dice (seed 000 "Garrote Attacks").

Red is the kit's soldier with a wire garrote instead of the longsword: Str 16 (+3),
BAB +6 (attacks +9/+4), so its garrote attack is +9 and its damage 1d8 + 4 (two hands:
1.5 x 3 = 4.5, rounded down); its grapple bonus +9 (BAB 6 + Str 3 + Medium 0). Blue is
the kit's soldier (longsword, chainmail: touch AC 11, 10 flat-footed; grapple +9, 39 hit
points). Initiative rolls come first (Red 20 + 1, Blue 1 + 1). Scripted dice give totals:
an attack's natural face, a check's d20 + modifier, a damage roll's total. In round 1
Blue has not acted: flat-footed, no attack of opportunity without Combat Reflexes.
"""

from __future__ import annotations

from typing import Any

import pytest

from d20combat.content.rulesets import ruleset
from d20combat.content.sizes import Size
from d20combat.encounter import actions as A
from d20combat.encounter.actions import parse_action
from d20combat.encounter.invariants import problems
from d20combat.errors import IllegalActionError, InputError
from d20combat.rules.dice import ScriptedDice
from d20combat.rules.maneuvers import garrote as R
from d20combat.rules.maneuvers import grapple as G
from d20combat.rules.modifiers import BonusType, Modifier, stack
from d20combat.rules.statistics import derive

ROWS = """
.......
.......
.......
"""


def duel(
    kit: Any, rolls: list[int], *, garrote: str = "wire garrote", blue: str = "", **kw: Any
) -> Any:
    sides = {
        "red": kit.soldier("Red", "b2", weapons=garrote),
        "blue": kit.soldier("Blue", "c2", feats=blue, **kw),
    }
    return kit.scripted_encounter(ROWS, sides, [20, 1, *rolls])


def events(enc: Any, kind: str) -> list[Any]:
    return [e for e in enc.log if e.type == kind]


def garroted(kit: Any, rolls: list[int], **kw: Any) -> Any:
    """Red garrotes flat-footed Blue in round 1: the touch attack 10 + 9 = 19 against
    the garrote AC 10 hits, the strangle 15 beats 10, 7 damage; then ``rolls``."""
    enc = duel(kit, [10, 15, 10, 7, *rolls], **kw)
    enc.apply(parse_action("garrote blue"))
    return enc


def test_placed_strangles_hurts_and_moves_in(kit: Any) -> None:
    # seed 000 "Getting the Garrote into Place": a melee touch attack against the
    # garrote AC (A19: touch AC 10 flat-footed, chainmail gives nothing); "Strangle":
    # a grapple check (15 against 10), "immediately deal 1d8" + 1.5 x Str 3 = +4 (the
    # scripted total 7); "Move In": Red moves into Blue's square; both grappling.
    enc = garroted(kit, [])
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    g = events(enc, "garrote")[0]
    assert g.outcome["result"] == "strangling" and g.outcome["weapon"] == "wire garrote"
    assert g.outcome["touch_total"] == 19 and g.total("garrote armor class").value == 10
    assert g.total("touch attack bonus").value == 9
    assert g.outcome["check"] == [15, 10] and g.total("grapple check").value == 9
    assert [r.purpose for r in g.rolls] == [
        "garrote: melee touch attack (placing it)",
        "grapple check (strangle)",
        "grapple check (resist)",
    ]
    assert [e.type for e in enc.log[-3:]] == ["garrote", "damage", "move-in"]
    damage = events(enc, "damage")[0]
    assert damage.total("damage bonus").value == 4 and not damage.outcome["nonlethal"]
    assert blue.vitals.hp == 39 - 7
    assert blue.conditions["garroted"].owner == "red"
    assert red.grappling == ("blue",) and blue.grappling == ("red",)
    assert red.pos == blue.pos
    assert problems(enc) == []
    del blue.conditions["garroted"]
    blue.conditions["garroted"] = type(blue.conditions["grappling"])("nobody", 0)
    assert any("garroted by 'nobody'" in p.message for p in problems(enc))


def test_a_miss_ends_the_attack(kit: Any) -> None:
    # "If you fail to hit with your melee touch attack, your garrote attack fails" (a
    # natural 1 misses).
    enc = duel(kit, [1])
    enc.apply(parse_action("garrote blue"))
    assert events(enc, "garrote")[0].outcome["result"] == "missed"
    assert (
        not enc.combatants["blue"].grappling and "garroted" not in enc.combatants["blue"].conditions
    )


def test_a_lost_strangle_lets_the_victim_slip_free(kit: Any) -> None:
    # "If you fail the grapple check, you don't start strangling or deal damage. Your
    # opponent slips free of the garrote and is no longer considered grappled."
    enc = duel(kit, [10, 10, 15])
    enc.apply(parse_action("garrote blue"))
    g = events(enc, "garrote")[0]
    assert g.outcome["result"] == "slipped free" and g.outcome["check"] == [10, 15]
    assert not events(enc, "damage") and not enc.combatants["red"].grappling
    assert enc.combatants["blue"].vitals.hp == 39


def test_the_targets_attack_of_opportunity_spoils_it_with_damage(kit: Any) -> None:
    # "You provoke an attack of opportunity from the target ... If the attack of
    # opportunity deals you damage, your garrote attack fails": flat-footed Blue has
    # Combat Reflexes, hits (15 + 9 = 24 against Red's AC) for 8.
    enc = duel(kit, [15, 8], blue="combat reflexes")
    enc.apply(parse_action("garrote blue"))
    g = events(enc, "garrote")[0]
    assert g.outcome["result"] == "spoiled" and not g.rolls
    assert enc.combatants["red"].vitals.hp == 39 - 8
    assert not enc.combatants["red"].grappling


def test_several_attacks_retry_at_lower_bonuses(kit: Any) -> None:
    # "If you are entitled to multiple attacks in a round, you can attempt to place the
    # garrote multiple times at successively lower base attack bonuses": the second
    # try of the full attack is at +4 (touch 10 + 4 = 14), its grapple check at +4.
    enc = duel(kit, [1, 10, 15, 10, 7])
    enc.apply(parse_action("garrote blue"))
    enc.apply(parse_action("garrote blue"))
    first, second = events(enc, "garrote")
    assert first.outcome["result"] == "missed"
    assert second.total("touch attack bonus").value == 4 and second.outcome["touch_total"] == 14
    assert second.total("grapple check").value == 4 and second.outcome["result"] == "strangling"


def test_strangling_each_round_and_what_the_garroter_cannot_do(kit: Any) -> None:
    # "Maintaining a Garrote Attack": each won grapple check deals the garrote's
    # damage; "You cannot attempt to pin your opponent during your garrote attack, nor
    # can you attack with another weapon". Blue, garroted, cannot disarm Red.
    enc = garroted(kit, [])
    enc.apply(parse_action("end"))
    with pytest.raises(IllegalActionError, match="garrote"):
        enc.apply(parse_action("disarm red"))
    enc.apply(parse_action("end"))
    for text in ("pin blue", "grapple-damage blue"):
        with pytest.raises(IllegalActionError, match="only strangle"):
            enc.apply(parse_action(text))
    with pytest.raises(IllegalActionError, match="only garrote attacks"):
        enc.apply(parse_action("attack blue"))
    enc.dice.totals += [15, 10, 6, 10, 12]
    enc.apply(parse_action("strangle blue"))
    enc.apply(parse_action("strangle blue"))  # the second attack: +4, lost 10 to 12
    checks = events(enc, "grapple-check")
    assert [c.outcome["won"] for c in checks] == [True, False]
    assert checks[1].total("grapple check").value == 4
    assert enc.combatants["blue"].vitals.hp == 39 - 7 - 6


def test_the_victim_escapes_by_a_grapple_check(kit: Any) -> None:
    # "The garrote remains in place until you release your opponent or until he or
    # she escapes by breaking your hold": Blue's grapple check 15 beats Red's 10.
    enc = garroted(kit, [])
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 10]
    enc.apply(parse_action("escape-grapple red"))
    blue = enc.combatants["blue"]
    assert not blue.grappling and "garroted" not in blue.conditions
    assert problems(enc) == []


def test_the_garroter_may_release(kit: Any) -> None:
    enc = garroted(kit, [])
    enc.apply(parse_action("end"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [1]  # the d8 among the 8 equally close squares Red goes to (A260)
    enc.apply(parse_action("release blue"))
    assert not enc.combatants["red"].grappling
    assert "garroted" not in enc.combatants["blue"].conditions


def test_a_locking_garrote_needs_no_moving_in(kit: Any) -> None:
    # "Unless you used a locking garrote ... you must move into the target's space".
    enc = garroted(kit, [], garrote="locking garrote")
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert not events(enc, "move-in") and red.pos != blue.pos
    assert blue.conditions["garroted"].owner == "red"
    assert problems(enc) == []  # a locking garrote's holder need not share a square


def test_a_garroted_victim_attacks_with_a_light_weapon(kit: Any) -> None:
    # "You can also attack with a light weapon" (the grapple's rule): a dagger, at the
    # grapple's -4.
    enc = garroted(kit, [], weapons="dagger")
    enc.apply(parse_action("end"))
    acts = [str(a) for a in enc.legal_actions()]
    assert "attack red with dagger" in acts and "escape-grapple red" in acts
    assert not any(a.startswith("disarm") for a in acts)


def test_notation_and_legal_actions(kit: Any) -> None:
    a = parse_action("garrote blue with wire garrote")
    assert isinstance(a, A.Garrote) and a.weapon == "wire garrote"
    assert str(a) == "garrote blue with wire garrote"
    assert str(parse_action("strangle blue")) == "strangle blue"
    with pytest.raises(InputError, match="garrote TARGET"):
        parse_action("garrote blue using wire")
    enc = duel(kit, [])
    acts = enc.legal_actions()
    assert any(isinstance(x, A.Garrote) for x in acts)
    # a garrote makes no plain attack (reading A80)
    assert not any(type(x) is A.Attack and x.target == "blue" for x in acts)


def test_reaching_the_head() -> None:
    # "you cannot garrote an opponent two or more size categories larger than yourself
    # unless that opponent is sitting or lying down"
    assert R.reach_problem(Size.MEDIUM, Size.LARGE, lying=False) is None
    assert R.reach_problem(Size.MEDIUM, Size.HUGE, lying=False) is not None
    assert R.reach_problem(Size.SMALL, Size.LARGE, lying=True) is None


def test_no_automatic_loss_against_a_larger_victim() -> None:
    # "You do not automatically lose the grapple check if your opponent is two or more
    # size categories larger": a grapple hold would be lost, the strangle is rolled.
    rules = ruleset("srd35")
    assert G.hold_fails(Size.SMALL, Size.LARGE, rules)
    nine = stack([Modifier(9, BonusType.BASE, "x")])
    sides = R.GarroteSides(nine, nine, nine, stack([Modifier(1, BonusType.BASE, "y")]))
    r = R.place(ScriptedDice([15, 15, 5]), sides, rules)
    assert R.outcome(r) == "strangling"


def test_the_garrote_armor_class(kit: Any) -> None:
    # seed 000 table "Target's AC modifier against Garrote Attack", read as touch AC
    # plus (A19): natural armor its bonus, full plate +4, leather collar +4, gorget +10.
    enc = duel(kit, [])
    stat = enc.combatants["blue"].stat
    touch = stack([Modifier(11, BonusType.BASE, "touch")])

    def ac(**update: Any) -> int:
        return R.garrote_ac(touch, derive(stat.model_copy(update=update))).value

    assert ac() == 11
    assert ac(neck_guard="leather collar") == 15
    assert ac(neck_guard="gorget") == 21
    assert ac(natural_armor=3) == 14
    full = derive(stat.model_copy(update={"armor": None})).stat.model_copy(
        update={"armor": stat.armor.model_copy(update={"armor": "full plate"})}
    )
    assert ac(armor=full.armor) == 15


def test_moving_in_provokes_from_others_but_not_the_victim(kit: Any) -> None:
    # "Moving, as normal, provokes attacks of opportunity from threatening enemies, but
    # not from your target": Grey (b3, Combat Reflexes, so it threatens while
    # flat-footed) strikes Red leaving b2 (15: a hit, 8 damage); Blue does not.
    sides = {
        "red": kit.soldier("Red", "b2", weapons="wire garrote"),
        "blue": kit.soldier("Blue", "c2") + kit.soldier("Grey", "b3", feats="combat reflexes"),
    }
    enc = kit.scripted_encounter(ROWS, sides, [20, 5, 1, 10, 15, 10, 7, 15, 8])
    enc.apply(parse_action("garrote blue"))
    provoked = events(enc, "provoked")
    assert [e.actor for e in provoked] == ["grey"]
    assert provoked[0].outcome["reason"] == "moving into blue's space"
    assert events(enc, "move-in") and enc.combatants["red"].vitals.hp == 39 - 8


def test_cutting_the_garrote_from_ones_own_throat(kit: Any) -> None:
    # seed 000: "Cutting a garrote from your own throat is possible using the Attack an
    # Object action": AC 21 (a Small object's 11 + 10 cover) and -4: Blue's dagger +9
    # - 4 = +5: a 15 misses (20 < 21); its second attack at +0 misses with 18; next
    # round an 18 hits (23). A cord garrote is a light hafted
    # weapon of the 3.5 item table (hardness 5, 2 hp: A80): the dagger's 7 (1d4+3)
    # deals 2, and it is ruined: the victim is free. Red cannot cut it (not garroted).
    enc = garroted(kit, [], garrote="cord garrote", weapons="dagger")
    enc.apply(parse_action("end"))
    enc.dice.totals += [15, 18]
    enc.apply(parse_action("cut-garrote red with dagger"))
    first = events(enc, "cut-garrote")[0]
    assert first.outcome["result"] == "missed" and first.outcome["total"] == 20
    assert first.total("attack bonus").value == 5 and first.total("armor class").value == 21
    enc.apply(parse_action("cut-garrote red with dagger"))  # the second attack, +0
    second = events(enc, "cut-garrote")[1]
    assert second.total("attack bonus").value == 0 and second.outcome["total"] == 18
    assert second.outcome["result"] == "missed"
    enc.apply(parse_action("end"))
    with pytest.raises(IllegalActionError, match="holds no garrote on red"):
        enc.apply(parse_action("cut-garrote blue"))
    enc.apply(parse_action("end"))
    enc.dice.totals += [18, 7, 1]  # 1: the d8 among equally close squares (A260)
    enc.apply(parse_action("cut-garrote red with dagger"))
    cut = events(enc, "cut-garrote")[2]
    assert cut.outcome["result"] == "destroyed" and cut.outcome["damage"] == 2
    assert cut.outcome["hardness"] == 5 and cut.outcome["hp_before"] == 2
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    assert not blue.grappling and "garroted" not in blue.conditions
    assert "cord garrote" in red.lost and "cord garrote" not in red.wielding
    assert problems(enc) == []


def test_seeded_garrotes_agree_with_the_exact_odds(kit: Any) -> None:
    """400 seeded garrote attacks of Red on a flat-footed Blue (round 1: no attack of
    opportunity) strangle within three standard deviations of ``odds garrote`` (the
    same procedure, enumerated)."""
    from d20combat.encounter.state import Encounter
    from d20combat.odds import garrote_odds

    sides = {
        "red": kit.soldier("Red", "b2", weapons="wire garrote"),
        "blue": kit.soldier("Blue", "c2"),
    }
    scenario = kit.make(kit.scenario_text(ROWS, sides))
    n, strangled, seed = 400, 0, 0
    for _ in range(n):
        while True:  # the fights where Red acts first: Blue is still flat-footed
            enc = Encounter.from_scenario(scenario, seed)
            seed += 1
            if enc.current is not None and enc.current.id == "red":
                break
        enc.apply(A.Garrote("blue"))
        strangled += "garroted" in enc.combatants["blue"].conditions or any(
            e.type == "garrote" and e.outcome["result"] == "strangling" for e in enc.log
        )
    red, blue = enc.combatants["red"], enc.combatants["blue"]
    p = float(garrote_odds(red.stats, blue.stats, ruleset("srd35"), flat_footed=True).p_success)
    # the touch attack +9 against the garrote AC 10 (flat-footed touch AC, chainmail
    # gives nothing) hits but on a natural 1 (19/20); the strangle +9 against +9: 1/2
    assert p == pytest.approx(19 / 40)
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(strangled - n * p) <= 3 * sd, (strangled, n * p, sd)


def test_a_build_may_wear_a_gorget() -> None:
    # A81: a build's neck_guard reaches its stat block: garroter-3 (leather, Dex 14:
    # touch AC 12) in a gorget has garrote AC 12 + 10 = 22.
    from d20combat.content.builds import build_creature, bundled_build

    build = bundled_build("garroter-3").model_copy(update={"neck_guard": "gorget"})
    stats = derive(build_creature(build))
    assert stats.stat.neck_guard == "gorget"
    assert R.garrote_ac(stats.touch, stats).value == 22
