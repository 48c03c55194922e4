"""The poker-AI toolkit: hand strength, rollouts and potentials for batches (:mod:`.strength`),
tables of every suit class of a street (:mod:`.streets`), exact preflop equities (:mod:`.preflop`).

Suit classes themselves are :mod:`pokerlut.iso`.
"""

from .preflop import PreflopResult, PreflopTables, preflop_equity, preflop_lookup, preflop_tables, preflop_versus
from .streets import StreetTable, street_table
from .strength import (DEFAULT_BINS, Potential, Rollout, ehs, ehs2, equity_histogram, hand_strength, potential,
                       rollout)

__all__ = ["DEFAULT_BINS", "Potential", "PreflopResult", "PreflopTables", "Rollout", "StreetTable", "ehs", "ehs2",
           "equity_histogram", "hand_strength", "potential", "preflop_equity", "preflop_lookup", "preflop_tables",
           "preflop_versus", "rollout", "street_table"]
