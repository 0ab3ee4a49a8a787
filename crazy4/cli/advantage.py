"""``crazy4 advantage``: hole cards, collusion, detection; one :class:`Entry` a subcommand."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli import collusion, faceup, how, surveil
from crazy4.cli.options import EVERY_CORE, Commands, positive_int, tqdm_bar, worker_count
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.game import SpecGame
    from crazy4.results.destination import Claimed
    from crazy4.rules.ruleset import RuleSet


@dataclass(frozen=True)
class Entry:
    """One ``crazy4 advantage`` subcommand."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _holecards_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, help="rule set name or path to a rule file")
    parser.add_argument(
        "--seen",
        type=int,
        default=1,
        help="hidden dealer cards the player sees (default 1; at most two dealer cards known "
        "with those dealt face up: 0 to 2 with none face up, 0 or 1 besides a dealer's up "
        "card); 0 runs the ordinary strategy through the engine",
    )
    parser.add_argument(
        "--groups",
        action="append",
        help="a partial-information strategy: the player learns only which group of ranks the "
        "seen card is in, groups written highest first like 'A,K,QJT,98765432' (every rank in "
        "exactly one group); repeat for several (default: A,K,QJT,98765432)",
    )
    parser.add_argument(
        "--out",
        help="folder for the tables (parquet with provenance) and report.md; replaced as a "
        "whole. Without it the strategies table is printed only",
    )
    parser.add_argument(
        "--situations",
        help="also write every situation class to this .parquet file: hand and known dealer "
        "cards (card numbers 0-51, 4 x rank + suit), weight, the perfect decision, exact ties "
        "(bits), the EV numerators over ev_denominator (provenance); 5.6 million rows (about "
        "100 MB) with one seen card, 120 million with two",
    )
    parser.add_argument("--hand", help="one situation instead: the player's cards")
    parser.add_argument("--seen-cards", help="with --hand: the seen hidden dealer cards")
    parser.add_argument(
        "--up", help="with --hand: the dealer's up card (a game dealt with one face up)"
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        help=f"threads for the counting ({EVERY_CORE}; the results are identical for any "
        "number; at most the cores of this machine)",
    )
    parser.add_argument("--json", action="store_true", help="print the strategies as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _one_situation(args: argparse.Namespace) -> int:
    from crazy4.registry import game_of, load_rules

    rules = load_rules(args.rules)
    print(game_of(rules).hole_card_situation(rules, args.hand, args.up, args.seen_cards))
    return 0


def run_holecards(args: argparse.Namespace) -> int:
    """``crazy4 advantage holecards``: every situation, or one with ``--hand``."""
    from crazy4.advantage.holecard_engine import check_seen, parse_groups
    from crazy4.registry import game_of, load_rules

    for text in args.groups or ():
        parse_groups(text)  # before anything, with --hand too: a bad group is never ignored
    if args.hand is not None:
        ignored = [o for o, v in (("--groups", args.groups), ("--out", args.out),
                                  ("--situations", args.situations)) if v is not None]  # fmt: skip
        if ignored:
            raise InputError(f"{ignored[0]} is for every situation; --hand prints one")
        return _one_situation(args)
    if args.seen_cards is not None or args.up is not None:
        raise InputError("--seen-cards and --up describe one situation: give --hand too")
    rules = load_rules(args.rules)
    game = game_of(rules)
    from crazy4.results.destination import Output, check_outputs
    from crazy4.rules.load import resolve_rules_path

    check_seen(game.spec.shape, args.seen, game.title)
    if args.situations is not None and Path(args.situations).suffix.lower() != ".parquet":
        raise InputError("--situations must name a .parquet file")
    outputs = [Output("--out", args.out, folder=True)] if args.out is not None else []
    if args.situations is not None:
        outputs.append(Output("--situations", args.situations))
    claimed = check_outputs(outputs, [("--rules", resolve_rules_path(args.rules))])
    return _run_analysis(args, game, rules, claimed[0] if args.out is not None else None)


def _run_analysis(
    args: argparse.Namespace, game: SpecGame, rules: RuleSet, out: Claimed | None
) -> int:
    """Every situation through the game's hole-card tables: computed, printed, written."""
    from math import comb

    from crazy4.advantage.holecards import table_prefix
    from crazy4.advantage.report import hole_card_section
    from crazy4.analyze.counts import suit_classes
    from crazy4.results.write import provenance, replace_folder, write_table, write_text

    shape = game.spec.shape
    classes = int(suit_classes(shape.player_cards)[1].shape[0])
    bar = tqdm_bar(classes, f"hole cards {rules.name}", "hand class", args.quiet)
    groups, jobs = args.groups or [], worker_count(args.jobs)
    try:
        if args.situations is None:
            tables = game.hole_card_tables(rules, args.seen, groups, jobs, progress=bar.update)
        else:
            from crazy4.advantage.holecard_situations import write_situations

            tables = write_situations(
                Path(args.situations),
                rules,
                lambda sink: game.hole_card_tables(
                    rules, args.seen, groups, jobs, progress=bar.update, sink=sink
                ),
                seen=args.seen,
            )
    finally:
        bar.close()
    prefix = table_prefix(args.seen)
    strategies = tables[f"{prefix}_strategies"]
    if out is not None:
        known = shape.face_up + args.seen
        completions = comb(52 - shape.player_cards - known, shape.dealer_cards - known)
        deals = int(strategies["situations"].iloc[0]) * completions
        record = provenance(rules.name, rules.content_hash, deals, seen=args.seen)

        def write_all(target: Path) -> None:
            for name, frame in tables.items():
                write_table(frame, target / f"{name}.parquet", record)
            write_text(target / "report.md", hole_card_section(tables, prefix))

        replace_folder(out.path, write_all, out.state)
    columns = ["strategy", "house_edge", "element_of_risk", "std_dev", "gain"]
    columns += ["ev_numerator", "ev_denominator"]
    if args.json:
        print(json.dumps(strategies[columns].to_dict("records"), indent=2, default=int))
    else:
        print(strategies[columns].to_string(index=False))
        if out is not None:
            print(f"{len(tables)} tables and report.md in {out.path}")
    return 0


def simulate_hole_card_seat(args: argparse.Namespace, rules: object) -> int:
    """``crazy4 simulate --hole-cards K``: one hole-carding seat, mean and standard error."""
    from crazy4.advantage.holecard_engine import check_seen
    from crazy4.advantage.simulate import simulate_hole_cards
    from crazy4.registry import game_of
    from crazy4.rules.ruleset import RuleSet

    assert isinstance(rules, RuleSet)
    game = game_of(rules)
    check_seen(game.spec.shape, args.hole_cards, game.title, option="--hole-cards")
    if args.log is not None or args.summary is not None or args.seats != 1:
        raise InputError("--hole-cards plays one seat and writes no --log or --summary")
    bar = tqdm_bar(args.rounds, "hole-card seat", "round", args.quiet, scale=True)
    try:
        jobs = worker_count(args.jobs)
        result = simulate_hole_cards(
            rules, args.hole_cards, args.rounds, args.seed, bar.update, jobs=jobs
        )
    finally:
        bar.close()
    print(
        f"{rules.name}: a seat seeing {args.hole_cards} hidden dealer card(s), {result.rounds:,} "
        f"rounds: mean {result.mean:+.6f} ± {result.standard_error:.6f} Antes a round"
    )
    return 0


HOLECARDS = Entry(
    "holecards",
    "exact value of seeing hidden dealer cards: every situation, strategies by information",
    _holecards_arguments,
    run_holecards,
)
DETECT = Entry(
    "detect",
    "test per seat of a round log whether the decisions follow a hidden dealer card or the other "
    "seats' cards (team play), and with --group whether a group of seats played with its pooled "
    "cards (exit 0: no seat flagged, 1: a seat flagged, 2: bad input)",
    surveil.detect_arguments,
    surveil.run_detect,
)
COLLUSION = Entry(
    "collusion",
    "colluding seats pooling their cards: each one's exact optimal play per deal, "
    "averaged by seeded Monte Carlo with standard errors (full pooling or a practical rule)",
    collusion.add_arguments,
    collusion.run,
)
FACEUP = Entry(
    "faceup",
    "face-up dealing: the house edge of the main game for 1 to 7 players who all see "
    "every player's cards, to a set standard error, with a report to file (--out)",
    faceup.add_arguments,
    faceup.run,
)
HOW = Entry(
    "how",
    "S. How's Four Card Poker collusion as he ran it (6 seats share the count of the up "
    "card's rank, his count-adjusted simple strategy) beside the exact count-optimal strategy",
    how.add_arguments,
    how.run,
)

#: The ``crazy4 advantage`` subcommands, in the order ``--help`` lists them.
ENTRIES: list[Entry] = [HOLECARDS, COLLUSION, DETECT, FACEUP, HOW]


def add_advantage(commands: Commands, entries: list[Entry] | None = None) -> None:
    """Add ``crazy4 advantage`` with one subcommand per entry.

    Examples
    --------
    >>> from crazy4.cli.options import Parser
    >>> parser = Parser(prog="crazy4")
    >>> add_advantage(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["advantage", "holecards", "--rules", "x"]).seen
    1
    """
    group = commands.add_parser(
        "advantage",
        help="advantage play: hole cards, collusion, and catching a hole-carder in round logs",
        description="Advantage play and game protection, exactly: what seen dealer cards and "
        "pooled cards are worth, and whether a seat's logged decisions show it saw them.",
    )
    actions = group.add_subparsers(dest="advantage_command", required=True, metavar="ACTION")
    for entry in entries if entries is not None else ENTRIES:
        parser = actions.add_parser(entry.name, help=entry.help, description=entry.help)
        entry.add_arguments(parser)
        parser.set_defaults(handler=lambda args, argv, run=entry.run: run(args))
