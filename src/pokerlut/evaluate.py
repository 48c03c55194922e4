"""The public batch evaluator: numpy hands in, uint16 strengths out."""

from __future__ import annotations

import numpy as np

from . import _kernels5, _kernels7
from .tables import load_tables
from .validate import coerce_hands, raise_for_row, validate_hands

#: Batches of at least this many hands run on numba's threads by default (``parallel=None``).
PARALLEL_MIN_HANDS = 1 << 15

HAND_SIZES = (5, 6, 7)


def _kernel_tables(n_cards: int) -> tuple[np.ndarray, ...]:
    t = load_tables()
    if n_cards == 5:
        return (t["card_info"], t["card_pairs"], t["flush5"], t["hash5_values"], t["hash5_displacement"],
                t["hash5_params"])
    h = f"hash{n_cards}"
    return (t["card_info7"], t["card_pairs7"], t["flush7"], t[f"{h}_values"], t[f"{h}_displacement"],
            t[f"{h}_params"])


_KERNELS = {
    # (n_cards is 5, parallel, checked) -> kernel
    (True, False, False): _kernels5.eval5_serial,
    (True, True, False): _kernels5.eval5_parallel,
    (True, False, True): _kernels5.eval5_serial_checked,
    (True, True, True): _kernels5.eval5_parallel_checked,
    (False, False, False): _kernels7.eval67_serial,
    (False, True, False): _kernels7.eval67_parallel,
    (False, False, True): _kernels7.eval67_serial_checked,
    (False, True, True): _kernels7.eval67_parallel_checked,
}


def _rank(flat: np.ndarray, parallel: bool | None, checked: bool) -> tuple[np.ndarray, int]:
    """Rank a C-contiguous uint8 ``(N, k)`` array (k in 5..7): strengths, and with ``checked``
    the number of bad rows (which get strength 0)."""
    out = np.empty(flat.shape[0], dtype=np.uint16)
    use_parallel = flat.shape[0] >= PARALLEL_MIN_HANDS if parallel is None else parallel
    n_cards = flat.shape[1]
    bad = _KERNELS[n_cards == 5, use_parallel, checked](flat, out, *_kernel_tables(n_cards))
    return out, bad


def evaluate(hands, *, check: bool = True, parallel: bool | None = None) -> np.ndarray:
    """Strength of every hand: ``uint16``, higher is stronger, equal means a split pot.

    ``hands`` is anything of shape ``(..., k)`` with ``k`` 5, 6 or 7: an integer array of card ids
    (``4 * rank + suit``, 52 for a wild card, any number of wilds per hand), nested lists, or card
    strings.  A hand of 6 or 7 cards is worth its best 5-card subset (ranked directly from the 6-
    and 7-card tables, with no loop over subsets).  The leading shape is kept; a single hand of
    shape ``(k,)`` gives a 0-d array.  C-contiguous ``uint8`` input is used as it is (the fast
    path); other integer dtypes are checked, then converted.

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
    >>> int(pokerlut.evaluate("Ah Kh 7c 7d 2s Qh Jh")) == int(pokerlut.evaluate("Ah Ad 7c 7d Ks"))
    False
    """
    flat, lead_shape = coerce_hands(hands, HAND_SIZES)
    if flat.dtype == np.uint8:  # the fast path: validated inside the ranking kernel
        flat = np.ascontiguousarray(flat)
        out, bad = _rank(flat, parallel, check)
        if bad:
            raise_for_row(flat, int(np.argmin(out)), lead_shape)
    else:  # wider integers: scan before narrowing them to uint8
        flat, _ = validate_hands(flat, HAND_SIZES, check=check, parallel=parallel)
        out, _ = _rank(flat, parallel, False)
    return out.reshape(lead_shape)
