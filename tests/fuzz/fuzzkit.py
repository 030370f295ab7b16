"""The fuzz harness: profiles, time limits, one runner and one checker of the contract.

The contract (README "Bad input", ``d20combat.cli``, ``d20combat.errors``): every case
ends with exit code 0 and sane output, or exit code 2 and one ``error:`` line on stderr;
never a traceback, never exit code 1, and within a time bound. ``validate`` prints one
line per problem before its ``error:`` line; an error of several problems prints
``error: N problems:`` and then one indented line per problem.

Every fuzz test runs its cases through :func:`run_cli` (the console script's
:func:`d20combat.cli.main`, in-process) or :func:`run_call` (a library entry point),
then :func:`verify`, which applies :func:`check` and the known-issue list
(``known_issues.py``).

Profiles (environment variables):

* default: each target runs its own small, fixed number of cases, derandomized, so
  ``make test`` runs the same cases every time;
* ``D20_FUZZ=fuzz``: ``FUZZ_EXAMPLES`` cases in total (default 10,000), split over
  the targets by :data:`TARGETS` weights, with random seeds (``make fuzz``).
"""

from __future__ import annotations

import faulthandler
import json
import os
import shlex
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, settings
from known_issues import KNOWN_ISSUES, known_issue

from d20combat.cli import main
from d20combat.errors import D20Error

# ---------------------------------------------------------------- profiles
PROFILE = os.environ.get("D20_FUZZ", "ci")
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10000"))


@dataclass(frozen=True)
class Target:
    ci_examples: int  # Hypothesis examples in ``make test``
    weight: int  # share of FUZZ_EXAMPLES under ``make fuzz`` (out of 100)


TARGETS: dict[str, Target] = {
    "dice": Target(600, 10),
    "odds": Target(300, 15),
    "scenario-tree": Target(200, 15),
    "scenario-text": Target(200, 10),
    "creature": Target(200, 10),
    "save": Target(150, 10),
    "log": Target(100, 5),
    "cli": Target(300, 15),
    "actions": Target(120, 10),
}

_COMMON = dict(
    deadline=None,  # time is bounded per case by time_limit, not by hypothesis
    # no explain phase: its tracing slows a case tenfold, and a big fight then times out
    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink),
    database=None,  # nothing is written outside a tmp_path
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("d20-ci", derandomize=True, **_COMMON)
settings.register_profile("d20-fuzz", derandomize=False, **_COMMON)


def examples(target: str) -> int:
    """How many cases ``target`` runs under the active profile."""
    t = TARGETS[target]
    if PROFILE == "fuzz":
        return max(1, FUZZ_EXAMPLES * t.weight // sum(x.weight for x in TARGETS.values()))
    return t.ci_examples


def fuzz_settings(target: str) -> settings:
    """The hypothesis settings of one fuzz target."""
    parent = settings.get_profile("d20-fuzz" if PROFILE == "fuzz" else "d20-ci")
    return settings(parent, max_examples=examples(target))


# ---------------------------------------------------------------- time limits
#: Seconds one case may take before it counts as a hang; far above any good case.
CASE_SECONDS = float(os.environ.get("FUZZ_CASE_SECONDS", "20"))


#: Where the stacks of a stuck case go (pytest captures standard error, and the process
#: ends before it could show them).
STUCK_FILE = Path(os.environ.get("FUZZ_STUCK_FILE", Path.cwd() / "fuzz-stuck.log")).absolute()
_STUCK: list[TextIO] = []


def _stuck_file() -> TextIO:
    if not _STUCK:
        _STUCK.append(STUCK_FILE.open("a", encoding="utf-8"))
    return _STUCK[0]


class CaseTimeout(BaseException):
    """A case ran past its time limit (a BaseException: ``except Exception`` in the
    code under test must not swallow it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`CaseTimeout` after ``seconds``; if the code is stuck where Python
    cannot interrupt it, dump every thread's stack and end the process later."""

    def on_alarm(signum: int, frame: object) -> None:
        raise CaseTimeout(f"no answer within {seconds:g} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    faulthandler.dump_traceback_later(seconds * 3 + 30, exit=True, file=_stuck_file())
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, old)


# ---------------------------------------------------------------- running a case
@dataclass
class Run:
    """What one case did: its exit code and output, or the exception that escaped."""

    argv: tuple[str, ...]
    code: int
    stdout: str
    stderr: str
    seconds: float
    error: BaseException | None = None
    inputs: dict[str, str] = field(default_factory=dict)  # file name -> text, for reports

    @property
    def command(self) -> str:
        return self.argv[0] if self.argv else ""


def run_cli(
    argv: Sequence[str],
    *,
    cwd: Path,
    inputs: dict[str, str] | None = None,
    seconds: float = CASE_SECONDS,
) -> Run:
    """Run ``d20combat ARGV`` in-process through :func:`d20combat.cli.main`, in
    ``cwd`` (a tmp folder, so that no relative path writes elsewhere)."""
    code = 1
    error: BaseException | None = None
    here = os.getcwd()
    start = time.perf_counter()
    with CliRunner().isolation() as (out, err, _):
        try:
            os.chdir(cwd)
            with time_limit(seconds):
                main(list(argv))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
        except (Exception, CaseTimeout) as exc:
            error = exc
        finally:
            os.chdir(here)
            sys.stdout.flush()
            sys.stderr.flush()
        stdout = out.getvalue().decode("utf-8", "replace")
        stderr = err.getvalue().decode("utf-8", "replace")
    return Run(tuple(argv), code, stdout, stderr, time.perf_counter() - start, error, inputs or {})


def run_call(
    name: str, fn: Callable[[], object], *, seconds: float = CASE_SECONDS, what: str = ""
) -> Run:
    """Run a library entry point as the CLI would report it: a result is exit 0 (its
    ``str`` the output), a :class:`D20Error` exit 2 with ``error: <message>``."""
    start = time.perf_counter()
    argv = (name, what)
    try:
        with time_limit(seconds):
            result = fn()
    except D20Error as exc:
        return Run(argv, 2, "", f"error: {exc}\n", time.perf_counter() - start)
    except (Exception, CaseTimeout) as exc:
        return Run(argv, 1, "", "", time.perf_counter() - start, exc)
    return Run(argv, 0, f"{result}\n", "", time.perf_counter() - start)


# ---------------------------------------------------------------- the contract
MAX_LINE = 4000  # an error line longer than this (and the command line) dumps a file
LEAKS = ("Traceback (most recent call last)", " object at 0x", "<class '", "NoneType")


@dataclass(frozen=True)
class Failure:
    """A broken contract: ``kind`` is crash, timeout, exit, stderr or output."""

    kind: str
    reason: str
    where: str  # the innermost d20combat frame, "package/module.py:function"
    run: Run

    def describe(self) -> str:
        run = self.run
        lines = [
            f"{self.kind}: {self.reason}",
            f"  where: {self.where or '-'}",
            f"  case:  d20combat {shlex.join(run.argv)}"[:2000],
            f"  exit {run.code} after {run.seconds:.2f} s",
        ]
        if run.stderr:
            lines.append("  stderr: " + run.stderr[:1500].replace("\n", "\n          "))
        if run.error is not None:
            shown = traceback.format_exception(run.error, limit=-8, chain=False)
            lines.append("  traceback (innermost frames):\n" + _indent("".join(shown)))
        for name, text in run.inputs.items():
            lines.append(f"  {name}:\n" + _indent(text[:3000]))
        return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def innermost(exc: BaseException) -> str:
    """``module.py:function`` of the innermost d20combat frame of a traceback."""
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        path = frame.filename.replace(os.sep, "/")
        if "/src/d20combat/" in path:
            where = f"{path.split('/src/d20combat/', 1)[1]}:{frame.name}"
    return where


def check(run: Run, sane: Callable[[Run], None] | None = None) -> Failure | None:
    """The contract for one case; ``sane`` checks the output of an exit-0 case
    (it raises AssertionError saying what is wrong)."""
    if run.error is not None:
        kind = "timeout" if isinstance(run.error, CaseTimeout) else "crash"
        reason = f"{type(run.error).__name__}: {str(run.error)[:300]}"
        return Failure(kind, reason, innermost(run.error), run)
    if run.code not in (0, 2):
        return Failure("exit", f"exit code {run.code}", "", run)
    for leak in LEAKS:
        if leak in run.stderr or leak in run.stdout:
            return Failure("output", f"the output shows {leak!r}", "", run)
    if run.code == 2:
        why = _bad_stderr(run)
        return Failure("stderr", why, "", run) if why else None
    if run.stderr and (run.command != "validate" or "error:" in run.stderr):
        # validate notes what a good file names that is not modelled, on stderr
        return Failure("stderr", "exit 0 with something on stderr", "", run)
    if not run.stdout.strip():
        return Failure("output", "exit 0 with no output", "", run)
    if sane is not None:
        try:
            sane(run)
        except (AssertionError, ValueError, KeyError, TypeError) as exc:
            return Failure("output", f"insane output: {type(exc).__name__}: {exc}", "", run)
    return None


def _bad_stderr(run: Run) -> str | None:
    """What is wrong with the stderr of an exit-2 case, if anything."""
    lines = run.stderr.splitlines()
    errors = [i for i, line in enumerate(lines) if line.startswith("error: ")]
    if not run.stderr.endswith("\n") or len(errors) != 1:
        return f"{len(errors)} 'error: ' lines in {len(lines)} stderr lines"
    if any(not line.strip() for line in lines):
        return "an empty line on stderr"
    if any(len(line) > MAX_LINE + sum(map(len, run.argv)) for line in lines):
        return f"a stderr line of {max(map(len, lines))} characters"
    at = errors[0]
    if len(lines) == 1:
        return None
    head = lines[at]
    if run.command == "validate" and at == len(lines) - 1:
        n = at  # one line per problem above the error line, which counts them
        if head.endswith("(listed above)") and f" {n} problem" in head:
            return None
        return f"validate: {n} problem lines above {head!r}"
    several = head == f"error: {len(lines) - 1} problems:"
    if at == 0 and several and all(line.startswith("  ") for line in lines[1:]):
        return None
    return f"{len(lines)} stderr lines for one error"


# ---------------------------------------------------------------- verdicts
@dataclass
class Tally:
    """What one target's cases did, for the summary."""

    cases: int = 0
    exit0: int = 0
    exit2: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    known: Counter[str] = field(default_factory=Counter)
    signatures: Counter[tuple[str, str]] = field(default_factory=Counter)  # (issue, sig)


#: Where the first case of each known-issue signature is written (a tmp folder).
FINDINGS: list[Path] = []


STATS: dict[str, Tally] = {name: Tally() for name in TARGETS}


class FuzzFailure(AssertionError):
    """A case broke the contract and no known issue explains it."""


def verify(target: str, run: Run, sane: Callable[[Run], None] | None = None) -> None:
    """Count the case, check it and raise :class:`FuzzFailure` unless it keeps the
    contract or a known issue (``known_issues.py``) explains it."""
    tally = STATS[target]
    tally.cases += 1
    tally.seconds += run.seconds
    tally.slowest = max(tally.slowest, run.seconds)
    tally.exit0 += run.code == 0 and run.error is None
    tally.exit2 += run.code == 2
    failure = check(run, sane)
    if failure is None:
        return
    issue = known_issue(failure)
    if issue is not None:
        tally.known[issue] += 1
        _note(tally, issue, failure)
        return
    error = FuzzFailure(failure.describe())
    # hypothesis tells bugs apart by their context's origin; pytest shows the traceback
    # as text (some tracebacks of deep recursion break pytest's own rendering)
    error.__context__ = run.error
    error.__suppress_context__ = True
    raise error


def _note(tally: Tally, issue: str, failure: Failure) -> None:
    """Count a known failure by signature; keep the first case of each."""
    what = failure.reason.split(":", 1)[0] if failure.run.error else failure.reason[:40]
    sig = f"{failure.kind} {failure.where or failure.run.command}: {what}"
    key = (issue, sig)
    tally.signatures[key] += 1
    if tally.signatures[key] == 1 and FINDINGS:
        n = sum(len(t.signatures) for t in STATS.values())
        text = failure.describe() + "\n\nfull inputs:\n"
        text += "\n".join(f"--- {k}\n{v}" for k, v in failure.run.inputs.items())
        (FINDINGS[0] / f"{n:03d}-{issue}.txt").write_text(text, encoding="utf-8", errors="replace")


def summary_lines() -> list[str]:
    """The table the terminal summary prints after a fuzz run."""
    rows = [(name, t) for name, t in STATS.items() if t.cases]
    if not rows:
        return []
    out = [
        f"fuzz profile {PROFILE}: {sum(t.cases for _, t in rows)} cases",
        f"  {'target':<14}{'cases':>8}{'exit 0':>8}{'exit 2':>8}{'known':>7}{'seconds':>9}"
        f"{'slowest':>9}",
    ]
    for name, t in rows:
        out.append(
            f"  {name:<14}{t.cases:>8}{t.exit0:>8}{t.exit2:>8}{sum(t.known.values()):>7}"
            f"{t.seconds:>9.1f}{t.slowest:>9.2f}"
        )
    hits: Counter[str] = Counter()
    for _, t in rows:
        hits.update(t.known)
    for issue in KNOWN_ISSUES:
        if hits[issue.key]:
            out.append(f"  known issue {issue.key} ({issue.owner}): {hits[issue.key]} cases")
    if PROFILE == "fuzz":
        sigs: Counter[tuple[str, str]] = Counter()
        for _, t in rows:
            sigs.update(t.signatures)
        for (key, sig), n in sorted(sigs.items()):
            out.append(f"    {key}: {n:>6} x {sig}")
        if FINDINGS:
            out.append(f"  the first case of each: {FINDINGS[0]}")
    return out


def json_strict(text: str) -> object:
    """``json.loads`` that refuses NaN and Infinity (no sane output holds them)."""

    def refuse(name: str) -> object:
        raise ValueError(f"{name} in JSON output")

    return json.loads(text, parse_constant=refuse)
