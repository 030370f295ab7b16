"""Damage after the target's defenses: damage reduction (srd35 bypass and the
``advanced`` per-plus reduction), energy resistance, immunity and vulnerability.

Sources: SRD special-abilities-and-conditions "Damage Reduction", "Resistance to
Energy", "Cold Immunity" (vulnerability +50%); seed 001 "Damage Reduction (DR)",
"Many creatures are naturally resistant or immune", "vulnerable" (twice the damage).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.bestiary import find_creature
from d20combat.content.creatures import DamageReduction
from d20combat.content.damage import DamageType
from d20combat.content.rulesets import Ruleset, ruleset
from d20combat.rules.damage import (
    DamagePart,
    Defenses,
    Reduction,
    apply_defenses,
    bypasses,
    effective_dr,
    healing_of,
)
from d20combat.rules.statistics import derive

SRD35 = ruleset("srd35")
MODERN = ruleset("d20modern")
ADVANCED = ruleset("advanced")

B, P, S = DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING
FIRE, COLD, ACID = DamageType.FIRE, DamageType.COLD, DamageType.ACID


def hit(
    amount: int,
    *types: DamageType,
    plus: int = 0,
    qualities: tuple[str, ...] = (),
    source: str = "weapon",
) -> DamagePart:
    return DamagePart(amount, types or (S,), source, plus, frozenset(qualities))


def dr(text: str) -> DamageReduction:
    return DamageReduction.model_validate(text)


def after(parts: list[DamagePart], rules: Ruleset = SRD35, **defenses: object) -> int:
    return apply_defenses(parts, Defenses(**defenses), rules)[0]  # type: ignore[arg-type]


# --- damage reduction, srd35 ----------------------------------------------------------


def test_dr_5_magic_stops_5_of_each_physical_attack() -> None:
    """SRD "Damage Reduction": the number is the hit points ignored from each normal
    attack. DR 5/magic takes 5 off a 12-point longsword blow, and 5 off the next blow
    again (per attack, not per round); a 3-point blow deals 0."""
    d = (dr("5/magic"),)
    assert after([hit(12)], dr=d) == 7
    assert after([hit(9)], dr=d) == 4
    assert after([hit(3)], dr=d) == 0


def test_dr_magic_bypassed_by_plus_1_not_masterwork() -> None:
    """SRD "Damage Reduction": a magic weapon is any weapon with a +1 or higher
    enhancement bonus, "not counting the enhancement from masterwork quality"
    (masterwork weapons carry enhancement 0 here)."""
    d = (dr("5/magic"),)
    assert after([hit(12, plus=1)], dr=d) == 12
    assert after([hit(12, plus=0)], dr=d) == 7
    assert bypasses(d[0], [hit(1, plus=3)]) and not bypasses(d[0], [hit(1)])


def test_dr_or_bypassed_by_either() -> None:
    """SRD "Damage Reduction" (the dretch's DR 5/cold iron or good; here 10): either
    quality overcomes it."""
    d = (dr("10/cold iron or good"),)
    assert not d[0].all_required
    assert after([hit(15, qualities=("cold iron",))], dr=d) == 15
    assert after([hit(15, qualities=("good",))], dr=d) == 15
    assert after([hit(15, qualities=("silver",))], dr=d) == 5
    assert after([hit(15, plus=2)], dr=d) == 5  # magic is not one of the two


def test_dr_and_needs_both() -> None:
    """SRD "Damage Reduction": DR 10/cold iron and good is overcome only by a weapon
    that is both cold iron and good."""
    d = (dr("10/cold iron and good"),)
    assert d[0].all_required
    assert after([hit(15, qualities=("cold iron",))], dr=d) == 5
    assert after([hit(15, qualities=("good",))], dr=d) == 5
    assert after([hit(15, qualities=("cold iron", "good"))], dr=d) == 15


def test_dr_dash_is_never_bypassed_in_srd35() -> None:
    """SRD "Damage Reduction": "If a dash follows the slash then the damage reduction is
    effective against any attack that does not ignore damage reduction": a +5 holy
    adamantine silver weapon is still reduced."""
    d = (dr("10/-"),)
    best = hit(25, B, P, S, plus=5, qualities=("adamantine", "silver", "good"))
    assert not bypasses(d[0], [best])
    assert after([best], dr=d) == 15


def test_dr_by_damage_type() -> None:
    """Seed 001 "DR 10/bludgeoning": 10 less from each physical attack except
    bludgeoning ones (the skeleton's DR 5/bludgeoning in the SRD)."""
    d = (dr("10/bludgeoning"),)
    assert after([hit(14, B)], dr=d) == 14
    assert after([hit(14, S)], dr=d) == 4
    assert after([hit(14, B, P)], dr=d) == 14  # a morningstar counts as bludgeoning


def test_best_applicable_dr_counts() -> None:
    """SRD "Damage Reduction": DRs from several sources do not stack; the best one that
    applies in the situation counts. DR 5/- and DR 10/magic: 10 against a plain
    weapon, 5 against a +1 weapon (which bypasses the 10/magic)."""
    d = (dr("5/-"), dr("10/magic"))
    assert after([hit(20)], dr=d) == 10
    assert after([hit(20, plus=1)], dr=d) == 15
    assert effective_dr(Defenses(dr=d), [hit(20)], SRD35)[0] == 10


def test_dr_applies_once_to_all_physical_parts_of_one_attack() -> None:
    """SRD "Damage Reduction": DR applies to an attack's damage, once. A 6-point blow
    with 5 points of sneak attack against DR 5/- deals 6, not 1 + 0."""
    assert after([hit(6), hit(5, source="sneak attack")], dr=(dr("5/-"),)) == 6


def test_dr_does_not_reduce_energy() -> None:
    """SRD "Damage Reduction": it "does not negate ... energy damage dealt along with
    an attack". A flaming longsword's 8 slashing + 4 fire against DR 10/magic deals 4."""
    parts = [hit(8), hit(4, FIRE, source="flaming")]
    assert after(parts, dr=(dr("10/magic"),)) == 4


# --- damage reduction, advanced -------------------------------------------------------


def test_advanced_magic_lowers_dr_by_10_per_plus() -> None:
    """Seed 001 "Damage Reduction (DR)": "A magic weapon bypasses 10 points of DR for
    each point of magic bonus. ... a creature with DR 30 effectively only has DR 10
    against a +2 magic weapon." A 25-point +2 blow deals 15; +0 deals 0; +3 deals 25."""
    d = (dr("30/-"),)
    assert after([hit(25, plus=2)], ADVANCED, dr=d) == 15
    assert after([hit(25)], ADVANCED, dr=d) == 0
    assert after([hit(25, plus=3)], ADVANCED, dr=d) == 25
    amount, label = effective_dr(Defenses(dr=d), [hit(25, plus=2)], ADVANCED)
    assert amount == 10 and "less 20 for +2" in label
    assert after([hit(25, plus=2)], SRD35, dr=d) == 0  # srd35: 30/- holds in full


def test_advanced_magic_lowers_rather_than_bypasses() -> None:
    """Seed 001: magic lowers DR 10 per plus; it is "the only way" some DR is overcome.
    DR 15/magic against a +1 weapon is DR 5 (in srd35 the +1 bypasses it entirely).
    The named condition still bypasses: DR 10/bludgeoning against a club."""
    d = (dr("15/magic"),)
    assert after([hit(12, plus=1)], ADVANCED, dr=d) == 7
    assert after([hit(12, plus=1)], SRD35, dr=d) == 12
    assert after([hit(12, B)], ADVANCED, dr=(dr("10/bludgeoning"),)) == 12


# --- energy -------------------------------------------------------------------------


def test_resistance_per_attack_per_type() -> None:
    """SRD "Resistance to Energy" / seed 001 ("5 fire resistance ... 5 less damage from
    each individual fire attack"): fire resistance 10 against one attack with 6 + 6
    fire leaves 2; cold is resisted separately by its own number; two separate 6-point
    fire attacks each deal 0."""
    resist = {FIRE: 10, COLD: 5}
    assert after([hit(6, FIRE), hit(6, FIRE)], resist=resist) == 2
    assert after([hit(6, FIRE), hit(7, COLD)], resist=resist) == 2
    assert after([hit(6, FIRE)], resist=resist) + after([hit(6, FIRE)], resist=resist) == 0
    assert after([hit(8, ACID)], resist=resist) == 8


def test_immunity() -> None:
    """SRD "Cold Immunity" ("never takes cold damage"): immunity stops all of it,
    whatever the amount; other types and physical damage still count."""
    parts = [hit(5), hit(40, COLD), hit(3, FIRE)]
    total, notes = apply_defenses(parts, Defenses(immune=frozenset({COLD})), SRD35)
    assert total == 8
    assert any(n.kind == "immunity" and n.amount == 40 for n in notes)


@pytest.mark.parametrize(
    ("rules", "damage", "expected"),
    [
        (SRD35, 10, 15),  # +50%
        (SRD35, 7, 10),  # 10.5 rounds down
        (MODERN, 10, 15),  # seed 004 silent: srd35's +50%
        (ADVANCED, 10, 20),  # seed 001: twice the usual damage
        (ADVANCED, 7, 14),
    ],
)
def test_vulnerability(rules: Ruleset, damage: int, expected: int) -> None:
    """SRD "Cold Immunity": a vulnerable creature takes half again as much (+50%);
    seed 001: "takes twice the usual damage"."""
    assert after([hit(damage, FIRE)], rules, vulnerable=frozenset({FIRE})) == expected


def test_creature_defenses_from_the_bestiary() -> None:
    """SRD monsters "Dretch": DR 5/cold iron or good, immunity to electricity,
    resistance to fire 10. derive() hands them to the attack as Defenses."""
    d = derive(find_creature("dretch")).defenses
    assert after([hit(9)], dr=d.dr) == 4
    assert after([hit(9, qualities=("cold iron",))], dr=d.dr) == 9
    assert apply_defenses([hit(12, DamageType.ELECTRICITY)], d, SRD35)[0] == 0
    assert apply_defenses([hit(12, FIRE)], d, SRD35)[0] == 2


# --- properties ---------------------------------------------------------------------

_TYPES = st.sampled_from([B, P, S, FIRE, COLD, ACID])
_PART = st.builds(
    lambda a, t, plus, q: DamagePart(a, (t,), "x", plus, frozenset(q)),
    st.integers(0, 60),
    _TYPES,
    st.integers(0, 5),
    st.lists(st.sampled_from(["cold iron", "silver", "good", "adamantine"]), max_size=2),
)
_DR = st.builds(
    lambda n, by, both: DamageReduction(amount=n, bypass=tuple(by), all_required=both),
    st.integers(1, 30),
    st.lists(st.sampled_from(["magic", "cold iron", "good", "bludgeoning", "silver"]), max_size=2),
    st.booleans(),
)


@given(
    parts=st.lists(_PART, min_size=1, max_size=4),
    drs=st.lists(_DR, max_size=3),
    resist=st.dictionaries(st.sampled_from([FIRE, COLD, ACID]), st.integers(0, 30)),
    rules=st.sampled_from([SRD35, MODERN, ADVANCED]),
)
def test_defenses_never_add_damage(
    parts: list[DamagePart],
    drs: list[DamageReduction],
    resist: dict[DamageType, int],
    rules: Ruleset,
) -> None:
    """Property: without vulnerability, DR and resistance never increase damage, never
    make it negative, and one more DR never increases it."""
    raw = sum(p.amount for p in parts)
    total = after(parts, rules, dr=tuple(drs), resist=resist)
    assert 0 <= total <= raw
    more = after(parts, rules, dr=(*drs, DamageReduction(amount=5)), resist=resist)
    assert more <= total
    assert after(parts, rules) == raw


@given(
    parts=st.lists(_PART, min_size=1, max_size=4),
    rules=st.sampled_from([SRD35, ADVANCED]),
)
def test_vulnerability_never_reduces_damage(parts: list[DamagePart], rules: Ruleset) -> None:
    """Property: vulnerability only ever adds damage (+50% or x2)."""
    raw = sum(p.amount for p in parts)
    vulnerable = frozenset({FIRE, COLD, ACID})
    assert after(parts, rules, vulnerable=vulnerable) >= raw


# --- seed 001 damage types (issue 9) ---------------------------------------------------

NEG, POS = DamageType.NEGATIVE, DamageType.POSITIVE
HOLY, PSYCHIC, WATER = DamageType.HOLY, DamageType.PSYCHIC, DamageType.WATER
LIVING: frozenset[str] = frozenset()
UNDEAD = frozenset({"undead", "unholy"})


def outcome(part: DamagePart, rules: Ruleset, **defenses: object) -> tuple[int, list[str]]:
    total, notes = apply_defenses([part], Defenses(**defenses), rules)  # type: ignore[arg-type]
    return total, [f"{n.kind} {n.amount}: {n.detail}" for n in notes]


@pytest.mark.parametrize("rules", [SRD35, MODERN, ADVANCED])
def test_negative_energy_harms_the_living_and_heals_the_undead(rules: Ruleset) -> None:
    """seed 001 "Negative energy ... damages living creatures, but heals the undead";
    "Positive energy heals living creatures, but deals damage to undead creatures"
    (srd35 and d20modern: the SRD's cure and inflict spells, D76). 7 negative energy:
    7 damage to a living soldier; to a zombie, 0 damage and 7 healed."""
    assert outcome(hit(7, NEG), rules, kinds=LIVING) == (7, [])
    assert outcome(hit(7, NEG), rules, kinds=UNDEAD) == (
        0,
        ["healing 7: negative energy heals the undead"],
    )
    assert outcome(hit(7, POS), rules, kinds=UNDEAD) == (7, [])
    assert outcome(hit(7, POS), rules, kinds=LIVING) == (
        0,
        ["healing 7: positive energy heals the living"],
    )
    # a construct is neither living nor undead (A141): no effect either way
    assert outcome(hit(7, NEG), rules, kinds=frozenset({"construct", "mindless"}))[0] == 0
    assert healing_of(apply_defenses([hit(7, POS)], Defenses(), rules)[1]) == 7


def test_psychic_has_no_effect_on_the_mindless_under_advanced_only() -> None:
    """seed 001 "Psychic damage ... no effect on mindless creatures such constructs or
    plants": 9 psychic to an ooze (no Intelligence) is 0 under advanced; srd35 has no
    such trait (the seeds 000-003 name no psychic damage: D76): 9."""
    ooze = derive(find_creature("gray-ooze")).defenses
    assert "mindless" in ooze.kinds
    assert apply_defenses([hit(9, PSYCHIC)], ooze, ADVANCED) == (
        0,
        (Reduction("immunity", 9, "psychic damage has no effect on the mindless"),),
    )
    assert apply_defenses([hit(9, PSYCHIC)], ooze, SRD35)[0] == 9
    assert after([hit(9, PSYCHIC)], ADVANCED) == 9  # a thinking creature


def test_holy_damage_is_doubled_against_undead_and_unholy() -> None:
    """seed 001 "Holy damage ... especially deadly to undead and unholy creatures"
    (A140: read as a vulnerability, x2 under advanced's "twice the usual damage"):
    5 holy to a ghoul (undead, chaotic evil) deals 10; to a neutral soldier, 5."""
    ghoul = derive(find_creature("ghoul")).defenses
    assert {"undead", "unholy"} <= ghoul.kinds
    total, notes = apply_defenses([hit(5, HOLY)], ghoul, ADVANCED)
    assert total == 10 and notes[0].kind == "vulnerability" and notes[0].amount == -5
    assert after([hit(5, HOLY)], ADVANCED) == 5
    assert apply_defenses([hit(5, HOLY)], ghoul, SRD35)[0] == 5  # no holy trait in srd35
    # resistance comes off before the doubling, as for any vulnerability: (5 - 2) x 2
    assert after([hit(5, HOLY)], ADVANCED, kinds=UNDEAD, resist={HOLY: 2}) == 6


def test_water_harms_only_creatures_of_fire_or_water_soluble() -> None:
    """seed 001 "Water damage ... normally only applies to creatures made of fire or of
    water-soluble substances like sand or salt" (A142: the fire subtype, or a creature
    listed as vulnerable to water): 6 water to a fire elemental 6, to a soldier 0, to a
    salt creature vulnerable to water 12 (twice)."""
    elemental = derive(find_creature("medium-fire-elemental")).defenses
    assert apply_defenses([hit(6, WATER)], elemental, ADVANCED)[0] == 6
    assert after([hit(6, WATER)], ADVANCED) == 0
    assert after([hit(6, WATER)], ADVANCED, vulnerable=frozenset({WATER})) == 12
    assert after([hit(6, WATER)], SRD35) == 6


def test_cold_is_potent_against_the_soaked_and_deadly_with_water() -> None:
    """seed 001 "Cold damage ... especially potent against creatures soaked in water";
    "Water damage ... turns deadly when combined with cold damage" (A206: the ruleset's
    vulnerability, twice under advanced): 7 cold to a soaked soldier 14, dry 7; 5
    water and 7 cold in one attack on a dry soldier: the water harms it not (A142)
    but soaks it, 0 + 14; under srd35 (no such trait) 7 and 12."""
    assert after([hit(7, COLD)], ADVANCED, kinds=frozenset({"soaked"})) == 14
    assert after([hit(7, COLD)], ADVANCED) == 7
    assert after([hit(5, WATER), hit(7, COLD)], ADVANCED) == 14
    assert after([hit(7, COLD)], SRD35, kinds=frozenset({"soaked"})) == 7
    assert after([hit(5, WATER), hit(7, COLD)], SRD35) == 12
    # resistance first, then the multiplier (as A140): resist cold 5: (7 - 5) x 2 = 4
    assert after([hit(7, COLD)], ADVANCED, kinds=frozenset({"soaked"}), resist={COLD: 5}) == 4


@given(
    amount=st.integers(0, 60),
    t=st.sampled_from(list(DamageType)),
    kinds=st.frozensets(
        st.sampled_from(["undead", "construct", "mindless", "unholy", "fire", "soaked"])
    ),
    rules=st.sampled_from([SRD35, MODERN, ADVANCED]),
)
def test_damage_type_traits_against_brute_force(
    amount: int, t: DamageType, kinds: frozenset[str], rules: Ruleset
) -> None:
    """Property, against the seed 001 text written out independently: the damage and the
    healing of one typed hit."""
    traits = rules.damage_type_traits
    damage, healing = amount, 0
    if t in (NEG, POS) and "energy-life" in traits:
        if "construct" in kinds:
            damage = 0
        elif (t is NEG) == ("undead" in kinds):
            damage, healing = 0, amount
    elif t is PSYCHIC and "psychic-mindless" in traits and "mindless" in kinds:
        damage = 0
    elif t is HOLY and "holy-bane" in traits and ({"undead", "unholy"} & kinds):
        num, den = rules.vulnerability_multiplier
        damage = amount * num // den
    elif t is WATER and "water-fire-only" in traits and "fire" not in kinds:
        damage = 0
    elif t is COLD and "cold-soaked" in traits and "soaked" in kinds:
        num, den = rules.vulnerability_multiplier
        damage = amount * num // den
    total, notes = apply_defenses([hit(amount, t)], Defenses(kinds=kinds), rules)
    assert (total, healing_of(notes)) == (damage, healing)
