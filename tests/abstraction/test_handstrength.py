"""Hand strength, rollouts and potentials against a brute force written here: every opponent hand
and every completion of the board enumerated, each hand ranked by pokerlut.evaluate (the ranker
only; the counting, weighting and the definitions of docs/rules.md are written below)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import pokerlut
from pokerlut.abstraction import streets
from pokerlut.abstraction.strength import ehs, ehs2, equity_histogram, hand_strength, potential, rollout


def weight_of(opponent):
    """combo (a, b) -> weight, from range text ("random": every combo 1)."""
    if opponent == "random":
        return lambda a, b: 1.0
    rng = pokerlut.parse_range(opponent)
    table = {frozenset(map(int, c)): float(w) for c, w in zip(rng.combos, rng.weights)}
    return lambda a, b: table.get(frozenset((a, b)), 0.0)


def brute(hole, board, opponent="random", bins=10):
    """Everything the definitions say, by enumeration: HS now, and over every completion of the
    board the river's W / T / N (opponent weight beaten, tied, met), EHS, EHS², the histogram and
    the ahead / tied / behind transitions."""
    hole, board = list(hole), list(board)
    w = weight_of(opponent)
    deck = [c for c in range(52) if c not in hole + board]
    opps = [(a, b) for a, b in itertools.combinations(deck, 2) if w(a, b) > 0]
    ow = np.array([w(a, b) for a, b in opps])
    now_hero = int(pokerlut.evaluate(hole + board))
    now_opp = pokerlut.evaluate(np.array([list(o) + board for o in opps], np.uint8)).astype(np.int64)
    hs_now = (ow[now_hero > now_opp].sum() + ow[now_hero == now_opp].sum() / 2) / ow.sum()
    n_comp = 5 - len(board)
    comps = np.array(list(itertools.combinations(deck, n_comp)), np.uint8).reshape(math.comb(len(deck), n_comp), n_comp)
    opp_cards = np.array(opps, np.uint8)

    def masks(rows):
        return np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1) if rows.shape[1] \
            else np.zeros(len(rows), np.uint64)

    k, j = np.nonzero((masks(comps)[:, None] & masks(opp_cards)[None, :]) == 0)  # every opponent a completion leaves
    board_rows = np.tile(np.array(board, np.uint8), (len(k), 1))
    opp_river = pokerlut.evaluate(np.concatenate([opp_cards[j], board_rows, comps[k]], axis=1)).astype(np.int64)
    hero_river = pokerlut.evaluate(np.concatenate([np.tile(np.array(hole + board, np.uint8), (len(comps), 1)), comps],
                                                  axis=1)).astype(np.int64)
    later = np.where(hero_river[k] > opp_river, 0, np.where(hero_river[k] == opp_river, 1, 2))
    now = np.where(now_hero > now_opp[j], 0, np.where(now_hero == now_opp[j], 1, 2))
    weight = ow[j]
    win = np.bincount(k, weights=weight * (later == 0), minlength=len(comps))
    tie = np.bincount(k, weights=weight * (later == 1), minlength=len(comps))
    met = np.bincount(k, weights=weight, minlength=len(comps))
    hs = (win + tie / 2) / met
    prob = met / met.sum()
    hist = np.zeros(bins)
    for x, p in zip(hs, prob):
        hist[min(int(math.floor(x * bins)), bins - 1)] += p
    hp = np.zeros((3, 3))
    np.add.at(hp, (now, later), weight)
    tot = hp.sum(axis=1)
    ahead, tied, behind = 0, 1, 2
    pden = tot[behind] + tot[tied] / 2
    nden = tot[ahead] + tot[tied] / 2
    ppot = (hp[behind, ahead] + hp[behind, tied] / 2 + hp[tied, ahead] / 2) / pden if pden else 0.0
    npot = (hp[ahead, behind] + hp[tied, behind] / 2 + hp[ahead, tied] / 2) / nden if nden else 0.0
    return {"hs": hs_now, "ehs": float((prob * hs).sum()), "ehs2": float((prob * hs * hs).sum()), "hist": hist,
            "ppot": ppot, "npot": npot, "river_hs": hs}


def deals(n, n_board, seed):
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :2 + n_board].astype(np.uint8)
    return cards[:, :2], cards[:, 2:]


@pytest.mark.parametrize("n_board,n,opponent", [(5, 12, "random"), (5, 6, "0.5(QQ+), AK, 77-55, 0.2(T9s)"),
                                                (4, 4, "random"), (4, 3, "0.3(JJ+), 0.7(A2s+), K9o+"),
                                                (3, 2, "random"), (3, 1, "TT+, AQs+, 0.25(76s)")])
def test_against_the_brute_force(n_board, n, opponent):
    holes, boards = deals(n, n_board, seed=100 + n_board + len(opponent))
    bins = 7  # 7 divides no denominator here: no completion lands on a bin edge
    r = rollout(holes, boards, opponent, bins=bins, potential=True)
    hs = hand_strength(holes, boards, opponent)
    for i in range(n):
        want = brute(holes[i], boards[i], opponent, bins)
        assert hs[i] == pytest.approx(want["hs"], abs=1e-12)
        assert r.ehs[i] == pytest.approx(want["ehs"], abs=1e-12)
        assert r.ehs2[i] == pytest.approx(want["ehs2"], abs=1e-12)
        assert r.histogram[i] == pytest.approx(want["hist"], abs=1e-12)
        assert r.ppot[i] == pytest.approx(want["ppot"], abs=1e-12)
        assert r.npot[i] == pytest.approx(want["npot"], abs=1e-12)
    assert r.completions == math.comb(50 - n_board, 5 - n_board)


def test_a_strength_on_a_bin_edge_goes_to_the_upper_bin():
    # the royal flush on the board: every hand ties every hand, HS = 1/2 exactly
    assert float(hand_strength("Ac 2d", "As Ks Qs Js Ts")) == 0.5
    assert equity_histogram("Ac 2d", "As Ks Qs Js Ts", bins=2).tolist() == [0.0, 1.0]
    assert equity_histogram("Ac 2d", "As Ks Qs Js Ts", bins=4).tolist() == [0.0, 0.0, 1.0, 0.0]
    assert equity_histogram("Ac 2d", "As Ks Qs Js Ts", bins=1).tolist() == [1.0]
    assert equity_histogram("Ad Kd", "Ac Ah As Kc Ks", bins=3).tolist() == [0.0, 0.0, 1.0]  # HS = 1: last bin


def test_the_one_part_functions_are_the_rollouts_parts():
    holes, boards = deals(3, 4, seed=5)
    r = rollout(holes, boards, bins=5, potential=True)
    assert np.array_equal(ehs(holes, boards), r.ehs) and np.array_equal(ehs2(holes, boards), r.ehs2)
    assert np.array_equal(equity_histogram(holes, boards, bins=5), r.histogram)
    p = potential(holes, boards)
    assert np.array_equal(p.ppot, r.ppot) and np.array_equal(p.npot, r.npot)
    ppot, npot = p
    assert np.array_equal(ppot, r.ppot)


def test_ehs_is_the_equity_against_the_opponent():
    for hole, board, opponent in [("7c 7d", "Qh 7h 2c 9s", "random"), ("Ah Kh", "Qh 7h 2c", "QQ+, 77, 22")]:
        want = pokerlut.equity([hole, opponent], board=board, exact=True).equity[0]
        assert float(ehs(hole, board, opponent)) == pytest.approx(want, abs=1e-12)


def test_the_river_has_no_potential_and_a_one_point_histogram():
    holes, boards = deals(5, 5, seed=9)
    r = rollout(holes, boards, bins=4, potential=True)
    hs = hand_strength(holes, boards)
    assert np.allclose(r.ehs, hs, atol=1e-15) and np.allclose(r.ehs2, hs ** 2, atol=1e-15)
    assert (r.ppot == 0).all() and (r.npot == 0).all() and ((r.histogram == 1).sum(axis=1) == 1).all()


def test_shapes_and_one_board_for_every_hand():
    hs = hand_strength([["Ah Kh", "2c 2d"], ["7s 6s", "Ac Ad"]], "Qh Jh 2s 3d 4c")
    assert hs.shape == (2, 2)
    assert hs[0, 0] == pytest.approx(float(hand_strength("Ah Kh", "Qh Jh 2s 3d 4c")))
    assert hand_strength("Ah Kh", "Qh Jh 2s 3d 4c").shape == ()
    assert rollout(np.zeros((0, 2), np.uint8), np.zeros((0, 4), np.uint8), bins=3).histogram.shape == (0, 3)


# ---------------------------------------------------------------- whole-street kernels


def test_the_river_street_kernel_is_the_brute_force_on_its_boards():
    plan = streets.table_plan("river")
    street = plan["indexer"]
    rng = np.random.default_rng(11)
    for b in rng.integers(0, street.boards.count, 3).tolist():
        raw = streets.compute_block(plan, b, b + 1)["num"]
        board = pokerlut.iso.unindex(b, 5, hole=False).boards
        deck = [c for c in range(52) if c not in board]
        combos = np.array(list(itertools.combinations(deck, 2)), np.uint8)
        s = pokerlut.evaluate(np.concatenate([combos, np.tile(board, (len(combos), 1))], axis=1)).astype(np.int64)
        masks = (np.uint64(1) << combos[:, 0].astype(np.uint64)) | (np.uint64(1) << combos[:, 1].astype(np.uint64))
        local = pokerlut.iso.index(combos, board) - street.board_offsets[b]
        for k in range(0, len(combos), 7):
            live = (masks & masks[k]) == 0
            assert raw[local[k]] == 2 * (s[live] < s[k]).sum() + (s[live] == s[k]).sum()


@pytest.mark.parametrize("street_name,n_board", [("flop", 3), ("turn", 4)])
def test_the_rollout_street_kernel_is_the_rollout_of_its_hands(street_name, n_board):
    bins = 6
    plan = streets.table_plan(street_name, bins=bins)
    street = plan["indexer"]
    b = int(np.random.default_rng(n_board).integers(0, street.boards.count))
    raw = streets.compute_block(plan, b, b + 1)
    entries = streets.finish_block(plan, raw, "float64")
    board = pokerlut.iso.unindex(b, n_board, hole=False).boards
    deck = [c for c in range(52) if c not in board]
    combos = np.array(list(itertools.combinations(deck, 2)), np.uint8)[:: 40 if n_board == 3 else 9]
    local = pokerlut.iso.index(combos, board) - street.board_offsets[b]
    r = rollout(combos, board, bins=bins)
    assert np.allclose(entries["ehs"][local], r.ehs, atol=1e-12)
    assert np.allclose(entries["ehs2"][local], r.ehs2, atol=1e-12)
    n = streets.completions(n_board)
    assert np.array_equal(entries["hist"][local], np.rint(r.histogram * n).astype(np.uint16))
    if n_board == 3:  # and one hand against the brute force itself
        want = brute(combos[0], board, bins=bins)
        assert entries["ehs"][local[0]] == pytest.approx(want["ehs"], abs=1e-12)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("call,error,match", [
    (lambda: hand_strength("Ah Ah", "2c 3c 4c"), ValueError, "dealt twice: as hole card 0 and as hole card 1"),
    (lambda: hand_strength("Ah Kh", "Ah 3c 4c"), ValueError, "card Ah .id 50. is dealt twice: as hole card 0 and as "
                                                             "board card 0"),
    (lambda: hand_strength([[51, 70]], [1, 2, 3]), ValueError, "not a card"),
    (lambda: hand_strength("Ah W", "2c 3c 4c"), ValueError, "wild card"),
    (lambda: hand_strength("Ah Kh", "2c 3c"), ValueError, r"boards must have shape \(\.\.\., b\) with b in 3, 4, 5"),
    (lambda: hand_strength("Ah Kh Qh", "2c 3c 4c"), ValueError, r"holes must have shape \(\.\.\., 2\)"),
    (lambda: hand_strength([["Ah Kh"]], [["2c 3c 4c"], ["2d 3d 4d"]]), ValueError, "same leading shape"),
    (lambda: hand_strength("Ah Kh", "2c 3c 4c", "AhAd"), ValueError,
     "hand 0: every combo of the opponent's range holds a card of the hand or the board"),
    (lambda: hand_strength("Ah Kh", "2c 3c 4c", "QQ+, A"), ValueError, "A"),
    (lambda: hand_strength("Ah Kh", "2c 3c 4c", 7), TypeError, "opponent"),
    (lambda: rollout("Ah Kh", "2c 3c 4c 5d", bins=0), ValueError, "bins must be from 1"),
    (lambda: rollout("Ah Kh", "2c 3c 4c 5d", bins=2.5), TypeError, "bins must be an integer"),
    (lambda: rollout("Ah Kh", "2c 3c 4c 5d", potential="yes"), TypeError, "potential must be True or False"),
    (lambda: ehs([[1.5, 2]], "2c 3c 4c"), TypeError, "integer card ids"),
])
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()
