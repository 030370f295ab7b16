"""Fuzz random command lines: every subcommand with random and near-valid flags,
values and arguments, files of every kind, in any order."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

from fuzzkit import PROFILE, Run, fuzz_settings, json_strict, run_cli, verify
from hypothesis import given
from hypothesis import strategies as st
from mutate import NUMBERS, WORDS, odd_string

from d20combat.content.library import data_dir

DATA = data_dir()
SRD = Path(__file__).resolve().parents[2] / "srd35"
HERE = "\x00HERE\x00"  # stands for the sandbox folder until a case runs

# ---------------------------------------------------------------- values
argv_text = odd_string().map(lambda s: s.replace("\x00", ""))  # argv holds no NUL
near_int = st.one_of(
    st.integers(-3, 12).map(str),
    st.sampled_from(NUMBERS),
    st.sampled_from(("", "-", "+1", " 1", "1.5", "0b1", "99999999999999999999", "-2147483649")),
)
scenario_arg = st.one_of(
    st.sampled_from(("ogre-duel", "goblin-ambush", "ogre-in-fog", "orc-warband")),
    st.sampled_from(("restless-crypt", "ruined-gatehouse", "OGRE_DUEL", "ogre duel", "ogre")),
    st.sampled_from(
        (
            str(DATA / "scenarios" / "ogre-duel.yaml"),
            str(DATA / "creatures" / "ogre.yaml"),
            str(DATA / "scenarios"),
            "/dev/null",
            "/no/such/file.yaml",
            f"{HERE}/good-save.json",
            f"{HERE}/empty.yaml",
            f"{HERE}/folder",
            f"{HERE}/folder.yaml",
        )
    ),
    argv_text,
)
creature_arg = st.one_of(
    st.sampled_from(WORDS[:80]),
    st.sampled_from(
        (
            str(DATA / "creatures" / "troll.yaml"),
            str(DATA / "builds" / "rogue-3.yaml"),
            str(DATA / "scenarios" / "ogre-duel.yaml"),
            "/dev/null",
            f"{HERE}/empty.yaml",
            f"{HERE}/folder.yaml",
        )
    ),
    argv_text,
)
# Output files: always in the case's folder (relative names are too: it is the
# working folder), since import-srd --out makes the folders it is given.
out_path = st.sampled_from(
    (
        f"{HERE}/out.jsonl",
        f"{HERE}/out.json",
        f"{HERE}/folder",
        f"{HERE}/missing/out.jsonl",
        f"{HERE}/missing/deeper/out",
        f"{HERE}/empty.yaml/out",
        f"{HERE}/\udcff.json",
        f"{HERE}/{'x' * 300}.json",
        "",
        ".",
        "out",
    )
)
OUTPUT_FLAGS = ("--log", "--save", "--out")
ruleset_arg = st.sampled_from(("srd35", "d20modern", "advanced", "Advanced", "pathfinder", ""))
variant_arg = st.sampled_from(("instant-kill", "softer-criticals", "fumbles", "Fumbles", "x"))

WORKERS = ("2", "3") if PROFILE == "fuzz" else ()

# subcommand -> positional strategies, (flag, value strategy or None for a switch)
Flag = tuple[str, st.SearchStrategy[str] | None]
COMMON: list[Flag] = [("--help", None), ("-h", None)]
COMMANDS: dict[str, tuple[list[st.SearchStrategy[str]], list[Flag]]] = {
    "fight": (
        [scenario_arg],
        [
            ("--seed", near_int),
            ("--log", out_path),
            ("--save", out_path),
            ("--explain", None),
            ("--ruleset", ruleset_arg),
            ("--variant", variant_arg),
        ],
    ),
    "simulate": (
        [scenario_arg],
        [
            ("--runs", st.sampled_from(("1", "2", "3", "0", "-1", "", "x", "1e3", "２"))),
            ("--seed", near_int),
            # worker processes cost a pool each: only under make fuzz
            ("--workers", st.sampled_from(("1", "0", "-1", "257", "x", "", *WORKERS))),
            ("--json", None),
            ("--ruleset", ruleset_arg),
            ("--variant", variant_arg),
        ],
    ),
    "odds": (
        [],
        [
            ("--attacker", creature_arg),
            ("--defender", creature_arg),
            ("--routine", argv_text),
            ("--full", None),
            ("--flat-footed", None),
            ("--power", near_int),
            ("--attack", st.sampled_from(("+5", "+9/+4", "x", "", "+5/", "/"))),
            ("--damage", st.sampled_from(("2d6+4", "1d8", "d", "", "0d6", "1d0"))),
            ("--ac", near_int),
            ("--crit", st.sampled_from(("19-20/x2", "x3", "20", "", "x", "1-20/x9"))),
            ("--json", None),
            ("--ruleset", ruleset_arg),
        ],
    ),
    "creature": ([creature_arg], [("--json", None), ("--ruleset", ruleset_arg)]),
    "duel": (
        [creature_arg, creature_arg],
        [
            ("--seed", near_int),
            ("--ruleset", ruleset_arg),
            ("--variant", variant_arg),
            ("--explain", None),
            ("--log", out_path),
        ],
    ),
    "validate": ([scenario_arg], []),
    "resume": ([scenario_arg], [("--explain", None)]),
    "list": (
        [st.sampled_from(("scenarios", "creatures", "weapons", "armor", "rulesets", "x", ""))],
        [],
    ),
    "import-srd": (
        [
            st.sampled_from(
                (
                    f"{HERE}/srd-empty",
                    f"{HERE}/srd-tiny",
                    f"{HERE}/empty.yaml",
                    "/no/such/srd",
                    *([str(SRD)] if PROFILE == "fuzz" else []),
                )
            )
        ],
        [("--out", out_path)],
    ),
}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A subcommand (sometimes a misspelt one) with a random choice of its flags and
    arguments, near-valid values, stray flags and missing values."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    positional, flags = COMMANDS[name]
    argv = [name]
    if draw(st.integers(0, 30)) == 0:
        argv = [draw(st.sampled_from(("fihgt", "--version", "", "-", "--", "FIGHT")))]
    args = [draw(p) for p in positional]
    if draw(st.integers(0, 5)) == 0:
        args = args[: draw(st.integers(0, len(args)))] + draw(st.lists(argv_text, max_size=2))
    options: list[list[str]] = []
    for flag, values in draw(st.lists(st.sampled_from(flags + COMMON), max_size=4)):
        if flag in ("--help", "-h") and draw(st.integers(0, 3)):
            continue  # help ends every command line early: keep it rare
        options.append([flag] if values is None else [flag, draw(values)])
    if draw(st.integers(0, 8)) == 0:
        options.append([draw(st.sampled_from(("--bogus", "-x", "--seed=", "--json=1", "--")))])
    parts = [args, *options]
    order = draw(st.permutations(range(len(parts))))
    argv += [x for i in order for x in parts[i]]
    if draw(st.integers(0, 8)) == 0 and options and options[-1][1:]:
        argv.pop()  # a flag left without its value
    if name == "simulate" and "--runs" not in argv:
        argv += ["--runs", "2"]  # not the default thousand fights
    if name == "import-srd" and "--out" not in argv and draw(st.booleans()):
        argv += ["--out", f"{HERE}/imported"]
    return argv


# ---------------------------------------------------------------- the sandbox
_DIRTY: list[str] = []  # the output flags of the last case run in the folder


@cache
def good_save() -> str:
    from d20combat.content.scenarios import load_scenario
    from d20combat.encounter.state import Encounter

    return json.dumps(Encounter.from_scenario(load_scenario("ogre-duel"), seed=1).to_json())


def furnish(here: Path, argv: list[str]) -> None:
    """A fresh folder with the files the command lines name: an empty file, folders,
    a good save, a tiny SRD folder (one broken monster page). Made again only after a
    command that may have written there, so every case starts from the same folder."""
    if here.is_dir() and not _DIRTY:
        _DIRTY.extend(a for a in argv if a in (*OUTPUT_FLAGS, "import-srd"))
        return
    _DIRTY[:] = [a for a in argv if a in (*OUTPUT_FLAGS, "import-srd")]
    shutil.rmtree(here, ignore_errors=True)
    here.mkdir()
    (here / "empty.yaml").write_text("", encoding="utf-8")
    (here / "folder").mkdir()
    (here / "folder.yaml").mkdir()
    (here / "srd-empty" / "monsters").mkdir(parents=True)
    tiny = here / "srd-tiny" / "monsters"
    tiny.mkdir(parents=True)
    (tiny / "monsters-a.html").write_text(
        "<html><h1>Ogre</h1><table><tr><td>Hit Dice:</td><td>4d8+11 (29 hp)</td></tr>"
        "<tr><td>Armor Class:</td><td>?</td></tr></table>",
        encoding="utf-8",
    )
    (here / "good-save.json").write_text(good_save(), encoding="utf-8")


def sane(run: Run) -> None:
    """Exit-0 output: JSON where asked for, an outcome for fights, names for lists."""
    argv, out = run.argv, run.stdout
    if "--help" in argv or "-h" in argv or "--version" in argv:
        return
    if "--json" in argv:
        json_strict(out)
    elif run.command in ("fight", "duel", "resume"):
        assert "\nOutcome: " in out, out[-300:]
    elif run.command == "list":
        assert all(line.strip() for line in out.splitlines())


@fuzz_settings("cli")
@given(argv=command_lines())
def test_random_command_lines(argv: list[str], sandbox: Path) -> None:
    here = sandbox / "case"
    furnish(here, argv)
    argv = [a.replace(HERE, str(here)) for a in argv]
    for flag, value in zip(argv, argv[1:], strict=False):
        assert flag not in OUTPUT_FLAGS or not value.startswith("/") or value.startswith(str(here))
    verify("cli", run_cli(argv, cwd=here), sane)
