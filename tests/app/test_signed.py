"""Rated results between people (issue 44, Python's side): both devices make the same document
from each other's parts, each takes it in once every signature is verified (the page's BIP-340
check: here a signature is any 128 hex digits and ``verified`` says the page checked it), and
the two ratings move in opposite directions by Glicko-2's amounts. Forged, altered, half-signed
and replayed results, and a device that drops a result from its chain, change nothing. The
abandoned rule."""

from __future__ import annotations

import copy
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from appkit import call

from allthrees import career
from allthrees.career import computers, glicko, signed
from allthrees.career import rating as rating_of
from allthrees.net.check import guest_settings
from allthrees.session import Session
from allthrees.settings import Settings

HOST_KEY = "a1" * 32
GUEST_KEY = "b2" * 32
START = datetime(2026, 11, 1, 9, 0, 0)


def at(hours: float) -> str:
    return (START + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")


def played(seats: list[str], seed: int, rated: bool = True) -> Session:
    """A finished match at a table across devices, every seat playing its first legal move."""
    settings = Settings.from_json({"mode": "sprint", "seats": seats})
    session = Session(settings, seed, practice=False)
    session.net = SimpleNamespace(rated=rated, given_away=frozenset())
    match = session.match
    while not match.over:
        match.apply(match.round.legal_moves()[0])
    return session


def both_entries(session: Session, hours: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """The match's entry on the host's device and on the guest's (seat 1), as ``career_entry``
    and ``check_shared`` make them."""
    host = career.entry(session, at(hours))
    mine = guest_settings(session.settings.to_json(), 1)
    guest_session = Session(mine, session.seed, session.match, match_id=session.match_id)
    guest = career.entry(guest_session, at(hours), None, chosen=True)
    return host, guest


def sign(entries: list[dict[str, Any]], entry: dict[str, Any], key: str) -> dict[str, Any]:
    reply = call("rated_part", entries=entries, entry=entry, key=key)
    assert reply["ok"], reply
    return reply["part"]


def signatures(doc: dict[str, Any]) -> dict[str, str]:
    """Every person's signature (what the page's @noble/secp256k1 would make)."""
    return {s["key"]: s["key"][:2] * 64 for s in doc["document"]["seats"] if s["key"]}


def exchange(host_entries, host, guest_entries, guest):
    """Both devices' parts, the one document, and each device's take of it."""
    parts = [sign(host_entries, host, HOST_KEY), sign(guest_entries, guest, GUEST_KEY)]
    made_here = call("rated_document", entry=host, parts=parts)
    made_there = call("rated_document", entry=guest, parts=list(reversed(parts)))
    assert made_here["ok"] and made_here == made_there  # the same document on both
    doc = {**made_here, "signatures": signatures(made_here)}
    doc.pop("ok")
    return doc


def take(entries, entry, doc, key, **extra):
    return call(
        "rated_take", entries=entries, entry=entry, signed=doc, verified=True, key=key, **extra
    )


def test_both_devices_take_the_same_signed_result_and_move_apart_by_glicko2():
    session = played(["you", "friend"], 11)
    host, guest = both_entries(session, 1)
    assert host["unrated"] == guest["unrated"] == "unsigned" and host["rated"] is None
    doc = exchange([host], host, [guest], guest)
    here = take([host], host, doc, HOST_KEY)
    there = take([guest], guest, doc, GUEST_KEY)
    assert here["ok"] and there["ok"], (here, there)
    assert here["entry"]["rated"]["signed"] == there["entry"]["rated"]["signed"]
    mine = here["career"]["ratings"]["kinds"]["two"]
    theirs = there["career"]["ratings"]["kinds"]["two"]
    won = host["won"]
    assert (mine["rating"] > 1500) == won and (theirs["rating"] > 1500) == (not won)
    start = rating_of.START
    for out, score in ((mine, float(won)), (theirs, float(not won))):
        expect = glicko.rate(start, [glicko.Game(1500, 350, score)], rating_of.TAU, 0)
        assert out["rating"] == round(expect.rating, 1)
    assert here["new_titles"] == [{"kind": "two", "title": "newcomer"}]
    # taken once: the same result again is refused and changes nothing
    again = take([here["entry"]], here["entry"], doc, HOST_KEY)
    assert not again["ok"] and again["values"]["why"] == "not_waiting"
    again = take([here["entry"]], host, doc, HOST_KEY)
    assert not again["ok"] and again["values"]["why"] == "replayed"


def test_a_table_with_a_computer_carries_its_fixed_rating_in_the_document():
    session = played(["you", "friend", "expert"], 5)
    host, guest = both_entries(session, 1)
    doc = exchange([host], host, [guest], guest)
    expert = doc["document"]["seats"][2]
    fixed = computers.COMPUTER_RATINGS["expert"]
    assert expert == {
        "seat": 2,
        "key": None,
        "level": "expert",
        "rating": round(fixed.rating),
        "deviation": round(fixed.deviation),
        "previous": None,
    }
    assert doc["document"]["table"] == "multi"
    assert take([host], host, doc, HOST_KEY)["ok"]


def test_the_digest_is_sha256_of_the_canonical_document():
    session = played(["you", "friend"], 12)
    host, guest = both_entries(session, 1)
    doc = exchange([host], host, [guest], guest)
    assert signed.canonical({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'.encode()
    assert doc["digest"] == signed.digest_of(doc["document"])
    assert doc["document"]["record"] == signed.digest_of(host["record"])


def altered(doc: dict[str, Any], change) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    change(out)
    return out


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["document"].update(scores=[999, 0]), "scores"),
        (lambda d: d["document"].update(record="0" * 64), "record"),
        (lambda d: d["document"].update(match="f" * 16), "match"),
        (lambda d: d["document"].update(table="partners"), "kind"),
        (lambda d: d["document"]["seats"][0].update(rating=2400), "rating_before"),
        (lambda d: d["document"]["seats"][0].update(previous="c" * 64), "chain"),
        (lambda d: d["document"]["seats"][0].update(key=GUEST_KEY * 0 + "d" * 64), "key"),
        (lambda d: d.update(digest="e" * 64), "document"),
        (lambda d: d["signatures"].pop(GUEST_KEY), "signatures"),
        (lambda d: d["signatures"].update({GUEST_KEY: "zz"}), "signatures"),
        (lambda d: d.update(extra=1), "shape"),
        (lambda d: d["document"].update(v=2), "document"),
    ],
)
def test_an_altered_or_half_signed_result_is_refused_and_changes_nothing(change, why):
    session = played(["you", "friend"], 13)
    host, guest = both_entries(session, 1)
    doc = exchange([host], host, [guest], guest)
    bad = altered(doc, change)
    if why not in ("document", "signatures", "shape"):  # re-digested: a forger would
        bad["digest"] = signed.digest_of(bad["document"])
    reply = take([host], host, bad, HOST_KEY)
    assert not reply["ok"] and reply["code"] == "rated_result", reply
    assert reply["values"]["why"] == why


def test_unverified_signatures_and_a_malformed_key_are_refused():
    session = played(["you", "friend"], 14)
    host, guest = both_entries(session, 1)
    doc = exchange([host], host, [guest], guest)
    reply = call("rated_take", entries=[host], entry=host, signed=doc, verified=False, key=HOST_KEY)
    assert reply["values"]["why"] == "unverified"
    assert call("rated_part", entries=[host], entry=host, key="nope")["values"]["why"] == "key"


def test_an_unrated_table_a_practice_one_and_a_match_against_computers_sign_nothing():
    session = played(["you", "friend"], 15, rated=False)
    host = career.entry(session, at(1))
    assert host["unrated"] == "not_chosen"
    reply = call("rated_part", entries=[host], entry=host, key=HOST_KEY)
    assert reply["values"]["why"] == "not_waiting"
    session.net.given_away = frozenset({1})
    session.net.rated = True
    assert career.entry(session, at(1))["unrated"] == "abandoned"


def test_the_chain_links_each_devices_results_and_a_dropped_loss_is_refused():
    """Three matches between the same two devices: each names its previous one. A guest that
    drops the second from its chain (signing the third as if the second never was) is refused
    by the host, who holds the second."""
    host_entries: list[dict[str, Any]] = []
    guest_entries: list[dict[str, Any]] = []
    docs = []
    for n, seed in enumerate((21, 22)):
        host, guest = both_entries(played(["you", "friend"], seed), n + 1)
        host_entries.append(host)
        guest_entries.append(guest)
        doc = exchange(host_entries, host, guest_entries, guest)
        docs.append(doc)
        host_entries[-1] = take(host_entries, host, doc, HOST_KEY)["entry"]
        guest_entries[-1] = take(guest_entries, guest, doc, GUEST_KEY)["entry"]
    first, second = docs
    assert first["document"]["seats"][0]["previous"] is None
    assert second["document"]["seats"][0]["previous"] == first["digest"]
    assert second["document"]["seats"][1]["previous"] == first["digest"]
    # the third: the guest's device has "lost" the second match and names the first again
    host, guest = both_entries(played(["you", "friend"], 23), 3)
    host_entries.append(host)
    dropped = [guest_entries[0], guest]
    parts = [sign(host_entries, host, HOST_KEY), sign(dropped, guest, GUEST_KEY)]
    assert parts[1]["previous"] == first["digest"]
    made = call("rated_document", entry=host, parts=parts)
    doc = {"document": made["document"], "digest": made["digest"]}
    doc["signatures"] = signatures(made)
    reply = take(host_entries, host, doc, HOST_KEY)
    assert not reply["ok"] and reply["values"]["why"] == "chain"


def test_a_device_that_leaves_for_good_counts_it_as_abandoned_once():
    first = call("rated_abandon", abandoned=[], match="0123456789abcdef", date=at(1), kind="two")
    assert first["ok"] and len(first["abandoned"]) == 1
    twice = call(
        "rated_abandon",
        abandoned=first["abandoned"],
        match="0123456789abcdef",
        date=at(2),
        kind="two",
    )
    assert twice["abandoned"] == first["abandoned"]
    session = played(["you", "friend"], 16)
    host, guest = both_entries(session, 1)
    doc = exchange([host], host, [guest], guest)
    entry = take([host], host, doc, HOST_KEY)["entry"]
    figures = call("career", entries=[entry], abandoned=first["abandoned"])["career"]
    assert figures["ratings"]["kinds"]["two"]["abandoned"] == 1
    bad = call(
        "rated_abandon", abandoned=[{"id": "x"}], match="0123456789abcdef", date=at(1), kind="two"
    )
    assert not bad["ok"] and bad["code"] == "bad_career"


def test_abandoned_matches_travel_with_an_export_and_merge_by_id():
    gone = [{"id": "0123456789abcdef", "date": at(1), "kind": "two"}]
    exported = call(
        "export",
        exported=at(2),
        entries=[],
        daily={"attempts": {}},
        history=[],
        prefs={},
        abandoned=gone,
    )["export"]
    assert exported["career"]["abandoned"] == gone
    assert call("check_import", data=exported)["ok"]
    other = [{"id": "fedcba9876543210", "date": at(3), "kind": "partners"}]
    mine = {"entries": [], "history": [], "daily": {"attempts": {}}, "prefs": {}, "abandoned": gone}
    theirs = {**mine, "abandoned": [*other, *gone]}
    merged = call("career_merge", mine=mine, theirs=theirs)
    assert merged["merged"]["abandoned"] == [*gone, *other]


# ---------------------------------------------------------------------- through the controller
def guest_check(gathered: dict[str, Any], reveal: Any, **extra: Any) -> dict[str, Any]:
    """The guest at seat 1 checks the host's reveal and makes its own entry of the match."""
    from netkit import part_of

    return call(
        "check_shared",
        commitment=gathered["gathering"]["commitment"],
        reveal=reveal,
        my_part=part_of(1),
        seen={"events": []},
        date=at(1),
        **extra,
    )


def test_a_rated_table_across_devices_is_signed_by_both_and_taken_by_both():
    """The host gathers a rated table, a friend joins and the match is played through the
    controller; the host's entry and the guest's (its own check of the reveal) both wait for
    signatures, make the same document, and take it."""
    from netkit import join_all, play_match

    from allthrees import app
    from allthrees.net.protocol import host_message

    gathered = call("gather", settings={"mode": "sprint", "seats": ["you", "friend"]}, rated=True)
    assert gathered["ok"] and gathered["gathering"]["rated"] is True
    dealt = join_all(gathered)
    assert dealt["snapshot"]["net"]["rated"] is True
    assert call("rated_table")["table"] == {
        "rated": True,
        "kind": "two",
        "reason": None,
        "people": True,
    }
    assert call("start", save=app._app.saved)["ok"]  # a reload keeps the host's choice
    assert call("rated_table")["table"]["rated"] is True
    end = play_match(dealt, lambda r: None)
    reveal = host_message(end["outbox"]["1"][-1])
    assert reveal["rated"] is True
    host = call("career_entry", date=at(1), entries=[])["entry"]
    shared = guest_check(gathered, end["outbox"]["1"][-1], entries=[])
    assert shared["ok"], shared
    guest = shared["shared"]["entry"]
    assert host["unrated"] == guest["unrated"] == "unsigned"
    doc = exchange([host], host, [guest], guest)
    here, there = take([host], host, doc, HOST_KEY), take([guest], guest, doc, GUEST_KEY)
    assert here["ok"] and there["ok"]
    moved = [r["career"]["ratings"]["kinds"]["two"]["rating"] - 1500 for r in (here, there)]
    assert moved[0] == pytest.approx(-moved[1], abs=0.2) or host["margin"] == 0


def test_a_table_not_chosen_rated_leaves_the_guests_entry_unrated_too():
    from netkit import join_all, play_match

    from allthrees.net.protocol import host_message

    gathered = call("gather", settings={"mode": "sprint", "seats": ["you", "friend"]})
    assert gathered["gathering"]["rated"] is False
    end = play_match(join_all(gathered), lambda r: None)
    assert host_message(end["outbox"]["1"][-1])["rated"] is False
    shared = guest_check(gathered, end["outbox"]["1"][-1])
    assert shared["shared"]["entry"]["unrated"] == "not_chosen"
    # a reveal from a host from before ratings has no such field: not rated either
    older = {k: v for k, v in host_message(end["outbox"]["1"][-1]).items() if k != "rated"}
    shared = guest_check(gathered, older)
    assert shared["ok"] and shared["shared"]["entry"]["unrated"] == "not_chosen"
