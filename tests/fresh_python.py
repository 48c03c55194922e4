"""Code run in a fresh interpreter, as the start-up, cache and process tests run it: a subprocess
with a timeout, so a crash or a hang fails the test instead of the test run; and a copy of the
package installed where nothing can be cached beside its source."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def environment(changes: dict[str, str | None] | None = None) -> dict[str, str]:
    """This process's environment with ``changes`` made (a value of ``None`` removes the variable)."""
    full_env = dict(os.environ)
    for name, value in (changes or {}).items():
        if value is None:
            full_env.pop(name, None)
        else:
            full_env[name] = value
    return full_env


def run_python(code: str, env: dict[str, str | None] | None = None, timeout: float = 300, cwd: Path | None = None,
               user: int | None = None) -> subprocess.CompletedProcess:
    """``code`` (dedented) run by ``python -c`` in this environment changed by ``env`` (see
    :func:`environment`), as ``user`` if given (POSIX, needs root)."""
    full_env = environment(env)

    def as_user():
        os.setgid(user)
        os.setuid(user)

    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, env=full_env, cwd=cwd, preexec_fn=as_user if user is not None else None)


def unwritable_install(tmp_path: Path, read_only: bool = False) -> Path:
    """A copy of the package as a wheel installs it (tables inside) under ``tmp_path / "site"``,
    where numba can cache nothing next to the source: every package folder holds a *file* named
    __pycache__ (root can write read-only folders, but nobody can make a folder where a file is).
    ``read_only`` also takes the write bits off every file and folder."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "src" / "pokerlut", site / "pokerlut",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    shutil.copytree(ROOT / "tables", site / "pokerlut" / "tables")
    for folder in [p for p in (site / "pokerlut").rglob("*") if p.is_dir()] + [site / "pokerlut"]:
        (folder / "__pycache__").write_text("not a folder")
    if read_only:
        for path in site.rglob("*"):
            path.chmod(0o555 if path.is_dir() else 0o444)
    return site
