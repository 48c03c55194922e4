"""The one seed path: every function that takes ``seed=`` (:func:`pokerlut.equity`,
:func:`pokerlut.equity_batch`, :func:`pokerlut.random_hands`, :func:`pokerlut.dask.equity`, the
command line's ``--seed``) reads it here.

A seed is ``None`` (fresh entropy), an ``int >= 0`` (numpy integers too, never a bool), a
:class:`numpy.random.SeedSequence` or a :class:`numpy.random.Generator`.  Anything else is a
``TypeError`` and a negative integer a ``ValueError``, both naming ``seed``: a float, a string or
``True`` used to mean some integer without a word.

* :func:`entropy`: the non-negative integer a seeded computation starts from (the one
  :class:`pokerlut.EquityResult` reports in ``.seed``, which reproduces the run);
* :func:`generator`: a :class:`numpy.random.Generator` for the same seed.

The command line's ``--seed`` reads its text with :func:`pokerlut.cli.args.seed_argument`.
"""

from __future__ import annotations

import numbers
import secrets
from typing import Any, Union

import numpy as np

from ._messages import integer_text

__all__ = ["SeedLike", "check_seed", "entropy", "generator"]

SeedLike = Union[None, int, np.integer, np.random.SeedSequence, np.random.Generator]

_KINDS = "None, an integer >= 0, a numpy.random.SeedSequence or a numpy.random.Generator"


def check_seed(seed: Any, what: str = "seed") -> Any:
    """``seed`` itself if it is a seed (see the module doc), else a ``TypeError``/``ValueError``
    naming ``what``.

    Parameters
    ----------
    seed
        The value to check.
    what
        The name used in the error message.

    Returns
    -------
    object
        ``seed``, unchanged.

    Examples
    --------
    >>> check_seed(5), check_seed(None)
    (5, None)
    >>> check_seed(1.7)
    Traceback (most recent call last):
    ...
    TypeError: seed must be None, an integer >= 0, a numpy.random.SeedSequence or a numpy.random.Generator; got 1.7 (float)
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an integer >= 0, got -1
    """
    if seed is None or isinstance(seed, (np.random.SeedSequence, np.random.Generator)):
        return seed
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        text = repr(seed)
        if len(text) > 60:
            text = text[:57] + "..."
        raise TypeError(f"{what} must be {_KINDS}; got {text} ({type(seed).__name__})")
    if int(seed) < 0:
        raise ValueError(f"{what} must be an integer >= 0, got {integer_text(seed)}")
    return seed


def entropy(seed: Any, what: str = "seed") -> int:
    """The non-negative integer a seeded run starts from.

    ``None`` draws 63 fresh bits; an integer is itself; a root ``SeedSequence`` (integer entropy,
    no spawn key) gives its entropy, so ``SeedSequence(5)`` means what ``5`` means, as in numpy;
    any other ``SeedSequence`` (a spawned child, sequence entropy) and a ``Generator`` give 63 bits
    drawn from them (a ``Generator`` advances).  Passing the result as ``seed`` repeats the run.

    Parameters
    ----------
    seed
        ``None``, an integer >= 0, a ``SeedSequence`` or a ``Generator``.
    what
        The name used in the error message.

    Returns
    -------
    int
        The entropy, >= 0.

    Examples
    --------
    >>> entropy(7), entropy(np.random.SeedSequence(7))
    (7, 7)
    >>> entropy(np.random.default_rng(1)) == entropy(np.random.default_rng(1))
    True
    >>> entropy("5")
    Traceback (most recent call last):
    ...
    TypeError: seed must be None, an integer >= 0, a numpy.random.SeedSequence or a numpy.random.Generator; got '5' (str)
    """
    seed = check_seed(seed, what)
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(0, 1 << 63, dtype=np.int64))
    if isinstance(seed, np.random.SeedSequence):
        if isinstance(seed.entropy, numbers.Integral) and not seed.spawn_key:
            return int(seed.entropy)
        return int(seed.generate_state(1, np.uint64)[0] >> np.uint64(1))
    return int(seed)


def generator(seed: Any, what: str = "seed") -> np.random.Generator:
    """A :class:`numpy.random.Generator` for ``seed``: a ``Generator`` is used as it is (and
    advances), anything else goes to :func:`numpy.random.default_rng` once checked.

    Parameters
    ----------
    seed
        ``None``, an integer >= 0, a ``SeedSequence`` or a ``Generator``.
    what
        The name used in the error message.

    Returns
    -------
    numpy.random.Generator

    Examples
    --------
    >>> int(generator(3).integers(100)) == int(np.random.default_rng(3).integers(100))
    True
    >>> generator(True)
    Traceback (most recent call last):
    ...
    TypeError: seed must be None, an integer >= 0, a numpy.random.SeedSequence or a numpy.random.Generator; got True (bool)
    """
    seed = check_seed(seed, what)
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(None if seed is None else seed if isinstance(seed, np.random.SeedSequence)
                                 else int(seed))
