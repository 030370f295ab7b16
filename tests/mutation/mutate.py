"""Run mutmut over a path filter and/or a seeded sample of mutants (``make mutate``).

mutmut (pinned in the ``dev`` extras; configured in ``[tool.mutmut]`` of
pyproject.toml) writes a mutated copy of the package to ``mutants/``, runs the whole
suite once to learn which tests reach which function (cached in
``mutants/mutmut-stats.json``), then runs only those tests against each mutant. This
script adds what mutmut lacks on a small machine: it generates the mutants, keeps those
of the files named by ``--paths``, draws ``--sample N`` of them with a fixed seed, hands
exactly those names to ``mutmut run`` and prints the score per module. See
docs/mutation.md.

Usage (from the repository root, with the project's virtualenv)::

    python tests/mutation/mutate.py [--paths P ...] [--match GLOB ...] [--sample N]
                                    [--seed S] [--jobs J] [--survivors] [--dry-run]

Not a test: pytest only imports it (for doctests), which runs nothing.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = ROOT / "mutants"

# mutmut's exit codes per mutant (mutmut/stats.py), folded into the columns we report.
STATUS = {
    1: "killed",
    3: "killed",
    0: "survived",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    5: "no tests",
    33: "no tests",
    37: "killed",  # caught by the type checker (not configured here)
    None: "not checked",
}
COLUMNS = ("killed", "survived", "timeout", "no tests", "other", "not checked")


def module_prefix(path: str) -> str:
    """The mutant-name prefix of a source file or folder.

    >>> module_prefix("src/d20combat/grid/cover.py")
    'd20combat.grid.cover.'
    >>> module_prefix("src/d20combat/rules/")
    'd20combat.rules.'
    """
    p = path.strip().rstrip("/")
    p = p.removeprefix("src/")
    p = p.removesuffix(".py")
    return p.replace("/", ".") + "."


def module_of(name: str) -> str:
    """The module a mutant belongs to.

    >>> module_of("d20combat.grid.flanking.x__inside__mutmut_6")
    'd20combat.grid.flanking'
    >>> module_of("d20combat.grid.battlemap.xǁBattleMapǁflags__mutmut_2")
    'd20combat.grid.battlemap'
    """
    return name.partition("__mutmut_")[0].rpartition(".")[0]


def generate() -> dict[str, int | None]:
    """Write the mutated copy (mutants/) and return every mutant with its last result.

    Uses mutmut's own generation steps (the first part of ``mutmut run``); unchanged
    files are not mutated again.
    """
    from mutmut.__main__ import create_mutants
    from mutmut.mutation.trampoline import set_mutant_under_test
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths

    set_mutant_under_test("mutant_generation")
    MUTANTS.mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(1)
    return results()


def results() -> dict[str, int | None]:
    found: dict[str, int | None] = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        found.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return found


def select(
    names: list[str], paths: list[str], sample: int | None, seed: int, match: Sequence[str] = ()
) -> list[str]:
    """The mutants of ``paths`` (all if empty) whose names match one of the ``match``
    globs (all if empty), then ``sample`` of them drawn with ``seed`` (all if None), in
    name order.

    >>> names = ["a.b.x_f__mutmut_1", "a.b.x_f__mutmut_2", "a.c.x_g__mutmut_1"]
    >>> select(names, ["src/a/b.py"], None, 1)
    ['a.b.x_f__mutmut_1', 'a.b.x_f__mutmut_2']
    >>> select(names, [], None, 1, ["*x_g__*"])
    ['a.c.x_g__mutmut_1']
    >>> len(select(names, [], 2, 1)), select(names, [], 2, 1) == select(names, [], 2, 1)
    (2, True)
    """
    prefixes = tuple(module_prefix(p) for p in paths)
    chosen = sorted(
        n
        for n in names
        if (not prefixes or n.startswith(prefixes))
        and (not match or any(fnmatch.fnmatchcase(n, g) for g in match))
    )
    if sample is not None and sample < len(chosen):
        chosen = sorted(random.Random(seed).sample(chosen, sample))
    return chosen


def report(chosen: list[str]) -> None:
    """Per-module counts of the chosen mutants' results, the score, and the survivors."""
    got = results()
    by_module: dict[str, Counter[str]] = {}
    for name in chosen:
        status = STATUS.get(got.get(name), "other")
        by_module.setdefault(module_of(name), Counter())[status] += 1
    total: Counter[str] = Counter()
    print()
    print(f"{'module':38} {'tried':>5} " + " ".join(f"{c:>8}" for c in COLUMNS) + "  score")
    for module, counts in sorted(by_module.items()):
        total.update(counts)
        print(_row(module, counts))
    print(_row("total", total))
    survivors = [n for n in chosen if STATUS.get(got.get(n)) in ("survived", "timeout")]
    if survivors:
        print("\nsurvivors and timeouts (mutmut show NAME for the diff):")
        for name in survivors:
            print(f"  {STATUS[got.get(name)]:8} {name}")


def _row(label: str, c: Counter[str]) -> str:
    tried = sum(c.values())
    judged = c["killed"] + c["survived"] + c["timeout"]
    score = f"{100 * (c['killed'] + c['timeout']) / judged:5.1f}%" if judged else "    -"
    cells = " ".join(f"{c[col]:>8}" for col in COLUMNS)
    return f"{label:38} {tried:>5} {cells}  {score}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--paths", nargs="*", default=[], help="source files or folders")
    ap.add_argument("--match", nargs="*", default=[], help="mutant name globs ('*x_cover__*')")
    ap.add_argument("--sample", type=int, default=None, help="how many mutants to draw")
    ap.add_argument("--seed", type=int, default=1, help="seed of the draw")
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    ap.add_argument(
        "--survivors",
        action="store_true",
        help="rerun only the chosen mutants that survived or timed out last time",
    )
    ap.add_argument("--dry-run", action="store_true", help="list the chosen mutants only")
    args = ap.parse_args(argv)
    paths = [p for arg in args.paths for p in arg.replace(",", " ").split()]

    names = list(generate())
    match = [g for arg in args.match for g in arg.replace(",", " ").split()]
    chosen = select(names, paths, args.sample, args.seed, match)
    print(f"{len(chosen)} of {len(names)} mutants chosen")
    if not chosen:
        return 1
    run = chosen
    if args.survivors:
        last = results()
        run = [n for n in chosen if STATUS.get(last.get(n)) in ("survived", "timeout")]
        print(f"rerunning {len(run)} survivors and timeouts")
    if args.dry_run:
        print("\n".join(run))
        return 0
    if run:
        cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs)]
        # mutmut reruns mutants named on its command line; with no filter it runs
        # everything not yet judged.
        if paths or match or args.sample is not None or args.survivors:
            cmd += run
        code = subprocess.call(cmd, cwd=ROOT)
        if code != 0:
            return code
    report(chosen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
