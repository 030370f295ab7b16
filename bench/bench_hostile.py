"""Hostile inputs against the clock and the memory bound (a script, not a test).

    .venv/bin/python bench/bench_hostile.py

Runs the reproducer of each class of the hostile-input run (issue 7), and inputs built
to sit right at the documented limits (docs/limits.md), each as its own process of
``python -m d20combat``, and prints a Markdown table of the exit code, the wall time and
the peak resident memory. The promise it checks: no input of 1 MB or less takes more
than 500 MB or 10 seconds before the program answers (it refuses the input, or starts
the work asked for). Exit code 1 if any case breaks it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

MAX_SECONDS = 10.0
MAX_MB = 500.0


def scenario(rows: list[str], sides: list[list[str]], round_limit: int = 30) -> str:
    body = "\n".join("    " + r for r in rows)
    out = [f"round_limit: {round_limit}", "map:", "  rows: |", body, "sides:"]
    for i, entries in enumerate(sides):
        out += [f"  - name: side{i}", "    combatants:"]
        out += [f"      - {e}" for e in entries]
    return "\n".join(out) + "\n"


def billion_laughs() -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def crowd() -> str:
    """400 creatures of every size on a 200 x 200 map, fog, water and rubble."""
    rows = []
    for y in range(200):
        rows.append(
            "".join(
                "~" if x % 17 == 5 and y % 9 < 6 else "," if (x + y) % 13 == 0 else "."
                for x in range(200)
            )
        )
    west = ["{creature: goblin, area: a1-j10}", "{creature: ogre, area: a21-t40}"]
    east = ["{creature: hobgoblin, area: gh1-gq10}", "{creature: gnoll, area: gh21-gq30}"]
    return scenario(rows, [west, east], round_limit=100)


def values_at_the_limit() -> str:
    """Almost 200,000 values in one YAML file of under 1 MB."""
    return "junk: [" + ", ".join(["1"] * 199_000) + "]\n"


def save_of(tmp: Path) -> Path:
    out = tmp / "mid.json"
    subprocess.run(
        [sys.executable, "-m", "d20combat", "fight", "ogre-duel", "--save", out],
        capture_output=True,
        check=True,
    )
    return out


def corrupt(save: Path, tmp: Path, name: str, change: Callable[[dict], None]) -> Path:
    data = json.loads(save.read_text())
    change(data)
    out = tmp / f"{name}.json"
    out.write_text(json.dumps(data))
    return out


def cases(tmp: Path) -> list[tuple[str, list[str | Path]]]:
    """(label, arguments); the files they name are written into ``tmp``."""

    def write(name: str, text: str) -> Path:
        p = tmp / name
        p.write_text(text)
        return p

    save = save_of(tmp)
    long = "x" * 300
    return [
        ("1 alias bomb: validate", ["validate", write("bomb.yaml", billion_laughs())]),
        ("1 alias bomb: fight", ["fight", tmp / "bomb.yaml"]),
        ("1 alias bomb: creature", ["creature", tmp / "bomb.yaml"]),
        (
            "2 deep YAML",
            ["validate", write("deep.yaml", "map: " + "[" * 5000 + "]" * 5000)],
        ),
        ("2 deep JSON save", ["resume", write("deep.json", "[" * 100_000 + "]" * 100_000)]),
        ("3 control character", ["validate", write("ctrl.yaml", "name: x\x01\n")]),
        ("4 long name: creature", ["creature", long]),
        ("4 long name: odds", ["odds", "--attacker", long, "--defender", "ogre"]),
        ("4 long name: duel", ["duel", "ogre", long]),
        (
            "5 1000x1000 map",
            [
                "fight",
                write(
                    "big.yaml",
                    scenario(
                        ["." * 1000] * 1000,
                        [["{creature: ogre, at: a1}"], ["{creature: orc, at: e1}"]],
                    ),
                ),
            ],
        ),
        ("5 400 creatures, 200x200 map: validate", ["validate", write("crowd.yaml", crowd())]),
        ("5 400 creatures, 200x200 map: fight", ["fight", tmp / "crowd.yaml"]),
        (
            "6 save: combatant off the map",
            [
                "resume",
                corrupt(save, tmp, "off", lambda d: d["combatants"][0].update(pos=[900, 900])),
            ],
        ),
        (
            "6 save: hp 10^9",
            [
                "resume",
                corrupt(save, tmp, "hp", lambda d: d["combatants"][0]["vitals"].update(hp=10**9)),
            ],
        ),
        (
            "7 .inf in a build",
            [
                "creature",
                write(
                    "inf.yaml",
                    "name: Bob\nrace: human\nclasses: [{name: fighter, level: 1}]\n"
                    "abilities: {str: .inf, dex: 10, con: 10, int: 10, wis: 10, cha: 10}\n",
                ),
            ],
        ),
        ("9 dice -2d6", ["odds", "--attack", "+5", "--damage", "-2d6", "--ac", "15"]),
        ("9 dice fullwidth", ["odds", "--attack", "+5", "--damage", "\uff12d6", "--ac", "15"]),
        (
            "10 misspelt feats",
            [
                "creature",
                write(
                    "feats.yaml",
                    "name: Bob\nrace: human\nclasses: [{name: fighter, level: 1}]\n"
                    "abilities: {str: 15, dex: 10, con: 10, int: 10, wis: 10, cha: 10}\n"
                    "feats: [Power Atack, Improved Initative]\n",
                ),
            ],
        ),
        ("limit: 199,000 values", ["validate", write("values.yaml", values_at_the_limit())]),
    ]


def run(args: list[str | Path], cwd: Path) -> tuple[int, float, float, float]:
    """(exit code, seconds to the answer, seconds in all, peak resident MB) of one run,
    measured on that process alone (``os.wait4`` gives the child's own resource use).
    The answer is the first line on standard output, or the exit when there is none."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "d20combat", *map(str, args)],
            stdout=subprocess.PIPE,
            stderr=err,
            cwd=cwd,
        )
        assert child.stdout is not None
        child.stdout.readline()
        answer = time.perf_counter() - start
        child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return child.returncode, min(answer, seconds), seconds, usage.ru_maxrss / 1024


def main() -> int:
    failed = 0
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        print("| case | input | exit | answer (s) | all (s) | peak MB |")
        print("|---|---|---|---|---|---|")
        for label, args in cases(tmp):
            size = sum(Path(a).stat().st_size for a in args if isinstance(a, Path) and a.is_file())
            code, answer, seconds, mb = run(args, tmp)
            bad = code not in (0, 2) or answer > MAX_SECONDS or mb > MAX_MB
            failed += bad
            shown = f"{size / 1024:.0f} KiB" if size else "argument"
            mark = " (over the bound)" if bad else ""
            print(f"| {label} | {shown} | {code} | {answer:.2f} | {seconds:.2f} | {mb:.0f}{mark} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
