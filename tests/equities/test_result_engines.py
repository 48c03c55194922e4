"""Every equity result names the engine that produced it: a key of ``ENGINES``, for every game
that has an equity engine and every way of answering (exact, sampled; hands, ranges, preflop)."""

from __future__ import annotations

import pytest

import pokerlut
from pokerlut.equities.results import ENGINES
from pokerlut.variants import VARIANTS

HOLDEM_GAMES = [name for name, v in VARIANTS.items() if v.rule.deal == "holdem"]
OMAHA_GAMES = [name for name, v in VARIANTS.items() if v.rule.deal == "omaha"]
STUD_GAMES = [name for name, v in VARIANTS.items() if v.rule.deal == "stud"]


def hole(game: str, first: str, second: str) -> str:
    """Two hole cards the game deals (short deck has no deuce to five)."""
    return first if "short-deck" not in game else second


def cases():
    for game in HOLDEM_GAMES:
        a = hole(game, "AhKh", "AhKh")
        b = hole(game, "2c2d", "9c9d")
        board = hole(game, "Qs 7h 3c 8d", "Qs 7h 6c 8d")
        yield game, "exact hands", lambda g=game, a=a, b=b, bd=board: pokerlut.equity([a, b], bd, variant=g,
                                                                                         exact=True), \
            {"enumerate", "runouts"}
        yield game, "exact range", lambda g=game, a=a, bd=board: pokerlut.equity(["QQ+", "random"], bd, variant=g,
                                                                                   exact=True), \
            {"sweep", "enumerate", "runouts"}
        yield game, "monte carlo", lambda g=game, a=a, b=b: pokerlut.equity([a, b], variant=g, exact=False,
                                                                             samples=2000, seed=1), {"monte carlo"}
    yield "high", "preflop", lambda: pokerlut.equity(["AhKh", "QdQc"]), {"preflop tables", "enumerate"}
    for game in OMAHA_GAMES:
        players = ["Ah Kh Qd Jd", "2c 3c 4s 5s"]
        yield game, "exact", lambda g=game, p=players: pokerlut.equity(p, "Ts 9h 8c 6d", variant=g, exact=True), \
            {"omaha"}
        yield game, "monte carlo", lambda g=game, p=players: pokerlut.equity(p, variant=g, exact=False, samples=2000,
                                                                  seed=1), {"monte carlo"}
    for game in STUD_GAMES:
        players = ["Ah Kh Qd Jd 9c 8c", "2c 3c 4s 5s 7h 7d"]
        yield game, "exact", lambda g=game, p=players: pokerlut.equity(p, variant=g, exact=True), {"stud"}
        yield game, "monte carlo", lambda g=game, p=players: pokerlut.equity(p, variant=g, exact=False, samples=2000,
                                                                  seed=1), {"monte carlo"}


CASES = list(cases())


@pytest.mark.parametrize("game, way, call, expected", CASES, ids=[f"{g}-{w}" for g, w, _, _ in CASES])
def test_every_equity_result_names_its_engine(game, way, call, expected):
    result = call()
    assert result.engine in ENGINES and result.engine in expected, (game, way, result.engine)
    assert (result.method == "monte carlo") == (result.engine == "monte carlo")


def test_every_game_with_an_equity_engine_is_covered():
    covered = {game for game, _, _, _ in CASES}
    assert covered == {name for name, v in VARIANTS.items() if v.rule.deal is not None}


def test_batch_results_name_their_engine():
    import numpy as np

    holes = np.array([[[50, 46], [1, 0]]], np.uint8)
    boards = np.array([[43, 22, 4, 29]], np.uint8)
    exact = pokerlut.equity_batch(holes, boards, exact=True)
    sampled = pokerlut.equity_batch(holes, boards, exact=False, samples=1000, seed=1)
    assert (exact.engine, sampled.engine) == ("enumerate", "monte carlo")
    assert {exact.engine, sampled.engine} <= set(ENGINES)
