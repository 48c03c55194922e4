"""pokerlut.equity (pokerlut.equities): exact equities against brute-force enumerations written here, Monte Carlo
within 4 standard errors of exact, weighted ranges, batches, multiway ties, bad input, the CLI."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

import pokerlut
from pokerlut.cards import parse_cards
from pokerlut.cli import main
from pokerlut.equities import EXACT_BUDGET, equity, equity_batch
from pokerlut.equities.deal import parse_deal
from pokerlut.equities.sweep import sweep_work
from pokerlut.ranges import parse_range
from reference import ref_best_key


def brute_force(holes, board=(), dead=(), evaluator="pokerlut"):
    """Exact (win, tie, equity) per player as Fractions over every remaining board, by direct
    enumeration with itertools and either the reference evaluator or pokerlut.evaluate."""
    holes = [list(h) for h in holes]
    board = list(board)
    used = set(board) | set(dead) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    boards = [board + list(rest) for rest in combinations(deck, 5 - len(board))]
    p = len(holes)
    if evaluator == "reference":
        strengths = [[ref_best_key(h + b) for h in holes] for b in boards]
    else:
        hands = np.array([[h + b for h in holes] for b in boards], dtype=np.uint8)
        strengths = pokerlut.evaluate(hands).tolist()
    win = [Fraction(0)] * p
    tie = [Fraction(0)] * p
    eq = [Fraction(0)] * p
    for row in strengths:
        best = max(row)
        winners = [i for i in range(p) if row[i] == best]
        for i in winners:
            eq[i] += Fraction(1, len(winners))
            if len(winners) == 1:
                win[i] += 1
            else:
                tie[i] += 1
    n = len(boards)
    return [x / n for x in win], [x / n for x in tie], [x / n for x in eq], n


def close(result, expected, tol=1e-12):
    win, tie, eq, n = expected
    assert result.n == n
    np.testing.assert_allclose(result.win, [float(x) for x in win], atol=tol)
    np.testing.assert_allclose(result.tie, [float(x) for x in tie], atol=tol)
    np.testing.assert_allclose(result.equity, [float(x) for x in eq], atol=tol)


def cards(text):
    return [int(c) for c in parse_cards(text)]


@pytest.mark.parametrize("players, board", [
    (["AhKh", "QdQc"], "Qs 7h 2c 9h"),
    (["AhKh", "QdQc", "Jc Tc"], "2c 3c 4d 9s"),
    (["As2d", "Ac2h", "Ad2s"], "Kh Kd Qs Jc"),     # three-way chops everywhere but a few rivers
    (["7c 2d", "8h 3s"], "Ac Ad As Ah Kd"),        # river, full board: a two-way chop
    (["7c 2d", "8h 3s", "9h 4s"], "Ac Ad As Ah Kd"),  # three-way chop: a third each
])
def test_exact_turn_river_vs_reference(players, board):
    holes = [cards(p) for p in players]
    expected = brute_force(holes, cards(board), evaluator="reference")
    close(equity(players, board), expected)


def test_three_way_tie_splits_in_thirds():
    r = equity(["7c 2d", "8h 3s", "9h 4s"], "Ac Ad As Ah Kd")
    assert r.method == "exact" and r.n == 1
    assert r.win.tolist() == [0, 0, 0] and r.tie.tolist() == [1, 1, 1]
    assert r.equity.tolist() == [1 / 3] * 3


@pytest.mark.parametrize("players, board, dead", [
    (["AhKh", "QdQc"], "Qs 7h 2c", ""),
    (["AhKh", "QdQc", "9s 8s"], "Qs 7h 2c", "3d"),
    (["As Ks", "Ah Kh"], "Qs Jh 2c", "Td"),
])
def test_exact_flop_vs_brute_force(players, board, dead):
    holes = [cards(p) for p in players]
    close(equity(players, board, dead), brute_force(holes, cards(board), cards(dead)))


def test_exact_preflop_spot_vs_brute_force():
    # preflop with 40 dead cards: C(8, 5) boards, exact against the brute force
    players = ["AhKh", "QdQc"]
    live = cards("AhKh QdQc") + cards("Js Ts 9s 8s 3c 3d 2c 2d")
    dead = [c for c in range(52) if c not in live]
    r = equity(players, "", dead)
    close(r, brute_force([cards(p) for p in players], (), dead))


def test_exact_three_way_preflop_spot_vs_brute_force():
    # three players preflop, 30 random dead cards: C(16, 5) = 4368 boards
    players = ["AhKh", "QdQc", "7s6s"]
    rng = np.random.default_rng(4)
    rest = [c for c in rng.permutation(52).tolist() if c not in cards(" ".join(players))]
    dead = rest[:30]
    close(equity(players, "", dead), brute_force([cards(p) for p in players], (), dead))


def test_known_preflop_value():
    r = equity(["AhKh", "QdQc"])
    assert r.method == "exact" and r.n == 1_712_304
    # 1,712,304 boards; a known figure: AKs vs QQ is about 46.2% / 53.8%
    assert abs(r.equity[0] - 0.4621) < 5e-4
    assert r.equity.sum() == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("players, board", [
    (["AhKh", "QdQc"], ""),
    (["AhKh", "QdQc", "7s 7c"], "Qs 7h 2c"),
    (["TT+,AKs", "random"], "Qs 7h 2c"),
    (["0.5(QQ), AKs, 0.25(76s+)", "JJ-99, AQo"], "2c 3c 4d"),
    (["0.02(AA), KK", "0.1(QQ), 0.9(AKs)", "JcTc"], "Td 7h 2c"),   # skewed weights, three-way
])
def test_monte_carlo_within_four_standard_errors(players, board):
    exact = equity(players, board, exact=True)
    mc = equity(players, board, exact=False, samples=400_000, seed=7)
    assert mc.method == "monte carlo" and mc.n == 400_000
    assert np.all(mc.std_error > 0)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.std_error)
    assert mc.equity.sum() == pytest.approx(1.0, abs=1e-12)


def test_monte_carlo_reproducible_and_seeded():
    a = equity(["AhKh", "QdQc"], exact=False, samples=200_000, seed=11)
    b = equity(["AhKh", "QdQc"], exact=False, samples=200_000, seed=11)
    c = equity(["AhKh", "QdQc"], exact=False, samples=200_000, seed=12)
    assert a.equity.tolist() == b.equity.tolist() and a.equity.tolist() != c.equity.tolist()
    d = equity(["AhKh", "QdQc"], exact=False, samples=200_000)
    e = equity(["AhKh", "QdQc"], exact=False, samples=200_000, seed=d.seed)
    assert d.equity.tolist() == e.equity.tolist()


def test_monte_carlo_independent_of_thread_count():
    a = equity(["AhKh", "QdQc", "7s7c"], "", exact=False, samples=300_000, seed=5)
    pokerlut.set_num_threads(1)
    try:
        b = equity(["AhKh", "QdQc", "7s7c"], "", exact=False, samples=300_000, seed=5)
    finally:
        pokerlut.set_num_threads(None)
    pokerlut.set_num_threads(3)  # more threads than cores: still the same counts
    try:
        c = equity(["AhKh", "QdQc", "7s7c"], "", exact=False, samples=300_000, seed=5)
    finally:
        pokerlut.set_num_threads(None)
    assert a.equity.tolist() == b.equity.tolist() == c.equity.tolist()


def brute_force_ranges(ranges, board):
    """Weighted exact equity of ranges: a weighted average of brute_force over every conflict-free
    combination of combos."""
    board = cards(board)
    total_w = Fraction(0)
    eq = [Fraction(0)] * len(ranges)
    rs = [parse_range(r, blocked=board) for r in ranges]

    def rec(i, chosen, used, w):
        nonlocal total_w
        if i == len(rs):
            _, _, e, _ = brute_force(chosen, board)
            total_w += w
            for k in range(len(rs)):
                eq[k] += w * e[k]
            return
        for combo, weight in zip(rs[i].combos.tolist(), rs[i].weights.tolist()):
            if used & set(combo):
                continue
            rec(i + 1, chosen + [combo], used | set(combo), w * Fraction(weight))

    rec(0, [], set(), Fraction(1))
    return [x / total_w for x in eq]


@pytest.mark.parametrize("ranges, board", [
    (["0.5(QQ), AKs", "JJ, AhQh"], "2c 3c 4d 9h"),
    (["KK+", "QQ, 0.25(AKs)", "AsKd"], "Ks 7h 2c 3d"),
    (["TT+", "AKs"], "Qs 7h 2c 5d 5s"),
])
def test_weighted_ranges_exact_vs_brute_force(ranges, board):
    r = equity(ranges, board)
    assert r.method == "exact"
    np.testing.assert_allclose(r.equity, [float(x) for x in brute_force_ranges(ranges, board)], atol=1e-12)


def test_range_vs_range_flop_counts():
    r = equity(["TT+,AKs", "random"], "Qs 7h 2c")
    assert r.method == "exact"
    assert 0.80 < r.equity[0] < 0.81


def test_players_as_arrays_and_range_objects():
    a = equity(np.array([cards("AhKh"), cards("QdQc")]), np.array(cards("Qs 7h 2c")))
    b = equity(["AhKh", parse_range("QdQc")], "Qs 7h 2c")
    assert a.equity.tolist() == b.equity.tolist()
    c = equity(["AhKh", parse_range("QQ")], "Qs 7h 2c")  # QhQd, QhQc, QdQc after card removal
    assert c.n == 3 * 990 and c.method == "exact"



    # KK is blocked to 3 combos by the board's Ks; AA vs KK on a K-high board
    r = equity(["AsAd", "KK"], "Ks 7h 2c")
    assert r.n == 3 * 990


def test_exact_none_falls_back_to_monte_carlo():
    # a dead card: not in the preflop tables, and beyond the budget for both exact engines
    r = equity(["random", "random"], dead="2c", samples=100_000, seed=1)
    assert r.method == "monte carlo"
    assert 1275 * 1176 * 1_533_939 * 2 > EXACT_BUDGET  # enumerate: 1.5 M deals x 1.5 M boards
    assert sweep_work(parse_deal(["random", "random"], dead="2c")) > EXACT_BUDGET


def test_batch_matches_single_questions():
    holes = np.array([[cards("AhKh"), cards("QdQc")], [cards("As2d"), cards("Ac2h")], [cards("7c7d"), cards("8s9s")]])
    boards = np.array([cards("Qs 7h 2c 9h"), cards("Kh Kd Qs Jc"), cards("2c 3c 4d 5h")])
    r = equity_batch(holes, boards)
    assert r.method == "exact"
    for i in range(3):
        single = equity([holes[i, 0], holes[i, 1]], boards[i])
        np.testing.assert_allclose(r.equity[i], single.equity, atol=1e-12)
        np.testing.assert_allclose(r.tie[i], single.tie, atol=1e-12)
    mc = equity_batch(holes, boards, exact=False, samples=100_000, seed=3)
    assert mc.method == "monte carlo"
    assert np.all(np.abs(mc.equity - r.equity) <= 4 * mc.std_error + 1e-12)
    mc2 = equity_batch(holes, boards, exact=False, samples=100_000, seed=3)
    assert mc.equity.tolist() == mc2.equity.tolist()


def test_batch_preflop_mc():
    rng = np.random.default_rng(0)
    deals = np.array([rng.permutation(52)[:4] for _ in range(20)]).reshape(20, 2, 2)
    r = equity_batch(deals, None, exact=False, samples=20_000, seed=1)
    assert r.equity.shape == (20, 2)
    np.testing.assert_allclose(r.equity.sum(axis=1), 1.0, atol=1e-12)


def test_batch_bad_input():
    with pytest.raises(ValueError, match="dealt twice"):
        equity_batch(np.array([[cards("AhKh"), cards("AhQc")]]), np.array([cards("2c 3c 4c")]))
    with pytest.raises(ValueError, match="shape"):
        equity_batch(np.zeros((2, 2, 3), np.uint8))


@pytest.mark.parametrize("players, board, dead, message", [
    (["AhKh", "AhQc"], "", "", r"card Ah \(id 50\) is dealt twice: as player 0\'s card 0 and as player 1\'s card 0"),
    (["AhKh", "QdQc"], "Qd 7h 2c", "", r"card Qd \(id 41\) is dealt twice: as board card 0 and as player 1\'s card 0"),
    (["AhKh", "QdQc"], "Qs 7h 2c", "7h", r"card 7h \(id 22\) is dealt twice: as board card 1 and as dead card 0"),
    (["AhKh", "QdQc"], "Qs 7h", "", "0, 3, 4 or 5"),
    (["AhKh"], "", "", "2 to 9 players"),
    (["AhKh"] * 10, "", "", "2 to 9 players"),
    (["AhKh", "AA"], "Ac Ad 2c", "As", "impossible"),
    (["AhKh", "AKs, AKx"], "", "", "'AKx' at column 6"),
    (["AhKh", "QdQc", "2c"], "", "", "2 hole cards"),
])
def test_bad_input(players, board, dead, message):
    with pytest.raises(ValueError, match=message):
        equity(players, board, dead)


def test_too_many_cards_for_the_deck():
    with pytest.raises(ValueError, match="more than the 52"):
        equity(["random"] * 9, "", list(range(30)))


def test_ranges_that_never_fit_together():
    with pytest.raises(ValueError, match="never fit"):
        equity(["AhAd", "AA", "AA"], "", "")
    with pytest.raises(ValueError, match="never fit"):
        equity(["AhAd", "AA", "AA"], "", "", exact=False, samples=1000)


def test_cli_table(capsys):
    assert main(["equity", "AhKh", "QdQc", "--board", "Qs 7h 2c", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "AhKh" in out and "QdQc" in out and "exact" in out and "990 boards" in out
    assert main(["equity", "TT+,AKs", "random", "--samples", "50000", "--seed", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "monte carlo" in out and "seed 3" in out and "std.err" in out


def test_cli_error(capsys):
    assert main(["equity", "AhKh", "AhQc", "--no-progress"]) == 2
    assert "dealt twice" in capsys.readouterr().err


def test_progress_bar_same_result():
    pytest.importorskip("tqdm")
    a = equity(["AhKh", "QdQc"], exact=False, samples=500_000, seed=2, progress=True)
    b = equity(["AhKh", "QdQc"], exact=False, samples=500_000, seed=2)
    assert a.equity.tolist() == b.equity.tolist()
    c = equity(["TT+,AKs", "random"], "Qs 7h 2c", progress=True)
    d = equity(["TT+,AKs", "random"], "Qs 7h 2c")
    np.testing.assert_allclose(c.equity, d.equity, atol=1e-12)


def test_dask_module_without_dask_names_the_extra(monkeypatch):
    import sys

    import pokerlut.dask as pdask

    for name in ("dask", "dask.array"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails as if dask were not installed
    with pytest.raises(ImportError, match=r"pip install pokerlut\[dask\]"):
        pdask.evaluate(np.zeros((1, 5), np.uint8))
    with pytest.raises(ImportError, match=r"pip install pokerlut\[dask\]"):
        pdask.equity(["AhKh", "QdQc"], samples=1000, seed=1)


@pytest.mark.parametrize("seed", range(12))
def test_random_multiway_turn_and_river_vs_brute_force(seed):
    rng = np.random.default_rng(seed)
    p = int(rng.integers(2, 10))
    n_board = int(rng.choice([4, 5]))
    deck = rng.permutation(52)
    holes = deck[:2 * p].reshape(p, 2).tolist()
    board = deck[2 * p:2 * p + n_board].tolist()
    dead = deck[2 * p + n_board:2 * p + n_board + int(rng.integers(0, 3))].tolist()
    r = equity([np.array(h) for h in holes], np.array(board), np.array(dead, dtype=np.int64))
    close(r, brute_force(holes, board, dead))


def test_board_plays_multiway_chop():
    # a royal flush on the board: every one of nine players splits, a ninth each
    holes = ["2c3c", "2d3d", "2h3h", "4c5c", "4d5d", "4h5h", "6c7c", "6d7d", "6h7h"]
    r = equity(holes, "As Ks Qs Js Ts")
    assert r.equity.tolist() == [1 / 9] * 9 and r.tie.tolist() == [1.0] * 9
    mc = equity(holes, "As Ks Qs Js Ts", exact=False, samples=1000, seed=1)
    assert mc.equity.tolist() == [1 / 9] * 9 and mc.std_error.tolist() == [0.0] * 9


def test_serial_and_parallel_kernels_agree(monkeypatch):
    from pokerlut import _threads, config
    from pokerlut.equities import holdem as H, plan
    from pokerlut.equities.deal import parse_deal

    mc = H.mc_input(parse_deal(["TT+,AKs", "random", "7s7c"], "Qs 7h 2c", ""))
    trials, seeds = plan.chunk_plan(150_000, 3)
    scenario = np.zeros(len(trials), np.int64)
    holes, _ = plan.combinations(parse_deal(["TT+", "AKs"], "", "").ranges)
    exact_args = (holes, np.zeros((1, 0), np.uint8), np.zeros(len(holes), np.int64), np.zeros(1, np.uint64),
                  pokerlut.get_variant("high"))
    results = []
    for threshold in (0, 10**18):  # every call on threads, then none
        monkeypatch.setattr(config, "PARALLEL_MIN_WORK", threshold)
        results.append((H.run_chunks(mc, scenario, trials, seeds), H.run_exact(*exact_args, boards_per_deal=10**6)))
    assert np.array_equal(results[0][0], results[1][0]) and np.array_equal(results[0][1], results[1][1])


# ----------------------------------------------------------------- suit isomorphism, rank compression


def plain_enumeration(ranges, board="", dead=()):
    """Equity per player by visiting every conflict-free deal of the ranges and every board, each
    ranked by pokerlut.evaluate: no symmetry, no compression (weights are all 1 here)."""
    board = cards(board) if isinstance(board, str) else list(board)
    combos = [parse_range(r).blocked(board + list(dead)).combos.tolist() for r in ranges]
    p = len(ranges)
    share_sum = np.zeros(p)
    n_total = 0

    def deals(i, chosen, used):
        if i == p:
            yield chosen
            return
        for c in combos[i]:
            if not used & set(c):
                yield from deals(i + 1, chosen + [c], used | set(c))

    for holes in deals(0, [], set()):
        used = set(board) | set(dead) | {c for h in holes for c in h}
        deck = [c for c in range(52) if c not in used]
        rest = np.array(list(combinations(deck, 5 - len(board))), dtype=np.uint8).reshape(-1, 5 - len(board))
        full = np.concatenate([np.broadcast_to(np.array(board, np.uint8), (len(rest), len(board))), rest], axis=1)
        hands = np.concatenate([np.broadcast_to(np.array(holes, np.uint8)[None], (len(full), p, 2)),
                                np.broadcast_to(full[:, None, :], (len(full), p, 5))], axis=2)
        s = pokerlut.evaluate(hands)
        best = s == s.max(axis=1, keepdims=True)
        share_sum += (best / best.sum(axis=1, keepdims=True)).sum(axis=0)
        n_total += len(full)
    return share_sum / n_total, n_total


LOW_CARDS = [c for c in range(52) if c // 4 <= 5]  # every 2..7: dead in all suits, so all 24 suit maps stay


@pytest.mark.parametrize("ranges, board, dead", [
    (["AKs", "QQ"], "", LOW_CARDS),                         # preflop, range vs range: classes merge
    (["AKs", "QQ", "T9s"], "", LOW_CARDS),                  # three-way preflop
    (["AhKh", "QdQc", "JsTs"], "", LOW_CARDS[:20]),         # three fixed hands, fewer symmetries
    # dead cards that break the symmetry (2c 3d 4h 5s), and every 6, 7, 8, 9 and ten to keep it short
    (["AK", "QQ"], "", [0, 5, 10, 15] + list(range(16, 36))),
    (["TT+", "AKs, AKo"], "Qs 7h 2c", ()),                  # flop
    (["AA,KK", "QQ", "AKs"], "Ks 7h 2c 3d", ()),            # turn, three-way
])
def test_suit_isomorphic_equity_equals_plain_enumeration(ranges, board, dead):
    r = equity(ranges, board, list(dead), exact=True)
    expected, n = plain_enumeration(ranges, board, dead)
    assert r.method == "exact" and r.n == n
    np.testing.assert_allclose(r.equity, expected, atol=1e-12)


def test_canonical_classes_merge_suit_relabellings():
    from pokerlut.equities.deal import parse_deal
    from pokerlut.equities.plan import combinations, suit_classes

    problem = parse_deal(["AKs", "QQ"], "", "")
    holes, weights = combinations(problem.ranges)
    classes, class_weights = suit_classes(holes, weights, problem.board, problem.dead)
    # AKs vs QQ: one of the queens has the ace-king's suit (3 of the 6 pairs) or neither has
    assert len(holes) == 4 * 6 and len(classes) == 2 and sorted(class_weights.tolist()) == [12, 12]
    problem = parse_deal(["AKs", "QQ"], "Qh 7h 2h", "")  # a monotone flop: hearts are fixed, the rest swap
    holes, weights = combinations(problem.ranges)
    classes, class_weights = suit_classes(holes, weights, problem.board, problem.dead)
    assert class_weights.sum() == len(holes) and len(classes) < len(holes)


@pytest.mark.exhaustive
@pytest.mark.parametrize("ranges", [["AKs", "QdQc"], ["AhKh", "QdQc", "7s6s"]])
def test_full_preflop_equity_equals_plain_enumeration(ranges):
    r = equity(ranges, exact=True)
    expected, n = plain_enumeration(ranges)
    assert r.n == n
    np.testing.assert_allclose(r.equity, expected, atol=1e-12)


def test_heads_up_monte_carlo_counts_are_the_deal_by_deal_sums():
    """Heads-up, the Monte Carlo kernel counts a batch's outcomes and adds them to the accumulators
    once; settling deal by deal (as every other count is) gives the same sums, ties included."""
    import numba as nb

    from pokerlut.kernels import equity as kernels
    from pokerlut.kernels.primitives import add_card, first_card, hand_value_of_bits, suit_rank_bit

    @nb.njit(_nrt=False)
    def both(deals, batched, one_by_one, keys, bits, pvals, cards, bases, values, flush, bases5, values5,
             subset_rare):
        batch = keys.shape[0]
        for lo in range(0, deals.shape[0], batch):
            m = min(batch, deals.shape[0] - lo)
            for t in range(m):
                for p in range(2):
                    key = add_card(first_card(cards, deals[lo + t, 2 * p]), cards, deals[lo + t, 2 * p + 1])
                    bit = suit_rank_bit(deals[lo + t, 2 * p]) | suit_rank_bit(deals[lo + t, 2 * p + 1])
                    for j in range(4, 9):
                        key = add_card(key, cards, deals[lo + t, j])
                        bit |= suit_rank_bit(deals[lo + t, j])
                    keys[t, p] = key
                    bits[t, p] = bit
                    pvals[p] = hand_value_of_bits(key, bit, bases, values, flush, bases5, values5, cards, subset_rare)
                kernels.settle(pvals, 2, np.int64(1), one_by_one, True)
            kernels.settle_batch(m, 2, keys, bits, pvals, batched, cards, bases, values, flush, bases5, values5,
                                 subset_rare)

    deals = pokerlut.random_hands(3000, 9, seed=36)
    deals[::10, 4:] = parse_cards("As Ks Qs Js Ts")  # the board plays: a tie
    batched, one_by_one = np.zeros((2, 4), np.int64), np.zeros((2, 4), np.int64)
    scratch = (np.zeros((kernels.MC_BATCH, 2), np.uint64), np.zeros((kernels.MC_BATCH, 2), np.uint64),
               np.zeros(2, np.uint16))
    both(deals, batched, one_by_one, *scratch, *pokerlut.get_variant("high").tables.rank_tables(7))
    assert (batched == one_by_one).all() and one_by_one[:, 1].min() >= 300 and one_by_one[:, 0].min() > 0
