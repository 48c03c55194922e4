"""Hands read by the command line a block at a time: memory stays flat however many lines come,
a line without end (``/dev/zero``) is exit status 2 at once, a long hand is quoted by its start and
its length, ``eval --skip-bad`` prints every good hand and names every bad one, and the output is
the same whatever the blocks (each hand checked against ``pokerlut.evaluate`` of that hand)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pokerlut
from cli_run import run
from pokerlut.cli import handsource
from pokerlut.cli.handsource import MAX_LINE_BYTES
from pokerlut.cli.ranking import EXIT_SKIPPED
from pokerlut.variants import get_variant

#: Address space a command-line child may take: several times what it needs, so that input held
#: whole fails at once instead of filling the machine's memory.
CHILD_MEMORY = 3 << 30

#: Runs ``pokerlut ARGV...`` as a child under :data:`CHILD_MEMORY`; prints its exit status, its
#: peak resident memory (KiB, the only child of this process) and the end of its stderr as JSON.
DRIVER = """
import json, resource, subprocess, sys
limit, argv, stdin = int(sys.argv[1]), sys.argv[2:], None
if argv[0] == "--stdin":
    stdin, argv = open(argv[1], "rb"), argv[2:]
def cap():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
child = subprocess.run([sys.executable, "-m", "pokerlut", *argv], stdin=stdin, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, preexec_fn=cap, timeout=600)
print(json.dumps({"status": child.returncode, "peak_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                  "stderr": child.stderr.decode(errors="replace")[-2000:]}))
"""


def in_child(*argv: str, timeout: float = 600) -> dict:
    result = subprocess.run([sys.executable, "-c", DRIVER, str(CHILD_MEMORY), *argv], capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def write_hands(path, lines: int, seed: int = 1) -> list[str]:
    """``lines`` lines of 7-card hands (10,000 distinct ones, repeated); the distinct ones."""
    distinct = pokerlut.format_cards(pokerlut.random_hands(min(lines, 10_000), 7, seed=seed)).tolist()
    text = "\n".join(distinct) + "\n"
    with open(path, "w") as f:
        for _ in range(lines // len(distinct)):
            f.write(text)
    return distinct


# --------------------------------------------------------------------------- memory and endless lines


def test_memory_stays_flat_from_ten_thousand_to_a_million_lines(tmp_path):
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    write_hands(small, 10_000)
    write_hands(big, 1_000_000)
    few = in_child("eval", "--file", str(small))
    many = in_child("eval", "--file", str(big))
    assert few["status"] == 0 and many["status"] == 0, (few, many)
    # held whole, the million lines took about 2 KB each: 2 GB against ~0.2 GB
    assert many["peak_kib"] < 1.25 * few["peak_kib"], (few["peak_kib"], many["peak_kib"])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("how", ["--file", "stdin", "--skip-bad"])
def test_dev_zero_is_exit_2_at_once(how):
    if how == "stdin":
        child = in_child("--stdin", "/dev/zero", "eval", "-", timeout=300)
        where = "<stdin>:1"
    else:
        child = in_child("eval", "--file", "/dev/zero", *(["--skip-bad"] if how == "--skip-bad" else []),
                         timeout=300)
        where = "/dev/zero:1"
    assert child["status"] == 2, child
    assert f"{where}: a line of more than {MAX_LINE_BYTES:,} bytes" in child["stderr"]
    assert "Traceback" not in child["stderr"] and len(child["stderr"]) < 500


def test_a_line_over_the_limit_is_named_by_file_and_line(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\n" + "As " * 2000 + "\n" + "2c 2d W 9h 9s\n")
    status, out, err = run(capsys, "eval", "--file", str(path))
    assert status == 2 and out == ""
    assert f"{path}:2: a line of more than {MAX_LINE_BYTES:,} bytes" in err
    # a line at the limit is read (and is one bad hand, not a line too long)
    path.write_text("As Ks Qs Js Ts\n" + "x" * MAX_LINE_BYTES + "\r\n")
    status, out, err = run(capsys, "eval", "--file", str(path), "--skip-bad")
    assert status == EXIT_SKIPPED and "Royal flush" in out
    assert f"{path}:2: skipped hand 1 ('xxxx" in err and f"({MAX_LINE_BYTES:,} characters)" in err


# --------------------------------------------------------------------------- quoting


def test_a_long_bad_hand_is_quoted_by_its_start_and_length(capsys, tmp_path):
    status, out, err = run(capsys, "eval", "As Ks Qs Js Ts", "Ah " * 30_000)
    assert status == 2 and out == ""
    assert "hand 1 ('Ah Ah Ah" in err and "(90,000 characters)" in err
    assert len(err) < 1500
    path = tmp_path / "hands.txt"
    path.write_text("7h " * 1300 + "\n")
    status, _, err = run(capsys, "eval", "--file", str(path))
    assert status == 2 and "(3,899 characters)" in err and len(err) < 1500
    status, _, err = run(capsys, "holds", "Jh " * 20_000)
    assert status == 2 and "(60,000 characters)" in err and len(err) < 1500


# --------------------------------------------------------------------------- blocks and --skip-bad


def expected_line_strength(text: str, variant: str = "high") -> int:
    return int(pokerlut.evaluate(pokerlut.parse_cards(text), variant=variant))


def printed_strengths(out: str) -> list[int]:
    return [int(re.search(r"  +(\d+)  ", line).group(1)) for line in out.splitlines() if line not in ("high:", "low:")]


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(handsource, "BLOCK_HANDS", 3)


MIXED = ["As Ks Qs Js Ts", "9c 9d 9h 9s 2c 3d 4d", "2c 2d W 9h 9s", "Ah Kh 7c 7d 2s 3s", "7c 5d 4h 3s 2c",
         "Kd Qd Jd Td 9d 8d", "W W W W W", "3c 4d 5h 6s 8c"]


@pytest.mark.parametrize("blocks", ["one", "of three"])
def test_blocks_change_nothing_in_the_output(capsys, monkeypatch, tmp_path, blocks):
    if blocks != "one":
        monkeypatch.setattr(handsource, "BLOCK_HANDS", 3)
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(MIXED[2:]) + "\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(MIXED[1] + "\n"))
    status, out, _ = run(capsys, "eval", MIXED[0], "-", "--file", str(path))
    assert status == 0
    assert printed_strengths(out) == [expected_line_strength(t) for t in MIXED]
    assert [line.split("  ")[0].strip() for line in out.splitlines()] == [pokerlut.format_cards(pokerlut.parse_cards(t))
                                                                          for t in MIXED]
    monkeypatch.setattr(sys, "stdin", io.StringIO(MIXED[1] + "\n"))
    status, out, _ = run(capsys, "eval", MIXED[0], "-", "--file", str(path), "--json")
    doc = json.loads(out)
    assert status == 0 and out.count("\n") == 1
    assert [row["index"] for row in doc["hands"]] == list(range(len(MIXED)))
    assert [row["strength"] for row in doc["hands"]] == [expected_line_strength(t) for t in MIXED]
    assert doc["skipped"] == 0


def test_hi_lo_blocks_print_their_high_then_their_low(capsys, small_blocks):
    hands = ["Ah 2h 3c 4d 5s 9c Kd", "Kc Kd Qh Qs 9c 9d 2s", "Ac 2d 3h 4s 8c 9d Kh", "As 3s 4d 6c 7h Jd Qd"]
    status, out, _ = run(capsys, "eval", *hands, "--variant", "stud-hilo")
    assert status == 0
    lines = out.splitlines()
    assert [i for i, line in enumerate(lines) if line in ("high:", "low:")] == [0, 4, 8, 10]
    assert printed_strengths(out) == ([expected_line_strength(t, "stud-hilo") for t in hands[:3]]
                                      + [expected_line_strength(t, "eight-or-better") for t in hands[:3]]
                                      + [expected_line_strength(hands[3], "stud-hilo")]
                                      + [expected_line_strength(hands[3], "eight-or-better")])


BAD = {  # line (from 1) -> what the error says
    2: "a hand is 5, 6 or 7 cards, got 2",
    5: "card Ah (id 50) is dealt twice: at position 0 and at position 1",
    6: "cannot read a card at character 12",
    8: "not UTF-8 text (invalid start byte at byte 0 of the line)",
    10: "a hand is 5, 6 or 7 cards, got 8",
}


def bad_file(path) -> list[tuple[int, str]]:
    """A file of good and bad lines; ``(line, text)`` of its good hands."""
    lines = [b"As Ks Qs Js Ts", b"2c 2d", b"# a comment", b"", b"Ah Ah Kd 3c 4c", b"As Ks Qs Js Xs",
             b"7c 5d 4h 3s 2c 9d 9c", b"\xff\xfe 2c", b"Kc Kd Kh 2s 2d", b"2c 3c 4c 5c 6c 7c 8c 9c",
             b"W 9h 9s 9d 2c 3c"]
    path.write_bytes(b"\n".join(lines) + b"\n")
    return [(n, line.decode()) for n, line in enumerate(lines, 1)
            if n not in BAD and line and not line.startswith(b"#")]


@pytest.mark.parametrize("blocks", ["one", "of three"])
def test_skip_bad_prints_every_good_hand_and_names_every_bad_one(capsys, monkeypatch, tmp_path, blocks):
    if blocks != "one":
        monkeypatch.setattr(handsource, "BLOCK_HANDS", 3)
    path = tmp_path / "hands.txt"
    good = bad_file(path)
    status, out, err = run(capsys, "eval", "--file", str(path), "--skip-bad")
    assert status == EXIT_SKIPPED == 3
    assert printed_strengths(out) == [expected_line_strength(text) for _, text in good]
    reports = err.splitlines()
    assert len(reports) == len(BAD)
    hand_number = {n: i for i, n in enumerate(sorted(set(BAD) | {n for n, _ in good}))}
    for report, (line, why) in zip(reports, sorted(BAD.items())):
        assert report.startswith(f"{path}:{line}: skipped hand {hand_number[line]} ("), report
        assert why in report, report
    status, out, err = run(capsys, "eval", "--file", str(path), "--skip-bad", "--json")
    doc = json.loads(out)
    assert status == EXIT_SKIPPED and doc["skipped"] == len(BAD)
    assert [(row["index"], row["strength"]) for row in doc["hands"]] == [
        (hand_number[n], expected_line_strength(text)) for n, text in good]


def test_skip_bad_with_only_good_hands_is_status_0(capsys):
    status, out, err = run(capsys, "eval", "As Ks Qs Js Ts", "--skip-bad")
    assert status == 0 and "Royal flush" in out and err == ""


def test_without_skip_bad_the_first_bad_hand_ends_the_command(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    bad_file(path)
    status, out, err = run(capsys, "eval", "--file", str(path))
    assert status == 2 and out == ""  # one block: nothing of it printed
    assert err.strip() == f"pokerlut eval: error: hand 1 ('2c 2d', {path}:2): {BAD[2]}"


def test_without_skip_bad_earlier_blocks_are_printed(capsys, tmp_path, small_blocks):
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(MIXED[:4] + ["Ah Ah Kd 3c 4c"] + MIXED[4:]) + "\n")
    status, out, err = run(capsys, "eval", "--file", str(path))
    assert status == 2
    assert printed_strengths(out) == [expected_line_strength(t) for t in MIXED[:3]]  # the first block only
    assert f"hand 4 ('Ah Ah Kd 3c 4c', {path}:5): card Ah (id 50) is dealt twice" in err


def test_many_bad_hands_in_one_block_are_each_named(capsys, tmp_path):
    """More refused hands than the block is split for: the rest are ranked one by one."""
    hands = ["As Ks Qs Js Ts" if i % 3 == 0 else f"{r}c {r}c 2d 3d 4d" for i, r in enumerate("56789TJQKA" * 4)]
    status, out, err = run(capsys, "eval", *hands, "--skip-bad")
    assert status == EXIT_SKIPPED
    bad = [i for i in range(len(hands)) if i % 3]
    assert len(out.splitlines()) == len(hands) - len(bad)
    assert [int(m) for m in re.findall(r"skipped hand (\d+) ", err)] == bad
    assert err.count("is dealt twice") == len(bad)


def test_omaha_skip_bad(capsys):
    board = "Th 9h 3c 4c 8c"
    hands = ["Ah 2h Qh Jh", "As 3c 4d 5d", "Kd Kh", "As 3s 4d 5d 6c"]
    status, out, err = run(capsys, "eval", *hands, "--variant", "omaha-hilo", "--board", board, "--skip-bad")
    assert status == EXIT_SKIPPED
    assert "hand 1 ('As 3c 4d 5d'): card 3c (id 4) is dealt twice" in err
    assert "hand 2 ('Kd Kh'): an omaha-hilo hand is 4, 5 or 6 hole cards, got 2 (the board goes in --board)" in err
    highs = [int(pokerlut.evaluate_omaha(pokerlut.parse_cards(h), pokerlut.parse_cards(board), variant="omaha-hilo").high)
             for h in (hands[0], hands[3])]
    assert printed_strengths(out)[:2] == highs


@pytest.mark.parametrize("variant, hand", [("high", "2c 3c 4c 5c 6c 7c 8c 9c"), ("badugi", "Ac 2d 3h"),
                                           ("ofc", "Ac 2d 3h 4s"), ("omaha", "Ac 2d")])
def test_a_bad_hand_size_is_worded_as_the_library_words_it(capsys, variant, hand):
    argv = ["eval", hand, "--variant", variant] + (["--board", "Th 9h 3c"] if variant == "omaha" else [])
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert get_variant(variant).hand_size_text(len(pokerlut.parse_cards(hand))) in err


def test_a_file_read_in_pieces_keeps_lines_whole(tmp_path, monkeypatch):
    """Lines cut by the reads (a few bytes at a time), CRLF endings, a last line without newline."""
    monkeypatch.setattr(handsource, "READ_SIZE", 5)
    path = tmp_path / "hands.txt"
    path.write_bytes("As Ks Qs Js Ts\r\n\r\n# x\n  2♣ 2♦ W 9♥ 9♠ \nKc Kd".encode())
    with handsource.HandSource([], [str(path)]) as source:
        hands = list(source)
    assert [(h.text, h.where, h.number) for h in hands] == [
        ("As Ks Qs Js Ts", f"{path}:1", 0), ("2♣ 2♦ W 9♥ 9♠", f"{path}:4", 1), ("Kc Kd", f"{path}:5", 2)]


def test_a_missing_second_file_is_an_error_before_anything_is_printed(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\n")
    status, out, err = run(capsys, "eval", "--file", str(path), "--file", str(tmp_path / "nope.txt"))
    assert status == 2 and out == "" and "No such file or directory" in err


def test_holds_reads_hands_a_block_at_a_time(capsys, monkeypatch, small_blocks):
    hands = ["Jh Jd 4s 7c Qh", "As Ks Qs Js 2c", "2c 7d 9h Jc Ks", "Ah Kh Qh Jh Th"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(hands) + "\n"))
    status, out, _ = run(capsys, "holds", "-", "--top", "1", "--json")
    doc = json.loads(out)
    assert status == 0 and [row["input"] for row in doc["hands"]] == hands
    for row, hand in zip(doc["hands"], hands):
        best = pokerlut.videopoker.best_hold(hand, "jacks-or-better")
        assert row["holds"][0]["value"] == pytest.approx(float(best.values))
