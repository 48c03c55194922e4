"""Fuzz every public function with garbage: only a ``ValueError``/``TypeError`` (or a documented
subclass) or a valid result, never another exception, a crash or a hang.

Inputs: random shapes and dtypes (integers of every width and both byte orders, floats, bools,
complex, object, strings), values (negative, huge, NaN), card-like and random text, ``None``,
nested ragged lists, wrong variants and games.  The command line and ``check=False`` (documented
as unsafe on bad input) run in subprocesses with timeouts.  Reproducible: ``derandomize=True``.

``pytest -s tests/input/test_fuzz.py`` prints, per function, how many generated inputs got a clear error
and how many a result.
"""

from __future__ import annotations

import collections
import random
import re
import signal
import subprocess
import sys
import textwrap
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pokerlut
from pokerlut import course, interop
from pokerlut import videopoker as vp

#: A numpy RuntimeWarning (a division by zero, an overflow) inside pokerlut is how a silent wrong
#: answer usually shows: here it is an error.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

# --------------------------------------------------------------------------- bookkeeping

TALLY: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
CALL_SECONDS = 30  # one call taking longer than this is a hang


#: Messages of numpy and Python internals: an error that reads like one of these reached the user
#: without saying which argument or value was wrong.
RAW_MESSAGES = re.compile(
    r"setting an array element with a sequence|cannot reshape array|invalid literal for int\(\)|"
    r"could not convert|unsupported operand|not supported between instances|object of type .* has no len|"
    r"only integer scalar arrays|only 0-dimensional arrays|too many values to unpack|index .* is out of bounds|"
    r"object is not iterable|object is not subscriptable|argument must be a string or a|"
    r"Cannot cast array data|ufunc '\w+' not supported|out of bounds for|has no attribute")


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"a call took more than {CALL_SECONDS} s")


def attempt(name: str, call, check=None):
    """Run ``call``; count a clear error (ValueError/TypeError with a message) or a result (checked
    by ``check``); anything else fails the test."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(CALL_SECONDS)
    try:
        result = call()
    except (ValueError, TypeError) as error:
        TALLY[name]["error"] += 1
        assert str(error).strip(), f"{name}: {type(error).__name__} without a message"
        assert not RAW_MESSAGES.search(str(error)), f"{name}: an internal message reached the user: {error!r}"
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    TALLY[name]["result"] += 1
    if check is not None:
        check(result)
    return result


@pytest.fixture(scope="module", autouse=True)
def summary():
    yield
    if not TALLY:
        return
    width = max(len(name) for name in TALLY)
    lines = [f"{'function':<{width}}  {'inputs':>7}  {'clear error':>11}  {'result':>7}"]
    total = collections.Counter()
    for name in sorted(TALLY):
        c = TALLY[name]
        total.update(c)
        lines.append(f"{name:<{width}}  {c['error'] + c['result']:>7}  {c['error']:>11}  {c['result']:>7}")
    lines.append(f"{'total':<{width}}  {total['error'] + total['result']:>7}  {total['error']:>11}  {total['result']:>7}")
    print("\n\nfuzz summary: inputs tried per function, how many got a clear error, how many a result\n"
          + "\n".join(lines))


FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None, print_blob=False,
                suppress_health_check=list(HealthCheck))
FEW = settings(FUZZ, max_examples=40)

# --------------------------------------------------------------------------- strategies

CARD_TOKENS = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["W", "Jk", "*", "10d", "A♠", "13S"]
JUNK_TOKENS = ["Xs", "1", "Z", "", "  ", "As,", "AhKh", "QQ", "TT+", "random", "0.5(QQ)", "QQ:0", "nan", "-1",
               "AKs:1e5", "(", ")", "::", "As As", "W W W W W"]
INT_DTYPES = [np.dtype(f"{order}{kind}{size}") for order in "<>" for kind in "iu" for size in (1, 2, 4, 8)]
OTHER_DTYPES = [np.dtype(t) for t in ("<f4", ">f8", "?", "<c8", ">c16", "O", "<U4", "S3")]

card_text = st.lists(st.sampled_from(CARD_TOKENS + JUNK_TOKENS), max_size=8).map(" ".join)
small_ints = st.one_of(st.integers(0, 53), st.integers(-300, 300), st.integers(-2**70, 2**70))
floats = st.floats(allow_nan=True, allow_infinity=True, width=64)
scalars = st.one_of(st.none(), st.booleans(), small_ints, floats, st.complex_numbers(max_magnitude=1e6),
                    st.text(max_size=10), st.binary(max_size=4), card_text, st.just(object()))


@st.composite
def garbage_arrays(draw):
    dtype = draw(st.sampled_from(INT_DTYPES * 3 + OTHER_DTYPES))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=7))
    if dtype.kind in "iu":
        values = draw(hnp.arrays(np.int64, shape, elements=st.one_of(st.integers(0, 55), st.integers(-2**62, 2**62))))
        with np.errstate(all="ignore"):
            return values.astype(dtype)
    if dtype.kind in "fc":
        with np.errstate(all="ignore"):  # float32 overflows to inf: garbage too
            return draw(hnp.arrays(np.float64, shape, elements=floats)).astype(dtype)
    if dtype.kind == "b":
        return draw(hnp.arrays(np.bool_, shape))
    size = int(np.prod(shape))
    if dtype.kind in "US":  # numpy cuts longer strings to the dtype's width: more garbage
        words = draw(st.lists(st.sampled_from(CARD_TOKENS + JUNK_TOKENS + ["ab"]), min_size=size, max_size=size))
        if dtype.kind == "S":
            words = [w.encode("utf-8") for w in words]
        return np.array(words, dtype=dtype).reshape(shape)
    flat = draw(st.lists(scalars, min_size=size, max_size=size))
    out = np.empty(len(flat), dtype=object)
    out[:] = flat
    return out.reshape(shape)


@st.composite
def hand_like(draw, sizes=(5, 6, 7), high=56):
    """Arrays of plausible shape (..., k) with ids near the valid range: the paths past the shape checks."""
    k = draw(st.sampled_from(sizes))
    lead = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=4))
    values = draw(hnp.arrays(np.int64, lead + (k,), elements=st.integers(-1, high)))
    dtype = draw(st.sampled_from(INT_DTYPES))
    with np.errstate(all="ignore"):
        array = values.astype(dtype)
    form = draw(st.sampled_from(["array", "list", "text"]))
    if form == "list":
        return array.tolist()
    if form == "text" and array.ndim == 2 and (array >= 0).all() and (array <= 52).all():
        return [pokerlut.format_cards(row.tolist()) for row in array]
    return array


@st.composite
def distinct_hands(draw, sizes=(5, 6, 7), wild=True):
    """Valid hands (distinct naturals, wild cards allowed) in some integer dtype."""
    k = draw(st.sampled_from(sizes))
    n = draw(st.integers(0, 5))
    seed = draw(st.integers(0, 2**32 - 1))
    fraction = draw(st.sampled_from([0.0, 0.0, 0.3])) if wild else 0.0
    hands = pokerlut.random_hands(n, k, wild_fraction=fraction, max_wilds=k, seed=seed)
    return hands.astype(draw(st.sampled_from(INT_DTYPES[8:] + INT_DTYPES[:8])))


@st.composite
def calls(draw, **arguments):
    """Keyword arguments for one call: ``name=(valid, invalid)`` strategies.  Two calls in five
    have every argument valid(-looking), two exactly one invalid, one all invalid: each check is
    reached alone, and the paths behind the checks are reached too."""
    mode = draw(st.sampled_from(["valid", "valid", "one bad", "one bad", "all bad"]))
    names = list(arguments)
    bad = {draw(st.sampled_from(names))} if mode == "one bad" else set(names) if mode == "all bad" else set()
    return {name: draw(arguments[name][1] if name in bad else arguments[name][0]) for name in names}


@st.composite
def deals(draw, hole: int, players=(1, 2, 3), boards=(0, 3, 4, 5), batched=True):
    """(holes (N, P, hole) or (P, hole), board (N, b) or (b,)) of distinct natural cards."""
    p, b = draw(st.sampled_from(players)), draw(st.sampled_from(boards))
    n = draw(st.integers(0, 3)) if batched else 1
    cards = pokerlut.random_hands(n, p * hole + b, seed=draw(st.integers(0, 2**32 - 1)))
    cards = cards.astype(draw(st.sampled_from(INT_DTYPES)))
    holes, board = cards[:, :p * hole].reshape(n, p, hole), cards[:, p * hole:]
    return (holes, board) if batched else (holes[0], board[0])


RANGE_TEXT = st.lists(st.sampled_from(["QQ", "AKs", "AKo", "TT+", "A5s-A2s", "76s+", "AhKh", "random", "0.5(KK)",
                                       "JJ:2", "1e-3(22)", "QQ:0", "K9o+", "TT-77"]), min_size=1, max_size=4).map(", ".join)


@st.composite
def plausible_ranges(draw):
    n = draw(st.integers(1, 5))
    combos = pokerlut.random_hands(n, 2, seed=draw(st.integers(0, 2**32 - 1)))
    weights = draw(hnp.arrays(np.float64, (n,), elements=st.one_of(st.floats(0, 10), st.just(1.0))))
    return pokerlut.Range(combos, weights)


nested = st.recursive(scalars, lambda children: st.one_of(st.lists(children, max_size=4),
                                                          st.tuples(children, children)), max_leaves=12)
garbage = st.one_of(scalars, garbage_arrays(), nested, st.dictionaries(st.text(max_size=3), small_ints, max_size=2))
bad_cards = st.one_of(garbage, hand_like(), card_text)
variants = st.one_of(st.sampled_from(["", "HIGH", "omaha hi-lo", "nope"]), scalars)
games = st.one_of(st.sampled_from(["", "keno", "JOB?"]), scalars)
#: Valid but expensive sizes (minutes of work, gigabytes) are not garbage: kept out of the
#: strategies that stand for bad values.
not_costly = scalars.filter(lambda x: not (isinstance(x, int) and 10**5 < x <= 10**10))
flags = st.one_of(st.sampled_from(["yes", 1, 0, "False"]), scalars)
BEST_FIVE_GAMES = ["high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low"]
VP_GAMES = st.sampled_from(["jacks-or-better", "deuces-wild", "joker-poker", "job", "Deuces Wild", "double-double-bonus",
                           "tdb", "deuces-wild-bonus", "Bonus Poker"])


# --------------------------------------------------------------------------- result checks


def valid_strengths(top=7475):
    def check(result):
        strengths = np.asarray(result)
        assert strengths.dtype == np.uint16
        assert ((strengths >= 1) & (strengths <= top)).all()
    return check


def valid_equity(result):
    for field in (result.win, result.tie, result.equity):
        assert np.isfinite(field).all() and (field >= 0).all() and (field <= 1 + 1e-9).all()
    if np.size(result.equity):
        assert np.allclose(np.sum(result.equity, axis=-1), 1.0)


# --------------------------------------------------------------------------- ranking

HANDS = (st.one_of(distinct_hands(), distinct_hands().map(lambda h: [pokerlut.format_cards(r) for r in h.tolist()])),
         bad_cards)


@FUZZ
@given(kw=calls(hands=HANDS, check=(st.booleans(), flags), parallel=(st.sampled_from([None, True, False]), flags),
                variant=(st.sampled_from(BEST_FIVE_GAMES), variants)))
def test_evaluate(kw):
    # a wild card is dealt only in the high game: elsewhere it is a clear error, which is fine
    attempt("evaluate", lambda: pokerlut.evaluate(**kw), valid_strengths() if kw["check"] is True else None)


@FUZZ
@given(kw=calls(deal=(deals(hole=4, players=(1, 2), boards=(3, 5)),
                      st.tuples(st.one_of(garbage, hand_like(sizes=(4, 5, 6))),
                                st.one_of(garbage, hand_like(sizes=(3, 4, 5))))),
                variant=(st.sampled_from(["omaha", "omaha-hilo"]), variants)))
def test_evaluate_omaha(kw):
    holes, board = kw["deal"]
    if isinstance(holes, np.ndarray) and isinstance(board, np.ndarray) and holes.ndim == 3 and board.ndim == 2:
        board = board[:, None, :]  # one board per deal, for each of its players
    attempt("evaluate_omaha", lambda: pokerlut.evaluate_omaha(holes, board, variant=kw["variant"]))


@FUZZ
@given(kw=calls(hands=HANDS, check=(st.just(True), flags)))
def test_best_five_and_made_cards(kw):
    def check_best(best):
        valid_strengths()(best.strengths)
        assert best.cards.shape == best.strengths.shape + (5,)

    attempt("best_five", lambda: pokerlut.best_five(**kw), check_best)
    attempt("made_cards", lambda: pokerlut.made_cards(**kw), lambda m: m.dtype == np.uint8)


@FUZZ
@given(kw=calls(a=HANDS, b=HANDS))
def test_compare(kw):
    attempt("compare", lambda: pokerlut.compare(kw["a"], kw["b"]), lambda r: set(np.unique(r).tolist()) <= {-1, 0, 1})


@st.composite
def showdown_deals(draw):
    """(holes, board, variant) that fit together: Hold'em games 2 hole cards, Omaha 4."""
    variant = draw(st.sampled_from(["high", "ace-five-low", "deuce-seven-low", "omaha", "omaha-hilo"]))
    if variant.startswith("omaha"):
        holes, board = draw(deals(hole=4, boards=(3, 4, 5), batched=draw(st.booleans())))
    else:
        holes, board = draw(deals(hole=2, boards=(3, 4, 5), batched=draw(st.booleans())))
    return holes, board, variant


@FUZZ
@given(kw=calls(deal=(showdown_deals(),
                      st.tuples(st.one_of(garbage, hand_like(sizes=(2, 4)),
                                          hnp.arrays(np.int64, st.sampled_from([(2, 2), (3, 2, 2), (2, 4)]),
                                                     elements=st.integers(-1, 53))),
                                st.one_of(garbage, hand_like(sizes=(3, 5))),
                                st.one_of(st.sampled_from(list(pokerlut.VARIANTS)), variants)))))
def test_showdown(kw):
    holes, board, variant = kw["deal"]

    def check(r):
        shares = np.asarray(r.shares)
        assert np.isfinite(shares).all() and (shares.size == 0 or np.allclose(shares.sum(axis=-1), 1.0))

    attempt("showdown", lambda: pokerlut.showdown(holes, board, variant=variant), check)


# --------------------------------------------------------------------------- a hand on a board

BOARD_DEALS = st.one_of(deals(hole=2, players=(1, 2, 3), boards=(3, 4)), deals(hole=4, players=(1, 2), boards=(3, 4)))
BAD_BOARD_DEALS = st.tuples(st.one_of(garbage, hand_like(sizes=(2, 4, 7))), st.one_of(garbage, hand_like(sizes=(2, 3, 5))))


def valid_classes(made):
    assert (np.asarray(made.classes) < len(pokerlut.boards.MADE_CLASSES)).all()
    assert np.asarray(made.names).shape == np.shape(made.classes)


@FUZZ
@given(kw=calls(deal=(BOARD_DEALS, BAD_BOARD_DEALS)))
def test_made_hand_draws_texture(kw):
    holes, board = kw["deal"]
    if isinstance(holes, np.ndarray) and holes.ndim == 3 and isinstance(board, np.ndarray) and board.ndim == 2:
        holes = holes[:, 0]
    attempt("made_hand", lambda: pokerlut.made_hand(holes, board), valid_classes)
    attempt("draws", lambda: pokerlut.draws(holes, board), lambda d: valid_classes(d.made))
    attempt("board_texture", lambda: pokerlut.board_texture(board))


@settings(FUZZ, max_examples=60)
@given(kw=calls(deal=(BOARD_DEALS, BAD_BOARD_DEALS),
                opponents=(st.one_of(st.none(), st.just("known"), RANGE_TEXT, plausible_ranges()),
                           st.one_of(garbage, RANGE_TEXT.map(lambda t: t + ", AX"), hand_like(sizes=(2, 4)))),
                to=(st.one_of(st.none(), st.sampled_from(["set", "flush", ["straight", "top pair"], 12])),
                    st.one_of(scalars, st.sampled_from(["a pair", [], 99, [True]])))))
def test_outs(kw):
    holes, board = kw["deal"]
    opponents = kw["opponents"]
    if isinstance(holes, np.ndarray) and holes.ndim == 3 and isinstance(board, np.ndarray) and board.ndim == 2:
        if isinstance(opponents, str) and opponents == "known":
            opponents = holes[:, 1:] if holes.shape[1] > 1 else None
        holes = holes[:, 0]
    elif isinstance(opponents, str) and opponents == "known":
        opponents = None

    def check(o):
        assert np.asarray(o.shares).shape == np.shape(o.outs) + (52,)
        shares = np.asarray(o.shares)
        assert ((shares[~np.isnan(shares)] >= 0) & (shares[~np.isnan(shares)] <= 1)).all()

    attempt("outs", lambda: pokerlut.outs(holes, board, opponents, to=kw["to"]), check)


# --------------------------------------------------------------------------- strengths and counts


@FUZZ
@given(kw=calls(strengths=(st.one_of(st.integers(1, 7475), hnp.arrays(st.sampled_from(INT_DTYPES), (3,),
                                                                      elements=st.integers(1, 127))),
                           st.one_of(garbage, st.integers(-5, 7500))),
                variant=(st.sampled_from(["high"]), variants)))
def test_category_describe(kw):
    strengths, variant = kw["strengths"], kw["variant"]
    attempt("category", lambda: pokerlut.category(strengths, variant))
    attempt("category_name", lambda: pokerlut.category_name(strengths, variant), lambda r: isinstance(r, str))
    attempt("describe", lambda: pokerlut.describe(strengths, variant), lambda r: isinstance(r, str) and r)
    attempt("category_names", lambda: pokerlut.category_names(variant))
    attempt("get_variant", lambda: pokerlut.get_variant(variant))


@settings(FUZZ, max_examples=25)
@given(kw=calls(n_cards=(st.sampled_from([5, 6, 7]), st.one_of(st.sampled_from(["7", 6.0, True, 4, 8, -1, None]), scalars)),
                variant=(st.sampled_from(["high", "short-deck"]), st.one_of(st.just("omaha"), variants))))
def test_histograms(kw):
    attempt("strength_histogram", lambda: pokerlut.strength_histogram(**kw))
    attempt("category_counts", lambda: pokerlut.category_counts(**kw), lambda r: (np.asarray(r) >= 0).all())


# --------------------------------------------------------------------------- equity and ranges

PLAYER = st.one_of(st.sampled_from(["AhKh", "QdQc", "TT+,AKs", "random", "7s7c", "22", "Ah Kh", "1e5(QQ)"]), RANGE_TEXT,
                   plausible_ranges())
BAD_PLAYER = st.one_of(st.sampled_from(["QQ:0", "AhKhQdJd", "", "As", "AhAh", "W Kh"]), card_text, garbage)
BOARD = st.sampled_from(["", "2c 7d 9h", "2c 7d 9h Ts", "2c 7d 9h Ts 3s", [0, 21, 30]])
BAD_BOARD = st.one_of(st.sampled_from(["Qs Qh", "W 2c 3c", "2c 2c 3c", "Ah Kh Qh", [60, 1, 2]]), card_text, garbage)


@FUZZ
@given(kw=calls(players=(st.lists(PLAYER, min_size=2, max_size=3),
                         st.one_of(st.lists(st.one_of(PLAYER, BAD_PLAYER), max_size=10), garbage)),
                board=(BOARD, BAD_BOARD), dead=(st.sampled_from(["", "Ad", None]), BAD_BOARD),
                seed=(st.one_of(st.integers(0, 2**70), st.none()), scalars), samples=(st.just(2000), not_costly),
                variant=(st.just("high"), st.one_of(st.sampled_from(["omaha", "short-deck"]), variants))))
def test_equity(kw):
    attempt("equity", lambda: pokerlut.equity(exact=False, **kw), valid_equity)


@FEW
@given(kw=calls(exact=(st.sampled_from([None, True, False]), flags), seed=(st.integers(0, 9), scalars),
                samples=(st.sampled_from([None, 1000]), not_costly)))
def test_equity_run_options(kw):
    attempt("equity (options)", lambda: pokerlut.equity(["AhKh", "QdQc"], "2c 7d 9h", **kw), valid_equity)


@FUZZ
@given(kw=calls(combos=(st.just(None), st.one_of(garbage, hnp.arrays(st.sampled_from(INT_DTYPES),
                                                                      st.sampled_from([(2, 2), (1, 2), (0, 2), (2, 3)]),
                                                                      elements=st.integers(0, 60)))),
                weights=(st.just(None), st.one_of(garbage, hnp.arrays(np.float64, st.sampled_from([(2,), (1,), (0,)]),
                                                                       elements=floats)))),
       valid=plausible_ranges())
def test_range_fields(kw, valid):
    rng = pokerlut.Range(valid.combos if kw["combos"] is None else kw["combos"],
                         valid.weights if kw["weights"] is None else kw["weights"])
    attempt("Range.validated", rng.validated)
    attempt("equity (Range)", lambda: pokerlut.equity(["Ah Kh", rng], "2c 7d 9h", exact=False, samples=1000, seed=1),
            valid_equity)


@FUZZ
@given(kw=calls(text=(RANGE_TEXT, st.one_of(card_text, st.text(max_size=20), garbage,
                                            st.lists(st.sampled_from(["QQ", "AKs", "0.5(", ")", "TT+", ":", "1e5", "-",
                                                                      ",", " ", "A5s-A2s", "x", "(", "nan"]),
                                                     max_size=6).map("".join))),
                blocked=(st.sampled_from([None, "", "Qs", "Qs 7h 2c", [43, 0], np.array([1], ">u2")]),
                         st.one_of(card_text, garbage))))
def test_parse_range(kw):
    def check(r):
        assert (r.weights > 0).all() and np.isfinite(r.weights).all()

    attempt("parse_range", lambda: pokerlut.parse_range(**kw), check)


OMAHA_RANGE_WORDS = ["AA**", "AAxx", "KQJT", "ds", "ss", "r", "$", "As", "x", "*", "h", "0.5(", ")", ":", "2", ",",
                     " ", "AsAx**", "random", "AAKKQ", "T9", "nan", "-"]


@FUZZ
@given(kw=calls(text=(st.sampled_from(["AA**", "KQJTds, 0.5(AsAx**)", "random"]),
                      st.one_of(card_text, st.text(max_size=12), garbage,
                                st.lists(st.sampled_from(OMAHA_RANGE_WORDS), max_size=6).map("".join))),
                blocked=(st.sampled_from([None, "", "As", "Qs 7h 2c", [43, 0]]), st.one_of(card_text, garbage))))
def test_parse_omaha_range(kw):
    def check(r):
        assert (r.weights > 0).all() and r.combos.shape[1] in (4, 5, 6)

    attempt("parse_range (omaha)", lambda: pokerlut.parse_range(**kw, variant="omaha"), check)


@FUZZ
@given(kw=calls(deal=(deals(hole=2, players=(2, 3), boards=(3, 4, 5)), st.tuples(
                    st.one_of(garbage, hnp.arrays(st.sampled_from(INT_DTYPES),
                                                  st.sampled_from([(1, 2, 2), (0, 2, 2), (2, 3, 2), (1, 1, 2), (2, 2)]),
                                                  elements=st.integers(-1, 53))),
                    st.one_of(st.none(), garbage, hnp.arrays(np.int64, st.sampled_from([(1, 3), (1, 5), (2, 4), (0, 0)]),
                                                             elements=st.integers(0, 52))))),
                exact=(st.sampled_from([None, True, False]), flags), samples=(st.sampled_from([None, 500]), not_costly),
                seed=(st.sampled_from([None, 3]), scalars)))
def test_equity_batch(kw):
    holes, boards = kw.pop("deal")
    attempt("equity_batch", lambda: pokerlut.equity_batch(holes, boards, **kw), valid_equity)


@FUZZ
@given(kw=calls(n=(st.integers(0, 2000), st.one_of(st.integers(-10**20, -1), not_costly)),
                cards=(st.integers(1, 52), st.one_of(st.integers(-3, 0), st.integers(53, 60), scalars)),
                wild_fraction=(st.floats(0, 1), st.one_of(floats, scalars)),
                max_wilds=(st.just(1), st.one_of(st.integers(-1, 0), scalars)),
                seed=(st.one_of(st.none(), st.integers(0, 10**30)), scalars)))
def test_random_hands(kw):
    def check(h):
        naturals = np.where(h == 52, 255, h).astype(np.int64)
        s = np.sort(naturals, axis=1)
        assert h.shape == (kw["n"], kw["cards"]) and ((s[:, 1:] != s[:, :-1]) | (s[:, 1:] == 255)).all()

    attempt("random_hands", lambda: pokerlut.random_hands(**kw), check)


# --------------------------------------------------------------------------- cards and the course deal


@FUZZ
@given(kw=calls(value=(st.one_of(st.sampled_from(CARD_TOKENS), st.integers(0, 52), card_text,
                                 distinct_hands().map(lambda h: h[0] if len(h) else h)),
                       st.one_of(garbage, hand_like(), st.integers(-2, 60))),
                style=(st.sampled_from(["ascii", "unicode"]), scalars)))
def test_cards(kw):
    value, style = kw["value"], kw["style"]
    attempt("parse_card", lambda: pokerlut.parse_card(value))
    attempt("parse_cards", lambda: pokerlut.parse_cards(value))
    attempt("format_card", lambda: pokerlut.format_card(value, style))
    attempt("format_cards", lambda: pokerlut.format_cards(value, style))
    attempt("from_course", lambda: pokerlut.from_course(value))
    attempt("to_course_strings", lambda: pokerlut.to_course_strings(value))


@FUZZ
@given(kw=calls(deck=(st.lists(st.integers(1, 52), min_size=9, max_size=9, unique=True),
                      st.one_of(garbage, st.lists(st.integers(-1, 53), min_size=9, max_size=9)))))
def test_course(kw):
    deck = kw["deck"]
    attempt("course.deal", lambda: course.deal(deck))
    attempt("course.play", lambda: course.play(deck))
    attempt("course.shuf", lambda: course.shuf(deck))


# --------------------------------------------------------------------------- interop

TO = ["to_treys", "to_phevaluator", "to_phevaluator_strings", "to_pokerkit_strings", "to_eval7", "to_pokerkit"]
FROM = ["from_treys", "from_phevaluator", "from_eval7", "from_pokerkit"]
FORMATS = st.one_of(st.sampled_from([*interop.FORMATS, *interop.ALIASES, "TREYS", "nope"]), scalars)


@FUZZ
@given(kw=calls(value=(st.one_of(distinct_hands(wild=False), st.lists(st.sampled_from(CARD_TOKENS[:52]), max_size=6),
                                 st.integers(1, 7462), hnp.arrays(st.sampled_from(INT_DTYPES), (2,),
                                                                  elements=st.integers(1, 127))),
                       st.one_of(bad_cards, st.lists(st.sampled_from(["??", "10s", "xx", "As"]), max_size=6),
                                 st.integers(-2, 7500))),
                fmt=(st.sampled_from([*interop.FORMATS, *interop.ALIASES, "TREYS"]), FORMATS)))
def test_interop(kw):
    value, fmt = kw["value"], kw["fmt"]
    for name in TO + FROM:
        attempt(f"interop.{name}", lambda: getattr(interop, name)(value))
    attempt("interop.to_format", lambda: interop.to_format(value, fmt))
    attempt("interop.from_format", lambda: interop.from_format(value, fmt))
    attempt("interop.to_cactus_kev", lambda: interop.to_cactus_kev(value))
    attempt("interop.from_cactus_kev", lambda: interop.from_cactus_kev(value))


@FEW
@given(name=st.one_of(st.sampled_from(["no_such_peer_module_xyz", "numpy"]), scalars.filter(lambda x: not isinstance(x, str))))
def test_import_peer(name):
    try:
        attempt("interop.import_peer", lambda: interop.import_peer(name))
    except interop.PeerNotInstalledError:  # the documented ImportError subclass
        TALLY["interop.import_peer"]["error"] += 1


# --------------------------------------------------------------------------- video poker

@st.composite
def game_and_paytable(draw):
    """A game name and a valid pay table for it: None (the standard one) or as many pays as its
    paying classes, ints, floats or fractions."""
    game = draw(VP_GAMES)
    size = vp.get_game(game).n_classes - 1
    pay = st.one_of(st.integers(0, 900), st.floats(0, 1e6), st.fractions(0, 100))
    return game, draw(st.one_of(st.none(), st.lists(pay, min_size=size, max_size=size)))


PAYTABLE = game_and_paytable().map(lambda pair: pair[1])
BAD_PAYTABLE = st.one_of(st.lists(st.one_of(st.integers(-2, 900), floats, scalars), max_size=12),
                         st.dictionaries(st.sampled_from(["royal_flush", "Full house", "nothing", "nope"]),
                                         st.one_of(st.integers(0, 9), floats), max_size=3),
                         st.just([1e300, 50, 25, 9, 6, 4, 3, 2, 1]), st.just([10**400] * 9), garbage)
VP_HANDS = (st.one_of(distinct_hands(sizes=(5,), wild=False), st.sampled_from(["Jh Jd 4s 7c Qh", "W Kh 7d 3c 9s"])),
            st.one_of(bad_cards, hand_like(sizes=(5,), high=53)))


@FUZZ
@given(kw=calls(hands=VP_HANDS, game_paytable=(game_and_paytable(), st.tuples(st.one_of(VP_GAMES, games),
                                                                             st.one_of(PAYTABLE, BAD_PAYTABLE)))))
def test_videopoker_hands(kw):
    kw["game"], kw["paytable"] = kw.pop("game_paytable")
    attempt("videopoker.classify", lambda: vp.classify(**kw))
    attempt("videopoker.best_hold", lambda: vp.best_hold(**kw))
    attempt("videopoker.hold_values", lambda: vp.hold_values(**kw))


@settings(FUZZ, max_examples=30)
@given(kw=calls(game_paytable=(game_and_paytable(), st.tuples(st.one_of(VP_GAMES, games),
                                                               st.one_of(PAYTABLE, BAD_PAYTABLE)))))
def test_game_return(kw):
    kw["game"], kw["paytable"] = kw.pop("game_paytable")
    attempt("videopoker.game_return", lambda: vp.game_return(progress=False, **kw),
            lambda r: np.isfinite(r.percent) and r.percent >= 0)
    attempt("videopoker.make_paytable", lambda: vp.make_paytable(kw["game"], kw["paytable"]))
    attempt("videopoker.get_game", lambda: vp.get_game(kw["game"]))


# --------------------------------------------------------------------------- dask, threads


@FEW
@given(kw=calls(hands=(distinct_hands().filter(lambda h: h.ndim == 2), bad_cards)))
def test_dask_evaluate(kw):
    pytest.importorskip("dask.array")
    import pokerlut.dask

    attempt("dask.evaluate", lambda: pokerlut.dask.evaluate(kw["hands"]).compute(scheduler="sync"), valid_strengths())


@FEW
@given(n=st.one_of(st.none(), st.integers(-3, 4), scalars))
def test_set_num_threads(n):
    try:
        attempt("set_num_threads", lambda: pokerlut.set_num_threads(n))
    finally:
        pokerlut.set_num_threads(None)


# --------------------------------------------------------------------------- subprocesses

RNG_SEED = 2026


def _cli_cases() -> list[list[str]]:
    """Invalid command lines, a few per subcommand, each with one bad argument or option."""
    r = random.Random(RNG_SEED)
    junk = ["", "Xs", "-1", "0", "1e300", "nan", "inf", "2.5", "As As", "W", "QQ:0", "abc", "10**9", "-0", "１"]
    hand = lambda: " ".join(r.sample(CARD_TOKENS[:52], 5))  # noqa: E731
    cases = [
        ["eval", r.choice(junk)], ["eval", hand(), "--variant", r.choice(junk)], ["eval", hand(), "--board", hand()],
        ["deal", *[r.choice(junk) for _ in range(9)]], ["deal", *map(str, r.sample(range(1, 60), 9))],
        ["demo", "--hands", r.choice(["0", "-3", "x"])], ["demo", "--repeat", "0"], ["demo", "--seed", "-7"],
        ["demo", "--wild-fraction", r.choice(["2", "-0.1", "nan", "x"])],
        ["holds", r.choice(junk)], ["holds", hand(), "--pay", f"full_house={r.choice(['-1', 'x', '1e400'])}"],
        ["holds", hand(), "--pays", ",".join(r.choice(junk) for _ in range(9))], ["holds", hand(), "--game", "keno"],
        ["video-return", "--pays=" + ",".join(["-1"] + ["1"] * 8)], ["video-return", "--game", r.choice(junk)],
        ["video-return", "--pay", "royal_flush=1e300"],
        ["equity", "AhKh", r.choice(junk)], ["equity", "AhKh", "QdQc", "--board", r.choice(junk[1:])],
        ["equity", "AhKh", "QdQc", "--samples", r.choice(["0", "-5", "x"])], ["equity", "AhKh", "--seed", "-1"],
        ["equity", "AhKh", "QdQc", "--variant", "nope"], ["equity", "AhKh", "QdQc", "--dead", "Kh"],
        ["bench", "--peers", "--hands", r.choice(["0", "x"])], ["bench", "--peers", "--seed", "-2"],
        ["bench", "--peers", "--cards", "6"], ["bench", "--peers", "--only", "nope"], ["bench"], [],
        [r.choice(["evaluate", "nope", "--version?"])],
    ]
    return cases


#: Runs every command line in one fresh interpreter, as ``python -m pokerlut`` would (``sys.exit(main())``),
#: each with its own captured output: one cold start instead of one per case.  An exception that escapes
#: ``main`` is printed as the interpreter would print it, so a traceback still fails the test.
_CLI_CHILD = """
import contextlib, io, json, sys, traceback
from pokerlut.cli import main
results = []
for argv in json.loads(sys.stdin.read()):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            sys.exit(main(argv))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException:
            traceback.print_exc()
            code = 1
    results.append({"returncode": code, "stdout": out.getvalue(), "stderr": err.getvalue()})
print(json.dumps(results))
"""


def test_cli_garbage_exits_2_with_a_message_and_no_traceback():
    cases = _cli_cases()
    run = subprocess.run([sys.executable, "-c", _CLI_CHILD], input=json.dumps(cases), capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-3000:]
    results = json.loads(run.stdout.strip().splitlines()[-1])
    assert len(results) == len(cases)
    for argv, result in zip(cases, results):
        name = f"cli {argv[0] if argv else '(none)'}"
        assert "Traceback" not in result["stderr"], (argv, result["stderr"])
        assert result["returncode"] == 2, (argv, result["returncode"], result["stdout"][-500:], result["stderr"][-500:])
        assert result["stderr"].strip(), argv
        assert result["stdout"] == "", (argv, result["stdout"][:300])  # nothing printed before the error
        TALLY[name]["error"] += 1


def test_check_false_on_garbage_never_crashes_the_process():
    """check=False is documented as unsafe on bad input (meaningless answers), but it must not
    crash: run it on random bytes in a subprocess and require a normal exit."""
    code = textwrap.dedent("""
        import numpy as np, pokerlut
        rng = np.random.default_rng(7)
        garbage = rng.integers(0, 256, size=(20_000, 7)).astype(np.uint8)
        for k in (5, 6, 7):
            for v in ("high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low"):
                pokerlut.evaluate(garbage[:, :k], check=False, variant=v)
            pokerlut.evaluate(garbage[:, :k], check=False, parallel=True)
            best = pokerlut.best_five(garbage[:, :k], check=False)
            made = pokerlut.made_cards(garbage[:, :k], check=False)
            assert (made[best.strengths == 0] == 255).all()  # a garbage row has no made cards
            pokerlut.compare(garbage[:, :k], garbage[::-1, :k], check=False)
        pokerlut.showdown(garbage[:100, :6].reshape(100, 3, 2), garbage[0, :5], check=False)
        for v in ("omaha", "omaha-hilo"):
            pokerlut.showdown(garbage[:200, :4].reshape(100, 2, 4), garbage[0, 4:7], check=False, variant=v)
            pokerlut.evaluate_omaha(garbage[:1000, :4], garbage[:1000, 4:7], check=False, variant=v)
        print("survived")
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "survived"
    TALLY["check=False (subprocess)"]["result"] += 1
