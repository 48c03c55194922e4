"""Omaha and Omaha hi-lo equity: every board for fixed hands, Monte Carlo when a player is "random".

Reached through :func:`pokerlut.equity` with ``variant="omaha"`` or ``"omaha-hilo"``.  Each player
is 4, 5 or 6 hole cards (``"AhKhQdJd"``) or ``"random"`` (a hand of as many cards drawn from the
rest of the deck); all players hold the same number of cards.  In hi-lo a player's ``win`` is the
share of boards where it takes the whole pot (scoops), ``tie`` where it takes part of it, and
``equity`` its average share of the pot.

>>> r = equity_omaha(["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s", exact=True)
>>> r.method, r.n, [round(float(x), 4) for x in r.equity]
('exact', 820, [0.5305, 0.4695])
"""

from __future__ import annotations

import math
import time

import numpy as np

from . import _threads
from .cards import format_cards
from .kernels.equity import SHARE_UNIT
from .kernels.registry import omaha_exact_kernel, omaha_mc_kernel
from .variants import OMAHA_HILO, Variant, VariantLike, get_variant
from .first_call import noticed

__all__ = ["equity_omaha"]

RANDOM = ("random", "any")
#: Boards x players enumerated when ``exact=None`` before Monte Carlo takes over.
EXACT_BUDGET = 40_000_000
PARALLEL_MIN_BOARDS = 20_000


def _player(value, index: int, v: Variant):
    """(label, hole ids or None for a random hand)."""
    if isinstance(value, str) and value.strip().lower() in RANDOM:
        return "random", None
    from .holdem_equity import _cards  # the one card check (ids or text, the deck, no wild card)

    what = f"player {index + 1}"
    if isinstance(value, str) and not value.strip():
        raise ValueError(f"{what}: an {v.name} hand has 4, 5 or 6 hole cards, got none")
    cards = _cards(value, what, v)
    if len(cards) not in v.hole_sizes:
        raise ValueError(f"{what}: an {v.name} hand has 4, 5 or 6 hole cards, got {len(cards)}")
    return format_cards(cards).replace(" ", ""), cards.astype(np.int64)


def _deck_cards(value, what: str, v: Variant) -> np.ndarray:
    from .holdem_equity import _cards  # the shared card check (the deck, no wild card)

    return _cards(value, what, v)


@noticed("omaha")
def equity_omaha(players, board="", dead="", *, variant: VariantLike = "omaha", exact: bool | None = None,
                 samples: int = 1_000_000, seed=None, progress: bool = False):
    """Omaha (hi-lo) equity; see the module doc and :func:`pokerlut.equity`."""
    from .holdem_equity import CHUNK_TRIALS, MC_BLOCK_TRIALS, EquityResult, _entropy, _progress, chunk_plan

    start = time.perf_counter()
    v = get_variant(variant)
    if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
        raise TypeError("players is a list of hands, e.g. ['AhKhQdJd', 'random']")
    n = len(players)
    if not 2 <= n <= 9:
        raise ValueError(f"equity needs 2 to 9 players, got {n}")
    parsed = [_player(p, i, v) for i, p in enumerate(players)]
    sizes = {len(h) for _, h in parsed if h is not None}
    if len(sizes) > 1:
        raise ValueError(f"every {v.name} player holds the same number of hole cards, got {sorted(sizes)}")
    n_hole = sizes.pop() if sizes else 4
    board_cards = _deck_cards(board, "board", v)
    dead_cards = _deck_cards(dead, "dead cards", v)
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"an {v.name} board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    held = [c for _, h in parsed if h is not None for c in h.tolist()]
    for i, (_, h) in enumerate(parsed):
        if h is not None:
            _deck_cards(h, f"player {i + 1}", v)
    everything = held + board_cards.tolist() + dead_cards.tolist()
    if len(set(everything)) != len(everything):
        seen = set()
        for c in everything:
            if c in seen:
                raise ValueError(f"card {format_cards([c])} is dealt twice")
            seen.add(c)
    if n * n_hole + 5 + len(dead_cards) > v.deck_size:
        raise ValueError(f"{n} players of {n_hole} cards, 5 board cards and {len(dead_cards)} dead cards are more "
                         f"than the {v.deck_size} cards of the deck")
    hilo = v.rule == OMAHA_HILO
    random_player = np.array([h is None for _, h in parsed])
    holes = np.zeros(n * n_hole, np.uint8)
    for p, (_, h) in enumerate(parsed):
        if h is not None:
            holes[p * n_hole:(p + 1) * n_hole] = h
    used = 0
    for c in everything:
        used |= 1 << c
    deck = np.array([c for c in v.deck if not used >> c & 1], dtype=np.uint8)
    missing = 5 - len(board_cards)
    n_boards = math.comb(len(deck), missing)
    if exact is True and random_player.any():
        raise ValueError("exact=True needs every player's hand: a 'random' player is dealt by Monte Carlo")
    use_exact = exact is True or (exact is None and not random_player.any() and n_boards * n <= EXACT_BUDGET)
    tables = v.tables.rank_tables(5)
    low = (v.low_tables or v.tables).rank_tables(5)
    table_args = (tables[0], tables[4], tables[5], tables[3], low[4], low[5])
    labels = [label for label, _ in parsed]
    pot = 2 * SHARE_UNIT if hilo else SHARE_UNIT
    if use_exact:
        threads = _threads.use_threads(n_boards * n, None, PARALLEL_MIN_BOARDS) and missing > 0
        n_pieces = 4 * _threads.n_chunks() if threads else 1
        out = np.zeros((n_pieces, n, 3), np.int64)

        def piece(i: int) -> None:
            omaha_exact_kernel()(holes, n, board_cards, deck, len(deck), i, n_pieces, out[i], *_scratch(n), hilo,
                                 *table_args)

        _threads.run_pieces(piece, [(i,) for i in range(n_pieces)], threads)
        c = out.sum(axis=0).astype(np.float64)
        return EquityResult(labels, c[:, 0] / n_boards, c[:, 1] / n_boards, c[:, 2] / (pot * n_boards), n_boards,
                            "exact", np.zeros(n), None, format_cards(board_cards), format_cards(dead_cards),
                            time.perf_counter() - start)
    entropy = _entropy(seed)
    trials, seeds = chunk_plan(samples, entropy)
    counts = np.zeros((len(trials), n, 4), np.int64)
    threads = _threads.use_threads(int(samples), None, PARALLEL_MIN_BOARDS)

    def mc_piece(lo: int, hi: int) -> None:
        omaha_mc_kernel()(trials[lo:hi], seeds[lo:hi], holes, random_player, board_cards, deck, np.uint64(used),
                          counts[lo:hi], np.zeros(n * n_hole, np.uint8), *_scratch(n), hilo, *table_args)

    bar = _progress(int(trials.sum()), "trials", progress)
    step = max(_threads.n_chunks(), _threads.get_num_threads() * MC_BLOCK_TRIALS // CHUNK_TRIALS)
    for lo, hi in _threads.blocks(len(trials), step):
        pieces = [(lo + a, lo + b) for a, b in _threads.split(hi - lo, _threads.n_chunks() if threads else 1)]
        _threads.run_pieces(mc_piece, pieces, threads)
        if bar is not None:
            bar.update(int(trials[lo:hi].sum()))
    if bar is not None:
        bar.close()
    c = counts.sum(axis=0).astype(np.float64)
    total = float(samples)
    mean = c[:, 2] / (pot * total)
    var = np.maximum(c[:, 3] / pot**2 / total - mean**2, 0.0)
    return EquityResult(labels, c[:, 0] / total, c[:, 1] / total, mean, int(samples), "monte carlo",
                        np.sqrt(var / max(total - 1, 1)), entropy, format_cards(board_cards),
                        format_cards(dead_cards), time.perf_counter() - start)


def _scratch(n_players: int) -> tuple[np.ndarray, ...]:
    """One piece's scratch: the board row, the triples' keys and bits, the high and low values."""
    return (np.zeros(5, np.uint8), np.zeros(10, np.uint64), np.zeros(10, np.uint64), np.zeros(n_players, np.uint16),
            np.zeros(n_players, np.uint16))
