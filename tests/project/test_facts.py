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

ROOT = Path(__file__).resolve().parents[2]
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


# --- the hand rule is an object: no branch on a rule's name outside it -----------------------

#: Where the hand rules and the games are defined: the only files that may name a rule.
RULE_HOMES = {"rules.py", "variants.py"}
#: The old flags that re-derived a rule from its name.
RULE_FLAGS = {"is_omaha", "is_stud", "is_hilo", "is_whole", "is_holdem"}
#: Fields whose value names a rule or a table set: compared, they branch on a name.
NAMED_FIELDS = {"rule", "table_set", "low_table_set"}
#: A rule's fields that name it (its other fields are facts to read: sizes, hi-lo).
RULE_NAME_FIELDS = {"name", "deal", "hand"}


def _rule_words() -> tuple[set[str], set[str]]:
    """The names that stand for a rule: the rule objects' module names (``OMAHA_HILO``) and the old
    string constants; and the words: rule names, deal readers and hand kinds."""
    from pokerlut import rules
    constants = {name for name, value in vars(rules).items() if isinstance(value, rules.HandRule)}
    constants |= {"WHOLE_HAND", "BEST_FIVE"}
    words = set(rules.RULES) | {r.deal for r in rules.RULES.values() if r.deal} | {r.hand for r in rules.RULES.values()}
    return constants, words


def _names_a_rule(node: ast.AST, constants: set[str], words: set[str]) -> bool:
    """Whether an operand of a comparison names a rule: ``x.rule``, ``x.rule.name`` (any field of a
    rule), ``x.table_set``, ``tables.name``, a rule constant or a rule's word."""
    if isinstance(node, ast.Attribute):
        if node.attr in NAMED_FIELDS:
            return True
        inner = node.value
        if isinstance(inner, ast.Attribute) and inner.attr == "rule" and node.attr in RULE_NAME_FIELDS:
            return True
        base = inner.attr if isinstance(inner, ast.Attribute) else getattr(inner, "id", "")
        return node.attr == "name" and base.endswith("tables")
    if isinstance(node, ast.Name):
        return node.id in constants
    return isinstance(node, ast.Constant) and node.value in words


def _is_none_test(node: ast.Compare) -> bool:
    """``x is None`` / ``x is not None``: whether a field is set, not which name it holds."""
    return all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops) and any(
        isinstance(side, ast.Constant) and side.value is None for side in node.comparators)


def rule_branches(source: str, constants: set[str], words: set[str]) -> list[tuple[int, str]]:
    """``(line, code)`` of every place a source branches on a rule's name: an old flag read, a rule
    constant read, or a comparison one of whose operands names a rule."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in RULE_FLAGS:
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Name) and node.id in constants:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Compare) and not _is_none_test(node) and any(_names_a_rule(side, constants, words)
                                                   for side in (node.left, *node.comparators)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_branch_on_a_rule_name_outside_the_rules():
    constants, words = _rule_words()
    stray = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in RULE_HOMES or "__pycache__" in path.parts:
            continue
        for line, code in rule_branches(path.read_text(encoding="utf-8"), constants, words):
            stray.append(f"{path.relative_to(PACKAGE).as_posix()}:{line}: {code}")
    assert not stray, "branches on a rule's name outside pokerlut.rules / pokerlut.variants (read a field of " \
                      "the rule, or look the engine up in a registry keyed by it):\n" + "\n".join(stray)


def test_the_rule_scanner_sees_each_kind_of_branch():
    constants, words = _rule_words()
    code = ("if v.is_omaha: pass\nif v.rule == OMAHA_HILO: pass\nif v.rule.deal == 'stud': pass\n"
            "if tables.name in ('badugi',): pass\nif v.table_set == 'high': pass\nx = STUD\n"
            "if v.rule.hilo: pass\nif v.name == 'high': pass\nif v.low_table_set is None: pass\n"
            "if len(b) in v.rule.board_sizes: pass\n")
    assert sorted(line for line, _ in rule_branches(code, constants, words)) == [1, 2, 2, 3, 4, 5, 6]


# --- card counts are written once --------------------------------------------------------------

#: The files that define the card counts.  Every other file imports them (``HAND_SIZES``,
#: ``HOLDEM_HOLE``, ``OMAHA_HOLE_SIZES``, ``FIVE_CARDS`` ...), never re-types them.
COUNT_HOMES = {"constants.py", "layout.py"}
#: Files not held to the rule yet, with why.
COUNT_PENDING: dict[str, str] = {}
#: ``path: code`` of a literal the scanner takes for a card count that is not one, with why.
NOT_A_CARD_COUNT = {
    "table_checks.py: hv.shape[0] < 2": "rows of a table of hand values (a table has two or more), not cards",
    "videopoker/_tables.py: 53": "2**53, the float64 mantissa's reach, not a deck",
    "kernels/omaha_equity.py: (4, 5, 6)": "the accumulator columns of the high and low halves, not hole sizes",
}
#: The words that name a count of cards in an identifier (``n_hole``, ``len(cards)``, ``k``).
_CARD_WORD = re.compile(r"card|hole|board|hand|^k$")
#: Deck sizes (the full deck, the deck and the wild card, the short deck): never a literal.
DECK_SIZES = {36, 52, 53}


def _size_tuples() -> set[tuple[int, ...]]:
    """The tuples of card counts :mod:`pokerlut.constants` defines (``(5, 6, 7)``, ``(0, 3, 4, 5)``)."""
    from pokerlut import constants
    return {v for k, v in vars(constants).items() if k.isupper() and isinstance(v, tuple) and len(v) >= 2
            and all(type(x) is int and 0 <= x <= 9 for x in v)}


def _identifier(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _counts_cards(node: ast.AST) -> bool:
    """Whether an operand is a count of cards: ``len(cards)``, ``x.shape[i]``, ``n_hole``, ``k``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
        return bool(node.args) and bool(_CARD_WORD.search(_identifier(node.args[0]).lower()))
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        return True
    return bool(_CARD_WORD.search(_identifier(node).lower()))


def _literal_ints(node: ast.AST) -> list[int]:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts and all(
            isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
        return [e.value for e in node.elts]
    return []


def literal_card_counts(source: str, size_tuples: set[tuple[int, ...]]) -> list[tuple[int, str]]:
    """``(line, code)`` of every literal card count in a source: a count of cards compared with a
    literal of 2 or more (``len(cards) == 5``, ``k in (5, 6, 7)``), a literal tuple of the sizes
    :mod:`pokerlut.constants` defines, and a literal deck size."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = (node.left, *node.comparators)
            if any(_counts_cards(side) for side in sides) and any(
                    x >= 2 for side in sides for x in _literal_ints(side)):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Tuple) and len(node.elts) >= 3 and tuple(_literal_ints(node)) in size_tuples:
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Constant) and type(node.value) is int and node.value in DECK_SIZES:
            found.append((node.lineno, str(node.value)))
    return found


def test_no_literal_card_count_outside_constants():
    tuples = _size_tuples()
    stray = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if path.name in COUNT_HOMES or "__pycache__" in path.parts or any(where.startswith(p) for p in COUNT_PENDING):
            continue
        for line, code in literal_card_counts(path.read_text(encoding="utf-8"), tuples):
            if f"{where}: {code}" not in NOT_A_CARD_COUNT:
                stray.append(f"{where}:{line}: {code}")
    assert not stray, ("a literal card count or deck size outside constants.py/layout.py: import the constant "
                       "(HAND_SIZES, HOLDEM_HOLE, BOARD_CARDS, FIVE_CARDS, N_NATURAL, ...), or list it in "
                       "NOT_A_CARD_COUNT with the reason:\n" + "\n".join(stray))


def test_the_card_count_scanner_sees_each_kind():
    code = ("if len(cards) not in (5, 6, 7): pass\nif n_hole < 4: pass\nif x.shape[1] != 2: pass\n"
            "SIZES = (0, 3, 4, 5)\nd = range(36)\nif len(players) == 2: pass\nif k == 1: pass\n")
    assert sorted(line for line, _ in literal_card_counts(code, _size_tuples())) == [1, 1, 2, 3, 4, 5]


def test_the_pending_and_allowed_entries_still_exist():
    """An allow-list entry whose file is gone, or whose code no longer appears, is dropped."""
    for prefix in COUNT_PENDING:
        assert (PACKAGE / prefix).exists(), prefix
    tuples = _size_tuples()
    for entry in NOT_A_CARD_COUNT:
        where, code = entry.split(": ", 1)
        found = [c for _, c in literal_card_counts((PACKAGE / where).read_text(encoding="utf-8"), tuples)]
        assert code in found, entry


# --- game lists, from the registry -------------------------------------------------------------

def test_the_variants_table_lists_every_game_of_the_registry_in_order():
    from pokerlut import variants
    listed = re.findall(r"^``([a-z0-9-]+)``", variants.__doc__, re.M)
    assert listed == list(variants.VARIANTS)


def test_the_rules_scales_table_lists_every_game_of_the_registry():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = text[text.index("### Scales by variant"):]
    table = table[:table.index("\n\n", table.index("| ---"))]
    listed = re.findall(r"^\| [^|]*\(`([a-z0-9-]+)`\) \|", table, re.M)
    assert sorted(listed) == sorted(pokerlut.VARIANTS) and len(listed) == len(set(listed))


def test_every_game_has_a_registered_rule_and_its_rule_a_deal_reader():
    from pokerlut import rules
    from pokerlut.equities import registry
    for v in pokerlut.VARIANTS.values():
        assert rules.RULES[v.rule.name] is v.rule
        assert v.rule.deal is None or registry.engines(v.rule.deal), v.name


# --- equity engines come from the registry, one call to add ----------------------------------

def test_an_engine_registered_in_one_call_answers_before_the_next():
    from pokerlut.equities import registry
    canned = _equity_result()
    asked = []

    def run(deal, question):
        asked.append((deal.labels, question.exact))
        return canned if deal.labels == ["AhKh", "QdQc"] else None  # others pass to the Hold'em engine

    registry.register_engine("holdem", registry.Engine("canned", run), before="holdem")
    try:
        assert [e.name for e in registry.engines("holdem")][:2] == ["canned", "holdem"]
        assert pokerlut.equity(["AhKh", "QdQc"], exact=True) is canned
        other = pokerlut.equity(["AhKh", "JdJc"], board="2c 3d 4h 5s 9c")
        assert other is not canned and other.method == "exact" and other.engine in ("enumerate", "runouts")
        assert asked == [(["AhKh", "QdQc"], True), (["AhKh", "JdJc"], None)]
        with pytest.raises(ValueError, match="registered for 'holdem' already"):
            registry.register_engine("holdem", registry.Engine("canned", run))
    finally:
        registry.READERS["holdem"].engines[:] = [e for e in registry.engines("holdem") if e.name != "canned"]


def test_options_an_engine_does_not_take_are_refused_by_the_registry():
    with pytest.raises(ValueError, match="per_combo and method are for the Hold'em games, not stud"):
        pokerlut.equity(["As Ad", "Kh"], variant="stud", per_combo=True)
    with pytest.raises(ValueError, match="per_combo and method are for the Hold'em games, not omaha"):
        pokerlut.equity(["Ah Kh Qd Jd", "2c 3c 4d 5d"], variant="omaha", method="sweep")


def test_the_board_deal_reader_refuses_the_games_of_another_reader():
    from pokerlut.equities.deal import parse_deal
    with pytest.raises(ValueError, match=r"the stud game does not: use pokerlut.equity\(..., variant='stud'\)"):
        parse_deal(["As Ad", "Kh Kd"], variant="stud")
    with pytest.raises(ValueError, match="the badugi game does not: use pokerlut.showdown"):
        parse_deal(["As Ad", "Kh Kd"], variant="badugi")


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
