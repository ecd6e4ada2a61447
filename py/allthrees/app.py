"""The controller the browser drives: one JSON request in, one JSON reply out. It only routes:
settings and links (``settings``), acting and advancing (``session``), the snapshot and the
events as the viewer may see them (``snapshot``), save text (``save``), the player's career, the
daily deal and an export's check (``career``), ratings and the daily standings (``ratingops``).

The page's worker calls ``handle(request_json)`` and gets JSON back; nothing else crosses.

Each request, what it takes and what it gives back: ``ops``, which holds every op's handler;
the ``App`` holds the session and is the one to change it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from . import career, jsontext
from .errors import AllThreesError, refusal_json
from .jsontext import shown
from .net import table, watch
from .net.clock import stamp
from .net.state import Gathering
from .net.table import Answer, Gathered, GuestRefusal, Moved
from .ops import HANDLERS, Request, own_settings, seed_or_none
from .rules import DEFAULT_PRESET
from .save import MAX_SAVE_CHARS, BadSave, dump, load, load_gathering, stored
from .session import BadIntent, Dealt, Event, Session
from .settings import Settings
from .snapshot import events_json, snapshot

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json
    from .shapes.replies import (
        GatheringReply,
        HintReply,
        Refusal,
        Reply,
        SaveProblem,
        TableReply,
    )


class App:
    """The one session the page is playing (or the gathering before a table across devices is
    dealt), and the request router around it: each request's handler (``HANDLERS``) reads what
    it needs and the App alone changes what it holds."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.saved: str | None = None  # the save text of the last reply: the session as it is
        self.gathering: Gathering | None = None  # a table across devices before its deal

    def handle(self, req: Request) -> Reply:
        op = req.get("op")
        handler = HANDLERS.get(op) if isinstance(op, str) else None
        if handler is None:
            raise BadIntent(f"unknown op {shown(op)}")
        return handler(self, req)

    def in_play(self) -> Session:
        """The match in play; ``bad_request`` with none."""
        if self.session is None:
            raise BadIntent("no game: start one first")
        return self.session

    # ------------------------------------------------------------------ changing the table
    def start(self, req: Request) -> Reply:
        """Resume ``save`` (with ``salvage``: up to its last legal move), or begin a match. A save
        that cannot be restored begins a new match, and the reply's ``problem`` says why
        (``{kind, message, where}``: see ``save.BadSave``) so the page keeps the save aside."""
        seed = seed_or_none(req.get("seed"))
        save = req.get("save")
        if not save or seed is not None or req.get("settings") is not None:
            return self.begin(req, seed)
        try:
            gathering = load_gathering(save, req.get("sealed_seed"))
        except AllThreesError:
            gathering = None  # refused below, as any save that cannot be restored
        if gathering is not None:
            return self.answer(Gathered(gathering))
        self.gathering = None
        try:
            self.session = load(save, req.get("salvage") is True, req.get("sealed_seed"))
        except AllThreesError as exc:
            words = refusal_json(exc)
            problem: SaveProblem = {
                "kind": exc.kind if isinstance(exc, BadSave) else "unreadable",
                "message": words["error"],
                "code": words["code"],
                "values": words["values"],
                "where": exc.where if isinstance(exc, BadSave) else None,
            }
            self.session = Session(_settings_of_save(save))
            return {**self.reply([Dealt(1)]), "problem": problem}
        return self.reply([])

    def new(self, req: Request) -> Reply:
        """A fresh match (``{daily}``: that UTC day's deal), replacing the one in play."""
        self.gathering = None
        if "daily" in req:
            own = own_settings(req.get("settings"))
            preset = req.get("preset", DEFAULT_PRESET)
            self.session = career.daily_session(req["daily"], preset, own.hide_sum)
            return self.reply([Dealt(1)])
        return self.begin(req, seed_or_none(req.get("seed")))

    def begin(self, req: Request, seed: int | None) -> Reply:
        """A match of ``req``'s settings; with a friend's seat, a gathering: friends join
        before the deal."""
        settings = Settings.from_json(req.get("settings"))
        if settings.friends():
            return self.answer(self.gather(req, seed))
        self.session = Session(settings, seed)
        self.gathering = None
        return self.reply([Dealt(1)])

    def gather(self, req: Request, seed: int | None) -> Gathered:
        """A gathering opened (``net.table.gather``): the host's ``rated`` choice with it."""
        wanted = ("settings", "name", "clock", "rated", "watch")
        settings, name, clock, rated, watch = (req.get(k) for k in wanted)
        return table.gather(settings, seed, name, clock, rated, watch)

    def answer(self, answer: Answer) -> Reply:
        """A table across devices' request taken in: the gathering or the match it leaves, and
        the reply (the one path: ``reply``, ``gathering_reply``)."""
        if isinstance(answer, Gathered):
            self.session, self.gathering, self.saved = None, answer.gathering, None
            reply: GatheringReply = table.gathering_reply(answer.gathering)
            if answer.outbox is not None:
                reply["outbox"] = answer.outbox
            return reply
        if isinstance(answer, Moved):
            if answer.dealt is not None:
                self.session, self.gathering = answer.dealt, None
            return self.reply(answer.events, answer)
        return answer

    def reply(self, events: list[Event], moved: Moved | None = None) -> TableReply:
        """The reply to any change of the match in play, its save kept as the table now is;
        across devices with each friend's table and the texts to send (``table.guests``)."""
        session = self.in_play()
        self.saved = dump(session)
        net = session.net
        if net is not None:  # the table clock: a new turn's clock starts now
            stamp(session, net)
        reply: TableReply = {
            "ok": True,
            "events": events_json(events, session),
            "snapshot": snapshot(session),
            "save": self.saved,
            "stored": stored(session),
        }
        if net is not None:
            guests, outbox = table.guests(session, net, events, moved or Moved(events))
            reply["guests"], reply["outbox"] = guests, outbox
            reply["room"] = net.room()  # the host's page alone: its room on the relays
            reply["watch"] = net.watch_room()  # and the watchers' stream, while people may watch
            if net.watch:  # the watchers' table, one move behind (``net.watch``)
                reply["watching"] = watch.texts(session, net, events)
        if moved is not None and moved.given is not None:
            reply["given"] = {"seat": moved.given}
        return reply

    def refusal(self, exc: AllThreesError) -> Refusal:
        words = refusal_json(exc)
        reply: Refusal = {
            "ok": False,
            "error": words["error"],
            "code": words["code"],
            "values": words["values"],
        }
        if self.session is not None:
            reply["snapshot"] = snapshot(self.session)
        if isinstance(exc, GuestRefusal):  # the words of it for that guest's channel
            reply["outbox"] = exc.outbox
        return reply

    def hint(self, req: Request) -> HintReply:
        """The Expert's hint: the match is now hinted (not rated), so the save says so from
        here on and the reply carries it to keep."""
        session = self.in_play()
        advice = session.hint(req.get("seat"))
        self.saved = dump(session)
        return {"ok": True, "hint": advice, "save": self.saved, "stored": stored(session)}

    def stand_in(self, req: Request) -> Reply:
        session = self.in_play()
        if session.net is not None and req.get("seat") in session.net.given_away:
            raise BadIntent("the host gave this seat to a computer for good")
        return self.reply(session.set_stand_in(req.get("seat"), req.get("level")))


def _settings_of_save(save: Json) -> Settings:
    """The settings of a save that could not be restored, if they at least are readable."""
    try:
        data = jsontext.parse(save, "the save", MAX_SAVE_CHARS)
        return Settings.from_json(data.get("settings") if isinstance(data, dict) else None)
    except AllThreesError:  # any damage means defaults
        return Settings()


# ---------------------------------------------------------------------- the JSON bridge
_app = App()


def handle(request: str) -> str:
    """Answer one request from the page's worker; both sides are JSON text."""
    return json.dumps(_handle(request))


# the largest requests carry a save or an export
MAX_REQUEST_CHARS = max(MAX_SAVE_CHARS, career.MAX_EXPORT_CHARS) + 10_000
# Requests that may change the table: an unexpected failure in one of them puts the table back
# as it was before it.
CHANGES = (
    "start",
    "new",
    "intent",
    "advance",
    "guest",
    "stand_in",
    "gather",
    "give_seat",
    "fill",
    "time_up",
)


def _handle(request: Json) -> Reply:
    """Never raises: any request, whatever it holds, gets a reply; a refusal changes nothing."""
    try:
        req = jsontext.parse(request, "the request", MAX_REQUEST_CHARS, BadIntent)
    except AllThreesError as exc:
        return _app.refusal(exc)
    if not isinstance(req, dict):
        return _app.refusal(BadIntent("a request is a JSON object"))
    before, gathering = _app.session, _app.gathering
    # every change ends in a reply, whose save text is kept: the table as it is now
    saved = _app.saved if before is not None and req.get("op") in CHANGES else None
    try:
        return _app.handle(req)
    except AllThreesError as exc:
        _app.session, _app.gathering = before, gathering  # a refused start leaves the table
        return _app.refusal(exc)
    except Exception as exc:  # noqa: BLE001 - a bug must not end the game: report, restore
        _app.session = load(saved) if saved is not None else before
        _app.gathering = gathering
        failed = AllThreesError(
            f"that request failed ({type(exc).__name__}); the table is as it was"
        )
        failed.code, failed.values = "failed", {"name": type(exc).__name__}
        return _app.refusal(failed)
