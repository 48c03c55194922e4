"""Per-side hi-lo equity (high share, low share, scoop) of every hi-lo game, exact and Monte Carlo,
against a brute force that settles every board (or stud deal) itself in exact fractions."""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from pokerlut import equity, evaluate, evaluate_omaha, parse_cards


def settle(highs, lows):
    """Per player (high half, low half, high half without a low, pot share, scoop) of one pot."""
    n = len(highs)
    best = max(highs)
    high_winners = [p for p in range(n) if highs[p] == best]
    best_low = max(lows)
    low_winners = [p for p in range(n) if lows[p] == best_low] if best_low > 1 else []
    rows = []
    for p in range(n):
        high = Fraction(1, len(high_winners)) if p in high_winners else Fraction(0)
        low = Fraction(1, len(low_winners)) if p in low_winners else Fraction(0)
        no_low = high if not low_winners else Fraction(0)
        pot = high / 2 + low / 2 + no_low / 2
        rows.append((high, low, no_low, pot, pot == 1 and (high == 1)))
    return rows


def brute_force(rows_of_deals):
    """Averages over deals of :func:`settle`, as floats (P, 5)."""
    total = None
    for highs, lows in rows_of_deals:
        rows = settle(highs, lows)
        total = rows if total is None else [tuple(a + b for a, b in zip(t, r)) for t, r in zip(total, rows)]
    n = len(rows_of_deals)
    return np.array([[float(Fraction(x) / n) for x in row] for row in total])


def omaha_deals(holes, board):
    """(highs, lows) of every board completing ``board`` (Omaha hi-lo), by the table evaluator."""
    holes = [parse_cards(h) for h in holes]
    used = set(int(c) for h in holes for c in h) | set(int(c) for c in parse_cards(board))
    rest = [c for c in range(52) if c not in used]
    known = list(parse_cards(board))
    boards = np.array([known + list(extra) for extra in combinations(rest, 5 - len(known))], np.uint8)
    per_player = [evaluate_omaha(np.broadcast_to(h, (len(boards), len(h))), boards, variant="omaha-hilo")
                  for h in holes]
    return [([int(r.high[i]) for r in per_player], [int(r.low[i]) for r in per_player]) for i in range(len(boards))]


def check_result(r, expected):
    high, low, no_low, pot, scoop = expected.T
    np.testing.assert_allclose(r.high_share, high, atol=1e-12)
    np.testing.assert_allclose(r.low_share, low, atol=1e-12)
    np.testing.assert_allclose(r.high_share_no_low, no_low, atol=1e-12)
    np.testing.assert_allclose(r.equity, pot, atol=1e-12)
    np.testing.assert_allclose(r.scoop, scoop, atol=1e-12)
    np.testing.assert_allclose(r.scoop, r.win, atol=0)


def check_identity(r):
    np.testing.assert_allclose((r.high_share + r.low_share + r.high_share_no_low) / 2, r.equity, atol=1e-12)


@pytest.mark.parametrize("holes, board", [
    (["Ah 2h Kd Qc", "As 3c 4d Kh"], "5s 8d Jc 9h"),            # a turn: 40 rivers
    (["Ah 2h Kd Qc", "As 2c Jd Jh", "3s 4s 7h 7c"], "5s 8d Tc"),  # a flop, three players, tied lows
    (["Kh Kd Qc Qs", "Th 9h 8c 7c"], "Ks 4d 3c"),               # lows and no lows
])
def test_omaha_hilo_exact_against_brute_force(holes, board):
    r = equity(holes, board=board, variant="omaha-hilo", exact=True)
    expected = brute_force(omaha_deals(holes, board))
    check_result(r, expected)
    check_identity(r)
    assert expected[:, 1].sum() > 0 and expected[:, 2].sum() > 0   # both kinds of board happen


def test_omaha_hilo_monte_carlo_identity_and_agreement():
    holes, board = ["Ah 2h Kd Qc", "As 3c 4d Kh"], "5s 8d Jc"
    exact = equity(holes, board=board, variant="omaha-hilo", exact=True)
    mc = equity(holes, board=board, variant="omaha-hilo", exact=False, samples=200_000, seed=3)
    check_identity(mc)
    for side in ("high_share", "low_share", "high_share_no_low", "scoop"):
        got, want = getattr(mc, side), getattr(exact, side)
        assert np.all(np.abs(got - want) < 0.01), side      # ~5 standard errors of a share at 200,000 trials
    random = equity(["Ah 2h Kd Qc", "random"], board=board, variant="omaha-hilo", samples=100_000, seed=1)
    check_identity(random)
    assert random.low_share[0] > 0 and random.high_share[1] > 0


def stud_deals(known, dead=""):
    """(highs, lows) of every completion of two stud hands of six known cards (one unknown each)."""
    hands = [list(parse_cards(k)) for k in known]
    used = set(c for h in hands for c in h) | set(int(c) for c in parse_cards(dead))
    rest = [c for c in range(52) if c not in used]
    deals = []
    for a in rest:
        for b in rest:
            if a != b:
                seven = np.array([hands[0] + [a], hands[1] + [b]], np.uint8)
                deals.append(([int(x) for x in evaluate(seven)],
                              [int(x) for x in evaluate(seven, variant="eight-or-better")]))
    return deals


def test_stud_hilo_exact_against_brute_force():
    known = ["Ah 2d 5c Kd Ks 9h", "3s 4s 6h 7h Qd Qc"]
    r = equity(known, variant="stud-hilo", exact=True)
    expected = brute_force(stud_deals(known))
    check_result(r, expected)
    check_identity(r)
    mc = equity(known, variant="stud-hilo", exact=False, samples=100_000, seed=2)
    check_identity(mc)


def test_high_only_games_have_no_sides():
    for variant, players in (("omaha", ["Ah 2h Kd Qc", "As 3c 4d Kh"]), ("high", ["AhKh", "QdQc"]),
                             ("stud", ["Ah 2d 5c Kd Ks 9h", "3s 4s 6h 7h Qd Qc"])):
        board = "5s 8d Jc 9h" if variant != "stud" else ""
        r = equity(players, board=board, variant=variant, exact=True)
        assert r.high_share is None and r.low_share is None and r.scoop is None, variant


def test_command_line_json_carries_the_sides(capsys):
    import json

    from pokerlut.cli import main

    assert main(["equity", "--variant", "omaha-hilo", "--board", "5s 8d Jc 9h", "--json", "Ah 2h Kd Qc",
                 "As 3c 4d Kh"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    r = equity(["Ah 2h Kd Qc", "As 3c 4d Kh"], board="5s 8d Jc 9h", variant="omaha-hilo")
    assert [p["low_share"] for p in players] == r.low_share.tolist()
    assert [p["scoop"] for p in players] == r.scoop.tolist()
