"""Ratings (issue 44): Glicko-2 as Glickman published it, checked on his worked example and
against a second implementation written from the paper here; a rating per kind of table as a
pure function of the career's rated entries (a series of matches against fixed opponents, time
away, two devices' careers merged without counting a match twice); which matches are rated
(a hint, a practice deal, pass-and-play, the daily); the computers' fixed ratings; titles."""

from __future__ import annotations

import copy
import math
from datetime import datetime, timedelta
from typing import Any

import pytest
from appkit import call, step

from allthrees import career
from allthrees.career import computers, glicko, titles
from allthrees.career import rating as rating_of
from allthrees.career.glicko import Game, Rating
from allthrees.settings import COMPUTERS

START = datetime(2026, 11, 1, 9, 0, 0)


def at(hours: float) -> str:
    return (START + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------- Glicko-2 itself
def test_glickmans_worked_example():
    """ "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100 (lost)
    and 1700/300 (lost), tau 0.5: about 1464.06 / 151.52 / 0.05999."""
    player = Rating(1500.0, 200.0, 0.06)
    games = [Game(1400, 30, 1.0), Game(1550, 100, 0.0), Game(1700, 300, 0.0)]
    after = glicko.rate(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    # the paper prints 0.05999, cut short: the iteration gives 0.0599960
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_grows_only_the_deviation():
    player = Rating(1600.0, 80.0, 0.06)
    once = glicko.rate(player, [], tau=0.5)
    assert (once.rating, once.volatility) == (1600.0, 0.06)
    phi = math.sqrt((80 / 173.7178) ** 2 + 0.06**2)
    assert once.deviation == pytest.approx(phi * 173.7178)
    assert glicko.aged(player, 2.5).deviation > once.deviation


def paper(
    player: Rating, games: list[tuple[float, float, float, float]], tau: float, periods: float
) -> Rating:
    """Glicko-2 straight from the paper, written apart from ``glicko`` (bisection instead of the
    Illinois method for the volatility), for the series below."""
    mu, phi, s = (player.rating - 1500) / 173.7178, player.deviation / 173.7178, player.volatility
    terms = []
    for r, rd, score, w in games:
        mj, pj = (r - 1500) / 173.7178, rd / 173.7178
        g = 1 / math.sqrt(1 + 3 * pj**2 / math.pi**2)
        e = 1 / (1 + math.exp(-g * (mu - mj)))
        terms.append((g, e, score, w))
    v = 1 / sum(w * g * g * e * (1 - e) for g, e, _, w in terms)
    delta = v * sum(w * g * (score - e) for g, e, score, w in terms)
    a = math.log(s * s)

    def f(x: float) -> float:
        return (
            math.exp(x)
            * (delta**2 - phi**2 - v - math.exp(x))
            / (2 * (phi**2 + v + math.exp(x)) ** 2)
            - (x - a) / tau**2
        )

    lo, hi = a - 20, a + 20  # f falls through zero once: bisect
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    s_new = math.exp(lo / 2)
    phi_star = math.sqrt(phi**2 + periods * s_new**2)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = mu + phi_new**2 * sum(w * g * (score - e) for g, e, score, w in terms)
    return Rating(173.7178 * mu_new + 1500, 173.7178 * phi_new, s_new)


def test_the_paper_written_twice_agrees():
    player = Rating(1500.0, 200.0, 0.06)
    games = [(1400, 30, 1.0, 1.0), (1550, 100, 0.0, 1.0), (1700, 300, 0.0, 1.0)]
    ours = glicko.rate(player, [Game(*g) for g in games], tau=0.5)
    theirs = paper(player, games, 0.5, 1.0)
    assert ours.rating == pytest.approx(theirs.rating, abs=1e-3)
    assert ours.deviation == pytest.approx(theirs.deviation, abs=1e-3)
    assert ours.volatility == pytest.approx(theirs.volatility, abs=1e-6)


# ---------------------------------------------------------------------- hand-made careers
def rated_entry(
    n: int,
    hours: float,
    won: bool,
    others: list[tuple[float, float]],
    mode: str = "match",
    players: int = 2,
    scores: list[int] | None = None,
    you: int = 0,
) -> dict[str, Any]:
    """A career entry of a rated match (only the fields the ratings and the schema read)."""
    sides = 2 if mode == "partners" else players
    if scores is None:
        scores = [150 if (s == you) == won else 90 for s in range(sides)]
    seats = ["you" if s == you else "expert" for s in range(players)]
    side = you % 2 if mode == "partners" else you
    kind = "partners" if mode == "partners" else "two" if players == 2 else "multi"
    rest = [s for s in range(players) if s != you]
    return {
        "id": f"{n:016x}",
        "date": at(hours),
        "daily": None,
        "practice": False,
        "mode": mode,
        "players": players,
        "preset": "parlor",
        "options": {},
        "seats": seats,
        "names": [{"kind": "you"}] * players,
        "you": you,
        "your_side": side,
        "partner": "expert" if mode == "partners" else None,
        "level": "expert",
        "won": won,
        "scores": scores,
        "margin": scores[side] - max(v for i, v in enumerate(scores) if i != side),
        "rounds": 1,
        "race": [[0, v] for v in scores],
        "trailed_by": 0,
        "other_round_wins": 0,
        "dominoes": 0,
        "blocks": 0,
        "plays": [],
        "turns": 0,
        "multiples": 0,
        "largest": 0,
        "points": 0,
        "domino_66": False,
        "pegs": False,
        "rated": {
            "kind": kind,
            "others": [
                {"seat": s, "rating": r, "deviation": d}
                for s, (r, d) in zip(rest, others, strict=True)
            ],
            "signed": None,
        },
        "unrated": None,
    }


EXPERT = (
    computers.COMPUTER_RATINGS["expert"].rating,
    computers.COMPUTER_RATINGS["expert"].deviation,
)
CASUAL = (
    computers.COMPUTER_RATINGS["casual"].rating,
    computers.COMPUTER_RATINGS["casual"].deviation,
)


def test_a_series_against_fixed_opponents_follows_glicko2_match_by_match():
    results = [(True, EXPERT), (False, EXPERT), (True, CASUAL), (True, CASUAL), (False, EXPERT)]
    hours = [0, 1, 26, 27, 24 * 40]
    entries = [
        rated_entry(i, h, won, [opp])
        for i, ((won, opp), h) in enumerate(zip(results, hours, strict=True))
    ]
    out = career.ratings(entries)["kinds"]["two"]
    expect = rating_of.START
    for (won, (r, d)), h, before in zip(results, hours, [None, *hours][:-1], strict=True):
        days = 0.0 if before is None else (h - before) / 24
        expect = paper(
            expect,
            [(r, d, 1.0 if won else 0.0, 1.0)],
            rating_of.TAU,
            days * rating_of.PERIODS_PER_DAY,
        )
        expect = Rating(expect.rating, min(350.0, max(50.0, expect.deviation)), expect.volatility)
    assert out["rating"] == pytest.approx(expect.rating, abs=0.06)
    assert out["deviation"] == pytest.approx(expect.deviation, abs=0.06)
    assert out["played"] == 5 and len(out["history"]) == 5
    changes = [p["change"] for p in out["history"]]
    assert [c > 0 for c in changes] == [True, False, True, True, False]
    assert out["provisional"] is True  # five matches leave the deviation above 110
    # the history's changes add up to the rating's distance from the start
    assert sum(changes) == pytest.approx(out["rating"] - 1500, abs=0.3)


def test_a_rating_settles_below_the_provisional_bound_and_keeps_its_best():
    entries = [rated_entry(i, i, i % 3 != 2, [EXPERT]) for i in range(30)]
    out = career.ratings(entries)["kinds"]["two"]
    provisional = [p["deviation"] >= rating_of.PROVISIONAL for p in out["history"]]
    assert provisional[0] and not provisional[-1]
    first_settled = provisional.index(False)
    assert 5 <= first_settled <= 15, first_settled  # about ten rated matches
    best = out["best"]
    settled = [p for p in out["history"] if p["deviation"] < rating_of.PROVISIONAL]
    assert best["rating"] == max(p["rating"] for p in settled)
    assert out["deviation"] >= rating_of.MIN_DEVIATION


def test_time_away_grows_the_deviation_and_a_long_absence_makes_it_provisional_again():
    entries = [rated_entry(i, i, i % 2 == 0, [EXPERT]) for i in range(40)]
    settled = career.ratings(entries)["kinds"]["two"]
    assert not settled["provisional"]
    last = START + timedelta(hours=39)
    for days, provisional in ((30, False), (200, False), (500, True)):
        today = (last + timedelta(days=days)).date().isoformat()
        away = career.ratings(entries, today=today)["kinds"]["two"]
        assert away["rating"] == settled["rating"]  # time moves no rating, only its certainty
        phi = settled["deviation"] / 173.7178
        grown = math.sqrt(phi**2 + days * rating_of.PERIODS_PER_DAY * settled["volatility"] ** 2)
        assert away["deviation"] == pytest.approx(min(350.0, grown * 173.7178), abs=2.0)
        assert away["provisional"] is provisional, days
    # and the next match after the absence moves the rating further than one after a day
    back = rated_entry(99, 39 + 24 * 500, True, [EXPERT])
    soon = rated_entry(99, 40, True, [EXPERT])
    far = career.ratings([*entries, back])["kinds"]["two"]["history"][-1]["change"]
    near = career.ratings([*entries, soon])["kinds"]["two"]["history"][-1]["change"]
    assert far > near > 0


def test_each_kind_of_table_has_its_own_rating():
    entries = [
        rated_entry(1, 0, True, [EXPERT]),
        rated_entry(2, 1, True, [EXPERT, EXPERT], players=3, scores=[150, 90, 120]),
        rated_entry(3, 2, False, [EXPERT, EXPERT, EXPERT], mode="partners", players=4),
    ]
    kinds = career.ratings(entries)["kinds"]
    assert [kinds[k]["played"] for k in career.KINDS] == [1, 1, 1]
    assert kinds["two"]["rating"] > 1500 and kinds["multi"]["rating"] > 1500
    assert kinds["partners"]["rating"] < 1500
    assert career.ratings([])["kinds"] == dict.fromkeys(career.KINDS)


def test_three_or_four_players_are_pairwise_by_final_score_each_worth_a_share():
    """Second of three (beat one, lost to one) against equals moves little; first moves as one
    win would (two half-games won), not as two."""
    even = [(1500.0, 60.0), (1500.0, 60.0)]
    second = rated_entry(1, 0, False, even, players=3, scores=[120, 150, 90])
    first = rated_entry(1, 0, True, even, players=3, scores=[150, 120, 90])
    duel = rated_entry(1, 0, True, [(1500.0, 60.0)])
    mid = career.ratings([second])["kinds"]["multi"]["rating"]
    top = career.ratings([first])["kinds"]["multi"]["rating"]
    one = career.ratings([duel])["kinds"]["two"]["rating"]
    assert abs(mid - 1500) < 1 and top == pytest.approx(one, abs=0.1)


def test_partners_play_the_other_sides_mean_moved_by_half_the_partners_gap():
    """With a partner 200 below you, the other side plays as if 100 stronger: a win is worth
    more than with an equal partner."""
    weak = rated_entry(1, 0, True, [(1500, 60), (1300, 60), (1500, 60)], mode="partners", players=4)
    equal = rated_entry(
        1, 0, True, [(1500, 60), (1500, 60), (1500, 60)], mode="partners", players=4
    )
    gain_weak = career.ratings([weak])["kinds"]["partners"]["rating"] - 1500
    gain_equal = career.ratings([equal])["kinds"]["partners"]["rating"] - 1500
    assert gain_weak > gain_equal > 0
    game = rating_of.games_of(weak, rating_of.START)
    assert len(game) == 1 and game[0].rating == pytest.approx(1500 + (1500 - 1300) / 2)


def test_merging_two_devices_careers_counts_each_rated_match_once():
    def side(entries: list[dict[str, Any]]) -> dict[str, Any]:
        return {"entries": entries, "history": [], "daily": {"attempts": {}}, "prefs": {}}

    shared = [rated_entry(i, i, i % 2 == 0, [EXPERT]) for i in range(4)]
    phone = [
        *copy.deepcopy(shared),
        *(rated_entry(10 + i, 10 + 2 * i, True, [CASUAL]) for i in range(3)),
    ]
    laptop = [
        *copy.deepcopy(shared),
        *(rated_entry(20 + i, 11 + 2 * i, False, [EXPERT]) for i in range(2)),
    ]
    here = career.merge(side(phone), side(laptop), today="2026-11-03")
    there = career.merge(side(laptop), side(phone), today="2026-11-03")
    union = {e["id"]: e for e in [*phone, *laptop]}
    expected = career.ratings(list(union.values()), today="2026-11-03")
    assert here["career"]["ratings"] == there["career"]["ratings"] == expected
    assert expected["kinds"]["two"]["played"] == 4 + 3 + 2
    # merging the merged career again changes nothing: nothing counts twice
    again = career.merge(here["merged"], side(phone), today="2026-11-03")
    assert again["career"]["ratings"] == expected


def test_a_damaged_rated_result_is_refused_naming_it():
    e = rated_entry(1, 0, True, [EXPERT])
    for change in (
        lambda x: x["rated"].update(kind="partners"),
        lambda x: x["rated"]["others"][0].update(rating=float("nan")),
        lambda x: x["rated"]["others"][0].update(seat=0),
        lambda x: x["rated"].update(others=[]),
        lambda x: x.update(unrated="because"),
        lambda x: x["rated"].update(signed={"document": {}, "digest": "x", "signatures": {}}),
        lambda x: x["rated"].update(signed=[]),
    ):
        bad = copy.deepcopy(e)
        change(bad)
        reply = call("career", entries=[bad])
        assert not reply["ok"] and reply["code"] == "bad_career", reply
        assert reply["values"]["field"] in ("rated", "unrated")


# ---------------------------------------------------------------------- titles
def test_titles_climb_with_an_established_rating_and_are_kept():
    assert titles.TITLE_CODES[0] == "newcomer" and titles.TITLE_CODES[-1] == "grand_master"
    thresholds = [t.threshold for t in titles.TITLES[1:]]
    assert thresholds == sorted(thresholds)
    assert titles.title_at(1000.0, False, None) == "newcomer"
    assert titles.title_at(2500.0, False, "newcomer") == "newcomer"  # provisional: no leap
    assert titles.title_at(1600.0, True, "newcomer") == "adept"
    assert titles.title_at(1200.0, True, "adept") == "adept"  # a title reached is kept
    assert titles.title_at(1950.0, True, "master") == "grand_master"


def test_a_new_title_is_said_once():
    entries = [rated_entry(i, i, True, [EXPERT]) for i in range(12)]
    said = []
    for i in range(len(entries)):
        before, after = career.ratings(entries[:i]), career.ratings(entries[: i + 1])
        said += career.titles_reached(before, after)
    codes = [s["title"] for s in said]
    assert codes[0] == "newcomer" and len(codes) == len(set(codes))
    assert codes == sorted(codes, key=titles.TITLE_CODES.index)
    assert codes[-1] == career.ratings(entries)["kinds"]["two"]["title"]


# ---------------------------------------------------------------------- the computers' ladder
def test_every_measured_level_is_a_computer_and_in_ladder_order():
    table = computers.COMPUTER_RATINGS
    assert set(table) <= set(COMPUTERS)
    order = [lv for lv in COMPUTERS if lv in table]
    assert [table[lv].rating for lv in order] == sorted(table[lv].rating for lv in order)
    assert all(f.deviation > 0 for f in table.values())


def test_a_level_not_measured_yet_makes_the_match_unrated(monkeypatch):
    monkeypatch.delitem(computers.COMPUTER_RATINGS, "casual")
    call("new", settings={"mode": "sprint", "seats": ["you", "casual"]})
    assert call("rated_table")["table"] == {
        "rated": False,
        "kind": "two",
        "reason": "unmeasured",
        "people": False,
    }


# ---------------------------------------------------------------------- rated or not, in play
def finish(reply: dict[str, Any]) -> dict[str, Any]:
    for _ in range(3000):
        if reply["snapshot"]["match"]["over"]:
            return reply
        if reply["snapshot"]["phase"] == "round_over":
            reply = call("intent", seat=None, intent={"kind": "next"})
        else:
            reply = step(reply)
        assert reply["ok"], reply
    raise AssertionError("the match never ended")


def sprint(seats: list[Any], **extra: Any) -> dict[str, Any]:
    reply = call("new", settings={"mode": "sprint", "seats": seats}, **extra)
    assert reply["ok"], reply
    return reply


def test_a_match_against_the_expert_moves_the_rating_by_the_experts_fixed_rating():
    finish(sprint(["you", "expert"]))
    table = call("rated_table")["table"]
    assert table == {"rated": True, "kind": "two", "reason": None, "people": False}
    reply = call("career_entry", date=at(0), entries=[])
    entry = reply["entry"]
    fixed = computers.COMPUTER_RATINGS["expert"]
    assert entry["rated"] == {
        "kind": "two",
        "others": [{"seat": 1, "rating": fixed.rating, "deviation": fixed.deviation}],
        "signed": None,
    }
    score = 1.0 if entry["won"] else 0.5 if entry["margin"] == 0 else 0.0
    expect = glicko.rate(
        rating_of.START, [Game(fixed.rating, fixed.deviation, score)], rating_of.TAU, 0
    )
    two = reply["career"]["ratings"]["kinds"]["two"]
    assert two["rating"] == round(expect.rating, 1) and two["deviation"] == round(
        expect.deviation, 1
    )
    assert reply["new_titles"] == [{"kind": "two", "title": "newcomer"}]


def test_a_hint_makes_the_match_unrated_and_a_reload_keeps_it_so():
    reply = sprint(["you", "expert"])
    while reply["snapshot"]["turn"] != 0 or reply["snapshot"]["computer_to_move"]:
        reply = step(reply)
    assert call("rated_table")["table"]["rated"] is True  # the page warns before the first hint
    assert call("hint", seat=0)["ok"]
    assert call("rated_table")["table"]["reason"] == "hint"
    call("start", save=reply_save())  # a reload from any later save keeps it too
    assert call("rated_table")["table"]["reason"] == "hint"
    hinted = call("hint", seat=0)  # the reply carries the save to keep: a reload keeps the mark
    restored = call("start", save=hinted["save"])
    assert restored["ok"] and call("rated_table")["table"]["reason"] == "hint"
    finish(restored)
    entry = call("career_entry", date=at(0))["entry"]
    assert entry["rated"] is None and entry["unrated"] == "hint"
    # a rematch is a new match: rated again
    assert call("intent", seat=None, intent={"kind": "next"})["ok"]
    assert call("rated_table")["table"]["rated"] is True


def reply_save() -> str:
    """The save text of the match in play, as the page keeps it."""
    from allthrees import app

    assert app._app.saved is not None
    return app._app.saved


def test_a_review_between_rounds_keeps_the_match_rated():
    reply = call("new", settings={"seats": ["you", "casual"]})
    while reply["snapshot"]["phase"] != "round_over" and not reply["snapshot"]["match"]["over"]:
        reply = step(reply)
    assert call("review")["ok"]
    assert call("rated_table")["table"]["rated"] is True


@pytest.mark.parametrize(
    ("request_", "reason"),
    [
        ({"settings": {"mode": "sprint", "seats": ["you", "expert"]}, "seed": 7}, "practice"),
        (
            {
                "settings": {
                    "mode": "sprint",
                    "seats": ["you", {"controller": "person", "name": "Ana"}],
                }
            },
            "pass_and_play",
        ),
        ({"daily": "2026-12-01"}, "daily"),
    ],
)
def test_a_practice_deal_pass_and_play_and_the_daily_are_unrated(request_, reason):
    reply = call("new", **request_)
    assert reply["ok"], reply
    assert call("rated_table")["table"]["reason"] == reason
    if reason == "practice":
        finish(reply)
        entry = call("career_entry", date=at(0))["entry"]
        assert entry["rated"] is None and entry["unrated"] == "practice"
