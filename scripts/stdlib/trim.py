"""The game's own standard library: Pyodide's ``python_stdlib.zip`` cut to the modules a real run
imported, their comments and docstrings taken out.

Runs inside Pyodide (``scenario.mjs --make-zip``), so its ``ast`` and ``tokenize`` read the
standard library's sources in the grammar they were written for, and ``compile`` checks every
file it writes. Line numbers are kept (a docstring becomes an empty one of the same height, a
comment becomes nothing on its line), so a traceback still points at the right line.

    make(stock_zip, origins, asked, out_zip, prefix) -> dict   (what was kept, byte counts)

``origins`` are the ``__spec__.origin`` of every module in ``sys.modules`` after the run: those
inside the stock zip are kept, with every package ``__init__`` on the way down; ``asked``, every
module name looked up after boot (found or not).
"""

from __future__ import annotations

import ast
import io
import tokenize
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


def make(stock_zip: str, origins: list[str], asked: list[str], out_zip: str, prefix: str) -> dict:
    with zipfile.ZipFile(stock_zip) as stock:
        names = set(stock.namelist())
        keep = needed_entries(names, origins, asked, prefix)
        before = after = 0
        # stored, not deflated: scripts/build gzips the whole zip, which packs across files
        with zipfile.ZipFile(out_zip, "w", zipfile.ZIP_STORED) as out:
            for info in stock.infolist():  # the stock order
                if info.filename not in keep:
                    continue
                data = stock.read(info)
                before += len(data)
                if info.filename.endswith(".py"):
                    text = strip(data.decode("utf-8"), info.filename)
                    compile(text, info.filename, "exec", dont_inherit=True)  # still Python
                    data = text.encode("utf-8")
                after += len(data)
                entry = zipfile.ZipInfo(info.filename, info.date_time or EPOCH)
                entry.external_attr = info.external_attr
                out.writestr(entry, data)
    return {
        "files": len(keep),
        "modules": sorted(
            f[:-3].replace("/__init__", "").replace("/", ".") for f in keep if f.endswith(".py")
        ),
        "source_bytes_before": before,
        "source_bytes_after": after,
    }


def compiled(wheel: str, out_zip: str, excluded: tuple[str, ...] | list[str] = ()) -> int:
    """The game's wheel as the page imports it: each module as bytecode for this Python only (an
    unchecked hash-based ``.pyc``, which zipimport loads without compiling: about 0.15 s less at
    every start), compiled from its source with the docstrings emptied (``strip``: the lines, and
    so a traceback's line numbers, stay where they are) and without column positions (the
    scenario runs Python with ``-X no_debug_ranges``), and the wheel's metadata. The sources
    stay out: the bytecode is smaller without them on the wire. So do the modules the page never
    imports (``excluded``: the command line, the benchmark, the arena; the check run that follows
    proves it), and the metadata's long description (the README, ~64 kB, read by no one here).
    Returns how many modules."""
    import importlib._bootstrap_external as external  # noqa: PLC0415 - only inside Pyodide
    import importlib.util  # noqa: PLC0415

    count = 0
    with (
        zipfile.ZipFile(wheel) as src,
        zipfile.ZipFile(out_zip, "w", zipfile.ZIP_STORED) as out,  # gzipped whole by scripts/build
    ):
        skip = {name.replace(".", "/") + ".py" for name in excluded}
        for info in src.infolist():
            data = src.read(info)
            name = info.filename
            if name in skip:
                continue
            if name.endswith(".dist-info/METADATA"):
                data = data.split(b"\n\n", 1)[0] + b"\n"  # the headers; the description goes
            if name.endswith(".py"):
                source = strip(data.decode("utf-8"), name).encode("utf-8")
                code = compile(source, name, "exec", dont_inherit=True)
                data = bytes(
                    external._code_to_hash_pyc(code, importlib.util.source_hash(source), False)
                )
                name += "c"
                count += 1
            entry = zipfile.ZipInfo(name, info.date_time)
            entry.external_attr = info.external_attr
            out.writestr(entry, data)
    return count
