"""Where each tile of the line of play lies, in table units (a tile is 2 x 1), for the browser.

The lead sits at the origin; W and E grow left and right, N and S up and down from the spinner
(y grows downward, as on a screen). An arm that runs past its straight length turns left once,
so the four arms make a pinwheel: E turns up, N turns left, W turns down, S turns right. An arm
holding the spinner runs on past it before turning, leaving room for the spinner's own arms.
Doubles lie crosswise and never sit on a corner. Tiles never overlap: a tile whose way is taken
turns (left first) or, after its turn, goes straight on instead; a double whose crosswise spot is
taken (a long double-nine arm that has come round to the middle) lies lengthwise as any tile.
The page scales these units to pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .moves import ARMS, LEAD_LO_WEST, E, N, S, W, is_lead, kind_of, tile_of
from .tiles import HI, IS_DOUBLE, LO, PIPS

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes.table import LaidTile, Layout, OpenEnd, Place

EMPTY_BOUNDS = [-3.0, -2.0, 3.0, 2.0]  # the empty table: room for the lead and a little around

# How far an arm runs straight (from the origin for W/E, from the spinner for N/S) before turning.
STRAIGHT = {W: 7.0, E: 7.0, N: 4.0, S: 4.0}
SPINNER_CLEAR = 4.0  # an arm runs at least this far past its spinner before it turns
LOOK_AHEAD = 4  # tiles: how far ahead an arm looks for room before it picks its way
EPS = 1e-6

DIRS = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}
NAME_OF = {v: k for k, v in DIRS.items()}

Rect = tuple[float, float, float, float]


def _left(d: tuple[int, int]) -> tuple[int, int]:
    """The direction 90 degrees to the left of travel (screen coordinates, y down)."""
    return (d[1], -d[0])


def tile_rect(x: float, y: float, along: tuple[int, int]) -> Rect:
    """(x0, y0, x1, y1) of a tile centred at (x, y) whose long side runs ``along``."""
    hw, hh = (1.0, 0.5) if along[1] == 0 else (0.5, 1.0)
    return (x - hw, y - hh, x + hw, y + hh)


def _overlaps(a: Rect, b: Rect) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > EPS and min(a[3], b[3]) - max(a[1], b[1]) > EPS


@dataclass
class _Arm:
    x: float  # the open edge on the arm's centre line
    y: float
    d: tuple[int, int]
    start: tuple[float, float]
    limit: float
    placed: list[Rect]  # every tile on the table, shared by the arms
    turned: bool = False

    def run(self) -> float:
        return abs(self.x - self.start[0]) + abs(self.y - self.start[1])

    def _choices(self, double: bool) -> list[tuple[float, float, tuple[int, int], bool]]:
        """Where the next tile could go: (x, y, travel after, turns), straight first."""
        dx, dy = self.d
        if double:  # crosswise, half a tile on; never on a corner
            return [(self.x + dx * 0.5, self.y + dy * 0.5, self.d, False)]
        out = [(self.x + dx, self.y + dy, self.d, False)]
        left = _left(self.d)
        for sx, sy in (left, (-left[0], -left[1])):
            out.append((self.x + dx * 0.5 + sx * 0.5, self.y + dy * 0.5 + sy * 0.5, (sx, sy), True))
        return out

    def _room(self, choice: tuple[float, float, tuple[int, int], bool]) -> int:
        """How many tiles in a row fit from ``choice`` on, up to LOOK_AHEAD."""
        cx, cy, nd, _ = choice
        for k in range(LOOK_AHEAD):
            rect = tile_rect(cx + 2 * k * nd[0], cy + 2 * k * nd[1], nd)
            if any(_overlaps(rect, r) for r in self.placed):
                return k
        return LOOK_AHEAD

    def next_center(self, double: bool) -> tuple[float, float, tuple[int, int], bool]:
        """(x, y, direction of travel after it, turns) for the next tile on this arm.

        Straight on while there is room ahead; past the arm's straight length it turns once,
        left (the pinwheel) unless the right has clearly more room; where straight on is nearly
        blocked it takes whichever way has the most room. A double always goes straight on."""
        choices = self._choices(double)
        if double:
            return choices[0]
        straight, left, right = choices
        rooms = {id(c): self._room(c) for c in choices}
        turn = max((left, right), key=lambda c: rooms[id(c)])  # left on a tie
        if not self.turned and self.run() + 2 > self.limit and rooms[id(turn)] >= 2:
            return turn
        if rooms[id(straight)] >= 2 or rooms[id(straight)] >= rooms[id(turn)]:
            return straight if rooms[id(straight)] else turn if rooms[id(turn)] else straight
        return turn

    def _crosswise_blocked(self) -> bool:
        """A double's crosswise spot is taken (a long arm has come round to the table's middle)."""
        dx, dy = self.d
        spot = tile_rect(self.x + dx * 0.5, self.y + dy * 0.5, _left(self.d))
        return any(_overlaps(spot, r) for r in self.placed)

    def peek(self, double: bool) -> Place:
        """Where the next tile (a double or not) would lie: ``{x, y, dir}``, as ``place``."""
        double = double and not self._crosswise_blocked()  # else it lies as any tile, lengthwise
        cx, cy, nd, _ = self.next_center(double)
        if double:
            return {"x": cx, "y": cy, "dir": NAME_OF[_left(self.d)]}
        return {"x": cx, "y": cy, "dir": NAME_OF[nd]}

    def place(self, double: bool) -> Place:
        double = double and not self._crosswise_blocked()  # as peek: no tile ever overlaps
        cx, cy, nd, turns = self.next_center(double)
        dx, dy = self.d
        if double:
            self.x, self.y = self.x + dx, self.y + dy
            self.placed.append(tile_rect(cx, cy, _left(self.d)))
            return {"x": cx, "y": cy, "dir": NAME_OF[_left(self.d)]}
        if turns:
            self.turned = True
            self.d = nd
            self.x, self.y = cx + nd[0] * 1.0, cy + nd[1] * 1.0
        else:
            self.x, self.y = self.x + dx * 2, self.y + dy * 2
        self.placed.append(tile_rect(cx, cy, self.d))
        return {"x": cx, "y": cy, "dir": NAME_OF[self.d]}


def layout_geometry(
    plays: list[tuple[int, int, int]], ends: list[int], contributions: list[int]
) -> Layout:
    """Tiles and open ends with positions, from the plays in order as (seat, move, touch).

    Each tile is ``{"a", "b", "x", "y", "dir", "double", "arm", "seat"}``: half ``a`` is drawn on
    the ``dir``-ward side's opposite end, i.e. the tile reads a -> b along ``dir``. Each open end
    is ``{"arm", "value", "points", "x", "y", "dir", "plain", "double"}`` where ``x, y`` is where
    the next tile would lie, and ``plain`` / ``double`` are exactly where a plain tile or a double
    played there would lie (``{x, y, dir}``, a double crosswise and half a tile nearer). ``bounds``
    is ``[minx, miny, maxx, maxy]`` over tiles and open ends.
    """
    tiles: list[LaidTile] = []
    arms: dict[int, _Arm] = {}
    placed: list[Rect] = []
    spinner_seen = False
    for seat, move, touch in plays:
        t, kind = tile_of(move), kind_of(move)
        dbl = IS_DOUBLE[t]
        if is_lead(move):
            a, b = (LO[t], HI[t]) if kind == LEAD_LO_WEST else (HI[t], LO[t])
            half = 0.5 if dbl else 1.0
            tiles.append(
                {
                    "a": a,
                    "b": b,
                    **lead_placement(dbl),
                    "double": dbl,
                    "arm": "lead",
                    "seat": seat,
                }
            )
            placed.append(tile_rect(0.0, 0.0, (0, 1) if dbl else (1, 0)))
            arms[W] = _Arm(-half, 0.0, (-1, 0), (0.0, 0.0), STRAIGHT[W], placed)
            arms[E] = _Arm(half, 0.0, (1, 0), (0.0, 0.0), STRAIGHT[E], placed)
            if dbl:
                spinner_seen = True
                arms[N] = _Arm(0.0, -1.0, (0, -1), (0.0, -1.0), STRAIGHT[N], placed)
                arms[S] = _Arm(0.0, 1.0, (0, 1), (0.0, 1.0), STRAIGHT[S], placed)
            continue
        arm = arms[kind]
        geo = arm.place(dbl)
        tiles.append(
            {
                "a": touch,
                "b": PIPS[t] - touch,
                **geo,
                "double": dbl,
                "arm": ARMS[kind],
                "seat": seat,
            }
        )
        if dbl and not spinner_seen and kind in (W, E):
            # The first double is the spinner (when the rules have one, N/S only ever open
            # around it; without a spinner these arm positions are simply never used).
            spinner_seen = True
            cx, cy = geo["x"], geo["y"]
            up = (0, -1) if arm.d[1] == 0 else (-1, 0)
            down = (-up[0], -up[1])
            n0, s0 = (cx + up[0], cy + up[1]), (cx + down[0], cy + down[1])
            arms[N] = _Arm(*n0, up, n0, STRAIGHT[N], placed)
            arms[S] = _Arm(*s0, down, s0, STRAIGHT[S], placed)
            arm.limit = max(arm.limit, arm.run() + SPINNER_CLEAR)
    open_ends: list[OpenEnd] = []
    for a in range(4):
        if ends[a] >= 0 and a in arms:
            x, y, d, _ = arms[a].next_center(False)
            open_ends.append(
                {
                    "arm": ARMS[a],
                    "value": ends[a],
                    "points": contributions[a],
                    "x": x,
                    "y": y,
                    "dir": NAME_OF[d],
                    "plain": arms[a].peek(False),
                    "double": arms[a].peek(True),
                }
            )
    xs = [t["x"] for t in tiles] + [e["x"] for e in open_ends]
    ys = [t["y"] for t in tiles] + [e["y"] for e in open_ends]
    bounds = [min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1] if xs else list(EMPTY_BOUNDS)
    return {"tiles": tiles, "ends": open_ends, "bounds": bounds}


def lead_placement(double: bool) -> Place:
    """Where the lead lies: the centre, along W-E (a double crosswise, so it reads N-S)."""
    return {"x": 0.0, "y": 0.0, "dir": "S" if double else "E"}
