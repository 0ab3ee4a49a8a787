"""Command-line interface: ``crazy4 analyze | report | hand | cardroom | rules`` and the rest.

Every user error is one line on standard error, ``crazy4: error: ...``, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli.advantage import add_advantage
from crazy4.cli.design import add_design, add_verify
from crazy4.cli.options import (
    EVERY_CORE,
    JOBS_BOUND,
    Commands,
    Parser,
    command_line,
    non_negative_int,
    one_line,
    positive_int,
    progress_bar,
    worker_count,
)
from crazy4.cli.report import add_report
from crazy4.cli.simulate import add_commands
from crazy4.cli.validate import add_validate_command
from crazy4.errors import InputError
from crazy4.version import __version__

if TYPE_CHECKING:
    from crazy4.cardroom.seats import Seat

EXIT_USAGE = 2


def cmd_analyze(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.registry import game_of, load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.rules.load import resolve_rules_path

    rules = load_rules(args.rules)
    _check_simulation(args)
    out_path = Path("results") / rules.name if args.out is None else args.out
    (out,) = check_outputs(
        [Output("--out", out_path, folder=True)], [("--rules", resolve_rules_path(args.rules))]
    )
    game_of(rules).prepare(rules)  # the input is good: a kernel compile starts before the imports

    from crazy4.pipeline import run_rule_set, steps

    jobs = worker_count(args.jobs)
    total = steps(rules, args.hole_cards) + 1
    step, close = progress_bar(total, f"analyze {rules.name}", not args.quiet)
    try:
        results = run_rule_set(
            rules,
            command=command_line(argv),
            jobs=jobs,
            simulate_rounds=args.simulate_rounds,
            seed=args.seed,
            progress=step,
            hole_cards=args.hole_cards,
        )
        results.write(out.path, expect=out.state)
        step("written")
    finally:
        close()
    print(f"{results.headline()}; {len(results.tables)} tables and report.md in {out.path}")
    return 0


def cmd_hand(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.pipeline import hand
    from crazy4.registry import game_of, load_rules

    rules = load_rules(args.rules)
    result = hand(rules, args.cards, args.up)
    print(json.dumps(result, indent=2) if args.json else game_of(rules).hand_text(result))
    return 0


#: The most card-removal deals ``--simulate-rounds`` may ask for (1,000 times the default).
MAX_SIMULATE_ROUNDS = 10**9


def _check_simulation(args: argparse.Namespace) -> None:
    from crazy4.cardroom.defaults import SIMULATION_BATCHES

    rounds = args.simulate_rounds
    if rounds != 0 and rounds < SIMULATION_BATCHES:
        raise InputError(
            f"--simulate-rounds {rounds}: give 0 (no simulation) or at least {SIMULATION_BATCHES}"
        )
    if rounds > MAX_SIMULATE_ROUNDS:
        raise InputError(
            f"--simulate-rounds {rounds:,}: at most {MAX_SIMULATE_ROUNDS:,} (1,000 times the "
            "default)"
        )


def _seats_from_args(args: argparse.Namespace, name: str, most: int) -> list[Seat]:
    """The seats of ``--seats`` (at most ``most``: rule set ``name``'s), or each ``--seat``."""
    from crazy4.cardroom.seats import STRATEGIES, Seat
    from crazy4.core.money import parse_money

    if args.seat:
        seats = []
        for number, spec in enumerate(args.seat, start=1):
            parts = spec.split(":")
            if len(parts) > 3:
                raise InputError(f"--seat {spec!r}: expected ANTE[:QUEENS_UP[:STRATEGY]]")
            ante = parse_money(parts[0], f"--seat #{number} Ante", positive=True)
            queens = parse_money(parts[1], f"--seat #{number} Queens Up") if len(parts) > 1 else 0
            strategy = parts[2] if len(parts) > 2 else "optimal"
            if strategy not in STRATEGIES:
                raise InputError(
                    f"--seat {spec!r}: strategy {strategy!r}; expected one of "
                    f"{', '.join(STRATEGIES)}"
                )
            seats.append(Seat(ante, Fraction(queens), strategy))
        return seats
    if args.ante is None:
        raise InputError("give --ante (with --seats), or one --seat per seat")
    if args.seats < 1:
        raise InputError(f"--seats {args.seats}: at least one seat is needed")
    if args.seats > most:  # before a list of that many seats is made
        raise InputError(
            f"seats: {args.seats} seats; the rule set {name!r} seats at most {most} player hands"
        )
    ante = parse_money(args.ante, "--ante", positive=True)
    queens = parse_money(args.queens_up, "--queens-up")
    return [Seat(ante, queens, args.strategy)] * args.seats


def cmd_cardroom(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.cardroom.model import CardroomModel, cardroom_rules
    from crazy4.cardroom.seats import check_seats, find_table
    from crazy4.cardroom.tables import cardroom_summary, format_summary
    from crazy4.core.money import parse_money
    from crazy4.registry import load_rules

    rules = cardroom_rules(load_rules(args.rules))
    _check_simulation(args)
    seats = _seats_from_args(args, rules.name, rules.max_seats)
    bankroll = None if args.bankroll is None else parse_money(args.bankroll, "--bankroll")
    table = find_table(rules, args.table, seats[0].ante)
    check_seats(rules, table, seats)  # before the minutes of computing
    model = CardroomModel.of_rules(
        rules, jobs=worker_count(args.jobs), simulation_rounds=args.simulate_rounds, seed=args.seed
    )
    summary = cardroom_summary(model, table, seats, bankroll)
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    return 0


def cmd_rules(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.registry import load_rules
    from crazy4.rules.load import shipped_rule_names

    if args.rules_command == "list":
        for name in shipped_rule_names():
            print(f"{name:<24}{load_rules(name).title}")
        return 0
    rules = load_rules(args.name)
    print(rules.text.rstrip())
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``crazy4`` command."""
    parser = Parser(
        prog="crazy4",
        description="Exact analyzer for casino poker games played against a dealer (Crazy 4 "
        "Poker, Four Card Poker, Three Card Poker; 'crazy4 rules' lists the rule sets): every "
        "player/dealer deal counted exactly; exact EVs, optimal strategy, result tables and "
        "reports.",
        epilog="Exit status: 0 success, 2 bad input (one line on standard error: "
        "'crazy4: error: ...').",
    )
    parser.add_argument("--version", action="version", version=f"crazy4 {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (_add_analyze, add_report, _add_hand, _add_cardroom, _add_rules):
        add(commands)
    add_commands(commands)  # simulate
    add_validate_command(commands)
    add_advantage(commands)  # advantage holecards, detect
    add_design(commands)  # design, design compare
    add_verify(commands)  # verify-par
    return parser


def _add_analyze(commands: Commands) -> None:
    """``crazy4 analyze``: the exact analysis written as tables and a report."""
    analyze = commands.add_parser(
        "analyze",
        help="analyze a rule set exactly and write its tables and report",
        description="Count every player/dealer deal of a rule set exactly, price every bet, "
        "find the optimal strategy, and write parquet tables plus report.md.",
    )
    analyze.add_argument(
        "--rules",
        required=True,
        help="a shipped rule set name (see 'crazy4 rules list') or a path to a rule file (.toml)",
    )
    analyze.add_argument(
        "--out",
        help="output folder (default: results/<rule set name>); created if missing. It is "
        "replaced as a whole (the new results are built beside it, then swapped in), so "
        "afterwards it holds exactly this rule set's output, and an interrupted run leaves it "
        "as it was; an existing folder may hold only what crazy4 writes",
    )
    analyze.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        help=f"threads for building tables and counting ({EVERY_CORE}); the results are "
        f"identical for any number. {JOBS_BOUND}",
    )
    analyze.add_argument("--quiet", action="store_true", help="no progress bar")
    analyze.add_argument(
        "--hole-cards",
        action="store_true",
        help="also write the hole-card tables (hole_*.parquet) and report section: the game "
        "played with one hidden dealer card seen (see 'crazy4 advantage holecards')",
    )
    _simulation_options(analyze)
    analyze.set_defaults(handler=cmd_analyze)


def _add_hand(commands: Commands) -> None:
    """``crazy4 hand``: one hand's exact outcomes and decision."""
    hand = commands.add_parser(
        "hand",
        help="exact dealer outcomes, EVs and the optimal decision for one hand",
        description="Exact dealer outcome counts (by listing every dealer hand: 1,533,939 in "
        "Crazy 4 Poker, 1,370,754 hidden completions of the up card in Four Card Poker, "
        "18,424 in Three Card Poker), the EV of each decision and the optimal decision for "
        "one player hand (as many cards as the game deals the player).",
    )
    hand.add_argument(
        "cards",
        help='the player\'s cards (five, or three in Three Card Poker), e.g. "Ks Qd 8c 4h 2s", '
        'KsQd8c4h2s or "Ks Qd 8c"',
    )
    hand.add_argument(
        "--rules", default="crazy4-standard", help="rule set name or path (default crazy4-standard)"
    )
    hand.add_argument(
        "--up",
        help="the dealer's up card (required for a game dealt with one face up, as Four Card "
        "Poker is), e.g. Kd",
    )
    hand.add_argument("--json", action="store_true", help="print one JSON object instead")
    hand.set_defaults(handler=cmd_hand)


def _add_cardroom(commands: Commands) -> None:
    """``crazy4 cardroom``: the card room's economics of one table."""
    cardroom = commands.add_parser(
        "cardroom",
        help="the card room's economics: player's cost with the collection, banker's side",
        description="Dollar figures for one round at a card-room table of a rule set "
        "([[cardroom.tables]]): the player's expected loss (house edge plus the collection), "
        "the same for two hands with the second blind, and the banker's (player/dealer's) "
        "expected win net of its collection, its standard deviation including the correlation "
        "between seats sharing the dealer's hand, the rounds needed to be ahead with 95% "
        "probability and the risk of ruin. Means are exact; the card-removal term between "
        "seats is simulated (seeded).",
        epilog="Example: crazy4 cardroom --rules crazy4-cardroom --seats 6 --ante 20 "
        "--queens-up 5 --bankroll 5000",
    )
    cardroom.add_argument(
        "--rules",
        default="crazy4-cardroom",
        help="rule set name or path to a rule file with [[cardroom.tables]] "
        "(default crazy4-cardroom)",
    )
    cardroom.add_argument(
        "--table",
        help="table name from the rule file (e.g. 5-20); default: the first table whose Ante "
        "limits allow the first seat's Ante",
    )
    cardroom.add_argument(
        "--seats",
        type=int,
        default=1,
        help="number of seats (player hands) the banker plays against, all alike; 1 to the "
        "rule set's max_seats (default 1)",
    )
    cardroom.add_argument(
        "--ante",
        help="each seat's Ante in dollars (the Super Bonus is equal); within the table's "
        "limits; required unless --seat is given",
    )
    cardroom.add_argument(
        "--queens-up",
        default="0",
        help="each seat's Queens Up bet in dollars, paid by the rule set's first [[queens_up]] "
        "table; 0 for none (default 0)",
    )
    cardroom.add_argument(
        "--strategy",
        default="optimal",
        choices=("optimal", "simple", "blind"),
        help="each seat's strategy: optimal (exact optimum for its bets), simple (published: "
        "3x pair of aces+, 1x K-Q-8-4+), blind (the blind second hand) (default optimal)",
    )
    cardroom.add_argument(
        "--seat",
        action="append",
        metavar="ANTE[:QUEENS_UP[:STRATEGY]]",
        help="one seat with its own bets, e.g. --seat 20:5 --seat 20:0:blind; repeat per seat; "
        "replaces --seats/--ante/--queens-up/--strategy",
    )
    cardroom.add_argument(
        "--bankroll", help="the banker's bankroll in dollars, for a risk-of-ruin figure"
    )
    jobs = f"threads for the counting ({EVERY_CORE}). {JOBS_BOUND}"
    cardroom.add_argument("--jobs", type=positive_int, default=None, help=jobs)
    cardroom.add_argument("--json", action="store_true", help="print one JSON object instead")
    _simulation_options(cardroom)
    cardroom.set_defaults(handler=cmd_cardroom)


def _add_rules(commands: Commands) -> None:
    """``crazy4 rules list | show``."""
    listed = "list or print the shipped rule sets"
    rules = commands.add_parser(
        "rules", help=listed, description="List or print the shipped rule sets."
    )
    rules_commands = rules.add_subparsers(dest="rules_command", required=True, metavar="ACTION")
    rules_commands.add_parser("list", help="list the shipped rule sets with their titles")
    show = rules_commands.add_parser("show", help="print one rule set's rule file")
    show.add_argument("name", help="rule set name or path")
    rules.set_defaults(handler=cmd_rules)


def _simulation_options(parser: argparse.ArgumentParser) -> None:
    from crazy4.cardroom.defaults import SIMULATION_ROUNDS, SIMULATION_SEED

    parser.add_argument(
        "--simulate-rounds",
        type=non_negative_int,
        default=SIMULATION_ROUNDS,
        help="card-room figures: deals simulated to estimate the card-removal covariance "
        "between seats (the one term not counted exactly); 0 leaves it out "
        f"(default {SIMULATION_ROUNDS:,}; at most {MAX_SIMULATE_ROUNDS:,})",
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=SIMULATION_SEED,
        help=f"seed of that simulation (default {SIMULATION_SEED})",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (``--help`` raises ``SystemExit(0)``).

    Examples
    --------
    >>> import contextlib, io
    >>> errors = io.StringIO()
    >>> with contextlib.redirect_stderr(errors):
    ...     main(["analyze", "--rules", "crazy4-standard", "--jobs", "many"])
    2
    >>> print(errors.getvalue(), end="")
    crazy4: error: argument --jobs: 'many' is not a whole number (see 'crazy4 analyze --help')
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(arguments)
        handler: Callable[[argparse.Namespace, Sequence[str]], int] = args.handler
        return handler(args, arguments)
    except InputError as error:
        print(f"crazy4: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("crazy4: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
