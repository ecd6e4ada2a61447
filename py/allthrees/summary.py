"""How a round ended, in words, with the bonus arithmetic step by step (terminal and browser)."""

from __future__ import annotations

from .round import DOMINO, Round
from .tiles import PIPS, tiles_of


def side_name(rnd: Round, side: int, names: list[str]) -> str:
    """A side by its seats' names ("Ana & Ben" for partners)."""
    return " & ".join(names[s] for s in rnd.rules.seats_of(side))


def _holding(rnd: Round, seats: list[int] | tuple[int, ...]) -> tuple[str, int]:
    """'5+2' and 7: the pips of each tile the seats hold, and their total."""
    parts = [PIPS[t] for s in seats for t in tiles_of(rnd.hands[s])]
    return ("+".join(str(p) for p in parts) or "0"), sum(parts)


def muggins_calls(rnd: Round, names: list[str]) -> list[str]:
    """One line per play whose points an opponent took (muggins): who, how many, and why."""
    rules = rnd.rules
    unit = " pegs" if rules.cribbage else ""
    out = []
    for e in rnd.history:
        if e.taker < 0:
            continue
        made = rules.points(e.end_sum)
        said = f"claimed {e.claim}" if e.claim >= 0 else "no claim"
        out.append(
            f"Muggins! {names[e.taker]} took {rules.award(made)}{unit} from {names[e.seat]} "
            f"({said}; the ends made {made})."
        )
    return out


def round_summary(rnd: Round, names: list[str]) -> list[str]:
    """Lines such as 'Computer holds 5+2 = 7 -> 6' explaining the round's end and bonus, after
    any muggins calls of the round."""
    end = rnd.outcome()
    if not end.over:
        return []
    rules = rnd.rules
    lines = muggins_calls(rnd, names)
    if end.reason == DOMINO:
        lines.append(f"{names[end.winner_seat]} went out: domino!")
        opp = [
            s
            for side in range(rules.sides)
            if side != end.winner_side
            for s in rules.seats_of(side)
        ]
        text, total = _holding(rnd, opp)
        who = " & ".join(names[s] for s in opp)
        verb = "holds" if len(opp) == 1 and who != "You" else "hold"
        lines.append(f"{who} {verb} {text} = {total} -> {end.rounded}")
    else:
        lines.append("Blocked: nobody can play and nobody may draw.")
        for side in range(rules.sides):
            text, total = _holding(rnd, rules.seats_of(side))
            lines.append(f"{side_name(rnd, side, names)}: {text} = {total}")
        if end.winner_side < 0:
            lines.append("Tied for the fewest pips: nobody wins the round, no bonus.")
            return lines
        own = end.side_pips[end.winner_side]
        opp_pips = sum(end.side_pips) - own
        winner = side_name(rnd, end.winner_side, names)
        if rules.block_bonus == "difference":
            lines.append(
                f"Fewest pips: {winner}. {opp_pips} - {own} = {end.bonus_pips} -> {end.rounded}"
            )
        else:
            lines.append(f"Fewest pips: {winner}. Opponents' pips {opp_pips} -> {end.rounded}")
    if rules.cribbage:
        lines.append(f"{end.rounded} / {rules.multiple} = {end.bonus} (cribbage pegs)")
    elif rules.bonus_divisor != 1:
        lines.append(f"{end.rounded} / {rules.bonus_divisor} = {end.bonus}")
    lines.append(f"Bonus {end.bonus} to {side_name(rnd, end.winner_side, names)}.")
    return lines
