"""The public evaluator: numpy hands in, uint16 strengths out; and one hand at a time, fast.

A batch goes to the compiled ranking kernels (:func:`rank_rows`).  One hand given the plain way
(a list or tuple of card ids, card words, card text, or a 1-D integer array such as a row
``hands[i]``) goes as bytes to the one-hand entry point
(:mod:`pokerlut.kernels.one_hand`), a compiled function called like a Python builtin: calling a
numba dispatcher with numpy arrays costs ten times the ranking.  The entry point validates the
hand as the kernels do; a bad hand, and any input it does not take, goes the batch way, which
gives the very same results and errors.
"""

from __future__ import annotations

import numpy as np

from . import _threads, layout
from ._input import OK, first_problem, hand_groups, hand_rows, one_hand_bytes, raise_for_rows
from ._messages import shown
from ._notice import compile_notice
from ._threads import PARALLEL_MIN_HANDS
from .kernels.one_hand import TABLE_ORDER
from .kernels.registry import badugi_kernel, one_hand_entry, ranking_kernel
from .tables import TableSet
from .typing import HandsLike, Strengths
from .variants import Variant, VariantLike, best_five_variant

__all__ = ["evaluate", "rank_rows", "one_hand_strength", "PARALLEL_MIN_HANDS"]

#: Per ``variant`` argument: ``rank(ids: bytes) -> int`` from the one-hand entry point (0: a bad hand).
_ENTRIES: dict = {}
_UINT16 = np.dtype(np.uint16)


def _no_entry(ids: bytes) -> int:
    """The one-hand ranker of a game the entry point does not serve: always the batch path."""
    return 0


def _new_entry(variant):
    """The one-hand ranker of a game, made on first use; None for a variant the batch path rejects
    (unknown, unhashable, Omaha: it says what is wrong)."""
    try:
        table_set = best_five_variant(variant, "evaluate").tables
        hash(variant)
    except (TypeError, ValueError):
        return None
    if not all(n in table_set.arrays for n in TABLE_ORDER):  # badugi, three-card and open-face rows: no
        rank = _ENTRIES[variant] = _no_entry                  # 6- and 7-card tables, the batch path
        return rank
    with compile_notice("jit"):
        make = one_hand_entry()
    # the ranker holds the very arrays it reads: clearing load_table_set's cache frees none of them
    rank = _ENTRIES[variant] = make([table_set[name] for name in TABLE_ORDER], table_set.subset_rare)
    return rank


def one_hand_strength(hands: HandsLike, variant: VariantLike = "high") -> np.ndarray | None:
    """What ``evaluate(hands, variant=variant)`` returns when ``hands`` is one valid hand given the
    plain way (a list or tuple of ids, card words or card text, a 1-D integer array), from the
    one-hand entry point; else ``None`` (every bad hand included: the batch path then raises,
    naming the problem).

    >>> one_hand_strength([51, 47, 43, 39, 35]), one_hand_strength("As Ks Qs Js Ts 2c 2d")
    (array(7462, dtype=uint16), array(7462, dtype=uint16))
    >>> one_hand_strength([51, 47, 43, 39, 51]) is None      # a repeated card: the batch path names it
    True
    """
    ids = one_hand_bytes(hands)
    if ids is not None:
        try:
            rank = _ENTRIES.get(variant) or _new_entry(variant)
        except TypeError:  # an unhashable variant
            return None
        if rank is not None:
            strength = rank(ids)
            if strength:
                return np.array(strength, _UINT16)
    return None


def rank_rows(rows: np.ndarray, table_set: TableSet, *, check: bool = True, parallel: bool | None = None,
              lead_shape: tuple[int, ...] | None = None, variant: Variant | None = None,
              row_index: np.ndarray | None = None) -> np.ndarray:
    """Strengths of C-contiguous uint8 rows ``(N, k)`` under one game's tables; with ``check`` a bad
    row is a ``ValueError`` naming it (in ``lead_shape`` terms when given, row ``r`` as input hand
    ``row_index[r]`` when given, the game's deck when ``variant`` is given).

    >>> from pokerlut.tables import load_table_set
    >>> rank_rows(np.array([[51, 47, 43, 39, 35]], np.uint8), load_table_set("high")).tolist()
    [7462]
    """
    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {shown(check)}")
    parallel = _threads.check_parallel(parallel)
    n_rows, n_cards = rows.shape
    out = np.empty(n_rows, dtype=np.uint16)
    flat = rows.reshape(-1)
    with compile_notice("evaluate"):  # the kernel chosen and compiled (or loaded), saying so if that takes long
        if table_set.suit_sets:  # badugi: the suits' rank masks
            kernel = badugi_kernel(bool(check))
            tables = (table_set.cards, table_set[layout.SUIT_KEYS_TABLE], table_set[layout.values_name(n_cards)])

            def piece(lo: int, hi: int, slot: int = 0) -> int:
                bad = np.zeros(1, dtype=np.int64)
                kernel(flat[n_cards * lo:n_cards * hi], out[lo:hi], *tables, bad)
                return int(bad[0])
        else:
            tables = table_set.rank_tables(n_cards)
            kernel = ranking_kernel(n_cards, bool(check), table_set.simd_fits, tables)

            def piece(lo: int, hi: int, slot: int = 0) -> int:
                bad = np.zeros(1, dtype=np.int64)
                block = flat[n_cards * lo:n_cards * hi]
                kernel(block, block, out[lo:hi], tables, bad)
                return int(bad[0])
        piece(0, 0)

    def after_block(lo: int, hi: int, bad: list) -> None:
        if any(bad):
            raise_for_rows(rows, table_set.cards, lead_shape if lead_shape is not None else (n_rows,),
                           variant.name if variant else table_set.name, lo,
                           variant.describe_deck() if variant else "", row_index=row_index)

    _threads.run_blocks(piece, n_rows, parallel=parallel, after_block=after_block)
    return out


def evaluate(hands: HandsLike, *, check: bool = True, parallel: bool | None = None,
             variant: VariantLike = "high") -> Strengths:
    """Strength of every hand: ``uint16``, higher is stronger, equal means a split pot.

    Parameters
    ----------
    hands
        Anything of shape ``(..., k)`` with ``k`` 5, 6 or 7 (or the game's own sizes, below): an
        integer array of card ids (``4 * rank + suit``, 52 for a wild card, any number of wilds per
        hand), nested lists, card strings, or card text in arrays and columns (a numpy string or
        object array, a pandas Series of hand strings, a categorical, a DataFrame of id or one-card
        columns).  A hand of 6 or 7 cards is worth its best 5-card subset (ranked directly
        from the 6- and 7-card tables, with no loop over subsets).  C-contiguous ``uint8`` input
        is used as it is; other integer dtypes are range-checked and narrowed.  A list (or a
        column) of hands of different sizes, each a sequence of cards or a hand's text, is ranked
        too: the hands of each size as one batch, the strengths in the input's order; a hand of a
        size the game does not rank is named (``hand 3: a hand is 5, 6 or 7 cards, got 8``).
    check
        ``True`` (the default) rejects ids outside 0..52 and a natural card held twice with a
        ``ValueError`` naming the hand, position and value; the check is fused into the ranking
        kernel and costs little.  ``False`` skips it: bad input then gives meaningless strengths
        (an id above 52 gives 0), but never reads outside the tables.
    parallel
        ``None`` runs batches of ``PARALLEL_MIN_HANDS`` or more on several threads
        (:func:`pokerlut.set_num_threads`); ``True``/``False`` force either way.
    variant
        The game (:mod:`pokerlut.variants`): ``"high"`` (the default), ``"short-deck"``,
        ``"short-deck-straight-over-trips"``, ``"ace-five-low"``, ``"eight-or-better"``,
        ``"deuce-seven-low"`` and the stud games (``"stud"``, ``"stud-hilo"``: its high hand,
        ``"razz"``) rank the best 5 of 5-7 cards; ``"badugi"`` ranks 4 cards,
        ``"three-card-poker"`` 3, ``"ofc"`` open-face rows of 3 or 5 cards on one scale.  Higher is
        better in all of them, lows included.  A card the game does not deal (a deuce in short
        deck, the wild card outside ``"high"``) is bad input.

    Returns
    -------
    numpy.ndarray
        uint16 strengths with the leading shape of ``hands`` (a 0-d array for one hand).

    Notes
    -----
    One hand given the plain way (a list or tuple of ids, card words, text like
    ``"As Ks Qs Js Ts"``, or a 1-D integer array such as a row ``hands[i]``) takes a short way,
    about a microsecond a call: the same result, the same errors.  Inside your own numba code,
    :mod:`pokerlut.jit` ranks hands one at a time.  In the high game natural hands are 1..7462
    (``7463 - s`` is the Cactus Kev/treys rank), five of a kind 7463..7475; other games' scales
    are in ``docs/rules.md``, "Strength scales".  See
    :func:`pokerlut.category` and :func:`pokerlut.describe`.

    Examples
    --------
    >>> import pokerlut
    >>> int(pokerlut.evaluate("As Ks Qs Js Ts"))
    7462
    >>> pokerlut.evaluate(["Ah Ad 7c 7d 2s", "W 7h 7s 2c 2d"]).tolist()
    [4919, 7201]
    >>> int(pokerlut.evaluate("Ah Kh 7c 7d 2s Qh Jh")) == int(pokerlut.evaluate("Ah Ad 7c 7d Ks"))
    False
    >>> pokerlut.evaluate(["7c 5d 4h 3s 2c", "Ah 2c 3d 4s 5h"], variant="deuce-seven-low").tolist()
    [7462, 6678]
    >>> pokerlut.evaluate(["As Ks Qs Js Ts", "Ah Ad 7c 7d 2s Qh", "Ah Kh 7c 7d 2s Qh Jh"]).tolist()   # mixed sizes
    [7462, 4928, 2597]
    """
    if parallel is None and (check is True or check is False):  # one hand: one_hand_strength, written out
        ids = one_hand_bytes(hands)
        if ids is not None:
            try:
                rank = _ENTRIES.get(variant) or _new_entry(variant)
            except TypeError:  # an unhashable variant: the batch path says what is wrong
                rank = None
            if rank is not None:
                strength = rank(ids)
                if strength:  # 0: a bad hand, or a size outside 5-7: the batch path names the problem
                    return np.array(strength, _UINT16)
    v = best_five_variant(variant, "evaluate")
    try:
        rows, lead_shape = hand_rows(hands, v.hand_sizes, game=v.name)
    except ValueError as error:  # hands of different sizes, perhaps
        unread = error
    else:
        out = rank_rows(rows, v.tables, check=check, parallel=parallel, lead_shape=lead_shape, variant=v)
        return out.reshape(lead_shape)
    groups = hand_groups(hands, v.hand_sizes, v.name)
    if groups is None:
        raise unread
    return _rank_groups(*groups, v, check, parallel)


def _rank_groups(groups: list[tuple[np.ndarray, np.ndarray]], n: int, v: Variant, check: bool,
                 parallel: bool | None) -> np.ndarray:
    """Strengths of hands of different sizes (:func:`pokerlut._input.hand_groups`), each size ranked
    as one batch, in the input's order; with ``check`` the first bad hand in that order is named."""
    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {check!r}")
    cards = v.tables.cards
    if check:
        firsts = []
        for index, rows in groups:
            row, _, code = first_problem(rows, cards)
            if code != OK:
                firsts.append((int(index[row]), index, rows))
        if firsts:
            _, index, rows = min(firsts, key=lambda first: first[0])
            raise_for_rows(rows, cards, (n,), v.name, deck=v.describe_deck(), row_index=index)
    out = np.empty(n, dtype=np.uint16)
    for index, rows in groups:
        out[index] = rank_rows(rows, v.tables, check=check, parallel=parallel, lead_shape=(n,), variant=v,
                               row_index=index)
    return out
