"""Typed errors for bad input. Each message names the reason in words a player could act on.

A move can be wrong in three ways a caller may want to tell apart (as python-chess does): it is
not a move at all (``MalformedMove``: bad notation, an unknown arm, not a move int), it could mean
more than one move (``AmbiguousMove``: a tile that fits two arms with no arm named), or it is a
move the rules do not allow here (``IllegalMove``). All three are ``MoveError``s, and the state a
move was offered to is unchanged after any of them.
"""


class AllThreesError(Exception):
    """Base of every error this package raises on purpose."""


class MoveError(AllThreesError):
    """A move that cannot be made. The state it was offered to is unchanged."""


class MalformedMove(MoveError):
    """Not a move: notation that does not parse, an unknown arm or tile, a value of the wrong
    type."""


class AmbiguousMove(MoveError):
    """Notation that names more than one legal move (a tile that fits two arms, no arm given)."""


class IllegalMove(MoveError):
    """A move the rules do not allow here."""


class BadRecord(AllThreesError):
    """A record (or save) that is malformed or cannot be replayed."""


class BadRules(BadRecord):
    """An unknown preset, an unknown option or an option value out of range. ``option`` names
    the option at fault (or None), so a form can show the message next to it; ``code`` and
    ``values`` say the same for a page to word in its language (``settings.rules_form``)."""

    def __init__(
        self, message: str, option: str | None = None, code: str | None = None, **values: object
    ) -> None:
        super().__init__(message)
        self.option = option
        self.code = code
        self.values = values
