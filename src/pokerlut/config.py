"""Budgets and limits: every tunable of the equity engines in one place, read at call time.

A *tunable* is a policy (how much work ``exact=None`` enumerates before it samples, how large a run
may grow before it is refused), not a fact of the game (deck size, hand sizes: :mod:`pokerlut.constants`)
or of the table layout (:mod:`pokerlut.layout`).  The engines read these names from this module each
time they are called, so changing one changes what the next call does; :func:`reset` puts every
default back.

The three exact budgets are different quantities, so they are three names:

* :data:`EXACT_BUDGET` counts hold'em-style player-hands (deals x boards x players), one 7-card
  lookup each (boards that share a rank multiset are ranked once: cheaper than it reads);
* :data:`OMAHA_EXACT_BUDGET` counts Omaha player-hands, each the best of 60 (PLO4) to 150 (PLO6)
  two-plus-three lookups, hence a quarter of the hold'em count for about the same time;
* :data:`STUD_EXACT_BUDGET` counts stud deals x players with unknown cards (a deal is every unseen
  card of every player, not a board shared by all).

>>> from pokerlut import config
>>> config.EXACT_BUDGET
400000000
>>> config.EXACT_BUDGET = 1000
>>> config.reset()
>>> config.EXACT_BUDGET
400000000
"""

from __future__ import annotations

__all__ = ["EXACT_BUDGET", "OMAHA_EXACT_BUDGET", "STUD_EXACT_BUDGET", "STUD_MAX_EXACT", "MAX_DEALS",
           "CHUNK_TRIALS", "MAX_SAMPLES", "MAX_DRAWS", "MAX_DRAWS_PER_SAMPLE", "PREFLOP_WORK_FRACTION",
           "MAX_FOLD_DEALS", "FOLD_EXACT_LIMIT", "FIT_SEARCH_NODES", "DEFAULTS", "reset"]

# --- exact or sampled (exact=None) -------------------------------------------------------------
#: Hold'em-style player-hands (deals x boards x players) enumerated when ``exact=None``: 400 million
#: lookups, about a second on one core.
EXACT_BUDGET = 400_000_000
#: Omaha boards x players, summed over every combination of the players' hands, enumerated when
#: ``exact=None`` (each player-hand is 60-150 lookups, so fewer than hold'em's).
OMAHA_EXACT_BUDGET = 100_000_000
#: Stud deals x players with unknown cards enumerated when ``exact=None`` (about a second on two cores).
STUD_EXACT_BUDGET = 200_000_000
#: The most stud ``exact=True`` enumerates (the same count as :data:`STUD_EXACT_BUDGET`): beyond it, an error.
STUD_MAX_EXACT = 20_000_000_000
#: Most conflict-free combinations of the players' combos an exact hold'em or Omaha run enumerates.
MAX_DEALS = 4_000_000
#: Preflop, the share of boards the exact hold'em kernel ranks one by one (the flushy ones; the
#: others once per rank multiset): its work estimate for :data:`EXACT_BUDGET`.
PREFLOP_WORK_FRACTION = 0.15
#: Folded equity: exact when the folders' combinations times the boards left are at most this.
FOLD_EXACT_LIMIT = 2_000_000
#: Folded equity: the most combinations of the folders' hands an exact run enumerates.
MAX_FOLD_DEALS = 20_000

# --- Monte Carlo -----------------------------------------------------------------------------
#: Monte Carlo trials per independently seeded chunk (changing it changes which numbers a seed gives).
CHUNK_TRIALS = 1 << 16
#: Most Monte Carlo trials one call runs (all questions of a batch together): minutes on a few cores.
MAX_SAMPLES = 10_000_000_000
#: Fewest whole-deal draws a Monte Carlo run may take before it is refused (see :data:`MAX_DRAWS_PER_SAMPLE`).
MAX_DRAWS = 1_000_000_000
#: A run may take ``max(MAX_DRAWS, MAX_DRAWS_PER_SAMPLE * samples)`` draws unless ``max_draws`` says otherwise.
MAX_DRAWS_PER_SAMPLE = 100
#: The most partial deals the search for hands that fit together visits before it answers "unknown".
FIT_SEARCH_NODES = 200_000

#: The defaults, as shipped: what :func:`reset` restores.
DEFAULTS: dict[str, int | float] = {name: globals()[name] for name in __all__ if name.isupper() and name != "DEFAULTS"}


def reset() -> None:
    """Put every tunable of this module back to its default (:data:`DEFAULTS`).

    >>> from pokerlut import config
    >>> config.MAX_SAMPLES = 5
    >>> reset()
    >>> config.MAX_SAMPLES == DEFAULTS["MAX_SAMPLES"] == 10_000_000_000
    True
    """
    globals().update(DEFAULTS)
