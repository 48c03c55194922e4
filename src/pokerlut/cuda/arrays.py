"""CUDA arrays of any library: a numba view of a CuPy, PyTorch, JAX or numba device array (through
``__cuda_array_interface__`` or DLPack) and the way back to the caller's library; card rows of a device
array, and the CPU's error for a bad one (:mod:`pokerlut.cuda.batch` re-exports them)."""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from .._input import hand_rows, raise_for_rows
from ..variants import Variant
from ._support import simulated
from .devices import require_on_current_device
from .device import cuda

__all__ = ["DLPACK_CUDA", "DLPACK_HOST", "dlpack_device", "is_device_array", "device_view", "rows_view", "reshaped",
           "raise_for_device_row"]


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


def device_view(x: Any, what: str = "arrays") -> tuple[Any, Callable[[Any], Any]]:
    """``(numba device array viewing x, wrap)``: ``wrap(result)`` gives a numba device array result
    back as ``x``'s library gives arrays, on x's device: CuPy, PyTorch, any library with a
    ``from_dlpack`` (JAX), numba's own otherwise.  No library is imported that the input is not of.
    An array on another device than the one the call runs on is a ``ValueError`` naming both
    (:func:`pokerlut.cuda.devices.require_on_current_device`, ``what`` naming the input)."""
    from numba.cuda.cudadrv import devicearray

    require_on_current_device(x, what)

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


def reshaped(out, lead: tuple[int, ...]):
    """Results of rows ``(N,)`` in the input's leading shape ``lead``.

    >>> reshaped(np.zeros(6), (2, 3)).shape, reshaped(np.zeros(6), (6,)).shape
    ((2, 3), (6,))
    """
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

