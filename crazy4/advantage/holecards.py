"""The hole-card engine: every situation with seen dealer cards, priced and decided exactly.

For a rule set and a number ``k`` of seen hidden dealer cards, the situations are (player hand,
the dealer's face-up cards, the seen cards): all their suit classes
(:func:`crazy4.core.forced.forced_situations`), counted with every known dealer card forced
(:func:`crazy4.core.forced.count_forced`) and split into the game's dealer-outcome cells
(:class:`crazy4.spec.game.HoleCardRole`). With the game's nets per cell the EV numerator of
each decision (over ``completions x unit``) and its second moment follow as integers; a
strategy is a map from what the player knows to a decision (:mod:`crazy4.advantage.information`),
chosen per information class by comparing aggregated integers (exact ties seen as ties).

Work is done in chunks of player hand classes, so memory stays bounded for two seen cards (about
120 million situation classes); every sum is exact (int64 inside a chunk, within a bound
checked from the rule set, Python integers across chunks).

Roles of the forced cards
-------------------------
A situation class holds a *set* of forced cards. When the game has a face-up card (Four Card
Poker) and one hole card is seen, each set ``{a, b}`` stands for two deals, up card ``a`` with
hole card ``b`` and the reverse; both are counted (weight each), and a strategy that knows only
the up card keys on the up card's orbit under the relabellings fixing the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.advantage.information import chart_groups
from crazy4.advantage.price_kernel import decide_groups, price_situations
from crazy4.advantage.situation_counts import counted_chunks
from crazy4.advantage.situations_file import situation_rows
from crazy4.core.cards import colex_indices
from crazy4.core.decisions import best_decisions
from crazy4.core.exact import fits_int64
from crazy4.core.forced import (
    ForcedSituations,
    completions,
)
from crazy4.core.ranking import build_best_four_strengths
from crazy4.core.symmetry import build_suit_classes
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.game import HoleCardRole, Settlement, game_of

#: Situation classes priced at once (bounds the working memory).
SITUATIONS_PER_CHUNK = 1_000_000


@dataclass(frozen=True)
class Strategy:
    """A strategy by what it knows: ``groups`` maps each rank to its group (``None``: the whole
    card)."""

    name: str
    groups: tuple[int, ...] | None


@dataclass
class StrategyTotals:
    """Exact sums of one strategy over every situation (see :meth:`exact_ev`).

    ``ev`` and ``square`` are numerators over ``weight * completions * unit`` and ``... * unit**2``;
    ``wager`` over ``weight * unit``; ``by_seen[key] = [weight, ev]`` per seen-rank key; ``tied``
    the weight of information classes with an exact tie; ``decisions[m]`` the weight deciding m.
    """

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
    """Everything the hole-card engine computed for one rule set and ``seen``.

    Attributes
    ----------
    rules : RuleSet
    seen : int
        Hidden dealer cards the player sees.
    completions : int
        Dealer hands per situation.
    unit : int
        Pay-table denominator of the nets.
    roles : int
        Deals each situation class stands for per unit of weight (2 for an up card and a hole card).
    totals : dict of str to StrategyTotals
    chart : dict of tuple to list
        ``(hand group, known ranks) ->`` the aggregated sums of :func:`chart_totals`, with one
        seen card: Crazy 4 Poker the seen card's rank, Four Card Poker the ranks of the up card
        and the seen hole card (``13 * low + high``).
    wagers : ndarray
        Total wager numerators of fold, 1x, 2x, 3x.
    chart_cards : int
        Dealer cards the chart's key holds the ranks of (1 or 2).
    """

    rules: RuleSet
    seen: int
    completions: int
    unit: int
    roles: int
    totals: dict[str, StrategyTotals]
    chart: dict[tuple[int, int], list[int]]
    wagers: npt.NDArray[np.int64] = field(repr=False)
    chart_cards: int = 1

    def exact_ev(self, name: str) -> Fraction:
        """Exact EV of a strategy per unit of Ante.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> a = analyze_hole_cards(load_rules("crazy4-standard"), 0, [NO_INFORMATION])
        >>> round(float(a.exact_ev("none")), 6)
        -0.034189
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


def check_seen(role: HoleCardRole, seen: int, title: str, option: str = "--seen") -> None:
    """Refuse a number of seen cards the game's engine does not analyse (one line).

    Examples
    --------
    >>> from crazy4.registry import game_named
    >>> check_seen(game_named("four-card-poker").hole_cards(), 2, "Four Card Poker")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --seen 2: Four Card Poker is analysed with 0 to 1 seen hole cards
    """
    if not 0 <= seen <= role.most_seen:
        raise InputError(
            f"{option} {seen}: {title} is analysed with 0 to {role.most_seen} seen hole cards"
        )


def situation_prices(
    cells: npt.NDArray[np.int64], strengths: npt.NDArray[np.int64], settlement: Settlement
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """EV and second-moment numerators of fold, 1x, 2x, 3x per situation, shape (n, 4) each.

    Examples
    --------
    >>> from crazy4.spec.game import Settlement
    >>> s = Settlement(np.array([[[-1, -1], [2, -2], [3, -3], [4, -4]]]),
    ...                np.ones((1, 4), bool), np.arange(1, 5), 1)
    >>> ev, sq = situation_prices(np.array([[3, 1]]), np.array([0]), s)
    >>> ev.tolist(), sq.tolist()
    ([[-4, 4, 6, 8]], [[4, 16, 36, 64]])
    """
    return price_situations(cells, strengths, settlement.nets)


def _check_bound(settlement: Settlement, completions_: int, weight: int) -> None:
    """Every int64 sum here is a partial sum of ``w * cells * net**2`` over the situations, at
    most ``weight * completions * max|net|**2``: refuse a rule set where that could overflow."""
    largest = int(np.abs(settlement.nets).max())
    if not fits_int64(weight * completions_ * largest * largest):
        raise InputError(
            "the pay table's payouts are too large for the hole-card engine's exact int64 sums"
        )


def _check_cells(cells: npt.NDArray[np.int64], n_completions: int) -> None:
    """Every cell a count, every situation's cells summing to its dealer hands."""
    assert int(cells.min(initial=0)) >= 0, "a negative count: broken subset tables"
    assert (cells.sum(axis=1) == n_completions).all()


def _key_parts(
    strategy: Strategy,
    hand: npt.NDArray[np.int64],
    up: list[npt.NDArray[np.int64]],
    seen: list[npt.NDArray[np.int64]],
    situation: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """One integer key per situation and role assignment for the strategy's information."""
    if strategy.groups is None:
        return situation
    groups = np.asarray(strategy.groups, dtype=np.int64)
    key = hand.copy()
    for card in up:
        key = key * 53 + card
    infos = [groups[card // 4] for card in seen]
    if len(infos) == 2:
        infos = [np.minimum(infos[0], infos[1]), np.maximum(infos[0], infos[1])]
    for info in infos:
        key = key * 13 + info
    return key


def _canonical(cards: npt.NDArray[np.int64], masks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The least card of each card's orbit under the relabellings fixing its hand (same rank,
    the lowest suit holding the same rank mask)."""
    own = masks[np.arange(cards.shape[0]), cards % 4]
    same = masks == own[:, None]
    lowest = np.argmax(same, axis=1).astype(np.int64)
    return np.asarray(4 * (cards // 4) + lowest, dtype=np.int64)


def _suit_masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    masks = np.zeros((hands.shape[0], 4), dtype=np.int64)
    for column in range(hands.shape[1]):
        cards = hands[:, column].astype(np.int64)
        np.bitwise_or.at(masks, (np.arange(hands.shape[0]), cards % 4), 1 << (cards // 4))
    return masks


def _assign(
    cards: npt.NDArray[np.int64], up_columns: tuple[int, ...], masks: npt.NDArray[np.int64]
) -> tuple[list[npt.NDArray[np.int64]], list[npt.NDArray[np.int64]]]:
    """The face-up cards (as their orbit's least card) and the hidden ones of one role
    assignment of the forced cards' columns."""
    up = [_canonical(cards[:, c], masks) for c in up_columns]
    hidden = [cards[:, c] for c in range(cards.shape[1]) if c not in up_columns]
    return up, hidden


def _seen_key(seen: list[npt.NDArray[np.int64]]) -> npt.NDArray[np.int64]:
    if not seen:
        return np.zeros(1, dtype=np.int64)
    ranks = [card // 4 for card in seen]
    if len(ranks) == 1:
        return ranks[0]
    return np.minimum(ranks[0], ranks[1]) * 13 + np.maximum(ranks[0], ranks[1])


def _decide_and_add(
    totals: StrategyTotals,
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    priced: tuple[
        npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_]
    ],
    wagers: npt.NDArray[np.int64],
    seen_keys: npt.NDArray[np.int64],
) -> None:
    """Decide per information class (``keys``) and add the exact sums to ``totals``;
    ``priced`` is (rows, EV, second moment, allowed) of the situations
    (:func:`crazy4.advantage.price_kernel.decide_groups`)."""
    sums, decisions, seen = decide_groups(keys, weights, priced, wagers, seen_keys)
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


def analyze_hole_cards(
    rules: RuleSet,
    seen: int,
    strategies: list[Strategy],
    *,
    progress: Callable[[int], None] | None = None,
    sink: Callable[[dict[str, npt.NDArray[np.generic]]], None] | None = None,
    first_classes: int | None = None,
    skip_classes: int = 0,
) -> HoleCardAnalysis:
    """Price every situation with ``seen`` hole cards and total each strategy exactly.

    Parameters
    ----------
    rules : RuleSet
    seen : int
        Hidden dealer cards seen (0 up to the game's :attr:`HoleCardRole.most_seen`).
    strategies : list of Strategy
        What each strategy knows; ``FULL_CARD`` is the perfect hole-card strategy.
    progress : callable, optional
        Called with the number of hand classes finished after each chunk.
    sink : callable, optional
        Called per chunk with the situation classes and their exact EVs and decisions
        (:func:`crazy4.advantage.situations_file.situation_rows`).
    first_classes : int, optional
        Only the first ``first_classes`` player hand classes after the first ``skip_classes``
        (a quick check: the totals cover only them).
    skip_classes : int
        Player hand classes (in colex order of their representatives) left out first.

    Raises
    ------
    InputError
        For an unsupported ``seen`` (AssertionError: cells that do not sum to the dealer hands).
    """
    game = game_of(rules)
    role = game.hole_cards()
    check_seen(role, seen, game.title)
    forced = role.face_up + seen
    n_completions = completions(role.dealer_size, forced)
    settlement = role.settlement(rules)
    classes = build_suit_classes()
    hands = classes.representatives
    strengths = build_best_four_strengths(5)[colex_indices(hands)].astype(np.int64)
    thresholds = role.thresholds(rules, strengths)
    masks = _suit_masks(hands)
    roles = list(combinations(range(forced), role.face_up))
    _check_bound(settlement, n_completions, len(roles) * comb(52, 5) * comb(47, forced))
    totals = {strategy.name: StrategyTotals(strategy.name) for strategy in strategies}
    chart: dict[tuple[int, int], list[int]] = {}
    group_of_strength = chart_groups()[0]
    per_hand = min(hands.shape[0], max(1, SITUATIONS_PER_CHUNK * 5 // (4 * comb(47, forced))))
    last = hands.shape[0] if first_classes is None else skip_classes + first_classes
    last = min(last, hands.shape[0])
    bounds = [(start, min(start + per_hand, last)) for start in range(skip_classes, last, per_hand)]
    whole = skip_classes == 0 and last == hands.shape[0]
    for (start, stop), situations, hand, below in counted_chunks(
        hands, classes.weights, bounds, thresholds, forced, role.dealer_size, whole
    ):
        cells = role.cells_from_counts(below, n_completions)
        _check_cells(cells, n_completions)
        ev, square = situation_prices(cells, strengths[hand], settlement)
        allowed = settlement.allowed[strengths[hand]]
        if sink is not None:
            sink(situation_rows(hands[hand], situations.cards, situations.weights, ev, allowed))
        assigned = [_assign(situations.cards, columns, masks[hand]) for columns in roles]
        priced = (ev, square, allowed)
        _add_strategies(totals, strategies, situations, hand, assigned, priced, settlement.wagers)
        if seen == 1:
            group = group_of_strength[strengths[hand]].astype(np.int64)
            keys = group * 169 + _known_ranks(situations.cards)
            weights = situations.weights * len(roles)  # the key does not depend on the roles
            _add_chart(chart, keys, weights, ev, square, allowed)
        if progress is not None:
            progress(stop - start)
    unit, wagers = settlement.unit, settlement.wagers
    return HoleCardAnalysis(
        rules, seen, n_completions, unit, len(roles), totals, chart, wagers, chart_cards=forced
    )


def _known_ranks(cards: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int64]:
    """The chart's key of the known dealer cards: the rank of one card; of two, ``13 * low +
    high`` (Four Card Poker's up card and hole card: the dealer's best four of six does not
    depend on which of the two is face up, so neither does the chart)."""
    ranks: npt.NDArray[np.int64] = cards.astype(np.int64) // 4
    if ranks.shape[1] == 1:
        return ranks[:, 0]
    low = np.minimum(ranks[:, 0], ranks[:, 1])
    return np.asarray(low * 13 + np.maximum(ranks[:, 0], ranks[:, 1]), dtype=np.int64)


def _add_strategies(
    totals: dict[str, StrategyTotals],
    strategies: list[Strategy],
    situations: ForcedSituations,
    hand: npt.NDArray[np.int64],
    assigned: list[tuple[list[npt.NDArray[np.int64]], list[npt.NDArray[np.int64]]]],
    priced: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_]],
    wagers: npt.NDArray[np.int64],
) -> None:
    """Decide every strategy on a chunk. Every role assignment of a class is decided together:
    a strategy knowing only the up card must not learn which card of the set is the up card."""
    ev, square, allowed = priced
    rows = np.arange(hand.shape[0], dtype=np.int64)
    every = np.concatenate([rows] * len(assigned))
    weights = np.concatenate([situations.weights] * len(assigned))
    seen_keys = np.concatenate(
        [np.broadcast_to(_seen_key(hidden), rows.shape) for _, hidden in assigned]
    )
    for strategy in strategies:
        keys = np.concatenate(
            [_key_parts(strategy, hand, up, hidden, rows) for up, hidden in assigned]
        )
        _decide_and_add(
            totals[strategy.name], keys, weights, (every, ev, square, allowed), wagers, seen_keys
        )


def _add_chart(
    chart: dict[tuple[int, int], list[int]],
    keys: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    ev: npt.NDArray[np.int64],
    square: npt.NDArray[np.int64],
    allowed: npt.NDArray[np.bool_],
) -> None:
    """Add a chunk's situations to the chart cells ``(hand group, known ranks)``: ``[weight, ev
    x4, second moment x4, allowed x4]`` (allowed: every situation of the cell allows it)."""
    order = np.argsort(keys, kind="stable")
    present, starts = np.unique(keys[order], return_index=True)
    w = weights[order]
    summed = np.add.reduceat(w[:, None] * ev[order], starts, axis=0)
    summed_square = np.add.reduceat(w[:, None] * square[order], starts, axis=0)
    key_allowed = np.logical_and.reduceat(allowed[order], starts, axis=0)
    key_weight = np.add.reduceat(w, starts)
    for j, key in enumerate(present.tolist()):
        cell = (int(key) // 169, int(key) % 169)
        entry = chart.setdefault(cell, [0] * 9 + [1] * 4)
        entry[0] += int(key_weight[j])
        for code in range(4):
            entry[1 + code] += int(summed[j, code])
            entry[5 + code] += int(summed_square[j, code])
            entry[9 + code] &= int(key_allowed[j, code])


def chart_totals(analysis: HoleCardAnalysis) -> tuple[StrategyTotals, dict[tuple[int, int], int]]:
    """The chart strategy's exact totals and its decision per (hand group, known ranks) cell
    (``by_seen`` of the totals is keyed by the cell's known ranks).

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
    ev = values[:, 1:5]
    allowed = values[:, 9:13].astype(bool)
    decision, tied = best_decisions(ev, allowed)
    wagers = analysis.wagers
    for j, cell in enumerate(cells):
        code = int(decision[j])
        weight = int(values[j, 0])
        decisions[cell] = code
        totals.weight += weight
        totals.ev += int(values[j, 1 + code])
        totals.square += int(values[j, 5 + code])
        totals.wager += weight * int(wagers[code])
        totals.tied += weight if int(tied[j].sum()) > 1 else 0
        totals.decisions[code] += weight
        entry = totals.by_seen.setdefault(cell[1], [0, 0])
        entry[0] += weight
        entry[1] += int(values[j, 1 + code])
    return totals, decisions
