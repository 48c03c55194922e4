"""Sphinx configuration of pokerlut's manual: the README's guides, the rules, the command line and
the API reference built from the docstrings (numpy style, read by napoleon).

Build it with ``sphinx-build -W -b html docs build/html`` (``pip install -e '.[docs]'``);
``tests/test_sphinx.py`` builds it with warnings as errors.  Nothing here points outside the
repository: no intersphinx, no external links, no "Powered by" footer.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))

import pokerlut  # noqa: E402

project = "pokerlut"
author = "the pokerlut authors"
copyright = "the pokerlut authors, MIT License"
version = release = pokerlut.__version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["description.md", "_build"]
# the README's links name files by their place in the repository (docs/rules.md); included from
# guide.md they resolve there
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

#: The modules of the API reference, in order; each documents the names of its ``__all__`` that an
#: earlier one has not (so that an object re-exported by the package is described once).
API_MODULES = ("pokerlut", "pokerlut.typing", "pokerlut.variants", "pokerlut.cards", "pokerlut.strength",
               "pokerlut.ranges", "pokerlut.equities", "pokerlut.boards", "pokerlut.abstraction", "pokerlut.iso",
               "pokerlut.videopoker", "pokerlut.ofc", "pokerlut.course", "pokerlut.interop", "pokerlut.jit",
               "pokerlut.plot", "pokerlut.dask", "pokerlut.warmup")
API_MARKER = ".. pokerlut-api-modules::"


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


def api_text() -> str:
    """The reStructuredText of the API reference: one section per module of :data:`API_MODULES`,
    each documenting the names of its ``__all__`` that an earlier section has not."""
    seen: set[object] = set()
    docs = _attribute_docs()
    parts = []
    for name in API_MODULES:
        module = importlib.import_module(name)
        title = f"``{name}``"
        # a module named like a function of the package (pokerlut.warmup) is not a cross-reference target
        collides = name.count(".") == 1 and callable(getattr(pokerlut, name.split(".")[1], None))
        parts += [title, "-" * len(title), "", f".. automodule:: {name}", "   :no-members:"]
        parts += ["   :no-index:", ""] if collides else [""]
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr)
            if inspect.ismodule(obj):
                continue
            # a function or class is described once; a constant once per name
            alias = type(obj).__module__ in ("typing", "types")
            key = ("object", id(obj)) if not alias and (inspect.isclass(obj) or callable(obj)) \
                else ("data", attr, id(obj))
            if key in seen:
                continue
            seen.add(key)
            parts += _directive(name, attr, obj, docs)
    return "\n".join(parts)


def _insert_api(app, docname: str, source: list[str]) -> None:
    if docname == "api":
        source[0] = source[0].replace(API_MARKER, api_text())


def setup(app):  # noqa: ANN001 - Sphinx's hook
    app.connect("source-read", _insert_api)
