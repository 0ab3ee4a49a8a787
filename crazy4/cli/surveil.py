"""``crazy4 simulate`` with planted cheats (``--hole-card-seats``, ``--team-seats``).

:mod:`crazy4.cli.simulate` hands a run here when it plants anything; the play is
:mod:`crazy4.advantage.plant`, the log rows and summary :mod:`crazy4.advantage.plantlog`.
Errors are :class:`crazy4.errors.InputError` (one line, exit status 2).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from crazy4.cli.options import worker_count
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from crazy4.advantage.plant import PlantedChunk, Planting, SeatSums


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
    """The :class:`~crazy4.advantage.plant.Planting` the options ask for (``--hole-cards``
    alone: seat 1 is the hole-carder)."""
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
    """The ``crazy4 simulate`` options a planted run does not take."""
    if args.blind_hands or args.strategy != "optimal" or args.queens_up or args.aces_up:
        raise InputError(
            "planted seats play with --strategy optimal, no --blind-hands and no side bets"
        )
    if args.backend != "local" or args.meter is not None:
        raise InputError("planted seats run on the local backend, without --meter")
    if args.log_cards != "text":
        raise InputError("a planted run writes its log with --log-cards text")


def simulate_planted(
    args: argparse.Namespace, rules: RuleSet, check_outputs: Callable[[argparse.Namespace], None]
) -> int:
    """Play a planted table, print each seat's result, write ``--log`` and ``--summary``
    (``check_outputs``: the simulate command's check of those options)."""
    from crazy4.advantage.plantlog import seat_results, summary_dict, summary_text
    from crazy4.games.registry import game_of
    from crazy4.results.write import provenance, write_text
    from crazy4.simulate.plan import check_rounds

    _check(args)
    planting = planting_of(args, rules)
    check_rounds(args.rounds, log=args.log is not None)
    check_outputs(args)
    record = provenance(
        rules.name,
        rules.content_hash,
        args.rounds,
        seed=args.seed,
        seats=args.seats,
        strategy="optimal (honest seats)",
        chunk_rounds=65_536,
        ante=args.ante,
        planted=planting.metadata(),
    )
    sums = _play(args, rules, planting, record)
    game = game_of(rules)
    honest = -Fraction(game.colluder().exact_edge(rules))
    results = seat_results(planting, sums)
    run = (args.rounds, args.seed, args.ante)
    print(summary_text(rules.name, planting, results, honest, run))
    if args.summary:
        data = summary_dict(planting, results, honest, args.rounds, args.ante)
        data["provenance"] = record
        write_text(Path(args.summary), json.dumps(data, indent=2))
    return 0


def _play(
    args: argparse.Namespace, rules: RuleSet, planting: Planting, record: dict[str, object]
) -> SeatSums:
    """Run the rounds, writing the log atomically when asked."""
    from tqdm import tqdm

    from crazy4.advantage.plant import run_planted
    from crazy4.advantage.plantlog import chunk_table
    from crazy4.games.registry import game_of
    from crazy4.log.logwriter import LogWriter
    from crazy4.results.write import atomic_write

    hole = game_of(rules).hole_cards()
    settlement = hole.settlement(rules)
    jobs = worker_count(args.jobs)
    bar = tqdm(
        total=args.rounds,
        desc=f"simulate {rules.name} (planted)",
        unit="round",
        unit_scale=True,
        disable=args.quiet or None,
        leave=False,
    )
    found: list[SeatSums] = []

    def play(writer: LogWriter | None) -> None:
        def sink(first: int, chunk: PlantedChunk) -> None:
            assert writer is not None
            wagers, unit = settlement.wagers, settlement.unit
            writer.write(chunk_table(chunk, first, hole.face_up, wagers, unit, args.ante))

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
                writer = LogWriter(target, csv=csv, metadata=record)
                try:
                    play(writer)
                finally:
                    writer.close()

            atomic_write(Path(args.log), write)
    finally:
        bar.close()
    return found[0]
