"""Validated loading of YAML data files, with line numbers in every error.

YAML is read with PyYAML's *safe* loader. While the document is built, the line of
every mapping key and list item is recorded, so that a validation problem found
later by pydantic can be reported as ``file:line: field: message (expected ...)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from d20combat.errors import InputError, Problem

Path_ = tuple[str | int, ...]
M = TypeVar("M", bound=BaseModel)


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


def _build(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, lines: dict[Path_, int]) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)  # type: ignore[no-untyped-call]
            if not isinstance(key, str | int | bool | float) and key is not None:
                raise InputError(
                    "a mapping key must be a plain value",
                    line=key_node.start_mark.line + 1,
                    field=".".join(map(str, path)) or None,
                )
            if key in out:
                raise InputError(
                    f"duplicate key {key!r}",
                    line=key_node.start_mark.line + 1,
                    field=".".join(map(str, (*path, key))),
                    expected="each key once",
                )
            sub = (*path, str(key))
            out[key] = _build(loader, value_node, sub, lines)
            lines[sub] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, (*path, i), lines) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)  # type: ignore[no-untyped-call]


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text safely, recording line numbers.

    Raises:
        InputError: if the text is not valid YAML (with the line of the fault).
    """
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[Path_, int] = {}
        data = _build(loader, node, (), lines) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise InputError(f"not valid YAML: {exc.problem or exc}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {exc}", file=file) from None
    except InputError as exc:
        raise exc.located(file=file) from None
    finally:
        loader.dispose()  # type: ignore[no-untyped-call]
    return Located(data, file, lines)


def read_yaml(path: str | Path) -> Located:
    """Read and parse a YAML file.

    Raises:
        InputError: if the file is missing, unreadable or not valid YAML.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", file=str(p)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read file: {exc}", file=str(p)) from None
    return parse_yaml(text, str(p))


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
