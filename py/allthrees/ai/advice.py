"""Advice from the Expert: a hint with a short reason, and a review of a finished round."""

from __future__ import annotations

import random
from typing import Any

from ..match import Match
from ..moves import DRAW, PASS, play, tile_of
from ..notation import format_move
from ..record import claim_of
from ..round import Round
from ..tiles import HI, LO, PIPS, mask_of, tiles_of
from ..view import View, make_view
from .expert import DEFAULT_THINK_MS, analyse, twin_key
from .simple import what_if

REVIEW_ITERATIONS = 120
REVIEW_MARGIN = 1.0  # points of expected value below which a different choice is not worth a word


def scoring_replies(view: View, move: int) -> tuple[int, int]:
    """After ``move``: the end sum, and how many tiles this seat cannot see would score at once."""
    rnd = what_if(view)
    rnd.step(move)
    count = 0
    for t in tiles_of(view.unseen_tiles()):
        for arm in range(4):
            v = rnd.ends[arm]
            if v >= 0 and (HI[t] == v or LO[t] == v) and rnd.points_after(play(t, arm)):
                count += 1
                break
    return rnd.end_sum, count


def reason(view: View, move: int) -> str:
    """Why the move is good, in a few words."""
    if len(view.legal) == 1:
        if move == DRAW:
            return "no tile fits: draw"
        if move == PASS:
            return "nothing fits and the boneyard is closed: pass"
        return "the only legal play"
    k = view.rules.multiple
    end_sum, replies = scoring_replies(view, move)
    points = view.rules.points(end_sum)
    if points:
        text = f"scores {points}"
        if replies == 0:
            text += ", and no single tile scores after it"
        return text
    if replies == 0:
        return f"leaves {end_sum}: no single tile makes a multiple of {k}"
    chances = f"{replies} tile{'s' if replies > 1 else ''} you cannot see could score next"
    heavy = PIPS[tile_of(move)]
    if heavy >= 9:
        return f"sheds {heavy} pips; leaves {end_sum} ({chances})"
    return f"leaves {end_sum}: {chances}"


def hint(view: View, rng: random.Random, think_ms: float = DEFAULT_THINK_MS) -> dict[str, Any]:
    """The move the Expert would play here, with its reason."""
    move = view.legal[0] if len(view.legal) == 1 else analyse(view, rng, think_ms).ranked()[0][0]
    return {"move": move, "reason": reason(view, move)}


def review_round(
    match: Match, index: int, seat: int, seed: int = 0, iterations: int = REVIEW_ITERATIONS
) -> list[dict[str, Any]]:
    """The plays of ``seat`` in round ``index`` where the Expert would have chosen differently,
    with how much better its choice looked (in expected points) and both moves written out."""
    deal = match.deals[index]
    played = match.rounds[index]
    scores_before = match.round_scores[index - 1] if index else [0] * match.rules.sides
    forced = played.forced_lead
    rnd = Round(match.rules, [mask_of(h) for h in deal.hands], deal.boneyard, deal.first, forced)
    out = []
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
                            "why": reason(view, best),
                        }
                    )
        rnd.apply(move, claim_of(match.rules, e))
    return out
