"""Typed errors for bad input. Each message names the reason in words a player could act on."""


class AllThreesError(Exception):
    """Base of every error this package raises on purpose."""


class IllegalMove(AllThreesError):
    """A move the rules do not allow here. The state it was offered to is unchanged."""


class BadRecord(AllThreesError):
    """A record (or save) that is malformed or cannot be replayed."""


class BadRules(BadRecord):
    """An unknown preset, an unknown option or an option value out of range."""
