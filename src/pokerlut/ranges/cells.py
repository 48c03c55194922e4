"""The names of the 169 starting-hand classes on the 13x13 grid (the layout :mod:`.grid` documents:
pairs on the diagonal, suited above, offsuit below; rows and columns from ace down to deuce).

>>> class_labels()[:2, :3].tolist()
[['AA', 'AKs', 'AQs'], ['AKo', 'KK', 'KQs']]
"""

from __future__ import annotations

import numpy as np

from ..constants import RANK_CHARS

__all__ = ["RANKS", "class_labels"]

RANKS: str = RANK_CHARS[::-1]
"""Row and column order of the grid: ``"AKQJT98765432"``."""


def class_labels() -> np.ndarray:
    """The class names of the grid.

    Returns
    -------
    numpy.ndarray
        (13, 13) str: ``"AA"``, ``"AKs"``, ``"AKo"``, ... in the grid's layout.

    Examples
    --------
    >>> labels = class_labels()
    >>> labels.shape, [str(labels[cell]) for cell in [(0, 1), (1, 0), (4, 4), (4, 5), (5, 4)]]
    ((13, 13), ['AKs', 'AKo', 'TT', 'T9s', 'T9o'])
    """
    out = np.empty((13, 13), dtype="<U3")
    for i in range(13):
        for j in range(13):
            hi, lo = RANKS[min(i, j)], RANKS[max(i, j)]
            out[i, j] = hi + lo + ("" if i == j else "s" if i < j else "o")
    return out
