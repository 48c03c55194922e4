"""How a range splits on a board: the share of its combos, by weight, in each made-hand class and
each draw (``docs/rules.md``, "What a hand is on a board").

>>> b = range_breakdown("TT+, AKs", "Qs 7h 2c")
>>> b.total, b.share("set"), b.share("overpair"), b.share("backdoor flush draw")
(31.0, 0.0967741935483871, 0.3870967741935484, 0.0967741935483871)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._records import same_fields
from ..cards import parse_cards
from ..constants import CLASS_BOARD_SIZES, DRAW_BOARD_SIZES, DRAWS, MADE_CLASSES
from ..ranges import range_strengths
from ..ranges.grid import RangeLike
from ..typing import CardsLike, HandsLike
from .draws import Draws, draw_bit, draws
from .made import MadeHands, made_hand
from .texture import BoardTexture, board_texture

__all__ = ["BoardBreakdown", "range_breakdown"]


@dataclass(frozen=True, eq=False)
class BoardBreakdown:
    """A range on a board: per combo (``combos`` (n, 2), ``weights``, ``made``, and on the flop or turn
    ``draws``); per made-hand class (:data:`~pokerlut.boards.MADE_CLASSES`) ``made_counts`` (weighted
    combos) and ``made_shares`` (of ``total``); per draw (:data:`~pokerlut.boards.DRAWS`)
    ``draw_counts`` and ``draw_shares`` (a combo may hold several draws), ``no_draw`` the share
    holding none (0 and ``draws`` None on the river); ``texture`` of the board; ``label`` and
    ``board`` name the inputs."""

    combos: np.ndarray
    weights: np.ndarray
    made: MadeHands
    draws: Draws | None
    made_counts: np.ndarray
    made_shares: np.ndarray
    draw_counts: np.ndarray
    draw_shares: np.ndarray
    no_draw: float
    total: float
    texture: BoardTexture
    label: str
    board: str

    __eq__ = same_fields

    def share(self, name: str) -> float:
        """The share of the range in the made-hand class or draw ``name`` (``"top pair"``, ``"gutshot"``).

        >>> range_breakdown("random", "Ah Kh 7c").share("nut flush draw") > 0
        True
        """
        if isinstance(name, str):
            key = " ".join(name.lower().replace("-", " ").split())
            classes = [c.replace("-", " ") for c in MADE_CLASSES]
            if key in classes:
                return float(self.made_shares[classes.index(key)])
            if key == "no draw":
                return self.no_draw
        bit = draw_bit(name)
        return float(self.draw_shares[bit.bit_length() - 1])

    def table(self) -> str:
        """The breakdown as text: each class and draw the range holds, its weighted combos and share."""
        lines = [f"made-hand classes of {self.label} on {self.board} ({self.texture.describe().item()}): "
                 f"{self.total:.4g} combos", f"  {'class':<24} {'combos':>8} {'share':>8}"]
        for c in range(len(MADE_CLASSES) - 1, -1, -1):
            if self.made_counts[c] > 0:
                lines.append(f"  {MADE_CLASSES[c]:<24} {self.made_counts[c]:>8.4g} {self.made_shares[c]:>8.2%}")
        if self.draws is not None:
            lines.append(f"  {'draw':<24} {'combos':>8} {'share':>8}")
            for i, name in enumerate(DRAWS):
                if self.draw_counts[i] > 0:
                    lines.append(f"  {name:<24} {self.draw_counts[i]:>8.4g} {self.draw_shares[i]:>8.2%}")
            lines.append(f"  {'no draw':<24} {self.no_draw * self.total:>8.4g} {self.no_draw:>8.2%}")
        return "\n".join(lines)


def range_breakdown(hands_or_range: RangeLike | HandsLike, board: CardsLike) -> BoardBreakdown:
    """The made-hand classes and draws of a range (or of given hands) on a board.

    Parameters
    ----------
    hands_or_range : str, Range, list of str or (n, 2) int array
        As for :func:`pokerlut.ranges.range_strengths`: range text (combos holding a board card are
        dropped) or Hold'em hole cards (a hand holding a board card is an error).
    board : str or card ids
        3, 4 or 5 natural board cards (draws on 3 or 4).

    Returns
    -------
    BoardBreakdown

    Examples
    --------
    >>> b = range_breakdown("random", "9h 8h 2c")
    >>> round(float(b.made_shares.sum()), 12), round(b.share("flush draw"), 4), round(b.no_draw, 4)
    (1.0, 0.0468, 0.108)
    >>> print(range_breakdown(["AhKh", "7c7d"], "Qh 7h 2c Jh").table())
    made-hand classes of AhKh, 7c7d on Qh 7h 2c Jh (queen-high, three of a suit, unpaired): 2 combos
      class                      combos    share
      flush                           1   50.00%
      set                             1   50.00%
      draw                       combos    share
      no draw                         2  100.00%
    """
    d = range_strengths(hands_or_range, board)
    holes = d.combos
    cards = parse_cards(d.board)
    if len(cards) in DRAW_BOARD_SIZES:
        drawn = draws(holes, cards)
        made = drawn.made
    else:
        assert len(cards) in CLASS_BOARD_SIZES
        drawn = None
        made = made_hand(holes, cards)
    w = d.weights
    total = float(w.sum())
    made_counts = np.bincount(made.classes.astype(np.intp), weights=w, minlength=len(MADE_CLASSES))
    draw_counts = np.zeros(len(DRAWS))
    no_draw = 0.0
    if drawn is not None:
        bits = drawn.kinds.astype(np.int64)
        draw_counts = np.array([float(w[(bits >> i) & 1 == 1].sum()) for i in range(len(DRAWS))])
        no_draw = float(w[bits == 0].sum()) / total
    return BoardBreakdown(holes, w, made, drawn, made_counts, made_counts / total, draw_counts, draw_counts / total,
                          no_draw, total, board_texture(cards), d.label, d.board)
