"""Seen dealer cards, every game: the hole-card job from a rule set to its tables, priced by
:mod:`crazy4.advantage.holecard_engine` and written by :mod:`crazy4.advantage.holecard_tables`
in the game's vocabulary; and one situation (``crazy4 advantage holecards --hand``): its dealer
counts, exact EVs and best decision.

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
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from crazy4.advantage.holecard_engine import (
    FULL_CARD,
    NO_INFORMATION,
    RANK_GROUPS,
    HoleCardAnalysis,
    Strategy,
    analyze_hole_cards,
    groups_label,
    most_seen,
    parse_groups,
)
from crazy4.advantage.holecard_situations import count_cells, forced_shape, row_chunk
from crazy4.advantage.holecard_tables import hole_card_tables, rank_group_table
from crazy4.advantage.price_kernel import price_situations
from crazy4.advantage.report import hole_card_section
from crazy4.analyze.analysis import player_strengths
from crazy4.analyze.counts import suit_classes
from crazy4.analyze.situations import DealSituations
from crazy4.core.cards import RANKS, format_card, format_cards, parse_cards
from crazy4.core.decisions import best_decisions, decision_label
from crazy4.core.table_kernels import set_threads
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import spec_of
from crazy4.spec.specification import DECISIONS, DealShape, GameSpec

IntArray = npt.NDArray[np.int64]
#: Called with the hand classes finished after each chunk.
Progress = Callable[[int], None]
#: Called with each chunk's situation rows (:func:`.holecard_situations.situation_rows`).
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
    """``hole_strategies`` of a specification (one seen card) in the rank-group vocabulary."""
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


def priced_situation(
    spec: GameSpec, rules: RuleSet, hand: tuple[int, ...], known: tuple[int, ...], seen: int
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_], int]:
    """The outcome cells of one hand with the dealer cards ``known`` forced, each decision's EV
    numerator, the allowed decisions, and the EVs' denominator.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.registry import load_rules
    >>> cells, ev, allowed, d = priced_situation(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"),
    ...     parse_cards("As Ad 7c 4h 2s"), parse_cards("Kd"), 1)
    >>> d, bool(allowed[0, 3]), int(cells.sum())
    (326370, True, 163185)
    """
    hands = np.array([sorted(hand)], dtype=np.uint8)
    cards = np.array([sorted(known)], dtype=np.int64).reshape(1, len(known))
    cells = count_cells(spec, rules, forced_shape(spec.shape, seen), hands, cards, 1)
    strengths = player_strengths(spec, hands)
    settlement = spec.settlement(rules)
    ev, _ = price_situations(cells, strengths, settlement.nets)
    completions = int(cells[0].sum())
    return cells, ev, settlement.allowed[strengths], completions * settlement.unit


def check_situation(
    spec: GameSpec, hand: tuple[int, ...], up: tuple[int, ...], seen: tuple[int, ...]
) -> None:
    """Refuse impossible situations with one line (InputError).

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> check_situation(CRAZY_FOUR_SPEC, parse_cards("Ks Qd 8c 4h 2s"), (), parse_cards("Ks"))
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --seen-cards: Ks is also in the player's hand
    """
    shape, title = spec.shape, spec.title
    if not 0 <= len(seen) <= most_seen(shape):
        raise InputError(
            f"--seen-cards: number of cards {len(seen)}: {title} is analysed with 0 to "
            f"{most_seen(shape)} seen hole cards"
        )
    if len(up) != shape.face_up:
        raise InputError(
            f"--up: {title} has {shape.face_up} face-up dealer card(s); {len(up)} given"
        )
    for option, cards in (("--up", up), ("--seen-cards", seen)):
        for card in cards:
            if card in hand:
                raise InputError(f"{option}: {format_card(card)} is also in the player's hand")
    if set(up) & set(seen):
        raise InputError(
            f"--seen-cards: {format_card(sorted(set(up) & set(seen))[0])} is the up card"
        )


def decision_text(
    spec: GameSpec, rules: RuleSet, hand: str, up: str | None, seen: str | None
) -> str:
    """Each allowed decision's exact EV per Ante and the optimal one.

    Examples
    --------
    >>> from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
    >>> from crazy4.registry import load_rules
    >>> print(decision_text(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"), "Ks Qd 8c 4h 2s",
    ...                     None, "Ah"))
    Hand 2s 4h 8c Qd Ks  seen Ah  (crazy4-standard)
      fold -2.000000  (exact -2)
      1x   -3.000000  (exact -3)
    Optimal decision: fold
    """
    cards = parse_cards(hand, count=spec.shape.player_cards)
    seens = parse_cards(seen) if seen else ()
    ups = parse_cards(up, count=1) if up else ()
    check_situation(spec, cards, ups, seens)
    _, ev, allowed, denominator = priced_situation(spec, rules, cards, ups + seens, len(seens))
    decision, tied = best_decisions(ev, allowed)
    shown = " ".join(format_card(card) for card in cards)
    lines = [f"Hand {shown}  seen {' '.join(format_card(c) for c in ups + seens)}  ({rules.name})"]
    for code in range(4):
        if allowed[0, code]:
            exact = Fraction(int(ev[0, code]), denominator)
            lines.append(f"  {decision_label(code):<4} {float(exact):+.6f}  (exact {exact})")
    ties = [decision_label(code) for code in range(4) if tied[0, code]]
    lines.append(f"Optimal decision: {decision_label(int(decision[0]))}")
    if len(ties) > 1:
        lines.append(f"Exact tie between: {', '.join(ties)}")
    return "\n".join(lines)


def situation_text(
    spec: GameSpec, rules: RuleSet, hand: str, up: str | None, seen: str | None
) -> str:
    """One situation's dealer hands counted, each allowed decision's exact EV per Ante, the best.

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
    cells, ev, allowed, denominator = priced_situation(spec, rules, cards, ups + seens, len(seens))
    tied = best_decisions(ev, allowed)[1]
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
        if allowed[0, code]:
            exact = Fraction(int(ev[0, code]), denominator)
            lines.append(f"{label}: {float(exact):+.6f} (exact {exact})")
    best = [DECISIONS[c] for c in range(4) if tied[0, c]]
    lines.append(f"best: {' or '.join(best)}")
    return "\n".join(lines)


#: The text of one situation in each vocabulary of the hole-card tables.
SITUATION_FORMS = {"rank_groups": situation_text, "chart": decision_text}
