"""The page's requests about ratings, rated results between people and the daily deal's
standings (issue 44), routed here by ``app``: each takes the request's fields and gives the
reply's. What each means is the ``career`` package's.

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
- ``standings`` ``{entries: [{key, at, entry}], date, today, known?}``: the day's standings:
  ``{standings: {date, count, refused, best, rows: [{rank, key, name, score, won, margin}],
  checked, why}}`` (``checked``, the verdicts by digest, handed back as ``known`` next time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import career
from .session import BadIntent, Session

Handler = Callable[[dict[str, Any], Session | None], dict[str, Any]]


def _rated_table(req: dict[str, Any], session: Session | None) -> dict[str, Any]:
    if session is None:
        raise BadIntent("no game: start one first")
    return {"table": career.rated_table(session)}


def _ratings(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    entries = career.check_entries(req.get("entries"))
    abandoned = career.check_abandoned(req.get("abandoned"))
    return {"ratings": career.ratings(entries, req.get("today"), abandoned)}


def _part(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    return {"part": career.rated_part(req.get("entries"), req.get("entry"), req.get("key"))}


def _document(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    return career.rated_document(req.get("entry"), req.get("parts"))


def _take(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    asked = ("entries", "entry", "signed", "verified", "key")
    taken = career.rated_take(*(req.get(k) for k in asked))
    entry = taken["entry"]
    before = [e for e in career.check_entries(req.get("entries")) if e["id"] != entry["id"]]
    figures = career.figures(
        [*before, entry], req.get("today"), req.get("attempts"), req.get("abandoned")
    )
    titles = career.titles_reached(career.ratings(before), figures["ratings"])
    return {"entry": entry, "career": figures, "new_titles": titles}


def _abandon(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    asked = ("abandoned", "match", "date", "kind")
    return {"abandoned": career.abandon(*(req.get(k) for k in asked))}


def _standings_entry(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    return {"entry": career.published_entry(req.get("name"), req.get("entry"))}


def _standings_check(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    return career.standings_check(req.get("entry"), req.get("date"), req.get("today"))


def _standings(req: dict[str, Any], _: Session | None) -> dict[str, Any]:
    asked = ("entries", "date", "today", "known")
    return {"standings": career.daily_standings(*(req.get(k) for k in asked))}


OPS: dict[str, Handler] = {
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


def handle(op: str, req: dict[str, Any], session: Session | None) -> dict[str, Any]:
    """The reply to a request of ``OPS``."""
    return {"ok": True, **OPS[op](req, session)}
