"""The rules and the tactics never read the event log back.

A saved fight carries its state, not its log: a resumed fight's log starts empty
(docs/save-format.md), so a rule or a decision that looked back in the log would play
a resumed fight another way, and the decision memo (keyed by the state) would replay a
wrong answer. Twice a rule did (the round's delays; a creature's last withdraw); both
are saved state now. Only the encounter itself appends to the log and measures it.
"""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "d20combat"
READS = re.compile(r"\.log\b(?!\.append)")
ALLOWED = {
    ("encounter/state.py", "self.log: list[Event] = []"),
    ("encounter/state.py", "stamp = (len(self.history), len(self.log), self.space.version)"),
    ("encounter/state.py", "enc.log = list(share.log)"),
}


def test_no_rule_or_decision_reads_the_log() -> None:
    found = []
    for folder in ("encounter", "tactics", "rules"):
        for path in sorted((SRC / folder).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            for line in path.read_text(encoding="utf-8").splitlines():
                code = line.split("#", 1)[0].strip()
                if READS.search(code) and (rel, code) not in ALLOWED:
                    found.append(f"{rel}: {code}")
    assert found == []
