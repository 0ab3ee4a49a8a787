"""Command line ``faceup``: the house edge when the players' cards are dealt face up.

Examples
--------
>>> import contextlib, io
>>> errors = io.StringIO()
>>> with contextlib.redirect_stderr(errors):
...     main(["--rules", "crazy4-standard", "--players", "0-3"])
2
>>> print(errors.getvalue(), end="")
crazy4: error: --players '0-3': each from 1 to 7
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from crazy4.cli.options import (
    add_study_run_options,
    as_number,
    command_line,
    count,
    run_alone,
    whole_numbers,
    worker_count,
)
from crazy4.errors import InputError

DEFAULT_SEED = 2020


def player_counts(text: str) -> list[int]:
    """``--players``: a number, a list (``1,3,7``) or a range (``1-7`` or ``1..7``).

    Examples
    --------
    >>> player_counts("1..3,7")
    [1, 2, 3, 7]
    >>> player_counts("8")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --players '8': each from 1 to 7
    """
    values = whole_numbers(text, "--players", "(1,3,7) or a range (1-7)", dots=True)
    if min(values) < 1 or max(values) > 7:
        raise InputError(f"--players {text!r}: each from 1 to 7")
    return sorted(values)


def points(text: str) -> float:
    """``--target-se`` in points of the Ante (0.02 is 0.0002 per Ante).

    Examples
    --------
    >>> points("0.02")
    0.0002
    """
    value = as_number(text)
    if not 0 < value < 100:
        raise argparse.ArgumentTypeError(f"{text} must be above 0 and below 100 points")
    return value / 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the ``faceup`` subcommand."""
    parser.add_argument(
        "--rules", required=True, help="rule set: a shipped name or a TOML file's path"
    )
    parser.add_argument(
        "--players",
        default="1-7",
        help="players at the table, each seeing every player's cards: a number, a list "
        "(1,3,7) or a range (1-7 or 1..7), from 1 to 7 (default 1-7)",
    )
    parser.add_argument(
        "--target-se",
        type=points,
        default=0.0002,
        help="the largest standard error of each house edge, in points of the bet's own wager "
        "(default 0.02), for every bet priced face up: runs are extended until it is reached "
        "or --max-deals is",
    )
    parser.add_argument(
        "--pilot-deals", type=count, default=1000, help="deals of each first run (default 1,000)"
    )
    most = "the most deals of one run (default 2,000,000)"
    parser.add_argument("--max-deals", type=count, default=2_000_000, help=most)
    add_study_run_options(
        parser,
        DEFAULT_SEED,
        "local threads (default) or a Dask cluster's workers (docs/cluster.md; Crazy 4 "
        "Poker and Four Card Poker)",
    )
    parser.add_argument(
        "--out",
        help="folder for the report (report.md, report.html) and the tables (faceup.parquet: "
        "the main game; bets.parquet: every bet; with provenance); replaced as a whole. "
        "Without it the tables are printed only",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")


def run(args: argparse.Namespace, argv: Sequence[str] = ()) -> int:
    """Run the study; print the table; write the report with ``--out``."""
    from crazy4.advantage.faceup import exact_bets, face_up_bets_frame, face_up_frame, face_up_row
    from crazy4.advantage.faceup_report import bets_table, edge_table, render_html, render_markdown
    from crazy4.registry import load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.results.write import (
        provenance,
        replace_folder,
        write_run_record,
        write_table,
        write_text,
    )
    from crazy4.rules.load import resolve_rules_path

    if args.scheduler and args.backend != "dask":
        raise InputError("--scheduler needs --backend dask")
    if args.pilot_deals > args.max_deals:
        raise InputError(f"--pilot-deals {args.pilot_deals:,}: above --max-deals")
    players = player_counts(args.players)
    rules = load_rules(args.rules)
    outputs = [Output("--out", args.out, folder=True)] if args.out is not None else []
    claimed = check_outputs(outputs, [("--rules", resolve_rules_path(args.rules))])
    jobs = worker_count(args.jobs) if args.backend == "local" else args.jobs
    command = command_line(["advantage", "faceup", *argv] if argv else sys.argv[1:])
    say = (lambda line: None) if args.quiet else (lambda line: print(line, file=sys.stderr))
    rows = []
    for n in players:
        row = face_up_row(
            rules, n, seed=args.seed, target=args.target_se, pilot=args.pilot_deals,
            max_deals=args.max_deals, jobs=jobs, backend=args.backend,
            scheduler=args.scheduler, progress=say,
        )  # fmt: skip
        rows.append(row)
    print(f"Face-up dealing, {rules.name}: house edge of the main game per Ante per player hand")
    print(edge_table(rows))
    print("\nEvery bet, per unit of its own wager (house edge and element of risk):")
    print(bets_table(rows))
    if claimed:
        bets, main_bet = exact_bets(rules)
        record = provenance(
            rules.name, rules.content_hash, sum(row.deals for row in rows), seed=args.seed,
            players=players, target_standard_error=args.target_se, pilot_deals=args.pilot_deals,
            max_deals=args.max_deals,
        )  # fmt: skip
        text = render_markdown(rules.title, rows, bets, main_bet, record)
        frame = face_up_frame(rules, rows, args.seed)

        def write_all(target: Path) -> None:
            write_table(frame, target / "faceup.parquet", record)
            write_table(face_up_bets_frame(rules, rows, args.seed), target / "bets.parquet", record)
            write_text(target / "report.md", text)
            write_text(target / "report.html", render_html(f"Face-up dealing: {rules.title}", text))
            write_run_record(target, command)

        replace_folder(claimed[0].path, write_all, claimed[0].state)
        print(
            f"report.md, report.html, faceup.parquet and bets.parquet written to {claimed[0].path}"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``faceup`` alone (tests); returns the exit status."""
    return run_alone("crazy4 advantage faceup", __doc__.split("\n")[0], add_arguments, run, argv)
