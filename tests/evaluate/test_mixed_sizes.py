"""``evaluate`` of hands of different sizes in one call (a list, a tuple, a column): each size
ranked as one batch, the strengths in the input's order, exactly what each hand gets alone; a
hand of a size the game does not rank, a card that does not read and a bad card each named by the
hand's place in the input (the first one in that order)."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut._input import hand_size_text

SIZES = {"high": (5, 6, 7), "short-deck": (5, 6, 7), "razz": (5, 6, 7), "ofc": (3, 5)}


def mixed(game: str, n: int, seed: int) -> list[np.ndarray]:
    """``n`` hands of the game's sizes, each size drawn at random, wild cards in some high ones."""
    rng = np.random.default_rng(seed)
    deck = np.array(pokerlut.get_variant(game).deck, np.uint8)
    hands = []
    for _ in range(n):
        k = int(rng.choice(SIZES[game]))
        hand = rng.permutation(deck)[:k]
        if game == "high" and rng.random() < 0.2:
            hand[: rng.integers(1, k + 1)] = 52
        hands.append(hand)
    return hands


@pytest.mark.parametrize("game", list(SIZES))
def test_mixed_sizes_give_each_hand_its_own_strength_in_input_order(game):
    hands = mixed(game, 300, seed=len(game))
    alone = [int(pokerlut.evaluate(h[None], variant=game)[0]) for h in hands]  # one batch of one per hand
    texts = [pokerlut.format_cards(h) for h in hands]
    forms = {
        "lists": [h.tolist() for h in hands], "tuples": tuple(tuple(h.tolist()) for h in hands),
        "arrays": [h.astype(np.int64) for h in hands], "card words": [t.split() for t in texts],
        "text": texts, "U array": np.array(texts), "object array of text": np.array(texts, dtype=object),
        "object array of lists": np.array([h.tolist() for h in hands] + [None], dtype=object)[:-1],
    }
    try:
        import pandas as pd
    except ImportError:
        pass
    else:
        forms["pandas column"] = pd.Series(texts)
        forms["pandas column of Python strings"] = pd.Series(texts, dtype=pd.StringDtype("python"))
        forms["pandas categorical"] = pd.Series(texts).astype("category")
    for name, form in forms.items():
        for check in (True, False):
            out = pokerlut.evaluate(form, variant=game, check=check)
            assert out.dtype == np.uint16 and out.shape == (len(hands),), name
            assert out.tolist() == alone, (name, check)


def test_mixed_sizes_run_on_threads_as_uniform_batches_do():
    hands = mixed("high", 3000, seed=9)
    expected = [int(pokerlut.evaluate(h[None])[0]) for h in hands]
    assert pokerlut.evaluate(hands, parallel=True).tolist() == expected


def test_a_hand_of_a_size_the_game_does_not_rank_is_named_in_one_wording():
    hands = ["As Ks Qs Js Ts", "2c 3c 4c 5c 7d 8d", "Ah Kh Qh Jh Th 9h 8h", "2d 3d 4d 5d 7h 8h 9s Tc", "2c 3c 4c"]
    for form in (hands, [h.split() for h in hands], [pokerlut.parse_cards(h).tolist() for h in hands]):
        with pytest.raises(ValueError, match=r"^hand 3: a hand is 5, 6 or 7 cards, got 8$"):
            pokerlut.evaluate(form)
    with pytest.raises(ValueError, match=r"^a hand is 5, 6 or 7 cards, got 8$"):
        pokerlut.evaluate(pokerlut.parse_cards(hands[3]).tolist())  # one hand
    with pytest.raises(ValueError, match=r"^hand 1: an ofc hand is 3 or 5 cards, got 6$"):
        pokerlut.evaluate(hands[:2], variant="ofc")
    assert hand_size_text(8) == "a hand is 5, 6 or 7 cards, got 8"  # the wording the command line uses too


def test_a_bad_card_is_named_by_the_first_bad_hand_in_input_order():
    hands = [[51, 47, 43, 39, 35], [0, 4, 8, 12, 17, 21, 21], [1, 5, 9, 13, 18, 99], [2, 6, 10, 14, 19, 2]]
    # hand 1 (7 cards) repeats 21, hand 2 (6 cards) holds 99, hand 3 (6 cards) repeats 2: the 6-card
    # hands are ranked before the 7-card ones, yet hand 1 comes first in the input
    with pytest.raises(ValueError, match=r"^hand 1: card 7d \(id 21\) is dealt twice: at position 5 and at position 6$"):
        pokerlut.evaluate(hands)
    with pytest.raises(ValueError, match=r"^hand 2, position 5: card id 99 is not a card"):
        pokerlut.evaluate([hands[0], [0, 4, 8, 12, 17, 21, 25]] + hands[2:])
    with pytest.raises(ValueError, match=r"^hand 1, position 4: card id 300 is not a card"):
        pokerlut.evaluate([[51, 47, 43, 39, 35], [0, 4, 8, 12, 300, 21]])
    with pytest.raises(ValueError, match=r"^hand 1, position 0: card 2c \(id 0\) is not in the short-deck deck"):
        pokerlut.evaluate(["As Ks Qs Js Ts", "2c 7s 8s 9s Ts Js"], variant="short-deck")


def test_a_hand_that_does_not_read_is_named():
    with pytest.raises(TypeError, match=r"^hand 2 must hold integer card ids .*True \(bool\) at position 1"):
        pokerlut.evaluate([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17, 21], [1, True, 9, 13, 18]])
    with pytest.raises(ValueError, match=r"^hand 1, position 5: cannot read a card"):
        pokerlut.evaluate(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d Xx"])


def test_what_is_not_hands_of_mixed_sizes_keeps_its_error():
    with pytest.raises(ValueError, match="nested evenly"):
        pokerlut.evaluate([[[51, 47, 43, 39, 35]], [[0, 4, 8, 12, 17, 21]]])  # a batch of batches
    with pytest.raises(TypeError, match="cannot mix card strings"):
        pokerlut.evaluate(["As Ks Qs Js Ts", [0, 4, 8, 12, 17, 21]])
