"""What a watcher sees of a table played online, and when: the host lets people watch
(``TableState.watch``), and its page sends one stream for every watcher through the relays
(web/js/net/watch.js). This module makes that stream's texts, the ``watch`` messages of
``protocol``, on the host's device.

A watcher's table is made for no seat (``snapshot.snapshot(..., watcher=True)``): the tiles
played, each hand's size, the boneyard's, the scores, the clock; every seat by its name; no
hand, no drawn tile, no partner's note (it may name a tile in hand), until the round's end
reveals the hands as it does to every player. And it is **one move behind**: after each move,
the watchers get the table as it was before it, with the events that led there; the table as it
is now waits for the next move. A round's end goes out at once (its hands are revealed to all).
After the host's page reloads, nothing is pending: the table one move back is made again by
replaying the round (``behind``).
"""

from __future__ import annotations

from copy import copy
from typing import TYPE_CHECKING

from ..session import Event, Session
from ..snapshot import events_json, snapshot
from .protocol import host_text

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .state import TableState


def watch_text(session: Session, events: list[Event]) -> str:
    """The watchers' table of ``session`` as it is, with ``events`` as a watcher sees them."""
    net = session.net
    assert net is not None  # a table across devices
    return host_text(
        "watch",
        net.table,
        snapshot=snapshot(session, watcher=True),
        events=events_json(events, session, watcher=True),
    )


def behind(session: Session) -> Session:
    """The match as it was one move ago (the round replayed from its deal to its last move but
    one): what the watchers see while that move is still pending. The session is a shallow copy;
    the one in play is not touched."""
    match = session.match
    rnd = match.round
    history = rnd.history
    if not history or rnd.over:
        return session
    deal = match.deals[-1]
    earlier = deal.round(match.rules, rnd.forced_lead, list(rnd.base))
    for entry in history[:-1]:
        earlier.apply(entry.move, entry.claim if entry.claim >= 0 else None)
    past = copy(session)
    past.match = copy(match)
    past.match.rounds = [*match.rounds[:-1], earlier]
    return past


def texts(session: Session, net: TableState, events: list[Event]) -> list[str]:
    """The watchers' texts to send after a reply that changed the table by ``events``: the table
    one move back (what was pending, or made again after a reload), and the table as it is
    when the round is over (or before its first move: nothing hidden is in a deal either)."""
    now = watch_text(session, events)
    over = session.match.round.over or session.match.over
    fresh = session.match.round.moves_made == 0
    if net.watch_pending is not None:
        out = [net.watch_pending]
    elif over or fresh:
        out = []
    else:
        out = [watch_text(behind(session), [])]
    if over or fresh:
        out.append(now)
    net.watch_pending = now
    return [t for i, t in enumerate(out) if i == 0 or t != out[i - 1]]
