"""One rule set, end to end: its game's exact analysis, its tables and its report.

``crazy4 analyze`` and ``crazy4 report`` both run :func:`run_rule_set`, which reaches the game
the rule set carries, so a report is never rendered from another game's analysis.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from crazy4.core.atomic import UNCHECKED, Identity
from crazy4.errors import InputError
from crazy4.registry import extensions_of, game_of, load_rules
from crazy4.report.progressive import progressive_results, with_section
from crazy4.report.spec_report import render_spec_report
from crazy4.results.read import read_result_table, results_dir
from crazy4.results.write import (
    provenance,
    replace_folder,
    write_run_record,
    write_table,
    write_text,
)
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.plan import available_cores
from crazy4.spec.game import spec_of

#: Files written at once (pyarrow and the digests release the GIL); the bytes are the same
#: for any number.
WRITE_THREADS = 2


@dataclass(frozen=True)
class RuleSetResults:
    """Everything written for one rule set.

    Attributes
    ----------
    rules : RuleSet
    tables : dict of str to DataFrame
        Written as ``<name>.parquet``.
    report : str
        The Markdown report.
    main_bet : str
        The bet the headline figures are for.
    record : dict
        The provenance stored with every table (what determines the data).
    command : str
        The command line, written to the volatile ``run.json``.
    """

    rules: RuleSet
    tables: dict[str, pd.DataFrame] = field(repr=False)
    report: str = field(repr=False)
    main_bet: str
    record: dict[str, object]
    command: str = ""

    def headline(self) -> str:
        """``"<name>: house edge x% of the Ante, element of risk y%"``."""
        bets = self.tables["bets"].set_index("bet")
        edge = float(bets.at[self.main_bet, "house_edge"])  # type: ignore[arg-type]
        risk = float(bets.at[self.main_bet, "element_of_risk"])  # type: ignore[arg-type]
        return (
            f"{self.rules.name}: house edge {100 * edge:.4f}% of the Ante, "
            f"element of risk {100 * risk:.4f}%"
        )

    def write(self, folder: Path | str, expect: Identity = UNCHECKED) -> None:
        """Replace ``folder`` as a whole with every table, ``report.md`` and ``run.json``.

        They are written into a temporary folder that is then swapped in
        (:func:`crazy4.results.write.replace_folder`), so an interrupted run leaves the earlier
        folder as it was. ``expect``: the state
        :func:`crazy4.results.destination.check_outputs` found a user's folder in.
        """

        def write_all(target: Path) -> None:
            # tables and run.json on the pool, the report meanwhile; the first error in table
            # order is raised, and the writes not started are dropped
            pool = ThreadPoolExecutor(max_workers=max(1, min(WRITE_THREADS, os.cpu_count() or 1)))
            try:
                writes = [
                    pool.submit(write_table, frame, target / f"{name}.parquet", self.record)
                    for name, frame in self.tables.items()
                ]
                writes.append(pool.submit(write_run_record, target, self.command))
                write_text(target / "report.md", self.report)
                for written in writes:
                    written.result()
            finally:
                pool.shutdown(wait=True, cancel_futures=True)

        replace_folder(folder, write_all, expect)


def steps(rules: RuleSet, hole_cards: bool = False) -> int:
    """How many progress steps :func:`run_rule_set` reports for a rule set."""
    own = game_of(rules).analysis_steps(rules)
    return own + sum(extension.steps for extension in extensions_of(rules)) + int(hole_cards)


def run_rule_set(
    rules: RuleSet,
    *,
    command: str,
    jobs: int = 1,
    simulate_rounds: int | None = None,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    hole_cards: bool = False,
) -> RuleSetResults:
    """Analyze a rule set exactly and render its report.

    Parameters
    ----------
    rules : RuleSet
    command : str
        The command line, kept in the volatile ``run.json`` (not in the tables' provenance).
    jobs : int
        Worker processes or threads for the counting (cut to the cores available).
    simulate_rounds, seed : int, optional
        The simulation of an extension of the game (``None``: its defaults).
    progress : callable, optional
        Called with a message after each step.
    hole_cards : bool
        Add the game's hole-card tables and report section.
    """
    step = progress or (lambda message: None)
    jobs = max(1, min(jobs, available_cores()))
    analysis = game_of(rules).analyze(rules, jobs=jobs, progress=step)
    tables = dict(analysis.tables)
    details = dict(analysis.details)
    sections: list[list[str]] = []
    for extension in extensions_of(rules):
        extended = extension.extend(
            rules, analysis, simulate_rounds=simulate_rounds, seed=seed, progress=step
        )
        tables.update(extended.tables)
        details.update(extended.details)
        sections.append(extended.lines)
    record = provenance(rules.name, rules.content_hash, analysis.deals, **details)
    progressive_tables, progressive_lines = progressive_results(rules)  # any game's rule set
    tables.update(progressive_tables)
    report = render_spec_report(spec_of(rules), rules, analysis.tables, record)
    for lines in [*sections, progressive_lines]:
        report = with_section(report, lines)
    if hole_cards:
        from crazy4.advantage.holecards import published_tables

        extra, section = published_tables(rules, jobs=jobs)
        tables.update(extra)
        report = report + ("\n" + section if section else "")
        step("hole cards")
    return RuleSetResults(
        rules=rules,
        tables=tables,
        report=report,
        main_bet=analysis.main_bet,
        record=record,
        command=command,
    )


def player_hands(rule_set: str) -> pd.DataFrame:
    """The per-hand-class table: read from ``results/`` or, when not built (it is not
    committed), computed exactly.

    Raises
    ------
    InputError
        If the rule set's game has no per-hand-class table.
    """
    path = results_dir() / rule_set / "player_hands.parquet"
    if path.is_file():
        return read_result_table(path)
    rules = load_rules(rule_set)
    tables = game_of(rules).analyze(rules, jobs=1, progress=lambda message: None).tables
    if "player_hands" not in tables:
        raise InputError(f"rule set {rule_set!r} has no per-hand-class table (player_hands)")
    return tables["player_hands"]


def analyze(rules: RuleSet | str, *, jobs: int = 1) -> RuleSetResults:
    """A rule set's exact analysis in memory: what ``crazy4 analyze`` writes.

    Parameters
    ----------
    rules : RuleSet or str
        A rule set, or the name of a shipped one or the path of a rule file.
    jobs : int
        Worker threads or processes; the results are the same for any number.

    Examples
    --------
    >>> results = analyze("three-card-standard")
    >>> bets = results.tables["bets"].set_index("bet")
    >>> round(float(bets.loc[results.main_bet, "house_edge"]), 4)
    0.0337
    """
    chosen = load_rules(rules) if isinstance(rules, str) else rules
    return run_rule_set(chosen, command="crazy4.analyze", jobs=jobs)


def hand(rules: RuleSet | str, cards: str, up: str | None = None) -> dict[str, object]:
    """One hand's exact dealer outcomes, the EV of each decision and the optimal one (what
    ``crazy4 hand`` prints).

    Parameters
    ----------
    rules : RuleSet or str
        A rule set, or the name of a shipped one or the path of a rule file.
    cards : str
        The player's cards (``"Ks Qd 8c 4h 2s"``).
    up : str, optional
        The dealer's up card, for a game that deals one.

    Raises
    ------
    InputError
        For cards that do not parse, repeat or do not fit the game.

    Examples
    --------
    >>> hand("three-card-standard", "Qs 6d 4c")["optimal_decision"]
    '1x'
    """
    from crazy4.core.cards import parse_card, parse_cards

    chosen = load_rules(rules) if isinstance(rules, str) else rules
    game = game_of(chosen)
    dealt = parse_cards(cards, count=game.player_cards)
    return game.hand_result(chosen, dealt, None if up is None else parse_card(up))
