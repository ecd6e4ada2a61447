"""The static side of the game's standard library (scripts/build): every module of the game
package and every import statement in its sources (ast: top level, inside functions, classes,
try/except, if TYPE_CHECKING...), so that scenario.mjs imports each outside module they name even
when no request reaches the function that imports it.

    python3 scripts/stdlib/imports.py py allthrees [--exclude MOD,MOD...] > imports.json

``--exclude`` drops modules the web page never imports (the CLI, say) and the imports in them.

Output (JSON):
  package_modules: every module of the package (pkgutil.walk_packages over the source tree),
                   minus SKIP (``__main__`` runs the CLI when imported)
  imports:         [{file, line, module, names, level, scope}] every import statement
  external:        sorted absolute module names the package imports from outside itself, with
                   the candidates ``from X import Y`` gives (X and X.Y: Y may be a submodule)
"""

from __future__ import annotations

import ast
import json
import pkgutil
import sys
from pathlib import Path

SKIP = {"__main__"}  # allthrees.__main__ calls sys.exit(main()) on import


def walk(root: Path, package: str) -> list[str]:
    """pkgutil.walk_packages (it imports each subpackage to find its __path__, so the source root
    goes on sys.path), cross-checked against the .py files on disk."""
    sys.dont_write_bytecode = True  # never write __pycache__ into the source tree
    sys.path.insert(0, str(root))
    out = [package]
    for info in pkgutil.walk_packages([str(root / package)], prefix=package + ".", onerror=fail):
        if info.name.rsplit(".", 1)[-1] in SKIP:
            continue
        out.append(info.name)
    on_disk = set()
    for f in (root / package).rglob("*.py"):
        parts = list(f.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts[-1] not in SKIP:
            on_disk.add(".".join(parts))
    if on_disk != set(out):
        raise SystemExit(f"walk_packages and the files disagree: {sorted(on_disk ^ set(out))}")
    return sorted(out)


def fail(name: str) -> None:
    raise SystemExit(f"walk_packages could not import {name}")


def imports_of(path: Path, root: Path) -> list[dict]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    is_pkg = parts[-1] == "__init__"
    if is_pkg:
        parts = parts[:-1]
    here = parts if is_pkg else parts[:-1]  # the package a relative import starts from
    found: list[dict] = []

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{scope}.{child.name}" if scope else child.name
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append(
                        {
                            "file": str(path.relative_to(root)),
                            "line": child.lineno,
                            "module": alias.name,
                            "names": [],
                            "level": 0,
                            "scope": scope or "<module>",
                        }
                    )
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = here[: len(here) - (child.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                found.append(
                    {
                        "file": str(path.relative_to(root)),
                        "line": child.lineno,
                        "module": base,
                        "names": [a.name for a in child.names],
                        "level": child.level,
                        "scope": scope or "<module>",
                    }
                )
            # importlib.import_module("x") / __import__("x") with a literal: a dynamic import
            elif (
                isinstance(child, ast.Call)
                and isinstance(child.func, (ast.Attribute, ast.Name))
                and (getattr(child.func, "attr", None) or getattr(child.func, "id", None))
                in ("import_module", "__import__")
                and child.args
                and isinstance(child.args[0], ast.Constant)
                and isinstance(child.args[0].value, str)
            ):
                found.append(
                    {
                        "file": str(path.relative_to(root)),
                        "line": child.lineno,
                        "module": child.args[0].value,
                        "names": [],
                        "level": 0,
                        "scope": (scope or "<module>") + " (dynamic)",
                    }
                )
            visit(child, inner)

    visit(tree, "")
    return found


def module_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    package = sys.argv[2]
    exclude = set()
    if len(sys.argv) > 4 and sys.argv[3] == "--exclude":
        exclude = set(sys.argv[4].split(","))
    files = sorted(
        p
        for p in (root / package).rglob("*.py")
        if "__pycache__" not in p.parts and module_of(p, root) not in exclude and p.stem not in SKIP
    )
    imports = [imp for f in files for imp in imports_of(f, root)]
    external: set[str] = set()
    for imp in imports:
        mod = imp["module"]
        if not mod or mod == package or mod.startswith(package + "."):
            continue
        external.add(mod)
        for name in imp["names"]:
            if name != "*":
                external.add(f"{mod}.{name}")  # maybe a submodule; the runtime check decides
    json.dump(
        {
            "package": package,
            "package_modules": [m for m in walk(root, package) if m not in exclude],
            "excluded": sorted(exclude),
            "imports": imports,
            "external": sorted(external),
        },
        sys.stdout,
        indent=1,
    )


if __name__ == "__main__":
    main()
