"""The device's key for signing rated results travels with the career (issue 44): an export
carries it (``signing: {secret}``, when the device has one), an import's check says whether the
file has one and refuses a damaged one (``export_shape``, naming ``signing``) before anything is
replaced, and an export from before ratings, with none, is still taken. The page keeps the key
(web/js/career/ratingkey.js); tests/web/test_career_screens.py carries it across two browsers."""

from __future__ import annotations

import copy

import pytest
from appkit import call
from test_career import export_of

SECRET = "5f" * 32


@pytest.fixture(scope="module")
def export() -> dict:
    return export_of()


def exported(export: dict, **more: object) -> dict:
    """op ``export`` over the career of ``export``, with ``more`` (the page's fields)."""
    return call(
        "export",
        exported="2026-12-05T10:00:00Z",
        entries=export["career"]["entries"],
        daily={"attempts": {}},
        history=export["history"],
        prefs={},
        **more,
    )


def test_an_export_carries_the_signing_key_and_an_import_says_it_has_one(export) -> None:
    reply = exported(export, signing={"secret": SECRET})
    assert reply["ok"], reply
    data = reply["export"]
    assert data["signing"] == {"secret": SECRET}
    checked = call("check_import", data=data)
    assert checked["ok"] and checked["summary"]["signing"] is True
    # a device that signed nothing yet: no key in the file, and the import says so
    bare = exported(export)["export"]
    assert "signing" not in bare
    assert call("check_import", data=bare)["summary"]["signing"] is False


@pytest.mark.parametrize(
    "signing",
    [
        {"secret": "5f" * 31},  # too short
        {"secret": "5F" * 32},  # not lowercase hex
        {"secret": "zz" * 32},
        {"secret": "00" * 32},  # no key
        {"secret": SECRET, "public": SECRET},  # a field more
        {"key": SECRET},
        SECRET,
        [SECRET],
        {"secret": 5},
    ],
)
def test_a_damaged_signing_key_is_refused_naming_it(export, signing) -> None:
    reply = exported(export, signing=signing)
    assert reply["ok"] is False and reply["code"] == "export_shape", reply
    assert reply["values"]["field"] == "signing"
    data = copy.deepcopy(exported(export, signing={"secret": SECRET})["export"])
    data["signing"] = signing
    refused = call("check_import", data=data)
    assert refused["ok"] is False and refused["code"] == "export_shape", refused
    assert refused["values"]["field"] == "signing"
