"""Every command-line error names the option or argument, exits 2 and prints no traceback, before
anything else is printed."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from cli_run import run




@pytest.mark.parametrize("argv, named", [
    (["demo", "--hands", "0"], "argument --hands: must be an integer >= 1, got 0"),
    (["demo", "--hands", "-5"], "argument --hands"),
    (["demo", "--hands", "ten"], "argument --hands"),
    (["demo", "--repeat", "0"], "argument --repeat: must be an integer >= 1, got 0"),
    (["demo", "--hands", "10", "--repeat", "101"], "argument --repeat: must be an integer from 1 to 100, got 101"),
    (["demo", "--seed", "-1"], "argument --seed: must be an integer >= 0, got -1"),
    (["demo", "--seed", "1.5"], "argument --seed"),
    (["demo", "--wild-fraction", "2"], "argument --wild-fraction: must be a number from 0 to 1, got 2"),
    (["demo", "--wild-fraction", "nan"], "argument --wild-fraction"),
    (["eval", "As Ks Qs Js Xs"], "hand 0 ('As Ks Qs Js Xs'): "),
    (["eval", "As Ks Qs Js Ts", "As Ks"], "hand 1 ('As Ks'): a hand is 5, 6 or 7 cards, got 2"),
    (["eval", "As Ks Qs Js As"], "hand 0 ('As Ks Qs Js As'): card As (id 51) is dealt twice"),
    (["eval", "As Ks Qs Js Ts", "2c 3c 4c 5c 6c 7c", "Ah Kh Qh Jh Th 9h 9h"],
     "hand 2 ('Ah Kh Qh Jh Th 9h 9h'): card 9h (id 30) is dealt twice: at position 5 and at position 6"),
    (["eval", "As Ks Qs Js 2s", "--variant", "short-deck"], "hand 0 ('As Ks Qs Js 2s'), position 4: card 2s"),
    (["eval", "As Ks Qs Js", "--variant", "omaha", "--board", "2c Xx"], "--board: "),
    (["eval", "As Ks Qs Js", "--variant", "omaha"], "--board: "),
    (["eval", "As Ks Qs Js Ts", "--board", "2c 3c 4c"], "--board: "),
    (["eval", "As Ks Qs Js Ts", "--variant", "nope"], "argument --variant"),
    (["deal", "1", "2", "3"], "deck: a course deck has exactly 9 cards"),
    (["deal", "1", "2", "3", "4", "5", "6", "7", "8", "100"], "deck: deck position 8: 100"),
    (["deal", "1", "2", "3", "4", "5", "6", "7", "8", "x"], "argument deck"),
    (["holds", "Jh Jd 4s 7c Qh", "--pay", "full_house=-1"], "--pay 'full_house=-1': a payout must not be negative, got -1"),
    (["holds", "Jh Jd 4s 7c Qh", "--pay", "full_house=-2.50"], "got -2.50"),
    (["holds", "Jh Jd 4s 7c Qh", "--pays", "800,50,25,9,6,4,3,2,x"], "--pays: not a payout: 'x'"),
    (["holds", "Jh Jd 4s 7c Qh", "--pays", "800,50"], "--pays: a Jacks or Better pay table"),
    (["holds", "Jh Jd 4s 7c Qh", "--pay", "nope=1"], "--pay 'nope=1'"),
    (["holds", "Jh Jd 4s 7c Qh", "--top", "0"], "argument --top"),
    (["holds", "Jh Jd 4s 7c", "--game", "joker"], "hand 'Jh Jd 4s 7c'"),
    (["holds", "Jh Jd 4s 7c Qh", "--game", "keno"], "--game: unknown game 'keno'"),
    (["video-return", "--pays=1e300,50,25,9,6,4,3,2,1"], "--pays: a payout must be at most 1e+250 per coin, got 1e300"),
    (["video-return", "--game", "deuces", "--pay", "four_deuces=-3"], "--pay 'four_deuces=-3'"),
    (["equity", "AhKh", "QdQc", "--samples", "0"], "argument --samples"),
    (["equity", "AhKh", "QdQc", "--seed", "-1"], "argument --seed: must be an integer >= 0"),
    (["equity", "AhKh", "QdQc", "--board", "Xx"], "board: "),
    (["equity", "AhKh", "QdQc", "--dead", "Ah"], "card Ah (id 50) is dealt twice"),
    (["equity", "AhKh", "QQ:0"], "player 1: the range 'QQ:0' gives every hand weight 0"),
    (["equity", "AhKh", "1e5(QQ"], "player 1: bad range token"),
    (["equity", "AhKh"], "2 to 9 players, got 1"),
    (["bench", "--peers", "--seed", "-1"], "argument --seed: must be an integer >= 0, got -1"),
    (["bench", "--peers", "--hands", "0"], "argument --hands"),
    (["bench"], "--peers"),
])
def test_cli_errors_name_the_option_exit_2_and_print_nothing_else(capsys, argv, named):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert named in err
    assert out == ""  # nothing printed before the error
    assert "Traceback" not in err


def test_demo_hands_zero_in_a_real_process():
    result = subprocess.run([sys.executable, "-m", "pokerlut", "demo", "--hands", "0"], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 2 and result.stdout == ""
    assert "--hands" in result.stderr and "Traceback" not in result.stderr and "ZeroDivisionError" not in result.stderr


def test_demo_repeat_is_capped_in_a_real_process():
    """Samples are capped, and so are the demo's repetitions: 10**18 of them (which ran for ever) is
    a usage error, exit 2, before anything is computed."""
    result = subprocess.run([sys.executable, "-m", "pokerlut", "demo", "--hands", "10", "--repeat",
                             "1000000000000000000"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 2 and result.stdout == ""
    assert "argument --repeat: must be an integer from 1 to 100, got 1,000,000,000,000,000,000" in result.stderr
    assert "Traceback" not in result.stderr


def test_demo_repeat_at_its_cap_runs(capsys):
    status, out, _ = run(capsys, "demo", "--hands", "10", "--repeat", "100")
    assert status == 0 and "best of 100" in out


def test_demo_warms_up_every_timed_call(capsys, monkeypatch):
    """Each timed call (validated and check=False) is made once before its timed repetitions."""
    module = sys.modules["pokerlut.evaluate"]
    real = module.evaluate
    calls = []

    def recording(hands, **kwargs):
        calls.append((len(hands), kwargs.get("check", True)))
        return real(hands, **kwargs)

    monkeypatch.setattr(module, "evaluate", recording)
    status, out, _ = run(capsys, "demo", "--hands", "3000", "--repeat", "3", "--seed", "1")
    assert status == 0
    big = [check for n, check in calls if n == 3000]
    assert big == [True] * 4 + [False] * 4  # warm-up + 3 timed, for each kind
    assert "best of 3" in out and "without validation (check=False), best of 3" in out
    assert "inf" not in out


@pytest.mark.parametrize("slow", [True, False])
def test_the_demo_says_what_it_compiles_while_it_does(capsys, monkeypatch, slow):
    """A step of the demo that runs past the notice delay (a compile) says on stderr what it
    compiles, then how long it took; a quick one (kernels loaded from the cache) says nothing.  The
    compile is stood in for by a pause in the first calls, so that the test needs no empty cache."""
    import time

    monkeypatch.setattr(sys.modules["pokerlut._notice"], "NOTICE_AFTER", 0.05)
    module = sys.modules["pokerlut.evaluate"]
    real, seen = module.evaluate, set()

    def compiling(hands, **kwargs):
        kind = (len(hands) == 13, kwargs.get("check", True))  # the example hands, then each kind of batch
        if slow and kind not in seen:
            time.sleep(0.3)
        seen.add(kind)
        return real(hands, **kwargs)

    monkeypatch.setattr(module, "evaluate", compiling)
    status, out, err = run(capsys, "demo", "--hands", "2000", "--repeat", "1")
    assert status == 0 and "Example hands" in out
    said = [line for line in err.splitlines() if line.startswith("pokerlut demo:")]
    if slow:
        assert "compiling the card-text parser and the validated 5-card ranking kernel" in said[0]
        assert said[1].startswith("pokerlut demo: compiled in")
        assert "compiling the unchecked 5-card ranking kernels" in said[2]
        assert len(said) == 4
    else:
        assert said == []
    assert "CompileNotice" not in err and "warmup" not in err  # the demo's own lines, not the generic notice


def test_demo_category_shares_add_up(capsys):
    status, out, _ = run(capsys, "demo", "--hands", "2000", "--repeat", "1", "--wild-fraction", "0")
    assert status == 0
    shares = [float(line.split()[-1].rstrip("%")) for line in out.splitlines() if line.strip().endswith("%")
              and "share" not in line]
    assert np.isclose(sum(shares), 100.0, atol=0.01)
