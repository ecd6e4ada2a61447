"""How a round ended, with the bonus arithmetic step by step: as codes and values (``round_lines``,
what the page words in its language) and in English (``round_summary``, the terminal's words,
written from the same lines, so the two never disagree).

A line is a dict with a ``code``:

- ``muggins``: ``taker`` took ``award`` (pegs with cribbage: ``pegs`` true) from ``seat``, who
  claimed ``claim`` (None: no claim); the ends made ``made``;
- ``domino``: ``seat`` went out; then ``holds``: ``seats`` hold tiles of ``parts`` pips, ``total``,
  rounded to ``rounded``;
- ``blocked``; then ``side_pips`` per side (``side``, ``parts``, ``total``); then ``tie`` (nobody
  wins, no bonus), or ``fewest`` (``side``; ``rule`` "difference": ``opponents`` - ``own`` =
  ``pips``, or "total": ``opponents``; rounded to ``rounded``);
- ``cribbage``: ``rounded`` / ``multiple`` = ``bonus`` pegs, or ``divisor``: ``rounded`` /
  ``divisor`` = ``bonus``;
- ``bonus``: ``bonus`` to ``side``.

With the Fives and Threes family's options (docs/rules.md):

- ``bust``: with an exact target, ``seat`` made ``points`` (pegs: ``pegs``) in play that would
  have taken ``side`` past ``target``, so they did not count (after any muggins lines);
- ``target``: ``seat`` brought ``side`` to exactly ``target``, which ended the round and won the
  match (nothing follows);
- ``no_pips``: after ``blocked`` and ``side_pips``, when no pips are counted (``pip_bonus``
  false): nobody scores for the block;
- ``out_bonus``: ``side`` scores ``points`` for going out (before ``bonus``);
- ``bust_bonus``: ``side``'s award at the end, ``points``, would have passed ``target`` and did
  not count (instead of ``bonus``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .round import DOMINO, TARGET, Round
from .tiles import PIPS, tiles_of

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Line


def seats_named(seats: Iterable[int], names: list[str]) -> str:
    """Seats by their names, partners joined: "Ana & Ben" (a side's name, or who holds tiles)."""
    return " & ".join(names[s] for s in seats)


def side_name(rnd: Round, side: int, names: list[str]) -> str:
    """A side by its seats' names ("Ana & Ben" for partners)."""
    return seats_named(rnd.rules.seats_of(side), names)


def _pips(rnd: Round, seats: list[int] | tuple[int, ...]) -> list[int]:
    """The pips of each tile the seats hold."""
    return [PIPS[t] for s in seats for t in tiles_of(rnd.hands[s])]


def muggins_lines(rnd: Round) -> list[Line]:
    """One line per play whose points an opponent took (muggins)."""
    rules = rnd.rules
    out = []
    for e in rnd.history:
        if e.taker < 0:
            continue
        made = rules.points(e.end_sum)
        out.append(
            {
                "code": "muggins",
                "taker": e.taker,
                "seat": e.seat,
                "award": rules.award(made) - e.bust,
                "pegs": rules.cribbage,
                "claim": e.claim if e.claim >= 0 else None,
                "made": made,
            }
        )
    return out


def bust_lines(rnd: Round) -> list[Line]:
    """One line per play whose points an exact target refused."""
    rules = rnd.rules
    out = []
    for e in rnd.history:
        if e.bust:
            seat = e.taker if e.taker >= 0 else e.seat
            out.append(
                {
                    "code": "bust",
                    "seat": seat,
                    "side": rules.side_of(seat),
                    "points": e.bust,
                    "pegs": rules.cribbage,
                    "target": rules.target,
                }
            )
    return out


def round_lines(rnd: Round) -> list[Line]:
    """The round's end and bonus as lines of codes and values (see the module docstring), after
    any muggins calls and busts of the round; [] while it goes on."""
    end = rnd.outcome()
    if not end.over:
        return []
    rules = rnd.rules
    lines = muggins_lines(rnd) + bust_lines(rnd)
    if end.reason == TARGET:
        lines.append(
            {
                "code": "target",
                "seat": end.winner_seat,
                "side": end.winner_side,
                "target": rules.target,
            }
        )
        return lines
    if end.reason == DOMINO:
        lines.append({"code": "domino", "seat": end.winner_seat})
    if end.reason == DOMINO and rules.pip_bonus:
        opp = [
            s
            for side in range(rules.sides)
            if side != end.winner_side
            for s in rules.seats_of(side)
        ]
        parts = _pips(rnd, opp)
        lines.append(
            {
                "code": "holds",
                "seats": opp,
                "parts": parts,
                "total": sum(parts),
                "rounded": end.rounded,
            }
        )
    elif end.reason != DOMINO:
        lines.append({"code": "blocked"})
        for side in range(rules.sides):
            parts = _pips(rnd, rules.seats_of(side))
            lines.append({"code": "side_pips", "side": side, "parts": parts, "total": sum(parts)})
        if not rules.pip_bonus:
            lines.append({"code": "no_pips"})
            return lines
        if end.winner_side < 0:
            lines.append({"code": "tie"})
            return lines
        own = end.side_pips[end.winner_side]
        lines.append(
            {
                "code": "fewest",
                "side": end.winner_side,
                "rule": rules.block_bonus,
                "opponents": sum(end.side_pips) - own,
                "own": own,
                "pips": end.bonus_pips,
                "rounded": end.rounded,
            }
        )
    # the pip count's part of the award (a bust refused it with any point for going out)
    pips_bonus = (end.bust or end.bonus) - end.out_bonus
    if rules.pip_bonus and rules.cribbage:
        lines.append(
            {
                "code": "cribbage",
                "rounded": end.rounded,
                "multiple": rules.multiple,
                "bonus": pips_bonus,
            }
        )
    elif rules.pip_bonus and rules.bonus_divisor != 1:
        lines.append(
            {
                "code": "divisor",
                "rounded": end.rounded,
                "divisor": rules.bonus_divisor,
                "bonus": pips_bonus,
            }
        )
    if end.out_bonus:
        lines.append({"code": "out_bonus", "points": end.out_bonus, "side": end.winner_side})
    if end.bust:
        lines.append(
            {
                "code": "bust_bonus",
                "points": end.bust,
                "side": end.winner_side,
                "target": rules.target,
            }
        )
    elif rules.pip_bonus or end.bonus:
        lines.append({"code": "bonus", "bonus": end.bonus, "side": end.winner_side})
    return lines


def _sum(parts: list[int]) -> str:
    return "+".join(str(p) for p in parts) or "0"


def english(line: Line, rnd: Round, names: list[str]) -> str:
    """One line in the terminal's English."""
    code = line["code"]
    if code == "muggins":
        unit = " pegs" if line["pegs"] else ""
        said = f"claimed {line['claim']}" if line["claim"] is not None else "no claim"
        taker, seat = names[line["taker"]], names[line["seat"]]
        return (
            f"Muggins! {taker} took {line['award']}{unit} from {seat} "
            f"({said}; the ends made {line['made']})."
        )
    if code == "domino":
        return f"{names[line['seat']]} went out: domino!"
    if code == "holds":
        who = seats_named(line["seats"], names)
        verb = "holds" if len(line["seats"]) == 1 and who != "You" else "hold"
        return f"{who} {verb} {_sum(line['parts'])} = {line['total']} -> {line['rounded']}"
    if code == "blocked":
        return "Blocked: nobody can play and nobody may draw."
    if code == "side_pips":
        return f"{side_name(rnd, line['side'], names)}: {_sum(line['parts'])} = {line['total']}"
    if code == "tie":
        return "Tied for the fewest pips: nobody wins the round, no bonus."
    if code == "fewest":
        winner = side_name(rnd, line["side"], names)
        if line["rule"] == "difference":
            sums = f"{line['opponents']} - {line['own']} = {line['pips']}"
            return f"Fewest pips: {winner}. {sums} -> {line['rounded']}"
        return f"Fewest pips: {winner}. Opponents' pips {line['opponents']} -> {line['rounded']}"
    if code == "cribbage":
        return f"{line['rounded']} / {line['multiple']} = {line['bonus']} (cribbage pegs)"
    if code == "divisor":
        return f"{line['rounded']} / {line['divisor']} = {line['bonus']}"
    if code == "bonus":
        return f"Bonus {line['bonus']} to {side_name(rnd, line['side'], names)}."
    if code == "bust":
        unit = "pegs" if line["pegs"] else "points"
        return (
            f"Bust: {names[line['seat']]}'s {line['points']} {unit} would have passed "
            f"{line['target']} and did not count."
        )
    if code == "target":
        who = side_name(rnd, line["side"], names)
        return f"{names[line['seat']]} reached exactly {line['target']}: {who} won the match."
    if code == "no_pips":
        return "No pips are counted: nobody scores for the block."
    if code == "out_bonus":
        return f"{line['points']} for going out to {side_name(rnd, line['side'], names)}."
    if code == "bust_bonus":
        who = side_name(rnd, line["side"], names)
        return f"Bust: {who}'s {line['points']} would have passed {line['target']}: not counted."
    raise ValueError(f"no words for the summary line {code!r}")


def round_summary(rnd: Round, names: list[str]) -> list[str]:
    """Lines such as 'Computer holds 5+2 = 7 -> 6' explaining the round's end and bonus, after
    any muggins calls of the round (the terminal's English)."""
    return [english(line, rnd, names) for line in round_lines(rnd)]
