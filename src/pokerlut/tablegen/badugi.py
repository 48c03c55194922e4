"""Badugi from first principles (``docs/rules.md``, "Badugi"), and the numbers its tables are keyed by.

A badugi hand is four cards.  It counts only a set of its cards with distinct ranks and distinct
suits, the largest such set (a four-card badugi beats every three-card hand, and so on), and
among sets of that size the lowest: ranks compared from the highest down, the ace the lowest
card.  The hand's value therefore depends on which ranks each suit holds, and not on the suits'
names: every relabelling of the suits keeps it.

The tables use that.  The key of a hand is its four suits' 13-bit rank masks side by side
(:func:`pokerlut.layout.suit_set_constant`); ``suit_keys[mask]`` gives every mask a number, and the
sum over the four suits, the same for every relabelling of the suits, indexes ``values4`` directly.
The numbers are chosen first fit: the masks one rank at a time, then two, three and four ranks
(by mask value within a count), each taking the smallest number under which no two *shapes* (a
hand's four masks as a multiset) already complete have different strengths and the same sum.
Shapes of equal strength may share a sum.  Every one of the 270,725 hands is then checked through
the tables before they are written.

>>> BADUGI.n_strengths, BADUGI.hand_class(BADUGI.n_strengths).ranks   # 4-3-2-A, the best hand
(1092, (2, 1, 0, 12))
"""

from __future__ import annotations

from functools import cached_property
from itertools import combinations
from typing import NamedTuple

import numba as nb
import numpy as np

from .. import layout
from ..constants import ACE, BADUGI_CARDS, CATEGORIES, N_RANKS, N_SUITS

#: A bound on the sums of four suit keys while they are chosen (first fit stays far below it).
_SUM_LIMIT = 1 << 22


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


@nb.njit(cache=True)
def _first_fit(shapes, strengths, masks, starts, members, limit):  # pragma: no cover - compiled
    """``suit_keys`` by first fit (see the module doc): ``masks`` in the order they are numbered,
    ``members[starts[k]:starts[k + 1]]`` the shapes holding ``masks[k]``; every sum below ``limit``."""
    numbers = np.full(1 << 13, -1, np.int64)
    numbers[0] = 0
    owner = np.zeros(limit, np.int64)  # the strength of the shapes at each sum, 0 where there are none
    placed = np.zeros(shapes.shape[0], np.int64)
    for k in range(masks.shape[0]):
        m = masks[k]
        number = 0
        while True:
            fits = True
            n_placed = 0
            for q in range(starts[k], starts[k + 1]):
                s = members[q]
                total = 0
                complete = True
                for j in range(shapes.shape[1]):
                    other = shapes[s, j]
                    if other == m:
                        total += number
                    elif numbers[other] < 0:
                        complete = False
                        break
                    else:
                        total += numbers[other]
                if not complete:
                    continue
                if total >= limit:
                    raise ValueError("badugi suit keys: the sums outgrow the limit")
                if owner[total] == 0:
                    owner[total] = strengths[s]
                    placed[n_placed] = total
                    n_placed += 1
                elif owner[total] != strengths[s]:
                    fits = False
                    break
            if fits:
                numbers[m] = number
                break
            for j in range(n_placed):
                owner[placed[j]] = 0
            number += 1
    return numbers


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
        """``suit_keys`` by first fit (see the module doc); 0 for the empty mask and for masks of more
        than four ranks (no hand holds one)."""
        shapes, _ = self._shapes
        masks = np.unique(shapes[shapes > 0])
        counts = np.array([bin(int(m)).count("1") for m in masks])
        masks = masks[np.lexsort((masks, counts))]
        rank_of = np.full(1 << layout.SUIT_SET_BITS, -1, np.int64)
        rank_of[masks] = np.arange(len(masks))
        holder = [(int(rank_of[m]), s) for s, row in enumerate(shapes.tolist()) for m in set(row) if m]
        holder.sort()
        starts = np.searchsorted([k for k, _ in holder], np.arange(len(masks) + 1))
        members = np.array([s for _, s in holder], np.int64)
        numbers = _first_fit(shapes, self.shape_strengths, masks, starts.astype(np.int64), members, _SUM_LIMIT)
        return np.maximum(numbers, 0).astype(layout.SUIT_KEYS_DTYPE)

    def value_table(self) -> np.ndarray:
        """``values4``: the strength at every sum of four suit keys a hand makes, 0 elsewhere, one
        entry past the largest sum (where the kernel clamps the sum of any four masks whatever)."""
        shapes, _ = self._shapes
        sums = self.suit_keys.astype(np.int64)[shapes].sum(axis=1)
        table = np.zeros(int(sums.max()) + 2, dtype=layout.VALUE_DTYPE)
        table[sums] = self.shape_strengths
        return table

    def card_table(self) -> np.ndarray:
        """Every uint8 id's suit-set constant (ids 52..255 poisoned), twice (no first-card start)."""
        deck = len(self.ranks) * N_SUITS
        half = np.array([layout.suit_set_constant(c, poison=c >= deck) for c in range(layout.CARD_IDS)],
                        dtype=layout.CARD_DTYPE)
        return np.concatenate([half, half])

    def verify(self, tables: dict[str, np.ndarray]) -> None:
        """Every hand's strength through the tables as the kernel computes it (key, masks, sum of
        ``suit_keys``, clamped, ``values4``) equals its class's strength."""
        cards = tables[layout.CARD_TABLE][:layout.CARD_IDS].astype(np.uint64)
        key = cards[self.hands].sum(axis=1, dtype=np.uint64)
        if (key & np.uint64(layout.SUIT_SET_OVERFLOW)).any():
            raise AssertionError("badugi: a valid hand's key overflows its rank masks")
        suit_keys = tables[layout.SUIT_KEYS_TABLE].astype(np.int64)
        values = tables[layout.values_name(BADUGI_CARDS)]
        total = sum(suit_keys[((key >> np.uint64(layout.SUIT_SET_BITS * s)) & np.uint64(layout.SUIT_SET_MASK))
                              .astype(np.int64)] for s in range(N_SUITS))
        if not np.array_equal(values[np.minimum(total, len(values) - 1)], self.hand_strengths):
            raise AssertionError("badugi: a hand does not find its strength through the tables")
        if values[-1] != 0:
            raise AssertionError("badugi: the clamped entry holds a strength")


BADUGI = BadugiLadder()
