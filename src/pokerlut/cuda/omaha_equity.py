"""Omaha and Omaha hi-lo equity on the device: every board (exact) or random deals (Monte Carlo).

Each player's hand is ranked by brute force on each board (every pair of its hole cards with
every three board cards, in the high game's 5-card tables, and in the eight-or-better tables for
the low), as :mod:`pokerlut.cuda.omaha` ranks it.  The pot is settled as the CPU's Omaha kernels
settle it (:func:`pokerlut.kernels.omaha_equity.settle_pot`): in hi-lo half to the best high hands
and half to the best qualifying lows, the whole to the high side when no low qualifies, each part
split evenly; accumulators per player ``0`` whole pots, ``1`` part of a pot, ``2`` pot units, and
in hi-lo ``4..6`` the high half, the low half and the high half without a low (the CPU's columns).

* Exact: every conflict-free combination of the players' hands (fixed hands or Omaha ranges, the
  CPU's :func:`~pokerlut.equities.omaha.omaha_combinations`) on every completion of the board; a
  thread per combination and run of boards, each board unranked from its index.  A hand against
  ``"random"`` preflop is counted by rank multisets instead (:mod:`pokerlut.cuda.omaha_random`).
* Monte Carlo: trial ``i`` draws from the counter-based stream of ``(seed, i)`` alone (the Hold'em
  engine's generator), so the same seed gives the same numbers whatever the launch shape: ranged
  players' hands by weight (Walker's alias tables, redrawn whole when two share a card), random
  players' cards and the missing board cards uniformly from the cards left.  Every loop is
  bounded: a trial gives up after :data:`MAX_ATTEMPTS` conflicting draws of the ranged hands (the
  call then raises), a card is drawn in a bounded number of steps, and a run whose ranges fit
  together so rarely that it would take more than ``max_draws`` whole-deal draws is refused up
  front, before any launch (:func:`fit_rate`, from :data:`PROBE_DRAWS` draws on the host, fixed
  by the seed), as the CPU engine refuses it.
"""

from __future__ import annotations

from math import comb
from typing import Any, NamedTuple

import numpy as np

from ..constants import BOARD_CARDS, MAX_PLAYERS, OMAHA_HOLE_SIZES
from ..equities.deal import ImpossibleDeal, card_mask, parse_deal
from ..equities.holdem import alias_table, default_max_draws
from ..equities.omaha import omaha_combinations
from ..equities.plan import MAX_DEALS
from ..equities.results import fractions, hilo_sides
from ..kernels.equity import SHARE_UNIT
from ..kernels.omaha_equity import COUNT_COLUMNS
from ..omaha import omaha_variant
from ..ranges.omaha import OmahaRange, hand_masks
from .batch import check_launch, launch_shape
from .combinations import binomials, unrank
from .device import U64, cuda, omaha_values, settle_pot, tables as device_tables
from .omaha_random import omaha_random_exact_equity, supports_omaha_random
from .engines import GOLDEN, board_run, draw_card, mix, seed_word, TRIAL_MIX

__all__ = ["omaha_exact_equity", "omaha_monte_carlo_equity", "OmahaGpuEquity", "MAX_ATTEMPTS", "PROBE_DRAWS",
           "fit_rate"]

_COLUMNS = COUNT_COLUMNS  # column 3 (squares) is left at zero here
_MAX_HOLE = max(OMAHA_HOLE_SIZES)
_HAND_SLOTS = MAX_PLAYERS * _MAX_HOLE  # a constant for cuda.local.array (a product there is not one)
#: Draws of the ranged players' hands in a row that may conflict before a trial gives up.
MAX_ATTEMPTS = 10_000
#: Whole-deal draws of the ranged players' hands the host makes to estimate how often they fit together.
PROBE_DRAWS = 4096
_ONE_DEAL = np.int64(1)  # the weight settle_pot gives each deal
_LOW32 = U64(0xFFFFFFFF)
_S32 = U64(32)


class OmahaGpuEquity(NamedTuple):
    """As :class:`~pokerlut.cuda.engines.GpuEquity` (``equity``, ``win``, ``tie``, ``n``, ``method``),
    and in hi-lo ``sides``: the CPU result's ``high_share``, ``low_share``, ``high_share_no_low`` and
    ``scoop`` (empty in Omaha high)."""

    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    n: int
    method: str
    sides: dict


@cuda.jit
def _exact_kernel(holes, masks, n_hole, known, n_known, live, binom, n_boards, chunk, hilo, th, tl, counts):
    """Combination ``c`` (hands ``holes[c]``, P x ``n_hole`` cards, bit mask ``masks[c]``) on every
    completion of the ``n_known`` cards ``known`` by live cards that holds none of its cards, a
    thread per ``chunk`` boards of one combination: counts into ``counts[c]`` (P, 7)."""
    picked = cuda.local.array(BOARD_CARDS, np.int64)
    board = cuda.local.array(BOARD_CARDS, np.uint64)
    acc = cuda.local.array((MAX_PLAYERS, _COLUMNS), np.int64)
    high = cuda.local.array(MAX_PLAYERS, np.uint16)
    low = cuda.local.array(MAX_PLAYERS, np.uint16)
    players = counts.shape[1]
    k = BOARD_CARDS - n_known
    nl = live.shape[0]
    per = (n_boards + chunk - 1) // chunk
    for j in range(n_known):
        board[j] = U64(known[j])
    w = cuda.grid(1)
    stride = cuda.gridsize(1)
    while w < holes.shape[0] * per:
        c, lo, hi = board_run(w, per, chunk, n_boards)
        for p in range(players):
            for j in range(_COLUMNS):
                acc[p, j] = 0
        for i in range(lo, hi):
            unrank(i, k, binom, nl, picked)
            board_mask = U64(0)
            for j in range(k):
                card = U64(live[picked[j]])
                board[n_known + j] = card
                board_mask |= U64(1) << card
            if board_mask & masks[c]:
                continue
            for p in range(players):
                high[p], low[p] = omaha_values(holes[c], p * n_hole, n_hole, board, BOARD_CARDS, th, tl, hilo)
            settle_pot(high, low, players, hilo, _ONE_DEAL, acc, False)
        for p in range(players):
            for j in range(_COLUMNS):
                if acc[p, j]:
                    cuda.atomic.add(counts, (c, p, j), acc[p, j])
        w += stride


def _result(totals: np.ndarray, n: float, count: int, method: str, hilo: bool) -> OmahaGpuEquity:
    """Fractions of ``totals`` (P, 7) over ``n`` deals, with the hi-lo sides."""
    win, tie, equity, _ = fractions(totals[:, :3], max(n, 1), 2 * SHARE_UNIT if hilo else SHARE_UNIT)
    return OmahaGpuEquity(equity, win, tie, count, method, hilo_sides(totals, max(n, 1)) if hilo else {})


def _hands(deal, p: int) -> OmahaRange:
    """Player ``p``'s possible hands: its range, or its one fixed hand (as the CPU engine reads them)."""
    player = deal.players[p]
    if player.range is not None:
        return player.range
    return OmahaRange(np.sort(player.hole)[::-1].reshape(1, -1).astype(np.uint8), np.ones(1))


def _deal(players, board, dead, variant):
    v = omaha_variant(variant)
    deal = parse_deal(players, board, dead, v)
    return v, deal


def omaha_exact_equity(players: Any, board: Any = "", dead: Any = "", *, variant: str = "omaha",
                       launch: tuple[int, int] | None = None, chunk: int = 64) -> OmahaGpuEquity:
    """Exact Omaha (``"omaha"``) or Omaha hi-lo (``"omaha-hilo"``) equity of 2 to 9 players, each
    4, 5 or 6 hole cards or an Omaha range (``"AA**"``), over every board completing ``board``
    (0, 3, 4 or 5 cards), ``dead`` cards out: what ``pokerlut.equity(players, board, dead,
    exact=True, variant=variant)`` gives, every combination of hands on every board ranked on the
    device.  In hi-lo ``result.sides`` holds the CPU's ``high_share``, ``low_share``,
    ``high_share_no_low`` and ``scoop``.  A 4-card hand (or a range of them) against ``"random"``,
    Omaha high with no board, is counted as the CPU counts it (:mod:`pokerlut.cuda.omaha_random`);
    other deals with a random player are a ``ValueError``, as on the CPU.

    >>> r = omaha_exact_equity(["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s 3h")
    >>> [round(float(x), 4) for x in r.equity], r.n
    ([0.675, 0.325], 40)
    """
    v, deal = _deal(players, board, dead, variant)
    hilo = v.rule.hilo
    if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise ValueError(f"chunk must be a positive integer, got {chunk!r}")
    if any(p.hole is None and p.range is None for p in deal.players):
        if supports_omaha_random(deal):
            r = omaha_random_exact_equity(deal, launch=launch)
            return OmahaGpuEquity(r.equity, r.win, r.tie, r.n, "exact", {})
        raise ValueError("the GPU's exact Omaha equity with a 'random' player answers Omaha high preflop, one 4-card "
                         "hand (or a range of them) against 'random' (dead cards allowed), as pokerlut.equity does; "
                         "other deals with a random player are dealt by monte_carlo_equity")
    n_players = len(deal.players)
    holes, weights = omaha_combinations([_hands(deal, p) for p in range(n_players)], MAX_DEALS)
    if len(holes) == 0:
        raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
    n_hole = holes.shape[1] // n_players
    masks = hand_masks(holes)
    common = int(np.bitwise_and.reduce(masks))
    blocked = int(deal.excluded) | int(card_mask(deal.board)) | common
    live = np.array([c for c in v.deck if not (blocked >> int(c)) & 1], np.uint8)
    k = BOARD_CARDS - len(deal.board)
    n_enumerated = comb(len(live), k)
    known = np.zeros(BOARD_CARDS, np.uint8)
    known[:len(deal.board)] = deal.board
    counts = cuda.to_device(np.zeros((len(holes), n_players, _COLUMNS), np.int64))
    blocks, threads = check_launch(launch) or launch_shape(len(holes) * -(-n_enumerated // int(chunk)))
    _exact_kernel[blocks, threads](cuda.to_device(holes), cuda.to_device(masks), n_hole, cuda.to_device(known),
                                   len(deal.board), cuda.to_device(live), cuda.to_device(binomials(len(live))),
                                   n_enumerated, int(chunk), hilo, device_tables("high"),
                                   device_tables("eight-or-better"), counts)
    per_deal = counts.copy_to_host()
    if np.all(weights == 1.0):
        total = per_deal.sum(axis=0).astype(np.float64)
    else:
        total = np.einsum("t,tpk->pk", weights, per_deal.astype(np.float64))
    n = float(weights.sum()) * deal.n_boards
    return _result(total, n, len(holes) * deal.n_boards, "exact", hilo)


def fit_rate(hands: list, seed: int, draws: int = PROBE_DRAWS) -> tuple[int, int]:
    """``(fits, draws)``: of ``draws`` deals of every player's hand drawn by weight (``hands[p]`` an
    :class:`~pokerlut.ranges.omaha.OmahaRange`, ``None`` for a random player), how many share no
    card; fixed by ``seed``.  Only hands of two or more ranged players can clash (a range holds no
    card of the fixed hands or the board), so with fewer every draw fits.

    >>> one = OmahaRange(np.array([[51, 50, 49, 48]], np.uint8), np.ones(1))
    >>> fit_rate([one, None], seed=0)
    (4096, 4096)
    >>> aces = OmahaRange(np.array([[51, 50, 1, 0], [51, 49, 1, 0]], np.uint8), np.ones(2))
    >>> fit_rate([aces, aces], seed=0)
    (0, 4096)
    """
    ranged = [h for h in hands if h is not None and len(h) > 1]
    if len(ranged) < 2:
        return draws, draws
    rng = np.random.default_rng([0x6F6D616861, seed])
    used = np.zeros(draws, np.uint64)
    clash = np.zeros(draws, bool)
    for h in hands:
        if h is None:
            continue
        w = np.asarray(h.weights, np.float64)
        masks = hand_masks(h.combos)[rng.choice(len(h), size=draws, p=w / w.sum())]
        clash |= (used & masks) != 0
        used |= masks
    return int(draws - clash.sum()), draws


def _refuse_draws(trials: int, fits: int, draws: int, max_draws: int) -> None:
    """The ``ValueError`` of a run of ``trials`` whose ranges, fitting ``fits`` times in ``draws``,
    would take more than ``max_draws`` whole-deal draws, or never fit in the ``draws`` (then most
    trials would give up after :data:`MAX_ATTEMPTS` draws anyway); nothing otherwise."""
    needed = trials * draws / max(fits, 1)
    if fits and needed <= max_draws:
        return
    rate = (f"{fits:,} of {draws:,} draws of the players' hands fit together" if fits else
            f"none of {draws:,} draws of the players' hands fit together (fewer than 1 in {draws:,})")
    most = int(max_draws * fits / draws)
    fewer = f"fewer trials (at most about {most:,})" if most else "fewer trials"
    if not fits:
        raise ValueError(f"Monte Carlo refused: the players' ranges almost never fit together without sharing a card: "
                         f"{rate}; narrow them, or use exact equity")
    raise ValueError(f"Monte Carlo refused: the players' ranges rarely fit together without sharing a card: {rate}; "
                     f"{trials:,} trials would take about {needed:.3g} draws, more than max_draws "
                     f"({max_draws:,}). Pass {fewer}, a larger max_draws to run it anyway, or narrower ranges")


@cuda.jit(device=True)
def _draw_combo(state, lo, hi, prob, alias):
    """A combo index of the segment ``lo..hi`` drawn by weight (Walker's alias method) from the
    stream ``state``: ``(index, state)``."""
    state += GOLDEN
    z = mix(state)
    a = lo + np.int64(((z & _LOW32) * U64(hi - lo)) >> _S32)
    if np.float64(z >> _S32) * (1.0 / 4294967296.0) >= prob[a]:
        a = alias[a]
    return a, state


@cuda.jit
def _monte_carlo_kernel(combos, combo_masks, prob, alias, offsets, n_hole, known, n_known, deck, n_trials, seed,
                        hilo, th, tl, totals, failed):
    """Trial ``i`` from the stream of ``(seed, i)``: player ``p`` holds a combo of its segment
    ``offsets[p]..offsets[p + 1]`` of ``combos`` (one: a fixed hand; more: drawn by weight, the
    ranged hands redrawn whole when two share a card; none: ``n_hole`` cards drawn from ``deck``),
    then the missing board cards from ``deck``; the pot settled into ``totals`` (P, 7)."""
    acc = cuda.local.array((MAX_PLAYERS, _COLUMNS), np.int64)
    hand = cuda.local.array(_HAND_SLOTS, np.uint64)
    board = cuda.local.array(BOARD_CARDS, np.uint64)
    high = cuda.local.array(MAX_PLAYERS, np.uint16)
    low = cuda.local.array(MAX_PLAYERS, np.uint16)
    players = offsets.shape[0] - 1
    for p in range(players):
        for j in range(_COLUMNS):
            acc[p, j] = 0
    for j in range(n_known):
        board[j] = U64(known[j])
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n_trials:
        state = mix(seed ^ (U64(i) * TRIAL_MIX))
        used = U64(0)
        attempts = 0
        while True:
            used = U64(0)
            ok = True
            for p in range(players):
                lo = offsets[p]
                hi = offsets[p + 1]
                if hi - lo == 0:
                    continue
                a = lo
                if hi - lo > 1:
                    a, state = _draw_combo(state, lo, hi, prob, alias)
                if used & combo_masks[a]:
                    ok = False
                    break
                used |= combo_masks[a]
                for j in range(n_hole):
                    hand[p * n_hole + j] = U64(combos[a, j])
            if ok:
                break
            attempts += 1
            if attempts >= MAX_ATTEMPTS:
                failed[0] = 1
                break
        if attempts >= MAX_ATTEMPTS:
            i += stride
            continue
        for p in range(players):
            if offsets[p + 1] == offsets[p]:
                for j in range(n_hole):
                    c, state = draw_card(state, deck, used)
                    used |= U64(1) << c
                    hand[p * n_hole + j] = c
        for j in range(n_known, BOARD_CARDS):
            c, state = draw_card(state, deck, used)
            used |= U64(1) << c
            board[j] = c
        for p in range(players):
            high[p], low[p] = omaha_values(hand, p * n_hole, n_hole, board, BOARD_CARDS, th, tl, hilo)
        settle_pot(high, low, players, hilo, _ONE_DEAL, acc, False)
        i += stride
    for p in range(players):
        for j in range(_COLUMNS):
            if acc[p, j]:
                cuda.atomic.add(totals, (p, j), acc[p, j])


def omaha_monte_carlo_equity(players: Any, board: Any = "", dead: Any = "", *, trials: int = 1_000_000,
                             seed: int = 0, variant: str = "omaha", launch: tuple[int, int] | None = None,
                             max_draws: int | None = None) -> OmahaGpuEquity:
    """Monte Carlo Omaha or Omaha hi-lo equity of 2 to 9 players, each hole cards, an Omaha range
    or ``"random"``, on a board of 0, 3, 4 or 5 known cards, ``dead`` cards out: ``trials`` deals
    ranked on the device.  Trial ``i`` is a function of ``(seed, i)`` alone, so the result is the
    same whatever ``launch`` (``(blocks, threads)``) runs it.  Ranges that would take more than
    ``max_draws`` whole-deal draws (default as the CPU's:
    :func:`~pokerlut.equities.holdem.default_max_draws`) are refused up front with a ``ValueError``
    saying how often they fit.

    >>> r = omaha_monte_carlo_equity(["As Ks Ad Kd", "random"], "2c 7d 8s", trials=50, seed=1, variant="omaha-hilo")
    >>> r.n, round(float(r.equity.sum()), 12), sorted(r.sides)
    (50, 1.0, ['high_share', 'high_share_no_low', 'low_share', 'scoop'])
    """
    if isinstance(trials, (bool, np.bool_)) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise ValueError(f"trials must be a positive integer, got {trials!r}")
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    if max_draws is not None and (isinstance(max_draws, (bool, np.bool_)) or
                                  not isinstance(max_draws, (int, np.integer)) or max_draws < 1):
        raise ValueError(f"max_draws must be a positive integer or None, got {max_draws!r}")
    v, deal = _deal(players, board, dead, variant)
    hilo = v.rule.hilo
    n_players = len(deal.players)
    n_hole = deal.hole_size
    hands = [None if p.hole is None and p.range is None else _hands(deal, i) for i, p in enumerate(deal.players)]
    sizes = [0 if h is None else len(h) for h in hands]
    fits, probed = fit_rate(hands, int(seed))
    _refuse_draws(int(trials), fits, probed, default_max_draws(int(trials)) if max_draws is None else int(max_draws))
    offsets = np.cumsum([0] + sizes).astype(np.int64)
    present = [h.combos for h in hands if h is not None]
    combos = np.ascontiguousarray(np.concatenate(present) if present else np.zeros((0, n_hole), np.uint8), np.uint8)
    prob = np.ones(max(len(combos), 1))
    alias = np.arange(max(len(combos), 1), dtype=np.int64)
    for p, h in enumerate(hands):
        if h is not None and len(h) > 1:
            prob[offsets[p]:offsets[p + 1]], alias[offsets[p]:offsets[p + 1]] = alias_table(h.weights, int(offsets[p]))
    masks = hand_masks(combos) if len(combos) else np.zeros(1, np.uint64)
    if not len(combos):
        combos = np.zeros((1, n_hole), np.uint8)
    fixed = int(card_mask(deal.fixed)) | int(deal.excluded)
    deck = np.array([c for c in v.deck if not (fixed >> int(c)) & 1], np.uint8)
    n_random = sizes.count(0)
    if len(deck) < BOARD_CARDS - len(deal.board) + n_hole * n_random:
        raise ValueError(f"{len(deck)} cards are left: too few to deal the board and the random hands")
    known = np.zeros(BOARD_CARDS, np.uint8)
    known[:len(deal.board)] = deal.board
    totals = cuda.to_device(np.zeros((n_players, _COLUMNS), np.int64))
    failed = cuda.to_device(np.zeros(1, np.int64))
    blocks, threads = check_launch(launch) or launch_shape(int(trials))
    _monte_carlo_kernel[blocks, threads](cuda.to_device(combos), cuda.to_device(masks), cuda.to_device(prob),
                                         cuda.to_device(alias), cuda.to_device(offsets), n_hole,
                                         cuda.to_device(known), len(deal.board), cuda.to_device(deck), int(trials),
                                         U64(seed_word(int(seed))), hilo, device_tables("high"),
                                         device_tables("eight-or-better"), totals, failed)
    if failed.copy_to_host()[0]:
        raise ImpossibleDeal("the players' ranges almost never fit together without sharing a card "
                             f"({MAX_ATTEMPTS:,} draws in a row conflicted); narrow them or use exact equity")
    return _result(totals.copy_to_host().astype(np.float64), int(trials), int(trials), "monte carlo", hilo)
