"""What a hand draws to on the flop or turn: flush and straight draws, backdoor draws, combo draws
and overcards, each with its outs (``docs/rules.md``, "Draws").

>>> d = draws(["Ah 5h", "Jc Tc", "Ad Kc"], "Kh 9h 2c")
>>> d.describe().tolist()
['nut flush draw, backdoor straight draw, one overcard', 'gutshot, backdoor flush draw', 'no draw']
>>> d.n_outs.tolist(), format_cards(cards_of(d.straight_outs[1]))
([12, 4, 0], 'Qc Qd Qh Qs')
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._records import same_fields
from ..cards import format_cards, integer_text, shown  # noqa: F401 (format_cards: the examples use it)
from ..constants import DRAW_BOARD_SIZES, DRAW_COMBO, DRAW_FLUSH, DRAW_NUT_FLUSH, DRAWS
from ..typing import HandsLike
from ._rows import cards_of, mask_counts
from .made import MadeHands, classify_rows

__all__ = ["Draws", "draws", "draw_bit", "DRAWS"]

#: The order in which :meth:`Draws.describe` names a hand's draws.
_ORDER = (8, 1, 0, 6, 3, 4, 5, 2, 7, 9, 10)


def draw_bit(kind: str | int) -> int:
    """The bit of a draw named ``kind`` (``"gutshot"``), or of its index in :data:`DRAWS`.

    >>> draw_bit("gutshot"), draw_bit(0)
    (32, 1)
    """
    if isinstance(kind, (bool, np.bool_)):
        raise TypeError(f"a draw is a name like 'gutshot' or an index, not {shown(kind)}")
    if isinstance(kind, (int, np.integer)):
        if not 0 <= int(kind) < len(DRAWS):
            raise ValueError(f"draw index {integer_text(kind)} is not one of 0..{len(DRAWS) - 1}")
        return 1 << int(kind)
    if not isinstance(kind, str):
        raise TypeError(f"a draw is a name like 'gutshot' or an index, not {type(kind).__name__}")
    key = " ".join(kind.lower().replace("-", " ").split())
    names = [d.replace("-", " ") for d in DRAWS]
    if key not in names:
        raise ValueError(f"unknown draw {shown(kind)}; choose from: {', '.join(DRAWS)}")
    return 1 << names.index(key)


@dataclass(frozen=True, eq=False)
class Draws:
    """The draws of every hand of a batch (arrays of the batch's leading shape).

    ``kinds``: uint16 bit flags, bit ``i`` for ``DRAWS[i]`` (:meth:`has` reads one); ``flush_outs``,
    ``straight_outs``, ``overcard_outs``: uint64 card masks (bit ``c`` for card ``c``) of the cards
    left in the deck that complete the flush draw, the straight draw, pair an overcard;
    ``backdoor_outs``: the turn cards that turn a backdoor draw into a one-card draw; ``made``: the
    :class:`~pokerlut.boards.MadeHands` of the same hands (they come from the same pass)."""

    kinds: np.ndarray
    flush_outs: np.ndarray
    straight_outs: np.ndarray
    overcard_outs: np.ndarray
    backdoor_outs: np.ndarray
    made: MadeHands

    __eq__ = same_fields

    def has(self, kind: str | int) -> NDArray[np.bool_]:
        """Whether each hand has the draw ``kind`` (a name from :data:`DRAWS` or its index).

        >>> draws(["Ah 5h", "Ad Kc"], "Kh 9h 2c").has("flush draw").tolist()
        [True, False]
        """
        return (self.kinds & np.uint16(draw_bit(kind))) != 0

    @property
    def outs(self) -> np.ndarray:
        """The card mask of every one-card out: flush, straight and overcard outs together."""
        return self.flush_outs | self.straight_outs | self.overcard_outs

    @property
    def n_outs(self) -> np.ndarray:
        """How many cards :attr:`outs` holds (uint8)."""
        return mask_counts(self.outs)

    def cards(self, index: int | tuple[int, ...] = ()) -> NDArray[np.uint8]:
        """The out cards (ids, ascending) of one hand, by its index in the batch (none for one hand).

        >>> format_cards(draws("Jc Tc", "Kh 9h 2c").cards())
        'Qc Qd Qh Qs'
        """
        return cards_of(self.outs[index])

    def describe(self) -> np.ndarray:
        """One phrase per hand naming its draws, strongest first (``"no draw"`` for none); a nut flush
        draw is not also called a flush draw, and a combo draw names its parts after it."""
        out = np.empty(self.kinds.shape, dtype=object)
        for index in np.ndindex(self.kinds.shape):
            k = int(self.kinds[index])
            if k & DRAW_NUT_FLUSH:
                k &= ~DRAW_FLUSH
            words = [DRAWS[i] for i in _ORDER if k & (1 << i)]
            if k & DRAW_COMBO:
                words = [f"{words[0]} ({', '.join(words[1:3])})"] + words[3:]
            out[index] = ", ".join(words) or "no draw"
        return out.astype(str) if out.size else np.zeros(out.shape, dtype="<U1")


def draws(holes: HandsLike, boards: HandsLike, *, parallel: bool | None = None) -> Draws:
    """The draws of every hand on a flop or turn (``docs/rules.md``, "Draws").

    Parameters
    ----------
    holes
        ``(..., h)`` hole cards: ``h = 2`` for Hold'em, 4, 5 or 6 for Omaha.
    boards
        ``(..., b)`` boards of 3 (flop) or 4 (turn) cards; leading shapes broadcast as in
        :func:`~pokerlut.boards.made_hand`.
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    Draws
        ``kinds`` (bit flags, see :data:`DRAWS`), the outs of each kind as card masks, and ``made``,
        the made-hand classes of the same hands.

    Raises
    ------
    ValueError
        A river board (no card is to come), a card outside the deck, a card dealt twice, shapes that
        do not fit; ``TypeError`` for anything that is not cards.

    Examples
    --------
    >>> d = draws(["8h 7h", "Qc Jd", "6s 5s"], "9h 6h 2c")
    >>> d.describe().tolist()
    ['combo draw (flush draw, open-ended straight draw)', 'backdoor straight draw, overcards', 'backdoor straight draw']
    >>> d.n_outs.tolist(), d.made.names.tolist()
    ([15, 6, 0], ['high card', 'high card', 'middle pair'])
    >>> str(draws("Kh Qh Jc Tc", "Ah 9h 2s").describe())      # Omaha: two hole hearts, two on the board
    'nut flush draw, backdoor straight draw'
    >>> str(draws("Kh Qh Jc Tc", "Ah 9h 8s").describe())      # a seven, ten, jack or queen makes a straight
    'combo draw (nut flush draw, wrap)'
    """
    rows, out = classify_rows(holes, boards, DRAW_BOARD_SIZES, with_draws=True, parallel=parallel)
    shape = rows.lead_shape
    made = MadeHands(*(out[k].reshape(shape) for k in ("classes", "kickers", "nut_ranks", "overcards", "strengths")))
    return Draws(*(out[k].reshape(shape) for k in ("kinds", "flush", "straight", "overcard", "backdoor")), made)

