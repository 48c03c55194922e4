"""Suit classes (pokerlut.iso) against the rules written here: the number of classes of every street
counted by Burnside's lemma, a reference class key (the least image of a hand over the 24 suit
permutations), every preflop and flop hand enumerated, seeded samples of the turn and river."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from pokerlut import format_cards, iso

PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
PUBLISHED = {0: 169, 3: 1_286_792, 4: 55_190_538, 5: 2_428_287_420}


def burnside(rounds: tuple[int, ...]) -> int:
    """Classes of hands dealt in ``rounds`` (sets of cards) under the suit permutations: the mean
    over the 24 permutations of the hands each one fixes.  A permutation fixes a hand when every
    round is a union of its card cycles (13 copies of its suit cycles)."""
    total = 0
    for perm in PERMS:
        seen, cycles = set(), []
        for s in range(4):
            if s in seen:
                continue
            length, t = 0, s
            while t not in seen:
                seen.add(t)
                t = perm[t]
                length += 1
            cycles += [length] * 13
        ways = Counter({tuple(rounds): 1})
        for length in cycles:
            nxt = Counter()
            for left, n in ways.items():
                nxt[left] += n  # this cycle in no round
                for r, k in enumerate(left):
                    if k >= length:
                        nxt[left[:r] + (k - length,) + left[r + 1:]] += n
            ways = nxt
        total += ways[(0,) * len(rounds)]
    assert total % 24 == 0
    return total // 24


def reference_keys(cards: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """The least, over the 24 suit permutations, of each hand's image written round by round as a
    sorted tuple: one key per class (rows of ``cards`` hold the rounds' cards in order)."""
    cards = cards.astype(np.int64)
    best = None
    for perm in PERMS:
        image = (cards // 4) * 4 + perm[cards % 4]
        parts, start = [], 0
        for k in rounds:
            parts.append(np.sort(image[:, start:start + k], axis=1))
            start += k
        flat = np.concatenate(parts, axis=1)
        code = np.zeros(len(cards), dtype=np.int64)  # base-52 digits (7 cards: < 2**40)
        for j in range(flat.shape[1]):
            code = code * 52 + flat[:, j]
        best = code if best is None else np.minimum(best, code)
    return best


def same_partition(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two labellings of the same items define the same classes."""
    pairs = np.unique(np.stack([a, b], axis=1), axis=0)
    return len(pairs) == len(np.unique(a)) == len(np.unique(b))


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


# ---------------------------------------------------------------- counts


@pytest.mark.parametrize("n_board", [0, 3, 4, 5])
def test_counts_are_the_published_figures_and_burnside(n_board):
    assert iso.count(n_board) == PUBLISHED[n_board] == burnside(iso.rounds_of(n_board))


@pytest.mark.parametrize("n_board,hole,by_round", [(4, True, False), (5, True, False), (3, False, True),
                                                   (4, False, True), (5, False, True), (4, False, False),
                                                   (5, False, False)])
def test_other_counts_follow_burnside(n_board, hole, by_round):
    rounds = iso.rounds_of(n_board, hole, by_round)
    assert iso.count(n_board, hole=hole, by_round=by_round) == burnside(rounds)


@pytest.mark.parametrize("rounds", [(2,), (2, 2), (1, 1, 1), (3, 1), (2, 3, 1, 1), (4, 3)])
def test_indexer_counts_follow_burnside(rounds):
    assert iso.Indexer(rounds).count == burnside(rounds)


# ---------------------------------------------------------------- complete enumerations


def test_every_preflop_hand():
    holes = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
    idx = iso.index(holes, None)
    assert sorted(set(idx.tolist())) == list(range(169))
    assert same_partition(idx, reference_keys(holes, (2,)))
    hand = iso.unindex(np.arange(169), 0)
    assert (iso.index(hand.holes, None) == np.arange(169)).all()


def _every_flop() -> tuple[np.ndarray, np.ndarray]:
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    left = np.ones((len(flops), 52), bool)
    left[np.arange(len(flops))[:, None], flops] = False
    decks = np.nonzero(left)[1].reshape(len(flops), 49).astype(np.uint8)
    pairs = np.array(list(itertools.combinations(range(49), 2)))
    holes = decks[:, pairs].reshape(-1, 2)
    boards = np.repeat(flops, len(pairs), axis=0)
    return np.ascontiguousarray(holes), np.ascontiguousarray(boards)


def test_every_flop_hand_is_indexed_densely_and_invariantly():
    holes, boards = _every_flop()
    assert len(holes) == 1326 * 19600
    idx = iso.index(holes, boards)
    hits = np.bincount(idx, minlength=iso.count(3))
    assert len(hits) == iso.count(3) and hits.min() >= 1 and 24 % hits.max() == 0
    # the index is a class function: invariant under generators of the suit permutations (a
    # transposition and a 4-cycle) and of the card orders within a round (checked on every 13th
    # hand); with every index hit and as many indices as classes (Burnside), classes and indices
    # are then one to one
    some = slice(0, None, 13)
    h, b, i = holes[some], boards[some], idx[some]
    for perm in ([1, 0, 2, 3], [1, 2, 3, 0]):
        p = np.array(perm, dtype=np.uint8)
        assert (iso.index((h // 4) * 4 + p[h % 4], (b // 4) * 4 + p[b % 4]) == i).all()
    assert (iso.index(h[:, ::-1], b[:, [1, 2, 0]]) == i).all()
    assert (iso.index(h, b[:, [1, 0, 2]]) == i).all()
    # board first: the classes of one flop class are one stretch from its offset
    board_class = iso.index(None, b)
    offsets = iso.street_indexer(3).board_offsets
    assert ((i >= offsets[board_class]) & (i < offsets[board_class + 1])).all()


def test_every_flop_alone():
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    idx = iso.index(None, flops)
    assert sorted(set(idx.tolist())) == list(range(1755))
    assert same_partition(idx, reference_keys(flops, (3,)))


# ---------------------------------------------------------------- samples of the big streets


@pytest.mark.parametrize("n_board,by_round", [(3, True), (4, True), (5, True), (4, False), (5, False)])
def test_unindex_then_index_is_the_identity_and_gives_the_class(n_board, by_round):
    count = iso.count(n_board, by_round=by_round)
    rng = np.random.default_rng(20 + n_board)
    idx = np.concatenate([np.arange(5), count - 1 - np.arange(5), rng.integers(0, count, 3000)])
    hand = iso.unindex(idx, n_board, by_round=by_round)
    cards = np.concatenate([hand.holes, hand.boards], axis=1)
    assert (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all()  # real hands
    assert (iso.index(hand.holes, hand.boards, by_round=by_round) == idx).all()
    # each canonical hand has the key of its class: a hand of the class maps back to the index
    rounds = iso.rounds_of(n_board, True, by_round)
    perm = PERMS[rng.integers(0, 24, len(idx))]
    moved = (cards // 4) * 4 + np.take_along_axis(perm, cards.astype(np.int64) % 4, axis=1)
    assert (reference_keys(moved, rounds) == reference_keys(cards, rounds)).all()
    assert (iso.index(moved[:, :2], moved[:, 2:], by_round=by_round) == idx).all()


@pytest.mark.parametrize("n_board", [0, 3, 4, 5])
def test_index_then_unindex_gives_a_hand_of_the_same_class(n_board):
    cards = random_hands(4000, 2 + n_board, seed=n_board)
    idx = iso.index(cards[:, :2], cards[:, 2:])
    hand = iso.unindex(idx, n_board)
    rounds = iso.rounds_of(n_board)
    back = np.concatenate([hand.holes, hand.boards], axis=1)
    assert (reference_keys(back, rounds) == reference_keys(cards, rounds)).all()
    assert same_partition(idx, reference_keys(cards, rounds))


@pytest.mark.parametrize("n_board,by_round", [(4, True), (5, True), (5, False)])
def test_every_suit_permutation_and_card_order_gives_the_same_index(n_board, by_round):
    cards = random_hands(500, 2 + n_board, seed=7 * n_board)
    idx = iso.index(cards[:, :2], cards[:, 2:], by_round=by_round)
    for perm in PERMS:
        moved = (cards // 4) * 4 + perm[cards % 4].astype(np.uint8)
        assert (iso.index(moved[:, [1, 0]], moved[:, 2:], by_round=by_round) == idx).all()
    flop_shuffled = cards.copy()
    flop_shuffled[:, 2:5] = cards[:, [4, 2, 3]]
    assert (iso.index(flop_shuffled[:, :2], flop_shuffled[:, 2:], by_round=by_round) == idx).all()
    if n_board == 5:  # turn and river swapped: the same class only when the board is one set
        swapped = cards.copy()
        swapped[:, 5:7] = cards[:, [6, 5]]
        same = iso.index(swapped[:, :2], swapped[:, 2:], by_round=by_round) == idx
        assert same.all() if not by_round else not same.all()


@pytest.mark.parametrize("n_board,by_round", [(4, True), (5, True), (5, False)])
def test_each_board_class_holds_a_dense_stretch(n_board, by_round):
    """Every hole pair on a sample of canonical boards: their indices fill exactly the stretch
    ``board_offsets[b] .. board_offsets[b + 1]``, one index per class of hole cards on the board."""
    street = iso.street_indexer(n_board, by_round)
    rng = np.random.default_rng(3)
    for b in rng.integers(0, street.boards.count, 25).tolist() + [0, street.boards.count - 1]:
        board = iso.unindex(b, n_board, hole=False, by_round=by_round).boards
        deck = np.array([c for c in range(52) if c not in board], dtype=np.uint8)
        holes = deck[np.array(list(itertools.combinations(range(len(deck)), 2)))]
        idx = iso.index(holes, board, by_round=by_round)
        lo, hi = street.board_offsets[b], street.board_offsets[b + 1]
        assert sorted(set(idx.tolist())) == list(range(lo, hi))
        rounds = iso.rounds_of(n_board, True, by_round)
        assert same_partition(idx, reference_keys(np.concatenate([holes, np.tile(board, (len(holes), 1))], 1),
                                                  rounds))


def test_the_board_offsets_add_up_to_the_count():
    for n_board in (3, 4, 5):
        street = iso.street_indexer(n_board)
        assert street.board_offsets[0] == 0 and street.board_offsets[-1] == iso.count(n_board)
        assert (np.diff(street.board_offsets) > 0).all()


def test_the_canonical_hands_the_docs_show():
    h = iso.unindex(iso.index("Ad Kh", "Qd Jd 2s"), 3)
    assert format_cards(h.holes) == "Ac Kh" and format_cards(h.boards) == "Qc Jc 2d"
    assert format_cards(iso.unindex(iso.index("7h 2s", ""), 0).holes) == "7c 2d"
    assert format_cards(iso.unindex(iso.index("Ks Kh", ""), 0).holes) == "Kd Kc"
    first, second = iso.Indexer((2, 2)).unindex(iso.Indexer((2, 2)).index("Ah Kh Qd Qc"), 2)
    assert format_cards(first) == "Ac Kc" and format_cards(second) == "Qh Qd"


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("holes,boards,match", [
    ("As As", "", "dealt twice: as hole card 0 and as hole card 1"),
    ("As Kd", "As 7h 2c", "card As .id 51. is dealt twice: as hole card 0 and as board card 0"),
    ("As Kd", "Qs 7h 7h", "dealt twice: as board card 1 and as board card 2"),
    ([[51, 60]], "", "not a card"),
    ([[51, 52]], "", "wild card"),
    ("As Kd Qh", "", r"holes must have shape \(\.\.\., 2\)"),
    ("As Kd", "Qs 7h", r"boards must have shape \(\.\.\., b\) with b in 0, 3, 4, 5"),
    (None, "", "a board alone needs 3, 4 or 5 cards"),
    (None, None, "give hole cards, a board, or both"),
    ([["As Kd"], ["Qs Jd"]], ["2c 3c 4c", "5c 6c 7c", "8c 9c Tc"], "same leading shape"),
])
def test_bad_hands_are_named(holes, boards, match):
    with pytest.raises(ValueError, match=match):
        iso.index(holes, boards)


def test_a_bad_row_is_named_by_its_position_in_the_batch():
    holes = np.array([[51, 47], [50, 46], [3, 3]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"hand 2: card 2s \(id 3\) is dealt twice"):
        iso.index(holes, None)
    with pytest.raises(ValueError, match=r"hand \(1, 0\)"):
        iso.index(holes[[0, 1, 2, 0]].reshape(2, 2, 2), None)


@pytest.mark.parametrize("call,error,match", [
    (lambda: iso.unindex(169, 0), ValueError, "index is 169; expected an index 0..168"),
    (lambda: iso.unindex([0, -1], 3), ValueError, r"index at position 1 is -1"),
    (lambda: iso.unindex([0.5], 3), ValueError, "not an integer"),
    (lambda: iso.count(2), ValueError, "0, 3, 4 or 5 cards"),
    (lambda: iso.count(0, hole=False), ValueError, "a board alone needs"),
    (lambda: iso.count(3, by_round=1), TypeError, "by_round must be True or False"),
    (lambda: iso.index([[1.5, 2]], None), TypeError, "integer card ids"),
    (lambda: iso.Indexer((2, 3, 1, 1, 1)), ValueError, "1 to 4 rounds"),
    (lambda: iso.Indexer((4, 4)), ValueError, "at most 7"),
])
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_shapes_and_dtypes():
    assert iso.index("As Kd", "").shape == ()
    assert iso.index(np.zeros((0, 2), np.uint8), np.zeros((0, 3), np.uint8)).shape == (0,)
    idx = iso.index(np.array([[[51, 47]], [[50, 46]]], dtype=np.int32), "2c 3c 4c")
    assert idx.shape == (2, 1) and idx.dtype == np.int64
    assert iso.unindex(idx, 3).holes.shape == (2, 1, 2)
    assert math.prod(iso.unindex(np.zeros((2, 3), np.int64), 5).boards.shape) == 30


@pytest.mark.parametrize("check", [True, False])
def test_the_flop_table_gives_the_boards_computed_part(check):
    """The flop kernel reads each board's part from a table of every flop; the same kernel without
    the table computes it from the board's suit keys: equal on every flop (a random pair beside
    it), and on rows with bad cards when checking (-1 both)."""
    from pokerlut.kernels import registry

    street = iso.street_indexer(3)
    rng = np.random.default_rng(36)
    flops = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    deals = np.argsort(rng.random((len(flops), 52)), axis=1).astype(np.uint8)
    holes = np.array([[c for c in row if c not in set(f)][:2] for row, f in zip(deals, flops.tolist())], np.uint8)
    boards = flops[:, rng.permutation(3)].copy()
    if check:  # a card twice, an id above 51
        holes[::97, 1] = boards[::97, 2]
        boards[5::89, 0] = 52 + np.arange(len(boards[5::89])) % 200
    kernel = registry.iso_kernel("street_rows")
    spec = street.spec(2, int(check))
    tables = street._board_tables() + street._packed_offsets + (street.segments,)
    with_table, without = np.zeros(len(holes), np.int64), np.zeros(len(holes), np.int64)
    bad = kernel(holes, boards, spec, *tables, street._flop_boards, with_table)
    assert bad == kernel(holes, boards, spec, *tables, np.zeros(0, np.uint64), without)
    assert (with_table == without).all() and (bad > 0) == check
    assert (street.index_rows(holes, boards, check=check) == without).all()
