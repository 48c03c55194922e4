"""Engines that make their work on the device: every hand, every board, random deals.

* :func:`strength_histogram` / :func:`category_counts`: every natural hand of 5, 6 or 7 cards of
  the game's deck; a thread per ``k - 2``-card prefix, found from its index by combinatorial
  unranking (no prefix list on the host), the last two cards looped with the key carried; counts in
  a per-block shared histogram, added to the global one once per block (:mod:`pokerlut.cuda.histogram`).
* :func:`exact_equity`: Hold'em hands and ranges over every board that completes the known cards:
  heads-up ranges by the CPU's sorting sweep (:mod:`pokerlut.cuda.sweep`, a block per board),
  otherwise every combination of the players' combos (the CPU's enumeration); a thread per
  combination and run of boards, each board unranked from its index among the live cards'
  combinations.
* :func:`monte_carlo_equity`: a counter-based generator: trial ``i`` draws its cards from
  splitmix64 outputs of ``(seed, i)`` alone, so the same seed gives the same numbers whatever the
  launch shape, and any run can be split across calls or devices.

Pot shares are counted as integers (units of ``1/2520``, which every split among 1..9 players
divides), so the totals do not depend on the order the threads add them in.
"""

from __future__ import annotations

from math import comb
from typing import Any, NamedTuple

import numpy as np

from .. import layout
from .._input import check_deal, deal_cards
from .._messages import sizes_text
from ..constants import (BOARD_CARDS, HOLDEM_BOARD_SIZES, HOLDEM_HOLE, MAX_PLAYERS,
                         MIN_PLAYERS, N_NATURAL)
from ..enumeration import deck_of
from ..equities.deal import ImpossibleDeal, card_mask, parse_deal, raise_if_unfit
from ..equities.holdem import from_preflop_tables
from ..equities.plan import combinations
from ..equities.sweep import symmetry
from ..equities.results import fractions
from ..kernels.equity import SHARE_UNIT
from ..kernels.primitives import suit_rank_bit as host_suit_rank_bit
from ..kernels.symmetry import canonical_boards
from ..variants import BEST_FIVE_VARIANTS, VariantLike, best_five_variant
from .batch import check_launch, launch_shape
from .combinations import MAX_SUBSET, binomials, unrank  # noqa: F401 (re-exported)
from .device import cuda, hand_value, settle, suit_rank_bit, tables as device_tables
from .histogram import category_counts, strength_histogram  # noqa: F401 (re-exported)
from .sweep import sweep_cheaper, sweep_counts, sweep_fractions, sweep_sides

__all__ = ["strength_histogram", "category_counts", "exact_equity", "monte_carlo_equity", "GpuEquity",
           "SHARE_UNITS"]

U64 = np.uint64
#: A pot share is counted in units of 1/2520: every split among 1..9 players is a whole number of them.
_ONE_DEAL = np.int64(1)  # the weight of a deal counted once
SHARE_UNITS = SHARE_UNIT  # the CPU engines' pot, divisible by any number of winners (lcm of 1..9)
GOLDEN = U64(0x9E3779B97F4A7C15)
_MIX1 = U64(0xBF58476D1CE4E5B9)
_MIX2 = U64(0x94D049BB133111EB)
TRIAL_MIX = U64(0xD1B54A32D192ED03)
_S30, _S27, _S31, _S32 = U64(30), U64(27), U64(31), U64(32)
_FIRST = U64(layout.FIRST_CARD)


class GpuEquity(NamedTuple):
    """Per player: ``equity`` (pot share, ties split evenly), ``win`` (alone) and ``tie`` (shared best
    hand) as fractions; ``n`` boards enumerated or trials run; ``method`` ``"exact"`` or ``"monte carlo"``."""

    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    n: int
    method: str


# --------------------------------------------------------------------------- equity


def _holdem_only(v) -> None:
    if v.name not in BEST_FIVE_VARIANTS:
        raise ValueError(f"the GPU equity engines deal Hold'em (two hole cards, a five-card board); the {v.name} "
                         f"game is not served (use pokerlut.equity)")


def _holdem_deal(players, board, dead, variant, random_ok: bool):
    """``(variant, hole cards per player (None: a random hand), board, live cards)``, checked as the
    CPU checks a deal (each card once, in the game's deck)."""
    v = best_five_variant(variant, "pokerlut.cuda equity")
    _holdem_only(v)
    if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
        raise TypeError(f"players must be a list of hands, got {players!r}")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"an equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}")
    holes = []
    for p, hand in enumerate(players):
        if random_ok and (hand is None or (isinstance(hand, str) and hand.strip().lower() == "random")):
            holes.append(None)
            continue
        cards = deal_cards(hand, f"player {p}")
        if len(cards) != HOLDEM_HOLE:
            raise ValueError(f"player {p} must hold {HOLDEM_HOLE} cards"
                             + (" (or be 'random')" if random_ok else "") + f", got {len(cards)}")
        holes.append(cards)
    board = deal_cards(board, "the board")
    dead = deal_cards(dead, "dead cards")
    if len(board) not in HOLDEM_BOARD_SIZES:
        raise ValueError(f"the board holds {sizes_text(HOLDEM_BOARD_SIZES)} cards, got {len(board)}")
    groups = [(f"player {p}'s card", h) for p, h in enumerate(holes) if h is not None]
    groups += [("board card", board), ("dead card", dead)]
    natural = v.tables.natural.cards  # equity deals no wild card
    check_deal(groups, natural, f"the {v.name} game", v.describe_deck())
    used = {int(c) for _, cards in groups for c in cards}
    live = np.array([c for c in deck_of(v.tables.natural) if c not in used], np.uint8)
    return v, holes, board, live


def _partial_key(cards, table_cards) -> tuple[np.uint64, np.uint64]:
    """Key (suit counters started) and suit-rank bits of some cards, on the host."""
    key = U64(int(table_cards[layout.FIRST_CARD]) - int(table_cards[0]))
    bits = U64(0)
    for c in cards:
        key = U64(int(key) + int(table_cards[int(c)]))
        bits |= U64(host_suit_rank_bit(int(c)))
    return key, bits


def _player_arrays(holes, board, table_cards):
    keys = np.zeros(len(holes), np.uint64)
    bits = np.zeros(len(holes), np.uint64)
    for p, hole in enumerate(holes):
        keys[p], bits[p] = _partial_key(list(hole) + list(board), table_cards)
    return keys, bits


@cuda.jit(device=True)
def board_run(w, per, chunk, n_boards):
    """Work item ``w`` of an exact kernel's grid (each combination of hands cut into ``per`` runs of
    ``chunk`` of its ``n_boards`` boards): ``(combination, first board, end board)``."""
    c = w // per
    lo = (w - c * per) * chunk
    return c, lo, min(lo + chunk, n_boards)


@cuda.jit
def _exact_kernel(live, k, binom, n_boards, chunk, n_listed, listed, listed_weights, keys, bits, masks, t, counts):
    """Every combination ``c`` of hole cards (``keys[c]``, ``bits[c]``: each player's partial key and
    suit-rank bits with the known board; ``masks[c]``: the holes' cards) on every completion of the
    board by ``k`` live cards that holds none of them: each player's outright wins, ties and pot
    share (in SHARE_UNITS) into ``counts[c, p, 0..2]``.  A thread takes ``chunk`` boards of one
    combination at a time, found by unranking their indices, or with ``n_listed`` boards listed (one
    per suit-symmetry class, ``k`` cards each) those, each counted ``listed_weights[i]`` times."""
    bases, values = t.bases7, t.values7
    picked = cuda.local.array(MAX_SUBSET, np.int64)
    acc = cuda.local.array((MAX_PLAYERS, 3), np.int64)
    strengths = cuda.local.array(MAX_PLAYERS, np.uint16)
    players = keys.shape[1]
    nl = live.shape[0]
    per = (n_boards + chunk - 1) // chunk
    w = cuda.grid(1)
    stride = cuda.gridsize(1)
    while w < keys.shape[0] * per:
        c, lo, hi = board_run(w, per, chunk, n_boards)
        for p in range(players):
            for j in range(3):
                acc[p, j] = 0
        for i in range(lo, hi):
            weight = np.int64(1)
            if n_listed:
                weight = listed_weights[i]
                for j in range(k):
                    picked[j] = listed[i, j]
            else:
                unrank(i, k, binom, nl, picked)
                for j in range(k):
                    picked[j] = live[picked[j]]
            board_key = U64(0)
            board_bits = U64(0)
            board_mask = U64(0)
            for j in range(k):
                card = U64(picked[j])
                board_key += t.cards[card]
                board_bits |= suit_rank_bit(card)
                board_mask |= U64(1) << card
            if board_mask & masks[c]:
                continue
            _settle(players, keys[c], bits[c], board_key, board_bits, t, bases, values, strengths, acc, weight)
        for p in range(players):
            for j in range(3):
                if acc[p, j]:
                    cuda.atomic.add(counts, (c, p, j), acc[p, j])
        w += stride


@cuda.jit(device=True)
def _settle(players, keys, bits, board_key, board_bits, t, bases, values, strengths, acc, weight):
    """Rank the seven cards of each of the first ``players`` and credit the best ``weight`` times:
    pot share, win alone or tie (the CPU's :func:`pokerlut.kernels.equity.settle`)."""
    for p in range(players):
        strengths[p] = hand_value(t, keys[p] + board_key, bits[p] | board_bits, 7, bases, values)
    settle(strengths, players, weight, acc, False)


def _result(totals: np.ndarray, n: float, count: int, method: str) -> GpuEquity:
    """Fractions of ``totals`` (P, 3): wins alone, ties, pot shares (the CPU's counts) over ``n`` deals."""
    win, tie, equity, _ = fractions(totals, max(n, 1), SHARE_UNITS)
    return GpuEquity(equity, win, tie, count, method)


def _symmetric_boards(deal, live: np.ndarray, k: int, symmetric: bool) -> tuple[np.ndarray, np.ndarray]:
    """Preflop, the CPU sweep's suit symmetry: one board of ``live`` per class of the suit
    permutations that leave the deal as it is (:func:`pokerlut.equities.sweep.symmetry`: board,
    dead cards, deck and every player's weighted range), with the class sizes
    (:func:`pokerlut.kernels.symmetry.canonical_boards`); one row of weight 0 when there is none to use."""
    none = np.zeros((1, BOARD_CARDS), np.uint8), np.zeros(1, np.int64)  # one row: no zero-size device array
    if not symmetric or k != BOARD_CARDS:
        return none
    perms = symmetry(deal)
    if len(perms) < 2:
        return none
    n = comb(len(live), BOARD_CARDS)
    boards, sizes = np.empty((n, BOARD_CARDS), np.uint8), np.empty(n, np.int64)
    count = canonical_boards(live, perms, boards, sizes)
    return np.ascontiguousarray(boards[:count]), np.ascontiguousarray(sizes[:count])  # count >= 1


def exact_equity(players: Any, board: Any = "", dead: Any = "", *, variant: VariantLike = "high",
                 launch: tuple[int, int] | None = None, chunk: int = 64, symmetric: bool = True,
                 method: str | None = None) -> GpuEquity:
    """Exact equity of 2 to 9 Hold'em players, each two hole cards (``"AhKh"``) or a range
    (``"TT+, AKs"``, ``"random"``, a :class:`~pokerlut.Range`), over every board completing
    ``board`` (0, 3, 4 or 5 cards), ``dead`` cards out, in any best-five game: what
    ``pokerlut.equity(players, board, dead, exact=True, method="enumerate")`` gives, every
    combination of combos on every board ranked on the device (the deal read and checked by the
    CPU's own :func:`pokerlut.equities.parse_deal`).  ``launch``: ``(blocks, threads)`` instead of the
    default; ``chunk``: boards per thread at a time.  Preflop (``symmetric=True``, the default) the
    boards are those of the CPU sweep's suit symmetry, one per class counted by its size (up to 24
    times fewer; AA against a random hand), as the CPU counts them.

    Heads-up with a range, where the CPU's cost model would sort rather than enumerate and one
    range weighs the same on every combo, the device runs the CPU's sorting sweep instead
    (:mod:`pokerlut.cuda.sweep`: a block per board ranks every combo once, sorts one range and
    counts the other against it with card-removal corrections; ``chunk`` unused), and the
    fractions are the CPU sweep's own (``pokerlut.equity(..., exact=True, method="sweep")``), to the
    last bit on ranges of weight 1 with a board (preflop and with weights, to rounding).  Heads-up
    preflop ranges of whole classes in the high game with no dead card are answered, as the CPU
    answers them, from the exact preflop tables
    (:func:`pokerlut.abstraction.preflop_lookup`; :mod:`pokerlut.cuda.preflop` computes them on the
    device).  ``method``: ``"sweep"`` or ``"enumerate"`` chooses the engine (``None``: as just said).

    Omaha: :func:`pokerlut.cuda.exact_equity` hands ``variant="omaha"`` / ``"omaha-hilo"`` to
    :func:`pokerlut.cuda.omaha_equity.omaha_exact_equity`.

    >>> r = exact_equity(["AhKh", "QdQc"], "2c 7d 9h 3s")
    >>> [round(float(x), 4) for x in r.equity], r.n, r.method
    ([0.1364, 0.8636], 44, 'exact')
    >>> r = exact_equity(["QQ+, AKs", "JJ-99, AQs"], "Kd 8s 3c 2h")  # the sweep
    >>> [round(float(x), 4) for x in r.equity], r.n
    ([0.9645, 0.0355], 16236)
    """
    v = best_five_variant(variant, "pokerlut.cuda equity")
    _holdem_only(v)
    if method not in (None, "sweep", "enumerate"):
        raise ValueError(f"method must be None, 'sweep' or 'enumerate', got {method!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise ValueError(f"chunk must be a positive integer, got {chunk!r}")
    if not isinstance(symmetric, (bool, np.bool_)):
        raise TypeError(f"symmetric must be True or False, got {symmetric!r}")
    check_launch(launch)
    deal = parse_deal(players, board, dead, v)
    ranged = len(deal.players) == 2 and any(len(r) > 1 for r in deal.ranges)
    hit = from_preflop_tables(deal) if method is None and ranged else None
    if hit is not None:  # heads-up preflop whole classes: the exact preflop tables hold the answer
        return GpuEquity(hit.equity, hit.win, hit.tie, hit.n, "exact")
    if method == "sweep" or (method is None and sweep_cheaper(deal)):
        if sweep_sides(deal) is None:
            raise ValueError("method='sweep' needs two players, one of whose ranges weighs the same on every combo")
        raise_if_unfit(deal)
        swept = sweep_counts(deal, device_tables(v), launch, symmetric)
        win, tie, equity, n = sweep_fractions(deal, swept)
        return GpuEquity(equity, win, tie, n, "exact")
    holes, weights = combinations(deal.ranges)
    if len(holes) == 0:
        raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
    table_cards = v.tables.natural.cards
    known = deal.board.astype(np.int64)
    k = BOARD_CARDS - len(known)
    hole_masks = (U64(1) << holes.astype(np.uint64)).sum(axis=2, dtype=np.uint64).sum(axis=1, dtype=np.uint64)
    common = int(np.bitwise_and.reduce(hole_masks))
    blocked = int(deal.excluded) | int(card_mask(deal.board)) | common
    live = np.array([c for c in range(N_NATURAL) if not (blocked >> c) & 1], np.uint8)
    n_enumerated = comb(len(live), k)
    listed, listed_weights = _symmetric_boards(deal, live, k, symmetric)
    n_listed = len(listed) if listed_weights[0] else 0
    if n_listed:
        n_enumerated = n_listed
    bit_of = np.array([int(host_suit_rank_bit(c)) for c in range(N_NATURAL)], np.uint64)
    board_key = U64((int(table_cards[layout.FIRST_CARD]) - int(table_cards[0]) + sum(int(table_cards[c]) for c in known))
                    % 2**64)
    board_bits = U64(np.bitwise_or.reduce(bit_of[known])) if len(known) else U64(0)
    keys = (board_key + table_cards[holes[:, :, 0]] + table_cards[holes[:, :, 1]]).astype(np.uint64)
    bits = (board_bits | bit_of[holes[:, :, 0]] | bit_of[holes[:, :, 1]]).astype(np.uint64)
    counts = cuda.to_device(np.zeros((len(holes), len(deal.players), 3), np.int64))
    work = len(holes) * -(-n_enumerated // int(chunk))
    blocks, threads = check_launch(launch) or launch_shape(work)
    _exact_kernel[blocks, threads](cuda.to_device(live), k, cuda.to_device(binomials(len(live))), n_enumerated,
                                   int(chunk), n_listed, cuda.to_device(listed), cuda.to_device(listed_weights),
                                   cuda.to_device(keys), cuda.to_device(bits),
                                   cuda.to_device(hole_masks), device_tables(v), counts)
    total = np.einsum("t,tpk->pk", weights, counts.copy_to_host().astype(np.float64))
    return _result(total, float(weights.sum()) * deal.n_boards, len(holes) * deal.n_boards, "exact")


# --------------------------------------------------------------------------- Monte Carlo


@cuda.jit(device=True)
def mix(z):
    """splitmix64's finaliser: a well-mixed 64-bit function of ``z``."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


#: Draws of a card by rejection before :func:`draw_card` picks among the free cards by index.
REJECTION_TRIES = 16


@cuda.jit(device=True)
def draw_card(state, live, used):
    """A live card not in ``used`` (a bit mask), drawn uniformly from the stream ``state``:
    ``(card, state)``.  At most :data:`REJECTION_TRIES` draws by rejection, then the ``r``-th free
    card by index, so the loop is bounded whatever ``used`` holds (each way gives every free card
    the same chance, hence so does the whole).  The caller leaves at least one live card free (the
    host checks the deck is large enough); with none it returns ``live[0]``."""
    nl = U64(live.shape[0])
    for _ in range(REJECTION_TRIES):
        state += GOLDEN
        r = mix(state)
        c = U64(live[((r >> _S32) * nl) >> _S32])
        if ((used >> c) & U64(1)) == U64(0):
            return c, state
    free = U64(0)
    for j in range(live.shape[0]):
        free += U64(1) - ((used >> U64(live[j])) & U64(1))
    state += GOLDEN
    pick = ((mix(state) >> _S32) * free) >> _S32
    for j in range(live.shape[0]):
        c = U64(live[j])
        if ((used >> c) & U64(1)) == U64(0):
            if pick == U64(0):
                return c, state
            pick -= U64(1)
    return U64(live[0]), state


@cuda.jit
def _monte_carlo_kernel(live, k, random_players, n_trials, seed, keys, bits, t, totals):
    """Trial ``i``: the board's missing ``k`` cards and each random player's two, drawn from the
    counter-based stream of ``(seed, i)``; shares credited as in :func:`_exact_kernel`."""
    bases, values = t.bases7, t.values7
    acc = cuda.local.array((MAX_PLAYERS, 3), np.int64)
    strengths = cuda.local.array(MAX_PLAYERS, np.uint16)
    my_keys = cuda.local.array(MAX_PLAYERS, np.uint64)
    my_bits = cuda.local.array(MAX_PLAYERS, np.uint64)
    players = keys.shape[0]
    for p in range(players):
        for j in range(3):
            acc[p, j] = 0
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n_trials:
        state = mix(seed ^ (U64(i) * TRIAL_MIX))
        used = U64(0)
        board_key = U64(0)
        board_bits = U64(0)
        for j in range(k):
            c, state = draw_card(state, live, used)
            used |= U64(1) << c
            board_key += t.cards[c]
            board_bits |= suit_rank_bit(c)
        for p in range(players):
            my_keys[p] = keys[p]
            my_bits[p] = bits[p]
            if random_players[p]:
                for j in range(2):
                    c, state = draw_card(state, live, used)
                    used |= U64(1) << c
                    my_keys[p] += t.cards[c]
                    my_bits[p] |= suit_rank_bit(c)
        _settle(players, my_keys, my_bits, board_key, board_bits, t, bases, values, strengths, acc, _ONE_DEAL)
        i += stride
    for p in range(players):
        for j in range(3):
            if acc[p, j]:
                cuda.atomic.add(totals, (p, j), acc[p, j])


def monte_carlo_equity(players: Any, board: Any = "", dead: Any = "", *, trials: int = 1_000_000, seed: int = 0,
                       variant: VariantLike = "high", launch: tuple[int, int] | None = None) -> GpuEquity:
    """Monte Carlo equity of 2 to 9 Hold'em players, each two hole cards or ``"random"`` (a hand
    dealt at random each trial), on a board of 0, 3, 4 or 5 known cards, ``dead`` cards out:
    ``trials`` deals ranked on the device.  Trial ``i`` is a function of ``(seed, i)`` alone, so the
    result is the same whatever ``launch`` (``(blocks, threads)``) or device runs it.

    Omaha: :func:`pokerlut.cuda.monte_carlo_equity` hands ``variant="omaha"`` / ``"omaha-hilo"`` to
    :func:`pokerlut.cuda.omaha_equity.omaha_monte_carlo_equity`.

    >>> r = monte_carlo_equity(["AhKh", "random"], "Qh Jh 2c", trials=100, seed=1)
    >>> r.n, round(float(r.equity.sum()), 12), r.method
    (100, 1.0, 'monte carlo')
    """
    if isinstance(trials, (bool, np.bool_)) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise ValueError(f"trials must be a positive integer, got {trials!r}")
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    v, holes, board, live = _holdem_deal(players, board, dead, variant, random_ok=True)
    k = BOARD_CARDS - len(board)
    random_players = np.array([h is None for h in holes], np.uint8)
    if len(live) < k + 2 * int(random_players.sum()):
        raise ValueError(f"{len(live)} cards are left: too few to deal the board and the random hands")
    t = device_tables(v)
    keys, bits = _player_arrays([() if h is None else h for h in holes], board, v.tables.natural.cards)
    totals = cuda.to_device(np.zeros((len(holes), 3), np.int64))
    blocks, threads = check_launch(launch) or launch_shape(int(trials))
    _monte_carlo_kernel[blocks, threads](cuda.to_device(live), k, cuda.to_device(random_players), int(trials),
                                         U64(seed_word(int(seed))), cuda.to_device(keys), cuda.to_device(bits), t,
                                         totals)
    return _result(totals.copy_to_host(), int(trials), int(trials), "monte carlo")


def seed_word(seed: int) -> int:
    """The seed as the 64-bit word the trials' streams start from (splitmix64 of it, on the host).

    >>> seed_word(0) != seed_word(1)
    True
    """
    z = (seed + 0x9E3779B97F4A7C15) % 2**64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)
