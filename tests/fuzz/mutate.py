"""Hypothesis strategies of hostile input: odd values, near-miss text, and structured
and textual mutations of real documents (scenarios, creatures, builds, saves)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from fuzzkit import PROFILE
from hypothesis import strategies as st

from d20combat.content.bestiary import creature_names
from d20combat.content.equipment import armors, weapons
from d20combat.content.scenarios import scenario_names

# ---------------------------------------------------------------- words and values
#: Names the files and flags take, to make near-valid values from.
WORDS: tuple[str, ...] = (
    *creature_names(),
    *scenario_names(),
    *sorted(w.name for w in weapons())[:40],
    *sorted(a.name for a in armors())[:20],
    *("srd35", "d20modern", "advanced", "instant-kill", "softer-criticals", "fumbles"),
    *("default", "aggressive", "ranged", "cautious", "hold", "capture", "random"),
    *("aware", "unaware", "sleeping", "prone", "paralyzed"),
    *("wall", "floor", "door", "difficult", "dim", "dark", "fog", "deep-water", "edges"),
    *("fire", "cold", "acid", "slashing", "piercing", "magic", "silver", "cold iron", "good"),
    *("a1", "b2", "h5", "z26", "aa10", "zz999", "a0", "a-1"),
    *("2d6+4", "1d20", "d%", "4d6kh3", "19-20/x2", "x3", "+9/+4", "5/magic", "fire=10"),
)

BIG_INTS = (0, 1, -1, 2, 3, 20, 21, 100, 255, 1000, 1001, 10_000, 10_001, 2**31, 2**63)
HUGE_INTS = (-(2**63), 10**18, 10**100, -(10**100))
FLOATS = (0.5, -0.5, 2.0, 1e308, -1e308, 1e-300, float("inf"), float("-inf"), float("nan"))

#: Characters and snippets that break naive text handling.
ODD_TEXT = (
    "",
    " ",
    "  \t ",
    "\n",
    "\r\n",
    "\x00",
    "\x1b[31m",
    "\x7f",
    "\u00a0",
    "\u200b",
    "\u202e",
    "\u2028",
    "\ufeff",
    "\u3000",
    "２",
    "٣",
    "²",
    "½",
    "Ⅻ",
    "−",
    "×",
    "é",
    "ℌ",
    "\U0001f409",
    "null",
    "~",
    "true",
    "yes",
    "no",
    "0x10",
    "1e3",
    "1_000",
    ".inf",
    "-.inf",
    ".nan",
    "'",
    '"',
    "{",
    "}",
    "[",
    "]",
    "&a",
    "*a",
    "!!str",
    "%",
    "#",
    ": ",
    "- ",
    "../../etc/passwd",
    "/",
    "con",
)


def odd_string(max_len: int = 40) -> st.SearchStrategy[str]:
    """Odd, long, near-valid or arbitrary text."""
    word = st.sampled_from(WORDS)
    return st.one_of(
        st.sampled_from(ODD_TEXT),
        word,
        st.builds(lambda w, o: w + o, word, st.sampled_from(ODD_TEXT)),
        st.builds(lambda w, o: o + w, word, st.sampled_from(ODD_TEXT)),
        st.builds(str.upper, word),
        st.builds(lambda c, n: c * n, st.sampled_from(("a", " ", "9", "é", "-", "\t")), n_big()),
        st.text(max_size=max_len),
    )


def n_big() -> st.SearchStrategy[int]:
    """A length or count: mostly small, sometimes large."""
    return st.one_of(st.integers(0, 12), st.sampled_from((100, 255, 256, 1000, 5000, 20_000)))


def odd_number() -> st.SearchStrategy[int | float]:
    return st.one_of(
        st.sampled_from(BIG_INTS),
        st.sampled_from(HUGE_INTS),
        st.sampled_from(FLOATS),
        st.integers(-50, 50),
        st.integers(),
        st.floats(),
    )


def _deep(depth: int, kind: str) -> Any:
    out: Any = "x"
    for _ in range(depth):
        out = [out] if kind == "list" else {"k": out}
    return out


def odd_value() -> st.SearchStrategy[Any]:
    """A hostile replacement for any value of a document."""
    scalar = st.one_of(st.none(), st.booleans(), odd_number(), odd_string())
    return st.one_of(
        scalar,
        st.lists(scalar, max_size=4),
        st.dictionaries(odd_string(10), scalar, max_size=3),
        st.builds(_deep, st.sampled_from((10, 60, 120)), st.sampled_from(("list", "dict"))),
    )


# ---------------------------------------------------------------- structured mutations
Path_ = tuple[str | int, ...]


def paths(doc: Any, prefix: Path_ = (), prune: tuple[str, ...] = ()) -> list[Path_]:
    """Every path into ``doc`` (the root first), depth first; the insides of the
    values under a key in ``prune`` are left out (the values themselves are in)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            sub = (*prefix, k)
            out.extend([sub] if k in prune else paths(v, sub, prune))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.extend(paths(v, (*prefix, i), prune))
    return out


def _get(doc: Any, path: Path_) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _set(doc: Any, path: Path_, value: Any) -> Any:
    """``doc`` with the value at ``path`` replaced (the root replaced if ``path`` is ())."""
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _retype(v: Any) -> Any:
    """The same content in another type."""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, int | float):
        return str(v)
    if isinstance(v, str):
        try:
            return int(v)
        except ValueError:
            return [v]
    if isinstance(v, list):
        return {str(i): x for i, x in enumerate(v)}
    if isinstance(v, dict):
        return [[k, x] for k, x in v.items()]
    return "null"


def _number(v: Any, how: int) -> Any:
    """A numeric neighbour of ``v`` (any value: a non-number becomes a number)."""
    n = v if isinstance(v, int | float) and not isinstance(v, bool) else 1
    choices = (n + 1, n - 1, -n, n * 1000, 0, n + 0.5, n * 10**12, float(n))
    return choices[how % len(choices)]


def nesting(doc: Any) -> int:
    """How deep lists and mappings nest in ``doc`` (iteratively: it may be deep)."""
    most, todo = 0, [(doc, 0)]
    while todo:
        value, d = todo.pop()
        most = max(most, d)
        if isinstance(value, dict):
            todo.extend((v, d + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, d + 1) for v in value)
    return most


def _reaches(root: Any, target: Any) -> bool:
    """Whether the container ``target`` is ``root`` or inside it (by identity)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        value = todo.pop()
        if value is target:
            return True
        if id(value) in seen or not isinstance(value, dict | list):
            continue
        seen.add(id(value))
        todo.extend(value.values() if isinstance(value, dict) else value)
    return False


#: Past this depth (the loaders' limit is 64) the mutations that add depth stop.
DEEP = 64
GROWING = ("hostile", "nest", "copy", "alias", "swap", "duplicate", "grow", "unknown-key")
OPS = (
    "hostile",
    "delete",
    "duplicate",
    "number",
    "string",
    "swap",
    "copy",
    "alias",
    "retype",
    "nest",
    "empty",
    "grow",
    "unknown-key",
)


@st.composite
def mutated(draw: st.DrawFn, original: Any, max_ops: int = 3, prune: tuple[str, ...] = ()) -> Any:
    """``original`` (a parsed YAML or JSON document) after 1 to ``max_ops`` structured
    mutations: delete, duplicate, retype or swap fields, odd numbers and strings, deep
    nesting, shared values (YAML aliases when dumped). ``prune``: see :func:`paths`."""
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, max_ops))):
        every = paths(doc, prune=prune)
        path = draw(st.sampled_from(every))
        op = draw(st.sampled_from(OPS))
        if op in GROWING and nesting(doc) > DEEP:
            continue  # deep enough: deeper only tests the same limit, and breaks dumping
        value = _get(doc, path)
        parent = _get(doc, path[:-1]) if path else None
        if op == "hostile":
            doc = _set(doc, path, draw(odd_value()))
        elif op == "delete" and path:
            del parent[path[-1]]
        elif op == "duplicate" and path:
            if isinstance(parent, list):
                parent.insert(int(path[-1]), copy.deepcopy(value))
            else:
                parent[f"{path[-1]}_"] = copy.deepcopy(value)
        elif op == "number":
            doc = _set(doc, path, _number(value, draw(st.integers(0, 7))))
        elif op == "string":
            text = value if isinstance(value, str) else str(value)
            edit = draw(st.sampled_from(("odd", "append", "prepend", "upper", "cut", "word")))
            extra = draw(odd_string(20))
            new = {
                "odd": extra,
                "append": text + extra,
                "prepend": extra + text,
                "upper": text.upper(),
                "cut": text[: len(text) // 2],
                "word": draw(st.sampled_from(WORDS)),
            }[edit]
            doc = _set(doc, path, new)
        elif op in ("swap", "copy", "alias"):
            other = draw(st.sampled_from(every))
            if other[: len(path)] == path or path[: len(other)] == other:
                continue  # one holds the other
            there = _get(doc, other)
            there_parent = _get(doc, other[:-1]) if other else None
            if _reaches(there, parent) or (op == "swap" and _reaches(value, there_parent)):
                continue  # through a shared value (an earlier alias) it would make a loop
            doc = _set(doc, path, there if op == "alias" else copy.deepcopy(there))
            if op == "swap":
                doc = _set(doc, other, value)
        elif op == "retype":
            doc = _set(doc, path, _retype(value))
        elif op == "nest":
            depth = draw(st.sampled_from((1, 2, 40, 120)))
            for _ in range(depth):
                value = [value] if draw(st.booleans()) else {"x": value}
            doc = _set(doc, path, value)
        elif op == "empty":
            doc = _set(doc, path, type(value)() if isinstance(value, list | dict | str) else None)
        elif op == "grow" and isinstance(value, list) and value:
            times = draw(st.sampled_from((2, 5, 50)))
            doc = _set(doc, path, [copy.deepcopy(x) for x in value * times][:400])
        elif op == "unknown-key" and isinstance(value, dict):
            value[draw(odd_string(12))] = draw(odd_value())
    return doc


# ---------------------------------------------------------------- textual mutations
#: How big the alias bombs and deep nesting get: 10**6 values and 3,200 levels under
#: ``make fuzz``, 1,000 values and 400 levels in ``make test``.
HOSTILE_SCALE = 6 if PROFILE == "fuzz" else 3
#: The size a padded file is taken to: the file limit (1 MiB) under ``make fuzz``.
PAD_BYTES = 1 << 20 if PROFILE == "fuzz" else 1 << 14
SNIPPETS: tuple[bytes, ...] = (
    b"\x00",
    b"\t",
    b"\r",
    b"\r\n",
    b"\x1b",
    b"\x7f",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xc3",
    b"\xed\xa0\x80",
    "\u2028".encode(),
    "\u0085".encode(),
    b": ",
    b"- ",
    b"-",
    b"&a ",
    b"*a",
    b"*nowhere",
    b"<<: *a\n",
    b"!!python/object/apply:os.system ['true']",
    b"!!binary aGk=",
    b"!!set {a}",
    b"!!omap [a: 1]",
    b"!!float ",
    b"!foo ",
    b"{",
    b"}",
    b"[",
    b"]",
    b"'",
    b'"',
    b"#",
    b"|",
    b">",
    b"? ",
    b"---\n",
    b"...\n",
    b"%YAML 1.1\n",
    b"%TAG ! tag:x,2000:\n",
    b"1" * 5000,
    b"9" * 40,
    b"-0",
    b".nan",
    b"-.inf",
    b"0o17",
    b"0x1f",
    b"1_000",
    b"1e400",
    b"2001-12-14",
    b"~",
    b"null",
    b"=",
    "２".encode(),
    "é".encode(),
)


def _alias_bomb(levels: int, width: int) -> bytes:
    """A 'billion laughs' block: level k lists ``width`` aliases of level k-1."""
    lines = [b"laugh0: &l0 [lol]"]
    for k in range(1, levels + 1):
        refs = b", ".join([b"*l%d" % (k - 1)] * width)
        lines.append(b"laugh%d: &l%d [%s]" % (k, k, refs))
    return b"\n".join(lines) + b"\n"


def _nested(depth: int) -> bytes:
    return b"deep: " + b"[" * depth + b"]" * depth + b"\n"


@st.composite
def text_mutated(
    draw: st.DrawFn, original: bytes, max_ops: int = 3, bombs: int = HOSTILE_SCALE
) -> bytes:
    """``original`` after 1 to ``max_ops`` byte-level edits: flips, inserted snippets
    and control characters, deleted or repeated spans and lines, truncation,
    re-indentation, alias bombs (up to ``10**bombs`` values) and nesting (up to
    ``50 * 2**bombs`` deep)."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, max_ops))):
        op = draw(
            st.sampled_from(
                (
                    "flip",
                    "byte",
                    "insert",
                    "delete",
                    "truncate",
                    "line",
                    "indent",
                    "bomb",
                    "recursive",
                    "nest",
                    "crlf",
                    "pad",
                )
            )
        )
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if op == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "byte" and data:
            data[at] = draw(st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.sampled_from(SNIPPETS) | st.binary(max_size=8))
        elif op == "delete":
            data[at : at + draw(st.integers(1, 40))] = b""
        elif op == "truncate":
            del data[at:]
        elif op in ("line", "indent"):
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            if op == "indent":
                lines[i] = b" " * draw(st.integers(1, 3)) + lines[i]
            elif draw(st.booleans()):
                lines.insert(i, lines[i])
            else:
                lines[i], lines[-1] = lines[-1], lines[i]
            data = bytearray(b"\n".join(lines))
        elif op == "bomb":
            levels = draw(st.integers(1, bombs))
            data[0:0] = _alias_bomb(levels, 10)
        elif op == "recursive":
            data[0:0] = b"loop: &loop [*loop]\n"
        elif op == "nest":
            data[0:0] = _nested(draw(st.sampled_from((50, 500, 50 * 2**bombs))))
        elif op == "crlf":
            data = bytearray(bytes(data).replace(b"\n", b"\r\n"))
        elif op == "pad":  # a long comment: up to just past the 1 MiB file limit
            size = draw(st.sampled_from((1000, PAD_BYTES - len(data), PAD_BYTES + 1 - len(data))))
            data[0:0] = b"#" + b"x" * max(0, size - 2) + b"\n"
    return bytes(data)


# ---------------------------------------------------------------- near-miss grammar
def joined(tokens: Sequence[str], max_tokens: int = 8) -> st.SearchStrategy[str]:
    """Text made of ``tokens``: the pieces of a grammar in any order and number."""
    return st.lists(st.sampled_from(tokens), min_size=1, max_size=max_tokens).map("".join)


NUMBERS = (
    "0",
    "1",
    "2",
    "6",
    "20",
    "100",
    "1000",
    "1001",
    "007",
    "9" * 30,
    "1" * 5000,
    "２",
    "٣",
    "²",
    "½",
    "1_0",
    "1e3",
    "0x1",
    "-0",
)
SPACE = (" ", "\t", "\n", "\u00a0", "\u3000", " " * 300, " " * 3000)
