"""Command-line command ``crazy4 simulate`` (``crazy4 validate`` is :mod:`crazy4.cli.validate`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from crazy4.cli.options import (
    Commands,
    amount,
    count,
    non_negative_int,
    positive_int,
    tqdm_bar,
    worker_count,
)
from crazy4.errors import InputError


def check_outputs_of(args: argparse.Namespace) -> None:
    """The ``--log``, ``--log-cards`` and ``--summary`` options (raises ``InputError``)."""
    from crazy4.log.logwriter import check_log_cards
    from crazy4.results.destination import Output, check_outputs
    from crazy4.rules.load import resolve_rules_path

    if args.log is not None and Path(args.log).suffix.lower() not in (".parquet", ".csv"):
        raise InputError("--log must name a .parquet or .csv file")
    if args.log is None:
        if args.log_cards != "text":
            raise InputError(f"--log-cards {args.log_cards} needs --log")
    else:
        check_log_cards(args.log_cards, Path(args.log).suffix.lower() == ".csv")
    outputs = [
        Output(option, path)
        for option, path in (("--log", args.log), ("--summary", args.summary))
        if path is not None
    ]
    strategy = args.strategy if Path(args.strategy).is_file() else None
    inputs = [("--rules", resolve_rules_path(args.rules)), ("--strategy", strategy)]
    check_outputs(outputs, inputs)


def cmd_simulate(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.registry import load_rules
    from crazy4.results.write import write_text
    from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts
    from crazy4.simulate.plan import check_rounds

    rules = load_rules(args.rules)
    from crazy4.cli.surveil import plants, simulate_planted, simulation_record

    if plants(args):  # hole-carders or a team among the seats: crazy4.cli.surveil plays them
        return simulate_planted(args, rules, check_outputs_of)
    if args.team_rule is not None or args.ante != 1:
        raise InputError("--team-rule and --ante need planted seats (--team-seats, ...)")
    if args.hole_cards is not None:  # a hole-carding seat: crazy4.cli.advantage plays it
        from crazy4.cli.advantage import simulate_hole_card_seat

        return simulate_hole_card_seat(args, rules)
    if args.scheduler and args.backend != "dask":
        raise InputError("--scheduler needs --backend dask")
    check_rounds(args.rounds, log=args.log is not None)
    check_outputs_of(args)
    plan = make_plan(
        rules,
        rounds=args.rounds,
        seed=args.seed,
        seats=args.seats,
        blind_hands=args.blind_hands,
        strategy=args.strategy,
        side_bet=args.queens_up or args.aces_up,
        meter=args.meter,
    )
    # the last check; a Dask cluster's workers are not this machine's cores
    jobs = worker_count(args.jobs) if args.backend == "local" else args.jobs
    record = simulation_record(rules, plan)
    bar = tqdm_bar(plan.rounds, f"simulate {rules.name}", "round", args.quiet, scale=True)
    try:
        counts = run_simulation(
            plan,
            jobs=jobs,
            backend=args.backend,
            scheduler=args.scheduler,
            log_path=Path(args.log) if args.log else None,
            log_metadata=record,
            log_cards=args.log_cards,
            progress=bar.update,
        )
    finally:
        bar.close()
    summary = summarize_counts(plan, counts)
    print(summary.render())
    if args.summary:
        data = summary.to_dict()
        data["provenance"] = record
        write_text(Path(args.summary), json.dumps(data, indent=2))
    return 0


def add_commands(commands: Commands) -> None:
    """Add the ``simulate`` subcommand to ``crazy4``'s subparsers.

    Examples
    --------
    >>> parser = argparse.ArgumentParser(prog="crazy4")
    >>> add_commands(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["simulate", "--rules", "x", "--rounds", "1e6"]).rounds
    1000000
    """
    simulate = commands.add_parser(
        "simulate",
        help="Monte Carlo simulation of a rule set, compared with the exact values",
        description="Play rounds from fresh decks (1-7 seats sharing the dealer's hand), "
        "every seat following a strategy; print each bet's mean with its standard error beside "
        "the exact value, hit frequencies, the dealer's qualification rate and hand category "
        "frequencies. The same seed gives the same numbers for any --jobs or backend.",
    )
    simulate.add_argument("--rules", required=True, help="rule set name or path")
    simulate.add_argument(
        "--rounds",
        type=count,
        required=True,
        help="rounds to play (1e6 ok); at most 1e12, and 1e10 with --log (about a million "
        "rounds a second per core; the log takes about 15 bytes a seat and round)",
    )
    simulate.add_argument("--seed", type=non_negative_int, default=0, help="seed (default 0)")
    simulate.add_argument(
        "--seats", type=positive_int, default=1, help="hands a round, 1-7 (default 1)"
    )
    simulate.add_argument(
        "--blind-hands",
        type=non_negative_int,
        default=0,
        help="how many of the seats (the last ones) are the card room's blind second hands",
    )
    simulate.add_argument(
        "--strategy",
        default="optimal",
        help="optimal (default), simple, or a CSV/parquet file with columns hand, decision",
    )
    _add_planting(simulate)
    simulate.add_argument("--queens-up", help="Queens Up table for the log (default: the first)")
    simulate.add_argument("--aces-up", help="Aces Up table for the log (default: the first)")
    simulate.add_argument(
        "--meter",
        metavar="AMOUNT",
        help="the progressive's meter in dollars, fixed for the run (rule sets with a "
        "[progressive] section; default: its reset)",
    )
    _add_outputs(simulate)
    simulate.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="workers (default 1): with the local backend, threads of this process, at most the "
        "cores of this machine: more runs on as many workers as there are cores, with a "
        "one-line note; never more workers than chunks of 65,536 rounds (with --backend dask "
        "the cluster's threads run the tasks)",
    )
    simulate.add_argument(
        "--backend",
        choices=("local", "dask"),
        default="local",
        help="local threads (default) or a Dask cluster's workers (docs/cluster.md; not with "
        "planted seats)",
    )
    simulate.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(handler=cmd_simulate)


def _add_outputs(simulate: argparse.ArgumentParser) -> None:
    """The ``--log``, ``--log-cards`` and ``--summary`` options of ``crazy4 simulate``."""
    simulate.add_argument("--log", help="write every seat and round to this .parquet or .csv file")
    simulate.add_argument(
        "--log-cards",
        choices=("text", "compact"),
        default="text",
        help="the log's player and dealer (and up_card) columns: text (default, 'As Kd 8c 4h "
        "2s'), or compact: one byte a card, its code 4 * rank + suit (0-51, ranks 2..A, suits "
        "c d h s), highest first, in a fixed-size binary column (parquet only; smaller and "
        "faster to write and read; crazy4 validate reads both)",
    )
    simulate.add_argument("--summary", help="write the summary as JSON (crazy4 validate reads it)")


def _add_planting(simulate: argparse.ArgumentParser) -> None:
    """The options that plant cheats among the seats (``crazy4.cli.surveil``)."""
    simulate.add_argument(
        "--hole-cards",
        type=non_negative_int,
        help="hidden dealer cards (the first dealt) a hole-carder sees and plays the exact "
        "hole-card strategy for: the seats of --hole-card-seats (default seat 1); alone with one "
        "seat and no --log or --summary, prints that seat's mean net per round with its "
        "standard error (see 'crazy4 advantage holecards' for the exact value)",
    )
    simulate.add_argument(
        "--hole-card-seats",
        metavar="SEATS",
        help="plant hole-carders: these seats (e.g. '2' or '1,4') see --hole-cards hidden dealer "
        "cards and play the exact hole-card strategy; the other seats play honestly; with "
        "--log the log's metadata records it (docs/surveillance.md)",
    )
    simulate.add_argument(
        "--team-seats",
        metavar="SEATS",
        help="plant a team: these seats (at least two, e.g. '3,4,5') pool their cards and each "
        "plays the exact optimum for the pooled cards (or --team-rule)",
    )
    simulate.add_argument(
        "--team-rule",
        help="the team shares only a practical rule's count of some ranks instead of every "
        "card (Crazy 4 Poker: A, AK, K, AKQ; Four Card Poker: see 'crazy4 advantage collusion')",
    )
    simulate.add_argument(
        "--ante",
        type=amount,
        default=1.0,
        help="with planted seats: the Ante's size in money, written to the log (every wager "
        "and net in money, and the metadata) and used for the money figures (default 1)",
    )
