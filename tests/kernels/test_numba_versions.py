"""The numba versions pokerlut supports (``kernels/numba_compat.py``): a clear ``ImportError`` outside
the range, the range as ``pyproject.toml`` states it, and (exhaustive) a smoke run of the kernels
on the oldest numba admitted, in a virtual environment of its own.  The rest of the suite runs on
the newest (the one the test environment installs)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

from pokerlut.kernels import numba_compat

ROOT = Path(__file__).resolve().parents[2]


def oldest() -> str:
    major, minor, micro = numba_compat.NUMBA_RANGE[0]
    return f"{major}.{minor}.{micro}"


def test_pyproject_states_the_supported_range():
    text = (ROOT / "pyproject.toml").read_text()
    assert f'"{numba_compat.NUMBA_REQUIREMENT}"' in text
    low, high = re.fullmatch(r"numba>=([\d.]+),<([\d.]+)", numba_compat.NUMBA_REQUIREMENT).groups()
    assert numba_compat.version_tuple(low) == numba_compat.NUMBA_RANGE[0]
    assert numba_compat.version_tuple(high) == numba_compat.NUMBA_RANGE[1]
    assert numba_compat.NUMBA_RANGE[1][1] - numba_compat.NUMBA_RANGE[0][1] >= 3  # three minor releases at least
    import numba

    numba_compat.check_version(numba.__version__)  # the numba under test is inside it


OUTSIDE = ["0.60.0", "0.69.0", "0.69.0rc1", "1.0.0"]
#: One fresh interpreter tries every version in turn (pokerlut's modules dropped between tries, so each
#: ``import pokerlut`` checks again): one cold start for the four, not four.
TRY_EACH = """
import json, os, sys, warnings
import numba
found = {}
for version in json.loads(sys.argv[1]):
    numba.__version__ = version
    for name in [m for m in sys.modules if m == "pokerlut" or m.startswith("pokerlut.")]:
        del sys.modules[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            import pokerlut
            found[version] = {"strength": int(pokerlut.evaluate("As Ks Qs Js Ts")),
                              "warnings": [str(w.message) for w in caught]}
        except ImportError as error:
            found[version] = {"error": f"ImportError: {error}"}
print(json.dumps(found))
"""


def _try_each(versions: list[str], **env: str) -> dict:
    import json

    r = subprocess.run([sys.executable, "-c", TRY_EACH, json.dumps(versions)], capture_output=True, text=True,
                       timeout=300, env={**os.environ, **env})
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_a_numba_outside_the_range_is_refused_at_import_with_the_range_named():
    refused = _try_each(OUTSIDE)
    for version in OUTSIDE:
        error = refused[version].get("error", "")
        assert error.startswith("ImportError: pokerlut supports numba>=0.61,<0.69 (0.61 to 0.68)"), (version, refused)
        assert f"numba {version} is installed" in error, (version, error)
    # POKERLUT_ANY_NUMBA=1: a warning instead, and the kernels run
    allowed = _try_each(OUTSIDE, POKERLUT_ANY_NUMBA="1")
    for version in OUTSIDE:
        assert allowed[version].get("strength") == 7462, (version, allowed)
        assert any("pokerlut supports numba" in w for w in allowed[version]["warnings"]), (version, allowed)


#: What the oldest numba runs: ranking (scalar and AVX2), one hand from Python (the C entry point),
#: the numba-callable API in users' own functions, and the cache's own checks and fallbacks.
#: (Every 5-card hand natural and with one or two wilds: the 3-5 wild brute force of the reference costs
#: more than all the rest and runs the same kernels.)
SMOKE = ["tests/evaluate/test_evaluate_five.py::test_every_natural_hand_equals_the_reference",
         "tests/evaluate/test_evaluate_five.py::test_every_hand_with_wilds_equals_the_reference[1-270725]",
         "tests/evaluate/test_evaluate_five.py::test_every_hand_with_wilds_equals_the_reference[2-22100]",
         "tests/evaluate/test_evaluate_five.py::test_textbook_category_counts",
         "tests/kernels/test_simd.py::test_every_five_card_hand",
         "tests/kernels/test_simd.py::test_short_arrays_unaligned_and_strided_input",
         "tests/evaluate/test_one_hand.py::test_one_hand_gives_the_batch_result_in_every_form",
         "tests/kernels/test_jit_api.py::test_rank_and_the_incremental_hand_equal_evaluate",
         "tests/kernels/test_jit_api.py::test_category_compare_and_best_five_equal_pokerlut",
         "tests/process/test_cache_safety.py::test_a_damaged_cache_file_is_named_bypassed_and_rewritten[truncated data]",
         "tests/process/test_cache_safety.py::test_a_damaged_cache_file_is_named_bypassed_and_rewritten[garbage index]",
         "tests/process/test_cache_safety.py::test_a_file_size_limit_never_fails_a_call",
         "tests/kernels/test_numba_versions.py::test_pyproject_states_the_supported_range"]


@pytest.mark.exhaustive
def test_the_oldest_numba_admitted_runs_a_smoke_subset(tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", f"numba=={oldest()}", "tqdm", "pytest",
                              "hypothesis"], capture_output=True, text=True, timeout=900)
    if install.returncode != 0:
        pytest.skip(f"cannot install numba=={oldest()} (no network or no wheel for this Python): "
                    f"{install.stderr.strip().splitlines()[-1:]}")
    version = subprocess.run([str(python), "-c", "import numba; print(numba.__version__)"], capture_output=True,
                             text=True).stdout.strip()
    assert version == oldest()
    # pokerlut from this tree (as an editable install would), its kernels cached apart from the
    # newest numba's so neither overwrites the other's files
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PYTEST_ADDOPTS", None)
    r = subprocess.run([str(python), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *SMOKE], cwd=ROOT,
                       capture_output=True, text=True, env=env, timeout=1800)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout
    check = subprocess.run([str(python), "-c", textwrap.dedent("""
        import pokerlut
        print(pokerlut.kernel_info()["numba"], int(pokerlut.evaluate("As Ks Qs Js Ts")))
    """)], capture_output=True, text=True, env=env, timeout=600)
    assert check.stdout.split() == [oldest(), "7462"], check.stderr[-2000:]
