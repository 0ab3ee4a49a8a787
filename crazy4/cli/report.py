"""``crazy4 report``: the odds report (md, html), the math report or PAR sheet (pdf, xlsx) with
its cover block and optional simulation confirmation, and the players' strategy card (card)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli.options import (
    EVERY_CORE,
    JOBS_BOUND,
    Commands,
    command_line,
    non_negative_int,
    positive_int,
    progress_bar,
    worker_count,
)
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.report.formats import MathOptions

#: Where each format is written by default, in results/<rule set>/.
DEFAULT_NAMES = {"card": "strategy-card.pdf"}


def math_options(args: argparse.Namespace) -> MathOptions:
    """The cover and confirmation options, checked (one line and exit 2 on a bad value)."""
    from crazy4.report.confirm import MAX_ROUNDS
    from crazy4.report.cover import cover_of
    from crazy4.report.formats import MATH_FORMATS, MathOptions

    given = [
        option
        for option, value in (
            ("--cover", args.cover), ("--prepared-by", args.prepared_by),
            ("--prepared-for", args.prepared_for), ("--date", args.date),
            ("--confirm-rounds", args.confirm_rounds), ("--seed", args.seed),
        )
        if value is not None
    ]  # fmt: skip
    if given and args.format not in MATH_FORMATS:
        raise InputError(f"{given[0]}: only with --format pdf or xlsx (the math report)")
    if args.seed is not None and args.confirm_rounds is None:
        raise InputError("--seed: only with --confirm-rounds (the seed of its simulation)")
    if args.confirm_rounds is not None and args.confirm_rounds > MAX_ROUNDS:
        raise InputError(f"--confirm-rounds {args.confirm_rounds:,}: at most {MAX_ROUNDS:,}")
    cover = cover_of(args.cover, args.prepared_by, args.prepared_for, args.date)
    seed = 1 if args.seed is None else args.seed
    return MathOptions(cover, args.confirm_rounds, seed, worker_count(args.jobs))


def cmd_report(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """Write the report in the chosen format."""
    from crazy4.registry import game_of, load_rules
    from crazy4.results.destination import Output, check_outputs, folder_inputs
    from crazy4.rules.load import resolve_rules_path

    rules = load_rules(args.rules)
    name = DEFAULT_NAMES.get(args.format, f"report.{args.format}")
    out = Path(args.out) if args.out else Path("results") / rules.name / name
    if out.is_dir():
        raise InputError(f"--out: {str(out)!r} is a folder; give the report's file name")
    inputs = [("--rules", resolve_rules_path(args.rules)), *folder_inputs("--from", args.source)]
    if getattr(args, "cover", None) is not None:
        inputs.append(("--cover", Path(args.cover)))
    check_outputs([Output("--out", out, create_parent=True)], inputs)  # before the computing
    options = math_options(args)  # after every check that can refuse: --jobs may add a note
    if args.source is None:
        game_of(rules).prepare(rules)  # a kernel compile starts before the imports below

    from crazy4.report.formats import write_report

    if args.source is not None:
        from crazy4.report.parsheet_sections import read_results

        tables, record, markdown_text = read_results(Path(args.source), rules)
    else:
        from crazy4.pipeline import run_rule_set, steps

        total = steps(rules, args.hole_cards)
        step, close = progress_bar(total, f"report {rules.name}", not args.quiet)
        try:
            results = run_rule_set(
                rules,
                command=command_line(argv),
                jobs=options.jobs,
                progress=step,
                hole_cards=args.hole_cards,
            )
        finally:
            close()
        tables, record, markdown_text = results.tables, results.record, results.report
    write_report(args.format, rules, tables, record, markdown_text, out, options, args.source)
    print(f"{rules.name}: {args.format} report written to {out}")
    return 0


def add_report(commands: Commands) -> None:
    """``crazy4 report``: the odds report, the math report (PAR sheet), the strategy card."""
    from crazy4.report.formats import FORMATS

    report = commands.add_parser(
        "report",
        help="write a rule set's odds report (md, html), math report / PAR sheet (pdf, xlsx) "
        "or strategy card for players (card)",
        description="Analyze a rule set exactly (or read an analysis with --from) and write its "
        "report: md and html, the odds report with the rules, bets with exact fractions, "
        "strategy, hand frequencies, the return table and provenance (html with plots); pdf "
        "and xlsx, the math report regulators take (PAR sheet): a cover block (game, rule set "
        "and hash, version, analysis date, prepared by and for, sign-off), rules and pay "
        "tables, method, per bet house edge, RTP, element of risk, hit frequency, standard "
        "deviation, volatility index and the house's win after 100 to 1,000,000 rounds with "
        "90/95/99% intervals, every return line with exact values, optimal against simple "
        "strategy, every other result table and, with --confirm-rounds, a seeded simulation "
        "beside the exact values (a printable A4 PDF with plots; a workbook with one sheet per "
        "table, numbers stored as numbers and exact fractions as text); card, a one-page PDF "
        "strategy card for players. docs/par-sheet.md describes every section.",
    )
    report.add_argument("--rules", required=True, help="rule set name or path (.toml)")
    report.add_argument(
        "--format", choices=FORMATS, default="md", help="md (default), html, pdf, xlsx or card"
    )
    report.add_argument(
        "--out",
        help="output file (default: results/<rule set>/report.<format>, strategy-card.pdf for "
        "card); its folder is created if missing, and checked before the analysis",
    )
    report.add_argument(
        "--hole-cards",
        action="store_true",
        help="analyze with the hole-card tables, as 'crazy4 analyze --hole-cards' (and make "
        "results) does, so the report has their sections (ignored with --from: the folder's "
        "tables are used as they are)",
    )
    report.add_argument(
        "--from",
        dest="source",
        metavar="FOLDER",
        help="read the tables 'crazy4 analyze' wrote to FOLDER instead of analyzing again "
        "(their provenance must name this rule file's SHA-256); the report is the same",
    )
    _add_cover_options(report)
    report.add_argument(
        "--jobs", type=positive_int, default=None, help=f"threads ({EVERY_CORE}). {JOBS_BOUND}"
    )
    report.add_argument("--quiet", action="store_true", help="no progress bar")
    report.set_defaults(handler=cmd_report)


def _add_cover_options(report: argparse.ArgumentParser) -> None:
    report.add_argument(
        "--cover",
        metavar="FILE",
        help="pdf, xlsx: a TOML file with the cover block's prepared_by, prepared_for, date "
        "(YYYY-MM-DD) and sign_off (a list of roles, each a signature line); the options "
        "below override its keys",
    )
    report.add_argument(
        "--prepared-by", metavar="TEXT", help="pdf, xlsx: who prepared the report (cover block)"
    )
    report.add_argument("--prepared-for", metavar="TEXT", help="pdf, xlsx: for whom (cover block)")
    report.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        help="pdf, xlsx: the analysis date printed on the cover (default: the provenance's, "
        "else 'not stated'; the clock is never read, so the same inputs give the same bytes)",
    )
    report.add_argument(
        "--confirm-rounds",
        metavar="N",
        type=positive_int,
        help="pdf, xlsx: add a simulation confirmation: N rounds of the seeded simulator, each "
        "bet's simulated house edge and 95%% interval beside the exact value",
    )
    report.add_argument(
        "--seed",
        metavar="S",
        type=non_negative_int,
        help="the confirmation's seed (default 1; with --confirm-rounds only)",
    )
