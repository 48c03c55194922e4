"""Which CUDA device pokerlut's GPU calls run on, when a machine has several.

Every call runs on numba-cuda's current device of the calling thread (device 0 unless the
program chose another).  Two ways to choose, one meaning:

* ``with pokerlut.cuda.use_device(1): ...``: every call inside runs on device 1 (numba-cuda's own
  ``cuda.gpus[1]`` context, so your own kernels there do too); the previous device is current again
  after the block, error or not;
* ``device=1`` on a call of :mod:`pokerlut.cuda` (``evaluate``, ``exact_equity``, ...): that call
  alone, as if it were inside ``use_device(1)``.

An index is an ``int`` (a ``bool`` is not one): a ``TypeError`` otherwise, and a ``ValueError``
naming it and how many devices there are when it is negative or past the last.  The tables are
uploaded to each device on its first use there and kept per device.  **CUDA arrays are not moved**:
an input that lives on another device than the one the call runs on is a ``ValueError`` naming
both (run the call on the array's device, or copy the array there); a call never reads another
device's memory, nor copies it behind your back.

Importing this module imports nothing of numba-cuda; the first call that asks for a device does.

>>> with use_device(0) as index:
...     index
0
"""

from __future__ import annotations

from contextlib import contextmanager, nullcontext
from typing import Any, ContextManager, Iterator

import numpy as np

from ._support import cuda_module, simulated

#: DLPack's device type of CUDA device memory (``__dlpack_device__()[0]``).
_DLPACK_CUDA = 2

__all__ = ["device_count", "check_index", "use_device", "on_device", "current_index", "array_device",
           "require_on_current_device"]


def device_count() -> int:
    """How many CUDA devices pokerlut can run on here (1 in numba-cuda's simulator); the error of
    :func:`pokerlut.cuda.require` when there is none.

    >>> device_count() >= 1
    True
    """
    cuda = cuda_module()
    return 1 if simulated() else len(cuda.gpus)


def check_index(index: Any, what: str = "device") -> int:
    """``index`` as an ``int`` when it names a device here: a ``TypeError`` when it is not an
    integer (a ``bool`` is not), a ``ValueError`` naming it and the count of devices when it is
    negative or past the last.

    >>> check_index(0)
    0
    >>> check_index(-1)
    Traceback (most recent call last):
    ...
    ValueError: device must be a CUDA device index 0 or more, got -1
    """
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
        raise TypeError(f"{what} must be the integer index of a CUDA device, got {index!r} "
                        f"({type(index).__name__})")
    index = int(index)
    if index < 0:
        raise ValueError(f"{what} must be a CUDA device index 0 or more, got {index}")
    count = device_count()
    if index >= count:
        plural = "device" if count == 1 else "devices"
        raise ValueError(f"{what} {index} does not exist: this machine has {count} CUDA {plural} "
                         f"(indices 0..{count - 1})")
    return index


@contextmanager
def use_device(index: int) -> Iterator[int]:
    """Run every pokerlut GPU call of the block on CUDA device ``index`` (checked by
    :func:`check_index`); yields the index.  The device current before is current again after the
    block; blocks nest.

    >>> with use_device(0):
    ...     current_index()
    0
    """
    index = check_index(index)
    cuda = cuda_module()
    if simulated():  # one device, always current
        yield index
        return
    with cuda.gpus[index]:
        yield index


def on_device(device: int | None) -> ContextManager:
    """``use_device(device)``, or nothing for ``None`` (the current device): what a call's
    ``device=`` option enters."""
    return nullcontext() if device is None else use_device(device)


def current_index() -> int:
    """The index of the device calls run on now (0 in the simulator)."""
    cuda = cuda_module()
    if simulated():
        return 0
    return int(cuda.get_current_device().id)


def array_device(x: Any) -> int | None:
    """The index of the CUDA device whose memory ``x`` lives in: a DLPack export's device id, else
    the driver's answer for a ``__cuda_array_interface__`` pointer (0 in the simulator); ``None``
    where it cannot tell (an empty array, managed memory the driver places itself).

    >>> array_device(np.zeros(3)) is None
    True
    """
    export = getattr(x, "__dlpack_device__", None)
    if export is not None and not isinstance(x, np.ndarray):
        kind, index = export()
        if int(kind) == _DLPACK_CUDA:
            return int(index)
    interface = getattr(x, "__cuda_array_interface__", None)
    if interface is None:
        return None
    if simulated():
        return 0
    pointer = int(interface["data"][0] or 0)
    if pointer == 0:
        return None
    try:
        from cuda.bindings import driver as binding
        from numba.cuda.cudadrv.driver import driver

        attribute = binding.CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL
        return int(driver.cuPointerGetAttribute(attribute, binding.CUdeviceptr(pointer)))
    except Exception:  # memory the driver does not place on one device
        return None


def require_on_current_device(x: Any, what: str) -> None:
    """Nothing when the CUDA array ``x`` lives on the device calls run on now (or where that cannot be
    told); else the ``ValueError`` naming both devices.

    >>> require_on_current_device(np.zeros(3), "hands")
    """
    where = array_device(x)
    if where is None:
        return
    here = current_index()
    if where != here:
        raise ValueError(f"the {what} live on CUDA device {where}, but this call runs on device {here}: pass "
                         f"device={where} (or call it inside pokerlut.cuda.use_device({where})), or copy them to "
                         f"device {here}; pokerlut.cuda never reads another device's memory")
