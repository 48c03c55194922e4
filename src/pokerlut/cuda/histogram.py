"""Every hand on the device: :func:`strength_histogram` and :func:`category_counts`, a thread per
``k - 2``-card prefix found from its index by combinatorial unranking (no prefix list on the host), the
last two cards looped with the key carried; counts in a per-block shared histogram, added to the global
one once per block (:mod:`pokerlut.cuda.engines` re-exports them)."""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from .. import layout
from .._input import check_deal, deal_cards
from .._messages import sizes_text
from ..constants import HAND_SIZES, MAX_STRENGTH
from ..enumeration import deck_of
from ..strength import category as cpu_category, category_names
from ..variants import VariantLike, best_five_variant
from .batch import launch_shape
from .combinations import MAX_SUBSET, binomials, unrank
from .device import cuda, hand_value, hash_for, suit_rank_bit, tables as device_tables

__all__ = ["strength_histogram", "category_counts"]

U64 = np.uint64
_HIST = MAX_STRENGTH + 1
_FIRST = U64(layout.FIRST_CARD)


@cuda.jit
def _histogram_kernel(deck, n, binom, n_prefixes, t, hist):
    """Count every ``n``-card hand of ``deck`` by strength: a prefix of ``n - 2`` cards per index."""
    counts = cuda.shared.array(_HIST, np.uint32)
    for j in range(cuda.threadIdx.x, _HIST, cuda.blockDim.x):
        counts[j] = 0
    cuda.syncthreads()
    bases, values = hash_for(t, n)
    nd = deck.shape[0]
    picked = cuda.local.array(MAX_SUBSET, np.int64)
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n_prefixes:
        unrank(i, n - 2, binom, nd, picked)
        c = U64(deck[picked[0]])
        key = t.cards[c + _FIRST]
        bits = suit_rank_bit(c)
        for j in range(1, n - 2):
            c = U64(deck[picked[j]])
            key += t.cards[c]
            bits |= suit_rank_bit(c)
        for a in range(picked[n - 3] + 1, nd - 1):
            ca = U64(deck[a])
            key_a = key + t.cards[ca]
            bits_a = bits | suit_rank_bit(ca)
            for b in range(a + 1, nd):
                cb = U64(deck[b])
                s = hand_value(t, key_a + t.cards[cb], bits_a | suit_rank_bit(cb), n, bases, values)
                cuda.atomic.add(counts, s, 1)
        i += stride
    cuda.syncthreads()
    for j in range(cuda.threadIdx.x, _HIST, cuda.blockDim.x):
        if counts[j]:
            cuda.atomic.add(hist, j, U64(counts[j]))


def _check_n_cards(n_cards) -> int:
    if isinstance(n_cards, (bool, np.bool_)) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards must be an integer {sizes_text(HAND_SIZES)}, got {n_cards!r}")
    if n_cards not in HAND_SIZES:
        raise ValueError(f"n_cards must be {sizes_text(HAND_SIZES)}, got {n_cards}")
    return int(n_cards)


def strength_histogram(n_cards: int, variant: VariantLike = "high", *, deck: Any = None,
                       launch: tuple[int, int] | None = None) -> np.ndarray:
    """How many natural ``n_cards``-card hands (5, 6 or 7) of the game's deck have each strength,
    as :func:`pokerlut.strength_histogram` counts them (int64, shape ``(n + 1,)``), every hand
    enumerated on the device.  ``deck``: the card ids to deal from instead of the game's deck (a
    smaller deck makes a quick check); ``launch``: ``(blocks, threads)`` instead of the default.

    >>> h = strength_histogram(5, deck=list(range(20)))      # the 15,504 hands of the 20 lowest cards
    >>> int(h.sum()), int(h[7462])
    (15504, 0)
    """
    n_cards = _check_n_cards(n_cards)
    v = best_five_variant(variant, "pokerlut.cuda.strength_histogram")
    if n_cards not in v.hand_sizes or v.tables.suit_sets:
        raise ValueError(f"strength_histogram counts hands of {sizes_text(HAND_SIZES)} cards ranked by rank sums; the "
                         f"{v.name} game ranks hands of {sizes_text(v.hand_sizes)} cards")
    cards = deck_of(v.tables) if deck is None else np.asarray(deal_cards(deck, "deck"), np.int64)
    if deck is not None:
        check_deal([("deck card", cards.astype(np.uint8))], v.tables.natural.cards, f"the {v.name} game",
                   v.describe_deck())
    hist = np.zeros(v.tables.n_strengths + 1, np.int64)
    n_prefixes = comb(len(cards), n_cards - 2)
    if len(cards) < n_cards:
        return hist
    t = device_tables(v)
    d_hist = cuda.to_device(np.zeros(_HIST, np.uint64))
    blocks, threads = launch or launch_shape(n_prefixes)
    _histogram_kernel[blocks, threads](cuda.to_device(cards.astype(np.uint8)), n_cards,
                                       cuda.to_device(binomials(len(cards))), n_prefixes, t, d_hist)
    counts = d_hist.copy_to_host().astype(np.int64)
    hist[:] = counts[:len(hist)]
    return hist


def category_counts(n_cards: int, variant: VariantLike = "high", *, deck: Any = None) -> np.ndarray:
    """How many natural ``n_cards``-card hands fall in each category of the game, as
    :func:`pokerlut.category_counts` counts them, from :func:`strength_histogram` on the device.

    >>> category_counts(5, deck=list(range(20))).tolist()
    [0, 7680, 4320, 1920, 1020, 0, 480, 80, 4, 0]
    """
    v = best_five_variant(variant, "pokerlut.cuda.category_counts")
    histogram = strength_histogram(n_cards, v, deck=deck)
    categories = cpu_category(np.arange(1, len(histogram)), v)
    return np.bincount(categories, weights=histogram[1:], minlength=len(category_names(v))).astype(np.int64)
