"""Percentile ranges: the class ranking against the exact preflop tables and a direct enumeration,
the percentile arithmetic by combos, and ``top15%`` / ``5-20%`` wherever ranges are read."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut.abstraction import preflop
from pokerlut.ranges import class_labels, class_sizes, parse_range
from pokerlut.ranges.percentile import class_ranking, hand_percentile, percent_span, percentile_classes


def combos_of(labels):
    return sorted(map(tuple, np.concatenate([parse_range(x).combos for x in labels]).tolist()))


def test_ranking_against_the_preflop_tables():
    """The order and equities against the tables' own reading (pokerlut.abstraction.preflop)."""
    t = preflop.preflop_tables()
    r = class_ranking()
    by_label = dict(zip(t.labels.tolist(), t.random_equity.tolist()))
    assert sorted(r.labels.tolist()) == sorted(by_label)
    assert np.array_equal(r.equity, [by_label[x] for x in r.labels.tolist()])
    assert (np.diff(r.equity) <= 0).all()


@pytest.mark.parametrize("label", ["AA", "88", "AKs", "T9s", "32o"])
def test_ranking_against_a_direct_enumeration(label):
    """The equity of a few classes against random by the sorting engine (not the tables)."""
    r = class_ranking()
    k = int(np.flatnonzero(r.labels == label)[0])
    direct = pokerlut.equity([label, "random"], method="sweep")
    assert direct.engine == "sweep"
    assert abs(direct.equity[0] - r.equity[k]) < 1e-12


def test_published_order():
    """Against one random hand the best class is AA, 88 beats AKs, and 32o is the worst (the
    standard PokerStove "vs random" list: AA 85.2%, 32o 32.3%)."""
    r = class_ranking()
    labels = r.labels.tolist()
    assert labels[0] == "AA" and labels[-1] == "32o"
    assert labels.index("88") < labels.index("AKs")
    assert round(float(r.equity[0]), 3) == 0.852 and round(float(r.equity[-1]), 3) == 0.323


def test_percentiles_by_combos():
    r = class_ranking()
    sizes = {str(x): int(n) for x, n in zip(class_labels().reshape(-1), class_sizes().reshape(-1))}
    before = 0
    for label, start, end in zip(r.labels.tolist(), r.start, r.end):
        assert abs(start - 100 * before / 1326) < 1e-12
        before += sizes[label]
        assert abs(end - 100 * before / 1326) < 1e-12
        assert hand_percentile(label) == (start, end)
    assert before == 1326


@pytest.mark.parametrize("text, lo, hi", [("top15%", 0, 15), ("15%", 0, 15), ("5-20%", 5, 20), ("top2.5%", 0, 2.5),
                                          ("40-100%", 40, 100)])
def test_range_text_holds_the_classes_with_their_middle_inside(text, lo, hi):
    r = class_ranking()
    expected = [x for x, s, e in zip(r.labels.tolist(), r.start, r.end) if (lo < (s + e) / 2 or lo == 0)
                and (s + e) / 2 <= hi]
    got = sorted(map(tuple, parse_range(text).combos.tolist()))
    assert got == combos_of(expected)


def test_top100_is_random_and_spans_add_up():
    assert combos_of(["AA"]) == sorted(map(tuple, parse_range("top0.3%").combos.tolist()))
    assert np.array_equal(parse_range("top100%").combos, parse_range("random").combos)
    a, b, c = (set(map(tuple, parse_range(t).combos.tolist())) for t in ("top5%", "5-20%", "top20%"))
    assert not a & b and a | b == c
    assert len(parse_range("top15%")) == 200


def test_everywhere_ranges_are_read():
    g = pokerlut.ranges.class_weights("top10%")
    assert g.total == len(parse_range("top10%"))
    r = pokerlut.equity(["top10%", "random"])
    assert abs(r.equity[0] - pokerlut.equity([", ".join(percentile_classes(0, 10)), "random"]).equity[0]) < 1e-15
    assert len(parse_range("0.5(top5%), 5-10%:0.25")) == len(parse_range("top10%"))


@pytest.mark.parametrize("text, match", [("top0.1%", "no starting-hand class"), ("20-5%", "runs from 0 to 100"),
                                         ("top150%", "runs from 0 to 100"), ("top%", "written like")])
def test_bad_percentages(text, match):
    with pytest.raises(ValueError, match=match):
        parse_range(text)


def test_percent_span():
    assert percent_span("TOP15%") == (0.0, 15.0) and percent_span("QQ") is None
