"""Texas Hold'em equity: exact board enumeration or Monte Carlo, for hands and weighted ranges.

>>> r = equity(["AhKh", "QdQc"], exact=True)       # every one of the 1,712,304 boards
>>> r.method, r.n, [round(float(x), 4) for x in r.equity]
('exact', 1712304, [0.4621, 0.5379])
>>> r = equity(["AsAd", "KK"], board="Ks 7h 2c")   # a hand against a range, on a flop
>>> r.method, r.n
('exact', 2970)

Exact or sampled (``exact=None``): every remaining board is enumerated for every conflict-free
combination of the players' combos when ``combinations * boards * players <= EXACT_BUDGET``
(400 million player-hands, about a second on two cores) and the combinations number at most
``MAX_DEALS`` (4 million); otherwise ``samples`` Monte Carlo trials are run.  ``exact=True``
forces enumeration (still limited to ``MAX_DEALS`` combinations), ``exact=False`` sampling.

Weights: each combination of combos counts with the product of its combos' weights, exactly as
a weighted average over conflict-free deals; Monte Carlo draws combos by weight and redraws a
combination that holds a card twice, which samples the same distribution.

Reproducible Monte Carlo: the trials are cut into chunks of ``CHUNK_TRIALS``; chunk ``i`` runs
its own splitmix64 stream seeded from ``SeedSequence(seed, spawn_key=(i,))``, so a seed gives
the same counts whatever the number of threads or Dask workers (:mod:`pokerlut.dask`).
"""

from __future__ import annotations

import itertools
import math
import numbers
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

import numba
import numpy as np

from . import _seeds, _threads, layout
from ._input import card_array
from .cards import format_cards, parse_cards
from .constants import WILD
from .kernels import equity as K
from .kernels.registry import exact_kernel, mc_kernel
from .ranges import Range, parse_range
from .variants import VARIANTS, Variant, VariantLike, get_variant
from .first_call import noticed

__all__ = ["ImpossibleDeal", "EquityResult", "BatchEquityResult", "equity", "equity_batch", "equity_cli",
           "EXACT_BUDGET", "MAX_DEALS", "CHUNK_TRIALS", "DEFAULT_SAMPLES", "MAX_SAMPLES"]

EXACT_BUDGET = 400_000_000  #: player-hands (deals x boards x players) enumerated when exact=None
MAX_DEALS = 4_000_000  #: most conflict-free combinations of combos an exact run enumerates
CHUNK_TRIALS = 1 << 16  #: Monte Carlo trials per independently seeded chunk
DEFAULT_SAMPLES = 1_000_000
#: Most Monte Carlo trials one call runs (all questions of a batch together): minutes of work on
#: a few cores, and ~150,000 seeded chunks.  More is refused rather than left to run for hours or
#: exhaust memory; split the work into several calls (different seeds) instead.
MAX_SAMPLES = 10_000_000_000
MAX_PLAYERS = 9
PARALLEL_MIN_WORK = 200_000  #: player-hands (exact) or trials (Monte Carlo) below which one thread runs
EXACT_BLOCK_WORK = 50_000_000
#: Preflop, the exact kernel ranks about this share of the boards one by one (the flushy ones;
#: the others once per rank multiset): its work estimate for the budget.
PREFLOP_WORK_FRACTION = 0.15
MC_BLOCK_TRIALS = 2_000_000  #: Monte Carlo trials per thread per round of kernel calls  #: player-boards per exact kernel call (Ctrl-C is answered between calls)
SHARE_UNIT = K.SHARE_UNIT


class ImpossibleDeal(ValueError):
    """The players' hands can never be dealt together (every combination of their combos shares a
    card, or a range holds no combo left by the known cards)."""


def _tables(variant: Variant) -> tuple:
    """The 7-card tables the equity kernels take: ``(cards, bases, values, flush, bases5, values5,
    subset_rare)`` of the game."""
    return variant.tables.rank_tables(7)


def _rank_keys(cards: np.ndarray) -> np.ndarray:
    """The rank field of each rank's card constant (clubs' card, suit counter removed)."""
    field = np.uint64(((1 << layout.RANK_KEY_BITS) - 1) << layout.RANK_SHIFT)
    return np.ascontiguousarray(cards[0:52:4] & field)


_BINOM = np.array([[math.comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)


@dataclass
class EquityResult:
    """Per player (in the order given): ``win`` (alone), ``tie`` (shared best hand) and ``equity``
    (pot share, ties split evenly) as fractions; ``n`` boards enumerated (summed over every
    combination of combos) or trials run; ``method`` 'exact' or 'monte carlo'; ``std_error`` of
    each equity (Monte Carlo; zeros when exact); ``seed`` the entropy that reproduces the run."""

    players: list[str]
    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    n: int
    method: str
    std_error: np.ndarray
    seed: int | None = None
    board: str = ""
    dead: str = ""
    seconds: float = field(default=0.0, compare=False)

    @property
    def boards(self) -> int:
        return self.n

    @property
    def trials(self) -> int:
        return self.n

    def table(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        mc = self.method != "exact"
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}" + ("  std.err" if mc else "")
        lines = [head]
        for i, p in enumerate(self.players):
            line = f"{p:<{width}}  {self.equity[i]:8.3%}  {self.win[i]:8.3%}  {self.tie[i]:8.3%}"
            if mc:
                line += f"  {self.std_error[i]:7.3%}"
            lines.append(line)
        what = "boards" if not mc else "trials"
        tail = f"{self.method}, {self.n:,} {what}"
        if self.board:
            tail += f", board {self.board}"
        if self.dead:
            tail += f", dead {self.dead}"
        if mc:
            tail += f", seed {self.seed}"
        if self.seconds:
            tail += f", {self.seconds:.3f} s"
        return "\n".join(lines + [tail])

    def __str__(self) -> str:
        return self.table()


# --------------------------------------------------------------------------- input


def _cards(value, what: str, variant: Variant | None = None) -> np.ndarray:
    """Cards of a board, dead cards or a hand, as uint8 ids of natural cards of the game's deck."""
    if value is None:
        return np.zeros(0, dtype=np.uint8)
    if isinstance(value, str) and not value.strip():
        return np.zeros(0, dtype=np.uint8)
    try:
        arr = card_array(value, what).ravel()
    except ValueError as error:  # unreadable card text
        raise ValueError(f"{what}: {error}") from None
    if arr.size == 0:
        return np.zeros(0, dtype=np.uint8)
    deck = set((variant or get_variant("high")).deck)
    for c in arr.tolist():
        if c == WILD:
            raise ValueError(f"{what}: wild cards are not dealt in equity calculations")
        if c not in deck:
            if variant is None or not 0 <= c < WILD:
                raise ValueError(f"{what}: card ids must be 0..51 (natural cards), got {arr.tolist()}")
            raise ValueError(f"{what}: card {format_cards([c])} is not in {variant.describe_deck()}")
    return arr.astype(np.uint8)


def _player(value, index: int, variant: Variant, who: str = "player") -> tuple[str, np.ndarray | None, Range | None]:
    """(label, fixed hole (2,) or None, range or None) of ``who`` number ``index + 1``."""
    name = f"{who} {index + 1}"
    if isinstance(value, Range):  # validated first: a malformed Range has no meaningful length
        rng = value.validated(f"{name}'s range")
        return f"range ({len(rng)} combos)", None, rng
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except ValueError:
            cards = None
        if cards is not None and len(cards) == 2:
            return format_cards(_cards(cards, f"{name} ({value!r})", variant)).replace(" ", ""), cards, None
        if cards is not None and len(cards) > 0:
            raise ValueError(f"{name} ({value!r}): a Hold'em hand has 2 hole cards, got {len(cards)}")
        try:
            rng = parse_range(value)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        return value.strip(), None, rng
    cards = _cards(value, name, variant)
    if len(cards) != 2:
        raise ValueError(f"{name}: a Hold'em hand has 2 hole cards, got {len(cards)}")
    return format_cards(cards).replace(" ", ""), cards, None


def _check_distinct(named: list[tuple[str, np.ndarray]]) -> None:
    seen: dict[int, str] = {}
    for name, cards in named:
        for c in cards.tolist():
            if c in seen:
                card = format_cards([c])
                where = seen[c]
                if where == name:
                    raise ValueError(f"{name} holds {card} twice")
                raise ValueError(f"card {card} is dealt twice: in {where} and in {name}")
            seen[c] = name


@dataclass
class _Problem:
    labels: list[str]
    board: np.ndarray
    dead: np.ndarray
    ranges: list[Range]  # per player, fixed hands as one-combo ranges, card removal applied
    variant: Variant = field(default_factory=lambda: get_variant("high"))

    @property
    def excluded(self) -> np.uint64:
        """Bit mask of the cards no board may take: the dead cards and the cards outside the deck."""
        return _mask(np.concatenate([self.dead, _outside_deck(self.variant.name)]).astype(np.uint8))


@lru_cache(maxsize=None)
def _outside_deck(variant: str) -> np.ndarray:
    """The natural card ids a game does not deal (read-only)."""
    outside = np.setdiff1d(np.arange(52), np.array(get_variant(variant).deck)).astype(np.uint8)
    outside.setflags(write=False)
    return outside


def _prepare(players, board, dead, variant: VariantLike = "high") -> _Problem:
    if isinstance(players, np.ndarray) and players.ndim == 2:  # holes (P, 2)
        players = list(players)
    if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
        raise TypeError("players is a list of hands or ranges, e.g. ['AhKh', 'QQ+']")
    v = get_variant(variant)
    n = len(players)
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {n}")
    board_cards = _cards(board, "board", v)
    dead_cards = _cards(dead, "dead cards", v)
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"a Hold'em board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    if 2 * n + 5 + len(dead_cards) > v.deck_size:
        raise ValueError(f"{n} players, 5 board cards and {len(dead_cards)} dead cards need "
                         f"{2 * n + 5 + len(dead_cards)} cards: more than the {v.deck_size} of the deck")
    parsed = [_player(p, i, v) for i, p in enumerate(players)]
    named = [("the board", board_cards), ("the dead cards", dead_cards)]
    named += [(f"player {i + 1}", hole) for i, (_, hole, _) in enumerate(parsed) if hole is not None]
    _check_distinct(named)
    known = np.concatenate([c for _, c in named] + [_outside_deck(v.name)])
    ranges = []
    for i, (label, hole, rng) in enumerate(parsed):
        if hole is not None:
            ranges.append(Range(np.sort(hole)[::-1].reshape(1, 2).astype(np.uint8), np.ones(1)))
            continue
        blocked = rng.blocked(known)
        if len(blocked) == 0:
            raise ImpossibleDeal(f"player {i + 1}'s range {label!r} is impossible: every combo holds a card of the "
                             f"board, the dead cards, another player's hand or a card outside the deck")
        live = blocked.weights > 0  # a combo of weight 0 is never dealt: kept, it would weigh a deal by 0
        if not live.any():
            raise ValueError(f"player {i + 1}'s range {label!r} is impossible: every combo of weight > 0 holds a "
                             f"card of the board, the dead cards, another player's hand or a card outside the deck")
        ranges.append(Range(blocked.combos[live], blocked.weights[live]))
    return _Problem([p[0] for p in parsed], board_cards, dead_cards, ranges, v)


def _mask(cards: np.ndarray) -> np.uint64:
    m = 0
    for c in cards.tolist():
        m |= 1 << c
    return np.uint64(m)


def _combo_masks(combos: np.ndarray) -> np.ndarray:
    one = np.uint64(1)
    return (one << combos[:, 0].astype(np.uint64)) | (one << combos[:, 1].astype(np.uint64))


def _deals(ranges: list[Range]) -> tuple[np.ndarray, np.ndarray]:
    """Every conflict-free combination of one combo per player: holes (T, P, 2), weights (T,)."""
    idx = np.arange(len(ranges[0]), dtype=np.int64)[:, None]
    masks = _combo_masks(ranges[0].combos)
    weights = ranges[0].weights.copy()
    for rng in ranges[1:]:
        cm = _combo_masks(rng.combos)
        ok = (masks[:, None] & cm[None, :]) == 0
        a, b = np.nonzero(ok)
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        masks = masks[a] | cm[b]
        weights = weights[a] * rng.weights[b]
    holes = np.stack([ranges[p].combos[idx[:, p]] for p in range(len(ranges))], axis=1)
    return np.ascontiguousarray(holes, dtype=np.uint8), weights


def _n_boards(n_known: int, n_left: int) -> int:
    return math.comb(n_left, 5 - n_known)


def _progress(total: int, desc: str, enabled: bool):
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency of the CLI
        return None
    return tqdm(total=total, desc=desc, unit_scale=True, delay=0.5)


# --------------------------------------------------------------------------- exact


def _exact_scratch(n_players: int) -> tuple[np.ndarray, ...]:
    """One piece's scratch rows for the exact kernel."""
    return (np.zeros(K.N_RANK_MULTISETS, np.int64), np.zeros(n_players, np.uint64), np.zeros(n_players, np.uint64),
            np.zeros(n_players, np.uint16), np.zeros(52, np.uint8))


def _run_exact(holes, boards, board_of, dead_masks, progress: bool = False, desc: str = "boards",
               boards_per_deal: int = 1, variant: Variant | None = None, bar_per_deal: int | None = None) -> np.ndarray:
    """Counts (T, P, 3) for every deal, in blocks of deals cut into pieces for the threads (a
    progress bar counting ``bar_per_deal`` (default ``boards_per_deal``) per deal, and Ctrl-C
    between blocks)."""
    n_deals, n_players = holes.shape[:2]
    bar_per_deal = boards_per_deal if bar_per_deal is None else bar_per_deal
    boards_per_deal = _board_work(boards.shape[1], boards_per_deal)
    work = n_deals * boards_per_deal * n_players
    threads = _threads.use_threads(work, None, PARALLEL_MIN_WORK) and n_deals > 1
    kernel = exact_kernel()
    tables = _tables(variant or get_variant("high"))
    rank_keys = _rank_keys(tables[0])
    out = np.zeros((n_deals, n_players, 3), dtype=np.int64)
    n_pieces = _threads.n_chunks() if threads else 1
    scratch = [_exact_scratch(n_players) for _ in range(n_pieces)]

    def piece(i: int, lo: int, hi: int) -> None:
        kernel(holes[lo:hi], boards, board_of[lo:hi], dead_masks, out[lo:hi], *scratch[i], _BINOM, rank_keys, *tables)

    per_block = max(n_pieces, int(n_pieces * EXACT_BLOCK_WORK // max(1, boards_per_deal * n_players)))
    bar = _progress(n_deals * bar_per_deal, desc, progress and n_deals > 1)
    for lo, hi in _threads.blocks(n_deals, per_block):
        pieces = [(i, lo + a, lo + b) for i, (a, b) in enumerate(_threads.split(hi - lo, n_pieces))]
        _threads.run_pieces(piece, pieces, threads)
        if bar is not None:
            bar.update((hi - lo) * bar_per_deal)
    if bar is not None:
        bar.close()
    return out


# --------------------------------------------------------------------------- Monte Carlo


def _entropy(seed) -> int:
    """The run's entropy: see :func:`pokerlut._seeds.entropy` (the one seed path)."""
    return _seeds.entropy(seed)


def chunk_plan(samples: int, seed: int, scenario: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Trials and seeds of every chunk of a run: (trials (C,) int64, seeds (C,) uint64).  Chunk ``i``
    is seeded from ``SeedSequence(seed, spawn_key=(i,))`` (``(scenario, i)`` in a batch)."""
    samples = int(samples)
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    n_chunks = -(-samples // CHUNK_TRIALS)
    trials = np.full(n_chunks, CHUNK_TRIALS, dtype=np.int64)
    trials[-1] = samples - CHUNK_TRIALS * (n_chunks - 1)
    seeds = np.empty(n_chunks, dtype=np.uint64)
    for i in range(n_chunks):
        key = (i,) if scenario is None else (scenario, i)
        seeds[i] = np.random.SeedSequence(seed, spawn_key=key).generate_state(1, np.uint64)[0]
    return trials, seeds


@dataclass
class _MCInput:
    combos: np.ndarray  # (M, 2) uint8
    prob: np.ndarray  # (M,) float64, alias-method keep probabilities within each player's segment
    alias: np.ndarray  # (M,) int64, alias-method fallback combo (absolute index)
    offsets: np.ndarray  # (S, P + 1) int64
    boards: np.ndarray  # (S, b) uint8
    dead_masks: np.ndarray  # (S,) uint64: dead cards and the cards outside the deck
    variant: str = "high"


def _alias_table(weights: np.ndarray, offset: int) -> tuple[np.ndarray, np.ndarray]:
    """Walker/Vose alias tables: draw slot i uniformly, keep it with probability prob[i], else
    take alias[i]; indices are shifted by ``offset`` (the segment's start)."""
    n = len(weights)
    scaled = weights * (n / weights.sum())
    prob = np.ones(n)
    alias = np.arange(n, dtype=np.int64)
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        s = small.pop()
        g = large.pop()
        prob[s] = scaled[s]
        alias[s] = g
        scaled[g] = scaled[g] + scaled[s] - 1.0
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias + offset


def _mc_input(problem: _Problem) -> _MCInput:
    single = np.uint64(0)
    for r in problem.ranges:  # one-combo ranges are dealt as fixed hands: they must not overlap
        if len(r) == 1:
            m = _combo_masks(r.combos)[0]
            if single & m:
                raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
            single |= m
    combos = np.concatenate([r.combos for r in problem.ranges]).astype(np.uint8)
    offsets = np.cumsum([0] + [len(r) for r in problem.ranges]).astype(np.int64)
    tables = [_alias_table(r.weights, int(offsets[i])) for i, r in enumerate(problem.ranges)]
    prob = np.concatenate([t[0] for t in tables])
    alias = np.concatenate([t[1] for t in tables])
    return _MCInput(np.ascontiguousarray(combos), prob, alias, offsets[None, :], problem.board[None, :].copy(),
                    np.array([problem.excluded], dtype=np.uint64), problem.variant.name)


def run_chunks(mc: _MCInput, scenario: np.ndarray, trials: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """Counts (C, P, 4) of the given chunks (the unit of work :mod:`pokerlut.dask` ships), cut into
    pieces for the threads."""
    threads = _threads.use_threads(int(trials.sum()), None, PARALLEL_MIN_WORK)
    n, n_players = len(scenario), mc.offsets.shape[1] - 1
    out = np.zeros((n, n_players, 4), dtype=np.int64)
    failed = np.zeros(n, dtype=np.int64)
    tables = _tables(get_variant(mc.variant))
    kernel = mc_kernel()

    def piece(lo: int, hi: int) -> None:
        scratch = (np.zeros(52, np.uint8), np.zeros(n_players, np.uint8), np.zeros(n_players, np.uint8),
                   np.zeros(n_players, np.uint64), np.zeros(n_players, np.uint64), np.zeros(n_players, np.uint16))
        kernel(scenario[lo:hi], trials[lo:hi], seeds[lo:hi], mc.combos, mc.prob, mc.alias, mc.offsets, mc.boards,
               mc.dead_masks, out[lo:hi], failed[lo:hi], *scratch, *tables)

    _threads.run_pieces(piece, _threads.split(n, _threads.n_chunks() if threads else 1), threads)
    if failed.any():
        raise ImpossibleDeal("the players' ranges almost never fit together without sharing a card "
                         f"({K.MAX_ATTEMPTS:,} draws in a row conflicted); narrow them or use exact=True")
    return out


def _run_mc(mc: _MCInput, scenario, trials, seeds, progress: bool) -> np.ndarray:
    """Counts (C, P, 4) of every chunk, a slice of chunks per call (a progress bar, and Ctrl-C
    between calls)."""
    bar = _progress(int(trials.sum()), "trials", progress)
    step = max(_threads.n_chunks(), int(_threads.get_num_threads() * MC_BLOCK_TRIALS // CHUNK_TRIALS))
    out = []
    for lo, hi in _threads.blocks(len(trials), step):
        out.append(run_chunks(mc, scenario[lo:hi], trials[lo:hi], seeds[lo:hi]))
        if bar is not None:
            bar.update(int(trials[lo:hi].sum()))
    if bar is not None:
        bar.close()
    return np.concatenate(out) if out else np.zeros((0, mc.offsets.shape[1] - 1, 4), np.int64)


def _mc_result(problem: _Problem, counts: np.ndarray, n: int, seed: int, seconds: float) -> EquityResult:
    c = counts.astype(np.float64)
    mean = c[:, 2] / (SHARE_UNIT * n)
    second = c[:, 3] / SHARE_UNIT**2 / n
    var = np.maximum(second - mean**2, 0.0)
    se = np.sqrt(var / max(n - 1, 1))
    return EquityResult(problem.labels, c[:, 0] / n, c[:, 1] / n, mean, n, "monte carlo", se, seed,
                        format_cards(problem.board), format_cards(problem.dead), seconds)


# --------------------------------------------------------------------------- API


def _board_work(n_known: int, n_boards: int) -> float:
    """Player-boards the exact kernel ranks per player of a deal: every board when some are known;
    preflop, the flushy boards one by one and the rest once per rank multiset (see
    :mod:`pokerlut.kernels.equity`)."""
    return n_boards if n_known else PREFLOP_WORK_FRACTION * n_boards


def _plan_exact(problem: _Problem, exact) -> tuple[bool, int]:
    """(whether to enumerate, boards per deal); ``exact=True`` beyond ``MAX_DEALS`` is an error."""
    n_left = problem.variant.deck_size - len(problem.board) - len(problem.dead) - 2 * len(problem.ranges)
    boards = _n_boards(len(problem.board), n_left)
    bound = math.prod(len(r) for r in problem.ranges)
    if exact is False:
        return False, boards
    if exact is None:
        return bound <= MAX_DEALS, boards
    if bound > MAX_DEALS:
        # the bound may overcount conflicting combinations: count the real ones
        est = _count_deals_bound(problem.ranges)
        if est > MAX_DEALS:
            raise ValueError(f"exact=True would enumerate {est:,} combinations of combos (more than MAX_DEALS = "
                             f"{MAX_DEALS:,}); use Monte Carlo (exact=False or None)")
    return True, boards


_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def _suit_maps(board: np.ndarray, dead: np.ndarray) -> np.ndarray:
    """Card maps (G, 52) of the suit permutations that leave the board and the dead cards as they
    are (as sets): relabelling a deal's holes by any of them changes no player's equity."""
    ids = np.arange(52)
    maps = []
    for perm in _SUIT_PERMUTATIONS:
        card_map = 4 * (ids // 4) + perm[ids % 4]
        if all(set(card_map[cards].tolist()) == set(cards.tolist()) for cards in (board, dead)):
            maps.append(card_map)
    return np.array(maps, dtype=np.uint8)


def _canonical_deals(holes: np.ndarray, weights: np.ndarray, board: np.ndarray,
                     dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deals (T, P, 2) merged into their suit-isomorphism classes: one representative each (the
    smallest relabelling, rows compared as byte strings) and the summed weight of its members."""
    n_deals, n_players, _ = holes.shape
    if n_deals == 1:
        return np.ascontiguousarray(holes), np.rint(weights).astype(np.int64) if np.all(weights == 1.0) else weights
    best = None
    for card_map in _suit_maps(board, dead):
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


def _count_deals_bound(ranges: list[Range]) -> int:
    """An upper bound on conflict-free combinations closer than the product (pairwise filtering)."""
    if len(ranges) == 2:
        m0, m1 = _combo_masks(ranges[0].combos), _combo_masks(ranges[1].combos)
        return int(((m0[:, None] & m1[None, :]) == 0).sum())
    return math.prod(len(r) for r in ranges)


def _check_exact(exact) -> None:
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise TypeError(f"exact must be True, False or None, got {exact!r}")


def _check_samples(samples, default: int | None = DEFAULT_SAMPLES) -> int | None:
    """``samples`` as an int >= 1 (``None``: ``default``), else a TypeError/ValueError naming it."""
    if samples is None:
        return default
    if isinstance(samples, (bool, np.bool_)) or not isinstance(samples, numbers.Integral):
        raise TypeError(f"samples must be an integer >= 1, got {samples!r} ({type(samples).__name__})")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {int(samples)}")
    if samples > MAX_SAMPLES:
        raise ValueError(f"samples must be at most MAX_SAMPLES ({MAX_SAMPLES:,}), got {int(samples):,}; split the run "
                         f"into several calls with different seeds")
    return int(samples)


@noticed("equity")
def equity(players, board="", dead="", *, exact: bool | None = None, samples: int = DEFAULT_SAMPLES,
           seed=None, progress: bool = False, variant: VariantLike = "high") -> EquityResult:
    """Equity of 2 to 9 players on a board of 0, 3, 4 or 5 cards with optional dead cards.

    In the Hold'em games (every ``variant`` but Omaha) each player is two hole cards (``"AhKh"``,
    ``[50, 46]``) or a range (``"TT+, AKs"``, :func:`pokerlut.parse_range`, a :class:`Range`), and
    plays the best five of seven by the game's ranking.  In ``"omaha"`` / ``"omaha-hilo"`` each
    player is 4, 5 or 6 hole cards or ``"random"`` (:mod:`pokerlut.omaha_equity`).  See the module
    doc for exact vs Monte Carlo.

    ``samples`` is the number of Monte Carlo trials (an integer from 1 to ``MAX_SAMPLES``;
    ``None`` means ``DEFAULT_SAMPLES``); ``seed`` is ``None``, an integer >= 0, a ``numpy.random.SeedSequence`` or
    a ``numpy.random.Generator`` (:mod:`pokerlut._seeds`), anything else a ``TypeError``.

    Raises ``ValueError`` before computing anything on a card dealt twice, a card outside the
    game's deck, a range every combo of which is blocked, a malformed range (or a :class:`Range`
    whose fields :meth:`Range.validated` refuses), or more cards than the deck holds.
    """
    start = time.perf_counter()
    _check_exact(exact)
    samples = _check_samples(samples)
    _seeds.check_seed(seed)
    v = get_variant(variant)
    if v.is_omaha:
        from .omaha_equity import equity_omaha

        return equity_omaha(players, board, dead, variant=v, exact=exact, samples=samples, seed=seed,
                            progress=progress)
    problem = _prepare(players, board, dead, v)
    use_exact, n_boards = _plan_exact(problem, exact)
    p = len(problem.ranges)
    if use_exact and exact is None:  # hopeless even if suit symmetry merged 24 deals into one
        bound = math.prod(len(r) for r in problem.ranges)
        use_exact = bound / 24 * _board_work(len(problem.board), n_boards) * p <= EXACT_BUDGET
    if use_exact:
        holes, weights = _deals(problem.ranges)
        if len(holes) == 0:
            raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
        classes, class_weights = _canonical_deals(holes, weights, problem.board, problem.dead)
        work = len(classes) * _board_work(len(problem.board), n_boards) * p
        use_exact = exact is True or work <= EXACT_BUDGET
    if use_exact:
        counts = _run_exact(classes, problem.board[None, :].copy(), np.zeros(len(classes), np.int64),
                            np.array([problem.excluded], dtype=np.uint64), progress, "boards", n_boards, problem.variant)
        if class_weights.dtype == np.int64:  # every weight 1: exact integer sums
            total = np.einsum("t,tpk->pk", class_weights, counts).astype(np.float64)
        else:
            total = np.einsum("t,tpk->pk", class_weights, counts.astype(np.float64))
        denom = float(weights.sum() * n_boards)
        return EquityResult(problem.labels, total[:, 0] / denom, total[:, 1] / denom,
                            total[:, 2] / (SHARE_UNIT * denom), len(holes) * n_boards, "exact", np.zeros(p), None,
                            format_cards(problem.board), format_cards(problem.dead), time.perf_counter() - start)
    entropy = _entropy(seed)
    trials, seeds = chunk_plan(samples, entropy)
    mc = _mc_input(problem)
    counts = _run_mc(mc, np.zeros(len(trials), np.int64), trials, seeds, progress).sum(axis=0)
    return _mc_result(problem, counts, int(samples), entropy, time.perf_counter() - start)


# --------------------------------------------------------------------------- batches


@dataclass
class BatchEquityResult:
    """Per scenario and player (N, P): win, tie, equity; ``n`` (N,) boards or trials per scenario;
    ``method`` how every scenario was answered, ``"exact"`` (every board enumerated) or
    ``"monte carlo"`` (``n`` trials each); ``std_error`` (N, P) (zeros when exact); ``seed`` the
    entropy that reproduces a Monte Carlo run."""

    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    n: np.ndarray
    method: str
    std_error: np.ndarray
    seed: int | None = None

    def __str__(self) -> str:
        what = "boards" if self.method == "exact" else "trials"
        each = f", {int(self.n[0]):,} {what} each" if len(self.n) else ""
        seed = f", seed {self.seed}" if self.method != "exact" else ""
        return f"{len(self.n):,} equity questions, {self.method}{each}{seed}"


def _batch_cards(x, what: str) -> np.ndarray:
    """Card ids (or card strings) of a batch argument through the one input path (dtype kept)."""
    return card_array(x, what)


def _batch_range(arr: np.ndarray, what: str, place) -> np.ndarray:
    """``arr`` as uint8 once every id is a natural card 0..51; ``place(index)`` names a position."""
    if arr.size:
        bad = (arr < 0) | (arr > 51) if arr.dtype.kind == "i" else arr > 51
        if bad.any():
            index = tuple(int(i) for i in np.argwhere(bad)[0])
            raise ValueError(f"{what}: {place(index)} is card id {int(arr[index])}, not a natural card (ids 0..51)")
    return arr.astype(np.uint8)


@noticed("equity")
def equity_batch(holes, boards=None, dead=None, *, exact: bool | None = None, samples: int | None = None,
                 seed=None, progress: bool = False) -> BatchEquityResult:
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

    A card dealt twice in a scenario is a ``ValueError`` naming it; zero questions give empty
    results of shape ``(0, P)``.

    Examples
    --------
    >>> r = equity_batch([["AhKh", "QdQc"], ["2c2d", "AsKs"]], ["Qs 7h 2c", "Ts 9s 3d"])
    >>> r.method, r.n.tolist(), r.equity.shape
    ('exact', [990, 990], (2, 2))
    """
    _check_exact(exact)
    samples = _check_samples(samples, None)
    _seeds.check_seed(seed)
    holes = _batch_cards(holes, "holes")
    if holes.ndim != 3 or holes.shape[2] != 2:
        raise ValueError(f"holes must have shape (N, P, 2), got {holes.shape}")
    n, p = holes.shape[:2]
    if not 2 <= p <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {p}")
    boards = np.zeros((n, 0), np.uint8) if boards is None else _batch_cards(boards, "boards")
    if boards.ndim != 2 or boards.shape[0] != n or boards.shape[1] not in (0, 3, 4, 5):
        raise ValueError(f"boards must have shape (N, b) with N = {n} and b in 0, 3, 4, 5, got {boards.shape}")
    dead = np.zeros((n, 0), np.uint8) if dead is None else _batch_cards(dead, "dead")
    if dead.ndim != 2 or dead.shape[0] != n:
        raise ValueError(f"dead must have shape (N, d) with N = {n}, got {dead.shape}")
    holes = _batch_range(holes, "holes", lambda i: f"scenario {i[0]}, player {i[1]}'s card {i[2]}")
    boards = _batch_range(boards, "boards", lambda i: f"scenario {i[0]}, board card {i[1]}")
    dead = _batch_range(dead, "dead", lambda i: f"scenario {i[0]}, dead card {i[1]}")
    if 2 * p + 5 + dead.shape[1] > 52:
        raise ValueError(f"{p} players, 5 board cards and {dead.shape[1]} dead cards are more than the deck")
    everything = np.concatenate([holes.reshape(n, 2 * p), boards, dead], axis=1).astype(np.int64)
    srt = np.sort(everything, axis=1)
    rep = srt[:, 1:] == srt[:, :-1]
    if rep.any():
        s, j = np.argwhere(rep)[0]
        raise ValueError(f"scenario {s}: card {format_cards([int(srt[s, j])])} is dealt twice")
    n_boards = _n_boards(boards.shape[1], 52 - boards.shape[1] - dead.shape[1] - 2 * p)
    work = n * n_boards * p
    if exact is None:
        use_exact = work <= EXACT_BUDGET
        if not use_exact and samples is None:
            raise ValueError(
                f"equity_batch: {n:,} questions x {n_boards:,} boards x {p} players = {work:,} player-boards, "
                f"more than EXACT_BUDGET ({EXACT_BUDGET:,}) for exact=None; pass exact=True to enumerate every "
                f"board anyway, or samples=TRIALS for Monte Carlo ({n:,} x TRIALS trials in all)")
    else:
        use_exact = bool(exact)
    if n == 0:
        empty = np.zeros((0, p))
        return BatchEquityResult(empty, empty.copy(), empty.copy(), np.zeros(0, np.int64),
                                 "exact" if use_exact else "monte carlo", empty.copy(),
                                 None if use_exact else _entropy(seed))
    one = np.uint64(1)
    dead_masks = np.bitwise_or.reduce(one << dead.astype(np.uint64), axis=1) if dead.shape[1] else \
        np.zeros(n, np.uint64)
    if use_exact:
        counts = _run_exact(holes.copy(), boards.copy(), np.arange(n, dtype=np.int64), dead_masks, progress,
                            "scenarios", n_boards, bar_per_deal=1)
        c = counts.astype(np.float64)
        return BatchEquityResult(c[:, :, 0] / n_boards, c[:, :, 1] / n_boards, c[:, :, 2] / (SHARE_UNIT * n_boards),
                                 np.full(n, n_boards, np.int64), "exact", np.zeros((n, p)))
    samples = DEFAULT_SAMPLES if samples is None else samples
    if n * samples > MAX_SAMPLES:
        raise ValueError(f"equity_batch: {n:,} questions x {samples:,} samples = {n * samples:,} trials, more than "
                         f"MAX_SAMPLES ({MAX_SAMPLES:,}) in one call; pass fewer samples or split the batch")
    entropy = _entropy(seed)
    scen, trials, seeds = [], [], []
    for s in range(n):
        t, sd = chunk_plan(samples, entropy, scenario=s)
        scen.append(np.full(len(t), s, np.int64))
        trials.append(t)
        seeds.append(sd)
    scen, trials, seeds = np.concatenate(scen), np.concatenate(trials), np.concatenate(seeds)
    combos = np.ascontiguousarray(np.sort(holes, axis=2)[:, :, ::-1].reshape(n * p, 2))
    offsets = (np.arange(n)[:, None] * p + np.arange(p + 1)[None, :]).astype(np.int64)  # one combo a player
    mc = _MCInput(combos, np.ones(n * p), np.arange(n * p, dtype=np.int64), offsets, np.ascontiguousarray(boards),
                  dead_masks)
    counts = _run_mc(mc, scen, trials, seeds, progress)
    per = np.zeros((n, p, 4), np.float64)
    np.add.at(per, scen, counts.astype(np.float64))
    ns = float(samples)
    mean = per[:, :, 2] / (SHARE_UNIT * ns)
    var = np.maximum(per[:, :, 3] / SHARE_UNIT**2 / ns - mean**2, 0.0)
    return BatchEquityResult(per[:, :, 0] / ns, per[:, :, 1] / ns, mean, np.full(n, int(samples), np.int64),
                             "monte carlo", np.sqrt(var / max(ns - 1, 1)), entropy)


# --------------------------------------------------------------------------- command line


def equity_cli(argv: list[str]) -> int:
    """``pokerlut equity PLAYER PLAYER... [--board ..] [--dead ..] [--samples N --seed S]``: print
    the equity table; 0 on success, 2 on bad input (the message on stderr)."""
    import argparse
    import sys

    from ._args import positive_int

    parser = argparse.ArgumentParser(
        prog="pokerlut equity",
        description="Hold'em equity of 2-9 players, each hole cards ('AhKh') or a range ('TT+,AKs', 'random'). "
                    "Exact when every board can be enumerated within the budget, else Monte Carlo.")
    parser.add_argument("players", nargs="+", help="hole cards or a range per player")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. 'Qs 7h 2c'")
    parser.add_argument("--dead", default="", help="dead cards")
    parser.add_argument("--samples", type=positive_int, default=None,
                        help=f"Monte Carlo trials, at least 1 (default {DEFAULT_SAMPLES:,}); implies Monte Carlo")
    parser.add_argument("--seed", type=_seeds.seed_argument, default=None,
                        help="Monte Carlo seed, an integer >= 0 (reproducible run)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--exact", dest="exact", action="store_true", default=None, help="force enumeration")
    group.add_argument("--monte-carlo", dest="exact", action="store_false", help="force Monte Carlo")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--variant", default="high", choices=list(VARIANTS),
                        help="the game (default high); omaha and omaha-hilo take 4-6 hole cards or 'random'")
    parser.add_argument("--plot", metavar="FILE", default=None,
                        help="also draw the equity of each of the 169 starting hands against these players as a "
                             "13x13 grid into FILE, e.g. equity.png (pip install 'pokerlut[plot]'; Hold'em games)")
    args = parser.parse_args(argv)
    if args.plot:
        from .cli import _plot_available

        if args.variant != "high":
            print("pokerlut equity: error: --plot: the grid of the 169 starting hands is drawn for the high game "
                  f"only, not {args.variant}", file=sys.stderr)
            return 2
        if not _plot_available("pokerlut equity"):
            return 2
    exact = args.exact
    if args.samples is not None and exact is None:
        exact = False
    try:
        result = equity(args.players, args.board, args.dead, exact=exact,
                        samples=args.samples if args.samples is not None else DEFAULT_SAMPLES, seed=args.seed,
                        progress=not args.no_progress and sys.stderr.isatty(), variant=args.variant)
    except (ValueError, TypeError) as e:
        print(f"pokerlut equity: error: {e}", file=sys.stderr)
        return 2
    print(result.table())
    if args.plot:
        from .cli import _plot_equity_grid

        return _plot_equity_grid(args.players, args.board, args.dead, args.plot, exact=args.exact, seed=args.seed,
                                progress=not args.no_progress and sys.stderr.isatty())
    return 0
