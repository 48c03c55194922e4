"""Which ranking kernels run on this machine: the AVX2 key (:mod:`.simd`) or the scalar one.

The SIMD kernels are chosen when every one of these holds, else the scalar kernels run (the same
strengths, a little slower) and :func:`kernel_info` says why:

* ``POKERLUT_SIMD`` is not ``0`` (set it to ``0`` to force the scalar kernels);
* the CPU is x86-64 with AVX2, as llvmlite reports the host's features, and numba compiles for the
  host (``NUMBA_CPU_NAME`` unset or ``host``);
* the AVX2 kernels compiled on the installed numba: a failure (numba's internals move) is caught
  on the first call, reported once through :mod:`warnings`, and the scalar kernels take over;
* the game's cards have the standard card constants (:attr:`pokerlut.tables.TableSet.simd_fits`);
* for unchecked calls, the AVX2 key was not measurably slower than the scalar kernel on this CPU
  (:mod:`.calibrate` times both once per process and hand size: they give the same strengths).
"""

from __future__ import annotations

import os
import platform
import warnings
from functools import lru_cache

import numba

_failure: str | None = None  # why the SIMD kernels failed to compile, once they did


def _cpu_reason() -> str | None:
    """Why this machine cannot run the AVX2 kernels, or None."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return f"the CPU is {platform.machine()}, not x86-64"
    cpu = numba.config.CPU_NAME
    if cpu not in (None, "", "host"):
        return f"numba compiles for NUMBA_CPU_NAME={cpu}, not the host"
    try:
        import llvmlite.binding as llvm

        if not llvm.get_host_cpu_features().get("avx2", False):
            return "the CPU has no AVX2"
    except Exception as error:  # an llvmlite without the query: do not guess
        return f"the CPU's features could not be read ({error})"
    return None


@lru_cache(maxsize=1)
def _static_reason() -> str | None:
    if os.environ.get("POKERLUT_SIMD", "").strip() == "0":
        return "POKERLUT_SIMD=0"
    return _cpu_reason()


def simd_reason() -> str | None:
    """Why the SIMD kernels do not run here (None when they do).

    >>> simd_reason() is None or isinstance(simd_reason(), str)
    True
    """
    return _static_reason() or _failure


def simd_enabled() -> bool:
    """Whether ranking calls use the AVX2 key (for games whose card table fits it)."""
    return simd_reason() is None


def simd_failed(error: BaseException) -> None:
    """Record that the SIMD kernels could not be built: warn once, use the scalar kernels from now on.
    An ``OSError`` (out of memory, files, a full disk) is the system's failure, not the compiler's,
    and the warning says so."""
    global _failure
    if _failure is None:
        detail = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        if isinstance(error, OSError):
            _failure = f"the AVX2 kernels could not be built because of a system error ({detail})"
        else:
            _failure = f"the AVX2 kernels failed to compile on numba {numba.__version__}: {detail}"
        warnings.warn(f"pokerlut: {_failure}; using the scalar kernels", RuntimeWarning, stacklevel=3)


def host_cpu_name() -> str:
    """The CPU as llvmlite names it (``"unknown"`` if it cannot say).

    >>> isinstance(host_cpu_name(), str)
    True
    """
    try:
        import llvmlite.binding as llvm

        return llvm.get_host_cpu_name()
    except Exception:  # pragma: no cover - informational only
        return "unknown"
