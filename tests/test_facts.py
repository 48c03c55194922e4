"""Facts kept once: the budgets in :mod:`pokerlut.config` (read at call time, reset), no literal deck
size outside ``constants.py``/``layout.py`` (read with ``ast``), the game count the docs state taken
from the registry, and result records that compare field by field."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest

import pokerlut
from pokerlut import config
from pokerlut.equities import EquityResult, class_equity
from pokerlut.equities.results import BatchEquityResult

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pokerlut"


# --- budgets and limits ----------------------------------------------------------------------

def test_config_reset_restores_every_default():
    shipped = dict(config.DEFAULTS)
    try:
        for name in shipped:
            setattr(config, name, 1)
        config.reset()
        assert {name: getattr(config, name) for name in shipped} == shipped
    finally:
        config.reset()


def test_old_names_read_the_config_at_call_time():
    from pokerlut import equities
    from pokerlut.equities import omaha, plan, stud
    try:
        config.EXACT_BUDGET, config.OMAHA_EXACT_BUDGET, config.STUD_EXACT_BUDGET = 11, 12, 13
        assert (equities.EXACT_BUDGET, plan.EXACT_BUDGET, omaha.EXACT_BUDGET, stud.EXACT_BUDGET) == (11, 11, 12, 13)
    finally:
        config.reset()
    assert plan.EXACT_BUDGET == 400_000_000 and omaha.EXACT_BUDGET == 100_000_000
    with pytest.raises(AttributeError):
        plan.NO_SUCH_LIMIT  # noqa: B018


def test_a_smaller_budget_makes_exact_none_sample():
    deal = (["AhKh", "QdQc"], "2c 3d 4h")
    assert pokerlut.equity(*deal).method == "exact"
    try:
        config.EXACT_BUDGET = 10
        assert pokerlut.equity(*deal, samples=1000, seed=1).method == "monte carlo"
    finally:
        config.reset()


# --- result records compare sanely -----------------------------------------------------------

def _equity_result() -> EquityResult:
    return EquityResult(["AhKh", "QdQc"], np.array([0.4, 0.5]), np.array([0.1, 0.1]), np.array([0.45, 0.55]),
                        10, "exact", np.zeros(2))


def test_equity_result_equality_is_a_bool():
    r = _equity_result()
    assert (r == r) is True and (r == _equity_result()) is True
    changed = dataclasses.replace(r, equity=np.array([0.45, 0.56]))
    assert (r == changed) is False and (r != changed) is True
    assert (r == dataclasses.replace(r, seconds=3.0)) is True  # how long it took is not the answer
    assert (r == "not a result") is False


def test_batch_result_and_grid_equality_is_a_bool():
    b = BatchEquityResult(*[np.zeros((1, 2))] * 3, np.array([990]), "exact", np.zeros((1, 2)))
    assert (b == b) is True and (b == dataclasses.replace(b, n=np.array([989]))) is False
    g = class_equity("AhAd", board="Ks 7h 2c")
    assert (g == g) is True and (g == dataclasses.replace(g, equity=g.equity.copy())) is True
    holed = g.equity.copy()
    holed[0, 0] = np.nan  # an impossible class is NaN: still equal to itself
    nan_grid = dataclasses.replace(g, equity=holed)
    assert (nan_grid == dataclasses.replace(g, equity=holed.copy())) is True and (nan_grid == g) is False
    other = g.equity.copy()
    other[0, 0] += 0.01
    assert (g == dataclasses.replace(g, equity=other)) is False


# --- the deck size is written once -----------------------------------------------------------

#: Files where the deck size is defined (the facts' home), never checked for its literal.
DECK_HOMES = {"constants.py", "layout.py"}
#: ``path: line`` of a literal 52 that means something other than the deck or the wild card, with why.
#: (Docstrings and comments are strings or nothing to ``ast``: examples there are fine.)
NOT_THE_DECK: dict[str, str] = {}


def literal_52s() -> list[str]:
    """``path:line`` of every integer constant 52 in the package's code outside the deck's home."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in DECK_HOMES or "__pycache__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and type(node.value) is int and node.value == 52:
                found.append(f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno}")
    return found


def test_no_literal_deck_size_outside_constants():
    stray = [where for where in literal_52s() if where not in NOT_THE_DECK]
    assert not stray, ("a literal 52 outside constants.py/layout.py: use N_NATURAL (the deck) or WILD "
                       f"(the wild card's id), or list it in NOT_THE_DECK with the reason: {stray}")


def test_the_deck_scanner_sees_a_literal_52():
    tree = ast.parse("x = range(52)  # 52 in a comment is not code\n'''52 in a docstring'''")
    assert [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value == 52] == [52]


# --- game counts the docs state, checked against the registries -------------------------------

_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
                 "fifteen sixteen seventeen eighteen nineteen twenty").split()
#: A count of games written in prose: "ten games", "Nine games", "14 games", "fourteen variants".
_GAME_COUNT = re.compile(r"(?<!-)\b(%s|\d+) (?:poker )?(?:games|variants)\b" % "|".join(_NUMBER_WORDS), re.IGNORECASE)


def _video_poker_games() -> int:
    from pokerlut.videopoker import GAMES
    return len(GAMES)


#: Every place a game count is stated, with the count the registry gives now.
STATED_COUNTS = {
    ("docs/videopoker.md", "video poker games"): _video_poker_games,
    ("src/pokerlut/videopoker/games.py", "video poker games"): _video_poker_games,
    ("docs/rules.md", "stud games"): lambda: sum(v.rule.deal == "stud" for v in pokerlut.VARIANTS.values()),
    ("docs/rules.md", "three-card games"): lambda: sum(3 in v.hand_sizes for v in pokerlut.VARIANTS.values()),
}


def stated_counts() -> list[tuple[str, int, str]]:
    """``(path, count, sentence start)`` of every game count in README.md, docs/*.md and the package."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted(PACKAGE.rglob("*.py"))]
    found = []
    for path in paths:
        for match in _GAME_COUNT.finditer(path.read_text(encoding="utf-8")):
            word = match.group(1).lower()
            count = int(word) if word.isdigit() else _NUMBER_WORDS.index(word)
            found.append((path.relative_to(ROOT).as_posix(), count, match.group(0)))
    return found


def test_every_stated_game_count_is_the_registrys():
    claims: dict[str, list[int]] = {}
    for path, count, _ in stated_counts():
        claims.setdefault(path, []).append(count)
    expected: dict[str, list[int]] = {}
    for (path, _), count in STATED_COUNTS.items():
        expected.setdefault(path, []).append(count())
    assert {p: sorted(c) for p, c in claims.items()} == {p: sorted(c) for p, c in expected.items()}, \
        "a game count in the docs differs from the registry, or a new one is not listed in STATED_COUNTS"


def test_the_game_count_pattern_reads_words_and_digits():
    text = "for ten games; Nine games, 14 variants, the best-five games and three video poker games"
    assert [m.group(1) for m in _GAME_COUNT.finditer(text)] == ["ten", "Nine", "14"]
