"""How a round ended, in words, with the bonus arithmetic step by step (terminal and browser)."""

from __future__ import annotations

from .round import BLOCKED, DOMINO, Round
from .tiles import PIPS, tiles_of


def side_name(rnd: Round, side: int, names: list[str]) -> str:
    if not rnd.rules.teams:
        return names[side]
    seats = [s for s in range(rnd.n) if rnd.rules.side_of(s) == side]
    return " & ".join(names[s] for s in seats)


def _holding(rnd: Round, seats: list[int]) -> tuple[str, int]:
    """'5+2' and 7: the pips of each tile the seats hold, and their total."""
    parts = [PIPS[t] for s in seats for t in tiles_of(rnd.hands[s])]
    return ("+".join(str(p) for p in parts) or "0"), sum(parts)


def round_summary(rnd: Round, names: list[str]) -> list[str]:
    """Lines such as 'Opponent holds 5+2 = 7 -> 6' explaining the round's end and bonus."""
    if rnd.reason is None:
        return []
    rules = rnd.rules
    k = rules.multiple
    lines = []
    sides = range(rules.sides)
    seats_of = {side: [s for s in range(rnd.n) if rules.side_of(s) == side] for side in sides}
    if rnd.reason == DOMINO:
        win = rnd.winner_side
        lines.append(f"{names[rnd.winner_seat]} went out: domino!")
        opp = [s for s in range(rnd.n) if rules.side_of(s) != win]
        text, total = _holding(rnd, opp)
        who = " & ".join(names[s] for s in opp)
        verb = "holds" if len(opp) == 1 and who != "You" else "hold"
        lines.append(f"{who} {verb} {text} = {total} -> {rules.round_to_multiple(total)}")
    else:
        lines.append("Blocked: nobody can play and nobody may draw.")
        pips = rnd.side_pips()
        for side in sides:
            text, total = _holding(rnd, seats_of[side])
            lines.append(f"{side_name(rnd, side, names)}: {text} = {total}")
        if rnd.winner_side < 0:
            lines.append("Tied for the fewest pips: nobody wins the round, no bonus.")
            return lines
        win = rnd.winner_side
        own = pips[win]
        opp = sum(pips) - own
        if rules.block_bonus == "difference":
            raw = opp - own
            lines.append(
                f"Fewest pips: {side_name(rnd, win, names)}. "
                f"{opp} - {own} = {raw} -> {rules.round_to_multiple(raw)}"
            )
        else:
            lines.append(
                f"Fewest pips: {side_name(rnd, win, names)}. "
                f"Opponents' pips {opp} -> {rules.round_to_multiple(opp)}"
            )
    raw, rounded = rnd.bonus_pips()
    if rules.cribbage:
        lines.append(f"{rounded} / {k} = {rnd.bonus} (cribbage pegs)")
    elif rules.bonus_divisor != 1:
        lines.append(f"{rounded} / {rules.bonus_divisor} = {rnd.bonus}")
    lines.append(f"Bonus {rnd.bonus} to {side_name(rnd, rnd.winner_side, names)}.")
    assert rnd.reason in (DOMINO, BLOCKED)
    return lines
