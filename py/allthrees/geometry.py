"""Where each tile of the line of play lies, in table units (a tile is 2 x 1), for the browser.

The lead sits at the origin; W and E grow left and right, N and S up and down from the spinner
(y grows downward, as on a screen). An arm that runs past its straight length turns left once,
so the four arms make a pinwheel and never cross: E turns up, N turns left, W turns down, S turns
right. Doubles lie crosswise and never sit on a corner. The page scales these units to pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from .moves import ARMS, LEAD_LO_WEST, E, N, S, W, is_lead, kind_of, tile_of
from .tiles import HI, IS_DOUBLE, LO, PIPS

# How far an arm runs straight (from the origin for W/E, from the spinner for N/S) before turning.
STRAIGHT = {W: 7.0, E: 7.0, N: 4.0, S: 4.0}

DIRS = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}
NAME_OF = {v: k for k, v in DIRS.items()}


def _left(d: tuple[int, int]) -> tuple[int, int]:
    """The direction 90 degrees to the left of travel (screen coordinates, y down)."""
    return (d[1], -d[0])


@dataclass
class _Arm:
    x: float  # the open edge on the arm's centre line
    y: float
    d: tuple[int, int]
    start: tuple[float, float]
    limit: float
    turned: bool = False

    def run(self) -> float:
        return abs(self.x - self.start[0]) + abs(self.y - self.start[1])

    def next_center(self, double: bool) -> tuple[float, float, tuple[int, int], bool]:
        """(x, y, direction of travel after it, turns) for the next tile on this arm."""
        dx, dy = self.d
        if double:
            return self.x + dx * 0.5, self.y + dy * 0.5, self.d, False
        if not self.turned and self.run() + 2 > self.limit:
            lx, ly = _left(self.d)
            return self.x + dx * 0.5 + lx * 0.5, self.y + dy * 0.5 + ly * 0.5, (lx, ly), True
        return self.x + dx, self.y + dy, self.d, False

    def place(self, double: bool) -> dict:
        cx, cy, nd, turns = self.next_center(double)
        dx, dy = self.d
        if double:
            self.x, self.y = self.x + dx, self.y + dy
            return {"x": cx, "y": cy, "dir": NAME_OF[_left(self.d)]}
        if turns:
            self.turned = True
            self.d = nd
            self.x, self.y = cx + nd[0] * 1.0, cy + nd[1] * 1.0
        else:
            self.x, self.y = self.x + dx * 2, self.y + dy * 2
        return {"x": cx, "y": cy, "dir": NAME_OF[self.d]}


def layout_geometry(
    plays: list[tuple[int, int, int]], ends: list[int], contributions: list[int]
) -> dict:
    """Tiles and open ends with positions, from the plays in order as (seat, move, touch).

    Each tile is ``{"a", "b", "x", "y", "dir", "double", "arm", "seat"}``: half ``a`` is drawn on
    the ``dir``-ward side's opposite end, i.e. the tile reads a -> b along ``dir``. Each open end
    is ``{"arm", "value", "points", "x", "y", "dir"}`` where ``x, y`` is where the next tile would
    lie. ``bounds`` is ``[minx, miny, maxx, maxy]`` over tiles and open ends.
    """
    tiles: list[dict] = []
    arms: dict[int, _Arm] = {}
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
                    "x": 0.0,
                    "y": 0.0,
                    "dir": "S" if dbl else "E",
                    "double": dbl,
                    "arm": "lead",
                    "seat": seat,
                }
            )
            arms[W] = _Arm(-half, 0.0, (-1, 0), (0.0, 0.0), STRAIGHT[W])
            arms[E] = _Arm(half, 0.0, (1, 0), (0.0, 0.0), STRAIGHT[E])
            if dbl:
                spinner_seen = True
                arms[N] = _Arm(0.0, -1.0, (0, -1), (0.0, -1.0), STRAIGHT[N])
                arms[S] = _Arm(0.0, 1.0, (0, 1), (0.0, 1.0), STRAIGHT[S])
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
            arms[N] = _Arm(cx + up[0], cy + up[1], up, (cx + up[0], cy + up[1]), STRAIGHT[N])
            arms[S] = _Arm(
                cx + down[0], cy + down[1], down, (cx + down[0], cy + down[1]), STRAIGHT[S]
            )
    open_ends = []
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
                }
            )
    xs = [t["x"] for t in tiles] + [e["x"] for e in open_ends]
    ys = [t["y"] for t in tiles] + [e["y"] for e in open_ends]
    bounds = [min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1] if xs else [-2, -2, 2, 2]
    return {"tiles": tiles, "ends": open_ends, "bounds": bounds}
