"""The committed tables are exactly what the generator writes, and they load only when intact."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from pokerlut.build import generate
from pokerlut.build.perfect_hash import build_perfect_hash, verify_perfect_hash
from pokerlut.tables import load_tables, tables_dir


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory):
    out = tmp_path_factory.mktemp("tables")
    generate.write_tables(out)
    return out


def test_regenerated_tables_equal_committed_bytes(regenerated, repo_root):
    assert generate.compare_dirs(regenerated, repo_root / "tables") == []


def test_manifest_describes_every_file(repo_root):
    import hashlib

    folder = repo_root / "tables"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["generator_version"] == generate.GENERATOR_VERSION
    npy_files = sorted(p.name for p in folder.glob("*.npy"))
    assert sorted(manifest["files"]) == npy_files
    for name, info in manifest["files"].items():
        data = (folder / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"]
        array = np.load(folder / name)
        assert list(array.shape) == info["shape"] and str(array.dtype) == info["dtype"]


def test_five_card_tables_fit_the_size_budget(repo_root):
    manifest = json.loads((repo_root / "tables" / "manifest.json").read_text())
    assert sum(info["bytes"] for info in manifest["files"].values()) <= 1_000_000


def test_check_mode_reports_a_changed_table(tmp_path, repo_root):
    copy = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", copy)
    assert generate.main(["--check", "--out", str(copy)]) == 0
    raw = bytearray((copy / "flush5.npy").read_bytes())
    raw[-1] ^= 1
    (copy / "flush5.npy").write_bytes(bytes(raw))
    assert generate.main(["--check", "--out", str(copy)]) == 1


def test_a_corrupted_table_is_refused_at_load(tmp_path, repo_root):
    copy = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", copy)
    raw = bytearray((copy / "hash5_values.npy").read_bytes())
    raw[200] ^= 0xFF
    (copy / "hash5_values.npy").write_bytes(bytes(raw))
    with pytest.raises(ValueError, match="hash5_values.npy does not match its manifest"):
        load_tables(str(copy))


def test_loaded_tables_are_read_only():
    with pytest.raises(ValueError):
        load_tables()["flush5"][0] = 1


def test_tables_dir_env_override(monkeypatch, tmp_path):
    monkeypatch.setenv("POKERLUT_TABLES", str(tmp_path))
    assert tables_dir() != tmp_path  # no manifest there: falls through to the real tables
    (tmp_path / "manifest.json").write_text("{}")
    assert tables_dir() == tmp_path


def test_perfect_hash_is_collision_free_over_all_keys():
    keys = {generate.shape_key(c, w) for c, w in generate.offsuit_shapes(5)}
    assert len(keys) == 8555  # rank multisets of 5 cards over 13 ranks + the wild, no rank 5 times
    t = load_tables()
    params = t["hash5_params"]
    from pokerlut.build.perfect_hash import PerfectHash

    ph = PerfectHash(int(params[0]), 64 - int(params[1]), int(params[1]) - int(params[2]), t["hash5_displacement"])
    verify_perfect_hash(ph, np.array(sorted(keys), dtype=np.uint64))
    # every key's slot holds a valid strength, every other slot is empty
    slots = ph.slots(np.array(sorted(keys), dtype=np.uint64))
    values = t["hash5_values"]
    assert (values[slots] > 0).all()
    assert np.count_nonzero(values) == len(keys)


def test_perfect_hash_builder_rejects_too_many_keys():
    with pytest.raises(ValueError, match="do not fit"):
        build_perfect_hash(range(1, 40), slot_bits=5, bucket_bits=2)


def test_perfect_hash_builder_is_deterministic():
    keys = [p * q for p in range(2, 200) for q in range(p, 200)]
    a = build_perfect_hash(keys, slot_bits=15, bucket_bits=11)
    b = build_perfect_hash(keys, slot_bits=15, bucket_bits=11)
    assert a.multiplier == b.multiplier and np.array_equal(a.displacement, b.displacement)
