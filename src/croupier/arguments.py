"""Arguments checked against their annotations, so that a wrong type is a ``TypeError``
naming the argument, raised before any work is done.

Every public function and class of the games is decorated with :func:`checked`: an
argument whose type does not fit its annotation stops the call with the message
``NAME must be WHAT, not TYPE`` (the form :func:`croupier.errors.check_type` gives),
instead of an ``AttributeError`` or an ``OverflowError`` from deep inside. Only types are
checked here; values of the right type (a negative count, an unknown bet) are each
function's to refuse with its package's error.

>>> @checked
... def deal(decks: int, names: list[str] | None = None) -> int:
...     return decks
>>> deal(8)
8
>>> deal("8")
Traceback (most recent call last):
...
TypeError: decks must be an int, not str
>>> deal(8, names=["a", 5])
Traceback (most recent call last):
...
TypeError: names[1] must be a str, not int

The rules, lenient where Python is: an ``int`` is any integral number but a ``bool``
(NumPy's too), a ``float`` any real number but a ``bool``; ``Sequence[X]``, ``tuple[X,
...]`` and ``list[X]`` take any sequence (a list for a tuple) but a ``str``, and their
items are checked when it is a list or a tuple; ``Iterable[X]`` takes any iterable but a
``str`` or ``bytes`` (its items are not read, an iterator would be used up); an enum takes
its members only; ``Any``, ``object``, type variables, NumPy's ``ArrayLike`` and aliases
written as strings (``RNGLike``: :func:`croupier.randomness.as_generator` checks it) are
not checked. Keyword arguments gathered as ``**options: Unpack[Options]`` (a
``TypedDict``) are checked against its keys, as named parameters are: an unknown keyword
is a ``TypeError``, as Python makes it for a named parameter, and each value is checked
against its key's annotation. Annotations are read at the first call (they are strings
until then).

>>> class Options(typing.TypedDict, total=False):
...     trials: int
>>> @checked
... def run(**options: typing.Unpack[Options]) -> int:
...     return options.get("trials", 0)
>>> run(trials=5)
5
>>> run(trails=5)
Traceback (most recent call last):
...
TypeError: run() got an unexpected keyword argument 'trails'
>>> run(trials="5")
Traceback (most recent call last):
...
TypeError: trials must be an int, not str
"""

from __future__ import annotations

import collections.abc as abc
import enum
import functools
import numbers
import sys
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

__all__ = ["checked", "is_integral"]

F = TypeVar("F", bound=Callable[..., Any])

#: Containers whose items are checked (a list or a tuple given for them).
_SEQUENCES: typing.Final = frozenset({tuple, list, abc.Sequence, abc.MutableSequence})
#: Containers checked as iterables only (an iterator given for them would be used up).
_ITERABLES: typing.Final = frozenset(
    {abc.Iterable, abc.Iterator, abc.Collection, abc.Set, set, frozenset, abc.Generator}
)


#: The checks of a function's parameters: by position (index, name and check; only the
#: parameters with a check), by name, and the keywords a function takes when its
#: ``**options`` are a ``TypedDict``'s (None: any keyword Python lets through).
Checks = tuple[tuple[tuple[int, str, "_Check"], ...], dict[str, "_Check"], frozenset[str] | None]


@dataclass(frozen=True, slots=True)
class _Check:
    """What one annotation accepts: a test of the value itself, what to call it in a
    message, and, for a list or tuple, a check of each item (by position for a fixed
    tuple)."""

    accepts: Callable[[object], bool]
    what: str
    items: _Check | None = None
    positions: tuple[_Check | None, ...] | None = None
    #: Classes whose instances pass at once, nothing more to check (the common case, so
    #: that a checked function costs about a microsecond more a call).
    plain: frozenset[type] = frozenset()
    #: Classes whose instances are accepted at once, their items then checked (a list
    #: or a tuple given for a sequence).
    listed: frozenset[type] = frozenset()

    def check(self, value: object, name: str) -> None:
        kind = value.__class__
        if kind in self.plain:
            return
        if kind not in self.listed and not self.accepts(value):
            raise TypeError(f"{name} must be {self.what}, not {_type_name(value)}")
        if not isinstance(value, list | tuple):
            return
        items = self.items
        if items is not None:
            plain = items.plain  # the items' common case, without naming each one
            for i, item in enumerate(value):
                if item.__class__ not in plain:
                    items.check(item, f"{name}[{i}]")
        elif self.positions is not None and len(self.positions) == len(value):
            for i, (item, check) in enumerate(zip(value, self.positions, strict=True)):
                if check is not None:
                    check.check(item, f"{name}[{i}]")


def _type_name(value: object) -> str:
    kind = type(value)
    return kind.__name__ if kind.__module__ in ("builtins", "__main__") else kind.__qualname__


def _article(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _instance(kind: type, what: str) -> _Check:
    return _Check(lambda value: isinstance(value, kind), what, plain=frozenset({kind}))


_NONE: Final = _Check(lambda value: value is None, "None", plain=frozenset({type(None)}))


def is_integral(value: object) -> bool:
    """Whether ``value`` is a whole number as :func:`checked` reads ``int``: any integral
    number (NumPy's too) but a ``bool``.

    >>> import numpy as np
    >>> is_integral(2**70), is_integral(np.uint64(3)), is_integral(True), is_integral(2.0)
    (True, True, False, False)
    """
    return isinstance(value, numbers.Integral) and not _boolean(value)


def _real(value: object) -> bool:
    return isinstance(value, numbers.Real) and not _boolean(value)


def _boolean(value: object) -> bool:
    """A ``bool``, or NumPy's (which is not an ``int`` either)."""
    return isinstance(value, bool) or (type(value).__name__ == "bool" and hasattr(value, "dtype"))


def _not_text(kind: type) -> Callable[[object], bool]:
    return lambda value: isinstance(value, kind) and not isinstance(value, str | bytes)


def _for_class(kind: type) -> _Check | None:
    if kind is object:
        return None
    if kind is bool:
        return _Check(_boolean, "a bool", plain=frozenset({bool}))
    if kind is int:
        return _Check(is_integral, "an int", plain=frozenset({int}))
    if kind is float:
        return _Check(_real, "a number", plain=frozenset({float, int}))
    if kind is str:
        return _instance(str, "a str")
    if kind is type(None):
        return _NONE
    if getattr(kind, "_is_protocol", False) and not getattr(kind, "_is_runtime_protocol", False):
        return None  # a static protocol: isinstance cannot tell
    if isinstance(kind, enum.EnumMeta):
        return _instance(kind, _article(kind.__name__))
    return _instance(kind, _article(kind.__name__))


def _of(kind: str, item: _Check | None) -> str:
    """``a sequence`` or ``a sequence of Card``."""
    return kind if item is None else f"{kind} of {item.what.split(' ', 1)[-1]}"


def _for_generic(
    origin: Any, arguments: tuple[Any, ...], namespace: dict[str, Any]
) -> _Check | None:
    if origin in _SEQUENCES:
        if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
            item = _for(arguments[0], namespace)
            return _Check(
                _not_text(abc.Sequence), _of("a sequence", item), items=item, listed=_LISTS
            )
        if origin is tuple and arguments:
            positions = tuple(_for(argument, namespace) for argument in arguments)
            return _Check(
                _instance(tuple, "").accepts, "a tuple", positions=positions, listed=_TUPLE
            )
        item = _for(arguments[0], namespace) if arguments else None
        numeric = item is None or item.what in ("an int", "a number")
        accepts = _sequence if numeric else _not_text(abc.Sequence)  # an array holds numbers
        return _Check(accepts, _of("a sequence", item), items=item, listed=_LISTS)
    if origin in _ITERABLES:
        item = _for(arguments[0], namespace) if arguments else None
        return _Check(_not_text(abc.Iterable), _of("an iterable", item), plain=_CONTAINERS)
    if origin in (dict, abc.Mapping, abc.MutableMapping):
        return _Check(lambda value: isinstance(value, abc.Mapping), "a mapping", plain=_DICT)
    if origin is abc.Callable:
        return _Check(callable, "callable", plain=_FUNCTIONS)
    if origin is type:
        base = arguments[0] if arguments and isinstance(arguments[0], type) else object
        return _Check(
            lambda value: isinstance(value, type) and issubclass(value, base),
            f"a subclass of {base.__name__}",
        )
    if isinstance(origin, type):
        return _for_class(origin)
    return None


def _sequence(value: object) -> bool:
    """A sequence or an array, but not text."""
    if isinstance(value, str | bytes):
        return False
    return isinstance(value, abc.Sequence) or type(value).__name__ == "ndarray"


#: The class of a ``type X = ...`` alias (Python 3.12 and newer; NumPy 2.5 and newer write
#: ``NDArray`` so): checked as what it stands for.
_ALIAS: Final = getattr(typing, "TypeAliasType", None)
#: Containers whose items are never read by a check (an iterable's).
_CONTAINERS: Final = frozenset({tuple, list, set, frozenset, dict})
_DICT: Final = frozenset({dict})
#: What a sequence's check takes at once (then reads its items), and a fixed tuple's.
_LISTS: Final = frozenset({list, tuple})
_TUPLE: Final = frozenset({tuple})
_FUNCTIONS: Final = frozenset({types.FunctionType, types.MethodType, types.BuiltinFunctionType})


def _union(members: list[_Check | None]) -> _Check | None:
    if any(member is None for member in members):
        return None
    checks = [member for member in members if member is not None]
    plain = frozenset().union(
        *(check.plain for check in checks if check.items is None and check.positions is None)
    )
    whats = list(dict.fromkeys(check.what for check in checks))
    what = ", ".join(whats[:-1]) + f" or {whats[-1]}" if len(whats) > 1 else whats[0]
    items = [check.items for check in checks if check.items is not None]
    positions = [check.positions for check in checks if check.positions is not None]
    return _Check(
        lambda value: any(check.accepts(value) for check in checks),
        what,
        items=items[0] if len(items) == 1 and len(checks) <= 2 else None,
        positions=positions[0] if len(positions) == 1 and not items and len(checks) <= 2 else None,
        plain=plain,
        listed=frozenset().union(*(check.listed for check in checks)) - plain,
    )


def _for(annotation: Any, namespace: dict[str, Any]) -> _Check | None:
    """The check of ``annotation``, or ``None`` when it cannot be checked at run time."""
    if isinstance(annotation, str):
        try:
            annotation = eval(annotation, namespace)
        except Exception:  # a name imported for type checkers only: not checked
            return None
        if isinstance(annotation, str):  # an alias written as a string (RNGLike): the
            return None  # function checks it itself (as_generator), with a fuller message
    if annotation is None:
        return _NONE
    if annotation is Any or isinstance(annotation, TypeVar):
        return None
    if _ALIAS is not None and isinstance(annotation, _ALIAS):  # `type X = ...` (3.12+)
        return _for(annotation.__value__, namespace)
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if _ALIAS is not None and isinstance(origin, _ALIAS):  # NumPy 2.5's NDArray[np.int8]
        return _for(origin.__value__, namespace)
    if origin is typing.Union or origin is types.UnionType:
        return _union([_for(argument, namespace) for argument in arguments])
    if origin is typing.Literal:
        kinds = {type(value) for value in arguments}
        return _union([_for_class(kind) for kind in kinds])
    if origin is typing.Annotated:
        return _for(arguments[0], namespace)
    if origin is not None:
        return _for_generic(origin, arguments, namespace)
    if isinstance(annotation, type):
        return _for_class(annotation)
    return None


def _checks(function: Callable[..., Any]) -> Checks:
    """Checks by position and by name, read from ``function``'s annotations."""
    import inspect

    namespace = dict(getattr(function, "__globals__", {}))
    annotations = getattr(function, "__annotations__", {})
    positional: list[tuple[int, str, _Check]] = []
    by_name: dict[str, _Check] = {}
    keywords: frozenset[str] | None = None
    parameters = inspect.signature(function).parameters.values()
    for index, parameter in enumerate(parameters):
        if parameter.kind == parameter.VAR_KEYWORD:
            options = _typed_options(annotations.get(parameter.name), namespace)
            if options is not None:
                # the names a call may give (not *args, **options or positional-only ones)
                named = {
                    p.name
                    for p in parameters
                    if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
                }
                keywords = frozenset(named | options.keys())
                for key, check in options.items():
                    if check is not None and key not in named:
                        by_name[key] = check
            continue
        if parameter.kind == parameter.VAR_POSITIONAL:
            continue
        annotation = annotations.get(parameter.name)
        check = None if annotation is None else _for(annotation, namespace)
        if check is None:
            continue
        if parameter.kind != parameter.KEYWORD_ONLY:
            positional.append((index, parameter.name, check))
        by_name[parameter.name] = check
    return tuple(positional), by_name, keywords


def _typed_options(annotation: Any, namespace: dict[str, Any]) -> dict[str, _Check | None] | None:
    """The check of each key of the ``TypedDict`` of ``**options: Unpack[Options]`` (its
    annotations read in the class's module), or None for any other annotation of
    ``**options``."""
    if isinstance(annotation, str):
        try:
            annotation = eval(annotation, namespace)
        except Exception:  # a name imported for type checkers only: not checked
            return None
    if typing.get_origin(annotation) is not typing.Unpack:
        return None
    (options,) = typing.get_args(annotation)
    if not typing.is_typeddict(options):
        return None
    module = sys.modules.get(options.__module__)
    where = dict(vars(module)) if module is not None else namespace
    checks: dict[str, _Check | None] = {}
    for key, hint in options.__annotations__.items():  # its bases' keys too
        forward = getattr(hint, "__forward_arg__", None)  # a string, as the module wrote it
        checks[key] = _for(forward if isinstance(forward, str) else hint, where)
    return checks


def checked(target: F) -> F:
    """Check the arguments of a function (or of a class's ``__init__``) against their
    annotations at every call (see the module's rules); a wrong type raises
    :class:`TypeError` naming the argument."""
    if isinstance(target, type):
        target.__init__ = checked(target.__init__)  # type: ignore[misc]
        return target
    function = target
    found: list[Checks] = []

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(_checks(function))
        positional, by_name, keywords = found[0]
        given = len(args)
        for index, name, check in positional:
            if index < given:
                check.check(args[index], name)
        if kwargs:
            for name, value in kwargs.items():
                named = by_name.get(name)
                if named is not None:
                    named.check(value, name)
                elif keywords is not None and name not in keywords:
                    raise TypeError(
                        f"{function.__qualname__}() got an unexpected keyword argument {name!r}"
                    )
        return function(*args, **kwargs)

    return call  # type: ignore[return-value]
