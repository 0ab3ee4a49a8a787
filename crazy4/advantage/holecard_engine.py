"""The hole-card engine: every situation with seen dealer cards, priced and decided exactly,
each strategy deciding per information class on aggregated integers (``docs/advantage.md``,
sections 1-3); what the player learns of a seen card is its rank's group, written as the
command line writes it (``A,K,QJT,98765432``: every rank in exactly one group).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, sqrt

import numpy as np
import numpy.typing as npt

from crazy4.advantage.holecard_situations import (
    SituationChunk,
    assign_roles,
    counted_chunks,
    information_keys,
    known_ranks,
    row_chunk,
    seen_key,
    situation_rows,
    suit_masks,
)
from crazy4.advantage.price_kernel import decide_groups, key_sums, price_situations
from crazy4.analyze.analysis import player_strengths
from crazy4.analyze.counts import suit_classes
from crazy4.core.cards import RANKS, hands_of_colex
from crazy4.core.decisions import best_decisions
from crazy4.core.exact import fits_int64
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import spec_of
from crazy4.spec.specification import CellSettlement, DealShape, GameSpec, Ranking

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]

#: The most dealer cards a situation may hold known (the orbits are enumerated for two).
MOST_KNOWN = 2


@dataclass(frozen=True)
class Strategy:
    """A strategy by what it knows: each rank's group (``None``: the whole card)."""

    name: str
    groups: tuple[int, ...] | None


@dataclass
class StrategyTotals:
    """Exact sums of one strategy over every situation (``by_seen[key] = [weight, ev]``)."""

    name: str
    weight: int = 0
    ev: int = 0
    square: int = 0
    wager: int = 0
    tied: int = 0
    decisions: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    by_seen: dict[int, list[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class HoleCardAnalysis:
    """Everything the hole-card engine computed for one rule set and ``seen`` hidden cards."""

    rules: RuleSet
    seen: int
    completions: int
    unit: int
    roles: int
    totals: dict[str, StrategyTotals]
    chart: dict[tuple[int, int], list[int]]
    wagers: IntArray = field(repr=False)
    chart_cards: int = 1
    group_names: tuple[str, ...] = field(default=(), repr=False)

    def exact_ev(self, name: str) -> Fraction:
        """Exact EV of a strategy per unit of Ante.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> a = analyze_hole_cards(load_rules("three-card-standard"), 0, [NO_INFORMATION])
        >>> round(float(a.exact_ev("none")), 6)
        -0.03373
        """
        totals = self.totals[name]
        return Fraction(totals.ev, totals.weight * self.completions * self.unit)

    def std_dev(self, name: str) -> float:
        """Standard deviation of one round's net under a strategy, in Antes."""
        totals = self.totals[name]
        second = Fraction(totals.square, totals.weight * self.completions * self.unit**2)
        mean = self.exact_ev(name)
        return sqrt(float(second - mean * mean))

    def average_total_bet(self, name: str) -> Fraction:
        """Average total amount wagered per round, in Antes."""
        totals = self.totals[name]
        return Fraction(totals.wager, totals.weight * self.unit)


NO_INFORMATION = Strategy("none", (0,) * 13)
FULL_CARD = Strategy("card", None)


def most_seen(shape: DealShape) -> int:
    """The most hidden dealer cards the engine analyses a deal shape with.

    Examples
    --------
    >>> most_seen(DealShape(5, 5, 0, 4)), most_seen(DealShape(5, 6, 1, 4))
    (2, 1)
    """
    return max(0, min(MOST_KNOWN - shape.face_up, shape.dealer_cards - shape.face_up))


def check_seen(shape: DealShape, seen: int, title: str, option: str = "--seen") -> None:
    """Refuse a number of seen cards the engine does not analyse a game with (one line).

    Examples
    --------
    >>> check_seen(DealShape(5, 6, 1, 4), 2, "Four Card Poker")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --seen 2: Four Card Poker is analysed with 0 to 1 seen hole cards
    """
    if not 0 <= seen <= most_seen(shape):
        raise InputError(
            f"{option} {seen}: {title} is analysed with 0 to {most_seen(shape)} seen hole cards"
        )


@cache
def chart_groups(ranking: Ranking, hand_cards: int) -> tuple[IntArray, tuple[str, ...]]:
    """The chart's hand group of every strength and the groups' names (weakest first): high
    card by its two top ranks, a pair by its rank, every other category whole.

    Examples
    --------
    >>> from crazy4.core.strength_table import BEST_FOUR
    >>> group_of, names = chart_groups(BEST_FOUR, 4)
    >>> names[group_of[0]], names[-1]
    ('6-4 high', 'four of a kind')
    """
    strengths = ranking.strengths(hand_cards)
    present, first = np.unique(strengths, return_index=True)
    hands = hands_of_colex(first.astype(np.int64), hand_cards).astype(np.int64) // 4
    starts = ranking.category_starts()
    names: list[str] = []
    group_of = np.empty(ranking.n_strengths, dtype=np.int64)
    for strength, ranks in zip(present.tolist(), hands, strict=True):
        category = ranking.categories[int(np.searchsorted(starts, strength, side="right")) - 1]
        by_count = sorted(set(ranks.tolist()), key=lambda r: (-int((ranks == r).sum()), -r))
        if category == "high card":
            name = f"{RANKS[by_count[0]]}-{RANKS[by_count[1]]} high"
        elif category == "pair":
            name = f"pair of {RANKS[by_count[0]]}s"
        else:
            name = category
        if not names or names[-1] != name:
            names.append(name)
        group_of[strength] = len(names) - 1
    return group_of, tuple(names)


def check_bound(nets: IntArray, completions: int, weight: int) -> None:
    """Refuse a rule set whose int64 sums within a chunk could overflow."""
    largest = int(np.abs(nets).max())
    if not fits_int64(weight * completions * largest * largest):
        raise InputError(
            "the pay table's payouts are too large for the hole-card engine's exact int64 sums"
        )


def analyze_hole_cards(
    rules: RuleSet,
    seen: int,
    strategies: list[Strategy],
    *,
    spec: GameSpec | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    sink: Callable[[dict[str, npt.NDArray[np.generic]]], None] | None = None,
    first_classes: int | None = None,
    skip_classes: int = 0,
    classes: IntArray | None = None,
    rows: IntArray | None = None,
) -> HoleCardAnalysis:
    """Price every situation with ``seen`` hole cards and total each strategy exactly (the same
    for any ``jobs``); ``first_classes`` after ``skip_classes``, ``classes`` or ``rows`` limit
    the situations covered."""
    spec = spec_of(rules) if spec is None else spec
    shape = spec.shape
    check_seen(shape, seen, spec.title)
    forced = shape.face_up + seen
    n_completions = comb(52 - shape.player_cards - forced, shape.dealer_cards - forced)
    settlement = spec.settlement(rules)
    hands, _ = suit_classes(shape.player_cards)
    strengths = player_strengths(spec, hands)
    masks = suit_masks(hands)
    roles = list(combinations(range(forced), shape.face_up))
    totals = {strategy.name: StrategyTotals(strategy.name) for strategy in strategies}
    chart: dict[tuple[int, int], list[int]] = {}
    group_of_strength, names = chart_groups(spec.ranking, shape.hand_cards)
    if first_classes is not None or skip_classes:
        last = hands.shape[0] if first_classes is None else skip_classes + first_classes
        classes = np.arange(skip_classes, min(last, hands.shape[0]), dtype=np.int64)
    if rows is not None:  # the face-up cards are the first columns: one role
        roles = [tuple(range(shape.face_up))]
    for chunk in chosen_chunks(spec, rules, seen, jobs, classes, rows):
        hand = chunk.hand
        ev, square, allowed = price_chunk(chunk, strengths[hand], settlement, n_completions)
        if sink is not None:
            sink(situation_rows(hands[hand], chunk.cards, chunk.weights, ev, allowed))
        assigned = [assign_roles(chunk.cards, columns, masks[hand]) for columns in roles]
        priced = (ev, square, allowed)
        add_strategies(totals, strategies, chunk, assigned, priced, settlement.wagers)
        if seen == 1:
            keys = group_of_strength[strengths[hand]] * 169 + known_ranks(chunk.cards)
            add_chart(chart, keys, chunk.weights * len(roles), ev, square, allowed)
        if progress is not None:
            progress(chunk.stop - chunk.start)
    unit, wagers = settlement.unit, settlement.wagers
    return HoleCardAnalysis(
        rules, seen, n_completions, unit, len(roles), totals, chart, wagers, forced, names
    )


def price_chunk(
    chunk: SituationChunk, strengths: IntArray, settlement: CellSettlement, completions: int
) -> tuple[IntArray, IntArray, BoolArray]:
    """Each situation's EV and second-moment numerators and allowed decisions, its cells checked."""
    assert int(chunk.cells.min(initial=0)) >= 0, "a negative count: broken subset tables"
    assert (chunk.cells.sum(axis=1) == completions).all()
    check_bound(settlement.nets, completions, MOST_KNOWN * int(chunk.weights.sum()))
    ev, square = price_situations(chunk.cells, strengths, settlement.nets)
    return ev, square, settlement.allowed[strengths]


def chosen_chunks(
    spec: GameSpec,
    rules: RuleSet,
    seen: int,
    jobs: int,
    classes: IntArray | None,
    rows: IntArray | None,
) -> Iterator[SituationChunk]:
    """The counted situations of the hand classes ``classes``, or of the class rows ``rows``."""
    if rows is None:
        return counted_chunks(spec, rules, seen, jobs, classes)
    if seen != 1:
        raise InputError(f"--seen {seen}: class rows are analysed with one seen card")
    return iter([row_chunk(spec, rules, np.asarray(rows, dtype=np.int64), jobs)])


def add_strategies(
    totals: dict[str, StrategyTotals],
    strategies: list[Strategy],
    chunk: SituationChunk,
    assigned: list[tuple[list[IntArray], list[IntArray]]],
    priced: tuple[IntArray, IntArray, BoolArray],
    wagers: IntArray,
) -> None:
    """Decide every strategy on a chunk. Every role assignment of a class is decided together:
    a strategy knowing only the up card must not learn which card of the set is the up card."""
    ev, square, allowed = priced
    rows = np.arange(chunk.hand.shape[0], dtype=np.int64)
    every = np.concatenate([rows] * len(assigned))
    weights = np.concatenate([chunk.weights] * len(assigned))
    seen_keys = np.concatenate(
        [np.broadcast_to(seen_key(hidden), rows.shape) for _, hidden in assigned]
    )
    for strategy in strategies:
        groups = strategy.groups
        keys = np.concatenate(
            [information_keys(groups, chunk.hand, up, hidden, rows) for up, hidden in assigned]
        )
        sums, decisions, by_seen = decide_groups(
            keys, weights, (every, ev, square, allowed), wagers, seen_keys
        )
        add_sums(totals[strategy.name], sums, decisions, by_seen)


def add_sums(totals: StrategyTotals, sums: IntArray, decisions: IntArray, seen: IntArray) -> None:
    """Add one chunk's decided sums."""
    weight, ev, square, wager, tied = (int(value) for value in sums)
    totals.weight += weight
    totals.ev += ev
    totals.square += square
    totals.wager += wager
    totals.tied += tied
    for code in range(decisions.shape[0]):
        totals.decisions[code] += int(decisions[code])
    for key in np.flatnonzero(seen[:, 2]).tolist():
        entry = totals.by_seen.setdefault(int(key), [0, 0])
        entry[0] += int(seen[key, 0])
        entry[1] += int(seen[key, 1])


def add_chart(
    chart: dict[tuple[int, int], list[int]],
    keys: IntArray,
    weights: IntArray,
    ev: IntArray,
    square: IntArray,
    allowed: BoolArray,
) -> None:
    """Add a chunk's situations to the chart cells ``(hand group, known ranks)``:
    ``[weight, ev x4, second moment x4, allowed x4]``.

    Examples
    --------
    >>> chart = {}
    >>> add_chart(chart, np.array([170, 170]), np.array([1, 2]), np.ones((2, 4), np.int64),
    ...           np.ones((2, 4), np.int64), np.array([[True] * 4, [True, False, True, True]]))
    >>> chart
    {(1, 1): [3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 0, 1, 1]}
    """
    size = int(keys.max(initial=0)) + 1
    sums, refused = key_sums(keys, weights, ev, square, allowed, size)
    rows = np.bincount(keys, minlength=size)
    for key in np.flatnonzero(rows).tolist():
        cell = (key // 169, key % 169)
        entry = chart.setdefault(cell, [0] * 9 + [1] * 4)
        entry[0] += int(sums[key, 0])
        for code in range(4):
            entry[1 + code] += int(sums[key, 1 + code])
            entry[5 + code] += int(sums[key, 5 + code])
            entry[9 + code] &= int(refused[key, code] == 0)


def chart_totals(analysis: HoleCardAnalysis) -> tuple[StrategyTotals, dict[tuple[int, int], int]]:
    """The chart strategy's exact totals and its decision per (hand group, known ranks) cell.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> cell = [2, -8, 6, 0, 0, 8, 26, 0, 0, 1, 1, 0, 0]  # weight, ev, second moment, allowed
    >>> a = HoleCardAnalysis(load_rules("crazy4-standard"), 1, 1, 1, 1, {}, {(0, 12): cell},
    ...                      np.array([2, 3, 4, 5]))
    >>> totals, decisions = chart_totals(a)
    >>> decisions, totals.ev, totals.wager
    ({(0, 12): 1}, 6, 6)
    """
    totals = StrategyTotals("chart")
    decisions: dict[tuple[int, int], int] = {}
    cells = sorted(analysis.chart)
    if not cells:
        return totals, decisions
    values = np.array([analysis.chart[cell] for cell in cells], dtype=object)
    decision, tied = best_decisions(values[:, 1:5], values[:, 9:13].astype(bool))
    for j, cell in enumerate(cells):
        code = int(decision[j])
        weight = int(values[j, 0])
        decisions[cell] = code
        totals.weight += weight
        totals.ev += int(values[j, 1 + code])
        totals.square += int(values[j, 5 + code])
        totals.wager += weight * int(analysis.wagers[code])
        totals.tied += weight if int(tied[j].sum()) > 1 else 0
        totals.decisions[code] += weight
        entry = totals.by_seen.setdefault(cell[1], [0, 0])
        entry[0] += weight
        entry[1] += int(values[j, 1 + code])
    return totals, decisions


def parse_groups(text: str) -> tuple[int, ...]:
    """The group index of each rank (deuce first) from ``"A,K,QJT,98765432"``.

    Examples
    --------
    >>> parse_groups("A,K,QJT,98765432")
    (3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 0)
    >>> parse_groups("a,k,qjt,98765432") == parse_groups("A,K,QJT,98765432")
    True
    """
    group_of = [-1] * len(RANKS)
    pieces = text.split(",")
    for index, piece in enumerate(pieces):
        ranks = piece.strip().upper().replace("10", "T")
        if not ranks:
            raise InputError(f"groups {text!r}: group {index + 1} is empty")
        for character in ranks:
            if character not in RANKS:
                raise InputError(f"groups {text!r}: unknown rank {character!r} (ranks are {RANKS})")
            rank = RANKS.index(character)
            if group_of[rank] >= 0:
                raise InputError(f"groups {text!r}: rank {character} is in two groups")
            group_of[rank] = index
    missing = [RANKS[rank] for rank, group in enumerate(group_of) if group < 0]
    if missing:
        raise InputError(f"groups {text!r}: ranks {''.join(missing)} are in no group")
    return tuple(group_of)


def groups_label(group_of: tuple[int, ...]) -> str:
    """The canonical text of a group list (highest ranks first).

    Examples
    --------
    >>> groups_label(parse_groups("98765432,QJT,K,A"))
    'A,K,QJT,98765432'
    """
    groups: dict[int, str] = {}
    for rank in range(len(RANKS) - 1, -1, -1):
        groups[group_of[rank]] = groups.get(group_of[rank], "") + RANKS[rank]
    return ",".join(sorted(groups.values(), key=lambda ranks: -RANKS.index(ranks[0])))


#: Every rank its own group: the player learns the seen card's rank.
RANK_GROUPS = tuple(range(len(RANKS)))
