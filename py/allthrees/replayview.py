"""The match replay viewer's data: one round of a finished match, move by move, every hand face up.

A player's career keeps each finished match as its settings and its record (docs/rules.md, with the
revealed seed, its commitment and the dealing). ``replay_round`` deals that match again from the
record (``record.resume`` when the seed is revealed, so each deal is the seed's own; ``replay``
otherwise) and returns one round as frames: frame 0 is the deal, frame k the table after the
round's k-th move, each with the layout where the snapshot would draw it (``snapshot.layout_of``:
the same geometry, not a copy), every hand, the boneyard left, each side's match score at that
moment and the seat to move. With it comes the Expert's review of each person's plays of that
round (``Session.review``, the round panel's own, on a session rebuilt from the record), each
entry tagged with the frame that shows the play, as codes and values the page words.

It owns the checks of what the page hands in, as typed refusals (``BadReplay``): a record that
does not replay, a round out of range, and settings whose rules are not the record's. It reads and
changes nothing of the match in play.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from .errors import AllThreesError
from .jsontext import is_whole
from .match import DEALINGS, Match, commitment
from .moves import DRAW, PASS, arm_name, is_lead, tile_of
from .record import claim_of, replay, resume
from .round import Round
from .session import Session
from .settings import Settings
from .snapshot import layout_of
from .summary import round_lines
from .tiles import NAME, mask_of, tiles_of

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json
    from .shapes.table import ReplayFrame, ReplayMove, ReplayNote, ReplayRound, RoundEnd

FAIR_KEYS = ("seed", "commitment", "dealing")


class BadReplay(AllThreesError):
    """A match the viewer cannot show: ``code`` says why (``replay_record``: the record does not
    replay; ``replay_round``: no such round, ``values`` ``{round, rounds}``; ``replay_rules``:
    the settings' rules are not the record's)."""

    code = "replay_record"

    def __init__(self, message: str, code: str, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


def replay_round(settings: Json, record: Json, index: Json, review: Json = True) -> ReplayRound:
    """Round ``index`` (1-based; the first when None) of the match ``record`` played with
    ``settings`` (Settings JSON), as the viewer draws it (see the module docstring). The review
    takes the Expert a moment (seconds in a browser, for a long round): with ``review`` false it
    is left out (null), so the page can show the frames at once and ask for it next."""
    table = Settings.from_json(settings)
    match, seed = _match_of(record)
    if match.rules != table.to_rules():
        raise BadReplay(
            "the settings' rules are not the rules this record was played by", code="replay_rules"
        )
    rounds = len(match.rounds)
    if index is None:
        index = 1
    if not is_whole(index, least=1, most=rounds):
        raise BadReplay(
            f"round must be 1 to {rounds}, not {str(index)[:20]}",
            code="replay_round",
            round=str(index)[:20],
            rounds=rounds,
        )
    played = match.rounds[index - 1]
    rules = match.rules
    labels, names = table.labels(), table.names()
    notes: list[ReplayNote] | None = None
    if review is not False:
        notes = []
        if played.over:  # the round panel's review, of a finished round
            session = Session(table, seed, match=match)
            notes = [{**entry, "frame": entry["turn"]} for entry in session.review(index)]
    end = played.outcome()
    return {
        "index": index,
        "rounds": rounds,
        "multiple": rules.multiple,
        "target": None if rules.single_round else rules.target,
        "seats": [
            {
                "seat": seat,
                "label": labels[seat],
                "name": names[seat],
                "side": rules.side_of(seat),
                "person": spec.person,
            }
            for seat, spec in enumerate(table.seats)
        ],
        "frames": frames(match, index - 1),
        "review": notes,
        "end": _end(played),
        "summary": round_lines(played) if end.over else [],
    }


def _end(played: Round) -> RoundEnd | None:
    """How the round ended, once it has."""
    end = played.outcome()
    if end.reason is None:
        return None
    winner = end.winner_side if end.winner_side >= 0 else None
    return {"reason": end.reason, "winner": winner, "bonus": end.bonus, "pips": played.pips()}


def _match_of(record: Json) -> tuple[Match, int]:
    """The match a record describes, dealt from its revealed seed when it has one (checked
    against its commitment), and the seed the review draws on (0 when none is revealed)."""
    if not isinstance(record, dict):
        raise BadReplay("a record is a JSON object", code="replay_record")
    plain = {k: v for k, v in record.items() if k not in FAIR_KEYS}
    seed_text = record.get("seed")
    try:
        if seed_text is None:
            return replay(plain), 0
        if not isinstance(seed_text, str) or not re.fullmatch(r"[0-9a-f]{64}", seed_text):
            raise BadReplay("a revealed seed is 64 hex digits", code="replay_record")
        seed = int(seed_text, 16)
        promised = record.get("commitment")
        if promised is not None and promised != commitment(seed):
            raise BadReplay("the seed does not match its commitment", code="replay_record")
        dealing = record.get("dealing", "keyed")
        if dealing not in DEALINGS:
            raise BadReplay("the record names an unknown way of dealing", code="replay_record")
        return resume(plain, seed, dealing), seed
    except BadReplay:
        raise
    except AllThreesError as exc:
        raise BadReplay(f"the record does not replay: {exc}", code="replay_record") from None
    except (RecursionError, ValueError, TypeError) as exc:
        raise BadReplay(f"the record does not replay: {exc}", code="replay_record") from None


def frames(match: Match, i: int) -> list[ReplayFrame]:
    """Round ``i`` (0-based) of ``match`` dealt again and played move by move: the deal, then the
    table after each move."""
    deal, played = match.deals[i], match.rounds[i]
    rules = match.rules
    before = match.round_scores[i - 1] if i else [0] * rules.sides
    rnd = Round(
        rules,
        [mask_of(h) for h in deal.hands],
        deal.boneyard,
        deal.first,
        played.forced_lead,
        scores=before,
    )
    out = [_frame(rnd, before, None)]
    for e in played.history:
        entry = rnd.apply(e.move, claim_of(rules, e))
        kind: Literal["draw", "pass", "play"] = (
            "draw" if entry.move == DRAW else "pass" if entry.move == PASS else "play"
        )
        move: ReplayMove = {
            "seat": entry.seat,
            "points": entry.points,
            "end_sum": entry.end_sum,
            "kind": kind,
        }
        if entry.move == DRAW:
            move["tile"] = NAME[entry.drawn]
        elif entry.move != PASS:
            move |= {
                "tile": NAME[tile_of(entry.move)],
                "arm": None if is_lead(entry.move) else arm_name(entry.move),
                # what the play made, as awarded, and with muggins who took it from the mover
                "made": rules.award(rules.points(entry.end_sum)),
                "taker": entry.taker if entry.taker >= 0 else None,
            }
        out.append(_frame(rnd, before, move))
    return out


def _frame(rnd: Round, before: list[int], move: ReplayMove | None) -> ReplayFrame:
    return {
        "move": move,
        "layout": layout_of(rnd),
        "end_sum": rnd.end_sum,
        "end_sum_scores": rnd.rules.scores(rnd.end_sum),
        "hands": [[NAME[t] for t in tiles_of(h)] for h in rnd.hands],
        "boneyard": rnd.boneyard_left,
        "scores": [a + b for a, b in zip(before, rnd.points, strict=True)],
        "turn": None if rnd.over else rnd.turn,
    }
