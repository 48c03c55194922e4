"""The committed tables are exactly what the generator writes, follow the layout contract, and
load only when intact."""

from __future__ import annotations

import hashlib
import json
import shutil
from itertools import combinations_with_replacement

import numpy as np
import pytest

from pokerlut import layout
from pokerlut.constants import HAND_SIZES
from pokerlut.tablegen import generate
from pokerlut.tablegen.ladders import LADDERS
from pokerlut.tablegen.row_hash import build_row_hash
from pokerlut.tables import load_table_set, tables_dir

VARIANT_SETS = sorted(LADDERS)


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory):
    out = tmp_path_factory.mktemp("tables")
    generate.write_tables(out)
    return out


def test_regenerated_tables_equal_committed_bytes(regenerated, repo_root):
    assert generate.compare_dirs(regenerated, repo_root / "tables") == []


@pytest.mark.parametrize("name", VARIANT_SETS)
def test_manifest_describes_every_file(repo_root, name):
    folder = repo_root / "tables" / name
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["generator_version"] == generate.GENERATOR_VERSION
    assert sorted(manifest["files"]) == sorted(p.name for p in folder.glob("*.npy"))
    for file, info in manifest["files"].items():
        data = (folder / file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"]
        array = np.load(folder / file)
        assert list(array.shape) == info["shape"] and str(array.dtype) == info["dtype"]


def test_the_high_game_fits_the_size_budget(repo_root):
    files = json.loads((repo_root / "tables" / "high" / "manifest.json").read_text())["files"]
    assert sum(info["bytes"] for info in files.values()) <= 1_000_000


def test_check_mode_reports_a_changed_table(tmp_path, repo_root, regenerated, monkeypatch):
    # --check regenerates; reuse this module's generation instead of building everything again
    def copy_regenerated(out_dir, variants=None):
        shutil.copytree(regenerated, out_dir, dirs_exist_ok=True)

    monkeypatch.setattr(generate, "write_tables", copy_regenerated)
    copy = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", copy)
    assert generate.main(["--check", "--out", str(copy)]) == 0
    raw = bytearray((copy / "high" / "flush.npy").read_bytes())
    raw[-1] ^= 1
    (copy / "high" / "flush.npy").write_bytes(bytes(raw))
    assert generate.main(["--check", "--out", str(copy)]) == 1


def test_a_corrupted_table_is_refused_at_load(tmp_path, repo_root):
    copy = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", copy)
    raw = bytearray((copy / "high" / "values5.npy").read_bytes())
    raw[200] ^= 0xFF
    (copy / "high" / "values5.npy").write_bytes(bytes(raw))
    with pytest.raises(ValueError, match="values5.npy does not match its manifest"):
        load_table_set("high", str(copy))


def test_a_missing_table_names_the_folder_the_file_and_the_fix(tmp_path, repo_root):
    copy = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", copy)
    (copy / "high" / "bases6.npy").unlink()
    with pytest.raises(FileNotFoundError, match=r"bases6.npy is missing from .*high.*generate_tables.py"):
        load_table_set("high", str(copy))
    with pytest.raises(FileNotFoundError, match=r"no table set 'nosuch'"):
        load_table_set("nosuch", str(copy))


def test_loaded_tables_are_read_only():
    with pytest.raises(ValueError):
        load_table_set("high")["flush"][0] = 1


def test_tables_dir_env_override(monkeypatch, tmp_path):
    monkeypatch.setenv("POKERLUT_TABLES", str(tmp_path))
    assert tables_dir() == tmp_path
    monkeypatch.setenv("POKERLUT_TABLES", str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError, match="POKERLUT_TABLES=.*nowhere.*names no folder"):
        tables_dir()


def _multisets(n_cards, ranks, wild):
    symbols = list(ranks) + ([13] if wild else [])
    for m in combinations_with_replacement(symbols, n_cards):
        if all(m.count(r) <= 4 for r in ranks):
            yield [r for r in m if r != 13], m.count(13)


@pytest.mark.parametrize("name", ["high", "short-deck"])
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_every_multiset_has_its_own_key_and_slot(name, n_cards):
    """Rank keys are distinct for every multiset the game can hold (the wild card as a fourteenth
    rank), every key reaches a slot of its own holding a strength, and no other slot holds one."""
    ladder = LADDERS[name]
    t = load_table_set(name)
    keys = np.array([layout.rank_key(r, w) for r, w in _multisets(n_cards, ladder.ranks, ladder.wild)])
    assert len(np.unique(keys)) == len(keys)
    bases, values = t[layout.bases_name(n_cards)], t[layout.values_name(n_cards)]
    slots = np.array([layout.hash_index(int(k), bases) for k in keys])
    assert len(np.unique(slots)) == len(slots)
    assert (values[slots] > 0).all() and np.count_nonzero(values) == len(keys)


def test_every_key_whatever_indexes_inside_the_tables():
    for name in VARIANT_SETS:
        t = load_table_set(name)
        assert t.hand_sizes == tuple(getattr(LADDERS[name], "sizes", HAND_SIZES))
        if t.suit_sets:  # badugi: four suit keys index the values directly, clamped to a last entry of 0
            suit_keys, values = t[layout.SUIT_KEYS_TABLE], t[layout.values_name(4)]
            assert len(suit_keys) == 1 << layout.SUIT_SET_BITS and values[-1] == 0
            assert layout.bases_name(4) not in t.arrays
            continue
        for n_cards in t.hand_sizes:
            bases, values = t[layout.bases_name(n_cards)], t[layout.values_name(n_cards)]
            assert len(bases) == layout.N_ROWS
            assert int(bases.max()) + layout.COLUMN_MASK < len(values)


def test_card_table_follows_the_layout():
    cards = load_table_set("high")["cards"]
    assert cards.shape == (layout.CARD_TABLE_SIZE,)
    for c in range(52):
        rank, suit = divmod(c, 4)
        assert int(cards[c]) == (layout.RANK_MULTIPLIERS[rank] << layout.RANK_SHIFT) + (1 << (4 * suit))
        assert int(cards[layout.FIRST_CARD + c]) == int(cards[c]) + layout.SUIT_COUNTERS_START
    assert int(cards[52]) == (1 << layout.WILD_SHIFT) + (layout.WILD_MULTIPLIER << layout.RANK_SHIFT) + 0x1111
    assert all(int(cards[c]) == 1 << layout.POISON_SHIFT for c in range(53, 256))
    short = load_table_set("short-deck")["cards"]
    assert all(int(short[c]) == 1 << layout.POISON_SHIFT for c in [*range(16), 52])  # 2..5 and the wild


def test_row_hash_builder_is_deterministic_and_verified():
    rng = np.random.default_rng(1)
    keys = np.unique(rng.integers(0, 1 << layout.RANK_KEY_BITS, 3000))
    values = rng.integers(1, 7000, len(keys)).astype(np.uint16)
    a = build_row_hash(keys, values)
    b = build_row_hash(keys, values)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    index = (keys & layout.COLUMN_MASK) + a[0][keys >> layout.ROW_SHIFT].astype(np.int64)
    assert np.array_equal(a[1][index], values)
    with pytest.raises(ValueError, match="not distinct"):
        build_row_hash(np.array([3, 3]), np.array([1, 2], np.uint16))
