"""The examples of docs/analytics.md run (it is not in the doctest globs of pyproject.toml): the
code fences are read as blank lines, so that an example's output ends where its block does."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "analytics.md"


def test_examples_run():
    pytest.importorskip("pandas")
    text = re.sub(r"^```\w*$", "", DOC.read_text(), flags=re.M)
    test = doctest.DocTestParser().get_doctest(text, {}, "analytics.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10 and result.failed == 0
