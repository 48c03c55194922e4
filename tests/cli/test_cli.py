"""The command-line tool, run as a user would."""

from __future__ import annotations

import subprocess
import sys

import pokerlut
from pokerlut.cli import main


def test_eval_prints_strength_category_and_description(capsys):
    assert main(["eval", "As Ks Qs Js Ts", "2c 2d W 9h 9s"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    royal = int(pokerlut.evaluate("As Ks Qs Js Ts"))
    assert str(royal) in lines[0] and "Royal flush" in lines[0]
    assert "Full house, nines full of twos" in lines[1]


def test_eval_bad_card_exits_2_with_message(capsys):
    assert main(["eval", "As Ks Qs Js Xs"]) == 2
    assert "'Xs'" in capsys.readouterr().err


def test_demo_runs_small(capsys):
    assert main(["demo", "--hands", "20000", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "million hands/s" in out and "Five of a kind, aces" in out
    assert "High card" in out and "20,000" in out


def test_console_entry_point_runs_as_module():
    result = subprocess.run([sys.executable, "-m", "pokerlut", "eval", "W W W W W"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Five of a kind, aces" in result.stdout
