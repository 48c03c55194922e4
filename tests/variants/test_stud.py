"""Seven-card stud, stud hi-lo and razz (docs/rules.md, "Seven-card stud"): showdowns against
pokerkit on random deals, equity against an enumeration written here, Monte Carlo against exact,
bad input.

The oracle: pokerkit's lookups (``StandardLookup`` for the high hand, ``RegularLookup`` for razz's
ace-to-five low, ``EightOrBetterLookup`` for the low half of hi-lo) give the value of every 5-card
shape once; a player's hand is then the best of the 21 five-card subsets of his seven, taken here,
vectorized, so that 30,000 deals per game (about 135,000 seven-card hands) check in about a second.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

import pokerlut
from pokerlut.equities.stud import stud_equity

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.lookups import EightOrBetterLookup, RegularLookup, StandardLookup  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUBSETS = [list(s) for s in combinations(range(7), 5)]
N_DEALS = 30_000


def _shape_code(five: np.ndarray) -> np.ndarray:
    r = np.sort(five // 4, axis=-1).astype(np.int64)
    code = np.zeros(r.shape[:-1], np.int64)
    for j in range(5):
        code = code * 13 + r[..., j]
    return code * 2 + (five % 4 == five[..., :1] % 4).all(axis=-1)


def _oracle(lookup, low: bool) -> np.ndarray:
    """``table[shape code]``: pokerkit's goodness of every 5-card shape (larger is better; 0 for no
    hand, an eight-or-better low that does not qualify)."""
    table = np.full(13**5 * 2, -1, np.int64)
    for multiset in combinations_with_replacement(range(13), 5):
        if max(multiset.count(r) for r in multiset) > 4:
            continue
        for suited in (False, True):
            if suited and len(set(multiset)) < 5:
                continue
            if suited:
                suits = "ccccc"
            else:
                seen: dict[int, int] = {}
                suits = ""
                for r in multiset:
                    suits += SUITS[seen.get(r, 0)]
                    seen[r] = seen.get(r, 0) + 1
                if len(set(suits)) == 1:
                    suits = suits[:4] + "d"
            text = "".join(RANKS[r] + s for r, s in zip(multiset, suits))
            cards = np.array([4 * r + SUITS.index(s) for r, s in zip(multiset, suits)])
            code = int(_shape_code(cards))
            if not lookup.has_entry(text):
                table[code] = 0
                continue
            index = lookup.get_entry(text).index + 1
            table[code] = (1 << 40) - index if low else index
    return table


@pytest.fixture(scope="module")
def oracles():
    return {"high": _oracle(StandardLookup(), False), "a5": _oracle(RegularLookup(), True),
            "eight": _oracle(EightOrBetterLookup(), True)}


def best(table: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """The best pokerkit goodness over the 21 five-card subsets of each 7-card row (..., 7)."""
    g = table[_shape_code(hands[..., SUBSETS])]
    assert (g >= 0).all()
    return g.max(axis=-1)


def expected_shares(high: np.ndarray, low: np.ndarray | None) -> np.ndarray:
    """Pot shares per deal: the best high splits the pot (half of it when some low qualifies, and
    the best qualifying low splits the other half)."""
    hw = high == high.max(axis=1, keepdims=True)
    share = hw / hw.sum(axis=1, keepdims=True)
    if low is None:
        return share
    qualifies = low > 0
    best_low = np.where(qualifies, low, -1).max(axis=1, keepdims=True)
    lw = qualifies & (low == best_low)
    any_low = lw.any(axis=1, keepdims=True)
    split = 0.5 * share + 0.5 * np.divide(lw, lw.sum(axis=1, keepdims=True), out=np.zeros(lw.shape), where=any_low)
    return np.where(any_low, split, share)


@pytest.mark.parametrize("variant", ["stud", "razz", "stud-hilo"])
def test_showdowns_on_random_deals_against_pokerkit(variant, oracles):
    rng = np.random.default_rng(len(variant))
    for n_players in range(2, 8):
        n = N_DEALS // 6
        deals = np.argsort(rng.random((n, 52)), axis=1)[:, :7 * n_players].astype(np.uint8)
        holes = deals.reshape(n, n_players, 7)
        r = pokerlut.showdown(holes, variant=variant)
        if variant == "razz":
            theirs = best(oracles["a5"], holes)
            assert np.array_equal(r.winners, theirs == theirs.max(axis=1, keepdims=True))
            assert np.allclose(r.shares, expected_shares(theirs, None), atol=1e-15)
            continue
        high = best(oracles["high"], holes)
        if variant == "stud":
            assert np.array_equal(r.winners, high == high.max(axis=1, keepdims=True))
            assert np.allclose(r.shares, expected_shares(high, None), atol=1e-15)
            continue
        low = best(oracles["eight"], holes)
        assert np.array_equal(r.high_winners, high == high.max(axis=1, keepdims=True))
        assert np.array_equal(r.low > 1, low > 0)
        assert np.allclose(r.shares, expected_shares(high, low), atol=1e-15)


def test_hilo_splits_and_scoops_happen(oracles):
    rng = np.random.default_rng(8)
    deals = np.argsort(rng.random((5000, 52)), axis=1)[:, :21].astype(np.uint8).reshape(5000, 3, 7)
    r = pokerlut.showdown(deals, variant="stud-hilo")
    assert r.low_winners.any() and r.scoops.any() and ((r.shares > 0) & (r.shares < 1)).any()
    assert np.allclose(r.shares.sum(axis=1), 1.0)


def _enumerated(players, dead, variant, oracles):
    """Exact equity by enumerating every way the unknown cards fall, here, with Fractions."""
    known = [pokerlut.parse_cards(p).tolist() for p in players]
    dead = pokerlut.parse_cards(dead).tolist() if dead else []
    rest = [c for c in range(52) if c not in set(dead).union(*map(set, known))]
    needs = [7 - len(k) for k in known]
    deals = []

    def deal(p, left, hands):
        if p == len(known):
            deals.append([h[:] for h in hands])
            return
        for pick in combinations(left, needs[p]):
            hands.append(known[p] + list(pick))
            deal(p + 1, [c for c in left if c not in pick], hands)
            hands.pop()

    deal(0, rest, [])
    hands = np.array(deals, np.int64)
    if variant == "razz":
        shares = expected_shares(best(oracles["a5"], hands), None)
    elif variant == "stud":
        shares = expected_shares(best(oracles["high"], hands), None)
    else:
        shares = expected_shares(best(oracles["high"], hands), best(oracles["eight"], hands))
    units = np.rint(shares * 5040).astype(np.int64)  # every share is a multiple of 1/5040 (halves of 1/k, k <= 7)
    assert np.array_equal(units, shares * 5040)
    return [Fraction(int(u), 5040 * len(deals)) for u in units.sum(axis=0)], len(deals)


@pytest.mark.parametrize("variant, players, dead", [
    ("stud", ["As Ad 7c 9h 2d 3s", "Kh Ks Qd 8c 8h 2c"], "Ac 7d Qh"),
    ("razz", ["Ac 2d 3h 9s Kd", "4c 5d 6h 7s 2h 3c"], "8c 8d"),
    ("stud-hilo", ["Ac 2d 3h 4s Kd Kc", "5c 5d 6h 7s 8h 9c", "Ts Js Qs Ks 2s 3s"], "Ah Ad As 4c 4d 6c 6d 7c 7d 8c"),
])
def test_exact_equity_against_an_enumeration(variant, players, dead, oracles):
    want, n = _enumerated(players, dead, variant, oracles)
    r = pokerlut.equity(players, dead=dead, variant=variant)
    assert r.method == "exact" and r.n == n
    assert np.allclose(r.equity, [float(x) for x in want], atol=1e-12, rtol=0)
    assert abs(float(r.equity.sum()) - 1) < 1e-12


def test_monte_carlo_agrees_with_exact_and_reproduces():
    players, dead = ["As Ad 7c 9h 2d 3s", ("Kh Ks Qd 8c", 3), "2c 3c 4c 5c 6d 6h"], "Ac 7d"
    exact = pokerlut.equity(players, dead=dead, variant="stud", exact=True)
    assert exact.method == "exact"
    mc = pokerlut.equity(players, dead=dead, variant="stud", exact=False, samples=300_000, seed=5)
    assert mc.method == "monte carlo" and mc.n == 300_000
    assert (np.abs(mc.equity - exact.equity) < 5 * mc.std_error + 1e-9).all()
    pokerlut.set_num_threads(1)
    try:
        again = pokerlut.equity(players, dead=dead, variant="stud", exact=False, samples=300_000, seed=5)
    finally:
        pokerlut.set_num_threads(None)
    assert np.array_equal(again.equity, mc.equity) and np.array_equal(again.win, mc.win)


def test_every_street_and_the_result():
    # third street: two down and one up for the hero, the opponents' door cards; Monte Carlo by size
    r = pokerlut.equity(["Ah Kh Qh", "9c", "Td"], dead="2s 7d", variant="stud", seed=1, samples=100_000)
    assert r.method == "monte carlo" and r.players == ["AhKhQh +4", "9c +6", "Td +6"]
    # seventh street with every card known: one deal
    r = stud_equity(["2c 3d 4h 5s 7c 9d Kh", "Ac 2d 3h 4s 6c 8d Qh"], variant="razz")
    assert (r.method, r.n, r.equity.tolist()) == ("exact", 1, [0.0, 1.0])
    assert "exact, 1 deals" in r.table()
    # the razz hand with the wheel draws against a pair
    r = pokerlut.equity([("As 2s 3s 4s", 3), ("Kc Kd 5h 6h 7h 8h", 1)], variant="razz")
    assert r.method == "exact" and r.equity[0] > 0.5


@pytest.mark.parametrize("call, error, message", [
    (lambda: pokerlut.equity(["As Ad", "Kh"], board="2c 3c 4c", variant="stud"), ValueError, r"stud has no board"),
    (lambda: pokerlut.equity(["As Ad 2c 3c 4c 5c 6c 7c", "Kh"], variant="stud"), ValueError,
     r"player 0: a stud hand has 7 cards, got 8 known cards"),
    (lambda: pokerlut.equity([("As Ad", 4), "Kh"], variant="razz"), ValueError,
     r"player 0: a razz hand ends with 7 cards, but 2 known and 4 unknown make 6"),
    (lambda: pokerlut.equity([("As Ad", 5.0), "Kh"], variant="razz"), TypeError, r"number of unknown cards"),
    (lambda: pokerlut.equity(["As Ad", "Kh As"], variant="stud"), ValueError,
     r"card As \(id 51\) is dealt twice: as player 0's card 0 and as player 1's card 1"),
    (lambda: pokerlut.equity(["As Ad", "Kh"], dead="Kh", variant="stud-hilo"), ValueError,
     r"card Kh \(id 46\) is dealt twice: as dead card 0 and as player 1's card 0"),
    (lambda: pokerlut.equity(["As W", "Kh"], variant="stud"), ValueError, r"wild card \(id 52\) is not dealt"),
    (lambda: pokerlut.equity(["As"] + ["2c 2d"] * 0 + ["Kh"] * 0, variant="stud"), ValueError, r"2 to 9 players"),
    (lambda: pokerlut.equity(["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], variant="stud"), ValueError,
     r"8 players of 7 cards and 0 dead cards need 56 cards: more than the 52 of the deck"),
    (lambda: pokerlut.equity(["As", "Kh"], variant="stud", exact=True), ValueError, r"exact=True would enumerate"),
    (lambda: pokerlut.equity("As Kh", variant="stud"), TypeError, r"players is a list of stud hands"),
    (lambda: pokerlut.equity(["As", "Kh"], variant="stud", samples=0), ValueError, r"samples must be at least 1"),
    (lambda: pokerlut.equity(["As", "Kh"], variant="stud", seed="x"), TypeError, r"seed"),
    (lambda: stud_equity(["As", "Kh"], variant="omaha"), ValueError, r"stud_equity is for the stud games"),
    (lambda: pokerlut.equity(["Ac 2d 3h 4s", "Kc Kd Kh Ks"], variant="badugi"), ValueError,
     r"badugi hands are ranked as dealt"),
])
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_games_without_the_wild_card_refuse_it():
    with pytest.raises(ValueError, match=r"player 1's card 6: the wild card \(id 52\) is not dealt in the stud game"):
        pokerlut.showdown([["Ac", "2d", "3h", "4s", "Kd", "Kh", "9c"], ["Kc", "Qd", "Ks", "7h", "6s", "5c", "W"]],
                          variant="stud")
    with pytest.raises(ValueError, match=r"the wild card \(id 52\) is not dealt in the stud-hilo game"):
        pokerlut.evaluate("Ac 2d 3h 4s Kd Kh W", variant="stud-hilo")
    # Omaha ranks on the same tables, and now refuses the wild card as the rules say
    with pytest.raises(ValueError, match=r"the wild card \(id 52\) is not dealt in the omaha game"):
        pokerlut.evaluate_omaha("W Kh Qd Jd", "Th 9h 2h 3c 4s")
    assert int(pokerlut.evaluate("Ac 2d 3h 4s Kd Kh 9c", variant="stud")) == int(pokerlut.evaluate("Ac 2d 3h 4s Kd Kh 9c"))


def test_command_line(capsys):
    from pokerlut.cli import main

    assert main(["equity", "As Ad 7c 9h 2d 3s", "Kh Ks Qd 8c", "--dead", "Ac 7d", "--variant", "stud",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "exact, 365,560 deals, dead Ac 7d" in out and "KhKsQd8c +3" in out
    assert main(["eval", "Ac 2d 3h 4s 8c 9d Kh", "--variant", "stud-hilo"]) == 0
    out = capsys.readouterr().out
    assert "high:" in out and "8-4-3-2-A low" in out
    assert main(["eval", "Ac 2d 3h 4s", "--variant", "badugi"]) == 0
    assert "Badugi, 4-3-2-A" in capsys.readouterr().out
    assert main(["eval", "Ac 2d 3h", "--variant", "badugi"]) == 2
    assert "a badugi hand is 4 cards, got 3" in capsys.readouterr().err
    assert main(["equity", "Ac 2d 3h 4s", "Kc Kd Kh Ks", "--variant", "badugi"]) == 2
    assert "ranked as dealt" in capsys.readouterr().err
