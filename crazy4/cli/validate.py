"""Command-line command ``crazy4 validate``: audit a simulator's log or summary (exit 1: a check
failed)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli.options import Commands, positive_int, probability
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet

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


def decision_labels(pairs: dict[str, str]) -> dict[str, str]:
    """``--decision THEIRS=OURS`` options as the mapping's ``[decisions]`` (not ``fold=F``).

    Examples
    --------
    >>> decision_labels({"F": "fold", "R": "3X"})
    {'F': 'fold', 'R': '3x'}
    >>> decision_labels({"fold": "F"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    crazy4.errors.InputError: --decision fold=F: the log's label comes first ...: --decision F=fold
    """
    from crazy4.log.roundlog import DECISION_NAMES

    found = {}
    for theirs, ours in pairs.items():
        if ours.lower() not in DECISION_NAMES:
            if theirs.lower() in DECISION_NAMES:
                raise InputError(
                    f"--decision {theirs}={ours}: the log's label comes first (THEIRS=OURS, as "
                    f"in the mapping's [decisions]): --decision {ours}={theirs}"
                )
            raise InputError(
                f"--decision {theirs}={ours}: {ours!r} is not a crazy4 decision "
                f"({', '.join(DECISION_NAMES)})"
            )
        found[theirs] = ours.lower()
    return found


def _inline(
    given: RuleSet | None, overlay: dict[str, object], name: str | None, where: str
) -> RuleSet:
    """The mapping's inline ``[rules]`` over ``--rules``, else over its ``rule_set``."""
    from crazy4.log.inlinerules import inline_rules
    from crazy4.registry import declare_game, load_rules, rule_readers
    from crazy4.rules.load import shipped_rule_names

    if given is None and name is not None:
        if name not in shipped_rule_names():
            raise InputError(
                f"{where}: rule_set = {name[-80:]!r} is no shipped rule set (a path comes only "
                "from --rules)"
            )
        given = load_rules(name)
    return inline_rules(given, overlay, where, rule_readers(), declare_game)


def _init_mapping(args: argparse.Namespace) -> int:
    """``--init-mapping``: a mapping guessed from the log, to ``--mapping FILE`` or printed."""
    from crazy4.registry import load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.results.write import write_text
    from crazy4.rules.load import resolve_rules_path, shipped_rule_names

    path = Path(args.log)
    if args.mapping is not None:
        check_outputs([Output("--mapping", args.mapping)], [("log", args.log)])
        if Path(args.mapping).exists() and not args.force:
            raise InputError(
                f"--mapping {args.mapping!r} exists; --init-mapping replaces it only with --force"
            )
    if not path.is_file():
        raise InputError(f"{args.log!r} is not a file")
    rule_set, rule_file = args.rules, None
    if args.rules is not None and args.rules not in shipped_rule_names():
        rule_set, rule_file = None, str(resolve_rules_path(args.rules))
    from crazy4.validate.initsearch import searched_mapping

    rules = None if args.rules is None else load_rules(args.rules)
    text = searched_mapping(path, rules, rule_set, rule_file)
    if args.mapping is None:
        print(text, end="")
        return 0
    write_text(Path(args.mapping), text)
    print(
        f"mapping guessed from {path.name} written to {args.mapping}; check it, then: crazy4 "
        f"validate {args.log} --mapping {args.mapping}"
    )
    return 0


def cmd_validate(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from crazy4.log.mapping import LogMapping
    from crazy4.log.mappingfile import read_mapping
    from crazy4.registry import load_rules
    from crazy4.results.destination import Output, check_outputs
    from crazy4.results.write import write_text
    from crazy4.rules.load import resolve_rules_path
    from crazy4.simulate.progressive import plan_meter
    from crazy4.validate.driver import log_options, validate
    from crazy4.validate.report import render_html

    if args.init_mapping:
        return _init_mapping(args)
    if args.force:
        raise InputError("--force goes with --init-mapping (it lets it replace --mapping FILE)")
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
    labels = decision_labels(_pairs(args.decision, "--decision"))
    if args.wager_unit is not None and not 0 < args.wager_unit < float("inf"):
        raise InputError(
            f"--wager-unit {args.wager_unit!r}: not a positive number (finite, above 0)"
        )
    mapping = replace(
        mapping,
        columns=columns,
        decisions={**mapping.decisions, **labels},
        notation=args.cards or mapping.notation,
        grammar=replace(mapping.grammar, order=args.card_order or mapping.order),
        codes=replace(mapping.codes, encoding=args.card_encoding or mapping.encoding),
        unit=args.wager_unit or mapping.unit,
    )
    rule_set = None if args.rules is None else load_rules(args.rules)
    if mapping.rules is not None:
        rule_set = _inline(rule_set, mapping.rules, mapping.rule_set, str(args.mapping))
    options = log_options(
        path,
        load=load_rules,
        rules=rule_set,
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
    _add_mapping_options(validate)
    validate.set_defaults(handler=cmd_validate)


def _add_mapping_options(validate: argparse.ArgumentParser) -> None:
    """The options that say how a foreign log reads (``docs/mapping-reference.md``)."""
    validate.add_argument(
        "--mapping", help="a TOML file naming the log's columns, card notation, labels and units"
    )
    validate.add_argument(
        "--init-mapping",
        action="store_true",
        help="inspect the log and write a commented starting mapping (TOML) to --mapping FILE "
        "(else print it), guessing its columns, card notation, labels, amounts and round ids; "
        "nothing is validated",
    )
    force = "with --init-mapping: replace an existing --mapping FILE"
    validate.add_argument("--force", action="store_true", help=force)
    validate.add_argument(
        "--column",
        action="append",
        metavar="OURS=THEIRS",
        help="a crazy4 column and the log's name for it (repeatable; e.g. player=PlayerCards)",
    )
    validate.add_argument(
        "--decision",
        action="append",
        metavar="THEIRS=OURS",
        help="the log's decision label and the crazy4 decision it means (fold, 1x, 2x, 3x, "
        "blind), as in the mapping's [decisions] (repeatable; e.g. RAISE=3x)",
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
    unit = "the log's amounts times this are crazy4's units (cents: 0.01)"
    validate.add_argument("--wager-unit", type=float, help=unit)
