"""Command line ``how``: S. How's Four Card Poker collusion as he ran it, beside the exact
count-optimal strategy.

Examples
--------
>>> import contextlib, io
>>> errors = io.StringIO()
>>> with contextlib.redirect_stderr(errors):
...     main(["--rules", "crazy4-standard"])
2
>>> print(errors.getvalue(), end="")
crazy4: error: 'crazy4-standard' is not a Four Card Poker rule set
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from crazy4.cli.faceup import points
from crazy4.cli.options import count, non_negative_int, positive_int, run_alone, worker_count
from crazy4.errors import InputError

#: What each strategy is, as the table prints it.
LABELS = {
    "honest": "exact optimal strategy, no count (exact)",
    "simple": "published simple strategy, no count (exact)",
    "how": "How's count-adjusted simple strategy",
    "count": "exact optimal strategy given the count",
    "full": "every card shared (face up)",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the ``how`` subcommand."""
    parser.add_argument("--rules", required=True, help="a Four Card Poker rule set")
    parser.add_argument(
        "--seats", type=positive_int, default=6, help="seats sharing the count (default 6)"
    )
    parser.add_argument(
        "--target-se",
        type=points,
        default=0.0005,
        help="the largest standard error of How's and the count-optimal edge, in points of "
        "the Ante (default 0.05)",
    )
    parser.add_argument(
        "--pilot-deals", type=count, default=2000, help="first run's deals (default 2,000)"
    )
    parser.add_argument(
        "--count-pilot-deals",
        type=count,
        default=300,
        help="first run's deals for the count-optimal strategy (default 300; each seat of a "
        "deal lists its own 1.37 million dealer hands)",
    )
    parser.add_argument(
        "--max-deals", type=count, default=200_000, help="the most deals of a run (200,000)"
    )
    parser.add_argument(
        "--no-count", action="store_true", help="leave out the count-optimal strategy (slow)"
    )
    parser.add_argument(
        "--seed", type=non_negative_int, default=2010, help="seed (default 2010, How's year)"
    )
    jobs = "local worker threads (default 1; the numbers do not change)"
    parser.add_argument("--jobs", type=positive_int, default=1, help=jobs)
    parser.add_argument("--out", help="write the table as a parquet file (with provenance)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")


def run(args: argparse.Namespace, argv: Sequence[str] = ()) -> int:
    """Run the study; print the table; write it with ``--out``."""
    import pandas as pd

    from crazy4.registry import load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.results.write import provenance, write_table
    from crazy4.rules.load import resolve_rules_path
    from crazy4.studies.how import check_rules, how_grid, how_study, read_how_table

    rules = load_rules(args.rules)
    check_rules(rules, how_grid(read_how_table()))
    if args.out is not None:
        if Path(args.out).suffix.lower() != ".parquet":
            raise InputError(f"--out {args.out!r}: must name a .parquet file")
        check_outputs([Output("--out", args.out)], [("--rules", resolve_rules_path(args.rules))])
    say = (lambda line: None) if args.quiet else (lambda line: print(line, file=sys.stderr))
    rows = how_study(
        rules, seats=args.seats, seed=args.seed, target=args.target_se, pilot=args.pilot_deals,
        count_pilot=args.count_pilot_deals, max_deals=args.max_deals, count=not args.no_count,
        jobs=worker_count(args.jobs), progress=say,
    )  # fmt: skip
    print(f"S. How's collusion, {rules.name}, {args.seats} seats: house edge per Ante per seat")
    for row in rows:
        error = "exact" if row.standard_error == 0 else f"± {100 * row.standard_error:.4f}"
        print(f"  {LABELS[row.strategy]:<46} {100 * row.house_edge:>8.4f}%  {error:>9}  "
              f"({row.deals:,} deals)")  # fmt: skip
    if args.out is not None:
        frame = pd.DataFrame(
            [{"strategy": r.strategy, "description": LABELS[r.strategy], "seats": args.seats,
              "deals": r.deals, "house_edge": r.house_edge, "standard_error": r.standard_error,
              "plain_edge": r.plain_edge, "fold": r.decisions[0], "play_1x": r.decisions[1],
              "play_2x": r.decisions[2], "play_3x": r.decisions[3]} for r in rows]
        )  # fmt: skip
        record = provenance(
            rules.name, rules.content_hash, max(r.deals for r in rows), seed=args.seed,
            seats=args.seats, target_standard_error=args.target_se,
        )  # fmt: skip
        write_table(frame, Path(args.out), record)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``how`` alone (tests); returns the exit status."""
    return run_alone("crazy4 advantage how", __doc__.split("\n")[0], add_arguments, run, argv)
