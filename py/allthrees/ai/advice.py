"""Advice from the Expert: a hint with a short reason, a computer partner's play in words, and a
review of a finished round."""

from __future__ import annotations

import random
from typing import TypedDict

from ..match import Match
from ..moves import DRAW, PASS, arm_name, play, tile_of
from ..notation import format_move
from ..record import claim_of
from ..round import Round
from ..shapes import Line
from ..tiles import HI, IS_DOUBLE, LO, NAME, PIPS, WITH, tiles_of
from ..view import View, make_view
from .expert import DEFAULT_THINK_MS, analyse, twin_key
from .simple import casual, counted, goes_out, what_if
from .worlds import hand_constraints


class Advice(TypedDict):
    """The Expert's move for a seat, and why (``Session.hint`` makes the page's ``Hint`` of it)."""

    move: int
    why: Line  # a code and its values, which a page words in its language
    reason: str  # the same in English, for the command line


class ExpertChoice(TypedDict):
    """A play where the Expert would have chosen differently (``Session.review`` names the seat)."""

    turn: int
    played: str
    expert: str
    loss: float
    why: Line


REVIEW_ITERATIONS = 120
REVIEW_MARGIN = 1.0  # points of expected value below which a different choice is not worth a word


def scoring_replies(view: View, move: int) -> tuple[int, int]:
    """After ``move``: the end sum, and how many tiles this seat cannot see would score at once."""
    rnd = what_if(view)
    rnd.step(move)
    return rnd.end_sum, _scoring(rnd, view.unseen_tiles())


def reason_code(view: View, move: int) -> Line:
    """Why the move is good, as a code and values a page words in its language: ``only_draw``,
    ``only_pass``, ``knock`` (block play: nothing fits and nothing is drawn), ``only_play``
    (nothing else is legal); ``reaches`` (its ``points`` take the side exactly to an exact
    target: the match is won); ``scores`` (``points``; ``safe``: no single tile scores after it);
    ``busts`` (its ``points`` would take the side past an exact target, so they do not count,
    and no play that counts is better); ``dead_end`` (leaves ``sum``, and no single tile makes a
    multiple of ``k``); ``dead_end_f3`` (the same with fives and threes scoring: no single tile
    makes a multiple of 5 or of 3); ``sheds`` (a heavy tile of ``pips`` gone, leaving ``sum``
    with ``replies`` tiles this seat cannot see that could score next); ``leaves`` (``sum``,
    ``replies``)."""
    rules = view.rules
    if len(view.legal) == 1:
        if move == DRAW:
            return {"code": "only_draw"}
        if move == PASS:
            if not rules.draw:
                return {"code": "knock"}
            return {"code": "only_pass"}
        return {"code": "only_play"}
    k = rules.multiple
    end_sum, replies = scoring_replies(view, move)
    points = rules.points(end_sum)
    if points and rules.exact_target:
        last = goes_out(view)
        got = counted(what_if(view), move, last)
        if not got:
            return {"code": "busts", "points": points, "sum": end_sum}
        side = rules.side_of(view.seat)
        out = rules.out_bonus if last else 0  # going out counts with the last play's points
        if view.scores[side] + view.round_points[side] + got + out == rules.target:
            return {"code": "reaches", "points": got}
    if points:
        return {"code": "scores", "points": points, "safe": replies == 0}
    if replies == 0:
        if rules.scoring == "fives_and_threes":
            return {"code": "dead_end_f3", "sum": end_sum}
        return {"code": "dead_end", "sum": end_sum, "k": k}
    heavy = PIPS[tile_of(move)]
    if heavy >= SHED_PIPS:
        return {"code": "sheds", "pips": heavy, "sum": end_sum, "replies": replies}
    return {"code": "leaves", "sum": end_sum, "replies": replies}


SHED_PIPS = 9  # a tile this heavy is worth saying it is gone (it counts against you at the end)


def reason_words(why: Line) -> str:
    """A reason code in the terminal's English."""
    code = why["code"]
    if code == "only_draw":
        return "no tile fits: draw"
    if code == "only_pass":
        return "nothing fits and the boneyard is closed: pass"
    if code == "knock":
        return "nothing fits, and in block play nothing is drawn: knock"
    if code == "only_play":
        return "the only legal play"
    if code == "scores":
        safe = ", and no single tile scores after it" if why["safe"] else ""
        return f"scores {why['points']}{safe}"
    if code == "reaches":
        return f"scores {why['points']}: exactly the target, and the match"
    if code == "busts":
        return f"its {why['points']} would pass the target and not count; still the best play"
    if code == "dead_end":
        return f"leaves {why['sum']}: no single tile makes a multiple of {why['k']}"
    if code == "dead_end_f3":
        return f"leaves {why['sum']}: no single tile makes a multiple of 5 or of 3"
    n = why["replies"]
    chances = f"{n} tile{'s' if n > 1 else ''} you cannot see could score next"
    if code == "sheds":
        return f"sheds {why['pips']} pips; leaves {why['sum']} ({chances})"
    return f"leaves {why['sum']}: {chances}"


def reason(view: View, move: int) -> str:
    """Why the move is good, in a few words of English."""
    return reason_words(reason_code(view, move))


def hint(view: View, rng: random.Random, think_ms: float = DEFAULT_THINK_MS) -> Advice:
    """The move the Expert would play here, with its reason."""
    move = view.legal[0] if len(view.legal) == 1 else analyse(view, rng, think_ms).ranked()[0][0]
    why = reason_code(view, move)
    return {"move": move, "why": why, "reason": reason_words(why)}


# ---------------------------------------------------------------------- a partner's play in words
def known_lacking(view: View, seat: int, groups: list[list[list[int]]] | None = None) -> int:
    """The tiles ``seat`` certainly does not hold, as the viewing seat knows it: what it showed it
    lacked by drawing or passing (and a forced lead), in every group of tiles it still hides
    (``groups``: ``hand_constraints(view)``, when already worked out)."""
    out = view.unseen_tiles()
    for count, lacked, *_ in (groups or hand_constraints(view))[seat]:
        if count:
            out &= lacked
    return out


def _values(rnd: Round, among: int) -> list[int]:
    """The open end values of ``rnd`` that only tiles in ``among`` fit, smallest first."""
    tiles = (1 << rnd.rules.tile_count) - 1
    return sorted({v for v in rnd.ends if v >= 0 and not WITH[v] & ~among & tiles})


def _scoring(rnd: Round, tiles: int) -> int:
    """How many of ``tiles`` would score played on an end of ``rnd``."""
    count = 0
    for t in tiles_of(tiles):
        for arm in range(4):
            v = rnd.ends[arm]
            if v >= 0 and (HI[t] == v or LO[t] == v) and rnd.points_after(play(t, arm)):
                count += 1
                break
    return count


CLEARLY = 2  # tiles of difference in scoring replies that a note is worth saying


def partner_note(view: View, move: int) -> Line | None:
    """What a computer's play did for its partner, in the clear cases, or None: read from the
    mover's own view (its hand and what the table showed), never from another hand.

    - ``kept_open``: another play scored as much but would have left the partner only ends it
      has shown it lacks (by drawing or passing); this one keeps an end it may hold open.
    - ``shut_out``: the next player, an opponent, has shown it lacks every tile that fits the
      ends now, so it must draw or pass (another play would have let it play).
    - ``safe``: not the play a scorer would make (the most points now, the heaviest tile): it
      leaves clearly fewer of the tiles the next opponent may hold a score than that play would.
    - ``set_up``: not the scorer's play, and it leaves clearly more of the tiles the partner may
      hold a score.
    - ``two_ends``: a double that leaves its number open on two ends or more, for a partner not
      known to lack it."""
    rules = view.rules
    me = view.seat
    if move < 0 or len(view.legal) < 2 or not rules.teams:
        return None
    partner = next(s for s in rules.seats_of(rules.side_of(me)) if s != me)
    unseen = view.unseen_tiles()
    groups = hand_constraints(view)

    def after(m: int) -> Round:
        rnd = what_if(view)
        rnd.step(m)
        return rnd

    table = what_if(view)
    mine = after(move)
    if mine.over:
        return None
    last = goes_out(view)

    def made(m: int) -> int:
        """What a play makes (``Round.points_after``); with an exact target, none if it busts."""
        return table.points_after(m) if counted(table, m, last) else 0

    points = made(move)
    tile, arm = NAME[tile_of(move)], arm_name(move)
    base = {"seat": me, "tile": tile, "arm": arm}
    key = twin_key(view, move)
    others = [m for m in view.legal if m >= 0 and twin_key(view, m) != key]
    # the partner's only playable end, kept
    lacks = known_lacking(view, partner, groups) | ~unseen
    if mine.open_mask & ~lacks:
        # the play a scorer would have made instead: as many points, the heaviest tile
        for m in sorted(others, key=lambda m: -PIPS[tile_of(m)]):
            if made(m) != points:
                continue
            theirs = after(m)
            if not theirs.over and not theirs.open_mask & ~lacks:
                return base | {
                    "code": "kept_open",
                    "partner": partner,
                    "other_tile": NAME[tile_of(m)],
                    "other_arm": arm_name(m),
                    "lacks": _values(theirs, lacks),
                }
    # the next opponent shut out
    nxt = (me + 1) % rules.players
    if rules.side_of(nxt) != rules.side_of(me):
        shut = known_lacking(view, nxt, groups) | ~unseen
        if not mine.open_mask & ~shut and any(after(m).open_mask & ~shut for m in others):
            must = "draw" if view.boneyard_left > view.reserve else "pass"
            return base | {
                "code": "shut_out",
                "opponent": nxt,
                "lacks": _values(mine, shut),
                "must": must,
            }
    # not the scorer's play (Casual's: the most points, the heaviest tile): fewer scores left to
    # the next opponent, or more to the partner
    scorer = casual(view, None)
    if scorer >= 0 and twin_key(view, scorer) != key:
        theirs = after(scorer)
        other = base | {"other_tile": NAME[tile_of(scorer)], "other_arm": arm_name(scorer)}
        other["given_up"] = made(scorer) - points
        if not theirs.over and rules.side_of(nxt) != rules.side_of(me):
            may_hold = unseen & ~known_lacking(view, nxt, groups)
            left, instead = _scoring(mine, may_hold), _scoring(theirs, may_hold)
            if instead - left >= CLEARLY:
                return other | {"code": "safe", "opponent": nxt, "left": left, "instead": instead}
        if not theirs.over:
            left, instead = _scoring(mine, unseen & ~lacks), _scoring(theirs, unseen & ~lacks)
            if left - instead >= CLEARLY:
                return other | {
                    "code": "set_up",
                    "partner": partner,
                    "left": left,
                    "instead": instead,
                }
    # a double that leaves its number on two ends
    t = tile_of(move)
    if IS_DOUBLE[t]:
        v = HI[t]
        if sum(1 for e in mine.ends if e == v) >= 2 and WITH[v] & unseen & ~lacks:
            return base | {"code": "two_ends", "partner": partner, "value": v}
    return None


def review_round(
    match: Match, index: int, seat: int, seed: int = 0, iterations: int = REVIEW_ITERATIONS
) -> list[ExpertChoice]:
    """The plays of ``seat`` in round ``index`` where the Expert would have chosen differently,
    with how much better its choice looked (in expected points) and both moves written out."""
    deal = match.deals[index]
    played = match.rounds[index]
    scores_before = match.round_scores[index - 1] if index else [0] * match.rules.sides
    forced = played.forced_lead
    rnd = deal.round(match.rules, forced, scores_before)
    out: list[ExpertChoice] = []
    for k, e in enumerate(played.history):
        move = e.move
        if e.seat == seat and move >= 0:
            view = make_view(rnd, seat, list(scores_before))
            if len(view.legal) > 1:
                analysis = analyse(view, random.Random(f"{seed}:{index}:{k}"), None, iterations)
                means = {twin_key(view, m): analysis.mean(i) for i, m in enumerate(analysis.moves)}
                best, best_value = analysis.ranked()[0]
                mine = means[twin_key(view, move)]
                if (
                    twin_key(view, best) != twin_key(view, move)
                    and best_value - mine >= REVIEW_MARGIN
                ):
                    out.append(
                        {
                            "turn": k + 1,
                            "played": format_move(rnd, move),
                            "expert": format_move(rnd, best),
                            "loss": round(best_value - mine, 1),
                            "why": reason_code(view, best),
                        }
                    )
        rnd.apply(move, claim_of(match.rules, e))
    return out
