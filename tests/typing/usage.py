"""pokerlut used as a typed program would use it: ``mypy --strict`` checks this file in the tests
(``tests/typing/test_typing.py``), so that every call here type-checks and every result has the type
written in ``assert_type`` (nothing is ``Any``).  It runs too: the test executes it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray
from typing_extensions import assert_type

import pokerlut
from pokerlut import boards, videopoker
from pokerlut.equities import EquityGrid, class_equity
from pokerlut.ranges import RangeGrid, RangeStrengths, class_weights, range_strengths
from pokerlut.typing import CardsLike, HandsLike, SeedLike, Strengths


def strongest(hands: HandsLike) -> int:
    """A user's own function over hands, annotated with pokerlut's alias."""
    return int(pokerlut.evaluate(hands).max())


def ranking() -> None:
    hands = pokerlut.random_hands(1000, 7, seed=1)
    assert_type(hands, NDArray[np.uint8])
    strengths = pokerlut.evaluate(hands)
    assert_type(strengths, Strengths)
    assert_type(pokerlut.evaluate(["As Ks Qs Js Ts", "2c 2d W 9h 9s"], check=True, variant="high"),
                NDArray[np.uint16])
    assert_type(pokerlut.category(strengths), NDArray[np.uint8])
    assert_type(pokerlut.describe(7462), str)
    assert_type(pokerlut.describe(int(strengths[0])), str)
    assert_type(pokerlut.describe(np.uint16(7462)), str)
    assert_type(pokerlut.describe([7462, 1]), NDArray[np.str_])
    assert_type(pokerlut.describe(strengths), str | NDArray[np.str_])
    assert_type(pokerlut.category_name([7462, 1]), NDArray[np.str_])
    assert_type(pokerlut.category_name(int(strengths[0]), "high"), str)
    assert_type(pokerlut.category_names("eight-or-better"), tuple[str, ...])
    assert_type(pokerlut.compare(hands[:10], hands[10:20]), NDArray[np.int8])
    five = pokerlut.best_five(hands[:4])
    assert_type(five, pokerlut.BestFive)
    assert_type(five.cards, NDArray[np.uint8])
    assert_type(five.strengths, Strengths)
    assert_type(pokerlut.made_cards(hands[:4]), NDArray[np.uint8])
    assert_type(pokerlut.strength_histogram(5), NDArray[np.int64])
    assert_type(pokerlut.category_counts(5), NDArray[np.int64])
    assert_type(strongest("As Ks Qs Js Ts"), int)
    assert_type(pokerlut.parse_cards("AhKh"), NDArray[np.uint8])
    assert_type(pokerlut.format_cards([51, 47]), str)
    assert_type(pokerlut.parse_card("As"), int)
    assert_type(pokerlut.format_card(51), str)
    assert_type(pokerlut.get_variant("short-deck"), pokerlut.Variant)
    assert_type(pokerlut.get_num_threads(), int)
    assert_type(pokerlut.kernel_info(), dict[str, Any])


def showdowns() -> None:
    result = pokerlut.showdown([["Ah", "Kh"], ["Qd", "Qc"]], "Qs 7h 2c 3d 4s")
    assert_type(result, pokerlut.Showdown | pokerlut.HiLoShowdown)
    if isinstance(result, pokerlut.Showdown):
        assert_type(result.shares, NDArray[np.float64])
        assert_type(result.winners, NDArray[np.bool_])
    omaha = pokerlut.evaluate_omaha("Ah Kh Qh Jh", "2c 3c 4c", variant="omaha-hilo")
    assert_type(omaha, Strengths | pokerlut.HiLo)


def equities(seed: SeedLike = 7) -> None:
    r = pokerlut.equity(["AhKh", "QdQc"], "Qs 7h 2c", exact=False, samples=10_000, seed=seed)
    assert_type(r, pokerlut.EquityResult)
    assert_type(r.equity, NDArray[np.float64])
    assert_type(r.n, int)
    assert_type(r.table(), str)
    versus_range = pokerlut.equity(["AhKh", pokerlut.parse_range("TT+, AKs")])
    assert_type(versus_range.players, list[str])
    batch = pokerlut.equity_batch(np.zeros((3, 2, 2), np.uint8) + np.arange(12, dtype=np.uint8).reshape(3, 2, 2))
    assert_type(batch, pokerlut.BatchEquityResult)
    assert_type(batch.n, NDArray[np.int64])
    grid = class_equity("AhAd", board="Ks 7h 2c")
    assert_type(grid, EquityGrid)
    assert_type(grid.at("KK"), float)
    assert_type(pokerlut.preflop_equity("AKs", "QQ"), float)


def ranges(board: CardsLike = "Qs 7h 2c") -> None:
    rng = pokerlut.parse_range("TT+, AKs", blocked=board)
    assert_type(rng, pokerlut.Range | pokerlut.ranges.OmahaRange)
    assert_type(len(rng), int)
    g = class_weights("77, AKs")
    assert_type(g, RangeGrid)
    assert_type(g.total, float)
    d = range_strengths("TT+", board)
    assert_type(d, RangeStrengths)
    b = pokerlut.range_breakdown("TT+", board)
    assert_type(b, boards.BoardBreakdown)
    assert_type(b.share("overpair"), float)
    assert_type(pokerlut.made_hand("AhKh", board), boards.MadeHands)
    assert_type(pokerlut.draws("AhKh", board), boards.Draws)
    assert_type(pokerlut.outs("AhKh", board, to="flush"), boards.Outs)
    assert_type(pokerlut.board_texture(board), boards.BoardTexture)


def poker_ai() -> None:
    assert_type(pokerlut.hand_strength("AhKh", "Qs 7h 2c"), NDArray[np.float64])
    assert_type(pokerlut.ehs("AhKh", "Qs 7h 2c"), NDArray[np.float64])
    assert_type(pokerlut.iso.index([[50, 46]]), NDArray[np.int64])
    assert_type(pokerlut.iso.count(3), int)


def video_poker() -> None:
    table = videopoker.make_paytable("jacks-or-better", [800, 50, 25, 8, 5, 4, 3, 2, 1], name="8/5")
    assert_type(table, videopoker.PayTable)
    holds = videopoker.hold_values("Jh Jd 4s 7c Qh", "jacks-or-better", table)
    assert_type(holds, videopoker.HoldValues)
    assert_type(holds.table(3), str)
    best = videopoker.best_hold(["Jh Jd 4s 7c Qh"])
    assert_type(best, videopoker.BestHold)
    assert_type(videopoker.classify("Jh Jd 4s 7c Qh"), videopoker.Classification)
    assert_type(videopoker.hold_pattern("Jh Jd"), str)
    ret = videopoker.game_return("jacks-or-better", {"full_house": 9}, progress=False) if False else None
    if ret is not None:
        assert_type(ret.exact, Fraction | None)


def main() -> None:
    ranking()
    showdowns()
    equities()
    ranges()
    poker_ai()
    video_poker()
    pokerlut.set_num_threads(None)


if __name__ == "__main__":
    main()
