"""Card removal by folded ranges ("bunching"): how often a player holds each combo of its range
when one or two earlier players folded hands drawn from their fold ranges.

The folders' cards are not known, but not dealt to anyone else either: a deal of the folders' hands
and the player's combo counts with the product of their weights when no two of them share a card
(nor a board or dead card).  A combo's bunched weight is its weight times the folders' weight that
fits beside it, summed over every conflict-free deal of the folders' hands: exact, by matrices of
which combos fit together (one or two folders).  The plain answer (card removal by the board and
dead cards alone) is the combo's weight.

>>> b = bunched_frequencies("AA, 76s", ["A2s+, K9s+, ATo+, KJo+, 22+"])
>>> s = b.shares()
>>> round(s["AA"][0], 4), round(s["AA"][1], 4)      # plain, bunched: the folder's aces remove AA
(0.6, 0.5397)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..equities.deal import card_mask, combo_masks
from ..ranges import Range, as_range, combo_cells
from ..ranges.cells import class_labels
from ..ranges.grid import RangeLike
from ..ranges.tokens import card_set
from ..typing import CardsLike

__all__ = ["BunchedRange", "bunched_frequencies", "MAX_FOLDERS"]

#: Folders counted exactly (a matrix product per folder beyond the first).
MAX_FOLDERS = 2


@dataclass(frozen=True)
class BunchedRange:
    """The player's ``combos`` (n, 2) after card removal by the board and dead cards, their plain
    ``weights`` and their ``bunched`` weights (relative: each sums as it likes; :meth:`shares`
    normalises)."""

    combos: np.ndarray
    weights: np.ndarray
    bunched: np.ndarray

    def shares(self) -> dict[str, tuple[float, float]]:
        """Per starting-hand class the range holds: its share of the range, plain and bunched.

        >>> b = bunched_frequencies("AA, KK", ["AK"])
        >>> {k: tuple(round(x, 3) for x in v) for k, v in sorted(b.shares().items())}
        {'AA': (0.5, 0.5), 'KK': (0.5, 0.5)}
        """
        rows, cols = combo_cells(self.combos)
        labels = class_labels()[rows, cols]
        plain = self.weights / self.weights.sum()
        bunched = self.bunched / self.bunched.sum()
        out: dict[str, tuple[float, float]] = {}
        for label in dict.fromkeys(labels.tolist()):
            sel = labels == label
            out[str(label)] = (float(plain[sel].sum()), float(bunched[sel].sum()))
        return out


def _live(rng: Range, blocked: np.uint64) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    masks = combo_masks(np.ascontiguousarray(rng.combos))
    keep = (masks & blocked) == 0
    return rng.combos[keep], rng.weights[keep], masks[keep]


def bunched_frequencies(range_: RangeLike, folders: Sequence[RangeLike], board: CardsLike = "",
                        dead: CardsLike = "") -> BunchedRange:
    """The player's combo weights given that the ``folders`` folded hands of their ranges.

    Parameters
    ----------
    range_
        The player's range (text or :class:`~pokerlut.Range`).
    folders
        One or two fold ranges.
    board, dead
        Known cards no hand holds.

    Returns
    -------
    BunchedRange

    Raises
    ------
    ValueError
        More than :data:`MAX_FOLDERS` folders, none, or no deal in which everyone's hand fits.

    Examples
    --------
    >>> b = bunched_frequencies("AKo", ["AA"])
    >>> float(b.bunched.sum() / b.weights.sum())   # each AK blocks 3 of the 6 AA combos
    3.0
    """
    if isinstance(folders, (str, Range)) or not 1 <= len(folders) <= MAX_FOLDERS:
        raise ValueError(f"folders is a list of 1 to {MAX_FOLDERS} fold ranges")
    blocked = card_mask(np.array(sorted(card_set(board, "board") | card_set(dead, "dead cards")), dtype=np.int64))
    combos, weights, masks = _live(as_range(range_), blocked)
    sides = [_live(as_range(f), blocked) for f in folders]
    if len(combos) == 0 or any(len(s[0]) == 0 for s in sides):
        raise ValueError("a range has no combo left beside the board and dead cards")
    fits0 = ((masks[:, None] & sides[0][2][None, :]) == 0).astype(np.float64)  # player x folder 0
    if len(sides) == 1:
        bunched = weights * (fits0 @ sides[0][1])
    else:
        fits1 = ((masks[:, None] & sides[1][2][None, :]) == 0).astype(np.float64)  # player x folder 1
        between = ((sides[0][2][:, None] & sides[1][2][None, :]) == 0).astype(np.float64)  # folder 0 x 1
        bunched = weights * np.einsum("if,fg,ig->i", fits0 * sides[0][1], between, fits1 * sides[1][1])
    if not (bunched > 0).any():
        raise ValueError("no deal fits: every combo of the range shares a card with every deal of the folders")
    return BunchedRange(combos.copy(), weights.copy(), bunched)
