"""Pathological card input (issue 24, item 4): a list that holds itself, nesting far too deep, masked
arrays, huge strings, empty input.  Every card-taking function must answer with a clear
``ValueError``/``TypeError`` and never hang: the cycle and depth probes run in a subprocess with a
timeout, so a hang fails the test instead of stalling the suite."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pokerlut
from pokerlut._input import MAX_DEPTH, card_array

#: Every public function that takes cards, called with ``X`` where the cards go.
CALLS = {
    "evaluate": "pokerlut.evaluate(X)",
    "best_five": "pokerlut.best_five(X)",
    "made_cards": "pokerlut.made_cards(X)",
    "compare": "pokerlut.compare(X, [[0, 1, 2, 3, 4]])",
    "showdown holes": "pokerlut.showdown(X, 'Qs 7h 2c Jh Th')",
    "showdown board": "pokerlut.showdown([[50, 46], [41, 40]], X)",
    "evaluate_omaha": "pokerlut.evaluate_omaha(X, [0, 1, 2, 3, 4])",
    "equity": "pokerlut.equity([X, 'QQ'])",
    "equity board": "pokerlut.equity(['AhKh', 'QQ'], X)",
    "equity_batch": "pokerlut.equity_batch(X, [[0, 1, 2]])",
    "category": "pokerlut.category(X)",
    "describe": "pokerlut.describe(X)",
    "parse_range blocked": "pokerlut.parse_range('QQ', blocked=X)",
    "video poker classify": "pokerlut.videopoker.classify(X)",
    "video poker best_hold": "pokerlut.videopoker.best_hold(X)",
    "video poker hold_values": "pokerlut.videopoker.hold_values(X)",
    "to_treys": "pokerlut.interop.to_treys(X)",
    "to_pokerkit_strings": "pokerlut.interop.to_pokerkit_strings(X)",
    "iso.index": "pokerlut.iso.index(X, None)",
    "hand_strength": "pokerlut.hand_strength(X, 'Qh Jh 2c')",
    "draws": "pokerlut.draws(X, 'Ks 7h 2c')",
    "outs": "pokerlut.outs(X, 'Ks 7h 2c', ['Qs Qd'])",
    "board_texture": "pokerlut.board_texture(X)",
    "ofc.score": "pokerlut.ofc.score(X)",
    "to_course_strings": "pokerlut.to_course_strings(X)",
    "format_cards": "pokerlut.format_cards(X)",
    "parse_cards": "pokerlut.parse_cards(X)",
}

PROBES = {
    "a list holding itself": "X = [0, 1, 2, 3]; X.append(X)",
    "a hand list holding its hands": "X = [[51, 47, 43, 39, 35]]; X.append(X)",
    "card text nested 64 deep": "X = 'As'\nfor _ in range(64): X = [X]",
    "integers nested 1,000 deep": "X = 0\nfor _ in range(1000): X = [X]",
}

RUNNER = textwrap.dedent("""
    import json, sys
    import pokerlut, pokerlut.ofc
    calls, setup = json.loads(sys.argv[1]), sys.argv[2]
    for name, call in calls.items():
        print(json.dumps({"start": name}), flush=True)
        namespace = {"pokerlut": pokerlut}
        exec(setup, namespace)
        try:
            eval(call, namespace)
        except (ValueError, TypeError) as error:
            outcome = [type(error).__name__, str(error)[:300], len(str(error))]
        except BaseException as error:
            outcome = ["crash " + type(error).__name__, str(error)[:300], 0]
        else:
            outcome = ["returned", "", 0]
        print(json.dumps({"name": name, "outcome": outcome}), flush=True)
""")


@pytest.mark.parametrize("probe", list(PROBES))
def test_no_card_taking_function_hangs_or_crashes(probe):
    try:
        done = subprocess.run([sys.executable, "-c", RUNNER, json.dumps(CALLS), PROBES[probe]], capture_output=True,
                              text=True, timeout=240)
    except subprocess.TimeoutExpired as expired:
        lines = (expired.stdout or b"").decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        started = [json.loads(line)["start"] for line in lines.splitlines() if '"start"' in line]
        pytest.fail(f"{probe}: hung in {started[-1] if started else 'start-up'}")
    assert done.returncode == 0, done.stderr[-2000:]
    outcomes = {r["name"]: r["outcome"] for r in map(json.loads, done.stdout.splitlines()) if "name" in r}
    assert set(outcomes) == set(CALLS)
    bad = {name: outcome for name, outcome in outcomes.items() if outcome[0] not in ("ValueError", "TypeError")}
    assert not bad, f"{probe}: {bad}"
    messages = [message for _, message, _ in outcomes.values()]
    assert not any("RecursionError" in m or "maximum recursion" in m or "index out of range" in m for m in messages)
    long = {name: outcome for name, outcome in outcomes.items() if outcome[2] >= 400}
    assert not long, f"{probe}: messages too long: {long}"


def test_a_list_holding_itself_is_named():
    hands = [[51, 47, 43, 39, 35]]
    hands.append(hands)
    with pytest.raises(ValueError, match=r"hands: element 1 is a list that holds itself \(a cycle\)"):
        card_array(hands)
    flat = [0, 1, 2, 3]
    flat.append(flat)
    with pytest.raises(ValueError, match=r"hands: element 4 is a list that holds itself"):
        pokerlut.evaluate(flat)


def test_shared_rows_are_no_cycle():
    row = [51, 47, 43, 39, 35]
    assert pokerlut.evaluate([row, row, row]).tolist() == [7462] * 3


@pytest.mark.parametrize("leaf, depth", [("As", 64), (0, 1000), (0, MAX_DEPTH + 1)])
def test_deep_nesting_is_a_value_error(leaf, depth):
    nested = leaf
    for _ in range(depth):
        nested = [nested]
    with pytest.raises(ValueError, match=rf"hands: lists nested more than {MAX_DEPTH} deep"):
        pokerlut.evaluate(nested)


def test_nesting_up_to_the_limit_is_read():
    nested = [51, 47, 43, 39, 35]
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    assert pokerlut.evaluate(nested).shape == (1,) * (MAX_DEPTH - 1)


def test_masked_cards_are_refused():
    royal = np.ma.masked_array([51, 47, 43, 39, 2], mask=[0, 0, 0, 0, 1])  # four to a royal and a masked deuce
    with pytest.raises(ValueError, match=r"masked array with 1 masked entries \(the first at position 4\)"):
        pokerlut.evaluate(royal)
    with pytest.raises(ValueError, match="masked"):
        pokerlut.evaluate([royal, np.ma.masked_array([0, 1, 2, 3, 4])])
    with pytest.raises(ValueError, match="masked"):
        pokerlut.showdown(np.ma.masked_array([[50, 46], [41, 40]], mask=[[0, 1], [0, 0]]), "Qs 7h 2c Jh Th")
    unmasked = np.ma.masked_array([51, 47, 43, 39, 35], mask=False)
    assert int(pokerlut.evaluate(unmasked)) == 7462  # nothing masked: the data


def test_huge_card_string_gives_a_short_message():
    text = "As " * 3_000_000 + "Xx"
    for call in (lambda: pokerlut.evaluate(text), lambda: pokerlut.parse_cards(text),
                 lambda: pokerlut.evaluate([text, "As Ks"]), lambda: pokerlut.parse_card(text)):
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) < 1000
        assert "9,000,002 characters" in str(info.value)
    with pytest.raises(ValueError, match=r"character 9000000 of .*'Xx' does not start with a card"):
        pokerlut.parse_cards(text)


def test_long_strings_among_short_ones_are_read_on_their_own():
    long = " ".join(["As Ks Qs Js Ts"]) + " " * 5000
    got = pokerlut.evaluate(["2c 2d 2h 2s 3c", long])
    assert got.tolist() == pokerlut.evaluate([[0, 1, 2, 3, 4], [51, 47, 43, 39, 35]]).tolist()


def test_too_many_nested_elements_are_refused_before_they_are_copied():
    row = [0] * 1024
    block = [row] * 1024
    with pytest.raises(ValueError, match="more than 268,435,456 elements"):
        card_array([block] * 512)


def test_category_of_empty_input_is_empty():
    for empty in ([], (), np.zeros(0, np.uint16)):
        got = pokerlut.category(empty)
        assert got.shape == (0,) and got.dtype == np.uint8
    assert pokerlut.category([[], []]).shape == (2, 0)


def test_category_of_a_list_holding_itself():
    strengths = [1, 2]
    strengths.append(strengths)
    with pytest.raises(ValueError, match="strengths: element 2 is a list that holds itself"):
        pokerlut.category(strengths)


def test_an_object_array_holding_itself_is_named_at_once():
    twice = np.empty(2, dtype=object)
    twice[0] = twice[1] = twice  # read naively, every level doubles
    with pytest.raises(ValueError, match=r"hands: element 0 is an array that holds itself \(a cycle\)"):
        pokerlut.evaluate(twice)
    inside = np.empty(1, dtype=object)
    inside[0] = [inside]
    with pytest.raises(ValueError, match="holds itself"):
        pokerlut.evaluate(inside)


def test_arrays_and_array_likes_inside_lists():
    royal_ids, royal_text = np.array([51, 47, 43, 39, 35]), np.array(["As", "Ks", "Qs", "Js", "Ts"])
    assert pokerlut.evaluate([royal_ids, royal_text]).tolist() == [7462, 7462]
    assert pokerlut.evaluate([royal_ids.astype(np.uint8), royal_ids.astype(">i2")]).tolist() == [7462, 7462]
    pd = pytest.importorskip("pandas")
    assert pokerlut.evaluate([pd.Series(royal_ids), pd.Series(royal_ids)]).tolist() == [7462, 7462]


def test_format_cards_from_course_and_to_course_refuse_masked_entries_too():
    """Every function taking cards refuses a masked entry (numpy would read the data under it)."""
    from pokerlut.course import to_course

    one = np.ma.masked_array([51, 47, 43, 39, 2], mask=[0, 0, 0, 0, 1])
    rows = np.ma.masked_array([[51, 47], [43, 39]], mask=[[0, 0], [0, 1]])
    course = np.ma.masked_array([1, 13, 14], mask=[0, 1, 0])
    for call, where in [(lambda: pokerlut.format_cards(one), "position 4"),
                        (lambda: pokerlut.format_cards(rows), r"position \(1, 1\)"),
                        (lambda: pokerlut.format_cards([one, one]), "position 4"),
                        (lambda: pokerlut.format_cards([[51, 47, 43, 39, 35], one]), "position 4"),
                        (lambda: pokerlut.from_course(course), "position 1"),
                        (lambda: pokerlut.from_course([course, course]), "position 1"),
                        (lambda: to_course(np.ma.masked_array([48, 44], mask=[1, 0])), "position 0")]:
        with pytest.raises(ValueError, match=rf"masked array with 1 masked entries \(the first at {where}\)"):
            call()
    clear = np.ma.masked_array([51, 47, 43, 39, 2], mask=False)  # nothing masked: the data
    assert pokerlut.format_cards(clear) == pokerlut.format_cards([51, 47, 43, 39, 2]) == "As Ks Qs Js 2h"
    assert pokerlut.format_cards([clear, clear]).tolist() == ["As Ks Qs Js 2h"] * 2
    assert pokerlut.from_course(np.ma.masked_array([1, 13], mask=False)).tolist() == [48, 44]
