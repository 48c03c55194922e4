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


def arrays(game: str) -> tuple[list[np.ndarray], bool]:
    t = load_table_set(game)
    return [t[name] for name in one_hand.TABLE_ORDER], t.subset_rare


def words(game: str) -> np.ndarray:
    """The words, written out here from the tables (not by one_hand.table_words)."""
    tables, subset_rare = arrays(game)
    return np.array([x for a in tables for x in (a.ctypes.data, a.shape[0])] + [int(subset_rare)], np.uint64)


def test_the_builtin_and_the_ctypes_call_agree_with_the_batch_kernels():
    assert one_hand.python_layout_ok()
    assert one_hand_entry() is one_hand.python_callable
    import ctypes

    call = ctypes.PYFUNCTYPE(ctypes.c_int64, ctypes.c_char_p, ctypes.c_int64, ctypes.c_void_p)(
        one_hand.ctypes_entry().address)
    rng = np.random.default_rng(4)
    for game in ("high", "deuce-seven-low"):
        w = words(game)
        assert np.array_equal(one_hand.table_words(*arrays(game)), w)
        builtin = one_hand.python_callable(*arrays(game))
        through_ctypes = one_hand.ctypes_callable(*arrays(game))
        for k in (5, 6, 7):
            good = pokerlut.random_hands(300, k, wild_fraction=0.3 if game == "high" else 0.0, max_wilds=k, seed=k)
            bad = rng.integers(0, 256, (300, k)).astype(np.uint8)
            rows = np.concatenate([good, bad])
            expected = np.where(_valid(rows, game), pokerlut.evaluate(rows, check=False, variant=game), 0)
            for row, e in zip(rows, expected):
                ids = row.tobytes()
                assert builtin(ids) == call(ids, len(ids), w.ctypes.data) == through_ctypes(ids) == e
        for other in (b"", b"\x00" * 4, b"\x00\x04\x08\x0c\x11" * 2, "As Ks Qs Js Ts", [0, 4, 8, 12, 17], None, 5):
            assert builtin(other) == through_ctypes(other) == 0


def _valid(rows: np.ndarray, game: str) -> np.ndarray:
    ok = np.ones(len(rows), bool)
    for i, row in enumerate(rows):
        try:
            pokerlut.evaluate(row, variant=game)
        except ValueError:
            ok[i] = False
    return ok


LIFETIME = """
import gc
import numpy as np
import pokerlut
from pokerlut.evaluate import one_hand_strength
from pokerlut.tables import load_table_set, tables_dir

games = ("high", "short-deck", "deuce-seven-low")
rng = np.random.default_rng(31)
hands = {g: np.array([rng.choice(pokerlut.get_variant(g).deck, 7, replace=False) for _ in range(2000)], np.uint8)
         for g in games}
hands["high"][::3, 0] = 52  # wild cards too
expected = {g: pokerlut.evaluate(hands[g], variant=g, parallel=False).tolist() for g in games}
sizes = sorted({p.stat().st_size for g in games for p in (tables_dir() / g).glob("*.npy")})
for g in games:  # the one-hand ranker of each game made now, on the tables loaded now
    pokerlut.evaluate(hands[g][0].tolist(), variant=g)
for _ in range(3):
    load_table_set.cache_clear()
    gc.collect()
    # the freed tables' memory (the bytes each file was read into), taken back and written over
    garbage = [b"\\xa5" * (n + d) for n in sizes for d in (0, 1) for _ in range(3)]
    for g in games:
        # the short way itself (it falls back to the batch on a hand it finds bad)
        fast = [one_hand_strength(h, g) for h in hands[g].tolist()]
        assert all(s is not None for s in fast), (g, sum(s is None for s in fast), "hands refused")
        wrong = sum(int(s) != e for s, e in zip(fast, expected[g]))
        assert wrong == 0, (g, wrong, "hands ranked wrong")
        assert [int(pokerlut.evaluate(h, variant=g)) for h in hands[g].tolist()] == expected[g]
        assert pokerlut.evaluate(hands[g], variant=g, parallel=False).tolist() == expected[g]
    del garbage
print("same")
"""


def test_one_hand_ranks_after_the_table_cache_is_cleared_equal_the_batch():
    """The one-hand ranker holds the tables it reads: after load_table_set.cache_clear() and a
    garbage collection, with the memory the tables would have been freed from written over, 2,000
    hands one at a time still equal the batch, three times over, in three games (in a fresh
    process: a read of freed memory may crash)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONPATH=str(Path(pokerlut.__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-c", LIFETIME], capture_output=True, text=True, timeout=900, env=env)
    assert done.returncode == 0 and done.stdout.strip() == "same", (done.returncode, done.stderr[-2000:])
