"""A link's parameters as a game: the ``Settings`` and the seed that ``?players=3&seats=you,
person:Ana,expert&seed=7`` describes (``friend`` or ``friend:Ana``: a friend on another device),
or a ``BadSettings`` that says which parameter is wrong and how (the page only hands the
parameters over; ``ops``: ``link``). The parameters are those of docs/playing.md's "Links":
the mode (``mode``, or ``teams`` and ``sprint``), the ``seats``, ``players``, the ``rules``
preset, any rule option over it, and the ``seed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .jsontext import shown
from .rules import BOOLS, CHOICES, DEFAULT_PRESET
from .settings import (
    CONTROLLERS,
    FRIEND,
    MAX_SEED_DIGITS,
    MODES,
    OPTION_NAMES,
    BadSettings,
    Seat,
    Settings,
    clean_name,
)

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json, OptionValue

LINK_KEYS = ("mode", "players", "teams", "sprint", "seats", "rules", "seed") + OPTION_NAMES
NUMBER_DIGITS = 6  # a number option or ``players`` in a link: no rule wants a longer one


def _link_bool(key: str, text: str) -> bool:
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise BadSettings(
        f"{key} is 1 or 0, not {shown(text)}", None, "link_flag", key=key, text=text[:20]
    )


def _link_int(key: str, text: str, digits: int = NUMBER_DIGITS) -> int:
    if not text.isdigit() or len(text) > digits:
        raise BadSettings(
            f"{key} is a whole number, not {shown(text)}",
            None,
            "link_number",
            key=key,
            text=text[:20],
        )
    return int(text)


def parse_link(params: Json, own: Settings | None = None) -> tuple[Settings, int | None]:
    """Settings and a seed from a link's parameters, a dict of strings (``?players=3&seats=you,
    person:Ana,expert&seed=7``). What a link leaves out is the default, so a shared link starts
    the same game for everyone; only ``hide_sum`` (presentation) is the player's ``own``. A link
    with a seed alone deals that seed at the player's own table. See docs/playing.md, "Links"."""
    own = own or Settings()
    if not isinstance(params, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in params.items()
    ):
        raise BadSettings("link parameters are names and texts")
    unknown = [k for k in params if k not in LINK_KEYS]
    if unknown:
        raise BadSettings(
            f"unknown link parameter {shown(unknown[0])}",
            None,
            "link_unknown",
            name=unknown[0][:20],
        )
    get = params.get
    seed = _link_int("seed", params["seed"], MAX_SEED_DIGITS) if "seed" in params else None
    if set(params) <= {"seed"}:  # a seed alone: that deal at the player's own table
        return own, seed
    mode = get("mode", "match")
    # teams=1 / sprint=1 choose that mode; =0 only rules it out
    for key, named in (("teams", "partners"), ("sprint", "sprint")):
        if key in params:
            if _link_bool(key, params[key]):
                mode = named
            elif mode == named:
                mode = "match"
    if mode not in MODES:
        raise BadSettings(
            f"mode is one of {', '.join(MODES)}, not {shown(mode)}",
            None,
            "unknown_mode",
            text=mode[:20],
        )
    players = _link_int("players", params["players"]) if "players" in params else None
    if "seats" in params:
        seats = tuple(_link_seat(part) for part in params["seats"].split(",")[:5])
    else:  # you against Experts
        n = players or (4 if mode == "partners" else 2)
        seats = (Seat("you"),) + (Seat("expert"),) * (n - 1)
    if players is not None and players != len(seats):
        raise BadSettings(
            f"players={players} but seats names {len(seats)}",
            None,
            "link_players_seats",
            players=players,
            seats=len(seats),
        )
    options: dict[str, OptionValue] = {}
    for key in OPTION_NAMES:
        if key in params:
            options[key] = _link_option(key, params[key])
    settings = Settings(
        mode=mode,
        rules=get("rules", DEFAULT_PRESET),
        options=tuple(sorted(options.items())),
        seats=seats,
        hide_sum=own.hide_sum,
    )
    return settings, seed


def _link_seat(text: str) -> Seat:
    controller, _, name = text.partition(":")
    controller = controller.strip().lower()
    if controller not in CONTROLLERS:
        raise BadSettings(
            f"a seat is one of {', '.join(CONTROLLERS)} (person:NAME, friend:NAME), "
            f"not {shown(controller)}",
            None,
            "link_seat",
            text=controller[:20],
        )
    if controller in ("person", FRIEND):
        return Seat(controller, clean_name(name))
    if name:
        raise BadSettings(
            f"only a person seat has a name, not {controller}", None, "seat_name", text=controller
        )
    return Seat(controller)


def _link_option(key: str, text: str) -> OptionValue:
    if key in CHOICES:
        return text
    if key in BOOLS:  # a yes/no option, written 1 or 0
        return _link_bool(key, text)
    return _link_int(key, text)
