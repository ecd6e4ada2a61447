"""Each request the page sends, by its ``op``: what it takes and what it gives back, and its
handler (``HANDLERS``), which reads what it needs and leaves the table's changes to ``app.App``
(its ``start``, ``new``, ``reply`` and ``answer``), the one holder of the session.

Requests (``op``):
- ``ping``: the bridge is alive; replies ``{version, protocol}`` (``net.protocol.VERSION``).
- ``choices``: what the New game dialog offers, and its defaults.
- ``rules_form`` ``{settings}``: the dialog's Options for those settings: every rule option's value,
  the preset's value, the allowed values, and the engine's message for an impossible combination.
- ``rules_text``: the rules of the match in play, with a worked example, as sections of lines
  of codes and values (``explain.rules_lines``) that the page words in its language.
- ``record``: the match's record (docs/rules.md), for the test hook (every hand: see
  docs/architecture.md, "The test hook"); with the seed, its commitment and dealing once the
  match is over.
- ``start`` ``{save?, sealed_seed?, settings?, seed?}``: resume a save (its seed given apart as
  ``sealed_seed`` when the page kept it sealed: ``stored`` below), or begin a new match (with
  ``settings`` and ``seed`` when given). A save that cannot be restored begins a new match with a
  ``problem``.
- ``link`` ``{params, settings?}``: check a link's parameters (over the player's own ``settings``);
  replies ``{settings, seed}`` and starts nothing.
- ``new`` ``{settings?, seed?}``: a fresh match, replacing the one in play (with a friend's seat
  in ``settings``, a gathering: ``gather`` below); ``{daily, preset?}``:
  the deal of that UTC day (``career.daily_session``: it counts, unlike a ``seed``'s practice
  deal; only ``hide_sum`` is taken from ``settings``).
- ``intent`` ``{seat, intent}``: a person acts (see ``session.Session.act`` for the intents).
- ``advance``: the computer to move makes one move (the page paces these).
- ``hint`` ``{seat}``: the move the Expert would play for that person now, with a short reason;
  with the ``save`` and ``stored`` to keep, as the match is now unrated (``rated_table``).
- ``review`` ``{round?}``: each person's plays in a finished round where the Expert would have
  chosen differently.
- ``career_entry`` ``{date, daily?, entries?, attempts?}``: the finished match as a career entry
  (``career.recorded``: ``date`` the page's ISO UTC time, ``daily`` the UTC day when it was that
  day's scored daily); replies ``{entry, line}``, ``line`` the daily's shareable result
  (``career.daily_line``) or null. Given the career's ``entries`` so far (and the daily's
  ``attempts``), also ``career`` (the figures with this match, as of ``date``'s day),
  ``new_trophies`` (the ids it earned) and ``keep`` (``{entries, history}``: what the page keeps).
- ``career`` ``{entries, today?, attempts?}``: every figure and trophy of the career
  (``career.figures``); with ``today`` (the page's UTC day) the daily's figures are as of that
  day: the streak still alive or 0, and ``today`` ``{date, attempted, line}``.
- ``daily`` ``{date, preset?}``: the UTC day's deal, the same for everyone (``career.daily``).
- ``daily_start`` ``{date, attempts}``: the match in play was just started from ``date``'s deal
  (``new {daily}``); replies ``{scored, attempts}``: whether it is the day's one scored attempt,
  and the attempts for the page to keep (``career.daily_start``).
- ``export`` ``{exported, entries, daily, history, prefs}``: the export file's object from what
  the page keeps (``career.export_file``: the one format and version); replies ``{export}``.
- ``check_import`` ``{data}``: an export (the object or its text) checked through, every record
  replayed, before the page replaces anything (``career.check_import``); replies ``{summary}``.
- ``gather`` ``{settings, seed?, name?, clock?, rated?, watch?}``: a table across devices (``net``):
  the settings hold a ``friend`` seat or more; nothing is dealt until every friend has
  joined. Replies ``{gathering: {table, commitment, friends: [{seat, name, joined}], clock,
  rated}, room, save, stored}`` (``seed``: a practice table, its host secret derived from it;
  ``name``: the host's, as friends see it; ``clock``: the table clock, seconds a move, one of
  0 (none, the default), 30, 60, 120 (``net.clock.CHOICES``; another is refused,
  ``clock_choice``), kept in the save;
  ``rated``: true for a rated table, the host's choice (never with a ``seed``), kept in the save
  and shown in the gathering's and the snapshot's ``net``;
  ``room``: ``{secret, key}``, the table's room on the relays and the host's key there, which
  every reply of a table across devices carries to the host's page alone: ``TableState.room``;
  ``watch``: true when people may watch the table, kept in the save, and every such reply then
  carries ``watch: {secret}`` (the watchers' stream: ``TableState.watch_room``; else null) and,
  once dealt, ``watching``: the watchers' texts to send, one move behind (``net.watch``)).
- ``watch`` ``{on}``: the host lets people watch the table, or no more; replies as any change of
  the table (the gathering's reply, or the table's), with ``watch`` and ``watching``.
- ``table_title`` ``{title}``: the host's own player's title at its table (a code of
  ``titlecodes.TITLE_CODES``, or null: none, or hidden), shown beside its name in every seat's
  snapshot (each friend's comes in its ``hello``); replies as any change of a dealt table, and
  before the deal with an empty ``outbox`` (the deal's snapshots show it). Refused when no table
  across devices is open (``guest_seat``) or the title is none of the codes (``title_unknown``).
- ``fill`` ``{level}``: while a gathering is open, a computer of ``level`` (of
  ``settings.COMPUTERS``) takes every friend's seat nobody has joined, and the match is dealt
  with the friends who have (each gets a ``welcome`` with the dealt table, then its ``table``);
  replies as any change to the table below. Refused with no gathering open (``no_gathering``),
  nobody joined yet (``nobody_joined``: nobody to play with) or a bad level (``bad_request``).
- ``time_up`` ``{seat, level?}`` (the host's page, when its timer for the seat to move runs out;
  ``level`` of ``settings.COMPUTERS``, "casual" by default): at a dealt table across devices with
  a clock, once the time of ``seat`` (the seat to move, a person's now) has run out, the move a
  computer of ``level`` would make for it, after a ``timed_out`` event ``{seat, misses, away,
  level}`` (every device gets it); a friend's third time-out in a row makes its seat away (a
  computer of ``level`` stands in until its hello: ``away`` true). Replies as any change to the
  table below; refused, nothing changed (not even the turn's clock), with no clock
  (``clock_off``), before the deal (``not_dealt``), when ``seat`` is not a person's to move
  (``clock_turn``), too early (``clock_running``, with ``left_ms``), or a malformed seat or level
  (``bad_request``). The rule is ``net.clock``'s; every reply that changes such a table starts a
  new turn's clock, which the snapshot's ``net.clock`` shows (``snapshot``).
- ``seat_for`` ``{key}``: the seat a page knocking at the room with that seat key takes (its own,
  or the first free; a refusal ``table_full`` when none is left); changes nothing.
- ``guest`` ``{seat, message}``: the text a friend's device sent on the channel of ``seat``
  (``net.protocol``); replies as below with ``outbox`` (``{seat: [text, ...]}``: what the page
  sends each friend's channel, in order), a refusal with the refusal to send that seat.
- ``stand_in`` ``{seat, level}``: a computer level plays a friend's seat until it is back (its
  hello), or with null, the table waits for it.
- ``give_seat`` ``{seat, level}`` (the host's page): a friend's seat of the dealt match given to a
  computer ``level`` for good (a stranger the host does not want at the table): its page is told
  (``outbox``: a ``seat_given`` refusal, nothing more), its key takes no seat again (``seat_for``
  and its hello refused with ``seat_given``), and the reply's ``given`` names the seat.
- ``presence`` ``{seats: [{seat, presence}]}``: the page's transport facts, as ``outbox``.
- ``host_message`` ``{message}`` (a guest's page): a message from the host checked before use;
  replies ``{message}``, the object.
- ``check_shared`` ``{commitment, reveal, my_part, seen, date?, entries?, attempts?}`` (a guest's
  page): the match's deal checked at its end (``net.check``); replies ``{shared}``, with ``date``
  also ``shared.entry``, the match as an entry of the guest's own career (none for a practice
  table), and given the career's ``entries`` so far ``shared.career``, ``shared.new_trophies``
  and ``shared.keep``, as ``career_entry`` gives them.
- ``react`` ``{id}`` (the host's page): the host's own quick reaction, relayed to every friend;
  replies ``{relay, outbox}``.
- ``rated`` ``{on}`` (the host's page, before the deal): the table rated or not, the host's choice
  changed in the invite until a friend sits down (``rated_joined`` after); replies as ``gather``.
- ``rated_share`` ``{part}`` or ``{digest, signature}`` (the host's page, at a rated table's end):
  its own part of the result document, or its signature of it, for every friend (``net.rated``);
  replies ``{rated: {seat, part | digest, signature}, outbox}``, as a guest's ``rated_part`` and
  ``rated_sign`` are answered.
- ``career_merge`` ``{mine, theirs, today?}``: two devices' careers merged both ways
  (``career.merge``); replies ``{merged: {entries, history, daily, prefs}, career, replaced,
  counts, keep}`` (``replaced``: ``mine`` as it was, for the backup).
- ratings, rated results between people and the daily deal's standings: ``rated_table``,
  ``ratings``, ``rated_part``, ``rated_document``, ``rated_take``, ``rated_abandon``,
  ``standings_entry``, ``standings_check``, ``standings`` (``ratingops``, where each is
  described). ``career``, ``career_entry``, ``export``, ``check_import`` and ``career_merge``
  take the career's ``abandoned`` too, and the figures hold ``ratings``; a finished match's reply
  also ``new_titles`` (``[{kind, title}]``: each title it reached, said once with the fanfare).
- ``replay_round`` ``{settings, record, round, review?}``: one round (1-based) of a finished
  match kept as its settings and record, move by move with every hand face up, and the Expert's
  review of each person's plays (``replayview``; ``review: false`` leaves it out, for speed); the
  match in play is not touched.
Every reply that changes the table is ``{ok, snapshot, events, save, stored}``: ``stored`` is the
save as the page keeps it (``save.stored``: ``{match_id, moves, seed, rest}``, so the page never
reads the save's own fields); across devices it also holds ``guests`` (``{seat: {snapshot, events,
reveal?}}``, each friend's table as that seat may see it) and ``outbox``, and each snapshot's
``net`` (``snapshot``) holds ``clock``: ``{seat, limit_ms, left_ms}`` while a person is to move
at a table with a clock, else null (the host's page times the seat to move from it and sends
``time_up``). A refusal is ``{ok: false, error, code, values, snapshot?}``
(``errors.refusal_json``: the English message for the terminal, the code and values for the
page's words) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import __version__, career, ratingops
from .errors import AllThreesError
from .explain import rules_lines
from .jsontext import is_whole
from .links import parse_link
from .net import rated, table
from .net.check import check_shared
from .net.protocol import VERSION as PROTOCOL
from .net.protocol import host_message
from .replayview import replay_round
from .rules import DEFAULT_PRESET
from .rulesform import rules_form
from .session import BadIntent
from .settings import MAX_SEED_DIGITS, Settings
from .snapshot import choices, match_record

if TYPE_CHECKING:  # types only: ``app`` imports this module
    from .app import App
    from .shapes import Json
    from .shapes.replies import Reply

MAX_SEED = 10**MAX_SEED_DIGITS
Request = dict[str, "Json"]  # a request as the page sent it (``shapes.requests``), checked on use


def seed_or_none(value: Json) -> int | None:
    """A request's ``seed``: none, or a whole number below ``MAX_SEED``."""
    if value is None:
        return None
    if not is_whole(value, least=0, most=MAX_SEED - 1):
        raise BadIntent(f"a seed is a whole number below {MAX_SEED}")
    return value


def own_settings(settings: Json) -> Settings:
    """The player's own last settings (the page's preferences), or the defaults if unreadable."""
    try:
        return Settings.from_json(settings)
    except AllThreesError:
        return Settings()


def _guest(app: App, r: Request) -> Reply:
    return app.answer(table.guest(app.gathering, app.session, r.get("seat"), r.get("message")))


def _with_match(handler: ratingops.Handler) -> Callable[[App, Request], Reply]:
    """A ``ratingops`` handler as one of ``HANDLERS``: given the match in play, if any."""
    return lambda app, r: handler(r, app.session)


# Each request's handler, by its ``op`` (see the module docstring for what each takes and gives).
HANDLERS: dict[str, Callable[[App, Request], Reply]] = {
    # with the protocol's version, which a guest's page writes on its messages
    "ping": lambda app, r: {"ok": True, "version": __version__, "protocol": PROTOCOL},
    "choices": lambda app, r: {"ok": True, "choices": choices()},
    "rules_form": lambda app, r: {"ok": True, "form": rules_form(r.get("settings"))},
    "link": lambda app, r: link(r),
    "replay_round": lambda app, r: {
        "ok": True,
        "round": replay_round(
            r.get("settings"), r.get("record"), r.get("round"), r.get("review", True)
        ),
    },
    "career": lambda app, r: {
        "ok": True,
        "career": career.figures(
            r.get("entries"), r.get("today"), r.get("attempts"), r.get("abandoned")
        ),
    },
    "daily": lambda app, r: {
        "ok": True,
        "daily": career.daily(r.get("date"), r.get("preset", DEFAULT_PRESET)),
    },
    "export": lambda app, r: {
        "ok": True,
        "export": career.export_file(
            *(r.get(k) for k in ("exported", "entries", "daily", "history", "prefs")),
            *(r.get(k) for k in ("abandoned", "signing")),
        ),
    },
    "check_import": lambda app, r: {"ok": True, "summary": career.check_import(r.get("data"))},
    "host_message": lambda app, r: {"ok": True, "message": host_message(r.get("message"))},
    "check_shared": lambda app, r: {
        "ok": True,
        "shared": check_shared(
            r.get("commitment"),
            r.get("reveal"),
            r.get("my_part"),
            r.get("seen"),
            r.get("date"),
            r.get("entries"),
            r.get("attempts"),
        ),
    },
    "career_merge": lambda app, r: {
        "ok": True,
        **career.merge(r.get("mine"), r.get("theirs"), r.get("today")),
    },
    # a table across devices (``net.table``)
    "gather": lambda app, r: app.answer(app.gather(r, seed_or_none(r.get("seed")))),
    "fill": lambda app, r: app.answer(table.fill(app.gathering, r.get("level"))),
    "time_up": lambda app, r: app.answer(
        table.time_up(app.gathering, app.session, r.get("seat"), r.get("level"))
    ),
    "guest": _guest,
    "presence": lambda app, r: table.presence(
        app.gathering, app.session, r.get("seats"), r.get("watchers")
    ),
    "watch": lambda app, r: app.answer(table.set_watch(app.gathering, app.session, r.get("on"))),
    "rated": lambda app, r: app.answer(table.set_rated(app.gathering, r.get("on"))),
    "table_title": lambda app, r: app.answer(
        table.set_title(app.gathering, app.session, r.get("title"))
    ),
    "give_seat": lambda app, r: app.answer(
        table.give(app.gathering, app.session, r.get("seat"), r.get("level"))
    ),
    "seat_for": lambda app, r: table.seat_for(app.gathering, app.session, r.get("key")),
    "react": lambda app, r: table.react(app.gathering, app.session, r.get("id")),
    "rated_share": lambda app, r: rated.share(
        table.joint_of(app.gathering, app.session),
        app.session,
        *(r.get(k) for k in ("part", "digest", "signature")),
    ),
    # the match in play
    "start": lambda app, r: app.start(r),
    "new": lambda app, r: app.new(r),
    "intent": lambda app, r: app.reply(app.in_play().act(r.get("seat"), r.get("intent"))),
    "advance": lambda app, r: app.reply(app.in_play().advance()),
    "stand_in": lambda app, r: app.stand_in(r),
    "hint": lambda app, r: app.hint(r),
    "review": lambda app, r: {"ok": True, "review": app.in_play().review(r.get("round"))},
    "rules_text": lambda app, r: {"ok": True, "rules": rules_lines(app.in_play().match.rules)},
    "record": lambda app, r: {"ok": True, "record": match_record(app.in_play())},
    "career_entry": lambda app, r: {
        "ok": True,
        **career.recorded(
            app.in_play(),
            *(r.get(k) for k in ("date", "daily", "entries", "attempts", "abandoned")),
        ),
    },
    "daily_start": lambda app, r: {
        "ok": True,
        **career.daily_start(app.in_play(), r.get("date"), r.get("attempts")),
    },
    # ratings, rated results between people, the daily deal's standings (``ratingops``)
    **{op: _with_match(handler) for op, handler in ratingops.HANDLERS.items()},
}


def link(req: Request) -> Reply:
    settings, seed = parse_link(req.get("params"), own_settings(req.get("settings")))
    return {"ok": True, "settings": settings.to_json(), "seed": seed}
