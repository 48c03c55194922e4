"""The scriptable command line: ``--json`` on every subcommand that prints results, parsed and
checked against the Python call it stands for; hands from files and standard input; mixed hand
sizes; ``--version``; bad ``--plot`` paths before any work; failed writes to standard output."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from fractions import Fraction
from importlib.metadata import version

import numpy as np
import pytest

import pokerlut
from pokerlut import videopoker as vp
from cli_run import run
from pokerlut.cli.output import SCHEMA




def document(capsys, *argv: str) -> dict:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    assert out.count("\n") == 1  # one document on one line
    doc = json.loads(out)
    assert doc["schema"] == SCHEMA and doc["command"] == argv[0]
    return doc


def scored(strength: int, scale: str = "high") -> dict:
    return {"strength": strength, "category": int(pokerlut.category(strength, scale)),
            "category_name": pokerlut.category_name(strength, scale), "description": pokerlut.describe(strength, scale)}


# --------------------------------------------------------------------------- eval


def test_eval_json_mixed_sizes_in_input_order(capsys):
    hands = ["As Ks Qs Js Ts", "9c 9d 9h 9s 2c 3d 4d", "2c 2d W 9h 9s", "Ah Kh 7c 7d 2s 3s", "7c 5d 4h 3s 2c"]
    doc = document(capsys, "eval", *hands)
    assert doc["variant"] == "high" and doc["board"] is None
    assert [row["index"] for row in doc["hands"]] == list(range(len(hands)))
    for text, row in zip(hands, doc["hands"]):
        cards = pokerlut.parse_cards(text)
        strength = int(pokerlut.evaluate(cards))
        assert row["input"] == text and row["cards"] == cards.tolist()
        assert {k: row[k] for k in ("strength", "category", "category_name", "description")} == scored(strength)
        assert "low" not in row


def test_eval_mixed_sizes_text_keeps_the_order(capsys):
    hands = ["Ah Kh 7c 7d 2s 3s 4s", "7c 5d 4h 3s 2c", "As Ks Qs Js Ts 9c"]
    status, out, _ = run(capsys, "eval", *hands)
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 3
    for text, line in zip(hands, lines):
        assert line.startswith(text) and f"  {int(pokerlut.evaluate(text))}  " in line


def test_eval_json_stud_hilo_has_the_low(capsys):
    hands = ["Ah 2h 3c 4d 5s 9c Kd", "Kc Kd Qh Qs 9c 9d 2s"]
    doc = document(capsys, "eval", *hands, "--variant", "stud-hilo")
    for text, row in zip(hands, doc["hands"]):
        high = int(pokerlut.evaluate(text, variant="stud-hilo"))
        low = int(pokerlut.evaluate(text, variant="eight-or-better"))
        assert row["strength"] == high and row["low"] == scored(low, "eight-or-better")


def test_eval_json_omaha_hilo_mixed_hole_sizes(capsys):
    hands, board = ["Ah 2h Qh Jh", "As 3s 4d 5d 6c"], "Th 9h 3c 4c 8c"
    doc = document(capsys, "eval", *hands, "--variant", "omaha-hilo", "--board", board)
    assert doc["board"] == board
    for text, row in zip(hands, doc["hands"]):
        result = pokerlut.evaluate_omaha(pokerlut.parse_cards(text), pokerlut.parse_cards(board), variant="omaha-hilo")
        assert row["strength"] == int(result.high)
        assert row["low"]["strength"] == int(result.low)
    assert doc["hands"][0]["low"]["strength"] > 1  # a qualifying low: A-2 with 3-4-8


def test_eval_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("As Ks Qs Js Ts\n\n# a comment\n  2c 2d W 9h 9s  \r\n"))
    doc = document(capsys, "eval", "-")
    assert [row["input"] for row in doc["hands"]] == ["As Ks Qs Js Ts", "2c 2d W 9h 9s"]
    assert [row["strength"] for row in doc["hands"]] == pokerlut.evaluate(["As Ks Qs Js Ts", "2c 2d W 9h 9s"]).tolist()


def test_eval_reads_files_and_arguments_in_order(capsys, tmp_path, monkeypatch):
    path = tmp_path / "hands.txt"
    path.write_text("7c 5d 4h 3s 2c\nAh Kh Qh Jh Th 2c 3d\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("9c 9d 9h 9s 2c\n"))
    doc = document(capsys, "eval", "As Ks Qs Js Ts", "-", "--file", str(path))
    assert [row["input"] for row in doc["hands"]] == ["As Ks Qs Js Ts", "9c 9d 9h 9s 2c", "7c 5d 4h 3s 2c",
                                                      "Ah Kh Qh Jh Th 2c 3d"]


def test_a_bad_hand_in_a_file_is_named_by_index_and_line(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\n\n2c 2d 2h 2s 2c\n")
    status, out, err = run(capsys, "eval", "--file", str(path))
    assert status == 2 and out == ""
    assert f"hand 1 ('2c 2d 2h 2s 2c', {path}:3): card 2c (id 0) is dealt twice" in err


def test_parse_and_duplicate_errors_count_hands_alike(capsys):
    """Both name the second hand ``hand 1``, as docs/rules.md numbers everything from 0."""
    _, _, parse_error = run(capsys, "eval", "As Ks Qs Js Ts", "As Ks Qs Js Xs")
    _, _, duplicate = run(capsys, "eval", "As Ks Qs Js Ts", "As Ks Qs Js As")
    assert "hand 1 ('As Ks Qs Js Xs'): cannot read a card" in parse_error
    assert "hand 1 ('As Ks Qs Js As'): card As (id 51) is dealt twice" in duplicate


def test_no_hand_at_all_is_an_error(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    for argv in (["eval"], ["eval", "-"]):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and "no hand given" in err


def test_a_missing_hands_file_names_the_option(capsys):
    status, out, err = run(capsys, "eval", "--file", "no/such/hands.txt")
    assert status == 2 and out == "" and "--file 'no/such/hands.txt': No such file or directory" in err


# --------------------------------------------------------------------------- the other subcommands


def test_deal_json(capsys):
    deck = [51, 8, 11, 6, 4, 31, 3, 13, 9]
    doc = document(capsys, "deal", *map(str, deck))
    result = pokerlut.course.play(deck)
    assert doc["winner"] == result.winner and [p["strength"] for p in doc["players"]] == list(result.strengths)
    assert doc["made"] == (result.made[1] if result.winner == 2 else result.made[0])


def test_equity_json_exact(capsys):
    doc = document(capsys, "equity", "AhKh", "QdQc", "--board", "Qs 7h 2c")
    r = pokerlut.equity(["AhKh", "QdQc"], "Qs 7h 2c")
    assert doc["method"] == r.method == "exact" and doc["n"] == r.n and doc["plot"] is None
    assert [p["player"] for p in doc["players"]] == ["AhKh", "QdQc"]
    for key in ("equity", "win", "tie", "std_error"):
        assert [p[key] for p in doc["players"]] == getattr(r, key).tolist()


def test_equity_json_monte_carlo_reproduces_the_seeded_call(capsys):
    doc = document(capsys, "equity", "AhKh", "TT+", "--samples", "20000", "--seed", "7", "--no-progress")
    r = pokerlut.equity(["AhKh", "TT+"], exact=False, samples=20000, seed=7)
    assert doc["method"] == "monte carlo" and doc["seed"] == r.seed and doc["n"] == r.n
    assert [p["equity"] for p in doc["players"]] == r.equity.tolist()
    assert [p["std_error"] for p in doc["players"]] == r.std_error.tolist()


def test_equity_json_with_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    from pokerlut.equities.grid import class_equity

    path = tmp_path / "grid.png"
    doc = document(capsys, "equity", "AhKh", "QdQc", "--board", "Qs 7h 2c", "--plot", str(path), "--no-progress")
    assert path.stat().st_size > 0 and doc["plot"]["path"] == str(path)
    grid = class_equity(["AhKh", "QdQc"], "Qs 7h 2c")
    expected = [[None if np.isnan(x) else x for x in row] for row in grid.equity.tolist()]
    assert doc["plot"]["grid"]["equity"] == expected and doc["plot"]["grid"]["labels"] == grid.labels.tolist()


def test_grid_json(capsys):
    doc = document(capsys, "grid", "QQ+, AKs, 0.5(AQo)")
    g = pokerlut.ranges.class_weights("QQ+, AKs, 0.5(AQo)")
    assert doc["combos"] == g.combos.tolist() and doc["weights"] == g.weights.tolist()
    assert doc["labels"] == g.labels.tolist() and doc["total"] == g.total == 18 + 4 + 6 and doc["plot"] is None


def test_strength_json(capsys):
    doc = document(capsys, "strength", "QQ+,AKs,T9s", "--board", "Qs Ts 2c")
    d = pokerlut.ranges.range_strengths("QQ+,AKs,T9s", "Qs Ts 2c")
    b = pokerlut.range_breakdown("QQ+,AKs,T9s", "Qs Ts 2c")
    assert doc["total"] == d.total
    assert {c["category"]: c["combos"] for c in doc["categories"]} == dict(enumerate(d.counts.tolist()))
    assert {c["name"]: c["share"] for c in doc["classes"]} == dict(zip(pokerlut.boards.MADE_CLASSES,
                                                                        b.made_shares.tolist()))
    assert {c["name"]: c["combos"] for c in doc["draws"]} == dict(zip(pokerlut.boards.DRAWS, b.draw_counts.tolist()))
    assert doc["no_draw"] == b.no_draw


def test_holds_json(capsys):
    doc = document(capsys, "holds", "Jh Jd 4s 7c Qh", "--detail", "--top", "5")
    h = vp.hold_values("Jh Jd 4s 7c Qh", counts=True)
    (hand,) = doc["hands"]
    assert [row["mask"] for row in hand["holds"]] == h.holds[:5].tolist()
    assert [row["value"] for row in hand["holds"]] == h.values[:5].tolist()
    assert [row["draws"] for row in hand["holds"]] == h.draws[:5].tolist()
    assert hand["holds"][0]["hold"] == "Jh Jd" and hand["holds"][0]["counts"]["four_of_a_kind"] == int(
        h.counts[0, vp.get_game("jacks-or-better").class_id("four_of_a_kind")])
    assert doc["pays"]["royal_flush"] == 800.0 and doc["exact_pays"]["full_house"] == "9"


def test_holds_reads_several_hands_from_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("Jh Jd 4s 7c Qh\nAs Ks Qs Js 2c\n"))
    doc = document(capsys, "holds", "-", "--top", "1", "--game", "jacks-or-better")
    best = vp.hold_values(["Jh Jd 4s 7c Qh", "As Ks Qs Js 2c"]).values[:, 0].tolist()
    assert [hand["holds"][0]["value"] for hand in doc["hands"]] == best


def test_video_return_json(capsys):
    doc = document(capsys, "video-return", "--game", "jacks-or-better", "--pay", "full_house=8", "--no-progress")
    table = vp.make_paytable("jacks-or-better", {**vp.get_game("jacks-or-better").paytable.as_dict(), "full_house": 8})
    r = vp.game_return("jacks-or-better", table, progress=False)
    assert doc["return"] == r.value and Fraction(doc["exact"]) == r.exact
    game = vp.get_game("jacks-or-better")
    assert {c["class"]: c["probability"] for c in doc["classes"]} == dict(zip(game.classes, r.probabilities.tolist()))
    assert doc["deals"] == r.deals and doc["pays"]["full_house"] == 8.0


def test_video_strategy_json(capsys):
    doc = document(capsys, "video-strategy", "--top", "4", "--no-progress")
    chart = vp.strategy_chart("jacks-or-better", progress=False)
    assert [(x["pattern"], x["best"], x["played"]) for x in doc["lines"]] == [tuple(x) for x in chart.lines[:4]]
    assert doc["chart_return"] == chart.chart_return and doc["agreement"] == chart.agreement


def test_demo_json(capsys):
    doc = document(capsys, "demo", "--hands", "5000", "--repeat", "1", "--seed", "3", "--wild-fraction", "0.2")
    strengths = pokerlut.evaluate(pokerlut.random_hands(5000, 5, wild_fraction=0.2, seed=3))
    counts = np.bincount(pokerlut.category(strengths), minlength=len(pokerlut.CATEGORY_NAMES))
    assert {c["category"]: c["hands"] for c in doc["categories"]} == dict(enumerate(counts.tolist()))
    assert doc["examples"][0]["description"] == "Five of a kind, aces"
    assert doc["validated"]["hands_per_second"] > 0 and doc["unchecked"]["best_seconds"] > 0


def test_warmup_json(capsys):
    from pokerlut.warmup import FEATURES, cache_location

    doc = document(capsys, "warmup", "--features", "evaluate", "--no-progress")
    assert [f["feature"] for f in doc["features"]] == ["evaluate"]
    assert doc["not_warmed"] == [f for f in FEATURES if f != "evaluate"] and doc["cache"] == str(cache_location())


def test_bench_json(capsys):
    doc = document(capsys, "bench", "--peers", "--only", "", "--cards", "5", "--hands", "2000", "--repeat", "1",
                   "--serial-only", "--quiet")
    (comparison,) = doc["comparisons"]
    assert comparison["cards"] == 5 and comparison["hands"] == 2000 and doc["failures"] == []
    rows = {row["label"]: row for row in comparison["rows"]}
    assert rows["pokerlut (1 thread)"]["status"] == "ok" and rows["pokerlut (1 thread)"]["rate"] > 0


# --------------------------------------------------------------------------- version, plots, writes


def test_version_prints_the_package_version(capsys):
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.strip() == f"pokerlut {version('pokerlut')}" == f"pokerlut {pokerlut.__version__}"


@pytest.mark.parametrize("argv, named", [
    (["equity", "AhKh", "QdQc", "--plot", "no/such/folder/grid.png"], "--plot 'no/such/folder/grid.png': the folder"),
    (["equity", "AhKh", "QdQc", "--plot", "grid.txt"], "--plot 'grid.txt': the file name must end in a picture format"),
    (["grid", "QQ+", "--plot", "grid.nope"], "--plot 'grid.nope'"),
    (["strength", "QQ+", "--board", "Qs 7h 2c", "--plot-classes", "no/such/folder/c.svg"], "--plot-classes"),
])
def test_bad_plot_paths_exit_2_before_any_work(capsys, monkeypatch, argv, named):
    pytest.importorskip("matplotlib")
    import pokerlut.equities as equities  # the command imports equity from there when it runs

    def no_work(*args, **kwargs):
        raise AssertionError("the equity was computed before --plot was checked")

    monkeypatch.setattr(equities, "equity", no_work)
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and named in err and "Traceback" not in err


def test_plot_into_a_folder_is_refused(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    folder = tmp_path / "pictures.png"
    folder.mkdir()
    status, out, err = run(capsys, "grid", "QQ+", "--plot", str(folder))
    assert status == 2 and out == "" and "that is a folder" in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("argv", [["eval", "As Ks Qs Js Ts"], ["equity", "AhKh", "QdQc", "--board", "Qs 7h 2c"],
                                  ["grid", "QQ+", "--json"], ["--version"]])
def test_a_full_disk_on_stdout_is_one_line_and_status_1(argv):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "pokerlut", *argv], stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=300)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip().endswith("error: cannot write to standard output: No space left on device")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_closed_pipe_ends_quietly_with_141():
    process = subprocess.Popen([sys.executable, "-m", "pokerlut", "eval", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # the reader went away, as `pokerlut eval - | head -0`
    _, err = process.communicate(b"As Ks Qs Js Ts\n" * 20000, timeout=300)
    assert process.returncode == 141 and err == b""
