"""The Expert as a partner, on hand-made positions (four players, two teams, parlor rules; seats
0 and 2 against 1 and 3): it does not take a small score that kills its partner's known big
reply, and it does not block its partner's only playable end when another play scores the same;
and what a computer partner's play did for its person is put in words from that seat's view.

Each position is a whole deal and the moves that led to it (written as the notation reads them),
so what each seat may know comes from the table as it would in a game: in both, the partner's
hand is known because the opponents showed, by drawing and passing, that they lack the rest.
"""

from __future__ import annotations

import itertools
import random

import pytest

from allthrees.ai.advice import _scoring, known_lacking, partner_note
from allthrees.ai.expert import analyse, expert, twin_key
from allthrees.match import Match
from allthrees.moves import DRAW, PASS, arm_name, tile_of
from allthrees.notation import format_move, parse_move, parse_tile
from allthrees.round import Round
from allthrees.rules import Rules
from allthrees.session import Placed, Session
from allthrees.settings import Settings
from allthrees.tiles import NAME, WITH, mask_of
from allthrees.view import make_view

RULES = Rules.make("parlor", players=4, teams=True)
KINDS = ("expert", "casual", "expert", "casual")


def position(hands, boneyard, leader, moves):
    tiles = [[parse_tile(t) for t in hand.split()] for hand in hands]
    bone = [parse_tile(t) for t in boneyard.split()]
    rnd = Round(RULES, [mask_of(h) for h in tiles], bone, leader, parse_tile("6-6"))
    for text in moves.split():
        rnd.step(parse_move(rnd, text)[0])
    return rnd


# Seat 0 to play, the boneyard closed. 4-2 on N scores 12 but turns the partner's 2-2 (the only
# tile left it can hold) into a play for nothing; 2-0 scores nothing and leaves the 2-2 an 18.
KILLS_REPLY = position(
    ["2-0 3-1 4-4 5-0 5-2", "3-0 5-5 6-0 6-3 6-5", "0-0 2-1 2-2 3-2 5-3", "3-3 5-1 5-4 6-2 6-6"],
    "4-2 4-1 1-0 1-1 6-4 4-0 6-1 4-3",
    3,
    "6-6 draw draw draw draw draw 6-4@W 6-5@E 5-3@E 6-2@N 2-5@N 3-6@E draw 4-0@W 5-4@N 0-5@W "
    "6-0@S 0-0@S 5-1@W 4-4@N 0-3@S 3-2@S pass 1-1@W pass 1-2@W pass",
)
# Seat 0 to play. 3-4 and 3-1 both score nothing; 3-4 leaves the partner's 6-1 no end, 3-1 leaves
# it a 1 (and 21 points).
BLOCKS_PARTNER = position(
    ["1-1 3-0 4-0 4-1 5-5", "1-0 2-0 2-1 3-3 6-4", "5-2 5-4 6-0 6-1 6-2", "2-2 4-2 4-4 6-5 6-6"],
    "0-0 5-3 5-0 5-1 4-3 3-1 6-3 3-2",
    3,
    "6-6 draw draw draw draw draw draw pass 6-4@W 6-2@E 6-5@N 5-3@N 3-3@N 2-5@E 4-4@W 5-5@E "
    "pass 6-0@S 4-2@W 0-3@S 2-1@W 5-4@E pass 1-5@W pass pass pass 4-1@E 1-0@E pass pass 0-4@E "
    "pass pass pass",
)


def consistent_deals(view):
    """Every way to deal the tiles seat 0 cannot see that agrees with what is certain (what each
    seat showed it lacks), as hands per seat: few enough late in a round to list."""
    unseen = [t for t in range(RULES.tile_count) if view.unseen_tiles() >> t & 1]
    places = [s for s in (1, 2, 3) for _ in range(view.hand_sizes[s])]
    places += [None] * (len(unseen) - len(places))  # the boneyard
    lacks = {s: known_lacking(view, s) for s in (1, 2, 3)}
    out = set()
    for order in itertools.permutations(unseen):
        if all(s is None or not lacks[s] >> t & 1 for s, t in zip(places, order, strict=True)):
            hands = [view.hand_mask, 0, 0, 0]
            for s, t in zip(places, order, strict=True):
                if s is not None:
                    hands[s] |= 1 << t
            out.add(tuple(hands))
    return sorted(out)


def partner_best_reply(rnd, view, move, hands):
    """Seat 1 can only pass (it lacks every fitting tile); then the partner's best points."""
    world = Round.from_view(view, list(hands), [], claims_matter=False)
    world.step(move)
    assert world.legal_moves() == [PASS], "the position is meant to leave seat 1 nothing"
    world.step(PASS)
    return max((world.points_after(m) for m in world.legal_moves() if m >= 0), default=None)


def move_named(rnd, view, text):
    move = parse_move(rnd, text)[0]
    return next(m for m in view.legal if twin_key(view, m) == twin_key(view, move))


def test_the_positions_are_what_they_claim():
    view = make_view(KILLS_REPLY, 0, None, KINDS)
    small, setup = move_named(KILLS_REPLY, view, "4-2@N"), move_named(KILLS_REPLY, view, "2-0@S")
    assert KILLS_REPLY.points_after(small) == 12 and KILLS_REPLY.points_after(setup) == 0
    deals = consistent_deals(view)
    assert len(deals) >= 2
    for hands in deals:
        assert hands[2] == mask_of([parse_tile("2-2")]), "the partner's tile is known"
        assert partner_best_reply(KILLS_REPLY, view, small, hands) == 0  # it plays for nothing
        assert partner_best_reply(KILLS_REPLY, view, setup, hands) == 18

    view = make_view(BLOCKS_PARTNER, 0, None, KINDS)
    block = move_named(BLOCKS_PARTNER, view, "3-4@S")
    keep = move_named(BLOCKS_PARTNER, view, "3-1@S")
    assert BLOCKS_PARTNER.points_after(block) == BLOCKS_PARTNER.points_after(keep) == 0
    for hands in consistent_deals(view):
        assert hands[2] == mask_of([parse_tile("6-1")])
        assert partner_best_reply(BLOCKS_PARTNER, view, block, hands) is None
        assert partner_best_reply(BLOCKS_PARTNER, view, keep, hands) is not None


@pytest.mark.parametrize("partner", ["expert", "casual", "person"])
@pytest.mark.parametrize("seed", range(4))
def test_the_expert_leaves_its_partner_the_big_reply(partner, seed):
    kinds = ("expert", "casual", partner, "casual")
    view = make_view(KILLS_REPLY, 0, None, kinds)
    move = expert(view, random.Random(seed), think_ms=None, iterations=150)
    assert format_move(KILLS_REPLY, move).startswith("2-0"), format_move(KILLS_REPLY, move)
    ranked = analyse(view, random.Random(seed), None, 150).ranked()
    values = {format_move(KILLS_REPLY, m): v for m, v in ranked}
    assert values["2-0@S"] > values["4-2@N"] + 3  # 18 for the side beats 12, by more than noise


@pytest.mark.parametrize("partner", ["expert", "casual", "person"])
@pytest.mark.parametrize("seed", range(4))
def test_the_expert_does_not_block_its_partners_only_end(partner, seed):
    kinds = ("expert", "casual", partner, "casual")
    view = make_view(BLOCKS_PARTNER, 0, None, kinds)
    move = expert(view, random.Random(seed), think_ms=None, iterations=150)
    block = move_named(BLOCKS_PARTNER, view, "3-4@S")
    assert twin_key(view, move) != twin_key(view, block)
    assert format_move(BLOCKS_PARTNER, move) == "3-1@S"


# ---------------------------------------------------------------------- the partner in words
def test_a_play_that_keeps_the_partners_end_open_is_said():
    view = make_view(BLOCKS_PARTNER, 0, None, KINDS)
    note = partner_note(view, move_named(BLOCKS_PARTNER, view, "3-1@S"))
    assert note == {
        "seat": 0,
        "tile": "3-1",
        "arm": "S",
        "code": "kept_open",
        "partner": 2,
        "other_tile": "4-3",  # as many points (none), and the heavier tile a scorer would shed
        "other_arm": "E",
        "lacks": [3, 5],
    }
    # the blocking play itself keeps nothing open for the partner
    blocked = partner_note(view, move_named(BLOCKS_PARTNER, view, "3-4@S"))
    assert blocked is None or blocked["code"] != "kept_open"


# A table where seat 0's partner notes have something to say (parlor, four players, two teams).
SEED_11_DEAL = (
    ["1-0 3-1 3-2 3-3 5-3", "0-0 2-0 4-0 5-2 5-5", "2-1 2-2 5-0 6-0 6-2", "4-1 4-3 4-4 5-1 6-6"],
    "6-1 3-0 6-5 5-4 6-3 4-2 1-1 6-4",
    3,
)
SEED_11_MOVES = "6-6 draw 6-1@W draw draw 6-5@E 6-0@N 1-4@W 5-3@E 0-2@N 2-6@N 4-3@W"


def test_a_shut_out_opponent_is_said():
    # seat 1 drew while 1s and 6s were open; 3-1 on W leaves only 1 and 6 (other plays leave a 3
    # or a 5, which it may hold): it must draw
    rnd = position(*SEED_11_DEAL, SEED_11_MOVES + " 3-3@W 3-0@E 0-5@E 5-1@E")
    view = make_view(rnd, 0, None, KINDS)
    note = partner_note(view, move_named(rnd, view, "3-1@W"))
    assert note == {
        "seat": 0,
        "tile": "3-1",
        "arm": "W",
        "code": "shut_out",
        "opponent": 1,
        "lacks": [1, 6],
        "must": "draw",
    }
    # with every play shutting it out (KILLS_REPLY: seat 1 can play none), nothing is said of it
    view = make_view(KILLS_REPLY, 0, None, KINDS)
    assert partner_note(view, move_named(KILLS_REPLY, view, "2-0@S")) is None


def test_a_double_left_on_two_ends_is_said():
    rnd = position(*SEED_11_DEAL, SEED_11_MOVES)
    view = make_view(rnd, 0, None, KINDS)
    note = partner_note(view, move_named(rnd, view, "3-3@W"))
    assert note == {
        "seat": 0,
        "tile": "3-3",
        "arm": "W",
        "code": "two_ends",
        "partner": 2,
        "value": 3,
    }


def test_the_notes_are_never_wrong():
    """Every note said in 150 casual-played rounds (every legal play of seat 0 considered), held
    against the hands as dealt: an opponent said to be shut out has no tile that fits, a partner
    said to lack a number holds none of it, a number said to stay on two ends does, and a count
    of scoring replies is at least what the hand as dealt has."""
    said = set()
    for seed in range(150):
        rnd = Round(RULES, *_deal(seed))
        while not rnd.over:
            if rnd.turn == 0 and rnd.lead_tile >= 0:
                view = make_view(rnd, 0)
                for move in view.legal:
                    note = partner_note(view, move) if move >= 0 else None
                    if note:
                        said.add(note["code"])
                        _check_true(rnd, move, note)
            rnd.step(_greedy(rnd))
    assert said == {"kept_open", "shut_out", "two_ends", "safe", "set_up"}


def _deal(seed):
    match = Match(RULES, seed=seed)
    rnd = match.start_round()
    return list(rnd.hands), rnd.stock, rnd.turn, rnd.forced_lead


def _greedy(rnd):
    moves = rnd.legal_moves()
    return max(moves, key=lambda m: (rnd.points_after(m), m) if m >= 0 else (-1, m))


def _check_true(rnd, move, note):
    after = rnd.clone()
    after.step(move)
    fitting = sum(WITH[v] for v in set(after.ends) if v >= 0)
    if note["code"] == "shut_out":
        assert not rnd.hands[note["opponent"]] & fitting, note
    if note["code"] == "kept_open":
        partner = rnd.hands[note["partner"]]
        for v in note["lacks"]:
            assert not partner & WITH[v], note
    if note["code"] == "two_ends":
        assert sum(1 for v in after.ends if v == note["value"]) >= 2
    if note["code"] == "safe":  # of the tiles the opponent may hold, that many score at most
        assert _scoring(after, rnd.hands[note["opponent"]]) <= note["left"] <= note["instead"] - 2
    if note["code"] == "set_up":
        assert _scoring(after, rnd.hands[note["partner"]]) <= note["left"]
        assert note["left"] >= note["instead"] + 2


def random_intent(session, rng):
    """Any legal move of the person to move, as the table would send it."""
    move = rng.choice(session.round.legal_moves())
    if move == DRAW:
        return {"kind": "draw"}
    if move == PASS:
        return {"kind": "pass"}
    return {"kind": "play", "tile": NAME[tile_of(move)], "arm": arm_name(move) or "W"}


def test_a_computer_partner_of_a_person_sends_its_note_with_the_play():
    """In a session the note travels with the Expert partner's Placed event, and only when a
    person sits on its side (two computers partnering each other have nobody to tell)."""
    # the opponents are Experts too: they partner each other, and say nothing
    seats = ["you", "expert", "expert", "expert"]
    settings = Settings.from_json({"mode": "partners", "seats": seats})
    notes = []
    for seed in range(40):
        session = Session(settings, seed)
        rng = random.Random(seed)
        while not session.round.over:
            if session.computer_to_move():
                for e in session.advance():
                    if isinstance(e, Placed):
                        assert e.note is None or e.seat == 2
                        if e.note:
                            notes.append(e.note)
            else:
                session.act(0, random_intent(session, rng))
        if len(notes) >= 2:
            break
    assert notes, "an Expert partner says something in 40 rounds"
    assert all(n["code"] in {"kept_open", "shut_out", "two_ends", "safe", "set_up"} for n in notes)
