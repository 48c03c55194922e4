"""pokerlut is typed: it ships ``py.typed``, every public function and method is annotated, and a
program using the public API (``tests/typing/usage.py``) is clean under ``mypy --strict`` with
every result of the type it asserts (none is ``Any``)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlut

ROOT = Path(__file__).resolve().parents[2]
USAGE = ROOT / "tests" / "typing" / "usage.py"
#: The public modules: the package and every subpackage or module a user imports by name.
PUBLIC_MODULES = ("pokerlut", "pokerlut.abstraction", "pokerlut.analytics", "pokerlut.boards", "pokerlut.cards", "pokerlut.course",
                  "pokerlut.dask", "pokerlut.equities", "pokerlut.interop", "pokerlut.iso", "pokerlut.jit", "pokerlut.ofc",
                  "pokerlut.plot", "pokerlut.ranges", "pokerlut.strength", "pokerlut.typing", "pokerlut.variants",
                  "pokerlut.videopoker", "pokerlut.warmup")


def test_the_package_is_marked_typed():
    assert (Path(pokerlut.__file__).parent / "py.typed").is_file()


def _public_callables():
    seen = set()
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr)
            if inspect.ismodule(obj) or id(obj) in seen:
                continue
            seen.add(id(obj))
            if inspect.isclass(obj) and obj.__module__.startswith("pokerlut"):
                for method_name, method in vars(obj).items():
                    if isinstance(method, property):
                        method = method.fget
                    if inspect.isfunction(method) and (not method_name.startswith("_") or method_name == "__init__"):
                        yield f"{name}.{attr}.{method_name}", method
            elif inspect.isfunction(obj) and obj.__module__.startswith("pokerlut"):
                yield f"{name}.{attr}", obj


def test_every_public_function_and_method_is_annotated():
    missing = []
    for name, function in _public_callables():
        signature = inspect.signature(function)
        bare = [p.name for p in signature.parameters.values()
                if p.annotation is inspect.Parameter.empty and p.name not in ("self", "cls")]
        if bare or signature.return_annotation is inspect.Signature.empty:
            missing.append(f"{name}: {', '.join(bare) or 'the return'}")
    assert not missing, "not annotated:\n" + "\n".join(missing)


def test_the_usage_file_runs():
    spec = importlib.util.spec_from_file_location("pokerlut_typed_usage", USAGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()


def test_mypy_strict_is_clean_on_the_public_api():
    """The typed usage file under ``mypy --strict`` (about 10-15 s with an empty cache)."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                             "--cache-dir", str(ROOT / ".mypy_cache"), str(USAGE)],
                            capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_sees_a_wrong_result_type(tmp_path):
    """The check can fail: a wrong assertion about a result is an error, so nothing is ``Any``."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import numpy as np\nfrom numpy.typing import NDArray\nfrom typing_extensions import assert_type\n"
                     "import pokerlut\n"
                     "assert_type(pokerlut.evaluate('As Ks Qs Js Ts'), NDArray[np.float64])\n"
                     "pokerlut.evaluate('As Ks Qs Js Ts', check='yes')\n")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(ROOT / ".mypy_cache"),
                             str(wrong)], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 1
    assert "wrong.py:5: error: Expression is of type" in result.stdout
    assert "wrong.py:6: error: Argument \"check\"" in result.stdout
