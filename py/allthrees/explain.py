"""The rules in force, generated from a ``Rules`` value: as sections of lines of codes and values
(``rules_lines``, which the page words in its language, and ``english.py`` in English). A worked
example is computed by the engine itself (a lead, a play, a round's settlement), so the words and
the numbers can never disagree with what the game does. Also each preset's parts: what sets it
apart from the parlor game (``preset_parts`` as codes, which the New game form sends).

A section is ``{"title": code, "lines": [line, ...]}``, a line ``{"code": ..., values}``; every
code has its English in ``english.py`` (``LINES`` and ``PRESET_PARTS``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .moves import E, lead, play
from .round import Round
from .rules import BLOCKED, DOMINO, Rules
from .tiles import NAME, WITH, mask_of, tile_id

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Line
    from .shapes.game import RulesSection


# ---------------------------------------------------------------------- a preset in one line
def preset_parts(name: str) -> list[Line]:
    """What sets preset ``name`` apart, as codes (from the presets table, never restated)."""
    rules = Rules.make(name)
    parts: list[Line] = []
    if rules.scoring == "fives_and_threes":
        parts.append({"code": "fives_and_threes"})
    elif rules.multiple != 3:
        parts.append({"code": "multiple", "k": rules.multiple})
    if rules.exact_target:
        parts.append({"code": "exact_target", "target": rules.target})
    else:
        parts.append({"code": "target", "target": rules.target})
    if rules.cribbage:
        parts.append({"code": "cribbage"})
    parts.append({"code": "hand", "tiles": rules.hand_size})
    if not rules.draw:
        parts.append({"code": "block_play"})
    if not rules.uses_spinner:
        parts.append({"code": "no_spinner"})
    parts.append({"code": "lead", "rule": rules.lead})
    if rules.next_lead != "same":
        parts.append({"code": "next_lead", "rule": rules.next_lead})
    if rules.stock_reserve:
        parts.append({"code": "reserve", "tiles": rules.stock_reserve})
    if rules.spinner_sides_count:
        parts.append({"code": "sides_count"})
    if rules.out_bonus:
        parts.append({"code": "out_bonus", "points": rules.out_bonus})
    if rules.partners_out == "both":
        parts.append({"code": "partners_out"})
    if rules.pip_bonus:
        parts.append({"code": "block", "rule": rules.block_bonus})
        if rules.bonus_divisor != 1:
            parts.append({"code": "divisor", "by": rules.bonus_divisor})
    else:
        parts.append({"code": "no_pips"})
    return parts


# ---------------------------------------------------------------------- the rules as lines
def _divide(rules: Rules) -> Line | None:
    """How a bonus is divided after rounding: into pegs, by a divisor, or not at all."""
    if rules.cribbage:
        return {"by": rules.multiple, "pegs": True}
    if rules.bonus_divisor != 1:
        return {"by": rules.bonus_divisor, "pegs": False}
    return None


def rules_lines(rules: Rules) -> list[RulesSection]:
    """Sections ``{title, lines}`` of codes and values explaining the rules in force, then a
    worked example."""
    k = rules.multiple
    game: list[Line] = [
        {"code": "set", "top": rules.max_pip, "tiles": rules.tile_count},
        {
            "code": "players",
            "players": rules.players,
            "teams": rules.teams,
            "hand": rules.hand_size,
        },
    ]
    if rules.single_round:
        game.append({"code": "single_round"})
    elif not rules.exact_target:
        game.append({"code": "rounds", "target": rules.target, "pegs": rules.cribbage})
    if rules.exact_target:
        game.append({"code": "exact_target", "target": rules.target, "pegs": rules.cribbage})
    turn: list[Line] = [{"code": "play"}]
    if rules.draw:
        turn += [{"code": "draw", "reserve": rules.stock_reserve}, {"code": "pass"}]
    else:
        turn += [{"code": "no_draw"}, {"code": "knock"}]
    turn += [
        {"code": "doubles"},
        (
            {"code": "spinner", "sides_count": rules.spinner_sides_count}
            if rules.uses_spinner
            else {"code": "no_spinner"}
        ),
    ]
    scoring: list[Line] = [{"code": "end_sum"}]
    if rules.scoring == "fives_and_threes":
        scoring.append({"code": "fives_and_threes"})
        if rules.cribbage:
            scoring.append({"code": "pegging"})
    else:
        scoring.append({"code": "multiple", "k": k})
        if rules.cribbage:
            scoring.append({"code": "cribbage", "k": k})
    if rules.muggins:
        scoring.append({"code": "muggins"})
    end: list[Line] = []
    if rules.team_out:
        end.append({"code": "partners_out"})
    if rules.pip_bonus:
        end.append({"code": "domino", "teams": rules.teams, "k": k, "divide": _divide(rules)})
    else:
        end.append({"code": "going_out", "teams": rules.teams})
    if rules.out_bonus:
        end.append(
            {
                "code": "out_bonus",
                "points": rules.out_bonus,
                "teams": rules.teams,
                "exact": rules.exact_target,
            }
        )
    if rules.pip_bonus:
        end.append({"code": "blocked", "rule": rules.block_bonus, "k": k, "divide": _divide(rules)})
    else:
        end.append({"code": "blocked_no_pips"})
    return [
        {"title": "game", "lines": game},
        {
            "title": "leading",
            "lines": [
                {"code": "lead", "rule": rules.lead},
                {"code": "next_lead", "rule": rules.next_lead},
            ],
        },
        {"title": "turn", "lines": turn},
        {"title": "scoring", "lines": scoring},
        {"title": "end", "lines": end},
        {"title": "example", "lines": worked_example(rules)},
    ]


# ---------------------------------------------------------------------- a worked example
def _first_scoring(rules: Rules) -> tuple[int, int, int, int] | None:
    """A lead and a play on E that both score under ``rules``, found by the engine: (lead tile,
    lead sum, play tile, sum after it), the heaviest scoring lead and its first scoring play
    (with fives and threes its best one, so the example shows a sum that is both: 15)."""
    top = rules.max_pip
    for a in range(top, -1, -1):
        for b in range(a, -1, -1):
            t = tile_id(a, b)
            table = Round(rules, [mask_of(range(rules.tile_count))] * rules.players, [], 0)
            if not rules.points(table.sum_after(lead(t))):
                continue
            table.play_as(0, lead(t))
            plays = [u for u in _tiles_with(rules, table.ends[E]) if u != t]
            if rules.scoring == "fives_and_threes":
                plays.sort(key=lambda u: -rules.points(table.sum_after(play(u, E))))
            for u in plays:
                if rules.points(table.sum_after(play(u, E))):
                    return t, table.end_sum, u, table.sum_after(play(u, E))
    return None


@functools.lru_cache(maxsize=64)
def end_sum_picture(rules: Rules) -> Line | None:
    """Two tiles in a line whose open ends score, for the page's How to play: a lead and a play
    on its east end, found by the engine, with what the play is awarded (pegs with cribbage)."""
    top = rules.max_pip
    for a in range(top, -1, -1):
        for m in range(top, -1, -1):
            for c in range(top, -1, -1):
                if len({a, m, c}) < 3:
                    continue  # no doubles, and two different tiles
                table = Round(rules, [mask_of(range(rules.tile_count))] * rules.players, [], 0)
                table.play_as(0, lead(tile_id(a, m), lo_west=a < m))  # a on the west, m east
                move = play(tile_id(m, c), E)
                points = table.points_after(move)
                if points:
                    s = table.sum_after(move)
                    picture: Line = {
                        "tiles": [f"{a}-{m}", f"{m}-{c}"],
                        "ends": [a, c],
                        "sum": s,
                        "award": rules.award(points),
                        "pegs": rules.cribbage,
                    }
                    if rules.scoring == "fives_and_threes":  # the fives and threes in the sum
                        picture["fives"] = 0 if s % 5 else s // 5
                        picture["threes"] = 0 if s % 3 else s // 3
                    return picture
    return None


def _tiles_with(rules: Rules, v: int) -> list[int]:
    m = WITH[v] & ((1 << rules.tile_count) - 1)
    return [t for t in range(rules.tile_count) if m >> t & 1]


def _bust_example(rules: Rules) -> Line | None:
    """With an exact target: a side ``need`` short of it, where a lead that makes more does not
    count (played by the engine), and the end sums that make exactly ``need``."""
    awards = sorted({a for a in rules.awarded if a > 0})
    if len(awards) < 2 or awards[1] >= rules.target:
        return None
    need = awards[1]
    at = rules.target - need
    top = rules.max_pip
    for a in range(top, -1, -1):
        for b in range(a, -1, -1):
            t = tile_id(a, b)
            made = rules.award(rules.points(a + b))
            if made <= need:
                continue
            scores = [at] + [0] * (rules.sides - 1)
            table = Round(
                rules, [mask_of(range(rules.tile_count))] * rules.players, [], 0, scores=scores
            )
            table.play_as(0, lead(t))
            entry = table.history[-1]
            if entry.bust != made or table.points[0]:
                raise AssertionError("the engine does not bust as the example says")
            return {
                "code": "example_bust",
                "at": at,
                "target": rules.target,
                "tile": NAME[t],
                "sum": a + b,
                "award": made,
                "need": need,
                "sums": [s for s, x in enumerate(rules.awarded) if x == need],
                "pegs": rules.cribbage,
            }
    return None


def worked_example(rules: Rules) -> list[Line]:
    """A lead and a play that score, and a round's settlement both ways, as lines."""
    k = rules.multiple
    lines: list[Line] = []
    pegs = rules.cribbage
    found = _first_scoring(rules)
    if found and rules.scoring == "fives_and_threes":
        for code, t, s in (("example_fives_lead", found[0], found[1]), ("example_fives_play",
                           found[2], found[3])):  # fmt: skip
            lines.append(
                {
                    "code": code,
                    "tile": NAME[t],
                    "sum": s,
                    "fives": 0 if s % 5 else s // 5,
                    "threes": 0 if s % 3 else s // 3,
                    "award": rules.award(rules.points(s)),
                    "pegs": pegs,
                }
            )
    elif found:
        t, s1, u, s2 = found
        award1, award2 = rules.award(rules.points(s1)), rules.award(rules.points(s2))
        lines.append(
            {
                "code": "example_lead",
                "tile": NAME[t],
                "sum": s1,
                "k": k,
                "award": award1,
                "pegs": pegs,
            }
        )
        lines.append(
            {"code": "example_play", "tile": NAME[u], "sum": s2, "award": award2, "pegs": pegs}
        )
    if rules.exact_target:
        bust = _bust_example(rules)
        if bust:
            lines.append(bust)
    if not rules.pip_bonus:
        return lines
    # a round's settlement, with numbers the engine rounds and divides
    others = 11
    own = 3
    for code, raw in (
        ("example_domino", rules.bonus_pips(DOMINO, 0, others)),
        ("example_blocked", rules.bonus_pips(BLOCKED, own, others)),
    ):
        lines.append(
            {
                "code": code,
                "own": own,
                "others": others,
                "rule": rules.block_bonus,
                "raw": raw,
                "rounded": rules.round_to_multiple(raw),
                "divide": _divide(rules),
                "score": rules.bonus(raw),
                "pegs": pegs,
            }
        )
    return lines
