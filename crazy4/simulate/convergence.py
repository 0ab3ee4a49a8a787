"""Simulated means converging on the exact ones: the table behind notebook 05 (one seeded
simulation observed at growing lengths: a run's first ``n`` rounds are those of any longer run)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa

from crazy4.core.cards import colex_indices
from crazy4.core.ranking import build_best_four_strengths
from crazy4.log.roundlog import parse_hand_column
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.driver import make_plan, run_simulation, summarize_counts


def convergence(
    rules: RuleSet, *, seed: int, checkpoints: Iterable[int], seats: int = 1, jobs: int = 1
) -> pd.DataFrame:
    """Simulated mean ± standard error of every bet after each number of rounds.

    Returns
    -------
    DataFrame
        ``rounds``, ``bet``, ``mean``, ``standard_error``, ``exact_mean``, ``z``.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> table = convergence(load_rules("crazy4-standard"), seed=1, checkpoints=[1000])
    >>> sorted(table.columns)
    ['bet', 'exact_mean', 'mean', 'rounds', 'standard_error', 'z']
    """
    rows = []
    for rounds in checkpoints:
        plan = make_plan(rules, rounds=int(rounds), seed=seed, seats=seats)
        summary = summarize_counts(plan, run_simulation(plan, jobs=jobs))
        for bet in summary.bets:
            rows.append(
                {
                    "rounds": int(rounds),
                    "bet": bet.name,
                    "mean": bet.mean,
                    "standard_error": bet.standard_error,
                    "exact_mean": bet.exact_mean,
                    "z": bet.z,
                }
            )
    return pd.DataFrame(rows)


def hand_strengths(hands: Sequence[str] | pd.Series) -> npt.NDArray[np.int64]:
    """Best-four strengths of five-card hands written as text (a log's ``player`` column).

    Examples
    --------
    >>> from crazy4.core.ranking import describe_strength
    >>> [describe_strength(int(s)) for s in hand_strengths(["As Ad Kc 7h 2s"])]
    ['pair of aces, K-7']
    """
    cards, bad = parse_hand_column(pa.array(list(hands)), 5)
    if len(bad):
        raise ValueError(f"{len(bad)} hands are not five distinct cards")
    strengths: npt.NDArray[np.int64] = build_best_four_strengths(5)[
        colex_indices(np.sort(cards.astype(np.intp), axis=1))
    ].astype(np.int64)
    return strengths
