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
  ``variant="omaha"`` / ``"omaha-hilo"`` (:mod:`.omaha_equity`; a hand against ``"random"``
  preflop exactly: :mod:`.omaha_random`); :func:`river_hand_strength` and
  the street tables' entries, river, turn and flop (:mod:`.streets`), by the CPU's sorted board scan
  where hands share a board (:mod:`.street_scan`); :func:`street_table`, a whole street's files
  written as :func:`pokerlut.street_table` writes them (:mod:`.street_tables`).
* Device functions for your own ``@cuda.jit`` kernels: :mod:`pokerlut.cuda.device`.
* Several GPUs: every call runs on the calling thread's current device; ``device=n`` on any call
  of this module, or ``with use_device(n):`` around calls, picks device ``n`` (:mod:`.devices`: an index that
  does not exist is a ``ValueError`` naming the count; CUDA arrays on another device are refused,
  never moved).

The guide is ``docs/gpu.md``; numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1``) runs all of it on
a CPU, slowly, which is how it is tested without a GPU.

>>> isinstance(available(), bool)
True
"""

from __future__ import annotations

from typing import Any

from ._support import INSTALL, cuda_module, reason, simulated
from .devices import device_count, on_device, use_device

__all__ = ["available", "require", "device_info", "device_count", "use_device", "evaluate", "category", "showdown", "evaluate_omaha",
           "strength_histogram",
           "category_counts", "exact_equity", "monte_carlo_equity", "river_hand_strength", "street_table", "INSTALL"]


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
    """Every device pokerlut's GPU calls can run on, in words: each one's index, name, compute
    capability and multiprocessors (the one calls run on now marked), numba-cuda's version;
    ``"no CUDA device: <reason>"`` when there is none.

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
    from .devices import current_index

    cuda = cuda_module()
    current = current_index()
    described = []
    for device in cuda.gpus:  # attributes of each device, read without making it current
        name = device.name.decode() if isinstance(device.name, bytes) else str(device.name)
        major, minor = device.compute_capability
        mark = " (current)" if int(device.id) == current and len(cuda.gpus) > 1 else ""
        described.append(f"{'' if len(cuda.gpus) == 1 else f'{int(device.id)}: '}{name} (compute capability "
                         f"{major}.{minor}, {device.MULTIPROCESSOR_COUNT} multiprocessors){mark}")
    head = "" if len(described) == 1 else f"{len(described)} CUDA devices: "
    return f"{head}{'; '.join(described)}, numba-cuda {version('numba-cuda')}"


def evaluate(hands: Any, *, check: bool = True, variant: str = "high", device: int | None = None,
             **options: Any) -> Any:
    """Strength of every hand on the device (:func:`pokerlut.cuda.batch.evaluate`); ``device``: the
    index of the CUDA device it runs on (default: the current one; :func:`use_device`)."""
    from . import batch

    with on_device(device):
        return batch.evaluate(hands, check=check, variant=variant, **options)


def category(strengths: Any, variant: str = "high", *, device: int | None = None) -> Any:
    """Category of every strength on the device (:func:`pokerlut.cuda.batch.category`); ``device`` as
    for :func:`evaluate`."""
    from . import batch

    with on_device(device):
        return batch.category(strengths, variant)


def showdown(holes: Any, board: Any = None, *, check: bool = True, variant: str = "high",
             device: int | None = None) -> Any:
    """Showdowns on the device (:func:`pokerlut.cuda.batch.showdown`); ``device`` as for :func:`evaluate`."""
    from . import batch

    with on_device(device):
        return batch.showdown(holes, board, check=check, variant=variant)


def evaluate_omaha(holes: Any, board: Any, *, variant: str = "omaha", check: bool = True,
                   device: int | None = None) -> Any:
    """Omaha and Omaha hi-lo hands on the device (:func:`pokerlut.cuda.omaha.evaluate_omaha`);
    ``device`` as for :func:`evaluate`."""
    from . import omaha

    with on_device(device):
        return omaha.evaluate_omaha(holes, board, variant=variant, check=check)


def strength_histogram(n_cards: int, variant: str = "high", *, device: int | None = None) -> Any:
    """Every hand counted by strength, enumerated on the device
    (:func:`pokerlut.cuda.engines.strength_histogram`); ``device`` as for :func:`evaluate`."""
    from . import engines

    with on_device(device):
        return engines.strength_histogram(n_cards, variant)


def category_counts(n_cards: int, variant: str = "high", *, device: int | None = None) -> Any:
    """Every hand counted by category, on the device (:func:`pokerlut.cuda.engines.category_counts`);
    ``device`` as for :func:`evaluate`."""
    from . import engines

    with on_device(device):
        return engines.category_counts(n_cards, variant)


def _shares_board(variant: Any) -> bool:
    """Whether ``variant`` names an Omaha game (a name no game has is left to the callee's error)."""
    from ..variants import get_variant

    try:
        return get_variant(variant).rule.shares_board
    except (ValueError, TypeError):
        return False


def exact_equity(players: Any, board: Any = "", dead: Any = "", *, variant: str = "high",
                 device: int | None = None, **options: Any) -> Any:
    """Exact equity of hands and ranges over every board, on the device: Hold'em
    (:func:`pokerlut.cuda.engines.exact_equity`), or Omaha and Omaha hi-lo with ``variant="omaha"`` /
    ``"omaha-hilo"`` (:func:`pokerlut.cuda.omaha_equity.omaha_exact_equity`; a 4-card hand or range
    against ``"random"`` preflop: :mod:`pokerlut.cuda.omaha_random`); ``options``: ``launch``,
    ``chunk``, and for Hold'em ``symmetric`` and ``method`` (``"sweep"``: the sorting sweep of
    heads-up ranges, :mod:`pokerlut.cuda.sweep`; ``"enumerate"``; ``None``: as the CPU's cost model
    chooses); ``device`` as for :func:`evaluate`."""
    with on_device(device):
        if _shares_board(variant):
            from . import omaha_equity

            return omaha_equity.omaha_exact_equity(players, board, dead, variant=variant, **options)
        from . import engines

        return engines.exact_equity(players, board, dead, variant=variant, **options)


def monte_carlo_equity(players: Any, board: Any = "", dead: Any = "", *, trials: int = 1_000_000, seed: int = 0,
                       variant: str = "high", device: int | None = None, **options: Any) -> Any:
    """Monte Carlo equity on the device: Hold'em (:func:`pokerlut.cuda.engines.monte_carlo_equity`), or
    Omaha and Omaha hi-lo (:func:`pokerlut.cuda.omaha_equity.omaha_monte_carlo_equity`); ``options``:
    ``launch``, and for Omaha ``max_draws`` (the whole-deal draws a run of ranges may take); ``device``
    as for :func:`evaluate`."""
    with on_device(device):
        if _shares_board(variant):
            from . import omaha_equity

            return omaha_equity.omaha_monte_carlo_equity(players, board, dead, trials=trials, seed=seed,
                                                         variant=variant, **options)
        from . import engines

        return engines.monte_carlo_equity(players, board, dead, trials=trials, seed=seed, variant=variant,
                                          **options)


def river_hand_strength(holes: Any, boards: Any, *, half_points: bool = False, device: int | None = None) -> Any:
    """River hand strength against a random hand, on the device
    (:func:`pokerlut.cuda.streets.river_hand_strength`); ``device`` as for :func:`evaluate`."""
    from . import streets

    with on_device(device):
        return streets.river_hand_strength(holes, boards, half_points=half_points)


def street_table(street: str, folder: Any, *, device: int | None = None, **options: Any) -> Any:
    """A street's tables written into ``folder`` with the numbers computed on the device: the files,
    parameters and folder rules of :func:`pokerlut.street_table`, byte for byte
    (:func:`pokerlut.cuda.street_tables.street_table`); ``device`` as for :func:`evaluate`.  Without
    a device, the error of :func:`require`, before the folder is touched."""
    require()
    from . import street_tables

    with on_device(device):
        return street_tables.street_table(street, folder, **options)
