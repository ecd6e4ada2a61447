"""The rules in force, in plain sentences, generated from a ``Rules`` value: the page's Rules
screen and ``python -m allthrees rules`` print the same text. A worked example is computed by the
engine itself (a lead, a play, a round's settlement), so the words and the numbers can never
disagree with what the game does.

Also each preset's one line: what sets it apart from the parlor game.
"""

from __future__ import annotations

from typing import Any

from .moves import E, lead, play
from .round import Round
from .rules import BLOCKED, DOMINO, PRESETS, Rules
from .tiles import NAME, WITH, mask_of, tile_id

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


def _pips(n: int) -> str:
    return f"{n} pip{'s' if n != 1 else ''}"


def preset_line(name: str) -> str:
    """What sets preset ``name`` apart, in one line (from the presets table, never restated)."""
    rules = Rules.make(name)
    parts = [f"to {rules.target}"]
    if rules.multiple != 3:
        parts.insert(0, f"multiples of {rules.multiple} score")
    parts.append(f"{rules.hand_size} tiles each")
    parts.append(
        {
            "highest_double": "the highest double leads it",
            "highest_double_any": "the highest double's holder leads anything",
            "lots": "lots decide the lead",
        }[rules.lead]
    )
    if rules.next_lead != "same":
        parts.append(
            "the winner leads next" if rules.next_lead == "winner" else "the lead goes left"
        )
    if rules.stock_reserve:
        parts.append(f"{rules.stock_reserve} tiles stay in the boneyard")
    if rules.spinner_sides_count:
        parts.append("open spinner sides count")
    parts.append(
        "a block wins the difference" if rules.block_bonus == "difference" else "a block wins all"
    )
    if rules.bonus_divisor != 1:
        parts.append(f"bonus divided by {rules.bonus_divisor}")
    return "; ".join(parts).capitalize()


def preset_lines() -> dict[str, str]:
    return {name: preset_line(name) for name in PRESETS}


# ---------------------------------------------------------------------- the rules in words
def rules_text(rules: Rules) -> list[dict[str, Any]]:
    """Sections ``{title, lines}`` explaining the rules in force, then a worked example."""
    top = rules.max_pip
    unit = "pegs" if rules.cribbage else "points"
    team = " in two teams: partners sit opposite and pool their points." if rules.teams else "."
    sections = [
        {
            "title": "The game",
            "lines": [
                f"The double-{top} set: {rules.tile_count} tiles, each half 0 to {top} pips.",
                f"{rules.players} players{team} Each is dealt {rules.hand_size} tiles; the rest "
                "are the boneyard.",
                (
                    "One round only (a Quick Sprint): the higher score wins, a tie is a draw."
                    if rules.single_round
                    else f"Rounds are played until a side has at least {rules.target} {unit} at "
                    "the end of a round; the higher total wins, and a tie at the top plays one "
                    "more round."
                ),
            ],
        },
        {
            "title": "Leading",
            "lines": [LEAD_WORDS[rules.lead], NEXT_LEAD_WORDS[rules.next_lead]],
        },
        {"title": "A turn", "lines": _turn_lines(rules)},
        {"title": "Scoring", "lines": _scoring_lines(rules)},
        {"title": "The end of a round", "lines": _end_lines(rules)},
    ]
    sections.append({"title": "A worked example", "lines": worked_example(rules)})
    return sections


def _turn_lines(rules: Rules) -> list[str]:
    lines = [
        "Play one tile from your hand on an open end whose pips match one of its halves.",
        "With nothing to play, draw from the boneyard, one tile at a time, until a tile plays"
        + (
            f" or only {rules.stock_reserve} tiles are left: those are never drawn."
            if rules.stock_reserve
            else " or the boneyard is empty."
        ),
        "With nothing to play and nothing to draw, pass.",
        "Doubles are placed crosswise and count both halves while they end an arm.",
    ]
    if rules.uses_spinner:
        lines.append(
            "The first double is the spinner: once tiles cover both its long sides, its short "
            "sides open as two more arms."
            + (
                " An open, empty short side counts the spinner's pips."
                if rules.spinner_sides_count
                else " An empty short side counts nothing."
            )
        )
    else:
        lines.append("There is no spinner: the line of play has two ends only.")
    return lines


def _scoring_lines(rules: Rules) -> list[str]:
    k = rules.multiple
    lines = [
        "After every play, add up the open ends: each end's outer half, both halves of a double; "
        "the lead alone counts both its halves.",
        f"If that end sum is a multiple of {k} (and not 0), the player scores it.",
    ]
    if rules.cribbage:
        lines.append(
            f"Cribbage scoring: every award is divided by {k} and moved as pegs on the board "
            f"(one peg for every {k} points)."
        )
    if rules.muggins:
        lines.append(
            "Muggins: say the points of every scoring play. A missing, short or wrong claim "
            "scores nothing for you, and the next opponent calls Muggins! and takes the points."
        )
    return lines


def _end_lines(rules: Rules) -> list[str]:
    k = rules.multiple
    rounding = f"rounded to the nearest multiple of {k} (halves up)"
    divided = ""
    if rules.cribbage:
        divided = f", then divided by {k} into pegs"
    elif rules.bonus_divisor != 1:
        divided = f", then divided by {rules.bonus_divisor}"
    against = "the other team's" if rules.teams else "every opponent's"
    block = (
        "the pips of the others less their own"
        if rules.block_bonus == "difference"
        else "all the pips the others hold"
    )
    return [
        f"Domino: a player who plays their last tile ends the round and scores {against} pips, "
        f"{rounding}{divided}.",
        "Blocked: when nobody can play and nobody may draw, the round ends; the side with the "
        f"fewest pips wins {block}, {rounding}{divided}. A tie for fewest wins nothing.",
    ]


# ---------------------------------------------------------------------- a worked example
def _first_scoring(rules: Rules) -> tuple[int, int, int, int] | None:
    """A lead and a play on E that both score under ``rules``, found by the engine: (lead tile,
    lead sum, play tile, sum after it), the lightest such pair."""
    top = rules.max_pip
    for a in range(top, -1, -1):
        for b in range(a, -1, -1):
            t = tile_id(a, b)
            table = Round(rules, [mask_of(range(rules.tile_count))] * rules.players, [], 0)
            if not rules.points(table.sum_after(lead(t))):
                continue
            table.play_as(0, lead(t))
            for u in _tiles_with(rules, table.ends[E]):
                if u != t and rules.points(table.sum_after(play(u, E))):
                    return t, table.end_sum, u, table.sum_after(play(u, E))
    return None


def _tiles_with(rules: Rules, v: int) -> list[int]:
    m = WITH[v] & ((1 << rules.tile_count) - 1)
    return [t for t in range(rules.tile_count) if m >> t & 1]


def worked_example(rules: Rules) -> list[str]:
    k = rules.multiple
    lines = []
    found = _first_scoring(rules)
    if found:
        t, s1, u, s2 = found
        award1, award2 = rules.award(rules.points(s1)), rules.award(rules.points(s2))
        unit = " pegs" if rules.cribbage else ""
        lines.append(
            f"Lead {NAME[t]}: the end sum is {s1}, a multiple of {k}: it scores {award1}{unit}."
        )
        lines.append(
            f"Then {NAME[u]} on the east end: the end sum is {s2}: it scores {award2}{unit}."
        )
    # a round's settlement, with numbers the engine rounds and divides
    others = 11
    own = 3
    domino_raw = rules.bonus_pips(DOMINO, 0, others)
    lines.append(
        f"You go out while the others hold {_pips(others)}: {domino_raw} -> "
        f"{rules.round_to_multiple(domino_raw)}"
        + _divided(rules, domino_raw)
        + f": you score {rules.bonus(domino_raw)}{' pegs' if rules.cribbage else ''}."
    )
    block_raw = rules.bonus_pips(BLOCKED, own, others)
    how = f"{others} - {own} = {block_raw}" if rules.block_bonus == "difference" else str(others)
    lines.append(
        f"The round blocks; you hold {_pips(own)}, the others {_pips(others)}: {how} -> "
        f"{rules.round_to_multiple(block_raw)}"
        + _divided(rules, block_raw)
        + f": you score {rules.bonus(block_raw)}{' pegs' if rules.cribbage else ''}."
    )
    return lines


def _divided(rules: Rules, raw: int) -> str:
    if rules.cribbage:
        return f", / {rules.multiple} = {rules.bonus(raw)} pegs"
    if rules.bonus_divisor != 1:
        return f", / {rules.bonus_divisor} = {rules.bonus(raw)}"
    return ""


def text(rules: Rules) -> str:
    """The rules screen as plain text (what ``python -m allthrees rules`` prints)."""
    out = []
    for section in rules_text(rules):
        out.append(section["title"])
        out.extend(f"  {line}" for line in section["lines"])
        out.append("")
    return "\n".join(out).rstrip() + "\n"
