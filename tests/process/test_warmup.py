"""The first call: ``warmup`` fills numba's cache so a fresh process compiles nothing, and a call
that compiles says so once, on a terminal only (or as configured)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import textwrap

import pytest

import pokerlut
from pokerlut import _notice as W


def run(code: str, env: dict, tty: bool = False, timeout: float = 600) -> tuple[int, str, str]:
    """Run ``code`` in a fresh interpreter; with ``tty`` its stderr is a terminal (a pty)."""
    full_env = {**os.environ, **env}
    args = [sys.executable, "-c", textwrap.dedent(code)]
    if not tty:
        r = subprocess.run(args, capture_output=True, text=True, env=full_env, timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    master, slave = pty.openpty()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=slave, env=full_env, text=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # the child closed its end
            break
        if not data:
            break
        chunks.append(data)
    out, _ = p.communicate(timeout=timeout)
    os.close(master)
    return p.returncode, out, b"".join(chunks).decode(errors="replace")


def test_warmup_fills_an_empty_cache_so_a_fresh_process_compiles_nothing(tmp_path):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    code, out, err = run("import pokerlut; print(sorted(pokerlut.warmup('evaluate,enumeration', progress=False)))",
                         env)
    assert code == 0, err
    code, out, err = run("""
        import numpy as np, pokerlut
        for k in (5, 6, 7):
            for check in (True, False):
                pokerlut.evaluate(pokerlut.random_hands(100, k, seed=k), check=check)
        pokerlut.strength_histogram(5)
        print("done")
    """, {**env, "NUMBA_DEBUG_CACHE": "1"})
    assert code == 0, err
    assert "data loaded" in out
    assert "data saved" not in out and "index saved" not in out, [line for line in out.splitlines() if "saved" in line]


def test_two_parallel_warmups_fill_one_empty_cache_and_a_fresh_process_then_compiles_nothing(tmp_path):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": os.pathsep.join(sys.path)}
    argv = [sys.executable, "-m", "pokerlut", "warmup", "--features", "enumeration,hand strength", "--jobs", "2"]
    both = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            for _ in range(2)]
    for p in both:
        out, err = p.communicate(timeout=900)
        assert p.returncode == 0, err
        assert "compiled (or loaded) the kernels of enumeration, hand strength in" in out, out
        assert "(2 worker processes)" in out and "hand strength" in err and "done in" in err, (out, err)
    code, out, err = run("""
        import pokerlut
        from pokerlut import abstraction
        print(pokerlut.strength_histogram(5)[-1])
        print(abstraction.hand_strength("Ah Kh", "Qh Jh 2c 3d 4s"))
        print(abstraction.rollout("Ah Kh", "Qh Jh 2c 3d 4s", potential=True))
    """, {**env, "NUMBA_DEBUG_CACHE": "1"})
    assert code == 0, err
    assert "data loaded" in out
    assert "data saved" not in out and "index saved" not in out, [line for line in out.splitlines() if "saved" in line]


def test_warmup_jobs_must_be_a_positive_count():
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="jobs is a number of worker processes"):
            pokerlut.warmup("enumeration", progress=False, jobs=bad)


COMPILING = """
    import pokerlut, pokerlut._notice as w
    w.NOTICE_AFTER = 0.0          # whatever the machine's speed, the first call counts as long
    pokerlut.strength_histogram(5)
    pokerlut.strength_histogram(5)
    print("done")
"""


@pytest.mark.parametrize("tty, mode, expected", [(True, "auto", 1), (False, "auto", 0), (True, "never", 0),
                                                 (False, "always", 1)])
def test_the_compile_message_appears_once_on_a_terminal(tmp_path, tty, mode, expected):
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "POKERLUT_COMPILE_MESSAGES": mode}
    code, out, err = run(COMPILING, env, tty=tty)
    assert code == 0, err
    assert err.count("compiling the enumeration kernels once") == expected, err


def test_bad_warmup_features_are_named():
    with pytest.raises(ValueError, match="unknown warmup feature 'evaluation'"):
        pokerlut.warmup("evaluation")
    with pytest.raises(ValueError, match="'always', 'never' or 'auto'"):
        W.set_compile_messages("sometimes")


def test_the_cli_warmup_says_where_the_cache_is(tmp_path):
    r = subprocess.run([sys.executable, "-m", "pokerlut", "warmup", "--features", "enumeration", "--no-progress"],
                       capture_output=True, text=True, env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)},
                       timeout=600)
    assert r.returncode == 0, r.stderr
    assert f"numba's cache: {tmp_path}" in r.stdout and "enumeration" in r.stdout


# --------------------------------------------------------------------------- notices wherever the user is


def test_a_notebook_like_run_shows_the_notice_once(tmp_path):
    # no terminal anywhere, but IPython answers (as in Jupyter): the notice appears, once, as a CompileNotice
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "POKERLUT_COMPILE_MESSAGES": "auto"}
    code, out, err = run("import builtins; builtins.get_ipython = lambda: object()\n" + textwrap.dedent(COMPILING),
                         env)
    assert code == 0 and out.strip() == "done", err
    assert err.count("compiling the enumeration kernels once") == 1, err
    assert "CompileNotice: pokerlut: compiling the enumeration kernels once" in err


@pytest.fixture
def notebook(monkeypatch):
    """An IPython shell as far as pokerlut can tell, a notice that comes at once, and an event set
    when the notice has been given (whatever became of it)."""
    import builtins
    import threading

    monkeypatch.setattr(builtins, "get_ipython", lambda: object(), raising=False)
    monkeypatch.setattr(W, "NOTICE_AFTER", 0.0)
    monkeypatch.setattr(W, "_done", set())
    monkeypatch.setattr(W, "_mode", None)
    monkeypatch.delenv("POKERLUT_COMPILE_MESSAGES", raising=False)
    given = threading.Event()
    say = W.say

    def noted(*args, **kwargs):
        say(*args, **kwargs)
        given.set()

    monkeypatch.setattr(W, "say", noted)
    return given


def first_calls(given, action: str | None = None, feature: str = "evaluate", calls: int = 2) -> list:
    """The CompileNotices of ``calls`` first-call-like calls of ``feature`` that each last until the
    notice was given, under a warnings filter ``action`` on CompileNotice (none by default)."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # count what pokerlut sends, not what warnings would repeat
        if action:
            warnings.filterwarnings(action, category=pokerlut.CompileNotice)
        for _ in range(calls):
            with W.compile_notice(feature):
                assert given.wait(60)
    return [w for w in caught if issubclass(w.category, pokerlut.CompileNotice)]


def test_in_a_notebook_the_notice_is_a_compile_notice_at_the_users_line(notebook, caplog):
    import logging

    with caplog.at_level(logging.INFO, logger="pokerlut"):
        notices = first_calls(notebook)
    assert len(notices) == 1, notices
    assert str(notices[0].message).startswith("pokerlut: compiling the evaluate kernels once (about ")
    assert notices[0].filename == __file__  # the user's call, not pokerlut's insides
    assert [r.getMessage() for r in caplog.records if r.name == "pokerlut"] == [str(notices[0].message)]


@pytest.mark.parametrize("action", ["ignore", "error"])
def test_a_warnings_filter_silences_the_notice_and_never_interrupts_a_call(notebook, action):
    assert first_calls(notebook, action) == []  # "error": no exception either, the calls went on


def test_the_pokerlut_loggers_level_silences_the_notice(notebook, monkeypatch):
    import logging

    monkeypatch.setattr(logging.getLogger("pokerlut"), "level", logging.WARNING)
    assert first_calls(notebook) == []


def test_nobody_watching_means_no_notice_but_the_log_record(notebook, monkeypatch, caplog):
    import builtins
    import logging

    monkeypatch.delattr(builtins, "get_ipython")
    with caplog.at_level(logging.INFO, logger="pokerlut"):
        assert first_calls(notebook) == []  # pytest's stderr is no terminal
    assert any("compiling the evaluate kernels once" in r.getMessage() for r in caplog.records)


def test_ipython_is_recognised_by_get_ipython(monkeypatch):
    import builtins
    import types

    monkeypatch.delattr(builtins, "get_ipython", raising=False)
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: None  # IPython imported by a plain script: no shell
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert not W.in_ipython() and not W.watched()
    fake.get_ipython = lambda: object()
    assert W.in_ipython() and W.watched()


def test_warmup_into_a_log_writes_one_line_per_step(tmp_path):
    log = tmp_path / "log"
    with open(log, "w") as stderr:  # pokerlut warmup --features ... 2>log
        r = subprocess.run([sys.executable, "-m", "pokerlut", "warmup", "--features", "enumeration,hand strength",
                            "--jobs", "1"],
                           stdout=subprocess.PIPE, stderr=stderr, text=True, timeout=600)
    assert r.returncode == 0, log.read_text()
    lines = log.read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == ["pokerlut warmup [1/2]", "pokerlut warmup [2/2]",
                                                      "pokerlut warmup"], lines
    assert lines[0].startswith(f"pokerlut warmup [1/2]: enumeration (from an empty cache about "
                               f"{W.FEATURE_SECONDS['enumeration']} s of the ")
    assert lines[1].startswith("pokerlut warmup [2/2]: hand strength") and lines[2].startswith("pokerlut warmup: done")


def test_warmup_shows_a_bar_in_a_notebook_and_nothing_when_told(notebook, capsys):
    pokerlut.warmup("enumeration")
    err = capsys.readouterr().err
    assert "pokerlut warmup (about" in err and "[1/1]" not in err, err  # the bar (tqdm.auto), no log lines
    pokerlut.warmup("enumeration", progress=False)
    assert capsys.readouterr().err == ""


def test_the_documents_and_the_cli_quote_the_one_warmup_estimate():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    documents = {path.relative_to(root): " ".join(path.read_text().split())
                 for path in (root / "README.md", *sorted((root / "docs").glob("*.md")))}
    quoted = {path: re.findall(r"about (\d+) s from an empty cache", text) for path, text in documents.items()}
    assert quoted[Path("docs/performance.md")], "the performance guide quotes the estimate"  # where it is explained
    values = {int(q) for found in quoted.values() for q in found}
    assert values == {W.WARMUP_SECONDS} == {sum(W.FEATURE_SECONDS.values())}, quoted
    assert W.WARMUP_MACHINE in documents[Path("docs/performance.md")]
    for path, text in documents.items():  # no estimate of its own beside the one value
        assert not re.search(r"warmup[^.]*\b(minute|minutes)\b", text), path
    helps = {}
    for argv in (("--help",), ("warmup", "--help")):
        r = subprocess.run([sys.executable, "-m", "pokerlut", *argv], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        helps[argv] = " ".join(r.stdout.split())
    assert f"warmup compile every kernel now (from an empty cache about {W.WARMUP_SECONDS} s on {W.WARMUP_MACHINE};" \
        in helps[("--help",)], helps
    assert not re.search(r"\d+ s\b|minute", helps[("warmup", "--help")])  # no estimate of its own
