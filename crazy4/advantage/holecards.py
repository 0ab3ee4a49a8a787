"""Seen dealer cards, every game: the hole-card job from a rule set to its tables, priced by
:mod:`crazy4.advantage.holecard_engine` and written by :mod:`crazy4.advantage.holecard_tables`
in the game's vocabulary.

Examples
--------
>>> [strategy.name for strategy, _ in rank_group_strategies([FACE_CARDS])]
['none', 'group:JQK,AT98765432', 'rank', 'card']
>>> from crazy4.spec.specification import HOLE_CARD_FORMS
>>> tuple(TABLE_FORMS) == HOLE_CARD_FORMS
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.advantage.holecard_engine import (
    FULL_CARD,
    NO_INFORMATION,
    HoleCardAnalysis,
    Strategy,
    analyze_hole_cards,
)
from crazy4.advantage.holecard_situations import row_chunk
from crazy4.advantage.holecard_tables import hole_card_tables, rank_group_table
from crazy4.advantage.information import RANK_GROUPS, groups_label, parse_groups
from crazy4.advantage.report import hole_card_section
from crazy4.analyze.counts import suit_classes
from crazy4.analyze.situations import DealSituations
from crazy4.core.cards import RANKS
from crazy4.core.table_kernels import set_threads
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import spec_of
from crazy4.spec.specification import DealShape, GameSpec

IntArray = npt.NDArray[np.int64]
#: Called with the hand classes finished after each chunk.
Progress = Callable[[int], None]
#: Called with each chunk's situation rows (:mod:`crazy4.advantage.situations_file`).
Sink = Callable[[dict[str, Any]], None]

#: The partial information of the chart tables by default: ace, king, Q-J-T, the rest.
DEFAULT_GROUPS = "A,K,QJT,98765432"
#: The partial information of the rank-group table by default: face card (J, Q, K) or not.
FACE_CARDS = "JQK,AT98765432"
#: Situations (hand, up cards, seen card) up to which the hole-card tables are published.
PUBLISHED_SITUATIONS = 10**8


def table_prefix(seen: int) -> str:
    """The hole-card tables' prefix: ``hole`` for one seen card, ``hole<k>`` otherwise.

    Examples
    --------
    >>> table_prefix(1), table_prefix(2)
    ('hole', 'hole2')
    """
    return "hole" if seen == 1 else f"hole{seen}"


def published_seen(shape: DealShape) -> int:
    """The seen cards ``crazy4 analyze --hole-cards`` publishes tables for: one while the
    situations are at most :data:`PUBLISHED_SITUATIONS`, else none.

    Examples
    --------
    >>> published_seen(DealShape(3, 3, 0, 3)), published_seen(DealShape(5, 5, 1, 5))
    (1, 0)
    """
    p, f = shape.player_cards, shape.face_up
    if f >= shape.dealer_cards:
        return 0
    return int(comb(52, p) * comb(52 - p, f) * (52 - p - f) <= PUBLISHED_SITUATIONS)


def sample_classes(shape: DealShape, count: int) -> IntArray:
    """``count`` player hand classes spread evenly from the first to the last.

    Examples
    --------
    >>> sample_classes(DealShape(3, 3, 0, 3), 3).tolist()
    [0, 877, 1754]
    """
    classes = suit_classes(shape.player_cards)[0].shape[0]
    return np.unique(np.linspace(0, classes - 1, min(count, classes)).round().astype(np.int64))


def chart_strategies(groups: Sequence[str]) -> list[Strategy]:
    """No information, each group list (named by its canonical text), the rank, the whole card.

    Examples
    --------
    >>> [s.name for s in chart_strategies(["98765432,QJT,K,A"])]
    ['none', 'group:A,K,QJT,98765432', 'rank', 'card']
    """
    chosen = [NO_INFORMATION]
    for text in groups:
        group_of = parse_groups(text)
        chosen.append(Strategy(f"group:{groups_label(group_of)}", group_of))
    return [*chosen, Strategy("rank", RANK_GROUPS), FULL_CARD]


def rank_group_strategies(groups: Sequence[str]) -> list[tuple[Strategy, str | None]]:
    """No information, each group list as written, the rank, the whole card, with their texts."""
    texts: list[tuple[str, str | None]] = [("none", "".join(RANKS))]
    texts += [(f"group:{text}", text) for text in groups]
    texts += [("rank", ",".join(RANKS)), ("card", None)]
    return [
        (FULL_CARD if text is None else Strategy(name, parse_groups(text)), text)
        for name, text in texts
    ]


@dataclass(frozen=True)
class HoleCardResults:
    """A hole-card analysis and its chart tables (named ``<prefix>_strategies`` ...)."""

    analysis: HoleCardAnalysis
    tables: dict[str, pd.DataFrame] = field(repr=False)


def hole_card_results(
    rules: RuleSet,
    seen: int,
    groups: Sequence[str] = (DEFAULT_GROUPS,),
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    sink: Sink | None = None,
    classes: IntArray | None = None,
) -> HoleCardResults:
    """Analyze ``seen`` hole cards of a rule set into the chart tables."""
    strategies = chart_strategies(groups)
    options = {"progress": progress, "sink": sink, "classes": classes}
    analysis = analyzed(rules, seen, strategies, jobs, options)
    return HoleCardResults(analysis, hole_card_tables(analysis, table_prefix(seen)))


def analyzed(
    rules: RuleSet, seen: int, strategies: list[Strategy], jobs: int, options: dict[str, Any]
) -> HoleCardAnalysis:
    """:func:`~crazy4.advantage.holecard_engine.analyze_hole_cards` on ``jobs`` threads."""
    previous = set_threads(jobs)
    try:
        return analyze_hole_cards(rules, seen, strategies, jobs=jobs, **options)
    finally:
        set_threads(previous)


def chart_tables(
    rules: RuleSet,
    seen: int,
    groups: Sequence[str],
    jobs: int,
    sample: int = 0,
    *,
    progress: Progress | None = None,
    sink: Sink | None = None,
) -> dict[str, pd.DataFrame]:
    """The chart tables, over every situation or ``sample`` hand classes."""
    classes = sample_classes(spec_of(rules).shape, sample) if sample else None
    chosen = list(groups) or [DEFAULT_GROUPS]
    found = hole_card_results(
        rules, seen, chosen, jobs=jobs, progress=progress, sink=sink, classes=classes
    )
    return found.tables


def rank_group_tables(
    rules: RuleSet,
    seen: int,
    groups: Sequence[str],
    jobs: int,
    sample: int = 0,
    *,
    progress: Progress | None = None,
    sink: Sink | None = None,
) -> dict[str, pd.DataFrame]:
    """The rank-group table, over every situation or ``sample`` hand classes."""
    spec = spec_of(rules)
    chosen = rank_group_strategies(list(groups) or [FACE_CARDS])
    classes = sample_classes(spec.shape, sample) if sample else None
    options = {"spec": spec, "progress": progress, "sink": sink, "classes": classes}
    analysis = analyzed(rules, seen, [strategy for strategy, _ in chosen], jobs, options)
    texts = {strategy.name: text for strategy, text in chosen}
    return {f"{table_prefix(seen)}_strategies": rank_group_table(analysis, texts)}


#: The tables of each vocabulary (:data:`crazy4.spec.specification.HOLE_CARD_FORMS`).
TABLE_FORMS: dict[str, Callable[..., dict[str, pd.DataFrame]]] = {
    "rank_groups": rank_group_tables,
    "chart": chart_tables,
}


def hole_card_table(
    spec: GameSpec, rules: RuleSet, groups: list[str], jobs: int = 1, rows: IntArray | None = None
) -> pd.DataFrame:
    """``hole_strategies`` of a specification (one seen card) in the rank-group vocabulary,
    over every situation or the class rows ``rows`` only."""
    chosen = rank_group_strategies(groups or [FACE_CARDS])
    analysis = analyze_hole_cards(
        rules, 1, [strategy for strategy, _ in chosen], spec=spec, jobs=jobs, rows=rows
    )
    return rank_group_table(analysis, {strategy.name: text for strategy, text in chosen})


def seen_cells(
    spec: GameSpec, rules: RuleSet, classes: DealSituations, rows: IntArray, jobs: int = 1
) -> tuple[npt.NDArray[np.uint8], IntArray]:
    """The seen cards of the class rows ``rows`` and the outcome cells with each."""
    chunk = row_chunk(spec, rules, np.asarray(rows, dtype=np.int64), jobs)
    n = rows.shape[0]
    hidden = chunk.cards[:, -1].reshape(n, -1).astype(np.uint8)
    del classes  # the rows are of the specification's own situations
    return hidden, chunk.cells.reshape(n, hidden.shape[1], 6)


def published_tables(rules: RuleSet, jobs: int = 1) -> tuple[dict[str, pd.DataFrame], str]:
    """The hole-card tables and report section ``crazy4 analyze --hole-cards`` adds."""
    spec = spec_of(rules)
    seen = published_seen(spec.shape) if spec.published_seen is None else spec.published_seen
    if seen == 0:
        return {}, ""
    tables = TABLE_FORMS[spec.hole_card_form](rules, seen, [], jobs)
    return tables, hole_card_section(tables, table_prefix(seen))
