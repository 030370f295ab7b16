"""Fuzz ``resume`` and ``validate`` with mutated real saves (bundled fights played
part-way by the default tactics, saved, then mutated as JSON documents or as text),
and ``validate`` with mutated event logs of bundled fights."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from fuzzkit import PROFILE, Run, fuzz_settings, run_cli, verify
from hypothesis import given
from hypothesis import strategies as st
from mutate import mutated

from d20combat.content.scenarios import load_scenario, scenario_names
from d20combat.encounter.state import Encounter
from d20combat.sim.runner import play
from d20combat.tactics.policies import policy

#: Bundled fights to save part-way (the 100-combatant battle only under ``make fuzz``).
FIGHTS = sorted(n for n in scenario_names() if PROFILE == "fuzz" or n != "field-battle-100")


@cache
def save_after(name: str, seed: int, steps: int) -> dict[str, Any]:
    """The save of ``name`` after ``steps`` actions of the default tactics."""
    enc = Encounter.from_scenario(load_scenario(name), seed=seed)
    tactics = policy("default")
    for _ in range(steps):
        if enc.outcome is not None or enc.current is None:
            break
        enc.apply(tactics(enc, enc.current.id))
    return enc.to_json()


#: Edits of the JSON text: cut, flipped, odd numbers, deep nesting.
JSON_SNIPPETS = (
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "-0",
    "9" * 5000,
    '"\\ud800"',
    "null",
    "[" * 100_000,
    '{"a":' * 50_000,
    "\x00",
    "\ufeff",
)


@st.composite
def json_text_mutated(draw: st.DrawFn, text: str) -> str:
    at = draw(st.integers(0, len(text)))
    how = draw(st.sampled_from(("cut", "flip", "insert", "replace-number")))
    if how == "cut":
        return text[:at]
    if how == "flip":
        return text[:at] + chr(draw(st.integers(0, 0x2FF))) + text[at + 1 :]
    snippet = draw(st.sampled_from(JSON_SNIPPETS))
    if how == "insert":
        return text[:at] + snippet + text[at:]
    return text.replace(": 0,", f": {snippet},", 1)


def sane(run: Run) -> None:
    if run.command == "validate":
        assert run.stdout == f"{run.argv[1]}: ok\n", run.stdout
        return
    assert run.stdout.startswith("Resuming "), run.stdout[:200]
    assert "\nOutcome: " in run.stdout, run.stdout[-300:]


@fuzz_settings("save")
@given(
    name=st.sampled_from(FIGHTS),
    seed=st.integers(0, 3),
    steps=st.sampled_from((0, 1, 3, 8, 20, 40, 200)),
    data=st.data(),
)
def test_mutated_saves(
    name: str, seed: int, steps: int, data: st.DataObject, sandbox: Path
) -> None:
    save = save_after(name, seed, steps)
    if data.draw(st.integers(0, 4), label="textual") == 0:
        text = data.draw(json_text_mutated(json.dumps(save)), label="save text")
    else:
        doc = data.draw(mutated(save, prune=("rng", "policy_rng")), label="save")
        text = json.dumps(doc)
    file = sandbox / "mutant-save.json"
    file.write_text(text, encoding="utf-8", errors="surrogatepass")
    argv = data.draw(
        st.sampled_from((["resume", str(file)], ["resume", str(file), "--explain"]))
        | st.just(["validate", str(file)])
    )
    verify("save", run_cli(argv, cwd=sandbox, inputs={str(file): text}), sane)


# ---------------------------------------------------------------- event logs
@cache
def log_of(name: str, seed: int) -> list[dict[str, Any]]:
    """The event log of a whole bundled fight (at most 60 events, to keep cases small)."""
    enc = Encounter.from_scenario(load_scenario(name), seed=seed)
    play(enc)
    return [e.as_json() for e in enc.log[:60]]


@st.composite
def jsonl_mutated(draw: st.DrawFn, events: list[dict[str, Any]]) -> str:
    """A log whose events are mutated as one JSON document (a list of lines), or
    whose text is cut, flipped, doubled or padded line by line."""
    if draw(st.booleans()):
        doc = draw(mutated(events, prune=("modifiers",)))
        lines = doc if isinstance(doc, list) else [doc]
        return "".join(json.dumps(line) + "\n" for line in lines)
    lines = [json.dumps(e) for e in events]
    i = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(("text", "blank", "double", "drop", "crlf", "no-newline")))
    if how == "text":
        lines[i] = draw(json_text_mutated(lines[i]))
    elif how == "blank":
        lines.insert(i, draw(st.sampled_from(("", " ", "\t", "\x00", "\ufeff"))))
    elif how == "double":
        lines.insert(i, lines[i])
    elif how == "drop":
        del lines[i]
    text = "\n".join(lines) + ("" if how == "no-newline" else "\n")
    return text.replace("\n", "\r\n") if how == "crlf" else text


@fuzz_settings("log")
@given(name=st.sampled_from(FIGHTS), seed=st.integers(0, 2), data=st.data())
def test_mutated_logs(name: str, seed: int, data: st.DataObject, sandbox: Path) -> None:
    text = data.draw(jsonl_mutated(log_of(name, seed)), label="log")
    file = sandbox / "mutant-log.jsonl"
    file.write_text(text, encoding="utf-8", errors="surrogatepass")
    argv = ["validate", str(file)]
    verify("log", run_cli(argv, cwd=sandbox, inputs={str(file): text}), sane)
