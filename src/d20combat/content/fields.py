"""The fields a content model accepts at a path, for "unknown field" messages.

``fields_at(StatBlock, ("weapons", 0))`` walks the model's annotations (through
``Annotated``, optional values, tuples and lists) to the model at that path and lists its
fields: the message for ``weapons.0.enhancment`` can name ``weapon, label, enhancement ...``.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

Path_ = tuple[str | int, ...]


def _unwrap(annotation: Any) -> Any:
    """Strip ``Annotated`` and ``None`` from an annotation."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, UnionType):
            rest = [a for a in get_args(annotation) if a is not type(None)]
            if len(rest) != 1:
                return annotation
            annotation = rest[0]
        else:
            return annotation


def _walk(annotation: Any, part: str | int) -> Any:
    """The annotation one step down ``part`` from ``annotation`` (None if unknown)."""
    annotation = _unwrap(annotation)
    if isinstance(part, int):
        args = [a for a in get_args(annotation) if a is not Ellipsis]
        return args[0] if get_origin(annotation) in (tuple, list) and args else None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        info = annotation.model_fields.get(part)
        return info.annotation if info else None
    return None


def fields_at(root: type[BaseModel], loc: Path_) -> list[str]:
    """The fields of the model found at ``loc`` under ``root``, in declaration order;
    [] if ``loc`` does not lead to a model."""
    annotation: Any = root
    for part in loc:
        annotation = _walk(annotation, part)
        if annotation is None:
            return []
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return list(annotation.model_fields)
    return []


def _subclasses(cls: type[BaseModel]) -> Iterator[type[BaseModel]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def model_named(title: str, base: type[BaseModel]) -> type[BaseModel] | None:
    """The one subclass of ``base`` called ``title`` (a ValidationError's title), or None
    if there is none or several."""
    found = {m for m in _subclasses(base) if m.__name__ == title}
    return found.pop() if len(found) == 1 else None
