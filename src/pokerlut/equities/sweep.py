"""Heads-up exact equity of two ranges by sorting (:mod:`pokerlut.kernels.sweep`), and the equity of
every combo of each range.

The boards are every completion of the known cards; preflop, one board per class of the suit
permutations that leave both ranges (with their weights), the dead cards and the deck as they are
(:mod:`pokerlut.kernels.symmetry`), each counted with the size of its class: 134,459 boards instead
of 2,598,960 when both ranges are unions of whole classes (pairs, suited, offsuit, ``random``).
Each board ranks every combo of both ranges once.

Per combo, the kernel counts the opponent weight it beats, ties and meets over all boards; on
class representatives a combo's counts are those of its relabellings added up (a board class and
a combo's relabellings are two views of the same sum), so per-combo figures are exact too.

>>> from pokerlut.equities.deal import parse_deal
>>> r = sweep_equity(parse_deal(["TT+, AKs", "random"], "Qs 7h 2c"))
>>> r.method, round(float(r.equity[0]), 4)
('exact', 0.8034)
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .. import _threads
from .._notice import progress_bar
from .._records import same_fields
from ..cards import format_cards
from ..constants import BOARD_CARDS, N_NATURAL, N_RANKS, N_SUITS
from ..layout import RULE_FLUSHES, RULES_TABLE, rank_keys
from ..kernels.registry import sweep_kernel
from ..kernels.sweep import sweep_scratch
from ..kernels.symmetry import canonical_boards
from ..ranges import ALL_COMBOS, Range
from .deal import Deal, ImpossibleDeal, combo_masks
from .plan import board_work
from .results import EquityResult

__all__ = ["ComboEquity", "sweep_equity", "sweep_counts", "symmetry", "boards_of", "SWEEP_PLAYERS", "precision_loss",
           "MAX_PRECISION_LOSS", "sweep_group", "symmetrized"]

#: The sweep is heads-up.
SWEEP_PLAYERS = 2
_PERMUTATIONS = np.array(list(itertools.permutations(range(N_SUITS))), dtype=np.int64)
#: ``_COMBO_INDEX[a, b]``: the index of combo {a, b} in ``ALL_COMBOS``.
_COMBO_INDEX = np.full((N_NATURAL, N_NATURAL), -1, dtype=np.int64)
_COMBO_INDEX[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = np.arange(len(ALL_COMBOS))
_COMBO_INDEX[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = np.arange(len(ALL_COMBOS))
_COMBO_INDEX.setflags(write=False)


@dataclass(eq=False)
class ComboEquity:
    """The equity of each combo of one player's range against the other player's range.

    ``combos`` (n, 2) and ``weights`` (n,) are the range as given (before card removal); per combo
    ``equity`` (pot share), ``win`` (wins alone) and ``tie`` as fractions of the deals it is in,
    ``faced`` the opponent weight it meets summed over the boards, in the opponent's weights relative
    to its largest (the denominator of its equity: the equity of a group of combos is
    ``sum(weights * faced * equity) / sum(weights * faced)``), and
    ``blocked`` (bool) the combos that hold a known card (board, dead, the other player's fixed hand),
    whose figures are NaN (as are those of a combo no opponent combo fits beside).

    >>> from pokerlut import equity
    >>> c = equity(["AA", "KK"], per_combo=True).combos[0]
    >>> c.combos.shape, bool(np.allclose(c.equity, c.equity[0]))
    ((6, 2), True)
    """

    combos: np.ndarray
    weights: np.ndarray
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    faced: np.ndarray
    blocked: np.ndarray

    __eq__ = same_fields

    def __len__(self) -> int:
        return len(self.combos)

    def table(self, top: int | None = None) -> str:
        """The combos as text, best equity first (``top`` rows).

        >>> from pokerlut import equity
        >>> print(equity(["AKs", "QQ"], "Qs 7h 2c", per_combo=True).combos[0].table(top=1))
        combo  weight   equity
        AcKc        1   4.343%
        """
        order = np.argsort(-np.nan_to_num(self.equity, nan=-1.0), kind="stable")[:top]
        lines = [f"{'combo':<5}  {'weight':>6}  {'equity':>7}"]
        for i in order:
            text = format_cards(self.combos[i]).replace(" ", "")
            shown = "blocked" if self.blocked[i] else f"{self.equity[i]:7.3%}"
            lines.append(f"{text:<5}  {self.weights[i]:6.3g}  {shown}")
        return "\n".join(lines)


def _weight_vector(rng: Range) -> np.ndarray:
    """The range as a weight per combo of ``ALL_COMBOS`` (0 where absent)."""
    out = np.zeros(len(ALL_COMBOS))
    out[_COMBO_INDEX[rng.combos[:, 0], rng.combos[:, 1]]] = rng.weights
    return out


@lru_cache(maxsize=None)
def _combo_permutations() -> np.ndarray:
    """``perm[g, i]``: the index of combo ``i`` relabelled by suit permutation ``g`` (24, 1326)."""
    ids = np.arange(N_NATURAL)
    out = np.empty((len(_PERMUTATIONS), len(ALL_COMBOS)), dtype=np.int64)
    for g, perm in enumerate(_PERMUTATIONS):
        card_map = N_SUITS * (ids // N_SUITS) + perm[ids % N_SUITS]
        out[g] = _COMBO_INDEX[card_map[ALL_COMBOS[:, 0]], card_map[ALL_COMBOS[:, 1]]]
    out.setflags(write=False)
    return out


def symmetry(deal: Deal) -> np.ndarray:
    """The suit permutations (G, 4) that leave the deal as it is: its board and dead cards as sets,
    the cards outside the deck, and each player's range with its weights.  Row ``g`` maps suit ``s``
    to ``perms[g, s]``.

    >>> from pokerlut.equities.deal import parse_deal
    >>> len(symmetry(parse_deal(["AA", "random"]))), len(symmetry(parse_deal(["AhKh", "random"])))
    (24, 6)
    """
    ids = np.arange(N_NATURAL)
    fixed = [deal.board, deal.dead, np.flatnonzero(~np.isin(ids, deal.variant.deck))]
    weights = [_weight_vector(r) for r in deal.ranges]
    combo_perm = _combo_permutations()
    keep = []
    for g, perm in enumerate(_PERMUTATIONS):
        card_map = N_SUITS * (ids // N_SUITS) + perm[ids % N_SUITS]
        if any(set(card_map[c].tolist()) != set(np.asarray(c).tolist()) for c in fixed):
            continue
        if all(np.array_equal(w[combo_perm[g]], w) for w in weights):
            keep.append(perm)
    return np.array(keep, dtype=np.int64)


@lru_cache(maxsize=4)  # a few decks' classes (every board of a deck without symmetry: 2.6 M rows, 36 MB)
def _canonical(deck_bytes: bytes, perms_bytes: bytes) -> tuple[np.ndarray, np.ndarray]:
    deck = np.frombuffer(deck_bytes, dtype=np.uint8)
    perms = np.frombuffer(perms_bytes, dtype=np.int64).reshape(-1, N_SUITS)
    n = math.comb(len(deck), BOARD_CARDS)
    out = np.empty((n, BOARD_CARDS), dtype=np.uint8)
    weights = np.empty(n, dtype=np.int64)
    count = canonical_boards(deck, perms, out, weights)
    # boards of the same ranks next to each other: the sort ranks the rank classes once for them
    ranks = np.sort(out[:count] // N_SUITS, axis=1)
    order = np.lexsort(ranks.T[::-1])
    boards, w = np.ascontiguousarray(out[order]), weights[order].astype(np.float64)
    boards.setflags(write=False)
    w.setflags(write=False)
    return boards, w


@lru_cache(maxsize=16)
def _combination_indices(n: int, k: int) -> np.ndarray:
    """Every ``k``-subset of ``range(n)`` in lexicographic order, ``(C(n, k), k)`` (read-only)."""
    out = np.array(list(itertools.combinations(range(n), k)), dtype=np.int64).reshape(math.comb(n, k), k)
    out.setflags(write=False)
    return out


def _completion_classes(rest: np.ndarray, perms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One completion (rows of cards) per class of the suit permutations ``perms`` (a group that
    leaves the known cards as they are) and the size of each class."""
    codes = []
    for perm in perms:
        mapped = N_SUITS * (rest // N_SUITS) + perm[rest % N_SUITS]
        mapped = -np.sort(-mapped.astype(np.int64), axis=1)
        codes.append(np.sum(mapped * (N_NATURAL ** np.arange(rest.shape[1] - 1, -1, -1)), axis=1))
    key = np.min(codes, axis=0)
    _, first, counts = np.unique(key, return_index=True, return_counts=True)
    return rest[first], counts.astype(np.float64)


def boards_of(deal: Deal, perms: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The boards to rank and their weights: every completion of the known board from the cards
    left (the deck less the board and the dead cards); with ``perms`` (more than the identity: a
    group of suit permutations that leave the deal as it is), one board per class, weighted by the
    class's size.

    >>> from pokerlut.equities.deal import parse_deal
    >>> boards, weights = boards_of(parse_deal(["AA", "KK"], "Qs 7h 2c"))
    >>> boards.shape, float(weights.sum())
    ((1176, 5), 1176.0)
    """
    used = set(deal.board.tolist()) | set(deal.dead.tolist())
    deck = np.array([c for c in deal.variant.deck if c not in used], dtype=np.uint8)
    missing = BOARD_CARDS - len(deal.board)
    if missing == BOARD_CARDS:  # one board per class (every board its own class without perms), in a kernel
        perms = np.arange(N_SUITS, dtype=np.int64)[None, :] if perms is None else perms
        return _canonical(deck.tobytes(), np.ascontiguousarray(perms).tobytes())
    rest = deck[_combination_indices(len(deck), missing)]
    weights = np.ones(len(rest))
    if perms is not None and len(perms) > 1 and missing > 0:
        rest, weights = _completion_classes(rest, perms)
    boards = np.empty((len(rest), BOARD_CARDS), dtype=np.uint8)
    boards[:, :len(deal.board)] = deal.board
    boards[:, len(deal.board):] = rest
    return boards, weights


@dataclass(eq=False)
class _Side:
    """One range as the kernel takes it."""

    combos: np.ndarray
    weights: np.ndarray
    keys: np.ndarray
    bits: np.ndarray
    masks: np.ndarray


def suit_rank_bits(cards: np.ndarray) -> np.ndarray:
    """Bit ``16 * suit + rank`` of each natural card (what :func:`pokerlut.kernels.primitives.suit_rank_bit`
    gives inside a kernel), as uint64.

    >>> suit_rank_bits(np.array([0, 51])).tolist() == [1, 1 << 60]
    True
    """
    c = np.asarray(cards).astype(np.uint64)
    return np.uint64(1) << (np.uint64(16) * (c & np.uint64(3)) + (c >> np.uint64(2)))


def _side(rng: Range, cards: np.ndarray) -> _Side:
    combos = np.ascontiguousarray(rng.combos, dtype=np.uint8)
    keys = cards[combos[:, 0]] + cards[combos[:, 1]]
    bits = suit_rank_bits(combos[:, 0]) | suit_rank_bits(combos[:, 1])
    return _Side(combos, np.ascontiguousarray(rng.weights, dtype=np.float64), np.ascontiguousarray(keys),
                 bits, combo_masks(combos))


def _links(S: _Side, L: _Side) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows of the cards ``S`` combos hold (``row[c]``, -1 elsewhere) and those cards, and each
    range's index of the same combo in the other (-1 where it has none)."""
    held = np.unique(S.combos).astype(np.int64)
    row = np.full(N_NATURAL, -1, dtype=np.int64)
    row[held] = np.arange(len(held))
    index = np.full(len(ALL_COMBOS), -1, dtype=np.int64)
    index[_COMBO_INDEX[S.combos[:, 0], S.combos[:, 1]]] = np.arange(len(S.combos))
    twin_L = index[_COMBO_INDEX[L.combos[:, 0], L.combos[:, 1]]]
    twin_S = np.full(len(S.combos), -1, dtype=np.int64)
    twin_S[twin_L[twin_L >= 0]] = np.flatnonzero(twin_L >= 0)
    return row, held, twin_S, twin_L


def _classes(L: _Side, keys: np.ndarray) -> tuple:
    """``L``'s sums by rank class, card and rank, card pair and card, and its flush-capable combos
    by suit (:func:`pokerlut.kernels.sweep.place_l_classes`); ``keys`` the rank key of each rank."""
    a, b = L.combos[:, 0].astype(np.int64), L.combos[:, 1].astype(np.int64)
    hi, lo = np.maximum(a >> 2, b >> 2), np.minimum(a >> 2, b >> 2)
    cls_of = N_RANKS * hi + lo
    key_rc = np.add.outer(keys, keys).astype(np.uint64)  # entry N_RANKS * h + q, kept for q <= h
    key_rc[np.triu_indices(N_RANKS, 1)] = 0
    key_rc = key_rc.reshape(-1)
    W0 = np.bincount(cls_of, weights=L.weights, minlength=N_RANKS * N_RANKS)
    N0 = np.bincount(cls_of, minlength=N_RANKS * N_RANKS).astype(np.int64)
    WL2 = np.zeros((N_NATURAL, N_NATURAL))
    WL2[a, b] = WL2[b, a] = L.weights
    NL2 = (WL2 > 0).astype(np.int64)
    NL2[a, b] = NL2[b, a] = 1
    # card 4 * rank + suit: a rank's cards are 4 consecutive columns
    WC0 = WL2.reshape(N_NATURAL, N_RANKS, N_SUITS).sum(axis=2)
    NC0 = NL2.reshape(N_NATURAL, N_RANKS, N_SUITS).sum(axis=2)
    suit_a, suit_b = a & 3, b & 3
    lists = []
    for s in range(N_SUITS):
        lists.append(np.flatnonzero((suit_a == s) & (suit_b == s)))
        lists.append(np.flatnonzero((suit_a == s) | (suit_b == s)))
    rel_ptr = np.cumsum([0] + [len(x) for x in lists]).astype(np.int64)
    rel_idx = np.concatenate(lists).astype(np.int64)
    return (cls_of, key_rc, W0, N0, WL2, NL2, WC0, NC0, WL2.sum(axis=1), NL2.sum(axis=1), rel_ptr, rel_idx)


#: ``L`` ranges of at least this many combos are placed by rank class when their own counts are not
#: wanted (below it, placing combo by combo costs no more than the 91 class lookups).
BY_CLASS_MIN = 150


#: What one board costs, in lookups of the enumerating engine (measured: an ``S`` combo is ranked,
#: sorted, placed and corrected for card removal; an ``L`` combo ranked and placed; a board of ``L``
#: by rank class costs about as much as 900 lookups whatever ``L``'s size).
_S_COMBO_LOOKUPS = 7
_L_COMBO_LOOKUPS = 3
_CLASS_BOARD_LOOKUPS = 900


def _board_cost(n_small: int, n_large: int, by_class: bool) -> int:
    """Lookups one board costs the sort."""
    return _S_COMBO_LOOKUPS * n_small + (_CLASS_BOARD_LOOKUPS if by_class else _L_COMBO_LOOKUPS * n_large)


def sweep_group(deal: Deal) -> np.ndarray:
    """The suit permutations the sort may use: preflop the deal's symmetry, else the identity.

    >>> from pokerlut.equities.deal import parse_deal
    >>> len(sweep_group(parse_deal(["AA", "KK"]))), len(sweep_group(parse_deal(["AA", "KK"], "Qs 7h 2c")))
    (24, 1)
    """
    return symmetry(deal) if len(deal.board) == 0 else np.arange(N_SUITS, dtype=np.int64)[None, :]


def sweep_work(deal: Deal, both: bool = False) -> int:
    """Lookups the sort would do: boards (per class, preflop) times the cost of one
    (:func:`_board_cost`); ``both``: with the larger range's own counts.

    >>> from pokerlut.equities.deal import parse_deal
    >>> sweep_work(parse_deal(["AA", "KK"], "Qs 7h 2c"))  # 1,176 turns and rivers, 6 + 6 combos
    70560
    """
    n_cards = deal.variant.deck_size - len(deal.board) - len(deal.dead)
    boards = math.comb(n_cards, BOARD_CARDS - len(deal.board))
    perms = sweep_group(deal) if len(deal.board) == 0 else None  # on a known board the identity alone
    if perms is not None and len(perms) > 1:
        boards = len(boards_of(deal, perms)[0])
    small, large = sorted(len(r) for r in deal.ranges)
    return boards * _board_cost(small, large, not both and large >= BY_CLASS_MIN)


def enumerate_work(deal: Deal) -> float:
    """About what enumerating every pair of combos would cost, in the same lookups: the pairs
    (at most the product of the ranges' sizes) merged by the deal's suit symmetry, times the boards
    each is ranked on (:func:`.plan.board_work`), for both players.  A hand against a range preflop
    is cheaper that way (a pair's boards go by rank multiset), a range against a range rarely.

    >>> from pokerlut.equities.deal import parse_deal
    >>> enumerate_work(parse_deal(["AhKh", "random"])) < sweep_work(parse_deal(["AhKh", "random"]))
    True
    """
    pairs = math.prod(len(r) for r in deal.ranges) / (len(sweep_group(deal)) if len(deal.board) == 0 else 1)
    return pairs * board_work(len(deal.board), deal.n_boards) * SWEEP_PLAYERS


#: How much larger than the weight a combo meets the opponent's whole weight may be before the sort's
#: sums lose too many digits (about ``1e-16`` times this, relative; see :func:`precision_loss`).
MAX_PRECISION_LOSS = 1e4


def precision_loss(deal: Deal, per_combo: bool = False) -> float:
    """How many times larger than what it computes the sort's sums are: the sort counts what a combo
    meets as the opponent's whole weight less the weight its cards block, so a combo meeting a small
    part of that weight (every heavy opponent combo holds one of its cards) keeps only the digits of
    that part.  Per player, the opponent's weight times each combo's weight over what the combos
    really meet; with ``per_combo`` the worst single combo's (of those meeting anything).  1 when
    every combo meets every opponent combo; above :data:`MAX_PRECISION_LOSS` the engines enumerate.

    >>> from pokerlut.equities.deal import parse_deal
    >>> precision_loss(parse_deal(["AsAh, KcKd:1e-9", "AsKs, QcQd:1e-9"], "2h 7d 9c")) > 1e8
    True
    >>> precision_loss(parse_deal(["AA", "KK"], "2h 7d 9c"), per_combo=True)
    1.0
    """
    worst = 1.0
    a, b = deal.ranges
    fits = (combo_masks(a.combos)[:, None] & combo_masks(b.combos)[None, :]) == 0
    for mine, theirs, fit in ((a, b, fits), (b, a, fits.T)):
        met = fit @ theirs.weights
        whole = float(theirs.weights.sum())
        if per_combo:
            meeting = met[met > 0]
            loss = whole / float(meeting.min()) if len(meeting) else 1.0
        else:
            reached = float(mine.weights @ met)
            loss = whole * float(mine.weights.sum()) / reached if reached > 0 else 1.0
        worst = max(worst, loss)
    return worst


def sweep_counts(deal: Deal, progress: bool = False, both: bool = True,
                 perms: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, int]:
    """Per combo of each player's (card-removed) range: the opponent weight beaten, tied, met and
    the number of opponent combos met, summed over every board ``(n_i, 4)``; and the size of the
    symmetry group used (1: every board ranked).  ``both=False`` counts only the smaller range's
    combos (enough for the players' equities; the other player's counts are then zeros).
    ``perms``: the suit permutations to rank one board per class of (a group that leaves the deal
    as it is: :func:`symmetry` or a subgroup, row 0 the identity); ``None``: preflop the deal's
    symmetry, else the identity."""
    a, b = deal.ranges
    perms = sweep_group(deal) if perms is None else np.ascontiguousarray(perms, dtype=np.int64)
    boards, weights = boards_of(deal, perms)
    if len(perms) > 1:
        weights = weights / len(perms)  # each board's share; the relabellings add up the rest
    tables = deal.variant.tables.rank_tables(7)
    small_first = len(a) <= len(b)
    S, L = (_side(a, tables.cards), _side(b, tables.cards)) if small_first else \
        (_side(b, tables.cards), _side(a, tables.cards))
    row, row_cards, twin_S, twin_L = _links(S, L)
    by_class = not both and len(L.combos) >= BY_CLASS_MIN
    classes = _classes(L, rank_keys(tables.cards))
    flushes = bool(deal.variant.tables[RULES_TABLE][RULE_FLUSHES])
    S_args = (S.keys, S.bits, S.masks, S.weights, S.combos, twin_S)
    L_args = (L.keys, L.bits, L.masks, L.weights, L.combos, twin_L)
    slots = _threads.n_chunks()
    outS = np.zeros((slots, len(S.combos), 4))
    outL = np.zeros((slots, len(L.combos), 4))
    scratch = [sweep_scratch(len(S.combos), len(L.combos), len(row_cards)) for _ in range(slots)]
    kernel = sweep_kernel()

    def piece(lo: int, hi: int, slot: int) -> None:
        # each piece sums its boards apart, then into the slot: two levels of sums keep the rounding of
        # a million boards' weights near one board's
        partS, partL = np.zeros_like(outS[slot]), np.zeros_like(outL[slot])
        kernel(boards[lo:hi], weights[lo:hi], S_args, L_args, classes, by_class, row, row_cards, len(row_cards),
               both, flushes, partS, partL, scratch[slot], tables)
        outS[slot] += partS
        outL[slot] += partL

    bar = progress_bar(len(boards), "boards", progress, unit_scale=True)
    _threads.run_blocks(piece, len(boards), cost=_board_cost(len(S.combos), len(L.combos), by_class), bar=bar)
    if bar is not None:
        bar.close()
    counts = (outS.sum(axis=0), outL.sum(axis=0))
    if not small_first:
        counts = counts[::-1]
    if len(perms) > 1:  # (a player whose counts were not asked for has zeros: nothing to add up)
        counts = tuple(symmetrized(c, r, perms) if both or len(r) == min(len(a), len(b)) else c
                       for c, r in zip(counts, deal.ranges))
    return counts[0], counts[1], len(perms)


def symmetrized(counts: np.ndarray, rng: Range, perms: np.ndarray) -> np.ndarray:
    """Per combo, the counts of its relabellings by every permutation of the group added up.

    >>> from pokerlut.ranges import parse_range
    >>> symmetrized(np.array([[1.0], [0.0], [0.0], [0.0], [0.0], [0.0]]), parse_range("AA"), _PERMUTATIONS).ravel()
    array([4., 4., 4., 4., 4., 4.])
    """
    combo_perm = _combo_permutations()
    groups = [int(np.flatnonzero((_PERMUTATIONS == p).all(axis=1))[0]) for p in perms]
    index = _COMBO_INDEX[rng.combos[:, 0], rng.combos[:, 1]]
    full = np.zeros((len(ALL_COMBOS), counts.shape[1]))
    full[index] = counts
    total = np.zeros_like(full)
    for g in groups:
        total[combo_perm[g]] += full  # combo i's counts land on its relabelling by g
    return total[index]


def _per_combo(player, counts: np.ndarray) -> ComboEquity:
    """The per-combo view of one player's counts, on its range as given."""
    given = player.given
    index = {(int(x), int(y)): i for i, (x, y) in enumerate(player.range.combos.tolist())}
    n = len(given.combos)
    equity, win, tie, faced = (np.full(n, np.nan) for _ in range(4))
    blocked = np.ones(n, dtype=bool)
    for i, (x, y) in enumerate(given.combos.tolist()):
        j = index.get((max(x, y), min(x, y)))
        if j is None:
            continue
        blocked[i] = False
        meet = counts[j, 2]
        faced[i] = meet
        if meet > 0:
            win[i], tie[i] = counts[j, 0] / meet, counts[j, 1] / meet
            equity[i] = win[i] + tie[i] / 2
    return ComboEquity(given.combos.copy(), given.weights.copy(), equity, win, tie, faced, blocked)


def sweep_equity(deal: Deal, *, per_combo: bool = False, progress: bool = False) -> EquityResult:
    """Exact heads-up equity of a checked Hold'em deal by sorting (see the module doc)."""
    start = time.perf_counter()
    if len(deal.players) != SWEEP_PLAYERS:
        raise ValueError(f"the sorting engine is heads-up; this deal has {len(deal.players)} players")
    c0, c1 = sweep_counts(deal, progress, both=per_combo)[:2]
    first = len(deal.ranges[0]) <= len(deal.ranges[1])  # the smaller range's counts are always there
    w = deal.ranges[0 if first else 1].weights
    c = c0 if first else c1
    met = float(w @ c[:, 2])
    n = int(round(float(c[:, 3].sum())))
    if met <= 0 or n == 0:
        raise ImpossibleDeal("the players' ranges never fit together: every combination shares a card")
    win, tie0 = float(w @ c[:, 0]) / met, float(w @ c[:, 1]) / met
    lose = max(0.0, 1.0 - win - tie0)
    win0, lose0 = (win, lose) if first else (lose, win)
    result = EquityResult(deal.labels, np.array([win0, lose0]), np.array([tie0, tie0]),
                          np.array([win0 + tie0 / 2, lose0 + tie0 / 2]), n, "exact", np.zeros(2), None,
                          format_cards(deal.board), format_cards(deal.dead), time.perf_counter() - start,
                          engine="sweep")
    if per_combo:
        result.combos = [_per_combo(p, c) for p, c in zip(deal.players, (c0, c1))]
    return result
