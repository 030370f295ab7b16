"""Fuzz ``resume`` with mutated real saves: bundled fights played part-way by the
default tactics, saved, then mutated as JSON documents or as text."""

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
    argv = ["resume", str(file), *data.draw(st.sampled_from(([], ["--explain"])))]
    verify("save", run_cli(argv, cwd=sandbox, inputs={str(file): text}), sane)
