"""Seeded random hands, for demos, benchmarks, tests and simulations."""

from __future__ import annotations

import numbers

import numpy as np
from numpy.typing import NDArray

from . import _seeds
from .cards import integer_text, shown
from .constants import N_NATURAL, WILD

#: Rows drawn per round (the deck scratch is ``BLOCK_ROWS x N_NATURAL`` bytes, whatever ``n`` is).
BLOCK_ROWS = 1 << 16


def _integer(value, what: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be an integer, got {shown(value)} ({type(value).__name__})")
    return int(value)


def _draw_without_replacement(rng: np.random.Generator, n: int, cards: int) -> np.ndarray:
    """``n`` rows of ``cards`` distinct ids 0..51, each row a uniformly random ordered sample: a
    partial Fisher-Yates shuffle of a fresh deck per row, ``BLOCK_ROWS`` rows at a time."""
    try:
        hands = np.empty((n, cards), dtype=np.uint8)
    except (MemoryError, ValueError):
        raise ValueError(f"n = {integer_text(n, grouped=True)} hands of {cards} cards "
                         f"({integer_text(n * cards, grouped=True)} bytes) do not fit in memory") from None
    fresh = np.arange(N_NATURAL, dtype=np.uint8)
    for lo in range(0, n, BLOCK_ROWS):
        hi = min(n, lo + BLOCK_ROWS)
        m = hi - lo
        deck = np.tile(fresh, m)  # m fresh decks, flat
        base = np.arange(0, N_NATURAL * m, N_NATURAL, dtype=np.intp)
        for j in range(cards):  # swap position j with a uniform position in j..51
            pick = base + rng.integers(j, N_NATURAL, size=m, dtype=np.intp)
            chosen = deck[pick]
            deck[pick] = deck[base + j]
            deck[base + j] = chosen
        hands[lo:hi] = deck.reshape(m, N_NATURAL)[:, :cards]
    return hands


def random_hands(
    n: int,
    cards: int = 5,
    *,
    wild_fraction: float = 0.0,
    max_wilds: int = 1,
    seed: int | np.random.SeedSequence | np.random.Generator | None = None,
) -> NDArray[np.uint8]:
    """``n`` random hands of ``cards`` distinct natural cards each, as a uint8 ``(n, cards)`` array.

    Each hand is a uniformly random sample without replacement of the 52 natural cards (a partial
    Fisher-Yates shuffle per hand: the time is proportional to ``n * cards`` for every hand size,
    up to ``cards = 52``).  A ``wild_fraction`` of the hands (chosen at random) get between 1 and
    ``max_wilds`` of their cards replaced by the wild card (52).  ``seed`` is ``None``, an integer
    >= 0, a ``numpy.random.SeedSequence`` or a ``numpy.random.Generator`` (used as it is, and
    advanced); the same seed gives the same hands.

    >>> h = random_hands(3, 7, seed=1)
    >>> h.shape, h.dtype.name, bool((h < 52).all())
    ((3, 7), 'uint8', True)
    >>> bool((np.sort(random_hands(1000, 52, seed=2), axis=1) == np.arange(52)).all())
    True
    """
    n = _integer(n, "n")
    cards = _integer(cards, "cards")
    max_wilds = _integer(max_wilds, "max_wilds")
    if isinstance(wild_fraction, (bool, np.bool_)) or not isinstance(wild_fraction, numbers.Real):
        raise TypeError(f"wild_fraction must be a number in [0, 1], got {shown(wild_fraction)}")
    if not 1 <= cards <= N_NATURAL:
        raise ValueError(f"cards must be between 1 and {N_NATURAL}, got {integer_text(cards)}")
    if n < 0:
        raise ValueError(f"n must be >= 0, got {integer_text(n)}")
    if not 0.0 <= wild_fraction <= 1.0:
        raise ValueError(f"wild_fraction must be in [0, 1], got {shown(wild_fraction)}")
    if not 1 <= max_wilds <= cards:
        raise ValueError(f"max_wilds must be between 1 and {cards}, got {integer_text(max_wilds)}")
    rng = _seeds.generator(seed)
    hands = _draw_without_replacement(rng, n, cards)
    if wild_fraction > 0:
        wild_rows = np.flatnonzero(rng.random(n) < wild_fraction)
        counts = rng.integers(1, max_wilds + 1, size=wild_rows.size)
        positions = np.argsort(rng.random((wild_rows.size, cards)), axis=1)
        for w in range(1, max_wilds + 1):
            rows = counts >= w
            hands[wild_rows[rows], positions[rows, w - 1]] = WILD
    return hands
