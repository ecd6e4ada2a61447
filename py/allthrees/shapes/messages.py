"""The messages between devices (``net.protocol``, docs/protocol.md): each a JSON object with the
protocol's version ``v`` and its ``kind``. A guest sends the host ``hello``, ``intent``,
``reaction``, ``bye``, ``rated_part``, ``rated_sign`` and ``title``; the host sends a guest
``welcome``, ``gathering``, ``table``, ``presence``, ``reaction``, ``reveal``, ``refusal``,
``watch``, ``rated_part`` and ``rated_sign``."""

from typing import Literal, NotRequired, TypedDict

from .base import Json
from .career import Part
from .game import MatchRecord, SettingsJson
from .table import EventShown, FriendShown, Snapshot


# ---------------------------------------------------------------------- a guest's
class Hello(TypedDict):
    v: int
    kind: Literal["hello"]
    table: str  # the invite's table id, 16 hex digits
    part: str  # the guest's part of the joint seed, 64 hex digits
    name: NotRequired[str]
    resume: NotRequired[bool]  # it had the seat before
    key: NotRequired[str]  # the seat's key, 64 hex digits: the seat taken back by itself
    title: NotRequired[str]  # its player's title (``titlecodes.TITLE_CODES``): none, hidden


class MoveIntent(TypedDict):
    """A move, as a local table sends it (``session.Session.act``)."""

    kind: Literal["play", "draw", "pass"]
    tile: NotRequired[str]
    arm: NotRequired[str]
    claim: NotRequired[int | None]  # with muggins: the points the player says the play makes


class IntentMessage(TypedDict):
    v: int
    kind: Literal["intent"]
    intent: MoveIntent


class GuestReaction(TypedDict):
    v: int
    kind: Literal["reaction"]
    id: str  # of ``net.protocol.REACTIONS``


class Bye(TypedDict):
    v: int
    kind: Literal["bye"]


class GuestRatedPart(TypedDict):
    v: int
    kind: Literal["rated_part"]
    part: Part  # this device's own part of a rated result (``career.signed.part``)


class GuestRatedSign(TypedDict):
    v: int
    kind: Literal["rated_sign"]
    digest: str  # the result document's digest, 64 hex digits
    signature: str  # this device's BIP-340 signature of it, 128 hex digits


class GuestTitle(TypedDict):
    """Its player's title changed (``net.protocol.checked_title``): None, none shown."""

    v: int
    kind: Literal["title"]
    title: str | None


GuestMessage = (
    Hello | IntentMessage | GuestReaction | Bye | GuestRatedPart | GuestRatedSign | GuestTitle
)


# ---------------------------------------------------------------------- the host's
class Welcome(TypedDict):
    v: int
    kind: Literal["welcome"]
    table: str
    seat: int
    commitment: str
    friends: list[FriendShown]
    dealt: bool
    part: str  # the guest's own part, as the match holds it
    snapshot: Snapshot | None  # None before the deal


class GatheringMessage(TypedDict):
    v: int
    kind: Literal["gathering"]
    table: str
    commitment: str
    friends: list[FriendShown]


class TableMessage(TypedDict):
    v: int
    kind: Literal["table"]
    table: str
    seat: int
    snapshot: Snapshot
    events: list[EventShown]


class SeatPresence(TypedDict):
    seat: int
    presence: Literal["waiting", "connected", "reconnecting", "away"]


class PresenceMessage(TypedDict):
    v: int
    kind: Literal["presence"]
    table: str
    seats: list[SeatPresence]
    watchers: NotRequired[int]  # how many watch the table (a host from before watching: none)


class WatchMessage(TypedDict):
    """The watchers' table (``net.watch``): what a watcher's page draws, made for no seat."""

    v: int
    kind: Literal["watch"]
    table: str
    snapshot: Snapshot
    events: list[EventShown]


class HostReaction(TypedDict):
    v: int
    kind: Literal["reaction"]
    table: str
    seat: int
    id: str


class HostRatedPart(TypedDict):
    v: int
    kind: Literal["rated_part"]
    table: str
    seat: int  # whose part: the host's own, or a guest's relayed
    part: Part


class HostRatedSign(TypedDict):
    v: int
    kind: Literal["rated_sign"]
    table: str
    seat: int
    digest: str
    signature: str


class SeatPart(TypedDict):
    seat: int
    part: str


class Reveal(TypedDict):
    """At a match's end: everything a guest needs to check the deal and count the match in its
    own career (``net.check.check_shared``)."""

    seat: int
    match: int
    commitment: str
    host_part: str
    parts: list[SeatPart]
    seed: str
    record: MatchRecord
    settings: SettingsJson
    match_id: str
    practice: bool
    # the host's choice of a rated table; a host from before ratings sends none (not rated)
    rated: NotRequired[bool]


class RevealMessage(Reveal):
    v: int
    kind: Literal["reveal"]
    table: str


class RefusalMessage(TypedDict):
    v: int
    kind: Literal["refusal"]
    table: str
    code: str
    values: dict[str, Json]  # the refusal's values, by code (whole numbers, text, lists)
    error: str  # in English


HostMessage = (
    Welcome
    | GatheringMessage
    | TableMessage
    | PresenceMessage
    | HostReaction
    | RevealMessage
    | RefusalMessage
    | WatchMessage
    | HostRatedPart
    | HostRatedSign
)
