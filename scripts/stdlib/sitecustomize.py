"""Imports from bytecode bundles: the game's standard library and the game itself, ready to run.

Shipped as ``sitecustomize`` in the game's standard library zip (scripts/stdlib/trim.py), which
Python's ``site`` imports while it starts, before Pyodide imports anything of its own. The zip holds
only what Python needs before that moment (``encodings``) and this module, as bytecode; every other
module is in one LZMA-compressed bundle beside it (``BUNDLE``): a marshal of ``{name: (is_package,
code)}``, compiled by the build in Pyodide's own Python. Starting Python from bytecode instead of
compiling the sources at every start took Pyodide's start in Node from 3.3 s to 0.9 s, and LZMA
packs bytecode a quarter tighter than gzip (docs/performance.md, "Load").

The worker adds the game's own bundle the same way once it has downloaded it (``install``)."""

import _lzma
import marshal
import sys
from _frozen_importlib import ModuleSpec

BUNDLE = "_bundle.xz"  # the standard library's bundle, inside the zip this module comes from


class BundleImporter:
    """A finder and loader for the modules of one bundle (first on ``sys.meta_path``): each
    module's spec names the file it was compiled from, so tracebacks and ``__file__`` read as
    they would for the zip's own files."""

    def __init__(self, modules: dict) -> None:
        self.modules = modules

    def find_spec(self, name, path=None, target=None):
        entry = self.modules.get(name)
        if entry is None:
            return None
        is_package, code = entry
        spec = ModuleSpec(name, self, origin=code.co_filename, is_package=is_package)
        if is_package:
            spec.submodule_search_locations = [code.co_filename.rpartition("/")[0]]
        spec.has_location = True
        return spec

    def create_module(self, spec):
        return None  # the usual module object

    def exec_module(self, module) -> None:
        exec(self.modules[module.__spec__.name][1], module.__dict__)


def unpack(data: bytes) -> dict:
    """A bundle's modules from its bytes (an .xz stream of one marshal)."""
    return marshal.loads(_lzma.LZMADecompressor(_lzma.FORMAT_XZ).decompress(data))


def install(path: str) -> int:
    """Make the modules of the bundle at ``path`` (a file) importable; how many there are."""
    with open(path, "rb") as f:
        modules = unpack(f.read())
    sys.meta_path.insert(0, BundleImporter(modules))
    return len(modules)


def _install_standard_library() -> None:
    loader = __loader__  # the zipimporter of the standard library's zip
    sys.meta_path.insert(0, BundleImporter(unpack(loader.get_data(f"{loader.archive}/{BUNDLE}"))))


_install_standard_library()
