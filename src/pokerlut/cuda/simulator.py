"""numba-cuda's simulator without its lock convoy (pokerlut's tests and ``benchmarks/gpu.py --small`` use it).

The simulator runs each CUDA thread as a Python thread and takes two locks on every device-function
call (``kernelapi.swapped_cuda_module``).  A thread preempted while holding one makes the others
block on it in the kernel, and each hand-over then waits for a thread switch: a lock convoy.  With
several threads per block a kernel that makes thousands of device calls then runs hundreds of times
slower, at random (an Omaha hi-lo Monte Carlo check took over 30 minutes instead of 2 s).
:func:`yield_simulator_locks` swaps in locks whose waiters poll and yield the interpreter, which hands
it straight back to the holder.  It changes nothing on a real device.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict

from ._support import simulated

__all__ = ["YieldingLock", "yield_simulator_locks"]


class YieldingLock:
    """A lock whose waiters yield the interpreter (``time.sleep(0)``) instead of sleeping in the kernel.

    >>> lock = YieldingLock()
    >>> with lock:
    ...     lock.locked()
    True
    >>> lock.locked()
    False
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def locked(self) -> bool:
        return self._lock.locked()

    def __enter__(self) -> None:
        while not self._lock.acquire(blocking=False):
            time.sleep(0)

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


def yield_simulator_locks() -> bool:
    """Replace the simulator's per-call locks by :class:`YieldingLock` s when numba-cuda's simulator is
    on (``NUMBA_ENABLE_CUDASIM=1``); whether it did.  Call it before the first kernel launch.

    >>> yield_simulator_locks() == simulated()
    True
    """
    if not simulated():
        return False
    from numba.cuda.simulator import kernelapi

    kernelapi._locks_register_lock = YieldingLock()
    kernelapi._globals_locks = defaultdict(YieldingLock)
    return True
