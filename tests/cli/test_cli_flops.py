"""``pokerlut flops``: text, ``--json`` and ``--csv`` against the library call, and bad arguments."""

from __future__ import annotations

import csv
import io
import json

import numpy as np

from cli_run import run
from pokerlut.analytics import all_flops, flop_subset


def test_json_and_csv_match_the_library(capsys):
    expected = all_flops(["AA", "KK"], flops=flop_subset(5))
    status, out, _ = run(capsys, "flops", "AA", "KK", "--subset", "5", "--json")
    assert status == 0
    doc = json.loads(out)
    assert doc["command"] == "flops" and doc["players"] == ["AA", "KK"]
    assert np.allclose(doc["total"], expected.total, atol=1e-15)
    assert len(doc["rows"]) == len(expected) and doc["columns"][:4] == ["flop", "weight", "deals", "equity_0"]
    status, out, _ = run(capsys, "flops", "AA", "KK", "--subset", "5", "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert status == 0 and rows[0] == doc["columns"]
    assert [r[0] for r in rows[1:]] == expected.flop_text
    assert np.allclose([float(r[3]) for r in rows[1:]], expected.equity[:, 0], atol=1e-15)


def test_text(capsys):
    status, out, _ = run(capsys, "flops", "AA", "KK", "--subset", "5", "--no-classes")
    assert status == 0 and out.startswith("AA vs KK on 22,100 flops (5 classes)")


def test_bad_arguments(capsys):
    status, out, err = run(capsys, "flops", "AA", "KK", "--json", "--csv")
    assert status == 2 and out == "" and "choose one" in err
    status, out, err = run(capsys, "flops", "AhKh", "Ah2c", "--subset", "3")
    assert status == 2 and out == "" and "dealt twice" in err
    status, out, err = run(capsys, "flops", "AA", "KK", "--subset", "0")
    assert status == 2 and out == "" and "--subset" in err
