"""The manual builds: Sphinx (the guides, the rules, the command line, the example gallery run by
sphinx-gallery, the API reference by subject from the docstrings) with warnings as errors, so that a
broken internal link, a malformed docstring or a failing example fails; nothing in it points outside
the project; every example produced its output and runs with only the extras it names; and the wheel
carries a self-contained long description, ``py.typed``, classifiers and Requires-Python."""

from __future__ import annotations

import ast
import html
import importlib
import importlib.util
import inspect
import os
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

import pokerlut

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
#: the modules each extra brings; an example may import only those of the extras its docstring names
EXTRA_MODULES = {"plot": ("matplotlib",), "pandas": ("pandas",), "dask": ("dask", "distributed"),
                 "bench": ("treys", "phevaluator", "eval7", "pokerkit")}
#: helpers of the package's own modules that the reference must not describe
PRIVATE_HELPERS = ("pokerlut.cards.quoted", "pokerlut.cards.shown", "pokerlut.cards.named",
                   "pokerlut.cards.integer_or_none", "pokerlut.plot.require_matplotlib")


def _sphinx(source: Path, out: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    for module in ("sphinx", "myst_parser", "sphinx_gallery"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (pip install -e '.[docs]')")
    env = {**os.environ, "MPLBACKEND": "Agg"}
    return subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
                           str(source), str(out)], capture_output=True, text=True, timeout=1800, cwd=cwd, env=env)


def _extras(example: Path) -> set[str]:
    """The extras an example's docstring names (``Extras: plot (matplotlib).`` or ``Extras: none.``)."""
    doc = ast.get_docstring(ast.parse(example.read_text(encoding="utf-8"))) or ""
    found = re.search(r"^Extras: (.*)$", doc, re.M)
    assert found, f"{example.name}: its docstring names no extras (a line 'Extras: none.' or 'Extras: plot.')"
    words = re.sub(r"\([^)]*\)", "", found.group(1)).strip(" .").split(",")
    extras = {word.strip() for word in words} - {"none"}
    assert extras <= set(EXTRA_MODULES), f"{example.name}: unknown extras {extras - set(EXTRA_MODULES)}"
    return extras


@pytest.fixture(scope="module")
def manual(tmp_path_factory) -> dict[str, str]:
    """The built manual's pages by path, from a copy of docs/ and examples/ (the gallery writes its
    pages into the source folder: the repository's is left as it is)."""
    import shutil

    work = tmp_path_factory.mktemp("manual")
    shutil.copytree(DOCS, work / "docs", ignore=shutil.ignore_patterns("auto_examples", "_build"))
    shutil.copytree(ROOT / "examples", work / "examples")
    (work / "src").symlink_to(ROOT / "src")
    out = work / "html"
    result = _sphinx(work / "docs", out, cwd=work)
    assert result.returncode == 0, result.stdout + result.stderr
    return {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8") for p in out.rglob("*.html")} | \
        {p.relative_to(out).as_posix(): "" for p in out.rglob("*.png")}


@pytest.mark.exhaustive  # about a minute: autodoc documents the whole API and the gallery runs every example
def test_the_manual_builds_with_warnings_as_errors(manual):
    guides = {"evaluating", "equity", "boards", "toolkit", "videopoker", "jit", "pictures", "cli", "performance",
              "reliability", "development", "rules", "index"}
    assert {f"{name}.html" for name in guides} <= set(manual)
    assert 'href="rules.html#wild-cards"' in manual["evaluating.html"]  # the guides' links, resolved in the manual
    outside = {name: re.findall(r'(?:href|src)="(?:https?:)?//[^"]*"', text) for name, text in manual.items()}
    assert not any(outside.values()), {name: links for name, links in outside.items() if links}


@pytest.mark.exhaustive
def test_the_api_reference_is_by_subject_with_the_main_entry_points_first(manual):
    ids = {name: re.findall(r'<dt class="sig[^"]*"[^>]*id="([^"]+)"', text)
           for name, text in manual.items() if name.startswith("api/")}
    assert len(ids) >= 8
    assert ids["api/evaluating.html"][:3] == ["pokerlut.evaluate", "pokerlut.best_five", "pokerlut.showdown"]
    assert ids["api/equity.html"][:2] == ["pokerlut.equity", "pokerlut.equity_batch"]
    assert ids["api/videopoker.html"][0] == "pokerlut.videopoker.hold_values"
    every = [i for found in ids.values() for i in found]
    assert len(every) == len(set(every))  # each described once
    for name in ("pokerlut.typing.HandsLike", "pokerlut.EquityResult", "pokerlut.jit.rank", "pokerlut.outs",
                 "pokerlut.iso.index", "pokerlut.plot.range_grid", "pokerlut.warmup"):
        assert name in every, name
    for name in PRIVATE_HELPERS:
        assert name not in every, name
    for name in every:  # a module's name is in its __all__ (a class's members are not looked at)
        module, _, attr = name.rpartition(".")
        try:
            found = importlib.import_module(module)
        except ImportError:
            continue
        if inspect.ismodule(found) and found is not pokerlut:
            assert attr in getattr(found, "__all__", ()), name
    pages = "".join(text for name, text in manual.items() if name.startswith("api/"))
    assert "TypeAliasForwardRef" not in pages and "ndarray[tuple[" not in pages  # signatures as written
    shown = html.unescape(" ".join(re.sub(r"<[^>]+>", "", pages).split()))
    assert "boards: pokerlut.typing.HandsLike | None = None" in shown, "an alias in a union, by its name"


@pytest.mark.exhaustive
def test_every_example_produced_its_output(manual):
    assert len(EXAMPLES) >= 12
    for example in EXAMPLES:
        page = manual.get(f"auto_examples/{example.stem}.html")
        assert page is not None, f"no page for {example.name}"
        assert "sphx-glr-script-out" in page, f"{example.name} printed nothing"
        if "plot" in _extras(example):
            assert f"_images/sphx_glr_{example.stem}_001.png" in manual, f"{example.name} drew no figure"
            assert f"sphx_glr_{example.stem}_001.png" in page


def test_every_example_names_its_extras_and_the_extras_exist():
    assert len(EXAMPLES) >= 12
    pyproject = (ROOT / "pyproject.toml").read_text()
    for extra in EXTRA_MODULES:
        assert re.search(rf"^{extra} = \[", pyproject, re.M), extra
    for example in EXAMPLES:
        _extras(example)


# An example runs with the modules of the extras it does not name made impossible to import, as in
# an environment that lacks them.
_BLOCKED_RUN = textwrap.dedent("""
    import importlib.abc, runpy, sys
    blocked = set(sys.argv[2].split(",")) - {""}
    class Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in blocked:
                raise ImportError(f"{name} is not installed (blocked: the example names no extra for it)")
    sys.meta_path.insert(0, Blocker())
    sys.argv = [sys.argv[1]]
    runpy.run_path(sys.argv[0], run_name="__main__")
""")


@pytest.mark.exhaustive  # a fresh process per example
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_runs_with_only_the_extras_it_names(example):
    extras = _extras(example)
    blocked = [module for extra, modules in EXTRA_MODULES.items() if extra not in extras for module in modules]
    env = {**os.environ, "MPLBACKEND": "Agg"}
    result = subprocess.run([sys.executable, "-c", _BLOCKED_RUN, str(example), ",".join(blocked)],
                            capture_output=True, text=True, timeout=900, cwd=example.parent, env=env)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip()


def test_a_broken_internal_link_fails_the_build(tmp_path):
    """The link check is real: the same Markdown settings, a link to a heading that does not exist."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["myst_parser"]\nmyst_heading_anchors = 4\n')
    (source / "index.md").write_text("# Index\n\n```{toctree}\nother\n```\n\nSee [it](other.md#no-such-heading).\n")
    (source / "other.md").write_text("# Other\n\n## A heading\n")
    result = _sphinx(source, tmp_path / "html")
    assert result.returncode != 0
    assert "no-such-heading" in result.stdout + result.stderr


def _conf():
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip("sphinx is not installed")
    spec = importlib.util.spec_from_file_location("pokerlut_docs_conf", DOCS / "conf.py")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return conf


def test_the_api_reference_lists_every_public_name_once_and_no_helper():
    conf = _conf()
    pages = conf.api_pages()
    assert set(pages) == {p.stem for p in (DOCS / "api").glob("*.rst")} - {"index"}
    text = "\n".join(pages.values())
    for name in pokerlut.__all__:
        assert (f":: pokerlut.{name}\n" in text or f".. py:data:: {name}\n   :module: pokerlut\n" in text
                or f".. automodule:: pokerlut.{name}\n" in text), name
    assert text.count(".. autofunction:: pokerlut.evaluate\n") == 1  # described once, though re-exported
    for name in PRIVATE_HELPERS:
        assert f":: {name}\n" not in text, name
    assert pages["evaluating"].index("pokerlut.evaluate\n") < pages["evaluating"].index("pokerlut.describe\n")


def test_a_public_name_without_a_page_fails_the_build(monkeypatch):
    conf = _conf()
    monkeypatch.setattr(pokerlut, "__all__", [*pokerlut.__all__, "Deal"])
    monkeypatch.setattr(pokerlut, "Deal", object(), raising=False)
    with pytest.raises(ValueError, match="pokerlut.Deal"):
        conf.api_pages()


def test_the_signatures_are_cleaned_as_written():
    conf = _conf()
    signature, returns = conf._clean_signature(
        None, "function", "f", None, None,
        "(boards: TypeAliasForwardRef('pokerlut.typing.HandsLike') | None = None)",
        "~numpy.ndarray[tuple[~typing.Any, ...], ~numpy.dtype[~numpy.int64]]")
    assert signature == "(boards: pokerlut.typing.HandsLike | None = None)"
    assert returns == "NDArray[~numpy.int64]"


def test_the_long_description_stands_alone():
    text = (DOCS / "description.md").read_text(encoding="utf-8")
    assert not re.search(r"\]\(|<a\s|https?://", text)  # no link at all: nothing to break outside the repository


@pytest.mark.exhaustive  # builds the wheel (about 10 s)
def test_the_wheel_is_typed_and_described(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("pokerlut-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "pokerlut/py.typed" in names and "pokerlut/typing.py" in names
    assert any(n.startswith("pokerlut/tables/high/") for n in names)
    head, _, description = metadata.partition("\n\n")
    assert f"Version: {pokerlut.__version__}" in head and "Requires-Python: >=3.10" in head
    assert "Classifier: Typing :: Typed" in head and "Classifier: License :: OSI Approved :: MIT License" in head
    assert "Description-Content-Type: text/markdown" in head
    assert description.strip() == (DOCS / "description.md").read_text(encoding="utf-8").strip()
    assert "](" not in description and "docs/rules.md" not in description
    assert "Project-URL: Documentation, " in head and "Project-URL: Source, " in head
