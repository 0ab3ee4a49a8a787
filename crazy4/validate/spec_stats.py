"""The statistics of a spec game's log or summary against the exact analysis: hand categories,
cards and the sequence of rounds, and each bet's mean."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from crazy4.analyze.counts import strength_counts
from crazy4.core.bets import ExactBet
from crazy4.core.category_pays import PayLine
from crazy4.core.paytables import PayTable, format_odds
from crazy4.core.ranking import category_of_strength
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.engine import analysis_of
from crazy4.spec.log_tests import LogTests
from crazy4.spec.specification import DealShape, GameSpec, SideBetSpec
from crazy4.spec.table_layout import CELLS
from crazy4.validate.statistics import (
    StatFamily,
    StatTest,
    Summary,
    bet_samples,
    most_off,
)
from crazy4.validate.tally import Tally

IntArray = npt.NDArray[np.int64]
#: A side bet's award is rare when it comes less often than one hand in this many.
RARE = 1_000


def category_titles(shape: DealShape) -> tuple[str, str]:
    """The titles of the player's and the dealer's category tests: with the cards each hand is
    the best of where the two differ in cards.

    Examples
    --------
    >>> category_titles(DealShape(5, 6, 1, 4))
    ('player hand categories (best 4 of 5)', 'dealer hand categories (best 4 of 6)')
    >>> category_titles(DealShape(5, 5, 0, 4))
    ('player hand categories', 'dealer hand categories')
    """
    if shape.player_cards == shape.dealer_cards:
        return "player hand categories", "dealer hand categories"
    best = f"(best {shape.hand_cards} of"
    return (
        f"player hand categories {best} {shape.player_cards})",
        f"dealer hand categories {best} {shape.dealer_cards})",
    )


@dataclass
class OutcomeCounts:
    """The rounds a log's statistics count, those whose dealer qualified, and the outcome
    cells (:data:`crazy4.spec.table_layout.CELLS`) of their first seats.

    Examples
    --------
    >>> from crazy4.spec.wagers import outcome_cells
    >>> counts = OutcomeCounts()
    >>> counts.add(outcome_cells(np.array([5, 2]), np.array([3, 4]), 4), np.ones(2, bool))
    >>> counts.rounds, counts.qualified, counts.cells.tolist()
    (2, 1, [1, 0, 0, 0, 0, 1])
    """

    rounds: int = 0
    qualified: int = 0
    cells: IntArray = field(default_factory=lambda: np.zeros(len(CELLS), dtype=np.int64))

    def add(self, cell: IntArray, seated: npt.NDArray[np.bool_] | None) -> None:
        """Count rounds by their first seat's outcome cell, the cells of the ``seated`` ones (a
        blind hand's aside; None: every one)."""
        self.rounds += int(cell.shape[0])
        if seated is None:  # one count of the cells, the qualified ones among them
            counts = np.bincount(cell, minlength=len(CELLS))
            self.qualified += int(counts[3:].sum())
        else:
            self.qualified += int((cell >= 3).sum())
            counts = np.bincount(cell[seated], minlength=len(CELLS))
        self.cells += counts


def outcome_tests(
    spec: GameSpec,
    rules: RuleSet,
    family: StatFamily,
    counted: OutcomeCounts,
    summary: Summary | None,
) -> None:
    """The first seats' outcome cells by chi-square and the dealer's qualification rate by
    z-score (where the settlement asks for them), of the rounds ``counted`` or of ``summary``'s
    totals (pooled cells untested when seats share each dealer hand)."""
    if summary is None:
        qualified, rounds = counted.qualified, counted.rounds
        cells = counted.cells.astype(np.float64)
    else:
        qualified, rounds = int(summary["dealer_qualified"]), int(summary["rounds"])
        cells = summary_counts(summary, "outcomes", list(CELLS))
    analysis = analysis_of(spec, rules)
    if cells.sum() > 0:
        if summary is not None and int(summary.get("seats", 1)) > 1:
            family.notes.append(
                "outcome cells: several seats share each dealer hand, so the summary's pooled "
                "outcome counts are not independent; not tested (a per-round log is)"
            )
        else:
            totals = analysis.weights @ analysis.cells.astype(np.int64)
            p = np.asarray(totals / spec.shape.deals, dtype=np.float64)
            family.chi_square("outcome cells (first seat)", cells, p)
    if rounds > 0:
        counts = strength_counts(spec.ranking, spec.shape.dealer_cards)  # counted once
        qualifying = int(counts[spec.qualifier(rules) :].sum())
        p_q = qualifying / int(counts.sum())
        z = (qualified - rounds * p_q) / math.sqrt(rounds * p_q * (1 - p_q))
        detail = f"observed {qualified / rounds:.5f}, exact {p_q:.5f} (z)"
        family.tests.append(StatTest.z_score("dealer qualification rate", z, detail))


def spec_statistics(
    spec: GameSpec,
    rules: RuleSet,
    category: IntArray,
    counted: tuple[IntArray, IntArray],
    tally: Tally,
    exact: dict[str, ExactBet],
    summary: Summary | None,
    rare: Mapping[str, tuple[str, ...]] | None = None,
    tests: tuple[LogTests, OutcomeCounts] | None = None,
) -> StatFamily:
    """Categories (player, dealer) by chi-square, each bet's mean by z-score, of the rows
    ``counted`` or of ``summary``'s totals; ``rare`` side bets noted; ``tests`` what the game
    tests beside and the rounds' outcome counts (:func:`outcome_tests`).

    Examples
    --------
    >>> from crazy4.registry import game_named, load_rules
    >>> rules = load_rules("three-card-standard")
    >>> spec = game_named("three-card-poker").spec
    >>> starts = spec.ranking.category_starts()
    >>> category = np.searchsorted(starts, np.arange(spec.ranking.n_strengths), "right") - 1
    >>> counts = np.full(len(spec.ranking.categories), 100, np.int64)
    >>> family = spec_statistics(spec, rules, category, (counts, counts), Tally(), {}, None)
    >>> [test.name for test in family.tests][:2]
    ['player hand categories', 'dealer hand categories']
    """
    rare = rare or {}
    analysis = analysis_of(spec, rules)
    labels = list(spec.ranking.categories)
    size = len(labels)
    player_p = np.bincount(category[analysis.strengths], weights=analysis.weights, minlength=size)
    player_p = player_p / player_p.sum()
    hands = strength_counts(spec.ranking, spec.shape.dealer_cards)  # counted once
    dealer_p = np.bincount(category, weights=hands, minlength=size).astype(np.float64)
    dealer_p = dealer_p / dealer_p.sum()
    family = StatFamily()
    if summary is None:
        player = counted[0].astype(np.float64)
        dealer = counted[1].astype(np.float64)
    else:
        player = summary_counts(summary, "player_categories", labels)
        dealer = summary_counts(summary, "dealer_categories", labels)
    titles = category_titles(spec.shape)
    for name, observed, p in zip(titles, (player, dealer), (player_p, dealer_p), strict=True):
        family.chi_square(name, observed, p, detail=f"most off: {labels[most_off(observed, p)]}")
    more, outcomes = tests or (LogTests(), OutcomeCounts())
    if more.outcome_cells:
        outcome_tests(spec, rules, family, outcomes, summary)
    if summary is None:
        family.card_frequencies(tally)
    samples = bet_samples(tally.bets, exact, summary, family.notes)
    if more.design_effect and summary is not None and int(summary.get("seats", 1)) > 1:
        family.notes.append(
            "bet z-scores from a summary treat hands as independent; seats sharing a dealer "
            "hand make them slightly optimistic"
        )
    for sample in samples:
        test, se = sample.mean_test(show_design=more.design_effect)  # with its power
        family.tests.append(test)
        if more.awards:  # each award line the sample cannot resolve
            tables = more.awards.get(sample.name, ())
            probabilities = strength_probabilities(spec, rules)
            family.notes += rare_award_notes(sample.name, tables, probabilities, sample.hands, se)
        elif sample.name in rare:
            family.notes.append(
                f"{sample.name}: its top awards ({', '.join(rare[sample.name])}) are rare; a "
                f"sample of {sample.hands:,} hands resolves the mean only to ± {se:.4f}"
            )
    return family


def strength_probabilities(spec: GameSpec, rules: RuleSet) -> npt.NDArray[np.float64]:
    """The exact probability of each strength of the player's hand (the analysis's classes
    and weights).

    Examples
    --------
    >>> from crazy4.registry import game_named, load_rules
    >>> spec = game_named("three-card-poker").spec
    >>> p = strength_probabilities(spec, load_rules("three-card-standard"))
    >>> p.shape[0] == spec.ranking.n_strengths, round(float(p.sum()), 12)
    (True, 1.0)
    """
    analysis = analysis_of(spec, rules)
    counts = np.bincount(
        analysis.strengths, weights=analysis.weights, minlength=spec.ranking.n_strengths
    )
    return np.asarray(counts / counts.sum(), dtype=np.float64)


def _share(
    spec: GameSpec, strengths: IntArray, weights: npt.NDArray[np.float64], line: PayLine
) -> float:
    """The share of the hands (``strengths`` of the analysis's classes, ``weights``) a pay
    line pays: its category's from the line's minimum strength."""
    starts = spec.ranking.category_starts()
    hit = strengths >= line.minimum_strength
    if line.category + 1 < len(starts):
        hit &= strengths < int(starts[line.category + 1])
    return float(weights[hit].sum() / weights.sum())


def rare_awards(
    spec: GameSpec, rules: RuleSet, bets: Sequence[SideBetSpec]
) -> dict[str, tuple[str, ...]]:
    """The side bets among ``bets`` whose two top awards (the lines paying most) are each
    rarer than one hand in :data:`RARE` under the exact analysis, with those awards: the
    statistics note that a sample resolves their means only so far.

    Examples
    --------
    >>> from crazy4.registry import game_named, load_rules
    >>> rules = load_rules("four-card-standard")
    >>> spec = game_named("four-card-poker").spec
    >>> rare_awards(spec, rules, spec.side_bets(rules)[:1])
    {'aces-up-50-40-8-5-4-3-1': ('four of a kind', 'straight flush')}
    """
    analysis = analysis_of(spec, rules)
    weights = np.asarray(analysis.weights, dtype=np.float64)
    found: dict[str, tuple[str, ...]] = {}
    for bet in bets:
        if not bet.on_hand_alone(spec.ranking) and bet.column is None:
            continue
        lines = sorted(bet.pays.lines, key=lambda line: line.odds, reverse=True)
        if not lines:
            continue
        top = lines[:2]
        if all(_share(spec, analysis.strengths, weights, line) * RARE < 1 for line in top):
            found[bet.name] = tuple(line.label for line in top)
    return found


def rare_award_notes(
    bet: str,
    tables: Sequence[PayTable],
    probabilities: npt.NDArray[np.float64],
    hands: int,
    se: float,
) -> list[str]:
    """Award lines of ``tables`` (paying ``bet``; ``probabilities`` of each best-four strength)
    too rare for ``hands`` hands of standard error ``se``: expected fewer than 5 times, or paying
    less in all than 2 s.e."""
    categories = category_of_strength()
    notes = []
    for table in tables:
        numerators, denominator = table.by_strength()
        strengths = np.arange(numerators.shape[0])
        for entry in table.entries:
            lines = numerators == int(entry.odds * denominator)
            chosen = lines & (categories == entry.category)
            p = float(probabilities[chosen & (strengths >= entry.minimum_strength)].sum())
            expected = hands * p
            contribution = float(entry.odds + 1) * p
            if expected < 5 or contribution < 2 * se:
                why = (
                    f"expected {expected:.1f} in this sample"
                    if expected < 5
                    else f"its whole contribution {contribution:.5f} is within 2 s.e. "
                    f"({2 * se:.5f})"
                )
                notes.append(
                    f"{bet}: sample too small to resolve the {entry.label} award "
                    f"({format_odds(entry.odds)} to 1; {why})"
                )
    return notes


def summary_counts(summary: Summary, key: str, labels: list[str]) -> npt.NDArray[np.float64]:
    """The counts ``summary[key]`` gives each label (0 for a missing label).

    Raises
    ------
    InputError
        A label that is none of ``labels``.

    Examples
    --------
    >>> summary_counts({"cells": {"b": 4}}, "cells", ["a", "b"]).tolist()
    [0.0, 4.0]
    >>> summary_counts({"cells": {"c": 4}}, "cells", ["a", "b"])
    Traceback (most recent call last):
    crazy4.errors.InputError: cells has an unknown label 'c' (known: a, b)
    """
    counts = summary.get(key, {})
    unknown = [label for label in counts if label not in labels]
    if unknown:
        raise InputError(
            f"{key} has an unknown label {unknown[0][:40]!r} (known: {', '.join(labels)})"
        )
    return np.array([counts.get(label, 0) for label in labels], float)
