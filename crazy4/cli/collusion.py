"""Command line ``collusion``: the house edge against the number of colluders, per strategy.

Examples
--------
>>> import contextlib, io
>>> errors = io.StringIO()
>>> with contextlib.redirect_stderr(errors):
...     main(["--rules", "crazy4-standard", "--colluders", "8"])
2
>>> print(errors.getvalue(), end="")
crazy4: error: --colluders 8: a Crazy 4 Poker table seats at most 7
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence
from pathlib import Path

from crazy4.cli.options import (
    add_study_run_options,
    count,
    run_alone,
    tqdm_bar,
    whole_numbers,
    worker_count,
)
from crazy4.errors import InputError

#: Deals per number of colluders unless ``--deals`` says otherwise.
DEFAULT_DEALS = 10_000
#: The default seed (How's year).
DEFAULT_SEED = 2010


def colluder_counts(text: str, largest: int) -> list[int]:
    """``--colluders``: a number, a list (``2,4,6``) or a range (``2-7``), each 2 to ``largest``.

    Examples
    --------
    >>> colluder_counts("2-4,7", 7)
    [2, 3, 4, 7]
    >>> colluder_counts("1", 7)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --colluders 1: collusion needs at least 2 colluders
    """
    values = whole_numbers(text, "--colluders", "(2,4,6) or a range (2-7)")
    if min(values) < 2:
        raise InputError(f"--colluders {min(values)}: collusion needs at least 2 colluders")
    if max(values) > largest:
        return [max(values)]  # make_collusion_plan names the table's limit
    return sorted(values)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the ``collusion`` subcommand."""
    parser.add_argument(
        "--rules", required=True, help="rule set: a shipped name or a TOML file's path"
    )
    parser.add_argument(
        "--colluders",
        default="2-7",
        help="how many seats pool their cards: a number, a list (2,4,6) or a range (2-7), "
        "each from 2 to the table's seats (7); one colluder (no pooling) is always added "
        "from the exact analysis (default 2-7)",
    )
    parser.add_argument(
        "--deals",
        "--rounds",
        dest="deals",
        type=count,
        default=DEFAULT_DEALS,
        help=f"Monte Carlo deals per number of colluders (default {DEFAULT_DEALS:,}); each "
        "deal's value is exact over every dealer hand from the unseen cards",
    )
    backend = "local threads (default) or a Dask cluster's workers (docs/cluster.md)"
    add_study_run_options(parser, DEFAULT_SEED, backend)
    parser.add_argument(
        "--rule",
        choices=("full", "practical"),
        default="full",
        help="full: every colluder decides on all pooled cards (with the honest strategy on "
        "the same deals); practical: also the team rule of --team-rule",
    )
    parser.add_argument(
        "--team-rule",
        help="the practical rule: the ranks whose count the team shares (e.g. A, AK), or 'up' "
        "for the up card's rank (Four Card Poker's default); default: the game's recommended",
    )
    parser.add_argument("--out", help="write the table as a parquet file (with provenance)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace, argv: Sequence[str] | None = None) -> int:
    """Run the study; print the table; write it with ``--out``."""
    from crazy4.advantage.collusion import colluder_role, make_collusion_plan, run_collusion
    from crazy4.advantage.collusion_tables import collusion_frame, exact_rows, plan_rows, render
    from crazy4.registry import load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.results.write import provenance, write_table
    from crazy4.rules.load import resolve_rules_path

    if args.scheduler and args.backend != "dask":
        raise InputError("--scheduler needs --backend dask")
    rules = load_rules(args.rules)
    role = colluder_role(rules)
    counts = colluder_counts(args.colluders, role.max_seats)
    team_rule = None
    if args.rule == "practical":
        team_rule = args.team_rule or role.practical_rules[0]
    elif args.team_rule:
        raise InputError("--team-rule needs --rule practical")
    if args.out is not None:
        if Path(args.out).suffix.lower() != ".parquet":
            raise InputError(f"--out {args.out!r}: must name a .parquet file")
        check_outputs([Output("--out", args.out)], [("--rules", resolve_rules_path(args.rules))])
    make = functools.partial(make_collusion_plan, rules, deals=args.deals, seed=args.seed)
    plans = [make(colluders=k, practical=team_rule) for k in counts]
    jobs = worker_count(args.jobs) if args.backend == "local" else args.jobs
    exact = role.exact_edge(rules)
    rows = exact_rows(rules.name, exact)
    deals = sum(p.deals for p in plans)
    bar = tqdm_bar(deals, f"collusion {rules.name}", "deal", args.quiet, scale=True)
    try:
        for plan in plans:
            bar.set_postfix_str(f"{plan.colluders} colluders")
            sums = run_collusion(
                plan, jobs=jobs, backend=args.backend, scheduler=args.scheduler, progress=bar.update
            )
            rows.extend(plan_rows(plan, sums, exact))
    finally:
        bar.close()
    frame = collusion_frame(rows)
    print(f"Collusion, {rules.name}: house edge per Ante per colluder hand")
    print(render(frame))
    if args.out is not None:
        record = provenance(
            rules.name, rules.content_hash, args.deals, seed=args.seed, colluders=counts,
            rule=args.rule, team_rule=team_rule or "",
        )  # fmt: skip
        write_table(frame, Path(args.out), record)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``collusion`` alone (tests); returns the exit status."""
    return run_alone("crazy4 advantage collusion", __doc__.split("\n")[0], add_arguments, run, argv)
