"""One hand from Python: ``evaluate``, ``describe``, ``category`` and ``compare`` of a single hand take
a short way, and must give exactly what the general way gives, results and errors alike.

The general way is reached through the public API: ``parallel=False`` (any value but the default
``None``) sends ``evaluate`` the batch way, and a :class:`pokerlut.Variant` object instead of a
game's name sends ``describe`` and ``category`` the general way."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut.evaluate import one_hand_strength

GAMES = ("high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low")


def sample(game: str, n: int, k: int, seed: int) -> np.ndarray:
    deck = np.array(pokerlut.get_variant(game).deck, np.uint8)
    rng = np.random.default_rng(seed)
    hands = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]]
    if game == "high":  # wild cards in a third of them, up to every card
        for i in range(0, n, 3):
            hands[i, :rng.integers(1, k + 1)] = 52
    return hands


def same(fast, general, shape=()) -> None:
    assert type(fast) is type(general) is np.ndarray
    assert fast.dtype == general.dtype == np.uint16 and fast.shape == general.shape == shape
    assert fast.tolist() == general.tolist()


def outcome(call):
    try:
        return "ok", call()
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize("game", GAMES)
def test_one_hand_gives_the_batch_result_in_every_form(game):
    for k in (5, 6, 7):
        hands = sample(game, 200, k, seed=k)
        for row in hands:
            general = pokerlut.evaluate(row.tolist(), variant=game, parallel=False)
            ids = row.tolist()
            text = pokerlut.format_cards(row)
            for plain in (ids, tuple(ids), [np.int64(c) for c in ids], text, text.split()):
                same(pokerlut.evaluate(plain, variant=game), general)
                same(pokerlut.evaluate(plain, variant=game, check=False), general)
            assert one_hand_strength(ids, game) is not None  # the short way settled it
            for dtype in (np.uint8, np.int64, np.int32, np.uint16, ">i4"):  # a numpy row, as hands[i] is
                same(pokerlut.evaluate(row.astype(dtype), variant=game), general)
            assert one_hand_strength(row, game) is not None and one_hand_strength(row.astype(np.int64), game)
            same(pokerlut.evaluate(np.repeat(row, 2)[::2], variant=game), general)  # strided


BAD = [
    [51, 47, 43, 39, 51], [51, 47, 43, 39, 53], [51, 47, 43, 39, 300], [51, 47, 43, 39, -1],
    [51, 47, 43, 39, True], [51, 47, 43, 39, 1.0], [0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [],
    [0, 1, 2, 3, 52], [16, 20, 24, 28, 52, 52, 0], (0, 0, 0, 0, 0), [[0, 1, 2, 3, 4]], [0, 1, 2, "3", 4],
    "As Ks Qs Js As", "As Ks Qs Js Xx", "As Ks Qs Js", "AsKsQsJsTs", "As,Ks,Qs,Js,Ts", "", [np.uint8(5)] * 5,
]  # fmt: skip


def arrays_of(hands: list) -> list:
    """The hands of ``hands`` that numpy reads as integer or bool arrays, as arrays of several
    dtypes (a masked one among them), and a float array."""
    out = []
    for hand in hands:
        if isinstance(hand, str) or not all(isinstance(x, (int, np.integer)) for x in hand):
            continue
        ids = np.array(hand, np.int64)
        out += [ids, ids.astype(np.int16), np.ma.masked_array(ids), ids.astype(float), ids.astype(bool)]
        if ids.size and ids.min() >= 0 and ids.max() < 256:
            out.append(ids.astype(np.uint8))
    return out + [np.array([[0, 1, 2, 3, 4]]), np.array(5), np.zeros(10**6, np.uint8)]


@pytest.mark.parametrize("game", GAMES + ("omaha", "nope", None, 3))
def test_bad_hands_raise_exactly_what_the_batch_path_raises(game):
    rng = np.random.default_rng(5)
    bad = BAD + [list(rng.integers(0, 60, rng.integers(4, 9))) for _ in range(60)]
    bad += arrays_of(bad)
    for hand in bad:
        for check in (True, False):
            fast = outcome(lambda: pokerlut.evaluate(hand, variant=game, check=check))
            general = outcome(lambda: pokerlut.evaluate(hand, variant=game, check=check, parallel=False))
            assert fast[0] == general[0], (hand, game, fast, general)
            if fast[0] == "ok":
                same(fast[1], general[1], general[1].shape)
            else:
                assert fast[1] == general[1]


def test_bad_check_and_parallel_arguments_are_still_named():
    with pytest.raises(TypeError, match="check must be True or False"):
        pokerlut.evaluate([0, 4, 8, 12, 17], check="yes")
    with pytest.raises((TypeError, ValueError), match="parallel"):
        pokerlut.evaluate([0, 4, 8, 12, 17], parallel="yes")


@pytest.mark.parametrize("game", GAMES + ("omaha",))
def test_describe_and_category_of_one_strength_equal_the_general_way(game):
    v = pokerlut.get_variant(game)
    top = v.tables.n_strengths
    for s in list(range(1, top + 1, max(1, top // 400))) + [top]:
        for one in (s, np.uint16(s), np.int64(s), np.array(s), np.array(s, np.uint8) if s < 256 else np.array(s)):
            assert pokerlut.describe(one, game) == pokerlut.describe(s, v)
            fast, general = pokerlut.category(one, game), pokerlut.category(s, v)
            assert type(fast) is type(general) and fast == general
    for wrong in (0, -1, top + 1, 2**70, True, 1.5, "7", np.array(0), np.array(True), np.array([5])):
        for call in (pokerlut.describe, pokerlut.category):
            fast, general = outcome(lambda: call(wrong, game)), outcome(lambda: call(wrong, v))
            assert fast[0] == general[0] and (fast[0] == "ok" or fast[1] == general[1]), (call, wrong)


def test_compare_of_one_hand_each_equals_the_batch_answer():
    a, b = sample("high", 300, 7, seed=1), sample("high", 300, 7, seed=2)
    b[:30] = a[:30]
    batch = pokerlut.compare(a, b)
    for x, y, expected in zip(a, b, batch):
        fast = pokerlut.compare(x.tolist(), y.tolist())
        assert type(fast) is np.int8 and fast == expected
        assert pokerlut.compare(pokerlut.format_cards(x), y) == expected
    with pytest.raises(ValueError, match="as many hands on each side"):
        pokerlut.compare([0, 4, 8, 12, 17], [[0, 4, 8, 12, 17]])
    with pytest.raises(ValueError, match="dealt twice"):
        pokerlut.compare([0, 4, 8, 12, 0], [1, 5, 9, 13, 18])
