"""Figures that stay true: every time, rate and ratio README.md and docs/*.md quote is the text of a
figure ``python benchmarks/figures.py`` recorded in ``benchmarks/figures.json`` (with its machine and
method), or sits in a section of the performance guide that names the benchmark script it comes from;
the warmup estimates are the recorded ones, and the quoted test count agrees with the suite."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORD = json.loads((ROOT / "benchmarks" / "figures.json").read_text(encoding="utf-8"))
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# sections of the performance guide that quote recorded runs of the benchmark scripts they name (ranges over
# several runs, on the machines they name): sourced, but not re-measured by benchmarks/figures.py
RECORDED_RUNS = {"The ceiling kernel and `evaluate`", "Equity", "Boards, draws and outs", "Inside your own numba code",
                 "One hand at a time", "Beside treys, phevaluator, eval7 and pokerkit"}

NUMBER = r"\d(?:[\d,]*\d)?(?:\.\d+)?"
# a time, a rate or a ratio: "2.8 ms", "0.78-0.85x", "486 M hands/s", "1.9-2.1 T", "29 M seven-card hands/s"
QUOTED = re.compile(rf"(?<![\w.^/-]){NUMBER}(?:-{NUMBER})?(?:[x×](?!\w)|\s(?:ms|µs|us|ns|s|sec|seconds?|minutes?|min|"
                    rf"hours?|M hands/s|M trials/s|M/s|M|hands/s|trials/s|T)(?![\w/]))")


def _figures_module():
    spec = importlib.util.spec_from_file_location("figures", ROOT / "benchmarks" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of each ``##`` section, fenced code blocks left out (doctests check those)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    parts = re.split(r"^##+ (.*)$", text, flags=re.M)
    return [("", parts[0])] + list(zip(parts[1::2], parts[2::2]))


def test_the_quoted_figure_pattern_finds_what_it_should():
    for text in ("2.8 ms", "0.78-0.85x", "486-487 M hands/s", "1.9-2.1 T", "313×", "about 94 s", "1-3 s a chart",
                 "29 M seven-card hands/s", "6 M/s", "~60 µs", "takes 11 minutes"):
        assert QUOTED.search(text), text
    for text in ("13 x 13", "10^6 hands", "2c 2d W 9h 9s", "As Ks Qs Js Ts", "5-card", "1,712,304 boards", "99.5439%",
                 "--rounds 40", "2^28 elements", "benchmarks/figures.py"):
        assert not QUOTED.search(text), text


def test_every_figure_of_the_record_names_its_run_and_matches_its_value():
    figures = _figures_module()
    assert set(RECORD["runs"]) == set(figures.GROUPS)
    for group, run in RECORD["runs"].items():
        assert run["method"] and run["recorded"], group
        assert {"cpu", "cores", "python", "numba", "load_average_before", "load_average_after"} <= set(run["machine"])
    for key, entry in RECORD["figures"].items():
        assert entry["group"] in RECORD["runs"], key
        if entry["unit"] == "tests":
            continue
        # the text is the value rounded to two or three significant figures, in the unit it names
        number = float(re.match(NUMBER, entry["text"]).group().replace(",", ""))
        scale = {"ms": 1e3, "µs": 1e6}.get(entry["unit"], 1.0)
        assert abs(number - entry["value"] * scale) <= 0.05 * entry["value"] * scale, (key, entry)
        assert entry["text"].endswith(entry["unit"]), (key, entry)


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_quoted_time_rate_and_ratio_is_a_recorded_figure(doc):
    recorded = {entry["text"] for entry in RECORD["figures"].values()}
    unsourced = []
    for heading, body in _sections(doc.read_text(encoding="utf-8")):
        if doc.name == "performance.md" and heading in RECORDED_RUNS:
            continue
        unsourced += [f"{heading or '(top)'}: {m.group()!r}" for m in QUOTED.finditer(body) if m.group() not in recorded]
    assert not unsourced, (f"{doc.relative_to(ROOT)} quotes figures that benchmarks/figures.json does not hold "
                           f"(record them with benchmarks/figures.py, or leave them out): {unsourced}")


def test_the_recorded_runs_of_the_performance_guide_name_their_benchmark_and_machine():
    sections = dict(_sections((ROOT / "docs" / "performance.md").read_text(encoding="utf-8")))
    assert RECORDED_RUNS <= set(sections), RECORDED_RUNS - set(sections)
    for heading in RECORDED_RUNS:
        scripts = re.findall(r"benchmarks/(\w+\.py)", sections[heading])
        assert scripts, f"{heading}: names no benchmark script"
        for script in scripts:
            assert (ROOT / "benchmarks" / script).is_file(), (heading, script)
        assert re.search(r"AMD EPYC|Intel Xeon|development machine", sections[heading]), f"{heading}: no machine"


def test_the_readme_performance_table_is_the_record():
    figures = _figures_module()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Performance\n", 1)[1].split("\n## ", 1)[0]
    assert figures.readme_table(RECORD) in section, figures.readme_table(RECORD)
    for group in ("speed", "compile"):
        assert figures.machine_text(RECORD["runs"][group]) in " ".join(section.split()), group
    assert "benchmarks/figures.py" in section


def test_the_performance_guide_compile_table_is_the_record():
    figures = _figures_module()
    guide = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    section = dict(_sections(guide))["First call"]
    assert figures.first_call_table(RECORD) in section, figures.first_call_table(RECORD)
    assert figures.machine_text(RECORD["runs"]["compile"]) in " ".join(section.split())


def test_the_warmup_estimates_are_the_recorded_seconds():
    from pokerlut import _notice

    recorded = {key.split(" ", 1)[1]: entry["value"] for key, entry in RECORD["figures"].items()
                if key.startswith("warmup_step ")}
    assert set(recorded) == set(_notice.FEATURE_SECONDS)
    assert _notice.FEATURE_SECONDS == {name: max(1, round(seconds)) for name, seconds in recorded.items()}, \
        "run python benchmarks/figures.py --only compile and copy its steps into FEATURE_SECONDS"


def test_the_quoted_test_count_is_the_record_and_near_the_suite(collected_tests):
    entry = RECORD["figures"]["tests"]
    quoted = [doc for doc in DOCUMENTS if entry["text"] in doc.read_text(encoding="utf-8")]
    assert quoted, f"no document quotes {entry['text']!r}"
    counted = re.sub(r"\D", "", entry["text"])
    assert abs(int(counted) - entry["value"]) <= 50, entry
    collected, whole = collected_tests
    if not whole:
        pytest.skip("the session runs part of the suite: the count is compared where the README's command runs")
    # the quote says "about": within 5% of the suite as it is, so that adding a few tests keeps it true
    assert abs(collected - entry["value"]) <= 0.05 * entry["value"], \
        f"{collected} tests collected, {entry['value']} recorded: run python benchmarks/figures.py --only tests"


# --------------------------------------------------------------------------- counts, against their sources

COUNT = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+) (boards|deals|flops|three-card hands|seven-card hands|"
                   r"canonical flops|board classes|classes)\b")


def _count_sources() -> dict[str, set[int]]:
    """What each counted noun may be, computed from the deck or from pokerlut's own indexers."""
    from math import comb

    from pokerlut import iso

    classes = {iso.count(3, hole=False), iso.count(5, hole=False, by_round=False)}
    return {
        "boards": {comb(48, 5), comb(44, 5)},  # Hold'em and heads-up Omaha boards after the hole cards
        "deals": {comb(52, 5), comb(48, 5) * comb(43, 4), 40 * comb(39, 3)},  # video poker; Omaha vs random; stud
        "flops": {comb(52, 3)}, "three-card hands": {comb(52, 3)}, "seven-card hands": {comb(52, 7)},
        "canonical flops": {iso.count(3, hole=False)}, "board classes": classes, "classes": classes,
    }


def test_every_counted_board_deal_flop_and_class_is_its_source():
    sources, wrong, seen = _count_sources(), [], set()
    for doc in DOCUMENTS:
        for number, noun in COUNT.findall(doc.read_text(encoding="utf-8")):
            seen.add(noun)
            if int(number.replace(",", "")) not in sources[noun]:
                wrong.append(f"{doc.relative_to(ROOT)}: {number} {noun}")
    assert not wrong, wrong
    assert {"boards", "deals", "flops", "seven-card hands"} <= seen  # the pattern still finds the counts


def test_the_quoted_omaha_table_size_is_the_tables():
    text = (ROOT / "docs" / "evaluating.md").read_text(encoding="utf-8")
    quoted = re.findall(r"([\d.]+) MB of tables in all", text)
    size = sum(path.stat().st_size for path in (ROOT / "tables" / "omaha").glob("*.npy"))
    assert quoted == [f"{size / 1e6:.1f}"], (quoted, size)
