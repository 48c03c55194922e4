"""Pictures: the 13x13 grid layout, range grids, equity grids, strength distributions, their CLI.

Pictures are rendered with the Agg backend to PNG files and read back; the equity numbers are
checked against pokerlut.equity called class by class, the layout against hand-written cells.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pokerlut import equity, evaluate, parse_cards
from pokerlut.cli import main
from pokerlut.ranges import cell_of, class_labels, class_sizes, class_weights, combo_cells
from pokerlut.equities import class_equity
from pokerlut.ranges import range_strengths

from pokerlut import plot  # imports no matplotlib: the drawing functions do


BOARD = "Qs 7h 2c"
INSTALL = "pip install 'pokerlut[plot]'"


# --------------------------------------------------------------------------- helpers


@pytest.fixture
def mpl():
    """matplotlib on the Agg backend (tests of pictures skip without it; tests of numbers do not)."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    return matplotlib


def imread(path):
    from matplotlib.image import imread

    return imread(path)


def new_axes():
    from matplotlib.figure import Figure

    fig = Figure()
    return fig, fig.add_subplot()


def render(fig, path):
    """Save ``fig`` as PNG at its own dpi and read it back: (height, width, 4) floats."""
    fig.savefig(path, dpi=fig.dpi)
    with open(path, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    return imread(path)


def cell_color(fig, ax, image, row, col):
    """The colour of a cell, read in its upper-left quarter, away from the centred label."""
    x, y = ax.transData.transform((col - 0.3, row - 0.3))
    r, c = int(round(image.shape[0] - y)), int(round(x))
    return np.median(image[r - 1:r + 2, c - 1:c + 2, :3].reshape(-1, 3), axis=0)


def texts_by_cell(ax):
    """The label drawn at each cell centre: {(row, col): text}."""
    return {(int(round(t.get_position()[1])), int(round(t.get_position()[0]))): t.get_text() for t in ax.texts}


def title_of(ax) -> str:
    """The title with its line breaks (long titles wrap) turned into spaces."""
    return " ".join(ax.get_title().split())


def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=600)


# --------------------------------------------------------------------------- layout


def test_layout_pairs_on_the_diagonal_suited_above_offsuit_below():
    labels = class_labels()
    assert labels.shape == (13, 13)
    assert labels[0, 0] == "AA" and labels[12, 12] == "22" and labels[7, 7] == "77"
    assert labels[0, 1] == "AKs" and labels[1, 0] == "AKo"  # row A column K above, row K column A below
    assert labels[4, 5] == "T9s" and labels[5, 4] == "T9o"
    assert labels[0, 12] == "A2s" and labels[12, 0] == "A2o" and labels[7, 12] == "72s" and labels[12, 7] == "72o"
    assert len(set(labels.ravel())) == 169
    assert cell_of("AKs") == (0, 1) and cell_of("ako") == (1, 0) and cell_of("KAo") == (1, 0)
    sizes = class_sizes()
    assert sizes[0, 0] == 6 and sizes[0, 1] == 4 and sizes[1, 0] == 12 and sizes.sum() == 1326
    rows, cols = combo_cells(parse_cards("As Ks Kd Ah 7c 7h 2d 7d").reshape(4, 2))
    assert list(zip(rows.tolist(), cols.tolist())) == [(0, 1), (1, 0), (7, 7), (7, 12)]


@pytest.mark.parametrize("bad", ["AKx", "A", "AAs", "AK", "1Ks"])
def test_cell_of_rejects_non_classes(bad):
    with pytest.raises(ValueError, match="class|pair|suited"):
        cell_of(bad)


def test_class_weights_counts_weighted_combos():
    g = class_weights("QQ, AKs, 0.5(T9o), AhKd")
    assert g.weights[cell_of("QQ")] == 1 and g.combos[cell_of("QQ")] == 6
    assert g.weights[cell_of("T9o")] == 0.5 and g.combos[cell_of("T9o")] == 6 and g.present[cell_of("T9o")] == 12
    assert g.combos[cell_of("AKo")] == 1 and g.weights[cell_of("AKo")] == pytest.approx(1 / 12)
    assert g.combos[cell_of("AKs")] == 4 and g.total == 6 + 4 + 6 + 1
    assert g.weights[cell_of("72o")] == 0


# --------------------------------------------------------------------------- range grid


def test_range_grid_png_size_colours_and_labels(mpl, tmp_path):
    fig = plot.range_grid("AKs, QQ, 0.5(JJ), 98s")
    assert isinstance(fig, mpl.figure.Figure)
    image = render(fig, tmp_path / "grid.png")
    width, height = fig.get_size_inches() * fig.dpi
    assert image.shape == (round(height), round(width), 4)
    ax = fig.axes[0]
    in_range = cell_color(fig, ax, image, *cell_of("AKs"))
    assert not np.allclose(in_range, cell_color(fig, ax, image, *cell_of("AKo")), atol=0.05)  # weight 1 vs 0
    assert np.allclose(in_range, cell_color(fig, ax, image, *cell_of("QQ")), atol=0.02)  # both weight 1
    assert np.allclose(cell_color(fig, ax, image, *cell_of("72o")), cell_color(fig, ax, image, *cell_of("AKo")),
                       atol=0.02)  # both weight 0
    half = cell_color(fig, ax, image, *cell_of("JJ"))
    assert not np.allclose(half, in_range, atol=0.05) and not np.allclose(half, cell_color(fig, ax, image, 1, 0),
                                                                          atol=0.05)
    texts = texts_by_cell(ax)
    assert len(texts) == 169
    assert texts[(0, 1)] == "AKs\n4" and texts[(2, 2)] == "QQ\n6" and texts[(3, 3)] == "JJ\n3"
    assert texts[(1, 0)] == "AKo" and texts[(5, 4)] == "T9o" and texts[(6, 5)] == "98o"  # out of the range
    assert texts[(5, 6)] == "98s\n4"
    title = title_of(ax)
    assert "AKs, QQ, 0.5(JJ), 98s" in title and "17 combos" in title
    assert len(fig.axes) == 2 and "weight" in fig.axes[1].get_ylabel()  # the colour bar


def test_range_grid_draws_into_a_given_axes(mpl):
    fig, ax = new_axes()
    assert plot.range_grid("TT+", ax=ax, title="mine") is fig
    assert ax.get_title() == "mine" and len(ax.texts) == 169


def test_range_grid_bad_range_gives_the_parse_error(mpl):
    with pytest.raises(ValueError, match=r"bad range token 'AXs' at column 6") as info:
        plot.range_grid("TT+, AXs")
    assert "^^^" in str(info.value)
    with pytest.raises(TypeError, match="range"):
        plot.range_grid(42)


# --------------------------------------------------------------------------- equity grid: numbers


CHECKED = ["AA", "QQ", "AKs", "AKo", "72o", "T9s", "22", "Q7o", "KQs"]


def test_heads_up_flop_grid_equals_equity_class_by_class():
    grid = class_equity("TT+, AKs", board=BOARD)
    assert grid.method == "exact" and grid.equity.shape == (13, 13)
    for label in CHECKED:
        r = equity([label, "TT+, AKs"], BOARD)
        assert r.method == "exact"
        cell = cell_of(label)
        assert grid.equity[cell] == pytest.approx(r.equity[0], rel=1e-12, abs=1e-15), label
        assert grid.win[cell] == pytest.approx(r.win[0], rel=1e-12, abs=1e-15), label
        assert grid.tie[cell] == pytest.approx(r.tie[0], rel=1e-12, abs=1e-15), label
        assert grid.n[cell] == r.n
    assert grid.combos[cell_of("QQ")] == 3 and grid.combos[cell_of("AKs")] == 4 and grid.combos[cell_of("AKo")] == 12
    assert not np.isnan(grid.equity).any()


def test_weighted_range_dead_card_and_turn_equal_equity_class_by_class():
    opponent, board, dead = "0.5(QQ+), AKs:0.3, 87s, JhTh", "Qs 7h 2c 3d", "Ah"
    grid = class_equity(opponent, board, dead)
    assert grid.method == "exact"
    for label in CHECKED + ["A5s", "87o"]:
        r = equity([label, opponent], board, dead)
        assert grid.equity[cell_of(label)] == pytest.approx(r.equity[0], rel=1e-12), label


def test_against_a_random_range_equals_equity_class_by_class():
    grid = class_equity("random", BOARD)
    assert grid.method == "exact"
    for label in ["AA", "72o", "KQs"]:
        assert grid.at(label) == pytest.approx(equity([label, "random"], BOARD).equity[0], rel=1e-12), label


def test_blocked_classes_are_nan():
    grid = class_equity("KK", board="As Ah 7c", dead="Ad Ac")
    for label in ["AA", "AKs", "AKo", "A2s"]:
        assert np.isnan(grid.at(label)) and grid.combos[cell_of(label)] == 0
        with pytest.raises(ValueError, match="impossible"):
            equity([label, "KK"], "As Ah 7c", "Ad Ac")
    assert grid.at("QQ") == pytest.approx(equity(["QQ", "KK"], "As Ah 7c", "Ad Ac").equity[0], rel=1e-12)
    # a class whose every combo meets the opponent's only combos: AA against AA with the ace of clubs out
    grid = class_equity("AA", board="Ac 7d 2c")
    assert np.isnan(grid.at("AA")) and grid.combos[cell_of("AA")] == 3
    assert grid.at("KK") == pytest.approx(equity(["KK", "AA"], "Ac 7d 2c").equity[0], rel=1e-12)


def test_a_known_opponent_hand_removes_its_cards():
    grid = class_equity("AhAd", board="Ks 7h 2c")
    assert grid.combos[cell_of("AA")] == 1
    for label in ["AA", "KK", "72o"]:
        assert grid.at(label) == pytest.approx(equity([label, "AhAd"], "Ks 7h 2c").equity[0], rel=1e-12)


def test_monte_carlo_cells_equal_equity_with_the_class_seed():
    seed, samples, opponents = 7, 3_000, ["QQ+", "random"]
    grid = class_equity(opponents, samples=samples, seed=seed)
    assert grid.method == "monte carlo" and grid.seed == seed and grid.samples == samples
    for label in ["AA", "AKs", "72o", "T9o"]:
        row, col = cell_of(label)
        r = equity([label, *opponents], exact=False, samples=samples, seed=seed * 169 + 13 * row + col)
        assert grid.equity[row, col] == r.equity[0] and grid.n[row, col] == samples
        assert grid.std_error[row, col] == r.std_error[0]
    again = class_equity(opponents, samples=samples, seed=seed)
    assert np.array_equal(again.equity, grid.equity)


def test_heads_up_preflop_monte_carlo_has_the_default_seed_0():
    grid = class_equity("TT+", exact=False, samples=2_000)
    assert grid.method == "monte carlo" and grid.seed == 0
    row, col = cell_of("AKo")
    r = equity(["AKo", "TT+"], exact=False, samples=2_000, seed=13 * row + col)
    assert grid.equity[row, col] == r.equity[0]


def test_multiway_exact_equals_equity_class_by_class():
    opponents, board = ["KK", "AhAd"], "Ks 7h 2c Td"
    grid = class_equity(opponents, board)
    assert grid.method == "exact"
    for label in ["QQ", "JTs", "72o"]:
        r = equity([label, *opponents], board)
        assert r.method == "exact"
        assert grid.at(label) == pytest.approx(r.equity[0], rel=1e-12)


BAD_GRID_INPUT = [
    (dict(opponents="TT+, AXs"), ValueError, "bad range token 'AXs'"),
    (dict(opponents="TT+", board="Qs 7h W"), ValueError, "wild"),
    (dict(opponents="TT+", board="Qs 7h"), ValueError, "0, 3, 4 or 5 cards"),
    (dict(opponents="AsKs", board="Qs 7h As"), ValueError, "dealt twice"),
    (dict(opponents="QQ", board="Qs Qh 2c", dead="Qd Qc"), ValueError, "impossible"),
    (dict(opponents=["AA"] * 9), ValueError, "1 to 8 opponents"),
    (dict(opponents=42), TypeError, "opponents"),
    (dict(opponents=[3.5]), TypeError, "opponent 0"),
    (dict(opponents="TT+", board=[1.5, 2.5, 3.5]), TypeError, "the board.*card ids"),
    (dict(opponents="TT+", seed=-1), ValueError, "seed"),
    (dict(opponents="TT+", samples=0), ValueError, "samples"),
]


@pytest.mark.parametrize("kwargs, error, match", BAD_GRID_INPUT)
def test_equity_grid_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        class_equity(**kwargs)


@pytest.mark.parametrize("kwargs, error, match", BAD_GRID_INPUT)
def test_equity_grid_picture_bad_input(mpl, kwargs, error, match):
    with pytest.raises(error, match=match):
        plot.equity_grid(**kwargs)


# --------------------------------------------------------------------------- equity grid: picture


def test_equity_grid_picture_and_numbers(mpl, tmp_path):
    fig, grid = plot.equity_grid("TT+, AKs", board=BOARD)
    assert isinstance(fig, mpl.figure.Figure) and grid.equity.shape == (13, 13)
    image = render(fig, tmp_path / "equity.png")
    width, height = fig.get_size_inches() * fig.dpi
    assert image.shape == (round(height), round(width), 4)
    ax = fig.axes[0]
    texts = texts_by_cell(ax)
    qq = equity(["QQ", "TT+, AKs"], BOARD).equity[0]
    assert texts[cell_of("QQ")] == f"QQ\n{100 * qq:.1f}%"
    assert texts[cell_of("AKo")].startswith("AKo\n") and texts[cell_of("T9s")].startswith("T9s\n")
    strong = cell_color(fig, ax, image, *cell_of("QQ"))  # a set
    weak = cell_color(fig, ax, image, *cell_of("T3o"))  # nothing
    assert not np.allclose(strong, weak, atol=0.1)
    title = title_of(ax)
    assert "TT+, AKs" in title and BOARD in title and "exact" in title
    assert len(fig.axes) == 2 and "equity" in fig.axes[1].get_ylabel()


def test_equity_grid_draws_nan_cells_grey_and_reuses_a_computed_grid(mpl, tmp_path):
    numbers = class_equity("KK", board="As Ah 7c", dead="Ad Ac")
    fig, same = plot.equity_grid(numbers)
    assert same is numbers
    image = render(fig, tmp_path / "nan.png")
    ax = fig.axes[0]
    grey = np.array(mpl.colors.to_rgb(plot.NAN_COLOR))
    assert np.allclose(cell_color(fig, ax, image, *cell_of("AA")), grey, atol=0.02)
    assert not np.allclose(cell_color(fig, ax, image, *cell_of("QQ")), grey, atol=0.02)
    assert texts_by_cell(ax)[cell_of("AKs")] == "AKs\n–"
    with pytest.raises(ValueError, match="computed EquityGrid"):
        plot.equity_grid(numbers, board="2c 3c 4c")


def test_equity_grid_monte_carlo_title_states_trials_and_seed(mpl):
    fig, grid = plot.equity_grid(["QQ+", "random"], samples=1_000, seed=3)
    title = title_of(fig.axes[0])
    assert "Monte Carlo" in title and "1,000 trials" in title and "seed 3" in title and "preflop" in title


# --------------------------------------------------------------------------- strength distribution


def test_strength_distribution_numbers_match_evaluate():
    d = range_strengths("TT+, AKs", BOARD)
    # by hand: TT, JJ, KK, AA (24 combos) make one pair, QQ (3 left) a set, AKs (4) ace-high
    assert d.total == 31 and d.counts[0] == 4 and d.counts[1] == 24 and d.counts[3] == 3
    assert d.counts.sum() == 31 and d.shares[1] == pytest.approx(24 / 31)
    hand = parse_cards("Qh Qd Qs 7h 2c")
    assert int(evaluate(hand)) in d.strengths.tolist()


def test_strength_distribution_picture(mpl, tmp_path):
    fig = plot.strength_distribution("TT+, AKs", BOARD)
    image = render(fig, tmp_path / "strength.png")
    width, height = fig.get_size_inches() * fig.dpi
    assert image.shape == (round(height), round(width), 4)
    bars = fig.axes[0]
    names = [t.get_text() for t in bars.get_xticklabels()]
    assert names[:4] == ["High card", "One pair", "Two pair", "Three of a kind"]
    heights = [p.get_height() for p in bars.patches]
    assert heights[0] == pytest.approx(100 * 4 / 31) and heights[1] == pytest.approx(100 * 24 / 31)
    assert heights[3] == pytest.approx(100 * 3 / 31) and heights[2] == 0
    assert "TT+, AKs" in title_of(bars) and BOARD in title_of(bars)
    assert any(ax.get_label() == "<colorbar>" for ax in fig.axes)


def test_strength_distribution_of_hands_into_a_given_axes(mpl):
    fig, ax = new_axes()
    assert plot.strength_distribution(["AhKh", "7c7d"], "Qh 7h 2c Jh", ax=ax) is fig
    heights = [p.get_height() for p in ax.patches]
    assert heights[5] == pytest.approx(50) and heights[3] == pytest.approx(50)  # a flush, a set


BAD_STRENGTH_INPUT = [
    (("TT+", BOARD), dict(variant="lowball"), "unknown variant 'lowball'"),
    (("TT+", "Qs 7h W"), {}, "wild"),
    (("TT+", "Qs 7h"), {}, "3, 4 or 5"),
    (("TT+, AXs", BOARD), {}, "bad range token 'AXs'"),
    ((["AsKs"], "Qs 7h As"), {}, "dealt twice"),
    (("QQ", "Qs Qh Qd Qc 2c"), {}, "every combo"),
]


@pytest.mark.parametrize("args, kwargs, match", BAD_STRENGTH_INPUT)
def test_strength_distribution_bad_input(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        range_strengths(*args, **kwargs)


@pytest.mark.parametrize("args, kwargs, match", BAD_STRENGTH_INPUT)
def test_strength_distribution_picture_bad_input(mpl, args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        plot.strength_distribution(*args, **kwargs)


# --------------------------------------------------------------------------- imports and missing matplotlib


def test_importing_pokerlut_does_not_import_matplotlib():
    result = run_python("""
        import sys
        import pokerlut, pokerlut.ranges, pokerlut.equities, pokerlut.plot, pokerlut.cli
        print(sorted(m for m in sys.modules if m.split(".")[0] == "matplotlib"))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_missing_matplotlib_names_the_extra():
    result = run_python("""
        import sys
        sys.modules["matplotlib"] = None  # as if it were not installed
        from pokerlut import plot
        for draw in (lambda: plot.range_grid("AA"), lambda: plot.equity_grid("AA", "Qs 7h 2c"),
                     lambda: plot.strength_distribution("AA", "Qs 7h 2c")):
            try:
                draw()
            except ImportError as e:
                print(e)
            else:
                print("no error")
    """)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 3 and all(INSTALL in line and "matplotlib" in line for line in lines), lines


@pytest.mark.parametrize("argv", [["grid", "TT+", "--plot", "x.png"],
                                  ["equity", "AhKh", "QQ", "--plot", "x.png"],
                                  ["strength", "TT+", "--board", "Qs 7h 2c", "--plot", "x.png"]])
def test_cli_without_matplotlib_exits_2_naming_the_extra(argv, tmp_path):
    result = run_python(f"""
        import sys
        sys.modules["matplotlib"] = None
        from pokerlut.cli import main
        sys.exit(main({argv!r}))
    """.replace("x.png", str(tmp_path / "x.png")))
    assert result.returncode == 2
    assert INSTALL in result.stderr
    assert not (tmp_path / "x.png").exists()


# --------------------------------------------------------------------------- command line


def test_cli_grid_writes_a_png(mpl, tmp_path, capsys):
    path = tmp_path / "grid.png"
    assert main(["grid", "TT+,AKs", "--plot", str(path)]) == 0
    out = capsys.readouterr().out
    assert "34 combos" in out and f"wrote {path}" in out
    image = imread(path)
    assert image.ndim == 3 and image.shape[0] > 300 and image.shape[1] > 300


def test_cli_equity_plot_writes_the_grid(mpl, tmp_path, capsys):
    path = tmp_path / "equity.png"
    assert main(["equity", "random", "TT+,AKs", "--board", "Qs 7h 2c", "--plot", str(path), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "TT+,AKs" in out and f"wrote {path}" in out and "169 starting hands" in out
    image = imread(path)
    assert image.ndim == 3 and image.shape[0] > 300 and image.shape[1] > 300


def test_cli_strength_plot(mpl, tmp_path, capsys):
    path = tmp_path / "strength.png"
    assert main(["strength", "TT+,AKs", "--board", "Qs 7h 2c", "--plot", str(path)]) == 0
    out = capsys.readouterr().out
    assert "One pair" in out and "24" in out and f"wrote {path}" in out
    assert imread(path).ndim == 3


def test_cli_grid_without_plot_prints_the_grid(capsys):
    assert main(["grid", "AKs, 0.5(QQ)"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == list("AKQJT98765432")
    assert lines[1].split()[:3] == ["A", ".", "4"] and lines[3].split()[3] == "3"  # AKs: 4, QQ: 3


def test_cli_bad_range_and_bad_board_exit_2(mpl, tmp_path, capsys):
    assert main(["grid", "TT+,AXs", "--plot", str(tmp_path / "g.png")]) == 2
    assert "bad range token 'AXs'" in capsys.readouterr().err
    assert main(["equity", "random", "TT+", "--board", "Qs 7h W", "--plot", str(tmp_path / "e.png")]) == 2
    assert "wild" in capsys.readouterr().err
    assert main(["strength", "TT+", "--board", "Qs 7h", "--plot", str(tmp_path / "s.png")]) == 2
    assert "3, 4 or 5" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_progress_bar_changes_no_number():
    for args in [("TT+, AKs", BOARD), (["QQ+", "AhKh"], BOARD)]:
        quiet = class_equity(*args, samples=500)
        shown = class_equity(*args, samples=500, progress=True)
        assert np.array_equal(quiet.equity, shown.equity, equal_nan=True), args
