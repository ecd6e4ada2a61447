"""Who sits where and with what rules: the New game dialog's choices (and a link's) as one value.

A ``Settings`` holds the game mode, the rules preset and options over it, and one ``Seat`` per
player with its controller: ``you`` (the person holding the device), ``person`` (someone else
on the same device, pass-and-play, with a name), ``friend`` (a person whose seat is played on
another device, with an optional name: ``net``), or a computer level. ``to_rules()`` turns it
into the engine's ``Rules``; the mode decides teams and single rounds, the seats the number of
players. ``hide_sum`` is presentation only: it is the one setting that may change mid-match.

Every check here gives a ``BadSettings`` whose message a player can act on; the page never
decides what is allowed (``choices()`` tells it what to offer, ``rulesform`` its rule options).
A link's parameters become a ``Settings`` in ``links``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .errors import BadRules, Refusal
from .jsontext import is_whole, shown
from .rules import DEFAULT_PRESET, OPTIONS, PRESETS, TARGET_CHOICES, Rules

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json, OptionValue
    from .shapes.game import Label, SeatSetting, SettingChoices, SettingsJson

MODES = ("match", "sprint", "partners")  # Parlor Match, Quick Sprint, Partner All Threes
COMPUTERS = ("beginner", "casual", "pub", "expert")
PEOPLE = ("you", "person")  # the people at this device
FRIEND = "friend"  # a person whose seat is played on another device (``net``)
CONTROLLERS = (*PEOPLE, FRIEND, *COMPUTERS)
PLAYER_COUNTS = (2, 3, 4)
MAX_FRIENDS = max(PLAYER_COUNTS) - 1  # seats played on other devices: all but the host's own
NAMED = ("person", FRIEND)  # the seats that carry a name (a computer's is its level)
NAME_MAX = 16  # characters in a person's name
TARGET_MAX = 1000  # a target past this is a typo, not a game
# Rule options a link or the dialog may set over the preset (in ``rules.OPTIONS``'s order);
# players, teams and single_round follow from the seats and the mode instead.
FROM_TABLE = ("players", "teams", "single_round")
OPTION_NAMES = tuple(name for name in OPTIONS if name not in FROM_TABLE)
# A seed a person may give (a link's ``seed``, a request's): up to this many decimal digits
MAX_SEED_DIGITS = 15


class BadSettings(Refusal):
    """Settings (from the dialog, a link or a save) that do not describe a game; ``option``,
    ``code`` and ``values`` as ``errors.Refusal`` has them (a refused rules choice keeps the
    rules' own)."""

    code = "bad_settings"


@dataclass(frozen=True, slots=True)
class Seat:
    controller: str
    name: str = ""  # a person's own name; others are named by the presenter

    @property
    def person(self) -> bool:
        """A human plays this seat (the device's owner, someone it is passed to, or a friend on
        another device): no computer moves for it."""
        return self.controller in PEOPLE or self.controller == FRIEND

    @property
    def here(self) -> bool:
        """A human at this device plays this seat (the rack and the cover are for them)."""
        return self.controller in PEOPLE

    @property
    def friend(self) -> bool:
        """A person on another device plays this seat."""
        return self.controller == FRIEND

    def to_json(self) -> SeatSetting:
        return (
            {"controller": self.controller, "name": self.name}
            if self.name
            else {"controller": self.controller}
        )


DEFAULT_SEATS = (Seat("you"), Seat("expert"))


@dataclass(frozen=True, slots=True)
class Settings:
    mode: str = "match"
    rules: str = DEFAULT_PRESET
    options: tuple[tuple[str, OptionValue], ...] = ()  # sorted (name, value) pairs over the preset
    seats: tuple[Seat, ...] = DEFAULT_SEATS
    hide_sum: bool = False
    _rules: Rules = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise BadSettings(
                f"mode must be one of {', '.join(MODES)}, not {shown(self.mode)}",
                None,
                "unknown_mode",
                text=str(self.mode)[:20],
            )
        if not isinstance(self.rules, str) or self.rules not in PRESETS:
            raise BadSettings(
                f"rules must be one of {', '.join(PRESETS)}, not {shown(self.rules)}",
                None,
                "unknown_preset",
                text=str(self.rules)[:20],
            )
        n = len(self.seats)
        if n not in PLAYER_COUNTS:
            raise BadSettings(f"a table has 2, 3 or 4 players, not {n}", None, "players")
        if self.mode == "partners" and n != 4:
            raise BadSettings(
                f"Partner All Threes is played by 4 (two teams of two), not {n}",
                None,
                "teams_of_four",
            )
        yours = sum(1 for s in self.seats if s.controller == "you")
        if yours != 1:
            raise BadSettings(
                f"exactly one seat is yours (controller you), not {yours}", None, "one_you"
            )
        if not isinstance(self.hide_sum, bool):
            raise BadSettings("hide_sum must be true or false")
        for name, _value in self.options:
            if name not in OPTION_NAMES:
                raise BadSettings(
                    f"unknown option {shown(name)} (known: {', '.join(OPTION_NAMES)})",
                    None,
                    "unknown_option",
                    name=str(name)[:20],
                )
        target = dict(self.options).get("target")
        if is_whole(target) and target > TARGET_MAX:
            raise BadSettings(
                f"target must be at most {TARGET_MAX}, not {target}",
                "target",
                "target_max",
                most=TARGET_MAX,
            )
        try:
            rules = Rules.make(
                self.rules,
                players=n,
                teams=self.mode == "partners",
                single_round=self.mode == "sprint",
                **dict(self.options),
            )
        except BadRules as exc:
            raise BadSettings(str(exc), exc.option, exc.code, **exc.values) from None
        object.__setattr__(self, "_rules", rules)

    # ------------------------------------------------------------------ reading
    def to_rules(self) -> Rules:
        return self._rules

    @property
    def players(self) -> int:
        return len(self.seats)

    def seen_players(self) -> tuple[str, ...]:
        """Who plays each seat, as everyone at the table sees it (``View.players``): a person
        (whoever holds the device) or the computer's level."""
        return tuple("person" if s.person else s.controller for s in self.seats)

    def people(self) -> list[int]:
        """The seats a human at this device plays, in seat order (a friend's is elsewhere)."""
        return [i for i, s in enumerate(self.seats) if s.here]

    def friends(self) -> list[int]:
        """The seats played on other devices, in seat order."""
        return [i for i, s in enumerate(self.seats) if s.friend]

    def you(self) -> int:
        return next(i for i, s in enumerate(self.seats) if s.controller == "you")

    def labels(
        self,
        viewer: int | None = None,
        given: dict[int, str] | None = None,
        *,
        watching: bool = False,
    ) -> list[Label]:
        """What names each seat, as codes a page words in its language: ``{"kind": "you"}``,
        ``{"kind": "person", "name": "Ana" or None, "n": seat number from 1}``, ``{"kind":
        "friend", "name": .., "n": ..}`` for a friend on another device, or ``{"kind": "level",
        "level": "expert", "n": 2}`` for the second Expert at the table. When several people
        share the device (pass-and-play), the device owner's seat is a person too ("Player 1"):
        "You" would name whoever holds the device ("Pass to You", "You plays"); a friend
        elsewhere shares nothing, so it changes neither.

        ``viewer``: the seat the labels are made for when it is a friend's (its own device's
        table): that seat is ``{"kind": "you"}`` and the host's own seat ``{"kind": "host",
        "name": .. or None, "n": ..}``. ``given``: names for seats that have none of their own
        (the host's, a friend's as it said in its hello). ``watching``: the labels a watcher's
        page shows (``net.watch``): no seat is "you", the host's is ``host`` as a friend sees it."""
        given = given or {}
        guest = watching or (viewer is not None and self.seats[viewer].friend)
        out: list[Label] = []
        seen: dict[str, int] = {}
        shared = len(self.people()) > 1
        for i, seat in enumerate(self.seats):
            name = seat.name or given.get(i) or None
            if guest and i == viewer:
                out.append({"kind": "you"})
            elif guest and seat.controller == "you":
                out.append({"kind": "host", "name": name, "n": i + 1})
            elif seat.controller == "you" and not shared:
                out.append({"kind": "you"})
            elif seat.friend:
                out.append({"kind": "friend", "name": name, "n": i + 1})
            elif seat.person:
                out.append({"kind": "person", "name": name, "n": i + 1})
            else:
                seen[seat.controller] = seen.get(seat.controller, 0) + 1
                out.append({"kind": "level", "level": seat.controller, "n": seen[seat.controller]})
        return out

    def names(
        self,
        viewer: int | None = None,
        given: dict[int, str] | None = None,
        *,
        watching: bool = False,
    ) -> list[str]:
        """A name per seat in English (the command line, records, sentences Python still writes):
        "You", a person's or a friend's own name ("Player 3" without one), "Host" (the host's
        seat seen from a friend's device, unless named), or the computer's level ("Expert",
        and "Expert 2" for a second one)."""
        out = []
        for label in self.labels(viewer, given, watching=watching):
            if label["kind"] == "you":
                out.append("You")
            elif label["kind"] == "host":
                out.append(label["name"] or "Host")
            elif label["kind"] in ("person", "friend"):
                out.append(label["name"] or f"Player {label['n']}")
            else:
                level = label["level"].capitalize()
                out.append(level if label["n"] == 1 else f"{level} {label['n']}")
        return out

    def with_presentation(self, changes: Json) -> Settings:
        """The same game with presentation settings changed (all that may change mid-match)."""
        if not isinstance(changes, dict):
            raise BadSettings("settings are an object of names to values")
        for key in changes:
            if key != "hide_sum":
                raise BadSettings(
                    f"{key} cannot change during a match: it changes the game (start a new one)"
                )
        return replace(self, hide_sum=changes.get("hide_sum", self.hide_sum))

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> SettingsJson:
        return {
            "mode": self.mode,
            "rules": self.rules,
            "options": dict(self.options),
            "seats": [s.to_json() for s in self.seats],
            "hide_sum": self.hide_sum,
        }

    @classmethod
    def from_json(cls, data: Json) -> Settings:
        """Settings as ``to_json`` writes them, or as an older page wrote them (``opponent``,
        ``players``, ``target``): that player's preferences are kept, not thrown away."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadSettings("settings are an object of names to values")
        if "seats" not in data and data.keys() & {"opponent", "players", "target"}:
            return cls._from_old(data)
        known = {"mode", "rules", "options", "seats", "hide_sum"}
        for key in data:
            if key not in known:
                raise BadSettings(f"unknown setting {shown(key)}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadSettings("options are an object of option names to values")
        seats = data.get("seats", [s.to_json() for s in DEFAULT_SEATS])
        if not isinstance(seats, list):
            raise BadSettings("seats are a list, one per player")
        return cls(
            mode=data.get("mode", "match"),
            rules=data.get("rules", DEFAULT_PRESET),
            options=tuple(sorted(options.items())),
            seats=tuple(_seat_of(s) for s in seats[:5]),
            hide_sum=data.get("hide_sum", False),
        )

    @classmethod
    def _from_old(cls, data: dict[str, Json]) -> Settings:
        opponent = data.get("opponent", "expert")
        players = data.get("players", 2)
        if opponent not in COMPUTERS:
            raise BadSettings(f"opponent must be one of {', '.join(COMPUTERS)}")
        if players not in PLAYER_COUNTS:
            raise BadSettings("players must be 2, 3 or 4")
        options = {"target": data["target"]} if "target" in data else {}
        return cls(
            rules=data.get("rules", DEFAULT_PRESET),
            options=tuple(options.items()),
            seats=(Seat("you"),) + (Seat(opponent),) * (players - 1),
            hide_sum=data.get("hide_sum", False),
        )


def _seat_of(data: Json) -> Seat:
    if isinstance(data, str):
        data = {"controller": data}
    if not isinstance(data, dict):
        raise BadSettings("each seat is an object with a controller")
    controller = data.get("controller")
    if controller not in CONTROLLERS:
        raise BadSettings(f"a seat's controller is one of {', '.join(CONTROLLERS)}")
    name = data.get("name", "")
    if controller not in NAMED:
        if name:
            raise BadSettings(f"only a person or a friend seat has a name, not {controller}")
        return Seat(controller)
    return Seat(controller, clean_name(name))


def clean_name(name: Json) -> str:
    """A person's name as it will be shown: text, trimmed, at most NAME_MAX characters, no
    control characters (it is always drawn as text, never as markup)."""
    if not isinstance(name, str):
        raise BadSettings("a name is text")
    text = " ".join(name.split())
    if any(unicodedata.category(c).startswith("C") for c in text):
        raise BadSettings("a name cannot hold control characters", None, "name_control")
    if len(text) > NAME_MAX:
        raise BadSettings(
            f"a name has at most {NAME_MAX} characters", None, "name_long", most=NAME_MAX
        )
    return text


def choices() -> SettingChoices:
    """What the New game dialog offers, and its defaults: the page copies none of it."""
    return {
        "modes": list(MODES),
        "players": list(PLAYER_COUNTS),
        "partners_players": 4,
        "controllers": list(CONTROLLERS),
        "friend": FRIEND,
        "max_friends": MAX_FRIENDS,
        "named": list(NAMED),
        "computers": list(COMPUTERS),
        "targets": list(TARGET_CHOICES),
        "presets": list(PRESETS),
        "name_max": NAME_MAX,
        "defaults": Settings().to_json(),
        "default_target": Rules.make(DEFAULT_PRESET).target,
    }
