"""Seeded random hands, for demos, benchmarks, tests and simulations."""

from __future__ import annotations

import numpy as np

from .cards import WILD


def random_hands(
    n: int,
    cards: int = 5,
    *,
    wild_fraction: float = 0.0,
    max_wilds: int = 1,
    seed: int | np.random.Generator | None = None,
) -> np.ndarray:
    """``n`` random hands of ``cards`` distinct natural cards each, as a uint8 ``(n, cards)`` array.

    A ``wild_fraction`` of the hands (chosen at random) get between 1 and ``max_wilds`` of their
    cards replaced by the wild card (52).  The same ``seed`` gives the same hands.

    >>> h = random_hands(3, 7, seed=1)
    >>> h.shape, h.dtype.name, bool((h < 52).all())
    ((3, 7), 'uint8', True)
    """
    if not 1 <= cards <= 52:
        raise ValueError(f"cards must be between 1 and 52, got {cards}")
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if not 0.0 <= wild_fraction <= 1.0:
        raise ValueError(f"wild_fraction must be in [0, 1], got {wild_fraction}")
    if not 1 <= max_wilds <= cards:
        raise ValueError(f"max_wilds must be between 1 and {cards}, got {max_wilds}")
    rng = np.random.default_rng(seed)
    hands = np.empty((n, cards), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:  # draw, then redraw the rows that repeat a card
        draw = rng.integers(0, 52, size=(todo.size, cards), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        repeats = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        hands[todo[~repeats]] = draw[~repeats]
        todo = todo[repeats]
    if wild_fraction > 0:
        wild_rows = np.flatnonzero(rng.random(n) < wild_fraction)
        counts = rng.integers(1, max_wilds + 1, size=wild_rows.size)
        positions = np.argsort(rng.random((wild_rows.size, cards)), axis=1)
        for w in range(1, max_wilds + 1):
            rows = counts >= w
            hands[wild_rows[rows], positions[rows, w - 1]] = WILD
    return hands
