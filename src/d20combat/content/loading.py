"""The one safe way d20combat reads a file: limits first, then validation with lines.

Every file the program reads (scenarios, creatures, builds, rulesets, saves and logs)
comes through :func:`read_text` and then :func:`parse_yaml`, :func:`parse_json` or
:func:`parse_json_lines`. They keep the limits of :mod:`d20combat.limits` (bytes,
nesting depth, aliases, values), checked before anything is built, and turn every
failure, from the byte reader to the parser, into an :class:`~d20combat.errors.InputError`
naming the file and line.

YAML is read with PyYAML's *safe* loader (libyaml's where installed). A first pass over
the parser's events, which is not recursive, measures the document: its depth, its
aliases and its size with every alias counted as the values it stands for, so that an
alias bomb ("billion laughs") or a few thousand nested brackets are refused in
microseconds. While the document is then built, the line of every mapping key and list
item is recorded, so that a validation problem found later by pydantic can be reported
as ``file:line: field: message (expected ...)``. A node reached again through an alias
is built once and shared, never expanded again.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from d20combat.errors import InputError, Problem, quote
from d20combat.limits import (
    MAX_ALIASES,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_JSON_NODES,
    MAX_LOG_BYTES,
    MAX_LOG_LINE_BYTES,
    MAX_NODES,
    MAX_NUMBER,
)

Path_ = tuple[str | int, ...]
M = TypeVar("M", bound=BaseModel)

# libyaml's parser where PyYAML was built with it (the PyPI wheels are): same events
# and marks as the pure-Python one, about twenty times faster.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Frozen(BaseModel):
    """Base of every content model: immutable, hashable, unknown fields rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


@dataclass
class Located:
    """A loaded YAML document and the line of each of its parts."""

    data: Any
    file: str
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Iterable[str | int]) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        key = tuple(path)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get(())

    def at(self, *path: str | int) -> Located:
        """The sub-document at ``path``, keeping line numbers (paths re-rooted)."""
        data = self.data
        for part in path:
            data = data[part]
        n = len(path)
        lines = {k[n:]: v for k, v in self.lines.items() if k[:n] == tuple(path)}
        return Located(data, self.file, lines)


# ---------------------------------------------------------------------------------
# Bytes


def _size(n: int) -> str:
    """``1048576`` -> ``1 MiB``."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n:,} bytes"


def is_file(path: str | Path) -> bool:
    """Whether ``path`` names an existing file; False for a name no file system accepts
    (too long, a NUL byte), so that such a name can be looked up as a name instead."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def read_text(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file of at most ``max_bytes`` bytes (a leading BOM dropped).

    Only ``max_bytes + 1`` bytes are ever read, so a huge or endless file costs nothing.

    Raises:
        InputError: if the file is missing, a folder, unreadable, too large or not UTF-8.
    """
    p = Path(path)
    file = str(p)
    try:
        with p.open("rb") as fh:
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError("no such file", file=file) from None
    except IsADirectoryError:
        raise InputError("is a folder", file=file, expected="a file") from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise InputError(f"cannot read file: {reason}", file=file) from None
    if len(raw) > max_bytes:
        raise InputError(
            f"the file is larger than the {_size(max_bytes)} limit",
            file=file,
            expected=f"at most {_size(max_bytes)} (docs/limits.md)",
        )
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"not UTF-8 text (byte {exc.start + 1})", file=file, line=line, expected="UTF-8 text"
        ) from None


# ---------------------------------------------------------------------------------
# YAML

_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _too_big(what: str, limit: int, line: int, file: str) -> InputError:
    """``what`` in the plural: ``aliases`` -> "more than 1,000 aliases"."""
    return InputError(
        f"more than {limit:,} {what}",
        file=file,
        line=line,
        expected=f"at most {limit:,} (the limit in docs/limits.md)",
    )


def _measure(text: str, file: str) -> None:
    """Refuse a YAML document that nests too deep, has too many aliases, or holds too
    many values once every alias is counted as what it stands for: before anything is
    built, from the parser's events (no recursion, no expansion).

    Raises:
        InputError: naming the limit and the line where it was passed.
        yaml.YAMLError: for text that is not YAML (the caller reports it).
    """
    open_sizes: list[int] = []  # values so far in each open mapping or list
    open_anchors: list[str | None] = []
    anchored: dict[str, int] = {}  # an anchor's size, aliases included
    aliases = total = 0
    for event in yaml.parse(text, Loader=_Loader):
        line = event.start_mark.line + 1
        if isinstance(event, _OPEN):
            if len(open_sizes) >= MAX_DEPTH:
                raise _too_big("levels of nested mappings and lists", MAX_DEPTH, line, file)
            open_sizes.append(1)
            open_anchors.append(event.anchor)
            continue
        if isinstance(event, _CLOSE):
            size = open_sizes.pop()
            anchor = open_anchors.pop()
        elif isinstance(event, yaml.ScalarEvent):
            size, anchor = 1, event.anchor
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _too_big("aliases", MAX_ALIASES, line, file)
            size, anchor = anchored.get(event.anchor or "", 1), None
        else:
            continue
        if anchor is not None:
            anchored[anchor] = size
        if open_sizes:
            open_sizes[-1] += size
            grown = open_sizes[-1]
        else:
            total += size
            grown = total
        if grown > MAX_NODES:
            raise _too_big("values (aliases counted in full)", MAX_NODES, line, file)


def _scalar(loader: yaml.SafeLoader, node: yaml.Node, path: Path_) -> Any:
    line = node.start_mark.line + 1
    try:
        value = loader.construct_object(node, deep=True)  # type: ignore[no-untyped-call]
    except ValueError as exc:  # e.g. an integer of thousands of digits, a bad date
        raise InputError(
            f"cannot read {str(node.value)[:40]!r}: {exc}",
            line=line,
            field=_dotted(path),
            expected="a plain value",
        ) from None
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(
            f"{node.value!r} is not a finite number",
            line=line,
            field=_dotted(path),
            expected="a finite number",
        )
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise InputError(
            f"{str(node.value)[:40]} is out of range",
            line=line,
            field=_dotted(path),
            expected=f"a number within +/-{MAX_NUMBER:,} (docs/limits.md)",
        )
    return value


def _dotted(path: Path_) -> str | None:
    return ".".join(map(str, path)) or None


def _build(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: Path_,
    lines: dict[Path_, int],
    built: dict[int, Any],
) -> Any:
    lines[path] = node.start_mark.line + 1
    if id(node) in built:  # an alias: the node is built already; share it
        return built[id(node)]
    if isinstance(node, yaml.MappingNode):
        own = {id(k) for k, _ in node.value}
        loader.flatten_mapping(node)  # merged (``<<: *base``) pairs first, then its own
        out: dict[Any, Any] = {}
        merged: set[Any] = set()
        built[id(node)] = out
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise InputError(
                    "a mapping key must be a plain value, not a mapping or list",
                    line=key_node.start_mark.line + 1,
                    field=_dotted(path),
                )
            key = _scalar(loader, key_node, path)
            if not isinstance(key, str | int | bool | float) and key is not None:
                raise InputError(
                    "a mapping key must be a plain value",
                    line=key_node.start_mark.line + 1,
                    field=_dotted(path),
                )
            if id(key_node) not in own:
                if key in out:
                    continue  # the first merged mapping that has the key gives it
                merged.add(key)
            elif key in merged:
                merged.discard(key)  # the mapping's own key overrides a merged one
            elif key in out:
                raise InputError(
                    f"duplicate key {key!r}",
                    line=key_node.start_mark.line + 1,
                    field=_dotted((*path, str(key))),
                    expected="each key once",
                )
            sub = (*path, str(key))
            out[key] = _build(loader, value_node, sub, lines, built)
            lines[sub] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        items: list[Any] = []
        built[id(node)] = items
        items.extend(
            _build(loader, item, (*path, i), lines, built) for i, item in enumerate(node.value)
        )
        return items
    value = _scalar(loader, node, path)
    built[id(node)] = value
    return value


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text safely within the limits, recording line numbers.

    Raises:
        InputError: if the text is not valid YAML (with the line of the fault), or
            passes a limit of :mod:`d20combat.limits` (naming it).
    """
    if len(text) > MAX_FILE_BYTES:
        raise InputError(
            f"the text is longer than the {_size(MAX_FILE_BYTES)} limit",
            file=file,
            expected=f"at most {_size(MAX_FILE_BYTES)} (docs/limits.md)",
        )
    loader: yaml.SafeLoader | None = None
    try:
        _measure(text, file)
        loader = _Loader(text)
        node = loader.get_single_node()
        lines: dict[Path_, int] = {}
        data = _build(loader, node, (), lines, {}) if node is not None else None
    except yaml.reader.ReaderError as exc:  # a character YAML forbids
        raise InputError(
            f"character U+{exc.character:04X} is not allowed ({exc.reason})",
            file=file,
            line=text.count("\n", 0, exc.position) + 1,
            expected="printable text (tabs and line breaks are fine)",
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = mark.line + 1 if mark else None
        raise InputError(f"not valid YAML: {exc.problem or exc}", file=file, line=at) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {_one_line(str(exc))}", file=file) from None
    except InputError as exc:
        raise exc.located(file=file) from None
    finally:
        if loader is not None:
            loader.dispose()  # type: ignore[no-untyped-call]
    return Located(data, file, lines)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read_yaml(path: str | Path) -> Located:
    """Read and parse a YAML file within the limits.

    Raises:
        InputError: if the file is missing, unreadable, too large or not valid YAML.
    """
    return parse_yaml(read_text(path), str(path))


# ---------------------------------------------------------------------------------
# JSON


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def parse_json(text: str, file: str, *, line: int | None = None) -> Any:
    """Parse JSON text within the limits (depth, values; no NaN or Infinity, no key
    given twice).

    Raises:
        InputError: naming the file, the line and the fault or the limit.
    """
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise _too_big("levels of nested arrays and objects", MAX_DEPTH, line or 1, file) from None
    except json.JSONDecodeError as exc:
        at = line if line is not None else exc.lineno
        raise InputError(f"not valid JSON: {exc.msg}", file=file, line=at) from None
    except ValueError as exc:  # a NaN, a duplicate key, an integer of thousands of digits
        raise InputError(f"not valid JSON: {exc}", file=file, line=line) from None
    _measure_tree(data, file, line or 1)
    return data


def _measure_tree(data: Any, file: str, line: int) -> None:
    """Refuse parsed JSON nested deeper than MAX_DEPTH or holding over MAX_JSON_NODES
    values (iteratively, so any depth is safe to measure)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_JSON_NODES:
            raise _too_big("values", MAX_JSON_NODES, line, file)
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise _too_big("levels of nested arrays and objects", MAX_DEPTH, line, file)
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


def read_json(path: str | Path, *, max_bytes: int) -> Any:
    """Read and parse a JSON file (a saved fight) within the limits.

    Raises:
        InputError: if the file is missing, unreadable, too large or not valid JSON.
    """
    return parse_json(read_text(path, max_bytes=max_bytes), str(path))


def read_json_lines(path: str | Path) -> tuple[list[tuple[int, Any]], list[Problem]]:
    """The values of a JSON-lines file (an event log) with their line numbers, and a
    problem for each line that is too long or not valid JSON (so that a reader can list
    them all); blank lines are skipped.

    Raises:
        InputError: for a missing, unreadable or oversized file.
    """
    file = str(path)
    values: list[tuple[int, Any]] = []
    problems: list[Problem] = []
    for n, text in enumerate(read_text(path, max_bytes=MAX_LOG_BYTES).splitlines(), 1):
        if not text.strip():
            continue
        if len(text) > MAX_LOG_LINE_BYTES:
            problems.append(
                Problem(
                    f"a line longer than the {_size(MAX_LOG_LINE_BYTES)} limit",
                    file,
                    n,
                    expected=f"at most {_size(MAX_LOG_LINE_BYTES)} per line (docs/limits.md)",
                )
            )
            continue
        try:
            values.append((n, parse_json(text, file, line=n)))
        except InputError as exc:
            problems.extend(exc.problems)
    return values, problems


# ---------------------------------------------------------------------------------
# Validation


_LIST_TYPES = frozenset({"tuple_type", "list_type", "set_type", "frozen_set_type"})
_MAPPING_TYPES = frozenset({"dict_type", "model_type"})
_LENGTH_TYPES = frozenset({"too_long", "too_short"})
_NOT_A = {
    "int_parsing": "an integer",
    "int_type": "an integer",
    "int_from_float": "an integer",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "string_type": "a string",
}
_BOUNDS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})
#: Error types whose message already quotes the input (or says what it is).
QUOTING_TYPES = (
    _LIST_TYPES
    | _MAPPING_TYPES
    | _LENGTH_TYPES
    | _BOUNDS
    | set(_NOT_A)
    | {"enum", "literal_error", "multiple_of"}
)


def _shown(value: object) -> str:
    """An input as an error message names it: a number as is, other scalars quoted, a
    list or mapping by kind."""
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return quote(str(value))


def _expected(err: Mapping[str, Any]) -> str | None:
    ctx = err.get("ctx") or {}
    kind = err.get("type", "")
    if "expected" in ctx:
        return str(ctx["expected"])
    simple = {
        "int_parsing": "an integer",
        "int_type": "an integer",
        "float_parsing": "a number",
        "bool_parsing": "true or false",
        "string_type": "a string",
        "dict_type": "a mapping",
        "list_type": "a list",
        "tuple_type": "a list",
        "missing": "this field to be present",
    }
    if kind in simple:
        return simple[kind]
    for bound in ("ge", "gt", "le", "lt"):
        if bound in ctx:
            word = {"ge": ">=", "gt": ">", "le": "<=", "lt": "<"}[bound]
            return f"a value {word} {ctx[bound]}"
    return None


def problems_from_validation(
    exc: ValidationError,
    doc: Located,
    prefix: Path_ = (),
    *,
    model: type[BaseModel] | None = None,
) -> list[Problem]:
    """Turn a pydantic ValidationError into located problems, one per error.

    An unknown field names the fields that exist there, read from ``model`` (by default
    the content model the error's title names). A field written in a short text form
    (``weapons: [longsord]`` for ``{weapon: longsord}``) is reported where it is written
    (``weapons.0``).
    """
    from d20combat.content.fields import fields_at, model_named

    root = model or model_named(exc.title, Frozen)
    out = []
    for err in exc.errors():
        loc = tuple(str(p) if not isinstance(p, int) else p for p in err["loc"])
        # pydantic adds union-member / function tags to loc; keep data-shaped parts only.
        data_loc = tuple(
            p
            for p in loc
            if isinstance(p, int) or not (str(p).startswith("function-") or p == "[key]")
        )
        data: Any = doc.data
        for n, part in enumerate((*prefix, *data_loc)):  # stop at a short text form
            if not isinstance(data, dict | list):
                data_loc = data_loc[: max(0, n - len(prefix))]
                break
            container: Any = data
            try:
                data = container[part]
            except (KeyError, IndexError, TypeError):
                break
        full = (*prefix, *data_loc)
        line = doc.line_of(full)
        msg = str(err["msg"])
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        expected = _expected(err)
        if err.get("type") in ("enum", "literal_error"):  # "Input should be 'a' or 'b'"
            msg = f"unknown value {quote(str(err.get('input')))}"
            expected = f"one of {expected}"
        if err.get("type") in _LIST_TYPES:
            # pydantic's "Input should be a valid tuple" names the Python type
            msg = f"{_shown(err.get('input'))} is not a list"
        kind = err.get("type", "")
        if kind in _NOT_A:  # "Input should be a valid integer"
            msg = f"{_shown(err.get('input'))} is not {_NOT_A[kind]}"
        if kind in _BOUNDS:  # "Input should be greater than or equal to 0"
            msg = f"{_shown(err.get('input'))} is out of range"
        if kind == "multiple_of":
            step = (err.get("ctx") or {}).get("multiple_of")
            msg = f"{_shown(err.get('input'))} is not a multiple of {step}"
            expected = f"a multiple of {step}"
        if err.get("type") in _LENGTH_TYPES:  # "Tuple should have at most 2 items after ..."
            ctx = err.get("ctx") or {}
            most = err["type"] == "too_long"
            msg = f"{ctx.get('actual_length')} items"
            expected = (
                f"at most {ctx.get('max_length')}" if most else f"at least {ctx.get('min_length')}"
            )
        if err.get("type") in _MAPPING_TYPES:  # "... or instance of MapDoc": a class name
            msg = f"{_shown(err.get('input'))} is not a mapping"
            expected = "a mapping"
        if err.get("type") == "extra_forbidden":
            msg = "unknown field"
            known = fields_at(root, data_loc[:-1]) if root is not None else []
            expected = "one of " + ", ".join(known) if known else "no such field"
        out.append(
            Problem(
                msg,
                file=doc.file,
                line=line,
                field=".".join(str(p) for p in full) or None,
                expected=expected,
            )
        )
    return out


def validate(model: type[M], doc: Located, *, error: type[InputError] = InputError) -> M:
    """Validate a located document against a model.

    Raises:
        InputError (or ``error``): listing every problem with file, line and field.
    """
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        raise error(problems=problems_from_validation(exc, doc)) from None
