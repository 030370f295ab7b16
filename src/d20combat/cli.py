"""The ``d20combat`` command line.

Bad input (any :class:`~d20combat.errors.D20Error`) ends with one line on stderr
and exit code 2, never a traceback. Exit code 1 means a bug.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from d20combat.errors import D20Error


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="d20combat")
def cli() -> None:
    """A rules engine and simulator for d20-system tactical combat."""


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the CLI, mapping deliberate errors to exit code 2."""
    try:
        cli.main(args=list(argv) if argv is not None else None, standalone_mode=False)
    except D20Error as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    sys.exit(0)
