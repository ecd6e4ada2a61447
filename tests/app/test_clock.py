"""The table clock of a table across devices (``net.clock``): each turn stamped when a reply first
shows it, the time left in every snapshot's ``net``, a time-up taken from the host's page only
once the time has run out (and refused with nothing changed otherwise), the move a computer of
the chosen level makes for the seat, three time-outs in a row making a friend's seat away until
its hello, the setting kept by the save, and no guest able to trigger or stop it."""

from __future__ import annotations

import json

import pytest
from appkit import call, person_intent
from netkit import join_all, message, part_of, step

from allthrees import app
from allthrees.errors import REFUSAL_CODES
from allthrees.net import clock
from allthrees.net.protocol import BadMessage, host_message
from allthrees.net.state import TableState
from allthrees.save import BadSave, dump, load
from allthrees.settings import Settings
from allthrees.snapshot import events_json, snapshot


class Now:
    """The clock's time, moved by hand."""

    def __init__(self) -> None:
        self.ms = 1_700_000_000_000

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Now:
    fake = Now()
    monkeypatch.setattr(clock, "now_ms", fake)
    return fake


def gather(seats: list, seed: int = 11, clock: int | None = None, **settings) -> dict:
    """A gathering of ``seats`` (with ``clock``: seconds a move)."""
    fields = {} if clock is None else {"clock": clock}
    reply = call("gather", settings={"seats": seats, **settings}, seed=seed, **fields)
    assert reply["ok"], reply
    return reply


def table(clock_s: int = 30, seats: list | None = None, **settings) -> dict:
    """A dealt table of the host (seat 0) and a friend (seat 1), perhaps more, with a clock."""
    return join_all(gather(seats or ["you", "friend"], clock=clock_s, **settings))


def state() -> tuple:
    """All a refused time-up may not change: the save, the turn's stamp and the counts."""
    session = app._app.session
    timer = session.net.timer
    return dump(session), timer.turn, timer.since_ms, dict(timer.misses), dict(session.stand_in)


def until(reply: dict, seat: int) -> dict:
    """Play on (the host's moves, the computers', the friends' own) until ``seat`` is to move."""
    for _ in range(200):
        snap = reply["snapshot"]
        if snap["to_move"] == seat and snap["phase"] in ("lead", "play"):
            return reply
        reply = step(reply)
        assert reply["ok"], reply
    raise AssertionError(f"seat {seat} never came to move")


def shown() -> dict | None:
    return snapshot(app._app.session)["net"]["clock"]


def test_every_new_turn_is_stamped_and_every_snapshot_shows_the_time_left(now):
    dealt = table(30)
    seat = dealt["snapshot"]["to_move"]
    mine = {"seat": seat, "limit_ms": 30_000, "left_ms": 30_000}
    assert dealt["snapshot"]["net"]["clock"] == mine and dealt["snapshot"]["net"]["clock_s"] == 30
    assert dealt["guests"]["1"]["snapshot"]["net"]["clock"] == mine  # the friend's too
    dealt = until(dealt, 1)  # the host's own seat has a clock too; now the friend's turn
    assert dealt["snapshot"]["net"]["clock"] == {"seat": 1, "limit_ms": 30_000, "left_ms": 30_000}
    now.ms += 12_345
    assert shown() == {"seat": 1, "limit_ms": 30_000, "left_ms": 30_000 - 12_345}
    refused = call("intent", seat=0, intent={"kind": "draw"})  # out of turn: nothing changes
    assert refused["ok"] is False and refused["snapshot"]["net"]["clock"]["left_ms"] == 17_655
    assert call("advance")["ok"] is False
    now.ms += 40_000
    assert shown()["left_ms"] == 0  # never below 0
    moved = step(dealt)  # the friend moves: the next turn's clock starts now
    assert moved["ok"] and moved["snapshot"]["net"]["clock"]["left_ms"] == 30_000
    assert moved["guests"]["1"]["snapshot"]["net"]["clock"]["left_ms"] == 30_000
    now.ms += 1_000
    assert shown()["left_ms"] == 29_000


def test_a_table_with_no_clock_shows_none_and_refuses_a_time_up(now):
    dealt = join_all(gather(["you", "friend"]))
    assert dealt["snapshot"]["net"]["clock"] is None and dealt["snapshot"]["net"]["clock_s"] == 0
    before = state()
    now.ms += 10**9
    refused = call("time_up", seat=dealt["snapshot"]["to_move"])
    assert refused["ok"] is False and refused["code"] == "clock_off"
    assert state() == before
    call("new", settings={"seats": ["you", "casual"]})  # a table on one device has no clock
    assert call("time_up", seat=0)["code"] == "clock_off"
    assert app._app.session.net is None


@pytest.mark.parametrize("bad", [45, "60", True, -30, 30.0, [30]])
def test_a_clock_not_of_the_choices_is_refused_and_gathers_nothing(bad):
    table(30)
    session, gathering = app._app.session, app._app.gathering
    refused = call("gather", settings={"seats": ["you", "friend"]}, seed=3, clock=bad)
    assert refused["ok"] is False and refused["code"] == "clock_choice"
    assert refused["values"] == {"choices": [0, 30, 60, 120]}
    assert app._app.session is session and app._app.gathering is gathering


def test_a_time_up_before_the_deal_changes_nothing(now):
    gathered = gather(["you", "friend", "friend"], clock=60)
    table_id = gathered["gathering"]["table"]
    assert gathered["gathering"]["clock"] == 60
    call("guest", seat=1, message=message("hello", table=table_id, part=part_of(1)))
    kept = app._app.gathering
    text = json.dumps(kept[0].to_json())
    now.ms += 10**9
    refused = call("time_up", seat=0)
    assert refused["ok"] is False and refused["code"] == "not_dealt"
    assert app._app.gathering is kept and json.dumps(kept[0].to_json()) == text


def test_a_time_up_too_early_out_of_turn_or_malformed_changes_nothing(now):
    dealt = until(table(30), 1)
    assert dealt["snapshot"]["net"]["clock"]["seat"] == 1
    before = state()
    now.ms += 29_000
    early = call("time_up", seat=1)
    assert early["code"] == "clock_running" and early["values"] == {"left_ms": 1_000}
    assert call("time_up", seat=0)["code"] == "clock_turn"  # the host's seat is not to move
    assert call("time_up", seat=0)["values"] == {"seat": 0}
    for seat, level in ((1, "genius"), (1, 3), (7, "casual"), ("1", "casual"), (None, None)):
        refused = call("time_up", seat=seat, level=level)
        assert refused["ok"] is False and refused["code"] == "bad_request", (seat, level)
    assert state() == before
    now.ms += 499  # within the slack: the host's page counts from the reply's arrival
    assert call("time_up", seat=1)["code"] == "clock_running"
    now.ms += 1
    assert call("time_up", seat=1)["ok"]


def test_a_time_up_for_a_seat_a_computer_stands_in_for_or_between_rounds_changes_nothing(now):
    reply = until(table(30, ["you", "friend", "casual"]), 1)
    stood = call("stand_in", seat=1, level="casual")
    assert stood["snapshot"]["net"]["clock"] is None  # a computer plays it now
    now.ms += 10**6
    before = state()
    assert call("time_up", seat=1)["code"] == "clock_turn"
    assert state() == before
    reply = call("stand_in", seat=1, level=None)  # the friend plays it again: a fresh clock
    assert reply["snapshot"]["net"]["clock"] == {"seat": 1, "limit_ms": 30_000, "left_ms": 30_000}
    reply = until(reply, 2)
    assert reply["snapshot"]["net"]["clock"] is None  # a computer's turn has no clock
    assert call("time_up", seat=2)["code"] == "clock_turn"
    for _ in range(400):  # to the round's end
        if reply["snapshot"]["phase"] in ("round_over", "match_over"):
            break
        reply = step(reply)
    assert reply["snapshot"]["net"]["clock"] is None
    before = state()
    now.ms += 10**6
    for seat in (0, 1, 2):
        assert call("time_up", seat=seat)["code"] == "clock_turn"
    assert state() == before


def test_a_time_up_moves_as_the_chosen_computer_and_every_device_hears_it(now):
    dealt = until(table(60, ["you", "friend", "casual"], mode="match"), 1)
    expected = load(app._app.saved).play_as("expert", advice=False)
    now.ms += 60_000
    reply = call("time_up", seat=1, level="expert")
    assert reply["ok"], reply
    timed = {"kind": "timed_out", "seat": 1, "misses": 1, "away": False, "level": "expert"}
    assert reply["events"][0] == timed
    made = [e for e in reply["events"][1:] if e["kind"] in ("placed", "drew", "passed")]
    assert made[0]["seat"] == 1 and made[0] == events_json(expected, app._app.session)[0]
    assert reply["guests"]["1"]["events"][0] == timed
    sent = [host_message(text) for text in reply["outbox"]["1"]]
    assert sent[0]["kind"] == "table" and sent[0]["events"][0] == timed
    assert dealt["snapshot"]["round_no"] == reply["snapshot"]["round_no"]
    if reply["snapshot"]["to_move"] != 1 and reply["snapshot"]["net"]["clock"]:
        assert reply["snapshot"]["net"]["clock"]["left_ms"] == 60_000  # the next turn's, fresh


def _time_out_friend(reply: dict, now: Now, level: str = "casual") -> dict:
    reply = until(reply, 1)
    now.ms += 30_000
    out = call("time_up", seat=1, level=level)
    assert out["ok"], out
    return out


def test_three_time_outs_in_a_row_make_a_friends_seat_away_until_its_hello(now):
    reply = table(30, ["you", "friend", "casual"])
    table_id = reply["snapshot"]["net"]["table"]
    for n in (1, 2):
        reply = _time_out_friend(reply, now)
        assert reply["events"][0]["misses"] == n and reply["events"][0]["away"] is False
        assert app._app.session.stand_in == {}
    reply = _time_out_friend(reply, now, "beginner")
    assert reply["events"][0] == {
        "kind": "timed_out",
        "seat": 1,
        "misses": 3,
        "away": True,
        "level": "beginner",
    }
    assert app._app.session.stand_in == {1: "beginner"}
    snap = reply["snapshot"]
    assert snap["seats"][1]["stand_in"] == "beginner"
    assert snap["net"]["friends"][0]["stand_in"] == "beginner"
    assert reply["guests"]["1"]["snapshot"]["seats"][1]["stand_in"] == "beginner"
    for _ in range(200):  # the computer plays the friend's turns now, on the host's advance
        snap = reply["snapshot"]
        if snap["to_move"] == 1 and snap["phase"] in ("lead", "play"):
            break
        reply = step(reply)
    assert snap["computer_to_move"] and snap["net"]["clock"] is None
    assert call("advance")["ok"]
    back = call("guest", seat=1, message=message("hello", table=table_id, part=part_of(1)))
    assert back["ok"] and app._app.session.stand_in == {}
    assert 1 not in app._app.session.net.timer.misses  # the count starts again
    reply = _time_out_friend(back, now)
    assert reply["events"][0]["misses"] == 1 and reply["events"][0]["away"] is False


def test_a_seats_own_move_ends_its_time_outs_in_a_row(now):
    reply = _time_out_friend(table(30, ["you", "friend", "casual"]), now)
    reply = _time_out_friend(reply, now)
    assert app._app.session.net.timer.misses == {1: 2}
    reply = until(reply, 1)
    own = reply["guests"]["1"]["snapshot"]
    moved = call("guest", seat=1, message=message("intent", intent=person_intent(own)))
    assert moved["ok"] and app._app.session.net.timer.misses == {}
    reply = _time_out_friend(moved, now)
    assert reply["events"][0]["misses"] == 1


def test_the_hosts_own_seat_times_out_but_is_never_away(now):
    reply = table(30, ["you", "friend", "casual"])
    for n in range(1, 5):
        reply = until(reply, 0)
        assert reply["snapshot"]["net"]["clock"]["seat"] == 0
        now.ms += 30_000
        reply = call("time_up", seat=0)  # the default level: casual
        assert reply["ok"], reply
        assert reply["events"][0] == {
            "kind": "timed_out",
            "seat": 0,
            "misses": n,
            "away": False,
            "level": "casual",
        }
        assert app._app.session.stand_in == {}
    reply = until(reply, 0)
    assert call("intent", seat=0, intent=person_intent(reply["snapshot"]))["ok"]
    assert 0 not in app._app.session.net.timer.misses


def test_the_clock_setting_survives_a_reload_and_the_counts_do_not(now):
    gathered = gather(["you", "friend", "friend"], clock=120)
    table_id = gathered["gathering"]["table"]
    assert json.loads(gathered["save"])["gathering"]["clock"] == 120
    back = call(
        "start", save=json.dumps(gathered["stored"]["rest"]), sealed_seed=gathered["stored"]["seed"]
    )
    assert back["ok"] and back["gathering"]["clock"] == 120
    assert app._app.gathering[0].clock_s == 120
    for seat in (1, 2):
        reply = call(
            "guest", seat=seat, message=message("hello", table=table_id, part=part_of(seat))
        )
    reply = until(reply, 1)
    now.ms += 120_000
    reply = call("time_up", seat=1)
    assert reply["ok"] and app._app.session.net.timer.misses == {1: 1}
    resumed = call("start", save=reply["save"])
    session = app._app.session
    assert resumed["ok"] and session.net.clock_s == 120 and session.net.timer.misses == {}
    assert resumed["snapshot"]["net"]["clock_s"] == 120
    if resumed["snapshot"]["net"]["clock"]:  # the turn to move starts a fresh clock
        assert resumed["snapshot"]["net"]["clock"]["left_ms"] == 120_000


def test_a_saved_clock_is_checked_and_an_older_save_has_none():
    settings = Settings.from_json({"seats": ["you", "friend"]})
    net = TableState.new(settings, 5, clock_s=60)
    data, top = net.to_json(), net.top.hex()
    assert data["clock"] == 60 and TableState.from_json(data, top, settings).clock_s == 60
    older = {k: v for k, v in data.items() if k != "clock"}
    assert TableState.from_json(older, top, settings).clock_s == 0
    for bad in (45, "60", None, True, 60.0):
        with pytest.raises(BadMessage) as refused:
            TableState.from_json({**data, "clock": bad}, top, settings)
        assert refused.value.code == "gathering_save" and refused.value.values == {"field": "clock"}


def test_a_damaged_clock_in_a_matchs_save_is_refused(now):
    reply = table(30)
    data = json.loads(reply["save"])
    data["net"]["clock"] = 7
    with pytest.raises(BadSave):
        load(json.dumps(data))


def test_a_guests_message_can_neither_trigger_nor_stop_the_clock(now):
    reply = until(table(30, ["you", "friend", "casual"]), 1)
    table_id = reply["snapshot"]["net"]["table"]
    now.ms += 31_000
    before = state()
    for text in (
        message("time_up", seat=1),
        message("time_up"),
        message("intent", intent={"kind": "time_up"}),
        message("intent", intent={"kind": "time_up", "seat": 1}),
    ):
        refused = call("guest", seat=1, message=text)
        assert refused["ok"] is False and refused["code"] in ("message_kind", "message_shape")
        assert state() == before
    # the seat to move says hello again: its clock goes on (a hello is not a move)
    again = call("guest", seat=1, message=message("hello", table=table_id, part=part_of(1)))
    assert again["ok"] and again["snapshot"]["net"]["clock"]["left_ms"] == 0
    assert state()[1:] == before[1:]
    assert call("time_up", seat=1)["ok"]  # the host's page still times it out


def test_a_guest_checks_a_match_with_time_outs_in_what_it_saw(now):
    gathered = gather(["you", "friend"], clock=30, seed=8, mode="sprint")
    reply = join_all(gathered)
    seen = list(reply["guests"]["1"]["events"])
    timed = 0
    for _ in range(400):
        snap = reply["snapshot"]
        if snap["match"]["over"]:
            break
        if snap["net"]["clock"] and snap["net"]["clock"]["seat"] == 1:
            now.ms += 30_000
            reply = call("time_up", seat=1)
            timed += 1
        else:
            reply = step(reply)
        assert reply["ok"], reply
        seen += reply["guests"]["1"]["events"]
    assert reply["snapshot"]["match"]["over"] and timed >= 1
    assert any(e["kind"] == "timed_out" for e in seen)
    checked = call(
        "check_shared",
        commitment=gathered["gathering"]["commitment"],
        reveal=reply["outbox"]["1"][-1],
        my_part=part_of(1),
        seen={"events": seen},
    )
    assert checked["ok"], checked


def test_the_clocks_codes_are_worded():
    for code in ("clock_choice", "clock_off", "clock_turn", "clock_running"):
        assert code in REFUSAL_CODES
