"""pokerlut on an NVIDIA GPU (numba-cuda, ``pip install 'pokerlut[cuda]'``): the same tables and answers.

Importing ``pokerlut`` never imports numba-cuda, nor does importing this package: the first call
below that needs the device does.  Without the extra, a driver or a device, every such call raises
one error naming what is missing (:func:`require`); :func:`available` asks without raising.

* CUDA arrays in, CUDA arrays out (numba device arrays, CuPy, PyTorch: anything exporting
  ``__cuda_array_interface__``, or DLPack on a CUDA device, as JAX does; the result is the
  input's library's array): :func:`evaluate`, :func:`category`, :func:`showdown`,
  :func:`evaluate_omaha`; numpy in, numpy out through pinned chunks (:mod:`.batch`).
* Engines that make their work on the device: :func:`strength_histogram` and
  :func:`category_counts` (every hand, enumerated in the kernel), :func:`exact_equity` (every board
  and every combination of the players' combos), :func:`monte_carlo_equity` (a counter-based generator: the same seed gives the same
  numbers whatever the launch shape) (:mod:`.engines`); Hold'em, and Omaha and Omaha hi-lo with
  ``variant="omaha"`` / ``"omaha-hilo"`` (:mod:`.omaha_equity`); :func:`river_hand_strength` and
  the street tables' entries, river, turn and flop (:mod:`.streets`).
* Device functions for your own ``@cuda.jit`` kernels: :mod:`pokerlut.cuda.device`.

The guide is ``docs/gpu.md``; numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1``) runs all of it on
a CPU, slowly, which is how it is tested without a GPU.

>>> isinstance(available(), bool)
True
"""

from __future__ import annotations

from typing import Any

from ._support import INSTALL, cuda_module, reason, simulated

__all__ = ["available", "require", "device_info", "evaluate", "category", "showdown", "evaluate_omaha",
           "strength_histogram",
           "category_counts", "exact_equity", "monte_carlo_equity", "river_hand_strength", "INSTALL"]


def available() -> bool:
    """Whether pokerlut can run on a CUDA device here (numba-cuda installed and a device present, or
    numba-cuda's simulator).

    >>> available() == (reason() is None)
    True
    """
    return reason() is None


def require() -> None:
    """Nothing when pokerlut can run on a CUDA device; else the error naming what is missing: an
    ``ImportError`` without numba-cuda (``pip install 'pokerlut[cuda]'``), a ``RuntimeError``
    without a driver or a device.

    >>> require() if available() else None
    """
    cuda_module()


def device_info() -> str:
    """The device pokerlut's GPU calls run on, in words: its name, compute capability and
    multiprocessors, numba-cuda's version; ``"no CUDA device: <reason>"`` when there is none.

    >>> isinstance(device_info(), str)
    True
    """
    why = reason()
    if why is not None:
        why = why.strip().rstrip(":").strip()  # the driver's own message may end in a dangling colon
        return why if why.startswith("no CUDA device") else f"no CUDA device: {why}"
    from importlib.metadata import version

    if simulated():
        return f"numba-cuda {version('numba-cuda')} simulator (NUMBA_ENABLE_CUDASIM=1): kernels run on the CPU"
    device = cuda_module().get_current_device()
    name = device.name.decode() if isinstance(device.name, bytes) else str(device.name)
    major, minor = device.compute_capability
    return (f"{name} (compute capability {major}.{minor}, {device.MULTIPROCESSOR_COUNT} multiprocessors), "
            f"numba-cuda {version('numba-cuda')}")


def evaluate(hands: Any, *, check: bool = True, variant: str = "high", **options: Any) -> Any:
    """Strength of every hand on the device (:func:`pokerlut.cuda.batch.evaluate`)."""
    from . import batch

    return batch.evaluate(hands, check=check, variant=variant, **options)


def category(strengths: Any, variant: str = "high") -> Any:
    """Category of every strength on the device (:func:`pokerlut.cuda.batch.category`)."""
    from . import batch

    return batch.category(strengths, variant)


def showdown(holes: Any, board: Any = None, *, check: bool = True, variant: str = "high") -> Any:
    """Showdowns on the device (:func:`pokerlut.cuda.batch.showdown`)."""
    from . import batch

    return batch.showdown(holes, board, check=check, variant=variant)


def evaluate_omaha(holes: Any, board: Any, *, variant: str = "omaha", check: bool = True) -> Any:
    """Omaha and Omaha hi-lo hands on the device (:func:`pokerlut.cuda.omaha.evaluate_omaha`)."""
    from . import omaha

    return omaha.evaluate_omaha(holes, board, variant=variant, check=check)


def strength_histogram(n_cards: int, variant: str = "high") -> Any:
    """Every hand counted by strength, enumerated on the device (:func:`pokerlut.cuda.engines.strength_histogram`)."""
    from . import engines

    return engines.strength_histogram(n_cards, variant)


def category_counts(n_cards: int, variant: str = "high") -> Any:
    """Every hand counted by category, on the device (:func:`pokerlut.cuda.engines.category_counts`)."""
    from . import engines

    return engines.category_counts(n_cards, variant)


def _shares_board(variant: Any) -> bool:
    """Whether ``variant`` names an Omaha game (a name no game has is left to the callee's error)."""
    from ..variants import get_variant

    try:
        return get_variant(variant).rule.shares_board
    except (ValueError, TypeError):
        return False


def exact_equity(players: Any, board: Any = "", dead: Any = "", *, variant: str = "high", **options: Any) -> Any:
    """Exact equity of hands and ranges over every board, on the device: Hold'em
    (:func:`pokerlut.cuda.engines.exact_equity`), or Omaha and Omaha hi-lo with ``variant="omaha"`` /
    ``"omaha-hilo"`` (:func:`pokerlut.cuda.omaha_equity.omaha_exact_equity`); ``options``:
    ``launch``, ``chunk``, and for Hold'em ``symmetric`` and ``method`` (``"sweep"``: the sorting
    sweep of heads-up ranges, :mod:`pokerlut.cuda.sweep`; ``"enumerate"``; ``None``: as the CPU's
    cost model chooses)."""
    if _shares_board(variant):
        from . import omaha_equity

        return omaha_equity.omaha_exact_equity(players, board, dead, variant=variant, **options)
    from . import engines

    return engines.exact_equity(players, board, dead, variant=variant, **options)


def monte_carlo_equity(players: Any, board: Any = "", dead: Any = "", *, trials: int = 1_000_000, seed: int = 0,
                       variant: str = "high", **options: Any) -> Any:
    """Monte Carlo equity on the device: Hold'em (:func:`pokerlut.cuda.engines.monte_carlo_equity`), or
    Omaha and Omaha hi-lo (:func:`pokerlut.cuda.omaha_equity.omaha_monte_carlo_equity`); ``options``:
    ``launch``, and for Omaha ``max_draws`` (the whole-deal draws a run of ranges may take)."""
    if _shares_board(variant):
        from . import omaha_equity

        return omaha_equity.omaha_monte_carlo_equity(players, board, dead, trials=trials, seed=seed, variant=variant,
                                                     **options)
    from . import engines

    return engines.monte_carlo_equity(players, board, dead, trials=trials, seed=seed, variant=variant, **options)


def river_hand_strength(holes: Any, boards: Any, *, half_points: bool = False) -> Any:
    """River hand strength against a random hand, on the device
    (:func:`pokerlut.cuda.streets.river_hand_strength`)."""
    from . import streets

    return streets.river_hand_strength(holes, boards, half_points=half_points)
