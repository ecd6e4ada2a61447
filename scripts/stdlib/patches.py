"""Pyodide's standard library with what its start imports for nothing deferred to first use.

Pyodide imports 145 modules while it starts, 1.7 MB of sources, and most of them for features the
game never uses: its C core imports ``asyncio``, whose ``__init__`` imports every submodule (and
with them ``subprocess``, ``socket``, ``locale``, ``logging``, ``concurrent.futures``...); the
``pyodide`` package sets up its event loop; its package loader imports ``zipfile``, ``shutil``
and ``tempfile`` (and through them ``bz2``, ``lzma``, ``compression.zstd``). Each is deferred here
to the moment it is first used, so nothing behaves differently for a program that uses it; the
game's start then imports 84 modules, and the game's standard library (trim.py: only what a real
run imports) leaves the others out.

Runs inside Pyodide (scripts/stdlib/scenario.mjs ``--patch``), so ``ast`` reads asyncio's sources
in the grammar they are written in. Every patch replaces text it must find exactly once: a Pyodide
whose files differ fails the build here, naming the file, and the patch is redone for it.

    patch(stock_zip, out_zip) -> {file: why}
"""

from __future__ import annotations

import ast
import re
import zipfile

# --- asyncio: its names, each from its submodule when first asked for -------------------------
ASYNCIO_INIT = "asyncio/__init__.py"
ASYNCIO_HEAD = "# This relies on each of the submodules having an __all__ variable.\n"
ASYNCIO_GETATTR = "def __getattr__(name: str):\n    import warnings\n"
# What the generated head does instead of importing every submodule: the same names and
# ``__all__``, each imported from its submodule (and kept) when first asked for.
ASYNCIO_LAZY = """# scripts/stdlib/patches.py: each name below is imported from its
# submodule when first asked for, as are the submodules themselves (the game's start
# imports asyncio for nothing).
_NAMES = %(names)r
_SUBMODULES = %(submodules)r
__all__ = tuple(_NAMES)


def _lazy(name):
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module("." + name, __name__)
    module = importlib.import_module("." + _NAMES[name], __name__)
    if name in globals():  # set while it was imported (Pyodide's event loop sets asyncio.run)
        return globals()[name]
    value = getattr(module, name)
    globals()[name] = value
    return value


"""
ASYNCIO_GETATTR_LAZY = (
    "def __getattr__(name: str):\n"
    "    if name in _NAMES or name in _SUBMODULES:\n"
    "        return _lazy(name)\n"
    "    import warnings\n"
)


def exported(source: str, name: str) -> list[str]:
    """A module's ``__all__``, a literal in each of asyncio's submodules."""
    for node in ast.parse(source, name).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return list(ast.literal_eval(node.value))
    raise SystemExit(f"patches: {name} has no literal __all__")


def lazy_asyncio(files: dict[str, str]) -> str:
    source = files[ASYNCIO_INIT]
    head, sep, rest = source.partition(ASYNCIO_HEAD)
    if not sep or rest.count(ASYNCIO_GETATTR) != 1:
        raise SystemExit(f"patches: {ASYNCIO_INIT} is not laid out as expected")
    star = [line.split()[1][1:] for line in rest.splitlines() if line.startswith("from .")]
    if "events" not in star:
        raise SystemExit(f"patches: {ASYNCIO_INIT} imports no submodule with *")
    names: dict[str, str] = {}
    for sub in [*star, "unix_events"]:  # sys.platform is "emscripten": the unix event loop
        for name in exported(files[f"asyncio/{sub}.py"], sub):
            names.setdefault(name, sub)
    submodules = sorted(
        f[len("asyncio/") : -3]
        for f in files
        if f.startswith("asyncio/")
        and f.endswith(".py")
        and f.count("/") == 1
        and not f.endswith(("__init__.py", "__main__.py"))
    )
    tail = rest[rest.index(ASYNCIO_GETATTR) :].replace(ASYNCIO_GETATTR, ASYNCIO_GETATTR_LAZY)
    # the rest of __getattr__ (deprecated names) reads submodules as the package's attributes,
    # which an import of each used to set: each now comes through _lazy
    tail = re.sub(
        r"(?<![\w.])(" + "|".join(submodules) + r")\.",
        lambda m: f"_lazy({m.group(1)!r}).",
        tail,
    )
    lazy = ASYNCIO_LAZY % {"names": names, "submodules": tuple(submodules)}
    return head + lazy + tail


# --- the pyodide package: its event loop on first use, its package loader's imports on first use --
EVENT_LOOP_NOW = """from .webloop import _initialize_event_loop

_initialize_event_loop()
del _initialize_event_loop
"""
EVENT_LOOP_LATER = '''# scripts/stdlib/patches.py: the event loop is set up once a program
# first uses asyncio (Pyodide's core has imported the asyncio package itself by now; its names
# and submodules come when first used) or imports pyodide.webloop, not at every start.
import sys as _sys


class _EventLoopOnFirstUse:
    """First on sys.meta_path until it has done its work: it watches the imports of asyncio's
    submodules and of pyodide.webloop, and once the first of them (with all it imports in turn)
    is done, it runs pyodide.webloop's _initialize_event_loop(), as this package did at start.
    Not sooner: pyodide.webloop imports names from asyncio's submodules, which must not be halfway
    through their own import."""

    depth = 0

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if not (name.startswith("asyncio.") or name == "pyodide.webloop"):
            return None
        for finder in _sys.meta_path:
            if finder is cls or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                spec.loader = _Watched(spec.loader)
                return spec
        return None

    @classmethod
    def done(cls):
        if cls in _sys.meta_path:
            _sys.meta_path.remove(cls)
            from .webloop import _initialize_event_loop

            _initialize_event_loop()


class _Watched:
    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        _EventLoopOnFirstUse.depth += 1
        try:
            self.loader.exec_module(module)
        finally:
            _EventLoopOnFirstUse.depth -= 1
        if _EventLoopOnFirstUse.depth == 0:
            _EventLoopOnFirstUse.done()


_sys.meta_path.insert(0, _EventLoopOnFirstUse)
'''
LOADER = "pyodide/_package_loader.py"
LOADER_IMPORTS = (
    "import shutil\n",
    "from tempfile import NamedTemporaryFile\n",
    "from zipfile import ZipFile\n",
)
LOADER_REGISTER = """if IN_PYODIDE:
    shutil.register_archive_format("whl", make_whlfile, description="Wheel file")
    shutil.register_unpack_format("""
LOADER_REGISTER_LATER = """def _register_wheel_format(shutil):
    shutil.register_archive_format("whl", make_whlfile, description="Wheel file")
    shutil.register_unpack_format("""
LOADER_ANCHOR = "from .common import install_files\n"
LOADER_LAZY = """from .common import install_files


# scripts/stdlib/patches.py: shutil, tempfile and zipfile (and what they import) are imported when
# a package is first installed, not at every start.
class _OnFirstUse:
    def __init__(self, load):
        self._load = load

    def __getattr__(self, name):
        return getattr(self._load(), name)

    def __call__(self, *args, **kwargs):
        return self._load()(*args, **kwargs)


def _shutil():
    import shutil as module

    global shutil
    if shutil is not module:
        shutil = module
        if IN_PYODIDE:
            _register_wheel_format(module)
    return module


shutil = _OnFirstUse(_shutil)
NamedTemporaryFile = _OnFirstUse(lambda: __import__("tempfile").NamedTemporaryFile)
ZipFile = _OnFirstUse(lambda: __import__("zipfile").ZipFile)
"""
COMMON = "pyodide/common.py"
COMMON_COPY = "            shutil.copy2(src_file, dst_file)"
COMMON_COPY_LATER = "            import shutil\n\n            shutil.copy2(src_file, dst_file)"


def replace_once(files: dict[str, str], name: str, old: str, new: str) -> None:
    count = files[name].count(old)
    if count != 1:
        raise SystemExit(f"patches: {name} holds {count} copies of {old.splitlines()[0]!r}, not 1")
    files[name] = files[name].replace(old, new)


def patch(stock_zip: str, out_zip: str) -> dict[str, str]:
    with zipfile.ZipFile(stock_zip) as stock:
        infos = stock.infolist()
        data = {info.filename: stock.read(info) for info in infos}
    files = {n: d.decode("utf-8") for n, d in data.items() if n.endswith(".py")}
    why = {}
    files[ASYNCIO_INIT] = lazy_asyncio(files)
    why[ASYNCIO_INIT] = "each name from its submodule when first asked for"
    replace_once(files, "pyodide/__init__.py", EVENT_LOOP_NOW, EVENT_LOOP_LATER)
    why["pyodide/__init__.py"] = "the event loop set up when asyncio is first imported"
    for line in LOADER_IMPORTS:
        replace_once(files, LOADER, line, "")
    replace_once(files, LOADER, LOADER_REGISTER, LOADER_REGISTER_LATER)
    replace_once(files, LOADER, LOADER_ANCHOR, LOADER_LAZY)
    why[LOADER] = "shutil, tempfile and zipfile imported when a package is first installed"
    replace_once(files, COMMON, "import shutil\n", "")
    replace_once(files, COMMON, COMMON_COPY, COMMON_COPY_LATER)
    why[COMMON] = "shutil imported when a file is first copied"
    for name in why:
        compile(files[name], name, "exec", dont_inherit=True)  # still Python
    with zipfile.ZipFile(out_zip, "w", zipfile.ZIP_STORED) as out:
        for info in infos:
            name = info.filename
            out.writestr(info, files[name].encode("utf-8") if name in why else data[name])
    return why
