"""The controller the browser drives: intents in, events and a snapshot out, as plain JSON.

The page's worker calls ``handle(request_json)`` and gets JSON back; nothing else crosses. Python
decides everything here (legal targets, scoring, whose turn, the computer's moves, the layout's
geometry); the page only draws the snapshot and animates the events. A save is the match record
plus settings, restored by replaying it, so a corrupted save is refused instead of believed.

Requests (``op``):
- ``start``   ``{save?, settings?, seed?}``: resume a save, or begin a new match.
- ``intent``  ``{intent: {kind, ...}}``: the person acts: ``play`` (tile, arm), ``draw``, ``pass``,
  ``next`` (deal the next round / rematch), ``new`` (settings?: a fresh match).
- ``advance``: the computer to move makes one move (the page paces these).
- ``hint``: the move the Expert would play for the person now, with a short reason.
- ``review`` ``{round?}``: the person's plays in a finished round where the Expert would have
  chosen differently, with the difference in its evaluation.
- ``ping``: the bridge is alive.
Every reply is ``{ok, snapshot, events, save}`` or ``{ok: false, error, snapshot}``; a rejected
request changes nothing.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from . import __version__
from .errors import AllThreesError, BadRecord, IllegalMove
from .geometry import layout_geometry
from .match import Match
from .moves import ARM_OF, DRAW, PASS, arm_name, is_lead, is_play, play, tile_of
from .notation import format_move, parse_tile
from .record import resume, to_record
from .rules import TARGET_CHOICES, Rules
from .summary import round_summary
from .tiles import HI, LO, NAME, tiles_of
from .view import make_view

SAVE_VERSION = 1
LEVELS = ("beginner", "casual", "expert")
DEFAULT_SETTINGS: dict[str, Any] = {
    "rules": "parlor",
    "players": 2,
    "target": 150,
    "opponent": "expert",
    "hide_sum": False,
}


class BadRequest(AllThreesError):
    """A request the page should never send (a stray or malformed event)."""


def _clean_settings(raw: Any) -> dict[str, Any]:
    settings = dict(DEFAULT_SETTINGS)
    if raw is None:
        return settings
    if not isinstance(raw, dict):
        raise BadRequest("settings must be an object")
    for key, value in raw.items():
        if key not in DEFAULT_SETTINGS:
            raise BadRequest(f"unknown setting {key!r}")
        settings[key] = value
    if settings["opponent"] not in LEVELS:
        raise BadRequest(f"opponent must be one of {', '.join(LEVELS)}")
    if settings["target"] not in TARGET_CHOICES:
        raise BadRequest(f"target must be one of {', '.join(map(str, TARGET_CHOICES))}")
    if not isinstance(settings["hide_sum"], bool):
        raise BadRequest("hide_sum must be true or false")
    if settings["players"] not in (2, 3, 4):
        raise BadRequest("players must be 2, 3 or 4")
    return settings


class App:
    """One match against computer opponents, seen from the person's seat."""

    human = 0

    def __init__(self, settings: dict[str, Any] | None = None, seed: int | None = None) -> None:
        self.settings = _clean_settings(settings)
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.match = Match(self._rules(), seed=self.seed)
        self.match.start_round()

    def _rules(self) -> Rules:
        s = self.settings
        return Rules.make(s["rules"], players=s["players"], target=s["target"])

    # ------------------------------------------------------------------ saving
    def save(self) -> str:
        return json.dumps(
            {
                "version": SAVE_VERSION,
                "seed": self.seed,
                "settings": self.settings,
                "record": to_record(self.match),
            }
        )

    @classmethod
    def restore(cls, text: str) -> App:
        """The app a save describes; BadRecord if the save is corrupted or tampered with."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise BadRecord(f"the save is not valid JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise BadRecord("the save is from an unknown version")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRecord("the save has no seed")
        try:
            settings = _clean_settings(data.get("settings"))
        except BadRequest as exc:
            raise BadRecord(f"the save's settings are wrong: {exc}") from None
        record = data.get("record")
        if not isinstance(record, dict):
            raise BadRecord("the save has no match record")
        app = cls.__new__(cls)
        app.settings = settings
        app.seed = seed
        # Each round's deal must be the one the seed deals, and the match goes on from it.
        app.match = resume(record, seed)
        if app.match.rules != app._rules():
            raise BadRecord("the save's record does not match its settings")
        return app

    # ------------------------------------------------------------------ acting
    @property
    def names(self) -> list[str]:
        n = self.match.rules.players
        if n == 2:
            return ["You", "Computer"]
        return ["You"] + [f"Computer {s}" for s in range(1, n)]

    def computer_to_move(self) -> bool:
        rnd = self.match.round
        return not rnd.over and rnd.turn != self.human

    def intent(self, intent: Any) -> list[dict]:
        if not isinstance(intent, dict) or not isinstance(intent.get("kind"), str):
            raise BadRequest("an intent is an object with a kind")
        kind = intent["kind"]
        rnd = self.match.round
        if kind in ("play", "draw", "pass"):
            if rnd.over:
                raise IllegalMove("the round is over")
            if rnd.turn != self.human:
                raise IllegalMove("it is not your turn")
            return self._move(self._intent_move(kind, intent))
        if kind == "next":
            if self.match.over:
                self.__init__(self.settings)
                return [{"kind": "deal", "round": 1}]
            if not rnd.over:
                raise IllegalMove("the round is still being played")
            self.match.start_round()
            return [{"kind": "deal", "round": len(self.match.rounds)}]
        if kind == "new":
            self.__init__(
                intent.get("settings", self.settings), seed=_seed_or_none(intent.get("seed"))
            )
            return [{"kind": "deal", "round": 1}]
        if kind == "settings":
            self.settings = _clean_settings({**self.settings, **intent.get("settings", {})})
            return []
        raise BadRequest(f"unknown intent {kind!r}")

    def _intent_move(self, kind: str, intent: dict) -> int:
        if kind == "draw":
            return DRAW
        if kind == "pass":
            return PASS
        try:
            t = parse_tile(intent.get("tile"), self.match.rules.max_pip)
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
        rnd = self.match.round
        if rnd.lead_tile < 0:
            for m in rnd.legal_moves():
                if tile_of(m) == t:
                    return m
            raise IllegalMove(f"you cannot lead {NAME[t]}")
        arm = intent.get("arm")
        if arm not in ARM_OF:
            raise BadRequest("a play names an arm: W, E, N or S")
        return play(t, ARM_OF[arm])

    def advance(self) -> list[dict]:
        """The computer to move makes one move."""
        if not self.computer_to_move():
            raise IllegalMove("it is not a computer's turn")
        rnd = self.match.round
        view = make_view(rnd, rnd.turn, self.match.scores)
        level = self.settings["opponent"]
        rng = random.Random(f"{self.seed}:{len(self.match.rounds)}:{rnd.moves_made}")
        from .ai import get_player  # the players load on first use: a shorter page start

        move = get_player(level)(view, rng)
        return self._move(move)

    def hint(self) -> dict[str, Any]:
        rnd = self.match.round
        if rnd.over or rnd.turn != self.human:
            raise IllegalMove("a hint is for your turn")
        view = make_view(rnd, self.human, self.match.scores)
        rng = random.Random(f"{self.seed}:{len(self.match.rounds)}:{rnd.moves_made}:hint")
        from .ai.advice import hint

        advice = hint(view, rng)
        move = advice["move"]
        out = {
            "reason": advice["reason"],
            "move": format_move(rnd, move),
            "kind": "draw" if move == DRAW else "pass" if move == PASS else "play",
        }
        if move >= 0:
            out["tile"] = NAME[tile_of(move)]
            out["arm"] = arm_name(move)
        return out

    def review(self, index: Any = None) -> list[dict[str, Any]]:
        rounds = self.match.rounds
        if index is None:
            index = len(rounds)
        if isinstance(index, bool) or not isinstance(index, int) or not 1 <= index <= len(rounds):
            raise BadRequest(f"round must be 1 to {len(rounds)}")
        if not rounds[index - 1].over:
            raise IllegalMove("a round is reviewed once it is over")
        from .ai.advice import review_round

        return review_round(self.match, index - 1, self.human, seed=self.seed)

    def _move(self, move: int) -> list[dict]:
        rnd = self.match.round
        seat = rnd.turn
        text = format_move(rnd, move)
        step = self.match.apply(move)  # raises IllegalMove, changing nothing
        events: list[dict] = []
        if move == DRAW:
            ev = {"kind": "drew", "seat": seat}
            if seat == self.human:
                ev["tile"] = NAME[step.drawn]
            events.append(ev)
        elif move == PASS:
            events.append({"kind": "passed", "seat": seat})
        else:
            events.append(
                {
                    "kind": "placed",
                    "seat": seat,
                    "move": text,
                    "index": sum(1 for e in rnd.history if e.move >= 0) - 1,
                    "end_sum": step.end_sum,
                    "points": step.points,
                }
            )
        if rnd.over:
            end = rnd.outcome()
            events.append(
                {
                    "kind": "round_over",
                    "reason": end.reason,
                    "winner": end.winner_side if end.winner_side >= 0 else None,
                    "bonus": end.bonus,
                }
            )
            if self.match.over:
                events.append({"kind": "match_over", "winner": self.match.winner})
        return events

    # ------------------------------------------------------------------ the snapshot
    def snapshot(self) -> dict[str, Any]:
        match, rnd = self.match, self.match.round
        rules = match.rules
        human = self.human
        my_turn = not rnd.over and rnd.turn == human
        legal = rnd.legal_moves() if my_turn else []
        hand = []
        for t in tiles_of(rnd.hands[human]):
            tile_plays = [m for m in legal if is_play(m) and tile_of(m) == t]
            targets = [arm_name(m) for m in tile_plays]
            leads = [m for m in legal if is_lead(m) and tile_of(m) == t]
            scores = {arm_name(m): rnd.points_after(m) for m in tile_plays}
            if leads:
                scores["lead"] = rnd.points_after(leads[0])
            hand.append(
                {
                    "tile": NAME[t],
                    "a": HI[t],
                    "b": LO[t],
                    "playable": bool(targets or leads),
                    "targets": targets,
                    # What each lit end (or the lead) would score, for players who want to see it.
                    "scores": scores,
                    "lead": bool(leads),
                }
            )
        plays = [(e.seat, e.move, e.touch) for e in rnd.history if e.move >= 0]
        contributions = [rnd.end_value(a) for a in range(4)]
        geo = (
            layout_geometry(plays, rnd.ends, contributions)
            if plays
            else {"tiles": [], "ends": [], "bounds": [-3, -2, 3, 2]}
        )
        last = None
        for e in reversed(rnd.history):
            if e.move >= 0:
                last = {"seat": e.seat, "points": e.points, "end_sum": e.end_sum}
                last["index"] = len(plays) - 1
                break
        totals = (
            [a + b for a, b in zip(match.scores, rnd.points, strict=True)]
            if not rnd.over
            else list(match.scores)
        )
        phase = (
            "match_over"
            if match.over
            else "round_over"
            if rnd.over
            else "lead"
            if rnd.lead_tile < 0
            else "play"
        )
        return {
            "version": __version__,
            "seed": self.seed,
            "settings": self.settings,
            "rules": {
                "preset": rules.preset,
                "target": rules.target,
                "multiple": rules.multiple,
                "players": rules.players,
                "teams": rules.teams,
                "reserve": rules.stock_reserve,
            },
            "names": self.names,
            "human": human,
            "turn": rnd.turn,
            "phase": phase,
            "computer_to_move": self.computer_to_move(),
            "round_no": len(match.rounds),
            "scores": totals,
            "hand": hand,
            "can_draw": my_turn and legal == [DRAW],
            "must_pass": my_turn and legal == [PASS],
            "hand_sizes": [h.bit_count() for h in rnd.hands],
            "boneyard": rnd.boneyard_left,
            "layout": geo,
            "end_sum": rnd.end_sum,
            "end_sum_scores": rules.scores(rnd.end_sum),
            "last": last,
            "round": self._round_info(),
            "match": {
                "over": match.over,
                "winner": match.winner,
                "draw": match.over and match.winner is None,
                "stats": self.stats(),
            },
        }

    def _round_info(self) -> dict[str, Any]:
        rnd = self.match.round
        end = rnd.outcome()
        return {
            "over": end.over,
            "reason": end.reason,
            "winner": end.winner_side if end.winner_side >= 0 else None,
            "bonus": end.bonus,
            "points": list(rnd.points),
            "pips": rnd.pips() if rnd.over else None,
            "hands": [[NAME[t] for t in tiles_of(h)] for h in rnd.hands] if rnd.over else None,
            "summary": round_summary(rnd, self.names),
        }

    def stats(self) -> list[dict[str, Any]]:
        """Per seat over the match (seed 000 section 2.8): scoring plays and points per turn."""
        n = self.match.rules.players
        out = [{"multiples": 0, "turns": 0, "in_play": 0} for _ in range(n)]
        for rnd in self.match.rounds:
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


def _seed_or_none(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise BadRequest("a seed is a whole number")
    return value


# ---------------------------------------------------------------------- the JSON bridge
_app: App | None = None


def handle(request: str) -> str:
    """Answer one request from the page's worker; both sides are JSON text."""
    return json.dumps(_handle(request))


def _handle(request: str) -> dict[str, Any]:
    global _app
    try:
        req = json.loads(request)
        if not isinstance(req, dict):
            raise BadRequest("a request is a JSON object")
    except (json.JSONDecodeError, TypeError):
        return {"ok": False, "error": "a request is a JSON object"}
    op = req.get("op")
    if op == "ping":
        return {"ok": True, "version": __version__}
    notice = None
    try:
        if op == "start":
            seed = _seed_or_none(req.get("seed"))
            save = req.get("save")
            if seed is None and save:
                try:
                    _app = App.restore(save)
                except AllThreesError as exc:
                    notice = f"Your saved game could not be restored ({exc}); a new one begins."
                    _app = App(_settings_from_save(save))
            else:
                _app = App(req.get("settings") or _settings_from_save(save), seed=seed)
            events = [{"kind": "deal", "round": len(_app.match.rounds)}]
        elif _app is None:
            raise BadRequest("no game: start one first")
        elif op == "intent":
            events = _app.intent(req.get("intent"))
        elif op == "advance":
            events = _app.advance()
        elif op == "hint":
            return {"ok": True, "hint": _app.hint()}
        elif op == "review":
            return {"ok": True, "review": _app.review(req.get("round"))}
        else:
            raise BadRequest(f"unknown op {op!r}")
    except AllThreesError as exc:
        reply: dict[str, Any] = {"ok": False, "error": str(exc)}
        if _app is not None:
            reply["snapshot"] = _app.snapshot()
        return reply
    reply = {"ok": True, "events": events, "snapshot": _app.snapshot(), "save": _app.save()}
    if notice:
        reply["notice"] = notice
    return reply


def _settings_from_save(save: Any) -> dict[str, Any] | None:
    """The settings of a save that could not be restored, if they at least are readable."""
    try:
        return _clean_settings(json.loads(save).get("settings"))
    except Exception:  # noqa: BLE001 - any damage means defaults
        return None
