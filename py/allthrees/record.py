"""The JSON record (docs/rules.md "Record format"): read it, replay it through the engine, write
it.

A record is the one notation of a game: tests, bug reports and browser saves all use it, and a
save is restored by replaying it, so a tampered save fails here instead of making a false table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import jsontext
from .errors import AllThreesError, BadRecord, BadRules
from .jsontext import is_whole, shown
from .match import DEALINGS, Deal, Match, commitment, decided_leader
from .moves import DRAW, PASS
from .notation import move_text, parse_move, parse_tile
from .round import Entry, Round
from .rules import DEFAULT_PRESET, Rules
from .tiles import NAME, mask_of, set_size

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json
    from .shapes.game import (
        DealRecord,
        MatchRecord,
        MatchResult,
        MoveResult,
        RoundEndResult,
        RoundRecord,
        RoundResult,
    )

ROUND_KEYS = ("hands", "boneyard", "first", "moves")


def rules_of(record: Mapping[str, Json], players: int | None = None) -> Rules:
    """The rules a record names: a preset plus options (players defaults to the number of hands)."""
    preset = record.get("rules", DEFAULT_PRESET)
    options = record.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRules("options must be a JSON object of option names to values")
    if players is not None and "players" not in options:
        options = {**options, "players": players}
    return Rules.make(preset, **options)


MAX_RECORD_CHARS = 10_000_000  # a record on the command line: far past any real match


def load(text: str) -> dict[str, Json]:
    """Parse record text into a dict (BadRecord on malformed JSON, a non-object, or text that
    nests too deep or holds an over-long number: ``jsontext``)."""
    record = jsontext.parse(text, "the record", MAX_RECORD_CHARS)
    if not isinstance(record, dict):
        raise BadRecord("a record is a JSON object")
    return record


def round_specs(record: Mapping[str, Json]) -> list[Mapping[str, Json]]:
    """The rounds of a record, accepting both forms (``rounds`` or one round at the top level)."""
    if "rounds" in record:
        rounds = record["rounds"]
        if any(k in record for k in ROUND_KEYS):
            raise BadRecord('a record has either "rounds" or one round\'s fields, not both')
        if not isinstance(rounds, list) or not rounds:
            raise BadRecord('"rounds" must be a non-empty list of rounds')
        for r in rounds:
            if not isinstance(r, dict):
                raise BadRecord("each round is a JSON object with hands, boneyard, first, moves")
        return rounds
    return [record]


def replay(record: Mapping[str, Json]) -> Match:
    """Replay a record through the engine. Raises BadRecord naming the round, move and reason."""
    return _replay(record, None)


def resume(record: Mapping[str, Json], seed: int, dealing: str = "keyed") -> Match:
    """The match a record describes, dealt from ``seed``: every round's deal must be the one the
    seed deals (a record cannot swap in a deal of its own), and the match goes on from the same
    random source. Raises BadRecord like ``replay``."""
    return _replay(record, seed, dealing)


REVEALED = ("seed", "commitment", "dealing")  # what a finished match's record adds (``verify``)


def verify(record: Mapping[str, Json]) -> Match:
    """The Fair-deal check of a finished match's record (``python -m allthrees verify``, a
    guest's ``net.check``): its revealed seed is the one its commitment promised (SHA-256), and
    every round dealt again from the seed is the round the record holds. Returns the match;
    BadRecord says what does not hold."""
    seed_text, promised = record.get("seed"), record.get("commitment")
    if not isinstance(seed_text, str) or not re.fullmatch(r"[0-9a-f]{64}", seed_text):
        raise BadRecord("the record reveals no seed (64 hex digits): is the match over?")
    if not isinstance(promised, str):
        raise BadRecord("the record has no commitment to check the seed against")
    seed = int(seed_text, 16)
    if commitment(seed) != promised:
        raise BadRecord("the seed does not match the commitment: SHA-256 of the seed differs")
    dealing = record.get("dealing", "keyed")
    if dealing not in DEALINGS:
        raise BadRecord(f"unknown dealing {shown(dealing)}")
    plain = {k: v for k, v in record.items() if k not in REVEALED}
    return resume(plain, seed, dealing)


def _replay(record: Mapping[str, Json], seed: int | None, dealing: str = "keyed") -> Match:
    specs = round_specs(record)
    hands0 = specs[0].get("hands")
    players = len(hands0) if isinstance(hands0, list) else None
    rules = rules_of(record, players)
    match = Match(rules, seed=0 if seed is None else seed, dealing=dealing)
    many = len(specs) > 1
    for i, spec in enumerate(specs):
        where = f"round {i + 1}: " if many else ""
        if match.over:
            raise BadRecord(f"{where}the match was already decided")
        if i and not match.round.over:
            raise BadRecord(f"round {i}: the round is unfinished but another round follows")
        deal = _deal_of(spec, rules, match, where, spec is record)
        if seed is not None:
            dealt = match.deal()
            if (dealt.hands, dealt.boneyard, dealt.first) != (
                deal.hands,
                deal.boneyard,
                deal.first,
            ):
                raise BadRecord(f"{where}the deal is not the one its seed deals")
            deal = dealt
        try:
            match.start_round(deal)
        except AllThreesError as exc:
            raise BadRecord(f"{where}{exc}") from None
        _play_moves(match, spec.get("moves", []), where)
    return match


def _deal_of(spec: Mapping[str, Json], rules: Rules, match: Match, where: str, top: bool) -> Deal:
    unknown = set(spec) - set(ROUND_KEYS) - ({"rules", "options"} if top else set())
    if {"rules", "options"} & unknown:
        raise BadRecord(f"{where}rules and options belong at the top of the record")
    if unknown:
        raise BadRecord(f"{where}unknown field {shown(sorted(unknown)[0])}")
    hands_in, bone_in = spec.get("hands"), spec.get("boneyard")
    if not isinstance(hands_in, list) or not all(isinstance(h, list) for h in hands_in):
        raise BadRecord(f'{where}"hands" must be a list of hands, each a list of tiles')
    if not isinstance(bone_in, list):
        raise BadRecord(f'{where}"boneyard" must be a list of tiles in draw order')
    if len(hands_in) != rules.players:
        raise BadRecord(f"{where}{len(hands_in)} hands for {rules.players} players")
    try:
        hands = [[parse_tile(t, rules.max_pip) for t in h] for h in hands_in]
        bone = [parse_tile(t, rules.max_pip) for t in bone_in]
    except ValueError as exc:
        raise BadRecord(f"{where}{exc}") from None
    for seat, h in enumerate(hands):
        if len(h) != rules.hand_size:
            raise BadRecord(
                f"{where}seat {seat} holds {len(h)} tiles; this game deals {rules.hand_size}"
            )
    seen: set[int] = set()
    for t in [t for h in hands for t in h] + bone:
        if t in seen:
            raise BadRecord(f"{where}tile {NAME[t]} appears twice")
        seen.add(t)
    missing = [NAME[t] for t in range(set_size(rules.max_pip)) if t not in seen]
    if missing:
        raise BadRecord(
            f"{where}tile {missing[0]} is missing"
            + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else "")
        )
    first = spec.get("first")
    if first is None:
        expected = match.next_leader()
        if expected is None:
            if match.lead_rule_now() == "lots":
                raise BadRecord(f'{where}"first" is required: the leader is drawn by lots')
            expected, _ = decided_leader(rules, [mask_of(h) for h in hands])
        first = expected
    if not is_whole(first, least=0, most=rules.players - 1):
        raise BadRecord(f'{where}"first" must be a seat from 0 to {rules.players - 1}')
    return Deal(hands, bone, first)


def _play_moves(match: Match, moves: Json, where: str) -> None:
    if not isinstance(moves, list):
        raise BadRecord(f'{where}"moves" must be a list of moves')
    for k, text in enumerate(moves, start=1):
        rnd = match.round
        try:
            if rnd.over:
                raise BadRecord("the round is already over")
            move, claim = parse_move(rnd, text)
            match.apply(move, claim)
        except AllThreesError as exc:
            what = text if isinstance(text, str) and len(text) <= jsontext.SHOWN else shown(text)
            raise BadRecord(f"{where}move {k}: {what}: {exc}") from None


# ---------------------------------------------------------------------- writing


def claim_of(rules: Rules, e: Entry) -> int | None:
    """The claim a play was written with (muggins only), or None."""
    return e.claim if rules.muggins and e.move >= 0 and e.claim >= 0 else None


def round_result(rnd: Round, cumulative: list[int]) -> RoundResult:
    """One round of the replay output (docs/rules.md "Output")."""
    moves: list[MoveResult] = []
    rules = rnd.rules
    for e in rnd.history:
        if e.move == DRAW:
            moves.append({"seat": e.seat, "move": "draw", "tile": NAME[e.drawn]})
        elif e.move == PASS:
            moves.append({"seat": e.seat, "move": "pass"})
        else:
            out: MoveResult = {
                "seat": e.seat,
                "move": move_text(e.move, e.touch),
                "end_sum": e.end_sum,
                "points": e.points,
            }
            if rules.muggins:
                out["claim"] = claim_of(rules, e)
                if e.taker >= 0:
                    made = rules.award(rules.points(e.end_sum))
                    out["muggins"] = {"seat": e.taker, "points": made - e.bust}
            if e.bust:  # exact_target: points that would have passed the target, not counted
                out["bust"] = e.bust
            moves.append(out)
    end = rnd.outcome()
    ending: RoundEndResult = {
        "reason": end.reason,
        "winner": end.winner_side if end.winner_side >= 0 else None,
        "bonus": end.bonus,
        "pips": rnd.pips(),
    }
    if end.bust:
        ending["bust"] = end.bust
    return {"moves": moves, "end": ending, "scores": cumulative}


def result(match: Match) -> MatchResult:
    """The replay output of a whole match."""
    rounds = [round_result(r, c) for r, c in zip(match.rounds, match.round_scores, strict=True)]
    return {"rounds": rounds, "winner": match.winner if match.over else None}


def to_record(match: Match) -> MatchRecord:
    """The match as a record (the ``rounds`` form), which ``replay`` turns back into it."""
    rounds: list[RoundRecord] = []
    for deal, rnd in zip(match.deals, match.rounds, strict=True):
        moves = [move_text(e.move, e.touch, claim_of(match.rules, e)) for e in rnd.history]
        rounds.append(
            {
                "hands": [[NAME[t] for t in h] for h in deal.hands],
                "boneyard": [NAME[t] for t in deal.boneyard],
                "first": deal.first,
                "moves": moves,
            }
        )
    return {"rules": match.rules.preset, "options": dict(match.rules.overrides), "rounds": rounds}


def deal_record(rules: Rules, seed: int | None = None) -> DealRecord:
    """A fresh round record (no moves yet), as ``python -m allthrees deal`` prints it."""
    match = Match(rules, seed=seed)
    rnd_deal = match.deal()
    return {
        "rules": rules.preset,
        "options": dict(rules.overrides),
        "hands": [[NAME[t] for t in h] for h in rnd_deal.hands],
        "boneyard": [NAME[t] for t in rnd_deal.boneyard],
        "first": rnd_deal.first,
        "moves": [],
    }
