"""What a range makes on a board: the strength and made-hand category of each of its combos.

The numbers behind :func:`pokerlut.plot.strength_distribution`; pure numpy (draws nothing).

>>> d = range_strengths("TT+, AKs", "Qs 7h 2c")
>>> d.total, [CATEGORY_NAMES[c] for c in np.nonzero(d.counts)[0]], d.counts[1:4].tolist()
(31.0, ['High card', 'One pair', 'Three of a kind'], [24.0, 0.0, 3.0])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._input import check_deal, deal_cards, hand_rows, natural_card_table, raise_for_deals
from .._messages import sizes_text
from .._records import same_fields
from ..cards import format_cards, shown
from ..evaluate import evaluate
from ..constants import CLASS_BOARD_SIZES, HOLDEM_HOLE
from ..strength import CATEGORY_NAMES, category, category_names
from ..typing import CardsLike, HandsLike
from ..variants import BEST_FIVE_VARIANTS, Variant, get_variant
from .grid import RangeLike, as_range
from .parse import Range

#: Hands a label names before it ends with "...".
_LABEL_HANDS = 4

__all__ = ["RangeStrengths", "range_strengths", "VARIANTS", "CATEGORY_NAMES"]

#: The games a range of two hole cards plays on a board: every best-five-of-k game (not Omaha).
VARIANTS: tuple[str, ...] = BEST_FIVE_VARIANTS


@dataclass(eq=False)
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
    __eq__ = same_fields


def _board(board, variant: str) -> np.ndarray:
    v = get_variant(variant)
    cards = deal_cards(board, "the board")
    check_deal([("board card", cards)], natural_card_table(v.tables.cards), "a board", v.describe_deck())
    if len(cards) not in CLASS_BOARD_SIZES:
        raise ValueError(f"a board to make hands on has {sizes_text(CLASS_BOARD_SIZES)} cards, got {len(cards)}")
    return cards


def _hands(value, board: np.ndarray, v: Variant) -> tuple[Range, str]:
    """A range (card removal by the board) or explicit hands (a clash with the board is an error)."""
    if isinstance(value, (str, Range)):
        rng = as_range(value, "hands_or_range")
        label = value.strip() if isinstance(value, str) else f"range ({len(rng)} combos)"
        left = rng.blocked(board)
        if not (left.weights > 0).any():
            raise ValueError(f"every combo of {shown(label)} of weight > 0 holds a card of the board {format_cards(board)}")
        return left, label
    if not isinstance(value, (list, tuple, np.ndarray)):
        raise TypeError("hands_or_range is range text, a pokerlut.Range, a list of hands like 'AhKh', "
                        f"or integer card ids (n, 2), not {type(value).__name__}")
    holes, _ = hand_rows(value, (HOLDEM_HOLE,), "hands")
    raise_for_deals(np.concatenate([holes, np.broadcast_to(board, (len(holes), len(board)))], axis=1),
                    [("hole card", HOLDEM_HOLE), ("board card", len(board))], natural_card_table(v.tables.cards),
                    "a board", v.describe_deck(), (len(holes),), "hand")
    label = (", ".join(format_cards(h).replace(" ", "") for h in holes[:_LABEL_HANDS])
             + (", ..." if len(holes) > _LABEL_HANDS else ""))
    return Range(holes, np.ones(len(holes))), label


def range_strengths(hands_or_range: RangeLike | HandsLike, board: CardsLike, *,
                    variant: str = "high") -> RangeStrengths:
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
    ValueError: unknown variant 'lowball': a range on a board is ranked as one of 'high', 'short-deck', 'short-deck-straight-over-trips', 'ace-five-low', 'eight-or-better', 'deuce-seven-low'
    >>> category_names("deuce-seven-low")[range_strengths(["7c5d"], "4h 3s 2c", variant="deuce-seven-low").categories[0]]
    'High card'
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {shown(variant)}: a range on a board is ranked as one of "
                         f"{', '.join(map(repr, VARIANTS))}")
    cards = _board(board, variant)
    rng, label = _hands(hands_or_range, cards, get_variant(variant))
    hands = np.empty((len(rng), 2 + len(cards)), dtype=np.uint8)
    hands[:, :2] = rng.combos
    hands[:, 2:] = cards
    strengths = evaluate(hands, variant=variant)
    cats = category(strengths, variant).astype(np.int64)
    n_categories = len(category_names(variant))
    counts = np.bincount(cats, weights=rng.weights, minlength=n_categories)
    total = float(rng.weights.sum())
    with np.errstate(under="ignore"):  # shares from weights relative to the largest: any scale gives the same
        relative = rng.weights / rng.weights.max()
    shares = np.bincount(cats, weights=relative, minlength=n_categories) / relative.sum()
    return RangeStrengths(rng.combos, rng.weights, strengths, cats, counts, shares, total, label,
                          format_cards(cards), variant)
