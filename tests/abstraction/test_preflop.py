"""The exact preflop tables: their manifest and checksums, the identities they must satisfy, entries
against pokerlut.equity(exact=True), the generator's kernel against a brute force on single boards,
and the lookups."""

from __future__ import annotations

import hashlib
import itertools
import json
import shutil

import numpy as np
import pytest

import pokerlut
from pokerlut.abstraction import preflop
from pokerlut.kernels import registry
from pokerlut.kernels.handstrength import pair_table, preflop_scratch
from pokerlut.ranges import ALL_COMBOS, class_labels, combo_cells
from pokerlut.tables import load_table_set

BOARDS = 1_712_304  # C(48, 5)
LABELS = class_labels().reshape(-1).tolist()


@pytest.fixture(scope="module")
def tables():
    return preflop.preflop_tables()


def test_the_manifest_describes_every_file(repo_root):
    folder = repo_root / "tables" / "preflop"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["generator"] == "scripts/generate_preflop_tables.py"
    assert sorted(manifest["files"]) == sorted(p.name for p in folder.glob("*.npy")) == \
        ["pairs.npy", "ties.npy", "wins.npy"]
    for name, info in manifest["files"].items():
        data = (folder / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"] and len(data) == info["bytes"]
        array = np.load(folder / name)
        assert list(array.shape) == info["shape"] == [169, 169] and str(array.dtype) == info["dtype"] == "int64"


def test_a_corrupted_preflop_table_is_refused(tmp_path, repo_root):
    copy = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", copy)
    raw = bytearray((copy / "preflop" / "wins.npy").read_bytes())
    raw[-3] ^= 1
    (copy / "preflop" / "wins.npy").write_bytes(bytes(raw))
    with pytest.raises(ValueError, match="wins.npy does not match its manifest"):
        load_table_set("preflop", str(copy))


def test_the_pairs_are_the_conflict_free_pairs_of_combos(tables):
    rows, cols = combo_cells(ALL_COMBOS)
    cell = 13 * rows + cols
    masks = (np.uint64(1) << ALL_COMBOS[:, 0].astype(np.uint64)) | (np.uint64(1) << ALL_COMBOS[:, 1].astype(np.uint64))
    i, j = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    want = np.zeros((169, 169), np.int64)
    np.add.at(want, (cell[i], cell[j]), 1)
    assert np.array_equal(tables.pairs, want)


def test_every_deal_is_won_lost_or_tied_exactly_once(tables):
    """a vs b = 1 - b vs a, in integers: wins of A + wins of B + ties = pairs x boards."""
    assert np.array_equal(tables.wins + tables.wins.T + tables.ties, tables.pairs * BOARDS)
    assert np.array_equal(tables.ties, tables.ties.T)
    assert np.allclose(tables.equity + tables.equity.T, 1.0, atol=1e-15)
    assert np.allclose(np.diag(tables.equity), 0.5, atol=1e-15)
    assert tables.random_pairs.tolist() == [(6 if a == b else 4 if a < b else 12) * 1225
                                            for a in range(13) for b in range(13)]


@pytest.mark.parametrize("a,b", [("AKs", "QQ"), ("72o", "AKo"), ("JJ", "JJ"), ("T9s", "T8s"), ("A5s", "KQo")]
                         + [tuple(p) for p in np.random.default_rng(25).choice(LABELS, (3, 2))])
def test_class_against_class_is_what_equity_computes(tables, a, b):
    r = pokerlut.equity([str(a), str(b)], exact=True)
    i, j = LABELS.index(a), LABELS.index(b)
    assert tables.equity[i, j] == pytest.approx(r.equity[0], abs=1e-12)
    assert tables.wins[i, j] / (tables.pairs[i, j] * BOARDS) == pytest.approx(r.win[0], abs=1e-12)
    assert tables.pairs[i, j] * BOARDS == r.n
    assert preflop.preflop_equity(a, b) == tables.equity[i, j]


@pytest.mark.parametrize("label", ["87s"])
def test_class_against_random_is_what_equity_computes(tables, label):
    r = pokerlut.equity([label, "random"], exact=True)
    i = LABELS.index(label)
    assert tables.random_equity[i] == pytest.approx(r.equity[0], abs=1e-12)
    assert tables.random_pairs[i] * BOARDS == r.n
    assert preflop.preflop_equity(label) == preflop.preflop_equity(label, "random") == tables.random_equity[i]


def _brute_board(board):
    """Per class pair, the deals won and tied on one board, by ranking every pair of combos."""
    deck = [c for c in range(52) if c not in board]
    combos = np.array(list(itertools.combinations(deck, 2)), np.uint8)
    s = pokerlut.evaluate(np.concatenate([combos, np.tile(np.array(board, np.uint8), (len(combos), 1))], axis=1))
    rows, cols = combo_cells(combos)
    cell = 13 * rows + cols
    masks = (np.uint64(1) << combos[:, 0].astype(np.uint64)) | (np.uint64(1) << combos[:, 1].astype(np.uint64))
    fits = (masks[:, None] & masks[None, :]) == 0
    s = s.astype(np.int64)
    wins, ties = np.zeros((169, 169), np.int64), np.zeros((169, 169), np.int64)
    i, j = np.nonzero(fits & (s[:, None] > s[None, :]))
    np.add.at(wins, (cell[i], cell[j]), 1)
    i, j = np.nonzero(fits & (s[:, None] == s[None, :]))
    np.add.at(ties, (cell[i], cell[j]), 1)
    return wins, ties


def test_the_generator_kernel_on_single_boards():
    # As Kh Qd 7s 2s; the royal flush in clubs on the board (every deal a tie); 2d 3h 4s 9c Ks
    boards = np.array([[51, 46, 41, 20, 3], [48, 44, 40, 36, 32], [1, 6, 11, 28, 45]], np.uint8)
    tables = load_table_set("high").rank_tables(7)
    kernel = registry.hs_kernel("preflop_counts")
    classes = preflop.class_table()
    for k, board in enumerate(boards):
        wins, ties = np.zeros(169 * 169, np.int64), np.zeros(169 * 169, np.int64)
        kernel(board[None, :], np.array([k + 1], np.int64), classes, tables, pair_table(), wins, ties,
               preflop_scratch(169))
        want_w, want_t = _brute_board(board.tolist())
        assert np.array_equal(wins.reshape(169, 169), (k + 1) * want_w)
        assert np.array_equal(ties.reshape(169, 169), (k + 1) * want_t)


def test_the_board_classes_count_every_board_once():
    boards, mult = preflop.board_classes_with_multiplicity()
    assert len(boards) == 134_459 and mult.sum() == 2_598_960 and set(mult.tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24}


# ---------------------------------------------------------------- the lookup for the equity engine


@pytest.mark.parametrize("a,b", [("QQ+", "AKs"), ("0.5(KK), AA", "AKs, 0.25(QQ)"), ("AKo", "AKs")])
def test_the_lookup_is_what_equity_computes(a, b):
    r = pokerlut.equity([a, b], exact=True)
    got = preflop.preflop_lookup(a, b)
    assert np.allclose(got.equity, r.equity, atol=1e-12) and np.allclose(got.win, r.win, atol=1e-12)
    assert np.allclose(got.tie, r.tie, atol=1e-12) and got.n == r.n


def test_every_class_against_a_range_is_the_lookup_of_each(tables):
    r = preflop.preflop_versus("QQ+, AKs")
    for cell in (0, 1, 13, 100, 168):
        one = preflop.preflop_lookup(LABELS[cell], "QQ+, AKs")
        assert r.equity[cell] == pytest.approx(one.equity[0], abs=1e-14) and r.n[cell] == one.n
    assert preflop.preflop_versus("AhKh") is None
    assert np.allclose(preflop.preflop_versus("random").equity, tables.random_equity, atol=1e-14)


def test_the_lookup_of_random_is_the_sum_over_classes(tables):
    r = preflop.preflop_lookup("AA", "random")
    assert r.equity[0] == pytest.approx(tables.random_equity[0], abs=1e-15)
    both = preflop.preflop_lookup("random", "random")
    assert both.equity.tolist() == pytest.approx([0.5, 0.5], abs=1e-15)
    assert both.n == tables.pairs.sum() * BOARDS


@pytest.mark.parametrize("a,b,kwargs", [("AhKh", "QQ", {}), ("AKs", "QQ", {"board": "2c 7d 9h"}),
                                        ("AKs", "QQ", {"dead": [3]}),
                                        (pokerlut.parse_range("QQ", blocked="Qs"), "AKs", {})])
def test_the_lookup_declines_what_the_tables_do_not_hold(a, b, kwargs):
    assert preflop.preflop_lookup(a, b, **kwargs) is None


def test_lookups_accept_class_names_in_any_case_and_order():
    assert preflop.preflop_equity("kas", "qq") == preflop.preflop_equity("AKs", "QQ")
    with pytest.raises(ValueError, match="not a starting-hand class"):
        preflop.preflop_equity("AKx")
    with pytest.raises(ValueError, match="say 's' .suited. or 'o'"):
        preflop.preflop_equity("AK", "QQ")
    with pytest.raises(TypeError, match="class name is a string"):
        preflop.preflop_equity(5)
