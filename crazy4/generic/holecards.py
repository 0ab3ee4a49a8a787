"""Seen dealer cards, every game: the hole-card job from a rule set to its tables.

What ``crazy4 advantage holecards``, ``crazy4 analyze --hole-cards`` and the conformance check
run, for every game the same way: the one engine (:mod:`crazy4.generic.holecard_engine`) over
the game's specification prices every situation (a player hand, the dealer cards dealt face
up, the hidden cards seen) and decides each strategy -- what the player learns of the seen
cards: nothing, a group of ranks, the rank, the whole card -- exactly; the tables
(:mod:`crazy4.generic.holecard_tables`) are written in the vocabulary the game publishes
(:meth:`crazy4.spec.game.Game.hole_card_tables`): the chart tables (strategies, value of each
seen rank, the chart) or the rank-group table. One situation (``--hand``) is priced by
:func:`situation_text` (a game's own lines: :meth:`crazy4.spec.game.Game.hole_card_situation`).

Examples
--------
>>> [name for name, _ in rank_group_strategies([FACE_CARDS])]
['none', 'group:JQK,AT98765432', 'rank', 'card']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.advantage.information import RANK_GROUPS, groups_label, parse_groups
from crazy4.core.cards import RANKS, format_cards, parse_cards
from crazy4.errors import InputError
from crazy4.generic.analysis import player_strengths
from crazy4.generic.counting import counter_for
from crazy4.generic.holecard_engine import (
    FULL_CARD,
    NO_INFORMATION,
    HoleCardAnalysis,
    Strategy,
    analyze_hole_cards,
)
from crazy4.generic.holecard_situations import row_chunk
from crazy4.generic.holecard_tables import hole_card_tables, rank_group_table
from crazy4.generic.pricing import price
from crazy4.generic.situations import DealSituations
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import DECISIONS, DealShape, GameSpec

IntArray = npt.NDArray[np.int64]
#: Called with the hand classes finished after each chunk.
Progress = Callable[[int], None]
#: Called with each chunk's situation rows (:mod:`crazy4.advantage.situations_file`).
Sink = Callable[[dict[str, Any]], None]

#: The partial information of the chart tables by default: ace, king, Q-J-T, the rest.
DEFAULT_GROUPS = "A,K,QJT,98765432"
#: The partial information of the rank-group table by default: face card (J, Q, K) or not.
FACE_CARDS = "JQK,AT98765432"
#: Situations (hand, up cards, seen card), before the suit symmetry, up to which a
#: specification game's hole-card tables are light enough to publish with the analysis.
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
    """The seen cards ``crazy4 analyze --hole-cards`` publishes a specification game's tables
    for: one while the situations are at most :data:`PUBLISHED_SITUATIONS` (Three Card Poker's
    1,082,900), else none (a five-card hand beside an up card: 5.6 billion).

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
    """``count`` player hand classes spread evenly from the first to the last: a check's sample.

    Examples
    --------
    >>> sample_classes(DealShape(3, 3, 0, 3), 3).tolist()
    [0, 877, 1754]
    """
    from crazy4.generic.counts import suit_classes

    classes = suit_classes(shape.player_cards)[0].shape[0]
    return np.unique(np.linspace(0, classes - 1, min(count, classes)).round().astype(np.int64))


def chart_strategies(groups: Sequence[str]) -> list[Strategy]:
    """No information, each group list (named by its canonical text), the rank, the whole card
    (bad groups: InputError).

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
    """No information, each group list as written, the rank, the whole card, each with its
    rank groups' text (None: the whole card)."""
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
    """Analyze ``seen`` hole cards of a rule set (the game's specification) into the chart
    tables (:func:`crazy4.generic.holecard_tables.hole_card_tables`)."""
    from crazy4.core.table_kernels import set_threads

    previous = set_threads(jobs)
    try:
        analysis = analyze_hole_cards(
            rules, seen, chart_strategies(groups), jobs=jobs, progress=progress, sink=sink,
            classes=classes,
        )  # fmt: skip
    finally:
        set_threads(previous)
    return HoleCardResults(analysis, hole_card_tables(analysis, table_prefix(seen)))


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
    """The chart tables (``groups``: by default :data:`DEFAULT_GROUPS`), over every situation
    or ``sample`` hand classes (:func:`sample_classes`)."""
    from crazy4.spec.game import game_of

    classes = sample_classes(game_of(rules).spec.shape, sample) if sample else None
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
    """The rank-group table (``groups``: by default :data:`FACE_CARDS`), over every situation
    or ``sample`` hand classes (:func:`sample_classes`)."""
    from crazy4.core.table_kernels import set_threads
    from crazy4.spec.game import game_of

    spec = game_of(rules).spec
    chosen = rank_group_strategies(list(groups) or [FACE_CARDS])
    classes = sample_classes(spec.shape, sample) if sample else None
    previous = set_threads(jobs)
    try:
        analysis = analyze_hole_cards(
            rules, seen, [strategy for strategy, _ in chosen], spec=spec, jobs=jobs,
            progress=progress, sink=sink, classes=classes,
        )  # fmt: skip
    finally:
        set_threads(previous)
    texts = {strategy.name: text for strategy, text in chosen}
    return {f"{table_prefix(seen)}_strategies": rank_group_table(analysis, texts)}


def hole_card_table(
    spec: GameSpec,
    rules: RuleSet,
    groups: list[str],
    jobs: int = 1,
    rows: IntArray | None = None,
) -> pd.DataFrame:
    """``hole_strategies`` of a specification (one seen card) in the rank-group vocabulary,
    over every situation or the class rows ``rows`` of
    :func:`crazy4.generic.situations.deal_situations` only."""
    chosen = rank_group_strategies(groups or [FACE_CARDS])
    analysis = analyze_hole_cards(
        rules, 1, [strategy for strategy, _ in chosen], spec=spec, jobs=jobs, rows=rows
    )
    return rank_group_table(analysis, {strategy.name: text for strategy, text in chosen})


def seen_cells(
    spec: GameSpec, rules: RuleSet, classes: DealSituations, rows: IntArray, jobs: int = 1
) -> tuple[npt.NDArray[np.uint8], IntArray]:
    """The seen cards of the class rows ``rows`` (each card a row leaves, ascending) and the
    outcome cells with each, shape ``(n, slots, 6)`` (:func:`.holecard_situations.row_chunk`)."""
    chunk = row_chunk(spec, rules, np.asarray(rows, dtype=np.int64), jobs)
    n = rows.shape[0]
    hidden = chunk.cards[:, -1].reshape(n, -1).astype(np.uint8)
    del classes  # the rows are of the specification's own situations
    return hidden, chunk.cells.reshape(n, hidden.shape[1], 6)


def published_tables(rules: RuleSet, jobs: int = 1) -> tuple[dict[str, pd.DataFrame], str]:
    """The hole-card tables and report section ``crazy4 analyze --hole-cards`` adds to a rule
    set's folder: the game's :attr:`~crazy4.spec.game.Game.published_seen` cards (none: no
    tables)."""
    from crazy4.advantage.report import hole_card_section
    from crazy4.spec.game import game_of

    game = game_of(rules)
    seen = game.published_seen
    if seen == 0:
        return {}, ""
    tables = game.hole_card_tables(rules, seen, [], jobs)
    return tables, hole_card_section(tables, table_prefix(seen))


def situation_text(
    spec: GameSpec, rules: RuleSet, hand: str, up: str | None, seen: str | None
) -> str:
    """One situation (``crazy4 advantage holecards --hand``): the player's cards, the up cards
    the rules deal, the hidden dealer cards seen; every dealer hand holding the known cards
    counted (the game's counter), each allowed decision's exact EV per Ante, the best.

    Raises
    ------
    InputError
        For a hand of the wrong size, up cards the rules do not deal (or missing), more seen
        cards than the dealer's hidden ones, or a card given twice.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> print(situation_text(THREE_CARD, rules, "Kh Kd 2c", None, "Ah"))
    Three Card Poker: 2c Kd Kh, seen Ah
    dealer hands: 1,128 (not qualified 0; player higher 915; tie 0; dealer higher 213)
    fold: -1.000000 (exact -1)
    1x: +1.244681 (exact 117/94)
    best: 1x
    """
    shape = spec.shape
    cards = parse_cards(hand, count=shape.player_cards)
    if shape.face_up and up is None:
        raise InputError(f"--up: {spec.title} deals {shape.face_up} dealer card(s) face up")
    if not shape.face_up and up is not None:
        raise InputError(f"--up: {spec.title} deals no dealer card face up")
    ups = parse_cards(up, count=shape.face_up) if up is not None else ()
    seens = parse_cards(seen) if seen else ()
    if len(seens) > shape.dealer_cards - shape.face_up:
        hidden = shape.dealer_cards - shape.face_up
        raise InputError(f"--seen-cards: the dealer has {hidden} hidden card(s)")
    known = (*cards, *ups, *seens)
    if len(set(known)) != len(known):
        raise InputError("--hand, --up and --seen-cards: a card is given twice")
    hands = np.array([sorted(cards)], dtype=np.uint8)
    strengths = player_strengths(spec, hands)
    forced = np.array([[*ups, *seens]], dtype=np.uint8).reshape(1, len(ups) + len(seens))
    cells = counter_for(shape).cells(
        hands, strengths, spec.qualifier(rules), spec.ranking, shape.dealer_cards, forced=forced
    )
    prices = price(cells, strengths, spec.settlement(rules))
    total = int(cells.sum())
    head = f"{spec.title}: {format_cards(cards)}"
    head += f", up {format_cards(ups)}" if ups else ""
    head += f", seen {format_cards(seens)}" if seens else ""
    counted = (
        f"dealer hands: {total:,} (not qualified {int(cells[0, :3].sum()):,}; player higher "
        f"{int(cells[0, 3]):,}; tie {int(cells[0, 4]):,}; dealer higher {int(cells[0, 5]):,})"
    )
    lines = [head, counted]
    for code, label in enumerate(DECISIONS):
        if prices.allowed[0, code]:
            ev = Fraction(int(prices.ev[0, code]), prices.denominator)
            lines.append(f"{label}: {float(ev):+.6f} (exact {ev})")
    best = [DECISIONS[c] for c in range(4) if prices.tied[0, c]]
    lines.append(f"best: {' or '.join(best)}")
    return "\n".join(lines)
