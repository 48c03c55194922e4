"""The heads-up sorting engine (``method="sweep"``) and per-combo equities, against the enumerating
engine (``method="enumerate"``: every combination of combos, every board) as the oracle."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlut import Range, config, equity
from pokerlut.equities.deal import ImpossibleDeal
from pokerlut.ranges import ALL_COMBOS, parse_range
from pokerlut.variants import BEST_FIVE_VARIANTS, get_variant

TOL = 1e-12


def assert_same(a, b, tol=TOL):
    np.testing.assert_allclose(a.equity, b.equity, rtol=0, atol=tol)
    np.testing.assert_allclose(a.win, b.win, rtol=0, atol=tol)
    np.testing.assert_allclose(a.tie, b.tie, rtol=0, atol=tol)


def random_range(rng, n: int, deck, weighted: bool) -> Range:
    """``n`` combos of ``deck``'s cards (any may hold a board or dead card: card removal is the
    engine's job), weights 1 or random in (0, 2] with a few exact zeros."""
    ok = np.isin(ALL_COMBOS, deck).all(axis=1)
    pick = rng.choice(np.flatnonzero(ok), size=n, replace=False)
    weights = np.ones(n) if not weighted else np.round(rng.uniform(0.05, 2.0, n), 2)
    if weighted and n > 3:
        weights[rng.integers(n)] = 0.0
    return Range(ALL_COMBOS[pick], weights)


def random_spot(seed: int, board_size: int, sizes=(6, 9), variant="high", weighted=True, dead=True):
    """Two random ranges sharing some combos, a random board and maybe a dead card."""
    rng = np.random.default_rng(seed)
    deck = np.array(get_variant(variant).deck, dtype=np.int64)
    cards = rng.permutation(deck)
    board = cards[:board_size]
    dead_cards = cards[board_size:board_size + (int(rng.integers(2)) if dead else 0)]
    a = random_range(rng, sizes[0], deck, weighted)
    b = random_range(rng, sizes[1], deck, weighted)
    # combos in both ranges (the two players cannot hold one together)
    new = ~(np.sort(a.combos, axis=1)[:, None, :] == np.sort(b.combos, axis=1)[None, :, :]).all(axis=2).any(axis=1)
    shared = np.flatnonzero(new)[:rng.integers(1, 3)]
    b = Range(np.concatenate([b.combos, a.combos[shared]]), np.concatenate([b.weights, a.weights[shared]]))
    return [a, b], board, dead_cards


def both_engines(players, board, dead, variant="high"):
    sweep = equity(players, board, dead, method="sweep", variant=variant)
    enum = equity(players, board, dead, method="enumerate", variant=variant)
    assert sweep.engine == "sweep" and enum.engine == "enumerate"
    assert sweep.method == enum.method == "exact"
    return sweep, enum


@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_sweep_equals_enumeration_after_the_flop(board_size, seed):
    players, board, dead = random_spot(100 * board_size + seed, board_size, sizes=(8, 40 + 30 * seed))
    sweep, enum = both_engines(players, board, dead)
    assert_same(sweep, enum)


@pytest.mark.parametrize("players, dead", [
    (["0.5(QQ),AKs", "JJ:0.3,AQo"], ""),  # suit-symmetric ranges: one board per class of 24 relabellings
    (["TT+", "AKs,KQs:0.5"], "2c"),  # a dead card keeps the six relabellings of the other suits
    (["AhKh,AsKs", "QQ"], ""),  # hearts and spades swap
])
def test_sweep_equals_enumeration_preflop(players, dead):
    sweep, enum = both_engines(players, "", dead)
    assert_same(sweep, enum)


def test_sweep_equals_enumeration_preflop_without_symmetry():
    players, _, dead = random_spot(2, 0, sizes=(3, 4))  # weights of two decimals: sums that round
    sweep, enum = both_engines(players, "", dead)
    assert_same(sweep, enum)


@pytest.mark.parametrize("variant", BEST_FIVE_VARIANTS)
@pytest.mark.parametrize("board_size", [0, 3, 5])
def test_sweep_equals_enumeration_in_every_best_five_game(variant, board_size):
    sizes = (3, 3) if board_size == 0 else (7, 160)  # 160: the larger range goes by rank class
    players, board, dead = random_spot(7 + board_size, board_size, sizes=sizes, variant=variant)
    sweep, enum = both_engines(players, board, dead, variant)
    assert_same(sweep, enum)


@pytest.mark.parametrize("players, board", [
    (["TT+,AKs", "random"], "Qs 7h 2c"),
    (["0.5(AA),KK,AKs:0.25", "22+,A2s+,KTo+"], "Ks Qs 4s"),  # three of a suit: flush-capable combos one by one
    (["QQ+,AK", "random"], "Js Ts 4s 2s"),  # four of a suit: the flush groups
    (["AhKh", "random"], "2s 3s 4s 5s 9s"),  # a flush on the board: the rank classes play it
    (["QQ+,AK", "22+,KQs"], "Ah Kd Qc Js Th"),  # a straight on the board: every hand ties
    (["AsAd", "22+,A2+"], "Ah 7d 7c"),  # a known hand against a range
])
def test_sweep_equals_enumeration_on_chosen_boards(players, board):
    sweep, enum = both_engines(players, board, "")
    assert_same(sweep, enum)


def test_board_that_plays_is_a_tie_for_everyone():
    r = equity(["random", "random"], "Ah Kd Qc Js Th")
    assert r.engine == "sweep"
    np.testing.assert_allclose(r.tie, [1.0, 1.0], atol=TOL)
    np.testing.assert_allclose(r.equity, [0.5, 0.5], atol=TOL)


def test_the_cheaper_exact_engine_runs_and_is_named():
    assert equity(["TT+,AKs", "random"], "Qs 7h 2c").engine == "sweep"
    assert equity(["TT+,AKs", "random"], "").engine == "preflop tables"  # whole classes: looked up
    assert equity(["TT+,AKs", "random"], "", method="sweep").engine == "sweep"
    assert equity(["AhKh", "random"], "").engine == "enumerate"  # a hand's pairs go by rank multiset preflop
    assert equity(["AhKh", "QQ"], "Qs 7h 2c").engine == "runouts"  # a few pairs on a flop: runout by runout
    assert equity(["AhKh", "QdQc"], "Qs 7h 2c").engine == "runouts"
    assert equity(["AhKh", "QQ", "JJ"], "Qs 7h 2c").engine == "enumerate"
    assert equity(["random", "random"]).engine == "preflop tables"
    assert equity(["random", "random"], dead="2c", samples=10_000, seed=1).engine == "monte carlo"


def test_swapping_the_players_gives_one_minus_the_equity():
    players, board, dead = random_spot(11, 3, sizes=(10, 200))
    ab = equity(players, board, dead)
    ba = equity(players[::-1], board, dead)
    assert abs(ba.equity[0] - (1.0 - ab.equity[0])) < TOL
    np.testing.assert_allclose(ab.equity, ba.equity[::-1], atol=TOL)
    np.testing.assert_allclose(ab.win, ba.win[::-1], atol=TOL)
    np.testing.assert_allclose(ab.tie, ba.tie, atol=TOL)


@pytest.mark.parametrize("text, board", [("TT+,AKs", "Qs 7h 2c"), ("0.3(22-55),AK:0.7,KQs", "9d 8d 2h 3s"),
                                         ("AA,KK,AKs", "")])
def test_a_range_against_itself_has_half_the_pot(text, board):
    for method in ("sweep", "enumerate"):
        r = equity([text, text], board, method=method)
        assert r.engine == method
        np.testing.assert_allclose(r.equity, [0.5, 0.5], atol=TOL)


def test_symmetric_preflop_ranges_use_the_suit_classes():
    from pokerlut.equities.sweep import boards_of, symmetry
    from pokerlut.equities.deal import parse_deal
    deal = parse_deal(["TT+,AKs", "random"])
    perms = symmetry(deal)
    boards, weights = boards_of(deal, perms)
    assert len(perms) == 24 and len(boards) == 134_459
    assert int(weights.sum()) == 2_598_960  # every board of the deck in exactly one class
    assert len(symmetry(parse_deal(["AhKh", "random"]))) == 6  # spades, diamonds, clubs relabelled
    assert len(symmetry(parse_deal(["AhKh,AsKd", "random"]))) == 1


def test_per_combo_average_by_weight_equals_the_range_equity():
    players, board, dead = random_spot(5, 3, sizes=(12, 180))
    r = equity(players, board, dead, per_combo=True)
    for p, c in enumerate(r.combos):
        live = ~c.blocked & np.isfinite(c.equity)
        w = c.weights[live] * c.faced[live]
        assert abs(float(w @ c.equity[live]) / float(w.sum()) - r.equity[p]) < TOL
        assert abs(float(w @ c.win[live]) / float(w.sum()) - r.win[p]) < TOL


def test_per_combo_equity_is_that_combo_against_the_range():
    players, board, dead = random_spot(9, 4, sizes=(6, 60))
    r = equity(players, board, dead, per_combo=True)
    for p in range(2):
        c = r.combos[p]
        other = players[1 - p]
        for i in np.flatnonzero(~c.blocked)[:3]:
            seat = [c.combos[i], other] if p == 0 else [other, c.combos[i]]
            try:
                alone = equity(seat, board, dead, method="enumerate")
            except ImpossibleDeal:  # no opponent combo fits beside this one
                assert np.isnan(c.equity[i])
                continue
            assert abs(c.equity[i] - alone.equity[p]) < TOL
            assert abs(c.tie[i] - alone.tie[p]) < TOL


def test_per_combo_marks_blocked_combos_and_keeps_the_range_as_given():
    r = equity(["AA", "KK"], "As 7h 2c", per_combo=True)
    aa = r.combos[0]
    assert len(aa) == 6 and aa.combos.shape == (6, 2)
    assert aa.blocked.sum() == 3  # the combos holding the ace of spades
    assert np.isnan(aa.equity[aa.blocked]).all() and np.isfinite(aa.equity[~aa.blocked]).all()
    assert "blocked" in aa.table()


def test_per_combo_of_a_fixed_hand_is_its_one_combo():
    r = equity(["AhKh", "QQ,JJ"], "Qs 7h 2c", per_combo=True)
    assert len(r.combos[0]) == 1 and abs(r.combos[0].equity[0] - r.equity[0]) < TOL
    assert len(r.combos[1]) == 12 and r.combos[1].blocked.sum() == 3  # the queens with the Qs


def test_weight_zero_combos_are_never_dealt():
    base = equity(["QQ", "AK"], "Qs 7h 2c")
    combos = np.concatenate([parse_range("AK").combos, parse_range("72o").combos])
    weights = np.concatenate([np.ones(16), np.zeros(12)])
    r = equity(["QQ", Range(combos, weights)], "Qs 7h 2c")
    assert_same(r, base)


def test_dead_cards_and_a_known_board_remove_combos():
    r1 = equity(["AA", "KK,QQ"], "2c 7d 9h", "Kh Ks")
    r2 = equity(["AA", "KcKd,QQ"], "2c 7d 9h", "Kh Ks")
    assert_same(r1, r2)


@pytest.mark.parametrize("players, board, error, match", [
    (["AhAs,AhAd", "AhKh,AhQh"], "", ImpossibleDeal, "never fit together"),
    (["AA", "KK"], "As Ah Ad", ImpossibleDeal, "every combo holds a card"),
    (["AsAh,AsAd", "AsKs,AsQs"], "Kc 2c 3c", ImpossibleDeal, "never fit together"),
    (["AsAh", "AsKs,AhQh"], "Kc 2c 3c", ImpossibleDeal, "every combo holds a card"),
])
def test_impossible_deals(players, board, error, match):
    for method in (None, "sweep"):
        with pytest.raises(error, match=match):
            equity(players, board, method=method)


def test_every_weight_zero_is_refused():
    with pytest.raises(ValueError, match="every weight is 0"):
        equity(["AA", Range(parse_range("KK").combos, np.zeros(6))], "Qs 7h 2c")


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(players=["AA", "KK", "QQ"], per_combo=True), ValueError, "heads-up; this deal has 3 players"),
    (dict(players=["AA", "KK", "QQ"], method="sweep"), ValueError, "heads-up; this deal has 3 players"),
    (dict(players=["AA", "KK"], per_combo=True, exact=False), ValueError, "per-combo equities are exact"),
    (dict(players=["AA", "KK"], per_combo=True, method="enumerate"), ValueError, "per-combo equities are exact"),
    (dict(players=["AA", "KK"], per_combo="yes"), TypeError, "per_combo must be True or False"),
    (dict(players=["AA", "KK"], method="fast"), ValueError, "method must be None, 'sweep', 'enumerate' or 'runouts'"),
    (dict(players=["AA"] * 10), ValueError, "2 to 9 players, got 10"),
    (dict(players=["AsKsQsJs", "random"], variant="omaha", per_combo=True), ValueError, "not omaha"),
])
def test_bad_requests(kwargs, error, match):
    players = kwargs.pop("players")
    with pytest.raises(error, match=match):
        equity(players, "Qh 7h 2c", **kwargs)


def test_per_combo_over_the_budget_needs_exact_true(monkeypatch):
    from pokerlut.equities import plan
    monkeypatch.setattr(config, "EXACT_BUDGET", 1000)
    with pytest.raises(ValueError, match="pass exact=True"):
        equity(["AA", "random"], "Qs 7h 2c", per_combo=True)
    assert equity(["AA", "random"], "Qs 7h 2c", per_combo=True, exact=True).combos[0] is not None
    assert equity(["AA", "random"], "Qs 7h 2c", samples=1000, seed=2).engine == "monte carlo"


def test_multiway_ranges_enumerate_within_the_budget_and_say_so():
    exact = equity(["AA", "KK", "QQ"], "2c 7d 9h")
    assert exact.method == "exact" and exact.engine == "enumerate"
    mc = equity(["random", "random", "AhKh"], samples=20_000, seed=4)
    assert mc.method == "monte carlo" and mc.engine == "monte carlo"


@pytest.mark.parametrize("players, board", [
    (["AhKh", "random"], ""),  # a hand against any two cards: dealt with the board, no redraws
    (["AhKh", "random"], "Qs 7h 2c"),
    (["random", "QsQd", "random"], ""),
    (["random", "random"], "Kd 8c 3h 2s"),
])
def test_monte_carlo_dealing_from_the_deck_is_within_four_standard_errors(players, board):
    exact = equity(players, board, exact=True) if len(players) == 2 or board else None
    mc = equity(players, board, exact=False, samples=200_000, seed=8)
    if exact is None:  # multiway preflop: against a larger, independent Monte Carlo run of the redrawing path
        weighted = [p if p != "random" else Range(ALL_COMBOS, np.linspace(1, 1 + 1e-9, 1326)) for p in players]
        exact = equity(weighted, board, exact=False, samples=1_000_000, seed=9)
        bound = 4 * np.hypot(mc.std_error, exact.std_error)
    else:
        bound = 4 * mc.std_error
    assert (np.abs(mc.equity - exact.equity) <= bound).all()


# --------------------------------------------------------------------------- the exact preflop tables


@pytest.mark.parametrize("players", [["TT+,AKs", "random"], ["AA", "KK"], ["0.5(QQ),AKo:2", "random"],
                                     ["22+,A2s+", "0.3(K9o+),T9s"], ["AKs", "AKs"]])
def test_whole_classes_preflop_are_answered_by_the_tables_as_the_sweep_computes(players):
    table = equity(players)
    sweep = equity(players, method="sweep")
    assert table.engine == "preflop tables" and table.method == "exact"
    np.testing.assert_allclose(table.equity, sweep.equity, atol=TOL)
    np.testing.assert_allclose(table.win, sweep.win, atol=TOL)
    np.testing.assert_allclose(table.tie, sweep.tie, atol=TOL)
    assert table.n == sweep.n


@pytest.mark.parametrize("players, board, dead, kw", [
    (["TT+,AhKh", "QQ"], "", "", {}),              # part of a class: not in the tables
    (["TT+,AKs", "random"], "", "2c", {}),          # a dead card
    (["TT+,AKs", "QQ"], "Qs 7h 2c", "", {}),       # a board
    (["TT+,AKs", "QQ"], "", "", {"per_combo": True}),
    (["TT+,AKs", "QQ"], "", "", {"method": "enumerate"}),
    (["TT+,AKs", "QQ"], "", "", {"variant": "short-deck"}),
])
def test_the_tables_answer_only_their_own_question(players, board, dead, kw):
    kw.setdefault("samples", 1000)
    assert equity(players, board, dead, **kw).engine != "preflop tables"


def test_the_preflop_grid_comes_from_the_tables_and_equals_each_class():
    from pokerlut.equities import class_equity

    grid = class_equity("TT+, AKs")
    assert grid.method == "exact" and grid.exact.all()
    for label in ("AA", "AKs", "T9s", "72o"):
        r = equity([label, "TT+, AKs"], method="sweep")
        assert abs(grid.at(label) - r.equity[0]) < TOL
