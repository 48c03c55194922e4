"""The documents stand alone: every relative link resolves inside the repository, and nothing
refers to files outside it (the rules live in ``docs/rules.md``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "tables" / "README.md"]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
# text that would point outside the repository: a parent folder, a source-document file name, the
# specification's own file name
OUTSIDE = re.compile(r"\.\./shared|\b\d{3}_[0-9a-f]{16}\.txt\b|(?<![\w/])RULES\.md")


def _anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_anchor(m.group(1)) for m in re.finditer(r"^#+\s+(.*)$", path.read_text(), re.M)}


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)  # code blocks hold no links
    return [a or b for a, b in LINK.findall(text)]


def test_the_rules_document_exists():
    assert (ROOT / "docs" / "rules.md").is_file()


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(doc):
    assert doc.is_file()
    broken = []
    for target in _links(doc):
        if re.match(r"^[a-z]+:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        path = (doc.parent / file_part).resolve() if file_part else doc
        if not path.exists() or ROOT not in path.parents and path != ROOT:
            broken.append(f"{target}: no such file in the repository")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(f"{target}: no heading with anchor #{anchor} in {path.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def _repository_text_files():
    for folder in ("src", "tests", "benchmarks", "scripts", "docs", "tables"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md", ".txt", ".toml", ".json") and "__pycache__" not in path.parts:
                yield path
    yield from (ROOT / name for name in ("README.md", "pyproject.toml", ".ci/run") if (ROOT / name).exists())


def test_nothing_refers_outside_the_repository():
    offenders = []
    for path in _repository_text_files():  # this file too: its examples below are built, not written
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not offenders, "\n".join(offenders)


def test_outside_pattern_catches_what_it_should():
    # the examples are put together here, so that this file names nothing outside the repository
    spec, parent, document = "RULES" + ".md", ".." + "/" + "shared", "123_" + "0123456789abcdef" + ".txt"
    assert OUTSIDE.search(f"see [{spec}]({parent}/{spec})")
    assert OUTSIDE.search(f"the deal of {document}")
    assert OUTSIDE.search(f"as {spec} says")
    assert not OUTSIDE.search("see docs/rules.md")


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    block = readme.split("Set up and run every test", 1)[1].split("```", 2)[1].strip()
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert block in ci, f"README: {block!r}\n.ci/run: {ci}"


# --------------------------------------------------------------------------- the README: short, and true

README_LIMIT = 15_000  # bytes: a README read in five minutes; the rest is in the guides of docs/
# a count of tests or a time of the test run: figures that go stale the day a test is added
TEST_FIGURES = re.compile(r"\b\d[\d,]*\s+(?:\w+\s+)?tests\b|\b\d+(?:[-.]\d+)?\s*(?:minutes|min)\b", re.I)


def test_the_readme_is_short():
    size = len((ROOT / "README.md").read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes; move a subject to its guide in docs/"


@pytest.mark.parametrize("doc", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_quotes_a_test_count_or_a_test_run_time(doc):
    # but the count benchmarks/figures.py recorded, which tests/docs/test_figures.py holds to the suite
    import json
    recorded = json.loads((ROOT / "benchmarks" / "figures.json").read_text(encoding="utf-8"))["figures"]["tests"]["text"]
    found = TEST_FIGURES.findall(doc.read_text(encoding="utf-8").replace(recorded, ""))
    assert not found, f"{doc.relative_to(ROOT)} quotes {found}: no script keeps such figures true"


def test_the_test_figure_pattern_catches_what_it_should():
    for text in ("the 1,470 tests", "2,741 exhaustive tests", "takes 11-14 minutes", "23 min of pytest"):
        assert TEST_FIGURES.search(text), text
    for text in ("tests/docs/test_docs.py", "the tests run it", "10^7 random hands", "3 s"):
        assert not TEST_FIGURES.search(text), text
