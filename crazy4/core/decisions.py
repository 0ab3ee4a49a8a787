"""The player's decisions, shared by every game: codes, labels and the exact choice among them.

A decision is a code: 0 folds, ``m > 0`` plays ``m`` times the Ante (:data:`DECISIONS` names
them). A game prices every decision of every hand (or situation) class as an integer numerator
over one common denominator (:class:`DecisionPrices`); the optimal decision is then chosen by
comparing integers, so an exact tie is seen as one (:func:`best_decisions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

#: Decision codes: 0 is fold, m > 0 is a Play bet of m Antes.
FOLD = 0

#: The name of each decision code, in code order.
DECISIONS = ("fold", "1x", "2x", "3x")


class PlayMultiples(Protocol):
    """The Play bets a rule set allows (its ``[play]`` section)."""

    @property
    def multiples(self) -> tuple[int, ...]:
        """The allowed Play bets, in Antes."""
        ...


class PlayingRules(Protocol):
    """What a threshold strategy reads of a rule set (any :class:`crazy4.rules.ruleset.RuleSet`;
    declared here so that core/ needs nothing above it)."""

    @property
    def play(self) -> PlayMultiples:
        """The ``[play]`` section."""
        ...


class DecisionPrices(Protocol):
    """Exact EVs of every decision per row (hand class or situation class), as a game prices
    them: ``ev[row, code] / denominator`` per unit of Ante."""

    @property
    def denominator(self) -> int:
        """The common denominator of :attr:`ev`."""
        ...

    @property
    def allowed(self) -> npt.NDArray[np.bool_]:
        """``allowed[row, code]``: the decision may be taken, shape (n, 4)."""
        ...

    @property
    def ev(self) -> npt.NDArray[np.int64]:
        """EV numerators of fold, 1x, 2x, 3x, shape (n, 4) (meaningless where not allowed)."""
        ...

    @property
    def tied(self) -> npt.NDArray[np.bool_]:
        """The allowed decisions whose EV equals the optimum exactly, shape (n, 4)."""
        ...


def decision_label(code: int) -> str:
    """``"fold"``, ``"1x"``, ``"2x"``, ``"3x"``.

    Examples
    --------
    >>> decision_label(0), decision_label(3)
    ('fold', '3x')
    """
    return "fold" if code == FOLD else f"{code}x"


def best_decisions(
    ev: npt.NDArray[np.int64], allowed: npt.NDArray[np.bool_]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """The optimal decision of each row and the decisions tied with it, compared exactly.

    Parameters
    ----------
    ev : ndarray of int64, shape (n, 4)
        EV numerators (any common denominator) of fold, 1x, 2x, 3x (or an object array of
        Python integers, :mod:`crazy4.core.exact`). Every row allows at least one decision.
    allowed : ndarray of bool, shape (n, 4)
        Which decisions each row may take.

    Returns
    -------
    decision : ndarray of int64, shape (n,)
        The smallest wager among the best allowed decisions.
    tied : ndarray of bool, shape (n, 4)
        The allowed decisions whose EV equals the best exactly.

    Examples
    --------
    >>> ev = np.array([[-2, -1, 0, 1], [-2, 5, 5, 7]])
    >>> allowed = np.array([[True, True, True, True], [True, True, True, False]])
    >>> decision, tied = best_decisions(ev, allowed)
    >>> decision.tolist(), tied[1].tolist()
    ([3, 1], [False, True, True, False])
    """
    # not-allowed entries take the row's smallest EV, so they never exceed an allowed one (and
    # an object array of Python integers is compared as exactly); whole columns, not rows of four
    columns = ev.shape[1]
    smallest = ev[:, 0]
    for code in range(1, columns):
        smallest = np.minimum(smallest, ev[:, code])
    best = np.where(allowed[:, 0], ev[:, 0], smallest)
    for code in range(1, columns):
        best = np.maximum(best, np.where(allowed[:, code], ev[:, code], smallest))
    tied = np.empty(allowed.shape, dtype=bool)
    for code in range(columns):
        tied[:, code] = allowed[:, code] & (ev[:, code] == best)
    decision = np.zeros(ev.shape[0], dtype=np.int64)
    for code in range(columns - 1, -1, -1):  # the first tied = the smallest wager
        decision[tied[:, code]] = code
    return decision, tied


def optimal_ev(ev: npt.NDArray[np.int64], decision: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """EV numerator of the chosen decision on each row of ``ev``.

    Examples
    --------
    >>> optimal_ev(np.array([[-2, -1, 0, 1], [-2, 5, 5, 7]]), np.array([3, 1])).tolist()
    [1, 5]
    """
    return np.take_along_axis(ev, decision[:, None], axis=1)[:, 0]


def decisions_for_strategy(
    rules: PlayingRules,
    strengths: npt.NDArray[np.int64],
    *,
    play_minimum: int,
    raise_minimum: int,
) -> npt.NDArray[np.int64]:
    """Decision codes of a threshold strategy: fold below ``play_minimum``, raise (the largest
    allowed multiple) from ``raise_minimum``, else 1x.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> decisions_for_strategy(load_rules("crazy4-standard"), np.array([10, 400, 2000]),
    ...                        play_minimum=322, raise_minimum=1496).tolist()
    [0, 1, 3]
    """
    raise_to = max(rules.play.multiples)
    decision = np.where(strengths >= play_minimum, 1, FOLD)
    return np.where(strengths >= raise_minimum, raise_to, decision).astype(np.int64)


def threshold_text(
    rules: PlayingRules, play_from: str, raise_from: str, otherwise: str = "else fold"
) -> str:
    """How :func:`decisions_for_strategy` plays, in words true for the rules: the raise is
    the largest allowed multiple, and there is none when the rules allow only 1x.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> threshold_text(load_rules("crazy4-standard"), "K-Q-8-4+", "pair of aces+")
    '3x pair of aces+, 1x K-Q-8-4+, else fold'
    """
    raise_to = max(rules.play.multiples)
    raised = f"{raise_to}x {raise_from}, " if raise_to > 1 else ""
    return f"{raised}1x {play_from}, {otherwise}"


def allowed_decisions(
    multiples: Sequence[int], raise_minimum: int, strengths: npt.NDArray[np.integer]
) -> npt.NDArray[np.bool_]:
    """Which of fold, 1x, 2x, 3x each strength may take, shape (n, 4): fold always, the rule
    set's Play ``multiples``, those above 1x only from the ``raise_minimum`` strength on.

    Examples
    --------
    >>> allowed_decisions((1, 3), 5, np.array([4, 5])).tolist()
    [[True, True, False, False], [True, True, False, True]]
    """
    allowed = np.zeros((strengths.shape[0], 4), dtype=bool)
    allowed[:, FOLD] = True
    for multiple in multiples:
        allowed[:, multiple] = True if multiple == 1 else strengths >= raise_minimum
    return allowed
