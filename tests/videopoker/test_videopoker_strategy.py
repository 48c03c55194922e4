"""Video poker strategy charts: hold patterns against a reference namer written from docs/rules.md
("Video poker strategy charts"), the chart's ordering method on small matrices, the chart of 9/6
Jacks or Better against facts of its published expert strategy and against the reference on a
sample of deals, bad input, the command line."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_videopoker_reference import DECK, GAMES, WILDS, card_ids, ref_class_keys

from pokerlut import videopoker as vp
from pokerlut.cli import main
from pokerlut.videopoker.strategy import _order

# ------------------------------------------------------------------ the reference, from the rules

_BONUS_CLASSES = [("2s-4s", range(0, 3)), ("5s-10s", range(3, 9)), ("jacks-kings", range(9, 12)), ("aces", [12])]
_BONUS_BANDS = [("aces", [12]), ("2s-4s", range(0, 3)), ("5s-Ks", range(3, 12))]
_JOB = ([("2s-10s", range(0, 9)), ("jacks-aces", range(9, 13))], None, range(9, 13))
_BONUS = (_BONUS_CLASSES, _BONUS_BANDS, range(9, 13))
#: docs/rules.md, "Rank classes": (rank classes, three- and four-of-a-kind classes, high cards)
RANK_RULES = {
    "jacks-or-better": _JOB, "bonus-poker-deluxe": _JOB,
    "bonus-poker": _BONUS, "double-bonus": _BONUS, "double-double-bonus": _BONUS, "triple-double-bonus": _BONUS,
    "deuces-wild": ([("3s-aces", range(1, 13))], None, range(0)),
    "deuces-wild-bonus": ([("3s-5s", range(1, 4)), ("6s-kings", range(4, 12)), ("aces", [12])],
                          [("aces", [12]), ("3s-5s", range(1, 4)), ("6s-Ks", range(4, 12))], range(0)),
    "joker-poker": ([("2s-queens", range(0, 11)), ("kings-aces", [11, 12])], None, range(11, 13)),
}
#: docs/rules.md, "Video poker pay classes": the display names
NAMES = {
    "royal_flush": "Royal flush", "straight_flush": "Straight flush", "four_of_a_kind": "Four of a kind",
    "full_house": "Full house", "flush": "Flush", "straight": "Straight", "three_of_a_kind": "Three of a kind",
    "two_pair": "Two pair", "jacks_or_better": "Jacks or better", "four_aces": "Four aces",
    "four_2s_4s": "Four 2s-4s", "four_5s_ks": "Four 5s-Ks", "four_aces_with_2_4": "Four aces with 2-4",
    "four_2s_4s_with_a_4": "Four 2s-4s with A-4", "natural_royal_flush": "Natural royal flush",
    "four_deuces": "Four deuces", "wild_royal_flush": "Wild royal flush", "five_of_a_kind": "Five of a kind",
    "four_deuces_with_an_ace": "Four deuces with an ace", "five_aces": "Five aces", "five_3s_5s": "Five 3s-5s",
    "five_6s_ks": "Five 6s-Ks", "kings_or_better": "Kings or better",
}
RANK_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
              "ace"]
RANK_LETTERS = "23456789TJQKA"
STRAIGHTS = [set(range(lo, lo + 5)) for lo in range(9)] + [{12, 0, 1, 2, 3}]
COUNT_WORDS = ["", "One", "Two", "Three", "Four"]


def ref_pattern(held: list[int], game: str) -> str:
    """The pattern of the kept cards ``held`` (ids), by the twelve rules of docs/rules.md in order."""
    classes, bands, high_ranks = RANK_RULES[game]
    wilds = WILDS[game]
    is_wild = (lambda c: c < 4) if wilds == "deuces" else (lambda c: c == 52) if wilds == "joker" else (lambda c: False)
    natural = [c for c in held if not is_wild(c)]
    k, w, n = len(held), len(held) - len(natural), len(natural)

    def label(rank):
        return next(name for name, members in classes if rank in members)

    def singular(rank):
        name, members = next((name, members) for name, members in classes if rank in members)
        return RANK_WORDS[members[0]] if len(members) == 1 else name

    def band(rank):
        return "of a kind" if bands is None else next(name for name, members in bands if rank in members)

    def brackets(*parts):
        parts = [p for p in parts if p]
        return f" ({', '.join(parts)})" if parts else ""

    wild_text = "" if not w else "joker" if wilds == "joker" else f"{w} deuce{'s' if w > 1 else ''}"
    if k == 0:
        return "Discard everything"
    if k == 5:
        key = ref_class_keys(np.array([held]), game)[0]
        if key == "nothing":
            return "Dealt hand that pays nothing, kept"
        return f"Dealt {NAMES[key][0].lower()}{NAMES[key][1:]}"
    if n == 0:
        return "Joker alone" if wilds == "joker" else f"{COUNT_WORDS[w]} deuce{'s' if w > 1 else ''} alone"
    ranks = [c // 4 for c in natural]
    suits = {c % 4 for c in natural}
    groups = sorted(Counter(ranks).items(), key=lambda rc: (-rc[1], -rc[0]))
    r1, c1 = groups[0]
    c2 = groups[1][1] if len(groups) > 1 else 0
    pair_pays = len(high_ranks) > 0 and c1 + w == 2 and r1 in high_ranks
    if c1 >= 2 or (n == 1 and (c1 + w >= 3 or pair_pays)):
        if c1 == 2 and c2 == 2:
            name, used = f"Two pair ({label(r1)} up)", 4
        elif c1 + w >= 4:
            name, used = f"Four {band(r1)}", 4
        elif c1 + w == 3:
            name, used = f"Three {band(r1)}", 3
        else:
            name, used = f"Pair of {label(r1)}", 2
        others = [r for r in ranks if r != r1] if used < 4 else []
        extra = f", {singular(others[0])} kicker" if k - used == 1 else " + 2 other cards" if k - used == 2 else ""
        return name + brackets(wild_text) + extra
    letters = "".join(RANK_LETTERS[r] for r in sorted(ranks, reverse=True))
    if w == 0 and n == 1:
        return f"{RANK_WORDS[r1].capitalize()} alone"
    one_suit = len(suits) == 1
    royal = all(r >= 8 for r in ranks)
    if w == 0 and n == 2 and one_suit and royal:
        return f"Suited {letters}"
    if w == 0 and n in (2, 3) and all(r in high_ranks for r in ranks) and not one_suit:
        return f"Unsuited {letters}"
    fitting = [s for s in STRAIGHTS if set(ranks) <= s]
    ways = [s for s in fitting if not (wilds == "deuces" and 0 in s)]
    ways_text = f"{len(ways)} way{'' if len(ways) == 1 else 's'}"
    high = f"{sum(r in high_ranks for r in ranks)} high" if len(high_ranks) else ""
    if k >= 2 and one_suit and royal:
        return f"{k} to a royal flush" + brackets(wild_text)
    if k >= 2 and one_suit and fitting:
        return f"{k} to a straight flush" + brackets(ways_text, high, wild_text)
    if k >= 2 and one_suit:
        return f"{k} to a flush" + brackets(high, wild_text)
    if k >= 2 and fitting:
        return f"{k} to a straight" + brackets(ways_text, high, wild_text)
    return f"{k} unrelated cards" + brackets(high, wild_text)


# ----------------------------------------------------------------------------------- the patterns


@pytest.mark.parametrize("game, text, pattern", [  # docs/rules.md examples, and more
    ("jacks-or-better", "Ah Kh Qh Jh", "4 to a royal flush"),
    ("jacks-or-better", "Jh Jd", "Pair of jacks-aces"),
    ("jacks-or-better", "9h 8h 7h", "3 to a straight flush (3 ways, 0 high)"),
    ("jacks-or-better", "Ks Qd Jc", "Unsuited KQJ"),
    ("jacks-or-better", "Ts Jd Qc Kh", "4 to a straight (2 ways, 3 high)"),
    ("jacks-or-better", "Qh Jh", "Suited QJ"),
    ("jacks-or-better", "", "Discard everything"),
    ("jacks-or-better", "Jh", "Jack alone"),
    ("jacks-or-better", "5c 5d", "Pair of 2s-10s"),
    ("jacks-or-better", "Ac Ad 5c 5d", "Two pair (jacks-aces up)"),
    ("jacks-or-better", "As Ks Qs Js Ts", "Dealt royal flush"),
    ("jacks-or-better", "7h 2d 9s 4c 3h", "Dealt hand that pays nothing, kept"),
    ("jacks-or-better", "Ah 2h 3h 4h", "4 to a straight flush (1 way, 1 high)"),
    ("jacks-or-better", "Ah 9h 5h 2h", "4 to a flush (1 high)"),
    ("jacks-or-better", "7c 9d", "2 to a straight (3 ways, 0 high)"),
    ("jacks-or-better", "7c Kd", "2 unrelated cards (1 high)"),
    ("double-double-bonus", "Ac Ad Ah As 3c", "Dealt four aces with 2-4"),
    ("double-double-bonus", "Ac Ad Ah As", "Four aces"),
    ("double-double-bonus", "Ac Ad Ah 3c", "Three aces, 2s-4s kicker"),
    ("double-double-bonus", "Ac Ad Kh Ks", "Two pair (aces up)"),
    ("triple-double-bonus", "2c 2d 2h Ac", "Three 2s-4s, ace kicker"),
    ("deuces-wild", "2c 2d Kh Qh", "4 to a royal flush (2 deuces)"),
    ("deuces-wild", "Ah 3d 4c 5s", "4 to a straight (0 ways)"),
    ("deuces-wild", "2c 6d 7d", "3 to a straight flush (4 ways, 1 deuce)"),
    ("deuces-wild", "2c 2d 2h", "Three deuces alone"),
    ("deuces-wild", "2c 2d 9h", "Three of a kind (2 deuces)"),
    ("deuces-wild-bonus", "2c 2d 2h 2s", "Four deuces alone"),
    ("deuces-wild-bonus", "2c 7d 7h", "Three 6s-Ks (1 deuce)"),
    ("deuces-wild-bonus", "2c 2d 2h 2s Ah", "Dealt four deuces with an ace"),
    ("joker-poker", "W Kd", "Pair of kings-aces (joker)"),
    ("joker-poker", "W Qd", "2 to a royal flush (joker)"),
    ("joker-poker", "W 8c", "2 to a straight flush (5 ways, 0 high, joker)"),
    ("joker-poker", "W", "Joker alone"),
])
def test_named_patterns(game, text, pattern):
    assert vp.hold_pattern(text, game) == pattern
    assert ref_pattern(card_ids(text), game) == pattern


def test_patterns_against_the_reference_on_a_sample():
    """Every hold of random deals of every game: the library's name against the reference's."""
    rng = np.random.default_rng(2026)
    for game in GAMES:
        for _ in range(25):
            dealt = rng.choice(DECK[game], size=5, replace=False).tolist()
            for mask in range(32):
                held = [dealt[j] for j in range(5) if mask >> j & 1]
                assert vp.hold_pattern(np.array(held, dtype=np.int64), game) == ref_pattern(held, game), \
                    (game, dealt, mask)


@pytest.mark.parametrize("cards, game, error, message", [
    ("Jh Jd 4s 7c Qh 2c", "jacks-or-better", ValueError, "a hold is 0 to 5 cards"),
    ("Jh Jh", "jacks-or-better", ValueError,
     "the hold: card Jh \\(id 38\\) is dealt twice: at position 0 and at position 1"),
    ("W Jh", "jacks-or-better", ValueError,
     "the hold, position 0: the joker \\(W, id 52\\) is not a card of Jacks or Better"),
    ([53], "joker-poker", ValueError, "card id 53 is not a card of Joker Poker"),
    ([-1, 5], "deuces-wild", ValueError, "the hold, position 0: card id -1 is not a card of Deuces Wild"),
    ("Jh Xx", "jacks-or-better", ValueError, "cannot read a card at character 3 of 'Jh Xx'"),
    ("Jh", "blackjack", ValueError, "unknown game 'blackjack'"),
    ("Jh", 7, TypeError, "game must be"),
    (np.zeros((2, 2), dtype=np.uint8), "jacks-or-better", ValueError, "a hold is 0 to 5 cards"),
    (np.array([1.0, 2.0]), "jacks-or-better", TypeError, "integer card ids"),
])
def test_bad_holds(cards, game, error, message):
    with pytest.raises(error, match=message):
        vp.hold_pattern(cards, game)


# ------------------------------------------------------------------------------ the ordering method


def _cost(order, beats):
    return sum(beats[order[j], order[i]] for i in range(len(order)) for j in range(i + 1, len(order)))


def test_order_recovers_a_consistent_order():
    rng = np.random.default_rng(3)
    truth = rng.permutation(8).tolist()
    beats = np.zeros((8, 8))
    for i, a in enumerate(truth):
        for b in truth[i + 1:]:
            beats[a, b] = rng.integers(1, 100)
    assert _order(beats, np.zeros(8), [str(i) for i in range(8)]) == truth


def test_order_patterns_that_never_compete_go_by_value_then_name():
    beats = np.zeros((3, 3))
    assert _order(beats, np.array([1.0, 5.0, 1.0]), ["c", "a", "b"]) == [1, 2, 0]
    assert _order(beats, np.array([1.0, 1.0, 1.0]), ["c", "a", "b"]) == [1, 2, 0]
    assert _order(beats, np.array([2.0, 1.0, 3.0]), ["c", "a", "b"]) == [2, 0, 1]


def test_order_is_a_local_optimum_under_insertion_moves():
    """No single move of one pattern to another place lowers the cost (the rules' stopping rule), on
    random matrices with cycles; and it is never worse than the greedy start alone would be."""
    rng = np.random.default_rng(11)
    for _ in range(20):
        size = 6
        beats = rng.integers(0, 50, size=(size, size)).astype(float) * (rng.random((size, size)) < 0.6)
        np.fill_diagonal(beats, 0)
        order = _order(beats, np.zeros(size), [str(i) for i in range(size)])
        assert sorted(order) == list(range(size))
        cost = _cost(order, beats)
        for i, j in itertools.product(range(size), repeat=2):
            moved = order[:i] + order[i + 1:]
            moved.insert(j, order[i])
            assert _cost(moved, beats) >= cost - 1e-9
        best = min(_cost(list(p), beats) for p in itertools.permutations(range(size)))
        assert cost >= best


# --------------------------------------------------------------------------------------- the chart


@pytest.fixture(scope="module")
def job_chart():
    return vp.strategy_chart("jacks-or-better", progress=False)


def test_chart_totals(job_chart):
    chart = job_chart
    r = vp.game_return("jacks-or-better", progress=False)
    assert chart.exact_optimal == r.exact and chart.optimal_return == r.value
    assert chart.deals == 2_598_960 and chart.deal_classes == 134_459
    assert sum(line.played for line in chart.lines) == pytest.approx(1, abs=1e-12)
    assert all(line.best > 0 for line in chart.lines)
    assert len(set(chart.patterns_in_order)) == len(chart.lines) <= chart.patterns
    # any best hold is a best hold: the best-on shares add up to 1 or more (ties count for each pattern)
    assert sum(line.best for line in chart.lines) >= 1 - 1e-12
    assert chart.agreement > 0.99
    assert chart.optimal_return - 1e-4 < chart.chart_return <= chart.optimal_return


def test_chart_agrees_with_the_published_expert_strategy(job_chart):
    """Orders of the published 9/6 Jacks or Better strategy, for patterns that compete."""
    at = {p: i for i, p in enumerate(job_chart.patterns_in_order)}
    above = [
        ("4 to a royal flush", "Dealt flush"), ("4 to a royal flush", "Dealt straight"),
        ("4 to a royal flush", "Pair of jacks-aces"), ("Three of a kind", "4 to a straight flush (1 way, 0 high)"),
        ("4 to a straight flush (2 ways, 0 high)", "Two pair (2s-10s up)"),
        ("Two pair (jacks-aces up)", "Pair of jacks-aces"), ("Pair of jacks-aces", "3 to a royal flush"),
        ("Pair of jacks-aces", "4 to a flush (2 high)"), ("3 to a royal flush", "4 to a flush (2 high)"),
        ("4 to a flush (0 high)", "Pair of 2s-10s"), ("4 to a straight (2 ways, 3 high)", "Pair of 2s-10s"),
        ("Pair of 2s-10s", "4 to a straight (2 ways, 0 high)"), ("Suited QJ", "Unsuited KQJ"),
        ("Suited KQ", "Unsuited KQ"), ("Unsuited KQJ", "Unsuited KQ"), ("Unsuited AK", "Ace alone"),
        ("Jack alone", "Discard everything"),
    ]
    for upper, lower in above:
        assert at[upper] < at[lower], (upper, lower)


def test_chart_play_on_a_sample_with_the_reference_patterns(job_chart):
    """Seeded random deals: the best hold's pattern (reference names) is a line of the chart, and
    the chart's play (the first line the deal has) is a best hold about as often as the chart says."""
    at = {p: i for i, p in enumerate(job_chart.patterns_in_order)}
    rng = np.random.default_rng(99)
    deals = np.argsort(rng.random((400, 52)), axis=1)[:, :5].astype(np.uint8)
    holds = vp.hold_values(deals, "jacks-or-better")
    agree = 0
    for i in range(len(deals)):
        dealt = deals[i].tolist()
        value = dict(zip(holds.holds[i].tolist(), holds.values[i].tolist()))
        pattern = {m: ref_pattern([dealt[j] for j in range(5) if m >> j & 1], "jacks-or-better") for m in range(32)}
        best = max(value.values())
        assert all(pattern[m] in at for m in range(32) if value[m] == best)
        line = min(at.get(pattern[m], len(at)) for m in range(32))
        played = max(value[m] for m in range(32) if at.get(pattern[m]) == line)
        agree += played == best
    assert agree >= 0.98 * len(deals)


def test_a_pay_table_changes_the_chart():
    """Pay a high pair nothing: four to a flush then ranks above it."""
    table = dict(vp.get_game("job").paytable.as_dict(), jacks_or_better=0)
    chart = vp.strategy_chart("jacks-or-better", table, progress=False)
    at = {p: i for i, p in enumerate(chart.patterns_in_order)}
    assert at["4 to a flush (1 high)"] < at["Pair of jacks-aces"]
    assert chart.paytable.name == "custom" and chart.optimal_return < 0.9
    assert chart.exact_optimal == Fraction(vp.game_return("jacks-or-better", table, progress=False).exact)


def test_chart_with_inexact_pays():
    table = [800, 50, 25, 9, 6, 4, 3, 2, 0.1]
    chart = vp.strategy_chart("jacks-or-better", table, progress=False)
    assert chart.exact_optimal is None
    assert chart.optimal_return == pytest.approx(vp.game_return("jacks-or-better", table, progress=False).value,
                                                 rel=1e-12)
    assert chart.chart_return <= chart.optimal_return


def test_chart_text(job_chart):
    text = str(job_chart).splitlines()
    assert text[0] == "Jacks or Better, 9/6 full pay: strategy chart (hold the first line the dealt hand has)"
    assert "134,459 suit classes" in text[1]
    assert text[2].startswith("playing it returns 99.54") and "(optimal play 99.5439%)" in text[2]
    assert text[3].split() == ["#", "hold", "best", "on", "played", "on"]
    assert text[4].split()[:4] == ["1", "Dealt", "royal", "flush"]
    assert len(text) == 4 + len(job_chart.lines)


# ------------------------------------------------------------------------------------ command line


def test_strategy_cli(capsys):
    assert main(["video-strategy", "--game", "jacks-or-better", "--top", "5", "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 9 and lines[0].startswith("Jacks or Better, 9/6 full pay: strategy chart")
    assert [line.split()[0] for line in lines[4:]] == ["1", "2", "3", "4", "5"]
    assert main(["video-strategy", "-g", "job", "--pay", "jacks_or_better=0", "--top", "1", "--no-progress"]) == 0
    assert "Jacks or Better, custom: strategy chart" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["-g", "baccarat"], "--game: unknown game 'baccarat'"),
    (["--top", "0"], "argument --top: must be an integer >= 1"),
    (["--pay", "full_house"], "--pay takes CLASS=PAYOUT"),
    (["--pay", "royal=800"], "'royal' is not a pay class of Jacks or Better"),
    (["--pays", "800,50,25"], "needs 9 payouts"),
    (["-g", "ddb", "--pay", "four_aces=lots"], "not a payout: 'lots'"),
])
def test_strategy_cli_errors_exit_2_before_any_output(capsys, argv, message):
    try:
        status = main(["video-strategy", *argv])
    except SystemExit as exit_:  # argparse
        status = exit_.code
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert message in captured.err and "Traceback" not in captured.err


# ------------------------------------------------------------------------------------------ fuzz

@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(cards=st.one_of(st.lists(st.integers(-3, 60), max_size=7), st.text(max_size=20),
                       st.lists(st.sampled_from(["Ah", "Kd", "W", "2c", "Ts", "x", "", "10h"]), max_size=6)),
       game=st.sampled_from(list(GAMES) + ["nope", "DDB"]))
def test_hold_pattern_garbage_is_a_clear_error_or_a_name(cards, game):
    try:
        name = vp.hold_pattern(cards, game)
    except (ValueError, TypeError) as error:
        assert str(error)
    else:
        assert isinstance(name, str) and name
