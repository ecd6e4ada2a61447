"""The codes of the ladder of titles, lowest first (``career.titles`` gives each its threshold
and says how one is reached): their one home, read by the career and by a table across devices
(``net.protocol.checked_title``: a title a device says for its player is one of these), which
must not import the career package (it imports the session, which imports the table)."""

TITLE_CODES: tuple[str, ...] = (
    "newcomer",  # a first rated match
    "apprentice",
    "journeyman",
    "adept",
    "expert",
    "master",
    "grand_master",  # Grand Master of the Parlor
)
