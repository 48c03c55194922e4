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
