"""Whether pokerlut can run on a CUDA device here, and numba-cuda imported the one safe way.

Nothing here imports numba-cuda at import time: :func:`cuda_module` does, on first use, after two
checks that cost nothing (the package is installed; the numpy aliases it still names exist).

* **the extra**: ``pip install 'pokerlut[cuda]'`` installs numba-cuda; without it every GPU call is
  one ``ImportError`` saying so (numba's own deprecated ``numba.cuda`` is not used).
* **numpy 2.5**: numba-cuda 0.30 names ``numpy.row_stack``, an alias numpy 2.5 removed; where it is
  missing it is set to the function it stood for (``numpy.vstack``) before numba-cuda is imported,
  so the pairing works instead of failing at the first compile.
* **a device**: no driver, no device, or a driver too old is one ``RuntimeError`` naming the cause
  numba-cuda gives.  Under numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1``, kernels run as
  Python threads on the CPU) there is always a "device".
"""

from __future__ import annotations

import importlib.util
import os
from functools import lru_cache

import numpy as np

INSTALL = "pip install 'pokerlut[cuda]'"
#: numpy aliases numba-cuda still names, each with the function it stood for.
_NUMPY_ALIASES = (("row_stack", "vstack"),)


def simulated() -> bool:
    """Whether numba-cuda runs kernels in its simulator (``NUMBA_ENABLE_CUDASIM=1``).

    >>> simulated() == (os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0"))
    True
    """
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "0").strip() not in ("", "0")


def _restore_numpy_aliases() -> None:
    """Give numpy back the aliases numba-cuda names, where this numpy removed them."""
    for old, new in _NUMPY_ALIASES:
        if not hasattr(np, old) and hasattr(np, new):
            setattr(np, old, getattr(np, new))


@lru_cache(maxsize=1)
def _load():
    """``(numba.cuda module or None, why not)``, imported once."""
    if importlib.util.find_spec("numba_cuda") is None:
        return None, f"numba-cuda is not installed ({INSTALL})"
    _restore_numpy_aliases()
    try:
        from numba import cuda
    except Exception as error:  # a numba-cuda that does not fit this numba or numpy
        import numba

        return None, (f"numba-cuda failed to import with numba {numba.__version__} and numpy {np.__version__}: "
                      f"{type(error).__name__}: {error}")
    if getattr(cuda, "implementation", "") != "NVIDIA" and not simulated():
        return None, f"numba.cuda is numba's built-in CUDA target, not numba-cuda ({INSTALL})"
    if simulated():
        return cuda, None
    try:
        cuda.get_current_device()
    except Exception as error:  # no driver, no device, a driver too old
        text = " ".join(str(error).split()) or type(error).__name__
        return None, f"no CUDA device: {text}"
    return cuda, None


def reason() -> str | None:
    """Why pokerlut cannot run on a CUDA device here (None when it can).

    >>> reason() is None or isinstance(reason(), str)
    True
    """
    return _load()[1]


def cuda_module():
    """numba's ``cuda`` module (numba-cuda), or the error naming what is missing: an ``ImportError``
    without the extra, a ``RuntimeError`` without a device or driver."""
    cuda, why = _load()
    if cuda is None:
        if why.startswith("no CUDA device"):
            raise RuntimeError(f"pokerlut.cuda: {why}")
        raise ImportError(f"pokerlut.cuda: {why}")
    return cuda
