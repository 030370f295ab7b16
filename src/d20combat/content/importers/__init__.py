"""The SRD importers: SRD HTML pages to the engine's data files.

:func:`read_page` reads one page and says why it cannot: missing, unreadable, not UTF-8,
or cut short (a page that stops before its closing ``</html>`` has lost what followed).
"""

from __future__ import annotations

import re
from pathlib import Path

from d20combat.content.loading import read_text
from d20combat.errors import InputError, Problem
from d20combat.limits import MAX_PAGE_BYTES

_END = re.compile(r"</html>\s*$", re.IGNORECASE)


def page_text(path: Path) -> tuple[str, Problem | None]:
    """The text of an SRD page, and why it is incomplete (None if it ends as a page does).

    Raises:
        InputError: naming the file and why: missing, unreadable, larger than
            MAX_PAGE_BYTES or not UTF-8 text.
    """
    text = read_text(path, max_bytes=MAX_PAGE_BYTES)
    if _END.search(text):
        return text, None
    cut = Problem(
        "the page ends before </html>: it was cut short",
        file=str(path),
        expected="a complete SRD page",
    )
    return text, cut


def read_page(path: Path) -> str:
    """The text of a complete SRD page.

    Raises:
        InputError: naming the file: missing, unreadable, not UTF-8 text, or cut short.
    """
    text, cut = page_text(path)
    if cut is not None:
        raise InputError(problems=[cut])
    return text
