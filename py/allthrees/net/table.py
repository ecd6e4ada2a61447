"""The host's side of a table across devices: the gathering before the deal, and every message a
guest sends, checked and answered (``Host``). The host's Python is the referee: a message acts
only for the seat of the channel it came on (the page says which), only once ``protocol`` has
checked it, and only as a local intent would (``session.act(seat, intent, remote=True)``); a
refusal changes nothing. The table's joint state is ``state.Joint``; a gathering's save is
``{version, gathering, settings}`` (``save.gathering_stored``). The host's page may also fill the
seats nobody joined with computers (``fill``) and, at a table with a clock, say that the time of
the seat to move ran out (``time_up``: the rule is ``clock``'s).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..checks import is_whole
from ..errors import AllThreesError, refusal_json
from ..jsontext import shown
from ..save import gathering_stored
from ..session import BadIntent, Dealt, Session
from ..settings import COMPUTERS, Seat, Settings, clean_name
from . import clock
from .protocol import (
    PRESENCE,
    REACTIONS,
    REACTIONS_PER_MOVE,
    TABLE_HEX,
    BadMessage,
    guest_message,
    host_text,
)
from .state import Joint


class Host:
    """Answers the ``gather``, ``fill``, ``guest``, ``presence``, ``seat_for``, ``react`` and
    ``time_up`` requests for ``app.App`` (which holds the session, and the gathering before the
    deal)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    # the joint state in play: the gathering's, or the dealt match's
    def joint(self) -> tuple[Joint, Settings] | None:
        app = self.app
        if app.gathering is not None:
            return app.gathering
        if app.session is not None and app.session.net is not None:
            return app.session.net, app.session.settings
        return None

    def gathering_reply(self) -> dict[str, Any]:
        net, settings = self.app.gathering
        stored = gathering_stored(settings, net)
        self.app.saved = None
        return {
            "ok": True,
            "gathering": {
                "table": net.table,
                "commitment": net.commitment(),
                "friends": net.friends_json(settings),
                "clock": net.clock_s,
                "rated": net.rated,
            },
            "room": net.room(),
            "save": stored["text"],
            "stored": stored["stored"],
        }

    def seat_for(self, key: Any) -> dict[str, Any]:
        """The seat a page knocking at the room with ``key`` takes (``Joint.seat_for``)."""
        held = self.joint()
        if held is None:
            raise BadMessage("no table across devices is open", code="guest_seat")
        return {"ok": True, "seat": held[0].seat_for(key)}

    def gather(self, req: dict[str, Any], seed: int | None) -> dict[str, Any]:
        settings = Settings.from_json(req.get("settings"))
        name = clean_name(req.get("name", "") or "")
        rated = req.get("rated") is True  # the host's choice, before the deal
        net = Joint.new(settings, seed, name, clock.seconds(req.get("clock")), rated)
        self.app.session = None
        self.app.gathering = (net, settings)
        return self.gathering_reply()

    def welcome(self, net: Joint, settings: Settings, seat: int) -> str:
        session = self.app.session if self.app.gathering is None else None
        from ..present import snapshot

        return host_text(
            "welcome",
            net.table,
            seat=seat,
            commitment=net.commitment(),
            friends=net.friends_json(settings),
            dealt=session is not None,
            part=net.parts[seat],
            snapshot=snapshot(session, seat) if session is not None else None,
        )

    def guest(self, seat: Any, text: Any) -> dict[str, Any]:
        """A guest's message, checked, then answered (a refusal goes back to that guest)."""
        held = self.joint()
        table = held[0].table if held else "0" * TABLE_HEX
        try:
            if held is None:
                raise BadMessage("no table across devices is open", code="guest_seat")
            net, settings = held
            if not is_whole(seat) or seat not in net.friends:
                raise BadMessage(f"seat {seat!r:.20} is no friend's seat", code="guest_seat")
            kind, data = guest_message(text)
            if kind == "hello":
                return self._hello(net, settings, seat, data)
            if kind == "bye":
                return {"ok": True, "bye": {"seat": seat}, "outbox": {}}
            if seat not in net.parts:
                raise BadMessage("say hello first: the seat is not joined", code="not_joined")
            if kind == "reaction":
                return self._reaction(net, seat, data["id"])
            session = self.app.session
            if session is None or self.app.gathering is not None:
                raise BadMessage("the match is not dealt yet", code="not_dealt")
            return self.app._reply(session.act(seat, data["intent"], remote=True))
        except AllThreesError as exc:  # a message's, or the move's refusal: nothing changed
            return self._refused(exc, seat, table, held[0].friends if held else ())

    def _refused(self, exc: Any, seat: Any, table: str, friends: tuple[int, ...]) -> dict[str, Any]:
        """The refusal, and the words of it for the guest's own channel (a friend's seat)."""
        words = refusal_json(exc)
        reply = self.app.refusal(exc)
        reply["outbox"] = {}
        if is_whole(seat) and seat in friends:
            reply["outbox"] = {
                str(seat): [
                    host_text(
                        "refusal",
                        table,
                        code=words["code"],
                        values=words["values"],
                        error=str(words["error"])[:1000],
                    )
                ]
            }
        return reply

    def give(self, seat: Any, level: Any) -> dict[str, Any]:
        """The host gives a friend's seat to a computer ``level`` for good (a stranger it does not
        want at the table): the computer plays it from now on, the seat's page is told
        (``seat_given``, as a refusal) and its key takes no seat again, in this match or the
        table's next. Only a dealt match's seat, not yet given, of a friend."""
        held = self.joint()
        session = self.app.session
        if held is None or session is None or self.app.gathering is not None:
            raise BadMessage("no match across devices is dealt", code="not_dealt")
        net, _ = held
        if not is_whole(seat) or seat not in net.friends or seat in net.given_away:
            raise BadMessage(f"seat {seat!r:.20} is no friend's seat to give", code="guest_seat")
        events = session.set_stand_in(seat, level)  # refuses a level that is none
        net.given_away = net.given_away | {seat}
        net.timer.reset(seat)
        reply = self.app._reply(events)
        words = host_text(
            "refusal",
            net.table,
            code="seat_given",
            values={},
            error="the host gave this seat to a computer",
        )
        reply["outbox"][str(seat)] = [words]  # its table no more: only the word why
        reply["given"] = {"seat": seat}
        return reply

    def _hello(self, net: Joint, settings: Settings, seat: int, data: dict) -> dict[str, Any]:
        if data["table"] != net.table:
            raise BadMessage("this invite is for another table", code="wrong_table")
        if seat in net.given_away:
            raise BadMessage("the host gave this seat to a computer", code="seat_given")
        net.claim(seat, data.get("key"))
        name = clean_name(data.get("name", ""))
        gathering = self.app.gathering is not None
        if gathering:  # before the deal a part may still change (nobody has seen a seed)
            net.parts[seat] = data["part"]
            if name:
                net.names[seat] = name
            elif seat in net.names:
                del net.names[seat]
        if gathering and not net.ready():
            reply = self.gathering_reply()
            out = {str(seat): [self.welcome(net, settings, seat)]}
            for other in net.friends:
                if other != seat and other in net.parts:
                    out[str(other)] = [
                        host_text(
                            "gathering",
                            net.table,
                            commitment=net.commitment(),
                            friends=net.friends_json(settings),
                        )
                    ]
            return reply | {"outbox": out}
        if gathering:  # the last friend is in: deal from the mix
            return self._deal(net, settings, [seat])
        # back in its seat: the friend plays it again (the match keeps its part), its count of
        # time-outs in a row starts again
        session = self.app.session
        session.stand_in.pop(seat, None)
        net.timer.reset(seat)
        reply = self.app._reply([])
        reply["outbox"][str(seat)].insert(0, self.welcome(net, settings, seat))
        return reply

    def _deal(self, net: Joint, settings: Settings, welcomed: list[int]) -> dict[str, Any]:
        """The match dealt from the mix once every friend's seat is joined (the last hello, or
        ``fill``): every joined friend gets its ``table``, and each of ``welcomed`` a ``welcome``
        with the dealt table before it (the friends as they are now, and its snapshot)."""
        session = Session(settings, net.seed(), practice=net.practice)
        session.net = net
        self.app.session, self.app.gathering = session, None
        reply = self.app._reply([Dealt(1)])
        for seat in welcomed:
            reply["outbox"][str(seat)].insert(0, self.welcome(net, settings, seat))
        return reply

    def fill(self, level: Any) -> dict[str, Any]:
        """Computers of ``level`` in every friend's seat nobody has joined, then the deal (every
        friend left has joined): each joined friend gets a ``welcome`` (the friends left, the
        dealt table) and its ``table``. Refused, nothing changed, with no gathering open
        (``no_gathering``), a level not of ``COMPUTERS``, or nobody joined yet
        (``nobody_joined``: there is nobody to play with)."""
        if self.app.gathering is None:
            raise BadMessage(
                "no gathering is open: computers fill the empty seats before the deal",
                code="no_gathering",
            )
        if not isinstance(level, str) or level not in COMPUTERS:
            raise BadIntent(f"a level is one of {', '.join(COMPUTERS)}")
        net, settings = self.app.gathering
        joined = [s for s in net.friends if s in net.parts]
        if not joined:
            raise BadMessage(
                "no friend has joined yet: there is nobody to play with", code="nobody_joined"
            )
        empty = [s for s in net.friends if s not in net.parts]
        seats = tuple(Seat(level) if i in empty else s for i, s in enumerate(settings.seats))
        return self._deal(net.filled(empty), replace(settings, seats=seats), joined)

    def time_up(self, seat: Any, level: Any) -> dict[str, Any]:
        """The host's page says the time of ``seat`` (the seat to move) ran out: the move made for
        it, as ``clock.time_up`` decides, to every device; refused with nothing changed when the
        table has no clock running out for that seat."""
        if self.app.gathering is not None:
            raise BadMessage("the match is not dealt yet", code="not_dealt")
        session = self.app.session
        if session is None or session.net is None:
            raise clock.ClockRefusal("no table across devices is in play", code="clock_off")
        return self.app._reply(clock.time_up(session, seat, level))

    def _reaction(self, net: Joint, seat: int, rid: str) -> dict[str, Any]:
        session = self.app.session
        moment = session.round.moves_made + 1000 * len(session.match.rounds) if session else -1
        at, count = net.reactions.get(seat, (moment, 0))
        if at != moment:
            count = 0
        if count >= REACTIONS_PER_MOVE:
            raise BadMessage(
                f"at most {REACTIONS_PER_MOVE} reactions between two moves",
                code="reaction_flood",
                most=REACTIONS_PER_MOVE,
            )
        net.reactions[seat] = (moment, count + 1)
        return self.relay(net, seat, rid)

    def react(self, rid: Any) -> dict[str, Any]:
        """The host's own quick reaction, to every joined friend."""
        held = self.joint()
        if held is None:
            raise BadMessage("no table across devices is open", code="guest_seat")
        if rid not in REACTIONS:
            raise BadMessage(f"no reaction {shown(rid)}", code="reaction_unknown")
        return self.relay(held[0], held[0].host, rid)

    def relay(self, net: Joint, seat: int, rid: str) -> dict[str, Any]:
        """A reaction shown on the host's table and sent to every other joined friend."""
        text = host_text("reaction", net.table, seat=seat, id=rid)
        out = {str(s): [text] for s in net.friends if s != seat and s in net.parts}
        return {"ok": True, "relay": {"seat": seat, "id": rid}, "outbox": out}

    def presence(self, seats: Any) -> dict[str, Any]:
        """The page's transport facts as a presence message for every joined friend."""
        held = self.joint()
        if held is None:
            raise BadMessage("no table across devices is open", code="guest_seat")
        net, _ = held
        if not isinstance(seats, list) or not all(
            isinstance(p, dict)
            and set(p) == {"seat", "presence"}
            and p["seat"] in net.friends
            and p["presence"] in PRESENCE
            for p in seats
        ):
            raise BadMessage("presence is a list of {seat, presence} of the friends' seats")
        text = host_text("presence", net.table, seats=seats)
        return {"ok": True, "outbox": {str(s): [text] for s in net.friends if s in net.parts}}

    def guests(self, session: Any, events: list) -> tuple[dict[str, Any], dict[str, Any]]:
        """Each joined friend's ``{snapshot, events}`` (and ``reveal`` once the match is over),
        and the texts to send each (``outbox``: seat -> [text, ...])."""
        from ..present import events_json, snapshot

        net = session.net
        guests: dict[str, Any] = {}
        outbox: dict[str, list[str]] = {}
        for seat in net.friends:
            if seat not in net.parts:
                continue
            mine = {
                "snapshot": snapshot(session, seat),
                "events": events_json(events, session, seat),
            }
            texts = [host_text("table", net.table, seat=seat, **mine)]
            if session.match.over:
                mine["reveal"] = net.reveal(session, seat)
                texts.append(host_text("reveal", net.table, **mine["reveal"]))
            guests[str(seat)] = mine
            outbox[str(seat)] = texts
        return guests, outbox
