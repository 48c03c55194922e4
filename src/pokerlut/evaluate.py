"""The public batch evaluator: numpy hands in, uint16 strengths out."""

from __future__ import annotations

import numpy as np

from . import _kernels5
from .tables import load_tables
from .validate import validate_hands

#: Batches of at least this many hands run on numba's threads by default (``parallel=None``).
PARALLEL_MIN_HANDS = 1 << 15

HAND_SIZES = (5,)


def _kernel_tables5() -> tuple[np.ndarray, ...]:
    t = load_tables()
    return (t["card_info"], t["card_pairs"], t["flush5"], t["hash5_values"], t["hash5_displacement"],
            t["hash5_params"])


def evaluate(hands, *, check: bool = True, parallel: bool | None = None) -> np.ndarray:
    """Strength of every hand: ``uint16``, higher is stronger, equal means a split pot.

    ``hands`` is anything of shape ``(..., 5)``: an integer array of card ids (``4 * rank +
    suit``, 52 for a wild card, any number of wilds per hand), nested lists, or card strings.
    The leading shape is kept; a single hand of shape ``(5,)`` gives a 0-d array.

    ``check=True`` (the default) rejects ids outside 0..52 and a natural card held twice with a
    ``ValueError`` naming the hand, position and value.  ``check=False`` skips that scan for
    speed; on bad input it returns garbage or reads outside the tables (it may crash the
    interpreter), so use it only on hands you built yourself.  ``parallel=None`` runs batches of
    ``PARALLEL_MIN_HANDS`` or more on numba's threads; ``True``/``False`` force either way.

    Strength scale: natural hands 1..7462 (``7463 - s`` is the Cactus Kev/treys rank), five of a
    kind 7463..7475.  See :func:`pokerlut.category` and :func:`pokerlut.describe`.

    >>> import pokerlut
    >>> int(pokerlut.evaluate("As Ks Qs Js Ts"))
    7462
    >>> pokerlut.evaluate(["Ah Ad 7c 7d 2s", "W 7h 7s 2c 2d"]).tolist()
    [4919, 7201]
    """
    flat, lead_shape = validate_hands(hands, HAND_SIZES, check=check, parallel=parallel)
    out = np.empty(flat.shape[0], dtype=np.uint16)
    use_parallel = flat.shape[0] >= PARALLEL_MIN_HANDS if parallel is None else parallel
    kernel = _kernels5.eval5_parallel if use_parallel else _kernels5.eval5_serial
    kernel(flat, out, *_kernel_tables5())
    return out.reshape(lead_shape)
