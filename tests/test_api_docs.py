"""The manual builds: Sphinx (the README's guides, the rules, the command line, the API reference
from the docstrings) with warnings as errors, so that a broken internal link or a malformed
docstring fails; nothing in it points outside the repository; and the wheel carries a
self-contained long description, ``py.typed``, classifiers and Requires-Python."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import pokerlut

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _sphinx(source: Path, out: Path) -> subprocess.CompletedProcess:
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("myst_parser") is None:
        pytest.skip("sphinx and myst-parser are not installed (pip install -e '.[docs]')")
    return subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
                           str(source), str(out)], capture_output=True, text=True, timeout=900, cwd=ROOT)


@pytest.mark.exhaustive  # about 25 s: autodoc imports and documents the whole public API
def test_the_manual_builds_with_warnings_as_errors(tmp_path):
    result = _sphinx(DOCS, tmp_path / "html")
    assert result.returncode == 0, result.stdout + result.stderr
    pages = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "html").glob("*.html")}
    assert {"index.html", "guide.html", "rules.html", "cli.html", "api.html"} <= set(pages)
    api = pages["api.html"]
    for name in ("pokerlut.evaluate", "pokerlut.equity", "pokerlut.typing.HandsLike", "pokerlut.videopoker.hold_values",
                 "pokerlut.EquityResult", "pokerlut.jit.rank"):
        assert f'id="{name}"' in api, name
    assert 'href="rules.html#wild-cards"' in pages["guide.html"]  # the README's links, resolved in the manual
    outside = {name: re.findall(r'(?:href|src)="(?:https?:)?//[^"]*"', text) for name, text in pages.items()}
    assert not any(outside.values()), outside  # no link leaves the repository's own pages


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


def test_the_api_reference_lists_every_public_module():
    spec = importlib.util.spec_from_file_location("pokerlut_docs_conf", DOCS / "conf.py")
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip("sphinx is not installed")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    text = conf.api_text()
    for name in pokerlut.__all__:
        assert (f":: pokerlut.{name}\n" in text or f".. py:data:: {name}\n   :module: pokerlut\n" in text
                or f".. automodule:: pokerlut.{name}\n" in text), name
    assert text.count(".. autofunction:: pokerlut.evaluate\n") == 1  # described once, though re-exported


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
