"""The only place croupier changes Typer's private behaviour, fenced by Typer's version.

Two changes, both for the command line's look and speed, none for its meaning:

- values croupier parses itself (every number and file name has a ``parser``), plain
  text, lists of texts (``poker calc``'s ranges, ``--keep``) and flags skip Typer's
  Pydantic coercion, whose import alone costs about 0.3 s a run;
- help shows a plain word for an option's value (``N``, ``TEXT``, ``FILE``), nothing for
  a flag, and no Python type after an argument's name.

They replace methods of ``typer.core`` classes, which Typer does not promise to keep.
:func:`install` applies them only on the Typer versions they were tested with
(:data:`TESTED`), and only when every method they replace is there; on any other version
croupier runs with Typer's stock behaviour (slower to start, help types in Typer's words),
and ``tests/cli/test_typerpatch.py`` fails loudly so the range gets checked and widened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import typer
import typer.core

#: Typer versions the patches were tested with: from the first (inclusive) to the
#: second (exclusive), as (major, minor) pairs. ``pyproject.toml`` pins the same range.
TESTED: Final = ((0, 29), (0, 30))

__all__ = ["TESTED", "install", "installed", "tested_version"]

_installed = False


def tested_version(version: str) -> bool:
    """Whether a Typer ``version`` string lies in :data:`TESTED`.

    >>> tested_version("0.29.2"), tested_version("0.30.0"), tested_version("1.0")
    (True, False, False)
    >>> tested_version("not a version")
    False
    """
    parts = version.split(".")[:2]
    if len(parts) < 2 or not all(part.isdigit() for part in parts):
        return False
    low, high = TESTED
    return low <= (int(parts[0]), int(parts[1])) < high


def installed() -> bool:
    """Whether :func:`install` has applied the patches in this process."""
    return _installed


def _targets() -> dict[str, tuple[type, str]]:
    """Each patched method, by what it is for: (class, attribute)."""
    return {
        "process_value": (getattr(typer.core, "_TyperParameter", type(None)), "process_value"),
        "option_type": (typer.core.TyperOption, "display_type_rich"),
        "argument_type": (typer.core.TyperArgument, "display_type_rich"),
    }


def _texts(value: Any) -> bool:
    """Whether ``value`` is what the command line gives a list of texts: None (nothing
    given), or a list or tuple of strings."""
    return value is None or (
        isinstance(value, list | tuple) and all(isinstance(item, str) for item in value)
    )


def install(version: str | None = None) -> bool:
    """Apply the patches once when Typer's ``version`` (default: the installed one) is
    tested and every method to replace exists; return whether they are in place."""
    global _installed
    if _installed:
        return True
    targets = _targets()
    if not tested_version(typer.__version__ if version is None else version) or not all(
        callable(getattr(owner, name, None)) for owner, name in targets.values()
    ):
        return False
    original_process: Callable[..., Any] = getattr(*targets["process_value"])
    original_type: Callable[..., str | None] = getattr(*targets["option_type"])

    def process_value(self: Any, ctx: Any, value: Any) -> Any:
        info = self.type_descriptor.parameter_info
        annotation = self.type_descriptor.annotation
        multiple = self.nargs != 1 or self.multiple
        if multiple and info.parser is None and annotation == list[str] and _texts(value):
            # what Typer's coercion makes of texts: a list of them, () for none given
            value = () if value is None else list(value)
            if self.required and self.value_is_missing(value):
                return original_process(self, ctx, value)  # Typer's own message
            return value if self.callback is None else self.callback(ctx, self, value)
        if multiple or (info.parser is None and annotation not in (str, bool)):
            return original_process(self, ctx, value)
        if value is not None:
            if info.parser is not None:
                value = info.parser(value)
            elif annotation is bool and not isinstance(value, bool):
                return original_process(self, ctx, value)
        elif annotation is bool and getattr(self, "is_flag", False):
            value = False
        if self.required and self.value_is_missing(value):
            return original_process(self, ctx, value)  # Typer's own message
        if self.callback is not None:
            value = self.callback(ctx, self, value)
        return value

    def option_type(self: Any, ctx: Any) -> str | None:
        if self.metavar is not None:
            return str(self.metavar)
        if self.is_flag:
            return None
        shown = original_type(self, ctx)
        if shown is None:
            return None
        word = shown.strip("<>")
        return {"str": "TEXT", "int": "N", "float": "NUMBER"}.get(word, word.upper())

    def argument_type(self: Any, ctx: Any) -> None:
        return None

    replacements = {
        "process_value": process_value,
        "option_type": option_type,
        "argument_type": argument_type,
    }
    for what, (owner, name) in targets.items():
        setattr(owner, name, replacements[what])
    _installed = True
    return True
