"""Rule parameters: the presets table of docs/rules.md and any option set on its own over a preset.

``Rules`` is immutable and separate from any game state (OpenSpiel's game parameters), so one
instance is shared by every round, copy and search node.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from .errors import BadRules
from .jsontext import is_whole, shown
from .tiles import set_size

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json, OptionValue

# What every All Threes preset shares of the options the Fives and Threes family added: the
# multiple scores, tiles are drawn, the round's winner counts pips, the first player out ends the
# round, the target is a line to pass, and points are written as points.


class Plain(TypedDict):
    """The options the Fives and Threes family added (``PLAIN``: every All Threes preset's)."""

    scoring: str
    draw: bool
    pip_bonus: bool
    out_bonus: int
    partners_out: str
    exact_target: bool
    cribbage: bool


class Preset(Plain):
    """A row of the presets table: every option's value but the table's own (players, teams,
    the set), and the hand size by the number of players."""

    hand_sizes: dict[int, int]
    lead: str
    next_lead: str
    spinner: str
    spinner_sides_count: bool
    stock_reserve: int
    block_bonus: str
    bonus_divisor: int
    multiple: int
    target: int


PLAIN = Plain(
    scoring="multiple",
    draw=True,
    pip_bonus=True,
    out_bonus=0,
    partners_out="one",
    exact_target=False,
    cribbage=False,
)

# The one table of presets (docs/rules.md "Presets"). hand_size maps player count -> tiles each.
PRESETS: dict[str, Preset] = {
    "parlor": Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        lead="highest_double",
        next_lead="same",
        spinner="first_double",
        spinner_sides_count=False,
        stock_reserve=2,
        block_bonus="difference",
        bonus_divisor=1,
        multiple=3,
        target=150,
        **PLAIN,
    ),
    "classic": Preset(
        hand_sizes={2: 5, 3: 5, 4: 5},
        lead="lots",
        next_lead="same",
        spinner="first_double",
        spinner_sides_count=True,
        stock_reserve=0,
        block_bonus="difference",
        bonus_divisor=3,
        multiple=3,
        target=100,
        **PLAIN,
    ),
    "pub": Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        lead="highest_double_any",
        next_lead="winner",
        spinner="first_double",
        spinner_sides_count=False,
        stock_reserve=0,
        block_bonus="total",
        bonus_divisor=1,
        multiple=3,
        target=120,
        **PLAIN,
    ),
    "polish": Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        lead="lots",
        next_lead="left",
        spinner="first_double",
        spinner_sides_count=False,
        stock_reserve=0,
        block_bonus="total",
        bonus_divisor=1,
        multiple=3,
        target=180,
        **PLAIN,
    ),
    "all_fives": Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        lead="highest_double_any",
        next_lead="winner",
        spinner="first_double",
        spinner_sides_count=False,
        stock_reserve=0,
        block_bonus="total",
        bonus_divisor=1,
        multiple=5,
        target=61,
        **PLAIN,
    ),
    # Fives and Threes as Britain's pubs play it (gambiter.com after Arthur Taylor's Guinness Book
    # of Traditional Pub Games; docs/rules.md): block play, multiples of 5 and of 3 both score,
    # a point for going out (partners: both of a team), exactly 61 on a cribbage board.
    "fives_and_threes": Preset(
        hand_sizes={2: 7, 3: 5, 4: 5},
        lead="lots",
        next_lead="left",
        spinner="none",
        spinner_sides_count=False,
        stock_reserve=0,
        block_bonus="total",
        bonus_divisor=1,
        multiple=3,
        target=61,
        scoring="fives_and_threes",
        draw=False,
        pip_bonus=False,
        out_bonus=1,
        partners_out="both",
        exact_target=True,
        cribbage=True,
    ),
}
# The league variant (the Teesdale League's rules, bcad5sand3s.co.uk): 9 tiles each at 2
# players, 6 at 3 or 4, and no point for going out; otherwise Fives and Threes.
PRESETS["fives_and_threes_league"] = Preset(
    **{**PRESETS["fives_and_threes"], "hand_sizes": {2: 9, 3: 6, 4: 6}, "out_bonus": 0}
)
DEFAULT_PRESET = "parlor"

# Why a round ended (docs/rules.md "End of a round"); TARGET: with ``exact_target``, a side reached
# the target exactly, which ends the round and the match at once.
DOMINO = "domino"
BLOCKED = "blocked"
TARGET = "target"
CRIBBAGE_TARGET = 61
DOUBLE_NINE_HAND = 9
TARGET_CHOICES = (61, 100, 120, 150, 180, 200)

SETS = {"double_six": 6, "double_nine": 9}
CHOICES: dict[str, tuple[str, ...]] = {
    "set": tuple(SETS),
    "spinner": ("first_double", "none"),
    "lead": ("highest_double", "highest_double_any", "lots"),
    "next_lead": ("same", "winner", "left"),
    "block_bonus": ("difference", "total"),
    "scoring": ("multiple", "fives_and_threes"),
    "partners_out": ("one", "both"),
}
BOOLS = (
    "teams",
    "spinner_sides_count",
    "cribbage",
    "muggins",
    "single_round",
    "draw",
    "pip_bonus",
    "exact_target",
)
INTS = {  # option -> smallest allowed value
    "players": 2,
    "hand_size": 1,
    "multiple": 2,
    "target": 1,
    "stock_reserve": 0,
    "bonus_divisor": 1,
    "out_bonus": 0,
}
OPTIONS = (
    "players",
    "teams",
    "hand_size",
    "set",
    "scoring",
    "multiple",
    "target",
    "exact_target",
    "spinner",
    "spinner_sides_count",
    "draw",
    "stock_reserve",
    "lead",
    "next_lead",
    "pip_bonus",
    "block_bonus",
    "bonus_divisor",
    "out_bonus",
    "partners_out",
    "cribbage",
    "muggins",
    "single_round",
)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule parameter of a game, resolved (no "default" left in it)."""

    preset: str = DEFAULT_PRESET
    players: int = 2
    teams: bool = False
    hand_size: int = 7
    set: str = "double_six"
    multiple: int = 3
    target: int = 150
    spinner: str = "first_double"
    spinner_sides_count: bool = False
    stock_reserve: int = 2
    lead: str = "highest_double"
    next_lead: str = "same"
    block_bonus: str = "difference"
    bonus_divisor: int = 1
    cribbage: bool = False
    muggins: bool = False
    single_round: bool = False
    # How an end sum scores: "multiple" (a positive multiple of ``multiple`` scores itself) or
    # "fives_and_threes" (sum/5 for a multiple of 5, plus sum/3 for a multiple of 3).
    scoring: str = "multiple"
    draw: bool = True  # False: block play, the tiles not dealt are out of play
    pip_bonus: bool = True  # the round's winner scores pips (False: no pip count at the end)
    out_bonus: int = 0  # points to the side that goes out, with any pip bonus
    partners_out: str = "one"  # in partners, "both": a team goes out when both partners have
    exact_target: bool = False  # points past the target do not count; reaching it wins at once
    # The options given explicitly over the preset, kept so a record can be written back as given.
    overrides: tuple[tuple[str, OptionValue], ...] = field(default=(), compare=False)
    # Derived facts, one place each, computed once (the engine reads them for every new round).
    max_pip: int = field(init=False, compare=False, repr=False)
    tile_count: int = field(init=False, compare=False, repr=False)
    sides: int = field(init=False, compare=False, repr=False)  # teams, or else seats, that score
    seat_sides: tuple[int, ...] = field(init=False, compare=False, repr=False)  # side per seat
    side_seats: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)
    next_opponent: tuple[int, ...] = field(init=False, compare=False, repr=False)  # per seat
    uses_spinner: bool = field(init=False, compare=False, repr=False)
    team_out: bool = field(init=False, compare=False, repr=False)  # partners go out together
    # made[s]: the points an end sum s makes (``points``), awarded[s]: as written on the score
    # sheet (``award``); tables so the search's hot loop pays one index per play.
    made: tuple[int, ...] = field(init=False, compare=False, repr=False)
    awarded: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        put = object.__setattr__  # the dataclass is frozen; these follow from its fields
        put(self, "max_pip", SETS[self.set])
        put(self, "tile_count", set_size(self.max_pip))
        put(self, "sides", 2 if self.teams else self.players)
        sides = tuple(s % 2 if self.teams else s for s in range(self.players))
        put(self, "seat_sides", sides)
        put(
            self,
            "side_seats",
            tuple(
                tuple(s for s, of in enumerate(sides) if of == side) for side in range(self.sides)
            ),
        )
        put(self, "next_opponent", tuple(self._next_opponent(s) for s in range(self.players)))
        put(self, "uses_spinner", self.spinner == "first_double")
        put(self, "team_out", self.teams and self.partners_out == "both")
        # Every arm counts at most both halves of a double: 4 arms x 2 x max_pip bounds a sum.
        sums = range(8 * self.max_pip + 1)
        put(self, "made", tuple(self.points(s) for s in sums))
        put(self, "awarded", tuple(self.award(self.points(s)) for s in sums))

    @classmethod
    def make(cls, preset: str = DEFAULT_PRESET, **options: Json) -> Rules:
        """Rules of ``preset`` with ``options`` set over it; raises BadRules on anything unknown."""
        if not isinstance(preset, str) or preset not in PRESETS:
            raise BadRules(
                f"unknown rules preset {shown(preset)} (known: {', '.join(PRESETS)})", "preset"
            )
        for name, value in options.items():
            _check_option(name, value)
        base = PRESETS[preset]
        players = options.get("players", 2)
        teams = options.get("teams", False)
        if teams and players != 4:
            raise BadRules(f"teams need 4 players, not {players}", "players", "teams_of_four")
        set_name = options.get("set", "double_six")
        default_hand = (
            DOUBLE_NINE_HAND if set_name == "double_nine" else base["hand_sizes"][players]
        )
        cribbage = options.get("cribbage", base["cribbage"])
        default_target = CRIBBAGE_TARGET if cribbage else base["target"]
        draw = options.get("draw", base["draw"])
        reserve = options.get("stock_reserve", base["stock_reserve"] if draw else 0)
        if not draw and reserve:
            raise BadRules(
                f"block play (draw: false) draws no tile, so no reserve of {reserve} is kept: "
                "set stock_reserve to 0 or allow drawing",
                "stock_reserve",
                "reserve_without_draw",
                tiles=reserve,
            )
        rules = cls(
            preset=preset,
            players=players,
            teams=teams,
            hand_size=options.get("hand_size", default_hand),
            set=set_name,
            multiple=options.get("multiple", base["multiple"]),
            target=options.get("target", default_target),
            spinner=options.get("spinner", base["spinner"]),
            spinner_sides_count=options.get("spinner_sides_count", base["spinner_sides_count"]),
            stock_reserve=reserve,
            lead=options.get("lead", base["lead"]),
            next_lead=options.get("next_lead", base["next_lead"]),
            block_bonus=options.get("block_bonus", base["block_bonus"]),
            bonus_divisor=options.get("bonus_divisor", base["bonus_divisor"]),
            cribbage=cribbage,
            muggins=options.get("muggins", False),
            single_round=options.get("single_round", False),
            scoring=options.get("scoring", base["scoring"]),
            draw=draw,
            pip_bonus=options.get("pip_bonus", base["pip_bonus"]),
            out_bonus=options.get("out_bonus", base["out_bonus"]),
            partners_out=options.get("partners_out", base["partners_out"]),
            exact_target=options.get("exact_target", base["exact_target"]),
            overrides=tuple(sorted(options.items())),
        )
        dealt = rules.players * rules.hand_size
        if dealt > rules.tile_count:
            raise BadRules(
                f"{rules.players} hands of {rules.hand_size} need {dealt} tiles; "
                f"the double-{rules.max_pip} set has {rules.tile_count}",
                "hand_size",
                "too_many_tiles",
                players=rules.players,
                hand=rules.hand_size,
                need=dealt,
                top=rules.max_pip,
                tiles=rules.tile_count,
            )
        return rules

    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``: one seat, or two partners (0+2, 1+3)."""
        return self.side_seats[side]

    def _next_opponent(self, seat: int) -> int:
        side = self.seat_sides[seat]
        for k in range(1, self.players):
            other = (seat + k) % self.players
            if self.seat_sides[other] != side:
                return other
        raise AssertionError("unreachable: every game has an opponent")

    def points(self, end_sum: int) -> int:
        """The points an end sum makes, before any cribbage division; 0 when it does not score.
        ``multiple`` scoring (docs/rules.md): a positive multiple of ``multiple`` scores itself.
        ``fives_and_threes``: a multiple of 5 scores sum/5 and a multiple of 3 sum/3, both
        added for a multiple of 15 (15 -> 3 + 5 = 8)."""
        if end_sum <= 0:
            return 0
        if self.scoring == "fives_and_threes":
            return (0 if end_sum % 5 else end_sum // 5) + (0 if end_sum % 3 else end_sum // 3)
        return 0 if end_sum % self.multiple else end_sum

    def scores(self, end_sum: int) -> bool:
        return self.points(end_sum) > 0

    def round_to_multiple(self, x: int) -> int:
        """Nearest multiple of ``multiple``, halves up (docs/rules.md: 13 -> 12, 14 -> 15)."""
        k = self.multiple
        return (x + k // 2) // k * k

    @property
    def peg(self) -> int:
        """Points a cribbage peg stands for: the multiple (every multiple scores a peg each time
        it is made), or 1 with fives and threes, whose points are already counted one a peg."""
        return self.multiple if self.scoring == "multiple" else 1

    def award(self, points: int) -> int:
        """In-play points as written on the score sheet (cribbage counts pegs)."""
        return points // self.peg if self.cribbage else points

    def bonus_pips(self, reason: str, own: int, others: int) -> int:
        """The pip count a round-end bonus is computed from, for the side that went out or had
        the fewest pips (``own``) against everyone else's (``others``): the others' pips after a
        domino; after a block their pips less the winner's (``difference``) or all of them
        (``total``)."""
        if reason == BLOCKED and self.block_bonus == "difference":
            return others - own
        return others

    def bonus(self, pips: int) -> int:
        """A round-end bonus from a pip count: rounded, then divided once (cribbage or divisor)."""
        rounded = self.round_to_multiple(pips)
        if self.cribbage:
            return rounded // self.multiple
        d = self.bonus_divisor
        return (2 * rounded + d) // (2 * d)  # nearest integer, halves up


def _check_option(name: str, value: Json) -> None:
    if name not in OPTIONS:
        raise BadRules(f"unknown option {shown(name)} (known: {', '.join(OPTIONS)})", name)
    if name in BOOLS:
        if not isinstance(value, bool):
            raise BadRules(
                f"option {name} must be true or false, not {shown(value)}", name, "not_bool"
            )
    elif name in INTS:
        if not is_whole(value, least=INTS[name]):
            raise BadRules(
                f"option {name} must be a whole number >= {INTS[name]}, not {shown(value)}",
                name,
                "too_small",
                least=INTS[name],
            )
        if name == "players" and value > 4:
            raise BadRules(f"option players must be 2, 3 or 4, not {value}", name, "players")
    elif value not in CHOICES[name]:
        raise BadRules(
            f"option {name} must be one of {', '.join(CHOICES[name])}, not {shown(value)}",
            name,
            "not_a_choice",
        )
