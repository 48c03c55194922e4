"""The poker-AI toolkit: hand strength, rollouts and potentials for batches (:mod:`.strength`),
tables of every suit class of a street (:mod:`.streets`), exact preflop equities (:mod:`.preflop`).

Suit classes themselves are :mod:`pokerlut.iso`.
"""

from .strength import (DEFAULT_BINS, Potential, Rollout, ehs, ehs2, equity_histogram, hand_strength, potential,
                       rollout)

__all__ = ["DEFAULT_BINS", "Potential", "Rollout", "ehs", "ehs2", "equity_histogram", "hand_strength", "potential",
           "rollout"]
