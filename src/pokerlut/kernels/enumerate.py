"""Counting every hand of a deck by strength: nested loops carrying partial keys.

The hands of ``k`` cards are cut by their first ``k - 4`` cards (a *prefix*); below a prefix four
nested loops run over the later cards of the deck, each level adding one card constant to the key
its parent carries, so a hand costs one add before its lookup.  Each level also carries the
suit-rank bits of its cards (:func:`.primitives.suit_rank_bit`), from which the rare flush reads its
suit's ranks without going back to the cards.
"""

from __future__ import annotations

import numpy as np

from .compile import compile_kernel
from .primitives import value_of_bits

U64 = np.uint64


def histogram(prefixes, deck_keys, deck_first, deck_bits, counts, bases, values, flush):
    """``counts[t, strength]`` += the hands of prefixes ``t, t + T, ...`` (``T = len(counts)``).

    ``prefixes`` (P, 3) int64 holds deck positions, -1 where a prefix is shorter; ``deck_keys`` /
    ``deck_first`` / ``deck_bits`` are the card constants (plain, first-card) and suit-rank bits of
    the deck's cards by position."""
    n_deck = deck_keys.shape[0]
    chunks = counts.shape[0]
    for t in range(chunks):
        for p in range(t, prefixes.shape[0], chunks):
            first = prefixes[p, 0]
            key = deck_first[first]
            bits = deck_bits[first]
            last = first
            for j in range(1, 3):
                q = prefixes[p, j]
                if q >= 0:
                    key += deck_keys[q]
                    bits |= deck_bits[q]
                    last = q
            for i3 in range(U64(last + 1), U64(n_deck - 3)):
                k3 = key + deck_keys[i3]
                b3 = bits | deck_bits[i3]
                for i4 in range(i3 + U64(1), U64(n_deck - 2)):
                    k4 = k3 + deck_keys[i4]
                    b4 = b3 | deck_bits[i4]
                    for i5 in range(i4 + U64(1), U64(n_deck - 1)):
                        k5 = k4 + deck_keys[i5]
                        b5 = b4 | deck_bits[i5]
                        for i6 in range(i5 + U64(1), U64(n_deck)):
                            k6 = k5 + deck_keys[i6]
                            v = value_of_bits(k6, b5 | deck_bits[i6], bases, values, flush)
                            counts[t, v] += 1


def make_histogram_kernel():
    """Compile :func:`histogram`."""
    return compile_kernel(histogram, "histogram")
