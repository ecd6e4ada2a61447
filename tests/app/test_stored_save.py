"""The save as the page stores it (``save.stored``, a reply's ``stored``): the page keeps the seed
sealed apart from the rest and never reads the save's own fields, so Python hands over both parts
and takes them back together."""

from __future__ import annotations

import json

from appkit import call, casual_start, play_until


def test_every_change_hands_over_the_seed_apart_from_the_rest():
    reply = casual_start(5)
    stored = reply["stored"]
    save = json.loads(reply["save"])
    assert "seed" not in stored["rest"], "the rest can lie in clear text"
    assert stored["seed"] == save["seed"]
    assert {**stored["rest"], "seed": stored["seed"]} == save
    assert (stored["match_id"], stored["moves"]) == (save["match_id"], save["moves"])


def test_the_moves_count_grows_with_every_move_so_a_newer_save_is_known():
    start = casual_start(21)
    first = start["stored"]
    later = play_until(start, lambda s: s["round"]["over"])["stored"]
    assert later["match_id"] == first["match_id"]
    assert later["moves"] > first["moves"]


def test_the_rest_and_the_sealed_seed_resume_the_same_table():
    reply = play_until(casual_start(21), lambda s: s["round"]["over"])
    stored = reply["stored"]
    again = call("start", save=json.dumps(stored["rest"]), sealed_seed=stored["seed"])
    assert again["ok"] and "problem" not in again
    assert again["snapshot"]["sides"] == reply["snapshot"]["sides"]
    assert again["stored"] == stored


def test_a_wrong_sealed_seed_is_refused_as_a_problem_not_believed():
    stored = casual_start(7)["stored"]
    wrong = ("0" if stored["seed"][0] != "0" else "1") + stored["seed"][1:]
    reply = call("start", save=json.dumps(stored["rest"]), sealed_seed=wrong)
    assert reply["problem"]["code"] == "tampered"
    assert reply["snapshot"]["hand"], "a new table comes up"


def test_a_save_with_its_own_seed_still_resumes_without_a_sealed_one():
    reply = casual_start(9)
    again = call("start", save=reply["save"])
    assert again["stored"]["match_id"] == reply["stored"]["match_id"]
