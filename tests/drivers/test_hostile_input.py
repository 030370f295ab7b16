"""Hostile input, class by class (issue 7): each reproducer from the hostile-input run
ends in exit code 2 with one ``error:`` line naming the file, line or field and what was
expected, never a traceback; a closed output pipe ends quietly with exit code 0.

Memory is checked with tracemalloc's peak (deterministic, not a timing): each refusal
happens before the input is built, so it costs a few megabytes at most.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from d20combat.cli import main
from d20combat.content.loading import parse_json, parse_yaml, read_text
from d20combat.encounter.log import log_problems
from d20combat.errors import InputError
from d20combat.limits import (
    MAX_ALIASES,
    MAX_COMBATANTS,
    MAX_CREATURE_ROUNDS,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_MAP_SIDE,
    MAX_NODES,
)

REPO = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in args])
    out, err = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    """Exit 2, nothing on stdout, one ``error:`` line (``validate``: its problem lines
    then that line); the problem text is returned."""
    code, out, err = run(capsys, *args)
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and out == ""
    lines = err.strip().splitlines()
    assert lines[-1].startswith("error: "), err
    if args[0] != "validate":
        assert len(lines) == 1, err
    return err


def peak_mb(work: Callable[[], Any]) -> float:
    tracemalloc.start()
    try:
        work()
    except InputError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak / 1e6


def scenario_text(rows: list[str], *, fighters: str = "a1", ogre: str = "e1", **head: Any) -> str:
    lines = [f"{k}: {v}" for k, v in head.items()]
    body = "\n".join("    " + r for r in rows)
    return "\n".join(
        [
            *lines,
            "map:",
            "  rows: |",
            body,
            "sides:",
            "  - name: heroes",
            f"    combatants: [{{creature: fighter-4, at: {fighters}}}]",
            "  - name: ogres",
            f"    combatants: [{{creature: ogre, at: {ogre}}}]",
            "",
        ]
    )


# ---------------------------------------------------------------- 1. alias bombs
def billion_laughs(levels: int = 9) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_before_it_is_expanded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(billion_laughs())
    for command in ("validate", "fight", "creature"):
        err = refused(capsys, command, bomb)
        assert f"bomb.yaml:6: more than {MAX_NODES:,} values (aliases counted in full)" in err
    # 9^9 values would take gigabytes; the refusal takes almost nothing
    assert peak_mb(lambda: parse_yaml(billion_laughs(), "bomb.yaml")) < 5


def test_aliases_are_shared_not_copied_and_keep_their_lines() -> None:
    doc = parse_yaml("base: &b {str: 18, dex: 12}\nother: *b\nlist: [*b, *b]\n", "f.yaml")
    assert doc.data["other"] is doc.data["base"] is doc.data["list"][1]
    assert doc.line_of(("other",)) == 2 and doc.line_of(("list", 1)) == 1  # the anchor's


def test_too_many_aliases_are_refused() -> None:
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    with pytest.raises(InputError, match=f"more than {MAX_ALIASES:,} aliases"):
        parse_yaml(text, "many.yaml")


def test_merge_keys_still_work() -> None:
    doc = parse_yaml("base: &b {x: 1, y: 2}\nthing:\n  <<: *b\n  y: 3\n", "m.yaml")
    assert doc.data["thing"] == {"x": 1, "y": 3}


# ---------------------------------------------------------------- 2. deep nesting
def test_deep_yaml_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("name: x\nmap: " + "[" * 5000 + "]" * 5000 + "\n")
    err = refused(capsys, "validate", deep)
    assert f"deep.yaml:2: more than {MAX_DEPTH} levels of nested mappings and lists" in err
    # exactly the limit is fine
    parse_yaml("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1), "ok.yaml")


def test_deep_json_save_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "deep.json"
    save.write_text("[" * 100_000 + "]" * 100_000)
    err = refused(capsys, "resume", save)
    assert "deep.json" in err and "levels of nested arrays and objects" in err
    with pytest.raises(InputError, match="levels of nested"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x.json")


def test_json_nan_infinity_and_duplicate_keys_are_refused() -> None:
    for text, needle in (
        ('{"hp": NaN}', "NaN"),
        ('{"hp": Infinity}', "Infinity"),
        ('{"hp": 1, "hp": 2}', "duplicate key 'hp'"),
        ('{"hp": ' + "9" * 5000 + "}", "not valid JSON"),
    ):
        with pytest.raises(InputError, match=needle):
            parse_json(text, "s.json")


# ---------------------------------------------------------------- 3. control characters
def test_control_characters_name_their_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "ctrl.yaml"
    bad.write_text("title: fine\nname: x\x01\n")
    err = refused(capsys, "validate", bad)
    assert "ctrl.yaml:2: character U+0001 is not allowed" in err
    assert "expected printable text" in err


def test_files_that_are_not_utf8_or_are_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"title: ok\nname: caf\xe9\n")
    assert "latin.yaml:2: not UTF-8 text (byte 20)" in refused(capsys, "validate", latin)
    with pytest.raises(InputError, match="is a folder"):
        read_text(tmp_path)
    bom = tmp_path / "bom.yaml"
    bom.write_bytes(b"\xef\xbb\xbfa: 1\n")
    assert parse_yaml(read_text(bom), "bom.yaml").data == {"a": 1}


# ---------------------------------------------------------------- 4. long and odd names
@pytest.mark.parametrize(
    "args",
    [
        ("creature", "x" * 300),
        ("odds", "--attacker", "x" * 300, "--defender", "ogre"),
        ("odds", "--attacker", "ogre", "--defender", "o/g" * 100),
        ("duel", "ogre", "x" * 300),
        ("creature", "x" * 5000 + ".yaml"),
    ],
    ids=["creature", "odds-attacker", "odds-defender", "duel", "long-file-name"],
)
def test_an_overlong_creature_name_is_an_unknown_creature(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, *args)
    assert "unknown creature" in err or "no such file" in err
    assert len(err) < 300  # the name is cut short in the message


def test_an_odd_name_gets_the_closest_names(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "creature", "Ogr\u00eb\u200b")  # an odd letter, a zero-width space
    assert "unknown creature" in err and "ogre" in err.split("closest names:")[1]
    err = refused(capsys, "fight", "ogre-duels" + "\u0301")
    assert "unknown scenario" in err and "ogre-duel" in err


# ---------------------------------------------------------------- 5. size limits
def test_a_huge_map_is_refused_before_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(scenario_text(["." * 1000] * 1000))
    assert big.stat().st_size < MAX_FILE_BYTES
    err = refused(capsys, "fight", big)
    assert (
        f"big.yaml:3: map.rows: a map of 1000x1000 squares: more than the limit of "
        f"{MAX_MAP_SIDE} a side" in err
    )
    wide = tmp_path / "wide.yaml"
    wide.write_text(scenario_text(["." * (MAX_MAP_SIDE + 1)] * 3))
    assert "201x3 squares" in refused(capsys, "fight", wide)


def test_a_map_at_the_limit_fights(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edge = tmp_path / "edge.yaml"
    n = MAX_MAP_SIDE
    edge.write_text(scenario_text(["." * n] * n, fighters="a1", ogre="e1"))
    code, out, err = run(capsys, "fight", edge, "--seed", "3")
    assert code == 0, err
    assert "Outcome:" in out


def test_a_file_over_the_byte_limit_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "huge.yaml"
    big.write_text("# " + "x" * MAX_FILE_BYTES + "\n")
    err = refused(capsys, "validate", big)
    assert "huge.yaml: the file is larger than the 1 MiB limit" in err


def test_combatant_and_creature_round_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crowd = tmp_path / "crowd.yaml"
    crowd.write_text(
        "map:\n  rows: |\n"
        + "\n".join("    " + "." * 40 for _ in range(40))
        + "\nsides:\n  - name: a\n    combatants: [{creature: goblin, area: a1-t20}]\n"
        + "  - name: b\n    combatants: [{creature: goblin, area: a21-an40, count: 300}]\n"
    )
    err = refused(capsys, "validate", crowd)
    assert f"more than the limit of {MAX_COMBATANTS}" in err and "crowd.yaml" in err
    duel = tmp_path / "duel.yaml"
    duel.write_text(scenario_text(["." * 8] * 8, round_limit=1000))
    code, out, _ = run(capsys, "validate", duel)  # a duel may take all 1,000 rounds
    assert code == 0 and out.startswith(str(duel))
    mob = tmp_path / "mob.yaml"
    mob.write_text(
        scenario_text(["." * 8] * 8, round_limit=1000).replace(
            "[{creature: ogre, at: e1}]", "[{creature: goblin, area: a2-h8}]"
        )
    )
    err = refused(capsys, "validate", mob)  # 56 goblins and the fighter
    assert (
        "mob.yaml:1: round_limit: 57 combatants for up to 1000 rounds is 57,000 "
        f"creature-rounds: more than the limit of {MAX_CREATURE_ROUNDS:,} "
        "(expected a round limit of at most 701 for 57 combatants" in err
    )


# ---------------------------------------------------------------- 7. non-finite numbers
@pytest.mark.parametrize(
    ("value", "needle"),
    [(".inf", "is not a finite number"), (".nan", "is not a finite number"),
     ("-.inf", "is not a finite number"), ("9" * 5000, "cannot read"),
     ("1.0e+400", "is not a finite number"), ("10000000000", "out of range")],
)  # fmt: skip
def test_non_finite_and_huge_numbers_in_a_build(
    value: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build = tmp_path / "build.yaml"
    build.write_text(
        "name: Bob\nrace: human\nclasses: [{name: fighter, level: 1}]\n"
        f"abilities: {{str: {value}, dex: 10, con: 10, int: 10, wis: 10, cha: 10}}\n"
    )
    err = refused(capsys, "creature", build)
    assert "build.yaml:4: abilities.str:" in err and needle in err


# ---------------------------------------------------------------- 8. a closed pipe
@pytest.mark.parametrize(
    "args", [("list", "creatures"), ("fight", "ogre-duel"), ("creature", "ogre", "--json")]
)
def test_a_closed_output_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    try:
        done = subprocess.run(
            [sys.executable, "-m", "d20combat", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


# ---------------------------------------------------------------- 9. dice nonsense
@pytest.mark.parametrize(
    ("damage", "needle"),
    [
        ("-2d6", "starts with a negative number of dice"),
        ("\uff12d6", "U+FF12"),
        ("2d\u0666", "U+0666"),
        ("2d6+\uff14", "U+FF14"),
    ],
)
def test_dice_nonsense_is_refused(
    damage: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, "odds", "--attack", "+5", "--damage", damage, "--ac", "15")
    assert err.startswith("error: --damage:") and needle in err
    assert "expected a dice expression such as 2d6+4" in err


# ---------------------------------------------------------------- logs
def test_an_event_log_is_validated_line_by_line(tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    code = subprocess.run(
        [sys.executable, "-m", "d20combat", "fight", "ogre-duel", "--log", log],
        capture_output=True,
        timeout=120,
        check=False,
    ).returncode
    assert code == 0
    events, problems = log_problems(log)
    assert problems == [] and events[0].type == "initiative"
    lines = log.read_text().splitlines()
    attack = next(i for i, t in enumerate(lines) if '"type": "attack"' in t)
    bad = json.loads(lines[attack])
    bad["rolls"][0]["faces"] = [25]  # no d20 shows 25
    lines[attack] = json.dumps(bad)
    lines[1] = '{"round": NaN}'
    lines[2] = "[1, 2"
    log.write_text("\n".join(lines))
    _, problems = log_problems(log)
    found = [(p.line, p.field, p.message) for p in problems]
    assert found[0][0] == 2 and "NaN" in found[0][2]
    assert found[1][0] == 3 and "not valid JSON" in found[1][2]
    assert (attack + 1, "rolls.0.faces.0", "face 25 on 1d20") in found


# ---------------------------------------------------------------- one line per problem
def test_a_line_break_in_the_input_never_breaks_the_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, "creature", "ogre\nerror: forged")
    assert err.count("\n") == 1 and "ogre\\nerror: forged" in err
    odd = tmp_path / "odd.yaml"
    odd.write_text(scenario_text(["." * 8] * 4).replace("fighter-4", '"no\\nsuch\\u0007"'))
    err = refused(capsys, "fight", odd)
    assert err.count("\n") == 1 and "unknown creature 'no\\nsuch\\x07'" in err
    long = refused(capsys, "creature", "y" * 100_000)
    assert len(long) < 700


# ---------------------------------------------------------------- validate takes them all
def test_validate_checks_saves_and_logs_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save, log = tmp_path / "fight.json", tmp_path / "fight.jsonl"
    code, _, err = run(capsys, "fight", "ogre-duel", "--save", save, "--log", log)
    assert code == 0, err
    for good in (save, log):
        assert run(capsys, "validate", good)[:2] == (0, f"{good}: ok\n")
    data = json.loads(save.read_text())
    data["round"] = -1
    save.write_text(json.dumps(data))
    err = refused(capsys, "validate", save)
    assert f"{save}: round: " in err and "expected" in err
    log.write_text(log.read_text().replace('"round": 1,', '"round": "one",', 1) + "{oops\n")
    lines = refused(capsys, "validate", log).splitlines()
    assert len(lines) == 3 and lines[-1] == f"error: {log}: 2 problems (listed above)"
    assert ": round: " in lines[0] and "not valid JSON" in lines[1]
