"""Sphinx configuration of pokerlut's manual: the guides, the rules, the command line, the example
gallery (the scripts of ``examples/``, run by sphinx-gallery during the build) and the API reference
built from the docstrings (numpy style, read by napoleon), one page per subject.

Build it with ``sphinx-build -W -b html docs build/html`` (``pip install -e '.[docs]'``);
``tests/docs/test_api_docs.py`` builds it with warnings as errors.  Nothing here points outside the
repository: no intersphinx, no external links, no "Powered by" footer or gallery signature.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))

import pokerlut  # noqa: E402

project = "pokerlut"
author = "the pokerlut authors"
copyright = "the pokerlut authors, MIT License"
version = release = pokerlut.__version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser", "sphinx_gallery.gen_gallery"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["description.md", "_build", "auto_examples/*.ipynb", "auto_examples/*.py"]
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]
suppress_warnings: list[str] = []

napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
#: the argument aliases, shown by name in signatures rather than expanded
autodoc_type_aliases = {name: f"pokerlut.typing.{name}" for name in ("HandsLike", "CardsLike", "SeedLike", "Strengths")}
autodoc_type_aliases.update({"VariantLike": "pokerlut.variants.VariantLike", "RangeLike": "pokerlut.ranges.grid.RangeLike",
                             "PlayersLike": "pokerlut.equities.deal.PlayersLike",
                             "PlayerLike": "pokerlut.equities.deal.PlayerLike",
                             "PayTableLike": "pokerlut.videopoker.games.PayTableLike"})

html_theme = "alabaster"
html_show_sphinx = False
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {"show_powered_by": False, "description": "exact poker hand ranking from lookup tables"}
html_static_path: list[str] = []

#: The example gallery: every script of ``examples/`` runs during the build (matplotlib on Agg), its
#: output and figures put in its page; a failing example fails the build.
sphinx_gallery_conf = {
    "examples_dirs": os.path.join(os.path.dirname(__file__), "..", "examples"),
    "gallery_dirs": "auto_examples",
    "filename_pattern": r".*\.py$",
    "within_subsection_order": "FileNameSortKey",
    "image_scrapers": ("matplotlib",),
    "reset_modules": ("matplotlib",),
    "show_signature": False,  # its footer links to sphinx-gallery's site
    "download_all_examples": False,
    "write_computation_times": False,
    "min_reported_time": 10**9,  # the run time of each example is the machine's, not the example's
    "remove_config_comments": True,
    "abort_on_example_error": True,
    "only_warn_on_example_error": False,
}

#: The API reference, one page per subject (``docs/api/<page>.rst``), each a list of modules: for a
#: module a list of names puts those first, in that order (the package's own names are given one by
#: one: a name of ``pokerlut.__all__`` is on the page of its subject), ``None`` takes its ``__all__``
#: in order.  A function or class is described once, on the first page that names it.
API_PAGES: dict[str, list[tuple[str, list[str] | None]]] = {
    "evaluating": [
        ("pokerlut", ["evaluate", "best_five", "showdown", "compare", "describe", "category", "category_name",
                      "category_names", "made_cards", "evaluate_omaha", "omaha_best_five", "category_counts",
                      "strength_histogram", "random_hands", "BestFive", "OmahaBestFive", "Showdown", "HiLo",
                      "HiLoShowdown", "VARIANTS", "Variant", "get_variant", "CATEGORY_NAMES", "MAX_STRENGTH",
                      "NATURAL_STRENGTHS"]),
        ("pokerlut.strength", None), ("pokerlut.variants", None), ("pokerlut.ofc", ["score", "arrange"]),
    ],
    "cards": [
        ("pokerlut", ["parse_cards", "format_cards", "parse_card", "format_card", "WILD", "from_course",
                      "to_course_strings"]),
        ("pokerlut.cards", None), ("pokerlut.typing", None), ("pokerlut.interop", None),
        ("pokerlut.course", ["deal", "play"]),
    ],
    "equity": [
        ("pokerlut", ["equity", "equity_batch", "folded_equity", "folded_range", "parse_range", "EquityResult",
                      "BatchEquityResult", "FoldedEquity", "Range"]),
        ("pokerlut.equities", ["class_equity"]), ("pokerlut.ranges", None), ("pokerlut.dask", None),
    ],
    "analytics": [
        ("pokerlut", ["all_flops", "equity_distribution", "flop_subset"]),
        ("pokerlut.analytics", None),
    ],
    "gpu": [("pokerlut.cuda", None)],
    "boards": [
        ("pokerlut", ["made_hand", "draws", "outs", "board_texture", "range_breakdown"]),
        ("pokerlut.boards", None),
    ],
    "toolkit": [
        ("pokerlut", ["hand_strength", "ehs", "ehs2", "equity_histogram", "potential", "street_table",
                      "preflop_equity"]),
        ("pokerlut.iso", None), ("pokerlut.abstraction", None),
    ],
    "videopoker": [
        ("pokerlut.videopoker", ["hold_values", "best_hold", "classify", "game_return", "strategy_chart",
                                 "hold_pattern"]),
    ],
    "jit": [("pokerlut.jit", None)],
    "plot": [("pokerlut.plot", None)],
    "setup": [
        ("pokerlut", ["warmup", "kernel_info", "CompileNotice", "set_num_threads", "get_num_threads",
                      "PARALLEL_MIN_HANDS"]),
        ("pokerlut.warmup", None),
    ],
}
API_MARKER = ".. pokerlut-api::"


def _attribute_docs() -> dict[str, list[str]]:
    """The ``#:`` comments of every constant of the package, by name (from the source)."""
    from sphinx.pycode import ModuleAnalyzer

    docs: dict[str, list[str]] = {}
    package = os.path.dirname(pokerlut.__file__)
    for folder, _, files in os.walk(package):
        for file in sorted(files):
            if file.endswith(".py") and file != "__main__.py":
                relative = os.path.relpath(os.path.join(folder, file[:-3]), os.path.dirname(package))
                module = relative.replace(os.sep, ".").removesuffix(".__init__")
                try:
                    found = ModuleAnalyzer.for_module(module).find_attr_docs()
                except Exception:  # noqa: BLE001 - a module the analyzer cannot read has no comments to give
                    continue
                for (scope, name), lines in found.items():
                    if not scope:
                        docs.setdefault(name, [line for line in lines if line.strip()])
    return docs


def _directive(module: str, attr: str, obj: object, docs: dict[str, list[str]]) -> list[str]:
    target = f"{module}.{attr}"
    if type(obj).__module__ in ("typing", "types") or "Alias" in type(obj).__name__:  # a type alias
        return [f".. py:data:: {attr}", f"   :module: {module}", "   :type: type alias", ""] + \
            [f"   {line}" for line in docs.get(attr, [])] + [""]
    if inspect.isclass(obj):
        return [f".. autoclass:: {target}", "   :members:", ""]
    if callable(obj):
        return [f".. autofunction:: {target}", ""]
    # a constant: its own ``#:`` comment (never the docstring of its type), its type, a short value
    lines = [f".. py:data:: {attr}", f"   :module: {module}", f"   :type: {type(obj).__name__}"]
    shown = repr(obj)
    if isinstance(obj, (int, float, str)) and len(shown) <= 80:
        lines.append(f"   :value: {shown}")
    lines.append("")
    lines += [f"   {line}" for line in docs.get(attr, [])] + [""]
    return lines


def _names(module: object, first: list[str] | None) -> list[str]:
    """The names a module's section describes: ``first``, then (but for the package, whose names are
    placed one by one) the rest of its ``__all__`` that are not modules."""
    first = list(first or ())
    if module is pokerlut:
        return first
    public = [name for name in getattr(module, "__all__", ()) if not inspect.ismodule(getattr(module, name))]
    return first + [name for name in public if name not in first]


def api_pages() -> dict[str, str]:
    """The reStructuredText of each page of the API reference (:data:`API_PAGES`): a section per module,
    its docstring, then its names, each function or class described once in the whole reference."""
    unplaced = [name for name in pokerlut.__all__ if not inspect.ismodule(getattr(pokerlut, name))
                and not any(name in (names or ()) for modules in API_PAGES.values()
                            for module, names in modules if module == "pokerlut")]
    if unplaced:
        raise ValueError(f"docs/conf.py: API_PAGES places no page for pokerlut.{', pokerlut.'.join(unplaced)}")
    seen: set[object] = set()
    docs = _attribute_docs()
    pages = {}
    for page, modules in API_PAGES.items():
        parts: list[str] = []
        for name, first in modules:
            module = importlib.import_module(name)
            title = f"``{name}``"
            parts += [title, "-" * len(title), ""]
            if module is pokerlut:
                parts += [".. py:currentmodule:: pokerlut", ""]
            else:
                # a module named like a function of the package (pokerlut.warmup) is not a cross-reference target
                collides = name.count(".") == 1 and callable(getattr(pokerlut, name.split(".")[1], None))
                parts += [f".. automodule:: {name}", "   :no-members:"]
                parts += ["   :no-index:", ""] if collides else [""]
            for attr in _names(module, first):
                if attr not in getattr(module, "__all__", ()):
                    raise ValueError(f"docs/conf.py: {name}.{attr} is not in {name}.__all__")
                obj = getattr(module, attr)
                # a function or class is described once; a constant once per name
                alias = type(obj).__module__ in ("typing", "types")
                key = ("object", id(obj)) if not alias and (inspect.isclass(obj) or callable(obj)) \
                    else ("data", attr, id(obj))
                if key in seen:
                    continue
                seen.add(key)
                parts += _directive(name, attr, obj, docs)
        pages[page] = "\n".join(parts)
    return pages


def api_text() -> str:
    """The whole API reference, every page one after another."""
    return "\n".join(api_pages().values())


_PAGES: dict[str, str] = {}

#: ``TypeAliasForwardRef('pokerlut.typing.HandsLike')``, as autodoc writes an alias inside a union
_FORWARD_ALIAS = re.compile(r"TypeAliasForwardRef\('([\w.]+)'\)")
#: ``ndarray[tuple[Any, ...], dtype[int64]]`` (each name perhaps qualified and marked ``~``), as the
#: annotation ``NDArray[np.int64]`` expands
_NDARRAY = re.compile(r"~?(?:numpy\.)?ndarray\[tuple\[~?(?:typing\.)?Any, \.\.\.\], "
                      r"~?(?:numpy\.)?dtype\[(~?[\w.]+)\]\]")


def _clean_signature(app, what, name, obj, options, signature, return_annotation):  # noqa: ANN001 - Sphinx's hook
    """Signatures as written: an alias by its name, ``NDArray[int64]`` rather than its expansion."""
    def clean(text):  # noqa: ANN001, ANN202
        if text is None:
            return None
        return _NDARRAY.sub(r"NDArray[\1]", _FORWARD_ALIAS.sub(r"\1", text))
    return clean(signature), clean(return_annotation)


def _insert_api(app, docname: str, source: list[str]) -> None:  # noqa: ANN001 - Sphinx's hook
    match = re.search(re.escape(API_MARKER) + r" (\w+)", source[0])
    if docname.startswith("api/") and match:
        if not _PAGES:
            _PAGES.update(api_pages())
        source[0] = source[0].replace(match.group(0), _PAGES[match.group(1)])


def setup(app):  # noqa: ANN001 - Sphinx's hook
    app.connect("source-read", _insert_api)
    app.connect("autodoc-process-signature", _clean_signature)
