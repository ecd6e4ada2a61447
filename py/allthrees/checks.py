"""Checks of untrusted values that every parser shares: a link, a save, a request, a record, a
career entry. It imports nothing from the package, so any module may use it.
"""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object, least: int | None = None, most: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int`` that is not a ``bool``: JSON's ``true``
    must not pass for 1) within ``least`` and ``most``, both inclusive, when they are given.

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole(-1, least=0), is_whole(9, 1, 9)
    (True, False, False, False, True)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (least is None or value >= least) and (most is None or value <= most)
