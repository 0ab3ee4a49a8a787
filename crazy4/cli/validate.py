"""Command-line command ``crazy4 validate``: audit a simulator's log or summary.

Kept apart from :mod:`crazy4.cli.main`, which adds it with :func:`add_validate_command`. The
rule set, strategy and side-bet table default to what the log's metadata (or the mapping file)
says. Errors are :class:`crazy4.errors.InputError` (one line, exit status 2); the command exits
1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from crazy4.cli.options import Commands, positive_int, probability
from crazy4.errors import InputError

#: The report formats ``--report`` writes, by file name ending.
REPORT_FORMATS = (".md", ".json", ".html")


def _pairs(values: Sequence[str] | None, option: str) -> dict[str, str]:
    """``NAME=VALUE`` options as a mapping.

    Examples
    --------
    >>> _pairs(["player=Cards", "ante=Bet"], "--column")
    {'player': 'Cards', 'ante': 'Bet'}
    """
    found = {}
    for value in values or ():
        name, sep, other = value.partition("=")
        if not sep or not name.strip() or not other.strip():
            raise InputError(f"{option} {value!r}: expected NAME=VALUE")
        found[name.strip()] = other.strip()
    return found


def cmd_validate(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.log.mapping import LogMapping, read_mapping
    from crazy4.registry import load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.results.write import write_text
    from crazy4.rules.load import resolve_rules_path
    from crazy4.simulate.progressive import plan_meter
    from crazy4.validate.driver import log_options, validate
    from crazy4.validate.labreport import render_html

    if args.report is not None:
        suffix = Path(args.report).suffix.lower()
        if suffix not in REPORT_FORMATS:
            raise InputError("--report must name a .md, .json or .html file")
        strategy = args.strategy if args.strategy and Path(args.strategy).is_file() else None
        rules = None if args.rules is None else resolve_rules_path(args.rules)
        inputs = [("log", args.log), ("--mapping", args.mapping), ("--rules", rules)]
        check_outputs([Output("--report", args.report)], [*inputs, ("--strategy", strategy)])
    path = Path(args.log)
    if not path.is_file():
        raise InputError(f"{args.log!r} is not a file")
    mapping = LogMapping() if args.mapping is None else read_mapping(Path(args.mapping))
    columns = {**mapping.columns, **_pairs(args.column, "--column")}
    labels = {theirs: ours for ours, theirs in _pairs(args.decision, "--decision").items()}
    if args.wager_unit is not None and not 0 < args.wager_unit < float("inf"):
        raise InputError(
            f"--wager-unit {args.wager_unit!r}: not a positive number (finite, above 0)"
        )
    mapping = replace(
        mapping,
        columns=columns,
        decisions={**mapping.decisions, **labels},
        notation=args.cards or mapping.notation,
        order=args.card_order or mapping.order,
        encoding=args.card_encoding or mapping.encoding,
        unit=args.wager_unit or mapping.unit,
    )
    options = log_options(
        path,
        load=load_rules,
        rules=None if args.rules is None else load_rules(args.rules),
        strategy=args.strategy,
        side_bet=args.queens_up or args.aces_up,
        mapping=mapping,
        alpha=args.alpha,
        examples=args.examples,
    )
    if args.meter is not None:
        options = replace(options, meter=plan_meter(options.rules, args.meter))
    report = validate(path, options)
    print(report.render())
    if args.report is not None:
        suffix = Path(args.report).suffix.lower()
        if suffix == ".json":
            write_text(Path(args.report), json.dumps(report.to_dict(), indent=2))
        elif suffix == ".html":
            write_text(Path(args.report), render_html(report))
        else:
            write_text(Path(args.report), report.render(markdown=True))
    return report.exit_status


def add_validate_command(commands: Commands) -> None:
    """Add ``crazy4 validate`` to ``crazy4``'s subparsers.

    Examples
    --------
    >>> parser = argparse.ArgumentParser(prog="crazy4")
    >>> add_validate_command(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["validate", "log.csv", "--column", "player=Cards"]).column
    ['player=Cards']
    """
    validate = commands.add_parser(
        "validate",
        help="audit a simulator's log or summary against the exact analysis",
        description="Check a per-round log (parquet or CSV) or a JSON summary against a rule "
        "set: well-formed rows, settlement of every wager, strategy, the rule set that explains "
        "the log, and statistics against the exact probabilities. Exit status 0 consistent, 1 a "
        "check failed, 2 unreadable input.",
    )
    validate.add_argument("log", help="the log (.parquet or .csv) or summary (.json)")
    validate.add_argument(
        "--rules", help="rule set name or path (default: the one the log's metadata names)"
    )
    validate.add_argument(
        "--strategy",
        help="expected strategy: optimal, simple, or a file (default: the log's, else optimal)",
    )
    validate.add_argument(
        "--meter",
        metavar="AMOUNT",
        help="the progressive's meter the log was settled on, in dollars (default: the one the "
        "log's metadata records, else the [progressive] section's reset)",
    )
    validate.add_argument("--queens-up", help="Queens Up table the log was settled on")
    validate.add_argument("--aces-up", help="Aces Up table the log was settled on")
    validate.add_argument(
        "--alpha",
        type=probability,
        default=0.01,
        help="family-wise alpha of the statistics, Holm-adjusted (default 0.01: 99%% confidence)",
    )
    validate.add_argument(
        "--examples", type=positive_int, default=5, help="examples per finding (default 5)"
    )
    validate.add_argument("--report", help="also write the report to a .md, .json or .html file")
    validate.add_argument(
        "--mapping", help="a TOML file naming the log's columns, card notation, labels and units"
    )
    validate.add_argument(
        "--column",
        action="append",
        metavar="OURS=THEIRS",
        help="a crazy4 column and the log's name for it (repeatable; e.g. player=PlayerCards)",
    )
    validate.add_argument(
        "--decision",
        action="append",
        metavar="OURS=THEIRS",
        help="a crazy4 decision (fold, 1x, 2x, 3x, blind) and the log's label (repeatable)",
    )
    validate.add_argument(
        "--cards", choices=("text", "integers"), help="card notation (default text)"
    )
    validate.add_argument(
        "--card-order", choices=("rank-suit", "suit-rank"), help="text cards: As or sA"
    )
    validate.add_argument(
        "--card-encoding",
        choices=("rank*4+suit", "suit*13+rank"),
        help="integer cards 0-51: how a code is made (default rank*4+suit, 2c=0)",
    )
    validate.add_argument(
        "--wager-unit",
        type=float,
        help="the log's amounts times this are crazy4's units (cents: 0.01)",
    )
    validate.set_defaults(handler=cmd_validate)
