"""The game's own standard library and the game, as Pyodide's Python runs them: bytecode.

Runs inside Pyodide (``scenario.mjs --make-zip``), so its ``ast`` and ``tokenize`` read the
standard library's sources in the grammar they were written for, and ``compile`` makes bytecode
for the very Python the page runs.

    make(stock_zip, origins, asked, out_zip, prefix, importer) -> dict   (what was kept, bytes)
    compiled(wheel, out_bundle, excluded) -> int                         (modules)

``make``: Pyodide's standard library (scripts/stdlib/patches.py's copy) cut to the modules a real
run imported. ``origins`` are the ``__spec__.origin`` of every module in ``sys.modules`` after the
run: those inside the stock zip are kept, with every package ``__init__`` on the way down;
``asked``, every module name looked up after boot (found or not). Each is compiled from its source
with the docstrings emptied (``strip``) and without column positions (the scenario runs Python with
``-X no_debug_ranges``), and goes into one bundle, an LZMA stream of one marshal (``BUNDLE``), which
``importer`` (scripts/stdlib/sitecustomize.py, in the zip as ``sitecustomize``: Python's ``site``
imports it while it starts) puts on ``sys.meta_path``. What Python imports before ``site`` runs
(``PLAIN``) stays in the zip as bytecode files of its own.

Bytecode instead of sources: Python compiled 1.7 MB of sources at every start, which was most of
Pyodide's start (Node: 0.9 s from bytecode against 3.3 s). LZMA instead of gzip: 26% fewer bytes
for bytecode. The standard library's bytecode goes without its line tables (85 kB of the bundle:
a traceback through the standard library names the file and the function, not the line); the
game's keeps them, so a traceback of the game still points at its lines.
"""

from __future__ import annotations

import ast
import io
import lzma
import marshal
import tokenize
import types
import zipfile

# Zip timestamps of the entries written (the stock zip's own are kept where it has one): the same
# input gives the same bytes, so the build's content hash only changes when the contents do.
EPOCH = (1980, 1, 1, 0, 0, 0)


def needed_entries(names: set[str], origins: list[str], asked: list[str], prefix: str) -> set[str]:
    """The zip entries of the modules whose origin lies in the stock zip (``prefix``: its path in
    the Pyodide file system followed by a slash), of every name looked up after boot that the zip
    has (a module probed inside ``try`` and dropped still decides what the code does), and of
    their packages."""
    need: set[str] = set()
    for name in asked:
        base = name.replace(".", "/")
        for candidate in (base + ".py", base + "/__init__.py"):
            if candidate in names:
                need.add(candidate)
                break
    for origin in origins:
        if not origin or not origin.startswith(prefix):
            continue
        inner = origin[len(prefix) :]
        if inner not in names:
            raise SystemExit(f"trim: {inner} was imported from the zip but is not in it")
        need.add(inner)
    for inner in list(need):
        parts = inner.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            init = "/".join(parts[:i]) + "/__init__.py"
            if init in names:
                need.add(init)
    return need


def strip(source: str, name: str) -> str:
    """``source`` with docstrings emptied and comments removed, every line where it was."""
    tree = ast.parse(source, name)
    lines = source.splitlines(keepends=True)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                e = body[0]
                spans.append((e.lineno, e.col_offset, e.end_lineno, e.end_col_offset))
    # ast's columns count UTF-8 bytes: cut the lines as bytes
    raw = [line.encode("utf-8") for line in lines]
    for l0, c0, l1, c1 in sorted(spans, reverse=True):
        if l0 == l1:
            raw[l0 - 1] = raw[l0 - 1][:c0] + b'""' + raw[l0 - 1][c1:]
        else:
            raw[l0 - 1] = raw[l0 - 1][:c0] + b'"""\n'
            for k in range(l0, l1 - 1):
                raw[k] = b"\n"
            raw[l1 - 1] = b'"""' + raw[l1 - 1][c1:]
    text = b"".join(raw).decode("utf-8")
    out = text.splitlines(keepends=True)
    for tok in reversed(list(tokenize.generate_tokens(io.StringIO(text).readline))):
        if tok.type == tokenize.COMMENT:
            (row, col), (_, end) = tok.start, tok.end
            line = out[row - 1]
            out[row - 1] = line[:col] + line[end:]
    return "".join(line.rstrip() + "\n" if line.endswith("\n") else line.rstrip() for line in out)


# Python imports these from the zip while it starts, before site imports sitecustomize: they stay
# files of the zip (bytecode), where zipimport finds them.
PLAIN = ("encodings/",)
BUNDLE = "_bundle.xz"  # sitecustomize.BUNDLE
XZ_PRESET = 9 | lzma.PRESET_EXTREME


def bytecode_file(code: types.CodeType, source: bytes) -> bytes:
    """An unchecked hash-based ``.pyc``: zipimport loads it without looking for a source."""
    import importlib._bootstrap_external as external  # noqa: PLC0415 - only inside Pyodide
    import importlib.util  # noqa: PLC0415

    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def without_lines(code: types.CodeType) -> types.CodeType:
    """``code`` and the code inside it with empty line tables."""
    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


def bundle(modules: dict[str, tuple[bool, types.CodeType]]) -> bytes:
    """The bytes of a bundle: ``{module: (is_package, code)}`` marshalled, then LZMA (xz)."""
    return lzma.compress(marshal.dumps(modules), preset=XZ_PRESET)


def module_name(path: str) -> tuple[str, bool]:
    """The module a ``.py`` path in a zip or wheel holds, and whether it is a package."""
    parts = path[:-3].split("/")
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def make(
    stock_zip: str, origins: list[str], asked: list[str], out_zip: str, prefix: str, importer: str
) -> dict:
    with zipfile.ZipFile(stock_zip) as stock:
        names = set(stock.namelist())
        keep = needed_entries(names, origins, asked, prefix)
        before = after = 0
        modules: dict[str, tuple[bool, types.CodeType]] = {}
        # stored, not deflated: scripts/build gzips the whole zip
        with zipfile.ZipFile(out_zip, "w", zipfile.ZIP_STORED) as out:

            def add(name: str, data: bytes, like: zipfile.ZipInfo | None = None) -> None:
                entry = zipfile.ZipInfo(name, (like.date_time if like else None) or EPOCH)
                if like is not None:
                    entry.external_attr = like.external_attr
                out.writestr(entry, data)

            for info in stock.infolist():  # the stock order
                name = info.filename
                if name not in keep:
                    continue
                data = stock.read(info)
                before += len(data)
                if not name.endswith(".py"):
                    add(name, data, info)
                    after += len(data)
                    continue
                source = strip(data.decode("utf-8"), name).encode("utf-8")
                code = compile(source, prefix + name, "exec", dont_inherit=True)
                if name.startswith(PLAIN):
                    pyc = bytecode_file(code, source)
                    add(name + "c", pyc, info)
                    after += len(pyc)
                    continue
                modules[module_name(name)[0]] = (module_name(name)[1], without_lines(code))
            source = importer.encode("utf-8")
            pyc = bytecode_file(
                compile(source, prefix + "sitecustomize.py", "exec", dont_inherit=True), source
            )
            add("sitecustomize.pyc", pyc)
            packed = bundle(modules)
            add(BUNDLE, packed)
            after += len(pyc) + len(packed)
    return {
        "files": len(keep),
        "modules": sorted(
            f[:-3].replace("/__init__", "").replace("/", ".") for f in keep if f.endswith(".py")
        ),
        "bundled": len(modules),
        "source_bytes_before": before,
        "bytes_after": after,
    }


def compiled(wheel: str, out_bundle: str, excluded: tuple[str, ...] | list[str] = ()) -> int:
    """The game as the page imports it: a bundle (``sitecustomize.install``) of each module's
    bytecode, compiled from its source with the docstrings emptied (``strip``: the lines, and so a
    traceback's line numbers, stay where they are) and without column positions, named
    ``allthrees/...py`` as in the wheel. Nothing else of the wheel: its metadata is read by no
    one here, and ``allthrees.__version__`` says the version. The modules the page never imports
    (``excluded``: the command line, the benchmark, the arena) stay out; the check run that
    follows proves it. Returns how many modules."""
    modules: dict[str, tuple[bool, types.CodeType]] = {}
    with zipfile.ZipFile(wheel) as src:
        skip = {name.replace(".", "/") + ".py" for name in excluded}
        for info in src.infolist():
            name = info.filename
            if not name.endswith(".py") or name in skip:
                continue
            source = strip(src.read(info).decode("utf-8"), name).encode("utf-8")
            module, is_package = module_name(name)
            modules[module] = (is_package, compile(source, name, "exec", dont_inherit=True))
    with open(out_bundle, "wb") as out:
        out.write(bundle(modules))
    return len(modules)
