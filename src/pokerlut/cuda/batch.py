"""Batches on the device: CUDA arrays in, CUDA arrays out; numpy in, numpy out through pinned chunks.

A CUDA array is anything exporting ``__cuda_array_interface__`` (numba device arrays, CuPy,
PyTorch CUDA tensors) or a numba device array; the result is of the same library, on the same
device, and nothing goes through the host but the error of a bad row.  The kernels validate as
the CPU's do (:mod:`pokerlut.kernels.rank`): a bad row gets strength 0 and the kernel records the
first bad row's index (an atomic minimum); only that row is copied back, and the CPU's own
functions name it, so the message is word for word the one :func:`pokerlut.evaluate` gives.

numpy input goes through two streams of pinned buffers: one chunk is copied in while the one before
is ranked and copied out.
"""

from __future__ import annotations

import math
import threading
from contextlib import contextmanager
from typing import Any, NamedTuple

import numpy as np

from ..cards import integer_or_none
from .._input import card_array, deal_rows, hand_rows, raise_for_deals, raise_for_rows, where
from ..strength import invalid_strength, category as cpu_category
from ..variants import Variant, VariantLike, best_five_variant, get_variant
from ._support import simulated
from .arrays import (DLPACK_CUDA, DLPACK_HOST, device_view, dlpack_device, is_device_array,  # noqa: F401
                     raise_for_device_row, reshaped, rows_view)
from .batch_kernels import category_kernel, omaha_showdown_kernel, rank_kernel, showdown_kernel
from .device import cuda, tables as device_tables
from .devices import current_index

__all__ = ["evaluate", "category", "showdown", "is_device_array", "launch_shape", "check_launch", "MAX_THREADS",
           "CHUNK_ROWS"]

#: Rows per chunk of host input streamed through pinned buffers (28 MB of 7-card hands).
CHUNK_ROWS = 1 << 22
NO_BAD_ROW = np.iinfo(np.int64).max
_threads_per_block = 32 if simulated() else 256
#: The most threads a CUDA block may have.
MAX_THREADS = 1024


def launch_shape(n_items: int) -> tuple[int, int]:
    """``(blocks, threads)`` of a grid-stride launch over ``n_items`` (at least one block): a few
    blocks per multiprocessor on a device, a few small ones in the simulator (a Python thread
    each).

    >>> launch_shape(1)[0]
    1
    """
    threads = _threads_per_block
    cap = 4 if simulated() else cuda.get_current_device().MULTIPROCESSOR_COUNT * 32
    return max(1, min(cap, math.ceil(n_items / threads))), threads


def check_launch(launch: Any, max_threads: int = MAX_THREADS) -> tuple[int, int] | None:
    """A call's ``launch`` option: None (the engine's own shape), or ``(blocks, threads)``, two
    integers with ``blocks >= 1`` and ``threads`` 1 .. ``max_threads``; else a ValueError naming it.

    >>> check_launch((2, 8)), check_launch(None)
    ((2, 8), None)
    >>> check_launch((0, 1))
    Traceback (most recent call last):
    ...
    ValueError: launch must be (blocks >= 1, threads 1 .. 1024), two integers, got (0, 1)
    """
    if launch is None:
        return None
    shape = None
    if isinstance(launch, (tuple, list)) and len(launch) == 2:
        shape = tuple(integer_or_none(x) for x in launch)
    if shape is None or None in shape or not (shape[0] >= 1 and 1 <= shape[1] <= max_threads):
        raise ValueError(f"launch must be (blocks >= 1, threads 1 .. {max_threads}), two integers, got {launch!r}")
    return shape


# --------------------------------------------------------------------------- evaluate


def _launch_rows(kernel, rows, out, t, first_bad, stream=0) -> None:
    blocks, threads = launch_shape(rows.shape[0])
    kernel[blocks, threads, stream](rows, out, t, first_bad)


def evaluate(hands: Any, *, check: bool = True, variant: VariantLike = "high", chunk_rows: int = CHUNK_ROWS):
    """Strength of every hand on the device, as :func:`pokerlut.evaluate` gives it.

    ``hands``: a CUDA array ``(..., k)`` of card ids (any integer dtype; numba, CuPy, PyTorch):
    the strengths come back as a uint16 array of the same library on the same device.  Anything
    else (numpy, lists, card text) is read as :func:`pokerlut.evaluate` reads it, streamed through
    the device in pinned chunks of ``chunk_rows`` hands, and comes back as numpy.  Every best-five
    game (``variant``), wild cards, 5-7 cards (3 in the three-card games); a bad hand is the CPU's
    ``ValueError``, naming the hand and the position.

    >>> from numba import cuda
    >>> evaluate(cuda.to_device(np.array([[51, 47, 43, 39, 35]], np.uint8))).copy_to_host().tolist()
    [7462]
    >>> evaluate(["As Ks Qs Js Ts", "W 7h 7s 2c 2d"]).tolist()          # host input: numpy out
    [7462, 7201]
    """
    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {check!r}")
    v = best_five_variant(variant, "pokerlut.cuda.evaluate")
    t = device_tables(v)
    if not is_device_array(hands):
        rows, lead = hand_rows(hands, v.hand_sizes, game=v.name)
        return _stream_host(rows, lead, bool(check), v, t, chunk_rows).reshape(lead)
    view, wrap = device_view(hands, "hands")
    rows, lead = rows_view(view, v.hand_sizes, game=v.name)
    n_rows = rows.shape[0]
    out = cuda.device_array(n_rows, dtype=np.uint16)
    if n_rows:
        first_bad = cuda.to_device(np.array([NO_BAD_ROW], np.int64))
        _launch_rows(rank_kernel(rows.shape[1], bool(check)), rows, out, t, first_bad)
        if check:
            bad = int(first_bad.copy_to_host()[0])
            if bad != NO_BAD_ROW:
                raise_for_device_row(rows, bad, lead, v)
    return wrap(reshaped(out, lead))


#: The pinned and device buffers of the last host-input shape, kept for the next call (one set: a
#: call that finds them taken by another thread allocates its own).
_STAGING: dict = {}
_STAGING_LOCK = threading.Lock()


def _new_slot(chunk: int, k: int) -> dict:
    return {"stream": cuda.stream(), "rows_in": cuda.pinned_array((chunk, k), np.uint8),
            "out": cuda.pinned_array(chunk, np.uint16), "bad": cuda.pinned_array(1, np.int64),
            "d_rows": cuda.device_array((chunk, k), np.uint8), "d_out": cuda.device_array(chunk, np.uint16),
            "d_bad": cuda.device_array(1, np.int64), "lo": None, "m": 0}


@contextmanager
def _staging(n_slots: int, chunk: int, k: int):
    """``n_slots`` sets of pinned host and device buffers for chunks of ``chunk`` rows of ``k`` cards."""
    key = (n_slots, chunk, k, current_index())
    with _STAGING_LOCK:
        slots = _STAGING.pop(key, None)
    if slots is None:
        slots = [_new_slot(chunk, k) for _ in range(n_slots)]
    try:
        yield slots
    finally:
        for slot in slots:  # work left in flight by an error must end before the buffers are reused
            slot["stream"].synchronize()
            slot["lo"] = None
        with _STAGING_LOCK:
            _STAGING.clear()
            _STAGING[key] = slots


def _stream_host(rows: np.ndarray, lead: tuple[int, ...], check: bool, v: Variant, t, chunk_rows: int) -> np.ndarray:
    """Rank host rows through the device, two streams of pinned buffers overlapping copy and work."""
    n_rows, k = rows.shape
    out = np.empty(n_rows, np.uint16)
    if isinstance(chunk_rows, bool) or not isinstance(chunk_rows, (int, np.integer)) or chunk_rows < 1:
        raise ValueError(f"chunk_rows must be a positive integer, got {chunk_rows!r}")
    if n_rows == 0:
        return out
    chunk = int(min(chunk_rows, n_rows))
    kernel = rank_kernel(k, check)

    def finish(slot) -> None:
        if slot["lo"] is None:
            return
        slot["stream"].synchronize()
        lo, m = slot["lo"], slot["m"]
        slot["lo"] = None
        if check and int(slot["bad"][0]) != NO_BAD_ROW:
            raise_for_rows(rows, v.tables.cards, lead, v.name, lo + int(slot["bad"][0]), v.describe_deck())
        out[lo:lo + m] = slot["out"][:m]

    with _staging(2 if n_rows > chunk else 1, chunk, k) as slots:
        for number, lo in enumerate(range(0, n_rows, chunk)):
            slot = slots[number % len(slots)]
            finish(slot)
            m = min(chunk, n_rows - lo)
            stream = slot["stream"]
            slot["rows_in"][:m] = rows[lo:lo + m]
            slot["bad"][0] = NO_BAD_ROW
            slot["d_bad"].copy_to_device(slot["bad"], stream=stream)
            slot["d_rows"][:m].copy_to_device(slot["rows_in"][:m], stream=stream)
            _launch_rows(kernel, slot["d_rows"][:m], slot["d_out"][:m], t, slot["d_bad"], stream)
            slot["d_out"][:m].copy_to_host(slot["out"][:m], stream=stream)
            slot["d_bad"].copy_to_host(slot["bad"], stream=stream)
            slot["lo"], slot["m"] = lo, m
        for slot in sorted(slots, key=lambda s: s["lo"] if s["lo"] is not None else -1):
            finish(slot)
    return out


# --------------------------------------------------------------------------- category

_CATEGORY_TABLES: dict = {}


def _category_table(table_set):
    """The category of each strength of a game, on the device (uploaded once per game)."""
    key = (id(table_set), current_index())
    if key not in _CATEGORY_TABLES:
        _CATEGORY_TABLES[key] = (cuda.to_device(np.ascontiguousarray(table_set.hand_values[:, 0])), table_set)
    return _CATEGORY_TABLES[key][0]



def category(strengths: Any, variant: VariantLike = "high"):
    """Category of each strength (uint8), as :func:`pokerlut.category`: a CUDA array of integer
    strengths gives a CUDA array of the same library; anything else is the CPU's answer.  A strength
    outside the game's scale is the CPU's ``ValueError``, naming its index.

    >>> from numba import cuda
    >>> category(cuda.to_device(np.array([7462, 1], np.uint16))).copy_to_host().tolist()
    [8, 0]
    """
    if not is_device_array(strengths):
        return cpu_category(strengths, variant)
    table_set = get_variant(variant).tables
    view, wrap = device_view(strengths, "strengths")
    if view.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, got dtype {view.dtype}")
    shape = tuple(view.shape)
    if len(shape) != 1:
        if not view.is_c_contiguous():
            raise ValueError("strengths on the device of several dimensions must be C-contiguous")
        view = view.reshape(math.prod(shape))
    out = cuda.device_array(view.shape[0], dtype=np.uint8)
    if view.shape[0]:
        first_bad = cuda.to_device(np.array([NO_BAD_ROW], np.int64))
        blocks, threads = launch_shape(view.shape[0])
        category_kernel[blocks, threads](view, out, _category_table(table_set), table_set.n_strengths, first_bad)
        bad = int(first_bad.copy_to_host()[0])
        if bad != NO_BAD_ROW:
            value = int(np.asarray(view[bad:bad + 1].copy_to_host())[0])
            raise invalid_strength(value, tuple(int(i) for i in np.unravel_index(bad, shape)), table_set)
    return wrap(out if len(shape) == 1 else out.reshape(shape))


# --------------------------------------------------------------------------- showdown


class DeviceShowdown(NamedTuple):
    """The result of :func:`showdown`: per deal and player, each of the input's library."""

    strengths: Any  #: (N, P) uint16
    winners: Any  #: (N, P) bool, every player holding the best strength
    shares: Any  #: (N, P) float64, the pot split among the winners


def showdown(holes: Any, board: Any = None, *, check: bool = True, variant: VariantLike = "high") -> DeviceShowdown:
    """:func:`pokerlut.showdown` on the device for the best-five games, stud hi-lo, Omaha and Omaha
    hi-lo.  The hi-lo games give a :class:`DeviceHiLoShowdown` (the fields of
    :class:`pokerlut.showdown.HiLoShowdown`).

    ``holes``: a CUDA array ``(N, P, h)`` (or ``(P, h)``, one deal) of card ids; ``board``: ``(N, b)``
    or ``(b,)`` (a CUDA array too, or None for no board).  Returns ``strengths`` (uint16),
    ``winners`` (bool) and ``shares`` (float64), each ``(N, P)`` (``(P,)`` for one deal) and of the
    library of ``holes``.  Host input is read as the CPU reads it and the results are numpy.  A bad
    deal (a card the game does not deal, a natural card dealt twice) is the CPU's ``ValueError``.

    >>> r = showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Jh Th 2c 3d")
    >>> r.winners.tolist(), r.shares.tolist()
    ([True, False], [1.0, 0.0])
    >>> r = showdown([["Ah", "2h", "Kc", "Kd"], ["As", "2s", "Qc", "Qd"]], "3h 4d 8s Ks 9c", variant="omaha-hilo")
    >>> r.shares.tolist(), r.scoops.tolist()
    ([0.75, 0.25], [False, False])
    >>> r = showdown(["8c 7d 5s 3h 2c Kd Qs", "Kc Kh Ks 9d Td Jc 4c"], variant="stud-hilo")
    >>> r.high_winners.tolist(), r.low_winners.tolist(), r.shares.tolist()
    ([False, True], [True, False], [0.5, 0.5])
    """
    v = get_variant(variant)
    if not v.rule.shares_board and not v.rule.hilo:
        v = best_five_variant(v, "pokerlut.cuda.showdown")
    t = device_tables("high" if v.rule.shares_board else v)
    on_device = is_device_array(holes)
    if on_device:
        holes, wrap = device_view(holes, "holes")
        board = device_view(board, "boards")[0] if board is not None and is_device_array(board) else board
    else:
        wrap = None
        holes = cuda.to_device(np.ascontiguousarray(card_array(holes, "holes")))
    if board is None or (not is_device_array(board) and np.size(card_array(board, "board")) == 0):
        board = cuda.to_device(np.zeros((holes.shape[0] if len(holes.shape) == 3 else 1, 0), np.uint8))
    elif not is_device_array(board):
        board = cuda.to_device(np.ascontiguousarray(card_array(board, "board")))
    if len(holes.shape) not in (2, 3):
        raise ValueError(f"holes must have shape (players, cards) or (deals, players, cards), got {tuple(holes.shape)}")
    batched = len(holes.shape) == 3
    if not batched:
        holes = holes.reshape(1, *holes.shape) if holes.is_c_contiguous() else holes[None]
    n_deals, n_players, n_hole = holes.shape
    if len(board.shape) == 1:
        board = board.reshape(1, board.shape[0])
        if n_deals != 1:
            board = _broadcast_rows(board, n_deals)
    if len(board.shape) != 2 or board.shape[0] != n_deals:
        raise ValueError(f"board must have shape (cards,) or ({n_deals}, cards), got {tuple(board.shape)}")
    for name, array in (("holes", holes), ("board", board)):
        if array.dtype.kind not in "iu":
            raise TypeError(f"{name} on the device must be an integer array of card ids, got dtype {array.dtype}")
    n_board = board.shape[1]
    if v.rule.shares_board and n_players >= 1:
        results, bad = omaha_showdown(holes, board, v, bool(check))
        if bad != NO_BAD_ROW:
            _raise_for_device_deal(holes, board, bad, v, batched)
        if not batched:
            results = tuple(r[0] for r in results)
        kind = DeviceHiLoShowdown if v.rule.hilo else DeviceShowdown
        return kind(*(r.copy_to_host() if wrap is None else wrap(r) for r in results))
    if not v.rule.showdown_sizes_fit(n_hole, n_board, v.hand_sizes):
        raise ValueError(v.rule.showdown_size_text(n_hole, n_board, v.name, v.hand_sizes))
    if n_players < 1:
        raise ValueError("a showdown needs at least one player")
    hilo = v.rule.hilo  # stud hi-lo: the high game's tables and the low game's, over the same cards
    shape = (n_deals, n_players)
    strengths = cuda.device_array(shape, np.uint16)
    winners = cuda.device_array(shape, np.bool_)
    shares = cuda.device_array(shape, np.float64)
    low = cuda.device_array(shape if hilo else (1, 1), np.uint16)
    low_winners = cuda.device_array(shape if hilo else (1, 1), np.bool_)
    scoops = cuda.device_array(shape if hilo else (1, 1), np.bool_)
    if n_deals:
        first_bad = cuda.to_device(np.array([NO_BAD_ROW], np.int64))
        blocks, threads = launch_shape(n_deals)
        tl = device_tables(v.low_table_set) if hilo else t
        showdown_kernel(n_hole, n_board, bool(check), hilo)[blocks, threads](
            holes, board, strengths, low, winners, low_winners, shares, scoops, t, tl, first_bad)
        bad = int(first_bad.copy_to_host()[0])
        if bad != NO_BAD_ROW:
            _raise_for_device_deal(holes, board, bad, v, batched)
    results = (strengths, low, winners, low_winners, shares, scoops) if hilo else (strengths, winners, shares)
    if not batched:
        results = tuple(r[0] for r in results)
    kind = DeviceHiLoShowdown if hilo else DeviceShowdown
    return kind(*(r.copy_to_host() if wrap is None else wrap(r) for r in results))


@cuda.jit
def _copy_rows(row, out):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < out.shape[0] * out.shape[1]:
        out[i // out.shape[1], i % out.shape[1]] = row[0, i % out.shape[1]]
        i += stride


def _broadcast_rows(row, n: int):
    out = cuda.device_array((n, row.shape[1]), row.dtype)
    if n and row.shape[1]:
        blocks, threads = launch_shape(n * row.shape[1])
        _copy_rows[blocks, threads](row, out)
    return out


def _raise_for_device_deal(holes, board, index: int, v: Variant, batched: bool) -> None:
    """The CPU's error for deal ``index``: only that deal is copied back."""
    hole = np.asarray(holes[index].copy_to_host())
    cards = np.asarray(board[index].copy_to_host())
    n_players, n_hole = hole.shape
    row = np.concatenate([hole.reshape(-1), cards]).astype(np.int64)[None]
    groups = [(f"player {p}'s card", n_hole) for p in range(n_players)] + [("board card", len(cards))]
    try:
        row = deal_rows(row, groups)  # an id outside 0..255
    except ValueError as error:
        raise ValueError(f"{where(index, (index + 1,), 'deal')}: {error}" if batched else str(error)) from None
    raise_for_deals(row, groups, v.tables.cards, f"the {v.name} game", v.describe_deck(), (1,) if batched else None,
                    origin=(index,) if batched else ())
    raise AssertionError("the device rejected a deal the CPU finds valid")  # pragma: no cover


class DeviceHiLoShowdown(NamedTuple):
    """The result of a hi-lo :func:`pokerlut.cuda.showdown`: the fields of
    :class:`pokerlut.showdown.HiLoShowdown`, each ``(N, P)`` and of the input's library."""

    high: Any  #: uint16 high strengths
    low: Any  #: uint16 eight-or-better strengths (1: no low)
    high_winners: Any  #: bool, every player holding the best high
    low_winners: Any  #: bool, every player holding the best qualifying low
    shares: Any  #: float64, half the pot to each side (all to the high when no low qualifies)
    scoops: Any  #: bool, the whole pot



def omaha_showdown(holes, board, v: Variant, check: bool):
    """Omaha showdowns of ``holes`` ``(N, P, h)`` on ``board`` ``(N, b)`` (device arrays, shapes
    checked by the caller): device arrays ``(high, winners, shares)`` or, in hi-lo, the six of
    :class:`DeviceHiLoShowdown`; ``first_bad`` the first bad deal (``NO_BAD_ROW``: none)."""
    n_deals, n_players, n_hole = holes.shape
    n_board = board.shape[1]
    if n_hole not in v.hole_sizes or n_board not in v.board_sizes:
        raise ValueError(f"an {v.name} hand has 4, 5 or 6 hole cards and a board of 3, 4 or 5 cards; got "
                         f"{n_hole} hole cards and {n_board} board cards")
    shape = (n_deals, n_players)
    high = cuda.device_array(shape, np.uint16)
    low = cuda.device_array(shape if v.rule.hilo else (1, 1), np.uint16)
    high_winners = cuda.device_array(shape, np.bool_)
    low_winners = cuda.device_array(shape if v.rule.hilo else (1, 1), np.bool_)
    shares = cuda.device_array(shape, np.float64)
    scoops = cuda.device_array(shape if v.rule.hilo else (1, 1), np.bool_)
    first_bad = NO_BAD_ROW
    if n_deals:
        bad = cuda.to_device(np.array([NO_BAD_ROW], np.int64))
        blocks, threads = launch_shape(n_deals)
        omaha_showdown_kernel(n_hole, n_board, v.rule.hilo, bool(check))[blocks, threads](
            holes, board, high, low, high_winners, low_winners, shares, scoops, device_tables("high"),
            device_tables("eight-or-better"), bad)
        first_bad = int(bad.copy_to_host()[0])
    if v.rule.hilo:
        return (high, low, high_winners, low_winners, shares, scoops), first_bad
    return (high, high_winners, shares), first_bad
