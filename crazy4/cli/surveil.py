"""``crazy4 simulate`` with planted cheats (``--hole-card-seats``, ``--team-seats``), and
``crazy4 advantage detect``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli.options import tqdm_bar, worker_count
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.advantage.plant import PlantedChunk, Planting, SeatSums
    from crazy4.rules.ruleset import RuleSet
    from crazy4.simulate.plan import SimulationPlan


def plants(args: argparse.Namespace) -> bool:
    """Whether a ``crazy4 simulate`` run plants a cheat among several seats (or logs one).

    Examples
    --------
    >>> plants(argparse.Namespace(hole_card_seats=None, team_seats="1,2", hole_cards=None,
    ...                           seats=2, log=None, summary=None))
    True
    >>> plants(argparse.Namespace(hole_card_seats=None, team_seats=None, hole_cards=1,
    ...                           seats=1, log=None, summary=None))
    False
    """
    if args.hole_card_seats is not None or args.team_seats is not None:
        return True
    outputs = args.log is not None or args.summary is not None
    return args.hole_cards is not None and (args.seats > 1 or outputs)


def planting_of(args: argparse.Namespace, rules: RuleSet) -> Planting:
    """The :class:`~crazy4.advantage.plant.Planting` the options ask for."""
    from crazy4.advantage.plant import make_planting, parse_seats

    hole: tuple[int, ...] = ()
    if args.hole_card_seats is not None:
        hole = parse_seats(args.hole_card_seats, "--hole-card-seats", args.seats)
    elif args.hole_cards is not None:
        hole = (1,)
    if hole and args.hole_cards is None:
        raise InputError("--hole-card-seats needs --hole-cards (how many hidden cards they see)")
    team: tuple[int, ...] = ()
    if args.team_seats is not None:
        team = parse_seats(args.team_seats, "--team-seats", args.seats)
    if args.team_rule is not None and not team:
        raise InputError("--team-rule needs --team-seats")
    return make_planting(rules, args.seats, hole, args.hole_cards or 1, team, args.team_rule)


def _check(args: argparse.Namespace) -> None:
    """Refuse by name each ``crazy4 simulate`` option a planted run does not take."""
    if args.blind_hands:
        raise InputError(
            "--blind-hands: a planted table has no blind hands (every seat is a player, "
            "honest or planted)"
        )
    if args.strategy != "optimal":
        raise InputError(
            f"--strategy {args.strategy}: a planted table's honest seats play the optimal "
            "strategy (the cheats' gains and the detection are measured against it)"
        )
    if args.backend != "local":
        raise InputError(
            f"--backend {args.backend}: planted seats play on this machine's threads "
            "(--jobs), not on a Dask cluster"
        )
    if args.scheduler:
        raise InputError("--scheduler: planted seats play on this machine's threads, no cluster")


def simulate_planted(
    args: argparse.Namespace, rules: RuleSet, check_outputs: Callable[[argparse.Namespace], None]
) -> int:
    """Play a planted table, print each seat's result, write ``--log`` and ``--summary``."""
    from crazy4.advantage.plant import seat_results, summary_dict, summary_text
    from crazy4.advantage.surveil import surveillance_of
    from crazy4.results.write import write_text
    from crazy4.simulate.driver import make_plan
    from crazy4.simulate.plan import check_rounds

    _check(args)
    planting = planting_of(args, rules)
    check_rounds(args.rounds, log=args.log is not None)
    check_outputs(args)
    # the honest simulation of the same table: the log's columns, side bets and meter
    plan = make_plan(
        rules,
        rounds=args.rounds,
        seed=args.seed,
        seats=args.seats,
        side_bet=args.queens_up or args.aces_up,
        meter=args.meter,
    )
    # strategy: the honest seats'; the planted ones are recorded under planted
    record = simulation_record(rules, plan, ante=args.ante, planted=planting.metadata())
    sums = _play(args, plan, planting, record)
    honest = surveillance_of(rules).honest_ev(rules)
    results = seat_results(planting, sums)
    run = (args.rounds, args.seed, args.ante)
    print(summary_text(rules.name, planting, results, honest, run))
    if args.summary:
        data = summary_dict(planting, results, honest, args.rounds, args.ante)
        data["provenance"] = record
        write_text(Path(args.summary), json.dumps(data, indent=2))
    return 0


def simulation_record(rules: RuleSet, plan: SimulationPlan, **extra: object) -> dict[str, object]:
    """A simulation's provenance: the plan's rounds, seed, seats, strategy, side bet, meter."""
    from crazy4.results.write import provenance
    from crazy4.simulate.engine import simulator_of
    from crazy4.simulate.plan import CHUNK_ROUNDS
    from crazy4.simulate.progressive import progressive_meter_metadata

    side = None if plan.side_bet is None else rules.side_bet_names()[plan.side_bet]
    return provenance(
        rules.name,
        rules.content_hash,
        plan.rounds,
        seed=plan.seed,
        seats=plan.seats,
        blind_hands=plan.blind_hands,
        strategy=plan.strategy,
        chunk_rounds=CHUNK_ROUNDS,
        **{simulator_of(rules).side_bet_key: side},
        **progressive_meter_metadata(plan.meter),
        **extra,
    )


def _play(
    args: argparse.Namespace, plan: SimulationPlan, planting: Planting, record: dict[str, object]
) -> SeatSums:
    """Run the rounds, writing the log atomically when asked (its rows: ``plan``'s columns)."""
    from crazy4.advantage.plant import chunk_table, run_planted
    from crazy4.log.logwriter import LogWriter
    from crazy4.results.write import atomic_write

    rules = plan.rules
    jobs = worker_count(args.jobs)
    bar = tqdm_bar(args.rounds, f"simulate {rules.name} (planted)", "round", args.quiet, True)
    found: list[SeatSums] = []

    def play(writer: LogWriter | None) -> None:
        def sink(first: int, chunk: PlantedChunk) -> None:
            assert writer is not None
            writer.write(chunk_table(chunk, first, plan, args.ante))

        found.append(
            run_planted(
                rules,
                planting,
                args.rounds,
                args.seed,
                jobs=jobs,
                sink=sink if writer is not None else None,
                progress=bar.update,
            )
        )

    try:
        if args.log is None:
            play(None)
        else:
            csv = Path(args.log).suffix.lower() == ".csv"

            def write(target: Path) -> None:
                writer = LogWriter(target, csv=csv, metadata=record, cards=args.log_cards)
                try:
                    play(writer)
                finally:
                    writer.close()

            atomic_write(Path(args.log), write)
    finally:
        bar.close()
    return found[0]


def detect_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``crazy4 advantage detect``."""
    from crazy4.cli.options import amount, non_negative_int, positive_int, probability

    parser.add_argument(
        "log", help="per-round log (parquet or CSV) as 'crazy4 simulate --log' writes"
    )
    parser.add_argument("--rules", required=True, help="the rule set the log was played under")
    parser.add_argument(
        "--alpha",
        type=probability,
        default=0.001,
        help="flag a seat when its Bonferroni-corrected p-value is below this (default 0.001)",
    )
    parser.add_argument(
        "--watch",
        type=probability,
        default=0.05,
        help="watch an unflagged seat whose corrected p-value is below this, and estimate the "
        "rounds that would settle it (default 0.05)",
    )
    ante = "the Ante's size in money (default: the log's metadata, else its ante column, else 1)"
    parser.add_argument("--ante", type=amount, help=ante)
    parser.add_argument(
        "--report",
        help="also write the verdict to this file: .md (Markdown), .html or .json by suffix "
        "(written atomically)",
    )
    most = "examine at most this many rounds per seat (default: all)"
    parser.add_argument("--max-rounds", type=positive_int, help=most)
    parser.add_argument(
        "--team-draws",
        type=non_negative_int,
        default=19,
        help="the team tests (they need the log's round column): null draws of the others' "
        "cards per round, each valued exactly, on the rounds where a seat left the "
        "no-information optimum and its closest calls (the screen; default 19; more draws, "
        "finer p-values and slower; 0 leaves every team test out)",
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=0,
        help="seed of the team tests' null draws (default 0; the same seed gives the same "
        "p-values)",
    )
    parser.add_argument(
        "--group",
        action="append",
        help="also test a named group of seats jointly, e.g. '1,2,5' (every round of the "
        "group, unscreened; repeat for several; each at --alpha)",
    )
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def ante_of(path: Path, given: float | None) -> tuple[float, str]:
    """The Ante's size and where it came from: ``--ante``, the log's metadata or column, else 1."""
    from crazy4.log.roundlog import log_metadata, number_column, read_log_batches

    if given is not None:
        return given, "--ante"
    recorded = log_metadata(path).get("ante")
    if isinstance(recorded, int | float) and recorded > 0:
        return float(recorded), "the log's metadata"
    values: set[float] = set()
    for table in read_log_batches(path):
        if "ante" not in table.column_names:
            return 1.0, "not in the log: amounts in Antes"
        values |= set(number_column(table["ante"]).tolist())
        if len(values) > 1:
            break
    if len(values) == 1 and 0 < (value := values.pop()) < float("inf"):
        return value, "the log's ante column"
    return 1.0, "not in the log: amounts in Antes"


def run_detect(args: argparse.Namespace) -> int:
    """``crazy4 advantage detect``: exit 0 when no seat is flagged, 1 when one is."""
    from tqdm import tqdm

    from crazy4.advantage.detect import examine_seat, read_log_columns, read_seats
    from crazy4.advantage.groupdetect import parse_group
    from crazy4.advantage.teamscreen import screen_table, table_of
    from crazy4.advantage.verdict import Verdict, seat_line
    from crazy4.registry import load_rules

    groups = [parse_group(text) for text in args.group or []]
    suffix = None if args.report is None else Path(args.report).suffix.lower()
    if suffix not in (None, ".md", ".html", ".htm", ".json"):
        raise InputError("--report must name a .md, .html or .json file")
    rules = load_rules(args.rules)
    path = Path(args.log)
    if not path.is_file():
        raise InputError(f"log {str(path)!r}: no such file")
    if args.report is not None:
        from crazy4.results.destination import Output, check_outputs

        check_outputs([Output("--report", args.report)], [("log", path)])
    ante, source = ante_of(path, args.ante)
    named = _named_groups(args, rules, path, groups)
    seats = read_seats(path, rules, args.max_rounds)
    if not seats:
        raise InputError(f"log {str(path)!r}: no rounds with a fold/1x/2x/3x decision")
    verdicts = [
        examine_seat(rules, seat, args.alpha, team_draws=args.team_draws, seed=args.seed)
        for seat in tqdm(seats, desc="detect", unit="seat", disable=args.quiet or None, leave=False)
    ]
    hands, up, _, decisions, seat_of, round_ids = read_log_columns(path, rules)
    table = None
    if round_ids is not None:
        table = table_of(hands, up, decisions, seat_of, round_ids)
    found = [] if table is None else screen_table(
        rules, table, args.alpha, draws=args.team_draws, seed=args.seed
    )  # fmt: skip
    group_of = {s: g for g in found if g.flagged for s in g.members_flagged}
    lines = [seat_line(v, ante, args.watch, group_of.get(v.seat)) for v in verdicts]
    rows = [_found_row(g, ante) for g in found] + named
    verdict = Verdict(str(path), rules.name, ante, source, args.alpha, args.watch, lines, rows)
    print(json.dumps(verdict.to_dict(), indent=2) if args.json else verdict.text())
    if args.report is not None:
        from crazy4.results.write import write_text

        write_text(Path(args.report), verdict.report(suffix or ".md"))
    return 1 if verdict.flagged else 0


def _found_row(group: object, ante: float) -> dict[str, object]:
    from crazy4.advantage.teamscreen import FoundGroup

    assert isinstance(group, FoundGroup)
    return {
        "seats": list(group.seats),
        "kind": f"screened team (Bonferroni over {group.groups_possible} possible groups)",
        "flagged": group.flagged,
        "p_value": group.p_value,
        "member_p_values": list(group.member_p_values),
        "members_flagged": list(group.members_flagged),
        "rounds": group.rounds,
        "won_session": sum(group.member_gains) * ante,
        "telling_rounds": list(group.telling_rounds),
    }


def _named_groups(
    args: argparse.Namespace, rules: RuleSet, path: Path, groups: list[tuple[int, ...]]
) -> list[dict[str, object]]:
    """The joint test of every ``--group`` (checked before the per-seat tests run)."""
    from crazy4.advantage.groupdetect import examine_group, group_rounds

    found = [group_rounds(path, rules, seats, args.max_rounds) for seats in groups]
    rows: list[dict[str, object]] = []
    for group in found:
        g = examine_group(rules, group, args.alpha, draws=args.team_draws, seed=args.seed)
        rows.append(
            {
                "seats": list(g.seats),
                "kind": "named group, pooled cards",
                "flagged": g.flagged,
                "p_value": g.p_value,
                "member_p_values": list(g.member_p_values),
                "rounds": g.rounds,
                "won_session": g.ev_gained_per_round * g.rounds * (args.ante or 1.0),
                "telling_rounds": [],
            }
        )
    return rows
