"""The course deal (docs/rules.md, "The course deal"): the assignment's example, a case per category,
ties, and the card-choice rule (board cards first, in the order dealt, then the hole cards)."""

from __future__ import annotations

import pytest

import pokerlut
from pokerlut.cli import main
from pokerlut.course import deal, play, shuf


def deck(p1: str, p2: str, board: str) -> list[int]:
    """A course deck from readable cards: player 1's holes, player 2's holes, the board."""
    a, b = pokerlut.parse_cards(p1), pokerlut.parse_cards(p2)
    ids = [a[0], b[0], a[1], b[1], *pokerlut.parse_cards(board)]
    return [int(x) for x in pokerlut.cards.to_course(ids)]


def test_readme_example():
    assert shuf([51, 8, 11, 6, 4, 31, 3, 13, 9]) == ([51, 11, 4, 31, 3, 13, 9], [8, 6, 4, 31, 3, 13, 9])
    assert deal([51, 8, 11, 6, 4, 31, 3, 13, 9]) == ["11C", "13C", "3C", "4C", "9C"]


@pytest.mark.parametrize(
    "p1, p2, board, winner, made",
    [
        ("Ah 3d", "Kc 4s", "9s 7h 5c 2d Jc", 1, ["1H"]),  # high card: the single highest card
        ("9h 3d", "8c 4s", "Ks Jh 6c 2d Tc", 1, ["13S"]),  # ...which may be a board card
        ("Ah Ad", "Kc Ks", "9s 7h 5c 2d Jc", 1, ["1D", "1H"]),
        ("Ah 9d", "Kc Qs", "9s 7h Ac 2d Jc", 1, ["1C", "1H", "9D", "9S"]),
        ("7c 7d", "Ac Kd", "7s Qh 9c 2d 3h", 1, ["7C", "7D", "7S"]),
        ("8c 6d", "Ac Ad", "7s 5h 4c Kd 2h", 1, ["4C", "5H", "6D", "7S", "8C"]),
        ("Kc Kd", "Qc Qd", "Ks 2h 2c 9d 7s", 1, ["13C", "13D", "13S", "2C", "2H"]),
        ("9c 9d", "Ac Ad", "9s 9h Ah 2c 3d", 1, ["9C", "9D", "9H", "9S"]),
        ("8h 6h", "Ah Ad", "7h 5h 4h Kd Ac", 1, ["4H", "5H", "6H", "7H", "8H"]),
        ("Ah Kh", "2c 2d", "Qh Jh Th 2s 3c", 1, ["10H", "11H", "12H", "13H", "1H"]),
        ("2c 2d", "Ah Kh", "Qh Jh Th 2s 3c", 2, ["10H", "11H", "12H", "13H", "1H"]),  # player 2 wins
        ("Qc Qd", "Kc Kd", "Ks 2h 2c 9d 7s", 2, ["13C", "13D", "13S", "2C", "2H"]),
        ("2c 3d", "2d 3c", "As Ks Qd Jh Tc", 0, ["10C", "11H", "12D", "13S", "1S"]),  # tie: the board plays
        ("Ah 2c", "Ad 2d", "Kh Qs 9c 7d 4h", 0, ["1H"]),  # tie: player 1's cards
        ("4c 9d", "4d Jh", "Kh Ks Qc Qd 2s", 2, ["12C", "12D", "13H", "13S"]),  # two pair, kicker decides
    ],
)
def test_every_category(p1, p2, board, winner, made):
    d = deck(p1, p2, board)
    assert play(d).winner == winner
    assert deal(d) == made


def test_issue_example_takes_the_board_card():
    # player 2 holds 6H, the board holds 6D: the board's card fills the straight
    assert deal([1, 32, 12, 46, 19, 18, 9, 42, 34]) == ["5D", "6D", "7S", "8H", "9C"]


@pytest.mark.parametrize(
    "p1, p2, board, winner, made",
    [
        # straight with a paired rank: a board card beats a hole card of the same rank
        ("6h 9c", "2c 3c", "5d 6d 7s 8h Kc", 1, ["5D", "6D", "7S", "8H", "9C"]),
        ("2c 3c", "6h 9c", "5d 6d 7s 8h Kc", 2, ["5D", "6D", "7S", "8H", "9C"]),
        # ...two board cards of one rank: the one dealt first
        ("8h 9c", "2c 3c", "5d 6d 7s 6c Kc", 1, ["5D", "6D", "7S", "8H", "9C"]),
        ("8h 9c", "2c 3c", "5d 6c 7s 6d Kc", 1, ["5D", "6C", "7S", "8H", "9C"]),
        # ...two hole cards of one rank: the one dealt first
        ("6h 6s", "2c 3c", "5d 7s 8h 9c Kd", 1, ["5D", "6H", "7S", "8H", "9C"]),
        ("6s 6h", "2c 3c", "5d 7s 8h 9c Kd", 1, ["5D", "6S", "7S", "8H", "9C"]),
        # ...the wheel's ace
        ("Ah 5c", "Kd Qd", "Ad 2c 3s 4h Kc", 1, ["1D", "2C", "3S", "4H", "5C"]),
        # full house from two sets of three: the pair comes from the board's cards of the lower set
        ("Kh 7c", "2d 3d", "Kc 7s Kd 7h 2c", 1, ["13C", "13D", "13H", "7H", "7S"]),
        # ...and, where the board holds one of them, from the hole cards in the order dealt
        ("7h 7c", "2d 3d", "Kc Kd Ks 7s 2c", 1, ["13C", "13D", "13S", "7H", "7S"]),
        ("7c 7h", "2d 3d", "Kc Kd Ks 7s 2c", 1, ["13C", "13D", "13S", "7C", "7S"]),
        # a tie: player 1's made cards, chosen by the same rule (the board's 7S and 7H, not 7C)
        ("7c 2d", "2c 3c", "Kc Kd 7s 7h Ks", 0, ["13C", "13D", "13S", "7H", "7S"]),
    ],
)
def test_card_choice_rule(p1, p2, board, winner, made):
    d = deck(p1, p2, board)
    assert play(d).winner == winner
    assert deal(d) == made


def test_tie_reports_both_sides():
    result = play(deck("Ah 2c", "Ad 2d", "Kh Qs 9c 7d 4h"))
    assert result.winner == 0 and result.strengths[0] == result.strengths[1]
    assert result.made == (["1H"], ["1D"])  # same value, different cards: deal() shows player 1's


@pytest.mark.parametrize(
    "bad, message",
    [
        ([51, 8, 11, 6, 4, 31, 3, 13], "exactly 9 cards"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 9, 10], "exactly 9 cards"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 0], "position 8: 0 is not a course card"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 53], "position 8: 53 is not a course card"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 13], "position 8: card 13 was already dealt at position 7"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 9.0], "position 8: 9.0 is not an integer"),
    ],
)
def test_bad_decks(bad, message):
    with pytest.raises(ValueError, match=message):
        deal(bad)


def test_string_deck_is_a_type_error():
    with pytest.raises(TypeError):
        deal("51 8 11 6 4 31 3 13 9")


def test_cli_deal(capsys):
    assert main(["deal", "51", "8", "11", "6", "4", "31", "3", "13", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == '["11C","13C","3C","4C","9C"]'
    assert out[-1] == "player 1 wins"
    assert main(["deal", "1", "2", "3"]) == 2
    assert "exactly 9 cards" in capsys.readouterr().err
