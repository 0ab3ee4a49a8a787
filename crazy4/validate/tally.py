"""What a validation of any game accumulates over the batches of a log (:class:`Tally`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

import numpy as np
import numpy.typing as npt

from crazy4.validate.kernels import (
    dealer_card_counts,
    position_card_counts,
    seat_counts,
)
from crazy4.validate.money import MoneyReading
from crazy4.validate.report import Finding
from crazy4.validate.structure import RoundIds

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
    """One bet's results per unit of base wager: sums for its mean, variance and design effect
    (``round_*``: sums over rounds of ``S_r ** 2``, ``k_r * S_r`` and ``k_r ** 2``, ``k_r`` its
    hands in round ``r`` and ``S_r`` their total).

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> stats = BetStats(exact=SimpleNamespace(mean=Fraction(0), std_dev=1.0))
    >>> stats.add(np.array([1.0, -1.0, 1.0]), np.array([0, 0, 1]), 2)
    >>> stats.n, stats.total, stats.design_effect()
    (3, 1.0, 0.3333333333333333)
    """

    exact: ExactMoments
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    round_squares: float = 0.0
    round_cross: float = 0.0
    round_k2: float = 0.0

    def add(
        self, values: npt.NDArray[np.float64], rounds: npt.NDArray[np.intp] | None, n_rounds: int
    ) -> None:
        """Add the results ``values`` of hands in rounds ``rounds`` (of ``n_rounds``; None:
        each hand is a round, in order)."""
        squares = float((values * values).sum())
        self.n += values.shape[0]
        self.total += float(values.sum())
        self.squares += squares
        if rounds is None:  # k_r = 1 and S_r the hand's result (added to 0.0, as bincount adds)
            self.round_squares += squares
            self.round_cross += float((values + 0.0).sum())
            self.round_k2 += float(values.shape[0])
            return
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


@dataclass
class RoundSequence:
    """Sums over the rounds, in log order, of one value per round and a 0/1 mark of it, for the
    lag-1 serial correlation of the values and the runs test of the marks.

    Examples
    --------
    >>> sequence = RoundSequence()
    >>> sequence.add(np.array([1.0, 2.0]), np.array([False, True]))
    >>> sequence.add(np.array([3.0]), np.array([True]))
    >>> sequence.n, sequence.lagged, sequence.runs, sequence.ones
    (3, 8.0, 2, 2)
    """

    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    lagged: float = 0.0
    last: float | None = None
    runs: int = 0
    ones: int = 0
    last_mark: bool | None = None

    def add(self, values: npt.NDArray[np.float64], marks: npt.NDArray[np.bool_]) -> None:
        """Add the next rounds' values and marks."""
        if values.size == 0:
            return
        x = values.astype(np.float64)
        if self.last is not None:
            self.lagged += self.last * float(x[0])
        self.lagged += float((x[:-1] * x[1:]).sum())
        self.n += x.size
        self.total += float(x.sum())
        self.squares += float((x * x).sum())
        self.last = float(x[-1])
        self.runs += int((marks[1:] != marks[:-1]).sum()) + int(self.last_mark != bool(marks[0]))
        self.ones += int(marks.sum())
        self.last_mark = bool(marks[-1])

    def serial_correlation(self) -> float:
        """The lag-1 serial correlation of the values (0 when they are constant)."""
        if self.n < 3:
            return 0.0
        mean = self.total / self.n
        variance = self.squares / self.n - mean * mean
        if variance <= 0:
            return 0.0
        return (self.lagged / (self.n - 1) - mean * mean) / variance


#: A bet's hands (a row mask; None: every row) and per-unit results, by bet name.
BetValues = dict[str, tuple[npt.NDArray[np.bool_] | None, npt.NDArray[np.float64]]]


@dataclass(kw_only=True)
class Tally:
    """What a validation of any game accumulates: rows, rounds, findings, bets, cards."""

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
    #: How the log records money that is not a net per wager (set by the driver from the
    #: mapping; resolved before the amounts are compared).
    money: MoneyReading = field(default_factory=MoneyReading)
    #: Keep each batch's exact money per row (for :class:`crazy4.validate.checks.BalanceAudit`)
    keep_exact_money: bool = False
    #: The last batch's good rows and the sum of each row's exact nets (money, not units).
    exact_money: tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]] | None = None
    ev_lost: float = 0.0
    bets: dict[str, BetStats] = field(default_factory=dict)
    card_counts: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(52, np.int64))
    cards_dealt: int = 0
    card_variance: float = 0.0  # sum over rounds of k (52 - k) / 51
    hand_counts: dict[str, npt.NDArray[np.int64]] = field(default_factory=dict)
    hand_sizes: dict[str, int] = field(default_factory=dict)
    sequence: RoundSequence = field(default_factory=RoundSequence)
    stat_rows: int = 0
    round_ids: RoundIds = field(default_factory=RoundIds)
    #: The seat of each row of the batch being checked (0 where not a seat number:
    #: :func:`~crazy4.validate.kernels.seat_codes`; None for a log without seats), set by the
    #: driver before each batch.
    row_seats: npt.NDArray[np.int64] | None = None
    #: Per seat: the decisions compared with the strategy and the deviations among them.
    seat_decisions: dict[int, int] = field(default_factory=dict)
    seat_deviations: dict[int, int] = field(default_factory=dict)

    def count_seats(self, compared: npt.NDArray[np.bool_], differs: npt.NDArray[np.bool_]) -> None:
        """Add the batch's compared decisions and deviations (boolean per row) to their seats'
        counts (rows without a readable seat number left out).

        Examples
        --------
        >>> tally = Tally(row_seats=np.array([1, 2, 2, 0]))
        >>> tally.count_seats(np.array([True, True, True, True]),
        ...                   np.array([False, True, True, True]))
        >>> tally.seat_decisions, tally.seat_deviations
        ({1: 1, 2: 2}, {1: 0, 2: 2})
        """
        if self.row_seats is None:
            return
        decided, deviated = seat_counts(self.row_seats, compared, differs)
        for seat in (np.flatnonzero(decided[1:]) + 1).tolist():  # seat 0: no seat number
            self.seat_decisions[seat] = self.seat_decisions.get(seat, 0) + int(decided[seat])
            self.seat_deviations[seat] = self.seat_deviations.get(seat, 0) + int(deviated[seat])

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

    def tally_positions(
        self,
        seat_cards: npt.NDArray[np.intp],
        dealer_cards: npt.NDArray[np.intp],
        strength: npt.NDArray[np.int64],
        keep: npt.NDArray[np.bool_],
        kept_rounds: npt.NDArray[np.bool_],
        starts: npt.NDArray[np.intp],
        round_of_row: npt.NDArray[np.intp],
        pair: int,
    ) -> None:
        """Count the cards of each dealt position and of all in the kept rows and rounds, with
        their finite-population variance (``k (52 - k) / 51`` for ``k`` cards a round), and add
        the kept rounds' dealer strengths (marked: ``pair`` or better) to the sequence."""
        self.stat_rows += int(keep.sum())
        by_place = position_card_counts(seat_cards, keep, starts, round_of_row)
        dealt = dealer_card_counts(dealer_cards, starts, kept_rounds)
        hands = [
            (f"seat {s} hand", by_place[s], seat_cards.shape[1]) for s in range(1, len(by_place))
        ]
        hands.append(("dealer hand", dealt, dealer_cards.shape[1]))
        for name, counts, size in hands:
            if not counts.any():  # no kept hand at this place
                continue
            self.hand_counts[name] = self.hand_counts.get(name, np.zeros(52, np.int64)) + counts
            self.hand_sizes[name] = int(size)
            self.card_counts += counts
        if round_of_row.shape[0] == starts.shape[0]:  # a seat a round
            seats = np.ones(strength.shape[0], dtype=np.int64)
        else:
            seats = np.bincount(round_of_row[keep], minlength=starts.shape[0])[kept_rounds]
        cards_per_round = (seats * seat_cards.shape[1] + dealer_cards.shape[1]).astype(np.float64)
        self.cards_dealt += int(cards_per_round.sum())
        self.card_variance += float((cards_per_round * (52 - cards_per_round) / 51).sum())
        self.sequence.add(strength.astype(np.float64), strength >= pair)

    def add_bets(
        self,
        exact_bets: Mapping[str, ExactMoments],
        values: BetValues,
        round_of_row: npt.NDArray[np.intp],
        n_rounds: int,
    ) -> None:
        """Add each bet's per-unit results (the rows of its mask; None: every row) to its
        accumulator."""
        single = round_of_row.shape[0] == n_rounds  # a row a round: each its own
        for name, (mask, value) in values.items():
            if name not in self.bets:
                self.bets[name] = BetStats(exact=exact_bets[name])
            if mask is None or mask.all():
                self.bets[name].add(value, None if single else round_of_row, n_rounds)
            else:
                self.bets[name].add(value[mask], round_of_row[mask], n_rounds)
