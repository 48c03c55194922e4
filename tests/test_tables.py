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


FIVE_CARD_TABLES = ["card_info", "card_pairs", "flush5", "hash5_values", "hash5_displacement", "hash5_params",
                    "hand_values"]


def test_tables_fit_the_size_budgets(repo_root):
    files = json.loads((repo_root / "tables" / "manifest.json").read_text())["files"]
    assert sum(files[f"{name}.npy"]["bytes"] for name in FIVE_CARD_TABLES) <= 1_000_000
    assert sum(info["bytes"] for info in files.values()) <= 2_000_000


def test_check_mode_reports_a_changed_table(tmp_path, repo_root, regenerated, monkeypatch):
    # --check regenerates; reuse this module's generation instead of building everything twice more
    fresh = {p.stem: np.load(p) for p in regenerated.glob("*.npy")}
    monkeypatch.setattr(generate, "build_tables", lambda: fresh)
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


@pytest.mark.parametrize("n_cards, n_keys", [(5, 8_555), (6, 26_950), (7, 76_155)])
def test_perfect_hash_is_collision_free_over_all_keys(n_cards, n_keys):
    """Keys: rank multisets of n cards over 13 ranks + the wild, no natural rank more than 4 times."""
    from pokerlut.build.perfect_hash import PerfectHash

    keys = np.array(sorted({generate.shape_key(c, w) for c, w in generate.offsuit_shapes(n_cards)}), dtype=np.uint64)
    assert len(keys) == n_keys
    t = load_tables()
    ph = PerfectHash.from_tables(t[f"hash{n_cards}_params"], t[f"hash{n_cards}_displacement"])
    verify_perfect_hash(ph, keys)
    # every key's slot holds a valid strength, every other slot is empty
    values = t[f"hash{n_cards}_values"]
    assert (values[ph.slots(keys)] > 0).all()
    assert np.count_nonzero(values) == len(keys)


def test_perfect_hash_builder_rejects_too_many_keys():
    with pytest.raises(ValueError, match="do not fit"):
        build_perfect_hash(range(1, 40), slot_bits=5, bucket_bits=2)


def test_perfect_hash_builder_is_deterministic():
    keys = [p * q for p in range(2, 200) for q in range(p, 200)]
    a = build_perfect_hash(keys, slot_bits=15, bucket_bits=11)
    b = build_perfect_hash(keys, slot_bits=15, bucket_bits=11)
    assert a.multiplier == b.multiplier and np.array_equal(a.displacement, b.displacement)
