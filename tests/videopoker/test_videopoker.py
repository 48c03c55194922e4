"""Video poker: class ladders, class counts over every final hand, hold values against brute
force, game returns against the published figures, bad input, the command line."""

from __future__ import annotations

import math
import sys
import types
from fractions import Fraction

import numpy as np
import pytest
from reference import all_hands
from test_videopoker_reference import (DECK, GAMES, LADDERS, brute_force_holds, card_ids, expected_value,
                                       ref_all_positions, ref_class_counts, ref_class_positions)

import pokerlut
from pokerlut import videopoker as vp
from pokerlut.cli import main
from pokerlut.videopoker import _tables


def lib_class_positions(hands, game):
    """The library's classes as positions in the reference ladder (0 = best)."""
    g = vp.get_game(game)
    classes = vp.classify(np.asarray(hands, dtype=np.uint8), game).classes
    to_position = np.array([LADDERS[game].index(key) for key in g.classes])
    return to_position[classes]


def key_of(game, class_id) -> str:
    return vp.get_game(game).classes[int(class_id)]


# ------------------------------------------------------------------------------ games, ladders


def test_ladders_are_rules_md_best_first():
    for game in GAMES:
        assert list(reversed(vp.get_game(game).classes)) == LADDERS[game]


@pytest.mark.parametrize("game, text, key", [
    # Jacks or Better: the royal above the straight flush, jacks or better vs a pair of tens
    ("jacks-or-better", "As Ks Qs Js Ts", "royal_flush"),
    ("jacks-or-better", "Ks Qs Js Ts 9s", "straight_flush"),
    ("jacks-or-better", "5d 4d 3d 2d Ad", "straight_flush"),
    ("jacks-or-better", "9c 9d 9h 9s 2c", "four_of_a_kind"),
    ("jacks-or-better", "Kc Kd Kh 2s 2d", "full_house"),
    ("jacks-or-better", "Ah Th 9h 5h 2h", "flush"),
    ("jacks-or-better", "Ah 2d 3s 4c 5h", "straight"),
    ("jacks-or-better", "Ts Jd Qc Kh Ah", "straight"),
    ("jacks-or-better", "7c 7d 7h Ks 2d", "three_of_a_kind"),
    ("jacks-or-better", "3c 3d 2h 2s Ad", "two_pair"),
    ("jacks-or-better", "Jh Jd 4s 7c Qh", "jacks_or_better"),
    ("jacks-or-better", "Ac Ad 4s 7c 9h", "jacks_or_better"),
    ("jacks-or-better", "Th Td 4s 7c Qh", "nothing"),
    ("jacks-or-better", "Ac Kd 4s 7c 9h", "nothing"),
    # Deuces Wild: natural royal > four deuces > wild royal > five of a kind > straight flush
    ("deuces-wild", "As Ks Qs Js Ts", "natural_royal_flush"),
    ("deuces-wild", "2c 2d 2h 2s 9h", "four_deuces"),
    ("deuces-wild", "2c 2d 2h 2s As", "four_deuces"),
    ("deuces-wild", "2c Ks Qs Js Ts", "wild_royal_flush"),
    ("deuces-wild", "2c 2d 2h Js Ts", "wild_royal_flush"),
    ("deuces-wild", "2c 2d 9s 9h 9c", "five_of_a_kind"),
    ("deuces-wild", "2c 2d 2h Ah Ac", "five_of_a_kind"),
    ("deuces-wild", "2c 3s 4s 5s 6s", "straight_flush"),
    ("deuces-wild", "2h 2d 3s 4s 7s", "straight_flush"),
    ("deuces-wild", "2c 9d 9s 9h Kc", "four_of_a_kind"),
    ("deuces-wild", "2c 3d 3s 4c 4h", "full_house"),
    ("deuces-wild", "2c Ah Jh 8h 4h", "flush"),
    ("deuces-wild", "2c Ah 3s 4c 5h", "straight"),
    ("deuces-wild", "2c 2d 3s 4c 9h", "three_of_a_kind"),
    ("deuces-wild", "2c Kd 7s 4c 9h", "nothing"),
    ("deuces-wild", "Ac Ad Ks Kc 9h", "nothing"),  # two pair does not pay
    ("deuces-wild", "Ac Ad 5s 4c 9h", "nothing"),
    # Joker Poker: natural royal > five of a kind > wild royal; kings or better
    ("joker-poker", "As Ks Qs Js Ts", "natural_royal_flush"),
    ("joker-poker", "W 9c 9d 9h 9s", "five_of_a_kind"),
    ("joker-poker", "W Ac Ad Ah As", "five_of_a_kind"),
    ("joker-poker", "W Ks Qs Js Ts", "wild_royal_flush"),
    ("joker-poker", "W As Ks Qs Js", "wild_royal_flush"),
    ("joker-poker", "W 8s 7s 6s 4s", "straight_flush"),
    ("joker-poker", "W 9c 9d 9h 3s", "four_of_a_kind"),
    ("joker-poker", "W 9c 9d 3h 3s", "full_house"),
    ("joker-poker", "W Ah 9h 5h 2h", "flush"),
    ("joker-poker", "W 9c 8d 6h 5s", "straight"),
    ("joker-poker", "W 9c 9d 6h 3s", "three_of_a_kind"),
    ("joker-poker", "9c 9d 6h 6s 3s", "two_pair"),
    ("joker-poker", "W Kh 9c 7d 3s", "kings_or_better"),
    ("joker-poker", "Ah Ac 9c 7d 3s", "kings_or_better"),
    ("joker-poker", "W Qh 9c 7d 3s", "nothing"),
    ("joker-poker", "Qh Qc 9c 7d 3s", "nothing"),
    ("joker-poker", "Jh Jc 9c 7d 3s", "nothing"),
])
def test_named_class_ladder_cases(game, text, key):
    result = vp.classify(text, game)
    assert result.classes.shape == ()
    assert key_of(game, result.classes) == key
    assert result.payouts == float(vp.get_game(game).paytable.as_dict().get(key, 0))
    assert ref_class_positions(np.array([card_ids(text)]), game)[0] == LADDERS[game].index(key)


def test_classify_keeps_the_leading_shape_and_names():
    c = vp.classify([["As Ks Qs Js Ts", "Jh Jd 4s 7c Qh"], ["Th Td 4s 7c Qh", "3c 3d 2h 2s Ad"]])
    assert c.classes.shape == (2, 2) and c.payouts.shape == (2, 2)
    assert c.names.tolist() == [["Royal flush", "Jacks or better"], ["Nothing", "Two pair"]]
    assert c.payouts.tolist() == [[800.0, 1.0], [0.0, 2.0]]
    empty = vp.classify(np.zeros((0, 5), np.uint8))
    assert empty.classes.shape == (0,)


def test_classify_with_a_user_pay_table():
    c = vp.classify(["Kc Kd Kh 2s 2d", "Ah Th 9h 5h 2h"], "job", [4000, 250, 125, 40, 25, 20, 15, 10, 5])
    assert c.payouts.tolist() == [40.0, 25.0]


@pytest.mark.parametrize("game", GAMES)
def test_class_counts_over_every_final_hand(game):
    """Every final hand of the game's deck (2,598,960, or 2,869,685 with the joker), hand by hand
    against the independent reference, and the class counts."""
    hands = all_hands(5, DECK[game])
    ours = lib_class_positions(hands, game)
    theirs = ref_all_positions(game)
    bad = np.flatnonzero(ours != theirs)
    assert bad.size == 0, f"{bad.size} hands differ, first {hands[bad[0]].tolist()}"
    counts = dict(zip(LADDERS[game], np.bincount(ours, minlength=len(LADDERS[game])).tolist()))
    assert sum(counts.values()) == math.comb(DECK[game], 5)
    assert {k: v for k, v in counts.items() if v} == ref_class_counts(game)


PUBLISHED_COUNTS = {
    "jacks-or-better": {  # textbook (closed forms in test_videopoker_reference.py)
        "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
        "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552, "jacks_or_better": 337920,
        "nothing": 2062860},
    "deuces-wild": {  # the published Deuces Wild 5-card counts
        "natural_royal_flush": 4, "four_deuces": 48, "wild_royal_flush": 480, "five_of_a_kind": 624,
        "straight_flush": 2068, "four_of_a_kind": 31552, "full_house": 12672, "flush": 14472,
        "straight": 62232, "three_of_a_kind": 355080, "nothing": 2119728},
}


@pytest.mark.parametrize("game", sorted(PUBLISHED_COUNTS))
def test_count_tables_level_zero_is_the_class_histogram(game):
    g = vp.get_game(game)
    tabs = _tables.game_tables(game)
    histogram = dict(zip(g.classes, tabs.counts[0].tolist()))
    assert histogram == PUBLISHED_COUNTS[game]
    assert np.bincount(tabs.class5, minlength=g.n_classes).tolist() == tabs.counts[0].tolist()


@pytest.mark.parametrize("game", ["jacks-or-better", "double-double-bonus", "deuces-wild", "deuces-wild-bonus",
                                  "joker-poker"])  # one game per deck and kind of ladder
def test_count_table_rows_against_direct_counting(game):
    """Rows of the subset count tables (sizes 1..4) against counting the final hands over the set."""
    g = vp.get_game(game)
    tabs = _tables.game_tables(game)
    hands = _tables.all_hands(g.deck_size)
    rng = np.random.default_rng(7)
    for k in range(1, 5):
        for _ in range(3):
            subset = np.sort(rng.choice(g.deck_size, size=k, replace=False))
            contains = np.isin(hands, subset).sum(axis=1) == k
            direct = np.bincount(tabs.class5[contains], minlength=g.n_classes)
            row = tabs.offsets[k] + sum(math.comb(int(c), i + 1) for i, c in enumerate(subset))
            assert tabs.counts[row].tolist() == direct.tolist(), (k, subset)


# ----------------------------------------------------------------------------------- hold values

BRUTE_FORCE_HANDS = [
    ("jacks-or-better", "Jh Jd 4s 7c Qh", ref_class_positions),
    ("jacks-or-better", "Ah Kh Qh Jh 9c", lib_class_positions),
    ("deuces-wild", "2c 9d Ts 4h 7s", ref_class_positions),
    ("deuces-wild", "2c 2d As Ks 5h", lib_class_positions),
    ("joker-poker", "W Kh 7d 3c 9s", ref_class_positions),
    ("joker-poker", "Ah Kh Qh Jh 9c", lib_class_positions),
]


@pytest.mark.parametrize("game, text, classifier", BRUTE_FORCE_HANDS,
                         ids=[f"{g}-{t.replace(' ', '')}" for g, t, _ in BRUTE_FORCE_HANDS])
def test_hold_values_against_brute_force(game, text, classifier):
    dealt = card_ids(text)
    brute = brute_force_holds(dealt, game, classifier)
    g = vp.get_game(game)
    pays = {k: v for k, v in g.paytable.as_dict().items()}
    h = vp.hold_values(np.array(dealt), game)
    assert h.holds.shape == (32,) and sorted(h.holds.tolist()) == list(range(32))
    exact = {mask: expected_value(counts, pays) for mask, counts in brute.items()}
    for r in range(32):
        mask = int(h.holds[r])
        ours = {g.classes[c]: int(n) for c, n in enumerate(h.counts[r]) if n}
        assert ours == brute[mask], (r, mask)
        assert h.values[r] == pytest.approx(float(exact[mask]), rel=1e-13)
        assert int(h.draws[r]) == sum(brute[mask].values())
    best = max(exact.values())
    assert exact[int(h.holds[0])] == best
    assert all(exact[int(h.holds[r])] >= exact[int(h.holds[r + 1])] for r in range(31))
    held = h.held(0)
    assert [int(c) for c in held if c != 255] == [dealt[j] for j in range(5) if h.holds[0] >> j & 1]


def test_known_hold_values():
    """Figures any video poker strategy table shows (9/6 Jacks or Better)."""
    h = vp.hold_values("Jh Jd 4s 7c Qh")
    assert pokerlut.format_cards(h.best.cards[h.best.cards != 255]) == "Jh Jd"
    assert round(float(h.values[0]), 4) == 1.5365   # a pair of jacks
    royal4 = vp.hold_values("Ah Kh Qh Jh 9c")
    assert royal4.holds[0] == 0b01111
    # one royal (Th), 8 other hearts, 3 other tens (straights), 12 aces, kings, queens, jacks
    counts = dict(zip(vp.get_game("job").classes, royal4.counts[0].tolist()))
    assert counts["royal_flush"] == 1 and counts["flush"] == 8 and counts["straight"] == 3
    assert counts["jacks_or_better"] == 12 and sum(counts.values()) == 47
    assert royal4.values[0] == 872 / 47  # (800 + 8 * 6 + 3 * 4 + 12) / 47


def test_batch_matches_single_hands_and_best_hold():
    rng = np.random.default_rng(11)
    for game in GAMES:
        deck = DECK[game]
        hands = np.argsort(rng.random((40, deck)), axis=1)[:, :5].astype(np.uint8).reshape(4, 10, 5)
        batch = vp.hold_values(hands, game)
        assert batch.holds.shape == (4, 10, 32) and batch.counts is None
        best = vp.best_hold(hands, game)
        assert np.array_equal(best.masks, batch.holds[..., 0])
        assert np.array_equal(best.values, batch.values[..., 0])
        assert np.array_equal(best.cards, batch.held(0))
        for idx in [(0, 0), (1, 3), (3, 9)]:
            single = vp.hold_values(hands[idx], game)
            assert np.array_equal(single.holds, batch.holds[idx])
            assert np.array_equal(single.values, batch.values[idx])
        with_counts = vp.hold_values(hands, game, counts=True)
        assert with_counts.counts.shape == (4, 10, 32, vp.get_game(game).n_classes)
        assert np.array_equal(with_counts.counts.sum(axis=-1), with_counts.draws)
        pays = vp.get_game(game).paytable.values()
        assert np.allclose(with_counts.counts @ pays / with_counts.draws, with_counts.values, rtol=1e-13)


def test_hold_values_do_not_depend_on_card_order_or_suit_names():
    rng = np.random.default_rng(5)
    for game in GAMES:
        deck = DECK[game]
        hands = np.argsort(rng.random((200, deck)), axis=1)[:, :5].astype(np.uint8)
        base = vp.hold_values(hands, game)
        shuffled = np.array([rng.permutation(h) for h in hands], dtype=np.uint8)
        other = vp.hold_values(shuffled, game)
        assert np.array_equal(base.values, other.values)
        # the same cards kept, in order of value (ties are ordered by the cards, not the positions)
        for i in range(len(hands)):
            kept = [sorted(c for c in base.held(r)[i].tolist() if c != 255) for r in range(32)]
            kept2 = [sorted(c for c in other.held(r)[i].tolist() if c != 255) for r in range(32)]
            assert kept == kept2
        suit_perm = np.array([2, 0, 3, 1])
        relabel = np.where(hands == 52, 52, 4 * (hands // 4) + suit_perm[hands % 4]).astype(np.uint8)
        assert np.array_equal(vp.hold_values(relabel, game).values, base.values)


def test_hold_values_table_and_cards():
    h = vp.hold_values(["Jh", "Jd", "4s", "7c", "Qh"])
    text = h.table(top=2, detail=True)
    lines = text.splitlines()
    assert lines[0] == "Jacks or Better, 9/6 full pay: Jh Jd 4s 7c Qh"
    assert "Jh Jd -- -- --" in lines[3] and "1.536540" in lines[3] and "11,559" in lines[3]
    assert len(lines) == 5
    assert str(h).count("\n") == 34
    batch = vp.hold_values(np.array([card_ids("Jh Jd 4s 7c Qh")] * 2))
    with pytest.raises(ValueError, match="one dealt hand"):
        batch.table()
    with pytest.raises(ValueError, match="counts=True"):
        batch.__class__(batch.game, batch.paytable, batch.hands[0], batch.holds[0], batch.values[0],
                        None).table(detail=True)


def test_hold_values_with_a_user_pay_table_changes_the_strategy():
    """Pay a pair of jacks nothing: four to a flush beats the pair."""
    text = "Jh Jd 4h 7h Qh"
    assert vp.best_hold(text).masks == 0b00011
    no_pairs = dict(vp.get_game("job").paytable.as_dict(), jacks_or_better=0)
    b = vp.best_hold(text, "job", no_pairs)
    assert b.masks == 0b11101
    assert b.values == pytest.approx(6 * 9 / 47)


# ---------------------------------------------------------------------------------- game return


def test_suit_symmetry_classes():
    deals, weights = _tables.canonical_deals(52)
    assert len(deals) == 134_459 and int(weights.sum()) == 2_598_960
    deals53, weights53 = _tables.canonical_deals(53)
    assert len(deals53) == 134_459 + 16_432 and int(weights53.sum()) == 2_869_685
    assert set(np.unique(weights).tolist()) <= {1, 4, 6, 12, 24}


@pytest.mark.parametrize("game, paytable, published", [
    ("jacks-or-better", None, "99.5439"),
    ("deuces-wild", None, "100.7620"),
    ("jacks-or-better", [800, 50, 25, 8, 5, 4, 3, 2, 1], "97.2984"),   # 8/5
    ("jacks-or-better", [800, 50, 25, 8, 6, 4, 3, 2, 1], "98.3927"),   # 8/6
    ("jacks-or-better", [800, 50, 25, 9, 5, 4, 3, 2, 1], "98.4498"),   # 9/5
    ("deuces-wild", [800, 200, 25, 16, 10, 4, 4, 3, 2, 1], "99.7283"),  # "not so ugly" deuces
])
def test_published_returns(game, paytable, published):
    r = vp.game_return(game, paytable, progress=False)
    assert f"{r.percent:.4f}" == published
    assert r.exact is not None and float(r.exact) == r.value
    assert sum(r.exact_probabilities) == 1
    assert sum(p * q for p, q in zip(r.exact_probabilities, r.paytable.pays)) == r.exact


def test_joker_poker_return_and_published_frequencies():
    r = vp.game_return("joker-poker", progress=False)
    assert round(r.percent, 2) == 100.65  # the published 20/7/5 kings-or-better figure
    assert r.deals == 2_869_685 and r.deal_classes == 150_891
    job = vp.game_return("jacks-or-better", progress=False)
    probs = dict(zip(job.game.classes, job.probabilities.tolist()))
    assert round(1 / probs["royal_flush"]) == 40_391     # 1 royal in 40,391 hands
    assert round(probs["nothing"], 6) == 0.545435
    assert round(probs["jacks_or_better"], 6) == 0.214585


def test_game_return_equals_best_hold_over_every_deal():
    """Without suit symmetry: the best hold of each of the 2,598,960 deals, averaged."""
    for game in ("jacks-or-better", "joker-poker"):
        every = vp.best_hold(_tables.all_hands(DECK[game]), game)
        r = vp.game_return(game, progress=False)
        assert every.values.mean() == pytest.approx(r.value, rel=1e-12)


def test_game_return_inexact_pays_and_str():
    r = vp.game_return("deuces-wild", [800, 200, 25, 15, 9, 5, 3, 2, 2, 0.1], progress=False)
    assert r.exact is None and 0.5 < r.value < 1.0
    half = vp.game_return("deuces-wild", [800, 200, 25, 15, 9, 5, 3, 2, 2, 0.5], progress=False)
    assert half.exact is not None and half.exact.denominator % 2 == 0
    text = str(vp.game_return("jacks-or-better", progress=False))
    assert "return 99.5439% under optimal play" in text and "134,459" in text
    assert "Royal flush" in text and text.splitlines()[-1].split()[-1] == "0.995439"


def test_progress_bar_uses_tqdm_when_present(monkeypatch):
    updates = []

    class FakeBar:
        def __init__(self, total, **kwargs):
            updates.append(("total", total))

        def update(self, n):
            updates.append(("update", n))

        def set_description(self, text):
            updates.append(("description", text))

        def close(self):
            updates.append(("close", None))

    monkeypatch.setitem(sys.modules, "tqdm.auto", types.SimpleNamespace(tqdm=FakeBar))
    vp.game_return("jacks-or-better", progress=True)
    assert updates[0] == ("total", 134_459) and updates[-1] == ("close", None)
    assert ("description", "Jacks or Better: best holds") in updates
    assert sum(n for kind, n in updates if kind == "update") == 134_459
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # not installed: no bar, same result
    assert f"{vp.game_return('jacks-or-better', progress=True).percent:.4f}" == "99.5439"


# ------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("game, hand, message", [
    ("jacks-or-better", "Jh W 4s 7c Qh", "joker .* is not a card of Jacks or Better"),
    ("deuces-wild", "2c W 4s 7c Qh", "joker .* is not a card of Deuces Wild.*deuces"),
    ("joker-poker", "W Jh W 7c Qh", "card W \\(id 52\\) is dealt twice: at position 0 and at position 2; the Joker Poker .* deck has one joker"),
    ("jacks-or-better", "Jh Jh 4s 7c Qh", "card Jh \\(id 38\\) is dealt twice: at position 0 and at position 1"),
    ("joker-poker", [53, 1, 2, 3, 4], "card id 53 is not a card of Joker Poker"),
    ("jacks-or-better", [-1, 1, 2, 3, 4], "card id -1 is not a card"),
    ("jacks-or-better", "Jh Jd 4s 7c", "5 cards"),
    ("jacks-or-better", "Jh Jd 4s 7c Qh 2c", "5 cards"),
])
def test_bad_hands_are_clear_errors(game, hand, message):
    for fn in (vp.classify, vp.hold_values, vp.best_hold):
        with pytest.raises(ValueError, match=message):
            fn(hand, game)


def test_bad_hand_in_a_batch_is_named():
    hands = np.array([card_ids("Jh Jd 4s 7c Qh")] * 3)
    hands[2, 4] = 52
    with pytest.raises(ValueError, match="hand 2, position 4"):
        vp.best_hold(hands)
    with pytest.raises(ValueError, match=r"hand \(1, 0\), position 4"):
        vp.classify(hands.reshape(3, 1, 5)[1:], "deuces")
    with pytest.raises(TypeError, match="integer card ids"):
        vp.classify(np.zeros((2, 5)))
    with pytest.raises(ValueError, match="card id 300"):
        vp.classify(np.array([[300, 1, 2, 3, 4]], dtype=np.int64))


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game 'blackjack'; the games are: jacks-or-better, bonus-poker, "
                                         "bonus-poker-deluxe, double-bonus, double-double-bonus, triple-double-bonus, "
                                         "deuces-wild, deuces-wild-bonus, joker-poker$"):
        vp.classify("Jh Jd 4s 7c Qh", "blackjack")
    with pytest.raises(TypeError, match="game must be"):
        vp.hold_values("Jh Jd 4s 7c Qh", 3)
    for alias in ("JOB", "Jacks or Better", "jacks_or_better", "deuces", "Joker"):
        assert vp.get_game(alias).key in GAMES


@pytest.mark.parametrize("pays, error, message", [
    ({"royal_flush": 800}, ValueError, "no entry for: straight_flush, .*jacks_or_better"),
    ([800, 50, 25, 9, 6, 4, 3, 2], ValueError, "needs 9 payouts"),
    ([800, 50, 25, 9, 6, 4, 3, 2, -1], ValueError, "Jacks or better must not be negative"),
    ([800, 50, 25, 9, 6, 4, 3, 2, float("nan")], ValueError, "finite"),
    ([800, 50, 25, 9, 6, 4, 3, 2, "1"], TypeError, "must be a number"),
    ([800, 50, 25, 9, 6, 4, 3, 2, True], TypeError, "must be a number"),
    (dict(zip(["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
               "three_of_a_kind", "two_pair", "kings_or_better"], range(9))), ValueError,
     "'kings_or_better' is not a pay class of Jacks or Better"),
    ("9/6", TypeError, "mapping"),
])
def test_bad_pay_tables(pays, error, message):
    with pytest.raises(error, match=message):
        vp.make_paytable("jacks-or-better", pays)
    with pytest.raises(error, match=message):
        vp.game_return("jacks-or-better", pays, progress=False)


def test_pay_tables():
    job = vp.get_game("jacks-or-better").paytable
    assert job.as_dict() == {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9,
                             "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2,
                             "jacks_or_better": 1}
    assert list(vp.get_game("deuces-wild").paytable.as_dict().values()) == [800, 200, 25, 15, 9, 5, 3, 2, 2, 1]
    assert list(vp.get_game("joker-poker").paytable.as_dict().values()) == [800, 200, 100, 50, 20, 7, 5, 3,
                                                                            2, 1, 1]
    same = vp.make_paytable("job", {**job.as_dict(), "Nothing": 0})
    assert same == job and hash(same) == hash(job)
    assert vp.make_paytable("job", job) is job
    with pytest.raises(ValueError, match="for Jacks or Better, not Deuces Wild"):
        vp.make_paytable("deuces", job)
    with pytest.raises(ValueError, match="twice"):
        vp.make_paytable("job", {**job.as_dict(), "Royal Flush": 800})
    fractional = vp.make_paytable("job", [Fraction(4000, 5), 50, 25, 9, 6, 4, 3, 2, 1.5])
    assert fractional["jacks_or_better"] == Fraction(3, 2) and fractional["royal_flush"] == 800
    assert "Royal flush" in str(job) and "800" in str(job)


# ------------------------------------------------------------------------------------ command line


def test_holds_cli_prints_the_table(capsys):
    assert main(["holds", "Jh Jd 4s 7c Qh", "--game", "jacks-or-better"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Jacks or Better, 9/6 full pay: Jh Jd 4s 7c Qh"
    assert len(lines) == 3 + 32
    assert lines[3].split()[:7] == ["1", "Jh", "Jd", "--", "--", "--", "16,215"]
    assert lines[3].split()[-1] == "1.536540"


def test_holds_cli_options(capsys):
    assert main(["holds", "W", "Kh", "7d", "3c", "9s", "-g", "joker", "--top", "2", "--detail", "--unicode"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Joker Poker (kings or better), 20/7/5 full pay: W K♥ 7♦ 3♣ 9♠")
    assert "NRF" in out and "KB" in out and len(out.splitlines()) == 5
    assert main(["holds", "Jh Jd 4h 7h Qh", "--pay", "jacks_or_better=0", "--top", "1"]) == 0
    assert "Jh -- 4h 7h Qh" in capsys.readouterr().out
    assert main(["holds", "Jh Jd 4h 7h Qh", "--pays", "800,50,25,9,6,4,3,2,0", "--top", "1"]) == 0
    assert "custom" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["Jh W 4s 7c Qh"], "joker"),
    (["Jh Jd 4s 7c Qh", "-g", "baccarat"], "unknown game"),
    (["Jh Jd 4s 7c Qh", "--pay", "full_house"], "CLASS=PAYOUT"),
    (["Jh Jd 4s 7c Qh", "--pay", "full_house=-3"], "must not be negative"),
    (["Jh Jd 4s 7c Qh", "--pay", "full_house=lots"], "not a payout"),
    (["Jh Jd 4s 7c Qh", "--pays", "800,50"], "needs 9 payouts"),
])
def test_holds_cli_errors_exit_2(capsys, argv, message):
    assert main(["holds", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerlut holds: error:") and message in err


def test_return_cli(capsys):
    assert main(["video-return", "--game", "deuces-wild", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Deuces Wild, full pay: return 100.7620% under optimal play" in out
    assert main(["video-return", "--game", "jacks", "--pay", "full_house=8", "--pay", "flush=5", "--no-progress"]) == 0
    assert "return 97.2984%" in capsys.readouterr().out
