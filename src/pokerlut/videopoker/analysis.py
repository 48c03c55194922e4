"""Classify final hands, value every hold of a dealt hand, and compute a game's exact return.

The counting method: for every subset ``T`` of 0..4 cards of the deck, the table of how many final
5-card hands contain ``T``, class by class (built once per game, see ``_tables``).  A dealt hand
kept as ``H`` with discards ``D`` draws ``5 - |H|`` cards from the deck minus the five dealt, so by
inclusion-exclusion the class counts of its draws are ``sum over S in D of (-1)^|S| N(H + S)``:
32 table rows and a 5-bit Moebius transform value all 32 holds of a hand at once.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .. import _threads
from .._input import card_array, twice_text, where
from .._notice import noticed, progress_bar
from .._records import different_items, same_items
from ..cards import format_card, format_cards
from ..constants import NO_CARD, WILD, N_NATURAL
from ..kernels.videopoker_holds import best_holds_kernel
from ..kernels.videopoker_holds import hold_counts as kernel_hold_counts
from ..kernels.videopoker_holds import hold_values as kernel_hold_values
from ..kernels.videopoker_scratch import best_holds_scratch, hold_counts_scratch, hold_values_scratch
from ..kernels.videopoker_tables import HIGHBIT, POPCOUNT, first_bad_card
from ..typing import HandsLike
from ._tables import BINOM, N_CARDS, canonical_deals, game_tables, pay_levels, pay_scale
from ._tables import classify_cards
from .games import Game, PayTable, PayTableLike, get_game, make_paytable

__all__ = [
    "BestHold",
    "Classification",
    "GameReturn",
    "HoldValues",
    "best_hold",
    "classify",
    "game_return",
    "hold_values",
]

#: What valuing the holds of one dealt hand costs, in lookups (32 holds, a few table rows each).
_HOLD_LOOKUPS = 32

#: Short column labels of the pay classes, for tables.
ABBREVIATIONS = {
    "royal_flush": "RF", "natural_royal_flush": "NRF", "four_deuces": "4D", "wild_royal_flush": "WRF",
    "five_of_a_kind": "5K", "straight_flush": "SF", "four_of_a_kind": "4K", "full_house": "FH",
    "flush": "FL", "straight": "ST", "three_of_a_kind": "3K", "two_pair": "2P",
    "jacks_or_better": "JB", "kings_or_better": "KB", "nothing": "-",
    "four_aces": "4A", "four_2s_4s": "4(2-4)", "four_5s_ks": "4(5-K)", "four_aces_with_2_4": "4A+2-4",
    "four_2s_4s_with_a_4": "4(2-4)+", "four_deuces_with_an_ace": "4D+A", "five_aces": "5A",
    "five_3s_5s": "5(3-5)", "five_6s_ks": "5(6-K)",
}


# --------------------------------------------------------------------------------------- input


def _deck_description(game: Game) -> str:
    if game.deck_size == N_NATURAL + 1:
        return f"the {game.name} deck is the 52 natural cards (ids 0..51) and one joker (W, id 52)"
    wild = "; its wild cards are the four deuces" if game.wild_cards else ""
    return f"the {game.name} deck is the 52 natural cards (ids 0..51, 4*rank + suit), no joker{wild}"


def _dealt_hands(hands, game: Game) -> tuple[np.ndarray, tuple[int, ...]]:
    """User input as validated uint8 rows ``(N, 5)`` of distinct cards of the game's deck, and the
    leading shape (``()`` for one hand)."""
    array = card_array(hands)
    if array.ndim == 0 or array.shape[-1] != N_CARDS:
        raise ValueError(f"a video poker hand is {N_CARDS} cards: hands must have shape (..., 5), "
                         f"got shape {array.shape}")
    lead = array.shape[:-1]
    flat = array.reshape(-1, N_CARDS)
    # uint8 as is, any other integers as int64 (a huge uint64 wraps negative: still not a card)
    checked = flat if flat.dtype == np.uint8 else flat.astype(np.int64)
    row, pos, code = first_bad_card(checked, game.deck_size)
    if code:
        value = int(flat[row, pos])
        named = where(int(row), lead) if lead else "the hand"
        if code == 1:
            if value == WILD:
                raise ValueError(f"{named}, position {pos}: the joker (W, id {WILD}) is not a card of "
                                 f"{game.name}: {_deck_description(game)}")
            raise ValueError(f"{named}, position {pos}: card id {value} is not a card of {game.name}: "
                             f"{_deck_description(game)}")
        first = int(np.flatnonzero(flat[row, :pos] == flat[row, pos])[0])
        deck = "one joker" if value == WILD else "each card once"
        raise ValueError(f"{named}: {twice_text(value, f'at position {first}', f'at position {pos}')}; "
                         f"the {game.name} deck has {deck}")
    return np.ascontiguousarray(flat, dtype=np.uint8), lead


# ------------------------------------------------------------------------------------ classify


class Classification(NamedTuple):
    """Pay class and payout of final hands (leading shape of the input)."""

    classes: np.ndarray   # uint8: class id, 0 = nothing, higher is better (game.classes)
    payouts: np.ndarray   # float64: payout per coin bet under the pay table
    game: Game
    paytable: PayTable

    __eq__ = same_items
    __ne__ = different_items

    @property
    def names(self) -> np.ndarray:
        """The class display names (str array, same shape)."""
        return np.asarray(np.asarray(self.game.class_names, dtype=object)[self.classes], dtype=object)


@noticed("video poker")
def classify(hands: HandsLike, game: str | Game = "jacks-or-better", paytable: PayTableLike = None) -> Classification:
    """Pay class and payout of final 5-card hands, wild cards as the game defines them.

    ``hands``: card strings or integer ids of shape ``(..., 5)``, each hand 5 distinct cards of
    the game's deck (the joker ``W`` = 52 only in Joker Poker; in Deuces Wild the deuces are
    the wild cards).  ``paytable``: ``None`` for the standard full-pay table, a mapping or a
    sequence (see :func:`make_paytable`), or a :class:`PayTable`.

    >>> c = classify(["2c 2d 2h 2s 9h", "As Ks Qs Js Ts", "2s Ks Qs Js Ts"], "deuces-wild")
    >>> c.names.tolist(), c.payouts.tolist()
    (['Four deuces', 'Natural royal flush', 'Wild royal flush'], [200.0, 800.0, 25.0])
    >>> classify("Jh Jd 4s 7c Qh").names.item(), classify("Th Td 4s 7c Qh").names.item()
    ('Jacks or better', 'Nothing')
    """
    g = get_game(game)
    table = make_paytable(g, paytable)
    flat, lead = _dealt_hands(hands, g)
    classes = classify_cards(flat, g.key) if len(flat) else np.zeros(0, np.uint8)
    payouts = table.values()[classes]
    return Classification(classes.reshape(lead), payouts.reshape(lead), g, table)


# ---------------------------------------------------------------------------------- hold values


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.asarray(POPCOUNT)[masks]


def _held_cards(hands: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Cards kept by ``masks`` (...,) of ``hands`` (..., 5): uint8 (..., 5), 255 where discarded."""
    keep = (masks[..., None] >> np.arange(N_CARDS)) & 1
    return np.where(keep.astype(bool), hands, np.uint8(NO_CARD)).astype(np.uint8)


def _hold_text(cards: np.ndarray, style: str = "ascii") -> str:
    return " ".join("--" if c == NO_CARD else f"{format_card(int(c), style):<2}" for c in cards.tolist())


class BestHold(NamedTuple):
    """The best hold of each dealt hand (leading shape of the input)."""

    masks: np.ndarray    # uint8: bit j set = keep card j of the dealt hand (as given)
    cards: np.ndarray    # uint8 (..., 5): the dealt hand with discarded cards replaced by 255
    values: np.ndarray   # float64: expected payout per coin bet

    __eq__ = same_items
    __ne__ = different_items


@dataclass(frozen=True, eq=False)
class HoldValues:
    """All 32 holds of dealt hands, best first (leading shape ``lead`` of the input, ``()`` for one
    hand).

    ``holds[..., r]`` is the ``r``-th best hold as a mask over the dealt hand as given (bit ``j``
    keeps card ``j``), ``values[..., r]`` its exact expected payout per coin bet (every draw from
    the cards not dealt, equally likely); equal values are ordered by a fixed rule that depends on
    the cards only.  ``counts[..., r, c]`` (when computed) is how many of its ``draws[..., r]``
    possible draws end in pay class ``c``.
    """

    game: Game
    paytable: PayTable
    hands: np.ndarray           # uint8 (..., 5)
    holds: np.ndarray           # uint8 (..., 32)
    values: np.ndarray          # float64 (..., 32)
    counts: np.ndarray | None   # int64 (..., 32, n_classes) or None

    @property
    def draws(self) -> np.ndarray:
        """Number of equally likely draws of each hold: C(cards left, cards discarded)."""
        left = self.game.deck_size - N_CARDS
        per_discards = np.array([math.comb(left, d) for d in range(N_CARDS + 1)], dtype=np.int64)
        return per_discards[N_CARDS - _popcount(self.holds)]

    def held(self, rank: int = 0) -> np.ndarray:
        """Cards kept by the ``rank``-th best hold (0 = best): uint8 (..., 5), 255 where discarded."""
        return _held_cards(self.hands, self.holds[..., rank])

    @property
    def best(self) -> BestHold:
        return BestHold(self.holds[..., 0], self.held(0), self.values[..., 0])

    def table(self, top: int | None = None, *, detail: bool = False, style: str = "ascii") -> str:
        """The holds of one dealt hand as a text table, best first (``top`` rows; ``detail`` adds the
        number of draws ending in each paying class)."""
        if self.hands.ndim != 1:
            raise ValueError(f"table() shows one dealt hand; these are {self.hands.shape[:-1]} hands")
        g, t = self.game, self.paytable
        rows = range(32 if top is None else max(0, min(32, top)))
        paying = list(range(g.n_classes - 1, 0, -1))
        lines = [f"{g.name}, {t.name}: {format_cards(self.hands, style)}",
                 f"expected payout per coin bet of each hold (draws from the {g.deck_size - N_CARDS} "
                 f"cards left), best first"]
        header = f"{'#':>3}  {'hold':<14}  {'draws':>9}  {'expected':>10}"
        if detail:
            if self.counts is None:
                raise ValueError("this HoldValues has no class counts; call hold_values(..., counts=True)")
            header += "".join(f"  {ABBREVIATIONS.get(g.classes[c], g.classes[c][:3]):>8}" for c in paying)
        lines.append(header)
        draws = self.draws
        for r in rows:
            line = (f"{r + 1:>3}  {_hold_text(self.held(r), style):<14}  {int(draws[r]):>9,}  "
                    f"{self.values[r]:>10.6f}")
            if detail:
                line += "".join(f"  {int(self.counts[r, c]):>8,}" for c in paying)
            lines.append(line)
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.hands.ndim == 1:
            return self.table()
        return (f"HoldValues of {self.hands.shape[:-1]} {self.game.name} hands ({self.paytable.name}); "
                f"best mean value {float(self.values[..., 0].mean()):.6f}")


def _hold_setup(hands, game, paytable):
    g = get_game(game)
    table = make_paytable(g, paytable)
    flat, lead = _dealt_hands(hands, g)
    return g, table, flat, lead


def _run_holds(flat: np.ndarray, table: PayTable, n_out: int) -> tuple[np.ndarray, np.ndarray]:
    tabs = game_tables(table.game_key)
    ps = pay_scale(table)
    masks = np.empty((len(flat), n_out), dtype=np.uint8)
    scaled = np.empty((len(flat), n_out), dtype=np.float64)
    levels = pay_levels(table)
    _threads.run_blocks(lambda lo, hi, slot: kernel_hold_values(
        flat[lo:hi], masks[lo:hi], scaled[lo:hi], BINOM, tabs.offsets, levels, tabs.class5, ps.pay, ps.scale,
        POPCOUNT, HIGHBIT, *hold_values_scratch()), len(flat), cost=_HOLD_LOOKUPS)
    return masks, scaled / ps.unit


@noticed("video poker")
def hold_values(hands: HandsLike, game: str | Game = "jacks-or-better", paytable: PayTableLike = None, *,
                counts: bool | None = None) -> HoldValues:
    """The exact expected payout of all 32 ways to hold each dealt hand, best first.

    Every draw of the discarded cards' replacements from the cards not dealt (47, or 48 in Joker
    Poker; the discards are not drawn again) is equally likely.  ``hands`` is one hand (``(5,)``,
    e.g. ``"Jh Jd 4s 7c Qh"``) or any batch ``(..., 5)``.  ``counts`` (default: only for one hand)
    also returns how many draws of each hold end in each pay class (``32 * n_classes`` int64 per
    hand: mind the memory for big batches).  The first call for a game builds its count tables
    (a fraction of a second, 12-17 MB kept for the process); later calls take tens of
    microseconds for one hand, and batches run on numba's threads at millions of hands a second.

    >>> h = hold_values("Jh Jd 4s 7c Qh", "jacks-or-better")
    >>> print(h.table(top=3))
    Jacks or Better, 9/6 full pay: Jh Jd 4s 7c Qh
    expected payout per coin bet of each hold (draws from the 47 cards left), best first
      #  hold                draws    expected
      1  Jh Jd -- -- --     16,215    1.536540
      2  Jh Jd 4s -- --      1,081    1.416281
      3  Jh Jd -- 7c --      1,081    1.416281
    >>> format_cards(h.best.cards[h.best.cards != 255]), int(h.counts[0].sum()), int(h.draws[0])
    ('Jh Jd', 16215, 16215)
    """
    g, table, flat, lead = _hold_setup(hands, game, paytable)
    masks, values = _run_holds(flat, table, 32)
    class_counts = None
    if counts or (counts is None and lead == ()):
        tabs = game_tables(g.key)
        by_mask = np.empty((len(flat), 32, g.n_classes), dtype=np.int64)
        _threads.run_blocks(lambda lo, hi, slot: kernel_hold_counts(
            flat[lo:hi], by_mask[lo:hi], BINOM, tabs.offsets, tabs.counts, tabs.class5, POPCOUNT, HIGHBIT,
            *hold_counts_scratch(g.n_classes)), len(flat), cost=_HOLD_LOOKUPS * g.n_classes)
        class_counts = np.take_along_axis(by_mask, masks[:, :, None].astype(np.intp), axis=1)
        class_counts = class_counts.reshape(lead + (32, g.n_classes))
    hands_out = flat.reshape(lead + (N_CARDS,)).copy()
    return HoldValues(g, table, hands_out, masks.reshape(lead + (32,)), values.reshape(lead + (32,)),
                      class_counts)


@noticed("video poker")
def best_hold(hands: HandsLike, game: str | Game = "jacks-or-better", paytable: PayTableLike = None) -> BestHold:
    """The best hold of each dealt hand: its mask, the kept cards (255 for a discard) and its value.

    >>> b = best_hold(["Ah Kh Qh Jh 9c", "2c 7d 8s Jc 3h"], "jacks-or-better")
    >>> [format_cards(c[c != 255]) for c in b.cards], b.masks.tolist()
    (['Ah Kh Qh Jh', 'Jc'], [15, 8])
    """
    g, table, flat, lead = _hold_setup(hands, game, paytable)
    masks, values = _run_holds(flat, table, 1)
    masks, values = masks[:, 0].reshape(lead), values[:, 0].reshape(lead)
    return BestHold(masks, _held_cards(flat.reshape(lead + (N_CARDS,)), masks), values)


# ---------------------------------------------------------------------------------- game return


@dataclass(frozen=True, eq=False)
class GameReturn:
    """The return of a game under optimal play, and how often each class is the final hand."""

    game: Game
    paytable: PayTable
    value: float                        # expected payout per coin bet, e.g. 0.995439 (99.5439%)
    exact: Fraction | None              # the same as an exact fraction (None for inexact pays)
    probabilities: np.ndarray           # float64 (n_classes,): P(final hand of class c)
    exact_probabilities: tuple[Fraction, ...]
    deals: int                          # every deal: C(deck, 5)
    deal_classes: int                   # analysed suit-symmetry classes
    seconds: float

    @property
    def percent(self) -> float:
        return 100.0 * self.value

    @property
    def contributions(self) -> np.ndarray:
        """Each class's share of the return: probability times payout."""
        return self.probabilities * self.paytable.values()

    def __str__(self) -> str:
        g = self.game
        pays = self.paytable.values()
        lines = [f"{g.name}, {self.paytable.name}: return {self.percent:.4f}% under optimal play",
                 f"(all {self.deals:,} deals, analysed as {self.deal_classes:,} suit-symmetry classes, "
                 f"in {self.seconds:.2f} s)",
                 f"  {'final hand':<22} {'pays':>7} {'probability':>13} {'return':>10}"]
        for c in range(g.n_classes - 1, -1, -1):
            pay = f"{pays[c]:g}" if c else ""
            lines.append(f"  {g.class_names[c]:<22} {pay:>7} {self.probabilities[c]:>13.8f} "
                         f"{self.contributions[c]:>10.6f}")
        lines.append(f"  {'Total':<22} {'':>7} {self.probabilities.sum():>13.8f} {self.value:>10.6f}")
        return "\n".join(lines)


@noticed("video poker")
def game_return(game: str | Game = "jacks-or-better", paytable: PayTableLike = None, *,
                progress: bool | None = None) -> GameReturn:
    """The exact return of a game under optimal play (the best hold of every deal).

    Every one of the ``C(52, 5)`` (or ``C(53, 5)``) deals is analysed, through its suit-symmetry
    class (134,459 classes of 52-card deals, 150,891 of 53-card deals): for each, all 32 holds
    are valued exactly by counting (see :func:`hold_values`) and the best is played.  With
    integer payouts (or fractions with a small common denominator) the result is an exact
    :class:`~fractions.Fraction`.  ``progress``: a progress bar (needs ``tqdm``) on stderr;
    ``None`` shows it where someone watches (a terminal, a notebook).

    >>> r = game_return("jacks-or-better", progress=False)
    >>> f"{r.percent:.4f}%", r.deal_classes
    ('99.5439%', 134459)
    """
    start = time.perf_counter()
    g = get_game(game)
    table = make_paytable(g, paytable)
    deals, weights = canonical_deals(g.deck_size)
    n = len(deals)
    bar = progress_bar(n, f"{g.name}: count tables", None if progress is None else bool(progress),
                       unit=" deals", unit_scale=True, delay=0)
    try:
        tabs = game_tables(g.key)  # built on the game's first use (a fraction of a second)
        ps = pay_scale(table)
        levels = pay_levels(table)
        masks = np.empty(n, dtype=np.uint8)
        scaled = np.empty(n, dtype=np.float64)
        class_counts = np.empty((n, g.n_classes), dtype=np.int64)
        if bar is not None:
            bar.set_description(f"{g.name}: best holds")
        _threads.run_blocks(lambda lo, hi, slot: best_holds_kernel(
            deals[lo:hi], masks[lo:hi], scaled[lo:hi], class_counts[lo:hi], BINOM, tabs.offsets, levels,
            tabs.counts, tabs.class5, ps.pay, ps.scale, POPCOUNT, HIGHBIT, *best_holds_scratch()),
            n, cost=_HOLD_LOOKUPS * g.n_classes, bar=bar)
    finally:
        if bar is not None:
            bar.close()
    total_deals = math.comb(g.deck_size, N_CARDS)
    if ps.exact:
        paid = np.dot(weights.astype(object), scaled.astype(np.int64).astype(object))
        exact = Fraction(int(paid), ps.unit * total_deals)
        value = float(exact)
    else:
        exact = None
        value = float(np.dot(weights.astype(np.float64), scaled) / ps.unit / total_deals)
    # class probabilities: deals grouped by how many cards their best hold draws
    discards = N_CARDS - _popcount(masks)
    probabilities = [Fraction(0)] * g.n_classes
    for d in range(N_CARDS + 1):
        sel = discards == d
        if not sel.any():
            continue
        sums = (weights[sel, None] * class_counts[sel]).sum(axis=0)  # < 2^63: at most C(53, 5) * C(48, 5)
        for c in range(g.n_classes):
            probabilities[c] += Fraction(int(sums[c]), int(ps.draws[d]) * total_deals)
    return GameReturn(g, table, value, exact, np.array([float(p) for p in probabilities]),
                      tuple(probabilities), total_deals, n, time.perf_counter() - start)
