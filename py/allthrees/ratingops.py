"""The page's requests about ratings, rated results between people and the daily deal's
standings (issue 44): ``HANDLERS``, which ``ops.HANDLERS`` takes in whole, each given the request
and the match in play (None: none). What each means is the ``career`` package's; the shapes are
``shapes.requests`` and ``shapes.replies``.

Requests (``op``), each reply ``{ok: true, ...}`` or a refusal as ``app`` gives one:

- ``rated_table``: whether the match in play counts for a rating (``career.rated_table``):
  ``{table: {rated, kind, reason, people}}``, ``kind`` one of ``two``, ``multi``, ``partners``,
  ``reason`` why not (``practice``, ``daily``, ``pass_and_play``, ``hint``, ``unmeasured``,
  ``not_chosen``, ``abandoned``) or null, ``people`` whether it counts only once every person's
  device has signed. The page asks it before the first hint, to warn that a hint makes the match
  unrated (``hint`` marks the match as hinted, kept in the save).
- ``ratings`` ``{entries, today?, abandoned?}``: every kind's rating (``career.ratings``):
  ``{ratings: {kinds: {two, multi, partners}, title}}``, each kind null before its first rated
  match, else ``{kind, rating, deviation, volatility, provisional, title, played, abandoned,
  last, history: [{id, date, rating, deviation, change}], best: {rating, date, id} | null}``.
  The same is ``career``'s figures' ``ratings``.
- ``rated_part`` ``{entries, entry, key}``: at a rated table with people, once the match is over
  (``entry``: its entry as ``career_entry`` or ``check_shared`` made it, with its record: the
  page's stored entry has none, so it puts back its history item's), this device's part of the
  result: ``{part: {seat, key, rating, deviation, previous}}``.
- ``rated_document`` ``{entry, parts}``: the result document from every person's part, and its
  digest, which each device signs (BIP-340): ``{document, digest}``.
- ``rated_take`` ``{entries, entry, signed: {document, digest, signatures}, verified, key,
  today?, attempts?, abandoned?}``: with every signature (``verified``: the page checked each),
  the entry with its rated result, for the page to keep in place of the unsigned one:
  ``{entry, career, new_titles}`` (the figures with it, and the titles it reached). Refused
  with ``rated_result`` (``values.why``) when any field disagrees with this device's own.
- ``rated_abandon`` ``{abandoned, match, date, kind}``: this device left rated match ``match``
  for good: ``{abandoned}``, the list to keep (beside the entries; exported and merged with
  them).
- ``standings_entry`` ``{name, entry}``: what to publish of the day's scored attempt (its
  career entry): ``{entry: {v, name, date, score, record}}``.
- ``standings_check`` ``{entry: {key, at, entry}, date, today}``: one published entry checked:
  ``{valid, why}``.
- ``standings`` ``{entries: [{key, at, entry}], date, today, known?, budget?}``: the day's
  standings: ``{standings: {date, count, refused, unchecked, best, rows: [{rank, key, name,
  score, won, margin}], checked, why}}`` (``checked``, the verdicts by digest, handed back as
  ``known`` next time; at most ``budget`` entries replayed, the rest ``unchecked``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import career
from .session import BadIntent, Session

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json
    from .shapes.replies import (
        AbandonReply,
        RatedDocumentReply,
        RatedPartReply,
        RatedTableReply,
        RatedTakeReply,
        RatingsReply,
        Reply,
        StandingsCheckReply,
        StandingsEntryReply,
        StandingsReply,
    )

Request = dict[str, "Json"]  # as the page sent it (``shapes.requests``), checked on use
Handler = Callable[[Request, Session | None], "Reply"]


def _rated_table(req: Request, session: Session | None) -> RatedTableReply:
    if session is None:
        raise BadIntent("no game: start one first")
    return {"ok": True, "table": career.rated_table(session)}


def _ratings(req: Request, _: Session | None) -> RatingsReply:
    entries = career.check_entries(req.get("entries"))
    abandoned = career.check_abandoned(req.get("abandoned"))
    return {"ok": True, "ratings": career.ratings(entries, req.get("today"), abandoned)}


def _part(req: Request, _: Session | None) -> RatedPartReply:
    part = career.rated_part(req.get("entries"), req.get("entry"), req.get("key"))
    return {"ok": True, "part": part}


def _document(req: Request, _: Session | None) -> RatedDocumentReply:
    made = career.rated_document(req.get("entry"), req.get("parts"))
    return {"ok": True, "document": made["document"], "digest": made["digest"]}


def _take(req: Request, _: Session | None) -> RatedTakeReply:
    asked = ("entries", "entry", "signed", "verified", "key")
    entry = career.rated_take(*(req.get(k) for k in asked))
    before = [e for e in career.check_entries(req.get("entries")) if e["id"] != entry["id"]]
    figures = career.figures(
        [*before, entry], req.get("today"), req.get("attempts"), req.get("abandoned")
    )
    titles = career.titles_reached(career.ratings(before), figures["ratings"])
    return {"ok": True, "entry": entry, "career": figures, "new_titles": titles}


def _abandon(req: Request, _: Session | None) -> AbandonReply:
    asked = ("abandoned", "match", "date", "kind")
    return {"ok": True, "abandoned": career.abandon(*(req.get(k) for k in asked))}


def _standings_entry(req: Request, _: Session | None) -> StandingsEntryReply:
    return {"ok": True, "entry": career.published_entry(req.get("name"), req.get("entry"))}


def _standings_check(req: Request, _: Session | None) -> StandingsCheckReply:
    checked = career.standings_check(req.get("entry"), req.get("date"), req.get("today"))
    return {"ok": True, "valid": checked["valid"], "why": checked["why"]}


def _standings(req: Request, _: Session | None) -> StandingsReply:
    asked = ("entries", "date", "today", "known", "budget")
    return {"ok": True, "standings": career.daily_standings(*(req.get(k) for k in asked))}


HANDLERS: dict[str, Handler] = {
    "rated_table": _rated_table,
    "ratings": _ratings,
    "rated_part": _part,
    "rated_document": _document,
    "rated_take": _take,
    "rated_abandon": _abandon,
    "standings_entry": _standings_entry,
    "standings_check": _standings_check,
    "standings": _standings,
}
