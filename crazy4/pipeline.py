"""One rule set, end to end: the analysis its game needs, its tables and its report.

``crazy4 analyze`` and ``crazy4 report`` both run :func:`run_rule_set`, which dispatches on
the rule set's ``game`` (Crazy 4 Poker, with the card room's tables where the rule file has
them; Four Card Poker), so a report is never rendered from the wrong game's analysis.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from crazy4.results.write import provenance, write_table, write_text
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
        The provenance stored with every table.
    """

    rules: RuleSet
    tables: dict[str, pd.DataFrame] = field(repr=False)
    report: str = field(repr=False)
    main_bet: str
    record: dict[str, object]

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
        """Write every table and ``report.md`` into ``folder`` (each file atomically)."""
        for name, frame in self.tables.items():
            write_table(frame, folder / f"{name}.parquet", self.record)
        write_text(folder / "report.md", self.report)


def steps(rules: RuleSet) -> int:
    """How many progress steps :func:`run_rule_set` reports for a rule set."""
    if rules.game == "four-card-poker":
        return 3
    return 5 + int(bool(rules.cardroom_tables) or rules.blind_second_hand)


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
        The command line, stored in the provenance.
    jobs : int
        Worker processes or threads for the counting.
    simulate_rounds, seed : int, optional
        The card room's card-removal simulation (``None``: its defaults).
    progress : callable, optional
        Called with a message after each step.
    """
    if rules.game == "four-card-poker":
        return _four_card(rules, command=command, jobs=jobs, progress=progress)
    return _crazy4(
        rules,
        command=command,
        jobs=jobs,
        simulate_rounds=simulate_rounds,
        seed=seed,
        progress=progress,
    )


def _four_card(
    rules: RuleSet, *, command: str, jobs: int, progress: Callable[[str], None] | None
) -> RuleSetResults:
    from crazy4.games.four_card.analysis import MAIN_BET, analyze_four_card
    from crazy4.games.four_card.engine import TOTAL_DEALS
    from crazy4.games.four_card.report import render_four_card_report

    analysis = analyze_four_card(rules, jobs=jobs, progress=progress)
    record = provenance(rules.name, rules.content_hash, command, TOTAL_DEALS)
    return RuleSetResults(
        rules=rules,
        tables=dict(analysis.tables),
        report=render_four_card_report(analysis, record),
        main_bet=MAIN_BET,
        record=record,
    )


def _crazy4(
    rules: RuleSet,
    *,
    command: str,
    jobs: int,
    simulate_rounds: int | None,
    seed: int | None,
    progress: Callable[[str], None] | None,
) -> RuleSetResults:
    from crazy4.games.crazy_four.analysis import analyze
    from crazy4.games.crazy_four.report import render_report

    say = progress or (lambda message: None)
    analysis = analyze(rules, jobs=jobs, progress=say)
    tables = dict(analysis.tables)
    extra: list[str] = []
    details: dict[str, object] = {}
    if rules.cardroom_tables or rules.blind_second_hand:
        from crazy4.cardroom.model import SIMULATION_ROUNDS, SIMULATION_SEED
        from crazy4.cardroom.report import cardroom_results

        rounds = SIMULATION_ROUNDS if simulate_rounds is None else simulate_rounds
        chosen_seed = SIMULATION_SEED if seed is None else seed
        _, cardroom_tables, extra = cardroom_results(
            analysis, simulation_rounds=rounds, seed=chosen_seed
        )
        tables.update(cardroom_tables)
        details = {"simulation_rounds": rounds, "simulation_seed": chosen_seed}
        say("card room")
    record = provenance(
        rules.name,
        rules.content_hash,
        command,
        int(analysis.tables["bets"]["deals"].iloc[0]),
        **details,
    )
    return RuleSetResults(
        rules=rules,
        tables=tables,
        report=render_report(analysis, record, extra),
        main_bet="ante_super_bonus_play",
        record=record,
    )
