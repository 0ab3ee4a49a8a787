"""One hole-card analysis end to end: the strategies asked for, the engine, the tables.

:func:`hole_card_results` is what ``crazy4 advantage holecards`` and the pipeline's hole-card
tables (``crazy4 analyze --hole-cards``) run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from crazy4.advantage.holecards import (
    FULL_CARD,
    NO_INFORMATION,
    HoleCardAnalysis,
    Strategy,
    analyze_hole_cards,
)
from crazy4.advantage.information import RANK_GROUPS, groups_label, parse_groups
from crazy4.advantage.tables import hole_card_tables

#: The group list of the default partial-information strategy.
DEFAULT_GROUPS = "A,K,QJT,98765432"


@dataclass(frozen=True)
class HoleCardResults:
    """A hole-card analysis and its tables (named ``<prefix>_strategies`` ...)."""

    analysis: HoleCardAnalysis
    tables: dict[str, pd.DataFrame] = field(repr=False)


def strategies_for(groups: Sequence[str]) -> list[Strategy]:
    """No information, each group list, the rank, the whole card (bad groups: InputError).

    Examples
    --------
    >>> [s.name for s in strategies_for(["A,K,QJT,98765432"])]
    ['none', 'group:A,K,QJT,98765432', 'rank', 'card']
    """
    chosen = [NO_INFORMATION]
    for text in groups:
        group_of = parse_groups(text)
        chosen.append(Strategy(f"group:{groups_label(group_of)}", group_of))
    chosen.append(Strategy("rank", RANK_GROUPS))
    chosen.append(FULL_CARD)
    return chosen


def hole_card_results(
    rules: object,
    seen: int,
    groups: Sequence[str] = (DEFAULT_GROUPS,),
    *,
    progress: Callable[[int], None] | None = None,
    sink: Callable[[dict[str, Any]], None] | None = None,
) -> HoleCardResults:
    """Analyze ``seen`` hole cards of a rule set and build its tables.

    The table prefix is ``hole`` for one seen card and ``hole<k>`` otherwise.
    """
    from crazy4.rules.ruleset import RuleSet

    assert isinstance(rules, RuleSet)
    analysis = analyze_hole_cards(rules, seen, strategies_for(groups), progress=progress, sink=sink)
    prefix = "hole" if seen == 1 else f"hole{seen}"
    return HoleCardResults(analysis=analysis, tables=hole_card_tables(analysis, prefix))


def published_tables(rules: object, jobs: int = 1) -> tuple[dict[str, pd.DataFrame], str]:
    """The hole-card tables and report section ``crazy4 analyze --hole-cards`` adds to a rule
    set's folder: the game's :attr:`~crazy4.spec.game.HoleCardRole.results_seen` cards (none:
    no tables)."""
    from crazy4.advantage.report import hole_card_section
    from crazy4.rules.ruleset import RuleSet
    from crazy4.spec.game import HoleCardTables, game_of

    assert isinstance(rules, RuleSet)
    game = game_of(rules)
    if isinstance(game, HoleCardTables):  # the game's own engine: one seen card
        if game.published_seen == 0:
            return {}, ""
        tables = game.hole_card_tables(rules, game.published_seen, [], jobs)
        return tables, hole_card_section(tables, "hole")
    seen = game.hole_cards().results_seen
    if seen == 0:
        return {}, ""
    from crazy4.core.table_kernels import set_threads

    previous = set_threads(jobs)
    try:
        results = hole_card_results(rules, seen)
    finally:
        set_threads(previous)
    prefix = "hole" if seen == 1 else f"hole{seen}"
    return results.tables, hole_card_section(results.tables, prefix)
