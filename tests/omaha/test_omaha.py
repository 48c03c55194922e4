"""Omaha on the tables (tables/omaha): every table entry against a brute force written here, the
evaluator against the 60-combination kernel and the independent reference, Omaha ranges against
a brute-force filter over every 4-card hand, Omaha equity against enumerations done here, and bad
input.

Brute forces: a table entry is the best 5-card value (``pokerlut.evaluate``, itself checked
against the reference on every 5-card hand elsewhere) over every three board cards with the hole
pair; a hand's value the best over every two hole cards and three board cards (the 60-combination
kernel kept for this, and ``reference_variants`` for the named edge cases)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement, permutations

import numpy as np
import pytest

import pokerlut
from pokerlut import layout
from pokerlut.cli import main
from pokerlut.equities import ImpossibleDeal
from pokerlut.kernels.registry import omaha_brute_force_kernel
from pokerlut.ranges import OmahaRange, parse_omaha_range
from pokerlut.tables import load_table_set

import reference_variants as R

RANKS = "23456789TJQKA"


def cards(text: str) -> list[int]:
    return pokerlut.parse_cards(text).tolist()


def random_deals(n: int, k: int, deck, seed: int) -> np.ndarray:
    """``n`` deals of ``k`` different cards of ``deck``, seeded."""
    deck = np.asarray(deck, np.uint8)
    if len(deck) == 52:
        return pokerlut.random_hands(n, k, seed=seed)
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :k])


def brute_force(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """High and low of every hand, every two hole cards with every three board cards through the
    5-card tables (the kernel pokerlut ranked Omaha with before the Omaha tables)."""
    n, n_hole = holes.shape
    high, low = np.empty(n, np.uint16), np.empty(n, np.uint16)
    t, lt = load_table_set("high").rank_tables(5), load_table_set("eight-or-better").rank_tables(5)
    omaha_brute_force_kernel(True)(np.ascontiguousarray(holes).reshape(-1), np.ascontiguousarray(boards).reshape(-1),
                                   n_hole, boards.shape[1], high, low, np.zeros(10, np.uint64), np.zeros(10, np.uint64),
                                   t.cards, t.bases5, t.values5, t.flush, lt.bases5, lt.values5)
    return high, low


# ---------------------------------------------------------------------------- the tables


@pytest.fixture(scope="module")
def omaha_set():
    return load_table_set(layout.OMAHA_TABLE_SET)


def _rank_cards(ranks: np.ndarray) -> np.ndarray:
    """Cards of the given rank rows with suits that never make five of one suit (clubs, diamonds,
    hearts, spades, in turn along the row: equal ranks sit side by side, so they get different
    suits, and no suit is used more than twice in seven cards)."""
    return (4 * ranks + np.arange(ranks.shape[1]) % 4).astype(np.uint8)


def test_every_pair_entry_is_the_best_over_three_board_cards(omaha_set):
    bases, rows, pairs = (omaha_set[layout.OMAHA_BOARD_BASES], omaha_set[layout.OMAHA_BOARD_ROWS],
                          omaha_set[layout.OMAHA_PAIRS])
    hole_pairs = np.array([(a, b) for b in range(13) for a in range(b + 1)])
    assert [layout.pair_column(int(a), int(b)) for a, b in hole_pairs] == list(range(91))
    n_rows = 0
    for size in (3, 4, 5):
        boards = np.array([m for m in combinations_with_replacement(range(13), size)
                           if max(m.count(r) for r in m) <= 4], dtype=np.int64)
        n_rows += len(boards)
        keys = np.array([layout.rank_key(b.tolist()) for b in boards])
        found = rows[[layout.hash_index(int(k), bases) for k in keys]].astype(np.int64)
        assert len(np.unique(found)) == len(boards) and (found % 91 == 0).all()  # a row of its own each
        table = pairs.reshape(-1)[found[:, None] + np.arange(91)]  # (boards, 91)
        best = np.zeros(table.shape, np.int64)
        for triple in combinations(range(size), 3):
            five = np.concatenate([np.broadcast_to(boards[:, None, list(triple)], (len(boards), 91, 3)),
                                   np.broadcast_to(hole_pairs[None], (len(boards), 91, 2))], axis=2).reshape(-1, 5)
            five = np.sort(five, axis=1)
            possible = five[:, 0] != five[:, 4]  # not five of a rank
            value = pokerlut.evaluate(_rank_cards(np.where(possible[:, None], five, [0, 1, 2, 3, 5])))
            best = np.maximum(best, np.where(possible, value, 0).reshape(len(boards), 91))
        counts = np.stack([(boards == r).sum(axis=1) for r in range(13)], axis=1)
        pair_counts = np.stack([(hole_pairs == r).sum(axis=1) for r in range(13)], axis=1)
        possible = (counts[:, None, :] + pair_counts[None, :, :] <= 4).all(axis=2)
        assert np.array_equal(table, np.where(possible, best, 0)), size
    assert n_rows == 455 + 1820 + 6175 == len(pairs)


def test_every_flush_entry_is_the_best_suited_hand(omaha_set):
    flush_rows, flush_pairs = omaha_set[layout.OMAHA_FLUSH_ROWS], omaha_set[layout.OMAHA_FLUSH_PAIRS]
    masks = np.arange(1 << 13)
    sizes = sum((masks >> r) & 1 for r in range(13))
    assert (flush_rows[(sizes < 3) | (sizes > 5)] == 0).all() and not flush_pairs[0].any()
    suited = np.array([(a, b) for b in range(13) for a in range(b)])
    columns = np.array([layout.pair_column(int(a), int(b)) for a, b in suited])
    rows_seen = []
    for size in (3, 4, 5):
        sized = masks[sizes == size]
        ranks = np.array([[r for r in range(13) if m >> r & 1] for m in sized])
        best = np.zeros((len(sized), len(suited)), np.int64)
        for triple in combinations(range(size), 3):
            five = np.concatenate([np.broadcast_to(ranks[:, None, list(triple)], (len(sized), len(suited), 3)),
                                   np.broadcast_to(suited[None], (len(sized), len(suited), 2))], axis=2)
            distinct = (np.sort(five, axis=2)[:, :, 1:] != np.sort(five, axis=2)[:, :, :-1]).all(axis=2)
            value = pokerlut.evaluate(np.where(distinct[..., None], 4 * five + 2, [2, 6, 10, 14, 22]).reshape(-1, 5))
            best = np.maximum(best, np.where(distinct, value.reshape(distinct.shape), 0))  # all hearts
        on_board = ((sized[:, None] >> suited[None, :, 0]) & 1) | ((sized[:, None] >> suited[None, :, 1]) & 1)
        want = np.zeros((len(sized), 91), np.int64)
        want[:, columns] = np.where(on_board == 1, 0, best)
        got = flush_pairs.reshape(-1)[flush_rows[sized].astype(np.int64)[:, None] + np.arange(91)]
        assert np.array_equal(got, want), size
        rows_seen += flush_rows[sized].tolist()
    assert len(set(rows_seen)) == len(flush_pairs) - 1


def test_every_low_entry_is_the_best_two_plus_three_low(omaha_set):
    low = omaha_set[layout.OMAHA_LOW].astype(np.int64)
    lows = [12, 0, 1, 2, 3, 4, 5, 6]  # the ranks of the low bits: ace, deuce .. eight
    bit = np.arange(256)
    best = np.ones((256, 256), np.int64)  # 1: no low
    for pair in combinations(range(8), 2):
        for triple in combinations([i for i in range(8) if i not in pair], 3):
            five = np.array([[lows[i] for i in pair + triple]])
            value = int(pokerlut.evaluate(4 * five + np.arange(5) % 4, variant="eight-or-better")[0])
            on_board = (bit[:, None] & sum(1 << i for i in triple)) == sum(1 << i for i in triple)
            in_hole = (bit[None, :] & sum(1 << i for i in pair)) == sum(1 << i for i in pair)
            best = np.where(on_board & in_hole, np.maximum(best, value), best)
    assert np.array_equal(low, best)
    assert low[0b11111, 0b11] == 57  # the wheel


def test_omaha_tables_fit_the_budget_and_their_manifest(repo_root):
    import json

    folder = repo_root / "tables" / layout.OMAHA_TABLE_SET
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sorted(manifest["files"]) == sorted(p.name for p in folder.glob("*.npy"))
    total = sum(info["bytes"] for info in manifest["files"].values())
    assert total <= 8_000_000  # every Omaha size and hi-lo (the card constants are the high game's)


# ---------------------------------------------------------------------------- the evaluator


@pytest.mark.parametrize("n_hole", [4, 5, 6])
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_evaluator_equals_the_brute_force_on_random_deals(n_hole, n_board):
    n = 10**6 if (n_hole, n_board) == (4, 5) else 50_000
    deals = random_deals(n, n_hole + n_board, range(52), seed=100 * n_hole + n_board)
    holes, boards = deals[:, :n_hole], deals[:, n_hole:]
    hl = pokerlut.evaluate_omaha(holes, boards, variant="omaha-hilo")
    high, low = brute_force(holes, boards)
    assert np.array_equal(hl.high, high) and np.array_equal(hl.low, low)
    assert np.array_equal(pokerlut.evaluate_omaha(holes, boards), high)


@pytest.mark.parametrize("deck, name", [
    ([4 * r + s for r in range(13) for s in (0, 1)], "two suits: flushes, four-flush boards"),
    ([4 * r + s for r in (12, 0, 1, 2, 3, 4, 5, 6) for s in range(4)], "ace to eight: lows, wheels, paired boards"),
    ([4 * r + s for r in (12, 11, 10, 9, 8) for s in range(4)], "five ranks: full houses, quads, straights"),
])
@pytest.mark.parametrize("n_hole", [4, 6])
def test_evaluator_equals_the_brute_force_on_crowded_decks(deck, name, n_hole):
    deals = random_deals(20_000, n_hole + 5, deck, seed=len(deck) + n_hole)
    hl = pokerlut.evaluate_omaha(deals[:, :n_hole], deals[:, n_hole:], variant="omaha-hilo")
    high, low = brute_force(deals[:, :n_hole], deals[:, n_hole:])
    assert np.array_equal(hl.high, high) and np.array_equal(hl.low, low), name


EDGE_CASES = [
    # (hole, board, what the rule forbids)
    ("Ah Kh Qh Jh", "Th 2c 3d 7s 9c", "four hole hearts and one on the board: no flush"),
    ("Ah Kh 2c 3d", "Qh Jh Th 9s 8s", "two hole hearts with three board hearts: the royal"),
    ("As 2c 3d 4h", "Ks Qs Js Ts 9d", "one spade in the hole: the board's straight flush draw is no flush"),
    ("Ks Kd Kh 2c", "Kc 5d 5h 8s 9c", "three hole kings would make quads: a full house"),
    ("Ad 2c 7h 7s", "Kc Qd Jh Ts 4c", "one hole card to the board's broadway: no straight"),
    ("9c 9d 2h 3s", "9h 9s Ac Kd Qh", "a board pair and a hole pair: quads"),
    ("Ac Kc 2d 3d", "Qc Jc Tc 4c 5c", "a five-card flush board: two hole clubs make the royal"),
    ("2c 3c 4d 5d", "Ac Kc Qc 7c 8h", "a four-flush board with two small clubs: the best flush uses them"),
    ("Ah 2d Kc Kd", "3s 4s 5s Kh Ks", "paired kings on the board and two in the hole: quads, no five of a kind"),
    ("Ah 2h 3d 4d", "5c 6c 7s 8s 9s", "the low hand uses exactly two hole cards"),
    ("Ac 2d 3h 4s", "5c 6d 7h Kd Kh", "a wheel needs two hole cards: A-2 with 5-6-7 (no 3-4-5 from the hole)"),
    ("Ac 2d Kh Ks", "3c 4d 5h Qs Qd", "the wheel low, and kings up"),
    ("Ac Ad 2c 2d", "3h 4h 5h 6h 7h", "a straight flush board: two hole cards must play"),
    ("Ac 2c 3c 4c 5c 6c", "7d 8d 9h Td Jh", "six hole clubs, no board club: no flush"),
]


@pytest.mark.parametrize("hole, board, what", EDGE_CASES)
def test_edge_cases_as_the_reference(hole, board, what):
    h, b = cards(hole), cards(board)
    hl = pokerlut.evaluate_omaha(h, b, variant="omaha-hilo")
    want_high, want_low = brute_force(np.array([h], np.uint8), np.array([b], np.uint8))
    assert int(hl.high) == int(want_high[0]) and int(hl.low) == int(want_low[0]), what
    # the reference orders it the same way against every two + three hand made of these cards
    key, five = R.omaha_best_high(h, b)
    assert int(pokerlut.evaluate(five)) == int(hl.high), what
    low_key, low_five = R.omaha_best_low(h, b)
    if low_key != R.NO_LOW:
        assert int(pokerlut.evaluate(low_five, variant="eight-or-better")) == int(hl.low), what
    else:
        assert int(hl.low) == 1, what


def test_edge_case_values():
    assert pokerlut.category_name(int(pokerlut.evaluate_omaha("Ah Kh 2c 3d", "Qh Jh Th 9s 8s"))) == "Straight flush"
    assert pokerlut.category_name(int(pokerlut.evaluate_omaha("9c 9d 2h 3s", "9h 9s Ac Kd Qh"))) == "Four of a kind"
    assert pokerlut.category_name(int(pokerlut.evaluate_omaha("Ks Kd Kh 2c", "Kc 5d 5h 8s 9c"))) == "Full house"
    hl = pokerlut.evaluate_omaha("Ac 2d Kh Ks", "3c 4d 5h Qs Qd", variant="omaha-hilo")
    assert pokerlut.describe(int(hl.low), "eight-or-better") == "5-4-3-2-A low"
    assert int(pokerlut.evaluate_omaha("Ac 2d 3h 4s", "5c 6d 7h Kd Kh", variant="omaha-hilo").low) == int(
        pokerlut.evaluate("7h 6d 5c 2d Ac", variant="eight-or-better"))


def test_one_board_for_every_hand_and_one_per_hand_agree():
    deals = random_deals(5000, 9, range(52), seed=7)
    board = np.array(cards("2c 7d Jh Qs Kd"), np.uint8)
    holes = deals[~np.isin(deals, board).any(axis=1)][:, :4]
    shared = pokerlut.evaluate_omaha(holes, board, variant="omaha-hilo")
    per_hand = pokerlut.evaluate_omaha(holes, np.tile(board, (len(holes), 1)), variant="omaha-hilo")
    assert np.array_equal(shared.high, per_hand.high) and np.array_equal(shared.low, per_hand.low)
    assert np.array_equal(brute_force(holes, np.tile(board, (len(holes), 1)))[0], shared.high)


def test_threads_and_leading_shapes_change_nothing():
    deals = random_deals(200_000, 10, range(52), seed=8)
    one = pokerlut.evaluate_omaha(deals[:, :5], deals[:, 5:], parallel=False)
    two = pokerlut.evaluate_omaha(deals[:, :5], deals[:, 5:], parallel=True)
    assert np.array_equal(one, two)
    shaped = pokerlut.evaluate_omaha(deals[:, :5].reshape(100, 2000, 5), deals[:, 5:].reshape(100, 2000, 5))
    assert shaped.shape == (100, 2000) and np.array_equal(shaped.reshape(-1), one)


@pytest.mark.parametrize("n_hole, n_board", [(5, 3), (6, 4), (4, 5)])
def test_showdown_shares_as_the_brute_force(n_hole, n_board):
    players = 3
    deals = random_deals(4000, players * n_hole + n_board, range(52), seed=n_hole * n_board)
    holes = deals[:, :players * n_hole].reshape(-1, players, n_hole)
    board = deals[:, players * n_hole:]
    r = pokerlut.showdown(holes, board, variant="omaha-hilo")
    high, low = brute_force(holes.reshape(-1, n_hole), np.repeat(board, players, axis=0))
    high, low = high.reshape(-1, players), low.reshape(-1, players)
    for i in range(len(deals)):
        hw = high[i] == high[i].max()
        shares = [Fraction(int(x), int(hw.sum())) for x in hw]
        if low[i].max() > 1:
            lw = low[i] == low[i].max()
            shares = [(s + Fraction(int(x), int(lw.sum()))) / 2 for s, x in zip(shares, lw)]
        assert r.shares[i].tolist() == [float(s) for s in shares]
    assert np.array_equal(pokerlut.showdown(holes, board, variant="omaha").strengths, high)


def test_bad_input_is_named():
    twice = r"hand 1: card Ah \(id 50\) is dealt twice: as hole card 0 and as board card 2"
    with pytest.raises(ValueError, match=twice):
        pokerlut.evaluate_omaha([cards("Kh Qh Jh Th"), cards("Ah Kd Qd Jd")], cards("2c 3c Ah"))
    with pytest.raises(ValueError, match=r"the wild card \(id 52\) is not dealt in the omaha game"):
        pokerlut.evaluate_omaha("Ah Kh W Jh", "2c 3c 4c")
    with pytest.raises(ValueError, match=r"hand 0: board card 1: card id 60 is not a card"):
        pokerlut.evaluate_omaha([[0, 1, 2, 3]], [[4, 60, 6]])
    with pytest.raises(ValueError, match=r"dealt twice"):
        pokerlut.evaluate_omaha("Ah Kh Qh Jh", "2c 2c 3d", variant="omaha-hilo")
    with pytest.raises(ValueError, match=r"board must have shape \(\.\.\., 3 or 4 or 5\)"):
        pokerlut.evaluate_omaha("Ah Kh Qh Jh", "2c 3c")
    with pytest.raises(TypeError, match="check must be True or False"):
        pokerlut.evaluate_omaha("Ah Kh Qh Jh", "2c 3c 4c", check=1)
    with pytest.raises(TypeError):
        pokerlut.evaluate_omaha(np.array([[0.5, 1, 2, 3]]), "2c 3c 4c")


def test_unchecked_garbage_never_reads_outside_the_tables():
    rng = np.random.default_rng(3)
    garbage = rng.integers(0, 256, (20_000, 11)).astype(np.uint8)
    for n_hole, n_board in ((4, 5), (6, 5), (5, 3)):
        for variant in ("omaha", "omaha-hilo"):
            pokerlut.evaluate_omaha(garbage[:, :n_hole], garbage[:, n_hole:n_hole + n_board], check=False,
                                    variant=variant)
    bad = np.array([[0, 1, 2, 3, 4, 5, 60, 7, 8]], np.uint8)
    assert int(pokerlut.evaluate_omaha(bad[:, :4], bad[:, 4:], check=False)[0]) == 0


# ---------------------------------------------------------------------------- ranges


@pytest.fixture(scope="module")
def all_hands():
    """Every 4-card hand (270725, 4) and its rank and suit arrays."""
    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    return hands, hands // 4, hands % 4


def _matches(all_hands, places, qualifier=None) -> np.ndarray:
    """Hands whose cards can be given one each to ``places`` ((rank or None, suit or None)), and
    whose suits are as ``qualifier`` says ("ds": two suits of two, "ss": one suit of two and two
    single, "r": four suits)."""
    hands, ranks, suits = all_hands
    ok = np.zeros(len(hands), bool)
    for order in permutations(range(4)):
        fit = np.ones(len(hands), bool)
        for place, j in zip(places, order):
            rank, suit = place
            if rank is not None:
                fit &= ranks[:, j] == RANKS.index(rank)
            if suit is not None:
                fit &= suits[:, j] == "cdhs".index(suit)
        ok |= fit
    if qualifier is not None:
        counts = np.sort(np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1), axis=1)[:, ::-1]
        shape = {"ds": [2, 2, 0, 0], "ss": [2, 1, 1, 0], "r": [1, 1, 1, 1]}[qualifier]
        ok &= (counts == shape).all(axis=1)
    return ok


ANY = (None, None)
PATTERNS = [
    ("AA**", [("A", None), ("A", None), ANY, ANY], None),
    ("AAxx", [("A", None), ("A", None), ANY, ANY], None),
    ("aaXX", [("A", None), ("A", None), ANY, ANY], None),
    ("KQJT", [("K", None), ("Q", None), ("J", None), ("T", None)], None),
    ("AAKK", [("A", None), ("A", None), ("K", None), ("K", None)], None),
    ("AAKKds", [("A", None), ("A", None), ("K", None), ("K", None)], "ds"),
    ("AKQJss", [("A", None), ("K", None), ("Q", None), ("J", None)], "ss"),
    ("KQJTr", [("K", None), ("Q", None), ("J", None), ("T", None)], "r"),
    ("AA**ds", [("A", None), ("A", None), ANY, ANY], "ds"),
    ("T9**$ss", [("T", None), ("9", None), ANY, ANY], "ss"),
    ("AsAx**", [("A", "s"), ("A", None), ANY, ANY], None),
    ("AsKs**", [("A", "s"), ("K", "s"), ANY, ANY], None),
    ("xhxh**", [(None, "h"), (None, "h"), ANY, ANY], None),
    ("*h*h*d*d", [(None, "h"), (None, "h"), (None, "d"), (None, "d")], None),
    ("AK**", [("A", None), ("K", None), ANY, ANY], None),
    ("22*x", [("2", None), ("2", None), ANY, ANY], None),
    ("A***", [("A", None), ANY, ANY, ANY], None),
    ("****", [ANY, ANY, ANY, ANY], None),
    ("****r", [ANY, ANY, ANY, ANY], "r"),
    ("AsKsQhJh", [("A", "s"), ("K", "s"), ("Q", "h"), ("J", "h")], None),
]


@pytest.mark.parametrize("pattern, places, qualifier", PATTERNS, ids=[p[0] for p in PATTERNS])
def test_pattern_holds_exactly_the_hands_of_the_brute_force(all_hands, pattern, places, qualifier):
    want = all_hands[0][_matches(all_hands, places, qualifier)]
    got = parse_omaha_range(pattern)
    assert len(got) == len(want), pattern

    def masks(hands):
        return np.sort((np.int64(1) << hands.astype(np.int64)).sum(axis=1))

    assert np.array_equal(masks(got.combos), masks(want))
    assert (got.combos[:, :-1] > got.combos[:, 1:]).all()  # each hand's cards highest id first
    assert np.array_equal(pokerlut.parse_range(pattern, variant="omaha").combos, got.combos)


def test_random_is_every_hand_and_patterns_join():
    assert len(parse_omaha_range("random")) == len(parse_omaha_range("any")) == 270725
    assert len(parse_omaha_range("AA**, KK**")) == 2 * 6961 - 36  # AAKK counted once
    assert len(parse_omaha_range("AAKKQ")) == 6 * 6 * 4  # five cards
    assert len(parse_omaha_range("AA****")) == (20358520 - 12271512 - 4 * 1712304)  # 6 cards, two aces or more


def test_weights_and_card_removal():
    r = parse_omaha_range("0.5(AA**), AAKK:2, AsAx**:3")
    by_hand = {tuple(h): w for h, w in zip(r.combos.tolist(), r.weights.tolist())}
    assert by_hand[tuple(sorted(cards("As Ad Kc Kd"), reverse=True))] == 3.0  # named last with the ace of spades
    assert by_hand[tuple(sorted(cards("Ah Ad Kc Kd"), reverse=True))] == 2.0
    assert by_hand[tuple(sorted(cards("Ah Ad 7c 2d"), reverse=True))] == 0.5
    assert len(parse_omaha_range("AA**, AAKK:0")) == 6961 - 36  # weight 0 drops the hand
    blocked = parse_omaha_range("AA**", blocked="As Ah 2c")
    assert len(blocked) == 47 * 46 // 2  # Ad Ac and two of the 47 cards left
    assert not np.isin(blocked.combos, cards("As Ah 2c")).any()
    assert len(pokerlut.parse_range("KQJT", variant="omaha", blocked=[46, 0])) == 192


@pytest.mark.parametrize("text, column, caret, why", [
    ("AAKZ", 4, "   ^", "not a rank"),
    ("AA**, AAK", 7, "      ^^^", "has 4 or 5 or 6 cards; this pattern has 3"),
    ("AA**, AAKKQ", 7, "      ^^^^^", "every hand of a range has as many cards"),
    ("KKQQ, dsAA", 7, "      ^", "a suit comes after the card"),
    ("AsAs**", 1, "^^^^^^", "matches no hand"),
    ("AAAAA*", 1, "^^^^^^", "matches no hand"),
    ("AAxx:x", 1, "^^^^^^", "the weight after ':' must be a number"),
    ("0.5(AA**", 1, "^^^^^^^^", "not closed"),
    ("******", 1, "^^^^^^", "more than 5,000,000 hands"),
    ("AsKsQsJsAs", 1, "^^^^^^^^^^", "the same card twice"),
])
def test_malformed_patterns_name_the_column_with_a_caret(text, column, caret, why):
    with pytest.raises(ValueError) as error:
        parse_omaha_range(text)
    message = str(error.value)
    assert f"at column {column}:" in message and why in message
    assert message.splitlines()[1] == f"  {text}" and message.splitlines()[2] == f"  {caret}"


def test_bad_range_input():
    with pytest.raises(TypeError, match="a range is a string"):
        parse_omaha_range(["AA**"])
    with pytest.raises(ValueError, match="holds no hand"):
        parse_omaha_range(" , ")
    with pytest.raises(ValueError, match="every hand weight 0"):
        parse_omaha_range("AA**:0")
    with pytest.raises(ValueError, match="n_cards must be 4 or 5 or 6"):
        parse_omaha_range("random", n_cards=3)
    with pytest.raises(ValueError, match=r"as many cards: the hands have 5 \(n_cards\), this one 4"):
        parse_omaha_range("AAKK", n_cards=5)
    assert parse_omaha_range("AAKK*", n_cards=5).n_cards == 5
    with pytest.raises(ValueError, match="blocked: position 0 is card id 99"):
        parse_omaha_range("AA**", blocked=[99])
    with pytest.raises(ValueError, match=r"hand 0 holds As twice"):
        OmahaRange(np.array([[51, 51, 2, 3]]), np.ones(1)).validated()
    with pytest.raises(ValueError, match=r"hands must have shape \(n, 4 or 5 or 6\)"):
        OmahaRange(np.array([[51, 50]]), np.ones(1)).validated()
    with pytest.raises(ValueError, match="weights must be finite"):
        OmahaRange(np.array([[51, 50, 2, 3]]), np.array([np.nan])).validated()
    with pytest.raises(TypeError, match="integer card ids"):
        OmahaRange(np.array([[51.0, 50, 2, 3]]), np.ones(1)).validated()


# ---------------------------------------------------------------------------- equity


def _exact_shares(holes: list[list[int]], board: list[int], dead: list[int], hilo: bool) -> np.ndarray:
    """Every completion of the board, each player's pot share from the brute force, summed."""
    used = set(sum(holes, [])) | set(board) | set(dead)
    rest = [c for c in range(52) if c not in used]
    boards = np.array([board + list(extra) for extra in combinations(rest, 5 - len(board))], np.uint8)
    n = len(holes)
    high, low = brute_force(np.repeat(np.array(holes, np.uint8)[None], len(boards), 0).reshape(-1, len(holes[0])),
                            np.repeat(boards, n, axis=0))
    high, low = high.reshape(-1, n).astype(np.int64), low.reshape(-1, n).astype(np.int64)
    hw = high == high.max(axis=1, keepdims=True)
    shares = hw / hw.sum(axis=1, keepdims=True)
    if hilo:
        lw = (low == low.max(axis=1, keepdims=True)) & (low > 1)
        split = (hw / hw.sum(axis=1, keepdims=True) + lw / np.maximum(lw.sum(axis=1, keepdims=True), 1)) / 2
        shares = np.where(lw.any(axis=1, keepdims=True), split, shares)
    return shares.mean(axis=0)


@pytest.mark.parametrize("variant", ["omaha", "omaha-hilo"])
@pytest.mark.parametrize("players, board, dead", [
    (["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s", ""),
    (["Ah 2h 3c Kd", "Ad 2c 4d 5s", "Tc Jc Qd Ks"], "6h 7h 9c", "8h"),
    (["Ah 2h 3c Kd Qd", "Ad 2c 4d 5s 9s"], "6h 7h 9c Td", ""),
    (["Ah 2h 3c Kd Qd Jc", "Ad 2c 4d 5s 9s 8c"], "6h 7h Tc", ""),
])
def test_exact_equity_as_the_brute_force(variant, players, board, dead):
    r = pokerlut.equity(players, board, dead, variant=variant)
    assert r.method == "exact"
    want = _exact_shares([cards(p) for p in players], cards(board), cards(dead), variant == "omaha-hilo")
    np.testing.assert_allclose(r.equity, want, rtol=0, atol=1e-12)


def test_preflop_exact_and_monte_carlo_agree():
    exact = pokerlut.equity(["As Ks Ad Kd", "Qh Jh Th 9h"], variant="omaha-hilo")
    assert exact.method == "exact" and exact.n == 1_086_008
    mc = pokerlut.equity(["As Ks Ad Kd", "Qh Jh Th 9h"], variant="omaha-hilo", exact=False, samples=300_000, seed=4)
    assert (np.abs(mc.equity - exact.equity) < 5 * mc.std_error + 1e-9).all()


def test_a_range_is_the_weighted_average_of_its_hands():
    board = "2c 7d 8s"
    rng = parse_omaha_range("KKQQds:2, JJT9ds", blocked="As Ks Qh Jh " + board)
    r = pokerlut.equity(["As Ks Qh Jh", "KKQQds:2, JJT9ds"], board, variant="omaha")
    assert r.method == "exact" and r.n == len(rng) * 820
    each = np.array([pokerlut.equity(["As Ks Qh Jh", pokerlut.format_cards(h)], board, variant="omaha").equity
                     for h in rng.combos])
    np.testing.assert_allclose(r.equity, (rng.weights[:, None] * each).sum(0) / rng.weights.sum(), atol=1e-12)
    mc = pokerlut.equity(["As Ks Qh Jh", "KKQQds:2, JJT9ds"], board, variant="omaha", exact=False, samples=200_000,
                         seed=5)
    assert (np.abs(mc.equity - r.equity) < 5 * mc.std_error).all()


def test_ranges_against_ranges_and_random():
    r = pokerlut.equity(["AA**", "KK**ds", "random"], variant="omaha", samples=100_000, seed=6)
    assert r.method == "monte carlo" and abs(r.equity.sum() - 1) < 1e-12
    assert r.equity[0] > r.equity[2] and r.equity[1] > r.equity[2]
    again = pokerlut.equity(["AA**", "KK**ds", "random"], variant="omaha", samples=100_000, seed=6)
    assert np.array_equal(r.equity, again.equity)
    # two ranges that must share the ace of spades never fit together
    with pytest.raises(ImpossibleDeal):
        pokerlut.equity(["AsKsQsJs", "As***"], variant="omaha", samples=1000, seed=1)


def test_equity_bad_input():
    with pytest.raises(ValueError, match="player 1: bad range token 'Z'"):
        pokerlut.equity(["As Ks Qh Jh", "AAKZ"], variant="omaha")
    with pytest.raises(ValueError, match=r"same number of hole cards, got \[4, 5\]"):
        pokerlut.equity(["As Ks Qh Jh", "AAKKQ"], variant="omaha")
    with pytest.raises(TypeError, match="not a Hold'em Range"):
        pokerlut.equity(["As Ks Qh Jh", pokerlut.parse_range("AA")], variant="omaha")
    with pytest.raises(TypeError, match="not an OmahaRange"):
        pokerlut.equity(["AsKs", parse_omaha_range("AAKK")])
    with pytest.raises(ValueError, match="exact=True with a 'random' player answers Omaha high preflop"):
        pokerlut.equity(["As Ks Qh Jh", "random"], "2c 3d 4h", variant="omaha", exact=True)
    with pytest.raises(ValueError, match="exact=True with a 'random' player"):
        pokerlut.equity(["As Ks Qh Jh", "random"], variant="omaha-hilo", exact=True)
    with pytest.raises(ValueError, match="exact=True with a 'random' player"):
        pokerlut.equity(["As Ks Qh Jh", "random", "random"], variant="omaha", exact=True)
    with pytest.raises(ValueError, match="impossible"):
        pokerlut.equity(["As Ks Qh Jh", "AsAx**"], variant="omaha")


def test_cli_equity_takes_omaha_ranges(capsys):
    assert main(["equity", "As Ks Qh Jh", "KKQQds:2, JJT9ds", "--board", "2c 7d 8s", "--variant", "omaha"]) == 0
    out = capsys.readouterr().out
    assert "KKQQds:2, JJT9ds" in out and "exact" in out
    assert main(["equity", "As Ks Qh Jh", "AA**", "--variant", "omaha-hilo", "--samples", "2000", "--seed", "1"]) == 0
    assert "monte carlo" in capsys.readouterr().out
    assert main(["equity", "As Ks Qh Jh", "AAKZ", "--variant", "omaha"]) == 2
    err = capsys.readouterr().err
    assert "column 4" in err and "   ^" in err and "Traceback" not in err
