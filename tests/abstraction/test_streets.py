"""Whole-street tables: the files, what an interrupted run resumes to (the same bytes), Dask, and
bad arguments.  (The numbers themselves are checked against brute force in test_handstrength.py.)"""

from __future__ import annotations

import json

import numpy as np
import pytest

import pokerlut
from pokerlut import _threads, config, iso
from pokerlut.abstraction import streets


def _bytes(table, classes) -> dict[str, bytes]:
    """Each file's header and the bytes of the entries of board classes ``classes`` (the files are
    created sparse, zero elsewhere: another test checks that)."""
    offsets = iso.street_indexer(streets.STREETS[table.street], table.by_round).board_offsets
    lo, hi = int(offsets[classes[0]]), int(offsets[classes[1]])
    out = {}
    for k, path in table.files.items():
        array = np.load(path, mmap_mode="r")
        with open(path, "rb") as f:
            header = f.read(array.offset)
        out[k] = header + array[lo:hi].tobytes() + str(path.stat().st_size).encode()
    return out


@pytest.mark.parametrize("street,kwargs,classes", [("turn", {"bins": 5}, (3, 40)),
                                                   ("river", {"dtype": "uint16"}, (0, 300))])
def test_an_interrupted_run_resumes_to_the_same_bytes(tmp_path, monkeypatch, street, kwargs, classes):
    fresh = streets.street_table(street, tmp_path / "fresh", board_classes=classes, progress=False, **kwargs)
    monkeypatch.setattr(config, "BLOCK_WORK", 1 << 16)  # many small blocks
    real = streets.compute_block
    calls = []

    def failing(plan, lo, hi, scratch=None):
        calls.append(lo)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(plan, lo, hi, scratch)

    monkeypatch.setattr(streets, "compute_block", failing)
    with pytest.raises(KeyboardInterrupt):
        streets.street_table(street, tmp_path / "cut", board_classes=classes, progress=False, parallel=False,
                             checkpoint_seconds=0, **kwargs)
    state = json.loads((tmp_path / "cut" / f"{street}_checkpoint.json").read_text())
    assert state["done"] and state["done"][0][0] == classes[0] and state["done"][0][1] < classes[1]
    monkeypatch.setattr(streets, "compute_block", real)
    resumed = streets.street_table(street, tmp_path / "cut", board_classes=classes, progress=False, **kwargs)
    assert resumed.resumed_from == state["done"][0][1] - classes[0] and resumed.done == classes[1] - classes[0]
    assert _bytes(resumed, classes).keys() == _bytes(fresh, classes).keys() == set(fresh.files)
    assert _bytes(resumed, classes) == _bytes(fresh, classes)
    again = streets.street_table(street, tmp_path / "cut", board_classes=classes, progress=False, **kwargs)
    assert again.resumed_from == again.done == classes[1] - classes[0]  # nothing left to do


def test_the_files_hold_the_street_in_index_order(tmp_path):
    t = streets.street_table("river", tmp_path, board_classes=(10, 13), progress=False)
    hs = np.load(t.files["hs"], mmap_mode="r")
    assert hs.shape == (iso.count(5),) and hs.dtype == np.float32
    street = iso.street_indexer(5)
    lo, hi = street.board_offsets[10], street.board_offsets[13]
    canonical = iso.unindex(np.arange(lo, hi), 5)
    want = pokerlut.hand_strength(canonical.holes, canonical.boards)
    assert np.allclose(hs[lo:hi], want, atol=1e-7)
    assert not hs[:lo].any() and not hs[hi:hi + 1000].any()  # the rest is not computed yet
    u = streets.street_table("river", tmp_path / "u", dtype="uint16", board_classes=(10, 13), progress=False)
    half = np.load(u.files["hs"], mmap_mode="r")[lo:hi]
    assert np.array_equal((half / 1980).astype(np.float32), hs[lo:hi])


def test_a_flop_table_block_against_the_batch_rollout(tmp_path):
    t = streets.street_table("flop", tmp_path, bins=8, board_classes=(100, 101), progress=False, dtype="float64")
    street = iso.street_indexer(3)
    lo, hi = street.board_offsets[100], street.board_offsets[101]
    picks = np.arange(lo, hi, 37)
    canonical = iso.unindex(picks, 3)
    r = pokerlut.abstraction.rollout(canonical.holes, canonical.boards, bins=8)
    assert np.allclose(np.load(t.files["ehs"])[picks], r.ehs, atol=1e-12)
    assert np.allclose(np.load(t.files["ehs2"])[picks], r.ehs2, atol=1e-12)
    assert np.array_equal(np.load(t.files["hist"])[picks], np.rint(r.histogram * 1081))


def test_dask_gives_the_same_bytes(tmp_path):
    pytest.importorskip("dask")
    import pokerlut.dask as pdask

    local = streets.street_table("turn", tmp_path / "local", bins=4, board_classes=(0, 30), progress=False)
    remote = pdask.street_table("turn", tmp_path / "dask", bins=4, board_classes=(0, 30), tasks=5, progress=False)
    assert remote.done == 30 and _bytes(remote, (0, 30)) == _bytes(local, (0, 30))
    more = pdask.street_table("turn", tmp_path / "dask", bins=4, board_classes=(0, 40), tasks=3, progress=False)
    assert more.resumed_from == 30 and more.done == 40


def test_a_checkpoint_of_other_parameters_is_refused(tmp_path):
    streets.street_table("turn", tmp_path, bins=4, board_classes=(0, 1), progress=False)
    with pytest.raises(ValueError, match="other parameters.*restart=True"):
        streets.street_table("turn", tmp_path, bins=5, board_classes=(0, 1), progress=False)
    t = streets.street_table("turn", tmp_path, bins=5, board_classes=(0, 1), progress=False, restart=True)
    assert t.done == 1 and np.load(t.files["hist"], mmap_mode="r").shape[1] == 5


@pytest.mark.parametrize("kwargs,error,match", [
    ({"street": "preflop"}, ValueError, "street is one of 'flop', 'turn', 'river'"),
    ({"street": "flop", "dtype": "uint16"}, ValueError, "dtype for the flop is one of float32, float64"),
    ({"street": "river", "dtype": "int8"}, ValueError, "dtype for the river is one of"),
    ({"street": "flop", "bins": 0}, ValueError, "bins must be from 1"),
    ({"street": "turn", "board_classes": (5, 2)}, ValueError, "board_classes must be"),
    ({"street": "turn", "board_classes": (0, 10 ** 9)}, ValueError, "board_classes must be"),
    ({"street": "turn", "by_round": "yes"}, TypeError, "by_round must be True or False"),
])
def test_bad_arguments(tmp_path, kwargs, error, match):
    with pytest.raises(error, match=match):
        streets.street_table(folder=tmp_path, progress=False, **kwargs)
