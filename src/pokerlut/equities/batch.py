"""Many independent Hold'em equity questions in one call: :func:`equity_batch`."""

from __future__ import annotations

import math

import numpy as np

from .._input import card_array, deal_rows, natural_card_table, raise_for_deals
from .._notice import noticed
from .. import _seeds, config
from ..constants import BOARD_CARDS, HOLDEM_BOARD_SIZES, HOLDEM_HOLE, MAX_PLAYERS, MIN_PLAYERS, N_NATURAL
from ..typing import HandsLike, SeedLike
from ..variants import get_variant
from . import plan
from .holdem import MonteCarloInput, run_chunks, run_exact
from .results import BatchEquityResult, fractions

__all__ = ["equity_batch"]


@noticed("equity")
def equity_batch(holes: HandsLike, boards: HandsLike | None = None, dead: HandsLike | None = None, *,
                 exact: bool | None = None, samples: int | None = None, seed: SeedLike = None,
                 progress: bool = False) -> BatchEquityResult:
    """Many independent Hold'em equity questions in one call.

    Parameters
    ----------
    holes
        ``(N, P, 2)`` hole cards: card ids, or card strings as :func:`pokerlut.evaluate` takes
        them (``[["AhKh", "QdQc"], ...]``).
    boards
        ``(N, b)`` with b in 0, 3, 4, 5 (``None``: preflop).
    dead
        ``(N, d)`` dead cards, or ``None``.
    exact
        ``True`` enumerates every board of every question; ``False`` runs ``samples`` Monte Carlo
        trials per question; ``None`` (the default) enumerates when ``N * boards * P <=
        EXACT_BUDGET`` and otherwise needs ``samples=``: beyond the budget it is a ``ValueError``
        (saying how many questions and boards) rather than a silent switch to sampling.
    samples
        Monte Carlo trials per question (``None``: not given; ``exact=False`` then runs
        ``DEFAULT_SAMPLES``); all questions together at most ``MAX_SAMPLES``.  Chunk ``i`` of
        question ``s`` is seeded from ``SeedSequence(seed, spawn_key=(s, i))``.
    seed
        ``None``, an integer >= 0, a ``numpy.random.SeedSequence`` or ``Generator``.

    Returns
    -------
    BatchEquityResult
        ``(N, P)`` win / tie / equity; ``.method`` says which way they were computed.

    A card dealt twice in a question is a ``ValueError`` naming the deal, the places and the card;
    zero questions give empty results of shape ``(0, P)``.

    Examples
    --------
    >>> r = equity_batch([["AhKh", "QdQc"], ["2c2d", "AsKs"]], ["Qs 7h 2c", "Ts 9s 3d"])
    >>> r.method, r.n.tolist(), r.equity.shape
    ('exact', [990, 990], (2, 2))
    """
    exact = plan.check_exact(exact)
    samples = plan.check_samples(samples, None)
    _seeds.check_seed(seed)
    holes = card_array(holes, "holes")
    if holes.ndim != 3 or holes.shape[2] != HOLDEM_HOLE:
        raise ValueError(f"holes must have shape (N, P, 2), got {holes.shape}")
    n, p = holes.shape[:2]
    if not MIN_PLAYERS <= p <= MAX_PLAYERS:
        raise ValueError(f"equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {p}")
    boards = np.zeros((n, 0), np.uint8) if boards is None else card_array(boards, "boards")
    if boards.ndim != 2 or boards.shape[0] != n or boards.shape[1] not in HOLDEM_BOARD_SIZES:
        raise ValueError(f"boards must have shape (N, b) with N = {n} and b in 0, 3, 4, 5, got {boards.shape}")
    dead = np.zeros((n, 0), np.uint8) if dead is None else card_array(dead, "dead")
    if dead.ndim != 2 or dead.shape[0] != n:
        raise ValueError(f"dead must have shape (N, d) with N = {n}, got {dead.shape}")
    if HOLDEM_HOLE * p + BOARD_CARDS + dead.shape[1] > N_NATURAL:
        raise ValueError(f"{p} players, 5 board cards and {dead.shape[1]} dead cards are more than the deck")
    hole_groups = [(f"player {i}'s card", HOLDEM_HOLE) for i in range(p)]
    holes = deal_rows(holes.reshape(n, p * HOLDEM_HOLE), hole_groups, (n,))
    boards = deal_rows(boards, [("board card", boards.shape[1])], (n,))
    dead = deal_rows(dead, [("dead card", dead.shape[1])], (n,))
    high = get_variant("high")
    raise_for_deals(np.concatenate([holes, boards, dead], axis=1),
                    hole_groups + [("board card", boards.shape[1]), ("dead card", dead.shape[1])],
                    natural_card_table(high.tables.cards), "equity calculations", high.describe_deck(), (n,))
    holes = np.ascontiguousarray(holes.reshape(n, p, HOLDEM_HOLE))
    n_boards = math.comb(N_NATURAL - boards.shape[1] - dead.shape[1] - HOLDEM_HOLE * p,
                         BOARD_CARDS - boards.shape[1])
    work = n * n_boards * p
    if exact is None:
        use_exact = work <= config.EXACT_BUDGET
        if not use_exact and samples is None:
            raise ValueError(
                f"equity_batch: {n:,} questions x {n_boards:,} boards x {p} players = {work:,} player-boards, "
                f"more than EXACT_BUDGET ({config.EXACT_BUDGET:,}) for exact=None; pass exact=True to enumerate "
                f"every board anyway, or samples=TRIALS for Monte Carlo ({n:,} x TRIALS trials in all)")
    else:
        use_exact = exact
    if n == 0:
        empty = np.zeros((0, p))
        return BatchEquityResult(empty, empty.copy(), empty.copy(), np.zeros(0, np.int64),
                                 "exact" if use_exact else "monte carlo", empty.copy(),
                                 None if use_exact else plan.entropy(seed))
    one = np.uint64(1)
    dead_masks = np.bitwise_or.reduce(one << dead.astype(np.uint64), axis=1) if dead.shape[1] else \
        np.zeros(n, np.uint64)
    if use_exact:
        counts = run_exact(holes, np.ascontiguousarray(boards), np.arange(n, dtype=np.int64), dead_masks, high,
                           progress, "scenarios", n_boards, bar_per_deal=1)
        win, tie, equity, se = fractions(counts, n_boards)
        return BatchEquityResult(win, tie, equity, np.full(n, n_boards, np.int64), "exact", se)
    samples = plan.DEFAULT_SAMPLES if samples is None else samples
    if n * samples > config.MAX_SAMPLES:
        raise ValueError(f"equity_batch: {n:,} questions x {samples:,} samples = {n * samples:,} trials, more than "
                         f"MAX_SAMPLES ({config.MAX_SAMPLES:,}) in one call; pass fewer samples or split the batch")
    entropy = plan.entropy(seed)
    scen, trials, seeds = [], [], []
    for s in range(n):
        t, sd = plan.chunk_plan(samples, entropy, scenario=s)
        scen.append(np.full(len(t), s, np.int64))
        trials.append(t)
        seeds.append(sd)
    scen, trials, seeds = np.concatenate(scen), np.concatenate(trials), np.concatenate(seeds)
    combos = np.ascontiguousarray(np.sort(holes, axis=2)[:, :, ::-1].reshape(n * p, 2))
    offsets = (np.arange(n)[:, None] * p + np.arange(p + 1)[None, :]).astype(np.int64)  # one combo a player
    mc = MonteCarloInput(combos, np.ones(n * p), np.arange(n * p, dtype=np.int64), offsets,
                         np.ascontiguousarray(boards), dead_masks)
    counts = run_chunks(mc, scen, trials, seeds, progress)
    per = np.zeros((n, p, 4), np.float64)
    np.add.at(per, scen, counts.astype(np.float64))
    win, tie, equity, se = fractions(per, float(samples), sampled=True)
    return BatchEquityResult(win, tie, equity, np.full(n, int(samples), np.int64), "monte carlo", se, entropy)
