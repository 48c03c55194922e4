"""What a range makes on a board: the strength and made-hand category of each of its combos.

The numbers behind :func:`pokerlut.plot.strength_distribution`; pure numpy (draws nothing).

>>> d = range_strengths("TT+, AKs", "Qs 7h 2c")
>>> d.total, [CATEGORY_NAMES[c] for c in np.nonzero(d.counts)[0]], d.counts[1:4].tolist()
(31.0, ['High card', 'One pair', 'Three of a kind'], [24.0, 0.0, 3.0])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cards import format_cards, parse_cards
from .evaluate import evaluate
from .grid import as_range
from .holdem_equity import _cards
from .ranges import Range
from .strength import CATEGORY_NAMES, category, category_names
from .variants import get_variant

__all__ = ["RangeStrengths", "range_strengths", "VARIANTS", "CATEGORY_NAMES"]

#: The games a range of two hole cards plays on a board: every best-five-of-k game (not Omaha).
VARIANTS: tuple[str, ...] = ("high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low")
"""Games whose hands :func:`range_strengths` ranks: Hold'em high hands."""


@dataclass
class RangeStrengths:
    """Per combo (n,): ``combos`` (n, 2) uint8, ``weights``, ``strengths`` (uint16, higher is stronger)
    and ``categories`` (0 high card .. 8 straight flush); per category (10,): ``counts`` (weighted
    combos) and ``shares`` (of the total weight).  ``label``, ``board`` and ``variant`` name the inputs."""

    combos: np.ndarray
    weights: np.ndarray
    strengths: np.ndarray
    categories: np.ndarray
    counts: np.ndarray
    shares: np.ndarray
    total: float
    label: str
    board: str
    variant: str


def _board(board, variant: str) -> np.ndarray:
    cards = _cards(board, "the board", get_variant(variant))
    if len(cards) not in (3, 4, 5):
        raise ValueError(f"a board to make hands on has 3, 4 or 5 cards, got {len(cards)}")
    if len(set(cards.tolist())) != len(cards):
        raise ValueError(f"the board {format_cards(cards)} holds a card twice")
    return cards


def _hands(value, board: np.ndarray) -> tuple[Range, str]:
    """A range (card removal by the board) or explicit hands (a clash with the board is an error)."""
    if isinstance(value, (str, Range)):
        rng = as_range(value, "hands_or_range")
        label = value.strip() if isinstance(value, str) else f"range ({len(rng)} combos)"
        left = rng.blocked(board)
        if len(left) == 0:
            raise ValueError(f"every combo of {label!r} holds a card of the board {format_cards(board)}")
        return left, label
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        holes = np.stack([parse_cards(v) for v in value]) if all(len(parse_cards(v)) == 2 for v in value) else None
        if holes is None:
            raise ValueError("each hand is two hole cards, like 'AhKh'")
    else:
        holes = np.asarray(value)
        if holes.dtype.kind not in "iu":
            raise TypeError("hands_or_range is range text, a pokerlut.Range, a list of hands like 'AhKh', "
                            f"or integer card ids (n, 2), not {type(value).__name__}")
        if holes.ndim == 1:
            holes = holes.reshape(1, -1)
        if holes.ndim != 2 or holes.shape[1] != 2:
            raise ValueError(f"hands are (n, 2) hole cards, got shape {holes.shape}")
        if holes.size and (holes.min() < 0 or holes.max() > 51):
            raise ValueError("hole cards are natural card ids 0..51")
    holes = holes.astype(np.uint8)
    for i, h in enumerate(holes):
        clash = set(h.tolist()) & set(board.tolist())
        if h[0] == h[1] or clash:
            card = h[0] if h[0] == h[1] else next(iter(clash))
            raise ValueError(f"hand {i + 1} ({format_cards(h)}): card {format_cards([card])} is dealt twice")
    label = ", ".join(format_cards(h).replace(" ", "") for h in holes[:4]) + (", ..." if len(holes) > 4 else "")
    return Range(holes, np.ones(len(holes))), label


def range_strengths(hands_or_range, board, *, variant: str = "high") -> RangeStrengths:
    """Strength and category of each combo of a range (or of given hands) on a board.

    Parameters
    ----------
    hands_or_range : str, Range, list of str or (n, 2) int array
        Range text (``"TT+, AKs"``; combos holding a board card are dropped) or hole cards
        (``["AhKh", "QdQc"]``, or card ids; a hand holding a board card is an error).
    board : str or card ids
        3, 4 or 5 natural board cards.
    variant : str
        The game (:data:`VARIANTS`): ``"high"`` (Hold'em high hands) by default; the categories are
        then the game's (:func:`pokerlut.category_names`).

    Returns
    -------
    RangeStrengths

    Raises
    ------
    ValueError
        A malformed range (the :func:`~pokerlut.parse_range` message), a board with a wild card or of
        the wrong size, a hand sharing a card with the board, an unknown ``variant``.

    Examples
    --------
    >>> d = range_strengths(["AhKh", "7c7d"], "Qh 7h 2c Jh")
    >>> [CATEGORY_NAMES[c] for c in d.categories], d.shares[[3, 5]].tolist()
    (['Flush', 'Three of a kind'], [0.5, 0.5])
    >>> range_strengths("AA", "Qh 7h 2c", variant="lowball")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'lowball': a range on a board is ranked as one of 'high', 'short-deck', 'ace-five-low', 'eight-or-better', 'deuce-seven-low'
    >>> category_names("deuce-seven-low")[range_strengths(["7c5d"], "4h 3s 2c", variant="deuce-seven-low").categories[0]]
    'High card'
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: a range on a board is ranked as one of "
                         f"{', '.join(map(repr, VARIANTS))}")
    cards = _board(board, variant)
    rng, label = _hands(hands_or_range, cards)
    hands = np.empty((len(rng), 2 + len(cards)), dtype=np.uint8)
    hands[:, :2] = rng.combos
    hands[:, 2:] = cards
    strengths = evaluate(hands, variant=variant)
    cats = category(strengths, variant).astype(np.int64)
    counts = np.bincount(cats, weights=rng.weights, minlength=len(category_names(variant)))
    total = float(rng.weights.sum())
    return RangeStrengths(rng.combos, rng.weights, strengths, cats, counts, counts / total, total, label,
                          format_cards(cards), variant)
