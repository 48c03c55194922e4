"""Omaha hands: exactly two of 4, 5 or 6 hole cards with exactly three of a board of 3 to 5.

>>> r = evaluate_omaha("Ah Kh Qd Jd", "Th 9h 2h 3c 4s")      # the ace-king of hearts make the flush
>>> describe(int(r))
'Flush, ace-high (A-K-T-9-2)'
>>> hl = evaluate_omaha("Ah 2c Kd Kh", "3h 4d 8s Ks Qc", variant="omaha-hilo")
>>> describe(int(hl.high)), describe(int(hl.low), "eight-or-better")
('Three of a kind, kings (Q-8 kickers)', '8-4-3-2-A low')
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import NamedTuple

import numpy as np

from . import _threads, layout
from ._input import card_array, hand_rows, natural_card_table, raise_for_deals
from ._records import different_items, same_items
from .cards import shown
from ._notice import compile_notice, noticed
from .kernels.registry import omaha_kernel
from .strength import describe  # noqa: F401 (the examples use it)
from .table_records import OmahaTables
from .tables import load_table_set
from .typing import HandsLike, Strengths
from .variants import Variant, VariantLike, get_variant

__all__ = ["HiLo", "evaluate_omaha", "omaha_rows", "omaha_tables", "omaha_variant", "omaha_lookups",
           "raise_for_omaha_deals"]


class HiLo(NamedTuple):
    """High and low strengths of Omaha hi-lo hands; ``low`` is on the eight-or-better scale (1: no low)."""

    high: Strengths
    low: Strengths
    __eq__ = same_items
    __ne__ = different_items


def omaha_variant(variant: VariantLike) -> Variant:
    v = get_variant(variant)
    if not v.rule.shares_board:
        raise ValueError(f"evaluate_omaha ranks Omaha hands; {v.name!r} is ranked by pokerlut.evaluate")
    return v


@lru_cache(maxsize=1)
def omaha_tables() -> OmahaTables:
    """What the Omaha table kernels take: the card constants (the high game's), then the Omaha table
    set put together into ``rows`` (uint32), ``values`` (uint16) and ``low`` (uint8) as
    :mod:`pokerlut.layout` ("Omaha") lays them out.

    >>> cards, rows, values, low = omaha_tables()
    >>> rows.dtype.name, values.dtype.name, low.shape
    ('uint32', 'uint16', (65536,))
    """
    t = load_table_set(layout.OMAHA_TABLE_SET)
    pairs = t[layout.OMAHA_PAIRS].reshape(-1)
    flush_rows = t[layout.OMAHA_FLUSH_ROWS].astype(layout.OMAHA_ROW_DTYPE) + layout.OMAHA_ROW_DTYPE(pairs.size)
    if len(flush_rows) != layout.OMAHA_BASES_AT or len(t[layout.OMAHA_BOARD_BASES]) != layout.N_ROWS:
        raise ValueError("the Omaha tables do not have the sizes pokerlut.layout gives them; regenerate them")
    rows = np.concatenate([flush_rows, t[layout.OMAHA_BOARD_BASES], t[layout.OMAHA_BOARD_ROWS]])
    values = np.concatenate([pairs, t[layout.OMAHA_FLUSH_PAIRS].reshape(-1)])
    low = t[layout.OMAHA_LOW].reshape(-1)
    for array in (rows, values):
        array.setflags(write=False)
    return OmahaTables(load_table_set("high").cards, rows, values, low)


def omaha_lookups(n_hole: int, hilo: bool) -> int:
    """What ranking one Omaha hand costs, in lookups (:mod:`pokerlut._threads`): one per hole pair,
    the board's row, and the low.

    >>> omaha_lookups(4, False), omaha_lookups(6, True)
    (7, 17)
    """
    return comb(n_hole, 2) + 1 + int(hilo)


def omaha_rows(holes: np.ndarray, boards: np.ndarray, v: Variant, *, per: int = 1, check: bool = False,
               parallel: bool | None = None) -> tuple[np.ndarray, np.ndarray | None, int]:
    """High (and, hi-lo, low) strengths of uint8 rows: holes (N, h) and boards (N // per, b), hand
    ``i`` playing board ``i // per`` (each board's row is looked up once for its ``per`` hands);
    with ``check`` the number of rows holding an id above 51 or a card twice (their strengths are
    0), else 0.

    >>> high, low, bad = omaha_rows(np.array([[51, 47, 43, 39]], np.uint8), np.array([[35, 2, 3]], np.uint8),
    ...                             get_variant("omaha"))
    >>> describe(int(high[0])), low, bad
    ('One pair, twos (A-K-T kickers)', None, 0)
    """
    n, n_hole = holes.shape
    n_board = boards.shape[1]
    if n != boards.shape[0] * per:
        raise ValueError(f"{n} hands need {n // per} boards of {per} hands each, got {boards.shape[0]}")
    hilo = v.rule.hilo
    high = np.empty(n, np.uint16)
    low = np.empty(n, np.uint16)
    tables = omaha_tables()
    kernel = omaha_kernel(n_hole, hilo)
    hflat, bflat = np.ascontiguousarray(holes).reshape(-1), np.ascontiguousarray(boards).reshape(-1)

    def piece(lo: int, hi: int, slot: int = 0) -> int:
        bad = np.zeros(1, np.int64)
        b_lo, b_hi = lo // per, (hi - 1) // per + 1 if hi > lo else lo // per
        kernel(hflat[n_hole * lo:n_hole * hi], bflat[n_board * b_lo:n_board * b_hi], n_board, high[lo:hi], low[lo:hi],
               lo, per, tables, bad)
        return int(bad[0]) if check else 0

    with compile_notice("omaha"):
        piece(0, 0)
    bad = sum(_threads.run_blocks(piece, n, cost=omaha_lookups(n_hole, hilo), parallel=parallel))
    return high, (low if hilo else None), bad


def raise_for_omaha_deals(rows: np.ndarray, groups: list[tuple[str, int]], v: Variant, lead_shape: tuple[int, ...],
                          what: str) -> None:
    """The ``ValueError`` naming the first bad card of Omaha deals laid out as ``groups`` (a card
    outside the deck, the wild card included, or a card dealt twice), if any."""
    raise_for_deals(rows, groups, natural_card_table(v.tables.cards), f"the {v.name} game", v.describe_deck(),
                    lead_shape, what)


@noticed("omaha")
def evaluate_omaha(holes: HandsLike, board: HandsLike, *, variant: VariantLike = "omaha", check: bool = True,
                   parallel: bool | None = None) -> Strengths | HiLo:
    """Strength of Omaha hands: the best five of exactly two hole cards and exactly three board cards.

    Parameters
    ----------
    holes
        ``(..., h)`` hole cards, ``h`` 4, 5 or 6 (ids or card strings).
    board
        ``(b,)`` one board for every hand, or ``(..., b)`` one per hand, ``b`` 3, 4 or 5.
    variant
        ``"omaha"`` (high only) or ``"omaha-hilo"`` (high and the eight-or-better low).
    check
        Reject cards outside the deck (the wild card included: Omaha deals natural cards only) and
        a card dealt twice in a hand, naming the hand and the card; the check is fused into the
        kernel.  ``False`` does not raise: a hand holding a card outside the deck (the wild card
        and every id above 52 included) or a card twice then gets strength 0 (and low 0), below
        every real hand, and nothing is read outside the tables.
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    numpy.ndarray or HiLo
        Omaha: uint16 strengths on the high scale (1..7462) with the holes' leading shape.  Hi-lo:
        ``HiLo(high, low)``, the low on the eight-or-better scale (1 is no low, 2..57 the lows).

    Notes
    -----
    Each hand costs one table load per pair of hole cards (6 for 4 hole cards, 15 for 6), from
    the row of the board's rank multiset; a board given once for every hand is looked up once.
    See ``tables/README.md``.

    Examples
    --------
    >>> describe(int(evaluate_omaha("As Ks Qs Js", "Ts 9s 8d 2c 3c")))   # two board spades: no flush
    'Straight, queen-high'
    """
    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {shown(check)}")
    parallel = _threads.check_parallel(parallel)
    v = omaha_variant(variant)
    hole_rows, lead_shape = hand_rows(holes, v.hole_sizes, "holes")
    board_array = card_array(board, "board")
    if board_array.ndim == 0 or board_array.shape[-1] not in v.board_sizes:
        raise ValueError(f"board must have shape (..., 3 or 4 or 5), got {board_array.shape}")
    shared = board_array.ndim == 1
    try:
        full_board = np.broadcast_to(board_array, lead_shape + board_array.shape[-1:])
    except ValueError:
        raise ValueError(f"board of shape {board_array.shape} does not match holes of shape "
                         f"{lead_shape + hole_rows.shape[1:]}") from None
    board_rows, _ = hand_rows(board_array[None] if shared else full_board, v.board_sizes, "board")
    n = hole_rows.shape[0]
    if shared and n == 0:
        board_rows = board_rows[:0]
    high, low, bad = omaha_rows(hole_rows, board_rows, v, per=n if shared and n else 1, check=bool(check),
                                parallel=parallel)
    if bad:
        if shared:
            board_rows = np.broadcast_to(board_rows, (n, board_rows.shape[1]))
        raise_for_omaha_deals(np.concatenate([hole_rows, board_rows], axis=1),
                              [("hole card", hole_rows.shape[1]), ("board card", board_rows.shape[1])], v,
                              lead_shape, "hand")
    if low is None:
        return high.reshape(lead_shape)
    return HiLo(high.reshape(lead_shape), low.reshape(lead_shape))
