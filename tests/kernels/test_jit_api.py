"""``pokerlut.jit`` as a user sees it: this module imports only public names (the ``pokerlut.jit``
API and pokerlut's public functions it is checked against) and calls the API from its own jitted
functions, as a user's code would.

Sizes: every game and hand size on 200,000 seeded random hands (wild cards in a third of the high
game's, up to every card), Omaha on 20,000 deals per shape; the issue's 10^6 per case is
``benchmarks/jit_api.py --check``'s job, outside the test-time budget."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numba
import numpy as np
import pytest

import pokerlut
from pokerlut.jit import (Hand, Tables, add, best_five, category, compare, empty, hand, omaha, rank, rank_checked,
                          tables, value)

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low")
N = 200_000
WILD = 52

# --------------------------------------------------------------------------- the user's functions
#
# Compiled in every run (no cache=True): numba keys a cached function on its own file only, so a
# cache would keep testing the pokerlut.jit of an earlier edit.  The guide's example (docs/jit.md), run below
# in fresh processes, is the cached one.


@numba.njit
def per_hand(t, hands, first, out):
    """Per hand: rank, rank_checked, and the hand built from its first ``first`` cards (hand())
    with the rest added one by one (add, value)."""
    for i in range(hands.shape[0]):
        out[i, 0] = rank(t, hands[i])
        out[i, 1] = rank_checked(t, hands[i])
        h = hand(t, hands[i, :first])
        for j in range(first, hands.shape[1]):
            h = add(t, h, hands[i, j])
        out[i, 2] = value(t, h)


@numba.njit
def added_all(t, cards, out):
    """Hands built from ``empty`` with ``add`` of arbitrary integers (int64: any value at all)."""
    for i in range(cards.shape[0]):
        h = empty(t)
        for j in range(cards.shape[1]):
            h = add(t, h, cards[i, j])
        out[i] = value(t, h)


@numba.njit
def category_and_compare(t, strengths, a, b, categories, comparisons):
    for i in range(strengths.shape[0]):
        categories[i] = category(t, strengths[i])
    for i in range(a.shape[0]):
        comparisons[i] = compare(t, a[i], b[i])


@numba.njit
def best_five_all(t, hands, five, plays, out):
    for i in range(hands.shape[0]):
        out[i] = best_five(t, hands[i], five[i], plays[i])


@numba.njit
def omaha_all(t, holes, boards, out):
    for i in range(holes.shape[0]):
        out[i] = omaha(t, holes[i], boards[i])


# --------------------------------------------------------------------------- hands, and the rules' checks


def deck(game: str) -> np.ndarray:
    """The game's card ids (the high game's wild card included), from the rules."""
    ranks = range(4, 13) if game == "short-deck" else range(13)
    ids = [4 * r + s for r in ranks for s in range(4)]
    return np.array(ids + ([WILD] if game == "high" else []), np.uint8)


def deal(game: str, n: int, k: int, seed: int) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards of the game's deck; the high game's hold up to
    ``k`` wild cards in a third of them."""
    if game == "high":
        return pokerlut.random_hands(n, k, wild_fraction=1 / 3, max_wilds=k, seed=seed)
    if game != "short-deck":
        return pokerlut.random_hands(n, k, seed=seed)
    cards = deck(game)
    rng = np.random.default_rng(seed)
    return cards[np.argpartition(rng.random((n, len(cards)), np.float32), k, axis=1)[:, :k]]


def legal(rows: np.ndarray, game: str) -> np.ndarray:
    """Whether each row is a hand the game deals: every id in its deck, no natural card twice."""
    allowed = np.zeros(256, bool)
    allowed[deck(game)] = True
    ok = allowed[rows].all(axis=1)
    natural = np.where(rows < WILD, rows.astype(np.int64), 256 + np.arange(rows.shape[1]))
    s = np.sort(natural, axis=1)
    return ok & ~(s[:, 1:] == s[:, :-1]).any(axis=1)


def ranked(fn, t, hands, *extra) -> np.ndarray:
    out = np.zeros(len(hands), np.int64)
    fn(t, hands, *extra, out)
    return out


def three_ways(t, hands, first: int = 0) -> np.ndarray:
    """``(N, 3)``: rank, rank_checked, and the hand built card by card from ``first`` cards."""
    out = np.zeros((len(hands), 3), np.int64)
    per_hand(t, hands, first, out)
    return out


# --------------------------------------------------------------------------- tables


def test_tables_is_one_argument_of_read_only_arrays():
    t = tables()
    assert isinstance(t, Tables) and t is tables("high")
    assert all(not a.flags.writeable for a in t if isinstance(a, np.ndarray))
    assert (t.max_strength, t.max_wilds, t.high) == (7475, 7, True)
    assert tables("omaha") is t
    with pytest.raises(ValueError, match="eight-or-better"):
        tables("omaha-hilo")
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        tables("nope")


# --------------------------------------------------------------------------- equal to evaluate


@pytest.mark.parametrize("game", GAMES)
def test_rank_and_the_incremental_hand_equal_evaluate(game):
    t = tables(game)
    for k in (5, 6, 7):
        hands = deal(game, N, k, seed=k)
        expected = pokerlut.evaluate(hands, variant=game).astype(np.int64)
        for first in (0, k - 2, k):  # the hand built from nothing, from a "board", all at once
            out = three_ways(t, hands, first)
            assert (out == expected[:, None]).all(), (game, k, first)


def test_category_compare_and_best_five_equal_pokerlut():
    t = tables()
    s = np.arange(-2, t.max_strength + 3)
    a, b = deal("high", 50_000, 7, seed=11), deal("high", 50_000, 7, seed=12)
    b[:1000] = a[:1000]  # some ties
    categories, comparisons = np.zeros(len(s), np.int64), np.zeros(len(a), np.int64)
    category_and_compare(t, s, a, b, categories, comparisons)
    inside = (s >= 1) & (s <= t.max_strength)
    assert np.array_equal(categories[inside], pokerlut.category(s[inside]))
    assert (categories[~inside] == -1).all()
    assert np.array_equal(comparisons, pokerlut.compare(a, b))
    for game in ("short-deck", "eight-or-better"):
        tg, sg = tables(game), np.arange(1, tables(game).max_strength + 1)
        category_and_compare(tg, sg, a[:0], b[:0], categories, comparisons)
        assert np.array_equal(categories[:len(sg)], pokerlut.category(sg, variant=game))
    for k in (5, 6, 7):
        hands = deal("high", 30_000, k, seed=20 + k)
        five, plays = np.zeros((len(hands), 5), np.uint8), np.zeros((len(hands), 5), np.uint8)
        out = ranked(best_five_all, t, hands, five, plays)
        expected = pokerlut.best_five(hands)
        assert np.array_equal(out, expected.strengths)
        assert np.array_equal(five, expected.cards) and np.array_equal(plays, expected.plays_as)
    five, plays = np.zeros((1, 5), np.uint8), np.zeros((1, 5), np.uint8)
    assert ranked(best_five_all, tables("short-deck"), deal("short-deck", 1, 7, seed=1), five, plays)[0] == 0
    assert (five == 255).all() and (plays == 255).all()


@pytest.mark.parametrize("n_hole, n_board", [(4, 5), (5, 4), (6, 3)])
def test_omaha_equals_evaluate_omaha_high_and_low(n_hole, n_board):
    cards = deal("ace-five-low", 20_000, n_hole + n_board, seed=n_hole)  # 52 naturals
    holes, boards = np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])
    hilo = pokerlut.evaluate_omaha(holes, boards, variant="omaha-hilo")
    assert np.array_equal(ranked(omaha_all, tables("omaha"), holes, boards), hilo.high)
    assert np.array_equal(ranked(omaha_all, tables("eight-or-better"), holes, boards), hilo.low)


# --------------------------------------------------------------------------- bad input inside a jitted loop


@pytest.mark.parametrize("game", GAMES)
def test_random_bytes_give_zero_for_every_card_the_game_does_not_deal(game):
    t = tables(game)
    rng = np.random.default_rng(7)
    for k in (4, 5, 6, 7, 8):
        rows = np.concatenate([rng.integers(0, 256, (20_000, k)), rng.integers(0, 56, (20_000, k))]).astype(np.uint8)
        ok = legal(rows, game)
        out = three_ways(t, rows, 2)
        unchecked, checked, incremental = out.T
        if k not in (5, 6, 7):
            assert not out.any()
            continue
        assert np.array_equal(checked[ok], pokerlut.evaluate(rows[ok], variant=game)), k
        assert not checked[~ok].any()
        assert np.array_equal(unchecked[ok], checked[ok])
        dealt = np.isin(rows, deck(game)).all(axis=1)  # repeats but every id dealt: no promise but the range
        assert not unchecked[~dealt].any()
        assert ((unchecked >= 0) & (unchecked <= t.max_strength)).all()
        assert not incremental[~dealt].any()
        assert np.array_equal(incremental[ok], checked[ok])


def test_add_maps_any_integer_outside_the_ids_to_a_card_no_game_deals():
    t = tables()
    rng = np.random.default_rng(3)
    cards = rng.integers(0, 52, (10_000, 7))
    cards[::2, 3] = rng.choice([-1, -2**62, 256, 300, 51 + 256, 2**40, 53, 255], 5_000)
    out = ranked(added_all, t, cards)
    assert not out[::2].any()
    good = legal(cards[1::2].astype(np.uint8), "high")
    assert np.array_equal(out[1::2][good], pokerlut.evaluate(cards[1::2][good]))


def test_omaha_bad_cards_and_sizes_give_zero():
    t = tables("omaha")
    holes = np.array([[51, 47, 43, 39], [51, 47, 43, 99], [51, 47, 43, 39], [51, 52, 43, 39]], np.uint8)
    boards = np.array([[35, 31, 27, 2, 6], [35, 31, 27, 2, 6], [35, 31, 27, 2, 200], [35, 31, 27, 2, 6]], np.uint8)
    first = int(pokerlut.evaluate_omaha(holes[0], boards[0]))
    assert ranked(omaha_all, t, holes, boards).tolist() == [first, 0, 0, 0]  # Omaha deals no wild card
    assert not ranked(omaha_all, t, np.ascontiguousarray(holes[:, :3]), boards).any()
    assert not ranked(omaha_all, t, holes, np.ascontiguousarray(boards[:, :2])).any()


def test_cards_of_another_dtype_are_refused_when_the_function_compiles():
    t = tables()
    for bad in (np.zeros((2, 5), np.int64), np.zeros((2, 5), np.uint8)[:, ::-1]):  # another dtype, strided rows
        with pytest.raises(pokerlut.jit.JitTypeError, match="^pokerlut.jit.omaha: hole must be a 1-D C-contiguous uint8"):
            ranked(omaha_all, t, bad, np.zeros((2, 5), np.uint8))


@numba.njit
def rank_rows_of(t, hands, out):
    for i in range(hands.shape[0]):
        out[i] = rank(t, hands[i])


@numba.njit
def rank_a_list(t):
    return rank(t, [51, 47, 43, 39, 35])


@numba.njit
def compare_rows(t, a, b):
    return compare(t, a[0], b[0])


@numba.njit
def rank_with_tables(t, cards):
    return rank(t, cards)


def one_line_error(call) -> str:
    """The message of the error ``call`` raises: a TypeError of pokerlut's (numba's own errors,
    TypingError among them, are NumbaErrors), one line, short."""
    with pytest.raises(TypeError) as info:
        call()
    error = info.value
    assert isinstance(error, pokerlut.jit.JitTypeError) and not isinstance(error, numba.core.errors.NumbaError)
    message = str(error)
    assert "\n" not in message and len(message) < 300 and "Failed in nopython" not in message
    return message


def test_a_wrong_cards_type_is_one_line_naming_the_function_the_argument_and_uint8():
    t = tables()
    rows = np.zeros((2, 5), np.uint8)
    for bad, given in [(np.zeros((2, 5)), "array(float64, 1d, C)"), (np.zeros((2, 5), np.int64), "array(int64, 1d, C)"),
                       (rows[:, ::-1], "array(uint8, 1d, A)")]:
        message = one_line_error(lambda: rank_rows_of(t, bad, np.zeros(2, np.uint16)))
        assert message.startswith("pokerlut.jit.rank: cards must be a 1-D C-contiguous uint8 array") and given in message
        assert "np.ascontiguousarray(cards, dtype=np.uint8)" in message
    assert "got list(int64)" in one_line_error(lambda: rank_a_list(t))
    message = one_line_error(lambda: compare_rows(t, rows, np.zeros((2, 5), np.int32)))
    assert message.startswith("pokerlut.jit.compare: b must be a 1-D C-contiguous uint8 array") and "int32" in message
    message = one_line_error(lambda: rank_with_tables(np.zeros(5), rows[0]))
    assert message.startswith("pokerlut.jit: the first argument is the tables of a game")


# --------------------------------------------------------------------------- the guide's example, cached


def readme_example() -> str:
    """The guide's complete example (``docs/jit.md``)."""
    text = (ROOT / "docs" / "jit.md").read_text()
    return re.search(r"```python\n(# joker_holdem\.py.*?)```", text, re.S).group(1)


def test_a_user_module_compiled_with_cache_true_reuses_its_cache_in_a_fresh_process(tmp_path):
    """The guide's Monte Carlo (docs/jit.md), as a user's module in ``tmp_path``: the first process compiles it and
    saves it there (numba's cache beside the module), a fresh one loads it (numba's counters say
    which).  NUMBA_CACHE_DIR is left alone: it would move pokerlut's own kernel cache as well, and
    the first process would spend 7-8 s recompiling pokerlut's helpers."""
    (tmp_path / "joker_holdem.py").write_text(readme_example())
    probe = textwrap.dedent("""
        import sys
        from joker_holdem import joker_equity
        import numpy as np
        from pokerlut import jit, parse_cards
        e = joker_equity(jit.tables(), parse_cards("Ah Kh"), parse_cards("Qd Qc"), 20_000, 1)
        stats = joker_equity.stats
        print(f"{e:.6f} {sum(stats.cache_hits.values())} {sum(stats.cache_misses.values())}")
    """)
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = str(tmp_path)
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600, env=env,
                           cwd=tmp_path) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    (e1, hits1, misses1), (e2, hits2, misses2) = (r.stdout.split() for r in runs)
    assert (hits1, misses1) == ("0", "1")  # compiled and saved
    assert (hits2, misses2) == ("1", "0")  # loaded
    assert e1 == e2 and 0.40 < float(e1) < 0.52
    assert any((tmp_path / "__pycache__").glob("joker_holdem.joker_equity-*.nbc"))


def test_the_hand_is_a_named_tuple_of_key_bits_and_count():
    t = tables()
    h = hand(t, np.array([51, 47, 43], np.uint8))
    assert isinstance(h, Hand) and h.count == 3
    assert int(value(t, add(t, add(t, h, 39), 35))) == 7462


@numba.njit
def best_five_into(t, cards, five, plays):
    return best_five(t, cards, five, plays)


@pytest.mark.parametrize("n_five, n_plays", [(3, 5), (5, 4), (0, 0), (4, 9)])
def test_best_five_refuses_an_output_shorter_than_five_before_writing(n_five, n_plays):
    """Inside the user's jitted function: a ValueError saying so, and not one byte written (the
    two outputs are views of one buffer, so a write past either's end would show)."""
    buffer = np.full(32, 77, np.uint8)
    five, plays = buffer[:n_five], buffer[16:16 + n_plays]
    with pytest.raises(ValueError, match="five and plays_as must each hold at least 5 elements"):
        best_five_into(tables(), deal("high", 1, 7, seed=3)[0], five, plays)
    assert (buffer == 77).all()
    wide = np.full(8, 77, np.uint8)  # longer than five is fine: the first five written, the rest kept
    best_five_into(tables(), deal("high", 1, 7, seed=3)[0], wide, buffer[16:21])
    assert (wide[:5] != 77).all() and (wide[5:] == 77).all()
