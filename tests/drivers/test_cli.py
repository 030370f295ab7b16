"""End-to-end tests of every ``d20combat`` command, its JSON contracts and bad input.

The CLI runs in-process through click's runner (against ``d20combat.cli.cli``) and
through :func:`d20combat.cli.main` (the console script's entry, which always exits),
plus real subprocesses of ``python -m d20combat`` to prove the entry point. The
contracts are the "External contracts" of the design: exit code 0 on success; bad
input exits 2 with one ``error:`` line on stderr (file, line, field, what was
expected) and no traceback; 1 means a bug.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from d20combat.cli import cli, main, parse_bonuses, parse_crit
from d20combat.errors import IllegalActionError, InputError

REPO = Path(__file__).resolve().parents[2]
SRD = REPO / "srd35"
FIXTURES = REPO / "tests" / "data" / "scenarios"

# DESIGN.md, "External contracts", and the additions the README documents.
CREATURE_KEYS = {
    "name",
    "size",
    "hp",
    "bab",
    "grapple",
    "initiative",
    "ac",
    "saves",
    "attacks",
    "space_ft",
    "reach_ft",
}
CREATURE_EXTRA_KEYS = {"type", "speed_ft", "breakdowns", "ruleset", "source", "not_modelled"}
ATTACK_KEYS = {"name", "bonuses", "damage", "critical"}
MODIFIER_KEYS = {"type", "value", "source", "counted"}
ODDS_KEYS = {"p_miss", "p_hit", "p_crit", "mean_damage", "damage"}
EVENT_KEYS = {"round", "actor", "type", "rule", "rolls", "modifiers"}
FRACTION = re.compile(r"^-?\d+/[1-9]\d*$")


# ---------------------------------------------------------------- helpers
def invoke(*args: str | Path) -> Result:
    """Run the click group in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, [str(a) for a in args])


def ok(*args: str | Path) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def ok_json(*args: str | Path) -> Any:
    return json.loads(ok(*args, "--json"))


def run_main(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """Run the console script's entry point; it always ends with SystemExit."""
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in args])
    out, err = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), out, err


def assert_bad_input(code: int, out: str, err: str, *needles: str) -> str:
    """Exit 2, nothing on stdout, exactly one ``error:`` line naming ``needles``."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def frac(text: str) -> Fraction:
    assert FRACTION.match(text), text
    return Fraction(text)


def check_modifier(m: dict[str, Any]) -> None:
    assert set(m) >= MODIFIER_KEYS, m
    assert isinstance(m["value"], int)
    assert isinstance(m["type"], str) and m["type"]
    assert isinstance(m["source"], str)
    assert isinstance(m["counted"], bool)


def check_odds(data: dict[str, Any]) -> dict[str, Fraction]:
    """The ``odds --json`` contract; returns the numbers as fractions."""
    assert set(data) >= ODDS_KEYS
    p = {k: frac(data[k]) for k in ("p_miss", "p_hit", "p_crit", "mean_damage")}
    dist = {int(k): frac(v) for k, v in data["damage"].items()}
    assert p["p_miss"] == 1 - p["p_hit"]
    assert 0 <= p["p_crit"] <= p["p_hit"] <= 1
    assert sum(dist.values()) == 1
    assert all(v > 0 for v in dist.values())
    assert 0 in dist  # the full distribution, including 0
    assert list(dist) == sorted(dist)
    assert p["mean_damage"] == sum(v * q for v, q in dist.items())
    return p


def check_event(e: dict[str, Any]) -> None:
    """The JSONL log contract: one event with its rolls, modifiers and rule."""
    assert set(e) >= EVENT_KEYS, e
    assert isinstance(e["round"], int) and e["round"] >= 0
    assert isinstance(e["actor"], str)
    assert isinstance(e["type"], str) and e["type"]
    assert isinstance(e["rule"], str) and e["rule"]
    for r in e["rolls"]:
        assert {"die", "faces", "purpose"} <= set(r), r
        assert isinstance(r["die"], str) and r["purpose"]
        assert all(isinstance(f, int) for f in r["faces"])
    for m in e["modifiers"]:
        check_modifier(m)


def read_log(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines
    events = [json.loads(line) for line in lines]
    for e in events:
        check_event(e)
    return events


def scenario_file(tmp_path: Path, name: str, *, symbol: str = ".", goblin_at: str = "e4") -> Path:
    """A small scenario: a fighter and a goblin in a walled room."""
    text = f"""\
title: Tiny room
ruleset: srd35
round_limit: 10
map:
  rows: |
    ######
    #....#
    #..{symbol}.#
    #....#
    ######
sides:
  - name: a
    combatants:
      - creature: fighter-4
        at: b2
  - name: b
    combatants:
      - creature: goblin
        at: {goblin_at}
"""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- creature
def test_creature_ogre_json_has_the_contract_shape_and_srd_numbers() -> None:
    data = ok_json("creature", "ogre")
    assert set(data) >= CREATURE_KEYS
    assert set(data) <= CREATURE_KEYS | CREATURE_EXTRA_KEYS, set(data) - CREATURE_KEYS
    assert data["name"] == "Ogre" and data["size"] == "Large"
    # SRD monsters-o-r.html, Ogre: hp 29, AC 16 / touch 8 / flat-footed 16, grapple +12.
    assert (data["hp"], data["bab"], data["grapple"], data["initiative"]) == (29, 3, 12, -1)
    ac = data["ac"]
    assert set(ac) == {"total", "touch", "flat_footed", "breakdown"}
    assert (ac["total"], ac["touch"], ac["flat_footed"]) == (16, 8, 16)
    for m in ac["breakdown"]:
        check_modifier(m)
    assert sum(m["value"] for m in ac["breakdown"] if m["counted"]) == ac["total"]
    assert {"armor", "natural armor", "size"} <= {m["type"] for m in ac["breakdown"]}
    assert set(data["saves"]) == {"fort", "ref", "will"}
    assert data["saves"] == {"fort": 6, "ref": 0, "will": 1}
    for a in data["attacks"]:
        assert set(a) >= ATTACK_KEYS
        assert all(isinstance(b, int) for b in a["bonuses"])
    club = data["attacks"][0]
    assert (club["name"], club["bonuses"], club["damage"], club["critical"]) == (
        "greatclub",
        [8],
        "2d8+7",
        "20/x2",
    )
    assert (data["space_ft"], data["reach_ft"]) == (10, 10)


def test_creature_text_shows_each_breakdown() -> None:
    out = ok("creature", "ogre")
    assert out.startswith("Ogre: Large giant")
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert "29 = " in lines["Hit"]
    assert "16 = +10 (base) +3 armor (hide)" in lines["AC"]
    assert "+5 natural armor" in lines["AC"] and "-1 size (Large)" in lines["AC"]
    assert "8 = " in lines["touch"] and "16 = " in lines["flat-footed"]
    assert "12 = +3 base attack" in lines["Grapple"] and "+4 size" in lines["Grapple"]
    assert "greatclub +8 melee (2d8+7, 20/x2)" in out
    assert re.search(r"attack 8 = .*Weapon Focus \(greatclub\)", out)
    assert "damage 2d8 + 7 = +7 ability (Str x1 1/2)" in out
    for label in ("Initiative", "Fort", "Ref", "Will", "Speed"):
        assert label in lines


def test_creature_bundled_build_fighter_4() -> None:
    data = ok_json("creature", "fighter-4")
    assert data["size"] == "Medium"
    assert (data["ac"]["total"], data["ac"]["touch"], data["ac"]["flat_footed"]) == (19, 11, 18)
    assert (data["bab"], data["grapple"], data["initiative"]) == (4, 7, 5)
    sword = data["attacks"][0]
    assert (sword["name"], sword["bonuses"], sword["damage"], sword["critical"]) == (
        "greatsword",
        [8],
        "2d6+6",
        "19-20/x2",
    )
    assert (data["space_ft"], data["reach_ft"]) == (5, 5)
    text = ok("creature", "fighter-4")
    assert "+8 armor (full plate)" in text and "Weapon Specialization (greatsword)" in text


def test_creature_from_a_yaml_file() -> None:
    data = ok_json("creature", FIXTURES / "creature-brute.yaml")
    assert data["name"] == "Brute"
    # 3d8 average 13 + Con 14 x 3 HD; AC 10 - 1 size + 3 natural.
    assert (data["hp"], data["ac"]["total"], data["grapple"]) == (19, 12, 11)
    assert data["attacks"][0]["damage"] == "2d8+7"


def test_creature_ruleset_option() -> None:
    for name in ("srd35", "d20modern", "advanced"):
        assert ok_json("creature", "ogre", "--ruleset", name)["hp"] > 0


# ---------------------------------------------------------------- odds
ODDS_FLAGS = (
    "odds",
    "--attack",
    "+9",
    "--damage",
    "2d6+4",
    "--crit",
    "19-20/x2",
    "--ac",
    "16",
    "--concealment",
    "20",
    "--dr",
    "5/magic",
)


def test_odds_from_flags_exact_numbers() -> None:
    p = check_odds(ok_json(*ODDS_FLAGS))
    # +9 hits AC 16 on 7-20 (14/20); 20% concealment keeps 4/5 of those.
    assert p["p_hit"] == Fraction(14, 20) * Fraction(4, 5)
    # threats on 19-20, confirmed on 7+, then concealment
    assert p["p_crit"] == Fraction(2, 20) * Fraction(14, 20) * Fraction(4, 5)
    # DR 5: a normal hit 2d6+4-5 averages 6, a critical 4d6+8-5 averages 17.
    assert p["mean_damage"] == (p["p_hit"] - p["p_crit"]) * 6 + p["p_crit"] * 17
    data = ok_json(*ODDS_FLAGS)
    assert data["damage"]["0"] == data["p_miss"]  # every hit deals 1+ through DR 5
    assert "attacks" not in data


def test_odds_text_output() -> None:
    out = ok(*ODDS_FLAGS)
    assert "attack +9:" in out
    assert "hit       56.00% (14/25)" in out
    assert "critical   5.60% (7/125)" in out
    assert "damage distribution:" in out


def test_odds_magic_weapon_overcomes_dr() -> None:
    plain = check_odds(ok_json(*ODDS_FLAGS))
    magic = check_odds(ok_json(*ODDS_FLAGS, "--magic", "1"))
    assert magic["p_hit"] == plain["p_hit"]
    # DR applies once per hit, critical or not; --magic does not add to the bonuses
    assert magic["mean_damage"] == plain["mean_damage"] + 5 * plain["p_hit"]


def test_odds_attacker_defender() -> None:
    p = check_odds(ok_json("odds", "--attacker", "ogre", "--defender", "fighter-4"))
    # greatclub +8 against AC 19: hits on 11+; crits on a 20 confirmed on 11+.
    assert (p["p_hit"], p["p_crit"]) == (Fraction(1, 2), Fraction(1, 40))
    # 2d8+7 averages 16, doubled on a critical hit.
    assert p["mean_damage"] == Fraction(19, 40) * 16 + Fraction(1, 40) * 32
    out = ok("odds", "--attacker", "ogre", "--defender", "fighter-4")
    assert out.startswith("greatclub +8:")


def test_odds_full_attack_adds_each_attack() -> None:
    data = ok_json("odds", "--attacker", "hill-giant", "--defender", "fighter-4", "--full")
    p = check_odds(data)
    attacks = data["attacks"]
    assert [a["bonus"] for a in attacks] == [16, 11]
    each = [check_odds(a) for a in attacks]
    assert p["p_miss"] == each[0]["p_miss"] * each[1]["p_miss"]
    assert p["p_crit"] == 1 - (1 - each[0]["p_crit"]) * (1 - each[1]["p_crit"])
    assert p["mean_damage"] == each[0]["mean_damage"] + each[1]["mean_damage"]
    for a in attacks:
        assert {"label", "bonus"} <= set(a)
    text = ok("odds", "--attacker", "hill-giant", "--defender", "fighter-4", "--full")
    assert "greatclub +16:" in text and "greatclub +11:" in text
    assert "whole sequence" in text


def test_odds_attack_sequence_from_flags() -> None:
    data = ok_json("odds", "--attack", "+9/+4", "--damage", "1d8+3", "--ac", "15")
    check_odds(data)
    assert [a["label"] for a in data["attacks"]] == ["attack +9", "attack +4"]
    assert [frac(a["p_hit"]) for a in data["attacks"]] == [Fraction(15, 20), Fraction(10, 20)]


def test_odds_single_attack_routine_with_full_has_no_attacks_list() -> None:
    data = ok_json("odds", "--attacker", "ogre", "--defender", "fighter-4", "--full")
    check_odds(data)
    assert "attacks" not in data


def test_parse_crit_and_bonuses() -> None:
    assert parse_crit("19-20/x2") == (19, 2)
    assert parse_crit("x3") == (20, 3)
    assert parse_crit("18-20") == (18, 2)
    assert parse_bonuses("+9/+4") == [9, 4]
    for bad in ("21-20/x9", "19-20/x9", "1-20/x2", "banana"):
        with pytest.raises(InputError, match="--crit"):
            parse_crit(bad)
    with pytest.raises(InputError, match="--attack"):
        parse_bonuses("+9/four")


def test_odds_flags_read_plain_numbers_at_once() -> None:
    """Found by the fuzzer (tests/fuzz): a 5000-digit threat range was a ValueError, a
    long run of spaces before a bad character made ``--crit`` backtrack for minutes,
    and ``int`` took fullwidth digits and underscores in ``--attack``."""
    start = time.perf_counter()
    for bad in (" " * 5000 + "!", "9" * 5000, " " * 2000 + "19 " + " " * 2000 + "x"):
        with pytest.raises(InputError, match="--crit"):
            parse_crit(bad)
    assert time.perf_counter() - start < 1
    assert parse_crit(" 19 - 20 / x 3 ") == (19, 3)
    for bad in ("+１", "1_0", "+9/", "9" * 5000):
        with pytest.raises(InputError, match="--attack: cannot read"):
            parse_bonuses(bad)


# ---------------------------------------------------------------- duel
def test_duel_is_narrated_and_deterministic(tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    first = ok("duel", "ogre", "fighter-4", "--seed", "3", "--log", log)
    second = ok("duel", "ogre", "fighter-4", "--seed", "3")
    assert first == second
    assert first.startswith("Duel: ogre vs fighter-4 (seed 3, ruleset srd35)")
    assert "attacks" in first and "rolls initiative" in first
    assert first.splitlines()[-1].startswith("Outcome: ")
    events = read_log(log)
    assert {"initiative", "attack"} <= {e["type"] for e in events}
    attack = next(e for e in events if e["type"] == "attack")
    assert any(r["die"] == "1d20" for r in attack["rolls"])
    assert attack["modifiers"]
    others = {ok("duel", "ogre", "fighter-4", "--seed", str(s)) for s in range(4, 9)}
    assert len(others | {first}) > 1  # the seed matters


def test_duel_explain_adds_breakdowns() -> None:
    plain = ok("duel", "ogre", "fighter-4", "--seed", "3").splitlines()
    explained = ok("duel", "ogre", "fighter-4", "--seed", "3", "--explain").splitlines()
    assert len(explained) > len(plain)
    assert set(plain) <= set(explained)


# ---------------------------------------------------------------- fight
def summary_rows(out: str) -> list[str]:
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("combatant "))
    assert lines[header + 1].startswith("---")
    assert lines[header - 1].startswith("Outcome: ")
    return lines[header + 2 :]


def test_fight_default_scenario() -> None:
    out = ok("fight", "--seed", "1")
    assert out.startswith("The ruined gatehouse (scenario ruined-gatehouse, seed 1, ruleset srd35)")
    rows = summary_rows(out)
    assert len(rows) == 12  # the gatehouse's twelve combatants
    assert out == ok("fight", "--seed", "1")


def test_fight_bundled_name_is_deterministic_and_logs(tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    out = ok("fight", "ogre-duel", "--seed", "4", "--log", log)
    assert out == ok("fight", "ogre-duel", "--seed", "4")
    assert out.startswith("Ogre duel (scenario ogre-duel, seed 4, ruleset srd35)")
    rows = summary_rows(out)
    assert [r.split()[0] for r in rows] == ["Human", "Ogre"]
    events = read_log(log)
    types = {e["type"] for e in events}
    assert {"initiative", "turn", "attack", "outcome"} <= types
    outcome = events[-1]
    assert outcome["type"] == "outcome" and outcome["kind"] in {"victory", "draw", "truncated"}
    assert any(m["source"] for e in events for m in e["modifiers"])
    # the scenario's own seed (1) is the default
    assert ok("fight", "ogre-duel") == ok("fight", "ogre-duel", "--seed", "1")


def test_fight_under_another_ruleset_saves_and_resumes_under_it(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    out = ok("fight", "ogre-duel", "--ruleset", "d20modern", "--variant", "fumbles", "--save", save)
    assert out.startswith("Ogre duel (scenario ogre-duel, seed 1, ruleset d20modern + fumbles)")
    assert out != ok("fight", "ogre-duel")
    data = json.loads(save.read_text(encoding="utf-8"))
    assert (data["ruleset"], data["variants"]) == ("d20modern", ["fumbles"])
    assert "ruleset d20modern)" in ok("resume", save).splitlines()[0]


def test_fight_path_explain_and_summary(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, "room.yaml")
    plain = ok("fight", path, "--seed", "2")
    explained = ok("fight", path, "--seed", "2", "--explain")
    assert plain.startswith("Tiny room (scenario room, seed 2, ruleset srd35)")
    assert set(plain.splitlines()) <= set(explained.splitlines())
    extra = set(explained.splitlines()) - set(plain.splitlines())
    assert any(line.lstrip().startswith("attack bonus: ") for line in extra)
    assert any(line.lstrip().startswith("armor class: ") for line in extra)
    assert [r.split()[0] for r in summary_rows(plain)] == ["Human", "Goblin"]


def test_fight_save_then_resume(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    out = ok("fight", "ogre-duel", "--seed", "5", "--save", save)
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["outcome"] is not None
    resumed = ok("resume", save)
    assert resumed.startswith("Resuming Ogre duel (scenario ogre-duel")
    outcome = next(line for line in out.splitlines() if line.startswith("Outcome: "))
    assert outcome in resumed.splitlines()


def test_resume_plays_a_mid_fight_save_to_the_same_end(tmp_path: Path) -> None:
    from d20combat.content.scenarios import load_scenario
    from d20combat.encounter.state import Encounter
    from d20combat.tactics.policies import policy

    uninterrupted = ok("fight", "ruined-gatehouse", "--seed", "5")
    enc = Encounter.from_scenario(load_scenario("ruined-gatehouse"), 5)
    while enc.round < 3 and enc.outcome is None:  # the same fight's first two rounds
        actor = enc.current
        assert actor is not None
        enc.apply(policy(actor.tactics)(enc, actor.id))
    assert enc.outcome is None
    save = tmp_path / "mid.json"
    save.write_text(json.dumps(enc.to_json()), encoding="utf-8")
    resumed = ok("resume", save)
    lines = resumed.splitlines()
    assert lines[0] == (
        "Resuming The ruined gatehouse (scenario ruined-gatehouse, round 3, ruleset srd35)"
    )
    end = next(i for i, line in enumerate(lines) if line.startswith("Outcome: "))
    assert lines[end] in uninterrupted.splitlines()
    # the narration after the save is the tail of the uninterrupted narration
    narrated = "\n".join(lines[1:end])
    assert narrated and narrated in uninterrupted
    assert uninterrupted.index(narrated) > uninterrupted.index("Round 3 begins")
    rows = summary_rows(resumed)
    assert len(rows) == 13 and rows[-1] == "(att, hit and dmg count from the save on)"
    assert ok("resume", save) == resumed


# ---------------------------------------------------------------- validate
def problem_lines(path: Path) -> set[int]:
    return {
        n
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "PROBLEM" in line and not line.lstrip().startswith("#")
    }


def test_validate_good_file() -> None:
    assert ok("validate", FIXTURES / "good.yaml").strip() == f"{FIXTURES / 'good.yaml'}: ok"


def test_validate_lists_every_problem_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "broken.yaml"
    code, out, err = run_main(capsys, "validate", path)
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines[-1] == f"error: {path}: 14 problems (listed above)"
    problems = lines[:-1]
    found = set()
    for line in problems:
        m = re.match(re.escape(str(path)) + r":(\d+): ", line)
        assert m, line
        found.add(int(m.group(1)))
        assert "(expected " in line
    # line 13 is the map row with the unknown symbol 'Q' (a block scalar: no comment)
    assert found == problem_lines(path) | {13}
    assert len(problems) == 14


def test_validate_broken_content_and_bad_yaml(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "broken-content.yaml"
    code, _, err = run_main(capsys, "validate", path)
    assert code == 2
    problems = err.strip().splitlines()[:-1]
    assert len(problems) == 13
    assert all(re.match(re.escape(str(path)) + r":\d+: ", line) for line in problems)
    assert {int(line.split(":")[1]) for line in problems} >= problem_lines(path) - {16, 20}
    code, _, err = run_main(capsys, "validate", FIXTURES / "bad-yaml.yaml")
    assert code == 2
    assert err.splitlines()[0].startswith(f"{FIXTURES / 'bad-yaml.yaml'}:7: not valid YAML")
    assert err.splitlines()[-1].endswith("1 problem (listed above)")
    code, out, err = run_main(capsys, "validate", "/no/such/file.yaml")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "/no/such/file.yaml: no such file (expected a scenario YAML file)",
        "error: /no/such/file.yaml: 1 problem (listed above)",
    ]


# ---------------------------------------------------------------- list
@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("scenarios", {"ruined-gatehouse", "ogre-duel", "orc-warband"}),
        ("creatures", {"ogre", "fighter-4", "goblin", "hill-giant"}),
        ("weapons", {"greatsword", "greatclub", "longsword"}),
        ("armor", {"full plate", "hide", "chainmail"}),
        ("rulesets", {"srd35", "d20modern", "advanced"}),
    ],
)
def test_list_one_name_per_line(kind: str, expected: set[str]) -> None:
    lines = ok("list", kind).splitlines()
    assert all(line and line == line.strip() for line in lines)
    assert len(lines) == len(set(lines))
    assert expected <= set(lines)


def test_list_rulesets_in_order() -> None:
    assert ok("list", "rulesets").splitlines() == ["srd35", "d20modern", "advanced"]


def test_every_listed_scenario_validates() -> None:
    for name in ok("list", "scenarios").splitlines():
        from d20combat.content.scenarios import load_scenario

        assert load_scenario(name).name == name


# ---------------------------------------------------------------- import-srd
@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("srd-import")
    return out, ok("import-srd", SRD, "--out", out)


def test_import_srd_writes_files(imported: tuple[Path, str]) -> None:
    out, report = imported
    creatures = sorted((out / "creatures").glob("*.yaml"))
    assert len(creatures) > 500
    assert (out / "creatures" / "ogre.yaml").is_file()
    assert f"wrote {len(creatures)} creature files" in report
    assert any(p.is_file() and p.suffix == ".yaml" for p in out.iterdir())


def test_imported_monster_loads_with_creature(imported: tuple[Path, str]) -> None:
    out, _ = imported
    data = ok_json("creature", out / "creatures" / "ogre.yaml")
    assert (data["hp"], data["ac"]["total"], data["grapple"]) == (29, 16, 12)
    assert data["attacks"][0]["damage"] == "2d8+7"
    assert ok("creature", out / "creatures" / "troll.yaml").startswith("Troll: Large giant")


def test_import_srd_rejects_a_folder_without_monsters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(capsys, "import-srd", tmp_path, "--out", tmp_path / "o")
    assert_bad_input(code, out, err, str(tmp_path), "not an SRD folder", "expected")


@pytest.mark.parametrize("out_name", ["a-file/out", "x" * 300])
def test_import_srd_out_that_cannot_be_made(
    out_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the fuzzer (R2): an --out under a file, or too long a name, was an OSError
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    code, out, err = run_main(capsys, "import-srd", SRD, "--out", tmp_path / out_name)
    assert_bad_input(code, out, err, "--out", "cannot make the folder", "expected")


# ---------------------------------------------------------------- bad input
def corrupt_saves(tmp_path: Path) -> dict[str, Path]:
    good = tmp_path / "good.json"
    assert invoke("fight", "ogre-duel", "--save", good).exit_code == 0
    data = json.loads(good.read_text(encoding="utf-8"))
    files = {
        "not-json": "{ this is not json",
        "wrong-version": json.dumps({**data, "version": 99}),
        "missing-key": json.dumps({k: v for k, v in data.items() if k != "budget"}),
        "a-list": json.dumps([1, 2, 3]),
        "turn-out-of-range": json.dumps({**data, "turn": 9}),
        "other-combatants": json.dumps({**data, "combatants": data["combatants"][:1]}),
    }
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(text, encoding="utf-8")
    return paths


@pytest.mark.parametrize(
    ("kind", "needles"),
    [
        ("not-json", ["not valid JSON", "expected a JSON save"]),
        ("wrong-version", ["version", "expected version 1"]),
        ("missing-key", ["budget", "expected"]),
        ("a-list", ["version", "expected"]),
        ("turn-out-of-range", ["turn", "expected 0 to 1"]),
        ("other-combatants", ["combatants", "expected"]),
    ],
)
def test_resume_corrupt_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, needles: list[str]
) -> None:
    path = corrupt_saves(tmp_path)[kind]
    code, out, err = run_main(capsys, "resume", path)
    assert_bad_input(code, out, err, str(path), *needles)


BAD_INPUT = [
    (["creature", "dragonzilla"], ["creature", "unknown creature 'dragonzilla'", "expected"]),
    (["duel", "ogre", "dragonzilla"], ["unknown creature 'dragonzilla'"]),
    (["fight", "no-such-scenario"], ["scenario", "'no-such-scenario'", "expected one of"]),
    (["simulate", "no-such-scenario", "--runs", "2"], ["'no-such-scenario'"]),
    (["fight", "ogre-duel", "--ruleset", "pathfinder"], ["ruleset", "unknown ruleset"]),
    (["simulate", "ogre-duel", "--variant", "x"], ["variants", "unknown variant 'x'"]),
    (
        ["odds", "--attack", "+5", "--damage", "2x6", "--ac", "15"],
        ["--damage", "'2x6'", "expected a dice expression"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1000000d1000000", "--ac", "15"],
        ["--damage", "1000000", "expected at most 1000 dice"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d6", "--ac", "15", "--crit", "21-20/x9"],
        ["--crit", "'21-20/x9'", "expected a threat range"],
    ),
    (["creature", "ogre", "--ruleset", "pathfinder"], ["ruleset", "'pathfinder'", "srd35"]),
    (
        ["odds", "--attacker", "ogre", "--defender", "goblin", "--ruleset", "pathfinder"],
        ["ruleset", "'pathfinder'", "expected one of srd35, d20modern, advanced"],
    ),
    (["duel", "ogre", "goblin", "--ruleset", "pathfinder"], ["'pathfinder'"]),
    (
        ["duel", "ogre", "goblin", "--variant", "exploding-dice"],
        ["variant", "'exploding-dice'", "instant-kill"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d6", "--ac", "15", "--variant", "nope"],
        ["variant", "'nope'"],
    ),
    (["fight", "/no/such/file.yaml"], ["/no/such/file.yaml", "no such file", "expected"]),
    (["creature", "/no/such/ogre.yaml"], ["/no/such/ogre.yaml", "no such file"]),
    (["resume", "/no/such/save.json"], ["/no/such/save.json", "no such file"]),
    (["odds", "--attack", "+5", "--damage", "1d6"], ["--ac", "required"]),
    (["odds", "--attacker", "ogre"], ["--defender", "expected"]),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--dr", "garbage"],
        ["--dr", "'garbage'", "expected damage reduction like 5/magic"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--dr", "-5/magic"],
        ["--dr", "'-5/magic'"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--dr", "5/plasma"],
        ["--dr", "'plasma'", "cold iron"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--extra", "zz"],
        ["--extra", "'zz'", "expected a dice expression"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--extra", "1d6 plasma"],
        ["--extra", "'plasma'", "fire"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--material", "unobtainium"],
        ["--material", "'unobtainium'", "cold iron"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--aligned", "chaotic-ish"],
        ["--aligned", "'chaotic-ish'", "good"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--immune", "plasma"],
        ["--immune", "'plasma'"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--resist", "fire=lots"],
        ["--resist", "'lots'", "integer"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "100d100", "--ac", "15"],
        ["--damage", "too many to compute exactly", "expected at most"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1000d2", "--ac", "15"],
        ["--damage", "2000 dice", "expected at most 1000 dice"],
    ),
    (
        ["odds", "--attack", "+5/+5/+5/+5/+5/+5", "--damage", "5d50", "--ac", "15"],
        ["--attack", "too many to combine exactly"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--damage-type", ","],
        ["--damage-type", "no damage type", "expected one or more damage types"],
    ),
    (  # found by the fuzzer (tests/fuzz): each extra roll multiplied minutes of work
        ["odds", "--attack", "+3/+1", "--damage", "d%+2", "--ac", "19"]
        + ["--extra", "1d6 fire"] * 4,
        ["--extra", "extra damage rolls make about", "too many to enumerate", "expected at most"],
    ),
    (
        ["odds", "--attack", "+5", "--damage", "1d8", "--ac", "15", "--resist", "fire=１０"],
        ["--resist", "'１０'", "expected an integer"],
    ),
    (["fight", "ogre-duel", "--log", "/no/such/dir/log.jsonl"], ["--log", "/no/such/dir"]),
    (["fight", "ogre-duel", "--save", "/no/such/dir/s.json"], ["--save", "expected"]),
    (["duel", "ogre", "goblin", "--log", "/no/such/dir/log.jsonl"], ["--log"]),
    # click's own usage errors keep the same one-line form
    (["list", "monsters"], ["d20combat list", "'monsters'", "'scenarios'"]),
    (["simulate", "ogre-duel", "--runs", "0"], ["--runs", "d20combat simulate --help"]),
    (["fight", "--seed", "abc"], ["--seed", "'abc'"]),
    (["fight", "--speed", "30"], ["No such option", "--speed"]),
    (["frobnicate"], ["No such command 'frobnicate'"]),
]


@pytest.mark.parametrize(("args", "needles"), BAD_INPUT, ids=lambda v: " ".join(v)[:60])
def test_bad_input_exits_2_with_one_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: list[str]
) -> None:
    code, out, err = run_main(capsys, *args)
    assert_bad_input(code, out, err, *needles)


def test_bad_input_through_the_click_runner_too() -> None:
    result = invoke("creature", "dragonzilla")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: creature: unknown creature 'dragonzilla'")
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    ("variant", "needles"),
    [
        ("syntax", ["bad-yaml.yaml:7", "not valid YAML", "expected"]),
        ("symbol", ["room.yaml:8", "map.rows", "unknown map symbol 'Q'", "expected one of"]),
        ("overlap", ["room.yaml:19", "sides.1.combatants.0.at", "overlaps", "free square"]),
        ("wall", ["room.yaml:19", "a1 is a wall", "expected a square"]),
    ],
)
def test_broken_scenarios_for_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, needles: list[str]
) -> None:
    if variant == "syntax":
        path = FIXTURES / "bad-yaml.yaml"
    elif variant == "symbol":
        path = scenario_file(tmp_path, "room.yaml", symbol="Q")
    elif variant == "overlap":
        path = scenario_file(tmp_path, "room.yaml", goblin_at="b2")
    else:
        path = scenario_file(tmp_path, "room.yaml", goblin_at="a1")
    for command in (["fight"], ["simulate", "--runs", "2"]):
        args = [command[0], str(path), *command[1:]]
        code, out, err = run_main(capsys, *args)
        assert_bad_input(code, out, err, *needles)


def test_a_scenario_with_many_problems_lists_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "broken.yaml"
    code, out, err = run_main(capsys, "fight", path)
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines[0] == "error: 14 problems:"
    assert all(line.startswith(f"  {path}:") for line in lines[1:])


def test_an_output_file_name_too_long(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (tests/fuzz): a --log name longer than the file system takes
    was an OSError before the fight began."""
    log = tmp_path / ("x" * 300 + ".jsonl")
    for args in (["duel", "ogre", "goblin"], ["fight", "ogre-duel"]):
        code, out, err = run_main(capsys, *args, "--log", log)
        assert_bad_input(code, out, err, "--log", "cannot write: File name too long")


def test_a_problem_stays_on_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer (tests/fuzz): a file name or an unknown field holding a line
    break split its problem over two lines."""
    code, out, err = run_main(capsys, "resume", "no\nsave.json")
    assert_bad_input(code, out, err, "no\\nsave.json: no such file")
    path = tmp_path / "scenario.yaml"
    for name in ("creature-brute.yaml", "good.yaml"):
        (tmp_path / name).write_bytes((FIXTURES / name).read_bytes())
    text = (FIXTURES / "good.yaml").read_text(encoding="utf-8")
    path.write_text(text + '"\\n\\x00": 1\n', encoding="utf-8")
    code, out, err = run_main(capsys, "validate", path)
    lines = err.splitlines()
    assert code == 2 and len(lines) == 2, err
    assert "\\n\\x00: unknown field" in lines[0] and lines[1].startswith("error: ")


def test_illegal_action_through_the_api_raises_with_the_reason() -> None:
    from d20combat.content.scenarios import load_scenario
    from d20combat.encounter.actions import parse_action
    from d20combat.encounter.state import Encounter

    enc = Encounter.from_scenario(load_scenario("ogre-duel"), seed=7)
    assert enc.current is not None and enc.current.id == "ogre"
    before = enc.to_json()
    with pytest.raises(IllegalActionError, match="out of reach"):
        enc.apply(parse_action("attack human-fighter-4"))
    with pytest.raises(IllegalActionError, match="no combatant 'nobody'"):
        enc.apply(parse_action("charge nobody to d4"))
    assert enc.to_json() == before  # nothing changed


def test_help_and_version() -> None:
    assert "simulate" in ok("--help")
    assert "0.1.0" in ok("--version")
    for command in ("fight", "simulate", "odds", "creature", "duel", "validate", "resume"):
        assert "Usage: " in ok(command, "--help")


# ---------------------------------------------------------------- the entry point
def python_m(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "d20combat", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_python_m_entry_point() -> None:
    done = python_m("creature", "ogre", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ac"]["total"] == 16
    assert done.stdout == invoke("creature", "ogre", "--json").stdout


def test_a_file_name_not_in_utf8_is_echoed_as_given(tmp_path: Path) -> None:
    """Found by the fuzzer (tests/fuzz): under a strict UTF-8 standard output (a UTF-8
    locale), a file name holding a byte that is not UTF-8 failed when echoed."""
    path = tmp_path / os.fsdecode(b"gob\xff.yaml")
    path.write_bytes((REPO / "src/d20combat/content/data/creatures/goblin.yaml").read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "d20combat", "validate", path],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == os.fsencode(path) + b": ok\n"


def test_python_m_bad_input_exit_code() -> None:
    done = python_m("odds", "--attack", "+5", "--damage", "2x6", "--ac", "15")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: --damage: cannot read '2x6'")
    assert len(done.stderr.strip().splitlines()) == 1


def test_odds_with_power_attack(capsys: pytest.CaptureFixture[str]) -> None:
    """SRD feats "Power Attack" in the exact odds: the fighter-4's greatsword (+8, 2d6+6,
    19-20/x2) against the ogre (AC 16): power 2 is +6 (hits on 10+) for 2d6+10 (two
    handed: +2 x 2), 17 on average."""
    base = check_odds(ok_json("odds", "--attacker", "fighter-4", "--defender", "ogre"))
    data = ok_json("odds", "--attacker", "fighter-4", "--defender", "ogre", "--power", "2")
    p = check_odds(data)
    assert base["p_hit"] == Fraction(13, 20) and p["p_hit"] == Fraction(11, 20)
    # threats on 19-20 that hit, confirmed on 10+ (11 of 20)
    assert p["p_crit"] == Fraction(2, 20) * Fraction(11, 20)
    assert p["mean_damage"] == (Fraction(11, 20) - p["p_crit"]) * 17 + p["p_crit"] * 34
    assert ok("odds", "--attacker", "fighter-4", "--defender", "ogre", "--power", "2").startswith(
        "greatsword +6 (power attack 2):"
    )
    bad = run_main(capsys, "odds", "--attacker", "ogre", "--defender", "fighter-4", "--power", "1")
    assert_bad_input(*bad, "--power", "no Power Attack feat")


# ---------------------------------------------------------------- rules (issue 9)
def test_rules_prints_every_difference_with_each_reading_and_source() -> None:
    out = ok("rules")
    # seed 001 "Concealment": a d10; seed 003 / 004: percentile.
    assert "concealment_die: The die a concealment miss chance is rolled on." in out
    assert '  advanced   10   [seed 001 "Concealment": a d10, a low roll missing.]' in out
    assert "dead_at" not in out  # -10 everywhere: not a difference


def test_rules_for_one_ruleset_prints_only_its_readings() -> None:
    out = ok("rules", "--ruleset", "d20modern")
    assert out.startswith("The readings of d20modern (d20 Modern)")
    assert "  d20modern  Defense  [seed 004" in out
    assert "srd35  " not in out and "advanced  " not in out


def test_rules_json() -> None:
    data = ok_json("rules", "--ruleset", "advanced")
    by_field = {p["field"]: p for p in data}
    assert by_field["vulnerability_multiplier"]["readings"] == {
        "advanced": {"value": [2, 1], "source": 'seed 001 "vulnerable": twice the usual damage.'}
    }
    every = ok_json("rules")
    assert set(every[0]["readings"]) == {"srd35", "d20modern", "advanced"}


def test_rules_unknown_ruleset_names_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "rules", "--ruleset", "advance")
    assert_bad_input(code, out, err, "unknown ruleset 'advance'", "did you mean advanced?")
    code, out, err = run_main(capsys, "rules", "--markdown", "--json")
    assert_bad_input(code, out, err, "--markdown")
