"""The rules in force, generated from a ``Rules`` value: as sections of lines of codes and values
(``rules_lines``, which the page words in its language) and in English (``rules_text`` and
``text``: what ``python -m allthrees rules`` prints), the English written from the same lines so
the two never disagree. A worked example is computed by the engine itself (a lead, a play, a
round's settlement), so the words and the numbers can never disagree with what the game does.
Also each preset's one line: what sets it apart from the parlor game (``preset_parts`` as codes,
which the New game form sends; ``preset_line`` in English).

A section is ``{"title": code, "lines": [line, ...]}``, a line ``{"code": ..., values}``; the
codes and their values are listed in ``_ENGLISH`` (every code has its English there).
"""

from __future__ import annotations

import functools
from typing import Any

from .moves import E, lead, play
from .round import Round
from .rules import BLOCKED, DOMINO, Rules
from .tiles import NAME, WITH, mask_of, tile_id

Line = dict[str, Any]


def _pips(n: int) -> str:
    return f"{n} pip{'s' if n != 1 else ''}"


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


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


# The English of every preset part (the terminal's words; web/test/strings.test.js reads these
# keys to hold both catalogues to every code ``preset_parts`` may send).
_PRESET_ENGLISH = {
    "multiple": lambda p: f"multiples of {p['k']} score",
    "target": lambda p: f"to {p['target']}",
    "hand": lambda p: f"{p['tiles']} tiles each",
    "lead": lambda p: {
        "highest_double": "the highest double leads it",
        "highest_double_any": "the highest double's holder leads anything",
        "lots": "lots decide the lead",
    }[p["rule"]],
    "next_lead": lambda p: (
        "the winner leads next" if p["rule"] == "winner" else "the lead goes left"
    ),
    "reserve": lambda p: f"{p['tiles']} tiles stay in the boneyard",
    "sides_count": lambda p: "open spinner sides count",
    "block": lambda p: (
        "a block wins the difference" if p["rule"] == "difference" else "a block wins all"
    ),
    "divisor": lambda p: f"bonus divided by {p['by']}",
    "fives_and_threes": lambda p: "fives and threes score",
    "exact_target": lambda p: f"exactly {p['target']}",
    "cribbage": lambda p: "pegged on a cribbage board",
    "block_play": lambda p: "no drawing",
    "no_spinner": lambda p: "no spinner",
    "out_bonus": lambda p: f"{_points(p['points'])} for going out",
    "partners_out": lambda p: "partners go out together",
    "no_pips": lambda p: "no pips counted",
}


def preset_line(name: str) -> str:
    """What sets preset ``name`` apart, in one line of English."""
    return "; ".join(_PRESET_ENGLISH[p["code"]](p) for p in preset_parts(name)).capitalize()


# ---------------------------------------------------------------------- the rules as lines
def _divide(rules: Rules) -> Line | None:
    """How a bonus is divided after rounding: into pegs, by a divisor, or not at all."""
    if rules.cribbage:
        return {"by": rules.multiple, "pegs": True}
    if rules.bonus_divisor != 1:
        return {"by": rules.bonus_divisor, "pegs": False}
    return None


def rules_lines(rules: Rules) -> list[dict[str, Any]]:
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


# ---------------------------------------------------------------------- the English
TITLES = {
    "game": "The game",
    "leading": "Leading",
    "turn": "A turn",
    "scoring": "Scoring",
    "end": "The end of a round",
    "example": "A worked example",
}
LEAD_WORDS = {
    "highest_double": "The holder of the highest double leads, and must lead that double; if no "
    "hand holds a double, the holder of the heaviest tile leads it.",
    "highest_double_any": "The holder of the highest double leads (if no hand holds a double, the "
    "holder of the heaviest tile), and may lead any tile.",
    "lots": "Each player draws a tile at random; the heaviest draws the lead and may lead any "
    "tile. The tiles go back and are shuffled before the deal.",
}
NEXT_LEAD_WORDS = {
    "same": "Every round is led by the same rule as the first.",
    "winner": "After the first round, the winner of the last round leads any tile (after a tied "
    "round, the player left of the last leader).",
    "left": "After the first round, the lead passes to the left: the player left of the last "
    "leader leads any tile.",
}


def _divided_words(divide: Line | None) -> str:
    if not divide:
        return ""
    return f", then divided by {divide['by']}" + (" into pegs" if divide["pegs"] else "")


def _settled(line: Line) -> str:
    """ "-> 12, / 3 = 4 pegs: you score 4 pegs." in the example's settlement lines."""
    divide = line["divide"]
    out = f"{line['raw']} -> {line['rounded']}"
    if divide:
        out += f", / {divide['by']} = {line['score']}" + (" pegs" if divide["pegs"] else "")
    return out + f": you score {line['score']}{' pegs' if line['pegs'] else ''}."


def _end_words(line: Line) -> str:
    rounding = f"rounded to the nearest multiple of {line['k']} (halves up)"
    divided = _divided_words(line["divide"])
    if line["code"] == "domino":
        against = "the other team's" if line["teams"] else "every opponent's"
        return (
            f"Domino: a player who plays their last tile ends the round and scores {against} "
            f"pips, {rounding}{divided}."
        )
    block = (
        "the pips of the others less their own"
        if line["rule"] == "difference"
        else "all the pips the others hold"
    )
    return (
        "Blocked: when nobody can play and nobody may draw, the round ends; the side with the "
        f"fewest pips wins {block}, {rounding}{divided}. A tie for fewest wins nothing."
    )


def _fives_words(line: Line) -> str:
    """ "two fives and four threes" for an end sum's scoring parts."""
    parts = []
    for n, what in ((line["fives"], "five"), (line["threes"], "three")):
        if n:
            parts.append(f"{n} {what}{'s' if n != 1 else ''}")
    return " and ".join(parts)


def _example_words(line: Line) -> str:
    unit = " pegs" if line["pegs"] else ""
    code = line["code"]
    if code in ("example_fives_lead", "example_fives_play"):
        what = (
            f"Lead {line['tile']}"
            if code == "example_fives_lead"
            else f"Then {line['tile']} on the east end"
        )
        return (
            f"{what}: the end sum is {line['sum']}, {_fives_words(line)}: it scores "
            f"{line['award']}{unit}."
        )
    if code == "example_bust":
        sums = " or ".join(str(s) for s in line["sums"])
        return (
            f"At {line['at']}, {line['need']} short of {line['target']}: leading {line['tile']} "
            f"makes {line['sum']}, {line['award']}{unit}, which would pass {line['target']}, so "
            f"it does not count and you stay at {line['at']}. Exactly {line['need']} wins "
            f"(an end sum of {sums})."
        )
    if code == "example_lead":
        return (
            f"Lead {line['tile']}: the end sum is {line['sum']}, a multiple of {line['k']}: it "
            f"scores {line['award']}{unit}."
        )
    if code == "example_play":
        return (
            f"Then {line['tile']} on the east end: the end sum is {line['sum']}: it scores "
            f"{line['award']}{unit}."
        )
    if code == "example_domino":
        return f"You go out while the others hold {_pips(line['others'])}: {_settled(line)}"
    how = (
        f"{line['others']} - {line['own']} = {line['raw']}"
        if line["rule"] == "difference"
        else str(line["others"])
    )
    shown = {**line, "raw": how}
    return (
        f"The round blocks; you hold {_pips(line['own'])}, the others {_pips(line['others'])}: "
        f"{_settled(shown)}"
    )


_ENGLISH = {
    "set": lambda v: (
        f"The double-{v['top']} set: {v['tiles']} tiles, each half 0 to {v['top']} pips."
    ),
    "players": lambda v: (
        f"{v['players']} players"
        + (" in two teams: partners sit opposite and pool their points." if v["teams"] else ".")
        + f" Each is dealt {v['hand']} tiles; the rest are the boneyard."
    ),
    "single_round": lambda v: (
        "One round only (a Quick Sprint): the higher score wins, a tie is a draw."
    ),
    "rounds": lambda v: (
        f"Rounds are played until a side has at least {v['target']} "
        f"{'pegs' if v['pegs'] else 'points'} at the end of a round; the higher total wins, and a "
        "tie at the top plays one more round."
    ),
    "lead": lambda v: LEAD_WORDS[v["rule"]],
    "next_lead": lambda v: NEXT_LEAD_WORDS[v["rule"]],
    "play": lambda v: (
        "Play one tile from your hand on an open end whose pips match one of its halves."
    ),
    "draw": lambda v: (
        "With nothing to play, draw from the boneyard, one tile at a time, until a tile plays"
        + (
            f" or only {v['reserve']} tiles are left: those are never drawn."
            if v["reserve"]
            else " or the boneyard is empty."
        )
    ),
    "pass": lambda v: "With nothing to play and nothing to draw, pass.",
    "doubles": lambda v: (
        "Doubles are placed crosswise and count both halves while they end an arm."
    ),
    "spinner": lambda v: (
        "The first double is the spinner: once tiles cover both its long sides, its short sides "
        "open as two more arms."
        + (
            " An open, empty short side counts the spinner's pips."
            if v["sides_count"]
            else " An empty short side counts nothing."
        )
    ),
    "no_spinner": lambda v: "There is no spinner: the line of play has two ends only.",
    "no_draw": lambda v: (
        "Nobody draws (block play): the tiles not dealt stay out of play, face down, all round."
    ),
    "knock": lambda v: (
        "With nothing to play, knock: the turn passes. Nobody may knock while able to play."
    ),
    "exact_target": lambda v: (
        f"The first side to reach exactly {v['target']} {'pegs' if v['pegs'] else 'points'} wins "
        f"at once. Points that would take a side past {v['target']} do not count: it stays where "
        "it was."
    ),
    "fives_and_threes": lambda v: (
        "If that end sum is a multiple of 5, the player scores a point for each 5 in it; if a "
        "multiple of 3, a point for each 3; a multiple of both scores both (15 is three fives and "
        "five threes: 8 points)."
    ),
    "pegging": lambda v: "Points are pegged on a cribbage board as they are made, a peg a point.",
    "partners_out": lambda v: (
        "Partners go out together: a player who has played their last tile has no more turns, "
        "and the round goes on until both partners of a team have gone out, or it blocks."
    ),
    "going_out": lambda v: (
        "The round ends when "
        + ("a team has gone out" if v["teams"] else "a player plays their last tile")
        + ", or when it is blocked; no pips are counted."
    ),
    "out_bonus": lambda v: (
        f"Going out scores {_points(v['points'])}"
        + (" for the team." if v["teams"] else ".")
        + (" It counts together with the last play's points." if v["exact"] else "")
    ),
    "blocked_no_pips": lambda v: (
        "Blocked: when nobody can play, the round ends and nobody scores for it."
    ),
    "end_sum": lambda v: (
        "After every play, add up the open ends: each end's outer half, both halves of a double; "
        "the lead alone counts both its halves."
    ),
    "multiple": lambda v: (
        f"If that end sum is a multiple of {v['k']} (and not 0), the player scores it."
    ),
    "cribbage": lambda v: (
        f"Cribbage scoring: every award is divided by {v['k']} and moved as pegs on the board "
        f"(one peg for every {v['k']} points)."
    ),
    "muggins": lambda v: (
        "Muggins: say the points of every scoring play. A missing, short or wrong claim scores "
        "nothing for you, and the next opponent calls Muggins! and takes the points."
    ),
    "domino": _end_words,
    "blocked": _end_words,
    "example_lead": _example_words,
    "example_play": _example_words,
    "example_domino": _example_words,
    "example_blocked": _example_words,
    "example_fives_lead": _example_words,
    "example_fives_play": _example_words,
    "example_bust": _example_words,
}


def english(line: Line) -> str:
    """One line of the rules in English."""
    return _ENGLISH[line["code"]](line)


def rules_text(rules: Rules) -> list[dict[str, Any]]:
    """Sections ``{title, lines}`` explaining the rules in force, in English."""
    return [
        {"title": TITLES[s["title"]], "lines": [english(line) for line in s["lines"]]}
        for s in rules_lines(rules)
    ]


def text(rules: Rules) -> str:
    """The rules screen as plain text (what ``python -m allthrees rules`` prints)."""
    out = []
    for section in rules_text(rules):
        out.append(section["title"])
        out.extend(f"  {line}" for line in section["lines"])
        out.append("")
    return "\n".join(out).rstrip() + "\n"
