"""The one-hand entry point's two ways in (kernels/one_hand.py): the Python builtin made of a
compiled function, and the ctypes call used where the interpreter's ``bytes`` layout is not the
one the builtin reads.  Both answer exactly the batch kernels' strengths, and 0 for whatever the
batch path must name."""

from __future__ import annotations

import numpy as np

import pokerlut
from pokerlut.kernels import one_hand
from pokerlut.kernels.registry import one_hand_entry
from pokerlut.tables import load_table_set


def words(game: str) -> np.ndarray:
    t = load_table_set(game)
    arrays = [t[name] for name in one_hand.TABLE_ORDER]
    return np.array([x for a in arrays for x in (a.ctypes.data, a.shape[0])] + [int(t.subset_rare)], np.uint64)


def test_the_builtin_and_the_ctypes_call_agree_with_the_batch_kernels():
    assert one_hand.python_layout_ok()
    assert one_hand_entry() is one_hand.python_callable
    import ctypes

    call = ctypes.PYFUNCTYPE(ctypes.c_int64, ctypes.c_char_p, ctypes.c_int64, ctypes.c_void_p)(
        one_hand.ctypes_entry().address)
    rng = np.random.default_rng(4)
    for game in ("high", "deuce-seven-low"):
        w = words(game)
        builtin = one_hand.python_callable(w)
        for k in (5, 6, 7):
            good = pokerlut.random_hands(300, k, wild_fraction=0.3 if game == "high" else 0.0, max_wilds=k, seed=k)
            bad = rng.integers(0, 256, (300, k)).astype(np.uint8)
            rows = np.concatenate([good, bad])
            expected = np.where(_valid(rows, game), pokerlut.evaluate(rows, check=False, variant=game), 0)
            for row, e in zip(rows, expected):
                ids = row.tobytes()
                assert builtin(ids) == call(ids, len(ids), w.ctypes.data) == e
        for other in (b"", b"\x00" * 4, b"\x00\x04\x08\x0c\x11" * 2, "As Ks Qs Js Ts", [0, 4, 8, 12, 17], None, 5):
            assert builtin(other) == 0


def _valid(rows: np.ndarray, game: str) -> np.ndarray:
    ok = np.ones(len(rows), bool)
    for i, row in enumerate(rows):
        try:
            pokerlut.evaluate(row, variant=game)
        except ValueError:
            ok[i] = False
    return ok
