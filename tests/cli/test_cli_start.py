"""Starting pokerlut costs nothing it does not use: ``import pokerlut``, ``pokerlut --help``,
``--version`` and every subcommand's ``--help`` import no numba and load no table set (each run in
a fresh interpreter); every public name still resolves, ``from pokerlut import *`` works, and the
public functions named like their modules stay functions.  And the command line works for a user
who can write neither the install nor a home folder (nothing it imports compiles with numba's plain
cache)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from fresh_python import environment, run_python, unwritable_install

import pokerlut
from pokerlut.cli import build_parser


#: What a fresh interpreter prints after the code under test: whether numba was imported, and how
#: many table sets were loaded.
REPORT = """
import sys
tables = sys.modules.get("pokerlut.tables")
loaded = 0 if tables is None else tables.load_table_set.cache_info().currsize
print("numba" in sys.modules, loaded)
"""


def fresh(code: str, report: bool = False) -> subprocess.CompletedProcess:
    """``code`` run in a fresh interpreter (then :data:`REPORT`, if asked)."""
    return run_python(textwrap.dedent(code) + (REPORT if report else ""))


def subcommands() -> list[str]:
    return sorted(build_parser()._subparsers._group_actions[0].choices)


def test_import_pokerlut_loads_neither_numba_nor_tables():
    result = fresh("import pokerlut\n", report=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "0"]


def test_help_and_version_load_neither_numba_nor_tables():
    argvs = [["--version"], ["--help"]] + [[name, "--help"] for name in subcommands()]
    result = fresh(f"""
        import contextlib, io
        from pokerlut.cli import main
        for argv in {argvs!r}:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                try:
                    status = main(argv)
                except SystemExit as exit_:
                    status = exit_.code
            assert status == 0 and out.getvalue().strip(), (argv, status)
    """, report=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "0"]


def test_version_and_help_build_no_subcommand_and_import_no_numpy():
    """``pokerlut --version`` and ``--help`` name the subcommands only: their options (the games,
    the variants) are built when a subcommand is used."""
    result = fresh("""
        import contextlib, io, sys
        from pokerlut.cli import main
        for argv in (["--version"], ["--help"]):
            with contextlib.redirect_stdout(io.StringIO()):
                try:
                    main(argv)
                except SystemExit:
                    pass
        print("numpy" in sys.modules)
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"]


def test_the_numba_check_is_real():
    """The same report after a real call: numba imported, a table set loaded."""
    result = fresh("import pokerlut\npokerlut.evaluate('As Ks Qs Js Ts')\n", report=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "1"]


def test_a_first_call_loads_only_what_it_needs():
    """Below the front door too: an equity on a flop loads neither the preflop tables' module nor
    the engines for many questions; reading a range loads no ranking; video poker's games load no
    kernels."""
    result = fresh("""
        import sys
        import pokerlut
        pokerlut.parse_range("QQ+, AKs")
        after_range = sorted(m for m in ("pokerlut.evaluate", "pokerlut.ranges.board") if m in sys.modules)
        pokerlut.equity(["AhKh", "QdQc"], board="Qs 7h 2c")
        after_equity = sorted(m for m in ("pokerlut.abstraction.preflop", "pokerlut.abstraction.strength",
                                          "pokerlut.iso", "pokerlut.equities.batch", "pokerlut.equities.grid")
                              if m in sys.modules)
        print(after_range, after_equity)
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[] []"


def test_every_public_name_resolves_and_is_listed():
    for name in pokerlut.__all__:
        assert getattr(pokerlut, name) is not None, name
    assert set(pokerlut.__all__) <= set(dir(pokerlut))
    assert len(set(pokerlut.__all__)) == len(pokerlut.__all__)
    with pytest.raises(AttributeError, match="no_such_name"):
        pokerlut.no_such_name  # noqa: B018


def test_star_import_gives_every_public_name():
    result = fresh("""
        names = {}
        exec("from pokerlut import *", names)
        import pokerlut
        missing = [n for n in pokerlut.__all__ if names.get(n) is not getattr(pokerlut, n)]
        assert not missing, missing
        print(len(pokerlut.__all__))
    """)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == len(pokerlut.__all__)


def test_every_submodule_is_still_an_attribute_of_the_package():
    """As when the package imported everything: ``pokerlut.tables``, ``pokerlut.equities``... after
    ``import pokerlut`` alone."""
    result = fresh("""
        import pokerlut
        assert pokerlut.equities.ImpossibleDeal.__name__ == "ImpossibleDeal"
        assert pokerlut.tables.load_table_set is not None and pokerlut.ranges.class_weights is not None
        assert pokerlut.cards.parse_cards is pokerlut.parse_cards
    """)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("name", ["evaluate", "showdown", "warmup"])
def test_a_function_named_like_its_module_stays_the_function(name):
    """``import pokerlut.evaluate`` (or any module importing it first) binds the submodule on the
    package; the package keeps the function there, as it did when it imported everything."""
    result = fresh(f"""
        import inspect, sys
        import pokerlut.{name}
        import pokerlut
        assert inspect.isfunction(pokerlut.{name}), pokerlut.{name}
        assert pokerlut.{name} is sys.modules["pokerlut.{name}"].{name}
        from pokerlut import {name} as f
        assert f is pokerlut.{name}
    """)
    assert result.returncode == 0, result.stderr


def test_videopoker_names_resolve_without_its_kernels():
    result = fresh("""
        from pokerlut import videopoker
        assert "jacks-or-better" in videopoker.GAMES
        assert sorted(set(videopoker.__all__) - set(dir(videopoker))) == []
    """, report=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "0"]


# --------------------------------------------------------------------------- a read-only install


def test_the_cli_works_for_a_user_who_can_write_neither_the_install_nor_a_home(tmp_path):
    site = unwritable_install(tmp_path)
    blocker = tmp_path / "a-file"  # a home and a cache folder below a file: they cannot be made
    blocker.write_text("")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {"NUMBA_CACHE_DIR": None, "PYTHONPATH": str(site), "HOME": str(blocker / "home"),
           "XDG_CACHE_HOME": str(blocker / "cache"), "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": str(temporary)}
    argvs = ([["--version"], ["--help"]] + [[name, "--help"] for name in subcommands()]
             + [["eval", "As Ks Qs Js Ts", "2c 2d W 9h 9s 4c 8d"], ["equity", "AhKh", "QdQc", "--board", "Qs 7h 2c"]])
    code = f"""
        import contextlib, io, pokerlut
        assert pokerlut.__file__.startswith({str(site)!r}), pokerlut.__file__
        from pokerlut.cli import main
        for argv in {argvs!r}:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                try:
                    status = main(argv)
                except SystemExit as exit_:
                    status = exit_.code
            print(argv[0], status, out.getvalue().splitlines()[0] if out.getvalue() else "")
    """
    result = run_python(code, env, timeout=1200, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [[argv[0], "0"] for argv in argvs], result.stdout
    assert "Royal flush" in lines[-2]
    assert "cannot cache function" not in result.stderr
    # and as the console script, in a process of its own
    version = subprocess.run([sys.executable, "-m", "pokerlut", "--version"], capture_output=True, text=True,
                             timeout=300, env=environment(env), cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.strip() == f"pokerlut {pokerlut.__version__}", version.stderr
