"""The daily deal's standings: the one entry a player publishes after the day's scored attempt
(``StandingsEntry``: nothing but the chosen name, the score and the record of moves, with the
day it was played), and the check of every entry before it is counted or shown.

An entry counts only when all of this holds (``check``); otherwise it is refused with a code
(``REFUSALS``) and shown nowhere:

- it is well formed (``malformed``): the fields of ``StandingsEntry`` and no other, a name as a
  seat's name may be, a real day, moves as notation within ``MAX_ROUNDS`` and ``MAX_MOVES``;
- its day is the day asked for (``wrong_date``) and not after the page's today (``future``);
- it is the only entry of its key that day (``duplicate_key``: of several, the first published
  counts, by the relay's time and then the entry's digest, and every other is refused);
- its moves replay on that day's deal (``dailydeal.daily_session``) from the first deal to the
  match's end: every move of the player legal (``illegal_move``), every move of the computer
  exactly the one the day's computer makes there (``computer_move``: it searches a fixed count
  of worlds from a random source fixed by the day, the round and the move, so every device
  makes the same), nothing past the end and nothing missing (``unfinished``), and the score
  the player's final score in the replay (``score``).

``standings`` checks a batch (the replays are the cost: about a third of a second an entry in
CPython; the page may hand back the verdicts of entries it checked before, by digest, to skip
their replays, and give a ``budget`` of replays: past it, an entry is left ``unchecked``, neither
counted nor refused, those that claim the highest scores replayed first) and ranks the entries
that count: a won match first, then more points, then a wider margin; equal entries share a rank
(1, 2, 2, 4).
"""

from __future__ import annotations

import re
from datetime import date as Day
from typing import TYPE_CHECKING, TypedDict

from ..errors import AllThreesError
from ..notation import parse_move
from ..rules import DEFAULT_PRESET
from ..settings import clean_name
from .dailydeal import daily_session
from .dates import checked_day, parse_day
from .refusals import CareerError
from .signed import HEX64, digest_of

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from ..shapes import Json
    from ..shapes.career import (
        Published,
        Standings,
        StandingsCheck,
        StandingsEntry,
        StandingsRow,
        Verdict,
    )

STANDINGS_VERSION = 1
MAX_ROUNDS = 60  # rounds an entry may hold: a parlor match to 150 takes a handful
MAX_MOVES = 200  # moves a round may hold (28 tiles, draws and passes: far fewer)
MAX_MOVE_CHARS = 16  # "6-3@E=12" and the like
MAX_BATCH = 5000  # entries one request may hold
REFUSALS = (
    "malformed",
    "wrong_date",
    "future",
    "duplicate_key",
    "illegal_move",
    "computer_move",
    "unfinished",
    "score",
)
_MOVE_TEXT = re.compile(r"[0-9a-zA-Z@=\-]{1,16}")
# The fields of the shapes (``shapes.career``) checked here by name (tests/app/test_shapes.py
# holds them to the shapes): a published entry, the entry itself, a verdict.
PUBLISHED_FIELDS = ("key", "at", "entry")
ENTRY_FIELDS = ("v", "name", "date", "score", "record")
VERDICT_FIELDS = ("why", "won", "margin")


class Counted(TypedDict):
    """An entry that counts, before it is ranked."""

    key: str
    name: str
    score: int
    won: bool
    margin: int


def published_entry(name: Json, entry: Json) -> StandingsEntry:
    """The entry to publish for the day's scored attempt, from its career entry (``entry``, with
    its record) under the chosen ``name``."""
    if not isinstance(entry, dict) or entry.get("daily") is None:
        raise CareerError("that match was not a daily deal", code="not_daily")
    record = entry.get("record")
    if not isinstance(record, dict) or not isinstance(record.get("rounds"), list):
        raise CareerError("the daily's entry has no record", field="record")
    out: StandingsEntry = {
        "v": STANDINGS_VERSION,
        "name": clean_name(name),
        "date": entry["daily"],
        "score": entry["scores"][entry["your_side"]],
        "record": [list(r["moves"]) for r in record["rounds"]],
    }
    if _malformed(out):
        raise CareerError("the daily's entry cannot be published", field="record")
    return out


def _malformed(e: Json) -> bool:
    if not isinstance(e, dict) or set(e) != set(ENTRY_FIELDS):
        return True
    name, record = e["name"], e["record"]
    try:
        named = isinstance(name, str) and len(name) > 0 and clean_name(name) == name
    except AllThreesError:
        named = False
    return not (
        e["v"] == STANDINGS_VERSION
        and named
        and parse_day(e["date"]) is not None
        and isinstance(e["score"], int)
        and not isinstance(e["score"], bool)
        and 0 <= e["score"] <= 10_000
        and isinstance(record, list)
        and 0 < len(record) <= MAX_ROUNDS
        and all(isinstance(r, list) and len(r) <= MAX_MOVES for r in record)
        and all(isinstance(m, str) and _MOVE_TEXT.fullmatch(m) for r in record for m in r)
    )


def _well_formed(p: Json, day: str, today: Day) -> str | None:
    """The refusal of the published entry ``p`` before any replay, or None."""
    if (
        not isinstance(p, dict)
        or set(p) != set(PUBLISHED_FIELDS)
        or not isinstance(p["key"], str)
        or HEX64.fullmatch(p["key"]) is None
        or not isinstance(p["at"], int)
        or isinstance(p["at"], bool)
        or _malformed(p["entry"])
    ):
        return "malformed"
    played = parse_day(p["entry"]["date"])
    assert played is not None  # well formed
    if p["entry"]["date"] != day:
        return "wrong_date"
    if played > today:
        return "future"
    return None


def replayed(entry: StandingsEntry, preset: str = DEFAULT_PRESET) -> Verdict:
    """Replay a well-formed entry on its day's deal: ``{why, won, margin}``, ``why`` the
    refusal (None: it counts)."""
    session = daily_session(entry["date"], preset)
    match = session.match
    you = session.settings.you()
    for i, moves in enumerate(entry["record"]):
        if i:
            if not match.round.over or match.over:
                return {"why": "unfinished", "won": False, "margin": 0}
            session.act(None, {"kind": "next"})
        for text in moves:
            rnd = match.round
            if rnd.over:
                return {"why": "unfinished", "won": False, "margin": 0}
            try:
                move, claim = parse_move(rnd, text)
            except AllThreesError:
                return {"why": "illegal_move", "won": False, "margin": 0}
            if rnd.turn != you:
                session.advance()  # the day's computer, as every device plays it
                made = rnd.history[-1]
                if made.move != move or (claim is not None and made.claim != claim):
                    return {"why": "computer_move", "won": False, "margin": 0}
                continue
            try:
                match.apply(move, claim)
            except AllThreesError:
                return {"why": "illegal_move", "won": False, "margin": 0}
    if not match.over:
        return {"why": "unfinished", "won": False, "margin": 0}
    side = match.rules.side_of(you)
    mine = match.scores[side]
    margin = mine - max(v for s, v in enumerate(match.scores) if s != side)
    if mine != entry["score"]:
        return {"why": "score", "won": False, "margin": margin}
    return {"why": None, "won": match.winner == side, "margin": margin}


def check(published: Json, date: Json, today: Json) -> StandingsCheck:
    """One published entry checked for ``date``'s standings as of the page's ``today``:
    ``{valid, why}`` (``why`` a code of ``REFUSALS`` or None)."""
    out = standings([published], date, today)
    why = next((code for code, n in out["why"].items() if n), None)
    return {"valid": why is None, "why": why}


def _known(known: Json) -> dict[str, Verdict]:
    """The verdicts the page hands back, those that are verdicts (anything else is replayed)."""
    if not isinstance(known, dict):
        return {}
    return {
        digest: {"why": v["why"], "won": v["won"], "margin": v["margin"]}
        for digest, v in known.items()
        if isinstance(v, dict)
        and set(v) == set(VERDICT_FIELDS)
        and (v["why"] is None or v["why"] in REFUSALS)
        and isinstance(v["won"], bool)
        and isinstance(v["margin"], int)
    }


def standings(
    entries: Json, date: Json, today: Json, known: Json = None, budget: Json = None
) -> Standings:
    """``date``'s standings from the published ``entries`` (``[Published]``), as of the page's
    ``today``: ``{date, count, refused, unchecked, best, rows, checked, why}``: how many count,
    how many were refused and how many were left unchecked (past ``budget`` replays, None: no
    bound; entries of ``known`` verdicts cost none), the best score, every entry that counts
    ranked (``Row``), each replayed entry's verdict by its digest (``checked``: for the page to
    hand back as ``known`` next time, so an entry is replayed once), and the refusals counted by
    code."""
    day = checked_day(date, "the standings' date")
    now = parse_day(checked_day(today, "today"))
    assert now is not None
    if not isinstance(entries, list) or len(entries) > MAX_BATCH:
        raise CareerError(
            f"the standings take a list of at most {MAX_BATCH} entries", field="entries"
        )
    if budget is not None and (
        not isinstance(budget, int) or isinstance(budget, bool) or not 0 <= budget <= MAX_BATCH
    ):
        raise CareerError(f"a budget is a count from 0 to {MAX_BATCH}", field="budget")
    left = MAX_BATCH if budget is None else budget
    earlier = _known(known)
    why: dict[str, int] = dict.fromkeys(REFUSALS, 0)
    first: dict[str, tuple[int, str, Published]] = {}
    for p in entries:
        wrong = _well_formed(p, day, now)
        if wrong is not None:
            why[wrong] += 1
            continue
        digest = digest_of(p["entry"])
        held = first.get(p["key"])
        if held is not None and (held[0], held[1]) == (p["at"], digest):
            continue  # the same event from two relays
        if held is not None:
            why["duplicate_key"] += 1  # of one key's entries only the first published counts
        if held is None or (p["at"], digest) < (held[0], held[1]):
            first[p["key"]] = (p["at"], digest, p)
    checked: dict[str, Verdict] = {}
    rows: list[Counted] = []
    unchecked = 0
    # the highest claims first: past the budget, what is left unsaid is the bottom of the list
    order = sorted(first.items(), key=lambda kv: (-kv[1][2]["entry"]["score"], kv[1][:2]))
    for key, (_, digest, p) in order:
        entry = p["entry"]
        verdict = earlier.get(digest)
        if verdict is None:
            if left <= 0:
                unchecked += 1
                continue
            left -= 1
            verdict = replayed(entry)
        checked[digest] = verdict
        if verdict["why"] is not None:
            why[verdict["why"]] += 1
            continue
        won, margin = verdict["won"], verdict["margin"]
        name, score = entry["name"], entry["score"]
        rows.append({"key": key, "name": name, "score": score, "won": won, "margin": margin})
    ranked = _ranked(rows)
    return {
        "date": day,
        "count": len(ranked),
        "refused": sum(why.values()),
        "unchecked": unchecked,
        "best": ranked[0]["score"] if ranked else None,
        "rows": ranked,
        "checked": checked,
        "why": why,
    }


def _ranked(rows: list[Counted]) -> list[StandingsRow]:
    """Won first, then more points, then a wider margin; ties share a rank (then by name and
    key, so every device lists them alike)."""
    order = sorted(
        rows, key=lambda r: (not r["won"], -r["score"], -r["margin"], r["name"], r["key"])
    )
    out: list[StandingsRow] = []
    for i, r in enumerate(order):
        same = i and (r["won"], r["score"], r["margin"]) == (
            order[i - 1]["won"],
            order[i - 1]["score"],
            order[i - 1]["margin"],
        )
        rank = out[-1]["rank"] if same else i + 1
        out.append(
            {
                "rank": rank,
                "key": r["key"],
                "name": r["name"],
                "score": r["score"],
                "won": r["won"],
                "margin": r["margin"],
            }
        )
    return out
