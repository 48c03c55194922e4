"""pokerlut strengths and the Cactus Kev rank of treys, deuces and phevaluator: ``7463 - strength``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..constants import FIVE_OF_A_KIND_BASE, MAX_STRENGTH, NATURAL_STRENGTHS
from .read import at_position, check_range, integer_array

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = ["N_RANKS", "to_cactus_kev", "from_cactus_kev"]

#: Number of distinct natural 5-card hand values; the Cactus Kev rank runs 1..N_RANKS.
N_RANKS = NATURAL_STRENGTHS


def to_cactus_kev(strength: ArrayLike) -> NDArray[np.uint16]:
    """The Cactus Kev / treys / deuces / phevaluator rank of pokerlut strengths: ``7463 - strength``.

    Rank 1 is the royal flush, 7462 the worst high card (7-5-4-3-2); the shape is kept (a scalar
    gives a 0-d array).  Only natural strengths ``1..7462`` have a rank: five of a kind (strengths
    7463..7475, made with wild cards) and 0 are a ``ValueError``; a non-integer a ``TypeError``.

    >>> import pokerlut
    >>> to_cactus_kev(pokerlut.evaluate(["As Ks Qs Js Ts", "Ac Ad Ah As Kc", "7c 5d 4h 3s 2c"])).tolist()
    [1, 11, 7462]
    >>> int(to_cactus_kev(7462))
    1
    """
    arr = integer_array(strength, "strength")
    bad = (arr < 1) | (arr > N_RANKS)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        value = int(arr[index])
        if FIVE_OF_A_KIND_BASE <= value <= MAX_STRENGTH:
            raise ValueError(
                f"strength{at_position(index)} is {value}, five of a kind (made with wild cards), which has no "
                f"Cactus Kev rank; natural strengths are 1..{N_RANKS}"
            )
        raise ValueError(f"strength{at_position(index)} is {value}; expected a natural pokerlut strength 1..{N_RANKS}")
    return np.asarray((N_RANKS + 1) - arr, dtype=np.uint16)


def from_cactus_kev(rank: ArrayLike) -> NDArray[np.uint16]:
    """pokerlut strengths of Cactus Kev / treys / deuces / phevaluator ranks: ``7463 - rank``.

    Ranks run 1 (royal flush) .. 7462 (7-5-4-3-2); the shape is kept.  A rank outside that range
    is a ``ValueError``, a non-integer a ``TypeError``.

    >>> import pokerlut
    >>> s = from_cactus_kev([1, 7462])
    >>> s.tolist(), pokerlut.describe(s[1])
    ([7462, 1], 'High card, seven-high (7-5-4-3-2)')
    """
    arr = integer_array(rank, "Cactus Kev rank")
    check_range(arr, "Cactus Kev rank", 1, N_RANKS, f"1..{N_RANKS} (1 = royal flush)")
    return np.asarray((N_RANKS + 1) - arr, dtype=np.uint16)
