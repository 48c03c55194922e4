"""The poker-AI toolkit: hand strength, rollouts and potentials for batches (:mod:`.strength`),
tables of every suit class of a street (:mod:`.streets`), exact preflop equities (:mod:`.preflop`).

Suit classes themselves are :mod:`pokerlut.iso`.  Each name is imported from its module on first
use (PEP 562), so that the exact preflop tables (which :func:`pokerlut.equity` reads) load without
the rollouts and the street tables.

>>> from pokerlut import abstraction
>>> abstraction.DEFAULT_BINS > 0
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_attributes

if TYPE_CHECKING:
    from .preflop import PreflopResult, PreflopTables, preflop_equity, preflop_lookup, preflop_tables, preflop_versus
    from .streets import StreetTable, street_table
    from .strength import (DEFAULT_BINS, Potential, Rollout, ehs, ehs2, equity_histogram, hand_strength,
                           potential, rollout)

#: Each public name by the module that defines it.
_NAMES = {
    **dict.fromkeys(("PreflopResult", "PreflopTables", "preflop_equity", "preflop_lookup", "preflop_tables",
                     "preflop_versus"), "preflop"),
    **dict.fromkeys(("StreetTable", "street_table"), "streets"),
    **dict.fromkeys(("DEFAULT_BINS", "Potential", "Rollout", "ehs", "ehs2", "equity_histogram", "hand_strength",
                     "potential", "rollout"), "strength"),
}

__all__ = [
    # hand strength, rollouts and potentials
    "hand_strength", "ehs", "ehs2", "equity_histogram", "potential", "rollout", "Rollout", "Potential",
    "DEFAULT_BINS",
    # whole-street tables
    "street_table", "StreetTable",
    # the exact preflop tables
    "preflop_equity", "preflop_lookup", "preflop_tables", "preflop_versus", "PreflopResult", "PreflopTables",
]

__getattr__, __dir__ = lazy_attributes(__name__, _NAMES, __all__, any_submodule=True)
