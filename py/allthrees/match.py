"""A match: rounds dealt from one random source until a side reaches the target
(docs/rules.md "Match"), with the leader of each round chosen by ``lead`` and ``next_lead``."""

from __future__ import annotations

import hashlib
import hmac
import math
import random
import secrets
from dataclasses import dataclass, field

from .errors import IllegalMove
from .round import Entry, Round
from .rules import Rules
from .tiles import DOUBLES, full_set, mask_of, tiles_of, weight_key

_SHUFFLE_BITS = {n: math.ceil(math.log2(math.factorial(n))) + 128 for n in range(1, 56)}

SEED_BYTES = 32  # a seed is a whole number below 2**256, written as 64 hex digits
# How a seed deals its rounds: "keyed", HMAC-SHA256 of the seed (the default, and the only one a
# fair-deal check needs); "string", random.Random(f"{seed}:{round}") (saves made before 2026-12-01).
DEALINGS = ("keyed", "string")


def seed_hex(seed: int) -> str:
    """A seed as 64 hex digits (the form a revealed seed and the commitment are written in)."""
    return seed.to_bytes(SEED_BYTES, "big").hex()


def commitment(seed: int) -> str:
    """SHA-256 of the seed's 32 bytes, in hex: shown before the match, checked after it."""
    return hashlib.sha256(seed.to_bytes(SEED_BYTES, "big")).hexdigest()


class KeyedRandom(random.Random):
    """The random source of one round: a stream of HMAC-SHA256(seed, "deal:<round>:<block>")
    blocks, so a round's deal follows from the seed alone, and the seed cannot be found from
    deals seen. Only ``getrandbits`` and ``random`` are drawn on (``sample``, ``choice`` and the
    shuffle use them)."""

    def __init__(self, seed: int, label: str) -> None:
        self._key = seed.to_bytes(SEED_BYTES, "big")
        self._label = label.encode()
        self._block = 0
        self._buffer = b""
        super().__init__(0)

    def seed(self, *args: object, **kwargs: object) -> None:  # noqa: ARG002 - the key is the seed
        self._block = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            msg = self._label + b":" + str(self._block).encode()
            self._buffer += hmac.new(self._key, msg, hashlib.sha256).digest()
            self._block += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def getrandbits(self, k: int) -> int:
        if k <= 0:
            return 0
        nbytes = (k + 7) // 8
        return int.from_bytes(self._bytes(nbytes), "big") >> (nbytes * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) / 9007199254740992.0

    def getstate(self) -> tuple[int, ...]:  # pragma: no cover - a round's source is made afresh
        raise NotImplementedError

    def setstate(self, state: object) -> None:  # pragma: no cover
        raise NotImplementedError


@dataclass
class Deal:
    """How a round starts: the hands (tile ids), the boneyard in draw order, the leader."""

    hands: list[list[int]]
    boneyard: list[int]
    first: int
    lots: list[int] | None = None  # the tiles drawn for the lead, when lots decided it

    def round(self, rules: Rules, forced: int, scores: list[int] | tuple[int, ...]) -> Round:
        """The round this deal starts, ``forced`` its lead tile (-1: any), ``scores`` the match
        totals before it (an exact target counts from them)."""
        hands = [mask_of(h) for h in self.hands]
        return Round(rules, hands, self.boneyard, self.first, forced, scores=scores)


def decided_leader(rules: Rules, hands: list[int]) -> tuple[int, int]:
    """(seat, forced tile or -1) for the lead rules that read the hands (tile masks): the highest
    double's holder, or with no double the heaviest tile's; ``highest_double`` forces that tile."""
    forced = rules.lead == "highest_double"
    # Double ids grow with their pips, so the highest double held is the highest doubles bit.
    seat, top = -1, 0
    for s, m in enumerate(hands):
        b = (m & DOUBLES).bit_length()
        if b > top:
            seat, top = s, b
    if seat >= 0:
        return seat, (top - 1 if forced else -1)
    tile, seat = max(
        ((t, s) for s, h in enumerate(hands) for t in tiles_of(h)), key=lambda ts: weight_key(ts[0])
    )
    return seat, (tile if forced else -1)


def shuffle(tiles: list[int], rng: random.Random) -> None:
    """Shuffle in place (Fisher-Yates) from one big random draw of log2(n!) + 128 bits, so every
    order is equally likely to within 2**-128; several times faster than ``random.shuffle``."""
    r = rng.getrandbits(_SHUFFLE_BITS[len(tiles)])
    for i in range(len(tiles) - 1, 0, -1):
        r, j = divmod(r, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]


@dataclass
class Match:
    """Rounds to the target. Round ``i`` is dealt from the seed alone (``dealing``: keyed by
    HMAC-SHA256, or the string scheme of older saves), so a seed repeats the match, a save needs
    only the seed and the moves, and a revealed seed proves every deal; with no seed every deal
    comes from ``secrets``."""

    rules: Rules
    seed: int | None = None
    dealing: str = "keyed"
    scores: list[int] = field(init=False)
    deals: list[Deal] = field(init=False, default_factory=list)
    rounds: list[Round] = field(init=False, default_factory=list)
    winner: int | None = field(init=False, default=None)  # the winning side once decided
    over: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.scores = [0] * self.rules.sides

    # ------------------------------------------------------------------ rounds
    @property
    def round(self) -> Round:
        return self.rounds[-1]

    def lead_rule_now(self) -> str:
        """The rule that picks the next leader: ``lead``'s, or ``next_lead``'s after round 1."""
        if not self.rounds or self.rules.next_lead == "same":
            return self.rules.lead
        return self.rules.next_lead

    def next_leader(self) -> int | None:
        """The seat the previous round's result makes leader, or None when the hands decide."""
        rule = self.lead_rule_now()
        if rule in ("winner", "left"):
            last = self.rounds[-1]
            winner = last.outcome().winner_seat
            if rule == "winner" and winner >= 0:
                return winner
            return (last.leader + 1) % self.rules.players
        return None

    def round_random(self, index: int) -> random.Random:
        """The random source that deals round ``index`` (0-based)."""
        if self.seed is None:
            return secrets.SystemRandom()
        if self.dealing == "string":
            return random.Random(f"{self.seed}:{index}")
        return KeyedRandom(self.seed, f"deal:{index}")

    def deal(self) -> Deal:
        """Shuffle and deal the next round from ``rng`` (drawing lots first when the rule says)."""
        rules = self.rules
        rng = self.round_random(len(self.deals))
        tiles = full_set(rules.max_pip)
        lots = None
        first = self.next_leader()
        if first is None and self.lead_rule_now() == "lots":
            lots = rng.sample(tiles, rules.players)
            first = max(range(rules.players), key=lambda s: weight_key(lots[s]))
        shuffle(tiles, rng)
        k = rules.hand_size
        hands = [sorted(tiles[i * k : (i + 1) * k]) for i in range(rules.players)]
        boneyard = tiles[rules.players * k :]
        if first is None:
            first, _ = decided_leader(rules, [mask_of(h) for h in hands])
        return Deal(hands, boneyard, first, lots)

    def start_round(self, deal: Deal | None = None) -> Round:
        """Begin the next round from ``deal`` (or a fresh one). The deal's leader must be right."""
        if self.over:
            raise IllegalMove("the match is over")
        if self.rounds and not self.round.over:
            raise IllegalMove("the current round is not over")
        deal = deal or self.deal()
        forced = -1
        expected = self.next_leader()
        rule = self.lead_rule_now()
        if expected is None and rule != "lots":
            expected, forced = decided_leader(self.rules, [mask_of(h) for h in deal.hands])
        if expected is not None and deal.first != expected:
            raise IllegalMove(f"seat {expected} leads this round, not seat {deal.first}")
        self.deals.append(deal)
        rnd = deal.round(self.rules, forced, self.scores)
        self.rounds.append(rnd)
        return rnd

    def apply(self, move: int, claim: int | None = None) -> Entry:
        """Make a move in the current round (a ``MoveError`` changes nothing); at the round's
        end, add its points to the match score. Returns the move's history entry."""
        entry = self.round.apply(move, claim)
        if self.round.over:
            self._close_round()
        return entry

    def _close_round(self) -> None:
        for side, pts in enumerate(self.round.points):
            self.scores[side] += pts
        top = max(self.scores)
        leaders = [s for s, v in enumerate(self.scores) if v == top]
        if self.rules.single_round:
            self.over = True
            self.winner = leaders[0] if len(leaders) == 1 else None
        elif top >= self.rules.target and len(leaders) == 1:
            self.over = True
            self.winner = leaders[0]

    @property
    def round_scores(self) -> list[list[int]]:
        """Cumulative scores after each round."""
        out, run = [], [0] * self.rules.sides
        for rnd in self.rounds:
            run = [a + b for a, b in zip(run, rnd.points, strict=True)]
            out.append(run)
        return out
