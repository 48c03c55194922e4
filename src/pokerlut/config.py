"""Budgets and limits: the library's tunables in one place, read at call time.

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
           "MAX_FOLD_DEALS", "FOLD_EXACT_LIMIT", "FIT_SEARCH_NODES", "PARALLEL_MIN_WORK", "BLOCK_SECONDS",
           "BLOCK_WORK", "MAX_THREADS", "PROBE_TRIALS", "PROBE_WORK_FIRST", "INDEX_COST", "UNINDEX_COST",
           "MAX_RANGE_CHARS", "MAX_OMAHA_RANGE_CHARS", "MAX_PATTERN_HANDS", "MAX_RANGE_HANDS", "MAX_NUMBER_CHARS",
           "MAX_TOKEN_CHARS", "MAX_DEPTH", "MAX_ITEMS", "MAX_MANIFEST_BYTES", "MAX_TABLE_BYTES",
           "MAX_CHECKPOINT_BYTES", "MAX_BINS", "DEFAULTS", "reset"]

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

# --- work split over threads -----------------------------------------------------------------
#: Calls of at least this many lookups' work are cut into pieces for the thread pool (``parallel=None``).
PARALLEL_MIN_WORK = 1 << 16
#: About how long (seconds) one uninterruptible kernel call may run before Python (Ctrl-C) gets a look in.
BLOCK_SECONDS = 0.1
#: About how many lookups that is per thread (at 40-400 M lookups/s: 0.01-0.1 s); also a Monte Carlo slice.
BLOCK_WORK = 1 << 22
#: The most threads :func:`pokerlut.set_num_threads` accepts (each one is an OS thread with its own stack).
MAX_THREADS = 1024
#: Monte Carlo rate probe: at least this many deals counted before the draws needed are estimated ...
PROBE_TRIALS = 64
#: ... or this much work spent, in steps from this many lookups, doubling, up to :data:`BLOCK_WORK`.
PROBE_WORK_FIRST = 1 << 12
#: What one hand-isomorphism index costs, in lookups (the thread pool's cost model).
INDEX_COST = 3.0
#: What one unindex (index back to cards) costs, in lookups.
UNINDEX_COST = 40.0

# --- input limits (larger input is a clear error, not hours of work or a full memory) -----------
#: The most characters of a Hold'em range text (all 1,326 combos with 32-character weights are ~52,000).
MAX_RANGE_CHARS = 200_000
#: The most characters of an Omaha range text (every 4-card hand listed with 8-digit weights is ~5 million).
MAX_OMAHA_RANGE_CHARS = 8_000_000
#: The most hands one Omaha pattern may stand for before duplicates merge (``******`` is 20 million).
MAX_PATTERN_HANDS = 5_000_000
#: The most hands all the patterns of one Omaha range may stand for together (``random`` counts as none).
MAX_RANGE_HANDS = 20_000_000
#: The most characters of one weight in a range (``0.123456789012345678`` is 20).
MAX_NUMBER_CHARS = 32
#: The most characters of one range token (a class, a combo or an Omaha pattern, with its weight).
MAX_TOKEN_CHARS = 100
#: Nested Python sequences deeper than this are refused (a batch of hands needs three or four levels).
MAX_DEPTH = 32
#: Elements of nested Python sequences read at most (arrays have no such limit): a list repeating itself is refused.
MAX_ITEMS = 1 << 28
#: The most bytes a table manifest may have: a bound on what a damaged manifest makes the loader read.
MAX_MANIFEST_BYTES = 1 << 20
#: The most bytes a table file may have (the largest table is 1.5 MB).
MAX_TABLE_BYTES = 1 << 26
#: The largest abstraction checkpoint read (one of a run split into millions of pieces is tens of MB).
MAX_CHECKPOINT_BYTES = 256 << 20
#: The most bins a hand-strength abstraction may have.
MAX_BINS = 10_000

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
