"""Badugi from first principles (``docs/rules.md``, "Badugi"), and the numbers its tables are keyed by.

A badugi hand is four cards.  It counts only a set of its cards with distinct ranks and distinct
suits, the largest such set (a four-card badugi beats every three-card hand, and so on), and
among sets of that size the lowest: ranks compared from the highest down, the ace the lowest
card.  The hand's value therefore depends on which ranks each suit holds, and not on the suits'
names: every relabelling of the suits keeps it.

The tables use that.  The key of a hand is its four suits' 13-bit rank masks side by side
(:func:`pokerlut.layout.suit_set_constant`); ``suit_keys[mask]`` gives every mask a number and the
sum over the four suits, the same for every relabelling of the suits, is the rank key of the
row-displacement hash.  The numbers come from a fixed deterministic sequence (splitmix64 of the
mask and a salt); the generator takes the first salt under which no two hands of different value
share a sum, and checks every one of the 270,725 hands through the tables before writing them.

>>> BADUGI.n_strengths, BADUGI.hand_class(BADUGI.n_strengths).ranks   # 4-3-2-A, the best hand
(1092, (2, 1, 0, 12))
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import NamedTuple

import numpy as np

from .. import layout
from ..constants import ACE, BADUGI_CARDS, CATEGORIES, N_RANKS, N_SUITS

#: The numbers ``suit_keys`` holds are below this (four of them sum below the 25-bit rank key).
_KEY_LIMIT = 1 << (layout.RANK_KEY_BITS - 2)


class BadugiClass(NamedTuple):
    category: int  #: cards counted, less one: 0 one-card hand .. 3 badugi
    order: tuple[int, ...]  #: comparison within the category: larger is better
    ranks: tuple[int, ...]  #: the counted cards' ranks (0 = deuce .. 12 = ace), highest badugi rank first


def low_value(rank: int) -> int:
    """Badugi's order of ranks: the ace lowest (0), then deuce (1) .. king (12)."""
    return 0 if rank == ACE else rank + 1


def badugi_class(cards) -> BadugiClass:
    """The class of a hand of natural cards: the largest set of distinct ranks and suits, the
    lowest such set (its highest rank lowest, then the next, ...)."""
    for size in range(len(cards), 0, -1):
        best = None
        for subset in combinations(cards, size):
            ranks = {c // N_SUITS for c in subset}
            if len(ranks) == size and len({c % N_SUITS for c in subset}) == size:
                lows = sorted((low_value(r) for r in ranks), reverse=True)
                order = tuple(-v for v in lows)
                if best is None or order > best:
                    best = order
        if best is not None:
            ranks = tuple(ACE if -v == 0 else -v - 1 for v in best)
            return BadugiClass(size - 1, best, ranks)
    raise ValueError("a badugi hand holds at least one card")


def splitmix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser of uint64 values (arithmetic modulo 2**64)."""
    with np.errstate(over="ignore"):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def suit_key_number(mask: np.ndarray, draw: np.ndarray) -> np.ndarray:
    """The ``draw``-th candidate number of each rank mask: splitmix64 of the mask and the draw,
    below ``2**23`` (the empty mask's is 0).

    >>> numbers = suit_key_number(np.arange(8192), np.zeros(8192, np.int64))
    >>> int(numbers[0]), bool(numbers.max() < 2**23), len(np.unique(numbers)) > 8000
    (0, True, True)
    """
    x = np.asarray(mask, dtype=np.uint64) | (np.asarray(draw, dtype=np.uint64) << np.uint64(16))
    return np.where(np.asarray(mask) == 0, 0, (splitmix(x) % np.uint64(_KEY_LIMIT)).astype(np.int64))


def _first_conflict(sums: np.ndarray, strengths: np.ndarray) -> tuple[int, int] | None:
    """Two shapes (indices) with the same sum and different strengths, the first by sum; or None."""
    order = np.lexsort((strengths, sums))
    clash = np.flatnonzero((sums[order][1:] == sums[order][:-1]) & (strengths[order][1:] != strengths[order][:-1]))
    return None if not clash.size else (int(order[clash[0]]), int(order[clash[0] + 1]))


class BadugiLadder:
    """The badugi game as the generator needs it: its classes and strength scale, its card table,
    its ``suit_keys`` and the entries of its hash (see the module doc)."""

    name = "badugi"
    ranks = tuple(range(N_RANKS))
    categories = CATEGORIES["badugi"]
    wild = False
    flushes = False
    subset_rare = False
    sizes = (BADUGI_CARDS,)
    describe_style = "low"

    @cached_property
    def hands(self) -> np.ndarray:
        """Every 4-card hand, (270725, 4) int64."""
        return np.array(list(combinations(range(len(self.ranks) * N_SUITS), BADUGI_CARDS)), dtype=np.int64)

    @cached_property
    def _shapes(self) -> tuple[np.ndarray, np.ndarray]:
        """The four suits' rank masks of every hand, and per hand the index of its shape (its
        masks as a multiset) among the distinct shapes, which come first."""
        hands = self.hands
        bits = (hands % N_SUITS == np.arange(N_SUITS)[:, None, None]) << (hands // N_SUITS)  # (suit, hand, card)
        masks = np.sort(bits.sum(axis=2).T, axis=1)
        code = sum(masks[:, s] << (layout.SUIT_SET_BITS * s) for s in range(N_SUITS))
        _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
        return masks[first], inverse.ravel()

    @cached_property
    def _shape_classes(self) -> list[BadugiClass]:
        """The class of every distinct shape (one hand built from its masks)."""
        shapes, _ = self._shapes
        return [badugi_class([N_SUITS * r + s for s in range(N_SUITS) for r in range(N_RANKS) if m[s] >> r & 1])
                for m in shapes.tolist()]

    @cached_property
    def ordered_classes(self) -> tuple[BadugiClass, ...]:
        """Every distinct class, weakest first: strength ``s`` is index ``s - 1``."""
        return tuple(sorted(set(self._shape_classes), key=lambda c: (c.category, c.order)))

    @cached_property
    def _strength_of(self) -> dict[tuple, int]:
        return {(c.category, c.order): i + 1 for i, c in enumerate(self.ordered_classes)}

    @property
    def n_strengths(self) -> int:
        return len(self.ordered_classes)

    def hand_class(self, strength: int) -> BadugiClass:
        if 1 <= strength <= self.n_strengths:
            return self.ordered_classes[strength - 1]
        raise ValueError(f"not a badugi strength: {strength}")

    @cached_property
    def shape_strengths(self) -> np.ndarray:
        """The strength of every distinct shape."""
        return np.array([self._strength_of[(c.category, c.order)] for c in self._shape_classes], dtype=np.int64)

    @cached_property
    def hand_strengths(self) -> np.ndarray:
        """The strength of every hand of :attr:`hands`, from its shape."""
        return self.shape_strengths[self._shapes[1]]

    @cached_property
    def suit_keys(self) -> np.ndarray:
        """``suit_keys``: every mask's first candidate number, then, while two shapes of different
        strength share a sum, the next candidate of the largest mask the two hold a different
        number of times (so the sums move apart), until no two do."""
        shapes, _ = self._shapes
        strengths = self.shape_strengths
        masks = np.arange(1 << layout.SUIT_SET_BITS)
        draws = np.zeros(len(masks), dtype=np.int64)
        numbers = suit_key_number(masks, draws)
        for _ in range(10_000):
            clash = _first_conflict(numbers[shapes].sum(axis=1), strengths)
            if clash is None:
                return numbers.astype(layout.SUIT_KEYS_DTYPE)
            a, b = (shapes[i].tolist() for i in clash)
            mask = max(m for m in set(a) | set(b) if a.count(m) != b.count(m))
            draws[mask] += 1
            numbers[mask] = suit_key_number(np.array([mask]), draws[mask:mask + 1])[0]
        raise AssertionError("badugi: the suit keys do not come apart")

    def hash_entries(self) -> tuple[np.ndarray, np.ndarray]:
        """The rank keys (sums of ``suit_keys``) of the hash, and the strength at each."""
        shapes, _ = self._shapes
        sums = self.suit_keys.astype(np.int64)[shapes].sum(axis=1)
        keys, first = np.unique(sums, return_index=True)
        return keys, self.shape_strengths[first].astype(layout.VALUE_DTYPE)

    def card_table(self) -> np.ndarray:
        """Every uint8 id's suit-set constant (ids 52..255 poisoned), twice (no first-card start)."""
        deck = len(self.ranks) * N_SUITS
        half = np.array([layout.suit_set_constant(c, poison=c >= deck) for c in range(layout.CARD_IDS)],
                        dtype=layout.CARD_DTYPE)
        return np.concatenate([half, half])

    def verify(self, tables: dict[str, np.ndarray]) -> None:
        """Every hand's strength through the tables as the kernel computes it (key, masks, sum of
        ``suit_keys``, hash) equals its class's strength."""
        cards = tables[layout.CARD_TABLE][:layout.CARD_IDS].astype(np.uint64)
        key = cards[self.hands].sum(axis=1, dtype=np.uint64)
        if (key & np.uint64(layout.SUIT_SET_OVERFLOW)).any():
            raise AssertionError("badugi: a valid hand's key overflows its rank masks")
        suit_keys = tables[layout.SUIT_KEYS_TABLE].astype(np.int64)
        rank = sum(suit_keys[((key >> np.uint64(layout.SUIT_SET_BITS * s)) & np.uint64(layout.SUIT_SET_MASK))
                             .astype(np.int64)] for s in range(N_SUITS))
        bases = tables[layout.bases_name(BADUGI_CARDS)].astype(np.int64)
        index = (rank & layout.COLUMN_MASK) + bases[(rank >> layout.ROW_SHIFT) & layout.ROW_MASK]
        if not np.array_equal(tables[layout.values_name(BADUGI_CARDS)][index], self.hand_strengths):
            raise AssertionError("badugi: a hand does not find its strength through the tables")


BADUGI = BadugiLadder()
