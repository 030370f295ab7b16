"""The fuzz tests' shared modules (``fuzzkit``, ``mutate``, ``known_issues``) and the
summary of a fuzz run (importlib mode has no importable conftest, so the shared code
lives in modules on this folder's path)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import fuzzkit


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in fuzzkit.summary_lines():
        terminalreporter.write_line(line)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tmp folder for one module's cases: their files, and the working folder of
    every command (so that no relative path writes elsewhere)."""
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="session", autouse=True)
def findings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Where the fuzz summary keeps the first case of each known failure."""
    fuzzkit.FINDINGS[:] = [tmp_path_factory.mktemp("findings")]
