"""Who wins, with which cards: best five, made cards, pairwise comparison and showdowns."""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from . import _threads
from ._input import card_array, deal_rows, hand_rows, raise_for_deals, raise_for_rows
from ._notice import compile_notice
from ._records import different_items, same_items
from .cards import format_card
from .constants import HAND_SIZES, MADE_COUNTS, NO_CARD, N_RANKS, N_SUITS, WILD
from .evaluate import evaluate, rank_rows
from .kernels.registry import select_kernel
from .omaha import evaluate_omaha, omaha_rows, omaha_variant
from .strength import category, category_name
from .tables import load_table_set
from .typing import HandsLike, Strengths
from .rules import AS_DEALT, GIVEN_CARDS, TWO_PLUS_THREE
from .variants import VariantLike, get_variant

__all__ = ["BestFive", "HiLoShowdown", "OmahaBestFive", "Showdown", "best_five", "compare", "made_cards",
           "omaha_best_five", "showdown"]

#: ``MADE_COUNT[category]``: how many of the best five are made (:data:`pokerlut.constants.MADE_COUNTS`).
MADE_COUNT = np.array(MADE_COUNTS, dtype=np.intp)
#: compare's answer for one hand each: -1, 0, 1 (index -1 is the last)
_SIGNS = (np.int8(0), np.int8(1), np.int8(-1))
#: What picking the best five of a row costs, in lookups: the row and each of its 5-card subsets.
_SELECT_LOOKUPS = 22
#: Arrays of more elements than this are shown summarised by numpy in a repr.
_LISTED = 100


def _shown(values) -> str:
    """An array as a repr shows it: a plain number or list (numpy's summary for a long one)."""
    a = np.asarray(values)
    if a.ndim == 0 or a.size <= _LISTED:
        return repr(a.tolist())
    return np.array2string(a, separator=", ", threshold=_LISTED, edgeitems=3)


def _card_names(ids: np.ndarray) -> np.ndarray:
    """Card ids as their text (``'As'``, ``'W'``); an id that is no card (a garbage row under
    ``check=False``) as its number."""
    names = np.array([format_card(i) if i <= WILD else str(i) for i in range(256)])
    return names[np.asarray(ids, dtype=np.uint8)]


def _fields_text(name: str, fields: dict) -> str:
    """``Name(field=value, ...)``, each value as :func:`_shown` shows it (text as its repr)."""
    shown = (f"{key}={repr(value) if isinstance(value, str) else _shown(value)}" for key, value in fields.items())
    return f"{name}({', '.join(shown)})"


class BestFive(NamedTuple):
    """The five cards behind each hand's strength (see :func:`best_five`)."""

    cards: NDArray[np.uint8]  #: (..., 5) uint8, cards of the hand (52 for a wild), most significant first
    plays_as: NDArray[np.uint8]  #: (..., 5) uint8, the natural card each of them plays as
    strengths: Strengths  #: (...,) uint16, as :func:`pokerlut.evaluate` gives

    __eq__ = same_items
    __ne__ = different_items

    def __repr__(self) -> str:
        """The cards as text; one hand's category named too.

        >>> best_five("Kh 2c W 9s Kd 7h Ks")
        BestFive(cards=['Kh', 'Kd', 'Ks', 'W', '9s'], plays_as=['Kh', 'Kd', 'Ks', 'Kc', '9s'], strengths=7436, category='Four of a kind')
        """
        fields = {"cards": _card_names(self.cards), "plays_as": _card_names(self.plays_as),
                  "strengths": self.strengths}
        if np.ndim(self.strengths) == 0 and int(self.strengths):
            fields["category"] = category_name(int(self.strengths))
        return _fields_text("BestFive", fields)


class OmahaBestFive(NamedTuple):
    """The two hole cards and three board cards behind each Omaha hand's strength (see
    :func:`omaha_best_five`); the ``low_*`` fields are ``None`` outside hi-lo."""

    cards: NDArray[np.uint8]  #: (..., 5) uint8, the best high five, most significant first
    hole: NDArray[np.uint8]  #: (..., 2) uint8, the two hole cards of it, in the order the hand gives them
    board: NDArray[np.uint8]  #: (..., 3) uint8, the three board cards of it, in the order the board gives them
    strengths: Strengths  #: (...,) uint16, as :func:`pokerlut.evaluate_omaha` gives
    low_cards: NDArray[np.uint8] | None = None  #: (..., 5) the best low five, highest first (255s: no low)
    low_hole: NDArray[np.uint8] | None = None  #: (..., 2) its two hole cards (255s: no low)
    low_board: NDArray[np.uint8] | None = None  #: (..., 3) its three board cards (255s: no low)
    low: Strengths | None = None  #: (...,) uint16, on the eight-or-better scale (1: no low)

    __eq__ = same_items
    __ne__ = different_items


class Showdown(NamedTuple):
    """The result of :func:`showdown`: per deal and player."""

    strengths: Strengths  #: (..., P) uint16
    winners: NDArray[np.bool_]  #: (..., P) bool, every player holding the best strength
    shares: NDArray[np.float64]  #: (..., P) float64, the pot split among the winners (rows sum to 1)

    __eq__ = same_items
    __ne__ = different_items

    def __repr__(self) -> str:
        """Numbers as plain lists.

        >>> showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Jh Th 2c 3d")
        Showdown(strengths=[7462, 5700], winners=[True, False], shares=[1.0, 0.0])
        """
        return _fields_text("Showdown", self._asdict())


def best_five(hands: HandsLike, *, check: bool = True) -> BestFive:
    """The five cards that make each hand's strength, and what each wild card stands for.

    Parameters
    ----------
    hands
        As for :func:`pokerlut.evaluate`: ``(..., k)`` with k in 5..7.
    check
        Reject bad cards (as :func:`pokerlut.evaluate` does); ``False`` skips the check.

    Returns
    -------
    BestFive
        ``cards`` (..., 5): the five, most significant first (the quads before the kicker, a
        straight from its top card with the wheel's ace last); ``plays_as`` (..., 5): the natural
        card each plays as, itself or, for a wild card, a card not already among the five (five of
        a kind, the one exception, may repeat one); ``strengths``.

    Notes
    -----
    Which five, when several make the strength (docs/rules.md, "Best five and made cards"): the
    one with the fewest wild cards, then the one whose cards sit earliest in the hand as given;
    so where cards of one rank compete for a place, the earlier one is taken.

    Examples
    --------
    >>> from pokerlut import format_cards
    >>> b = best_five("Kh 2c W 9s Kd 7h Ks")
    >>> format_cards(b.cards), format_cards(b.plays_as)
    ('Kh Kd Ks W 9s', 'Kh Kd Ks Kc 9s')
    >>> format_cards(best_five("5d 6d 7s 8h 9c 6h Kc").cards)   # 6d comes before 6h
    '9c 8h 7s 6d 5d'
    """
    rows, lead_shape = hand_rows(hands, HAND_SIZES)
    tables = load_table_set("high")
    n, k = rows.shape
    five = np.empty((n, 5), dtype=np.uint8)
    plays_as = np.empty((n, 5), dtype=np.uint8)
    strengths = np.empty(n, dtype=np.uint16)
    t = tables.rank_tables(k)
    kernel = select_kernel(k)
    flat = rows.reshape(-1)

    def piece(lo: int, hi: int, slot: int = 0) -> None:
        if check:  # block by block, not all rows up front: a long call answers Ctrl-C between blocks
            raise_for_rows(rows[:hi], tables.cards, lead_shape, tables.name, lo)
        kernel(flat[k * lo:k * hi], five[lo:hi], plays_as[lo:hi], strengths[lo:hi], t.cards, t.bases, t.values,
               t.flush, t.bases5, t.values5, tables.hand_values)

    with compile_notice("best five"):
        piece(0, 0)
    _threads.run_blocks(piece, n, cost=_SELECT_LOOKUPS)
    shape = lead_shape + (5,)
    return BestFive(five.reshape(shape), plays_as.reshape(shape), strengths.reshape(lead_shape))


#: Omaha hands ranked per block by :func:`omaha_best_five` (each is up to 150 five-card hands).
_OMAHA_BLOCK = 4096


def _low_order(cards: np.ndarray) -> np.ndarray:
    """Cards of low fives sorted highest first for a low (the ace lowest)."""
    low_rank = (cards.astype(np.int64) // N_SUITS + 1) % N_RANKS  # ace 0, deuce 1, .. king 12
    order = np.argsort(-low_rank, axis=-1, kind="stable")
    return np.take_along_axis(cards, order, axis=-1)


def omaha_best_five(holes: HandsLike, board: HandsLike, *, variant: VariantLike = "omaha") -> OmahaBestFive:
    """Which two hole cards and which three board cards make each Omaha hand (and, in hi-lo, its low).

    Parameters
    ----------
    holes, board, variant
        As for :func:`pokerlut.evaluate_omaha`: ``(..., h)`` hole cards (``h`` 4, 5 or 6), one board
        of 3, 4 or 5 cards for every hand or one per hand, ``"omaha"`` or ``"omaha-hilo"``.  Bad
        cards are refused as there.

    Returns
    -------
    OmahaBestFive
        ``cards`` (..., 5): the best high five, most significant first (as :func:`best_five`
        orders them); ``hole`` (..., 2) and ``board`` (..., 3): where they come from;
        ``strengths``.  Hi-lo: also ``low_cards`` (highest first, the ace lowest), ``low_hole``,
        ``low_board`` (255s where no low qualifies) and ``low`` (the eight-or-better scale).

    Notes
    -----
    Every pair of hole cards with every three board cards is ranked as a five-card hand (60 for
    4 hole cards and 5 board cards); when several make the best strength, the first in the order
    of the pairs (hole cards as given), then of the triples, is taken.

    Examples
    --------
    >>> from pokerlut import format_cards
    >>> b = omaha_best_five("Ah Kh Qd Jd", "Th 9h 2h 3c 4s")
    >>> format_cards(b.cards), format_cards(b.hole), format_cards(b.board)
    ('Ah Kh Th 9h 2h', 'Ah Kh', 'Th 9h 2h')
    >>> hl = omaha_best_five("Ah 2c Kd Kh", "3h 4d 8s Ks Qc", variant="omaha-hilo")
    >>> format_cards(hl.cards), format_cards(hl.low_cards), format_cards(hl.low_hole)
    ('Kd Kh Ks Qc 8s', '8s 4d 3h 2c Ah', 'Ah 2c')
    """
    v = omaha_variant(variant)
    ranked = evaluate_omaha(holes, board, variant=v)  # every card checked, with the messages of evaluate_omaha
    hilo = v.rule.hilo
    high = ranked.high if hilo else ranked
    lead_shape = high.shape
    hole_rows, _ = hand_rows(holes, v.hole_sizes, "holes")
    board_array = card_array(board, "board").astype(np.uint8)
    board_rows = np.broadcast_to(board_array, lead_shape + board_array.shape[-1:]).reshape(-1, board_array.shape[-1])
    n, n_hole = hole_rows.shape
    pairs = np.array(list(combinations(range(n_hole), 2)), dtype=np.intp)  # (Q, 2)
    triples = np.array(list(combinations(range(board_rows.shape[1]), 3)), dtype=np.intp)  # (T, 3)
    q_of = np.repeat(np.arange(len(pairs)), len(triples))
    t_of = np.tile(np.arange(len(triples)), len(pairs))
    hole_pick, board_pick = pairs[q_of], triples[t_of]  # (K, 2), (K, 3): every two with every three
    out = {name: np.full((n, width), NO_CARD, np.uint8) for name, width in
           (("cards", 5), ("hole", 2), ("board", 3), ("low_cards", 5), ("low_hole", 2), ("low_board", 3))}
    low = np.ones(n, np.uint16)
    for lo in range(0, n, _OMAHA_BLOCK):
        hi = min(n, lo + _OMAHA_BLOCK)
        two = hole_rows[lo:hi][:, hole_pick]  # (B, K, 2)
        three = board_rows[lo:hi][:, board_pick]  # (B, K, 3)
        fives = np.concatenate([two, three], axis=2)
        rows = np.arange(hi - lo)
        best = evaluate(fives, check=False).argmax(axis=1)
        out["cards"][lo:hi] = best_five(fives[rows, best], check=False).cards
        out["hole"][lo:hi], out["board"][lo:hi] = two[rows, best], three[rows, best]
        if hilo:
            lows = evaluate(fives, variant=v.low_table_set, check=False)
            best_low = lows.argmax(axis=1)
            low[lo:hi] = lows[rows, best_low]
            qualifies = low[lo:hi] > 1
            pick = rows[qualifies], best_low[qualifies]
            out["low_cards"][lo:hi][qualifies] = _low_order(fives[pick])
            out["low_hole"][lo:hi][qualifies] = two[pick]
            out["low_board"][lo:hi][qualifies] = three[pick]
    shaped = {name: array.reshape(lead_shape + array.shape[1:]) for name, array in out.items()}
    if not hilo:
        return OmahaBestFive(shaped["cards"], shaped["hole"], shaped["board"], high)
    return OmahaBestFive(shaped["cards"], shaped["hole"], shaped["board"], high, shaped["low_cards"],
                         shaped["low_hole"], shaped["low_board"], low.reshape(lead_shape))


def made_cards(hands: HandsLike, *, check: bool = True) -> NDArray[np.uint8]:
    """The made cards of each hand's best five, padded with 255: shape ``(..., 5)`` uint8.

    As docs/rules.md defines them: the four of four of a kind, the three of three
    of a kind, the four of two pair, the two of a pair, the single highest card for high card,
    all five otherwise.  Most significant first; a wild card appears as 52.

    >>> from pokerlut import format_cards
    >>> m = made_cards("Qc Qd 7h 7s 3c Ah 2d")
    >>> format_cards(m[m != 255])
    'Qc Qd 7h 7s'
    """
    best = best_five(hands, check=check)
    ranked = best.strengths != 0  # 0: a garbage row under check=False, which has no made cards
    count = np.where(ranked, MADE_COUNT[category(np.where(ranked, best.strengths, 1))], 0)
    made = best.cards.copy()
    made[np.arange(5) >= count[..., None]] = NO_CARD
    return made


def compare(a: HandsLike, b: HandsLike, *, check: bool = True) -> NDArray[np.int8]:
    """Which hand wins, row by row: 1 if ``a`` is stronger, -1 if ``b`` is, 0 for a tie (int8).

    >>> compare(["As Ad 7c 7d 2s", "Kh Kd Qs Jc 9h"], ["Kc Kd Qh Qc 3s", "Ks Kc Qd Jd 9s"]).tolist()
    [1, 0]
    """
    sa = evaluate(a, check=check)
    sb = evaluate(b, check=check)
    if sa.ndim == 0 and sb.ndim == 0:  # one hand each: the answer without numpy's arithmetic
        x, y = int(sa), int(sb)
        return _SIGNS[(x > y) - (x < y)]
    sa, sb = sa.astype(np.int32), sb.astype(np.int32)
    if sa.shape != sb.shape:
        raise ValueError(f"compare needs as many hands on each side: shapes {sa.shape} and {sb.shape}")
    return np.sign(sa - sb).astype(np.int8)


class HiLoShowdown(NamedTuple):
    """The result of a hi-lo :func:`showdown`: per deal and player."""

    high: np.ndarray  #: (..., P) uint16, high strengths
    low: np.ndarray  #: (..., P) uint16, eight-or-better lows (1: no low)
    high_winners: np.ndarray  #: (..., P) bool
    low_winners: np.ndarray  #: (..., P) bool, all False when no low qualifies
    shares: np.ndarray  #: (..., P) float64: half the pot to each side, the whole to the high without a low
    scoops: np.ndarray  #: (..., P) bool, the player takes the whole pot

    __eq__ = same_items
    __ne__ = different_items

    def __repr__(self) -> str:
        return _fields_text("HiLoShowdown", self._asdict())


def _split(strengths: np.ndarray, eligible: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Winners (the best strength among the eligible) and their even shares of one pot, per row."""
    if eligible is None:
        winners = strengths == strengths.max(axis=1, keepdims=True)
    else:
        best = np.where(eligible, strengths, 0).max(axis=1, keepdims=True)
        winners = eligible & (strengths == best)
    count = winners.sum(axis=1, keepdims=True)
    return winners, np.divide(winners, count, out=np.zeros(winners.shape), where=count > 0)


def _rank_shared_board(holes: np.ndarray, boards: np.ndarray, v) -> tuple[np.ndarray, np.ndarray | None]:
    """High (and, hi-lo, low) strengths of ``holes`` (deals, players, h) each with its deal's board,
    two hole cards and three of the board (Omaha): each board's row is looked up once for its players."""
    n_deals, n_players, hole = holes.shape
    high, low, _ = omaha_rows(np.ascontiguousarray(holes.reshape(-1, hole)), np.ascontiguousarray(boards), v,
                              per=n_players)
    return high, low


def _rank_whole_rows(holes: np.ndarray, boards: np.ndarray, v) -> tuple[np.ndarray, np.ndarray | None]:
    """High (and, hi-lo, low) strengths of each player's hole cards and board taken as one hand (the
    best five of them, or the hand as dealt)."""
    n_deals, n_players, _ = holes.shape
    hands = np.concatenate([holes, np.broadcast_to(boards[:, None, :], (n_deals, n_players, boards.shape[1]))], axis=2)
    rows = np.ascontiguousarray(hands.reshape(-1, hands.shape[2]))
    high = rank_rows(rows, v.tables, check=False)
    return high, rank_rows(rows, v.low_tables, check=False) if v.rule.hilo else None  # stud hi-lo


#: How a showdown ranks the hands of each kind of hand rule (:attr:`pokerlut.rules.HandRule.hand`).
_RANKERS = {GIVEN_CARDS: _rank_whole_rows, AS_DEALT: _rank_whole_rows, TWO_PLUS_THREE: _rank_shared_board}


def showdown(holes: HandsLike, board: HandsLike = (), *, check: bool = True,
             variant: VariantLike = "high") -> Showdown | HiLoShowdown:
    """Rank every player's best hand of hole cards + board, and split the pot among the best.

    Parameters
    ----------
    holes
        ``(P, h)`` (one deal) or ``(N, P, h)`` (N deals): P players with h hole cards each.
    board
        ``(b,)`` or ``(N, b)`` shared cards, or empty for draw games.  Games ranked by the best five
        of k need ``h + b`` of 5, 6 or 7 (seven-card stud: each player's 7 cards as holes, no
        board); Omaha ``h`` of 4, 5 or 6 and ``b`` of 3, 4 or 5; badugi 4 cards, three-card poker
        3, open-face rows 3 or 5.
    check
        Reject a card dealt twice anywhere in a deal, or a card the game does not deal, with a
        ``ValueError`` naming the deal, the player or board position and the card.
    variant
        The game (:mod:`pokerlut.variants`), ``"high"`` by default.

    Returns
    -------
    Showdown or HiLoShowdown
        ``Showdown(strengths, winners, shares)``; for ``"omaha-hilo"`` and ``"stud-hilo"`` a :class:`HiLoShowdown`
        with both sides, half the pot to each (the whole pot to the high when no low qualifies),
        ties splitting each half evenly, and who scoops.

    Examples
    --------
    >>> r = showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Jh Th 2c 3d")
    >>> r.winners.tolist(), r.shares.tolist()
    ([True, False], [1.0, 0.0])
    >>> showdown([["Ah", "2c"], ["Ad", "3c"]], "Kh Qd Js Tc 5s").shares.tolist()
    [0.5, 0.5]
    >>> showdown([["7c", "2d"], ["Ah", "Kd"]], "5s 4h 3c Qd Qs", variant="deuce-seven-low").winners.tolist()
    [True, False]
    >>> r = showdown([["Ah", "2h", "Kc", "Kd"], ["As", "2s", "Qc", "Qd"]], "3h 4d 8s Ks 9c", variant="omaha-hilo")
    >>> r.shares.tolist(), r.scoops.tolist()
    ([0.75, 0.25], [False, False])
    """
    v = get_variant(variant)
    holes = card_array(holes, "holes")
    board = card_array(board, "board")
    if holes.ndim not in (2, 3):
        raise ValueError(f"holes must have shape (players, cards) or (deals, players, cards), got {holes.shape}")
    batched = holes.ndim == 3
    if not batched:
        holes = holes[None]
    n_deals, n_players, hole = holes.shape
    if board.size == 0 and not (board.ndim == 2 and board.shape[1]):  # no board (an empty batch keeps its width)
        board = np.zeros((n_deals, 0), dtype=holes.dtype)
    elif board.ndim == 1:
        board = np.broadcast_to(board, (n_deals, board.shape[0]))
    elif board.ndim != 2 or board.shape[0] != n_deals:
        raise ValueError(f"board must have shape (cards,) or ({n_deals}, cards), got {board.shape}")
    if not v.rule.showdown_sizes_fit(hole, board.shape[1], v.hand_sizes):
        raise ValueError(v.rule.showdown_size_text(hole, board.shape[1], v.name, v.hand_sizes))
    if n_players < 1:
        raise ValueError("a showdown needs at least one player")
    combined = np.concatenate([holes.reshape(n_deals, n_players * hole), board], axis=1)
    tables = v.tables
    groups = [(f"player {p}'s card", hole) for p in range(n_players)] + [("board card", board.shape[1])]
    combined = deal_rows(combined, groups, (n_deals,) if batched else None)
    if check:
        raise_for_deals(combined, groups, tables.cards, f"the {v.name} game", v.describe_deck(),
                        (n_deals,) if batched else None)
    boards = combined[:, n_players * hole:]
    high, low = _RANKERS[v.rule.hand](holes.astype(np.uint8), boards, v)
    high = high.reshape(n_deals, n_players)
    high_winners, shares = _split(high)
    if low is None:
        result = Showdown(high, high_winners, shares)
    else:
        low = low.reshape(n_deals, n_players)
        qualifies = low > 1
        low_winners, _ = _split(low, qualifies)
        any_low = qualifies.any(axis=1, keepdims=True)
        # half to each side as one division of integers, so each share is the correctly rounded fraction
        n_high = high_winners.sum(axis=1, keepdims=True)
        n_low = np.maximum(low_winners.sum(axis=1, keepdims=True), 1)
        split_pot = (high_winners * n_low + low_winners * n_high) / (2 * n_high * n_low)
        shares = np.where(any_low, split_pot, shares)
        result = HiLoShowdown(high, low, high_winners, low_winners, shares, shares == 1.0)
    if not batched:
        result = type(result)(*(x[0] for x in result))
    return result
