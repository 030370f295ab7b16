"""Finding content by name: the bundled data files and name-keyed catalogs.

Names are matched case-insensitively after normalising the SRD's inverted forms
("Crossbow, light" is "light crossbow"), a trailing " armor" ("hide armor" is
"hide") and simple plurals ("javelins"). An unknown name raises a
:class:`~d20combat.errors.ContentError` that suggests the closest known names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from d20combat.content.loading import Located, read_yaml, validate
from d20combat.errors import ContentError, InputError, Problem

T = TypeVar("T", bound=BaseModel)


def data_dir() -> Path:
    """The folder of bundled data files inside the installed package."""
    return Path(str(resources.files("d20combat") / "content" / "data"))


def normalize_name(name: str) -> str:
    """The lookup key of a content name.

    >>> normalize_name("Crossbow, light"), normalize_name("Hide Armor")
    ('light crossbow', 'hide')
    """
    key = re.sub(r"\s+", " ", name.strip().lower().replace("_", " ").replace("-", " "))
    if "," in key:
        head, _, tail = key.partition(",")
        key = f"{tail.strip()} {head.strip()}"
    for suffix in (" armor",):
        if key.endswith(suffix) and key != suffix.strip():
            key = key[: -len(suffix)]
    return key


def slug(name: str) -> str:
    """A file-name form of a name: ``Ogre Mage`` -> ``ogre-mage``."""
    return re.sub(r"[^a-z0-9]+", "-", normalize_name(name)).strip("-")


class Catalog(Generic[T]):
    """Items of one kind, found by normalised name (and aliases)."""

    def __init__(self, kind: str, items: Iterable[T], name_of: Callable[[T], str]) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}
        self._labels: dict[str, str] = {}  # key -> the name as written (for suggestions)
        for item in items:
            key = normalize_name(name_of(item))
            self._items[key] = item
            self._labels[key] = name_of(item)

    def add_alias(self, alias: str, name: str) -> None:
        key = normalize_name(alias)
        if key not in self._items:
            self._items[key] = self._items[normalize_name(name)]
            self._labels[key] = alias

    def find(self, name: str) -> T | None:
        key = normalize_name(name)
        hit = self._items.get(key)
        if hit is None and key.endswith("s"):
            hit = self._items.get(key[:-1]) or self._items.get(key[:-2])
        return hit

    def get(self, name: str, *, field: str | None = None) -> T:
        """The item called ``name``.

        Raises:
            ContentError: naming the unknown item and the closest known names.
        """
        hit = self.find(name)
        if hit is None:
            raise ContentError(
                f"unknown {self.kind} {name!r}", field=field or self.kind, expected=self.hint(name)
            )
        return hit

    def hint(self, name: str) -> str:
        """What to offer for an unknown ``name``: the closest known names (difflib), or
        all of them when there are few."""
        close = difflib.get_close_matches(normalize_name(name), list(self._items), n=3)
        if close:
            return "did you mean " + ", ".join(self._labels[k] for k in close) + "?"
        if len(self._items) <= 20:
            return "one of " + ", ".join(sorted(set(self._labels.values())))
        return f"a known {self.kind}"

    def names(self) -> list[str]:
        return sorted(self._items)

    def __iter__(self) -> Iterator[T]:
        seen: set[int] = set()
        for item in self._items.values():
            if id(item) not in seen:
                seen.add(id(item))
                yield item

    def __len__(self) -> int:
        return len({id(i) for i in self._items.values()})

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None


def load_list(path: Path, key: str, model: type[T]) -> list[T]:
    """Load ``{key: [item, ...]}`` from a YAML file, validating each item.

    Raises:
        InputError: listing every invalid item with its file, line and field.
    """
    doc = read_yaml(path)
    if not isinstance(doc.data, dict) or not isinstance(doc.data.get(key), list):
        raise InputError(f"expected a top-level {key!r} list", file=doc.file, line=1, field=key)
    out: list[T] = []
    problems: list[Problem] = []
    for i in range(len(doc.data[key])):
        try:
            out.append(validate(model, doc.at(key, i)))
        except InputError as exc:
            problems.extend(
                p.__class__(
                    p.message, p.file, p.line, f"{key}.{i}.{p.field or ''}".rstrip("."), p.expected
                )
                for p in exc.problems
            )
    if problems:
        raise InputError(problems=problems)
    return out


def field_path(field: str | None) -> tuple[str | int, ...]:
    """A dotted field as a path: ``weapons.0`` -> ``("weapons", 0)``."""
    if not field:
        return ()
    return tuple(int(p) if p.isdigit() else p for p in field.split("."))


def locate(
    problems: Iterable[Problem], doc: Located, prefix: tuple[str | int, ...] = ()
) -> list[Problem]:
    """Problems found in the part of ``doc`` at ``prefix`` (fields relative to it), with
    the file, line and full field filled in. A field that is not a path of the document
    (a lookup's kind, ``race``) is placed at ``prefix``; a problem of another file keeps
    its place."""
    out = []
    for p in problems:
        if p.file and p.file != doc.file:
            out.append(p)
            continue
        path = field_path(p.field)
        full = (*prefix, *path) if path and (*prefix, path[0]) in doc.lines else prefix
        dotted = ".".join(str(x) for x in full) or None
        out.append(Problem(p.message, doc.file, doc.line_of(full), dotted, p.expected))
    return out


def validate_partly(
    model: type[T], data: Any, *, fill: Mapping[str, Any] | None = None
) -> T | None:
    """``model`` validated from ``data``, or None; a mapping whose validation fails is
    tried once more without its bad fields (those in ``fill`` standing in for them), so
    that what is left can still be checked (the errors themselves are reported by
    whoever validated ``data`` first)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        if not isinstance(data, dict) or any(not e["loc"] for e in errors):
            return None
        bad = {e["loc"][0] for e in errors}
        trimmed = {k: v for k, v in data.items() if k not in bad}
        try:
            return model.model_validate({**(fill or {}), **trimmed})
        except ValidationError:
            return None


@cache
def bundled_yaml(name: str) -> Located:
    """A bundled data file, parsed (cached)."""
    return read_yaml(data_dir() / name)
