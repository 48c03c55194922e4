"""The other games (docs/rules.md, "Other variants"): pokerkit's lookups as an independent oracle,
exhaustive 5-card counts against the independent reference, named edge cases, bad input.

The oracle: every 5-card shape (ranks and whether all five share a suit) is looked up once in
pokerkit's lookup for the game; this test then takes the best over every 5-card subset of a hand
(every 2 hole + 3 board choice in Omaha) itself, vectorized, so 10^5 deals per hand size check in
seconds.  Where docs/rules.md and pokerkit differ (short deck: three of a kind beats a straight in
the rules, loses to it in pokerkit) the oracle's categories are reordered to the rules, and a test
pins the difference.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

import pokerlut
from pokerlut.variants import VARIANTS

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.lookups import (EightOrBetterLookup, Label, RegularLookup, ShortDeckHoldemLookup,  # noqa: E402
                              Standard2Lookup, StandardLookup)

import reference_variants as R  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_DEALS = 100_000
# the categories in the order docs/rules.md ranks them, per pokerkit label (short deck differs)
SHORT_DECK_ORDER = [Label.HIGH_CARD, Label.ONE_PAIR, Label.TWO_PAIR, Label.STRAIGHT, Label.THREE_OF_A_KIND,
                    Label.FULL_HOUSE, Label.FLUSH, Label.FOUR_OF_A_KIND, Label.STRAIGHT_FLUSH]
LOOKUPS = {"high": (StandardLookup(), False), "short-deck": (ShortDeckHoldemLookup(), False),
           "ace-five-low": (RegularLookup(), True), "eight-or-better": (EightOrBetterLookup(), True),
           "deuce-seven-low": (Standard2Lookup(), True)}


def _shape_code(ranks: np.ndarray, suited: np.ndarray) -> np.ndarray:
    """A code for sorted 5-rank rows and whether they share a suit: base 13 digits, then the flag."""
    r = np.sort(ranks, axis=-1).astype(np.int64)
    code = np.zeros(r.shape[:-1], np.int64)
    for j in range(5):
        code = code * 13 + r[..., j]
    return code * 2 + suited


def oracle_table(game: str) -> np.ndarray:
    """``table[shape code]``: pokerkit's goodness of every 5-card shape of the game (larger is
    better; 0 for "no hand", e.g. no qualifying low; -1 where the shape cannot occur)."""
    lookup, low = LOOKUPS[game]
    deck_ranks = range(4, 13) if game == "short-deck" else range(13)
    table = np.full(13**5 * 2, -1, np.int64)
    for multiset in combinations_with_replacement(deck_ranks, 5):
        if max(multiset.count(r) for r in multiset) > 4:
            continue
        for suited in (False, True):
            if suited and len(set(multiset)) < 5:
                continue
            suits = "cccccc" if suited else ("cdhs" * 2)[:5]
            if not suited:  # equal ranks need different suits, and five off-suit cards never share one
                seen = {}
                suits = ""
                for r in multiset:
                    suits += SUITS[seen.get(r, 0)]
                    seen[r] = seen.get(r, 0) + 1
                if len(set(suits)) == 1:
                    suits = suits[:4] + SUITS[(SUITS.index(suits[4]) + 1) % 4]
            text = "".join(RANKS[r] + s for r, s in zip(multiset, suits))
            code = int(_shape_code(np.array(multiset), np.array(int(suited))))
            if not lookup.has_entry(text):
                table[code] = 0  # no hand in this game (an eight-or-better low that does not qualify)
                continue
            entry = lookup.get_entry(text)
            if game == "short-deck":
                goodness = (SHORT_DECK_ORDER.index(entry.label) << 20) + entry.index  # the rules' order
            else:
                goodness = entry.index + 1
            table[code] = (1 << 40) - goodness if low else goodness
    return table


@pytest.fixture(scope="module")
def oracles():
    return {}


def oracle(oracles, game):
    if game not in oracles:
        oracles[game] = oracle_table(game)
    return oracles[game]


def best_goodness(table: np.ndarray, hands: np.ndarray, pick) -> np.ndarray:
    """Best pokerkit goodness over the 5-card choices ``pick`` (index tuples) of each row."""
    best = None
    for idx in pick:
        five = hands[:, list(idx)].astype(np.int64)
        suited = (five % 4 == five[:, :1] % 4).all(axis=1).astype(np.int64)
        g = table[_shape_code(five // 4, suited)]
        assert (g >= 0).all()
        best = g if best is None else np.maximum(best, g)
    return best


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """Our strengths are a strictly increasing function of the oracle's goodness."""
    order = np.lexsort((ours, theirs))
    o, t = ours[order].astype(np.int64), theirs[order]
    same = t[1:] == t[:-1]
    assert (o[1:][same] == o[:-1][same]).all(), "equal oracle values, different strengths"
    assert (o[1:][~same] > o[:-1][~same]).all(), "the oracle orders two hands the other way"


def random_deals(n: int, k: int, deck: list[int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array(deck, np.uint8)[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]]


BEST_FIVE_GAMES = ["high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low"]


@pytest.mark.parametrize("game", BEST_FIVE_GAMES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_order_as_pokerkit(oracles, game, k):
    deals = random_deals(N_DEALS, k, list(VARIANTS[game].deck), seed=k)
    ours = pokerlut.evaluate(deals, variant=game)
    assert_same_order(ours, best_goodness(oracle(oracles, game), deals, combinations(range(k), 5)))


@pytest.mark.parametrize("game", BEST_FIVE_GAMES)
@pytest.mark.parametrize("hole, board", [(2, 5), (2, 3), (5, 0)])
def test_showdowns_split_as_pokerkit(oracles, game, hole, board):
    players = 3
    deals = random_deals(N_DEALS // 10, players * hole + board, list(VARIANTS[game].deck), seed=hole + board)
    holes = deals[:, :players * hole].reshape(-1, players, hole)
    r = pokerlut.showdown(holes, deals[:, players * hole:], variant=game)
    hands = np.concatenate([holes, np.repeat(deals[:, None, players * hole:], players, axis=1)], axis=2)
    k = hole + board
    g = best_goodness(oracle(oracles, game), hands.reshape(-1, k), combinations(range(k), 5)).reshape(-1, players)
    winners = g == g.max(axis=1, keepdims=True)
    assert np.array_equal(r.winners, winners)
    np.testing.assert_array_equal(r.shares, winners / winners.sum(axis=1, keepdims=True))


def omaha_picks(n_hole: int, n_board: int):
    return [h + tuple(n_hole + b for b in t) for h in combinations(range(n_hole), 2)
            for t in combinations(range(n_board), 3)]


@pytest.mark.parametrize("n_hole", [4, 5, 6])
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_omaha_high_and_low_as_pokerkit(oracles, n_hole, n_board):
    deals = random_deals(N_DEALS // 5, n_hole + n_board, list(range(52)), seed=10 * n_hole + n_board)
    hl = pokerlut.evaluate_omaha(deals[:, :n_hole], deals[:, n_hole:], variant="omaha-hilo")
    picks = omaha_picks(n_hole, n_board)
    assert_same_order(hl.high, best_goodness(oracle(oracles, "high"), deals, picks))
    assert_same_order(hl.low, best_goodness(oracle(oracles, "eight-or-better"), deals, picks))
    assert np.array_equal(pokerlut.evaluate_omaha(deals[:, :n_hole], deals[:, n_hole:]), hl.high)


@pytest.mark.exhaustive
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_omaha_high_and_low_as_pokerkit_on_100k_deals(oracles, n_board):
    """Pot-limit Omaha (4 hole cards) on 10^5 deals per board size; the other hand sizes get
    N_DEALS // 5 deals in the test above (10^5 of each would cost ~30 s more)."""
    n_hole = 4
    deals = random_deals(N_DEALS, n_hole + n_board, list(range(52)), seed=1000 + 10 * n_hole + n_board)
    hl = pokerlut.evaluate_omaha(deals[:, :n_hole], deals[:, n_hole:], variant="omaha-hilo")
    picks = omaha_picks(n_hole, n_board)
    assert_same_order(hl.high, best_goodness(oracle(oracles, "high"), deals, picks))
    assert_same_order(hl.low, best_goodness(oracle(oracles, "eight-or-better"), deals, picks))


def test_omaha_hilo_showdowns_as_pokerkit(oracles):
    players, n_hole = 4, 4
    deals = random_deals(20_000, players * n_hole + 5, list(range(52)), seed=99)
    holes = deals[:, :players * n_hole].reshape(-1, players, n_hole)
    board = deals[:, players * n_hole:]
    r = pokerlut.showdown(holes, board, variant="omaha-hilo")
    hands = np.concatenate([holes, np.repeat(board[:, None, :], players, axis=1)], axis=2).reshape(-1, n_hole + 5)
    picks = omaha_picks(n_hole, 5)
    high = best_goodness(oracle(oracles, "high"), hands, picks).reshape(-1, players)
    low = best_goodness(oracle(oracles, "eight-or-better"), hands, picks).reshape(-1, players)
    for i in range(len(deals)):
        hw = high[i] == high[i].max()
        shares = [Fraction(int(x), int(hw.sum())) for x in hw]
        if low[i].max() > 0:
            lw = low[i] == low[i].max()
            shares = [(s + Fraction(int(x), int(lw.sum()))) / 2 for s, x in zip(shares, lw)]
        assert r.shares[i].tolist() == [float(s) for s in shares]
        assert r.scoops[i].tolist() == [s == 1 for s in shares]
    assert r.scoops.any() and (r.shares == 0.25).any()  # both kinds of pot happen in the sample


# ---------------------------------------------------------------------------- exhaustive counts


@pytest.mark.parametrize("game", BEST_FIVE_GAMES)
def test_every_five_card_hand_counts_as_the_reference(game):
    distinct, per_category = R.count_5card(game)
    histogram = pokerlut.strength_histogram(5, game)
    assert np.count_nonzero(histogram) == distinct
    ours = pokerlut.category_counts(5, game)
    names = pokerlut.category_names(game)
    reference = {R.CATEGORY_NAMES[game][c]: n for c, n in per_category.items()}
    if game == "eight-or-better":  # the reference has "no low" and "low"; the qualifying lows sum up
        assert ours[0] == reference["no low"] and ours[1:].sum() == reference["low"]
    else:
        assert {name.lower(): int(n) for name, n in zip(names, ours) if n} == \
               {name.lower(): n for name, n in reference.items() if n}


def test_short_deck_rules_and_pokerkit_differ_only_on_straight_against_trips():
    straight, trips = "6c 7d 8h 9s Tc", "7c 7d 7h Ts Qc"
    ours = pokerlut.evaluate([straight, trips], variant="short-deck")
    assert ours[1] > ours[0]  # docs/rules.md: three of a kind beats a straight
    lookup = ShortDeckHoldemLookup()
    assert lookup.get_entry(straight.replace(" ", "")) > lookup.get_entry(trips.replace(" ", ""))  # pokerkit: not


# ---------------------------------------------------------------------------- named edge cases


def strength(text, game):
    return int(pokerlut.evaluate(text, variant=game))


def test_short_deck_wheel_is_the_lowest_straight():
    wheel, six_high = strength("Ah 6c 7d 8s 9h", "short-deck"), strength("6c 7d 8s 9h Th", "short-deck")
    assert pokerlut.describe(wheel, "short-deck") == "Straight, nine-high"
    assert wheel < six_high
    assert pokerlut.describe(strength("Ah 6h 7h 8h 9h", "short-deck"), "short-deck") == "Straight flush, nine-high"
    assert strength("Ah Ad Ac Kh Ks", "short-deck") < strength("2c 2d 2h 2s 3c".replace("2", "6").replace("3", "7"),
                                                              "short-deck")  # quads beat a full house
    assert strength("Ah 9h 8h 7h 6c", "short-deck") == strength("Ah 6h 7h 8h 9c", "short-deck")  # suits don't matter
    assert strength("Kh Jh 9h 7h 6h", "short-deck") > strength("Ah Ad Ac Kh Ks", "short-deck")  # flush > full house


def test_a2345_is_the_best_ace_five_low_and_an_ace_high_hand_in_deuce_seven():
    assert strength("Ah 2c 3d 4s 5h", "ace-five-low") == VARIANTS["ace-five-low"].tables.n_strengths
    assert strength("Ah 2h 3h 4h 5h", "ace-five-low") == strength("Ah 2c 3d 4s 5h", "ace-five-low")  # flush ignored
    ace_five = strength("Ah 2c 3d 4s 5h", "deuce-seven-low")
    assert pokerlut.category_name(ace_five, "deuce-seven-low") == "High card"  # not a straight: aces are high
    assert pokerlut.describe(ace_five, "deuce-seven-low") == "Ace-five low (A-5-4-3-2)"
    assert ace_five < strength("Kc Qd Jh 9s 8c", "deuce-seven-low")  # the worst ace-high beats no king-high
    assert strength("7c 5d 4h 3s 2c", "deuce-seven-low") == 7462
    assert strength("7c 5c 4c 3c 2c", "deuce-seven-low") < strength("Kc Qd Jh 9s 8c", "deuce-seven-low")  # flush is bad
    assert pokerlut.describe(strength("Ac Kc 9c 5c 3c", "deuce-seven-low"), "deuce-seven-low") == \
        "Flush, ace-high (A-K-9-5-3)"
    assert strength("6c 5d 4h 3s 2c", "deuce-seven-low") < strength("8c 6d 4h 3s 2c", "deuce-seven-low")  # straight


def test_eight_or_better_qualifies_only_five_ranks_of_eight_or_less():
    no_low = 1
    assert strength("8c 7d 6h 5s 4c", "eight-or-better") > no_low  # a straight is a fine low
    assert strength("9c 7d 6h 5s 4c", "eight-or-better") == no_low  # a nine
    assert strength("Ac Ad 2h 3s 4c", "eight-or-better") == no_low  # a pair
    assert strength("Ac Ad 2h 3s 4c 8h 9d", "eight-or-better") > no_low  # seven cards: A-2-3-4-8
    assert pokerlut.describe(no_low, "eight-or-better") == "No low"


def test_omaha_uses_exactly_two_hole_cards():
    # four hearts in the hand and a heart on the board: no flush (three board cards needed)
    assert pokerlut.describe(int(pokerlut.evaluate_omaha("Ah Kh Qh Jh", "Th 2c 3d 7s 9c"))).startswith("High card")
    # four of a rank on the board: three of them at most, and the kings cannot pair (one is on the board)
    assert pokerlut.category_name(int(pokerlut.evaluate_omaha("As Kd 2c 3c", "9c 9d 9h 9s Kc"))) == "Three of a kind"
    # five to a straight on the board and one hole card: not a straight
    assert pokerlut.category_name(int(pokerlut.evaluate_omaha("Ad 2c 7h 7s", "Kc Qd Jh Ts 4c"))) != "Straight"
    # three hole cards would make quads; two make a full house at best
    assert pokerlut.category_name(int(pokerlut.evaluate_omaha("Ks Kd Kh 2c", "Kc 5d 5h 8s 9c"))) == "Full house"


def test_omaha_hilo_scoops_and_quartered_pots():
    r = pokerlut.showdown([["Ah", "2h", "Kc", "Kd"], ["As", "2s", "Qc", "Qd"]], "3h 4d 8s Ks 9c", variant="omaha-hilo")
    assert r.shares.tolist() == [0.75, 0.25] and not r.scoops.any()  # high to the kings, the low quartered
    r = pokerlut.showdown([["Ah", "2h", "Kc", "Kd"], ["Qs", "Js", "Qc", "Qd"]], "3h 4d 8s Ks 9c", variant="omaha-hilo")
    assert r.shares.tolist() == [1.0, 0.0] and r.scoops.tolist() == [True, False]
    r = pokerlut.showdown([["Ah", "Kh", "Kc", "Kd"], ["Qs", "Js", "Qc", "Qd"]], "Th Td 9s Ks 9c", variant="omaha-hilo")
    assert not r.low_winners.any() and r.shares.tolist() == [1.0, 0.0]  # no low: the whole pot to the high


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("game, hand, message", [
    ("short-deck", "2c 7c 8d 9h Th", r"card 2c \(id 0\) is not in the short-deck deck \(6 to A, 36 cards\)"),
    ("ace-five-low", "W 7c 8d 9h Th", r"the wild card \(id 52\) is not dealt in the ace-five-low game"),
    ("deuce-seven-low", "7c 7c 8d 9h Th", r"is dealt twice"),
])
def test_bad_cards_per_game(game, hand, message):
    with pytest.raises(ValueError, match=message):
        pokerlut.evaluate(hand, variant=game)


def test_bad_hole_counts_and_games():
    with pytest.raises(ValueError, match="4, 5 or 6 hole cards"):
        pokerlut.showdown([["Ah", "Kh"], ["2c", "3c"]], "4d 5d 6d", variant="omaha")
    with pytest.raises(ValueError, match=r"holes must have shape \(\.\.\., 4 or 5 or 6\)"):
        pokerlut.evaluate_omaha("Ah Kh Qh", "2c 3c 4c")
    with pytest.raises(ValueError, match="hole cards plus a board"):
        pokerlut.evaluate("Ah Kh Qh Jh Th", variant="omaha")
    with pytest.raises(ValueError, match="unknown variant 'lowball'"):
        pokerlut.evaluate("Ah Kh Qh Jh Th", variant="lowball")
    with pytest.raises(ValueError, match=r"card 2c \(id 0\) is not in the short-deck deck"):
        pokerlut.equity(["AhKh", "2c3c"], variant="short-deck")
    with pytest.raises(ValueError, match=r"the wild card \(id 52\) is not dealt in equity calculations"):
        pokerlut.equity(["AhKhQhJh", "W 2c 3c 4c"], variant="omaha")
    with pytest.raises(ValueError, match="dealt twice"):
        pokerlut.evaluate_omaha("Ah Kh Qh Jh", "Ah 2c 3c")
