"""The conditions table, row by row against its sources.

Seed 002 "Table: Attack Roll Modifiers" and "Table: Armor Class Modifiers" (with
their footnotes), "Conditions that Allow Sneak Attacks"; seed 000 (off balance,
pinned, rebuked, sneak attack list); seed 003 (flat-footed, dodge bonuses); seed 004
(d20modern running and helpless); SRD conditions summaries.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d20combat.content.creatures import Ability
from d20combat.errors import ContentError
from d20combat.rules.conditions import (
    CONDITIONS,
    PRONE_USABLE,
    ability_effects,
    attack_modifiers,
    can_use_ranged,
    defense_modifiers,
    expand,
    markdown,
    miss_chance,
    normalize,
    restrictions,
    roll_modifiers,
    sneak_attack_allowed,
)
from d20combat.rules.modifiers import BonusType, Modifier

ROOT = Path(__file__).resolve().parents[2]


def fs(*names: str) -> frozenset[str]:
    return frozenset(names)


def total(mods: tuple[Modifier, ...]) -> int:
    return sum(m.value for m in mods)


def attack(*names: str, ranged: bool) -> int:
    return total(attack_modifiers(fs(*names), ranged=ranged))


def ac(*names: str, ranged: bool, **kw: object) -> int:
    return total(defense_modifiers(fs(*names), ranged=ranged, **kw).modifiers)  # type: ignore[arg-type]


# --- seed 002 Table: Attack Roll Modifiers ("Attacker is ...": melee, ranged) ----------

ATTACK_TABLE = [
    ("dazzled", -1, -1),
    ("entangled", -2, -2),
    ("flanking", 2, 0),  # "—" for ranged
    ("invisible", 2, 2),
    ("higher-ground", 1, 0),
    ("prone", -4, 0),  # note 3: ranged only with a crossbow or shuriken, at no penalty
    ("frightened", -2, -2),
    ("shaken", -2, -2),  # SRD: "Shaken or frightened"
    ("squeezing", -4, -4),
]


@pytest.mark.parametrize(("name", "melee", "ranged"), ATTACK_TABLE)
def test_attack_roll_modifiers_table(name: str, melee: int, ranged: int) -> None:
    assert attack(name, ranged=False) == melee
    assert attack(name, ranged=True) == ranged


def test_attack_modifiers_are_untyped_and_name_the_condition() -> None:
    (m,) = attack_modifiers(fs("prone"), ranged=False)
    assert m == Modifier(-4, BonusType.UNTYPED, "prone (attacker)")


def test_prone_attacker_ranged_needs_a_crossbow_or_shuriken() -> None:
    r = restrictions(fs("prone"))
    assert r.ranged_requires == {PRONE_USABLE}
    assert not can_use_ranged(fs("prone"), {"projectile"})  # a longbow
    assert can_use_ranged(fs("prone"), {"projectile", PRONE_USABLE})  # a crossbow
    assert can_use_ranged(fs(), {"projectile"})


def test_entangled_also_takes_minus_4_dex() -> None:
    # seed 002 note 1 / AC note 2; SRD conditions "Entangled".
    effect = ability_effects(fs("entangled"))
    assert [(a, m.value) for a, m in effect.penalties] == [(Ability.DEX, -4)]
    assert ac("entangled", ranged=False) == 0 and ac("entangled", ranged=True) == 0


def test_invisible_attacker_plus_2_and_defender_loses_dex() -> None:
    # seed 002 note 2: the defender loses its Dex bonus; not if the target is blinded.
    assert attack_modifiers(fs("invisible"), ranged=False) == (
        Modifier(2, BonusType.UNTYPED, "invisible (attacker)"),
    )
    assert attack_modifiers(fs("invisible"), ranged=True, target=fs("blinded")) == ()
    vs_invisible = defense_modifiers(fs(), ranged=False, attacker=fs("invisible"))
    assert vs_invisible.loses_dex and vs_invisible.dex_lost_by == ("attacked-by-invisible",)
    # Uncanny dodge keeps it (seed 002).
    assert not defense_modifiers(
        fs(), ranged=False, attacker=fs("invisible"), uncanny_dodge=True
    ).loses_dex


# --- seed 002 Table: Armor Class Modifiers ("Defender is ...": melee, ranged, Dex) ------

AC_TABLE = [
    ("blinded", -2, -2, "lost"),
    ("cowering", -2, -2, "lost"),
    ("entangled", 0, 0, "kept"),
    ("flat-footed", 0, 0, "lost"),
    ("grappling", 0, 0, "lost"),  # "but attacker is not"
    ("helpless", -4, 0, "zero"),
    ("kneeling", -2, 2, "kept"),
    ("prone", -4, 4, "kept"),
    ("squeezing", -4, -4, "kept"),
    ("stunned", -2, -2, "lost"),
]


@pytest.mark.parametrize(("name", "melee", "ranged", "dex"), AC_TABLE)
def test_armor_class_modifiers_table(name: str, melee: int, ranged: int, dex: str) -> None:
    for is_ranged, value in ((False, melee), (True, ranged)):
        effect = defense_modifiers(fs(name), ranged=is_ranged)
        assert total(effect.modifiers) == value
        assert effect.loses_dex == (dex != "kept")
        assert effect.loses_dodge == effect.loses_dex
        assert effect.dex_zero == (dex == "zero")
        assert effect.fixed_ac is None


def test_defender_modifier_sources_and_types() -> None:
    assert defense_modifiers(fs("prone"), ranged=False).modifiers == (
        Modifier(-4, BonusType.UNTYPED, "prone (defender)"),
    )
    assert defense_modifiers(fs("total-defense"), ranged=True).modifiers == (
        Modifier(4, BonusType.DODGE, "total-defense (defender)"),
    )


def test_sitting_is_kneeling() -> None:
    assert normalize("Sitting") == "kneeling"
    assert ac("sitting", ranged=False) == -2 and ac("sitting", ranged=True) == 2


def test_helpless_is_an_ac_penalty_not_also_an_attack_bonus() -> None:
    # SRD conditions "+4 on melee attacks against a helpless target" is the same effect as
    # the table's -4 AC: counted once.
    effect = defense_modifiers(fs("helpless"), ranged=False)
    assert total(effect.modifiers) == -4 and effect.attacker_modifiers == ()
    assert ability_effects(fs("helpless")).zeroed == {Ability.DEX}


@pytest.mark.parametrize("name", ["unconscious", "paralyzed", "sleeping", "bound", "dying"])
def test_states_that_make_a_creature_helpless(name: str) -> None:
    effect = defense_modifiers(fs(name), ranged=False)
    assert total(effect.modifiers) == -4 and effect.dex_zero
    assert restrictions(fs(name)).helpless


def test_paralyzed_str_and_dex_zero_but_purely_mental_actions() -> None:
    # SRD conditions "Paralyzed": effective Dex and Str 0, helpless, purely mental actions.
    assert ability_effects(fs("paralyzed")).zeroed == {Ability.STR, Ability.DEX}
    r = restrictions(fs("paralyzed"))
    assert r.actions == "none" and r.escape_actions == {"purely-mental"} and not r.can_move


def test_escape_actions_need_every_no_action_condition_to_allow_them() -> None:
    assert restrictions(fs("paralyzed", "unconscious")).escape_actions == frozenset()
    assert restrictions(fs("pinned", "stunned")).escape_actions == frozenset()
    assert "escape-pin" in restrictions(fs("pinned", "staggered")).escape_actions


def test_pinned_minus_4_against_all_but_the_pinner_and_not_helpless() -> None:
    # seed 000 "If You're Pinned": -4 to AC against opponents other than the pinner; not
    # helpless. It is still grappling, so it loses Dex against those outside the grapple.
    outsider = defense_modifiers(fs("pinned"), ranged=False)
    assert total(outsider.modifiers) == -4
    assert total(defense_modifiers(fs("pinned"), ranged=True).modifiers) == -4
    assert outsider.loses_dex and not outsider.dex_zero
    pinner = defense_modifiers(fs("pinned"), ranged=False, pinner=True)
    assert total(pinner.modifiers) == 0 and not pinner.loses_dex
    partner = defense_modifiers(fs("pinned"), ranged=False, grapple_partner=True)
    assert total(partner.modifiers) == -4 and not partner.loses_dex
    r = restrictions(fs("pinned"))
    assert r.actions == "none" and "escape-pin" in r.escape_actions
    assert not r.helpless and not r.can_move and not r.threatens


def test_grappling_keeps_dex_against_its_partner() -> None:
    assert defense_modifiers(fs("grappling"), ranged=False).loses_dex
    assert not defense_modifiers(fs("grappling"), ranged=False, grapple_partner=True).loses_dex


def test_grappling_restrictions() -> None:
    # seed 002 "Consequences": no threatened squares, AoO only against the grapple
    # partner, no normal movement, limited to grapple actions.
    r = restrictions(fs("grappling"))
    assert not r.threatens and r.aoo == "grapple-partner" and not r.can_move
    assert (
        r.only_actions is not None
        and "pin" in r.only_actions
        and "escape-grapple" in r.only_actions
    )
    assert r.can_attack


# --- seed 003 / seed 002: flat-footed, uncanny dodge, dodge bonuses ---------------------


def test_flat_footed_uncanny_dodge_keeps_dex() -> None:
    assert defense_modifiers(fs("flat-footed"), ranged=False).loses_dex
    assert not defense_modifiers(fs("flat-footed"), ranged=False, uncanny_dodge=True).loses_dex


@pytest.mark.parametrize("name", ["blinded", "stunned", "cowering", "grappling", "off-balance"])
def test_uncanny_dodge_does_not_help_other_conditions(name: str) -> None:
    assert defense_modifiers(fs(name), ranged=False, uncanny_dodge=True).loses_dex


def test_flat_footed_no_attacks_of_opportunity_unless_combat_reflexes() -> None:
    assert restrictions(fs("flat-footed")).aoo == "none"
    assert not restrictions(fs("flat-footed")).can_aoo
    assert restrictions(fs("flat-footed"), combat_reflexes=True).aoo == "any"
    assert restrictions(fs("flat-footed")).threatens


def test_losing_dex_loses_this_modules_dodge_bonuses() -> None:
    # seed 003 "Dodge Bonuses": any situation that denies Dex denies dodge bonuses.
    effect = defense_modifiers(fs("fighting-defensively", "flat-footed"), ranged=False)
    assert effect.loses_dodge and effect.modifiers == ()
    assert effect.dropped == (Modifier(2, BonusType.DODGE, "fighting-defensively (defender)"),)
    kept = defense_modifiers(
        fs("fighting-defensively", "flat-footed"), ranged=False, uncanny_dodge=True
    )
    assert not kept.loses_dodge and total(kept.modifiers) == 2 and kept.dropped == ()


# --- combat actions as conditions ------------------------------------------------------


def test_charging() -> None:
    # seed 000 / 002 "Charge": +2 on the attack, -2 AC until the start of the next turn.
    assert attack("charging", ranged=False) == 2
    assert ac("charging", ranged=False) == -2 and ac("charged", ranged=True) == -2
    assert CONDITIONS["charged"].ends_at == "start-of-next-turn"


def test_total_defense_and_fighting_defensively() -> None:
    assert ac("total-defense", ranged=False) == 4
    assert restrictions(fs("total-defense")).aoo == "none"
    assert attack("fighting-defensively", ranged=False) == -4
    assert attack("fighting-defensively", ranged=True) == -4  # seed 004: ranged too
    assert ac("fighting-defensively", ranged=True) == 2
    for name in ("total-defense", "fighting-defensively"):
        assert CONDITIONS[name].ends_at == "start-of-next-turn"
        assert CONDITIONS[name].ac_type is BonusType.DODGE


def test_advanced_stances() -> None:
    # seed 001 "Fighting stances".
    assert attack("defensive-stance", ranged=False) == -4
    assert attack("defensive-stance", ranged=True) == 0
    assert CONDITIONS["defensive-stance"].ac_type is BonusType.DODGE
    assert ac("defensive-stance", ranged=False) == 2
    assert (
        attack("reckless-stance", ranged=False) == 2 and ac("reckless-stance", ranged=False) == -4
    )


def test_running_srd35_and_d20modern() -> None:
    # SRD combat-i "Run": loses Dex unless the Run feat. seed 004: +2 vs ranged attacks.
    srd = defense_modifiers(fs("running"), ranged=True)
    assert srd.loses_dex and srd.modifiers == ()
    assert not defense_modifiers(fs("running"), ranged=True, run_feat=True).loses_dex
    modern = defense_modifiers(fs("running"), ranged=True, run_ranged_defense_bonus=2)
    assert modern.loses_dex and modern.modifiers == (
        Modifier(2, BonusType.UNTYPED, "running (defender)"),
    )
    assert ac("running", ranged=False, run_ranged_defense_bonus=2) == 0


def test_d20modern_helpless_defense_is_5_plus_size() -> None:
    effect = defense_modifiers(fs("unconscious"), ranged=False, helpless_defense="five-plus-size")
    assert effect.fixed_ac == 5 and effect.modifiers == ()
    assert defense_modifiers(fs("helpless"), ranged=False).fixed_ac is None


def test_off_balance_underwater() -> None:
    # seed 000 "Underwater Combat" note 4: loses Dex, opponents +2 on attacks.
    effect = defense_modifiers(fs("off-balance"), ranged=False)
    assert effect.loses_dex and effect.modifiers == ()
    assert effect.attacker_modifiers == (Modifier(2, BonusType.UNTYPED, "off-balance (defender)"),)


def test_rebuked_cowers_once() -> None:
    # seed 000 "Rebuked": cowers (+2 to attackers) = cowering's -2 AC, not both.
    effect = defense_modifiers(fs("rebuked"), ranged=False)
    assert total(effect.modifiers) == -2 and effect.attacker_modifiers == ()
    assert effect.loses_dex
    assert restrictions(fs("rebuked")).actions == "none"
    assert restrictions(fs("turned")).flees and restrictions(fs("turned")).actions == "full"


# --- actions -----------------------------------------------------------------------------


ACTIONS = [
    ("staggered", "single"),
    ("disabled", "single"),
    ("nauseated", "move-only"),
    ("panicked", "flee"),
    ("dazed", "none"),
    ("stunned", "none"),
    ("cowering", "none"),
    ("fascinated", "none"),
    ("helpless", "none"),
    ("unconscious", "none"),
    ("dead", "none"),
    ("shaken", "full"),
    ("prone", "full"),
]


@pytest.mark.parametrize(("name", "level"), ACTIONS)
def test_action_levels(name: str, level: str) -> None:
    assert restrictions(fs(name)).actions == level


def test_dazed_no_actions_but_no_ac_penalty() -> None:
    effect = defense_modifiers(fs("dazed"), ranged=False)
    assert effect.modifiers == () and not effect.loses_dex
    r = restrictions(fs("dazed"))
    assert not r.can_attack and not r.can_move and not r.threatens and r.aoo == "none"


def test_stunned_drops_items_and_panicked_drops_and_flees() -> None:
    assert restrictions(fs("stunned")).drops_items
    r = restrictions(fs("panicked"))
    assert r.drops_items and r.flees and r.can_run and not r.can_attack


def test_staggered_single_action_can_charge_but_not_run() -> None:
    # SRD combat-ii "Charge": a creature limited to one action can still charge (speed).
    r = restrictions(fs("staggered"))
    assert r.can_attack and r.can_move and not r.can_run and r.can_charge


def test_nauseated_moves_but_cannot_attack() -> None:
    r = restrictions(fs("nauseated"))
    assert r.can_move and not r.can_attack and not r.threatens and r.aoo == "none"


def test_combined_levels_take_the_most_restrictive() -> None:
    assert restrictions(fs("panicked", "staggered")).actions == "move-only"
    assert restrictions(fs("staggered", "stunned")).actions == "none"


@pytest.mark.parametrize(
    ("name", "speed", "run", "charge"),
    [
        ("entangled", Fraction(1, 2), False, False),
        ("exhausted", Fraction(1, 2), False, False),
        ("fatigued", Fraction(1), False, False),
        ("blinded", Fraction(1, 2), False, False),
        ("disabled", Fraction(1, 2), False, True),
        ("squeezing", Fraction(1), True, True),  # the map doubles its steps
        ("shaken", Fraction(1), True, True),
    ],
)
def test_movement(name: str, speed: Fraction, run: bool, charge: bool) -> None:
    r = restrictions(fs(name))
    assert (r.speed_factor, r.can_run, r.can_charge) == (speed, run, charge)


def test_half_speed_twice_is_still_half() -> None:
    assert restrictions(fs("entangled", "blinded")).speed_factor == Fraction(1, 2)


def test_prone_crawls() -> None:
    r = restrictions(fs("prone"))
    assert r.crawl_only and r.can_move and not r.can_run and not r.can_charge


# --- rolls, abilities, severity groups ---------------------------------------------------


def test_fear_group_applies_once() -> None:
    assert expand(fs("shaken", "frightened")) == ("frightened",)
    assert attack("shaken", "frightened", ranged=False) == -2
    assert [m.value for m in roll_modifiers(fs("shaken", "frightened"), "save")] == [-2]
    assert attack("panicked", "shaken", ranged=False) == 0  # panicked: no attack penalty listed


def test_fatigue_group() -> None:
    fatigued = ability_effects(fs("fatigued")).penalties
    assert [(a, m.value) for a, m in fatigued] == [(Ability.STR, -2), (Ability.DEX, -2)]
    both = ability_effects(fs("fatigued", "exhausted")).penalties
    assert [(a, m.value) for a, m in both] == [(Ability.STR, -6), (Ability.DEX, -6)]


def test_sickened_penalties() -> None:
    s = fs("sickened")
    assert attack("sickened", ranged=True) == -2
    for kind in ("damage", "save", "skill", "ability-check"):
        assert total(roll_modifiers(s, kind)) == -2
    assert roll_modifiers(s, "initiative") == ()


def test_other_rolls() -> None:
    assert total(roll_modifiers(fs("deafened"), "initiative")) == -4
    assert total(roll_modifiers(fs("dazzled"), "skill", skill="Spot")) == -1
    assert total(roll_modifiers(fs("dazzled"), "skill", skill="listen")) == 0
    assert total(roll_modifiers(fs("blinded"), "skill", skill="climb")) == -4
    assert total(roll_modifiers(fs("blinded"), "skill", skill="search")) == -4
    assert total(roll_modifiers(fs("blinded"), "skill", skill="diplomacy")) == 0
    assert total(roll_modifiers(fs("shaken"), "skill", skill="diplomacy")) == -2


def test_stacking_across_conditions() -> None:
    # "apply them all": different conditions' penalties add up.
    assert ac("helpless", "prone", ranged=False) == -8
    assert ac("helpless", "prone", ranged=True) == 4
    assert attack("sickened", "shaken", ranged=False) == -4


# --- concealment -------------------------------------------------------------------------


def test_miss_chances() -> None:
    # SRD "Blinded": all opponents have total concealment to it; invisible: total.
    assert miss_chance(fs("blinded"), fs()) == 50
    assert miss_chance(fs(), fs("invisible")) == 50
    assert miss_chance(fs("dazzled"), fs("prone")) == 0


# --- seed 002 "Conditions that Allow Sneak Attacks" -----------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "blinded",
        "cowering",
        "flat-footed",
        "grappling",
        "helpless",
        "stunned",
        # seed 000 "Sneak Attacks" adds these:
        "running",
        "off-balance",
        "balancing",
        "climbing",
        "paralyzed",
        "sleeping",
        "bound",
        "unconscious",
        "pinned",
        "feinted",
    ],
)
def test_sneak_attack_conditions(name: str) -> None:
    assert sneak_attack_allowed(fs(name))


@pytest.mark.parametrize("name", ["prone", "kneeling", "dazed", "entangled", "shaken"])
def test_no_sneak_attack(name: str) -> None:
    # "Note that, contrary to popular belief, prone is not on this list."
    assert not sneak_attack_allowed(fs(name))


def test_sneak_attack_flanked_and_invisible_attacker() -> None:
    assert sneak_attack_allowed(fs(), flanked=True)
    assert not sneak_attack_allowed(fs(), flanked=True, improved_uncanny_dodge=True)
    assert sneak_attack_allowed(fs(), attacker=fs("invisible"))
    assert not sneak_attack_allowed(fs(), attacker=fs("invisible"), uncanny_dodge=True)
    assert not sneak_attack_allowed(fs("flat-footed"), uncanny_dodge=True)
    assert sneak_attack_allowed(fs("stunned"), uncanny_dodge=True)


def test_sneak_attack_grappling_only_from_outside() -> None:
    assert not sneak_attack_allowed(fs("grappling"), grapple_partner=True)
    assert sneak_attack_allowed(fs("pinned"), grapple_partner=True)  # seed 002 note 4


def test_no_sneak_attack_through_concealment() -> None:
    assert not sneak_attack_allowed(fs("flat-footed"), concealed=True)
    assert not sneak_attack_allowed(fs("flat-footed"), attacker=fs("blinded"))
    assert not sneak_attack_allowed(fs("flat-footed", "invisible"))


# --- the table itself ----------------------------------------------------------------


# ------------------------------------------------------------------ citations
#
# A row's source is a list of clauses separated by ";", each naming a seed
# ("seed 002 Table: Armor Class Modifiers (-2, note 1)", "seed 000 'Charge' ('+2
# bonus on the attack roll')") or an SRD page ("SRD conditions 'Blinded'", "SRD
# combat-i 'Run' and combat-ii 'Charge'", "SRD 'Invisibility'": any page). Every quoted
# name must be a heading or phrase of the cited text, every quotation in parentheses
# must be in it word for word ("..." standing for words left out), and every "Table:"
# named must be there. The SRD pages are vendored (srd35/); the seeds live beside the
# repository (../shared/seeds, as README "Rulesets" says) and are checked when present.

SRD_PAGES = ROOT / "srd35" / "basic-rules-and-legal"
SEEDS = ROOT.parent / "shared" / "seeds"
SRD_PAGE = {
    "conditions": "special-abilities-and-conditions",
    "combat-i": "combat-i-basics",
    "combat-ii": "combat-ii-movement-modifiers-and-special-actions",
}
CLAUSE = re.compile(r"^(?:seed (?P<seed>00[0-4])\b|SRD )")
PAGE_NAMES = {*SRD_PAGE, *(p.stem for p in SRD_PAGES.glob("*.html"))}
QUOTED = re.compile(r"(?<![A-Za-z])'(.+?)'(?![A-Za-z])")
TABLE = re.compile(r"Table: [A-Z][a-z]+(?: [A-Z][a-z]+)*")
NOTE = re.compile(r"\bnotes? (\d)\b")  # a table footnote: "  4. Treat the defender's ..."


def plain(text: str) -> str:
    """Text without tags and entities, typographic quotes and dashes made plain,
    whitespace collapsed, lower case: what a citation is compared with."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    for fancy, simple in (("\u2019", "'"), ("\u2018", "'"), ("\u2013", "-"), ("\u2014", "-")):
        text = text.replace(fancy, simple)
    text = text.replace("\u2212", "-").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def cited(text: str, words: str) -> bool:
    """Whether ``words`` (a quoted name, quotation or table title) are in ``text``:
    "..." matches any words in between, a plural name its singular, and "A: B" a
    heading B under A."""
    if re.fullmatch(r"\d\. ", words):  # a footnote: a line "4. Treat the defender's ..."
        return re.search(rf"(?:^| ){words}[a-z]", text) is not None
    parts = [p.strip() for p in plain(words).split("...") if p.strip()]
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0 and part.endswith("s"):
            found = text.find(part[:-1], at)
        if found < 0 and ": " in part and not part.startswith("table:"):
            head, _, sub = part.partition(": ")
            start = text.find(head, at)
            found = text.find(sub, start) if start >= 0 else -1
        if found < 0:
            return False
        at = found + len(part)
    return True


def citations() -> list[tuple[str, str, str, list[str]]]:
    """(condition, clause, seed number or SRD pages, names and quotations) per clause."""
    out = []
    for name, spec in CONDITIONS.items():
        for clause in (c.strip() for c in spec.source.split(";")):
            m = CLAUSE.match(clause)
            assert m, f"{name}: {clause!r} names no seed and no SRD page"
            # an SRD clause's pages: the page names outside its quotations
            pages = [
                w for w in re.findall(r"[a-z][a-z-]+", QUOTED.sub(" ", clause)) if w in PAGE_NAMES
            ]
            where = m["seed"] or " ".join(pages)
            words = QUOTED.findall(clause) + TABLE.findall(clause)
            words += [f"{n}. " for n in NOTE.findall(clause)]
            assert words, f"{name}: {clause!r} names no section"
            out.append((name, clause, where, words))
    return out


CITATIONS = citations()


def test_every_row_names_its_conditions() -> None:
    for name, spec in CONDITIONS.items():
        assert spec.name == name
        for implied in spec.implies:
            assert implied in CONDITIONS


def test_every_srd_citation_is_in_the_srd() -> None:
    """Each SRD clause's page exists under srd35/ and holds every name it quotes."""
    pages = {p.stem: plain(p.read_text(encoding="utf-8")) for p in SRD_PAGES.glob("*.html")}
    checked = 0
    for name, clause, where, words in CITATIONS:
        if where.isdigit():
            continue
        wanted = [SRD_PAGE.get(w, w) for w in where.split()]
        for page in wanted:
            assert page in pages, f"{name}: {clause!r}: no SRD page {page!r}"
        text = " ".join(pages[p] for p in wanted) if wanted else " ".join(pages.values())
        for w in words:
            assert cited(text, w), f"{name}: {clause!r}: {w!r} is not in SRD {where or 'pages'}"
        checked += 1
    assert checked >= 30


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds (../shared/seeds) are not here")
def test_every_seed_citation_is_in_its_seed() -> None:
    """Each seed clause's seed file exists and holds every name and quotation it gives."""
    seeds = {p.name[:3]: plain(p.read_text(encoding="utf-8")) for p in SEEDS.glob("00*_*.txt")}
    checked = 0
    for name, clause, where, words in CITATIONS:
        if not where.isdigit():
            continue
        assert where in seeds, f"{name}: {clause!r}: no seed file {where}_*.txt"
        for w in words:
            assert cited(seeds[where], w), f"{name}: {clause!r}: {w!r} is not in seed {where}"
        checked += 1
    assert checked >= 40


def test_the_citation_check_bites() -> None:
    """The checker refuses a made-up section, a misquotation and an unknown page."""
    text = plain("Charge\nYou get a +2 bonus on the attack roll and take a \u20132 penalty")
    assert cited(text, "Charge") and cited(text, "+2 bonus ... -2 penalty")
    assert not cited(text, "Bull Rush")
    assert not cited(text, "+4 bonus on the attack roll")
    assert not cited(text, "-2 penalty ... +2 bonus")  # out of order
    assert CLAUSE.match("SRD conditions 'Blinded'") and CLAUSE.match("seed 004 'Stable'")
    assert CLAUSE.match("the DMG 'Blinded'") is None and CLAUSE.match("seed 0045 'X'") is None
    two = next(c for c in CITATIONS if c[1].startswith("SRD combat-i 'Run' and combat-ii"))
    assert (two[2], two[3]) == ("combat-i combat-ii", ["Run", "Charge"])


def test_requested_conditions_are_all_present() -> None:
    wanted = {
        *("flat-footed", "prone", "kneeling", "squeezing", "charging", "total-defense"),
        *("fighting-defensively", "defensive-stance", "reckless-stance", "running"),
        *("power-attack-stance", "off-balance", "grappling", "pinned", "helpless"),
        *("invisible", "blinded", "dazzled", "entangled", "cowering", "stunned"),
        *("staggered", "disabled", "unconscious", "dying", "stable", "dead", "dazed"),
        *("nauseated", "fascinated", "frightened", "shaken", "panicked", "sickened"),
        *("fatigued", "exhausted", "paralyzed", "deafened", "turned", "rebuked"),
    }
    assert set(wanted) <= set(CONDITIONS)


def test_unknown_condition_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="unknown condition 'sleepy'"):
        restrictions(fs("sleepy"))
    assert normalize(" Flat Footed ") == "flat-footed"
    assert normalize("total_defense") == "total-defense"


def test_docs_match_the_table() -> None:
    doc = ROOT / "docs" / "conditions.md"
    assert doc.read_text(encoding="utf-8") == markdown()


names = st.frozensets(st.sampled_from(sorted(CONDITIONS)), max_size=5)


@given(names)
def test_expand_is_idempotent(conditions: frozenset[str]) -> None:
    once = expand(conditions)
    assert expand(frozenset(once)) == once


@given(names, st.sampled_from(sorted(CONDITIONS)))
def test_more_conditions_never_loosen_restrictions(conditions: frozenset[str], extra: str) -> None:
    a = restrictions(conditions)
    b = restrictions(conditions | {extra})
    assert b.speed_factor <= a.speed_factor
    assert (not b.can_run or a.can_run) and (not b.can_charge or a.can_charge)
    assert (not b.can_attack or a.can_attack) and (not b.can_move or a.can_move)
    assert (not b.threatens or a.threatens) and (b.helpless or not a.helpless)
    rank = {"none": 0, "grapple-partner": 1, "any": 2}
    assert rank[b.aoo] <= rank[a.aoo]


@given(names, st.booleans(), st.booleans())
def test_dex_lost_means_dodge_lost(conditions: frozenset[str], ranged: bool, ud: bool) -> None:
    e = defense_modifiers(conditions, ranged=ranged, uncanny_dodge=ud)
    assert e.loses_dodge == e.loses_dex
    assert e.loses_dex == bool(e.dex_lost_by)
    if e.dex_zero:
        assert e.loses_dex
    if e.loses_dex:
        assert all(m.type is not BonusType.DODGE or m.value <= 0 for m in e.modifiers)
