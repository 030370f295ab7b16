"""Exact odds checked against brute-force enumeration of every die (no shortcuts)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from d20combat.content.creatures import DamageReduction
from d20combat.content.damage import DamageType
from d20combat.content.rulesets import ruleset
from d20combat.odds import attack_odds, sequence_odds
from d20combat.rules.attack import Attack
from d20combat.rules.damage import Defenses
from d20combat.rules.dice import Dice
from d20combat.rules.modifiers import BonusType, Modifier, stack
from d20combat.rules.statistics import AttackOption


def total(v: int) -> object:
    return stack([Modifier(v, BonusType.UNTYPED, "test")])


def make_attack(
    bonus: int,
    ac: int,
    dice: str,
    flat: int,
    low: int,
    mult: int,
    *,
    conceal: int = 0,
    dr: int = 0,
    crit_immune: bool = False,
) -> Attack:
    opt = AttackOption(
        "blade",
        False,
        total(bonus),
        Dice.parse(dice),
        total(flat),  # type: ignore[arg-type]
        crit_range=low,
        crit_multiplier=mult,
        damage_types=(DamageType.SLASHING,),
    )
    defenses = Defenses(dr=(DamageReduction(amount=dr),)) if dr else Defenses()
    return Attack(
        opt,
        total(bonus),
        total(ac),
        total(flat),
        concealment=conceal,  # type: ignore[arg-type]
        crit_immune=crit_immune,
        defenses=defenses,
    )


def brute(
    bonus: int,
    ac: int,
    dice: str,
    flat: int,
    low: int,
    mult: int,
    *,
    conceal: int = 0,
    dr: int = 0,
    crit_immune: bool = False,
    conceal_die: int = 100,
) -> dict[str, object]:
    """Walk every face of every die: d20, confirmation d20, miss-chance die, damage dice."""
    d = Dice.parse(dice)
    (term,) = d.terms
    damage: dict[int, Fraction] = {}
    p_hit = p_crit = Fraction(0)

    def add(amount: int, p: Fraction) -> None:
        damage[amount] = damage.get(amount, Fraction(0)) + p

    for face in range(1, 21):
        p = Fraction(1, 20)
        hits = face != 1 and (face == 20 or face + bonus >= ac)
        if not hits:
            add(0, p)
            continue
        threat = face >= low and not crit_immune
        confirms = [(None, Fraction(1))]
        if threat:
            confirms = [
                (c != 1 and (c == 20 or c + bonus >= ac), Fraction(1, 20)) for c in range(1, 21)
            ]
        for confirmed, pc in confirms:
            m = mult if confirmed else 1
            conceal_faces = [(False, Fraction(1))]
            if conceal:
                threshold = conceal if conceal_die == 100 else conceal // 10
                conceal_faces = [
                    (r <= threshold, Fraction(1, conceal_die)) for r in range(1, conceal_die + 1)
                ]
            for missed, pm in conceal_faces:
                if missed:
                    add(0, p * pc * pm)
                    continue
                rolls = list(itertools.product(range(1, term.sides + 1), repeat=term.number * m))
                pr = Fraction(1, len(rolls))
                for faces in rolls:
                    amount = max(1, sum(faces) + flat * m)
                    amount = max(0, amount - dr)
                    add(amount, p * pc * pm * pr)
                p_hit += p * pc * pm
                if confirmed:
                    p_crit += p * pc * pm
    return {"p_hit": p_hit, "p_crit": p_crit, "damage": dict(sorted(damage.items()))}


CASES = [
    dict(bonus=9, ac=16, dice="1d6", flat=4, low=19, mult=2),
    dict(bonus=9, ac=16, dice="1d6", flat=4, low=19, mult=2, conceal=20),
    dict(bonus=2, ac=25, dice="1d8", flat=-3, low=20, mult=3, dr=5),
    dict(bonus=12, ac=14, dice="2d4", flat=1, low=18, mult=2, conceal=50, dr=3),
    dict(bonus=5, ac=15, dice="1d4", flat=0, low=15, mult=2, crit_immune=True),
    dict(bonus=0, ac=30, dice="1d6", flat=0, low=20, mult=4),  # only a natural 20 hits
]


@pytest.mark.parametrize("case", CASES)
def test_single_attack_matches_brute_force(case: dict[str, int]) -> None:
    expected = brute(**case)  # type: ignore[arg-type]
    got = attack_odds(make_attack(**case), ruleset())  # type: ignore[arg-type]
    assert got.p_hit == expected["p_hit"]
    assert got.p_crit == expected["p_crit"]
    assert got.damage == expected["damage"]
    assert sum(got.damage.values()) == 1
    assert got.p_miss == 1 - got.p_hit


def test_advanced_rolls_concealment_on_d10() -> None:
    case = dict(bonus=9, ac=16, dice="1d6", flat=4, low=19, mult=2, conceal=20)
    expected = brute(**case, conceal_die=10)  # type: ignore[arg-type]
    got = attack_odds(make_attack(**case), ruleset("advanced"))  # type: ignore[arg-type]
    assert got.damage == expected["damage"]
    # 20% on d% and on d10 (1-2) are the same chance, so the numbers agree too
    assert got.p_hit == attack_odds(make_attack(**case), ruleset()).p_hit  # type: ignore[arg-type]


def test_known_numbers() -> None:
    # +9 vs AC 16 hits on 7-20: 70%; 19-20 threatens, confirmed 70%: 7% crits.
    o = attack_odds(make_attack(9, 16, "2d6", 4, 19, 2), ruleset())
    assert (o.p_hit, o.p_crit) == (Fraction(7, 10), Fraction(7, 100))
    # mean: 0.63 x 11 (normal hits) + 0.07 x 22 (crits) = 8.47
    assert o.mean_damage == Fraction(847, 100)


def test_sequence_is_convolution_of_independent_attacks() -> None:
    a = make_attack(6, 14, "1d4", 1, 20, 2)
    b = make_attack(1, 14, "1d4", 1, 20, 2)
    seq = sequence_odds([a, b], ruleset())
    ea, eb = brute(6, 14, "1d4", 1, 20, 2), brute(1, 14, "1d4", 1, 20, 2)
    expected: dict[int, Fraction] = {}
    for x, p in ea["damage"].items():  # type: ignore[attr-defined]
        for y, q in eb["damage"].items():  # type: ignore[attr-defined]
            expected[x + y] = expected.get(x + y, Fraction(0)) + p * q
    assert seq.total.damage == dict(sorted(expected.items()))
    p_a, p_b = ea["p_hit"], eb["p_hit"]
    assert seq.total.p_hit == 1 - (1 - p_a) * (1 - p_b)  # type: ignore[operator]
    assert [x.p_hit for x in seq.attacks] == [p_a, p_b]
