"""One rule set, end to end: its game's exact analysis, its tables and its report.

``crazy4 analyze`` and ``crazy4 report`` both run :func:`run_rule_set`, which reaches the game
through :mod:`crazy4.games.registry`, so a report is never rendered from another game's analysis.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from crazy4.games.registry import game_of
from crazy4.results.write import provenance, write_run_record, write_table, write_text
from crazy4.rules.ruleset import RuleSet


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

    def write(self, folder: Path) -> None:
        """Write every table, ``report.md`` and ``run.json`` into ``folder`` (each atomically)."""
        for name, frame in self.tables.items():
            write_table(frame, folder / f"{name}.parquet", self.record)
        write_text(folder / "report.md", self.report)
        write_run_record(folder, self.command)


def steps(rules: RuleSet) -> int:
    """How many progress steps :func:`run_rule_set` reports for a rule set."""
    return game_of(rules).analysis_steps(rules)


def run_rule_set(
    rules: RuleSet,
    *,
    command: str,
    jobs: int = 1,
    simulate_rounds: int | None = None,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> RuleSetResults:
    """Analyze a rule set exactly and render its report.

    Parameters
    ----------
    rules : RuleSet
    command : str
        The command line, kept in the volatile ``run.json`` (not in the tables' provenance).
    jobs : int
        Worker processes or threads for the counting.
    simulate_rounds, seed : int, optional
        A game's own simulation inside the analysis (the card room's card-removal
        simulation; ``None``: its defaults).
    progress : callable, optional
        Called with a message after each step.
    """
    analysis = game_of(rules).analyze(
        rules,
        jobs=jobs,
        progress=progress or (lambda message: None),
        simulate_rounds=simulate_rounds,
        seed=seed,
    )
    record = provenance(rules.name, rules.content_hash, analysis.deals, **analysis.details)
    return RuleSetResults(
        rules=rules,
        tables=analysis.tables,
        report=analysis.render_report(record),
        main_bet=analysis.main_bet,
        record=record,
        command=command,
    )
