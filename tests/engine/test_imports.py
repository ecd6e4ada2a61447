"""No import circles in the package: no module of ``allthrees`` imports, even lazily (inside a
function), a module that imports it back.

Every module is parsed (``ast``), not imported, and every ``import`` and ``from ... import`` in
it counts, at module level or inside a function or class, with relative imports resolved. An
edge goes to the module named or, for ``from M import name``, to ``M.name`` when that is a
submodule. Importing a submodule runs its packages first, so an import of ``a.b.c`` is also an
edge to ``a.b`` and ``a``, except to the importer's own packages: those ran before it, and a
package importing its own submodules (its ``__init__`` re-exporting them) is not a cycle. A
module that names its own package (``from . import name``) does count: that package may not
import it back. Imports under ``if TYPE_CHECKING:`` never run and do not count.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

import allthrees

Graph = dict[str, dict[str, int]]  # module -> imported module -> the line of the first import


def modules(root: Path) -> dict[str, Path]:
    """The package's modules by dotted name (a package by its ``__init__.py``)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _imports(node: ast.AST):
    """Every import statement in ``node``, at any depth, outside ``if TYPE_CHECKING:``."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    elif _type_checking(node):
        for child in node.orelse:
            yield from _imports(child)
    else:
        for child in ast.iter_child_nodes(node):
            yield from _imports(child)


def graph(root: Path) -> Graph:
    """Which modules each module of the package at ``root`` imports (``root``: its folder)."""
    known = modules(root)
    return {name: _edges(name, path, known) for name, path in known.items()}


def _edges(name: str, path: Path, known: dict[str, Path]) -> dict[str, int]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    edges: dict[str, int] = {}

    def add(target: str, line: int, named: bool) -> None:
        while target and target not in known:  # a name in a module: the module
            target = target.rpartition(".")[0]
        if not target or target == name:
            return
        if named or not name.startswith(target + "."):
            edges.setdefault(target, line)
        parent = target.rpartition(".")[0]
        if parent:  # its packages run first
            add(parent, line, False)

    for node in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno, True)
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            add(sub if sub in known else source, node.lineno, True)
    return edges


def cycles(g: Graph) -> list[list[str]]:
    """One cycle through each group of modules that import each other (Tarjan's strongly
    connected components), as a path that starts and ends at the same module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    out = []
    for group in groups:  # the shortest way from the group's first module back to it
        start, inside = group[0], set(group)
        paths = {start: [start]}
        queue = deque([start])
        found: list[str] = []
        while not found:
            v = queue.popleft()
            for w in sorted(g[v]):
                if w == start:
                    found = [*paths[v], start]
                    break
                if w in inside and w not in paths:
                    paths[w] = [*paths[v], w]
                    queue.append(w)
        out.append(found)
    return out


def described(g: Graph, cycle: list[str]) -> str:
    return " -> ".join(
        f"{a} (line {g[a][b]})" if b else a for a, b in zip(cycle, [*cycle[1:], None], strict=True)
    )


def test_no_module_imports_one_that_imports_it_back():
    g = graph(Path(allthrees.__file__).parent)
    assert "allthrees.round" in g["allthrees.match"]  # the graph sees the imports...
    assert "allthrees.ai" in g["allthrees.session"]  # ... and those inside a function
    found = [described(g, c) for c in cycles(g)]
    assert not found, "import circles:\n" + "\n".join(found)


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "pkg"


def test_a_lazy_circle_is_found_and_a_package_importing_its_own_submodules_is_not(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "__init__.py": "from .sub import thing\n",
            "a.py": "from . import b\n",
            "b.py": "def f():\n    from .sub.deep import x\n",
            "sub/__init__.py": "from .deep import x\nthing = 1\n",
            "sub/deep.py": "import pkg.c\nx = 1\n",
            "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n",
        },
    )
    g = graph(pkg)
    assert g["pkg.b"] == {"pkg.sub.deep": 2, "pkg.sub": 2}  # not its own package, pkg
    assert cycles(g) == []  # pkg -> pkg.sub -> pkg.sub.deep, each re-exporting below it
    (pkg / "c.py").write_text("def g():\n    from .a import y\n")
    g = graph(pkg)
    assert cycles(g) == [["pkg.a", "pkg.b", "pkg.sub.deep", "pkg.c", "pkg.a"]]
    assert described(g, cycles(g)[0]).startswith("pkg.a (line 1) -> pkg.b (line 2) -> ")
    (pkg / "sub" / "deep.py").write_text("from .. import thing\n")  # a name of its package
    assert ["pkg", "pkg.sub", "pkg.sub.deep", "pkg"] in cycles(graph(pkg))
