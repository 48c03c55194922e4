"""What a hand has made on its board: its made-hand class, kicker, nut rank and overcards
(``docs/rules.md``, "Made hands").

>>> m = made_hand(["Ah Kd", "Qs Qh", "7c 7d", "Kc Qc"], "Ks 7h 2c")
>>> m.names.tolist()
['top pair', 'middle pair', 'set', 'top pair']
>>> m.describe().tolist()
['top pair, top kicker', 'middle pair', 'set', 'top pair, good kicker']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from .. import _threads
from .._records import same_fields
from ..cards import integer_text, shown
from ..constants import (CATEGORIES, CLASS_BOARD_SIZES, HIGH_CARD, HOLDEM_HOLE, KICKER_NONE, KICKERS, MADE_CLASSES,
                         MADE_FLUSH, MADE_HIGH_CARD, MADE_STRAIGHT)
from ..kernels.boards import BoardClasses, board_scratch, board_tables
from ..strength import category
from ..kernels.registry import board_class_kernel
from ..typing import HandsLike
from ._rows import HOLE_SIZES, broadcast, first_run, high_tables

__all__ = ["MadeHands", "made_hand", "classify_rows", "class_ids", "MADE_CLASSES", "KICKERS"]

CATEGORY_NAMES = CATEGORIES["high"]
_CLASS_NAMES = np.array(MADE_CLASSES)
_KICKER_NAMES = np.array(KICKERS)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def nut_words(rank: int, what: str) -> str:
    """``nut flush``, ``2nd-nut straight``.

    >>> nut_words(1, "flush"), nut_words(3, "straight")
    ('nut flush', '3rd-nut straight')
    """
    return f"nut {what}" if rank == 1 else f"{ordinal(rank)}-nut {what}"


@dataclass(frozen=True, eq=False)
class MadeHands:
    """The made-hand class of every hand of a batch (arrays of the batch's leading shape).

    ``classes``: uint8 ids into :data:`MADE_CLASSES` (``names`` gives the text); ``kickers``: uint8 ids
    into :data:`KICKERS`, for a pair or trips made with one hole card and for high card (0, "no
    kicker", otherwise); ``nut_ranks``: uint8, for a straight or flush 1 for the nuts, 2 for the
    second nuts, ... (0 otherwise); ``overcards``: uint8, the hole cards (Omaha: hole ranks) above
    every board card; ``strengths``: uint16, the hand's strength (:func:`pokerlut.evaluate`'s scale)."""

    classes: np.ndarray
    kickers: np.ndarray
    nut_ranks: np.ndarray
    overcards: np.ndarray
    strengths: np.ndarray

    __eq__ = same_fields

    @property
    def names(self) -> np.ndarray:
        """The class name of every hand (``"top pair"``)."""
        return _CLASS_NAMES[self.classes]

    @property
    def kicker_names(self) -> np.ndarray:
        """The kicker class of every hand (``"good kicker"``; ``"no kicker"`` where none applies)."""
        return _KICKER_NAMES[self.kickers]

    def describe(self) -> np.ndarray:
        """One phrase per hand: the class with its kicker, nut rank or overcards
        (``"top pair, good kicker"``, ``"2nd-nut flush"``, ``"high card, two overcards"``; high card
        on a board whose pair, trips or quads everyone shares also names the kicker and that).

        >>> made_hand(["Ah Qh", "Ah Qd"], "Kh 7h 2h").describe().tolist()
        ['nut flush', 'high card, one overcard']
        >>> made_hand("Ah Qd", "Kh Kd 7c").describe().item()
        'high card, top kicker (one pair on the board), one overcard'
        """
        out = np.empty(self.classes.shape, dtype=object)
        for index in np.ndindex(self.classes.shape):
            cls, kick = int(self.classes[index]), int(self.kickers[index])
            text = MADE_CLASSES[cls]
            if cls in (MADE_STRAIGHT, MADE_FLUSH):
                text = nut_words(int(self.nut_ranks[index]), text)
            elif cls == MADE_HIGH_CARD:
                shared = int(category(self.strengths[index]))
                if shared > HIGH_CARD:  # the board's own pair, trips or quads: the hole cards are kickers
                    text += f", {KICKERS[kick]} ({CATEGORY_NAMES[shared].lower()} on the board)"
                overs = int(self.overcards[index])
                text += {0: "", 1: ", one overcard", 2: ", two overcards"}.get(overs, f", {overs} overcards")
            elif kick != KICKER_NONE:
                text += ", " + KICKERS[kick]
            out[index] = text
        return out.astype(str) if out.size else np.zeros(out.shape, dtype="<U1")


def class_ids(names: str | int | Sequence[str | int]) -> int:
    """A bit mask of made-hand classes from names (``"set"``, ``["flush", "full house"]``) or ids.

    >>> bin(class_ids(["set", "trips"]))
    '0b110000000000'
    """
    if isinstance(names, (str, int, np.integer)):
        names = [names]
    try:
        items = list(names)
    except TypeError:
        raise TypeError(f"a made-hand class is a name like 'set' or an id 0..{len(MADE_CLASSES) - 1}, "
                        f"not {type(names).__name__}") from None
    if not items:
        raise ValueError("give at least one made-hand class")
    mask = 0
    for item in items:
        if isinstance(item, (bool, np.bool_)):
            raise TypeError(f"a made-hand class is a name or an id, not {shown(item)}")
        if isinstance(item, (int, np.integer)):
            if not 0 <= int(item) < len(MADE_CLASSES):
                raise ValueError(f"made-hand class id {integer_text(item)} is not one of 0..{len(MADE_CLASSES) - 1}")
            mask |= 1 << int(item)
        elif isinstance(item, str):
            key = " ".join(item.lower().replace("-", " ").split())
            names_ = [n.replace("-", " ") for n in MADE_CLASSES]
            if key not in names_:
                raise ValueError(f"unknown made-hand class {shown(item)}; choose from: {', '.join(MADE_CLASSES)}")
            mask |= 1 << names_.index(key)
        else:
            raise TypeError(f"a made-hand class is a name like 'set' or an id, not {type(item).__name__}")
    return mask


def classify_rows(holes, boards, board_sizes=CLASS_BOARD_SIZES, *, with_draws: bool, parallel=None):
    """Run the class kernel over hands and boards: ``(rows, outputs)``, the outputs a dict of flat
    arrays (``classes``, ``kickers``, ``nut_ranks``, ``overcards``, ``strengths``, and with
    ``with_draws`` ``kinds`` and the outs masks ``flush``, ``straight``, ``overcard``, ``backdoor``)."""
    parallel = _threads.check_parallel(parallel)
    rows = broadcast([("hole card", holes, HOLE_SIZES, "holes"), ("board card", boards, board_sizes, "boards")])
    n_hole, n_board = rows.width(0), rows.width(1)
    omaha = n_hole != HOLDEM_HOLE
    n = rows.n
    # every row is written (a bad row is an error before anything is returned)
    out = {name: np.empty(n, np.uint8) for name in ("classes", "kickers", "nut_ranks", "overcards")}
    out["strengths"] = np.empty(n, np.uint16)
    m = n if with_draws else 0
    out["kinds"] = np.empty(m, np.uint16)
    for name in ("flush", "straight", "overcard", "backdoor"):
        out[name] = np.empty(m, np.uint64)
    tables = high_tables()
    t = board_tables(tables.rank_tables(5 if omaha else n_hole + n_board), tables.hand_values)
    kernel = board_class_kernel(omaha)

    def piece(lo: int, hi: int, slot: int = 0) -> int:
        d = slice(lo, hi) if with_draws else slice(0, 0)
        bad = kernel(rows.flat(0, lo, hi), rows.stride(0), n_hole, rows.flat(1, lo, hi), rows.stride(1), n_board,
                     with_draws, BoardClasses(out["classes"][lo:hi], out["kickers"][lo:hi], out["nut_ranks"][lo:hi],
                                              out["overcards"][lo:hi], out["strengths"][lo:hi], out["kinds"][d],
                                              out["flush"][d], out["straight"][d], out["overcard"][d],
                                              out["backdoor"][d]),
                     board_scratch(), t)
        return lo + bad if bad >= 0 else -1

    def after_block(lo: int, hi: int, results: list) -> None:
        bad = [r for r in results if r >= 0]
        if bad:
            rows.raise_for(min(bad))

    first_run(kernel, piece)
    cost = comb(n_hole, 2) * comb(n_board, 3) if omaha else 4
    _threads.run_blocks(piece, n, cost=cost, parallel=parallel, after_block=after_block)
    return rows, out


def made_hand(holes: HandsLike, boards: HandsLike, *, parallel: bool | None = None) -> MadeHands:
    """The made-hand class of every hand on its board (``docs/rules.md``, "Made hands").

    Parameters
    ----------
    holes
        ``(..., h)`` hole cards (ids or card strings): ``h = 2`` for Hold'em, 4, 5 or 6 for Omaha
        (exactly two hole cards and three board cards make the hand).
    boards
        ``(..., b)`` boards of 3, 4 or 5 cards; the leading shapes of ``holes`` and ``boards``
        broadcast (one board for a batch of hands, one hand on many boards, or one of each per row).
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    MadeHands
        ``classes`` (ids into :data:`MADE_CLASSES`; ``names`` the text), ``kickers``, ``nut_ranks``,
        ``overcards`` and ``strengths``, each of the broadcast leading shape (0-d for one hand).

    Raises
    ------
    ValueError
        A card outside the deck (the wild card included), a card dealt twice in a hand (the message
        names the hand and both places), shapes that do not fit.
    TypeError
        Anything that is not cards.

    Examples
    --------
    >>> m = made_hand(["Ah Ad", "9s 8s", "Kh 2h", "Qd Jd"], "Kd Th 9h 2c")
    >>> m.names.tolist(), m.describe()[[1, 3]].tolist()
    (['overpair', 'middle pair', 'top and bottom pair', 'straight'], ['middle pair, weak kicker', 'nut straight'])
    >>> str(made_hand("Ah 2c Kd Kh", "Ks 7h 2s").names)          # Omaha: two hole cards, three board cards
    'set'
    >>> made_hand("As Ac", "Ah 7h 7h")
    Traceback (most recent call last):
    ...
    ValueError: card 7h (id 22) is dealt twice: as board card 1 and as board card 2
    """
    rows, out = classify_rows(holes, boards, with_draws=False, parallel=parallel)
    shape = rows.lead_shape
    return MadeHands(*(out[k].reshape(shape) for k in ("classes", "kickers", "nut_ranks", "overcards", "strengths")))

