"""best_five, made_cards, compare and showdown."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut.constants import NO_CARD
from pokerlut.showdown import MADE_COUNT


WILD = pokerlut.WILD


@pytest.fixture(scope="module", params=[5, 6, 7])
def hands(request):
    return pokerlut.random_hands(40_000, request.param, wild_fraction=0.4, max_wilds=request.param, seed=request.param)


def test_best_five_cards_come_from_the_hand_and_make_its_strength(hands):
    best = pokerlut.best_five(hands)
    assert np.array_equal(best.strengths, pokerlut.evaluate(hands))
    assert np.array_equal(pokerlut.evaluate(best.cards), best.strengths)
    for row, five in zip(hands, best.cards):
        naturals = five[five != WILD]
        assert np.isin(naturals, row).all()
        assert (five == WILD).sum() <= (row == WILD).sum()


def test_wild_substitutes_are_legal_and_replay_the_strength(hands):
    best = pokerlut.best_five(hands)
    natural = best.cards != WILD
    assert np.array_equal(best.plays_as[natural], best.cards[natural])
    assert (best.plays_as < 52).all()
    five_kind = pokerlut.category(best.strengths) == 9
    # five of a kind: all five play as one rank
    ranks = best.plays_as[five_kind] // 4
    assert (ranks == ranks[:, :1]).all()
    # otherwise the five play as five distinct natural cards (no wild copies a card of the five)
    # and, ranked as a natural hand, give the same strength
    others = best.plays_as[~five_kind]
    assert all(len(set(r.tolist())) == 5 for r in others)
    assert np.array_equal(pokerlut.evaluate(others), best.strengths[~five_kind])


def test_best_five_orders_by_significance():
    b = pokerlut.best_five("2c 9d 9s 2h 9h Kc 3d")
    assert pokerlut.format_cards(b.cards) == "9d 9s 9h 2c 2h"
    wheel = pokerlut.best_five("Ah 2c 3d 4s 5h 9c Jd")
    assert pokerlut.format_cards(wheel.cards) == "5h 4s 3d 2c Ah"


def test_made_cards_per_category(hands):
    made = pokerlut.made_cards(hands)
    best = pokerlut.best_five(hands)
    count = (made != NO_CARD).sum(axis=-1)
    assert np.array_equal(count, MADE_COUNT[pokerlut.category(best.strengths)])
    # the made cards are the leading cards of the best five
    assert all(np.array_equal(m[:c], b[:c]) for m, b, c in zip(made, best.cards, count))


@pytest.mark.parametrize(
    "hand, made",
    [
        ("Ac Kd 9h 7s 3c 2d 4h", "Ac"),
        ("Ac Ad 9h 7s 3c 2d Jh", "Ac Ad"),
        ("Ac Ad 9h 9s 3c 3d Jh", "Ac Ad 9h 9s"),
        ("7c 7d 7h Ks 3c 2d Jh", "7c 7d 7h"),
        ("8c 7d 6h 5s 4c Kd Kh", "8c 7d 6h 5s 4c"),
        ("Kc Kd Kh Ks 3c 3d 3h", "Kc Kd Kh Ks"),
        ("W Kd Kh 2s 9c", "Kd Kh W"),
    ],
)
def test_made_cards_named(hand, made):
    m = pokerlut.made_cards(hand)
    assert pokerlut.format_cards(m[m != NO_CARD]) == made


def test_compare():
    a = ["As Ad 7c 7d 2s", "Kh Kd Qs Jc 9h", "2c 3c 4c 5c 7d"]
    b = ["Kc Kd Qh Qc 3s", "Ks Kc Qd Jd 9s", "2d 3d 4d 5d 6s"]
    assert pokerlut.compare(a, b).tolist() == [1, 0, -1]
    assert pokerlut.compare(b, a).tolist() == [-1, 0, 1]
    with pytest.raises(ValueError, match="as many hands"):
        pokerlut.compare(a, b[:2])


def test_showdown_single_winner_and_split_pots():
    r = pokerlut.showdown([["Ah", "Kh"], ["Qs", "Qd"], ["2c", "3c"]], "Qh Jh Th 2d 3d")
    assert r.winners.tolist() == [True, False, False]
    # the board plays for everyone: a three-way split, a third each
    r = pokerlut.showdown([["2c", "3d"], ["2d", "3c"], ["4c", "4d"]], "As Ks Qd Jh Tc")
    assert r.winners.all() and np.allclose(r.shares, 1 / 3)
    assert len(set(r.strengths.tolist())) == 1


def test_showdown_batched_equals_one_deal_at_a_time():
    rng = np.random.default_rng(5)
    deals = np.array([rng.permutation(52)[:13] for _ in range(500)], dtype=np.uint8)
    holes, board = deals[:, :8].reshape(500, 4, 2), deals[:, 8:]
    batch = pokerlut.showdown(holes, board)
    assert batch.strengths.shape == (500, 4)
    assert np.allclose(batch.shares.sum(axis=1), 1)
    for i in range(0, 500, 50):
        one = pokerlut.showdown(holes[i], board[i])
        assert np.array_equal(one.strengths, batch.strengths[i]) and np.array_equal(one.shares, batch.shares[i])


def test_showdown_draw_game_without_board():
    r = pokerlut.showdown([["Ah", "Ad", "Kc", "Kd", "2s"], ["Qh", "Qd", "Qc", "3d", "4s"]])
    assert r.winners.tolist() == [False, True]


def test_showdown_rejects_a_card_dealt_twice():
    with pytest.raises(ValueError, match=r"card Ah \(id 50\) is dealt twice: as player 0's card 0 and as board card 1"):
        pokerlut.showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Ah Th 2c 3d")
    with pytest.raises(ValueError, match=r"as player 0's card 1 and as player 1's card 0"):
        pokerlut.showdown([["Ah", "Kh"], ["Kh", "Qd"]], "Qh Jh Th 2c 3d")
    holes = np.zeros((3, 2, 2), dtype=np.uint8)
    holes[:, 0] = [0, 1]
    holes[:, 1] = [2, 3]
    holes[2, 1, 1] = 60
    with pytest.raises(ValueError, match=r"deal 2: player 1's card 1: card id 60 is not a card"):
        pokerlut.showdown(holes, np.array([10, 11, 12, 13, 14], dtype=np.uint8))


def test_showdown_rejects_bad_shapes():
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        pokerlut.showdown([["Ah", "Kh"]], "2c 3c")
    with pytest.raises(ValueError, match="holes must have shape"):
        pokerlut.showdown(np.arange(4), "2c 3c 4c")
    with pytest.raises(ValueError, match="board must have shape"):
        pokerlut.showdown(np.arange(8).reshape(2, 2, 2), np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(TypeError, match="holes must hold integer"):
        pokerlut.showdown(np.zeros((2, 2)), "2c 3c 4c")


def test_best_five_rejects_bad_input():
    with pytest.raises(ValueError, match="is dealt twice"):
        pokerlut.best_five("As As Kd Qh 2c")
    with pytest.raises(ValueError, match="shape"):
        pokerlut.made_cards(np.zeros((2, 4), dtype=np.uint8))


# --------------------------------------------------------------------------- edge cases the fuzz test found


@pytest.mark.parametrize("variant, hole", [("high", 2), ("deuce-seven-low", 2), ("omaha", 4), ("omaha-hilo", 4)])
def test_showdown_of_an_empty_batch_with_a_board(variant, hole):
    r = pokerlut.showdown(np.zeros((0, 3, hole), np.uint8), np.zeros((0, 5), np.uint8), variant=variant)
    assert all(field.shape == (0, 3) for field in r)


def test_made_cards_of_a_garbage_row_under_check_false_is_empty():
    hands = np.array([[60, 70, 80, 90, 100], [51, 47, 43, 39, 35]], np.uint8)
    made = pokerlut.made_cards(hands, check=False)
    assert made[0].tolist() == [255] * 5  # no strength (0): no made cards, not an error about "strength 0"
    assert made[1].tolist() == [51, 47, 43, 39, 35]


def test_best_five_and_showdown_reprs_show_card_text_and_plain_numbers():
    b = pokerlut.best_five("Kh 2c W 9s Kd 7h Ks")
    cards, plays_as, strength = b  # the fields as before: arrays of ids
    assert cards.dtype == plays_as.dtype == np.uint8 and b.strengths.dtype == np.uint16
    expected = (f"BestFive(cards={pokerlut.format_cards(cards).split()!r}, "
                f"plays_as={pokerlut.format_cards(plays_as).split()!r}, strengths={int(strength)}, "
                f"category={pokerlut.category_name(int(strength))!r})")
    assert repr(b) == expected and "46" not in repr(b)
    many = pokerlut.best_five(pokerlut.random_hands(3, 7, seed=3))
    rows = [pokerlut.format_cards(row).split() for row in many.cards]
    assert repr(many).startswith(f"BestFive(cards={rows!r}, ")
    assert repr(many).endswith(f"strengths={many.strengths.tolist()!r})")
    long = repr(pokerlut.best_five(pokerlut.random_hands(1000, 7, seed=3)))
    assert "..." in long and len(long) < 2000  # numpy's summary, not a thousand rows
    garbage = repr(pokerlut.best_five(np.array([[1, 2, 3, 4, 99]]), check=False))  # no card: its number
    assert "strengths=[0]" in garbage
    r = pokerlut.showdown([["Ah", "Kh"], ["Qs", "Qd"]], "Qh Jh Th 2c 3d")
    assert repr(r) == (f"Showdown(strengths={r.strengths.tolist()!r}, winners=[True, False], "
                       f"shares=[1.0, 0.0])")
    hilo = pokerlut.showdown([["Ah", "2h", "Kc", "Kd"], ["As", "2s", "Qc", "Qd"]], "3h 4d 8s Ks 9c",
                             variant="omaha-hilo")
    assert repr(hilo).startswith("HiLoShowdown(high=[") and "shares=[0.75, 0.25]" in repr(hilo)
