"""Every shape that crosses a boundary, as ``TypedDict``s: what the page sends Python (``requests``)
and gets back (``replies``), the snapshot it draws and the events it animates (``table``), the
career's figures and entries (``career``), the save and the parts the page stores of it
(``saved``), and the messages between devices (``messages``). Python builds its replies as these
types, so ``mypy --strict`` holds the code to them; ``describe`` writes every one down as JSON
(``python -m allthrees.shapes``) for the JavaScript's typedefs to be compared with.

The modules import nothing else of the package, so any module may use them; the game's modules
import them under ``if TYPE_CHECKING:`` (types only: the page's start builds none of these
classes). ``Json`` is the one name for a value that truly is any JSON: what the page or another
device sent, before it is checked (every reader checks it, ``jsontext.is_whole`` and
``isinstance``, before use). These modules are written without ``from __future__ import
annotations``: Python 3.11 reads ``NotRequired`` only from annotations it evaluates.
"""

from __future__ import annotations

from .base import Json, Line, OptionValue

__all__ = ["Json", "Line", "OptionValue"]
