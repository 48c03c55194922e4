"""The wheel's metadata: project URLs (home, documentation, source, issues) and a long description
that stands alone, naming no file the wheel lacks (the wheel holds the package and its tables, not
the repository's README, docs or scripts).  The core metadata is built by hatchling, the build
backend, when it is installed (offline, no wheel written); the file checks need nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "pokerlut"
URL_NAMES = ("Homepage", "Documentation", "Source", "Issues")
#: What reads as a file or folder in text: a path with a slash, or a name with a file extension.
FILE_LIKE = re.compile(r"(?<![\w/.-])((?:[\w-]+/)+[\w.-]*|[\w-]+\.(?:md|rst|txt|py|toml|cfg|json|csv|npz|npy|typed))"
                       r"(?![\w/-])")


def project() -> dict:
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def wheel_files() -> set[str]:
    """The files the wheel holds, as pyproject.toml lays them out: the package, and the tables
    under ``pokerlut/tables``."""
    build = __import__("tomllib").loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]
    assert build["build"]["targets"]["wheel"]["packages"] == ["src/pokerlut"]
    assert build["build"]["targets"]["wheel"]["force-include"] == {"tables": "pokerlut/tables"}
    names = {f"pokerlut/{p.relative_to(PACKAGE).as_posix()}" for p in PACKAGE.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts}
    return names | {f"pokerlut/tables/{p.relative_to(ROOT / 'tables').as_posix()}"
                    for p in (ROOT / "tables").rglob("*") if p.is_file()}


def description() -> str:
    readme = project()["readme"]
    return (ROOT / readme["file"]).read_text(encoding="utf-8")


def missing_files(text: str, names: set[str]) -> list[str]:
    return [token for token in FILE_LIKE.findall(text)
            if not any(n == token.rstrip("/") or n.endswith("/" + token) or f"/{token.rstrip('/')}/" in f"/{n}"
                       for n in names)]


def test_the_project_names_its_home_documentation_source_and_issues():
    urls = project()["urls"]
    for name in URL_NAMES:
        assert re.fullmatch(r"https://[\w.-]+(/[\w./-]*)?", urls[name]), (name, urls.get(name))


def test_the_description_names_no_file_the_wheel_lacks():
    names = wheel_files()
    assert "pokerlut/py.typed" in names and any(n.startswith("pokerlut/tables/high/") for n in names)
    text = description()
    assert missing_files(text, names) == []
    assert not re.search(r"README|source distribution|repository's", text)
    # the check itself catches what the old description said
    assert missing_files("the rules are in its document `docs/rules.md`", names) == ["docs/rules.md"]
    assert missing_files("see benchmarks/card_text.py", names) == ["benchmarks/card_text.py"]


def test_the_built_core_metadata_has_the_urls_and_the_description():
    pytest.importorskip("hatchling")
    from hatchling.metadata.core import ProjectMetadata
    from hatchling.metadata.spec import DEFAULT_METADATA_VERSION, get_core_metadata_constructors
    from hatchling.plugin.manager import PluginManager

    metadata = ProjectMetadata(str(ROOT), PluginManager())
    text = get_core_metadata_constructors()[DEFAULT_METADATA_VERSION](metadata)
    head, _, body = text.partition("\n\n")
    urls = dict(line.removeprefix("Project-URL: ").split(", ", 1) for line in head.splitlines()
                if line.startswith("Project-URL: "))
    assert set(URL_NAMES) <= set(urls) and urls == project()["urls"]
    assert "Description-Content-Type: text/markdown" in head
    assert body.strip() == description().strip()
    assert missing_files(body, wheel_files()) == []
