"""pokerlut.boards: made-hand classes, draws, outs, board texture and range breakdowns, checked
against the slow reference written from the rules (``reference_boards.py``): every two hole cards
on boards chosen to reach every class and draw, seeded random Hold'em and Omaha hands, outs card by
card against known hands and ranges, and the input errors."""

from __future__ import annotations

import numpy as np
import pytest
import reference_boards as ref

import pokerlut
from pokerlut.boards import (DRAWS, KICKERS, MADE_CLASSES, PAIRINGS, SUIT_TEXTURES, board_texture, cards_of, draws,
                             made_hand, mask_counts, outs, range_breakdown)
from pokerlut.cards import parse_cards
from pokerlut.cli import main

#: Boards that between them reach every made-hand class, kicker class and draw (a test below checks so).
FLOPS = ["9h 8h 2c", "Qh 7h 3h", "Kd Kh 7c", "7s 6d 3c", "Ks 7h 2c", "7c 7d 7h", "Ac 4d 3h", "Jd Tc 8s"]
TURNS = ["Kh Qh Jc 2d", "9c 9d 5h 5s", "Ah Th 6h 2h", "8s 7s 6s 2d"]
RIVERS = ["9c 8d 7h 6s 5c", "Ah Kh 9h 5h 4h", "9c 9d 9h 9s Kd", "Kc Kd Kh 7s 7d", "Jd Tc 4s 4h 2d",
          "Qs Js Ts 9s 3c"]


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def every_hole(board: list[int]) -> np.ndarray:
    left = [c for c in range(52) if c not in board]
    return np.array([(a, b) for i, a in enumerate(left) for b in left[i + 1:]], np.uint8)


def random_deals(n: int, n_hole: int, n_board: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :n_hole + n_board].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])


def made_rows(m, i) -> dict:
    return {"class": MADE_CLASSES[m.classes[i]], "kicker": KICKERS[m.kickers[i]], "nut": int(m.nut_ranks[i]),
            "overcards": int(m.overcards[i])}


def draw_rows(d, i) -> dict:
    return {"draws": {name for j, name in enumerate(DRAWS) if int(d.kinds[i]) >> j & 1},
            "flush": set(cards_of(d.flush_outs[i]).tolist()), "straight": set(cards_of(d.straight_outs[i]).tolist()),
            "overcard": set(cards_of(d.overcard_outs[i]).tolist()),
            "backdoor": set(cards_of(d.backdoor_outs[i]).tolist())}


def check_made(holes: np.ndarray, boards: np.ndarray, seen: set | None = None) -> None:
    m = made_hand(holes, boards)
    boards = np.broadcast_to(boards, (len(holes), boards.shape[-1]))
    for i in range(len(holes)):
        want = ref.made(holes[i].tolist(), boards[i].tolist())
        got = made_rows(m, i)
        assert got == want, (pokerlut.format_cards(holes[i]), pokerlut.format_cards(boards[i]), got, want)
        if seen is not None:
            seen.add(got["class"])
            seen.add(got["kicker"])


def check_draws(holes: np.ndarray, boards: np.ndarray, seen: set | None = None) -> None:
    d = draws(holes, boards)
    boards = np.broadcast_to(boards, (len(holes), boards.shape[-1]))
    for i in range(len(holes)):
        want = ref.draws(holes[i].tolist(), boards[i].tolist())
        got = draw_rows(d, i)
        assert got == want, (pokerlut.format_cards(holes[i]), pokerlut.format_cards(boards[i]), got, want)
        if seen is not None:
            seen |= got["draws"]


# --------------------------------------------------------------------------- made hands


def test_every_hole_pair_on_the_chosen_boards_is_the_reference_class():
    seen: set[str] = set()
    for i, text in enumerate(FLOPS + TURNS + RIVERS):
        board = ids(text)
        step = 3 if i % 2 and len(board) == 5 else 1  # every third pair on every other river
        check_made(every_hole(board)[::step], np.array(board, np.uint8), seen)
    assert seen == set(MADE_CLASSES) | set(KICKERS)  # the boards reach every class


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_random_holdem_hands_are_the_reference_class(n_board):
    holes, boards = random_deals(400, 2, n_board, seed=n_board)
    check_made(holes, boards)


@pytest.mark.parametrize("n_hole, n_board", [(4, 3), (4, 5), (5, 4), (6, 3)])
def test_random_omaha_hands_are_the_reference_class(n_hole, n_board):
    holes, boards = random_deals(60, n_hole, n_board, seed=10 * n_hole + n_board)
    check_made(holes, boards)


def test_made_hand_strengths_are_evaluate():
    holes, boards = random_deals(2000, 2, 5, seed=7)
    m = made_hand(holes, boards)
    assert np.array_equal(m.strengths, pokerlut.evaluate(np.concatenate([holes, boards], axis=1)))
    o_holes, o_boards = random_deals(200, 4, 4, seed=8)
    assert np.array_equal(made_hand(o_holes, o_boards).strengths, pokerlut.evaluate_omaha(o_holes, o_boards))


@pytest.mark.parametrize("hole, board, name, text", [
    ("Ah 7s", "Kh Kd 7c", "bottom pair", "bottom pair, top kicker"),   # the kings are everyone's
    ("Ah Qd", "Kh Kd 7c", "high card", "high card, top kicker (one pair on the board), one overcard"),
    ("Ac Ks", "Kh Kd 7c", "trips", "trips, top kicker"),
    ("9h 9s", "Kh Kd 7c", "middle pair", "middle pair"),
    ("7d 7s", "Kh Kd 7c", "full house", "full house"),
    ("Qh Jh", "Kh 9h 2h", "flush", "2nd-nut flush"),
    ("Qh 3c", "Ah Kh 9h 2h", "flush", "nut flush"),
    ("Ah 2d", "9c 8d 7h 6s 5c", "plays the board", "plays the board"),
    ("Th 2d", "9c 8d 7h 6s 5c", "straight", "2nd-nut straight"),
    ("4h 4d", "Ks Qd 7c", "underpair", "underpair"),
    ("Kc 7d", "Ks 7h 2c", "top two pair", "top two pair"),
    ("Kc 2d", "Ks 7h 2c", "top and bottom pair", "top and bottom pair"),
    ("Tc 9d", "Ks 7h 2c", "high card", "high card"),
    ("2c 3c", "Kc Kd Kh 7s 7d", "plays the board", "plays the board"),
    ("Ac Ad", "Kc Kd Kh 7s 7d", "full house", "full house"),
    ("Ah Kd", "9c 9d 9h 9s Kh", "high card", "high card, top kicker (four of a kind on the board), one overcard"),
    ("2c 3c", "9c 9d 9h 9s Kh", "plays the board", "plays the board"),
    ("Qd Jd", "Ks 7h 2c", "high card", "high card"),
    ("Kd Qd", "Ks 7h 2c", "top pair", "top pair, good kicker"),
    ("Kd Jd", "Ks 7h 2c", "top pair", "top pair, good kicker"),
    ("Kd Td", "Ks 7h 2c", "top pair", "top pair, weak kicker"),
    ("Qs 4c", "Ah Kd Qh 8c 4s", "bottom two pair", "bottom two pair"),
    ("Js 4c", "Ah Kd Qh 8c 4s", "bottom pair", "bottom pair, top kicker"),
    ("Jd Td", "9h 8h 7c", "straight", "nut straight"),
    ("Td 6d", "9h 8h 7c", "straight", "2nd-nut straight"),
    ("6d 5d", "9h 8h 7c", "straight", "3rd-nut straight"),
    ("Ah 3h", "Kh 9h 2h", "flush", "nut flush"),
])
def test_the_rules_examples(hole, board, name, text):
    m = made_hand(hole, board)
    assert (str(m.names), str(m.describe())) == (name, text)


def test_shapes_broadcast_and_zero_d():
    board = ids("Ks 7h 2c")
    holes = every_hole(board)[:10]
    one = made_hand(holes[0], board)
    assert one.classes.shape == () and one.names.shape == ()
    many_boards = made_hand(holes[0], np.array([board, ids("Qs 7h 2c")], np.uint8))
    assert many_boards.classes.shape == (2,)
    grid = made_hand(holes.reshape(2, 5, 2), np.array(board))
    assert grid.classes.shape == (2, 5)
    assert grid.classes.ravel().tolist() == made_hand(holes, board).classes.tolist()
    assert made_hand(np.zeros((0, 2), np.uint8), board).classes.shape == (0,)


# --------------------------------------------------------------------------- draws


def test_every_hole_pair_on_the_chosen_flops_and_turns_has_the_reference_draws():
    seen: set[str] = set()
    for text in ["9h 8h 2c", "7s 6d 3c", TURNS[0]]:
        board = ids(text)
        check_draws(every_hole(board), np.array(board, np.uint8), seen)
    assert seen == set(DRAWS) - {"wrap"}  # a wrap needs more than two hole cards
    for text in ["Qh 7h 3h", "Kd Kh 7c", TURNS[3]]:  # a monotone, a paired and a suited turn: every fourth pair
        board = ids(text)
        check_draws(every_hole(board)[::4], np.array(board, np.uint8))


@pytest.mark.parametrize("n_board", [3, 4])
def test_random_holdem_draws_are_the_reference_draws(n_board):
    holes, boards = random_deals(300, 2, n_board, seed=20 + n_board)
    check_draws(holes, boards)


@pytest.mark.parametrize("n_hole, n_board", [(4, 3), (4, 4), (5, 3)])
def test_random_omaha_draws_are_the_reference_draws(n_hole, n_board):
    holes, boards = random_deals(40, n_hole, n_board, seed=30 + n_hole + n_board)
    check_draws(holes, boards)


def test_omaha_wraps_and_two_flush_draws():
    seen: set[str] = set()
    for hole, board in [("Kh Qh Jc Tc", "Ah 9h 8s"), ("9s 8s 6d 5d", "7c 4s 3c"), ("Ah Kh Ad Kd", "2h 7h 2d 9d")]:
        check_draws(np.array([ids(hole)], np.uint8), np.array(ids(board), np.uint8), seen)
    assert {"wrap", "combo draw", "nut flush draw"} <= seen
    assert draws("Ah Kh Ad Kd", "2h 7h 2d 9d").n_outs == 18  # the rest of the hearts and of the diamonds


def test_the_rules_draw_examples():
    d = draws("Ac 2d", "9h 8c 7d 6s")  # a ten or a five gives everyone the same straight
    assert d.straight_outs == 0 and str(d.describe()) == "one overcard"
    d = draws("Ah Kh", "Kd 7h 2h")
    assert str(d.made.describe()) == "top pair, top kicker" and str(d.describe()) == "nut flush draw"
    d = draws("8h 7h", "9h 6h 2c")
    assert (mask_counts(d.flush_outs), mask_counts(d.straight_outs), d.n_outs) == (9, 8, 15)
    assert pokerlut.format_cards(cards_of(d.flush_outs & d.straight_outs)) == "5h Th"
    b = range_breakdown("TT+, AKs", "Qs 7h 2c")
    assert [int(b.made_counts[MADE_CLASSES.index(c)]) for c in ("set", "overpair", "middle pair", "high card")] \
        == [3, 12, 12, 4]
    assert b.draw_counts[DRAWS.index("backdoor flush draw")] == 3


def test_draw_outs_and_names():
    d = draws("8h 7h", "9h 6h 2c")
    assert str(d.describe()) == "combo draw (flush draw, open-ended straight draw)"
    assert int(d.n_outs) == 15 and pokerlut.format_cards(cards_of(d.straight_outs)) == "5c 5d 5h 5s Tc Td Th Ts"
    assert d.has("combo draw") and not d.has("gutshot") and d.has(3)


# --------------------------------------------------------------------------- outs


def check_outs(hole, board, opponents, got, index=()):
    want = ref.outs_known(hole, board, opponents) if not isinstance(opponents, tuple) else \
        ref.outs_range(hole, board, *opponents)
    assert set(cards_of(got.best[index]).tolist()) == want["best"]
    assert set(cards_of(got.ties[index]).tolist()) == want["tie"]
    shares = got.shares[index]
    assert set(np.flatnonzero(~np.isnan(shares)).tolist()) == set(want["share"])
    for c, s in want["share"].items():
        assert shares[c] == pytest.approx(s, abs=1e-12), c


@pytest.mark.parametrize("n_board", [3, 4])
def test_heads_up_outs_are_exact(n_board):
    cards = random_deals(12, 4, n_board, seed=40 + n_board)
    holes, opps = cards[0][:, :2], cards[0][:, 2:]
    got = outs(holes, cards[1], opps[:, None, :])
    for i in range(len(holes)):
        check_outs(holes[i].tolist(), cards[1][i].tolist(), [opps[i].tolist()], got, i)
    assert np.array_equal(got.outs, got.best)


def test_multiway_and_omaha_outs_are_exact():
    holes, boards = random_deals(4, 6, 3, seed=50)
    got = outs(holes[:, :2], boards, holes[:, 2:].reshape(4, 2, 2))
    for i in range(4):
        check_outs(holes[i, :2].tolist(), boards[i].tolist(), [holes[i, 2:4].tolist(), holes[i, 4:].tolist()], got, i)
    holes, boards = random_deals(4, 8, 3, seed=51)
    got = outs(holes[:, :4], boards, holes[:, None, 4:])
    for i in range(4):
        check_outs(holes[i, :4].tolist(), boards[i].tolist(), [holes[i, 4:].tolist()], got, i)


def test_outs_against_a_range_are_exact():
    rng = pokerlut.parse_range("QQ+, AKs, 0.5(JTs)")
    holes, boards = random_deals(3, 2, 4, seed=60)
    got = outs(holes, boards, rng)
    combos = [tuple(int(x) for x in c) for c in rng.combos]
    for i in range(3):
        check_outs(holes[i].tolist(), boards[i].tolist(), (combos, rng.weights.tolist()), got, i)
    one = outs("Ah Kh", "Qh 7h 2c", "QsQd")  # a range of one combo is that hand
    assert np.array_equal(one.best, outs("Ah Kh", "Qh 7h 2c", ["Qs Qd"]).best)


def test_outs_to_a_class_and_tainted_outs():
    holes, boards = random_deals(30, 4, 3, seed=70)
    got = outs(holes[:, :2], boards, to=["flush", "straight", "set"])
    for i in range(30):
        want = ref.improves(holes[i, :2].tolist(), boards[i].tolist(), {"flush", "straight", "set"})
        assert set(cards_of(got.outs[i]).tolist()) == want
    o = outs("Ah Kh", "Qh 7h 2c", ["Qs Qd"], to="flush")
    assert int(o.count) == 8 and pokerlut.format_cards(cards_of(o.tainted)) == "2h"
    turn = outs("Ah Kh", "Qh 7h 2c 3d", "QQ", to="flush")
    want = ref.improves(ids("Ah Kh"), ids("Qh 7h 2c 3d"), {"flush"})
    assert set(cards_of(turn.improves).tolist()) == want


# --------------------------------------------------------------------------- texture


def test_texture_is_the_reference_on_random_boards():
    for n_board in (3, 4, 5):
        _, boards = random_deals(300, 0, n_board, seed=80 + n_board)
        t = board_texture(boards)
        for i in range(len(boards)):
            want = ref.texture(boards[i].tolist())
            got = {"suits": SUIT_TEXTURES[t.suits[i]], "max_suit": int(t.max_suit[i]), "n_suits": int(t.n_suits[i]),
                   "pairing": PAIRINGS[t.pairing[i]], "high": int(t.high[i]), "connected": int(t.connected[i]),
                   "n_straights": int(t.n_straights[i]), "straight_on_board": bool(t.straight_on_board[i]),
                   "flush_possible": bool(t.flush_possible[i])}
            assert got == want, (pokerlut.format_cards(boards[i]), got, want)
            assert bool(t.straight_possible[i]) == (want["n_straights"] > 0)
            assert bool(t.one_card_straight[i]) == (want["connected"] >= 4)


# --------------------------------------------------------------------------- ranges


@pytest.mark.parametrize("board", ["9h 8h 2c", "Kh Qh Jc 2d", "Kc Kd Kh 7s 7d"])
def test_random_range_shares_sum_to_one_and_count_the_combos(board):
    b = range_breakdown("random", board)
    cards = ids(board)
    holes = every_hole(cards)
    assert b.total == len(holes) and b.made_shares.sum() == pytest.approx(1.0, abs=1e-12)
    want = {name: 0 for name in MADE_CLASSES}
    for h in holes:
        want[ref.made(h.tolist(), cards)["class"]] += 1
    assert {name: int(round(c)) for name, c in zip(MADE_CLASSES, b.made_counts)} == want
    if b.draws is not None:
        assert b.no_draw + 0 <= 1 and (b.draw_counts <= b.total).all()
        counts = np.array([sum(1 for i in range(len(holes)) if b.draws.kinds[i] >> j & 1) for j in range(len(DRAWS))])
        assert np.array_equal(b.draw_counts, counts)


def test_weighted_range_breakdown():
    b = range_breakdown("0.5(AA), KK", "Ks 7h 2c")
    assert b.total == 3 + 3 and b.share("set") == 0.5 and b.share("underpair") == 0 and b.share("overpair") == 0.5
    assert "set" in b.table() and "overpair" in b.table()


def test_cli_strength_shows_the_classes_and_draws(capsys):
    assert main(["strength", "TT+,AKs", "--board", "Qs 7h 2c"]) == 0
    out = capsys.readouterr().out
    assert "One pair" in out and "overpair" in out and "set" in out and "backdoor flush draw" in out


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("call, error, match", [
    (lambda: made_hand("As Ac", "Ah 7h 7h"), ValueError,
     r"^card 7h \(id 22\) is dealt twice: as board card 1 and as board card 2$"),
    (lambda: made_hand(["As Ac", "Ks Kc"], "Ah 7h Kc"), ValueError,
     r"^hand 1: card Kc \(id 44\) is dealt twice: as hole card 1 and as board card 2$"),
    (lambda: made_hand("As W", "Ah 7h 2c"), ValueError, r"wild card .* not dealt in a hand on a board"),
    (lambda: made_hand("As Ac Kd", "Ah 7h 2c"), ValueError, r"holes must have shape \(\.\.\., 2 or 4 or 5 or 6\)"),
    (lambda: made_hand("As Ac", "Ah 7h"), ValueError, r"boards must have shape \(\.\.\., 3 or 4 or 5\)"),
    (lambda: made_hand(np.zeros((3, 2), bool), "Ah 7h 2c"), TypeError, "holes"),
    (lambda: made_hand([[0.5, 1]], "Ah 7h 2c"), TypeError, "holes"),
    (lambda: made_hand([[0, 300]], "Ah 7h 2c"), ValueError, "card id 300 is not a card"),
    (lambda: made_hand(np.zeros((3, 2), np.uint8) + [0, 1], np.zeros((2, 3), np.uint8) + [4, 5, 6]), ValueError,
     "do not broadcast"),
    (lambda: made_hand("As Xs", "Ah 7h 2c"), ValueError, "Xs"),
    (lambda: made_hand(None, "Ah 7h 2c"), TypeError, "holes"),
    (lambda: made_hand("As Ac", "Ah 7h 2c", parallel="yes"), TypeError, "parallel"),
    (lambda: draws("As Ac", "Ah 7h 2c 3d 4d"), ValueError, r"boards must have shape \(\.\.\., 3 or 4\)"),
    (lambda: draws([[12, 13], [14, 60]], "Ah 7h 2c"), ValueError, r"^hand 1: hole card 1: card id 60 is not a card"),
    (lambda: outs("As Ac", "Ah 7h 2c"), ValueError, "needs opponents"),
    (lambda: outs("As Ac", "Ah 7h 2c 3d 4d", ["Kd Kc"]), ValueError, r"board must have shape \(\.\.\., 3 or 4\)"),
    (lambda: outs("As Ac", "Ah 7h 2c", ["Kd Ac"]), ValueError,
     r"card Ac \(id 48\) is dealt twice: as player 0's card 1 and as player 1's card 1"),
    (lambda: outs("As Ac", "Ah 7h 2c", ["Kd Kc Qd"]), ValueError, "opponents must be hands"),
    (lambda: outs("As Ac", "Ah 7h 2c", [["Kd", "Kc"]] * 9), ValueError, "1 to 8 known opponents"),
    (lambda: outs("As Ac", "Ah 7h 2c", "QQ+, AX"), ValueError, "bad range token 'AX'"),
    (lambda: outs("As Ac", "Ah 7h 2c", "AsAd"), ValueError, "every combo"),
    (lambda: outs("As Ac Kd Kc", "Ah 7h 2c", pokerlut.parse_range("QQ")), ValueError, "Omaha opponents"),
    (lambda: outs("As Ac", "Ah 7h 2c", to="a pair"), ValueError, "unknown made-hand class 'a pair'"),
    (lambda: outs("As Ac", "Ah 7h 2c", to=99), ValueError, "made-hand class id 99"),
    (lambda: outs("As Ac", "Ah 7h 2c", to=True), TypeError, "made-hand class"),
    (lambda: outs("As Ac", "Ah 7h 2c", to=[]), ValueError, "at least one"),
    (lambda: board_texture("Ah 7h"), ValueError, r"boards must have shape \(\.\.\., 3 or 4 or 5\)"),
    (lambda: board_texture(["Ah 7h 2c", "Ah Ah 2c"]), ValueError,
     r"^board 1: card Ah \(id 50\) is dealt twice: as board card 0 and as board card 1$"),
    (lambda: board_texture("Ah 7h W"), ValueError, "wild card"),
    (lambda: range_breakdown("TT+", "Qs 7h"), ValueError, "3, 4 or 5"),
    (lambda: range_breakdown("TT+", "Qs 7h 2c").share("a flush draw"), ValueError, "unknown draw"),
])
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_cli_strength_bad_board_exit_2(capsys):
    assert main(["strength", "TT+", "--board", "Qs 7h"]) == 2
    assert "3, 4 or 5" in capsys.readouterr().err


# --------------------------------------------------------------------------- the rules document


def rules_examples(heading: str) -> list[tuple[str, str, str]]:
    """``(name, hole, board)`` of every example of the table under ``### heading`` in docs/rules.md:
    the first column names the class or draw, the last holds ```hole` on `board``` examples."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    section = text.split(f"### {heading}\n", 1)[1].split("\n### ", 1)[0]
    found = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.startswith("|"):
            continue
        for hole, board in re.findall(r"`([^`]+)` on `([^`]+)`", cells[-1]):
            found.append((cells[0], hole, board))
    return found


def test_every_class_of_the_rules_has_an_example_that_is_so():
    examples = rules_examples("Made hands")
    assert {name for name, _, _ in examples} == set(MADE_CLASSES)
    for name, hole, board in examples:
        assert str(made_hand(hole, board).names) == name, (hole, board)
        assert ref.made(ids(hole), ids(board))["class"] == name, (hole, board)


def test_every_draw_of_the_rules_has_an_example_that_is_so():
    examples = rules_examples("Draws")
    assert {name for name, _, _ in examples} == set(DRAWS)
    for name, hole, board in examples:
        assert draws(hole, board).has(name), (name, hole, board)
        assert name in ref.draws(ids(hole), ids(board))["draws"], (name, hole, board)


# --------------------------------------------------------------------------- the picture and the command line


@pytest.fixture
def mpl():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    return matplotlib


def test_board_classes_picture(mpl, tmp_path):
    from pokerlut import plot

    b = range_breakdown("TT+, AKs", "Qs 7h 2c")
    fig = plot.board_classes(b)
    made_ax, draw_ax = fig.axes
    assert [t.get_text() for t in made_ax.get_yticklabels()] == ["set", "overpair", "middle pair", "high card"]
    heights = [round(p.get_width(), 6) for p in made_ax.patches]
    assert heights == [round(100 * b.share(c), 6) for c in ("set", "overpair", "middle pair", "high card")]
    assert [t.get_text() for t in draw_ax.get_yticklabels()][-1] == "no draw"
    fig.savefig(tmp_path / "classes.png")
    river = plot.board_classes("random", "Kc Kd Kh 7s 7d")
    assert [a.get_label() for a in river.axes] == ["made-hand classes"]
    fig = mpl.figure.Figure()
    ax = fig.add_subplot()
    assert plot.board_classes("QQ+", "Qs 7h 2c", ax=ax) is fig
    with pytest.raises(ValueError, match="already holds its board"):
        plot.board_classes(b, "Qs 7h 2c")
    with pytest.raises(ValueError, match="needs a board"):
        plot.board_classes("QQ+")


def test_cli_strength_plot_classes(mpl, tmp_path, capsys):
    path = tmp_path / "classes.png"
    assert main(["strength", "TT+,AKs", "--board", "Qs 7h 2c", "--plot-classes", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {path}" in out and "overpair" in out and path.exists()
    assert main(["strength", "TT+", "--board", "Qs 7h 2c", "--plot-classes", str(tmp_path / "x.nope")]) == 2
    err = capsys.readouterr().err
    assert "--plot-classes '" in err and "x.nope" in err and "picture format" in err


def test_threads_change_no_answer():
    holes, boards = random_deals(3000, 2, 3, seed=90)
    one, many = draws(holes, boards, parallel=False), draws(holes, boards, parallel=True)
    for field in ("kinds", "flush_outs", "straight_outs", "overcard_outs", "backdoor_outs"):
        assert np.array_equal(getattr(one, field), getattr(many, field))
    assert np.array_equal(one.made.classes, many.made.classes)
    cards, board = random_deals(500, 4, 3, seed=92)
    hero, opp = cards[:, :2], cards[:, None, 2:]
    a, b = outs(hero, board, opp, to="flush", parallel=False), outs(hero, board, opp, to="flush", parallel=True)
    assert np.array_equal(a.best, b.best) and np.array_equal(a.improves, b.improves)
    assert np.array_equal(a.shares, b.shares, equal_nan=True)
