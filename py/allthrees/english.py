"""The rules' lines in English: the terminal's words (``python -m allthrees rules`` prints
``text``) and the names every code of ``explain.py`` has. The English is written from the same
lines the page words in its own catalogues, so the two never disagree; ``web/test/strings.test.js``
reads the keys of ``LINES``, ``PRESET_PARTS`` and ``TITLES`` here to hold both catalogues to every
code Python may send.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from .explain import preset_parts, rules_lines
from .rules import Rules

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Line

Words = Callable[["Line"], str]  # a line of codes in English


def _pips(n: int) -> str:
    return f"{n} pip{'s' if n != 1 else ''}"


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


# The English of every preset part (the terminal's words; web/test/strings.test.js reads these
# keys to hold both catalogues to every code ``preset_parts`` may send).
PRESET_PARTS: dict[str, Words]  # (declared apart: web/test reads the table by its "NAME = {")
PRESET_PARTS = {
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
    return "; ".join(PRESET_PARTS[p["code"]](p) for p in preset_parts(name)).capitalize()


# ---------------------------------------------------------------------- the rules
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


LINES: dict[str, Words]
LINES = {
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
    return LINES[line["code"]](line)


class Section(TypedDict):
    title: str
    lines: list[str]


def rules_text(rules: Rules) -> list[Section]:
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
