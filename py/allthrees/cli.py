"""Command line: ``python -m allthrees replay | deal | play | bench``."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .ai import get_player
from .errors import AllThreesError, BadRecord
from .match import Match
from .moves import ARMS, DRAW, PASS
from .notation import format_move
from .record import deal_record, load, replay, result
from .rules import PRESETS, Rules
from .summary import round_summary
from .tiles import NAME
from .view import make_view

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import OptionValue


def rules_from_args(args: argparse.Namespace) -> Rules:
    options: dict[str, OptionValue] = {"players": args.players}
    if getattr(args, "teams", False):
        options["teams"] = True
    if getattr(args, "target", None):
        options["target"] = args.target
    return Rules.make(args.rules, **options)


def cmd_rules(args: argparse.Namespace) -> int:
    """The rules in force, in words, with a worked example (the page's Rules screen)."""
    from .english import text
    from .rules import OPTIONS

    options = {
        name: getattr(args, name) for name in OPTIONS if getattr(args, name, None) is not None
    }
    try:
        rules = Rules.make(args.rules, **options)
    except BadRecord as exc:
        print(exc, file=sys.stderr)
        return 2
    print(text(rules), end="")
    return 0


def add_rule_options(p: argparse.ArgumentParser) -> None:
    """A flag per rule option of docs/rules.md (--hand-size 9, --set double_nine, --muggins ...)."""
    from .rules import BOOLS, CHOICES, INTS, OPTIONS

    for name in OPTIONS:
        flag = f"--{name.replace('_', '-')}"
        if name in BOOLS:
            p.add_argument(flag, dest=name, action=argparse.BooleanOptionalAction, default=None)
        elif name in INTS:
            p.add_argument(flag, dest=name, type=int, default=None, metavar="N")
        else:
            p.add_argument(flag, dest=name, choices=CHOICES[name], default=None)


# ---------------------------------------------------------------------- replay / deal / bench
def cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        out = result(replay(load(text)))
    except AllThreesError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    except (RecursionError, ValueError, TypeError) as exc:  # never a traceback for bad input
        print(f"bad record: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0


def _read(path: str) -> str:
    """A record's text from a file or standard input; OSError / UnicodeDecodeError for the
    caller to word."""
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a finished match's deals against its revealed seed and the commitment shown at the
    deal: every round dealt again from the seed must be the round the record holds."""
    from .record import verify

    try:
        text = _read(args.file)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as exc:
        print(f"{args.file} is not UTF-8 text (byte {exc.start})", file=sys.stderr)
        return 2
    try:
        record = load(text)
        match = verify(record)
        promised = record["commitment"]
    except AllThreesError as exc:
        print(_one_line(str(exc)), file=sys.stderr)
        return 2
    except (RecursionError, ValueError, TypeError) as exc:
        print(_one_line(f"bad record: {exc}"), file=sys.stderr)
        return 2
    print(
        json.dumps(
            {
                "ok": True,
                "rounds": len(match.rounds),
                "commitment": promised,
                "winner": match.winner if match.over else None,
            }
        )
    )
    return 0


def _one_line(text: str, limit: int = 200) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def cmd_deal(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
    except BadRecord as exc:
        print(exc, file=sys.stderr)
        return 2
    print(json.dumps(deal_record(rules, args.seed)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import rounds_per_second, standings_check

    if args.standings:
        checked = standings_check(args.standings)
        if args.json:
            print(json.dumps(checked))
        else:
            print(
                f"{checked['ms_per_entry']:,.0f} ms an entry: {checked['entries']} daily standings "
                f"entries ({checked['rounds']:.1f} rounds each) checked by replaying them in "
                f"{checked['seconds']} s of CPU"
            )
        return 0
    out = rounds_per_second(args.seconds)
    if args.json:
        print(json.dumps({"rounds_per_s": out["rounds_per_s"], "moves_per_s": out["moves_per_s"]}))
    else:
        print(
            f"{out['rounds_per_s']:,.0f} rounds/s ({out['moves_per_s']:,.0f} moves/s), "
            f"{out['rounds']} full 2-player parlor rounds with random legal moves "
            f"in {out['seconds']} s on one core"
        )
    return 0


# ---------------------------------------------------------------------- the terminal game
def _show_table(match: Match, seat: int, names: list[str]) -> None:
    rnd = match.round
    v = make_view(rnd, seat, match.scores)
    print()
    print(
        "Scores: "
        + ", ".join(
            f"{names[s] if not match.rules.teams else f'Team {s}'} "
            f"{match.scores[s] + rnd.points[s]}"
            for s in range(match.rules.sides)
        )
        + f"  (target {match.rules.target})"
    )
    if rnd.lead_tile < 0:
        print("The table is empty.")
    else:
        arms = []
        for a in range(4):
            if rnd.ends[a] >= 0:
                double = rnd.doubles[a] and (rnd.counts[a] or a < 2)  # the end tile lies crosswise
                shown = f"{rnd.ends[a]}|{rnd.ends[a]}" if double else str(rnd.ends[a])
                arms.append(
                    f"{ARMS[a]}: {shown} (counts {rnd.end_value(a)}, {rnd.counts[a]} tiles)"
                )
        print("Open ends  " + "   ".join(arms))
        print(f"End sum {rnd.end_sum}")
    print(
        f"Boneyard {rnd.boneyard_left}"
        + (f" (reserve {rnd.reserve})" if rnd.reserve else "")
        + "   Hands: "
        + ", ".join(f"{names[s]} {v.hand_sizes[s]}" for s in range(rnd.n))
    )
    print("Your hand: " + " ".join(NAME[t] for t in v.hand))


def _ask(moves: list[int], match: Match) -> int:
    rnd = match.round
    if len(moves) == 1 and moves[0] in (DRAW, PASS):
        word = "draw" if moves[0] == DRAW else "pass"
        input(f"No tile fits: press Enter to {word}. ")
        return moves[0]
    for i, m in enumerate(moves, 1):
        print(f"  {i}. {format_move(rnd, m)}")
    while True:
        answer = input("Your play (number, or q to quit): ").strip().lower()
        if answer in ("q", "quit"):
            raise KeyboardInterrupt
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        print(f"Type a number from 1 to {len(moves)}.")


def cmd_play(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    match = Match(rules, seed=args.seed)
    rng = random.Random(args.seed)
    opponent = get_player(args.opponent)
    human = 0
    names = ["You"] + [f"Computer {s}" for s in range(1, rules.players)]
    if rules.teams:
        names[2] = "Partner (computer)"
    try:
        while not match.over:
            rnd = match.start_round()
            print(
                f"\n=== Round {len(match.rounds)}: {names[rnd.leader]} lead"
                f"{'s' if rnd.leader != human else ''} ==="
            )
            while not rnd.over:
                seat = rnd.turn
                if seat == human:
                    _show_table(match, human, names)
                    move = _ask(rnd.legal_moves(), match)
                else:
                    move = opponent(make_view(rnd, seat, match.scores), rng)
                text = format_move(rnd, move)
                step = match.apply(move)
                you = seat == human
                if move == DRAW:
                    shown = f"draw {NAME[step.drawn]}" if you else "draws"
                    print(f"{names[seat]} {shown}.")
                elif move == PASS:
                    print(f"{names[seat]} pass{'' if you else 'es'}.")
                else:
                    scored = f", score{'' if you else 's'} {step.points}" if step.points else ""
                    print(
                        f"{names[seat]} play{'' if you else 's'} {text}: "
                        f"end sum {step.end_sum}{scored}."
                    )
            print()
            for line in round_summary(rnd, names):
                print("  " + line)
            print("Score: " + ", ".join(str(s) for s in match.scores))
        if match.winner is None:
            print("\nThe match is drawn.")
        else:
            who = names[match.winner] if not rules.teams else f"Team {match.winner}"
            print(
                f"\n{who} win{'s' if who != 'You' else ''} the match "
                f"{max(match.scores)} to {sorted(match.scores)[-2]}."
            )
    except (KeyboardInterrupt, EOFError):
        print("\nBye.")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from .ai import arena

    try:
        rules = rules_from_args(args)
        specs = (args.a, args.b)
        think = None if args.iterations else args.think_ms
        res = arena.run(specs, args.matches, rules, args.seed, think, args.iterations, args.jobs)
    except (BadRecord, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    out = arena.summary(specs, res)
    for key in ("a", "b"):
        p = out[key]
        print(
            f"{p['name']:>14}: {p['wins']:g}/{out['matches']} matches "
            f"({100 * p['win_rate']:.1f}%, 95% CI {100 * p['ci95'][0]:.1f}-"
            f"{100 * p['ci95'][1]:.1f}%), {p['points_per_round']} points/round, "
            f"{p['think_ms_per_move']} ms/move"
        )
    if args.json:
        print(json.dumps(out))
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    """The computer levels' ratings fitted from arena results (``ai.ladder``)."""
    from .ai import ladder

    lines: list[str] = []
    try:
        for name in args.files:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
            lines += text.splitlines()
        fitted = ladder.fit(ladder.pairs_of(lines))
    except (OSError, ValueError, KeyError) as exc:
        print(f"cannot fit the ladder: {exc}", file=sys.stderr)
        return 2
    for level, figure in fitted.items():
        print(f"{level:>10}: {figure['rating']:7.1f} +- {figure['deviation']:.1f}")
    if args.json:
        print(json.dumps(fitted))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m allthrees", description="All Threes dominoes")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a JSON record (docs/rules.md) and print the result")
    p.add_argument("file", help="record file, or - for standard input")
    p.set_defaults(func=cmd_replay)

    def add_rules(p: argparse.ArgumentParser) -> None:
        p.add_argument("--rules", default="parlor", choices=sorted(PRESETS))
        p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
        p.add_argument("--teams", action="store_true", help="4 players, seats 0+2 vs 1+3")
        p.add_argument("--seed", type=int, default=None)

    p = sub.add_parser("verify", help="check a finished match's deals against its revealed seed")
    p.add_argument("file", help="the record of a finished match (with seed and commitment), or -")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("rules", help="the rules in force, in words, with a worked example")
    p.add_argument("--rules", default="parlor", choices=sorted(PRESETS))
    add_rule_options(p)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("deal", help="print a fresh round record")
    add_rules(p)
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("play", help="play in the terminal against computer opponents")
    add_rules(p)
    p.add_argument("--target", type=int, default=None)
    p.add_argument("--opponent", default="expert", help="beginner, casual, pub or expert")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("bench", help="engine speed: random 2-player parlor rounds per second")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--standings", type=int, default=0, metavar="N", help="instead: check N daily entries"
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("arena", help="play matches between two computer players")
    p.add_argument("a", help="player A: random, beginner, casual, pub, expert (expert:50ms)")
    p.add_argument("b", help="player B")
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--rules", default="parlor", choices=sorted(PRESETS))
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--teams", action="store_true")
    p.add_argument("--think-ms", type=float, default=250.0)
    p.add_argument("--iterations", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_arena, target=None)

    p = sub.add_parser("ladder", help="fit the computer levels' ratings from arena results")
    p.add_argument("files", nargs="+", help="files of `arena ... --json` output, or -")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ladder)

    args = parser.parse_args(argv)
    code: int = args.func(args)  # each command's exit code
    return code
