"""The joint state of a table across devices (``TableState``): the table, the host's chain and the
friends' parts and names, and the form a save keeps it in.

The host holds it from the gathering on (``app.App.gathering`` before the deal, then the dealt
match's ``session.net``), and ``table`` answers the guests with it; the seed of each match of
the chain follows from it (``joint``). What the page keeps of a gathering or a joint match
survives a reload like any save (``save``): the host's secret (the top of its chain) is the one
field the page seals (``save.SEALED``), and the rest (``TableState.to_json``: the table id, the
match's place in the chain, the friends' parts and names, the table clock's seconds) is plain.
The clock's moment-to-moment state (``timer.Timer``) is not kept.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

from ..errors import AllThreesError
from ..jsontext import is_whole
from ..settings import Settings, clean_name
from ..titlecodes import TITLE_CODES
from . import joint
from .protocol import TABLE_HEX, BadMessage, is_table
from .timer import CHOICES as CLOCK_CHOICES
from .timer import Timer

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.replies import Room, WatchRoom
    from ..shapes.saved import JointSaved
    from ..shapes.table import ClockShown, FriendShown, NetShown

ROOM_LABEL = b"allthrees room v1"
HOST_KEY_LABEL = b"allthrees room host key v1"
WATCH_LABEL = b"allthrees watch v1"


def key_hash(key: str) -> str:
    """A seat key as the host keeps it: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(bytes.fromhex(key)).hexdigest()


@dataclass
class TableState:
    """A table across devices: its id, the host's secret, which match of the chain is dealt
    (``k``), the friends' parts and names, the host's name, whether it is a practice table,
    the table clock's seconds a move (``clock_s``, 0 for none: ``clock``), whether the host
    chose a rated table (``rated``)."""

    table: str
    top: bytes = field(repr=False)  # the host's secret: sealed, never in a message before the end
    friends: tuple[int, ...]
    host: int  # the host's own seat (``you``)
    k: int = 0
    practice: bool = False
    host_name: str = ""
    parts: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    # each seat's key as SHA-256 hex: the secret a friend's page keeps to take its seat back by
    # itself (``seat_for``); the hash alone is kept, so a host's save does not give a seat away
    keys: dict[int, str] = field(default_factory=dict)
    # reactions each seat sent since the table's last move (not kept: a flood limit)
    reactions: dict[int, tuple[int, int]] = field(default_factory=dict)
    clock_s: int = 0  # the table clock: seconds a move, one of ``timer.CHOICES``; 0, none
    # the host chose a rated table before the deal (never a practice one): its matches count
    # for ratings once every person's device signs the result (``career.signed``)
    rated: bool = False
    # friends' seats the host gave to a computer for good (``give``): their keys take no seat
    given_away: frozenset[int] = frozenset()
    # the host lets people watch (``watch``): its page sends the watchers' table (``watch``)
    watch: bool = False
    # each seat's player's title as its own device said it (a friend's hello, the host's op
    # ``table_title``: ``protocol.checked_title``), shown beside its name in every snapshot
    titles: dict[int, str] = field(default_factory=dict)
    # how many watch now, as the host's page counts them (not kept: its stream counts again)
    watchers: int = field(default=0, compare=False)
    # the watchers' table of the table as it is now, sent once the next move is made (not kept:
    # after a reload the state one move back is made again: ``watch.behind``)
    watch_pending: str | None = field(default=None, repr=False, compare=False)
    # the clock's turn stamp and each seat's time-outs in a row (not kept: a reload restarts them)
    timer: Timer = field(default_factory=Timer, repr=False, compare=False)

    @classmethod
    def new(
        cls,
        settings: Settings,
        seed: int | None,
        host_name: str = "",
        clock_s: int = 0,
        rated: bool = False,
        watch: bool = False,
    ) -> TableState:
        friends = tuple(settings.friends())
        if not friends:
            raise BadMessage("a table across devices has a friend's seat", code="no_friends")
        top = joint.practice_top(seed) if seed is not None else secrets.token_bytes(32)
        table = secrets.token_hex(TABLE_HEX // 2)
        practice = seed is not None
        return cls(
            table,
            top,
            friends,
            settings.you(),
            0,
            practice,
            host_name,
            clock_s=clock_s,
            rated=rated and not practice,
            watch=watch,
        )

    # ------------------------------------------------------------------ the seed
    def host_part(self) -> bytes:
        return joint.host_part(self.top, self.k)

    def commitment(self) -> str:
        return joint.commitment_of(self.host_part())

    # ------------------------------------------------------------------ the room and its seats
    def room(self) -> Room:
        """The table's room on the relays, for the host's page alone: ``secret`` (64 hex digits),
        what the one link's fragment carries and every page in the room encrypts with, and
        ``key``, the host's signing key there (64 hex digits), whose public key the link names so
        that a guest answers the host alone. Both follow from the sealed secret and the table id
        (one-way hashes under their own labels), so they are kept as the secret is, the same
        after the host's page reloads, and nothing about the deal follows from them."""
        table = bytes.fromhex(self.table)
        return {
            "secret": hashlib.sha256(ROOM_LABEL + self.top + table).hexdigest(),
            "key": hashlib.sha256(HOST_KEY_LABEL + self.top + table).hexdigest(),
        }

    def watch_room(self) -> WatchRoom | None:
        """The table's stream for watchers while the host lets people watch (else None):
        ``secret`` (64 hex digits), what the watch link carries and the stream is encrypted
        with. It follows from the sealed secret and the table id under its own label, apart
        from the room's, so a watcher cannot reach the table's room."""
        if not self.watch:
            return None
        table = bytes.fromhex(self.table)
        return {"secret": hashlib.sha256(WATCH_LABEL + self.top + table).hexdigest()}

    def seat_for(self, key: str) -> int:
        """The seat a friend's page holding ``key`` (64 hex digits) takes: its own seat if the key
        is one already seen, else the first friend's seat nobody has joined or claimed (first
        come, first seated); ``BadMessage`` ``table_full`` when none is left. Changes nothing: the
        seat is the guest's once its hello with that key is taken (``claim``)."""
        if not joint.is_part(key):
            raise BadMessage("a seat key is 64 hex digits", code="message_shape", field="key")
        mine = key_hash(key)
        for seat, kept in self.keys.items():
            if kept == mine:
                if seat in self.given_away:
                    raise BadMessage("the host gave this seat to a computer", code="seat_given")
                return seat
        for seat in self.friends:
            if seat not in self.parts and seat not in self.keys:
                return seat
        raise BadMessage("every friend's seat at this table is taken", code="table_full")

    def claim(self, seat: int, key: str | None) -> None:
        """A hello for ``seat`` with ``key``: the seat's key is kept the first time, and a hello
        with another key for a seat that has one is refused (``seat_taken``), nothing changed."""
        if key is None:
            return  # a seat joined by the manual codes: the host's own handshake named it
        mine = key_hash(key)
        if self.keys.get(seat, mine) != mine:
            raise BadMessage("this seat is another player's", code="seat_taken")
        self.keys[seat] = mine

    def said_title(self, seat: int, title: str | None) -> None:
        """Seat ``seat``'s player's title as its device said it (None: it shows none)."""
        if title is None:
            self.titles.pop(seat, None)
        else:
            self.titles[seat] = title

    def ready(self) -> bool:
        """Every friend's seat has its part: the match can be dealt."""
        return all(s in self.parts for s in self.friends)

    def filled(self, seats: list[int]) -> TableState:
        """The same table with those friends' seats (none joined) played by computers instead
        (``table.fill``): fewer friends, and no key nor name kept for those seats."""
        return replace(
            self,
            friends=tuple(s for s in self.friends if s not in seats),
            parts={s: p for s, p in self.parts.items() if s not in seats},
            names={s: n for s, n in self.names.items() if s not in seats},
            keys={s: k for s, k in self.keys.items() if s not in seats},
            titles={s: t for s, t in self.titles.items() if s not in seats},
            reactions={},
            timer=Timer(),
        )

    def seed(self) -> int:
        return joint.mix(self.host_part(), [self.parts[s] for s in self.friends], self.k)

    def rematch(self) -> int:
        """The next match's seed: one step down the host's chain, the same parts."""
        if self.k + 1 >= joint.CHAIN:
            raise BadMessage(
                f"this table has dealt its {joint.CHAIN} matches: gather again",
                code="chain_spent",
                most=joint.CHAIN,
            )
        self.k += 1
        self.reactions.clear()
        return self.seed()

    # ------------------------------------------------------------------ what others see
    def given(self) -> dict[int, str]:
        """Names for seats with none in the settings: the friends' own, the host's."""
        return {**self.names, self.host: self.host_name} if self.host_name else dict(self.names)

    def friends_json(self, settings: Settings) -> list[FriendShown]:
        return [
            {
                "seat": s,
                "name": settings.seats[s].name or self.names.get(s) or None,
                "joined": s in self.parts,
            }
            for s in self.friends
        ]

    def summary(
        self, settings: Settings, stand_in: dict[int, str], clock: ClockShown | None = None
    ) -> NetShown:
        """The snapshot's ``net`` (the host's and each friend's): the table id, the commitment,
        the match of the chain, each friend's seat (``{seat, name, joined, stand_in}``), the
        table clock's seconds a move (``clock_s``, 0 for none) and ``clock``, the turn's clock
        (``clock.shown``): ``{seat, limit_ms, left_ms}`` while a person is to move at a table
        with a clock, else null."""
        return {
            "table": self.table,
            "commitment": self.commitment(),
            "match": self.k,
            "friends": [
                {**f, "stand_in": stand_in.get(f["seat"]), "given": f["seat"] in self.given_away}
                for f in self.friends_json(settings)
            ],
            "clock_s": self.clock_s,
            "clock": clock,
            "rated": self.rated,
            "watch": self.watch,
        }

    # ------------------------------------------------------------------ kept
    def to_json(self) -> JointSaved:
        """What the page keeps in plain text: everything but the secret ``top``."""
        return {
            "table": self.table,
            "friends": list(self.friends),
            "k": self.k,
            "practice": self.practice,
            "host_name": self.host_name,
            "parts": {str(s): p for s, p in self.parts.items()},
            "names": {str(s): n for s, n in self.names.items()},
            "keys": {str(s): k for s, k in self.keys.items()},
            "clock": self.clock_s,
            "rated": self.rated,
            "watch": self.watch,
            "given_away": sorted(self.given_away),
            "titles": {str(s): t for s, t in self.titles.items()},
        }

    @classmethod
    def from_json(cls, data: Json, top: Json, settings: Settings) -> TableState:
        """The joint state a save kept, with the sealed secret ``top`` (64 hex digits); a
        ``BadMessage`` ``gathering_save`` when any of it is wrong."""

        def bad(what: str) -> BadMessage:
            return BadMessage(
                f"the saved table across devices is damaged: {what}",
                code="gathering_save",
                field=what,
            )

        if not isinstance(data, dict):
            raise bad("net")
        if not joint.is_part(top):
            raise bad("seed")
        friends = tuple(settings.friends())
        table = data.get("table")
        if not is_table(table):
            raise bad("table")
        if data.get("friends") != list(friends) or not friends:
            raise bad("friends")
        k = data.get("k")
        if not is_whole(k, least=0, most=joint.CHAIN - 1):
            raise bad("k")
        parts, names = data.get("parts"), data.get("names")
        if not isinstance(parts, dict) or not isinstance(names, dict):
            raise bad("parts")
        seats = {str(s): s for s in friends}
        if not all(key in seats and joint.is_part(p) for key, p in parts.items()):
            raise bad("parts")
        keys = data.get("keys", {})  # a save from before seat keys has none
        if not isinstance(keys, dict) or not all(
            key in seats and joint.is_part(k) for key, k in keys.items()
        ):
            raise bad("keys")
        clock = data.get("clock", 0)  # a save from before the table clock has none
        if not is_whole(clock) or clock not in CLOCK_CHOICES:
            raise bad("clock")
        given = data.get("given_away", [])  # a save from before seats were given has none
        if not isinstance(given, list) or not all(is_whole(g) and g in friends for g in given):
            raise bad("given_away")
        titles = data.get("titles", {})  # a save from before titles at the table has none
        by_seat = {**seats, str(settings.you()): settings.you()}
        if not isinstance(titles, dict) or not all(
            key in by_seat and isinstance(t, str) and t in TITLE_CODES for key, t in titles.items()
        ):
            raise bad("titles")
        try:
            kept_names = {seats[key]: clean_name(n) for key, n in names.items() if key in seats}
            host_name = clean_name(data.get("host_name", ""))
        except AllThreesError:
            raise bad("names") from None
        return cls(
            table,
            bytes.fromhex(top),
            friends,
            settings.you(),
            k,
            data.get("practice") is True,
            host_name,
            {seats[key]: p for key, p in parts.items()},
            kept_names,
            {seats[key]: k for key, k in keys.items()},
            clock_s=clock,
            rated=data.get("rated") is True and data.get("practice") is not True,
            given_away=frozenset(given),
            watch=data.get("watch") is True,  # a save from before watching has none: off
            titles={by_seat[key]: t for key, t in titles.items()},
        )


class Gathering(NamedTuple):
    """A table across devices before its deal: its joint state and its settings."""

    net: TableState
    settings: Settings
