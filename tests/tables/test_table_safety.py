"""A table folder is not trusted because its own manifest matches: every file must be a regular
file of the size its manifest and its ``.npy`` header give, and every table must follow the layout
contract (dtype, shape, every index inside the tables it points into, every value on the game's
scale), or loading is a ``ValueError`` naming the file and what is wrong.

Each case edits a copy of the committed tables the way an attacker (or a broken disk, or a
hand-edited set pointed to by ``POKERLUT_TABLES``) would, the manifest rehashed to match, and
expects a clear error.  The cases that crashed or hung before the checks (a row base past the
values, a short card table, a FIFO, a link to ``/dev/zero``) load and rank in a fresh interpreter
with a timeout, so a segfault or a hang fails the test instead of killing the run.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from pokerlut import layout
from pokerlut.constants import MAX_STRENGTH, NATURAL_STRENGTHS
from pokerlut.tables import MANIFEST, load_table_set, regular_file_size

POSIX = os.name == "posix"


@pytest.fixture
def tables(tmp_path, repo_root) -> Path:
    """A private copy of the committed table folder."""
    out = tmp_path / "tables"
    shutil.copytree(repo_root / "tables", out)
    return out


def manifest_of(folder: Path, name: str) -> dict:
    return json.loads((folder / name / MANIFEST).read_text())


def write_manifest(folder: Path, name: str, manifest: dict) -> None:
    (folder / name / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")


def rehash(folder: Path, name: str, file: str, *, header: bool = True) -> None:
    """Make the manifest agree with the file's bytes again (and with its header's shape and dtype)."""
    data = (folder / name / file).read_bytes()
    manifest = manifest_of(folder, name)
    info = manifest["files"].setdefault(file, {})
    info.update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
    if header:
        array = np.load(io.BytesIO(data))
        info.update(shape=list(array.shape), dtype=str(array.dtype))
    write_manifest(folder, name, manifest)


def put(folder: Path, name: str, stem: str, array: np.ndarray) -> None:
    """Replace one table, the manifest rehashed to match: what a consistent edit looks like."""
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    (folder / name / f"{stem}.npy").write_bytes(buffer.getvalue())
    rehash(folder, name, f"{stem}.npy")


def table(folder: Path, name: str, stem: str) -> np.ndarray:
    return np.load(folder / name / f"{stem}.npy").copy()


def refused(folder: Path, name: str, *patterns: str) -> str:
    """Loading ``name`` from ``folder`` is a ValueError matching every pattern; its message."""
    with pytest.raises(ValueError) as info:
        load_table_set(name, str(folder))
    message = str(info.value)
    for pattern in patterns:
        assert re.search(pattern, message), f"{pattern!r} not in {message!r}"
    return message


def run_with_tables(folder: Path, code: str, timeout: float = 240) -> subprocess.CompletedProcess:
    env = {**os.environ, "POKERLUT_TABLES": str(folder)}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, env=env)


def assert_refused_in_a_fresh_process(folder: Path, code: str, *patterns: str) -> None:
    """``code`` raises a ValueError matching every pattern in a fresh interpreter whose tables are
    ``folder``: no segfault (a negative return code), no hang (the timeout), no other error."""
    r = run_with_tables(folder, code)
    assert r.returncode == 1, f"return code {r.returncode} (a signal when negative)\n{r.stdout}\n{r.stderr}"
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("ValueError: "), r.stderr
    for pattern in patterns:
        assert re.search(pattern, last), f"{pattern!r} not in {last!r}"


HIGH_7 = "import pokerlut; print(pokerlut.evaluate([[51, 47, 43, 39, 35, 2, 3], [0, 5, 10, 15, 20, 30, 40]]))"


def test_the_committed_tables_follow_the_contract(repo_root):
    for folder in sorted(p for p in (repo_root / "tables").iterdir() if p.is_dir()):
        load_table_set(folder.name, str(repo_root / "tables"))


def test_a_copy_rehashed_without_a_change_still_loads(tables):
    rehash(tables, "high", "values7.npy")
    assert load_table_set("high", str(tables))["values7"].shape == load_table_set("high")["values7"].shape


# --------------------------------------------------------------------------- the rank tables


def test_a_row_base_past_the_values_is_refused_not_a_segfault(tables):
    bases = table(tables, "high", "bases7")
    values = table(tables, "high", "values7")
    bases[:] = len(values) + 10_000_000  # every non-flush 7-card hand would read far outside (a segfault)
    put(tables, "high", "bases7", bases)
    path = re.escape(str(tables / "high" / "bases7.npy"))
    refused(tables, "high", path, "breaks the table layout", r"row 0 has base 10087379.*past the 87379 entries")
    assert_refused_in_a_fresh_process(tables, HIGH_7, path, "has base")


def test_a_row_base_just_one_short_of_a_full_row_is_refused(tables):
    bases = table(tables, "high", "bases5")
    bases[0] = len(table(tables, "high", "values5")) - layout.COLUMN_MASK  # the row's last column reads one past
    put(tables, "high", "bases5", bases)
    refused(tables, "high", "bases5.npy", "row 0 has base")


def test_a_short_card_table_is_refused_not_read_past(tables):
    put(tables, "high", "cards", table(tables, "high", "cards")[:300])
    assert_refused_in_a_fresh_process(tables, HIGH_7, re.escape(str(tables / "high" / "cards.npy")),
                                      r"shape \(300,\), the layout's is \(512,\)")


@pytest.mark.parametrize("card, value", [(60, 0x20000001), (7, 1 << 44), (52, 1 << 56), (0, 0)])
def test_a_card_constant_the_recipe_does_not_make_is_refused(tables, card, value):
    cards = table(tables, "high", "cards")
    cards[card] = value
    put(tables, "high", "cards", cards)
    refused(tables, "high", "cards.npy", f"gives id {card} the constant {value:#x}")


def test_part_of_a_rank_dealt_is_refused(tables):
    cards = table(tables, "short-deck", "cards")
    cards[0] = int(layout.card_constant(0, wild=False, poison=False))  # a lone deuce of clubs in the short deck
    cards[layout.FIRST_CARD] = cards[0] + np.uint64(layout.SUIT_COUNTERS_START)
    put(tables, "short-deck", "cards", cards)
    refused(tables, "short-deck", "cards.npy", "deals part of a rank")


def test_a_first_card_without_the_suit_counters_start_is_refused(tables):
    cards = table(tables, "three-card-poker", "cards")
    cards[layout.FIRST_CARD:] = cards[:layout.CARD_IDS] + np.uint64(layout.SUIT_COUNTERS_START)  # the 5-card start
    put(tables, "three-card-poker", "cards", cards)
    refused(tables, "three-card-poker", "cards.npy", "first card", "start 0x5555")


def test_a_value_above_the_game_s_strengths_is_refused(tables):
    values = table(tables, "high", "values7")
    values[1234] = MAX_STRENGTH + 1
    put(tables, "high", "values7", values)
    refused(tables, "high", "values7.npy", f"holds {MAX_STRENGTH + 1} at entry 1234, outside 0..{MAX_STRENGTH}")


def test_byte_swapped_values_are_refused(tables):
    put(tables, "high", "flush", table(tables, "high", "flush").byteswap())
    refused(tables, "high", "flush.npy", f"outside 0..{MAX_STRENGTH}")


def test_big_endian_tables_are_refused(tables):
    put(tables, "high", "values5", table(tables, "high", "values5").astype(">u2"))
    refused(tables, "high", "values5.npy", ">u2")


def test_swapped_tables_are_refused(tables):
    v5, v7 = table(tables, "high", "values5"), table(tables, "high", "values7")
    put(tables, "high", "values5", v7)
    put(tables, "high", "values7", v5)
    refused(tables, "high", "values5.npy", "holds 76155 values; the game has 8555 hands of 5 cards")


def test_a_table_of_the_wrong_dtype_is_refused(tables):
    put(tables, "high", "values6", table(tables, "high", "values6").astype(np.uint32))
    refused(tables, "high", "values6.npy", "dtype uint32, the layout's is uint16")


@pytest.mark.parametrize("stem, reshape", [("hand_values", (-1,)), ("flush", (8, -1)), ("bases5", (4096, 2))])
def test_a_table_of_the_wrong_shape_is_refused(tables, stem, reshape):
    put(tables, "high", stem, table(tables, "high", stem).reshape(reshape))
    refused(tables, "high", f"{stem}.npy", "shape")


def test_a_short_flush_table_is_refused(tables):
    put(tables, "high", "flush", table(tables, "high", "flush")[:1 << layout.FLUSH_WILD_SHIFT])
    refused(tables, "high", "flush.npy", r"shape \(8192,\), the layout's is \(65536,\)")


def test_hand_values_out_of_order_or_of_another_size_are_refused(tables):
    hv = table(tables, "high", "hand_values")
    hv[[10, 7000]] = hv[[7000, 10]]
    put(tables, "high", "hand_values", hv)
    refused(tables, "high", "hand_values.npy", "categories")
    put(tables, "high", "hand_values", table(tables, "ofc", "hand_values"))
    refused(tables, "high", "hand_values.npy", f"the high game has {MAX_STRENGTH}")


def test_a_rank_outside_the_deck_in_hand_values_is_refused(tables):
    hv = table(tables, "high", "hand_values")
    hv[100, 1] = 13
    put(tables, "high", "hand_values", hv)
    refused(tables, "high", "hand_values.npy", "rank outside 0..12")


@pytest.mark.parametrize("rules, pattern", [([0, 2, 1], "every flag is 0 or 1"), ([1, 1, 1], "no game does both")])
def test_bad_flags_are_refused(tables, rules, pattern):
    put(tables, "high", "rules", np.array(rules, np.uint8))
    refused(tables, "high", "rules.npy", pattern)


def test_a_strength_no_entry_holds_is_refused(tables):
    flush = table(tables, "high", "flush")
    flush[flush == 7462] = 7461  # the royal flush: no entry holds strength 7462 any more
    put(tables, "high", "flush", flush)
    refused(tables, "high", "hand_values.npy", "strength 7462")


def test_a_missing_or_extra_table_is_refused(tables):
    put(tables, "high", "values4", np.zeros(10, np.uint16))
    refused(tables, "high", "values4.npy", "is no table of a game's tables")


# --------------------------------------------------------------------------- files and manifests


def test_a_truncated_npy_is_refused(tables):
    path = tables / "high" / "values7.npy"
    path.write_bytes(path.read_bytes()[:-2])
    refused(tables, "high", re.escape(str(path)), "has 174884 bytes, its manifest says 174886")
    rehash(tables, "high", "values7.npy", header=False)
    refused(tables, "high", re.escape(str(path)), "bytes of data", "truncated")


def test_bytes_that_are_no_npy_are_refused(tables):
    (tables / "high" / "values5.npy").write_bytes(os.urandom(4000))
    rehash(tables, "high", "values5.npy", header=False)
    refused(tables, "high", "values5.npy", "is not a .npy file")


def test_a_header_that_disagrees_with_the_manifest_is_refused(tables):
    manifest = manifest_of(tables, "high")
    manifest["files"]["values5.npy"]["shape"] = [12463]
    write_manifest(tables, "high", manifest)
    refused(tables, "high", "values5.npy", r"holds <u2 \(12464,\), its manifest says uint16 \(12463,\)")


@pytest.mark.skipif(not POSIX, reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_a_table_is_refused_without_waiting(tables):
    path = tables / "high" / "values7.npy"
    path.unlink()
    os.mkfifo(path)
    assert_refused_in_a_fresh_process(tables, HIGH_7, re.escape(str(path)), "is a FIFO, not a regular file")
    refused(tables, "high", "is a FIFO")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_refused_without_reading(tables):
    path = tables / "high" / "flush.npy"
    path.unlink()
    path.symlink_to("/dev/zero")
    assert_refused_in_a_fresh_process(tables, HIGH_7, re.escape(str(path)), "is a character device")
    manifest = tables / "omaha" / MANIFEST
    manifest.unlink()
    manifest.symlink_to("/dev/zero")
    refused(tables, "omaha", re.escape(str(manifest)), "is a character device")


def test_a_link_to_a_regular_file_is_fine_and_a_folder_is_not(tables):
    path = tables / "high" / "values6.npy"
    moved = tables / "values6-elsewhere.npy"
    path.rename(moved)
    path.symlink_to(moved)
    assert load_table_set("high", str(tables))["values6"].shape == (30895,)
    path.unlink()
    path.mkdir()
    with pytest.raises(ValueError, match="values6.npy is a folder, not a regular file"):
        load_table_set("high", str(tables) + os.sep)  # another key of the loader's cache


@pytest.mark.parametrize("text, pattern", [
    ("{ not json", "is not valid JSON"),
    ("\xff\xfe", "is not valid JSON"),
    ("[1, 2]", "is a JSON list, not an object"),
    ('{"generator_version": "3"}', 'has no "files" object'),
    ('{"files": {"values5.npy": 7}}', "describes values5.npy by a JSON int"),
    ('{"files": {"values5.npy": {"sha256": "ab", "bytes": "12", "shape": [3], "dtype": "uint16"}}}',
     "has no int 'bytes' for values5.npy"),
    ('{"files": {"../../etc/passwd.npy": {}}}', "is not the name of a table file"),
    ('{"files": {"v.npy": {"sha256": "' + "0" * 64 + '", "bytes": 1000000000000, "shape": [3], "dtype": "u2"}}}',
     "gives v.npy 1000000000000 bytes"),
    ('{"files": {"v.npy": {"sha256": "' + "0" * 64 + '", "bytes": 10, "shape": [true], "dtype": "u2"}}}',
     "the shape"),
    ("[" * 100_000 + "]" * 100_000, "is not valid JSON"),
])
def test_a_garbage_manifest_is_a_value_error_naming_it(tables, text, pattern):
    path = tables / "high" / MANIFEST
    path.write_bytes(text.encode("latin-1"))
    refused(tables, "high", re.escape(str(path)), pattern, "regenerate")


def test_a_huge_manifest_is_not_read(tables):
    path = tables / "high" / MANIFEST
    path.write_bytes(b" " * (2 << 20))
    refused(tables, "high", "manifest.json has 2097152 bytes, more than pokerlut reads for it")


def test_a_set_name_that_is_a_path_is_refused():
    with pytest.raises(ValueError, match="is not the name of a table set"):
        load_table_set("../high")


def test_every_loader_refuses_a_broken_set_named_by_the_environment(tables):
    """What a user meets through POKERLUT_TABLES: the first call that needs the set says what is wrong."""
    low = table(tables, "omaha", "low")
    low[3, 5] = 0
    put(tables, "omaha", "low", low)
    values = table(tables, "badugi", "values4")
    values[-1] = 3
    put(tables, "badugi", "values4", values)
    wins = table(tables, "preflop", "wins")
    wins[0, 1] += 1
    put(tables, "preflop", "wins", wins)
    code = """
        import pokerlut
        from pokerlut.abstraction.preflop import preflop_equity
        calls = [lambda: pokerlut.evaluate_omaha("Ah Kh Qd Jd", "Th 9h 2h"),
                 lambda: pokerlut.evaluate(["Ah 2c 3d 4s"], variant="badugi"),
                 lambda: preflop_equity("AA", "KK")]
        for call in calls:
            try:
                call()
            except ValueError as e:
                print(e)
        print(pokerlut.evaluate("As Ks Qs Js Ts"))
    """
    r = run_with_tables(tables, code)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 4 and lines[-1] == "7462"
    assert "omaha/low.npy breaks the table layout" in lines[0] and "outside 1..57" in lines[0]
    assert "badugi/values4.npy breaks the table layout" in lines[1] and "does not end with 0" in lines[1]
    assert "preflop/wins.npy breaks the table layout" in lines[2] and "does not add up" in lines[2]


# --------------------------------------------------------------------------- the other table sets


def test_an_omaha_row_offset_past_the_pairs_is_refused_not_a_segfault(tables):
    rows = table(tables, "omaha", "board_rows")
    rows[rows.argmax()] = 40_000_000 * layout.OMAHA_PAIR_COLUMNS
    put(tables, "omaha", "board_rows", rows)
    path = re.escape(str(tables / "omaha" / "board_rows.npy"))
    refused(tables, "omaha", path, "offset that is not the start of one of the 8450 rows of pairs")
    assert_refused_in_a_fresh_process(tables, 'import pokerlut; pokerlut.evaluate_omaha("Ah Kh Qd Jd", "Th 9h 2h")',
                                      path)


@pytest.mark.parametrize("stem, edit, pattern", [
    ("board_bases", lambda a: a.__setitem__(5, 1 << 30), "row 5 has base 1073741824: it reads past"),
    ("flush_rows", lambda a: a.__setitem__(7, 3), "offset that is not the start of one of the 2289 rows"),
    ("pairs", lambda a: a.__setitem__((3, 4), NATURAL_STRENGTHS + 1), f"outside 0..{NATURAL_STRENGTHS}"),
    ("flush_pairs", lambda a: a.__setitem__((1, 1), 65535), f"outside 0..{NATURAL_STRENGTHS}"),
    ("low", lambda a: a.__setitem__((0, 0), 58), "outside 1..57"),
])
def test_omaha_tables_that_break_the_layout_are_refused(tables, stem, edit, pattern):
    array = table(tables, "omaha", stem)
    edit(array)
    put(tables, "omaha", stem, array)
    refused(tables, "omaha", f"omaha/{stem}.npy", pattern)


@pytest.mark.parametrize("stem, change, pattern", [
    ("pairs", lambda a: a[:, :90], r"shape \(91, 90\)|shape \(8450, 90\)"),
    ("low", lambda a: a[:128], r"shape \(128, 256\)"),
    ("flush_rows", lambda a: a[:4096], r"shape \(4096,\)"),
])
def test_omaha_tables_of_the_wrong_shape_are_refused(tables, stem, change, pattern):
    put(tables, "omaha", stem, np.ascontiguousarray(change(table(tables, "omaha", stem))))
    refused(tables, "omaha", f"omaha/{stem}.npy", pattern)


def test_a_short_badugi_key_table_is_refused_not_read_past(tables):
    put(tables, "badugi", "suit_keys", table(tables, "badugi", "suit_keys")[:100])
    assert_refused_in_a_fresh_process(tables, 'import pokerlut; pokerlut.evaluate(["As 2d 3h 4c"], variant="badugi")',
                                      "suit_keys.npy", r"shape \(100,\), the layout's is \(8192,\)")


def test_badugi_cards_of_the_other_recipe_are_refused(tables):
    put(tables, "badugi", "cards", table(tables, "ace-five-low", "cards"))
    refused(tables, "badugi", "badugi/cards.npy", "gives id 0 the constant")


@pytest.mark.parametrize("stem, edit, pattern", [
    ("pairs", lambda a: a.__setitem__((4, 4), 0), "holds 0 at entry 680, outside 1..144"),
    ("pairs", lambda a: a.__setitem__((4, 5), a[4, 5] + 1), "is not symmetric"),
    ("ties", lambda a: a.__setitem__((2, 9), -1), "outside 0.."),
    ("wins", lambda a: a.__setitem__((2, 9), a[2, 9] - 1), "does not add up"),
])
def test_preflop_tables_that_do_not_add_up_are_refused(tables, stem, edit, pattern):
    array = table(tables, "preflop", stem)
    edit(array)
    put(tables, "preflop", stem, array)
    refused(tables, "preflop", f"preflop/{stem}.npy", pattern)


@pytest.mark.skipif(not POSIX, reason="FIFOs are POSIX")
def test_a_street_table_resumed_from_a_fifo_is_refused_without_waiting(tmp_path):
    code = f"""
        import os
        from pathlib import Path
        from pokerlut.abstraction.streets import street_table
        folder = Path({str(tmp_path)!r})
        street_table("flop", folder, bins=2, board_classes=(0, 0), progress=False)
        (folder / "flop_ehs.npy").unlink()
        os.mkfifo(folder / "flop_ehs.npy")
        street_table("flop", folder, bins=2, board_classes=(0, 0), progress=False)
    """
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=240)
    assert r.returncode == 1 and "flop_ehs.npy is a FIFO, not a regular file" in r.stderr, r.stderr


def test_regular_file_size_names_what_a_path_is(tmp_path):
    (tmp_path / "f").write_bytes(b"abc")
    assert regular_file_size(tmp_path / "f") == 3
    with pytest.raises(ValueError, match="is a folder"):
        regular_file_size(tmp_path)
    with pytest.raises(FileNotFoundError):
        regular_file_size(tmp_path / "nothing")
