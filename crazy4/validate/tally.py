"""What a validation of any game accumulates over the batches of a log.

:class:`Tally` holds the rows and rounds read, the findings and counts of the well-formed,
settlement and strategy checks, each bet's results (:class:`BetStats`) and the cards dealt;
each game's validator keeps one and adds its own counts beside it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from crazy4.validate.report import Finding

#: Relative and absolute tolerance of logged amounts compared with exact ones.
TOLERANCE = 1e-9


class ExactMoments(Protocol):
    """A bet's exact mean and standard deviation per unit of its base wager (a game's
    reference ``ExactBet``)."""

    @property
    def mean(self) -> Fraction:
        """The exact mean."""
        ...

    @property
    def std_dev(self) -> float:
        """The standard deviation."""
        ...


@dataclass
class BetStats:
    """One bet's results per unit of base wager: sums for its mean, variance and design effect.

    Attributes
    ----------
    exact : ExactMoments
        The exact mean and standard deviation the results are compared with.
    n, total, squares, hits : int or float
        Hands, sum and sum of squares of the results, hands that won.
    round_squares, round_cross, round_k2 : float
        Sums over rounds of ``S_r ** 2``, ``k_r * S_r`` and ``k_r ** 2`` (``k_r`` hands of
        the bet in round ``r``, ``S_r`` their total), for the design effect of hands sharing
        a dealer.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> stats = BetStats(exact=SimpleNamespace(mean=Fraction(0), std_dev=1.0))
    >>> stats.add(np.array([1.0, -1.0, 1.0]), np.array([0, 0, 1]), 2)
    >>> stats.n, stats.total, stats.hits, stats.design_effect()
    (3, 1.0, 2, 0.3333333333333333)
    """

    exact: ExactMoments
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    hits: int = 0
    round_squares: float = 0.0
    round_cross: float = 0.0
    round_k2: float = 0.0

    def add(
        self, values: npt.NDArray[np.float64], rounds: npt.NDArray[np.intp], n_rounds: int
    ) -> None:
        """Add the results ``values`` of hands in rounds ``rounds`` (of ``n_rounds``)."""
        self.n += values.shape[0]
        self.total += float(values.sum())
        self.squares += float((values * values).sum())
        self.hits += int((values > TOLERANCE).sum())
        sums = np.bincount(rounds, weights=values, minlength=n_rounds)
        k = np.bincount(rounds, minlength=n_rounds).astype(np.float64)
        self.round_squares += float((sums * sums).sum())
        self.round_cross += float((k * sums).sum())
        self.round_k2 += float((k * k).sum())

    def design_effect(self) -> float:
        """Variance of the total over rounds relative to independent hands (at least 1e-9)."""
        mu = float(self.exact.mean)
        naive = self.squares - 2 * mu * self.total + self.n * mu * mu
        clustered = self.round_squares - 2 * mu * self.round_cross + mu * mu * self.round_k2
        design = clustered / naive if naive > 0 else 1.0
        return max(design, 1e-9)


#: A bet's hands (a row mask) and per-unit results, by bet name.
BetValues = dict[str, tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]]


@dataclass(kw_only=True)
class Tally:
    """What a validation of any game accumulates (see the module docstring)."""

    rows: int = 0
    rounds: int = 0
    bad_rows: int = 0
    malformed: dict[str, Finding] = field(default_factory=dict)
    settlement_findings: dict[str, Finding] = field(default_factory=dict)
    settled_rows: int = 0
    mismatched_rows: int = 0
    strategy_findings: dict[str, Finding] = field(default_factory=dict)
    strategy_rows: int = 0
    deviations: int = 0
    ev_lost: float = 0.0
    bets: dict[str, BetStats] = field(default_factory=dict)
    card_counts: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(52, np.int64))
    cards_dealt: int = 0
    card_variance: float = 0.0  # sum over rounds of k (52 - k) / 51

    def finding(self, group: dict[str, Finding], what: str) -> Finding:
        """The finding ``what`` of ``group``, added when new.

        Examples
        --------
        >>> tally = Tally()
        >>> tally.finding(tally.malformed, "bad").count += 2
        >>> tally.malformed
        {'bad': Finding(count=2, examples=[])}
        """
        return group.setdefault(what, Finding())

    def tally_cards(
        self, dealt: npt.NDArray[np.intp], kept_rounds: npt.NDArray[np.bool_], n_rounds: int
    ) -> None:
        """Count the cards dealt (``round * 52 + card``) in the rounds kept for statistics."""
        dealt_kept = dealt[kept_rounds[dealt // 52]]
        self.card_counts += np.bincount(dealt_kept % 52, minlength=52)
        cards_per_round = np.bincount(dealt_kept // 52, minlength=n_rounds)[kept_rounds].astype(
            np.float64
        )
        self.cards_dealt += int(cards_per_round.sum())
        self.card_variance += float((cards_per_round * (52 - cards_per_round) / 51).sum())

    def add_bets(
        self,
        exact_bets: Mapping[str, ExactMoments],
        values: BetValues,
        round_of_row: npt.NDArray[np.intp],
        n_rounds: int,
    ) -> None:
        """Add each bet's per-unit results (the rows of its mask) to its accumulator."""
        for name, (mask, value) in values.items():
            if name not in self.bets:
                self.bets[name] = BetStats(exact=exact_bets[name])
            self.bets[name].add(value[mask], round_of_row[mask], n_rounds)


Exact = TypeVar("Exact", bound=ExactMoments)


class ExactBetsCache(Generic[Exact]):
    """A game's exact bets by (reference, strategy), each computed once per process.

    A validation of a small log or of a summary would otherwise spend most of its time on
    them. The reference is kept beside its entry, so its id is not reused while the entry
    lives; the oldest of more than ``size`` entries is dropped.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> cache: ExactBetsCache[BetStats] = ExactBetsCache()
    >>> calls = []
    >>> def compute(decision: npt.NDArray[np.int64]) -> dict[str, BetStats]:
    ...     calls.append(1)
    ...     return {}
    >>> owner, decision = SimpleNamespace(), np.zeros(3, np.int64)
    >>> cache.get(owner, decision, compute) == cache.get(owner, decision, compute), len(calls)
    (True, 1)
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.entries: dict[tuple[int, bytes], tuple[object, dict[str, Exact]]] = {}

    def get(
        self,
        reference: object,
        decision: npt.NDArray[np.int64],
        compute: Callable[[npt.NDArray[np.int64]], dict[str, Exact]],
    ) -> dict[str, Exact]:
        """``compute(decision)`` for ``reference``, from the cache when done before (a copy)."""
        digest = hashlib.sha256(np.ascontiguousarray(decision).tobytes()).digest()
        key = (id(reference), digest)
        if key not in self.entries:
            if len(self.entries) >= self.size:
                del self.entries[next(iter(self.entries))]
            self.entries[key] = (reference, compute(decision))
        return dict(self.entries[key][1])
