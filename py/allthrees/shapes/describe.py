"""Every boundary shape written down as JSON (``describe``), for a test to compare with the
JavaScript's JSDoc typedefs: ``python -m allthrees.shapes`` prints it.

Each ``TypedDict`` is ``{"module": ..., "fields": {name: {"type": ..., "required": ...}}}``, and
each union of them (``Request``, ``Reply``, ``EventShown`` ...) ``{"module": ..., "union":
[names]}``. A type is written in one small grammar: ``int``, ``float``, ``str``, ``bool``,
``null``, ``any`` (``Json``: any JSON), ``list[T]``, ``dict[str, T]``, a literal as its JSON
(``"deal"``, ``3``), a shape by its name, and a union as ``A | B`` (its members in the order the
source gives them).
"""

from __future__ import annotations

import types
import typing
from typing import Any, TypedDict

from . import career, game, messages, replies, requests, saved, table

MODULES = (game, table, saved, career, messages, requests, replies)


class Field(TypedDict):
    type: str
    required: bool


def describe() -> dict[str, dict[str, object]]:
    """Every shape of ``MODULES`` by name, in the order the modules define them."""
    out: dict[str, dict[str, object]] = {}
    for module in MODULES:
        for name, value in vars(module).items():
            if isinstance(value, type) and typing.is_typeddict(value):
                if value.__module__ == module.__name__:
                    out[name] = {"module": _short(module), "fields": _fields(value)}
            elif isinstance(value, types.UnionType) and all(
                typing.is_typeddict(member) for member in typing.get_args(value)
            ):
                members = [m.__name__ for m in typing.get_args(value)]
                out[name] = {"module": _short(module), "union": members}
    return out


def _short(module: types.ModuleType) -> str:
    return module.__name__.rpartition(".")[2]


def _fields(shape: type) -> dict[str, Field]:
    hints = typing.get_type_hints(shape)
    required: frozenset[str] = getattr(shape, "__required_keys__", frozenset())
    return {
        name: {"type": written(hint), "required": name in required} for name, hint in hints.items()
    }


def written(hint: Any) -> str:  # a type as ``typing`` gives it: any of its forms
    """A type in the grammar of the module's docstring."""
    if hint is Any:
        return "any"
    if hint is type(None) or hint is None:
        return "null"
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return hint.__name__
    simple = {int: "int", float: "float", str: "str", bool: "bool", object: "any"}
    if hint in simple:
        return simple[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return " | ".join(_literal(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(written(a) for a in args)
    if origin is list:
        return f"list[{written(args[0])}]"
    if origin is dict:
        return f"dict[{written(args[0])}, {written(args[1])}]"
    if origin in (typing.NotRequired, typing.Required):
        return written(args[0])
    raise TypeError(f"a shape's field has a type the description cannot write: {hint!r}")


def _literal(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    return str(value).lower() if isinstance(value, bool) else str(value)
