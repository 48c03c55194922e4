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
from functools import lru_cache
from typing import Any, Callable, NamedTuple

import numpy as np

from .._input import card_array, deal_rows, hand_rows, raise_for_deals, raise_for_rows, where
from ..constants import WILD
from ..strength import invalid_strength, category as cpu_category
from ..variants import Variant, VariantLike, best_five_variant, get_variant
from ._support import simulated
from .device import U64, cuda, has_poison, omaha_values, strength_of, tables as device_tables

__all__ = ["evaluate", "category", "showdown", "is_device_array", "launch_shape", "CHUNK_ROWS"]

#: Rows per chunk of host input streamed through pinned buffers (28 MB of 7-card hands).
CHUNK_ROWS = 1 << 22
NO_BAD_ROW = np.iinfo(np.int64).max
_threads_per_block = 32 if simulated() else 256


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


# --------------------------------------------------------------------------- CUDA arrays of any library


#: DLPack device types (``__dlpack_device__()[0]``): memory a CUDA kernel reads, and host memory.
DLPACK_CUDA = (2, 13)  # kDLCUDA, kDLCUDAManaged
DLPACK_HOST = (1, 3)  # kDLCPU, kDLCUDAHost (pinned host memory)
#: A library whose arrays' type lives in another package than its ``from_dlpack``.
_DLPACK_HOME = {"jaxlib": "jax"}


def dlpack_device(x: Any) -> tuple[int, int] | None:
    """``(device type, device id)`` of an object exporting DLPack, ``None`` for numpy arrays and
    for objects that do not.

    >>> dlpack_device(np.zeros(3)) is None
    True
    """
    export = getattr(x, "__dlpack_device__", None)
    if export is None or isinstance(x, np.ndarray):
        return None
    kind, index = export()
    return int(kind), int(index)


def is_device_array(x: Any) -> bool:
    """Whether ``x`` is a CUDA array: ``__cuda_array_interface__``, a numba device array, or a
    DLPack export on a CUDA device (JAX); a DLPack export on a device other than CUDA or the host is
    a ``TypeError`` naming it.

    >>> is_device_array(np.zeros(3))
    False
    """
    from numba.cuda.cudadrv import devicearray

    if hasattr(x, "__cuda_array_interface__") or devicearray.is_cuda_ndarray(x):
        return True
    device = dlpack_device(x)
    if device is None or device[0] in DLPACK_HOST:
        return False
    if device[0] in DLPACK_CUDA:
        return True
    raise TypeError(f"pokerlut.cuda runs on CUDA devices: got a {type(x).__module__}.{type(x).__name__} on DLPack "
                    f"device type {device[0]} (CUDA is {DLPACK_CUDA[0]}); move it to a CUDA device or to the host")


def _library(x: Any) -> str:
    root = type(x).__module__.split(".")[0]
    return _DLPACK_HOME.get(root, root)


def _from_dlpack_of(library: str) -> Callable[[Any], Any] | None:
    """The ``from_dlpack`` of an imported library (``library.from_dlpack``, ``library.numpy.`` or
    ``library.dlpack.from_dlpack``), ``None`` when it has none."""
    import sys

    module = sys.modules.get(library)  # imported already where the input is one of its arrays
    for place in (module, getattr(module, "numpy", None), getattr(module, "dlpack", None)):
        found = getattr(place, "from_dlpack", None)
        if callable(found):
            return found
    return None


def _dlpack_view(x: Any):
    """A numba device array viewing the CUDA memory of a DLPack export (no copy)."""
    if simulated():  # the simulator's "device" memory is host memory: a DLPack export of it is read as such
        return cuda.to_device(np.ascontiguousarray(np.from_dlpack(x)))
    from cuda.core.utils import StridedMemoryView

    view = StridedMemoryView.from_dlpack(x, stream_ptr=-1)
    itemsize = np.dtype(view.dtype).itemsize
    strides = None if view.strides is None else tuple(int(s) * itemsize for s in view.strides)
    interface = {"shape": tuple(view.shape), "strides": strides, "typestr": np.dtype(view.dtype).str,
                 "data": (int(view.ptr), bool(view.readonly)), "version": 3}
    return cuda.from_cuda_array_interface(interface, owner=(view, x), sync=False)


def _dlpack_export(out: Any) -> Any:
    """An object exporting a numba device array by DLPack (a host copy in the simulator)."""
    if simulated():
        return out.copy_to_host()
    from cuda.core.utils import StridedMemoryView

    return StridedMemoryView.from_cuda_array_interface(out, stream_ptr=-1)


def device_view(x: Any) -> tuple[Any, Callable[[Any], Any]]:
    """``(numba device array viewing x, wrap)``: ``wrap(result)`` gives a numba device array result
    back as ``x``'s library gives arrays, on x's device: CuPy, PyTorch, any library with a
    ``from_dlpack`` (JAX), numba's own otherwise.  No library is imported that the input is not of."""
    from numba.cuda.cudadrv import devicearray

    if devicearray.is_cuda_ndarray(x):
        return x, lambda out: out
    library = _library(x)
    view = cuda.as_cuda_array(x) if hasattr(x, "__cuda_array_interface__") else _dlpack_view(x)
    if library == "cupy":
        import cupy

        return view, cupy.asarray
    if library == "torch":
        import torch

        return view, lambda out: torch.as_tensor(out, device=x.device)
    from_dlpack = _from_dlpack_of(library) if library not in ("numba", "numba_cuda") else None
    if from_dlpack is None:
        return view, lambda out: out
    return view, lambda out: from_dlpack(_dlpack_export(out))


def rows_view(view, sizes: tuple[int, ...], what: str = "hands", game: str | None = None):
    """``(rows (N, k), lead shape)`` of a device array of card ids of shape ``(..., k)``."""
    shape = tuple(view.shape)
    if view.dtype.kind not in "iu":
        raise TypeError(f"{what} on the device must be an integer array of card ids, got dtype {view.dtype}")
    if len(shape) == 0 or shape[-1] not in sizes:
        hand_rows(np.broadcast_to(np.zeros(1, np.uint8), shape), sizes, what, game=game)  # the CPU's sentence
    lead = shape[:-1]
    if len(shape) == 2:
        return view, lead
    if not view.is_c_contiguous():
        raise ValueError(f"{what} on the device of {len(shape)} dimensions must be C-contiguous (got strides "
                         f"{view.strides}); pass a contiguous copy")
    return view.reshape(math.prod(lead), shape[-1]), lead


def _shaped(out, lead: tuple[int, ...]):
    return out if len(lead) == 1 else out.reshape(lead)


def _origin(index: int, lead: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(int(i) for i in np.unravel_index(index, lead)) if len(lead) > 1 else (index,) if lead else ()


def raise_for_device_row(rows, index: int, lead: tuple[int, ...], v: Variant) -> None:
    """Raise the CPU's error for row ``index`` of device rows ``(N, k)``: only that row is copied."""
    row = np.asarray(rows[index].copy_to_host())
    k = row.shape[0]
    local_lead = (1,) * len(lead) if lead else ()
    origin = _origin(index, lead)
    one = hand_rows(row.reshape(local_lead + (k,)), (k,), origin=origin)[0]  # an id outside 0..255
    raise_for_rows(one, v.tables.cards, local_lead, v.name, 0, v.describe_deck(), origin=origin)
    raise AssertionError("the device rejected a row the CPU finds valid")  # pragma: no cover


# --------------------------------------------------------------------------- kernels


@lru_cache(maxsize=None)
def rank_kernel(n: int, checked: bool):
    """Rank ``(N, n)`` rows (any integer dtype) into uint16; ``first_bad[0]``: min of the bad rows."""

    @cuda.jit
    def kernel(hands, out, t, first_bad):
        i = cuda.grid(1)
        stride = cuda.gridsize(1)
        while i < out.shape[0]:
            s, bad = strength_of(t, hands[i], n, checked)
            out[i] = s
            if bad:
                cuda.atomic.min(first_bad, 0, i)
            i += stride

    return kernel


@cuda.jit
def category_kernel(strengths, out, categories, top, first_bad):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < out.shape[0]:
        s = strengths[i]
        if s < 1 or s > top:
            out[i] = 0
            cuda.atomic.min(first_bad, 0, i)
        else:
            out[i] = categories[s]
        i += stride


@lru_cache(maxsize=None)
def showdown_kernel(n_hole: int, n_board: int, checked: bool):
    """Per deal: validate the whole deal, rank every player, split the pot."""
    n = n_hole + n_board

    @cuda.jit
    def kernel(holes, boards, strengths, winners, shares, t, first_bad):
        d = cuda.grid(1)
        stride = cuda.gridsize(1)
        hand = cuda.local.array(7, np.int64)
        while d < strengths.shape[0]:
            players = strengths.shape[1]
            bad = False
            if checked:
                seen = np.uint64(0)
                for p in range(players + 1):
                    width = n_board if p == players else n_hole
                    for j in range(width):
                        c = np.int64(boards[d, j]) if p == players else np.int64(holes[d, p, j])
                        if c < 0 or c > 255 or has_poison(t.cards[c]):
                            bad = True
                        elif c != WILD:
                            bit = np.uint64(1) << np.uint64(c)
                            if seen & bit:
                                bad = True
                            seen |= bit
            best = np.uint16(0)
            for p in range(players):
                for j in range(n_hole):
                    hand[j] = holes[d, p, j]
                for j in range(n_board):
                    hand[n_hole + j] = boards[d, j]
                s, unused = strength_of(t, hand, n, False)
                if bad:
                    s = np.uint16(0)
                strengths[d, p] = s
                best = max(best, s)
            count = 0
            for p in range(players):
                win = strengths[d, p] == best
                winners[d, p] = win
                if win:
                    count += 1
            for p in range(players):
                shares[d, p] = 1.0 / count if winners[d, p] else 0.0
            if bad:
                cuda.atomic.min(first_bad, 0, d)
            d += stride

    return kernel


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
    view, wrap = device_view(hands)
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
    return wrap(_shaped(out, lead))


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
    key = (n_slots, chunk, k, 0 if simulated() else int(cuda.get_current_device().id))
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
    key = (id(table_set), 0 if simulated() else int(cuda.get_current_device().id))
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
    view, wrap = device_view(strengths)
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
    """:func:`pokerlut.showdown` on the device for the best-five games, Omaha and Omaha hi-lo (not
    stud hi-lo).  Omaha hi-lo gives a :class:`~pokerlut.cuda.omaha.DeviceHiLoShowdown` (the fields of
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
    """
    v = get_variant(variant)
    if v.rule.hilo and not v.rule.shares_board:
        raise ValueError(f"pokerlut.cuda.showdown ranks the best-five games and Omaha (hi-lo); the {v.name} game is "
                         f"not served on the GPU (use pokerlut.showdown)")
    if not v.rule.shares_board:
        v = best_five_variant(v, "pokerlut.cuda.showdown")
    t = device_tables("high" if v.rule.shares_board else v)
    on_device = is_device_array(holes)
    if on_device:
        holes, wrap = device_view(holes)
        board = device_view(board)[0] if board is not None and is_device_array(board) else board
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
    strengths = cuda.device_array((n_deals, n_players), np.uint16)
    winners = cuda.device_array((n_deals, n_players), np.bool_)
    shares = cuda.device_array((n_deals, n_players), np.float64)
    if n_deals:
        first_bad = cuda.to_device(np.array([NO_BAD_ROW], np.int64))
        blocks, threads = launch_shape(n_deals)
        showdown_kernel(n_hole, n_board, bool(check))[blocks, threads](holes, board, strengths, winners, shares, t,
                                                                       first_bad)
        bad = int(first_bad.copy_to_host()[0])
        if bad != NO_BAD_ROW:
            _raise_for_device_deal(holes, board, bad, v, batched)
    results = (strengths, winners, shares)
    if not batched:
        results = tuple(r[0] for r in results)
    if wrap is None:
        return DeviceShowdown(*(r.copy_to_host() for r in results))
    return DeviceShowdown(*(wrap(r) for r in results))


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


@lru_cache(maxsize=None)
def omaha_showdown_kernel(n_hole: int, n_board: int, hilo: bool, checked: bool):
    """Per deal: validate it whole, rank every player's Omaha hand, share the pot (hi-lo: half to
    each side, as :func:`pokerlut.showdown` shares it)."""

    @cuda.jit
    def kernel(holes, boards, high, low, high_winners, low_winners, shares, scoops, th, tl, first_bad):
        d = cuda.grid(1)
        stride = cuda.gridsize(1)
        board = cuda.local.array(5, np.uint64)
        while d < high.shape[0]:
            players = high.shape[1]
            bad = False  # a card outside the deck: strength 0
            repeated = False  # a card dealt twice: ranked as given unless checked
            seen = U64(0)
            for p in range(players + 1):
                width = n_board if p == players else n_hole
                for j in range(width):
                    v = np.int64(boards[d, j]) if p == players else np.int64(holes[d, p, j])
                    if v < 0 or v > 51 or has_poison(th.cards[U64(v)]):
                        bad = True
                    else:
                        bit = U64(1) << U64(v)
                        if seen & bit:
                            repeated = True
                        seen |= bit
            for j in range(n_board):
                board[j] = U64(boards[d, j]) if not bad else U64(0)
            best = np.uint16(0)
            best_low = np.uint16(1)
            for p in range(players):
                h = np.uint16(0)
                lo = np.uint16(1)
                if not bad:
                    h, lo = omaha_values(holes[d, p], 0, n_hole, board, n_board, th, tl, hilo)
                    lo = max(lo, np.uint16(1))
                high[d, p] = h
                best = max(best, h)
                if hilo:
                    low[d, p] = lo
                    best_low = max(best_low, lo)
            n_high = 0
            n_low = 0
            for p in range(players):
                high_winners[d, p] = high[d, p] == best
                if high[d, p] == best:
                    n_high += 1
                if hilo:
                    low_winners[d, p] = best_low > 1 and low[d, p] == best_low
                    if low_winners[d, p]:
                        n_low += 1
            for p in range(players):
                if n_low:
                    share = (np.float64(high_winners[d, p] * n_low + low_winners[d, p] * n_high)
                             / np.float64(2 * n_high * n_low))
                else:
                    share = 1.0 / n_high if high_winners[d, p] else 0.0
                shares[d, p] = share
                if hilo:
                    scoops[d, p] = share == 1.0
            if (bad or repeated) and checked:
                cuda.atomic.min(first_bad, 0, d)
            d += stride

    return kernel


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
