"""Deciding how an equity question is answered, and the plan of the work.

* Exact or sampled (``exact=None``): every remaining board is enumerated for every conflict-free
  combination of the players' combos when ``combinations * boards * players <= EXACT_BUDGET``
  (400 million player-hands, about a second on two cores) and the combinations number at most
  ``MAX_DEALS`` (4 million); otherwise ``samples`` Monte Carlo trials run.  ``exact=True``
  forces enumeration (still limited to ``MAX_DEALS`` combinations), ``exact=False`` sampling.
* Exact: :func:`combinations` lists the conflict-free combinations of combos with their weights
  (the product of their combos' weights), :func:`suit_classes` merges those that a suit
  permutation keeping the board and the dead cards maps onto each other.
* Monte Carlo: :func:`chunk_plan` cuts the trials into chunks of ``CHUNK_TRIALS``; chunk ``i``
  runs its own splitmix64 stream seeded from ``SeedSequence(seed, spawn_key=(i,))``
  (``(scenario, i)`` in a batch), so a seed gives the same counts whatever the number of threads
  or Dask workers.  A chunk's deals are drawn whole, a deal whose combos share a card redrawn:
  the kernel advances chunks a slice of work at a time (so Ctrl-C is answered within about a
  second) and the run is bounded by ``max_draws`` draws (:data:`MAX_DRAWS`).
"""

from __future__ import annotations

import itertools
import math
import numbers

import numpy as np

from .. import _seeds, config
from ..cards import integer_text, shown
from ..constants import DEFAULT_SAMPLES, N_NATURAL, N_SUITS
from ..ranges import Range
from .deal import Deal, combo_masks

__all__ = ["EXACT_BUDGET", "MAX_DEALS", "CHUNK_TRIALS", "DEFAULT_SAMPLES", "MAX_SAMPLES", "MAX_DRAWS",
           "MAX_DRAWS_PER_SAMPLE", "PREFLOP_WORK_FRACTION", "check_exact", "check_samples", "check_max_draws",
           "chunk_plan", "board_work", "combinations", "suit_classes", "plan_exact", "count_combinations"]

#: Old names of the budgets and limits, now read from :mod:`pokerlut.config` at call time.
_FROM_CONFIG = {name: name for name in ("EXACT_BUDGET", "MAX_DEALS", "CHUNK_TRIALS", "MAX_SAMPLES", "MAX_DRAWS",
                                        "MAX_DRAWS_PER_SAMPLE", "PREFLOP_WORK_FRACTION")}


def check_exact(exact) -> bool | None:
    """``exact`` when it is ``True``, ``False`` or ``None``, else a ``TypeError``.

    >>> check_exact(None), check_exact(True)
    (None, True)
    """
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise TypeError(f"exact must be True, False or None, got {shown(exact)}")
    return None if exact is None else bool(exact)


def check_samples(samples, default: int | None = DEFAULT_SAMPLES) -> int | None:
    """``samples`` as an int >= 1 (``None``: ``default``), else a TypeError/ValueError naming it.

    >>> check_samples(None), check_samples(5)
    (1000000, 5)
    """
    if samples is None:
        return default
    if isinstance(samples, (bool, np.bool_)) or not isinstance(samples, numbers.Integral):
        raise TypeError(f"samples must be an integer >= 1, got {shown(samples)} ({type(samples).__name__})")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {integer_text(samples)}")
    if samples > config.MAX_SAMPLES:
        raise ValueError(f"samples must be at most MAX_SAMPLES ({config.MAX_SAMPLES:,}), got "
                         f"{integer_text(samples, grouped=True)}; split the run into several calls with other seeds")
    return int(samples)


def check_max_draws(max_draws) -> int | None:
    """``max_draws`` as an int >= 1, or ``None`` (the default limit), else a TypeError/ValueError.

    >>> check_max_draws(None), check_max_draws(10**12)
    (None, 1000000000000)
    """
    if max_draws is None:
        return None
    if isinstance(max_draws, (bool, np.bool_)) or not isinstance(max_draws, numbers.Integral):
        raise TypeError(f"max_draws must be an integer >= 1 or None, got {max_draws!r} ({type(max_draws).__name__})")
    if max_draws < 1:
        raise ValueError(f"max_draws must be at least 1, got {int(max_draws)}")
    return int(max_draws)


def chunk_plan(samples: int, seed: int, scenario: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Trials and seeds of every chunk of a run: (trials (C,) int64, seeds (C,) uint64).  Chunk ``i``
    is seeded from ``SeedSequence(seed, spawn_key=(i,))`` (``(scenario, i)`` in a batch).

    >>> trials, seeds = chunk_plan(config.CHUNK_TRIALS + 5, 1)
    >>> trials.tolist(), seeds.dtype.name
    ([65536, 5], 'uint64')
    """
    samples = int(samples)
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {integer_text(samples)}")
    n_chunks = -(-samples // config.CHUNK_TRIALS)
    trials = np.full(n_chunks, config.CHUNK_TRIALS, dtype=np.int64)
    trials[-1] = samples - config.CHUNK_TRIALS * (n_chunks - 1)
    seeds = np.empty(n_chunks, dtype=np.uint64)
    for i in range(n_chunks):
        key = (i,) if scenario is None else (scenario, i)
        seeds[i] = np.random.SeedSequence(seed, spawn_key=key).generate_state(1, np.uint64)[0]
    return trials, seeds


def entropy(seed) -> int:
    """The run's entropy: :func:`pokerlut._seeds.entropy`, the one seed path."""
    return _seeds.entropy(seed)


def board_work(n_known: int, n_boards: int) -> float:
    """Player-boards the exact kernel ranks per player of a deal: every board when some are known;
    preflop, the flushy boards one by one and the rest once per rank multiset (see
    :mod:`pokerlut.kernels.equity_exact`).

    >>> board_work(3, 990), board_work(0, 1000)
    (990, 150.0)
    """
    return n_boards if n_known else config.PREFLOP_WORK_FRACTION * n_boards


def combinations(ranges: list[Range]) -> tuple[np.ndarray, np.ndarray]:
    """Every conflict-free combination of one combo per player: holes (T, P, 2), weights (T,): the
    product of its combos' weights, relative to the largest product (:class:`WeightProducts`).

    >>> from pokerlut import parse_range
    >>> holes, weights = combinations([parse_range("AA"), parse_range("AKs")])
    >>> holes.shape, float(weights.sum())
    ((12, 2, 2), 12.0)
    """
    idx = np.arange(len(ranges[0]), dtype=np.int64)[:, None]
    masks = combo_masks(ranges[0].combos)
    product = WeightProducts(ranges[0].weights)
    for rng in ranges[1:]:
        cm = combo_masks(rng.combos)
        ok = (masks[:, None] & cm[None, :]) == 0
        a, b = np.nonzero(ok)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        masks = masks[a] | cm[b]
        product.times(a, rng.weights, b)
    holes = np.stack([ranges[p].combos[idx[:, p]] for p in range(len(ranges))], axis=1)
    return np.ascontiguousarray(holes, dtype=np.uint8), product.relative()


class WeightProducts:
    """Products of weights, one per player, kept as mantissa and binary exponent apart so that no
    product underflows however many tiny weights it multiplies (two players of relative weight
    1e-200 make 1e-400, below every float); :meth:`relative` gives them divided by the largest
    (exactly 1 for the largest, and every product 1 when every weight is).

    >>> p = WeightProducts(np.array([1e-200, 1e-200]))
    >>> p.times(np.array([0, 1]), np.array([1e-200, 2e-200]), np.array([0, 1]))
    >>> p.relative().tolist()
    [0.5, 1.0]
    """

    def __init__(self, weights: np.ndarray) -> None:
        self.mantissa, self.exponent = np.frexp(np.asarray(weights, dtype=np.float64))
        self.exponent = self.exponent.astype(np.int64)

    def times(self, rows: np.ndarray, weights: np.ndarray, picks: np.ndarray) -> None:
        """Keep the products ``rows`` (in that order), each times ``weights[picks]``."""
        m, e = np.frexp(np.asarray(weights, dtype=np.float64))
        mantissa, carry = np.frexp(self.mantissa[rows] * m[picks])
        self.mantissa, self.exponent = mantissa, self.exponent[rows] + e[picks] + carry

    def relative(self) -> np.ndarray:
        """The products divided by the largest (float64; far below it, 0)."""
        if not len(self.mantissa):
            return self.mantissa.astype(np.float64)
        with np.errstate(under="ignore"):
            out = np.ldexp(self.mantissa, np.maximum(self.exponent - self.exponent.max(), -1100))
        return out / out.max()


def count_combinations(ranges: list[Range]) -> int:
    """An upper bound on conflict-free combinations closer than the product (pairwise filtering)."""
    if len(ranges) == 2:
        m0, m1 = combo_masks(ranges[0].combos), combo_masks(ranges[1].combos)
        return int(((m0[:, None] & m1[None, :]) == 0).sum())
    return math.prod(len(r) for r in ranges)


_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(N_SUITS))), dtype=np.int64)


def suit_maps(board: np.ndarray, dead: np.ndarray) -> np.ndarray:
    """Card maps (G, 52) of the suit permutations that leave the board and the dead cards as they
    are (as sets): relabelling a deal's holes by any of them changes no player's equity.

    >>> len(suit_maps(np.zeros(0, np.uint8), np.zeros(0, np.uint8)))
    24
    """
    ids = np.arange(N_NATURAL)
    maps = []
    for perm in _SUIT_PERMUTATIONS:
        card_map = N_SUITS * (ids // N_SUITS) + perm[ids % N_SUITS]
        if all(set(card_map[cards].tolist()) == set(cards.tolist()) for cards in (board, dead)):
            maps.append(card_map)
    return np.array(maps, dtype=np.uint8)


def suit_classes(holes: np.ndarray, weights: np.ndarray, board: np.ndarray,
                 dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deals (T, P, 2) merged into their suit-isomorphism classes: one representative each (the
    smallest relabelling, rows compared as byte strings) and the summed weight of its members
    (integers when every weight is 1).

    >>> from pokerlut import parse_range
    >>> holes, weights = combinations([parse_range("AA"), parse_range("KK")])
    >>> classes, w = suit_classes(holes, weights, np.zeros(0, np.uint8), np.zeros(0, np.uint8))
    >>> len(holes), len(classes), int(w.sum())    # the same suits, one suit shared, none
    (36, 3, 36)
    """
    n_deals, n_players, _ = holes.shape
    if n_deals == 1:
        return np.ascontiguousarray(holes), np.rint(weights).astype(np.int64) if np.all(weights == 1.0) else weights
    best = None
    for card_map in suit_maps(board, dead):
        relabelled = np.sort(card_map[holes], axis=2)[:, :, ::-1].reshape(n_deals, 2 * n_players)
        if best is None:
            best = relabelled.copy()
            continue
        differ = relabelled != best
        first = differ.argmax(axis=1)
        rows = np.arange(n_deals)
        smaller = differ[rows, first] & (relabelled[rows, first] < best[rows, first])
        best[smaller] = relabelled[smaller]
    classes, inverse = np.unique(best, axis=0, return_inverse=True)
    merged = np.bincount(inverse.ravel(), weights=weights, minlength=len(classes))
    if np.all(weights == 1.0):
        merged = np.rint(merged).astype(np.int64)
    return np.ascontiguousarray(classes.reshape(-1, n_players, 2)), merged


def plan_exact(deal: Deal, exact: bool | None) -> bool:
    """Whether to enumerate (before the combinations are listed); ``exact=True`` beyond
    ``MAX_DEALS`` combinations is an error."""
    bound = math.prod(len(r) for r in deal.ranges)
    if exact is False:
        return False
    if exact is None:
        # hopeless even if suit symmetry merged 24 deals into one
        return bound <= config.MAX_DEALS and \
            bound / 24 * board_work(len(deal.board), deal.n_boards) * len(deal.players) <= config.EXACT_BUDGET
    if bound > config.MAX_DEALS:
        # the bound may overcount conflicting combinations: count the real ones
        est = count_combinations(deal.ranges)
        if est > config.MAX_DEALS:
            raise ValueError(f"exact=True would enumerate {est:,} combinations of combos (more than MAX_DEALS = "
                             f"{config.MAX_DEALS:,}); use Monte Carlo (exact=False or None)")
    return True


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config` (read there, at call time)."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
