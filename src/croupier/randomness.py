"""One convention for randomness, the Scientific Python one (SPEC 7).

Every public function or class of croupier that draws random numbers takes one keyword,
``rng``: an ``int`` seed (the same seed gives the same cards every time), a
:class:`numpy.random.Generator` (used as it is, so successive calls continue its
stream), or ``None`` (fresh entropy from the operating system). :func:`as_generator`
turns that argument into a generator; :func:`as_seed_sequence` into the
:class:`numpy.random.SeedSequence` that work split over processes spawns from (an int
gives ``SeedSequence(int)``, so the same seed gives the same result as before).

>>> a, b = as_generator(7), as_generator(7)
>>> int(a.integers(100)) == int(b.integers(100))
True
>>> g = as_generator(None)
>>> as_generator(g) is g
True
>>> as_generator("7")
Traceback (most recent call last):
...
TypeError: rng must be an int seed, a numpy.random.Generator or None, not str
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np

from croupier.errors import CroupierError

__all__ = ["RNGLike", "as_generator", "as_seed_sequence", "seed_of", "stream_seed"]

#: What an ``rng`` argument may be: an int seed, a NumPy generator, or ``None``.
#: (Written as a string so that importing this module does not import numpy.random.)
RNGLike: TypeAlias = "int | np.random.Generator | None"


def _check(rng: RNGLike, name: str) -> None:
    if isinstance(rng, np.random.Generator) or rng is None:
        return
    if isinstance(rng, bool) or not isinstance(rng, int | np.integer):
        raise TypeError(
            f"{name} must be an int seed, a numpy.random.Generator or None, "
            f"not {type(rng).__name__}"
        )
    if rng < 0:
        raise CroupierError(f"bad {name} {rng}: a seed is 0 or more")


def as_generator(rng: RNGLike, name: str = "rng") -> np.random.Generator:
    """The generator ``rng`` stands for: a seeded one for an int, fresh for ``None``.

    A negative seed raises :class:`~croupier.errors.CroupierError` (a ``ValueError``); any
    other type raises :class:`TypeError` naming the argument (``name``).
    """
    _check(rng, name)
    if isinstance(rng, np.random.Generator):
        return rng
    return np.random.default_rng(None if rng is None else int(rng))


def as_seed_sequence(rng: RNGLike, name: str = "rng") -> np.random.SeedSequence:
    """The seed sequence to spawn independent streams from (one per block of work).

    An int gives ``SeedSequence(int)``; ``None`` fresh entropy; a generator a sequence
    seeded from its next draw (so the generator's state decides the result).

    >>> as_seed_sequence(7).entropy
    7
    >>> g1, g2 = as_generator(3), as_generator(3)
    >>> as_seed_sequence(g1).entropy == as_seed_sequence(g2).entropy
    True
    """
    _check(rng, name)
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(int(rng.integers(2**63)))
    return np.random.SeedSequence(None if rng is None else int(rng))


def seed_of(rng: RNGLike) -> int | None:
    """The int seed ``rng`` is, if it is one (what a result records to be repeated).

    >>> seed_of(7), seed_of(None)
    (7, None)
    """
    _check(rng, "rng")
    return None if rng is None or isinstance(rng, np.random.Generator) else int(rng)


def stream_seed(rng: RNGLike, name: str = "rng") -> int:
    """A 64-bit seed for counter-based streams (work keyed by the seed and a block
    number): an int seed itself (modulo 2**64, so that asking costs no generator), the
    next draw of a generator, fresh entropy for ``None``.

    >>> stream_seed(7), stream_seed(2**64 + 7)
    (7, 7)
    >>> 0 <= stream_seed(None) < 2**64
    True
    """
    _check(rng, name)
    if isinstance(rng, np.random.Generator):
        return int(rng.integers(0, 2**63, dtype=np.int64))
    if rng is None:
        import random  # the generator secrets uses, without its hashlib import

        return random.SystemRandom().getrandbits(64)
    return int(rng) % 2**64
