"""The equity engines, registered per deal reader: what :func:`pokerlut.equity` runs for a game.

Every hand rule (:mod:`pokerlut.rules`) names its deal reader (:attr:`~pokerlut.rules.HandRule.deal`:
``"holdem"``, ``"omaha"``, ``"stud"``).  Here each reader is registered once with the engines that
answer its deals, in the order they are tried: an engine returns an
:class:`~pokerlut.equities.results.EquityResult`, or ``None`` to pass the question to the next one
(a table that holds only some questions, an engine that fits only small ones).  :func:`answer` checks
the options of a call once (:class:`Question`), reads the deal with the game's reader and runs its
engines: no engine is chosen by the game's name.

Adding an engine is one call, from the module that defines it::

    register_engine("holdem", Engine("small ranges", run_small_ranges), before="holdem")

>>> [e.name for e in engines("omaha")]
['omaha']
>>> engines("nope")
Traceback (most recent call last):
...
ValueError: no deal reader is registered as 'nope'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .. import _seeds
from .._messages import shown
from ..variants import Variant
from . import plan

__all__ = ["Question", "Engine", "DealReader", "register_deal", "register_engine", "engines", "check_question",
           "reader_of", "answer", "HOLDEM_OPTIONS"]

#: The options only Hold'em's engines take (an engine lists the ones it takes in :attr:`Engine.options`).
HOLDEM_OPTIONS = ("per_combo", "method")


@dataclass(frozen=True)
class Question:
    """The options of one equity call, checked once (see :func:`pokerlut.equity`)."""

    exact: bool | None = None
    samples: int = plan.DEFAULT_SAMPLES
    seed: Any = None
    progress: bool = False
    per_combo: bool = False
    method: str | None = None
    max_draws: int | None = None


@dataclass(frozen=True)
class Engine:
    """One equity engine: ``run(deal, question)`` gives the result, or ``None`` to let the next engine
    of the reader answer; ``options`` names the options beyond the common ones it takes."""

    name: str
    run: Callable[[Any, Question], Any]
    options: tuple[str, ...] = ()


@dataclass
class DealReader:
    """A deal reader, ``read(players, board, dead, variant)``, and the engines of its deals, in order."""

    name: str
    read: Callable[[Any, Any, Any, Variant], Any]
    engines: list[Engine] = field(default_factory=list)


#: Every deal reader by name (:attr:`pokerlut.rules.HandRule.deal`).
READERS: dict[str, DealReader] = {}


def register_deal(name: str, read: Callable[[Any, Any, Any, Variant], Any]) -> DealReader:
    """Register the deal reader ``name`` (new) with no engine yet; returns it."""
    if name in READERS:
        raise ValueError(f"a deal reader named {name!r} is registered already")
    READERS[name] = reader = DealReader(name, read)
    return reader


def register_engine(deal: str, engine: Engine, *, before: str | None = None) -> Engine:
    """Add ``engine`` to the engines of the deal reader ``deal``: last, or just before the engine
    named ``before``; returns it."""
    listed = _reader(deal).engines
    if any(e.name == engine.name for e in listed):
        raise ValueError(f"an engine named {engine.name!r} is registered for {deal!r} already")
    at = len(listed) if before is None else [e.name for e in listed].index(before)
    listed.insert(at, engine)
    return engine


def _reader(name: str) -> DealReader:
    try:
        return READERS[name]
    except KeyError:
        raise ValueError(f"no deal reader is registered as {shown(name)}") from None


def engines(deal: str) -> tuple[Engine, ...]:
    """The engines of the deal reader ``deal``, in the order they are tried."""
    return tuple(_reader(deal).engines)


def check_question(exact=None, samples=plan.DEFAULT_SAMPLES, seed=None, progress: bool = False,
                   per_combo: bool = False, method: str | None = None, max_draws=None) -> Question:
    """The options of an equity call, each checked (the one place they are).

    >>> check_question(samples=0)
    Traceback (most recent call last):
    ...
    ValueError: samples must be at least 1, got 0
    """
    exact = plan.check_exact(exact)
    samples = plan.check_samples(samples)
    max_draws = plan.check_max_draws(max_draws)
    _seeds.check_seed(seed)
    if not isinstance(per_combo, (bool, np.bool_)):
        raise TypeError(f"per_combo must be True or False, got {shown(per_combo)}")
    return Question(exact, samples, seed, progress, bool(per_combo), method, max_draws)


def reader_of(v: Variant) -> DealReader | None:
    """The deal reader of game ``v`` (``None``: a game with no cards to come)."""
    return None if v.rule.deal is None else _reader(v.rule.deal)


def answer(players, board, dead, v: Variant, question: Question):
    """The equity of a deal of game ``v``: read by the game's deal reader, answered by the first of
    its engines that answers."""
    reader = reader_of(v)
    if reader is None:
        raise ValueError(f"equity is for games with cards to come (Hold'em, Omaha, stud); {v.name} hands are ranked "
                         f"as dealt: use pokerlut.showdown")
    given = [option for option in HOLDEM_OPTIONS if getattr(question, option) not in (None, False)]
    taken = {option for engine in reader.engines for option in engine.options} if given else set()
    if any(option not in taken for option in given):
        raise ValueError(f"{' and '.join(HOLDEM_OPTIONS)} are for the Hold'em games, not {v.name}")
    deal = reader.read(players, board, dead, v)
    for engine in reader.engines:
        result = engine.run(deal, question)
        if result is not None:
            return result
    raise ValueError(f"no engine of the {reader.name} deal answers this question")
