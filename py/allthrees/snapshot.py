"""The snapshot: everything the page draws, for one viewer, as plain JSON.

The page decides no rule: it gets the seats (name, side, controller, tile count, passed / drew)
and the sides (their seats and score), the viewer's hand with every legal target already placed
on the table (in table units, as the tile would lie), the layout's geometry, the lead rule as a
code, and the words of the round's summary. What the viewer may do is said, never left to be
inferred: ``can_draw``; ``must_pass`` and why (``pass_why``, a code of ``PASS_WHY``: ``"reserve"``
when the boneyard's last tiles are its reserve, which may not be drawn, ``"empty"`` when it has no
tile left; None unless the viewer must pass); and for each hand tile that does not play, why not
(``why_not``). Nothing here is seen that the viewer may not see: another seat's tiles appear only
once the round is over, a drawn tile only for the seat that drew it, and with no viewer (the
pass-and-play cover is up) there is no hand at all.

Across devices the host's Python makes a snapshot for each friend's seat too (``snapshot(session,
seat)``, ``events_json(events, session, seat)``): that seat is the viewer and "You", no other hand
is in it even at a round's end (the pips are), no drawn tile of another seat, no partner's note
of a computer (it may name a tile of its hand), nothing of the pass-and-play cover.

A table across devices has ``net`` (``net.state.TableState.summary``, the same in the host's
snapshot and each friend's): ``{table, commitment, match, friends: [{seat, name, joined,
stand_in}], clock_s, clock}``, where ``clock`` is the turn's table clock (``net.clock.shown``):
``{seat, limit_ms, left_ms}`` while a person (the host, a friend, or a person at the host's
device) is to move at a table with a clock, null with no clock, between rounds, or when a
computer plays the seat to move (its own or standing in for a friend). A table on one device has
``net`` null."""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Literal, cast

from . import __version__
from .explain import end_sum_picture
from .geometry import EMPTY_BOUNDS, layout_geometry, lead_placement
from .match import Match, commitment, decided_leader, seed_hex
from .moves import ARMS, DRAW, PASS, arm_name, is_lead, is_play, kind_of, tile_of
from .net.clock import QUICK as QUICK_CLOCK
from .net.clock import shown as shown_clock
from .net.timer import CHOICES as CLOCK_CHOICES
from .record import to_record
from .round import Round
from .rules import OPTIONS, Rules
from .session import MAX_CLAIM, Covered, Dealt, Drew, Event, Placed, Revealed, Session
from .settings import choices as setting_choices
from .summary import round_lines, side_name
from .tiles import HI, IS_DOUBLE, LO, NAME, PIPS, mask_of, tiles_of

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import OptionValue
    from .shapes.game import Choices, MatchRecord
    from .shapes.table import (
        EventShown,
        FairDeal,
        HandTile,
        LastPlay,
        Layout,
        LeadRule,
        Pegs,
        RoundShown,
        SeatShown,
        SeatStats,
        Snapshot,
        Target,
    )


def given_names(session: Session) -> dict[int, str]:
    """Names of seats that have none in the settings: across devices, the host's and those the
    friends gave in their hellos (``net``)."""
    return session.net.given() if session.net is not None else {}


def snapshot(session: Session, seat: int | None = None, *, watcher: bool = False) -> Snapshot:
    """The table as ``session.viewer`` may see it, or with ``seat`` (a friend's), as that seat
    may on its own device; with ``watcher``, as someone watching sees it (``net.watch``): no
    seat's, so no hand of its own, every seat by its name, the hands only once the round is over
    (then ``hand`` is the bottom seat's, as the rack shows it)."""
    match, rnd = session.match, session.round
    rules = match.rules
    settings = session.settings
    names = settings.names(seat, given_names(session), watching=watcher)
    guest = seat is not None or watcher
    viewer = None if watcher else seat if seat is not None else session.viewer
    acting = session.person_to_move() if viewer is not None else None
    my_turn = acting is not None and acting == viewer
    legal = rnd.legal_moves() if my_turn else []
    must_pass = my_turn and legal == [PASS]
    geo = layout_of(rnd)
    totals = (
        match.scores if rnd.over else [a + b for a, b in zip(match.scores, rnd.points, strict=True)]
    )
    return {
        "version": __version__,
        "mode": settings.mode,
        "settings": settings.to_json(),
        "rules": {
            "preset": rules.preset,
            "options": rules_options(rules),
            "target": rules.target,
            "multiple": rules.multiple,
            "players": rules.players,
            "teams": rules.teams,
            "single_round": rules.single_round,
            "reserve": rules.stock_reserve,
            "cribbage": rules.cribbage,
            "muggins": rules.muggins,
            "max_claim": MAX_CLAIM,
            "max_pip": rules.max_pip,
            "spinner": rules.uses_spinner,
            "picture": end_sum_picture(rules),  # How to play's example of an end sum that scores
        },
        "seats": _seats(session, names, seat, watcher),
        "sides": [
            {
                "side": side,
                "seats": list(rules.seats_of(side)),
                "name": side_name(rnd, side, names),
                "score": totals[side],
                "round_points": rnd.points[side],
            }
            for side in range(rules.sides)
        ],
        "you": seat if seat is not None else settings.you(),
        "viewer": viewer,
        "cover": None if guest else session.cover,
        "turn": rnd.turn,
        "to_move": session.to_move(),
        "person_to_move": acting,
        "computer_to_move": session.computer_to_move(),
        "friend_to_move": session.friend_to_move(),
        "phase": (
            "match_over"
            if match.over
            else "round_over"
            if rnd.over
            else "lead"
            if rnd.lead_tile < 0
            else "play"
        ),
        "round_no": len(match.rounds),
        "hand": (
            _hand(rnd, viewer, legal, geo)
            if viewer is not None
            # a watcher's bottom seat (``you``) is drawn from the rack: its hand once revealed
            else _hand(rnd, settings.you(), [], geo)
            if watcher and rnd.over
            else []
        ),
        "can_draw": my_turn and legal == [DRAW],
        "must_pass": must_pass,
        "pass_why": _pass_why(rnd) if must_pass else None,
        "lead_rule": _lead_rule(match) if my_turn else None,
        "pegs": _pegs(match),
        "boneyard": rnd.boneyard_left,
        # block play: every tile left stays in the boneyard, out of play
        "reserve": min(rules.stock_reserve, rnd.boneyard_left) if rules.draw else rnd.boneyard_left,
        "layout": {"tiles": geo["tiles"], "ends": geo["ends"], "bounds": geo["bounds"]},
        "end_sum": rnd.end_sum,
        "end_sum_scores": rules.scores(rnd.end_sum),
        "last": _last(rnd, len(geo["tiles"])),
        "round": _round_info(rnd, names, seat),
        "fair": fair_deal(session),
        "match": {
            "over": match.over,
            "winner": match.winner,
            "draw": match.over and match.winner is None,
            "in_progress": not match.over and (len(match.rounds) > 1 or rnd.moves_made > 0),
            "stats": stats(session),
        },
        "net": (
            session.net.summary(settings, session.stand_in, shown_clock(session))
            if session.net
            else None
        ),
    }


def rules_options(rules: Rules) -> dict[str, OptionValue]:
    """Every option as the engine holds it (docs/rules.md's names), for the page and its hook."""
    return {name: getattr(rules, name) for name in OPTIONS}


def layout_of(rnd: Round) -> Layout:
    """The layout of ``rnd`` as it lies now: ``{tiles, ends, bounds}`` in table units
    (``geometry.layout_geometry``): the snapshot's, and each frame of the replay viewer's."""
    plays = [(e.seat, e.move, e.touch) for e in rnd.history if e.move >= 0]
    if not plays:
        return {"tiles": [], "ends": [], "bounds": list(EMPTY_BOUNDS)}
    return layout_geometry(plays, rnd.ends, [rnd.end_value(a) for a in range(4)])


def _seats(
    session: Session, names: list[str], viewer: int | None, watcher: bool = False
) -> list[SeatShown]:
    rnd = session.round
    rules = session.match.rules
    labels = session.settings.labels(viewer, given_names(session), watching=watcher)
    titles = session.net.titles if session.net is not None else {}
    out: list[SeatShown] = []
    for seat, spec in enumerate(session.settings.seats):
        latest = [e for e in rnd.history if e.seat == seat]
        # what the seat did on its latest turn: passed, or drew this many tiles
        drew = 0
        for e in reversed(latest):
            if e.move != DRAW:
                break
            drew += 1
        out.append(
            {
                "seat": seat,
                "name": names[seat],
                "label": labels[seat],
                "side": rules.side_of(seat),
                "controller": spec.controller,
                "person": spec.person,
                "friend": spec.friend,
                "stand_in": session.stand_in.get(seat),
                "tiles": rnd.hands[seat].bit_count(),
                "passed": bool(latest) and latest[-1].move == PASS,
                "drew": drew,
                "title": titles.get(seat),
            }
        )
    return out


def _hand(rnd: Round, seat: int, legal: list[int], geo: Layout) -> list[HandTile]:
    ends = {e["arm"]: e for e in geo["ends"]}
    out: list[HandTile] = []
    for t in tiles_of(rnd.hands[seat]):
        targets: list[Target] = []
        for m in legal:
            if m < 0 or tile_of(m) != t:
                continue
            if is_lead(m):
                if any(x["arm"] is None for x in targets):
                    continue  # a lead either way round lies on the same spot
                place = lead_placement(IS_DOUBLE[t])
                a, b = HI[t], LO[t]
            else:
                end = ends[ARMS[kind_of(m)]]
                place = end["double" if IS_DOUBLE[t] else "plain"]
                a = end["value"]
                b = PIPS[t] - a
            targets.append(
                {
                    "arm": arm_name(m) if is_play(m) else None,
                    **place,
                    "a": a,
                    "b": b,
                    "points": rnd.points_after(m),
                }
            )
        out.append(
            {
                "tile": NAME[t],
                "a": HI[t],
                "b": LO[t],
                "playable": bool(targets),
                "lead": rnd.lead_tile < 0 and bool(targets),
                "targets": targets,
                "why_not": None if targets else _why_not(rnd, legal),
            }
        )
    return out


def _why_not(rnd: Round, legal: list[int]) -> Literal["wait", "lead", "no_end"]:
    """Why a tile of the viewer's hand does not play now, as a code the page words: not this
    seat's turn ("wait"), the lead must be another tile ("lead", see ``lead_rule``), or it
    matches no open end ("no_end")."""
    if not legal:
        return "wait"
    if rnd.lead_tile < 0:
        return "lead"
    return "no_end"


# Why the viewer must pass, as codes the page words (docs/rules.md "Play": a seat with no tile that
# fits draws, and passes only when it may not draw): the boneyard still holds tiles, but they are
# its reserve, which stays undrawn ("reserve", the rules' ``stock_reserve``); or it is empty; or
# the game is block play, where nobody draws (``draw`` false: a knock, "block").
PASS_WHY = ("reserve", "empty", "block")


def _pass_why(rnd: Round) -> Literal["reserve", "empty", "block"]:
    """The code of PASS_WHY for a seat that must pass now (``Round.legal_moves`` is ``[PASS]``
    once the boneyard is down to its reserve, and an empty one is down to any reserve)."""
    if not rnd.rules.draw:
        return "block"
    return "reserve" if rnd.boneyard_left else "empty"


# What the leader may or must lead, as codes the page words (docs/rules.md "Leading"): the highest
# double dealt, or with no double the heaviest tile, must be led; or the leader, chosen by the
# hands, by lots, as the last round's winner, or as the seat to the left, leads any tile.
LEAD_CODES = (
    "highest_double",
    "heaviest_tile",
    "highest_double_any",
    "heaviest_any",
    "lots",
    "winner",
    "left",
    "tie_left",
)


def _lead_rule(match: Match) -> LeadRule | None:
    """Why the leader leads and what it may lead, while the table is empty: a code of
    LEAD_CODES and a tile of the leader's own hand (or None)."""
    rnd = match.round
    if rnd.lead_tile >= 0 or rnd.over:
        return None
    rules = match.rules
    first = len(match.rounds) == 1 or rules.next_lead == "same"
    rule = rules.lead if first else rules.next_lead
    deal = match.deals[-1]
    if rnd.forced_lead >= 0:
        code = "highest_double" if IS_DOUBLE[rnd.forced_lead] else "heaviest_tile"
        return {"code": code, "tile": NAME[rnd.forced_lead]}
    if rule == "lots":
        return {"code": "lots", "tile": NAME[deal.lots[rnd.leader]] if deal.lots else None}
    if rule == "winner":
        won = match.rounds[-2].outcome().winner_seat == rnd.leader
        return {"code": "winner" if won else "tie_left", "tile": None}
    if rule == "left":
        return {"code": "left", "tile": None}
    hands = [mask_of(h) for h in deal.hands]
    _, tile = decided_leader(replace(rules, lead="highest_double"), hands)
    code = "highest_double_any" if IS_DOUBLE[tile] else "heaviest_any"
    return {"code": code, "tile": NAME[tile]}


def _pegs(match: Match) -> list[Pegs] | None:
    """With cribbage scoring, each side's two pegs: the front at its score, the back where the
    front was before the side's last award (the back peg leapfrogs the front on every award)."""
    rules = match.rules
    if not rules.cribbage:
        return None
    front = [0] * rules.sides
    back = [0] * rules.sides

    def award(side: int, pegs: int) -> None:
        if pegs > 0:
            back[side] = front[side]
            front[side] += pegs

    for rnd in match.rounds:
        for e in rnd.history:
            if e.points:
                award(rules.side_of(e.seat), e.points)
            if e.taker >= 0:
                award(rules.side_of(e.taker), rules.award(rules.points(e.end_sum)) - e.bust)
        end = rnd.outcome()
        if end.over and end.winner_side >= 0:
            award(end.winner_side, end.bonus)
    return [{"front": f, "back": b} for f, b in zip(front, back, strict=True)]


def _last(rnd: Round, placed: int) -> LastPlay | None:
    for e in reversed(rnd.history):
        if e.move >= 0:
            return {"seat": e.seat, "points": e.points, "end_sum": e.end_sum, "index": placed - 1}
    return None


def _round_info(rnd: Round, names: list[str], guest: int | None = None) -> RoundShown:
    end = rnd.outcome()
    rules = rnd.rules
    earned = [0] * rules.players  # each seat's points in play this round (a partner's apart)
    for e in rnd.history:
        earned[e.seat] += e.points
        if e.taker >= 0:  # muggins: the points the mover did not claim
            earned[e.taker] += rules.award(rules.points(e.end_sum)) - e.bust
    return {
        "over": end.over,
        "reason": end.reason,
        "winner": end.winner_side if end.winner_side >= 0 else None,
        "bonus": end.bonus,
        "points": list(rnd.points),
        "seat_points": earned,
        "pips": rnd.pips() if end.over else None,
        # a guest sees its own hand only (others' are null; their pips are above)
        "hands": [
            [NAME[t] for t in tiles_of(h)] if guest is None or s == guest else None
            for s, h in enumerate(rnd.hands)
        ]
        if end.over
        else None,
        "summary": round_lines(rnd),
    }


def stats(session: Session) -> list[SeatStats]:
    """Per seat over the match, for the round panel at the match's end: scoring plays and points
    per turn."""
    out: list[SeatStats] = [
        {"multiples": 0, "turns": 0, "in_play": 0, "avg_per_turn": 0}
        for _ in session.settings.seats
    ]
    for rnd in session.match.rounds:
        for e in rnd.history:
            if e.move == DRAW:
                continue
            out[e.seat]["turns"] += 1
            if e.points:
                out[e.seat]["multiples"] += 1
                out[e.seat]["in_play"] += e.points
    for s in out:
        s["avg_per_turn"] = round(s["in_play"] / s["turns"], 2) if s["turns"] else 0
    return out


def fair_deal(session: Session) -> FairDeal:
    """The commitment to the seed (shown from the deal on), and the seed once the match is over,
    so anyone can check every deal (``python -m allthrees verify``). A practice deal (a seed from
    a link) is marked: it counts for nothing."""
    match = session.match
    out: FairDeal = {
        "commitment": commitment(session.seed),
        "practice": session.practice,
        "dealing": match.dealing,
    }
    if session.net is not None:  # across devices: the host's part's, shown before the deal
        out["commitment"] = session.net.commitment()
        out["joint"] = {"table": session.net.table, "match": session.net.k}
    if match.over:
        out["seed"] = seed_hex(session.seed)
    return out


def match_record(session: Session) -> MatchRecord:
    """The match as a record (docs/rules.md), with the fair-deal facts once it is over."""
    record = to_record(session.match)
    if session.match.over:
        seed = session.seed
        record |= {"seed": seed_hex(seed), "commitment": commitment(seed)}
        record["dealing"] = session.match.dealing
    return record


def event_json(
    event: Event, session: Session, seat: int | None = None, *, watcher: bool = False
) -> EventShown:
    """An event as the viewer (or with ``seat``, that friend's seat) may see it: a drawn tile
    only for the seat that drew it; for a friend, a partner's note left out and each deal with
    its own hand (so its page can keep what it saw: ``net.check``)."""
    viewer = None if watcher else session.viewer if seat is None else seat
    out = asdict(event)
    if isinstance(event, Drew) and event.seat != viewer:
        del out["tile"]
    if (seat is not None or watcher) and isinstance(event, Placed):
        out["note"] = None
    if seat is not None and isinstance(event, Dealt):
        out["hand"] = [NAME[t] for t in session.match.deals[event.round_no - 1].hands[seat]]
    return cast("EventShown", out)  # the event's own fields (``session``'s dataclasses), as shown


def events_json(
    events: list[Event], session: Session, seat: int | None = None, *, watcher: bool = False
) -> list[EventShown]:
    """The events as ``event_json`` shows them; a friend's seat, or a watcher, gets none of the
    cover's."""
    if seat is not None or watcher:
        events = [e for e in events if not isinstance(e, (Covered, Revealed))]
    return [event_json(e, session, seat, watcher=watcher) for e in events]


def choices() -> Choices:
    """What the New game dialog offers (modes, seats, levels, targets) and its defaults, and the
    table clock's choices for a table played online (a quick match's own among them)."""
    return {**setting_choices(), "clocks": list(CLOCK_CHOICES), "quick_clock": QUICK_CLOCK}
