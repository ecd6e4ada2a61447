"""The host's side of a table across devices: the gathering before the deal, and every message a
guest sends, checked and answered. The host's Python is the referee: a message acts only for the
seat of the channel it came on (the page says which), only once ``protocol`` has checked it, and
only as a local intent would (``session.act(seat, intent, remote=True)``); a refusal changes
nothing. The host's page may also fill the seats nobody joined with computers (``fill``), give a
friend's seat to a computer for good (``give``) and, at a table with a clock, say that the time
of the seat to move ran out (``time_up``: the rule is ``clock``'s).

Nothing here holds the table: ``app.App`` does, and hands each request the gathering or the
session in play. Each request returns what it did (``Gathered``: the gathering as it is now;
``Moved``: the dealt match changed, a match dealt with it; or a reply that changes nothing), and
the App takes it in and answers, the one path of every reply (``guests``: each joined friend's
table and the texts to send it). A refusal of a guest's message is a ``GuestRefusal``, which
carries the words to send that guest. The table's joint state is ``state.TableState``; a gathering's
save is ``{version, gathering, settings}`` (``save.gathering_stored``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeAlias

from ..errors import AllThreesError, refusal_json
from ..jsontext import is_whole, shown
from ..match import seed_hex
from ..save import gathering_stored
from ..session import BadIntent, Dealt, Event, Session
from ..settings import COMPUTERS, Seat, Settings, clean_name
from ..snapshot import events_json, match_record, snapshot
from . import clock, rated
from .protocol import (
    PRESENCE,
    REACTIONS,
    REACTIONS_PER_MOVE,
    TABLE_HEX,
    WATCHERS_MOST,
    BadMessage,
    checked_title,
    guest_message,
    host_text,
)
from .state import Gathering, TableState

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.messages import Hello, Reveal
    from ..shapes.replies import (
        ByeReply,
        GatheringReply,
        Guests,
        OutboxReply,
        RatedShareReply,
        RelayReply,
        SeatForReply,
    )

Outbox = dict[str, list[str]]  # a friend's seat -> the texts to send its channel, in order


@dataclass
class Gathered:
    """A request's answer: the gathering as it is now (opened, or a friend joined), and the
    texts to send (None: the reply has no outbox)."""

    gathering: Gathering
    outbox: Outbox | None = None


@dataclass
class Moved:
    """A request's answer: the dealt match changed by ``events`` (``dealt``: a match dealt now,
    the table from here on), answered as any change to the table. Each seat of ``welcome``
    gets a ``welcome`` before its table; a seat ``given`` to a computer for good gets only the
    word why."""

    events: list[Event]
    dealt: Session | None = None
    welcome: list[int] = field(default_factory=list)
    given: int | None = None


# what a request of the host's table gives back: taken in by ``app.App.answer``
Answer: TypeAlias = "Gathered | Moved | ByeReply | RelayReply | RatedShareReply | OutboxReply"


class GuestRefusal(AllThreesError):
    """A guest's message refused, nothing changed: the refusal's code and values, and ``outbox``,
    the words of it for that guest's channel (empty when the seat is no friend's)."""

    def __init__(self, refused: AllThreesError, outbox: Outbox) -> None:
        super().__init__(str(refused))
        self.code = refused.code or type(refused).code
        self.values = refused.values
        self.outbox = outbox


def joint_of(gathering: Gathering | None, session: Session | None) -> TableState | None:
    """The joint state in play: the gathering's, or the dealt match's."""
    if gathering is not None:
        return gathering.net
    return session.net if session is not None else None


def _open(gathering: Gathering | None, session: Session | None) -> TableState:
    net = joint_of(gathering, session)
    if net is None:
        raise BadMessage("no table across devices is open", code="guest_seat")
    return net


def _dealt(gathering: Gathering | None, session: Session | None) -> tuple[Session, TableState]:
    """The match across devices in play, once dealt."""
    if gathering is not None or session is None or session.net is None:
        raise BadMessage("the match is not dealt yet", code="not_dealt")
    return session, session.net


def gathering_reply(gathering: Gathering) -> GatheringReply:
    net, settings = gathering
    kept = gathering_stored(settings, net)
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
        "watch": net.watch_room(),
        "save": kept["text"],
        "stored": kept["stored"],
    }


def gather(
    settings: Json,
    seed: int | None,
    name: Json,
    seconds: Json,
    rated: Json = False,
    watch: Json = False,
) -> Gathered:
    """A gathering opened: ``settings`` with a friend's seat or more, ``name`` the host's,
    ``rated`` the host's choice of a rated table, before the deal (never with a ``seed``),
    ``watch`` whether people may watch it (``watch``)."""
    table = Settings.from_json(settings)
    chosen = rated is True
    name_ = clean_name(name or "")
    net = TableState.new(table, seed, name_, clock.seconds(seconds), chosen, watch is True)
    return Gathered(Gathering(net, table))


def set_watch(gathering: Gathering | None, session: Session | None, on: Json) -> Gathered | Moved:
    """The host lets people watch the table, or no more: kept with the table (its save), and
    answered as any change of it (the reply's ``watch`` says the stream's secret, or none)."""
    net = _open(gathering, session)
    if not isinstance(on, bool):
        raise BadMessage("watch is true or false", field="on")
    net.watch = on
    net.watch_pending = None  # the stream starts again from the table as it is
    if not on:
        net.watchers = 0
    return Gathered(gathering) if gathering is not None else Moved([])


def set_title(
    gathering: Gathering | None, session: Session | None, title: Json
) -> OutboxReply | Moved:
    """The host's own player's title at its table (op ``table_title``; None: none, or hidden),
    shown beside its name in every seat's snapshot; one that is no title's code is refused
    (``title_unknown``) and changes nothing."""
    net = _open(gathering, session)
    net.said_title(net.host, checked_title(title))
    return _titled(gathering)


def _titled(gathering: Gathering | None) -> OutboxReply | Moved:
    """A title said: before the deal nothing shows it yet (the deal's snapshots will), so the
    reply is an empty outbox (a gathering's reply would make the host's page show its invites
    again); once dealt, every seat's table again."""
    return {"ok": True, "outbox": {}} if gathering is not None else Moved([])


def set_rated(gathering: Gathering | None, on: Json) -> Gathered:
    """The host's choice of a rated table, changed in the invite until a friend sits down (then
    it is settled: whoever joined, joined that table); a practice table is never rated."""
    if gathering is None:
        raise BadMessage("no table is waiting for players", code="no_gathering")
    if not isinstance(on, bool):
        raise BadMessage("rated is true or false", field="on")
    net = gathering.net
    if net.parts:
        raise BadMessage(
            "a friend has sat down: the table's rating is settled", code="rated_joined"
        )
    net.rated = on and not net.practice
    return Gathered(gathering)


def seat_for(gathering: Gathering | None, session: Session | None, key: Json) -> SeatForReply:
    """The seat a page knocking at the room with ``key`` takes (``TableState.seat_for``)."""
    return {"ok": True, "seat": _open(gathering, session).seat_for(key)}


def welcome(net: TableState, settings: Settings, seat: int, session: Session | None) -> str:
    """The answer to a hello: the table, the friends, and once dealt the seat's snapshot."""
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


def guest(gathering: Gathering | None, session: Session | None, seat: Json, text: Json) -> Answer:
    """A guest's message, checked, then answered; a ``GuestRefusal`` (with its words for that
    guest) when it, or the move it asks for, is refused."""
    net = joint_of(gathering, session)
    try:
        if net is None:
            raise BadMessage("no table across devices is open", code="guest_seat")
        if not is_whole(seat) or seat not in net.friends:
            raise BadMessage(f"seat {seat!r:.20} is no friend's seat", code="guest_seat")
        message = guest_message(text)
        if message["kind"] == "hello":
            return _hello(gathering, session, net, seat, message)
        if message["kind"] == "bye":
            return {"ok": True, "bye": {"seat": seat}, "outbox": {}}
        if seat not in net.parts:
            raise BadMessage("say hello first: the seat is not joined", code="not_joined")
        if message["kind"] == "reaction":
            return _reaction(net, session, seat, message["id"])
        if message["kind"] == "rated_part" or message["kind"] == "rated_sign":
            return rated.guest_rated(net, session, seat, message)
        if message["kind"] == "title":  # its player's title changed: every table shows it
            net.said_title(seat, message["title"])
            return _titled(gathering)
        dealt, _ = _dealt(gathering, session)
        return Moved(dealt.act(seat, message["intent"], remote=True))
    except AllThreesError as exc:  # a message's, or the move's refusal: nothing changed
        table = net.table if net is not None else "0" * TABLE_HEX
        raise GuestRefusal(exc, _refusal_words(exc, seat, table, net)) from None


def _refusal_words(exc: AllThreesError, seat: Json, table: str, net: TableState | None) -> Outbox:
    """The words of a refusal for the guest's own channel (a friend's seat; none otherwise)."""
    if net is None or not is_whole(seat) or seat not in net.friends:
        return {}
    words = refusal_json(exc)
    return {
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


def give(gathering: Gathering | None, session: Session | None, seat: Json, level: Json) -> Moved:
    """The host gives a friend's seat to a computer ``level`` for good (a stranger it does not
    want at the table): the computer plays it from now on, the seat's page is told
    (``seat_given``, as a refusal) and its key takes no seat again, in this match or the
    table's next. Only a dealt match's seat, not yet given, of a friend."""
    if gathering is not None or session is None or session.net is None:
        raise BadMessage("no match across devices is dealt", code="not_dealt")
    net = session.net
    if not is_whole(seat) or seat not in net.friends or seat in net.given_away:
        raise BadMessage(f"seat {seat!r:.20} is no friend's seat to give", code="guest_seat")
    events = session.set_stand_in(seat, level)  # refuses a level that is none
    net.given_away = net.given_away | {seat}
    net.timer.reset(seat)
    return Moved(events, given=seat)


def _hello(
    gathering: Gathering | None, session: Session | None, net: TableState, seat: int, data: Hello
) -> Gathered | Moved:
    if data["table"] != net.table:
        raise BadMessage("this invite is for another table", code="wrong_table")
    if seat in net.given_away:
        raise BadMessage("the host gave this seat to a computer", code="seat_given")
    net.claim(seat, data.get("key"))
    net.said_title(seat, data.get("title"))  # (its shape and code checked by ``protocol``)
    name = clean_name(data.get("name", ""))
    if gathering is not None:  # before the deal a part may still change (nobody has seen a seed)
        net.parts[seat] = data["part"]
        if name:
            net.names[seat] = name
        elif seat in net.names:
            del net.names[seat]
        if net.ready():  # the last friend is in: deal from the mix
            return _deal(gathering, [seat])
        settings = gathering.settings
        out = {str(seat): [welcome(net, settings, seat, None)]}
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
        return Gathered(gathering, out)
    # back in its seat: the friend plays it again (the match keeps its part), its count of
    # time-outs in a row starts again
    dealt, _ = _dealt(gathering, session)
    dealt.stand_in.pop(seat, None)
    net.timer.reset(seat)
    return Moved([], welcome=[seat])


def _deal(gathering: Gathering, welcomed: list[int]) -> Moved:
    """The match dealt from the mix once every friend's seat is joined (the last hello, or
    ``fill``): every joined friend gets its ``table``, and each of ``welcomed`` a ``welcome``
    with the dealt table before it (the friends as they are now, and its snapshot)."""
    net, settings = gathering
    session = Session(settings, net.seed(), practice=net.practice)
    session.net = net
    return Moved([Dealt(1)], dealt=session, welcome=welcomed)


def fill(gathering: Gathering | None, level: Json) -> Moved:
    """Computers of ``level`` in every friend's seat nobody has joined, then the deal (every
    friend left has joined): each joined friend gets a ``welcome`` (the friends left, the
    dealt table) and its ``table``. Refused, nothing changed, with no gathering open
    (``no_gathering``), a level not of ``COMPUTERS``, or nobody joined yet
    (``nobody_joined``: there is nobody to play with)."""
    if gathering is None:
        raise BadMessage(
            "no gathering is open: computers fill the empty seats before the deal",
            code="no_gathering",
        )
    if not isinstance(level, str) or level not in COMPUTERS:
        raise BadIntent(f"a level is one of {', '.join(COMPUTERS)}")
    net, settings = gathering
    joined = [s for s in net.friends if s in net.parts]
    if not joined:
        raise BadMessage(
            "no friend has joined yet: there is nobody to play with", code="nobody_joined"
        )
    empty = [s for s in net.friends if s not in net.parts]
    seats = tuple(Seat(level) if i in empty else s for i, s in enumerate(settings.seats))
    return _deal(Gathering(net.filled(empty), replace(settings, seats=seats)), joined)


def time_up(gathering: Gathering | None, session: Session | None, seat: Json, level: Json) -> Moved:
    """The host's page says the time of ``seat`` (the seat to move) ran out: the move made for
    it, as ``clock.time_up`` decides, to every device; refused with nothing changed when the
    table has no clock running out for that seat."""
    if gathering is not None:
        raise BadMessage("the match is not dealt yet", code="not_dealt")
    if session is None or session.net is None:
        raise clock.ClockRefusal("no table across devices is in play", code="clock_off")
    return Moved(clock.time_up(session, seat, level))


def _reaction(net: TableState, session: Session | None, seat: int, rid: str) -> RelayReply:
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
    return relay(net, seat, rid)


def react(gathering: Gathering | None, session: Session | None, rid: Json) -> RelayReply:
    """The host's own quick reaction, to every joined friend."""
    net = _open(gathering, session)
    if not isinstance(rid, str) or rid not in REACTIONS:
        raise BadMessage(f"no reaction {shown(rid)}", code="reaction_unknown")
    return relay(net, net.host, rid)


def relay(net: TableState, seat: int, rid: str) -> RelayReply:
    """A reaction shown on the host's table and sent to every other joined friend."""
    text = host_text("reaction", net.table, seat=seat, id=rid)
    out = {str(s): [text] for s in net.friends if s != seat and s in net.parts}
    return {"ok": True, "relay": {"seat": seat, "id": rid}, "outbox": out}


def presence(
    gathering: Gathering | None, session: Session | None, seats: Json, watchers: Json = None
) -> OutboxReply:
    """The page's transport facts as a presence message for every joined friend, with how many
    watch the table (``watchers``, as the host's page counts them) when it says."""
    net = _open(gathering, session)
    if not isinstance(seats, list) or not all(
        isinstance(p, dict)
        and set(p) == {"seat", "presence"}
        and p["seat"] in net.friends
        and p["presence"] in PRESENCE
        for p in seats
    ):
        raise BadMessage("presence is a list of {seat, presence} of the friends' seats")
    if watchers is not None:
        if not is_whole(watchers, least=0, most=WATCHERS_MOST):
            raise BadMessage(f"watchers is a count of at most {WATCHERS_MOST}", field="watchers")
        net.watchers = watchers
    counted = {"watchers": watchers} if watchers is not None else {}
    text = host_text("presence", net.table, seats=seats, **counted)
    return {"ok": True, "outbox": {str(s): [text] for s in net.friends if s in net.parts}}


def guests(
    session: Session, net: TableState, events: list[Event], moved: Moved
) -> tuple[dict[str, Guests], Outbox]:
    """Each joined friend's ``{snapshot, events}`` (and ``reveal`` once the match is over), and
    the texts to send each: a ``welcome`` first for the seats ``moved`` welcomes, only the word
    why for the seat it gave to a computer."""
    table: dict[str, Guests] = {}
    outbox: Outbox = {}
    for seat in net.friends:
        if seat not in net.parts:
            continue
        shown_events = events_json(events, session, seat)
        mine: Guests = {"snapshot": snapshot(session, seat), "events": shown_events}
        texts = [host_text("table", net.table, seat=seat, **mine)]
        if session.match.over:
            mine["reveal"] = reveal(session, net, seat)
            texts.append(host_text("reveal", net.table, **mine["reveal"]))
        if seat in moved.welcome:
            texts.insert(0, welcome(net, session.settings, seat, session))
        if seat == moved.given:  # its table no more: only the word why
            texts = [
                host_text(
                    "refusal",
                    net.table,
                    code="seat_given",
                    values={},
                    error="the host gave this seat to a computer",
                )
            ]
        table[str(seat)] = mine
        outbox[str(seat)] = texts
    return table, outbox


def reveal(session: Session, net: TableState, seat: int) -> Reveal:
    """What a guest gets at the match's end to check the deal (``check.check_shared``)."""
    return {
        "seat": seat,
        "match": net.k,
        "commitment": net.commitment(),
        "host_part": net.host_part().hex(),
        "parts": [{"seat": s, "part": net.parts[s]} for s in net.friends],
        "seed": seed_hex(session.seed),
        "record": match_record(session),
        "settings": session.settings.to_json(),
        "match_id": session.match_id,
        "practice": session.practice,
        "rated": net.rated,
    }
